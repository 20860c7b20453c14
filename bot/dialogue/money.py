"""Old British money said as one number of pence, however it is written or spoken.

A fares table says "second 4s 2d", the clerk says "four shillings and twopence" or "four and
twopence", a tally says "5 pots at 3d" and the herb-wife "threepence a pot"; a sum comes to
"3s 3d", "three-and-threepence" or "thirty-nine pence". Each is one amount in pence, and only
as pence can the words and the figures meet, or be added up. Pounds count 240 pence, shillings
12; a half-crown is 30 pence. A bare "5s" is read as shillings only in a text that writes
shillings and pence elsewhere ("first 5s, second 3s 4d"), or where it is a price ("candles - 9s.",
"cost 9s.", "wages 3 pounds 10s."), not in "the 1970s" or "a man in his 60s". Pounds written as a
word take the shillings after them: "3 pounds 10s." and the maid's "three pound ten" are one sum,
but "two pound o' powder" and "three pounds four ounces" are weights.
"""

from __future__ import annotations

import re

from bot.guard.vocabulary import CARDINALS

_SMALL = {w: n for w, n in CARDINALS.items() if isinstance(n, int) and 0 < n < 100} | {"a": 1, "an": 1, "one": 1}
# "fifty-six shillings" is 56 of them, not fifty and six shillings
_TENS = {w: n for w, n in _SMALL.items() if w.isalpha() and n >= 20 and n % 10 == 0}
_UNITS = {w: n for w, n in CARDINALS.items() if isinstance(n, int) and 0 < n < 10}
_SMALL |= {f"{t}{sep}{u}": tn + un for t, tn in _TENS.items() for u, un in _UNITS.items() for sep in ("-", " ")}
_NUMBER = r"(\d{1,3}|" + "|".join(sorted((w for w in _SMALL if w not in ("a", "an")), key=len, reverse=True)) + r")"
_PENCE_WORD = {"tuppence": 2, "twopence": 2, "thruppence": 3, "threepence": 3, "fourpence": 4, "fivepence": 5,
               "sixpence": 6, "sevenpence": 7, "eightpence": 8, "ninepence": 9, "tenpence": 10, "elevenpence": 11}
_PENCE = r"(" + "|".join(_PENCE_WORD) + r"|(?:a|one|" + _NUMBER[1:-1] + r")[- ](?:pence|penny|pennies|d))"

_DIGIT = re.compile(r"\d")
_CUES = re.compile(r"\d\s?[sd]\b|shilling|pence|penny|pennies|£|crown|\bbob\b|\bpounds?\s+(?:and\s+)?[a-z0-9]")
_POUNDS = re.compile(r"£\s?(\d{1,4})(?:\s+(\d{1,2})s(?:\.(?=\s*\d))?)?(?:\s+(\d{1,2})d)?(?!\w)(?!\.\d)")
_WORD_POUNDS = re.compile(r"\b" + _NUMBER + r"\s+pounds?\s+(?:and\s+)?" + _NUMBER
                          + r"(?:s\b|\s+shillings?\b|(?=\s*(?:$|[,;.!?)]|for|a\s+(?:week|month|year|quarter)\b|each\b)))")
_PRICED_S = re.compile(r"(?:\b(?:cost|costs|costing|paid|pay|pays|price|priced|prices|wages?|fees?|fares?|charged?|charges"
                       r"|owes?|owed|worth|at|for)|\s[-\u2013\u2014]|pounds?)\s+(\d{1,2})s\b(?!')")
_SD = re.compile(r"\b(\d{1,2})s\.?\s?(\d{1,2})d\b")
_BARE_S = re.compile(r"\b(\d{1,2})s\b(?!')")
_BARE_D = re.compile(r"\b(\d{1,3})d\b(?=\s*(?:$|[,;.)]|(?:each|a|per|apiece|for|and|or|in|the|to)\b))")
_SHILLINGS_AND = re.compile(r"\b" + _NUMBER + r"[- ](?:shillings?|bob)(?:[- ]and)?[- ]" + _PENCE + r"(?![\w-])")
_AND_PENCE = re.compile(r"\b" + _NUMBER + r"[- ]and[- ](" + "|".join(_PENCE_WORD) + r")\b")
_SHILLINGS = re.compile(r"\b" + _NUMBER + r"[- ]shillings?\b")
_A_SHILLING = re.compile(r"\ba\s+shilling\b")
_HALF_CROWN = re.compile(r"\bhalf[- ](?:a[- ])?crowns?\b")
_PENCE_ALONE = re.compile(r"(?<![\w-])" + _PENCE + r"(?![\w-])")


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _SMALL.get(word, 0)


def _pence_of(phrase: str) -> int:
    phrase = phrase.replace("-", " ")
    if phrase in _PENCE_WORD:
        return _PENCE_WORD[phrase]
    return _count(phrase.split()[0])


def in_pence(text: str) -> str:
    """Lower-cased ``text`` with every amount of pounds, shillings and pence as "N pence"."""
    if not (_DIGIT.search(text) or "shilling" in text or "pence" in text or "penn" in text or "\u00a3" in text
            or "crown" in text or "bob" in text or "pound" in text) or not _CUES.search(text):
        return text  # (the first look is what ``_CUES`` needs, found faster)
    text = _POUNDS.sub(lambda m: f"{int(m.group(1)) * 240 + int(m.group(2) or 0) * 12 + int(m.group(3) or 0)} pence",
                       text)
    if "pound" in text:
        text = _WORD_POUNDS.sub(lambda m: f"{_count(m.group(1)) * 240 + _count(m.group(2)) * 12} pence", text)
    written = bool(_SD.search(text))
    text = _SD.sub(lambda m: f"{int(m.group(1)) * 12 + int(m.group(2))} pence", text)
    if written:  # a text that writes "4s 2d" writes a whole number of shillings as "5s"
        text = _BARE_S.sub(lambda m: f"{int(m.group(1)) * 12} pence", text)
    else:  # "candles, 3 dozen - 9s.", "cost 9s.": a price, though nothing else is in shillings
        text = _PRICED_S.sub(lambda m: m.group(0)[: m.start(1) - m.start(0)] + f"{int(m.group(1)) * 12} pence", text)
    text = _BARE_D.sub(lambda m: f"{int(m.group(1))} pence", text)  # "at 3d each" (not "a 3d printer")
    if "shilling" in text or "bob" in text:
        text = _SHILLINGS_AND.sub(lambda m: f"{_count(m.group(1)) * 12 + _pence_of(m.group(2))} pence", text)
        text = _SHILLINGS.sub(lambda m: f"{_count(m.group(1)) * 12} pence", text)
        text = _A_SHILLING.sub("12 pence", text)
    if "pence" in text or "crown" in text or "penny" in text or "pennies" in text:
        text = _AND_PENCE.sub(lambda m: f"{_count(m.group(1)) * 12 + _PENCE_WORD[m.group(2)]} pence", text)
        text = _HALF_CROWN.sub("30 pence", text)
        text = _PENCE_ALONE.sub(lambda m: f"{_pence_of(m.group(1))} pence", text)
    return text
