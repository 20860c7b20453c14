"""Narration kinds: a violation is reported under the kind it is, not under a nearer guess.

A name the scene does not know, joined to a place noun ("the wharf at Tyrrhen", "the Velmont
chapel"), says where a place is: what it adds is somewhere else, an invented location, not an
absent person. Scenes and phrasings are the tests' own, none a line of a test set.
"""

from __future__ import annotations

import pytest

from bot.guard.finding import BLOCK, Finding
from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene

CLOISTER = {
    "setting": "Carolingian Francia, 820",
    "world_rules": ["no magic works"],
    "location": {"name": "Scriptorium", "description": "Long desks under high windows.",
                 "exits": ["Cloister Walk", "Library"], "features": []},
    "npcs": [{"name": "Brother Odo", "aliases": ["scribe"], "items": ["quill"]}],
    "items": ["inkpot"],
    "creatures": [],
    "player": {"name": "Adalhard", "class": "novice", "hp": 10, "max_hp": 10,
               "inventory": ["wax tablet"], "abilities": []},
    "party": [],
}


@pytest.fixture()
def cloister() -> Scene:
    return Scene.from_dict(CLOISTER)


def _kinds(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings}


@pytest.mark.parametrize("text", [
    "The road runs down and down until it lets you out blinking on the quay at Tyrrhen, salt "
    "wind in your face.",
    "The road winds on and on until the towers of the fortress at Velmont rise before you.",
    "Odo points: the great bronze doors of the palace chapel at Velmont stand open before you.",
])
def test_a_name_joined_to_a_place_noun_is_reported_as_an_invented_location(
        cloister: Scene, text: str) -> None:
    kinds = _kinds(postvalidate(text, cloister, [], None))
    assert "invented_location" in kinds


def test_a_person_named_beside_a_place_noun_stays_an_absent_person(cloister: Scene) -> None:
    text = "Brother Odo looks up as Abbot Gerwin strides in from the cloister and sits."
    found = postvalidate(text, cloister, [], None)
    assert any(f.kind == "absent_npc" and f.severity == BLOCK for f in found)


def test_a_quiet_scene_with_its_own_exit_names_no_place(cloister: Scene) -> None:
    text = "Brother Odo dips his quill; through the window the Cloister Walk lies grey and still."
    assert not [f for f in postvalidate(text, cloister, [], None) if f.severity == BLOCK]


def test_a_name_that_makes_a_thing_handed_over_is_reported_as_an_invented_item(
        cloister: Scene) -> None:
    text = "Brother Odo rummages in the chest and comes back with a Havelock gas mask, its glass " \
           "cracked but whole."
    kinds = _kinds(postvalidate(text, cloister, [], None))
    assert "invented_item" in kinds


def test_a_rank_before_a_beast_word_names_an_absent_person_not_a_creature(
        cloister: Scene) -> None:
    text = "Brother Odo whistles, and a moment later Corporal Wren trots in with a spear on his " \
           "shoulder."
    kinds = _kinds(postvalidate(text, cloister, [], None))
    assert "absent_npc" in kinds and "invented_creature" not in kinds
