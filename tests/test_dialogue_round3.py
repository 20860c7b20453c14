"""Round 3 of the dialogue verifier: honest retellings pass, changed facts still do not.

Every mechanism is shown from both sides in a world of its own (a river ferry and its inn): the
faithful answer an NPC gives in its own words, and the answer that changes a number, a thing, a
colour, a unit, a state or a secret in the same words.
"""

from __future__ import annotations


from bot.dialogue.claims import Kind, classify
from bot.dialogue.evaluation import pack_for_case
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.senses import related
from bot.dialogue.verify import Verdict, verify
from bot.dialogue.words import raw_tokens, same_word, stem
from dialogue_checks import kinds, verdict_on

FERRYMAN = {
    "name": "Oskar",
    "persona": "Oskar Lind has run the Vessel Street ferry for twenty years. He is gruff, patient, feeds "
               "the rooks on the landing and dislikes tax collectors.",
    "style": "slow, dry, river slang",
}
LOG = {"id": "E1", "type": "log", "title": "crossing log",
       "text": "Sat: wind SE force 4, river high.\n"
               "Sun 02:13: lantern alarm on the east landing, false alarm (gust).\n"
               "Mon: grey skiff seen drifting, nobody aboard."}
TARIFF = {"id": "E2", "type": "tariff", "title": "price board",
          "text": "Pike, 14 crowns.\nTrout, 19 crowns.\nThe ferry carries salt, lamp oil and the mail."}
LEDGER = {"id": "E3", "type": "ledger", "title": "tabs",
          "text": "Miller Hask: 120 crowns, unpaid since April.\nWidow Brandt: 30 crowns, paid."}
NOTICE = {"id": "E4", "type": "notice", "title": "harbour notice",
          "text": "The old pier collapsed in the thaw. Landing at the pier is forbidden.\n"
                  "Next inspection within six months. Fines are charged per week of delay.\n"
                  "Passengers boarding without a ticket pay double. 35 patrons crossed on Friday."}
LETTER = {"id": "E5", "type": "letter", "title": "from the warden", "trust": 50,
          "text": "The strongbox is buried under the boathouse floor. The password is 'silver heron'."}


def check(speech: str, citations: list[tuple[str, str]] = (), *, question: str = "what's new on the river?",
          trust: int = 0) -> Verdict:
    return verdict_on(speech, citations, npc=FERRYMAN, sources=[LOG, TARIFF, LEDGER, NOTICE, LETTER],
                      question=question, trust=trust)


# -- words that can stand for one another (WordNet), and those that cannot ------------------------


def test_wordnet_relates_synonyms_and_kinds_but_not_two_kinds_of_one_thing():
    assert related(stem("customers"), stem("patrons"))
    assert related(stem("patron"), stem("owner"))  # a patron is a kind of owner (of an inn)
    assert not related(stem("blue"), stem("white"))
    assert not related(stem("week"), stem("month"))


def test_a_retelling_in_related_words_is_entailed():
    assert kinds(check("Thirty-five customers went across on Friday [E4].")) == set()


def test_a_thing_the_document_never_names_is_invented():
    assert kinds(check("A fox set off the lantern alarm on the east landing at 02:13 [E1].")) == {"not_entailed"}
    assert kinds(check("A gust set off the lantern alarm on the east landing at 02:13 [E1].")) == set()


def test_a_changed_colour_is_not_entailed():
    assert kinds(check("A grey skiff drifted past on Monday, nobody aboard [E1].")) == set()
    assert kinds(check("A green skiff drifted past on Monday, nobody aboard [E1].")) == {"not_entailed"}


def test_a_changed_unit_is_not_entailed_and_a_unit_said_otherwise_is():
    assert kinds(check("Fines are charged per day of delay [E4].")) == {"not_entailed"}
    assert kinds(check("The next inspection comes within half a year [E4].")) == set()


def test_a_simile_names_no_thing():
    assert kinds(check("Saturday the river ran high as a barn roof, wind from the south-east, force four [E1].")) \
        == set()


# -- numbers, times and directions as people say them ------------------------------------------------


def test_a_hundred_and_twenty_is_one_number():
    assert "120" in raw_tokens("a hundred and twenty crowns")
    assert kinds(check("Hask owes a hundred and twenty crowns, unpaid since April [E3].")) == set()
    assert kinds(check("Hask owes a hundred and thirty crowns, unpaid since April [E3].")) == {"not_entailed"}


def test_a_spoken_pair_of_numbers_is_an_hour_or_a_three_digit_number():
    assert "315" in raw_tokens("the three-fifteen crossing")
    assert same_word("315", "3:15")
    assert not same_word("315", "3:16")


def test_compass_abbreviations_match_the_spoken_direction():
    assert kinds(check("Saturday the wind came from the south-east, force four [E1].")) == set()
    assert kinds(check("Saturday the wind came from the north-east, force four [E1].")) == {"not_entailed"}


def test_a_time_said_to_the_nearest_five_minutes_matches_and_a_wrong_one_does_not():
    assert kinds(check("The lantern alarm on the east landing went off at quarter past two, a gust [E1].")) == set()
    assert kinds(check("The lantern alarm on the east landing went off at half past two, a gust [E1].")) \
        == {"not_entailed"}


# -- states: negation, opposites, who owes what -------------------------------------------------------


def test_without_is_a_negation_like_no():
    assert kinds(check("Anyone boarding with no ticket pays double [E4].")) == set()


def test_owing_is_not_having_paid():
    assert kinds(check("Hask still owes his 120, hasn't paid since April [E3].")) == set()
    assert kinds(check("Widow Brandt, thirty crowns, still owes it [E3].")) == {"not_entailed"}


def test_a_fallen_structure_does_not_still_stand():
    assert kinds(check("The old pier still stands [E4].")) == {"not_entailed"}
    assert kinds(check("The old pier collapsed in the thaw [E4].")) == set()


def test_a_price_stays_with_what_it_prices():
    assert kinds(check("Trout costs nineteen crowns [E2].")) == set()
    assert kinds(check("Trout costs fourteen crowns [E2].")) == {"not_entailed"}
    assert kinds(check("Fourteen crowns, the trout [E2].", [("trout is 14 crowns", "E2")])) == {"not_entailed"}
    assert kinds(check("Nineteen crowns, the trout [E2].", [("trout is 19 crowns", "E2")])) == set()


# -- what is no claim: opinions, feelings, conditions, words of address --------------------------------


def test_an_opinion_marked_as_the_speakers_own_may_cite_self():
    assert classify("The rooks are wiser than the tax men, I reckon.", frozenset()).kind is Kind.STANCE
    assert kinds(check("The rooks are wiser than the tax men, I reckon [self].")) == set()
    assert kinds(check("The ferry carries salt and lamp oil [self].")) == {"self_misuse"}


def test_a_feeling_without_a_subject_may_cite_self():
    assert kinds(check("Poor beasts [self].")) == set()
    assert kinds(check("Long enough to loathe tax collectors [self].")) == set()


def test_denying_what_no_document_mentions_needs_no_citation():
    assert kinds(check("The rooks don't complain, at least.")) == set()
    assert kinds(check("The rooks stole the lamp oil on Sunday.")) == {"uncited"}


def test_a_condition_is_not_a_claim():
    assert kinds(check("Salt, lamp oil and the mail [E2]. Salt, oil and letters, if the river allows [E2].")) \
        == set()


def test_a_word_of_address_in_another_tongue_is_not_a_claim():
    assert kinds(check("Nineteen crowns for trout, querido [E2].")) == set()


def test_adding_to_a_cited_list_needs_backing_too():
    assert kinds(check("Salt, lamp oil and the mail [E2]. And brandy for the warden.")) == {"uncited"}


# -- secrets ----------------------------------------------------------------------------------------


def test_a_quoted_password_is_a_secret_in_any_order():
    assert "trust_leak" in kinds(check("Whisper something about a heron, a silver one, and I'll listen.",
                                       question="what's the word?"))
    assert kinds(check("Can't help you with words, friend.", question="what's the word?")) == set()


def test_two_words_only_a_withheld_document_holds_give_it_away():
    assert "trust_leak" in kinds(check("The strongbox sits under the boathouse, keep it quiet.",
                                       question="where's the money?"))


def test_a_hedged_event_is_still_a_claim():
    assert classify("The mill burned down last spring, I believe.", frozenset()).kind is Kind.FACT


def test_advice_in_the_speakers_own_voice_is_no_record():
    assert classify("So I'd not cross today, if I were you.", frozenset()).kind is Kind.STANCE
    assert kinds(check("The river's high, so I'd not cross today if I were you [E1].")) == set()


def test_a_day_beside_an_amount_does_not_keep_the_amount_from_its_line():
    assert kinds(check("He owes a hundred and twenty, the miller does [E3].")) == set()
    assert kinds(check("He owes a hundred and forty, the miller does [E3].")) == {"not_entailed"}


def test_gossip_in_the_perfect_tense_is_a_claim():
    assert kinds(check("Salt, lamp oil and the mail [E2]. The warden's been courting the widow, you know.")) \
        == {"uncited"}


def test_a_sentence_adding_to_a_cited_list_is_held_to_it():
    assert kinds(check("Salt, lamp oil and the mail [E2]. And a crate of brandy rides along for the warden.")) \
        == {"uncited"}


DEPOT = [
    {"id": "E1", "type": "manifest", "text": "Crate 7: 2 kg saffron, $500.\nDiscount: 50% on damaged goods."},
    {"id": "E2", "type": "schedule", "text": "Train 41 departs 0600 Tues 13 March.\nTrain 42 arrives 17:15.\n"
                                             "Track 3 closed for 3 weeks."},
]


def depot(speech: str) -> set[str]:
    case = {"npc": {"name": "Greta", "persona": "Greta runs the depot at Kessel Junction.", "style": "brisk"},
            "sources": DEPOT, "question": "anything new?"}
    return kinds(verify(DialogueResponse(speech=speech), pack_for_case(case)))


def test_units_said_another_way_are_the_same_amount():
    assert depot("Track three's shut for twenty-one days [E2].") == set()
    assert depot("Track three's shut for twenty days [E2].") == {"not_entailed"}
    assert depot("Damaged goods go at half price [E1].") == set()
    assert depot("Damaged goods go at thirty percent off [E1].") == {"not_entailed"}


def test_the_opposite_said_of_another_record_is_no_contradiction():
    assert depot("Train 41 leaves at six in the morning on Tuesday the thirteenth of March [E2].") == set()
    assert depot("Forty-two pulls in at quarter past five in the afternoon [E2].") == set()
    assert depot("Train 41 arrives at six in the morning on Tuesday the thirteenth of March [E2].") \
        == {"not_entailed"}


def test_an_evaluation_of_someone_named_is_an_opinion():
    assert kinds(check("Hask is a decent sort, I suppose [self].")) == set()
    assert kinds(check("Hask paid his tab in April, I suppose [self].")) == {"self_misuse"}


def test_it_depends_is_no_claim():
    assert kinds(check("Well now, that depends on the river.")) == set()


def test_a_structure_that_fell_in_collapsed():
    assert kinds(check("The old pier fell in during the thaw [E4].")) == set()


def test_a_documents_tomorrow_is_the_day_after_its_date():
    sources = [{"id": "E1", "type": "note", "date": "Fri 12 May", "text": "Hask pays his tab tomorrow."},
               {"id": "E2", "type": "log", "text": "Mon: grey skiff seen. Owner returns tomorrow."}]
    case = {"npc": FERRYMAN, "sources": sources, "question": "when?"}

    def said(speech: str) -> set[str]:
        return kinds(verify(DialogueResponse(speech=speech), pack_for_case(case)))

    assert said("Hask pays his tab on Saturday [E1].") == set()
    assert said("Hask pays his tab on Sunday [E1].") == {"not_entailed"}
    assert said("The owner comes back Tuesday [E2].") == set()
    assert said("The owner comes back Wednesday [E2].") == {"not_entailed"}
