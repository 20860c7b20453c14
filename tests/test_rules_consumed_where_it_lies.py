"""A consumable lying in the room is drunk or eaten where it lies and is gone (before: "I drink the
can of cola" on Zero's desk only "used" it, and it stayed there to be drunk again)."""

from __future__ import annotations

from bot.rules.resolve import resolve
from bot.world.effects import apply_all
from bot.world.intent import Intent
from tests.rules_table import ScriptedRandom, campaign, state  # noqa: F401 (fixtures)


def test_the_ale_on_the_table_is_drunk_and_gone(state, campaign):
    here = state.place("The Rusty Tankard")
    lying = next(i for i in here.items if "ale" in i)
    outcome = resolve([Intent("use_item", method=lying, words="I drink the mug of ale")], state, campaign, "p1",
                      ScriptedRandom([]))
    assert outcome.success and "used up" in outcome.steps[0].summary
    after = state.copy()
    apply_all(after, outcome.effects)
    assert lying not in after.place("The Rusty Tankard").items
    assert lying not in after.characters["p1"].inventory


def test_a_fixture_of_the_room_is_used_where_it_stands_and_stays(state, campaign):
    outcome = resolve([Intent("use_item", method="dartboard", words="I play darts")], state, campaign, "p1",
                      ScriptedRandom([]))
    assert outcome.success and outcome.effects == []
