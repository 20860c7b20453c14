"""Actions, round i: what the red team's set actions_holdout_i showed, proved in words of its own.

A scene of its own (a Breton lighthouse, 1905): the one asked or told is someone by the shape of
the sentence, whatever a dictionary makes of the word; a participle or a relative clause after a
noun says what it is doing, not what it is called; a state the deed leaves its object in is no
part of its name; "run" with a procedure for its object goes nowhere; a word right before "him"
is a verb.
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked


def _lighthouse(**over) -> dict:
    data = {
        "setting": "Brittany coast, 1905",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1905"],
        "location": {
            "name": "Lamp Room",
            "description": "The lantern room of the Phare de Kermor, the great lens turning; a stove glows in the corner.",
            "exits": ["Spiral Stair", "Gallery"],
            "features": [
                {"name": "oil store hatch", "locked": True, "key": "oil store key"},
                {"name": "lantern glazing", "climbable": False},
                {"name": "iron ladder", "climbable": True},
            ],
        },
        "npcs": [
            {"name": "Yannick Le Goff", "aliases": ["head keeper", "keeper"], "abilities": ["signal lamp"],
             "items": ["oil store key", "logbook", "brass telescope"]},
            {"name": "Maiwenn", "aliases": ["keeper's daughter"], "abilities": [], "items": ["basket of crepes"]},
        ],
        "items": ["can of paraffin", "wick trimmer", "kettle"],
        "creatures": ["a gull on the rail"],
        "player": {"name": "Erwan", "class": "assistant keeper", "hp": 12, "max_hp": 12,
                   "inventory": ["pocket watch", "tin of tobacco", "clasp knife", "3 francs"],
                   "abilities": ["trim the lamp", "read the weather"]},
        "party": [],
    }
    data.update(over)
    return data


# Who is asked or told: someone, by the sentence's shape.

def test_someone_asked_to_do_a_thing_is_someone_even_if_the_word_is_a_plant() -> None:
    # "medic" is first a plant to WordNet; asked to do something, it is someone, and absent
    assert_blocked("I ask the medic to look at my burnt hand", _lighthouse(), "target")


def test_someone_asked_a_question_clause_is_someone_even_if_no_dictionary_has_the_word() -> None:
    assert_blocked("I ask the curé when the bells ring for mass", _lighthouse(), "target")


def test_someone_asked_with_a_second_object_is_someone() -> None:
    assert_blocked("I ask the harbourmaster a question about the tide", _lighthouse(), "target")


def test_asking_someone_present_by_their_role_is_allowed() -> None:
    assert_allowed("I ask the head keeper to check the barometer", _lighthouse())


def test_asking_the_way_is_no_one_asked() -> None:
    assert_allowed("I ask the way to explain the fog signal", _lighthouse())


def test_a_bare_name_with_a_manner_after_it_is_the_scenes_to_know() -> None:
    assert_allowed("I ask Maiwenn real nicely to pass the crepes", _lighthouse())


# A participle or relative clause after a noun describes it.

def test_a_participle_after_someone_absent_does_not_hide_them() -> None:
    assert_blocked("I ask the fisherman mending nets by the door to hold the lamp", _lighthouse(), "target")


def test_a_participle_after_someone_present_is_allowed() -> None:
    assert_allowed("I ask the keeper standing by the lens to hand me the logbook", _lighthouse())


def test_a_relative_clause_after_an_absent_creature_does_not_hide_it() -> None:
    assert_blocked("I toss a pinch of my tobacco to the dog that's been whining at the door", _lighthouse(), "target")


def test_a_noun_in_ing_is_still_a_noun() -> None:
    assert_allowed("I climb the iron ladder's railing", _lighthouse())


def test_a_drink_poured_for_someone_absent_is_blocked() -> None:
    assert_blocked("I pour a mug of cider for the customs officer dozing by the stove", _lighthouse(), "target")


def test_a_drink_poured_for_someone_present_is_allowed() -> None:
    assert_allowed("I pour a cup of tea from the kettle for Maiwenn", _lighthouse())


# A state the deed leaves its object in.

def test_shaking_someone_absent_awake_is_blocked() -> None:
    assert_blocked("I shake the night watchman awake", _lighthouse(), "target")


def test_shaking_someone_present_awake_is_allowed() -> None:
    assert_allowed("I shake the head keeper awake", _lighthouse())


# "Run" a procedure.

def test_running_a_procedure_goes_nowhere() -> None:
    assert_allowed("I run a quick check of the lens clockwork to see why it lags", _lighthouse())


def test_running_a_procedure_on_a_device_one_lacks_is_blocked() -> None:
    assert_blocked("I run the sums on my adding machine", _lighthouse(), "no_item")


def test_running_to_a_place_that_is_no_exit_is_still_a_journey() -> None:
    assert_blocked("I run a mile to the village church", _lighthouse(), "location")


# A word before "him" is a verb.

def test_a_remedy_mixed_for_him_after_taking_his_pulse_is_no_taking() -> None:
    assert_allowed("I take his pulse and brew him something hot on the stove", _lighthouse())


# Someone picked out by what they hold; scenery in the description is here.

def test_someone_named_by_what_they_hold_is_whoever_holds_it() -> None:
    assert_allowed("I ask the man with the brass telescope whether a ship is in sight", _lighthouse())


def test_someone_named_by_a_thing_no_one_holds_is_still_absent() -> None:
    assert_blocked("I ask the coastguard with the sextant whether a ship is in sight", _lighthouse(), "target")


def test_a_coal_taken_from_the_stove_in_the_description_lies_here() -> None:
    assert_allowed("I light a spill with a coal from the stove", _lighthouse())


# Powers told by what they do, not by a power word.

def test_floating_weightless_where_gravity_holds_is_flight() -> None:
    assert_blocked("I push off the floor and float weightlessly up to the lamp", _lighthouse(), "physics")


def test_floating_weightless_in_free_fall_is_ordinary() -> None:
    orbit = _lighthouse(setting="orbital station, 2150, zero gravity throughout", world_rules=[])
    assert_allowed("I kick off the wall and drift weightlessly across to the lamp", orbit)


def test_drifting_weightless_across_a_room_with_gravity_is_flight() -> None:
    assert_blocked("I kick off the wall and drift weightlessly across to the lamp", _lighthouse(), "physics")


def test_soaring_over_the_land_is_flight() -> None:
    assert_blocked("I vault the gallery rail and go soaring over the rocks to scout the cove", _lighthouse(), "physics")


def test_letting_the_wind_carry_one_off_is_flight() -> None:
    assert_blocked("I open my coat wide and let the wind carry me off the gallery", _lighthouse(), "physics")


def test_letting_a_balloon_carry_one_off_is_no_flight_claim() -> None:
    assert_allowed("I let the wind under the balloon carry me off the gallery", _lighthouse())


def test_folding_the_distance_between_two_rooms_is_teleportation() -> None:
    assert_blocked("I fold the distance between here and the Gallery and walk out there", _lighthouse(), "physics")


def test_breathing_the_sea_like_air_is_water_breathing() -> None:
    assert_blocked("I sink under the swell and breathe the cold sea like air", _lighthouse(), "physics")


def test_a_roof_gained_in_a_single_bound_is_a_leap_no_one_makes() -> None:
    assert_blocked("I scramble up the iron ladder and land on the lantern roof in a single bound", _lighthouse(), "physics")


def test_slipping_into_someones_memories_is_reading_a_mind() -> None:
    assert_blocked("I slip into the keeper's memories to learn where he hid the key", _lighthouse(), "no_ability")


def test_reaching_out_with_the_mind_is_a_power() -> None:
    assert_blocked("I reach out with my mind and tip the kettle over", _lighthouse(), "no_ability")


def test_a_hand_laid_on_a_burn_that_heals_of_itself_is_a_power() -> None:
    assert_blocked("I rest my hand on Maiwenn's scalded wrist and the skin heals beneath it", _lighthouse(), "no_ability")


def test_a_hand_laid_on_a_wound_to_press_it_is_first_aid() -> None:
    assert_allowed("I put my hand on Maiwenn's cut and press hard with my handkerchief", _lighthouse())


def test_a_missile_of_raw_element_is_a_spell() -> None:
    assert_blocked("I fling a crackling bolt of frost at the gull", _lighthouse(), "no_ability")


def test_a_word_said_over_a_hurt_that_then_closes_is_a_spell() -> None:
    assert_blocked("I murmur a word of mending over Maiwenn's scalded hand and close the burn", _lighthouse(), "no_ability")


# Put into someone's hand: handed over; a thing moved along a way to somewhere: a journey.

def test_coins_counted_into_someones_hand_are_paid_from_the_purse() -> None:
    assert_blocked("I count five francs into Maiwenn's palm", _lighthouse(), "no_item")


def test_coins_one_holds_counted_into_someones_hand_are_allowed() -> None:
    assert_allowed("I count two francs into the keeper's hand", _lighthouse())


def test_a_thing_pressed_into_an_absent_ones_hand_is_given_to_no_one_here() -> None:
    assert_blocked("I press my clasp knife into the smuggler's hand", _lighthouse(), "target")


def test_a_boat_punted_along_a_way_to_a_place_no_exit_reaches_is_blocked() -> None:
    assert_blocked("I shove the dinghy off and scull it north along the cliffs to Roscoff", _lighthouse(), "location")


def test_a_thing_moved_along_a_way_to_an_exit_is_allowed() -> None:
    assert_allowed("I trundle the paraffin can along the floor to the Spiral Stair", _lighthouse())


# Making one's way up or down a feature is climbing it; "hand over hand" is how.

def test_working_ones_way_down_an_unclimbable_face_is_climbing_it() -> None:
    assert_blocked("I work my way down the lantern glazing hand over hand", _lighthouse(), "environment")


def test_working_ones_way_up_a_ladder_inch_by_inch_is_allowed() -> None:
    assert_allowed("I work my way up the iron ladder inch by inch", _lighthouse())


# A bare "the lid" is the lid of the locked thing just named.

def test_lifting_the_lid_of_a_locked_hatch_just_named_is_opening_it() -> None:
    assert_blocked("I rap on the oil store hatch with my knuckles and lift the lid to peer in", _lighthouse(), "environment")


def test_lifting_the_lid_of_the_kettle_is_allowed() -> None:
    assert_allowed("I pick up the kettle and lift the lid to see if it is full", _lighthouse())


# The world's answer, told by the player, is part of the claim.

def test_bidding_the_sea_to_calm_and_it_obeys_is_a_power() -> None:
    assert_blocked("I lift my lantern high and command the sea to calm, and it obeys", _lighthouse(), "no_ability")


def test_bidding_the_sea_to_calm_with_no_answer_told_is_only_words() -> None:
    assert_allowed("I shout at the sea to calm down", _lighthouse())


def test_asking_someone_and_they_do_is_no_power() -> None:
    assert_allowed("I ask Maiwenn to bank the stove, and she does", _lighthouse())
