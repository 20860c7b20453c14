"""The finding a statement gets when its citation does not back it, or it has none.

How severe an unbacked statement is, is the policy of the check: a fact cited to the wrong block
blocks but names the block that says it (fail-closed cites that one instead); a true fact that
forgot its marker is a warning when the answer cites its block elsewhere and blocks when it never
does, or when it gives a name or number no claim of the citation list vouches for; a statement nothing backs blocks when it touches what the conversation is about and is a
warning when it is a musing or a story the player asked for. A fragment adding to a cited list
and a pronoun-led sentence carrying on the cited one before it are read with that neighbour.
Each claim of the citation list is held to its block by the same rules.
"""

from __future__ import annotations

import re

from bot.dialogue.claims import Kind, Reading, Sentence, classify, continues_list, words_of
from bot.dialogue.certainty import overstated
from bot.dialogue.ellipsis import conflicts
from bot.dialogue.evidence import EvidenceBlock
from bot.dialogue.rendering import anchors_of, same_anchor
from bot.dialogue.possession import handed_to_owner
from bot.dialogue.rows import crossed_rows
from bot.dialogue.schema import Citation
from bot.dialogue.sources import SELF
from bot.dialogue.verify.judge import _Judge
from bot.dialogue.verify.mapping import _with_anchored
from bot.dialogue.verify.verdict import Add, _finding
from bot.guard.finding import BLOCK, INFO, WARN

# Asked for a story, the NPC may tell one: what it narrates without a name or number is no claim.
_TELLING = re.compile(r"\b(?:stor(?:y|ies)|tales?|fables?|legends?|jokes?|songs?|poems?|riddles?|parables?|myths?)\b",
                      re.IGNORECASE)


_PRONOUN_LED = re.compile(r"^\W*(?:she|he|it|they|her|his|its|their)\b", re.IGNORECASE)


def _carries_on(s: Sentence, i: int, sents: list[Sentence], cited: dict[int, set[str]], rendered: dict[int, list[str]],
                standing: list[str], names: frozenset[str], judge: _Judge) -> bool:
    """An uncited sentence that goes on about the cited one before it ("Her shift runs from
    midnight to eight.") and says, with its numbers, only what that sentence's claims say."""
    if i == 0 or not _PRONOUN_LED.match(s.facts or s.clean) or not cited[i - 1]:
        return False
    blocks = [b for b in (judge.pack.block(x) for x in sorted(cited[i - 1]) if x != SELF) if b is not None]
    if not blocks:
        return False
    stated = s.facts or s.clean
    anchors = anchors_of(stated, names)
    claims = _with_anchored(s, rendered.get(i - 1, []), standing, names)
    claimed = [a for c in claims for a in anchors_of(c, names)]
    # ("Her man Arvid waits still": a name alone may be a new statement about it, unless the
    # claims the sentence before renders give that very name: "It answers to Bartholomew")
    if not any(a[:1].isdigit() for a in anchors) \
            and not (anchors and all(any(same_anchor(a, c) for c in claimed) for a in anchors)):
        return False
    return judge.renders(s, claims, blocks, [])


# "That is the rule of this road", "That's the way of it": the statement before, named.
_NAMES_BEFORE = re.compile(r"^\W*(?:and\s+)?(?:that|this)(?:'s|\s+is|\s+was|\s+be)\s+(?:just\s+|simply\s+|only\s+)?"
                           r"(?:the|a|an|our|my|his|her|their|its)\b", re.IGNORECASE)


def _names_the_before(s: Sentence, i: int, sents: list[Sentence], cited: dict[int, set[str]], judge: _Judge) -> bool:
    """An uncited sentence that only says what the cited statement before it is ("By night, past
    Taghaza [E1]. That is the rule of this road."): its "that" is the statement before, and it
    names nothing and tells of no event of its own."""
    if i == 0 or not cited[i - 1] or sents[i - 1].kind is not Kind.FACT:
        return False
    stated = s.facts or s.clean
    if not _NAMES_BEFORE.match(stated) or s.anchors or anchors_of(stated, judge.names):
        return False
    return not judge.topical_event(stated)


_AND_MORE = re.compile(r"^\W*(?:and|plus|also|as\s+well\s+as|not\s+to\s+mention|along\s+with|together\s+with)\b",
                       re.IGNORECASE)


def _continues_list(s: Sentence, i: int, sents: list[Sentence], cited: dict[int, set[str]]) -> bool:
    """A fragment that adds to the cited statement before it ("Paraffin, flour and the post [E2].
    And rum for the keeper."): it states more of the same, and needs the same backing."""
    if i == 0 or not _AND_MORE.match(s.facts or s.clean):
        return False
    before = sents[i - 1]
    return bool(cited[i - 1]) and before.kind in (Kind.FACT, Kind.FRAGMENT) and len(words_of(s.facts or s.clean)) >= 2


# An invitation or a bidding to come back ("Come to the kitchen door at the Rooster", "Try me
# Friday", "Come by at three and I'll be right here"): the speaker's offer, with the speaker's
# promise after it, not a record of the world.
_INVITATION = re.compile(
    r"^\W*(?:(?:so|then|now|well|and|but|just)\s+)?(?:come|drop|stop|swing|pop|call|try|visit|look|find|see|ask)"
    r"(?:\s+(?:back|by|round|around|over|in|on|down|up|me|us|for\s+me|on\s+down))*\b", re.IGNORECASE)
_PROMISE = re.compile(r"\b(?:i|we)(?:'ll|\s+will|\s+shall|'d|\s+would|\s+can)\b", re.IGNORECASE)


def _invitation(s: Sentence, judge: _Judge) -> bool:
    """The sentence bids the listener come (back), and names or numbers only what the answer's
    citations vouch for: when, where, whom to ask. What it adds after "and I'll" is the
    speaker's promise. An invented detail still shows as a name or number no claim gives."""
    text = s.facts or s.clean
    if not _INVITATION.match(text):
        return False
    offer = _PROMISE.split(text, maxsplit=1)[0]
    return not _unvouched(s, judge) and not judge.topical_event(offer)


def _uncited(s: Sentence, i: int, judge: _Judge, add: Add, supported: dict[int, str], continued: bool = False) -> None:
    stated = s.facts or s.clean
    if _invitation(s, judge):
        add(_finding("uncited", s.clean, "an invitation, not a record",
                     f"'{s.clean}' bids the player come: fine, if it adds no fact", severity=INFO, confidence=0.2,
                     sentence=s), i)
        return
    # a block the answer cites elsewhere is looked at first: a sentence both it and another block
    # back ("Machine parts, according to the Isla Belle's papers" from the manifest it cites and
    # a log it does not) forgot that marker, it did not bring in a fact from outside
    backing = judge.any_block(stated, {b.id for b in judge.pack.facts if b.id not in judge.cited_ids}) \
        or judge.any_block(stated, judge.cited_ids)
    if backing is not None:  # grounded, but the model did not say so: fail-closed can cite it
        supported[i] = backing.id
        # a block the answer cites elsewhere: a marker forgotten; one it never cites: a fact
        # brought in from outside its citations, which is what the citation list is there to stop
        # ... and a name, number or date the citation list never vouches for is a fact it left
        # out, however true ("It's been adjourned to Thursday" beside a claim about the judge)
        forgot = backing.id in judge.cited_ids and not _unvouched(s, judge)
        add(_finding("uncited", s.clean, f"{backing.id} says it: cite it",
                     f"'{s.clean}' states a fact with no citation: {backing.id} says it, cite it",
                     severity=WARN if forgot else BLOCK, confidence=0.6, sentence=s), i)
        return
    cited = [b for b in judge.pack.facts if b.id in judge.cited_ids]
    worked = judge.worked_out(cited, stated)
    if worked is not None:  # a number worked out from a block the answer cites: its citation forgotten
        supported[i] = worked.id
        add(_finding("uncited", s.clean, f"{worked.id} gives what it works out: cite it",
                     f"'{s.clean}' works a number out from {worked.id} with no citation: cite it",
                     severity=WARN, confidence=0.5, sentence=s), i)
        return
    if judge.persona_says(stated):  # the NPC's own backstory
        add(_finding("uncited", s.clean, "your persona says it: cite [self]",
                     f"'{s.clean}' is about you: cite [self]", severity=INFO, confidence=0.3, sentence=s), i)
        return
    topical = bool(s.anchors) or continued or (judge.topical(s) and not _TELLING.search(judge.pack.question))
    add(_finding("uncited", s.clean, "no evidence block says it",
                 f"'{s.clean}' states a fact with no citation and no block says it: drop it or say you don't know",
                 severity=BLOCK if topical else WARN,
                 confidence=0.9 if s.anchors else (0.75 if topical else 0.4), sentence=s), i)


def _unvouched(s: Sentence, judge: _Judge) -> bool:
    """The sentence names or numbers something no claim of the citation list says."""
    claimed = [a for c in judge.claims for a in anchors_of(c, judge.names)]
    return any(not any(same_anchor(a, c) for c in claimed) for a in anchors_of(s.facts or s.clean, judge.names))


def _not_entailed(stated: str, s: Sentence | None, i: int | None, blocks: list[EvidenceBlock], ids: set[str],
                  judge: _Judge, add: Add) -> None:
    """Report a statement its cited blocks do not support (a warning if another block does)."""
    cited_ids = ", ".join(sorted(ids))
    elsewhere = judge.any_block(stated, ids)
    if elsewhere is not None:  # grounded, wrongly cited: fail-closed can cite the right block
        if i is not None:
            judge.miscited[i] = elsewhere.id
        add(_finding("not_entailed", stated, f"{elsewhere.id} says it, not {cited_ids}",
                     f"'{stated}' cites {cited_ids}, but it is {elsewhere.id} that says it",
                     confidence=0.6, sentence=s), i)
        return
    shown = "; ".join(f'{b.id}: "{b.text[:120]}"' for b in blocks)
    anchored = bool(s.anchors) if s else False
    add(_finding("not_entailed", stated, shown,
                 f"'{stated}' is not what {cited_ids} says: keep to the block's facts, or say you don't know",
                 confidence=0.9 if anchored else 0.75, sentence=s), i)


def _check_claim(citation: Citation, cid: str, index: int | None, sents: list[Sentence], judge: _Judge,
                 add: Add) -> bool:
    """A factual claim of the citation list against the block it cites; whether it stands."""
    claim = citation.claim.strip()
    sentence = sents[index] if index is not None else None
    reading = classify(claim, judge.names)
    if cid == SELF:
        if judge.world_fact(claim, claim=True):
            add(_finding("self_misuse", claim, "[self] backs feelings and opinions only",
                         f"'{claim}' is a fact about the world but cites [self]: cite a block that says it, or drop it",
                         confidence=0.85, sentence=sentence), index)
            return False
        return True
    block = judge.pack.block(cid)
    if reading.kind is Kind.STANCE and block is not None and _DEONTIC.search(claim) \
            and _DEONTIC.search(block.full_text or block.text):
        reading = Reading(Kind.FACT, (), claim)  # "a lamp may be brought in": a rule, held to the rule
    if reading.kind in (Kind.QUESTION, Kind.UNCERTAIN, Kind.STANCE):
        return True
    # the model says the block backs it: a fragment ("back friday") is held to all it says
    stated = reading.facts or claim
    if continues_list(claim, stated):
        stated = claim  # every item of the list is the block's to back, not the first alone
    if block is None or not words_of(stated):
        return True
    if judge.supports(block, stated) or judge.computed(block, stated) or judge.placed(block, stated) \
            or judge.dated(block, stated):
        premise = block.full_text or block.text
        denied = judge.denied_anchor(block, stated) or conflicts(premise, stated) or overstated(premise, claim) \
            or ("a pairing of two of its rows" if crossed_rows(premise, claim) else "") \
            or handed_to_owner(premise, claim)
        if not denied:
            return True
        add(_finding("not_entailed", claim, f'{block.id}: "{block.text[:120]}"',
                     f"'{claim}' affirms {denied}, which {block.id} excludes: keep to the block's facts",
                     confidence=0.8, sentence=sentence), index)
        return False
    _not_entailed(stated, sentence, index, [block], {cid}, judge, add)
    return False


# a rule's words: what may, must or may not be done is what a rule book says, not a guess
_DEONTIC = re.compile(r"\b(?:may|must|cannot|can't|allowed|permitted|forbidden)\b", re.IGNORECASE)
