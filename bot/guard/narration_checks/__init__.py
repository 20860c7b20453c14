"""Post-validation checks for narration, one small class per kind of hallucination.

Each check has a ``name`` and ``validate(narration, context) -> list[Finding]``;
``bot.guard.postvalidate`` builds the context once and runs them all.
"""

from bot.guard.narration_checks.abilities import AbilityCheck
from bot.guard.narration_checks.base import CheckContext, NarrationCheck
from bot.guard.narration_checks.figures import OutcomeCheck
from bot.guard.narration_checks.mentions import (
    CreatureCheck, ItemCheck, PeopleCheck, ProperNameCheck,
)
from bot.guard.narration_checks.movement import LocationCheck, PhysicsCheck
from bot.guard.narration_checks.setting import WorldRuleCheck

DEFAULT_CHECKS: tuple[NarrationCheck, ...] = (
    ProperNameCheck(), PeopleCheck(), CreatureCheck(), ItemCheck(), AbilityCheck(),
    PhysicsCheck(), LocationCheck(), WorldRuleCheck(), OutcomeCheck(),
)

__all__ = [
    "AbilityCheck", "CheckContext", "CreatureCheck", "DEFAULT_CHECKS", "ItemCheck",
    "LocationCheck", "NarrationCheck", "OutcomeCheck", "PeopleCheck", "PhysicsCheck",
    "ProperNameCheck", "WorldRuleCheck",
]
