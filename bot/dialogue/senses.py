"""Which words can stand for one another in a retelling, from WordNet's synsets and hypernyms.

An honest NPC says "blokes" for "men", "patrons" for "customers", "notices" for "sees"; the
hand-made families of ``bot.dialogue.lexicon`` cannot hold every such pair. Two words are
*related* when one of their commonest senses is shared (synonyms), or when one is directly a kind
of the other ("patron" is a kind of "customer"). Two kinds of one thing are not related: "blue"
and "white", "week" and "month" are how a changed detail looks, never a paraphrase.

The table (``senses_data.py``) is keyed by word; it is read once, lazily, and keyed again by the
stems the dialogue checks compare (``bot.dialogue.words.stem``), so that the relation holds
between whatever forms the speech and the document use.
"""

from __future__ import annotations

from functools import lru_cache

_NO_SENSES: tuple[frozenset[int], frozenset[int], frozenset[int]] = (frozenset(), frozenset(), frozenset())
_MIN_LENGTH = 3  # "go", "be": too many senses to stand for anything


def _ids(text: str) -> frozenset[int]:
    return frozenset(int(x, 16) for x in text.split(",") if x)


@lru_cache(maxsize=1)
def _table() -> dict[str, tuple[frozenset[int], frozenset[int], frozenset[int]]]:
    from bot.dialogue.lexicon import FAMILIES
    from bot.dialogue.senses_data import FORMS, SENSES
    from bot.dialogue.words import stem

    by_word: dict[str, tuple[str, str, str]] = {}
    for line in SENSES.split("\n"):
        if line:
            word, _, rest = line.partition(":")
            own, kinds, broader = (rest.split("|") + ["", ""])[:3]
            by_word[word] = (own, kinds, broader)
    for pair in FORMS.split():
        form, _, word = pair.partition(":")
        if word in by_word and form not in by_word:
            by_word[form] = by_word[word]
    # a word family of the hand-made lexicon ("run" is a job there) is read as its canonical word
    # only: the many senses of all its members would relate it to anything
    families = frozenset(FAMILIES.values())
    raw: dict[str, tuple[list[str], list[str], list[str]]] = {}
    for word, fields in by_word.items():
        key = stem(word)
        if len(word) >= _MIN_LENGTH and (key not in families or word == key):
            entry = raw.setdefault(key, ([], [], []))
            for i in range(3):
                entry[i].append(fields[i])
    return {k: (_ids(",".join(a)), _ids(",".join(b)), _ids(",".join(c))) for k, (a, b, c) in raw.items()}


def preload() -> None:
    """Read the table now (about a fifth of a second, once per process) rather than inside the
    first answer that needs it."""
    _table()
    _verb_forms()


def senses(word_stem: str) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """(its own senses, the senses it is directly a kind of, the senses those are kinds of) for a
    stem; empty when unknown."""
    return _table().get(word_stem, _NO_SENSES)


@lru_cache(maxsize=65536)
def related(a: str, b: str) -> bool:
    """Whether ``a`` (the speaker's word) can stand for ``b`` (the document's): a shared sense,
    one directly a kind of the other, or ``a`` the broader word two steps up ("guns" for
    "rifles": a rifle is a firearm, a firearm a gun). Never for numbers or short words."""
    if a == b:
        return True
    if len(a) < _MIN_LENGTH or len(b) < _MIN_LENGTH or not a.isalpha() or not b.isalpha():
        return False
    own_a, kinds_a, _ = senses(a)
    if not own_a and not kinds_a:
        return False
    own_b, kinds_b, broader_b = senses(b)
    return bool(own_a & own_b or own_a & kinds_b or kinds_a & own_b or own_a & broader_b)


def related_to_any(a: str, stems: frozenset[str]) -> bool:
    """``any(related(a, b) for b in stems)``, answered from the union of the senses of the stems
    (memoised per set: a document's vocabulary is asked about every word of every claim, and a
    pair at a time that costs a look-up per word of the document)."""
    if a in stems:
        return True
    if len(a) < _MIN_LENGTH or not a.isalpha():
        return False
    own_a, kinds_a, _ = senses(a)
    if not own_a and not kinds_a:
        return False
    own, reach = _senses_of(stems)
    # a shared sense, a kind of one of theirs, or two steps below one: as ``related``, pair by pair
    return not own_a.isdisjoint(reach) or not kinds_a.isdisjoint(own)


@lru_cache(maxsize=4096)
def _senses_of(stems: frozenset[str]) -> tuple[frozenset[int], frozenset[int]]:
    """The senses of the stems ``related`` can relate a word to (three letters or more, letters
    only), and those with the senses they are kinds of and those two steps up."""
    own: set[int] = set()
    reach: set[int] = set()
    for b in stems:
        if len(b) >= _MIN_LENGTH and b.isalpha():
            own_b, kinds_b, broader_b = senses(b)
            own |= own_b
            reach |= own_b | kinds_b | broader_b
    return frozenset(own), frozenset(reach)


@lru_cache(maxsize=1)
def _verb_forms() -> tuple[frozenset[str], frozenset[str]]:
    """(stems of irregular verb forms and of words used mostly as verbs, stems of words used
    mostly as nouns)."""
    from bot.dialogue.senses_data import NOMINAL, VERB_FORMS, VERBAL
    from bot.dialogue.words import stem

    verbal = VERB_FORMS.split() + VERBAL.split()
    return frozenset(stem(w) for w in verbal) | frozenset(verbal), frozenset(stem(w) for w in NOMINAL.split())


def usage(word_stem: str) -> str:
    """How the sense-tagged corpus mostly uses a stem: "verb" (an irregular verb form too:
    "rode", "fell"), "noun", or "" when it does not say."""
    verbal, nominal = _verb_forms()
    if word_stem in verbal:
        return "verb"
    return "noun" if word_stem in nominal else ""
