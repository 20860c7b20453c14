"""A world rule's parenthesised aside is read for what it is to the rule, and a limit in time is a
cutoff, not a ban on everything modern.

Found in play: shadowwatch's own rule, "no technology beyond the late 1990s (dial-up modems,
payphones, pagers, floppy disks, BBSes, IRC)", banned the very gear it lists as the era's, and its
time limit was read as "no modern technology", banning aspirin and aeroplanes in 1997. Every look
around Zero's basement (a box of floppy disks) fell back to the template. The scenes here are of
their own: a 1980s radio station and a 1950s diner.
"""

from __future__ import annotations

from typing import Any

from bot.guard.postvalidate import postvalidate
from bot.world.loader import get_campaign
from bot.world.outcome import Outcome
from bot.world.scene import Scene
from bot.world.state import new_character, new_state, scene_for


def _scene(rules: list[str], setting: str = "pirate radio station, 1980s") -> Scene:
    base: dict[str, Any] = {
        "setting": setting,
        "world_rules": rules,
        "location": {"name": "Studio B", "description": "A cramped studio with a mixing desk and a window onto the harbour.",
                     "exits": ["Stairwell"], "features": []},
        "npcs": [{"name": "Dee", "aliases": ["night DJ"], "abilities": [], "items": ["headphones"]}],
        "items": ["mixing desk", "stack of records"],
        "creatures": [],
        "player": {"name": "Sol", "class": "engineer", "hp": 10, "max_hp": 10,
                   "inventory": ["screwdriver", "walkman", "cassette tape"], "abilities": []},
        "party": [],
    }
    return Scene.from_dict(base)


ERA = ["no technology beyond the late 1980s (cassette tapes, walkmans, answering machines, fax machines)"]


def _kinds(text: str, scene: Scene) -> list[str]:
    return [f.kind for f in postvalidate(text, scene, [], Outcome())]


def test_gear_a_rule_names_as_its_eras_own_is_not_forbidden() -> None:
    scene = _scene(ERA)
    assert "world_rule" not in _kinds("Dee's answering machine clicks on, and a fax machine whirs by the door.", scene)


def test_a_limit_in_time_is_a_cutoff_not_a_ban_on_everything_modern() -> None:
    scene = _scene(ERA)
    assert "world_rule" not in _kinds("Dee swallows an aspirin as an aeroplane drones over the harbour.", scene)
    assert "world_rule" in _kinds("Dee glances at the smartphone on the mixing desk.", scene)  # after the cutoff


def test_things_an_aside_denies_are_forbidden_in_its_own_words() -> None:
    scene = _scene(["no technology invented after 1955 (no transistor radios, no television)"],
                   setting="roadside diner")
    assert "world_rule" in _kinds("Dee switches on the television above the counter.", scene)


def test_examples_of_a_forbidden_class_in_an_aside_are_forbidden() -> None:
    scene = _scene(["no beasts of burden (mules, oxen)"], setting="mountain pass")
    assert "world_rule" in _kinds("A pair of oxen plods past the window, hauling a cart.", scene)
    assert "world_rule" not in _kinds("Dee hauls the stack of records up the stairwell herself.", scene)


def test_the_shipped_hacker_campaign_allows_its_own_floppy_disks_and_payphones() -> None:
    campaign = get_campaign("shadowwatch")
    state = new_state(campaign)
    state.characters["p"] = new_character(campaign, "p", "Neo", campaign.classes[0].name)
    scene = scene_for(state, campaign, "p")
    assert "world_rule" not in _kinds("You find a box of floppy disks by the monitors; a pager buzzes on the desk.", scene)
    assert "world_rule" not in _kinds("Zero says the payphone on Fifth takes a red box and a dial-up modem.", scene)
    assert "world_rule" in _kinds("Zero checks his iPhone and frowns.", scene)


def test_a_dated_setting_is_not_held_to_its_genre_words_era() -> None:
    frontier = _scene([], setting="space western, 2291")
    assert "world_rule" not in _kinds("Dee keys the comm and a hologram flickers above the mixing desk.", frontier)
    old_west = _scene([], setting="wild west frontier")
    assert "world_rule" in _kinds("Dee keys the comm and a hologram flickers above the mixing desk.", old_west)
