"""A part of the day is what a clock time in it says.

A record keeps the clock ("14:20 drifter in from the grounds", "Temp 101.4 at 8 pm"); a retelling
says the part of the day ("came in on Monday afternoon", "that evening"). The entailment judge
asks here whether a premise's clock time falls in the part a claim names, so the retelling is
backed and the wrong part ("Monday morning" for 14:20) is not.
"""
from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.words import stem

# the hours (from, to; 24-hour, the end excluded) each part of the day covers; "evening" and
# "night" are one family of words here ("that night" of a 21:30 entry, "the evening" of 18:00)
_HOURS: dict[str, tuple[tuple[int, int], ...]] = {
    "morning": ((5, 12),),
    "afternoon": ((12, 18),),
    "evening": ((17, 24), (0, 5)),
    "night": ((17, 24), (0, 6)),
    "tonight": ((17, 24), (0, 6)),
    "overnight": ((20, 24), (0, 7)),
}
DAYPARTS: frozenset[str] = frozenset(stem(w) for w in _HOURS)
_SPANS: dict[str, tuple[tuple[int, int], ...]] = {}
for _word, _spans in _HOURS.items():
    _SPANS[stem(_word)] = _SPANS.get(stem(_word), ()) + _spans

_CLOCK = re.compile(r"^(\d{1,2})(?::([0-5]\d))?(am|pm)?(?:ish)?$")  # "about 7pm" (7pmish) is evening too


@lru_cache(maxsize=4096)
def in_daypart(part: str, clock: str) -> bool:
    """Whether the written clock time ``clock`` ("2:20pm", "6am", "5:15") falls in the part of the
    day whose stem is ``part``; a clock without am or pm may be either half of the day."""
    m = _CLOCK.match(clock)
    if m is None or not (m.group(2) or m.group(3)):
        return False  # a bare figure is no time
    hour = int(m.group(1))
    if hour > 23:
        return False
    suffix = m.group(3)
    if suffix:
        hour = hour % 12 + (12 if suffix == "pm" else 0)
        hours = (hour,)
    else:
        hours = (hour,) if hour == 0 or hour > 12 else (hour % 12, hour % 12 + 12)
    return any(lo <= h < hi for h in hours for lo, hi in _SPANS.get(part, ()))
