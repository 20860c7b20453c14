"""Old prices, counted dozens, initials, and an NPC sending the player on.

A shop book that writes "lamp oil, 2 gallons - 7s." prices in shillings though it never writes a
penny, and "5 pounds 4s." is one sum, which the clerk says as "five pound four"; "four dozen" is the
book's "4 dozen", not a figure 412; "paid to J. Okafor" names one person, not a sentence ending at
"J.". And an NPC who says "you'd best ask the Harbourmaster" or "it's not my place to say" states
nothing a document must back, however many names it holds, while a number still makes it a claim.
"""

from __future__ import annotations

from bot.dialogue.claims import Kind, classify
from bot.dialogue.money import in_pence
from bot.dialogue.words import raw_tokens
from tests.dialogue_checks import kinds, verdict_on

_BOOK = [{"id": "B1", "text": "Chandlery book, March 1851: lamp oil, 2 gallons - 7s.; tarred rope, 4 dozen fathoms - 11s.; "
                              "paid to J. Okafor for the month - 5 pounds 4s."}]
_NPC = {"name": "Tobiah", "persona": "Chandler's boy at Wapping Stairs; cheerful, underpaid.", "style": "cockney"}


def _kinds(speech: str, claim: str) -> set[str]:
    return kinds(verdict_on(speech, [(claim, "B1")], npc=_NPC, sources=_BOOK, question="what's in the book?"))


def test_a_bare_shilling_price_in_a_list_is_shillings() -> None:
    assert in_pence("lamp oil, 2 gallons - 7s.") == "lamp oil, 2 gallons - 84 pence."
    assert in_pence("it cost 7s. in all") == "it cost 84 pence. in all"
    assert in_pence("a man in his 60s") == "a man in his 60s"
    assert in_pence("the 1850s") == "the 1850s"


def test_pounds_said_as_a_word_take_their_shillings() -> None:
    assert in_pence("5 pounds 4s.") == "1248 pence."
    assert in_pence("five pound four for the month") == "1248 pence for the month"
    assert in_pence("two hundred pound of tallow") == "two hundred pound of tallow"  # a weight
    assert in_pence("three pounds six ounces") == "three pounds six ounces"


def test_a_counted_dozen_is_not_read_as_one_figure() -> None:
    assert raw_tokens("four dozen fathoms") == raw_tokens("4 dozen fathoms")


def test_a_price_from_the_book_is_backed() -> None:
    assert _kinds("Seven shillin' for two gallon of oil.", "Two gallons of lamp oil cost 7s.") == set()
    assert _kinds("Four dozen fathom o' tarred rope.", "Four dozen fathoms of tarred rope") == set()
    assert _kinds("Okafor gets five pound four for the month.", "J. Okafor is paid 5 pounds 4s. for the month") == set()


def test_a_wrong_price_is_still_not_backed() -> None:
    assert "not_entailed" in _kinds("Nine shillin' for the oil.", "Two gallons of lamp oil cost 9s.")
    assert "not_entailed" in _kinds("Okafor gets six pound four.", "J. Okafor is paid 6 pounds 4s. for the month")


def test_sending_the_player_to_someone_states_nothing() -> None:
    names = frozenset({"harbourmaster", "okafor"})
    for said in ("You'd best ask the Harbourmaster.", "Ask Okafor yourself.", "Go and talk to Okafor.",
                 "Ye'll have to take it up with the Harbourmaster.", "It ain't my place to say.",
                 "That's none of my business, miss."):
        assert classify(said, names).kind is Kind.SOCIAL, said


def test_a_referral_that_carries_a_fact_is_still_a_claim() -> None:
    names = frozenset({"harbourmaster", "okafor"})
    assert classify("Ask Okafor about the 30 barrels.", names).kind is Kind.FACT
    assert classify("Ask Okafor, he sold the rope to the Dutchman.", names).kind is Kind.FACT


def test_an_answer_that_says_it_cannot_rightly_say_is_uncertain() -> None:
    assert classify("Where she went I couldn't rightly say.", frozenset()).kind is Kind.UNCERTAIN


_LOG = [{"id": "L1", "text": "Pump-house log, 2-3 May: 2340 - valve 4 shut, by Tech Ibsen. 0205 - pressure 61 psi, "
                             "by Tech Ibsen. 0450 - alarm tested, by Tech Moro."}]


def test_a_logs_stamps_before_a_dash_are_clock_times_the_first_after_its_date_too() -> None:
    def said(speech: str, claim: str) -> set[str]:
        return kinds(verdict_on(speech, [(claim, "L1")], npc=_NPC, sources=_LOG, question="what happened overnight?"))
    assert said("Valve four got shut at 2340, Ibsen did it.", "Valve 4 shut at 2340 by Ibsen") == set()
    assert said("Sixty-one psi at 0205.", "Pressure 61 psi at 0205") == set()
    assert "not_entailed" in said("Valve four got shut at 0450.", "Valve 4 shut at 0450 by Ibsen")


def test_a_count_after_at_or_by_is_not_a_clock_time() -> None:
    from bot.dialogue.words import normalise
    assert normalise("sold at 1,400 bales") == "sold at 1400 bales"
    assert normalise("held by 1200 men") == "held by 1200 men"
    assert normalise("relieved at 1400 hours") == "relieved at 2pm"
    assert normalise("relieved at 1400 tomorrow") == "relieved at 2pm tomorrow"
