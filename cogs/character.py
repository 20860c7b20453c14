"""Characters: join a campaign, read a sheet or an inventory, look around, roll dice, leave.

Each command is one engine call and one embed. Sheets, inventories and ``/look`` answer only the
one who asked (ephemeral), so checking your gold does not interrupt the story in the channel;
joining, leaving and dice rolls are public, because the table should see them.
"""

from __future__ import annotations

import random

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import LoreGuardBot, respond
from bot.errors import BadInput, GameError, NotJoined
from bot.game import Game, Table
from bot.rules import dice
from bot.rules.errors import DiceError
from bot.rules.narration import describe_location
from bot.world.state import CharacterState
from cogs.embeds import inventory_embed, joined_embed, location_embed, plain, sheet_embed
from cogs.limits import MESSAGE_CHARS, truncate
from cogs.refs import channel_ref, player_id
from cogs.suggest import campaign_here, suggestions


class CharacterCog(commands.Cog, name="Characters"):
    def __init__(self, bot: LoreGuardBot, rng: random.Random | None = None) -> None:
        self.bot = bot
        self.rng = rng or random.SystemRandom()

    @property
    def game(self) -> Game:
        assert self.bot.game is not None, "the engine is not open"
        return self.bot.game

    async def _table(self, interaction: discord.Interaction) -> Table:
        return await self.game.table(channel_ref(interaction))

    @staticmethod
    def _character_of(table: Table, interaction: discord.Interaction, member: discord.Member | None) -> CharacterState:
        if member is None or member.id == interaction.user.id:
            return table.character(player_id(interaction.user))
        try:
            return table.character(player_id(member))
        except NotJoined:
            raise GameError(f"{plain(member.display_name)} has no character in this campaign.") from None

    # ---- /join ---------------------------------------------------------------------------------
    @app_commands.command(name="join", description="Create your character in this channel's campaign.")
    @app_commands.describe(name="Your character's name (up to 32 letters)", char_class="The class to play")
    @app_commands.rename(char_class="class")
    @app_commands.guild_only()
    async def join(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 32], char_class: str
    ) -> None:
        character = await self.game.join(channel_ref(interaction), player_id(interaction.user), name, char_class)
        await respond(interaction, embed=joined_embed(character), ephemeral=False)

    @join.autocomplete("char_class")
    async def _class_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        campaign = await campaign_here(self.bot, interaction)
        if campaign is None:
            return []
        described = {c.name: f"{c.name}: {c.description}" if c.description else c.name for c in campaign.classes}
        return suggestions(described, current, label=described.__getitem__)

    # ---- /sheet, /inventory, /look -------------------------------------------------------------
    @app_commands.command(name="sheet", description="Show a character sheet: HP, AC, abilities, spells, gold.")
    @app_commands.describe(player="Whose sheet to show (default: yours)")
    @app_commands.guild_only()
    async def sheet(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        table = await self._table(interaction)
        character = self._character_of(table, interaction, player)
        await respond(interaction, embed=sheet_embed(character, table.campaign), ephemeral=True)

    @app_commands.command(name="inventory", description="Show what a character carries.")
    @app_commands.describe(player="Whose inventory to show (default: yours)")
    @app_commands.guild_only()
    async def inventory(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        table = await self._table(interaction)
        character = self._character_of(table, interaction, player)
        await respond(interaction, embed=inventory_embed(character, table.campaign), ephemeral=True)

    @app_commands.command(name="look", description="Describe where your character is, from the game state.")
    @app_commands.guild_only()
    async def look(self, interaction: discord.Interaction) -> None:
        table = await self._table(interaction)
        me = player_id(interaction.user)
        table.character(me)
        await respond(interaction, embed=location_embed(describe_location(table.scene(me))), ephemeral=True)

    # ---- /roll ---------------------------------------------------------------------------------
    @app_commands.command(name="roll", description="Roll dice for everyone to see, e.g. d20, 2d6+3, 4d6kh3.")
    @app_commands.describe(expression="Dice to roll, such as d20, 2d6+3 or 4d6kh3")
    async def roll(self, interaction: discord.Interaction, expression: app_commands.Range[str, 1, 100]) -> None:
        try:
            result = dice.roll(expression, self.rng)
        except DiceError as exc:
            raise BadInput(str(exc)) from None
        who = plain(interaction.user.display_name)
        text = truncate(f"🎲 **{who}** rolls {dice.format_roll(result)}", MESSAGE_CHARS)
        await respond(interaction, content=text, ephemeral=False)

    # ---- /leave --------------------------------------------------------------------------------
    @app_commands.command(name="leave", description="Retire your character from this channel's campaign.")
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        character = await self.game.leave(channel_ref(interaction), player_id(interaction.user))
        await respond(interaction, content=f"{plain(character.name)} leaves the party.", ephemeral=False)


async def setup(bot: LoreGuardBot) -> None:
    await bot.add_cog(CharacterCog(bot))
