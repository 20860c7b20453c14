"""A parsed step -> one ``Intent``: the readings that cut across verbs, then the verb's handler.

Why separate: some readings overrule the verb whatever it is (a claimed power or rite, a deed
inside a game or a dream, "my way into", hauling oneself up, riding a cab somewhere, handing
someone something), and every handler's result gets the words' commitments added; this is the one
place that orders them, and the one module that knows every handler (``_HANDLERS``).
"""

from __future__ import annotations

from dataclasses import replace

from bot.guard.index import BEING_KINDS
from bot.guard.intent.casting import _h_ability, _h_cast, _h_heal, _h_summon
from bot.guard.intent.combat import _h_attack, _h_force, _h_push, _h_shoot, _h_throw
from bot.guard.intent.commit import _commit
from bot.guard.intent.locks import worked_lock, worked_open
from bot.guard.intent.destinations import _is_vehicle
from bot.guard.intent.model import _Ctx, _NP, _Step, _Tok, _pp
from bot.guard.intent.movement import _h_approach, _h_climb, _h_jump, _h_move, _h_pseudo, _h_shapeshift
from bot.guard.intent.powers import _power, _rite
from bot.guard.intent.resolve import (
    _category, _is_beingish, _named_in_apposition, _method, _new, _possessor, _pronoun, _remember, _resolve, _set_method,
    _set_target, _unresolved, _with_method,
)
from bot.guard.intent.roles import _split_double
from bot.guard.intent.talk import _h_buy, _h_give, _h_order, _h_sell, _h_talk
from bot.guard.intent.things import (
    _h_consume, _h_examine, _h_hide, _h_light, _h_open, _h_other, _h_play, _h_ready, _h_rest,
    _h_take, _h_use, _h_wear,
)
from bot.guard.lexicon.nouns import BEINGS, FICTION_FRAMES, GENERIC_BEINGS, MEDIA
from bot.guard.lexicon.wordclass import first_class
from bot.guard.lexicon.words import norm_phrase, singular
from bot.world.intent import Intent
from bot.world.scene import Scene


def _interpret(step: _Step, ctx: _Ctx, text: str) -> Intent | None:
    words = text[step.toks[0].start : step.toks[-1].end].strip() if step.toks else text.strip()
    conf = {"first": 0.95, "none": 0.85 if ctx.prose else 0.92, "name": 0.85, "third": 0.72, "they": 0.6}.get(step.subject, 0.7)
    if step.negated:
        return Intent("other", words=words, confidence=0.5, resolved=True)
    power = _power(step, ctx, words, conf) or _rite(step, ctx, words, conf)
    if power is not None:
        _remember(power, ctx)
        return power
    if _fiction_frame(step, ctx):
        # "I frag Derek in Quake with the rocket launcher", "in my dream I fly": what happens
        # inside a game, story or dream is not done in the scene
        return Intent("other", words=words, confidence=conf, resolved=True)
    cls = step.cls
    lock = worked_lock(step, ctx) if cls not in ("open", "unlock", "picklock") else None
    if lock is not None:
        # "spin the dial on the wall safe till it opens", "break the seal on the hatch (and open
        # it)": the locked feature is what is worked at; opened, it is an opening of it
        intent = _new("open" if worked_open(step) else "other", words, conf)
        _set_target(intent, lock)
        _set_method(intent, _with_method(step, ctx), ctx)
        _remember(intent, ctx)
        return intent
    if step.dobj is not None and step.dobj.lows[-1:] == ["way"] and step.dobj.possessive is not None and step.pps:
        # "I shoulder my way into the storehouse", "I elbow my way through the crowd": going there
        way = _Step(step.toks, step.lemma, "move", step.subject, step.negated, None, step.pps, step.particles, step.purpose, step.rest, step.speech)
        intent = _h_move(way, ctx, words, conf)
        if intent.target_kind == "feature" and step.pps[0][0] in ("up", "down"):
            intent.action_type = "climb"  # "work my way down the hull": up or down a feature is climbing it
        _remember(intent, ctx)
        return intent
    if _hauls_oneself_up(step, ctx):
        # "I haul myself up the wall", "pull myself up onto the ledge", "hoist myself over the
        # parapet": whatever the verb, taking one's own body up or over a thing is climbing it
        step = replace(step, cls="climb", dobj=None)
        cls = "climb"
    if step.lemma in _BODY_DROPS and (step.dobj is None or step.dobj.lows == ["myself"]) and cls not in ("move", "climb", "jump") and (
        (step.pps and step.pps[0][0] in ("into", "down", "through", "thru", "onto", "inside", "under", "beneath", "off"))
        or (not step.pps and set(step.particles) & {"down", "in", "through"})
    ):
        cls = "move"  # "I drop into the hold", "I lower myself down the rope": the body goes there
        step = replace(step, cls=cls, dobj=None)
    if cls == "hide" and step.dobj is None and step.pps and step.pps[0][0] in ("into", "inside", "through", "thru") and ctx.index.behind(step.pps[0][1].text) is not None:
        cls = "move"  # "duck into the stockroom": to hide in a room behind a door is to go in through it
        step = replace(step, cls=cls)
    if step.lemma in _HANDING and cls not in ("give", "throw", "buy", "sell") and step.dobj is not None:
        parts = _split_double(step.dobj)
        if (
            len(parts) == 2 and (_is_beingish(parts[0], ctx) or (parts[0].lows == ["it"] and bool(ctx.scene.creatures)))
            and _pronoun(parts[1]) is None
            and _resolve(parts[1], ctx, BEING_KINDS, min_score=80) is None
            and not (_category(parts[1], ctx) in ("being", "hostile", "generic_being") and _commonly_someone(parts[1]))
        ):
            # "I slip Lola a flask", "I pass the guard a note", "I feed the mule an apple":
            # someone, then something, after a verb of handing is a hand-over
            step = replace(step, cls="give")
            cls = "give"
    into_hand = _into_someones_hand(step, ctx) if cls not in ("give", "throw", "buy", "sell") and step.dobj is not None else None
    if into_hand is not None:
        # "I count ten coins into Mags's hand", "press the note into his palm": handed over
        step = replace(step, cls="give", pps=[("to", into_hand), *(pp for pp in step.pps if pp[1] is not into_hand)])
        cls = "give"
    if cls == "move" and _placed(step, ctx):
        # "slip the Mickey Finn into Moreno's drink", "slip a note under the door": the object
        # is put somewhere; it is used, and must be held or lie here, while the player stays
        intent = _new("use_item", words, conf)
        _set_method(intent, _method(step.dobj, ctx) or _unresolved(step.dobj, ctx), ctx, "item")
        _commit(intent, step, ctx)
        _remember(intent, ctx)
        return intent
    if _rides_to(step, ctx):
        # "I take a cab to City Hall", "I catch the night train to Boston": travel by a vehicle
        # is going to where it goes
        intent = _h_move(replace(step, cls="move", dobj=None), ctx, words, conf)
        _remember(intent, ctx)
        return intent
    if cls is None and step.dobj is not None and _propelled_along(step):
        # "pole it west along the flooded tracks to Liverpool Street", "paddle the canoe up the
        # creek to the mill": an unknown verb that moves a thing along a way to somewhere takes
        # the player there with it
        intent = _h_move(replace(step, cls="move", dobj=None), ctx, words, conf)
        _remember(intent, ctx)
        return intent
    if cls is None and step.dobj is None and step.pps and step.pps[0][0] in ("into", "inside", "through", "thru"):
        cls = "move"  # "I badge into the server room": going in
        step.cls = cls
    if cls in ("attack", "force") and step.dobj is None and step.pps and step.pps[0][0] in ("into", "inside") and ctx.index.behind(step.pps[0][1].text) is not None:
        cls = "move"  # "I break into the equipment room": the room behind its door is gone into
        step = replace(step, cls=cls)
    if cls is None:
        at = _pp(step, "at", "toward", "towards")
        if step.dobj is not None and at is not None and not _is_beingish(step.dobj, ctx) and _is_beingish(at, ctx):
            intent = _h_throw(step, ctx, words, conf * 0.8)  # "I lob a grenade at the rat"
            _remember(intent, ctx)
            return intent
        intent = Intent("other", words=words, ambiguous=True, confidence=0.3 * conf, resolved=True)
        m = _with_method(step, ctx)
        if m is not None and m.resolved:
            _set_method(intent, m, ctx)
        _commit(intent, step, ctx)
        return intent
    handler = _HANDLERS.get(cls, _h_other)
    intent = handler(step, ctx, words, conf)
    if intent is not None:
        _commit(intent, step, ctx)
        _remember(intent, ctx)
        if intent.target is None and step.dobj is not None and _named_in_apposition(step.dobj, ctx) and _resolve(step.dobj, ctx, BEING_KINDS, min_score=80) is None:
            # "I toast grandfather Shalva ... and tell him to pour": whatever the deed, the one
            # it names is whom a later "him" or "her" means
            ctx.last_being = (step.dobj.text, "being", step.dobj.text)
    return intent


def _commonly_someone(np: _NP) -> bool:
    """Whether a phrase's head is a word for someone in its commonest sense ("the guard", "a
    wolf"), not only in a rare one ("some crumbs": a crumb is seldom a person)."""
    head = np.head
    return head in BEINGS or head in GENERIC_BEINGS or first_class(head) in ("P", "A") or bool(np.toks and np.toks[-1].cap)


# Verbs that hand something over when two objects follow them ("slip Lola a flask").
_WAYS_ALONG = frozenset("along across through up down over under past around".split())
_COMPASS = frozenset("north south east west northward southward eastward westward upstream downstream".split())


def _propelled_along(step: _Step) -> bool:
    """A way followed (a path phrase or a compass point) and a destination reached ("to ...")."""
    preps = [p for p, _ in step.pps]
    if not any(p in ("to", "toward", "towards") for p in preps):
        return False
    return any(p in _WAYS_ALONG for p in preps) or bool(set(step.particles) & _COMPASS)


_HANDS = frozenset("hand hands palm palms fist grip fingers".split())


def _into_someones_hand(step: _Step, ctx: _Ctx) -> _NP | None:
    """Whoever a thing is put "into Mags's hand" or "in his palm": the hand's owner, when that
    owner is someone."""
    for prep, np in step.pps:
        if prep not in ("into", "in", "onto", "on") or np.lows[-1:] == [] or np.lows[-1] not in _HANDS or len(np.toks) < 2:
            continue
        owner = np.toks[-2]
        if owner.low in ("his", "her", "their"):
            return _NP([_Tok({"his": "him", "her": "her", "their": "them"}[owner.low], {"his": "him", "her": "her", "their": "them"}[owner.low], owner.start, owner.end, False)])
        if owner.low.endswith(("'s", "s'")):
            name = owner.text[:-2] if owner.low.endswith("'s") else owner.text[:-1]
            who = _NP([*np.toks[:-2], _Tok(name, name.casefold(), owner.start, owner.start + len(name), owner.cap)])  # "the ferrywoman"
            if _is_beingish(who, ctx):
                return who
    return None


_HANDING = frozenset("slip pass toss bring send sneak feed pour hand offer lob chuck fling sling flick".split())
# Verbs that, with a vehicle for object and a destination, mean riding it there.
_BOARDING = frozenset("catch hail flag board hop jump call book charter grab hire get take".split())


_PLACING = frozenset({"into", "in", "inside", "under", "beneath", "underneath", "onto", "behind", "between"})


def _placed(step: _Step, ctx: _Ctx) -> bool:
    """Whether a verb of going has a thing for object and somewhere to put it ("slip the powder
    into his drink", "slide the letter under the door"): the object moves, not the player."""
    d = step.dobj
    if d is None or not d.toks or step.pseudo is not None:
        return False
    if d.lows[-1:] == ["way"] or set(d.lows) & _OWN_BODY or _pronoun(d) in ("self", "being"):
        return False
    if _resolve(d, ctx, BEING_KINDS, min_score=85) is not None:
        return False
    into = next((np for p, np in step.pps if p in _PLACING), None)
    if into is None:
        return False
    if _resolve(into, ctx, ("exit", "location", "place"), min_score=80) is not None:
        return False
    return _possessor(into) is not None or _category(into, ctx) in ("gear", "food", "clothing", "fixture") or (
        _resolve(into, ctx, ("item", "inventory", "npc_item", "content", "feature"), min_score=80) is not None
    )


def _rides_to(step: _Step, ctx: _Ctx) -> bool:
    d = step.dobj
    if d is None or _pp(step, "to", "toward", "towards") is None:
        return False
    if step.lemma not in _BOARDING and step.cls not in ("take", None):
        return False
    if d.possessive not in (None, "my", "our") or _possessor(d) is not None:
        return False
    return _is_vehicle(d, ctx)


# Verbs of letting the body go somewhere, when they have no object ("I drop into the hold").
_BODY_DROPS = frozenset("drop lower slide roll fall tumble swing lower ease squeeze".split())
_OWN_BODY = frozenset({"myself", "ourselves", "himself", "herself", "themselves"})
_UPWARD = frozenset({"up", "onto", "over", "atop", "upon"})


def _hauls_oneself_up(step: _Step, ctx: _Ctx) -> bool:
    d = step.dobj
    if d is None or len(d.toks) != 1 or d.toks[0].low not in _OWN_BODY or not step.pps:
        return False
    if step.cls in ("talk", "order", "give", "cast", "heal", "examine", "rest", "climb", "teleport", "fly", "phase"):
        return False
    prep, np = step.pps[0]
    up = prep in _UPWARD or ("up" in step.particles and prep in ("on", "to", "into"))
    return up and not _is_beingish(np, ctx)


# Prepositions that liken the deed to another's: a frame after them belongs to the likeness.
_LIKENING = frozenset({"like", "as", "than"})


def _fiction_frame(step: _Step, ctx: _Ctx) -> bool:
    """Whether the step is set inside a game, story or dream: "in the game", "in my dream", or
    "in <Title>" where the title is printed on something in the scene (a "Quake CD"). A frame
    right after a likeness describes what the deed is likened to ("fly up like the saints in the
    stories" is flown here, as the saints of the stories did), not where the deed is done."""
    for at, (prep, np) in enumerate(step.pps):
        if prep not in ("in", "inside", "within", "during") or not np.toks:
            continue
        if at and step.pps[at - 1][0] in _LIKENING:
            continue
        head = singular(np.head or "")
        if head in FICTION_FRAMES and np.lows[0] in ("the", "a", "my", "our", "this", "that", "his", "her", "their", "some"):
            return True
        if all(t.cap for t in np.toks) and len(np.toks) <= 3 and np.key in _media_titles(ctx.scene):
            return True
    return False


def _media_titles(scene: Scene) -> set[str]:
    """Titles printed on the scene's games, discs and books: "Quake CD" -> "quake"."""
    names = [*scene.items, *scene.player.inventory]
    for npc in scene.npcs:
        names.extend(npc.items)
    for member in scene.party:
        names.extend(member.inventory)
    out: set[str] = set()
    for name in names:
        words = norm_phrase(name).split()
        if len(words) > 1 and words[-1] in MEDIA:
            out.add(" ".join(words[:-1]))
    return out


# each handler: (step, ctx, words, conf) -> Intent
_HANDLERS = {
    "attack": _h_attack,
    "shoot": _h_shoot,
    "throw": _h_throw,
    "talk": _h_talk,
    "order": _h_order,
    "buy": _h_buy,
    "sell": _h_sell,
    "give": _h_give,
    "move": _h_move,
    "approach": _h_approach,
    "fly": _h_pseudo,
    "teleport": _h_pseudo,
    "phase": _h_pseudo,
    "turn": _h_pseudo,
    "shapeshift": _h_shapeshift,
    "climb": _h_climb,
    "take": _h_take,
    "steal": _h_take,
    "examine": _h_examine,
    "rest": _h_rest,
    "use": _h_use,
    "ready": _h_ready,
    "consume": _h_consume,
    "light": _h_light,
    "wear": _h_wear,
    "play": _h_play,
    "open": _h_open,
    "unlock": _h_open,
    "picklock": _h_open,
    "force": _h_force,
    "push": _h_push,
    "cast": _h_cast,
    "summon": _h_summon,
    "heal": _h_heal,
    "ability": _h_ability,
    "hide": _h_hide,
    "jump": _h_jump,
    "benign": _h_other,
}
