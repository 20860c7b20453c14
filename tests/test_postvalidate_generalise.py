"""Post-validation generalises: each mechanism the blind red team asked for catches a phrasing
no test set uses, and each false-alarm cause it found is left alone, in a scene of its own."""

from __future__ import annotations

import copy

import pytest

from bot.guard import vocabulary as V
from bot.guard.finding import BLOCK, Finding
from bot.guard.postvalidate import postvalidate
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

DOCKS = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or gunpowder", "no modern technology",
                    "only wizards, clerics and druids can cast spells"],
    "location": {"name": "The Drowned Lantern",
                 "description": "A low-beamed dockside tavern that smells of tar and fish stew.",
                 "exits": ["Wharf Street", "Back Room"],
                 "features": [{"name": "stone chimney", "climbable": False},
                              {"name": "strongroom door", "locked": True, "key": "brass key"},
                              {"name": "rafters", "climbable": True}]},
    "npcs": [{"name": "Morwen", "aliases": ["the landlady", "landlady"], "abilities": [],
              "items": ["brass key", "ladle", "jar of leeches"]},
             {"name": "Kell", "aliases": ["the bouncer", "bouncer"], "abilities": ["club strike"],
              "items": ["cudgel", "leather jerkin"]},
             {"name": "Sister Ama", "aliases": ["the priestess", "Ama"],
              "abilities": ["bless", "cure wounds"], "items": ["prayer beads"]}],
    "items": ["pot of fish stew", "barrel of ale", "dice cup"],
    "creatures": ["two scruffy terriers"],
    "player": {"name": "Dagr", "class": "fighter", "hp": 20, "max_hp": 24,
               "inventory": ["longsword", "shield", "coil of rope", "5 gold coins"],
               "abilities": ["second wind", "action surge"]},
    "party": [],
}

OFFICE = {
    "setting": "present-day city",
    "world_rules": ["no magic or supernatural powers", "realistic present-day physics"],
    "location": {"name": "Ninth Precinct Squad Room",
                 "description": "Desks, a humming vending machine and a whiteboard of mugshots.",
                 "exits": ["Hallway", "Interview Room"],
                 "features": [{"name": "evidence locker", "locked": True, "key": "locker key"}]},
    "npcs": [{"name": "Sergeant Ruiz", "aliases": ["Ruiz", "the sergeant"], "abilities": [],
              "items": ["locker key", "coffee mug"]}],
    "items": ["vending machine", "whiteboard"],
    "creatures": [],
    "player": {"name": "Kim", "class": "detective", "hp": 12, "max_hp": 12,
               "inventory": ["badge", "smartphone", "notebook"], "abilities": ["deduction"]},
    "party": [],
}


@pytest.fixture()
def docks() -> Scene:
    return Scene.from_dict(copy.deepcopy(DOCKS))


@pytest.fixture()
def office() -> Scene:
    return Scene.from_dict(copy.deepcopy(OFFICE))


def blocked_kinds(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings if f.severity == BLOCK}


# --- powers described without spell words ------------------------------------------------------

@pytest.mark.parametrize("text", [
    "Kell waggles his fingers and the dice cup rises of its own accord.",
    "Morwen whispers one word, and the rain hammering the shutters falls silent at once.",
    "Kell blows a long note on his fingers and a howling gale rises out of nowhere.",
    "Morwen hums, and her words worm their way into the drinkers' minds like hooks.",
    "Kell's cudgel bursts into crackling violet flame as he raises it.",
    "Morwen opens the strongroom door with a flick of her wrist.",
])
def test_a_power_without_spell_words_is_impossible_for_someone_without_it(docks, text):
    assert "impossible_ability" in blocked_kinds(postvalidate(text, docks))


def test_a_caster_cannot_do_what_none_of_her_abilities_does(docks):
    text = "Sister Ama raises her beads and a roaring wall of green fire erupts across the room."
    assert "impossible_ability" in blocked_kinds(postvalidate(text, docks))


def test_a_caster_may_do_what_her_abilities_do(docks):
    text = ("Sister Ama lays a hand on your cut and murmurs a prayer; the bleeding slows and the "
            "wound closes under her fingers.")
    assert not blocked_kinds(postvalidate(text, docks))


def test_supernatural_eyes_break_a_world_without_magic(office):
    text = "Ruiz's pupils flare a sickly yellow and he mutters something in a dead language."
    assert "world_rule" in blocked_kinds(postvalidate(text, office))


def test_eyes_flashing_with_anger_are_only_a_look(docks):
    assert not blocked_kinds(postvalidate("Morwen's eyes flash with anger.", docks))


# --- physics as a family of frames --------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The strongroom door is locked, so you simply step through the iron-bound oak.",
    "You spring twenty feet straight up and land lightly on the roof beam.",
    "You step out of the window onto the empty air and stroll across to the next roof.",
    "You let yourself go weightless and drift down the stairwell like a feather.",
    "You bend the bars of the window apart like reeds.",
    "You shinny up the stone chimney and perch on top.",
    "You jiggle the strongroom door and it swings open for you.",
    "You reach through the planks of the strongroom door and lift the bar inside.",
])
def test_bodies_cannot_do_what_bodies_cannot(docks, text):
    assert "physics" in blocked_kinds(postvalidate(text, docks))


def test_flying_into_a_rage_is_an_idiom(docks):
    assert not blocked_kinds(postvalidate("Kell bellows and flies into a rage.", docks))


def test_another_door_is_not_the_locked_one(docks):
    text = "You shoulder open the back door and step out toward Wharf Street."
    assert not blocked_kinds(postvalidate(text, docks))


def test_the_key_holder_may_open_the_door_with_her_key(docks):
    text = "Morwen unlocks the strongroom door with her brass key and waves you through."
    assert not blocked_kinds(postvalidate(text, docks))


# --- arrivals -----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "You step out onto the sunlit quay of Port Aldane.",
    "The back room opens instead onto the courtyard of the Sultan's Palace.",
    "You push through the back room and out into the lobby of the Harbor Hotel.",
    "Before long you're standing in the middle of Harrowgate Docks.",
])
def test_arrival_frames_are_grounded_against_the_places_here(docks, text):
    assert "invented_location" in blocked_kinds(postvalidate(text, docks))


def test_arriving_at_an_exit_is_fine(docks):
    assert not blocked_kinds(postvalidate("You step out onto Wharf Street into the fog.", docks))


# --- creatures ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "A kraken's tentacle slaps the pier outside the window.",
    "Kell's pet wolf lifts its head and growls.",
    "There are the two terriers, and a third, a one-eyed husky, by the door.",
    "A pangolin waddles out from under the bar.",
])
def test_creatures_by_possessive_count_and_lexicon(docks, text):
    assert "invented_creature" in {f.kind for f in postvalidate(text, docks)}


@pytest.mark.parametrize("text", [
    "Morwen fishes two leeches out of her jar and drops them in a cup.",
    "The terrier watches the fire the way a cat watches a moth.",
    "Morwen ladles out the stew; chunks of cod float in it.",
    "'Left at dawn, twelve camels,' Kell says.",
])
def test_contents_similes_food_and_speech_are_no_new_creatures(docks, text):
    assert "invented_creature" not in blocked_kinds(postvalidate(text, docks))


# --- things -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "You uncork a crystal phial of angel's tears.",
    "Morwen rummages in a sea chest and presses a silver amulet shaped like a moon into your "
    "hand.",
    "You unfold a signed warrant bearing the Duke's seal.",
    "Kell strikes a flint and hands you a fat tallow candle.",
])
def test_handled_and_handed_things_must_be_held(docks, text):
    assert "invented_item" in blocked_kinds(postvalidate(text, docks))


def test_an_npcs_own_thing_is_fine_wherever_it_rests(docks):
    text = "Morwen's hand drifts to the pocket where the brass key rests."
    assert not blocked_kinds(postvalidate(text, docks))


# --- people -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The Duke of Marrowgate himself, resplendent in crimson, hands you a cup.",
    "You turn to find Mirela the Grey beside you.",
    "A voice cuts through the noise: it is Bartholo Blackthorn, who nods at you.",
    "Kell grunts. A stranger sits down opposite. 'I am Thane Durgrim, and I need a sword.'",
])
def test_titled_met_and_self_introduced_strangers_are_absent(docks, text):
    assert "absent_npc" in blocked_kinds(postvalidate(text, docks))


@pytest.mark.parametrize("text", [
    "Chitin cracks under the beetle's weight.",
    "Radiant fire descends on the hearth.",
    "The thief, if there ever was one, is gone.",
    "Morwen shrugs. 'Key's with the landlord, and the landlord's in Tacoma.'",
    "'I'll put the cuffs on him myself,' Morwen mutters.",
    "You count the coins page by page in your ledger.",
])
def test_ordinary_words_speech_and_absence_are_not_strangers(docks, text):
    assert "absent_npc" not in blocked_kinds(postvalidate(text, docks))


def test_an_english_word_heading_a_sentence_is_not_a_name():
    assert V.ordinary_word("chitin") and V.ordinary_word("Radiant")
    assert not V.ordinary_word("halvard") and not V.ordinary_word("zarek")


# --- outcomes without numbers -------------------------------------------------------------------

def miss() -> Outcome:
    return Outcome.from_eval({"success": False, "roll": 3})


def test_a_critical_hit_on_a_miss_contradicts_the_outcome(docks):
    found = postvalidate("A critical hit! Kell staggers back.", docks,
                         [Intent(action_type="attack")], miss())
    assert "outcome_mismatch" in blocked_kinds(found)


def test_a_curse_taking_hold_on_a_miss_contradicts_the_outcome(docks):
    found = postvalidate("Kell shudders as the curse takes hold.", docks,
                         [Intent(action_type="cast")], miss())
    assert "outcome_mismatch" in blocked_kinds(found)


def test_youre_in_on_a_failed_hack_contradicts_the_outcome(office):
    found = postvalidate("In ninety seconds you're in: every file laid bare.", office,
                         [Intent(action_type="other")], Outcome.from_eval({"success": False}))
    assert "outcome_mismatch" in blocked_kinds(found)


def test_every_damage_figure_is_compared(docks):
    outcome = Outcome.from_eval({"success": True, "roll": 15, "damage": 8})
    found = postvalidate("The first blow lands for 8 damage, and the second for another 6.", docks,
                         [Intent(action_type="attack")], outcome)
    assert "outcome_mismatch" in blocked_kinds(found)


def test_damage_split_into_parts_that_add_up_is_fine(docks):
    outcome = Outcome.from_eval({"success": True, "roll": 15, "damage": 7})
    found = postvalidate("Your blade bites for 3 damage, and the flame adds another 4.", docks,
                         [Intent(action_type="attack")], outcome)
    assert "outcome_mismatch" not in blocked_kinds(found)


# --- anachronisms -------------------------------------------------------------------------------

def test_a_battery_powered_lantern_breaks_a_medieval_world(docks):
    found = postvalidate("Kell flicks on a battery-powered lantern.", docks)
    assert "world_rule" in blocked_kinds(found)


def test_an_npc_cannot_speak_of_what_is_not_yet_invented(office):
    scene = Scene.from_dict({**copy.deepcopy(OFFICE), "setting": "1996 Seattle, realistic",
                             "world_rules": ["no technology invented after 1999"]})
    found = postvalidate("Ruiz grins. 'I looked him up on Facebook.'", scene)
    assert "world_rule" in blocked_kinds(found)
