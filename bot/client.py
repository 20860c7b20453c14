"""The discord.py bot: the one place in ``bot`` that talks to Discord.

It connects the engine (store, ``Game``, provider, ``TurnRunner``) to the gateway, loads the cogs
that translate interactions and messages into engine calls, and owns what every command shares:
which intents it asks for (no privileged intent beyond message content), that nothing it posts can
ping anyone, and that a user sees a readable refusal or a short apology, never a traceback.

Commands are not synced on start: syncing on every restart burns a rate-limited endpoint and is
slow to propagate, so ``loreguard sync`` does it on purpose (``sync_commands``), run once by one
operator however many processes a deployment has.

Scale: ``loreguard run`` is an ``AutoShardedBot``. Without shard settings it runs every shard
Discord recommends in this one process; with ``LOREGUARD_SHARD_COUNT`` and ``LOREGUARD_SHARD_IDS``
it runs those shards of that many, and other processes (on the same PostgreSQL database) run the
rest. Their IDENTIFYs are spaced across processes by ``bot.shard_identify``.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.errors import GameError
from bot.game import Game
from bot.llm.base import LLMError, Provider
from bot.llm.factory import provider_from_settings
from bot.settings import Settings
from bot.shard_identify import IdentifyGate
from bot.store import StoreError, open_store
from bot.store.base import Store
from bot.turn import TurnRunner, warm_up

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.play", "cogs.character", "cogs.campaign", "cogs.moderation")

NO_MENTIONS = discord.AllowedMentions.none()

APOLOGY = "Sorry, something went wrong on my side. It has been logged; please try again in a moment."
TOKEN_MISSING = "Set DISCORD_TOKEN in .env; see README 'Run it in Discord'."
TOKEN_REJECTED = (
    "Discord rejected the token. Copy a fresh one from the Developer Portal (your application -> Bot -> "
    "Reset Token) into DISCORD_TOKEN in .env; see README 'Run it in Discord'."
)
INTENT_MISSING = (
    "Discord refused the MESSAGE CONTENT intent. Enable it in the Developer Portal (your application -> "
    "Bot -> Privileged Gateway Intents -> Message Content Intent) and start the bot again."
)
ERROR_COLOUR = discord.Colour.red()


def bot_intents() -> discord.Intents:
    """Guilds, guild messages and message content: the least a chat-driven game can work with."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.message_content = True
    return intents


def error_embed(message: str) -> discord.Embed:
    return discord.Embed(description=message[:4096], colour=ERROR_COLOUR)


async def respond(interaction: discord.Interaction, *, ephemeral: bool, **kwargs: Any) -> None:
    """Answer an interaction whether or not it was answered (or deferred) already; nothing the
    bot sends this way can mention anyone."""
    kwargs["allowed_mentions"] = NO_MENTIONS
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


def user_message(error: BaseException) -> str | None:
    """What to tell the user about ``error``, or None when it is a bug (log it, apologise)."""
    if isinstance(error, (app_commands.CommandInvokeError, commands.CommandInvokeError)):
        error = error.original
    if isinstance(error, GameError):
        return str(error)
    if isinstance(error, (app_commands.CheckFailure, commands.CheckFailure, commands.UserInputError)):
        return str(error)
    if isinstance(error, app_commands.TransformerError):
        return f"I could not read {error.value!r} for that option; pick one of the suggestions."
    if isinstance(error, app_commands.CommandNotFound):
        return "That command is not available any more. A server admin can refresh commands with `loreguard sync`."
    return None


class LoreGuardTree(app_commands.CommandTree):
    """The command tree with one error policy for every slash command."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        message = user_message(error)
        if message is None:
            name = interaction.command.qualified_name if interaction.command else "(unknown command)"
            log.error("slash command /%s failed (guild %s)", name, interaction.guild_id, exc_info=error)
            message = APOLOGY
        try:
            await respond(interaction, embed=error_embed(message), ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not tell the user about an error: %s", exc)


class LoreGuardBot(commands.Bot):
    """The bot in one process holding every shard (or the one ``shard_id`` it is given).

    ``ShardedLoreGuardBot`` is the same bot over ``AutoShardedBot``; ``create_bot`` picks one.
    ``provider`` replaces the one the settings describe (tests, benchmarks); ``commands_only``
    registers the slash commands without opening the database or the model (``loreguard sync``).
    """

    def __init__(
        self,
        settings: Settings,
        *,
        provider: Provider | None = None,
        commands_only: bool = False,
        shard_count: int | None = None,
        shard_ids: Sequence[int] | None = None,
        **options: Any,
    ) -> None:
        if shard_count is not None:
            options["shard_count"] = shard_count
        if shard_ids is not None:
            if not isinstance(self, discord.AutoShardedClient):
                raise TypeError("shard_ids needs ShardedLoreGuardBot; use create_bot(...)")
            options["shard_ids"] = list(shard_ids)
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=bot_intents(),
            allowed_mentions=NO_MENTIONS,
            tree_cls=LoreGuardTree,
            **options,
        )
        self.settings = settings
        self.commands_only = commands_only
        self._given_provider = provider
        self.store: Store | None = None
        self.provider: Provider | None = None
        self.game: Game | None = None
        self.runner: TurnRunner | None = None
        self.identify_gate: IdentifyGate | None = None
        self._max_concurrency: int | None = None

    async def setup_hook(self) -> None:
        if not self.commands_only:
            await self.open_engine()
        for extension in EXTENSIONS:
            await self.load_extension(extension)

    async def open_engine(self) -> None:
        """Store, game, provider and turn runner, as the settings describe them."""
        settings = self.settings
        store = open_store(settings.db)
        await store.open()
        self.store = store
        self.identify_gate = IdentifyGate(store.process_lock)
        self.game = Game(store)
        self.provider = self._given_provider or provider_from_settings(settings)
        self.runner = TurnRunner(
            self.game,
            self.provider,
            guard_file=str(settings.guard_config_file) if settings.guard_config_file else None,
            max_input_chars=settings.max_message_chars,
        )

    def holds_every_shard(self) -> bool:
        """True when this process sees every guild the bot is in (nothing is another process's)."""
        return self.shard_count in (None, 1) or self.shard_id is None

    async def max_concurrency(self) -> int:
        """Discord's IDENTIFY buckets for this bot (asked once); logs the day's IDENTIFY budget."""
        if self._max_concurrency is None:
            try:
                _, _, limits = await self.http.get_bot_gateway()
            except (discord.HTTPException, discord.GatewayNotFound) as exc:
                log.warning("could not read the session start limits (%s); identifying one at a time", exc)
                self._max_concurrency = 1
            else:
                self._max_concurrency = max(1, int(limits.get("max_concurrency", 1)))
                total, remaining = int(limits.get("total", 0)), int(limits.get("remaining", 0))
                level = logging.WARNING if total and remaining < max(10, total // 10) else logging.INFO
                log.log(level, "IDENTIFY budget: %d of %d left today (resets in %.0f s), max_concurrency %d",
                        remaining, total, int(limits.get("reset_after", 0)) / 1000, self._max_concurrency)
        return self._max_concurrency

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's IDENTIFY turn in every process sharing the database; with a
        store that serves one process, discord.py's own spacing."""
        gate = self.identify_gate
        if gate is not None and await gate.wait_turn(shard_id, await self.max_concurrency()):
            return
        await super().before_identify_hook(shard_id, initial=initial)

    async def close(self) -> None:
        try:
            await super().close()  # unloads the cogs first: their workers stop before the store
        finally:
            gate, self.identify_gate = self.identify_gate, None
            if gate is not None:
                await gate.aclose()
            store, provider = self.store, self.provider
            self.store = self.provider = None
            if store is not None:
                await store.close()
            if provider is not None:
                await provider.aclose()

    async def on_command_error(self, context: commands.Context, error: commands.CommandError, /) -> None:
        """Mention-prefixed text commands: there are none, so an unknown one is just chat."""
        if isinstance(error, commands.CommandNotFound):
            return
        message = user_message(error)
        if message is None:
            log.error("text command failed in channel %s", context.channel.id, exc_info=error)
            message = APOLOGY
        await context.reply(embed=error_embed(message), mention_author=False, allowed_mentions=NO_MENTIONS)


class ShardedLoreGuardBot(LoreGuardBot, commands.AutoShardedBot):
    """The same bot over ``AutoShardedBot``: this process runs ``shard_ids`` of ``shard_count``
    (all of them, counted by Discord, when both are None)."""

    def holds_every_shard(self) -> bool:
        return self.shard_ids is None


def create_bot(
    settings: Settings,
    *,
    shard_count: int | None = None,
    shard_ids: Sequence[int] | None = None,
    sharded: bool = False,
    **kwargs: Any,
) -> LoreGuardBot:
    """``ShardedLoreGuardBot`` when sharding is asked for (``sharded``: even without a count,
    letting Discord choose it), else ``LoreGuardBot``."""
    if sharded or shard_ids is not None or (shard_count or 1) > 1:
        return ShardedLoreGuardBot(settings, shard_count=shard_count, shard_ids=shard_ids, **kwargs)
    return LoreGuardBot(settings, **kwargs)


def shard_plan(settings: Settings) -> tuple[int | None, list[int] | None]:
    """``(shard_count, shard_ids)`` for this process, checked: ids need a count and must be below
    it. Raises ValueError with what to fix."""
    count, ids = settings.shard_count, settings.shard_ids
    if ids is None:
        return count, None
    if count is None:
        raise ValueError("LOREGUARD_SHARD_IDS needs LOREGUARD_SHARD_COUNT (the total across all processes)")
    wrong = [i for i in ids if not 0 <= i < count]
    if wrong:
        raise ValueError(f"LOREGUARD_SHARD_IDS {wrong} are not shards of {count} (use 0 to {count - 1})")
    if len(set(ids)) != len(ids):
        raise ValueError("LOREGUARD_SHARD_IDS lists a shard twice")
    return count, sorted(ids)


def bot_for_run(settings: Settings, **kwargs: Any) -> ShardedLoreGuardBot:
    """The bot ``loreguard run`` starts: always ``AutoShardedBot``, with this process's shards."""
    count, ids = shard_plan(settings)
    bot = create_bot(settings, shard_count=count, shard_ids=ids, sharded=True, **kwargs)
    assert isinstance(bot, ShardedLoreGuardBot)
    return bot


def _token(settings: Settings) -> str | None:
    secret = settings.discord_token
    token = secret.get_secret_value().strip() if secret is not None else ""
    return token or None


def _fail(message: str) -> int:
    print(f"loreguard: {message}", file=sys.stderr)
    return 1


def run_bot(settings: Settings) -> int:
    """Run the bot until interrupted; returns the process exit code. The token is never printed
    or logged, whatever goes wrong."""
    token = _token(settings)
    if token is None:
        print(f"loreguard: {TOKEN_MISSING}", file=sys.stderr)
        return 2
    try:
        bot = bot_for_run(settings)
    except ValueError as exc:
        print(f"loreguard: {exc}", file=sys.stderr)
        return 2

    async def main() -> None:
        async with bot:
            await bot.start(token)

    warm_up()  # the guard's tables and the campaigns' indexes, before the first player's turn
    try:
        asyncio.run(main())
    except discord.LoginFailure:
        return _fail(TOKEN_REJECTED)
    except discord.PrivilegedIntentsRequired:
        return _fail(INTENT_MISSING)
    except (LLMError, StoreError, GameError) as exc:
        return _fail(str(exc))
    except KeyboardInterrupt:
        return 0
    return 0


def sync_commands(settings: Settings, guild_id: int | None) -> int:
    """Publish the slash commands: to one guild (instant; global commands are copied there) or,
    with ``guild_id=None``, globally. Prints how many; returns the exit code."""
    token = _token(settings)
    if token is None:
        print(f"loreguard: {TOKEN_MISSING}", file=sys.stderr)
        return 2
    bot = LoreGuardBot(settings, commands_only=True)

    async def main() -> int:
        async with bot:
            await bot.login(token)  # runs setup_hook: the cogs register their commands
            if guild_id is not None:
                guild = discord.Object(id=guild_id)
                bot.tree.copy_global_to(guild=guild)
                synced = await bot.tree.sync(guild=guild)
            else:
                synced = await bot.tree.sync()
        return len(synced)

    try:
        count = asyncio.run(main())
    except discord.LoginFailure:
        return _fail(TOKEN_REJECTED)
    except discord.Forbidden:
        return _fail(
            f"Discord refused to add commands to server {guild_id}: invite the bot there with the "
            "'bot' and 'applications.commands' scopes first (README 'Run it in Discord')."
        )
    except discord.HTTPException as exc:
        return _fail(f"Discord refused the sync (HTTP {exc.status}): {exc.text or exc}")
    where = f"server {guild_id} (available now)" if guild_id is not None else "all servers (may take a while to appear)"
    print(f"Synced {count} commands to {where}.")
    return 0
