"""When a shard may IDENTIFY to Discord's gateway, across every process of a deployment.

Discord lets a bot start ``max_concurrency`` sessions per 5 seconds, one per rate-limit bucket
(``shard_id % max_concurrency``), and only so many a day (1,000 for most bots). A process only
spaces its own shards; restart ten processes at once and they IDENTIFY together, get refused, retry
and burn the daily budget. So the bucket is a lock every process shares: the database's
(``Store.process_lock``, a PostgreSQL advisory lock). A shard takes its bucket's lock, IDENTIFYs,
and keeps the lock for the spacing (5 s) before letting the next shard of that bucket go, whichever
process it lives in.

With a store that serves one process (SQLite) there is no shared lock, ``wait_turn`` says so, and
the client keeps discord.py's own in-process spacing.

No Discord here: the client calls ``wait_turn`` from its ``before_identify_hook``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager

log = logging.getLogger(__name__)

IDENTIFY_SPACING_SECONDS = 5.0

LockFactory = Callable[[str], AbstractAsyncContextManager[None] | None]


def identify_bucket(shard_id: int | None, max_concurrency: int) -> int:
    """Discord's rate-limit bucket of a shard."""
    return (shard_id or 0) % max(1, max_concurrency)


class IdentifyGate:
    """Hands out IDENTIFY turns per bucket; ``lock_for(name)`` is the store's ``process_lock``."""

    def __init__(
        self,
        lock_for: LockFactory,
        spacing_seconds: float = IDENTIFY_SPACING_SECONDS,
        hold: Callable[[], Awaitable[object]] | None = None,
    ) -> None:
        self._lock_for = lock_for
        self.spacing_seconds = spacing_seconds
        self._hold = hold or (lambda: asyncio.sleep(self.spacing_seconds))
        self._local: dict[int, asyncio.Lock] = {}  # one waiter per bucket per process holds a connection
        self._holding: set[asyncio.Task[None]] = set()

    async def wait_turn(self, shard_id: int | None, max_concurrency: int) -> bool:
        """Return when ``shard_id`` may IDENTIFY; its bucket stays taken for the spacing after that.
        False when there is no lock shared between processes (the caller spaces shards itself)."""
        bucket = identify_bucket(shard_id, max_concurrency)
        shared = self._lock_for(f"identify:{bucket}")
        if shared is None:
            return False
        local = self._local.setdefault(bucket, asyncio.Lock())
        await local.acquire()
        try:
            await shared.__aenter__()
        except BaseException:
            local.release()
            raise
        log.info("shard %s may identify (bucket %d of %d)", shard_id, bucket, max_concurrency)
        task = asyncio.create_task(self._release_later(shared, local), name=f"loreguard-identify-{bucket}")
        self._holding.add(task)
        task.add_done_callback(self._holding.discard)
        return True

    async def _release_later(self, shared: AbstractAsyncContextManager[None], local: asyncio.Lock) -> None:
        try:
            await self._hold()
        finally:
            try:
                await shared.__aexit__(None, None, None)
            finally:
                local.release()

    @property
    def holding(self) -> int:
        """Buckets this process holds right now."""
        return len(self._holding)

    async def aclose(self) -> None:
        """Let go of every bucket now (shutting down)."""
        tasks = list(self._holding)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
