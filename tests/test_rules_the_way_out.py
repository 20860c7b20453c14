"""'I leave' takes the one way that is open (terminal play: in the tavern, whose cellar door is
locked, "I leave" got "You find no way through there")."""

from __future__ import annotations

from bot.rules.resolve import resolve
from bot.world.effects import SetFeature
from bot.world.intent import Intent
from tests.rules_table import ScriptedRandom, campaign, state  # noqa: F401 (fixtures)


def test_leaving_takes_the_only_way_not_locked(state, campaign):
    step = resolve([Intent("move", words="I leave")], state, campaign, "p1", ScriptedRandom([])).steps[0]
    assert step.success and step.moved_to == "Market Square"


def test_leaving_the_place_one_is_in_goes_out(state, campaign):
    intent = Intent("move", target="The Rusty Tankard", target_kind="location", words="I leave the tavern")
    step = resolve([intent], state, campaign, "p1", ScriptedRandom([])).steps[0]
    assert step.success and step.moved_to == "Market Square"


def test_with_two_ways_open_leaving_must_say_which(state, campaign):
    SetFeature("cellar door", locked=False).apply(state)
    step = resolve([Intent("move", words="I leave")], state, campaign, "p1", ScriptedRandom([])).steps[0]
    assert not step.success and "does not say where to go" in step.summary


def test_going_to_where_one_already_is_still_says_so(state, campaign):
    intent = Intent("move", target="The Rusty Tankard", target_kind="location", words="I go to the tavern")
    step = resolve([intent], state, campaign, "p1", ScriptedRandom([])).steps[0]
    assert not step.success and "already in" in step.summary
