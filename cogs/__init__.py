"""The Discord side of LoreGuard: cogs loaded as extensions by ``bot.client``.

Each cog turns an interaction or a message into one engine call (``Game``, ``TurnRunner``, a store
query) and the result into a reply; none of them decides anything about the game. Only this package
and ``bot.client`` import discord.
"""
