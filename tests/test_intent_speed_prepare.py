"""Skipping a preparation pass when its pattern cannot match leaves every message as before."""

from __future__ import annotations

import random

from bot.guard.intent import clauses
from bot.guard.intent.clauses import _prepare


def _every_pass(text: str) -> tuple[str, list[str]]:
    """``_prepare`` as it was: every pass on every message."""
    work = text.translate(clauses._QUOTES)
    speeches: list[str] = []

    def speech(m):  # type: ignore[no-untyped-def]
        s = m.group(0)
        inner = s.strip('"').strip()
        if not inner or len(s) < 4:
            return " " * len(s)
        tag = f"§{len(speeches)}"
        speeches.append(inner)
        return tag + " " * (len(s) - len(tag)) if len(s) >= len(tag) else " " * len(s)

    work = clauses._SPEECH.sub(speech, work)
    work = clauses._ABBREVIATION.sub(lambda m: m.group(1) + " ", work)
    work = clauses._OOC.sub(lambda m: " " * len(m.group(0)), work)
    work = clauses._EMOTE.sub(clauses._emote_end, work)
    work = clauses._MARKUP.sub(lambda m: " " * len(m.group(0)), work)
    return work, speeches


def test_prepare_is_every_pass() -> None:
    rng = random.Random(5)
    bits = ['"', "“", "”", "Mr.", " Darcy", "(", ")", "((", "))", "[ooc", "]", "//", "OOC:", "ooc", ":",
            "*", "_", "~", "|", ">", "#", "<@123>", "<:wave:42>", ":smile:", "https://x.io/a", " ", "\n",
            "I ", "draw ", "my sword", ".", "Lt. Doyle", "\t"]
    for _ in range(20000):
        text = "".join(rng.choice(bits) for _ in range(rng.randint(0, 10)))
        assert _prepare(text) == _every_pass(text), text
