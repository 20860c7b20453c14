"""The one pass that reads a narration, from raw text to flagged tokens and noun phrases.

Every check works over the same narration, so it is read once and the reading cached per text.
The order of the pass matters (clauses before the non-event flags they bound, phrases before the
similes that run to a phrase's end), so it is written here and nowhere else, together with the
cutting of raw text it starts from: sentence ends that are no abbreviation ("Mrs. Castellano"),
quotations opened by a single quote that is no apostrophe ("That'd", "the guards' room"), clauses,
and the masked text in which the checks' patterns can only match words that are events.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard import vocabulary as V
from bot.guard.prose.grammar import _ABBREVIATIONS
from bot.guard.prose.non_events import (
    _IDIOM_WORDS, _IDIOMS, _mark_negation, _mark_similes, _mark_story,
)
from bot.guard.prose.phrases import _chunk
from bot.guard.prose.tokens import Reading, Token

_TOKEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9'’\-]*[A-Za-z0-9])?|\S")
_SENTENCE_END = re.compile(
    r"[.!?…]+[\"'”’)\]*_]*(?=\s+[\"“‘'(\[*_>]*[A-Z0-9]|\s*$)|\n\s*\n")

_WORD_BEFORE = re.compile(r"([A-Za-z]+)\.$")

CLAUSE_PUNCT = frozenset(",;:—–()[]")
CLAUSE_WORDS = frozenset({"but", "yet", "however", "though", "although", "while", "whereas",
                          "until", "before", "after", "because", "so", "then", "whilst"})


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (whitespace trimmed)."""
    spans = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group(0) == ".":
            w = _WORD_BEFORE.search(text, max(0, m.start() - 6), m.start() + 1)
            if w is not None and w.group(1).lower() in _ABBREVIATIONS:
                continue
        end = m.end()
        _add_span(text, start, end, spans)
        start = end
    _add_span(text, start, len(text), spans)
    return spans


def _add_span(text: str, a: int, b: int, spans: list[tuple[int, int]]) -> None:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if b > a:
        spans.append((a, b))


_QUOTE_CHARS = re.compile("[\"“”‘]")


def _single_quote_end(text: str, i: int, closer: str) -> int:
    """Where a quotation opened by a single quote at ``i`` closes: the first quote mark that is
    neither an apostrophe inside a word ("That'd", "landlord's") nor another opening, within the
    paragraph; a plural possessive ("the guards' room") closes only when no later mark does."""
    n = len(text)
    end = text.find("\n\n", i)
    end = n if end == -1 else end
    j = text.find(closer, i + 1, end)
    fallback = -1
    while j != -1:
        nxt = text[j + 1] if j + 1 < n else ""
        prev = text[j - 1]
        if not nxt.isalnum() and not prev.isspace():
            if prev in "sS" and nxt == " " and j + 2 < n and text[j + 2].islower():
                if fallback == -1:
                    fallback = j  # "the guards' room": maybe a possessive, maybe the end
            else:
                return j
        j = text.find(closer, j + 1, end)
    return fallback


def _quote_mask(text: str) -> list[bool]:
    inside = [False] * len(text)
    if not _QUOTE_CHARS.search(text) and " '" not in text and not text.startswith("'"):
        return inside
    state = False
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            state = not state
        elif c == "“":
            state = True
        elif c == "”":
            inside[i] = True
            state = False
            i += 1
            continue
        elif c in "‘'" and (i == 0 or text[i - 1].isspace() or text[i - 1] in "([—–-") and \
                i + 1 < n and (text[i + 1].isalnum() or text[i + 1] in "…."):
            j = _single_quote_end(text, i, "’" if c == "‘" else "'")
            if j != -1:
                for k in range(i, j + 1):
                    inside[k] = True
                i = j + 1
                continue
        inside[i] = state or c == '"'
        i += 1
    return inside


def _tokenize(text: str) -> list[Token]:
    out = []
    append = out.append
    for m in _TOKEN.finditer(text):
        s = m.group(0)
        a, b = m.span()
        c = s[0]
        if c.isalpha():
            low = s.lower()
            if "’" in low:
                low = low.replace("’", "'")
            if low.endswith("'s"):
                append(Token(s, low, low[:-2], a, b, "word", 0, 0, c.isupper(), False, True))
            elif low.endswith("s'") and len(low) > 2:
                append(Token(s, low, low[:-1], a, b, "word", 0, 0, c.isupper(), False, True))
            else:
                append(Token(s, low, low, a, b, "word", 0, 0, c.isupper(), False, False))
        elif c.isdigit():
            low = s.lower()
            kind = "num" if s.replace(",", "").isdigit() else "word"
            append(Token(s, low, low, a, b, kind))
        else:
            append(Token(s, s, s, a, b, "punct"))
    return out


@lru_cache(maxsize=512)
def read(text: str, names: frozenset[str] = frozenset(),
         bigrams: frozenset[str] = frozenset()) -> Reading:
    """Read a narration once; the result is shared by every check (and cached per text).

    ``names`` are lowercase words the scene uses as proper names ("zero", "marrow"), so that a
    sentence-initial "Zero mutters" is read as a person; ``bigrams`` are word pairs from the
    scene's multiword names ("lock picks") that must stay inside one noun phrase."""
    tokens = _tokenize(text)
    spans = sentence_spans(text)
    qmask = _quote_mask(text)
    sentence_tokens: list[tuple[int, int]] = []
    ti = 0
    for si, (_, b) in enumerate(spans):
        first = ti
        while ti < len(tokens) and tokens[ti].start < b:
            tokens[ti].sent = si
            ti += 1
        sentence_tokens.append((first, ti))
    prev_quoted = False
    seen_word_in: set[int] = set()
    for idx, t in enumerate(tokens):
        t.quoted = qmask[t.start] if t.start < len(qmask) else False
        t.muted = t.quoted
        if t.kind in ("word", "num"):
            # the first word of a sentence, of a quotation or after a colon or a dash opens it;
            # leading markdown (*, _, >) and quote marks do not count
            first_in_sentence = t.sent not in seen_word_in
            seen_word_in.add(t.sent)
            after_opener = idx > 0 and tokens[idx - 1].kind == "punct" and (
                tokens[idx - 1].low in (":", "—", "–") or (tokens[idx - 1].low in "\"“‘'"
                                                          and t.quoted != prev_quoted))
            t.initial = t.kind == "word" and (first_in_sentence or after_opener
                                              or (t.quoted and not prev_quoted))
        prev_quoted = t.quoted
    if not _IDIOM_WORDS.isdisjoint({t.base for t in tokens}):
        for m in _IDIOMS.finditer(text.lower()):
            for t in tokens:
                if t.start < m.end() and t.end > m.start():
                    t.muted = True
    for k in range(1, len(tokens) - 1):
        # "page by page", "one by one", "man to man": a repetition is a manner, not a mention
        if tokens[k].low in ("by", "to", "after", "upon") and tokens[k - 1].kind == "word" \
                and tokens[k - 1].low == tokens[k + 1].low:
            tokens[k - 1].muted = tokens[k].muted = tokens[k + 1].muted = True
    r = Reading(text=text, tokens=tokens, sentences=spans, sentence_tokens=sentence_tokens)
    _mark_clauses(r)
    _mark_story(r)
    _mark_negation(r)
    _chunk(r, names, bigrams)
    _mark_similes(r)
    r.masked = _masked(r)
    return r


def _mark_clauses(r: Reading) -> None:
    clause = 0
    toks = r.tokens
    for i, t in enumerate(toks):
        if i > 0 and toks[i - 1].sent != t.sent:
            clause += 1
        if t.kind == "punct" and t.low in CLAUSE_PUNCT:
            clause += 1
        elif t.low in CLAUSE_WORDS and not (t.low == "but" and i > 0 and toks[i - 1].low in
                                               ("nothing", "none", "all", "anything", "everyone")):
            clause += 1
        elif t.low == "and" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.low in V.SUBJECT_PRONOUNS or nxt.low in ("then", "the") or (
                    nxt.cap and not nxt.initial):
                clause += 1
        elif t.quoted and i > 0 and not toks[i - 1].quoted:
            clause += 1
        elif not t.quoted and i > 0 and toks[i - 1].quoted:
            clause += 1
        t.clause = clause


def _masked(r: Reading) -> str:
    chars = list(r.text.lower().replace("’", "'"))
    for t in r.tokens:
        if t.muted or t.negated:
            for k in range(t.start, t.end):
                chars[k] = " "
    for i, c in enumerate(r.text):
        if c in "\"“”":
            chars[i] = " "
    return "".join(chars)
