"""The dialogue verifier scored on labelled cases: the regression gate for its accuracy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.dialogue.evaluation import CaseScore, is_dialogue_case, score_case

CASES = Path(__file__).parent / "eval"
FILES = sorted(CASES.glob("dialogue_cases*.jsonl"))
KINDS = {"uncited", "invalid_source", "not_entailed", "self_misuse", "trust_leak"}


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def scores(path: Path) -> list[CaseScore]:
    return [score_case(case) for case in load(path)]


def test_the_case_files_are_well_formed_and_varied():
    cases = [c for path in FILES for c in load(path)]
    assert len(cases) >= 80
    assert len({c["id"] for c in cases}) == len(cases)
    assert all(is_dialogue_case(c) for c in cases)
    assert len({c["npc"]["name"] for c in cases}) >= 6
    labelled = {k for c in cases for k in c.get("kinds", [])}
    assert labelled == KINDS
    assert sum(c["expect"] == "ok" for c in cases) >= 30 and sum(c["expect"] == "violation" for c in cases) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_verifier_catches_violations_without_rejecting_honest_answers(path: Path):
    results = scores(path)
    violations = [s for s in results if s.expected_positive]
    honest = [s for s in results if not s.expected_positive]
    missed = [s.id for s in violations if not s.predicted_positive]
    rejected = [s.id for s in honest if s.predicted_positive]
    recall = 1 - len(missed) / len(violations)
    false_rejections = len(rejected) / len(honest)
    assert recall >= 0.97, missed
    assert false_rejections <= 0.05, rejected


def test_a_caught_violation_usually_names_its_labelled_kind():
    results = [s for path in FILES for s in scores(path) if s.expected_positive and s.predicted_positive]
    hits = sum(s.kind_hit for s in results)
    assert hits / len(results) >= 0.9


@pytest.mark.parametrize("bad", [
    {"expect": "maybe", "response": {"speech": "hi"}},
    {"expect": "ok"},
    {"expect": "ok", "response": {"citations": []}},
    "not an object",
])
def test_a_malformed_case_is_a_value_error(bad):
    with pytest.raises(ValueError):
        score_case(bad)  # type: ignore[arg-type]


def test_a_sparse_case_does_not_crash():
    score = score_case({"id": "x", "expect": "ok", "response": {"speech": "heh. what do you want?"}})
    assert score.predicted_positive is False and score.latency_ms >= 0
