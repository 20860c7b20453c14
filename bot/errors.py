"""Errors a player or game master sees, with a message fit to show them as-is.

The cogs and the terminal catch ``GameError`` and show ``str(error)``; anything else is a bug,
logged with its traceback and answered with a generic apology, never a traceback in Discord.
"""

from __future__ import annotations


class GameError(Exception):
    """A refusal with a message a user can read."""


class NoCampaign(GameError):
    def __init__(self) -> None:
        super().__init__("No campaign is running in this channel. A game master can start one with /campaign start.")


class NotJoined(GameError):
    def __init__(self) -> None:
        super().__init__("You have no character in this campaign yet. Use /join to create one.")


class AlreadyJoined(GameError):
    pass


class UnknownName(GameError):
    pass


class BadInput(GameError):
    pass


class SceneChanged(GameError):
    def __init__(self) -> None:
        super().__init__("The scene changed while you acted. Please try again.")
