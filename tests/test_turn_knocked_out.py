"""A player knocked to 0 HP (now that an NPC strikes back) may rest or talk, nothing else; before,
the turn refused everything, resting included, so a lone player stayed down for good."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner
from bot.world.effects import SetHP

TAVERN = ChannelRef("g1", "tavern-channel")


@pytest.fixture
async def knocked_out(tmp_path: Path):
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    game = Game(store)
    await game.start(TAVERN, "tavern")
    await game.join(TAVERN, "p1", "Aldric", "warrior")
    record = await store.active_campaign(TAVERN)
    await store.apply_admin(record.id, [SetHP("player", "p1", 0)], "knocked out for the test")
    yield game, TurnRunner(game, OfflineProvider())
    await store.close()


async def test_a_player_at_zero_hp_cannot_walk_off(knocked_out) -> None:
    game, runner = knocked_out
    result = await runner.run(TAVERN, "p1", "I walk to the Market Square")
    assert result.blocked and "rest" in result.narration
    assert (await game.table(TAVERN)).character("p1").location == "The Rusty Tankard"


async def test_a_player_at_zero_hp_may_rest_and_comes_round(knocked_out) -> None:
    game, runner = knocked_out
    result = await runner.run(TAVERN, "p1", "I rest")
    assert not result.blocked
    me = (await game.table(TAVERN)).character("p1")
    assert me.hp > 0 and not me.down


async def test_a_player_at_zero_hp_may_still_talk(knocked_out) -> None:
    game, runner = knocked_out
    result = await runner.run(TAVERN, "p1", "I ask Greta about the cellar")
    assert not result.blocked and "Greta" in result.narration
