"""What every narration check shares: the context of one check, who a word refers to, and how a
finding is made.

Checks are small classes in the spirit of Guardrails AI validators: a ``name`` and one
``validate(narration, context)`` returning findings. The context is built once per narration (the
reading, the scene's grounding, the turn's intents and outcome) and passed to every check, so no
check keeps state between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.narration_checks.genders import may_be
from bot.guard.prose import Phrase, Reading
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

_OBJECT_PRONOUN_AFTER = V.PREPOSITIONS | frozenset({"to"})
_THIRD = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself", "they",
                    "them", "their", "theirs", "themselves"})
_SECOND = frozenset({"you", "your", "yours", "yourself", "yourselves", "you'll", "you're",
                     "you've", "you'd"})


@dataclass(slots=True)
class Actor:
    """Who does something in a clause: a holder of the scene, a person the scene does not have,
    a thing (a sword, a carpet), or nobody found."""

    kind: str  # holder | person | thing | none
    holder: Holder | None = None
    phrase: Phrase | None = None

    @property
    def is_person(self) -> bool:
        return self.kind in ("holder", "person")


@dataclass(slots=True)
class CheckContext:
    scene: Scene
    grounding: SceneGrounding
    reading: Reading
    intents: list[Intent] = field(default_factory=list)
    outcome: Outcome | None = None
    refs: list[Holder | None] = field(default_factory=list)  # token index -> who it names
    person_tokens: set[int] = field(default_factory=set)  # tokens naming someone absent

    @property
    def text(self) -> str:
        return self.reading.text


class NarrationCheck(Protocol):
    name: str

    def validate(self, narration: str, context: CheckContext) -> list[Finding]: ...


def make_finding(ctx: CheckContext, kind: str, severity: str, confidence: float, start_tok: int,
                 end_tok: int, evidence: str, message: str, layer: str = "post") -> Finding:
    """A finding over tokens start_tok..end_tok (exclusive), with the exact text as its span."""
    r = ctx.reading
    a = r.tokens[start_tok].start
    b = r.tokens[max(start_tok, end_tok - 1)].end
    return Finding(kind=kind, severity=severity, confidence=round(confidence, 2),
                   span=r.text[a:b], evidence=evidence, message=message, layer=layer,
                   start=a, end=b)


def finding_at(ctx: CheckContext, kind: str, severity: str, confidence: float, a: int, b: int,
               evidence: str, message: str, layer: str = "post") -> Finding:
    """A finding over characters a..b of the narration."""
    return Finding(kind=kind, severity=severity, confidence=round(confidence, 2),
                   span=ctx.reading.text[a:b], evidence=evidence, message=message, layer=layer,
                   start=a, end=b)


def severity_for(confidence: float) -> str:
    if confidence >= 0.7:
        return "block"
    if confidence >= 0.45:
        return "warn"
    return "info"


def where_list(g: SceneGrounding) -> str:
    """Where the player is and may go, for messages on a place the scene does not have."""
    exits = ", ".join(e for e, _ in g.exits) or "none"
    return f"you are in {g.scene.location.name or 'this place'}; exits: {exits}"


def present_list(g: SceneGrounding, limit: int = 8) -> str:
    """Who is here, for messages: the first few, then how many more."""
    cached = g.memo.get("present_list")
    if cached is not None:
        return cached
    people = []
    others = g.npcs
    for h in others[:limit]:
        if h.kind == "npc" and h.npc is not None:
            roles = ", ".join(h.npc.aliases[:2])
            people.append(f"{h.name} ({roles})" if roles else h.name)
        elif h.kind == "party":
            people.append(f"{h.name} (party)")
    if len(others) > limit:
        people.append(f"and {len(others) - limit} more")
    text = "present: " + (", ".join(people) if people else "no one but you")
    g.memo["present_list"] = text
    return text


# --- who a word refers to -----------------------------------------------------------------------

def _holder_for_phrase(g: SceneGrounding, r: Reading, p: Phrase) -> Holder | None:
    toks = r.tokens[p.start:p.end]
    words = [t.base for t in toks if t.kind == "word"]
    if p.name:
        for w in words:
            if w in V.TITLES or w in V.NAME_CONNECTORS:
                continue
            h = g.by_token.get(w)
            if h is not None:
                return h
        # a title alone ("the Captain") names whoever holds that role
        for w in words:
            holders = g.roles.get(V.lemma(w))
            if holders and len(holders) == 1:
                return holders[0]
        return None
    if p.new or p.det in ("a", "an", "another", "some", "several") or (p.count or 0) > 1:
        return None  # "a second guard" is not Bram
    for size in (3, 2):
        if len(words) >= size:
            h = g.by_token.get(" ".join(words[-size:]))
            if h is not None:
                return h
    head = r.tokens[p.head].base
    h = g.by_token.get(head)
    if h is not None and h.kind != "player":
        return h
    if V.is_person_noun(head):
        holders = g.roles.get(V.lemma(head)) or g.roles.get(V.ROLE_GROUP.get(V.lemma(head), ""))
        if holders and len(holders) == 1 and p.det not in ("a", "an", "another"):
            return holders[0]
        generic = V.lemma(head) in V.PERSON_GENERIC and V.lemma(head) not in V.PERSON_NEWCOMER
        npcs = g.npcs
        if generic and len(npcs) == 1 and p.det not in ("a", "an", "another"):
            return npcs[0]
    return None


def _owner_holder(g: SceneGrounding, word: str) -> Holder | None:
    """Who a possessive names: by name, or by a role only one present person has ("the
    colonel's sabre")."""
    h = g.by_token.get(word)
    if h is not None:
        return h
    holders = g.roles.get(V.lemma(word))
    return holders[0] if holders and len(holders) == 1 else None


def resolve_refs(ctx: CheckContext) -> None:
    """Fill ``ctx.refs``: for each token, the holder it names (names, roles, pronouns)."""
    r = ctx.reading
    g = ctx.grounding
    refs: list[Holder | None] = [None] * len(r.tokens)
    for p in r.phrases:
        if p.pronoun:
            continue
        h = _holder_for_phrase(g, r, p)
        if h is not None:
            for k in range(p.start, p.end):
                refs[k] = h
            if p.owner and p.owner not in V.POSSESSIVE_PRONOUNS:
                refs[p.head] = None  # "Korr's shoulder": the owner names Korr, not the head
                for k in range(p.start, p.end):
                    if r.tokens[k].possessive:
                        refs[k] = _owner_holder(g, r.tokens[k].base)
        else:
            # "Bram's shield", and "the colonel's sabre" (a possessive after an article)
            for k in range(p.start, p.end):
                if r.tokens[k].possessive:
                    refs[k] = _owner_holder(g, r.tokens[k].base)
    last: Holder | None = None
    named: list[Holder] = []  # everyone named so far, latest last
    npcs = g.npcs
    for i, t in enumerate(r.tokens):
        if t.kind != "word":
            continue
        if refs[i] is not None:
            # by name: "Aldric swung his ..." refers back to the player too; a name spoken
            # inside quotes ("I should be honoured, Miss Ashby") is addressed, not the one a
            # later "his" outside the quotes refers to
            if not t.quoted:
                last = refs[i]
                if not named or named[-1] is not last:
                    named.append(last)
            continue
        if t.low in _SECOND:
            refs[i] = g.player
        elif t.low in _THIRD:
            if last is not None and last.kind != "player" and not may_be(t.low, last):
                # "Ruiz looks at Ray, then unhooks the key from her belt": not the sleeping man
                refs[i] = next((h for h in reversed(named) if h.kind != "player"
                                and may_be(t.low, h)), last)
            else:
                refs[i] = last if last is not None else (npcs[0] if len(npcs) == 1 else None)
        elif t.base in g.by_token and g.by_token[t.base] is not None and t.cap:
            refs[i] = g.by_token[t.base]
            last = refs[i]
    ctx.refs = refs


def subject_before(ctx: CheckContext, i: int) -> Actor:
    """The subject of the clause that token ``i`` belongs to, looking back within its sentence
    (and into the previous sentence when the clause has none)."""
    r = ctx.reading
    toks = r.tokens
    sent = toks[i].sent
    a, _ = r.sentence_tokens[sent]
    candidates = [p for p in r.phrases if p.end <= i and p.start >= a]
    for p in reversed(candidates):
        if _is_object(r, p, a) or _series_verb(r, p):
            continue
        if p.owner and not p.name and p.owner in V.POSSESSIVE_PRONOUNS:
            # "your swing goes wide": the owner acts through the thing
            head = toks[p.head].base
            if not (V.lemma(head) in V.BODY or head in V.ABSTRACT or head in V.EXPRESSIONS):
                return Actor(kind="thing", phrase=p)
        return _actor_of(ctx, p)
    if sent > 0:
        pa, pb = r.sentence_tokens[sent - 1]
        first: Actor | None = None
        for p in r.phrases:
            if pa <= p.start < pb and not _is_object(r, p, pa):
                actor = _actor_of(ctx, p)
                if actor.kind == "holder":
                    return actor  # "Searching the Tankard, you find ...": you, not the place
                first = first or actor
        if first is not None:
            return first
    return Actor(kind="none")


def _series_verb(r: Reading, p: Phrase) -> bool:
    """"You shove up the sash, turn sideways, squeeze out ...": a bare verb between commas,
    with an adverb or a particle after it, is the next doing in a series, not a subject."""
    if p.end - p.start != 1 or p.det or p.name or p.pronoun or p.start == 0 or \
            r.tokens[p.start - 1].low != "," or p.end >= len(r.tokens):
        return False
    word = r.tokens[p.head].low
    nxt = r.tokens[p.end]
    return (word in V.VERBS or V.lemma(word) in V.VERBS) and nxt.kind == "word" and (
        nxt.low in V.ADVERBS or nxt.low in ("up", "down", "out", "off", "away", "back", "over"))


_CLAUSE_OPENERS = V.CONJUNCTIONS | V.ADVERBS | frozenset({"and", "then", "as", "while", "when",
                                                          "suddenly", "now"})


def is_object(r: Reading, p: Phrase, sentence_start: int) -> bool:
    """Is this phrase the object of a verb or preposition rather than a clause's subject?"""
    return _is_object(r, p, sentence_start)


_SUBJECT_CASE = frozenset({"i", "he", "she", "we", "they", "you"})


def _finite_verb(word: str) -> bool:
    return word not in V.DETERMINERS and word not in V.PREPOSITIONS and (
        word in V.VERBS or V.lemma(word) in V.VERBS)


def _is_object(r: Reading, p: Phrase, sentence_start: int) -> bool:
    """Is this phrase the object of a verb or preposition rather than a clause's subject?"""
    if p.start <= sentence_start:
        return False
    before = r.tokens[p.start - 1]
    if before.kind != "word":
        return False
    if before.low in _CLAUSE_OPENERS and before.low not in V.PREPOSITIONS:
        return False
    if before.low in ("as", "while", "when", "then", "and", "but"):
        return False
    if before.low in _OBJECT_PRONOUN_AFTER:
        return True
    if p.pronoun and p.end < len(r.tokens) and r.tokens[p.start].low in _SUBJECT_CASE and (
            r.tokens[p.start].low != "you" or _finite_verb(r.tokens[p.end].low)):
        return False  # "while her back is turned you ease the door open": a new clause
    if r.phrase_containing(p.start - 1) is not None:
        return False  # "a flash of light | you vanish": a new clause
    return True  # a verb: "You saddle | a mare"


def _actor_of(ctx: CheckContext, p: Phrase) -> Actor:
    r = ctx.reading
    h = ctx.refs[p.head] if ctx.refs else None
    if h is not None:
        return Actor(kind="holder", holder=h, phrase=p)
    head = r.tokens[p.head].base
    if p.pronoun and head in ("which", "that", "who") and p.start > 0:
        # "his longsword, which bursts into flame": the thing before, and whose it is
        prev = r.phrase_containing(p.start - 1) or r.phrase_containing(p.start - 2)
        if prev is not None and not prev.pronoun:
            owner = owner_of(ctx, prev)
            if owner is not None:
                return Actor(kind="holder", holder=owner, phrase=prev)
            return _actor_of(ctx, prev)
    if p.pronoun:
        return Actor(kind="none", phrase=p)
    if p.name or V.is_person_noun(head):
        return Actor(kind="person", phrase=p)
    return Actor(kind="thing", phrase=p)


def owner_of(ctx: CheckContext, p: Phrase) -> Holder | None:
    """Whose thing a phrase names: "your X" -> the player, "his X" -> resolved, "the tip of
    Elowen's staff" -> Elowen."""
    r = ctx.reading
    for k in range(p.start, p.head + 1):
        t = r.tokens[k]
        if t.low in V.POSSESSIVE_PRONOUNS or t.possessive:
            return ctx.refs[k] if ctx.refs else None
    return None


def has_owner(r: Reading, p: Phrase) -> bool:
    """Does the phrase say whose thing it is ("your X", "Bram's X")? A possessive inside an
    "of" complement ("a phial of angel's tears") does not."""
    return any(r.tokens[k].low in V.POSSESSIVE_PRONOUNS or r.tokens[k].possessive
               for k in range(p.start, p.head + 1))
