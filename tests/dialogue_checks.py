"""How the dialogue tests put an answer before the verifier: a case in the evaluation's shape
(an NPC, its sources, the player's question and trust), the model's answer with its citation
list, and the kinds of the blocking findings. One copy for every test module."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.dialogue.entailment import OVERLAP
from bot.dialogue.evaluation import pack_for_case, score_case
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.verify import Verdict, verify
from bot.dialogue.verify.judge import _Judge
from bot.guard.finding import BLOCK

Citations = Sequence[tuple[str, str]]


def answer(speech: str, citations: Citations = ()) -> DialogueResponse:
    """The model's answer: ``citations`` as (claim, evidence id) pairs."""
    return DialogueResponse(speech=speech, citations=[{"claim": c, "evidence_id": e} for c, e in citations])


def verdict_on(speech: str, citations: Citations = (), *, npc: dict[str, Any], sources: list[dict[str, Any]],
               question: str, trust: int = 0) -> Verdict:
    case = {"npc": npc, "sources": sources, "question": question, "trust": trust}
    return verify(answer(speech, citations), pack_for_case(case))


def kinds(verdict: Verdict) -> set[str]:
    """The kinds of the blocking findings."""
    return {f.kind for f in verdict.findings if f.severity == BLOCK}


def eval_case(speech: str, citations: Citations, *, npc: dict[str, Any], sources: list[dict[str, Any]],
              question: str, case_id: str = "t") -> dict[str, Any]:
    """An evaluation case for the answer, expected to pass."""
    return {"id": case_id, "npc": npc, "sources": sources, "question": question,
            "response": {"speech": speech, "citations": [{"claim": c, "evidence_id": e} for c, e in citations]},
            "expect": "ok"}


def rejected_case(case: dict[str, Any]) -> bool:
    """Does the evaluation reject this case's answer?"""
    return score_case(case).predicted_positive


def world_fact_in(case: dict[str, Any], text: str) -> bool:
    """Is ``text`` a fact about the world (not the speaker's own) for the case's NPC?"""
    pack = pack_for_case(case)
    return _Judge(pack, OVERLAP, pack.names).world_fact(text)
