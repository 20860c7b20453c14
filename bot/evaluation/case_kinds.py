"""The kinds of case an evaluation file may hold, and which scorer judges each.

A kind is recognised by its fields and scored by a module imported only when such a case turns
up, so ``loreguard eval`` on a narration file never imports the dialogue or planning packages.
Adding a kind is adding a row here.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class CaseKind:
    name: str  # the section of the report: narration | action | dialogue | plan
    matches: Callable[[dict[str, Any]], bool]
    scorer: str  # "module:function", imported lazily
    rate_name: str  # how the false-positive rate is called in this section
    takes_scene: bool = False  # the scorer accepts a parsed Scene (shared between cases)

    def warm_up(self) -> None:
        """Let the scorer pay its one-time costs before the first timed case, if it can."""
        module_name, _, _ = self.scorer.partition(":")
        try:
            hook = getattr(importlib.import_module(module_name), "warm_up", None)
            if hook is not None:
                hook()
        except Exception:  # noqa: BLE001 - warming up is best effort; scoring reports errors
            pass

    def score(self, case: dict[str, Any], scene: Any = None) -> Any:
        module_name, _, func = self.scorer.partition(":")
        fn = getattr(importlib.import_module(module_name), func)
        if self.takes_scene:
            return fn(case, scene=scene)
        return fn(case)


def _dialogue(case: dict[str, Any]) -> bool:
    return "response" in case and ("question" in case or "sources" in case or "npc" in case)


KINDS: tuple[CaseKind, ...] = (
    CaseKind("dialogue", _dialogue, "bot.dialogue.evaluation:score_case", "false_positive_rate"),
    CaseKind("plan", lambda c: "plan" in c, "bot.actions.evaluation:score_case",
             "false_positive_rate"),
    CaseKind("narration", lambda c: "narration" in c, "bot.evaluation.narration_cases:score_case",
             "false_positive_rate", takes_scene=True),
    CaseKind("action", lambda c: "action" in c, "bot.evaluation.action_cases:score_case",
             "false_block_rate", takes_scene=True),
)
# FORMAT.md's sections appear even when a file has none of their cases.
ALWAYS_REPORTED = ("narration", "action")


def kind_of(case: dict[str, Any]) -> CaseKind | None:
    for kind in KINDS:
        if kind.matches(case):
            return kind
    return None
