"""When Python's cycle collector runs: between turns, not inside them.

CPython's collector pauses the whole process while it runs. Left to itself it runs whenever enough
objects have been allocated, which is most often in the middle of a turn (a turn allocates
thousands), and a young collection over a full generation costs several milliseconds: the largest
single cost in the guard's p99. Two measures keep it out of turns:

- ``settle()`` at start-up: collect once, then *freeze* what start-up built (word tables, scene
  indexes, compiled patterns), so no collection ever walks those again, and raise the young
  generation's threshold so that collections are rare and a turn seldom fills it by itself;
- ``collect_between_turns()`` after each reply (``TurnRunner.prepare``): a young generation that
  has filled past a quarter of its threshold is collected while the players read and type, and an
  older generation that the next automatic collection would sweep is collected then too. The count
  starts the next turn near zero, so the collector has no reason to run inside it.

Nothing is leaked: garbage is still collected, only at a time no player waits on.
"""

from __future__ import annotations

import gc

THRESHOLDS = (20_000, 50, 50)


def settle() -> None:
    """Collect, freeze what survived, and set the thresholds (call once, after warming up)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)


def collect_between_turns() -> int:
    """Collect what the next turn would otherwise collect; returns the generation collected, or
    -1 when nothing was due. Cheap when nothing is due (three integer reads)."""
    if not gc.isenabled():
        return -1
    young, middle, _ = gc.get_count()
    threshold = gc.get_threshold()
    if middle + 1 >= threshold[1]:
        # the next young collection would sweep the middle generation with it: do both now
        gc.collect(1)
        return 1
    if young >= threshold[0] // 4:  # a quarter full: worth collecting ahead of time
        gc.collect(0)
        return 0
    return -1
