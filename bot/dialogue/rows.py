"""A record's rows keep their own facts: a claim may not take its key from one row and its value
from another.

A key register ("Boiler room - key 14 - Pruitt only. / Gym - key 6 - Coach Dunne, Pruitt."), a
rota ("week 1 Ruiz, week 2 Holt"), a tally ("Day 2: 1,310. Day 3: 980 (rain stopped work at 3
pm)") holds the same words in every row, so word overlap finds "Coach Dunne holds the boiler room
key", "Holt has gash in week 1" and "rain stopped work on the second day" all said. Each is made
of two rows. The check is held to rows that are plainly parallel (lines or items that begin with
the same word, or lines cut by the same separator), since the sentences of an ordinary note tell
of one subject and a claim may join them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.words import content_stems, is_numeric, names_in, raw_tokens, same_word, stem

_ITEMS = re.compile(r"\s*[,;]\s*")
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")
_SEPARATED = re.compile(r"\s[-\u2013|]\s")
_CLAUSES = re.compile(r",|;|\s(?:and|but|while|then)\s", re.IGNORECASE)


def _words(text: str) -> frozenset[str]:
    return frozenset(content_stems(text))


def _runs(rows: list[str], lines: bool = False) -> list[list[str]]:
    """The runs of rows of one record among ``rows``: three or more in a row that begin with the
    same word ("week 1 ...", "Day 2: ..."), or all of them when each is cut by the same separator
    ("Boiler room - key 14 - Pruitt only")."""
    if lines and len(rows) >= 2 and all(_SEPARATED.search(r) for r in rows):
        return [rows]
    out: list[list[str]] = []
    run: list[str] = []
    first: tuple[str, ...] = ()
    for row in rows:
        opening = raw_tokens(row)[:1]
        if run and opening == first:
            run.append(row)
            continue
        if len(run) >= 3:
            out.append(run)
        run, first = [row], opening
    if len(run) >= 3:
        out.append(run)
    return out


_Row = tuple[frozenset[str], frozenset[str]]  # (the row's key words, all its words)


def _row(text: str, keyed_by_field: bool) -> _Row:
    words = _words(text)
    if keyed_by_field:  # "Boiler room - key 14 - Pruitt only": the first field
        key = _words(_SEPARATED.split(text, 1)[0])
    else:  # "week 1 Ruiz", "Day 2: 1,310": what follows the word every row begins with
        key = frozenset(stem(t) for t in raw_tokens(text)[1:2])
    return key, words


@lru_cache(maxsize=2048)
def record_rows(premise: str) -> tuple[tuple[_Row, ...], ...]:
    """Each parallel run of rows in ``premise`` (a heading before the first row's colon is no
    row's: "Gash (kitchen and cleaning): week 1 Ruiz")."""
    out = []
    lines = [line.strip() for line in premise.splitlines() if line.strip()]
    groups = [(lines, True)] if len(lines) >= 2 else []
    for part in lines:
        groups.append(([s for s in _SENTENCES.split(part) if s.strip()], False))
        for sentence in _SENTENCES.split(part):
            groups.append(([i for i in _ITEMS.split(sentence.split(": ", 1)[-1]) if i.strip()], False))
    for group, are_lines in groups:
        for rows in _runs(group, are_lines):
            by_field = all(_SEPARATED.search(r) for r in rows)
            out.append(tuple(_row(r, by_field) for r in rows))
    return tuple(out)


def _within(words: frozenset[str], said: frozenset[str]) -> bool:
    """Every key word is said: exactly, or a number as its ordinal ("Day 2" as "the 2nd day")."""
    return all(any(w == s or (w.isdigit() and s[:-2] == w and s[-2:] in _ORDINAL) for s in said) for w in words)


_ORDINAL = frozenset({"st", "nd", "rd", "th"})


def crossed_rows(premise: str, claim: str) -> bool:
    """Whether a clause of ``claim`` names one row by its key and gives a name or figure that only
    another row holds ("Holt has gash in week 1" where week 1 is Ruiz's)."""
    runs = record_rows(premise)
    if not runs:
        return False
    names = names_in(premise)
    for clause in _CLAUSES.split(claim):
        said = _words(clause)
        anchors = [w for w in said if is_numeric(w) or w in names]
        for rows in runs:
            keyed = [k for k, (key, _) in enumerate(rows) if key and _within(key, said)
                     and not any(_within(key, other) for j, (other, _) in enumerate(rows) if j != k)]
            if len(keyed) != 1:
                continue  # no row, or more than one, named by its key: nothing to hold the clause to
            for k in keyed:
                mine = rows[k][1]
                for a in anchors:
                    if any(same_word(a, w) for w in mine):
                        continue
                    if any(any(same_word(a, w) for w in words) for j, (_, words) in enumerate(rows) if j != k):
                        return True
    return False
