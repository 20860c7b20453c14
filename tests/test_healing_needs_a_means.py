""""I heal Greta" names no spell, power or potion. It was a plain deed, narrated as written ("You
heal Greta"): a warrior invented a healing power in two words. The parse now gives the deed the
means the sheet has, and with none pre-validation refuses it."""

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
from bot.world.scene import Scene
from tests.test_scene_index import tavern_dict


def scene(**player) -> Scene:
    d = tavern_dict()
    d["player"] = {**d["player"], **player}
    return Scene.from_dict(d)


def test_a_warrior_cannot_heal_someone_else_with_nothing_to_heal_with() -> None:
    s = scene()
    findings = prevalidate(extract("I heal Greta", s), s)
    assert [f.kind for f in findings] == ["no_ability"]
    assert "no way to heal" in findings[0].message


def test_a_warrior_heals_himself_with_second_wind() -> None:
    s = scene()
    [intent] = extract("I heal myself", s)
    assert (intent.action_type, intent.method) == ("ability", "second wind")
    assert prevalidate([intent], s) == []


def test_a_cleric_heals_with_the_spell_on_the_sheet() -> None:
    s = scene(**{"class": "cleric", "abilities": ["cure wounds", "sacred flame"]})
    [intent] = extract("I heal Greta", s)
    assert (intent.method, intent.target) == ("cure wounds", "Greta")
    assert prevalidate([intent], s) == []


def test_anyone_may_heal_with_a_potion_they_carry() -> None:
    s = scene(inventory=["iron sword", "healing potion"])
    [intent] = extract("I heal Greta", s)
    assert (intent.action_type, intent.method, intent.target) == ("use_item", "healing potion", "Greta")
    assert prevalidate([intent], s) == []


@pytest.mark.parametrize("text", ["I cast cure wounds on Greta", "I drink my waterskin", "I attack Greta"])
def test_other_deeds_are_left_as_they_were_parsed(text: str) -> None:
    s = scene(**{"class": "cleric", "abilities": ["cure wounds"]})
    assert all(i.method != "healing" for i in extract(text, s))


async def test_in_play_a_clerics_heal_restores_hit_points(tmp_path: Path) -> None:
    from bot.turn import TurnRunner

    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    try:
        game = Game(store)
        channel = ChannelRef("g", "heal")
        await game.start(channel, "tavern")
        await game.join(channel, "p1", "Ilsa", "cleric")
        runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda: random.Random(5))
        await runner.run(channel, "p1", "I attack Greta")
        hurt = (await game.table(channel)).state.npcs["Greta"].hp
        result = await runner.run(channel, "p1", "I heal Greta")
        assert [s.action_type for s in result.outcome.steps] == ["cast"]
        assert hurt < 12  # (this seed hits)
        assert (await game.table(channel)).state.npcs["Greta"].hp > hurt
    finally:
        await store.close()
