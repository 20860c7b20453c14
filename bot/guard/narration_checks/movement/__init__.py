"""Bodies in space: teleporting, flying, passing through walls or locked doors, climbing what
cannot be climbed, and arriving somewhere that is neither here nor an exit.

Physics is a family of frames, not a few verbs: passing through what is solid ("step through the
iron-bound oak", "the wood parts like water"), superhuman leaps, falls and strength, walking on
air or water, drifting down like a feather, standing atop what cannot be climbed, a locked door
opening for someone without its key. Each movement is attributed to whoever makes it (the
subject of its clause) and allowed when that someone has an ability for it, holds the key, or the
backend decided the action succeeded. A door unlocked earlier in the same narration by someone
with its key stays open for the rest of it; a door named otherwise ("the back door") is not the
locked one. Arrivals ("step out onto", "opens onto", "you're standing in") are grounded against
the location, its exits and what the scene mentions. Ghosts drifting through pews and swords
passing through a ghost are not people moving.

Two checks: ``physics`` (over ``feats``, the deeds no body can do, and ``locks``, the scene's
locked things and what opens them) and ``location``; both rest on ``destinations``, the verbs that
carry a body and where a movement goes, which imports neither.
"""

from bot.guard.narration_checks.movement.location import LocationCheck
from bot.guard.narration_checks.movement.physics import PhysicsCheck

__all__ = ["LocationCheck", "PhysicsCheck"]
