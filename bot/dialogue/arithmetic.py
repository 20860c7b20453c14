"""Numbers an honest NPC works out from its evidence rather than reads off it.

A ferryman asked "how much for me and my two bairns?" answers "six shillings" from a board that
says "Fare: 3 shillings; children half fare"; a monk says "eight barrels remain" from a ledger of
fourteen less six sold; a station master says the late train leaves "at quarter to seven" from
"18:20, running 25 minutes late". Each number is new to the document, and each is right. A claim
whose new numbers are all accounted for by one small computation on what the document and the
conversation hold is not inventing them; a wrong sum ("eleven silver" for 8 + 2) is.

What a computation may use is kept narrow, so that a wrong number is not explained by chance:
- the document's amounts whose item the conversation mentions ("Bed: 4 silver" when someone
  speaks of beds), with the unit of the result (silver is not added to coppers), and half of an
  amount where the document says "half";
- counts the player or the claim gives ("three nights", "two children"), not amounts of money;
- at most three items, each once, each times one count; or one amount less another, when the
  claim says it as a remainder or an interval ("remain", "from today"); or the totals the answer's
  other claims state, added up;
- for times: the hours between two of the document's clock times, or a clock time moved by a
  number of minutes the document gives.
"The first" of a list of times is its earliest. A number the document gives as a bound ("drawing more than six feet") may be compared with one
the player gives ("my cutter draws nine feet"): the claim must then fall on the side it says.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.dialogue.quantities import time_of
from bot.dialogue.words import STOPWORDS, is_negation, is_numeric, normalise, raw_tokens, same_word, stem

_REMAINDER = re.compile(r"\b(?:remain\w*|left|leaves|after|from|since|until|till|ago|more|less|fewer|difference"
                        r"|between|still|short|behind|ahead|away)\b", re.IGNORECASE)
_PLAIN = re.compile(r"^\d+(?:\.\d+)?$")
_ITEMS = re.compile(r"[.;\n]\s*|,\s+|\s+and\s+")
_HEAD = 3  # words before an amount that name what it is the amount of
_TERMS = 3  # items one sum may add
_MINUTES = frozenset({"minut", "minute", "min", "mins"})
_HOURS = frozenset({"hour", "hours", "hr", "hrs"})
_ABOVE = re.compile(r"\b(?:more than|over|above|exceeding|greater than|beyond)\s+(\d+(?:\.\d+)?)\b")
_BELOW = re.compile(r"\b(?:less than|under|below|fewer than)\s+(\d+(?:\.\d+)?)\b")
_FORBIDS = re.compile(r"\b(?:closed|shut|barred|forbidden|banned|prohibited|not|no|never|cannot|can't|may not|must not)\b")


@dataclass(frozen=True, slots=True)
class Amount:
    value: float
    unit: str  # the stem of the word after it ("silver"), or ""
    head: frozenset[str]  # the stems that name what it is the amount of


def _value(token: str) -> float | None:
    return float(token) if _PLAIN.match(token) else None


def _words(tokens: Iterable[str]) -> list[str]:
    return [stem(t) for t in tokens if t not in STOPWORDS and t.isalpha() and len(t) > 1]


def amounts(text: str) -> list[Amount]:
    """The amounts of a text, item by item ("Bed: 4 silver a night" is 4 silver of bed); "children
    half fare" is half the amount before it, of children."""
    out: list[Amount] = []
    for item in _ITEMS.split(normalise(text)):
        tokens = raw_tokens(item)
        found = False
        for k, token in enumerate(tokens):
            value = _value(token)
            if value is None:
                continue
            found = True
            after = [t for t in tokens[k + 1:k + 2] if t.isalpha() and t not in STOPWORDS]
            head = _words(tokens[:k])[-_HEAD:] or _words(tokens[k + 1:k + 1 + _HEAD])
            out.append(Amount(value, stem(after[0]) if after else "", frozenset(head)))
        if not found and "half" in tokens and out:
            before = out[-1]
            out.append(Amount(before.value / 2, before.unit, frozenset(_words(tokens)) - {"half"}))
    return out


def _clock_minutes(token: str) -> int | None:
    t = time_of(token)
    if t is None or not (":" in token or token.endswith("m")):
        return None
    hour, minute, half = t
    hour = hour % 12 + (12 if half == "pm" else 0)
    return hour * 60 + minute


def _mentioned(amount: Amount, mentions: set[str]) -> bool:
    return any(same_word(h, m) for h in amount.head for m in mentions)


def _compatible(amount: Amount, unit: str) -> bool:
    return not amount.unit or not unit or same_word(amount.unit, unit)


def _sums(target: float, values: list[list[float]]) -> bool:
    """Whether ``target`` is a sum of one choice from each of up to ``_TERMS`` of the lists."""
    for size in range(1, min(_TERMS, len(values)) + 1):
        for group in itertools.combinations(values, size):
            if any(abs(sum(choice) - target) < 1e-6 for choice in itertools.product(*group)):
                return True
    return False


def accounted(claim: str, premise: str, *, given: str = "", mentions: Iterable[str] = (),
              totals: Iterable[str] = ()) -> bool:
    """Whether every number of ``claim`` that ``premise`` does not say is worked out from it:
    ``given`` is what the player said, ``mentions`` the words of the conversation, ``totals`` the
    answer's other claims."""
    said = [t for t in raw_tokens(claim)]
    held = set(raw_tokens(premise))
    new = [k for k, t in enumerate(said) if is_numeric(t)
           and not any(same_word(t, h) for h in held)]
    if not new:
        return False
    pool = amounts(premise)
    units = {a.unit for a in pool if a.unit}
    counts: list[tuple[str, int, float]] = [("", -1, 1.0)]
    for name, text in (("given", given), ("claim", claim)):
        tokens = raw_tokens(text)
        for k, t in enumerate(tokens):
            value = _value(t)
            if value is not None and value <= 100 and not (k + 1 < len(tokens) and any(same_word(tokens[k + 1], u) for u in units)):
                counts.append((name, k, value))
    spoken = {stem(w) for w in mentions} | set(_words(raw_tokens(claim))) | set(_words(raw_tokens(given)))
    others = [a for text in totals for a in amounts(text)]
    clocks = [m for m in (_clock_minutes(t) for t in held) if m is not None]
    minutes = [a.value for a in pool if a.unit in _MINUTES]
    worked = False  # a number worked out: only then does a count the claim gives take part
    for k in new:
        token = said[k]
        unit = stem(said[k + 1]) if k + 1 < len(said) and said[k + 1].isalpha() else ""
        clock = _clock_minutes(token)
        if clock is not None:
            if not any(abs((c + sign * m) % 720 - clock % 720) < 1e-6 for c in clocks for m in minutes for sign in (1, -1)):
                return False
            worked = True
            continue
        if token == "1st" and _earliest(said, clocks):
            worked = True  # "the first crossing is at 07:30": the earliest of the times listed
            continue
        value = _value(token)
        if value is None:
            return False
        # the counts the player and the claim give ("three nights"), other than this number
        factors = {v for name, at, v in counts if not (name == "claim" and at == k)}
        if _worked_out(value, unit, claim, premise, pool, factors, spoken, others, clocks):
            worked = True
        elif not any(v == value for _, _, v in counts) or (unit and unit in units):
            return False  # neither worked out nor a count that multiplies

    return worked


def _worked_out(value: float, unit: str, claim: str, premise: str, pool: list[Amount], counts: set[float],
                spoken: set[str], others: list[Amount], clocks: list[int]) -> bool:
    if unit in _HOURS and any(abs(((b - a) % 1440) / 60 - value) < 1e-6 for a in clocks for b in clocks if a != b):
        return True
    # an amount the conversation names, or the only one of its unit ("60 crowns a week")
    alone = {u for u in {a.unit for a in pool} if u and sum(1 for a in pool if a.unit == u) == 1}
    items = [a for a in pool if _compatible(a, unit) and (_mentioned(a, spoken) or (unit and a.unit in alone))]
    if _sums(value, [[a.value * c for c in counts] for a in items]):
        return True
    others_ = [a for a in pool if _compatible(a, unit)]  # what is taken away need not be named
    if _REMAINDER.search(claim) and any(abs(a.value - b.value - value) < 1e-6 for a in items for b in others_ if a is not b):
        return True  # "eight barrels remain", "five sols from today": a difference said as one
    if _sums(value, [[a.value] for a in others if _compatible(a, unit) and a.value != value]):
        return True
    return _compared(value, claim, premise)


def _earliest(said: list[str], clocks: list[int]) -> bool:
    """The claim's clock time is the earliest the document lists (a day's times, read in order)."""
    times = [m for m in (_clock_minutes(t) for t in said) if m is not None]
    return bool(times and clocks) and all(t == min(clocks) for t in times)


def _compared(value: float, claim: str, premise: str) -> bool:
    """The document gives a bound ("closed to vessels drawing more than six feet") and the claim
    puts a number on the side the bound says: nine feet is over six, and cannot pass."""
    claim_denies = sum(1 for t in raw_tokens(claim) if is_negation(t) or t in ("closed", "shut", "barred", "forbidden")) % 2 == 1
    for sentence in re.split(r"[.;\n]", premise):
        text = " ".join(raw_tokens(sentence))
        forbids = bool(_FORBIDS.search(text))
        for pattern, inside in ((_ABOVE, lambda b: value > b), (_BELOW, lambda b: value < b)):
            for m in pattern.finditer(text):
                if inside(float(m.group(1))) == (claim_denies == forbids):
                    return True
    return False
