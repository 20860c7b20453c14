"""A tavern table for rules tests: the campaign, a warrior's state, and dice that come up as the
test scripts them, so every figure a test asserts is the one the rules must produce; and the scene a
new character of any class sees at the start of a campaign."""

from __future__ import annotations

import random

import pytest

from bot.world.campaign import Campaign
from bot.world.loader import load_campaign
from bot.world.scene import Scene
from bot.world.state import WorldState, new_character, new_state, scene_for


class ScriptedRandom(random.Random):
    """Returns the given die faces in order, checking each fits the die asked for."""

    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the rules rolled more dice than the test scripted"
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} does not fit 1..{b}"
        return face


@pytest.fixture(scope="module")
def campaign() -> Campaign:
    return load_campaign("tavern")


@pytest.fixture
def state(campaign: Campaign) -> WorldState:
    s = new_state(campaign)
    s.characters["p1"] = new_character(campaign, "p1", "Aldric", "warrior")
    return s


def scene_of(campaign_name: str, char_class: str, name: str = "Aldric") -> Scene:
    """What a new character of ``char_class`` sees at the start of ``campaign_name``."""
    campaign = load_campaign(campaign_name)
    state = new_state(campaign)
    state.characters["p1"] = new_character(campaign, "p1", name, char_class)
    return scene_for(state, campaign, "p1")
