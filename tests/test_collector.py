"""The cycle collector runs between turns (after the reply), so a turn does not pay its pause."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot import collector
from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner


@pytest.fixture
def collector_thresholds() -> Iterator[None]:
    """The process-wide collector settings as the bot sets them, restored afterwards."""
    saved, enabled = gc.get_threshold(), gc.isenabled()
    gc.enable()
    gc.set_threshold(*collector.THRESHOLDS)
    gc.collect()
    try:
        yield
    finally:
        gc.set_threshold(*saved)
        if not enabled:
            gc.disable()


def _allocate(n: int) -> list[list[int]]:
    return [[i] for i in range(n)]  # tracked containers that stay alive: the young count grows


def test_a_young_generation_past_a_quarter_full_is_collected_between_turns(collector_thresholds: None) -> None:
    kept = _allocate(collector.THRESHOLDS[0] // 4 + 500)
    assert gc.get_count()[0] >= collector.THRESHOLDS[0] // 4
    assert collector.collect_between_turns() == 0
    assert gc.get_count()[0] < 100  # the next turn starts with an empty young generation
    assert len(kept) > 0


def test_nothing_is_collected_when_nothing_is_due(collector_thresholds: None) -> None:
    before = gc.get_stats()[0]["collections"]
    assert collector.collect_between_turns() == -1
    assert gc.get_stats()[0]["collections"] == before


def test_the_middle_generation_is_collected_before_an_automatic_sweep_would_reach_it(
    collector_thresholds: None,
) -> None:
    for _ in range(collector.THRESHOLDS[1] - 1):
        gc.collect(0)  # each young collection adds one to the middle generation's count
    assert gc.get_count()[1] + 1 >= collector.THRESHOLDS[1]
    middle_before = gc.get_stats()[1]["collections"]
    assert collector.collect_between_turns() == 1
    assert gc.get_stats()[1]["collections"] == middle_before + 1
    assert gc.get_count()[1] == 0


def test_a_disabled_collector_is_left_alone(collector_thresholds: None) -> None:
    _kept = _allocate(collector.THRESHOLDS[0] // 2)
    gc.disable()
    try:
        assert collector.collect_between_turns() == -1
        assert gc.get_count()[0] >= collector.THRESHOLDS[0] // 4
    finally:
        gc.enable()


async def test_preparing_the_next_turn_empties_the_young_generation(tmp_path: Path,
                                                                    collector_thresholds: None) -> None:
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    try:
        game = Game(store)
        master = random.Random(3)
        runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda: random.Random(master.randrange(1 << 62)))
        channel = ChannelRef("g", "c")
        await game.start(channel, "tavern")
        await game.join(channel, "p1", "Aldric", "warrior")
        await runner.run(channel, "p1", "I look around the room")
        _kept = _allocate(collector.THRESHOLDS[0] // 3)  # as if the turn had left this much behind
        await runner.prepare(channel)  # what the bot does after posting the reply
        assert gc.get_count()[0] < collector.THRESHOLDS[0] // 4
    finally:
        await store.close()
