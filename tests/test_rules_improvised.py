"""Blows with the body and with what lies to hand, found in terminal play.

Before: "I shove the stool at Bram, then punch him" failed the shove ("has no wooden stool") and
struck the punch with the iron sword on the belt; "I hit Bram with a bottle" was narrated "Your
attack comes to nothing" with no reason; and the repair ladder rewrote the first step's true roll
to the second step's, shipping "it goes wide (you rolled 17)".
"""

from __future__ import annotations

import pytest

from bot.guard.facts import check_numbers, correct
from bot.guard.finding import BLOCK
from bot.rules.narration import narrate
from bot.rules.resolve import resolve
from bot.world.intent import Intent
from bot.world.outcome import Outcome, StepOutcome
from bot.world.state import scene_for
from tests.rules_table import ScriptedRandom, campaign, state  # noqa: F401 (fixtures)


def test_a_punch_is_a_bare_handed_blow_not_the_sword_on_the_belt(state, campaign):
    punch = Intent("attack", target="Bram", target_kind="npc", words="then punch him")
    step = resolve([punch], state, campaign, "p1", ScriptedRandom([18, 2, 1])).steps[0]
    assert step.success and step.item is None and "bare hands" in step.summary
    assert step.damage == 2  # 1d2, not the sword's d8


def test_a_stab_still_uses_the_weapon_carried(state, campaign):
    stab = Intent("attack", target="Bram", target_kind="npc", words="I stab Bram")
    step = resolve([stab], state, campaign, "p1", ScriptedRandom([18, 6, 1])).steps[0]
    assert step.item == "iron sword"


def test_a_stool_lying_in_the_room_is_an_improvised_weapon(state, campaign):
    shove = Intent("attack", target="Bram", target_kind="npc", method="wooden stool", words="I shove the stool at Bram")
    step = resolve([shove], state, campaign, "p1", ScriptedRandom([18, 3, 1])).steps[0]
    assert step.success and step.item == "wooden stool" and "(improvised)" in step.summary and step.damage == 3


def test_a_thing_neither_held_nor_here_is_named_in_the_failure(state, campaign):
    swing = Intent("attack", target="Bram", target_kind="npc", method="a bottle", words="I hit Bram with a bottle")
    outcome = resolve([swing], state, campaign, "p1", ScriptedRandom([]))
    assert not outcome.success and outcome.steps[0].summary == "Aldric has no bottle to attack with."
    text = narrate(scene_for(state, campaign, "p1"), [swing], outcome)
    assert "no bottle to attack with" in text


def test_a_grabbed_stool_is_the_stool_not_yours(state, campaign):
    shove = Intent("attack", target="Bram", target_kind="npc", method="wooden stool", words="I shove the stool at Bram")
    outcome = resolve([shove], state, campaign, "p1", ScriptedRandom([18, 3, 1]))
    for seed in range(3):
        text = narrate(scene_for(state, campaign, "p1"), [shove], outcome, seed)
        assert "your wooden stool" not in text.lower() and "wooden stool" in text


TWO_BLOWS = Outcome(steps=[
    StepOutcome(action_type="attack", success=False, summary="Aldric misses Bram.", target="Bram", item="wooden stool", roll=4, total=8, against=15),
    StepOutcome(action_type="attack", success=True, summary="Aldric hits Bram.", target="Bram", roll=17, total=21, against=15, damage=1, hp_after=19),
])


def test_each_step_keeps_its_own_roll_through_correction():
    text = "Bram avoids the wooden stool (you rolled 4). You hit Bram for 1 damage (you rolled 17)."
    fixed, changes = correct(text, TWO_BLOWS)
    assert fixed == text and changes == []
    assert [f for f in check_numbers(text, TWO_BLOWS) if f.severity == BLOCK] == []


def test_a_roll_no_step_decided_is_still_caught_in_a_two_step_turn():
    text = "Bram avoids the wooden stool (you rolled 11). You hit Bram for 1 damage (you rolled 17)."
    found = [f for f in check_numbers(text, TWO_BLOWS) if f.severity == BLOCK]
    assert [f.span for f in found] == ["11"]
    fixed, _ = correct(text, TWO_BLOWS)
    assert "rolled 17). You" not in fixed  # not "corrected" to the other step's roll


@pytest.mark.parametrize("intent", [
    Intent("open", target="the crate", target_kind="fixture"),
    Intent("climb", target="the tree"),
    Intent("talk", target="the dragon"),
    Intent("attack", target="the dragon"),
    Intent("give", target="the dragon", method="waterskin", method_kind="item"),
])
def test_a_failure_names_what_is_missing_without_a_doubled_article(state, campaign, intent):
    summary = resolve([intent], state, campaign, "p1", ScriptedRandom([])).steps[0].summary
    assert not any(bad in summary for bad in ("no the ", "no a ", "no an "))


TWO_PURCHASES = Outcome(steps=[
    StepOutcome(action_type="buy", success=True, summary="Aldric buys an ale for 1 gold; 11 left.", item="ale",
                gold=1, gold_left=11),
    StepOutcome(action_type="buy", success=True, summary="Aldric buys a stew for 2 gold; 9 left.", item="stew",
                gold=2, gold_left=9),
])


def test_each_purchase_keeps_its_own_gold_through_correction():
    text = "You pay Greta 1 gold for an ale and keep 11 gold. You buy a stew from Greta for 2 gold, leaving you 9 gold."
    fixed, changes = correct(text, TWO_PURCHASES)
    assert fixed == text and changes == []
    assert [f for f in check_numbers(text, TWO_PURCHASES) if f.severity == BLOCK] == []
    wrong = text.replace("leaving you 9 gold", "leaving you 7 gold")
    assert [f.span for f in check_numbers(wrong, TWO_PURCHASES) if f.severity == BLOCK] == ["7"]
