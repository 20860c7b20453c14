"""The verbs' handlers for going: moving, leaping, climbing, flying, phasing, changing shape.

Why separate: movement is where physics claims hide ("I walk through the wall", "I leap thirty
feet onto the roof", "I turn into mist"), so these handlers name the power a move needs
(phasing, leaping, flight, gaseous form) for pre-validation to check against the sheet; and a
move with a purpose ("I scramble up the walls to get away") becomes the way taken and the
purpose, each checked.
"""

from __future__ import annotations

from dataclasses import replace

from bot.guard.intent.barriers import solid_barrier
from bot.guard.intent.destinations import _building_elsewhere, _destination, _named_place, _passage, _state_change
from bot.guard.intent.model import _Ctx, _Ref, _Step, _Tok, _pp
from bot.guard.intent.parse import _purpose_step
from bot.guard.intent.powers import _LEAPING, _impossible_surface
from bot.guard.intent.resolve import (
    _category, _inherit_target, _method, _new, _resolve, _set_method, _set_target, _unresolved, _with_method,
)
from bot.guard.index import BEING_KINDS
from bot.guard.lexicon.nouns import BEINGS
from bot.guard.lexicon.verbs import MERGING
from bot.guard.lexicon.wordclass import is_substance, noun_codes, verb_base
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, norm_phrase, singular
from bot.world.intent import Intent


_SOLID = frozenset("wall floor ceiling rock stone bedrock roof ground hull cliff mountain bar barred grate grille bars".split())


# Ways a run goes somewhere: "run a mile to the village" is a journey, "run a scan on it" is not.
_RUN_WAYS = frozenset("to into toward towards through across along up down out over past around from onto".split())


# Measures of a way run, not procedures: "run the length of the hall", "run a mile".
_WAY_MEASURES = frozenset("length width breadth mile miles distance lap laps course gauntlet race marathon circuit".split())


def _operation_run(step: _Step) -> bool:
    """ "Run" with an object that is a procedure, not a road ("run a full diagnostic", "run the
    numbers", "run some tests"): the commonest sense of the object is something done, or a word
    no dictionary has, and no way is named, so nothing is travelled."""
    d = step.dobj
    if step.lemma != "run" or d is None or not d.toks or d.toks[-1].cap:
        return False
    for p, np in step.pps:
        if p == "to" and np.toks and np.toks[0].low not in DETERMINERS and not np.toks[0].cap and verb_base(np.toks[0].low) is not None:
            continue  # "to work out why": a purpose the parse took for a way
        if p in _RUN_WAYS:
            return False
    named = d.lows[: d.lows.index("of")] if "of" in d.lows else d.lows  # "a scan of the hull": a scan
    return bool(named) and named[-1] not in _WAY_MEASURES and noun_codes(singular(named[-1]))[:1] in ("X", "")


def _operation(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """A procedure run on something with something ("a diagnostic on the rover with my
    datapad"): a look at what it is run on, with the tool claimed as the player's own."""
    intent = _new("examine", words, conf)
    for prep, np in step.pps:
        if prep in ("with", "using", "on") and np.possessive in ("my", "our") and intent.method is None:
            _set_method(intent, _method(np, ctx) or _unresolved(np, ctx), ctx, "item")
            intent.action_type = "use_item"  # "the numbers on my calculator": the device is used
        elif prep in ("on", "of", "over") and intent.target is None:
            _set_target(intent, _resolve(np, ctx, (*BEING_KINDS, "item", "content", "feature", "npc_item", "inventory"), min_score=70) or _unresolved(np, ctx))
    return intent


def _h_move(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    surface = _impossible_surface(step)
    if surface is not None:
        intent = _new("move", words, conf)
        mode, np = surface
        _set_method(intent, _Ref(mode, "ability", step.lemma or "walk", True), ctx, "ability")
        intent.method_text = f"{step.lemma or 'walk'} {np.text}"
        _set_target(intent, _destination(step, ctx))
        return intent
    if step.purpose and step.dobj is None and not any(p in ("to", "toward", "towards", "into") for p, _ in step.pps):
        sub = _purpose_step(step, ctx)
        if sub is not None:
            sub_intent = ctx.interpret(sub, ctx, words)
            if sub_intent is not None and sub_intent.action_type not in ("other",):
                sub_intent.words = words
                if step.pps:
                    # "I scramble up the earthen walls to get away": the way taken is a step of
                    # its own, checked like any movement; the purpose follows it
                    bare = replace(step, purpose=[])
                    way = _h_move(bare, ctx, words, conf)
                    if way.method_kind == "ability" or (way.target is not None and way.target_kind in ("feature", "exit", "place", "location", "being")):
                        # a way flown or blinked keeps the power it needs ("fly out along the hull to see ...")
                        ctx.intents.append(way)
                return sub_intent
    if _state_change(step, ctx):
        return _new("other", words, conf)  # "I go berserk", "I go quiet", "I get angry"
    if _operation_run(step):
        return _operation(step, ctx, words, conf)  # "I run a diagnostic on the pumps": operated, not gone to
    intent = _new("move", words, conf)
    through = _pp(step, "through", "thru")
    if through is None and step.lemma in MERGING:
        through = _pp(step, "into", "in")  # "I melt into the rock", "sink into the stone floor"
    if through is not None:
        ref = _resolve(through, ctx, ("feature", "exit", "location", "item"), min_score=70)
        head = through.head
        solid = head in _SOLID or (
            ref is not None and ref.kind == "feature" and bool(set(norm_phrase(ref.name).split()) & _SOLID) and ref.kind != "exit"
        ) or (ref is not None and ref.kind == "feature" and solid_barrier(ctx.index.feature(ref.name), step.lemma))
        if solid:
            _set_method(intent, _Ref("phasing", "ability", step.lemma or "walk", True), ctx, "ability")
            intent.method_text = f"{step.lemma or 'go'} through {through.text}"
            _set_target(intent, ref or _Ref(through.text, "fixture", through.text, False))
            return intent
    if step.lemma in ("leave", "exit", "depart", "escape", "flee", "quit", "abandon") and step.dobj is not None and not _pp(step, "to", "for", "toward", "towards", "into"):
        here = ctx.scene.location.name
        _set_target(intent, _Ref(here or step.dobj.text, "location", step.dobj.text, True))
        return intent  # leaving where one is: the way out is the GM's to describe
    dest = _passage(step, ctx) or _destination(step, ctx)
    if dest is not None and not dest.resolved and (
        (dest.kind == "fixture" and (_building_elsewhere(step, dest, ctx) or _named_place(dest, ctx)))
        or (dest.kind == "item" and _named_place(dest, ctx))
    ):
        dest = _Ref(dest.name, "place", dest.text, False, 0.0)  # "to the train station": a place
    if (
        step.lemma in _LEAPING and dest is not None and not dest.resolved and dest.kind in ("place", "fixture")
        and step.pps and all(p in ("over", "across") for p, _ in step.pps)
    ):
        return _new("other", words, conf)  # "I hop over the stream": over something, not off to it
    if step.pseudo is not None:
        _set_method(intent, _Ref(step.pseudo, "ability", step.lemma or step.pseudo, True), ctx, "ability")
    if dest is None and step.cls == "approach" and step.dobj is None:
        _inherit_target(intent, ctx)
    _set_target(intent, dest)
    if step.lemma in ("leave", "exit", "depart", "escape", "flee") and dest is not None and dest.kind == "location":
        intent.target_kind = "location"
    if dest is not None and dest.kind == "feature" and step.pps and step.pps[0][0] in ("up", "over", "atop") and step.dobj is None:
        f = ctx.index.feature(dest.name)
        if f is not None and f.climbable is False:
            intent.action_type = "climb"  # "I scramble up the bulkhead wall" is a climb
    return intent


_LOFTY = frozenset("roof rooftop rooftops nest crow's-nest treetop treetops battlement battlements spire steeple moon sky cloud clouds top summit masthead".split())
_UNITS = {"foot": 1.0, "feet": 1.0, "ft": 1.0, "yard": 3.0, "yards": 3.0, "yd": 3.0, "yds": 3.0, "metre": 3.3, "metres": 3.3,
          "meter": 3.3, "meters": 3.3, "m": 3.3, "story": 10.0, "stories": 10.0, "storey": 10.0, "storeys": 10.0, "floor": 10.0, "floors": 10.0}


def _leap_feet(toks: list[_Tok]) -> float:
    """How far the words say a leap goes, in feet (0 when they say no distance): "thirty feet",
    "20 ft", "two stories", "tens of feet"."""
    best = 0.0
    for i, t in enumerate(toks[:-1]):
        low, nxt = t.low, toks[i + 1].low
        unit = _UNITS.get(nxt)
        if unit is None and nxt == "of" and i + 2 < len(toks):
            unit = _UNITS.get(toks[i + 2].low)  # "tens of feet"
        if unit is None:
            continue
        if low.replace(".", "", 1).isdigit():
            value = float(low)
        elif low in NUMBER_WORDS:
            value = float(NUMBER_WORDS[low])
            if i > 0 and toks[i - 1].low in NUMBER_WORDS and NUMBER_WORDS[toks[i - 1].low] >= 20:
                value += NUMBER_WORDS[toks[i - 1].low]
        elif low in ("tens", "dozens", "scores", "hundreds", "thousands", "many", "several"):
            value = {"tens": 20.0, "dozens": 24.0, "scores": 40.0, "hundreds": 200.0, "thousands": 2000.0, "many": 20.0, "several": 10.0}[low]
        else:
            continue
        best = max(best, value * unit)
    return best


def _h_jump(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """A leap: a movement, impossible when it goes through solid matter, tens of feet, or up onto a
    roof or mast top; a climb of what it goes over or up onto."""
    if not step.pps and step.dobj is None and _leap_feet(step.toks) == 0:
        return _new("other", words, conf)  # "I jump", "I leap aside"
    if step.dobj is not None and not step.pps and _leap_feet(step.toks) == 0:
        intent = _new("climb", words, conf)  # "I vault the fence": over it
        ref = _resolve(step.dobj, ctx, ("feature", "item", "content", "npc", "creature"), min_score=65)
        _set_target(intent, ref or _unresolved(step.dobj, ctx))
        return intent
    intent = _h_move(step, ctx, words, conf)
    if intent.method_kind == "ability":
        return intent  # through a ceiling, across the water
    if _leaps_a_gap(step):
        # "leap the gorge in one bound", "jump across the river": no legs carry that far
        _set_method(intent, _Ref("leaping", "ability", step.lemma or "leap", True), ctx, "ability")
        intent.method_text = words
        return intent
    far = _leap_feet(step.toks)
    lofty = [np for p, np in step.pps if p in ("onto", "on", "to", "up", "into", "atop", "over") and (
        np.head in _LOFTY or (np.toks and np.toks[-1].low in _LOFTY) or (np.lows[:1] == ["top"]) or np.lows[1:2] == ["top"])]
    if far >= 15.0 or lofty:
        _set_method(intent, _Ref("leaping", "ability", step.lemma or "leap", True), ctx, "ability")
        intent.method_text = words
        return intent
    if step.pps and all(p in ("over", "across") for p, _ in step.pps) and intent.target_kind in ("place", None) and not intent.resolved:
        return _new("other", words, conf)  # "I hop over the stream": over something, not off to it
    over = _pp(step, "over", "onto", "atop")
    if over is not None and intent.target_kind == "feature":
        f = ctx.index.feature(intent.target or "")
        if f is not None and f.climbable is False:
            intent.action_type = "climb"  # leaping a wall one cannot climb is climbing it
    return intent


# Landforms and waters too wide for any leap; a stream, ditch or gap between roofs is not.
_GAPS = frozenset(
    """fjord fiord river lake canyon gorge chasm ravine valley gulf strait straits sound bay sea
    ocean estuary firth loch lagoon harbour harbor abyss rift channel""".split()
)


def _leaps_a_gap(step: _Step) -> bool:
    """A leap over a landform no legs clear, or "in one bound" over a whole place."""
    nps = [np for np in [step.dobj, *(np for p, np in step.pps if p in ("over", "across", "to", "onto"))] if np is not None]
    if any(np.head in _GAPS or singular(np.head) in _GAPS for np in nps):
        return True
    lows = [t.low for t in step.toks]
    bound = any(lows[i] in ("one", "single", "a") and lows[i + 1] == "bound" for i in range(len(lows) - 1))
    return bound and any(np.head not in ("ground", "floor", "feet", "side") for np in nps)


def _h_approach(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _h_move(step, ctx, words, conf)


def _h_pseudo(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    if step.cls == "turn":
        if step.pseudo is None:
            return _new("other", words, conf)  # "turn the wheel", "turn to face him"
        intent = _new("ability", words, conf)
        _set_method(intent, _Ref(step.pseudo, "ability", words, True), ctx, "ability")
        return intent
    return _h_move(step, ctx, words, conf)


_FORMS = frozenset("mist smoke fog vapor vapour gas shadow cloud dust sand ash water liquid light air fire flame lightning steam puddle ooze slime sludge".split())


def _h_shapeshift(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    into = step.dobj or _pp(step, "into")
    if into is not None and into.head and (into.head in _FORMS or (is_substance(into.head) and into.head not in BEINGS)):
        # "I turn into mist": no shape of a creature, a body that passes under doors
        intent = _new("ability", words, conf)
        _set_method(intent, _Ref("gaseous form", "ability", words, True), ctx, "ability")
        return intent
    if into is not None and _category(into, ctx) not in ("being", "hostile", "generic_being"):
        # "turn into the alley": a direction, not a transformation
        ref = _resolve(into, ctx, ("exit", "location", "place", "feature"), min_score=65)
        if ref is not None or _category(into, ctx) in ("place", "fixture", "direction"):
            intent = _new("move", words, conf)
            _set_target(intent, ref or _unresolved(into, ctx))
            return intent
        if into.key and into.key.split()[-1] not in BEINGS:
            return _new("other", words, conf * 0.5)
    intent = _new("ability", words, conf)
    _set_method(intent, _Ref("shapeshifting", "ability", words, True), ctx, "ability")
    return intent


def _h_climb(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("climb", words, conf)
    np = step.dobj or _pp(step, "up", "onto", "on", "over", "to", "into", "atop", "down", "across", "out of", "through", "thru", "out", "in", "inside")
    through = _passage(step, ctx)
    if through is not None:
        _set_target(intent, through)
    elif np is not None:
        ref = _resolve(np, ctx, ("feature", "item", "content", "exit", "location", "npc", "creature", "party", "place"), min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
    elif step.particles:
        _set_target(intent, _Ref(step.particles[0], "direction", step.particles[0], True))
    _set_method(intent, _with_method(step, ctx), ctx)
    return intent
