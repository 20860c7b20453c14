"""Persistent state behind one async interface; the database URL picks the backend.

``open_store`` returns a store that is not yet connected: ``async with open_store(url) as store``
(or ``await store.open()``) connects and migrates. A path or ``sqlite:///path`` is the embedded
SQLite file (one process); ``postgresql://`` (or ``postgres://``) is PostgreSQL, shared by several
bot processes. asyncpg is imported only when a PostgreSQL URL is opened.
"""

from __future__ import annotations

import os
from pathlib import Path

from bot.store.base import (
    CampaignRecord,
    ChannelRef,
    CommitResult,
    GuardStats,
    NoActiveCampaign,
    Store,
    StoreError,
    TurnRecord,
    VersionConflict,
    ViolationRecord,
)
from bot.store.sqlite import MEMORY, SQLiteStore

__all__ = [
    "CampaignRecord", "ChannelRef", "CommitResult", "GuardStats", "NoActiveCampaign", "SQLiteStore",
    "Store", "StoreError", "TurnRecord", "VersionConflict", "ViolationRecord", "db_url_from_env",
    "default_db_path", "is_postgres_url", "open_store", "peek_schema_version", "sqlite_path",
]

DB_ENV = "LOREGUARD_DB"
DB_FILE = "loreguard.db"


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/loreguard/loreguard.db`` (``~/.local/share`` when unset); the folder is
    created."""
    base = os.environ.get("XDG_DATA_HOME") or ""
    root = Path(base).expanduser() if base.strip() else Path.home() / ".local" / "share"
    folder = root / "loreguard"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / DB_FILE


def db_url_from_env() -> str | None:
    """The database ``LOREGUARD_DB`` names (a path or a URL), or None for the default."""
    value = os.environ.get(DB_ENV, "").strip()
    return value or None


def sqlite_path(url: str) -> str | None:
    """The file a SQLite URL or plain path points at, or None if ``url`` is not SQLite."""
    if url.startswith("sqlite://"):
        rest = url[len("sqlite://"):]
        if rest in ("", "/"):
            return MEMORY
        # sqlite:///relative.db and sqlite:////absolute.db, as SQLAlchemy spells them.
        return rest[1:] if rest.startswith("/") else rest
    if "://" in url:
        return None
    return url


POSTGRES_SCHEMES = ("postgresql", "postgres")


def is_postgres_url(url: str | None) -> bool:
    return bool(url) and "://" in str(url) and str(url).strip().split("://", 1)[0].lower() in POSTGRES_SCHEMES


async def peek_schema_version(url: str | None = None) -> int:
    """The schema version of the database ``url`` names, without creating or migrating it (0: a
    database LoreGuard never opened). StoreError when a SQLite file does not exist."""
    if url is None or not url.strip():
        return await SQLiteStore.peek_schema_version(str(default_db_path()))
    url = url.strip()
    if is_postgres_url(url):
        from bot.store.postgres import PostgresStore

        return await PostgresStore.peek_schema_version(url)
    path = sqlite_path(url)
    if path is None:
        raise StoreError("unsupported database URL (use a file path, sqlite:///path or postgresql://...)")
    return await SQLiteStore.peek_schema_version(path)


def open_store(url: str | None = None) -> Store:
    """The store for ``url``: None -> the default file; a path or ``sqlite:///path`` -> SQLite;
    ``postgresql://user:password@host:port/database`` -> PostgreSQL."""
    if url is None or not url.strip():
        return SQLiteStore(default_db_path())
    url = url.strip()
    scheme = url.split("://", 1)[0].lower() if "://" in url else ""
    if scheme in POSTGRES_SCHEMES:
        from bot.store.postgres import PostgresStore

        return PostgresStore(url)
    path = sqlite_path(url)
    if path is None:
        raise StoreError(
        f"unsupported database URL scheme {scheme!r} (use a file path, sqlite:///path or postgresql://...)"
    )
    return SQLiteStore(path)
