"""Strip what a model leaks around its narration before anyone reads it.

Chat models served through OpenAI-compatible servers (Ollama, llama.cpp, vLLM) often wrap prose in
code fences, answer with a JSON object when asked for prose, emit tool-call markup or special
tokens, prepend a "Narration:" label, or include their hidden reasoning (``<think>``). None of it
is narration, and leaving it in would make the post-validator read JSON keys and tool names as
game entities. This is pure text work, shared by every network provider.
"""

from __future__ import annotations

import json
import re

_THINK_BLOCK = re.compile(r"<(think|thinking|reasoning)>.*?</\1>", re.IGNORECASE | re.DOTALL)
_THINK_DANGLING_CLOSE = re.compile(r"^.*?</(think|thinking|reasoning)>", re.IGNORECASE | re.DOTALL)
_TOOL_MARKUP = re.compile(
    r"<(tool_call|tool_calls|function_call|tools)>.*?</\1>|<function=[^>]*>.*?</function>",
    re.IGNORECASE | re.DOTALL,
)
_TOOL_LINE = re.compile(r"(\[TOOL_CALLS\]|<\|python_tag\|>).*?(\n|$)", re.DOTALL)
_SPECIAL_TOKEN = re.compile(r"<\|[A-Za-z0-9_]+\|>|</?s>|\[/?INST\]")
_BRACE_TOOL = re.compile(r"\{\s*tool\s*:[^{}]*\}", re.IGNORECASE)
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n?(.*?)```", re.DOTALL)
_LABEL = re.compile(r"^\s*(\*\*)?(narration|narrator|narrative|gm|dm|game master|assistant|response)(\*\*)?\s*:\s*",
                    re.IGNORECASE)
_PROSE_KEYS = ("narration", "narrative", "text", "content", "response", "message", "speech", "answer")
_TOOL_KEYS = {"tool", "tool_call", "tool_calls", "function", "function_call", "arguments", "parameters"}


def strip_leaks(text: str) -> str:
    """The narration in ``text``, without fences, JSON wrappers, tool calls, special tokens,
    reasoning blocks or a leading label. Returns "" when nothing but leakage was there."""
    if not text:
        return ""
    out = _THINK_BLOCK.sub(" ", text)
    out = _THINK_DANGLING_CLOSE.sub(" ", out)
    out = _TOOL_MARKUP.sub(" ", out)
    out = _TOOL_LINE.sub(" ", out)
    out = _SPECIAL_TOKEN.sub(" ", out)
    out = _BRACE_TOOL.sub(" ", out)
    out = _strip_fences(out)
    whole = _prose_from_json(out.strip())
    if whole is not None:
        out = whole
    else:
        out = _drop_tool_json(out)
    out = _LABEL.sub("", out)
    return _tidy(out)


def _strip_fences(text: str) -> str:
    """Unwrap prose fences; drop JSON fences unless the JSON carries the prose."""

    def replace(m: re.Match[str]) -> str:
        lang, body = m.group(1).lower(), m.group(2).strip()
        looks_json = lang in ("json", "jsonc", "tool_code", "tool", "python") or body[:1] in "{["
        if not looks_json:
            return "\n" + body + "\n"
        prose = _prose_from_json(body)
        return "\n" + prose + "\n" if prose is not None else " "

    return _FENCE.sub(replace, text)


def _prose_from_json(text: str) -> str | None:
    """When ``text`` is exactly one JSON object with a prose field, that field."""
    if not (text.startswith("{") and text.endswith("}")):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict):
        return None
    for key in _PROSE_KEYS:
        if isinstance(value.get(key), str):
            return value[key]
    return ""


def _drop_tool_json(text: str) -> str:
    """Remove inline JSON objects that are tool calls (``{"name": ..., "arguments": ...}``)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "{":
            end = _matching_brace(text, i)
            if end != -1:
                chunk = text[i:end + 1]
                try:
                    value = json.loads(chunk)
                except ValueError:
                    value = None
                if isinstance(value, dict) and (_TOOL_KEYS & set(value) or {"name", "arguments"} <= set(value)):
                    out.append(" ")
                    i = end + 1
                    continue
        out.append(text[i])
        i += 1
    return "".join(out)


def _matching_brace(text: str, start: int) -> int:
    depth, in_str, escaped = 0, False, False
    for j in range(start, len(text)):
        c = text[j]
        if in_str:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _tidy(text: str) -> str:
    lines = [re.sub(r"[ \t]+", " ", line).strip() for line in text.splitlines()]
    joined = "\n".join(lines)
    joined = re.sub(r"\n{3,}", "\n\n", joined)
    return joined.strip()
