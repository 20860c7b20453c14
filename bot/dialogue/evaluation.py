"""Scoring dialogue cases: does the verifier reject exactly the answers that are not grounded?

A dialogue case gives an NPC, the evidence blocks it was shown (``sources``, each with its id), the
player's words, the player's trust (optional, default 0) and the model's structured answer::

    {"id": "zero-003",
     "npc": {"name": "Zero", "persona": "...", "style": "..."},
     "sources": [{"id": "E1", "type": "email", "text": "...", "trust": -30,
                  "full_text": "... (optional: the whole document when text is a capped snippet)",
                  "title": "...", "author": "...", "date": "..."}],
     "question": "who is alice?",
     "trust": 0,
     "response": {"speech": "...", "citations": [{"claim": "...", "evidence_id": "E1"}]},
     "expect": "ok" | "violation",
     "kinds": ["uncited" | "invalid_source" | "not_entailed" | "self_misuse" | "trust_leak"]}

A source whose ``trust`` is above the player's is withheld: it is not a block, and only serves to
detect leaks. The ``self`` block is the NPC's persona (or a source with id ``self``). A violation
is the positive class: recall is the share of violations with a blocking finding, and an ``ok``
case with a blocking finding is a false rejection. Only the verification is timed.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from bot.dialogue.evidence import EvidenceBlock, EvidencePack, pack_from_blocks
from bot.dialogue.schema import parse_response
from bot.dialogue.sources import ALWAYS, SELF, Source, source_from_dict, split_by_trust
from bot.dialogue.verify import verify
from bot.guard.case_score import CaseScore, labelled_kinds
from bot.guard.finding import BLOCK


def _trust(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def pack_for_case(case: dict[str, Any]) -> EvidencePack:
    """The evidence pack a case describes: its sources are the blocks, under their own ids."""
    npc = case.get("npc") if isinstance(case.get("npc"), dict) else {}
    name = str(npc.get("name") or "NPC")
    raw_sources = case.get("sources") if isinstance(case.get("sources"), list) else []
    persona = " ".join(str(npc.get(k) or "") for k in ("persona", "description")).strip()
    sources: list[Source] = []
    full: dict[str, str] = {}
    for i, d in enumerate(raw_sources, start=1):
        if not isinstance(d, dict):
            continue
        source = source_from_dict(d, f"E{i}")
        if source.id == SELF:
            persona = f"{persona}\n{source.text}".strip()
            continue
        if isinstance(d.get("full_text"), str) and d["full_text"].strip():
            full[source.id] = d["full_text"]
        sources.append(source)
    me = Source(id=SELF, type="persona", text=persona or name, title=name, trust=ALWAYS)
    visible, withheld = split_by_trust(sources, _trust(case.get("trust")))
    blocks = [
        EvidenceBlock(
            id=s.id, source_id=s.id, type=s.type, text=s.text, context=s.context,
            full_text=full.get(s.id, s.text), truncated=s.id in full,
        )
        for s in visible
    ]
    blocks.append(EvidenceBlock(id=SELF, source_id=SELF, type="persona", text=me.text, context=me.context,
                                full_text=me.text, voice=str(npc.get("style") or "")))
    # RAV reads the whole document: the visible sources carry it
    visible_full = [replace(s, text=full.get(s.id, s.text)) for s in visible]
    return pack_from_blocks(npc=name, question=str(case.get("question") or ""), blocks=blocks,
                            visible=[*visible_full, me], withheld=withheld)


def score_case(case: dict[str, Any]) -> CaseScore:
    """Verify a dialogue case's response. Raises ValueError for a malformed case."""
    if not isinstance(case, dict):
        raise ValueError("a dialogue case is a JSON object")
    expect = case.get("expect")
    if expect not in ("ok", "violation"):
        raise ValueError(f"expect must be 'ok' or 'violation', not {expect!r}")
    response = parse_response(case.get("response"))
    if response is None:
        raise ValueError("a dialogue case needs a response {speech, citations}")
    pack = pack_for_case(case)
    started = time.perf_counter()
    verdict = verify(response, pack)
    latency = (time.perf_counter() - started) * 1000
    blocking = [f for f in verdict.findings if f.severity == BLOCK]
    return CaseScore(
        id=str(case.get("id", "")),
        expected_positive=expect == "violation",
        predicted_positive=bool(blocking),
        predicted_kinds=sorted({f.kind for f in blocking}),
        expected_kinds=labelled_kinds(case),
        latency_ms=latency,
        messages=[f.message for f in verdict.findings],
    )


def is_dialogue_case(case: Any) -> bool:
    """Whether a JSON line is a dialogue case (rather than a narration, action or plan case)."""
    return isinstance(case, dict) and "response" in case and ("sources" in case or "npc" in case)
