"""Errors the rules raise, worded for the player who typed the expression.

Only dice can be wrong in a way a player must hear about; an intent the rules cannot resolve
becomes a failed step in the outcome instead of an exception.
"""

from __future__ import annotations


class DiceError(ValueError):
    """A dice expression could not be read or is outside the limits. ``str(error)`` is a sentence
    a player understands, e.g. ``Too many dice: at most 100 at once (you asked for 999).``"""
