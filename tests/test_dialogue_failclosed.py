"""Fail-closed repair, the NPC's stock lines, the offline answer and the chaos injector."""

from __future__ import annotations

import json
import random

import pytest

from bot.dialogue import lines
from bot.dialogue.claims import Kind, classify
from bot.dialogue.evaluation import pack_for_case
from bot.dialogue.failclosed import fail_closed
from bot.dialogue.offline import answer, compose
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.verify import verify
from bot.llm.base import LLMRequest, LLMResponse, Message, NarrationContext
from bot.llm.chaos_dialogue import MODES, inject
from dialogue_checks import answer as answer_of

ZERO = {"name": "Zero", "persona": "Zero runs the Shadowwatch crew. Paranoid.", "style": "lowercase, terse, 90s hacker slang"}
GRETA = {"name": "Greta", "persona": "Greta owns the Rusty Tankard.", "style": "warm, plain speech"}
CREW = {"id": "E1", "type": "note", "title": "crew_status.txt",
        "text": "Alice: active. runs recruiting.\nBob: on mission. back friday."}


def pack(question: str = "who is alice?", npc: dict = ZERO, sources: list | None = None):
    return pack_for_case({"npc": npc, "sources": sources if sources is not None else [CREW], "question": question})


def repair(speech: str, citations=(), question: str = "who is alice?", npc: dict = ZERO):
    p = pack(question, npc)
    response = answer_of(speech, citations)
    return fail_closed(response, verify(response, p), p), p


def test_unsupported_sentences_are_dropped_and_the_grounded_rest_is_posted():
    repaired, p = repair("alice runs recruiting [E1]. she's been our lead cryptographer since 2019 [E1].",
                         [("alice runs recruiting", "E1"), ("alice has been lead cryptographer since 2019", "E1")])
    assert repaired.text == "alice runs recruiting."
    assert repaired.stripped == ["she's been our lead cryptographer since 2019."]
    assert verify(repaired.response, p).blocking == []


def test_citation_markers_are_never_posted():
    repaired, _ = repair("alice runs recruiting [E1]. bob's on a mission [E1, E1].",
                         [("alice runs recruiting", "E1"), ("bob on mission", "E1")])
    assert "[" not in repaired.text and "E1" not in repaired.text
    assert repaired.text == "alice runs recruiting. bob's on a mission."


def test_when_nothing_grounded_is_left_the_npc_says_it_does_not_know_in_its_voice():
    repaired, _ = repair("alice works for the nsa. she moved to berlin in 1994.")
    assert repaired.fallback == "dont_know"
    assert repaired.text == repaired.text.lower()  # Zero writes in lower case
    assert classify(repaired.text, frozenset()).kind is Kind.UNCERTAIN


def test_an_unknown_topic_always_gets_an_admission_of_ignorance():
    repaired, _ = repair("heh. get lost.", question="have you used cyberphantom?")
    assert "cyberphantom" in repaired.text
    assert classify(repaired.text.split(". ", 1)[-1], frozenset()).kind is Kind.UNCERTAIN or "never heard" in repaired.text


def test_a_true_fact_that_forgot_its_citation_is_kept_and_cited():
    repaired, p = repair("alice runs recruiting.")
    assert repaired.text == "alice runs recruiting." and repaired.stripped == []
    assert repaired.response.speech == "alice runs recruiting. [E1]"
    assert verify(repaired.response, p).findings == []


def test_a_true_fact_citing_the_wrong_block_is_kept_and_cited_right():
    email = {"id": "E2", "type": "email", "text": "meeting tomorrow at 3pm."}
    p = pack(sources=[CREW, email])
    response = DialogueResponse(speech="alice runs recruiting [E2].")
    repaired = fail_closed(response, verify(response, p), p)
    assert repaired.text == "alice runs recruiting." and repaired.response.speech.endswith("[E1]")
    assert verify(repaired.response, p).blocking == []


@pytest.mark.parametrize("style", ["lowercase, terse, 90s hacker slang", "warm, plain speech", ""])
@pytest.mark.parametrize("seed", range(3))
def test_stock_lines_state_no_fact(style: str, seed: int):
    for line in (lines.dont_know(style, "cyberphantom", seed), lines.dont_know(style, "", seed),
                 lines.refuse(style, seed), lines.greet(style, seed)):
        for sentence in line.replace("? ", "?|").replace(". ", ".|").split("|"):
            assert classify(sentence, frozenset({"cyberphantom"})).kind is not Kind.FACT, (style, line)
    for opener in (*lines.OPENERS[True], *lines.OPENERS[False], *lines.CLOSERS[True], *lines.CLOSERS[False]):
        assert classify(opener, frozenset()).kind is not Kind.FACT


def test_offline_answer_is_dialogue_json_built_from_the_best_block():
    p = pack("where's bob?")
    text = answer(NarrationContext(scene=None, player_text="where's bob?", npc="Zero", evidence=p.blocks, seed=1))
    response = DialogueResponse.model_validate_json(text)
    assert "bob" in response.speech and "friday" in response.speech
    assert {c.evidence_id for c in response.citations} == {"E1"}
    assert verify(response, p).findings == []


def test_offline_answer_admits_ignorance_without_evidence():
    p = pack("have you used cyberphantom?", sources=[])
    response = compose(p.blocks, "have you used cyberphantom?", seed=0)
    assert response.citations == [] and "cyberphantom" in response.speech
    assert classify(response.speech.split(". ")[0] + ".", frozenset()).kind is Kind.UNCERTAIN


def _request(p, question: str) -> LLMRequest:
    ctx = NarrationContext(scene=None, player_text=question, npc=p.npc, evidence=p.blocks)
    return LLMRequest(messages=[Message("user", question)], task="dialogue", schema=DialogueResponse, context=ctx)


@pytest.mark.parametrize("seed", range(40))
def test_every_invented_fact_the_chaos_injects_is_caught(seed: int):
    question = "who is alice?" if seed % 2 else "have you used cyberphantom?"
    p = pack(question)
    honest = compose(p.blocks, question, seed)
    out = inject(LLMResponse(text=honest.model_dump_json(), parsed=honest), _request(p, question), random.Random(seed))
    [record] = out.injected
    assert record["kind"] == "invented_fact" and record["mode"] in MODES
    assert record["text"].rstrip(".") in out.parsed.speech
    assert json.loads(out.text)["speech"] == out.parsed.speech
    assert verify(out.parsed, p).blocking, record


def test_chaos_leaves_non_json_answers_alone():
    p = pack()
    response = LLMResponse(text="not json at all")
    assert inject(response, _request(p, "who is alice?"), random.Random(1)) is response


@pytest.mark.parametrize("seed", range(3))
def test_a_refusal_the_npc_already_gave_is_not_given_twice(seed: int) -> None:
    from bot.conversation import Conversation, find_npc
    from bot.world.loader import load_campaign

    tavern = load_campaign("tavern")
    p = Conversation(None, tavern).evidence(find_npc(tavern, "Bram"), 0, "what are your sealed orders?")  # type: ignore[arg-type]
    assert p.guarded  # the sealed orders are kept from a stranger
    line = lines.refuse(p.voice, seed)
    response = answer_of(f"{line} The captain drives an orange 1979 Impala [self].",
                         [("The captain drives an orange 1979 Impala", "self")])
    repaired = fail_closed(response, verify(response, p), p, seed=seed)
    assert repaired.stripped == ["The captain drives an orange 1979 Impala."]
    assert repaired.text.casefold().count(line.casefold()) == 1, repaired.text


def test_a_name_with_lost_in_it_denies_nothing() -> None:
    # chaos play: "Victor runs a warez board called Lost Signal out of Berlin." shipped, uncited,
    # read as a denial ("lost signal" is "no signal" in plain words)
    p = pack("who runs the boards round here?", GRETA)
    response = answer_of("Victor runs a warez board called Lost Signal out of Berlin.", [])
    assert any(f.kind == "uncited" and f.severity == "block" for f in verify(response, p).findings)
    denial = answer_of("the signal was lost, and nobody ever found it.", [])
    assert not any(f.severity == "block" for f in verify(denial, pack("what happened to the signal?", GRETA)).findings)


def test_a_stranger_named_at_the_head_of_a_sentence_is_a_claim_about_someone() -> None:
    # a present tense reads as a saying ("the sand keeps its secrets") unless someone is named
    p = pack("who deals in silver round here?", GRETA)
    for speech in ("Marek deals in stolen silver down by the docks.", "Ingrid keeps the books for the smugglers.",
                   "Kessler runs guns out of the docks.", "Delgado owes money to half the town."):
        found = verify(answer_of(speech, []), p).findings
        assert any(f.kind == "uncited" and f.severity == "block" for f in found), speech
    for said in ("The sea keeps its secrets.", "Lotta dames come through here.", "Dunno, mate."):
        assert not any(f.severity == "block" for f in verify(answer_of(said, []), p).findings), said
