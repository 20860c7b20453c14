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
Beyond those, one step on two numbers the conversation gives (``_derived``: 96 km at 24 km a
day is 4 days; 2,000 pieces over 50 shares is 40 a share; a list of five names is five; twins are
two), a unit converted (2.7 kg is about 5.95 pounds), or the date of a weekday counted from a
dated today; a small result only where the claim says it worked it out ("so", "in all",
"counting"), sums and differences only of amounts that say what they count, and never a number
that names something ("cab 28").
"The first" of a list of times is its earliest. A number the document gives as a bound ("drawing more than six feet") may be compared with one
the player gives ("my cutter draws nine feet"): the claim must then fall on the side it says.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.dialogue.quantities import APPROXIMATE, time_of
from bot.dialogue.words import STOPWORDS, is_negation, is_numeric, normalise, raw_tokens, same_word, stem

_REMAINDER = re.compile(r"\b(?:remain\w*|left|leaves|leaving|minus|after|from|since|until|till|ago|more|less|fewer|difference"
                        r"|between|still|short|behind|ahead|away|cheaper|dearer|costlier)\b", re.IGNORECASE)
_COMPARING = re.compile(r"^(?:fewer|less|more|left|remain\w*|short|over|under|above|below|up|down|extra)$")
# (the same words as stems, as ``_numbers`` gives the word after a number)
_COMPARING_STEMS = frozenset(stem(w) for w in "fewer less more left remain remaining short over under above below up down extra".split())
_PLAIN = re.compile(r"^\d+(?:\.\d+)?$")
_ITEMS = re.compile(r"\.(?!\d)\s*|[;\n]\s*|,\s+|\s+and\s+")  # (not the point of "2.7 kg")
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


_PRICED = re.compile(r"\b(\d+)\s+((?:[a-z]+\s+){1,4}?)(?:at|@)\s+(\d+(?:\.\d+)?)\s+([a-z]+)\s+(?:each|apiece|a\s+piece|per)\b")


def _value(token: str) -> float | None:
    return float(token) if _PLAIN.match(token) else None


def _words(tokens: Iterable[str]) -> list[str]:
    return [stem(t) for t in tokens if t not in STOPWORDS and t.isalpha() and len(t) > 1]


def amounts(text: str) -> list[Amount]:
    """The amounts of a text (see ``_amounts``), memoised: a document is read once per NPC."""
    return list(_amounts(text))


@lru_cache(maxsize=2048)
def _amounts(text: str) -> tuple[Amount, ...]:
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
            after = [t for t in tokens[k + 1 + _spans_word(tokens, k):k + 2 + _spans_word(tokens, k)]
                     if t.isalpha() and (t not in STOPWORDS or t == "m")]  # "4.3 m"
            head = _words(tokens[:k])[-_HEAD:] or _words(tokens[k + 1:k + 1 + _HEAD])
            out.append(Amount(value, stem(after[0]) if after else "", frozenset(head)))
        priced = _PRICED.search(" ".join(tokens))
        if priced:  # "12 bunches of lavender at 1 pence each": the row is worth 12 pence
            count, price = float(priced.group(1)), float(priced.group(3))
            out.append(Amount(count * price, stem(priced.group(4)), frozenset(_words(tokens))))
        if not found and "half" in tokens and out:
            before = out[-1]
            out.append(Amount(before.value / 2, before.unit, frozenset(_words(tokens)) - {"half"}))
    return tuple(out)


# words that say a measure is whole, not what it measures: "one full day" is one day
_WHOLE = frozenset({"full", "whole", "entire", "clear", "solid", "good"})


def _spans_word(tokens: tuple[str, ...], k: int) -> int:
    """1 when the word after the number at ``k`` only says its measure is whole ("one full day",
    "two clear weeks"), so the unit is the word after it."""
    return int(k + 2 < len(tokens) and tokens[k + 1] in _WHOLE and tokens[k + 2].isalpha())


def _clock_minutes(token: str) -> int | None:
    token = token.removesuffix(APPROXIMATE)  # "about 6pm" (6pmish) is 6pm to work out from
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


def accounted(claim: str, premise: str, *, given: str = "",
              mentions: Iterable[str] | Callable[[], Iterable[str]] = (), totals: Iterable[str] = ()) -> bool:
    """Whether every number of ``claim`` that ``premise`` does not say is worked out from it:
    ``given`` is what the player said, ``mentions`` the words of the conversation (or what gives
    them: they are read only when a number may be worked out from an amount they name), ``totals`` the
    answer's other claims."""
    said = _in_minutes(raw_tokens(claim))
    read = _read_premise(premise)
    held_numbers, clocks = read.held_numbers, read.clocks
    if read.inches is not None and any(t in ("inch", "inches") for t in said):
        held_numbers, clocks = read.inches  # "6 ft 4 in" is 76 inches
    pool_units = read.units
    # (a number is the same word only as another number: the premise's other words need no look)
    new = [k for k, t in enumerate(said) if is_numeric(t)
           and (not any(same_word(t, h) for h in held_numbers) or _elsewhere(said, k, pool_units))]
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
    heard: list[set[str]] = []

    def spoken() -> set[str]:
        """The words of the conversation, the claim and the player, as stems: read the first time
        an amount of the unit a number is said in must be named by them (most never are)."""
        if not heard:
            words = mentions() if callable(mentions) else mentions
            heard.append(set(_stems(tuple(words))) | set(_words(raw_tokens(claim))) | set(_words(raw_tokens(given))))
        return heard[0]

    others = [a for text in totals for a in amounts(text)]
    clocks = list(clocks)
    stamps = _stamps(premise)
    minutes = [a.value for a in pool if a.unit in _MINUTES]
    worked = False  # a number worked out: only then does a count the claim gives take part
    for k in new:
        token = said[k]
        unit = stem(said[k + 1]) if k + 1 < len(said) and said[k + 1].isalpha() else ""
        if unit and _COMPARING.match(said[k + 1]):
            unit = ""  # "eight fewer than on the 1st": a difference, in whatever unit the amounts are
        clock = _clock_minutes(token)
        if clock is None and clocks and k in _bare_hours(said) and not unit:
            # "two shows, at 7 and 11": where the document gives times of day, an hour said bare
            # is one, which a count and an amount cannot add up to (9 + 2 is no show at 11);
            # where it gives none, "not even at two" is a level, not a time
            hour = _value(token)
            if hour is not None and hour == int(hour) and 1 <= hour <= 12:
                clock = int(hour) * 60
        if clock is not None:
            # a clock time of the document or the conversation ("leaving at 13:00"), moved by minutes
            # or hours the document gives ("typically 5 hours")
            starts = clocks + [m for j, t in enumerate(said) if j != k and (m := _clock_minutes(t)) is not None] \
                + [m for t in raw_tokens(given) if (m := _clock_minutes(t)) is not None]
            shifts = minutes + [a.value * 60 for a in pool if a.unit in _HOURS]
            if not any(abs((c + sign * m) % 720 - clock % 720) < 1e-6 for c in starts for m in shifts for sign in (1, -1)):
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
        # a count said twice ("two persons for two nights") multiplies twice
        repeated = {v for v in factors if sum(1 for name, at, x in counts if x == v and not (name == "claim" and at == k)) > 1}
        hedged = k > 0 and said[k - 1] in _HEDGES
        # "every six hours" is a period: the span between two of the document's times is not one
        periodic = k > 0 and said[k - 1] in _PERIODIC
        if not periodic and _elapsed(value, unit, clocks, stamps, hedged):
            worked = True
        elif _converted(value, unit, pool) or _worked_out(value, unit, claim, premise, pool, factors, spoken, others,
                                                          [] if periodic else clocks, repeated):
            worked = True
        elif _derived(value, claim, premise, given, totals):
            worked = True
        elif _shown(value, [_value(said[j]) for j in range(len(said)) if j not in new and not _named(said, j)], claim):
            worked = True
        elif not any(v == value for _, _, v in counts) or (unit and unit in units):
            return False  # neither worked out nor a count that multiplies

    return worked


@dataclass(frozen=True, slots=True)
class _PremiseNumbers:
    """What ``accounted`` reads from a premise whatever the claim: the numbers among its tokens
    (durations in parts also as minutes), its clock times, the units of each of its amounts, and
    the first two again with feet and inches read as inches (None when it gives no feet)."""

    held_numbers: tuple[str, ...]
    clocks: tuple[int, ...]
    units: dict[float, frozenset[str]]
    inches: tuple[tuple[str, ...], tuple[int, ...]] | None


def _held(tokens: set[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    return (tuple(t for t in tokens if is_numeric(t)),
            tuple(m for m in (_clock_minutes(t) for t in tokens) if m is not None))


@lru_cache(maxsize=2048)
def _read_premise(premise: str) -> _PremiseNumbers:
    """Memoised: every number of every claim checked against a document reads the same of it
    (``accounted`` is asked of each block in turn for a sentence nothing backs)."""
    tokens = raw_tokens(premise)
    numbers, clocks = _held(set(tokens) | set(_in_minutes(tokens)))  # "2 h 15 min" is 135 minutes
    inches = None
    if _FEET_INCHES.search(" ".join(tokens)):
        inches = _held(set(raw_tokens(_FEET_INCHES.sub(_inches, " ".join(tokens)))))
    units: dict[float, set[str]] = {}
    for a in amounts(premise):
        units.setdefault(a.value, set()).add(a.unit)
    # what a number counts may follow a word describing it ("1,600 drinking goblets"): the
    # thing counted is the first or second word after it, up to the next number
    for k, t in enumerate(tokens):
        value = _value(t)
        if value is None or value not in units:
            continue
        after = []
        for w in tokens[k + 1:k + 1 + _HEAD]:
            if _value(w) is not None:
                break
            if w.isalpha() and w not in STOPWORDS:
                after.append(stem(w))
        units[value].update(after[:2])
    return _PremiseNumbers(numbers, clocks, {v: frozenset(u) for v, u in units.items()}, inches)


_FRACTION = {"quarter": 15, "half": 30}
_MINUTE_WORD = frozenset({"minute", "minutes", "min", "mins"})
_HOUR_WORD = frozenset({"hour", "hours", "hr", "hrs", "h"})


def _in_minutes(tokens: tuple[str, ...]) -> list[str]:
    """The tokens with a duration said in parts as one count of minutes: "an hour and 25
    minutes" is 85 minutes, "3 hours and three quarters" 225, "2 and a quarter hours" 135, "4
    hours 20" 260. Other tokens are kept as they are."""
    out = list(tokens)
    if not any(t in _HOUR_WORD for t in out):
        return out
    k = 0
    while k < len(out):
        t = out[k]
        hours = 1.0 if t in ("an", "a", "one") else _value(t)
        if hours is None or k + 1 >= len(out):
            k += 1
            continue
        rest = out[k + 1:k + 7]
        minutes, used = None, 0
        if rest[:1] and rest[0] in _HOUR_WORD:
            tail = rest[1:]
            if tail[:1] == ["and"]:
                tail, skip = tail[1:], 1
            else:
                skip = 0
            if tail[:1] and _value(tail[0]) is not None and len(tail) > 1 and tail[1] in _MINUTE_WORD:
                minutes, used = _value(tail[0]), 3 + skip
            elif tail[:1] and _value(tail[0]) is not None and skip == 0:
                minutes, used = _value(tail[0]), 2  # "4 hours 20"
            elif tail[:2] in (["a", "quarter"], ["a", "half"]):
                minutes, used = _FRACTION[tail[1]], 3 + skip
            elif tail[:2] in (["3", "quarters"], ["three", "quarters"]):
                minutes, used = 45, 3 + skip
        elif rest[:3] in (["and", "a", "quarter"], ["and", "a", "half"]) and rest[3:4] and rest[3] in _HOUR_WORD:
            minutes, used = _FRACTION[rest[2]], 4
        if minutes is None or t in ("an", "a", "one") and not (rest[:1] and rest[0] in _HOUR_WORD):
            k += 1
            continue
        out[k:k + 1 + used] = [str(int(hours * 60 + minutes)) if float(hours * 60 + minutes).is_integer()
                               else str(hours * 60 + minutes), "minutes"]
        k += 2
    return out


_WEEKDAY_INDEX = {d: i for i, d in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                                              "sunday"))}


@lru_cache(maxsize=2048)
def _stamps(premise: str) -> tuple[int, ...]:
    """The document's times that name their weekday ("in 03:00 Tue", "Wednesday 9pm"), as minutes
    of the week: what lies between two of them may be more than a day."""
    tokens = raw_tokens(premise)
    out = []
    for k, t in enumerate(tokens):
        clock = _clock_minutes(t)
        if clock is None:
            continue
        for j in (k - 1, k + 1):
            if 0 <= j < len(tokens) and tokens[j] in _WEEKDAY_INDEX:
                out.append(_WEEKDAY_INDEX[tokens[j]] * 1440 + clock)
                break
    return tuple(out)


def _elapsed(value: float, unit: str, clocks: list[int], stamps: tuple[int, ...], hedged: bool = False) -> bool:
    """The hours or minutes between two of the document's clock times (within a day), or between
    two of its times that name their weekdays (within a week): "forty-two hours" from Tuesday 3am
    to Wednesday 9pm, "85 minutes" from 7:15 to 8:40. A hedged span ("about fourteen and a half
    hours" from 16:40 to 07:15) may be rounded, as people round: hours to the quarter hour,
    minutes to five."""
    per = 60 if unit in _HOURS else 1 if unit in _MINUTES or unit == "minutes" else 0
    if not per:
        return False
    slack = (_HEDGED_HOURS if per == 60 else _HEDGED_MINUTES) if hedged else 1e-6
    if any(abs(((b - a) % 1440) / per - value) < slack for a in clocks for b in clocks if a != b):
        return True
    return any(abs(((b - a) % 10080) / per - value) < slack for a in stamps for b in stamps if a != b)


_PERIODIC = frozenset({"every", "each"})  # what a span after them is: how often, not how long
_AT_TIME = frozenset({"at", "by", "until", "till", "til", "before"})  # what a bare hour after them is
_LIST_JOIN = frozenset({"and", "or", ",", "then"})


def _bare_hours(said: list[str]) -> set[int]:
    """Where the claim lists hours bare, as times of day: a list of two or more begun by "at",
    "by", "until"... ("at 7 and 11", "at 6, 8 or 10"). One number after "at" may be a level
    ("I ain't even at two"), so it alone is not read as a time."""
    timed: set[int] = set()
    run: list[int] = []
    for k, t in enumerate(said):
        if is_numeric(t) and (run and (run[-1] == k - 1 or (said[k - 1] in _LIST_JOIN and run[-1] == k - 2))):
            run.append(k)
        elif is_numeric(t) and k > 0 and said[k - 1] in _AT_TIME:
            run = [k]
        elif not (run and t in _LIST_JOIN and run[-1] == k - 1):
            if len(run) > 1:
                timed.update(run)
            run = []
    if len(run) > 1:
        timed.update(run)
    return timed
_HEDGES = frozenset({"about", "around", "nearly", "roughly", "almost", "approximately", "some", "enough", "near"})
_HEDGED_HOURS = 0.126  # (in hours: up to seven and a half minutes either way of a quarter hour)
_HEDGED_MINUTES = 2.6  # (in minutes: to the nearest five)


def _worked_out(value: float, unit: str, claim: str, premise: str, pool: list[Amount], counts: set[float],
                spoken: Callable[[], set[str]], others: list[Amount], clocks: list[int],
                repeated: set[float] = frozenset()) -> bool:
    if unit in _HOURS and any(abs(((b - a) % 1440) / 60 - value) < 1e-6 for a in clocks for b in clocks if a != b):
        return True
    # an amount the conversation names, or the only one of its unit ("60 crowns a week")
    alone = {u for u in {a.unit for a in pool} if u and sum(1 for a in pool if a.unit == u) == 1}
    items = [a for a in pool if _compatible(a, unit) and (_mentioned(a, spoken()) or (unit and a.unit in alone))]
    if _sums(value, [[a.value * c for c in counts] for a in items]):
        return True
    pairs = [(c, d) for c in counts for d in counts if 1 < c < d]  # two different counts the conversation gives
    pairs += [(c, c) for c in repeated if c > 1]  # or one count said of two things
    if any(abs(a.value * c * d - value) < 1e-6 for a in items for c, d in pairs):
        return True  # "five miners, two days, four a day: forty packs"
    others_ = [a for a in pool if _compatible(a, unit)]  # what is taken away need not be named
    if _REMAINDER.search(claim) and any(abs(a.value - b.value - value) < 1e-6 for a in items for b in others_ if a is not b):
        return True  # "eight barrels remain", "five sols from today": a difference said as one
    if _REMAINDER.search(claim) and _ledger_balance(value, unit, others_):
        return True  # "163 sacks remain" from 212 stored, 40 given away and 9 spoiled
    if _sums(value, [[a.value] for a in others if _compatible(a, unit) and a.value != value]):
        return True
    return _compared(value, claim, premise)


_SHOWN_TOTAL = re.compile(r"\b(?:total|altogether|in\s+all|together|all\s+told|makes?|comes?\s+to|plus|and)\b",
                          re.IGNORECASE)
_SHOWN_PRODUCT = re.compile(r"\b(?:times|each|per|apiece|a\s+(?!few\b)[a-z]+)\b", re.IGNORECASE)


def _shown(value: float, operands: list[float | None], claim: str) -> bool:
    """The claim shows its working: it gives the document's figures it works from and the result
    ("255 remain: 340 received minus 85 sent", "1,600 blown, 1,150 packed and 90 broken, leaving
    360"). The result is then the first figure less the others (said as a remainder), their sum
    (said as a total), or their product (said per thing). Only the claim's own figures take part,
    each the document's (``accounted`` asks this only of a number the document does not hold), in
    the order said, so a wrong result is one no reading of them gives."""
    figures = [v for v in operands if v is not None]
    if len(figures) < 2 or len(figures) > _TERMS + 1:
        return False
    if _REMAINDER.search(claim) and abs(figures[0] - sum(figures[1:]) - value) < 1e-6:
        return True
    if _SHOWN_TOTAL.search(claim) and abs(sum(figures) - value) < 1e-6:
        return True
    return bool(_SHOWN_PRODUCT.search(claim)) and abs(math.prod(figures) - value) < 1e-6


_MONTH = re.compile(r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*$")


def _named(said: tuple[str, ...] | list[str], k: int) -> bool:
    """The number names a thing or a day rather than counting ("godown No. 2", "24 July"): no
    figure of a sum."""
    before = said[k - 1] if k else ""
    after = said[k + 1] if k + 1 < len(said) else ""
    return bool(before and _LABELLED.search(f"{before} {said[k]}")) or bool(_MONTH.match(before) or _MONTH.match(after))


def _ledger_balance(value: float, unit: str, amounts: list[Amount]) -> bool:
    """The balance of a ledger kept in one unit: its first amount less every later one ("212 sacks
    stored; 40 sacks given; 9 sacks spoiled" leave 163). One reading of the whole record, not a
    search over its parts, so a wrong figure is not explained by chance."""
    same = [a.value for a in amounts if unit and a.unit == unit]
    return len(same) >= 3 and abs(same[0] - sum(same[1:]) - value) < 1e-6


# One unit in another, as a speaker restates a figure ("2.7 kg, about six pounds"; "4 minutes,
# 240 seconds"): (from, to, factor), by the stems of the unit words.
_CONVERSIONS = (("kilogram", "pound", 2.20462), ("m", "foot", 3.28084), ("metre", "foot", 3.28084),
                ("metre", "yard", 1.09361), ("m", "yard", 1.09361), ("kilometre", "mile", 0.621371),
                ("cm", "inch", 0.393701), ("centimetre", "inch", 0.393701), ("foot", "inch", 12.0),
                ("litre", "gallon", 0.264172), ("minute", "second", 60.0), ("hour", "minute", 60.0),
                ("day", "hour", 24.0), ("week", "day", 7.0), ("gram", "ounce", 0.035274),
                # and a metric figure in the next unit of its kind ("0.8 km", "eight hundred metres")
                ("kilometre", "metre", 1000.0), ("kilogram", "gram", 1000.0), ("g", "kilogram", 0.001),
                ("metre", "centimetre", 100.0), ("m", "centimetre", 100.0), ("litre", "millilitre", 1000.0))
_CLOSE = 0.03  # a converted figure may be rounded ("very nearly six pounds" for 5.95)


def _converted(value: float, unit: str, pool: list[Amount]) -> bool:
    """The number is one of the document's amounts in another unit."""
    if not unit:
        return False
    for a in pool:
        for source, target, factor in _CONVERSIONS:
            for here, there, f in ((source, target, factor), (target, source, 1 / factor)):
                if same_word(a.unit, here) and same_word(unit, there) and abs(a.value * f - value) <= _CLOSE * value:
                    return True
    return False


# What a claim says when it states a number it worked out ("so", "in all", "a share", "counting
# the kids", "usable", "away"): without such a word, a derived number must come from large operands.
_RESULT = re.compile(r"\b(?:so|thus|hence|therefore|in\s+all|all\s+told|altogether|total\w*|together|counting|makes?"
                     r"|comes?\s+to|means?|share\w*|each|apiece|per|usable|useable|available|left|leaves?|remain\w*"
                     r"|away|later|become\w*|becomes|rise\w*|risen|after|taken|take|which|that'?s"
                     # a part of a whole, whoever owns it: "of the 140", "of our 140", "out of 500"
                     r"|of\s+(?:the|our|your|their|his|her|its|my|these|those)|out\s+of"
                     r"|short|over|under|above|below|more|less|fewer|difference|in\s+total|need\w*|plus)\b", re.IGNORECASE)
_BIG = 12  # operands above this rarely make a wrong number by chance
# numbers a word stands for in a record: twins are two, "rise by half" is half as much again
_IMPLIED = {"twin": 2.0, "twins": 2.0, "pair": 2.0, "dozen": 12.0, "half": 0.5, "triplets": 3.0, "score": 20.0}
_BY_HALF = re.compile(r"\bby\s+(?:a\s+)?half\b")
_LIST = re.compile(r":\s*([^.:]+)")
_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)$")


_FEET_INCHES = re.compile(r"\b(\d+)\s*(?:ft|foot|feet)\.?(?:\s*(\d+)\s*(?:in|inch|inches)\b\.?)?")


def _inches(m: re.Match[str]) -> str:
    return f"{int(m.group(1)) * 12 + int(m.group(2) or 0)} inches"


def _numbers(text: str) -> list[tuple[float, str]]:
    """The numbers of a text, each with the unit word after it ("" when none); a height in feet
    and inches is one number of inches ("6 ft 4 in" is 76 inches)."""
    return list(_numbers_of(text))


@lru_cache(maxsize=4096)
def _numbers_of(text: str) -> tuple[tuple[float, str], ...]:
    """Memoised ``_numbers``: a premise's are read for every number of every claim checked against it."""
    out = []
    for cell in _CELL.split(text):  # the word after a number is its unit only in its own line or column
        tokens = raw_tokens(_FEET_INCHES.sub(_inches, " ".join(raw_tokens(cell))))
        for k, t in enumerate(tokens):
            v = _value(_ORDINAL.sub("", t))  # "the 18th" is day 18
            if v is not None:
                j = k + 1 + _spans_word(tokens, k)
                after = tokens[j] if j < len(tokens) and tokens[j].isalpha() and tokens[j] not in STOPWORDS else ""
                out.append((v, stem(after) if after else ""))
    tokens = raw_tokens(text)
    out += [(_IMPLIED[t], _ANY) for t in tokens if t in _IMPLIED]
    if _BY_HALF.search(normalise(text)):
        out.append((1.5, _ANY))
    return tuple(out)


_CELL = re.compile(r"\n|\s\|\s")
_ANY = "*"  # the unit of a number said by a word of kind ("twins"): whatever the things counted are


def _elsewhere(said: tuple[str, ...], k: int, units: dict[float, set[str]]) -> bool:
    """The claim's number is the document's only as a count of something else: "40 pieces of
    eight" where the ledger's 40 is "40 casks of rum"."""
    value = _value(said[k])
    unit = stem(said[k + 1]) if k + 1 < len(said) and said[k + 1].isalpha() and said[k + 1] not in STOPWORDS else ""
    found = units.get(value) if value is not None else None
    return bool(unit and found and all(u and not same_word(u, unit) for u in found))


_LABELLED = re.compile(r"\b(?:cab|job|cell|room|unit|level|platform|berth|bay|gate|car|train|bus|flight|route|locker"
                       r"|box|slot|row|seat|table|case|file|no|number|ward|bed|floor|deck|dock|pier|track|lane|shelf"
                       r"|permit|form|specimen|ticket|badge|sector|ring|cycle|sol|frame|pole|marker|grid)\s+\d")


def _labels(claim: str, value: float) -> bool:
    tokens = raw_tokens(claim)
    return any(_value(t) == value and k and _LABELLED.search(f"{tokens[k - 1]} {t}") for k, t in enumerate(tokens))


def _IMPLIED_ONLY(text: str) -> list[tuple[float, str]]:
    """The numbers a record says in words of kind rather than digits ("twins", "rise by half")."""
    return list(_implied_of(text))


@lru_cache(maxsize=2048)
def _implied_of(text: str) -> tuple[tuple[float, str], ...]:
    tokens = raw_tokens(text)
    out = [(_IMPLIED[t], "") for t in tokens if t in _IMPLIED]
    if _BY_HALF.search(normalise(text)):
        out.append((1.5, ""))
    return tuple(out)


@lru_cache(maxsize=1024)
def _stems(words: tuple[str, ...]) -> frozenset[str]:
    """The stems of the conversation's words: the same for every number of every claim of one answer."""
    return frozenset(stem(w) for w in words)


_DATE_WORDS = frozenset("next last coming following this day date week is be will falls fall makes make which so".split())
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_WORD = {d: re.compile(rf"\b{d}\b") for d in _WEEKDAYS}
_DATED_DAY = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")\W+(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\b")


def _weekday_date(value: float, claim: str, premises: list[str]) -> bool:
    """"Next Monday is the 14th" from "Today: Thursday, 10": the date of a weekday counted on
    from a dated weekday the conversation gives (the next one, or the last one when it says so)."""
    said = normalise(claim)
    mine = [d for d in _WEEKDAYS if _WEEKDAY_WORD[d].search(said)]
    if len(mine) != 1 or not 1 <= value <= 31:
        return False
    # the claim says which date the weekday is, and nothing of what happens on it (a sale on
    # "Sunday the 14th" is the document's to say)
    months = {"january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
              "november", "december"}
    tokens = raw_tokens(claim)
    rest = [t for k, t in enumerate(tokens) if t.isalpha() and t not in STOPWORDS and t not in _DATE_WORDS
            and t not in months and t != mine[0] and not (k and _value(_ORDINAL.sub("", tokens[k - 1])) == value)]
    if rest:
        return False
    target = _WEEKDAYS.index(mine[0])
    back = bool(re.search(r"\b(?:last|past|previous|ago)\b", said))
    for text in premises:
        for m in _DATED_DAY.finditer(normalise(text)):
            day, date = _WEEKDAYS.index(m.group(1)), int(m.group(2))
            step = -((day - target) % 7 or 7) if back else ((target - day) % 7 or 7)
            if date + step == value:
                return True
    return False


def _fits(unit: str, target: str) -> bool:
    return not unit or not target or unit == _ANY or same_word(unit, target)


@lru_cache(maxsize=2048)
def _list_counts(premise: str) -> frozenset[float]:
    """How many items each list of the document holds ("Pudding, Clover, Biscuit, Old Nan, Thistle"),
    and how many times each list of clock times gives. Memoised: asked of every number checked."""
    counts: set[float] = set()
    for m in _LIST.finditer(premise):
        body = m.group(1)
        if ";" in body:  # "the Psalter (vellum, 212 leaves); the Herbal (...); ..."
            parts = [p for p in body.split(";") if p.strip()]
        else:  # "Pudding, Clover, Biscuit, Old Nan, Thistle": names, not amounts
            parts = [p for p in re.split(r",|\band\b", body) if p.strip()]
            if len(parts) < 3 or any(c.isdigit() for c in body):
                continue
        if len(parts) >= 2:
            counts.add(float(len(parts)))
    if any(c.isdigit() for c in premise):  # "Weekdays 8.05, 12.40, 5.15": three a day, the times it lists
        for run in _CLOCK_RUN.finditer(normalise(premise)):
            counts.add(float(len(_ONE_CLOCK.findall(run.group(0)))))
    return frozenset(counts)


_ONE_CLOCK = re.compile(r"\b\d{1,2}(?::\d\d(?:am|pm)?|am|pm)(?!\w)")
_CLOCK_RUN = re.compile(_ONE_CLOCK.pattern + r"(?:\s*(?:,|\band\b|&)\s*" + _ONE_CLOCK.pattern + r")+")


def _derived(value: float, claim: str, premise: str, given: str, totals: Iterable[str]) -> bool:
    """The number is the count of a list of the document, or one step (+, -, x, /) on two numbers
    the document, the player or the answer's other claims give; a small result only when the claim
    says it worked it out."""
    if _LABELLED.search(normalise(claim).replace(",", " ")) and _labels(claim, value):
        return False  # "cab 28", "job 1542": a number that names one, never worked out
    if value in _list_counts(premise):
        return True
    if _weekday_date(value, claim, [premise, given, *totals]):
        return True
    found = _numbers(claim)
    spans = _day_span_counts(premise)  # "Fri-Sun": three days, a count the record implies
    asked = {v for v, _ in _numbers(given)} | {v for v, _ in _IMPLIED_ONLY(premise)} | spans
    target = next((u for v, u in found if v == value), "")
    if target in _COMPARING_STEMS:
        target = ""  # "6 above the reserve": a difference, in whatever unit its amounts are
    mine = [(v, u) for v, u in found if v != value]
    listed = [(n, _ANY) for n in _list_counts(premise)]  # a list's count counts what the claim counts
    listed += [(n, "") for n in spans]  # (days: a span multiplies what happens each day, adds to nothing)
    operands = sorted({(v, u) for v, u in [*_numbers(premise), *_numbers(given), *mine, *listed,
                                            *(n for t in totals for n in _numbers(t))] if v > 0 and v != value})
    cued = bool(_RESULT.search(normalise(claim)))
    stated = {v for v, _ in mine}
    # a stock over a weekly use lasts so many weeks, which a claim's "four weeks" says as 28 days
    weekly = target in _DAY_UNITS and bool(_WEEKLY.search(normalise(premise)))
    given_counts = {v for v, _ in _numbers(given)}
    # an amount the document gives for each one ("pay them twenty each"), times a count it gives
    rates, parted = _rates_and_parts(premise)
    # the rest of a whole a record parts ("Camels: 46 (of which 6 carry water only)"): forty
    if any(whole - part == value for whole, part in parted):
        return True
    for i, (a, ua) in enumerate(operands):
        for b, ub in operands[i + 1:]:
            if a == b:
                continue  # "24 forks and 24 knives" make no 48 of anything
            scaled = a in asked or b in asked  # a count the player gives, or "by half", "twins"
            visible = a in stated and b in stated  # "9 drivers and 2 guards, 11 people": the sum in view
            # "two mithqal" asked of a price per mithqal: the player's count is the cue of a product
            answering = (a in given_counts or b in given_counts) and abs(a * b - value) < 1e-6
            scaled = scaled or (cued and (a in rates or b in rates))
            if not (cued or visible or answering) and (a <= _BIG or b <= _BIG):
                continue
            both = _fits(ua, target) and _fits(ub, target)  # silver is not added to coppers
            if (a <= _BIG or b <= _BIG) and target and not (ua and ub):
                both = False  # a small sum or difference only of amounts that say what they count
            either = _fits(ua, target) or _fits(ub, target)
            big = a > _BIG and b > _BIG
            # 96 km at 24 km a day: 4 days; "one bar in ten" of 140 bars: 14
            ratio = (big and (either or (bool(ua) and same_word(ua, ub)))) or (cued and (not ua or not ub) and either)
            # "3 Feb ... 19 Feb": sixteen days between two dates of one month
            dates = ua == ub and ua in _MONTH_STEMS and target in _DAY_UNITS
            # a difference is worked out where the claim says one ("left", "more", "short"), not "together"
            apart = dates or (both and bool(_REMAINDER.search(claim) or _APART.search(claim)))
            for result, ok in ((a + b, both or visible), (abs(b - a), apart), (a * b, either and scaled),
                               (b / a, ratio), (a / b, ratio), (b / a * 7, ratio and weekly), (a / b * 7, ratio and weekly)):
                if ok and abs(result - value) < 1e-6:
                    return True
    if cued and _visible_total(value, [v for v, _ in mine]):
        return True
    if target and _whole_list(value, target, premise):
        return True
    # "the earl and six guests make seven": one named beside a count, added up
    if cued and any(v + 1 == value for v in stated) and _ONE_AND_COUNT.search(" ".join(raw_tokens(claim))):
        return True
    return False


_VISIBLE_TERMS = 8  # the claim's own numbers one stated total may add up


def _visible_total(value: float, stated: list[float]) -> bool:
    """A total the claim states beside the items it adds ("400 to the guard, 150 to the
    workshops, 36 for the roof, 60 to the envoys, 646 in all"; "22 days of travel plus 1 of rest,
    23 days"): the sum is in view, each item held to the document on its own, however many."""
    items = [v for v in stated if v > 0][:_VISIBLE_TERMS]
    return any(abs(sum(group) - value) < 1e-6 for size in range(3, len(items) + 1)
               for group in itertools.combinations(items, size)) or \
        any(abs(a + b - value) < 1e-6 for a, b in itertools.combinations(items, 2))


_WHOLE_LIST = 3  # amounts of one unit a document must list for their total to be a claim's figure


def _whole_list(value: float, target: str, premise: str) -> bool:
    """The total of every row of a list that gives an amount of the claim's unit: the legs of a
    road ("Samarkand to Shahrisabz: 2 days ... Balkh to Herat: 12 days") make the whole
    journey's 22 days. Only all the rows together (a part of the list summed is a sum the claim
    must show), and only rows ("label: amount"), not a remark below them ("Rest one full day")."""
    if premise.count("\n") + 1 < _WHOLE_LIST:
        return False
    listed = [v for v, u in _row_amounts(premise) if u and _fits(u, target)]
    return len(listed) >= _WHOLE_LIST and abs(sum(listed) - value) < 1e-6


_ROW = re.compile(r"^[^:\n]{1,60}:\s*\S")


@lru_cache(maxsize=2048)
def _row_amounts(premise: str) -> tuple[tuple[float, str], ...]:
    return tuple(n for line in premise.splitlines() if _ROW.match(line.strip()) for n in _numbers_of(line))


_WEEKLY = re.compile(r"\b(?:weekly|a\s+week|per\s+week|each\s+week)\b")
_EACH = re.compile(r"\b(\d+(?:\.\d+)?)\s+(?:[a-z]+\s+)?(?:each|apiece|a\s+head|per\s+head|per\s+person|a\s+person)\b")
_OF_WHICH = re.compile(r"\b(\d+(?:\.\d+)?)\s*\(?\s*(?:of\s+which|of\s+whom)\s+(\d+(?:\.\d+)?)\b")
_APART = re.compile(r"\b(?:before|later|earlier|aside|without|minus|except|besides|beyond|over|under|above|below|than|off)\b",
                    re.IGNORECASE)  # what a difference is said with, besides a remainder's words
_MONTH_STEMS = frozenset(stem(m) for m in """january february march april may june july august september october
    november december""".split())
_DAY_UNITS = frozenset({"day", "days"})
_ONE_AND_COUNT = re.compile(r"\b(?:the|a|an|my|his|her|their|our|him|her|me|himself|herself)\s+(?:[a-z]+\s+)?and\s+(?:his\s+|her\s+|their\s+|my\s+)?\d+\s+[a-z]+")
_WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_SPAN = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*(?:-|to|through|thru)\s*"
                       r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")


def preload(premise: str) -> None:
    """Read a document's numbers before the first claim is checked against it, as start-up
    indexing does (``Conversation.warm``): each reading of a premise that ``accounted`` makes,
    whatever the claim, is memoised by the premise's text, and reading it cold costs an answer
    a millisecond or two per block."""
    _read_premise(premise)
    _stamps(premise)
    _numbers_of(premise)
    _implied_of(premise)
    _list_counts(premise)
    _day_spans_of(premise)
    _rates_and_parts(premise)
    _bounds(premise)


@lru_cache(maxsize=2048)
def _rates_and_parts(premise: str) -> tuple[frozenset[float], tuple[tuple[float, float], ...]]:
    """The amounts the document gives for each one ("twenty each") and the wholes it parts with
    what part ("46 (of which 6 ...)"). Memoised: ``_derived`` asks it of every number."""
    said = " ".join(raw_tokens(premise))
    return (frozenset(float(m.group(1)) for m in _EACH.finditer(said)),
            tuple((float(m.group(1)), float(m.group(2))) for m in _OF_WHICH.finditer(said)))


def _day_span_counts(premise: str) -> set[float]:
    """How many days each span of weekdays of the document holds ("Fri-Sun" is three)."""
    return set(_day_spans_of(premise))


@lru_cache(maxsize=2048)
def _day_spans_of(premise: str) -> frozenset[float]:
    return frozenset(float((_WEEK.index(m.group(2)) - _WEEK.index(m.group(1))) % 7 + 1)
                     for m in _DAY_SPAN.finditer(normalise(premise)))


def _earliest(said: list[str], clocks: list[int]) -> bool:
    """The claim's clock time is the earliest the document lists (a day's times, read in order)."""
    times = [m for m in (_clock_minutes(t) for t in said) if m is not None]
    return bool(times and clocks) and all(t == min(clocks) for t in times)


def _compared(value: float, claim: str, premise: str) -> bool:
    """The document gives a bound ("closed to vessels drawing more than six feet") and the claim
    puts a number on the side the bound says: nine feet is over six, and cannot pass. A claim
    that gives a bound itself ("closed to anything drawing over seven feet") restates the rule,
    and a rule's bound is the document's figure or wrong: seven is not worked out from nine."""
    tokens = raw_tokens(claim)
    text = " ".join(tokens)
    if any(float(m.group(1)) == value for pattern in (_ABOVE, _BELOW) for m in pattern.finditer(text)):
        return False
    claim_denies = sum(1 for t in tokens if is_negation(t) or t in ("closed", "shut", "barred", "forbidden")) % 2 == 1
    for forbids, above, below in _bounds(premise):
        for bounds, inside in ((above, lambda b: value > b), (below, lambda b: value < b)):
            for bound in bounds:
                if inside(bound) == (claim_denies == forbids):
                    return True
    return False


@lru_cache(maxsize=2048)
def _bounds(premise: str) -> tuple[tuple[bool, tuple[float, ...], tuple[float, ...]], ...]:
    """Each sentence of the premise that gives a bound: whether it forbids, and its lower and upper
    bounds ("more than six feet", "under 40"). Memoised: ``_compared`` asks it of every number."""
    out = []
    for sentence in re.split(r"[.;\n]", premise):
        text = " ".join(raw_tokens(sentence))
        above = tuple(float(m.group(1)) for m in _ABOVE.finditer(text))
        below = tuple(float(m.group(1)) for m in _BELOW.finditer(text))
        if above or below:
            out.append((bool(_FORBIDS.search(text)), above, below))
    return tuple(out)
