"""Round 7 of the dialogue verifier: honest in-character answers a fresh development set rejected.

Each mechanism is proven from both sides with an NPC and phrasings of its own (none copied from the
evaluation sets): the honest answer passes, and the same answer with one fact changed, or a detail
invented, is still rejected.
"""

from __future__ import annotations

from bot.dialogue.arithmetic import accounted
from bot.dialogue.entailment import answered
from bot.dialogue.money import in_pence
from bot.dialogue.words import normalise, raw_tokens
from dialogue_checks import eval_case, rejected_case, world_fact_in

WARDEN = {"name": "Osric Pell", "persona": "Toll-keeper of the Harrow canal lock, 1890s. Fussy, honest, fond of "
          "his cat Biscuit, thinks barges are better than railways.", "style": "fussy Victorian, 'sir', exact sums"}
TOLLS = {"id": "E1", "type": "table", "title": "Toll board",
         "text": "Harrow lock tolls: narrowboat 1s 6d; wide barge 3s; rowing skiff 4d. Dogs carried free."}
LOCK = {"id": "E2", "type": "timetable", "title": "Lock hours",
        "text": "Lock working: Mon-Sat 0700-1900. Sundays closed. Coal barge Juniper in 08:15 Tue, out 19:45 Wed."}
SALES = {"id": "E3", "type": "tally", "title": "Tea stall tally",
         "text": "Tea stall, Saturday: 20 cups of tea at 1d each; 6 buns at 2d each."}
HEARING = {"id": "E4", "type": "transcript", "title": "Inquest notes",
           "text": "Inquest, 4 May. Q. Who opened the paddles? A. The lad, Tom Fitch. Q. Was the gate chained? A. No."}
COUNTS = {"id": "E5", "type": "ledger", "title": "Passage ledger",
          "text": "Boats through the lock: Mon 14, Tue 9, Wed 22."}


def case(speech: str, citations: list[tuple[str, str]], *, question: str = "What do I owe?",
         sources: list[dict] | None = None) -> dict:
    return eval_case(speech, citations, npc=WARDEN, sources=sources or [TOLLS, LOCK, SALES, HEARING, COUNTS],
                     question=question, case_id="r7")


def rejected(speech: str, citations: list[tuple[str, str]], **kw) -> bool:
    return rejected_case(case(speech, citations, **kw))


def world_fact(text: str) -> bool:
    return world_fact_in(case("", []), text)


# --- old British money is one number of pence, written or spoken ------------------------------------

def test_shillings_and_pence_written_and_spoken_are_the_same_amount():
    assert raw_tokens("1s 6d") == raw_tokens("one shilling and sixpence") == raw_tokens("eighteen pence")
    assert raw_tokens("one and sixpence") == ("18", "pence")
    assert in_pence("£1 10s.") == "360 pence."
    assert normalise("the 1970s") == "the 1970s"  # a decade is no money
    assert normalise("a 3d printer") == "a 3d printer"


def test_a_fare_said_in_words_is_backed_by_the_board_in_figures_and_adds_up_in_pence():
    claims = [("A narrowboat pays 1s 6d and a rowing skiff 4d", "E1"), ("Together they come to 1s 10d", "E1")]
    speech = "A narrowboat is one and sixpence, sir, and the skiff fourpence: one and tenpence together."
    assert not rejected(speech, claims)
    wrong = [("A narrowboat pays 1s 6d and a rowing skiff 4d", "E1"), ("Together they come to 1s 11d", "E1")]
    assert rejected(speech.replace("tenpence", "elevenpence"), wrong)


def test_a_tally_of_rows_priced_each_adds_up_to_its_total():
    assert accounted("The stall took 32 pence in all", SALES["text"], mentions=["tea", "buns"])
    assert not accounted("The stall took 36 pence in all", SALES["text"], mentions=["tea", "buns"])


# --- a duration said in parts, and hours across days ------------------------------------------------

def test_hours_between_two_dated_times_span_the_days_between():
    assert accounted("The Juniper was in the lock 35 hours and 30 minutes", LOCK["text"])
    assert accounted("She lay there thirty-five and a half hours", LOCK["text"])
    assert not accounted("She lay there thirty-four hours", LOCK["text"])


def test_a_sentence_may_do_the_sum_its_block_allows_without_a_claim_spelling_it_out():
    speech = "The lock works seven in the morning to seven at night, Monday to Saturday. Twelve hours a day, sir."
    claims = [("The lock works Mon-Sat 0700-1900", "E2")]
    assert not rejected(speech, claims, question="When is the lock open?")
    assert rejected(speech.replace("Twelve", "Fourteen"), claims, question="When is the lock open?")


# --- spoken and shorthand clock times ---------------------------------------------------------------

def test_the_other_end_of_a_span_of_the_day_is_a_clock_time_too():
    assert raw_tokens("open 0700-1900") == ("open", "7am", "7pm")
    assert raw_tokens("oh-seven-hundred to nineteen-hundred") == ("7am", "to", "7pm")
    assert raw_tokens("fifteen hundred men") == ("1500", "men")  # a count stays a count


def test_in_and_out_before_a_clock_time_are_a_timetables_arrivals_and_departures():
    speech = "The Juniper came in at 08:15 Tuesday and went out again at 19:45 Wednesday."
    claims = [("The coal barge Juniper arrived 08:15 Tuesday and left 19:45 Wednesday", "E2")]
    assert not rejected(speech, claims, question="When did the Juniper come through?")
    wrong = [("The coal barge Juniper arrived 08:15 Tuesday and left 19:45 Thursday", "E2")]
    assert rejected(speech.replace("Wednesday", "Thursday"), wrong, question="When did the Juniper come through?")


def test_one_at_night_beside_one_at_morning_is_a_pronoun_not_one_oclock():
    assert "1am" not in normalise("one dose at morning and one at night")
    assert "1am" in normalise("the lock shut at one at night")


# --- records read whole: a heading over keyed rows, a question with its answer --------------------

def test_a_heading_over_rows_keyed_by_day_says_what_each_row_counts():
    claims = [("22 boats went through the lock on Wednesday", "E5")]
    assert not rejected("Twenty-two boats came through on Wednesday, sir.", claims, question="Busy week?")
    assert rejected("Twenty-two boats came through on Tuesday, sir.", [("22 boats went through on Tuesday", "E5")],
                    question="Busy week?")


def test_a_transcripts_answers_are_read_as_the_statements_they_make():
    assert answered("Q. Was the gate chained? A. No.") == "the gate not chained."
    assert answered("Q. Any name on it? A. None.") == "No name on it."
    claims = [("Tom Fitch opened the paddles", "E4"), ("The gate was not chained", "E4")]
    assert not rejected("The lad Tom Fitch opened the paddles, and the gate was not chained.", claims,
                        question="What came out at the inquest?")
    assert rejected("The lad Tom Fitch opened the paddles, and the gate was chained.",
                    [("Tom Fitch opened the paddles", "E4"), ("The gate was chained", "E4")],
                    question="What came out at the inquest?")


# --- what is not a record: a judgement, an invitation ---------------------------------------------

def test_a_judgement_of_value_about_a_named_thing_is_selfs_to_back():
    assert not world_fact("Saturday is the best day for the stall")
    assert not world_fact("The Juniper is a fine old boat")
    assert not world_fact("Sunday ought to be kept quiet")
    assert world_fact("The Juniper is moored at Harrow")  # a state of the world, not a value


def test_an_invitation_to_come_back_at_a_vouched_time_is_no_claim():
    claims = [("Sundays the lock is closed", "E2"), ("The lock works Mon-Sat 0700-1900", "E2")]
    speech = "We're shut Sundays, sir. Come back Monday at seven and I'll see you through myself."
    assert not rejected(speech, claims, question="Can I go through on Sunday?")
    invented = "We're shut Sundays, sir. Come back Monday and ask for Inspector Graves of the Canal Company."
    assert rejected(invented, claims, question="Can I go through on Sunday?")
