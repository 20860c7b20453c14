"""Talking to an NPC: one grounded answer per player message.

The NPC may say only what its own documents (those this player is trusted with), its memory and
its persona support. ``talk`` runs the whole way: gate the NPC's documents by the player's trust,
retrieve the relevant ones, number them as evidence blocks, ask the model once for structured
``{speech, citations}``, verify it deterministically, retry once with the findings as feedback
when dropping the failing sentences would leave no answer (``DialogueConfig.retry``: "when_needed"
by default, "always" to retry on any blocking finding), then fail closed (drop unsupported
sentences; an in-character "don't know" if nothing is left) and strip the citation markers.
Everything but the model call is pure code from ``bot.dialogue``; this module only orchestrates it
and times it.

The lead wires it for ``talk`` intents::

    trust = state.npc(npc).trust_of(player_id)
    result = await talk(provider, campaign, npc, player_id, trust, text, guard_profile,
                        memory=state.npc(npc).memory, player_name=character.name)
    post(result.speech); log(result.findings)
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.chat import Message
from bot.dialogue import offline
from bot.dialogue.arithmetic import preload as preload_numbers
from bot.dialogue.config import DialogueConfig
from bot.dialogue.evidence import EvidencePack, build_pack
from bot.dialogue.failclosed import Repaired, fail_closed, posting_text
from bot.dialogue.lines import dont_know, refuse
from bot.dialogue.prompt import build_messages, echo, feedback
from bot.dialogue.schema import Citation, DialogueResponse, parse_response
from bot.dialogue.sources import SELF, npc_sources, self_source
from bot.dialogue.verify import Verdict, verify
from bot.guard.finding import BLOCK, WARN, Finding
from bot.llm.base import LLMError, LLMRequest, NarrationContext, Provider
from bot.world.campaign import NPC, Campaign


class UnknownNPC(LookupError):
    """The campaign has no NPC of that name or alias."""


@dataclass(slots=True)
class DialogueResult:
    speech: str  # what to post: in character, grounded, citation markers stripped
    findings: list[Finding]  # every finding of every attempt (layer "dialogue"), for moderators
    attempts: int  # model answers that were verified (1, or 2 after a retry)
    stripped: list[str]  # sentences fail-closed dropped
    llm_calls: int  # provider calls made, failed ones included
    evidence_used: list[str]  # ids of the documents (and "self") the posted speech cites
    guard_ms: float  # retrieval, prompt, verification and repair time; the model's time excluded
    fallback: str = ""  # "" | "stripped" | "dont_know" | "refused" | "offline"
    topic: str = ""  # the player's topic words, e.g. for a Remember effect
    topic_unknown: bool = False  # nothing the NPC may share mentions the topic
    injected: list[dict[str, Any]] = field(default_factory=list)  # what a chaos provider made up
    error: str = ""  # LLMError kind when the model failed and the offline answer was used


def _seed(player_id: str, text: str) -> int:
    return zlib.crc32(f"{player_id}\x00{text}".encode())


def find_npc(campaign: Campaign, name: str) -> NPC:
    npc = campaign.npc(name)
    if npc is not None:
        return npc
    key = name.casefold().strip()
    for candidate in campaign.npcs:
        if key in (a.casefold() for a in candidate.aliases):
            return candidate
    raise UnknownNPC(f"no NPC called {name!r} in {campaign.name}")


class Conversation:
    """Talks to the NPCs of one campaign through one provider."""

    def __init__(self, provider: Provider, campaign: Campaign, config: Any = None) -> None:
        self.provider = provider
        self.campaign = campaign
        self.config = DialogueConfig.coerce(config)
        self._names = [n.name for n in campaign.npcs]

    def evidence(self, npc: NPC, trust: int, text: str, memory: Sequence[str] = ()) -> EvidencePack:
        """What ``npc`` may draw on to answer ``text`` from a player it trusts ``trust``."""
        cfg = self.config
        return build_pack(
            npc=npc.name,
            question=text,
            sources=npc_sources(npc, memory),
            self_src=self_source(npc),
            trust=trust,
            voice=npc.style,
            setting=self.campaign.setting,
            extra_names=self._names,
            limit=cfg.top_k,
            threshold=cfg.relevance,
            snippet_chars=cfg.snippet_chars,
        )

    def warm(self) -> None:
        """Index every NPC's knowledge for each trust level its documents distinguish, so that
        the first question to an NPC costs no more than the next. Call once after loading a
        campaign; optional (the same work is otherwise done, and cached, on first use)."""
        for npc in self.campaign.npcs:
            levels = sorted({d.trust for d in npc.documents} | {npc.disposition})
            # "hello" has no topic words, so it retrieves nothing: ask about each document too,
            # which builds the retrieval fields of every source and the checks' tables for its text
            questions = ["hello", *(" ".join([d.title, d.summary, *d.keywords]) for d in npc.documents)]
            for trust, question in ((t, q) for t in levels for q in questions):
                pack = self.evidence(npc, trust, question)
                for block in pack.blocks:  # an uncited and a cited retelling: both checks' tables
                    preload_numbers(block.full_text or block.text)  # and what a sum is worked out from
                    verify(DialogueResponse(speech=block.text[:200]), pack)
                    quoted = block.text[:160]
                    verify(DialogueResponse(speech=quoted, citations=[Citation(claim=quoted, evidence_id=block.id)]),
                           pack)

    async def say(self, npc_name: str, player_id: str, trust: int, text: str, *,
                  memory: Sequence[str] = (), player_name: str = "") -> DialogueResult:
        cfg = self.config
        npc = find_npc(self.campaign, npc_name)
        seed = _seed(player_id, text)
        started = time.perf_counter()
        pack = self.evidence(npc, trust, text, memory)
        messages = build_messages(pack, persona=npc.persona or npc.description, style=npc.style,
                                  player=player_name, max_words=cfg.max_words)
        guard = time.perf_counter() - started

        findings: list[Finding] = []
        injected: list[dict[str, Any]] = []
        answer: DialogueResponse | None = None
        verdict: Verdict | None = None
        attempts = calls = 0
        error = ""
        for attempt in range(1 + cfg.retries):
            request = LLMRequest(
                messages=[Message(role, content) for role, content in messages],
                temperature=cfg.temperature,
                max_tokens=cfg.max_tokens,
                schema=DialogueResponse,
                task="dialogue",
                context=NarrationContext(scene=None, player_text=text, npc=npc.name,
                                         evidence=list(pack.blocks), seed=seed + attempt),
            )
            calls += 1
            try:
                response = await self.provider.complete(request)
            except LLMError as exc:
                error = exc.kind
                break
            injected.extend(response.injected)
            t = time.perf_counter()
            attempts += 1
            parsed = parse_response(response.parsed) or parse_response(response.text)
            if parsed is None:
                problem = Finding(kind="bad_output", severity=BLOCK, confidence=1.0, span=response.text[:160],
                                  evidence="expected a JSON object {speech, citations}",
                                  message="your answer was not the JSON object asked for", layer="dialogue")
                findings.append(problem)
                messages = [*messages, ("assistant", response.text[:2000]), ("user", feedback([problem]))]
                guard += time.perf_counter() - t
                continue
            answer, verdict = parsed, verify(parsed, pack)
            findings.extend(verdict.findings)
            must_fix = [f for f in verdict.findings if f.severity == BLOCK or (cfg.strict and f.severity == WARN)]
            guard += time.perf_counter() - t
            if not must_fix:
                break
            if cfg.retry == "when_needed" and _strippable(parsed, verdict, pack, seed, cfg.strict):
                break
            if attempt < cfg.retries:
                messages = [*messages, ("assistant", echo(parsed, verdict)), ("user", feedback(verdict.findings))]

        t = time.perf_counter()
        used_offline = answer is None or verdict is None
        if answer is None or verdict is None:  # the model failed or never answered in shape
            answer = offline.compose(pack.blocks, text, seed, pack.names)
            verdict = verify(answer, pack)
        repaired = fail_closed(answer, verdict, pack, seed=seed, strict=cfg.strict)
        unchanged = not repaired.stripped and not repaired.fallback and repaired.response == answer
        final = verdict if unchanged else verify(repaired.response, pack)
        if final.blocking:  # the last rung: nothing that fails a check is ever posted
            line = refuse(pack.voice, seed) if pack.guarded else dont_know(
                pack.voice, pack.topic_phrase if pack.topic_unknown else "", seed)
            repaired = Repaired(DialogueResponse(speech=line), posting_text(line),
                                [*repaired.stripped, *(s.clean for s in final.sentences)], "dont_know")
            final = verify(repaired.response, pack)
        guard += time.perf_counter() - t

        return DialogueResult(
            speech=repaired.text,
            findings=findings,
            attempts=attempts,
            stripped=repaired.stripped,
            llm_calls=calls,
            evidence_used=_used(final, pack),
            guard_ms=guard * 1000.0,
            fallback="offline" if used_offline and not repaired.fallback else repaired.fallback,
            topic=pack.topic_phrase,
            topic_unknown=pack.topic_unknown,
            injected=injected,
            error=error,
        )


def _strippable(answer: DialogueResponse, verdict: Verdict, pack: EvidencePack, seed: int, strict: bool) -> bool:
    """Whether dropping the offending sentences still leaves an answer: then a retry would cost
    a model call and buy nothing fail-closed does not already give."""
    repaired = fail_closed(answer, verdict, pack, seed=seed, strict=strict)
    return repaired.fallback != "dont_know" or pack.topic_unknown


def _used(verdict: Verdict, pack: EvidencePack) -> list[str]:
    ids: list[str] = []
    for evidence_ids in verdict.cited.values():
        for evidence_id in sorted(evidence_ids):
            block = pack.block(evidence_id)
            source = block.source_id if block else evidence_id
            if source not in ids:
                ids.append(source)
    return sorted(ids, key=lambda s: (s == SELF, s))


async def talk(provider: Provider, campaign: Campaign, npc_name: str, player_id: str, trust: int, text: str,
               config: Any = None, *, memory: Sequence[str] = (), player_name: str = "") -> DialogueResult:
    """One grounded answer from ``npc_name`` to ``text``.

    ``trust`` is the NPC's trust towards this player (``NPCState.trust_of(player_id)``): documents
    above it are never used. ``config`` is a ``DialogueConfig``, a guard profile
    (``AntiHallucinationConfig``: its dialogue temperature, token cap, strict mode, and at most one
    retry) or None for the defaults. ``memory`` is the NPC's notes of earlier conversations
    (``NPCState.memory``), citable like documents. Raises ``UnknownNPC``; a failing model never
    raises (the offline answer from the same evidence is used and ``error`` says why).
    """
    return await Conversation(provider, campaign, config).say(
        npc_name, player_id, trust, text, memory=memory, player_name=player_name)
