"""An outcome: what the backend decided for a turn, before any model narrates it.

The model only tells this story; the facts layer checks that every number it states is one of
these and that success is not told as failure or the reverse.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.world.effects import Effect, effect_to_dict


@dataclass(slots=True)
class StepOutcome:
    """The decided result of one intent."""

    action_type: str
    success: bool
    summary: str  # one plain sentence stating the decided result, e.g. "Aldric hits Bram for 7."
    target: str | None = None
    item: str | None = None
    roll: int | None = None  # the d20 (or check die) as rolled
    total: int | None = None  # roll plus modifiers
    against: int | None = None  # the AC or difficulty it was compared with
    damage: int | None = None
    healed: int | None = None
    hp_after: int | None = None  # the target's (or, for healing, the healed one's) HP after
    gold: int | None = None  # gold that changed hands
    gold_left: int | None = None
    down: bool = False  # the target fell to 0 HP
    moved_to: str | None = None
    effects: list[Effect] = field(default_factory=list)
    actor: str | None = None  # who acted, when not the player: the NPC striking back


@dataclass(slots=True)
class Outcome:
    steps: list[StepOutcome] = field(default_factory=list)
    blocked: bool = False  # pre-validation refused the action: nothing happens
    reason: str = ""  # for a blocked action, the reason a player understands
    replies: list[StepOutcome] = field(default_factory=list)  # what others did in answer (an NPC striking back)

    @property
    def success(self) -> bool:
        return not self.blocked and all(s.success for s in self.steps)

    @property
    def effects(self) -> list[Effect]:
        return [e for s in (*self.steps, *self.replies) for e in s.effects]

    def _last(self, attr: str) -> Any:
        for step in reversed(self.steps):
            value = getattr(step, attr)
            if value is not None:
                return value
        return None

    def every(self, attr: str) -> frozenset[int]:
        """Every step's figure for ``attr``: in "shove the stool, then punch him" each blow has
        its own roll and damage, and each may be narrated where its step is told."""
        return frozenset(v for s in (*self.steps, *self.replies) if (v := getattr(s, attr)) is not None)

    @property
    def told(self) -> list[StepOutcome]:
        """Everything decided this turn, in the order it happened: the player's steps, then the
        replies."""
        return [*self.steps, *self.replies]

    def numbers(self) -> dict[str, int]:
        """The decided figures the narration may state."""
        out: dict[str, int] = {}
        for attr in ("roll", "total", "damage", "healed", "hp_after", "gold", "gold_left"):
            value = self._last(attr)
            if value is not None:
                out[attr] = value
        return out

    def to_dict(self) -> dict[str, Any]:
        """The evaluation format's outcome shape (success, roll, damage, hp_after, gold) plus the
        steps."""
        d: dict[str, Any] = {"success": self.success}
        for attr in ("roll", "damage", "hp_after", "gold"):
            value = self._last(attr)
            if value is not None:
                d[attr] = value
        if self.blocked:
            d["blocked"] = True
            d["reason"] = self.reason
        d["steps"] = [
            {
                k: v
                for k, v in (
                    ("action_type", s.action_type), ("success", s.success), ("summary", s.summary),
                    ("target", s.target), ("item", s.item), ("roll", s.roll), ("total", s.total),
                    ("against", s.against), ("damage", s.damage), ("healed", s.healed),
                    ("hp_after", s.hp_after), ("gold", s.gold), ("gold_left", s.gold_left),
                    ("down", s.down or None), ("moved_to", s.moved_to),
                    ("effects", [effect_to_dict(e) for e in s.effects] or None), ("actor", s.actor),
                )
                if v is not None
            }
            for s in self.steps
        ]
        if self.replies:
            d["replies"] = [{k: v for k, v in (
                ("actor", r.actor), ("action_type", r.action_type), ("success", r.success), ("summary", r.summary),
                ("target", r.target), ("item", r.item), ("roll", r.roll), ("total", r.total), ("against", r.against),
                ("damage", r.damage), ("hp_after", r.hp_after), ("down", r.down or None),
                ("effects", [effect_to_dict(e) for e in r.effects] or None),
            ) if v is not None} for r in self.replies]
        return d

    @classmethod
    def from_eval(cls, d: Any) -> Outcome:
        """An evaluation case's outcome object (success, roll, damage, hp_after, gold)."""
        if not isinstance(d, dict):
            return cls()
        def num(key: str) -> int | None:
            v = d.get(key)
            return v if isinstance(v, int) and not isinstance(v, bool) else None
        success = d.get("success")
        step = StepOutcome(
            action_type=str(d.get("action_type") or "other"),
            success=success if isinstance(success, bool) else True,
            summary="",
            roll=num("roll"),
            damage=num("damage"),
            hp_after=num("hp_after"),
            gold=num("gold"),
        )
        return cls(steps=[step])
