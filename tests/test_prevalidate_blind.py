"""The blind red-team action sets (tests/eval/blind/): written by people who had not seen the
parser, on scenes and phrasings it was not written for. Set 1 was the development set for the
generalisation work and must keep meeting the targets; set 2 was held out and scored once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.evaluation.cli import main

BLIND = Path(__file__).parent / "eval" / "blind"


def report(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main([str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out.strip().splitlines()[-1])


def test_blind_set_1_meets_the_recall_false_block_and_kind_targets(capsys: pytest.CaptureFixture[str]) -> None:
    r = report(BLIND / "actions_blind_1.jsonl", capsys)
    action = r["action"]
    assert action["tp"] + action["fn"] >= 40 and r["errors"] == 0
    assert action["recall"] >= 0.97
    assert action["false_block_rate"] <= 0.03
    assert r["kind_accuracy"] >= 0.9


def test_blind_set_2_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # Held out until the work was done, then scored once: recall 1.0 (47/47), false-block rate
    # 0.02 (1 of 50: ba2-089), kind accuracy 1.0, p99 0.33 ms (before the work: recall 0.72,
    # false-block 0.02).
    # No target is asserted here: tuning to this set would make it a development set.
    r = report(BLIND / "actions_blind_2.jsonl", capsys)
    assert r["errors"] == 0 and r["action"]["tp"] + r["action"]["fn"] > 0
