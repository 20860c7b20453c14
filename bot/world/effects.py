"""Effects: the only way game state changes.

The rules, the action registry and the game master's commands all produce effects; ``apply``
checks each one's precondition against the state it is applied to and raises ``EffectError`` if it
no longer holds. The store re-applies a turn's effects to the state it reads inside the commit
transaction, so a change decided on a stale state (another player took the item a moment ago) is
refused instead of being half-applied.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, Union

from bot.world.state import WorldState


class EffectError(Exception):
    """An effect's precondition does not hold in the state it was applied to."""


def _remove(items: list[str], item: str) -> bool:
    key = item.casefold()
    for i, name in enumerate(items):
        if name.casefold() == key:
            del items[i]
            return True
    return False


@dataclass(frozen=True, slots=True)
class Holder:
    """Who or what holds an item: ``player``/id, ``npc``/name, ``place``/location,
    ``container``/location+container, or ``shop`` (unlimited stock: items come from nowhere)."""

    kind: str
    name: str = ""
    container: str = ""

    def describe(self) -> str:
        return f"{self.kind}:{self.name}" + (f"/{self.container}" if self.container else "")


def _items_of(state: WorldState, holder: Holder) -> list[str] | None:
    if holder.kind == "player":
        ch = state.characters.get(holder.name)
        return ch.inventory if ch else None
    if holder.kind == "npc":
        npc = state.npc(holder.name)
        return npc.items if npc else None
    if holder.kind == "place":
        place = state.place(holder.name)
        return place.items if place else None
    if holder.kind == "container":
        place = state.place(holder.name)
        if place is None:
            return None
        for container, inside in place.contents.items():
            if container.casefold() == holder.container.casefold():
                return inside
        return None
    return None


@dataclass(frozen=True, slots=True)
class MoveCharacter:
    type: ClassVar[str] = "move_character"
    player_id: str
    to: str

    def apply(self, state: WorldState) -> None:
        ch = state.characters.get(self.player_id)
        if ch is None:
            raise EffectError(f"no character for {self.player_id}")
        if state.place(self.to) is None:
            raise EffectError(f"no place called {self.to!r}")
        ch.location = state.place(self.to).name  # type: ignore[union-attr]


@dataclass(frozen=True, slots=True)
class MoveNPC:
    type: ClassVar[str] = "move_npc"
    npc: str
    to: str
    expect_from: str | None = None  # precondition: where the move was decided to start

    def apply(self, state: WorldState) -> None:
        npc = state.npc(self.npc)
        place = state.place(self.to)
        if npc is None or place is None:
            raise EffectError(f"cannot move {self.npc!r} to {self.to!r}")
        if self.expect_from is not None and npc.location.casefold() != self.expect_from.casefold():
            raise EffectError(f"{npc.name} is no longer in {self.expect_from}")
        npc.location = place.name


@dataclass(frozen=True, slots=True)
class TransferItem:
    type: ClassVar[str] = "transfer_item"
    item: str
    source: Holder
    dest: Holder | None  # None: the item is used up

    def apply(self, state: WorldState) -> None:
        if self.source.kind != "shop":
            items = _items_of(state, self.source)
            if items is None or not _remove(items, self.item):
                raise EffectError(f"{self.item!r} is no longer with {self.source.describe()}")
        if self.dest is not None:
            target = _items_of(state, self.dest)
            if target is None:
                raise EffectError(f"{self.dest.describe()} cannot receive items")
            target.append(self.item)


@dataclass(frozen=True, slots=True)
class AdjustGold:
    type: ClassVar[str] = "adjust_gold"
    player_id: str
    delta: int

    def apply(self, state: WorldState) -> None:
        ch = state.characters.get(self.player_id)
        if ch is None:
            raise EffectError(f"no character for {self.player_id}")
        if ch.gold + self.delta < 0:
            raise EffectError(f"{ch.name} has {ch.gold} gold, not {-self.delta}")
        ch.gold += self.delta


@dataclass(frozen=True, slots=True)
class AdjustHP:
    """Damage (negative) or healing (positive), clamped to 0..max HP."""

    type: ClassVar[str] = "adjust_hp"
    target_kind: str  # player | npc
    target: str
    delta: int

    def apply(self, state: WorldState) -> None:
        if self.target_kind == "player":
            who: Any = state.characters.get(self.target)
        else:
            who = state.npc(self.target)
        if who is None:
            raise EffectError(f"no {self.target_kind} {self.target!r}")
        who.hp = max(0, min(who.max_hp, who.hp + self.delta))


@dataclass(frozen=True, slots=True)
class SetHP:
    type: ClassVar[str] = "set_hp"
    target_kind: str
    target: str
    hp: int

    def apply(self, state: WorldState) -> None:
        who: Any = state.characters.get(self.target) if self.target_kind == "player" else state.npc(self.target)
        if who is None:
            raise EffectError(f"no {self.target_kind} {self.target!r}")
        who.hp = max(0, min(who.max_hp, self.hp))


@dataclass(frozen=True, slots=True)
class SetFeature:
    type: ClassVar[str] = "set_feature"
    feature: str
    locked: bool | None = None
    open: bool | None = None
    expect_locked: bool | None = None  # precondition: the lock state this change was decided on

    def apply(self, state: WorldState) -> None:
        feature = state.feature(self.feature)
        if feature is None:
            raise EffectError(f"no feature {self.feature!r}")
        if self.expect_locked is not None and feature.locked != self.expect_locked:
            raise EffectError(f"{feature.name} is already {'locked' if feature.locked else 'unlocked'}")
        if self.locked is not None:
            feature.locked = self.locked
        if self.open is not None:
            feature.open = self.open


@dataclass(frozen=True, slots=True)
class AdjustTrust:
    type: ClassVar[str] = "adjust_trust"
    npc: str
    player_id: str
    delta: int

    def apply(self, state: WorldState) -> None:
        npc = state.npc(self.npc)
        if npc is None:
            raise EffectError(f"no NPC {self.npc!r}")
        value = npc.trust.get(self.player_id, 0) + self.delta
        npc.trust[self.player_id] = max(-100, min(100, value))


@dataclass(frozen=True, slots=True)
class Remember:
    """An NPC keeps a short note of a conversation (bounded: the oldest notes are forgotten)."""

    type: ClassVar[str] = "remember"
    npc: str
    note: str
    keep: int = 20

    def apply(self, state: WorldState) -> None:
        npc = state.npc(self.npc)
        if npc is None:
            raise EffectError(f"no NPC {self.npc!r}")
        note = self.note[:300]
        if note in npc.memory:
            npc.memory.remove(note)  # the same thing remembered again is one memory, now the newest
        npc.memory.append(note)
        del npc.memory[: max(0, len(npc.memory) - self.keep)]


@dataclass(frozen=True, slots=True)
class SetFlag:
    type: ClassVar[str] = "set_flag"
    flag: str
    value: Any

    def apply(self, state: WorldState) -> None:
        state.flags[self.flag] = self.value


Effect = Union[
    MoveCharacter, MoveNPC, TransferItem, AdjustGold, AdjustHP, SetHP, SetFeature, AdjustTrust,
    Remember, SetFlag,
]

EFFECT_TYPES: dict[str, type] = {
    cls.type: cls
    for cls in (MoveCharacter, MoveNPC, TransferItem, AdjustGold, AdjustHP, SetHP, SetFeature,
                AdjustTrust, Remember, SetFlag)
}


def apply_all(state: WorldState, effects: list[Effect]) -> None:
    """Apply effects in order; on the first failure, raise and leave ``state`` for the caller to
    discard (callers apply to a copy)."""
    for effect in effects:
        effect.apply(state)


def effect_to_dict(effect: Effect) -> dict[str, Any]:
    d = asdict(effect)
    d["type"] = effect.type
    return d


def effect_from_dict(d: dict[str, Any]) -> Effect:
    cls = EFFECT_TYPES[d["type"]]
    kwargs = {f.name: d[f.name] for f in fields(cls) if f.name in d}
    for key in ("source", "dest"):
        if isinstance(kwargs.get(key), dict):
            kwargs[key] = Holder(**kwargs[key])
    return cls(**kwargs)
