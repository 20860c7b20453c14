"""``loreguard eval``: the regression targets on the public and our own case sets, the counting
rules of FORMAT.md, and robustness to malformed lines and scenes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bot.evaluation import CaseScore, evaluate_lines, evaluate_path
from bot.evaluation.cli import main

HERE = Path(__file__).parent
PUBLIC = Path("/work/shared/eval/public/tavern.jsonl")
EXTRA = HERE / "eval" / "narration_extra.jsonl"
HOLDOUT = HERE / "eval" / "narration_holdout.jsonl"
MORE = HERE / "eval" / "narration_more.jsonl"
GENERAL = HERE / "eval" / "narration_general.jsonl"
STRESS = HERE / "eval" / "narration_stress.jsonl"
BLIND_1 = HERE / "eval" / "blind" / "narration_blind_1.jsonl"
BLIND_2 = HERE / "eval" / "blind" / "narration_blind_2.jsonl"
FORMAT_KEYS = {"cases", "narration", "action", "kind_accuracy", "latency_ms", "misses", "errors"}

SCENE = {"setting": "medieval fantasy", "world_rules": ["no firearms or modern technology"],
         "location": {"name": "The Rusty Tankard", "exits": ["Market Square"]},
         "npcs": [{"name": "Greta", "aliases": ["bartender"], "items": ["rag"]}],
         "player": {"name": "Aldric", "class": "warrior", "inventory": ["iron sword"]}}


def run_json(path: Path | str, capsys, errors: list[str] | None = None) -> dict:
    assert main([str(path), "--json"]) == 0
    captured = capsys.readouterr()
    if errors is not None:
        errors.append(captured.err)
    return json.loads(captured.out.strip().splitlines()[-1])


@pytest.mark.skipif(not PUBLIC.exists(), reason="the shared public set is not mounted")
def test_public_set_narration_has_full_recall_and_no_false_alarms(capsys):
    report = run_json(PUBLIC, capsys)
    assert FORMAT_KEYS <= set(report)
    assert report["narration"]["recall"] == 1.0
    assert report["narration"]["fp"] == 0
    assert report["errors"] == 0
    assert report["kind_accuracy"] is None or report["kind_accuracy"] >= 0.9


@pytest.mark.parametrize("path", [EXTRA, HOLDOUT, MORE, GENERAL, STRESS],
                         ids=["extra", "holdout", "more", "general", "stress"])
def test_our_narration_sets_meet_the_targets(path, capsys):
    report = run_json(path, capsys)
    narration = report["narration"]
    assert narration["tp"] + narration["fn"] + narration["fp"] + narration["tn"] >= 70
    assert narration["recall"] >= 0.97
    assert narration["false_positive_rate"] <= 0.03
    assert report["kind_accuracy"] is None or report["kind_accuracy"] >= 0.9
    assert report["errors"] == 0


@pytest.mark.skipif(not BLIND_1.exists(), reason="the blind set is not in this checkout")
def test_the_red_teams_first_blind_set_meets_the_targets(capsys):
    """Set 1 of the blind red team (recall 0.73, false-positive rate 0.11 before the validators
    were made to generalise): the dev set of that work."""
    report = run_json(BLIND_1, capsys)
    narration = report["narration"]
    assert narration["tp"] + narration["fn"] + narration["fp"] + narration["tn"] == 140
    assert narration["recall"] >= 0.97
    assert narration["false_positive_rate"] <= 0.03
    assert report["kind_accuracy"] >= 0.9
    assert report["errors"] == 0


@pytest.mark.skipif(not BLIND_2.exists(), reason="the blind set is not in this checkout")
def test_the_red_teams_held_out_set_is_scored(capsys):
    """Set 2 was held out while the validators were made to generalise and scored once at the
    end: recall 0.884 (61 of 69), false-positive rate 0.028 (2 of 72), kind accuracy 0.934
    (before that work: recall 0.68, false-positive rate 0.08). It is not tuned against, so this
    only proves it runs."""
    report = run_json(BLIND_2, capsys)
    assert report["errors"] == 0
    assert report["narration"]["tp"] + report["narration"]["fn"] > 0


def test_extra_set_is_large_and_varied():
    cases = [json.loads(line) for line in EXTRA.read_text(encoding="utf-8").splitlines()]
    assert len(cases) >= 150
    settings = {c["scene"]["setting"] for c in cases}
    assert len(settings) >= 5
    kinds = {k for c in cases for k in c.get("kinds", [])}
    assert kinds == {"invented_item", "absent_npc", "invented_creature", "impossible_ability",
                     "physics", "outcome_mismatch", "world_rule", "invented_location"}
    assert sum(c["expect"] == "ok" for c in cases) >= 60


def case(**fields) -> str:
    base = {"id": "c", "scene": SCENE, "action": "I look around"}
    base.update(fields)
    return json.dumps(base)


def test_counting_follows_format_md():
    lines = [
        case(id="v-warn", narration="A wolf howls somewhere outside the walls.",
             expect="violation", kinds=["invented_creature"]),
        case(id="v-miss", narration="Greta nods.", expect="violation", kinds=["absent_npc"]),
        case(id="ok-fine", narration="Greta wipes the bar with her rag.", expect="ok"),
        case(id="ok-alarm", narration="You draw a glowing magic staff.", expect="ok"),
    ]
    report = evaluate_lines(lines, stderr=io.StringIO())
    n = report.sections["narration"]
    # a violation counts when any finding is reported, even a warning; an ok case is a false
    # alarm only with a blocking finding
    assert (n.tp, n.fn, n.fp, n.tn) == (1, 1, 1, 1)
    assert report.kind_accuracy == 1.0
    assert [m.id for m in report.misses] == ["v-miss", "ok-alarm"]
    assert len(report.latencies) == 4 and all(x >= 0 for x in report.latencies)


def test_malformed_lines_are_reported_counted_and_skipped(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_text("\n".join([
        case(id="ok-1", narration="Greta nods.", expect="ok"),
        "{not json",
        "[1, 2, 3]",
        case(id="bad-expect", narration="Greta nods.", expect="maybe"),
        json.dumps({"id": "no-kind", "expect": "ok"}),
        "",
        case(id="ok-2", narration="Greta smiles.", expect="ok"),
    ]) + "\n", encoding="utf-8")
    errors: list[str] = []
    report = run_json(path, capsys, errors)
    assert report["errors"] == 4
    assert report["cases"] == 2
    err = errors[0]
    for number in ("line 2", "line 3", "line 4", "line 5"):
        assert number in err


def test_an_unreadable_file_is_the_only_failure(tmp_path, capsys):
    assert main([str(tmp_path / "missing.jsonl"), "--json"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_sparse_and_malformed_scenes_never_crash_the_run():
    scenes = [None, "inn", [], {}, {"npcs": "Greta", "location": 5},
              {"location": {"features": [1, {"name": None}]}, "player": []},
              {"creatures": [None, 3, "a cat"], "party": "Korr", "world_rules": "no magic"}]
    lines = []
    for i, scene in enumerate(scenes):
        lines.append(json.dumps({"id": f"n{i}", "scene": scene, "action": "I wait",
                                 "outcome": {"success": "yes", "damage": "7"},
                                 "narration": "A cat draws a sword and you fly.",
                                 "expect": "violation"}))
    report = evaluate_lines(lines, stderr=io.StringIO())
    assert report.errors == 0
    assert report.sections["narration"].cases == len(scenes)


def test_table_output_without_json(capsys):
    assert main([str(EXTRA)]) == 0
    out = capsys.readouterr().out
    assert "narration" in out and "recall" in out and "latency" in out


def test_other_case_kinds_are_dispatched_to_their_scorers(monkeypatch, capsys, tmp_path):
    import sys
    import types

    fake = types.ModuleType("fake_plan_scorer")

    def score_case(c: dict) -> CaseScore:
        return CaseScore(expected_positive=c["expect"] == "invalid", predicted_positive=True,
                         predicted_kinds=["unknown_action"], latency_ms=0.1, id=c["id"])

    fake.score_case = score_case
    monkeypatch.setitem(sys.modules, "fake_plan_scorer", fake)
    from bot.evaluation import case_kinds

    kinds = tuple(k if k.name != "plan" else case_kinds.CaseKind(
        "plan", k.matches, "fake_plan_scorer:score_case", k.rate_name) for k in case_kinds.KINDS)
    monkeypatch.setattr(case_kinds, "KINDS", kinds)
    path = tmp_path / "plans.jsonl"
    path.write_text("\n".join([
        json.dumps({"id": "p1", "scene": SCENE, "plan": [], "expect": "invalid",
                    "kinds": ["unknown_action"]}),
        json.dumps({"id": "p2", "scene": SCENE, "plan": [], "expect": "valid"}),
    ]) + "\n", encoding="utf-8")
    from bot.evaluation import runner

    monkeypatch.setattr(runner, "KINDS", kinds)
    report = run_json(path, capsys)
    assert report["plan"] == {"tp": 1, "fn": 0, "fp": 1, "tn": 0, "recall": 1.0,
                              "false_positive_rate": 1.0}
    assert report["misses"] == ["p2"]
    assert report["kind_accuracy"] == 1.0


def test_evaluate_path_reads_a_file_and_counts_every_case():
    report = evaluate_path(EXTRA, stderr=io.StringIO())
    total = sum(s.cases for s in report.sections.values())
    assert total == len(EXTRA.read_text(encoding="utf-8").splitlines())


def test_case_timing_keeps_the_fastest_run_and_reads_afresh():
    from bot.evaluation.narration_cases import timed

    calls = []
    resets = []

    def run() -> int:
        calls.append(1)
        return len(calls)

    result, ms = timed(run, lambda: resets.append(1), repeats=3)
    assert result == 3 and len(resets) == 3 and ms >= 0.0


def test_latency_report_measures_both_scene_sizes():
    from bot.evaluation.latency import large_scene, measure

    crowded = large_scene(npcs=50, items=50)
    assert len(crowded["npcs"]) == 52 and len(crowded["items"]) == 53
    figures = measure(crowded, rounds=1)
    assert set(figures) == {"p50", "p99", "index_build_ms", "calls"}
    assert figures["calls"] == 10
