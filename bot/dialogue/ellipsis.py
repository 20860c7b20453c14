"""What a document says in fewer words than it means, said out in full.

Records are terse: "Each crew member draws 3 ration packs per day. Mining crews draw 4." means
that mining crews draw 4 ration packs per day; "The Colonel retired at 10.15 p.m.; Mrs. Abernathy
at 10.40 p.m." means that Mrs. Abernathy retired at 10.40 p.m.; a heading "Acquisitions 1998:"
means the thing was acquired in 1998; "Guards: 9 men under Yusuf" means that Yusuf commands the nine
guards. A claim that says the full statement is what the document
says, yet word by word the elided verb or unit is missing from the record the number sits in.

``restated`` returns those statements written out (or ``""``), to be read alongside the document:
each keeps its own subject and its own number, borrowing only the verb or the unit the clause
before it gives, so a figure never moves to another record.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.words import is_numeric, raw_tokens, stem

# clause ends: a semicolon, or a full stop before a capital that is not a title's ("Mrs. Abernathy")
_CLAUSES = re.compile(r";\s*|(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bLt)(?<!\bNo)(?<!\bCapt)\.\s+(?=[A-Z])")
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
# "Mining crews draw 4": a subject, a verb and a bare number
_BARE_NUMBER = re.compile(r"^(?P<head>.*\b(?P<verb>[a-z]+))\s+(?P<n>" + _NUMBER + r")\s*\.?$")
# "draws 3 ration packs per day": the verb, the number and what it counts
_COUNTED = re.compile(r"\b(?P<verb>[a-z]+)\s+(?P<n>" + _NUMBER + r")\s+(?P<tail>[a-z][^;]*?)\s*\.?$")
_PREPOSITIONS = "at|on|in|by|for|from|to|until|till|with|since|before|after"
# "Mrs. Abernathy at 10.40 p.m.": a named subject, no verb, and the rest of the record
_GAPPED = re.compile(r"^(?P<subject>(?:[A-Z][\w'.-]*\s+){0,3}[A-Z][\w'-]*)\s+(?P<prep>" + _PREPOSITIONS + r")\s+(?P<rest>.+?)\s*\.?$")
_VERB_BEFORE = r"\b(?P<verb>[a-z]{3,})\s+{prep}\b"
_NOT_VERBS = frozenset("the a an and or of his her their its our my your this that per each every all".split())
# record headings that name an event ("Acquisitions 1998:"), and the verb they stand for
_HEADINGS = {"acquisitions": "acquired", "accessions": "acquired", "arrivals": "arrived", "departures": "departed",
             "deaths": "died", "births": "born", "purchases": "bought", "sales": "sold", "admissions": "admitted",
             "donations": "donated", "receipts": "received", "deliveries": "delivered", "repairs": "repaired",
             "sightings": "sighted", "discoveries": "discovered", "finds": "found", "losses": "lost",
             "burials": "buried", "marriages": "married", "enlistments": "enlisted", "transfers": "transferred"}
_HEADING = re.compile(r"^\W*(?P<word>[A-Za-z]+)\s+(?:of\s+|in\s+)?(?P<year>\d{4})\s*[:.-]", re.MULTILINE)
# "9 men under Yusuf the Tall": "under" before a named person is the preposition of command (a
# body of men, a ship, a watch under someone is one that person leads); the body is what the
# clause before it says, from its line's start or its last stop. "under the counter" names no one.
_UNDER = re.compile(r"(?P<what>[^\n.;,]*?\w[^\n.;,]*?)[ \t]+under[ \t]+"
                    r"(?P<who>[A-Z][\w'-]*(?:\.?[ \t]+(?:the[ \t]+)?[A-Z][\w'-]*){0,3})")


@lru_cache(maxsize=2048)
def restated(text: str) -> str:
    """The document's elided statements said out in full, one a line; "" when it has none."""
    out: list[str] = []
    for m in _HEADING.finditer(text):
        verb = _HEADINGS.get(m.group("word").casefold())
        if verb:
            out.append(f"{verb} in {m.group('year')}.")
    for m in _UNDER.finditer(text):
        out.append(f"{m.group('who')} commands {m.group('what').strip().replace(':', '')}.")
    clauses = [c.strip() for c in _CLAUSES.split(text) if c and c.strip()]
    for before, clause in zip(clauses, clauses[1:]):
        full = _bare_number(before, clause) or _gapped(before, clause) or _subjectless(before, clause)
        if full:
            out.append(full)
    return "\n".join(out)


def _bare_number(before: str, clause: str) -> str:
    """"Mining crews draw 4" after "each crew member draws 3 ration packs per day"."""
    m = _BARE_NUMBER.match(clause)
    if not m or len(clause.split()) > 8:
        return ""
    for c in _COUNTED.finditer(before):
        if stem(c.group("verb").casefold()) == stem(m.group("verb").casefold()):
            return f"{m.group('head')} {m.group('n')} {c.group('tail')}."
    return ""


# "Departs cycle 216, 14:00." after "Supply tug Perpetua docks at...": a verb with its subject left off
_VERB_FIRST = re.compile(r"^(?P<verb>(?:Depart|Arrive|Sail|Leave|Return|Dock|Open|Close|Run|Start|End|Expire|Reopen"
                         r"|Resume|Meet|Call|Stop|Land)(?:s|ed|d)|Died|Born|Shut|Closed|Open)\b\s+(?P<rest>.+?)\s*\.?$")
_SUBJECT_THEN_VERB = re.compile(r"^(?:[^:]{0,40}:\s*)?(?P<subject>(?:[A-Za-z'-]+\s+){0,3}[A-Z][\w'-]*)\s+[a-z]{2,}(?:s|ed)\b")


def _subjectless(before: str, clause: str) -> str:
    """"Departs cycle 216, 14:00." after "Supply tug Perpetua docks at Ring C": the same subject."""
    m = _VERB_FIRST.match(clause)
    if not m or m.group("verb").casefold().endswith("ss"):
        return ""
    subject = _SUBJECT_THEN_VERB.match(before)
    if not subject:
        return ""
    return f"{subject.group('subject')} {m.group('verb').casefold()} {m.group('rest')}."


def _gapped(before: str, clause: str) -> str:
    """"Mrs. Abernathy at 10.40 p.m." after "The Colonel retired at 10.15 p.m."."""
    m = _GAPPED.match(clause)
    if not m or len(clause.split()) > 8:
        return ""
    verbs = re.findall(_VERB_BEFORE.replace("{prep}", re.escape(m.group("prep"))), before)
    verbs = [v for v in verbs if v not in _NOT_VERBS]
    if not verbs:
        return ""
    return f"{m.group('subject')} {verbs[-1]} {m.group('prep')} {m.group('rest')}."


def conflicts(text: str, claim: str) -> str:
    """A figure the claim gives a subject when the document's restated record gives that subject
    another ("Bishop Orrin arrived at 9.05" where the log says the Bishop came at 9.20, 9.05 being
    the Mayor's): the restated figure, or ""."""
    said = raw_tokens(claim)
    numbers = {t for t in said if is_numeric(t)}
    for line in _gapped_lines(text):
        m = re.match(r"^((?:[A-Z][\w'.-]*\s+){0,3}[A-Z][\w'-]*)\s", line)
        if not m:
            continue
        subject = [t for t in raw_tokens(m.group(1)) if t.isalpha()]
        theirs = {t for t in raw_tokens(line) if is_numeric(t)}
        if subject and all(t in said for t in subject) and theirs and numbers and not numbers & theirs \
                and any(_same_kind(a, b) for a in numbers for b in theirs):
            return sorted(theirs)[0]
    return ""


@lru_cache(maxsize=2048)
def _gapped_lines(text: str) -> tuple[str, ...]:
    clauses = [c.strip() for c in _CLAUSES.split(text) if c and c.strip()]
    return tuple(g for before, clause in zip(clauses, clauses[1:]) if (g := _gapped(before, clause)))


def _same_kind(a: str, b: str) -> bool:
    """Two figures of one kind: both clock times, or both plain numbers."""
    clock = re.compile(r"\d(?::\d\d)?[ap]m$|\d:\d\d$")
    return bool(clock.search(a)) == bool(clock.search(b))
