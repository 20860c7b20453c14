"""A thing drawn, used, found or handed over must be held by whoever has it in the scene, lie
in the location, or be something a place of that kind has.

The check finds the places where prose puts a thing in play: a frame of handling or giving
(``item_frames``), a thing said to lie somewhere ("on the table lies a jeweled dagger"), one more
than someone has ("a second hand crossbow"), a thing someone here wields, an instrument or a
possession ("with a warhammer", "your crossbow"). Each thing is judged once, by
``item_grounding``.
"""

from __future__ import annotations

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import CheckContext, has_owner, owner_of, subject_before
from bot.guard.narration_checks.mentions.cues import _LIES, _PARTICLES, _event, _word_kind
from bot.guard.narration_checks.mentions.item_frames import (
    _FIND_VERBS, _HANDLE_VERBS, _HAND_VERBS, _OWN_VERBS, _OWN_WITH_OUT, _STRONG_HANDLE, _carried,
    _comes_to_hand, _frame_form, _from_held_thing, from_owned, _from_own, _in_hand_of, _introduced_inside,
    _kept_on, fastened_to,
    _list_after, _locative_opening, _manner, _opened_container, _owned_complement, _storage_owner,
    _then_kept, _to_you_after,
)
from bot.guard.narration_checks.mentions.item_grounding import (
    _held_by_someone, _judge, _multiword_items, _part_of_named,
)
from bot.guard.prose import Phrase, Reading, verb_after

_GIVE_WORDS = frozenset("give gives gave offer offers offered bring brings brought serve serves "
                        "served".split())  # "gives you a thumbs-up": not always a thing
_DRAW = frozenset({"draw", "draws", "drew", "drawn", "drawing"})
_NOUN_BEFORE = V.ARTICLES | frozenset({"every", "each", "his", "their", "its", "your", "my",
                                       "our"})


_PLAYER_GIVES = frozenset(
    "give gives gave hand hands handed offer offers offered pass passes passed toss tosses "
    "tossed slide slides slid press presses pressed slip slips slipped thrust thrusts present "
    "presents presented lend lends lent".split())
_GESTURE_NOUNS = frozenset(
    "nod look glance smile grin wink shrug bow wave glare stare frown kiss hug salute pat push "
    "shove hand chance moment word thanks promise answer reply warning order signal "
    "hint".split())


def _from_kit(ctx: CheckContext, i: int, holder: Holder) -> bool:
    """Is the thing taken "from his medical bag", "from her sewing kit": a container the NPC
    holds whose name says what work it serves?"""
    found = from_owned(ctx, i)
    if found is None:
        return False
    q = found[1]
    said = " ".join(t.base for t in ctx.reading.tokens[q.start:q.end] if t.kind == "word"
                    and t.low not in V.POSSESSIVE_PRONOUNS)
    return len(said.split()) >= 2 and any(said in it.lower() for it in holder.items)


def _to_someone(ctx: CheckContext, i: int) -> bool:
    """Does someone receive what the verb at ``i`` moves: "give Old Liu a coin", "press a coin
    into his palm", "hand it to Greta"? (Not "slide back down", "slip a pick from your cuff".)"""
    r = ctx.reading
    toks = r.tokens
    a, b = r.sentence_tokens[toks[i].sent]
    nxt = toks[i + 1] if i + 1 < b else None
    if nxt is None or nxt.low in ("back", "down", "up", "out", "away", "off", "over", "along"):
        return False
    if nxt.low in ("him", "her", "them") or (ctx.refs and ctx.refs[i + 1] is not None and
                                             ctx.refs[i + 1].kind != "player"):
        return True  # "give Old Liu a coin", "hand him a note"
    for k in range(i + 2, min(b, i + 12)):
        if toks[k].low in ("from", "out"):
            return False  # "slip a pick from your cuff": drawn, judged as one's own
        if toks[k].low in ("to", "into", "in", "across") and k + 1 < b and (
                toks[k + 1].low in ("him", "her", "them", "his", "their") or
                any(ctx.refs and ctx.refs[m] is not None and ctx.refs[m].kind != "player"
                    for m in range(k + 1, min(b, k + 3)))):
            return True  # "into his palm", "into Old Liu's palm", "to Greta"
    return False


def _given_here(ctx: CheckContext, p: Phrase) -> bool:
    """Is the thing given one the scene has about it (the mug off the bar, an NPC's key the
    player was handed)? Then it need not be on the sheet."""
    g = ctx.grounding
    w = ctx.reading.tokens[p.head].base
    return g.in_location(w) or g.furnishes(w) or any(h.has(w) for h in g.holders)


# Verbs that, with "up", tell a searched thing yielding what it held: "gives up", "turns up".
_YIELD_UP = frozenset({"give", "gives", "gave", "giving", "turn", "turns", "turned", "cough",
                       "coughs", "coughed"})


# Taking a thing on the sly: it must lie in the scene (or be someone's) to be taken.
_PALM_VERBS = frozenset({"palm", "palms", "palmed", "pocket", "pockets", "pocketed", "filch",
                         "filches", "filched", "pilfer", "pilfers", "pilfered"})


def _det_next(r: Reading, i: int) -> bool:
    """Is token i an indefinite determiner or a count ("an ashtray", "two coins")?"""
    return i < len(r.tokens) and (r.tokens[i].low in ("a", "an", "some", "two", "three")
                                  or r.tokens[i].kind == "num")


def _colour_compound(ctx: CheckContext, p: Phrase) -> Phrase:
    """"a spare pair of snow goggles": a word that may be a colour ("snow", "ash") read as the
    phrase's last noun, with a bare noun right after it, names that noun's thing; the thing
    judged is the next phrase (the goggles), not the snow."""
    r = ctx.reading
    last = p.of_head if p.of_head is not None else p.head
    if last != p.end - 1 or _word_kind(r.tokens[last].base) != "colour":
        return p
    q = r.phrase_at.get(p.end)
    if q is None or q.det or q.pronoun or q.name or q.count is not None or \
            not W.is_known_noun(r.tokens[q.head].base):
        return p  # "a lantern of green glass | tighter": no noun after it, so no compound
    return q


def _hand_or_someone(ctx: CheckContext, i: int) -> bool:
    """Is the subject at token ``i`` a person or a hand ("her hand comes up with ...", not "his
    smartgun comes up with a whine")?"""
    actor = subject_before(ctx, i)
    if actor.kind == "holder":
        return True
    if actor.phrase is None:
        return False
    head = V.lemma(ctx.reading.tokens[actor.phrase.head].base)
    return head in ("hand", "finger", "fist", "paw", "arm")


# Metals and fine stuffs a thing is wrought of: no doing of the player's makes "a copper
# samovar" or "a porcelain cup" on the spot, as a knot or a splint is made.
_WROUGHT_OF = V.PRECIOUS | frozenset("copper brass bronze iron tin pewter steel silver gold "
                                     "porcelain enamel enamelled lacquered lacquer".split())


def _wrought(r: Reading, p: Phrase) -> bool:
    """Is the thing named by a metal or fine stuff it is made of ("a dented copper samovar")?"""
    return any(r.tokens[k].base in _WROUGHT_OF for k in range(p.start, p.head))


def _struck_head(r: Reading, i: int) -> str:
    """The noun a "strike" at ``i`` strikes: the head of its object phrase ("a safety match"
    strikes a match, as "a match" does), or the word after the article."""
    p = r.phrase_at.get(i + 1)
    if p is not None and not p.pronoun:
        return V.lemma(r.tokens[p.head].base)
    return r.tokens[i + 2].base


_HANDS = frozenset({"hand", "finger", "fist", "paw", "arm", "palm"})

_LOOKING = frozenset("look looks looked glance glances glanced scan scans scanned survey surveys "
                     "surveyed search searches searched".split())


def _verbless_presence(ctx: CheckContext, p: Phrase) -> bool:
    """Is the phrase at ``p`` said to be here by a sentence with no verb of its own: after where
    ("Beside the hearth, a silver dagger.", "Near the door: a crate"), after looking round ("You
    look around the room: a silver dagger, a bench and the bar"), or heading a fragment that
    says where it is ("A silver dagger on the bar.")? Only a concrete thing counts; "A pity
    about the rain." states nothing here."""
    r = ctx.reading
    toks = r.tokens
    head = toks[p.head]
    if _word_kind(head.base) != "item" and not W.is_carried_thing(head.base):
        return False
    a, b = r.sentence_tokens[head.sent]
    end = p.end
    while end < b and toks[end].kind != "punct":
        end += 1  # the rest of the fragment up to its first mark: "on the bar", not a verb
    rest = [t for t in toks[p.end:end] if t.kind == "word"]
    if any(t.low in V.VERBS and not W.is_known_noun(t.base) for t in rest) or verb_after(r, p, limit=4) is not None:
        return False
    before = toks[p.start - 1] if p.start > a else None
    if before is None:  # heading the sentence: it must say where
        return bool(rest) and rest[0].low in V.PREPOSITIONS
    if before.low not in (",", ":"):
        return False
    opening = [t for t in toks[a:p.start - 1] if t.kind == "word"]
    if not opening:
        return False
    if before.low == ":" and any(t.low in _LOOKING for t in opening):
        return True
    # where, and nothing else: "Beside the hearth," (not "Before he can answer, the door opens,"
    # nor "Greta nods, a smile on her face")
    if any(t.kind == "punct" for t in toks[a:p.start - 1]):
        return False  # more than one stretch before it: a clause of its own, not only where
    return opening[0].low in V.PREPOSITIONS and not any(
        t.low in V.SUBJECT_PRONOUNS or (t.low in V.VERBS and not W.is_known_noun(t.base)) for t in opening)


class ItemCheck:
    """A thing drawn, used, found or handed over must be held by whoever has it in the scene, lie
    in the location, or be something a place of that kind has: the guard's own sword and the
    bartender's rag are fine; a magic staff the warrior never had is not."""

    name = "items"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        out: list[Finding] = []
        seen: set[int] = set()
        toks = r.tokens
        n = len(toks)
        for i, t in enumerate(toks):
            low = _frame_form(t.low)
            if low is None and t.low in ("come", "comes", "came", "coming") and i + 2 < n and \
                    toks[i + 1].low in ("up", "out") and toks[i + 2].low == "with" and \
                    _event(r, i) and _hand_or_someone(ctx, i):
                low = "produce"  # "her hand comes up with a pearl-gripped knife", "his fingers
                # come out with a ring": drawn out, so the hand's owner must have had it
            if low is None and t.low in _PALM_VERBS:
                low = t.low
            if low is None or t.kind != "word" or not _event(r, i):
                continue
            if i > 0 and toks[i - 1].low in _NOUN_BEFORE:
                continue  # "every reading on the tablet", "his draw": a noun, not a doing
            frame = None
            skip = _PARTICLES
            strong = False  # the frame leaves no doubt that a thing changes hands
            given = False
            if low in _PLAYER_GIVES and i > 0 and toks[i - 1].low == "you" and \
                    _to_someone(ctx, i):
                # "you press a silver ingot into his palm", "you give Old Liu a coin": what the
                # player hands over must be the player's to give
                frame, strong, given = "own", True, True
            elif low in _OWN_VERBS:
                frame = "own"
                strong = low not in _DRAW or _from_own(r, i) or (
                    i + 1 < n and toks[i + 1].low in ("out", "forth"))
            elif low in _OWN_WITH_OUT and i + 1 < n and toks[i + 1].low in ("out", "forth"):
                frame = "own"
                strong = True
            elif low in _OWN_WITH_OUT and _from_own(r, i):
                frame = "own"
                strong = not _from_held_thing(ctx, i)
            elif low in _FIND_VERBS:
                frame = "find"
                strong = _then_kept(r, i)
            elif t.low in _YIELD_UP and i + 1 < n and toks[i + 1].low == "up" and \
                    _det_next(r, i + 2):
                # "the desk gives up an ashtray and a pawn ticket": what a searched thing
                # yields is found there
                frame = "find"
                strong = _then_kept(r, i)
            elif t.low in _PALM_VERBS and _det_next(r, i + 1):
                # "you palm a fat fold of banknotes": a thing taken must be there to take
                frame = "find"
            elif low in _HAND_VERBS and (i + 1 < n and toks[i + 1].low in ("you", "over")):
                frame = "hand"
                skip = _PARTICLES | {"you"}
                strong = toks[i + 1].low == "you" and low not in _GIVE_WORDS
            elif low in _HAND_VERBS and _to_you_after(r, i):
                frame = "hand"
                strong = True
            elif (low in _HANDLE_VERBS or low in _STRONG_HANDLE or low in _HAND_VERBS) and \
                    _from_own(r, i) and not _from_held_thing(ctx, i):
                frame = "own"  # "uncorks a bottle from inside his coat", "slides a card from
                strong = True  # her sleeve": out of one's own gear, so one must have it
            elif low in ("pick", "picks", "picked", "scoop", "scoops", "scooped") and i + 1 < n \
                    and toks[i + 1].low == "up":
                frame = "handle"  # "picks up the telephone"
                skip = _PARTICLES
            elif low in _HANDLE_VERBS or low in _STRONG_HANDLE:
                frame = "handle"
                strong = low in _STRONG_HANDLE
            elif low in ("strike", "strikes", "struck") and i + 2 < n and \
                    _struck_head(r, i) in ("flint", "match", "light", "lucifer", "tinderbox"):
                frame = "handle"  # "strikes a flint", "strikes a safety match": by its head
            elif low in ("close", "closes", "closed", "tighten", "tightens", "tightened") and \
                    i + 1 < n and toks[i + 1].low in ("on", "around", "over", "about"):
                frame = "find"  # "your hand closes on a sealed scroll"
            if frame is None:
                continue
            p = r.phrase_after(i + 1, skip | {"with"} if t.low in ("come", "comes", "came",
                                                                    "coming") else skip)
            if given and p is not None and (p.pronoun or p.name or (
                    ctx.refs and ctx.refs[p.head] is not None)):
                p = r.phrase_after(p.end, skip)  # the one given to, then the thing given
            if given and p is not None and (
                    not (p.det in ("a", "an", "some") or p.count is not None) or
                    V.lemma(toks[p.head].base) in _GESTURE_NOUNS or
                    (W.is_abstract(toks[p.head].base) and not W.is_carried_thing(toks[p.head].base))
                    or _given_here(ctx, p)):
                continue  # "you give him a nod", "your word", or something the scene has
            if p is None or p.pronoun or p.start in seen or (
                    p.name and p.det not in ("a", "an")):
                continue  # "a Walkman", "a Polaroid" are things; "Bram" is not
            if frame == "hand" and low in _GIVE_WORDS and not strong and i + 1 < n and \
                    toks[i + 1].low == "you":
                # "gives you a small silver icon": a thing, by what it is made of
                strong = any(toks[k].base in V.COLOURS or toks[k].base in V.SALIENT_MODIFIERS
                             for k in range(p.start, p.head))
            actor = subject_before(ctx, i)
            holder = actor.holder if actor.kind == "holder" else None
            if holder is None and actor.kind == "thing" and actor.phrase is not None and \
                    V.lemma(toks[actor.phrase.head].base) in _HANDS and \
                    has_owner(r, actor.phrase):
                # "Lucinda's hand comes up with a knife": what a hand does, its owner does
                holder = owner_of(ctx, actor.phrase)
                if holder is not None:
                    actor = type(actor)(kind="holder", holder=holder, phrase=actor.phrase)
            if frame == "own" and holder is None:
                holder = _storage_owner(ctx, i)  # "... pull a kettle from your pack"
                if holder is not None:
                    actor = type(actor)(kind="holder", holder=holder)
            if actor.kind == "person":
                continue  # someone absent: the people check reports them
            if frame == "handle" and not strong and W.is_abstract(toks[p.head].base) and \
                    not W.is_carried_thing(toks[p.head].base) and (
                        _word_kind(toks[p.head].base) != "item" or low in ("play", "plays",
                                                                           "played")):
                continue  # "plays a few bright notes", "turns a page": no thing changes hands
            if actor.kind == "thing" and frame == "handle" and actor.phrase is not None and \
                    V.lemma(toks[actor.phrase.head].base) not in V.BODY and \
                    W.is_abstract(toks[p.head].base) and \
                    not W.is_carried_thing(toks[p.head].base):
                continue  # "the lantern throws a swaying circle of gold": light, not a thing
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue  # "her shield", and we cannot tell whose
                holder = owner
            p = _colour_compound(ctx, p)
            phrases = [p]
            inner = _introduced_inside(r, p)
            if inner is not None:
                phrases.append(inner)  # "lights the fuse of a stick of dynamite"
            if frame == "find" or (frame in ("hand", "own") and strong):
                phrases += _list_after(r, p)  # "hands you a bottle of laudanum and a syringe"
            opened = _opened_container(ctx, i)
            for q in phrases:
                seen.add(q.start)
                f = _judge(ctx, q, frame, holder, strong)
                if f is not None and f.severity == "block" and opened and \
                        not any(toks[k].base in V.SALIENT_MODIFIERS for k in range(q.start,
                                                                                   q.head)):
                    # "unlocks the supply crate and hands you a tin of biscuits": what a
                    # container of the scene holds is not listed; only doubtful
                    f = Finding(kind=f.kind, severity="warn", confidence=0.5, span=f.span,
                                evidence=f.evidence, message=f.message, layer=f.layer,
                                start=f.start, end=f.end)
                if f is not None and f.severity == "block" and holder is not None and \
                        holder.kind in ("npc", "party") and _from_kit(ctx, i, holder):
                    # "Ames unrolls a strip of lint from his medical bag": what a kit made for
                    # the work holds is not listed; only doubtful
                    f = Finding(kind=f.kind, severity="warn", confidence=0.5, span=f.span,
                                evidence=f.evidence, message=f.message, layer=f.layer,
                                start=f.start, end=f.end)
                if f is not None and f.severity == "block" and not strong and \
                        q.det == "the" and _part_of_named(ctx, q):
                    f = Finding(kind=f.kind, severity="warn", confidence=0.5, span=f.span,
                                evidence=f.evidence, message=f.message, layer=f.layer,
                                start=f.start, end=f.end)
                if f is not None:
                    out.append(f)
        # existence: "there is a sword on the wall", "on the table lies a jeweled dagger",
        # "a silver key glints in the straw"
        for p in r.phrases:
            if p.start in seen or p.pronoun or p.name or not _event(r, p.head):
                continue
            before = toks[p.start - 1].low if p.start > 0 else ""
            before2 = toks[p.start - 2] if p.start > 1 else None
            indefinite = p.det in ("a", "an", "some") or p.count is not None
            exists = (before in _LIES and indefinite and before2 is not None
                      and before2.kind == "word" and (before2.low in V.PREPOSITIONS
                                                      or ctx.reading.phrase_containing(
                                                          p.start - 2) is not None)
                      and not (ctx.refs and ctx.refs[p.start - 2] is not None)) or (
                before in _LIES and indefinite and before2 is not None and before2.low == ","
                and _locative_opening(r, p.start - 2)) or (
                before in ("is", "are", "'s", "stands", "sits", "lies", "hangs")
                and before2 is not None and before2.low == "there") or before == "there's"
            arrives = False
            listed: list[Phrase] = []
            if not exists and indefinite and _verbless_presence(ctx, p):
                # "Beside the hearth, a silver dagger.", "You look around: a stool, a lantern"
                exists = True
                listed = _list_after(r, p)
            if not exists:
                vi = verb_after(r, p, limit=4)
                exists = vi is not None and toks[vi].low in _LIES
                if not exists and vi is not None and p.det in ("a", "an") and \
                        _comes_to_hand(r, p, vi):
                    exists = arrives = True  # "a golden crown rises ... into your hands"
            if not exists:
                continue
            if arrives:
                seen.add(p.start)
                f = _judge(ctx, p, "find", None, True)
                if f is not None:
                    out.append(f)
                continue
            seen.add(p.start)
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue
                f = _judge(ctx, p, "possession", owner)
            elif p.det in ("a", "an", "some") and _then_kept(r, p.head):
                # "at your feet lies a phoenix feather, and you pick it up"
                f = _judge(ctx, p, "find", None, True)
            elif p.det in ("the", "this", "that") and _held_by_someone(ctx, p):
                continue  # "the pocket where the study key rests": the NPC's own key
            else:
                f = _judge(ctx, p, "find", None)
            if f is not None:
                out.append(f)
            for q in listed:
                if q.start not in seen:
                    seen.add(q.start)
                    f = _judge(ctx, q, "find", None)
                    if f is not None:
                        out.append(f)
        # one more than someone has: "and then a second hand crossbow from his belt"
        for p in r.phrases:
            if p.start in seen or not p.new or p.pronoun or p.name or not _event(r, p.head):
                continue
            if _word_kind(r.tokens[p.head].base) != "item":
                continue
            actor = subject_before(ctx, p.start)
            if actor.kind == "holder":
                seen.add(p.start)
                f = _judge(ctx, p, "handle", actor.holder)
                if f is not None:
                    out.append(f)
        # any doing of someone here on a thing introduced with "a": "Rustam shoulders a
        # matchlock", "you flick out a box cutter": the doer has it in hand, so must hold it
        out += self._wielded(ctx, seen)
        # instruments and possessions: "with a warhammer", "your crossbow"
        for p in r.phrases:
            if p.start in seen or p.pronoun or p.name or not _event(r, p.head):
                continue
            if has_owner(r, p):
                holder = owner_of(ctx, p)
                if holder is not None:
                    f = _judge(ctx, p, "possession", holder)
                    if f is not None:
                        out.append(f)
                        seen.add(p.start)
                continue
            held_by = _in_hand_of(ctx, p) or _kept_on(ctx, p)
            fastened, worn_by = fastened_to(ctx, p)
            if held_by is None and worn_by is not None:
                held_by = worn_by  # "the pocket watch chained to his doublet": his
            elif held_by is None and fastened:
                # "the brass compass lashed beside the steering oar": said to be fixed here,
                # so the place must have it
                f = _judge(ctx, p, "find", None)
                if f is not None:
                    out.append(f)
                    seen.add(p.start)
                continue
            if held_by is not None:
                # "the brass compass in your palm": in someone's hand, so theirs
                f = _judge(ctx, p, "possession", held_by)
                if f is not None:
                    out.append(f)
                    seen.add(p.start)
                continue
            sub = _owned_complement(ctx, p)
            if sub is not None:
                # "the glowing digits of your wristwatch": the wristwatch is yours
                f = _judge(ctx, sub, "possession", owner_of(ctx, sub))
                if f is not None:
                    out.append(f)
                    seen.add(p.start)
                continue
            if p.start > 0 and toks[p.start - 1].low == "with":
                if _manner(r, p):
                    continue
                actor = subject_before(ctx, p.start - 1)
                if actor.kind == "holder":
                    f = _judge(ctx, p, "instrument", actor.holder)
                    if f is not None:
                        out.append(f)
                        seen.add(p.start)
        return out

    def _wielded(self, ctx: CheckContext, seen: set[int]) -> list[Finding]:
        """A thing introduced with "a" as the object of a verb of handling, moving or having
        (by WordNet's class of the verb's commonest sense, not a list) whose subject is someone
        of the scene, optionally after a particle ("flicks out a box cutter"). Seeing, wanting,
        asking for or speaking of a thing does not put it in hand."""
        r = ctx.reading
        toks = r.tokens
        n = len(toks)
        out: list[Finding] = []
        for i, t in enumerate(toks):
            if t.kind != "word" or t.cap and not t.initial or not _event(r, i) or \
                    t.low in V.AUXILIARIES or t.low in _NOUN_BEFORE:
                continue
            j = i + 1
            out_of_gear = j < n and toks[j].low in ("out", "forth")
            if out_of_gear:
                j += 1
            p = r.phrase_at.get(j)
            if p is None or p.start in seen or p.det not in ("a", "an") or p.name or \
                    p.pronoun or p.of_head is not None or not _event(r, p.head):
                continue
            if i > 0 and toks[i - 1].kind == "word" and (toks[i - 1].low in V.DETERMINERS
                                                         or toks[i - 1].low == "to"):
                continue  # "a swift kick", "to fetch a lamp": a noun, or not done yet
            base = W.verb_base(t.low)
            if base is None or not out_of_gear and W.verb_codes(base)[:1] not in ("c", "v", "o"):
                continue
            mine = r.phrase_containing(i)
            if mine is not None and (mine.det or mine.end - mine.start > 1):
                continue  # a noun phrase, not a verb ("shoulders" alone may be the verb)
            if p.end < n and toks[p.end].low in ("off", "from", "of", "out"):
                continue  # "hacks a slab off the roast": a part of something here
            if p.end + 1 < n and toks[p.end].low in ("on", "in", "inside", "at") and (
                    toks[p.end + 1].low in V.POSSESSIVE_PRONOUNS or toks[p.end + 1].possessive):
                continue  # "taps a few keys on his datapad": a part of a held thing
            if any(toks[k].low in ("few", "couple", "bit", "little") for k in range(p.start,
                                                                                 p.head)):
                continue  # "a few keys", "a couple of": an amount, not one thing brought
            head = toks[p.head].base
            if not _carried(r, p) or _word_kind(head) in ("colour", "creature", "person",
                                                          "fixture"):
                continue
            actor = subject_before(ctx, i)
            if actor.kind != "holder" or actor.holder is None or (
                    actor.holder.kind == "player" and not out_of_gear and
                    not _wrought(r, p)):
                continue  # the player's own doings make things (a knot, a splint) too, but
                # not "a dented copper samovar": a thing named by its metal was made elsewhere
            seen.add(p.start)
            f = _judge(ctx, p, "handle", actor.holder, True)
            if f is not None:
                out.append(f)
        return out

    def prepare(self, g: SceneGrounding) -> None:
        _multiword_items(g)
