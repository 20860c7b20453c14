"""Rites that are magic whatever they are used for, beyond the lexicon's workings.

Why: a deed done "with an exorcism" or "by necromancy" claims a supernatural working as surely
as one done "with a spell"; the lexicon's list of workings (``lexicon/magic``) names spells,
curses and prayers but not the arts of magic by their own names. They are kept here, beside the
parse that reads them, and are read exactly like the lexicon's strict means.
"""

from __future__ import annotations

# The arts and rites of magic by name: to do a deed by one is to work magic.
RITES = frozenset(
    """exorcism exorcisms necromancy divination scrying augury thaumaturgy wizardry voodoo hoodoo
    juju banishment abjuration transmutation sortilege""".split()
)
