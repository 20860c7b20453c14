"""Does a piece of evidence support a claim?

The verifier asks this through a small protocol so that a deployment can plug in a trained
natural-language-inference model; the project ships only the deterministic overlap judge below.

The overlap judge reads the evidence as segments (lines, or sentences of long lines) under one
context line (who wrote the document, its title, its date) and asks whether a single segment, or
a few neighbouring ones, hold the claim's words. Words are compared after ``bot.dialogue.words``
has put spoken times, numbers and dates in written form and mapped paraphrases to one family
(``bot.dialogue.lexicon``), so "shut till cycle 215" meets "closed until cycle 215". What keeps
plain bag-of-words overlap from accepting a swapped or embroidered fact:
- anchors (numbers, times, addresses, names) must all be present, exactly;
- a descriptive word counts only in a segment about one of the claim's names, so "bob is active"
  is not backed by "Alice: active. / Bob: on mission."; a name and a count must not be split
  between two people ("hargrove is in 512" against "Room 304: Hargrove. Room 512: Roux");
- a word counts only with the same polarity (negated in both or in neither), and a word whose
  opposite the evidence says ("open" where it says "closed") is a contradiction; an opposite
  negated is a paraphrase ("the seal stays shut" for "if nobody opens it");
- a long claim may leave out only one word in four, and at least half of what it says besides
  names and numbers must be found: "hale is on the bridge with park" is not backed by a roster;
- a part of the claim (after a comma, "and", "with", "to"...) of two or more words of substance
  none of which the evidence says is an added detail: "tobin buys lantern oil to burn down the
  mill" is not backed by "Tobin has been buying up lantern oil";
- a count stays with what it counts: "sea bass is 28 euros" is not backed by "Duck, 28 euros. /
  Sea bass, 32 euros." (two parallel records, the claim's word only in the other one);
- the opposite of a claim's word is a contradiction only in a statement about the same record
  (the same numbers and names): "Train 42 arrives" says nothing against "train 41 leaves".
Things keep it from rejecting a faithful retelling: words of tense and emphasis ("kept", "just")
count only for a claim; beside a claim already well supported, a word nothing the speaker knows
holds ("limping along", "sitting idle") weighs half: it is the speaker's wording, where a word
from another document is a misattribution; a simile ("calm as a pond") names nothing; a
document's "tomorrow" is read as the day after its date or its line's day.
A support check of a retelling (``loose``, what the verifier asks of a cited claim) also accepts
a word WordNet relates to the document's (``bot.dialogue.senses``: "customers" for "patrons"),
and in return holds a thing, a colour or a unit to the letter: a claim naming one the document
does not ("a raccoon in the loading bay", "a blue van", "a month's pay") invents it. Checks of
leaks and of what a document says (for ``[self]``) keep to the document's own words.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Protocol, runtime_checkable

from bot.dialogue.claims import EPISTEMIC, HEDGES, listed_items
from bot.dialogue.dayparts import DAYPARTS, in_daypart
from bot.dialogue.quantities import APPROXIMATE, day_spans, dotted_clocks, resolve_relative_days, weekday_of
from bot.dialogue.lexicon import COLOURS, LIGHT, UNITS
from bot.dialogue.senses import related, related_to_any, usage
from bot.guard.lexicon.wordclass import noun_codes, verb_codes
from bot.dialogue.words import (
    EVALUATIVE, LABEL, OPPOSITES, in_dictionary, join_number_words, split_at_stops, REPORTING, STOPWORDS, Vocabulary, is_anchor, is_locative, is_negation, is_numeric, normalise,
    raw_tokens,
    same_word, stem,
)

_PUNCT = re.compile(r"[.;,:!?]+(?=\s|$)|[()\[\]]")  # clause ends; not the dots of an address
_LIST = re.compile(r"[,;]")
_WINDOW = 4
_SUBJECT_SPAN = 3  # informative words at the start of an item that name whom it is about
_ORDER_START = re.compile(r"^\W*(?:do not|don't|never|please|let|make sure|keep|send|bring|burn|tell)\b")
_FIELD = re.compile(r"^\W*([a-z][a-z' -]{0,24}):\s")  # "familiar: ...", a field of the record before
_PRONOUN_START = re.compile(r"^\W*(?:he|she|they|his|her|their|him|them)\b")
_CLAUSE = re.compile(r"(?<!\d),|,(?!\d{3}\b)|;|\s(?:but|and|while|whereas)\s", re.IGNORECASE)
_UNSUPPORTED_SHARE = 4  # a clause may leave out at most one word in this many (at least one)
_CAPPED = 0.5  # the score of a clause that leaves out more
_NOVEL = 0.5  # the weight of a word nothing the speaker knows holds: its own wording
_WELL_SUPPORTED = 3  # plain words found, from which the speaker's own words weigh less


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
    row: bool = False  # a row of a keyed table ("Tue 9" under "Boats through the lock:"): a record of its own

    def has(self, word: _Word, strict_polarity: bool, loose: bool = False) -> bool:
        """Whether the statement says ``word`` (with the same polarity, if asked); ``loose``
        also accepts a word WordNet relates to it ("blokes" for "men"), for words that are not
        names or numbers."""
        found = self.polarity.get(word.stem)
        if found is not None:
            if not strict_polarity or word.negated in found:
                return True
        elif not self.vocabulary.has(word.stem):
            # (its stems are the vocabulary's: no related word among them, no pair to look at)
            if loose and related_to_any(word.stem, self.vocabulary.stems) \
                    and any((not strict_polarity or word.negated in polarities) and related(word.stem, stem_)
                             for stem_, polarities in self.polarity.items()):
                return True
            return any((not word.negated) in self.polarity[o] for o in OPPOSITES.get(word.stem, ()) if o in self.polarity)
        if any((not strict_polarity or word.negated in polarities) and same_word(word.stem, stem_)
               for stem_, polarities in self.polarity.items()):
            return True
        # "the seal stays shut" is what "nobody opens it" says: an opposite, negated
        return any((not word.negated) in self.polarity[o] for o in OPPOSITES.get(word.stem, ()) if o in self.polarity)


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[_Word, ...]:
    """Informative words of ``text`` with their polarity: a negation negates the next word of its
    own clause ("not back till friday": back is negated, friday is not)."""
    out: list[_Word] = []
    text = normalise(text)
    if "first" in text:
        text = _FIRST.sub("1st", text)  # "first pitcher opened" is what "the first (1st) pitcher" says
    for piece in _PUNCT.split(text):
        negate = False
        previous = ""
        first = len(out)
        let = 0  # after a denied "let": 2 while its object comes, then 1: the doing it lets is denied
        for tok in raw_tokens(piece):
            before, previous = previous, tok
            if is_negation(tok) or (tok in ("without", "except") and not any(w.negated for w in out[first:])):
                negate = True
                continue
            if let == 1 and tok not in STOPWORDS and len(tok) > 1 and "verb" in (usage(tok), usage(stem(tok))):
                negate = True  # "never let an apprentice see it written": it is not to be seen nor written
            elif let == 2 and tok not in STOPWORDS and len(tok) > 1:
                let = 1  # the one let ("an apprentice") is no part of the denial
                out.append(_Word(stem(tok), False))
                continue
            if negate and tok in _CAUSATIVES:
                let = 2
            if tok in ("or", "nor") and len(out) > first and out[-1].negated and before not in STOPWORDS:
                negate = True  # "no candle or lamp": the lamp is denied too
                continue
            if (tok in STOPWORDS and not is_locative(before, tok)) or (len(tok) < 2 and not tok.isdigit()):
                continue
            if _NEGATED_FORM.match(tok) and not tok.startswith(_NOT_NEGATED):
                out.append(_Word(stem(tok[2:]), not negate))  # "unlicensed" is "not licensed"
            else:
                out.append(_Word(stem(tok), negate))
            negate = False
        if negate and previous in _OBJECT_NEGATIONS and len(out) > first:
            out[-1] = _Word(out[-1].stem, not out[-1].negated)  # "told nobody": nothing was told
    return tuple(out)


_CAUSATIVES = frozenset({"let", "allow", "permit"})  # "never let him see it": he is not to see it
_FIRST = re.compile(r"\bfirst\b(?!-)")  # (not "first-year": a kind of student, not an ordinal)
_OBJECT_NEGATIONS = frozenset({"nobody", "nothing", "none", "noone"})


def negated_words(text: str) -> list[_Word]:
    """The words ``text`` negates ("the tomatoes don't complain": complain)."""
    return [w for w in _words(text) if w.negated]


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
    times: frozenset[str] = frozenset()  # its clock times: a bare "two" that matches one is a time
    vocabulary: Vocabulary = field(default_factory=lambda: Vocabulary.of(""), compare=False, hash=False)
    ordinals: frozenset[str] = frozenset()  # its days written as ordinals ("the 1st of Muharram")
    # the statements of one record: a sentence with the field lines that go on about it
    # ("Galley 'Mercan' ... 60 sacks pepper, 12 chests saffron. Consignee: Yasef Nasi's factor."),
    # which a claim may gather from however many list items it runs to
    records: tuple[range, ...] = ()


def _column(premise: _Premise, word: _Word, strict_polarity: bool, loose: bool = False) -> list[bool]:
    """Which statements of the premise say ``word``; a word the whole premise lacks (nor its
    opposite, nor, when ``loose``, a word WordNet relates to it) is looked up once, not in every
    statement. A name or a number (``strict_polarity`` off) is never matched by a related word.
    When ``loose``, a part of the day ("afternoon") is said by a clock time in it ("14:20 drifter in")."""
    if loose and word.stem in DAYPARTS and premise.times and not word.negated:
        said = _said_column(premise, word, strict_polarity, loose)
        return [s or any(in_daypart(word.stem, w.stem) for w in seg.words if w.stem in premise.times)
                for s, seg in zip(said, premise.statements)]
    return _said_column(premise, word, strict_polarity, loose)


def _said_column(premise: _Premise, word: _Word, strict_polarity: bool, loose: bool) -> list[bool]:
    loose = loose and strict_polarity and word.stem.isalpha()
    if (not premise.vocabulary.has(word.stem)
            and not any(o in premise.vocabulary.stems for o in OPPOSITES.get(word.stem, ()))
            and not (loose and related_to_any(word.stem, premise.vocabulary.stems))):
        return [False] * len(premise.statements)
    return [seg.has(word, strict_polarity, loose) for seg in premise.statements]


def _premise(premise: str, names: frozenset[str]) -> _Premise:
    """The premise as statements. Only the names that occur in it matter, so the parse is
    shared by every claim checked against it, whatever names each speech brings."""
    if "Q" in premise and "A" in premise:
        premise = answered(premise)
    return _parse_premise(premise, names & _premise_stems(premise))


_QA = re.compile(r"\bQ(?:uestion)?[.:]\s*([^?\n]{1,200})\?\s*A(?:nswer)?[.:]\s*([^.?!\n]{1,200})([.!]?)")
_NO_ANSWER = re.compile(r"^\W*(?:no|none|nobody|nothing|never|no\s+one|not\s+at\s+all|negative|neither|nay)\W*$",
                        re.IGNORECASE)
_YES_ANSWER = re.compile(r"^\W*(?:yes|aye|yeah|yep|correct|affirmative|that'?s\s+right)\W*$", re.IGNORECASE)
_ASKING = re.compile(r"^\W*(?:(?:was|were|is|are|did|do|does|had|has)\s+(?:there\s+)?)?(?:any(?:one|body|thing)?\s+)?",
                     re.IGNORECASE)


_AUXILIARY = re.compile(r"^\W*(?:was|were|is|are|did|do|does|had|has|have|could|would|will|can)\s+"
                        r"((?:the|a|an|his|her|their|its|this|that|these|those|my|our|your)\s+\w+|\w+)\s+(.+)$",
                        re.IGNORECASE)


def _denied(question: str) -> str:
    """A yes-no question answered "no", as the statement it denies: "Was the gate chained?" ->
    "the gate not chained"; "Any name on it?" -> "No name on it"."""
    asked = _AUXILIARY.match(question)
    if asked:
        return f"{asked.group(1)} not {asked.group(2)}"
    return f"No {_ASKING.sub('', question, count=1)}"


@lru_cache(maxsize=1024)
def answered(premise: str) -> str:
    """A transcript's questions and answers as the statements they make: "Q. Any name on it? A.
    None." says there was no name on it; "Q. Who found it? A. Porter Jenkins." says who found it;
    an answer of "yes" affirms the question."""
    def statement(m: re.Match[str]) -> str:
        question, answer = m.group(1).strip(), m.group(2).strip()
        if _NO_ANSWER.match(answer):
            return f"{_denied(question)}."
        if _YES_ANSWER.match(answer):
            return f"{_ASKING.sub('', question, count=1)}."
        return f"{question}: {answer}."
    return _QA.sub(statement, premise)


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
    lines = normalise(premise).splitlines()
    entry = _dateline(lines)  # the day a timestamped log's title gives: the day of its entries
    thing: tuple[_Word, ...] = ()  # what the sentence before was about, for an "it" that follows
    # (first statement, end, whether field lines go on about it) of each record so far
    records: list[tuple[int, int, bool]] = []
    for line in lines:
        subject: frozenset[str] = frozenset()
        for sentence in _sentences(line.strip(), names):
            items, keyed = _headed(sentence, names)
            if not items:
                continue
            if thing and _IT.search(sentence):  # "Past the third pole it is thin": the ice is
                items = [words + tuple(w for w in thing if all(w.stem != x.stem for x in words)) for words in items]
            thing = _thing(items[0], names)
            heading = _ENTRY_DATE.match(sentence)
            if heading:  # "4 Nov: Fog from 02:00. Horn sounded 6 hrs.": the day of the entry it opens
                entry = _words(heading.group(1))
            number += 1
            # a date or a time says when, not how many: it binds no words to itself (but in rows
            # keyed by a day, "Tue 9" is nine of what the heading counts, not the ninth)
            anchors = [{w.stem for k, w in enumerate(words) if is_anchor(w.stem, names)
                        and (not _when(words, k, names)
                             or (j >= keyed and k > 0 and w.stem.isdigit() and words[k - 1].stem in _WEEKDAYS))}
                       for j, words in enumerate(items)]
            if entry:  # each item is of the entry's day, read apart from its counts ("hive 12" stays a count)
                dated = {w.stem for k, w in enumerate(entry) if is_anchor(w.stem, names) and not _when(entry, k, names)}
                items = [words + tuple(w for w in entry if all(w.stem != x.stem for x in words)) for words in items]
                anchors = [found | dated for found in anchors]
            # an item is about the names it opens with ("Alice: active", "Luis is away in
            # Ankara"); names further on are objects and places ("...a bookmaker in Soho")
            own = [frozenset(w.stem for w in words[:_SUBJECT_SPAN] if w.stem in names) for words in items]
            every = frozenset(a for found in anchors for a in found if a in names)
            # a sentence naming no one is about whom the sentence before it named ("Alice:
            # active. runs recruiting."); inside a sentence that names someone, an item naming no
            # one is about no one in particular ("Barnaby, burn the ledger")
            named = frozenset().union(*own)
            # an order ("Do not log it") is about no one the sentence before named
            inherited = frozenset() if every or _ORDER_START.match(sentence) else subject
            carried = subject if _PRONOUN_START.match(sentence) else frozenset()  # "He meets the envoy"
            field_ = _FIELD.match(sentence)
            label = _words(field_.group(1)) if field_ else ()
            first_seg, extends = len(segs), False
            if field_ and not any(w.stem in names for w in label):
                if records and subject and not any(is_numeric(w.stem) for w in label):
                    # "Student Wren Ashby... Familiar: a grey toad": a field of her record, and the
                    # one its value names belongs to it too ("Consignee: Yasef Nasi's factor")
                    carried = subject
                    first_seg, extends = records.pop()[0], True
                elif not named:
                    carried = subject
            sentences[number] = _Sentence(every | inherited | carried, frozenset().union(*anchors) - every)
            if named:
                subject = named
            for j, (words, found, mine) in enumerate(zip(items, anchors, own)):
                segs.append(_statement(words, mine or inherited, frozenset(a for a in found if a not in names), number,
                                       row=j >= keyed))
            records.append((first_seg, len(segs), extends))
    times = frozenset(w.stem for seg in segs for w in seg.words
                      if is_numeric(w.stem) and (":" in w.stem or w.stem.removesuffix(APPROXIMATE).endswith(("am", "pm"))))
    ordinals = frozenset(w.stem for seg in segs for w in seg.words if _DATE_SUFFIX.match(w.stem))
    return _Premise(tuple(segs), sentences, times, Vocabulary.of_stems(w.stem for seg in segs for w in seg.words),
                    ordinals, tuple(range(a, b) for a, b, extended in records if extended and b - a > _WINDOW))


# an initial or an abbreviated given name ("Midshipman E. Lacey", "seamen Jas. Quill"): the name goes on
_INITIAL_END = re.compile(r"(?:^|\s)(?:[a-z]|jas|tho|thos|wm|chas|geo|jno|robt|edw|benj|saml|danl|jos|richd)\.$")
_FIRST_WORD = re.compile(r"^\W*([a-z][\w'-]*)")
_SINGLE_INITIAL = re.compile(r"(?:^|\s)[a-z]\.$")


def _sentences(line: str, names: frozenset[str]) -> list[str]:
    """The sentences of a (lower-cased) line, not cut after an initial that a name follows."""
    pieces = split_at_stops(line)
    if len(pieces) < 2:
        return pieces
    out = [pieces[0]]
    for piece in pieces[1:]:
        first = _FIRST_WORD.match(piece)
        # ("wages to h. pruett for the quarter": a surname, known or not, after the initial; a
        # sentence after "bay c." opens with a word sentences open with)
        if _INITIAL_END.search(out[-1]) and first and (stem(first.group(1)) in names or (
                _SINGLE_INITIAL.search(out[-1]) and first.group(1) not in _OPENS_A_SENTENCE
                and not in_dictionary(first.group(1)))):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out


_MONTH_WORD = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_DATE_TEXT = rf"(?:\d{{1,2}}\s+{_MONTH_WORD}(?:\s+\d{{4}})?|{_MONTH_WORD}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?)"
# a date that opens an entry of a record and heads it ("4 november: fog from 2am")
_ENTRY_DATE = re.compile(rf"^\W*({_DATE_TEXT})\s*:")
# "...night log, february 3 1952.", "harbour log, monday 11 june." (the weekday is the entries' too)
_ENDING_DATE = re.compile(rf"[\s,]((?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?{_DATE_TEXT})\W*$")
_STAMPED = re.compile(r"^\W*\d{1,2}(?::\d\d)?(?:am|pm)\b")  # an entry opening with its time: "9:14pm line 22..."


def _dateline(lines: list[str]) -> tuple[_Word, ...]:
    """The date a log's title ends with, when the entries below open with their times
    ("Hollywood Division blotter, Oct 14 1947. 02:10 - body recovered"): the day of every entry
    until one of them names another."""
    sentences = [s for line in lines for s in split_at_stops(line.strip()) if s.strip()]
    if len(sentences) < 2 or not _STAMPED.match(sentences[1]):
        return ()
    title = _ENDING_DATE.search(" " + sentences[0])
    return _words(title.group(1)) if title else ()


_WEEKDAYS = frozenset(stem(d) for d in "monday tuesday wednesday thursday friday saturday sunday".split())
_ROW_WORDS = 3  # the words of a table's row: a key and a figure or two
_HEADING = re.compile(r"^([^:;]{2,60}?):\s+(?=\S)")


def _headed(sentence: str, names: frozenset[str]) -> tuple[list[tuple[_Word, ...]], int]:
    """The list items of a sentence; under a heading, when each item is a row keyed by a day, a
    name or a number ("Champagne bottles sold: Fri 42, Sat 77"), each carries the heading's words, which say what every item counts (not
    its names or numbers, which stay with the item that has them); and where the keyed rows
    begin: in them, a number after its day is the row's count."""
    items = [w for w in (_words(i) for i in _LIST.split(sentence)) if w]
    head = _HEADING.match(sentence)
    if head is None or len(items) < 2:
        return items, len(items)
    shared = tuple(w for w in _words(head.group(1)) if not is_anchor(w.stem, names) and not w.negated)
    body = [w for w in (_words(i) for i in _LIST.split(sentence[head.end():])) if w]
    if not shared or len(body) < 2 or not all(is_anchor(words[0].stem, names) and _row_length(words) <= _ROW_WORDS
                                              for words in body):
        return items, len(items)  # (only short rows keyed by a day, a name or a number: "Fri 42, Sat 77")
    first = len(items) - len(body)  # the items of the heading itself stay as they are
    own = [w for w in (_words(i) for i in _LIST.split(head.group(1))) if w]
    if len(own) > 1:
        # a heading of its own parts stands apart from the rows: in "RSVP tally, 8 Dec: 412
        # confirmed, 37 declined" the day dates every row, and is no figure of the first one
        return own + [words + tuple(w for w in shared if w.stem not in {x.stem for x in words}) for words in body], \
            len(own)
    out = items[:first + 1]
    for words in items[first + 1:]:
        have = {w.stem for w in words}
        out.append(words + tuple(w for w in shared if w.stem not in have))
    return out, first


def _row_length(words: tuple[_Word, ...]) -> int:
    """The words of a row, a run of days keying it counted once ("Monday-Friday 9 to 3" is read
    with the days it spans, and is still a day and two figures)."""
    k = 1
    while k < len(words) and words[0].stem in _WEEKDAYS and words[k].stem in _WEEKDAYS:
        k += 1
    return len(words) - k + 1


_MONTHS = frozenset(stem(m) for m in """january february march april may june july august september
    october november december monday tuesday wednesday thursday friday saturday sunday""".split())
_MONTH_STEMS = frozenset(stem(m) for m in """january february march april may june july august september
    october november december""".split())
_DATE_SUFFIX = re.compile(r"^\d+(?:st|nd|rd|th)$")
_SPANS = frozenset(stem(w) for w in "day days week weeks month months year years hour night nights morning evening moon".split())


def _when(words: tuple[_Word, ...], k: int, names: frozenset[str] = frozenset()) -> bool:
    """Whether the number at ``k`` is a time or a date (3pm, 9:40, 13th, 9 March), not a count.
    An ordinal before a thing ("the third marker pole", "the second volume") counts: it says
    which one, and binds what is said of it as a count does."""
    token = words[k].stem
    if not is_numeric(token):
        return False
    if _DATE_SUFFIX.match(token) and k + 1 < len(words) and words[k + 1].stem.isalpha() \
            and words[k + 1].stem not in _MONTHS and words[k + 1].stem not in names \
            and words[k + 1].stem not in _SPANS:
        return False
    if ":" in token or token.removesuffix(APPROXIMATE).endswith(("am", "pm")) or _DATE_SUFFIX.match(token) or "/" in token:
        return True
    return any(0 <= j < len(words) and words[j].stem in _MONTHS for j in (k - 1, k + 1))


def _segments(premise: str, names: frozenset[str]) -> tuple[_Segment, ...]:
    return _premise(premise, names).statements


_IT = re.compile(r"\b(?:it|its|it's)\b")


def _thing(words: tuple[_Word, ...], names: frozenset[str]) -> tuple[_Word, ...]:
    """The thing a statement opens with, which an "it" of the next one stands for: its first word
    of substance, neither a name nor a number ("The ice on Lake Mjorn is thick" -> ice)."""
    for w in words[:_SUBJECT_SPAN]:
        if w.stem.isalpha() and not is_anchor(w.stem, names) and w.stem not in STOPWORDS:
            return (_Word(w.stem, False),)
    return ()


def _statement(words: tuple[_Word, ...], names: frozenset[str], numbers: frozenset[str], sentence: int = 0,
               row: bool = False) -> _Segment:
    found: dict[str, set[bool]] = {}
    for w in words:
        found.setdefault(w.stem, set()).add(w.negated)
    polarity = {k: frozenset(v) for k, v in found.items()}
    return _Segment(words, names, numbers, sentence, polarity, Vocabulary.of_stems(polarity), row)


@lru_cache(maxsize=1024)
def _context(context: str) -> _Segment:
    """The line that applies to a whole premise (kind, title, author, date), as a statement."""
    return _statement(_words(context) if context else (), frozenset(), frozenset())


_CONCRETE = frozenset("ADGUOCFSVTP")  # WordNet classes of things one can see or hold, and people (not places)
_CLOSED_SETS = frozenset(stem(w) for w in COLOURS | UNITS)


@lru_cache(maxsize=16384)
def _exact(word_stem: str) -> bool:
    """A word a retelling cannot swap for another: a colour, a unit, or a thing (an animal, a
    food, a made object: "raccoon", "rum", "van"), by the commonest senses WordNet gives it. A
    claim that names a thing its evidence does not is inventing it ("a raccoon in the loading
    bay" for a false alarm)."""
    if word_stem in _CLOSED_SETS:
        return True
    if not word_stem.isalpha() or len(word_stem) < 3:
        return False
    use = usage(word_stem)
    if use == "verb" or (not use and (verb_codes(word_stem) or verb_codes(word_stem + "e"))):
        return False  # mostly a verb ("keep", "rode", "seal"): a verb of a retelling may be the speaker's own
    codes = noun_codes(word_stem)
    concrete = [c in _CONCRETE for c in codes]
    return bool(concrete) and (concrete[0] or sum(concrete) >= 2)


_ROLE = re.compile(r"\b(?:the|a|an|our|their|his|her|your|my)\s+([a-z]{3,})\b(?!\s+(?:of|to)\b)")


@lru_cache(maxsize=4096)
def _roles(hypothesis: str) -> frozenset[str]:
    """The words a claim uses as a person's role after a determiner ("the cook keeps the key"),
    though mostly verbs: who does a thing is held to the letter, like a thing named ("the station
    leader holds the key" is not the cook's)."""
    out = set()
    for word in _ROLE.findall(hypothesis.lower()):
        codes = noun_codes(word)
        if codes[:1] == "P" and not _exact(stem(word)):
            out.add(stem(word))
    return frozenset(out)


_DROPPED = EVALUATIVE | HEDGES | EPISTEMIC | REPORTING | {"need", "want"}
_DROPPED = _DROPPED | frozenset(stem(w) for w in _DROPPED)  # compared as stems: "fine" is "fin"
_LIGHT_STEMS = frozenset(stem(w) for w in LIGHT)
_NEGATED_FORM = re.compile(r"^un[a-z]{4,}$")  # "unpaid", "unlicensed"
_NOT_NEGATED = ("under", "uni", "until", "unless", "uncle", "unto", "unanim", "unearth", "unleash", "unravel")


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
    # a claim's count is kept from a statement only by another count, not by a day ("unpaid
    # since April" is about the amount before it)
    counts = seg.numbers if not numbers or not all(is_numeric(x) for x in numbers) else \
        frozenset(x for x in seg.numbers if is_numeric(x))
    return not (names and seg.names) and not (numbers and counts)


def _clause_support(clause: tuple[_Word, ...], premise: _Premise, context: _Segment,
                    names: frozenset[str], known: frozenset[str] | None = None, loose: bool = False,
                    setting: frozenset[str] = frozenset(), persons: frozenset[str] = frozenset()) -> float:
    """The best share of the clause's words that up to ``_WINDOW`` consecutive statements say:
    a claim may gather what a sentence says across its list items, or what two sentences about
    the same person say."""
    segs, sentences = premise.statements, premise.sentences
    anchors = {w.stem for w in clause if is_anchor(w.stem, names)}
    # the claim's names bind its words only if the premise has statements about them: "bob is
    # active" must be said of bob, but "the tankard's cellar" of whatever mentions a cellar
    subjects = frozenset().union(*(seg.names for seg in segs)) if segs else frozenset()
    clause_names = {a for a in anchors if a in names and any(same_word(a, h) for h in subjects)}
    times = premise.times
    # (a month says when, not how many: "expected on 2 September" is not kept by it from "relief
    # ship delayed", the item before "revised ETA 2 Sept." in a log of 11 Aug)
    # (nor is a day the premise writes as an ordinal: "on 1 Muharram" is its "the 1st of Muharram",
    # a date in whatever calendar, not a count of anything)
    ordinals = premise.ordinals
    clause_numbers = {w.stem for k, w in enumerate(clause) if w.stem in anchors and w.stem not in names
                      and w.stem not in _MONTH_STEMS
                      and not _when(clause, k, names) and not any(same_word(w.stem, t) for t in times)
                      and not (ordinals and w.stem.isdigit() and any(same_word(w.stem, o) for o in ordinals))}
    is_anchor_word = [w.stem in anchors for w in clause]
    in_context = [context.has(w, not a, loose and not a and w.stem.isalpha()) for w, a in zip(clause, is_anchor_word)]
    if loose and setting:  # the place or thing the speaker's world is about ("the tea house") goes unsaid
        in_context = [c or (not a and not w.negated and _exact(w.stem) and _in_setting(w.stem, setting))
                      for w, a, c in zip(clause, is_anchor_word, in_context)]
    # which words each statement says, and whether it is about the claim's subject: a word counts
    # only in a statement naming the claim's names or numbers, or at least none of someone
    # else's ("bob is active" is not backed by "Alice: active", "12 barrels of water" not by
    # "40 barrels of water, 12 casks of rum")
    columns = [_column(premise, w, not a) for w, a in zip(clause, is_anchor_word)]
    # a statement about someone says their name, though only the sentence before it writes it: in
    # "Bed 12, Mr. Walter Ames, 68. ... Temp 101.4 at 8 pm." the temperature is Ames's
    columns = [[c or any(same_word(w.stem, h) for h in seg.names) for c, seg in zip(column, segs)]
               if w.stem in clause_names else column for w, column in zip(clause, columns)]
    strict = [[column[j] for column in columns] for j in range(len(segs))]
    if loose:  # a word no statement says may be said in other words ("blokes" for "men")
        columns = [_column(premise, w, True, True) if not a and not any(c) else c
                   for w, a, c in zip(clause, is_anchor_word, columns)]
    says = [[column[j] for column in columns] for j in range(len(segs))]
    n = len(clause)
    if any(is_anchor_word[k] and not in_context[k] and not any(row[k] for row in says) for k in range(n)):
        return 0.0  # a name or number the premise never says: no window can hold it
    bound = [_bound(seg, clause_names, clause_numbers) for seg in segs]
    # a word the premise says only in sentences about someone (or some number) else is
    # misattributed, not merely unsupported ("twelve spearheads for the baron" when the baron
    # ordered one sword)
    about = {k: _bound(v, clause_names, clause_numbers) for k, v in sentences.items()}
    elsewhere = [not is_anchor_word[k] and any(strict[j][k] for j in range(len(segs)))
                 and not any(strict[j][k] and about[segs[j].sentence] for j in range(len(segs)))
                 for k in range(len(clause))]
    # the names of one claim must be named together somewhere ("hana is in ankara" is not
    # backed by "Hana Sato (pottery)" and "Luis is away in Ankara")
    loose_names = {w.stem for w, a, c in zip(clause, is_anchor_word, in_context) if a and not c and w.stem in names}
    counts = {a for a in clause_numbers if not context.has(_Word(a, False), False)}
    # where each word may count: a statement that says it and is about the claim's subject
    usable = [[says[j][k] and (is_anchor_word[k] or bound[j]) for k in range(n)] for j in range(len(segs))]
    seg_names = [sentences[seg.sentence].names for seg in segs]
    together = [all(any(same_word(m, h) for h in seg_names[j]) for m in loose_names) for j in range(len(segs))]
    # for each count, the statements that say it, and whether each is about someone else
    conflicts = {c: [(not any(same_word(c, h) for h in sentences[segs[j].sentence].numbers)
                      or bool(seg_names[j] and not any(same_word(m, h) for m in loose_names for h in seg_names[j])))
                     if any(same_word(c, w.stem) for w in segs[j].words) else None
                     for j in range(len(segs))] for c in counts} if loose_names else {}
    # a light word ("kept", "just") counts for a claim when the premise says it, never against
    light = [not is_anchor_word[k] and clause[k].stem in _LIGHT_STEMS for k in range(n)]
    if loose and any(is_anchor_word):
        # a record without a verb ("Saturdays - the Canary Cats, 9 pm to 3 am") states the event its
        # document lists; the one verb a retelling gives it ("play", "docks", "won") is the speaker's,
        # where that record alone says all the rest of the claim
        verbs = [k for k in range(n) if not light[k] and _record_verb(clause[k], is_anchor_word, usable, segs, k)]
        if len(verbs) == 1 and any(_says_the_rest(segs, usable, [m for m in range(n) if m != verbs[0]
                                                                  and not in_context[m] and not light[m]], sentence)
                                   for sentence in {seg.sentence for seg in segs}):
            light[verbs[0]] = True  # (one verb, beside a record that says all the rest itself)
    # a part of the day held to a clock time of the premise must be said where the rest is: "up from
    # skien on friday evening" is not backed by the 21:10 entry after the 07:50 one
    timed = [loose and bool(times) and clause[k].stem in DAYPARTS and not clause[k].negated and not in_context[k]
             for k in range(n)]
    # so must a clock time of an entry the claim names by its number: "No. 4 leaves at 4pm" is not
    # backed by No. 4's 08:00 beside No. 9's 16:00
    labels = [k for k in range(n) if is_anchor_word[k] and not in_context[k] and _LABELLED.match(clause[k].stem)]
    if labels:
        timed = [t or (is_anchor_word[k] and not in_context[k] and _clock(clause[k].stem)) for k, t in enumerate(timed)]
    # ... and in the record of the claim's names and counts: "the victoria went through on friday
    # morning" is not backed by her 15:35 entry beside another's 07:50. A day or a month names no
    # record (a log's date is every entry's); with no name or count, the record is the one saying
    # what the claim says happened ("the pierhead light went out in the afternoon" is not backed
    # by its 22:30 entry after the 14:20 one)
    keys = [k for k in range(n) if is_anchor_word[k] and not in_context[k] and clause[k].stem not in _CALENDAR
            and (clause[k].stem in clause_numbers or clause[k].stem in names)] if any(timed) else []
    if any(timed) and labels:
        keys = labels  # the entry's number says which it is; a station may be every entry's
    elif any(timed) and not keys:
        keys = [k for k in range(n) if not is_anchor_word[k] and not light[k] and not timed[k] and not in_context[k]]
    # a thing, a colour or a unit the premise never says (nor a word for it): invented, not reworded
    # (asked of a retelling, ``loose``: a test of leaks or of what a document says keeps to words)
    # (and a part of the day where the premise keeps clock times: "monday morning" for 14:20)
    if loose and any(not is_anchor_word[k] and not light[k] and not in_context[k]
                     and (_exact(clause[k].stem) or clause[k].stem in persons
                          or (clause[k].stem in DAYPARTS and bool(times) and not clause[k].negated)
                          or _swapped(clause, k, segs, names))
                     and not any(row[k] for row in says) for k in range(n)):
        return 0.0
    weight = [_NOVEL if known is not None and not is_anchor_word[k] and clause[k].stem not in known else 1.0
              for k in range(n)]
    # besides names and numbers, at least half of what the claim says of them must be found:
    # "hale is on the bridge with park" is not backed by a roster naming hale and park
    # the claim's counts, where the premise holds them: a count must stay with what it counts
    record_numbers = [k for k in range(n) if clause[k].stem in clause_numbers and not in_context[k]]
    # the claim's own numbers that rows of a keyed table hold: they must all come from one row
    anchored_rows = [k for k in range(n) if is_anchor_word[k] and not in_context[k]
                     and any(seg.row and clause[k].stem in seg.numbers for seg in segs)]
    # a day and its month are one date, said in one statement: "on 9 April" is not the "9 June" of
    # a record's title beside its "none since April"
    dates = [(k, k + 1) for k in range(n - 1) if is_anchor_word[k] and is_anchor_word[k + 1]
             and not (in_context[k] and in_context[k + 1])
             and ((clause[k].stem.isdigit() and clause[k + 1].stem in _MONTH_STEMS)
                  or (clause[k].stem in _MONTH_STEMS and clause[k + 1].stem.isdigit()))]
    best = 0.0
    windows = [range(start, min(len(segs), start + size)) for size in range(1, _WINDOW + 1)
               for start in range(0, max(1, len(segs) - size + 1))]
    for window in [*windows, *premise.records]:
            if len(loose_names) > 1 and not any(together[j] for j in window):
                continue
            # and a count said of someone else: "hargrove is in 512" is not backed by "Room 304:
            # Hargrove. Room 512: Roux"
            if any(all(flags[j] for j in window if flags[j] is not None) for flags in conflicts.values()):
                continue
            found_at = [in_context[k] or any(usable[j][k] for j in window) for k in range(n)]
            if keys and any(timed):
                records = {segs[j].sentence for j in window if any(usable[j][k] for k in keys)}
                found_at = [f and (not timed[k] or any(usable[j][k] and segs[j].sentence in records for j in window))
                            for k, f in enumerate(found_at)]
            # the speaker's own wording weighs less only beside a statement well supported already:
            # in "the baker's daughter ran off with a sailor" the new words are the whole claim
            discount = (sum(found_at[k] and not light[k] for k in range(n)) >= _WELL_SUPPORTED
                        and any(found_at[k] and not is_anchor_word[k] and not light[k] for k in range(n)))
            matched = counted = plain_found = plain_all = 0.0
            complete = True
            for k in range(n):
                hit = found_at[k]
                if light[k] and not hit:
                    continue
                w = weight[k] if discount else 1.0
                counted += w
                matched += w * hit
                if timed[k] and not hit:
                    complete = False
                    break
                if not is_anchor_word[k]:
                    plain_all += w
                    plain_found += w * hit
                elif not hit:
                    complete = False
                    break
            if not complete or any(not any(usable[j][a] and usable[j][b] for j in window) for a, b in dates):
                continue
            if record_numbers and _crossed_records(window, record_numbers, usable, says, segs, sentences, is_anchor_word, light):
                continue
            if _crossed_rows(window, clause, anchored_rows, segs):
                continue
            score = matched / counted if counted else 1.0
            misattributed = any(elsewhere[k] and not found_at[k] for k in range(n))
            # a long, well supported claim may reword a little more: one word in four, rounded
            allowed = max(1, round(counted / _UNSUPPORTED_SHARE) if discount else int(counted // _UNSUPPORTED_SHARE))
            if counted - matched > allowed or plain_found * 2 < plain_all or misattributed:
                score = min(score, _CAPPED)
            if score > best:
                best = score
                if best >= 1.0:
                    return best
    return best


def _swapped(clause: tuple[_Word, ...], k: int, segs: tuple[_Segment, ...], names: frozenset[str]) -> bool:
    """The claim's word after a word the premise says stands where the premise has another
    thing after that word: "a gold ring" for "a gold wristwatch", "the sea door" for "the sea
    gate". The shared word is the thing's description; the word after it names the thing, and
    a retelling that keeps the one and changes the other has swapped the thing (asked only of a
    word no statement says, nor a word for it)."""
    if k == 0 or not clause[k].stem.isalpha() or not clause[k - 1].stem.isalpha() or clause[k - 1].stem in names \
            or not any(c in _CONCRETE for c in noun_codes(clause[k].stem)):
        return False  # (a name before it is whose thing it is, not what kind; a word that names no thing swaps none)
    before = clause[k - 1].stem
    for seg in segs:
        words = seg.words
        for j in range(len(words) - 1):
            if not same_word(words[j].stem, before):
                continue
            thing = words[j + 1].stem
            if _exact(thing) and thing not in _CLOSED_SETS and not any(same_word(thing, w.stem) for w in clause):
                return True
    return False


def _record_verb(word: _Word, is_anchor_word: list[bool], usable: list[list[bool]], segs: tuple[_Segment, ...],
                 k: int) -> bool:
    """A verb of the claim no statement says, where every statement holding the claim's names and
    numbers is a record with no verb of its own: the verb only says what the record is an entry
    of. Never a denied verb, nor one with an opposite ("lost" for a winner's row says the other)."""
    if is_anchor_word[k] or word.negated or usage(word.stem) != "verb" or word.stem in OPPOSITES \
            or any(row[k] for row in usable):
        return False
    holding = [j for j in range(len(segs)) if any(usable[j][a] for a in range(len(is_anchor_word)) if is_anchor_word[a])]
    return bool(holding) and all(_verbless(segs[j]) for j in holding)


def _says_the_rest(segs: tuple[_Segment, ...], usable: list[list[bool]], rest: list[int], sentence: int) -> bool:
    """Whether one record (a sentence of the premise) says every one of ``rest``, each in an item
    of it with no verb ("Saturdays - the Canary Cats, 9 pm to 3 am" under "Band schedule:")."""
    mine = [j for j, seg in enumerate(segs) if seg.sentence == sentence and _verbless(seg)]
    return bool(mine) and all(any(usable[j][m] for j in mine) for m in rest)


def _verbless(seg: _Segment) -> bool:
    return not any(w.stem.isalpha() and usage(w.stem) == "verb" for w in seg.words)


def _clock(token: str) -> bool:
    """Whether a token is a clock time as written ("16:00", "4pm", "about 4pm")."""
    return is_numeric(token) and (":" in token or token.removesuffix(APPROXIMATE).endswith(("am", "pm")))


def _crossed_rows(window: range, clause: tuple[_Word, ...], anchored: list[int], segs: tuple[_Segment, ...]) -> bool:
    """Two of the claim's numbers (a day, a count) each from another row of a keyed table: "22
    boats on Tuesday" from "Boats: Mon 14, Tue 9, Wed 22"."""
    if len(anchored) < 2:
        return False
    rows = [j for j in window if segs[j].row]
    return not any(all(clause[k].stem in segs[j].numbers for k in anchored) for j in rows)


def _in_setting(word_stem: str, setting: frozenset[str]) -> bool:
    return word_stem in setting or any(same_word(word_stem, s) for s in setting)


def _crossed_records(window: range, numbers: list[int], usable: list[list[bool]], says: list[list[bool]],
                     segs: tuple[_Segment, ...],
                     sentences: dict[int, _Sentence], is_anchor_word: list[bool], light: list[bool]) -> bool:
    """The window joins a count from one record with what another record counts: "sea bass is
    28 euros" from "Duck confit, 28 euros. / Sea bass with fennel, 32 euros." Two sentences are
    parallel records when both have counts of their own and share a word of the claim (euros);
    a claim word said only in the record whose count is not the claim's is misbound."""
    n = len(usable[0]) if usable else 0
    plain = [k for k in range(n) if not is_anchor_word[k] and not light[k]]
    placed = [k for k in range(n) if not light[k] and k not in numbers]  # plain words and names
    for k_number in numbers:
        homes = {segs[j].sentence for j in window if usable[j][k_number]}
        if not homes:
            continue
        for k in placed:
            where = {segs[j].sentence for j in window if usable[j][k]}
            if not where or where & homes:
                continue
            for other in where:
                if not any(x not in _CALENDAR for x in sentences[other].numbers):
                    # a heading or a remark, not a record with its own count: a month or a weekday
                    # ("departing 24 July") says when, and counts nothing
                    continue
                shared = any(m != k and any(says[j][m] and segs[j].sentence == other for j in range(len(segs)))
                             and any(says[i][m] and segs[i].sentence in homes for i in range(len(segs)))
                             for m in plain)
                # or the word the count counts ("40 doses") is another record's: "Antibiotics: 14
                # doses left. / ...the shuttle on day 40."
                if shared or (k == k_number + 1 and k in plain):
                    return True
    return False


def _other_record(claim: set[str], statement: set[str]) -> bool:
    return bool(claim and statement) and not any(same_word(a, b) for a in claim for b in statement)


@lru_cache(maxsize=8192)
def contradicts(premise: str, hypothesis: str, names: frozenset[str] = frozenset()) -> bool:
    """The hypothesis says a word the premise negates (or the other way round) in a statement
    that shares another of its words: "the payphone on fifth is safe, use it" against "don't use
    the payphone on Fifth"."""
    claim = [w for w in _words(hypothesis) if not is_anchor(w.stem, names) and w.stem not in _DROPPED]
    stems = {w.stem for w in _words(hypothesis)}
    if any(o in stems for w in claim for o in OPPOSITES.get(w.stem, ())):
        # a claim telling both of a pair ("leaves us at 7:10, reaching the bridge at 11:45") is
        # read part by part: each end of the journey against the statements of that end
        parts = [p for p in _PART.split(hypothesis) if p and p.strip()]
        if len(parts) > 1:
            return any(contradicts(premise, part, names) for part in parts)
    parsed = _premise(premise, names)
    # a list item is read with the rest of its sentence: "Dr. Pryor: $35, paid." says who paid
    whole: dict[int, list[_Word]] = {}
    for seg in parsed.statements:
        whole.setdefault(seg.sentence, []).extend(seg.words)
    merged = [_statement(tuple(ws), frozenset(), frozenset()) for ws in whole.values() if len(ws) > 0]
    claim_numbers = {s for s in stems if is_numeric(s)}
    claim_names = {s for s in stems if s in names}
    items = len(parsed.statements)
    # every entry of a record shares its title's words ("Ticket #88: ... Status: open." is the
    # ticket's status), though not its date
    titled = {stem(t) for t in _record_title(premise) if not t.isdigit()} - _CALENDAR
    # the statements of each sentence that give one of the claim's figures ("paid $2.00" of a
    # claim about paying two dollars)
    figured: dict[int, list[tuple[_Word, ...]]] = {}
    for other in parsed.statements:
        if any(is_numeric(w.stem) and w.stem in stems for w in other.words):
            figured.setdefault(other.sentence, []).append(other.words)
    for index, seg in enumerate([*parsed.statements, *merged]):
        # across the items of a sentence, only a shared name ties a flipped word to the claim
        shared_names_only = index >= items
        # a statement about another record ("Train 42 arrives" for a claim about train 41) says
        # nothing against the claim
        if _other_record(claim_numbers, {w.stem for w in seg.words if is_numeric(w.stem)}) \
                or _other_record(claim_names, {w.stem for w in seg.words if w.stem in names}):
            continue
        for word in claim:
            if _has(seg.words, word, True):
                continue
            if index < items and word.stem in OPPOSITES \
                    and any(_has(words, word, True) for words in figured.get(seg.sentence, ())):
                continue  # "owes $7.15, paid $2.00": the record says both, and the payment's figure is the claim's
            flipped = _has(seg.words, _Word(word.stem, not word.negated), True)
            opposite = next((w for w in seg.words if w.negated == word.negated and w.stem in OPPOSITES.get(word.stem, ())), None)
            if not flipped and opposite is None:
                continue
            said = word.stem if flipped else opposite.stem
            others = ({w.stem for w in seg.words} | titled) - {word.stem, said}
            if shared_names_only:
                others &= names
            rest = stems - {word.stem}
            if any(o in rest if is_numeric(o) else any(same_word(o, r) for r in rest if not is_numeric(r))
                   for o in others):
                return True
    return False


@lru_cache(maxsize=16384)
def _overlap_score(premise: str, hypothesis: str, context: str, names: frozenset[str],
                   known: frozenset[str] | None = None, loose: bool = False,
                   setting: frozenset[str] = frozenset()) -> float:
    """Memoised: one answer asks about the same sentence several times (its claim, the sentence,
    the repaired answer)."""
    if " as " in hypothesis or "like " in hypothesis:
        hypothesis = _SIMILE.sub(" ", hypothesis)  # "calm as a pond": no pond
    hypothesis = join_number_words(hypothesis)
    if "." in hypothesis:  # "at 7.15, 11.50 and 4.05": read as clocks before the claim is cut at its commas
        hypothesis = dotted_clocks(hypothesis)
    if _RELATIVE.search(hypothesis):
        hypothesis = dated(hypothesis, premise)
    signed = _signature(premise, names)
    if signed:  # the signer is the document's "I": named in all of it, the subject of none of it
        context = f"{context} {signed}".strip()
        premise = premise.strip()[: -len(signed)].rstrip()
        names = names - {w.stem for w in _words(signed)}
    sender = _SENDER.match(premise) or _MAIL_HEADER.match(premise)
    if sender:  # so is the sender a message opens with ("From Helix Freight compliance: ... Keep this quiet")
        context = f"{context} {sender.group(1)}".strip()
        premise = premise[sender.end():]
        names = names - {w.stem for w in _words(sender.group(1))}
    if "the " in premise:
        premise = _titles_named(premise)
    heading = _table_heading(premise) or _shouted_title(premise)
    if heading:  # "HIGH WATER ... / Wed 13: 07:10 and 19:35": what every row below it is
        context = f"{context} {heading}".strip()
    else:
        title = " ".join(t for t in _record_title(premise) if stem(t) not in names)
        if title:  # "July duty rota. ... 0000 Holt.": every entry below is July's, and the rota's
            context = f"{context} {title}".strip()
    clauses = _clauses(hypothesis, names)
    if not clauses:
        return 1.0  # nothing factual to support
    if names and _reversed(premise, hypothesis, names):
        return 0.0
    parsed = _premise(resolve_relative_days(day_spans(premise), weekday_of(context) if context else None), names)
    ctx = _context(context)
    persons = _roles(hypothesis) if loose else frozenset()
    score = min(_clause_support(c, parsed, ctx, names, known, loose, setting, persons) for c in clauses)
    parts = _parts(hypothesis, names)
    if score < 1.0 and len(parts) > len(clauses):
        # "a bronze mirror on the 9th, and an ostracon listing grain rations": two entries of a
        # register, each said where it stands, the later parts still about the first one's names
        score = max(score, min(_clause_support(p, parsed, ctx, names, known, loose, setting, persons) for p in parts))
    if score >= _CAPPED and _invented_part(hypothesis, parsed, ctx, names, loose):
        score = min(score, _CAPPED)
    if score >= _CAPPED and "," in hypothesis and _added_member(hypothesis, parsed, ctx):
        score = min(score, _CAPPED)
    return score


def _added_member(hypothesis: str, premise: _Premise, context: _Segment) -> bool:
    """A list the document gives, retold with a member it does not: "flour, bacon, whiskey and
    the mail" from "with flour, bacon and mail". Each item is held to the document once the
    document says two of the list's items, or one between its first and last (a list the
    document never gives is a summary, judged as a whole); an item is said if its last word of
    substance, or a word WordNet relates to it, is the document's."""
    for items in listed_items(hypothesis):
        heads = []
        for item in items:
            words = [w for w in _words(item) if w.stem not in _DROPPED and w.stem not in _LIGHT_STEMS]
            if words:
                heads.append(words[-1])
        if len(heads) < 3:
            continue
        said = [context.has(w, False, True) or any(seg.has(w, False, True) for seg in premise.statements)
                for w in heads]
        if not all(said) and (sum(said) >= 2 or any(said[1:-1])):
            return True
    return False


_TABLE_ROWS = 2  # lines under a heading that make it a table's


@lru_cache(maxsize=2048)
def _table_heading(premise: str) -> str:
    """The first line of a table, when it heads the rows below it: a line of column names ("ITEM |
    ON HAND | WEEKLY USE") or a title in capitals ("HIGH WATER, VALPARAISO - WEEK OF 11 MARCH"),
    above at least two more lines and ending no sentence. Its words say what every row is (high
    water, a price in gold), so a claim about one row may use them though the row is far below."""
    lines = [x.strip() for x in premise.strip().splitlines() if x.strip()]
    if len(lines) <= _TABLE_ROWS:
        return ""
    first = lines[0]
    if first.endswith((".", "!", "?")) or len(first) > 80:
        return ""
    letters = [c for c in first if c.isalpha()]
    if "|" in first or (len(letters) >= 4 and all(c.isupper() for c in letters)):
        return first.replace("|", ",")
    return ""


_DIRECTION_WORDS = 3  # the words after "from" or "to" that may name who is placed there


@lru_cache(maxsize=8192)
def _directions(text: str) -> dict[str, frozenset[str]]:
    """Which way each word of ``text`` is placed: "from Henry Galloway to the Company" puts
    Henry Galloway at the source and the company at the end."""
    found: dict[str, set[str]] = {}
    tokens = raw_tokens(normalise(text))
    for k, token in enumerate(tokens):
        if token in ("from", "to"):
            for word in tokens[k + 1:k + 1 + _DIRECTION_WORDS]:
                if word in ("from", "to"):
                    break
                found.setdefault(stem(word), set()).add(token)
    return {k: frozenset(v) for k, v in found.items()}


def _reversed(premise: str, hypothesis: str, names: frozenset[str]) -> bool:
    """The claim puts a name at the other end of a transfer than the document does: "sold it to
    Galloway" where the claim was "transferred from P. Galloway to the Company"."""
    if "from " not in premise.lower() or " to " not in hypothesis.lower() and "from " not in hypothesis.lower():
        return False
    said = _directions(premise)
    for word, ways in _directions(hypothesis).items():
        if word in names and word not in _CALENDAR and word in said and len(ways) == 1 and not ways & said[word]:
            return True
    return False


_TITLED_NAME = re.compile(r"(?=\b([A-Z][a-z]{3,})\s+(?:[A-Z]\.\s*)*([A-Z][a-z]{2,})\b)")


@lru_cache(maxsize=2048)
def _titles_named(premise: str) -> str:
    """The document with "the Administrator" said as "the Administrator Holt" where it names
    Holt by that role ("From Administrator Holt. ... Appeals to the Administrator in writing"):
    one person, named once and then called by the role."""
    holders: dict[str, set[str]] = {}
    for m in _TITLED_NAME.finditer(premise):
        role = m.group(1).lower()
        if noun_codes(role)[:1] == "P" and m.group(2).lower() not in STOPWORDS:
            holders.setdefault(role, set()).add(m.group(2))
    for role, who in holders.items():
        if len(who) == 1:
            name = next(iter(who))
            premise = re.sub(rf"\b(the\s+{role})\b(?!\s+(?:[A-Z]\.\s*)*[A-Z])", rf"\1 {name}", premise,
                             flags=re.IGNORECASE)
    return premise


_TITLE_WORDS = 6  # informative words a record's title may have
_LABELLED = re.compile(rf"^(?:#|{LABEL})\d")  # "#88", "No. 3" (no3): the number a record is filed under
_TITLE_ENTRIES = 2  # sentences after it that make it the title of a record
_OPENS_A_SENTENCE = frozenset("""the a an this that these those there here i we he she they it you my our his
    her their its your""".split())


@lru_cache(maxsize=2048)
def _record_title(premise: str) -> tuple[str, ...]:
    """The tokens of the title a record opens with ("July duty rota.", "Parcels received 22
    May.", "Bed 12, Mr. Walter Ames, 68.", the "Ticket #88" of "Ticket #88: ... Status: open."):
    a first sentence (or the label before its colon) of a few words, no sentence of its
    own (it opens with no determiner or pronoun and denies nothing) and no record like the ones
    below it (it shares no word with them), above two entries or more.
    It says what every entry below is (the rota's, of July), as a table's heading does. Names
    stay out (which entry is whose is the entries' business), and so does the title's date when
    entries open with days of their own ("Registered items, week of Monday 2 March. Mon: ...
    Wed: ..."): the week is not each entry's day."""
    sentences = [x for x in split_at_stops(normalise(premise.strip())) if x.strip()]
    if not sentences or "\n" in sentences[0]:
        return ()
    first = sentences[0]
    # (a label before a colon heads the entry after it too: "Tab book: Jeb, 14 whiskeys. Carters, ...")
    entries = len(sentences) if ":" in first else len(sentences) - 1
    if entries < _TITLE_ENTRIES:
        return ()
    if ":" in first:  # "Maintenance ticket #88: replace the membrane. ... Status: open.": the record's label
        first = first.split(":", 1)[0]
        if not any(_LABELLED.match(t) for t in raw_tokens(first)) and not _kept_record(first, sentences[1:]):
            return ()  # "Antibiotics: 14 doses left.": a field like the others, no title
    tokens = raw_tokens(first)
    words = _words(first)
    if not tokens or tokens[0] in _OPENS_A_SENTENCE or not 0 < len(words) <= _TITLE_WORDS \
            or any(w.negated for w in words):
        return ()
    body = {w.stem for x in sentences[1:] for w in _words(x)}
    if any(not is_numeric(w.stem) and w.stem not in _CALENDAR and w.stem in body for w in words):
        return ()  # a record like those below ("Duck confit, 28 euros. Sea bass, 32 euros."), no title
    if any(_ENTRY_DATE.match(x) or (_words(x) and _words(x)[0].stem in _CALENDAR) for x in sentences[1:]):
        return tuple(t for t in tokens if stem(t) not in _CALENDAR and not t.isdigit())
    return tokens


# what a record kept on paper is called: the label of "Lucky Nickel tab book: Jeb Walsh, ..." is a title
_RECORDS = frozenset(stem(w) for w in """book books log logbook ledger register registry roster rota list
    schedule timetable manifest report minutes diary journal notes tally accounts account inventory menu
    blotter receipts docket file records record returns index catalogue catalog""".split())
_FIELD_START = re.compile(r"^\W*[a-z][\w' -]{0,30}:\s")


def _kept_record(label: str, rest: list[str]) -> bool:
    """The label before a document's first colon names the record it is ("Guest register: Mr. Penn,
    ..."), not one of its fields, when its last word is what a record is called and no later
    sentence opens with a field of its own ("Antibiotics: 14 doses left. Bandages: 30.")."""
    words = raw_tokens(label)
    return bool(words) and stem(words[-1]) in _RECORDS and not any(_FIELD_START.match(x) for x in rest)


_TITLE = re.compile(r"^\s*([A-Z][A-Z' -]{3,60}?)\s*[.:\n]\s*(?=\S)")


@lru_cache(maxsize=2048)
def _shouted_title(premise: str) -> str:
    """The title in capitals a document opens with ("FORECLOSURE SALE. The Pruitt quarter-section
    will be sold ..."): what every statement below it is about, as a table's heading is."""
    m = _TITLE.match(premise)
    return m.group(1) if m else ""


_RELATIVE = re.compile(r"\b(?:tomorrow|today|tonight|yesterday)\b", re.IGNORECASE)
_ORDINAL_DATE = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)\b")
_TODAY_DATED = re.compile(r"\btoday\W+(?:is\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b")
_NEIGHBOUR_DAY = re.compile(r"\b(?:tomorrow|yesterday)\b", re.IGNORECASE)


def dated(hypothesis: str, premise: str) -> str:
    """A claim's "tomorrow" as the day of the month after the document's own date, when the
    document dates itself by day of the month and says no "tomorrow" of its own: "we depart
    tomorrow" from an entry "of the 3rd" that sets the departure "for the 4th"."""
    text = normalise(premise)
    if _RELATIVE.search(text):
        # "today is the 18th": the claim's tomorrow is the 19th, its yesterday the 17th
        today = _TODAY_DATED.search(text)
        if today is None:
            return hypothesis
        day = int(today.group(1))
        return _NEIGHBOUR_DAY.sub(lambda m: f"{day + (1 if m.group(0).lower() == 'tomorrow' else -1)}th", hypothesis)
    first = _ORDINAL_DATE.search(text)
    if not first:
        return hypothesis
    day = int(first.group(1))
    shift = {"tomorrow": 1, "today": 0, "tonight": 0, "yesterday": -1}
    return _RELATIVE.sub(lambda m: f"{day + shift[m.group(0).lower()]}th", hypothesis)


# "From Helix Freight compliance: ...", "From the reeve to the steward: ...": who writes (not to whom)
_SENDER = re.compile(r"^\s*from\s+((?:[\w'.&-]+\s+){0,5}?[\w'.&-]+?)(?:\s+to\s+[^:.]{1,60})?:\s+(?=\S)", re.IGNORECASE)
# ... and a mail's header ("From: Dr. Adaeze Okafor. To: I. Varga. Subject: scrubbers."): its sender too
_MAIL_HEADER = re.compile(r"^\s*from:\s*([^\n:]{1,60}?)[.,;]?\s+(?=to:)", re.IGNORECASE)


def _signature(premise: str, names: frozenset[str]) -> str:
    """The last line or sentence of a document when it is only a name and a title ("Rainier,
    Abbot."): who
    wrote it, and so who "I" is in all of it. (It does not depend on ``names``.)"""
    return _signature_of(premise)


@lru_cache(maxsize=4096)
def _signature_of(premise: str) -> str:
    """Memoised ``_signature``: read for every claim checked against the document."""
    last = re.split(r"(?<=[.!?])\s+|\n", premise.strip())[-1]
    words = [w.stem for w in _words(last)]
    titled = re.findall(r"[A-Za-z][\w'-]*", last)
    # (a figure signs for no one: "...dep. Ashby 16:00." ends a timetable's entry)
    return last if 0 < len(words) <= 4 and all(w[0].isupper() for w in titled) and last != premise.strip() \
        and not any(c.isdigit() for c in last) else ""


_SIMILE = re.compile(r"(?<!\bas far )(?<!\bas long )(?<!\bas soon )(?<!\bas much )(?<!\bas many )(?<!\bas well )"
                     r"\b(?:as|like)\s+(?:a|an|the|some)\s+[\w-]+(?:\s+[\w-]+)?(?=\s*(?:[,.;!?]|$))"
                     # "stacked like clouds at sunset", "grumbled at like frogs before rain": things of a kind
                     r"|\blike\s+(?:[a-z]+\s+)?[a-z]+s\b(?:\s+(?:at|in|of|on|before|after|under)\s+[\w-]+)?(?=\s*(?:[,.;!?]|$))|\bas\s+(?!far\b|long\b|soon\b|much\b|many\b|well\b|late\b|early\b|high\b|deep\b)\w+\s+as\s+(?:a|an|the)\s+[\w-]+",
                    re.IGNORECASE)
_PART = re.compile(r"(?<!\d),|,(?!\d{3}\b)|;|\s(?:but|and|while|whereas|with)\s", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _parts(hypothesis: str, names: frozenset[str]) -> tuple[tuple[_Word, ...], ...]:
    """The claim cut at every comma and conjunction, each part carrying the names of the first
    part when it has none of its own."""
    parts = [tuple(w for w in _words(p) if w.stem not in _DROPPED) for p in _PART.split(hypothesis) if p and p.strip()]
    parts = [p for p in parts if p]
    if not parts:
        return ()
    subject = tuple(w for w in parts[0] if w.stem in names)
    return tuple(p if any(w.stem in names for w in p) else (*subject, *p) for p in parts)


_CHUNK = re.compile(r"[,;]|\s(?:and|but|while|with|so|because|since|though|although|whereas|to|for|after|before)\s",
                    re.IGNORECASE)


def _invented_part(hypothesis: str, premise: _Premise, context: _Segment, names: frozenset[str], loose: bool = False) -> bool:
    """A part of the claim of two or more words of substance, none of which the premise says
    anywhere: a detail added to a supported fact ("...at 1830 with a hold full of platinum")."""
    for chunk in _CHUNK.split(hypothesis):
        if not chunk or not chunk.strip():
            continue
        words = [w for w in _words(chunk) if w.stem not in _DROPPED and w.stem not in _LIGHT_STEMS]
        if len(words) < 2:
            continue
        if not any(context.has(w, False, loose) or any(seg.has(w, False, loose) for seg in premise.statements)
                   for w in words):
            return True
    return False


_CALENDAR = frozenset(
    form
    for day in ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january", "february",
                "march", "april", "may", "june", "july", "august", "september", "october", "november", "december")
    for form in (day, stem(day))
)


@lru_cache(maxsize=16384)
def _mentioned(text: str) -> frozenset[str]:
    tokens = raw_tokens(text)
    return frozenset(tokens) | frozenset(stem(t) for t in tokens)


def _relevant(names: frozenset[str] | set[str], premise: str, hypothesis: str, context: str = "") -> frozenset[str]:
    # (memoised under a frozenset of the names: asked at every score, and a claim is scored
    # against each block, its snippet and its whole text, and again after a repair)
    return _relevant_names(names if isinstance(names, frozenset) else frozenset(names), premise, hypothesis, context)


@lru_cache(maxsize=16384)
def _relevant_names(names: frozenset[str], premise: str, hypothesis: str, context: str = "") -> frozenset[str]:
    """The names a check of ``hypothesis`` against ``premise`` can meet: those its texts say, and
    days and months (a "tomorrow" is read as one). A name is only ever looked up for a word of
    these texts, so the others change nothing, and leaving them out lets the memoised checks
    serve an answer again after the sentences that brought them were stripped."""
    if not names:
        return names
    # (the three texts' words looked up in turn, not joined into one set at every check)
    a, b, c = _mentioned(premise), _mentioned(hypothesis), _mentioned(context)
    return frozenset(n for n in names if n in a or n in b or n in c or n in _CALENDAR)


_CLOSING_STOP = re.compile(r"(?:\b[A-Za-z]{4,}|\d)\.\s*$")  # not "St." or "Jan.": a full stop after a word


@lru_cache(maxsize=16384)  # (the same claims and sentences are scored against every block)
def _unstopped(hypothesis: str) -> str:
    """A claim without the full stop that ends it: the sentence and its citation's claim ("got an
    email from alice." and "got an email from alice") are one check, memoised once."""
    return hypothesis.rstrip()[:-1] if _CLOSING_STOP.search(hypothesis) else hypothesis


@dataclass(frozen=True, slots=True)
class OverlapEntailment:
    """The shipped judge: shared words, anchors exact, statements bound to the names they are
    about, polarity kept, at most one word in four left unsupported. ``threshold`` is the share
    of a clause's informative words that must be found."""

    threshold: float = 0.6
    weighs_novel_words: bool = True  # accepts ``known``: see ``score``
    paraphrases: bool = True  # accepts ``loose``: a claim word may be matched by a related word

    def score(self, premise: str, hypothesis: str, *, context: str = "", names: frozenset[str] = frozenset(),
              known: frozenset[str] | None = None, loose: bool = False,
              setting: frozenset[str] = frozenset()) -> float:
        """``known``, when given, is every stem the speaker's world holds (its documents, withheld
        ones included, its persona, the player's words): a claim word outside it is the speaker's
        own wording ("limping along", "sitting idle") and weighs half as much as a word the world
        does hold elsewhere, which is misattributed. ``setting`` is what the speaker's world is
        about (the persona and the titles of the documents: "the museum", "the ship"): a
        retelling may name it though a document leaves it unsaid."""
        hypothesis = _unstopped(hypothesis)
        return _overlap_score(premise, hypothesis, context, _relevant(names, premise, hypothesis, context), known, loose,
                              setting)

    def contradicts(self, premise: str, hypothesis: str, *, names: frozenset[str] = frozenset()) -> bool:
        """Optional part of the protocol: whether the premise says the opposite of something the
        hypothesis says (the verifier asks it of whole sentences whose facts are supported)."""
        return contradicts(premise, hypothesis, _relevant(names, premise, hypothesis))


OVERLAP = OverlapEntailment()


def is_exact(word_stem: str) -> bool:
    """A word a retelling cannot swap for another: a thing, a colour or a unit (see ``_exact``)."""
    return _exact(word_stem)


def substance(text: str) -> list[str]:
    """The stems of ``text`` that say something: no opinion, hedge, reporting or light word."""
    return [w.stem for w in _words(text) if w.stem not in _DROPPED and w.stem not in _LIGHT_STEMS]


DROPPED = _DROPPED  # words that state no fact: opinions, hedges, reporting
SIMILE = _SIMILE  # "calm as a pond", "stacked like clouds at sunset": a likeness names nothing
LIGHT_STEMS = _LIGHT_STEMS  # words of tense and emphasis


def words_of(text: str) -> tuple[_Word, ...]:
    """The informative words of ``text`` with their polarity (``stem``, ``negated``)."""
    return _words(text)
