"""The proposal chaos injector: every hallucination it makes up, in every scene, is one the plan
validator rejects with the kind the injector recorded."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bot.actions import NarrationWithProposals, Plan, PlanStep, validate_scene_plan
from bot.llm.base import LLMRequest, LLMResponse, Message, NarrationContext
from bot.llm.chaos_proposals import INJECTORS, inject
from bot.world.scene import Scene

CASES = Path(__file__).parent / "eval" / "plans_cases.jsonl"


def _scenes() -> list[dict[str, Any]]:
    seen: dict[str, dict[str, Any]] = {}
    for line in CASES.read_text().splitlines():
        scene = json.loads(line)["scene"]
        seen.setdefault(json.dumps(scene, sort_keys=True), scene)
    return list(seen.values())


SCENES = _scenes()


def _request(scene: dict[str, Any], schema: type = Plan) -> LLMRequest:
    return LLMRequest(messages=[Message("user", "what changed?")], schema=schema, task="proposal",
                      context=NarrationContext(scene=Scene.from_dict(scene)))


def _honest(scene: dict[str, Any]) -> Plan:
    npcs = [n for n in scene.get("npcs", []) if not n.get("down")]
    if not npcs:
        return Plan()
    return Plan(steps=[PlanStep(id="s1", action="update_trust",
                                args={"npc": npcs[0]["name"], "delta": 2, "reason": "a kind word"})])


@pytest.mark.parametrize("which", sorted(INJECTORS))
@pytest.mark.parametrize("scene", SCENES, ids=[s["location"]["name"] for s in SCENES])
def test_each_injected_hallucination_is_rejected_with_the_recorded_kind(which: str, scene: dict[str, Any]) -> None:
    for seed in range(3):
        for start in (Plan(), _honest(scene)):
            response = LLMResponse(text=start.model_dump_json(), parsed=start)
            spoiled = inject(response, _request(scene), random.Random(seed), which=which)
            assert isinstance(spoiled.parsed, Plan)
            assert len(spoiled.parsed.steps) > len(start.steps)
            assert [s for s in spoiled.parsed.steps if s.id == "s1"] == list(start.steps)  # the honest step stays
            kind = spoiled.injected[-1]["kind"]
            report = validate_scene_plan(spoiled.parsed, scene)
            assert not report.valid
            assert kind in report.kinds, (which, report.findings)


def test_the_honest_plans_used_above_are_valid_on_their_own() -> None:
    for scene in SCENES:
        assert validate_scene_plan(_honest(scene), scene).valid


def test_injection_keeps_the_narration_variant_shape_and_earlier_records() -> None:
    scene = SCENES[0]
    answer = NarrationWithProposals(narration="Greta nods.", proposals=[])
    response = LLMResponse(text=answer.model_dump_json(), parsed=answer, injected=[{"kind": "x", "text": "y"}])
    spoiled = inject(response, _request(scene, NarrationWithProposals), random.Random(1))
    assert isinstance(spoiled.parsed, NarrationWithProposals)
    assert spoiled.parsed.narration == "Greta nods."
    assert json.loads(spoiled.text)["proposals"]
    assert spoiled.injected[0] == {"kind": "x", "text": "y"} and len(spoiled.injected) == 2


def test_injection_works_without_a_scene_or_a_parsed_answer() -> None:
    request = LLMRequest(messages=[], schema=Plan, task="proposal")
    spoiled = inject(LLMResponse(text=""), request, random.Random(3))
    assert isinstance(spoiled.parsed, Plan) and spoiled.parsed.steps
    assert not validate_scene_plan(spoiled.parsed, {}).valid


def test_the_random_choice_covers_every_injector() -> None:
    rng = random.Random(0)
    kinds = set()
    for _ in range(200):
        spoiled = inject(LLMResponse(text="", parsed=Plan()), _request(SCENES[0]), rng)
        kinds.add(spoiled.injected[-1]["kind"])
    assert kinds == {"unknown_action", "precondition", "bad_args", "dependency", "cycle"}
