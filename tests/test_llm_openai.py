"""The OpenAI-compatible provider, through the real openai SDK, against a loopback server."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from bot.llm.base import LLMError, LLMRequest, Message
from bot.llm.leaks import strip_leaks
from bot.llm.openai_compat import OpenAIProvider
from fakes.llm_servers import FakeLLMServer, delayed, drop, free_port, json_reply, malformed, status, text


class Proposal(BaseModel):
    action: str
    target: str | None = None
    items: list[str]


def narration_request(**kw: object) -> LLMRequest:
    return LLMRequest(
        messages=[Message("system", "You narrate."), Message("user", "I attack the guard.")],
        temperature=0.6, max_tokens=170, **kw,  # type: ignore[arg-type]
    )


@pytest.fixture
def server():
    with FakeLLMServer("openai") as s:
        yield s


@pytest.fixture
async def make_provider(server):
    made: list[OpenAIProvider] = []

    def make(**kw: object) -> OpenAIProvider:
        options = {"timeout": 2.0, "max_retries": 0} | kw
        provider = OpenAIProvider("gpt-test", base_url=server.base_url, api_key="sk-test-secret-123", **options)
        made.append(provider)
        return provider

    yield make
    for p in made:
        await p.aclose()


async def test_plain_narration_reply_fills_text_model_and_tokens(server, make_provider):
    server.push(text("You swing at Bram and miss.", prompt_tokens=120, completion_tokens=9))
    response = await make_provider().complete(narration_request())
    assert response.text == "You swing at Bram and miss."
    assert response.parsed is None
    assert response.model == "gpt-test"
    assert (response.prompt_tokens, response.completion_tokens) == (120, 9)


async def test_request_carries_roles_temperature_and_token_cap(server, make_provider):
    server.push("Fine.")
    await make_provider().complete(LLMRequest(messages=[Message("system", "S"), Message("user", "U"),
                                                        Message("assistant", "A")],
                                              temperature=0.25, max_tokens=42))
    body = server.last().json
    assert server.last().path == "/v1/chat/completions"
    assert [m["role"] for m in body["messages"]] == ["system", "user", "assistant"]
    assert body["temperature"] == 0.25
    assert body["max_tokens"] == 42
    assert "response_format" not in body


async def test_leaked_fences_and_tool_calls_are_stripped_from_narration(server, make_provider):
    server.push('```\nGreta wipes the bar.\n```\n<tool_call>{"name": "roll"}</tool_call>')
    response = await make_provider().complete(narration_request())
    assert response.text == "Greta wipes the bar."


async def test_structured_output_is_parsed_and_request_sends_json_schema(server, make_provider):
    server.push(json_reply({"action": "attack", "target": "Bram", "items": ["iron sword"]}))
    response = await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert isinstance(response.parsed, Proposal)
    assert response.parsed.target == "Bram"
    fmt = server.last().json["response_format"]
    assert fmt["type"] == "json_schema"
    assert set(fmt["json_schema"]["schema"]["properties"]) == {"action", "target", "items"}


async def test_malformed_json_for_structured_output_is_bad_output(server, make_provider):
    server.push('{"action": "attack", "items": [')
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert err.value.kind == "bad_output"


async def test_json_missing_a_required_field_is_bad_output(server, make_provider):
    server.push(json_reply({"action": "attack"}))
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert err.value.kind == "bad_output"
    assert "items" in str(err.value)


async def test_429_then_success_is_retried_by_the_sdk(server, make_provider):
    server.push(status(429), text("The guard parries."))
    response = await make_provider(max_retries=2).complete(narration_request())
    assert response.text == "The guard parries."
    assert server.count == 2


async def test_429_forever_is_one_rate_limit_error_after_the_retries(server, make_provider):
    server.always(status(429))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=2).complete(narration_request())
    assert err.value.kind == "rate_limit"
    assert server.count == 3


async def test_500_is_a_server_error(server, make_provider):
    server.always(status(500))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=1).complete(narration_request())
    assert err.value.kind == "server"
    assert server.count == 2


async def test_401_is_an_auth_error_that_does_not_echo_the_key(server, make_provider):
    server.always(status(401, "Incorrect API key provided: sk-test-secret-123"))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=2).complete(narration_request())
    assert err.value.kind == "auth"
    assert "sk-test-secret-123" not in str(err.value)
    assert server.count == 1  # auth failures are not retried


async def test_slow_server_is_a_timeout_after_a_retry(server, make_provider):
    server.always(delayed(1.5, "too late"))
    with pytest.raises(LLMError) as err:
        await make_provider(timeout=0.3, max_retries=1).complete(narration_request())
    assert err.value.kind == "timeout"
    assert await server.requests_seen(2) == 2


async def test_refused_connection_is_a_connection_error():
    provider = OpenAIProvider("gpt-test", base_url=f"http://127.0.0.1:{free_port()}/v1", api_key="k",
                              timeout=0.5, max_retries=0)
    try:
        with pytest.raises(LLMError) as err:
            await provider.complete(narration_request())
        assert err.value.kind == "connection"
    finally:
        await provider.aclose()


async def test_dropped_connection_is_a_connection_error(server, make_provider):
    server.always(drop())
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request())
    assert err.value.kind == "connection"


async def test_non_json_http_body_is_bad_output(server, make_provider):
    server.push(malformed("<html>bad gateway</html>"))
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request())
    assert err.value.kind == "bad_output"


async def test_empty_narration_is_bad_output(server, make_provider):
    server.push("```json\n```")
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request())
    assert err.value.kind == "bad_output"


async def test_server_rejecting_json_schema_falls_back_to_json_object_and_remembers(server, make_provider):
    server.push(status(400, "response_format json_schema is not supported by this server"),
                json_reply({"action": "look", "items": []}),
                json_reply({"action": "rest", "items": []}))
    provider = make_provider()
    first = await provider.complete(narration_request(schema=Proposal, task="proposal"))
    second = await provider.complete(narration_request(schema=Proposal, task="proposal"))
    assert (first.parsed.action, second.parsed.action) == ("look", "rest")
    assert server.requests[1].json["response_format"] == {"type": "json_object"}
    assert "JSON schema" in server.requests[1].messages[0]["content"]
    assert server.count == 3  # the second call goes straight to json_object


async def test_server_wanting_max_completion_tokens_gets_it(server, make_provider):
    server.push(status(400, "Unsupported parameter: 'max_tokens'. Use 'max_completion_tokens' instead."),
                "The hearth crackles.")
    response = await make_provider().complete(narration_request())
    assert response.text == "The hearth crackles."
    assert server.last().json["max_completion_tokens"] == 170
    assert "max_tokens" not in server.last().json


async def test_other_400_is_a_config_error_without_retry(server, make_provider):
    server.always(status(404, "model 'gpt-test' not found"))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=2).complete(narration_request())
    assert err.value.kind == "config"
    assert "not found" in str(err.value)
    assert server.count == 1


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("Greta nods.", "Greta nods."),
        ("```\nGreta nods.\n```", "Greta nods."),
        ("```text\nGreta nods.\n```", "Greta nods."),
        ('{"narration": "Greta nods."}', "Greta nods."),
        ('```json\n{"narration": "Greta nods."}\n```', "Greta nods."),
        ('Greta nods. ```json\n{"tool": "roll_dice", "args": {}}\n```', "Greta nods."),
        ('Greta nods. {"name": "give_item", "arguments": {"item": "key"}}', "Greta nods."),
        ("<think>Should the guard cast? No.</think>Greta nods.", "Greta nods."),
        ("Narration: Greta nods.", "Greta nods."),
        ("Greta nods.<|eot_id|>", "Greta nods."),
        ("[TOOL_CALLS] roll(d20)\nGreta nods.", "Greta nods."),
        ("Greta nods. {tool: inventory.check}", "Greta nods."),
        ("Greta says {curly} things.", "Greta says {curly} things."),
    ],
)
def test_strip_leaks_keeps_only_the_narration(raw: str, clean: str):
    assert strip_leaks(raw) == clean


async def test_fake_server_can_answer_according_to_the_prompt(server):
    server.respond(lambda request: "Greta answers." if "Greta" in request.prompt_text() else None)
    server.push("Nobody answers.")
    provider = server.provider()
    try:
        asked = await provider.complete(LLMRequest(messages=[Message("user", "I ask Greta about ale.")]))
        other = await provider.complete(LLMRequest(messages=[Message("user", "I look around.")]))
    finally:
        await provider.aclose()
    assert (asked.text, other.text) == ("Greta answers.", "Nobody answers.")
    assert server.pending == 0 and server.unscripted == 0
