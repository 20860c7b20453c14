"""The facts layer: decided figures, hit or miss, counted things, corrections, protected names."""

from __future__ import annotations

from bot.guard.facts import (
    check_counts, check_numbers, check_success, correct, figures, protect, restore,
    restore_report,
)
from bot.guard.finding import BLOCK, WARN
from bot.guard.grounding import grounding_for
from bot.world.intent import Intent
from bot.world.outcome import Outcome, StepOutcome
from bot.world.scene import Scene

HIT = Outcome.from_eval({"success": True, "roll": 15, "damage": 7})
MISS = Outcome.from_eval({"success": False, "roll": 3})
ATTACK = [Intent(action_type="attack")]


def mismatches(findings):
    return [f for f in findings if f.kind == "outcome_mismatch" and f.severity == BLOCK]


def test_the_decided_damage_narrated_is_fine():
    assert check_numbers("Your sword bites into Bram for 7 damage.", HIT) == []


def test_other_damage_than_decided_is_a_mismatch():
    found = mismatches(check_numbers("Your sword bites into Bram for 12 damage.", HIT))
    assert len(found) == 1 and found[0].span == "12" and "7" in found[0].message


def test_numbers_written_as_words_count():
    assert check_numbers("Your sword bites into Bram for seven damage.", HIT) == []
    found = mismatches(check_numbers("Your sword bites into Bram for nine points of damage.", HIT))
    assert found and found[0].span == "nine"


def test_a_dozen_and_compound_numbers_are_read():
    values = [f.value for f in figures("A dozen patrons cheer; twenty-three coins spill out and "
                                       "half a dozen more roll away.")]
    assert values == [12, 23, 6]


def test_damage_invented_for_a_miss_is_a_mismatch():
    found = mismatches(check_numbers("Bram staggers, taking 4 damage.", MISS))
    assert found and "no damage" in found[0].message


def test_a_decided_damage_left_out_is_only_a_warning():
    found = check_numbers("Your sword bites into Bram's arm.", HIT)
    assert [f.severity for f in found] == [WARN]


def test_roll_hit_points_and_gold_must_match_the_outcome():
    step = StepOutcome(action_type="attack", success=True, summary="", roll=15, damage=7,
                       hp_after=13)
    outcome = Outcome(steps=[step])
    assert mismatches(check_numbers("You roll a 15 and leave Bram with 13 hit points.",
                                    outcome)) == []
    found = mismatches(check_numbers("You roll a natural 20 and Bram is down to 3 hit points.",
                                     outcome))
    assert {f.span for f in found} == {"20", "3"}
    paid = Outcome(steps=[StepOutcome(action_type="buy", success=True, summary="", gold=2,
                                      gold_left=10)])
    assert check_numbers("You pay 2 gold and have 10 gold left.", paid) == []
    assert mismatches(check_numbers("You pay 5 gold coins.", paid))


def test_gold_the_scene_states_is_not_invented():
    scene = Scene.from_dict({"player": {"inventory": ["12 gold coins"], "gold": 12}})
    paid = Outcome.from_eval({"success": True, "gold": 1})
    assert check_numbers("You count your 12 gold coins and hand one over.", paid, scene) == []


def test_a_miss_narrated_as_a_hit_is_caught():
    found = check_success("Your blade finds the gap in Bram's chainmail and he crumples.", MISS,
                          ATTACK)
    assert mismatches(found)


def test_a_hit_narrated_as_a_miss_is_caught():
    found = check_success("Bram bats your sword aside with his shield and laughs.", HIT, ATTACK)
    assert mismatches(found)


def test_failure_narrated_as_failure_agrees_with_a_miss():
    for text in ("Your swing goes wide. Bram catches the blow on his shield and shoves you back.",
                 "Your shot goes wide and shatters a bottle behind the bar.",
                 "Bram sidesteps and his counterstrike slams into your ribs."):
        assert mismatches(check_success(text, MISS, ATTACK)) == [], text


def test_counted_things_must_not_grow():
    scene = Scene.from_dict({"location": {"name": "Deck",
                                          "description": "Six black cannons line the rail."}})
    counts = grounding_for(scene).counts
    assert check_counts("Six cannons roar.", scene, counts) == []
    found = check_counts("All eight cannons roar in a single broadside.", scene, counts)
    assert {f.kind for f in found} >= {"invented_item"}


def test_correct_fixes_wrong_figures_in_place():
    text, changes = correct("Your sword cuts Bram for 12 damage.", HIT)
    assert text == "Your sword cuts Bram for 7 damage."
    assert len(changes) == 1 and changes[0].span == "12"
    text, changes = correct("Nine damage! You rolled a 20.", HIT)
    assert text == "Seven damage! You rolled a 15."
    assert [c.span for c in changes] == ["Nine", "20"]


def test_correct_leaves_right_figures_alone():
    text, changes = correct("Your sword cuts Bram for seven damage.", HIT)
    assert text == "Your sword cuts Bram for seven damage." and changes == []


def test_protect_and_restore_round_trip_names():
    text = "Greta hands Bram the cellar key before he heads to the Market Square."
    protected, mapping = protect(text, ["Greta", "Bram", "cellar key", "Market Square"])
    assert "Greta" not in protected and "cellar key" not in protected
    assert restore(protected, mapping) == text


def test_restore_tolerates_mangled_placeholders_and_reports_dropped_ones():
    protected, mapping = protect("Greta smiles at Bram.", ["Greta", "Bram"])
    by_name = {v: k for k, v in mapping.items()}
    greta, bram = by_name["Greta"], by_name["Bram"]
    index = greta.strip("⟦⟧").lstrip("N")
    mangled = f"[[N{index}]] smiles warmly at the guard."
    restored, missing = restore_report(mangled, mapping)
    assert restored == "Greta smiles warmly at the guard."
    assert missing == ["Bram"]
    assert restore(f"{{N{index}}} nods.", mapping) == "Greta nods."
    assert bram not in restore(protected, mapping)
