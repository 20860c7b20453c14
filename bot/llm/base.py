"""The provider protocol: one async call and one error type.

Every provider (openai-compatible, gemini, offline templates, the chaos wrapper) takes an
``LLMRequest`` and returns an ``LLMResponse`` or raises ``LLMError``. The turn never sees an SDK
exception. ``context`` carries the structured truth of the turn (scene, intents, outcome) for the
providers that need it: the offline narrator builds its text from it, and chaos draws its
hallucinations from what the scene does *not* hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from bot.chat import Message

__all__ = ["LLMError", "LLMRequest", "LLMResponse", "Message", "NarrationContext", "Provider"]


@dataclass(slots=True)
class NarrationContext:
    """The turn's truth, for providers that do not read prose (offline, chaos)."""

    scene: Any  # bot.world.scene.Scene
    intents: list[Any] = field(default_factory=list)  # bot.world.intent.Intent
    outcome: Any = None  # bot.world.outcome.Outcome
    player_text: str = ""
    npc: str | None = None  # dialogue: who speaks
    evidence: list[Any] = field(default_factory=list)  # dialogue: evidence blocks
    seed: int = 0  # varies template choice repeatably


@dataclass(slots=True)
class LLMRequest:
    messages: list[Message]
    temperature: float = 0.6
    max_tokens: int = 170
    schema: type[BaseModel] | None = None  # structured output: parse into this model
    task: str = "narration"  # narration | dialogue | intent | proposal | description | combat
    context: NarrationContext | None = None
    model: str | None = None  # per-channel model (/gm model); None: the provider's own


@dataclass(slots=True)
class LLMResponse:
    text: str
    parsed: BaseModel | None = None
    model: str = ""
    prompt_tokens: int = 0
    completion_tokens: int = 0
    injected: list[dict[str, Any]] = field(default_factory=list)  # chaos: what it made up


class LLMError(Exception):
    """A model call failed after the SDK's own retries. ``kind`` is one of timeout, rate_limit,
    server, auth, connection, bad_output, config."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind


@runtime_checkable
class Provider(Protocol):
    name: str  # offline | openai | gemini | chaos:<inner>
    model: str  # the model name; selects the AntiHallucinationConfig profile

    async def complete(self, request: LLMRequest) -> LLMResponse: ...

    async def aclose(self) -> None: ...
