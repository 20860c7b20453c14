"""Every table of the schema as data: columns, key, types that differ between the backends, and
the order rows are read in, so that copying and checking a database are written once.

``loreguard db copy`` moves rows from one backend to the other and then proves the copy by a count
and a checksum per table. The checksum must come out equal whether SQLite or PostgreSQL computed
it, so it is taken over a canonical encoding (``canonical_row``) rather than over what each driver
returns: SQLite has no boolean type (0/1), PostgreSQL has no untyped column, and a REAL that holds
a whole number must still read as a float.

Row order is part of what is copied: a channel's characters, NPCs and places are kept in the order
they were created (``insertion`` tables: SQLite's rowid, PostgreSQL's ``seq`` column), because the
scene lists them in that order. Everything else is ordered by its primary key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from bot.store.statecodec import ENTITY_TABLES, TURN_COLUMNS, VIOLATION_COLUMNS
from bot.store.table_spec import TableSpec


def _entity(table: str, key_column: str, columns: tuple[str, ...], booleans: Iterable[str] = ()) -> TableSpec:
    return TableSpec(
        table, ("campaign_id", key_column, *columns), ("campaign_id", key_column),
        booleans=frozenset(booleans), insertion=True, parent=("campaign_id", "campaigns"),
    )


_ENTITY = {spec.table: spec for spec in ENTITY_TABLES}
_STATE_BOOLEANS = {"characters": ("active",), "features": ("locked", "open")}

CAMPAIGNS = TableSpec(
    "campaigns",
    ("id", "guild_id", "channel_id", "campaign", "active", "version", "model", "gm_role_id",
     "created_at", "ended_at"),
    ("id",), booleans=frozenset({"active"}), floats=frozenset({"created_at", "ended_at"}), serial="id",
)
STATE_TABLES = tuple(
    _entity(spec.table, spec.key_column, spec.columns, _STATE_BOOLEANS.get(spec.table, ()))
    for spec in ENTITY_TABLES
)
TURNS = TableSpec(
    "turns", ("id", *TURN_COLUMNS), ("id",), booleans=frozenset({"fallback", "blocked"}),
    floats=frozenset({"latency_ms", "created_at"}), serial="id", parent=("campaign_id", "campaigns"),
)
VIOLATIONS = TableSpec(
    "violations", ("id", *VIOLATION_COLUMNS, "claimed_by", "claimed_at"), ("id",),
    booleans=frozenset({"posted"}), floats=frozenset({"confidence", "created_at", "claimed_at"}),
    serial="id", parent=("turn_id", "turns"), nullable_parent=True,
)
ADMIN_CHANGES = TableSpec(
    "admin_changes", ("id", "campaign_id", "note", "effects", "version", "created_at"), ("id",),
    floats=frozenset({"created_at"}), serial="id", parent=("campaign_id", "campaigns"),
)
GUILD_SETTINGS = TableSpec("guild_settings", ("guild_id", "modlog_channel_id"), ("guild_id",))
SETTINGS = TableSpec("settings", ("key", "value"), ("key",))

# In the order a copy writes them: every row's parent exists before the row.
TABLES: tuple[TableSpec, ...] = (
    CAMPAIGNS, *STATE_TABLES, TURNS, VIOLATIONS, ADMIN_CHANGES, GUILD_SETTINGS, SETTINGS,
)
TABLE_NAMES: tuple[str, ...] = ("schema_version", *(t.name for t in TABLES))

assert set(_ENTITY) == {t.name for t in STATE_TABLES}


def orphan_queries() -> list[tuple[str, str]]:
    """(description, SQL counting rows whose parent is gone): the same text in both dialects.
    Violations may also point at a campaign; that reference is checked as well."""
    checks: list[tuple[str, str]] = []
    for table in TABLES:
        refs = [table.parent] if table.parent else []
        if table.name == "violations":
            refs.append(("campaign_id", "campaigns"))
        for column, parent in refs:
            checks.append((
                f"{table.name}.{column} -> {parent}.id",
                f"SELECT COUNT(*) FROM {table.name} AS child WHERE child.{column} IS NOT NULL AND NOT EXISTS "
                f"(SELECT 1 FROM {parent} AS p WHERE p.id = child.{column})",
            ))
    return checks


# Two active campaigns in one channel would make turns land in either: the schema forbids it, the
# check proves it.
DUPLICATE_ACTIVE_SQL = (
    "SELECT COUNT(*) FROM (SELECT guild_id, channel_id FROM campaigns WHERE active = {true} "
    "GROUP BY guild_id, channel_id HAVING COUNT(*) > 1) AS dup"
)


class TableDigest:
    """A running count and SHA-256 over a table's canonical rows, in export order."""

    def __init__(self, table: TableSpec) -> None:
        self.table = table
        self.count = 0
        self._hash = hashlib.sha256(table.name.encode())

    def add(self, rows: Iterable[Sequence[Any]]) -> None:
        for row in rows:
            line = json.dumps(self.table.canonical_row(row), ensure_ascii=False, separators=(",", ":"))
            self._hash.update(line.encode())
            self._hash.update(b"\n")
            self.count += 1

    @property
    def checksum(self) -> str:
        return self._hash.hexdigest()
