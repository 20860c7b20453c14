"""Proposals through the real SQLite store: a stale proposal is refused inside the commit, and with
chaos spoiling half the answers no hallucinated change ever reaches the database."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.actions import NarrationWithProposals, Plan, PlanStep, validate_plan
from bot.llm.base import LLMRequest, LLMResponse, Message, NarrationContext
from bot.llm.chaos import ChaosProvider
from bot.llm.chaos_proposals import inject
from bot.proposals import ProposalContext, propose, review
from bot.store import ChannelRef, SQLiteStore, TurnRecord, VersionConflict
from bot.world.campaign import Campaign
from bot.world.effects import AdjustTrust, apply_all
from bot.world.state import new_character

CHANNEL = ChannelRef("guild-1", "chan-1")
TAVERN = "The Rusty Tankard"


async def _start(store: SQLiteStore, tavern: Campaign) -> int:
    record = await store.start_campaign(CHANNEL, tavern)
    await store.save_character(record.id, new_character(tavern, "p1", "Aldric", "warrior"))
    await store.save_character(record.id, new_character(tavern, "p2", "Mira", "mage"))
    return record.id


# the check at commit time ---------------------------------------------------------------------------

async def test_a_stale_proposal_is_refused_at_commit_when_another_turn_took_the_key_first(
    tmp_db_path: Path, tavern: Campaign
) -> None:
    async with SQLiteStore(tmp_db_path) as setup:
        campaign_id = await _start(setup, tavern)
    both_decided = asyncio.Barrier(2)
    order = asyncio.Lock()
    outcome: dict[str, Any] = {}

    async def turn(player_id: str, name: str) -> None:
        # Each turn on its own connection, as two bot processes would run them.
        async with SQLiteStore(tmp_db_path) as store:
            state = await store.load_state(campaign_id)
            plan = [{"id": "s1", "action": "give_item",
                     "args": {"giver": "Greta", "receiver": name, "item": "cellar key"}}]
            report = validate_plan(plan, state, tavern, player_id, TAVERN)
            assert report.valid  # on the state this turn read, the proposal is sound
            await both_decided.wait()
            record = TurnRecord(campaign_id=campaign_id, player_id=player_id, input=f"{name} asks for the key")
            async with order:
                try:
                    result = await store.commit_turn(campaign_id, state.version, [], record, [],
                                                     proposals=[report.effects])
                    outcome[player_id] = ("first", result)
                except VersionConflict:
                    # The turn lost the race; its decided proposal is committed at the new version
                    # and the store re-checks it inside the transaction.
                    fresh = await store.load_state(campaign_id)
                    result = await store.commit_turn(campaign_id, fresh.version, [], record, [],
                                                     proposals=[report.effects])
                    outcome[player_id] = ("second", result)

    await asyncio.gather(turn("p1", "Aldric"), turn("p2", "Mira"))

    (winner,) = [p for p, (when, _) in outcome.items() if when == "first"]
    (loser,) = [p for p, (when, _) in outcome.items() if when == "second"]
    assert outcome[winner][1].refused == []
    refused = outcome[loser][1].refused
    assert len(refused) == 1 and refused[0][0] == 0
    assert "cellar key" in refused[0][1] and "Greta" in refused[0][1]

    async with SQLiteStore(tmp_db_path) as store:
        state = await store.load_state(campaign_id)
        holders = [pid for pid, ch in state.characters.items() if "cellar key" in ch.inventory]
        assert holders == [winner]  # one key, with the turn that took it first
        assert "cellar key" not in state.npcs["Greta"].items
        turns = await store.recent_turns(campaign_id, limit=10)
        assert {t.player_id for t in turns} == {"p1", "p2"}  # the refused turn itself still stands
        # Re-validating the loser's plan on the fresh state rejects it too, before any commit.
        again = validate_plan([{"id": "s1", "action": "give_item",
                                "args": {"giver": "Greta", "receiver": "me", "item": "cellar key"}}],
                              state, tavern, loser, TAVERN)
        assert again.kinds == ["precondition"]


# chaos through the store -------------------------------------------------------------------------------

_SCRIPT = [
    ("Bram laughs at your joke and clinks his mug against yours.",
     [{"id": "s1", "action": "update_trust", "args": {"npc": "Bram", "delta": 1, "reason": "a good joke"}}]),
    ("The rain keeps on.", []),
    ("Greta frowns at the mud you tracked in.",
     [{"id": "s1", "action": "update_trust", "args": {"npc": "the barkeep", "delta": -1, "reason": "muddy boots"}}]),
]


class HonestModel:
    """Answers every proposal (and every narration with proposals) with the turn's true plan."""

    name = "honest"
    model = "honest"

    async def complete(self, request: LLMRequest) -> LLMResponse:
        assert request.context is not None
        text, steps = _SCRIPT[request.context.seed % len(_SCRIPT)]
        plan = [PlanStep.model_validate(s) for s in steps]
        parsed = (NarrationWithProposals(narration=text, proposals=plan)
                  if request.schema is NarrationWithProposals else Plan(steps=plan))
        return LLMResponse(text=parsed.model_dump_json(), parsed=parsed, model=self.model)

    async def aclose(self) -> None:
        return None


@pytest.mark.parametrize("variant", ["separate_call", "in_narration"])
async def test_with_chaos_in_half_the_answers_no_hallucinated_change_reaches_the_database(
    variant: str, tmp_db_path: Path, tavern: Campaign
) -> None:
    turns = 120
    chaos = ChaosProvider(HonestModel(), rate=0.5, seed=11)
    narration_rng = random.Random(5)  # the in-narration answers are spoiled at the same rate
    async with SQLiteStore(tmp_db_path) as store:
        campaign_id = await _start(store, tavern)
        before = await store.load_state(campaign_id)
        honest_effects: list[AdjustTrust] = []
        calls = spoiled = accepted = 0
        for n in range(turns):
            state = await store.load_state(campaign_id)
            text, steps = _SCRIPT[n % len(_SCRIPT)]
            ctx = ProposalContext(state, tavern, "p1", text, seed=n)
            if variant == "separate_call":
                calls += 1  # the narration call
                result = await propose(chaos, ctx)
            else:
                request = LLMRequest(messages=[Message("user", text)], schema=NarrationWithProposals,
                                     task="narration", context=NarrationContext(scene=ctx.view(), seed=n))
                narrated = await HonestModel().complete(request)
                if narration_rng.random() < 0.5:
                    narrated = inject(narrated, request, narration_rng)
                calls += 1
                spoiled += len(narrated.injected)
                assert isinstance(narrated.parsed, NarrationWithProposals)
                result = await review(chaos, narrated.parsed.plan(), ctx)
            calls += result.llm_calls
            spoiled += len(result.injected)
            record = TurnRecord(campaign_id=campaign_id, player_id="p1", input=f"turn {n}", narration=text,
                                llm_calls=result.llm_calls)
            commit = await store.commit_turn(campaign_id, state.version, [], record, [], proposals=result.groups)
            assert commit.refused == []
            if result.effects:
                accepted += 1
                # Whatever was accepted is exactly the honest plan of the turn: never a spoiled plan,
                # not even with its hallucinated steps left out.
                assert result.plan is not None
                assert [s.model_dump() for s in result.plan.steps] == [
                    PlanStep.model_validate(s).model_dump() for s in steps]
                truth = validate_plan(steps, state, tavern, "p1", TAVERN)
                assert result.effects == truth.effects
                honest_effects.extend(e for e in result.effects if isinstance(e, AdjustTrust))
        after = await store.load_state(campaign_id)

    assert spoiled >= turns * 0.4  # chaos really did spoil about half the answers
    assert accepted > 0
    expected = before.copy()
    apply_all(expected, honest_effects)
    expected.version = after.version
    assert after == expected  # nothing but the honest changes, and all of them
    mean_calls = calls / turns
    if variant == "in_narration":
        assert mean_calls <= 1.7
