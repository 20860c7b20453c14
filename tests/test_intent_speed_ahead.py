"""Deriving the per-scene sets ahead of a turn, and reading the sheet once, change no decision."""

from __future__ import annotations

import copy

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from bot.guard.prevalidate.ahead import prepare
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.index import SceneIndex
from bot.world.scene import Scene

_SCENE = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms", "only wizards and clerics can cast spells"],
    "location": {"name": "The Rusty Tankard", "exits": ["Market Square", "cellar"],
                 "features": [{"name": "cellar door", "locked": True}]},
    "npcs": [{"name": "Greta", "aliases": ["barkeep"], "items": ["iron key"], "abilities": ["brew ale"]},
             {"name": "Tobin", "abilities": ["welding"], "items": ["welding torch"]}],
    "items": ["mud-brick hearth", "wooden stool"],
    "player": {"name": "Aldric", "class": "fighter", "inventory": ["longsword", "10 gold"], "abilities": ["second wind"]},
}
_LINES = [
    "I attack Greta with my sword", "I cast fireball at the guard", "I walk to the Market Square",
    "I weld the stool back together", "I sit by the mud brick hearth", "I pull out my magic staff",
    "I brew ale for everyone", "I go down the cellar and on to the castle",
]


def _decisions(scene: Scene) -> list:
    out = []
    for line in _LINES:
        intents = extract(line, scene)
        out.append(([i.__dict__ if hasattr(i, "__dict__") else repr(i) for i in intents],
                    [(f.kind, f.severity, f.message) for f in prevalidate(intents, scene)]))
    return out


def test_prepare_changes_no_decision() -> None:
    cold = Scene.from_dict(copy.deepcopy(_SCENE))
    SceneIndex.forget(cold)
    before = _decisions(cold)
    warm = Scene.from_dict(copy.deepcopy(_SCENE))
    SceneIndex.forget(warm)
    prepare(warm)
    assert _decisions(warm) == before


def test_sheet_is_read_once_per_content() -> None:
    a = Scene.from_dict(copy.deepcopy(_SCENE))
    b = Scene.from_dict(copy.deepcopy(_SCENE))
    assert _Sheet.of(a, SceneIndex.for_scene(a)) is _Sheet.of(b, SceneIndex.for_scene(b))
    c = Scene.from_dict({**copy.deepcopy(_SCENE), "player": {**_SCENE["player"], "inventory": ["longsword"]}})
    assert _Sheet.of(c, SceneIndex.for_scene(c)).gold is None
    assert _Sheet.of(a, SceneIndex.for_scene(a)).gold == 10
