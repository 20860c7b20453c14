"""Chaos for the "proposal" task: the hallucinated actions a model really proposes, on demand.

``bot.llm.chaos`` calls ``inject`` for a proposal answer it has chosen to spoil. Each injection is
one of the ways a model's plan goes wrong, drawn from what the scene does *not* hold so that it is
wrong in every scene: an action that does not exist, an item nobody holds, an NPC who is not
there, a walk to a place that is not an exit, a trust swing beyond the limit, a flag the campaign
never declared, a step that waits on itself, two steps that wait on each other. Each is recorded in
``injected`` with the finding kind the validator must report, so a benchmark can check that every
one was caught.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pydantic import BaseModel
from rapidfuzz import fuzz, process

from bot.actions.names import words
from bot.actions.steps import NarrationWithProposals, Plan, PlanStep
from bot.llm.base import LLMRequest, LLMResponse
from bot.world.scene import Scene

_ACTIONS = ("hand_over", "teleport_npc", "grant_gold", "spawn_item", "summon_creature", "give_xp",
            "steal_item", "open_portal", "revive_npc", "buy_item")
_ITEMS = ("enchanted amulet", "dragon egg", "mythril crown", "bag of holding", "flaming sword",
          "ancient map", "crystal ball", "vorpal dagger")
_STRANGERS = ("Death Knight Mara", "Captain Voss", "Lady Elspeth", "Archmage Quill", "Sir Roderick",
              "the Pale Queen")
_NOWHERE = ("the Royal Palace", "the Sunken Library", "Dragonspire Keep", "the Astral Plane",
            "the Moon")
_FLAGS = ("king_crowned_player", "moon_shattered", "dragon_slain_by_player", "portal_opened")

Step = dict[str, Any]
Injection = tuple[list[Step], str, str]  # steps, finding kind, description


def _scene(request: LLMRequest) -> Scene:
    scene = request.context.scene if request.context is not None else None
    if isinstance(scene, Scene):
        return scene
    return Scene.from_dict(scene) if isinstance(scene, dict) else Scene()


def _known_words(scene: Scene) -> set[str]:
    names: list[str] = [scene.location.name, *scene.location.exits, *scene.items, *scene.creatures,
                        *scene.player.inventory, scene.player.name]
    for npc in scene.npcs:
        names += [npc.name, *npc.aliases, *npc.items]
    for member in scene.party:
        names += [member.name, *member.inventory]
    for inside in scene.contents.values():
        names += inside
    return {w for n in names for w in words(n)}


def _fresh(options: tuple[str, ...], scene: Scene, rng: random.Random) -> str:
    """One of ``options`` with no word that is, or is spelled close to, a word of the scene (the
    validator forgives typos, so a near spelling would not be a hallucination)."""
    known = list(_known_words(scene))

    def clear(option: str) -> bool:
        return not any(process.extractOne(w, known, scorer=fuzz.ratio, score_cutoff=75) for w in words(option))

    pool = [o for o in options if clear(o)] or ["Zyxqv Wrothmoor"]
    return rng.choice(pool)


def _npc(scene: Scene, rng: random.Random) -> str | None:
    standing = [n.name for n in scene.npcs if not n.down]
    return rng.choice(standing) if standing else None


def _unknown_action(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    name = rng.choice(_ACTIONS)
    args = {"giver": _npc(scene, rng) or "the stranger", "receiver": scene.player.name or "player",
            "item": _fresh(_ITEMS, scene, rng)}
    return [{"id": ids[0], "action": name, "args": args, "after": []}], "unknown_action", f"action {name!r}"


def _phantom_item(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    item = _fresh(_ITEMS, scene, rng)
    npc = _npc(scene, rng)
    if npc:
        step = {"id": ids[0], "action": "give_item",
                "args": {"giver": npc, "receiver": scene.player.name or "player", "item": item}, "after": []}
        return [step], "precondition", f"{npc} hands over a {item} nobody holds"
    step = {"id": ids[0], "action": "take_item", "args": {"taker": scene.player.name or "player", "item": item},
            "after": []}
    return [step], "precondition", f"a {item} that is not here is picked up"


def _absent_npc(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    who = _fresh(_STRANGERS, scene, rng)
    step = {"id": ids[0], "action": "update_trust",
            "args": {"npc": who, "delta": rng.randint(1, 5), "reason": "was impressed"}, "after": []}
    return [step], "precondition", f"{who}, who is not here, warms to the player"


def _non_exit(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    where = _fresh(_NOWHERE, scene, rng)
    npc = _npc(scene, rng) or _fresh(_STRANGERS, scene, rng)
    step = {"id": ids[0], "action": "move_npc", "args": {"npc": npc, "to": where}, "after": []}
    return [step], "precondition", f"{npc} walks to {where}, which is no exit"


def _trust_swing(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    npc = _npc(scene, rng) or _fresh(_STRANGERS, scene, rng)
    delta = rng.choice((-1, 1)) * rng.randint(11, 60)
    step = {"id": ids[0], "action": "update_trust", "args": {"npc": npc, "delta": delta, "reason": "a big moment"},
            "after": []}
    return [step], "bad_args", f"{npc}'s trust moves by {delta}"


def _undeclared_flag(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    flag = rng.choice(_FLAGS)
    step = {"id": ids[0], "action": "set_flag", "args": {"flag": flag, "value": True}, "after": []}
    return [step], "precondition", f"undeclared flag {flag!r}"


def _benign(scene: Scene, rng: random.Random, sid: str, after: list[str]) -> Step:
    npc = _npc(scene, rng)
    if npc:
        return {"id": sid, "action": "update_trust", "args": {"npc": npc, "delta": 1, "reason": "small talk"},
                "after": after}
    return {"id": sid, "action": "heal", "args": {"target": scene.player.name or "player", "amount": 1},
            "after": after}


def _self_after(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    return [_benign(scene, rng, ids[0], [ids[0]])], "dependency", f"step {ids[0]} comes after itself"


def _cycle(scene: Scene, rng: random.Random, ids: list[str]) -> Injection:
    a, b = ids[0], ids[1]
    return [_benign(scene, rng, a, [b]), _benign(scene, rng, b, [a])], "cycle", f"steps {a} and {b} wait on each other"


INJECTORS: dict[str, Callable[[Scene, random.Random, list[str]], Injection]] = {
    "unknown_action": _unknown_action,
    "phantom_item": _phantom_item,
    "absent_npc": _absent_npc,
    "non_exit": _non_exit,
    "trust_swing": _trust_swing,
    "undeclared_flag": _undeclared_flag,
    "self_after": _self_after,
    "cycle": _cycle,
}


def _steps_of(parsed: BaseModel | None) -> tuple[list[Step], str]:
    if isinstance(parsed, NarrationWithProposals):
        return [s.model_dump() for s in parsed.proposals], parsed.narration
    steps = getattr(parsed, "steps", None)
    if isinstance(steps, list):
        return [s.model_dump() if isinstance(s, BaseModel) else dict(s) for s in steps], ""
    return [], ""


def inject(response: LLMResponse, request: LLMRequest, rng: random.Random,
           which: str | None = None) -> LLMResponse:
    """``response`` with one hallucinated step (or two, for a cycle) mixed into its plan.
    ``which`` picks the injector by name (see ``INJECTORS``); by default ``rng`` does."""
    scene = _scene(request)
    steps, narration = _steps_of(response.parsed)
    taken = {str(s.get("id")) for s in steps}
    ids = [f"x{n}" for n in range(1, 40) if f"x{n}" not in taken][:2]
    name = which or rng.choice(sorted(INJECTORS))
    added, kind, text = INJECTORS[name](scene, rng, ids)
    at = rng.randint(0, len(steps))
    steps[at:at] = added

    wants_narration = isinstance(response.parsed, NarrationWithProposals) or (
        request.schema is not None and "proposals" in request.schema.model_fields
    )
    if wants_narration:
        parsed: BaseModel = NarrationWithProposals(
            narration=narration or response.text, proposals=[PlanStep.model_validate(s) for s in steps]
        )
    else:
        parsed = Plan(steps=[PlanStep.model_validate(s) for s in steps])
    return replace(
        response,
        text=json.dumps(parsed.model_dump()),
        parsed=parsed,
        injected=[*response.injected, {"kind": kind, "text": text}],
    )
