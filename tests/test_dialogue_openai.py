"""The real OpenAI client, against a loopback server whose model invents facts."""

from __future__ import annotations

import re

from fakes.llm_servers import FakeLLMServer, RecordedRequest, json_reply

from bot.conversation import Conversation, talk
from bot.dialogue.config import DialogueConfig
from bot.dialogue.verify import audit
from bot.llm.chaos import ChaosProvider
from bot.llm.offline import OfflineProvider
from bot.world.loader import load_campaign

INVENTED = "alice has been our lead cryptographer since 2019"


def inventing_model(request: RecordedRequest):
    """Answers every dialogue request with one true sentence and one invented one, citing the
    block that holds alice's email for both, as a creative model would."""
    system = request.messages[0]["content"]
    block = re.search(r"\[(E\d+)\] email[^\n]*alice", system).group(1)
    return json_reply({
        "speech": f"alice mailed me about a meeting tomorrow at 3pm [{block}]. {INVENTED} [{block}].",
        "citations": [
            {"claim": "alice mailed me about a meeting tomorrow at 3pm", "evidence_id": block},
            {"claim": INVENTED, "evidence_id": block},
        ],
    })


async def test_an_inventing_model_behind_the_real_client_ends_in_a_clean_answer():
    campaign = load_campaign("shadowwatch")
    with FakeLLMServer("openai") as server:
        server.respond(inventing_model)
        provider = server.provider("gpt-4o-mini")
        try:
            result = await talk(provider, campaign, "Zero", "p1", -10, "who is alice?", DialogueConfig(retry="always"))
        finally:
            await provider.aclose()
    assert result.speech == "alice mailed me about a meeting tomorrow at 3pm."
    assert "cryptographer" not in result.speech and result.stripped == [f"{INVENTED}."]
    assert result.attempts == 2 and result.llm_calls == 2 and server.count == 2
    first, retry = server.requests
    assert first.json["response_format"]["type"] == "json_schema"
    assert "not what E" in retry.messages[-1]["content"]  # the findings went back as feedback
    assert "gh0st_1337" not in first.prompt_text()  # withheld files never reach the model


async def test_chaos_around_the_real_client_ships_no_invention():
    campaign = load_campaign("shadowwatch")
    honest = {"speech": "alice runs recruiting [E2]. never heard of anything else.",
              "citations": [{"claim": "alice runs recruiting", "evidence_id": "E2"}]}
    with FakeLLMServer("openai") as server:
        server.always(json_reply(honest))
        provider = ChaosProvider(server.provider("gpt-4o-mini"), rate=1.0, seed=3)
        try:
            result = await talk(provider, campaign, "Zero", "p1", -10, "who is alice?")
        finally:
            await provider.aclose()
    assert result.injected and all(i["kind"] == "invented_fact" for i in result.injected)
    for record in result.injected:
        assert record["text"].rstrip(".").lower() not in result.speech.lower()
    pack = Conversation(OfflineProvider(), campaign).evidence(campaign.npc("Zero"), -10, "who is alice?")
    assert audit(result.speech, pack) == []
    assert "alice runs recruiting" in result.speech
