"""The words after a verb, as roles: direct object, prepositional phrases, particles, purpose.

Why separate: where an object ends and a prepositional phrase, a purpose ("to get away") or a
new clause begins is the same question for every verb, and for the rites that read a purpose
clause again on its own; and a double object ("give Greta the coins") must be cut in two before
any handler can tell the recipient from the thing.
"""

from __future__ import annotations

from bot.guard.intent.clauses import _HARD, _NOUNISH, _SOFT
from bot.guard.intent.model import _NP, _Tok
from bot.guard.lexicon.nouns import DIRECTIONS
from bot.guard.lexicon.verbs import (
    PARTICLES, PREPOSITIONS, PRONOUNS_BEING, PRONOUNS_THING, SUBJECT_FIRST, SUBJECT_THIRD,
    SUBORDINATORS, VERBS, verb_lemma,
)
from bot.guard.lexicon.wordclass import noun_codes, verb_base
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, POSSESSIVES


def _roles(toks: list[_Tok], cls: str | None) -> tuple[_NP | None, list[tuple[str, _NP]], list[str], list[_Tok], list[_Tok]]:
    """Split the words after a verb into direct object, prepositional phrases, purpose and rest."""
    toks = _without_manner_pairs(toks)
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
    aside = False  # inside a participle that describes the last noun ("the monk warming himself ...")

    def flush() -> None:
        nonlocal cur
        if cur_prep is None:
            dobj_toks.extend(cur)
        elif cur_prep == "§":  # quoted speech ends a phrase and is no part of one
            cur = []
            return
        elif cur:
            pps.append((cur_prep, _NP(_without_tail(cur))))
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
        if low in _PHRASE_ENDING_ADVERBS and (cur or dobj_toks) and toks[i - 1].low not in DETERMINERS:
            flush()
            rest = toks[i:]  # "strap on a parachute pack just in case": the phrase ended
            break
        if low in _PATH_ADVERBS and cls in _MOTION_CLASSES and cur_prep is None and not cur and not dobj_toks and i + 1 < n and toks[i + 1].low in _PATH_PREPS:
            i += 1  # "go straight up to the loft", "head right down to the quay": how, not where
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
        if aside or _describing_participle(toks, i, bool(cur or dobj_toks)):
            if not aside:
                flush()
                cur_prep = "§"  # what the participle's clause holds is no role of this verb
                aside = True
            i += 1
            continue
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
        if low in _RELATIVE_CONTRACTED and (cur or dobj_toks):
            flush()
            rest = toks[i:]  # "the bear that's been circling the ship": a clause about it begins
            break
        if low in _QUESTION_CONTRACTED and cls == "talk" and (cur or dobj_toks):
            flush()
            rest = toks[i:]  # "ask the archmage what's in the reliquary": the question begins
            break
        if low in SUBORDINATORS and low not in ("as",) and (cls == "talk" or low in ("if", "whether", "where", "how", "why", "what", "who", "that")):
            flush()
            rest = toks[i:]
            break
        if low in SUBORDINATORS and low in ("while", "as", "so", "because", "until", "though", "although", "since", "once", "before", "after", "when") and not _before_someone(toks, i):
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
    dobj_toks = _without_tail(dobj_toks)
    if (
        cls == "talk" and len(dobj_toks) > 1 and dobj_toks[0].low in ("him", "her", "them", "us", "me")
        and dobj_toks[1].low not in DETERMINERS and not dobj_toks[1].low.isdigit() and dobj_toks[1].low not in NUMBER_WORDS
    ):
        # "tell him hes finished": a pronoun takes no words after it; what follows is what is said
        rest = [*dobj_toks[1:], *rest]
        dobj_toks = dobj_toks[:1]
    if len(dobj_toks) > 1 and dobj_toks[-1].low in DIRECTIONS and dobj_toks[-1].low not in ("over", "in", "on", "off", "out", "up", "down"):
        particles.append(dobj_toks.pop().low)  # "the forest path north"
    if len(dobj_toks) > 1 and dobj_toks[-1].low in _RESULT_STATES:
        particles.append(dobj_toks.pop().low)  # "smash the chest open"
    elif dobj_toks and pps and len(pps[-1][1].toks) > 1 and pps[-1][1].toks[-1].low in _RESULT_STATES and any(
        t.low not in DETERMINERS for t in pps[-1][1].toks[:-1]
    ):
        # "heave the hatch to the hold open": the state the object is left in follows the whole
        # of its name, prepositional phrase and all; it is no part of that phrase
        prep, np_ = pps[-1]
        particles.append(np_.toks[-1].low)
        pps[-1] = (prep, _NP(np_.toks[:-1]))
    dobj = _NP(dobj_toks) if dobj_toks else None
    return dobj, pps, particles, purpose, rest


def _without_manner_pairs(toks: list[_Tok]) -> list[_Tok]:
    """The words without a doubled noun of manner ("hand over hand", "inch by inch", "face to
    face"): how a deed is done, never an object or a place; and "up and over" as "over"."""
    if len(toks) < 3:
        return toks
    out: list[_Tok] = []
    i = 0
    while i < len(toks):
        if (
            i + 2 < len(toks) and toks[i].low == toks[i + 2].low and toks[i + 1].low in ("over", "by", "after", "to")
            and toks[i].low.isalpha() and toks[i].low not in DETERMINERS and not toks[i].cap
        ):
            i += 3
            continue
        if (
            i + 2 < len(toks) and toks[i].low in ("up", "down") and toks[i + 1].low == "and"
            and toks[i + 2].low in ("over", "across", "through", "into", "onto", "out")
        ):
            i += 2  # "up and over the wall": one way, said twice; the second preposition carries it
            continue
        out.append(toks[i])
        i += 1
    return out


# A relative pronoun run into its verb: what follows says something of the noun before it.
_RELATIVE_CONTRACTED = frozenset("that's who's which's that'd who'd that'll who'll who've that've".split())
# A question word run into its verb ("what's", "where's"): after a verb of asking, the question.
_QUESTION_CONTRACTED = frozenset("what's where's when's why's how's what're where're how're whats wheres hows".split())
# A state the deed leaves its object in, said after it ("smash the chest open", "shake the
# watchman awake", "knock the thug senseless"): no part of the object's name.
_RESULT_STATES = frozenset(
    """open shut apart closed loose free down in aside over awake unconscious senseless silly
    conscious upright flat dry clean smooth straight still silent quiet dead alive""".split()
)
# What may follow a participle that describes a noun: its own object or phrase ("the masseur
# sitting in the corner", "the monk warming himself", "the guard holding a torch").
_AFTER_PARTICIPLE = PREPOSITIONS | DETERMINERS | PRONOUNS_BEING | PRONOUNS_THING | frozenset({"", "me", "myself", "us", "there", "here", "nearby", "quietly", "alone"})


def _describing_participle(toks: list[_Tok], i: int, in_phrase: bool) -> bool:
    """Whether ``toks[i]`` is an -ing participle after a noun that says what that noun is doing
    ("the blind masseur sitting in the corner", "the officer standing beside her"): a reduced
    relative clause, no part of the noun's name. Not a noun of its own ("the ship's rigging",
    "the landing"), nor a word that qualifies a noun after it ("the hunting lodge")."""
    t = toks[i]
    low = t.low
    if _describing_past_participle(toks, i, in_phrase):
        return True
    if not in_phrase or i == 0 or len(low) < 6 or not low.endswith("ing") or t.cap:
        return False
    prev = toks[i - 1].low
    if prev in DETERMINERS or prev in PREPOSITIONS or prev.isdigit() or prev in NUMBER_WORDS or not prev.replace("'", "").isalpha():
        return False
    if verb_base(low) is None or noun_codes(low)[:1] not in ("", "X"):
        return False
    if not (noun_codes(prev) or prev.endswith("'s") or toks[i - 1].cap):
        return False
    nxt = toks[i + 1].low if i + 1 < len(toks) else ""
    return nxt in _AFTER_PARTICIPLE or nxt in _SOFT or nxt in _HARD


# Where a past participle after a noun puts it: "the cat curled up on the sacks", "the drunk
# slumped against the bar".
_PLACING = frozenset("up down on upon in inside beside by against under beneath over near atop across behind".split())


def _describing_past_participle(toks: list[_Tok], i: int, in_phrase: bool) -> bool:
    """Whether ``toks[i]`` is a past participle after a noun that says how that noun lies or
    sits ("the cat curled up on the sacks"): a reduced relative clause like the -ing one, no
    part of the noun's name and no new deed."""
    t = toks[i]
    low = t.low
    if not in_phrase or i == 0 or len(low) < 5 or not low.endswith("ed") or t.cap:
        return False
    prev = toks[i - 1].low
    if prev in DETERMINERS or prev in PREPOSITIONS or not prev.replace("'", "").isalpha() or not noun_codes(prev):
        return False
    if verb_base(low) is None or noun_codes(low):
        return False
    nxt = toks[i + 1].low if i + 1 < len(toks) else ""
    return nxt in _PLACING


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
        if verb_base(low) is not None and (not nxt or nxt in _SOFT or nxt in _HARD or nxt in ("and", "then", "while", "before")):
            # "hang the prints on the line to dry": a bare verb ending the clause, unless the
            # word is mostly somewhere to go ("to bed", "to market") or stuff ("to stone")
            codes = noun_codes(low)
            return codes[:1] in ("", "X", "P") and not set(codes[:3]) & {"S", "L", "F", "V"} and low not in _NOUNISH_DEST
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


# Adverbs that say how straight or how soon one goes, right after a verb of motion: never the
# object of it ("go straight up to the loft" goes up to the loft).
_PATH_ADVERBS = frozenset("straight right directly direct stright quickly slowly swiftly carefully quietly".split())
_MOTION_CLASSES = frozenset({"move", "climb", "fly", "approach", "jump", "phase", "teleport"})
_PATH_PREPS = frozenset("up down to toward towards for back home over across out into onto through thru past under along around behind".split())


# Adverbs that cannot sit inside a noun phrase: what follows them is no part of the object.
_PHRASE_ENDING_ADVERBS = frozenset("just again anyway instead already too now".split())
_TRAILING_ADVERBS = frozenset("twice thrice again once hard fast now too already anyway instead repeatedly quickly immediately".split())
# When a deed is done ("tonight", "right now"): said after a phrase, no part of what it names.
_WHEN = frozenset("tonight today tomorrow yesterday soon later asap now".split())
# How a deed is done, said after its object ("real quick", "quietly"); a closed list, since a
# word ending in "-ly" may be a name ("ned kelly") or a thing ("jelly").
_MANNER = frozenset(
    """quick quickly slow slowly quiet quietly careful carefully gentle gently softly silently
    loudly calmly swiftly carefully tight tightly firmly properly""".split()
)
# Words that only strengthen a following adverb: "real quick", "right now", "super fast".
_INTENSIFIERS = frozenset("real right super really very pretty so too".split())


def _without_tail(toks: list[_Tok]) -> list[_Tok]:
    """A phrase without the adverbs that trail it ("my ration bar real quick", "timbuktu
    tonight", "the door quietly"): how or when the deed is done is no part of the thing's name.
    A lone word stays."""
    out = list(toks)
    while len(out) > 1:
        low = out[-1].low
        if low in _TRAILING_ADVERBS or low in _WHEN or low in _MANNER:
            out.pop()
            while len(out) > 1 and out[-1].low in _INTENSIFIERS:
                out.pop()
            continue
        if low in _EMPHATIC_SELF and out[-2].low not in ("and", "or", "&", ","):
            out.pop()  # "undog the hatch myself": who does it, not part of what is undone
            continue
        break
    return out


# A reflexive after a noun says the doer does it unaided ("open the hatch myself") or stresses
# who is meant ("ask Rumi himself", "the captain herself"); either way it is no part of the noun.
_EMPHATIC_SELF = frozenset({"myself", "ourselves", "ourself", "himself", "herself", "themselves", "itself"})


_NOUNISH_DEST = frozenset("market square tavern inn gate cellar hall room bar door table fire well camp town city castle shore ship deck dock forest chapel crypt".split())


def _split_double(np: _NP) -> list[_NP]:
    """ "Greta the coins" / "Old Kasim 2 gold coins" -> two phrases (double object); "him
    something": an object pronoun is a phrase of its own, whatever follows it."""
    toks = np.toks
    if len(toks) > 1 and toks[0].low in ("him", "them", "us", "me"):
        return [_NP(toks[:1]), _NP(toks[1:])]
    if len(toks) > 2 and toks[0].low == "it" and (toks[1].low in DETERMINERS or toks[1].low in POSSESSIVES):
        return [_NP(toks[:1]), _NP(toks[1:])]  # "slip it the crust": a beast's "it", then the thing
    for i in range(1, len(toks)):
        t = toks[i]
        if (t.low in DETERMINERS or t.low.isdigit() or t.low in NUMBER_WORDS) and toks[i - 1].low not in DETERMINERS and toks[i - 1].low != "of" and not toks[i - 1].low.isdigit():
            first = toks[:i - 1] if toks[i - 1].low in _RETURNED and i > 1 else toks[:i]
            return [_NP(first), _NP(toks[i:])]  # "pay the skipper back the 50 chits": "back" is the deed's
    return [np]


# Particles of giving back that stand between the two objects: "hand her back the knife".
_RETURNED = frozenset({"back"})


def _before_someone(toks: list[_Tok], i: int) -> bool:
    """Whether "before" at ``i`` opens a noun phrase, not a clause ("kneel before the empress and
    beg", not "run before the guards notice"): an article or "my" next, and no verb in the
    words that follow up to "and", a comma or the end."""
    if toks[i].low != "before" or i + 1 >= len(toks) or not (toks[i + 1].low in DETERMINERS or toks[i + 1].low in POSSESSIVES):
        return False
    for t in toks[i + 2 :]:
        if t.low in ("and", "then", ",", "to"):
            break
        if verb_base(t.low) is not None and not noun_codes(t.low):
            return False
        if t.low in SUBJECT_FIRST or t.low in SUBJECT_THIRD or t.low in PRONOUNS_BEING:
            return False
    return True
