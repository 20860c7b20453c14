"""The dialogue benchmark: the whole conversation pipeline, question after question.

Each case (``tests/eval/dialogue_bench.jsonl``) is a player message to an NPC of a shipped
campaign, with what a good answer must do: mention a topic, cite something, admit ignorance of a
fake topic, never match a pattern that betrays invention or a leak. Run with a chaos provider, it
also counts what the chaos made up and whether any of it reached the player. Reported:

- ``pass_rate``: answers meeting every expectation of their case;
- ``unsupported_shipped``: posted factual sentences nothing the player may hear about supports,
  plus invented facts that survived (both must be 0);
- ``fake_topic_uncertain``: the share of fake-topic probes answered with uncertainty;
- ``mean_retries``: model answers re-asked per answer;
- ``guard_ms``: the dialogue guard's own time per answer (retrieval, checks, repair), p50/p99;
- ``fallbacks``: how many answers fail-closed repaired, by how (``stripped``: sentences dropped,
  ``dont_know``/``refused``: nothing usable was left).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import collector
from bot.conversation import Conversation, DialogueResult, find_npc
from bot.dialogue.claims import is_uncertain, words_of
from bot.dialogue.verify import audit
from bot.dialogue.words import same_word
from bot.llm.base import Provider
from bot.world.loader import get_campaign

DEFAULT_CASES = Path(__file__).resolve().parents[1] / "tests" / "eval" / "dialogue_bench.jsonl"
_SURVIVES = 0.8  # share of an invented sentence's words found in the posted speech


@dataclass(slots=True)
class BenchCase:
    name: str
    campaign: str
    npc: str
    player_message: str
    trust: int = 0
    expect_topic: str = ""
    expect_citations: bool = False
    expect_uncertain: bool = False
    reject_patterns: list[str] = field(default_factory=list)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> BenchCase:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


@dataclass(slots=True)
class BenchReport:
    answers: int = 0
    passed: int = 0
    unsupported_shipped: int = 0
    injected: int = 0  # facts the provider made up (chaos)
    injected_shipped: int = 0
    fake_topic_probes: int = 0
    fake_topic_uncertain: int = 0
    retries: int = 0
    llm_calls: int = 0
    guard_ms: list[float] = field(default_factory=list)
    fallbacks: dict[str, int] = field(default_factory=dict)  # answers repaired: stripped, dont_know, ...
    failures: list[dict[str, Any]] = field(default_factory=list)

    @property
    def pass_rate(self) -> float:
        return self.passed / self.answers if self.answers else 0.0

    @property
    def mean_retries(self) -> float:
        return self.retries / self.answers if self.answers else 0.0

    def percentile(self, q: float) -> float:
        if not self.guard_ms:
            return 0.0
        ordered = sorted(self.guard_ms)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def to_dict(self) -> dict[str, Any]:
        return {
            "answers": self.answers,
            "pass_rate": round(self.pass_rate, 4),
            "unsupported_shipped": self.unsupported_shipped,
            "injected": self.injected,
            "injected_shipped": self.injected_shipped,
            "fake_topic_probes": self.fake_topic_probes,
            "fake_topic_uncertain": (
                round(self.fake_topic_uncertain / self.fake_topic_probes, 4) if self.fake_topic_probes else 1.0
            ),
            "mean_retries": round(self.mean_retries, 4),
            "llm_calls_per_answer": round(self.llm_calls / self.answers, 4) if self.answers else 0.0,
            "guard_ms": {"p50": round(self.percentile(0.5), 3), "p99": round(self.percentile(0.99), 3)},
            "fallbacks": dict(sorted(self.fallbacks.items())),
            "failures": self.failures[:20],
        }


def load_cases(path: str | Path = DEFAULT_CASES) -> list[BenchCase]:
    cases = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            cases.append(BenchCase.from_dict(json.loads(line)))
    return cases


def _survived(invented: str, speech: str) -> bool:
    words = words_of(invented)
    spoken = words_of(speech)
    if not words:
        return False
    found = sum(1 for w in words if any(same_word(w, s) for s in spoken))
    return found / len(words) >= _SURVIVES


def _problems(case: BenchCase, result: DialogueResult, unsupported: list[str], shipped: list[str]) -> list[str]:
    speech = result.speech
    problems = [f"unsupported: {u}" for u in unsupported] + [f"invented fact shipped: {s}" for s in shipped]
    if case.expect_topic and case.expect_topic.casefold() not in speech.casefold():
        problems.append(f"does not mention {case.expect_topic!r}")
    if case.expect_uncertain and not is_uncertain(speech):
        problems.append("no uncertainty for a topic the NPC knows nothing of")
    if case.expect_citations and not [e for e in result.evidence_used if e != "self"]:
        problems.append("cites no document")
    for pattern in case.reject_patterns:
        if re.search(pattern, speech, re.IGNORECASE):
            problems.append(f"matches reject pattern {pattern!r}")
    return problems


async def run(provider: Provider, cases: list[BenchCase] | str | Path | None = None, *, config: Any = None,
              repeat: int = 1, freeze_gc: bool = True) -> BenchReport:
    """Every case ``repeat`` times through ``talk`` with ``provider``; see the module docstring.

    The campaigns are loaded and their NPCs' knowledge indexed first, as the bot does at start-up,
    and with ``freeze_gc`` the collector is handled as the bot process handles it
    (``bot.collector``): what set-up made is frozen out of its way with the bot's thresholds, and
    a collection that has fallen due runs after an answer is given, as ``TurnRunner.prepare``
    runs it after each reply, rather than inside the next answer's timing."""
    if not isinstance(cases, list):
        cases = load_cases(cases or DEFAULT_CASES)
    conversations: dict[str, Conversation] = {}
    for name in dict.fromkeys(case.campaign for case in cases):
        conversations[name] = Conversation(provider, get_campaign(name), config)
        conversations[name].warm()
    if freeze_gc:
        collector.settle()
    report = BenchReport()
    for round_ in range(repeat):
        for case in cases:
            conversation = conversations[case.campaign]
            player = f"bench-{round_}"
            result = await conversation.say(case.npc, player, case.trust, case.player_message)
            npc = find_npc(conversation.campaign, case.npc)
            pack = conversation.evidence(npc, case.trust, case.player_message)
            unsupported = audit(result.speech, pack)
            invented = [i.get("text", "") for i in result.injected if i.get("kind") == "invented_fact"]
            shipped = [text for text in invented if _survived(text, result.speech)]
            problems = _problems(case, result, unsupported, shipped)
            report.answers += 1
            report.passed += not problems
            report.unsupported_shipped += len(unsupported) + len(shipped)
            report.injected += len(invented)
            report.injected_shipped += len(shipped)
            report.retries += max(0, result.attempts - 1)
            report.llm_calls += result.llm_calls
            report.guard_ms.append(result.guard_ms)
            if freeze_gc:
                collector.collect_between_turns()  # while the player reads, as the bot does
            if result.fallback:
                report.fallbacks[result.fallback] = report.fallbacks.get(result.fallback, 0) + 1
            if case.expect_uncertain:
                report.fake_topic_probes += 1
                report.fake_topic_uncertain += is_uncertain(result.speech)
            if problems:
                report.failures.append({"case": case.name, "speech": result.speech, "problems": problems})
    return report


def summary(report: BenchReport) -> str:
    d = report.to_dict()
    return (
        f"dialogue: {d['answers']} answers, pass {d['pass_rate']:.0%}, unsupported shipped "
        f"{d['unsupported_shipped']}, fake topics uncertain {d['fake_topic_uncertain']:.0%}, retries "
        f"{d['mean_retries']:.2f}/answer, guard p50 {d['guard_ms']['p50']} ms p99 {d['guard_ms']['p99']} ms"
    )


__all__ = ["BenchCase", "BenchReport", "DEFAULT_CASES", "load_cases", "run", "summary"]
