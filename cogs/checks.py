"""Who may run the game-master and moderation commands.

Discord's ``default_permissions`` only hides a command in the client, and a server admin can change
it; the rule is enforced again at run time here. A refusal says exactly what is missing, because
"you can't do that" leaves a game master guessing which role or permission to ask for.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.store.base import Store
from cogs.refs import channel_ref


class NotGameMaster(app_commands.CheckFailure):
    def __init__(self, gm_role_id: str | None) -> None:
        if gm_role_id:
            message = f"You need Manage Channels or the GM role <@&{gm_role_id}> to do that."
        else:
            message = (
                "You need Manage Channels to do that. (A campaign started with a GM role also lets "
                "members with that role run it.)"
            )
        super().__init__(message)
        self.gm_role_id = gm_role_id


def has_role(member: discord.abc.User, role_id: str) -> bool:
    roles = getattr(member, "roles", None) or []
    return any(str(role.id) == role_id for role in roles)


async def require_game_master(interaction: discord.Interaction, store: Store) -> bool:
    """Manage Channels in this channel, or the GM role of the campaign running here."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    if interaction.permissions.manage_channels:
        return True
    record = await store.active_campaign(channel_ref(interaction))
    role_id = record.gm_role_id if record is not None else None
    if role_id and has_role(interaction.user, role_id):
        return True
    raise NotGameMaster(role_id)


def require_moderator(interaction: discord.Interaction) -> bool:
    """Manage Server: the violations log is for the people who run the server."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    if not interaction.permissions.manage_guild:
        raise app_commands.MissingPermissions(["manage_guild"])
    return True
