"""The shape a model's proposal arrives in, checked at the boundary before anything reads it.

The step model is deliberately loose about *which* action and *which* arguments (an unknown action
name must survive parsing so that the validator can name it and suggest the nearest real one) and
strict about the frame (a step is an object with an id, an action name, an argument object and a
list of step ids it comes after). Whether the action exists and its arguments fit is
``bot.actions.plan``'s job, where a mistake becomes a finding the model can be told about.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_STEPS = 12


def _id(value: Any) -> Any:
    # Models number their steps as often as they name them: 1 and "1" are the same step.
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


class PlanStep(BaseModel):
    """One proposed change: ``{"id": "s1", "action": "give_item", "args": {...}, "after": []}``."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    id: str = Field(min_length=1, max_length=40)
    action: str = Field(min_length=1, max_length=60)
    args: dict[str, Any] = Field(default_factory=dict)
    after: list[str] = Field(default_factory=list, max_length=MAX_STEPS)

    @field_validator("id", mode="before")
    @classmethod
    def _step_id(cls, value: Any) -> Any:
        return _id(value)

    @field_validator("after", mode="before")
    @classmethod
    def _after_ids(cls, value: Any) -> Any:
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            value = [value]
        if isinstance(value, list):
            return [_id(v) for v in value]
        return value


class Plan(BaseModel):
    """What the proposal call returns: the changes the narration implies, possibly none."""

    model_config = ConfigDict(extra="forbid")

    steps: list[PlanStep] = Field(default_factory=list)


class NarrationWithProposals(BaseModel):
    """The one-call variant: the narration and the changes it implies, in one structured answer."""

    model_config = ConfigDict(extra="forbid")

    narration: str
    proposals: list[PlanStep] = Field(default_factory=list)

    def plan(self) -> Plan:
        return Plan(steps=list(self.proposals))
