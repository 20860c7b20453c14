"""Where proposed changes to the world come from: one structured model call, one replan, or none.

After a turn is narrated (or an NPC has spoken) the model is asked what changed in the world as a
plan of registry actions. The plan is checked by ``bot.actions`` against the state the turn's own
decided effects leave; a rejected plan gets one replan with the findings as feedback, and if that
is rejected too the proposal is dropped: the narration stands, the world does not change. The
effects of an accepted plan go to ``Store.commit_turn(..., proposals=[effects])``, which applies
them again inside the commit transaction, so a plan that went stale meanwhile is refused there.

Two ways to get the plan are supported and measured by ``benchmark_calls_per_turn``: a separate
``proposal`` call after narration (``propose``), or a ``proposals`` field in the narration call's
own structured answer (``NarrationWithProposals``, checked by ``review``), which saves a call on
every turn. Dice, combat damage, purchases and gold never pass through here: ``bot.rules`` decides
them, and the registry has no action that could repeat them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.actions import describe
from bot.actions.fork import fork_state
from bot.actions.plan import PlanInput, PlanReport, validate_plan
from bot.actions.steps import NarrationWithProposals, Plan, PlanStep
from bot.guard.finding import BLOCK, Finding
from bot.llm.base import LLMError, LLMRequest, LLMResponse, Message, NarrationContext, Provider
from bot.llm.structured import extract_json
from bot.world.campaign import Campaign
from bot.world.effects import Effect, EffectError, apply_all
from bot.world.outcome import Outcome
from bot.world.scene import Scene
from bot.world.state import WorldState, scene_for

__all__ = [
    "NarrationWithProposals", "Plan", "ProposalConfig", "ProposalContext", "ProposalResult",
    "benchmark_calls_per_turn", "build_messages", "plan_from_response", "proposal_instructions", "propose",
    "review", "with_feedback",
]


@dataclass(slots=True)
class ProposalConfig:
    temperature: float = 0.2  # a plan is bookkeeping, not prose
    max_tokens: int = 400
    replans: int = 1  # after a rejected plan; then the proposal is dropped


@dataclass(slots=True)
class ProposalContext:
    """A turn as the proposal step sees it. ``state`` is the world *after* the turn's decided
    effects (use ``for_turn`` to build it from the state the turn was decided on)."""

    state: WorldState
    campaign: Campaign
    actor_player_id: str
    text: str  # the narration that was posted, or the NPC's speech
    player_text: str = ""
    npc: str | None = None  # dialogue: the NPC who spoke
    outcome: Outcome | None = None
    location: str | None = None  # default: where the acting character stands in ``state``
    scene: Scene | None = None  # default: scene_for(state, campaign, actor_player_id)
    seed: int = 0

    @classmethod
    def for_turn(cls, state: WorldState, campaign: Campaign, actor_player_id: str, text: str,
                 outcome: Outcome | None = None, **kw: Any) -> ProposalContext:
        """The context for a turn decided on ``state`` (the table's state, unchanged): the
        outcome's own effects are applied to a copy first, as the commit will apply them."""
        after = state
        if outcome is not None and outcome.effects:
            after = fork_state(state)
            try:
                apply_all(after, outcome.effects)
            except EffectError:
                after = state
        return cls(after, campaign, actor_player_id, text, outcome=outcome, **kw)

    def where(self) -> str:
        if self.location:
            return self.location
        me = self.state.characters.get(self.actor_player_id)
        return me.location if me else self.campaign.start

    def view(self) -> Scene:
        if self.scene is None:
            self.scene = scene_for(self.state, self.campaign, self.actor_player_id)
        return self.scene

    def reserved(self) -> dict[str, str]:
        """Actions the rules already decided this turn, which a proposal must not repeat."""
        if self.outcome is None or self.outcome.blocked:
            return {}
        reason = "HP changes this turn were rolled by the rules; do not propose them again"
        if any(s.damage is not None or s.healed is not None or s.action_type == "attack" for s in self.outcome.steps):
            return {"damage": reason, "heal": reason}
        return {}


@dataclass(slots=True)
class ProposalResult:
    effects: list[Effect] = field(default_factory=list)  # for commit_turn(proposals=[effects])
    findings: list[Finding] = field(default_factory=list)  # every rejected attempt's findings
    llm_calls: int = 0
    replanned: bool = False
    dropped: bool = False  # a plan was proposed and finally rejected (or the call failed)
    plan: Plan | None = None  # the accepted plan
    reports: list[PlanReport] = field(default_factory=list)  # one per checked attempt
    injected: list[dict[str, Any]] = field(default_factory=list)  # chaos: what was made up
    error: str | None = None  # LLMError kind, when a call failed

    @property
    def groups(self) -> list[list[Effect]]:
        """What to pass as ``commit_turn(..., proposals=...)``."""
        return [self.effects] if self.effects else []


# prompts -----------------------------------------------------------------------------------------

_RULES = (
    "Propose only changes the text states as having happened, using only the actions listed and "
    "only names the scene lists. Most turns change nothing: then the plan is empty. Never repeat "
    "what the game's rules decided (dice, combat damage, healing rolled this turn, purchases, gold, "
    "the player's own movement): those are already applied. A step's \"after\" lists the ids of "
    "earlier steps it depends on."
)


def _scene_lines(ctx: ProposalContext) -> list[str]:
    scene = ctx.view()
    loc = scene.location
    lines = [f"Location: {loc.name}. Exits: {', '.join(loc.exits) or 'none'}."]
    if loc.features:
        feats = []
        for f in loc.features:
            state = "locked" if f.locked else ""
            key = f"key: {f.key}" if f.key else ""
            detail = ", ".join(x for x in (state, key) if x)
            feats.append(f"{f.name} ({detail})" if detail else f.name)
        lines.append(f"Features: {'; '.join(feats)}.")
    for npc in scene.npcs:
        also = f" (also called {', '.join(npc.aliases)})" if npc.aliases else ""
        down = ", down" if npc.down else ""
        lines.append(f"NPC {npc.name}{also}{down}: holds {', '.join(npc.items) or 'nothing'}.")
    p = scene.player
    if p.name:
        lines.append(f"The player: {p.name} ({p.char_class}, {p.hp}/{p.max_hp} HP), holds "
                     f"{', '.join(p.inventory) or 'nothing'}.")
    for member in scene.party:
        lines.append(f"Party: {member.name}, holds {', '.join(member.inventory) or 'nothing'}.")
    lying = list(scene.items) + [f"{i} (in the {c})" for c, inside in scene.contents.items() for i in inside]
    lines.append(f"Lying here: {', '.join(lying) or 'nothing'}.")
    flags = ctx.campaign.flags
    if flags:
        lines.append("Declared flags: " + ", ".join(f"{k} (now {ctx.state.flags.get(k, v)!r})" for k, v in flags.items()) + ".")
    else:
        lines.append("Declared flags: none (set_flag cannot be used).")
    if ctx.outcome is not None and ctx.outcome.steps:
        lines.append("Already decided and applied by the rules: " + " ".join(s.summary for s in ctx.outcome.steps if s.summary))
    return lines


def proposal_instructions(ctx: ProposalContext) -> str:
    """The system-prompt section for the one-call variant: what may go in ``proposals``."""
    return (
        "Besides the narration, list in \"proposals\" the changes to the world your narration states "
        f"(usually none). {_RULES}\nActions:\n{describe()}\nScene:\n" + "\n".join(_scene_lines(ctx))
    )


def build_messages(ctx: ProposalContext) -> list[Message]:
    system = (
        "You keep the record of a tabletop game world. Read what was just told to the players and "
        f"answer with the plan of changes it implies, as JSON {{\"steps\": [...]}}. {_RULES}\n"
        f"Actions (arguments in braces):\n{describe()}\n"
        'Example: {"steps": [{"id": "s1", "action": "update_trust", "args": {"npc": "Bram", '
        '"delta": 2, "reason": "the player bought him a drink"}, "after": []}]}'
    )
    told = f"{ctx.npc} said" if ctx.npc else "The narration"
    user = "\n".join([
        "Scene (the only truth):", *_scene_lines(ctx),
        f"The player wrote: {json.dumps(ctx.player_text)}" if ctx.player_text else "",
        f"{told}: {json.dumps(ctx.text)}",
        "What changed in the world?",
    ])
    return [Message("system", system), Message("user", "\n".join(x for x in user.split("\n") if x))]


def _as_json(plan: PlanInput) -> str:
    if isinstance(plan, BaseModel):
        return plan.model_dump_json()
    try:
        return json.dumps(plan)
    except (TypeError, ValueError):
        return str(plan)


def with_feedback(messages: list[Message], plan: PlanInput | None, report: PlanReport) -> list[Message]:
    """The replan prompt: the rejected plan (when there was one) and why it was rejected."""
    said = [Message("assistant", _as_json(plan))] if plan is not None else []
    return [
        *messages,
        *said,
        Message("user", "That plan was rejected and nothing of it was applied:\n" + report.feedback()
                + '\nSend a corrected plan that uses only the listed actions and what the scene holds, '
                  'or {"steps": []} if nothing really changed.'),
    ]


# the calls ---------------------------------------------------------------------------------------

def plan_from_response(response: LLMResponse) -> PlanInput:
    """The plan in a model's answer: its parsed object, or the JSON in its text (kept raw when a
    step is malformed, so that the validator can say which)."""
    parsed = response.parsed
    if isinstance(parsed, Plan):
        return parsed
    if isinstance(parsed, NarrationWithProposals):
        return parsed.plan()
    if isinstance(parsed, BaseModel):
        data = parsed.model_dump()
    else:
        data = json.loads(extract_json(response.text))  # ValueError: not JSON at all
    if isinstance(data, list):
        data = {"steps": data}
    if not isinstance(data, dict):
        raise ValueError("the answer is not a plan object")
    try:
        return Plan.model_validate({"steps": data.get("steps", data.get("proposals", []))})
    except ValidationError:
        return data


def _not_a_plan(message: str) -> PlanReport:
    finding = Finding(kind="bad_args", severity=BLOCK, confidence=1.0, span=message[:200],
                      evidence='a plan is {"steps": [{id, action, args, after}]}',
                      message=f"the answer was not a plan: {message}", layer="actions")
    return PlanReport(False, [finding], [], [])


def _check(ctx: ProposalContext, plan: PlanInput) -> PlanReport:
    return validate_plan(plan, ctx.state, ctx.campaign, ctx.actor_player_id, ctx.where(), reserved=ctx.reserved())


async def _ask(provider: Provider, messages: list[Message], ctx: ProposalContext, config: ProposalConfig,
               result: ProposalResult) -> tuple[PlanInput | None, PlanReport | None]:
    """One proposal call: the plan, or (None, a report saying why there is none), or (None,
    None) when the call failed for a reason a replan cannot fix."""
    request = LLMRequest(
        messages=messages, temperature=config.temperature, max_tokens=config.max_tokens, schema=Plan,
        task="proposal",
        context=NarrationContext(scene=ctx.view(), outcome=ctx.outcome, player_text=ctx.player_text,
                                 npc=ctx.npc, seed=ctx.seed),
    )
    result.llm_calls += 1
    try:
        response = await provider.complete(request)
    except LLMError as exc:
        result.error = exc.kind
        if exc.kind == "bad_output":
            return None, _not_a_plan(str(exc))
        return None, None
    result.injected.extend(response.injected)
    try:
        return plan_from_response(response), None
    except ValueError as exc:
        return None, _not_a_plan(str(exc))


async def _settle(provider: Provider, messages: list[Message], plan: PlanInput | None,
                  report: PlanReport | None, ctx: ProposalContext, config: ProposalConfig,
                  result: ProposalResult) -> ProposalResult:
    attempts_left = config.replans
    while True:
        if plan is not None:
            report = _check(ctx, plan)
        if report is None:  # the call failed outright: nothing to replan from
            result.dropped = True
            return result
        result.reports.append(report)
        if report.valid:
            result.effects = list(report.effects)
            result.plan = plan if isinstance(plan, Plan) else None
            return result
        result.findings.extend(report.findings)
        if attempts_left <= 0:
            result.dropped = True
            return result
        attempts_left -= 1
        result.replanned = True
        messages = with_feedback(messages, plan, report)
        plan, report = await _ask(provider, messages, ctx, config, result)


async def propose(provider: Provider, ctx: ProposalContext, config: ProposalConfig | None = None) -> ProposalResult:
    """Ask for the turn's changes in a separate structured call, check them, replan once."""
    config = config or ProposalConfig()
    result = ProposalResult()
    messages = build_messages(ctx)
    plan, report = await _ask(provider, messages, ctx, config, result)
    return await _settle(provider, messages, plan, report, ctx, config, result)


async def review(provider: Provider, plan: PlanInput, ctx: ProposalContext,
                 config: ProposalConfig | None = None) -> ProposalResult:
    """Check proposals that came with the narration (the one-call variant); a rejected plan gets
    the same one replan, as a separate proposal call. ``llm_calls`` counts only that replan."""
    config = config or ProposalConfig()
    return await _settle(provider, build_messages(ctx), plan, None, ctx, config, ProposalResult())


# measuring the two variants ------------------------------------------------------------------------

@dataclass(slots=True)
class _Turn:
    text: str
    plan: list[dict[str, Any]]


_SCRIPT = (
    _Turn("Greta slides the cellar key across the bar to you.",
          [{"id": "s1", "action": "give_item", "args": {"giver": "Greta", "receiver": "Aldric", "item": "cellar key"}}]),
    _Turn("Bram chuckles at your story and raises his mug to you.",
          [{"id": "s1", "action": "update_trust", "args": {"npc": "Bram", "delta": 2, "reason": "a good story"}}]),
    _Turn("Rain keeps drumming on the shutters.", []),
    _Turn("Greta wipes her hands and heads out into the market square.",
          [{"id": "s1", "action": "move_npc", "args": {"npc": "the barkeep", "to": "Market Square"}}]),
    _Turn("The fire crackles; nobody pays you much mind.", []),
    _Turn("Greta hands you the key, and you unlock the cellar door with it.",
          [{"id": "s1", "action": "give_item", "args": {"giver": "Greta", "receiver": "me", "item": "key"}},
           {"id": "s2", "action": "unlock", "args": {"feature": "cellar door"}, "after": ["s1"]}]),
)


class _ScriptedModel:
    """A well-behaved model for the benchmark: it answers every proposal (and the narration with
    proposals) with the turn's true plan, and is spoiled by chaos at ``rate`` per call."""

    name = "scripted"
    model = "scripted"

    def __init__(self, rate: float, rng: random.Random,
                 spoil: Callable[[LLMResponse, LLMRequest, random.Random], LLMResponse]):
        self.rate = rate
        self.rng = rng
        self.spoil = spoil

    async def complete(self, request: LLMRequest) -> LLMResponse:
        turn = _SCRIPT[request.context.seed % len(_SCRIPT)] if request.context else _SCRIPT[2]
        steps = [PlanStep.model_validate(s) for s in turn.plan]
        parsed: BaseModel
        if request.schema is NarrationWithProposals:
            parsed = NarrationWithProposals(narration=turn.text, proposals=steps)
        else:
            parsed = Plan(steps=steps)
        response = LLMResponse(text=parsed.model_dump_json(), parsed=parsed, model=self.model)
        if self.rng.random() < self.rate:
            response = self.spoil(response, request, self.rng)
        return response

    async def aclose(self) -> None:
        return None


async def benchmark_calls_per_turn(turns: int = 300, chaos_rate: float = 0.5, seed: int = 7,
                                   campaign: Campaign | None = None) -> dict[str, Any]:
    """Mean model calls per turn (narration included) for the separate proposal call and for
    proposals inside the narration call, with chaos spoiling ``chaos_rate`` of all calls. Also
    counts plans accepted with a hallucinated step in them (must be 0)."""
    from bot.llm.chaos_proposals import inject
    from bot.world.loader import get_campaign
    from bot.world.state import new_character, new_state

    campaign = campaign or get_campaign("tavern")
    state = new_state(campaign)
    state.characters["p1"] = new_character(campaign, "p1", "Aldric", "warrior")
    figures: dict[str, Any] = {"turns": turns, "chaos_rate": chaos_rate}
    for variant in ("separate", "in_narration"):
        model = _ScriptedModel(chaos_rate, random.Random(seed), inject)
        calls = accepted = dropped = replanned = leaked = spoiled = 0
        for n in range(turns):
            turn = _SCRIPT[n % len(_SCRIPT)]
            ctx = ProposalContext(state, campaign, "p1", turn.text, seed=n)
            if variant == "separate":
                calls += 1  # the narration call itself
                result = await propose(model, ctx)
            else:
                narrated = await model.complete(LLMRequest(
                    messages=build_messages(ctx), schema=NarrationWithProposals, task="narration",
                    context=NarrationContext(scene=ctx.view(), seed=n)))
                calls += 1
                spoiled += len(narrated.injected)
                assert isinstance(narrated.parsed, NarrationWithProposals)
                result = await review(model, narrated.parsed.plan(), ctx)
            calls += result.llm_calls
            spoiled += len(result.injected)
            replanned += result.replanned
            dropped += result.dropped
            if not result.dropped:
                accepted += 1
                truth = [PlanStep.model_validate(s).model_dump() for s in turn.plan]
                got = [s.model_dump() for s in result.plan.steps] if result.plan else None
                leaked += got != truth
        figures[variant] = {
            "calls_per_turn": round(calls / turns, 3), "accepted": accepted, "replanned": replanned,
            "dropped": dropped, "hallucinations_injected": spoiled, "hallucinated_plans_accepted": leaked,
        }
    return figures


if __name__ == "__main__":  # python -m bot.proposals
    import asyncio

    print(json.dumps(asyncio.run(benchmark_calls_per_turn())))
