"""Actions, round s4: what terminal play as a new player showed, proved in scenes and words of
their own.

A hill-country fair: a word for what a thing is made of, before its name, is its material, not a
held whole the thing is part of ("my silver flute" with silver coins held is a flute, not a part
of the coins), while a part named by the held whole still is ("my pack straps").
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked


def _fair(**over) -> dict:
    data = {
        "setting": "hill-country fantasy",
        "location": {"name": "Midsummer Fair", "exits": ["Drove Road", "Barley Field"],
                     "features": [{"name": "maypole", "climbable": True}]},
        "npcs": [{"name": "Ansel", "aliases": ["tinker"], "items": ["tin whistle", "pot of glue"]}],
        "items": ["bale of straw", "trestle table"],
        "player": {"name": "Cora", "class": "bard", "hp": 10, "max_hp": 10,
                   "inventory": ["4 silver", "travelling pack", "wooden recorder", "copper bracelet"],
                   "abilities": ["inspire"]},
    }
    data.update(over)
    return data


def test_a_material_before_a_things_name_is_no_part_of_the_money_held() -> None:
    assert_blocked("I hand my silver flute to the tinker", _fair(), "no_item")
    assert_blocked("I lend my silver spoon to Ansel", _fair(), "no_item")


def test_a_part_named_by_the_held_whole_is_still_held() -> None:
    assert_allowed("I tighten my pack straps", _fair())
    assert_allowed("I give my silver to the tinker", _fair())
