"""One scored evaluation case, the shape every case kind's scorer returns.

It lives with the guard, the lowest layer the scorers share: narration and action cases are
scored by ``bot.evaluation``, plan cases by ``bot.actions``, dialogue cases by ``bot.dialogue``,
and the runner aggregates them all the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class CaseScore:
    id: str
    expected_positive: bool  # labelled a violation / blocked / invalid
    predicted_positive: bool  # the validators said so (by the kind's own counting rule)
    predicted_kinds: list[str] = field(default_factory=list)
    expected_kinds: list[str] = field(default_factory=list)
    latency_ms: float = 0.0
    messages: list[str] = field(default_factory=list)  # what the validators reported

    @property
    def correct(self) -> bool:
        return self.expected_positive == self.predicted_positive

    @property
    def kind_hit(self) -> bool:
        return not self.expected_kinds or bool(set(self.expected_kinds) & set(self.predicted_kinds))


def labelled_kinds(case: dict[str, Any]) -> list[str]:
    """The finding kinds a case is labelled with (a malformed list counts as none)."""
    kinds = case.get("kinds")
    return [k for k in kinds if isinstance(k, str)] if isinstance(kinds, list) else []
