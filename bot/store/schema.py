"""The SQLite schema, as an ordered list of migrations (``bot.store.pg_schema`` is its twin).

A database file outlives the code that wrote it: the bot is upgraded in place on a server that
keeps its campaigns. So the schema is never edited, only extended: each migration is applied once,
in its own transaction, and recorded in ``schema_version``; a new release appends migrations and
``open()`` brings any older file up to date. Editing a migration that has shipped would leave
existing files on a schema the code no longer describes.

Table and column names are shared with ``bot.store.statecodec`` (the state tables) so that the row
encoding there stays the single description of what a state row holds.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


_CORE = (
    """CREATE TABLE campaigns (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id    TEXT    NOT NULL,
        channel_id  TEXT    NOT NULL,
        campaign    TEXT    NOT NULL,
        active      INTEGER NOT NULL DEFAULT 1,
        version     INTEGER NOT NULL DEFAULT 0,
        model       TEXT,
        gm_role_id  TEXT,
        created_at  REAL    NOT NULL,
        ended_at    REAL
    )""",
    # At most one active campaign per channel; ended ones are kept as history.
    """CREATE UNIQUE INDEX campaigns_one_active_per_channel
        ON campaigns (guild_id, channel_id) WHERE active = 1""",
    "CREATE INDEX campaigns_by_channel ON campaigns (guild_id, channel_id, id)",
    """CREATE TABLE characters (
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        player_id    TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        char_class   TEXT    NOT NULL,
        hp           INTEGER NOT NULL,
        max_hp       INTEGER NOT NULL,
        ac           INTEGER NOT NULL,
        location     TEXT    NOT NULL,
        gold         INTEGER NOT NULL,
        inventory    TEXT    NOT NULL DEFAULT '[]',
        abilities    TEXT    NOT NULL DEFAULT '[]',
        spells       TEXT    NOT NULL DEFAULT '[]',
        attack_bonus INTEGER NOT NULL,
        active       INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (campaign_id, player_id)
    )""",
    """CREATE TABLE npcs (
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        key          TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        location     TEXT    NOT NULL,
        hp           INTEGER NOT NULL,
        max_hp       INTEGER NOT NULL,
        items        TEXT    NOT NULL DEFAULT '[]',
        disposition  INTEGER NOT NULL DEFAULT 0,
        trust        TEXT    NOT NULL DEFAULT '{}',
        memory       TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (campaign_id, key)
    )""",
    """CREATE TABLE places (
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        key          TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        items        TEXT    NOT NULL DEFAULT '[]',
        contents     TEXT    NOT NULL DEFAULT '{}',
        creatures    TEXT    NOT NULL DEFAULT '[]',
        PRIMARY KEY (campaign_id, key)
    )""",
    """CREATE TABLE features (
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        key          TEXT    NOT NULL,
        name         TEXT    NOT NULL,
        locked       INTEGER NOT NULL DEFAULT 0,
        open         INTEGER,
        PRIMARY KEY (campaign_id, key)
    )""",
    """CREATE TABLE flags (
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        key          TEXT    NOT NULL,
        value        TEXT    NOT NULL,
        PRIMARY KEY (campaign_id, key)
    )""",
)

_LOG = (
    """CREATE TABLE turns (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        campaign_id      INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        guild_id         TEXT    NOT NULL,
        channel_id       TEXT    NOT NULL,
        player_id        TEXT    NOT NULL,
        input            TEXT    NOT NULL,
        intents          TEXT    NOT NULL DEFAULT '[]',
        outcome          TEXT    NOT NULL DEFAULT '{}',
        narration        TEXT    NOT NULL DEFAULT '',
        findings         TEXT    NOT NULL DEFAULT '[]',
        findings_count   INTEGER NOT NULL DEFAULT 0,
        shipped_findings INTEGER NOT NULL DEFAULT 0,
        model            TEXT    NOT NULL DEFAULT '',
        attempts         INTEGER NOT NULL DEFAULT 0,
        fallback         INTEGER NOT NULL DEFAULT 0,
        blocked          INTEGER NOT NULL DEFAULT 0,
        latency_ms       REAL    NOT NULL DEFAULT 0,
        llm_calls        INTEGER NOT NULL DEFAULT 0,
        created_at       REAL    NOT NULL
    )""",
    "CREATE INDEX turns_by_campaign ON turns (campaign_id, id)",
    "CREATE INDEX turns_by_guild_time ON turns (guild_id, created_at)",
    "CREATE INDEX turns_by_time ON turns (created_at)",
    """CREATE TABLE violations (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        guild_id     TEXT    NOT NULL,
        channel_id   TEXT    NOT NULL,
        player_id    TEXT    NOT NULL,
        model        TEXT    NOT NULL DEFAULT '',
        layer        TEXT    NOT NULL,
        kind         TEXT    NOT NULL,
        severity     TEXT    NOT NULL,
        confidence   REAL    NOT NULL,
        span         TEXT    NOT NULL,
        evidence     TEXT    NOT NULL,
        message      TEXT    NOT NULL,
        action       TEXT    NOT NULL,
        attempt      INTEGER NOT NULL DEFAULT 0,
        turn_id      INTEGER REFERENCES turns (id) ON DELETE SET NULL,
        campaign_id  INTEGER REFERENCES campaigns (id) ON DELETE SET NULL,
        created_at   REAL    NOT NULL,
        posted       INTEGER NOT NULL DEFAULT 0
    )""",
    # The moderators' queries: newest first, optionally by guild, kind or model.
    "CREATE INDEX violations_by_time ON violations (created_at, id)",
    "CREATE INDEX violations_by_guild_time ON violations (guild_id, created_at, id)",
    "CREATE INDEX violations_by_kind_time ON violations (kind, created_at, id)",
    "CREATE INDEX violations_by_model_time ON violations (model, created_at, id)",
    "CREATE INDEX violations_by_turn ON violations (turn_id)",
    "CREATE INDEX violations_unposted ON violations (id) WHERE posted = 0",
    # Game masters' changes, outside the turn log: what was done, why, at which version.
    """CREATE TABLE admin_changes (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
        note         TEXT    NOT NULL,
        effects      TEXT    NOT NULL,
        version      INTEGER NOT NULL,
        created_at   REAL    NOT NULL
    )""",
    "CREATE INDEX admin_changes_by_campaign ON admin_changes (campaign_id, id)",
)

_SETTINGS = (
    """CREATE TABLE guild_settings (
        guild_id          TEXT PRIMARY KEY,
        modlog_channel_id TEXT
    )""",
    """CREATE TABLE settings (
        key    TEXT PRIMARY KEY,
        value  TEXT NOT NULL
    )""",
)

# Several bot processes on one database: each turn row records the version it committed at (the
# channel's order, checkable after the fact), and a finding is claimed by one process before it is
# posted, so two processes never post it twice; a claim older than its lease may be taken over.
_SCALE = (
    "ALTER TABLE turns ADD COLUMN version INTEGER",
    "ALTER TABLE violations ADD COLUMN claimed_by TEXT",
    "ALTER TABLE violations ADD COLUMN claimed_at REAL",
    "CREATE INDEX violations_unposted_by_guild ON violations (guild_id, id) WHERE posted = 0",
)

# Rows edited by hand move the campaign's version in PostgreSQL (triggers), so that a process
# holding the state in memory, or a turn decided before the edit, sees it moved on. SQLite needs
# nothing: its store reads the state again inside each write's transaction, and one process holds
# the file.
_HAND_EDITS: tuple[str, ...] = ()

# The names (and versions) are shared with the PostgreSQL migrations in ``bot.store.pg_schema``:
# one schema meaning, two dialects.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "campaigns and world state", _CORE),
    Migration(2, "turn log, violations and game-master changes", _LOG),
    Migration(3, "guild and bot settings", _SETTINGS),
    Migration(4, "turn versions and claimed findings, for several processes", _SCALE),
    Migration(5, "edits by hand move the campaign's version", _HAND_EDITS),
)

SCHEMA_VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)"""


def check_order(migrations: tuple[Migration, ...] | list[Migration]) -> None:
    """Versions must run 1, 2, 3...: a gap or a repeat means a migration was lost or edited."""
    for expected, migration in enumerate(migrations, start=1):
        if migration.version != expected:
            raise ValueError(
                f"migration {migration.name!r} has version {migration.version}, expected {expected}"
            )
