"""How the PostgreSQL store reaches its database: the URL, the pool, and the advisory-lock keys.

Several bot processes share one database, so what they must agree on without talking to each
other lives here: the advisory-lock key of a name (a hash every process computes alike), the
pool options a URL may carry (``?pool_min=&pool_max=``, which asyncpg must not see), and the URL
as it may be shown (without its password). The pool's hooks are here too: what a connection does
when it is opened (plan the turn statements before a turn waits for them) and when it goes back
(nothing, which saves a round trip a query). Kept apart from ``postgres`` because none of it
touches a campaign: it decides how to connect and what to lock, not what to read or write.
"""

from __future__ import annotations

import hashlib
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.store.base import StoreError
from bot.store.pg_sql import _ACTIVE_STATE, _COMMIT, _STATE, _UNKNOWN
from bot.store.statecodec import ENTITY_TABLES

# Connections kept open however idle the bot is. A turn that finds none free waits while one is
# opened and its statements prepared (10-20 ms on loopback), and asyncpg closes a connection
# above the floor after five idle minutes: with a floor of one, the moments when two or three
# channels commit at once were the ones that paid it (the store's p99 at 100 channels).
DEFAULT_POOL_MIN = 4
DEFAULT_POOL_MAX = 10
COMMAND_TIMEOUT_SECONDS = 30.0
# Query parameters of the URL that configure this store rather than the connection.
POOL_PARAMETERS = ("pool_min", "pool_max")

_DB_ERRORS: tuple[type[BaseException], ...] = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


def lock_key(*parts: object) -> int:
    """A stable signed 64-bit advisory-lock key for a name (the same in every process)."""
    text = "\x1f".join(("loreguard", *(str(p) for p in parts)))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big", signed=True)


MIGRATION_LOCK = lock_key("migrations")


def channel_lock_key(guild_id: str, channel_id: str) -> int:
    return lock_key("channel", guild_id, channel_id)


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def split_pool_options(url: str) -> tuple[str, dict[str, int]]:
    """The DSN for asyncpg and the pool options (``?pool_min=&pool_max=``) taken out of it."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query, keep_blank_values=True)
    options: dict[str, int] = {}
    kept = []
    for name, value in query:
        if name in POOL_PARAMETERS:
            try:
                options[name] = int(value)
            except ValueError:
                raise StoreError(f"{name} must be a whole number, not {value!r}") from None
        else:
            kept.append((name, value))
    dsn = urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), parts.fragment))
    return dsn, options


async def _keep_session(conn: asyncpg.Connection) -> None:
    """Nothing to reset when a connection goes back to the pool: the store sets no session state
    (no SET, LISTEN or session lock on pooled connections), and asyncpg still rolls back a
    transaction left open. Skipping asyncpg's reset query saves a round trip per query."""


async def _prepare_turn_statements(conn: asyncpg.Connection) -> None:
    """Prepare and plan a new pool connection's turn statements by running them on nothing (no
    campaign has id 0): otherwise the first turn to use the connection waits 7-10 ms while the
    commit (a dozen sub-statements) is prepared and planned, and a pool opens connections while
    the bot is busy."""
    await conn.fetchrow(_STATE, 0, _UNKNOWN)
    await conn.fetchrow(_ACTIVE_STATE, "", "", _UNKNOWN, _UNKNOWN)
    empty_tables = [[], "[]"] * len(ENTITY_TABLES)
    await conn.fetchrow(_COMMIT, 0, _UNKNOWN, 0, *empty_tables, "{}", "[]")
