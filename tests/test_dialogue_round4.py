"""Round 4 of the dialogue verifier: a speech sentence is held to the claims that cite it.

Each mechanism is proven from both sides with NPCs and phrasings of its own (none copied from the
evaluation sets): an honest retelling passes, and the same retelling with one fact changed is
rejected.
"""

from __future__ import annotations

from pathlib import Path

from bot.dialogue.arithmetic import accounted
from bot.dialogue.evaluation import score_case
from bot.dialogue.rendering import renders
from bot.dialogue.words import content_stems, normalise
from bot.evaluation.runner import evaluate_path

HOLDOUT_C = Path(__file__).resolve().parent / "eval" / "holdout" / "dialogue_holdout_c.jsonl"

DOCKHAND = {"name": "Ottoline Marsh", "persona": "Harbour clerk at Saltreach. Counts every crate twice.",
            "style": "brisk harbour slang; says 'the bluecoats' for the port police; drops her g's"}
BOARD = {"id": "E1", "type": "schedule", "title": "Berth board",
         "text": "Packet Heron to Calloway: Dock 5, 06:15. Collier Brindle to Ashmoor: Dock 3, 22:10. "
                 "The 14:50 to Pellin is withdrawn."}
TARIFF = {"id": "E2", "type": "price list", "title": "Porter's tariff",
          "text": "Trunk carried aboard: 2 pennies. Crate carried aboard: 5 pennies. Dog on deck: 1 shilling."}
NOTICE = {"id": "E3", "type": "notice", "title": "Harbourmaster's notice",
          "text": "The Narrows are shut to hulls drawing more than eight feet until the dredger is done. "
                  "The 06:15 Heron will sail 35 minutes late tomorrow."}
LOG = {"id": "E4", "type": "log", "title": "Cellar tally",
       "text": "Casks of brine in store at midsummer: 20. Taken by the cooper at midsummer: 7."}
WATCH = {"id": "E5", "type": "report", "title": "Watch report",
         "text": "The customs clerk Havel Stroud was pulled from the harbour on Friday night. "
                 "The bluecoats are calling it a drowning."}


def case(speech: str, citations: list[tuple[str, str]], *, question: str = "What's leaving?",
         sources: list[dict] | None = None, expect: str = "ok") -> dict:
    return {"id": "r4", "npc": DOCKHAND, "sources": sources or [BOARD, TARIFF, NOTICE, LOG, WATCH],
            "question": question, "response": {"speech": speech, "citations": [{"claim": c, "evidence_id": e}
                                                                                for c, e in citations]},
            "expect": expect}


def rejected(speech: str, citations: list[tuple[str, str]], **kw) -> bool:
    return score_case(case(speech, citations, **kw)).predicted_positive


# --- a sentence renders its claims: voice and dialect differ, facts do not --------------------------

def test_a_slangy_retelling_of_a_supported_claim_passes():
    assert not rejected("Stroud? They dragged him outta the harbour Friday night, and the bluecoats are sayin' he drowned.",
                        [("Havel Stroud was pulled from the harbour on Friday night", "E5"),
                         ("The police are calling it a drowning", "E5")], question="What happened to Stroud?")


def test_a_retelling_that_changes_the_day_of_its_claim_is_rejected():
    assert rejected("Stroud? They dragged him outta the harbour Saturday night, and the bluecoats are sayin' he drowned.",
                    [("Havel Stroud was pulled from the harbour on Friday night", "E5"),
                     ("The police are calling it a drowning", "E5")], question="What happened to Stroud?")


def test_a_spoken_twelve_hour_time_renders_a_twenty_four_hour_one():
    assert not rejected("The ten past ten collier goes from Dock 3, love.",
                        [("The collier Brindle leaves from Dock 3 at 22:10", "E1")], question="When's the Ashmoor boat?")


def test_a_numbered_place_other_than_the_claims_is_rejected_even_if_the_board_lists_it():
    assert rejected("Dock 5. Ten past ten.", [("The collier Brindle leaves from Dock 3 at 22:10", "E1")],
                    question="Which dock for the Ashmoor collier?")
    assert not rejected("Dock 3. Ten past ten.", [("The collier Brindle leaves from Dock 3 at 22:10", "E1")],
                        question="Which dock for the Ashmoor collier?")


def test_a_sentence_that_joins_one_name_with_what_the_claims_say_of_another_is_rejected():
    shed = {"id": "E1", "type": "memory", "text": "Rats are thick in the north shed this year. The south shed is dry."}
    claims = [("Rats are thick in the north shed this year", "E1"), ("The south shed is dry", "E1")]
    assert rejected("South shed, thick with 'em this year. North shed's dry.", claims, sources=[shed], question="Rats?")
    assert not rejected("North shed, thick with 'em this year. South shed's dry.", claims, sources=[shed], question="Rats?")


def test_a_retelling_that_adds_a_detail_of_its_own_is_rejected():
    claims = [("Havel Stroud was pulled from the harbour on Friday night", "E5")]
    assert rejected("Havel Stroud was pulled from the harbour Friday night with his purse cut and three teeth missing.",
                    claims, question="What happened to Stroud?")


def test_rendering_holds_numbers_by_value_and_lets_words_differ():
    names = frozenset({"stroud"})
    assert renders("they fished stroud out friday", ["Stroud was pulled out of the water on Friday"], [], names)
    assert not renders("they fished stroud out saturday", ["Stroud was pulled out of the water on Friday"], [], names)
    assert renders("the seven-forty is off", ["The 19:40 is cancelled"], [], frozenset())


# --- numbers worked out from the evidence --------------------------------------------------------

def test_a_total_worked_out_from_a_tariff_and_the_players_counts_passes():
    assert not rejected("Two trunks and a crate, that's nine pennies all told.",
                        [("Two trunks and one crate cost 9 pennies in total", "E2")],
                        question="What for two trunks and a crate?")


def test_a_wrong_total_is_rejected():
    assert rejected("Two trunks and a crate, that's eleven pennies all told.",
                    [("Two trunks and one crate cost 11 pennies in total", "E2")],
                    question="What for two trunks and a crate?")


def test_a_remainder_is_worked_out_and_a_wrong_one_is_not():
    assert not rejected("Thirteen casks left.", [("13 casks of brine remain", "E4")], question="How much brine is left?")
    assert rejected("Fifteen casks left.", [("15 casks of brine remain", "E4")], question="How much brine is left?")


def test_a_late_departure_is_the_listed_time_moved_by_the_delay():
    assert not rejected("Heron's runnin' late, so ten to seven.", [("The Heron will sail at 6:50", "E3")],
                        question="When does the Heron really go?")
    assert rejected("Heron's runnin' late, so five to seven.", [("The Heron will sail at 6:55", "E3")],
                    question="When does the Heron really go?")


def test_a_bound_in_the_notice_decides_a_comparison():
    assert accounted("A hull drawing ten feet cannot pass the Narrows", NOTICE["text"])
    assert not accounted("A hull drawing ten feet can pass the Narrows", NOTICE["text"])


def test_a_count_alone_is_not_worked_out():
    assert not accounted("There are 30 crates on the quay", TARIFF["text"])


# --- dates, names and counts read the way records mean them ----------------------------------------

def test_tomorrow_is_the_day_after_the_records_own_date():
    ledger = {"id": "E1", "type": "ledger", "title": "Mill ledger",
              "text": "Written on the 11th of Rainfall: sacks 40. Grinding set for the 12th of Rainfall at noon."}
    assert not rejected("We grind tomorrow at noon.", [("The grinding is tomorrow at noon", "E1")],
                        sources=[ledger], question="When do you grind?")
    assert rejected("We grind the day after next at noon.", [("The grinding is on the 13th at noon", "E1")],
                    sources=[ledger], question="When do you grind?")


def test_an_ordinal_before_a_thing_binds_what_is_said_of_it():
    ice = {"id": "E1", "type": "memory",
           "text": "The ice will bear a sledge as far as the fourth buoy. Past the fifth buoy it is rotten."}
    assert rejected("Safe to the fifth buoy.", [("The ice will bear a sledge as far as the fifth buoy", "E1")],
                    sources=[ice], question="How far can I sledge?")
    assert not rejected("Safe to the fourth buoy.", [("The ice will bear a sledge as far as the fourth buoy", "E1")],
                        sources=[ice], question="How far can I sledge?")


def test_a_count_stays_with_what_it_counts():
    stores = {"id": "E1", "type": "inventory", "title": "stores",
              "text": "Lamp oil: 9 flasks. Rope: none until the packet on day 30."}
    assert rejected("Thirty flasks of oil.", [("30 flasks of lamp oil", "E1")], sources=[stores], question="Oil?")
    assert not rejected("Nine flasks of oil.", [("9 flasks of lamp oil", "E1")], sources=[stores], question="Oil?")


def test_a_person_the_record_does_not_name_is_invented():
    wire = {"id": "E1", "type": "telegram", "text": "TO MRS ORME REGRET DAUGHTER ELSIE INJURED AT MILL"}
    assert rejected("Mrs Orme's sister, hurt at the mill.", [("Mrs Orme's sister was injured at the mill", "E1")],
                    sources=[wire], question="Who was hurt?")
    assert not rejected("Mrs Orme's daughter, hurt at the mill.", [("Mrs Orme's daughter was injured at the mill", "E1")],
                        sources=[wire], question="Who was hurt?")


def test_a_letters_signature_is_its_author_throughout():
    letter = {"id": "E1", "type": "letter", "text": "I ride to Dunmere for the assizes and will be home by Lammas. Corvin, Bailiff."}
    assert not rejected("By Lammas, so he wrote.", [("The bailiff will be home by Lammas", "E1")],
                        sources=[letter], question="When is the bailiff back?")
    assert rejected("By Michaelmas, so he wrote.", [("The bailiff will be home by Michaelmas", "E1")],
                    sources=[letter], question="When is the bailiff back?")


# --- what needs a citation -------------------------------------------------------------------------

def test_a_fact_from_a_block_the_answer_never_cites_is_rejected():
    assert rejected("The collier goes at ten past ten [E1]. A dog on deck costs a shilling, mind.",
                    [("The collier Brindle leaves at 22:10", "E1")], question="When's the collier?")


def test_a_number_from_a_block_cited_elsewhere_must_be_in_the_citation_list():
    # (round 6: a name or number no claim vouches for is a fact the citation list left out, however
    # true; the held-out sets label it a violation. Fail-closed still keeps it, citing its block.)
    assert rejected("The collier goes at ten past ten [E1]. Dock 3.",
                    [("The collier Brindle leaves at 22:10", "E1")], question="When's the collier?")
    assert not rejected("The collier goes at ten past ten [E1]. Dock 3.",
                        [("The collier Brindle leaves at 22:10", "E1"), ("The collier leaves from Dock 3", "E1")],
                        question="When's the collier?")


def test_an_invitation_to_the_speaker_is_no_claim_but_a_meeting_time_is():
    shrine = {"id": "E1", "type": "rule", "title": "Shrine rule", "text": "Silence is kept from Vigil until Matins."}
    assert not rejected("From Vigil until Matins we keep silence [E1]. Come to me after Matins and we shall talk.",
                        [("Silence is kept from Vigil until Matins", "E1")], sources=[shrine], question="Can we talk now?")
    assert rejected("From Vigil until Matins we keep silence [E1]. Meet me at the east gate at nine.",
                    [("Silence is kept from Vigil until Matins", "E1")], sources=[shrine], question="Can we talk now?")


def test_a_double_negative_affirms_what_its_claim_says():
    rule = {"id": "E1", "type": "regulation", "title": "Yard rule 4",
            "text": "Apprentices may not enter the powder store without a chit from the yard master."}
    claims = [("Apprentices need a chit from the yard master to enter the powder store", "E1")]
    assert not rejected("Not without a chit from the yard master, per rule 4.", claims, sources=[rule], question="Can I go in?")


def test_a_common_word_that_opens_a_document_is_no_name():
    log = {"id": "E1", "type": "log", "title": "Light log", "text": "Sleet since noon. The lamp was trimmed at six."}
    assert not rejected("Sleet since noon [E1]. Don't care for it. Sleet like this hides the rocks.",
                        [("There has been sleet since noon", "E1"), ("I don't care for it; sleet like this hides the rocks", "self")],
                        sources=[log], question="Weather?")


def test_dialect_and_old_speech_read_as_plain_words():
    assert normalise("they're callin' it a drownin', quarter tae five") == "they're calling it a drowning, 4:45"
    assert set(content_stems("the reeve giveth short weight")) == set(content_stems("the reeve gives short weight"))
    assert "13th" in content_stems("the thirteenth")


def test_holdout_c_the_round_4_development_set_meets_the_issue_targets():
    report = evaluate_path(HOLDOUT_C)
    section = report.sections["dialogue"]
    assert report.errors == 0
    assert section.recall >= 0.97, report.misses
    assert section.rate <= 0.05, report.misses


# --- negation read for the statement, colours held like numbers ------------------------------------

FERRY = {"id": "E1", "type": "log", "title": "Ferry log",
         "text": "The Merrow sails at 08:00 and 17:30 daily except Sundays. Nobody answered the lamp on the point."}


def test_a_denial_said_with_another_scope_is_the_documents():
    assert not rejected("Not Sundays, lass.", [("There are no sailings on Sundays", "E1")], sources=[FERRY],
                        question="Sunday boat?")


def test_a_denial_the_document_does_not_make_is_rejected():
    assert rejected("Sundays too, lass.", [("The Merrow sails on Sundays", "E1")], sources=[FERRY], question="Sunday boat?")
    assert rejected("Someone answered the lamp.", [("Someone answered the lamp on the point", "E1")], sources=[FERRY],
                    question="The lamp?")


def test_a_colour_in_the_speech_must_be_the_claims():
    shawl = {"id": "E1", "type": "memory", "text": "Last market day a woman in a grey shawl paid in foreign coin."}
    claims = [("Last market day a woman in a grey shawl paid in foreign coin", "E1")]
    assert not rejected("Market day, a lass in a grey shawl, paid in foreign coin.", claims, sources=[shawl], question="Anyone odd?")
    assert rejected("Market day, a lass in a brown shawl, paid in foreign coin.", claims, sources=[shawl], question="Anyone odd?")


def test_an_opposite_in_the_speech_is_a_contradiction_of_its_claim():
    gate = {"id": "E1", "type": "notice", "text": "The north gate is open until midnight."}
    assert rejected("Gate's shut, friend.", [("The north gate is open until midnight", "E1")], sources=[gate], question="Gate?")
    assert not rejected("Gate's open till midnight, friend.", [("The north gate is open until midnight", "E1")],
                        sources=[gate], question="Gate?")


def test_another_of_the_same_kind_is_a_changed_detail_not_a_paraphrase():
    memory = {"id": "E1", "type": "memory", "text": "Last night two agents asked about a girl with a silver arm."}
    claims = [("Two agents asked last night about a girl with a silver arm", "E1")]
    assert rejected("Two suits last night, askin' about a girl with a silver leg.", claims, sources=[memory], question="Anyone asking?")
    assert not rejected("Two suits last night, askin' about a girl with a silver arm.", claims, sources=[memory],
                        question="Anyone asking?")


def test_spoken_clock_times_and_thousands_read_as_written():
    assert "2:45" in normalise("open till two forty-five")
    assert "8k" in normalise("eight k eddies")
    assert "3:50" not in normalise("three fifty crowns")
