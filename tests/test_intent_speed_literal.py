"""The literal-phrase helpers decide exactly as the regular expressions they replace."""

from __future__ import annotations

import random
import re

from bot.guard.intent.literal import follows, has_word, word_at

_ALPHABET = "ab -'.é_"
_WORDS = ["a", "ab", "b a", "ab-", "-a", "a.", "é", "ba", "the ab", ""]


def _texts(n: int = 400) -> list[str]:
    rng = random.Random(7)
    return ["".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, 12))) for _ in range(n)]


def test_word_at_is_the_bounded_regex() -> None:
    for text in _texts():
        for word in _WORDS:
            for endings, alt in ((("",), ""), (("s", ""), "s?"), (("es", "s", ""), "(?:es|s)?")):
                m = re.search(rf"\b{re.escape(word)}{alt}\b", text)
                assert word_at(text, word, endings) == (m.start() if m else -1), (text, word, endings)
                assert has_word(text, word, endings) == (m is not None)
            m = re.search(rf"\b{re.escape(word)}", text)
            assert word_at(text, word, end_bound=False) == (m.start() if m else -1), (text, word)


def test_follows_is_the_joined_regex() -> None:
    leads = [r"\b(?:a|ab)\s+", r"\b(?:b|a) (?:the )?", ""]
    tails = [r"\b", r"\s+(?:a|b)\b", ""]
    for text in _texts():
        for word in [w for w in _WORDS if w.strip() == w and w]:
            for lead in leads:
                for tail in tails:
                    expected = re.search(lead + re.escape(word) + tail, text) is not None
                    got = follows(text, word, re.compile(lead + r"\Z") if lead else None,
                                  re.compile(tail) if tail else None)
                    assert got == expected, (text, word, lead, tail)


def test_real_phrases() -> None:
    assert follows("i tie him up with duct tape", "duct tape", re.compile(r"\b(?:with|using|via)\s+\Z"), re.compile(r"\b"))
    assert not follows("i tie him up withduct tape", "duct tape", re.compile(r"\b(?:with|using|via)\s+\Z"), re.compile(r"\b"))
    assert has_word("the old mill's wheels", "wheel", ("s", ""))
    assert not has_word("the old millwheel", "wheel", ("s", ""))


def test_spell_named_is_the_spell_pattern() -> None:
    from bot.guard.prevalidate.powers import _spell_named, _spell_names

    spells = _spell_names()
    names = sorted({n for group in (spells.by_start or {}).values() for n in group})
    rng = random.Random(3)
    filler = ["i", "hurl", "a", "at", "the", "guard", "s", "es", "-", "'", ".", "x", "balls", "é"]
    found = 0
    for _ in range(4000):
        parts = [rng.choice(names) if rng.random() < 0.3 else rng.choice(filler) for _ in range(rng.randint(1, 6))]
        seps = [rng.choice([" ", "", "s ", "-", "s"]) for _ in parts]
        text = "".join(p + s for p, s in zip(parts, seps))
        m = spells.pattern.search(text)
        assert _spell_named(text) == ((m.start(), m.group(1)) if m else None), text
        found += m is not None
    assert found > 500
