"""The dialogue verifier: each finding kind, and the honest answers it must let through."""

from __future__ import annotations

from typing import Any

from bot.dialogue.evaluation import pack_for_case
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.verify import Verdict, verify
from dialogue_checks import kinds, verdict_on

ZERO = {
    "name": "Zero",
    "persona": "Zero runs the Shadowwatch crew from his basement. Paranoid, distrusts newcomers.",
    "style": "lowercase, terse, 90s hacker slang",
}
EMAIL = {
    "id": "E1", "type": "email", "author": "alice@shadowwatch.net", "title": "meeting tomorrow",
    "text": "zero - meeting tomorrow at 3pm in the back room of the Neon Grid arcade.\n"
            "don't use the payphone on Fifth, it has been flaky all week.",
}
CREW = {
    "id": "E2", "type": "note", "title": "crew_status.txt",
    "text": "crew status\nAlice: active. runs recruiting.\nBob: on mission. back friday.",
}
PASSWORDS = {"id": "E3", "type": "note", "title": "passwords.txt", "trust": 60,
             "text": "bbs sysop: gh0st_1337\nuni shell: zer0c00l"}


def check(speech: str, citations: list[tuple[str, str]] = (), *, question: str = "who is alice?",
          trust: int = 0, sources: list[dict[str, Any]] | None = None) -> Verdict:
    return verdict_on(speech, citations, npc=ZERO, sources=sources or [EMAIL, CREW, PASSWORDS], question=question,
                      trust=trust)


def test_claims_backed_by_their_blocks_pass():
    verdict = check(
        "alice runs recruiting [E2]. she mailed me about a meeting tomorrow at 3pm [E1].",
        [("alice runs recruiting", "E2"), ("meeting tomorrow at 3pm", "E1")],
    )
    assert kinds(verdict) == set()


def test_greetings_questions_feelings_and_ignorance_need_no_citation():
    verdict = check("yeah? who's asking. i don't trust you, newbie. never heard of any cyberphantom. get lost.")
    assert verdict.findings == []


def test_citing_an_id_that_is_no_block_is_invalid_source():
    verdict = check("alice runs recruiting [E7].", [("alice runs recruiting", "E7")])
    assert kinds(verdict) == {"invalid_source"}  # not "uncited" as well: it did cite something
    finding = verdict.blocking[0]
    assert finding.layer == "dialogue" and finding.confidence == 1.0


def test_self_backing_a_fact_about_the_world_is_self_misuse():
    verdict = check("alice cracked the pentagon in 1995 [self].", [("alice cracked the pentagon in 1995", "self")])
    assert kinds(verdict) == {"self_misuse"}


def test_self_backing_a_feeling_is_fine():
    verdict = check("i don't trust anybody [self]. alice is solid [self].", [("i don't trust anybody", "self")])
    assert kinds(verdict) == set()


def test_a_number_the_block_does_not_say_is_not_entailed():
    verdict = check("meeting's tomorrow at 4pm [E1].", [("meeting tomorrow at 4pm", "E1")])
    assert kinds(verdict) == {"not_entailed"}


def test_an_invented_attribute_on_a_real_citation_is_not_entailed():
    verdict = check("alice is our lead cryptographer [E2].", [("alice is our lead cryptographer", "E2")])
    assert kinds(verdict) == {"not_entailed"}


def test_a_status_swapped_between_people_is_not_entailed():
    # "active" and "bob" are both in the block, but not about each other
    verdict = check("bob is active [E2].", [("bob is active", "E2")], question="where's bob?")
    assert kinds(verdict) == {"not_entailed"}


def test_saying_the_opposite_of_the_block_is_not_entailed():
    verdict = check("the payphone on fifth is safe, use it [E1].", [("the payphone on fifth is safe", "E1")],
                    question="what about the payphone?")
    assert kinds(verdict) == {"not_entailed"}


def test_a_fact_with_no_citation_is_uncited():
    verdict = check("alice works for the nsa since 1994.")
    assert kinds(verdict) == {"uncited"}


def test_a_true_fact_missing_its_citation_is_uncited_and_names_the_block_that_says_it():
    verdict = check("alice runs recruiting.")
    [finding] = verdict.findings
    assert finding.kind == "uncited" and finding.confidence < 0.9 and "E2" in finding.message
    assert verdict.grounded_elsewhere == {0: "E2"}


def test_a_musing_that_touches_nothing_the_npc_knows_is_only_a_warning():
    verdict = check("the sand keeps its secrets.")
    assert kinds(verdict) == set() and [f.severity for f in verdict.findings] == ["warn"]


def test_the_npcs_own_backstory_needs_no_document():
    verdict = check("i run the shadowwatch crew from my basement.", question="who are you?")
    assert kinds(verdict) == set()


def test_withheld_document_content_is_a_trust_leak():
    verdict = check("fine. the sysop login is gh0st_1337.", question="what's the bbs password?", trust=0)
    assert "trust_leak" in kinds(verdict)


def test_citing_a_withheld_document_is_a_trust_leak():
    verdict = check("sysop is gh0st_1337 [E3].", [("bbs sysop: gh0st_1337", "E3")], question="password?", trust=0)
    assert "trust_leak" in kinds(verdict)


def test_a_trusted_player_may_hear_the_gated_document():
    verdict = check("bbs sysop: gh0st_1337 [E3].", [("bbs sysop: gh0st_1337", "E3")], question="password?", trust=70)
    assert kinds(verdict) == set()


def test_repeating_the_players_own_words_is_no_leak():
    verdict = check("the bbs? not telling you.", question="what's the bbs password?", trust=0)
    assert kinds(verdict) == set()


def test_asserting_knowledge_of_an_unknown_topic_is_flagged():
    verdict = check("cyberphantom is a great tool, we run it every night.", question="have you used cyberphantom?")
    assert "unknown_topic" in kinds(verdict)


def test_an_unknown_topic_answered_without_uncertainty_gets_a_warning():
    verdict = check("heh. get lost.", question="have you used cyberphantom?")
    assert kinds(verdict) == set()
    assert [(f.kind, f.severity) for f in verdict.findings] == [("unknown_topic", "warn")]


def test_retrieval_augmented_verification_resolves_a_claim_the_snippet_cut_off():
    snippet = {**CREW, "text": "crew status\nAlice: active. runs recruiting.",
               "full_text": CREW["text"]}
    verdict = check("bob's back friday [E2].", [("bob is back friday", "E2")], question="where's bob?",
                    sources=[EMAIL, snippet])
    assert kinds(verdict) == set()
    assert "bob is back friday" in verdict.rav_resolved


def test_without_the_full_document_the_same_claim_is_not_entailed():
    snippet = {**CREW, "text": "crew status\nAlice: active. runs recruiting."}
    verdict = check("bob's back friday [E2].", [("bob is back friday", "E2")], question="where's bob?",
                    sources=[EMAIL, snippet])
    assert "not_entailed" in kinds(verdict)  # (and nothing left mentions bob at all: unknown_topic)
    assert verdict.rav_resolved == []


class _BelievesEverything:
    """A stand-in for a model-backed judge: the protocol is all the verifier needs."""

    threshold = 0.5

    def score(self, premise: str, hypothesis: str, *, context: str = "", names: frozenset[str] = frozenset()) -> float:
        return 1.0


def test_a_plugged_in_entailment_judge_decides_support():
    response = DialogueResponse(speech="alice is our lead cryptographer [E2].",
                                citations=[{"claim": "alice is our lead cryptographer", "evidence_id": "E2"}])
    pack = pack_for_case({"npc": ZERO, "sources": [EMAIL, CREW], "question": "who is alice?"})
    assert {f.kind for f in verify(response, pack, entailment=_BelievesEverything()).findings} == set()
    assert {f.kind for f in verify(response, pack).findings} == {"not_entailed"}


def test_findings_point_at_the_offending_sentence():
    speech = "alice runs recruiting [E2]. alice works for the nsa."
    verdict = check(speech, [("alice runs recruiting", "E2")])
    [finding] = verdict.blocking
    assert speech[finding.start:finding.end] == "alice works for the nsa."
    assert verdict.bad_sentences() == {1}
