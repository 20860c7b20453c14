"""The embedded store: one SQLite file, nothing to install or start.

Two connections, each on its own aiosqlite thread. The writer runs every write in an explicit
``BEGIN IMMEDIATE`` transaction behind an asyncio lock: statements from two coroutines on one
connection would otherwise land in the same transaction. The reader (``query_only``) sees only
committed data, so a turn that is half-way through its commit is never visible; in WAL mode it
reads while the writer writes. Another process on the same file waits for the write lock
(``busy_timeout``) and the campaign's ``version`` catches a state that changed under it.

A turn's effects are re-applied to the state read inside the commit transaction: what was decided
on a stale state either still holds (and is written) or raises ``EffectError`` and nothing is.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.base import (
    CLAIM_LEASE_SECONDS,
    CampaignRecord,
    ChannelRef,
    CommitResult,
    GuardStats,
    NoActiveCampaign,
    Store,
    StoreError,
    TurnRecord,
    VersionConflict,
    ViolationRecord,
)
from bot.store.catalog import DUPLICATE_ACTIVE_SQL, TABLE_NAMES, TABLES, TableSpec, orphan_queries
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION_TABLE, Migration, check_order
from bot.store.statecodec import (
    CAMPAIGN_COLUMNS,
    CHARACTERS,
    ENTITY_TABLES,
    TURN_COLUMNS,
    VIOLATION_COLUMNS,
    EntityTable,
    Row,
    StateDiff,
    campaign_from_row,
    diff_states,
    dumps,
    encode_character,
    loads,
    state_from_rows,
    stats_from_aggregates,
    turn_from_row,
    turn_row,
    upsert_sql,
    violation_from_row,
    violation_row,
)
from bot.store.turn_changes import apply_turn, attributed
from bot.world.campaign import Campaign
from bot.world.effects import Effect, apply_all, effect_to_dict
from bot.world.state import CharacterState, WorldState, new_state

log = logging.getLogger(__name__)

MEMORY = ":memory:"
DEFAULT_BUSY_TIMEOUT_MS = 5000

_CAMPAIGN_SELECT = f"SELECT {', '.join(CAMPAIGN_COLUMNS)} FROM campaigns"
_TURN_SELECT = f"SELECT id, {', '.join(TURN_COLUMNS)} FROM turns"
_VIOLATION_SELECT = f"SELECT id, {', '.join(VIOLATION_COLUMNS)} FROM violations"
_TURN_INSERT = (
    f"INSERT INTO turns ({', '.join(TURN_COLUMNS)}) VALUES ({', '.join('?' * len(TURN_COLUMNS))})"
)
_VIOLATION_INSERT = (
    f"INSERT INTO violations ({', '.join(VIOLATION_COLUMNS)}) "
    f"VALUES ({', '.join('?' * len(VIOLATION_COLUMNS))})"
)


def _select_sql(spec: EntityTable) -> str:
    return (
        f"SELECT {', '.join(spec.all_columns)} FROM {spec.table} "
        "WHERE campaign_id = ? ORDER BY rowid"
    )


def _upsert_sql(spec: EntityTable) -> str:
    return upsert_sql(spec, ", ".join("?" * (1 + len(spec.all_columns))))


def _delete_sql(spec: EntityTable) -> str:
    return f"DELETE FROM {spec.table} WHERE campaign_id = ? AND {spec.key_column} = ?"


_SELECT = {spec.table: _select_sql(spec) for spec in ENTITY_TABLES}
_UPSERT = {spec.table: _upsert_sql(spec) for spec in ENTITY_TABLES}
_DELETE = {spec.table: _delete_sql(spec) for spec in ENTITY_TABLES}
_SPECS = {spec.table: spec for spec in ENTITY_TABLES}


class SQLiteStore(Store):
    """``Store`` on a SQLite file (or ``:memory:``, for throwaway use: one connection only)."""

    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = str(path) if str(path) == MEMORY else str(Path(path).expanduser())
        self.url = f"sqlite:///{self.path}"
        self.busy_timeout_ms = int(busy_timeout_ms)
        self.migrations = tuple(migrations)
        check_order(self.migrations)
        self._memory = self.path == MEMORY
        self._writer: aiosqlite.Connection | None = None
        self._reader: aiosqlite.Connection | None = None
        self._write_lock = asyncio.Lock()
        # In memory there is one database per connection, so reads share the writer and its lock.
        self._read_lock = self._write_lock if self._memory else asyncio.Lock()

    def __repr__(self) -> str:
        return f"SQLiteStore({self.path!r})"

    # connections -------------------------------------------------------------------------------
    async def _connect(self, *, reader: bool) -> aiosqlite.Connection:
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await db.execute(f"PRAGMA busy_timeout = {self.busy_timeout_ms}")
            await db.execute("PRAGMA foreign_keys = ON")
            if reader:
                await db.execute("PRAGMA query_only = ON")
            elif not self._memory:
                rows = await db.execute_fetchall("PRAGMA journal_mode = WAL")
                mode = str(rows[0][0]).lower() if rows else ""
                if mode != "wal":
                    log.warning("%s: journal mode is %r, not WAL; readers will wait for writers", self.path, mode)
                # Durable against a crash of the bot; a power cut may lose the last commits.
                await db.execute("PRAGMA synchronous = NORMAL")
        except BaseException:
            await db.close()
            raise
        return db

    async def open(self) -> None:
        if self._writer is not None:
            return
        if not self._memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        writer: aiosqlite.Connection | None = None
        try:
            writer = await self._connect(reader=False)
            version = await self._migrate(writer)
            reader = writer if self._memory else await self._connect(reader=True)
        except sqlite3.Error as exc:
            if writer is not None:
                await writer.close()
            raise StoreError(f"cannot open the database {self.path}: {exc}") from exc
        except BaseException:
            if writer is not None:
                await writer.close()
            raise
        self._writer, self._reader = writer, reader
        log.info("opened %s (schema version %d)", self.path, version)

    async def close(self) -> None:
        writer, reader = self._writer, self._reader
        if writer is None:
            return
        async with self._write_lock:  # let a transaction in flight finish
            if reader is not None and reader is not writer:
                async with self._read_lock:
                    await reader.close()
            await writer.close()
            self._writer = self._reader = None
        log.info("closed %s", self.path)

    async def _migrate(self, db: aiosqlite.Connection) -> int:
        """Apply the migrations this file has not seen, each in its own transaction."""
        await db.execute(SCHEMA_VERSION_TABLE)
        current = await self._stored_version(db)
        latest = len(self.migrations)
        if current > latest:
            raise StoreError(
                f"{self.path} has schema version {current}, newer than this LoreGuard knows "
                f"({latest}); upgrade LoreGuard or use another database"
            )
        for migration in self.migrations[current:]:
            await db.execute("BEGIN IMMEDIATE")
            try:
                # Another process may have migrated while this one waited for the lock.
                if await self._stored_version(db) >= migration.version:
                    await db.execute("ROLLBACK")
                    continue
                for statement in migration.statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, time.time()),
                )
                await db.execute("COMMIT")
            except BaseException:
                await _rollback(db)
                raise
            log.info("%s: applied migration %d (%s)", self.path, migration.version, migration.name)
        return await self._stored_version(db)

    @staticmethod
    async def _stored_version(db: aiosqlite.Connection) -> int:
        rows = await db.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        return int(rows[0][0])

    async def schema_version(self) -> int:
        async with self._read(snapshot=False) as db:
            return await self._stored_version(db)

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction on the writer connection; any exception rolls it back."""
        async with self._write_lock:
            db = self._writer
            if db is None:
                raise StoreError("the store is not open (call open() first)")
            if db.in_transaction:  # a cancelled call may have left one behind
                await _rollback(db)
            try:
                await db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                    await db.execute("COMMIT")
                except BaseException:
                    await _rollback(db)
                    raise
            except sqlite3.Error as exc:
                raise StoreError(f"database error: {exc}") from exc

    @asynccontextmanager
    async def _read(self, snapshot: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """The reader connection; with ``snapshot``, several queries see one committed state."""
        async with self._read_lock:
            db = self._reader
            if db is None:
                raise StoreError("the store is not open (call open() first)")
            try:
                if not snapshot:
                    yield db
                    return
                if db.in_transaction:
                    await _rollback(db)
                await db.execute("BEGIN")
                try:
                    yield db
                finally:
                    await _rollback(db)
            except sqlite3.Error as exc:
                raise StoreError(f"database error: {exc}") from exc

    # campaigns ---------------------------------------------------------------------------------
    async def start_campaign(
        self, channel: ChannelRef, campaign: Campaign, gm_role_id: str | None = None
    ) -> CampaignRecord:
        now = time.time()
        state = new_state(campaign)
        async with self._write() as db:
            # A new campaign keeps the channel's model and game-master role unless told otherwise.
            last = await db.execute_fetchall(
                "SELECT model, gm_role_id FROM campaigns WHERE guild_id = ? AND channel_id = ? "
                "ORDER BY id DESC LIMIT 1",
                (channel.guild_id, channel.channel_id),
            )
            model = last[0][0] if last else None
            if gm_role_id is None and last:
                gm_role_id = last[0][1]
            await self._end_active(db, channel, now)
            row = await db.execute_insert(
                "INSERT INTO campaigns (guild_id, channel_id, campaign, active, version, model, "
                "gm_role_id, created_at) VALUES (?, ?, ?, 1, 0, ?, ?, ?)",
                (channel.guild_id, channel.channel_id, campaign.name, model, gm_role_id, now),
            )
            assert row is not None
            campaign_id = int(row[0])
            await self._write_diff(db, campaign_id, diff_states(WorldState(campaign=campaign.name), state))
        log.info("channel %s: started campaign %s (id %d)", channel, campaign.name, campaign_id)
        return CampaignRecord(
            id=campaign_id, guild_id=channel.guild_id, channel_id=channel.channel_id,
            campaign=campaign.name, active=True, version=0, model=model, gm_role_id=gm_role_id,
            created_at=now,
        )

    @staticmethod
    async def _end_active(db: aiosqlite.Connection, channel: ChannelRef, now: float) -> int:
        # The version moves too, so that a turn in flight on the old campaign cannot commit.
        cursor = await db.execute(
            "UPDATE campaigns SET active = 0, ended_at = ?, version = version + 1 "
            "WHERE guild_id = ? AND channel_id = ? AND active = 1",
            (now, channel.guild_id, channel.channel_id),
        )
        return cursor.rowcount

    async def end_campaign(self, channel: ChannelRef) -> bool:
        async with self._write() as db:
            ended = await self._end_active(db, channel, time.time())
        if ended:
            log.info("channel %s: campaign ended", channel)
        return ended > 0

    async def active_campaign(self, channel: ChannelRef) -> CampaignRecord | None:
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                f"{_CAMPAIGN_SELECT} WHERE guild_id = ? AND channel_id = ? AND active = 1",
                (channel.guild_id, channel.channel_id),
            )
        return campaign_from_row(rows[0]) if rows else None

    async def list_campaigns(self, active_only: bool = True) -> list[CampaignRecord]:
        where = " WHERE active = 1" if active_only else ""
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(f"{_CAMPAIGN_SELECT}{where} ORDER BY id")
        return [campaign_from_row(r) for r in rows]

    async def _set_on_active(self, channel: ChannelRef, column: str, value: str | None) -> None:
        async with self._write() as db:
            cursor = await db.execute(
                f"UPDATE campaigns SET {column} = ? WHERE guild_id = ? AND channel_id = ? AND active = 1",
                (value, channel.guild_id, channel.channel_id),
            )
            if cursor.rowcount == 0:
                raise NoActiveCampaign(f"no active campaign in {channel}")

    async def set_channel_model(self, channel: ChannelRef, model: str | None) -> None:
        await self._set_on_active(channel, "model", model)

    async def set_gm_role(self, channel: ChannelRef, role_id: str | None) -> None:
        await self._set_on_active(channel, "gm_role_id", role_id)

    # state -------------------------------------------------------------------------------------
    @staticmethod
    async def _campaign(db: aiosqlite.Connection, campaign_id: int, *, active: bool) -> CampaignRecord:
        rows = await db.execute_fetchall(f"{_CAMPAIGN_SELECT} WHERE id = ?", (campaign_id,))
        if not rows:
            raise NoActiveCampaign(f"no campaign with id {campaign_id}")
        record = campaign_from_row(rows[0])
        if active and not record.active:
            raise NoActiveCampaign(f"campaign {campaign_id} has ended")
        return record

    @staticmethod
    async def _read_state(db: aiosqlite.Connection, record: CampaignRecord) -> WorldState:
        rows = {
            spec.table: await db.execute_fetchall(_SELECT[spec.table], (record.id,))
            for spec in ENTITY_TABLES
        }
        return state_from_rows(record.campaign, record.id, record.version, rows)

    async def load_state(self, campaign_id: int) -> WorldState:
        async with self._read() as db:
            record = await self._campaign(db, campaign_id, active=False)
            return await self._read_state(db, record)

    async def active_state(self, channel: ChannelRef) -> tuple[CampaignRecord, WorldState] | None:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                f"{_CAMPAIGN_SELECT} WHERE guild_id = ? AND channel_id = ? AND active = 1",
                (channel.guild_id, channel.channel_id),
            )
            if not rows:
                return None
            record = campaign_from_row(rows[0])
            return record, await self._read_state(db, record)

    async def _write_rows(
        self, db: aiosqlite.Connection, spec: EntityTable, campaign_id: int, rows: list[Row]
    ) -> None:
        await db.executemany(_UPSERT[spec.table], [(campaign_id, *row) for row in rows])

    async def _delete_rows(
        self, db: aiosqlite.Connection, spec: EntityTable, campaign_id: int, keys: list[str]
    ) -> None:
        await db.executemany(_DELETE[spec.table], [(campaign_id, key) for key in keys])

    async def _write_diff(self, db: aiosqlite.Connection, campaign_id: int, diff: StateDiff) -> None:
        for table, keys in diff.deletes.items():
            await self._delete_rows(db, _SPECS[table], campaign_id, keys)
        for table, rows in diff.upserts.items():
            await self._write_rows(db, _SPECS[table], campaign_id, rows)

    @staticmethod
    async def _bump_version(db: aiosqlite.Connection, record: CampaignRecord) -> int:
        await db.execute("UPDATE campaigns SET version = version + 1 WHERE id = ?", (record.id,))
        return record.version + 1

    async def save_character(self, campaign_id: int, character: CharacterState) -> None:
        async with self._write() as db:
            record = await self._campaign(db, campaign_id, active=True)
            row = encode_character(character)
            await self._write_rows(db, CHARACTERS, campaign_id, [row])
            await self._bump_version(db, record)

    async def commit_turn(
        self,
        campaign_id: int,
        expected_version: int,
        effects: list[Effect],
        turn: TurnRecord,
        violations: list[ViolationRecord],
        proposals: list[list[Effect]] | None = None,
    ) -> CommitResult:
        now = time.time()
        async with self._write() as db:
            record = await self._campaign(db, campaign_id, active=True)
            if record.version != expected_version:
                raise VersionConflict(
                    f"campaign {campaign_id} is at version {record.version}, "
                    f"the turn was decided at {expected_version}"
                )
            before = await self._read_state(db, record)
            after, refused = apply_turn(before.copy(), effects, proposals)
            diff = diff_states(before, after)
            await self._write_diff(db, campaign_id, diff)
            version = await self._bump_version(db, record)
            created = turn.created_at or now
            row = await db.execute_insert(
                _TURN_INSERT, turn_row(turn, campaign_id, record.guild_id, record.channel_id, created, version)
            )
            assert row is not None
            turn_id = int(row[0])
            await self._insert_violations(db, attributed(violations, record, turn, turn_id), now)
        log.debug(
            "campaign %d: turn %d committed at version %d (%d rows, %d refused)",
            campaign_id, turn_id, version, diff.row_count, len(refused),
        )
        return CommitResult(turn_id=turn_id, version=version, refused=refused)

    async def apply_admin(self, campaign_id: int, effects: list[Effect], note: str) -> int:
        now = time.time()
        async with self._write() as db:
            record = await self._campaign(db, campaign_id, active=True)
            before = await self._read_state(db, record)
            after = before.copy()
            apply_all(after, effects)
            await self._write_diff(db, campaign_id, diff_states(before, after))
            version = await self._bump_version(db, record)
            await db.execute(
                "INSERT INTO admin_changes (campaign_id, note, effects, version, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (campaign_id, note, dumps([effect_to_dict(e) for e in effects]), version, now),
            )
        log.info("campaign %d: game-master change at version %d: %s", campaign_id, version, note)
        return version

    async def admin_changes(self, campaign_id: int, limit: int = 20) -> list[dict[str, Any]]:
        """The game masters' changes to a campaign, newest first."""
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                "SELECT id, note, effects, version, created_at FROM admin_changes "
                "WHERE campaign_id = ? ORDER BY id DESC LIMIT ?",
                (campaign_id, limit),
            )
        return [
            {"id": r[0], "note": r[1], "effects": loads(r[2], []), "version": r[3], "created_at": r[4]}
            for r in rows
        ]

    # log and moderation ------------------------------------------------------------------------
    @staticmethod
    async def _insert_violations(
        db: aiosqlite.Connection, violations: list[ViolationRecord], now: float
    ) -> None:
        if violations:
            await db.executemany(
                _VIOLATION_INSERT, [violation_row(v, v.created_at or now) for v in violations]
            )

    async def record_violations(self, violations: list[ViolationRecord]) -> None:
        if not violations:
            return
        async with self._write() as db:
            await self._insert_violations(db, violations, time.time())

    async def recent_turns(self, campaign_id: int, limit: int = 20) -> list[TurnRecord]:
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                f"{_TURN_SELECT} WHERE campaign_id = ? ORDER BY id DESC LIMIT ?", (campaign_id, limit)
            )
        return [turn_from_row(r) for r in rows]

    async def recent_violations(
        self,
        guild_id: str | None = None,
        kind: str | None = None,
        model: str | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> list[ViolationRecord]:
        where, params = _filters(guild_id=guild_id, kind=kind, model=model)
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                f"{_VIOLATION_SELECT}{where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
                (*params, max(0, limit), max(0, offset)),
            )
        return [violation_from_row(r) for r in rows]

    async def unposted_violations(
        self, limit: int = 50, guild_ids: Sequence[str] | None = None
    ) -> list[ViolationRecord]:
        where, params = _guild_filter(guild_ids)
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                f"{_VIOLATION_SELECT} WHERE posted = 0{where} ORDER BY id LIMIT ?", (*params, max(0, limit))
            )
        return [violation_from_row(r) for r in rows]

    async def claim_unposted(
        self,
        claimer: str,
        limit: int = 50,
        guild_ids: Sequence[str] | None = None,
        lease_seconds: float = CLAIM_LEASE_SECONDS,
    ) -> list[ViolationRecord]:
        # The write transaction (BEGIN IMMEDIATE) is the claim's atomicity: another process on
        # this file waits for it and then sees the rows as claimed.
        now = time.time()
        where, params = _guild_filter(guild_ids)
        async with self._write() as db:
            picked = await db.execute_fetchall(
                "SELECT id FROM violations WHERE posted = 0 AND (claimed_at IS NULL OR claimed_at < ?)"
                f"{where} ORDER BY id LIMIT ?",
                (now - lease_seconds, *params, max(0, limit)),
            )
            ids = json.dumps([r[0] for r in picked])
            await db.execute(
                "UPDATE violations SET claimed_by = ?, claimed_at = ? WHERE id IN (SELECT value FROM json_each(?))",
                (claimer, now, ids),
            )
            rows = await db.execute_fetchall(
                f"{_VIOLATION_SELECT} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id", (ids,)
            )
        return [violation_from_row(r) for r in rows]

    async def release_claims(self, ids: list[int]) -> None:
        if not ids:
            return
        async with self._write() as db:
            await db.execute(
                "UPDATE violations SET claimed_by = NULL, claimed_at = NULL "
                "WHERE posted = 0 AND id IN (SELECT value FROM json_each(?))",
                (json.dumps(list(ids)),),
            )

    async def mark_posted(self, ids: list[int]) -> None:
        if not ids:
            return
        async with self._write() as db:
            await db.execute(
                "UPDATE violations SET posted = 1 WHERE id IN (SELECT value FROM json_each(?))",
                (json.dumps(list(ids)),),
            )

    async def stats(self, guild_id: str | None = None, days: int = 7) -> GuardStats:
        since = time.time() - days * 86400
        where, params = _filters(guild_id=guild_id)
        where = f"{where} AND created_at >= ?" if where else " WHERE created_at >= ?"
        params = (*params, since)
        async with self._read() as db:
            per_model = await db.execute_fetchall(
                "SELECT model, COUNT(*), SUM(findings_count > 0), SUM(shipped_findings = 0), "
                "SUM(CASE WHEN attempts > 1 THEN attempts - 1 ELSE 0 END), SUM(fallback), "
                f"SUM(blocked), SUM(findings_count) FROM turns{where} GROUP BY model",
                params,
            )
            per_kind = await db.execute_fetchall(
                f"SELECT kind, COUNT(*) FROM violations{where} GROUP BY kind", params
            )
        return stats_from_aggregates(days, per_model, per_kind)

    async def set_modlog(self, guild_id: str, channel_id: str | None) -> None:
        async with self._write() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, modlog_channel_id) VALUES (?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET modlog_channel_id = excluded.modlog_channel_id",
                (guild_id, channel_id),
            )

    async def get_modlog(self, guild_id: str) -> str | None:
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall(
                "SELECT modlog_channel_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
            )
        return rows[0][0] if rows else None

    async def get_setting(self, key: str) -> Any:
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall("SELECT value FROM settings WHERE key = ?", (key,))
        return loads(rows[0][0]) if rows else None

    async def set_setting(self, key: str, value: Any) -> None:
        async with self._write() as db:
            if value is None:
                await db.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                await db.execute(
                    "INSERT INTO settings (key, value) VALUES (?, ?) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                    (key, dumps(value)),
                )


    # copying and checking ----------------------------------------------------------------------
    async def export_rows(  # type: ignore[override]
        self, table: TableSpec, batch: int = 1000
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        order = ", ".join(table.order) + (", rowid" if table.insertion else "")
        sql = f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {order}"
        async with self._read() as db:  # one snapshot for the whole table
            async with db.execute(sql) as cursor:
                while rows := await cursor.fetchmany(batch):
                    yield [tuple(r) for r in rows]

    async def import_rows(self, table: TableSpec, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        columns = ", ".join(table.columns)
        updates = ", ".join(f"{c} = excluded.{c}" for c in table.columns if c not in table.key)
        conflict = f"DO UPDATE SET {updates}" if updates else "DO NOTHING"
        sql = (
            f"INSERT INTO {table.name} ({columns}) VALUES ({', '.join('?' * len(table.columns))}) "
            f"ON CONFLICT ({', '.join(table.key)}) {conflict}"
        )
        async with self._write() as db:
            await db.executemany(sql, [table.to_driver(r, booleans_as_int=True) for r in rows])

    @staticmethod
    async def peek_schema_version(path: str) -> int:
        """The schema version of the file at ``path``, read only (nothing is created or migrated);
        0 for a file LoreGuard never opened. StoreError when there is no such file."""
        if path == MEMORY or not Path(path).expanduser().is_file():
            raise StoreError(f"no database file at {path}")

        def read() -> int:
            db = sqlite3.connect(f"file:{Path(path).expanduser()}?mode=ro", uri=True)
            try:
                if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'schema_version'").fetchone():
                    return 0
                return int(db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version").fetchone()[0])
            finally:
                db.close()

        try:
            return await asyncio.to_thread(read)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot read {path}: {exc}") from exc

    async def integrity_problems(self) -> list[str]:
        problems: list[str] = []
        async with self._read(snapshot=False) as db:
            rows = await db.execute_fetchall("PRAGMA integrity_check")
            problems += [f"integrity: {r[0]}" for r in rows if r[0] != "ok"]
            for table, rowid, parent, _ in await db.execute_fetchall("PRAGMA foreign_key_check"):
                problems.append(f"foreign key: {table} row {rowid} points at a missing {parent} row")
            present = {r[0] for r in await db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")}
            problems += [f"missing table: {name}" for name in TABLE_NAMES if name not in present]
            for table in TABLES:
                if table.name in present:
                    columns = {r[1] for r in await db.execute_fetchall(f"PRAGMA table_info({table.name})")}
                    problems += [f"missing column: {table.name}.{c}" for c in table.columns if c not in columns]
            if problems:
                return problems
            for description, sql in orphan_queries():
                count = (await db.execute_fetchall(sql))[0][0]
                if count:
                    problems.append(f"orphan rows: {count} in {description}")
            dup = (await db.execute_fetchall(DUPLICATE_ACTIVE_SQL.format(true=1)))[0][0]
            if dup:
                problems.append(f"{dup} channel(s) with more than one active campaign")
        return problems


def _guild_filter(guild_ids: Sequence[str] | None) -> tuple[str, tuple[Any, ...]]:
    """`` AND guild_id IN (...)`` for a list of any length (one JSON parameter, not one per id)."""
    if guild_ids is None:
        return "", ()
    return " AND guild_id IN (SELECT value FROM json_each(?))", (json.dumps([str(g) for g in guild_ids]),)


def _filters(**equal: str | None) -> tuple[str, tuple[Any, ...]]:
    """`` WHERE a = ? AND b = ?`` for the filters that are set (column names are ours, not input)."""
    clauses = [f"{column} = ?" for column, value in equal.items() if value is not None]
    params = tuple(value for value in equal.values() if value is not None)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), params


async def _rollback(db: aiosqlite.Connection) -> None:
    """Roll back whatever is open; never hide the error that caused it."""
    try:
        await db.rollback()
    except Exception as exc:  # the connection may be gone; the original error matters more
        log.warning("rollback failed: %s", exc)
