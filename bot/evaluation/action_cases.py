"""Scoring action cases: intent extraction and pre-validation of what the player typed.

A blocked case is caught when a finding of blocking severity is reported; an allowed case with
one is a false block (FORMAT.md). ``bot.guard.prevalidate.check_text`` (parse, then check) is
what is timed, the fastest of a few runs as for narration cases.
"""

from __future__ import annotations

from typing import Any

from bot.guard.case_score import CaseScore, labelled_kinds
from bot.evaluation.narration_cases import timed
from bot.guard.finding import BLOCK
from bot.world.scene import Scene


def score_case(case: dict[str, Any], scene: Scene | None = None) -> CaseScore:
    """Score one action case. Raises ValueError for a malformed case, ImportError when the
    pre-validator is not installed."""
    from bot.guard.prevalidate import check_text

    expect = case.get("expect")
    if expect not in ("allowed", "blocked"):
        raise ValueError(f"an action case's expect must be 'allowed' or 'blocked', not {expect!r}")
    action = case.get("action")
    if not isinstance(action, str):
        raise ValueError("action must be a string")
    if scene is None:
        scene = Scene.from_dict(case.get("scene"))
    (_, findings), latency = timed(lambda: check_text(action, scene))
    return CaseScore(
        id=str(case.get("id", "")),
        expected_positive=expect == "blocked",
        predicted_positive=any(f.severity == BLOCK for f in findings),
        predicted_kinds=[f.kind for f in findings],
        expected_kinds=labelled_kinds(case),
        latency_ms=latency,
        messages=[f"{f.kind} ({f.severity}, {f.confidence}): {f.message}" for f in findings],
    )
