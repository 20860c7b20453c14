"""What a document leaves in doubt or half done, a retelling must not make sure or whole.

Word overlap cannot see it: "provisionally 3 October" and "confirmed for 3 October" share every
word that matters, as do "40 ducats, half paid" and "paid the full 40 ducats", or "maybe Meridian
Pictures" and "shooting for Meridian Pictures". The document's doubt sits in one word before the
figure or name it doubts, and the claim drops it, or says the opposite ("confirmed", "in full").
Both readings here are narrow on purpose: the hedge must stand right before the name or figure
the claim gives, and the part-payment must be of the thing the claim says was paid in full.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.words import raw_tokens, stem

# a word that puts what follows it in doubt: "maybe Meridian", "provisionally 3 October"
_DOUBTING = frozenset({"maybe", "perhaps", "possibly", "provisionally", "provisional", "tentatively",
                       "tentative", "unconfirmed", "reportedly", "allegedly", "supposedly", "rumoured",
                       "rumored"})
# what lets a retelling keep the doubt: a hedge or a telling of it ("word is", "they say")
_KEPT_DOUBT = frozenset({"maybe", "perhaps", "possibly", "probably", "likely", "might", "may", "could",
                         "provisionally", "provisional", "tentatively", "tentative", "unconfirmed", "pencilled",
                         "penciled", "reportedly", "allegedly", "supposedly", "rumour", "rumor", "rumoured",
                         "rumored", "word", "say", "says", "said", "heard", "hear", "talk", "gossip", "think",
                         "thinks", "reckon", "guess", "suppose", "hope", "if", "unless", "permitting", "not",
                         "about", "around", "roughly", "some", "nearly", "approximately", "or", "whether",
                         "sure", "seems", "apparently", "told", "according", "claims", "claim"})
# a claim that makes doubt certainty outright, whatever else it says
_SURE = frozenset({"confirmed", "definite", "definitely", "certain", "certainly", "settled", "fixed", "firm"})
_SKIPPED = frozenset({"the", "a", "an", "on", "for", "at", "by", "in", "of"})
_STATEMENTS = re.compile(r"(?<=[.;\n])\s+")  # where one statement of a document ends

_PART_DONE = re.compile(r"\b(?:half|part|partly|partially|partial)[\s-]+(?:paid|payment|settled|done|built|finished|"
                        r"delivered|loaded)\b|\bnot\s+(?:yet\s+)?(?:paid|settled|agreed)\b|\bunpaid\b")
_WHOLE = re.compile(r"\b(?:in\s+full|fully|the\s+full|every\s+\w+\s+of|all\s+of\s+it|the\s+whole|entirely|paid\s+up|"
                    r"settled\s+up|paid\s+off)\b", re.IGNORECASE)


def overstated(premise: str, claim: str) -> str:
    """The word of doubt or the part-payment of ``premise`` that ``claim`` turns into certainty
    or completion; "" when there is none."""
    claim_tokens = raw_tokens(claim)
    doubted = _doubted(premise)
    if doubted:
        said = set(claim_tokens) | {stem(t) for t in claim_tokens}
        keeps = any(t in _KEPT_DOUBT for t in claim_tokens) and not any(t in _SURE for t in claim_tokens)
        for hedge, word in doubted:
            if (word in said or stem(word) in said) and not keeps:
                return f"{hedge} {word}"
    if any(t in _SURE for t in claim_tokens) and not any(t == "not" or t.endswith("n't") for t in claim_tokens):
        talk = _talk_near(premise, claim_tokens)
        if talk:
            return talk
    if _WHOLE.search(claim):
        part = _part_done_near(premise, claim_tokens)
        if part:
            return part
    return ""


@lru_cache(maxsize=2048)
def _doubted(premise: str) -> tuple[tuple[str, str], ...]:
    """Each doubting word of the premise with the first name or figure after it (articles and
    prepositions skipped): ("maybe", "meridian"), ("provisionally", "3")."""
    tokens = raw_tokens(premise)
    out = []
    for k, t in enumerate(tokens):
        if t not in _DOUBTING:
            continue
        for nxt in tokens[k + 1:k + 4]:
            if nxt in _SKIPPED:
                continue
            if nxt[:1].isdigit() or _capitalised(premise, nxt):
                out.append((t, nxt))
            break
    return tuple(out)


def _capitalised(premise: str, token: str) -> bool:
    return re.search(rf"\b{re.escape(token[:1].upper() + token[1:])}\b", premise) is not None


# what tells of a statement as talk, not as a record: "supposedly", "miners claim", "chatter"
_TALK = re.compile(r"\b(?:maybe|perhaps|possibly|supposedly|reportedly|allegedly|rumou?r(?:ed|s)?|chatter|gossip|"
                   r"(?:they|people|some|villagers|miners|drivers|porters?|folk)\s+(?:say|says|claim|claims|reckon)|"
                   r"word\s+(?:is|at|in)|talk\s+(?:in|at))\b", re.IGNORECASE)


def _talk_near(premise: str, claim_tokens: tuple[str, ...]) -> str:
    """Talk, in the statement of the premise the claim retells, that a claim saying "confirmed"
    or "definite" makes a record of ("supposedly crashed on purpose" for "Security confirmed it")."""
    anchors = {stem(t) for t in claim_tokens if len(t) > 3 and t not in _SURE}
    for statement in _STATEMENTS.split(premise):
        found = _TALK.search(statement)
        if found and sum(1 for t in raw_tokens(statement) if len(t) > 3 and stem(t) in anchors) >= 2:
            return found.group(0)
    return ""


def _part_done_near(premise: str, claim_tokens: tuple[str, ...]) -> str:
    """A part-payment in the premise's statement that shares a name or a figure with the claim
    ("a mirror of two braccia, 40 ducats, half paid" for "paid the full 40 ducats")."""
    anchors = {t for t in claim_tokens if t[:1].isdigit()} | {stem(t) for t in claim_tokens if len(t) > 3}
    for statement in _STATEMENTS.split(premise):
        found = _PART_DONE.search(statement)
        if not found:
            continue
        tokens = raw_tokens(statement)
        if any(t in anchors or stem(t) in anchors for t in tokens if t not in _SKIPPED and (t[:1].isdigit() or len(t) > 3)
               and t not in {"paid", "half", "part", "payment"}):
            return found.group(0)
    return ""
