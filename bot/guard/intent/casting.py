"""The verbs' handlers for magic and sheet abilities: cast, summon, heal, "I <ability>".

Why separate: these name the spell or ability used as the sheet would (resolved against the
player's abilities when it is there, the player's words when it is not), so that pre-validation
can refuse a warrior's fireball; "cast a net" or "cast an eye over the crowd" is no spell.
"""

from __future__ import annotations

from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step, _pp
from bot.guard.intent.resolve import (
    _being, _is_beingish, _method_kind_guess, _new, _ref_from, _set_method, _set_target,
    _with_method,
)
from bot.guard.lexicon.magic import CLASS_FEATURES, SPELLS
from bot.guard.lexicon.words import DETERMINERS, norm_phrase
from bot.world.intent import Intent


_CAST_THINGS = frozenset("net line rod lure hook bait anchor vote lot lots die dice stone pebble shadow seed seeds eye glance look gaze".split())


def _h_cast(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and d.head in _CAST_THINGS:
        # "cast my fishing line", "cast a wary eye over the crowd": no spell
        return _new("examine" if d.head in ("eye", "glance", "look", "gaze") else "other", words, conf)
    intent = _new("cast", words, conf)
    if d is not None:
        toks = [t for t in d.toks if t.low not in ("spell", "spells", "cantrip")]
        if all(t.low in DETERMINERS for t in toks):
            toks = d.toks
        spell_np = _NP(toks)
        m = ctx.index.resolve(spell_np.text, ("ability",), min_score=75)
        if m is not None:
            _set_method(intent, _ref_from(m, spell_np.text), ctx, "spell")
        else:
            _set_method(intent, _Ref(spell_np.text, "spell", d.text, False), ctx, "spell")
    target = _pp(step, "at", "on", "upon", "against", "toward", "towards", "into", "over")
    if target is not None:
        _set_target(intent, _being(target, ctx))
    if intent.method is None:
        intent.method, intent.method_kind, intent.method_text = "spell", "spell", None
    return intent


def _h_summon(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and _is_beingish(d, ctx) and _being(d, ctx, allow_objects=False).resolved:
        intent = _new("talk", words, conf)  # "I summon the bartender": calling someone over
        _set_target(intent, _being(d, ctx, allow_objects=False))
        return intent
    intent = _new("cast", words, conf)
    what = d.text if d is not None else ""
    m = ctx.index.resolve(f"{step.lemma} {what}".strip(), ("ability",), min_score=75)
    if m is not None:
        _set_method(intent, _ref_from(m, what), ctx, "spell")
    else:
        intent.method = f"{step.lemma} {what}".strip()
        intent.method_kind = "spell"
        intent.method_text = intent.method
    return intent


def _h_heal(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    w = _with_method(step, ctx)
    if w is not None and (w.kind == "spell" or _method_kind_guess(w.text, ctx) == "spell"):
        intent = _new("cast", words, conf)
        _set_method(intent, w, ctx, "spell")
    else:
        intent = _new("other", words, conf)
        if w is not None:
            _set_method(intent, w, ctx)
    if step.dobj is not None:
        _set_target(intent, _being(step.dobj, ctx))
    return intent


def _h_ability(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    name = step.ability_phrase or ""
    d = step.dobj or _pp(step, "at", "on", "against")
    key = " ".join(w for w in norm_phrase(name).split() if w not in ("the", "a", "an", "my"))
    if key in SPELLS and key not in CLASS_FEATURES:
        intent = _new("cast", words, conf)
        m = ctx.index.resolve(name, ("ability",), min_score=75)
        _set_method(intent, _ref_from(m, name) if m is not None else _Ref(name, "spell", name, False), ctx, "spell")
        if d is not None:
            _set_target(intent, _being(d, ctx))
        return intent
    striking = d is not None and any(w in name.casefold() for w in ("attack", "smite", "strike", "blow"))
    intent = _new("attack" if striking else "ability", words, conf)
    m = ctx.index.resolve(name, ("ability",), min_score=75)
    if m is not None:
        _set_method(intent, _ref_from(m, name), ctx, "ability")
    else:
        _set_method(intent, _Ref(name, "ability", name, False), ctx, "ability")
    if d is not None:
        _set_target(intent, _being(d, ctx))
    return intent
