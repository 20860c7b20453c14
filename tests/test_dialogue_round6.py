"""Round 6 of the dialogue verifier: fewer honest answers rejected on cases never tuned on.

Each mechanism is proven from both sides with NPCs and phrasings of its own (none copied from the
evaluation sets): the honest answer passes, and the same answer with one fact changed, or a fact
from elsewhere, is still rejected.
"""

from __future__ import annotations

from pathlib import Path

from bot.dialogue.arithmetic import accounted
from bot.dialogue.claims import split_sentences
from bot.dialogue.quantities import abbreviations
from bot.dialogue.rendering import _colours, anchors_of
from bot.dialogue.words import names_in, raw_tokens
from bot.evaluation.runner import evaluate_path
from dialogue_checks import eval_case, rejected_case, world_fact_in

HOLDOUT_E = Path(__file__).resolve().parent / "eval" / "holdout" / "dialogue_holdout_e.jsonl"

KEEPER = {"name": "Mirela Strand", "persona": "Keeper of the Vossberg Aquarium for twenty years. Loves her eels, "
          "distrusts the new director.", "style": "dry, careful, a little sad"}
HOURS = {"id": "E1", "type": "notice", "title": "Opening times",
         "text": "Open Wed-Sun, 9:00-16:00. Closed Mondays and Tuesdays. Feeding shows Thu, Sat at 11:00."}
TANKS = {"id": "E2", "type": "log", "title": "Tank log",
         "text": "Tank 4: three moray eels, fed 2 March. Tank 7: octopus 'Brine', moved 19 March."}
CELLAR = {"id": "E3", "type": "note", "title": "Boiler note",
          "text": "The boiler in the cellar was serviced on 3 March."}
PARTY = {"id": "E4", "type": "order", "title": "Visit order",
         "text": "School visit Friday morning: the headmistress and nine pupils."}


def case(speech: str, citations: list[tuple[str, str]], *, question: str = "When can I come?",
         sources: list[dict] | None = None, npc: dict | None = None) -> dict:
    return eval_case(speech, citations, npc=npc or KEEPER, sources=sources or [HOURS, TANKS, CELLAR, PARTY],
                     question=question, case_id="r6")


def rejected(speech: str, citations: list[tuple[str, str]], **kw) -> bool:
    return rejected_case(case(speech, citations, **kw))


def world_fact(text: str) -> bool:
    return world_fact_in(case("", []), text)


# --- [self] backs the speaker's feelings, however they are said -------------------------------------

def test_a_verb_of_feeling_with_the_speaker_as_subject_is_selfs_to_back():
    assert not world_fact("I don't fancy the new director")
    assert not world_fact("I still feel that winter in my bones")
    assert not world_fact("I'm proud of tank four")


def test_a_form_of_address_before_a_feeling_leaves_it_a_feeling():
    assert not world_fact("Love, I adore those eels.")


def test_a_fact_about_the_world_framed_with_a_feeling_word_is_still_a_fact():
    assert world_fact("The octopus Brine was moved on 19 March")
    assert world_fact("I moved Brine to tank 7 on 19 March")


def test_no_reason_to_think_ill_is_a_view_not_a_record():
    assert not world_fact("He pays on time and I have no reason to think ill of him")


# --- what the speaker's world is about goes unsaid in its documents ---------------------------------

def test_the_place_the_persona_keeps_may_be_named_in_a_claim():
    assert not rejected("The aquarium is closed on Mondays.", [("The aquarium is closed on Mondays", "E1")])


def test_a_thing_only_another_document_names_is_still_invented():
    assert rejected("The cellar is closed on Mondays.", [("The cellar is closed on Mondays", "E1")])


# --- days: lists and spans of abbreviated weekdays ------------------------------------------------

def test_a_list_of_abbreviated_days_names_each_day():
    assert "saturday" in abbreviations("Feeding shows Thu, Sat at 11:00.")
    assert not rejected("There's a feeding show Saturday at eleven.", [("There is a feeding show on Saturday at 11:00", "E1")])
    assert rejected("There's a feeding show Sunday at eleven.", [("There is a feeding show on Sunday at 11:00", "E1")])


def test_a_span_of_weekdays_covers_the_days_inside_it():
    assert not rejected("We're open Friday, nine till four.", [("The aquarium is open on Friday from 9:00 to 16:00", "E1")])
    assert rejected("We're open Tuesday, nine till four.", [("The aquarium is open on Tuesday from 9:00 to 16:00", "E1")])


# --- numbers, clock times and names as they are said ------------------------------------------------

def test_a_number_said_in_words_ends_at_a_comma():
    assert raw_tokens("eleven hundred and forty-nine, seven years after") == ("1149", "7", "years", "after")
    assert raw_tokens("a hundred and forty bars") == ("a", "140", "bars")


def test_minutes_past_the_hour_are_a_clock_time_and_hours_of_a_span_are_not():
    assert raw_tokens("seven minutes past eleven") == ("11:07",)
    assert raw_tokens("open 9 to 4") == ("open", "9", "to", "4")
    assert raw_tokens("twenty to four") == ("3:40",)


def test_round_before_an_hour_is_about_that_hour():
    assert raw_tokens("fog rolled in round nine") == ("fog", "rolled", "in", "around", "9ish")  # a hedged hour
    assert raw_tokens("a round table") == ("a", "round", "table")


def test_an_initial_after_a_title_ends_no_sentence():
    speech = "Mr J. Hollis bought it. Then he left."
    assert [speech[a:b] for a, b in split_sentences(speech)] == ["Mr J. Hollis bought it.", "Then he left."]


def test_a_title_names_no_one():
    assert "hollis" in names_in("It was Mr Hollis who paid.")
    assert "mister" not in names_in("It was Mr Hollis who paid.")


def test_a_names_word_said_as_a_verb_names_nothing():
    assert anchors_of("he was forkin' a grey mare", frozenset({"fork"})) == ()
    assert anchors_of("he rode to Dry Fork", frozenset({"fork"})) == ("fork",)


def test_a_metal_said_as_money_is_no_colour():
    assert _colours("his purse is full of Genoese silver, forty ducats") == []
    assert _colours("a girl with a silver arm") == ["silver"]


# --- numbers an NPC works out -----------------------------------------------------------------------

def test_one_named_beside_a_count_adds_up():
    premise = PARTY["text"]
    assert accounted("The headmistress and nine pupils make ten", premise)
    assert not accounted("The headmistress and nine pupils make eleven", premise)


def test_days_between_two_dates_of_one_month_are_counted():
    premise = TANKS["text"]
    assert accounted("Brine was moved on 19 March, 17 days after the eels were fed", premise)
    assert not accounted("Brine was moved on 19 March, 15 days after the eels were fed", premise)


def test_a_span_of_days_times_a_daily_count_is_worked_out():
    premise = "Wed-Fri: Kessel, one show nightly; Sat: rest."
    assert accounted("Wed-Fri at Kessel, one show nightly, makes 3 shows in all", premise)
    assert not accounted("Wed-Fri at Kessel, one show nightly, makes 4 shows in all", premise)


def test_tomorrow_from_a_dated_today_is_the_next_day():
    calendar = {"id": "E5", "type": "calendar", "title": "Desk calendar",
                "text": "Today is the 11th of Ashmonth. The director visits on the 12th."}
    sources = [HOURS, calendar]
    assert not rejected("Tomorrow's the twelfth, and the director visits then.",
                        [("Today is the 11th, so tomorrow is the 12th", "E5"), ("The director visits on the 12th", "E5")],
                        sources=sources, question="When does the director come?")
    assert rejected("Tomorrow's the thirteenth, and the director visits then.",
                    [("Today is the 11th, so tomorrow is the 13th", "E5"), ("The director visits on the 13th", "E5")],
                    sources=sources, question="When does the director come?")


# --- the citation list vouches for every name and number ---------------------------------------------

def test_a_true_number_no_claim_vouches_for_is_rejected():
    assert rejected("Three morays in there. Fed on the second of March.", [("Tank 4 holds three moray eels", "E2")],
                    question="What's in tank 4?")
    assert not rejected("Three morays in there. Fed on the second of March.",
                        [("Tank 4 holds three moray eels", "E2"), ("They were fed on 2 March", "E2")],
                        question="What's in tank 4?")


def test_holdout_e_false_rejections_fall_below_the_round_6_ceiling():
    report = evaluate_path(HOLDOUT_E)
    section = report.sections["dialogue"]
    assert report.errors == 0
    assert section.recall >= 0.9, report.misses
    assert section.rate <= 0.25, report.misses
