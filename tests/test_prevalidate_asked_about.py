"""A titled stranger the player asks an NPC about is a topic, not someone addressed (found in
terminal play: "Do you know Captain Vorn, Bram?" was refused with "Captain Vorn is not here.")."""

from __future__ import annotations

import pytest

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from tests.rules_table import scene_of


@pytest.fixture(scope="module")
def tankard():
    return scene_of("tavern", "warrior")


def _blocks(text: str, scene) -> list[str]:
    return [f.message for f in prevalidate(extract(text, scene), scene) if f.severity == "block"]


@pytest.mark.parametrize("text", ["Do you know Captain Vorn, Bram?", "Bram, do you know Captain Vorn?",
                                  "Have you seen Lady Ashby, Greta?"])
def test_asking_someone_here_about_a_titled_stranger_is_allowed(tankard, text: str):
    assert _blocks(text, tankard) == []


@pytest.mark.parametrize("text", ["I ask Captain Vorn about the gate", "I tell Captain Vorn to leave"])
def test_speaking_to_the_titled_stranger_is_still_refused(tankard, text: str):
    assert any("Captain Vorn" in m for m in _blocks(text, tankard))


@pytest.mark.parametrize("text, said", [("I sneak attack the rats", "There are no rats here."),
                                        ("I attack the dragon", "There is no dragon here."),
                                        ("I attack Ares", "There is no Ares here.")])
def test_the_refusal_agrees_with_what_is_missing(tankard, text: str, said: str):
    # (terminal play: "There is no rats here.")
    assert said in _blocks(text, tankard)
