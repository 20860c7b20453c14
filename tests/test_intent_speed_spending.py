"""The quick test before the sum pattern never turns away a message the pattern would match."""

from __future__ import annotations

import random

from bot.guard.prevalidate.spending import _AMOUNT_WORDS, _SUM

_VOCAB = ["I", "count", "COUNT", "out", "Slap", "down", "five", "FIVE", "Five", "12", "shillings",
          "kroner", "marks", "of", "flour", "him", "to", "the", "barkeep", "and", "hand", "ten,", "ten",
          "\t", "three.", "Pay", "pair", "dozen", "coins", "x5", "5x", "seventeen"]


def _rejected(raw: str) -> bool:
    return raw.isascii() and not any(t.isdigit() or t in _AMOUNT_WORDS for t in raw.casefold().split())


def test_prefilter_only_rejects_what_the_pattern_cannot_match() -> None:
    rng = random.Random(11)
    matched = 0
    for _ in range(20000):
        raw = " ".join(rng.choice(_VOCAB) for _ in range(rng.randint(1, 8)))
        hit = _SUM.search(raw) is not None
        matched += hit
        if _rejected(raw):
            assert not hit, raw
    assert matched > 100  # the vocabulary does make sums


def test_non_ascii_goes_to_the_pattern() -> None:
    assert not _rejected("I count out ſix shillings")
