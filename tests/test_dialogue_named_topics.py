"""A topic the player names with a title is known only by that name, and the offline answer picks
the line that answers, not the one that repeats the document's title."""

from __future__ import annotations

import pytest

from bot.conversation import talk
from bot.dialogue.claims import is_uncertain
from bot.dialogue.retrieve import topic_names, topic_phrase, topic_terms
from bot.llm.offline import OfflineProvider
from bot.world.loader import load_campaign


@pytest.fixture(scope="module")
def tavern():
    return load_campaign("tavern")


@pytest.fixture(scope="module")
def shadowwatch():
    return load_campaign("shadowwatch")


def test_a_titled_name_is_the_topic_even_without_a_question_frame():
    assert topic_names("Does Captain Vorn still run the barracks?") == ["vorn"]
    assert topic_phrase("Does Captain Vorn still run the barracks?") == "Captain Vorn"
    assert "vorn" in topic_terms("Does Captain Vorn still run the barracks?")


def test_an_untitled_capitalised_place_is_no_named_topic():
    # a ship "in from Liverpool" answers "anything from England?": the name alone proves nothing unknown
    assert topic_names("Anything arrive from England this month?") == []
    assert topic_terms("Anything arrive from England this month?") == []


def test_the_dont_know_line_names_the_topic_without_the_time_words():
    assert topic_phrase("Have you seen Lord Ashby today?") == "Lord Ashby"


async def test_a_captain_no_document_names_is_not_passed_off_as_the_known_captain(tavern):
    result = await talk(OfflineProvider(), tavern, "Bram", "p1", 0, "Do you know Captain Vorn?")
    assert result.topic_unknown and is_uncertain(result.speech)
    assert "Harl" not in result.speech and result.evidence_used == []


async def test_the_known_captain_is_still_answered_from_the_orders(tavern):
    result = await talk(OfflineProvider(), tavern, "Bram", "p1", 0, "What did Captain Harl order?")
    assert not result.topic_unknown
    assert "sundown" in result.speech and "gate_orders" in " ".join(result.evidence_used) or result.evidence_used


async def test_who_wrote_a_tool_is_answered_by_the_line_that_says_who_wrote_it(shadowwatch):
    result = await talk(OfflineProvider(), shadowwatch, "Zero", "p1", -10, "who wrote shadowwatch?")
    assert "1996" in result.speech and "bob" in result.speech


async def test_hailing_the_npc_by_name_does_not_hide_the_price_list(tavern):
    # (reported by the act-l round: "Greta, how much for a room?" got "I can't say", her own name
    # counted as a topic word no price list holds)
    result = await talk(OfflineProvider(), tavern, "Greta", "p1", 0, "Greta, how much for a room?")
    assert "5 gold" in result.speech and not is_uncertain(result.speech)
