"""The SQLite store on real files: schema migrations, state round trips, atomic turns, the
moderators' log and the URL factory."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
import textwrap
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import (
    ChannelRef,
    NoActiveCampaign,
    SQLiteStore,
    StoreError,
    TurnRecord,
    VersionConflict,
    ViolationRecord,
    db_url_from_env,
    default_db_path,
    open_store,
)
from bot.store.schema import MIGRATIONS, Migration
from bot.store.statecodec import diff_states
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

TAVERN = "The Rusty Tankard"
HERE = ChannelRef("guild-1", "chan-1")
THERE = ChannelRef("guild-1", "chan-2")
ELSEWHERE = ChannelRef("guild-2", "chan-9")

EXPECTED_TABLES = {
    "schema_version", "campaigns", "characters", "npcs", "places", "features", "flags", "turns",
    "violations", "admin_changes", "guild_settings", "settings",
}


@pytest.fixture
async def store(tmp_db_path: Path) -> AsyncIterator[SQLiteStore]:
    s = SQLiteStore(tmp_db_path)
    await s.open()
    yield s
    await s.close()


async def _table_with_player(store: SQLiteStore, tavern: Campaign, channel: ChannelRef = HERE) -> int:
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


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def _count(path: Path, sql: str) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute(sql).fetchone()[0])


# migrations -------------------------------------------------------------------------------------


async def test_open_creates_every_table_and_records_the_schema_version(tmp_db_path: Path) -> None:
    async with SQLiteStore(tmp_db_path) as s:
        assert await s.schema_version() == len(MIGRATIONS)
    assert EXPECTED_TABLES <= _tables(tmp_db_path)
    assert _count(tmp_db_path, "SELECT COUNT(*) FROM schema_version") == len(MIGRATIONS)
    with sqlite3.connect(tmp_db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_reopening_an_up_to_date_database_changes_nothing(tmp_db_path: Path) -> None:
    async with SQLiteStore(tmp_db_path):
        pass
    with sqlite3.connect(tmp_db_path) as db:
        versions_before = db.execute("SELECT * FROM schema_version ORDER BY version").fetchall()
        schema_before = db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall()
    async with SQLiteStore(tmp_db_path) as s:
        assert await s.schema_version() == len(MIGRATIONS)
    with sqlite3.connect(tmp_db_path) as db:
        assert db.execute("SELECT * FROM schema_version ORDER BY version").fetchall() == versions_before
        assert db.execute("SELECT sql FROM sqlite_master ORDER BY name").fetchall() == schema_before


async def test_an_older_database_gets_the_newer_migrations_and_keeps_its_data(
    tmp_db_path: Path, tavern: Campaign
) -> None:
    async with SQLiteStore(tmp_db_path, migrations=MIGRATIONS[:1]) as old:
        assert await old.schema_version() == 1
        record = await old.start_campaign(HERE, tavern)
    assert "turns" not in _tables(tmp_db_path)

    extra = Migration(len(MIGRATIONS) + 1, "test: campaign notes", ("ALTER TABLE campaigns ADD COLUMN notes TEXT",))
    async with SQLiteStore(tmp_db_path, migrations=(*MIGRATIONS, extra)) as new:
        assert await new.schema_version() == len(MIGRATIONS) + 1
        state = await new.load_state(record.id)
        assert state == _with_identity(new_state(tavern), record.id, 0)
        result = await new.commit_turn(record.id, 0, [], _turn(record.id), [])
        assert result.version == 1
    assert EXPECTED_TABLES <= _tables(tmp_db_path)
    with sqlite3.connect(tmp_db_path) as db:
        columns = {r[1] for r in db.execute("PRAGMA table_info(campaigns)")}
    assert "notes" in columns


async def test_a_database_from_a_newer_release_is_refused(tmp_db_path: Path) -> None:
    extra = Migration(len(MIGRATIONS) + 1, "test: future", ("CREATE TABLE future (x INTEGER)",))
    async with SQLiteStore(tmp_db_path, migrations=(*MIGRATIONS, extra)):
        pass
    with pytest.raises(StoreError, match="newer"):
        await SQLiteStore(tmp_db_path).open()


def test_migrations_out_of_order_are_rejected() -> None:
    with pytest.raises(ValueError, match="expected 2"):
        SQLiteStore(":memory:", migrations=(MIGRATIONS[0], MIGRATIONS[2]))


async def test_a_failing_migration_leaves_the_database_at_the_previous_version(tmp_db_path: Path) -> None:
    broken = Migration(
        len(MIGRATIONS) + 1, "test: broken",
        ("CREATE TABLE half_done (x INTEGER)", "THIS IS NOT SQL"),
    )
    with pytest.raises(StoreError):
        await SQLiteStore(tmp_db_path, migrations=(*MIGRATIONS, broken)).open()
    assert "half_done" not in _tables(tmp_db_path)
    async with SQLiteStore(tmp_db_path) as s:
        assert await s.schema_version() == len(MIGRATIONS)


# state round trips ------------------------------------------------------------------------------


def _with_identity(state: WorldState, campaign_id: int, version: int) -> WorldState:
    state.campaign_id = campaign_id
    state.version = version
    return state


async def test_a_turns_effects_persist_exactly_after_reopening(tmp_db_path: Path, tavern: Campaign) -> None:
    effects = [
        TransferItem("mug of ale", Holder("place", TAVERN), Holder("player", "p1")),  # take from place
        MoveCharacter("p1", "Market Square"),
        AdjustGold("p1", -1),  # buy a rope from Tobin
        TransferItem("rope", Holder("shop"), Holder("player", "p1")),
        TransferItem("waterskin", Holder("player", "p1"), Holder("npc", "Tobin")),  # give to NPC
        SetFeature("cellar door", locked=False, expect_locked=True),  # unlock
        TransferItem("silver candlestick", Holder("container", "Cellar", "dusty crate"), Holder("player", "p1")),
        AdjustTrust("Tobin", "p1", 5),
        Remember("Tobin", "Ann bought a rope and gave me her waterskin"),
        MoveNPC("Bram", "Market Square"),
        AdjustHP("npc", "Pip", -3),
        SetFlag("rope_bought", True),
        SetFlag("visits", 2),
    ]
    async with SQLiteStore(tmp_db_path) as s:
        campaign_id = await _table_with_player(s, tavern)
        before = await s.load_state(campaign_id)
        expected = before.copy()
        for effect in effects:
            effect.apply(expected)
        result = await s.commit_turn(campaign_id, before.version, effects, _turn(campaign_id, "buy"), [])
        assert result.version == before.version + 1
        assert result.refused == []

    async with SQLiteStore(tmp_db_path) as s:
        loaded = await s.load_state(campaign_id)
    assert loaded == _with_identity(expected, campaign_id, before.version + 1)
    ann = loaded.characters["p1"]
    assert (ann.location, ann.gold) == ("Market Square", 11)
    assert ann.inventory == ["iron sword", "leather armor", "mug of ale", "rope", "silver candlestick"]
    assert loaded.npcs["Tobin"].items == ["waterskin"]
    assert loaded.npcs["Tobin"].trust == {"p1": 5}
    assert loaded.places[TAVERN].items == ["wooden stool", "dartboard"]
    assert loaded.places["Cellar"].contents == {"dusty crate": []}
    assert loaded.features["cellar door"].locked is False
    assert loaded.features["iron portcullis"].open is False
    assert loaded.features["well"].open is None
    assert loaded.flags["rope_bought"] is True and loaded.flags["visits"] == 2


async def test_a_new_campaign_starts_from_the_campaign_file(store: SQLiteStore, tavern: Campaign) -> None:
    record = await store.start_campaign(HERE, tavern)
    assert record.active and record.version == 0 and record.campaign == tavern.name
    assert await store.load_state(record.id) == _with_identity(new_state(tavern), record.id, 0)


async def test_a_turn_writes_only_the_rows_that_changed(store: SQLiteStore, tavern: Campaign, monkeypatch: pytest.MonkeyPatch) -> None:
    campaign_id = await _table_with_player(store, tavern)
    written: list[tuple[str, list[str]]] = []
    original = SQLiteStore._write_rows

    async def spy(self, db, spec, cid, rows):  # type: ignore[no-untyped-def]
        written.append((spec.table, [r[0] for r in rows]))
        await original(self, db, spec, cid, rows)

    monkeypatch.setattr(SQLiteStore, "_write_rows", spy)
    state = await store.load_state(campaign_id)
    await store.commit_turn(campaign_id, state.version, [AdjustGold("p1", 3)], _turn(campaign_id), [])
    assert written == [("characters", ["p1"])]


async def test_two_channels_never_see_each_others_state(store: SQLiteStore, tavern: Campaign) -> None:
    here = await _table_with_player(store, tavern, HERE)
    there = await _table_with_player(store, tavern, THERE)
    elsewhere = await _table_with_player(store, tavern, ELSEWHERE)
    untouched = await store.load_state(there)

    state = await store.load_state(here)
    await store.commit_turn(
        here, state.version,
        [
            AdjustGold("p1", -5),
            TransferItem("mug of ale", Holder("place", TAVERN), Holder("player", "p1")),
            SetFeature("cellar door", locked=False),
            SetFlag("here_only", 1),
        ],
        _turn(here), [],
    )
    await store.apply_admin(here, [MoveCharacter("p1", "Stables")], "gm move")

    assert await store.load_state(there) == untouched
    other = await store.load_state(elsewhere)
    assert other.characters["p1"].gold == 12 and other.characters["p1"].location == TAVERN
    assert "mug of ale" in other.places[TAVERN].items
    assert other.features["cellar door"].locked is True and "here_only" not in other.flags
    assert await store.recent_turns(there) == []
    mine = await store.load_state(here)
    assert mine.characters["p1"].gold == 7 and mine.characters["p1"].location == "Stables"


async def test_joining_and_leaving_replace_the_character_and_move_the_version(store: SQLiteStore, tavern: Campaign) -> None:
    record = await store.start_campaign(HERE, tavern)
    ann = new_character(tavern, "p1", "Ann", "rogue")
    await store.save_character(record.id, ann)
    ann.active = False
    await store.save_character(record.id, ann)
    state = await store.load_state(record.id)
    assert state.version == 2
    assert state.characters == {"p1": ann}
    assert state.character_by_name("Ann") is None


# atomic turns -----------------------------------------------------------------------------------


async def _snapshot(store: SQLiteStore, path: Path, campaign_id: int) -> tuple[WorldState, int, int]:
    return (
        await store.load_state(campaign_id),
        _count(path, "SELECT COUNT(*) FROM turns"),
        _count(path, "SELECT COUNT(*) FROM violations"),
    )


async def test_a_failing_effect_rolls_back_the_whole_turn(store: SQLiteStore, tmp_db_path: Path, tavern: Campaign) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, tmp_db_path, campaign_id)
    version = before[0].version
    with pytest.raises(EffectError, match="no longer"):
        await store.commit_turn(
            campaign_id, version,
            [AdjustGold("p1", -2), TransferItem("golden harp", Holder("place", TAVERN), Holder("player", "p1"))],
            _turn(campaign_id), [_violation()],
        )
    assert await _snapshot(store, tmp_db_path, campaign_id) == before
    # The store is still usable and the version the turn was decided at still commits.
    result = await store.commit_turn(campaign_id, version, [AdjustGold("p1", -2)], _turn(campaign_id), [])
    assert result.version == version + 1
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 10


async def test_a_crash_between_row_writes_rolls_back_everything(
    store: SQLiteStore, tmp_db_path: Path, tavern: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, tmp_db_path, campaign_id)
    original = SQLiteStore._write_rows
    calls = 0

    async def crash_on_second_table(self, db, spec, cid, rows):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("disk on fire")
        await original(self, db, spec, cid, rows)

    monkeypatch.setattr(SQLiteStore, "_write_rows", crash_on_second_table)
    with pytest.raises(RuntimeError, match="disk on fire"):
        await store.commit_turn(
            campaign_id, before[0].version,
            [AdjustGold("p1", -2), TransferItem("waterskin", Holder("player", "p1"), Holder("npc", "Greta"))],
            _turn(campaign_id), [_violation()],
        )
    assert calls == 2  # the characters row was written before the crash
    assert await _snapshot(store, tmp_db_path, campaign_id) == before
    monkeypatch.setattr(SQLiteStore, "_write_rows", original)
    await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    ann = (await store.load_state(campaign_id)).characters["p1"]
    assert ann.gold == 13 and "waterskin" in ann.inventory


async def test_a_crash_inserting_the_turn_row_rolls_back_the_state(
    store: SQLiteStore, tmp_db_path: Path, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, tmp_db_path, campaign_id)

    class Unserialisable:
        def __str__(self) -> str:
            raise RuntimeError("cannot encode")

    turn = _turn(campaign_id, outcome={"bad": Unserialisable()})
    with pytest.raises(RuntimeError, match="cannot encode"):
        await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 5)], turn, [])
    assert await _snapshot(store, tmp_db_path, campaign_id) == before


_KILLED_MID_COMMIT = textwrap.dedent(
    """
    import asyncio, os, sys
    from bot.store.base import TurnRecord
    from bot.store.sqlite import SQLiteStore
    from bot.world.effects import AdjustGold, Holder, TransferItem

    async def main(path, campaign_id, version):
        store = SQLiteStore(path)
        await store.open()
        original = SQLiteStore._write_rows

        async def die_after_writing(self, db, spec, cid, rows):
            await original(self, db, spec, cid, rows)
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


async def test_a_process_killed_mid_commit_leaves_the_state_as_before(tmp_db_path: Path, tavern: Campaign) -> None:
    async with SQLiteStore(tmp_db_path) as s:
        campaign_id = await _table_with_player(s, tavern)
        before = await _snapshot(s, tmp_db_path, campaign_id)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", _KILLED_MID_COMMIT, str(tmp_db_path), str(campaign_id), str(before[0].version)
    )
    assert await child.wait() == 17
    async with SQLiteStore(tmp_db_path) as s:
        assert await _snapshot(s, tmp_db_path, campaign_id) == before


async def test_readers_never_see_a_turn_half_way_through_its_commit(
    store: SQLiteStore, tavern: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await store.load_state(campaign_id)
    written, release = asyncio.Event(), asyncio.Event()
    original = SQLiteStore._write_rows

    async def pause_after_writing(self, db, spec, cid, rows):  # type: ignore[no-untyped-def]
        await original(self, db, spec, cid, rows)
        written.set()
        await release.wait()

    monkeypatch.setattr(SQLiteStore, "_write_rows", pause_after_writing)
    commit = asyncio.create_task(
        store.commit_turn(campaign_id, before.version, [AdjustGold("p1", 50)], _turn(campaign_id), [])
    )
    await written.wait()
    assert await store.load_state(campaign_id) == before
    assert await store.recent_turns(campaign_id) == []
    release.set()
    await commit
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 62


async def test_a_commit_cancelled_half_way_is_rolled_back(
    store: SQLiteStore, tmp_db_path: Path, tavern: Campaign, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    before = await _snapshot(store, tmp_db_path, campaign_id)
    written = asyncio.Event()
    original = SQLiteStore._write_rows

    async def hang_after_writing(self, db, spec, cid, rows):  # type: ignore[no-untyped-def]
        await original(self, db, spec, cid, rows)
        written.set()
        await asyncio.Event().wait()

    monkeypatch.setattr(SQLiteStore, "_write_rows", hang_after_writing)
    commit = asyncio.create_task(
        store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 50)], _turn(campaign_id), [])
    )
    await written.wait()
    commit.cancel()
    with pytest.raises(asyncio.CancelledError):
        await commit
    monkeypatch.setattr(SQLiteStore, "_write_rows", original)
    assert await _snapshot(store, tmp_db_path, campaign_id) == before
    await store.commit_turn(campaign_id, before[0].version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 13


async def test_a_stale_version_raises_version_conflict_and_writes_nothing(
    store: SQLiteStore, tmp_db_path: Path, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    stale = (await store.load_state(campaign_id)).version
    await store.apply_admin(campaign_id, [AdjustGold("p1", 1)], "gm gives a coin")
    before = await _snapshot(store, tmp_db_path, campaign_id)
    with pytest.raises(VersionConflict):
        await store.commit_turn(campaign_id, stale, [AdjustGold("p1", 5)], _turn(campaign_id), [_violation()])
    assert await _snapshot(store, tmp_db_path, campaign_id) == before


async def test_a_failing_proposal_group_is_refused_while_the_turn_and_other_groups_commit(
    store: SQLiteStore, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    state = await store.load_state(campaign_id)
    proposals = [
        [AdjustGold("p1", -2), TransferItem("torch", Holder("shop"), Holder("player", "p1"))],
        # Paying succeeds, then Greta turns out not to hold a golden harp: the payment is undone too.
        [AdjustGold("p1", -1), TransferItem("golden harp", Holder("npc", "Greta"), Holder("player", "p1"))],
        [TransferItem("cellar key", Holder("npc", "Greta"), Holder("player", "p1"))],
    ]
    result = await store.commit_turn(
        campaign_id, state.version, [MoveCharacter("p1", "Market Square")], _turn(campaign_id), [], proposals
    )
    assert [index for index, _ in result.refused] == [1]
    assert "golden harp" in result.refused[0][1]
    after = await store.load_state(campaign_id)
    ann = after.characters["p1"]
    assert ann.location == "Market Square"
    assert ann.gold == 10  # group 0 paid 2; group 1's payment was undone with the group
    assert ann.inventory[-2:] == ["torch", "cellar key"]
    assert "cellar key" not in after.npcs["Greta"].items
    assert len(await store.recent_turns(campaign_id)) == 1


async def test_the_turn_row_and_its_violations_are_stored_together(store: SQLiteStore, tavern: Campaign) -> None:
    campaign_id = await _table_with_player(store, tavern)
    state = await store.load_state(campaign_id)
    turn = _turn(
        campaign_id, "I draw my laser",
        intents=[{"verb": "attack", "item": "laser"}], outcome={"blocked": False, "effects": []},
        narration="Ann draws her sword.", findings=[{"kind": "invented_item", "severity": "block", "action": "retried"}],
        model="m1", attempts=2, fallback=False, blocked=False, latency_ms=12.5, llm_calls=2,
    )
    result = await store.commit_turn(
        campaign_id, state.version, [], turn, [_violation(guild_id="", channel_id="", model="")]
    )
    [stored] = await store.recent_turns(campaign_id)
    assert stored.id == result.turn_id and stored.created_at > 0
    assert (stored.input, stored.intents, stored.outcome, stored.narration) == (
        turn.input, turn.intents, turn.outcome, turn.narration
    )
    assert (stored.findings, stored.model, stored.attempts, stored.latency_ms, stored.llm_calls) == (
        turn.findings, "m1", 2, 12.5, 2
    )
    [violation] = await store.recent_violations()
    assert violation.turn_id == result.turn_id and violation.campaign_id == campaign_id
    assert (violation.guild_id, violation.channel_id, violation.model) == ("guild-1", "chan-1", "m1")
    assert violation.posted is False


# campaigns --------------------------------------------------------------------------------------


async def test_starting_a_campaign_ends_the_active_one_and_keeps_it(store: SQLiteStore, tavern: Campaign) -> None:
    first = await store.start_campaign(HERE, tavern, gm_role_id="role-1")
    await store.set_channel_model(HERE, "gpt-test")
    second = await store.start_campaign(HERE, tavern)
    active = await store.active_campaign(HERE)
    assert active is not None and active.id == second.id
    assert (active.model, active.gm_role_id) == ("gpt-test", "role-1")  # the channel's settings carry over
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


async def test_a_game_masters_change_bumps_the_version_and_is_noted_outside_the_turn_log(
    store: SQLiteStore, tavern: Campaign
) -> None:
    campaign_id = await _table_with_player(store, tavern)
    version = (await store.load_state(campaign_id)).version
    new_version = await store.apply_admin(campaign_id, [TransferItem("rope", Holder("shop"), Holder("player", "p1"))], "gm give rope")
    assert new_version == version + 1
    assert "rope" in (await store.load_state(campaign_id)).characters["p1"].inventory
    assert await store.recent_turns(campaign_id) == []
    [change] = await store.admin_changes(campaign_id)
    assert change["note"] == "gm give rope" and change["version"] == new_version
    assert change["effects"][0]["type"] == "transfer_item"
    with pytest.raises(EffectError):
        await store.apply_admin(campaign_id, [AdjustGold("p1", 5), AdjustGold("p1", -1000)], "too much")
    assert (await store.load_state(campaign_id)).characters["p1"].gold == 12
    assert len(await store.admin_changes(campaign_id)) == 1


# moderation -------------------------------------------------------------------------------------


async def test_stats_count_turns_findings_retries_fallbacks_and_kinds(store: SQLiteStore, tavern: Campaign) -> None:
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
        # Older than the window: counted by neither.
        (here, dict(model="m1", attempts=5, created_at=time.time() - 30 * 86400), [_violation(created_at=time.time() - 30 * 86400)]),
    ]
    for campaign_id, fields, violations in turns:
        state = await store.load_state(campaign_id)
        await store.commit_turn(campaign_id, state.version, [], _turn(campaign_id, **fields), violations)

    stats = await store.stats("guild-1", days=7)
    assert (stats.days, stats.turns, stats.turns_with_findings, stats.shipped_clean) == (7, 5, 4, 4)
    assert (stats.retries, stats.fallbacks, stats.blocked_actions) == (2 + 1, 1, 1)
    assert stats.per_model == {
        "m1": {"turns": 3, "findings": 3, "fallbacks": 1, "retries": 3},
        "m2": {"turns": 2, "findings": 2, "fallbacks": 0, "retries": 0},
    }
    assert stats.per_kind == {"invented_item": 2, "physics": 1, "no_item": 1, "absent_npc": 1}

    everywhere = await store.stats(None, days=7)
    assert everywhere.turns == 6 and everywhere.retries == 4 and everywhere.per_kind["invented_item"] == 3
    assert (await store.stats("guild-1", days=60)).turns == 6


async def test_recent_violations_are_newest_first_filtered_and_paged(store: SQLiteStore) -> None:
    now = time.time()
    await store.record_violations(
        [
            _violation(kind="invented_item", model="m1", created_at=now - 50, span="v0"),
            _violation(kind="physics", model="m1", created_at=now - 40, span="v1"),
            _violation(kind="invented_item", model="m2", created_at=now - 30, span="v2"),
            _violation(kind="invented_item", model="m1", created_at=now - 20, span="v3", guild_id="guild-2"),
            _violation(kind="world_rule", model="m2", created_at=now - 10, span="v4"),
        ]
    )
    spans = lambda vs: [v.span for v in vs]  # noqa: E731
    assert spans(await store.recent_violations()) == ["v4", "v3", "v2", "v1", "v0"]
    assert spans(await store.recent_violations(guild_id="guild-1")) == ["v4", "v2", "v1", "v0"]
    assert spans(await store.recent_violations(kind="invented_item")) == ["v3", "v2", "v0"]
    assert spans(await store.recent_violations(model="m2")) == ["v4", "v2"]
    assert spans(await store.recent_violations(guild_id="guild-1", kind="invented_item", model="m1")) == ["v0"]
    assert spans(await store.recent_violations(limit=2)) == ["v4", "v3"]
    assert spans(await store.recent_violations(limit=2, offset=2)) == ["v2", "v1"]
    assert spans(await store.recent_violations(limit=2, offset=4)) == ["v0"]
    [v] = await store.recent_violations(kind="world_rule")
    assert (v.layer, v.severity, v.confidence, v.evidence, v.message, v.action, v.turn_id) == (
        "post", "block", 0.9, "no laser", "there is no laser here", "retried", None
    )


async def test_unposted_violations_are_batched_oldest_first_until_marked_posted(store: SQLiteStore) -> None:
    await store.record_violations([_violation(span=f"v{i}") for i in range(5)])
    batch = await store.unposted_violations(limit=3)
    assert [v.span for v in batch] == ["v0", "v1", "v2"]
    await store.mark_posted([v.id for v in batch if v.id is not None])
    rest = await store.unposted_violations()
    assert [v.span for v in rest] == ["v3", "v4"]
    assert all(v.posted for v in await store.recent_violations() if v.span in {"v0", "v1", "v2"})


async def test_modlog_and_settings_round_trip(store: SQLiteStore) -> None:
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


# opening stores ---------------------------------------------------------------------------------


def test_open_store_picks_sqlite_for_paths_and_sqlite_urls(tmp_path: Path) -> None:
    plain = open_store(str(tmp_path / "a.db"))
    assert isinstance(plain, SQLiteStore) and plain.path == str(tmp_path / "a.db")
    url = open_store(f"sqlite:///{tmp_path}/b.db")
    assert isinstance(url, SQLiteStore) and url.path == f"{tmp_path}/b.db"
    relative = open_store("sqlite:///data/c.db")
    assert isinstance(relative, SQLiteStore) and relative.path == "data/c.db"
    assert isinstance(open_store("sqlite:///:memory:"), SQLiteStore)


def test_open_store_refuses_unknown_schemes() -> None:
    # postgresql:// URLs open PostgresStore: tests/test_store_backends.py.
    with pytest.raises(StoreError, match="unsupported") as info:
        open_store("mysql://bot:secret@db/x")
    assert "secret" not in str(info.value)


def test_default_path_is_in_the_users_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_db_path() == tmp_path / "xdg" / "loreguard" / "loreguard.db"
    assert (tmp_path / "xdg" / "loreguard").is_dir()
    store = open_store(None)
    assert isinstance(store, SQLiteStore) and store.path == str(tmp_path / "xdg" / "loreguard" / "loreguard.db")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "loreguard" / "loreguard.db"


def test_the_database_url_comes_from_loreguard_db(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LOREGUARD_DB", raising=False)
    assert db_url_from_env() is None
    monkeypatch.setenv("LOREGUARD_DB", "  ")
    assert db_url_from_env() is None
    monkeypatch.setenv("LOREGUARD_DB", "/srv/loreguard.db")
    assert db_url_from_env() == "/srv/loreguard.db"


async def test_a_store_in_memory_works_on_one_connection(tavern: Campaign) -> None:
    async with open_store("sqlite:///:memory:") as s:
        campaign_id = await _table_with_player(s, tavern)  # type: ignore[arg-type]
        state = await s.load_state(campaign_id)
        await s.commit_turn(campaign_id, state.version, [AdjustGold("p1", 1)], _turn(campaign_id), [])
        assert (await s.load_state(campaign_id)).characters["p1"].gold == 13


async def test_an_unopened_store_says_so(tmp_db_path: Path) -> None:
    with pytest.raises(StoreError, match="not open"):
        await SQLiteStore(tmp_db_path).load_state(1)


def test_diff_of_equal_states_is_empty_and_flags_compare_exactly(tavern: Campaign) -> None:
    state = new_state(tavern)
    assert not diff_states(state, state.copy())
    changed = state.copy()
    changed.flags["x"] = 1
    state.flags["x"] = True
    assert diff_states(state, changed).upserts == {"flags": [("x", "1")]}
