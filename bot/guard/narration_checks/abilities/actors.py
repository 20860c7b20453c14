"""Who works a marvel: the subject of the clause, the owner of the hands or the blade, the one who
spoke before the sea fell still, the healer kneeling beside the wounded.

A marvel is a fault only when it is pinned on someone who cannot work it, so the pinning matters
as much as the finding: "your wounds close" is worked on the player, not by them; "it bursts into
flame" belongs to whatever "it" stands for; the sea and the wind move of themselves. The scans
in ``check`` and the searches in ``marvels`` both ask these questions, so they sit below both.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.guard import vocabulary as V
from bot.guard.grounding import Holder
from bot.guard.narration_checks.abilities.kinds import _covers
from bot.guard.narration_checks.abilities.mind_body_signs import _CHANGING_ACTS, _WOUND_GATE
from bot.guard.narration_checks.abilities.motion_signs import _MOVERS, _TRIGGER
from bot.guard.narration_checks.base import Actor, CheckContext, subject_before


def _antecedent(ctx: CheckContext, i: int):
    """The thing "it" stands for: the latest phrase before token ``i`` in its sentence or the
    one before that is no person, body part or place."""
    r = ctx.reading
    a, _ = r.sentence_tokens[max(0, r.tokens[i].sent - 1)]
    for p in reversed(r.phrases):
        if p.end > i or p.start < a or p.pronoun or p.name:
            continue
        head = r.tokens[p.head].base
        if V.lemma(head) in V.BODY or V.is_person_noun(head) or (ctx.refs and
                                                                 ctx.refs[p.head] is not None):
            continue
        return p
    return None


def _recent_holders(ctx: CheckContext, char: int) -> Iterator[Holder]:
    """The characters named from the token at ``char`` back to the start of the sentence before,
    nearest first."""
    r = ctx.reading
    i = r.token_at(char)
    sent = r.tokens[i].sent
    for k in range(i, -1, -1):
        if r.tokens[k].sent < sent - 1:
            break
        h = ctx.refs[k] if ctx.refs else None
        if h is not None:
            yield h


def _actor(ctx: CheckContext, char: int) -> Actor:
    i = ctx.reading.token_at(char)
    actor = subject_before(ctx, i)
    if actor.kind == "none" and i < len(ctx.reading.tokens):
        # "... and it closes without a scar": the first person the sentence names
        a, _ = ctx.reading.sentence_tokens[ctx.reading.tokens[i].sent]
        for k in range(a, i):
            h = ctx.refs[k] if ctx.refs else None
            if h is not None and not ctx.reading.tokens[k].possessive:
                return Actor(kind="holder", holder=h)
    if actor.kind == "thing":
        # "Ulfar raises his shovel and chants; a bolt of lightning leaps ...": the caster is
        # the last person named before the thing
        for k in range(i - 1, -1, -1):
            h = ctx.refs[k] if ctx.refs else None
            if h is not None and ctx.reading.tokens[k].low in ("your", "yours") and \
                    h.kind == "player":
                continue  # "... your wounds": the one the power is worked on, not its source
            if h is not None:
                return Actor(kind="holder", holder=h)
            if ctx.reading.tokens[k].sent != ctx.reading.tokens[i].sent and k < i - 40:
                break
    return actor


def _changer(ctx: CheckContext, char: int) -> Actor | None:
    """Who changes matter: a person, or a person's prayer, word, touch or song; not the cold
    turning a puddle to ice or the fire turning logs to ash."""
    r = ctx.reading
    i = r.token_at(char)
    actor = subject_before(ctx, i)
    if actor.kind in ("holder", "person"):
        return actor
    p = actor.phrase
    if p is None:
        return None
    if V.lemma(r.tokens[p.head].base) in _CHANGING_ACTS:
        owner = _owner_actor(ctx, r.tokens[p.start].start)
        return owner if owner.kind != "none" else _actor(ctx, char)
    return None


def _moves_itself(ctx: CheckContext, char: int, changing: bool = False) -> bool:
    """Is the subject of this verb something that moves of itself anyway: the sea, the
    wind, an animal, a person? With ``changing`` (the verb is a change of heat or state: boils,
    freezes, straightens) the sea and the wind do not count: water does not boil of itself."""
    r = ctx.reading
    i = r.token_at(char)
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    if i > a and r.tokens[i - 1].low in (",", "and", "then") and r.tokens[a].low == "it" and \
            _beast_it(ctx, a):
        return True  # "It hits the deck, rights itself": the sentence's beast goes on acting
    for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
        if p.pronoun:
            if r.tokens[p.head].low == "it":
                return _beast_it(ctx, p.head)
            return r.tokens[p.head].low in ("he", "she", "they", "you", "i", "we")
        word = r.tokens[p.head].base
        lem = V.lemma(word)
        if changing:
            return V.creature_group(word) is not None or V.is_person_noun(word) or p.name or \
                bool(ctx.refs and ctx.refs[p.head] is not None)
        return (word in _MOVERS or lem in _MOVERS or lem in V.ATMOSPHERE
                or V.creature_group(word) is not None or V.is_person_noun(word)
                or (ctx.refs and ctx.refs[p.head] is not None) or p.name)
    return False


def _beast_it(ctx: CheckContext, i: int) -> bool:
    """Does "it" at token ``i`` stand for a beast ("the stone raps the lizard off the awning.
    It rights itself and scuttles off")? Its antecedent is the latest phrase of this sentence or
    the one before that is a subject or direct object: one a preposition governs ("off the
    awning", "for 2 damage") only says where or how much."""
    r = ctx.reading
    a, _ = r.sentence_tokens[max(0, r.tokens[i].sent - 1)]
    for p in reversed(r.phrases):
        if p.end > i or p.start < a or p.pronoun:
            continue
        if p.start > 0 and r.tokens[p.start - 1].low in V.PREPOSITIONS:
            continue
        word = r.tokens[p.head].base
        return V.creature_group(word) is not None or V.lemma(word) in ctx.grounding.creature_words
    return False


def _trigger_before(ctx: CheckContext, char: int) -> int | None:
    """Where, earlier in the sentence, someone speaks, sings, gestures or blows a horn: the
    act that nature obeys."""
    r = ctx.reading
    i = r.token_at(char)
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    start = r.tokens[a].start
    found = None
    for m in _TRIGGER.finditer(r.masked, start, char):
        found = m.start()
    return found


def _wound_owner(ctx: CheckContext, a: int, b: int) -> set[int]:
    """Whose wounds the sentence names ("your wounds" -> the player), as holder ids."""
    r = ctx.reading
    i = r.token_at(a)
    sa, sb = r.sentence_tokens[r.tokens[i].sent]
    owners: set[int] = set()
    for k in range(sa, sb):
        t = r.tokens[k]
        if V.lemma(t.base) in _WOUND_GATE and k > sa:
            prev = r.tokens[k - 1]
            if (prev.low in V.POSSESSIVE_PRONOUNS or prev.possessive) and ctx.refs and \
                    ctx.refs[k - 1] is not None:
                owners.add(id(ctx.refs[k - 1]))
    return owners


def _near_able(ctx: CheckContext, char: int, kinds: frozenset[str],
               exclude: set[int] = frozenset()) -> Actor | None:
    """Someone named in this sentence or the one before whose powers do this ("Brother
    Anselm kneels beside Nub ... The cut knits closed": the healer, not the one healed)."""
    r = ctx.reading
    i = r.token_at(char)
    sent = r.tokens[i].sent if i < len(r.tokens) else 0
    for k in range(min(i, len(r.tokens) - 1), -1, -1):
        if r.tokens[k].sent < sent - 1:
            break
        h = ctx.refs[k] if ctx.refs else None
        if h is None or id(h) in exclude or not _covers(h, kinds, ctx.grounding):
            continue
        if r.tokens[k].possessive and k + 1 < len(r.tokens) and \
                V.lemma(r.tokens[k + 1].base) not in V.BODY:
            continue  # "your palm to Sela's rune stones": her things, not her doing
        return Actor(kind="holder", holder=h)
    return None


def _influencer(ctx: CheckContext, char: int, things_owned: bool = True) -> Actor:
    """Who moves a mind: the nearest character other than the one moved, in the sentence or
    the one before ("Old Grell hums ...; you find yourself climbing in"). With
    ``things_owned=False`` the owner of a thing named there ("Sela's rune stones") is not taken
    for the one acting."""
    r = ctx.reading
    i = r.token_at(char)
    sent = r.tokens[min(i, len(r.tokens) - 1)].sent if r.tokens else 0
    for k in range(min(i, len(r.tokens) - 1), -1, -1):
        if r.tokens[k].sent < sent - 1:
            break
        h = ctx.refs[k] if ctx.refs else None
        if h is None or h.kind == "player":
            continue
        if not things_owned and r.tokens[k].possessive and k + 1 < len(r.tokens) and \
                V.lemma(r.tokens[k + 1].base) not in V.BODY:
            continue
        return Actor(kind="holder", holder=h)
    return _actor(ctx, char)


def _owner_actor(ctx: CheckContext, char: int) -> Actor:
    r = ctx.reading
    i = r.token_at(char)
    for k in range(i, max(-1, i - 4), -1):
        t = r.tokens[k]
        if t.low in ("your", "his", "her", "their") or t.possessive:
            h = ctx.refs[k] if ctx.refs else None
            if h is not None:
                return Actor(kind="holder", holder=h)
            if t.possessive:
                return Actor(kind="person")
        if t.low in ("its", "the"):
            break
    return Actor(kind="none")
