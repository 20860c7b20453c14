"""Resolving the names a model writes ("the barkeep", "Gretta", "key") to what the scene holds.

A proposal is only as safe as its names: a step that names someone absent must fail, and a step
that names someone present in other words must not. So matching goes from exact to loose and stops
at the first unambiguous answer: the exact name or alias; every word of the text being a word of
one candidate's names ("greta the barkeep", "key" for "cellar key"); a close spelling (one typo).
Two candidates tying at a stage is no answer: a guess would be a hallucination of our own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz, process

_WORD = re.compile(r"[a-z0-9]+")
# Words that carry no identity: articles, possessives, filler a model puts before a name.
_FILLER = frozenset(
    "the a an some his her their its my your our this that of s to from".split()
)
TYPO_CUTOFF = 85.0  # fuzz.ratio: "gretta" ~ "greta" (91), "brom" !~ "bram" (75)


@lru_cache(maxsize=8192)
def words(text: str) -> tuple[str, ...]:
    return tuple(w for w in _WORD.findall(text.casefold()) if w not in _FILLER)


@lru_cache(maxsize=8192)
def normal(text: str) -> str:
    return " ".join(words(text))


@lru_cache(maxsize=8192)
def word_set(text: str) -> frozenset[str]:
    return frozenset(words(text))


@dataclass(frozen=True, slots=True)
class Candidate:
    """Something a name may refer to: its canonical ``key`` and every phrase that names it."""

    key: str
    phrases: tuple[str, ...]


@dataclass(slots=True)
class Match:
    key: str | None  # the canonical key, or None when nothing (or more than one thing) fits
    exact: bool = False
    ambiguous: tuple[str, ...] = ()
    near: tuple[str, ...] = ()  # for a miss: the closest phrases, to show the model

    @property
    def found(self) -> bool:
        return self.key is not None

    @property
    def confidence(self) -> float:
        """How sure a finding built on this miss is: an exact miss is certain, a near miss less."""
        return 0.9 if self.near else 1.0


class Pool:
    """Candidates indexed for repeated lookups. Only the exact index is built up front: most names
    a model writes are exact, and the looser stages are built the first time a name needs them."""

    __slots__ = ("candidates", "exact", "_vocab", "_phrases")

    def __init__(self, candidates: Sequence[Candidate]):
        self.candidates = candidates
        self.exact: dict[str, set[str]] = {}
        for c in candidates:
            for p in c.phrases:
                n = normal(p)
                if n:
                    self.exact.setdefault(n, set()).add(c.key)
        self._vocab: list[tuple[str, frozenset[str]]] | None = None
        self._phrases: list[tuple[str, str, str]] | None = None

    @property
    def vocab(self) -> list[tuple[str, frozenset[str]]]:
        """Each candidate's key and every word of its phrases."""
        if self._vocab is None:
            self._vocab = [(c.key, frozenset().union(*(word_set(p) for p in c.phrases))) for c in self.candidates]
        return self._vocab

    @property
    def phrases(self) -> list[tuple[str, str, str]]:
        """(normal form, as written, key) for every phrase."""
        if self._phrases is None:
            self._phrases = [(normal(p), p, c.key) for c in self.candidates for p in c.phrases if normal(p)]
        return self._phrases


def resolve(text: str, pool: Pool | Sequence[Candidate]) -> Match:
    """The one candidate ``text`` names, or a miss carrying the nearest phrases."""
    if not isinstance(pool, Pool):
        pool = Pool(pool)
    query = normal(text)
    if not query or not pool.exact:
        return Match(None)

    exact = pool.exact.get(query, set())
    if len(exact) == 1:
        return Match(next(iter(exact)), exact=True)
    if len(exact) > 1:
        return Match(None, ambiguous=tuple(sorted(exact)))

    q_words = word_set(query)
    covering = {key for key, vocab in pool.vocab if q_words <= vocab}
    if len(covering) == 1:
        return Match(covering.pop())
    if len(covering) > 1:
        return Match(None, ambiguous=tuple(sorted(covering)))

    scored: dict[str, float] = {}
    for phrase, _, key in pool.phrases:
        score = fuzz.ratio(query, phrase)
        if score > scored.get(key, -1.0):
            scored[key] = score
    best = max(scored.values())
    if best >= TYPO_CUTOFF:
        top = [k for k, s in scored.items() if s == best]
        if len(top) == 1:
            return Match(top[0])
        return Match(None, ambiguous=tuple(sorted(top)))
    near = process.extract(query, [p for p, _, _ in pool.phrases], scorer=fuzz.WRatio, limit=3, score_cutoff=60)
    return Match(None, near=tuple(dict.fromkeys(pool.phrases[i][1] for _, _, i in near)))
