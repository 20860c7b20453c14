"""The mutable state of one campaign channel, and the scene a player sees in it.

The campaign file says how the world starts; ``WorldState`` says how it is now (who holds what,
who is where, which doors are unlocked). The store loads and saves it; the rules and the action
registry change it only through ``bot.world.effects``. Plain dataclasses: a state is copied and
compared on every turn.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from bot.world.campaign import Campaign
from bot.world.scene import Scene, SceneCharacter, SceneFeature, SceneLocation, SceneNPC


_IMMUTABLE = (str, int, float, bool, type(None))


@dataclass(slots=True)
class CharacterState:
    player_id: str
    name: str
    char_class: str
    hp: int
    max_hp: int
    ac: int
    location: str
    gold: int
    inventory: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    spells: list[str] = field(default_factory=list)
    attack_bonus: int = 3
    active: bool = True

    @property
    def down(self) -> bool:
        return self.hp <= 0


@dataclass(slots=True)
class NPCState:
    name: str
    location: str
    hp: int
    max_hp: int
    items: list[str] = field(default_factory=list)
    disposition: int = 0  # base trust towards anyone
    trust: dict[str, int] = field(default_factory=dict)  # player_id -> trust adjustment
    memory: list[str] = field(default_factory=list)  # what the NPC remembers of conversations

    @property
    def down(self) -> bool:
        return self.hp <= 0

    def trust_of(self, player_id: str) -> int:
        return self.disposition + self.trust.get(player_id, 0)


@dataclass(slots=True)
class PlaceState:
    name: str
    items: list[str] = field(default_factory=list)
    contents: dict[str, list[str]] = field(default_factory=dict)  # container -> items inside
    creatures: list[str] = field(default_factory=list)


@dataclass(slots=True)
class FeatureState:
    """Shared by every location that has a feature of this name: a door is one door from both
    sides."""

    name: str
    locked: bool = False
    open: bool | None = None


@dataclass(slots=True)
class WorldState:
    campaign: str
    campaign_id: int = 0
    version: int = 0
    characters: dict[str, CharacterState] = field(default_factory=dict)
    npcs: dict[str, NPCState] = field(default_factory=dict)
    places: dict[str, PlaceState] = field(default_factory=dict)
    features: dict[str, FeatureState] = field(default_factory=dict)
    flags: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> WorldState:
        """A copy that shares nothing mutable with this state. Written out field by field for
        the shapes above (lists of names, dicts of trust and contents): a turn copies its state
        several times, and ``copy.deepcopy`` costs ten times as much."""
        return WorldState(
            campaign=self.campaign,
            campaign_id=self.campaign_id,
            version=self.version,
            characters={
                k: CharacterState(
                    player_id=c.player_id, name=c.name, char_class=c.char_class, hp=c.hp, max_hp=c.max_hp,
                    ac=c.ac, location=c.location, gold=c.gold, inventory=list(c.inventory),
                    abilities=list(c.abilities), spells=list(c.spells), attack_bonus=c.attack_bonus,
                    active=c.active,
                )
                for k, c in self.characters.items()
            },
            npcs={
                k: NPCState(
                    name=n.name, location=n.location, hp=n.hp, max_hp=n.max_hp, items=list(n.items),
                    disposition=n.disposition, trust=dict(n.trust), memory=list(n.memory),
                )
                for k, n in self.npcs.items()
            },
            places={
                k: PlaceState(
                    name=p.name, items=list(p.items),
                    contents={c: list(inside) for c, inside in p.contents.items()}, creatures=list(p.creatures),
                )
                for k, p in self.places.items()
            },
            features={k: FeatureState(name=f.name, locked=f.locked, open=f.open) for k, f in self.features.items()},
            flags={k: v if isinstance(v, _IMMUTABLE) else copy.deepcopy(v) for k, v in self.flags.items()},
        )

    def npc(self, name: str) -> NPCState | None:
        key = name.casefold()
        for npc in self.npcs.values():
            if npc.name.casefold() == key:
                return npc
        return None

    def place(self, name: str) -> PlaceState | None:
        key = name.casefold()
        for place in self.places.values():
            if place.name.casefold() == key:
                return place
        return None

    def feature(self, name: str) -> FeatureState | None:
        return self.features.get(name.casefold())

    def character_by_name(self, name: str) -> CharacterState | None:
        key = name.casefold()
        for ch in self.characters.values():
            if ch.active and ch.name.casefold() == key:
                return ch
        return None


def new_state(campaign: Campaign) -> WorldState:
    """The world as the campaign file says it starts."""
    state = WorldState(campaign=campaign.name, flags=dict(campaign.flags))
    for npc in campaign.npcs:
        state.npcs[npc.name] = NPCState(
            name=npc.name,
            location=npc.location,
            hp=npc.hp,
            max_hp=npc.hp,
            items=list(npc.items),
            disposition=npc.disposition,
        )
    for loc in campaign.locations:
        state.places[loc.name] = PlaceState(
            name=loc.name,
            items=[i.name for i in loc.items],
            contents={i.name: list(i.contains) for i in loc.items if i.contains},
            creatures=list(loc.creatures),
        )
        for feature in loc.features:
            key = feature.name.casefold()
            if key not in state.features:
                state.features[key] = FeatureState(feature.name, feature.locked, feature.open)
    return state


def new_character(campaign: Campaign, player_id: str, name: str, class_name: str) -> CharacterState:
    cls = campaign.character_class(class_name)
    if cls is None:
        known = ", ".join(c.name for c in campaign.classes)
        raise ValueError(f"{class_name!r} is not a class in {campaign.name} (choose: {known})")
    return CharacterState(
        player_id=player_id,
        name=name,
        char_class=cls.name,
        hp=cls.hp,
        max_hp=cls.hp,
        ac=cls.ac,
        location=campaign.start,
        gold=cls.gold,
        inventory=list(cls.items),
        abilities=list(cls.abilities),
        spells=list(cls.spells),
        attack_bonus=cls.attack_bonus,
    )


def _scene_character(ch: CharacterState) -> SceneCharacter:
    inventory = list(ch.inventory)
    if ch.gold:
        inventory.append(f"{ch.gold} gold coins")
    return SceneCharacter(
        name=ch.name,
        char_class=ch.char_class,
        hp=ch.hp,
        max_hp=ch.max_hp,
        inventory=inventory,
        abilities=[*ch.abilities, *ch.spells],
        gold=ch.gold,
        ac=ch.ac,
    )


def _place_names(campaign: Campaign, name: str) -> list[str]:
    """Other names a player may use for a place: its aliases and its kind ("tavern")."""
    loc = campaign.location(name)
    if loc is None:
        return []
    names = list(loc.aliases)
    if loc.kind and loc.kind.casefold() not in {n.casefold() for n in names}:
        names.append(loc.kind)
    return names


def scene_for(state: WorldState, campaign: Campaign, player_id: str, where: str | None = None) -> Scene:
    """What one player's character can see and rely on, in the evaluation format's shape; with
    ``where``, what they will find on reaching that place (the narration of a move shows it)."""
    me = state.characters.get(player_id)
    where = where or (me.location if me else campaign.start)
    loc = campaign.location(where)
    place = state.place(where)
    if loc is None or place is None:
        return Scene(setting=campaign.setting, world_rules=list(campaign.world_rules))
    features = []
    for f in loc.features:
        live = state.feature(f.name)
        features.append(
            SceneFeature(
                name=f.name,
                aliases=list(f.aliases),
                climbable=f.climbable,
                locked=live.locked if live else f.locked,
                open=live.open if live else f.open,
                key=f.key,
            )
        )
    npcs = []
    for npc_state in state.npcs.values():
        if npc_state.location.casefold() != loc.name.casefold():
            continue
        npc = campaign.npc(npc_state.name)
        npcs.append(
            SceneNPC(
                name=npc_state.name,
                aliases=list(npc.aliases) if npc else [],
                abilities=list(npc.abilities) if npc else [],
                items=list(npc_state.items),
                hp=npc_state.hp,
                ac=npc.ac if npc else None,
                sells=dict(npc.sells) if npc else {},
                description=npc.description if npc else "",
                down=npc_state.down,
            )
        )
    party = [
        _scene_character(ch)
        for pid, ch in state.characters.items()
        if pid != player_id and ch.active and ch.location.casefold() == loc.name.casefold()
    ]
    return Scene(
        setting=campaign.setting,
        world_rules=list(campaign.world_rules),
        location=SceneLocation(
            name=loc.name,
            description=loc.description,
            exits=[e.to for e in loc.exits],
            features=features,
            aliases=list(loc.aliases),
            kind=loc.kind,
            dark=loc.dark,
            exit_through={e.to: e.through for e in loc.exits if e.through},
            exit_aliases={e.to: _place_names(campaign, e.to) for e in loc.exits},
        ),
        npcs=npcs,
        items=list(place.items),
        creatures=list(place.creatures),
        player=_scene_character(me) if me else SceneCharacter(),
        party=party,
        spellcasters=list(campaign.spellcasters),
        forbidden=list(campaign.forbidden),
        contents={k: list(v) for k, v in place.contents.items()},
        known_places=[l.name for l in campaign.locations],
    )
