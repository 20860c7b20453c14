"""The PostgreSQL store answers a turn's read from the state it committed last, and still never
lets a turn commit on a state another process (or a hand edit) has changed since.

Two stores on one database stand for two bot processes; each has its own listening connection,
exactly as two processes would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.store.base import ChannelRef, TurnRecord, VersionConflict
from bot.store.pg_state_cache import CachedState, StateCache, fingerprint, fingerprint_sql
from bot.store.postgres import PostgresStore
from bot.store.statecodec import StateDiff
from bot.world.campaign import Campaign
from bot.world.effects import AdjustGold, Holder, TransferItem
from bot.world.state import new_character
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


async def _until(predicate: object, seconds: float = 5.0) -> None:
    """Wait for a notification to arrive (delivery is asynchronous): poll, give up after a while."""
    for _ in range(int(seconds / 0.01)):
        if await predicate():  # type: ignore[operator]
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition never held")


async def test_a_turn_after_a_commit_reads_no_rows_from_the_database(
    two: tuple[PostgresStore, PostgresStore], tavern: Campaign
) -> None:
    a, _ = two
    await _started(a, tavern)
    await a.active_state(HERE)  # the first read after joining goes to the database
    version = await _buy_ale(a)
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None
    _, state = found
    assert a._cache.hits == hits + 1
    assert state.version == version
    assert state.characters["p1"].inventory.count("ale") == 1
    assert state.characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 1


async def test_what_another_process_commits_is_what_the_next_read_shows(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, _ = played
    await _buy_ale(a)  # a now remembers its own commit
    version = await _buy_ale(b)

    async def a_sees_it() -> bool:
        found = await a.active_state(HERE)
        return found is not None and found[1].version == version

    await _until(a_sees_it)
    found = await a.active_state(HERE)
    assert found is not None
    assert found[1].characters["p1"].inventory.count("ale") == 3


async def test_a_process_that_missed_the_news_cannot_commit_on_the_old_state(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, _ = played
    a._cache.notified = lambda payload: None  # type: ignore[method-assign]  (a notification lost in flight)
    await _buy_ale(b)
    stale = await a.active_state(HERE)
    assert stale is not None
    record, state = stale
    with pytest.raises(VersionConflict):
        await a.commit_turn(record.id, state.version, [AdjustGold("p1", -5)], _turn(record.id), [])
    # the refused turn is re-run on what the database holds: both purchases, no -5
    fresh = await a.active_state(HERE)
    assert fresh is not None
    assert fresh[1].version == state.version + 1
    assert fresh[1].characters["p1"].inventory.count("ale") == 2
    assert fresh[1].characters["p1"].gold == new_character(tavern, "p1", "Ann", "warrior").gold - 2


async def test_a_hand_edit_is_caught_at_the_next_commit_and_then_read(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign, url: str
) -> None:
    a, _, _ = played
    conn = await asyncpg.connect(url)
    try:
        await conn.execute("UPDATE characters SET gold = 500 WHERE player_id = 'p1'")
    finally:
        await conn.close()
    record, state = (await a.active_state(HERE)) or (None, None)
    assert record is not None and state is not None
    with pytest.raises(VersionConflict, match="without a new version"):
        await a.commit_turn(record.id, state.version, [AdjustGold("p1", -2)], _turn(record.id), [])
    await _buy_ale(a)
    found = await a.active_state(HERE)
    assert found is not None and found[1].characters["p1"].gold == 499


async def test_a_game_master_change_elsewhere_is_not_hidden_by_the_remembered_state(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, campaign_id = played
    await b.apply_admin(campaign_id, [AdjustGold("p1", 100)], "a gift")

    async def a_sees_it() -> bool:
        found = await a.active_state(HERE)
        return found is not None and found[1].characters["p1"].gold == new_character(
            tavern, "p1", "Ann", "warrior").gold - 1 + 100

    await _until(a_sees_it)


async def test_an_ended_campaign_is_not_answered_from_memory(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign
) -> None:
    a, b, _ = played
    await b.end_campaign(HERE)

    async def a_sees_no_campaign() -> bool:
        return await a.active_state(HERE) is None

    await _until(a_sees_no_campaign)


async def test_without_its_listener_a_process_reads_every_state_from_the_database(
    played: tuple[PostgresStore, PostgresStore, int], tavern: Campaign, url: str
) -> None:
    a, b, _ = played
    listener = a._listener
    assert listener is not None
    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT pg_terminate_backend($1)", listener.get_server_pid())
    finally:
        await conn.close()

    async def a_knows_it_is_deaf() -> bool:
        return not a._cache.live

    await _until(a_knows_it_is_deaf)
    a._cache.notified = lambda payload: None  # type: ignore[method-assign]  (and hears nothing anyway)
    version = await _buy_ale(b)
    hits = a._cache.hits
    found = await a.active_state(HERE)
    assert found is not None and found[1].version == version  # read from the database
    assert a._cache.hits == hits


async def test_our_fingerprint_is_the_one_postgresql_computes(
    two: tuple[PostgresStore, PostgresStore], tavern: Campaign, url: str
) -> None:
    """Names with accents and quotes, a feature whose 'open' is unset, and flags: the canonical
    text is the same on both sides, so a state derived in memory commits."""
    a, _ = two
    campaign_id = await _started(a, tavern)
    odd = new_character(tavern, "p2", "Zoë \"the Quiet\" O'Hara", "rogue")
    await a.save_character(campaign_id, odd)
    for _ in range(3):
        await _buy_ale(a)
    assert a._derive
    conn = await asyncpg.connect(url)
    try:
        row = await conn.fetchrow("SELECT * FROM campaigns WHERE id = $1", campaign_id)
        assert row is not None
    finally:
        await conn.close()
    entry = a._cache.for_commit(campaign_id, row["version"])
    assert entry is not None  # derived after the last commit, not read back
    server = await a._fetchrow(f"SELECT {fingerprint_sql('$1')}", campaign_id)
    assert server is not None and server[0] == entry.fingerprint == fingerprint(entry.rows)


def test_a_derived_state_keeps_row_order_as_the_tables_do() -> None:
    base = CachedState(
        (1, "g", "c", "tavern", True, 4, None, None, 0.0),
        {"flags": [("a", "1"), ("b", "2"), ("c", "3")]},
        "",
    )
    after = base.after(StateDiff(upserts={"flags": [("b", "9"), ("d", "4")]}, deletes={"flags": ["a"]}), 5)
    assert after.rows["flags"] == [("b", "9"), ("c", "3"), ("d", "4")]
    assert after.version == 5
    assert after.fingerprint == fingerprint(after.rows)


def test_an_announced_newer_version_is_not_overwritten_by_an_older_read() -> None:
    cache = StateCache(8)
    cache.listening()
    old = CachedState((1, "g", "c", "tavern", True, 4, None, None, 0.0), {}, "")
    cache.notified("1:5")  # another process committed version 5 while our read of 4 was in flight
    cache.remember(old)
    assert cache.for_read(1) is None
    cache.notified("not a payload")  # ignored, logged
    cache.remember(CachedState((1, "g", "c", "tavern", True, 5, None, None, 0.0), {}, ""))
    found = cache.for_channel("g", "c")
    assert found is not None and found.version == 5


async def test_a_process_alone_announces_nothing_until_another_one_listens(url: str) -> None:
    a = PostgresStore(url)
    await a.open()
    try:
        assert not a._announce  # alone: its commits wake nobody
        b = PostgresStore(url)
        await b.open()
        try:
            assert b._announce  # a was listening when b started

            async def a_heard_hello() -> bool:
                await asyncio.sleep(0)
                return a._announce

            await _until(a_heard_hello)
        finally:
            await b.close()
    finally:
        await a.close()


async def test_the_first_turn_after_starting_and_joining_reads_nothing_from_the_database(
    two: tuple[PostgresStore, PostgresStore], tavern: Campaign
) -> None:
    a, _ = two
    for _ in range(5):  # (its own notification of the join may arrive while the join still runs)
        campaign_id = await _started(a, tavern)
        await a.save_character(campaign_id, new_character(tavern, "p2", "Bo", "rogue"))
        hits = a._cache.hits
        found = await a.active_state(HERE)
        assert found is not None and set(found[1].characters) == {"p1", "p2"}
        assert a._cache.hits == hits + 1
