"""Counts of things the scene counts too must not grow in the telling.

"Two brown mares" in the stable are two in the narration; "six cannons" on the deck do not
become eight. A grown count invents the extra things as surely as a new noun would, but it is
read from the figures rather than the nouns, so it lives with them. Creatures are counted by the
creature check; this covers things and coins.
"""

from __future__ import annotations

from bot.guard import vocabulary as V
from bot.guard.facts.figures import figures
from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.prose import Reading, read
from bot.world.scene import Scene

def check_counts(narration: str, scene: Scene, scene_counts: dict[str, int] | None = None,
                 reading: Reading | None = None) -> list[Finding]:
    """Counted things the scene counts too ("six black cannons") must not grow in the telling.
    Creatures are counted by the creature check; this covers things and coins."""
    counts = dict(scene_counts or {})
    if not counts:
        return []
    r = reading or read(narration)
    out: list[Finding] = []
    for f in figures(narration, r):
        if f.role != "count" or not f.noun:
            continue
        lem = V.lemma(f.noun)
        have = counts.get(lem)
        if have is None or V.creature_group(f.noun):
            continue
        tok = r.token_from(f.start)
        if tok is not None and (tok.muted or tok.negated):
            continue
        if f.value > have:
            end = next((t.end for t in r.tokens if t.start >= f.end and t.base == f.noun), f.end)
            out.append(Finding(
                kind="invented_item", severity=BLOCK, confidence=0.8,
                span=narration[f.start:end], evidence=f"the scene has {have} {f.noun}",
                message=f"The scene has {have} {f.noun}; '{narration[f.start:end]}' adds more.",
                layer="facts", start=f.start, end=end))
            out.append(Finding(
                kind="outcome_mismatch", severity=WARN, confidence=0.6,
                span=narration[f.start:end], evidence=f"the scene has {have} {f.noun}",
                message=f"'{narration[f.start:end]}' contradicts the scene's count ({have}).",
                layer="facts", start=f.start, end=end))
    return out
