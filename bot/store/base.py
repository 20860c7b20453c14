"""The one async interface to persistent state. All SQL lives behind it, in ``bot.store``.

The engine and the cogs see only this class and the records below, so a PostgreSQL backend can
stand beside the SQLite one without either of them changing. A turn's changes are committed with
its log row in one transaction (``commit_turn``): a crash mid-turn leaves the state as it was.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any

from bot.store.table_spec import TableSpec
from bot.world.campaign import Campaign
from bot.world.effects import Effect
from bot.world.state import CharacterState, WorldState


# How long a process may sit on findings it claimed for posting before another may take them over.
CLAIM_LEASE_SECONDS = 600.0


class StoreError(Exception):
    """The database could not do what was asked (not a game rule: a broken or locked file)."""


class VersionConflict(StoreError):
    """The channel's state changed since it was read: the turn must be re-run on the new state."""


class NoActiveCampaign(StoreError):
    pass


@dataclass(frozen=True, slots=True)
class ChannelRef:
    """Where a campaign is played: a Discord (guild, channel), or ("local", name) for the
    terminal."""

    guild_id: str
    channel_id: str

    def __str__(self) -> str:
        return f"{self.guild_id}/{self.channel_id}"


@dataclass(slots=True)
class CampaignRecord:
    id: int
    guild_id: str
    channel_id: str
    campaign: str
    active: bool
    version: int
    model: str | None = None
    gm_role_id: str | None = None
    created_at: float = 0.0

    @property
    def channel(self) -> ChannelRef:
        return ChannelRef(self.guild_id, self.channel_id)


@dataclass(slots=True)
class TurnRecord:
    campaign_id: int
    player_id: str
    input: str
    intents: list[dict[str, Any]] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    narration: str = ""
    findings: list[dict[str, Any]] = field(default_factory=list)
    model: str = ""
    attempts: int = 0
    fallback: bool = False
    blocked: bool = False
    latency_ms: float = 0.0
    llm_calls: int = 0
    id: int | None = None
    created_at: float = 0.0
    version: int | None = None  # the campaign version this turn committed at (set by the store)


@dataclass(slots=True)
class ViolationRecord:
    """A finding that was acted upon, as moderators see it."""

    guild_id: str
    channel_id: str
    player_id: str
    model: str
    layer: str
    kind: str
    severity: str
    confidence: float
    span: str
    evidence: str
    message: str
    action: str  # retried | corrected | stripped | fallback | blocked | rejected | allowed
    attempt: int = 0
    turn_id: int | None = None
    campaign_id: int | None = None
    id: int | None = None
    created_at: float = 0.0
    posted: bool = False


@dataclass(slots=True)
class CommitResult:
    turn_id: int
    version: int
    refused: list[tuple[int, str]] = field(default_factory=list)  # (proposal index, reason)


@dataclass(slots=True)
class GuardStats:
    """Per model and per kind, after 002's monitoring: what a moderator's dashboard shows."""

    days: int
    turns: int = 0
    turns_with_findings: int = 0  # raw: the model produced something the guard caught
    shipped_clean: int = 0  # turns posted with no blocking finding left (should be all)
    retries: int = 0
    fallbacks: int = 0
    blocked_actions: int = 0
    per_model: dict[str, dict[str, int]] = field(default_factory=dict)
    per_kind: dict[str, int] = field(default_factory=dict)


class Store(ABC):
    """Async access to campaigns, characters, world state, the turn log and violations."""

    url: str = ""

    @abstractmethod
    async def open(self) -> None:
        """Connect and apply migrations up to the current schema version."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    # campaigns ---------------------------------------------------------------------------------
    @abstractmethod
    async def start_campaign(
        self, channel: ChannelRef, campaign: Campaign, gm_role_id: str | None = None
    ) -> CampaignRecord:
        """Bind a new campaign to the channel (ending any active one) with its starting state."""

    @abstractmethod
    async def end_campaign(self, channel: ChannelRef) -> bool: ...

    @abstractmethod
    async def active_campaign(self, channel: ChannelRef) -> CampaignRecord | None: ...

    @abstractmethod
    async def list_campaigns(self, active_only: bool = True) -> list[CampaignRecord]: ...

    @abstractmethod
    async def set_channel_model(self, channel: ChannelRef, model: str | None) -> None: ...

    @abstractmethod
    async def set_gm_role(self, channel: ChannelRef, role_id: str | None) -> None: ...

    # state -------------------------------------------------------------------------------------
    @abstractmethod
    async def load_state(self, campaign_id: int) -> WorldState:
        """The channel's whole world state, with the version it was read at."""

    async def active_state(self, channel: ChannelRef) -> tuple[CampaignRecord, WorldState] | None:
        """The channel's active campaign and its state, read together (one round trip where the
        backend can), or None when no campaign is running there."""
        record = await self.active_campaign(channel)
        if record is None:
            return None
        state = await self.load_state(record.id)
        record.version = state.version
        return record, state

    async def remembered_state(self, channel: ChannelRef) -> tuple[CampaignRecord, WorldState] | None:
        """The channel's active campaign and state as this process last knew them, without asking
        the database when the backend keeps them; else as ``active_state`` reads them.

        Only for a decision that then commits with ``commit_turn``: its version check refuses a
        turn decided on a state that another process (or a hand edit) has moved on since, and the
        turn is run again on a fresh read. Anything shown to a player as it is reads
        ``active_state``."""
        return await self.active_state(channel)

    @abstractmethod
    async def save_character(self, campaign_id: int, character: CharacterState) -> None:
        """Create or replace a character (join, rejoin, leave sets ``active``)."""

    @abstractmethod
    async def commit_turn(
        self,
        campaign_id: int,
        expected_version: int,
        effects: list[Effect],
        turn: TurnRecord,
        violations: list[ViolationRecord],
        proposals: list[list[Effect]] | None = None,
    ) -> CommitResult:
        """In ONE transaction: check the version, re-apply ``effects`` to the current state
        (EffectError aborts everything), apply each proposal all-or-nothing (a proposal whose
        precondition no longer holds is refused and reported, the rest of the turn stands), write
        the changed state, bump the version, insert the turn row and its violations. Raises
        VersionConflict if the state changed since ``expected_version``."""

    @abstractmethod
    async def apply_admin(self, campaign_id: int, effects: list[Effect], note: str) -> int:
        """A game master's change (give, take, move, set HP), committed on its own; returns the
        new version."""

    # log and moderation ------------------------------------------------------------------------
    @abstractmethod
    async def record_violations(self, violations: list[ViolationRecord]) -> None: ...

    @abstractmethod
    async def recent_turns(self, campaign_id: int, limit: int = 20) -> list[TurnRecord]: ...

    @abstractmethod
    async def recent_violations(
        self,
        guild_id: str | None = None,
        kind: str | None = None,
        model: str | None = None,
        limit: int = 20,
        offset: int = 0,
    ) -> list[ViolationRecord]: ...

    @abstractmethod
    async def unposted_violations(
        self, limit: int = 50, guild_ids: Sequence[str] | None = None
    ) -> list[ViolationRecord]:
        """Findings not posted yet, oldest first; only those of ``guild_ids`` when given (an empty
        list matches nothing). Claimed or not: this is the backlog, as a dashboard shows it."""

    @abstractmethod
    async def claim_unposted(
        self,
        claimer: str,
        limit: int = 50,
        guild_ids: Sequence[str] | None = None,
        lease_seconds: float = CLAIM_LEASE_SECONDS,
    ) -> list[ViolationRecord]:
        """Atomically take unposted findings (of ``guild_ids`` when given) that nobody has claimed
        in the last ``lease_seconds``, for ``claimer`` to post; oldest first. Two processes never
        get the same finding while its claim is fresh."""

    @abstractmethod
    async def release_claims(self, ids: list[int]) -> None:
        """Give back claimed findings that were not posted (a passing failure: try next round)."""

    @abstractmethod
    async def mark_posted(self, ids: list[int]) -> None: ...

    @abstractmethod
    async def stats(self, guild_id: str | None = None, days: int = 7) -> GuardStats: ...

    @abstractmethod
    async def set_modlog(self, guild_id: str, channel_id: str | None) -> None: ...

    @abstractmethod
    async def get_modlog(self, guild_id: str) -> str | None: ...

    @abstractmethod
    async def get_setting(self, key: str) -> Any: ...

    @abstractmethod
    async def set_setting(self, key: str, value: Any) -> None: ...

    @abstractmethod
    async def admin_changes(self, campaign_id: int, limit: int = 20) -> list[dict[str, Any]]:
        """The game masters' changes to a campaign, newest first."""

    # several processes ------------------------------------------------------------------------
    def process_lock(self, name: str) -> AbstractAsyncContextManager[None] | None:
        """A mutex every process on this database shares (held for the ``async with``), or None
        when the backend serves one process only and an in-process lock is enough."""
        return None

    # copying and checking whole databases (``loreguard db``) ----------------------------------
    def export_rows(self, table: TableSpec, batch: int = 1000) -> AsyncIterator[list[tuple[Any, ...]]]:
        """Every row of ``table`` in ``table.columns`` order, in the table's canonical row order,
        as batches."""
        raise NotImplementedError(f"{type(self).__name__} cannot export rows")

    async def import_rows(self, table: TableSpec, rows: Sequence[Sequence[Any]]) -> None:
        """Insert ``rows`` (as ``export_rows`` gives them), replacing rows with the same primary
        key, keeping the ids."""
        raise NotImplementedError(f"{type(self).__name__} cannot import rows")

    async def finish_import(self) -> None:
        """After ``import_rows``: make new ids continue after the imported ones."""

    async def integrity_problems(self) -> list[str]:
        """What is wrong with the database itself (corruption, broken references), in words."""
        raise NotImplementedError(f"{type(self).__name__} cannot check itself")

    async def __aenter__(self) -> Store:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
