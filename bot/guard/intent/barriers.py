"""Which of the scene's features are solid barriers, so that going *through* one is phasing.

Why the scene's own marks decide: a word list of walls ("wall", "rock", "hull") misses the many
names a scene gives its barriers ("glass partition", "rockface", "serpent idol"). A feature the
scene marks as not climbable is something a body meets as a surface; unless its name says it is
an opening (a window, a flue, a hole) or it is a row of things one passes between ("marble
columns", "silver birches"), walking through it is walking through solid matter. Breaking
through it ("smash through the screen") is force, not phasing, and is left to the dice.
"""

from __future__ import annotations

import re

from bot.guard.lexicon.words import norm_phrase, singular
from bot.world.scene import SceneFeature

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_SOLID_BARRIER_RE1 = re.compile(r"[a-z]+")

# Openings: what one goes through without passing through matter.
_OPENINGS = frozenset(
    """window windows skylight hole flue chimney well hatch door doorway gate gateway arch archway
    gap vent duct tunnel passage curtain curtains drape drapes portal opening porthole shaft
    trapdoor grating breach crack""".split()
)
# Verbs of force: through a barrier by breaking it, which the dice decide.
_FORCEFUL = frozenset(
    """crash smash burst break charge barrel plough plow bash ram hack cut chop tear rip punch kick
    blast bore dig tunnel shoulder force batter hew saw burn""".split()
)
# Compound endings of a barrier's name ("rockface", "seawall", "stonewall").
_BARRIER_TAILS = ("wall", "face", "rock", "stone", "cliff")


def solid_barrier(feature: SceneFeature | None, lemma: str | None) -> bool:
    """Whether going through ``feature`` by the verb ``lemma`` means passing through matter."""
    if feature is None or feature.climbable is not False or feature.locked or feature.key or feature.open is not None:
        return False
    if (lemma or "") in _FORCEFUL:
        return False
    words = _SOLID_BARRIER_RE1.findall(feature.name.casefold())  # as written: "pillars" stays plural
    if not words or set(words) & _OPENINGS or set(norm_phrase(feature.name).split()) & _OPENINGS:
        return False
    head = words[-1]
    if head.endswith(_BARRIER_TAILS):
        return True
    return singular(head) == head  # one thing, not a row of things one passes between
