"""A call made through a device needs the device at hand.

From terminal play of shadowwatch: "I call alice from the payphone" in Zero's basement got
"You speak up." The payphone is on Payphone Corner, another place; here the call cannot be made.
A phone that is here may be used, by whatever name the player gives it. The scene is a 1950s
radio station, with words of its own.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.game import Game
from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from bot.llm.offline import OfflineProvider
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner
from bot.world.scene import Scene

_CHANNEL = ChannelRef("g", "c")


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


def test_logging_into_a_board_is_working_the_machine_not_talking() -> None:
    scene = _scene(["mixing desk"])
    scene.player.inventory.append("laptop")
    intents = extract("I log into the station's bulletin board", scene)
    assert [(i.action_type, i.method, i.target_kind) for i in intents] == [("use_item", "laptop", "remote")]
    assert _blocks("I log into the station's bulletin board", scene) == []


def test_hacking_a_system_is_working_a_machine_and_hacking_at_someone_is_a_blow() -> None:
    scene = _scene(["mixing desk"])
    scene.player.inventory.append("laptop")
    hacked = extract("I hack the station's mainframe with my laptop", scene)
    assert [(i.action_type, i.method, i.target_kind) for i in hacked] == [("use_item", "laptop", "remote")]
    desk = extract("I hack the mixing desk with my laptop", scene)
    assert [(i.action_type, i.target, i.target_kind) for i in desk] == [("use_item", "mixing desk", "item")]
    assert [i.action_type for i in extract("I hack at Rufus with my knife", scene)] == ["attack"]


def test_hacking_a_phone_is_working_it_not_striking_the_place_it_stands_in() -> None:
    # (found in terminal play: "I hack the payphone" on Payphone Corner was an attack on the corner)
    scene = _scene(["payphone"])
    scene.player.inventory.append("laptop")
    hacked = extract("I hack the payphone", scene)
    assert [i.action_type for i in hacked] == ["use_item"]


@pytest.fixture
async def basement(tmp_path: Path):
    """A shadowwatch campaign with Neo the coder in Zero's basement, played offline."""
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    game = Game(store)
    runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda: random.Random(3))
    await game.start(_CHANNEL, "shadowwatch")
    await game.join(_CHANNEL, "p1", "Neo", "coder")
    yield game, runner
    await store.close()


async def test_in_play_a_board_is_reached_with_the_modem_and_no_payphone_is_conjured(basement) -> None:
    _, runner = basement
    dialed = await runner.run(_CHANNEL, "p1", "I dial into the BBS with my modem")
    assert "connect to the BBS with the 28.8k modem" in dialed.narration
    called = await runner.run(_CHANNEL, "p1", "I call alice from the payphone")
    assert called.blocked and "no payphone here" in called.narration


async def test_a_call_from_the_payphone_where_it_stands_goes_unanswered_not_invented(basement) -> None:
    game, runner = basement
    await game.gm_move(_CHANNEL, "p1", "Payphone Corner")
    called = await runner.run(_CHANNEL, "p1", "I call alice from the payphone")
    assert not called.blocked and "no one answers" in called.narration


def test_a_lowercase_name_no_dictionary_knows_is_someone_absent_not_the_one_person_here() -> None:
    # "I ask alice about recruiting" with only Rufus present was answered by Rufus
    scene = _scene(["mixing desk"])
    intents = extract("I ask alice about the new record", scene)
    assert [(i.target, i.target_kind) for i in intents] == [("alice", "being")]
    assert _blocks("I ask alice about the new record", scene) == ["There is no alice here."]
    assert [i.target for i in extract("I ask him about the new record", scene)] != ["alice"]
    assert [i.target for i in extract("I ask about the new record", scene)] == ["Rufus"]
