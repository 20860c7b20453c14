"""The knobs of one NPC conversation: model call, retrieval, repair."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.dialogue.evidence import SNIPPET_CHARS


@dataclass(frozen=True, slots=True)
class DialogueConfig:
    temperature: float = 0.5  # dialogue may be livelier than narration; facts are checked anyway
    max_tokens: int = 400  # speech plus the citation list
    retries: int = 1  # model answers re-asked with the findings as feedback before fail-closed
    top_k: int = 4  # evidence blocks per answer
    relevance: float = 0.4  # retrieval score a source needs to become a block
    snippet_chars: int = SNIPPET_CHARS
    max_words: int = 70  # asked of the model, not enforced
    strict: bool = False  # warnings repaired too
    # retry on any blocking finding ("always"), or only when stripping the offending sentences
    # would leave no answer ("when_needed"). Measured through the chaos benchmark (0.58, 416
    # answers a policy): both ship 0 unsupported claims and answer every fake-topic probe with
    # uncertainty, but "always" re-asks 0.58 times an answer, "when_needed" 0: fail-closed strips
    # an appended invention as well as a second model call does, for no model time.
    retry: str = "when_needed"

    @classmethod
    def from_profile(cls, profile: Any) -> DialogueConfig:
        """From a per-model guard profile (``bot.guard_config.AntiHallucinationConfig``, read by
        attribute): its dialogue temperature and token cap, strict mode, and at most one retry
        (dialogue repairs by stripping, so a second retry buys little). The token cap is at
        least 320: the answer repeats each claim in its citation list."""
        values: dict[str, Any] = {}
        temperature = getattr(profile, "temperature", None)
        if callable(temperature):
            values["temperature"] = float(temperature("dialogue"))
        tokens = getattr(profile, "tokens", None)
        if callable(tokens):
            values["max_tokens"] = max(320, int(tokens("dialogue")))
        retries = getattr(profile, "max_retries", None)
        if isinstance(retries, int):
            values["retries"] = min(1, retries)
        strict = getattr(profile, "strict_mode", None)
        if isinstance(strict, bool):
            values["strict"] = strict
        return cls(**values)

    @classmethod
    def coerce(cls, value: Any) -> DialogueConfig:
        """A ``DialogueConfig`` from itself, a guard profile, or None (the defaults)."""
        if value is None:
            return cls()
        if isinstance(value, cls):
            return value
        return cls.from_profile(value)
