"""The offline provider: narration from templates, no keys, no network.

It is the default so that the bot runs, and every test passes, without a model. It never invents
anything: narration comes from the decided outcome (``bot.rules.narration``), NPC speech from the
NPC's own sources (``bot.dialogue.offline``), and a structured request gets an empty, neutral
instance of its schema. Both engine modules are imported lazily, inside the call, so that this
module loads even while they are missing and so that ``bot.llm`` stays cheap to import.
"""

from __future__ import annotations

import importlib
from typing import Any

from pydantic import BaseModel

from bot.llm.base import LLMError, LLMRequest, LLMResponse, NarrationContext
from bot.llm.structured import neutral_instance, parse_structured

NARRATED_TASKS = ("narration", "description", "combat")


class OfflineProvider:
    name = "offline"

    def __init__(self, model: str = "offline") -> None:
        self.model = model

    def __repr__(self) -> str:
        return f"OfflineProvider(model={self.model!r})"

    async def aclose(self) -> None:
        return None

    async def complete(self, request: LLMRequest) -> LLMResponse:
        ctx = request.context
        if request.task == "dialogue":
            return self._response(*_dialogue(ctx, request.schema))
        if request.schema is not None and request.task in NARRATED_TASKS and "narration" in request.schema.model_fields:
            # narration with a structured envelope (e.g. narration + proposed actions): the
            # template narration, and nothing proposed
            instance = request.schema.model_validate({"narration": _narration(ctx, request.task)})
            return self._response(instance.model_dump_json(), instance)
        if request.schema is not None:
            instance = neutral_instance(request.schema)
            if instance is None:
                raise LLMError(
                    "bad_output",
                    f"offline provider cannot answer a {request.schema.__name__} without inventing "
                    "(give it defaults or a neutral() classmethod)",
                )
            return self._response(instance.model_dump_json(), instance)
        if request.task in NARRATED_TASKS:
            return self._response(_narration(ctx, request.task), None)
        return self._response("", None)

    def _response(self, text: str, parsed: BaseModel | None) -> LLMResponse:
        return LLMResponse(text=text, parsed=parsed, model=self.model)


def _optional(module: str) -> Any | None:
    """The module, or None when it does not exist (yet). Errors inside it still surface."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as e:
        if e.name is not None and (module == e.name or module.startswith(e.name + ".")):
            return None
        raise


def _scene(ctx: NarrationContext) -> Any:
    if isinstance(ctx.scene, dict):
        from bot.world.scene import Scene

        return Scene.from_dict(ctx.scene)
    return ctx.scene


def _narration(ctx: NarrationContext | None, task: str) -> str:
    if ctx is None:
        return "Nothing else happens."
    narration = _optional("bot.rules.narration")
    if narration is None:
        return outcome_summary(ctx.outcome)
    if ctx.outcome is None:  # nothing was decided: a description of the place, or nothing
        describe = getattr(narration, "describe_location", None)
        if task == "description" and describe is not None and ctx.scene is not None:
            return str(describe(_scene(ctx)))
        return outcome_summary(None)
    return str(narration.narrate(_scene(ctx), ctx.intents, ctx.outcome, seed=ctx.seed))


def outcome_summary(outcome: Any) -> str:
    """The decided outcome's own sentences: the last resort when no template module exists."""
    if outcome is None:
        return "Nothing else happens."
    if getattr(outcome, "blocked", False):
        return getattr(outcome, "reason", "") or "That cannot be done here."
    sentences = [s.summary for s in getattr(outcome, "steps", []) if getattr(s, "summary", "")]
    return " ".join(sentences) or "Nothing else happens."


def _dialogue(ctx: NarrationContext | None, schema: type[BaseModel] | None) -> tuple[str, BaseModel | None]:
    module = _optional("bot.dialogue.offline")
    answer: Any = None
    if module is not None and ctx is not None:
        answer = module.answer(ctx)
    if isinstance(answer, BaseModel):
        if schema is not None and not isinstance(answer, schema):
            answer = schema.model_validate(answer.model_dump())
        return answer.model_dump_json(), answer
    if isinstance(answer, dict):
        if schema is not None:
            model = schema.model_validate(answer)
            return model.model_dump_json(), model
        return str(answer.get("speech") or answer.get("text") or ""), None
    if isinstance(answer, str) and answer:
        if schema is not None:  # the dialogue module answers with the schema's JSON text
            try:
                return answer, parse_structured(answer, schema)
            except LLMError:
                pass
        return answer, None
    speaker = (ctx.npc if ctx is not None else None) or "They"
    line = f'{speaker} shrugs. "I couldn\'t tell you."'
    if schema is not None:
        instance = neutral_instance(schema)
        if instance is not None:
            for field in ("speech", "text", "line"):
                if getattr(instance, field, None) == "":
                    instance = instance.model_copy(update={field: line})
                    break
            return instance.model_dump_json(), instance
    return line, None
