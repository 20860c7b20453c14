"""The OpenAI-compatible provider: OpenAI itself, and Ollama, llama.cpp server, vLLM via base_url.

It uses the official ``openai.AsyncOpenAI`` client so that time-outs and the retry of 429/5xx
(with backoff, honouring Retry-After) are the SDK's own, configured by ``timeout`` and
``max_retries``; whatever still fails surfaces as exactly one ``LLMError``. Servers differ in what
they accept: some reject ``json_schema`` response formats, newer OpenAI models reject
``max_tokens`` or a temperature. When the server's 400 names the offending parameter the provider
adapts once and remembers, rather than failing every turn.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import openai
from pydantic import BaseModel, ValidationError

from bot.llm.base import LLMError, LLMRequest, LLMResponse
from bot.llm.leaks import strip_leaks
from bot.llm.structured import describe_validation, parse_structured, schema_instruction

log = logging.getLogger(__name__)

_NO_KEY = "unused"  # local servers (Ollama, llama.cpp) need no key, but the SDK wants a string


class OpenAIProvider:
    name = "openai"

    def __init__(
        self,
        model: str,
        base_url: str | None = None,
        api_key: str | None = None,
        timeout: float = 20.0,
        max_retries: int = 2,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.max_retries = max_retries
        self._secret = api_key or ""
        self._client = openai.AsyncOpenAI(
            base_url=base_url, api_key=api_key or _NO_KEY, timeout=timeout, max_retries=max_retries
        )
        # What this server accepts, learnt from its 400 answers.
        self._json_schema_ok = True
        self._token_param = "max_tokens"
        self._send_temperature = True

    def __repr__(self) -> str:
        return f"OpenAIProvider(model={self.model!r}, base_url={self.base_url!r})"

    async def aclose(self) -> None:
        await self._client.close()

    async def complete(self, request: LLMRequest) -> LLMResponse:
        for _ in range(4):  # at most three adaptations, then the real attempt's error stands
            try:
                return await self._attempt(request)
            except openai.BadRequestError as e:
                if not self._adapt(e, request):
                    raise self._error(e) from None
            except (openai.OpenAIError, ValidationError, ValueError) as e:
                raise self._error(e) from None
        raise LLMError("config", "the server kept rejecting the request's parameters")

    # ---- one request -------------------------------------------------------------------------
    def _params(self, request: LLMRequest) -> dict[str, Any]:
        params: dict[str, Any] = {
            "model": request.model or self.model,
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
            self._token_param: request.max_tokens,
        }
        if self._send_temperature:
            params["temperature"] = request.temperature
        return params

    async def _attempt(self, request: LLMRequest) -> LLMResponse:
        params = self._params(request)
        schema = request.schema
        if schema is not None and self._json_schema_ok:
            completion = await self._client.chat.completions.parse(response_format=schema, **params)
            message = completion.choices[0].message
            if getattr(message, "refusal", None):
                raise LLMError("bad_output", f"the model refused: {message.refusal}")
            parsed = message.parsed
            if parsed is None:
                parsed = parse_structured(message.content or "", schema)
            return self._response(completion, message.content or parsed.model_dump_json(), parsed)
        if schema is not None:
            params["messages"] = [{"role": "system", "content": schema_instruction(schema)}] + params["messages"]
            params["response_format"] = {"type": "json_object"}
            completion = await self._client.chat.completions.create(**params)
            content = _content(completion)
            return self._response(completion, content, parse_structured(content, schema))
        completion = await self._client.chat.completions.create(**params)
        text = strip_leaks(_content(completion))
        if not text:
            raise LLMError("bad_output", "the model returned no narration text")
        return self._response(completion, text, None)

    def _response(self, completion: Any, text: str, parsed: BaseModel | None) -> LLMResponse:
        usage = getattr(completion, "usage", None)
        return LLMResponse(
            text=text,
            parsed=parsed,
            model=getattr(completion, "model", None) or self.model,
            prompt_tokens=getattr(usage, "prompt_tokens", 0) or 0,
            completion_tokens=getattr(usage, "completion_tokens", 0) or 0,
        )

    # ---- server quirks -----------------------------------------------------------------------
    def _adapt(self, error: openai.BadRequestError, request: LLMRequest) -> bool:
        """Change what we send when the server's 400 names a parameter it does not take."""
        message = _status_message(error).lower()
        if self._token_param == "max_tokens" and "max_completion_tokens" in message:
            self._token_param = "max_completion_tokens"
            log.info("%s: server wants max_completion_tokens; switching", self.model)
            return True
        if self._send_temperature and "temperature" in message:
            self._send_temperature = False
            log.info("%s: server rejects the temperature; no longer sending it", self.model)
            return True
        if request.schema is not None and self._json_schema_ok and (
            "response_format" in message or "json_schema" in message or "structured" in message
        ):
            self._json_schema_ok = False
            log.info("%s: server rejects json_schema output; using json_object + validation", self.model)
            return True
        return False

    def _error(self, e: BaseException) -> LLMError:
        if isinstance(e, LLMError):
            return e
        retries = f" after {self.max_retries} retr{'y' if self.max_retries == 1 else 'ies'}"
        if isinstance(e, openai.APITimeoutError):
            kind, msg = "timeout", f"the model server did not answer in time{retries}"
        elif isinstance(e, openai.APIConnectionError):
            kind, msg = "connection", f"cannot reach the model server at {self.base_url or 'api.openai.com'}{retries}"
        elif isinstance(e, openai.RateLimitError):
            kind, msg = "rate_limit", f"rate limited (HTTP 429){retries}: {_status_message(e)}"
        elif isinstance(e, (openai.AuthenticationError, openai.PermissionDeniedError)):
            kind, msg = "auth", f"the server refused the credentials (HTTP {e.status_code}): {_status_message(e)}"
        elif isinstance(e, openai.APIStatusError) and e.status_code >= 500:
            kind, msg = "server", f"server error (HTTP {e.status_code}){retries}: {_status_message(e)}"
        elif isinstance(e, openai.APIStatusError):
            kind, msg = "config", f"the server rejected the request (HTTP {e.status_code}): {_status_message(e)}"
        elif isinstance(e, (openai.LengthFinishReasonError, openai.ContentFilterFinishReasonError)):
            kind, msg = "bad_output", f"structured reply cut short: {type(e).__name__}"
        elif isinstance(e, ValidationError):
            kind, msg = "bad_output", f"reply does not fit the schema: {describe_validation(e)}"
        elif isinstance(e, (json.JSONDecodeError, openai.APIResponseValidationError)):
            kind, msg = "bad_output", f"the server's answer is not valid JSON: {e}"
        elif isinstance(e, ValueError):
            kind, msg = "bad_output", f"unusable reply: {e}"
        else:
            kind, msg = "server", f"{type(e).__name__}: {e}"
        return LLMError(kind, self._scrub(msg))

    def _scrub(self, message: str) -> str:
        if self._secret and len(self._secret) >= 4:
            message = message.replace(self._secret, "[redacted]")
        return message


def _content(completion: Any) -> str:
    choices = getattr(completion, "choices", None) or []
    if not choices:
        raise LLMError("bad_output", "the server's answer has no choices")
    return choices[0].message.content or ""


def _status_message(e: openai.OpenAIError) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return inner["message"][:300]
        if isinstance(body.get("message"), str):
            return body["message"][:300]
    return str(getattr(e, "message", e))[:300]
