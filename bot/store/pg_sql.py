"""The SQL the PostgreSQL store builds from its table catalogs, as text and nothing else.

Nearly every statement here is generated from the column lists of ``statecodec`` and
``catalog``, so a column added there reaches every statement that names it, and the text of each
can be read and compared without a database. The turn's statements are the heart of it: the state read (one
statement, one snapshot, the state sent only when the caller's version is stale) and the commit
(lock, version check and writes in one statement, see ``_commit_sql``). Their texts must stay the
same from turn to turn, because asyncpg prepares each once per connection and PostgreSQL plans it
once. Kept apart from ``postgres`` so that the store reads as what it does with the database,
and these as what it says to it.
"""

from __future__ import annotations

from typing import Any

from bot.store.catalog import TableSpec
from bot.store.pg_schema import WRITER_SETTING
from bot.store.statecodec import (
    CAMPAIGN_COLUMNS,
    ENTITY_TABLES,
    TURN_COLUMNS,
    VIOLATION_COLUMNS,
    EntityTable,
    upsert_sql,
)

_CAMPAIGN_SELECT = f"SELECT {', '.join(CAMPAIGN_COLUMNS)} FROM campaigns"
_TURN_SELECT = f"SELECT id, {', '.join(TURN_COLUMNS)} FROM turns"
_VIOLATION_SELECT = f"SELECT id, {', '.join(VIOLATION_COLUMNS)} FROM violations"


def _placeholders(n: int, start: int = 1) -> str:
    return ", ".join(f"${i}" for i in range(start, start + n))


_VIOLATION_INSERT = (
    f"INSERT INTO violations ({', '.join(VIOLATION_COLUMNS)}) VALUES ({_placeholders(len(VIOLATION_COLUMNS))})"
)
_LOCK = "SELECT pg_advisory_xact_lock($1)"


def _aggregate(spec: EntityTable, campaign: str) -> str:
    """One state table of one campaign as a JSON array of rows, in creation order."""
    return (
        f"(SELECT json_agg(json_build_array({', '.join(spec.all_columns)}) ORDER BY seq) "
        f"FROM {spec.table} WHERE campaign_id = {campaign})"
    )


def _state_sql(where: str, known_id: str, known_version: str) -> str:
    """The campaign row, whether the caller already holds it at this version (``known_id``,
    ``known_version``), and unless it does, its whole state (PostgreSQL skips the subqueries of a
    CASE it does not take). One statement, one snapshot."""
    unchanged = f"c.id = {known_id} AND c.version = {known_version}"
    parts = [f"c.{column}" for column in CAMPAIGN_COLUMNS]
    parts += [f"CASE WHEN {unchanged} THEN NULL ELSE {_aggregate(spec, 'c.id')} END" for spec in ENTITY_TABLES]
    parts.append(f"{unchanged} AS current")
    return f"SELECT {', '.join(parts)} FROM campaigns AS c WHERE {where}"


_STATE = _state_sql("c.id = $1", "$1", "$2")
_ACTIVE_STATE = _state_sql("c.guild_id = $1 AND c.channel_id = $2 AND c.active", "$3", "$4")
_AGGREGATES = len(CAMPAIGN_COLUMNS)  # where the state's JSON texts start in a ``_STATE`` row
_CURRENT = _AGGREGATES + len(ENTITY_TABLES)  # true: "the state you hold is current", none sent
_UNKNOWN = -1  # a version no campaign has: "send me the state"
# Every write transaction of a store says so, for its own length only (so it holds through a
# pooler in any mode): the hand-edit triggers leave its writes alone (it moves the versions itself).
_AS_WRITER = f"SELECT set_config('{WRITER_SETTING}', 'on', true)"


def _upsert_sql(spec: EntityTable) -> str:
    return upsert_sql(spec, _placeholders(1 + len(spec.all_columns)))


_UPSERT = {spec.table: _upsert_sql(spec) for spec in ENTITY_TABLES}


def _commit_sql() -> str:
    """A whole turn in one statement, so one round trip and one implicit transaction:

    1. ``pg_advisory_xact_lock`` on the channel's key (``$3``): turns of a channel queue here, in
       every process, and the lock is held only while the database executes this statement. (First
       the statement marks itself a store's write, for the hand-edit triggers of ``pg_schema``.)
    2. The version check, ``UPDATE campaigns SET version = version + 1 WHERE id = $1 AND version =
       $2`` (and still active). No row updated: nothing below is written.
    3. The changed state rows (deleted keys, upserted rows), the turn row and its violations, each
       written only if step 2 updated the campaign.

    The statement's snapshot may predate the lock; that is safe: PostgreSQL re-checks the UPDATE's
    WHERE on the newest row of a campaign changed meanwhile, so a turn committed in between fails
    the version check. Rows travel as JSON objects typed by the tables' own row types
    (``json_populate_recordset``), so the text is the same for every turn and stays prepared. The
    last columns say why nothing was written when that is the case."""
    ctes = [
        f"wr AS (SELECT set_config('{WRITER_SETTING}', 'on', true) AS w)",
        "lk AS (SELECT pg_advisory_xact_lock($3) AS locked FROM wr)",
        "bump AS (UPDATE campaigns SET version = campaigns.version + 1 FROM lk "
        "WHERE campaigns.id = $1 AND campaigns.version = $2 AND campaigns.active "
        "RETURNING campaigns.version)",
    ]
    param = 4
    for spec in ENTITY_TABLES:
        t, key = spec.table, spec.key_column
        columns = spec.all_columns
        updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in spec.columns)
        ctes.append(
            f"d_{t} AS (DELETE FROM {t} USING bump WHERE {t}.campaign_id = $1 AND {t}.{key} = ANY(${param}::text[]))"
        )
        ctes.append(
            f"u_{t} AS (INSERT INTO {t} (campaign_id, {', '.join(columns)}) "
            f"SELECT $1, {', '.join('r.' + c for c in columns)} "
            f"FROM bump, json_populate_recordset(NULL::{t}, ${param + 1}::json) AS r "
            f"ON CONFLICT (campaign_id, {key}) DO UPDATE SET {updates})"
        )
        param += 2
    turn_values = ", ".join("bump.version" if c == "version" else f"r.{c}" for c in TURN_COLUMNS)
    ctes.append(
        f"t AS (INSERT INTO turns ({', '.join(TURN_COLUMNS)}) SELECT {turn_values} "
        f"FROM bump, json_populate_record(NULL::turns, ${param}::json) AS r RETURNING id)"
    )
    violation_values = ", ".join("t.id" if c == "turn_id" else f"r.{c}" for c in VIOLATION_COLUMNS)
    ctes.append(
        f"v AS (INSERT INTO violations ({', '.join(VIOLATION_COLUMNS)}) SELECT {violation_values} "
        f"FROM t, json_populate_recordset(NULL::violations, ${param + 1}::json) AS r)"
    )
    return (
        "WITH " + ", ".join(ctes) + " SELECT (SELECT version FROM bump) AS new_version, "
        "(SELECT id FROM t) AS turn_id, c.active, c.version "
        "FROM campaigns AS c WHERE c.id = $1"
    )


_COMMIT = _commit_sql()


_DELETE = {
    spec.table: f"DELETE FROM {spec.table} WHERE campaign_id = $1 AND {spec.key_column} = ANY($2::text[])"
    for spec in ENTITY_TABLES
}


def _filters(**equal: str | None) -> tuple[str, tuple[Any, ...]]:
    """`` WHERE a = $1 AND b = $2`` for the filters that are set (column names are ours)."""
    set_ = [(column, value) for column, value in equal.items() if value is not None]
    clauses = [f"{column} = ${i}" for i, (column, _) in enumerate(set_, start=1)]
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), tuple(v for _, v in set_)


# copying and checking ----------------------------------------------------------------------------


def _export_sql(table: TableSpec) -> str:
    """Every row of ``table``, in the order the SQLite store exports it too."""
    # Text keys sort bytewise ("C"), as SQLite's BINARY collation does: one order for both.
    order = [c if c in ("id", "campaign_id") else f'{c} COLLATE "C"' for c in table.order]
    if table.insertion:
        order.append("seq")
    return f"SELECT {', '.join(table.columns)} FROM {table.name} ORDER BY {', '.join(order)}"


def _import_sql(table: TableSpec) -> str:
    """One copied row of ``table``, written over the row with its key if there is one."""
    updates = ", ".join(f"{c} = EXCLUDED.{c}" for c in table.columns if c not in table.key)
    conflict = f"DO UPDATE SET {updates}" if updates else "DO NOTHING"
    return (
        f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({_placeholders(len(table.columns))}) "
        f"ON CONFLICT ({', '.join(table.key)}) {conflict}"
    )


def _serial_reset_sql(table: TableSpec) -> str:
    """``table``'s id sequence moved past the ids a copy brought in."""
    return (
        f"SELECT setval(pg_get_serial_sequence('{table.name}', '{table.serial}'), "
        f"COALESCE(MAX({table.serial}), 0) + 1, false) FROM {table.name}"
    )
