"""Checking a proposed plan before any of it touches the world.

A plan passes only if every step does: the action is in the registry, its arguments fit the
action's model, its names resolve to things present, its preconditions hold in the world *as the
earlier steps leave it* (each step's effects are applied to a private copy before the next step is
checked), and its ``after`` list names earlier steps of the same plan without loops. One finding
rejects the whole plan: a proposal is applied all or nothing, never in part.

The findings are written to be read back to the model (the one replan), so each names the step,
what is wrong and what the world holds instead; an unknown action carries the nearest registry
names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from bot.actions.fork import fork_state
from bot.actions.registry import REGISTRY, Action, lookup, suggest
from bot.actions.scene_world import scene_world
from bot.actions.steps import MAX_STEPS, NarrationWithProposals, Plan, PlanStep
from bot.actions.view import Refusal, WorldView
from bot.guard.finding import BLOCK, Finding
from bot.world.campaign import Campaign
from bot.world.effects import Effect, EffectError
from bot.world.scene import Scene
from bot.world.state import WorldState

LAYER = "actions"
KINDS = ("unknown_action", "bad_args", "precondition", "dependency", "cycle")

PlanInput = Plan | NarrationWithProposals | Mapping[str, Any] | Sequence[PlanStep | Mapping[str, Any]]


@dataclass(slots=True)
class StepReport:
    id: str
    action: str
    args: dict[str, Any]  # canonical names once resolved, else as proposed
    effects: list[Effect] = field(default_factory=list)
    ok: bool = False
    skipped: bool = False  # not checked: it comes after a step that already failed


@dataclass(slots=True)
class PlanReport:
    valid: bool
    findings: list[Finding]
    effects: list[Effect]  # empty unless the whole plan is valid
    steps: list[StepReport]
    suggestions: dict[str, list[str]] = field(default_factory=dict)  # step id -> registry names

    @property
    def kinds(self) -> list[str]:
        return sorted({f.kind for f in self.findings})

    def feedback(self) -> str:
        """The findings as lines a model can act on in its replan."""
        return "\n".join(
            f"- {f.message}" + (f" (the scene has: {f.evidence})" if f.evidence and f.kind == "precondition" else "")
            for f in self.findings
        )


def _finding(kind: str, span: str, evidence: str, message: str, confidence: float = 1.0) -> Finding:
    return Finding(kind=kind, severity=BLOCK, confidence=confidence, span=span[:200], evidence=evidence[:300],
                   message=message, layer=LAYER)


# the boundary ------------------------------------------------------------------------------------

def _raw_steps(plan: PlanInput) -> list[Any]:
    if isinstance(plan, Plan):
        return list(plan.steps)
    if isinstance(plan, NarrationWithProposals):
        return list(plan.proposals)
    if isinstance(plan, BaseModel):
        plan = plan.model_dump()
    if isinstance(plan, Mapping):
        raw = plan.get("steps", plan.get("proposals", []))
        return list(raw) if isinstance(raw, list) else [raw]
    return list(plan)


def parse_steps(plan: PlanInput) -> tuple[list[PlanStep], list[Finding]]:
    """The well-formed steps, and a ``bad_args`` finding for each malformed one."""
    steps: list[PlanStep] = []
    findings: list[Finding] = []
    raw = _raw_steps(plan)
    if len(raw) > MAX_STEPS:
        findings.append(_finding(
            "bad_args", f"{len(raw)} steps", f"at most {MAX_STEPS} steps",
            f"the plan has {len(raw)} steps; propose at most {MAX_STEPS}",
        ))
        raw = raw[:MAX_STEPS]
    for n, item in enumerate(raw, 1):
        if isinstance(item, PlanStep):
            steps.append(item)
            continue
        try:
            steps.append(PlanStep.model_validate(item))
        except ValidationError as exc:
            findings.append(_finding(
                "bad_args", str(item)[:200], "a step is {id, action, args, after}",
                f"step #{n} is malformed: {_errors(exc)}",
            ))
    return steps, findings


def _errors(exc: ValidationError, action: Action | None = None) -> str:
    parts = []
    for err in exc.errors()[:4]:
        where = ".".join(str(p) for p in err["loc"]) or "arguments"
        if err["type"] == "extra_forbidden":
            takes = f" ({action.name} takes {', '.join(action.args.model_fields)})" if action else ""
            parts.append(f"unknown argument {where!r}{takes}")
        elif err["type"] == "missing":
            parts.append(f"missing argument {where!r}")
        else:
            parts.append(f"{where}: {err['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)


def _offending(exc: ValidationError, args: Mapping[str, Any]) -> str:
    for err in exc.errors():
        loc = err["loc"]
        if loc and isinstance(loc[0], str):
            if err["type"] in ("extra_forbidden", "missing"):
                return loc[0]
            return f"{loc[0]}={args.get(loc[0])!r}"
    return str(dict(args))[:200]


# order ------------------------------------------------------------------------------------------

def _cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Strongly connected components of more than one step (Tarjan), each in plan order."""
    order = {node: i for i, node in enumerate(graph)}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component, key=order.__getitem__))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def order_findings(steps: Sequence[PlanStep]) -> list[Finding]:
    """``after`` must name earlier steps of this plan: never itself, nothing unknown, no loop."""
    findings: list[Finding] = []
    position: dict[str, int] = {}
    for pos, step in enumerate(steps):
        if step.id in position:
            findings.append(_finding(
                "dependency", step.id, f"step ids: {', '.join(s.id for s in steps)}",
                f"step id {step.id!r} is used twice; give every step its own id",
            ))
        else:
            position[step.id] = pos
    graph = {
        step.id: [a for a in dict.fromkeys(step.after) if a in position and a != step.id]
        for pos, step in enumerate(steps) if position[step.id] == pos
    }
    looped: dict[str, int] = {}
    for n, component in enumerate(_cycles(graph)):
        looped.update({node: n for node in component})
        chain = " -> ".join([*component, component[0]])
        findings.append(_finding(
            "cycle", chain, "each step may only come after steps listed before it",
            f"steps {chain} wait on each other in a loop; order them so each comes after earlier ones only",
        ))
    for pos, step in enumerate(steps):
        for dep in dict.fromkeys(step.after):
            if dep == step.id:
                findings.append(_finding(
                    "dependency", dep, "after lists earlier steps",
                    f"step {step.id} cannot come after itself",
                ))
            elif dep not in position:
                findings.append(_finding(
                    "dependency", dep, f"step ids: {', '.join(position)}",
                    f"step {step.id} comes after {dep!r}, which is not a step of this plan",
                ))
            elif position[dep] > pos and not (step.id in looped and looped.get(dep) == looped[step.id]):
                findings.append(_finding(
                    "dependency", dep, f"step order: {', '.join(position)}",
                    f"step {step.id} comes after {dep}, which is listed later; list steps in the order they happen",
                ))
    return findings


# the check --------------------------------------------------------------------------------------

def validate_plan(
    plan: PlanInput,
    state: WorldState,
    campaign: Campaign,
    actor_player_id: str,
    location: str,
    *,
    reserved: Mapping[str, str] | None = None,
) -> PlanReport:
    """Check ``plan`` against ``state`` (never changed) for the player whose turn it is, at
    ``location``. ``reserved`` maps action names the rules already decided this turn to the reason
    a proposal may not repeat them (e.g. ``{"damage": "combat damage is rolled by the rules"}``)."""
    steps, findings = parse_steps(plan)
    findings += order_findings(steps)
    # Checks only read; the state is copied when the first step's effects are tried on it.
    work: WorldState | None = None
    view = WorldView(state, campaign, actor_player_id, location)
    reports: list[StepReport] = []
    suggestions: dict[str, list[str]] = {}
    failed: set[str] = set()
    effects: list[Effect] = []

    for step in steps:
        report = StepReport(step.id, step.action, dict(step.args))
        reports.append(report)
        label = f"step {step.id} ({step.action})"
        if failed.intersection(step.after):
            report.skipped = True
            failed.add(step.id)
            continue
        action = lookup(step.action)
        if action is None:
            near = suggest(step.action)
            suggestions[step.id] = near
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            findings.append(_finding(
                "unknown_action", step.action, f"actions: {', '.join(REGISTRY)}",
                f"{label}: there is no action {step.action!r}{hint}",
            ))
            failed.add(step.id)
            continue
        report.action = action.name
        if reserved and action.name in reserved:
            findings.append(_finding(
                "precondition", step.action, reserved[action.name], f"{label}: {reserved[action.name]}",
            ))
            failed.add(step.id)
            continue
        try:
            args = action.args.model_validate(step.args)
        except ValidationError as exc:
            findings.append(_finding(
                "bad_args", _offending(exc, step.args), f"{action.signature()}",
                f"{label}: {_errors(exc, action)}",
            ))
            failed.add(step.id)
            continue
        try:
            resolved = action.check(view, args)
            if work is None:
                work = view.state = fork_state(state)
            for effect in resolved.effects:
                effect.apply(work)
            view.touched(resolved.effects)
        except Refusal as refusal:
            findings.append(_finding(
                refusal.kind, refusal.span, refusal.evidence, f"{label}: {refusal.message}", refusal.confidence,
            ))
            failed.add(step.id)
            continue
        except EffectError as exc:
            findings.append(_finding("precondition", step.action, "", f"{label}: {exc}"))
            failed.add(step.id)
            continue
        report.args = resolved.args
        report.effects = resolved.effects
        report.ok = True
        effects.extend(resolved.effects)

    valid = not findings
    return PlanReport(valid, findings, effects if valid else [], reports, suggestions)


def validate_scene_plan(
    plan: PlanInput, scene: Scene | Mapping[str, Any], flags: Mapping[str, Any] | None = None
) -> PlanReport:
    """``validate_plan`` for a FORMAT.md scene (an evaluation case): the acting player is the
    scene's ``player`` and the only declared flags are ``flags`` (or the scene's own ``flags``)."""
    world = scene_world(scene if isinstance(scene, Scene) else dict(scene), dict(flags) if flags is not None else None)
    return validate_plan(plan, world.state, world.campaign, world.actor_player_id, world.location)
