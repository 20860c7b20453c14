"""Player text -> intents, deterministically.

Why no LLM here: the prior art spent three model calls to classify one action, and still missed
secondary steps. Most player input is short and formulaic ("I attack the guard with my sword");
a parser that knows verbs, roles and the scene's names gets it right in well under a millisecond
and identically every time. What it cannot classify comes out as one ``other`` intent with
``ambiguous=True`` (the turn may then spend one structured LLM call on it); non-English input
comes out that way too, never as a block.

The parse, per message:

1. *prepare*: smart quotes unified; quoted speech, Discord markup and OOC asides blanked to
   spaces of equal length (so every token keeps its offset in the original text).
2. *split* into steps at sentence ends, ";", "then", "after that", and at "and" / commas when a
   new verb phrase follows ("I draw my sword and attack" is two steps; "bread and cheese" is not).
3. per step, find the *subject* (I / we / none = the player; the player's name or he/she in
   third-person prose = the player; anyone else = not the player's action, skipped) and the
   *verb* (after "try to", modals, adverbs); the verb's class (lexicon/verbs.py) and the roles
   of the words after it (direct object, "with", "at", "to", "from", "about", purpose "to ...")
   give the action type, target, method and topic.
4. *resolve* each role against the scene (``SceneIndex``): canonical names when found; pronouns
   ("stab him") to the previous step's target; otherwise the player's words, with a guessed
   kind (being, place, item, fixture, direction) that pre-validation uses. Words the hand-made
   vocabularies lack are classed by WordNet (``lexicon/wordclass.py``): a "snake charmer" is
   someone, a "USB stick" a thing to hold, to "haggle" is to talk and to "seep" to move.
5. *commit*: whatever the verb, and even when the verb is unknown (the intent then stays
   ``ambiguous`` for the model, but keeps what it commits to), the words' commitments fill the
   roles the verb's handler left open: a thing claimed as the player's own ("my cell phone", "a
   rose from my coat", "with duct tape") becomes the method; someone the deed is done to or with
   ("I bow to the queen") the target; a locked room entered ("let myself into the cabin", "duck
   under the portcullis") the target feature. Claimed powers (reading minds, breathing fire,
   turning into mist, walking on water, leaping thirty feet, passing through a ceiling) become
   the pseudo-abilities that pre-validation checks against the sheet. Magic need not say "cast":
   a working laid, put or called down ("lay a curse on", "call down a miracle"), a wonder done
   by a supernatural means ("heal myself with a prayer"), an enchanting verb or a prayer that
   does a deed ("beseech the gods to strike him down") is a ``cast`` of that working; vanishing
   and reappearing somewhere is teleportation. People are someone whatever the dictionary knows:
   by relation ("Derek's dad"), by title ("Lieutenant Doyle", "Mr. Darcy" is not "Mr. Darrow")
   or by a word that ends in one for someone ("the archmage"); someone's room ("the King's
   throne room") is a place elsewhere. What happens "in the game" or "in my dream" is not done
   in the scene, and "go berserk" is becoming, not going. A step after the player's name or
   "I" keeps its subject even when its verb is one the tables lack ("*Eirik mutters and sends
   ...*"), so no words the player wrote drop out of the check. "Let fly" is a shot; "give a
   whistle" or "offer a prayer" is a sound or words, not a hand-over; "to <verb> the ..." is a
   purpose whatever the verb; "start the motor" uses it; breathing water, shrinking and a leap
   over a landform or "in one bound" are powers of the body ("size change" in PHYSICS_MODES).

Roles in the resulting ``Intent``: ``target`` is what is acted on (the attacked, the addressee,
the destination, the climbed or opened feature, the taken thing, the recipient of a gift, the
seller of a purchase); ``method`` is what is used (weapon, tool, spell, ability; for use_item the
item used); ``topic`` is what is said or asked about (for buy: the goods). ``target_kind`` is
the scene kind when resolved (npc, party, creature, inventory, item, content, npc_item, feature,
exit, location, place, ability) or a guess when not (being, place, item, fixture, direction,
self). ``method_kind`` is item, spell or ability; flight, teleportation and passing through
walls are the abilities "flight", "teleportation" and "phasing"; the other claimed powers are
named in ``lexicon/magic.PHYSICS_MODES`` ("gaseous form", "water walking", "leaping",
"telepathy", "breath weapon", ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from rapidfuzz import process
from rapidfuzz.distance import OSA

from bot.guard.index import BEING_KINDS, ITEM_KINDS, Match, SceneIndex
from bot.guard.lexicon.magic import (
    ABILITY_WORDS,
    CLASS_FEATURES,
    COMMON_WORD_SPELLS,
    ENCHANTING,
    MAGIC_ACTS,
    MAGIC_ON,
    PERFORMING,
    SACRED,
    SACRED_HEADS,
    SKILLS,
    SPEAKING,
    SPELLS,
    SPELL_WORDS,
    SUPERNATURAL_MEANS,
    VANISHING,
    WONDER_VERBS,
)
from bot.guard.lexicon.nouns import (
    ATTRIBUTES,
    BEINGS,
    BODY,
    DEVICE_HEADS,
    DIRECTIONS,
    DOORLIKE,
    FICTION_FRAMES,
    FOOD,
    GEAR,
    GENERIC_BEINGS,
    HOSTILE_GENERICS,
    KIND_HINTS,
    MEDIA,
    PLACES,
    ROOM_HEADS,
    UNADDRESSABLE,
)
from bot.guard.lexicon.verbs import (
    MODALS,
    NEGATIONS,
    PARTICLES,
    PHRASAL,
    PREPOSITIONS,
    PRONOUNS_BEING,
    PRONOUNS_SELF,
    PRONOUNS_THING,
    SUBJECT_FIRST,
    SUBJECT_THIRD,
    SUBORDINATORS,
    TAKE_IDIOMS,
    VERBS,
    try_verb,
    verb_lemma,
)
from bot.guard.lexicon.wordclass import (
    compound_head,
    first_class,
    is_abstract,
    is_being,
    is_carried_thing,
    is_classifier,
    is_fixed_thing,
    is_garment,
    is_person,
    is_substance,
    noun_codes,
    verb_base,
    verb_codes,
)
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, POSSESSIVES, head_word, norm_phrase, singular, thing_word
from bot.world.intent import Intent
from bot.world.scene import Scene

FEATURE_FIRST_WORDS = frozenset(k.split()[0] for k in CLASS_FEATURES)
SPELL_FIRST_WORDS = frozenset(k.split()[0] for k in SPELLS)

# -- preparation ------------------------------------------------------------------------------

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "`": " "})
_SPEECH = re.compile(r'"[^"\n]*(?:"|$)')
_MARKUP = re.compile(r"<a?:\w+:\d+>|<[@#][!&]?\d+>|:[a-z0-9_+-]+:|[*_~|>#]+|\bhttps?://\S+")
_OOC = re.compile(r"\(\((?:[^)]|\)(?!\)))*\)\)|\(\s*ooc\b[^)]*\)?|\[\s*ooc\b[^\]]*\]?|//\s*ooc.*$|\booc\s*:.*$", re.I | re.M)
_TOKEN = re.compile(
    r"§\d+|[A-Za-zÀ-ÖØ-öø-ɏ]+(?:['-][A-Za-zÀ-ÖØ-öø-ɏ]+)*(?:-\d+(?:'s)?)?'?|\d+(?:[.,]\d+)?|\.\.\.+|[.!?;:,\n]|—|–|(?<=\s)-(?=\s)"
)
_HARD = frozenset({".", "!", "?", ";", "\n", ":"})
# Titles abbreviated with a full stop that ends no sentence: "Mr. Darcy", "Lt. Doyle".
_ABBREVIATION = re.compile(
    r"\b(Mr|Mrs|Ms|Mx|Dr|St|Prof|Rev|Fr|Sr|Jr|Capt|Cpt|Lt|Sgt|Cpl|Pvt|Col|Gen|Maj|Adm|Cmdr|Insp|Det|Gov|Sen|Rep|Hon|Mt|Messrs|Mme|Mlle)\.(?=\s+[A-Z])"
)
_SOFT = frozenset({",", "—", "–", "-", "..."})
_PROSE_MARK = re.compile(r"^\s*[*_>]")


@dataclass(slots=True)
class _Tok:
    text: str
    low: str
    start: int
    end: int
    cap: bool  # written with a capital letter


def _prepare(text: str) -> tuple[str, list[str]]:
    """Same-length working copy: speech -> "§n" placeholders, markup and OOC -> spaces."""
    work = text.translate(_QUOTES)
    speeches: list[str] = []

    def speech(m: re.Match[str]) -> str:
        s = m.group(0)
        inner = s.strip('"').strip()
        if not inner or len(s) < 4:
            return " " * len(s)
        tag = f"§{len(speeches)}"
        speeches.append(inner)
        return tag + " " * (len(s) - len(tag)) if len(s) >= len(tag) else " " * len(s)

    work = _SPEECH.sub(speech, work)
    work = _ABBREVIATION.sub(lambda m: m.group(1) + " ", work)  # "Mr. Darcy" is one phrase
    work = _OOC.sub(lambda m: " " * len(m.group(0)), work)
    work = _MARKUP.sub(lambda m: " " * len(m.group(0)), work)
    return work, speeches


def _tokenize(work: str) -> list[_Tok]:
    out = []
    for m in _TOKEN.finditer(work):
        t = m.group(0)
        low = t.casefold()
        if low.endswith("'") and not low.endswith("s'"):
            low = low[:-1]
        out.append(_Tok(t, low, m.start(), m.end(), t[:1].isupper()))
    return out


# -- language gate ----------------------------------------------------------------------------

_ENGLISH = frozenset(
    """i me my we our you your he she it they them his her their the a an and or but to of in on
    at with for from into onto up down out over through then this that is are was be am do
    not no at by as so if all some any what where who how why""".split()
)
_FOREIGN = frozenset(
    """je tu il elle nous vous ils le la les un une des du au aux et est avec pour dans sur mon
    ma mes ton sa ses ce cette qui que ne pas yo el los las del con por para mi mis su sus una
    es y en al lo muy ich du er sie wir ihr der die das den dem ein eine einen und ist mit
    auf zu zum zur nicht mein meine dein sein ihre io lui noi voi il gli della delle nel
    sono eu você o os um uma com não meu minha seu sua na no da de ik jij hij het een met
    niet mijn ja nie jest się na w z do że""".split()
)


def _foreign(tokens: list[_Tok]) -> bool:
    """Whether the text is evidently not English (then it is left to the LLM, never blocked)."""
    words = [t.low for t in tokens if t.low[:1].isalpha()]
    if not words:
        return False
    non_latin = sum(1 for w in words if not w.isascii())
    if non_latin * 2 >= len(words):
        return True
    en = sum(1 for w in words if w in _ENGLISH or verb_lemma(w) is not None)
    fr = sum(1 for w in words if w in _FOREIGN and w not in _ENGLISH)
    return fr >= 2 and fr > en


# -- clause splitting -------------------------------------------------------------------------

# Words usually nouns, so "and <word>" at the end of a phrase is a list, not a new step...
_NOUNISH = frozenset(
    """drink rest light fire cast charge swing kick punch hit look search climb walk run dash
    step order shot shield whip bow hammer club saw hand head back wave nod dance play lift
    pass cross return staff spear lash pick stake net bolt mace stone rock tip slide sling duck
    bat file stick date cheese bread water wine ale stew meal food salt rope torch iron spice
    smoke drum whistle strike jab cut slash stab hack chop bite claw butcher brew guard tail
    light coat plate""".split()
)
# ...unless it is one of these, which stand alone as actions ("I draw my sword and charge").
_INTRANSITIVE = frozenset(
    "charge rest run dash flee hide duck dodge wait sleep retreat strike swing look search climb jump leap parry pray sit kneel listen watch attack".split()
)
_OBJECT_START = DETERMINERS | PRONOUNS_BEING | PRONOUNS_THING | PRONOUNS_SELF | PREPOSITIONS | PARTICLES


def _is_adverb(low: str) -> bool:
    return len(low) > 4 and low.endswith("ly") and verb_lemma(low) is None and low not in ("fly", "rally", "bully", "apply", "reply", "supply", "tally")


def _verb_at(toks: list[_Tok], j: int, is_name=None) -> bool:
    """Whether a verb phrase starts at ``toks[j]`` (after fillers and a subject)."""
    n = len(toks)
    k = j
    seen_subject = False
    while k < n:
        low = toks[k].low
        if low in ("then", "also", "just", "now", "again", "quickly", "finally", "immediately") or _is_adverb(low):
            k += 1
            continue
        if not seen_subject and (low in SUBJECT_FIRST or low in SUBJECT_THIRD):
            seen_subject = True
            k += 1
            continue
        if low in MODALS and low not in ("and", "so", "but", "all", "both"):
            k += 1
            continue
        if try_verb(low) and k + 2 < n and toks[k + 1].low == "to" and verb_lemma(toks[k + 2].low):
            k += 2
            continue
        break
    if k >= n:
        return False
    low = toks[k].low
    lemma = verb_lemma(low)
    if lemma is None:
        # a verb the tables lack, then its object or particle ("and seep under the door"); not
        # a word that is mostly a thing ("bread and cheese for two")
        nxt = toks[k + 1].low if k + 1 < n else ""
        return (
            seen_subject is False and verb_base(low) is not None and nxt in _OBJECT_START and low.isalpha()
            and noun_codes(low)[:1] in ("", "X", "H", "U") and low not in FOOD and low not in GEAR
        )
    if lemma not in VERBS:
        # a verb the table lacks, recognisable by its ending and an object ("and brings it down")
        nxt = toks[k + 1].low if k + 1 < n else ""
        return low != lemma and (nxt in _OBJECT_START)
    if low in _NOUNISH and not seen_subject:
        nxt = toks[k + 1].low if k + 1 < n else ""
        if nxt and nxt in _OBJECT_START or nxt.isdigit():
            return True
        if nxt and toks[k + 1].cap and is_name is not None and is_name(toks[k + 1].text):
            return True  # "I draw a seax and stab Ulfar": the verb, then someone present
        if not nxt or nxt in _HARD or nxt in _SOFT:
            return lemma in _INTRANSITIVE
        return False
    return True


def _split(toks: list[_Tok], is_name=None) -> list[tuple[list[_Tok], bool]]:
    """Steps, each with whether it continues the previous one's sentence (and shares its subject)."""
    steps: list[tuple[list[_Tok], bool]] = []
    cur: list[_Tok] = []
    joined = False

    def close(next_joined: bool = True) -> None:
        nonlocal cur, joined
        if cur:
            steps.append((cur, joined))
        cur = []
        joined = next_joined

    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        low = t.low
        if low in _HARD:
            close(False)
        elif low in _SOFT:
            if _verb_at(toks, i + 1) or (i + 1 < n and toks[i + 1].low in ("then", "and", "i", "we")):
                close()
            else:
                cur.append(t)
        elif low == "then" and cur:
            close()
        elif low == "after" and i + 1 < n and toks[i + 1].low == "that":
            close()
            i += 1
        elif low in ("afterwards", "afterward", "thereafter") and cur:
            close()
        elif low in ("and", "&", "but", "or", "plus") and cur:
            if i + 1 < n and toks[i + 1].low == "then":
                close()
            elif _verb_at(toks, i + 1, is_name):
                close()
            else:
                cur.append(t)
        elif low in ("before", "after", "while", "whilst", "as") and cur and i + 1 < n and toks[i + 1].low.endswith("ing") and verb_lemma(toks[i + 1].low) in VERBS:
            close()
        else:
            cur.append(t)
        i += 1
    close()
    return steps


# -- the parse of one step --------------------------------------------------------------------


@dataclass(slots=True)
class _NP:
    toks: list[_Tok]

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.toks)

    @property
    def lows(self) -> list[str]:
        return [t.low for t in self.toks]

    @property
    def key(self) -> str:
        return norm_phrase(self.text)

    @property
    def head(self) -> str:
        k = self.key
        return head_word(k)

    @property
    def possessive(self) -> str | None:
        for t in self.toks:
            if t.low in POSSESSIVES:
                return t.low
            if t.low not in DETERMINERS and t.low not in NUMBER_WORDS:
                return None
        return None

    def quantity(self) -> int:
        for t in self.toks:
            if t.low.isdigit():
                return int(t.low)
            if t.low in NUMBER_WORDS:
                return NUMBER_WORDS[t.low]
            if t.low not in DETERMINERS and t.low != "of":
                break
        return 1


@dataclass(slots=True)
class _Step:
    toks: list[_Tok]
    lemma: str | None
    cls: str | None
    subject: str  # first | third | name | none | other
    negated: bool
    dobj: _NP | None
    pps: list[tuple[str, _NP]]
    particles: list[str]
    purpose: list[_Tok]
    rest: list[_Tok]  # after a subordinator ("ask Greta where the key is")
    speech: list[str]
    ability_phrase: str | None = None  # a sheet ability or class feature used as the verb
    pseudo: str | None = None  # flight | teleportation | phasing | invisibility | shapeshifting


@dataclass(slots=True)
class _Ctx:
    index: SceneIndex
    scene: Scene
    speeches: list[str]
    first_person: bool
    prose: bool
    last_being: tuple[str, str | None, str] | None = None  # (target, kind, text)
    last_thing: tuple[str, str | None, str] | None = None
    intents: list[Intent] = field(default_factory=list)
    someone_else: bool = False  # the last step parsed was another character's action
    vanished: bool = False  # the message has the player vanish ("vanish ... and appear on the beach")
    text: str | None = None  # the whole message, for what a step's words lead to


def extract(text: str, scene: Scene) -> list[Intent]:
    """The intents in a player's message, one per step, in order. Never raises on odd input."""
    if not isinstance(text, str) or not text.strip():
        return [Intent("other", words=text if isinstance(text, str) else "", ambiguous=True, confidence=0.0, resolved=False)]
    index = SceneIndex.for_scene(scene)
    work, speeches = _prepare(text)
    toks = _tokenize(work)
    if _foreign(toks):
        return [Intent("other", words=text.strip(), ambiguous=True, confidence=0.1, resolved=False)]
    lows = {t.low for t in toks}
    first_person = bool(lows & {"i", "we", "i'm", "i'll", "i'd", "i've", "let's", "me", "my", "im"})
    ctx = _Ctx(index, scene, speeches, first_person, bool(_PROSE_MARK.match(text)) or not first_person)
    ctx.vanished = any((verb_base(t.low) or t.low) in VANISHING for t in toks)
    ctx.text = work

    vocative, toks = _vocative(toks, ctx, text)
    if vocative is not None:
        ctx.intents.append(vocative)
        _remember(vocative, ctx)
    steps = _split(toks, lambda word: index.resolve(word, BEING_KINDS, min_score=90) is not None)
    previous_subject = "none"
    for step_toks, joined in steps:
        ctx.someone_else = False
        step = _parse_step(step_toks, ctx, previous_subject if joined else "none")
        if step is None:
            # someone else's action carries over to "and ..." steps; a verbless fragment does not
            previous_subject = "other" if ctx.someone_else else (previous_subject if joined else "none")
            continue
        previous_subject = step.subject
        intent = _interpret(step, ctx, text)
        if intent is not None:
            ctx.intents.append(intent)
    if not ctx.intents:
        if speeches:
            return [Intent("talk", words=text.strip(), topic=" / ".join(speeches), confidence=0.8)]
        return [Intent("other", words=text.strip(), ambiguous=True, confidence=0.3, resolved=False)]
    return ctx.intents


_INTERJECTIONS = frozenset("hey oi hi hello ho yo ahoy greetings excuse listen look sir madam dear good friend oy psst".split())


def _vocative(toks: list[_Tok], ctx: _Ctx, text: str) -> tuple[Intent | None, list[_Tok]]:
    """ "Greta, another round!" / "Barkeep, a room please": the first sentence is said to someone.
    Returns that talk intent (or None) and the tokens left to parse."""
    for cut, t in enumerate(toks):
        if t.low in (",", "!"):
            break
        if t.low in _HARD:
            return None, toks
    else:
        return None, toks
    if cut == 0 or cut > 4:
        return None, toks
    head = [t for t in toks[:cut] if t.low not in _INTERJECTIONS and t.low not in DETERMINERS]
    end = cut + 1  # what is said runs to the end of the sentence ("Barkeep! Another round!": the next one)
    while end < len(toks) and toks[end].low not in _HARD:
        end += 1
    said = [t for t in toks[cut + 1 : end] if t.low not in _SOFT]
    if not head or not said or said[0].low in SUBJECT_FIRST:
        return None, toks
    m = ctx.index.resolve(" ".join(t.text for t in head), BEING_KINDS, min_score=80)
    if m is None:
        return None, toks
    return (
        Intent(
            "talk",
            target=m.entity.name,
            target_kind=m.entity.kind,
            target_text=" ".join(t.text for t in head),
            words=text[toks[0].start : toks[end - 1].end].strip(),
            topic=text[said[0].start : said[-1].end].strip(),
            confidence=0.9,
        ),
        toks[end + 1 :],
    )


def _ability_phrase(toks: list[_Tok], k: int, ctx: _Ctx, spells: bool = False) -> tuple[str, int] | None:
    """A class feature or sheet ability used as a verb: "sneak attack the guard", "I rage";
    with ``spells``, a spell name too ("I fireball the spider")."""
    first = toks[k].low
    if first not in ctx.index.first_words:
        first = singular(first)
        if first not in FEATURE_FIRST_WORDS and not (spells and first in SPELL_FIRST_WORDS):
            return None
    for size in (4, 3, 2, 1):
        if k + size > len(toks):
            continue
        words = toks[k : k + size]
        if any(w.low in _HARD or w.low in _SOFT for w in words):
            continue
        if words[0].low == "pick" and size > 1:
            continue  # "pick the lock" goes the verb's way: it needs tools
        if words[-1].low in DETERMINERS or words[-1].low in PREPOSITIONS:
            continue
        phrase = " ".join(w.text for w in words)
        key = " ".join(w for w in norm_phrase(phrase).split() if w not in ("the", "a", "an", "my"))
        if size == 1 and (verb_lemma(words[0].low) in VERBS or words[0].low in DETERMINERS):
            continue
        m = ctx.index.resolve(phrase, ("ability",), min_score=100)
        if m is not None:
            return m.entity.name, size
        if key in CLASS_FEATURES and (size > 1 or verb_lemma(words[0].low) is None):
            return phrase, size
        if spells and key in SPELLS and words[0].low not in PREPOSITIONS and (
            size > 1 or (verb_lemma(words[0].low) is None and key not in COMMON_WORD_SPELLS)
        ):
            return phrase, size
    return None


def _parse_step(toks: list[_Tok], ctx: _Ctx, inherited: str = "none") -> _Step | None:
    n = len(toks)
    subject = "none"
    negated = False
    subject_np: list[_Tok] = []
    speech = [ctx.speeches[int(t.low[1:])] for t in toks if t.low.startswith("§") and t.low[1:].isdigit() and int(t.low[1:]) < len(ctx.speeches)]
    k = 0
    verb_at = -1
    while k < n:
        t = toks[k]
        low = t.low
        if low.startswith("§"):
            k += 1
            continue
        if low in SUBJECT_FIRST:
            subject, subject_np = "first", []
            k += 1
            continue
        if low in SUBJECT_THIRD and not subject_np:
            subject = "they" if low.startswith("they") else "third"
            k += 1
            continue
        if low in ctx.index.player_names and t.cap and not subject_np:
            subject = "name"
            k += 1
            continue
        if low in NEGATIONS and low != "no":
            negated = True
            k += 1
            continue
        if low in ("let",) and k + 1 < n and toks[k + 1].low in ("me", "us"):
            subject = "first"
            k += 2
            continue
        if low in _OPERATING and k + 1 < n and (toks[k + 1].low in DETERMINERS or toks[k + 1].low in ("up", "on")) and not subject_np:
            verb_at = k  # "I start the motor sledge", "crank up the generator": working a machine
            break
        if low in ("let", "lets") and k + 1 < n and toks[k + 1].low in ("fly", "loose", "rip"):
            verb_at = k  # "let fly at her": a shot (PHRASAL), not a flight
            break
        if low in ("let", "lets") and k + 2 < n and toks[k + 1].low in _REFLEXIVE and toks[k + 2].low in ("in", "into", "inside", "out", "through"):
            verb_at = k  # "I let myself into the cabin": going in
            break
        if low in MODALS and not subject_np:
            k += 1
            continue
        if _is_adverb(low) and not subject_np:
            k += 1
            continue
        tv = try_verb(low)
        if tv and k + 2 < n and toks[k + 1].low == "to" and (verb_lemma(toks[k + 2].low) is not None or tv == "try"):
            if tv == "use":
                break  # "use to" is not a try-verb; handled as a verb
            k += 2
            continue
        if tv == "go" and k + 2 < n and toks[k + 1].low == "and" and verb_lemma(toks[k + 2].low):
            k += 2  # "go and get", "go ahead and"
            continue
        if low == "go" and k + 1 < n and toks[k + 1].low == "ahead":
            k += 2
            if k < n and toks[k].low == "and":
                k += 1
            continue
        prev = toks[k - 1].low if k else ""
        ability = _ability_phrase(toks, k, ctx, spells=subject != "none") if prev not in DETERMINERS else None
        if ability is not None:
            verb_at = k
            break
        lemma = verb_lemma(low)
        if lemma is not None and (lemma in VERBS or (lemma, toks[k + 1].low if k + 1 < n else "") in PHRASAL) and prev not in DETERMINERS and not prev.endswith("'s"):
            verb_at = k
            break
        if low in PREPOSITIONS and not subject_np and subject == "none":
            # leading phrase ("With a roar I charge"): skip up to a subject pronoun if one comes
            j = k + 1
            while j < n and toks[j].low not in SUBJECT_FIRST and toks[j].low not in SUBJECT_THIRD:
                j += 1
            if j < n:
                k = j
                continue
            return None
        if low in ("as", "when", "while", "whilst", "because", "since", "though", "although") and subject_np:
            subject_np, subject = [], "none"  # "the blast hits the hag as they cast": a new clause
            k += 1
            continue
        if (
            subject in ("first", "third", "they", "name") and not subject_np and not t.cap and k + 1 < n
            and verb_lemma(toks[k + 1].low) in VERBS and low.isalpha() and low not in DETERMINERS
            and not (toks[k + 1].low in PREPOSITIONS or toks[k + 1].low in PARTICLES)  # "I rappel down"
            and low not in PREPOSITIONS and low not in SUBORDINATORS and verb_lemma(low) is None
        ):
            k += 1  # "they panic cast ...": a word between subject and verb
            continue
        if (
            subject == "first" and not subject_np and not t.cap and k + 1 < n and verb_base(low) is not None
            and (toks[k + 1].low in PREPOSITIONS or toks[k + 1].low in PARTICLES) and _verbish(t)
        ):
            verb_at = k  # "I rappel down the wall": a verb the tables lack, then its particle
            break
        if (
            (subject == "first" or (subject == "none" and k == 0 and inherited in ("first", "name")))
            and not subject_np and not t.cap and k + 1 < n and verb_base(low) is not None
            and (toks[k + 1].low in PRONOUNS_THING or toks[k + 1].low in PRONOUNS_BEING or toks[k + 1].low in POSSESSIVES
                 or toks[k + 1].low in ("the", "a", "an"))
            and _verbish(t) and low not in FOOD
        ):
            verb_at = k  # "I jot it down", "I scribble the address": a verb the tables lack, then its object
            break
        subject_np.append(t)
        if len(subject_np) > 6:
            break
        k += 1
    fuzzy_lemma = None
    if verb_at < 0 and subject_np and (subject != "none" or subject_np[0] is _first_word(toks)):
        fuzzy_lemma = _fuzzy_verb(subject_np[0].low)
        if fuzzy_lemma is not None:
            verb_at = toks.index(subject_np[0])
            subject_np = []
    if verb_at < 0 and (subject in ("first", "name") or (subject == "none" and inherited in ("first", "name"))) and subject_np and _verbish(subject_np[0]):
        # "I text Dex on my phone", "I plug my USB stick in": a verb the tables lack is still
        # the verb, so that what its words commit to can be checked
        fuzzy_lemma = verb_base(subject_np[0].low) or subject_np[0].low
        verb_at = toks.index(subject_np[0])
        subject_np = []
    if verb_at < 0:
        if speech:
            return _Step(toks, "say", "talk", subject, negated, None, [], [], [], [], speech)
        return None
    if subject_np:
        subject = _subject_of(subject_np, ctx)
    elif subject == "none" and inherited != "none":
        subject = inherited  # "Greta pours an ale and hands it over": still Greta
    if subject in ("third", "they") and ctx.first_person:
        subject = "other"
    if subject == "other":
        ctx.someone_else = True
        return None

    # verb and its particle
    pseudo = None
    ability_name = None
    ab = _ability_phrase(toks, verb_at, ctx, spells=subject != "none") if verb_at == k else None
    if ab is not None:
        ability_name, size = ab
        lemma, cls = None, "ability"
        rest_at = verb_at + size
    else:
        low = toks[verb_at].low
        lemma = fuzzy_lemma or verb_lemma(low) or low
        rest_at = verb_at + 1
        nxt = toks[rest_at].low if rest_at < n else ""
        if low in ("lay", "lays", "laying", "laid") and (nxt in DETERMINERS or nxt in POSSESSIVES or nxt == "hands"):
            lemma = "lay"  # "I lay a curse on him", "lay the map on the table": laying, not lying
        elif (verb_base(lemma) or lemma) == "appear" and ctx.vanished:
            lemma = "reappear"  # "I vanish ... and appear on the beach": somewhere else at once
        cls = VERBS.get(lemma)
        if cls is None and lemma in _OPERATING:
            cls = "use"
            if nxt in ("up", "on"):
                rest_at += 1
        if (lemma, nxt) in PHRASAL:
            cls = PHRASAL[(lemma, nxt)]
            rest_at += 1
        elif lemma == "take" and nxt in ("a", "an", "some", "another", "my", "the") and rest_at + 1 < n:
            # "take a swing at", "take a short rest", "take a swig from"
            j = rest_at + 1
            while j < n and toks[j].low in ("short", "long", "quick", "big", "deep", "good", "hard", "wild", "little", "small", "long", "careful", "closer", "final"):
                j += 1
            noun = singular(toks[j].low) if j < n else ""
            if noun in TAKE_IDIOMS:
                cls = TAKE_IDIOMS[noun]
                rest_at = j + 1
                if cls == "consume" and rest_at < n and toks[rest_at].low == "of":
                    rest_at += 1
        elif lemma in ("let", "lets") and nxt in ("fly", "loose", "rip"):
            cls, rest_at = "shoot", rest_at + 1  # "let fly at her": a shot, the player stays on the ground
        elif lemma == "make" and rest_at + 1 < n and toks[rest_at + 1].low == "way":
            cls, rest_at = "move", rest_at + 2
        elif lemma == "fly" and nxt == "into" and any(t.low in _TEMPERS for t in toks[rest_at + 1 : rest_at + 5]):
            cls, rest_at = "benign", n  # "fly into a berserk rage": a temper, not a flight
        elif lemma in ("go", "head") and nxt == "to" and rest_at + 1 < n and toks[rest_at + 1].low in ("sleep", "bed"):
            cls, rest_at = "rest", n
        elif lemma in ("turn", "become", "go", "grow") and nxt in _UNSEEN_STATES:
            cls, pseudo, rest_at = "turn", ("invisibility" if nxt in ("invisible", "transparent") else "phasing"), rest_at + 1
        elif lemma in ("make", "render", "turn") and nxt in _REFLEXIVE and rest_at + 1 < n and toks[rest_at + 1].low in _UNSEEN_STATES:
            state = toks[rest_at + 1].low  # "I make myself invisible"
            cls, pseudo, rest_at = "turn", ("invisibility" if state in ("invisible", "transparent") else "phasing"), rest_at + 2
        elif lemma in ("turn", "transform", "shapeshift", "morph", "change", "shift", "become") and nxt == "into":
            cls = "shapeshift"
            rest_at += 1
        elif lemma == "pick" and nxt in ("the", "a", "its", "that") and rest_at + 1 < n and toks[rest_at + 1].low in ("lock", "locks", "padlock"):
            cls = "picklock"
        elif lemma == "pick" and any(
            t.low in ("lock", "locks", "padlock") and toks[j - 1].low.endswith(("'s", "s'")) for j, t in enumerate(toks[rest_at + 1 : rest_at + 7], rest_at + 1)
        ):
            cls = "picklock"  # "pick the office door's lock"
        elif lemma == "cast" and nxt in ("a", "an", "my", "his", "her") and rest_at + 1 < n and toks[rest_at + 1].low in ("glance", "look", "eye", "net", "line", "shadow", "vote", "lot", "stone", "anchor", "gaze", "spell"):
            if toks[rest_at + 1].low in ("glance", "look", "eye", "gaze"):
                cls = "examine"
            elif toks[rest_at + 1].low != "spell":
                cls = "benign"
        elif lemma == "cast" and nxt in ("aside", "off", "away", "out"):
            cls = "benign"
        if lemma in ("let", "lets") and nxt in _REFLEXIVE:
            cls, rest_at = "move", rest_at + 1
        elif cls is None and lemma not in VERBS:
            lemma = verb_base(lemma) or lemma
            cls = _wordnet_class(lemma, toks[rest_at:])
        if nxt == "open" and not _forcing(lemma, cls) and cls not in ("open", "unlock", "picklock"):
            cls, rest_at = "open", rest_at + 1  # "pull open the vault gate": opening, not forcing
        if cls == "fly":
            pseudo = "flight"
        elif cls == "teleport":
            pseudo = "teleportation"
            if lemma == "blink" and not (nxt in ("to", "behind", "across", "over", "past", "into", "beside", "through") or nxt == ""):
                cls, pseudo = "benign", None
        elif cls == "phase":
            pseudo = "phasing"

    fixed: list[_Tok] = []
    if cls == "use":
        j = rest_at
        while j < n and toks[j].low in DETERMINERS:
            j += 1
        ab2 = _ability_phrase(toks, j, ctx)
        if ab2 is not None and j + ab2[1] > rest_at:
            fixed = toks[rest_at : j + ab2[1]]
            rest_at = j + ab2[1]
    dobj, pps, particles, purpose, rest = _roles(toks[rest_at:], cls)
    if fixed:
        dobj = _NP(fixed)
    if (
        dobj is not None and (lemma, "out") in PHRASAL and cls != PHRASAL[(lemma, "out")]
        and any(p == "out of" for p, _ in pps) and not _is_beingish(dobj, ctx)
    ):
        cls = PHRASAL[(lemma, "out")]  # "I whip my Thompson out of the violin case": drawing it
    if "open" in particles and dobj is not None and not _forcing(lemma, cls) and cls not in ("open", "unlock", "picklock"):
        cls = "open"  # "swing the safe open"
    return _Step(toks, lemma, cls, subject, negated, dobj, pps, particles, purpose, rest, speech, ability_name, pseudo)


_VERBS_BY_LETTER: dict[str, list[str]] = {}
for _v in VERBS:
    if len(_v) >= 4:
        _VERBS_BY_LETTER.setdefault(_v[0], []).append(_v)


def _first_word(toks: list[_Tok]) -> _Tok | None:
    for t in toks:
        if t.low[:1].isalpha() and t.low not in MODALS:
            return t
    return None


def _fuzzy_verb(low: str) -> str | None:
    """A misspelt verb where a verb must be ("I attak the guard"): the closest known verb with
    the same first letter, at most one edit away (a swapped pair counts as one)."""
    if len(low) < 4 or not low.isalpha() or low in DETERMINERS or low in PREPOSITIONS or low in BEINGS:
        return None
    if try_verb(low) or verb_lemma(low) is not None or verb_base(low) is not None:
        return None  # a real verb the table does not classify ("reached", "seal")
    cands = [low]
    for suffix in ("ing", "ed", "es", "s"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            cands += [low[: -len(suffix)], low[: -len(suffix)] + "e"]
    best = None
    for c in cands:
        pool = _VERBS_BY_LETTER.get(c[0], [])
        hit = process.extractOne(c, pool, scorer=OSA.normalized_similarity, score_cutoff=0.79)
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return best[0] if best is not None else None


_REFLEXIVE = frozenset({"myself", "ourselves", "himself", "herself", "themselves", "me", "us"})
_UNSEEN_STATES = frozenset(("invisible", "transparent", "incorporeal", "intangible", "ethereal"))
_TEMPERS = frozenset("rage rages fury temper frenzy panic passion tantrum fit fits hysterics".split())
# Verbs that open by force: an attempt the dice decide, never an "opening" of a locked thing.
_FORCING_VERBS = frozenset(
    """kick smash bash break force pry prise prize jimmy shoulder ram hack chop blast shoot burn cut
    slice punch hit batter bust crack lever wrench split splinter blow stab slash saw pick shove
    bludgeon hammer axe""".split()
)


def _forcing(lemma: str | None, cls: str | None) -> bool:
    if cls == "force" or lemma in _FORCING_VERBS:
        return True
    return cls == "attack" and lemma not in ("swing", "sweep", "whip", "lash")


def _verbish(t: _Tok) -> bool:
    """Whether a word right after "I" can be read as a verb the tables lack."""
    low = t.low
    if not low.isalpha() or len(low) < 2 or t.cap or low in DETERMINERS or low in PREPOSITIONS:
        return False
    if low in NEGATIONS or low in MODALS or low in PRONOUNS_BEING or low in PRONOUNS_THING:
        return False
    return True


# Verb classes for words the tables lack, from WordNet's class of their commonest sense, and only
# where the words after the verb agree: a verb of talking with someone to talk to, a verb of
# motion with somewhere to go.
_MOTION_PREPS = frozenset("to toward towards into onto through thru across over up down out under inside along past behind".split())


def _wordnet_class(lemma: str, after: list[_Tok]) -> str | None:
    codes = verb_codes(lemma)
    if not codes:
        return None
    first = after[0].low if after else ""
    if codes[0] == "t":
        return "talk"  # "I report to the commander", "I radio the outpost"
    if codes[0] == "v" and (first in _MOTION_PREPS or first in ("in", "out", "away", "off", "back")):
        return "move"  # "I seep under the door", "I skate across the gym"
    if codes[0] == "e" and (first in ("down", "up") or first in DETERMINERS):
        return "consume"  # "I wolf down the beans"
    return None


def _subject_of(np: list[_Tok], ctx: _Ctx) -> str:
    """Whose action a clause with a noun-phrase subject is: the player's, or someone else's."""
    words = [t for t in np if t.low not in DETERMINERS and t.low not in ("as", "when", "while", "so", "and", "but")]
    if not words:
        return "none"
    if all(t.low in ctx.index.player_names or t.low.endswith("'s") for t in words):
        return "name"
    first = ctx.index.player_name.split()[0].casefold() if ctx.index.player_name else ""
    if len(words) == 1 and first and len(words[0].low) >= 4 and first.startswith(words[0].low[:4]) and words[0].cap:
        return "name"  # a nickname: "Barty" for "Bartholomew"
    return "other"


def _roles(toks: list[_Tok], cls: str | None) -> tuple[_NP | None, list[tuple[str, _NP]], list[str], list[_Tok], list[_Tok]]:
    """Split the words after a verb into direct object, prepositional phrases, purpose and rest."""
    n = len(toks)
    i = 0
    particles: list[str] = []
    while i < n and toks[i].low in PARTICLES:
        nxt = toks[i + 1].low if i + 1 < n else ""
        # "pick up the rag" / "go down into": a particle; "climb up the mast": a preposition
        if nxt in PREPOSITIONS or nxt == "" or nxt in _SOFT or nxt in ("to",):
            particles.append(toks[i].low)
            i += 1
            continue
        if cls in ("move", "climb", "fly", "approach", "teleport", "phase", "jump") and toks[i].low in ("up", "down", "over", "in", "out", "along", "around", "on"):
            break  # a preposition of motion: keep it for the PP parse
        particles.append(toks[i].low)
        i += 1
    dobj_toks: list[_Tok] = []
    pps: list[tuple[str, _NP]] = []
    purpose: list[_Tok] = []
    rest: list[_Tok] = []
    cur_prep: str | None = None
    cur: list[_Tok] = []

    def flush() -> None:
        nonlocal cur
        if cur_prep is None:
            dobj_toks.extend(cur)
        elif cur_prep == "§":  # quoted speech ends a phrase and is no part of one
            cur = []
            return
        elif cur:
            pps.append((cur_prep, _NP(cur)))
        elif cur_prep in PARTICLES:
            particles.append(cur_prep)
        cur = []

    while i < n:
        t = toks[i]
        low = t.low
        if low in _SOFT or low in _HARD:
            if (cur or dobj_toks) and not _list_item(toks, i + 1):
                flush()
                rest = toks[i + 1 :]  # ", greataxe raised high": a new phrase, not more object
                break
            i += 1
            continue
        if low.startswith("§"):
            flush()
            cur_prep = "§"
            i += 1
            continue
        if (low in SUBJECT_FIRST or low in SUBJECT_THIRD) and (cur or dobj_toks or pps):
            flush()
            rest = toks[i:]
            break
        if low == "to" and i + 1 < n and _purpose_word(toks, i + 1):
            flush()
            purpose = toks[i + 1 :]
            break
        if low == "out" and i + 1 < n and toks[i + 1].low == "of":
            flush()
            cur_prep = "out of"
            i += 2
            continue
        if low in ("in", "next") and i + 2 < n and toks[i + 1].low in ("front", "to") and toks[i + 2].low == "of":
            flush()
            cur_prep = "near"
            i += 3
            continue
        if low in SUBORDINATORS and low not in ("as",) and (cls == "talk" or low in ("if", "whether", "where", "how", "why", "what", "who", "that")):
            flush()
            rest = toks[i:]
            break
        if low in SUBORDINATORS and low in ("while", "as", "so", "because", "until", "though", "although", "since", "once", "before", "after", "when"):
            flush()
            rest = toks[i:]
            break
        if low in PREPOSITIONS and low != "of" and not (low in ("up", "down", "out", "off", "over", "in", "on", "back", "around", "away") and cur_prep is None and not cur and not dobj_toks and cls not in ("move", "climb", "fly", "approach", "phase", "teleport", "jump")):
            flush()
            cur_prep = low
            i += 1
            continue
        cur.append(t)
        i += 1
    flush()
    while dobj_toks and dobj_toks[-1].low in _TRAILING_ADVERBS:
        dobj_toks.pop()
    if len(dobj_toks) > 1 and dobj_toks[-1].low in DIRECTIONS and dobj_toks[-1].low not in ("over", "in", "on", "off", "out", "up", "down"):
        particles.append(dobj_toks.pop().low)  # "the forest path north"
    if len(dobj_toks) > 1 and dobj_toks[-1].low in ("open", "shut", "apart", "closed", "loose", "free", "down", "in", "aside", "over"):
        particles.append(dobj_toks.pop().low)  # "smash the chest open"
    dobj = _NP(dobj_toks) if dobj_toks else None
    return dobj, pps, particles, purpose, rest


_PURPOSE_VERBS = frozenset(
    """appear see get make find help check keep stop protect distract defend save block cover hide
    reach avoid prevent catch show stay learn buy sell open close free rescue escape reach warn
    kill wound knock scare frighten lure draw get slow stun end finish""".split()
)


def _purpose_word(toks: list[_Tok], j: int) -> bool:
    """Whether "to" + ``toks[j]`` opens a purpose clause ("to appear beside Amira")."""
    w = toks[j]
    low = w.low
    if low in DETERMINERS or w.cap or low in _NOUNISH_DEST or low.isdigit():
        return False
    if low in _PURPOSE_VERBS:
        return True
    lemma = verb_lemma(low)
    nxt = toks[j + 1].low if j + 1 < len(toks) else ""
    if lemma is None:
        # a verb the hand-made lexicon lacks but WordNet knows, then its object: "to rally the
        # traders", "to hearten them" (a purpose, not a recipient or a destination)
        return verb_base(low) is not None and (nxt in DETERMINERS or nxt in PRONOUNS_BEING or nxt in PRONOUNS_THING) and nxt not in ("a", "an")
    if lemma in VERBS and low not in _NOUNISH:
        return True
    if nxt and toks[j + 1].cap and lemma in VERBS and VERBS[lemma] in ("attack", "heal", "talk"):
        return True  # "to strike Dolgrim down": a verb, then someone named
    return nxt == "" or nxt in DETERMINERS or nxt in PRONOUNS_BEING or nxt in PRONOUNS_THING or nxt in PREPOSITIONS


def _list_item(toks: list[_Tok], j: int) -> bool:
    """Whether the words after a comma continue a list ("the sword, the shield and the rope")."""
    seg = []
    while j < len(toks) and toks[j].low not in _SOFT and toks[j].low not in _HARD and toks[j].low not in ("and", "or"):
        seg.append(toks[j])
        j += 1
    if not seg:
        return True
    if seg[0].low in PREPOSITIONS:
        return True  # "at the wolf, with my axe": more roles
    return len(seg) <= 2 or seg[0].low in DETERMINERS or seg[0].low.isdigit() or seg[0].low in NUMBER_WORDS


_TRAILING_ADVERBS = frozenset("twice thrice again once hard fast now too already anyway instead repeatedly quickly immediately".split())
_NOUNISH_DEST = frozenset("market square tavern inn gate cellar hall room bar door table fire well camp town city castle shore ship deck dock forest chapel crypt".split())


# -- interpretation ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Ref:
    name: str
    kind: str | None
    text: str
    resolved: bool
    score: float = 100.0


def _interpret(step: _Step, ctx: _Ctx, text: str) -> Intent | None:
    words = text[step.toks[0].start : step.toks[-1].end].strip() if step.toks else text.strip()
    conf = {"first": 0.95, "none": 0.85 if ctx.prose else 0.92, "name": 0.85, "third": 0.72, "they": 0.6}.get(step.subject, 0.7)
    if step.negated:
        return Intent("other", words=words, confidence=0.5, resolved=True)
    power = _power(step, ctx, words, conf) or _rite(step, ctx, words, conf)
    if power is not None:
        _remember(power, ctx)
        return power
    if _fiction_frame(step, ctx):
        # "I frag Derek in Quake with the rocket launcher", "in my dream I fly": what happens
        # inside a game, story or dream is not done in the scene
        return Intent("other", words=words, confidence=conf, resolved=True)
    cls = step.cls
    if step.dobj is not None and step.dobj.lows[-1:] == ["way"] and step.dobj.possessive is not None and step.pps:
        # "I shoulder my way into the storehouse", "I elbow my way through the crowd": going there
        way = _Step(step.toks, step.lemma, "move", step.subject, step.negated, None, step.pps, step.particles, step.purpose, step.rest, step.speech)
        intent = _h_move(way, ctx, words, conf)
        _remember(intent, ctx)
        return intent
    if _hauls_oneself_up(step, ctx):
        # "I haul myself up the wall", "pull myself up onto the ledge", "hoist myself over the
        # parapet": whatever the verb, taking one's own body up or over a thing is climbing it
        step = replace(step, cls="climb", dobj=None)
        cls = "climb"
    if step.lemma in _BODY_DROPS and (step.dobj is None or step.dobj.lows == ["myself"]) and cls not in ("move", "climb", "jump") and (
        (step.pps and step.pps[0][0] in ("into", "down", "through", "thru", "onto", "inside", "under", "beneath", "off"))
        or (not step.pps and set(step.particles) & {"down", "in", "through"})
    ):
        cls = "move"  # "I drop into the hold", "I lower myself down the rope": the body goes there
        step = replace(step, cls=cls, dobj=None)
    if step.lemma in _HANDING and cls not in ("give", "throw", "buy") and step.dobj is not None:
        parts = _split_double(step.dobj)
        if (
            len(parts) == 2 and _is_beingish(parts[0], ctx) and _pronoun(parts[1]) is None
            and _resolve(parts[1], ctx, BEING_KINDS, min_score=80) is None
            and _category(parts[1], ctx) not in ("being", "hostile", "generic_being")
        ):
            # "I slip Lola a flask", "I pass the guard a note", "I feed the mule an apple":
            # someone, then something, after a verb of handing is a hand-over
            step = replace(step, cls="give")
            cls = "give"
    if _rides_to(step, ctx):
        # "I take a cab to City Hall", "I catch the night train to Boston": travel by a vehicle
        # is going to where it goes
        intent = _h_move(replace(step, cls="move", dobj=None), ctx, words, conf)
        _remember(intent, ctx)
        return intent
    if cls is None and step.dobj is None and step.pps and step.pps[0][0] in ("into", "inside", "through", "thru"):
        cls = "move"  # "I badge into the server room": going in
        step.cls = cls
    if cls is None:
        at = _pp(step, "at", "toward", "towards")
        if step.dobj is not None and at is not None and not _is_beingish(step.dobj, ctx) and _is_beingish(at, ctx):
            intent = _h_throw(step, ctx, words, conf * 0.8)  # "I lob a grenade at the rat"
            _remember(intent, ctx)
            return intent
        intent = Intent("other", words=words, ambiguous=True, confidence=0.3 * conf, resolved=True)
        m = _with_method(step, ctx)
        if m is not None and m.resolved:
            _set_method(intent, m, ctx)
        _commit(intent, step, ctx)
        return intent
    handler = _HANDLERS.get(cls, _h_other)
    intent = handler(step, ctx, words, conf)
    if intent is not None:
        _commit(intent, step, ctx)
        _remember(intent, ctx)
    return intent


# Verbs that hand something over when two objects follow them ("slip Lola a flask").
_HANDING = frozenset("slip pass toss bring send sneak feed pour hand offer lob chuck fling sling flick".split())
# Verbs that, with a vehicle for object and a destination, mean riding it there.
_BOARDING = frozenset("catch hail flag board hop jump call book charter grab hire get take".split())


def _rides_to(step: _Step, ctx: _Ctx) -> bool:
    d = step.dobj
    if d is None or _pp(step, "to", "toward", "towards") is None:
        return False
    if step.lemma not in _BOARDING and step.cls not in ("take", None):
        return False
    if d.possessive not in (None, "my", "our") or _possessor(d) is not None:
        return False
    return _is_vehicle(d, ctx)


# Public transport WordNet files under other classes ("subway" is first a tunnel).
_TRANSIT = frozenset("subway metro tube underground uber lyft cab taxi shuttle tram trolley streetcar ferry rickshaw".split())


def _is_vehicle(np: _NP, ctx: _Ctx) -> bool:
    """A vehicle one rides ("a cab", "the night train", "the ferry"), not one of the place's
    fixtures (a ship's "boat" hoisted on deck is scenery)."""
    head = np.head
    if not head or head in BEINGS or ctx.index.is_scenery(head):
        return False
    return head in _TRANSIT or "V" in noun_codes(head)[:3]


# Verbs of letting the body go somewhere, when they have no object ("I drop into the hold").
_BODY_DROPS = frozenset("drop lower slide roll fall tumble swing lower ease squeeze".split())
_OWN_BODY = frozenset({"myself", "ourselves", "himself", "herself", "themselves"})
_UPWARD = frozenset({"up", "onto", "over", "atop", "upon"})


def _hauls_oneself_up(step: _Step, ctx: _Ctx) -> bool:
    d = step.dobj
    if d is None or len(d.toks) != 1 or d.toks[0].low not in _OWN_BODY or not step.pps:
        return False
    if step.cls in ("talk", "order", "give", "cast", "heal", "examine", "rest", "climb"):
        return False
    prep, np = step.pps[0]
    up = prep in _UPWARD or ("up" in step.particles and prep in ("on", "to", "into"))
    return up and not _is_beingish(np, ctx)


# -- what the words commit to, whatever the verb ------------------------------------------------


def _commit(intent: Intent, step: _Step, ctx: _Ctx) -> None:
    """Fill what the verb's handler left open with what the words themselves commit to: a thing
    claimed as the player's own ("my cell phone", "a rose from my coat") becomes the method; for
    a deed with no target, someone it is done to or with ("I bow to the queen") the target; a
    locked room entered ("slip into the strongroom") the target feature."""
    if intent.action_type == "other" and _state_change(step, ctx):
        return  # "I go berserk": a state, with nothing it commits to
    if intent.method is None and intent.action_type not in ("talk", "buy", "take", "rest"):
        np = (
            _placed(step, ctx) or _instrument(step, ctx) or _claimed(step, intent, ctx)
            or (_absent_gear(step, ctx) if intent.ambiguous else None)
        )
        if np is not None:
            m = _method(np, ctx)
            if m is not None and m.kind not in ("self",):
                _set_method(intent, m, ctx, None if m.kind in ("ability", "spell") else "item")
    elif intent.method is None and intent.action_type == "talk":
        np = _claimed(step, intent, ctx, preps=("on", "with", "using", "via", "through", "over", "in", "into"))
        if np is not None and np.possessive in ("my", "our"):
            m = _method(np, ctx)  # "I call the sheriff on my radio"
            if m is not None and m.kind not in ("self", "ability", "spell"):
                _set_method(intent, m, ctx, "item")
    if intent.target is None and intent.action_type == "other" and step.lemma not in _DEVOTION and not (
        step.dobj is not None and step.dobj.head in _DEVOTIONS
    ):  # "I offer a prayer to the Moon Mother": words sent up, to no one who must be here
        for prep, np in step.pps:
            if prep in ("to", "with", "at", "toward", "towards", "before") and _is_beingish(np, ctx):
                if _resolve(np, ctx, ("exit", "location", "feature", "item", "content"), min_score=85) is not None:
                    continue  # "I skateboard to the Docking Ring": a place or thing here, not someone
                _set_target(intent, _being(np, ctx, allow_objects=False))
                break
        else:
            if step.dobj is not None and _category(step.dobj, ctx) in ("being", "hostile") and step.lemma not in _ABSENT_OK:
                ref = _being(step.dobj, ctx, allow_objects=True, places=False)
                if ref is not None and (ref.resolved or ref.kind == "being"):
                    _set_target(intent, ref)
    if intent.target_kind == "feature" and intent.action_type in ("take", "other", "use_item") and _lifts_open(step, intent.target, ctx):
        intent.action_type = "open"  # "I lift the hold hatch", "I haul up the portcullis": opening it
        intent.ambiguous = False
    elif intent.target is None and intent.method_kind == "item" and _lifts_open(step, intent.method, ctx):
        intent.action_type = "open"  # "I raise the hatch" (read as readying a thing): opening it
        intent.target, intent.target_kind, intent.target_text, intent.resolved = intent.method, "feature", intent.method_text, True
        intent.method = intent.method_kind = intent.method_text = None
        intent.ambiguous = False
    elif intent.target is None and intent.action_type == "other" and step.dobj is not None:
        lifted = _resolve(step.dobj, ctx, ("feature",), min_score=70)
        if lifted is not None and _lifts_open(step, lifted.name, ctx):
            intent.action_type = "open"  # "I haul up the hatch"
            _set_target(intent, lifted)
            intent.ambiguous = False
            intent.confidence = round(max(intent.confidence, 0.8), 3)
    elif intent.target_kind != "feature" and intent.action_type not in ("attack", "open", "unlock"):
        lid = _lid_of(step, ctx)
        if lid is not None:
            intent.action_type = "open"  # "I lift the lid of the sarcophagus": opening it
            _set_target(intent, lid)
        else:
            way = _way_through(step, ctx)
            if way is not None and intent.target_kind not in ("exit", "location", "place"):
                _set_target(intent, way)  # "I duck under the portcullis into the vault"
    if intent.action_type in _MAY_CLIMB and not (intent.method_kind == "ability" and intent.method):
        top = _atop(step, ctx)
        if top is not None:
            # "I get on top of the bookcases", "I hop up onto the wall", "I ascend the cliff":
            # whatever the verb, ending up on a feature is climbing it
            intent.action_type = "climb"
            _set_target(intent, top)
            if intent.ambiguous:
                intent.ambiguous = False
                intent.confidence = round(max(intent.confidence, 0.8), 3)


_MAY_CLIMB = frozenset({"move", "take", "other", "use_item", "open"})
_NOT_CLIMBING = frozenset({"talk", "order", "give", "throw", "examine", "cast", "heal", "attack", "shoot", "push", "buy", "consume", "light", "summon", "ready", "use"})
# Verbs that, with a feature for object, go up it ("ascend the cliff", "mount the wall").
_ASCENDING = frozenset("ascend mount scale surmount summit top crest".split())


def _atop(step: _Step, ctx: _Ctx) -> _Ref | None:
    """The feature the words put the player up on: "onto", "atop", "on top of", "up on", or an
    ascending verb's object; only a feature that cannot be climbed matters."""
    if step.cls in _NOT_CLIMBING:
        return None
    d = step.dobj
    nps: list[_NP] = []
    if step.lemma in _ASCENDING and d is not None:
        nps.append(d)
    lows = [t.low for t in step.toks]
    up = "up" in lows
    if d is not None and set(step.particles) & {"up", "on"} and (
        d.lows[:2] == ["top", "of"] or d.lows[:3] == ["the", "top", "of"] or ("on" in step.particles and up) or (step.cls is None and "v" in verb_codes(step.lemma or "")[:2])
    ):
        nps.append(_NP(d.toks[d.lows.index("of") + 1 :]) if "of" in d.lows[:3] else d)  # "get on top of", "swarm up the wall"
    for prep, np in step.pps:
        lows = np.lows
        top_of = lows[:2] == ["top", "of"] or lows[:3] == ["the", "top", "of"]
        if top_of:
            np = _NP(np.toks[lows.index("of") + 1 :])
        if d is not None and d.lows[-1:] != ["myself"] and d not in nps and step.lemma not in _ASCENDING:
            break  # "I put the violin on top of the bookcases": the thing goes up, not the player
        if prep in ("onto", "atop", "up") or (prep in ("on", "upon", "to") and (top_of or up)):
            nps.append(np)
    for np in nps:
        ref = _resolve(np, ctx, ("feature",), min_score=70)
        if ref is not None:
            f = ctx.index.feature(ref.name)
            if f is not None and f.climbable is False:
                return ref
    return None


# Verbs of addressing the absent: a prayer or an oath reaches its god wherever it is.
_DEVOTION = frozenset("pray worship swear vow appeal sacrifice dedicate commend invoke beseech".split())
# Verbs whose object need not be present: thinking of, waiting for or imitating someone.
_ABSENT_OK = frozenset(
    """wait await imitate mimic mention remember recall think describe draw sketch impersonate
    pretend miss mourn curse seek find track trace summon imagine picture fear hate love dream
    envy pity honour honor worship praise blame name toast""".split()
)


def _claimed(step: _Step, intent: Intent, ctx: _Ctx, preps: tuple[str, ...] | None = None) -> _NP | None:
    """The first phrase the words claim the player holds: "my X", "a bit of my X", or "X" taken
    "from/out of my Y" (then X; the container may be a garment the sheet omits)."""
    nps: list[tuple[str, _NP]] = []
    if step.dobj is not None and preps is None:
        nps.append(("", step.dobj))
    nps.extend((p, np) for p, np in step.pps if preps is None or p in preps)
    target_text = (intent.target_text or "").casefold()
    from_mine = any(p in ("from", "out of") and _mine(np) for p, np in step.pps) or _from_under_mine(step) or (
        step.lemma not in _PLACING and step.cls not in ("take", "steal", "give", "buy")
        and any(p in ("in", "inside", "within") and _mine(np) and _container(np) for p, np in step.pps)
    )
    first_pp = step.pps[0] if step.dobj is None and step.pps else None
    for prep, np in nps:
        particle_object = first_pp is not None and (prep, np) == first_pp and prep in ("up", "down", "out", "off", "on")
        if (prep == "" or particle_object) and from_mine and np.possessive is None and _pronoun(np) is None:
            return np  # "I roll a cigarette from my tobacco pouch", "wind up the toy in my pocket"
        if np.text.casefold() == target_text:
            continue
        if _mine(np) and _category(np, ctx) not in _NOT_CLAIMS:
            return np  # "on my cell phone", "in my bearskin blanket"
    return None


_HIDING_PREPS = frozenset("under beneath underneath inside within behind".split())


def _from_under_mine(step: _Step) -> bool:
    """ "out from under my coat", "from inside my jacket", "from behind my back"."""
    lows = [t.low for t in step.toks]
    for i in range(len(lows) - 2):
        if lows[i] == "from" and lows[i + 1] in _HIDING_PREPS and lows[i + 2] in ("my", "our"):
            return True
    return False


def _container(np: _NP) -> bool:
    """ "my pocket", "my coat", "my pack": something one carries things in."""
    head = singular(np.head or "")
    return head in _CONTAINERS or is_garment(head)


_CONTAINERS = frozenset("pocket pack backpack bag pouch satchel purse belt sleeve boot knapsack rucksack haversack wallet case kit box".split())


# "my friend", "my hands", "my way": nothing a sheet would list
_NOT_CLAIMS = frozenset({"hostile", "generic_being", "being", "body", "place", "direction", "spell"})


# Verbs that put a thing somewhere: one must hold what one puts ("I hide the key in my boot").
_PLACING = frozenset("put place stash stow tuck hide slip drop set lay hang attach tie wrap bury plant sew strap hook clip pin fasten".split())
_LIDS = frozenset("lid cover top flap door hatch seal latch clasp".split())


def _placed(step: _Step, ctx: _Ctx) -> _NP | None:
    d = step.dobj
    if step.lemma not in _PLACING or d is None or not d.toks or _pronoun(d) is not None:
        return None
    if not step.pps or _is_beingish(d, ctx) or d.lows[0] in ("myself", "ourselves"):
        return None  # "I hide", "I set the table"? only "put X somewhere"
    return d


def _lid_of(step: _Step, ctx: _Ctx) -> _Ref | None:
    """ "the lid of the sarcophagus", "the chest's lid": the locked feature a lid opens."""
    d = step.dobj
    if d is None or step.lemma not in ("lift", "raise", "pull", "push", "slide", "prise", "remove", "take", "swing", "flip", "ease", "heave", "open"):
        return None
    lows = d.lows
    if "of" in lows and lows[lows.index("of") - 1:lows.index("of")] and lows[lows.index("of") - 1] in _LIDS:
        whole = _NP(d.toks[lows.index("of") + 1:])
    elif lows and lows[-1] in _LIDS and _possessor(d) is not None:
        whole = _NP([t for t in d.toks[:-1]])
    else:
        return None
    ref = _resolve(whole, ctx, ("feature",), min_score=70)
    return ref


# Verbs that, done to a door, hatch or lid, swing or lift it out of the way: an opening.
_LIFTING = frozenset("lift raise heave hoist haul swing slide flip ease winch crank roll draw".split())
_SHIFTING = frozenset("pull push tug yank drag".split())


def _lifts_open(step: _Step, feature: str | None, ctx: _Ctx) -> bool:
    """Whether the step moves a door-like feature out of the way ("lift the hatch", "haul up
    the portcullis", "pull the trapdoor back"), which is opening it whatever the verb."""
    if not feature or not _doorlike(feature, ctx):
        return False
    if step.lemma in _LIFTING:
        return True
    return step.lemma in _SHIFTING and bool(set(step.particles) & {"up", "back", "aside", "open", "away", "out"})


def _doorlike(name: str, ctx: _Ctx) -> bool:
    """Whether ``name`` is a feature one passes through once it is open: a door, hatch, lid."""
    f = ctx.index.feature(name)
    if f is None:
        return False
    head = norm_phrase(f.name).split()[-1:]
    return bool(head) and (head[0] in DOORLIKE or head[0] in _LIDS or head[0] in _SLIDING)


# Features that open by sliding or lifting them rather than through a door's hinge.
_SLIDING = frozenset("drawer window panel shutter shutters lid grating cover".split())


_PASSING = frozenset({"down", "in", "inside", "through", "thru", "below", "under", "beneath", "underneath"})


def _passage(step: _Step, ctx: _Ctx) -> _Ref | None:
    """The door, hatch or lid an earlier step of the message acted on, when this step goes
    down, in or through without saying where ("I lift the hatch and climb down", "I walk to the
    trapdoor and drop through"): the way it takes is through that feature."""
    if ctx.last_thing is None or ctx.last_thing[1] != "feature":
        return None
    name, _kind, text = ctx.last_thing
    if not _doorlike(name, ctx):
        return None
    named = [np for p, np in step.pps if _pronoun(np) is None]
    if step.dobj is not None or named:
        return None
    if not (set(step.particles) | {p for p, _ in step.pps}) & _PASSING:
        return None
    return _Ref(name, "feature", text, True)


def _way_through(step: _Step, ctx: _Ctx) -> _Ref | None:
    """A locked door-like feature the words pass under, through or past."""
    for prep, np in step.pps:
        if prep in ("through", "thru", "under", "past", "beyond", "beneath", "underneath"):
            ref = _resolve(np, ctx, ("feature",), min_score=70)
            if ref is not None:
                f = ctx.index.feature(ref.name)
                if f is not None and f.locked and not f.open:
                    return ref
    return None


def _instrument(step: _Step, ctx: _Ctx) -> _NP | None:
    """The tool a deed is done with ("I patch my suit with duct tape"), when it is a thing: not
    someone one does it with, nor someone else's ("his armor")."""
    for prep, np in step.pps:
        if prep in ("with", "using") and np.toks:
            if np.possessive not in (None, "my", "our") or _possessor(np) is not None or _pronoun(np) is not None:
                continue
            if _category(np, ctx) in _NOT_CLAIMS or _is_beingish(np, ctx):
                continue
            return np
    return None


def _absent_gear(step: _Step, ctx: _Ctx) -> _NP | None:
    """For a verb the parser cannot classify, a piece of gear the words handle as if at hand
    ("I tune the radio"): checked like an item used."""
    d = step.dobj
    if d is None or d.possessive is not None or _pronoun(d) is not None or not d.toks or _possessor(d) is not None:
        return None  # "I lasso the sheriff's revolver": hers, and an attempt on it
    if d.toks[0].low not in ("the", "a", "an") or thing_word(d.key) not in GEAR:
        return None
    return d


def _mine(np: _NP) -> bool:
    """ "my pack", "our rope", "a bit of my ration bar", "one of my torches"."""
    if np.possessive in ("my", "our"):
        return True
    lows = np.lows
    for i in range(len(lows) - 1):
        if lows[i] == "of" and lows[i + 1] in ("my", "our"):
            return i <= 3
    return False


_MIND_WORDS = frozenset("mind minds thought thoughts memory memories dream dreams psyche consciousness".split())
_MIND_VERBS = frozenset(
    "read probe scan search enter invade touch sense hear peer delve look reach rifle pry listen skim see glimpse access link".split()
)
_MOVABLE_BY_MIND = frozenset("move lift float push pull levitate hurl throw fling open close bend raise toss pick drag slide shove".split())


_ELEMENTS = frozenset(
    """fire flame flames fireball fireballs lightning ice frost acid laser lasers beam beams energy
    plasma venom poison thunder bolt bolts ray rays blast blasts""".split()
)
_BREATHING = frozenset("breathe exhale spit spew belch vomit blow".split())
_EMITTING = frozenset("shoot fire blast project emit hurl throw launch fling unleash send release channel loose zap".split())
_BODY_SOURCES = frozenset("eye eyes hand hands finger fingers fingertip fingertips palm palms mouth chest body fist fists".split())


# Verbs of setting a machine going: using it.
_OPERATING = frozenset("start starts started starting crank cranks cranked rev revs revved".split())
_SHRINKING = frozenset("shrink shrinks shrank dwindle".split())
_SMALL = frozenset("small smaller tiny little minute wee down size mouse-sized doll-sized myself".split())
_GIANT = frozenset("giant gigantic huge enormous colossal titanic towering massive twice tall taller".split())


def _body_power(step: _Step) -> str | None:
    """Powers of the body the words claim: "I breathe fire at the python", "I shoot lasers from my
    eyes", "lightning from my fingertips", "I stop time", "I use the Force"."""
    d = step.dobj
    d_lows = d.lows if d is not None else []
    d_head = d_lows[-1] if d_lows else ""
    if step.lemma in _BREATHING and d_head in _ELEMENTS:
        return "breath weapon"
    lows = [t.low for t in step.toks]
    if step.lemma in ("breathe", "breath") and ("underwater" in lows or any(p in ("under", "beneath") and np.head in _WATERS for p, np in step.pps)):
        return "water breathing"  # "I breathe underwater", "breathe under the waves"
    if step.lemma in ("breathe", "inhale", "breath") and (
        any(w in _WATERS or w.endswith("water") for w in d_lows) or any(np.head in ("fish", "eel", "mermaid", "merman", "shark") for p, np in step.pps if p == "like")
    ):
        return "water breathing"  # "I breathe the brine", "breathe like a fish": lungs do not
    if step.lemma in _SHRINKING and (d is None or d_head in _REFLEXIVE or set(d_lows) <= _SMALL) and not _pp(step, "from", "away", "back") and "back" not in step.particles:
        return "size change"  # "I shrink down small", "I grow to giant size": no body does
    if step.lemma in ("grow", "swell", "balloon") and any(t.low in _GIANT for t in step.toks):
        return "size change"
    sources = [np for p, np in step.pps if p in ("from", "out of", "through")]
    from_body = any(np.toks and np.toks[-1].low in _BODY_SOURCES and np.possessive in ("my", "our", None) for np in sources)
    if from_body and (d_head in _ELEMENTS or step.lemma in _EMITTING or step.cls is None):
        return "energy blast"  # "lasers from my eyes", "lightning out of my fingertips"
    if step.lemma in ("stop", "freeze", "slow", "rewind", "reverse", "halt", "pause", "bend") and d_head == "time":
        return "time control"
    if step.lemma in ("turn",) and d_lows[-2:] == ["back", "time"]:
        return "time control"
    if d is not None and d.toks and d.toks[-1].text == "Force" and step.cls in ("use", "ability", None):
        return "telekinesis"  # "I use the Force"
    return None


def _power(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent | None:
    """A power the words claim whatever the verb: reading a mind ("I read Bell's mind", "I probe
    her thoughts", "I speak to him telepathically") or moving things by thought ("I lift the crate
    with my mind", "I use telekinesis")."""
    lows = [t.low for t in step.toks]
    mode = None
    # the power word as the manner or the means, not as a topic ("I ask her about telepathy")
    used = [t.low for t in step.toks if t.low.endswith("ally")]
    if step.dobj is not None and step.cls in ("use", "ability", "cast", None):
        used += step.dobj.lows
    for prep, np in step.pps:
        if prep in ("with", "using", "via", "through", "by"):
            used += np.lows
    if any(w.startswith(("telepath", "mind-read", "mindread")) for w in used):
        mode = "telepathy"
    elif any(w.startswith(("telekine", "psychokine")) for w in used):
        mode = "telekinesis"
    elif step.lemma in _MIND_VERBS or step.cls in ("examine",):
        for np in [step.dobj, *(np for _, np in step.pps)]:
            if np is not None and np.toks and singular(np.toks[-1].low) in _MIND_WORDS | {"thought", "memory", "dream"}:
                if any(t.low.endswith("'s") or t.low in ("his", "her", "their", "its", "your") for t in np.toks):
                    mode = "telepathy"
                    break
    if mode is None:
        mode = _body_power(step)
    own_body = step.dobj is None or (step.dobj.lows[-1:] and step.dobj.lows[-1] in _REFLEXIVE)
    if mode is None and step.lemma in _MOVABLE_BY_MIND and not own_body:
        # "I lift the crate with my mind"; not "I drag myself up with sheer will" (grit)
        for i in range(len(lows) - 2):
            if lows[i] in ("with", "using") and lows[i + 1] in ("my", "the", "sheer", "pure") and lows[i + 2] in ("mind", "thoughts", "will", "willpower"):
                mode = "telekinesis"
                break
    if mode is None:
        return None
    intent = _new("ability", words, conf)
    _set_method(intent, _Ref(mode, "ability", words, True), ctx, "ability")
    target = step.dobj if step.dobj is not None and _is_beingish(step.dobj, ctx) else None
    if target is not None:
        _set_target(intent, _being(target, ctx, allow_objects=False))
    return intent


# Things called down from above, which only a power brings ("call down lightning on them").
_CALLED_DOWN = frozenset("wrath vengeance judgement judgment plague pestilence storm doom fury".split())


def _rite(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent | None:
    """Magic the words perform without the word "cast": a working laid, put, called down or
    woven ("I lay a curse on the captain", "I call down a healing miracle on her", "I put a hex
    on him", "a blessing on the child"), a wonder done by a supernatural means ("I heal myself
    with a prayer", "I smite him with holy fire"), or raising the dead. Returns a ``cast``."""
    d = step.dobj
    lemma = step.lemma or ""
    on = _pp(step, "on", "upon", "onto", "over", "at", "against", "into", "toward", "towards")
    working: _NP | None = None
    target: _NP | None = None
    if lemma == "lay" and d is not None and d.lows[-1:] == ["hands"] and on is not None:
        intent = _new("ability", words, conf)  # "I lay hands on her": the paladin's healing touch
        _set_method(intent, _Ref("lay on hands", "ability", "lay on hands", True), ctx, "ability")
        _set_target(intent, _being(on, ctx))
        return intent
    if lemma in ENCHANTING and d is not None and _is_beingish(d, ctx):
        intent = _new("cast", words, conf)  # "I bewitch the captain", "I enchant the guard"
        intent.method, intent.method_kind, intent.method_text = lemma, "spell", words
        _set_target(intent, _being(d, ctx))
        return intent
    if d is not None and d.toks and (lemma in PERFORMING or lemma in SPEAKING) and _pronoun(d) is None:
        head = singular(d.head) if d.head else ""
        last = singular(d.toks[-1].low)
        on_someone = on is not None and _is_beingish(on, ctx)
        wonder = any(w.endswith("ing") and (verb_base(w) or "") in _WROUGHT for w in d.lows[:-1])
        cut = d.lows.index("and") if "and" in d.lows else len(d.lows)  # "a prayer and her sores heal"
        said = d.lows[:cut]
        after = d.toks[cut].start if cut < len(d.toks) else (step.toks[-1].end if step.toks else 0)
        if (head in _PRAYERS or (said and singular(said[-1]) in _PRAYERS)) and (wonder or _wonder_follows(after, ctx)):
            # "I say a healing prayer over Oswin", "I whisper a prayer and her sores heal": the
            # prayer does the healing
            working, target = _NP(d.toks[:cut]), on
        elif lemma in SPEAKING and lemma not in PERFORMING:
            # "whisper a charm over the bowl", "intone an incantation"; "mutter a curse" is
            # swearing unless it is laid on someone
            if (head in MAGIC_ACTS and head != "curse") or head == "charm" or (head == "curse" and on_someone):
                working, target = d, on
        elif (head in MAGIC_ON or last in MAGIC_ON) and d.lows[0] == "the" and not on_someone:
            pass  # "I put the charm on the shelf": a thing, placed
        elif head in MAGIC_ACTS or last in MAGIC_ACTS or d.lows[-2:] == ["evil", "eye"] or ((head in MAGIC_ON or last in MAGIC_ON) and on_someone):
            working, target = d, on
        elif lemma in ("call", "bring", "rain") and "down" in step.particles and (head in _ELEMENTS or head in _CALLED_DOWN or head in SACRED_HEADS):
            working, target = d, on  # "I call down lightning on the raiders"
        elif head in _CALLED_DOWN and on_someone:
            working, target = d, on  # "I invoke Odin's wrath upon the jarl", "send a plague on them"
    if working is None:
        for prep, np in step.pps:
            if prep not in ("with", "through", "by", "using", "via") or not np.toks:
                continue
            if (lemma in WONDER_VERBS or lemma in ENCHANTING or step.cls == "heal") and _supernatural(np):
                working, target = np, d or on  # "I heal myself with a prayer"
                break
            if _supernatural(np, strict=True):
                working, target = np, d or on  # "I put Hilde to sleep with a lullaby spell"
                break
            if lemma in _ELEMENTAL and singular(np.head or "") in _BARE_MEANS and d is not None:
                working, target = np, d  # "I freeze the rat solid with a touch"
                break
    if working is None and step.purpose and lemma in _PETITION and _to_a_god(step, ctx):
        first = step.purpose[0].low
        effect = verb_lemma(first) or verb_base(first) or first
        if effect in _WROUGHT:
            # "I beseech the gods to strike him down", "I call upon Moradin to mend my wounds":
            # a prayer that does the deed is the deed's magic
            intent = _new("cast", words, conf)
            intent.method, intent.method_kind, intent.method_text = "prayer", "spell", words
            rest = _roles(step.purpose[1:], None)[0]
            if rest is not None and _is_beingish(rest, ctx):
                _set_target(intent, _being(rest, ctx))
            return intent
    if working is None and step.purpose:
        means = _means_in(step.purpose)
        if means is not None and _supernatural(means, strict=True):
            working, target = means, d  # "I put Hilde to sleep with a lullaby spell"
    if working is None and d is not None and (step.cls == "use" or lemma in ("channel", "invoke", "summon", "unleash")) and _supernatural(d, strict=True):
        working, target = d, on  # "I channel divine energy into my blade", "the power of Moradin"
    if working is None and lemma in ("turn", "change", "transform") and d is not None and _is_beingish(d, ctx):
        into = _pp(step, "to", "into")
        if into is not None and singular(into.head or "") in _TRANSMUTED:
            working, target = into, d  # "I turn the rat to stone"
    if working is None and (lemma in ("resurrect", "reanimate") or (lemma == "raise" and d is not None and d.lows[-1:] == ["dead"])):
        intent = _new("cast", words, conf)
        intent.method, intent.method_kind, intent.method_text = "raise dead", "spell", words
        if d is not None and d.lows[-1:] != ["dead"]:
            _set_target(intent, _being(d, ctx))
        return intent
    if working is None:
        return None
    intent = _new("cast", words, conf)
    _set_method(intent, _Ref(working.text, "spell", working.text, False), ctx, "spell")
    if target is not None:
        _set_target(intent, _being(target, ctx))
    return intent


# Verbs of harm a touch or a glance cannot do by hand: "freeze the rat solid with a touch".
_ELEMENTAL = frozenset("freeze burn ignite incinerate electrocute petrify shock wither disintegrate melt scorch sear blind".split())
_BARE_MEANS = frozenset("touch glance gaze look word thought finger fingertip hand breath stare".split())
# What a creature is turned to by magic: "I turn the guard to stone".
_TRANSMUTED = frozenset("stone ash ashes dust ice gold salt glass toad frog newt pig statue".split())
# Workings named outright, whatever the verb; prayers and rites count only for wonders.
_STRICT_MEANS = (MAGIC_ACTS | frozenset({"incantation", "enchantment", "sorcery", "witchcraft", "magic", "spell"})) - frozenset({"curse"})


_PRAYERS = frozenset("prayer prayers chant hymn song word words invocation litany psalm blessing rite ritual".split())
_PETITION = frozenset("pray beseech implore entreat beg ask call invoke petition plead appeal".split())
_WROUGHT = frozenset("heal cure mend restore revive resurrect raise smite strike destroy burn kill slay blast curse close knit".split())
_GODS = frozenset("god gods goddess goddesses deity deities divinity divinities heaven heavens spirit spirits ancestor ancestors saint saints".split())


_WONDER_AFTER = re.compile(
    r"^.{0,80}?\b(?:wounds?|sores?|cuts?|gash\w*|injur\w+|burns?|bruises?|flesh|skin|bones?|fever|plague|sickness|"
    r"illness|bleeding|blood|poison)\b[^.;!?]{0,30}?\b(?:heal\w*|close[sd]?|mend\w*|knit\w*|vanish\w*|fade[sd]?|"
    r"disappear\w*|seal\w*|cool\w*|subside[sd]?|lift[sd]?)\b",
    re.S,
)


def _wonder_follows(at: int, ctx: _Ctx) -> bool:
    """Whether the words after offset ``at`` have a hurt mend by itself ("... and her sores heal")."""
    if ctx.text is None:
        return False
    return _WONDER_AFTER.search(ctx.text[at:].casefold()) is not None


def _to_a_god(step: _Step, ctx: _Ctx) -> bool:
    """Whether the step addresses a god: "the gods", "Moradin" (a name no one here has)."""
    nps = [step.dobj] if step.dobj is not None else []
    nps += [np for p, np in step.pps if p in ("to", "upon", "on")]
    for np in nps:
        if np is None or not np.toks:
            continue
        if singular(np.head or "") in _GODS or np.head in _GODS:
            return True
        if step.lemma in ("pray", "beseech", "invoke", "call", "implore", "entreat") and all(t.cap for t in np.toks if t.low not in DETERMINERS):
            if _resolve(np, ctx, BEING_KINDS, min_score=80) is None:
                return True
    return False


def _means_in(toks: list[_Tok]) -> _NP | None:
    """The phrase after "with" / "using" in a run of words ("sleep with a lullaby spell")."""
    for i, t in enumerate(toks):
        if t.low in ("with", "using"):
            j = i + 1
            while j < len(toks) and toks[j].low not in PREPOSITIONS and toks[j].low not in _SOFT and toks[j].low not in _HARD:
                j += 1
            return _NP(toks[i + 1 : j]) if j > i + 1 else None
    return None


def _supernatural(np: _NP, strict: bool = False) -> bool:
    """ "a prayer", "a miracle", "holy light", "divine power", "the power of the gods"; with
    ``strict``, only what is magic whatever it is used for ("a spell", "divine energy")."""
    head = singular(np.head or "")
    lows = np.lows
    if head in (_STRICT_MEANS if strict else SUPERNATURAL_MEANS | MAGIC_ACTS):
        return True
    if any(w in SACRED for w in lows) and any(w in SACRED_HEADS for w in lows):
        return True  # "holy light", "a touch of radiant light", "divine energy"
    if head in ("power", "might", "grace", "wrath", "favor", "favour") and "of" in lows:
        after = np.toks[lows.index("of") + 1 :]
        gods = ("god", "gods", "goddess", "heaven", "heavens", "divine", "divines", "saints", "spirits")
        return any(t.low in gods for t in after) or (bool(after) and after[-1].cap)  # "the power of Moradin"
    return False


def _fiction_frame(step: _Step, ctx: _Ctx) -> bool:
    """Whether the step is set inside a game, story or dream: "in the game", "in my dream", or
    "in <Title>" where the title is printed on something in the scene (a "Quake CD")."""
    for prep, np in step.pps:
        if prep not in ("in", "inside", "within", "during") or not np.toks:
            continue
        head = singular(np.head or "")
        if head in FICTION_FRAMES and np.lows[0] in ("the", "a", "my", "our", "this", "that", "his", "her", "their", "some"):
            return True
        if all(t.cap for t in np.toks) and len(np.toks) <= 3 and np.key in _media_titles(ctx.scene):
            return True
    return False


def _media_titles(scene: Scene) -> set[str]:
    """Titles printed on the scene's games, discs and books: "Quake CD" -> "quake"."""
    names = [*scene.items, *scene.player.inventory]
    for npc in scene.npcs:
        names.extend(npc.items)
    for member in scene.party:
        names.extend(member.inventory)
    out: set[str] = set()
    for name in names:
        words = norm_phrase(name).split()
        if len(words) > 1 and words[-1] in MEDIA:
            out.add(" ".join(words[:-1]))
    return out


def _remember(intent: Intent, ctx: _Ctx) -> None:
    if intent.target is not None and intent.target_kind not in ("self", "direction", None):
        ref = (intent.target, intent.target_kind, intent.target_text or intent.target)
        if intent.target_kind in BEING_KINDS or intent.target_kind == "being":
            ctx.last_being = ref
        ctx.last_thing = ref
    elif intent.method is not None and intent.method_kind == "item":
        ctx.last_thing = (intent.method, "item", intent.method_text or intent.method)


def _category(np: _NP, ctx: _Ctx) -> str | None:
    """A guess at what an unmatched phrase names: being, place, item, fixture, direction, ..."""
    key = np.key
    if not key:
        return None
    head = head_word(key)
    words = key.split()
    caps = [t for t in np.toks if t.low not in DETERMINERS and t.low not in NUMBER_WORDS and t.low != "of"]
    proper = bool(caps) and all(t.cap for t in caps) and not ctx.index.is_scenery(head)
    if np.possessive in ("my", "our") and proper and len(caps) < len(np.toks):
        return "gear"  # "my Game Boy", "my ThinkPad": a brand, not a person
    if proper and len(caps) >= 2 and _person_word(caps[0].low) and not _person_word(head):
        return "being"  # "Lieutenant Doyle", "Doctor Mbeki", "Sister Agnes": a titled name
    if "-" in head and head not in BEINGS:
        head = compound_head(head)  # "sergeant-at-arms" is a sergeant
    if head in HOSTILE_GENERICS:
        return "hostile"
    if head in GENERIC_BEINGS:
        return "generic_being"
    if head in BEINGS:
        return "being"
    if head.isalpha() and not noun_codes(head) and _compound_being(head):
        return "being"  # "the archmage", "a shieldmaiden": a kind of someone
    if len(words) == 1 and head in DIRECTIONS:
        return "direction"
    if head in PLACES or (len(words) > 1 and words[0] in PLACES and words[-1] in ("gate", "road", "district", "quarter", "ward", "square")):
        return "place"
    if key in SPELLS:
        return "spell"
    if head in BODY or head in ATTRIBUTES or key in ATTRIBUTES:
        return "body"
    if proper:
        return "proper"
    if head in GEAR and (np.possessive in ("my", "our") or not ctx.index.is_scenery(head)):
        return "gear"
    if ctx.index.is_scenery(head):
        return "fixture"
    if head in FOOD:
        return "food"
    if head in GEAR:
        return "gear"
    # words the vocabularies lack: what WordNet says the word's commonest sense is
    codes = noun_codes(head)
    if (
        is_being(head) and head not in UNADDRESSABLE and not (codes[:1] == "X" and codes[1:2] not in ("P", "A"))
        and (not set(codes[:3]) & set("TSFV") or head.endswith(_AGENT_SUFFIXES))
    ):
        return "being"  # "the snake charmer", "the harbormaster"; not "the crank", nor "the letters"
    if is_garment(head):
        return "clothing"
    thing = thing_word(key)
    if thing in GEAR or is_carried_thing(thing) or (thing == head and head in DEVICE_HEADS and len(words) > 1):
        return "gear"  # "my cell phone", "a stick of dynamite", "my comm unit"
    if first_class(head) == "V" and np.possessive is None:
        return "vehicle"  # "the anchored galleon": somewhere to go, if it were here
    if is_fixed_thing(head):
        return "fixture"
    return None


_BEING_CATS = frozenset({"hostile", "generic_being", "being", "proper"})
_TITLES = frozenset("mr mrs ms miss mister madam madame dame sir lord lady dr doctor prof professor rev reverend father mother brother sister saint st".split())


def _person_word(word: str) -> bool:
    """A noun for someone: a role, a relative, a title ("dad", "lieutenant", "mrs")."""
    w = word.casefold().strip(".")
    if w in _TITLES or w in BEINGS or w in GENERIC_BEINGS:
        return True
    return w.isalpha() and is_person(w)


def _compound_being(word: str) -> bool:
    """A word no dictionary has that ends in one for someone: "archmage" (a mage),
    "shieldmaiden", "stormcaller", "beastmaster"."""
    for i in range(3, len(word) - 3):
        tail = word[i:]
        if tail in BEINGS or noun_codes(tail)[:1] in ("P", "A"):
            return True
    return False

# An agent noun is someone even when WordNet also knows a device by it ("traffic controller").
_AGENT_SUFFIXES = ("er", "or", "ist", "ian", "ant", "ent", "man", "woman")


def _pronoun(np: _NP) -> str | None:
    lows = [t.low for t in np.toks if t.low not in ("the", "a", "an")]
    if len(lows) == 1:
        w = lows[0]
        if w in PRONOUNS_SELF:
            return "self"
        if w in PRONOUNS_BEING:
            return "being"
        if w in PRONOUNS_THING:
            return "thing"
    return None


def _ref_from(m: Match, text: str) -> _Ref:
    return _Ref(m.entity.name, m.entity.kind, text, True, m.score)


def _resolve(np: _NP | None, ctx: _Ctx, kinds, min_score: float = 60.0) -> _Ref | None:
    """A phrase as a scene entity of ``kinds``, via pronouns, possessors and the index."""
    if np is None or not np.toks:
        return None
    lows = np.lows
    if "of" in lows[1:] and lows[lows.index("of") - 1] in _SURFACES and lows.index("of") + 1 < len(lows):
        np = _NP(np.toks[lows.index("of") + 1 :])  # "the rock face of the cave wall" is the cave wall
    text = np.text
    p = _pronoun(np)
    if p == "self":
        return _Ref(ctx.index.player_name or "self", "self", text, True)
    if p == "being":
        if ctx.last_being is not None:
            name, kind, _ = ctx.last_being
            return _Ref(name, kind, text, kind not in ("being", None))
        return _Ref(text, None, text, False, 0.0)
    if p == "thing":
        src = ctx.last_thing or ctx.last_being
        if src is not None:
            name, kind, _ = src
            return _Ref(name, kind, text, kind not in ("being", "item", None) or kind in ITEM_KINDS)
        return _Ref(text, None, text, False, 0.0)
    owner = _possessor(np)
    if owner is not None:
        owner_text, rest = owner
        whole = ctx.index.resolve(text, kinds, min_score=88)
        if whole is not None:
            return _ref_from(whole, text)
        who = ctx.index.resolve(owner_text, BEING_KINDS, min_score=70)
        rest_head = head_word(norm_phrase(rest)) if rest else ""
        owner_words = owner_text.split()
        someones = who is not None or (owner_words and (owner_words[-1][:1].isupper() or _person_word(head_word(norm_phrase(owner_text)))))
        if rest_head and someones and _person_word(rest_head) and owner_text.casefold() not in ctx.index.player_names:
            # "Derek's dad", "the King's guard": someone, whose own name the scene may not use;
            # one of the people present when the role names them, else someone absent
            here = ctx.index.resolve(rest, BEING_KINDS, min_score=85)
            if here is not None and (who is None or here.entity.name != who.entity.name):
                return _ref_from(here, text)
            return _Ref(text, "being", text, False, 0.0)
        if who is not None and rest and norm_phrase(rest).split()[-1:] and norm_phrase(rest).split()[-1] in BODY:
            return _Ref(who.entity.name, who.entity.kind, text, True, who.score)  # "Bram's head"
        if who is not None and rest and (kinds is None or "npc_item" in kinds):
            for m in ctx.index.resolve_all(rest, ("npc_item",), limit=10, min_score=70):
                if m.entity.owner == who.entity.name:
                    return _ref_from(m, text)
            return _Ref(f"{who.entity.name}'s {rest}", "npc_item", text, False, 0.0)
        if ctx.index.player_names and owner_text.casefold() in ctx.index.player_names:
            np = _NP([t for t in np.toks if not t.low.endswith("'s")])
            text = np.text
    m = ctx.index.resolve(text, kinds, min_score=min_score)
    if m is not None and not m.exact and m.entity.kind in BEING_KINDS and not _same_name(np, m.entity.name, ctx):
        return None  # "Mr. Darcy" is not "Mr. Darrow": a title shared, the name not
    if m is not None:
        return _ref_from(m, text)
    return None


def _same_name(np: _NP, name: str, ctx: _Ctx) -> bool:
    """For a titled name ("Mr. Darcy", "Sergeant Pike"), whether its name words are the
    entity's (its name or an alias), a typo apart; other phrases always pass."""
    caps = [t for t in np.toks if t.low not in DETERMINERS and t.low.strip(".")]
    if len(caps) < 2 or not all(t.cap for t in caps) or not _person_word(caps[0].low):
        return True
    names = [t.low.strip(".") for t in caps[1:] if not _person_word(t.low)]
    if not names:
        return True
    known: set[str] = set(norm_phrase(name).split())
    npc = ctx.scene.npc(name)
    if npc is not None:
        for alias in npc.aliases:
            known.update(norm_phrase(alias).split())
    for member in ctx.scene.party:
        if member.name == name:
            known.update(norm_phrase(member.name).split())
    said = _TITLE_SEX.get(caps[0].low.strip("."))
    if said is not None and any(_TITLE_SEX.get(k) not in (None, said) for k in known) and not any(_TITLE_SEX.get(k) == said for k in known):
        return False  # "Mr. Patel" is not "Mrs. Patel"
    return all(any(OSA.normalized_similarity(w, k) >= 0.8 for k in known) for w in names)


_TITLE_SEX = {
    **{w: "m" for w in "mr mister sir lord king prince duke baron count earl father brother uncle monsieur senor herr".split()},
    **{w: "f" for w in "mrs ms miss madam madame lady queen princess duchess baroness countess mother sister aunt dame mistress mme mlle senora frau".split()},
}


# Parts of a thing that stand for it when one climbs, walks or reaches them.
_SURFACES = frozenset("face side top edge base foot surface front back summit lip rim wall".split())


def _possessor(np: _NP) -> tuple[str, str] | None:
    """ "Thorin's pickaxe" -> ("Thorin", "pickaxe")."""
    for i, t in enumerate(np.toks[:-1]):
        if t.low.endswith("'s") or (t.low.endswith("s'") and i < len(np.toks) - 1):
            owner = " ".join(x.text for x in np.toks[: i + 1])
            owner = re.sub(r"'s?$", "", owner)
            rest = " ".join(x.text for x in np.toks[i + 1 :])
            return owner, rest
    return None


def _unresolved(np: _NP, ctx: _Ctx) -> _Ref:
    cat = _category(np, ctx)
    kind = {
        "hostile": "being", "generic_being": "being", "being": "being", "proper": "being",
        "place": "place", "direction": "direction", "gear": "item", "fixture": "fixture",
        "food": "item", "spell": "spell", "body": "self", "vehicle": "place",
    }.get(cat or "", None)
    return _Ref(np.text, kind, np.text, False, 0.0)


def _being(np: _NP | None, ctx: _Ctx, allow_objects: bool = True, places: bool = True) -> _Ref | None:
    """Someone (or, for attacks, something; with ``places``, even a place) acted upon."""
    if np is None:
        return None
    ref = _resolve(np, ctx, BEING_KINDS, min_score=60)
    if ref is not None and (ref.kind in BEING_KINDS or ref.kind in ("self", None, "being")):
        if ref.resolved or ref.kind == "self" or _pronoun(np):
            return ref
    if ref is not None and not ref.resolved and ref.kind not in BEING_KINDS:
        if _pronoun(np):
            return ref
    if allow_objects:
        kinds = ("item", "content", "feature", "npc_item", "inventory", "exit", "location") if places else ("item", "content", "feature", "npc_item", "inventory")
        obj = _resolve(np, ctx, kinds, min_score=75)
        if obj is not None:
            return obj
    cat = _category(np, ctx)
    if cat == "hostile" and ctx.scene.creatures:
        m = ctx.index.resolve(ctx.scene.creatures[0], ("creature",))
        if m is not None:
            return _Ref(m.entity.name, "creature", np.text, True, 60.0)
    return _unresolved(np, ctx)


def _is_beingish(np: _NP | None, ctx: _Ctx) -> bool:
    if np is None:
        return False
    pron = _pronoun(np)
    if pron is not None:
        return pron in ("being", "self")
    ref = _resolve(np, ctx, BEING_KINDS, min_score=70)
    if ref is not None and ref.resolved and ref.kind in BEING_KINDS:
        return True
    return _category(np, ctx) in _BEING_CATS


def _method(np: _NP | None, ctx: _Ctx) -> _Ref | None:
    """What is used: the player's item or ability first, then a spell, then anything in reach."""
    if np is None or not np.toks:
        return None
    p = _pronoun(np)
    if p == "thing" and ctx.last_thing is not None:
        name, kind, _ = ctx.last_thing
        return _Ref(name, kind, np.text, True)
    owner = _possessor(np)
    if owner is not None and owner[0].casefold() not in ctx.index.player_names:
        ref = _resolve(np, ctx, ("npc_item", "inventory", "item"), min_score=70)
        if ref is not None:
            return ref
    text = np.text
    key = np.key
    poss = np.possessive
    mine = _resolve(np, ctx, ("inventory", "ability"), min_score=75)
    if mine is not None and mine.score >= 80:
        return mine
    # an exact name of something someone else holds beats a loose match in the pack
    other = ctx.index.resolve(text, ("npc_item", "item", "content", "feature"), min_score=60)
    if other is not None and other.entity.kind == "npc_item" and ctx.index.loose_head_match(text, other):
        other = ctx.index.resolve(text, ("item", "content", "feature"), min_score=60)  # "a glass"
    if other is not None and other.exact and (mine is None or not mine.score >= 88):
        return _ref_from(other, text)
    if mine is not None:
        return mine
    if len(key.split()) == 1:
        typo = ctx.index.resolve(text, ("inventory",), min_score=60)  # "my swrod"
        if typo is not None:
            return _ref_from(typo, text)
    if _names_spell(np, key):
        return _Ref(text, "spell", text, False)
    if other is not None and other.score >= 70 and poss not in ("my", "our"):
        return _ref_from(other, text)
    return _Ref(text, None, text, False, 0.0)


def _names_spell(np: _NP, key: str) -> bool:
    """ "fireball", "a fireball", "my magic missile", "a spell"; not "the lights" or "shields"."""
    if key.split()[-1:] == ["spell"] or key in SPELL_WORDS:
        return True
    if key not in SPELLS:
        return False
    if any(t.low in ("the", "this", "that", "these", "those") for t in np.toks):
        return False
    last = np.toks[-1].low
    return singular(last) == last or len(key.split()) > 1


def _with_method(step: _Step, ctx: _Ctx) -> _Ref | None:
    for prep, np in step.pps:
        if prep in ("with", "using", "via"):
            return _method(np, ctx)
    return None


def _pp(step: _Step, *preps: str) -> _NP | None:
    for prep, np in step.pps:
        if prep in preps:
            return np
    return None


def _new(action: str, words: str, conf: float) -> Intent:
    return Intent(action, words=words, confidence=round(conf, 3))


def _set_target(intent: Intent, ref: _Ref | None) -> None:
    if ref is None:
        return
    intent.target = ref.name
    intent.target_kind = ref.kind
    intent.target_text = ref.text
    intent.resolved = ref.resolved
    if ref.resolved and ref.score < 70:
        intent.confidence = round(intent.confidence * 0.9, 3)


def _set_method(intent: Intent, ref: _Ref | None, ctx: _Ctx, kind: str | None = None) -> None:
    if ref is None:
        return
    intent.method = ref.name
    intent.method_text = ref.text
    if kind is not None:
        intent.method_kind = kind
    elif ref.kind == "ability":
        intent.method_kind = "spell" if norm_phrase(ref.name) in SPELLS else "ability"
    elif ref.kind == "spell":
        intent.method_kind = "spell"
    elif ref.kind in ITEM_KINDS or ref.kind in ("feature", "item"):
        intent.method_kind = "item"
    elif ref.kind is None:
        intent.method_kind = _method_kind_guess(ref.text, ctx)


def _method_kind_guess(text: str, ctx: _Ctx) -> str | None:
    key = norm_phrase(text)
    if not key:
        return None
    words = key.split()
    head = words[-1]
    if key in SPELLS or head in ("spell", "cantrip", "magic", "sorcery"):
        return "spell"
    if key in CLASS_FEATURES or key in SKILLS or head in ABILITY_WORDS or (len(words) > 1 and " ".join(words[:-1]) in SKILLS):
        return "ability"
    if head in BODY or head in ATTRIBUTES:
        return "ability"
    return "item"


def _inherit_target(intent: Intent, ctx: _Ctx) -> None:
    if intent.target is None and ctx.last_being is not None:
        name, kind, text = ctx.last_being
        intent.target, intent.target_kind, intent.target_text = name, kind, None
        intent.resolved = kind not in ("being", None)
        intent.confidence = round(intent.confidence * 0.9, 3)


# each handler: (step, ctx, words, conf) -> Intent


def _h_attack(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and set(step.particles) & {"open", "down", "in", "apart"} and not _is_beingish(d, ctx):
        return _h_force(step, ctx, words, conf)  # "smash the chest open", "kick the door down"
    intent = _new("attack", words, conf)
    at = _pp(step, "at", "toward", "towards", "against", "upon", "on", "into", "onto", "over", "across")
    method = _with_method(step, ctx)
    if d is not None:
        if at is not None and not _is_beingish(d, ctx):
            method = method or _method(d, ctx)  # "swing my axe at the orc"
            _set_target(intent, _being(at, ctx))
        else:
            _set_target(intent, _being(d, ctx))
    elif at is not None:
        _set_target(intent, _being(at, ctx))
    if intent.target is not None and intent.target_kind is None and not intent.resolved:
        head = head_word(norm_phrase(intent.target_text or ""))
        if head.isalpha() and not noun_codes(head) and head not in GEAR and head not in FOOD and not ctx.index.is_scenery(head):
            intent.target_kind = "being"  # "I attack the ironbeard": a word no dictionary has, fought, is a foe
    if step.lemma in ("shoot", "fire", "loose") and d is not None and intent.target is None:
        method = method or _method(d, ctx)
    if method is not None:
        _set_method(intent, method, ctx)
        if intent.method_kind == "spell":
            intent.action_type = "cast"
    if intent.target is None and step.cls != "shoot":
        _inherit_target(intent, ctx)
    elif intent.target is None and step.cls == "shoot" and d is None and at is None:
        _inherit_target(intent, ctx)
    return intent


def _h_shoot(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _h_attack(step, ctx, words, conf)
    d = step.dobj
    if d is not None and intent.method is None and not _is_beingish(d, ctx):
        _set_method(intent, _method(d, ctx), ctx)
    return intent


def _h_throw(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    to = _pp(step, "to")
    at = _pp(step, "at", "toward", "towards", "against", "on", "upon", "onto", "over", "into")
    if d is not None and to is None and at is None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            to, d = parts[0], parts[1]  # "I toss the rat a bit of my ration bar"
    m = _method(d, ctx) if d is not None else None
    if m is not None and (m.kind == "spell" or norm_phrase(m.text) in SPELLS):
        intent = _new("cast", words, conf)
        _set_method(intent, m, ctx, "spell")
        _set_target(intent, _being(at or to, ctx))
        return intent
    if to is not None and _is_beingish(to, ctx) and at is None:
        intent = _new("give", words, conf)
        _set_target(intent, _being(to, ctx, allow_objects=False))
        _set_method(intent, m, ctx, "item")
        if d is not None:
            intent.quantity = d.quantity()
        return intent
    if at is not None:
        intent = _new("attack", words, conf)
        _set_target(intent, _being(at, ctx))
        _set_method(intent, m, ctx)
        return intent
    intent = _new("use_item", words, conf)
    _set_method(intent, m, ctx)
    return intent


_TALK_TO = frozenset({"say", "shout", "yell", "whisper", "talk", "speak", "chat", "call", "reply", "respond", "explain", "mutter", "murmur", "scream", "cry", "holler", "sing", "recite", "apologize", "apologise", "joke", "gossip", "lie", "grumble", "growl", "bark", "roar", "hiss", "snarl", "mumble", "chatter", "converse", "argue", "bargain", "haggle", "negotiate", "barter", "discuss", "debate", "plead", "beg", "flirt"})


def _h_talk(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("talk", words, conf)
    d = step.dobj
    topic_parts: list[str] = []
    addressee: _NP | None = None
    if d is not None:
        parts = _split_double(d)
        if _is_beingish(parts[0], ctx) and step.lemma not in ("say",):
            addressee = parts[0]
            if len(parts) > 1:
                topic_parts.append(parts[1].text)
        else:
            topic_parts.append(d.text)
    for prep, np in step.pps:
        if addressee is None and prep in ("to", "with", "at", "toward", "towards") and (step.lemma in _TALK_TO or _is_beingish(np, ctx)):
            if _is_beingish(np, ctx) or prep != "at":
                addressee = np
                continue
        if addressee is None and prep == "from" and _is_beingish(np, ctx):
            addressee = np  # "I demand the key from the foreman"
            continue
        if prep in ("about", "regarding", "concerning", "for", "on", "over", "into", "of"):
            topic_parts.append(np.text if prep in ("about", "regarding", "concerning", "of", "for") else f"{prep} {np.text}")
    if step.rest:
        topic_parts.append(" ".join(t.text for t in step.rest if not t.low.startswith("§")))
    if step.purpose:
        topic_parts.append("to " + " ".join(t.text for t in step.purpose))
    if step.speech:
        topic_parts.append(" / ".join(step.speech))
    if addressee is not None and step.lemma in _REMOTE:
        addressee = None  # "I dial the operator", "I radio the outpost": they need not be here
    if addressee is not None:
        _set_target(intent, _being(addressee, ctx, allow_objects=True, places=False))
    topic = "; ".join(p for p in topic_parts if p.strip())
    intent.topic = topic or None
    wanted = _pp(step, "for")
    if wanted is not None and step.lemma in ("ask", "beg", "request", "call") and _sells(ctx, intent.target, wanted.text):
        # "I ask Greta for an ale": a request for what the addressee sells is a purchase
        intent.action_type = "buy"
        intent.topic = wanted.text
        intent.quantity = wanted.quantity()
        return intent
    if intent.target is None and step.lemma in ("ask", "tell", "greet", "thank", "question", "answer", "reply", "respond") and len(ctx.scene.npcs) == 1:
        npc = ctx.scene.npcs[0]
        intent.target, intent.target_kind, intent.resolved = npc.name, "npc", True
        intent.confidence = round(intent.confidence * 0.8, 3)
    return intent


# Talking at a distance, through a device: the one addressed is elsewhere.
_REMOTE = frozenset("dial phone telephone radio text email e-mail message page wire telegraph fax ring ping call-up skype tweet".split())


def _sells(ctx: _Ctx, npc_name: str | None, goods: str) -> bool:
    """Does the NPC ``npc_name`` sell what ``goods`` names (ignoring articles and counts)?"""
    npc = ctx.scene.npc(npc_name) if npc_name else None
    if npc is None or not npc.sells:
        return False
    words = [w for w in re.findall(r"[a-z']+", goods.casefold()) if w not in DETERMINERS and w not in NUMBER_WORDS]
    if not words:
        return False
    wanted = " ".join(words)
    for item in npc.sells:
        name = item.casefold()
        if wanted == name or wanted in name or name in wanted or wanted.rstrip("s") == name:
            return True
    return False


def _split_double(np: _NP) -> list[_NP]:
    """ "Greta the coins" / "Old Kasim 2 gold coins" -> two phrases (double object)."""
    toks = np.toks
    for i in range(1, len(toks)):
        t = toks[i]
        if (t.low in DETERMINERS or t.low.isdigit() or t.low in NUMBER_WORDS) and toks[i - 1].low not in DETERMINERS and toks[i - 1].low != "of" and not toks[i - 1].low.isdigit():
            return [_NP(toks[:i]), _NP(toks[i:])]
    return [np]


def _h_order(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and _is_beingish(d, ctx) and (step.purpose or step.pps):
        intent = _new("talk", words, conf)
        _set_target(intent, _being(d, ctx, allow_objects=False))
        intent.topic = " ".join(t.text for t in step.purpose) or None
        return intent
    return _h_buy(step, ctx, words, conf)


def _h_buy(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("buy", words, conf)
    d = step.dobj
    seller = _pp(step, "from", "off")
    if d is not None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            seller = seller or parts[0]
            d = parts[1]
        intent.topic = d.text
        intent.quantity = d.quantity()
    if seller is not None:
        _set_target(intent, _being(seller, ctx, allow_objects=False))
    price = _pp(step, "for", "with")
    if price is not None and re.search(r"\b(gold|silver|copper|coins?|gp|sp|cp|crowns?|marks?)\b", price.text, re.I):
        intent.method = price.text
        intent.method_kind = "item"
        intent.method_text = price.text
        intent.quantity = intent.quantity if d is not None else 1
    return intent


# Sounds and gestures one "gives": made, not handed over.
_GESTURES = frozenset(
    """whistle shout cry scream yell roar howl shriek laugh chuckle grin smile nod wink wave bow
    shrug sigh groan grunt cheer cheers salute signal speech sermon lecture toast hoot holler
    yelp growl snarl hiss whoop bellow command order warning glare look glance stare kiss hug
    curtsey curtsy thumbs-up sniff snort cough hum call""".split()
)


# What is offered up to a power or a person in words, not in hand: "offer a prayer to ...".
_DEVOTIONS = frozenset("prayer prayers thanks praise respects condolences apology apologies greeting greetings regards blessing oath vow hymn".split())


def _h_give(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("give", words, conf)
    d = step.dobj
    recipient: _NP | None = _pp(step, "to", "for")
    item: _NP | None = None
    if d is not None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            recipient, item = parts[0], parts[1]
        elif recipient is None and _is_beingish(d, ctx) and step.lemma in ("pay", "tip", "bribe", "show"):
            recipient = d
        elif recipient is None and len(parts) > 1 and _category(parts[0], ctx) in _BEING_CATS:
            recipient, item = parts[0], parts[1]
        else:
            item = d
    if item is not None and (
        (step.lemma == "give" and item.head in _GESTURES) or (step.lemma in ("give", "offer", "send", "say", "raise") and item.head in _DEVOTIONS)
    ) and item.possessive is None:
        # "I give a loud whistle", "give three cheers", "give him a nod": a sound or gesture made
        return _new("other", words, conf)
    if item is None:
        item = _pp(step, "with")  # "I bribe the guard with 10 gold"
    if recipient is not None:
        _set_target(intent, _being(recipient, ctx, allow_objects=False))
    if step.lemma in ("show", "display", "flash", "present") or (recipient is None and step.lemma not in ("pay", "tip", "bribe")):
        intent.action_type = "use_item"  # "I present my holy symbol": held out, not handed over
    if item is not None:
        m = _method(item, ctx)
        _set_method(intent, m, ctx, None if m is not None and m.kind == "ability" else "item")
        intent.quantity = item.quantity()
    return intent


def _destination(step: _Step, ctx: _Ctx) -> _Ref | None:
    kinds = ("exit", "location", "place", "feature", "npc", "party", "creature", "item", "content")
    # the whole phrase first: "below deck", "up the archive stairs"
    rest_toks = ([] if step.dobj is None else step.dobj.toks)
    if step.lemma in _VEHICLE_VERBS and step.pps:
        step = _Step(step.toks, step.lemma, step.cls, step.subject, step.negated, None, step.pps, step.particles, step.purpose, step.rest, step.speech)
    if not rest_toks and step.pps:
        first_prep, first_np = step.pps[0]
        whole = ctx.index.resolve(f"{first_prep} {first_np.text}", ("exit", "place"), min_score=100)
        if whole is not None:
            return _ref_from(whole, f"{first_prep} {first_np.text}")
    candidates: list[_NP] = []
    if step.dobj is not None:
        candidates.append(step.dobj)
    if (
        step.dobj is not None and step.dobj.head in _WAYS and _pp(step, "to", "toward", "towards") is not None
        and _resolve(step.dobj, ctx, ("exit",), min_score=75) is None
    ):
        candidates = []  # "I take the road to London": where a road no exit goes is where one goes
    for prep, np in step.pps:
        if prep in ("to", "toward", "towards", "into", "onto", "through", "thru", "inside", "across", "up", "down", "over", "past", "behind", "beside", "near", "around", "along", "for", "in", "on", "out of", "out", "under", "below", "above", "by", "between"):
            candidates.append(np)
    for np in candidates:
        ref = _resolve(np, ctx, kinds, min_score=65)
        if (ref is None or not ref.resolved) and _owned_room(np, ctx) and ctx.index.behind(np.text) is None:
            return _Ref(np.text, "place", np.text, False, 0.0)
        if ref is not None and ref.kind not in ("location", "place"):
            return ref
        door = ctx.index.behind(np.text)
        if door is not None:
            return _Ref(door.name, "feature", np.text, True, 80.0)  # "into the strongroom"
        if ref is not None:
            return ref
        here = _this_place(np, ctx)
        if here is not None:
            return here
    # a vehicle boarded on the way ("hop on a train to Boston") is not where the step goes
    boarded = [np for np in candidates if _is_vehicle(np, ctx)]
    goals = [np for np in candidates if np not in boarded] or boarded
    for np in goals:
        ref = _unresolved(np, ctx)
        if ref.kind in ("place", "being", "direction"):
            return ref
    if goals:
        return _unresolved(goals[0], ctx)
    for p in step.particles:
        if p in DIRECTIONS:
            return _Ref(p, "direction", p, True)
    return None


def _this_place(np: _NP, ctx: _Ctx) -> _Ref | None:
    """ "the tavern" said inside the Rusty Tankard means the Rusty Tankard."""
    loc = ctx.scene.location
    head = np.head
    if any(t.low in ("other", "another", "second", "different", "next", "neighbouring", "neighboring") for t in np.toks):
        return None  # "the other ship" is not this one
    named = set(norm_phrase(" ".join([loc.name or "", *loc.aliases])).split())
    if any(is_classifier(w) and w not in named for w in np.key.split()[:-1]):
        return None  # "the enemy camp" is not the picket camp one stands in
    if loc.name and head and KIND_HINTS.get(head) and KIND_HINTS[head] == ctx.index.location_kind:
        return _Ref(loc.name, "location", np.text, True, 70.0)
    return None


_WAYS = frozenset("path road stair staircase trail route way exit passage tunnel corridor alley street bridge gangplank ramp".split())
_VEHICLE_VERBS = frozenset({"ride", "sail", "drive", "steer", "row", "mount"})
# Verbs of becoming part of what one enters: into solid matter, that is passing through it.
_MERGING = frozenset("melt meld merge sink seep dissolve phase fade pass sift".split())
_SOLID = frozenset("wall floor ceiling rock stone bedrock roof ground hull cliff mountain bar barred grate grille bars".split())


def _h_move(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    surface = _impossible_surface(step)
    if surface is not None:
        intent = _new("move", words, conf)
        mode, np = surface
        _set_method(intent, _Ref(mode, "ability", step.lemma or "walk", True), ctx, "ability")
        intent.method_text = f"{step.lemma or 'walk'} {np.text}"
        _set_target(intent, _destination(step, ctx))
        return intent
    if step.purpose and step.dobj is None and not any(p in ("to", "toward", "towards", "into") for p, _ in step.pps):
        sub = _purpose_step(step, ctx)
        if sub is not None:
            sub_intent = _interpret(sub, ctx, words)
            if sub_intent is not None and sub_intent.action_type not in ("other",):
                sub_intent.words = words
                if step.pps:
                    # "I scramble up the earthen walls to get away": the way taken is a step of
                    # its own, checked like any movement; the purpose follows it
                    bare = replace(step, purpose=[])
                    way = _h_move(bare, ctx, words, conf)
                    if way.target is not None and way.target_kind in ("feature", "exit", "place", "location", "being"):
                        ctx.intents.append(way)
                return sub_intent
    if _state_change(step, ctx):
        return _new("other", words, conf)  # "I go berserk", "I go quiet", "I get angry"
    intent = _new("move", words, conf)
    through = _pp(step, "through", "thru")
    if through is None and step.lemma in _MERGING:
        through = _pp(step, "into", "in")  # "I melt into the rock", "sink into the stone floor"
    if through is not None:
        ref = _resolve(through, ctx, ("feature", "exit", "location", "item"), min_score=70)
        head = through.head
        solid = head in _SOLID or (
            ref is not None and ref.kind == "feature" and bool(set(norm_phrase(ref.name).split()) & _SOLID) and ref.kind != "exit"
        )
        if solid:
            _set_method(intent, _Ref("phasing", "ability", step.lemma or "walk", True), ctx, "ability")
            intent.method_text = f"{step.lemma or 'go'} through {through.text}"
            _set_target(intent, ref or _Ref(through.text, "fixture", through.text, False))
            return intent
    if step.lemma in ("leave", "exit", "depart", "escape", "flee", "quit", "abandon") and step.dobj is not None and not _pp(step, "to", "for", "toward", "towards", "into"):
        here = ctx.scene.location.name
        _set_target(intent, _Ref(here or step.dobj.text, "location", step.dobj.text, True))
        return intent  # leaving where one is: the way out is the GM's to describe
    dest = _passage(step, ctx) or _destination(step, ctx)
    if dest is not None and not dest.resolved and dest.kind == "fixture" and (_building_elsewhere(step, dest, ctx) or _named_place(dest, ctx)):
        dest = _Ref(dest.name, "place", dest.text, False, 0.0)  # "to the train station": a place
    if (
        step.lemma in _LEAPING and dest is not None and not dest.resolved and dest.kind in ("place", "fixture")
        and step.pps and all(p in ("over", "across") for p, _ in step.pps)
    ):
        return _new("other", words, conf)  # "I hop over the stream": over something, not off to it
    if step.pseudo is not None:
        _set_method(intent, _Ref(step.pseudo, "ability", step.lemma or step.pseudo, True), ctx, "ability")
    if dest is None and step.cls == "approach" and step.dobj is None:
        _inherit_target(intent, ctx)
    _set_target(intent, dest)
    if step.lemma in ("leave", "exit", "depart", "escape", "flee") and dest is not None and dest.kind == "location":
        intent.target_kind = "location"
    if dest is not None and dest.kind == "feature" and step.pps and step.pps[0][0] in ("up", "over", "atop") and step.dobj is None:
        f = ctx.index.feature(dest.name)
        if f is not None and f.climbable is False:
            intent.action_type = "climb"  # "I scramble up the bulkhead wall" is a climb
    return intent


def _state_change(step: _Step, ctx: _Ctx) -> bool:
    """ "go berserk", "go limp", "get angry", "grow still": "go" with a bare word after it that
    is no place, exit or direction is becoming something, not going somewhere."""
    d = step.dobj
    if step.lemma not in ("go", "get", "grow", "fall", "turn") or d is None or len(d.toks) != 1 or step.pps:
        return False
    t = d.toks[0]
    if (t.cap and not t.text.isupper()) or t.low in DETERMINERS or t.low in DIRECTIONS or t.low in PLACES or not t.low.isalpha():
        return False
    if _resolve(d, ctx, ("exit", "location", "place", "feature"), min_score=80) is not None:
        return False
    return True


# A place that belongs to someone ("the King's throne room", "Derek's bedroom") is elsewhere
# unless the scene has it: the owner's room is not a corner of this one.
def _owned_room(np: _NP, ctx: _Ctx) -> bool:
    owner = _possessor(np)
    if owner is None:
        return False
    owner_text, rest = owner
    if owner_text.casefold() in ctx.index.player_names:
        return False
    rest_key = norm_phrase(rest)
    head = head_word(rest_key)
    if not head or not (head in ROOM_HEADS or head.endswith("room") or first_class(head) in ("S", "L")):
        return False
    if head not in ROOM_HEADS and not head.endswith("room") and ctx.index.is_scenery(head):
        return False  # "the merchant's stall" in a market: part of this place
    if head in _here_words(ctx.scene):
        return False  # "the miller's loft" in a mill with a loft ladder: part of this place
    first = owner_text.split()[-1]
    return _person_word(first.casefold()) or first[:1].isupper()


def _named_place(dest: _Ref, ctx: _Ctx) -> bool:
    """ "the Observation Deck", "the Silver Stair": a destination named like a place, in capitals,
    that this place's own words do not have."""
    words = [w for w in dest.text.split() if w.casefold() not in DETERMINERS]
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return False
    here = _here_words(ctx.scene)
    return not all(singular(w.casefold()) in here for w in words)


def _here_words(scene: Scene) -> set[str]:
    """The words the scene uses for where one is: its name, description, features, exits, items."""
    loc = scene.location
    parts = [loc.name or "", loc.description or "", *loc.exits, *(f.name for f in loc.features), *scene.items]
    return {singular(w) for w in norm_phrase(" ".join(parts)).split()}


_ROOMS_OF_ANY = frozenset("toilet lavatory loo privy latrine washroom stage booth closet pantry lobby foyer landing corridor hallway hall passage".split())


# Rooms any building may have, named by what they are for rather than by where they are.
_ANY_BUILDING_ROOMS = frozenset("rest wash bath cloak common back front side dining living waiting locker changing powder guest spare next other men's ladies' tap".split())


def _building_elsewhere(step: _Step, dest: _Ref, ctx: _Ctx) -> bool:
    """Whether a destination the scene does not have is a building or structure gone *to* ("the
    train station", "the courthouse"), which is a place elsewhere, not furniture of this one."""
    for prep, np in step.pps:
        if np.text == dest.text and prep in ("to", "into", "inside", "for"):
            head = np.head
            words = np.key.split()
            if (
                len(words) >= 2 and head in ("room", "chamber", "hall", "quarters") and is_classifier(words[-2])
                and not ctx.index.is_scenery(words[-2]) and words[-2] not in _ANY_BUILDING_ROOMS
            ):
                return True  # "the throne room", "the map room": a room of another building, or no exit
            if not head or ctx.index.is_scenery(head) or any(ctx.index.is_scenery(w) for w in np.key.split()[:-1]):
                return False
            # a room of the building one is in ("the restroom", "the cloakroom") is no journey
            return first_class(head) in ("S", "L") and head not in _WAYS and not head.endswith("room") and head not in _ROOMS_OF_ANY
    return False


_ON_FOOT = frozenset(
    """walk run stride step stroll dance march sprint dash hurry jog wander skip tiptoe amble
    saunter hop trot stand stomp tread pace strut scamper scurry skitter""".split()
)
_WATERS = frozenset("water waves wave sea ocean lake river pond surface stream bay current tide lagoon waters brine surf swell pool moat canal fountain".split())
_AIRS = frozenset("air sky cloud clouds nothing nothingness wind breeze".split())
_FIRM = frozenset("frozen ice icy iced bridge plank pier dock jetty boat raft ice floe shore beach bank gangplank stepping stone stones rock rocks deck".split())


_LEAPING = frozenset("jump leap hop vault bound spring skip".split())


def _impossible_surface(step: _Step) -> tuple[str, _NP] | None:
    """Walking on water or on air ("I walk across the waves to the galleon", "I stroll out onto
    the lake", "I walk on thin air"), or up a wall or along a ceiling: ("water walking" | "flight" |
    "wall walking", the phrase)."""
    if step.lemma not in _ON_FOOT or not step.pps:
        return None
    prep, np = step.pps[0]
    lows = set(np.lows)
    head = np.toks[-1].low if np.toks else ""
    leaping = step.lemma in _LEAPING and prep in ("over", "across")
    if prep in ("on", "onto", "across", "over", "upon") and (head in _WATERS or (lows & _WATERS and "of" in lows)) and not lows & _FIRM and not leaping:
        return "water walking", np  # "across the waves", "across the surface of the pool"; "hop over the stream" is a hop
    if prep in ("on", "onto", "across", "upon", "along") and head in _AIRS:
        return "flight", np  # "I walk on thin air", "across the clouds"
    if (prep == "up" and head in ("wall", "cliff", "face", "tower", "column", "pillar")) or (prep in ("on", "along", "across", "upon") and head == "ceiling"):
        return "wall walking", np
    return None


_LOFTY = frozenset("roof rooftop rooftops nest crow's-nest treetop treetops battlement battlements spire steeple moon sky cloud clouds top summit masthead".split())
_UNITS = {"foot": 1.0, "feet": 1.0, "ft": 1.0, "yard": 3.0, "yards": 3.0, "yd": 3.0, "yds": 3.0, "metre": 3.3, "metres": 3.3,
          "meter": 3.3, "meters": 3.3, "m": 3.3, "story": 10.0, "stories": 10.0, "storey": 10.0, "storeys": 10.0, "floor": 10.0, "floors": 10.0}


def _leap_feet(toks: list[_Tok]) -> float:
    """How far the words say a leap goes, in feet (0 when they say no distance): "thirty feet",
    "20 ft", "two stories", "tens of feet"."""
    best = 0.0
    for i, t in enumerate(toks[:-1]):
        low, nxt = t.low, toks[i + 1].low
        unit = _UNITS.get(nxt)
        if unit is None and nxt == "of" and i + 2 < len(toks):
            unit = _UNITS.get(toks[i + 2].low)  # "tens of feet"
        if unit is None:
            continue
        if low.replace(".", "", 1).isdigit():
            value = float(low)
        elif low in NUMBER_WORDS:
            value = float(NUMBER_WORDS[low])
            if i > 0 and toks[i - 1].low in NUMBER_WORDS and NUMBER_WORDS[toks[i - 1].low] >= 20:
                value += NUMBER_WORDS[toks[i - 1].low]
        elif low in ("tens", "dozens", "scores", "hundreds", "thousands", "many", "several"):
            value = {"tens": 20.0, "dozens": 24.0, "scores": 40.0, "hundreds": 200.0, "thousands": 2000.0, "many": 20.0, "several": 10.0}[low]
        else:
            continue
        best = max(best, value * unit)
    return best


def _h_jump(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """A leap: a movement, impossible when it goes through solid matter, tens of feet, or up onto a
    roof or mast top; a climb of what it goes over or up onto."""
    if not step.pps and step.dobj is None and _leap_feet(step.toks) == 0:
        return _new("other", words, conf)  # "I jump", "I leap aside"
    if step.dobj is not None and not step.pps and _leap_feet(step.toks) == 0:
        intent = _new("climb", words, conf)  # "I vault the fence": over it
        ref = _resolve(step.dobj, ctx, ("feature", "item", "content", "npc", "creature"), min_score=65)
        _set_target(intent, ref or _unresolved(step.dobj, ctx))
        return intent
    intent = _h_move(step, ctx, words, conf)
    if intent.method_kind == "ability":
        return intent  # through a ceiling, across the water
    if _leaps_a_gap(step):
        # "leap the gorge in one bound", "jump across the river": no legs carry that far
        _set_method(intent, _Ref("leaping", "ability", step.lemma or "leap", True), ctx, "ability")
        intent.method_text = words
        return intent
    far = _leap_feet(step.toks)
    lofty = [np for p, np in step.pps if p in ("onto", "on", "to", "up", "into", "atop", "over") and (
        np.head in _LOFTY or (np.toks and np.toks[-1].low in _LOFTY) or (np.lows[:1] == ["top"]) or np.lows[1:2] == ["top"])]
    if far >= 15.0 or lofty:
        _set_method(intent, _Ref("leaping", "ability", step.lemma or "leap", True), ctx, "ability")
        intent.method_text = words
        return intent
    if step.pps and all(p in ("over", "across") for p, _ in step.pps) and intent.target_kind in ("place", None) and not intent.resolved:
        return _new("other", words, conf)  # "I hop over the stream": over something, not off to it
    over = _pp(step, "over", "onto", "atop")
    if over is not None and intent.target_kind == "feature":
        f = ctx.index.feature(intent.target or "")
        if f is not None and f.climbable is False:
            intent.action_type = "climb"  # leaping a wall one cannot climb is climbing it
    return intent


# Landforms and waters too wide for any leap; a stream, ditch or gap between roofs is not.
_GAPS = frozenset(
    """fjord fiord river lake canyon gorge chasm ravine valley gulf strait straits sound bay sea
    ocean estuary firth loch lagoon harbour harbor abyss rift channel""".split()
)


def _leaps_a_gap(step: _Step) -> bool:
    """A leap over a landform no legs clear, or "in one bound" over a whole place."""
    nps = [np for np in [step.dobj, *(np for p, np in step.pps if p in ("over", "across", "to", "onto"))] if np is not None]
    if any(np.head in _GAPS or singular(np.head) in _GAPS for np in nps):
        return True
    lows = [t.low for t in step.toks]
    bound = any(lows[i] in ("one", "single", "a") and lows[i + 1] == "bound" for i in range(len(lows) - 1))
    return bound and any(np.head not in ("ground", "floor", "feet", "side") for np in nps)


def _h_approach(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _h_move(step, ctx, words, conf)


def _h_pseudo(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    if step.cls == "turn":
        if step.pseudo is None:
            return _new("other", words, conf)  # "turn the wheel", "turn to face him"
        intent = _new("ability", words, conf)
        _set_method(intent, _Ref(step.pseudo, "ability", words, True), ctx, "ability")
        return intent
    return _h_move(step, ctx, words, conf)


_FORMS = frozenset("mist smoke fog vapor vapour gas shadow cloud dust sand ash water liquid light air fire flame lightning steam puddle ooze slime sludge".split())


def _h_shapeshift(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    into = step.dobj or _pp(step, "into")
    if into is not None and into.head and (into.head in _FORMS or (is_substance(into.head) and into.head not in BEINGS)):
        # "I turn into mist": no shape of a creature, a body that passes under doors
        intent = _new("ability", words, conf)
        _set_method(intent, _Ref("gaseous form", "ability", words, True), ctx, "ability")
        return intent
    if into is not None and _category(into, ctx) not in ("being", "hostile", "generic_being"):
        # "turn into the alley": a direction, not a transformation
        ref = _resolve(into, ctx, ("exit", "location", "place", "feature"), min_score=65)
        if ref is not None or _category(into, ctx) in ("place", "fixture", "direction"):
            intent = _new("move", words, conf)
            _set_target(intent, ref or _unresolved(into, ctx))
            return intent
        if into.key and into.key.split()[-1] not in BEINGS:
            return _new("other", words, conf * 0.5)
    intent = _new("ability", words, conf)
    _set_method(intent, _Ref("shapeshifting", "ability", words, True), ctx, "ability")
    return intent


def _h_climb(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("climb", words, conf)
    np = step.dobj or _pp(step, "up", "onto", "on", "over", "to", "into", "atop", "down", "across", "out of", "through", "thru", "out", "in", "inside")
    through = _passage(step, ctx)
    if through is not None:
        _set_target(intent, through)
    elif np is not None:
        ref = _resolve(np, ctx, ("feature", "item", "content", "exit", "location", "npc", "creature", "party", "place"), min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
    elif step.particles:
        _set_target(intent, _Ref(step.particles[0], "direction", step.particles[0], True))
    _set_method(intent, _with_method(step, ctx), ctx)
    return intent


def _h_take(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    source = _pp(step, "from", "off", "out of")
    if d is None and source is None:
        to = _pp(step, "to", "toward", "towards", "into")
        if to is not None:  # "get to the market"
            return _h_move(step, ctx, words, conf)
    if d is not None and step.lemma == "take" and (d.head in _WAYS or _resolve(d, ctx, ("exit",), min_score=80) is not None):
        return _h_move(step, ctx, words, conf)  # "I take the forest path north", "take the stairs"
    if d is not None and source is not None and _mine(source) and not _mine(d) and _pronoun(d) is None and not _is_beingish(d, ctx):
        intent = _new("use_item", words, conf)  # "I grab a soda from my backpack": from one's own kit
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    if d is not None and _mine(d) and source is None and _category(d, ctx) not in _NOT_CLAIMS:
        intent = _new("use_item", words, conf)  # "I grab my crossbow": readying one's own
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    if d is not None and step.lemma in ("fetch", "get", "bring", "find", "collect", "retrieve") and _is_beingish(d, ctx) and _pronoun(d) is None:
        return _new("other", words, conf)  # "I run to fetch the healer": going to get someone
    intent = _new("take", words, conf)
    if d is not None and _is_beingish(d, ctx) and step.cls == "steal":
        _set_target(intent, _being(d, ctx, allow_objects=False))
        return intent
    if d is not None:
        ref = _resolve(d, ctx, ("item", "content", "npc_item", "inventory", "feature", "creature"), min_score=65)
        if ref is None and _pronoun(d) is None:
            someone = _resolve(d, ctx, BEING_KINDS, min_score=80)
            if someone is not None and someone.kind in BEING_KINDS:
                ref = someone  # "I lift Pim onto the mast", "I grab the boy": someone present
        _set_target(intent, ref or _unresolved(d, ctx))
        intent.quantity = d.quantity()
    if source is not None:
        src = _resolve(source, ctx, BEING_KINDS, min_score=70)
        if src is None and _category(source, ctx) in ("being", "proper", "hostile"):
            _set_target(intent, _unresolved(source, ctx))
        elif intent.target is None and src is not None:
            _set_target(intent, src)
    return intent


def _h_examine(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("examine", words, conf)
    np = step.dobj or _pp(step, "at", "around", "into", "through", "under", "behind", "in", "inside", "for", "over", "on", "from")
    if np is not None:
        ref = _resolve(np, ctx, None, min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
        if np.possessive in ("my",) or (step.lemma == "read" and np.possessive in ("my", "his", "her", "their")):
            m = _method(np, ctx)
            if m is not None:
                _set_method(intent, m, ctx, "item")
    return intent


def _h_rest(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _new("rest", words, conf)


def _h_use(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    on = _pp(step, "on", "upon", "against", "at", "to")
    if d is None:
        return _new("other", words, conf * 0.5)
    m = _method(d, ctx)
    key = d.key
    is_spell = m is not None and (m.kind == "spell" or (m.kind == "ability" and norm_phrase(m.name) in SPELLS))
    if is_spell:
        intent = _new("cast", words, conf)
        _set_method(intent, m, ctx, "spell")
        _set_target(intent, _being(on, ctx) if on is not None else None)
        return _purpose_overlay(intent, step, ctx)
    if m is not None and m.kind == "ability":
        intent = _new("ability", words, conf)
        _set_method(intent, m, ctx, "ability")
        if on is not None:
            _set_target(intent, _being(on, ctx))
        return _purpose_overlay(intent, step, ctx)
    if m is not None and (m.resolved or _method_kind_guess(d.text, ctx) == "item") and not _abilityish(key):
        intent = _new("use_item", words, conf)
        _set_method(intent, m, ctx, "item")
        if on is not None:
            target = _resolve(on, ctx, ("feature", "content", "item", "npc", "party", "creature", "inventory"), min_score=65)
            _set_target(intent, target or _unresolved(on, ctx))
            if "key" in key.split() and intent.target_kind == "feature":
                intent.action_type = "unlock"
        return _purpose_overlay(intent, step, ctx)
    # a claimed ability, skill, attribute, or something unknown
    intent = _new("ability", words, conf)
    _set_method(intent, m or _Ref(d.text, None, d.text, False), ctx, _method_kind_guess(d.text, ctx) or "ability")
    if intent.method_kind == "item":
        intent.method_kind = "ability" if _abilityish(key) else None
    if on is not None:
        _set_target(intent, _being(on, ctx))
    return _purpose_overlay(intent, step, ctx)


def _abilityish(key: str) -> bool:
    words = key.split()
    if not words:
        return False
    return key in CLASS_FEATURES or key in SKILLS or words[-1] in ABILITY_WORDS or words[-1] in ATTRIBUTES or words[-1] in BODY


def _purpose_step(step: _Step, ctx: _Ctx) -> _Step | None:
    if not step.purpose:
        return None
    sub = _parse_step(step.purpose, ctx)
    return sub


def _purpose_overlay(intent: Intent, step: _Step, ctx: _Ctx) -> Intent:
    """ "use X to Y": the action is Y's, done with X ("use my sword to pry open the door")."""
    sub = _purpose_step(step, ctx)
    if sub is None or sub.cls is None or sub.cls in ("benign",):
        return intent
    inner = _interpret(sub, ctx, intent.words)
    if inner is None or inner.action_type == "other":
        return intent
    if intent.method is not None and (inner.method is None or inner.method_kind is None):
        inner.method, inner.method_kind, inner.method_text = intent.method, intent.method_kind, intent.method_text
        if sub.cls == "force" and inner.action_type == "attack" and inner.target_kind not in BEING_KINDS and intent.method_kind == "item":
            inner.action_type = "open"  # "use my sword to pry open the door": an attempt with a tool
    if inner.action_type == "attack" and inner.target is None and intent.target is not None:
        inner.target, inner.target_kind, inner.target_text, inner.resolved = intent.target, intent.target_kind, intent.target_text, intent.resolved
    if intent.method_kind == "ability" and inner.action_type in ("other", "rest"):
        return intent
    if intent.method_kind == "spell":
        inner_target = inner.target
        intent.target = intent.target or inner_target
        if intent.target is not None and intent.target_kind is None:
            intent.target_kind, intent.target_text, intent.resolved = inner.target_kind, inner.target_text, inner.resolved
        return intent
    inner.words = intent.words
    inner.confidence = min(inner.confidence, intent.confidence)
    return inner


_DRAWABLE = frozenset("map picture sketch line circle breath attention card lot straw symbol rune diagram portrait bath conclusion blood water curtain crowd glyph sigil chalk".split())


def _h_ready(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj or _pp(step, "for")
    if step.lemma == "draw" and d is not None and d.head in _DRAWABLE and d.possessive is None:
        return _new("other", words, conf)  # "draw a map", "draw breath": not drawing a weapon
    intent = _new("use_item", words, conf)
    if d is not None:
        m = _method(d, ctx)
        if m is not None and m.kind == "spell":
            intent.action_type = "cast"
            _set_method(intent, m, ctx, "spell")
        else:
            _set_method(intent, m, ctx, "item" if m is None or m.kind != "ability" else "ability")
    at = _pp(step, "at", "toward", "towards", "on")
    if at is not None:
        _set_target(intent, _being(at, ctx))
    return intent


def _h_consume(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    np = step.dobj or _pp(step, "from", "out of", "of")
    if np is not None:
        _set_method(intent, _method(np, ctx), ctx, "item")
        intent.quantity = np.quantity()
    return intent


def _h_light(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    if step.dobj is not None:
        _set_method(intent, _method(step.dobj, ctx), ctx, "item")
    w = _with_method(step, ctx)
    if w is not None:
        intent.target, intent.target_kind, intent.target_text = intent.method, "item", intent.method_text
        _set_method(intent, w, ctx)
    return intent


def _h_play(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    on = _pp(step, "on", "with")
    d = step.dobj
    if on is not None and _is_beingish(on, ctx):
        intent = _new("other", words, conf)  # "I play cards with the undertaker"
        _set_target(intent, _being(on, ctx, allow_objects=False))
        return intent
    if on is not None:
        intent = _new("use_item", words, conf)
        _set_method(intent, _method(on, ctx), ctx, "item")
        return intent
    if d is not None and d.head in GEAR:
        intent = _new("use_item", words, conf)
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    return _new("other", words, conf)


def _h_open(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("unlock" if step.cls in ("unlock", "picklock") else "open", words, conf)
    np = step.dobj
    if step.cls == "picklock":
        np = _pp(step, "on", "of", "in") or None
        if np is None and step.dobj is not None and _possessor(step.dobj) is not None:
            whose = step.dobj.toks
            cut = next(i for i, t in enumerate(whose) if t.low.endswith(("'s", "s'")))
            np = _NP(whose[: cut + 1])  # "the office door's" lock (the key drops the possessive)
        _set_method(intent, _Ref("pick lock", "ability", "pick the lock", False), ctx, "ability")
        lock = _resolve(np, ctx, ("feature", "content", "item"), min_score=65) if np is not None else None
        if lock is None and np is None:
            locked = [f for f in ctx.scene.location.features if f.locked]
            if len(locked) == 1:
                lock = _Ref(locked[0].name, "feature", "the lock", True)
        _set_target(intent, lock or (_unresolved(np, ctx) if np is not None else None))
        tool = _with_method(step, ctx)
        if tool is not None:
            _set_method(intent, tool, ctx)
        return intent
    if np is not None:
        ref = _resolve(np, ctx, ("feature", "content", "item", "exit", "inventory", "npc_item"), min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
    _set_method(intent, _with_method(step, ctx), ctx)
    return intent


def _h_force(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """Kicking, prying, breaking: an attempt the dice decide; with a tool it is an "open"."""
    np = step.dobj
    tool = _with_method(step, ctx)
    if np is not None and _is_beingish(np, ctx) and step.lemma in ("force", "break"):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(np, ctx))
        return intent
    ref = None
    if np is not None:
        ref = _resolve(np, ctx, ("feature", "content", "item", "exit"), min_score=65) or _unresolved(np, ctx)
    if tool is not None:
        intent = _new("open", words, conf)
        _set_target(intent, ref)
        _set_method(intent, tool, ctx)
        return intent
    intent = _new("attack", words, conf)
    _set_target(intent, ref)
    return intent


def _h_push(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    at = _pp(step, "at", "toward", "towards", "into", "onto", "against", "on")
    if d is not None and _is_beingish(d, ctx):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(d, ctx))
        return intent
    if at is not None and _is_beingish(at, ctx):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(at, ctx))
        if d is not None:
            _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    source = _pp(step, "from", "out of")
    if d is not None and source is not None and step.lemma in ("pull", "drag"):
        if source.possessive is not None:
            return _h_ready(step, ctx, words, conf)  # "pulls a wand from his belt": his own
        return _h_take(step, ctx, words, conf)  # "pulls a battleaxe from the wall rack"
    intent = _new("other", words, conf)
    if d is not None:
        ref = _resolve(d, ctx, None, min_score=65)
        _set_target(intent, ref or _unresolved(d, ctx))
        if d.possessive == "my":
            _set_method(intent, _method(d, ctx), ctx, "item")
    return intent


_CAST_THINGS = frozenset("net line rod lure hook bait anchor vote lot lots die dice stone pebble shadow seed seeds eye glance look gaze".split())


def _h_cast(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and d.head in _CAST_THINGS:
        # "cast my fishing line", "cast a wary eye over the crowd": no spell
        return _new("examine" if d.head in ("eye", "glance", "look", "gaze") else "other", words, conf)
    intent = _new("cast", words, conf)
    if d is not None:
        toks = [t for t in d.toks if t.low not in ("spell", "spells", "cantrip")]
        if all(t.low in DETERMINERS for t in toks):
            toks = d.toks
        spell_np = _NP(toks)
        m = ctx.index.resolve(spell_np.text, ("ability",), min_score=75)
        if m is not None:
            _set_method(intent, _ref_from(m, spell_np.text), ctx, "spell")
        else:
            _set_method(intent, _Ref(spell_np.text, "spell", d.text, False), ctx, "spell")
    target = _pp(step, "at", "on", "upon", "against", "toward", "towards", "into", "over")
    if target is not None:
        _set_target(intent, _being(target, ctx))
    if intent.method is None:
        intent.method, intent.method_kind, intent.method_text = "spell", "spell", None
    return intent


def _h_summon(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and _is_beingish(d, ctx) and _being(d, ctx, allow_objects=False).resolved:
        intent = _new("talk", words, conf)  # "I summon the bartender": calling someone over
        _set_target(intent, _being(d, ctx, allow_objects=False))
        return intent
    intent = _new("cast", words, conf)
    what = d.text if d is not None else ""
    m = ctx.index.resolve(f"{step.lemma} {what}".strip(), ("ability",), min_score=75)
    if m is not None:
        _set_method(intent, _ref_from(m, what), ctx, "spell")
    else:
        intent.method = f"{step.lemma} {what}".strip()
        intent.method_kind = "spell"
        intent.method_text = intent.method
    return intent


def _h_heal(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    w = _with_method(step, ctx)
    if w is not None and (w.kind == "spell" or _method_kind_guess(w.text, ctx) == "spell"):
        intent = _new("cast", words, conf)
        _set_method(intent, w, ctx, "spell")
    else:
        intent = _new("other", words, conf)
        if w is not None:
            _set_method(intent, w, ctx)
    if step.dobj is not None:
        _set_target(intent, _being(step.dobj, ctx))
    return intent


def _h_ability(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    name = step.ability_phrase or ""
    d = step.dobj or _pp(step, "at", "on", "against")
    key = " ".join(w for w in norm_phrase(name).split() if w not in ("the", "a", "an", "my"))
    if key in SPELLS and key not in CLASS_FEATURES:
        intent = _new("cast", words, conf)
        m = ctx.index.resolve(name, ("ability",), min_score=75)
        _set_method(intent, _ref_from(m, name) if m is not None else _Ref(name, "spell", name, False), ctx, "spell")
        if d is not None:
            _set_target(intent, _being(d, ctx))
        return intent
    striking = d is not None and any(w in name.casefold() for w in ("attack", "smite", "strike", "blow"))
    intent = _new("attack" if striking else "ability", words, conf)
    m = ctx.index.resolve(name, ("ability",), min_score=75)
    if m is not None:
        _set_method(intent, _ref_from(m, name), ctx, "ability")
    else:
        _set_method(intent, _Ref(name, "ability", name, False), ctx, "ability")
    if d is not None:
        _set_target(intent, _being(d, ctx))
    return intent


def _h_other(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("other", words, conf)
    d = step.dobj
    if d is not None and d.possessive == "my":
        m = _method(d, ctx)
        if m is not None and (m.resolved or _category(d, ctx) == "gear"):
            _set_method(intent, m, ctx, "item")
    return intent


def _h_hide(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _new("other", words, conf)


def _h_wear(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    if step.dobj is not None:
        _set_method(intent, _method(step.dobj, ctx), ctx, "item")
    return intent


_HANDLERS = {
    "attack": _h_attack,
    "shoot": _h_shoot,
    "throw": _h_throw,
    "talk": _h_talk,
    "order": _h_order,
    "buy": _h_buy,
    "give": _h_give,
    "move": _h_move,
    "approach": _h_approach,
    "fly": _h_pseudo,
    "teleport": _h_pseudo,
    "phase": _h_pseudo,
    "turn": _h_pseudo,
    "shapeshift": _h_shapeshift,
    "climb": _h_climb,
    "take": _h_take,
    "steal": _h_take,
    "examine": _h_examine,
    "rest": _h_rest,
    "use": _h_use,
    "ready": _h_ready,
    "consume": _h_consume,
    "light": _h_light,
    "wear": _h_wear,
    "play": _h_play,
    "open": _h_open,
    "unlock": _h_open,
    "picklock": _h_open,
    "force": _h_force,
    "push": _h_push,
    "cast": _h_cast,
    "summon": _h_summon,
    "heal": _h_heal,
    "ability": _h_ability,
    "hide": _h_hide,
    "jump": _h_jump,
    "benign": _h_other,
}

__all__ = ["extract"]
