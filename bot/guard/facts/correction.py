"""Fixing a wrong decided figure in place instead of asking the model again.

A narration that is right but for "12 damage" where the dice decided 7 needs no new draft: the
figure is replaced where it stands, in the form it was written ("nine" becomes "seven", "12"
becomes "7"), and each change is reported as an info finding. The repair ladder tries this first
because it is deterministic and costs no model call.
"""

from __future__ import annotations

from bot.guard.facts.decided import _decided
from bot.guard.facts.figures import _TENS, _WORD_FOR, Figure, figures
from bot.guard.finding import INFO, Finding
from bot.guard.prose import Reading
from bot.world.outcome import Outcome

def _word_for(value: int) -> str:
    if value in _WORD_FOR:
        return _WORD_FOR[value]
    if 20 < value < 100 and value % 10:
        tens = {v: k for k, v in _TENS.items()}[value - value % 10]
        return f"{tens}-{_WORD_FOR[value % 10]}"
    return str(value)


def _render(value: int, as_words: bool) -> str:
    return _word_for(value) if as_words else str(value)


def correct(narration: str, outcome: Outcome, reading: Reading | None = None) -> tuple[str, list[Finding]]:
    """Replace wrong decided figures in place ("12 damage" -> "7 damage", "nine" -> "seven");
    return the corrected text and one info finding per change. Pass the scene's ``reading`` of
    the narration when there is one: post-validation then reads the text only once."""
    decided = _decided(outcome)
    key = {"damage": "damage", "healed": "healed", "hp": "hp_after", "roll": "roll",
           "gold": "gold", "gold_left": "gold_left"}
    changes: list[tuple[int, int, str, Figure, int]] = []
    for f in figures(narration, reading):
        want_key = key.get(f.role)
        if want_key is None:
            continue
        want = decided.get(want_key)
        if want_key == "roll" and want is None:
            want = decided.get("total")
        if want_key == "healed" and want is None:
            continue
        if want is None or want == f.value:
            continue
        if f.value in outcome.every(want_key) or (want_key == "roll" and f.value in outcome.every("total")):
            continue  # an earlier step's own figure, told where that step is
        if len(outcome.every(want_key)) > 1:
            continue  # which step's figure was meant is not known: the check flags it instead
        if f.role in ("gold", "gold_left") and f.value in outcome.every("gold") | outcome.every("gold_left"):
            continue  # "pay 1 gold ... keep 11 gold": both are decided figures, whichever role was read
        if f.role == "roll" and f.value == decided.get("total"):
            continue
        if f.role == "hp" and f.value == decided.get("healed"):
            continue
        changes.append((f.start, f.end, _render(want, f.words), f, want))
    if not changes:
        return narration, []
    text = narration
    findings: list[Finding] = []
    for start, end, new, f, want in sorted(changes, key=lambda c: -c[0]):
        old = text[start:end]
        if old[:1].isupper():
            new = new[:1].upper() + new[1:]
        text = text[:start] + new + text[end:]
        findings.append(Finding(
            kind="outcome_mismatch", severity=INFO, confidence=1.0, span=old,
            evidence=f"decided {f.role}: {want}",
            message=f"Corrected {f.role} '{old}' to '{new}'.", layer="facts", start=start,
            end=start + len(new)))
    findings.reverse()
    return text, findings

