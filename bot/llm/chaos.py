"""The chaos provider: any provider, plus hallucinations of known kinds at a set rate.

A benchmark of the guard needs a model that hallucinates the way real creative models do (the
prior art measured 58% of turns for one), but repeatably and with the truth recorded: every
injection lands in ``LLMResponse.injected`` as ``{"kind", "text"}``, so a benchmark can score the
guard's findings against what was actually made up. Injectors are per task, each in its own module
found by task name; a task whose module does not exist passes through untouched.

Injector protocol (``bot.llm.chaos_narration`` implements it; ``bot.llm.chaos_dialogue`` and
``bot.llm.chaos_proposals`` follow it)::

    def inject(response: LLMResponse, request: LLMRequest, rng: random.Random) -> LLMResponse

It returns a new response whose text (and ``parsed``, for structured tasks) carries the
hallucination and whose ``injected`` list has one entry per thing made up, or the response
unchanged when nothing fits. It must draw every random choice from ``rng``.
"""

from __future__ import annotations

import importlib
import logging
import random
from types import ModuleType

from bot.llm.base import LLMRequest, LLMResponse, Provider

log = logging.getLogger(__name__)

INJECTOR_MODULES = {
    "narration": "bot.llm.chaos_narration",
    "description": "bot.llm.chaos_narration",
    "combat": "bot.llm.chaos_narration",
    "dialogue": "bot.llm.chaos_dialogue",
    "proposal": "bot.llm.chaos_proposals",
}


def injector_for(task: str) -> ModuleType | None:
    """The injector module for ``task``, or None when there is none (yet)."""
    module = INJECTOR_MODULES.get(task)
    if module is None:
        return None
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name == module:
            return None
        raise


def _enveloped_narration(response: LLMResponse) -> bool:
    """A narration answered inside a structured envelope (narration + proposed actions)."""
    return response.parsed is not None and isinstance(getattr(response.parsed, "narration", None), str)


class ChaosProvider:
    """Wraps ``inner``; on a share ``rate`` of calls, makes the answer hallucinate.

    ``seed`` makes the run repeatable (same seed, same sequence of calls -> same injections);
    without one a seed is drawn and kept in ``self.seed`` so a run can be replayed. ``model`` is
    ``chaos:<inner model>``, so the guard's profile for a chaos run is the default one (with
    retries) rather than the inner model's: a chaos model misbehaves like a creative one.
    """

    def __init__(self, inner: Provider, rate: float = 0.58, seed: int | None = None) -> None:
        if not 0.0 <= rate <= 1.0:
            raise ValueError(f"chaos rate must be between 0 and 1, not {rate}")
        self.inner = inner
        self.rate = rate
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
        self._rng = random.Random(self.seed)
        self.name = f"chaos:{inner.name}"
        self.model = f"chaos:{inner.model}"
        self.calls = 0
        self.injected_calls = 0

    def __repr__(self) -> str:
        return f"ChaosProvider({self.inner!r}, rate={self.rate}, seed={self.seed})"

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def complete(self, request: LLMRequest) -> LLMResponse:
        response = await self.inner.complete(request)
        # Both draws happen on every call, so one call's outcome never shifts the next call's.
        roll = self._rng.random()
        call_seed = self._rng.getrandbits(64)
        self.calls += 1
        if roll >= self.rate:
            return response
        injector = injector_for(request.task)
        if injector is None:
            return response
        before = len(response.injected)
        if _enveloped_narration(response):
            out = self._inject_envelope(response, request, injector, random.Random(call_seed))
        else:
            out = injector.inject(response, request, random.Random(call_seed))
        if len(out.injected) > before:
            self.injected_calls += 1
            log.debug("chaos injected %s", out.injected[before:])
        return out

    def _inject_envelope(self, response: LLMResponse, request: LLMRequest, injector: ModuleType,
                         rng: random.Random) -> LLMResponse:
        """Spoil the narration inside the envelope as plain narration is spoilt, and, on an
        independent draw at the same rate, its proposed actions too."""
        parsed = response.parsed
        view = LLMResponse(text=parsed.narration, model=response.model, injected=list(response.injected))  # type: ignore[union-attr]
        spoilt = injector.inject(view, request, rng)
        parsed = parsed.model_copy(update={"narration": spoilt.text})  # type: ignore[union-attr]
        out = LLMResponse(text=parsed.model_dump_json(), parsed=parsed, model=response.model,
                          prompt_tokens=response.prompt_tokens,
                          completion_tokens=response.completion_tokens, injected=spoilt.injected)
        proposals = injector_for("proposal")
        if proposals is not None and rng.random() < self.rate:
            out = proposals.inject(out, request, rng)
        return out
