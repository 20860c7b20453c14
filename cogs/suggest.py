"""Autocomplete: what to suggest while a member types an option.

Suggestions come from the campaign running in the channel (its classes, its locations) and are
filtered by what was typed so far. They are a convenience, not a check: the command itself
validates the value and explains a wrong one, so a suggestion that cannot be computed is simply
left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import discord
from discord import app_commands

from bot.client import LoreGuardBot
from bot.game import Game
from bot.world.campaign import Campaign
from cogs.limits import CHOICE_NAME_CHARS, CHOICES, truncate
from cogs.refs import channel_ref


def suggestions(
    values: Iterable[str], current: str, label: Callable[[str], str] = str
) -> list[app_commands.Choice[str]]:
    """The values containing what was typed (ignoring case), at most Discord's 25."""
    needle = current.casefold().strip()
    hits = [v for v in values if needle in v.casefold()]
    return [app_commands.Choice(name=truncate(label(v), CHOICE_NAME_CHARS), value=v) for v in hits[:CHOICES]]


async def campaign_here(bot: LoreGuardBot, interaction: discord.Interaction) -> Campaign | None:
    """The world of the campaign running in the interaction's channel, if any."""
    if bot.store is None or interaction.guild_id is None:
        return None
    record = await bot.store.active_campaign(channel_ref(interaction))
    return Game.load_campaign(record.campaign) if record is not None else None
