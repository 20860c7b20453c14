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


def _counting_house() -> dict[str, Any]:
    return {
        "setting": "a Florentine bank, 1430s",
        "world_rules": ["no magic"],
        "location": {
            "name": "Counting House",
            "description": "Ledgers on sloped desks; a barred door leads to the vault.",
            "exits": ["Via dei Bardi"],
            "features": [{"name": "iron coffer", "locked": True, "key": "coffer key"},
                         {"name": "vault door", "locked": True, "key": "vault key"}],
        },
        "npcs": [{"name": "Ser Piero", "aliases": ["the factor"], "items": ["coffer key", "vault key", "wax seal"]}],
        "items": ["wax seal", "abacus"],
        "player": {"name": "Nello", "class": "clerk", "inventory": ["quill", "penknife"], "abilities": ["reckon"]},
    }


def test_a_part_of_a_lock_worked_open_opens_its_locked_feature() -> None:
    assert_blocked("twist the latch on the iron coffer until it opens", _counting_house(), "environment")
    assert_blocked("I crack the seal on the iron coffer and lift it open", _counting_house(), "environment")
    assert_allowed("I pick up the wax seal and look at the crest", _counting_house())


def test_breaking_into_a_room_behind_a_locked_door_is_going_in() -> None:
    assert_blocked("I break into the vault and count the florins", _counting_house(), "environment")


def test_a_tool_worked_at_a_lock_must_be_held() -> None:
    assert_blocked("I pick the lock on the coffer with my awl", _counting_house(), "no_item")
    assert_allowed("I pick the lock on the coffer with my penknife", _counting_house())


def _loft() -> dict[str, Any]:
    return {
        "setting": "a Parisian garret, 1890s",
        "world_rules": ["no magic"],
        "location": {"name": "Garret Studio", "description": "Canvases lean against a sloping wall under a skylight.",
                     "exits": ["Rooftop Ledge", "Stairwell"]},
        "npcs": [{"name": "Madame Roux", "aliases": ["the landlady"], "items": ["rent book"]}],
        "items": ["easel"],
        "player": {"name": "Théo", "class": "painter", "inventory": ["palette", "5 francs"], "abilities": ["sketch"]},
    }


def test_the_sum_given_back_is_the_second_object_after_back() -> None:
    assert_blocked("I pay the landlady back the 12 francs I owe", _loft(), "no_item")
    assert_allowed("I pay the landlady back the 5 francs I owe", _loft())


def test_an_exit_whose_name_runs_a_part_of_the_building_into_a_compound_leads_there() -> None:
    assert_allowed("I climb out onto the roof for some air", _loft())


def test_what_is_worn_on_the_body_is_looked_at_without_being_held() -> None:
    assert_allowed("I check my face powder in the window", _loft())


def test_taking_up_the_whole_of_a_fixture_of_this_place_is_strength_no_body_has() -> None:
    scene = _counting_house()
    assert_blocked("I pick up the whole vault and carry it outside", scene, "physics")
    assert_allowed("I pick up the whole abacus and shake it", scene)
