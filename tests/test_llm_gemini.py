"""The Gemini provider, through the real google-genai SDK, against a loopback server."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from bot.llm.base import LLMError, LLMRequest, Message
from bot.llm.gemini import GeminiProvider
from fakes.llm_servers import FakeLLMServer, delayed, free_port, json_reply, malformed, status, text


class Proposal(BaseModel):
    action: str
    target: str | None = None
    items: list[str]


def narration_request(**kw: object) -> LLMRequest:
    return LLMRequest(
        messages=[Message("system", "You narrate."), Message("user", "I attack the guard."),
                  Message("assistant", "You swing."), Message("user", "Again!")],
        temperature=0.6, max_tokens=170, **kw,  # type: ignore[arg-type]
    )


@pytest.fixture
def server():
    with FakeLLMServer("gemini") as s:
        yield s


@pytest.fixture
async def make_provider(server):
    made: list[GeminiProvider] = []

    def make(**kw: object) -> GeminiProvider:
        options = {"timeout": 2.0, "max_retries": 0, "retry_delay": 0.001} | kw
        provider = GeminiProvider("gemini-2.5-flash", api_key="g-test-secret-456", base_url=server.base_url,
                                  **options)
        made.append(provider)
        return provider

    yield make
    for p in made:
        await p.aclose()


async def test_plain_narration_reply_fills_text_and_tokens(server, make_provider):
    server.push(text("Bram staggers back.", prompt_tokens=80, completion_tokens=5))
    response = await make_provider().complete(narration_request())
    assert response.text == "Bram staggers back."
    assert response.parsed is None
    assert (response.prompt_tokens, response.completion_tokens) == (80, 5)


async def test_system_becomes_instruction_and_roles_become_user_and_model(server, make_provider):
    server.push("Fine.")
    await make_provider().complete(narration_request())
    request = server.last()
    assert request.path.endswith("/models/gemini-2.5-flash:generateContent")
    body = request.json
    assert body["systemInstruction"]["parts"][0]["text"] == "You narrate."
    assert [c["role"] for c in body["contents"]] == ["user", "model", "user"]
    assert request.generation_config["temperature"] == 0.6
    assert request.generation_config["maxOutputTokens"] == 170
    assert "responseSchema" not in request.generation_config


async def test_structured_output_uses_response_schema_and_is_parsed(server, make_provider):
    server.push(json_reply({"action": "attack", "target": "Bram", "items": ["iron sword"]}))
    response = await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert isinstance(response.parsed, Proposal)
    assert response.parsed.items == ["iron sword"]
    config = server.last().generation_config
    assert config["responseMimeType"] == "application/json"
    assert set(config["responseSchema"]["properties"]) == {"action", "target", "items"}


async def test_fenced_json_is_still_parsed(server, make_provider):
    server.push('```json\n{"action": "look", "items": []}\n```')
    response = await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert response.parsed == Proposal(action="look", items=[])


async def test_malformed_json_for_structured_output_is_bad_output(server, make_provider):
    server.push('{"action": "attack", "items": [')
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert err.value.kind == "bad_output"


async def test_json_missing_a_required_field_is_bad_output(server, make_provider):
    server.push(json_reply({"target": "Bram"}))
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request(schema=Proposal, task="proposal"))
    assert err.value.kind == "bad_output"


async def test_429_then_success_is_retried(server, make_provider):
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


async def test_403_is_an_auth_error_that_does_not_echo_the_key(server, make_provider):
    server.always(status(403, "API key g-test-secret-456 is not valid"))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=2).complete(narration_request())
    assert err.value.kind == "auth"
    assert "g-test-secret-456" not in str(err.value)
    assert server.count == 1


async def test_slow_server_is_a_timeout_after_a_retry(server, make_provider):
    server.always(delayed(1.5, "too late"))
    with pytest.raises(LLMError) as err:
        await make_provider(timeout=0.3, max_retries=1).complete(narration_request())
    assert err.value.kind == "timeout"
    assert await server.requests_seen(2) == 2


async def test_refused_connection_is_a_connection_error():
    provider = GeminiProvider("gemini-2.5-flash", api_key="k", base_url=f"http://127.0.0.1:{free_port()}",
                              timeout=0.5, max_retries=0, retry_delay=0.001)
    try:
        with pytest.raises(LLMError) as err:
            await provider.complete(narration_request())
        assert err.value.kind == "connection"
    finally:
        await provider.aclose()


async def test_non_json_http_body_is_bad_output(server, make_provider):
    server.push(malformed("<html>bad gateway</html>"))
    with pytest.raises(LLMError) as err:
        await make_provider().complete(narration_request())
    assert err.value.kind == "bad_output"


async def test_unknown_model_is_a_config_error(server, make_provider):
    server.always(status(404, "models/gemini-9 is not found"))
    with pytest.raises(LLMError) as err:
        await make_provider(max_retries=2).complete(narration_request())
    assert err.value.kind == "config"
    assert server.count == 1


async def test_leaked_fence_is_stripped_from_narration(server, make_provider):
    server.push("```\nThe hearth crackles.\n```")
    response = await make_provider().complete(narration_request())
    assert response.text == "The hearth crackles."


async def test_only_system_messages_still_send_one_user_turn(server, make_provider):
    server.push("Fine.")
    await make_provider().complete(LLMRequest(messages=[Message("system", "Describe the tavern.")]))
    body = server.last().json
    assert [c["role"] for c in body["contents"]] == ["user"]
    assert "systemInstruction" not in body


class Step(BaseModel):
    action: str
    args: dict[str, object] = {}


async def test_schema_with_free_form_dict_is_sent_as_json_schema(server, make_provider):
    server.push(json_reply({"action": "give_item", "args": {"item": "rag"}}),
                json_reply({"action": "rest", "args": {}}))
    provider = make_provider()
    first = await provider.complete(narration_request(schema=Step, task="proposal"))
    second = await provider.complete(narration_request(schema=Step, task="proposal"))
    assert first.parsed == Step(action="give_item", args={"item": "rag"})
    assert second.parsed.action == "rest"
    assert server.count == 2
    for request in server.requests:
        assert "responseJsonSchema" in request.generation_config
        assert "responseSchema" not in request.generation_config


async def test_fake_server_can_answer_according_to_the_prompt(server):
    server.respond(lambda request: "Greta answers." if "Greta" in request.prompt_text() else None)
    server.always("Nobody answers.")
    provider = server.provider()
    try:
        asked = await provider.complete(LLMRequest(messages=[Message("user", "I ask Greta about ale.")]))
        other = await provider.complete(LLMRequest(messages=[Message("user", "I look around.")]))
    finally:
        await provider.aclose()
    assert (asked.text, other.text) == ("Greta answers.", "Nobody answers.")


async def test_flash_models_do_not_spend_the_token_cap_on_hidden_thinking(server, make_provider):
    server.push("Fine.", "Fine.")
    await make_provider().complete(narration_request())
    thinking = server.last().generation_config["thinkingConfig"]
    assert thinking.get("thinkingBudget", thinking.get("thinking_budget")) == 0
    pro = GeminiProvider("gemini-2.5-pro", api_key="k", base_url=server.base_url, max_retries=0)
    try:
        await pro.complete(narration_request())
    finally:
        await pro.aclose()
    assert "thinkingConfig" not in server.last().generation_config
