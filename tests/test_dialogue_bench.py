"""The dialogue benchmark suite, run through the whole pipeline with a chaos provider."""

from __future__ import annotations

import json

from bot.dialogue.config import DialogueConfig
from bot.dialogue_bench import DEFAULT_CASES, load_cases, run
from bot.llm.chaos import ChaosProvider
from bot.llm.offline import OfflineProvider


def test_the_suite_has_the_prior_arts_shape_and_fake_topic_probes():
    rows = [json.loads(line) for line in DEFAULT_CASES.read_text().splitlines() if line.strip()]
    assert {"name", "player_message", "expect_topic", "expect_uncertain", "reject_patterns"} <= set().union(*rows)
    cases = load_cases()
    assert sum(c.expect_uncertain for c in cases) >= 5
    assert {c.campaign for c in cases} == {"shadowwatch", "tavern"}


async def test_with_chaos_no_invention_ships_and_fake_topics_get_uncertainty():
    provider = ChaosProvider(OfflineProvider(), rate=0.35, seed=2024)
    report = await run(provider, repeat=2)
    summary = report.to_dict()
    assert report.injected > 0
    assert summary["unsupported_shipped"] == 0 and report.injected_shipped == 0
    assert summary["fake_topic_uncertain"] == 1.0
    assert summary["mean_retries"] <= 0.5
    assert summary["pass_rate"] == 1.0, report.failures
    assert summary["guard_ms"]["p99"] >= summary["guard_ms"]["p50"] > 0


async def test_at_the_issue_chaos_rate_the_default_policy_ships_nothing_invented_and_rarely_retries():
    # LOREGUARD_CHAOS_RATE's default: more than half the answers carry an invented fact
    provider = ChaosProvider(OfflineProvider(), rate=0.58, seed=7)
    report = await run(provider, repeat=2)
    summary = report.to_dict()
    assert report.injected > 0 and report.fallbacks.get("stripped", 0) > 0
    assert summary["unsupported_shipped"] == 0 and report.injected_shipped == 0
    assert summary["fake_topic_uncertain"] == 1.0 and summary["pass_rate"] == 1.0, report.failures
    assert summary["mean_retries"] <= 0.5


async def test_always_retrying_asks_the_model_again_for_every_blocked_answer():
    provider = ChaosProvider(OfflineProvider(), rate=0.58, seed=7)
    report = await run(provider, repeat=2, config=DialogueConfig(retry="always"))
    assert report.retries > 0 and report.llm_calls == report.answers + report.retries
    assert report.to_dict()["unsupported_shipped"] == 0


async def test_a_failing_answer_is_reported_with_its_problems():
    class Liar:
        name = model = "liar"

        async def complete(self, request):
            from bot.llm.base import LLMResponse

            return LLMResponse(text='{"speech": "cyberphantom? great tool, i never heard of it.", "citations": []}')

        async def aclose(self):
            return None

    [case] = [c for c in load_cases() if c.name == "ask_fake_tool_cyberphantom"]
    report = await run(Liar(), [case])
    assert report.passed == 0 and report.failures[0]["case"] == case.name
    assert any("reject pattern" in p for p in report.failures[0]["problems"])
