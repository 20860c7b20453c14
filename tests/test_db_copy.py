"""Moving a deployment between backends: ``loreguard db copy`` from the tavern played in SQLite to
PostgreSQL and back gives identical tables and state; a re-run is harmless; a difference is
reported, not hidden; ``loreguard db check`` finds broken references."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import asyncpg

from bot.game import Game
from bot.llm.chaos import ChaosProvider
from bot.llm.offline import OfflineProvider
from bot.store import ChannelRef, open_store
from bot.store.catalog import TABLES
from bot.store.schema import MIGRATIONS
from bot.turn import TurnRunner
from bot.world.effects import SetFlag
from pg_cluster import PGCluster, pg_cluster, pg_url  # noqa: F401  (fixtures)

HERE = ChannelRef("guild-1", "chan-1")
OTHER = ChannelRef("guild-2", "chan-7")
LINES = [
    ("p1", "I buy an ale from Greta"),
    ("p2", "I buy a stew from Greta"),
    ("p1", "I take the mug of ale"),
    ("p1", "I give the ale to Bo"),
    ("p2", "I ask Greta about the cellar"),
    ("p1", "I look around the tavern"),
    ("p2", "I give the stew to Ann"),
    ("p1", "I go to the market square"),
    ("p1", "I buy a rope from Tobin"),
    ("p2", "I attack Bram with my dagger"),
    ("p1", "I shoot Tobin with my laser pistol"),
    ("p2", "I take the wooden stool"),
]


async def play_tavern(url: str) -> None:
    """A few evenings of play: two channels, turns with findings (chaos narrator), game-master
    changes, an ended campaign, settings, findings posted and claimed."""
    async with open_store(url) as store:
        game = Game(store)
        rng = random.Random(11)
        runner = TurnRunner(game, ChaosProvider(OfflineProvider(), rate=0.7, seed=5),
                            rng_factory=lambda: random.Random(rng.random()))
        await game.start(OTHER, "tavern")
        await game.join(OTHER, "p9", "Cid", "cleric")
        await runner.run(OTHER, "p9", "I buy an ale from Greta")
        await game.end(OTHER)
        await game.start(OTHER, "tavern")  # the ended campaign stays as history
        await game.start(HERE, "tavern", gm_role_id="role-9")
        await game.join(HERE, "p1", "Ann", "warrior")
        await game.join(HERE, "p2", "Bo", "rogue")
        for player, line in LINES:
            await runner.run(HERE, player, line)
        await game.gm_give(HERE, "p2", "healing potion")
        await game.gm_move(HERE, "p2", "Stables")
        await game.set_model(HERE, "chaos:offline")
        table = await game.table(HERE)
        await store.apply_admin(table.record.id, [SetFlag("bell_rung", True), SetFlag("visits", 3)], "gm flags")
        await store.set_modlog("guild-1", "555")
        await store.set_setting("limits", {"turns_per_minute": 6, "café": "ü"})
        backlog = await store.unposted_violations(limit=100)
        assert len(backlog) >= 3, "the chaos narrator should have produced findings"
        await store.mark_posted([v.id for v in backlog[:2] if v.id is not None])
        await store.claim_unposted("process-a", limit=1)


async def table_rows(url: str) -> dict[str, list[list[Any]]]:
    """Every table's rows, canonical and in export order."""
    async with open_store(url) as store:
        out: dict[str, list[list[Any]]] = {}
        for table in TABLES:
            rows: list[list[Any]] = []
            async for batch in store.export_rows(table, 7):  # small batches: batching is exercised
                rows += [table.canonical_row(r) for r in batch]
            out[table.name] = rows
        return out


async def states(url: str) -> dict[int, Any]:
    async with open_store(url) as store:
        return {r.id: await store.load_state(r.id) for r in await store.list_campaigns(active_only=False)}


async def loreguard(*argv: str) -> tuple[int, str, str]:
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *argv, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    out, err = await child.communicate()
    assert child.returncode is not None
    return child.returncode, out.decode(), err.decode()


async def test_copy_sqlite_to_postgresql_and_back_gives_identical_tables_and_state(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    source = f"sqlite:///{tmp_path / 'tavern.db'}"
    back = str(tmp_path / "back.db")
    await play_tavern(source)
    original = await table_rows(source)
    assert all(original.values()), {name: len(rows) for name, rows in original.items()}  # every table has rows

    code, out, err = await loreguard("db", "copy", source, pg_url, "--json")
    assert code == 0, err
    report = json.loads(out)
    assert report["ok"] and report["schema_version"] == len(MIGRATIONS)
    assert {t["table"]: t["source_rows"] for t in report["tables"]} == {n: len(r) for n, r in original.items()}
    assert await table_rows(pg_url) == original
    assert await states(pg_url) == await states(source)

    code, out, err = await loreguard("db", "copy", pg_url, back)
    assert code == 0, err
    assert "verified" in out
    assert await table_rows(f"sqlite:///{back}") == original
    assert await states(back) == await states(source)


async def test_copying_again_changes_nothing_and_new_ids_follow_the_copied_ones(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    source = f"sqlite:///{tmp_path / 'tavern.db'}"
    await play_tavern(source)
    for _ in range(2):
        code, out, err = await loreguard("db", "copy", source, pg_url, "--json")
        assert code == 0 and json.loads(out)["ok"], err
    assert await table_rows(pg_url) == await table_rows(source)
    async with open_store(pg_url) as store:
        copied_max = max(r.id for r in await store.list_campaigns(active_only=False))
        runner = TurnRunner(Game(store), OfflineProvider())
        result = await runner.run(HERE, "p1", "I buy an ale from Greta")
        record = await store.start_campaign(ChannelRef("guild-3", "new"), Game.load_campaign("tavern"))
    assert record.id == copied_max + 1
    assert result.turn_id is not None and result.turn_id > len((await table_rows(source))["turns"])


async def test_a_destination_that_differs_after_the_copy_is_reported(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    source = f"sqlite:///{tmp_path / 'tavern.db'}"
    await play_tavern(source)
    assert (await loreguard("db", "copy", source, pg_url))[0] == 0
    conn = await asyncpg.connect(pg_url)
    try:  # a row only the destination has: a copy never deletes, so verification must catch it
        await conn.execute("INSERT INTO settings (key, value) VALUES ('stray', '1')")
    finally:
        await conn.close()
    code, out, _ = await loreguard("db", "copy", source, pg_url, "--json")
    assert code == 1
    report = json.loads(out)
    assert not report["ok"]
    assert [t["table"] for t in report["tables"] if not t["ok"]] == ["settings"]


async def test_copying_a_database_onto_itself_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    code, _, err = await loreguard("db", "copy", str(db), f"sqlite:///{db}")
    assert code == 2 and "same database" in err


async def test_db_check_reports_the_schema_version_and_a_sound_database(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    source = f"sqlite:///{tmp_path / 'tavern.db'}"
    await play_tavern(source)
    assert (await loreguard("db", "copy", source, pg_url))[0] == 0
    for url in (source, pg_url):
        code, out, err = await loreguard("db", "check", url, "--json")
        assert code == 0, err
        report = json.loads(out)
        assert report["ok"] and report["problems"] == []
        assert report["schema_version"] == report["expected_version"] == len(MIGRATIONS)
    assert json.loads((await loreguard("db", "check", source, "--json"))[1])["rows"]["turns"] == len(LINES) + 1


async def test_db_check_finds_orphan_rows_in_both_backends(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    path = tmp_path / "broken.db"
    async with open_store(str(path)):
        pass
    with sqlite3.connect(path) as db:  # foreign keys are off on a plain connection
        db.execute("INSERT INTO admin_changes (campaign_id, note, effects, version, created_at) VALUES (99, 'x', '[]', 1, 0)")
    code, out, _ = await loreguard("db", "check", str(path))
    assert code == 1
    assert "admin_changes" in out and "PROBLEM" in out

    async with open_store(pg_url):
        pass
    conn = await asyncpg.connect(pg_url)
    try:
        await conn.execute("SET session_replication_role = replica")  # foreign-key triggers off
        await conn.execute("INSERT INTO characters (campaign_id, player_id, name, char_class, hp, max_hp, ac, "
                           "location, gold, attack_bonus) VALUES (42, 'p', 'P', 'mage', 1, 1, 1, 'x', 0, 0)")
    finally:
        await conn.close()
    code, out, _ = await loreguard("db", "check", pg_url, "--json")
    assert code == 1
    assert json.loads(out)["problems"] == ["orphan rows: 1 in characters.campaign_id -> campaigns.id"]


async def test_db_check_reports_a_database_behind_this_release_without_migrating_it(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    code, out, _ = await loreguard("db", "check", pg_url, "--json")
    report = json.loads(out)
    assert code == 1 and report["schema_version"] == 0 and "behind" in report["problems"][0]
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT to_regclass('campaigns')") is None  # still untouched
    finally:
        await conn.close()
    code, _, err = await loreguard("db", "check", str(tmp_path / "missing.db"))
    assert code == 2 and "no database file" in err
    assert not (tmp_path / "missing.db").exists()
