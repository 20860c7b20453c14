"""Post-validation, round n: readings proved on scenes and phrasings of their own (none of them a
line of a test set), each violation beside an honest look-alike.

A failed step is judged by its own goal whatever kind of step the parser made of it: picking a
lock is an unlocking, "I leap the bull" a jump, heaving a load onto a mule a placing, and each is
told reached when the bolt slides back, the leap clears it cleanly or the load lands on the mule.
A die's face may be named by its number alone ("with a 17 behind you"). A word that may name a
body part is that part once someone owns it ("nips your calf", "through your soles"); an animal's
name after a relative "that" and before an object is a verb ("the hand that bears his ring"),
and one of a body part is a movement ("a duck of the head").
"""

from __future__ import annotations

import pytest

from bot.evaluation.narration_cases import intents_for
from bot.guard.finding import BLOCK, Finding
from bot.guard.postvalidate import postvalidate
from bot.world.outcome import Outcome
from bot.world.scene import Scene

YARD = {
    "setting": "late medieval Flanders, 1470",
    "world_rules": ["no firearms", "no magic works"],
    "location": {"name": "Dyers' Yard",
                 "description": "Vats of woad steam under a timber gallery; a cart waits by the "
                                "gate.",
                 "exits": ["Canal Quay", "Guild Hall"],
                 "features": [{"name": "counting-house door", "locked": True,
                               "key": "brass key"},
                              {"name": "timber gallery", "climbable": True},
                              {"name": "brick wall", "climbable": False}]},
    "npcs": [{"name": "Joos Vermeulen", "aliases": ["master dyer", "Joos"],
              "abilities": [], "items": ["brass key", "ledger", "guild ring"]},
             {"name": "Griet", "aliases": ["apprentice"], "abilities": [],
              "items": ["stirring pole"]}],
    "items": ["bale of wool", "barrel of alum"],
    "creatures": ["a brown mule", "a black ram"],
    "player": {"name": "Wouter", "class": "journeyman", "hp": 16, "max_hp": 16,
               "inventory": ["awl", "leather purse", "4 groats"],
               "abilities": ["haggle"]},
    "party": [],
}


@pytest.fixture()
def yard() -> Scene:
    return Scene.from_dict(YARD)


def check(text: str, scene: Scene, action: str, outcome: dict) -> list[Finding]:
    return postvalidate(text, scene, intents_for(action, scene), Outcome.from_eval(outcome))


def kinds(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings if f.severity == BLOCK}


def test_a_failed_lock_pick_told_as_the_bolt_sliding_back_is_a_success(yard: Scene) -> None:
    found = check("You work the awl in the keyhole, twist, twist again - and the bolt slides "
                  "back with a dull clunk.", yard, "I pick the counting-house lock with my awl",
                  {"success": False, "roll": 5})
    assert "outcome_mismatch" in kinds(found)


def test_a_failed_lock_pick_told_as_failing_is_fine(yard: Scene) -> None:
    found = check("You work the awl in the keyhole until it bends; the bolt does not move.",
                  yard, "I pick the counting-house lock with my awl",
                  {"success": False, "roll": 5})
    assert "outcome_mismatch" not in kinds(found)


def test_a_failed_leap_told_as_clearing_it_cleanly_is_a_success(yard: Scene) -> None:
    found = check("The ram lowers its horns and you run at it, leaping cleanly over its back "
                  "to land lightly in the straw.", yard, "I leap the ram",
                  {"success": False, "damage": 3, "hp_after": 13})
    assert "outcome_mismatch" in kinds(found)


def test_a_failed_leap_told_as_a_tumble_is_fine(yard: Scene) -> None:
    found = check("You run at the ram, but it rears; its skull catches your hip and you "
                  "sprawl in the straw for 3 damage.", yard, "I leap the ram",
                  {"success": False, "damage": 3, "hp_after": 13})
    assert "outcome_mismatch" not in kinds(found)


def test_a_failed_load_told_arriving_on_the_beast_is_a_success(yard: Scene) -> None:
    found = check("You squat, grunt and with one great heave swing the bale up onto the mule's "
                  "back; the mule stamps but holds.", yard,
                  "I try to heave the bale of wool onto the mule",
                  {"success": False, "roll": 3})
    assert "outcome_mismatch" in kinds(found)


@pytest.mark.parametrize("text", [
    "You heave the bale halfway onto the mule, but it slides off into the mud.",
    "You try to swing the bale onto the mule; your back refuses and it thumps back down.",
])
def test_a_failed_load_told_falling_short_is_fine(yard: Scene, text: str) -> None:
    found = check(text, yard, "I try to heave the bale of wool onto the mule",
                  {"success": False, "roll": 3})
    assert "outcome_mismatch" not in kinds(found)


def test_a_die_face_named_by_its_number_alone_is_the_roll(yard: Scene) -> None:
    found = check("With a 19 in your favour, you talk Joos down to a fair price.", yard,
                  "I haggle with Joos over the alum", {"success": True, "roll": 11})
    assert "outcome_mismatch" in kinds(found)


def test_the_decided_roll_named_alone_is_fine(yard: Scene) -> None:
    found = check("With an 11 in your favour, you talk Joos down to a fair price.", yard,
                  "I haggle with Joos over the alum", {"success": True, "roll": 11})
    assert "outcome_mismatch" not in kinds(found)


@pytest.mark.parametrize("text", [
    "The ram butts past you and its horn grazes your calf before it trots off to the mule.",
    "The vats rumble and the heat comes up through your soles.",
])
def test_a_body_part_someone_owns_is_no_beast_or_thing(yard: Scene, text: str) -> None:
    assert not kinds(postvalidate(text, yard))


def test_a_calf_no_one_owns_is_still_a_beast(yard: Scene) -> None:
    found = postvalidate("A spotted calf totters in from the quay and bawls for its mother.",
                         yard)
    assert "invented_creature" in kinds(found)


def test_an_animal_name_after_a_relative_that_is_its_verb(yard: Scene) -> None:
    assert not kinds(postvalidate("Joos raises the hand that bears his guild ring.", yard))


def test_a_demonstrative_that_before_an_animal_is_the_animal(yard: Scene) -> None:
    found = postvalidate("Griet points at the gate. \"Watch out!\" That bear lumbers in.", yard)
    assert "invented_creature" in kinds(found)


def test_an_animal_name_of_a_body_part_is_a_movement(yard: Scene) -> None:
    assert not kinds(postvalidate("Griet thanks you with a quick duck of the head.", yard))


SHIP = {
    "setting": "Shanghai International Settlement, 1937",
    "world_rules": ["no magic or supernatural powers",
                    "1937 technology: trams, telephones and revolvers, no motor launches or "
                    "seaplanes"],
    "location": {"name": "Saloon of the Jade Heron",
                 "description": "A river steamer's saloon, brass lamps and lacquered panels.",
                 "exits": ["Promenade Deck", "Engine Room"], "features": []},
    "npcs": [{"name": "Captain Ada Fenwick", "aliases": ["captain"], "abilities": [],
              "items": ["logbook"]}],
    "items": ["teapot"],
    "creatures": ["a ship's cat"],
    "player": {"name": "Lin Wei", "class": "journalist", "hp": 12, "max_hp": 12,
               "inventory": ["notebook", "camera"], "abilities": ["interview"]},
    "party": [],
}


@pytest.fixture()
def ship() -> Scene:
    return Scene.from_dict(SHIP)


def test_a_name_of_the_place_is_no_creature(ship: Scene) -> None:
    found = postvalidate("The engines cough, and the Heron is no faster than before.", ship)
    assert "invented_creature" not in kinds(found)


def test_a_creature_the_place_is_not_named_for_is_still_a_creature(ship: Scene) -> None:
    found = postvalidate("A grey heron lands on the rail and stabs at the water.", ship)
    assert "invented_creature" in kinds(found)


def test_a_banned_noun_before_its_object_is_a_verb(ship: Scene) -> None:
    found = postvalidate("Out on the quay, neon spells the hotel's name in green.", ship)
    assert "world_rule" not in kinds(found)


def test_spells_that_are_cast_are_still_magic(ship: Scene) -> None:
    found = postvalidate("The captain mutters spells over the teapot until it glows.", ship)
    assert "world_rule" in kinds(found) or "impossible_ability" in kinds(found)


def test_a_name_after_a_word_of_direction_is_a_place(ship: Scene) -> None:
    found = postvalidate("Somewhere toward the Bund a tram bell clangs.", ship)
    assert "absent_npc" not in kinds(found)


def test_a_denial_after_a_comma_in_a_rule_is_a_rule_of_its_own(ship: Scene) -> None:
    found = postvalidate("A motor launch bumps against the hull below the saloon.", ship)
    assert "world_rule" in kinds(found)


def test_a_failed_push_through_told_as_getting_through_is_a_success(ship: Scene) -> None:
    found = check("You open the throttle and the Heron shoulders on through the swell; spray "
                  "scalds your wrist for 2 damage.", ship,
                  "I open the throttle to push through the swell",
                  {"success": False, "roll": 4, "damage": 2, "hp_after": 10})
    assert "outcome_mismatch" in kinds(found)


def test_a_failed_push_through_told_as_stalling_is_fine(ship: Scene) -> None:
    found = check("You open the throttle; the engine coughs, spray scalds your wrist for 2 "
                  "damage, and the swell shoves the Heron back.", ship,
                  "I open the throttle to push through the swell",
                  {"success": False, "roll": 4, "damage": 2, "hp_after": 10})
    assert "outcome_mismatch" not in kinds(found)


CLIFF = {
    "setting": "Bronze Age Crete", "world_rules": ["no magic works"],
    "location": {"name": "Quarry Floor", "description": "Cut limestone and a winch beam.",
                 "exits": ["Harbour Path"],
                 "features": [{"name": "basalt wall", "climbable": False},
                              {"name": "rope ladder", "climbable": True}]},
    "npcs": [], "items": [], "creatures": [],
    "player": {"name": "Ida", "class": "scout", "hp": 10, "max_hp": 10,
               "inventory": ["sling"], "abilities": ["climb", "keen eye"]},
    "party": [],
}


@pytest.fixture()
def cliff() -> Scene:
    return Scene.from_dict(CLIFF)


def test_a_leap_of_two_full_storeys_is_superhuman(cliff: Scene) -> None:
    found = postvalidate("You crouch and jump, and the leap carries you two full storeys up to "
                         "the winch beam.", cliff)
    assert "physics" in kinds(found)


def test_an_unclimbable_wall_beats_a_skilled_climber(cliff: Scene) -> None:
    found = postvalidate("You set your hands on the basalt wall, black and glassy as a beetle's "
                         "shell under the noon sun, and haul yourself up its face to the top.",
                         cliff)
    assert "physics" in kinds(found)


def test_a_skilled_climber_may_climb_what_can_be_climbed(cliff: Scene) -> None:
    found = postvalidate("You take the rope ladder hand over hand and haul yourself up its "
                         "length to the top.", cliff)
    assert "physics" not in kinds(found)


CHAPEL = {
    "setting": "Polish-Lithuanian Commonwealth, 1655",
    "world_rules": ["no magic works: priests pray, but no prayer has a visible effect"],
    "location": {"name": "Camp Chapel Tent", "description": "Canvas, a field altar, a brazier.",
                 "exits": ["Horse Lines"], "features": []},
    "npcs": [{"name": "Father Tomasz", "aliases": ["chaplain", "priest"],
              "abilities": ["bless"], "items": ["rosary", "censer"]}],
    "items": ["brazier", "sack of flour"], "creatures": [],
    "player": {"name": "Jan", "class": "hussar", "hp": 20, "max_hp": 20,
               "inventory": ["sabre", "pistol"], "abilities": ["ride"]},
    "party": [],
}


@pytest.fixture()
def chapel() -> Scene:
    return Scene.from_dict(CHAPEL)


def _magic(found: list[Finding]) -> bool:
    return bool(kinds(found) & {"world_rule", "impossible_ability"})


@pytest.mark.parametrize("text", [
    "Father Tomasz touches the censer to your sabre and its edge kindles with a pale fire that "
    "does not burn your fingers.",
    "Father Tomasz lifts his hand and the smoke from the brazier twists itself into a white "
    "eagle above the altar.",
    "Father Tomasz presses his palm to the canvas and the flour dust stops in mid-air around him.",
    "Father Tomasz murmurs a short prayer over your sabre, and the blade hums like a struck bell.",
    "Father Tomasz raises his rosary and the amulets on it stir, alive, and crawl up his wrist.",
])
def test_matter_doing_what_only_a_power_makes_it_do_is_magic(chapel: Scene, text: str) -> None:
    assert _magic(postvalidate(text, chapel))


@pytest.mark.parametrize("text", [
    "The brazier's fire crackles; you hold your hands to it until they burn.",
    "Smoke from the brazier curls up and gathers under the ridge of the tent.",
    "Father Tomasz murmurs a short prayer over your sabre; the blade stays as dull as before.",
    "Flour dust hangs in the lamplight as Father Tomasz sweeps the altar.",
])
def test_matter_behaving_as_it_does_is_no_magic(chapel: Scene, text: str) -> None:
    assert not _magic(postvalidate(text, chapel))


def test_a_kind_of_person_drawn_by_a_relative_clause_is_a_figure(yard: Scene) -> None:
    found = postvalidate("Joos eyes the cloth with the gloom of a man whose son has been taken "
                         "by a press gang.", yard)
    assert "absent_npc" not in kinds(found)


def test_kin_told_outside_a_figure_are_someone_here(yard: Scene) -> None:
    found = postvalidate("Joos eyes the cloth gloomily; in the corner his son is being "
                         "measured by a tailor.", yard)
    assert "absent_npc" in kinds(found)


def test_rising_and_drifting_upward_is_flight(cliff: Scene) -> None:
    found = postvalidate("You simply rise, sandals leaving the dust, drifting upward past the "
                         "winch beam.", cliff)
    assert "physics" in kinds(found)


def test_rising_to_your_feet_and_looking_upward_is_no_flight(cliff: Scene) -> None:
    found = postvalidate("You rise from your crouch and look upward at the winch beam, where "
                         "dust is drifting upward in the light.", cliff)
    assert "physics" not in kinds(found)


def test_a_school_of_coined_beasts_is_a_creature(ship: Scene) -> None:
    found = postvalidate("A school of mist-rays glides alongside the hull, wings rippling.",
                         ship)
    assert "invented_creature" in kinds(found)


def test_a_school_of_thought_is_no_creature(ship: Scene) -> None:
    found = postvalidate("Captain Fenwick belongs to the old school of thought on tides.", ship)
    assert "invented_creature" not in kinds(found)


def test_without_a_word_denies_only_the_word_before_a_bare_verb(yard: Scene) -> None:
    found = postvalidate("Joos smiles, shuts the ledger and without a word draws a long knife "
                         "from his apron.", yard)
    assert "invented_item" in kinds(found)


def test_without_a_knife_denies_the_knife(yard: Scene) -> None:
    found = postvalidate("Joos, without a knife to his name, simply shrugs.", yard)
    assert "invented_item" not in kinds(found)


def test_one_coin_more_after_the_decided_sum_is_more_gold(yard: Scene) -> None:
    found = check("Joos counts three groats into your palm, then sighs and adds a fourth.", yard,
                  "I ask Joos for my wages", {"success": True, "gold": 3})
    assert "outcome_mismatch" in kinds(found)


def test_the_decided_sum_counted_out_is_fine(yard: Scene) -> None:
    found = check("Joos counts three groats into your palm, then sighs and turns a second "
                  "time to his ledger.", yard, "I ask Joos for my wages",
                  {"success": True, "gold": 3})
    assert "outcome_mismatch" not in kinds(found)
