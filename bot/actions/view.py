"""What a proposed step may refer to, seen from the acting player's location.

The view reads the state a plan is tried on (a private copy from the first applied step on), so
every lookup sees the world as the earlier steps left it: an NPC that walked off in step 1 is no longer present for step
2, a key handed over in step 1 is held in step 2. Lookups that fail raise ``Refusal`` carrying what
the scene holds instead, which becomes the finding's evidence and the model's replan feedback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.actions.names import Candidate, Pool, normal, resolve
from bot.world.campaign import Campaign, Feature
from bot.world.effects import Effect, Holder, MoveCharacter, MoveNPC
from bot.world.state import CharacterState, NPCState, WorldState

# How a model refers to the acting player's character without naming it.
ACTOR_WORDS = frozenset({"me", "myself", "i", "player", "you", "yourself", "adventurer", "hero"})


class Refusal(Exception):
    """A step cannot happen in this world: ``kind`` is the finding kind (precondition unless the
    fault is in the arguments themselves), ``span`` the offending words, ``evidence`` what the scene
    holds instead."""

    def __init__(self, message: str, span: str, evidence: str = "", *, kind: str = "precondition",
                 confidence: float = 1.0):
        super().__init__(message)
        self.message = message
        self.span = span
        self.evidence = evidence
        self.kind = kind
        self.confidence = confidence


@dataclass(frozen=True, slots=True)
class Being:
    """A character or NPC a step names, resolved: ``key`` is the player id or the NPC's name."""

    kind: str  # player | npc
    key: str
    name: str

    @property
    def holder(self) -> Holder:
        return Holder(self.kind, self.key)


def _listing(names: list[str], empty: str = "nothing") -> str:
    return ", ".join(names) if names else empty


class WorldView:
    def __init__(self, state: WorldState, campaign: Campaign, actor_player_id: str, location: str):
        self.state = state
        self.campaign = campaign
        self.actor_id = actor_player_id
        loc = campaign.location(location)
        self.location = loc.name if loc else location
        self._here = self.location.casefold()
        self._features: list[Feature] = list(loc.features) if loc else []
        self._exits: list[tuple[str, str | None]] = [(e.to, e.through) for e in loc.exits] if loc else []
        self._npc_aliases = {n.name.casefold(): tuple(n.aliases) for n in campaign.npcs}
        self._item_aliases = {i.name.casefold(): tuple(i.aliases) for i in campaign.items}
        self.trust_moved: dict[str, int] = {}  # NPC -> trust change proposed so far in this plan
        self._present_cache: dict[bool, tuple[dict[str, Being], Pool, list[str]]] = {}
        self._item_pools: dict[tuple[str, ...], Pool] = {}

    # beings -------------------------------------------------------------------------------------
    @property
    def actor(self) -> CharacterState | None:
        ch = self.state.characters.get(self.actor_id)
        if ch is None or not ch.active or ch.location.casefold() != self._here:
            return None
        return ch

    def touched(self, effects: Sequence[Effect]) -> None:
        """``effects`` were applied to the state: if anyone moved, who is present changed."""
        if any(isinstance(e, (MoveNPC, MoveCharacter)) for e in effects):
            self._present_cache.clear()

    def _present(self, npcs_only: bool) -> tuple[dict[str, Being], Pool, list[str]]:
        cached = self._present_cache.get(npcs_only)
        if cached is not None:
            return cached
        beings: list[tuple[Being, tuple[str, ...]]] = []
        if not npcs_only:
            for pid, ch in self.state.characters.items():
                if ch.active and ch.location.casefold() == self._here:
                    beings.append((Being("player", pid, ch.name), ()))
        for npc in self.state.npcs.values():
            if npc.location.casefold() == self._here:
                beings.append((Being("npc", npc.name, npc.name), self._npc_aliases.get(npc.name.casefold(), ())))
        keyed = {f"{b.kind}:{b.key}": b for b, _ in beings}
        pool = Pool([Candidate(f"{b.kind}:{b.key}", (b.name, *aliases)) for b, aliases in beings])
        cached = self._present_cache[npcs_only] = (keyed, pool, [b.name for b, _ in beings])
        return cached

    def being(self, text: str, role: str, *, npcs_only: bool = False) -> Being:
        """The character or NPC present here that ``text`` names."""
        if not npcs_only and normal(text) in ACTOR_WORDS:
            me = self.actor
            if me is not None:
                return Being("player", self.actor_id, me.name)
        keyed, pool, names = self._present(npcs_only)
        match = resolve(text, pool)
        who = "NPC" if npcs_only else "character"
        if match.ambiguous:
            raise Refusal(
                f"{role} {text!r} could be any of {', '.join(keyed[k].name for k in match.ambiguous)}; name one",
                text, f"present: {_listing(names, 'nobody')}",
            )
        if match.key is None:
            raise Refusal(
                f"{role} {text!r} is not a {who} present at {self.location}",
                text, f"present: {_listing(names, 'nobody')}", confidence=match.confidence,
            )
        return keyed[match.key]

    def npc_state(self, being: Being) -> NPCState | None:
        return self.state.npc(being.key) if being.kind == "npc" else None

    def hp_of(self, being: Being) -> tuple[int, int]:
        if being.kind == "player":
            ch = self.state.characters[being.key]
            return ch.hp, ch.max_hp
        npc = self.state.npc(being.key)
        assert npc is not None
        return npc.hp, npc.max_hp

    # items ------------------------------------------------------------------------------------
    def items_of(self, being: Being) -> list[str]:
        if being.kind == "player":
            return self.state.characters[being.key].inventory
        npc = self.state.npc(being.key)
        return npc.items if npc else []

    def _item_pool(self, items: list[str]) -> Pool:
        key = tuple(items)
        pool = self._item_pools.get(key)
        if pool is None:
            pool = self._item_pools[key] = Pool(
                [Candidate(str(i), (item, *self._item_aliases.get(item.casefold(), ()))) for i, item in enumerate(items)]
            )
        return pool

    def item_in(self, text: str, items: list[str], owner: str) -> str:
        """The item among ``items`` (held by ``owner``) that ``text`` names. A loose match ("goggles"
        for the owner's "brass goggles") gives way to a thing here called exactly that: the
        goggles lying on the bench are the ones the model named, and the owner does not hold them."""
        match = resolve(text, self._item_pool(items))
        if match.found and not match.exact:
            elsewhere = self._exactly_named_elsewhere(text, items)
            if elsewhere is not None:
                thing, where = elsewhere
                raise Refusal(
                    f"{owner} does not hold {text!r}: the {thing} {where}", text,
                    f"{owner} holds: {_listing(items)}",
                )
        if match.found:
            return items[int(match.key)]  # type: ignore[arg-type]
        if match.ambiguous:
            options = ", ".join(items[int(k)] for k in match.ambiguous)
            raise Refusal(f"{text!r} could be any of {options}; name one", text, f"{owner} holds: {options}")
        raise Refusal(
            f"{owner} does not hold {text!r}", text, f"{owner} holds: {_listing(items)}",
            confidence=match.confidence,
        )

    def _exactly_named_elsewhere(self, text: str, mine: list[str]) -> tuple[str, str] | None:
        """A thing held by someone else here, or lying here, whose own name is ``text``."""
        wanted = normal(text)
        if not wanted:
            return None
        own = {i.casefold() for i in mine}

        def named(item: str) -> bool:
            return item.casefold() not in own and any(
                normal(p) == wanted for p in (item, *self._item_aliases.get(item.casefold(), ())))

        for ch in self.state.characters.values():
            if ch.active and ch.location.casefold() == self._here:
                found = next((i for i in ch.inventory if named(i)), None)
                if found:
                    return found, f"is {ch.name}'s"
        for npc in self.state.npcs.values():
            if npc.location.casefold() == self._here:
                found = next((i for i in npc.items if named(i)), None)
                if found:
                    return found, f"is {npc.name}'s"
        place = self.state.place(self.location)
        if place is not None:
            loose = [*place.items, *(i for inside in place.contents.values() for i in inside)]
            found = next((i for i in loose if named(i)), None)
            if found:
                return found, f"lies at {self.location}"
        return None

    def holds(self, being: Being, item: str) -> bool:
        key = item.casefold()
        return any(i.casefold() == key for i in self.items_of(being))

    def loose_item(self, text: str) -> tuple[Holder, str]:
        """An item lying here, on the floor or inside one of the containers here."""
        place = self.state.place(self.location)
        if place is None:
            raise Refusal(f"nothing lies at {self.location}", text)
        spots: list[tuple[Holder, str]] = [(Holder("place", place.name), i) for i in place.items]
        for container, inside in place.contents.items():
            spots += [(Holder("container", place.name, container), i) for i in inside]
        match = resolve(text, self._item_pool([item for _, item in spots]))
        seen = [item if h.kind == "place" else f"{item} (in the {h.container})" for h, item in spots]
        if match.found:
            return spots[int(match.key)]  # type: ignore[arg-type]
        if match.ambiguous:
            raise Refusal(
                f"{text!r} could be any of {', '.join(seen[int(k)] for k in match.ambiguous)}; name one",
                text, f"lying here: {_listing(seen)}",
            )
        raise Refusal(
            f"no {text!r} lies at {self.location}", text, f"lying here: {_listing(seen)}",
            confidence=match.confidence,
        )

    # the place ------------------------------------------------------------------------------------
    def feature(self, text: str) -> Feature:
        pool = [Candidate(str(i), (f.name, *f.aliases)) for i, f in enumerate(self._features)]
        match = resolve(text, pool)
        if not match.found:
            raise Refusal(
                f"{text!r} is not a feature of {self.location}", text,
                f"features: {_listing([f.name for f in self._features])}", confidence=match.confidence,
            )
        return self._features[int(match.key)]  # type: ignore[arg-type]

    def locked(self, feature: Feature) -> bool:
        live = self.state.feature(feature.name)
        return live.locked if live is not None else feature.locked

    def exit(self, text: str) -> tuple[str, Feature | None]:
        """The exit ``text`` names, and the feature (a door) it passes through, if any."""
        pool = []
        for i, (to, _) in enumerate(self._exits):
            loc = self.campaign.location(to)
            pool.append(Candidate(str(i), (to, *(loc.aliases if loc else ()))))
        match = resolve(text, pool)
        if not match.found:
            raise Refusal(
                f"{text!r} is not an exit of {self.location}", text,
                f"exits: {_listing([to for to, _ in self._exits], 'none')}", confidence=match.confidence,
            )
        to, through = self._exits[int(match.key)]  # type: ignore[arg-type]
        door = None
        if through:
            door = next((f for f in self._features if f.name.casefold() == through.casefold()), None)
        return to, door

    def flag(self, text: str) -> tuple[str, bool | int | str]:
        """A flag the campaign declares, with its declared (starting) value."""
        declared = self.campaign.flags
        for name, default in declared.items():
            if name.casefold() == text.strip().casefold():
                return name, default
        pool = [Candidate(name, (name.replace("_", " "),)) for name in declared]
        near = resolve(text.replace("_", " "), pool)
        hint = f"; did you mean {near.key}?" if near.found else ""
        raise Refusal(
            f"flag {text!r} is not declared by the campaign{hint}", text,
            f"declared flags: {_listing(sorted(declared), 'none')}",
        )
