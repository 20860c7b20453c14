"""What kind of thing an English noun names, and what kind of act a verb is, for any word.

Why: the hand-made vocabularies (``nouns.py``, ``verbs.py``) know the words of a fantasy tavern.
Players of other scenes use other words: a "snake charmer" is someone, a "USB stick" and a
"bearskin blanket" are things one would have to carry, "mist" is no creature, to "haggle" is to
talk and to "seep" is to move. This module answers such questions for the ~32,000 nouns and
~8,700 verbs WordNet 3.0 classifies (``wordnet_data.py``), from the class of each word's commonest
senses. It is a fallback: every caller asks the scene and the hand-made tables first.

The questions are deliberately coarse and lean on the commonest sense, so that a word whose
everyday meaning is abstract ("turn", "mind", "way") never counts as a thing one must hold.
"""

from __future__ import annotations

from functools import lru_cache

from bot.guard.lexicon.wordnet_data import ADJECTIVE_NOUNS, NOUNS, VERBS
from bot.guard.lexicon.words import singular, verb_stems


def _table(groups: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for codes, words in groups.items():
        for w in words.split():
            out[w] = codes
    return out


_NOUN_CODES = _table(NOUNS)
_VERB_CODES = _table(VERBS)
_ADJ_NOUNS = frozenset(ADJECTIVE_NOUNS.split())

# Word endings that make a person of an unknown noun: "snake-wrangler", "tollkeeper".
_AGENT_ENDINGS = ("keeper", "monger", "smith", "wright", "master", "mistress", "maker", "seller", "herd", "man", "woman")


@lru_cache(maxsize=16384)
def noun_codes(word: str) -> str:
    """The class codes of a noun's first three senses ("" when WordNet does not know it);
    plurals and hyphenated compounds are reduced first ("sergeant-at-arms" -> "sergeant")."""
    w = word.casefold().strip("'-")
    if not w:
        return ""
    hit = _NOUN_CODES.get(w)
    if hit is not None:
        return hit
    base = singular(w)
    hit = _NOUN_CODES.get(base)
    if hit is not None:
        return hit
    if "-" in w:
        return noun_codes(compound_head(w))
    return ""


def compound_head(word: str) -> str:
    """The noun a hyphenated compound is a kind of: "sergeant-at-arms" -> "sergeant",
    "mother-in-law" -> "mother", "half-orc" -> "orc", "cart-girl" -> "girl"."""
    parts = [p for p in word.casefold().split("-") if p]
    if not parts:
        return word
    for i, p in enumerate(parts[1:], 1):
        if p in ("at", "of", "in", "de", "la", "to", "on"):
            return parts[0] if i == 1 else "-".join(parts[:i])
    return parts[-1]


def first_class(word: str) -> str:
    """The class code of a noun's commonest sense, or ""."""
    codes = noun_codes(word)
    return codes[:1]


def is_person(word: str) -> bool:
    """Someone: the commonest sense is a person ("charmer", "commander", "first mate")."""
    if first_class(word) == "P":
        return True
    w = word.casefold()
    return not noun_codes(w) and len(w) > 6 and w.endswith(_AGENT_ENDINGS)


def is_animal(word: str) -> bool:
    return first_class(word) == "A"


def is_being(word: str) -> bool:
    """Someone or some creature: the commonest sense is a person or animal, or the commonest is
    abstract and the next a person ("principal", "authority"), or an agent noun WordNet lacks
    ("harbormaster")."""
    codes = noun_codes(word)
    if codes[:1] in ("P", "A"):
        return True
    if codes[:1] == "X" and ("P" in codes[1:3] or "A" in codes[1:2]):
        return True
    return is_person(word)


def may_be_body_part(word: str) -> bool:
    """One of the word's commonest senses is a part of the body ("calf", "sole", "palm"): a
    word that names a beast or a fish too, and means the body part once someone owns it."""
    return "B" in noun_codes(word)


def is_garment(word: str) -> bool:
    """Worn: "hat", "coat", "shoelace" (characters wear clothes their sheets do not list)."""
    codes = noun_codes(word)
    return codes[:1] == "C" or (codes[:1] in ("T", "X") and "C" in codes[1:2])


def is_carried_thing(word: str, claimed: bool = False) -> bool:
    """A thing one can hold and carry: a made object that is no building, furniture, vehicle or
    garment ("phone", "blanket", "stick", "dynamite"), or a flower, stone or foodstuff. With
    ``claimed`` (the words call it the player's: "my spare battery"), any of the three commonest
    senses being such a thing is enough, unless the commonest is someone or somewhere."""
    codes = noun_codes(word)
    if not codes:
        return False
    first = codes[0]
    if claimed and first not in ("P", "A", "L", "S", "F", "V") and any(c in "TGO" for c in codes[:3]):
        return True
    if first in ("T", "G", "O"):
        return True
    if first == "D":
        return True
    if first in ("U", "X", "H") and "T" in codes[1:3] and codes[:3].count("X") < 2:
        return True  # "lute" (a sealant first, the instrument second), "bearskin"
    return False


def is_fixed_thing(word: str) -> bool:
    """A building, structure, road, piece of furniture or vehicle: not carried about."""
    return first_class(word) in ("S", "F", "V")


def is_substance(word: str) -> bool:
    """Stuff rather than a creature or object: "mist", "smoke", "sand", "water"."""
    return first_class(word) in ("U", "H")


def is_location(word: str) -> bool:
    return first_class(word) == "L"


def is_abstract(word: str) -> bool:
    """Known to WordNet only as something abstract ("turn", "patience"), or with an abstract
    commonest sense ("mind", "time", "way")."""
    w = word.casefold()
    codes = noun_codes(w)
    if not codes:
        return False
    return codes[0] == "X"


def is_classifier(word: str) -> bool:
    """Whether a modifier says *which kind* ("carpet" seller, "water" seller) rather than
    describing ("old", "drunk" seller): a noun that is no adjective."""
    w = word.casefold()
    return bool(noun_codes(w)) and w not in _ADJ_NOUNS and singular(w) not in _ADJ_NOUNS


def is_known_noun(word: str) -> bool:
    return bool(noun_codes(word))


@lru_cache(maxsize=8192)
def verb_codes(lemma: str) -> str:
    """The class codes of a verb's first three senses ("" when unknown)."""
    return _VERB_CODES.get(lemma.casefold(), "")


@lru_cache(maxsize=8192)
def verb_base(word: str) -> str | None:
    """The base form of a verb WordNet knows: "haggled" -> "haggle", "texting" -> None."""
    w = word.casefold()
    if w in _VERB_CODES:
        return w
    for c in verb_stems(w):
        if c in _VERB_CODES:
            return c
    return None


__all__ = [
    "compound_head",
    "first_class",
    "is_abstract",
    "is_animal",
    "is_being",
    "is_carried_thing",
    "is_classifier",
    "is_fixed_thing",
    "is_garment",
    "is_known_noun",
    "is_location",
    "is_person",
    "is_substance",
    "noun_codes",
    "verb_base",
    "verb_codes",
]
