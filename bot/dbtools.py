"""Whole-database operations: copy one database into another, check one, and measure the store.

``copy_database`` is how a deployment moves up from the embedded SQLite file to PostgreSQL (or back
down): every table is streamed in primary-key order (world state in creation order), written with
its ids kept so references hold, replacing rows with the same key so that a copy re-run after an
interruption finishes the job instead of failing; PostgreSQL's id sequences are then moved past the
copied ids. The copy is not trusted until it is proven: a count and a SHA-256 per table over the
canonical rows (``bot.store.catalog``), computed on both sides, must match.

``check_database`` reports the schema version and what the backend can say about its integrity.
``bench_store`` plays turns through the real engine with the offline narrator at 1, 10 and 100
active channels and reports turns per second, the store's own time per committed turn, and whether
any turn was lost. All three take database URLs as ``open_store`` does.
"""

from __future__ import annotations

import asyncio
import contextvars
import math
import os
import random
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bot.store import is_postgres_url, open_store, peek_schema_version, sqlite_path
from bot.store.base import ChannelRef, Store, StoreError
from bot.store.catalog import TABLES, TableDigest, TableSpec
from bot.store.postgres import redact
from bot.store.schema import MIGRATIONS

COPY_BATCH = 1000


# copy --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class TableCopy:
    table: str
    source_rows: int
    destination_rows: int
    source_checksum: str
    destination_checksum: str

    @property
    def ok(self) -> bool:
        return (self.source_rows, self.source_checksum) == (self.destination_rows, self.destination_checksum)


@dataclass(slots=True)
class CopyReport:
    source: str
    destination: str
    schema_version: int
    tables: list[TableCopy] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return all(t.ok for t in self.tables)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["ok"] = self.ok
        for entry, table in zip(out["tables"], self.tables, strict=True):
            entry["ok"] = table.ok
        return out

    def lines(self) -> list[str]:
        out = [f"copied {self.source} -> {self.destination} (schema version {self.schema_version}, {self.seconds:.1f} s)"]
        for t in self.tables:
            mark = "ok" if t.ok else "MISMATCH"
            out.append(f"  {t.table:<15} {t.source_rows:>9} rows  {t.source_checksum[:16]}  {mark}"
                       + ("" if t.ok else f" (destination: {t.destination_rows} rows, {t.destination_checksum[:16]})"))
        out.append("verified: every table has the same rows" if self.ok else
                   "NOT verified: the tables above differ (was the source written to during the copy? "
                   "stop the bot and run the copy again; rows only the destination had are not removed)")
        return out


def _same_database(a: str, b: str) -> bool:
    pa, pb = sqlite_path(a), sqlite_path(b)
    if pa is not None and pb is not None:
        return os.path.realpath(pa) == os.path.realpath(pb)
    return a.strip() == b.strip()


async def table_digest(store: Store, table: TableSpec) -> TableDigest:
    digest = TableDigest(table)
    async for rows in store.export_rows(table, COPY_BATCH):
        digest.add(rows)
    return digest


async def copy_database(
    source: str, destination: str, *, progress: Callable[[str], None] | None = None
) -> CopyReport:
    """Copy every table of ``source`` into ``destination`` and verify the copy (see the module
    docstring). Both are migrated to the current schema first. Stop the bots writing to the source
    while it runs: rows written meanwhile make the verification fail (run it again)."""
    if _same_database(source, destination):
        raise StoreError("the source and the destination are the same database")
    await peek_schema_version(source)  # a missing source file is an error, not an empty copy
    say = progress or (lambda _: None)
    started = time.perf_counter()
    async with open_store(source) as src, open_store(destination) as dst:
        versions = (await src.schema_version(), await dst.schema_version())
        if versions[0] != versions[1]:
            raise StoreError(f"schema versions differ: source {versions[0]}, destination {versions[1]}")
        report = CopyReport(src.url, dst.url, versions[0])
        for table in TABLES:
            copied = 0
            async for rows in src.export_rows(table, COPY_BATCH):
                await dst.import_rows(table, rows)
                copied += len(rows)
            say(f"{table.name}: {copied} rows")
        await dst.finish_import()
        for table in TABLES:
            a, b = await table_digest(src, table), await table_digest(dst, table)
            report.tables.append(TableCopy(table.name, a.count, b.count, a.checksum, b.checksum))
    report.seconds = time.perf_counter() - started
    return report


# check -------------------------------------------------------------------------------------------


@dataclass(slots=True)
class CheckReport:
    url: str
    backend: str
    schema_version: int
    expected_version: int
    problems: list[str] = field(default_factory=list)
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems and self.schema_version == self.expected_version

    def to_dict(self) -> dict[str, Any]:
        return asdict(self) | {"ok": self.ok}

    def lines(self) -> list[str]:
        out = [f"{self.url} ({self.backend}): schema version {self.schema_version} (this LoreGuard: {self.expected_version})"]
        out += [f"  {name:<15} {count:>9} rows" for name, count in self.rows.items()]
        out += [f"  PROBLEM: {p}" for p in self.problems]
        out.append("ok" if self.ok else "problems found")
        return out


async def check_database(url: str | None) -> CheckReport:
    """Schema version and integrity: SQLite's integrity_check and foreign keys, then for both
    backends the expected tables and columns, rows whose parent is gone, and channels with more
    than one active campaign. Nothing is migrated: a database behind this LoreGuard is reported
    as such (starting LoreGuard on it migrates it)."""
    version = await peek_schema_version(url)
    expected = len(MIGRATIONS)
    backend = "postgresql" if is_postgres_url(url) else "sqlite"
    shown = redact(url) if url else "(default SQLite file)"
    if version != expected:
        report = CheckReport(url=shown, backend=backend, schema_version=version, expected_version=expected)
        if version < expected:
            report.problems.append(
                f"schema version {version} is behind this LoreGuard ({expected}): starting LoreGuard on it "
                "(or `loreguard db copy` into it) applies the missing migrations"
            )
        else:
            report.problems.append(f"schema version {version} is newer than this LoreGuard ({expected}): upgrade LoreGuard")
        return report
    async with open_store(url) as store:
        report = CheckReport(url=store.url, backend=backend, schema_version=version, expected_version=expected)
        report.problems = await store.integrity_problems()
        if not report.problems:
            for table in TABLES:
                report.rows[table.name] = (await table_digest(store, table)).count
    return report


# bench -------------------------------------------------------------------------------------------

BENCH_GUILD = "loreguard-bench"
TARGET_STORE_P99_MS = 5.0
_LINES = (
    "I buy an ale from Greta",
    "I buy a stew from Greta",
    "I take the mug of ale",
    "I give the ale to {other}",
    "I take the wooden stool",
    "I give the stew to {other}",
    "I give the wooden stool to {other}",
)

_turn_times: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar("loreguard_store_time", default=None)


class _TimedStore:
    """The store with every call timed and charged to the turn that made it (per task)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._store, name)
        if not callable(attr) or name.startswith("_"):
            return attr

        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return await attr(*args, **kwargs)
            finally:
                spent = (time.perf_counter() - t0) * 1000
                acc = _turn_times.get()
                if acc is not None:
                    acc["store"] = acc.get("store", 0.0) + spent
                    acc[name] = acc.get(name, 0.0) + spent

        return timed


def _percentiles(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    return {"p50": round(rank(0.50), 3), "p99": round(rank(0.99), 3), "max": round(ordered[-1], 3)}


async def _start_channels(game: Any, store: Store, refs: list[ChannelRef]) -> dict[ChannelRef, int]:
    starts: dict[ChannelRef, int] = {}
    for ref in refs:
        await game.start(ref, "tavern")
        await game.join(ref, "p1", "Ann", "warrior")
        await game.join(ref, "p2", "Bo", "rogue")
        record = await store.active_campaign(ref)
        assert record is not None
        starts[ref] = record.version
    return starts


async def _check_and_end(store: Store, starts: dict[ChannelRef, int], sent: dict[ChannelRef, int]) -> tuple[int, int]:
    """(lost turns, channels whose log is not one gapless order); ends the bench campaigns."""
    lost = out_of_order = 0
    for ref, start in starts.items():
        record = await store.active_campaign(ref)
        assert record is not None
        turns = sorted(await store.recent_turns(record.id, limit=sent[ref] + 10), key=lambda t: t.id or 0)
        lost += sent[ref] - len(turns)
        versions = [t.version for t in turns]
        if versions != list(range(start + 1, start + 1 + len(turns))) or record.version != start + len(turns):
            out_of_order += 1
        await store.end_campaign(ref)
    return lost, out_of_order


async def _pipeline_level(store: Store, refs: list[ChannelRef], per_channel: int, seed: int) -> dict[str, Any]:
    """Whole turns (offline narrator) in every channel at once: turns per second, nothing lost."""
    from bot.errors import GameError
    from bot.game import Game
    from bot.llm.offline import OfflineProvider
    from bot.turn import TurnRunner

    game = Game(_TimedStore(store))  # type: ignore[arg-type]
    rng = random.Random(seed)
    runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda: random.Random(rng.random()))
    starts = await _start_channels(game, store, refs)
    store_ms: list[float] = []
    failures = 0

    async def play(ref: ChannelRef) -> None:
        nonlocal failures
        for k in range(per_channel):
            player, other = ("p1", "Bo") if k % 2 == 0 else ("p2", "Ann")
            acc: dict[str, float] = {}
            token = _turn_times.set(acc)
            try:
                await runner.run(ref, player, _LINES[k % len(_LINES)].format(other=other))
            except GameError:
                failures += 1
                continue
            finally:
                _turn_times.reset(token)
            store_ms.append(acc.get("store", 0.0))
            await runner.prepare(ref)  # as the bot does after replying (indexing, the collector)

    t0 = time.perf_counter()
    await asyncio.gather(*(play(ref) for ref in refs))
    seconds = time.perf_counter() - t0
    lost, out_of_order = await _check_and_end(store, starts, {ref: per_channel for ref in refs})
    return {
        "turns": len(store_ms),
        "seconds": round(seconds, 3),
        "turns_per_second": round(len(store_ms) / seconds, 1) if seconds > 0 else 0.0,
        # wall time in store calls, including waits for the event loop the other channels keep busy
        "store_ms_in_pipeline": _percentiles(store_ms),
        "lost_turns": lost,
        "channels_out_of_order": out_of_order,
        "failed_turns": failures,
    }


async def _paced_turns(rng: random.Random, channels: int, pace: float, per_channel: int) -> AsyncIterator[int]:
    """One channel's turns (0, 1, ...), each after the pause its players take (the model's time,
    their typing): the first anywhere in one round, then about a round between turns, so that
    ``channels`` channels together offer ``pace`` turns a second."""
    think = channels / pace
    await asyncio.sleep(rng.uniform(0, think))
    for k in range(per_channel):
        if k:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        yield k


async def _store_level(store: Store, refs: list[ChannelRef], per_channel: int, pace: float, seed: int) -> dict[str, Any]:
    """The store alone: every channel gets its table and commits a purchase with its turn row, as
    a turn does (``TurnRunner.run``), with no narration in between (so no other work stretches
    the timings). Channels are active the way players make them (``_paced_turns``)."""
    from bot.collector import collect_between_turns
    from bot.game import Game
    from bot.store.base import TurnRecord
    from bot.world.effects import AdjustGold, Holder, TransferItem

    game = Game(store)
    starts = await _start_channels(game, store, refs)
    turn_ms: list[float] = []
    commit_ms: list[float] = []
    outcome = {"success": True, "steps": [{"action_type": "buy", "item": "ale", "gold": 0, "effects": []}]}

    rng = random.Random(seed)

    async def play(ref: ChannelRef) -> None:
        async for k in _paced_turns(rng, len(refs), pace, per_channel):
            player = "p1" if k % 2 == 0 else "p2"
            t0 = time.perf_counter()
            found = await store.remembered_state(ref)  # what a turn's first attempt asks of the store
            assert found is not None
            record, state = found
            t1 = time.perf_counter()
            await store.commit_turn(
                record.id, state.version,
                [AdjustGold(player, 0), TransferItem("ale", Holder("shop"), Holder("player", player))],
                TurnRecord(campaign_id=record.id, player_id=player, input="I buy an ale from Greta",
                           outcome=outcome, narration="Greta pours you an ale and slides it across the bar. " * 3,
                           model="offline", attempts=1),
                [],
            )
            t2 = time.perf_counter()
            turn_ms.append((t2 - t0) * 1000)
            commit_ms.append((t2 - t1) * 1000)
            await store.active_state(ref)  # as the bot does once a turn is answered (TurnRunner.prepare)
            collect_between_turns()

    t0 = time.perf_counter()
    await asyncio.gather(*(play(ref) for ref in refs))
    seconds = time.perf_counter() - t0
    lost, out_of_order = await _check_and_end(store, starts, {ref: per_channel for ref in refs})
    return {
        "turns": len(turn_ms),
        "offered_turns_per_second": pace,
        "store_ms_per_turn": _percentiles(turn_ms),
        "commit_ms": _percentiles(commit_ms),
        "lost_turns": lost,
        "channels_out_of_order": out_of_order,
    }


async def _floor_level(store: Store, channels: int, per_channel: int, pace: float, seed: int, run_id: str) -> dict[str, float]:
    """The database's own floor at the same pace: each channel commits one row of one column
    (``set_setting``), one round trip and one durable commit, so that what the store adds on top
    can be told from what the server and its disk cost on this machine."""
    rng = random.Random(seed)
    ms: list[float] = []

    async def write(n: int) -> None:
        key = f"bench-floor-{run_id}-{n}"
        async for k in _paced_turns(rng, channels, pace, per_channel):
            t0 = time.perf_counter()
            await store.set_setting(key, k)
            ms.append((time.perf_counter() - t0) * 1000)
        await store.set_setting(key, None)

    await asyncio.gather(*(write(n) for n in range(channels)))
    return _percentiles(ms)


async def _bench_level(
    store: Store, channels: int, per_channel: int, run_id: str, seed: int, pace: float = 50.0
) -> dict[str, Any]:
    pipeline = await _pipeline_level(
        store, [ChannelRef(BENCH_GUILD, f"{run_id}-{channels}-p{n}") for n in range(channels)], per_channel, seed
    )
    alone = await _store_level(
        store, [ChannelRef(BENCH_GUILD, f"{run_id}-{channels}-s{n}") for n in range(channels)], per_channel,
        pace, seed,
    )
    return {
        "channels": channels,
        "turns": pipeline["turns"],
        "turns_per_second": pipeline["turns_per_second"],
        "store_ms_per_turn": alone["store_ms_per_turn"],
        "commit_ms": alone["commit_ms"],
        "one_row_commit_ms": await _floor_level(store, channels, per_channel, pace, seed, run_id),
        "lost_turns": pipeline["lost_turns"] + alone["lost_turns"],
        "channels_out_of_order": pipeline["channels_out_of_order"] + alone["channels_out_of_order"],
        "pipeline": pipeline,
        "store_alone": alone,
    }


async def bench_store(
    url: str | None,
    channels: Sequence[int] = (1, 10, 100),
    turns: int = 1000,
    seed: int = 7,
) -> dict[str, Any]:
    """The store at ``url`` under 1, 10 and 100 channels played at once (``channels``), about
    ``turns`` turns per level (at least two per channel; a p99 of 200 turns would be the second
    slowest one, of 1,000 the eleventh), twice per level:

    - ``pipeline``: whole turns through the real engine with the offline narrator: turns per
      second, and whether any turn was lost or logged out of order;
    - ``store_alone``: what a turn asks of the store (get the table, commit a purchase with its
      turn row) with nothing else running, so the timings are the store's own: p50/p99 per
      committed turn (``store_ms_per_turn``) and of the commit alone (``commit_ms``), with the
      channels active as players keep them busy: each pauses between turns, all together 50
      turns a second (100 channels taking a turn every 2 seconds). In the pipeline the same calls
      also wait for the event loop that the other channels' narration keeps busy
      (``pipeline.store_ms_in_pipeline``).

    The process behaves as the bot's does: warmed up and settled at start (``bot.turn.warm_up``);
    a turn gets its table as the process remembers it (``Store.remembered_state``); once it is
    answered, the table is read afresh and the cycle collector's due work is done, while the
    players read (``TurnRunner.prepare``), not left to pause a commit at random.

    It writes campaigns of its own (guild ``loreguard-bench``, ended afterwards): give it a scratch
    database. With ``url`` None it uses a temporary SQLite file."""
    from bot.turn import warm_up

    with tempfile.TemporaryDirectory(prefix="loreguard-bench-") as tmp:
        target = url or str(Path(tmp) / "bench.db")
        store = open_store(target)
        await store.open()
        try:
            run_id = f"{int(time.time())}-{os.getpid()}"
            await _bench_level(store, 2, 5, f"{run_id}-warm", seed)  # connections, caches, imports
            warm_up(["tavern"])  # as the bot starts: its caches built, then kept out of the collector's way
            levels = [
                await _bench_level(store, n, max(2, math.ceil(turns / n)), run_id, seed) for n in channels
            ]
        finally:
            await store.close()
    worst = max((lvl["store_ms_per_turn"]["p99"] for lvl in levels), default=0.0)
    return {
        "backend": "postgresql" if is_postgres_url(target) else "sqlite",
        "url": redact(target) if url else "(temporary SQLite file)",
        "levels": levels,
        "target_store_p99_ms": TARGET_STORE_P99_MS,
        "lost_turns": sum(lvl["lost_turns"] for lvl in levels),
        "worst_store_p99_ms": worst,
    }


def format_store_bench(figures: dict[str, Any]) -> list[str]:
    """``bench_store``'s figures as lines for a terminal."""
    out = [f"store {figures['backend']} {figures['url']}: lost turns {figures['lost_turns']}"
           f" (target: store p99 <= {figures['target_store_p99_ms']} ms per turn)"]
    for lvl in figures["levels"]:
        s, c, f = lvl["store_ms_per_turn"], lvl["commit_ms"], lvl["one_row_commit_ms"]
        out.append(
            f"  {lvl['channels']:>3} channels: {lvl['turns_per_second']:>7} turns/s (offline narrator);"
            f" store per turn p50 {s['p50']} ms p99 {s['p99']} ms; commit p50 {c['p50']} ms p99 {c['p99']} ms;"
            f" a one-row commit at the same pace p50 {f['p50']} ms p99 {f['p99']} ms"
        )
    return out


# command line ------------------------------------------------------------------------------------


def main(args: Any) -> int:
    """``loreguard db copy SRC DST [--json]`` and ``loreguard db check [URL] [--json]``: 0 when
    the copy is verified or the database is sound, 1 when not, 2 when it could not be done."""
    import json
    import sys

    def say(line: str) -> None:
        if not args.json:
            print(line, file=sys.stderr)

    try:
        if args.db_command == "copy":
            report: CopyReport | CheckReport = asyncio.run(copy_database(args.source, args.destination, progress=say))
        else:
            report = asyncio.run(check_database(args.url))
    except StoreError as exc:
        print(f"loreguard db {args.db_command}: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(report.to_dict()))
    else:
        print("\n".join(report.lines()))
    return 0 if report.ok else 1
