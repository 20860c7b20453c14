"""Campaign administration: start and end a campaign, inspect it, and change the game by hand.

For members with Manage Channels in the channel, or the GM role the campaign was started with.
There is no ``default_permissions`` here: Discord cannot say "this permission OR that role", and
hiding the commands from a GM role would lock its members out; the run-time check decides and says
what is missing. The game master's changes go through ``Game``, which takes the channel's turn lock,
so a ``/gm give`` never lands in the middle of a player's turn, and they are posted in the channel:
the table sees when its world is changed from outside the story.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import LoreGuardBot, respond
from bot.errors import NoCampaign
from bot.game import Game
from bot.guard_config import profile_name_for, show
from bot.store.base import Store
from bot.world.state import CharacterState
from cogs.checks import require_game_master
from cogs.embeds import campaign_started_embed, gm_change_embed, guard_config_embed, plain, status_embed
from cogs.refs import channel_ref, player_id
from cogs.suggest import campaign_here, suggestions

DEFAULT_MODEL = "default"  # /gm model default: back to the bot's model


class CampaignCog(commands.Cog, name="Campaign"):
    campaign = app_commands.Group(name="campaign", description="Start, end or inspect this channel's campaign",
                                  guild_only=True)
    gm = app_commands.Group(name="gm", description="Game-master changes to characters and the channel's model",
                            guild_only=True)

    def __init__(self, bot: LoreGuardBot) -> None:
        self.bot = bot

    @property
    def game(self) -> Game:
        assert self.bot.game is not None, "the engine is not open"
        return self.bot.game

    @property
    def store(self) -> Store:
        assert self.bot.store is not None, "the engine is not open"
        return self.bot.store

    async def interaction_check(self, interaction: discord.Interaction) -> bool:  # every command here
        return await require_game_master(interaction, self.store)

    # ---- /campaign -----------------------------------------------------------------------------
    @campaign.command(name="start", description="Start a campaign in this channel (ends the one running here).")
    @app_commands.describe(name="Which campaign world to play", gm_role="A role whose members may run this campaign")
    async def start(self, interaction: discord.Interaction, name: str, gm_role: discord.Role | None = None) -> None:
        ref = channel_ref(interaction)
        previous = await self.store.active_campaign(ref)
        record = await self.game.start(ref, name, str(gm_role.id) if gm_role else None)
        campaign = self.game.load_campaign(record.campaign)
        embed = campaign_started_embed(campaign, record, previous.campaign if previous else None)
        await respond(interaction, embed=embed, ephemeral=False)

    @start.autocomplete("name")
    async def _campaign_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return suggestions(Game.campaign_names(), current)

    @campaign.command(name="end", description="End the campaign running in this channel.")
    async def end(self, interaction: discord.Interaction) -> None:
        if not await self.game.end(channel_ref(interaction)):
            raise NoCampaign()
        await respond(interaction, embed=gm_change_embed("The campaign in this channel has ended. Thanks for playing!"),
                      ephemeral=False)

    @campaign.command(name="status", description="Show this channel's campaign, characters and model.")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self.game.table(channel_ref(interaction))
        model = table.record.model or self._default_model()
        source = "set for this channel" if table.record.model else "bot default"
        characters = [c for c in table.state.characters.values() if c.active]
        profile = profile_name_for(model, self._guard_file())
        embed = status_embed(table.campaign, table.record, characters, model, source, profile)
        await respond(interaction, embed=embed, ephemeral=True)

    # ---- /gm -----------------------------------------------------------------------------------
    async def _announce(self, interaction: discord.Interaction, text: str) -> None:
        await respond(interaction, embed=gm_change_embed(text), ephemeral=False)

    @gm.command(name="give", description="Give an item to a player's character.")
    @app_commands.describe(player="The player whose character receives it", item="The item, e.g. healing potion")
    async def give(self, interaction: discord.Interaction, player: discord.Member,
                   item: app_commands.Range[str, 1, 60]) -> None:
        character = await self.game.gm_give(channel_ref(interaction), player_id(player), item)
        await self._announce(interaction, f"The game master gives **{plain(item.strip())}** to {_who(character)}.")

    @gm.command(name="take", description="Take an item away from a player's character.")
    @app_commands.describe(player="The player whose character loses it", item="An item the character carries")
    async def take(self, interaction: discord.Interaction, player: discord.Member,
                   item: app_commands.Range[str, 1, 60]) -> None:
        character = await self.game.gm_take(channel_ref(interaction), player_id(player), item)
        await self._announce(interaction, f"The game master takes **{plain(item.strip())}** from {_who(character)}.")

    @take.autocomplete("item")
    async def _held_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        member = getattr(interaction.namespace, "player", None)
        if member is None or interaction.guild_id is None:
            return []
        try:
            table = await self.game.table(channel_ref(interaction))
            character = table.character(str(member.id))
        except Exception:  # autocomplete answers what it can; the command itself reports errors
            return []
        return suggestions(dict.fromkeys(character.inventory), current)

    @gm.command(name="move", description="Move a player's character to another location.")
    @app_commands.describe(player="The player whose character moves", location="Where to put the character")
    async def move(self, interaction: discord.Interaction, player: discord.Member, location: str) -> None:
        character = await self.game.gm_move(channel_ref(interaction), player_id(player), location)
        await self._announce(interaction, f"The game master moves {_who(character)} to **{plain(character.location)}**.")

    @move.autocomplete("location")
    async def _location_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        campaign = await campaign_here(self.bot, interaction)
        return suggestions([loc.name for loc in campaign.locations], current) if campaign else []

    @gm.command(name="set-hp", description="Set a player's character's hit points.")
    @app_commands.describe(player="The player whose character it is", hp="New hit points (capped at the maximum)")
    async def set_hp(self, interaction: discord.Interaction, player: discord.Member,
                     hp: app_commands.Range[int, 0, 10_000]) -> None:
        character = await self.game.gm_set_hp(channel_ref(interaction), player_id(player), hp)
        await self._announce(interaction, f"The game master sets {_who(character)} to **{character.hp}/{character.max_hp} HP**.")

    @gm.command(name="model", description="Choose the model that narrates in this channel; shows its guard settings.")
    @app_commands.describe(name="Model name (e.g. gpt-4o-mini), or 'default' for the bot's model")
    async def model(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 100]) -> None:
        name = name.strip()
        chosen = None if name.casefold() == DEFAULT_MODEL else name
        await self.game.set_model(channel_ref(interaction), chosen)
        effective = chosen or self._default_model()
        shown = show(effective, self._guard_file())
        await respond(interaction, embed=guard_config_embed(effective, shown), ephemeral=True)

    def _default_model(self) -> str:
        provider = self.bot.provider
        return provider.model if provider is not None else self.bot.settings.model_name

    def _guard_file(self) -> str | None:
        path = self.bot.settings.guard_config_file
        return str(path) if path else None


def _who(character: CharacterState) -> str:
    return f"**{plain(character.name)}** (<@{character.player_id}>)"


async def setup(bot: LoreGuardBot) -> None:
    await bot.add_cog(CampaignCog(bot))
