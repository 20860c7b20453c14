"""How fast post-validation is, on a tavern-sized scene and on a crowded one.

``loreguard eval`` times each case of a file; this measures the two figures the project
promises (p99 per narration on a tavern-sized scene, and on a scene of 1,000 NPCs and 1,000
items with its index built once and reused), so that a benchmark command can print them.
Deterministic inputs (a seeded generator), wall-clock outputs.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from bot.guard.grounding import build
from bot.guard.postvalidate import forget_readings, postvalidate, prepare
from bot.world.outcome import Outcome
from bot.world.scene import Scene

TAVERN: dict[str, Any] = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only mage, wizard, sorcerer, warlock and cleric can cast spells"],
    "location": {"name": "The Rusty Tankard",
                 "description": "A smoky common room with a long oak bar and a crackling hearth.",
                 "exits": ["Market Square", "Cellar"],
                 "features": [{"name": "stone walls", "climbable": False},
                              {"name": "cellar door", "locked": True, "key": "cellar key"}]},
    "npcs": [{"name": "Greta", "aliases": ["bartender", "barkeep"], "items": ["cellar key", "rag"]},
             {"name": "Bram", "aliases": ["guard"], "abilities": ["sword attack", "shield bash"],
              "items": ["longsword", "shield", "chainmail"]}],
    "items": ["mug of ale", "wooden stool", "dartboard"],
    "player": {"name": "Aldric", "class": "warrior", "hp": 30, "max_hp": 30,
               "inventory": ["iron sword", "leather armor", "waterskin", "12 gold coins"],
               "abilities": ["power attack", "second wind"]},
}

NARRATIONS: tuple[tuple[str, dict[str, Any] | None], ...] = (
    ("You swing your iron sword at Bram. The blade bites past his shield and he staggers back, "
     "taking 7 damage.", {"success": True, "roll": 15, "damage": 7}),
    ("You draw a gleaming magic staff and strike Bram for 7 damage.",
     {"success": True, "roll": 15, "damage": 7}),
    ("Death Knight Mara, clad in black plate and hefting a massive battleaxe, slams a mug onto "
     "the bar in front of you.", None),
    ("Greta wipes the bar with her rag and slides a mug of ale toward you with a tired smile.",
     None),
    ("Suddenly two diamond horses burst through the window, scattering glass across the tables.",
     None),
    ("Bram sidesteps your clumsy swing and raises his hands; a ball of fire blooms between his "
     "palms.", {"success": False, "roll": 4}),
    ("You blink and find yourself standing on the tavern roof, the town spread out below you.",
     None),
    ("Your blade finds the gap in Bram's chainmail and he crumples to the floor.",
     {"success": False, "roll": 3}),
    ("Greta tells you about the dragon that burned her village when she was a girl; the hearth "
     "crackles and rain drums on the shutters.", None),
    ("Under a table you find a loaded flintlock pistol.", None),
)

_SYLLABLES = ("ka", "ren", "dor", "mi", "tha", "lo", "vin", "sa", "bre", "gor", "el", "ys", "ta",
              "mun", "qua", "zi")


def large_scene(npcs: int = 1000, items: int = 1000, seed: int = 1) -> dict[str, Any]:
    """The tavern with ``npcs`` more people and ``items`` more things in it."""
    rng = random.Random(seed)

    def name() -> str:
        return "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()

    scene = dict(TAVERN)
    scene["npcs"] = list(TAVERN["npcs"]) + [
        {"name": f"{name()} {name()}",
         "aliases": [rng.choice(["merchant", "farmer", "sailor", "priest", "drover"])],
         "abilities": ["haggle"],
         "items": [rng.choice(["dagger", "rope", "lantern", "ledger", "walking stick"])
                   for _ in range(3)]}
        for _ in range(npcs)]
    scene["items"] = list(TAVERN["items"]) + [
        f"{rng.choice(['old', 'rusty', 'fine', 'small'])} "
        f"{rng.choice(['crate', 'barrel', 'lamp', 'chest', 'goblet', 'stool'])} {i}"
        for i in range(items)]
    return scene


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(1, math.ceil(q / 100 * len(ordered))) - 1]


def measure(scene: dict[str, Any], rounds: int = 30) -> dict[str, float]:
    """p50 and p99 (ms) of ``postvalidate`` over the sample narrations, each read afresh, with
    the scene indexed once beforehand; plus the time that index takes to build cold."""
    started = time.perf_counter()
    build(Scene.from_dict(scene))
    cold = (time.perf_counter() - started) * 1000
    parsed = Scene.from_dict(scene)
    prepare(parsed)
    samples: list[float] = []
    cases = [(text, Outcome.from_eval(o) if o else None) for text, o in NARRATIONS]
    for text, outcome in cases:  # warm the interpreter and word caches
        postvalidate(text, parsed, [], outcome)
    for _ in range(rounds):
        for text, outcome in cases:
            forget_readings()
            t0 = time.perf_counter()
            postvalidate(text, parsed, [], outcome)
            samples.append((time.perf_counter() - t0) * 1000)
    return {"p50": round(_percentile(samples, 50), 3), "p99": round(_percentile(samples, 99), 3),
            "index_build_ms": round(cold, 2), "calls": len(samples)}


def report(rounds: int = 30) -> dict[str, dict[str, float]]:
    """Both figures: ``{"tavern": {...}, "crowded": {...}}``."""
    return {"tavern": measure(TAVERN, rounds), "crowded": measure(large_scene(), rounds)}
