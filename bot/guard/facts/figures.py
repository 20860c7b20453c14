"""Reading the numbers a narration states, and the role their neighbours give each one.

Every check on figures asks the same question first: which numbers does this text state, written
as digits or as words ("7", "seven", "twenty-five", "a dozen", "one hundred and twenty"), and is
each one damage, hit points, healing, a roll, gold, a price or a count of something? That reading
is done once here, memoised on the narration's ``Reading``, so the decided-figure check, the
count check, the correction and the hit-or-miss check all judge the same figures. It sits at the
bottom of the package and knows only the vocabulary and the prose reader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.guard import vocabulary as V
from bot.guard.prose import Reading, read

_UNITS = {w: n for w, n in V.CARDINALS.items()}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_WORD_FOR = {v: k for k, v in V.CARDINALS.items() if k not in ("dozen",)}
_DAMAGE_AFTER = frozenset({"damage", "dmg", "wounds", "wound"})
_GOLD_AFTER = frozenset(
    "gold gp coins coin crowns crown silver coppers copper pieces marks mark dollars dollar "
    "bucks buck shillings shilling pennies penny ducats doubloons credits sovereigns "
    "guilders florins talents".split())
_ROLL_BEFORE = frozenset({"roll", "rolls", "rolled", "rolling", "natural", "nat", "total"})
_DAMAGE_BEFORE = frozenset({"deals", "dealing", "dealt", "deal", "takes", "taking", "took",
                            "suffers", "suffering", "suffered", "inflicts", "inflicting",
                            "inflicted", "for"})
_PRICE_BEFORE = frozenset({"costs", "cost", "costing", "priced"})
# Before hit points lost rather than left: "costs you four hit points", "you lose 3 hit points".
_LOSS_BEFORE = _DAMAGE_BEFORE - {"for"} | frozenset({
    "cost", "costs", "costing", "lose", "loses", "lost", "losing", "drains", "drained",
    "draining", "bleeds", "bled", "bleeding", "knocks", "knocked", "shaves", "shaved"})
_ANOTHER = frozenset({"another", "further", "additional", "extra"})
# Where a blow leaves someone, with no noun after the figure: "you're down to 10", "leaving you
# on 7", "drops you to 3". A bare figure someone is brought down to is their hit points.
_LEFT_ON_VERBS = frozenset({"leaves", "leaving", "left", "drops", "dropping", "dropped", "puts",
                            "putting", "brings", "bringing", "brought", "knocks", "knocking",
                            "knocked"})
_BARE_END = frozenset({"", ".", ",", ";", "!", "and", "now", "-", "—", ":"})
_HEAL_BEFORE = frozenset({"heals", "healing", "healed", "heal", "recovers", "recover",
                          "recovered", "regains", "regain", "regained", "restores", "restore",
                          "restored", "mends", "mend"})


@dataclass(slots=True)
class Figure:
    """A number stated in the narration and the role its words give it."""

    value: int
    role: str  # damage | healed | hp | roll | gold | gold_left | count | other
    start: int  # character offsets of the number's words
    end: int
    words: bool  # written as words ("seven") rather than digits
    noun: str = ""  # for counts: the noun counted


def _parse_number(toks: list, i: int) -> tuple[int, int, bool] | None:
    """(value, tokens used, written as words) for a number starting at token i."""
    t = toks[i]
    low = t.low
    n = len(toks)
    if t.kind == "num":
        digits = low.replace(",", "")
        if digits.isdigit():
            return int(digits), 1, False
        return None
    if low[:1].isdigit():
        m = re.match(r"(\d+)-", low)  # "a 7-point wound", "12-damage"
        if m:
            return int(m.group(1)), 1, False
        return None
    if "-" in low:
        a, _, b = low.partition("-")
        if a in _TENS and b in _UNITS and _UNITS[b] < 10:
            return _TENS[a] + _UNITS[b], 1, True
    if low == "half" and i + 2 < n and toks[i + 1].low == "a" and toks[i + 2].low == "dozen":
        return 6, 3, True
    if low in ("a", "an") and i + 1 < n and toks[i + 1].low == "dozen":
        if i + 4 < n and [t.low for t in toks[i + 2:i + 5]] == ["and", "a", "half"]:
            return 18, 5, True  # "a dozen and a half": half a dozen more
        return 12, 2, True
    if low in ("a", "an") and i + 1 < n and toks[i + 1].low == "single":
        return 1, 2, True
    if low in ("a", "an") and i + 2 < n and toks[i + 2].low == "single" and \
            toks[i + 1].kind == "word" and toks[i + 1].low.isalpha():
        return 1, 3, True  # "a mere single groat", "a lone single coin": one, belittled
    if low in _TENS and i + 1 < n and toks[i + 1].low in _UNITS and _UNITS[toks[i + 1].low] < 10:
        return _TENS[low] + _UNITS[toks[i + 1].low], 2, True
    if (low in _UNITS or low in ("a", "an")) and i + 1 < n and toks[i + 1].low in (
            "hundred", "thousand"):
        # "one hundred and twenty", "a thousand", "two hundred fifty"
        value = (_UNITS[low] if low in _UNITS else 1) * (
            100 if toks[i + 1].low == "hundred" else 1000)
        used = 2
        k = i + 2
        if k < n and toks[k].low == "and":
            k += 1
        if k < n:
            rest = _parse_number(toks, k)
            if rest is not None and rest[0] < 100 and rest[2]:
                return value + rest[0], k - i + rest[1], True
        return value, used, True
    if low in _UNITS:
        if low == "one" and i + 1 < n and toks[i + 1].low == "of":
            return None  # "one of the spider's legs"
        return _UNITS[low], 1, True
    if low == "dozen":
        return 12, 1, True
    if low in ("twice",):
        return 2, 1, True
    return None


_ROLL_NOUNS = frozenset({"roll", "die", "dice", "d20"})
_ROLL_LINKS = frozenset({"is", "was", "comes", "came", "shows", "showed", "lands", "landed",
                         "up", "only", "just", "barely", "a", "an", ",", "—", "-", ":", "one"})


def _roll_named_before(toks: list, i: int) -> bool:
    """"the roll is only middling, a 12", "the die shows a 3": the number the roll is said to
    be, after a few linking words and at most two words of judgement ("a poor one, a 6")."""
    judged = 0
    for k in range(i - 1, max(-1, i - 9), -1):
        low = toks[k].low
        if low in _ROLL_NOUNS:
            return k < i - 1 and toks[i - 1].low in ("a", "an", ",", ":", "—", "-", "is",
                                                     "was", "up", "shows")
        if low in _ROLL_LINKS:
            continue
        if toks[k].kind != "word" or judged >= 2:
            return False
        judged += 1
    return False


_BARE_ROLL_AFTER = V.PREPOSITIONS | frozenset({",", ".", ";", "!", "and", "-", "—", ":"})


def _bare_roll(toks: list, i: int, j: int) -> bool:
    """"a 17 behind you", "an 8, and the lock holds": a number in digits that an article makes a
    thing and no noun follows is a face of the die (no count is written so: "a 12" of what?)."""
    if toks[i].kind != "num" or i == 0 or toks[i - 1].low not in ("a", "an"):
        return False
    if not toks[i].low.isdigit() or not 1 <= int(toks[i].low) <= 30:
        return False
    return j >= len(toks) or toks[j].low in _BARE_ROLL_AFTER


def figures(narration: str, reading: Reading | None = None) -> list[Figure]:
    """Every number in the narration, with the role its neighbours give it."""
    r = reading or read(narration)
    cached = r.memo.get("figures")
    if cached is not None:
        return cached
    found = _figures(r)
    r.memo["figures"] = found
    return found


# The only words ``_parse_number`` can read a number from (besides a hyphenated word or one that
# starts with a digit): testing them first spares a call for every other word of the narration.
_NUMBER_STARTS = frozenset(_TENS) | frozenset(_UNITS) | frozenset({"a", "an", "half", "dozen",
                                                                   "twice"})


def _figures(r: Reading) -> list[Figure]:
    toks = r.tokens
    out: list[Figure] = []
    i = 0
    n = len(toks)
    while i < n:
        t = toks[i]
        kind = t.kind
        if kind == "num" or (kind == "word" and (t.low in _NUMBER_STARTS or "-" in t.low
                                                 or t.low[:1].isdigit())):
            parsed = _parse_number(toks, i)
        else:
            parsed = None
        if parsed is None:
            i += 1
            continue
        value, used, as_words = parsed
        j = i + used
        after = [t.low for t in toks[j:j + 4]] + ["", "", "", ""]
        before = ["", "", "", ""] + [t.low for t in toks[max(0, i - 4):i]]
        role = "other"
        noun = ""
        first, second = after[0], after[1]
        if toks[i].low == "twice":
            role = "times"
        elif first in _DAMAGE_AFTER or " ".join(after[:3]) in ("points of damage",
                                                              "point of damage") or (
                second in _DAMAGE_AFTER and first in ("points", "more", "extra", "piercing",
                                                       "slashing", "bludgeoning", "fire",
                                                       "cold", "radiant", "necrotic")):
            role = "damage"
        elif first == "hp" or " ".join(after[:2]) in ("hit points", "hit point") or \
                first == "health":
            role = "hp"
            if before[-1] in _HEAL_BEFORE or ("back" in after[:4] and before[-1] != "to"):
                role = "healed"
            elif before[-1] in _LOSS_BEFORE or (before[-2] in _LOSS_BEFORE and before[-1] in (
                    "you", "him", "her", "them", "it")):
                role = "damage"  # "the fall costs you four hit points": points lost
        elif first in _BARE_END and not any(w in _GOLD_AFTER for w in before) and (
                before[-2:] == ["down", "to"] or (
                    before[-1] in ("on", "at", "to") and before[-2] in ("you", "him", "her")
                    and before[-3] in _LEFT_ON_VERBS)):
            role = "hp"  # "four damage - you're down to 10"
        elif first in _GOLD_AFTER or second in _GOLD_AFTER:
            role = "gold"
            if any(w in ("left", "remaining", "remain") for w in after[1:4]) or (
                    before[-1] == "with" and "leaving" in before):
                role = "gold_left"
            elif before[-1] in _PRICE_BEFORE or before[-2:] in (["priced", "at"],
                                                                ["price", "is"]):
                role = "price"
        elif before[-1] in _PRICE_BEFORE or before[-2:] in (["priced", "at"], ["price", "is"]):
            role = "price"  # "an ale costs 8"
        elif before[-1] in _ROLL_BEFORE or (before[-2] in _ROLL_BEFORE
                                            and before[-1] in ("a", "an", "of")):
            role = "roll"
        elif after[:3] in (["on", "the", "die"], ["on", "the", "d20"], ["on", "the", "dice"]):
            role = "roll"
        elif _roll_named_before(toks, i):
            role = "roll"  # "the roll is only middling, a 12"
        elif _bare_roll(toks, i, j):
            role = "roll"  # "with a 17 behind you": a die's face, named by its number alone
        elif before[-1] in _HEAL_BEFORE:
            role = "healed"
        elif before[-1] in _ANOTHER and (before[-2] in _DAMAGE_BEFORE or before[-3] in
                                         _DAMAGE_BEFORE) and first not in _GOLD_AFTER:
            role = "damage"  # "the second for another 6", "deals a further 4"
        elif before[-1] == "for" and first in ("", ".", ",", ";", "and", "!", "more", "extra"):
            role = "damage"
        elif before[-1] in _DAMAGE_BEFORE and before[-1] != "for" and first in (
                "", ".", ",", ";", "and", "!", "points", "point"):
            role = "damage"  # "you deal seven"
        elif "-" in toks[i].low and any(w in toks[i].low for w in ("point", "damage")):
            role = "damage"
        elif toks[i].kind == "word" and value > 0 and j < n and toks[j].kind == "word":
            # a count: "two brown mares", "six cannons", "a hundred and twenty eurodollars"
            p = r.phrase_at.get(i) or r.phrase_containing(i)
            if (p is None or p.head < j) and used > 1:
                p = r.phrase_containing(j - 1)
            if p is not None and p.head >= j:
                role = "count"
                noun = p.content_head(r)
        elif toks[i].kind == "num" and j < n and toks[j].kind == "word":
            p = r.phrase_at.get(i) or r.phrase_containing(i)
            if p is not None and p.head >= j:
                role = "count"
                noun = p.content_head(r)
        if role == "other" and any(f.role == "damage" for f in out) and (
                before[-1] in _ANOTHER or (first == "more" and second not in _GOLD_AFTER)):
            role = "damage"  # "lands for 9 damage; a second swing adds another 4"
        out.append(Figure(value=value, role=role, start=toks[i].start,
                          end=toks[i + used - 1].end, words=as_words, noun=noun))
        i = j
    return out
