"""The faster gate tests answer exactly as the plain formulas they replace."""

from __future__ import annotations

from bot.guard.facts.figures import _NUMBER_STARTS, _parse_number
from bot.guard.prose import read

_TEXTS = [
    "You cast a glowing bolt; it crackles and the telekinetic wave lifts the crate.",
    "Greta wipes the bar. Two goblins and a dozen rats scurry past twenty-three barrels.",
    "The 7-point wound closes as a half a dozen sparks shimmer over the anvil.",
    "",
    "I.",
]
_STEMS = [
    ("cast", "conjur", "glow"), ("telekinetic",), ("telekinetically", "crackl"), ("zz",),
    ("shimmering", "spark"), (), ("rat",),
]


def _plain_mentions(words: frozenset[str], triggers: frozenset[str], stems: tuple[str, ...]) -> bool:
    """The formula ``Reading.mentions`` used before its stems were split once per tuple."""
    if not words.isdisjoint(triggers):
        return True
    if not stems:
        return False
    prefixes = {w[:k] for w in words for k in range(3, min(len(w), 9) + 1)}
    return any(stem in prefixes if len(stem) <= 9 else any(w.startswith(stem) for w in words)
               for stem in stems)


def test_mentions_matches_the_plain_formula() -> None:
    for text in _TEXTS:
        r = read(text)
        for stems in _STEMS:
            for triggers in (frozenset(), frozenset({"bar"}), frozenset({"nothing"})):
                assert r.mentions(triggers, stems) == _plain_mentions(r.words, triggers, stems)


def test_number_gate_skips_only_words_that_cannot_start_a_number() -> None:
    for text in _TEXTS:
        toks = read(text).tokens
        for i, t in enumerate(toks):
            if t.kind != "word" or t.low in _NUMBER_STARTS or "-" in t.low or t.low[:1].isdigit():
                continue
            assert _parse_number(toks, i) is None
