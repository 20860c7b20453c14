"""Whether a time, a day or a month falls inside a span the evidence gives.

"Readers may enter between Terce and Vespers" is a span; so are "time of death between 11 p.m.
and 1 a.m.", "watch 00:00-08:00", "valid until 30 Brightmonth" and "open May to October". An
honest NPC asked about midnight, the 25th or January answers from the span: "midnight falls inside
that window", "the 25th is covered", "so it is closed in January". No document says those words;
what makes the claim true is where its value lies. ``placed`` accepts a claim that says a value is
inside (or outside) a span only when the value is on that side of it: "2 a.m. is outside the watch
from 00:00 to 08:00" is not accepted.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.dialogue.arithmetic import _clock_minutes
from bot.dialogue.words import is_negation, raw_tokens

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_INSIDE = frozenset("within inside includes include including covered covers cover during falls fall".split())
_ORDINAL_DAY = re.compile(r"^\d{1,2}(?:st|nd|rd|th)$")
_OUTSIDE = frozenset("outside beyond closed shut past after expired".split())
_FROM = frozenset({"from", "between"})
_TO = frozenset({"to", "and", "until", "till", "through", "-"})
_UNTIL = frozenset({"until", "till", "through"})
_DAY = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?$")


def _point(token: str) -> tuple[str, float] | None:
    """A token as a point on a scale: ("clock", minutes), ("month", index) or ("day", number)."""
    minutes = _clock_minutes(token)
    if minutes is None and re.match(r"^\d{1,2}:\d{2}$", token):
        hour, minute = token.split(":")
        minutes = int(hour) * 60 + int(minute)
    if minutes is not None:
        return ("clock", float(minutes % 1440))
    if token in _MONTHS:
        return ("month", float(_MONTHS.index(token)))
    day = _DAY.match(token)
    if day and 1 <= int(day.group(1)) <= 31:
        return ("day", float(day.group(1)))
    return None


def _spans(text: str) -> list[tuple[str, float | None, float]]:
    """The spans of a text: (scale, start or None for "until", end)."""
    tokens = raw_tokens(text.replace("-", " - "))
    out: list[tuple[str, float | None, float]] = []
    for k, token in enumerate(tokens):
        start = _point(token)
        if start is None:
            continue
        following = _point(tokens[k + 1]) if k + 1 < len(tokens) else None
        if start[0] == "clock" and following is not None and following[0] == "clock":
            out.append(("clock", start[1], following[1]))  # "20:00-04:00": two times side by side
            continue
        for j in (k + 1, k + 2):  # "from 12am to 8am", "10:00 - 5:30pm"
            if j + 1 < len(tokens) and tokens[j] in _TO:
                end = _point(tokens[j + 1])
                if end is not None and end[0] == start[0]:
                    out.append((start[0], start[1], end[1]))
                break
        if k and tokens[k - 1] in _UNTIL and not (k > 1 and _point(tokens[k - 2])):
            out.append((start[0], None, start[1]))
    return out


def _inside(value: float, start: float | None, end: float, scale: str) -> bool:
    if start is None:
        return value <= end
    if start <= end:
        return start <= value <= end
    return value >= start or value <= end  # a span across midnight or the new year


def placed(claim: str, premises: Iterable[str]) -> bool:
    """The claim says a value lies inside (or outside) a span the premises give, and it does."""
    tokens = raw_tokens(claim)
    says_inside = any(t in _INSIDE for t in tokens)
    says_outside = any(t in _OUTSIDE for t in tokens)
    if says_inside == says_outside and not says_outside:
        return False
    if sum(1 for t in tokens if is_negation(t)) % 2:
        says_inside, says_outside = says_outside, says_inside
    spans = [s for p in premises for s in _spans(p)]
    own = {(scale, a, b) for scale, a, b in _spans(claim)}
    spans += list(own)
    # a day the claim places is said as one ("the 25th"); a plain number is a count
    values = [p for t in tokens if (p := _point(t)) is not None and (p[0] != "day" or _ORDINAL_DAY.match(t))]
    endpoints = {(scale, v) for scale, a, b in spans for v in (a, b) if v is not None}
    values = [v for v in values if v not in endpoints]
    if len(values) != 1:
        return False
    scale, value = values[0]
    matching = [s for s in spans if s[0] == scale]
    if not matching:
        return False
    inside = any(_inside(value, a, b, scale) for _, a, b in matching)
    return inside if says_inside and not says_outside else not inside
