"""The facts layer: the figures and the result the backend decided must be the ones narrated.

After 003's "safety sandwich", for a game: every number the narration states in a role the
outcome decides (damage, healing, hit points, the roll, gold) must be that number, whether
written "7" or "seven"; a figure the outcome does not have is invented; a decided damage left
out is reported (warn); a miss told as a hit, or a hit as a miss, contradicts the outcome; and
counts of things in the scene ("two brown mares", "six cannons") must not grow. ``correct``
fixes wrong figures in place, and ``protect``/``restore`` keep scene names intact through a
paraphrasing model.

``figures`` reads the numbers once for every part: ``decided`` judges them against the outcome
and the scene, ``counts`` against the scene's counted things, ``correction`` rewrites the wrong
ones; ``hit_or_miss`` judges the result told, and ``protected_names`` shields names.
"""

from bot.guard.facts.correction import correct
from bot.guard.facts.counts import check_counts
from bot.guard.facts.decided import check_numbers, scene_amounts
from bot.guard.facts.figures import Figure, figures
from bot.guard.facts.hit_or_miss import check_success, miss_cue
from bot.guard.facts.protected_names import missing_names, protect, restore, restore_report

__all__ = [
    "Figure", "check_counts", "check_numbers", "check_success", "correct", "figures",
    "miss_cue", "missing_names", "protect", "restore", "restore_report", "scene_amounts",
]
