"""A refused ability is named as the player said it, found in terminal play as a cleric: "I use
power attack on Bram" was refused with "Attack is a fighter's ability", and "I turn undead",
which the rules refuse for want of it on the sheet, was narrated "You can't manage that right now"."""

from __future__ import annotations

import random

import pytest

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from bot.rules.narration import narrate
from bot.rules.resolve import resolve
from bot.world.loader import load_campaign
from bot.world.state import new_character, new_state, scene_for


@pytest.fixture(scope="module")
def cleric():
    campaign = load_campaign("tavern")
    state = new_state(campaign)
    state.characters["p1"] = new_character(campaign, "p1", "Osric", "cleric")
    return campaign, state


def test_a_class_feature_is_refused_by_its_whole_name(cleric):
    campaign, state = cleric
    scene = scene_for(state, campaign, "p1")
    said = [f.message for f in prevalidate(extract("I use power attack on Bram", scene), scene)]
    assert any(m.startswith("Power attack is ") for m in said), said


def test_an_ability_the_sheet_lacks_is_narrated_as_missing(cleric):
    campaign, state = cleric
    scene = scene_for(state, campaign, "p1")
    intents = extract("I turn undead", scene)
    outcome = resolve(intents, state, campaign, "p1", random.Random(1))
    assert not outcome.success
    assert narrate(scene, intents, outcome) == "You don't have turn undead."
