"""An intent: one thing a player means to do, in structured form.

Produced by ``bot.guard.intent`` (deterministically, or by one structured LLM call when the words
are ambiguous), checked by ``bot.guard.prevalidate``, resolved by ``bot.rules``. It lives in the
world layer because all three read it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

ACTION_TYPES = (
    "attack", "talk", "move", "use_item", "cast", "take", "give", "buy", "sell", "examine", "climb",
    "open", "unlock", "rest", "ability", "other",
)


@dataclass(slots=True)
class Intent:
    action_type: str  # one of ACTION_TYPES
    target: str | None = None  # canonical scene name when resolved, else the player's words
    target_kind: str | None = None  # npc | item | exit | place | feature | creature | party | self | remote
    target_text: str | None = None  # the words the player used for the target
    method: str | None = None  # the item, spell or ability used, canonical when resolved
    method_kind: str | None = None  # item | spell | ability
    method_text: str | None = None
    quantity: int = 1
    words: str = ""  # the part of the player's text this intent came from
    resolved: bool = True  # the target (if any) matched something in the scene
    ambiguous: bool = False  # the deterministic parser could not classify these words
    confidence: float = 1.0  # how sure the parser is of the classification
    topic: str | None = None  # for talk: what the player asks about

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v not in (None, "", [])}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Intent:
        return cls(**{k: d[k] for k in cls.__dataclass_fields__ if k in d})
