"""World state, turns and violations as table rows, and what changed between two states.

Everything here is plain Python with no SQL dialect in it, so that the SQLite backend and a later
PostgreSQL one describe rows the same way and differ only in their SQL text. A turn writes only the
entities whose value changed (``diff_states``): a busy channel's commit then touches a handful of
rows, not the whole world.

Row shapes: every state row is ``(key, *columns)`` for its table's ``EntityTable``; lists and dicts
travel as compact JSON text; booleans stay Python ``bool`` (SQLite stores them as 0/1, PostgreSQL
would bind them to BOOLEAN).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.store.base import CampaignRecord, GuardStats, TurnRecord, ViolationRecord
from bot.world.state import CharacterState, FeatureState, NPCState, PlaceState, WorldState

Row = tuple[Any, ...]


def _jsonable(value: Any) -> Any:
    """Values a caller may leave in a turn's intents or outcome that JSON does not know."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    dump = getattr(value, "model_dump", None)
    if callable(dump):
        return dump(mode="json")
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    return str(value)


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=_jsonable)


def loads(text: str | None, empty: Any = None) -> Any:
    if text is None or text == "":
        return empty
    return json.loads(text)


# State entities ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntityTable:
    """One kind of state entity: where it lives in ``WorldState`` and how it becomes a row."""

    table: str
    attr: str  # the WorldState dict holding these entities
    key_column: str
    columns: tuple[str, ...]
    encode: Callable[[Any], Row]
    decode: Callable[[str, Sequence[Any]], Any]
    exact: bool = False  # compare encoded rows, not values (flags: True == 1 in Python)

    @property
    def all_columns(self) -> tuple[str, ...]:
        return (self.key_column, *self.columns)


def _encode_character(ch: CharacterState) -> Row:
    return (
        ch.name, ch.char_class, ch.hp, ch.max_hp, ch.ac, ch.location, ch.gold,
        dumps(ch.inventory), dumps(ch.abilities), dumps(ch.spells), ch.attack_bonus,
        bool(ch.active),
    )


def _decode_character(key: str, r: Sequence[Any]) -> CharacterState:
    return CharacterState(
        player_id=key, name=r[0], char_class=r[1], hp=r[2], max_hp=r[3], ac=r[4], location=r[5],
        gold=r[6], inventory=loads(r[7], []), abilities=loads(r[8], []), spells=loads(r[9], []),
        attack_bonus=r[10], active=bool(r[11]),
    )


def _encode_npc(npc: NPCState) -> Row:
    return (
        npc.name, npc.location, npc.hp, npc.max_hp, dumps(npc.items), npc.disposition,
        dumps(npc.trust), dumps(npc.memory),
    )


def _decode_npc(key: str, r: Sequence[Any]) -> NPCState:
    return NPCState(
        name=r[0], location=r[1], hp=r[2], max_hp=r[3], items=loads(r[4], []), disposition=r[5],
        trust=loads(r[6], {}), memory=loads(r[7], []),
    )


def _encode_place(place: PlaceState) -> Row:
    return (place.name, dumps(place.items), dumps(place.contents), dumps(place.creatures))


def _decode_place(key: str, r: Sequence[Any]) -> PlaceState:
    return PlaceState(name=r[0], items=loads(r[1], []), contents=loads(r[2], {}), creatures=loads(r[3], []))


def _encode_feature(feature: FeatureState) -> Row:
    return (feature.name, bool(feature.locked), None if feature.open is None else bool(feature.open))


def _decode_feature(key: str, r: Sequence[Any]) -> FeatureState:
    return FeatureState(name=r[0], locked=bool(r[1]), open=None if r[2] is None else bool(r[2]))


def _encode_flag(value: Any) -> Row:
    return (dumps(value),)


def _decode_flag(key: str, r: Sequence[Any]) -> Any:
    return loads(r[0])


CHARACTERS = EntityTable(
    "characters", "characters", "player_id",
    ("name", "char_class", "hp", "max_hp", "ac", "location", "gold", "inventory", "abilities",
     "spells", "attack_bonus", "active"),
    _encode_character, _decode_character,
)
NPCS = EntityTable(
    "npcs", "npcs", "key",
    ("name", "location", "hp", "max_hp", "items", "disposition", "trust", "memory"),
    _encode_npc, _decode_npc,
)
PLACES = EntityTable(
    "places", "places", "key", ("name", "items", "contents", "creatures"), _encode_place, _decode_place
)
FEATURES = EntityTable(
    "features", "features", "key", ("name", "locked", "open"), _encode_feature, _decode_feature
)
FLAGS = EntityTable("flags", "flags", "key", ("value",), _encode_flag, _decode_flag, exact=True)

ENTITY_TABLES: tuple[EntityTable, ...] = (CHARACTERS, NPCS, PLACES, FEATURES, FLAGS)


def upsert_sql(spec: EntityTable, placeholders: str) -> str:
    """The statement that writes one full row of ``spec``'s table, inserting it or replacing the
    row with its key: the same in both backends' SQL but for ``placeholders``, the dialect's
    parameter list for ``campaign_id`` and ``spec.all_columns``."""
    columns = ("campaign_id", *spec.all_columns)
    updates = ", ".join(f"{c} = excluded.{c}" for c in spec.columns)
    return (
        f"INSERT INTO {spec.table} ({', '.join(columns)}) VALUES ({placeholders}) "
        f"ON CONFLICT (campaign_id, {spec.key_column}) DO UPDATE SET {updates}"
    )


def encode_character(character: CharacterState) -> Row:
    """A character's full row, ``(player_id, *columns)``."""
    return (character.player_id, *_encode_character(character))


@dataclass(slots=True)
class StateDiff:
    """Rows to write per table: ``upserts`` are full rows ``(key, *columns)``, ``deletes`` keys."""

    upserts: dict[str, list[Row]] = field(default_factory=dict)
    deletes: dict[str, list[str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return any(self.upserts.values()) or any(self.deletes.values())

    @property
    def row_count(self) -> int:
        return sum(map(len, self.upserts.values())) + sum(map(len, self.deletes.values()))


_MISSING = object()


def diff_states(before: WorldState, after: WorldState) -> StateDiff:
    """The rows that turn ``before`` into ``after``; unchanged entities are left out."""
    diff = StateDiff()
    for spec in ENTITY_TABLES:
        old: dict[str, Any] = getattr(before, spec.attr)
        new: dict[str, Any] = getattr(after, spec.attr)
        upserts: list[Row] = []
        for key, value in new.items():
            previous = old.get(key, _MISSING)
            if previous is not _MISSING:
                if spec.exact:
                    if spec.encode(previous) == spec.encode(value):
                        continue
                elif previous == value:
                    continue
            upserts.append((key, *spec.encode(value)))
        deletes = [key for key in old if key not in new]
        if upserts:
            diff.upserts[spec.table] = upserts
        if deletes:
            diff.deletes[spec.table] = deletes
    return diff


def state_from_rows(
    campaign: str, campaign_id: int, version: int, rows: Mapping[str, Iterable[Sequence[Any]]]
) -> WorldState:
    """Rebuild a state from each table's rows (``(key, *columns)``, in insertion order)."""
    state = WorldState(campaign=campaign, campaign_id=campaign_id, version=version)
    for spec in ENTITY_TABLES:
        target: dict[str, Any] = getattr(state, spec.attr)
        for row in rows.get(spec.table, ()):
            target[row[0]] = spec.decode(row[0], row[1:])
    return state


# Campaigns --------------------------------------------------------------------------------------

CAMPAIGN_COLUMNS = (
    "id", "guild_id", "channel_id", "campaign", "active", "version", "model", "gm_role_id",
    "created_at",
)


def campaign_from_row(r: Sequence[Any]) -> CampaignRecord:
    return CampaignRecord(
        id=r[0], guild_id=r[1], channel_id=r[2], campaign=r[3], active=bool(r[4]), version=r[5],
        model=r[6], gm_role_id=r[7], created_at=r[8],
    )


# Turn log ---------------------------------------------------------------------------------------

TURN_COLUMNS = (
    "campaign_id", "guild_id", "channel_id", "player_id", "input", "intents", "outcome",
    "narration", "findings", "findings_count", "shipped_findings", "model", "attempts", "fallback",
    "blocked", "latency_ms", "llm_calls", "created_at", "version",
)

# A finding's ``action`` says what the guard did about it (as in ViolationRecord). Only "allowed"
# means the text it was found in went out as is.
SHIPPED_ACTIONS = frozenset({"allowed"})


def shipped_blocking(findings: Iterable[Mapping[str, Any]]) -> int:
    """How many blocking findings were left in the narration that was posted.

    A finding counts as shipped when it is of ``block`` severity and either its ``action`` is
    ``allowed`` or it carries ``shipped: true``. A blocking finding with any other action, or none
    (the repair ladder never posts a blocking finding), was dealt with before posting.
    """
    count = 0
    for f in findings:
        if f.get("severity") != "block":
            continue
        if f.get("shipped") is True or f.get("action") in SHIPPED_ACTIONS:
            count += 1
    return count


def turn_row(
    turn: TurnRecord, campaign_id: int, guild_id: str, channel_id: str, created_at: float,
    version: int | None = None,
) -> Row:
    """``version``: the campaign version the turn committed at (the channel's order)."""
    findings = list(turn.findings)
    return (
        campaign_id, guild_id, channel_id, turn.player_id, turn.input, dumps(turn.intents),
        dumps(turn.outcome), turn.narration, dumps(findings), len(findings),
        shipped_blocking(findings), turn.model, int(turn.attempts), bool(turn.fallback),
        bool(turn.blocked), float(turn.latency_ms), int(turn.llm_calls), created_at,
        turn.version if version is None else version,
    )


def turn_from_row(r: Sequence[Any]) -> TurnRecord:
    """``r`` is ``(id, *TURN_COLUMNS)``."""
    return TurnRecord(
        id=r[0], campaign_id=r[1], player_id=r[4], input=r[5], intents=loads(r[6], []),
        outcome=loads(r[7], {}), narration=r[8], findings=loads(r[9], []), model=r[12],
        attempts=r[13], fallback=bool(r[14]), blocked=bool(r[15]), latency_ms=r[16],
        llm_calls=r[17], created_at=r[18], version=r[19] if len(r) > 19 else None,
    )


# Violations -------------------------------------------------------------------------------------

VIOLATION_COLUMNS = (
    "guild_id", "channel_id", "player_id", "model", "layer", "kind", "severity", "confidence",
    "span", "evidence", "message", "action", "attempt", "turn_id", "campaign_id", "created_at",
    "posted",
)


def violation_row(v: ViolationRecord, created_at: float) -> Row:
    return (
        v.guild_id, v.channel_id, v.player_id, v.model, v.layer, v.kind, v.severity,
        float(v.confidence), v.span, v.evidence, v.message, v.action, int(v.attempt), v.turn_id,
        v.campaign_id, created_at, bool(v.posted),
    )


def violation_from_row(r: Sequence[Any]) -> ViolationRecord:
    """``r`` is ``(id, *VIOLATION_COLUMNS)``."""
    return ViolationRecord(
        id=r[0], guild_id=r[1], channel_id=r[2], player_id=r[3], model=r[4], layer=r[5], kind=r[6],
        severity=r[7], confidence=r[8], span=r[9], evidence=r[10], message=r[11], action=r[12],
        attempt=r[13], turn_id=r[14], campaign_id=r[15], created_at=r[16], posted=bool(r[17]),
    )


# Stats ------------------------------------------------------------------------------------------

UNKNOWN_MODEL = "unknown"


def stats_from_aggregates(
    days: int,
    per_model: Iterable[Sequence[Any]],
    per_kind: Iterable[Sequence[Any]],
) -> GuardStats:
    """Assemble ``GuardStats`` from two grouped queries.

    ``per_model`` rows: (model, turns, turns_with_findings, shipped_clean, retries, fallbacks,
    blocked, findings). ``per_kind`` rows: (kind, count).
    """
    stats = GuardStats(days=days)
    for model, turns, with_findings, clean, retries, fallbacks, blocked, findings in per_model:
        name = model or UNKNOWN_MODEL
        stats.turns += int(turns or 0)
        stats.turns_with_findings += int(with_findings or 0)
        stats.shipped_clean += int(clean or 0)
        stats.retries += int(retries or 0)
        stats.fallbacks += int(fallbacks or 0)
        stats.blocked_actions += int(blocked or 0)
        entry = stats.per_model.setdefault(name, {"turns": 0, "findings": 0, "fallbacks": 0, "retries": 0})
        entry["turns"] += int(turns or 0)
        entry["findings"] += int(findings or 0)
        entry["fallbacks"] += int(fallbacks or 0)
        entry["retries"] += int(retries or 0)
    for kind, count in per_kind:
        stats.per_kind[kind] = stats.per_kind.get(kind, 0) + int(count or 0)
    return stats
