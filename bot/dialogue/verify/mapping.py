"""Which sentences of the speech each claim of the citation list speaks for.

The citation list and the speech are written apart: a claim may be its sentence word for word, a
part of one, two sentences at once ("tomorrow at 3pm. back room of the arcade."), or the same
fact in the NPC's own voice ("Last one's at quarter tae five" for "The last crossing is at
16:45"). Before a sentence can be held to the claims it renders, each claim has to be placed on
the sentences it backs. The placing reads shared words, names and numbers only, never a judge, so
it is done once, here, and the checks read the map it makes; a sentence may also render a
supported claim the map put elsewhere when it says all of that claim's numbers.
"""

from __future__ import annotations

import re

from bot.dialogue.claims import Kind, Sentence, normalise_id, words_of
from bot.dialogue.rendering import anchors_of, same_anchor
from bot.dialogue.schema import Citation
from bot.dialogue.senses import related
from bot.dialogue.sources import SELF
from bot.dialogue.words import EVALUATIVE, Vocabulary, is_anchor, same_word

_CLAIM_IN_SENTENCE = 0.5  # share of a claim's words a sentence must hold to be backed by it
_SENTENCE_IN_CLAIM = 0.6  # share of a sentence's words a claim must hold to back it


def _share(part: list[str], whole: Vocabulary) -> float:
    if not part:
        return 0.0
    return sum(1 for w in part if whole.has(w)) / len(part)


def _claim_sentences(claim: str, sents: list[Sentence], words: list[list[str]], vocabs: list[Vocabulary],
                     names: frozenset[str] = frozenset()) -> list[int]:
    """The sentences a claim backs: the one holding most of the claim, any the claim contains
    ("tomorrow at 3pm. back room of the arcade." for one claim), and any whose names and numbers
    are all the claim's ("Eighty-five crowns, and cheap at that" for "sold for 85 crowns")."""
    claim_words = words_of(claim)
    claim_vocab = Vocabulary.of_stems(claim_words)
    text = claim.strip().casefold()
    best, primary = 0.0, None
    for i, s in enumerate(sents):
        if text and text in s.clean.casefold():
            return [i]
        share = _share(claim_words, vocabs[i])
        if share > best:
            best, primary = share, i
    covered = [primary] if primary is not None and best >= _CLAIM_IN_SENTENCE else []
    covered += [i for i in range(len(sents))
                if i not in covered and words[i] and _share(words[i], claim_vocab) >= _SENTENCE_IN_CLAIM]
    return sorted(covered)


def _as_view(claim: str, placed: list[int], sents: list[Sentence], vocabs: list[Vocabulary]) -> list[int]:
    """A ``[self]`` claim is a view: placed on a statement of fact that holds no more of it than a
    sentence that is not one ("We had aurora that night." and "Never tire of it, myself." for "I
    never tire of the aurora"), it goes to the sentence that reads as a view, and leaves the fact
    to be held to a document."""
    if all(sents[i].kind is not Kind.FACT for i in placed):
        return placed
    words = words_of(claim)
    views = [i for i, s in enumerate(sents) if s.kind in (Kind.STANCE, Kind.FRAGMENT) and _share(words, vocabs[i]) > 0]
    if not views:
        return placed
    best = max(_share(words, vocabs[i]) for i in views)
    kept = [i for i in placed if sents[i].kind is not Kind.FACT or _share(words, vocabs[i]) > best]
    if kept == placed:
        return placed
    return sorted({*kept, *(i for i in views if _share(words, vocabs[i]) >= best)})


def _anchored_in(s: Sentence, claim_anchors: tuple[str, ...], names: frozenset[str], claim: str = "") -> bool:
    """Every name and number of the sentence is one the claim says (and it has a number, or two
    names)."""
    found = anchors_of(s.facts or s.clean, names)
    if not (len(found) >= 2 or any(w[:1].isdigit() for w in found)):
        return False  # one name alone ("alice works for the nsa") may be a new statement about it
    if not all(any(same_anchor(a, c) for c in claim_anchors) for a in found):
        return False
    # and what else it says is mostly the claim's ("crowns"), not a statement of its own that
    # shares a number with it ("honey cureth any cough within three days")
    claim_words = words_of(claim)
    rest = [w for w in words_of(s.facts or s.clean) if not is_anchor(w, names) and w not in EVALUATIVE]
    shared = sum(1 for w in rest if any(same_word(w, c) or related(w, c) for c in claim_words))
    return shared * 2 >= len(rest)


def _map_claims(citations: list[Citation], sents: list[Sentence], words: list[list[str]], vocabs: list[Vocabulary],
                names: frozenset[str]) -> list[list[int]]:
    """The sentences each claim backs. A claim put in other words than its sentence ("The last
    crossing is at 16:45" for "Last one's at quarter tae five") goes to the statement no other
    claim backs that shares the most with it, read loosely (related words, values)."""
    mapped = [_claim_sentences(c.claim, sents, words, vocabs, names) for c in citations]
    for k, citation in enumerate(citations):
        if normalise_id(citation.evidence_id) == SELF and mapped[k]:
            mapped[k] = _as_view(citation.claim, mapped[k], sents, vocabs)
    taken = {i for c, indices in zip(citations, mapped) for i in indices if normalise_id(c.evidence_id) != SELF}
    # a statement no claim holds most of, whose names and numbers are all one claim's
    # ("Eighty-five crowns, and cheap at that" for "sold for 85 crowns") renders that claim
    for i, s in enumerate(sents):
        if i in taken or s.kind not in (Kind.FACT, Kind.FRAGMENT):
            continue
        for k, citation in enumerate(citations):
            if normalise_id(citation.evidence_id) != SELF \
                    and _anchored_in(s, anchors_of(citation.claim, names), names, citation.claim):
                mapped[k] = sorted({*mapped[k], i})
                taken.add(i)
                break
    # a claim placed on no statement, and a statement no claim holds, that give the same numbers
    # and nothing else exact ("Leaves four flight-ready." for "4 suits are usable"): the one is
    # the other said in the speaker's words, and the sentence is held to the claim's block
    for k, citation in enumerate(citations):
        if normalise_id(citation.evidence_id) == SELF or any(sents[i].kind in _STATING for i in mapped[k]):
            continue
        numbers = [a for a in anchors_of(citation.claim, names) if a[:1].isdigit()]
        if not numbers:
            continue
        for i, s in enumerate(sents):
            if i in taken or s.kind not in _STATING or s.markers:
                continue
            found = anchors_of(s.facts or s.clean, names)
            if found and all(a[:1].isdigit() and any(same_anchor(a, n) for n in numbers) for a in found) \
                    and all(any(same_anchor(n, a) for a in found) for n in numbers):
                mapped[k] = sorted({*mapped[k], i})
                taken.add(i)
                break
    for k, citation in enumerate(citations):
        claim = words_of(citation.claim)
        said = max((_share(claim, vocabs[i]) for i in mapped[k]), default=0.0)
        if normalise_id(citation.evidence_id) == SELF:
            continue
        if said >= _CLAIM_IN_SENTENCE:
            # a claim told over two sentences ("We set course for Ocracoke on the fourth and
            # anchored on the seventh. Now we careen the old girl." for "... anchored there on
            # 7 May, where careening began"): the statement right after its sentence that no claim
            # holds, and that says what its sentence left of the claim, says the rest
            rest = [w for w in claim if not any(vocabs[i].has(w) for i in mapped[k])]
            after = max(mapped[k], default=-2) + 1
            if rest and 0 < after < len(sents) and after not in taken and not sents[after].markers \
                    and sents[after].kind in _STATING:
                stated = words_of(sents[after].facts or sents[after].clean)
                shared = sum(1 for w in stated if any(same_word(w, c) or related(w, c) for c in rest))
                if stated and shared and shared / len(stated) >= _LOOSE_SHARE:
                    mapped[k] = sorted({*mapped[k], after})
                    taken.add(after)
            continue  # (a claim only a word of which its sentences hold is looked for elsewhere too)
        claim_anchors = anchors_of(citation.claim, names)
        best, choice = 0.0, None
        for i, s in enumerate(sents):
            if s.kind not in (Kind.FACT, Kind.FRAGMENT) or not words[i] or i in mapped[k]:
                continue
            stated = words_of(s.facts or s.clean) or words[i]  # ("heed me well:" around it says nothing)
            if len(stated) < 2:
                continue  # a word alone ("Feverfew, child.") renders no claim
            shared = sum(1 for w in stated if any(same_anchor(w, c) for c in claim_anchors)
                         or any(same_word(w, c) or related(w, c) for c in claim))
            share = shared / len(stated) - (_TAKEN if i in taken else 0.0)  # a statement no claim holds first
            if share > best:
                best, choice = share, i
        if choice is not None and best >= _LOOSE_SHARE:
            mapped[k] = sorted({*mapped[k], choice})
            taken.add(choice)
    return mapped


_STATING = (Kind.FACT, Kind.FRAGMENT)
_TAKEN = 0.05  # how much less a statement another claim already holds is worth to an unplaced claim
_LOOSE_SHARE = 0.3  # share of a sentence's words a claim must hold, loosely, to be its rendering


def _with_anchored(s: Sentence, claims: list[str], supported: list[str], names: frozenset[str]) -> list[str]:
    """The claims mapped to a sentence, and the supported claims whose names and numbers it all
    says ("valid until the thirtieth, so the twenty-fifth is covered" holds "the 25th is within
    the permit's validity"): a sentence may render two claims the mapping gave elsewhere."""
    mine = anchors_of(s.facts or s.clean, names)
    more = [c for c in supported if c not in claims
            and (found := [a for a in anchors_of(c, names) if a[:1].isdigit()])
            and all(any(same_anchor(a, m) for m in mine) for a in found)]
    # "midnight falls inside that window" is one statement with the window it refers to
    placing = [c for c in claims if _PLACING_CUE.search(c)]
    if placing and more:
        return [f"{placing[0]}; {'; '.join(more)}", *(c for c in claims if c != placing[0])]
    return [*claims, *more]


_PLACING_CUE = re.compile(r"\b(?:within|inside|includes?|including|covered|covers|falls?|outside|beyond)\b", re.IGNORECASE)
