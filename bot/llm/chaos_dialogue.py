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

# What a model makes up about a person: a role, a past, a place, a number. The slots are filled
# afresh for every injection, so the inventions are new sentences, as a real model's are: a
# benchmark on a handful of fixed sentences would time the verifier on its warm caches only.
ABOUT_SOMEONE = (
    "{name} has been our lead {job} since {year}",
    "{name} used to work for the {agency} until {year}",
    "{name} moved to {city} last spring",
    "{name} owes me {n}00 bucks from the {city} job",
    "{name} keeps a spare key under the {ordinal} brick by the door",
    "{name} was born in {city} in {year}",
    "{name} drives a {colour} {year} {car}",
    "{name} got arrested {count} times in {city}",
    "{name} runs a warez board called {board} out of {city}",
    "{name} speaks fluent {language} and spent {year} in {city}",
    "{name} married {other}'s sister in {year}",
    "{name} has {n} modems stacked in a garage in {city}",
)
# What a model makes up about a thing no source mentions.
ABOUT_TOPIC = (
    "{topic} is a great tool, we run it every night on {n} boxes",
    "{topic} got written by a guy called {other} in {year}",
    "yeah, {topic} is popular, half of {city} uses it",
    "{topic} cracks any password in {n} seconds",
    "we used {topic} on the {city} job last {month}",
)
_SLOTS = {
    "job": ("cryptographer", "phone phreak", "lockpick", "courier", "forger", "driver", "sysop", "fence"),
    "agency": ("NSA", "phone company", "FBI", "city council", "post office", "Pentagon", "mob"),
    "city": ("Berlin", "Denver", "Toronto", "Chicago", "Tampa", "Moscow", "Reno", "Boston", "Lisbon", "Osaka",
             "Marseille", "Duluth", "Tucson", "Glasgow", "Perth", "Quebec", "Memphis", "Oslo", "Cairo", "Lima"),
    "colour": ("red", "black", "silver", "green", "white", "blue", "orange"),
    "car": ("Camaro", "Mustang", "Corvette", "Firebird", "Impala", "Cutlass", "Charger"),
    "board": ("Night Owl", "Black Ice", "Dead Line", "Iron Gate", "Static Sky", "Cold Fusion", "Lost Signal"),
    "language": ("Russian", "Japanese", "German", "Portuguese", "Hungarian", "Finnish", "Arabic"),
    "other": ("Victor", "Maxwell", "Delgado", "Ramona", "Kessler", "Ingrid", "Tobias", "Yusuf"),
    "ordinal": ("second", "third", "fourth", "fifth", "sixth"),
    "month": ("June", "March", "October", "January", "August"),
}


def _fill(template: str, rng: random.Random, **given: str) -> str:
    """A template with its slots drawn now: years, counts and places a real model would make up."""
    values = {key: rng.choice(options) for key, options in _SLOTS.items()}
    values.update(year=str(rng.randint(1961, 1999)), n=str(rng.randint(3, 99)), count=rng.choice(("two", "three", "four")))
    values.update(given)
    return template.format(**values)


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
        fact = _fill(rng.choice(ABOUT_TOPIC), rng, topic=topic)
    else:
        names = _names(blocks, getattr(ctx, "npc", None)) or list(FALLBACK_NAMES)
        fact = _fill(rng.choice(ABOUT_SOMEONE), rng, name=rng.choice(names))
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
