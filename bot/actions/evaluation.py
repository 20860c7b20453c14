"""Scoring plan cases: does the validator reject exactly the plans that must not touch the world?

A plan case is a FORMAT.md scene, a proposed plan and the expectation (``valid`` or ``invalid``,
with the finding kinds a rejection should carry). An invalid plan is the positive class, as a
violation is for narration cases: recall is the share of invalid plans rejected, and a rejected
valid plan is a false positive. Only the check is timed; the scene is turned into a world first.
"""

from __future__ import annotations

import time
from typing import Any

from bot.actions.plan import validate_plan
from bot.actions.scene_world import scene_world
from bot.guard.case_score import CaseScore, labelled_kinds


def score_case(case: dict[str, Any]) -> CaseScore:
    """Validate a plan case's plan against its scene. Raises ValueError for a malformed case."""
    if not isinstance(case, dict) or not isinstance(case.get("scene"), dict):
        raise ValueError("a plan case needs a scene object")
    expect = case.get("expect")
    if expect not in ("valid", "invalid"):
        raise ValueError(f"expect must be 'valid' or 'invalid', not {expect!r}")
    plan = case.get("plan")
    if not isinstance(plan, (list, dict)):
        raise ValueError("a plan case needs a plan (a list of steps)")
    flags = case.get("flags") if isinstance(case.get("flags"), dict) else None
    world = scene_world(case["scene"], flags)
    started = time.perf_counter()
    report = validate_plan(plan, world.state, world.campaign, world.actor_player_id, world.location)
    latency = (time.perf_counter() - started) * 1000
    return CaseScore(
        id=str(case.get("id", "")),
        expected_positive=expect == "invalid",
        predicted_positive=not report.valid,
        predicted_kinds=report.kinds,
        expected_kinds=labelled_kinds(case),
        latency_ms=latency,
        messages=[f.message for f in report.findings],
    )


_BENCH_SCENE: dict[str, Any] = {
    "location": {"name": "The Rusty Tankard", "exits": ["Market Square", "Cellar"],
                 "features": [{"name": "stone walls", "climbable": False},
                              {"name": "cellar door", "aliases": ["trapdoor"], "locked": True, "key": "cellar key"}]},
    "npcs": [{"name": "Greta", "aliases": ["bartender", "barkeep"], "items": ["cellar key", "rag"]},
             {"name": "Bram", "aliases": ["guard", "town guard"], "items": ["longsword", "shield", "chainmail"]}],
    "items": ["mug of ale", "wooden stool", "dartboard"],
    "player": {"name": "Aldric", "class": "warrior", "hp": 20, "max_hp": 30,
               "inventory": ["iron sword", "leather armor", "waterskin", "12 gold coins"]},
    "party": [{"name": "Mira", "class": "mage", "hp": 18, "max_hp": 18, "inventory": ["oak staff"]}],
}


def _bench_plan() -> list[dict[str, Any]]:
    def step(n: int, action: str, after: list[str] | None = None, **args: Any) -> dict[str, Any]:
        return {"id": f"s{n}", "action": action, "args": args, "after": after or []}

    return [
        step(1, "give_item", giver="the barkeep", receiver="me", item="key"),
        step(2, "unlock", ["s1"], feature="trapdoor"),
        step(3, "update_trust", npc="Greta", delta=3, reason="trusted with the key"),
        step(4, "update_trust", npc="the guard", delta=-2, reason="rude"),
        step(5, "take_item", taker="Aldric", item="mug of ale"),
        step(6, "give_item", ["s5"], giver="Aldric", receiver="Bram", item="ale"),
        step(7, "heal", target="me", amount=4),
        step(8, "damage", target="Bram", amount=2),
        step(9, "give_item", giver="Greta", receiver="Mira", item="rag"),
        step(10, "move_npc", ["s2"], npc="Bram", to="Cellar"),
    ]


def benchmark_validation(runs: int = 2000) -> dict[str, float]:
    """Latency of validating a valid 10-step plan (every step resolving fuzzy names and applying
    its effects to the working copy), in milliseconds: for ``loreguard bench``."""
    world = scene_world(_BENCH_SCENE)
    plan = _bench_plan()
    args = (world.state, world.campaign, world.actor_player_id, world.location)
    if not validate_plan(plan, *args).valid:
        raise RuntimeError("the benchmark plan no longer validates")
    for _ in range(min(200, runs)):
        validate_plan(plan, *args)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        validate_plan(plan, *args)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return {"runs": runs, "steps": len(plan), "p50": round(times[len(times) // 2], 3),
            "p99": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3)}
