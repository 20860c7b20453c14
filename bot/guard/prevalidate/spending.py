"""Money laid out in the words themselves, whatever the parser made of the verb.

Why a words-level check: a sum is spent by many gestures no verb table lists ("count out five
shillings for her", "slap ten kroner on the table", "push three marks across"), and the parse of
such a step often keeps no method at all. What commits is the shape: a verb of handing, laying
or counting out, then an amount of a currency. Such a sum must be in the purse: more than the
sheet counts of that currency, or any money where the sheet holds none, cannot be spent. A sum
only spoken of ("ask if five shillings will do") has a speaking verb before it, never one of
these.
"""

from __future__ import annotations

import re

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.lexicon.nouns import CURRENCY
from bot.guard.lexicon.words import NUMBER_WORDS, norm_phrase, singular
from bot.guard.prevalidate.deeds import _QUOTED, _player_does
from bot.guard.prevalidate.sheet import SHEET_SUM
from bot.guard.prevalidate.wording import _finding
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.

# Gestures of paying, with the sum as their object (perhaps after "out", "down", "over").
_LAYING = (
    r"count|counts|counted|slap|slaps|slapped|lay|lays|laid|put|puts|set|sets|toss|tosses|tossed|"
    r"drop|drops|dropped|slide|slides|slid|push|pushes|pushed|press|presses|pressed|"
    r"hand|hands|handed|pay|pays|paid|tip|tips|tipped|give|gives|gave|offer|offers|offered|"
    r"fork|forks|shell|shells|plunk|plunks|plonk|plonks|stack|stacks|pass|passes"
)
_AMOUNT = r"(\d+|" + "|".join(sorted((w for w in NUMBER_WORDS if w.isalpha() and w not in ("half", "single", "a", "an")), key=len, reverse=True)) + r")"
_SUM = re.compile(
    rf"\b(?:{_LAYING})\s+(?:(?:out|down|over|across|him|her|them|me|us)\s+)?{_AMOUNT}\s+([a-z]+)\b(?!\s+of\b)",
    re.I,
)
# The amounts ``_SUM`` knows by name. In ASCII text its amount is a whole whitespace-delimited
# token (``\s+`` before and after), so a message none of whose tokens is digits or one of these
# cannot match; other text goes to the pattern itself (IGNORECASE matches some non-ASCII letters).
_AMOUNT_WORDS = frozenset(w for w in NUMBER_WORDS if w.isalpha() and w not in ("half", "single", "a", "an"))
# A closed compound ending in a money word is that money ("deutschmark" is a mark).
_MONEY_END = re.compile(r"(?:" + "|".join(sorted((w for w in CURRENCY if len(w) >= 4), key=len, reverse=True)) + r")$")


def _money_word(word: str) -> str:
    """The currency a (singular) word names: itself, or the money word a compound ends in."""
    if word in CURRENCY:
        return word
    m = _MONEY_END.search(word)
    return m.group(0) if m is not None and m.start() >= 3 else ""


# Money words with an everyday sense besides ("three marks on the map", "two crowns", "ten
# quarters of an hour"); "ten pounds of flour" is a weight, told by its "of".
_OTHER_SENSES = frozenset("mark crown pound quarter sovereign noble credit note bill cash".split())


# Coins named by metal or by "coin" are the item check's: it knows which metal the purse holds.
_BY_METAL = frozenset("coin coins gold silver copper".split())


def _money_laid_out(intent: Intent, scene: Scene, index: SceneIndex) -> list[Finding]:
    """A ``no_item`` finding when the step lays out a sum the purse cannot cover."""
    raw = _QUOTED.sub(" ", intent.words or "")
    if not raw.strip() or not _player_does(raw, index):
        return []
    if raw.isascii() and not any(t.isdigit() or t in _AMOUNT_WORDS for t in raw.casefold().split()):
        return []  # no sum at all: ``_SUM`` is the slowest pattern the checks run (~30 us a search)
    m = _SUM.search(raw)
    if m is None:
        return []
    amount_word, money = m.group(1).casefold(), m.group(2).casefold()
    named = int(amount_word) if amount_word.isdigit() else NUMBER_WORDS.get(amount_word)
    kind = _money_word(singular(money))
    if not named or not kind or money in _BY_METAL:
        return []  # "hand her three apples": not money
    evidence = f"inventory: {', '.join(scene.player.inventory) or 'nothing'}"
    span = raw[m.start(1):m.end(2)]
    purse = _purse_counts(scene)
    if kind in _OTHER_SENSES and kind not in purse:
        return []  # "put three marks on the map": money only where the purse holds that money
    if not purse and not scene.player.gold and not _any_money(scene):
        return [_finding("no_item", 0.85, span, evidence, "You have no money.")]
    held = purse.get(kind)
    if held is not None and held < named:
        return [_finding("no_item", 0.85, span, evidence, f"You only have {held} {money}.")]
    return []


def _purse_counts(scene: Scene) -> dict[str, int]:
    """What the sheet counts of each money it lists, by the money's singular word: "4 kroner"
    -> {"kroner": 4}, "3 shillings" -> {"shilling": 3}, "$40 in bills" -> {"dollar": 40}."""
    out: dict[str, int] = {}
    for item in scene.player.inventory:
        m = SHEET_SUM.match(item)
        if not m:
            continue
        words = norm_phrase(m.group(3)).split()
        money = "dollar" if m.group(1) else (_money_word(singular(words[-1])) if words else "")
        if not money or money in _BY_METAL:
            continue
        for w in {money, singular(money)} | ({"buck"} if money == "dollar" else set()):
            out[w] = out.get(w, 0) + int(m.group(2))
    return out


def _any_money(scene: Scene) -> bool:
    """Money the sheet holds uncounted: "a purse", "pouch of 30 mon", "roll of bills"."""
    for item in scene.player.inventory:
        words = norm_phrase(item).split()
        if any(_money_word(singular(w)) for w in words) or {"purse", "wallet", "bill"} & set(words):
            return True
    return False
