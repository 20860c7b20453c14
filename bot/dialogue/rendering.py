"""Is a sentence of the speech a faithful rendering of the claims that cite it?

Every answer carries two texts: the claims of its citation list, plain statements each checked
strictly against the block it cites, and the speech the player reads, in the NPC's voice. Asking
the speech itself to match a document word for word rejects every honest character who talks
like one ("fished him outta the river", "the bulls are callin' it an accident", "the seven-forty").
So a speech sentence that its block does not back in so many words may still stand on the claims
mapped to it, once those claims are themselves supported, if it renders them faithfully:

- every name, number, time, date and direction it says is one its claims say (compared by value:
  "the seven-forty" is 19:40, "the third of Ashmonth" is 3 Ashmonth); one the claims do not say
  may come from the cited block only when the claims hold none of its kind: "Platform 4" where the
  claim says "Platform 1" is a changed fact, even though the board lists a Platform 4 too;
- it negates nothing the claims affirm, nor affirms what they negate;
- it adds no detail: its words that neither the claims nor the blocks say (nor a word for them)
  may only stand in for words of the claims it leaves out ("the bulls" for "the police"), and one
  more (a long sentence, one more in five); another of the same kind as a word of the claim is a
  changed detail ("a chrome leg" for "a silver arm"); a part of two or more such words, or a thing, a colour or a unit nobody named, is an
  embellishment ("Elm Park's kids broke a display case in the bird room");
- it joins no name or number with what the claims say of another ("East bank's clear" where the
  claims say the west bank is clear).
Words of the NPC's own style ("the bulls", "gracias a Dios") and of the ``[self]`` claims mapped to
the same sentence ("poor lamb") are the voice, not facts.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from bot.dialogue.entailment import DROPPED as _DROPPED, LIGHT_STEMS, SIMILE, is_exact, substance, words_of
from bot.dialogue.lexicon import COLOURS
from bot.dialogue.senses import related, senses, usage
from bot.guard.lexicon.wordclass import noun_codes
from bot.dialogue.words import (
    DIRECTIONS, OPPOSITES, STOPWORDS, TEMPORAL, content_stems, informative, is_anchor, is_negation, is_numeric, join_number_words, normalise, raw_tokens, same_word, stem,
)

_CHUNK = re.compile(r"[,;:]|\s(?:and|but|while|with|so|because|since|though|although|whereas|to|for|after|before)\s",
                    re.IGNORECASE)
_COLOURS = frozenset(stem(c) for c in COLOURS)
_LONG = 5  # and one more for every this many words of substance it says
_OWN_WORDS = 1  # words of substance a rendering may add beyond those it puts its own way ("extra", "blokes")
_SUFFIX = re.compile(r"(?:am|pm|st|nd|rd|th)$")


def _value(token: str) -> str:
    """The digits a number, time or date names: "7:40pm" and "740" are both 740, "3rd" is 3."""
    value = _SUFFIX.sub("", token).replace(":", "")
    if _DECIMAL.match(value):
        value = value.rstrip("0").rstrip(".")  # "$1.50" is the 1.5 dollars "a dollar fifty" says
    return value.lstrip("0") or "0"


_DECIMAL = re.compile(r"^\d+\.\d+$")


def same_anchor(a: str, b: str) -> bool:
    """Two anchors name the same thing: one word, or one value however it is written."""
    if same_word(a, b):
        return True
    if is_numeric(a) and is_numeric(b):
        return _value(a) == _value(b)
    return a.isalpha() and b.isalpha() and related(a, b)


def _kind(token: str, names: frozenset[str]) -> str:
    if token in _COLOURS:
        return "colour"
    if is_numeric(token):
        return "number"
    if token in DIRECTIONS:
        return "direction"
    if token in TEMPORAL:
        return "day"
    return "name" if token in names else "other"


@lru_cache(maxsize=8192)
def anchors_of(text: str, names: frozenset[str]) -> tuple[str, ...]:
    """The names, numbers, times, dates and directions of ``text``; a name's word said as a verb
    ("forkin' a mare" where the town is Dry Fork) names nothing. Cached: one answer's claims are
    read against each of its sentences, and again when the repaired answer is checked."""
    return tuple(w for w in content_stems(text) if is_anchor(w, names) and not (w in names and _as_verb(w, text)))


def _as_verb(name: str, text: str) -> bool:
    forms = [t for t in informative(raw_tokens(text)) if stem(t) == name]
    return bool(forms) and all(t.endswith(("ing", "ed")) and t != name for t in forms)


_METALS = frozenset({"silver", "gold", "golden"})


def _colours(text: str) -> list[str]:
    """The colours ``text`` gives a thing ("a silver lance", "the van was blue"); a metal said as
    itself, as a coin or a material ("filled with Pecheneg silver", "paid in gold"), is no colour."""
    tokens = [t for t in raw_tokens(text) if t not in STOPWORDS or t in _COLOURS]
    out = []
    for k, t in enumerate(tokens):
        if t not in _COLOURS:
            continue
        if t in _METALS and (k + 1 == len(tokens) or not tokens[k + 1].isalpha()):
            continue
        out.append(stem(t))
    return [w for w in out if w in _COLOURS]


def _found(word: str, stems: Iterable[str]) -> bool:
    return any(same_word(word, s) or related(word, s) for s in stems)


def renders(sentence: str, claims: list[str], premises: list[str], names: frozenset[str],
            voice: frozenset[str] = frozenset(), whole: str = "") -> bool:
    """Whether ``sentence`` (the statements of ``whole``, the sentence as said) says what
    ``claims`` say (``premises``: the cited blocks' text, whole documents included), in words of
    its own."""
    if not claims:
        return False
    whole = whole or sentence
    if "like " in whole or " as " in whole:
        whole = SIMILE.sub(" ", whole)  # "their bales stacked like clouds at sunset": no clouds
    claim_anchors = [a for c in claims for a in anchors_of(c, names)]
    premise_stems = {w for p in premises for w in content_stems(p)}
    said = set(claim_anchors) | premise_stems | {w for c in claims for w in content_stems(c)}
    mine_anchors = [a for a in anchors_of(whole, names) if a not in voice]
    # a colour is as exact as a number: "a red shawl" is not the claim's "green shawl"
    claim_anchors += [w for c in claims for w in content_stems(c) if w in _COLOURS]
    mine_anchors += [w for w in _colours(whole) if w not in voice]
    if misbound(whole, mine_anchors, claims, names, voice):
        return False
    for anchor in mine_anchors:
        if any(same_anchor(anchor, c) for c in claim_anchors):
            continue
        if _approximates(anchor, claim_anchors, whole):
            continue  # "very nearly six pounds" for the claim's 5.95 pounds
        kind = _kind(anchor, names)
        if kind != "name" and any(_kind(c, names) == kind for c in claim_anchors):
            return False  # a number, time, day or direction the claims give otherwise
        if not any(same_anchor(anchor, p) for p in premise_stems):
            return False
    if _flips(whole, claims):
        return False
    mine = [w for w in substance(whole) if w not in voice and not is_anchor(w, names)]
    novel = [w for w in mine if not _found(w, said)]
    # what the claims say that the sentence leaves out: words the sentence may have put its own way
    rendered = set(mine)
    left_out = [w for c in claims for w in substance(c) if not is_anchor(w, names) and not _found(w, rendered)]
    if any(_swapped(w, c) for w in novel for c in left_out):
        return False  # "a chrome leg" for "a silver arm": another of the same kind, not a word for it
    if _opposed(mine, claims):
        return False  # "the gate's shut" for "the gate is open"
    if len(novel) > len(left_out) + _OWN_WORDS + len(mine) // _LONG:
        return False  # more new words than the claim's left out: it tells more than the claim
    for chunk in _CHUNK.split(whole):
        if any(same_anchor(a, c) for a in anchors_of(chunk or "", names) for c in claim_anchors):
            continue  # "suspicion falls upon Cassia Penn": said of a name the claims give
        words = [w for w in substance(chunk or "") if w not in voice and not is_anchor(w, names)]
        if words and all(w in novel for w in words) and (len(words) >= 2 or any(is_exact(w) for w in words)) \
                and len(words) > len(left_out):
            return False  # "...and they found his sled", "a raccoon": a detail of its own
    return True


_ROUGHLY = re.compile(r"\b(?:nearly|about|around|roughly|almost|approximately|some|close\s+to|near\s+enough|a\s+little"
                      r"\s+(?:over|under)|just\s+(?:over|under)|a\s+bit\s+(?:over|under)|over|under|or\s+so)\b", re.IGNORECASE)
_NEAR = 0.03  # how far a rounded figure may be from the one it rounds


def _approximates(anchor: str, claim_anchors: list[str], whole: str) -> bool:
    """A figure the sentence says roughly ("nearly six", "a little over fourteen") that is within
    a few per cent of one the claims give exactly."""
    try:
        value = float(anchor)
    except ValueError:
        return False
    if not _ROUGHLY.search(whole):
        return False
    for c in claim_anchors:
        try:
            exact = float(c)
        except ValueError:
            continue
        if exact and abs(value - exact) <= _NEAR * exact and value != exact:
            return True
    return False


_FIRST_PERSON = re.compile(r"\b(?:i|me|my|mine|myself|i'm|i've|i'd|i'll)\b", re.IGNORECASE)


def misbound(whole: str, anchors: list[str], claims: list[str], names: frozenset[str], voice: frozenset[str],
             me: frozenset[str] = frozenset()) -> bool:
    """A clause of the sentence joins its names or numbers with what a claim says only of other
    ones: "East bank's clear" from "gators on the east bank" and "the west bank is clear". Words
    compare with their polarity ("hasn't paid" is what "unpaid" says). A claim whose only names
    are the speaker's own (``me``: its name, the title its persona opens with) is about the
    speaker, whom the sentence names as "I": "copied for my eyes alone" keeps what "copied for
    the Chamberlain alone" says with its owner."""
    if not anchors or len(claims) < 2:
        return False
    held = _held(claims, names)
    said = [_polar_pairs(c) for c in claims]
    subjects = [_subject(c) for c in claims]
    known = {a for found in held for a in found}
    inherited: list[str] = []
    clauses = [c or "" for c in _CLAUSE.split(join_number_words(whole))]
    found_in = [[a for a in anchors_of(c, names) if a not in voice and any(same_anchor(a, k) for k in known)]
                for c in clauses]
    for n, clause in enumerate(clauses):
        if _CONDITION.match(clause):
            continue  # "when it returns": a condition, not a statement about anything named
        # a name or number no claim holds ("the PSNC steamer", "one trunk") is no other claim's
        # thing: the clause is about what the sentence was about so far ("..., thick this spring";
        # "..., and the shaft's closed" after "shaft seven, two point three klicks down"), or
        # what it goes on to name ("a car was called for him, to the Canidrome")
        own_anchors = found_in[n]
        # (an opening clause naming nothing is about whom the answer is about: no one in particular)
        mine = own_anchors or ([*inherited, *(a for later in found_in[n + 1:] for a in later)] if inherited else [])
        inherited = [*inherited, *own_anchors]
        if not mine:
            continue
        first_person = bool(me) and _FIRST_PERSON.search(clause) is not None
        own = [any(same_anchor(a, h) for a in mine for h in found)
               or (first_person and bool(found) and all(h in me for h in found)) for found in held]
        for word in words_of(clause):
            if word.stem in voice or word.stem in _DROPPED or word.stem in LIGHT_STEMS or is_anchor(word.stem, names):
                continue
            # (the word itself, with its polarity, is looked up before any other spelling of it)
            homes = [k for k in range(len(claims)) if (word.stem, word.negated) in said[k]
                     or any(n == word.negated and same_word(word.stem, s) for s, n in said[k])]
            if any(subjects[k] and same_word(word.stem, subjects[k]) for k in homes):
                continue  # the thing a claim is about ("the claim is 500 feet"), no predicate of it
            if homes and all(held[k] and not own[k] for k in homes):
                return True
    return False


_THE_THING = re.compile(r"^\W*(?:the|this|that|its|his|her|their)\s+(?:\$?[\d.,]+\s+)?([a-z]+)\s+"
                        r"(?:is|was|are|were|has|had|have|will|would|can|could|must|may)\b", re.IGNORECASE)


def _subject(claim: str) -> str:
    """The noun a claim opens with as its subject ("the claim is 500 feet", "the $15 fee was
    paid"): the thing it is about, which another claim or the sentence may name as its own
    subject, not what the claim says of it. Not a description before a name ("the steamer
    Orinoco came"), which says what the named one is. "" when it opens otherwise."""
    m = _THE_THING.match(claim)
    if not m:
        return ""
    found = words_of(m.group(1))
    return found[0].stem if found else ""


_CARRIES_ON = re.compile(r"^\W*(?:it|its|it's|he|she|they|his|her|their)\b", re.IGNORECASE)


def _held(claims: list[str], names: frozenset[str]) -> list[tuple[str, ...]]:
    """The names and numbers each claim is about. A claim opening with a pronoun ("It is three
    feet of gravel", "she carried thirty-eight passengers") goes on about the claim before it,
    whose names and numbers it is about too."""
    held: list[tuple[str, ...]] = []
    for c in claims:
        own = anchors_of(c, names)
        if held and _CARRIES_ON.match(c):
            own = (*own, *held[-1])
        held.append(own)
    return held


@lru_cache(maxsize=4096)
def _polar_pairs(claim: str) -> frozenset[tuple[str, bool]]:
    """A claim's words with their polarity, read once per claim: ``misbound`` holds each sentence
    of an answer to the same claims."""
    return frozenset((w.stem, w.negated) for w in words_of(claim))


_CLAUSE = re.compile(r"[;,]|\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)
_CONDITION = re.compile(r"^\W*(?:when|if|once|until|unless|whenever)\b", re.IGNORECASE)
_PARTS = re.compile(r"[,;:]|\s(?:and|but|while|whereas|so|though|although)\s", re.IGNORECASE)
_SHARED = 2  # content words a clause must share with a claim's clause to be its rendering


def _flips(whole: str, claims: list[str]) -> bool:
    """A clause of the sentence negates what the claim clause it renders affirms, or the other way
    round. Negation is read for the clause, not the word, since its scope moves in a retelling:
    "civilians draw no weapons" says what "civilians may not draw weapons" says."""
    theirs = [(stems, _negative(part)) for c in claims for part in _PARTS.split(c) if part
              for stems in [{w.stem for w in words_of(part) if w.stem not in _DROPPED}] if stems]
    for part in _PARTS.split(whole):
        mine = words_of(part or "")
        stems = {w.stem for w in mine if w.stem not in _DROPPED}
        best, negated = 0, None
        for other, other_negated in theirs:
            shared = sum(1 for a in stems if any(same_word(a, b) for b in other))
            if shared > best:
                best, negated = shared, other_negated
        if best >= _SHARED and negated is not None and negated != _negative(part or ""):
            return True
    return False


def _swapped(mine: str, theirs: str) -> bool:
    """Two kinds of one thing (an arm and a leg, a sword and an axe): what a changed detail looks
    like, never a paraphrase. People are left out: "fellow" and "man" are one another's words."""
    if not (mine.isalpha() and theirs.isalpha()) or related(mine, theirs):
        return False
    if usage(mine) == "verb" or usage(theirs) == "verb":
        return False  # "speak" and "pay", "rolled in" and "lay": a retelling's verbs are its own
    if noun_codes(mine)[:1] == "P" or noun_codes(theirs)[:1] == "P":
        return False
    _, kinds_mine, _ = senses(mine)
    _, kinds_theirs, _ = senses(theirs)
    return bool(kinds_mine & kinds_theirs)


def _opposed(mine: list[str], claims: list[str]) -> bool:
    """The sentence says the opposite of a claim's word, and not the word itself (nor does it say
    the claim's word as well: "arrived at 9:40 and left his key at 11:15" swaps nothing)."""
    theirs = {w for c in claims for w in substance(c)}
    said = set(mine)
    return any(o in theirs and w not in theirs and o not in said for w in mine for o in OPPOSITES.get(w, ()))


@lru_cache(maxsize=8192)
def _negative(clause: str) -> bool:
    """Whether a clause denies: an odd number of negations ("not without a permit" affirms)."""
    tokens = raw_tokens(clause)
    if any(t in _BOUNDS for t in tokens):
        return False  # "not expected back before the 17th" gives a time, as "back on the 17th" does
    return sum(1 for t in tokens if is_negation(t) or t in ("without", "except")) % 2 == 1


def denies(text: str) -> bool:
    """Whether a statement, read whole, denies: "No Sunday sailings", "daily except Sundays"."""
    return _negative(text)


_BOUNDS = frozenset({"before", "until", "till", "til"})


def bounded(text: str) -> bool:
    """A negation that sets a time bound ("not back before the 17th"), not a denial."""
    tokens = raw_tokens(text)
    return any(is_negation(t) for t in tokens) and any(t in _BOUNDS for t in tokens)


_LABEL_PARTS = re.compile(r"[,;:!?()\n]|\.(?!\d)")  # (not the point of "1.50 dollars")


@lru_cache(maxsize=8192)
def labelled(text: str) -> frozenset[tuple[str, str]]:
    """The numbered names of a text: ("platform", "4") for "Platform 4", ("bay", "7") for "Bay 7"."""
    found: set[tuple[str, str]] = set()
    for part in _LABEL_PARTS.split(normalise(join_number_words(text))):
        tokens = raw_tokens(part)
        found |= {(stem(tokens[k - 1]), _value(t)) for k, t in enumerate(tokens)
                  if k and is_numeric(t) and tokens[k - 1].isalpha() and tokens[k - 1] not in STOPWORDS}
    return frozenset(found)


def relabelled(text: str, claims: list[str]) -> str:
    """A numbered name the sentence gives with another number than every claim that names it:
    "Platform 4" where the claim says "Platform 1". Returns the label, or ""."""
    theirs = set().union(*(labelled(c) for c in claims)) if claims else set()
    for label, value in labelled(text):
        numbers = {v for l, v in theirs if l == label}
        if numbers and value not in numbers:
            return label
    return ""
