"""Post-validation of narration: each failure case from the prior art is caught, each false-alarm
trap is left alone, and findings carry what the repair ladder and moderators need."""

from __future__ import annotations

import copy

import pytest

from bot.guard.finding import BLOCK, NARRATION_KINDS, Finding
from bot.guard.grounding import grounding_for
from bot.guard.narration_checks import DEFAULT_CHECKS, CreatureCheck, ItemCheck
from bot.guard.postvalidate import findings_by_sentence, postvalidate, sentences
from bot.world.outcome import Outcome
from bot.world.scene import Scene

TAVERN = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only mage, wizard, sorcerer, warlock and cleric can cast spells"],
    "location": {"name": "The Rusty Tankard",
                 "description": "A smoky common room with a long oak bar and a crackling hearth.",
                 "exits": ["Market Square", "Cellar"],
                 "features": [{"name": "stone walls", "climbable": False},
                              {"name": "cellar door", "locked": True, "key": "cellar key"}]},
    "npcs": [{"name": "Greta", "aliases": ["bartender", "barkeep"], "abilities": [],
              "items": ["cellar key", "rag"]},
             {"name": "Bram", "aliases": ["guard"], "abilities": ["sword attack", "shield bash"],
              "items": ["longsword", "shield", "chainmail"]}],
    "items": ["mug of ale", "wooden stool", "dartboard"],
    "creatures": [],
    "player": {"name": "Aldric", "class": "warrior", "hp": 30, "max_hp": 30,
               "inventory": ["iron sword", "leather armor", "waterskin", "12 gold coins"],
               "abilities": ["power attack", "second wind"]},
    "party": [],
}


@pytest.fixture()
def tavern() -> Scene:
    return Scene.from_dict(copy.deepcopy(TAVERN))


def kinds(findings: list[Finding]) -> set[str]:
    return {f.kind for f in findings}


def blocking(findings: list[Finding]) -> list[Finding]:
    return [f for f in findings if f.severity == BLOCK]


# --- the five failure cases of the prior art ----------------------------------------------------

def test_character_substitution_is_an_absent_npc(tavern):
    text = ("Death Knight Mara, clad in black plate and hefting a massive battleaxe, slams a mug "
            "onto the bar in front of you.")
    found = postvalidate(text, tavern)
    mara = [f for f in found if f.kind == "absent_npc"]
    assert mara and mara[0].severity == BLOCK and mara[0].confidence >= 0.9
    assert mara[0].span == "Death Knight Mara"
    assert text[mara[0].start:mara[0].end] == "Death Knight Mara"
    assert "Greta" in mara[0].message or "Greta" in mara[0].evidence


def test_diamond_horses_bursting_in_are_invented_creatures(tavern):
    found = postvalidate("Suddenly two diamond horses burst through the window, scattering glass "
                         "across the tables.", tavern)
    assert "invented_creature" in kinds(blocking(found))


def test_teleporting_to_the_roof_breaks_physics_and_invents_a_place(tavern):
    found = postvalidate("You blink and find yourself standing on the tavern roof, the town "
                         "spread out below you.", tavern)
    assert {"physics", "invented_location"} <= kinds(blocking(found))


def test_guard_who_conjures_fire_has_no_such_ability(tavern):
    found = postvalidate("Bram sidesteps your clumsy swing and raises his hands; a ball of fire "
                         "blooms between his palms.", tavern)
    ability = [f for f in found if f.kind == "impossible_ability"]
    assert ability and ability[0].severity == BLOCK
    assert "Bram" in ability[0].message


def test_warrior_cannot_cast_fireball(tavern):
    found = postvalidate("Flames roar from your fingertips and engulf Bram.", tavern)
    assert "impossible_ability" in kinds(blocking(found))


def test_staff_the_player_never_had_is_an_invented_item(tavern):
    found = postvalidate("You draw a gleaming magic staff and strike Bram for 7 damage.", tavern)
    item = [f for f in found if f.kind == "invented_item"]
    assert item and item[0].span == "a gleaming magic staff"
    assert "iron sword" in item[0].message or "iron sword" in item[0].evidence


# --- false-alarm traps --------------------------------------------------------------------------

def test_the_guards_own_sword_is_not_an_invented_item(tavern):
    text = "Bram draws his longsword and raises his shield, eyes narrowed."
    assert blocking(postvalidate(text, tavern)) == []


def test_the_bartenders_rag_is_not_an_invented_item(tavern):
    text = "Greta wipes the bar with her rag and slides a mug of ale toward you."
    assert blocking(postvalidate(text, tavern)) == []


def test_a_dragon_in_an_npcs_story_is_not_a_creature_in_the_scene(tavern):
    for text in (
        "Greta tells you about the dragon that burned her village when she was a girl.",
        "\"A dragon once slept under this very hill,\" Bram says, staring into his ale.",
        "Bram says his brother once fought a troll at the border and lost an ear.",
    ):
        assert blocking(postvalidate(text, tavern)) == [], text


def test_the_hearths_fire_is_not_magic(tavern):
    text = "Flames leap in the hearth and the fire throws long shadows across the floor."
    assert blocking(postvalidate(text, tavern)) == []


def test_furniture_weather_and_mood_need_no_grounding(tavern):
    text = ("Rain drums on the shutters. Candles gutter on the tables and a few patrons laugh "
            "over their tankards while the hearth crackles.")
    assert blocking(postvalidate(text, tavern)) == []


def test_failure_narrated_as_failure_is_fine(tavern):
    for text in (
        "You try to climb the stone walls but find no handhold and drop back down.",
        "You try to cast a spell, but you are no mage and nothing happens.",
        "You heave on the cellar door, but it is locked and does not budge.",
    ):
        assert blocking(postvalidate(text, tavern)) == [], text


def test_a_simile_is_not_an_event(tavern):
    text = "Bram moves like a cat for a man his size, and Greta is quiet as a mouse."
    assert blocking(postvalidate(text, tavern)) == []


def test_a_party_member_may_act_with_their_own_gear():
    d = copy.deepcopy(TAVERN)
    d["party"] = [{"name": "Mirela", "class": "mage", "inventory": ["oak staff"],
                   "abilities": ["magic missile"]}]
    scene = Scene.from_dict(d)
    text = "Mirela raises her oak staff and three darts of light streak into Bram."
    assert blocking(postvalidate(text, scene)) == []


def test_a_party_member_without_spells_cannot_cast():
    d = copy.deepcopy(TAVERN)
    d["party"] = [{"name": "Korr", "class": "fighter", "inventory": ["battleaxe"],
                   "abilities": ["cleave"]}]
    scene = Scene.from_dict(d)
    found = postvalidate("Korr snarls a word of power and the shutters burst into flame.", scene)
    assert "impossible_ability" in kinds(blocking(found))


# --- more of what the scene decides -------------------------------------------------------------

def test_flintlock_is_a_world_rule_break_in_medieval_fantasy(tavern):
    found = postvalidate("Under a table you find a loaded flintlock pistol.", tavern)
    assert {"invented_item", "world_rule"} <= kinds(blocking(found))


def test_a_pistol_the_scene_has_is_fine_on_a_pirate_ship():
    scene = Scene.from_dict({
        "setting": "age of sail pirates", "world_rules": ["no modern technology"],
        "location": {"name": "Main Deck"},
        "npcs": [{"name": "Vane", "aliases": ["captain"], "items": ["flintlock pistol"]}],
        "player": {"name": "Jory", "class": "swashbuckler", "inventory": ["flintlock pistol"]},
    })
    assert blocking(postvalidate("Your flintlock pistol barks and Vane ducks.", scene)) == []
    found = postvalidate("Vane checks the radar screen and frowns.", scene)
    assert "world_rule" in kinds(blocking(found))


def test_two_brown_mares_do_not_become_three():
    scene = Scene.from_dict({"location": {"name": "Stables"}, "creatures": ["two brown mares"]})
    assert blocking(postvalidate("The two brown mares shift in their stalls.", scene)) == []
    assert blocking(postvalidate("Both mares whicker softly.", scene)) == []
    found = postvalidate("The three brown mares toss their heads.", scene)
    assert "invented_creature" in kinds(blocking(found))


def test_arriving_at_an_exit_is_fine_and_anywhere_else_is_invented(tavern):
    assert blocking(postvalidate("You step out into the Market Square.", tavern)) == []
    found = postvalidate("You walk out and arrive at the castle gates.", tavern)
    assert "invented_location" in kinds(blocking(found))


def test_the_locked_door_opens_for_whoever_holds_its_key(tavern):
    assert blocking(postvalidate("Greta unlocks the cellar door with her key.", tavern)) == []
    found = postvalidate("You push open the cellar door and descend into the dark.", tavern)
    assert "physics" in kinds(blocking(found))


def test_someone_absent_arriving_unnamed_is_an_absent_npc(tavern):
    found = postvalidate("A hooded stranger steps out of the shadows and sits beside you.", tavern)
    assert "absent_npc" in kinds(blocking(found))
    found = postvalidate("A second guard bursts in from the Market Square.", tavern)
    assert "absent_npc" in kinds(blocking(found))


def test_a_miss_narrated_as_a_hit_contradicts_the_outcome(tavern):
    outcome = Outcome.from_eval({"success": False, "roll": 3})
    found = postvalidate("Your blade finds the gap in Bram's chainmail and he crumples to the "
                         "floor.", tavern, None, outcome)
    assert "outcome_mismatch" in kinds(blocking(found))


def test_wrong_damage_is_an_outcome_mismatch(tavern):
    outcome = Outcome.from_eval({"success": True, "roll": 17, "damage": 5})
    found = postvalidate("Your iron sword cuts across Bram's arm for 12 damage.", tavern, None,
                         outcome)
    mismatch = [f for f in found if f.kind == "outcome_mismatch"]
    assert mismatch and mismatch[0].span == "12" and mismatch[0].layer == "facts"


# --- the shape of findings and the API ----------------------------------------------------------

def test_every_finding_is_well_formed(tavern):
    text = ("Death Knight Mara draws a magic staff. A wolf howls as you fly to the rafters and "
            "find a pistol.")
    found = postvalidate(text, tavern)
    assert len(kinds(found)) >= 4
    for f in found:
        assert f.kind in NARRATION_KINDS
        assert f.severity in ("block", "warn", "info")
        assert 0.0 <= f.confidence <= 1.0
        assert f.message and "\n" not in f.message
        if f.start >= 0:
            assert text[f.start:f.end] == f.span


def test_checks_are_small_named_validators(tavern):
    names = [c.name for c in DEFAULT_CHECKS]
    assert len(names) == len(set(names))
    only_creatures = postvalidate("Diamond horses and a magic staff appear.", tavern,
                                  checks=[CreatureCheck()])
    assert kinds(only_creatures) == {"invented_creature"}
    only_items = postvalidate("You draw a magic staff.", tavern, checks=[ItemCheck()])
    assert kinds(only_items) == {"invented_item"}


def test_sentences_and_findings_by_sentence(tavern):
    text = "Greta nods. A wolf pads in from the Market Square. Bram yawns."
    spans = sentences(text)
    assert [text[a:b] for a, b in spans] == ["Greta nods.",
                                             "A wolf pads in from the Market Square.",
                                             "Bram yawns."]
    grouped = findings_by_sentence(text, postvalidate(text, tavern))
    assert set(grouped) == {1}


def test_abbreviations_do_not_end_sentences():
    text = "Dr. Osei frowns at her datapad. Mr. Vance nods."
    assert len(sentences(text)) == 2


def test_sparse_or_malformed_scenes_never_crash():
    for raw in ({}, None, "scene", {"npcs": [1, "Greta", {"name": 3}], "location": "Inn"},
                {"location": {"features": [None, {"name": "wall", "climbable": "no"}]},
                 "creatures": "a cat", "player": {"inventory": None, "hp": "lots"}},
                {"world_rules": [None, 7, "no magic"], "party": [{"name": None}]}):
        scene = Scene.from_dict(raw)
        for text in ("You draw a sword and a wolf bites Greta for 7 damage.", "", "   ", "!!!",
                     "\"Unclosed quote and a dragon", "Zero. 12. ... — “curly” ‘single’"):
            result = postvalidate(text, scene, [], Outcome.from_eval({"success": False}))
            assert isinstance(result, list)


def test_the_scene_index_is_built_once_per_scene(tavern):
    assert grounding_for(tavern) is grounding_for(tavern)
    # the next turn's scene, equal in content, reuses the index; a changed scene gets its own
    same = Scene.from_dict(copy.deepcopy(TAVERN))
    assert grounding_for(same) is grounding_for(tavern)
    changed = copy.deepcopy(TAVERN)
    changed["items"] = [*changed["items"], "brass lantern"]
    assert grounding_for(Scene.from_dict(changed)) is not grounding_for(tavern)
