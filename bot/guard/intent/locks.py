"""A locked feature worked at by a part of its lock: "the seal on the granary hatch", "the dial on
the wall safe", "the lock of compartment 4".

Why a reading of its own: the part the words name is no thing of its own (the scene's "steatite
seal" lying about is not the hatch's seal), and what the deed is done to is the feature the part
belongs to. Worked "till it opens" (or "... and open it" in a step after), it is an opening of a
locked feature, which its key or the dice's tools decide, not a fiddle with a loose object.
"""

from __future__ import annotations

from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step
from bot.guard.intent.resolve import _resolve
from bot.guard.lexicon.words import singular

# Parts of a lock, by which a locked thing is worked open.
LOCK_PARTS = frozenset("lock padlock seal dial combination latch hasp bolt tumbler tumblers keyhole clasp".split())
# Words after the deed that say the thing came open: "till it opens", "until it clicks open".
_OPENED = frozenset("open opens opened unlocks unlocked".split())
_BELONGING = frozenset({"on", "of", "to", "in"})
_UNTIL = frozenset({"till", "until", "til"})


def worked_lock(step: _Step, ctx: _Ctx) -> _Ref | None:
    """The locked feature whose lock part the step's words work at, or None."""
    phrases: list[tuple[str | None, _NP]] = [(None, step.dobj)] if step.dobj is not None else []
    phrases += list(step.pps)
    for at, (_prep, np) in enumerate(phrases):
        lows = np.lows
        part = next((i for i, w in enumerate(lows) if singular(w) in LOCK_PARTS), None)
        if part is None:
            continue
        owner: _NP | None = None
        if part + 2 < len(lows) and lows[part + 1] == "of":
            owner = _NP(np.toks[part + 2 :])  # "the lock of compartment 4"
        elif at + 1 < len(phrases) and phrases[at + 1][0] in _BELONGING and part == len(lows) - 1:
            owner = phrases[at + 1][1]  # "the dial on the wall safe"
        if owner is None:
            continue
        ref = _resolve(owner, ctx, ("feature",), min_score=70)
        if ref is None or ref.kind != "feature":
            continue
        feature = ctx.index.feature(ref.name)
        if feature is not None and feature.locked and not feature.open:
            return ref
    return None


def worked_open(step: _Step) -> bool:
    """Whether the step's words say the worked thing came open ("till it opens")."""
    words = {t.low for t in step.rest}
    for prep, np in step.pps:
        if prep in _UNTIL:
            words.update(np.lows)  # "till it opens", parsed as a phrase after "till"
    return bool(_OPENED & words) or "open" in step.particles
