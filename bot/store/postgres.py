"""The shared store: PostgreSQL through asyncpg, for several bot processes on one database.

Turn order across processes. Every write to a channel's campaign runs in one transaction that
takes ``pg_advisory_xact_lock`` on the channel's key first, so writes to one channel from two
processes (two shards during a deployment overlap, a terminal player, a game master's command)
queue there instead of interleaving. A turn's own check is the version: ``UPDATE campaigns SET
version = version + 1 WHERE id = $1 AND version = $2`` touches no row when another turn committed
since this one read the state, and the caller re-runs the turn (``VersionConflict``).

A turn commits in ONE statement (``_commit_sql``): lock, version check, writes. Its effects are
applied (``statecodec``, as in SQLite) to the state at the version the turn was decided on, so
what is written is always "this turn on top of exactly the state it was decided on", and the
channel's lock is held only for the statement's execution, not across round trips. Every write
moves the version: the store's own writes do it themselves, and a write by anyone else (rows
edited by hand) does it through triggers (``pg_schema``), which skip the store's sessions. The state a turn was decided on is usually the one
this process read or committed last (``pg_state_cache``): then the commit needs no read, and the
turn's read sends the version it holds, so the database returns the state only when another
writer moved it on. Nothing here is held while a model is called: the turn pipeline reads,
decides and narrates first, then commits.

Reads need no lock: a channel's whole state is one statement (``json_agg`` per table), answered
from one snapshot. Migrations run under a session advisory lock, so processes starting together
apply them once. ``process_lock`` gives the Discord client the same kind of lock, for spacing
gateway IDENTIFYs across processes.

No ORM: the SQL is a few dozen statements that mirror the SQLite ones, every one of them sent as
a prepared statement asyncpg keeps per connection; an ORM would add a layer to learn and a
slower path for the one statement that matters (the commit) without removing any SQL we write.

The SQL built from the table catalogs (the state read, the commit, the row writes) is text in
``pg_sql``; the URL, the pool and the advisory-lock keys are ``pg_connection``'s.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

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
from bot.store.catalog import DUPLICATE_ACTIVE_SQL, TABLES, TABLE_NAMES, TableSpec, orphan_queries
from bot.store.pg_connection import (
    COMMAND_TIMEOUT_SECONDS,
    DEFAULT_POOL_MAX,
    DEFAULT_POOL_MIN,
    MIGRATION_LOCK,
    _DB_ERRORS,
    _keep_session,
    _prepare_turn_statements,
    channel_lock_key,
    lock_key,
    redact,
    split_pool_options,
)
from bot.store.pg_schema import MIGRATIONS, SCHEMA_VERSION_TABLE
from bot.store.pg_sql import (
    _ACTIVE_STATE,
    _AGGREGATES,
    _AS_WRITER,
    _CAMPAIGN_SELECT,
    _COMMIT,
    _CURRENT,
    _DELETE,
    _LOCK,
    _STATE,
    _TURN_SELECT,
    _UNKNOWN,
    _UPSERT,
    _VIOLATION_INSERT,
    _VIOLATION_SELECT,
    _export_sql,
    _filters,
    _import_sql,
    _serial_reset_sql,
)
from bot.store.pg_state_cache import CachedState, StateCache
from bot.store.schema import Migration, check_order
from bot.store.statecodec import (
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
    stats_from_aggregates,
    turn_from_row,
    turn_row,
    violation_from_row,
    violation_row,
)
from bot.store.turn_changes import apply_turn, attributed
from bot.world.campaign import Campaign
from bot.world.effects import Effect, apply_all, effect_to_dict
from bot.world.state import CharacterState, WorldState, new_state

log = logging.getLogger(__name__)

STATE_CACHE_SIZE = 4096  # campaigns whose state a process remembers between turns


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


_SPECS = {spec.table: spec for spec in ENTITY_TABLES}


class PostgresStore(Store):
    """``Store`` on a PostgreSQL database, shared by any number of bot processes."""

    def __init__(
        self,
        url: str,
        *,
        min_size: int | None = None,
        max_size: int | None = None,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        dsn, options = split_pool_options(url)
        self._dsn = dsn
        self.url = redact(url)
        self.max_size = max_size if max_size is not None else options.get("pool_max", DEFAULT_POOL_MAX)
        self.min_size = min_size if min_size is not None else options.get(
            "pool_min", min(DEFAULT_POOL_MIN, max(1, self.max_size))  # a small pool_max lowers the floor
        )
        if not 1 <= self.min_size <= self.max_size:
            raise StoreError(f"pool sizes must satisfy 1 <= pool_min <= pool_max (got {self.min_size}, {self.max_size})")
        self.migrations = tuple(migrations)
        check_order(self.migrations)
        self._pool: asyncpg.Pool | None = None
        self._channel_keys: dict[int, int] = {}  # campaign id -> its channel's lock key (never changes)
        # campaign id -> its state as last read or committed here: a turn decided on it commits
        # without reading it again (the commit proves it is still the state in the database),
        # and while the listener hears the other processes' writes, reads are answered from it.
        self._cache = StateCache(STATE_CACHE_SIZE)

    def __repr__(self) -> str:
        return f"PostgresStore({self.url!r})"

    # connections -------------------------------------------------------------------------------
    async def _connect(self) -> asyncpg.Connection:
        try:
            return await asyncpg.connect(self._dsn, command_timeout=COMMAND_TIMEOUT_SECONDS)
        except asyncpg.InvalidCatalogNameError as exc:
            raise StoreError(
                f"cannot open {self.url}: {exc} (create it first: createdb -O <user> <name>)"
            ) from exc
        except (*_DB_ERRORS, ValueError) as exc:
            raise StoreError(f"cannot connect to {self.url}: {exc}") from exc

    async def open(self) -> None:
        if self._pool is not None:
            return
        conn = await self._connect()
        try:
            version = await self._migrate(conn)
        except _DB_ERRORS as exc:
            raise StoreError(f"cannot migrate {self.url}: {exc}") from exc
        finally:
            await conn.close()
        try:
            self._pool = await asyncpg.create_pool(
                self._dsn, min_size=self.min_size, max_size=self.max_size,
                command_timeout=COMMAND_TIMEOUT_SECONDS, reset=_keep_session, init=_prepare_turn_statements,
                # Every statement here is prepared once per connection and looks rows up by key:
                # one generic plan serves every call, instead of planning the commit (a dozen
                # sub-statements) again for each turn. PostgreSQL 12 or newer.
                server_settings={"plan_cache_mode": "force_generic_plan"},
            )
        except _DB_ERRORS as exc:
            raise StoreError(f"cannot connect to {self.url}: {exc}") from exc
        log.info("opened %s (schema version %d, pool %d-%d)", self.url, version, self.min_size, self.max_size)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), timeout=10)
        except asyncio.TimeoutError:
            log.warning("%s: connections still busy after 10 s; closing them anyway", self.url)
            pool.terminate()
        log.info("closed %s", self.url)

    async def _migrate(self, conn: asyncpg.Connection) -> int:
        """Apply the migrations the database has not seen, each in its own transaction, under a
        lock every process on this database takes: two processes starting at once migrate once."""
        await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
        try:
            await conn.execute(SCHEMA_VERSION_TABLE)
            current = await self._stored_version(conn)
            latest = len(self.migrations)
            if current > latest:
                raise StoreError(
                    f"{self.url} has schema version {current}, newer than this LoreGuard knows "
                    f"({latest}); upgrade LoreGuard or use another database"
                )
            for migration in self.migrations[current:]:
                async with conn.transaction():
                    for statement in migration.statements:
                        await conn.execute(statement)
                    await conn.execute(
                        "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                        migration.version, migration.name, time.time(),
                    )
                log.info("%s: applied migration %d (%s)", self.url, migration.version, migration.name)
            return await self._stored_version(conn)
        finally:
            await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    @staticmethod
    async def _stored_version(conn: asyncpg.Connection) -> int:
        return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))

    def _require_pool(self) -> asyncpg.Pool:
        if self._pool is None:
            raise StoreError("the store is not open (call open() first)")
        return self._pool

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One transaction on a pooled connection; any exception rolls it back."""
        pool = self._require_pool()
        try:
            async with pool.acquire() as conn:
                async with conn.transaction():
                    await conn.execute(_AS_WRITER)
                    yield conn
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        try:
            return await self._require_pool().fetch(sql, *args)
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def _fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        try:
            return await self._require_pool().fetchrow(sql, *args)
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def _execute(self, sql: str, *args: Any) -> str:
        try:
            return await self._require_pool().execute(sql, *args)
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def schema_version(self) -> int:
        row = await self._fetchrow("SELECT COALESCE(MAX(version), 0) FROM schema_version")
        assert row is not None
        return int(row[0])

    # campaigns ---------------------------------------------------------------------------------
    async def start_campaign(
        self, channel: ChannelRef, campaign: Campaign, gm_role_id: str | None = None
    ) -> CampaignRecord:
        now = time.time()
        state = new_state(campaign)
        key = channel_lock_key(channel.guild_id, channel.channel_id)
        async with self._transaction() as conn:
            await conn.execute(_LOCK, key)
            last = await conn.fetchrow(
                "SELECT model, gm_role_id FROM campaigns WHERE guild_id = $1 AND channel_id = $2 "
                "ORDER BY id DESC LIMIT 1",
                channel.guild_id, channel.channel_id,
            )
            model = last["model"] if last else None
            if gm_role_id is None and last:
                gm_role_id = last["gm_role_id"]
            await self._end_active(conn, channel, now)
            campaign_id = int(await conn.fetchval(
                "INSERT INTO campaigns (guild_id, channel_id, campaign, active, version, model, gm_role_id, "
                "created_at) VALUES ($1, $2, $3, TRUE, 0, $4, $5, $6) RETURNING id",
                channel.guild_id, channel.channel_id, campaign.name, model, gm_role_id, now,
            ))
            diff = diff_states(WorldState(campaign=campaign.name), state)
            await self._write_diff(conn, campaign_id, diff)
        self._channel_keys[campaign_id] = key
        # the players join and act next: remember the fresh state
        state.campaign_id = campaign_id
        self._cache.remember(CachedState((campaign_id, channel.guild_id, channel.channel_id, campaign.name, True,
                                          0, model, gm_role_id, now), state))
        log.info("channel %s: started campaign %s (id %d)", channel, campaign.name, campaign_id)
        return CampaignRecord(
            id=campaign_id, guild_id=channel.guild_id, channel_id=channel.channel_id,
            campaign=campaign.name, active=True, version=0, model=model, gm_role_id=gm_role_id,
            created_at=now,
        )

    async def _end_active(self, conn: asyncpg.Connection, channel: ChannelRef, now: float) -> int:
        # The version moves too, so that a turn in flight on the old campaign cannot commit.
        ended = await conn.fetch(
            "UPDATE campaigns SET active = FALSE, ended_at = $1, version = version + 1 "
            "WHERE guild_id = $2 AND channel_id = $3 AND active RETURNING id",
            now, channel.guild_id, channel.channel_id,
        )
        for row in ended:
            self._cache.forget(int(row[0]))
        return len(ended)

    async def end_campaign(self, channel: ChannelRef) -> bool:
        async with self._transaction() as conn:
            await conn.execute(_LOCK, channel_lock_key(channel.guild_id, channel.channel_id))
            ended = await self._end_active(conn, channel, time.time())
        if ended:
            log.info("channel %s: campaign ended", channel)
        return ended > 0

    async def active_campaign(self, channel: ChannelRef) -> CampaignRecord | None:
        row = await self._fetchrow(
            f"{_CAMPAIGN_SELECT} WHERE guild_id = $1 AND channel_id = $2 AND active",
            channel.guild_id, channel.channel_id,
        )
        return campaign_from_row(row) if row else None

    async def list_campaigns(self, active_only: bool = True) -> list[CampaignRecord]:
        where = " WHERE active" if active_only else ""
        rows = await self._fetch(f"{_CAMPAIGN_SELECT}{where} ORDER BY id")
        return [campaign_from_row(r) for r in rows]

    async def _set_on_active(self, channel: ChannelRef, column: str, value: str | None) -> None:
        rows = await self._fetch(
            f"UPDATE campaigns SET {column} = $1 WHERE guild_id = $2 AND channel_id = $3 AND active RETURNING id",
            value, channel.guild_id, channel.channel_id,
        )
        if not rows:
            raise NoActiveCampaign(f"no active campaign in {channel}")
        for row in rows:  # the next turn reads the row afresh, not the remembered one
            self._cache.forget(int(row[0]))

    async def set_channel_model(self, channel: ChannelRef, model: str | None) -> None:
        await self._set_on_active(channel, "model", model)

    async def set_gm_role(self, channel: ChannelRef, role_id: str | None) -> None:
        await self._set_on_active(channel, "gm_role_id", role_id)

    # state -------------------------------------------------------------------------------------
    @staticmethod
    def _decode_state(entry: CachedState) -> tuple[CampaignRecord, WorldState]:
        """A fresh record and state (the caller may change them) from a remembered one."""
        return campaign_from_row(entry.campaign), entry.fresh()

    def _entry(self, row: asyncpg.Record, known: CachedState | None = None) -> CachedState:
        """A ``_STATE`` row as a state: ``known`` under the row's campaign columns when the
        database said it is current, else the state the row carries. Only a read outside any
        write may be remembered: inside one, the state may never commit."""
        if row[_CURRENT] and known is not None:
            self._cache.hits += 1
            return known.with_campaign(row[:_AGGREGATES])
        rows = {
            spec.table: json.loads(row[_AGGREGATES + i]) if row[_AGGREGATES + i] is not None else []
            for i, spec in enumerate(ENTITY_TABLES)
        }
        return CachedState.from_rows(row[:_AGGREGATES], rows)

    async def _read_state(self, conn: asyncpg.Connection, campaign_id: int) -> tuple[CampaignRecord, WorldState]:
        row = await conn.fetchrow(_STATE, campaign_id, _UNKNOWN)
        if row is None:
            raise NoActiveCampaign(f"no campaign with id {campaign_id}")
        return self._decode_state(self._entry(row))

    async def _state_entry(self, campaign_id: int) -> CachedState:
        """The campaign's state as the database holds it now, sent only if it is not the one
        this process remembers."""
        known = self._cache.get(campaign_id)
        row = await self._fetchrow(_STATE, campaign_id, known.version if known else _UNKNOWN)
        if row is None:
            raise NoActiveCampaign(f"no campaign with id {campaign_id}")
        return self._cache.remember(self._entry(row, known))

    async def load_state(self, campaign_id: int) -> WorldState:
        return self._decode_state(await self._state_entry(campaign_id))[1]

    async def active_state(self, channel: ChannelRef) -> tuple[CampaignRecord, WorldState] | None:
        known = self._cache.for_channel(channel.guild_id, channel.channel_id)
        row = await self._fetchrow(
            _ACTIVE_STATE, channel.guild_id, channel.channel_id,
            known.id if known else _UNKNOWN, known.version if known else _UNKNOWN,
        )
        if row is None:
            return None
        return self._decode_state(self._cache.remember(self._entry(row, known)))

    async def remembered_state(self, channel: ChannelRef) -> tuple[CampaignRecord, WorldState] | None:
        """See ``Store.remembered_state``: no round trip when this process holds the channel's
        state (a turn's own commit left it, or the last read did)."""
        known = self._cache.for_channel(channel.guild_id, channel.channel_id)
        if known is None:
            return await self.active_state(channel)
        return self._decode_state(known)

    async def _channel_key(self, campaign_id: int) -> int:
        key = self._channel_keys.get(campaign_id)
        if key is None:
            row = await self._fetchrow("SELECT guild_id, channel_id FROM campaigns WHERE id = $1", campaign_id)
            if row is None:
                raise NoActiveCampaign(f"no campaign with id {campaign_id}")
            key = self._channel_keys[campaign_id] = channel_lock_key(row[0], row[1])
        return key

    async def _bump_active(self, conn: asyncpg.Connection, campaign_id: int, expected: int | None = None) -> int:
        """Move the campaign's version on (checking it first when ``expected`` is given); returns the
        new version. Inside the transaction, after the channel lock."""
        if expected is None:
            version = await conn.fetchval(
                "UPDATE campaigns SET version = version + 1 WHERE id = $1 AND active RETURNING version",
                campaign_id,
            )
        else:
            version = await conn.fetchval(
                "UPDATE campaigns SET version = version + 1 WHERE id = $1 AND version = $2 AND active "
                "RETURNING version",
                campaign_id, expected,
            )
        if version is not None:
            return int(version)
        row = await conn.fetchrow("SELECT active, version FROM campaigns WHERE id = $1", campaign_id)
        if row is None:
            raise NoActiveCampaign(f"no campaign with id {campaign_id}")
        if not row["active"]:
            raise NoActiveCampaign(f"campaign {campaign_id} has ended")
        raise VersionConflict(
            f"campaign {campaign_id} is at version {row['version']}, the turn was decided at {expected}"
        )

    async def _write_rows(
        self, conn: asyncpg.Connection, spec: EntityTable, campaign_id: int, rows: list[Row]
    ) -> None:
        await conn.executemany(_UPSERT[spec.table], [(campaign_id, *row) for row in rows])

    async def _delete_rows(
        self, conn: asyncpg.Connection, spec: EntityTable, campaign_id: int, keys: list[str]
    ) -> None:
        await conn.execute(_DELETE[spec.table], campaign_id, keys)

    async def _write_diff(self, conn: asyncpg.Connection, campaign_id: int, diff: StateDiff) -> None:
        for table, keys in diff.deletes.items():
            await self._delete_rows(conn, _SPECS[table], campaign_id, keys)
        for table, rows in diff.upserts.items():
            await self._write_rows(conn, _SPECS[table], campaign_id, rows)

    async def save_character(self, campaign_id: int, character: CharacterState) -> None:
        key = await self._channel_key(campaign_id)
        before = self._cache.get(campaign_id)
        async with self._transaction() as conn:
            await conn.execute(_LOCK, key)
            version = await self._bump_active(conn, campaign_id)
            row = encode_character(character)
            await self._write_rows(conn, CHARACTERS, campaign_id, [row])
        # a player who just joined acts next: remember the state with them in it
        if before is not None and before.version == version - 1:
            state = before.fresh()
            state.characters[character.player_id] = CHARACTERS.decode(row[0], row[1:])
            self._cache.remember(before.after(state, version))
        else:
            self._cache.forget(campaign_id)

    async def commit_turn(
        self,
        campaign_id: int,
        expected_version: int,
        effects: list[Effect],
        turn: TurnRecord,
        violations: list[ViolationRecord],
        proposals: list[list[Effect]] | None = None,
    ) -> CommitResult:
        """See ``Store.commit_turn``. The effects are applied here to the state at
        ``expected_version`` (as this process last read it, or read now), and one statement
        (``_commit_sql``) writes the result only if, under the channel's lock, the campaign is
        still at that version (so its state is still exactly that state)."""
        now = time.time()
        key = await self._channel_key(campaign_id)
        entry = self._cache.at(campaign_id, expected_version) or await self._state_entry(campaign_id)
        record, before = campaign_from_row(entry.campaign), entry.state  # read, never changed
        if not record.active:
            raise NoActiveCampaign(f"campaign {campaign_id} has ended")
        if record.version != expected_version:
            raise VersionConflict(
                f"campaign {campaign_id} is at version {record.version}, the turn was decided at {expected_version}"
            )
        after, refused = apply_turn(entry.fresh(), effects, proposals)
        diff = diff_states(before, after)
        logged = attributed(violations, record, turn)
        version, turn_id = await self._write_turn(
            campaign_id, expected_version, key, diff,
            turn_row(turn, campaign_id, record.guild_id, record.channel_id, turn.created_at or now),
            [violation_row(v, v.created_at or now) for v in logged],
        )
        self._cache.remember(entry.after(after, version))
        log.debug(
            "campaign %d: turn %d committed at version %d (%d rows, %d refused)",
            campaign_id, turn_id, version, diff.row_count, len(refused),
        )
        return CommitResult(turn_id=turn_id, version=version, refused=refused)

    async def _write_turn(
        self, campaign_id: int, expected: int, key: int, diff: StateDiff, turn: Row, violations: list[Row],
    ) -> tuple[int, int]:
        """Run ``_COMMIT``; returns (new version, turn id) or says why nothing was written."""
        params: list[Any] = [campaign_id, expected, key]
        for spec in ENTITY_TABLES:
            params.append(list(diff.deletes.get(spec.table, ())))
            params.append(_json([dict(zip(spec.all_columns, r)) for r in diff.upserts.get(spec.table, ())]))
        params.append(_json(dict(zip(TURN_COLUMNS, turn))))
        params.append(_json([dict(zip(VIOLATION_COLUMNS, v)) for v in violations]))
        result = await self._fetchrow(_COMMIT, *params)
        if result is not None and result["new_version"] is not None:
            return int(result["new_version"]), int(result["turn_id"])
        self._cache.forget(campaign_id)
        if result is None:
            raise NoActiveCampaign(f"no campaign with id {campaign_id}")
        if not result["active"]:
            raise NoActiveCampaign(f"campaign {campaign_id} has ended")
        raise VersionConflict(f"campaign {campaign_id} moved past version {expected} while the turn committed")

    async def apply_admin(self, campaign_id: int, effects: list[Effect], note: str) -> int:
        now = time.time()
        key = await self._channel_key(campaign_id)
        async with self._transaction() as conn:
            await conn.execute(_LOCK, key)
            version = await self._bump_active(conn, campaign_id)
            _, before = await self._read_state(conn, campaign_id)
            after = before.copy()
            apply_all(after, effects)
            await self._write_diff(conn, campaign_id, diff_states(before, after))
            self._cache.forget(campaign_id)
            await conn.execute(
                "INSERT INTO admin_changes (campaign_id, note, effects, version, created_at) "
                "VALUES ($1, $2, $3, $4, $5)",
                campaign_id, note, dumps([effect_to_dict(e) for e in effects]), version, now,
            )
        log.info("campaign %d: game-master change at version %d: %s", campaign_id, version, note)
        return version

    async def admin_changes(self, campaign_id: int, limit: int = 20) -> list[dict[str, Any]]:
        rows = await self._fetch(
            "SELECT id, note, effects, version, created_at FROM admin_changes "
            "WHERE campaign_id = $1 ORDER BY id DESC LIMIT $2",
            campaign_id, limit,
        )
        return [
            {"id": r[0], "note": r[1], "effects": loads(r[2], []), "version": r[3], "created_at": r[4]}
            for r in rows
        ]

    # log and moderation ------------------------------------------------------------------------
    @staticmethod
    async def _insert_violations(
        conn: asyncpg.Connection, violations: list[ViolationRecord], now: float
    ) -> None:
        if violations:
            await conn.executemany(
                _VIOLATION_INSERT, [violation_row(v, v.created_at or now) for v in violations]
            )

    async def record_violations(self, violations: list[ViolationRecord]) -> None:
        if not violations:
            return
        async with self._transaction() as conn:
            await self._insert_violations(conn, violations, time.time())

    async def recent_turns(self, campaign_id: int, limit: int = 20) -> list[TurnRecord]:
        rows = await self._fetch(
            f"{_TURN_SELECT} WHERE campaign_id = $1 ORDER BY id DESC LIMIT $2", campaign_id, limit
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
        n = len(params)
        rows = await self._fetch(
            f"{_VIOLATION_SELECT}{where} ORDER BY created_at DESC, id DESC LIMIT ${n + 1} OFFSET ${n + 2}",
            *params, max(0, limit), max(0, offset),
        )
        return [violation_from_row(r) for r in rows]

    async def unposted_violations(
        self, limit: int = 50, guild_ids: Sequence[str] | None = None
    ) -> list[ViolationRecord]:
        if guild_ids is None:
            rows = await self._fetch(f"{_VIOLATION_SELECT} WHERE NOT posted ORDER BY id LIMIT $1", max(0, limit))
        else:
            rows = await self._fetch(
                f"{_VIOLATION_SELECT} WHERE NOT posted AND guild_id = ANY($2::text[]) ORDER BY id LIMIT $1",
                max(0, limit), [str(g) for g in guild_ids],
            )
        return [violation_from_row(r) for r in rows]

    async def claim_unposted(
        self,
        claimer: str,
        limit: int = 50,
        guild_ids: Sequence[str] | None = None,
        lease_seconds: float = CLAIM_LEASE_SECONDS,
    ) -> list[ViolationRecord]:
        # SKIP LOCKED: a process claiming at the same moment takes other rows instead of waiting;
        # a row another process claimed and committed meanwhile fails the re-checked WHERE.
        now = time.time()
        guild_clause = "" if guild_ids is None else " AND guild_id = ANY($5::text[])"
        params: list[Any] = [claimer, now, now - lease_seconds, max(0, limit)]
        if guild_ids is not None:
            params.append([str(g) for g in guild_ids])
        returning = ", ".join(("id", *VIOLATION_COLUMNS))
        rows = await self._fetch(
            "UPDATE violations SET claimed_by = $1, claimed_at = $2 WHERE id IN ("
            "SELECT id FROM violations WHERE NOT posted AND (claimed_at IS NULL OR claimed_at < $3)"
            f"{guild_clause} ORDER BY id LIMIT $4 FOR UPDATE SKIP LOCKED) RETURNING {returning}",
            *params,
        )
        return sorted((violation_from_row(r) for r in rows), key=lambda v: v.id or 0)

    async def release_claims(self, ids: list[int]) -> None:
        if ids:
            await self._execute(
                "UPDATE violations SET claimed_by = NULL, claimed_at = NULL WHERE NOT posted AND id = ANY($1::bigint[])",
                list(ids),
            )

    async def mark_posted(self, ids: list[int]) -> None:
        if ids:
            await self._execute("UPDATE violations SET posted = TRUE WHERE id = ANY($1::bigint[])", list(ids))

    async def stats(self, guild_id: str | None = None, days: int = 7) -> GuardStats:
        since = time.time() - days * 86400
        where, params = _filters(guild_id=guild_id)
        n = len(params) + 1
        where = f"{where} AND created_at >= ${n}" if where else f" WHERE created_at >= ${n}"
        params = (*params, since)
        try:
            async with self._require_pool().acquire() as conn:
                async with conn.transaction(isolation="repeatable_read", readonly=True):
                    per_model = await conn.fetch(
                        "SELECT model, COUNT(*), COUNT(*) FILTER (WHERE findings_count > 0), "
                        "COUNT(*) FILTER (WHERE shipped_findings = 0), "
                        "SUM(CASE WHEN attempts > 1 THEN attempts - 1 ELSE 0 END), "
                        "COUNT(*) FILTER (WHERE fallback), COUNT(*) FILTER (WHERE blocked), "
                        f"SUM(findings_count) FROM turns{where} GROUP BY model",
                        *params,
                    )
                    per_kind = await conn.fetch(
                        f"SELECT kind, COUNT(*) FROM violations{where} GROUP BY kind", *params
                    )
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc
        return stats_from_aggregates(days, [tuple(r) for r in per_model], [tuple(r) for r in per_kind])

    async def set_modlog(self, guild_id: str, channel_id: str | None) -> None:
        await self._execute(
            "INSERT INTO guild_settings (guild_id, modlog_channel_id) VALUES ($1, $2) "
            "ON CONFLICT (guild_id) DO UPDATE SET modlog_channel_id = EXCLUDED.modlog_channel_id",
            guild_id, channel_id,
        )

    async def get_modlog(self, guild_id: str) -> str | None:
        row = await self._fetchrow("SELECT modlog_channel_id FROM guild_settings WHERE guild_id = $1", guild_id)
        return row[0] if row else None

    async def get_setting(self, key: str) -> Any:
        row = await self._fetchrow("SELECT value FROM settings WHERE key = $1", key)
        return loads(row[0]) if row else None

    async def set_setting(self, key: str, value: Any) -> None:
        if value is None:
            await self._execute("DELETE FROM settings WHERE key = $1", key)
        else:
            await self._execute(
                "INSERT INTO settings (key, value) VALUES ($1, $2) "
                "ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                key, dumps(value),
            )

    # several processes ------------------------------------------------------------------------
    def process_lock(self, name: str) -> Any:
        return self._session_lock(lock_key("process", name))

    @asynccontextmanager
    async def _session_lock(self, key: int) -> AsyncIterator[None]:
        """A session advisory lock on a connection of its own (not the pool's: a process waiting
        here for minutes must not starve its turns of connections). A process that dies drops
        its connection, and PostgreSQL releases the lock with it."""
        conn = await self._connect()
        try:
            await conn.execute("SELECT pg_advisory_lock($1)", key)
            try:
                yield
            finally:
                if not conn.is_closed():
                    await conn.execute("SELECT pg_advisory_unlock($1)", key)
        finally:
            await conn.close()

    # copying and checking ----------------------------------------------------------------------
    async def export_rows(  # type: ignore[override]
        self, table: TableSpec, batch: int = 1000
    ) -> AsyncIterator[list[tuple[Any, ...]]]:
        sql = _export_sql(table)
        try:
            async with self._require_pool().acquire() as conn:
                async with conn.transaction(isolation="repeatable_read", readonly=True):
                    chunk: list[tuple[Any, ...]] = []
                    async for record in conn.cursor(sql, prefetch=batch):
                        chunk.append(tuple(record))
                        if len(chunk) >= batch:
                            yield chunk
                            chunk = []
                    if chunk:
                        yield chunk
        except _DB_ERRORS as exc:
            raise StoreError(f"database error: {exc}") from exc

    async def import_rows(self, table: TableSpec, rows: Sequence[Sequence[Any]]) -> None:
        if not rows:
            return
        sql = _import_sql(table)
        async with self._transaction() as conn:
            await conn.executemany(sql, [table.to_driver(r, booleans_as_int=False) for r in rows])

    async def finish_import(self) -> None:
        async with self._transaction() as conn:
            for table in TABLES:
                if table.serial:
                    await conn.execute(_serial_reset_sql(table))

    @staticmethod
    async def peek_schema_version(url: str) -> int:
        """The schema version of the database at ``url``, read only (nothing is migrated); 0 for
        a database LoreGuard never opened."""
        store = PostgresStore(url)
        conn = await store._connect()
        try:
            if await conn.fetchval("SELECT to_regclass('schema_version')") is None:
                return 0
            return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))
        except _DB_ERRORS as exc:
            raise StoreError(f"cannot read {store.url}: {exc}") from exc
        finally:
            await conn.close()

    async def integrity_problems(self) -> list[str]:
        problems: list[str] = []
        columns = await self._fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
        )
        present: dict[str, set[str]] = {}
        for row in columns:
            present.setdefault(row[0], set()).add(row[1])
        problems += [f"missing table: {name}" for name in TABLE_NAMES if name not in present]
        for table in TABLES:
            if table.name in present:
                problems += [
                    f"missing column: {table.name}.{c}" for c in table.columns if c not in present[table.name]
                ]
        if problems:
            return problems
        for description, sql in orphan_queries():
            row = await self._fetchrow(sql)
            if row and row[0]:
                problems.append(f"orphan rows: {row[0]} in {description}")
        row = await self._fetchrow(DUPLICATE_ACTIVE_SQL.format(true="TRUE"))
        if row and row[0]:
            problems.append(f"{row[0]} channel(s) with more than one active campaign")
        return problems
