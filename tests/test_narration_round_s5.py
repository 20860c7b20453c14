"""Post-validation, from the misses and false alarms of narration holdout sets k and l (round s5):
causes that recur across settings, fixed as readings of the sentence, not as phrases.

Each cause is proved in a scene and with words no evaluation set uses: a canal lock-keeper's
cottage in 1905 Flanders (no magic, no telepathy), with a lock gate, a bargeman, a keeper, a goat
in the yard, and a clerk with a short list of gear. Both sides are shown where a rule could
overreach.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Flanders canal country, 1905",
        "world_rules": ["no magic, psionics or telepathy", "nothing invented after 1905"],
        "location": {"name": "Lock-keeper's Cottage",
                     "description": "A whitewashed cottage by the lock: a stove, a table "
                                    "under the window, oilcloth and a ledger of barges.",
                     "exits": ["Towpath", "Lock Gate"],
                     "features": [{"name": "sluice house door", "locked": True,
                                   "key": "sluice key"},
                                  {"name": "chimney", "climbable": False}]},
        "npcs": [{"name": "Jef Claes", "aliases": ["keeper", "Claes"], "abilities": [],
                  "items": ["sluice key", "windlass", "pipe"]},
                 {"name": "Mieke", "aliases": ["bargewoman"], "abilities": ["poling"],
                  "items": ["boat hook", "tin of tobacco"]}],
        "items": ["ledger of barges", "oil lamp", "kettle"],
        "creatures": ["a goat in the yard"],
        "player": {"name": "Pieter", "class": "clerk", "hp": 12, "max_hp": 12,
                   "inventory": ["fountain pen", "notebook", "umbrella", "4 francs"],
                   "abilities": ["bookkeeping", "persuade"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _blocked(text: str, scene: Scene | None = None) -> list[str]:
    return [f.kind for f in postvalidate(text, scene or _scene(), [], None)
            if f.severity == "block"]


# --- arriving somewhere that is not an exit, at the end of a long route --------------------------

@pytest.mark.parametrize("text", [
    "The barge drifts out under the bridge and sets you down onto the quay of a great harbour.",
    "The current rolls you up onto the sandbank of an island no map shows.",
    "You go out along the towpath, past the moored barges and down a brick stair into the "
    "crypt of the old abbey.",
    "You slip round the stove, through a low door behind the dresser, into the keeper's "
    "private library.",
    "You follow the towpath and come out on the market square of Ghent.",
    "You cross the yard and straight out of the cottage onto Veldstraat, where trams ring.",
])
def test_a_route_that_ends_somewhere_else_is_an_invented_location(text: str) -> None:
    assert "invented_location" in _blocked(text)


@pytest.mark.parametrize("text", [
    "You cross to the table and pour the coffee into a tin mug.",
    "You walk to the window, lean on the sill and drift into a daydream.",
    "Mieke pulls you over into a rough hug.",
    "You go round the stove and into the warmth by the window.",
])
def test_a_route_into_a_thing_or_a_mood_is_no_arrival(text: str) -> None:
    assert "invented_location" not in _blocked(text)


# --- one mind touching another is telepathy -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "You let your mind brush against his, and feel the lie coiled there.",
    "Mieke's thoughts press against yours, cold as the canal.",
    "You listen past his grumbling to the thoughts underneath: he is afraid of the inspector.",
    "You hear the thoughts behind her smile, sharp and counting.",
])
def test_minds_touching_where_there_is_no_telepathy_is_flagged(text: str) -> None:
    kinds = _blocked(text)
    assert "world_rule" in kinds or "impossible_ability" in kinds


@pytest.mark.parametrize("text", [
    "You listen to Claes's thoughts on the new sluice, which are many and loud.",
    "You share your thoughts with Mieke over the kettle.",
    "You can tell from his face what the keeper is thinking.",
])
def test_thoughts_said_aloud_or_read_from_a_face_are_ordinary(text: str) -> None:
    kinds = _blocked(text)
    assert "world_rule" not in kinds and "impossible_ability" not in kinds


# --- a locked thing opened as "it" in the next sentence, or by its plural doors -----------------

@pytest.mark.parametrize("text", [
    "You rattle the sluice house door's handle. It swings open on a breath of river damp.",
    "You lean on the sluice house door. It gives way at once and you step inside.",
    "You jiggle the latch until the sluice house doors swing open.",
])
def test_a_locked_door_opened_without_its_key_is_physics(text: str) -> None:
    assert "physics" in _blocked(text)


@pytest.mark.parametrize("text", [
    "You try the sluice house door. It will not open for you.",
    "You glance at the sluice house door. Claes shakes his head.",
    "Claes turns the sluice key, and the sluice house door swings open.",
])
def test_a_locked_door_that_stays_shut_or_is_keyed_open_is_fine(text: str) -> None:
    assert "physics" not in _blocked(text)


# --- a beast the scene does not list, however it is described ----------------------------------

@pytest.mark.parametrize("text", [
    "A lean, grey fox slips out from under the woodpile.",
    "Under the table a rattlesnake lies coiled, tail buzzing.",
    "A fat, wet otter lies curled on the lock gate.",
])
def test_an_unlisted_beast_described_by_several_adjectives_is_invented(text: str) -> None:
    assert "invented_creature" in _blocked(text)


def test_the_scenes_own_beast_lying_curled_is_fine() -> None:
    assert "invented_creature" not in _blocked("The goat lies curled in the yard, chewing.")


def test_a_cold_wet_wind_is_no_beast() -> None:
    assert _blocked("A cold, wet wind comes off the canal and rattles the window.") == []


# --- false alarms: a good narration of the scene kept ----------------------------------------

@pytest.mark.parametrize("text", [
    "Your fingers fumble at the knot, and the bargewoman's rope stays where it is.",
    "The old barometer you tap shows an error, then sulks back to nothing.",
    "You reach for the keeper's pipe; his hand closes over yours, slow and heavy.",
])
def test_failure_told_as_a_fumble_an_error_or_a_caught_hand_is_a_failure(text: str) -> None:
    from bot.guard.failure_told import failure_told
    assert failure_told(text)


def test_a_success_told_plainly_shows_no_failure() -> None:
    from bot.guard.failure_told import failure_told
    assert not failure_told("The keeper nods and hands you the ledger of barges.")


def test_a_door_of_the_scene_opens_on_its_own_inside_not_somewhere_else() -> None:
    scene = _scene(location={"name": "Lock-keeper's Cottage", "description": "A cottage.",
                             "exits": ["Towpath", "Lock Gate"],
                             "features": [{"name": "pantry door", "open": True}]})
    assert "invented_location" not in _blocked(
        "Claes pulls the pantry door, and it opens on a closet of brooms and pickling jars.",
        scene)


def test_she_is_not_the_man_just_named() -> None:
    scene = _scene(npcs=[{"name": "Mieke", "aliases": ["bargewoman"], "abilities": [],
                          "items": ["boat hook", "sluice key"]},
                         {"name": "Wout", "aliases": ["old man", "sleeper"], "abilities": [],
                          "items": ["clay pipe"]}])
    assert "invented_item" not in _blocked(
        "Mieke looks at you, at Wout, then unhooks the sluice key from her belt.", scene)


def test_passing_her_the_thing_is_two_objects_not_her_thing() -> None:
    assert "invented_item" not in _blocked(
        "Mieke glances at the keeper, who grunts and passes her the windlass.")


def test_a_figure_and_its_unit_is_no_place() -> None:
    assert "invented_location" not in _blocked(
        "The lamp bites back: 3 damage, and you're at 9 HP, shaking your hand.")
