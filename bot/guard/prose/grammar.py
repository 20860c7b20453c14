"""Guesses about single words, and which verb a noun phrase is the subject of.

Narration is open-world: most words it uses are in no list, so whether a word is a noun, a
participle, an adverb or an adjective is guessed from the vocabulary and the word's shape ("-ly",
"-ed", a plural, "you've"). The chunker, the scope of a negation, the similes and the checks all
lean on the same guesses and on the same answer to "what does this phrase do?" (``verb_after``),
so they live in one place and agree. The per-word guesses are cached, because every narration asks
about the same words; ``warm_caches`` fills the caches before an evaluation times anything.
"""

from __future__ import annotations

from functools import lru_cache

from bot.guard import vocabulary as V
from bot.guard.lexicon import wordclass as W
from bot.guard.prose.tokens import Phrase, Reading, Token

# Words a full stop follows without ending the sentence ("Mrs. Castellano"): the sentence
# splitter and ``verb_after``'s skip over an appositive both read them.
_ABBREVIATIONS = frozenset({"dr", "mr", "mrs", "ms", "st", "mt", "capt", "lt", "sgt", "prof",
                            "gen", "col", "rev", "sr", "jr", "vs", "no", "cpt", "cmdr", "maj",
                            "fr", "sen", "gov", "pvt", "cpl", "adm", "insp", "det", "etc"})

_NOUNISH = (V.ITEMS | V.CREATURES | V.PERSONS | V.PLACES | V.FIXTURES | V.ATMOSPHERE | V.BODY
            | V.CLOTHING | V.ABSTRACT | V.EXPRESSIONS | V.CROWD | V.CREATURE_PARTS | V.PARTITIVES
            | V.ANIMAL_PARTS
            | frozenset().union(*V.KIND_FIXTURES.values()))

_PARTICLES = frozenset({"out", "up", "down", "off", "forth", "away", "back", "over", "aside",
                        "in", "on"})

_OBJECT_STARTS = V.DETERMINERS | V.POSSESSIVE_PRONOUNS | V.OBJECT_PRONOUNS


@lru_cache(maxsize=16384)
def _participle(low: str) -> bool:
    return low in V.VERBS and low not in V.VERB_BASES and (
        low.endswith(("ed", "ing")) or not low.endswith("s"))


@lru_cache(maxsize=16384)
def _is_nounish(low: str) -> bool:
    return low in _NOUNISH or V.lemma(low) in _NOUNISH or (
        len(low) > 6 and (V.is_person_noun(low) or V.creature_group(low) is not None))


def _pronoun_contraction(low: str) -> bool:
    """"you've", "she'd", "they'll": a subject pronoun and its auxiliary."""
    head, sep, tail = low.partition("'")
    return bool(sep) and head in V.SUBJECT_PRONOUNS and tail in ("ve", "d", "ll", "re", "m")


def _verbish(t: Token) -> bool:
    return t.low in V.VERBS or t.low in V.AUXILIARIES


def _adverbish(t: Token) -> bool:
    return _adverb_low(t.low)


@lru_cache(maxsize=16384)
def _adverb_low(low: str) -> bool:
    return low in V.ADVERBS or (low.endswith("ly") and len(low) > 4
                                and not _is_nounish(low) and low not in V.VERBS
                                and low not in ("holy", "belly", "jelly", "lily", "ally",
                                                "family", "assembly", "bully", "folly")
                                and not _concrete_noun(low))


def _concrete_noun(low: str) -> bool:
    """A word in -ly whose commonest sense is a thing one can point at ("gully", "trolley"):
    a noun, not an adverb."""
    return W.first_class(low) in _CONCRETE_CLASSES


# WordNet's classes of things one can point at: natural objects, places, body parts, plants,
# food, artifacts, vehicles, structures, animals.
_CONCRETE_CLASSES = frozenset("OLBGDTVSA")


def _adjectival(t: Token) -> bool:
    return (V.looks_adjective(t.low) and not _is_nounish(t.low)) or _participle(t.low) \
        or t.low in V.COLOURS


def _plural(t: Token) -> bool:
    return not t.possessive and t.low.endswith("s") and V.lemma(t.low) != t.low


# --- small helpers the checks share -------------------------------------------------------------

def next_word(r: Reading, i: int) -> Token | None:
    """The first word token after index i (skipping punctuation)."""
    for k in range(i + 1, len(r.tokens)):
        if r.tokens[k].kind != "punct":
            return r.tokens[k]
    return None


def verb_after(r: Reading, p: Phrase, limit: int = 14) -> int | None:
    """Index of the verb this phrase is the subject of, skipping an appositive (", clad in ...,")
    and prepositional phrases ("a man in a dark suit steps out")."""
    toks = r.tokens
    n = len(toks)
    k = p.end
    if k < n and toks[k].low in ("himself", "herself", "itself", "themselves"):
        k += 1  # "the Duke himself, resplendent in crimson, plucks ..."
    steps = 0
    while k < n and steps < limit:
        t = toks[k]
        if t.sent != toks[p.head].sent:
            return None
        if t.kind == "punct":
            if t.low == ",":
                if p.start > 0 and toks[p.start - 1].low == "," and k + 1 < n and \
                        _verbish(toks[k + 1]) and not _is_nounish(toks[k + 1].low):
                    return k + 1  # "her partner, Detective Hank Mueller, lumbers in"
                # appositive: skip to the next comma within the limit
                j = k + 1
                while j < n and j - k < limit and toks[j].low != "," and (
                        toks[j].kind != "punct" or (toks[j].low == "." and j > 0 and
                                                    toks[j - 1].low in _ABBREVIATIONS)):
                    j += 1  # "a woman in a fur coat, Mrs. Castellano, sweeps down"
                if j < n and toks[j].low == "," and j + 1 < n and _verbish(toks[j + 1]):
                    return j + 1
                return None
            return None
        if t.low in V.AUXILIARIES:
            return k
        if k > p.end and (_pronoun_contraction(t.low) or t.low in ("you", "he", "she", "they",
                                                                   "we", "i")):
            # "a guy in a gold jumpsuit you've never seen elbows her": skip the relative
            # clause to the verb whose subject the phrase is
            j = k + 1
            while j < n and j - k <= 3 and (toks[j].low in V.ADVERBS or toks[j].low in (
                    "never", "not", "once", "just", "already", "have", "had", "has")):
                j += 1
            if j + 1 < n and (toks[j].low in V.VERBS or W.verb_base(toks[j].low)):
                nxt = toks[j + 1]
                if nxt.kind == "word" and nxt.low.endswith("s") and (
                        nxt.low in V.VERBS or W.verb_base(nxt.low)):
                    return j + 1
            return None
        if t.low in V.VERBS and not _is_nounish(t.low):
            return k
        if t.low in V.VERBS and r.phrase_at.get(k) is None:
            return k
        if t.low in V.PREPOSITIONS and t.low not in ("as", "like"):
            q = r.phrase_at.get(k + 1)
            if q is None:
                return None
            k = q.end
            steps += 1
            continue
        if t.low in V.ADVERBS or _adverbish(t):
            k += 1
            steps += 1
            continue
        if t.low in V.VERBS:
            return k
        if t.kind == "word" and not t.cap and t.low.endswith("s") and not t.low.endswith("ss") \
                and not _is_nounish(t.low) and k == p.end:
            return k  # "Queen Mab waddles": a word in -s right after a subject is its verb
        return None
    return None


def tokens_text(r: Reading, a: int, b: int) -> str:
    return r.text[r.tokens[a].start:r.tokens[b - 1].end]


def warm_caches(words: frozenset[str] | None = None) -> None:
    """Fill the per-word caches for the vocabulary (a long-running bot fills them as it goes;
    an evaluation run would otherwise charge each first-seen word to some case)."""
    for w in words if words is not None else (_NOUNISH | V.VERBS | V.ADVERBS | V.COLOURS):
        _is_nounish(w)
        _participle(w)
        _adverb_low(w)
        V.lemma(w)
        V.creature_group(w)
        V.is_person_noun(w)
        V.common_word(w)
