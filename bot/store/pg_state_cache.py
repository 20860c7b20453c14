"""What a PostgreSQL store process remembers of each channel's state between turns, and how it
learns that another process changed it.

A turn reads its channel's whole state, decides, then commits with a version check. On loopback
the read is a round trip as costly as the commit, and the state it returns is nearly always the
one this process committed a moment ago. So each process keeps the state its last commit left
(rows, derived from the rows it read plus the rows it wrote) and answers the next read from it,
unless it was told the state moved on: every write a store makes notifies ``loreguard_state``
with the campaign and its new version, and every process listens on a connection of its own.
(A process alone on its database leaves a turn's commit unannounced until another process says
it is listening: on a small machine each notification costs a wake-up of every listener.)

A read answered from memory can be stale only while a notification is in flight, or after a
hand edit (which notifies nobody). Neither can write anything wrong: the commit checks the
version and a fingerprint of the rows the turn was decided on against the tables, under the
channel's lock, and a turn that fails either is re-run on a fresh read. While the listening
connection is down nothing is answered from memory, and what was remembered before it came
back is not trusted for reads (notifications were missed meanwhile).

The fingerprint is computed here from rows and by PostgreSQL from the tables (``fingerprint_sql``)
over the same canonical text, so a state derived in memory can be checked without reading it
back.
"""

from __future__ import annotations

import hashlib
import logging
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.statecodec import CAMPAIGN_COLUMNS, ENTITY_TABLES, StateDiff

log = logging.getLogger(__name__)

NOTIFY_CHANNEL = "loreguard_state"
ANY_VERSION = "*"  # a payload's version when the write changed more than the state (model, activity)
_VERSION = CAMPAIGN_COLUMNS.index("version")
_ID = CAMPAIGN_COLUMNS.index("id")
_GUILD = CAMPAIGN_COLUMNS.index("guild_id")
_CHANNEL = CAMPAIGN_COLUMNS.index("channel_id")
_ACTIVE = CAMPAIGN_COLUMNS.index("active")

# separators of the canonical text: between tables, rows, and a row's values
_TABLE_SEP, _ROW_SEP, _VALUE_SEP, _NULL = "\x1d", "\x1e", "\x1f", "\\N"

Rows = dict[str, list[Sequence[Any]]]


def _text(value: Any) -> str:
    """A value as PostgreSQL's ``::text`` writes it (the entity tables hold text, integers and
    booleans only)."""
    if value is None:
        return _NULL
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def fingerprint(rows: Mapping[str, Sequence[Sequence[Any]]]) -> str:
    """md5 over every entity row (``(key, *columns)``), tables in ``ENTITY_TABLES`` order, rows
    by key in code-point order (PostgreSQL's ``COLLATE "C"`` on UTF-8)."""
    parts = []
    for spec in ENTITY_TABLES:
        ordered = sorted(rows.get(spec.table, ()), key=lambda r: r[0])
        parts.append(_ROW_SEP.join(_VALUE_SEP.join(map(_text, row)) for row in ordered))
    return hashlib.md5(_TABLE_SEP.join(parts).encode()).hexdigest()


def fingerprint_sql(campaign: str) -> str:
    """The same fingerprint computed by PostgreSQL from the tables, for campaign id ``campaign``
    (an SQL expression: a parameter or a column)."""
    tables = []
    for spec in ENTITY_TABLES:
        values = ", ".join(f"coalesce({c}::text, '{_NULL}')" for c in spec.all_columns)
        tables.append(
            f"(SELECT coalesce(string_agg(concat_ws(chr(31), {values}), chr(30) "
            f'ORDER BY {spec.key_column} COLLATE "C"), \'\') FROM {spec.table} WHERE campaign_id = {campaign})'
        )
    return f"md5(convert_to(concat_ws(chr(29), {', '.join(tables)}), 'UTF8'))"


@dataclass(frozen=True, slots=True)
class CachedState:
    """A campaign row and its entity rows in insertion order, as the database holds them at
    ``version``; ``fingerprint`` is theirs."""

    campaign: tuple[Any, ...]  # ``CAMPAIGN_COLUMNS``
    rows: Rows
    fingerprint: str
    generation: int = 0  # the listening connection's life it was remembered in

    @property
    def id(self) -> int:
        return int(self.campaign[_ID])

    @property
    def version(self) -> int:
        return int(self.campaign[_VERSION])

    @property
    def channel(self) -> tuple[str, str]:
        return (self.campaign[_GUILD], self.campaign[_CHANNEL])

    def after(self, diff: StateDiff, version: int) -> CachedState:
        """The state once ``diff`` is written at ``version``: upserted keys keep their place (an
        upsert keeps the row), new keys go last, deleted keys go."""
        rows: Rows = {}
        for spec in ENTITY_TABLES:
            current = self.rows.get(spec.table, [])
            gone = set(diff.deletes.get(spec.table, ()))
            written = {row[0]: row for row in diff.upserts.get(spec.table, ())}
            kept = [written.pop(row[0], row) for row in current if row[0] not in gone]
            rows[spec.table] = kept + list(written.values())
        campaign = list(self.campaign)
        campaign[_VERSION] = version
        return CachedState(tuple(campaign), rows, fingerprint(rows), self.generation)


class StateCache:
    """The states a process remembers, by campaign, and which it may answer reads with."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[int, CachedState] = OrderedDict()
        self._channels: dict[tuple[str, str], int] = {}
        self._newest: OrderedDict[int, int] = OrderedDict()  # versions heard of before they were read
        self.generation = 0
        self.live = False  # the listening connection is up: reads may be answered from memory
        self.hits = 0

    # what the store asks ----------------------------------------------------------------------
    def for_commit(self, campaign_id: int, version: int) -> CachedState | None:
        """The remembered state at ``version``, trusted or not: the commit checks it anyway."""
        entry = self._entries.get(campaign_id)
        return entry if entry is not None and entry.version == version else None

    def remembered(self, campaign_id: int) -> CachedState | None:
        """Whatever is remembered of the campaign, at whatever version."""
        return self._entries.get(campaign_id)

    def for_read(self, campaign_id: int) -> CachedState | None:
        entry = self._entries.get(campaign_id)
        if entry is None or not self.live or entry.generation != self.generation:
            return None
        self.hits += 1
        return entry

    def for_channel(self, guild_id: str, channel_id: str) -> CachedState | None:
        campaign_id = self._channels.get((guild_id, channel_id))
        return None if campaign_id is None else self.for_read(campaign_id)

    def remember(self, entry: CachedState) -> CachedState:
        """Keep ``entry`` unless a newer version of it was announced meanwhile."""
        entry = CachedState(entry.campaign, entry.rows, entry.fingerprint, self.generation)
        if self._newest.get(entry.id, -1) > entry.version:
            self.forget(entry.id)
            return entry
        self._entries[entry.id] = entry
        self._entries.move_to_end(entry.id)
        if entry.campaign[_ACTIVE]:
            self._channels[entry.channel] = entry.id
        while len(self._entries) > self.size:
            old_id, old = self._entries.popitem(last=False)
            if self._channels.get(old.channel) == old_id:
                del self._channels[old.channel]
        return entry

    def forget(self, campaign_id: int) -> None:
        entry = self._entries.pop(campaign_id, None)
        if entry is not None and self._channels.get(entry.channel) == campaign_id:
            del self._channels[entry.channel]

    # what the listener says -------------------------------------------------------------------
    def notified(self, payload: str) -> None:
        """``"<campaign id>:<version>"``: drop what is older; ``"<id>:*"``: drop it whatever it is."""
        campaign, _, version = payload.partition(":")
        try:
            campaign_id = int(campaign)
            newest = None if version == ANY_VERSION else int(version)
        except ValueError:
            log.warning("ignoring a malformed state notification %r", payload[:80])
            return
        entry = self._entries.get(campaign_id)
        if newest is None or (entry is not None and entry.version < newest):
            self.forget(campaign_id)
        if newest is not None:
            self._newest[campaign_id] = max(newest, self._newest.get(campaign_id, -1))
            self._newest.move_to_end(campaign_id)
            while len(self._newest) > self.size:
                self._newest.popitem(last=False)

    def listening(self) -> None:
        """The listening connection is (back) up: from now on notifications are heard, but what
        was remembered before may have missed some."""
        self.generation += 1
        self.live = True

    def deaf(self) -> None:
        self.live = False
