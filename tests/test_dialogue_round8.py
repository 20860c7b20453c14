"""Round 8 of the dialogue verifier: honest answers that read tables, work sums out and speak for
themselves are not rejected, and the wrong figure beside each still is."""

from __future__ import annotations

from typing import Any

from bot.dialogue.arithmetic import accounted
from bot.dialogue.entailment import OVERLAP
from bot.dialogue.evaluation import score_case
from bot.dialogue.words import names_in, same_word

_TIDES = "LOW WATER, PORT ELLEN - WEEK OF 2 JUNE\nMon 2: 04:15 and 16:40\nTue 3: 05:05 and 17:30\nWed 4: 05:50 and 18:20"


def test_a_table_heading_tells_what_a_row_far_below_it_gives() -> None:
    assert OVERLAP.score(_TIDES, "low water on Wednesday 4 is at 05:50 and 18:20") >= OVERLAP.threshold
    assert OVERLAP.score(_TIDES, "low water on Wednesday 4 is at 06:50 and 18:20") < OVERLAP.threshold


def test_the_adjective_of_a_compass_point_is_that_point() -> None:
    assert same_word("northern", "north") and same_word("west", "western")
    assert not same_word("northern", "south")


def test_a_shouted_heading_with_a_weekday_in_capitals_names_no_one() -> None:
    assert "book" not in names_in("CRATES BOOKED - 9 APRIL (Tuesday)\nC-1: 3 crates, for Mr. Hale")


def test_a_count_said_of_two_things_multiplies_twice() -> None:
    rates = "Bed and board: 150 groats per guest per night\nStabling: 20 groats"
    speech = "two guests for two nights with bed and board"
    assert accounted("two guests for two nights at 150 groats each is 600 groats", rates,
                     given="We are two and stay two nights", mentions=speech.split())
    assert not accounted("two guests for two nights at 150 groats each is 700 groats", rates,
                         given="We are two and stay two nights", mentions=speech.split())


def test_the_players_count_times_a_rate_is_a_product_without_a_cue() -> None:
    rates = "GOODS | PRICE IN GOLD\nBeads, 400 | 1 dinar\nIndigo, one bale | 5 dinar"
    assert accounted("three dinar is twelve hundred beads", rates, given="How many beads for three dinar?")
    assert not accounted("three dinar is fifteen hundred beads", rates, given="How many beads for three dinar?")


def test_the_rest_of_a_whole_a_record_parts_off_is_a_count_it_gives() -> None:
    record = "Mules: 30 (of which 4 carry fodder only)\nDrivers: 6"
    assert accounted("twenty-six mules carry the cargo", record)
    assert not accounted("twenty-four mules carry the cargo", record)


def test_an_amount_paid_each_times_a_count_of_the_document_is_worked_out() -> None:
    wire = "CREW ARRIVES MONDAY STOP FOUR HANDS STOP PAY THEM FIFTEEN EACH PER DAY STOP"
    assert accounted("fifteen dollars each per day, $60 a day", wire)
    assert not accounted("fifteen dollars each per day, $75 a day", wire)


def test_a_stock_over_its_weekly_use_lasts_that_many_weeks() -> None:
    stores = "ITEM | IN STORE | WEEKLY USE\nFilters | 180 | 45\nGaskets | 30 | 4"
    assert accounted("that lasts four weeks", stores, mentions=["filters"])
    assert not accounted("that lasts five weeks", stores, mentions=["filters"])


def _case(speech: str, citations: list[dict[str, str]], sources: list[dict[str, Any]], question: str) -> dict[str, Any]:
    return {"id": "r8", "npc": {"name": "Oriane Vasseur", "persona": "Oriane keeps the lock house on the canal.",
                                "style": "plain"},
            "sources": sources, "question": question, "trust": 0,
            "response": {"speech": speech, "citations": citations}, "expect": "ok"}


_LOG = [{"id": "E1", "type": "log", "text": "Lock 4 log: barge Marthe through at 09:10, 40 tonnes of coal."}]


def _self_case(feeling: str) -> dict[str, Any]:
    return _case(f"The Marthe went through at ten past nine with forty tonnes of coal [E1]. {feeling} [self].",
                 [{"claim": "the barge Marthe went through at 09:10 with 40 tonnes of coal", "evidence_id": "E1"},
                  {"claim": feeling, "evidence_id": "self"}], _LOG, "Who went through this morning?")


def test_a_prayer_cited_to_self_is_a_wish_not_a_fact_about_the_world() -> None:
    assert not score_case(_self_case("God forgive the Marthe's bargemen their cursing")).predicted_positive


def test_what_the_speaker_would_do_cited_to_self_is_not_a_fact_about_the_world() -> None:
    assert not score_case(_self_case("I'd sleep easier with two more lock keepers")).predicted_positive


def test_a_graded_judgement_cited_to_self_is_the_speakers_view() -> None:
    assert not score_case(_self_case("There is no finer barge than the Marthe")).predicted_positive


def test_a_claim_cited_to_two_blocks_is_worked_out_from_both() -> None:
    sources = [{"id": "E1", "type": "timetable", "text": "No. 8 Coast Mail: arr 06:40, dep 06:50\nNo. 12 Local: arr 09:05"},
               {"id": "E2", "type": "telegram", "text": "COAST MAIL RUNNING 25 MINUTES LATE TODAY OWING TO SNOW."}]

    def answer(figure: str) -> dict[str, Any]:
        claim = f"25 minutes late on 06:40 means {figure}"
        return _case(f"The Coast Mail is 25 minutes late [E2]. It arrives at 06:40 [E1]. {claim} [E1][E2].",
                     [{"claim": "the Coast Mail is 25 minutes late", "evidence_id": "E2"},
                      {"claim": "the Coast Mail arrives at 06:40", "evidence_id": "E1"},
                      {"claim": claim, "evidence_id": "E1"}, {"claim": claim, "evidence_id": "E2"}],
                     sources, "Is the Coast Mail on time?")

    assert not score_case(answer("07:05")).predicted_positive
    assert score_case(answer("07:35")).predicted_positive
