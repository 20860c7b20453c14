"""Actions, round m2: what actions_holdout_m showed, proved in words of its own.

A scene of its own (a Baltic schooner's cabin, 1890): a word that names no one (a quantifier of
things, a manner adverb set off by commas, a closing vocative to the table) is no absent person.
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked


def _cabin(**over) -> dict:
    data = {
        "setting": "Baltic trading schooner, 1890",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1890"],
        "location": {
            "name": "Mate's Cabin",
            "description": "A cramped cabin under the quarterdeck, a chart table and a swinging lamp.",
            "exits": ["Companionway", "Galley"],
            "features": [
                {"name": "sea chest", "locked": True, "key": "chest key"},
                {"name": "porthole", "open": False},
            ],
        },
        "npcs": [
            {"name": "Jonas Berg", "aliases": ["mate", "Berg"], "abilities": ["navigation"],
             "items": ["chest key", "sextant", "logbook"]},
            {"name": "Liisa", "aliases": ["cook"], "abilities": [], "items": ["ladle"]},
        ],
        "items": ["chart", "lamp oil", "tin cup"],
        "creatures": ["a ship's dog"],
        "player": {"name": "Aino", "class": "purser", "hp": 10, "max_hp": 10,
                   "inventory": ["pencil", "notebook", "clasp knife", "5 marks"],
                   "abilities": ["shorthand", "dirty fighting"]},
        "party": [],
    }
    data.update(over)
    return data


def test_a_quantifier_of_things_taken_down_is_no_one() -> None:
    assert_allowed("take down everything he says in shorthand", _cabin())


def test_a_manner_adverb_between_commas_is_no_one_asked() -> None:
    assert_allowed("i bow low to the mate and ask, very politely, what is in the logbook", _cabin())


def test_a_closing_vocative_is_said_to_the_table() -> None:
    assert_allowed("shove Berg into the bulkhead and knee him. dirty fighting baby", _cabin())


def test_someone_absent_is_still_blocked() -> None:
    assert_blocked("I ask the harbourmaster where the chart is", _cabin(), "target")


# A title and a name written in lower case, as chat players write.

def test_walking_up_to_an_absent_lowercase_captain_is_blocked() -> None:
    assert_blocked("walk up to captain vane and tell him the mate is drunk", _cabin(), ("target", "location"))


def test_walking_up_to_the_present_mate_is_allowed() -> None:
    assert_allowed("walk up to berg and tell him the cook is drunk", _cabin())


# An order that opens with a verb the tables lack, then someone here.

def test_a_thing_used_in_passing_on_someone_here_must_be_held() -> None:
    assert_blocked("inject berg with the laudanum from my pocket", _cabin(), "no_item")


def test_a_held_thing_used_on_someone_here_is_allowed() -> None:
    assert_allowed("prod berg with my pencil", _cabin())


# Another's body part is where a thing is knocked from, not the player's power.

def test_knocking_a_thing_out_of_someones_hand_is_no_blast() -> None:
    assert_allowed("flick the ladle out of liisa's hand w/ the back of my clasp knife", _cabin())


def test_lightning_from_my_fingertips_is_still_a_power() -> None:
    assert_blocked("I shoot lightning from my fingertips at Berg", _cabin(), "no_ability")


# "Before" opening a noun phrase is a place before someone, not a clause.

def test_kneeling_before_someone_absent_is_blocked() -> None:
    assert_blocked("kneel before the harbourmaster and beg her pardon", _cabin(), "target")


def test_kneeling_before_someone_here_is_allowed() -> None:
    assert_allowed("kneel before the cook and beg her pardon", _cabin())


# Words of manner after someone here say how they are asked.

def test_asking_someone_here_real_nice_is_allowed() -> None:
    assert_allowed("ask the mate real nice for the chest key so I can open the chest", _cabin())


def test_asking_someone_absent_for_a_key_is_still_blocked() -> None:
    assert_blocked("ask the harbourmaster for the chest key", _cabin(), "target")


# To "fly" down a way that is walked is to rush, not to take wing.

def test_flying_down_the_stairs_is_rushing() -> None:
    assert_allowed("grab my notebook and fly down the companionway stairs", _cabin())


def test_flying_up_to_the_masthead_is_still_flight() -> None:
    assert_blocked("I fly up to the masthead", _cabin(), "physics")


# A creature here described after its name is named by its head, hyphens aside.

def test_a_described_creature_here_is_named_by_its_head() -> None:
    scene = _cabin(creatures=["a bilge-rat gnawing at the biscuit sack"])
    assert_allowed("stab the bilge rat w/ my clasp knife before it chews thru the sack", scene)


def test_a_creature_not_here_is_still_blocked() -> None:
    scene = _cabin(creatures=["a bilge-rat gnawing at the biscuit sack"])
    assert_blocked("stab the sea serpent with my clasp knife", scene, "target")


# Who is spoken to after a telephone is taken up is at the other end of the line.

def test_asking_the_operator_after_picking_up_the_telephone_is_allowed() -> None:
    scene = _cabin(items=["chart", "telephone"], world_rules=[])
    assert_allowed("i pick up the telephone n ask the operator for the harbour office", scene)


def test_asking_someone_absent_without_a_telephone_is_blocked() -> None:
    assert_blocked("i pick up the chart n ask the harbourmaster where we are", _cabin(), "target")


# A verb that is its device: to radio someone takes a radio.

def test_radioing_without_a_radio_is_blocked() -> None:
    assert_blocked("radio the harbour and tell them we need a tug", _cabin(), "no_item")


def test_radioing_with_a_radio_here_is_allowed() -> None:
    scene = _cabin(items=["chart", "ship's radio"], world_rules=[])
    assert_allowed("radio the harbour and tell them we need a tug", scene)


# "And" before a verb that goes through someone's things starts a step of its own.

def test_a_room_not_an_exit_before_and_rifle_thru_is_blocked() -> None:
    assert_blocked("sneak aft to the captains cabin and rifle thru his papers", _cabin(), "location")


def test_an_exit_before_and_rifle_thru_is_allowed() -> None:
    assert_allowed("sneak out to the galley and rifle thru her spices", _cabin())
