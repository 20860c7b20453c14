"""A world to validate plans in, built from one scene (an evaluation case has no campaign file).

The validator reads a ``WorldState`` and a ``Campaign``; a FORMAT.md scene holds a one-location
slice of both. Building that slice once per case keeps a single validator, so the evaluation scores
exactly the code that guards live turns. What a scene does not say is filled conservatively: an
NPC whose HP the scene omits is unhurt, an exit whose door the scene does not link is guessed from
the feature names ("Cellar" passes through "cellar door"), and only the flags the case declares
exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bot.world.campaign import NPC, Campaign, CharacterClass, Exit, Feature, Location, PlacedItem
from bot.world.scene import Scene, SceneCharacter
from bot.world.state import CharacterState, FeatureState, NPCState, PlaceState, WorldState

ACTOR_ID = "player"
_GOLD = re.compile(r"^\s*(\d+)\s+(?:gold|gp)(?:\s+(?:coins?|pieces?))?\s*$", re.IGNORECASE)
_DOOR_WORDS = ("door", "gate", "hatch", "trapdoor", "portcullis", "grate", "grille")


@dataclass(slots=True)
class SceneWorld:
    state: WorldState
    campaign: Campaign
    actor_player_id: str
    location: str


def _split_gold(items: list[str]) -> tuple[list[str], int]:
    kept, gold = [], 0
    for item in items:
        m = _GOLD.match(item)
        if m:
            gold += int(m.group(1))
        else:
            kept.append(item)
    return kept, gold


def _character(pid: str, ch: SceneCharacter, where: str, fallback: str) -> CharacterState:
    inventory, gold = _split_gold(ch.inventory)
    max_hp = ch.max_hp if ch.max_hp and ch.max_hp > 0 else max(ch.hp or 10, 1)
    hp = ch.hp if ch.hp is not None else max_hp
    return CharacterState(
        player_id=pid, name=ch.name or fallback, char_class=ch.char_class or "adventurer",
        hp=hp, max_hp=max(max_hp, hp), ac=ch.ac or 10, location=where,
        gold=ch.gold if ch.gold is not None else gold, inventory=inventory, abilities=list(ch.abilities),
    )


def _door_for(exit_name: str, features: list[Feature]) -> str | None:
    exit_words = set(re.findall(r"[a-z]+", exit_name.casefold())) - {"the"}
    for f in features:
        f_words = set(re.findall(r"[a-z]+", f.name.casefold()))
        if exit_words and exit_words <= f_words and f_words & set(_DOOR_WORDS):
            return f.name
    return None


def scene_world(scene: Scene | dict[str, Any], flags: dict[str, Any] | None = None) -> SceneWorld:
    """The state and campaign a plan is validated against when all there is is a scene."""
    raw = scene if isinstance(scene, dict) else {}
    if isinstance(scene, dict):
        scene = Scene.from_dict(scene)
    if flags is None:
        declared = raw.get("flags")
        flags = declared if isinstance(declared, dict) else {}
    flags = {k: v for k, v in flags.items() if isinstance(k, str) and isinstance(v, (bool, int, str))}
    here = scene.location.name or "here"
    features = [
        Feature(name=f.name, aliases=list(f.aliases), climbable=f.climbable, locked=bool(f.locked),
                open=f.open, key=f.key)
        for f in scene.location.features
    ]
    exits = []
    for to in scene.location.exits:
        if to.casefold() == here.casefold():
            continue
        through = scene.location.exit_through.get(to) or _door_for(to, features)
        exits.append(Exit(to=to, through=through))
    place_items = [PlacedItem(name=i, contains=list(scene.contents.get(i, []))) for i in scene.items]
    locations = [
        Location(name=here, aliases=list(scene.location.aliases), kind=scene.location.kind,
                 description=scene.location.description, exits=exits, features=features, items=place_items),
        *(Location(name=e.to) for e in exits),
    ]
    npcs = [
        NPC(name=n.name, aliases=list(n.aliases), location=here, items=list(n.items),
            abilities=list(n.abilities), hp=max(n.hp or 10, 1), ac=min(max(n.ac or 10, 1), 40), sells=dict(n.sells))
        for n in scene.npcs
    ]
    player = scene.player
    campaign = Campaign(
        name="scene", setting=scene.setting or "unknown", world_rules=list(scene.world_rules), start=here,
        classes=[CharacterClass(name=player.char_class or "adventurer", hp=max(player.max_hp or 10, 1),
                                ac=min(max(player.ac or 10, 1), 40))],
        locations=locations, npcs=npcs, flags=flags,
        spellcasters=list(scene.spellcasters), forbidden=list(scene.forbidden),
    )

    state = WorldState(campaign="scene", flags=dict(flags))
    state.characters[ACTOR_ID] = _character(ACTOR_ID, player, here, "you")
    for i, member in enumerate(scene.party):
        pid = f"party:{i}"
        state.characters[pid] = _character(pid, member, here, f"companion {i + 1}")
    for n in scene.npcs:
        max_hp = max(n.hp or 10, 1)
        hp = 0 if n.down else (n.hp if n.hp is not None else max_hp)
        state.npcs[n.name] = NPCState(name=n.name, location=here, hp=hp, max_hp=max_hp, items=list(n.items))
    state.places[here] = PlaceState(
        name=here, items=list(scene.items), contents={k: list(v) for k, v in scene.contents.items()},
        creatures=list(scene.creatures),
    )
    for e in exits:
        state.places.setdefault(e.to, PlaceState(name=e.to))
    for f in features:
        state.features.setdefault(f.name.casefold(), FeatureState(f.name, f.locked, f.open))
    return SceneWorld(state, campaign, ACTOR_ID, here)
