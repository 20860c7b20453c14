"""The verifier lets an NPC retell its documents in its own words, and still catches a changed fact.

Each faithful retelling below is paired, where it matters, with the lie a model tells in the same
words: the spoken time that is twelve hours off, the opposite state, the added detail.
"""

from __future__ import annotations

from typing import Any

from bot.dialogue.claims import Kind, classify, is_uncertain, split_sentences
from bot.dialogue.verify import Verdict
from bot.dialogue.words import raw_tokens
from dialogue_checks import kinds, verdict_on

DISPATCHER = {
    "name": "Marisol",
    "persona": "Marisol has worked the night desk at Checker Line Cabs for eleven years. She grew up in "
               "Port Callow and hates the rain.",
    "style": "clipped, wry",
}
LOG = {"id": "E1", "type": "log", "title": "dispatch log",
       "text": "21:40 cab 14 (Dupree) to Harbor Street, fare to the airport.\n"
               "23:15 cab 9 (Kowal) reports flat tire on Route 6, out of service.\n"
               "02:05 radio down for twenty minutes."}
MEMO = {"id": "E2", "type": "memo", "title": "from the owner",
        "text": "Starting Monday the night rate goes up to 55 cents a mile. Drivers keep sixty percent."}
DOCKS = {"id": "E3", "type": "schedule", "title": "docking schedule",
         "text": "Bay 5: closed for hull repair until cycle 215.\nBay 7: ore barge Tallow, departs cycle 213 at 1830."}
HOTEL = {"id": "E4", "type": "register", "title": "guest register",
         "text": "Room 304: Mr. Hargrove, arrived Tuesday. Room 512: Miss Roux, arrived Thursday."}
NOTEBOOK = {"id": "E5", "type": "note", "title": "Marisol's notebook", "trust": 40,
            "text": "Kowal has been turning off his meter on airport runs and pocketing the cash."}


def check(speech: str, citations: list[tuple[str, str]] = (), *, question: str = "what's new?",
          trust: int = 0, sources: list[dict[str, Any]] | None = None) -> Verdict:
    return verdict_on(speech, citations, npc=DISPATCHER, sources=sources or [LOG, MEMO, DOCKS, HOTEL, NOTEBOOK],
                      question=question, trust=trust)


def test_spoken_clock_times_match_the_logs_written_ones():
    assert kinds(check("Dupree took cab 14 out at twenty to ten [E1].")) == set()
    assert kinds(check("Kowal got a flat on Route 6 at quarter past eleven [E1].")) == set()
    assert kinds(check("The radio went dead a little after two [E1].")) == set()


def test_a_time_on_the_wrong_side_of_noon_is_not_entailed():
    assert kinds(check("Kowal got a flat on Route 6 at eleven in the morning [E1].")) == {"not_entailed"}


def test_military_and_spoken_hours_are_one_time_and_a_wrong_one_is_caught():
    assert kinds(check("The Tallow leaves Bay 7 on cycle 213 at half past six in the evening [E3].")) == set()
    assert kinds(check("The Tallow leaves Bay 7 on cycle 213 at 0830 [E3].")) == {"not_entailed"}


def test_numbers_and_percentages_in_words_match_their_digits():
    assert kinds(check("From Monday it's fifty-five cents a mile, and drivers keep sixty percent [E2].")) == set()
    assert kinds(check("From Monday it's seventy cents a mile [E2].")) == {"not_entailed"}


def test_written_forms_are_normalised_before_comparing():
    assert raw_tokens("Tues 9 Nov") == ("tuesday", "9", "november")
    assert raw_tokens("the thirteenth, two in the afternoon") == ("the", "13th", "2pm")
    assert raw_tokens("1,200 lb") == ("1200", "lb") and raw_tokens("twelve hundred") == ("1200",)
    assert raw_tokens("volume II") == ("volume", "2") and raw_tokens("70%") == ("70", "percent")
    assert "january" in raw_tokens("no contact since 01/28")


def test_a_paraphrase_of_the_same_state_is_supported():
    assert kinds(check("Bay 5's shut for hull work till cycle 215 [E3].")) == set()
    assert kinds(check("Kowal's cab is off the road after a blown tire on Route 6 [E1].")) == set()


def test_the_opposite_of_what_the_block_says_is_not_entailed():
    assert kinds(check("Bay 5 is open again [E3].")) == {"not_entailed"}


def test_a_detail_added_to_a_true_fact_is_not_entailed():
    verdict = check("The Tallow leaves Bay 7 on cycle 213 at 1830 with a hold full of platinum [E3].")
    assert kinds(verdict) == {"not_entailed"}


def test_a_name_with_someone_elses_room_is_not_entailed():
    assert kinds(check("Mr. Hargrove is in room 304 [E4].")) == set()
    assert kinds(check("Mr. Hargrove is in room 512 [E4].")) == {"not_entailed"}


def test_a_title_does_not_end_a_sentence():
    speech = "Mr. Hargrove came Tuesday [E4]. Miss Roux came Thursday [E4]."
    assert len(split_sentences(speech)) == 2


def test_self_backs_what_the_persona_says_and_the_speakers_moods():
    assert kinds(check("I grew up in Port Callow, and I hate this rain [self].")) == set()
    assert kinds(check("The work is glorious; the nights are unbearable [self].")) == set()


def test_self_cannot_back_what_a_document_says_or_a_number_the_persona_lacks():
    assert kinds(check("Drivers keep sixty percent, my rule [self].")) == {"self_misuse"}
    assert kinds(check("Dupree crashed cab 14 in 1969 [self].")) == {"self_misuse"}


def test_hearsay_and_a_narrated_event_are_claims_that_need_a_citation():
    assert classify("Word is he broke his arm at the bowling alley.", frozenset()).kind is Kind.FACT
    assert kinds(check("Reyes is off sick. Word is he broke his arm at the bowling alley.")) == {"uncited"}
    assert kinds(check("Corp security raided the garage first.", question="what happened to cab 9?")) == {"uncited"}


def test_a_story_the_player_asked_for_is_no_claim_but_a_stage_direction_never_is():
    assert kinds(check("Once a driver outran the rain and never came home.", question="tell me a story")) == set()
    assert classify("*leans closer*", frozenset()).kind is not Kind.FACT


def test_retelling_a_withheld_note_in_other_words_is_a_trust_leak():
    verdict = check("Let's just say he switches the meter off on airport runs and the cash never reaches the box.",
                    question="why don't you trust Kowal?")
    assert "trust_leak" in kinds(verdict)
    trusted = check("Kowal turns his meter off on airport runs and keeps the cash [E5].", trust=50)
    assert kinds(trusted) == set()


def test_ways_of_not_knowing_read_as_uncertainty():
    for line in ("I know of no Silver Codex.", "Ain't no gold mine I know of round here.",
                 "Not on this rock, not that I've ever seen.", "I have no record of any such thing."):
        assert is_uncertain(line), line
