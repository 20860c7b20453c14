"""Whether a block says a statement: the entailment judge, with the second looks it is owed.

A block that does not say a claim in so many words may still back it: the whole source of a
capped snippet does (retrieval-augmented verification), the terse record said out in full does
(``bot.dialogue.ellipsis``), or the claim works a number out from it, places a time inside its
span, or names the weekday of "yesterday"; and negation may have to be read for the statement
rather than the word. ``_Judge`` wraps the pluggable ``Entailment`` with these looks and with what
only the answer as a whole tells (the blocks it cites, its other claims), and it decides what
``[self]`` may back: the speaker's feelings and views, and what the persona says of the NPC. Every
pass asks it; it writes no finding itself, so the policy of what is reported stays elsewhere.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from bot.dialogue.arithmetic import accounted
from bot.dialogue.claims import (
    AFFECTIVE, Kind, Sentence, classify, is_exclamation, is_hearsay, narrates, words_of,
)
from bot.dialogue.ellipsis import restated
from bot.dialogue.entailment import Entailment, answered, negated_words, words_of as polarity_words
from bot.dialogue.evidence import EvidenceBlock, EvidencePack, mentions
from bot.dialogue.lexicon import LIGHT
from bot.dialogue.ranges import placed
from bot.dialogue.rendering import anchors_of, denies, misbound, renders
from bot.dialogue.senses import related_to_any, usage
from bot.dialogue.sources import SELF
from bot.dialogue.words import EVALUATIVE, Vocabulary, content_stems, is_anchor, is_negation, raw_tokens, stem
from bot.guard.lexicon.wordclass import verb_codes
from bot.guard.lexicon.words import verb_stems

_FIRST_PERSON_START = re.compile(r"^\W*(?:i|i'm|i've|i'd|i'll|me|my)\b", re.IGNORECASE)
# (a possessive pronoun, "Her father runs the mill", points back to whom the answer is about as
# surely as "she" does)
_CONTINUES = re.compile(r"^\W*(?:it|it's|its|he|he's|she|she's|they|they're|this|that|that's|his|her|their)\b", re.IGNORECASE)
_HABIT = re.compile(r"\b(?:every|each)\s+(?:other\s+)?(?:full\s+moon|new\s+moon|\w+)", re.IGNORECASE)
_STAGE = re.compile(r"\*[^*\n]{1,80}\*|(?<!\w)_[^_\n]{1,80}_(?!\w)")  # "*leans closer*": no words of a claim
# the words of a computation: what a claim that works a number out says besides the numbers
_WORKED = frozenset(stem(w) for w in """total cost costs come comes remain remaining left altogether together sum minus plus times less leaving leaves balance
    make makes making pay each every all from today away hours hour minutes later earlier late early
    about nearly roughly almost little over under just some pounds feet inches miles yards seconds gallons ounces degrees
    day days week weeks month months start beginning quarter quarters half
    journey trip takes take taking leaving leave leaves arriving arrive arrives means mean share shares
    expect expected expecting due
    tomorrow yesterday tonight usable people all""".split())
_COMPARATIVE = re.compile(r"\b(?!(?:rather|other|whether|either|neither|never|ever|after|under|over)\b)([a-z]{3,}er)\s+than\b",
                         re.IGNORECASE)
_PLACING = frozenset(stem(w) for w in """within inside includes include including covered covers during falls fall
    outside beyond closed shut past window span hours range period""".split())
_RELATIVE_DAY = re.compile(r"\b(?:yesterday|today|tomorrow|tonight)\b,?", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.IGNORECASE)
_TODAY = re.compile(r"\btoday\W+(?:is\s+|\(\s*)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
                    re.IGNORECASE)
_UNSAID = 1  # other words of a computed claim the block need not say ("adult")
_STATE_FREE = frozenset({"need", "want"})  # words whose denial says nothing against the claim
_UNNEGATE = re.compile(r"\b(?:not|no|never|none|nobody|nothing|cannot|without|except|nae)\b|n't\b", re.IGNORECASE)
_LONG_STATEMENT = 4  # informative words from which an unnamed statement is a fact, not a mood
_LIGHT_STEMS = frozenset(stem(w) for w in LIGHT)
_AFFECT = frozenset(stem(w) for w in AFFECTIVE | {"distrust", "mistrust", "resent", "pity", "envy", "adore"})


class _Judge:
    """Support checks against blocks, with the retrieval-augmented second look."""

    def __init__(self, pack: EvidencePack, entailment: Entailment, names: frozenset[str]):
        self.pack = pack
        self.entailment = entailment
        self.names = names  # the pack's, and those the speech itself writes as names
        self.rav_resolved: list[str] = []
        # what the speaker's world holds, for a judge that weighs the speaker's own wording less
        self.known = pack.world_stems if getattr(entailment, "weighs_novel_words", False) else None
        self.miscited: dict[int, str] = {}  # sentence index -> the block that does say it
        # whether the judge can read a retelling in other words (WordNet-related words)
        self.paraphrases = bool(getattr(entailment, "paraphrases", False))
        self.speech = ""  # the answer being checked, and its claims: what a computation may use
        self.claims: list[str] = []
        self.cited_ids: set[str] = set()  # the blocks the answer cites anywhere
        self.claim_ids: dict[str, list[str]] = {}  # claim -> every block the citation list cites it to
        self.scoped_claims: set[str] = set()  # supported once negation is read for the statement
        # what the speaker's world is about: its persona and the titles of its documents
        self.setting = _setting(pack)
        self.speaker = _speaker(pack.npc)
        self.initials = _initials_of(pack.npc)

    def score(self, premise: str, claim: str, context: str, loose: bool = False) -> float:
        if loose and self.speaker is not None and self.speaker.search(claim):
            claim = _as_first_person(self.speaker, premise, context, claim)
            if self.initials and _initialled(premise, self.initials, self.speaker):
                claim = _by_initials(self.speaker, self.initials, claim)
        extra: dict[str, object] = {"loose": True, "setting": self.setting} if loose and self.paraphrases else {}
        if self.known is not None:
            return self.entailment.score(premise, claim, context=context, names=self.names, known=self.known, **extra)
        return self.entailment.score(premise, claim, context=context, names=self.names, **extra)

    def supports(self, block: EvidenceBlock, claim: str, loose: bool = True) -> bool:
        """The block says the claim, in its words or (``loose``) in words that can stand for them."""
        threshold = self.entailment.threshold
        if self.score(block.text, claim, block.context, loose) >= threshold:
            return True
        if block.truncated and block.full_text and self.score(block.full_text, claim, block.context, loose) >= threshold:
            self.rav_resolved.append(claim)
            return True
        full = restated(block.full_text or block.text)  # "Mining crews draw 4." said out in full
        if full and self.score(f"{block.full_text or block.text}\n{full}", claim, block.context, loose) >= threshold:
            return True
        return loose and self.paraphrases and self.scoped(block, claim)

    def scoped(self, block: EvidenceBlock, claim: str) -> bool:
        """The block says the claim once negation is read for the statement rather than the word
        ("there are no sailings on Sundays" from "sails daily except Sundays"): with negations set
        aside it is supported, and it denies exactly when the statement of the block it matches
        denies."""
        threshold = self.entailment.threshold
        plain = _UNNEGATE.sub(" ", claim)
        for text in dict.fromkeys((answered(block.text), answered(block.full_text or block.text))):
            lines = [x for x in re.split(r"(?<=[.!?])\s+|\n", text) if x.strip()]
            stripped = _UNNEGATE.sub(" ", text)
            if stripped == text and plain == claim:
                continue  # no negation on either side: the strict reading already decided
            if self.score(stripped, plain, block.context, True) < threshold:
                continue
            # every statement of the block that shares a word with the claim and denies
            # something must deny as the claim does ("Nobody answered it" against "answered twice")
            mine = set(words_of(plain))
            denying = [x for x in lines if mine & set(words_of(_UNNEGATE.sub(" ", x))) and denies(x)]
            if all(denies(x) == denies(claim) for x in denying) and (denying or not denies(claim)):
                self.scoped_claims.add(claim)
                return True
        return False

    def denied_anchor(self, block: EvidenceBlock, claim: str) -> str:
        """A word the claim affirms that the block only ever denies, in statements that deny
        ("sails on Sundays" against "daily except Sundays", "someone answered the lamp" against
        "Nobody answered the lamp"; not "may not enter without a permit", which affirms a need);
        "" when there is none."""
        if denies(claim):
            return ""
        said = _denials(block.full_text or block.text)
        for w in polarity_words(claim):
            if not w.negated and w.stem not in _STATE_FREE and said.get(w.stem) == {True}:
                return w.stem
        return ""

    def supports_all(self, blocks: list[EvidenceBlock], claim: str) -> bool:
        """One of ``blocks`` says it, or they do together (a sentence citing E1 and E2)."""
        if any(self.supports(b, claim) for b in blocks):
            return True
        if len(blocks) < 2:
            return False
        context = "; ".join(b.context for b in blocks)
        if self.score("\n".join(b.text for b in blocks), claim, context, True) >= self.entailment.threshold:
            return True
        if self.score("\n".join(b.full_text for b in blocks), claim, context, True) >= self.entailment.threshold:
            self.rav_resolved.append(claim)
            return True
        return False

    def renders(self, sentence: Sentence, claims: list[str], blocks: list[EvidenceBlock], own: list[str]) -> bool:
        """The sentence says, in the speaker's words, what supported claims mapped to it say
        (``bot.dialogue.rendering``); the speaker's style and its ``[self]`` claims are its voice."""
        if not claims:
            return False
        voice = frozenset(content_stems(" ".join([self.pack.voice, *own])))
        premises = [t for b in blocks for t in (b.text, b.full_text, b.context) if t]
        whole = _said(sentence.clean)
        return renders(sentence.facts or sentence.clean, claims, premises, self.names, voice, whole)

    def computed(self, block: EvidenceBlock, claim: str) -> bool:
        """The claim's new numbers are worked out from the block and the conversation
        (``bot.dialogue.arithmetic``), and it says little else the block does not: "one adult
        and two children cost six shillings in total" from "Fare: 3 shillings; children half"."""
        premise = block.full_text or block.text
        # a claim cited to several blocks ("late 35 minutes on 04:50: 05:25" to the timetable and
        # the telegram) is worked out from all of them together
        for other_id in self.claim_ids.get(claim, ()):
            other = self.pack.block(other_id) if other_id != block.id else None
            if other is not None and other_id != SELF:
                premise = f"{premise}\n{other.full_text or other.text}"
        others = [c for c in self.claims if c != claim]
        # (the conversation's words, read only when a sum may use an amount they name)
        if not accounted(claim, premise, given=self.pack.question,
                         mentions=lambda: content_stems(" ".join([self.speech, *self.claims])), totals=others):
            return False
        held = Vocabulary.of(f"{premise}\n{block.context}\n{self.pack.question}\n{self.pack.voice}")
        # a comparative set against another figure is the difference worked out ("five degrees
        # warmer than the 12th"), however the document words the two figures
        compared = {stem(m.group(1)) for m in _COMPARATIVE.finditer(claim)}
        unsaid = [w for w in words_of(claim) if not w[:1].isdigit() and w not in _WORKED and w not in compared
                  and not held.has(w) and not related_to_any(w, held.stems)]
        return len(unsaid) <= _UNSAID

    def worked_out(self, blocks: list[EvidenceBlock], claim: str) -> EvidenceBlock | None:
        """The block of ``blocks`` the statement works its numbers out from, or places its time
        in ("Twelve hours, eight to eight.", "So nine may be poured"): a sentence may do the sum
        its claim did, or one no claim spells out, from what the answer cites."""
        if not any(t[:1].isdigit() for t in raw_tokens(claim)):
            return None
        for block in blocks:
            if self.computed(block, claim) or self.placed(block, claim):
                return block
        if len(blocks) > 1:  # a sentence citing two blocks may work its number out from both
            together = replace(blocks[0], text="\n".join(b.text for b in blocks),
                               full_text="\n".join(b.full_text or b.text for b in blocks))
            if self.computed(together, claim):
                return blocks[0]
        return None

    def dated(self, block: EvidenceBlock, claim: str) -> bool:
        """"Yesterday, Tuesday, the river stood at 5 ft 9 in": a claim that names the weekday
        beside "yesterday" or "tomorrow" is held to the weekday, which the block can say."""
        relative, named = _RELATIVE_DAY.search(claim), _WEEKDAY.findall(claim)
        if not (relative and len(named) == 1):
            return False
        # and the weekday is that day, where the evidence says what today is
        days = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
        shift = {"yesterday": -1, "tomorrow": 1}.get(relative.group(0).strip(" ,").casefold(), 0)
        for b in self.pack.facts:
            today = _TODAY.search(b.full_text or b.text)
            if today and days[(days.index(today.group(1).casefold()) + shift) % 7] != named[0].casefold():
                return False
        return self.supports(block, re.sub(r"\s+", " ", _RELATIVE_DAY.sub(" ", claim)).strip(" ,"))

    def placed(self, block: EvidenceBlock, claim: str) -> bool:
        """The claim puts a time, day or month inside or outside a span the block (or the answer's
        other claims) gives, rightly (``bot.dialogue.ranges``), and says little else the block
        does not: "midnight falls inside that window"."""
        premise = block.full_text or block.text
        others = [c for c in self.claims if c != claim]
        if not placed(claim, [premise, *others]):
            return False
        held = Vocabulary.of(f"{premise}\n{block.context}\n{self.pack.question}\n" + "\n".join(others))
        unsaid = [w for w in words_of(claim) if not w[:1].isdigit() and w not in _PLACING
                  and not held.has(w) and not related_to_any(w, held.stems)]
        return len(unsaid) <= _UNSAID + 1

    def misbound(self, sentence: Sentence, claims: list[str]) -> bool:
        """The sentence says of its names or numbers what the claims say only of others."""
        whole = _said(sentence.clean)
        voice = frozenset(content_stems(self.pack.voice))
        return misbound(whole, [a for a in anchors_of(whole, self.names) if a not in voice], claims, self.names, voice,
                        _own_names(self.pack))

    def contradicted_by(self, blocks: list[EvidenceBlock], sentence: str) -> EvidenceBlock | None:
        """The cited block that says the opposite of the sentence, if the judge can tell."""
        check = getattr(self.entailment, "contradicts", None)
        if check is None:
            return None
        for block in blocks:
            if check(block.full_text or block.text, sentence, names=self.names):
                return block
        return None

    def any_block(self, claim: str, exclude: set[str], loose: bool = True) -> EvidenceBlock | None:
        for block in self.pack.facts:
            if block.id not in exclude and self.supports(block, claim, loose):
                return block
        return None

    def world_fact(self, text: str, claim: bool = False) -> bool:
        """A fact about the world that ``[self]`` cannot back: it names something exact (a name,
        a number, a date) that the persona does not, or a document says it (then the document is
        what to cite), or it is a long statement about others that the persona does not make
        ("maxwell keeps a spare key under the brick by the door"). The speaker's feelings and
        opinions ("the heat is unbearable"), and what the persona says of them ("I grew up on
        Pearl"), are the self block's to back."""
        if claim:  # the citation list speaks of the NPC as "she" or "he" ("she would avoid the fifth floor")
            text = _pronoun_as_self(text, _pronoun(self.pack.self_block.text if self.pack.self_block else ""))
            text = _own_view(self.pack.npc, text)
        text = _in_own_voice(self.pack.npc, text)  # "Yusuf distrusts Amghar" is "I distrust Amghar"
        reading = classify(text, self.names)
        if reading.kind not in (Kind.FACT, Kind.FRAGMENT):
            return False
        stated = reading.facts or text
        if _feeling(text) and not any(c.isdigit() for c in text):
            return False  # "I regret his late habits", "the damage grieves me": a feeling about a thing
        if _WISH.match(text) and self.any_block(stated, set(), loose=False) is None:
            return False  # "God forgive a small untruth", "may your fingers not tire": a wish, not a state
        if _COUNTERFACTUAL.match(text) and self.any_block(stated, set(), loose=False) is None:
            return False  # "I'd sleep better with six": what the speaker would do, not what is
        if _STANCE_FRAME.search(text) and not any(c.isdigit() for c in text) \
                and self.any_block(stated, set(), loose=False) is None:
            return False  # "in my view the coach is as safe as any": a view no document states
        if _GUESS.search(text) and not any(c.isdigit() for c in text) \
                and self.any_block(stated, set(), loose=False) is None:
            return False  # "the shipment is probably illicit": a guess said as one, which no document makes
        judged = _judged_words(stated)
        if judged and not any(c.isdigit() for c in text) and not self.judged_by_block(judged, stated):
            # "Siano is a genius", "the best night of the week": a value no document gives
            return False
        own = set(words_of(self.pack.npc))
        me = self.pack.self_block
        persona = Vocabulary.of(me.text) if me else Vocabulary.of("")
        words = [w for w in words_of(stated) if w not in own]
        habitual = set(words_of(" ".join(_HABIT.findall(stated))))  # "every full moon": a habit, not a date
        if _speakers_clause(text) and not any(c.isdigit() for c in text) and not any(w in self.names for w in words):
            return False  # "Walk carefully in the east": advice, not where anything is
        if any(is_anchor(w, self.names) and not persona.has(w) and w not in habitual for w in words):
            return True  # "alice cracked the pentagon in 1995", "Wednesday through Sunday nights"
        substance = [w for w in words if w not in EVALUATIVE and w not in _LIGHT_STEMS]
        if reading.kind is Kind.FRAGMENT and (len(substance) < 2 or any(w in _AFFECT for w in words)):
            return False  # "poor things", "long enough to distrust dwarven promises": a feeling
        if _FIRST_PERSON_START.match(stated):
            return False  # "i work for whoever pays", "i grew up on Pearl": the speaker on themself
        if self.any_block(stated, set(), loose=False) is not None:
            return True  # what a document says is the document's to back
        if len(substance) < _LONG_STATEMENT:
            return False  # "the heat is unbearable": a mood
        return sum(persona.has(w) for w in substance) * 2 < len(substance)

    def judged_by_block(self, judged: list[str], stated: str) -> bool:
        """A document gives the value: one that says the word of value says the statement. A word
        a document uses in another sense ("the Michaelmas fair") is no judgement of it ("a fair
        day's work")."""
        if not any(self.pack.knows_word(stem(w)) for w in judged):
            return False
        return any(any(Vocabulary.of(b.text).has(stem(w)) for w in judged) and self.supports(b, stated, loose=False)
                   for b in self.pack.facts)

    def denial(self, sentence: Sentence) -> bool:
        """A negative statement about something none of the NPC's sources mention ("it is not in
        our collection"): the closed world speaking, not an invention."""
        if not any(is_negation(t) for t in raw_tokens(_without_names(sentence.clean))):
            return False  # ("a warez board called Lost Signal" denies nothing: "lost" is a name's)
        if sentence.anchors:  # "never logged any Lorelei": only what nothing mentions is named
            return all(mentions([a], self.pack.unknown) for a in sentence.anchors)
        stated = sentence.facts or sentence.clean
        if not any(self.pack.knows_word(w) for w in words_of(stated)):
            return True
        # "the tomatoes don't complain": what is denied is something no document says at all
        denied = [w.stem for w in negated_words(stated) if w.stem.isalpha()]
        return bool(denied) and not any(self.pack.knows_word(w) or self.pack.asked.has(w) for w in denied)

    def persona_says(self, text: str) -> bool:
        """The NPC's persona states it ("I have crossed the Waste forty times")."""
        me = self.pack.self_block
        return bool(me) and self.score(me.text, text, me.context) >= self.entailment.threshold

    def topical_event(self, text: str) -> bool:
        """The text tells of an event ("the duke arrives", "corp security raided the spot")."""
        return narrates(text) or is_hearsay(text)

    def topical(self, sentence: Sentence) -> bool:
        """Whether an unnamed statement is about what the conversation is about: it continues
        its subject ("it also encrypts your calls"), or touches what the NPC's documents or the
        question concern. An invented event there is a claim; a proverb about sand is flavour."""
        if _CONTINUES.match(sentence.facts or sentence.clean) or is_hearsay(sentence.clean):
            return True
        if narrates(sentence.facts or sentence.clean):
            return True  # "corp security raided the pickup spot": an event is a claim
        stated = words_of(sentence.facts or sentence.clean)
        return any(self.pack.knows_word(w) or self.pack.asked.has(w) for w in stated)


_NAME_PART = re.compile(r"[A-Z][a-z'-]{2,}")
_OWN_VOICE = {"is": "am", "has": "have", "was": "was", "does": "do"}
_PARTICLE = r"(?:\s+(?:ibn|bin|bint|de|van|von|al|la|le|du|da|di|del|der|ter))?"


# a thought whose "I" the speaker leaves out ("Thought it was Judgment Day", "Reckon he'll pay")
_THINKING_START = re.compile(r"^\W*(?:thought|figured|reckoned|felt|guessed|hoped|feared|wondered|reckon|guess|hope"
                             r"|suppose|bet)\b", re.IGNORECASE)


def _speakers_clause(text: str) -> bool:
    """The sentence has no subject: advice to the listener ("Walk carefully in the east", "Mind
    the third step") or a thought whose "I" is left out. Either is the speaker's, not a fact about
    the world (what names or numbers it holds was asked before)."""
    if _THINKING_START.match(text):
        return True
    tokens = raw_tokens(text)
    if len(tokens) < 2 or tokens[0].endswith(("ed", "s")):
        return False
    return usage(tokens[0]) == "verb" and usage(tokens[1]) != "verb" and tokens[1] not in _AUXILIARIES


_AUXILIARIES = frozenset("is are was were be been has have had do does did will would can could shall should may might "
                         "must".split())


@lru_cache(maxsize=512)
def _own_subject(npc: str) -> re.Pattern[str] | None:
    """The speaker's names opening a statement as its subject (not "Yusuf's camels"), and the verb
    after them."""
    parts = _NAME_PART.findall(npc or "")
    if not parts:
        return None
    name = "(?:" + "|".join(map(re.escape, parts)) + ")"
    return re.compile(rf"^\W*{name}(?:{_PARTICLE}\s+{name})*(?!')\s+"
                      r"((?:(?:also|still|really|often|always|never|truly|only)\s+)?)([a-z]+)\b")


_PRONOUNS = {"she": re.compile(r"\b(?:she|her|hers|herself)\b", re.IGNORECASE),
             "he": re.compile(r"\b(?:he|him|his|himself)\b", re.IGNORECASE)}


@lru_cache(maxsize=512)
def _pronoun(persona: str) -> str:
    """The pronoun the persona gives the NPC ("she", "he"); "either" when it gives none (a
    persona written as a list of traits, "Quartermaster of Kestrel-9; dry, hates waste", leaves
    the citation list free to say "she" or "he" of the NPC), "" when it gives both."""
    counts = {p: len(rx.findall(persona)) for p, rx in _PRONOUNS.items()}
    if counts["she"] and not counts["he"]:
        return "she"
    if counts["he"] and not counts["she"]:
        return "he"
    return "" if counts["she"] else "either"


_OPENING_PRONOUN = re.compile(r"^\W*(she|he)\s+((?:(?:also|still|really|often|always|never|only|would|will|'d)\s+)*)"
                              r"([a-z]+)\b", re.IGNORECASE)


def _pronoun_as_self(text: str, pronoun: str) -> str:
    """A ``[self]`` claim opening with the persona's own pronoun is the NPC speaking of themself:
    "she would avoid the fifth floor" is "I would avoid the fifth floor". Names and numbers in the
    rest are read as they stand."""
    m = _OPENING_PRONOUN.match(text)
    if not pronoun or m is None or (m.group(1).casefold() != pronoun and pronoun != "either"):
        return text
    verb = m.group(3)
    if m.group(2):
        return f"I {m.group(2)}{verb}{text[m.end():]}"
    return f"I {_base(verb)}{text[m.end():]}"


def _own_view(npc: str, text: str) -> str:
    """"in Lou's view" said of the speaker Lou is "in my view"."""
    for part in _NAME_PART.findall(npc or ""):
        text = re.sub(rf"\b(in|to)\s+{re.escape(part)}'s\s+(view|opinion|mind|eyes|book)\b", r"\1 my \2", text)
    return text


def _base(verb: str) -> str:
    """The verb as "I" says it: "prefers" -> "prefer", "is" -> "am"."""
    if verb in _OWN_VOICE:
        return _OWN_VOICE[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us")):
        return verb[:-1]
    return verb


def _in_own_voice(npc: str, text: str) -> str:
    """A ``[self]`` claim that names the speaker as its subject ("Dex approves of NIGHTOWL",
    "Yusuf distrusts Amghar") is the speaker speaking of themself, as "I": the citation list is
    written about the NPC, the speech in the NPC's voice. Only the subject is turned, and its verb
    with it; the rest is read as it stands, so a name or number in it is still a fact."""
    subject = _own_subject(npc)
    m = subject.match(text) if subject is not None else None
    if m is None:
        return text
    return f"I {m.group(1)}{_base(m.group(2))}{text[m.end():]}"


# A capitalised word inside a sentence: part of a name, whatever it means in lower case.
_NAME_WORD = re.compile(r"(?<=\s)[A-Z][a-z][\w'-]*")


def _without_names(text: str) -> str:
    """The sentence with the capitalised words inside it left out, for reading its grammar."""
    return _NAME_WORD.sub(" ", text)


@lru_cache(maxsize=512)  # (built for every answer's judge: one per NPC)
def _speaker(npc: str) -> re.Pattern[str] | None:
    """The speaker's own names, as a retelling names them in place of "I" ("Yusuf hired the
    guide" for the ledger's "Hired the guide")."""
    parts = _NAME_PART.findall(npc or "")
    return re.compile(r"\b(?:" + "|".join(map(re.escape, parts)) + r")(?:'s)?\b") if parts else None


# the title a persona opens with, up to its first stop or preposition ("Parakoimomenos (chief
# chamberlain) of the Great Palace", "Harbourmaster at Valparaiso")
_OPENING_TITLE = re.compile(r"^\W*((?:[A-Z][\w'-]*\s*){1,3})(?=[(,;:.]|\s+(?:of|on|at|in|for|to|and|from)\b|$)")


def _own_names(pack: EvidencePack) -> frozenset[str]:
    """The stems by which documents name the speaker: the NPC's name and the title its persona
    opens with, where that title is a name of the world."""
    if "own_names" in pack.memo:
        return pack.memo["own_names"]
    me = pack.self_block
    found = {stem(p.lower()) for p in _NAME_PART.findall(pack.npc or "")}
    opening = _OPENING_TITLE.match(me.text if me else "")
    if opening:
        found |= {s for s in (stem(w.lower()) for w in opening.group(1).split()) if s in pack.names}
    pack.memo["own_names"] = frozenset(found)
    return pack.memo["own_names"]


@lru_cache(maxsize=512)
def _initials_of(npc: str) -> str:
    """The speaker's initials ("HB" of Halvard Brekke), as a log or a roster marks its own hand."""
    parts = _NAME_PART.findall(npc or "")
    return "".join(p[0] for p in parts) if len(parts) >= 2 else ""


@lru_cache(maxsize=4096)
def _initialled(premise: str, initials: str, pattern: re.Pattern[str]) -> bool:
    """The document marks the speaker by initials ("delivered by hand (HB)") and never names them."""
    dotted = r"\.?".join(initials)
    return pattern.search(premise) is None and re.search(rf"\b{dotted}\b\.?", premise) is not None


def _by_initials(pattern: re.Pattern[str], initials: str, claim: str) -> str:
    """A claim naming the speaker ("Brekke delivered it"), read with the initials the document
    marks the speaker by ("delivered by hand (HB)"): one person, two spellings."""
    return re.sub(rf"(?:{pattern.pattern}\s+)*{pattern.pattern}", initials, claim)


@lru_cache(maxsize=4096)
def _unnamed(premise: str, context: str, pattern: re.Pattern[str]) -> bool:
    return pattern.search(premise) is None and pattern.search(context) is None and _FIRST_PERSON.search(premise) is not None


_FIRST_PERSON = re.compile(r"\b(?:I|me|my|mine|myself)\b")


def _as_first_person(pattern: re.Pattern[str], premise: str, context: str, claim: str) -> str:
    """A claim about the speaker, read against a document that never names the speaker but
    speaks as "I": the speaker's own note ("I have them under the boathouse floor. Said nothing
    to Reid."), so the name is the note's "I". A document that names the speaker keeps the name
    to the letter (there the speaker is one person among others), and so does one with no "I"
    (whose unsaid subject may be anyone)."""
    if not _unnamed(premise, context, pattern):
        return claim
    return re.sub(r"\s{2,}", " ", pattern.sub(" ", claim)).strip()


def _setting(pack: EvidencePack) -> frozenset[str]:
    """What the speaker's world is about and its documents leave unsaid: the words of its persona
    and of its documents' titles that no document's text says ("the museum" of a curator whose
    gallery guide says only "Closed Mondays"). A word a document does say ("the cellar") is that
    document's to back."""
    if "setting" in pack.memo:
        return pack.memo["setting"]
    me = pack.self_block
    about = f"{pack.npc}\n{me.text if me else ''}\n" + "\n".join(b.context for b in pack.facts)
    found = _setting_of(about, tuple(s.text for s in (*pack.visible, *pack.withheld) if s.id != SELF))
    pack.memo["setting"] = found
    return found


@lru_cache(maxsize=512)
def _setting_of(about: str, texts: tuple[str, ...]) -> frozenset[str]:
    # each document's words are read once and kept: an NPC's memory grows by a note per
    # conversation, and the whole shelf must not be read again for it
    return frozenset(w for w in content_stems(about) if w.isalpha() and not _said_in(w, texts))


@lru_cache(maxsize=65536)
def _said_in(word: str, texts: tuple[str, ...]) -> bool:
    """Whether a document of ``texts`` says the stem: memoised, as the persona's and the titles'
    words come back in the setting of every question to the NPC, whichever blocks it retrieves."""
    return any(Vocabulary.of(t).has(word) for t in texts)


# The speaker's own stance, said as one: a view, a hunch, a feeling about something ("I have no
# reason to doubt him", "the damage grieves me"). With no number in it, it is the self block's.
_STANCE_FRAME = re.compile(
    r"\b(?:in\s+my\s+(?:view|opinion|book|eyes|experience|judgement|judgment)|to\s+my\s+mind|if\s+you\s+ask\s+me"
    r"|i\s+(?:reckon|think|believe|feel|suspect|guess|bet|figure|wager)"
    r"|i(?:'ve|\s+have|\s+see|\s+had)?(?:\s+got)?\s+no\s+(?:reason|cause)\s+to\s+\w+)\b", re.IGNORECASE)
# A guess said as one: what the speaker supposes, not what is ("the knocking is probably settling
# rock", "R.D. could be Ray Dolan")
_GUESS = re.compile(r"\b(?:probably|likely|possibly|perhaps|maybe|presumably|doubtless|(?:could|might|may|must)\s+(?:well\s+)?be)\b",
                    re.IGNORECASE)
# A judgement: what the statement says of its subject is a value, not a state of the world ("the
# best night of the week", "worth the difference", "a genius", "ought to be kept quiet").
_JUDGED = frozenset(EVALUATIVE | {"worth", "worthwhile", "agreeable", "disagreeable", "genius", "hero", "fool",
                                  "saint", "legend", "disgrace", "treasure", "marvel", "shame", "pity", "joy",
                                  "pleasure", "blessing", "curse", "nuisance", "menace", "artist", "master",
                                  # what one calls a person one likes or does not ("Eddie's a sweetheart")
                                  "sweetheart", "darling", "angel", "gem", "peach", "doll", "brick", "rascal",
                                  "rogue", "scoundrel",
                                  # and the traits one gives a person ("Dolan is a tightwad", "Hale is two-faced")
                                  "tightwad", "miser", "skinflint", "cheapskate", "two-faced", "stingy", "greedy",
                                  "generous", "honest", "dishonest", "liar", "crook", "cheat", "swindler", "coward",
                                  "cowardly", "brave", "wise", "holy", "foolish", "cruel", "kind", "gentle", "harsh",
                                  "slow", "shrewd", "cunning", "sly", "crafty", "vain", "humble", "pious", "devout",
                                  "braggart", "busybody", "snob", "drunkard", "sot", "blowhard", "windbag", "skittish",
                                  "transient", "fickle", "honourable", "honorable", "dishonourable", "spineless",
                                  "trusted", "relied"})  # ("not to be trusted", "not to be relied on")
_COPULA_THEN = re.compile(r"\b(?:is|was|are|were|be|'s|'re|seems?|looks?|makes?)\s+((?:[\w'-]+\s+){0,4}[\w'-]+)",
                          re.IGNORECASE)
_RANKING = frozenset({"better", "best", "worse", "worst", "finest", "greatest"})
_OUGHT = re.compile(r"\b(?:ought\s+to|should|deserves?\s+to)\b", re.IGNORECASE)


def _judged_words(text: str) -> list[str]:
    """The words by which the statement judges its subject: a word of value in its predicate
    ("Saturday is the best night", "Siano is a genius", "second class is worth the difference"),
    or what ought to be ("Sunday ought to be kept quiet"); none for a statement of fact."""
    ought = _OUGHT.search(text)
    if ought:
        return [ought.group(0).split()[0].casefold()]
    first = re.match(r"^\W*(?:(?:much|far|all\s+the)\s+)?([\w']+)", text)
    if first and first.group(1).casefold() in _JUDGED and first.group(1).casefold() in _RANKING:
        return [first.group(1).casefold()]  # "Better that than the barber's bowl", "Best crew on the Ring"
    # (every copula: a possessive "'s" reads as one, "Hank's eyesight is not to be relied on")
    judged: list[str] = []
    m = _COPULA_THEN.search(text)
    while m:
        judged += [w for w in (x.casefold().strip("'") for x in m.group(1).split()) if w in _JUDGED or _graded(w)]
        m = _COPULA_THEN.search(text, m.start() + 1)
    return list(dict.fromkeys(judged))


def _graded(word: str) -> bool:
    """A word of value graded ("finer", "nicest"): "there is no finer paper" judges the paper."""
    for ending in ("er", "est", "r", "st"):
        if word.endswith(ending) and len(word) > len(ending) + 2 and word[: -len(ending)] in EVALUATIVE:
            return True
    return False


# a wish or a prayer: what the speaker asks of fate, not what is ("God forgive...", "may it hold")
_WISH = re.compile(r"^\W*(?:(?:god|heaven|allah|lord|saints?|fortune)\s+(?:forgive|help|keep|grant|bless|willing|save|spare"
                   r"|protect|preserve|send|give|be\s+thanked)|may\s+(?:god|heaven|you|your|it|they|he|she|the|we)\b"
                   r"|if\s+god\s+wills?|god\s+willing|would\s+that|pray\s+that|let\s+us\s+hope)", re.IGNORECASE)
# the speaker's own conditional: what they would do or prefer ("I'd sleep better with six")
_COUNTERFACTUAL = re.compile(r"^\W*" + r"(?:[A-Za-z]+,\s+)?" + r"(?:i'd|i\s+would|i\s+should|we'd|we\s+would)\b", re.IGNORECASE)


# a form of address before the statement ("Honey, I adore Blondie"): one word and a comma
_VOCATIVE = r"(?:[A-Za-z]+,\s+)?"
_FEELING_START = re.compile(
    r"^\W*" + _VOCATIVE + r"(?:(?:oh,?\s+)?how\s+)?(?:i|we)(?:\s+|(?='))(?:(?:do|don't|really|truly|still|must|cannot|can't|always|never|deeply|rather|quite)\s+)*"
    r"(?:regret|adore|love|like|dislike|hate|loathe|detest|dread|fear|distrust|mistrust|doubt|disapprove|approve"
    r"|admire|pity|envy|resent|enjoy|despise|prefer|worry|miss|advise|recommend|deplore|cherish|relish|abhor"
    r"|(?:am|'m|feel)\s+(?:\w+\s+)?(?:sorry|scared|afraid|glad|sad|angry|proud|fond|wary|worried|fearful|happy"
    r"|pleased|sick|tired|grieved|ashamed))\b"
    r"|^\W*my\s+(?:hunch|guess|view|opinion|feeling|bet|sense|gut|belief|advice)\b", re.IGNORECASE)
_FEELING_END = re.compile(
    r"\b(?:satisf|griev|anger|anger|pleas|delight|worr|troubl|sadden|frighten|scar|annoy|bother|irk|disgust|amus"
    r"|thrill|sicken|vex|gladden|pain|hurt|madden|bor)\w*\s+me(?:\s+(?:sorely|deeply|greatly|much|so|terribly))?"
    # ... and a feeling weighed against another: "the fever frightens me more than any Spaniard"
    r"(?:\s+(?:more|less|worse)\s+than\s+[\w' -]{1,40})?\W*$",
    re.IGNORECASE)


def _feeling(text: str) -> bool:
    """The statement is the speaker's feeling about something ("I adore tourneys", "it grieves me",
    "I don't fancy her", "I still feel that day in my heart"): a feeling phrase, or the speaker as
    the subject of a verb whose commonest senses are WordNet's verbs of emotion."""
    if _FEELING_START.match(text) or _FEELING_END.search(text):
        return True
    felt = _FELT.match(text)
    if felt and _moved(felt.group(1).casefold()):
        return True  # "I am frightened of the Ten", "we were so worried": a state of feeling
    first = _FIRST_PERSON_VERB.match(text)
    if first is None:
        return False
    verb = first.group(1).casefold()
    return verb not in _DESIRE and any("m" in verb_codes(v)[:2] for v in (verb, *verb_stems(verb)))


# the speaker in a state ("I am frightened", "we were terribly worried", "I feel ashamed")
_FELT = re.compile(
    r"^\W*" + _VOCATIVE + r"(?:oh,?\s+)?(?:i|we)(?:\s+am|'m|\s+are|'re|\s+was|\s+were|\s+feel|\s+felt|\s+get|\s+got|\s+grow"
    r"|\s+grew|\s+become|\s+became)\s+(?:(?:so|very|quite|truly|rather|terribly|deeply|a\s+little|a\s+bit|still|always"
    r"|never|not|most|sorely|greatly|half)\s+)*([a-z]+)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _moved(word: str) -> bool:
    """A participle of a verb whose commonest sense is WordNet's of emotion ("frightened",
    "terrified", "delighted", "annoyed"): what the speaker is when so moved."""
    if not word.endswith("ed") or len(word) < 5:
        return False
    return any(verb_codes(v)[:1] == "m" for v in verb_stems(word))


_FIRST_PERSON_VERB = re.compile(
    r"^\W*" + _VOCATIVE + r"(?:oh,?\s+)?(?:i|we)\s+(?:(?:do|don't|do\s+not|really|truly|still|always|never|deeply|rather"
    r"|quite|so|just|sorely|will|shall|'ll)\s+)*([a-z]+)\b", re.IGNORECASE)
_DESIRE = frozenset({"want", "wants", "wanted", "need", "needs", "needed"})  # a demand, not a feeling


_STATEMENT_BREAK = re.compile(r"(?<=[.!?])\s+|\n")


@lru_cache(maxsize=1024)
def _denials(text: str) -> dict[str, frozenset[bool]]:
    """For each stem of a block, whether each statement saying it denies it: read once per block
    (``denied_anchor`` asks it of every claim cited to the block, in every answer). Read only."""
    said: dict[str, set[bool]] = {}
    for statement in _STATEMENT_BREAK.split(answered(text)):
        denying = denies(statement)
        for w in polarity_words(statement):
            said.setdefault(w.stem, set()).add(w.negated and denying)
    return {k: frozenset(v) for k, v in said.items()}


_ASIDE_BREAK = re.compile(r"(,\s*|;\s*)")


def _said(clean: str) -> str:
    """A sentence without its stage directions, asides ("God be thanked") and conditions ("if one
    can call it that"): what it states."""
    parts = _ASIDE_BREAK.split(_STAGE.sub(" ", clean))
    return "".join(p for p in parts if not is_exclamation(p) and not _CONDITION.match(p)).strip(" ,;")


_CONDITION = re.compile(r"^\W*(?:if|unless|whether)\b", re.IGNORECASE)
