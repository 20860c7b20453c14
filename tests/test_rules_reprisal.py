"""An NPC the player attacks strikes back (``bot.rules.reprisal``): before, a player could hack at
the town guard turn after turn and take no blow in return."""

from __future__ import annotations

import pytest

from bot.guard.finding import BLOCK
from bot.guard.postvalidate import postvalidate
from bot.rules.narration import narrate
from bot.rules.resolve import resolve
from bot.world.effects import apply_all
from bot.world.intent import Intent
from bot.world.state import scene_for
from tests.rules_table import ScriptedRandom, campaign, state  # noqa: F401 (fixtures)


STAB = Intent("attack", target="Bram", target_kind="npc", words="I stab Bram")


def test_the_guard_strikes_back_with_his_longsword_and_the_blow_lands(state, campaign):
    # Aldric misses (3), Bram rolls 14 + 4 = 18 against AC 13 and his longsword (d8) deals 6
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom([3, 14, 6]))
    reply, = outcome.replies
    assert reply.actor == "Bram" and reply.item == "longsword" and reply.success
    assert reply.damage == 6 and reply.hp_after == state.characters["p1"].hp - 6
    after = state.copy()
    apply_all(after, outcome.effects)
    assert after.characters["p1"].hp == state.characters["p1"].hp - 6
    assert not outcome.success  # the player's own miss decides the turn's success, not Bram's hit


def test_a_missed_blow_back_leaves_the_player_untouched_and_the_hit_a_success(state, campaign):
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom([17, 5, 2]))
    reply, = outcome.replies
    assert not reply.success and reply.damage is None and reply.effects == []
    assert outcome.success


def test_an_npc_felled_by_the_blow_does_not_strike_back(state, campaign):
    state.npc("Bram").hp = 3
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom([17, 5]))
    assert outcome.steps[0].down and outcome.replies == []


def test_two_blows_at_one_npc_earn_one_blow_back(state, campaign):
    outcome = resolve([STAB, STAB], state, campaign, "p1", ScriptedRandom([2, 3, 1]))
    assert len(outcome.replies) == 1


def test_an_unarmed_npc_hits_back_with_bare_hands(state, campaign):
    punch = Intent("attack", target="Greta", target_kind="npc", words="I punch Greta")
    outcome = resolve([punch], state, campaign, "p1", ScriptedRandom([2, 15, 2]))
    reply, = outcome.replies
    assert reply.item is None and "bare hands" in reply.summary and reply.damage == 2


def test_a_player_knocked_to_zero_is_down_but_may_rest(state, campaign):
    state.characters["p1"].hp = 3
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom([2, 15, 8]))
    assert outcome.replies[0].down
    after = state.copy()
    apply_all(after, outcome.effects)
    assert after.characters["p1"].down
    assert not resolve([STAB], after, campaign, "p1", ScriptedRandom([])).steps[0].success
    rested = resolve([Intent("rest")], after, campaign, "p1", ScriptedRandom([3, 3]))
    assert rested.steps[0].success


@pytest.mark.parametrize("faces", [[3, 14, 6], [3, 2], [17, 5, 14, 6], [17, 5, 2]])
def test_the_narration_tells_the_blow_back_and_passes_the_guard(state, campaign, faces):
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom(faces))
    scene = scene_for(state, campaign, "p1")
    for seed in range(3):
        text = narrate(scene, [STAB], outcome, seed)
        assert "Bram" in text and ("back" in text)
        reply = outcome.replies[0]
        if reply.success:
            assert f"{reply.damage} damage" in text and f"{reply.hp_after} HP" in text
        assert [f for f in postvalidate(text, scene, [STAB], outcome) if f.severity == BLOCK] == [], text


def test_an_invented_blow_back_is_still_a_mismatch(state, campaign):
    outcome = resolve([STAB], state, campaign, "p1", ScriptedRandom([3, 14, 6]))
    scene = scene_for(state, campaign, "p1")
    text = "Bram avoids your iron sword (you rolled 3). Bram strikes back with the longsword for 9 damage."
    found = [f for f in postvalidate(text, scene, [STAB], outcome) if f.severity == BLOCK]
    assert any(f.kind == "outcome_mismatch" and f.span == "9" for f in found)


def test_an_attacked_npc_trusts_the_attacker_less_once_a_turn(state, campaign):
    before = state.npc("Greta").trust_of("p1")
    punch = Intent("attack", target="Greta", target_kind="npc", words="I punch Greta")
    outcome = resolve([punch, punch], state, campaign, "p1", ScriptedRandom([2, 3, 1]))
    after = state.copy()
    apply_all(after, outcome.effects)
    assert after.npc("Greta").trust_of("p1") == before - 30
    assert after.npc("Bram").trust_of("p1") == state.npc("Bram").trust_of("p1")
