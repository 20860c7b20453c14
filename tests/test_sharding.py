"""Sharded processes: which bot ``loreguard run`` starts and with which shards, IDENTIFY spaced per
bucket across processes by a PostgreSQL advisory lock (SQLite keeps discord.py's own spacing), and
the moderators' log posted once per finding when several processes share the database."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import asyncpg
import discord
import pytest

from bot.client import LoreGuardBot, ShardedLoreGuardBot, bot_for_run, run_bot, shard_plan
from bot.settings import Settings
from bot.shard_identify import IdentifyGate, identify_bucket
from bot.store import Store, ViolationRecord, open_store
from cogs.moderation import ModerationCog
from discord_harness import make_harness  # noqa: F401  (fixture)
from pg_cluster import pg_cluster, pg_url  # noqa: F401  (fixtures)


def settings(tmp_path: Any, **values: Any) -> Settings:
    base = {"db": str(tmp_path / "loreguard.db"), "llm": "offline", "model": None, "discord_token": None,
            "guard_config_file": None}
    return Settings(_env_file=None, **(base | values))


# which bot, which shards --------------------------------------------------------------------------


def test_run_starts_an_auto_sharded_bot_with_this_processes_shards(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOREGUARD_SHARD_COUNT", "4")
    monkeypatch.setenv("LOREGUARD_SHARD_IDS", "3, 2")
    bot = bot_for_run(Settings(_env_file=None, db=str(tmp_path / "x.db")))
    assert isinstance(bot, ShardedLoreGuardBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    assert not bot.holds_every_shard()


def test_without_shard_settings_one_process_shards_automatically(tmp_path: Any) -> None:
    bot = bot_for_run(settings(tmp_path))
    assert isinstance(bot, discord.AutoShardedClient)
    assert (bot.shard_count, bot.shard_ids) == (None, None)  # Discord says how many; all run here
    assert bot.holds_every_shard()


def test_shard_settings_that_cannot_work_are_refused_with_what_to_fix(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="needs LOREGUARD_SHARD_COUNT"):
        shard_plan(settings(tmp_path, shard_ids=[0, 1]))
    with pytest.raises(ValueError, match=r"\[4\] are not shards of 4"):
        shard_plan(settings(tmp_path, shard_count=4, shard_ids=[0, 4]))
    with pytest.raises(ValueError, match="twice"):
        shard_plan(settings(tmp_path, shard_count=4, shard_ids=[1, 1]))
    assert run_bot(settings(tmp_path, discord_token="token", shard_ids=[0])) == 2
    assert "LOREGUARD_SHARD_COUNT" in capsys.readouterr().err


async def test_a_sharded_process_opens_its_engine_without_syncing_commands(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    bot = bot_for_run(settings(tmp_path, shard_count=2, shard_ids=[1]))

    async def no_sync(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("commands must not be synced on start: one operator runs `loreguard sync` once")

    monkeypatch.setattr(bot.tree, "sync", no_sync)
    await bot._async_setup_hook()
    try:
        await bot.setup_hook()
        assert bot.store is not None and bot.identify_gate is not None
    finally:
        await bot.close()


# IDENTIFY ---------------------------------------------------------------------------------------


def test_shards_share_a_bucket_by_shard_id_modulo_max_concurrency() -> None:
    assert [identify_bucket(s, 1) for s in range(4)] == [0, 0, 0, 0]
    assert [identify_bucket(s, 16) for s in (0, 15, 16, 33)] == [0, 15, 0, 1]
    assert identify_bucket(None, 4) == 0


async def _waiting_advisory_locks(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval(
            "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ))
    finally:
        await conn.close()


async def _until(predicate: Any, what: str, deadline: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    while not await predicate():
        if loop.time() > end:
            raise AssertionError(f"never happened: {what}")
        await asyncio.sleep(0.02)


class Hold:
    """A hold the test ends: the bucket stays taken until ``release()``."""

    def __init__(self) -> None:
        self.event = asyncio.Event()
        self.started = 0

    async def __call__(self) -> None:
        self.started += 1
        await self.event.wait()

    def release(self) -> None:
        self.event.set()


async def test_identify_of_one_bucket_waits_for_another_process_across_the_database(pg_url: str) -> None:  # noqa: F811
    first_hold, second_hold = Hold(), Hold()
    async with open_store(pg_url) as first_store, open_store(pg_url) as second_store:
        first = IdentifyGate(first_store.process_lock, hold=first_hold)  # process A
        second = IdentifyGate(second_store.process_lock, hold=second_hold)  # process B
        assert await first.wait_turn(0, max_concurrency=2) is True  # A identifies shard 0 (bucket 0)
        blocked = asyncio.create_task(second.wait_turn(2, max_concurrency=2))  # B's shard 2: bucket 0 too
        await _until(lambda: _one_waiting(pg_url), "process B waiting on bucket 0's lock")
        assert not blocked.done()
        # Another bucket is not held up.
        assert await asyncio.wait_for(second.wait_turn(1, max_concurrency=2), timeout=30) is True
        first_hold.release()  # A's spacing is over: B's shard 2 may identify now
        assert await asyncio.wait_for(blocked, timeout=30) is True
        assert second_hold.started == 2
        second_hold.release()
        await first.aclose()
        await second.aclose()
        await _until(lambda: _no_advisory_locks(pg_url), "every identify lock released")


async def _one_waiting(url: str) -> bool:
    return await _waiting_advisory_locks(url) >= 1


async def _no_advisory_locks(url: str) -> bool:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory'")) == 0
    finally:
        await conn.close()


async def test_a_process_that_stops_gives_its_identify_bucket_back(pg_url: str) -> None:  # noqa: F811
    async with open_store(pg_url) as a_store, open_store(pg_url) as b_store:
        a = IdentifyGate(a_store.process_lock, hold=Hold())
        await a.wait_turn(0, 1)
        waiting = asyncio.create_task(IdentifyGate(b_store.process_lock, hold=Hold()).wait_turn(5, 1))
        await _until(lambda: _one_waiting(pg_url), "the second process waiting")
        await a.aclose()  # shutting down mid-hold
        assert await asyncio.wait_for(waiting, timeout=30) is True


async def test_with_sqlite_the_bot_keeps_discord_pys_own_spacing(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    async with open_store(str(tmp_path / "x.db")) as store:
        assert await IdentifyGate(store.process_lock).wait_turn(3, 1) is False
    bot = bot_for_run(settings(tmp_path))
    calls: list[tuple[Any, bool]] = []

    async def library_spacing(self: Any, shard_id: Any, *, initial: bool = False) -> None:
        calls.append((shard_id, initial))

    monkeypatch.setattr(discord.Client, "before_identify_hook", library_spacing)
    await bot._async_setup_hook()
    try:
        await bot.setup_hook()
        bot._max_concurrency = 1
        await bot.before_identify_hook(1, initial=False)
    finally:
        await bot.close()
    assert calls == [(1, False)]


async def test_two_bot_processes_on_postgresql_identify_one_bucket_at_a_time(tmp_path: Any, pg_url: str) -> None:  # noqa: F811
    bots = [bot_for_run(settings(tmp_path, db=pg_url, shard_count=2, shard_ids=[n])) for n in (0, 1)]
    holds = [Hold(), Hold()]
    try:
        for bot, hold in zip(bots, holds, strict=True):
            await bot._async_setup_hook()
            await bot.setup_hook()
            assert bot.identify_gate is not None
            bot.identify_gate._hold = hold
            bot._max_concurrency = 1  # one bucket: shards 0 and 1 take turns
        await bots[0].before_identify_hook(0, initial=True)
        second = asyncio.create_task(bots[1].before_identify_hook(1, initial=True))
        await _until(lambda: _one_waiting(pg_url), "shard 1 waiting for shard 0's bucket")
        assert not second.done()
        holds[0].release()
        await asyncio.wait_for(second, timeout=30)
        holds[1].release()
    finally:
        for bot in bots:
            await bot.close()


async def test_the_identify_budget_is_read_once_and_a_low_budget_is_a_warning(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    bot = bot_for_run(settings(tmp_path))
    asked = []

    async def gateway() -> Any:
        asked.append(1)
        return 4, "wss://gateway.example", {"total": 1000, "remaining": 40, "reset_after": 3_600_000, "max_concurrency": 16}

    monkeypatch.setattr(bot.http, "get_bot_gateway", gateway)
    with caplog.at_level(logging.INFO, logger="bot.client"):
        assert await bot.max_concurrency() == 16
        assert await bot.max_concurrency() == 16
    assert asked == [1]
    [record] = [r for r in caplog.records if "IDENTIFY budget" in r.getMessage()]
    assert record.levelno == logging.WARNING and "40 of 1000" in record.getMessage()


# the moderators' log across processes -------------------------------------------------------------


class FakeChannel(discord.abc.Messageable):
    """A moderation channel that records what was posted in it."""

    def __init__(self, posted: list[tuple[str, str]], process: str) -> None:
        self.posted = posted
        self.process = process

    async def _get_channel(self) -> Any:
        return self

    async def send(self, content: str | None = None, *, embeds: list[discord.Embed] | None = None, **_: Any) -> None:
        await asyncio.sleep(0)  # let the other process run in between
        for embed in embeds or []:
            self.posted.append((self.process, embed.description or ""))


class FakeShardProcess:
    """What the moderation cog needs of a bot holding some guilds (not every shard)."""

    def __init__(self, store: Store, guild_ids: list[int], posted: list[tuple[str, str]], name: str) -> None:
        self.store = store
        self.guilds = [discord.Object(id=g) for g in guild_ids]
        self.channel = FakeChannel(posted, name)

    def holds_every_shard(self) -> bool:
        return False

    def get_guild(self, guild_id: int) -> Any:
        return next((g for g in self.guilds if g.id == guild_id), None)

    def get_channel(self, channel_id: int) -> Any:
        return self.channel

    async def fetch_channel(self, channel_id: int) -> Any:
        return self.channel


def _finding(guild: int, n: int) -> ViolationRecord:
    return ViolationRecord(
        guild_id=str(guild), channel_id="77", player_id="5", model="m", layer="post", kind="invented_item",
        severity="block", confidence=0.9, span=f"finding {guild}-{n}", evidence="-", message="not in the scene",
        action="retried",
    )


async def _post_rounds(cogs: list[ModerationCog], rounds: int = 6) -> None:
    for _ in range(rounds):
        await asyncio.gather(*(cog.post_pending() for cog in cogs))


async def test_each_process_posts_the_findings_of_its_own_guilds_once(pg_url: str) -> None:  # noqa: F811
    posted: list[tuple[str, str]] = []
    async with open_store(pg_url) as a_store, open_store(pg_url) as b_store:
        for guild in (101, 202, 303):
            await a_store.set_modlog(str(guild), "900")
        await a_store.record_violations([_finding(g, n) for n in range(4) for g in (101, 202, 303)])
        a = ModerationCog(FakeShardProcess(a_store, [101], posted, "A"))  # type: ignore[arg-type]
        b = ModerationCog(FakeShardProcess(b_store, [202], posted, "B"))  # type: ignore[arg-type]
        await _post_rounds([a, b])
        spans = sorted(text for _, text in posted)
        assert len(spans) == len(set(spans)) == 8  # every finding of 101 and 202 once
        assert {p for p, text in posted if "finding 101-" in text} == {"A"}
        assert {p for p, text in posted if "finding 202-" in text} == {"B"}
        # Guild 303 is held by a third process that is not running: its findings wait for it.
        assert sorted(v.span for v in await a_store.unposted_violations()) == [f"finding 303-{n}" for n in range(4)]


async def test_two_deployments_holding_the_same_guilds_post_each_finding_once(pg_url: str) -> None:  # noqa: F811
    posted: list[tuple[str, str]] = []
    async with open_store(pg_url) as old_store, open_store(pg_url) as new_store:
        await old_store.set_modlog("101", "900")
        await old_store.record_violations([_finding(101, n) for n in range(40)])
        old = ModerationCog(FakeShardProcess(old_store, [101], posted, "old"))  # type: ignore[arg-type]
        new = ModerationCog(FakeShardProcess(new_store, [101], posted, "new"))  # type: ignore[arg-type]
        await _post_rounds([old, new], rounds=10)
        texts = [text for _, text in posted]
        assert len(texts) == len(set(texts))  # nothing twice
        assert await old_store.unposted_violations() == []  # and nothing left behind


async def test_the_real_bot_plays_and_reports_findings_on_postgresql(make_harness: Any, pg_url: str) -> None:  # noqa: F811
    h = await make_harness(db=pg_url, llm="chaos:offline", chaos_rate=1.0, chaos_seed=3)
    await h.role("Moderators", members=["Mod"], manage_guild=True)
    await h.table(Alice=("Aldric", "warrior"))
    await h.slash("modlog", "Mod", channel=h.channels["modlog"])
    h.take()
    for line in ("I buy an ale from Greta", "I look around", "I give my waterskin to Greta"):
        await h.say("Alice", "tavern", line)
    assert len(h.take()) == 3
    assert await h.bot.store.unposted_violations(), "the chaos narrator should have been caught"
    assert await h.bot.get_cog("Moderation").post_pending() > 0
    assert all(m.channel_id == h.channels["modlog"].id for m in h.take())
    assert await h.bot.store.unposted_violations() == []
    assert type(h.bot) is LoreGuardBot


# the example deployment ---------------------------------------------------------------------------

DEPLOY = __import__("pathlib").Path(__file__).resolve().parents[1] / "deploy"


def _env_file(path: Any) -> dict[str, str]:
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if line.strip() and not line.startswith("#"))
    return {key.strip(): value.strip() for key, value in pairs}


def test_the_example_deployment_names_only_images_a_user_can_get_and_never_syncs() -> None:
    import yaml

    compose = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    images = {service.get("image") for service in compose["services"].values()}
    assert images == {"postgres:16", "python:3.11-slim"}
    bots = {name: s for name, s in compose["services"].items() if s.get("image") == "python:3.11-slim"}
    shards = sorted(int(i) for s in bots.values() for i in s["environment"]["LOREGUARD_SHARD_IDS"].split(","))
    counts = {s["environment"]["LOREGUARD_SHARD_COUNT"] for s in bots.values()}
    assert counts == {str(len(shards))} and shards == list(range(len(shards)))  # every shard, once
    assert all(s["environment"]["LOREGUARD_DB"].startswith("postgresql://") for s in bots.values())
    assert all("loreguard run" in " ".join(s["command"]) and "sync" not in " ".join(s["command"]) for s in bots.values())

    unit = (DEPLOY / "loreguard@.service").read_text()
    assert "ExecStart=/opt/loreguard/venv/bin/loreguard run" in unit and "EnvironmentFile=/etc/loreguard/%i.env" in unit
    common = _env_file(DEPLOY / "common.env.example")
    assert common["LOREGUARD_DB"].startswith("postgresql://") and "DISCORD_TOKEN" in common
    ids = sorted(int(i) for f in ("shard-0.env.example", "shard-1.env.example")
                 for i in _env_file(DEPLOY / f)["LOREGUARD_SHARD_IDS"].split(","))
    assert ids == list(range(int(common["LOREGUARD_SHARD_COUNT"])))
    for name in ("shard-0.env.example", "shard-1.env.example"):
        settings_ = Settings(_env_file=None, **{"shard_count": common["LOREGUARD_SHARD_COUNT"],
                                               "shard_ids": _env_file(DEPLOY / name)["LOREGUARD_SHARD_IDS"]})
        assert shard_plan(settings_)[1]  # each process's shards are valid as given
