"""An absent name said to *be* somewhere here, or in a state only someone present is in, is an
absent NPC just as one who acts is; what is said *of* a name ("Lady Luck is not with you", "is
in Bath") is not. Found by the chaos bench: "Halvard is in no state to answer you" shipped."""

from __future__ import annotations

import pytest

from bot.guard.intent import extract
from bot.guard.postvalidate import postvalidate
from bot.world.loader import get_campaign
from bot.world.state import new_character, new_state, scene_for


@pytest.fixture(scope="module")
def scene():
    campaign = get_campaign("tavern")
    state = new_state(campaign)
    state.characters["p"] = new_character(campaign, "p", "Aldric", "warrior")
    return scene_for(state, campaign, "p")


def absent(text: str, scene) -> list[str]:
    found = postvalidate(text, scene, extract("I talk to Bram", scene))
    return [f.span for f in found if f.kind == "absent_npc" and f.severity == "block"]


@pytest.mark.parametrize("text", [
    "Halvard is in no state to answer you.",
    "Halvard is asleep by the hearth.",
    "Halvard is by the long oak bar, nursing a cup.",
    "Orla is drunk and singing to herself.",
])
def test_an_absent_name_that_is_here_is_an_absent_npc(text: str, scene) -> None:
    assert absent(text, scene), text


@pytest.mark.parametrize("text", [
    "Lady Luck is not with you tonight.",
    "Greta is by the hearth, wiping a mug.",
    "Bram is asleep on his feet.",
])
def test_what_is_said_of_a_name_or_of_someone_present_is_no_absent_npc(text: str, scene) -> None:
    assert not absent(text, scene), text


@pytest.mark.parametrize("text", [
    "Pellam is already down, so you hold back.",
    "Orrin is still asleep by the hearth.",
])
def test_an_adverb_between_is_and_the_state_changes_nothing(text: str, scene) -> None:
    assert absent(text, scene), text


def test_someone_present_who_is_already_down_is_no_absent_npc(scene) -> None:
    assert not absent("Bram is already down, so you hold back.", scene)
