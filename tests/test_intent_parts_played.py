"""A part the player plays is no one addressed (terminal play as a social engineer: "I call the
telco pretending to be a lineman" was refused with "There is no be a lineman here.")."""

from __future__ import annotations

import pytest

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from tests.rules_table import scene_of


@pytest.fixture(scope="module")
def tankard():
    return scene_of("tavern", "rogue", "Vex")


@pytest.mark.parametrize("text", ["I pretend to be a merchant", "I talk to Greta, trying to seem calm",
                                  "I tell Bram I'm here to become a guard"])
def test_a_part_played_is_not_a_hearer(tankard, text: str):
    intents = extract(text, tankard)
    assert not any(i.target and i.target.startswith(("be ", "seem ", "become ")) for i in intents)
    assert [f for f in prevalidate(intents, tankard) if f.severity == "block"] == []


def test_talking_to_someone_absent_is_still_refused(tankard):
    assert [f.kind for f in prevalidate(extract("I talk to the captain", tankard), tankard) if f.severity == "block"] == ["target"]


def test_a_sheet_ability_said_with_an_article_is_that_ability():
    # (terminal play as a coder: "I crack the password" was unclear, though the sheet says "crack password")
    scene = scene_of("shadowwatch", "coder", "Ada")
    intents = extract("I crack the password", scene)
    assert [(i.action_type, i.method) for i in intents] == [("ability", "crack password")]
    assert not any(i.ambiguous for i in intents)


@pytest.mark.parametrize("text", ["have you used cyberphantom?", "where's bob?", "what's up?"])
def test_a_question_put_straight_out_is_asked_of_the_one_person_here(text: str):
    # (terminal play: "have you used cyberphantom?" beside Zero was "It isn't clear what Neo does")
    scene = scene_of("shadowwatch", "phreaker", "Neo")
    assert [(i.action_type, i.target) for i in extract(text, scene)] == [("talk", "Zero")]


def test_with_two_people_here_an_unaddressed_question_stays_unclear(tankard):
    assert [i.ambiguous for i in extract("have you seen my horse?", tankard)] == [True]
