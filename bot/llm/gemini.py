"""The Gemini provider, on the official ``google.genai`` async client.

System messages become the ``system_instruction``; user and assistant turns become contents with
the roles user and model. Structured output is Gemini's own: ``response_mime_type`` JSON with a
``response_schema`` built from the pydantic model (or, for a model the SDK cannot express as a
Gemini Schema, such as one with free-form dict fields, ``response_json_schema``). Retries of 429/5xx and connection failures are
the SDK's (``HttpRetryOptions``) when the installed version has them; the SDK does not retry a
client-side time-out, so this module does, within the same ``max_retries`` budget. Whatever still
fails becomes one ``LLMError``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from google import genai
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import BaseModel, ValidationError

from bot.llm.base import LLMError, LLMRequest, LLMResponse, Message
from bot.llm.leaks import strip_leaks
from bot.llm.structured import describe_validation, parse_structured

log = logging.getLogger(__name__)

_RETRY_STATUS = (408, 429, 500, 502, 503, 504)
_SDK_RETRIES = hasattr(types, "HttpRetryOptions")


def _transport_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """(time-out classes, connection classes) of whichever HTTP stack the SDK uses."""
    timeouts: list[type[BaseException]] = [TimeoutError, asyncio.TimeoutError]
    connections: list[type[BaseException]] = [ConnectionError]
    try:
        import aiohttp

        timeouts.append(aiohttp.ServerTimeoutError)
        connections.append(aiohttp.ClientError)
    except ImportError:
        pass
    for name in ("httpx2", "httpx"):
        try:
            module = __import__(name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        connections.append(module.TransportError)
    return tuple(timeouts), tuple(connections)


_TIMEOUTS, _CONNECTIONS = _transport_errors()


class GeminiProvider:
    name = "gemini"

    def __init__(
        self,
        model: str,
        api_key: str,
        base_url: str | None = None,
        timeout: float = 20.0,
        max_retries: int = 2,
        retry_delay: float = 1.0,
        thinking_budget: int | None = None,
    ) -> None:
        self.model = model
        # Hidden thoughts count against max_output_tokens: at 170 tokens a thinking Flash model can
        # spend the whole budget thinking and narrate nothing, so 2.5 Flash models think not at all
        # unless told otherwise (Pro models cannot switch thinking off; they keep their default).
        if thinking_budget is None and "2.5-flash" in model.casefold():
            thinking_budget = 0
        self.thinking_budget = thinking_budget
        self.base_url = base_url
        self.max_retries = max_retries
        self.retry_delay = retry_delay
        self._secret = api_key or ""
        self._json_schema_only: set[type[BaseModel]] = set()  # schemas the SDK cannot express as a Schema
        options: dict[str, Any] = {"timeout": max(1, int(timeout * 1000))}
        if base_url:
            options["base_url"] = base_url
        if _SDK_RETRIES:
            options["retry_options"] = types.HttpRetryOptions(
                attempts=max_retries + 1,
                initial_delay=retry_delay,
                max_delay=max(retry_delay * 8, retry_delay),
                exp_base=2.0,
                jitter=retry_delay / 2,
                http_status_codes=list(_RETRY_STATUS),
            )
        self._client = genai.Client(api_key=api_key, http_options=types.HttpOptions(**options))

    def __repr__(self) -> str:
        return f"GeminiProvider(model={self.model!r}, base_url={self.base_url!r})"

    async def aclose(self) -> None:
        closer = getattr(self._client.aio, "aclose", None)
        if closer is not None:
            await closer()

    async def complete(self, request: LLMRequest) -> LLMResponse:
        contents, system = to_contents(request.messages)
        config = types.GenerateContentConfig(
            temperature=request.temperature,
            max_output_tokens=request.max_tokens,
            system_instruction=system,
        )
        if self.thinking_budget is not None:
            config.thinking_config = types.ThinkingConfig(thinking_budget=self.thinking_budget)
        schema = request.schema
        if schema is not None:
            config.response_mime_type = "application/json"
            if schema in self._json_schema_only:
                config.response_json_schema = schema.model_json_schema()
            else:
                config.response_schema = schema
        attempt = 0
        while True:
            try:
                response = await self._client.aio.models.generate_content(
                    model=request.model or self.model, contents=contents, config=config
                )
                return self._response(response, schema)
            except LLMError:
                raise
            except Exception as e:  # noqa: BLE001 - every SDK/transport failure becomes one LLMError
                if schema is not None and type(e) is ValueError and config.response_schema is not None:
                    # The SDK refused to turn the model into a Gemini Schema (dict fields, for
                    # instance) before sending anything: send it as plain JSON Schema instead.
                    log.info("%s: %s as response_json_schema (%s)", self.model, schema.__name__, e)
                    self._json_schema_only.add(schema)
                    config.response_schema = None
                    config.response_json_schema = schema.model_json_schema()
                    continue
                if attempt < self.max_retries and self._retry_here(e):
                    attempt += 1
                    await asyncio.sleep(self.retry_delay * (2 ** (attempt - 1)))
                    continue
                raise self._error(e) from None

    def _retry_here(self, e: BaseException) -> bool:
        """Failures the SDK leaves to us: time-outs always, statuses only without HttpRetryOptions."""
        if isinstance(e, _TIMEOUTS):
            return True
        if _SDK_RETRIES:
            return False
        if isinstance(e, genai_errors.APIError):
            return e.code in _RETRY_STATUS
        return isinstance(e, _CONNECTIONS)

    def _response(self, response: Any, schema: type[BaseModel] | None) -> LLMResponse:
        text = _text_of(response)
        usage = getattr(response, "usage_metadata", None)
        parsed: BaseModel | None = None
        if schema is not None:
            if not text:
                raise LLMError("bad_output", f"empty structured reply ({_finish_reason(response)})")
            candidate = getattr(response, "parsed", None)
            parsed = candidate if isinstance(candidate, schema) else parse_structured(text, schema)
        else:
            text = strip_leaks(text)
            if not text:
                raise LLMError("bad_output", f"the model returned no narration text ({_finish_reason(response)})")
        return LLMResponse(
            text=text,
            parsed=parsed,
            model=getattr(response, "model_version", None) or self.model,
            prompt_tokens=getattr(usage, "prompt_token_count", 0) or 0,
            completion_tokens=getattr(usage, "candidates_token_count", 0) or 0,
        )

    def _error(self, e: BaseException) -> LLMError:
        tries = self.max_retries
        retries = f" after {tries} retr{'y' if tries == 1 else 'ies'}"
        if isinstance(e, genai_errors.APIError):
            code = e.code or 0
            detail = (e.message or str(e))[:300]
            if code == 429:
                kind, msg = "rate_limit", f"rate limited (HTTP 429){retries}: {detail}"
            elif code in (401, 403):
                kind, msg = "auth", f"the server refused the API key (HTTP {code}): {detail}"
            elif code == 408:
                kind, msg = "timeout", f"the model server timed out (HTTP 408){retries}"
            elif code >= 500:
                kind, msg = "server", f"server error (HTTP {code}){retries}: {detail}"
            else:
                kind, msg = "config", f"the server rejected the request (HTTP {code}): {detail}"
        elif isinstance(e, _TIMEOUTS):
            kind, msg = "timeout", f"the model server did not answer in time{retries}"
        elif isinstance(e, _CONNECTIONS):
            kind, msg = "connection", f"cannot reach the model server at {self.base_url or 'the Gemini API'}{retries}"
        elif isinstance(e, ValidationError):
            kind, msg = "bad_output", f"reply does not fit the schema: {describe_validation(e)}"
        elif isinstance(e, (json.JSONDecodeError, genai_errors.UnknownApiResponseError, ValueError)):
            kind, msg = "bad_output", f"the server's answer is not usable: {str(e)[:200]}"
        else:
            kind, msg = "server", f"{type(e).__name__}: {str(e)[:200]}"
        if self._secret and len(self._secret) >= 4:
            msg = msg.replace(self._secret, "[redacted]")
        return LLMError(kind, msg)


def to_contents(messages: list[Message]) -> tuple[list[types.Content], str | None]:
    """Gemini contents (roles user/model) and the joined system instruction."""
    system = [m.content for m in messages if m.role == "system"]
    contents = [
        types.Content(role="model" if m.role == "assistant" else "user", parts=[types.Part(text=m.content)])
        for m in messages
        if m.role != "system"
    ]
    if not contents and system:  # Gemini needs at least one turn
        return [types.Content(role="user", parts=[types.Part(text="\n\n".join(system))])], None
    return contents, ("\n\n".join(system) if system else None)


def _text_of(response: Any) -> str:
    try:
        candidates = response.candidates or []
        parts = candidates[0].content.parts if candidates and candidates[0].content else []
        return "".join(p.text for p in parts or [] if getattr(p, "text", None) and not getattr(p, "thought", False))
    except (AttributeError, IndexError):
        return ""


def _finish_reason(response: Any) -> str:
    try:
        reason = response.candidates[0].finish_reason
        return f"finish reason {getattr(reason, 'value', reason)}"
    except (AttributeError, IndexError, TypeError):
        feedback = getattr(response, "prompt_feedback", None)
        return f"prompt feedback {feedback}" if feedback else "no candidates"
