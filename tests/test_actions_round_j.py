"""Actions, round j: what the red team's set actions_holdout_j showed, and two gaps reported
before it, proved in words and scenes of their own.

A fenland inn (1780), a wizard's tower and an orbital station: a word that only starts like a
known spell is not that spell; where nothing weighs anything, floating is moving; a name that
tells how a thing is wrapped is still the thing; a bare portion taken from a held container is
some of what it holds; the lap is part of the body; "my X Y" with X held is a part of X; a
spirit a medium calls up comes by the medium's gift.
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked


def _inn(**over) -> dict:
    data = {
        "setting": "English fenland, 1780",
        "world_rules": ["no firearms newer than the flintlock", "no magic or supernatural powers"],
        "location": {
            "name": "The Eel and Lantern",
            "description": "A low-beamed taproom on a causeway; peat smoulders in the grate and a settle stands by it.",
            "exits": ["Causeway", "Stable"],
            "features": [
                {"name": "cellar trapdoor", "locked": True, "key": "cellar key"},
                {"name": "chimney breast", "climbable": False},
            ],
        },
        "npcs": [
            {"name": "Martha Pell", "aliases": ["landlady", "hostess"], "abilities": [], "items": ["cellar key", "pewter jug"]},
            {"name": "Josiah Crabbe", "aliases": ["eel-catcher"], "abilities": ["set traps"], "items": ["eel glaive", "clay pipe"]},
        ],
        "items": ["pewter tankards", "tallow candle", "cribbage board"],
        "creatures": ["a spaniel pup by the grate"],
        "player": {"name": "Hester", "class": "drover", "hp": 12, "max_hp": 12,
                   "inventory": ["barley cakes tied in a linen cloth", "pouch of salt", "hunting rifle", "blackthorn stick", "2 shillings"],
                   "abilities": ["handle beasts", "read the weather"]},
        "party": [],
    }
    data.update(over)
    return data


def _tower(**over) -> dict:
    data = {
        "setting": "high fantasy",
        "world_rules": ["only wizards and clerics cast spells"],
        "location": {"name": "Star Tower", "description": "A round chamber of brass instruments.",
                     "exits": ["Spiral Stair"], "features": []},
        "npcs": [{"name": "Odo", "aliases": ["apprentice"], "abilities": [], "items": ["broom"]}],
        "items": ["astrolabe"],
        "creatures": [],
        "player": {"name": "Ysolde", "class": "wizard", "hp": 10, "max_hp": 10,
                   "inventory": ["oak staff", "spellbook"], "abilities": ["light", "shield", "magic missile"]},
        "party": [],
    }
    data.update(over)
    return data


def _station(**over) -> dict:
    data = {
        "setting": "near-future orbital station",
        "world_rules": ["the station is in zero-g: nothing aboard has weight", "no psionics or magic"],
        "location": {"name": "Node Two", "description": "A junction module lined with handrails and stowage bags.",
                     "exits": ["Lab Module", "Docking Port"],
                     "features": [{"name": "pressure hatch", "locked": True, "key": "hatch card"}]},
        "npcs": [{"name": "Ines Duarte", "aliases": ["commander"], "abilities": [], "items": ["hatch card"]}],
        "items": ["spare filter"],
        "creatures": [],
        "player": {"name": "Tomas", "class": "systems engineer", "hp": 10, "max_hp": 10,
                   "inventory": ["multitool", "tablet"], "abilities": ["repair life support"]},
        "party": [],
    }
    data.update(over)
    return data


# A spell's kin is the same stem, not the same first letters.

def test_a_word_that_only_starts_like_a_known_spell_is_not_that_spell() -> None:
    # "lightning" begins with "light" but is another word: the wizard knows light, not lightning
    assert_blocked("I cast lightning at the apprentice", _tower(), "no_ability")
    assert_blocked("I hurl a lightning bolt at the apprentice", _tower(), "no_ability")


def test_another_form_of_a_known_spells_word_is_that_spell() -> None:
    assert_allowed("I cast a spell of shielding", _tower())
    assert_allowed("I cast a lighting charm on my staff", _tower())


# Where nothing weighs anything, floating is how one moves.

def test_floating_up_where_the_rules_say_zero_g_is_ordinary_movement() -> None:
    assert_allowed("I float weightlessly up to the ceiling", _station())
    assert_allowed("I float up to the stowage bags", _station())


def test_floating_up_where_there_is_weight_is_still_flight() -> None:
    heavy = _station(world_rules=["the ring spins for gravity", "no psionics or magic"], setting="orbital station ring")
    assert_blocked("I float weightlessly up to the ceiling", heavy, "physics")


def test_floating_through_a_wall_in_zero_g_is_still_passing_through_it() -> None:
    assert_blocked("I float weightlessly through the wall into the Lab Module", _station(), "physics")


# A name that tells how a thing is wrapped or made is still the thing.

def test_a_thing_named_with_how_it_is_wrapped_answers_to_its_own_name() -> None:
    assert_allowed("I unwrap one of my barley cakes and offer half to the landlady", _inn())
    assert_allowed("I offer half of my barley cakes to Josiah", _inn())


def test_a_thing_not_held_is_not_found_by_a_wrapped_things_name() -> None:
    assert_blocked("I unwrap one of my honey cakes and offer half to the landlady", _inn(), "no_item")


# A bare portion comes out of the held thing it is taken from.

def test_a_bare_portion_from_a_held_container_is_some_of_its_contents() -> None:
    assert_allowed("I offer the landlady a pinch from my salt pouch", _inn())


def test_a_bare_portion_from_a_container_not_held_is_still_not_held() -> None:
    assert_blocked("I offer the landlady a pinch from my snuff box", _inn(), "no_item")


# The lap is part of the body.

def test_settling_something_on_ones_lap_needs_no_lap_in_the_inventory() -> None:
    assert_allowed("I pick up the spaniel pup and settle it on my lap", _inn())


# "My X Y" with X held: a part of X.

def test_a_part_named_after_a_held_thing_is_part_of_it() -> None:
    assert_allowed("I tighten my rifle sling and step outside", _inn())


def test_a_thing_named_after_something_not_held_is_not_a_part_of_anything_held() -> None:
    assert_blocked("I tighten my saddle girth and step outside", _inn(), "no_item")


# A spirit called up by a medium.

def _parlour(player: dict) -> dict:
    return {
        "setting": "Edwardian Edinburgh, 1905, spiritualism",
        "world_rules": ["no motor cars", "only mediums can speak with the dead; there is no other magic"],
        "location": {"name": "Back Parlour", "description": "Heavy curtains, a round table, a single candle.",
                     "exits": ["Hall"], "features": []},
        "npcs": [{"name": "Mr Baird", "aliases": ["the widower"], "abilities": [], "items": ["locket"]}],
        "items": ["round table", "candle"],
        "creatures": [],
        "player": player,
        "party": [],
    }


def test_a_spirit_a_medium_calls_up_need_not_already_be_here() -> None:
    medium = {"name": "Agnes", "class": "medium", "inventory": ["planchette"], "abilities": ["speak with the dead"]}
    assert_allowed("I call up the ghost of the widower's wife and ask her where the will is", _parlour(medium))


def test_a_spirit_is_not_here_for_someone_without_that_gift() -> None:
    clerk = {"name": "Agnes", "class": "clerk", "inventory": ["ledger"], "abilities": ["bookkeeping"]}
    assert_blocked("I call up the ghost of the widower's wife and ask her where the will is", _parlour(clerk), ("target", "no_ability"))


# Money laid out must be in the purse, whatever the verb.

def test_a_sum_counted_out_beyond_the_purse_is_not_held() -> None:
    assert_blocked("I count out four shillings for the landlady", _inn(), "no_item")


def test_a_sum_counted_out_within_the_purse_is_allowed() -> None:
    assert_allowed("I count out two shillings for the landlady", _inn())


def test_a_foreign_money_slapped_down_is_counted_like_any_other() -> None:
    dutch = _inn()
    dutch["player"] = {**dutch["player"], "inventory": ["blackthorn stick", "6 guilders"]}
    assert_blocked("I plonk ten guilders on the settle and ask for a room", dutch, "no_item")
    assert_allowed("I plonk five guilders on the settle and ask for a room", dutch)


def test_a_compound_money_word_is_that_money() -> None:
    # "200 Deutschmarks" on the sheet: "marks" are counted against it
    dm = _inn()
    dm["player"] = {**dm["player"], "inventory": ["blackthorn stick", "200 Deutschmarks"]}
    assert_blocked("I count out 500 marks for the landlady", dm, "no_item")
    assert_allowed("I count out 50 marks for the landlady", dm)


def test_coins_handed_over_from_a_sheet_with_no_money_are_not_held() -> None:
    poor = _inn()
    poor["player"] = {**poor["player"], "inventory": ["blackthorn stick", "barley cakes tied in a linen cloth"]}
    assert_blocked("I press two copper coins into the landlady's hand", poor, "no_item")


def test_coins_handed_over_from_a_purse_that_holds_them_are_allowed() -> None:
    rich = _inn()
    rich["player"] = {**rich["player"], "inventory": ["blackthorn stick", "5 copper pennies"]}
    assert_allowed("I press two copper coins into the landlady's hand", rich)


# Where one goes: a place of this kind with a name of its own is another place.

def _mill(**over) -> dict:
    data = _inn()
    data["location"] = {
        "name": "Upper Mill", "description": "A windmill's stone floor, flour dust on everything.",
        "exits": ["Mill Lane", "Granary"],
        "features": [{"name": "dyke bank", "climbable": False}, {"name": "loft ladder", "climbable": True}],
    }
    data.update(over)
    return data


def test_a_named_place_of_the_same_kind_as_this_one_is_elsewhere() -> None:
    # said in the Upper Mill, "Lower Mill" is another mill, not this one
    assert_blocked("I walk down to Lower Mill before dark", _mill(), "location")


def test_the_kind_of_this_place_without_a_name_is_this_place() -> None:
    assert_allowed("I walk around the mill", _mill())
    assert_allowed("I walk around Upper Mill", _mill())


def test_a_path_adverb_after_a_verb_of_motion_is_not_where_one_goes() -> None:
    ship = _inn()
    ship["location"] = {"name": "Gun Deck of the Lark", "description": "Low beams and lashed cannon.",
                        "exits": ["Quarterdeck", "Orlop"], "features": []}
    assert_allowed("I go straight up to the Quarterdeck", ship)
    assert_blocked("I go straight up to the crow's nest", ship, "location")
    assert_blocked("I head right up to the masthead", ship, "location")


# Going up or down a face is climbing it, whatever the verb.

def test_lowering_oneself_down_an_unclimbable_face_is_climbing_it() -> None:
    assert_blocked("I lower myself hand over hand down the dyke bank to the water", _mill(), "environment")


def test_lowering_oneself_down_a_climbable_one_is_allowed() -> None:
    assert_allowed("I lower myself hand over hand down the loft ladder", _mill())


# The state an object is left in follows the whole of its name.

def test_a_locked_feature_named_with_a_phrase_and_heaved_open_is_still_locked() -> None:
    mill = _mill()
    mill["location"]["features"].append({"name": "door to the sluice room", "locked": True, "key": "sluice key"})
    assert_blocked("I heave the door to the sluice room open", mill, "environment")
    mill["player"] = {**mill["player"], "inventory": [*mill["player"]["inventory"], "sluice key"]}
    assert_allowed("I heave the door to the sluice room open", mill)


# Hand and power tools are equipment: called one's own, they must be held.

def test_a_tool_called_ones_own_through_a_part_of_it_must_be_held() -> None:
    assert_blocked("I check the charge on my laser cutter", _station(), "no_item")


def test_a_held_tool_named_through_a_part_of_it_is_allowed() -> None:
    assert_allowed("I check the charge on my multitool", _station())


# A thing of another stuff is another thing.

def test_a_weapon_of_another_metal_than_the_one_held_is_not_held() -> None:
    bronze = _inn()
    bronze["player"] = {**bronze["player"], "inventory": ["bronze knife", "2 shillings"]}
    assert_blocked("I draw my steel dagger and hold it to Josiah's throat", bronze, "no_item")


def test_a_weapon_of_the_held_metal_or_of_none_named_is_held() -> None:
    bronze = _inn()
    bronze["player"] = {**bronze["player"], "inventory": ["bronze knife", "2 shillings"]}
    assert_allowed("I draw my dagger and hold it to Josiah's throat", bronze)
    assert_allowed("I draw my bronze dagger and hold it to Josiah's throat", bronze)


# A past participle after a noun says how it lies, and keeps the noun the object.

def test_a_creature_described_by_how_it_lies_is_still_the_one_touched() -> None:
    assert_blocked("I stroke the tabby curled up by the grate", _inn(), "target")


def test_a_creature_here_described_by_how_it_lies_is_allowed() -> None:
    assert_allowed("I stroke the spaniel pup curled up by the grate", _inn())


# Powers told by their effect.

def test_drifting_down_from_a_height_like_a_feather_is_flight() -> None:
    assert_blocked("I step off the gallery rail and float gently down like a feather", _mill(), "physics")


def test_drifting_down_like_a_feather_where_nothing_weighs_anything_is_moving() -> None:
    assert_allowed("I push off the hatch and drift down to the deck like a feather", _station())


def test_the_body_turned_to_vapour_is_a_power() -> None:
    assert_blocked("I let myself dissolve into mist and slip under the cellar trapdoor", _inn(), ("physics", "no_ability", "environment"))


def test_turning_to_a_smoke_blackened_thing_is_no_vapour() -> None:
    assert_allowed("I turn to the smoke-blackened grate and warm my hands", _inn())


def test_letting_ones_own_body_ooze_through_a_wall_is_passing_through_it() -> None:
    assert_blocked("I lean on the chimney breast and let my whole body ooze through it", _inn(), "physics")


def test_letting_smoke_seep_through_a_wall_is_no_deed_of_the_body() -> None:
    assert_allowed("I let the smoke seep through the chimney breast", _inn())


def test_a_distance_covered_in_too_few_bounds_is_a_leap_no_body_makes() -> None:
    assert_blocked("I cover the two hundred yards to the Causeway in three strides", _inn(), "physics")


def test_a_distance_covered_in_ordinary_strides_is_allowed() -> None:
    assert_allowed("I cover the twenty feet to the Causeway in three strides", _inn())


def test_hearing_anothers_unspoken_thoughts_is_mind_reading() -> None:
    assert_blocked("I meet Josiah's eyes and hear every thought he keeps from me", _inn(), "no_ability")


def test_listening_to_someones_thoughts_on_a_matter_is_only_listening() -> None:
    assert_allowed("I listen to Josiah's thoughts on the eel harvest", _inn())
    assert_allowed("I hear Josiah's thoughts on the eel harvest over a pint", _inn())


def test_taking_a_memory_out_of_someones_mind_is_a_power() -> None:
    assert_blocked("I touch the landlady's temple and erase the quarrel from her memory", _inn(), "no_ability")


def test_wiping_a_thing_from_a_table_is_no_power() -> None:
    assert_allowed("I wipe the spilt ale from the landlady's table", _inn())


def test_a_thing_undone_by_itself_under_the_players_stare_is_telekinesis() -> None:
    assert_blocked("I stare at the cellar trapdoor until its bolts slide back by themselves", _inn(), "no_ability")


def test_a_thing_that_changes_under_a_stare_in_the_ordinary_way_is_allowed() -> None:
    assert_allowed("I stare at the peat fire until it burns down", _inn())


def test_a_thing_made_to_burst_into_flame_with_nothing_to_light_it_is_a_power() -> None:
    assert_blocked("I whisper a word and make the landlady's apron burst into flame", _inn(), "no_ability")


def test_a_thing_made_to_burst_into_flame_with_a_candle_is_allowed() -> None:
    assert_allowed("I make the spilt brandy burst into flames with the tallow candle", _inn())


def test_a_whispered_charm_is_magic() -> None:
    assert_blocked("I soothe the pup's fever with a whispered charm", _inn(), "no_ability")


def test_a_whispered_lullaby_is_not() -> None:
    assert_allowed("I soothe the pup with a whispered lullaby", _inn())


# Carried or lodging somewhere named: where the player goes.

def test_being_carried_to_a_named_place_is_going_there() -> None:
    assert_blocked("I whistle up a gig outside and have it take me to Ely Cathedral", _inn(), "location")


def test_being_carried_out_by_an_exit_is_allowed() -> None:
    assert_allowed("I ask Josiah to take me to the Causeway", _inn())


def test_lodging_tonight_in_a_named_place_elsewhere_is_going_there() -> None:
    assert_blocked("I pay the landlady, then set off and lodge in Cambridge's market quarter tonight", _inn(), "location")


def test_lodging_in_a_place_the_scene_has_is_allowed() -> None:
    assert_allowed("I pay the landlady and lodge in the Stable tonight", _inn())


# A deed kept up is that deed; "up and over" is one way.

def test_keeping_on_going_up_an_unclimbable_face_is_climbing_it() -> None:
    assert_blocked("I keep going right up the chimney breast", _inn(), "environment")


def test_keeping_on_talking_is_talking() -> None:
    assert_allowed("I keep talking to the landlady", _inn())


def test_up_and_over_an_unclimbable_feature_is_climbing_it() -> None:
    assert_blocked("I haul myself up and over the dyke bank", _mill(), "environment")


def test_up_and_over_a_climbable_one_is_allowed() -> None:
    assert_allowed("I haul myself up and over the loft ladder", _mill())


# A rule that leaving requires a feature: that feature, locked, bars the way out.

def _seabed(**over) -> dict:
    data = {
        "setting": "seabed research habitat, 2090",
        "world_rules": ["crushing sea outside: leaving requires the moon pool hatch and a dive suit", "no magic"],
        "location": {"name": "Wet Room", "description": "Racks of fins and tanks around the moon pool.",
                     "exits": ["Galley Module", "Bunks"],
                     "features": [{"name": "moon pool hatch", "locked": True, "key": "hatch code card"}]},
        "npcs": [{"name": "Ama Owusu", "aliases": ["station chief", "chief"], "abilities": [], "items": ["hatch code card"]}],
        "items": ["spare fins"],
        "creatures": [],
        "player": {"name": "Rui", "class": "diver", "hp": 10, "max_hp": 10,
                   "inventory": ["dive suit", "dive knife"], "abilities": ["free diving"]},
        "party": [],
    }
    data.update(over)
    return data


def test_going_out_where_the_rule_names_a_locked_feature_as_the_way_is_barred() -> None:
    assert_blocked("I cycle the moon pool hatch and step outside", _seabed(), "environment")


def test_going_out_with_the_key_of_that_feature_is_allowed() -> None:
    keyed = _seabed()
    keyed["player"] = {**keyed["player"], "inventory": ["dive suit", "hatch code card"]}
    assert_allowed("I cycle the moon pool hatch and step outside", keyed)


def test_asking_the_keys_holder_to_open_the_way_out_is_allowed() -> None:
    assert_allowed("I ask the chief to swipe her code card so I can go outside", _seabed())


# A class named for what it serves has no power of it.

def test_a_flight_engineer_does_not_fly() -> None:
    heavy = _station(world_rules=["the ring spins for gravity", "no psionics or magic"], setting="orbital station ring")
    heavy["player"] = {**heavy["player"], "class": "flight engineer"}
    assert_blocked("I fly up to the ceiling", heavy, "physics")


def test_a_flight_engineer_floats_where_nothing_weighs_anything() -> None:
    crew = _station()
    crew["player"] = {**crew["player"], "class": "flight engineer"}
    assert_allowed("I float weightlessly up to the ceiling", crew)


def test_a_medium_summoning_a_spirit_uses_the_gift_the_sheet_gives() -> None:
    medium = {"name": "Agnes", "class": "medium", "inventory": ["planchette"], "abilities": ["speak with the dead"]}
    assert_allowed("I summon the ghost of the widower's wife", _parlour(medium))


def test_a_medium_summoning_anything_else_is_still_magic_she_lacks() -> None:
    medium = {"name": "Agnes", "class": "medium", "inventory": ["planchette"], "abilities": ["speak with the dead"]}
    assert_blocked("I summon a demon to frighten the widower", _parlour(medium), "no_ability")
    clerk = {"name": "Agnes", "class": "clerk", "inventory": ["ledger"], "abilities": ["bookkeeping"]}
    assert_blocked("I summon the ghost of the widower's wife", _parlour(clerk), "no_ability")


def test_a_money_word_in_another_sense_is_not_money() -> None:
    assert_allowed("I put three marks on the map with my pencil", _inn())
    assert_allowed("I put down ten pounds of flour for the landlady", _inn())


def test_a_fire_fanned_into_flame_is_ordinary() -> None:
    assert_allowed("I blow on the embers and make the kindling burst into flame", _inn())


def test_this_places_own_name_with_a_possessive_is_this_place() -> None:
    office = _inn()
    office["location"] = {"name": "Ely Sheriff's Office", "description": "A cold room with a desk.", "exits": ["Market Street"], "features": []}
    assert_allowed("I walk around the Sheriff's Office", office)
    assert_blocked("I head over to the Wisbech Sheriff's Office", office, "location")


def test_a_rule_requiring_what_no_inventory_holds_bars_no_one() -> None:
    asked = _seabed(world_rules=["leaving requires permission from the station chief", "no magic"])
    asked["location"] = {**asked["location"], "features": []}
    assert_allowed("I step outside", asked)
