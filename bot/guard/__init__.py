"""The guard: deterministic checks between the player, the model and the game state.

Everything in this package is pure: no I/O, no database, no LLM. Checks take a ``Scene`` (and the
intents and outcome of a turn) and return structured ``Finding`` objects.
"""
