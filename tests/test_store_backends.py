"""The store's contract, proven on both backends from one parametrised fixture (``backend_url``):
a SQLite file and a database on a real, throw-away PostgreSQL server (``pg_cluster.py``).

Migrations (also when processes start at once), state round trips in creation order, atomic turns
(a failing effect, a crash, a killed process, a cancelled commit), version conflicts, proposals,
campaigns, the moderators' log and its claims, settings, and many concurrent writers on one channel.
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import textwrap
import time
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.store import (
    ChannelRef,
    NoActiveCampaign,
    SQLiteStore,
    Store,
    StoreError,
    TurnRecord,
    VersionConflict,
    ViolationRecord,
    open_store,
    sqlite_path,
)
from bot.store.pg_schema import MIGRATIONS as PG_MIGRATIONS
from bot.store.postgres import PostgresStore, redact
from bot.store.schema import MIGRATIONS, Migration
from bot.world.campaign import Campaign
from bot.world.effects import (
    AdjustGold,
    AdjustHP,
    AdjustTrust,
    EffectError,
    Holder,
    MoveCharacter,
    MoveNPC,
    Remember,
    SetFeature,
    SetFlag,
    TransferItem,
)
from bot.world.state import WorldState, new_character, new_state
from pg_cluster import PGCluster, backend_url, pg_cluster  # noqa: F401  (fixtures)

TAVERN = "The Rusty Tankard"
MARKET = "Market Square"
HERE = ChannelRef("guild-1", "chan-1")
THERE = ChannelRef("guild-1", "chan-2")
ELSEWHERE = ChannelRef("guild-2", "chan-9")


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite:")


def store_for(url: str, **kw: object) -> Store:
    if is_sqlite(url):
        return SQLiteStore(sqlite_path(url) or "", **kw)  # type: ignore[arg-type]
    return PostgresStore(url, **kw)  # type: ignore[arg-type]


async def scalar(url: str, sql: str) -> object:
    """One value straight from the database, past the store."""
    if is_sqlite(url):
        with sqlite3.connect(sqlite_path(url) or "") as db:
            return db.execute(sql).fetchone()[0]
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(sql)
    finally:
        await conn.close()


async def counts(url: str) -> tuple[int, int]:
    return int(await scalar(url, "SELECT COUNT(*) FROM turns")), int(await scalar(url, "SELECT COUNT(*) FROM violations"))  # type: ignore[arg-type]


@pytest.fixture
async def store(backend_url: str) -> AsyncIterator[Store]:  # noqa: F811
    s = open_store(backend_url)
    await s.open()
    yield s
    await s.close()


async def _table_with_player(store: Store, tavern: Campaign, channel: ChannelRef = HERE) -> int:
    record = await store.start_campaign(channel, tavern)
    await store.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))
    return record.id


def _turn(campaign_id: int, text: str = "I act", **kw: object) -> TurnRecord:
    return TurnRecord(campaign_id=campaign_id, player_id="p1", input=text, **kw)  # type: ignore[arg-type]


def _violation(**kw: object) -> ViolationRecord:
    base: dict[str, object] = dict(
        guild_id="guild-1", channel_id="chan-1", player_id="p1", model="m1", layer="post",
        kind="invented_item", severity="block", confidence=0.9, span="a laser", evidence="no laser",
        message="there is no laser here", action="retried",
    )
    base.update(kw)
    return ViolationRecord(**base)  # type: ignore[arg-type]


def _with_identity(state: WorldState, campaign_id: int, version: int) -> WorldState:
    state.campaign_id = campaign_id
    state.version = version
    return state


# migrations -------------------------------------------------------------------------------------


def test_both_backends_share_one_list_of_migrations() -> None:
    assert [(m.version, m.name) for m in PG_MIGRATIONS] == [(m.version, m.name) for m in MIGRATIONS]


async def test_open_migrates_to_the_current_version_and_the_schema_checks_clean(backend_url: str) -> None:  # noqa: F811
    async with open_store(backend_url) as s:
        assert await s.schema_version() == len(MIGRATIONS)
        assert await s.integrity_problems() == []
    assert await scalar(backend_url, "SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
    async with open_store(backend_url) as s:  # reopening applies nothing again
        assert await s.schema_version() == len(MIGRATIONS)
    assert await scalar(backend_url, "SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)


async def test_a_database_from_a_newer_release_is_refused(backend_url: str) -> None:  # noqa: F811
    future = Migration(len(MIGRATIONS) + 1, "test: future", ("CREATE TABLE future (x INTEGER)",))
    base = MIGRATIONS if is_sqlite(backend_url) else PG_MIGRATIONS
    async with store_for(backend_url, migrations=(*base, future)):
        pass
    with pytest.raises(StoreError, match="newer"):
        await open_store(backend_url).open()


async def test_a_failing_migration_leaves_the_database_at_the_previous_version(backend_url: str) -> None:  # noqa: F811
    broken = Migration(len(MIGRATIONS) + 1, "test: broken", ("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"))
    base = MIGRATIONS if is_sqlite(backend_url) else PG_MIGRATIONS
    with pytest.raises(StoreError):
        await store_for(backend_url, migrations=(*base, broken)).open()
    async with open_store(backend_url) as s:
        assert await s.schema_version() == len(MIGRATIONS)
    if is_sqlite(backend_url):
        exists = await scalar(backend_url, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'")
    else:
        exists = await scalar(backend_url, "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'half_done'")
    assert exists == 0


_OPEN_AT_ONCE = textwrap.dedent(
    """
    import asyncio, sys
    from bot.store import open_store

    async def main(url):
        store = open_store(url)
        await store.open()
        print(await store.schema_version())
        await store.close()

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_processes_starting_at_once_migrate_the_database_once(backend_url: str) -> None:  # noqa: F811
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable, "-c", _OPEN_AT_ONCE, backend_url,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        for _ in range(4)
    ]
    results = [await child.communicate() for child in children]
    assert [child.returncode for child in children] == [0] * 4, [err.decode()[-800:] for _, err in results]
    assert [out.decode().strip() for out, _ in results] == [str(len(MIGRATIONS))] * 4
    assert await scalar(backend_url, "SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)


# state round trips ------------------------------------------------------------------------------


async def test_a_turns_effects_persist_exactly_after_reopening(backend_url: str, tavern: Campaign) -> None:  # noqa: F811
    effects = [
        TransferItem("mug of ale", Holder("place", TAVERN), Holder("player", "p1")),
        MoveCharacter("p1", MARKET),
        AdjustGold("p1", -1),
        TransferItem("rope", Holder("shop"), Holder("player", "p1")),
        TransferItem("waterskin", Holder("player", "p1"), Holder("npc", "Tobin")),
        SetFeature("cellar door", locked=False, expect_locked=True),
        TransferItem("silver candlestick", Holder("container", "Cellar", "dusty crate"), Holder("player", "p1")),
        AdjustTrust("Tobin", "p1", 5),
        Remember("Tobin", "Ann bought a rope and gave me her waterskin — «merci»"),
        MoveNPC("Bram", MARKET),
        AdjustHP("npc", "Pip", -3),
        SetFlag("rope_bought", True),
        SetFlag("visits", 2),
    ]
    async with open_store(backend_url) as s:
        campaign_id = await _table_with_player(s, tavern)
        before = await s.load_state(campaign_id)
        expected = before.copy()
        for effect in effects:
            effect.apply(expected)
        result = await s.commit_turn(campaign_id, before.version, effects, _turn(campaign_id, "buy"), [])
        assert result.version == before.version + 1 and result.refused == []

    async with open_store(backend_url) as s:
        loaded = await s.load_state(campaign_id)
    assert loaded == _with_identity(expected, campaign_id, before.version + 1)
    # Creation order survives too: the scene lists places and NPCs in it.
    assert list(loaded.places) == list(expected.places) and list(loaded.npcs) == list(expected.npcs)
    ann = loaded.characters["p1"]
    assert (ann.location, ann.gold) == (MARKET, 11)
    assert ann.inventory == ["iron sword", "leather armor", "mug of ale", "rope", "silver candlestick"]
    assert loaded.npcs["Tobin"].trust == {"p1": 5}
    assert loaded.features["cellar door"].locked is False
    assert loaded.features["iron portcullis"].open is False and loaded.features["well"].open is None
    assert loaded.flags["rope_bought"] is True and loaded.flags["visits"] == 2


async def test_a_new_campaign_starts_from_the_campaign_file(store: Store, tavern: Campaign) -> None:
    record = await store.start_campaign(HERE, tavern)
    assert record.active and record.version == 0 and record.campaign == tavern.name
    assert await store.load_state(record.id) == _with_identity(new_state(tavern), record.id, 0)


async def test_the_active_campaign_and_its_state_are_read_together(store: Store, tavern: Campaign) -> None:
    assert await store.active_state(HERE) is None
    campaign_id = await _table_with_player(store, tavern)
    found = await store.active_state(HERE)
    assert found is not None
    record, state = found
    assert record == await store.active_campaign(HERE)
    assert state == await store.load_state(campaign_id) and record.version == state.version
    await store.commit_turn(campaign_id, state.version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    assert (await store.active_state(HERE))[1].characters["p1"].gold == 13  # type: ignore[index]
    await store.end_campaign(HERE)
    assert await store.active_state(HERE) is None


async def test_two_channels_never_see_each_others_state(store: Store, tavern: Campaign) -> None:
    here = await _table_with_player(store, tavern, HERE)
    there = await _table_with_player(store, tavern, THERE)
    elsewhere = await _table_with_player(store, tavern, ELSEWHERE)
    untouched = await store.load_state(there)
    state = await store.load_state(here)
    await store.commit_turn(
        here, state.version,
        [AdjustGold("p1", -5), TransferItem("mug of ale", Holder("place", TAVERN), Holder("player", "p1")),
         SetFeature("cellar door", locked=False), SetFlag("here_only", 1)],
        _turn(here), [],
    )
    await store.apply_admin(here, [MoveCharacter("p1", "Stables")], "gm move")
    assert await store.load_state(there) == untouched
    other = await store.load_state(elsewhere)
    assert other.characters["p1"].gold == 12 and "mug of ale" in other.places[TAVERN].items
    assert other.features["cellar door"].locked is True and "here_only" not in other.flags
    mine = await store.load_state(here)
    assert mine.characters["p1"].gold == 7 and mine.characters["p1"].location == "Stables"


async def test_joining_and_leaving_replace_the_character_and_move_the_version(store: Store, tavern: Campaign) -> None:
    record = await store.start_campaign(HERE, tavern)
    ann = new_character(tavern, "p1", "Ann", "rogue")
    await store.save_character(record.id, ann)
    ann.active = False
    await store.save_character(record.id, ann)
    state = await store.load_state(record.id)
    assert state.version == 2 and state.characters == {"p1": ann}


# atomic turns -----------------------------------------------------------------------------------


async def _snapshot(store: Store, url: str, campaign_id: int) -> tuple[WorldState, tuple[int, int]]:
    return await store.load_state(campaign_id), await counts(url)


async def test_a_failing_effect_rolls_back_the_whole_turn(store: Store, backend_url: str, tavern: Campaign) -> None:  # noqa: F811
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, backend_url, campaign_id)
    version = before[0].version
    with pytest.raises(EffectError, match="no longer"):
        await store.commit_turn(
            campaign_id, version,
            [AdjustGold("p1", -2), TransferItem("golden harp", Holder("place", TAVERN), Holder("player", "p1"))],
            _turn(campaign_id), [_violation()],
        )
    assert await _snapshot(store, backend_url, campaign_id) == before
    result = await store.commit_turn(campaign_id, version, [AdjustGold("p1", -2)], _turn(campaign_id), [])
    assert result.version == version + 1
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 10


async def test_a_crash_encoding_the_turn_row_rolls_back_the_state(store: Store, backend_url: str, tavern: Campaign) -> None:  # noqa: F811
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, backend_url, campaign_id)

    class Unserialisable:
        def __str__(self) -> str:
            raise RuntimeError("cannot encode")

    with pytest.raises(RuntimeError, match="cannot encode"):
        await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 5)],
                                _turn(campaign_id, outcome={"bad": Unserialisable()}), [])
    assert await _snapshot(store, backend_url, campaign_id) == before


class CommitProbe:
    """Stops -- or breaks -- a turn's commit after its rows are written and before it commits.

    SQLite writes a turn through ``_write_rows`` on the open transaction: the probe wraps it.
    PostgreSQL writes a turn in one statement; the probe is a trigger on ``characters`` that runs
    after the statement's writes, inside its transaction, and either waits for an advisory lock
    the test holds or raises."""

    PAUSE_KEY = 424242

    def __init__(self, store: Store, url: str, monkeypatch: pytest.MonkeyPatch) -> None:
        self.store, self.url, self.monkeypatch = store, url, monkeypatch
        self.written, self.release_event = asyncio.Event(), asyncio.Event()
        self.admin: asyncpg.Connection | None = None

    @property
    def sqlite(self) -> bool:
        return isinstance(self.store, SQLiteStore)

    async def _trigger(self, body: str) -> None:
        self.admin = self.admin or await asyncpg.connect(self.url)
        await self.admin.execute(
            "CREATE OR REPLACE FUNCTION test_probe() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN {body} RETURN NULL; END $$"
        )
        await self.admin.execute("DROP TRIGGER IF EXISTS test_probe ON characters")
        await self.admin.execute(
            "CREATE TRIGGER test_probe AFTER INSERT OR UPDATE ON characters FOR EACH ROW EXECUTE FUNCTION test_probe()"
        )

    async def pause(self) -> None:
        if self.sqlite:
            original = SQLiteStore._write_rows
            probe = self

            async def pause_after_writing(self_, db, spec, cid, rows):  # type: ignore[no-untyped-def]
                await original(self_, db, spec, cid, rows)
                probe.written.set()
                await probe.release_event.wait()

            self.monkeypatch.setattr(SQLiteStore, "_write_rows", pause_after_writing)
        else:
            await self._trigger(f"PERFORM pg_advisory_lock({self.PAUSE_KEY}); PERFORM pg_advisory_unlock({self.PAUSE_KEY});")
            assert self.admin is not None
            await self.admin.execute(f"SELECT pg_advisory_lock({self.PAUSE_KEY})")

    async def wait_paused(self) -> int | None:
        """Until the commit is held in the probe; PostgreSQL: the backend's pid."""
        if self.sqlite:
            await asyncio.wait_for(self.written.wait(), timeout=30)
            return None
        assert self.admin is not None
        for _ in range(1500):
            pid = await self.admin.fetchval(
                "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid = $1",
                self.PAUSE_KEY,
            )
            if pid:
                return int(pid)
            await asyncio.sleep(0.02)
        raise AssertionError("the commit never reached the probe")

    async def release(self) -> None:
        if self.sqlite:
            self.release_event.set()
        elif self.admin is not None:
            await self.admin.execute(f"SELECT pg_advisory_unlock({self.PAUSE_KEY})")

    async def break_next(self) -> None:
        if self.sqlite:
            original = SQLiteStore._write_rows
            calls = 0

            async def crash_on_second_table(self_, db, spec, cid, rows):  # type: ignore[no-untyped-def]
                nonlocal calls
                calls += 1
                if calls == 2:
                    raise RuntimeError("disk on fire")
                await original(self_, db, spec, cid, rows)

            self.monkeypatch.setattr(SQLiteStore, "_write_rows", crash_on_second_table)
        else:
            await self._trigger("RAISE EXCEPTION 'disk on fire';")

    async def close(self) -> None:
        self.monkeypatch.undo()
        if self.admin is not None:
            await self.admin.execute("DROP TRIGGER IF EXISTS test_probe ON characters")
            await self.admin.execute("SELECT pg_advisory_unlock_all()")
            await self.admin.close()
            self.admin = None


@pytest.fixture
async def probe(store: Store, backend_url: str, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[CommitProbe]:  # noqa: F811
    p = CommitProbe(store, backend_url, monkeypatch)
    yield p
    await p.close()


async def test_a_crash_between_row_writes_rolls_back_everything(
    store: Store, backend_url: str, tavern: Campaign, probe: CommitProbe  # noqa: F811
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, backend_url, campaign_id)
    await probe.break_next()
    with pytest.raises((RuntimeError, StoreError), match="disk on fire"):
        await store.commit_turn(
            campaign_id, before[0].version,
            [AdjustGold("p1", -2), TransferItem("waterskin", Holder("player", "p1"), Holder("npc", "Greta"))],
            _turn(campaign_id), [_violation()],
        )
    assert await _snapshot(store, backend_url, campaign_id) == before
    await probe.close()
    await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 13


async def test_readers_never_see_a_turn_half_way_through_its_commit(store: Store, tavern: Campaign, probe: CommitProbe) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await store.load_state(campaign_id)
    await probe.pause()
    commit = asyncio.create_task(
        store.commit_turn(campaign_id, before.version, [AdjustGold("p1", 50)], _turn(campaign_id), [])
    )
    await probe.wait_paused()
    assert await store.load_state(campaign_id) == before
    assert await store.recent_turns(campaign_id) == []
    await probe.release()
    await commit
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 62


async def test_a_commit_cancelled_half_way_is_rolled_back(
    store: Store, backend_url: str, tavern: Campaign, probe: CommitProbe  # noqa: F811
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, backend_url, campaign_id)
    await probe.pause()
    commit = asyncio.create_task(
        store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 50)], _turn(campaign_id), [])
    )
    await probe.wait_paused()
    commit.cancel()
    with pytest.raises(asyncio.CancelledError):
        await commit
    await probe.close()
    assert await _snapshot(store, backend_url, campaign_id) == before
    await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 13


_COMMIT_IN_A_CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.store import SQLiteStore, open_store
    from bot.store.base import TurnRecord
    from bot.world.effects import AdjustGold, Holder, TransferItem

    async def main(url, campaign_id, version):
        store = open_store(url)
        await store.open()
        if isinstance(store, SQLiteStore):
            original = SQLiteStore._write_rows

            async def die_after_writing(self, *args):
                await original(self, *args)
                os._exit(17)  # the process dies with the transaction open

            SQLiteStore._write_rows = die_after_writing
        await store.commit_turn(
            campaign_id, version,
            [AdjustGold("p1", 100), TransferItem("rope", Holder("shop"), Holder("player", "p1"))],
            TurnRecord(campaign_id=campaign_id, player_id="p1", input="x"), [],
        )

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
    """
)


async def test_a_process_killed_mid_commit_leaves_the_state_as_before(
    store: Store, backend_url: str, tavern: Campaign, probe: CommitProbe  # noqa: F811
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, backend_url, campaign_id)
    if not probe.sqlite:
        await probe.pause()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _COMMIT_IN_A_CHILD, backend_url, str(campaign_id), str(before[0].version)
    )
    if probe.sqlite:
        assert await child.wait() == 17
    else:
        # The child's whole commit is one statement, held in the probe with its rows written:
        # the process is killed, and the database connection it had is ended with it.
        backend = await probe.wait_paused()
        child.kill()
        await child.wait()
        assert probe.admin is not None
        assert await probe.admin.fetchval("SELECT pg_terminate_backend($1)", backend)
        await probe.close()
    assert await _snapshot(store, backend_url, campaign_id) == before
    # The dead process's locks went with it: the same version still commits.
    result = await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    assert result.version == before[0].version + 1


async def test_a_state_changed_behind_the_stores_back_is_a_conflict_not_an_overwrite(
    store: Store, backend_url: str, tavern: Campaign  # noqa: F811
) -> None:
    """Someone edits a row by hand without moving the version: a turn decided before the edit must
    not commit over it (SQLite re-reads inside its transaction; in PostgreSQL the edit moves the
    version, through triggers that leave the store's own writes alone)."""
    campaign_id = await _table_with_player(store, tavern)
    state = await store.load_state(campaign_id)
    if is_sqlite(backend_url):
        with sqlite3.connect(sqlite_path(backend_url) or "") as db:
            db.execute("UPDATE characters SET gold = 500 WHERE player_id = 'p1'")
    else:
        conn = await asyncpg.connect(backend_url)
        try:
            await conn.execute("UPDATE characters SET gold = 500 WHERE player_id = 'p1'")
        finally:
            await conn.close()
    if is_sqlite(backend_url):  # SQLite applies the turn to what is there now
        await store.commit_turn(campaign_id, state.version, [AdjustGold("p1", -2)], _turn(campaign_id), [])
        assert (await store.load_state(campaign_id)).characters["p1"].gold == 498
    else:  # PostgreSQL refuses; the turn re-runs on the state as it is now
        with pytest.raises(VersionConflict):
            await store.commit_turn(campaign_id, state.version, [AdjustGold("p1", -2)], _turn(campaign_id), [])
        fresh = await store.load_state(campaign_id)
        await store.commit_turn(campaign_id, fresh.version, [AdjustGold("p1", -2)], _turn(campaign_id), [])
        assert (await store.load_state(campaign_id)).characters["p1"].gold == 498


async def test_a_stale_version_raises_version_conflict_and_writes_nothing(
    store: Store, backend_url: str, tavern: Campaign  # noqa: F811
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    stale = (await store.load_state(campaign_id)).version
    await store.apply_admin(campaign_id, [AdjustGold("p1", 1)], "gm gives a coin")
    before = await _snapshot(store, backend_url, campaign_id)
    with pytest.raises(VersionConflict):
        await store.commit_turn(campaign_id, stale, [AdjustGold("p1", 5)], _turn(campaign_id), [_violation()])
    assert await _snapshot(store, backend_url, campaign_id) == before


async def test_a_failing_proposal_group_is_refused_while_the_turn_and_other_groups_commit(
    store: Store, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    state = await store.load_state(campaign_id)
    proposals = [
        [AdjustGold("p1", -2), TransferItem("torch", Holder("shop"), Holder("player", "p1"))],
        [AdjustGold("p1", -1), TransferItem("golden harp", Holder("npc", "Greta"), Holder("player", "p1"))],
        [TransferItem("cellar key", Holder("npc", "Greta"), Holder("player", "p1"))],
    ]
    result = await store.commit_turn(
        campaign_id, state.version, [MoveCharacter("p1", MARKET)], _turn(campaign_id), [], proposals
    )
    assert [index for index, _ in result.refused] == [1] and "golden harp" in result.refused[0][1]
    after = await store.load_state(campaign_id)
    ann = after.characters["p1"]
    assert ann.location == MARKET and ann.gold == 10
    assert ann.inventory[-2:] == ["torch", "cellar key"]
    assert "cellar key" not in after.npcs["Greta"].items


async def test_the_turn_row_records_its_version_and_its_violations(store: Store, tavern: Campaign) -> None:
    campaign_id = await _table_with_player(store, tavern)
    state = await store.load_state(campaign_id)
    turn = _turn(
        campaign_id, "I draw my laser",
        intents=[{"verb": "attack", "item": "laser"}], outcome={"blocked": False, "effects": []},
        narration="Ann draws her sword.", findings=[{"kind": "invented_item", "severity": "block", "action": "retried"}],
        model="m1", attempts=2, latency_ms=12.5, llm_calls=2,
    )
    result = await store.commit_turn(
        campaign_id, state.version, [], turn, [_violation(guild_id="", channel_id="", model="")]
    )
    [stored] = await store.recent_turns(campaign_id)
    assert stored.id == result.turn_id and stored.version == result.version == state.version + 1
    assert (stored.input, stored.intents, stored.outcome, stored.narration, stored.findings) == (
        turn.input, turn.intents, turn.outcome, turn.narration, turn.findings
    )
    assert (stored.model, stored.attempts, stored.latency_ms, stored.llm_calls, stored.fallback) == ("m1", 2, 12.5, 2, False)
    [violation] = await store.recent_violations()
    assert violation.turn_id == result.turn_id and violation.campaign_id == campaign_id
    assert (violation.guild_id, violation.channel_id, violation.model, violation.posted) == ("guild-1", "chan-1", "m1", False)


# campaigns --------------------------------------------------------------------------------------


async def test_starting_a_campaign_ends_the_active_one_and_keeps_it(store: Store, tavern: Campaign) -> None:
    first = await store.start_campaign(HERE, tavern, gm_role_id="role-1")
    await store.set_channel_model(HERE, "gpt-test")
    second = await store.start_campaign(HERE, tavern)
    active = await store.active_campaign(HERE)
    assert active is not None and active.id == second.id
    assert (active.model, active.gm_role_id) == ("gpt-test", "role-1")
    assert [c.id for c in await store.list_campaigns()] == [second.id]
    history = await store.list_campaigns(active_only=False)
    assert [(c.id, c.active) for c in history] == [(first.id, False), (second.id, True)]
    with pytest.raises(NoActiveCampaign):
        await store.commit_turn(first.id, first.version, [], _turn(first.id), [])
    assert await store.end_campaign(HERE) is True
    assert await store.end_campaign(HERE) is False
    assert await store.active_campaign(HERE) is None
    with pytest.raises(NoActiveCampaign):
        await store.set_channel_model(HERE, "other")
    with pytest.raises(NoActiveCampaign):
        await store.load_state(10_000)


async def test_a_game_masters_change_bumps_the_version_and_is_noted_outside_the_turn_log(
    store: Store, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    version = (await store.load_state(campaign_id)).version
    new_version = await store.apply_admin(campaign_id, [TransferItem("rope", Holder("shop"), Holder("player", "p1"))], "gm give rope")
    assert new_version == version + 1
    assert "rope" in (await store.load_state(campaign_id)).characters["p1"].inventory
    assert await store.recent_turns(campaign_id) == []
    [change] = await store.admin_changes(campaign_id)
    assert change["note"] == "gm give rope" and change["version"] == new_version
    with pytest.raises(EffectError):
        await store.apply_admin(campaign_id, [AdjustGold("p1", 5), AdjustGold("p1", -1000)], "too much")
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 12
    assert len(await store.admin_changes(campaign_id)) == 1


# moderation -------------------------------------------------------------------------------------


async def test_stats_count_turns_findings_retries_fallbacks_and_kinds(store: Store, tavern: Campaign) -> None:
    here = await _table_with_player(store, tavern, HERE)
    other_guild = await _table_with_player(store, tavern, ELSEWHERE)
    block_retried = {"kind": "invented_item", "severity": "block", "action": "retried"}
    block_shipped = {"kind": "absent_npc", "severity": "block", "action": "allowed"}
    turns = [
        (here, dict(model="m1", attempts=1), []),
        (here, dict(model="m1", attempts=3, findings=[block_retried, block_retried]), [_violation(), _violation()]),
        (here, dict(model="m1", attempts=2, fallback=True, findings=[block_retried]), [_violation(kind="physics")]),
        (here, dict(model="m2", attempts=0, blocked=True, findings=[{"kind": "no_item", "severity": "block", "action": "blocked"}]),
         [_violation(kind="no_item", layer="pre", action="blocked", model="m2")]),
        (here, dict(model="m2", attempts=1, findings=[block_shipped]), [_violation(kind="absent_npc", model="m2", action="allowed")]),
        (other_guild, dict(model="m1", attempts=2, findings=[block_retried]), [_violation(guild_id="guild-2")]),
        (here, dict(model="m1", attempts=5, created_at=time.time() - 30 * 86400), [_violation(created_at=time.time() - 30 * 86400)]),
    ]
    for campaign_id, fields, violations in turns:
        state = await store.load_state(campaign_id)
        await store.commit_turn(campaign_id, state.version, [], _turn(campaign_id, **fields), violations)
    stats = await store.stats("guild-1", days=7)
    assert (stats.days, stats.turns, stats.turns_with_findings, stats.shipped_clean) == (7, 5, 4, 4)
    assert (stats.retries, stats.fallbacks, stats.blocked_actions) == (3, 1, 1)
    assert stats.per_model == {
        "m1": {"turns": 3, "findings": 3, "fallbacks": 1, "retries": 3},
        "m2": {"turns": 2, "findings": 2, "fallbacks": 0, "retries": 0},
    }
    assert stats.per_kind == {"invented_item": 2, "physics": 1, "no_item": 1, "absent_npc": 1}
    everywhere = await store.stats(None, days=7)
    assert everywhere.turns == 6 and everywhere.retries == 4 and everywhere.per_kind["invented_item"] == 3
    assert (await store.stats("guild-1", days=60)).turns == 6


async def test_recent_violations_are_newest_first_filtered_and_paged(store: Store) -> None:
    now = time.time()
    await store.record_violations([
        _violation(kind="invented_item", model="m1", created_at=now - 50, span="v0"),
        _violation(kind="physics", model="m1", created_at=now - 40, span="v1"),
        _violation(kind="invented_item", model="m2", created_at=now - 30, span="v2"),
        _violation(kind="invented_item", model="m1", created_at=now - 20, span="v3", guild_id="guild-2"),
        _violation(kind="world_rule", model="m2", created_at=now - 10, span="v4"),
    ])
    spans = lambda vs: [v.span for v in vs]  # noqa: E731
    assert spans(await store.recent_violations()) == ["v4", "v3", "v2", "v1", "v0"]
    assert spans(await store.recent_violations(guild_id="guild-1")) == ["v4", "v2", "v1", "v0"]
    assert spans(await store.recent_violations(kind="invented_item")) == ["v3", "v2", "v0"]
    assert spans(await store.recent_violations(guild_id="guild-1", kind="invented_item", model="m1")) == ["v0"]
    assert spans(await store.recent_violations(limit=2, offset=2)) == ["v2", "v1"]


async def test_unposted_violations_are_oldest_first_per_guild_until_marked_posted(store: Store) -> None:
    await store.record_violations([_violation(span=f"v{i}", guild_id=f"guild-{i % 2}") for i in range(6)])
    assert [v.span for v in await store.unposted_violations(limit=3)] == ["v0", "v1", "v2"]
    assert [v.span for v in await store.unposted_violations(guild_ids=["guild-1"])] == ["v1", "v3", "v5"]
    assert await store.unposted_violations(guild_ids=[]) == []
    batch = await store.unposted_violations(limit=3)
    await store.mark_posted([v.id for v in batch if v.id is not None])
    assert [v.span for v in await store.unposted_violations()] == ["v3", "v4", "v5"]
    assert all(v.posted for v in await store.recent_violations() if v.span in {"v0", "v1", "v2"})


async def test_two_processes_claiming_findings_at_once_never_get_the_same_one(backend_url: str) -> None:  # noqa: F811
    async with open_store(backend_url) as first, open_store(backend_url) as second:
        await first.record_violations([_violation(span=f"v{i}") for i in range(60)])
        rounds = await asyncio.gather(*(
            (first if i % 2 else second).claim_unposted(f"process-{i % 2}", limit=7) for i in range(12)
        ))
        claimed = [v.id for batch in rounds for v in batch]
        assert len(claimed) == len(set(claimed)) == 60
        assert await first.claim_unposted("process-0") == []  # everything is claimed and fresh
        # A claim given back is taken again; a claim whose lease ran out is taken over.
        await first.release_claims(claimed[:5])
        assert sorted(v.id for v in await second.claim_unposted("process-1", limit=50)) == sorted(claimed[:5])
        stale = await first.claim_unposted("process-0", limit=3, lease_seconds=0.0)
        assert len(stale) == 3
        # Posted findings leave the backlog whoever holds their claim.
        await second.mark_posted(claimed)
        assert await first.unposted_violations() == []
        assert await first.claim_unposted("process-0", lease_seconds=0.0) == []


async def test_claims_are_limited_to_the_guilds_a_process_serves(store: Store) -> None:
    await store.record_violations([_violation(span=f"v{i}", guild_id=f"guild-{i % 3}") for i in range(9)])
    mine = await store.claim_unposted("p", guild_ids=["guild-0", "guild-2"])
    assert [v.span for v in mine] == ["v0", "v2", "v3", "v5", "v6", "v8"]
    assert [v.span for v in await store.claim_unposted("q")] == ["v1", "v4", "v7"]
    assert await store.claim_unposted("r", guild_ids=[]) == []


async def test_modlog_and_settings_round_trip(store: Store) -> None:
    assert await store.get_modlog("guild-1") is None
    await store.set_modlog("guild-1", "mod-chan")
    await store.set_modlog("guild-1", "mod-chan-2")
    assert await store.get_modlog("guild-1") == "mod-chan-2"
    await store.set_modlog("guild-1", None)
    assert await store.get_modlog("guild-1") is None
    await store.set_setting("limits", {"turns_per_minute": 6, "models": ["a", "b"]})
    assert await store.get_setting("limits") == {"turns_per_minute": 6, "models": ["a", "b"]}
    await store.set_setting("limits", None)
    assert await store.get_setting("limits") is None


# many writers -----------------------------------------------------------------------------------


async def _commit_with_retry(store: Store, campaign_id: int, i: int) -> int:
    conflicts = 0
    while True:
        state = await store.load_state(campaign_id)
        effects = [AdjustGold("p1", 2), TransferItem(f"gem {i}", Holder("shop"), Holder("player", "p1"))]
        try:
            await store.commit_turn(campaign_id, state.version, effects, _turn(campaign_id, f"turn {i}"), [])
            return conflicts
        except VersionConflict:
            conflicts += 1


async def test_two_stores_on_one_database_serialise_turns_and_gm_changes(backend_url: str, tavern: Campaign) -> None:  # noqa: F811
    """Two stores (two connection pools), as two bot processes hold them."""
    async with open_store(backend_url) as first, open_store(backend_url) as second:
        record = await first.start_campaign(HERE, tavern)
        await first.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))
        await second.save_character(record.id, new_character(tavern, "p2", "Bo", "mage"))
        start = (await first.load_state(record.id)).version
        await asyncio.gather(
            *(_commit_with_retry(first if i % 2 else second, record.id, i) for i in range(30)),
            *(second.apply_admin(record.id, [AdjustGold("p2", 3), TransferItem(f"gem {100 + i}", Holder("shop"),
                                 Holder("place", MARKET))], f"gm {i}") for i in range(10)),
        )
        state = await second.load_state(record.id)
        assert state == await first.load_state(record.id)
        assert state.version == start + 40
        assert state.characters["p1"].gold == 12 + 2 * 30 and state.characters["p2"].gold == 8 + 3 * 10
        assert sorted(i for i in state.characters["p1"].inventory if i.startswith("gem")) == sorted(f"gem {i}" for i in range(30))
        assert len(state.places[MARKET].items) == 10
        turns = await first.recent_turns(record.id, limit=100)
        versions = sorted(t.version or 0 for t in turns)
        assert len(versions) == len(set(versions)) == 30  # one version per turn, never shared


# opening stores ---------------------------------------------------------------------------------


def test_open_store_picks_postgresql_for_postgres_urls_and_hides_the_password() -> None:
    for url in ("postgresql://bot:s3cret@db.example:5432/loreguard", "postgres://bot:s3cret@db.example/loreguard"):
        store = open_store(url)
        assert isinstance(store, PostgresStore)
        assert "s3cret" not in store.url and "s3cret" not in repr(store)
    assert redact("postgresql://bot@db/x") == "postgresql://bot@db/x"
    pooled = open_store("postgresql://bot@db/x?pool_max=25&sslmode=disable")
    assert isinstance(pooled, PostgresStore) and (pooled.min_size, pooled.max_size) == (4, 25)
    small = open_store("postgresql://bot@db/x?pool_max=2")  # below the default floor: the floor follows
    assert isinstance(small, PostgresStore) and (small.min_size, small.max_size) == (2, 2)
    floor = open_store("postgresql://bot@db/x?pool_min=1")
    assert isinstance(floor, PostgresStore) and (floor.min_size, floor.max_size) == (1, 10)


async def test_an_unreachable_server_is_a_store_error_without_the_password() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once the socket is closed
    with pytest.raises(StoreError, match="cannot connect") as info:
        await open_store(f"postgresql://bot:s3cret@127.0.0.1:{port}/loreguard").open()
    assert "s3cret" not in str(info.value)


async def test_a_missing_postgresql_database_says_how_to_create_it(pg_cluster: PGCluster) -> None:  # noqa: F811
    with pytest.raises(StoreError, match="createdb"):
        await open_store(pg_cluster.url("no_such_database")).open()
