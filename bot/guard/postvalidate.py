"""Post-validation: does the model's narration state anything the scene and outcome do not allow?

The narration is read once (sentences, quotes, stories, negations, noun phrases), the scene is
indexed once (cached per scene), and every check in ``bot.guard.narration_checks`` looks at the
same reading: names and people, creatures, things, powers, movement and places, the setting's
rules, and the decided figures. The findings carry character offsets so the repair ladder can
drop exactly the sentences that hold them (``findings_by_sentence``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.guard.finding import BLOCK, INFO, WARN, Finding
from bot.guard.grounding import grounding_for
from bot.guard.narration_checks import DEFAULT_CHECKS, CheckContext, NarrationCheck
from bot.guard.narration_checks.base import resolve_refs
from bot.guard.prose import Reading, read, sentence_spans
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

_RANK = {BLOCK: 2, WARN: 1, INFO: 0}


def prepare(scene: Scene, checks: Sequence[NarrationCheck] = DEFAULT_CHECKS) -> None:
    """Index the scene and let each check derive what it needs from it (compiled patterns),
    ahead of the first narration: the turn pipeline can do this while the model writes."""
    g = grounding_for(scene)
    for check in checks:
        hook = getattr(check, "prepare", None)
        if hook is not None:
            hook(g)


def reading_for(narration: str, scene: Scene) -> Reading:
    """The narration as the checks will read it in this scene (cached: reading it again is free)."""
    g = grounding_for(scene)
    return read(narration, g.reading_names, g.bigrams)


def context_for(narration: str, scene: Scene, intents: list[Intent] | None = None,
                outcome: Outcome | None = None) -> CheckContext:
    """The shared context every check receives (exposed for tests and custom check lists)."""
    g = grounding_for(scene)
    reading = reading_for(narration, scene)
    ctx = CheckContext(scene=scene, grounding=g, reading=reading, intents=list(intents or []),
                       outcome=outcome)
    resolve_refs(ctx)
    return ctx


def postvalidate(narration: str, scene: Scene | dict[str, Any],
                 intents: list[Intent] | None = None, outcome: Outcome | None = None,
                 checks: Sequence[NarrationCheck] = DEFAULT_CHECKS) -> list[Finding]:
    """Every finding about ``narration`` in ``scene``, most severe and earliest first."""
    if not isinstance(narration, str) or not narration.strip():
        return []
    if not isinstance(scene, Scene):
        scene = Scene.from_dict(scene)
    ctx = context_for(narration, scene, intents, outcome)
    found: list[Finding] = []
    for check in checks:
        found.extend(check.validate(narration, ctx))
    return _dedupe(found)


def _dedupe(findings: list[Finding]) -> list[Finding]:
    """One finding per kind and place: the most severe, most confident one."""
    ordered = sorted(findings, key=lambda f: (-_RANK.get(f.severity, 0), -f.confidence, f.start))
    kept: list[Finding] = []
    for f in ordered:
        clash = False
        for k in kept:
            if k.kind != f.kind:
                continue
            if f.start < 0 or k.start < 0:
                clash = f.span == k.span and f.message == k.message
            else:
                clash = f.start < k.end and k.start < f.end
            if clash:
                break
        if not clash:
            kept.append(f)
    return sorted(kept, key=lambda f: (-_RANK.get(f.severity, 0), f.start if f.start >= 0
                                       else 1 << 30, -f.confidence))


def forget_readings() -> None:
    """Drop the cached readings of narrations (benchmarks time a fresh reading each run)."""
    read.cache_clear()


def sentences(narration: str) -> list[tuple[int, int]]:
    """Character spans of the narration's sentences (for the repair ladder)."""
    return sentence_spans(narration)


def findings_by_sentence(narration: str, findings: list[Finding]) -> dict[int, list[Finding]]:
    """Findings grouped by the index of the sentence that holds them; -1 for findings about the
    narration as a whole (a decided figure left out)."""
    spans = sentence_spans(narration)
    out: dict[int, list[Finding]] = {}
    low = narration.casefold()
    for f in findings:
        idx = -1
        if f.start >= 0:
            for i, (a, b) in enumerate(spans):
                if f.start < b and f.end > a:
                    idx = i
                    break
        elif f.span:
            pos = low.find(f.span.casefold())
            if pos >= 0:
                for i, (a, b) in enumerate(spans):
                    if a <= pos < b:
                        idx = i
                        break
        out.setdefault(idx, []).append(f)
    return out


__all__ = ["context_for", "findings_by_sentence", "forget_readings", "postvalidate", "prepare",
           "sentences"]
