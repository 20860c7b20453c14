"""Does a piece of evidence support a claim?

The verifier asks this through a small protocol so that a deployment can plug in a trained
natural-language-inference model; the project ships only the deterministic overlap judge below.

The overlap judge reads the evidence as segments (lines, or sentences of long lines) under one
context line (who wrote the document, its title, its date) and asks whether a single segment, or
two neighbouring ones, hold the claim's words. Four things keep plain bag-of-words overlap from
accepting a swapped or embroidered fact:
- anchors (numbers, times, addresses, names) must all be present, exactly;
- in a two-segment window, a descriptive word counts only in a segment about one of the claim's
  names, so "bob is active" is not backed by "Alice: active. / Bob: on mission.";
- a word counts only with the same polarity (negated in both or in neither);
- a long claim may leave out only one word in four, and at least half of what it says besides
  names and numbers must be found: "tobin buys lantern oil to burn down the mill" is not backed
  by "Tobin has been buying up lantern oil", "hale is on the bridge with park" not by a roster.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol, runtime_checkable

from bot.dialogue.claims import EPISTEMIC, HEDGES
from bot.dialogue.words import (
    EVALUATIVE, REPORTING, STOPWORDS, Vocabulary, is_anchor, is_locative, is_negation, is_numeric, normalise,
    raw_tokens,
    same_word, stem,
)

_PUNCT = re.compile(r"[.;,:!?]+(?=\s|$)|[()\[\]]")  # clause ends; not the dots of an address
_SENT = re.compile(r"(?<=[.!?])\s+")
_LIST = re.compile(r"[,;]")
_WINDOW = 4
_SUBJECT_SPAN = 3  # informative words at the start of an item that name whom it is about
_PRONOUN_START = re.compile(r"^\W*(?:he|she|they|his|her|their|him|them)\b")
_CLAUSE = re.compile(r"[,;]|\s(?:but|and|while|whereas)\s", re.IGNORECASE)
_UNSUPPORTED_SHARE = 4  # a clause may leave out at most one word in this many (at least one)
_CAPPED = 0.5  # the score of a clause that leaves out more


@runtime_checkable
class Entailment(Protocol):
    """How strongly ``premise`` (under ``context``, a line that applies to all of it) supports
    ``hypothesis``: 0..1. ``names`` are words known to be names in this world; a model-backed
    judge may ignore it. A claim is supported when the score reaches ``threshold``."""

    threshold: float

    def score(self, premise: str, hypothesis: str, *, context: str = "", names: frozenset[str] = frozenset()) -> float: ...


@dataclass(frozen=True, slots=True)
class _Word:
    stem: str
    negated: bool


@dataclass(frozen=True, slots=True)
class _Segment:
    """One statement of the premise: a list item or a sentence."""

    words: tuple[_Word, ...]
    names: frozenset[str]  # whom it is about: its own names, or those of the sentence before it
    numbers: frozenset[str]  # its own numbers, times and addresses
    sentence: int = 0  # which sentence of the premise it belongs to
    polarity: dict[str, frozenset[bool]] = field(default_factory=dict, compare=False, hash=False)
    vocabulary: Vocabulary = field(default_factory=lambda: Vocabulary.of(""), compare=False, hash=False)

    def has(self, word: _Word, strict_polarity: bool) -> bool:
        """Whether the statement says ``word`` (with the same polarity, if asked)."""
        found = self.polarity.get(word.stem)
        if found is not None:
            if not strict_polarity or word.negated in found:
                return True
        elif not self.vocabulary.has(word.stem):
            return False
        return any(
            (not strict_polarity or word.negated in polarities) and same_word(word.stem, stem_)
            for stem_, polarities in self.polarity.items()
        )


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[_Word, ...]:
    """Informative words of ``text`` with their polarity: a negation negates the next word of its
    own clause ("not back till friday": back is negated, friday is not)."""
    out: list[_Word] = []
    for piece in _PUNCT.split(normalise(text)):
        negate = False
        previous = ""
        for tok in raw_tokens(piece):
            before, previous = previous, tok
            if is_negation(tok):
                negate = True
                continue
            if (tok in STOPWORDS and not is_locative(before, tok)) or (len(tok) < 2 and not tok.isdigit()):
                continue
            out.append(_Word(stem(tok), negate))
            negate = False
    return tuple(out)


@dataclass(frozen=True, slots=True)
class _Sentence:
    """What one sentence of the premise is about, for checks that list items would get wrong (an
    apposition such as "The Sea Wolf's captain, Morrow," is one statement about Morrow)."""

    names: frozenset[str]  # its names, and those of the sentence before when it opens with "he"
    numbers: frozenset[str]


@dataclass(frozen=True, slots=True)
class _Premise:
    statements: tuple[_Segment, ...]
    sentences: dict[int, _Sentence] = field(compare=False, hash=False)


def _premise(premise: str, names: frozenset[str]) -> _Premise:
    """The premise as statements. Only the names that occur in it matter, so the parse is
    shared by every claim checked against it, whatever names each speech brings."""
    return _parse_premise(premise, names & _premise_stems(premise))


@lru_cache(maxsize=2048)
def _premise_stems(premise: str) -> frozenset[str]:
    return frozenset(w.stem for w in _words(premise))


@lru_cache(maxsize=2048)
def _parse_premise(premise: str, names: frozenset[str]) -> _Premise:
    """The premise as statements: lines, cut into sentences, cut into list items, each with the
    names and numbers it is about."""
    segs: list[_Segment] = []
    sentences: dict[int, _Sentence] = {}
    number = 0
    for line in normalise(premise).splitlines():
        subject: frozenset[str] = frozenset()
        for sentence in _SENT.split(line.strip()):
            items = [w for w in (_words(i) for i in _LIST.split(sentence)) if w]
            if not items:
                continue
            number += 1
            anchors = [{w.stem for w in words if is_anchor(w.stem, names)} for words in items]
            # an item is about the names it opens with ("Alice: active", "Luis is away in
            # Ankara"); names further on are objects and places ("...a bookmaker in Soho")
            own = [frozenset(w.stem for w in words[:_SUBJECT_SPAN] if w.stem in names) for words in items]
            every = frozenset(a for found in anchors for a in found if a in names)
            # a sentence naming no one is about whom the sentence before it named ("Alice:
            # active. runs recruiting."); inside a sentence that names someone, an item naming no
            # one is about no one in particular ("Barnaby, burn the ledger")
            named = frozenset().union(*own)
            inherited = frozenset() if every else subject
            carried = subject if _PRONOUN_START.match(sentence) else frozenset()  # "He meets the envoy"
            sentences[number] = _Sentence(every | inherited | carried, frozenset().union(*anchors) - every)
            if named:
                subject = named
            for words, found, mine in zip(items, anchors, own):
                segs.append(_statement(words, mine or inherited, frozenset(a for a in found if a not in names), number))
    return _Premise(tuple(segs), sentences)


def _segments(premise: str, names: frozenset[str]) -> tuple[_Segment, ...]:
    return _premise(premise, names).statements


def _statement(words: tuple[_Word, ...], names: frozenset[str], numbers: frozenset[str], sentence: int = 0) -> _Segment:
    found: dict[str, set[bool]] = {}
    for w in words:
        found.setdefault(w.stem, set()).add(w.negated)
    polarity = {k: frozenset(v) for k, v in found.items()}
    return _Segment(words, names, numbers, sentence, polarity, Vocabulary.of_stems(polarity))


@lru_cache(maxsize=1024)
def _context(context: str) -> _Segment:
    """The line that applies to a whole premise (kind, title, author, date), as a statement."""
    return _statement(_words(context) if context else (), frozenset(), frozenset())


_DROPPED = EVALUATIVE | HEDGES | EPISTEMIC | REPORTING | {"need", "want"}


@lru_cache(maxsize=4096)
def _clauses(hypothesis: str, names: frozenset[str]) -> tuple[tuple[_Word, ...], ...]:
    """The claim cut at commas and conjunctions where both sides name something of their own
    ("alice is out, bob is active" is two claims; "yeah, alice mailed me" is one). Opinion,
    hedging and reporting words are not facts and are left out."""
    parts = [tuple(w for w in _words(p) if w.stem not in _DROPPED) for p in _CLAUSE.split(hypothesis) if p and p.strip()]
    clauses: list[list[_Word]] = []
    for ws in parts:
        if not ws:
            continue
        if clauses and _own_claim(ws, names) and _own_claim(tuple(clauses[-1]), names):
            clauses.append(list(ws))
        elif clauses:
            clauses[-1].extend(ws)
        else:
            clauses.append(list(ws))
    return tuple(tuple(c) for c in clauses if c)


def _own_claim(words: tuple[_Word, ...], names: frozenset[str]) -> bool:
    """A part of a claim that stands as a claim of its own: it names someone ("bob is out"), or
    gives a number with something counted ("12 casks of rum"); "12k" or "due friday" alone
    only add to the part before."""
    if any(w.stem in names for w in words):
        return True
    numbers = [w for w in words if is_numeric(w.stem)]
    return bool(numbers) and len(numbers) < len(words)


def _has(words: tuple[_Word, ...], word: _Word, strict_polarity: bool) -> bool:
    return any(same_word(word.stem, w.stem) and (not strict_polarity or w.negated == word.negated) for w in words)


def _overlaps(a: frozenset[str] | set[str], b: frozenset[str] | set[str]) -> bool:
    return any(same_word(x, y) for x in a for y in b)


def _bound(seg: _Segment | _Sentence, names: set[str], numbers: set[str]) -> bool:
    if (names and _overlaps(names, seg.names)) or (numbers and _overlaps(numbers, seg.numbers)):
        return True
    return not (names and seg.names) and not (numbers and seg.numbers)


def _clause_support(clause: tuple[_Word, ...], premise: _Premise, context: _Segment,
                    names: frozenset[str]) -> float:
    """The best share of the clause's words that up to ``_WINDOW`` consecutive statements say:
    a claim may gather what a sentence says across its list items, or what two sentences about
    the same person say."""
    segs, sentences = premise.statements, premise.sentences
    anchors = {w.stem for w in clause if is_anchor(w.stem, names)}
    # the claim's names bind its words only if the premise has statements about them: "bob is
    # active" must be said of bob, but "the tankard's cellar" of whatever mentions a cellar
    subjects = frozenset().union(*(seg.names for seg in segs)) if segs else frozenset()
    clause_names = {a for a in anchors if a in names and any(same_word(a, h) for h in subjects)}
    clause_numbers = {a for a in anchors if a not in names}
    is_anchor_word = [w.stem in anchors for w in clause]
    in_context = [context.has(w, not a) for w, a in zip(clause, is_anchor_word)]
    # which words each statement says, and whether it is about the claim's subject: a word counts
    # only in a statement naming the claim's names or numbers, or at least none of someone
    # else's ("bob is active" is not backed by "Alice: active", "12 barrels of water" not by
    # "40 barrels of water, 12 casks of rum")
    says = [[seg.has(w, not a) for w, a in zip(clause, is_anchor_word)] for seg in segs]
    bound = [_bound(seg, clause_names, clause_numbers) for seg in segs]
    # a word the premise says only in sentences about someone (or some number) else is
    # misattributed, not merely unsupported ("twelve spearheads for the baron" when the baron
    # ordered one sword)
    about = {k: _bound(v, clause_names, clause_numbers) for k, v in sentences.items()}
    elsewhere = [not is_anchor_word[k] and any(says[j][k] for j in range(len(segs)))
                 and not any(says[j][k] and about[segs[j].sentence] for j in range(len(segs)))
                 for k in range(len(clause))]
    # the names of one claim must be named together somewhere ("hana is in ankara" is not
    # backed by "Hana Sato (pottery)" and "Luis is away in Ankara")
    loose_names = {w.stem for w, a, c in zip(clause, is_anchor_word, in_context) if a and not c and w.stem in names}
    n = len(clause)
    allowed = max(1, n // _UNSUPPORTED_SHARE)
    plain = [k for k in range(n) if not is_anchor_word[k]]  # besides names and numbers, at least
    # half of what the claim says of them must be found: "hale is on the bridge with park" is
    # not backed by a roster naming hale and park
    best = 0.0
    for size in range(1, _WINDOW + 1):
        for start in range(0, max(1, len(segs) - size + 1)):
            window = range(start, min(len(segs), start + size))
            if len(loose_names) > 1 and not any(
                all(any(same_word(n, h) for h in sentences[segs[j].sentence].names) for n in loose_names)
                for j in window
            ):
                continue
            matched = 0
            complete = True
            found_plain: list[bool] = []
            found_at: list[bool] = []
            for k in range(n):
                hit = in_context[k] or any(says[j][k] and (is_anchor_word[k] or bound[j]) for j in window)
                found_at.append(hit)
                matched += hit
                if not is_anchor_word[k]:
                    found_plain.append(hit)
                elif not hit:
                    complete = False
                    break
            if not complete:
                continue
            score = matched / n
            misattributed = any(elsewhere[k] and not found_at[k] for k in range(n))
            if n - matched > allowed or (plain and sum(found_plain) * 2 < len(plain)) or misattributed:
                score = min(score, _CAPPED)
            if score > best:
                best = score
                if best >= 1.0:
                    return best
    return best


@lru_cache(maxsize=8192)
def contradicts(premise: str, hypothesis: str, names: frozenset[str] = frozenset()) -> bool:
    """The hypothesis says a word the premise negates (or the other way round) in a statement
    that shares another of its words: "the payphone on fifth is safe, use it" against "don't use
    the payphone on Fifth"."""
    claim = [w for w in _words(hypothesis) if not is_anchor(w.stem, names) and w.stem not in _DROPPED]
    stems = {w.stem for w in _words(hypothesis)}
    for seg in _segments(premise, names):
        for word in claim:
            if _has(seg.words, word, True) or not _has(seg.words, _Word(word.stem, not word.negated), True):
                continue
            others = {w.stem for w in seg.words} - {word.stem}
            if _overlaps(others, stems - {word.stem}):
                return True
    return False


@lru_cache(maxsize=16384)
def _overlap_score(premise: str, hypothesis: str, context: str, names: frozenset[str]) -> float:
    """Memoised: one answer asks about the same sentence several times (its claim, the sentence,
    the repaired answer)."""
    clauses = _clauses(hypothesis, names)
    if not clauses:
        return 1.0  # nothing factual to support
    parsed = _premise(premise, names)
    ctx = _context(context)
    return min(_clause_support(c, parsed, ctx, names) for c in clauses)


@dataclass(frozen=True, slots=True)
class OverlapEntailment:
    """The shipped judge: shared words, anchors exact, statements bound to the names they are
    about, polarity kept, at most one word in four left unsupported. ``threshold`` is the share
    of a clause's informative words that must be found."""

    threshold: float = 0.6

    def score(self, premise: str, hypothesis: str, *, context: str = "", names: frozenset[str] = frozenset()) -> float:
        return _overlap_score(premise, hypothesis, context, names)

    def contradicts(self, premise: str, hypothesis: str, *, names: frozenset[str] = frozenset()) -> bool:
        """Optional part of the protocol: whether the premise says the opposite of something the
        hypothesis says (the verifier asks it of whole sentences whose facts are supported)."""
        return contradicts(premise, hypothesis, names)


OVERLAP = OverlapEntailment()
