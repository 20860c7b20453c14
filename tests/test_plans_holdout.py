"""The blind plan sets (tests/eval/holdout/plans_holdout_*.jsonl), written by red teams who had not
seen the validator. Set c was written before the README stated the rules a plan is held to, and
every disagreement with it is one of those rules; set d was written against them."""

from __future__ import annotations

from pathlib import Path

from bot.evaluation.runner import evaluate_path

HOLDOUT = Path(__file__).parent / "eval" / "holdout"

# plc ids the validator decides otherwise than the red team, and the stated rule each follows
RULES_NOT_YET_STATED = {
    "plc-006": "flags", "plc-020": "flags", "plc-042": "flags", "plc-095": "flags",
    "plc-018": "unlock by the acting player",
    "plc-019": "other players' characters", "plc-031": "other players' characters",
    "plc-032": "other players' characters", "plc-048": "other players' characters",
    "plc-049": "other players' characters", "plc-067": "other players' characters",
    "plc-068": "other players' characters", "plc-071": "other players' characters",
    "plc-078": "other players' characters",
    "plc-011": "list order", "plc-079": "list order",
    "plc-034": "name resolution", "plc-083": "name resolution",
    "plc-084": "name resolution", "plc-085": "name resolution",
    "plc-057": "0 HP is down",
}


def test_plans_written_against_the_stated_rules_are_all_judged_right_but_an_over_cap_heal() -> None:
    report = evaluate_path(HOLDOUT / "plans_holdout_d.jsonl")
    plan = report.sections["plan"]
    assert report.errors == 0 and plan.cases == 99
    assert plan.fn == 0  # every invalid plan rejected
    assert [m.id for m in report.misses] == ["pld-091"]  # heals 25 HP; a step heals 1..20


def test_the_first_blind_plan_set_differs_only_where_a_rule_was_not_yet_written_down() -> None:
    report = evaluate_path(HOLDOUT / "plans_holdout_c.jsonl")
    assert report.errors == 0 and report.sections["plan"].cases == 95
    assert {m.id for m in report.misses} == set(RULES_NOT_YET_STATED)
