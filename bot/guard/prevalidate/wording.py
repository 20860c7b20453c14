"""How a pre-validation finding is graded and worded.

Every check turns its confidence into a severity by the same threshold (``BLOCK_AT``: below it a
finding only warns) and speaks to the player in the same plain sentences ("You don't have a
staff."), so the grading and the wording live once, here, beneath all the checks; a change to
either then reaches every check alike.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.lexicon.words import PARTS, singular


# Below this confidence a finding is a warning, not a block.
BLOCK_AT = 0.5


def _finding(kind: str, conf: float, span: str, evidence: str, message: str) -> Finding:
    conf = max(0.0, min(1.0, round(conf, 3)))
    return Finding(
        kind=kind,
        severity=BLOCK if conf >= BLOCK_AT else WARN,
        confidence=conf,
        span=span,
        evidence=evidence,
        message=message,
        layer="pre",
    )


_LEAD = re.compile(r"^(?:(?:the|a|an|my|your|his|her|their|our|its|some|one of my|one of the)\s+)+", re.I)


def _bare(text: str) -> str:
    """The thing named, without articles or possessives: "the hilt of my dagger" -> "dagger"."""
    t = _LEAD.sub("", text.strip())
    if " of " in t:
        part, whole = t.split(" of ", 1)
        if part.split() and part.split()[-1].casefold() in PARTS:
            t = _LEAD.sub("", whole)
    return t or text.strip()


def _none_here(text: str) -> str:
    """ "There is no crate here." / "There are no rats here.": the verb agrees with the thing."""
    thing = _bare(text)
    word = thing.split()[-1] if thing.split() else ""
    parts = word.split("-")
    # a compound's head: "sergeant-at-arms" is a sergeant, "well-wishers" are wishers
    word = parts[0] if len(parts) > 2 and parts[1].casefold() in ("at", "of", "in", "on") else parts[-1]
    plural = _plural(word.casefold()) and not word[:1].isupper()  # "Ares" is one god
    return f"There {'are' if plural else 'is'} no {thing} here"


def _plural(word: str) -> bool:
    """A lower-cased word in the plural ("rats", not "moss")."""
    return word.endswith("s") and singular(word) != word


def _a(text: str) -> str:
    if not text:
        return "that"
    last = text.split()[-1].casefold()
    if text[:1].isdigit() or _plural(last):
        return text
    return ("an " if text[:1].casefold() in "aeiou" else "a ") + text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _possessive(text: str) -> str | None:
    first = text.strip().split(" ", 1)[0].casefold() if text.strip() else ""
    if first in ("my", "our", "his", "her", "their", "your"):
        return first
    if text.strip().casefold().startswith(("one of my", "some of my")):
        return "my"
    return None


# Letters with no decomposition to a plain one, as English typists write them: "seidr" for "seiðr".
_TRANSLITERATED = str.maketrans({"ð": "d", "þ": "th", "æ": "ae", "œ": "oe", "ø": "o", "ß": "ss", "ł": "l", "đ": "d", "ı": "i"})


@lru_cache(maxsize=4096)
def _ascii(text: str) -> str:
    """Lowercase text as a player without those keys types it: accents dropped, and the letters
    that have no accent to drop written as English spells them ("Völva's seiðr" -> "volva's
    seidr"), so a scene's own spelling and the player's are one."""
    low = text.casefold()
    if low.isascii():
        return low
    low = low.translate(_TRANSLITERATED)
    return "".join(ch for ch in unicodedata.normalize("NFKD", low) if not unicodedata.combining(ch))
