"""The records every check reads: a token and its flags, a noun phrase, a whole reading.

Each check asks the same questions of the same words (is it quoted, muted, negated, the head of a
phrase, whose is it?), so the answers are written once onto these records, and the lookups the
checks repeat (the phrase at or around a token, the token at a character, "could this word occur
here at all?") are memoised on the reading. They sit at the bottom of the package and know only
the vocabulary, so every other part of the reading can build on them.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.guard import vocabulary as V


@dataclass(slots=True)
class Token:
    text: str
    low: str  # lowercase, curly apostrophes made straight
    base: str  # low without a possessive 's
    start: int
    end: int
    kind: str  # word | num | punct
    sent: int = 0
    clause: int = 0
    cap: bool = False
    initial: bool = False  # first word of a sentence or of a quotation
    possessive: bool = False
    quoted: bool = False
    muted: bool = False  # quoted, story about the past, simile or depiction: not an event
    negated: bool = False  # inside a negation, attempt or hypothetical


@dataclass(slots=True)
class Phrase:
    """A noun phrase: determiner, modifiers and head, as token indices into the reading."""

    start: int
    end: int  # exclusive
    head: int
    det: str = ""  # a, the, your, his, another, two, bram's ...
    owner: str = ""  # the possessor when the determiner is possessive: your, his, bram ...
    count: int | None = None
    of_head: int | None = None  # head of an "of" complement: "a stick of *dynamite*"
    name: bool = False  # a chain of capitalised words
    pronoun: bool = False
    new: bool = False  # "another", "a second", "an extra": one more than there was
    ordinal: int | None = None  # "a fourth goblin": 4

    def tokens(self, r: Reading) -> list[Token]:
        return r.tokens[self.start:self.end]

    def text(self, r: Reading) -> str:
        return r.text[r.tokens[self.start].start:r.tokens[self.end - 1].end]

    def words(self, r: Reading) -> list[str]:
        return [t.base for t in r.tokens[self.start:self.end] if t.kind != "punct"]

    def core(self, r: Reading) -> list[str]:
        """The words after the determiner."""
        out = []
        for t in r.tokens[self.start:self.end]:
            if t.kind == "punct":
                continue
            out.append(t.base)
        if self.det and out and out[0] == self.det.split("'")[0]:
            out = out[1:]
        return out

    def head_low(self, r: Reading) -> str:
        return r.tokens[self.head].base

    def content_head(self, r: Reading) -> str:
        """The head that names the thing: the complement of a partitive ("pack of *wolves*")."""
        h = r.tokens[self.head].base
        if self.of_head is not None and V.lemma(h) in V.PARTITIVES:
            return r.tokens[self.of_head].base
        return h


@dataclass(slots=True)
class Reading:
    text: str
    tokens: list[Token]
    sentences: list[tuple[int, int]]  # character spans
    sentence_tokens: list[tuple[int, int]]  # token index spans
    phrases: list[Phrase] = field(default_factory=list)
    phrase_at: dict[int, Phrase] = field(default_factory=dict)  # token index -> phrase
    masked: str = ""  # lowercase text with muted and negated words blanked
    memo: dict[str, Any] = field(default_factory=dict)  # things checks derive once per reading

    def phrase_after(self, i: int, skip: frozenset[str] = frozenset()) -> Phrase | None:
        """The noun phrase starting at token ``i`` (after skipping particles in ``skip``)."""
        n = len(self.tokens)
        while i < n and self.tokens[i].low in skip:
            i += 1
        return self.phrase_at.get(i)

    def phrase_containing(self, i: int) -> Phrase | None:
        index = self.memo.get("phrase_of")
        if index is None:
            index = {}
            for p in self.phrases:
                for k in range(p.start, p.end):
                    index.setdefault(k, p)
            self.memo["phrase_of"] = index
        return index.get(i)

    def token_at(self, char: int) -> int:
        """Index of the first token that ends after character ``char``."""
        ends = self.memo.get("ends")
        if ends is None:
            ends = [t.end for t in self.tokens]
            self.memo["ends"] = ends
        i = bisect_right(ends, char)
        return min(i, len(self.tokens) - 1) if self.tokens else 0

    def token_from(self, char: int) -> Token | None:
        """The first token starting at or after character ``char``."""
        starts = self.memo.get("starts")
        if starts is None:
            starts = [t.start for t in self.tokens]
            self.memo["starts"] = starts
        i = bisect_left(starts, char)
        return self.tokens[i] if i < len(self.tokens) else None

    def span_text(self, a: int, b: int) -> str:
        """Text of tokens a..b (inclusive)."""
        return self.text[self.tokens[a].start:self.tokens[b].end]

    def event(self, t: Token) -> bool:
        return not t.muted and not t.negated

    @property
    def words(self) -> frozenset[str]:
        """Every word of the narration (as written and without a possessive), for the checks'
        cheap "could this pattern match at all?" tests."""
        ws = self.memo.get("words")
        if ws is None:
            ws = frozenset({t.low for t in self.tokens} | {t.base for t in self.tokens})
            self.memo["words"] = ws
        return ws

    def mentions(self, triggers: frozenset[str], stems: tuple[str, ...] = ()) -> bool:
        """Does any word match a trigger, or start with one of the stems?"""
        ws = self.words
        if not ws.isdisjoint(triggers):
            return True
        if not stems:
            return False
        prefixes = self.memo.get("prefixes")
        if prefixes is None:
            prefixes = {w[:k] for w in ws for k in range(3, min(len(w), 9) + 1)}
            self.memo["prefixes"] = prefixes
        short, long = _split_stems(stems)
        if not prefixes.isdisjoint(short):
            return True
        return bool(long) and any(w.startswith(long) for w in ws)


@lru_cache(maxsize=256)
def _split_stems(stems: tuple[str, ...]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The stems a prefix set can answer (up to 9 letters) apart from the longer ones, split
    once per stems tuple: the checks pass the same module-level tuples on every reading, and a
    set test beats a loop over them (~25 calls per narration in the ability check alone)."""
    return (frozenset(s for s in stems if len(s) <= 9), tuple(s for s in stems if len(s) > 9))
