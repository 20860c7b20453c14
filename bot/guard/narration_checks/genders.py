"""Whether "she" or "he" can stand for someone, from the words the scene calls them by.

A pronoun refers back to the last person named, unless that person cannot be called so: "Ruiz
looks at Ray, then unhooks the key from her belt" is Ruiz's belt when Ray is "the sleeping man".
Only words that say a sex outright count (man, woman, brother, widow, Mr, Lady); a name alone
says nothing, so most people agree with either pronoun and the old reading stands.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.grounding import Holder

_MALE = frozenset(
    "man men boy lad sir mr lord king prince duke earl baron count brother father son husband "
    "uncle nephew grandfather gentleman fellow monk friar abbot prior priest monsignor widower "
    "master mister sheik sultan emperor chap bloke guy godfather fisherman nobleman "
    "bellboy".split())
_FEMALE = frozenset(
    "woman women girl lass lady mrs miss ms madam madame dame queen princess duchess countess "
    "baroness sister mother daughter wife aunt niece grandmother widow maid maiden nun abbess "
    "prioress priestess mistress matron crone hag empress sultana godmother fisherwoman "
    "noblewoman waitress actress hostess seamstress landlady".split())
_HE = frozenset({"he", "him", "his", "himself"})
_SHE = frozenset({"she", "her", "hers", "herself"})


@lru_cache(maxsize=4096)
def _sex_of(words: tuple[str, ...]) -> str:
    said = {w for text in words for w in re.findall(r"[a-z]+", text.casefold())}
    male, female = bool(said & _MALE), bool(said & _FEMALE)
    if male == female:
        return ""
    return "m" if male else "f"


def sex_of(h: Holder) -> str:
    """"m", "f", or "" when the scene's words for this person do not say."""
    if h.npc is None:
        return ""
    return _sex_of((h.npc.name, *h.npc.aliases))


def may_be(pronoun: str, h: Holder) -> bool:
    """Can this third-person pronoun stand for this person?"""
    sex = sex_of(h) if pronoun in _HE or pronoun in _SHE else ""
    if not sex:
        return True
    return (sex == "m") == (pronoun in _HE)
