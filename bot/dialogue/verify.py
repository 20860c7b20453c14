"""Check an NPC's answer against the evidence it was given, deterministically.

The model's citations are a map, not the truth: what ships is the speech, so every sentence of the
speech is checked, and so is every claim of the citation list. Findings, all of layer
``dialogue``:

- ``invalid_source``: a cited id is not one of the blocks;
- ``self_misuse``: ``[self]`` backs a fact about the world (it may back only feelings, opinions and
  what the persona says of the NPC): a name, number or date the persona does not hold, or what a
  document says;
- ``not_entailed``: the cited block does not say it, nor does the whole source when the block was a
  capped snippet (retrieval-augmented verification), or it says the opposite;
- ``uncited``: a factual sentence carries no citation and nothing backs it; a warning only for a
  musing that touches nothing the NPC knows or was asked and tells of no event ("the sand keeps
  its secrets"; a story the player asked for), or that a block does back; informational when the
  NPC's own persona says it. A fragment adding to a cited list ("And rum for the keeper.") is
  held to it as a statement; a denial of what no document mentions ("the tomatoes don't
  complain") needs no citation;
- ``trust_leak``: words found only in a document withheld from this player appear (a name or
  number; two words in a short sentence), a value the withheld document quotes is said ('canary
  yellow', in any order), the sentence retells the withheld document (it supports the sentence,
  nothing shareable does), or the withheld document is cited;
- ``unknown_topic``: the speech asserts something about a topic nothing the NPC has mentions, or
  (warning) answers such a topic without saying it does not know.

The citation list is checked strictly and the speech faithfully: each claim against the block it
cites (with retrieval over the whole document, and numbers the claim works out from it: a total, a
remainder, a delay, ``bot.dialogue.arithmetic``), and each speech sentence either against its
blocks or, when the block does not say it in so many words, as a rendering of the supported
claims mapped to it (``bot.dialogue.rendering``): the same names, numbers, colours, days and
directions, the same polarity, nothing added, in whatever voice the NPC speaks. A sentence is
mapped to the claims it holds most of, to a claim whose names and numbers are all its own, or,
for a claim said in other words, to the statement sharing most with it read loosely.

Terse records are read in full before they are judged (``bot.dialogue.ellipsis``: "Mining crews
draw 4." after "each crew member draws 3 ration packs per day"), a claim that places a time, day or
month inside or outside a span is held to the span (``bot.dialogue.ranges``), and ``[self]`` backs
the speaker's feelings and views as such ("I regret his late habits", "in my view the coach is as
safe as any") when they carry no figure and no document states them.

A fact cited to the wrong block is still a blocking finding (the answer broke the rule), but
``grounded_elsewhere`` names the block that says it, so fail-closed keeps the sentence, cited right,
instead of stripping it. A true fact that merely forgot its citation is a warning when the answer cites
its block elsewhere: nothing false would be posted (strict mode repairs it the same way); one from
a block the answer never cites is blocking, as the citation list is what vouches for the answer. What is checked is what a sentence states: a cited sentence is
held to its factual clauses (a greeting or an order around a fact needs no document), and an
uncited one is flagged only when it reads as a statement about the world (``bot.dialogue.claims``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from bot.dialogue.claims import AFFECTIVE, Kind, Reading, Sentence, classify, is_exclamation, is_hearsay, narrates, normalise_id, sentences, words_of
from bot.dialogue.entailment import OVERLAP, Entailment, negated_words, words_of as polarity_words
from bot.dialogue.lexicon import LIGHT
from bot.dialogue.ellipsis import conflicts, restated
from bot.dialogue.evidence import EvidenceBlock, EvidencePack, mentions, speech_names
from bot.dialogue.schema import Citation, DialogueResponse
from bot.dialogue.sources import SELF
from bot.dialogue.arithmetic import accounted
from bot.dialogue.ranges import placed
from bot.dialogue.rendering import anchors_of, bounded, denies, misbound, relabelled, renders, same_anchor
from bot.dialogue.senses import related
from bot.dialogue.words import EVALUATIVE, Vocabulary, content_stems, is_anchor, is_negation, names_in, raw_tokens, same_word, stem
from bot.guard.finding import BLOCK, INFO, WARN, Finding

LAYER = "dialogue"
_FIRST_PERSON_START = re.compile(r"^\W*(?:i|i'm|i've|i'd|i'll|me|my)\b", re.IGNORECASE)
_CONTINUES = re.compile(r"^\W*(?:it|it's|its|he|he's|she|she's|they|they're|this|that|that's)\b", re.IGNORECASE)
_SECRET_SHARE = 3  # two words only a withheld document holds give it away in a sentence of up to 3x as many words
_HALF_TOLD = 0.5  # the support from a withheld document that, with two of its own words, is a leak
_HABIT = re.compile(r"\b(?:every|each)\s+(?:other\s+)?(?:full\s+moon|new\s+moon|\w+)", re.IGNORECASE)
# Asked for a story, the NPC may tell one: what it narrates without a name or number is no claim.
_TELLING = re.compile(r"\b(?:stor(?:y|ies)|tales?|fables?|legends?|jokes?|songs?|poems?|riddles?|parables?|myths?)\b",
                      re.IGNORECASE)
KINDS = ("uncited", "invalid_source", "not_entailed", "self_misuse", "trust_leak", "unknown_topic")
_CLAIM_IN_SENTENCE = 0.5  # share of a claim's words a sentence must hold to be backed by it
_SENTENCE_IN_CLAIM = 0.6  # share of a sentence's words a claim must hold to back it
_STAGE = re.compile(r"\*[^*\n]{1,80}\*|(?<!\w)_[^_\n]{1,80}_(?!\w)")  # "*leans closer*": no words of a claim
# the words of a computation: what a claim that works a number out says besides the numbers
_WORKED = frozenset(stem(w) for w in """total cost costs come comes remain remaining left altogether together sum
    make makes making pay each every all from today away hours hour minutes later earlier
    about nearly roughly almost little over under just some pounds feet inches miles yards seconds gallons ounces
    journey trip takes take taking leaving leave leaves arriving arrive arrives means mean share shares
    tomorrow yesterday tonight usable people all""".split())
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


@dataclass(slots=True)
class Verdict:
    findings: list[Finding]
    sentences: list[Sentence]
    claim_sentences: list[list[int]]  # for each citation, the sentences it backs
    cited: dict[int, set[str]]  # sentence index -> valid evidence ids backing it
    rav_resolved: list[str] = field(default_factory=list)  # claims a snippet missed, its source backs
    grounded_elsewhere: dict[int, str] = field(default_factory=dict)  # uncited or miscited, this block says it

    @property
    def blocking(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == BLOCK]

    def bad_sentences(self, strict: bool = False) -> set[int]:
        """Indices of sentences holding a blocking finding (a warning too, in strict mode)."""
        bad: set[int] = set()
        for f in self.findings:
            if f.start < 0 or not (f.severity == BLOCK or (strict and f.severity == WARN)):
                continue
            bad.update(i for i, s in enumerate(self.sentences) if s.start < f.end and f.start < s.end)
        return bad


def _finding(kind: str, span: str, evidence: str, message: str, *, severity: str = BLOCK,
             confidence: float = 0.9, sentence: Sentence | None = None) -> Finding:
    return Finding(
        kind=kind, severity=severity, confidence=round(confidence, 2), span=span, evidence=evidence,
        message=message, layer=LAYER,
        start=sentence.start if sentence else -1, end=sentence.end if sentence else -1,
    )


def _share(part: list[str], whole: Vocabulary) -> float:
    if not part:
        return 0.0
    return sum(1 for w in part if whole.has(w)) / len(part)


def _claim_sentences(claim: str, sents: list[Sentence], words: list[list[str]], vocabs: list[Vocabulary],
                     names: frozenset[str] = frozenset()) -> list[int]:
    """The sentences a claim backs: the one holding most of the claim, any the claim contains
    ("tomorrow at 3pm. back room of the arcade." for one claim), and any whose names and numbers
    are all the claim's ("Eighty-five crowns, and cheap at that" for "sold for 85 crowns")."""
    claim_words = words_of(claim)
    claim_vocab = Vocabulary.of_stems(claim_words)
    text = claim.strip().casefold()
    best, primary = 0.0, None
    for i, s in enumerate(sents):
        if text and text in s.clean.casefold():
            return [i]
        share = _share(claim_words, vocabs[i])
        if share > best:
            best, primary = share, i
    covered = [primary] if primary is not None and best >= _CLAIM_IN_SENTENCE else []
    covered += [i for i in range(len(sents))
                if i not in covered and words[i] and _share(words[i], claim_vocab) >= _SENTENCE_IN_CLAIM]
    return sorted(covered)


def _anchored_in(s: Sentence, claim_anchors: list[str], names: frozenset[str], claim: str = "") -> bool:
    """Every name and number of the sentence is one the claim says (and it has a number, or two
    names)."""
    found = anchors_of(s.facts or s.clean, names)
    if not (len(found) >= 2 or any(w[:1].isdigit() for w in found)):
        return False  # one name alone ("alice works for the nsa") may be a new statement about it
    if not all(any(same_anchor(a, c) for c in claim_anchors) for a in found):
        return False
    # and what else it says is mostly the claim's ("crowns"), not a statement of its own that
    # shares a number with it ("honey cureth any cough within three days")
    claim_words = words_of(claim)
    rest = [w for w in words_of(s.facts or s.clean) if not is_anchor(w, names) and w not in EVALUATIVE]
    shared = sum(1 for w in rest if any(same_word(w, c) or related(w, c) for c in claim_words))
    return shared * 2 >= len(rest)


def _map_claims(citations: list[Citation], sents: list[Sentence], words: list[list[str]], vocabs: list[Vocabulary],
                names: frozenset[str]) -> list[list[int]]:
    """The sentences each claim backs. A claim put in other words than its sentence ("The last
    crossing is at 16:45" for "Last one's at quarter tae five") goes to the statement no other
    claim backs that shares the most with it, read loosely (related words, values)."""
    mapped = [_claim_sentences(c.claim, sents, words, vocabs, names) for c in citations]
    taken = {i for c, indices in zip(citations, mapped) for i in indices if normalise_id(c.evidence_id) != SELF}
    # a statement no claim holds most of, whose names and numbers are all one claim's
    # ("Eighty-five crowns, and cheap at that" for "sold for 85 crowns") renders that claim
    for i, s in enumerate(sents):
        if i in taken or s.kind not in (Kind.FACT, Kind.FRAGMENT):
            continue
        for k, citation in enumerate(citations):
            if normalise_id(citation.evidence_id) != SELF \
                    and _anchored_in(s, anchors_of(citation.claim, names), names, citation.claim):
                mapped[k] = sorted({*mapped[k], i})
                taken.add(i)
                break
    for k, citation in enumerate(citations):
        claim = words_of(citation.claim)
        said = max((_share(claim, vocabs[i]) for i in mapped[k]), default=0.0)
        if said >= _CLAIM_IN_SENTENCE or normalise_id(citation.evidence_id) == SELF:
            continue  # (a claim only a word of which its sentences hold is looked for elsewhere too)
        claim_anchors = anchors_of(citation.claim, names)
        best, choice = 0.0, None
        for i, s in enumerate(sents):
            if s.kind not in (Kind.FACT, Kind.FRAGMENT) or not words[i] or i in mapped[k]:
                continue
            stated = words_of(s.facts or s.clean) or words[i]  # ("heed me well:" around it says nothing)
            if len(stated) < 2:
                continue  # a word alone ("Feverfew, child.") renders no claim
            shared = sum(1 for w in stated if any(same_anchor(w, c) for c in claim_anchors)
                         or any(same_word(w, c) or related(w, c) for c in claim))
            share = shared / len(stated) - (_TAKEN if i in taken else 0.0)  # a statement no claim holds first
            if share > best:
                best, choice = share, i
        if choice is not None and best >= _LOOSE_SHARE:
            mapped[k] = sorted({*mapped[k], choice})
            taken.add(choice)
    return mapped


_TAKEN = 0.05  # how much less a statement another claim already holds is worth to an unplaced claim
_LOOSE_SHARE = 0.3  # share of a sentence's words a claim must hold, loosely, to be its rendering


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
        self.scoped_claims: set[str] = set()  # supported once negation is read for the statement

    def score(self, premise: str, claim: str, context: str, loose: bool = False) -> float:
        extra = {"loose": True} if loose and self.paraphrases else {}
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
        for text in dict.fromkeys((block.text, block.full_text or block.text)):
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
        said: dict[str, set[bool]] = {}
        for statement in re.split(r"(?<=[.!?])\s+|\n", block.full_text or block.text):
            denying = denies(statement)
            for w in polarity_words(statement):
                said.setdefault(w.stem, set()).add(w.negated and denying)
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
        others = [c for c in self.claims if c != claim]
        if not accounted(claim, premise, given=self.pack.question, mentions=content_stems(" ".join([self.speech, *self.claims])),
                         totals=others):
            return False
        held = Vocabulary.of(f"{premise}\n{block.context}\n{self.pack.question}")
        unsaid = [w for w in words_of(claim) if not w[:1].isdigit() and w not in _WORKED
                  and not held.has(w) and not any(related(w, h) for h in held.stems)]
        return len(unsaid) <= _UNSAID

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
                  and not held.has(w) and not any(related(w, h) for h in held.stems)]
        return len(unsaid) <= _UNSAID + 1

    def misbound(self, sentence: Sentence, claims: list[str]) -> bool:
        """The sentence says of its names or numbers what the claims say only of others."""
        whole = _said(sentence.clean)
        voice = frozenset(content_stems(self.pack.voice))
        return misbound(whole, [a for a in anchors_of(whole, self.names) if a not in voice], claims, self.names, voice)

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

    def world_fact(self, text: str) -> bool:
        """A fact about the world that ``[self]`` cannot back: it names something exact (a name,
        a number, a date) that the persona does not, or a document says it (then the document is
        what to cite), or it is a long statement about others that the persona does not make
        ("maxwell keeps a spare key under the brick by the door"). The speaker's feelings and
        opinions ("the heat is unbearable"), and what the persona says of them ("I grew up on
        Pearl"), are the self block's to back."""
        reading = classify(text, self.names)
        if reading.kind not in (Kind.FACT, Kind.FRAGMENT):
            return False
        stated = reading.facts or text
        if _feeling(text) and not any(c.isdigit() for c in text):
            return False  # "I regret his late habits", "the damage grieves me": a feeling about a thing
        if _STANCE_FRAME.search(text) and not any(c.isdigit() for c in text) \
                and self.any_block(stated, set(), loose=False) is None:
            return False  # "in my view the coach is as safe as any": a view no document states
        own = set(words_of(self.pack.npc))
        me = self.pack.self_block
        persona = Vocabulary.of(me.text) if me else Vocabulary.of("")
        words = [w for w in words_of(stated) if w not in own]
        habitual = set(words_of(" ".join(_HABIT.findall(stated))))  # "every full moon": a habit, not a date
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

    def denial(self, sentence: Sentence) -> bool:
        """A negative statement about something none of the NPC's sources mention ("it is not in
        our collection"): the closed world speaking, not an invention."""
        if not any(is_negation(t) for t in raw_tokens(sentence.clean)):
            return False
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


# The speaker's own stance, said as one: a view, a hunch, a feeling about something ("I have no
# reason to doubt him", "the damage grieves me"). With no number in it, it is the self block's.
_STANCE_FRAME = re.compile(
    r"\b(?:in\s+my\s+(?:view|opinion|book|eyes|experience|judgement|judgment)|to\s+my\s+mind|if\s+you\s+ask\s+me"
    r"|i\s+(?:reckon|think|believe|feel|suspect|guess|bet|figure|wager)"
    r"|i(?:'ve|\s+have|\s+see|\s+had)?(?:\s+got)?\s+no\s+reason\s+to\s+(?:doubt|trust|believe|question|suspect))\b", re.IGNORECASE)
_FEELING_START = re.compile(
    r"^\W*(?:(?:oh,?\s+)?how\s+)?(?:i|we)\s+(?:(?:do|don't|really|truly|still|must|cannot|can't|always|never|deeply|rather|quite)\s+)*"
    r"(?:regret|adore|love|like|dislike|hate|loathe|detest|dread|fear|distrust|mistrust|doubt|disapprove|approve"
    r"|admire|pity|envy|resent|enjoy|despise|prefer|worry|miss|advise|recommend|deplore|cherish|relish|abhor"
    r"|(?:am|'m|feel)\s+(?:\w+\s+)?(?:sorry|scared|afraid|glad|sad|angry|proud|fond|wary|worried|fearful|happy"
    r"|pleased|sick|tired|grieved|ashamed))\b"
    r"|^\W*my\s+(?:hunch|guess|view|opinion|feeling|bet|sense|gut|belief|advice)\b", re.IGNORECASE)
_FEELING_END = re.compile(
    r"\b(?:satisf|griev|anger|anger|pleas|delight|worr|troubl|sadden|frighten|scar|annoy|bother|irk|disgust|amus"
    r"|thrill|sicken|vex|gladden|pain|hurt|madden|bor)\w*\s+me(?:\s+(?:sorely|deeply|greatly|much|so|terribly))?\W*$",
    re.IGNORECASE)


def _feeling(text: str) -> bool:
    """The statement is the speaker's feeling about something ("I adore tourneys", "it grieves me")."""
    return bool(_FEELING_START.match(text) or _FEELING_END.search(text))


def _leak(sentence: Sentence, pack: EvidencePack, judge: _Judge | None = None) -> list[str]:
    """The withheld words a sentence gives away: a number or code only a withheld document holds,
    several of its words, or a retelling of it (a withheld document says what the sentence says,
    nothing the player may hear about does, and it uses a word only the withheld one has)."""
    if not pack.withheld:
        return []
    words = words_of(sentence.clean)
    # a word the player used is not a leak when the NPC repeats it
    anchors = [w for w in words if pack.secret_anchors.has(w) and not pack.asked.near(w)]
    plain = [w for w in words if w not in anchors and pack.secret_words.has(w) and not pack.asked.near(w)]
    if anchors or len(plain) >= 3 or (len(plain) >= 2 and len(plain) * _SECRET_SHARE >= len(words)):
        return anchors + plain
    quoted = _quoted_secret(words, pack)
    if quoted:
        return quoted
    if not plain or judge is None or sentence.kind in (Kind.QUESTION, Kind.UNCERTAIN):
        return []
    stated = sentence.facts or sentence.clean
    threshold = judge.entailment.threshold
    # half a withheld document's fact, with two of its own words, gives it away as surely
    bar = _HALF_TOLD if len(plain) >= 2 else threshold
    if not any(judge.score(src.text, stated, src.context) >= bar for src in pack.withheld):
        return []
    if any(judge.score(src.text, stated, src.context) >= threshold for src in pack.visible):
        return []  # the player may hear it from another document
    return plain


_QUOTED = re.compile(r"(?<!\w)'([^'\n]{2,40})'(?!\w)|\"([^\"\n]{2,40})\"|\u201c([^\u201d\n]{2,40})\u201d")


def _quoted_secret(words: list[str], pack: EvidencePack) -> list[str]:
    """A value a withheld document quotes (a password, a code phrase: 'canary yellow'), said in
    the sentence, in any order, and not by the player first."""
    said = Vocabulary.of_stems(words)
    for source in pack.withheld:
        for phrase in _quoted(source.text):
            if all(said.has(w) for w in phrase) and not all(pack.asked.near(w) for w in phrase):
                return list(phrase)
    return []


@lru_cache(maxsize=1024)
def _quoted(text: str) -> tuple[tuple[str, ...], ...]:
    """The quoted values of a document, each as its words (at most four)."""
    found = (tuple(words_of(next(g for g in m.groups() if g))) for m in _QUOTED.finditer(text))
    return tuple(p for p in found if p and len(p) <= 4)


Add = Callable[[Finding, "int | None"], None]


def verify(response: DialogueResponse, pack: EvidencePack, *, entailment: Entailment = OVERLAP) -> Verdict:
    """Every finding on ``response`` given the evidence ``pack`` of the question it answers."""
    names = speech_names(response.speech, pack)
    sents = sentences(response.speech, names)
    words = [words_of(s.clean) for s in sents]
    vocabs = [Vocabulary.of_stems(w) for w in words]
    judge = _Judge(pack, entailment, names)
    judge.speech, judge.claims = response.speech, [c.claim for c in response.citations]
    findings: list[Finding] = []
    reported: dict[tuple[str, int], int] = {}  # (kind, sentence index) -> its place in findings
    cited: dict[int, set[str]] = {i: set() for i in range(len(sents))}
    withheld = pack.withheld_ids
    valid = ", ".join(b.id for b in pack.blocks)

    def add(f: Finding, index: int | None) -> None:
        key = (f.kind, index if index is not None else -1 - len(findings))
        if key not in reported:
            reported[key] = len(findings)
            findings.append(f)
        elif f.severity == BLOCK and findings[reported[key]].severity != BLOCK:
            findings[reported[key]] = f  # a sentence the claim check only warned about is wrong

    def check_id(raw: str, span: str, index: int | None) -> str | None:
        """The normalised id if it names a block; otherwise report why not."""
        cid = normalise_id(raw)
        sentence = sents[index] if index is not None else None
        if cid in withheld:
            add(_finding("trust_leak", span, f"{cid} is withheld from this player",
                         f"a sentence cites {cid}, which you keep to yourself with this player: leave it out",
                         confidence=1.0, sentence=sentence), index)
            return None
        if pack.block(cid) is None:
            add(_finding("invalid_source", span, f"evidence blocks: {valid}",
                         f"'{span}' cites {raw!r}, which is none of your evidence blocks ({valid})",
                         confidence=1.0, sentence=sentence), index)
            return None
        return cid

    # 1. The citation list: each claim against the block it names.
    claim_sentences = _map_claims(response.citations, sents, words, vocabs, names)
    attempted = {i for i, s in enumerate(sents) if s.markers}  # cited something, valid or not
    rendered: dict[int, list[str]] = {}  # sentence index -> the supported claims it may render
    voiced: dict[int, list[str]] = {}  # sentence index -> the [self] claims said in it
    standing: list[str] = []  # every supported claim, mapped to a sentence or not
    for citation, indices in zip(response.citations, claim_sentences):
        attempted.update(indices)
        primary = indices[0] if indices else None
        cid = check_id(citation.evidence_id, citation.claim, primary)
        if cid is None:
            for i in indices[1:]:
                check_id(citation.evidence_id, sents[i].clean, i)
            continue
        for i in indices:
            cited[i].add(cid)
        if _check_claim(citation, cid, primary, sents, judge, add):
            if cid != SELF:
                standing.append(citation.claim)
            for i in indices:
                (voiced if cid == SELF else rendered).setdefault(i, []).append(citation.claim)

    supported_claims = [c for found in rendered.values() for c in found]
    supported_claims = list(dict.fromkeys(supported_claims))
    all_claims = [c.claim for c in response.citations if normalise_id(c.evidence_id) != SELF]

    # 2. Ids written inline in the speech.
    for i, s in enumerate(sents):
        for raw in s.markers:
            cid = check_id(raw, s.clean, i)
            if cid is not None:
                cited[i].add(cid)

    judge.cited_ids = {x for found in cited.values() for x in found}

    # 3. Every sentence: leaks, unknown topics, and support of what it states.
    supported_uncited: dict[int, str] = {}
    distinctive = _distinctive(pack)
    for i, s in enumerate(sents):
        leaked = _leak(s, pack, judge)
        if leaked:  # the message (retry feedback) must not repeat the secret
            add(_finding("trust_leak", s.clean, "withheld: " + ", ".join(sorted(leaked)),
                         f"sentence {i + 1} reveals what you keep from this player: leave it out entirely",
                         confidence=0.95 if any(pack.secret_anchors.has(w) for w in leaked) else 0.8, sentence=s), i)
        unknown = mentions(words[i], pack.unknown) if pack.topic_unknown else []
        if s.kind is not Kind.FACT:  # a remark in passing ("lotta dames come through here") is no claim
            unknown = mentions(unknown, distinctive)
        if unknown and s.kind in (Kind.FACT, Kind.STANCE, Kind.FRAGMENT) and not judge.denial(s):
            add(_finding("unknown_topic", s.clean, "no source mentions " + ", ".join(unknown),
                         f"'{s.clean}' talks as if you knew {', '.join(unknown)}; you have nothing on it: say you don't know",
                         confidence=0.9, sentence=s), i)
        if s.kind in (Kind.QUESTION, Kind.UNCERTAIN):
            continue
        label = relabelled(s.clean, all_claims) if s.kind in (Kind.FACT, Kind.FRAGMENT) else ""
        if label:
            add(_finding("not_entailed", s.clean, f"the citations give another {label}",
                         f"'{s.clean}' gives a {label} your own citations do not: keep to the block's facts",
                         confidence=0.8, sentence=s), i)
            continue
        ids = cited[i]
        if not ids:  # (a sentence whose only citation is invalid is reported as such already)
            continued = i not in attempted and _continues_list(s, i, sents, cited)
            if (s.kind is Kind.FACT or (continued and s.kind is Kind.FRAGMENT)) and i not in attempted \
                    and not judge.denial(s):
                if _carries_on(s, i, sents, cited, rendered, standing, names, judge):
                    add(_finding("uncited", s.clean, "the sentence before cites what it says",
                                 f"'{s.clean}' goes on about the sentence before and says what its block says: cite it",
                                 severity=WARN, confidence=0.5, sentence=s), i)
                    continue
                _uncited(s, i, judge, add, supported_uncited, continued=continued)
            continue
        blocks = [b for b in (pack.block(x) for x in sorted(ids) if x != SELF) if b is not None]
        if not blocks:  # only [self]
            if judge.world_fact(s.clean):
                add(_finding("self_misuse", s.clean, "[self] backs feelings and opinions only",
                             f"'{s.clean}' is a fact about the world but cites [self]: cite a block that says it, or drop it",
                             confidence=0.85, sentence=s), i)
            continue
        if s.kind is Kind.STANCE:
            continue
        # a cited fragment ("at sundown now [E3]") is held to all it says, unless it says too
        # little to be a claim ("on my list [E2]")
        stated = s.facts or s.clean
        if not words_of(stated) or (s.kind is not Kind.FACT and len(words_of(stated)) < 2):
            continue
        if not judge.supports_all(blocks, stated):
            if not judge.renders(s, rendered.get(i, []), blocks, voiced.get(i, [])) \
                    and not judge.renders(s, _with_anchored(s, rendered.get(i, []), standing, names), blocks,
                                          voiced.get(i, [])):
                _not_entailed(stated, s, i, blocks, ids, judge, add)
            continue  # a rendering is held to its claims' polarity clause by clause, not word by word
        if judge.misbound(s, supported_claims):
            add(_finding("not_entailed", s.clean, "the claims say it of another",
                         f"'{s.clean}' says of one thing what your citations say of another: keep each fact with its own",
                         confidence=0.75, sentence=s), i)
            continue
        if bounded(s.clean) and rendered.get(i) and judge.renders(s, rendered[i], blocks, voiced.get(i, [])):
            continue  # "not expected back before the 17th": a time bound, held to its claims clause by clause
        if stated in judge.scoped_claims:
            continue  # its negation was read for the statement already; word by word it would flip
        against = judge.contradicted_by(blocks, s.clean)
        if against is not None:
            add(_finding("not_entailed", s.clean, f'{against.id}: "{against.text[:120]}"',
                         f"'{s.clean}' says the opposite of what {against.id} says: keep to the block's facts",
                         confidence=0.8, sentence=s), i)

    # 4. A topic nothing mentions must be answered with uncertainty.
    if pack.topic_unknown and sents and not any(s.kind is Kind.UNCERTAIN for s in sents):
        topic = ", ".join(pack.unknown)
        add(_finding("unknown_topic", response.speech.strip()[:160], f"no source mentions {topic}",
                     f"you know nothing about {topic}: say so in your own words",
                     severity=WARN, confidence=0.7), None)

    return Verdict(findings, sents, claim_sentences, cited, judge.rav_resolved,
                   {**supported_uncited, **judge.miscited})


_PRONOUN_LED = re.compile(r"^\W*(?:she|he|it|they|her|his|its|their)\b", re.IGNORECASE)


def _carries_on(s: Sentence, i: int, sents: list[Sentence], cited: dict[int, set[str]], rendered: dict[int, list[str]],
                standing: list[str], names: frozenset[str], judge: _Judge) -> bool:
    """An uncited sentence that goes on about the cited one before it ("Her shift runs from
    midnight to eight.") and says, with its numbers, only what that sentence's claims say."""
    if i == 0 or not _PRONOUN_LED.match(s.facts or s.clean) or not cited[i - 1]:
        return False
    blocks = [b for b in (judge.pack.block(x) for x in sorted(cited[i - 1]) if x != SELF) if b is not None]
    if not blocks:
        return False
    stated = s.facts or s.clean
    if not any(a[:1].isdigit() for a in anchors_of(stated, names)):
        return False  # ("Her man Arvid waits still": a name alone may be a new statement about it)
    claims = _with_anchored(s, rendered.get(i - 1, []), standing, names)
    return judge.renders(s, claims, blocks, [])


def _with_anchored(s: Sentence, claims: list[str], supported: list[str], names: frozenset[str]) -> list[str]:
    """The claims mapped to a sentence, and the supported claims whose names and numbers it all
    says ("valid until the thirtieth, so the twenty-fifth is covered" holds "the 25th is within
    the permit's validity"): a sentence may render two claims the mapping gave elsewhere."""
    mine = anchors_of(s.facts or s.clean, names)
    more = [c for c in supported if c not in claims
            and (found := [a for a in anchors_of(c, names) if a[:1].isdigit()])
            and all(any(same_anchor(a, m) for m in mine) for a in found)]
    # "midnight falls inside that window" is one statement with the window it refers to
    placing = [c for c in claims if _PLACING_CUE.search(c)]
    if placing and more:
        return [f"{placing[0]}; {'; '.join(more)}", *(c for c in claims if c != placing[0])]
    return [*claims, *more]


_PLACING_CUE = re.compile(r"\b(?:within|inside|includes?|including|covered|covers|falls?|outside|beyond)\b", re.IGNORECASE)


def _said(clean: str) -> str:
    """A sentence without its stage directions, asides ("God be thanked") and conditions ("if one
    can call it that"): what it states."""
    parts = re.split(r"(,\s*|;\s*)", _STAGE.sub(" ", clean))
    return "".join(p for p in parts if not is_exclamation(p) and not _CONDITION.match(p)).strip(" ,;")


_CONDITION = re.compile(r"^\W*(?:if|unless|whether)\b", re.IGNORECASE)


def _distinctive(pack: EvidencePack) -> list[str]:
    """The words that name the unknown topic itself: the player's capitalised words, the last
    word of the topic ("a dame called Veronica Lake": veronica, lake), or its only word."""
    topic = pack.topic
    if not topic:
        return []
    return list({*mentions(names_in(pack.question), topic), topic[-1]})


_AND_MORE = re.compile(r"^\W*(?:and|plus|also|as\s+well\s+as|not\s+to\s+mention|along\s+with|together\s+with)\b",
                       re.IGNORECASE)


def _continues_list(s: Sentence, i: int, sents: list[Sentence], cited: dict[int, set[str]]) -> bool:
    """A fragment that adds to the cited statement before it ("Paraffin, flour and the post [E2].
    And rum for the keeper."): it states more of the same, and needs the same backing."""
    if i == 0 or not _AND_MORE.match(s.facts or s.clean):
        return False
    before = sents[i - 1]
    return bool(cited[i - 1]) and before.kind in (Kind.FACT, Kind.FRAGMENT) and len(words_of(s.facts or s.clean)) >= 2


def _uncited(s: Sentence, i: int, judge: _Judge, add: Add, supported: dict[int, str], continued: bool = False) -> None:
    stated = s.facts or s.clean
    backing = judge.any_block(stated, set())
    if backing is not None:  # grounded, but the model did not say so: fail-closed can cite it
        supported[i] = backing.id
        # a block the answer cites elsewhere: a marker forgotten; one it never cites: a fact
        # brought in from outside its citations, which is what the citation list is there to stop
        forgot = backing.id in judge.cited_ids
        add(_finding("uncited", s.clean, f"{backing.id} says it: cite it",
                     f"'{s.clean}' states a fact with no citation: {backing.id} says it, cite it",
                     severity=WARN if forgot else BLOCK, confidence=0.6, sentence=s), i)
        return
    if judge.persona_says(stated):  # the NPC's own backstory
        add(_finding("uncited", s.clean, "your persona says it: cite [self]",
                     f"'{s.clean}' is about you: cite [self]", severity=INFO, confidence=0.3, sentence=s), i)
        return
    topical = bool(s.anchors) or continued or (judge.topical(s) and not _TELLING.search(judge.pack.question))
    add(_finding("uncited", s.clean, "no evidence block says it",
                 f"'{s.clean}' states a fact with no citation and no block says it: drop it or say you don't know",
                 severity=BLOCK if topical else WARN,
                 confidence=0.9 if s.anchors else (0.75 if topical else 0.4), sentence=s), i)


def _not_entailed(stated: str, s: Sentence | None, i: int | None, blocks: list[EvidenceBlock], ids: set[str],
                  judge: _Judge, add: Add) -> None:
    """Report a statement its cited blocks do not support (a warning if another block does)."""
    cited_ids = ", ".join(sorted(ids))
    elsewhere = judge.any_block(stated, ids)
    if elsewhere is not None:  # grounded, wrongly cited: fail-closed can cite the right block
        if i is not None:
            judge.miscited[i] = elsewhere.id
        add(_finding("not_entailed", stated, f"{elsewhere.id} says it, not {cited_ids}",
                     f"'{stated}' cites {cited_ids}, but it is {elsewhere.id} that says it",
                     confidence=0.6, sentence=s), i)
        return
    shown = "; ".join(f'{b.id}: "{b.text[:120]}"' for b in blocks)
    anchored = bool(s.anchors) if s else False
    add(_finding("not_entailed", stated, shown,
                 f"'{stated}' is not what {cited_ids} says: keep to the block's facts, or say you don't know",
                 confidence=0.9 if anchored else 0.75, sentence=s), i)


def _check_claim(citation: Citation, cid: str, index: int | None, sents: list[Sentence], judge: _Judge,
                 add: Add) -> bool:
    """A factual claim of the citation list against the block it cites; whether it stands."""
    claim = citation.claim.strip()
    sentence = sents[index] if index is not None else None
    reading = classify(claim, judge.names)
    if cid == SELF:
        if judge.world_fact(claim):
            add(_finding("self_misuse", claim, "[self] backs feelings and opinions only",
                         f"'{claim}' is a fact about the world but cites [self]: cite a block that says it, or drop it",
                         confidence=0.85, sentence=sentence), index)
            return False
        return True
    block = judge.pack.block(cid)
    if reading.kind is Kind.STANCE and block is not None and _DEONTIC.search(claim) \
            and _DEONTIC.search(block.full_text or block.text):
        reading = Reading(Kind.FACT, (), claim)  # "a lamp may be brought in": a rule, held to the rule
    if reading.kind in (Kind.QUESTION, Kind.UNCERTAIN, Kind.STANCE):
        return True
    # the model says the block backs it: a fragment ("back friday") is held to all it says
    stated = reading.facts or claim
    if block is None or not words_of(stated):
        return True
    if judge.supports(block, stated) or judge.computed(block, stated) or judge.placed(block, stated) \
            or judge.dated(block, stated):
        denied = judge.denied_anchor(block, stated) or conflicts(block.full_text or block.text, stated)
        if not denied:
            return True
        add(_finding("not_entailed", claim, f'{block.id}: "{block.text[:120]}"',
                     f"'{claim}' affirms {denied}, which {block.id} excludes: keep to the block's facts",
                     confidence=0.8, sentence=sentence), index)
        return False
    _not_entailed(stated, sentence, index, [block], {cid}, judge, add)
    return False


# a rule's words: what may, must or may not be done is what a rule book says, not a guess
_DEONTIC = re.compile(r"\b(?:may|must|cannot|can't|allowed|permitted|forbidden)\b", re.IGNORECASE)


def audit(speech: str, pack: EvidencePack, *, entailment: Entailment = OVERLAP) -> list[str]:
    """The factual sentences of posted text (citations already stripped) that nothing the player
    may hear about supports: an independent count of unsupported claims that shipped."""
    names = speech_names(speech, pack)
    judge = _Judge(pack, entailment, names)
    out = []
    for s in sentences(speech, names):
        if s.kind is not Kind.FACT or judge.denial(s):
            continue
        stated = s.facts or s.clean
        if judge.any_block(stated, set()) is not None or not judge.world_fact(s.clean):
            continue
        if any(judge.score(src.text, stated, src.context) >= entailment.threshold for src in pack.visible):
            continue
        out.append(s.clean)
    return out
