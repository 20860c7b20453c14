"""Model-proposed changes to the world, checked against a registry before they touch state.

After narration or dialogue a model may propose changes (an NPC hands over an item, trust shifts,
an NPC walks off). Nothing it proposes is trusted: every step must name a registered action with
well-formed arguments, refer to what is present, and hold in the world as the earlier steps leave
it, or the whole plan is rejected. Pure: no I/O, no model, no database.
"""

from bot.actions.plan import KINDS, PlanReport, StepReport, validate_plan, validate_scene_plan
from bot.actions.registry import REGISTRY, Action, describe, lookup, suggest
from bot.actions.steps import NarrationWithProposals, Plan, PlanStep

__all__ = [
    "KINDS", "REGISTRY", "Action", "NarrationWithProposals", "Plan", "PlanReport", "PlanStep", "StepReport",
    "describe", "lookup", "suggest", "validate_plan", "validate_scene_plan",
]
