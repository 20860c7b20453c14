"""The verbs' handlers for force: attacking, shooting, throwing, forcing and pushing.

Why separate: these decide whom a deed of force is done to and with what, which is what the
backend rolls for: a thing thrown to someone is a gift and a spell thrown is a cast, and kicking
a door down is an attempt on it, never an opening of a locked thing.
"""

from __future__ import annotations

from bot.guard.intent.model import _Ctx, _Step, _pp
from bot.guard.intent.resolve import (
    _being, _inherit_target, _is_beingish, _method, _new, _pronoun, _resolve, _set_method, _set_target,
    _unresolved, _with_method,
)
from bot.guard.intent.roles import _split_double
from bot.guard.intent.things import _h_connect, _h_ready, _h_take, is_hacking
from bot.guard.lexicon.magic import SPELLS
from bot.guard.lexicon.nouns import FOOD, GEAR
from bot.guard.lexicon.wordclass import noun_codes
from bot.guard.lexicon.words import head_word, norm_phrase
from bot.world.intent import Intent


def _h_attack(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    if is_hacking(step, ctx):
        return _h_connect(step, ctx, words, conf)  # "hack the mainframe with my laptop"
    d = step.dobj
    if d is not None and set(step.particles) & {"open", "down", "in", "apart"} and not _is_beingish(d, ctx):
        return _h_force(step, ctx, words, conf)  # "smash the chest open", "kick the door down"
    intent = _new("attack", words, conf)
    at = _pp(step, "at", "toward", "towards", "against", "upon", "on", "into", "onto", "over", "across")
    method = _with_method(step, ctx)
    if d is not None:
        if at is not None and not _is_beingish(d, ctx):
            method = method or _method(d, ctx)  # "swing my axe at the orc"
            _set_target(intent, _being(at, ctx))
        else:
            _set_target(intent, _being(d, ctx))
    elif at is not None:
        _set_target(intent, _being(at, ctx))
    if intent.target is not None and intent.target_kind is None and not intent.resolved:
        head = head_word(norm_phrase(intent.target_text or ""))
        if head.isalpha() and not noun_codes(head) and head not in GEAR and head not in FOOD and not ctx.index.is_scenery(head):
            intent.target_kind = "being"  # "I attack the ironbeard": a word no dictionary has, fought, is a foe
    if step.lemma in ("shoot", "fire", "loose") and d is not None and intent.target is None:
        method = method or _method(d, ctx)
    if method is not None:
        _set_method(intent, method, ctx)
        if intent.method_kind == "spell":
            intent.action_type = "cast"
    if intent.target is None and step.cls != "shoot":
        _inherit_target(intent, ctx)
    elif intent.target is None and step.cls == "shoot" and d is None and at is None:
        _inherit_target(intent, ctx)
    return intent


def _h_shoot(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _h_attack(step, ctx, words, conf)
    d = step.dobj
    if d is not None and intent.method is None and not _is_beingish(d, ctx):
        _set_method(intent, _method(d, ctx), ctx)
    return intent


def _h_throw(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    to = _pp(step, "to")
    at = _pp(step, "at", "toward", "towards", "against", "on", "upon", "onto", "over", "into")
    beneficiary = _pp(step, "for")
    if to is None and beneficiary is not None and _is_beingish(beneficiary, ctx) and _pronoun(beneficiary) != "self":
        to = beneficiary  # "I pour a cup of tea for the monk": poured out for someone, handed to them
    if d is not None and to is None and at is None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            to, d = parts[0], parts[1]  # "I toss the rat a bit of my ration bar"
    m = _method(d, ctx) if d is not None else None
    if m is not None and (m.kind == "spell" or norm_phrase(m.text) in SPELLS):
        intent = _new("cast", words, conf)
        _set_method(intent, m, ctx, "spell")
        _set_target(intent, _being(at or to, ctx))
        return intent
    if to is not None and _is_beingish(to, ctx) and at is None:
        intent = _new("give", words, conf)
        _set_target(intent, _being(to, ctx, allow_objects=False))
        _set_method(intent, m, ctx, "item")
        if d is not None:
            intent.quantity = d.quantity()
        return intent
    if at is not None:
        intent = _new("attack", words, conf)
        _set_target(intent, _being(at, ctx))
        _set_method(intent, m, ctx)
        return intent
    intent = _new("use_item", words, conf)
    _set_method(intent, m, ctx)
    return intent


def _h_force(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """Kicking, prying, breaking: an attempt the dice decide; with a tool it is an "open"."""
    np = step.dobj
    tool = _with_method(step, ctx)
    if np is not None and _is_beingish(np, ctx) and step.lemma in ("force", "break"):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(np, ctx))
        return intent
    ref = None
    if np is not None:
        ref = _resolve(np, ctx, ("feature", "content", "item", "exit"), min_score=65) or _unresolved(np, ctx)
    if tool is not None:
        intent = _new("open", words, conf)
        _set_target(intent, ref)
        _set_method(intent, tool, ctx)
        return intent
    intent = _new("attack", words, conf)
    _set_target(intent, ref)
    return intent


def _h_push(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    at = _pp(step, "at", "toward", "towards", "into", "onto", "against", "on")
    if d is not None and _is_beingish(d, ctx):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(d, ctx))
        return intent
    if at is not None and _is_beingish(at, ctx):
        intent = _new("attack", words, conf)
        _set_target(intent, _being(at, ctx))
        if d is not None:
            _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    source = _pp(step, "from", "out of")
    if d is not None and source is not None and step.lemma in ("pull", "drag"):
        if source.possessive is not None:
            return _h_ready(step, ctx, words, conf)  # "pulls a wand from his belt": his own
        return _h_take(step, ctx, words, conf)  # "pulls a battleaxe from the wall rack"
    intent = _new("other", words, conf)
    if d is not None:
        ref = _resolve(d, ctx, None, min_score=65)
        _set_target(intent, ref or _unresolved(d, ctx))
        if d.possessive == "my":
            _set_method(intent, _method(d, ctx), ctx, "item")
    return intent
