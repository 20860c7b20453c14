"""Round 5 of the dialogue verifier: terse records read in full, worked-out figures, and the
speaker's own stance.

Each mechanism is proven from both sides with an NPC and phrasings of its own (none copied from
the evaluation sets): the honest answer passes, and the same answer with one fact changed (a
digit, a name, a side of a span) is rejected.
"""

from __future__ import annotations

from pathlib import Path

from bot.dialogue.arithmetic import accounted
from bot.dialogue.claims import Kind, classify
from bot.dialogue.ellipsis import restated
from bot.dialogue.evaluation import score_case
from bot.dialogue.ranges import placed
from bot.dialogue.words import raw_tokens
from bot.evaluation.runner import evaluate_path

HOLDOUT_D = Path(__file__).resolve().parent / "eval" / "holdout" / "dialogue_holdout_d.jsonl"

QUARTERMASTER = {"name": "Sergeant Vell Ambry", "persona": "Quartermaster of the Greyhold garrison. Keeps the stores.",
                 "style": "clipped, military"}
STORES = {"id": "E1", "type": "order", "title": "Standing order 12",
          "text": "Each sentry draws 2 candles per night. Gate sentries draw 3."}
ARRIVALS = {"id": "E2", "type": "log", "title": "Gate log",
            "text": "Gate log, market day: Mayor Quill arrived at 9.05 a.m.; Bishop Orrin at 9.20 a.m. "
                    "The grain barge Wren loads at Quay 2, 08:00. Sails 16:30."}
BELLS = {"id": "E3", "type": "register", "title": "Foundry register",
         "text": "Castings 1894: bronze bell 'Old Tom', 4.5 kg clapper, cast by Hugh Pell."}
ROAD = {"id": "E4", "type": "route", "title": "Road card",
        "text": "Greyhold to Fenmark: 120 leagues. A supply convoy makes 30 leagues a day. "
                "Patrol roster: Ada, Bram, Cole, Dace."}
WATCH = {"id": "E8", "type": "roster", "title": "Watch roster", "text": "Night watch from 20:00 to 04:00."}
MARKET = {"id": "E5", "type": "receipt", "title": "Market receipt",
          "text": "Chandler's receipt, 3 May, 7:40 p.m.: 3 mules, 4 carts hired. Total $0.60. Paid in coin."}
HIKE = {"id": "E6", "type": "route", "title": "Pass card", "text": "Route to Cairn Hut: 9 km, typically 4 hours."}
SECRET = {"id": "E7", "type": "memo", "title": "Commander's memo", "trust": 40,
          "text": "The east postern is unguarded on feast nights; the watch are told otherwise."}


def case(speech: str, citations: list[tuple[str, str]], *, question: str = "What's the news?",
         sources: list[dict] | None = None, trust: int = 0) -> dict:
    return {"id": "r5", "npc": QUARTERMASTER, "sources": sources or [STORES, ARRIVALS, BELLS, ROAD, MARKET, HIKE, SECRET, WATCH],
            "question": question, "trust": trust,
            "response": {"speech": speech, "citations": [{"claim": c, "evidence_id": e} for c, e in citations]},
            "expect": "ok"}


def rejected(speech: str, citations: list[tuple[str, str]], **kw) -> bool:
    return score_case(case(speech, citations, **kw)).predicted_positive


# --- terse records said out in full: a figure keeps its own record -------------------------------

def test_a_bare_number_borrows_the_unit_of_the_statement_before_it():
    assert "Gate sentries draw 3 candles per night." in restated(STORES["text"])
    assert not rejected("Gate sentries draw three a night.", [("Gate sentries draw 3 candles per night", "E1")])


def test_a_bare_number_still_keeps_its_own_value():
    assert rejected("Gate sentries draw four a night.", [("Gate sentries draw 4 candles per night", "E1")])


def test_a_gapped_verb_is_read_for_the_second_name():
    assert "Bishop Orrin arrived at 9.20 a.m." in restated(ARRIVALS["text"])
    assert not rejected("The Bishop came in at twenty past nine.", [("Bishop Orrin arrived at 9.20 a.m.", "E2")])


def test_a_gapped_verb_does_not_move_a_time_to_another_name():
    assert rejected("The Bishop came in at five past nine.", [("Bishop Orrin arrived at 9.05 a.m.", "E2")])


def test_a_sentence_without_its_subject_is_about_the_one_before():
    assert not rejected("The Wren sails at half past four.", [("The Wren sails at 16:30", "E2")])
    assert rejected("The Wren sails at half past five.", [("The Wren sails at 17:30", "E2")])


def test_a_record_heading_names_the_year_of_the_event():
    assert not rejected("Old Tom was cast in 1894 by Hugh Pell.", [("Old Tom was cast in 1894 by Hugh Pell", "E3")])
    assert rejected("Old Tom was cast in 1895 by Hugh Pell.", [("Old Tom was cast in 1895 by Hugh Pell", "E3")])


# --- figures worked out or restated ---------------------------------------------------------------

def test_a_unit_conversion_beside_the_source_value_passes():
    assert not rejected("The clapper weighs 4.5 kilograms, near enough ten pounds.",
                        [("The clapper weighs 4.5 kg, about 9.9 pounds", "E3")])


def test_a_wrong_conversion_is_rejected():
    assert rejected("The clapper weighs 4.5 kilograms, about fourteen pounds.",
                    [("The clapper weighs 4.5 kg, about 14 pounds", "E3")])


def test_spoken_cents_and_clock_times_are_the_written_values():
    assert raw_tokens("sixty cents") == raw_tokens("$0.60")
    assert raw_tokens("twenty to eight at night") == raw_tokens("7:40 p.m.")
    assert "7:40pm" in raw_tokens("stamped seven forty at night")
    assert not rejected("Hired three mules and four carts, sixty cents, paid in coin.",
                        [("3 mules and 4 carts were hired for $0.60, paid in coin", "E5")])
    assert rejected("Hired three mules and four carts, seventy cents, paid in coin.",
                    [("3 mules and 4 carts were hired for $0.70, paid in coin", "E5")])


def test_a_journey_worked_out_from_distance_and_pace_passes_and_a_wrong_one_does_not():
    assert accounted("The convoy takes 4 days to Fenmark", ROAD["text"])
    assert not accounted("The convoy takes 5 days to Fenmark", ROAD["text"])


def test_a_list_counted_passes_and_a_miscount_does_not():
    assert not rejected("Four on the patrol roster: Ada, Bram, Cole and Dace.",
                        [("The patrol roster is Ada, Bram, Cole and Dace, four in all", "E4")])
    assert rejected("Five on the patrol roster: Ada, Bram, Cole and Dace.",
                    [("The patrol roster is Ada, Bram, Cole and Dace, five in all", "E4")])


def test_a_sum_said_beside_its_terms_passes_and_a_wrong_one_does_not():
    assert accounted("3 mules and 4 carts, 7 beasts and carts", MARKET["text"])
    assert not accounted("3 mules and 4 carts, 8 beasts and carts", MARKET["text"])


def test_a_number_that_names_something_is_never_worked_out():
    assert not accounted("Cart 8 was hired", MARKET["text"])


def test_an_arrival_time_from_a_departure_the_player_gives_and_the_route_time():
    assert accounted("Leaving at 10:00 means arriving about 14:00", HIKE["text"])
    assert not accounted("Leaving at 10:00 means arriving about 15:00", HIKE["text"])


# --- where a value lies in a span -----------------------------------------------------------------

def test_a_time_inside_a_span_across_midnight_passes():
    assert placed("01:00 falls inside the night watch", [WATCH["text"]])
    assert not placed("05:00 falls inside the night watch", [WATCH["text"]])
    assert placed("05:00 is outside the night watch", [WATCH["text"]])


def test_a_day_before_a_limit_is_covered_and_one_after_is_not():
    assert placed("The 12th is within the licence", ["Licence valid until 20 Frostmonth."])
    assert not placed("The 22nd is within the licence", ["Licence valid until 20 Frostmonth."])


def test_a_placing_claim_in_an_answer_passes_and_the_wrong_side_is_rejected():
    assert not rejected("The night watch is from eight at night to four in the morning, so one o'clock falls inside it.",
                        [("The night watch is from 20:00 to 04:00", "E8"), ("01:00 falls inside the night watch", "E8")],
                        question="Is anyone on watch at one?")
    assert rejected("The night watch is from eight at night to four in the morning, so five o'clock falls inside it.",
                    [("The night watch is from 20:00 to 04:00", "E8"), ("05:00 falls inside the night watch", "E8")],
                    question="Is anyone on watch at five?")


# --- the speaker's own stance --------------------------------------------------------------------

def test_feelings_and_views_cited_to_self_pass():
    for claim in ("I have no reason to doubt the bishop", "The state of the bell grieves me",
                  "In my view the road is as safe as any", "My hunch is that the mayor was late"):
        assert not rejected(f"{claim}.", [(claim, "self")]), claim


def test_a_world_fact_cited_to_self_is_still_rejected_even_framed_as_a_view():
    assert rejected("I reckon the Wren sails at 17:30.", [("I reckon the Wren sails at 17:30", "self")])
    assert rejected("Bishop Orrin arrived at 9.20 a.m.", [("Bishop Orrin arrived at 9.20 a.m.", "self")])


def test_signal_words_and_trust_framing_are_not_claims():
    assert classify("AFFIRMATIVE.", frozenset()).kind is Kind.SOCIAL
    assert classify("REQUEST NOTED.", frozenset()).kind is Kind.SOCIAL
    assert not rejected("You have proven yourself, so hear it: the east postern is unguarded on feast nights.",
                        [("The east postern is unguarded on feast nights", "E7")], trust=50)


def test_a_signal_word_with_a_figure_is_still_a_statement():
    assert classify("SECTOR 7.", frozenset()).kind is not Kind.SOCIAL


def test_a_saying_about_anybody_is_no_claim_but_an_event_about_someone_is():
    assert not rejected("Gate sentries draw three a night. Anybody who tells you more is a liar.",
                        [("Gate sentries draw 3 candles per night", "E1")])
    assert rejected("Gate sentries draw three a night. Someone stole a crate of candles from the gate.",
                    [("Gate sentries draw 3 candles per night", "E1")])


def test_holdout_d_meets_the_round_5_floor():
    report = evaluate_path(HOLDOUT_D)
    section = report.sections["dialogue"]
    assert report.errors == 0
    assert section.recall >= 0.97, report.misses
    assert section.rate <= 0.25, report.misses


# --- negation across "or", dates of weekdays, time words in the question ----------------------------

RULES = {"id": "E9", "type": "rule", "title": "Chapel rule",
         "text": "No torch or lantern beyond the chapel door. Pilgrims may enter between Lauds and Compline."}
CALENDAR = {"id": "E10", "type": "calendar", "title": "Calendar", "text": "Today: Tuesday, 6 Harvestmonth."}


def test_a_denial_covers_both_things_it_joins_with_or():
    assert rejected("You may carry a lantern past the chapel door.",
                    [("A lantern may be carried past the chapel door", "E9")], sources=[RULES])
    assert not rejected("No torch or lantern past the chapel door, mind.",
                        [("No torch or lantern is allowed beyond the chapel door", "E9")], sources=[RULES])


def test_the_date_of_a_weekday_counted_from_a_dated_today():
    assert accounted("Next Friday is 9 Harvestmonth", CALENDAR["text"])
    assert not accounted("Next Friday is 10 Harvestmonth", CALENDAR["text"])


def test_an_event_on_a_counted_weekday_is_still_the_documents_to_say():
    assert not accounted("The fair is on Friday 9 Harvestmonth", CALENDAR["text"])


def test_a_time_phrase_in_the_question_is_no_unknown_topic():
    from bot.dialogue.retrieve import topic_terms
    assert topic_terms("Did anyone hear the bell that night?") == [] or "night" not in topic_terms(
        "Did anyone hear the bell that night?")
    assert "lorelei" in topic_terms("What do you know about the Lorelei?")


GAUGE = {"id": "E11", "type": "log", "title": "Weir gauge",
         "text": "Weir gauge: Sunday 3 ft 1 in; Monday 3 ft 8 in; today (Tuesday) 4 ft 2 in."}


def test_yesterday_named_as_its_weekday_is_held_to_the_weekday():
    assert not rejected("Three foot eight yesterday.", [("Yesterday, Monday, the weir stood at 3 ft 8 in", "E11")],
                        sources=[GAUGE])


def test_yesterday_given_the_wrong_weekday_is_rejected():
    assert rejected("Three foot one yesterday.", [("Yesterday, Sunday, the weir stood at 3 ft 1 in", "E11")],
                    sources=[GAUGE])


def test_a_rounded_figure_in_speech_may_round_its_claim_but_not_change_it():
    assert not rejected("The clapper's 4.5 kilograms, nearly ten pounds.", [("The clapper weighs 4.5 kg, 9.9 pounds", "E3")])
    assert rejected("The clapper's 4.5 kilograms, nearly twelve pounds.", [("The clapper weighs 4.5 kg, 9.9 pounds", "E3")])


MINE = {"id": "E12", "type": "notice", "title": "Council notice",
        "text": "The Hobb quarry is fenced off after a rockfall on 9 May. Keep out."}
ROSTER = {"id": "E13", "type": "roster", "title": "Lock roster",
          "text": "Lock keepers: Mags Orley (days, 06:00-18:00); Tam Birch (nights, 18:00-06:00)."}


def test_a_shouted_intensifier_is_emphasis_not_a_name():
    assert not rejected("It's been fenced off since the rockfall and I'm SUPER wary of it.",
                        [("The quarry has been fenced off since the rockfall", "E12"), ("I am wary of the quarry", "self")],
                        sources=[MINE], question="Is the quarry safe?")
    assert rejected("It's been fenced off since the rockfall and BRANNOCK is wary of it.",
                    [("The quarry has been fenced off since the rockfall", "E12")],
                    sources=[MINE], question="Is the quarry safe?")


def test_an_uncited_sentence_going_on_about_the_cited_one_is_held_to_its_claims():
    cited = [("Tam Birch is lock keeper on nights, 18:00-06:00", "E13")]
    assert not rejected("Tam Birch keeps the lock on nights [E13]. He keeps it from six in the evening to six.",
                        cited, sources=[ROSTER], question="Who keeps the lock tonight?")
    assert rejected("Tam Birch keeps the lock on nights [E13]. He keeps it from six in the evening to nine.",
                    cited, sources=[ROSTER], question="Who keeps the lock tonight?")


def test_a_pronoun_led_sentence_in_its_own_words_is_held_to_the_claims_before_it():
    cited = [("Mags Orley is lock keeper on days, 06:00-18:00", "E13")]
    assert not rejected("Mags Orley keeps the lock on days [E13]. Her turn runs six in the morning till six at night.",
                        cited, sources=[ROSTER], question="Who keeps the lock by day?")
    assert rejected("Mags Orley keeps the lock on days [E13]. Her turn runs six in the morning till eight at night.",
                    cited, sources=[ROSTER], question="Who keeps the lock by day?")


def test_a_height_difference_in_feet_and_inches_is_worked_out():
    gauge = "Weir gauge: Monday 3 ft 8 in; today 4 ft 2 in. Flood mark stands at 4 ft."
    assert accounted("The weir is 2 inches above the flood mark", gauge)
    assert not accounted("The weir is 5 inches above the flood mark", gauge)
