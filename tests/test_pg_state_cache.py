"""The PostgreSQL store does not send a channel's state again when the process already holds it
at the current version, yet every read shows every committed write, and no turn commits on a
state another process (or a hand edit) has changed since.

Two stores on one database stand for two bot processes."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store.base import ChannelRef, TurnRecord, VersionConflict
from bot.store.pg_state_cache import CachedState, StateCache
from bot.store.postgres import PostgresStore
from bot.world.campaign import Campaign
from bot.world.effects import AdjustGold, Holder, TransferItem
from bot.turn import TurnRunner
from bot.world.state import (
    CharacterState, FeatureState, NPCState, PlaceState, WorldState, new_character, new_state,
)
from pg_cluster import PGCluster, pg_cluster  # noqa: F401  (fixture)

HERE = ChannelRef("guild", "channel")


@pytest.fixture
async def url(pg_cluster: PGCluster) -> str:  # noqa: F811
    return await pg_cluster.new_database("cache")


@pytest.fixture
async def two(url: str) -> AsyncIterator[tuple[PostgresStore, PostgresStore]]:
    a, b = PostgresStore(url), PostgresStore(url)
    await a.open()
    await b.open()
    try:
        yield a, b
    finally:
        await a.close()
        await b.close()


async def _started(store: PostgresStore, tavern: Campaign) -> int:
    record = await store.start_campaign(HERE, tavern)
    await store.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))
    return record.id


@pytest.fixture
async def played(two: tuple[PostgresStore, PostgresStore], tavern: Campaign) -> tuple[PostgresStore, PostgresStore, int]:
    """Two processes on one campaign, in which the first has just committed a turn."""
    a, b = two
    campaign_id = await _started(a, tavern)
    await _buy_ale(a)
    return a, b, campaign_id


def _turn(campaign_id: int) -> TurnRecord:
    return TurnRecord(campaign_id=campaign_id, player_id="p1", input="I buy an ale", narration="Greta pours.")


async def _buy_ale(store: PostgresStore) -> int:
    found = await store.active_state(HERE)
    assert found is not None
    record, state = found
    result = await store.commit_turn(
        record.id, state.version, [AdjustGold("p1", -1), TransferItem("ale", Holder("shop"), Holder("player", "p1"))],
        _turn(record.id), [],
    )
    return result.version


async def test_a_turn_after_a_commit_is_not_sent_the_state_again(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, _, _ = played
    version = await _buy_ale(a)
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None
    _, state = found
    assert a._cache.hits == hits + 1  # the database answered "current": the rows came from memory
    assert state.version == version
    assert state.characters["p1"].inventory.count("ale") == 2
    assert state.characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 2


async def test_what_another_process_commits_is_what_the_very_next_read_shows(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, campaign_id = played
    await _buy_ale(a)  # a now remembers its own commit
    version = await _buy_ale(b)
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None
    assert found[1].version == version and found[1].characters["p1"].inventory.count("ale") == 3
    assert a._cache.hits == hits  # the state was sent again
    assert (await a.load_state(campaign_id)) == found[1]


async def test_a_turn_decided_before_another_process_committed_cannot_commit(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, _ = played
    stale = await a.active_state(HERE)
    assert stale is not None
    record, state = stale
    await _buy_ale(b)  # while a's turn is being narrated
    with pytest.raises(VersionConflict):
        await a.commit_turn(record.id, state.version, [AdjustGold("p1", -5)], _turn(record.id), [])
    # the refused turn is re-run on what the database holds: both purchases, no -5
    fresh = await a.active_state(HERE)
    assert fresh is not None
    assert fresh[1].version == state.version + 1
    assert fresh[1].characters["p1"].inventory.count("ale") == 2
    assert fresh[1].characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 2


async def test_a_hand_edit_shows_at_once_and_a_turn_decided_before_it_cannot_commit(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign, url: str
) -> None:
    a, _, _ = played
    record, state = (await a.active_state(HERE)) or (None, None)
    assert record is not None and state is not None
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE characters SET gold = 500 WHERE player_id = 'p1'")
    finally:
        await conn.close()
    with pytest.raises(VersionConflict):
        await a.commit_turn(record.id, state.version, [AdjustGold("p1", -2)], _turn(record.id), [])
    found = await a.active_state(HERE)
    assert found is not None
    assert found[1].version == state.version + 1 and found[1].characters["p1"].gold == 500
    await _buy_ale(a)
    found = await a.active_state(HERE)
    assert found is not None and found[1].characters["p1"].gold == 499


async def test_the_stores_own_writes_move_the_version_once(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign, url: str
) -> None:
    """The hand-edit triggers leave a store's writes alone: a turn moves the version by one."""
    a, b, campaign_id = played
    version = await _buy_ale(a)
    await b.apply_admin(campaign_id, [AdjustGold("p1", 1)], "a coin")
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT version FROM campaigns WHERE id = $1", campaign_id) == version + 1
    finally:
        await conn.close()


async def test_a_game_master_change_elsewhere_shows_at_once(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, campaign_id = played
    await b.apply_admin(campaign_id, [AdjustGold("p1", 100)], "a gift")
    found = await a.active_state(HERE)
    assert found is not None
    assert found[1].characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 1 + 100
    await b.set_channel_model(HERE, "gemini-2.5-flash")  # no new version: the campaign row is always read
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None and found[0].model == "gemini-2.5-flash"
    assert a._cache.hits == hits + 1


async def test_an_ended_campaign_is_gone_and_a_new_one_in_the_channel_is_read_whole(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, _ = played
    remembered = a._cache.for_channel(HERE.guild_id, HERE.channel_id)
    assert remembered is not None
    await b.end_campaign(HERE)
    assert await a.active_state(HERE) is None
    record = await b.start_campaign(HERE, tavern)
    for n in range(remembered.version):  # the new campaign reaches the version a remembers of the old
        await b.save_character(record.id, new_character(tavern, f"n{n}", f"New{n}", "rogue"))
    found = await a.active_state(HERE)
    assert found is not None and found[0].id == record.id and found[1].version == remembered.version
    assert set(found[1].characters) == {f"n{n}" for n in range(remembered.version)}


def _flags(*pairs: tuple[str, str]) -> WorldState:
    return WorldState(campaign="tavern", flags=dict(pairs))


def test_a_derived_state_keeps_row_order_as_the_tables_do() -> None:
    base = CachedState((1, "g", "c", "tavern", True, 4, None, None, 0.0), _flags(("a", "1"), ("b", "2"), ("c", "3")))
    turned = base.fresh()
    del turned.flags["a"], turned.flags["c"]
    turned.flags["d"] = "4"
    turned.flags["c"] = "3"  # dropped and put back within the turn: its row never moved
    turned.flags["b"] = "9"
    after = base.after(turned, 5)
    assert list(after.state.flags.items()) == [("b", "9"), ("c", "3"), ("d", "4")]
    assert after.version == 5 and after.state.version == 5


def test_a_state_handed_out_shares_nothing_with_the_remembered_one(tavern: Campaign) -> None:
    state = new_state(tavern)
    state.characters["p1"] = new_character(tavern, "p1", "Ann", "warrior")
    state.flags["seen"] = {"doors": ["cellar"]}
    entry = CachedState((1, "g", "c", "tavern", True, 0, None, None, 0.0), state)
    given = entry.fresh()
    assert given == entry.state
    given.characters["p1"].inventory.append("crown")
    next(iter(given.npcs.values())).trust["p1"] = 5
    next(p for p in given.places.values() if p.contents).contents.clear()
    given.flags["seen"]["doors"].append("vault")
    assert entry.fresh() == state and given != state
    assert "crown" not in entry.state.characters["p1"].inventory
    assert entry.state.flags["seen"] == {"doors": ["cellar"]}


def test_a_state_copy_copies_every_field() -> None:
    # a field added to a state class and left out of WorldState.copy would vanish on every turn
    assert [f.name for f in dataclasses.fields(WorldState)] == [
        "campaign", "campaign_id", "version", "characters", "npcs", "places", "features", "flags",
    ]
    assert [f.name for f in dataclasses.fields(CharacterState)] == [
        "player_id", "name", "char_class", "hp", "max_hp", "ac", "location", "gold", "inventory",
        "abilities", "spells", "attack_bonus", "active",
    ]
    assert [f.name for f in dataclasses.fields(NPCState)] == [
        "name", "location", "hp", "max_hp", "items", "disposition", "trust", "memory",
    ]
    assert [f.name for f in dataclasses.fields(PlaceState)] == ["name", "items", "contents", "creatures"]
    assert [f.name for f in dataclasses.fields(FeatureState)] == ["name", "locked", "open"]


def test_only_an_active_campaign_answers_for_its_channel() -> None:
    cache = StateCache(8)
    cache.remember(CachedState((1, "g", "c", "tavern", True, 4, None, None, 0.0), _flags()))
    cache.remember(CachedState((2, "g", "c", "tavern", False, 9, None, None, 0.0), _flags()))  # an old one, read by id
    found = cache.for_channel("g", "c")
    assert found is not None and found.id == 1


async def test_the_first_turn_after_starting_and_joining_is_not_sent_the_state(
    two: tuple[PostgresStore, PostgresStore], tavern: Campaign
) -> None:
    a, _ = two
    campaign_id = await _started(a, tavern)
    await a.save_character(campaign_id, new_character(tavern, "p2", "Bo", "rogue"))
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None and set(found[1].characters) == {"p1", "p2"}
    assert a._cache.hits == hits + 1


async def test_a_game_master_change_that_fails_leaves_nothing_remembered_at_its_version(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The change reads the state inside its transaction, at the version it has just taken; if the
    transaction rolls back, that version is another writer's to give, to other rows."""
    a, b, campaign_id = played

    async def broken(*_args: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(a, "_write_diff", broken)
    with pytest.raises(RuntimeError):
        await a.apply_admin(campaign_id, [AdjustGold("p1", 100)], "a gift that never arrives")
    monkeypatch.undo()
    await _buy_ale(b)  # takes the version the failed change had taken
    found = await a.active_state(HERE)
    assert found is not None
    assert found[1].characters["p1"].inventory.count("ale") == 2
    assert found[1].characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 2


# A turn's first attempt decides on the remembered state, with no round trip ---------------------


def _runner(store: PostgresStore) -> TurnRunner:
    return TurnRunner(Game(store), OfflineProvider(), rng_factory=lambda: random.Random(5))


async def test_a_turn_on_a_state_another_process_moved_on_is_run_again_on_the_new_one(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, campaign_id = played
    await _buy_ale(b)  # a still remembers the state before this
    remembered = await a.remembered_state(HERE)
    assert remembered is not None and remembered[1].characters["p1"].inventory.count("ale") == 1
    before = await b.load_state(campaign_id)
    result = await _runner(a).run(HERE, "p1", "I buy an ale from Greta")
    assert not result.blocked
    after = await b.load_state(campaign_id)
    assert after.version == before.version + 1  # committed once, on top of b's turn
    assert after.characters["p1"].inventory.count("ale") == 3  # neither purchase lost
    assert after.characters["p1"].gold == before.characters["p1"].gold - 1


async def test_a_player_who_joined_through_another_process_can_act_at_once(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, campaign_id = played
    await b.save_character(campaign_id, new_character(tavern, "p2", "Bo", "rogue"))
    result = await _runner(a).run(HERE, "p2", "I look around")
    assert not result.blocked and result.narration
    assert (await b.recent_turns(campaign_id, limit=1))[0].player_id == "p2"


async def test_a_campaign_restarted_through_another_process_takes_the_next_turn(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, old_id = played
    assert await a.remembered_state(HERE) is not None  # a remembers the old campaign
    record = await b.start_campaign(HERE, tavern)  # ends the old one
    await b.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))
    await _runner(a).run(HERE, "p1", "I look around")
    assert [t.campaign_id for t in await b.recent_turns(record.id, limit=5)] == [record.id]
    assert len(await b.recent_turns(old_id, limit=5)) == 1  # only the purchase of the fixture


async def test_a_model_chosen_for_the_channel_holds_from_the_next_turn(
    played: tuple[PostgresStore, PostgresStore, int]
) -> None:
    a, _, _ = played
    await a.set_channel_model(HERE, "hathor-7b")
    remembered = await a.remembered_state(HERE)
    assert remembered is not None and remembered[0].model == "hathor-7b"
