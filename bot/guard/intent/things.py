"""The verbs' handlers for handling things: taking, using, readying, consuming, lighting, playing,
opening, wearing, looking.

Why separate: these decide which item is the method (the player's own first) and which thing is
the target, which pre-validation checks for presence and ownership: "I grab my crossbow" readies
one's own, "I take the stairs" is a move, and "use X to Y" is Y's action done with X.
"""

from __future__ import annotations

from bot.guard.index import BEING_KINDS
from bot.guard.intent.destinations import _WAYS
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step, _pp
from bot.guard.intent.movement import _h_move
from bot.guard.intent.parse import _purpose_step
from bot.guard.intent.resolve import (
    _NOT_CLAIMS, _being, _category, _is_beingish, _method, _method_kind_guess, _mine, _new,
    _possessor, _pronoun, _resolve, _set_method, _set_target, _unresolved, _with_method,
)
from bot.guard.lexicon.magic import ABILITY_WORDS, CLASS_FEATURES, SKILLS, SPELLS
from bot.guard.lexicon.nouns import ATTRIBUTES, BODY, CALL_DEVICES, GEAR
from bot.guard.lexicon.words import norm_phrase, singular
from bot.world.intent import Intent


def _h_take(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    source = _pp(step, "from", "off", "out of")
    if d is None and source is None:
        to = _pp(step, "to", "toward", "towards", "into")
        if to is not None:  # "get to the market"
            return _h_move(step, ctx, words, conf)
    if d is not None and step.lemma == "take" and (d.head in _WAYS or _resolve(d, ctx, ("exit",), min_score=80) is not None):
        return _h_move(step, ctx, words, conf)  # "I take the forest path north", "take the stairs"
    if d is not None and source is not None and _mine(source) and not _mine(d) and _pronoun(d) is None and not _is_beingish(d, ctx):
        intent = _new("use_item", words, conf)  # "I grab a soda from my backpack": from one's own kit
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    if d is not None and _mine(d) and source is None and _category(d, ctx) not in _NOT_CLAIMS:
        intent = _new("use_item", words, conf)  # "I grab my crossbow": readying one's own
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    if d is not None and step.lemma in ("fetch", "get", "bring", "find", "collect", "retrieve") and _is_beingish(d, ctx) and _pronoun(d) is None:
        return _new("other", words, conf)  # "I run to fetch the healer": going to get someone
    intent = _new("take", words, conf)
    if d is not None and _is_beingish(d, ctx) and step.cls == "steal":
        _set_target(intent, _being(d, ctx, allow_objects=False))
        return intent
    if d is not None:
        ref = _resolve(d, ctx, ("item", "content", "npc_item", "inventory", "feature", "creature"), min_score=65)
        if ref is None and _pronoun(d) is None:
            someone = _resolve(d, ctx, BEING_KINDS, min_score=80)
            if someone is not None and someone.kind in BEING_KINDS:
                ref = someone  # "I lift Pim onto the mast", "I grab the boy": someone present
        _set_target(intent, ref or _unresolved(d, ctx))
        intent.quantity = d.quantity()
    if source is not None:
        src = _resolve(source, ctx, BEING_KINDS, min_score=70)
        if src is None and _category(source, ctx) in ("being", "proper", "hostile"):
            _set_target(intent, _unresolved(source, ctx))
        elif intent.target is None and src is not None:
            _set_target(intent, src)
    return intent


def _h_examine(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("examine", words, conf)
    np = step.dobj or _pp(step, "at", "around", "into", "through", "under", "behind", "in", "inside", "for", "over", "on", "from")
    if np is not None:
        ref = _resolve(np, ctx, None, min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
        if np.possessive in ("my",) or (step.lemma == "read" and np.possessive in ("my", "his", "her", "their")):
            m = _method(np, ctx)
            if m is not None:
                _set_method(intent, m, ctx, "item")
    return intent


def _h_rest(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _new("rest", words, conf)


_CONNECTING = frozenset({"log", "dial", "jack"})


# What one breaks into over a wire, not with a blade: "hack the mainframe", "crack the BBS".
_SYSTEMS = frozenset("mainframe server system network database computer terminal bbs firewall account "
                     "website site router switchboard records files password passwords".split())


def is_hacking(step: _Step, ctx: _Ctx) -> bool:
    """ "hack the mainframe", "hack into the BBS with my laptop": breaking into a system, which
    is using a device on it, not a blow ("hack at the goblin with my axe", "hack Zero with my
    laptop": someone here is struck)."""
    if step.lemma not in ("hack", "crack"):
        return False
    target = step.dobj or _pp(step, "into", "in")
    if target is not None and ctx.index.resolve(target.text, BEING_KINDS, min_score=90) is not None:
        return False
    device = _pp(step, "with", "using", "from", "via", "through")

    def head(np: _NP | None) -> str:
        words = norm_phrase(np.text).split() if np is not None else []
        return singular(words[-1]) if words else ""

    # a phone or a radio is hacked as a system is ("I hack the payphone"), not hacked at
    return head(target) in _SYSTEMS or head(target) in CALL_DEVICES or head(device) in CALL_DEVICES


def _h_connect(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """ "log into the BBS with my laptop": the system reached is the target, reached over the wire
    (it need not be here); the device, if named, is what is used and must be at hand."""
    d = step.dobj or _pp(step, "into", "in")
    intent = _new("use_item", words, conf)
    device = _pp(step, "with", "using", "from", "via", "through", "on")
    m = _method(device, ctx) if device is not None else None
    if m is None and device is None:
        held = next((item for item in ctx.scene.player.inventory
                     if (ws := norm_phrase(item).split()) and singular(ws[-1]) in CALL_DEVICES), None)
        if held is not None:
            m = _Ref(held, "item", held, True)  # "log into the BBS": with the laptop or modem held
    if m is not None:
        _set_method(intent, m, ctx, "item")
    here = _resolve(d, ctx, {"item", "content", "feature"}, min_score=85) if d is not None else None
    if here is not None:
        _set_target(intent, here)  # "hack the door terminal": the one on the wall here
    elif d is not None:
        intent.target, intent.target_text, intent.target_kind, intent.resolved = d.text, d.text, "remote", True
    return intent


def _h_use(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    on = _pp(step, "on", "upon", "against", "at", "to")
    if d is None:
        return _new("other", words, conf * 0.5)
    if step.lemma in _CONNECTING:
        return _h_connect(step, ctx, words, conf)
    m = _method(d, ctx)
    key = d.key
    is_spell = m is not None and (m.kind == "spell" or (m.kind == "ability" and norm_phrase(m.name) in SPELLS))
    if is_spell:
        intent = _new("cast", words, conf)
        _set_method(intent, m, ctx, "spell")
        _set_target(intent, _being(on, ctx) if on is not None else None)
        return _purpose_overlay(intent, step, ctx)
    if m is not None and m.kind == "ability":
        intent = _new("ability", words, conf)
        _set_method(intent, m, ctx, "ability")
        if on is not None:
            _set_target(intent, _being(on, ctx))
        return _purpose_overlay(intent, step, ctx)
    if m is not None and (m.resolved or _method_kind_guess(d.text, ctx) == "item") and not _abilityish(key):
        intent = _new("use_item", words, conf)
        _set_method(intent, m, ctx, "item")
        if on is not None:
            target = _resolve(on, ctx, ("feature", "content", "item", "npc", "party", "creature", "inventory"), min_score=65)
            _set_target(intent, target or _unresolved(on, ctx))
            if "key" in key.split() and intent.target_kind == "feature":
                intent.action_type = "unlock"
        return _purpose_overlay(intent, step, ctx)
    # a claimed ability, skill, attribute, or something unknown
    intent = _new("ability", words, conf)
    _set_method(intent, m or _Ref(d.text, None, d.text, False), ctx, _method_kind_guess(d.text, ctx) or "ability")
    if intent.method_kind == "item":
        intent.method_kind = "ability" if _abilityish(key) else None
    if on is not None:
        _set_target(intent, _being(on, ctx))
    return _purpose_overlay(intent, step, ctx)


def _abilityish(key: str) -> bool:
    words = key.split()
    if not words:
        return False
    return key in CLASS_FEATURES or key in SKILLS or words[-1] in ABILITY_WORDS or words[-1] in ATTRIBUTES or words[-1] in BODY


def _purpose_overlay(intent: Intent, step: _Step, ctx: _Ctx) -> Intent:
    """ "use X to Y": the action is Y's, done with X ("use my sword to pry open the door")."""
    sub = _purpose_step(step, ctx)
    if sub is None or sub.cls is None or sub.cls in ("benign",):
        return intent
    inner = ctx.interpret(sub, ctx, intent.words)
    if inner is None or inner.action_type == "other":
        return intent
    if intent.method is not None and (inner.method is None or inner.method_kind is None):
        inner.method, inner.method_kind, inner.method_text = intent.method, intent.method_kind, intent.method_text
        if sub.cls == "force" and inner.action_type == "attack" and inner.target_kind not in BEING_KINDS and intent.method_kind == "item":
            inner.action_type = "open"  # "use my sword to pry open the door": an attempt with a tool
    if inner.action_type == "attack" and inner.target is None and intent.target is not None:
        inner.target, inner.target_kind, inner.target_text, inner.resolved = intent.target, intent.target_kind, intent.target_text, intent.resolved
    if intent.method_kind == "ability" and inner.action_type in ("other", "rest"):
        return intent
    if intent.method_kind == "spell":
        inner_target = inner.target
        intent.target = intent.target or inner_target
        if intent.target is not None and intent.target_kind is None:
            intent.target_kind, intent.target_text, intent.resolved = inner.target_kind, inner.target_text, inner.resolved
        return intent
    inner.words = intent.words
    inner.confidence = min(inner.confidence, intent.confidence)
    return inner


_DRAWABLE = frozenset("map picture sketch line circle breath attention card lot straw symbol rune diagram portrait bath conclusion blood water curtain crowd glyph sigil chalk".split())


def _h_ready(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj or _pp(step, "for")
    if step.lemma == "draw" and d is not None and d.head in _DRAWABLE and d.possessive is None:
        return _new("other", words, conf)  # "draw a map", "draw breath": not drawing a weapon
    intent = _new("use_item", words, conf)
    if d is not None:
        m = _method(d, ctx)
        if m is not None and m.kind == "spell":
            intent.action_type = "cast"
            _set_method(intent, m, ctx, "spell")
        else:
            _set_method(intent, m, ctx, "item" if m is None or m.kind != "ability" else "ability")
    at = _pp(step, "at", "toward", "towards", "on")
    if at is not None:
        _set_target(intent, _being(at, ctx))
    return intent


def _h_consume(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    np = step.dobj or _pp(step, "from", "out of", "of")
    if np is not None:
        _set_method(intent, _method(np, ctx), ctx, "item")
        intent.quantity = np.quantity()
    return intent


def _h_light(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    if step.dobj is not None:
        _set_method(intent, _method(step.dobj, ctx), ctx, "item")
    w = _with_method(step, ctx)
    if w is not None:
        intent.target, intent.target_kind, intent.target_text = intent.method, "item", intent.method_text
        _set_method(intent, w, ctx)
    return intent


def _h_play(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    on = _pp(step, "on", "with")
    d = step.dobj
    if on is not None and _is_beingish(on, ctx):
        intent = _new("other", words, conf)  # "I play cards with the undertaker"
        _set_target(intent, _being(on, ctx, allow_objects=False))
        return intent
    if on is not None:
        intent = _new("use_item", words, conf)
        _set_method(intent, _method(on, ctx), ctx, "item")
        return intent
    if d is not None and d.head in GEAR:
        intent = _new("use_item", words, conf)
        _set_method(intent, _method(d, ctx), ctx, "item")
        return intent
    return _new("other", words, conf)


def _h_open(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("unlock" if step.cls in ("unlock", "picklock") else "open", words, conf)
    np = step.dobj
    if step.cls == "picklock":
        np = _pp(step, "on", "of", "in") or None
        if np is None and step.dobj is not None and _possessor(step.dobj) is not None:
            whose = step.dobj.toks
            cut = next(i for i, t in enumerate(whose) if t.low.endswith(("'s", "s'")))
            np = _NP(whose[: cut + 1])  # "the office door's" lock (the key drops the possessive)
        _set_method(intent, _Ref("pick lock", "ability", "pick the lock", False), ctx, "ability")
        lock = _resolve(np, ctx, ("feature", "content", "item"), min_score=65) if np is not None else None
        if lock is None and np is None:
            locked = [f for f in ctx.scene.location.features if f.locked]
            if len(locked) == 1:
                lock = _Ref(locked[0].name, "feature", "the lock", True)
        _set_target(intent, lock or (_unresolved(np, ctx) if np is not None else None))
        tool = _with_method(step, ctx)
        if tool is not None:
            _set_method(intent, tool, ctx)
        return intent
    if np is not None:
        ref = _resolve(np, ctx, ("feature", "content", "item", "exit", "inventory", "npc_item"), min_score=65)
        _set_target(intent, ref or _unresolved(np, ctx))
    _set_method(intent, _with_method(step, ctx), ctx)
    return intent


def _h_other(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("other", words, conf)
    d = step.dobj
    if d is not None and d.possessive == "my":
        m = _method(d, ctx)
        if m is not None and (m.resolved or _category(d, ctx) == "gear"):
            _set_method(intent, m, ctx, "item")
    return intent


def _h_hide(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    return _new("other", words, conf)


def _h_wear(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("use_item", words, conf)
    if step.dobj is not None:
        _set_method(intent, _method(step.dobj, ctx), ctx, "item")
    return intent
