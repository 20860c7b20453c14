"""What a PostgreSQL store process remembers of each channel's state between turns.

A turn reads its channel's whole state, decides, then commits with a version check. Reading the
whole state means aggregating every entity table and decoding the result, and the state it
returns is nearly always the one this process committed a moment ago. So each process keeps the
state its last commit left (derived from the rows it read plus the rows it wrote), and a read
sends the version it remembers: the database returns the campaign row always, and the state
only if the version differs (another process, or a game master's command, wrote since). One
small statement, and a read is never stale with respect to any committed write.

Rows edited by hand move the version too (triggers, ``pg_schema``), so a remembered state is
never taken for current after any write, whoever made it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.statecodec import CAMPAIGN_COLUMNS, ENTITY_TABLES, StateDiff

_VERSION = CAMPAIGN_COLUMNS.index("version")
_ID = CAMPAIGN_COLUMNS.index("id")
_GUILD = CAMPAIGN_COLUMNS.index("guild_id")
_CHANNEL = CAMPAIGN_COLUMNS.index("channel_id")
_ACTIVE = CAMPAIGN_COLUMNS.index("active")

Rows = dict[str, list[Sequence[Any]]]


@dataclass(frozen=True, slots=True)
class CachedState:
    """A campaign row and its entity rows in insertion order, as the database holds them at
    ``version``."""

    campaign: tuple[Any, ...]  # ``CAMPAIGN_COLUMNS``
    rows: Rows

    @property
    def id(self) -> int:
        return int(self.campaign[_ID])

    @property
    def version(self) -> int:
        return int(self.campaign[_VERSION])

    @property
    def channel(self) -> tuple[str, str]:
        return (self.campaign[_GUILD], self.campaign[_CHANNEL])

    def with_campaign(self, campaign: Sequence[Any]) -> CachedState:
        """The same state under a fresher campaign row (its model or game-master role may have
        changed without a new version)."""
        return CachedState(tuple(campaign), self.rows)

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
        return CachedState(tuple(campaign), rows)


class StateCache:
    """The states a process remembers, by campaign, the most recently used kept."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[int, CachedState] = OrderedDict()
        self._channels: dict[tuple[str, str], int] = {}
        self.hits = 0  # reads the database answered without sending the state again

    def get(self, campaign_id: int) -> CachedState | None:
        return self._entries.get(campaign_id)

    def at(self, campaign_id: int, version: int) -> CachedState | None:
        """The remembered state if it is at ``version``."""
        entry = self._entries.get(campaign_id)
        return entry if entry is not None and entry.version == version else None

    def for_channel(self, guild_id: str, channel_id: str) -> CachedState | None:
        campaign_id = self._channels.get((guild_id, channel_id))
        return None if campaign_id is None else self._entries.get(campaign_id)

    def remember(self, entry: CachedState) -> CachedState:
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
