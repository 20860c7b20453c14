"""Play: every message a joined player writes in a campaign channel is a turn.

Turns of one channel run one at a time in the order the messages arrived. discord.py runs each
``on_message`` in its own task, so anything awaited before a message is queued could reorder two
messages; the listener therefore only filters what needs no I/O and appends to the channel's queue
synchronously, and one worker task per busy channel drains it. Channels run in parallel; a worker
ends when its queue is empty and the next message starts a new one.

The narration is a plain reply to the player's message: it reads like the story in the chat, and
the reply line shows whose action it answers. A refused action is an embed, so a player sees at a
glance that nothing happened and why. Chat that is not a turn (out-of-character lines, people
without a character, channels without a campaign) gets no answer at all.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import discord
from discord.ext import commands

from bot.client import APOLOGY, NO_MENTIONS, LoreGuardBot
from bot.errors import GameError, NoCampaign, NotJoined
from bot.turn import TurnResult
from cogs.embeds import blocked_embed
from cogs.limits import EMBED_DESCRIPTION_CHARS, MESSAGE_CHARS, split_text
from cogs.refs import message_ref, player_id

log = logging.getLogger(__name__)

OUT_OF_CHARACTER = ("((", "//")
TURN_MESSAGE_TYPES = (discord.MessageType.default, discord.MessageType.reply)
MAX_BACKLOG = 50  # queued messages per channel before new ones are turned away
VIOLATIONS_EVENT = "loreguard_violations"  # dispatched with the turn's ViolationRecords

BUSY = "The narrator is still catching up with this table; please send that again in a moment."


def is_out_of_character(text: str) -> bool:
    return text.lstrip().startswith(OUT_OF_CHARACTER)


def action_text(message: discord.Message, bot_id: int | None) -> str:
    """What the player's character does: the message, without a leading mention of the bot
    (players often address the narrator by name)."""
    text = message.content.strip()
    if bot_id is not None:
        for mention in (f"<@{bot_id}>", f"<@!{bot_id}>"):
            if text.startswith(mention):
                return text[len(mention):].strip()
    return text


def too_long(length: int, limit: int) -> str:
    return f"That is {length} characters; an action is at most {limit}. Please say it in fewer words."


def cooling_down(seconds: float) -> str:
    wait = max(1, round(seconds))
    return f"Easy there: your character can act again in {wait} second{'s' if wait != 1 else ''}."


@dataclass(slots=True)
class Arrival:
    message: discord.Message
    text: str  # the action, as the player wrote it
    at: float  # the cog's clock when the message arrived
    overflow: bool = False  # arrived while the channel's backlog was full


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: LoreGuardBot, clock: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.clock = clock
        self._queues: dict[int, deque[Arrival]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._last_turn: dict[tuple[int, int], float] = {}  # (channel, author) -> arrival of last turn
        self._warned: dict[tuple[int, int], float] = {}  # (channel, author) -> last cooldown notice

    async def cog_unload(self) -> None:
        workers = list(self._workers.values())
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)

    # ---- arrival: synchronous, so the queue keeps the order messages came in -------------------
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.webhook_id is not None or message.guild is None:
            return
        if message.type not in TURN_MESSAGE_TYPES:
            return
        text = action_text(message, self.bot.user.id if self.bot.user else None)
        if not text or is_out_of_character(text):
            return
        self.enqueue(message, text)

    def enqueue(self, message: discord.Message, text: str) -> None:
        channel = message.channel.id
        queue = self._queues.setdefault(channel, deque())
        queue.append(Arrival(message, text, self.clock(), overflow=len(queue) >= MAX_BACKLOG))
        if channel not in self._workers:
            self._workers[channel] = asyncio.create_task(self._drain(channel), name=f"loreguard-turns-{channel}")

    async def _drain(self, channel: int) -> None:
        queue = self._queues[channel]
        try:
            while queue:
                arrival = queue.popleft()
                try:
                    await self.take_turn(arrival)
                except Exception:  # one bad turn must not stop the table
                    log.exception("turn in channel %s failed", channel)
        finally:
            # No await between the empty check above and this: a message queued meanwhile would
            # have found this worker still registered and been drained by it.
            self._workers.pop(channel, None)
            if not queue:
                self._queues.pop(channel, None)

    async def wait_idle(self, channel_id: int | None = None) -> None:
        """Until every message queued (in one channel, or in all) has been handled."""
        while True:
            if channel_id is None:
                workers = list(self._workers.values())
            else:
                workers = [self._workers[channel_id]] if channel_id in self._workers else []
            if not workers:
                return
            await asyncio.gather(*workers, return_exceptions=True)

    # ---- one message -------------------------------------------------------------------------
    async def take_turn(self, arrival: Arrival) -> None:
        message = arrival.message
        ref = message_ref(message)
        game, runner = self.bot.game, self.bot.runner
        if ref is None or game is None or runner is None:
            return
        player = player_id(message.author)
        try:
            game_table = await game.table(ref)
            game_table.character(player)
        except (NoCampaign, NotJoined):
            return  # chat, not a turn: say nothing

        key = (message.channel.id, message.author.id)
        refusal = self._refusal(arrival, key)
        if refusal is not None:
            if refusal:
                await self._reply(message, refusal)
            return

        try:
            async with message.channel.typing():
                result = await runner.run(ref, player, arrival.text)
        except (NoCampaign, NotJoined):
            return  # the campaign ended or the player left while this waited
        except GameError as exc:
            self._last_turn[key] = arrival.at
            await self._reply(message, str(exc))
            return
        except Exception:
            log.exception("turn failed in %s for player %s", ref, player)
            await self._reply(message, APOLOGY)
            return
        self._last_turn[key] = arrival.at
        await self.send_result(message, result)
        if result.violations:
            self.bot.dispatch(VIOLATIONS_EVENT, result.violations)
        await runner.prepare(ref)  # index the new scene while the players read

    def _refusal(self, arrival: Arrival, key: tuple[int, int]) -> str | None:
        """Why this message is not turned ("" for: not turned, but say nothing), or None."""
        if arrival.overflow:
            return BUSY
        limit = self.bot.settings.max_message_chars
        length = len(arrival.text)
        if length > limit:
            return too_long(length, limit)
        cooldown = self.bot.settings.cooldown_seconds
        last = self._last_turn.get(key)
        if cooldown > 0 and last is not None and arrival.at - last < cooldown:
            warned = self._warned.get(key)
            if warned is not None and warned >= last:
                return ""  # one notice per cooldown is enough; more would be the bot spamming
            self._warned[key] = arrival.at
            return cooling_down(cooldown - (arrival.at - last))
        self._forget_old(arrival.at, cooldown)
        return None

    def _forget_old(self, now: float, cooldown: float) -> None:
        """Keep the cooldown memory bounded by the players active within one cooldown."""
        if len(self._last_turn) < 4096:
            return
        for memory in (self._last_turn, self._warned):
            for key in [k for k, at in memory.items() if now - at >= cooldown]:
                del memory[key]

    # ---- sending -----------------------------------------------------------------------------
    async def _reply(self, message: discord.Message, text: str) -> None:
        await message.reply(text, mention_author=False, allowed_mentions=NO_MENTIONS)

    async def send_result(self, message: discord.Message, result: TurnResult) -> None:
        """The narration as a reply to the player's message, in as many messages as it needs."""
        if result.blocked:
            pieces = split_text(result.narration, EMBED_DESCRIPTION_CHARS)
            sends = [{"embed": blocked_embed(piece)} for piece in pieces]
        else:
            pieces = split_text(result.narration, MESSAGE_CHARS)
            sends = [{"content": piece} for piece in pieces]
        for i, kwargs in enumerate(sends):
            if i == 0:
                await message.reply(mention_author=False, allowed_mentions=NO_MENTIONS, **kwargs)
            else:
                await message.channel.send(allowed_mentions=NO_MENTIONS, **kwargs)


async def setup(bot: LoreGuardBot) -> None:
    await bot.add_cog(PlayCog(bot))
