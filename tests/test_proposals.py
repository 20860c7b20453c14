"""Where proposals come from: the structured call, the one replan with the findings as feedback,
dropping a plan that stays wrong, and the one-call variant inside the narration."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.actions import NarrationWithProposals, Plan
from bot.llm.base import LLMError, LLMRequest, LLMResponse
from bot.proposals import (
    ProposalContext,
    benchmark_calls_per_turn,
    build_messages,
    plan_from_response,
    proposal_instructions,
    propose,
    review,
)
from bot.world.campaign import Campaign
from bot.world.effects import AdjustHP, AdjustTrust, Holder, TransferItem
from bot.world.outcome import Outcome, StepOutcome
from bot.world.state import WorldState, new_character, new_state
from fakes.llm_servers import FakeLLMServer, json_reply, text

GIVE_KEY = {"id": "s1", "action": "give_item", "args": {"giver": "Greta", "receiver": "Aldric", "item": "cellar key"}}
HAND_OVER = {"id": "s1", "action": "hand_over", "args": {"giver": "Greta", "receiver": "Aldric", "item": "cellar key"}}
GHOST_GIFT = {"id": "s1", "action": "give_item", "args": {"giver": "Greta", "receiver": "Aldric", "item": "dragon egg"}}


class ScriptedModel:
    """Answers with the queued replies in order (a plan, a raw text, or an LLMError) and keeps the
    requests it was sent."""

    name = "scripted"
    model = "scripted"

    def __init__(self, *replies: Any):
        self.replies = list(replies)
        self.requests: list[LLMRequest] = []

    async def complete(self, request: LLMRequest) -> LLMResponse:
        self.requests.append(request)
        reply = self.replies.pop(0)
        if isinstance(reply, LLMError):
            raise reply
        if isinstance(reply, str):
            return LLMResponse(text=reply)
        plan = Plan.model_validate({"steps": reply})
        return LLMResponse(text=plan.model_dump_json(), parsed=plan)

    async def aclose(self) -> None:
        return None


@pytest.fixture
def world(tavern: Campaign) -> WorldState:
    state = new_state(tavern)
    state.characters["p1"] = new_character(tavern, "p1", "Aldric", "warrior")
    return state


@pytest.fixture
def ctx(world: WorldState, tavern: Campaign) -> ProposalContext:
    return ProposalContext(world, tavern, "p1", "Greta slides the cellar key across the bar.",
                           player_text="Can I have the key to the cellar?")


async def test_a_valid_plan_is_accepted_with_one_structured_call(ctx: ProposalContext) -> None:
    model = ScriptedModel([GIVE_KEY])
    result = await propose(model, ctx)
    assert result.effects == [TransferItem("cellar key", Holder("npc", "Greta"), Holder("player", "p1"))]
    assert result.groups == [result.effects]
    assert (result.llm_calls, result.replanned, result.dropped, result.findings) == (1, False, False, [])
    request = model.requests[0]
    assert request.task == "proposal" and request.schema is Plan
    assert request.context is not None and request.context.scene.location.name == "The Rusty Tankard"


async def test_nothing_changed_is_an_empty_plan_not_a_drop(ctx: ProposalContext) -> None:
    result = await propose(ScriptedModel([]), ctx)
    assert result.effects == [] and result.groups == [] and not result.dropped and result.llm_calls == 1


async def test_a_rejected_plan_is_replanned_once_with_the_findings_and_suggestions(ctx: ProposalContext) -> None:
    model = ScriptedModel([HAND_OVER], [GIVE_KEY])
    result = await propose(model, ctx)
    assert result.replanned and not result.dropped and result.llm_calls == 2
    assert result.effects and [f.kind for f in result.findings] == ["unknown_action"]
    replan = model.requests[1].messages
    assert replan[-2].role == "assistant" and "hand_over" in replan[-2].content
    assert "did you mean give_item?" in replan[-1].content
    assert "nothing of it was applied" in replan[-1].content


async def test_a_plan_rejected_twice_is_dropped_and_nothing_is_applied(ctx: ProposalContext) -> None:
    model = ScriptedModel([HAND_OVER], [GHOST_GIFT])
    result = await propose(model, ctx)
    assert result.dropped and result.replanned and result.effects == [] and result.groups == []
    assert result.llm_calls == 2  # one replan, never more
    assert [f.kind for f in result.findings] == ["unknown_action", "precondition"]
    assert len(result.reports) == 2


async def test_the_replan_feedback_says_what_the_scene_holds_instead(ctx: ProposalContext) -> None:
    model = ScriptedModel([GHOST_GIFT], [])
    await propose(model, ctx)
    assert "Greta does not hold 'dragon egg'" in model.requests[1].messages[-1].content
    assert "Greta holds: cellar key, rag" in model.requests[1].messages[-1].content


async def test_a_failed_call_drops_the_proposal_without_a_replan(ctx: ProposalContext) -> None:
    result = await propose(ScriptedModel(LLMError("timeout", "slow")), ctx)
    assert result.dropped and result.error == "timeout" and result.llm_calls == 1 and result.effects == []


async def test_an_answer_that_is_not_a_plan_gets_the_replan(ctx: ProposalContext) -> None:
    model = ScriptedModel("Greta gives you the key!", [GIVE_KEY])
    result = await propose(model, ctx)
    assert result.replanned and result.effects and result.llm_calls == 2
    assert "the answer was not a plan" in model.requests[1].messages[-1].content


async def test_rules_decided_damage_is_not_proposed_again(world: WorldState, tavern: Campaign) -> None:
    outcome = Outcome(steps=[StepOutcome("attack", True, "Aldric hits Bram for 7.", target="Bram", damage=7,
                                         effects=[AdjustHP("npc", "Bram", -7)])])
    ctx = ProposalContext.for_turn(world, tavern, "p1", "You hit Bram for 7.", outcome=outcome)
    assert ctx.state.npcs["Bram"].hp == 13 and world.npcs["Bram"].hp == 20  # decided effects, on a copy
    model = ScriptedModel([{"id": "s1", "action": "damage", "args": {"target": "Bram", "amount": 7}}], [])
    result = await propose(model, ctx)
    assert result.effects == [] and result.replanned
    assert "rolled by the rules" in model.requests[1].messages[-1].content


async def test_a_proposal_repeating_the_turns_own_transfer_is_rejected(world: WorldState, tavern: Campaign) -> None:
    outcome = Outcome(steps=[StepOutcome("take", True, "Greta hands Aldric the cellar key.",
                                         effects=[TransferItem("cellar key", Holder("npc", "Greta"),
                                                               Holder("player", "p1"))])])
    ctx = ProposalContext.for_turn(world, tavern, "p1", "Greta hands you the key.", outcome=outcome)
    result = await propose(ScriptedModel([GIVE_KEY], [GIVE_KEY]), ctx)
    assert result.dropped and result.effects == []


async def test_dialogue_proposals_shift_trust_for_the_speaker(world: WorldState, tavern: Campaign) -> None:
    ctx = ProposalContext(world, tavern, "p1", "Fine. I suppose you can be trusted.", npc="Bram")
    model = ScriptedModel([{"id": "t", "action": "update_trust",
                            "args": {"npc": "Bram", "delta": 3, "reason": "kept his word"}}])
    result = await propose(model, ctx)
    assert result.effects == [AdjustTrust("Bram", "p1", 3)]
    assert 'Bram said: "Fine. I suppose you can be trusted."' in model.requests[0].messages[-1].content


# the prompt ---------------------------------------------------------------------------------------

def test_the_prompt_lists_every_action_and_what_the_scene_holds(ctx: ProposalContext) -> None:
    system, user = build_messages(ctx)
    for action in ("give_item{giver, receiver, item}", "update_trust{npc, delta, reason}", "set_flag{flag, value}"):
        assert action in system.content
    assert "NPC Greta (also called bartender, barkeep): holds cellar key, rag." in user.content
    assert "cellar door (locked, key: cellar key)" in user.content
    assert "Declared flags: none" in user.content
    assert json.dumps(ctx.text) in user.content
    assert "Already decided" not in user.content


def test_the_one_call_variant_has_its_own_instructions(ctx: ProposalContext) -> None:
    section = proposal_instructions(ctx)
    assert '"proposals"' in section and "move_npc{npc, to}" in section and "Greta" in section


# parsing ------------------------------------------------------------------------------------------

def test_a_plan_is_read_from_fenced_json_a_bare_list_or_the_narration_variant() -> None:
    fenced = LLMResponse(text='```json\n{"steps": [%s]}\n```' % json.dumps(GIVE_KEY))
    bare = LLMResponse(text=json.dumps([GIVE_KEY]))
    both = NarrationWithProposals.model_validate({"narration": "Greta nods.", "proposals": [GIVE_KEY]})
    for response in (fenced, bare, LLMResponse(text="", parsed=both)):
        plan = plan_from_response(response)
        assert isinstance(plan, Plan) and plan.steps[0].action == "give_item"


def test_a_malformed_step_is_kept_raw_for_the_validator_to_name() -> None:
    raw = plan_from_response(LLMResponse(text='{"steps": [{"id": "s1", "action": "give_item", "args": "the key"}]}'))
    assert isinstance(raw, dict)
    with pytest.raises(ValueError):
        plan_from_response(LLMResponse(text="no plan here"))


# the one-call variant -------------------------------------------------------------------------------

async def test_proposals_inside_the_narration_cost_no_call_when_valid(ctx: ProposalContext) -> None:
    answer = NarrationWithProposals.model_validate({"narration": "Greta slides the key over.", "proposals": [GIVE_KEY]})
    model = ScriptedModel()
    result = await review(model, answer.plan(), ctx)
    assert result.effects and result.llm_calls == 0 and model.requests == []


async def test_rejected_proposals_inside_the_narration_get_one_separate_replan(ctx: ProposalContext) -> None:
    answer = NarrationWithProposals.model_validate({"narration": "Greta slides the key over.", "proposals": [HAND_OVER]})
    model = ScriptedModel([GIVE_KEY])
    result = await review(model, answer.plan(), ctx)
    assert result.effects and result.replanned and result.llm_calls == 1
    assert model.requests[0].task == "proposal"


async def test_the_benchmark_counts_calls_per_turn_for_both_variants() -> None:
    figures = await benchmark_calls_per_turn(turns=200, chaos_rate=0.5, seed=3)
    separate, inside = figures["separate"], figures["in_narration"]
    assert inside["calls_per_turn"] <= 1.7
    assert separate["calls_per_turn"] == pytest.approx(inside["calls_per_turn"] + 1.0)
    assert separate["hallucinated_plans_accepted"] == inside["hallucinated_plans_accepted"] == 0
    assert inside["hallucinations_injected"] > 50
    clean = await benchmark_calls_per_turn(turns=30, chaos_rate=0.0)
    assert clean["in_narration"]["calls_per_turn"] == 1.0 and clean["separate"]["calls_per_turn"] == 2.0


# the real SDK against a loopback server --------------------------------------------------------------

async def test_the_replan_path_with_the_real_openai_client(ctx: ProposalContext) -> None:
    with FakeLLMServer("openai") as server:
        server.push(json_reply({"steps": [HAND_OVER]}), json_reply({"steps": [GIVE_KEY]}))
        provider = server.provider()
        try:
            result = await propose(provider, ctx)
        finally:
            await provider.aclose()
    assert result.effects == [TransferItem("cellar key", Holder("npc", "Greta"), Holder("player", "p1"))]
    assert result.replanned and result.llm_calls == 2 and server.count == 2
    first, second = server.requests
    assert first.json["response_format"]["type"] == "json_schema"
    assert first.json["temperature"] == 0.2
    replan = second.messages
    assert replan[-2]["role"] == "assistant" and "hand_over" in replan[-2]["content"]
    assert "did you mean give_item?" in replan[-1]["content"]


async def test_a_malformed_answer_from_the_real_client_is_replanned_then_dropped(ctx: ProposalContext) -> None:
    with FakeLLMServer("openai") as server:
        server.push(text("Sure! Greta gives you the key."), json_reply({"steps": [GHOST_GIFT]}))
        provider = server.provider()
        try:
            result = await propose(provider, ctx)
        finally:
            await provider.aclose()
    assert result.dropped and result.effects == [] and result.llm_calls == 2
    assert [f.kind for f in result.findings] == ["bad_args", "precondition"]
