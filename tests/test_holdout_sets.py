"""The blind red-team sets stay usable as evaluation input: every line is a case the runner
scores (no malformed line, no case skipped). Their scores are not asserted here: the first score
of each set is the honest one and is recorded in the work notes; later ones are development."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.evaluation.runner import evaluate_path

HOLDOUT = Path(__file__).parent / "eval" / "holdout"
SETS = sorted(HOLDOUT.glob("*.jsonl"))


def test_there_are_blind_sets_of_every_case_kind() -> None:
    kinds = {p.name.split("_")[0] for p in SETS}
    assert {"narration", "actions", "dialogue", "plans"} <= kinds


@pytest.mark.parametrize("path", SETS, ids=[p.stem for p in SETS])
def test_every_line_of_a_blind_set_is_scored(path: Path) -> None:
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    ids = [json.loads(line)["id"] for line in lines]
    assert len(ids) == len(set(ids)), "case ids are unique"
    report = evaluate_path(path)
    assert report.errors == 0
    assert report.cases == len(lines)
