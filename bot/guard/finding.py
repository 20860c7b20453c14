"""A finding: one thing a check found wrong, structured so that it can drive a retry, a repair,
a moderator's embed and an evaluation score alike."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

BLOCK = "block"
WARN = "warn"
INFO = "info"
SEVERITIES = (BLOCK, WARN, INFO)

# Narration kinds (post-validation), as in ../shared/eval/FORMAT.md
NARRATION_KINDS = (
    "invented_item", "absent_npc", "invented_creature", "impossible_ability", "physics",
    "outcome_mismatch", "world_rule", "invented_location",
)
# Action kinds (pre-validation)
ACTION_KINDS = ("no_item", "no_ability", "physics", "target", "location", "environment")


@dataclass(slots=True)
class Finding:
    kind: str
    severity: str  # block | warn | info
    confidence: float  # 0..1: how sure the guard is that this is a real violation
    span: str  # the offending text, verbatim
    evidence: str  # what the scene says instead
    message: str  # one line, usable as retry feedback and in the moderators' embed
    layer: str = "post"  # intent | pre | post | facts | dialogue | actions
    start: int = -1  # offset of span in the checked text, when known
    end: int = -1

    @property
    def blocking(self) -> bool:
        return self.severity == BLOCK

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Finding:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})


def blocking(findings: list[Finding], strict: bool = False) -> list[Finding]:
    """The findings that must not reach players: block severity, and warn too in strict mode."""
    return [f for f in findings if f.severity == BLOCK or (strict and f.severity == WARN)]
