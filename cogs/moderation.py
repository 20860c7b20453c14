"""Moderation: where the guard's findings go, and what moderators can ask about them.

Every finding the pipeline acted upon is already in the store, unposted, when the turn commits.
The poster reads unposted findings from the store rather than taking them from the turn, so it
keeps working when several bot processes share one database, and a finding is never lost if the
bot restarts before posting it. Each process claims (``claim_unposted``) only the findings of the
guilds it holds, atomically, so two processes never post the same finding, not even while an old
and a new deployment hold the same shards; what it could not post it gives back for the next round. A turn's ``loreguard_violations``
event only wakes the poster early. Posting is batched: at most ``PER_GUILD`` finding embeds per
guild per round, ten embeds to a message, and a "+N more" line for the rest of a burst, so a
misbehaving model cannot flood the channel or run into Discord's rate limits. A finding the model
repeated over a turn's retries is one embed saying what was done at each attempt.

Everything here is for Manage Server only (hidden by ``default_permissions``, checked again at run
time) and every reply is ephemeral.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import uuid
from collections.abc import Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import NO_MENTIONS, LoreGuardBot, respond
from bot.errors import GameError
from bot.guard.finding import ACTION_KINDS, NARRATION_KINDS
from bot.store.base import Store, ViolationRecord
from cogs.checks import require_moderator
from cogs.embeds import (
    overflow_note,
    pack_embeds,
    same_finding_groups,
    stats_embed,
    violation_embed,
    violations_page_embed,
)
from cogs.play import VIOLATIONS_EVENT
from cogs.suggest import suggestions

log = logging.getLogger(__name__)

POLL_SECONDS = 5.0  # how often the store is read for unposted findings
MIN_GAP_SECONDS = 2.0  # least time between two rounds, however often turns wake the poster
PER_GUILD = 10  # finding embeds per guild per round; the rest of a burst is counted, not shown
FETCH = 500  # unposted findings read per round
PAGE_SIZE = 5  # findings per page of /violations
KINDS = tuple(dict.fromkeys((*NARRATION_KINDS, *ACTION_KINDS)))

MODERATOR = discord.Permissions(manage_guild=True)


class ViolationPages(discord.ui.View):
    """Previous / next over a list of findings, for the moderator who asked only."""

    def __init__(self, owner_id: int, records: Sequence[ViolationRecord], filters: str, timeout: float = 300) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id
        self.records = list(records)
        self.filters = filters
        self.page = 0
        self.origin: discord.Interaction | None = None  # to take the buttons away on time-out
        self._sync_buttons()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.records) // PAGE_SIZE))

    def embed(self) -> discord.Embed:
        start = self.page * PAGE_SIZE
        return violations_page_embed(self.records[start:start + PAGE_SIZE], start, len(self.records), self.filters)

    def _sync_buttons(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= self.pages - 1

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.owner_id:
            await interaction.response.send_message(
                "These buttons belong to whoever ran /violations.", ephemeral=True, allowed_mentions=NO_MENTIONS)
            return False
        return True

    async def _turn(self, interaction: discord.Interaction, step: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + step))
        self._sync_buttons()
        await interaction.response.edit_message(embed=self.embed(), view=self, allowed_mentions=NO_MENTIONS)

    @discord.ui.button(label="Previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, -1)

    @discord.ui.button(label="Next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._turn(interaction, 1)

    async def on_timeout(self) -> None:
        if self.origin is not None:
            try:
                await self.origin.edit_original_response(view=None)
            except discord.HTTPException:
                pass  # the message is gone or the token expired: nothing to tidy


class ModerationCog(commands.Cog, name="Moderation"):
    guard = app_commands.Group(name="guard", description="Anti-hallucination guard figures",
                               guild_only=True, default_permissions=MODERATOR)

    def __init__(self, bot: LoreGuardBot) -> None:
        self.bot = bot
        self.poll_seconds = POLL_SECONDS
        self.min_gap_seconds = MIN_GAP_SECONDS
        self._wake = asyncio.Event()
        self._poster: asyncio.Task[None] | None = None
        self.rounds = 0  # finished posting rounds, for whoever waits on them
        # Who holds a claim on findings being posted: this process, this time it runs.
        self.claimer = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

    @property
    def store(self) -> Store:
        assert self.bot.store is not None, "the engine is not open"
        return self.bot.store

    def interaction_check(self, interaction: discord.Interaction) -> bool:  # every command here
        return require_moderator(interaction)

    # ---- posting -------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_ready(self) -> None:
        self.start_posting()

    def start_posting(self) -> None:
        if self.bot.store is not None and (self._poster is None or self._poster.done()):
            self._poster = asyncio.create_task(self._post_forever(), name="loreguard-modlog")

    async def cog_unload(self) -> None:
        if self._poster is not None:
            self._poster.cancel()
            await asyncio.gather(self._poster, return_exceptions=True)

    @commands.Cog.listener(f"on_{VIOLATIONS_EVENT}")
    async def on_violations(self, records: list[ViolationRecord]) -> None:
        self._wake.set()

    async def _post_forever(self) -> None:
        while True:
            try:
                await asyncio.wait_for(self._wake.wait(), timeout=self.poll_seconds)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()
            try:
                await self.post_pending()
            except Exception:
                log.exception("posting findings to the moderation channels failed; will retry")
            self.rounds += 1
            await asyncio.sleep(self.min_gap_seconds)

    def _serves(self, guild_id: str) -> bool | None:
        """True: post here. False: another process holds this guild. None: the bot left it."""
        if self.bot.get_guild(int(guild_id)) is not None:
            return True
        return None if self.bot.holds_every_shard() else False

    def served_guilds(self) -> list[str] | None:
        """The guilds this process posts for: None (all of them) when it holds every shard."""
        if self.bot.holds_every_shard():
            return None
        return [str(guild.id) for guild in self.bot.guilds]

    async def post_pending(self) -> int:
        """One round: claim what is unposted in the guilds this process holds, post it per guild
        within the caps, mark it posted and give back the rest; returns the embeds posted."""
        pending = await self.store.claim_unposted(self.claimer, limit=FETCH, guild_ids=self.served_guilds())
        by_guild: dict[str, list[ViolationRecord]] = {}
        for record in pending:
            by_guild.setdefault(record.guild_id, []).append(record)
        done: list[int] = []
        posted = 0
        try:
            for guild_id, records in by_guild.items():
                serves = self._serves(guild_id)
                if serves is False:
                    continue
                ids = [r.id for r in records if r.id is not None]
                channel = await self._modlog_channel(guild_id) if serves else None
                if channel is None:
                    done += ids  # nowhere to post: /violations still lists them
                    continue
                sent, handled = await self._post_guild(guild_id, channel, records)
                posted += sent
                done += handled
        finally:
            finished = set(done)
            await self.store.mark_posted(done)
            await self.store.release_claims([r.id for r in pending if r.id is not None and r.id not in finished])
        return posted

    async def _post_guild(
        self, guild_id: str, channel: discord.abc.Messageable, records: list[ViolationRecord]
    ) -> tuple[int, list[int]]:
        """Post one guild's findings within the cap; returns the embeds posted and the ids
        handled. A message that fails for a passing reason leaves its findings (and the ones after
        it) for the next round; a channel the bot may not post in drops them."""
        groups = same_finding_groups(records)
        shown, rest = groups[:PER_GUILD], groups[PER_GUILD:]
        rest_ids = [r.id for g in rest for r in g if r.id is not None]
        posted, done, start = 0, [], 0
        messages = pack_embeds([violation_embed(g) for g in shown])
        for i, embeds in enumerate(messages):
            covered = [r.id for g in shown[start:start + len(embeds)] for r in g if r.id is not None]
            start += len(embeds)
            last = i == len(messages) - 1
            if last:
                covered += rest_ids
            content = overflow_note(len(rest_ids)) if last and rest_ids else None
            try:
                await channel.send(content=content, embeds=embeds, allowed_mentions=NO_MENTIONS)
            except (discord.Forbidden, discord.NotFound) as exc:
                log.warning("cannot post findings in the moderation channel of guild %s: %s", guild_id, exc)
                return posted, [r.id for r in records if r.id is not None]
            except discord.HTTPException as exc:
                log.warning("posting findings for guild %s failed (%s); will retry", guild_id, exc)
                return posted, done
            posted += len(embeds)
            done += covered
        return posted, done

    async def _modlog_channel(self, guild_id: str) -> discord.abc.Messageable | None:
        channel_id = await self.store.get_modlog(guild_id)
        if not channel_id:
            return None
        channel = self.bot.get_channel(int(channel_id))
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(int(channel_id))
            except (discord.NotFound, discord.Forbidden):
                log.warning("the moderation channel %s of guild %s is gone", channel_id, guild_id)
                return None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    # ---- commands ------------------------------------------------------------------------------
    @app_commands.command(name="modlog", description="Choose the channel where guard findings are posted.")
    @app_commands.describe(channel="Where to post findings; leave empty to stop posting them")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def modlog(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        guild_id = str(interaction.guild_id)
        if channel is None:
            await self.store.set_modlog(guild_id, None)
            await respond(interaction, content="Findings will no longer be posted. `/violations` still lists them.",
                          ephemeral=True)
            return
        me = channel.guild.me
        if me is not None:
            perms = channel.permissions_for(me)
            missing = [name for name, ok in (("View Channel", perms.view_channel), ("Send Messages", perms.send_messages),
                                             ("Embed Links", perms.embed_links)) if not ok]
            if missing:
                raise GameError(f"I need {', '.join(missing)} in {channel.mention} to post findings there.")
        await self.store.set_modlog(guild_id, str(channel.id))
        await respond(interaction, content=f"Guard findings will be posted in {channel.mention}.", ephemeral=True)

    @app_commands.command(name="violations", description="List recent guard findings in this server.")
    @app_commands.describe(kind="Only this kind of finding", model="Only findings of this model",
                           limit="How many findings to list (newest first)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def violations(
        self,
        interaction: discord.Interaction,
        kind: str | None = None,
        model: str | None = None,
        limit: app_commands.Range[int, 1, 100] = 25,
    ) -> None:
        records = await self.store.recent_violations(str(interaction.guild_id), kind=kind, model=model, limit=limit)
        filters = "".join(f", {label} {value}" for label, value in (("kind", kind), ("model", model)) if value)
        view = ViolationPages(interaction.user.id, records, filters)
        if view.pages == 1:
            await respond(interaction, embed=view.embed(), ephemeral=True)
            return
        await respond(interaction, embed=view.embed(), view=view, ephemeral=True)
        view.origin = interaction

    @violations.autocomplete("kind")
    async def _kind_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return suggestions(KINDS, current)

    @guard.command(name="stats", description="Turns, finding rates, retries and fallbacks, per model and kind.")
    @app_commands.describe(days="How many days back to count")
    async def stats(self, interaction: discord.Interaction, days: app_commands.Range[int, 1, 365] = 7) -> None:
        figures = await self.store.stats(str(interaction.guild_id), days=days)
        await respond(interaction, embed=stats_embed(figures), ephemeral=True)


async def setup(bot: LoreGuardBot) -> None:
    await bot.add_cog(ModerationCog(bot))
