"""The bot itself: intents, set-up, shutdown, errors shown to users, running and syncing."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.client import (
    APOLOGY,
    EXTENSIONS,
    LoreGuardBot,
    ShardedLoreGuardBot,
    create_bot,
    run_bot,
    sync_commands,
)
from bot.llm.base import LLMRequest, LLMResponse
from bot.settings import Settings
from discord_harness import FakeDiscordREST, make_harness  # noqa: F401  (fixture)


def settings(tmp_path, **values) -> Settings:
    base = {"db": str(tmp_path / "loreguard.db"), "llm": "offline", "model": None, "discord_token": None,
            "guard_config_file": None}
    return Settings(_env_file=None, **(base | values))


class RecordingProvider:
    name = "recording"
    model = "offline"

    def __init__(self) -> None:
        self.closed = False

    async def complete(self, request: LLMRequest) -> LLMResponse:
        return LLMResponse(text="The rain goes on.", model=self.model)

    async def aclose(self) -> None:
        self.closed = True


def test_the_bot_asks_for_guilds_guild_messages_and_message_content_only(tmp_path):
    bot = LoreGuardBot(settings(tmp_path))
    expected = discord.Intents.none()
    expected.guilds = expected.guild_messages = expected.message_content = True
    assert bot.intents == expected
    assert not (bot.intents.members or bot.intents.presences or bot.intents.dm_messages)
    assert bot.allowed_mentions.to_dict() == {"parse": []}


def test_sharding_options_pass_through_to_the_sharded_bot(tmp_path):
    bot = create_bot(settings(tmp_path), shard_count=4, shard_ids=[2, 3])
    assert isinstance(bot, ShardedLoreGuardBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])
    assert not bot.holds_every_shard()
    assert type(create_bot(settings(tmp_path))) is LoreGuardBot
    with pytest.raises(TypeError):
        LoreGuardBot(settings(tmp_path), shard_count=4, shard_ids=[0])


async def test_setup_opens_the_engine_and_loads_the_cogs_without_syncing(tmp_path, monkeypatch):
    bot = LoreGuardBot(settings(tmp_path, max_message_chars=321))

    async def no_sync(*args, **kwargs):
        raise AssertionError("commands must not be synced on start")

    monkeypatch.setattr(bot.tree, "sync", no_sync)
    await bot._async_setup_hook()
    try:
        await bot.setup_hook()
        assert await bot.store.schema_version() > 0
        assert (tmp_path / "loreguard.db").exists()
        assert bot.runner.max_input_chars == 321 and bot.runner.game is bot.game
        assert bot.provider.name == "offline"
        assert set(bot.extensions) == set(EXTENSIONS)
        names = {c.name for c in bot.tree.get_commands()}
        assert names == {"join", "sheet", "inventory", "look", "roll", "leave", "campaign", "gm",
                         "modlog", "violations", "guard"}
    finally:
        await bot.close()


async def test_close_closes_the_store_and_the_provider(tmp_path):
    provider = RecordingProvider()
    bot = LoreGuardBot(settings(tmp_path), provider=provider)
    await bot._async_setup_hook()
    await bot.setup_hook()
    store_closed = []
    real_close = bot.store.close

    async def close_store() -> None:
        store_closed.append(True)
        await real_close()

    bot.store.close = close_store
    await bot.close()
    assert provider.closed and store_closed == [True]
    assert bot.store is None and bot.provider is None


async def test_every_command_and_option_is_described(tmp_path):
    bot = LoreGuardBot(settings(tmp_path), commands_only=True)
    await bot._async_setup_hook()
    await bot.setup_hook()
    assert bot.store is None  # commands only: no database was opened
    missing = []
    for command in bot.tree.walk_commands():
        if not command.description or command.description == "…":
            missing.append(command.qualified_name)
        for param in getattr(command, "parameters", []):
            if param.description == "…":
                missing.append(f"{command.qualified_name} {param.display_name}")
    assert missing == []
    await bot.close()


async def test_an_unexpected_error_in_a_command_gets_an_apology_and_is_logged(make_harness, caplog):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))

    async def broken_table(ref):
        raise RuntimeError("sqlite file at /srv/secret.db is corrupt")

    h.bot.game.table = broken_table
    caplog.set_level(logging.ERROR)
    sent = await h.slash("sheet", "Alice")
    assert sent.ephemeral
    assert sent.embed.description == APOLOGY
    assert "RuntimeError" not in sent.text() and "secret" not in sent.text() and "Traceback" not in sent.text()
    (record,) = [r for r in caplog.records if r.name == "bot.client"]
    assert "/sheet" in record.getMessage()
    assert "corrupt" in str(record.exc_info[1].__cause__ or record.exc_info[1])


def test_run_without_a_token_says_where_to_set_it(tmp_path, capsys):
    assert run_bot(settings(tmp_path)) == 2
    assert "Set DISCORD_TOKEN in .env; see README 'Run it in Discord'" in capsys.readouterr().err


def test_a_rejected_token_is_reported_and_never_printed_or_logged(tmp_path, capsys, caplog, monkeypatch):
    secret = "MTIz.rejected-token-do-not-print"
    caplog.set_level(logging.DEBUG)
    with FakeDiscordREST() as discord_api:
        monkeypatch.setattr(discord.http.Route, "BASE", discord_api.base)
        code = run_bot(settings(tmp_path, discord_token=secret))
    assert code == 1
    out = capsys.readouterr()
    assert "Discord rejected the token" in out.err
    assert discord_api.requests[0][3] == f"Bot {secret}"  # it was really tried
    assert secret not in out.out + out.err
    assert secret not in caplog.text
    assert not (tmp_path / "loreguard.db").exists()  # rejected before anything was opened


def test_sync_to_a_guild_copies_the_global_commands_there(tmp_path, capsys, monkeypatch):
    with FakeDiscordREST() as discord_api:
        monkeypatch.setattr(discord.http.Route, "BASE", discord_api.base)
        code = sync_commands(settings(tmp_path, discord_token="good-token"), 777)
    assert code == 0
    (put,) = [r for r in discord_api.requests if r[0] == "PUT"]
    assert put[1] == f"/api/v10/applications/{FakeDiscordREST.APP_ID}/guilds/777/commands"
    by_name = {c["name"]: c for c in put[2]}
    assert set(by_name) == {"join", "sheet", "inventory", "look", "roll", "leave", "campaign", "gm",
                            "modlog", "violations", "guard"}
    for name in ("modlog", "violations", "guard"):
        assert by_name[name]["default_member_permissions"] == discord.Permissions(manage_guild=True).value
    assert by_name["campaign"]["default_member_permissions"] is None
    assert "Synced 11 commands to server 777" in capsys.readouterr().out
    assert not (tmp_path / "loreguard.db").exists()  # syncing needs no database


def test_sync_globally_and_its_refusals(tmp_path, capsys, monkeypatch):
    with FakeDiscordREST(forbidden_guild=13) as discord_api:
        monkeypatch.setattr(discord.http.Route, "BASE", discord_api.base)
        assert sync_commands(settings(tmp_path, discord_token="good-token"), None) == 0
        assert [r[1] for r in discord_api.requests if r[0] == "PUT"] == [
            f"/api/v10/applications/{FakeDiscordREST.APP_ID}/commands"]
        assert "Synced 11 commands to all servers" in capsys.readouterr().out

        assert sync_commands(settings(tmp_path, discord_token="good-token"), 13) == 1
        assert "invite the bot there" in capsys.readouterr().err
        assert sync_commands(settings(tmp_path, discord_token="wrong"), 777) == 1
        assert "Discord rejected the token" in capsys.readouterr().err
    assert sync_commands(settings(tmp_path), 777) == 2
