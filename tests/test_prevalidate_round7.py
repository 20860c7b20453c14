"""Pre-validation, round 7: what a fresh set of player actions showed the checks missed.

Each test names a principle, in a scene and words of its own (an ocean liner and a Martian dome,
not the set's scenes): an emote's closing mark ends its deed; "n" joins two deeds; a journey that
carries on past an exit is judged from here; rooms of a ship are elsewhere; someone's thing called
"my" is still theirs; names written in lower case are names; magic worked on a thing, or begged of
a god as a storm, is magic; another's trained skill done by the player is borrowed; a title "of"
another place is someone else; everyday words for a person are whoever is here; the outside a
world rule closes without gear is closed; "go <verb>" does the verb.
"""

from __future__ import annotations

import pytest

from bot.guard.prevalidate import check_text, first_block
from bot.world.scene import Scene


def _liner(**over) -> Scene:
    data = {
        "setting": "transatlantic ocean liner, 1931",
        "world_rules": ["no magic; charms and prayers do nothing", "nothing invented after 1931"],
        "location": {
            "name": "Promenade Deck",
            "description": "A teak deck lined with steamer chairs, a rail over the grey water, a band playing under an awning.",
            "exits": ["Grand Staircase", "Lift"],
            "features": [{"name": "smokestack", "climbable": False}, {"name": "purser's door", "locked": True, "key": "purser's key"}],
        },
        "npcs": [
            {"name": "Captain Hale", "aliases": ["captain", "skipper"], "abilities": ["navigation"], "items": ["spyglass", "purser's key", "jade scarab amulet"]},
            {"name": "Nell Ashby", "aliases": ["stewardess", "Nell"], "abilities": [], "items": ["tea tray", "bosun's whistle"]},
            {"name": "Dr. Varga", "aliases": ["ship's doctor", "Varga"], "abilities": ["surgery"], "items": ["doctor's bag"]},
        ],
        "items": ["steamer chair", "life ring"],
        "creatures": ["a gull on the rail"],
        "player": {"name": "Ivo Pratt", "class": "journalist", "hp": 10, "max_hp": 10,
                   "inventory": ["notebook", "fountain pen", "box camera"], "abilities": ["shorthand"]},
        "party": [],
    }
    data.update(over)
    return Scene.from_dict(data)


def _block(text: str, scene: Scene | None = None):
    _, findings = check_text(text, scene or _liner())
    return first_block(findings)


def _blocked_as(text: str, kind: str, scene: Scene | None = None) -> None:
    f = _block(text, scene)
    assert f is not None, f"not blocked: {text!r}"
    assert f.kind == kind, (text, f.kind, f.message)


def _allowed(text: str, scene: Scene | None = None) -> None:
    f = _block(text, scene)
    assert f is None, (text, f.kind if f else None, f.message if f else None)


def test_an_emotes_closing_mark_ends_the_deed_so_the_claimed_spyglass_is_checked():
    _blocked_as("*flashes my spyglass* nobody move", "no_item")


def test_n_between_two_deeds_splits_them_so_the_unclimbable_is_checked():
    _blocked_as("climb up the smokestack n dance on top", "environment")


def test_a_journey_carried_on_past_an_exit_is_judged_from_here_unless_it_rides_that_exit():
    _blocked_as("go down the grand staircase then stroll over to little venice", "location")
    _blocked_as("slip down the grand staircase then head over to the casino royale", "location")
    _allowed("take the lift and ride it up to the sun deck")
    _allowed("leave by the lift then walk to the bar")


def test_a_verbless_onward_step_is_a_movement_too():
    _blocked_as("walk down the grand staircase and then on to the duke's palace", "location")


@pytest.mark.parametrize("text", ["head down to the cargo hold", "go up to the first class lounge"])
def test_rooms_of_a_ship_the_scene_lacks_are_elsewhere(text):
    _blocked_as(text, "location")


def test_someones_thing_called_my_and_taken_is_still_theirs_whatever_the_word_names():
    _blocked_as("grab my scarab and rub it for luck", "no_item")  # "scarab" is a beetle to the dictionary
    _allowed("grab the life ring")


@pytest.mark.parametrize("text", ["ask ned kelly for a light", "salute lord nelson and ask him for orders"])
def test_a_name_written_in_lower_case_is_someone_absent(text):
    _blocked_as(text, "target")
    _allowed("ask nell for a cup of tea")
    _allowed("ask varga abt the storm last night")


def test_magic_worked_on_a_thing_is_magic():
    _blocked_as("i jinx the lifeboat so it springs a leak", "no_ability")


def test_begging_a_god_to_send_a_storm_is_a_working():
    _blocked_as("call on poseidon to send a storm and turn the ship back", "no_ability")
    _allowed("call on the stewardess to bring tea")


def test_another_characters_one_word_skill_done_by_the_player_is_borrowed():
    _blocked_as("i operate on the stewardess's hand myself", "no_ability")
    _allowed("i operate the box camera")


def test_a_title_of_a_place_the_scene_never_names_is_someone_else():
    _blocked_as("greet the captain of the lusitania", "target")
    _allowed("greet the captain")


def test_an_everyday_word_for_a_person_is_whoever_is_here():
    _allowed("eyeball the chap in the bowler hat, is he a card sharp")


def test_go_then_a_verb_does_that_verb():
    _blocked_as("go pet the dolphins", "target")


def _dome(inventory: list[str]) -> Scene:
    return Scene.from_dict({
        "setting": "Mars colony, 2190",
        "world_rules": ["no magic or psionics", "the air outside is thin and freezing: no one leaves the dome without a pressure suit"],
        "location": {"name": "Greenhouse Dome", "description": "Rows of beans under lamps.", "exits": ["Lock Two", "Tunnel B"],
                     "features": []},
        "npcs": [{"name": "Okafor", "aliases": ["agronomist"], "abilities": [], "items": ["trowel"]}],
        "items": ["pressure suit", "watering can"],
        "player": {"name": "Rue", "class": "engineer", "inventory": inventory, "abilities": ["fix pumps"]},
    })


def test_going_outside_without_the_gear_a_world_rule_requires_is_barred_but_not_with_it():
    _blocked_as("cycle lock two and step outside in my coveralls", "environment", _dome(["wrench", "coveralls"]))
    _allowed("put on the pressure suit and step outside", _dome(["wrench"]))
    _allowed("step outside to check the antenna", _dome(["wrench", "pressure suit"]))
