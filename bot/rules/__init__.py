"""The rules: dice, the decisions a turn's intents lead to, and template narration.

Pure and deterministic given an RNG: the backend decides every roll, hit, heal and price here,
before any model speaks, so the narrator can only tell a story that is already settled.
"""

from bot.rules.dice import DiceExpr, RollResult, format_roll, parse, roll
from bot.rules.errors import DiceError
from bot.rules.narration import describe_inventory, describe_location, describe_sheet, narrate, narrate_blocked
from bot.rules.resolve import resolve

__all__ = [
    "DiceError", "DiceExpr", "RollResult", "describe_inventory", "describe_location", "describe_sheet",
    "format_roll", "narrate", "narrate_blocked", "parse", "resolve", "roll",
]
