"""Pre-validation of the ways a body gets somewhere: through a hatch lifted out of the way, up a
wall by any verb, across town by cab; and of bare nouns that only look like someone's item.

Each block comes with the nearest thing that must stay allowed, because a false block costs a
player their turn."""

from __future__ import annotations

import copy

import pytest

from bot.guard.intent import extract
from bot.guard.prevalidate import check_text, first_block
from bot.world.scene import Scene

MILL = {
    "setting": "early modern fantasy",
    "world_rules": ["no gunpowder", "only witches and priests can cast spells"],
    "location": {
        "name": "Grinding Floor of Hobb's Mill",
        "description": "A flour-dusted loft of creaking beams around a great millstone; a ladder leads to the sack hoist.",
        "exits": ["Millrace Path", "Undercroft"],
        "features": [
            {"name": "flour trapdoor", "locked": True, "key": "iron trap key"},
            {"name": "plastered walls", "climbable": False},
            {"name": "hoist ladder", "climbable": True},
            {"name": "grain bin", "climbable": False},
        ],
    },
    "npcs": [
        {"name": "Miller Oswin", "aliases": ["miller", "Oswin"], "items": ["iron trap key", "reading glass", "tally stick"]},
        {"name": "Tansy", "aliases": ["apprentice", "girl"], "items": ["broom"]},
    ],
    "items": ["sack of flour", "oil lamp", "jug of cider"],
    "creatures": ["a mouser cat"],
    "player": {"name": "Edda", "class": "tinker", "inventory": ["hand drill", "pocketknife", "coil of wire", "4 silver pennies"], "abilities": ["tinkering"]},
    "party": [],
}
PRECINCT = {
    "setting": "1950s American city, realistic",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1955"],
    "location": {
        "name": "Fourth Precinct Squad Room",
        "description": "Desks crowded under slow ceiling fans, a water cooler and a wall of wanted posters.",
        "exits": ["Front Desk", "Holding Cells"],
        "features": [{"name": "evidence locker", "locked": True, "key": "locker key"}, {"name": "tiled walls", "climbable": False}],
    },
    "npcs": [{"name": "Sergeant Kowalski", "aliases": ["sergeant", "desk sergeant"], "items": ["locker key", "coffee mug", "nightstick"]}],
    "items": ["typewriter", "stack of case files", "rotary telephone"],
    "creatures": [],
    "player": {"name": "Nora Vance", "class": "reporter", "inventory": ["notepad", "fountain pen", "press camera", "wallet"], "abilities": ["shorthand", "fast talk"]},
    "party": [],
}


@pytest.fixture
def mill() -> Scene:
    return Scene.from_dict(copy.deepcopy(MILL))


@pytest.fixture
def precinct() -> Scene:
    return Scene.from_dict(copy.deepcopy(PRECINCT))


def blocked(text: str, scene: Scene) -> str | None:
    f = first_block(check_text(text, scene)[1])
    return f.kind if f is not None else None


# -- a door-like feature moved out of the way is opened ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I lift the flour trapdoor and climb down",
        "I raise the trapdoor",
        "I heave the trapdoor up",
        "I haul up the trapdoor",
        "I yank the trapdoor back and drop into the Undercroft",
    ],
)
def test_lifting_a_locked_trapdoor_is_opening_it(text: str, mill: Scene) -> None:
    assert blocked(text, mill) == "environment"


@pytest.mark.parametrize(
    "text",
    ["I lift the oil lamp and climb the hoist ladder", "I raise my hand to the miller", "I knock on the trapdoor", "I sit on the trapdoor"],
)
def test_lifting_other_things_or_touching_the_trapdoor_stays_allowed(text: str, mill: Scene) -> None:
    assert blocked(text, mill) is None


def test_lifting_the_trapdoor_with_its_key_in_hand_is_allowed(mill: Scene) -> None:
    mill.player.inventory.append("iron trap key")
    assert blocked("I lift the flour trapdoor and climb down", mill) is None


def test_going_down_after_walking_to_a_locked_trapdoor_passes_through_it(mill: Scene) -> None:
    intents = extract("I walk over to the trapdoor and climb down", mill)
    assert intents[-1].target == "flour trapdoor"
    assert blocked("I walk over to the trapdoor and climb down", mill) == "environment"
    assert blocked("I look at the trapdoor and climb down the hoist ladder", mill) is None


# -- climbing, whatever the verb ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I scramble up the plastered walls to get away",
        "I shin up the plastered walls",
        "I haul myself up the plastered walls",
        "I pull myself up onto the grain bin",
        "I get on top of the grain bin",
        "I hop up onto the grain bin",
        "I ascend the plastered walls",
    ],
)
def test_going_up_an_unclimbable_feature_by_any_verb_is_a_climb(text: str, mill: Scene) -> None:
    assert blocked(text, mill) == "environment"


@pytest.mark.parametrize(
    "text",
    [
        "I scramble up the hoist ladder",
        "I lean against the plastered walls",
        "I put the oil lamp on top of the grain bin",
        "I crawl into the Undercroft to get away",
        "I slide down the hoist ladder to the floor",
        "I lift Tansy onto the hoist ladder",
    ],
)
def test_climbable_things_leaning_and_placing_stay_allowed(text: str, mill: Scene) -> None:
    if "Undercroft" in text:
        mill.location.features = [f for f in mill.location.features if f.name != "flour trapdoor"]
    assert blocked(text, mill) is None


# -- riding somewhere is going there --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I take a cab to City Hall", "I catch the subway to the waterfront", "I hop on a streetcar to the train station", "I flag down a taxi and ride to the courthouse"],
)
def test_riding_a_vehicle_to_somewhere_that_is_no_exit_is_blocked(text: str, precinct: Scene) -> None:
    assert blocked(text, precinct) == "location"


@pytest.mark.parametrize(
    "text",
    ["I take a cab to the Front Desk", "I take a cab", "I take the case files to the sergeant", "I head to the restroom", "I walk to the water cooler"],
)
def test_riding_to_an_exit_and_walking_to_rooms_of_the_place_stay_allowed(text: str, precinct: Scene) -> None:
    assert blocked(text, precinct) is None


def test_a_vehicle_boarded_on_the_way_is_not_the_destination(precinct: Scene) -> None:
    i = extract("I hop on a streetcar to the train station", precinct)[0]
    assert (i.action_type, i.target_text) == ("move", "the train station")


# -- bare nouns and someone else's things ---------------------------------------------------------


def test_a_glass_poured_is_not_the_npcs_reading_glass(mill: Scene) -> None:
    assert blocked("I pour myself a glass from the jug of cider", mill) is None
    assert blocked("I use the reading glass to study the tally stick", mill) == "no_item"


def test_a_mug_of_coffee_is_not_the_sergeants_coffee_mug_unless_named(precinct: Scene) -> None:
    assert blocked("I pour a mug of coffee", precinct) is None
    assert blocked("I sip from the coffee mug", precinct) == "no_item"  # named exactly: his


def test_a_closed_compound_is_a_kind_of_its_last_word(mill: Scene) -> None:
    assert blocked("I pry at the hinge with my knife", mill) is None  # pocketknife
    assert blocked("I pry at the hinge with my crowbar", mill) == "no_item"


def test_grabbing_someone_present_by_name_is_allowed_and_letters_are_no_one(mill: Scene) -> None:
    assert blocked("I grab Tansy", mill) is None
    assert blocked("I grab the letters", mill) is None
    assert blocked("I grab the constable", mill) == "target"


def test_picking_a_named_features_lock_needs_tools(mill: Scene) -> None:
    i = extract("I pick the flour trapdoor's lock", mill)[0]
    assert (i.action_type, i.target) == ("unlock", "flour trapdoor")
    assert blocked("I pick the flour trapdoor's lock", mill) == "no_item"
    mill.player.inventory.append("thieves' tools")
    assert blocked("I pick the flour trapdoor's lock", mill) is None
