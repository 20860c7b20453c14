"""A call made through a device needs the device at hand.

From terminal play of shadowwatch: "I call alice from the payphone" in Zero's basement got
"You speak up." The payphone is on Payphone Corner, another place; here the call cannot be made.
A phone that is here may be used, by whatever name the player gives it. The scene is a 1950s
radio station, with words of its own.
"""

from __future__ import annotations

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from bot.world.scene import Scene


def _scene(items: list[str]) -> Scene:
    return Scene.from_dict({
        "setting": "Memphis, 1954",
        "location": {"name": "WDIA Studio B", "description": "A cramped studio with a mixing desk.",
                     "exits": ["Hallway"]},
        "npcs": [{"name": "Rufus", "aliases": ["engineer"]}],
        "items": items,
        "player": {"name": "Nat", "class": "disc jockey", "inventory": ["record sleeve", "pencil"]},
    })


def _blocks(text: str, scene: Scene) -> list[str]:
    return [f.message for f in prevalidate(extract(text, scene), scene) if f.severity == "block"]


def test_a_call_from_a_payphone_that_is_not_here_cannot_be_made() -> None:
    assert _blocks("I call my sister from the payphone", _scene(["mixing desk"])) == ["There is no payphone here."]


def test_a_telephone_here_may_be_used_by_a_shorter_name() -> None:
    scene = _scene(["mixing desk", "rotary telephone"])
    assert _blocks("I call my sister on the rotary phone", scene) == []
    assert _blocks("I use the rotary phone to call the sheriff", scene) == []


def test_a_call_out_to_someone_present_needs_no_device() -> None:
    assert _blocks("I call out to Rufus", _scene(["mixing desk"])) == []
