"""Post-validation generalises, second round: the mechanisms the second red team's findings point
at, each proved on scenes and phrasings of its own (none of them is a line of a test set).

Production and hand-over frames ground what comes out of a pack, a coat or a sleeve; "without a
word" denies only the word; what is inside a container a giver hands over must exist too; a
setting's year excludes uses (texting, a little glowing screen), not only nouns; apparitions,
wounds closing and bodies changing are powers; party members' own powers are credited; bodies
cannot keep rising, slip between bars or sink through floors; a target brought down on a miss is
a hit; a name after "you find him ...:" arrives; "the deck of a galleon" is a place. And things
are not people, verbs are not animals, light is not an item, a part of a present thing is not new.
"""

from __future__ import annotations

import copy

import pytest

from bot.guard.finding import BLOCK, Finding
from bot.guard.postvalidate import postvalidate
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

MILL = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or gunpowder", "no modern technology",
                    "only wizards, clerics and druids can cast spells"],
    "location": {"name": "Hobb's Watermill",
                 "description": "A creaking mill house of flour sacks, a great grindstone and a "
                                "barred window over the race.",
                 "exits": ["Mill Yard", "Loft Ladder"],
                 "features": [{"name": "barred window", "climbable": False},
                              {"name": "grain bin", "locked": True, "key": "iron bin key"},
                              {"name": "whitewashed walls", "climbable": False}]},
    "npcs": [{"name": "Hobb", "aliases": ["the miller", "miller"], "abilities": [],
              "items": ["iron bin key", "flour scoop", "jar of honey"]},
             {"name": "Wynn", "aliases": ["the apprentice"], "abilities": ["cudgel blow"],
              "items": ["cudgel", "tally stick"]}],
    "items": ["flour sacks", "fiddle", "account book", "lantern"],
    "creatures": ["a mill cat", "a grey heron"],
    "player": {"name": "Osk", "class": "fighter", "hp": 14, "max_hp": 20,
               "inventory": ["longsword", "two hatchets", "waterskin", "3 silver coins"],
               "abilities": ["second wind", "shield bash"]},
    "party": [{"name": "Brother Tam", "class": "cleric", "hp": 15, "max_hp": 15,
               "inventory": ["mace", "holy symbol"], "abilities": ["cure wounds", "bless"]},
              {"name": "Ivy", "class": "druid", "hp": 12, "max_hp": 12,
               "inventory": ["oak staff"], "abilities": ["wild shape", "entangle"]}],
}

SPEAKEASY = {
    "setting": "1920s Detroit, Prohibition",
    "world_rules": ["no magic or supernatural powers exist", "no technology invented after 1929"],
    "location": {"name": "The Copper Kettle",
                 "description": "A cramped back-room bar behind a laundry, thick with smoke.",
                 "exits": ["Laundry", "Loading Dock"],
                 "features": [{"name": "cellar trapdoor", "locked": True, "key": "cellar key"}]},
    "npcs": [{"name": "Eddie Russo", "aliases": ["Eddie", "the barman"], "abilities": [],
              "items": ["cellar key", "bar towel", "shot glass"]}],
    "items": ["telephone", "bottle of rye", "card table"],
    "creatures": [],
    "player": {"name": "Mae", "class": "reporter", "hp": 10, "max_hp": 10,
               "inventory": ["notepad", "pencil", "press card", "12 dollars"],
               "abilities": ["fast talk"]},
    "party": [],
}


@pytest.fixture()
def mill() -> Scene:
    return Scene.from_dict(copy.deepcopy(MILL))


@pytest.fixture()
def speakeasy() -> Scene:
    return Scene.from_dict(copy.deepcopy(SPEAKEASY))


def blocked(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings if f.severity == BLOCK}


# --- things produced, drawn and handed over -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "Hobb fishes about and slips a folded silk map out of his waistcoat pocket.",
    "Wynn unstoppers a flask of plum brandy from inside his jerkin and takes a swig.",
    "Hobb shrugs, pressing a loaded crossbow into your hands.",
    "You set down your waterskin and pull a copper kettle and a bag of tea from your pack.",
])
def test_things_out_of_someones_gear_must_be_theirs(mill: Scene, text: str) -> None:
    assert "invented_item" in blocked(postvalidate(text, mill))


def test_own_things_from_own_gear_are_fine(mill: Scene) -> None:
    text = "Hobb pulls the iron bin key out of his apron and turns it over in his floury fingers."
    assert not blocked(postvalidate(text, mill))


def test_without_a_word_denies_only_the_word(mill: Scene) -> None:
    text = "Without a word Wynn draws a flintlock pistol from his belt and aims it at you."
    assert blocked(postvalidate(text, mill)) & {"invented_item", "world_rule"}


def test_what_a_container_holds_must_exist(mill: Scene) -> None:
    bad = "Hobb hands you a jar of glowing blue salve. 'For the burns,' he says."
    ok = "Hobb hands you a jar of honey. 'For the road,' he says."
    assert "invented_item" in blocked(postvalidate(bad, mill))
    assert not blocked(postvalidate(ok, mill))


# --- the setting's year and its lack of magic -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "Eddie fires off a short text to his cousin before you can stop him.",
    "Mae checks the time on her digital wristwatch.",
    "Eddie flips open a gadget, its little screen glowing in his palm.",
])
def test_uses_a_later_device_allows_break_the_year(speakeasy: Scene, text: str) -> None:
    assert "world_rule" in blocked(postvalidate(text, speakeasy))


def test_a_period_telephone_is_fine(speakeasy: Scene) -> None:
    text = "Eddie lifts the telephone's earpiece and asks the operator for Main 4410."
    assert not blocked(postvalidate(text, speakeasy))


@pytest.mark.parametrize("text", [
    "Eddie stares into his glass and the face of the dead bootlegger takes shape in the smoke "
    "above the bar.",
    "As Eddie hums, the flames in the stove twist into the shapes of two dancers.",
])
def test_apparitions_are_magic_where_there_is_none(speakeasy: Scene, text: str) -> None:
    assert "world_rule" in blocked(postvalidate(text, speakeasy))


def test_smoke_drifting_is_only_colour(speakeasy: Scene) -> None:
    text = "Smoke curls toward the low ceiling and the card players mutter over their hands."
    assert not blocked(postvalidate(text, speakeasy))


# --- powers: healing, changing shape, whose they are ------------------------------------------------

def test_wounds_closing_need_a_healer(mill: Scene) -> None:
    text = "Wynn slaps a floury palm on your arm and the cut closes over, leaving a faint line."
    assert "impossible_ability" in blocked(postvalidate(text, mill))


def test_a_party_cleric_heals_with_her_own_power(mill: Scene) -> None:
    text = ("Brother Tam touches your brow and murmurs a prayer. Soft light settles on your leg, "
            "and the gash there knits closed.")
    assert not blocked(postvalidate(text, mill))


def test_a_body_turning_into_something_else_is_a_power(mill: Scene) -> None:
    text = "Hobb grins as his hand stretches into a long iron hook."
    assert "impossible_ability" in blocked(postvalidate(text, mill))


def test_a_party_druids_wild_shape_is_no_new_creature(mill: Scene) -> None:
    text = "Ivy's shoulders hunch and swell until a grey wolf stands where she was, ears flat."
    assert "invented_creature" not in blocked(postvalidate(text, mill))


def test_another_beast_beside_a_shapechanger_is_still_new(mill: Scene) -> None:
    text = "Ivy nods to you. From the mill race a black bear lumbers up to join her."
    assert "invented_creature" in blocked(postvalidate(text, mill))


def test_a_player_casting_owns_the_unattributed_effect() -> None:
    scene = copy.deepcopy(MILL)
    scene["player"] = {"name": "Osk", "class": "wizard", "hp": 9, "max_hp": 9,
                       "inventory": ["spellbook"], "abilities": ["mage hand", "fire bolt"]}
    text = "A spectral hand shimmers into being and lifts the lantern off its hook."
    found = postvalidate(text, scene, [Intent(action_type="cast", words="I use mage hand")])
    assert not blocked(found)


# --- bodies in space ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "You kick off from the grindstone and keep rising, over the mill roof and the willows.",
    "You wriggle between the bars of the window and drop into the mill race.",
    "Wynn sinks straight down through the floorboards as if they were water.",
])
def test_bodies_cannot_fly_squeeze_through_bars_or_sink_through_floors(mill: Scene,
                                                                         text: str) -> None:
    assert "physics" in blocked(postvalidate(text, mill))


def test_squeezing_between_sacks_is_fine(mill: Scene) -> None:
    text = "You squeeze between the flour sacks to reach the fiddle."
    assert not blocked(postvalidate(text, mill))


def test_a_lock_opening_without_its_key(mill: Scene) -> None:
    text = "You stare at it and hold your breath; the lock clicks open with a sigh."
    assert "physics" in blocked(postvalidate(text, mill))


def test_the_surface_one_got_onto_is_what_is_climbed(mill: Scene) -> None:
    text = ("You lean out of the door onto the whitewashed walls, climbing hand over hand up the "
            "slope of the roof.")
    assert "physics" in blocked(postvalidate(text, mill))


# --- decided outcomes without numbers --------------------------------------------------------------

def test_a_target_brought_down_on_a_miss_is_a_hit(mill: Scene) -> None:
    attack = [Intent(action_type="attack", words="I throw a hatchet at the heron")]
    missed = Outcome.from_eval({"success": False, "roll": 4})
    text = "Your hatchet spins end over end and the heron tumbles into the reeds."
    assert "outcome_mismatch" in blocked(postvalidate(text, mill, attack, missed))


def test_a_weapon_falling_on_a_miss_is_a_miss(mill: Scene) -> None:
    attack = [Intent(action_type="attack", words="I throw a hatchet at the heron")]
    missed = Outcome.from_eval({"success": False, "roll": 4})
    text = "The heron lifts off unhurried; your hatchet drops into the water with a plop."
    assert "outcome_mismatch" not in blocked(postvalidate(text, mill, attack, missed))


def test_a_failed_charm_that_works_is_a_success(mill: Scene) -> None:
    talk = [Intent(action_type="talk", words="I sweet-talk the miller")]
    failed = Outcome.from_eval({"success": False, "roll": 3})
    text = "Your flattery does the trick; Hobb beams and waves you toward the loft."
    assert "outcome_mismatch" in blocked(postvalidate(text, mill, talk, failed))


def test_an_animal_howling_on_a_failed_roll_is_no_hit(mill: Scene) -> None:
    play = [Intent(action_type="use_item", words="I play the fiddle")]
    failed = Outcome.from_eval({"success": False, "roll": 2})
    text = "The fiddle squeals; the mill cat howls and bolts under the sacks."
    assert "outcome_mismatch" not in blocked(postvalidate(text, mill, play, failed))


# --- people and places -------------------------------------------------------------------------

def test_a_name_after_a_colon_arrives(mill: Scene) -> None:
    text = "You spot her by the sluice gate: Nessa the weaver, counting coins into her lap."
    assert "absent_npc" in blocked(postvalidate(text, mill))


def test_the_deck_of_a_ship_is_a_place(mill: Scene) -> None:
    text = "You climb down the ladder and step straight out onto the deck of a river galley."
    assert "invented_location" in blocked(postvalidate(text, mill))


# --- false alarms the red team found ------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "The account book's pages are foxed and smell of mice.",
    "The mill cat snatches the crust, wolfs it down and washes its face.",
    "The lantern throws a trembling ring of amber across the flour.",
    "You tuck the fiddle under your chin and draw the bow; a thin note wavers out.",
    "You pry at the loose board with the blade of a hatchet, but it holds.",
])
def test_things_parts_verbs_and_light_are_not_violations(mill: Scene, text: str) -> None:
    assert not blocked(postvalidate(text, mill))


def test_a_watch_in_the_inventory_is_no_person() -> None:
    scene = copy.deepcopy(SPEAKEASY)
    scene["player"]["inventory"].append("pocket watch")
    text = "Your pocket watch says a quarter to two; the card players are flagging."
    assert "absent_npc" not in blocked(postvalidate(text, scene))


def test_a_beast_coming_from_afar_is_no_distant_colour(mill: Scene) -> None:
    text = "Far off on the far bank, a wolf's grey muzzle parts the reeds and it lopes toward you."
    assert "invented_creature" in blocked(postvalidate(text, mill))


def test_a_thing_a_hand_closes_on_is_still_judged(mill: Scene) -> None:
    text = "Behind the sacks your fingers close on a leather-bound diary."
    assert any(f.kind == "invented_item" for f in postvalidate(text, mill))
