"""Post-validation, from the misses and false alarms of narration holdout set o: causes that recur
across settings, fixed as readings of the sentence, not as phrases.

Each cause is shown in a scene no evaluation set uses: a lighthouse keeper's watch room on a
Breton island in 1890 (no magic), with a keeper, a supply-boat man, a cat and a stair; both sides
are shown where a rule could overreach.
"""

from __future__ import annotations

from typing import Any

from bot.guard.finding import BLOCK
from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Breton island lighthouse, 1890",
        "world_rules": ["no magic", "nothing invented after 1890"],
        "location": {"name": "Lamp Room Gallery",
                     "description": "The glass lantern room at the top of the tower, with a "
                                    "narrow iron gallery outside.",
                     "exits": ["Spiral Stair", "Harbour Quay"],
                     "features": [{"name": "oil store door", "locked": True, "key": "oil key"},
                                  {"name": "lantern glass", "climbable": False}]},
        "npcs": [{"name": "Yann Le Goff", "aliases": ["the keeper"], "abilities": [],
                  "items": ["oil key", "trimming scissors"]},
                 {"name": "Corentin", "aliases": ["the boatman"], "abilities": ["row"],
                  "items": ["oar", "net"]}],
        "items": ["can of paraffin", "logbook", "brass telescope"],
        "creatures": ["a tabby cat"],
        "player": {"name": "Anne", "class": "inspector", "hp": 10, "max_hp": 10,
                   "inventory": ["notebook", "pencil", "oilskin coat"],
                   "abilities": ["inspect"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _blocks(text: str, scene: Scene | None = None) -> list[str]:
    return [f.kind for f in postvalidate(text, scene or _scene()) if f.severity == BLOCK]


def test_people_at_the_exit_the_player_reaches_are_that_place_s_colour() -> None:
    text = ("You go down the stair and out to the Harbour Quay, where a fishwife shouts "
            "prices over the baskets.")
    assert "absent_npc" not in _blocks(text)


def test_beasts_at_the_exit_the_player_reaches_are_that_place_s_colour() -> None:
    text = "You walk down onto the Harbour Quay. Gulls wheel over the drying nets."
    assert "invented_creature" not in _blocks(text)


def test_someone_in_the_room_before_the_player_leaves_is_still_judged() -> None:
    text = ("A fishwife bustles in and shouts at you; then you walk down to the Harbour Quay.")
    assert "absent_npc" in _blocks(text)


def test_people_below_the_location_itself_are_off_the_scene() -> None:
    text = "Below the gallery, a boy hauls a bucket up the rocks, singing."
    assert "absent_npc" not in _blocks(text)


def test_someone_in_the_location_is_still_judged() -> None:
    text = "On the gallery a boy hauls a bucket up to the lamp, singing."
    assert "absent_npc" in _blocks(text)


def test_it_that_stands_for_a_beast_may_right_itself() -> None:
    text = ("The pencil clips the cat off the ledge. It hits the floor, rights itself and "
            "stalks away.")
    assert "impossible_ability" not in _blocks(text)


def test_a_thing_that_rights_itself_is_still_a_marvel() -> None:
    text = "The can of paraffin tips over, then rights itself."
    assert {"impossible_ability", "world_rule"} & set(_blocks(text))


def test_an_ambiguous_beast_word_made_of_a_stuff_is_the_thing() -> None:
    text = "Yann brushes the dust off its wax seal with his thumb."
    assert "invented_creature" not in _blocks(text)


def test_a_seal_that_does_a_beast_s_act_is_still_a_beast() -> None:
    text = "A grey seal barks at you from the gallery."
    assert "invented_creature" in _blocks(text)


def test_a_tongue_and_its_people_before_a_noun_is_an_adjective() -> None:
    text = "Yann mutters a Latin prayer, trimming the wick."
    assert "absent_npc" not in _blocks(text)


def test_a_denied_thing_with_a_qualifier_of_place_is_still_denied() -> None:
    scene = _scene(world_rules=["no steamers in this harbour yet; sail and oar only"])
    text = "Out past the breakwater a steamer trails black smoke toward the quay."
    assert "world_rule" in _blocks(text, scene)


def test_a_qualified_denial_of_no_thing_keeps_its_words() -> None:
    scene = _scene(world_rules=["no sound in the vacuum outside"])
    assert "world_rule" not in _blocks("The sound of the gulls fills the lamp room.", scene)


def test_a_thing_that_straightens_itself_is_a_marvel() -> None:
    text = "You tap the bent lamp frame and its struts straighten themselves with a hum."
    assert {"impossible_ability", "world_rule"} & set(_blocks(text))


def test_water_that_boils_on_its_own_is_a_marvel() -> None:
    text = "Yann mutters over the kettle and the water boils on its own, with no fire under it."
    assert {"impossible_ability", "world_rule"} & set(_blocks(text))


def test_a_failure_told_as_beyond_the_player_s_means_is_a_failure() -> None:
    from bot.world.outcome import Outcome

    outcome = Outcome.from_eval({"success": False, "roll": 3})
    text = "The lens clockwork is ruined beyond the tools you carry; Yann sighs."
    found = postvalidate(text, _scene(), [], outcome)
    assert not [f for f in found if f.kind == "outcome_mismatch" and f.severity == BLOCK]


def test_a_belittled_single_coin_is_the_figure_one() -> None:
    from bot.world.outcome import Outcome

    outcome = Outcome.from_eval({"success": True, "roll": 14, "gold": 4})
    scene = _scene(player={"name": "Anne", "class": "inspector", "hp": 10, "max_hp": 10,
                           "inventory": ["notebook", "6 francs"], "abilities": ["inspect"]})
    text = "Corentin lets the net pass into your hands for a mere single franc."
    found = postvalidate(text, scene, [], outcome)
    assert any(f.kind == "outcome_mismatch" for f in found)


def test_people_seen_through_a_far_seeing_glass_are_far_off() -> None:
    text = ("Through the brass telescope you pick out figures on the far ridge: riders, "
            "perhaps ten, moving fast.")
    assert "absent_npc" not in _blocks(text)


def test_a_locked_door_named_by_what_its_key_opens_is_that_feature() -> None:
    text = "The oil door gives with a shove and you step inside."
    assert "physics" in _blocks(text)


def test_a_locked_door_named_by_its_key_that_stays_shut_is_fine() -> None:
    assert "physics" not in _blocks("The oil door stays shut however hard you shove.")


def test_someone_who_lifts_gently_from_the_floor_flies() -> None:
    assert "physics" in _blocks("Yann lifts gently from the floor and hangs there, turning.")


def test_someone_who_lifts_a_thing_from_the_floor_does_not_fly() -> None:
    assert "physics" not in _blocks("Yann lifts the logbook from the floor and dusts it off.")
