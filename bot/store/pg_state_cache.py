"""What a PostgreSQL store process remembers of each channel's state between turns.

A turn reads its channel's whole state, decides, then commits with a version check. Reading the
whole state means aggregating every entity table and decoding the result, and the state it
returns is nearly always the one this process committed a moment ago. So each process keeps the
state its last commit left (decoded once from the rows it read, then moved on by its own turns),
and a read sends the version it remembers: the database returns the campaign row always, and the
state only if the version differs (another process, or a game master's command, wrote since).
One small statement, and a read is never stale with respect to any committed write.

Rows edited by hand move the version too (triggers, ``pg_schema``), so a remembered state is
never taken for current after any write, whoever made it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.store.statecodec import CAMPAIGN_COLUMNS, ENTITY_TABLES, state_from_rows
from bot.world.state import WorldState

_VERSION = CAMPAIGN_COLUMNS.index("version")
_ID = CAMPAIGN_COLUMNS.index("id")
_GUILD = CAMPAIGN_COLUMNS.index("guild_id")
_CHANNEL = CAMPAIGN_COLUMNS.index("channel_id")
_ACTIVE = CAMPAIGN_COLUMNS.index("active")
_CAMPAIGN = CAMPAIGN_COLUMNS.index("campaign")

Rows = dict[str, list[Sequence[Any]]]


@dataclass(frozen=True, slots=True)
class CachedState:
    """A campaign row and its state, decoded, as the database holds them at ``version``.

    The state is the store's own: it is never handed out, only copies of it (``fresh``), so no
    caller's change can make it differ from the rows. A copy costs a tenth of decoding the rows
    again, and a turn needs three (the table it decides on, the state before and after)."""

    campaign: tuple[Any, ...]  # ``CAMPAIGN_COLUMNS``
    state: WorldState

    @property
    def id(self) -> int:
        return int(self.campaign[_ID])

    @property
    def version(self) -> int:
        return int(self.campaign[_VERSION])

    @property
    def channel(self) -> tuple[str, str]:
        return (self.campaign[_GUILD], self.campaign[_CHANNEL])

    @classmethod
    def from_rows(cls, campaign: Sequence[Any], rows: Rows) -> CachedState:
        """From a campaign row and each entity table's rows in insertion order."""
        return cls(tuple(campaign), state_from_rows(
            campaign[_CAMPAIGN], int(campaign[_ID]), int(campaign[_VERSION]), rows
        ))

    def fresh(self) -> WorldState:
        """A copy of the state the caller may change."""
        return self.state.copy()

    def with_campaign(self, campaign: Sequence[Any]) -> CachedState:
        """The same state under a fresher campaign row (its model or game-master role may have
        changed without a new version)."""
        return CachedState(tuple(campaign), self.state)

    def after(self, state: WorldState, version: int) -> CachedState:
        """``state`` (which the caller gives up) as written at ``version``, its entities in the
        tables' order: a key that stayed keeps its place (an upsert keeps the row), a new key
        goes last."""
        for spec in ENTITY_TABLES:
            old: dict[str, Any] = getattr(self.state, spec.attr)
            new: dict[str, Any] = getattr(state, spec.attr)
            kept = [key for key in old if key in new]
            if list(new)[: len(kept)] != kept:  # a key dropped and put back within the turn
                added = [key for key in new if key not in old]
                setattr(state, spec.attr, {key: new[key] for key in kept + added})
        state.version = version
        campaign = list(self.campaign)
        campaign[_VERSION] = version
        return CachedState(tuple(campaign), state)


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
