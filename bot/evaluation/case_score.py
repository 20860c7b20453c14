"""One scored case, in the fields the runner aggregates.

Scorers of other case kinds (``bot.dialogue.evaluation``, ``bot.actions.evaluation``) return
objects with the same attributes; the runner reads them by name, so they need not import this.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class CaseScore:
    expected_positive: bool  # labelled a violation / blocked / invalid
    predicted_positive: bool  # the validators said so (by the kind's own counting rule)
    predicted_kinds: list[str] = field(default_factory=list)
    latency_ms: float = 0.0
    id: str = ""
    expected_kinds: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)  # what the validators reported
