"""Discord objects to the engine's identifiers.

The engine knows a table by ``ChannelRef(guild id, channel id)`` and a player by the Discord user
id as a string; every cog converts the same way, here, so a player's character is found from a
message, a slash command and a moderator's listing alike.
"""

from __future__ import annotations

import discord

from bot.errors import GameError
from bot.store.base import ChannelRef

SERVER_ONLY = "Use this in a server channel where a campaign runs, not in a direct message."


def channel_ref(interaction: discord.Interaction) -> ChannelRef:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise GameError(SERVER_ONLY)
    return ChannelRef(str(interaction.guild_id), str(interaction.channel_id))


def message_ref(message: discord.Message) -> ChannelRef | None:
    """The table a message was written at, or None for a direct message."""
    if message.guild is None:
        return None
    return ChannelRef(str(message.guild.id), str(message.channel.id))


def player_id(user: discord.abc.Snowflake) -> str:
    return str(user.id)
