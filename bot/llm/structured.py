"""Structured output: turning a model's JSON into a pydantic object, or a clear failed attempt.

A model asked for JSON may still answer with fences, prose around the object, or an object that
does not fit the schema. All of that must become ``LLMError("bad_output")`` (the turn's repair
ladder counts it as a failed attempt), never a crash. The offline provider also needs the
opposite: an empty, neutral instance of a schema, because offline must never invent content.
"""

from __future__ import annotations

import json
import types
import typing
from enum import Enum
from typing import Any, Literal, Union

from pydantic import BaseModel, ValidationError

from bot.llm.base import LLMError

_FENCED = ("```json", "```JSON", "```")
_NEUTRAL_WORDS = ("none", "other", "unknown", "neutral", "nothing", "")


def extract_json(text: str) -> str:
    """The JSON value inside ``text``: fences removed, prose before/after the object dropped."""
    s = (text or "").strip()
    for fence in _FENCED:
        if s.startswith(fence):
            s = s[len(fence):]
            if s.rstrip().endswith("```"):
                s = s.rstrip()[:-3]
            s = s.strip()
            break
    if s[:1] in "{[":
        return s
    starts = [i for i in (s.find("{"), s.find("[")) if i != -1]
    if not starts:
        return s
    start = min(starts)
    end = max(s.rfind("}"), s.rfind("]"))
    return s[start:end + 1] if end > start else s[start:]


def parse_structured(text: str, schema: type[BaseModel]) -> BaseModel:
    """``text`` validated as ``schema``; ``LLMError("bad_output")`` with a one-line reason."""
    if not (text or "").strip():
        raise LLMError("bad_output", f"empty reply where a {schema.__name__} JSON object was expected")
    raw = extract_json(text)
    try:
        return schema.model_validate_json(raw)
    except ValidationError as e:
        raise LLMError("bad_output", f"reply does not fit {schema.__name__}: {describe_validation(e)}") from None


def describe_validation(error: ValidationError) -> str:
    """The first problem of a pydantic error, in one line (with how many more there are)."""
    errors = error.errors()
    if not errors:
        return str(error)
    first = errors[0]
    where = ".".join(str(p) for p in first.get("loc", ())) or "(root)"
    more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}: {first.get('msg', 'invalid')}{more}"


def neutral_instance(schema: type[BaseModel]) -> BaseModel | None:
    """An instance of ``schema`` that asserts nothing, or None when none can be built.

    In order: the schema's own ``neutral()`` classmethod if it defines one; validating ``{}``
    (every field has a default); filling each required field with an empty value of its type
    (``""``, ``0``, ``False``, ``[]``, ``{}``, ``None``, a nested neutral model, or an enum or
    literal member spelled none/other/unknown). A required literal with no such member gives None:
    choosing one of its values would be inventing.
    """
    hook = getattr(schema, "neutral", None)
    if callable(hook):
        value = hook()
        if isinstance(value, schema):
            return value
    try:
        return schema.model_validate({})
    except ValidationError:
        pass
    data: dict[str, Any] = {}
    for name, info in schema.model_fields.items():
        if not info.is_required():
            continue
        ok, value = _empty_for(info.annotation)
        if not ok:
            return None
        data[info.alias or name] = value
    try:
        return schema.model_validate(data)
    except ValidationError:
        return None


def _empty_for(annotation: Any) -> tuple[bool, Any]:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation is type(None) or annotation is None:
        return True, None
    if origin in (Union, types.UnionType):
        if type(None) in args:
            return True, None
        for arg in args:
            ok, value = _empty_for(arg)
            if ok:
                return True, value
        return False, None
    if origin is Literal:
        for arg in args:
            if isinstance(arg, str) and arg.casefold() in _NEUTRAL_WORDS:
                return True, arg
        return False, None
    if origin is typing.Annotated:
        return _empty_for(args[0])
    if origin in (list, set, frozenset, tuple) or annotation in (list, set, frozenset, tuple):
        return True, []
    if origin is dict or annotation is dict:
        return True, {}
    if isinstance(annotation, type):
        if issubclass(annotation, Enum):
            for member in annotation:
                if str(member.value).casefold() in _NEUTRAL_WORDS or member.name.casefold() in _NEUTRAL_WORDS:
                    return True, member.value
            return False, None
        if issubclass(annotation, BaseModel):
            inner = neutral_instance(annotation)
            return (True, inner.model_dump(by_alias=True)) if inner is not None else (False, None)
        if issubclass(annotation, bool):
            return True, False
        if issubclass(annotation, (int, float)):
            return True, 0
        if issubclass(annotation, str):
            return True, ""
    if annotation is Any:
        return True, None
    return False, None


def schema_instruction(schema: type[BaseModel]) -> str:
    """A system line asking for JSON that fits ``schema``, for servers without json_schema."""
    return (
        "Answer with one JSON object and nothing else. It must validate against this JSON schema:\n"
        + json.dumps(schema.model_json_schema(), separators=(",", ":"))
    )
