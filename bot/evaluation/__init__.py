"""``loreguard eval``: score the project's own validators on a JSONL file of cases.

The format is ``../shared/eval/FORMAT.md`` (narration and action cases), extended by later case
kinds (dialogue, plan) that their own packages score. This package reads files and prints; the
validators it times stay pure.
"""

from bot.guard.case_score import CaseScore
from bot.evaluation.runner import Report, evaluate_lines, evaluate_path

__all__ = ["CaseScore", "Report", "evaluate_lines", "evaluate_path"]
