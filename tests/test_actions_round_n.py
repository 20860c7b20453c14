"""Readings found on the development set actions_holdout_n, each proved on words of its own.

Why a module of its own: each test names a class of phrasing (a light verb after "and", an
unlisted place one is "off to", a deed bidden by "go"), not the case's words, so that it holds
for player text the sets have not seen.
"""

from __future__ import annotations

from typing import Any

from tests.prevalidation_asserts import assert_allowed, assert_blocked


def _crypt() -> dict[str, Any]:
    return {
        "setting": "Aksum, 4th century",
        "world_rules": ["iron-age technology, no gunpowder"],
        "location": {
            "name": "Old Cemetery",
            "description": "Granite stelae lean over a sunken court.",
            "exits": ["Royal Road", "Quarry Path"],
            "features": [{"name": "crypt door", "locked": True, "key": "iron crypt key"},
                         {"name": "cistern lid", "open": False}],
        },
        "npcs": [{"name": "Abba Mikael", "aliases": ["the priest"], "items": ["iron crypt key"]}],
        "items": ["hemp rope"],
        "player": {"name": "Dawit", "class": "trader", "inventory": ["dagger"], "abilities": ["haggle"]},
    }


def test_a_light_verb_after_and_starts_a_step_of_its_own() -> None:
    assert_blocked("pull open the crypt door and have a peek at what's inside", _crypt(), "environment")
    assert_allowed("lift the cistern lid and have a look down into the water", _crypt())


def _infirmary(cls: str, abilities: list[str]) -> dict[str, Any]:
    return {
        "setting": "a Carolingian abbey",
        "location": {"name": "Infirmary", "description": "Straw pallets under a low vault.", "exits": ["Cloister"]},
        "npcs": [{"name": "Brother Notker", "aliases": ["the infirmarian"]}],
        "player": {"name": "Wala", "class": cls, "inventory": ["rosary"], "abilities": abilities},
        "party": [{"name": "Odo", "class": "soldier", "hp": 9, "max_hp": 20}],
    }


def test_a_healer_may_lay_hands_on_a_wound_whatever_class_the_words_belong_to() -> None:
    assert_allowed("I lay my hands on Odo's cut leg", _infirmary("cleric", ["bless", "cure wounds"]))
    assert_allowed("I lay hands on Odo", _infirmary("herbalist", ["mend bones"]))


def test_laying_on_hands_is_still_a_healing_the_sheet_must_give() -> None:
    assert_blocked("I lay hands on Odo", _infirmary("cleric", ["bless", "read Latin"]), "no_ability")


def _gallery() -> dict[str, Any]:
    return {
        "setting": "a steam airship",
        "world_rules": ["no one can fly unaided"],
        "location": {
            "name": "Boiler Deck",
            "description": "Pipes hiss over a grated floor; a coal bunker stands by the ladder.",
            "exits": ["Bridge", "Cargo Hold"],
            "features": [{"name": "coal bunker", "climbable": True}],
        },
        "npcs": [{"name": "Imbry", "aliases": ["the stoker"]}],
        "player": {"name": "Perpetua", "class": "engineer", "inventory": ["wrench"], "abilities": ["repair"]},
    }


def test_blinking_oneself_somewhere_is_teleporting_whatever_words_come_between() -> None:
    assert_blocked("I blink myself right into the cargo hold", _gallery(), "physics")
    assert_blocked("blink straight onto the bridge", _gallery(), "physics")
    assert_allowed("I blink at the stoker and wipe the soot off my goggles", _gallery())


def test_a_named_place_is_where_one_goes_not_the_thing_it_lies_under() -> None:
    assert_blocked("we head on into the Sump Tunnels under the coal bunker", _gallery(), "location")
    assert_allowed("go down into the cargo hold below the coal bunker", _gallery())


def test_merging_through_a_wall_is_phasing_with_words_of_manner_between() -> None:
    scene = _crypt()
    scene["location"]["features"].append({"name": "temple wall", "climbable": False})
    assert_blocked("duck the priest and seep right through the temple wall", scene, "physics")
    assert_blocked("I melt straight through the temple wall", scene, "physics")
    assert_allowed("I melt the candle wax straight onto the crypt door's seal", scene)


def test_a_flight_with_a_purpose_still_needs_the_power_to_fly() -> None:
    assert_blocked("I fly out alongside the hull to look for the leak", _gallery(), "physics")
    assert_allowed("I lean out alongside the hull to look for the leak", _gallery())


def test_being_off_to_a_place_is_going_there() -> None:
    assert_blocked("right, we're off to the Salt Docks for a drink", _crypt(), "location")
    assert_blocked("I'm away to the Kings Market now", _crypt(), "location")
    assert_allowed("enough of this, I'm off to the royal road", _crypt())
    assert_allowed("I'm off to sleep", _crypt())


def test_going_to_tell_someone_named_is_telling_them() -> None:
    assert_blocked("go ask Tewodros if the caravan has left", _crypt(), "target")
    assert_allowed("go ask Abba Mikael if the caravan has left", _crypt())


def test_undoing_a_fastening_is_opening_what_it_fastens() -> None:
    assert_blocked("I unchain the crypt door", _crypt(), "environment")
    assert_allowed("I unchain the cistern lid", _crypt())


def test_a_reflexive_after_the_object_is_no_part_of_its_name() -> None:
    assert_blocked("I unbolt the crypt door myself", _crypt(), "environment")
    assert_allowed("I lift the cistern lid myself", _crypt())


def test_transmuting_a_thing_is_magic_a_tradesman_cannot_work() -> None:
    assert_blocked("I transmute my dagger into silver", _crypt(), "no_ability")


def test_calling_up_a_spirit_is_a_summoning_not_a_call() -> None:
    assert_blocked("I call up my mother's ghost and ask her where the gold is", _crypt(), "no_ability")
    assert_blocked("wake the spirit of the old king", _crypt(), "no_ability")
    assert_allowed("I raise the spirits of the porters with a joke", _crypt())


def test_a_force_called_down_may_be_shaped_by_the_word_before_it() -> None:
    assert_blocked("I call a bolt of lightning down on the priest", _crypt(), "no_ability")
    assert_blocked("I call down a pillar of fire onto the cistern lid", _crypt(), "no_ability")


def _kennel() -> dict[str, Any]:
    scene = _crypt()
    scene["creatures"] = ["a chained hound"]
    return scene


def test_a_beast_called_it_may_be_handed_something_that_must_be_held() -> None:
    assert_blocked("kneel by the hound and feed it a strip of my dried goat", _kennel(), "no_item")
    assert_allowed("kneel by the hound and feed it the hemp rope", _kennel())
    assert_allowed("give it a try", _kennel())


def _ballroom() -> dict[str, Any]:
    return {
        "setting": "Shanghai, 1931",
        "world_rules": ["period technology only: no mobile phones"],
        "location": {"name": "Ballroom", "description": "A jazz band plays under a mirrored ceiling.", "exits": ["Nanking Road"]},
        "npcs": [{"name": "Madame Lu", "aliases": ["the manager"], "items": ["ledger"]}],
        "items": ["telephone on the bar"],
        "player": {"name": "Meiling", "class": "reporter", "inventory": ["notebook", "fountain pen"], "abilities": ["shorthand"]},
    }


def test_a_message_sent_from_my_device_claims_the_device() -> None:
    assert_blocked("I wire my sister the news from my radio", _ballroom(), "no_item")
    assert_allowed("I take a pen from my notebook", _ballroom())


def test_a_word_opening_a_bidding_before_my_is_its_verb() -> None:
    assert_blocked("text my editor the scoop from my cellphone", _ballroom(), "no_item")
    assert_allowed("ring my editor from the telephone on the bar", _ballroom())


def test_a_part_of_a_thing_here_may_be_worked_with() -> None:
    scene = _ballroom()
    scene["items"].append("Zenith radio")
    assert_allowed("fiddle with the dial on the zenith till the band comes in", scene)
    assert_blocked("fiddle with the dial on the gramophone", scene, "no_item")


def test_a_being_the_sheet_names_in_a_gift_may_be_addressed() -> None:
    scene = _crypt()
    scene["player"]["abilities"] = ["haggle", "commune with Mother Ezana"]
    assert_allowed("plead with Mother Ezana to bless the caravan", scene)
    assert_blocked("plead with Mother Tsion to bless the caravan", scene, "target")


def test_going_to_an_absent_persons_table_is_going_to_them() -> None:
    assert_blocked("stroll over to Fat Wong's table and sit down", _ballroom(), "target")
    assert_allowed("stroll over to Madame Lu's table and sit down", _ballroom())
    assert_allowed("I admire General Howe's statue", _ballroom())


def test_beaming_oneself_somewhere_is_teleporting_and_beaming_at_someone_is_a_smile() -> None:
    assert_blocked("I beam myself into the cargo hold", _gallery(), "physics")
    assert_blocked("beam up to the bridge", _gallery(), "physics")
    assert_allowed("I beam at the stoker", _gallery())


def test_a_word_of_manner_before_a_way_is_no_object_of_the_going() -> None:
    scene = _crypt()
    scene["location"]["features"].append({"name": "temple wall", "climbable": False})
    assert_blocked("I walk right through the temple wall into Tesfa's crypt", scene, "physics")
    assert_allowed("I walk right through the cemetery to the royal road", scene)


def test_what_one_goes_for_is_not_where_one_goes() -> None:
    assert_blocked("head over to the saloon for a whiskey", _crypt(), "location")
    assert_allowed("head over to the royal road for a breath of air", _crypt())


def _shop() -> dict[str, Any]:
    return {
        "setting": "a roadside gas station, 1999",
        "location": {"name": "Gas-N-Go", "description": "Snack aisles and a humming cooler.", "exits": ["Parking Lot"],
                     "features": [{"name": "back office door", "locked": True, "key": "office key"},
                                  {"name": "supply closet door", "locked": False}]},
        "npcs": [{"name": "Lou", "aliases": ["the clerk"], "items": ["office key"]}],
        "player": {"name": "Dee", "class": "drifter", "inventory": ["lighter"], "abilities": ["sneak"]},
    }


def test_ducking_into_a_room_behind_a_door_is_going_in_through_it() -> None:
    assert_blocked("duck into the back office before Lou sees me", _shop(), "environment")
    assert_allowed("duck into the supply closet", _shop())
    assert_allowed("duck behind the cooler", _shop())
