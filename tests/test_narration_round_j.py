"""Post-validation, from the misses and false alarms of narration_holdout_j, and two fixes at the
right depth (the count a collective gives, the seal as an animal).

Each cause is proved in a scene and with words no evaluation set uses: a fur-trading post on
Hudson Bay in 1821 (no magic), with an unclimbable stockade, a locked fur store, a factor, a
cooper, a pair of ravens, a flock of snow geese, a pack of sled dogs and a seal on the shore ice.
Both sides are shown where a rule could overreach.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.guard.facts.figures import figures
from bot.guard.grounding import _count_prefix, grounding_for
from bot.guard.postvalidate import postvalidate
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Hudson Bay fur-trading post, 1821",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1821"],
        "location": {"name": "York Factory Trade Room",
                     "description": "A log-walled trade room with a long counter, bales of "
                                    "beaver pelts and a cast-iron stove.",
                     "exits": ["Stockade Yard", "Fur Store", "Hayes River Landing"],
                     "features": [{"name": "stockade wall", "climbable": False},
                                  {"name": "fur store door", "locked": True, "key": "store key"},
                                  {"name": "loft ladder", "climbable": True}]},
        "npcs": [{"name": "Angus McLeod", "aliases": ["factor", "the Scotsman"],
                  "abilities": ["bargaining"], "items": ["store key", "ledger", "quill"]},
                 {"name": "Baptiste", "aliases": ["cooper", "the voyageur"],
                  "abilities": ["coopering"], "items": ["adze", "mallet"]}],
        "items": ["bales of beaver pelts", "trade kettle", "sack of flour"],
        "creatures": ["a pair of ravens on the stockade", "a flock of snow geese",
                      "a pack of sled dogs"],
        "player": {"name": "Elspeth", "class": "clerk", "hp": 16, "max_hp": 16,
                   "inventory": ["a pair of flintlock pistols", "powder horn", "letter of credit",
                                 "30 shillings"],
                   "abilities": ["bookkeeping", "snowshoeing"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _blocked(text: str, outcome: Outcome | None = None, scene: Scene | None = None,
             action: str = "") -> list[str]:
    intents = [Intent(action_type="other", words=action)] if action else []
    return [f.kind for f in postvalidate(text, scene or _scene(), intents, outcome)
            if f.severity == "block"]


def _kinds(text: str, outcome: Outcome | None = None, scene: Scene | None = None) -> list[str]:
    return [f.kind for f in postvalidate(text, scene or _scene(), [], outcome)]


# --- the count a collective gives, read where counts are read ----------------------------------

@pytest.mark.parametrize("line, count", [
    ("a pair of ravens", 2), ("a brace of grouse", 2), ("pair of oxen", 2),
    ("a pack of wolves", None), ("a flock of galahs in a tree", None),
    ("two brown mares", 2), ("a pit pony", 1), ("the ship's cat", 1), ("some rats", None),
])
def test_the_count_prefix_reads_the_collective_not_its_article(line: str, count: int | None
                                                               ) -> None:
    assert _count_prefix(line)[0] == count


def test_a_pair_of_ravens_is_two_ravens_in_the_scene_index() -> None:
    g = grounding_for(_scene())
    assert g.creature_counts["raven"] == 2
    assert g.creature_counts["dog"] >= 99  # a pack: an unknown many
    assert g.player.counts["pistol"] == 2  # "a pair of flintlock pistols" is two pistols


def test_two_of_a_pair_are_the_pair_and_a_third_is_invented() -> None:
    assert "invented_creature" not in _blocked("The two ravens perch on the stockade.")
    assert "invented_creature" in _blocked("Three ravens perch on the stockade.")


def test_a_pack_or_flock_is_many_even_by_a_generic_name() -> None:
    assert "invented_creature" not in _blocked("Six sled dogs howl in the yard.")
    assert "invented_creature" not in _blocked("Forty snow geese lift off the river.")
    assert "invented_creature" not in _blocked("Three beasts nose at the kennel door.")


# --- the seal is an animal, and the seal of a letter or a joint is not ---------------------------

def test_a_seal_is_a_creature_the_scene_must_have() -> None:
    assert "invented_creature" in _blocked("A seal hauls itself onto the shore ice and barks.")
    with_seal = _scene(creatures=["a grey seal on the shore ice"])
    assert "invented_creature" not in _blocked("The seal barks and slides into the water.",
                                               scene=with_seal)
    assert "invented_creature" in _blocked("Two seals bark on the shore ice.", scene=with_seal)


@pytest.mark.parametrize("text", [
    "You break the seal on the letter of credit.",
    "The seal on the letter is unbroken.",
    "You break the wax seal and read the letter.",
    "Baptiste backs the seal off the pump joint and seats it again.",
    "The factor seals the letter with wax.",
])
def test_the_seal_of_a_letter_or_joint_is_no_creature(text: str) -> None:
    assert "invented_creature" not in _blocked(text)


def test_a_mole_on_the_cheek_is_no_creature_but_a_mole_in_the_yard_is() -> None:
    assert "invented_creature" not in _blocked("A mole on the factor's cheek twitches as he "
                                               "reads.")
    assert "invented_creature" in _blocked("A mole pokes its snout out of the snow in the yard.")
