"""Readings found on the development set actions_holdout_o, each proved on words of its own.

Why a module of its own: each test names a class of phrasing (someone named after the word for
them, a place marked as another one of its kind, a likeness that tells of a story, a player
taking back what they began to write), not the case's words, so that it holds for player text
the sets have not seen.
"""

from __future__ import annotations

from typing import Any

from tests.prevalidation_asserts import assert_allowed, assert_blocked


def _quay() -> dict[str, Any]:
    return {
        "setting": "a Hanseatic port, 1400s",
        "world_rules": ["no magic", "no gunpowder"],
        "location": {
            "name": "Lower Quay",
            "description": "Cogs ride at their moorings beside a timber crane and stacked barrels of herring.",
            "exits": ["Salt Warehouse", "Fish Hall"],
            "features": [{"name": "timber crane", "climbable": True}, {"name": "customs gate", "locked": True, "key": "gate key"}],
        },
        "npcs": [{"name": "Hinrik Vos", "aliases": ["harbourmaster", "the master"], "items": ["gate key", "tally stick"]},
                 {"name": "Greet", "aliases": ["fishwife"], "items": ["basket of herring"]}],
        "items": ["barrel of herring", "coil of rope"],
        "player": {"name": "Lubbe", "class": "docker", "inventory": ["hook", "3 pennies"], "abilities": ["heavy lift"]},
    }


def test_someone_named_after_the_word_for_them_is_someone_who_must_be_here() -> None:
    assert_blocked("I holler for my uncle Berend to come and help with the barrels", _quay(), "target")
    assert_blocked("I ask the skipper Claus what the tide is doing", _quay(), "target")
    assert_allowed("I holler for the harbourmaster to come and help with the barrels", _quay())


def test_a_god_named_after_the_word_for_them_is_prayed_to_not_met() -> None:
    assert_allowed("I kneel on the planks before the god Njord", _quay())


def test_a_stressing_reflexive_is_no_part_of_the_name() -> None:
    assert_blocked("I beg Saint Olaf's bishop Egil himself to bless the cog", _quay(), "target")
    assert_allowed("I ask Greet herself to sell me a herring", _quay())


def test_a_later_pronoun_means_the_absent_one_an_earlier_deed_named() -> None:
    assert_blocked("I salute cousin Tideke who sailed last week and tell her to wait", _quay(), "target")


def test_a_question_run_into_its_verb_ends_the_one_asked() -> None:
    assert_blocked("ask the merchant Hanno what's in the barrels", _quay(), "target")
    assert_allowed("ask the harbourmaster what's in the barrels", _quay())


def test_a_place_marked_as_another_of_its_kind_is_not_this_one() -> None:
    assert_blocked("I walk over to the upper quay to see the cogs", _quay(), "location")
    assert_blocked("I head back to the wool warehouse", _quay(), "location")
    assert_allowed("I head back to the salt warehouse", _quay())
    assert_allowed("I walk along the quay to the timber crane", _quay())


def test_a_frame_after_a_likeness_belongs_to_the_likeness() -> None:
    assert_blocked("I soar up over the crane like the heroes in the sagas", _quay(), "physics")
    assert_allowed("I soar up over the crane in my dream", _quay())


def test_what_the_player_takes_back_is_not_done() -> None:
    assert_allowed("I ask the drowned sailors... no wait, I ask the harbourmaster about the tide", _quay())
    assert_blocked("I ask the harbourmaster about the tide, scratch that, I fly to the mast top", _quay(), "physics")
