"""Invented facts for NPC dialogue, the way a creative model invents them.

An NPC asked about a crew member "remembers" a job title, a year, a city; asked about a tool it
has never heard of, it praises it. Each injection appends one such sentence to the speech and,
depending on the mode drawn, a citation that is wrong in one of the ways the verifier must catch:
a real block that does not say it, an id that does not exist, ``[self]`` for a fact, or no
citation at all. The names come from the evidence the NPC was given (so the lie is about someone
real) and the fake topic from the player's own words. Every injection is recorded in
``injected`` as ``{"kind": "invented_fact", "text": <the sentence>, "mode": ...}``.

Protocol (``bot.llm.chaos``): ``inject(response, request, rng) -> LLMResponse``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bot.dialogue.evidence import EvidenceBlock
from bot.dialogue.retrieve import topic_phrase, topic_terms
from bot.dialogue.schema import Citation, DialogueResponse, parse_response
from bot.dialogue.words import STOPWORDS, Vocabulary, names_in
from bot.llm.base import LLMRequest, LLMResponse

MODES = ("wrong_block", "invalid_id", "self", "uncited")

# What a model makes up about a person: a role, a past, a place, a number.
ABOUT_SOMEONE = (
    "{name} has been our lead cryptographer since 2019",
    "{name} used to work for the NSA until 1994",
    "{name} moved to Berlin last spring",
    "{name} owes me 500 bucks from the Denver job",
    "{name} keeps a spare key under the third brick by the door",
    "{name} was born in Toronto in 1971",
    "{name} drives a red 1985 Camaro",
    "{name} got arrested twice in Chicago",
    "{name} runs a warez board called Night Owl out of Tampa",
    "{name} speaks fluent Russian and spent 1992 in Moscow",
    "{name} married Victor's sister in 1990",
    "{name} has 14 modems stacked in a garage in Reno",
)
# What a model makes up about a thing no source mentions.
ABOUT_TOPIC = (
    "{topic} is a great tool, we run it every night on 12 boxes",
    "{topic} got written by a guy called Maxwell in 1993",
    "yeah, {topic} is popular, half of Boston uses it",
    "{topic} cracks any password in 40 seconds",
    "we used {topic} on the Denver job last June",
)
FALLBACK_NAMES = ("Victor", "Maxwell", "Delgado")
_INVALID_IDS = ("E9", "E14", "S3", "7", "doc2")


def _names(blocks: list[EvidenceBlock], npc: str | None) -> list[str]:
    """People and things the NPC's evidence names, the NPC itself excluded."""
    found: list[str] = []
    own = (npc or "").casefold()
    for block in blocks:
        if block.id == "self":
            continue
        for name in sorted(names_in(block.text) | names_in(block.context)):
            if len(name) > 2 and name != own and name not in STOPWORDS and not any(c.isdigit() for c in name):
                if name not in found:
                    found.append(name)
    return found


def _unknown_topic(blocks: list[EvidenceBlock], question: str) -> str:
    """What a fake-topic probe asks about ("have you used cyberphantom?"), when no block
    mentions it."""
    known = [Vocabulary.of(f"{b.text}\n{b.context}") for b in blocks]
    terms = topic_terms(question)
    if terms and not any(v.near(t) for v in known for t in terms):
        return topic_phrase(question)
    return ""


def inject(response: LLMResponse, request: LLMRequest, rng: random.Random) -> LLMResponse:
    parsed = parse_response(response.parsed) or parse_response(response.text)
    if parsed is None:
        return response
    ctx = request.context
    blocks = [b for b in (getattr(ctx, "evidence", None) or []) if isinstance(b, EvidenceBlock)]
    question = getattr(ctx, "player_text", "") or ""
    topic = _unknown_topic(blocks, question)
    if topic:
        fact = rng.choice(ABOUT_TOPIC).format(topic=topic)
    else:
        names = _names(blocks, getattr(ctx, "npc", None)) or list(FALLBACK_NAMES)
        fact = rng.choice(ABOUT_SOMEONE).format(name=rng.choice(names))
    facts = [b for b in blocks if b.id != "self"]
    mode = rng.choice(MODES if facts else tuple(m for m in MODES if m != "wrong_block"))
    citations = list(parsed.citations)
    if mode == "wrong_block":
        evidence_id = rng.choice(facts).id
    elif mode == "invalid_id":
        evidence_id = rng.choice(_INVALID_IDS)
    elif mode == "self":
        evidence_id = "self"
    else:
        evidence_id = ""
    sentence = f"{fact} [{evidence_id}]." if evidence_id else f"{fact}."
    if evidence_id:
        citations.append(Citation(claim=fact, evidence_id=evidence_id))
    speech = parsed.speech.rstrip()
    if speech and not speech.endswith((".", "!", "?", "]")):
        speech += "."
    changed = DialogueResponse(speech=f"{speech} {sentence}".strip(), citations=citations)
    return replace(
        response,
        text=changed.model_dump_json(),
        parsed=changed,
        injected=[*response.injected, {"kind": "invented_fact", "text": f"{fact}.", "mode": mode}],
    )
