"""The one structured output the dialogue model produces: what the NPC says and what backs it.

``DialogueResponse`` is both the response schema sent to providers that support structured output
and the shape every answer is checked in, whether it came from a model, from the offline templates
or from an evaluation case. ``parse_response`` accepts what models actually send: JSON inside code
fences, or prose around a JSON object.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError


class Citation(BaseModel):
    model_config = ConfigDict(extra="ignore")

    claim: str = Field(description="the fact, in the words of the speech")
    evidence_id: str = Field(description="the id of the evidence block that states it: E1, E2... or self")


class DialogueResponse(BaseModel):
    model_config = ConfigDict(extra="ignore")

    speech: str = Field(description="what the character says, in character, with [E1]-style ids after facts")
    citations: list[Citation] = Field(default_factory=list)


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL | re.IGNORECASE)


def _candidates(text: str) -> list[str]:
    out = [m.group(1) for m in _FENCE.finditer(text)]
    start, end = text.find("{"), text.rfind("}")
    if start != -1 and end > start:
        out.append(text[start : end + 1])
    out.append(text)
    return out


def parse_response(value: Any) -> DialogueResponse | None:
    """A ``DialogueResponse`` from a parsed model, a dict or model text; None when it is not one."""
    if isinstance(value, DialogueResponse):
        return value
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, dict):
        try:
            return DialogueResponse.model_validate(value)
        except ValidationError:
            return None
    if not isinstance(value, str) or not value.strip():
        return None
    for candidate in _candidates(value):
        try:
            data = json.loads(candidate)
        except (json.JSONDecodeError, ValueError):
            continue
        if isinstance(data, dict) and isinstance(data.get("speech"), str):
            try:
                return DialogueResponse.model_validate(data)
            except ValidationError:
                continue
    return None
