"""The actions a model may propose, and nothing else.

Each action has a name, a strict argument model (unknown keys, wrong types and out-of-range amounts
are refused, never coerced), a check that resolves its names against the world and tests its
preconditions, and the effects it has, expressed in ``bot.world.effects`` so that the store can
re-check them when it commits. The effects carry their own preconditions (``TransferItem`` fails
if the item has left the giver, ``SetFeature(expect_locked=True)`` if the door was opened
meanwhile), which is what makes the check at commit time real.

What stays out on purpose: gold, purchases, the acting player's movement and combat. Those are
decided by ``bot.rules`` from dice and prices; a model that narrates them only tells what was
decided, so no proposal can move a coin or a player character.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator
from rapidfuzz import fuzz

from bot.actions.names import words
from bot.actions.view import Refusal, WorldView
from bot.world.effects import AdjustHP, AdjustTrust, Effect, MoveNPC, SetFeature, SetFlag, TransferItem

MAX_TRUST_DELTA = 10  # per step, and per NPC over a whole plan
MAX_HEAL = 20  # more than a potion (2d4+2) or a cure spell gives
MAX_DAMAGE = 20  # more than any weapon die plus bonus in the shipped campaigns

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]


class Args(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class GiveItemArgs(Args):
    giver: Name
    receiver: Name
    item: Name


class TakeItemArgs(Args):
    taker: Name
    item: Name


class MoveNPCArgs(Args):
    npc: Name
    to: Name


class UpdateTrustArgs(Args):
    npc: Name
    delta: int = Field(ge=-MAX_TRUST_DELTA, le=MAX_TRUST_DELTA)
    reason: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]

    @field_validator("delta")
    @classmethod
    def _moves(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a trust change of 0 changes nothing; leave the step out")
        return value


class UnlockArgs(Args):
    feature: Name


class HealArgs(Args):
    target: Name
    amount: int = Field(ge=1, le=MAX_HEAL)


class DamageArgs(Args):
    target: Name
    amount: int = Field(ge=1, le=MAX_DAMAGE)


class SetFlagArgs(Args):
    flag: Name
    value: bool | int | str


@dataclass(slots=True)
class Resolved:
    """A step as it will happen: canonical names and the effects that make it so."""

    args: dict[str, Any]
    effects: list[Effect]


Check = Callable[[WorldView, Any], Resolved]


@dataclass(frozen=True, slots=True)
class Action:
    name: str
    args: type[Args]
    summary: str
    words: tuple[str, ...]  # what a model might call it instead, for suggestions
    check: Check

    def signature(self) -> str:
        fields = ", ".join(self.args.model_fields)
        return f"{self.name}{{{fields}}}"


# checks ------------------------------------------------------------------------------------------

def _give_item(view: WorldView, a: GiveItemArgs) -> Resolved:
    giver = view.being(a.giver, "giver")
    if giver.kind == "player" and giver.key != view.actor_id:
        raise Refusal(
            f"{giver.name} is another player's character: what they give away is their own action",
            a.giver, "only an NPC or the acting player's character may give an item",
        )
    npc = view.npc_state(giver)
    if npc is not None and npc.down:
        raise Refusal(f"{giver.name} is down and cannot hand anything over", a.giver, f"{giver.name} has 0 HP")
    receiver = view.being(a.receiver, "receiver")
    if receiver == giver:
        raise Refusal(f"{giver.name} cannot give something to themselves", a.receiver)
    item = view.item_in(a.item, view.items_of(giver), giver.name)
    return Resolved(
        {"giver": giver.name, "receiver": receiver.name, "item": item},
        [TransferItem(item, giver.holder, receiver.holder)],
    )


def _take_item(view: WorldView, a: TakeItemArgs) -> Resolved:
    taker = view.being(a.taker, "taker")
    if taker.kind == "player" and taker.key != view.actor_id:
        raise Refusal(
            f"{taker.name} is another player's character: what they pick up is their own action",
            a.taker, "only the acting player's character or an NPC may take an item",
        )
    npc = view.npc_state(taker)
    if npc is not None and npc.down:
        raise Refusal(f"{taker.name} is down and cannot take anything", a.taker, f"{taker.name} has 0 HP")
    source, item = view.loose_item(a.item)
    return Resolved({"taker": taker.name, "item": item}, [TransferItem(item, source, taker.holder)])


def _move_npc(view: WorldView, a: MoveNPCArgs) -> Resolved:
    who = view.being(a.npc, "npc", npcs_only=True)
    npc = view.npc_state(who)
    if npc is not None and npc.down:
        raise Refusal(f"{who.name} is down and cannot walk away", a.npc, f"{who.name} has 0 HP")
    to, door = view.exit(a.to)
    if door is not None and view.locked(door):
        key = door.key or ""
        if not (key and view.holds(who, key)):
            raise Refusal(
                f"the way to {to} is through the {door.name}, which is locked, and {who.name} has no key",
                a.to, f"{door.name}: locked" + (f" (key: {key})" if key else ""),
            )
    return Resolved({"npc": who.name, "to": to}, [MoveNPC(who.key, to, expect_from=view.location)])


def _update_trust(view: WorldView, a: UpdateTrustArgs) -> Resolved:
    who = view.being(a.npc, "npc", npcs_only=True)
    if view.actor is None:
        raise Refusal("the acting player has no character here to be trusted", a.npc)
    moved = view.trust_moved.get(who.key, 0) + a.delta
    if abs(moved) > MAX_TRUST_DELTA:
        raise Refusal(
            f"trust in one turn moves by at most {MAX_TRUST_DELTA}; this plan moves {who.name}'s by {moved}",
            str(a.delta), f"at most {MAX_TRUST_DELTA} either way per turn", kind="bad_args",
        )
    view.trust_moved[who.key] = moved
    return Resolved(
        {"npc": who.name, "delta": a.delta, "reason": a.reason},
        [AdjustTrust(who.key, view.actor_id, a.delta)],
    )


def _unlock(view: WorldView, a: UnlockArgs) -> Resolved:
    feature = view.feature(a.feature)
    if not view.locked(feature):
        raise Refusal(f"the {feature.name} is not locked", a.feature, f"{feature.name}: unlocked")
    me = view.actor
    if me is None:
        raise Refusal("the acting player has no character here to unlock anything", a.feature)
    if not feature.key:
        raise Refusal(f"the {feature.name} has no key that opens it", a.feature, f"{feature.name}: no key")
    if not any(i.casefold() == feature.key.casefold() for i in me.inventory):
        raise Refusal(
            f"{me.name} does not hold the {feature.key} that opens the {feature.name}",
            a.feature, f"{me.name} holds: {', '.join(me.inventory) or 'nothing'}",
        )
    return Resolved(
        {"feature": feature.name},
        [SetFeature(feature.name, locked=False, expect_locked=True)],
    )


def _heal(view: WorldView, a: HealArgs) -> Resolved:
    who = view.being(a.target, "target")
    kind = "player" if who.kind == "player" else "npc"
    return Resolved({"target": who.name, "amount": a.amount}, [AdjustHP(kind, who.key, a.amount)])


def _damage(view: WorldView, a: DamageArgs) -> Resolved:
    who = view.being(a.target, "target")
    hp, max_hp = view.hp_of(who)
    if hp <= 0:
        raise Refusal(f"{who.name} is already down", a.target, f"{who.name}: 0/{max_hp} HP")
    kind = "player" if who.kind == "player" else "npc"
    return Resolved({"target": who.name, "amount": a.amount}, [AdjustHP(kind, who.key, -a.amount)])


def _value_type(value: Any) -> str:
    return "true/false" if isinstance(value, bool) else "a number" if isinstance(value, int) else "text"


def _set_flag(view: WorldView, a: SetFlagArgs) -> Resolved:
    name, declared = view.flag(a.flag)
    if _value_type(a.value) != _value_type(declared):
        raise Refusal(
            f"flag {name} takes {_value_type(declared)}, not {a.value!r}", repr(a.value),
            f"{name} is declared as {declared!r}", kind="bad_args",
        )
    return Resolved({"flag": name, "value": a.value}, [SetFlag(name, a.value)])


# the registry --------------------------------------------------------------------------------------

REGISTRY: dict[str, Action] = {
    a.name: a
    for a in (
        Action("give_item", GiveItemArgs,
               "an NPC present (or the acting player) hands one of its own items to someone present",
               ("give", "hand", "hand over", "pass", "offer", "gift", "transfer", "lend", "present"), _give_item),
        Action("take_item", TakeItemArgs, "someone present picks up an item lying here (or in a container here)",
               ("take", "pick up", "grab", "pocket", "loot", "collect", "lift"), _take_item),
        Action("move_npc", MoveNPCArgs, "an NPC present leaves through one of this location's exits",
               ("move", "walk", "leave", "go", "exit", "depart", "send", "follow", "travel"), _move_npc),
        Action("update_trust", UpdateTrustArgs,
               f"an NPC present trusts the acting player more or less (delta -{MAX_TRUST_DELTA}..{MAX_TRUST_DELTA})",
               ("trust", "like", "rapport", "relationship", "attitude", "opinion", "reputation", "favor",
                "disposition", "friendship"), _update_trust),
        Action("unlock", UnlockArgs, "the acting player unlocks a locked feature here with the key they hold",
               ("open", "unbar", "unlatch", "unseal", "lock"), _unlock),
        Action("heal", HealArgs, f"someone present regains 1..{MAX_HEAL} HP (never above their maximum)",
               ("cure", "mend", "restore", "bandage", "recover", "hp", "health"), _heal),
        Action("damage", DamageArgs, f"someone present loses 1..{MAX_DAMAGE} HP (not combat: the rules decide that)",
               ("hurt", "wound", "injure", "harm", "burn", "lose hp", "fall", "trap"), _damage),
        Action("set_flag", SetFlagArgs, "set a story flag the campaign declares",
               ("flag", "quest", "state", "mark", "trigger", "progress", "event", "story"), _set_flag),
    )
}


def action_key(name: str) -> str:
    """``Give Item`` and ``give-item`` are ``give_item``: models vary spelling, not meaning."""
    return "_".join(name.casefold().replace("-", " ").split())


def lookup(name: str) -> Action | None:
    return REGISTRY.get(action_key(name))


def suggest(name: str, limit: int = 3, cutoff: float = 55.0) -> list[str]:
    """The registry names closest to an unknown action: by the words it shares with what an action
    is also called (``hand_over`` -> ``give_item``), then by spelling (``give_itme``)."""
    return list(_suggest(action_key(name), cutoff)[:limit])


@lru_cache(maxsize=1024)
def _suggest(key: str, cutoff: float) -> tuple[str, ...]:
    query = " ".join(key.split("_"))
    q_words = set(words(query))
    scores: dict[str, float] = {}
    for action in REGISTRY.values():
        spelled = fuzz.WRatio(query, action.name.replace("_", " "))
        meant = 0.0
        for phrase in action.words:
            p_words = set(phrase.split())
            if p_words <= q_words:
                meant = max(meant, 100.0 if len(p_words) > 1 else 95.0)
            else:
                meant = max(meant, max((fuzz.ratio(w, p) for w in q_words for p in p_words), default=0.0) - 10)
        scores[action.name] = max(spelled, meant)
    best = max(scores.values())
    ranked = sorted((n for n, s in scores.items() if s >= max(cutoff, best - 15)), key=lambda n: -scores[n])
    return tuple(ranked)


def describe() -> str:
    """The registry as a model reads it: one line per action."""
    return "\n".join(f"- {a.signature()}: {a.summary}" for a in REGISTRY.values())
