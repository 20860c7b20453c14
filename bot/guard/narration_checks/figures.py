"""The facts layer as a narration check: decided figures, hit or miss, counted things."""

from __future__ import annotations

from bot.guard import facts
from bot.guard.finding import Finding
from bot.guard.narration_checks.base import CheckContext


class OutcomeCheck:
    name = "outcome"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        out: list[Finding] = []
        if ctx.outcome is not None:
            amounts = ctx.grounding.memo.get("amounts")
            if amounts is None:
                amounts = facts.scene_amounts(ctx.scene)
                ctx.grounding.memo["amounts"] = amounts
            out += facts.check_numbers(narration, ctx.outcome, ctx.scene, ctx.reading, amounts)
            out += facts.check_success(narration, ctx.outcome, ctx.intents, ctx.reading)
        out += facts.check_counts(narration, ctx.scene, ctx.grounding.counts, ctx.reading)
        return out
