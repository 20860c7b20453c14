"""The turn pipeline end to end on a real SQLite file with the offline narrator: rules decide,
state persists, channels are isolated, and a turn is all or nothing."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.errors import BadInput, NoCampaign, NotJoined
from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner

TAVERN = ChannelRef("g1", "tavern-channel")
OTHER = ChannelRef("g1", "other-channel")


def seeded(seed: int = 1):
    master = random.Random(seed)
    return lambda: random.Random(master.randrange(1 << 62))


@pytest.fixture
async def table(tmp_path: Path):
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    game = Game(store)
    runner = TurnRunner(game, OfflineProvider(), rng_factory=seeded())
    await game.start(TAVERN, "tavern")
    await game.join(TAVERN, "p1", "Aldric", "warrior")
    yield game, runner
    await store.close()


async def me(game: Game, channel: ChannelRef = TAVERN, player: str = "p1"):
    return (await game.table(channel)).character(player)


async def test_walking_to_an_exit_moves_the_character(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I walk to the Market Square")
    assert not result.blocked
    assert (await me(game)).location == "Market Square"
    assert "Market Square" in result.narration


async def test_walking_to_a_place_that_is_no_exit_is_blocked_without_a_model_call(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I walk to the castle")
    assert result.blocked and result.llm_calls == 0
    assert result.findings[0].finding.kind == "location"
    assert (await me(game)).location == "The Rusty Tankard"


async def test_buying_ale_costs_one_gold_and_adds_it_to_the_inventory(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I buy an ale from Greta")
    assert not result.blocked, result.narration
    aldric = await me(game)
    assert aldric.gold == 11
    assert any("ale" in i for i in aldric.inventory)
    assert "1" in result.narration or "one" in result.narration.lower()


async def test_buying_more_than_the_purse_holds_fails_and_changes_nothing(table) -> None:
    game, runner = table
    await game.gm_set_hp(TAVERN, "p1", 30)
    result = await runner.run(TAVERN, "p1", "I buy a room for the night")  # 5 gold
    assert (await me(game)).gold == 7
    for _ in range(2):
        await runner.run(TAVERN, "p1", "I buy a room for the night")
    aldric = await me(game)
    assert aldric.gold == 2  # the third room (5 gold) was refused
    assert result.outcome.steps[0].gold == 5


async def test_the_locked_cellar_door_needs_the_key(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I open the cellar door")
    assert result.blocked and result.findings[0].finding.kind == "environment"
    result = await runner.run(TAVERN, "p1", "I go down to the cellar")
    assert result.blocked
    assert (await me(game)).location == "The Rusty Tankard"

    await game.gm_give(TAVERN, "p1", "cellar key")
    result = await runner.run(TAVERN, "p1", "I unlock the cellar door with the cellar key")
    assert not result.blocked, result.narration
    table_ = await game.table(TAVERN)
    assert table_.state.feature("cellar door").locked is False
    result = await runner.run(TAVERN, "p1", "I go down to the cellar")
    assert not result.blocked
    assert (await me(game)).location == "Cellar"


async def test_an_attack_with_a_seeded_rng_is_repeatable_and_damages_the_guard(tmp_path: Path) -> None:
    outcomes = []
    for run in range(2):
        store = open_store(str(tmp_path / f"r{run}.db"))
        await store.open()
        game = Game(store)
        runner = TurnRunner(game, OfflineProvider(), rng_factory=seeded(42))
        await game.start(TAVERN, "tavern")
        await game.join(TAVERN, "p1", "Aldric", "warrior")
        steps = []
        for _ in range(4):
            result = await runner.run(TAVERN, "p1", "I attack the guard with my sword")
            step = result.outcome.steps[0]
            steps.append((step.success, step.roll, step.damage, step.hp_after))
        bram = (await game.table(TAVERN)).state.npc("Bram")
        outcomes.append((steps, bram.hp))
        await store.close()
    assert outcomes[0] == outcomes[1]
    steps, hp = outcomes[0]
    dealt = sum(d for ok, _, d, _ in steps if ok and d)
    assert hp == max(0, 20 - dealt)
    assert any(ok for ok, *_ in steps), "four swings at AC 15 with +4 should land at least once with this seed"


async def test_state_survives_closing_and_reopening_the_database(tmp_path: Path) -> None:
    path = str(tmp_path / "persist.db")
    store = open_store(path)
    await store.open()
    game = Game(store)
    runner = TurnRunner(game, OfflineProvider(), rng_factory=seeded())
    await game.start(TAVERN, "tavern")
    await game.join(TAVERN, "p1", "Aldric", "warrior")
    await runner.run(TAVERN, "p1", "I buy a stew from Greta")
    await runner.run(TAVERN, "p1", "I go to the market square")
    await store.close()

    store = open_store(path)
    await store.open()
    aldric = (await Game(store).table(TAVERN)).character("p1")
    assert aldric.location == "Market Square" and aldric.gold == 10
    assert any("stew" in i for i in aldric.inventory)
    await store.close()


async def test_two_channels_never_see_each_others_state(table) -> None:
    game, runner = table
    await game.start(OTHER, "tavern")
    await game.join(OTHER, "p1", "Aldric", "warrior")
    await runner.run(TAVERN, "p1", "I take the wooden stool")
    await runner.run(TAVERN, "p1", "I walk to the market square")
    here, there = await game.table(TAVERN), await game.table(OTHER)
    assert "wooden stool" in there.state.place("The Rusty Tankard").items
    assert "wooden stool" not in here.state.place("The Rusty Tankard").items
    assert there.character("p1").location == "The Rusty Tankard"


async def test_a_turn_that_raises_midway_leaves_no_partial_change(table, monkeypatch) -> None:
    game, runner = table
    before = await game.table(TAVERN)
    turns_before = len(await game.store.recent_turns(before.record.id, 100))

    async def broken(*args, **kwargs):
        raise RuntimeError("the model's server fell over mid-turn")

    monkeypatch.setattr(runner.provider, "complete", broken)
    with pytest.raises(RuntimeError):
        await runner.run(TAVERN, "p1", "I buy an ale from Greta")
    after = await game.table(TAVERN)
    assert after.state == before.state
    assert len(await game.store.recent_turns(after.record.id, 100)) == turns_before


async def test_fifty_concurrent_turns_in_one_channel_lose_no_update(table) -> None:
    game, runner = table
    await game.gm_set_hp(TAVERN, "p1", 30)
    players = [f"p{n}" for n in range(2, 12)]
    for n, pid in enumerate(players):
        await game.join(TAVERN, pid, f"Hero{n}", "rogue")  # 15 gold each
    texts = [(pid, "I buy an ale from Greta") for pid in players for _ in range(5)]
    results = await asyncio.gather(*(runner.run(TAVERN, pid, t) for pid, t in texts))
    assert len(results) == 50 and not any(r.blocked for r in results)
    table_ = await game.table(TAVERN)
    for pid in players:
        ch = table_.character(pid)
        assert ch.gold == 10
        assert sum(1 for i in ch.inventory if "ale" in i) == 5
    assert len(await game.store.recent_turns(table_.record.id, 100)) == 50


async def test_empty_and_overlong_input_is_refused_politely(table) -> None:
    game, runner = table
    with pytest.raises(BadInput):
        await runner.run(TAVERN, "p1", "   ")
    with pytest.raises(BadInput) as info:
        await runner.run(TAVERN, "p1", "I dance " * 200)
    assert "at most" in str(info.value)


async def test_a_player_without_a_character_or_a_channel_without_a_campaign_is_told(table) -> None:
    game, runner = table
    with pytest.raises(NotJoined):
        await runner.run(TAVERN, "stranger", "I order an ale")
    with pytest.raises(NoCampaign):
        await runner.run(ChannelRef("g9", "c9"), "p1", "I order an ale")


async def test_after_a_turn_prepare_indexes_the_scene_the_next_turn_will_check(table) -> None:
    from bot.guard import grounding

    game, runner = table
    await runner.run(TAVERN, "p1", "I buy an ale from Greta")  # the inventory changed: a new scene
    scene = (await game.table(TAVERN)).scene("p1")
    grounding._BY_CONTENT.pop(scene.content_key(), None)
    assert scene.content_key() not in grounding._BY_CONTENT
    spent = await runner.prepare(TAVERN)
    assert spent > 0
    assert scene.content_key() in grounding._BY_CONTENT  # the next turn's checks reuse it


async def test_prepare_on_a_channel_without_a_campaign_does_nothing(table) -> None:
    _, runner = table
    assert await runner.prepare(OTHER) == 0.0


async def test_buying_by_the_number_buys_that_many(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I buy 3 ales")
    assert not result.blocked and result.outcome.steps[0].success, result.narration
    aldric = await me(game)
    assert aldric.gold == 9 and sum("ale" in i for i in aldric.inventory) == 3
    await runner.run(TAVERN, "p1", "I order two ales from the barkeep")
    assert (await me(game)).gold == 7


async def test_walking_up_to_someone_or_something_in_the_room_is_a_few_steps_not_a_journey(table) -> None:
    game, runner = table
    for line, near in (("I walk up to the bar", "long oak bar"), ("I approach Greta", "Greta"),
                       ("I wander over to the dartboard", "dartboard")):
        result = await runner.run(TAVERN, "p1", line)
        step = result.outcome.steps[0]
        assert step.success and step.target == near and step.moved_to is None, (line, result.narration)
        assert near in result.narration
        assert (await me(game)).location == "The Rusty Tankard"
    far = await runner.run(TAVERN, "p1", "I walk to the castle")
    assert far.blocked  # still nowhere the scene has


async def test_with_one_way_out_going_back_up_takes_it(table) -> None:
    game, runner = table
    await game.gm_move(TAVERN, "p1", "Cellar")
    result = await runner.run(TAVERN, "p1", "I go back up")
    step = result.outcome.steps[0]
    assert step.target == "The Rusty Tankard" and "locked" in step.summary  # that way, but the door is shut
    await game.gm_move(TAVERN, "p1", "The Rusty Tankard")
    again = await runner.run(TAVERN, "p1", "I go back up")  # two ways out of the tavern: which?
    assert not again.outcome.steps or not again.outcome.steps[0].success or again.blocked
    assert (await me(game)).location == "The Rusty Tankard"


async def test_going_down_in_the_tavern_heads_for_the_cellar_and_down_in_the_cellar_goes_nowhere(table) -> None:
    game, runner = table
    for line in ("I go down", "I head downstairs"):
        result = await runner.run(TAVERN, "p1", line)
        assert "cellar door is locked" in result.narration.casefold(), (line, result.narration)
        assert result.blocked or not result.outcome.steps[0].success
    await game.gm_move(TAVERN, "p1", "Cellar")
    down = await runner.run(TAVERN, "p1", "I go down")
    assert down.blocked or not down.outcome.steps or down.outcome.steps[0].target != "The Rusty Tankard"
    up = await runner.run(TAVERN, "p1", "I go back up")
    assert up.outcome.steps and up.outcome.steps[0].target == "The Rusty Tankard"


async def test_a_rogue_may_lift_a_key_off_greta_on_a_good_roll_and_is_caught_on_a_bad_one(tmp_path) -> None:
    import random as _random

    from bot.game import Game
    from bot.llm.offline import OfflineProvider
    from bot.store import open_store
    from bot.store.base import ChannelRef

    outcomes = {}
    for seed in range(1, 12):
        store = open_store(str(tmp_path / f"steal{seed}.db"))
        await store.open()
        try:
            game = Game(store)
            runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda s=seed: _random.Random(s))
            channel = ChannelRef("g", f"c{seed}")
            await game.start(channel, "tavern")
            await game.join(channel, "p1", "Tam", "rogue")
            result = await runner.run(channel, "p1", "I steal the cellar key from Greta")
            table = await game.table(channel)
            has_key = "cellar key" in table.character("p1").inventory
            step = result.outcome.steps[0]
            assert has_key == step.success and step.roll is not None and result.attempts == 1
            assert not result.fallback, result.narration  # the decided theft is told as decided
            outcomes[step.success] = result.narration
            plain = await runner.run(channel, "p1", "I take the rag from Greta")
            assert "Greta's" in plain.narration and not plain.outcome.steps[0].success
        finally:
            await store.close()
    assert set(outcomes) == {True, False}, outcomes
    assert "unseen" in outcomes[True] and "catches your hand" in outcomes[False]


async def test_opening_a_crate_in_the_cellar_shows_what_it_holds(table) -> None:
    game, runner = table
    await game.gm_move(TAVERN, "p1", "Cellar")
    result = await runner.run(TAVERN, "p1", "I open the dusty crate")
    assert result.outcome.steps[0].success and "silver candlestick" in result.narration, result.narration
    assert not result.fallback


async def test_a_fixture_of_the_place_is_there_to_be_used(table) -> None:
    game, runner = table
    result = await runner.run(TAVERN, "p1", "I use the dartboard")
    step = result.outcome.steps[0]
    assert step.success and "dartboard" in result.narration and "don't have" not in result.narration, result.narration


async def test_a_plain_deed_with_no_template_is_told_back_in_the_second_person(table) -> None:
    game, runner = table
    hid = await runner.run(TAVERN, "p1", "I hide behind the bar")
    assert hid.narration == "You hide behind the bar.", hid.narration
    pinged = await runner.run(TAVERN, "p1", "I wave at @everyone")
    assert "@" not in pinged.narration


async def test_taking_a_fixture_says_it_is_fixed_in_place_not_that_nothing_is_there(table) -> None:
    # (terminal play: "I pick up the phone" at the payphone said "You find nothing like that to take")
    game, runner = table
    await runner.run(TAVERN, "p1", "I walk to the Market Square")
    result = await runner.run(TAVERN, "p1", "I pick up the well")
    assert not result.outcome.success
    assert "fixed in place" in result.narration or "part of the place" in result.narration
    assert "nothing" not in result.narration
    assert "well" not in " ".join((await me(game)).inventory)
