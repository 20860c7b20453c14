"""Plan validation: every finding kind, steps checked against the world as earlier steps leave it,
and a rejected plan yields nothing to apply."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.actions import Plan, validate_plan, validate_scene_plan
from bot.actions.fork import fork_state
from bot.world.campaign import Campaign
from bot.world.effects import apply_all
from bot.world.state import WorldState, new_character, new_state

TAVERN = "The Rusty Tankard"
PUBLIC = Path("/work/shared/eval/public/tavern.jsonl")


@pytest.fixture
def world(tavern: Campaign) -> WorldState:
    state = new_state(tavern)
    state.characters["p1"] = new_character(tavern, "p1", "Aldric", "warrior")
    return state


def step(sid: str, action: str, after: list[str] | None = None, **args: Any) -> dict[str, Any]:
    return {"id": sid, "action": action, "args": args, "after": after or []}


def check(steps: list[dict[str, Any]], state: WorldState, campaign: Campaign, **kw: Any):
    return validate_plan(steps, state, campaign, "p1", TAVERN, **kw)


def test_an_empty_plan_is_valid_and_changes_nothing(world: WorldState, tavern: Campaign) -> None:
    report = check([], world, tavern)
    assert report.valid and report.effects == [] and report.findings == []


def test_a_valid_plan_returns_effects_that_apply_cleanly(world: WorldState, tavern: Campaign) -> None:
    report = check([
        step("s1", "give_item", giver="the barkeep", receiver="me", item="key"),
        step("s2", "unlock", ["s1"], feature="cellar door"),
        step("s3", "update_trust", npc="Greta", delta=3, reason="trusted with the key"),
    ], world, tavern)
    assert report.valid, report.findings
    after = fork_state(world)
    apply_all(after, report.effects)
    assert "cellar key" in after.characters["p1"].inventory
    assert after.features["cellar door"].locked is False
    assert after.npcs["Greta"].trust == {"p1": 3}


def test_validation_never_changes_the_state_it_reads(world: WorldState, tavern: Campaign) -> None:
    before = world.copy()
    check([step("s1", "give_item", giver="Greta", receiver="me", item="cellar key"),
           step("s2", "move_npc", npc="Greta", to="Market Square")], world, tavern)
    assert world == before


def test_a_later_step_sees_the_world_as_earlier_steps_left_it(world: WorldState, tavern: Campaign) -> None:
    in_order = check([step("s1", "give_item", giver="Greta", receiver="me", item="cellar key"),
                      step("s2", "unlock", ["s1"], feature="cellar door")], world, tavern)
    reversed_ = check([step("s1", "unlock", feature="cellar door"),
                       step("s2", "give_item", giver="Greta", receiver="me", item="cellar key")], world, tavern)
    twice = check([step("s1", "give_item", giver="Greta", receiver="me", item="cellar key"),
                   step("s2", "give_item", giver="Greta", receiver="Bram", item="cellar key")], world, tavern)
    gone = check([step("s1", "move_npc", npc="Bram", to="Market Square"),
                  step("s2", "update_trust", npc="Bram", delta=1, reason="x")], world, tavern)
    assert in_order.valid
    for report in (reversed_, twice, gone):
        assert not report.valid and report.kinds == ["precondition"]


# each kind --------------------------------------------------------------------------------------

def test_unknown_action_names_the_closest_registry_actions(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "hand_over", giver="Greta", receiver="me", item="cellar key")], world, tavern)
    assert not report.valid and report.kinds == ["unknown_action"]
    assert report.suggestions == {"s1": ["give_item"]}
    assert "did you mean give_item?" in report.findings[0].message
    assert report.findings[0].span == "hand_over"
    assert report.findings[0].layer == "actions" and report.findings[0].severity == "block"


def test_action_names_differing_only_in_case_or_separators_are_the_same_action(
    world: WorldState, tavern: Campaign
) -> None:
    report = check([step("s1", "Give-Item", giver="Greta", receiver="me", item="rag")], world, tavern)
    assert report.valid and report.steps[0].action == "give_item"


def test_bad_args_reports_the_offending_argument(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "update_trust", npc="Bram", delta=25, reason="saved his life")], world, tavern)
    assert report.kinds == ["bad_args"]
    assert report.findings[0].span == "delta=25"
    extra = check([step("s1", "move_npc", npc="Bram", to="Market Square", speed="fast")], world, tavern)
    assert "unknown argument 'speed' (move_npc takes npc, to)" in extra.findings[0].message


def test_a_malformed_step_is_bad_args_and_the_rest_is_still_checked(world: WorldState, tavern: Campaign) -> None:
    report = check([{"id": "s1", "action": "give_item", "args": "Greta gives the key"},
                    step("s2", "teleport", npc="Bram")], world, tavern)
    assert report.kinds == ["bad_args", "unknown_action"]


def test_too_many_steps_is_bad_args(world: WorldState, tavern: Campaign) -> None:
    steps = [step(f"s{i}", "update_trust", npc="Bram", delta=1, reason="x") for i in range(20)]
    assert "bad_args" in check(steps, world, tavern).kinds


def test_precondition_carries_what_the_scene_holds_instead(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "update_trust", npc="Death Knight Mara", delta=2, reason="x")], world, tavern)
    assert report.kinds == ["precondition"]
    assert report.findings[0].evidence == "present: Greta, Bram"
    assert "(the scene has: present: Greta, Bram)" in report.feedback()


def test_a_step_cannot_come_after_itself(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "update_trust", ["s1"], npc="Bram", delta=1, reason="x")], world, tavern)
    assert report.kinds == ["dependency"]
    assert "cannot come after itself" in report.findings[0].message


@pytest.mark.parametrize("after", [["s9"], ["s2"]])
def test_after_must_name_an_earlier_step_of_the_plan(after: list[str], world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "update_trust", after, npc="Bram", delta=1, reason="x"),
                    step("s2", "update_trust", npc="Greta", delta=1, reason="x")], world, tavern)
    assert report.kinds == ["dependency"]


def test_a_duplicate_step_id_is_a_dependency_finding(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "update_trust", npc="Bram", delta=1, reason="x"),
                    step("s1", "update_trust", npc="Greta", delta=1, reason="x")], world, tavern)
    assert report.kinds == ["dependency"]


def test_steps_waiting_on_each_other_are_a_cycle(world: WorldState, tavern: Campaign) -> None:
    report = check([step("a", "update_trust", ["c"], npc="Bram", delta=1, reason="x"),
                    step("b", "update_trust", ["a"], npc="Greta", delta=1, reason="x"),
                    step("c", "heal", ["b"], target="Bram", amount=2)], world, tavern)
    assert "cycle" in report.kinds
    assert "dependency" not in report.kinds  # the forward reference is the loop, reported once
    cycle = next(f for f in report.findings if f.kind == "cycle")
    assert cycle.span == "a -> b -> c -> a"


def test_a_step_after_a_failed_step_is_skipped_not_reported_again(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "give_item", giver="Greta", receiver="me", item="golden key"),
                    step("s2", "unlock", ["s1"], feature="cellar door")], world, tavern)
    assert len(report.findings) == 1
    assert report.steps[1].skipped


def test_any_finding_rejects_the_whole_plan_and_nothing_is_left_to_apply(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "give_item", giver="Greta", receiver="me", item="cellar key"),
                    step("s2", "update_trust", npc="Greta", delta=3, reason="x"),
                    step("s3", "summon_dragon")], world, tavern)
    assert not report.valid
    assert report.effects == []
    assert report.steps[0].ok and report.steps[1].ok  # the good steps were fine, and still are not applied


def test_reserved_actions_are_refused_as_already_decided_by_the_rules(world: WorldState, tavern: Campaign) -> None:
    report = check([step("s1", "damage", target="Bram", amount=5)], world, tavern,
                   reserved={"damage": "combat damage is rolled by the rules"})
    assert report.kinds == ["precondition"]
    assert "rolled by the rules" in report.findings[0].message


def test_a_plan_arrives_as_a_model_a_list_or_a_steps_object(world: WorldState, tavern: Campaign) -> None:
    raw = [step("s1", "update_trust", npc="Bram", delta=1, reason="x")]
    for plan in (raw, {"steps": raw}, Plan.model_validate({"steps": raw})):
        assert check(plan, world, tavern).valid  # type: ignore[arg-type]
    numbered = [{"id": 1, "action": "update_trust", "args": {"npc": "Bram", "delta": 1, "reason": "x"}},
                {"id": 2, "action": "update_trust", "args": {"npc": "Greta", "delta": 1, "reason": "x"}, "after": 1}]
    assert check(numbered, world, tavern).valid  # numbered ids are ids


# the scene variant --------------------------------------------------------------------------------

def test_a_format_md_scene_validates_plans_like_the_live_state() -> None:
    scene = json.loads(PUBLIC.read_text().splitlines()[0])["scene"]
    good = validate_scene_plan([step("s1", "give_item", giver="barkeep", receiver="Aldric", item="cellar key"),
                                step("s2", "unlock", ["s1"], feature="cellar door"),
                                step("s3", "move_npc", ["s2"], npc="Bram", to="Cellar")], scene)
    assert good.valid, good.findings
    locked = validate_scene_plan([step("s1", "move_npc", npc="Bram", to="Cellar")], scene)
    assert locked.kinds == ["precondition"]  # the exit passes the locked cellar door
    gold = validate_scene_plan([step("s1", "take_item", taker="Greta", item="12 gold coins")], scene)
    assert not gold.valid  # coins are the player's gold, not an item lying here


def test_a_sparse_scene_does_not_crash_the_validator() -> None:
    for scene in ({}, {"location": "Somewhere"}, {"npcs": ["Greta"], "player": {"name": "A"}}):
        report = validate_scene_plan([step("s1", "update_trust", npc="Greta", delta=1, reason="x")], scene)
        assert isinstance(report.valid, bool)


def test_flags_declared_by_the_case_can_be_set() -> None:
    scene = {"location": {"name": "Hall"}, "player": {"name": "A"}}
    plan = [step("s1", "set_flag", flag="door_found", value=True)]
    assert not validate_scene_plan(plan, scene).valid
    assert validate_scene_plan(plan, scene, {"door_found": False}).valid
    assert validate_scene_plan(plan, {**scene, "flags": {"door_found": False}}).valid
