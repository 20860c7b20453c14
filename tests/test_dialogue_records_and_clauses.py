"""A record's field lines, a price said in hundreds, and a sentence that tells two things in order.

A bill of lading's "Consignee: ..." line belongs to the shipment the line before describes, so a
claim may join the ship's name with its consignee however many list items lie between. "Saffron at
nine hundred" is a price, not 09:00, while "sails at fourteen hundred" and "at oh-nine hundred"
stay clock times. And a sentence that tells of an arrival and then of something left behind swaps
no arrival for a departure, nor does a clause that names its place only at the end of the sentence
("a car was called for her, to the opera") belong to another claim than its own.
"""

from __future__ import annotations

from bot.dialogue.quantities import spoken
from tests.dialogue_checks import kinds, verdict_on

_LADING = [{"id": "E1", "type": "bill of lading",
            "text": "Brig 'Halcyon' from Smyrna, landed at Leith dock, 3 Thermidor: 40 bales cotton, 9 casks figs, "
                    "150 hides. Consignee: Ogilvie's agent."}]
_CLERK = {"name": "Abernethy", "persona": "Tally clerk at Leith dock; dry and exact.", "style": "Scots, clipped"}


def test_a_field_line_belongs_to_the_record_before_it() -> None:
    verdict = verdict_on(
        "Aye, the Halcyon landed at Leith on the third of Thermidor, forty bales of cotton for Ogilvie's agent.",
        [("The Halcyon landed at Leith on 3 Thermidor with 40 bales of cotton for Ogilvie's agent", "E1")],
        npc=_CLERK, sources=_LADING, question="what came in on the Halcyon?")
    assert kinds(verdict) == set()


def test_a_field_line_does_not_lend_its_name_to_a_count_it_never_gave() -> None:
    verdict = verdict_on(
        "The Halcyon brought ninety bales of cotton for Ogilvie's agent.",
        [("The Halcyon brought 90 bales of cotton for Ogilvie's agent", "E1")],
        npc=_CLERK, sources=_LADING, question="what came in on the Halcyon?")
    assert "not_entailed" in kinds(verdict)


def test_a_price_in_hundreds_is_no_clock_time() -> None:
    assert "9am" not in spoken("and saffron at nine hundred, God forgive them")
    assert "2pm" in spoken("the ferry sails at fourteen hundred") or "14:00" in spoken("the ferry sails at fourteen hundred")
    assert spoken("muster at oh-nine hundred") != "muster at oh-nine hundred"


_BOARD = [{"id": "E1", "type": "notice", "text": "Spice market board this week: cloves 30 reales the arroba; "
                                                 "cinnamon 700 reales the arroba."}]
_TRADER = {"name": "Doña Inés", "persona": "Spice trader in Seville; shrewd, warm.", "style": "warm, teasing"}


def test_a_second_price_said_without_its_unit_is_the_claimed_price() -> None:
    verdict = verdict_on(
        "Cloves stand at thirty reales the arroba on the board this week, and cinnamon at seven hundred, heaven help us.",
        [("Cloves are 30 reales the arroba this week", "E1"), ("Cinnamon is 700 reales the arroba", "E1")],
        npc=_TRADER, sources=_BOARD, question="what do cloves cost?")
    assert kinds(verdict) == set()


def test_a_second_price_changed_is_still_caught() -> None:
    verdict = verdict_on(
        "Cloves stand at thirty reales the arroba this week, and cinnamon at nine hundred.",
        [("Cloves are 30 reales the arroba this week", "E1"), ("Cinnamon is 900 reales the arroba", "E1")],
        npc=_TRADER, sources=_BOARD, question="what do cloves cost?")
    assert "not_entailed" in kinds(verdict)


_REGISTER = [{"id": "E1", "type": "log", "text": "Hall porter's book, 2 March 1911: Mrs. A. Verrall, suite 14, came in "
                                                 "19:50; left key at desk 22:30; car ordered for the Opera."}]
_PORTER = {"name": "Hobbs", "persona": "Hall porter of the Langham; discreet.", "style": "deferential"}


def test_arriving_then_leaving_something_is_no_swapped_departure() -> None:
    verdict = verdict_on(
        "She arrived at ten to eight in the evening and left her key with me at half past ten; a car was called "
        "for her, to the Opera.",
        [("Mrs. Verrall of suite 14 came in at 19:50", "E1"), ("She left her key at 22:30", "E1"),
         ("A car was ordered for the Opera", "E1")],
        npc=_PORTER, sources=_REGISTER, question="did Mrs. Verrall go out?")
    assert kinds(verdict) == set()


_CARD = [{"id": "E1", "type": "note", "text": "Calling card, Hotel Sacher. Written on the back: 'Anton - Fri 9 pm - bring "
                                              "the letters. Table 6.'"}]
_WAITER = {"name": "Franz", "persona": "Head waiter of the Sacher café; sees everything.", "style": "Viennese, polite"}


def test_a_time_said_in_passing_is_still_held_to_the_block() -> None:
    # the card is a record its "Written on the back:" line goes on about; the time said after
    # the day is still the card's to give
    verdict = verdict_on(
        "Somebody wants Anton at table six, Friday, eight o'clock sharp, with the letters.",
        [("The card tells Anton: Friday 9 pm, Table 6, bring the letters", "E1")],
        npc=_WAITER, sources=_CARD, question="what does the card say?")
    assert "not_entailed" in kinds(verdict)
    verdict = verdict_on(
        "Somebody wants Anton at table six, Friday, nine o'clock sharp, with the letters.",
        [("The card tells Anton: Friday 9 pm, Table 6, bring the letters", "E1")],
        npc=_WAITER, sources=_CARD, question="what does the card say?")
    assert kinds(verdict) == set()


_CARAVAN = [{"id": "E1", "type": "log", "text": "Khan register, month of Safar: caravan of Hajji Murad, 24 camels, "
                                                "indigo from Multan, lodged in the east court, departs for Basra on the 9th."}]
_HOST = {"name": "Karim", "persona": "Keeper of the khan at Isfahan; courteous, fond of poetry.", "style": "florid"}


def test_a_likeness_without_an_article_names_nothing() -> None:
    verdict = verdict_on(
        "Hajji Murad and his twenty-four camels are lodged in the east court, their bales of Multan indigo "
        "piled like storm clouds at dusk.",
        [("Murad's caravan has 24 camels with Multan indigo in the east court", "E1")],
        npc=_HOST, sources=_CARAVAN, question="where is the caravan lodged?")
    assert kinds(verdict) == set()
    verdict = verdict_on(
        "Hajji Murad and his twenty-four camels are lodged in the east court, their bales of Multan indigo "
        "guarded by six Baluchi swordsmen.",
        [("Murad's caravan has 24 camels with Multan indigo in the east court", "E1")],
        npc=_HOST, sources=_CARAVAN, question="where is the caravan lodged?")
    assert "not_entailed" in kinds(verdict)
