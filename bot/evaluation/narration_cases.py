"""Scoring narration cases: post-validation of a model's narration against scene and outcome.

A violation case is caught when any finding is reported; an ok case is a false alarm when a
finding of blocking severity is reported (FORMAT.md). Only ``postvalidate`` is timed: the scene,
its index, the outcome and the player's intents are prepared before the clock starts, as the
turn pipeline has them ready when it post-validates. Each case is timed ``REPEATS`` times, the
narration read afresh every time, and the fastest run kept, as ``timeit`` advises: slower runs
measure other processes on the machine, not the validators.
"""

from __future__ import annotations

import gc
import re
import time
from collections.abc import Callable
from typing import Any, TypeVar

from bot.guard.case_score import CaseScore, labelled_kinds
from bot.guard.finding import BLOCK
from bot.guard.postvalidate import forget_readings, postvalidate, prepare
from bot.guard.prose import warm_caches
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

T = TypeVar("T")

_ATTACK = re.compile(r"\b(?:attack|attacks|hit|strike|swing|stab|slash|shoot|fire at|punch|kick|"
                     r"shove|smash|bash|cleave|lunge|thrust|sneak attack|power attack|charge)\b")
_CAST = re.compile(r"\bcast\b")


def intents_for(action: Any, scene: Scene) -> list[Intent]:
    """The player's intents for a case: the intent parser's, when it is there, plus a plain
    reading of attack words so that hit-or-miss checks know an attack was decided."""
    if not isinstance(action, str) or not action.strip():
        return []
    intents: list[Intent] = []
    try:
        from bot.guard.intent import extract

        intents = list(extract(action, scene))
    except Exception:  # noqa: BLE001 - the parser is optional for scoring narration
        intents = []
    low = action.lower()
    kinds = {i.action_type for i in intents}
    if _ATTACK.search(low) and "attack" not in kinds:
        intents.append(Intent(action_type="attack", words=action))
    elif _CAST.search(low) and "cast" not in kinds:
        intents.append(Intent(action_type="cast", words=action))
    return intents


REPEATS = 3


def timed(run: Callable[[], T], reset: Callable[[], None] | None = None,
          repeats: int = REPEATS) -> tuple[T, float]:
    """The result of ``run`` and its fastest time in milliseconds over ``repeats`` runs, with the
    garbage collector paused while timing (as timeit does) and ``reset`` called before each."""
    best = float("inf")
    result: T | None = None
    collecting = gc.isenabled()
    gc.disable()
    try:
        for _ in range(max(1, repeats)):
            if reset is not None:
                reset()
            started = time.perf_counter()
            result = run()
            best = min(best, (time.perf_counter() - started) * 1000)
    finally:
        if collecting:
            gc.enable()
    assert result is not None
    return result, best


def score_case(case: dict[str, Any], scene: Scene | None = None) -> CaseScore:
    """Score one narration case. Raises ValueError for a malformed case."""
    expect = case.get("expect")
    if expect not in ("ok", "violation"):
        raise ValueError(f"a narration case's expect must be 'ok' or 'violation', not {expect!r}")
    narration = case.get("narration")
    if not isinstance(narration, str):
        raise ValueError("narration must be a string")
    if scene is None:
        scene = Scene.from_dict(case.get("scene"))
    prepare(scene)
    raw_outcome = case.get("outcome")
    outcome = Outcome.from_eval(raw_outcome) if isinstance(raw_outcome, dict) else None
    intents = intents_for(case.get("action"), scene)
    findings, latency = timed(lambda: postvalidate(narration, scene, intents, outcome),
                              forget_readings)
    violation = expect == "violation"
    predicted = bool(findings) if violation else any(f.severity == BLOCK for f in findings)
    return CaseScore(
        id=str(case.get("id", "")),
        expected_positive=violation,
        predicted_positive=predicted,
        predicted_kinds=[f.kind for f in findings],
        expected_kinds=labelled_kinds(case),
        latency_ms=latency,
        messages=[f"{f.kind} ({f.severity}, {f.confidence}): {f.message}" for f in findings],
    )


_WARM_TEXTS = (
    "Ann wipes the bar with her rag; you swing your sword at the thug for 3 damage.",
    "A wolf howls outside as you walk to the Road. \"Stay,\" Ann says, \"the dragon once came.\"",
    "You draw a glowing staff, fly to the rafters and find yourself in the castle.",
    "Lord Vance strides in; a ball of fire blooms between his palms. Two more thugs follow.",
    "Your blade misses. You try to climb the wall but slip, and the locked door stays shut.",
)


def warm_up(rounds: int = 12) -> None:
    """Run the checks on a tiny scene a few times so that one-time costs (compiled patterns,
    word caches, the interpreter specialising hot code) are not charged to the first cases."""
    scene = Scene.from_dict({
        "setting": "medieval fantasy", "world_rules": ["no firearms"],
        "location": {"name": "Inn", "description": "A low room with a hearth.", "exits": ["Road"],
                     "features": [{"name": "stone wall", "climbable": False},
                                  {"name": "cellar door", "locked": True, "key": "cellar key"}]},
        "npcs": [{"name": "Ann", "aliases": ["barkeep"], "items": ["rag", "cellar key"]},
                 {"name": "Tor", "aliases": ["thug"], "items": ["club"]}],
        "creatures": ["a grey cat"],
        "player": {"name": "Bo", "class": "fighter", "inventory": ["sword", "5 gold coins"]}})
    prepare(scene)
    warm_caches()
    outcome = Outcome.from_eval({"success": True, "roll": 12, "damage": 3})
    intents = [Intent(action_type="attack")]
    for _ in range(rounds):
        for text in _WARM_TEXTS:
            postvalidate(text, scene, intents, outcome)
