"""The plan cases in tests/eval/plans_*.jsonl: every invalid plan is rejected (recall 1.0), no valid
plan is rejected, and a rejection names one of the labelled kinds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.actions.evaluation import score_case
from bot.actions.plan import KINDS

CASE_FILES = sorted((Path(__file__).parent / "eval").glob("plans_*.jsonl"))


def _cases() -> list[dict[str, Any]]:
    out = []
    for path in CASE_FILES:
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                case = json.loads(line)
                case.setdefault("id", f"{path.name}:{n}")
                out.append(case)
    return out


CASES = _cases()


def test_the_plan_cases_are_many_varied_and_cover_every_kind() -> None:
    assert len(CASES) >= 80
    assert len({c["id"] for c in CASES}) == len(CASES)
    assert len({json.dumps(c["scene"], sort_keys=True) for c in CASES}) >= 5
    assert sum(c["expect"] == "valid" for c in CASES) >= 30
    assert {k for c in CASES for k in c.get("kinds", [])} == set(KINDS)


def test_every_invalid_plan_is_rejected_and_no_valid_plan_is() -> None:
    scores = [score_case(c) for c in CASES]
    missed = [s.id for s in scores if s.expected_positive and not s.predicted_positive]
    false_alarms = [(s.id, s.messages) for s in scores if not s.expected_positive and s.predicted_positive]
    assert missed == []
    assert false_alarms == []


def test_every_rejection_names_a_labelled_kind() -> None:
    wrong = [(s.id, s.expected_kinds, s.predicted_kinds)
             for s in map(score_case, CASES) if s.expected_positive and not s.kind_hit]
    assert wrong == []


def test_a_malformed_case_is_refused_with_a_reason() -> None:
    with pytest.raises(ValueError):
        score_case({"id": "x", "plan": [], "expect": "valid"})
    with pytest.raises(ValueError):
        score_case({"id": "x", "scene": {}, "plan": [], "expect": "maybe"})
