"""The product's promise, checked end to end: scripted tavern turns through the chaos provider,
which spoils more than half of the model's answers with things the scene does not hold, post no
injected hallucination. The same run as ``loreguard bench``'s turn benchmark (a real SQLite file,
the rules, the repair ladder), on seeds of its own."""

from __future__ import annotations

import pytest

from bot.bench import bench_turns


@pytest.mark.parametrize("seed", [7, 2026])
async def test_no_injected_hallucination_reaches_the_players(seed: int) -> None:
    result = await bench_turns(turns=200, rate=0.58, seed=seed)
    assert result["raw_violation_rate"] > 0.4  # chaos really spoilt the answers
    assert result["shipped_violations"] == 0, result["leaks"]
