"""Loopback model servers that the real OpenAI and Gemini SDK clients can talk to.

Tests must exercise the real SDKs (their retries, time-outs, request shapes and parsing), not
mocks of them, yet touch no network beyond 127.0.0.1. A ``FakeLLMServer`` is a small threaded
HTTP server speaking just enough of either wire format (``flavor="openai"`` or ``"gemini"``): a
test scripts its answers as a queue of ``Reply`` values (text, JSON, status codes, delays, raw
malformed bodies, dropped connections) or with a function of the request, then inspects the
requests it received. Replies are flavour-neutral, so one script runs against either server.

Import it as ``fakes.llm_servers`` (pytest puts ``tests/`` on ``sys.path`` because ``tests/`` has
no ``__init__.py``). The fixtures ``openai_server`` and ``gemini_server`` below can be imported into a
test module or a conftest. Typical use::

    from fakes.llm_servers import FakeLLMServer, text, status, json_reply

    async def test_something():
        with FakeLLMServer("openai") as server:
            server.push(status(429), text("The door creaks open."))
            provider = server.provider(max_retries=2)
            response = await provider.complete(request)
            await provider.aclose()
        assert server.count == 2
        assert server.requests[-1].json["temperature"] == 0.6

Plain values are accepted wherever a ``Reply`` is: a ``str`` is a text answer, a ``dict``/``list``
or pydantic model is a JSON answer (the model's text is the serialised JSON), an ``int`` is an
error status. Error replies carry ``retry-after-ms: 1`` by default so the OpenAI SDK's own backoff
stays fast (the Gemini provider takes its backoff from ``retry_delay`` instead).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from pydantic import BaseModel

ReplyLike = Any  # a Reply, or a str (text), dict/list/BaseModel (JSON), int (status)

_STATUS_NAMES = {
    400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 404: "NOT_FOUND",
    408: "DEADLINE_EXCEEDED", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL", 502: "UNAVAILABLE",
    503: "UNAVAILABLE", 504: "DEADLINE_EXCEEDED",
}


@dataclass
class Reply:
    """One scripted answer. Build it with ``text``, ``json_reply``, ``status``, ``malformed``,
    ``delayed`` or ``drop`` rather than by hand."""

    kind: str = "text"  # text | status | raw | drop
    text: str = ""  # kind=text: the model's answer (JSON answers are text too)
    status: int = 200
    message: str = ""  # kind=status: the error message in the body
    raw: bytes = b""  # kind=raw: the body, sent verbatim
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds to wait before answering (to provoke client time-outs)
    finish_reason: str = "stop"  # openai finish_reason; gemini finishReason is derived from it
    prompt_tokens: int = 11
    completion_tokens: int = 7


def text(answer: str, *, prompt_tokens: int = 11, completion_tokens: int = 7,
         finish_reason: str = "stop") -> Reply:
    """The model answers with this text."""
    return Reply(kind="text", text=answer, prompt_tokens=prompt_tokens,
                 completion_tokens=completion_tokens, finish_reason=finish_reason)


def json_reply(obj: Any) -> Reply:
    """The model answers with this object serialised as JSON (structured output)."""
    if isinstance(obj, BaseModel):
        return Reply(kind="text", text=obj.model_dump_json())
    return Reply(kind="text", text=json.dumps(obj))


def status(code: int, message: str | None = None, *, retry_after_ms: int | None = 1,
           headers: dict[str, str] | None = None) -> Reply:
    """An HTTP error with the provider's error body. ``retry_after_ms=None`` sends no retry hint."""
    hdrs = dict(headers or {})
    if retry_after_ms is not None:
        hdrs.setdefault("retry-after-ms", str(retry_after_ms))
    return Reply(kind="status", status=code, message=message or f"fake error {code}", headers=hdrs)


def malformed(body: str | bytes, *, code: int = 200, content_type: str = "application/json") -> Reply:
    """A response body sent verbatim (broken JSON, HTML from a proxy, an empty body)."""
    raw = body.encode() if isinstance(body, str) else body
    return Reply(kind="raw", raw=raw, status=code, content_type=content_type)


def delayed(seconds: float, reply: ReplyLike = "") -> Reply:
    """``reply`` after ``seconds``: longer than the client's time-out provokes a time-out."""
    r = coerce(reply)
    r.delay = seconds
    return r


def drop() -> Reply:
    """Close the connection without answering (the client sees a connection error)."""
    return Reply(kind="drop")


def coerce(value: Any) -> Reply:
    if isinstance(value, Reply):
        return Reply(**{k: (dict(v) if isinstance(v, dict) else v) for k, v in vars(value).items()})
    if isinstance(value, str):
        return text(value)
    if isinstance(value, bool):
        raise TypeError("a bool is not a reply")
    if isinstance(value, int):
        return status(value)
    if isinstance(value, (dict, list, BaseModel)):
        return json_reply(value)
    raise TypeError(f"cannot turn {type(value).__name__} into a fake reply")


@dataclass
class RecordedRequest:
    method: str
    path: str  # without the query string
    query: str
    headers: dict[str, str]  # lower-cased names
    body: bytes

    @property
    def json(self) -> Any:
        try:
            return json.loads(self.body or b"null")
        except ValueError:
            return None

    # openai helpers
    @property
    def messages(self) -> list[dict[str, Any]]:
        return list((self.json or {}).get("messages") or [])

    # gemini helpers
    @property
    def generation_config(self) -> dict[str, Any]:
        return dict((self.json or {}).get("generationConfig") or {})

    def prompt_text(self) -> str:
        """Every text the client sent (messages, contents, system instruction), joined: handy
        for a responder that answers according to what was asked."""
        body = self.json or {}
        parts: list[str] = []
        for m in body.get("messages") or []:
            content = m.get("content")
            if isinstance(content, str):
                parts.append(content)
        for block in [body.get("systemInstruction") or {}] + list(body.get("contents") or []):
            for p in block.get("parts") or []:
                if isinstance(p.get("text"), str):
                    parts.append(p["text"])
        return "\n".join(parts)


def _openai_body(reply: Reply, model: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model or "fake-model",
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": reply.text},
            "finish_reason": reply.finish_reason,
        }],
        "usage": {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    }


def _gemini_body(reply: Reply, model: str) -> dict[str, Any]:
    finish = {"stop": "STOP", "length": "MAX_TOKENS", "content_filter": "SAFETY"}.get(
        reply.finish_reason, reply.finish_reason.upper())
    return {
        "candidates": [{
            "content": {"role": "model", "parts": [{"text": reply.text}]},
            "finishReason": finish,
            "index": 0,
        }],
        "usageMetadata": {
            "promptTokenCount": reply.prompt_tokens,
            "candidatesTokenCount": reply.completion_tokens,
            "totalTokenCount": reply.prompt_tokens + reply.completion_tokens,
        },
        "modelVersion": model or "fake-model",
    }


def _error_body(flavor: str, reply: Reply) -> dict[str, Any]:
    if flavor == "gemini":
        return {"error": {"code": reply.status, "message": reply.message,
                          "status": _STATUS_NAMES.get(reply.status, "UNKNOWN")}}
    kind = {401: "invalid_request_error", 429: "rate_limit_exceeded"}.get(reply.status, "server_error")
    return {"error": {"message": reply.message, "type": kind, "param": None, "code": kind}}


class FakeLLMServer:
    """A threaded HTTP server on 127.0.0.1 that answers like an OpenAI-compatible or a Gemini
    endpoint. Use as a (sync or async) context manager, or call ``start``/``stop``."""

    def __init__(self, flavor: str = "openai") -> None:
        if flavor not in ("openai", "gemini"):
            raise ValueError("flavor must be 'openai' or 'gemini'")
        self.flavor = flavor
        self.requests: list[RecordedRequest] = []
        self.unscripted = 0  # requests that found neither a responder, a queued nor a default reply
        self._queue: deque[Reply] = deque()
        self._default: Reply | None = None
        self._responder: Callable[[RecordedRequest], Any] | None = None
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ---- scripting -------------------------------------------------------------------------
    def push(self, *replies: Any) -> FakeLLMServer:
        """Queue replies, answered in order, one per request."""
        with self._lock:
            self._queue.extend(coerce(r) for r in replies)
        return self

    def always(self, reply: Any) -> FakeLLMServer:
        """The reply for every request once the queue is empty."""
        self._default = coerce(reply)
        return self

    def respond(self, fn: Callable[[RecordedRequest], Any] | None) -> FakeLLMServer:
        """Answer with ``fn(request)``; when it returns None the queue (then the default)
        answers instead. ``None`` removes the responder."""
        self._responder = fn
        return self

    def clear(self) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()
            self.unscripted = 0
        self._default = None
        self._responder = None

    # ---- inspection ------------------------------------------------------------------------
    @property
    def count(self) -> int:
        return len(self.requests)

    def last(self) -> RecordedRequest:
        if not self.requests:
            raise AssertionError("the fake server received no request")
        return self.requests[-1]

    async def requests_seen(self, expected: int, within: float = 5.0) -> int:
        """The request count once it reaches ``expected`` (or ``within`` seconds pass). A client
        that times out has sent its request, but on a loaded machine the server's thread may not
        have read it yet: waiting here keeps a timeout test from failing on the machine's speed."""
        deadline = time.monotonic() + within
        while self.count < expected and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        return self.count

    @property
    def pending(self) -> int:
        """Queued replies not yet used."""
        return len(self._queue)

    # ---- addresses -------------------------------------------------------------------------
    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("server not started")
        return self._httpd.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def base_url(self) -> str:
        """What to give the SDK: ``.../v1`` for openai (OPENAI_BASE_URL), the root for gemini
        (LOREGUARD_GEMINI_BASE_URL)."""
        return self.url + "/v1" if self.flavor == "openai" else self.url

    def provider(self, model: str | None = None, *, timeout: float = 2.0, max_retries: int = 0,
                 retry_delay: float = 0.001) -> Any:
        """A real LoreGuard provider pointed at this server, with fast retries."""
        if self.flavor == "openai":
            from bot.llm.openai_compat import OpenAIProvider

            return OpenAIProvider(model or "fake-model", base_url=self.base_url, api_key="test-key",
                                  timeout=timeout, max_retries=max_retries)
        from bot.llm.gemini import GeminiProvider

        return GeminiProvider(model or "gemini-2.5-flash", api_key="test-key", base_url=self.base_url,
                              timeout=timeout, max_retries=max_retries, retry_delay=retry_delay)

    # ---- life cycle ------------------------------------------------------------------------
    def start(self) -> FakeLLMServer:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
                pass

            def do_GET(self) -> None:  # noqa: N802 - stdlib name
                server._handle(self)

            def do_POST(self) -> None:  # noqa: N802 - stdlib name
                server._handle(self)

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05},
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(timeout=2)

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    async def __aenter__(self) -> FakeLLMServer:
        return self.start()

    async def __aexit__(self, *exc: Any) -> None:
        self.stop()

    # ---- serving ---------------------------------------------------------------------------
    def _next_reply(self, request: RecordedRequest) -> Reply:
        if self._responder is not None:
            answer = self._responder(request)
            if answer is not None:
                return coerce(answer)
        with self._lock:
            if self._queue:
                return self._queue.popleft()
        if self._default is not None:
            return coerce(self._default)
        with self._lock:
            self.unscripted += 1
        return status(500, f"fake server: no scripted reply for request #{len(self.requests)}",
                      retry_after_ms=1)

    def _handle(self, handler: BaseHTTPRequestHandler) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        body = handler.rfile.read(length) if length else b""
        path, _, query = handler.path.partition("?")
        request = RecordedRequest(
            method=handler.command, path=path, query=query,
            headers={k.lower(): v for k, v in handler.headers.items()}, body=body,
        )
        with self._lock:
            self.requests.append(request)
        reply = self._next_reply(request)
        if reply.delay:
            deadline = time.monotonic() + reply.delay
            while time.monotonic() < deadline and not self._stopping.is_set():
                time.sleep(0.01)
        if reply.kind == "drop":
            handler.close_connection = True
            try:
                handler.connection.shutdown(2)
            except OSError:
                pass
            return
        model = ""
        if isinstance(request.json, dict):
            model = str(request.json.get("model") or "")
        if not model and ":generateContent" in path:
            model = path.rsplit("/", 1)[-1].split(":", 1)[0]
        if reply.kind == "raw":
            payload, code = reply.raw, reply.status
        elif reply.kind == "status":
            payload, code = json.dumps(_error_body(self.flavor, reply)).encode(), reply.status
        else:
            body_obj = _openai_body(reply, model) if self.flavor == "openai" else _gemini_body(reply, model)
            payload, code = json.dumps(body_obj).encode(), 200
        try:
            handler.send_response(code)
            handler.send_header("Content-Type", reply.content_type)
            handler.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                handler.send_header(name, value)
            handler.end_headers()
            handler.wfile.write(payload)
            handler.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            handler.close_connection = True


def free_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (for connection-refused tests)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def openai_server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer("openai") as server:
        yield server


@pytest.fixture
def gemini_server() -> Iterator[FakeLLMServer]:
    with FakeLLMServer("gemini") as server:
        yield server
