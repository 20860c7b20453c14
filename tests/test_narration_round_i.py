"""Post-validation, from the misses and false alarms of narration_holdout_i.

Each cause is proved in a scene and with words no evaluation set uses: a Breton lighthouse in
1894 (no magic), with a granite tower no one can climb, a locked lamp-room door, a barred
window, a fish merchant, a pair of cormorants and a pack of hounds. Both sides are shown where a
rule could overreach: the climbable ladder, the back room, a body pinned by a grip, a trade whose
goods nobody here deals in.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.guard.facts.figures import figures
from bot.guard.failure_told import failure_told
from bot.guard.postvalidate import postvalidate
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Breton lighthouse, 1894",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1894"],
        "location": {"name": "Phare de Kermorvan",
                     "description": "The keeper's ground-floor store of a granite lighthouse: "
                                    "oil drums, coiled hawsers, a logbook on the shelf.",
                     "exits": ["Keeper's Cottage", "Signal Room"],
                     "features": [{"name": "granite tower", "climbable": False},
                                  {"name": "iron ladder", "climbable": True},
                                  {"name": "lamp room door", "locked": True, "key": "brass key"},
                                  {"name": "barred window", "climbable": False}]},
        "npcs": [{"name": "Yann Le Gall", "aliases": ["keeper", "lighthouse keeper"],
                  "abilities": ["seamanship"], "items": ["brass key", "spyglass"]},
                 {"name": "Maela", "aliases": ["fish merchant", "fishwife"], "abilities": [],
                  "items": ["basket of mackerel", "gutting knife"]}],
        "items": ["oil drums", "logbook", "coil of hawser"],
        "creatures": ["a pair of cormorants", "a pack of hounds"],
        "player": {"name": "Ines", "class": "inspector of lights", "hp": 14, "max_hp": 14,
                   "inventory": ["notebook", "pocket watch", "oilskin coat", "lantern"],
                   "abilities": ["survey", "first aid"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _kinds(text: str, outcome: Outcome | None = None, scene: Scene | None = None,
           action: str = "") -> list[str]:
    intents = [Intent(action_type="other", words=action)] if action else []
    return [f.kind for f in postvalidate(text, scene or _scene(), intents, outcome)]


def _blocked(text: str, outcome: Outcome | None = None, scene: Scene | None = None,
             action: str = "") -> list[str]:
    intents = [Intent(action_type="other", words=action)] if action else []
    return [f.kind for f in postvalidate(text, scene or _scene(), intents, outcome)
            if f.severity == "block"]


# --- climbing what cannot be climbed ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "You work your way down the sheer face of the granite tower to the rocks.",
    "You go up the granite face hand over hand and reach the gallery at dusk.",
    "You set a boot on the sill and a hand on the tower, and haul yourself up the stonework to "
    "the gallery rail.",
])
def test_climbing_down_or_up_a_surface_of_an_unclimbable_feature_breaks_physics(text: str) -> None:
    assert "physics" in _blocked(text)


def test_climbing_the_climbable_ladder_is_fine() -> None:
    assert "physics" not in _blocked("You go up the iron ladder hand over hand.")


# --- people named by their trade ----------------------------------------------------------------

def test_a_hyphenated_trade_of_the_goods_a_present_merchant_deals_in_is_that_merchant() -> None:
    assert "absent_npc" not in _blocked("The fish-seller wipes her hands on her apron and "
                                        "names her price.")


def test_a_hyphenated_trade_in_goods_no_one_here_deals_in_is_someone_absent() -> None:
    assert "absent_npc" in _blocked("The lace-seller wipes her hands on her apron and names "
                                    "her price.")


def test_a_bear_of_a_man_is_a_big_man_not_a_bear() -> None:
    assert "invented_creature" not in _blocked(
        "Yann, an ox of a man, shoulders the oil drum without a grunt.")


# --- creatures counted by a collective ----------------------------------------------------------

def test_a_pair_in_the_scene_is_two() -> None:
    assert "invented_creature" not in _blocked("The two cormorants hold out their wings to dry.")
    assert "invented_creature" in _blocked("Three cormorants hold out their wings to dry.")


def test_a_pack_in_the_scene_is_some_unknown_many() -> None:
    assert "invented_creature" not in _blocked("Five hounds nose along the tideline.")


# --- figures and results -----------------------------------------------------------------------

def test_hit_points_a_fall_costs_are_damage_not_what_is_left() -> None:
    hurt = Outcome.from_eval({"success": False, "roll": 5, "damage": 3, "hp_after": 11})
    text = ("The wet rung slips from your grip and you fall; it costs you three hit points, and "
            "you pick yourself up with 11 left.")
    assert [f.role for f in figures(text)][:1] == ["damage"]
    assert "outcome_mismatch" not in _blocked(text, hurt)


def test_ground_giving_way_under_the_player_is_the_failure_not_a_success() -> None:
    hurt = Outcome.from_eval({"success": False, "roll": 3, "damage": 2, "hp_after": 12})
    text = ("The rotten boardwalk gives way under your feet and you drop into the shallows, "
            "bruised and soaked.")
    assert "outcome_mismatch" not in _blocked(text, hurt, action="I cross the boardwalk")


def test_tearing_a_snagged_thing_free_is_no_blow_and_being_too_late_tells_the_failure() -> None:
    missed = Outcome.from_eval({"success": False, "roll": 2})
    text = ("Your watch chain catches on a nail. By the time you wrench it free, Yann has the "
            "lamp room door shut behind him.")
    assert failure_told("the rope snags on a cleat")
    assert "outcome_mismatch" not in _blocked(text, missed, action="I follow the keeper")


def test_coming_through_a_harmful_failure_unhurt_contradicts_the_damage() -> None:
    hurt = Outcome.from_eval({"success": False, "roll": 4, "damage": 5, "hp_after": 9})
    text = "The wave slams you against the rail, but you pick yourself up unharmed."
    assert "outcome_mismatch" in _blocked(text, hurt)


def test_a_roll_named_with_a_judgement_between_is_still_the_roll() -> None:
    rolled = Outcome.from_eval({"success": True, "roll": 17})
    text = "The roll is a poor one, a 6, but the wick catches all the same."
    assert [(f.value, f.role) for f in figures(text)][-1] == (6, "roll")
    assert "outcome_mismatch" in _blocked(text, rolled)


# --- someone absent, said to be there after all -------------------------------------------------

def test_not_one_person_but_another_affirms_the_other() -> None:
    text = ("You look again: it is not Yann at all but Admiral Kerbrat himself who answers, "
            "\"The light must burn.\"")
    assert "absent_npc" in _blocked(text)


# --- things found, yielded, palmed ------------------------------------------------------------

def test_a_thing_named_with_a_colour_word_before_it_is_still_judged() -> None:
    assert "invented_item" in _kinds("Behind the drums you find a pair of snow goggles.")


def test_what_a_searched_thing_gives_up_must_be_there() -> None:
    assert "invented_item" in _blocked("The shelf gives up a brass compass, which you slip "
                                       "into your coat.")


def test_a_list_of_finds_goes_on_after_an_aside_of_where_it_lay() -> None:
    assert "invented_item" in _blocked("You find the logbook and, tucked behind its spine, a "
                                       "silver locket, which you keep.")


def test_a_container_full_of_something_is_the_container() -> None:
    assert "invented_item" not in _kinds("Beside the door you find a logbook full of tide "
                                         "tables.")


def test_a_thing_palmed_must_be_there_to_take() -> None:
    assert "invented_item" in _kinds("You palm a gold signet ring while Yann's back is turned.")
    assert "invented_item" not in _kinds("You pocket a notebook while Yann's back is turned.")


# --- movement -----------------------------------------------------------------------------------

def test_a_verb_in_a_series_is_no_subject_for_the_move_after_it() -> None:
    text = ("You prise up the shutter, turn sideways, squeeze out between the bars of the "
            "window and drop onto the rocks.")
    assert "physics" in _blocked(text)


def test_a_locked_door_that_cycles_open_without_its_key_is_still_locked() -> None:
    assert "physics" in _blocked("You press the brass plate and the lamp room door glides open.")


def test_eyes_shut_here_and_opened_there_is_teleporting() -> None:
    text = ("You shut your eyes, and when you open them you are already at the top of the "
            "tower stair.")
    assert "physics" in _blocked(text)


def test_another_room_of_the_exits_kind_is_not_the_exit() -> None:
    assert "invented_location" in _blocked("You cross the store and step into a chart room.")
    assert "invented_location" not in _blocked("You cross the store and step into the signal "
                                               "room.")
    assert "invented_location" not in _blocked("You cross the store and step into the back "
                                               "room.")


# --- powers the prose gives no ordinary cause for -----------------------------------------------

def _rune_scene() -> Scene:
    return _scene(world_rules=["only a druid can work galdr or any other magic"],
                  npcs=[{"name": "Gwenn", "aliases": ["druid"], "abilities": ["galdr"],
                         "items": ["oak staff"]}])


def test_a_power_the_rules_name_beside_magic_is_magic_in_anyone_else() -> None:
    text = "You trace the signs on the flagstones and let the galdr take you."
    assert "impossible_ability" in _blocked(text, scene=_rune_scene())
    assert "impossible_ability" not in _blocked("Gwenn traces the signs and lets the galdr "
                                                "take her.", scene=_rune_scene())


@pytest.mark.parametrize("text", [
    "Yann says nothing. The words simply arrive in your head, put there by the keeper.",
    "Yann taps his temple. \"I can hear everything inside your head, inspector.\"",
    "Yann only looks at you, and you find you cannot move your legs while he pockets the key.",
    "Yann whispers a single word and the lantern goes out at once.",
    "Maela sings, and a ward of golden light settles over the store.",
    "Yann lays a palm on your scalded wrist and the blisters heal while you watch.",
])
def test_a_marvel_with_no_ordinary_cause_is_a_power_the_setting_lacks(text: str) -> None:
    assert set(_blocked(text)) & {"impossible_ability", "world_rule"}


def test_a_body_held_down_by_a_grip_is_no_marvel() -> None:
    text = "Yann pins you against the drums and you cannot move your arms."
    assert not set(_blocked(text)) & {"impossible_ability", "world_rule"}


# --- a journey's end coming into view -----------------------------------------------------------

def test_a_building_at_a_named_place_rising_out_of_the_haze_is_that_place_reached() -> None:
    text = "You row for an hour, and at last the huts at Port Manec'h rise out of the mist."
    assert "invented_location" in _blocked(text)
    assert "invented_location" not in _blocked("You row for an hour, and at last the huts at "
                                               "Port Manec'h are lost in the mist behind you.")


# --- beasts told without their name -------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "From the rocks comes the wet grunting of some big animal, and the hounds bristle.",
    "Your lantern finds a many-legged thing wedged in the hawser coil.",
    "A grey thing clings to the drum, its feelers twitching at the oil.",
    "Beyond the reef a long black fin cuts the water and slides under.",
])
def test_a_beast_told_without_naming_its_kind_is_doubtful(text: str) -> None:
    assert "invented_creature" in _kinds(text)


def test_the_scenes_own_creatures_in_plain_words_are_no_unnamed_beast() -> None:
    text = "The hounds nose at the door, and the two cormorants dry their wings on the rail."
    assert "invented_creature" not in _kinds(text)


@pytest.mark.parametrize("text", [
    "Yann says a single word and the whole store falls silent.",
    "Maela swallows the mackerel whole as you watch, and laughs at your face.",
    "You sprint along the jetty, and the distance is covered in no time at all.",
])
def test_ordinary_causes_are_no_marvel(text: str) -> None:
    assert not set(_blocked(text)) & {"impossible_ability", "world_rule", "physics"}
