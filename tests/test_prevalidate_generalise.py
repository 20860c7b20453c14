"""Pre-validation of actions it was never written for: what the words commit to is checked
whatever the verb, and names are only matched on the words that make them distinct.

Each block below comes with the nearest thing that must stay allowed, because a false block
costs a player their turn."""

from __future__ import annotations

import copy

import pytest

from bot.guard.intent import extract
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked

FORT = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or gunpowder", "only druids, clerics and wizards can cast spells"],
    "location": {
        "name": "Fort Rimehold",
        "description": "A snowbound log fort; wind screams over the palisade.",
        "exits": ["Frozen Lake", "Watchtower", "Back Alley"],
        "features": [
            {"name": "palisade", "climbable": False},
            {"name": "watchtower ladder", "climbable": True},
            {"name": "storeroom door", "locked": True, "key": "storeroom key"},
            {"name": "back room door", "locked": True, "key": "back key"},
            {"name": "barred window", "climbable": False},
        ],
    },
    "npcs": [
        {"name": "Sergeant Brekk", "aliases": ["sergeant"], "items": ["spear", "storeroom key"]},
        {"name": "Ulla", "aliases": ["the cook", "cook"], "items": ["ladle"]},
        {"name": "Nadia", "aliases": ["water seller"]},
    ],
    "items": ["iron brazier", "stack of firewood", "wool blanket"],
    "creatures": ["two sled dogs"],
    "player": {
        "name": "Wren",
        "class": "ranger",
        "inventory": ["mace", "sling", "wolf-fur cloak", "hunting knife"],
        "abilities": ["tracking"],
    },
    "party": [],
}
HARBOUR = {
    "setting": "age of sail",
    "world_rules": ["no magic"],
    "location": {
        "name": "The Salt Widow",
        "description": "The pitching deck of a trading cog.",
        "exits": ["Below Decks", "Forecastle"],
        "features": [{"name": "captain's cabin door", "locked": True, "key": "cabin key"}],
    },
    "npcs": [{"name": "Captain Varr", "aliases": ["captain"], "items": ["cabin key", "cutlass"]}, {"name": "Nub", "aliases": ["cabin boy"], "items": ["mop"]}],
    "items": ["coil of rope"],
    "player": {"name": "Sable", "class": "sailor", "inventory": ["boarding axe"], "abilities": []},
}
MODERN = {
    "setting": "1996 Seattle, realistic",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1999"],
    "location": {"name": "The Bitbucket", "description": "A cluttered loft full of beige computers.", "exits": ["Alley", "Stairwell"],
                 "features": [{"name": "server closet door", "locked": True, "key": "closet key"}]},
    "npcs": [{"name": "Bell", "aliases": ["the sysop"], "items": ["modem", "pager"]}],
    "items": ["landline phone", "CRT monitor"],
    "player": {"name": "Case", "class": "hacker", "inventory": ["ThinkPad laptop", "box of floppy disks"], "abilities": ["hacking"]},
}


def scene(base: dict, **player: object) -> Scene:
    d = copy.deepcopy(base)
    d["player"].update(player)
    return Scene.from_dict(d)




# -- an unknown verb still commits to things ---------------------------------------------------


@pytest.mark.parametrize("text", [
    "I text Bell on my cell phone",
    "I plug my USB stick into the server",
    "I wrap myself in my bearskin blanket",
    "I ping my fixer on my commlink",
])
def test_a_thing_claimed_as_ones_own_must_be_held_whatever_the_verb(text: str) -> None:
    assert_blocked(text, scene(MODERN), "no_item")


@pytest.mark.parametrize("text", [
    "I dial into the bank with my ThinkPad",
    "I tip my hat",
    "I crack my knuckles",
    "I bide my time",
    "I check my gear",
    "I tighten my grip on the rail",
    "I call the police on the landline phone",
])
def test_what_the_player_has_wears_or_is_is_never_missing(text: str) -> None:
    assert_allowed(text, scene(MODERN))


def test_a_gift_taken_from_ones_coat_must_be_held() -> None:
    s = scene(FORT)
    assert_blocked("I offer the cook a rose from my coat", s, "no_item")
    assert_allowed("I offer the cook my hunting knife", s)


def test_an_unclassified_verb_is_still_ambiguous_for_the_model_but_checked() -> None:
    intents = extract("I jam my USB stick into the server", scene(MODERN))
    assert intents[0].ambiguous and intents[0].method_text == "my USB stick"


# -- physical impossibilities, whatever the verb ----------------------------------------------


@pytest.mark.parametrize("text", [
    "I turn into mist and seep under the storeroom door",
    "I jump up through the ceiling into the room above",
    "I leap thirty feet straight up onto the palisade",
    "I stride across the waves to the other ship",
    "I walk on thin air over the palisade",
])
def test_bodies_do_not_become_mist_pass_ceilings_or_leap_thirty_feet(text: str) -> None:
    assert_blocked(text, scene(FORT), "physics")


def test_an_ability_that_grants_the_feat_allows_it() -> None:
    assert_allowed("I turn into mist and seep under the storeroom door", scene(FORT, abilities=["mist form"]))
    assert_allowed("I walk across the water to the frozen lake", scene(FORT, abilities=["water walk"]))


def test_ordinary_movement_over_firm_ground_or_short_jumps_is_allowed() -> None:
    s = scene(FORT)
    for text in ("I walk out onto the frozen lake", "I leap onto the brazier", "I jump over the stack of firewood", "I wade through the snow"):
        assert_allowed(text, s)


def test_walking_on_water_to_another_ship_is_physics_and_that_ship_is_not_this_one() -> None:
    s = Scene.from_dict(HARBOUR)
    assert_blocked("I walk across the water to the other ship", s, "physics")
    intents = extract("I swim to the other ship", s)
    assert intents[0].target != "The Salt Widow"


def test_mind_reading_without_such_a_power_is_no_ability() -> None:
    s = scene(MODERN)
    assert_blocked("I read Bell's mind", s, "no_ability")
    assert_blocked("I probe the sysop's thoughts", s, "no_ability")
    assert_allowed("I read Bell's face for a lie", s)
    assert_allowed("I ask Bell about telepathy", s)
    assert_allowed("I read Bell's mind", scene(MODERN, abilities=["telepathy"]))


# -- locked features, however one tries to get in ---------------------------------------------


@pytest.mark.parametrize("text", [
    "I pull open the storeroom door",
    "I swing the storeroom door open",
    "I let myself into the storeroom",
    "I slip into the storeroom",
])
def test_getting_into_a_locked_room_without_its_key_is_environment(text: str) -> None:
    assert_blocked(text, scene(FORT), "environment")


def test_the_key_in_hand_opens_it_and_forcing_it_is_for_the_dice() -> None:
    assert_allowed("I let myself into the storeroom", scene(FORT, inventory=["storeroom key"]))
    assert_allowed("I kick the storeroom door open", scene(FORT))
    assert_allowed("I knock on the storeroom door", scene(FORT))


def test_the_captains_cabin_is_behind_the_captains_cabin_door() -> None:
    s = Scene.from_dict(HARBOUR)
    assert_blocked("I let myself into the captain's cabin", s, "environment")
    assert_allowed("I ask the cabin boy for the mop", s)


def test_climbing_out_of_a_window_that_cannot_be_climbed_is_environment() -> None:
    assert_blocked("I climb out the barred window", scene(FORT), "environment")


def test_an_exit_that_shares_a_word_with_a_locked_door_is_still_open() -> None:
    assert_allowed("I slip out into the back alley", scene(FORT))
    assert_blocked("I go into the back room", scene(FORT), "environment")


# -- someone who is not here ------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "I report to the commander",
    "I ask the snake charmer about the caravan",
    "I challenge the master-at-arms to a duel",
    "I haggle with the carpet seller",
    "I bow to the elf queen",
])
def test_addressing_someone_absent_is_a_target_block(text: str) -> None:
    assert_blocked(text, scene(FORT), "target")


@pytest.mark.parametrize("text", [
    "I haggle with the water seller",
    "I report to the sergeant",
    "I pray to the gods",
    "I wait for the blacksmith",
    "I run to fetch the healer",
    "I raise a tankard to the king",
])
def test_someone_here_or_not_needed_here_is_allowed(text: str) -> None:
    assert_allowed(text, scene(FORT))


# -- the item the words name must be the one held --------------------------------------------


def test_ammunition_needs_the_weapon_that_fires_it() -> None:
    s = scene(FORT)
    assert_blocked("I shoot an arrow at the dog", s, "no_item")
    assert_allowed("I sling a stone at the dog", s)
    assert_allowed("I shoot an arrow at the dog", scene(FORT, inventory=["longbow"]))


def test_a_specific_weapon_is_not_another_of_its_family() -> None:
    s = scene(FORT)
    assert_blocked("I swing my flail at the dog", s, "no_item")
    assert_allowed("I swing my mace at the dog", s)
    assert_allowed("I swing my weapon at the dog", s)


def test_lighting_an_unheld_thing_is_no_item() -> None:
    assert_blocked("I light a stick of dynamite", scene(FORT), "no_item")
    assert_allowed("I light the iron brazier", scene(FORT))


# -- words the guard cannot read are never blocked -------------------------------------------


@pytest.mark.parametrize("text", ["Je lance une boule de feu sur le garde", "Ataco al guardia con mi espada", "Я атакую стражника мечом"])
def test_non_english_input_stays_ambiguous_and_unblocked(text: str) -> None:
    s = scene(FORT)
    assert all(i.ambiguous for i in extract(text, s))
    assert_allowed(text, s)


# -- the word classes behind these decisions ----------------------------------------------


def test_wordnet_classes_tell_people_things_and_abstractions_apart() -> None:
    from bot.guard.lexicon.wordclass import compound_head, is_abstract, is_being, is_carried_thing, is_classifier, is_garment, verb_codes

    assert is_being("charmer") and is_being("harbormaster") and is_being("principal")
    assert is_carried_thing("dynamite") and is_carried_thing("blanket") and is_carried_thing("phone")
    assert not is_carried_thing("turn") and is_abstract("time") and is_garment("hat")
    assert compound_head("sergeant-at-arms") == "sergeant"
    assert is_classifier("carpet") and not is_classifier("old")
    assert verb_codes("haggle") and verb_codes("seep").startswith("v")
