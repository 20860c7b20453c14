"""What the words commit to, whatever the verb.

Why separate: a verb's handler reads the roles its verb expects, but the words can claim more: a
thing of the player's own, someone the deed is done to, a locked door passed under, a feature
climbed onto. Run after every handler, and for verbs no handler knows, this fills the roles the
handler left open, so that no claim escapes pre-validation because its verb was unusual.
"""

from __future__ import annotations

from bot.guard.intent.destinations import _LIDS, _doorlike, _state_change
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step
from bot.guard.intent.resolve import (
    _NOT_CLAIMS, _being, _category, _is_beingish, _method, _mine, _possessor, _pronoun, _resolve,
    _set_method, _set_target,
)
from bot.guard.intent.talk import _DEVOTIONS
from bot.guard.intent.roles import _split_double
from bot.guard.lexicon.nouns import CALL_DEVICES, GEAR, POWERED_MODIFIERS
from bot.guard.lexicon.wordclass import is_garment, verb_codes
from bot.guard.lexicon.words import singular, thing_word
from bot.world.intent import Intent


def _commit(intent: Intent, step: _Step, ctx: _Ctx) -> None:
    """Fill what the verb's handler left open with what the words themselves commit to: a thing
    claimed as the player's own ("my cell phone", "a rose from my coat") becomes the method; for
    a deed with no target, someone it is done to or with ("I bow to the queen") the target; a
    locked room entered ("slip into the strongroom") the target feature."""
    if intent.action_type == "other" and _state_change(step, ctx):
        return  # "I go berserk": a state, with nothing it commits to
    if intent.method is None and intent.action_type not in ("talk", "buy", "take", "rest"):
        np = (
            _placed(step, ctx) or _instrument(step, ctx) or _claimed(step, intent, ctx)
            or (_absent_gear(step, ctx) if intent.ambiguous else None)
        )
        if np is not None:
            m = _method(np, ctx)
            if m is not None and m.kind not in ("self",):
                _set_method(intent, m, ctx, None if m.kind in ("ability", "spell") else "item")
    elif intent.method is None and intent.action_type == "talk":
        np = _claimed(step, intent, ctx, preps=("on", "with", "using", "via", "through", "over", "in", "into"))
        if np is not None and np.possessive in ("my", "our"):
            m = _method(np, ctx)  # "I call the sheriff on my radio"
            if m is not None and m.kind not in ("self", "ability", "spell"):
                _set_method(intent, m, ctx, "item")
        elif step.lemma in _CALLS:
            device = next((np for prep, np in step.pps if prep in _THROUGH_DEVICE and np.head
                           and singular(np.head) in CALL_DEVICES), None)
            m = _method(device, ctx)  # "I call alice from the payphone": the payphone must be here
            if m is not None and m.kind not in ("self", "ability", "spell"):
                _set_method(intent, m, ctx, "item")
    if intent.action_type == "talk" and intent.method and intent.target and not intent.resolved and \
            singular((intent.method_text or intent.method).split()[-1].casefold()) in CALL_DEVICES:
        # "I use the rotary phone to call the sheriff": the one called is at the other end
        said = intent.target_text or intent.target
        intent.topic = "; ".join(p for p in (said, intent.topic) if p)
        intent.target = intent.target_kind = intent.target_text = None
        intent.resolved = True
    if intent.target is None and intent.action_type == "other" and step.lemma not in _DEVOTION and not (
        step.dobj is not None and step.dobj.head in _DEVOTIONS
    ):  # "I offer a prayer to the Moon Mother": words sent up, to no one who must be here
        for prep, np in step.pps:
            if prep in ("to", "with", "at", "toward", "towards", "before") and _is_beingish(np, ctx):
                if _resolve(np, ctx, ("exit", "location", "feature", "item", "content"), min_score=85) is not None:
                    continue  # "I skateboard to the Docking Ring": a place or thing here, not someone
                _set_target(intent, _being(np, ctx, allow_objects=False))
                break
        else:
            first = step.dobj
            if first is not None and first.lows[:1] in (["him"], ["them"], ["us"], ["me"]):
                first = _split_double(first)[0]  # "mix him a draught": him, not "him a draught"
            if first is not None and _category(first, ctx) in ("being", "hostile") and step.lemma not in _ABSENT_OK and step.cls != "play":
                # (what is played is a game, a tune or a part, "I play Street Fighter": one plays
                # *with* or *against* someone, which the prepositions above read)
                ref = _being(first, ctx, allow_objects=True, places=False)
                if ref is not None and (ref.resolved or ref.kind == "being"):
                    _set_target(intent, ref)
    if intent.target_kind == "feature" and intent.action_type in ("take", "other", "use_item") and _lifts_open(step, intent.target, ctx):
        intent.action_type = "open"  # "I lift the hold hatch", "I haul up the portcullis": opening it
        intent.ambiguous = False
    elif intent.target is None and intent.method_kind == "item" and _lifts_open(step, intent.method, ctx):
        intent.action_type = "open"  # "I raise the hatch" (read as readying a thing): opening it
        intent.target, intent.target_kind, intent.target_text, intent.resolved = intent.method, "feature", intent.method_text, True
        intent.method = intent.method_kind = intent.method_text = None
        intent.ambiguous = False
    elif intent.target is None and intent.action_type == "other" and step.dobj is not None:
        lifted = _resolve(step.dobj, ctx, ("feature",), min_score=70)
        if lifted is not None and _lifts_open(step, lifted.name, ctx):
            intent.action_type = "open"  # "I haul up the hatch"
            _set_target(intent, lifted)
            intent.ambiguous = False
            intent.confidence = round(max(intent.confidence, 0.8), 3)
    elif intent.target_kind != "feature" and intent.action_type not in ("attack", "open", "unlock"):
        lid = _lid_of(step, ctx)
        if lid is not None:
            intent.action_type = "open"  # "I lift the lid of the sarcophagus": opening it
            _set_target(intent, lid)
        else:
            way = _way_through(step, ctx)
            if way is not None and intent.target_kind not in ("exit", "location", "place"):
                _set_target(intent, way)  # "I duck under the portcullis into the vault"
    if intent.action_type in _MAY_CLIMB and not (intent.method_kind == "ability" and intent.method):
        top = _atop(step, ctx)
        if top is not None:
            # "I get on top of the bookcases", "I hop up onto the wall", "I ascend the cliff":
            # whatever the verb, ending up on a feature is climbing it
            intent.action_type = "climb"
            _set_target(intent, top)
            if intent.ambiguous:
                intent.ambiguous = False
                intent.confidence = round(max(intent.confidence, 0.8), 3)


_MAY_CLIMB = frozenset({"move", "take", "other", "use_item", "open"})
_NOT_CLIMBING = frozenset({"talk", "order", "give", "throw", "examine", "cast", "heal", "attack", "shoot", "push", "buy", "consume", "light", "summon", "ready", "use"})
# Verbs that, with a feature for object, go up it ("ascend the cliff", "mount the wall").
_ASCENDING = frozenset("ascend mount scale surmount summit top crest".split())


def _atop(step: _Step, ctx: _Ctx) -> _Ref | None:
    """The feature the words put the player up on: "onto", "atop", "on top of", "up on", or an
    ascending verb's object; only a feature that cannot be climbed matters."""
    if step.cls in _NOT_CLIMBING:
        return None
    d = step.dobj
    nps: list[_NP] = []
    if step.lemma in _ASCENDING and d is not None:
        nps.append(d)
    lows = [t.low for t in step.toks]
    up = "up" in lows
    if d is not None and set(step.particles) & {"up", "on"} and (
        d.lows[:2] == ["top", "of"] or d.lows[:3] == ["the", "top", "of"] or ("on" in step.particles and up) or (step.cls is None and "v" in verb_codes(step.lemma or "")[:2])
    ):
        nps.append(_NP(d.toks[d.lows.index("of") + 1 :]) if "of" in d.lows[:3] else d)  # "get on top of", "swarm up the wall"
    for prep, np in step.pps:
        lows = np.lows
        top_of = lows[:2] == ["top", "of"] or lows[:3] == ["the", "top", "of"]
        if top_of:
            np = _NP(np.toks[lows.index("of") + 1 :])
        if d is not None and d.lows[-1:] != ["myself"] and d not in nps and step.lemma not in _ASCENDING:
            break  # "I put the violin on top of the bookcases": the thing goes up, not the player
        if prep in ("onto", "atop", "up") or (prep in ("on", "upon", "to") and (top_of or up)):
            nps.append(np)
    for np in nps:
        ref = _resolve(np, ctx, ("feature",), min_score=70)
        if ref is not None:
            f = ctx.index.feature(ref.name)
            if f is not None and f.climbable is False:
                return ref
    return None


# Verbs of addressing the absent: a prayer or an oath reaches its god wherever it is.
_DEVOTION = frozenset("pray worship swear vow appeal sacrifice dedicate commend invoke beseech".split())
# Verbs whose object need not be present: thinking of, waiting for or imitating someone.
_ABSENT_OK = frozenset(
    """wait await imitate mimic mention remember recall think describe draw sketch impersonate
    pretend miss mourn curse seek find track trace summon imagine picture fear hate love dream
    envy pity honour honor worship praise blame name toast""".split()
)


# A call made through a device needs the device at hand: a payphone on another street is none.
_CALLS = frozenset("call phone telephone dial ring radio page wire telegraph".split())
_THROUGH_DEVICE = frozenset("from on with using via over through at".split())


def _claimed(step: _Step, intent: Intent, ctx: _Ctx, preps: tuple[str, ...] | None = None) -> _NP | None:
    """The first phrase the words claim the player holds: "my X", "a bit of my X", or "X" taken
    "from/out of my Y" (then X; the container may be a garment the sheet omits)."""
    nps: list[tuple[str, _NP]] = []
    if step.dobj is not None and preps is None:
        parts = _split_double(step.dobj)
        if len(parts) == 2 and _is_beingish(parts[0], ctx):
            nps.append(("", parts[1]))  # "text my editor the scoop": someone, then what is sent them
        else:
            nps.append(("", step.dobj))
    nps.extend((p, np) for p, np in step.pps if preps is None or p in preps)
    target_text = (intent.target_text or "").casefold()
    # (what comes "from my phone" is sent with the phone, which is the claim; only a bag, pocket
    # or garment holds what is taken out of it)
    from_mine = any(p in ("from", "out of") and _mine(np) and (_container(np) or not _is_device(np)) for p, np in step.pps) or _from_under_mine(step) or (
        step.lemma not in _PLACING and step.cls not in ("take", "steal", "give", "buy")
        and any(p in ("in", "inside", "within") and _mine(np) and _container(np) for p, np in step.pps)
    )
    first_pp = step.pps[0] if step.dobj is None and step.pps else None
    for prep, np in nps:
        particle_object = first_pp is not None and (prep, np) == first_pp and prep in ("up", "down", "out", "off", "on")
        if (prep == "" or particle_object) and from_mine and np.possessive is None and _pronoun(np) is None:
            return np  # "I roll a cigarette from my tobacco pouch", "wind up the toy in my pocket"
        if np.text.casefold() == target_text:
            continue
        if _mine(np) and _category(np, ctx) not in _NOT_CLAIMS:
            return np  # "on my cell phone", "in my bearskin blanket"
    return None


_HIDING_PREPS = frozenset("under beneath underneath inside within behind".split())


def _from_under_mine(step: _Step) -> bool:
    """ "out from under my coat", "from inside my jacket", "from behind my back"."""
    lows = [t.low for t in step.toks]
    for i in range(len(lows) - 2):
        if lows[i] == "from" and lows[i + 1] in _HIDING_PREPS and lows[i + 2] in ("my", "our"):
            return True
    return False


def _is_device(np: _NP) -> bool:
    """ "my phone", "my radio": a device one sends or calls with, not a thing one carries things in."""
    return singular(np.head or "") in CALL_DEVICES


def _container(np: _NP) -> bool:
    """ "my pocket", "my coat", "my pack": something one carries things in."""
    head = singular(np.head or "")
    return head in _CONTAINERS or is_garment(head)


_CONTAINERS = frozenset("pocket pack backpack bag pouch satchel purse belt sleeve boot knapsack rucksack haversack wallet case kit box".split())


# Verbs that put a thing somewhere: one must hold what one puts ("I hide the key in my boot").
_PLACING = frozenset("put place stash stow tuck hide slip drop set lay hang attach tie wrap bury plant sew strap hook clip pin fasten plug insert connect".split())


def _placed(step: _Step, ctx: _Ctx) -> _NP | None:
    d = step.dobj
    if step.lemma not in _PLACING or d is None or not d.toks or _pronoun(d) is not None:
        return None
    if not step.pps or _is_beingish(d, ctx) or d.lows[0] in ("myself", "ourselves"):
        return None  # "I hide", "I set the table"? only "put X somewhere"
    return d


def _lid_of(step: _Step, ctx: _Ctx) -> _Ref | None:
    """ "the lid of the sarcophagus", "the chest's lid": the locked feature a lid opens."""
    d = step.dobj
    if d is None or step.lemma not in ("lift", "raise", "pull", "push", "slide", "prise", "remove", "take", "swing", "flip", "ease", "heave", "open"):
        return None
    lows = d.lows
    if "of" in lows and lows[lows.index("of") - 1:lows.index("of")] and lows[lows.index("of") - 1] in _LIDS:
        whole = _NP(d.toks[lows.index("of") + 1:])
    elif lows and lows[-1] in _LIDS and _possessor(d) is not None:
        whole = _NP([t for t in d.toks[:-1]])
    elif len(lows) == 2 and lows[0] in ("the", "its") and lows[1] in _LIDS:
        return _named_before(d.toks[0].start, ctx)  # "tap the reliquary ... and lift the lid": its lid
    else:
        return None
    ref = _resolve(whole, ctx, ("feature",), min_score=70)
    return ref


def _named_before(at: int, ctx: _Ctx) -> _Ref | None:
    """The locked feature the message named last before offset ``at`` (by its last word: "the
    reliquary" for "sealed reliquary"), whose lid a bare "the lid" is."""
    before = (ctx.text or "")[:at].casefold()
    best: tuple[int, str] | None = None
    for feature in ctx.scene.location.features:
        if not feature.locked:
            continue
        word = feature.name.casefold().split()[-1] if feature.name.strip() else ""
        hit = before.rfind(word) if len(word) > 2 else -1
        if hit >= 0 and (best is None or hit > best[0]):
            best = (hit, feature.name)
    return _Ref(best[1], "feature", best[1], True) if best is not None else None


# Verbs that, done to a door, hatch or lid, swing or lift it out of the way: an opening.
_LIFTING = frozenset("lift raise heave hoist haul swing slide flip ease winch crank roll draw".split())
_SHIFTING = frozenset("pull push tug yank drag".split())


def _lifts_open(step: _Step, feature: str | None, ctx: _Ctx) -> bool:
    """Whether the step moves a door-like feature out of the way ("lift the hatch", "haul up
    the portcullis", "pull the trapdoor back"), which is opening it whatever the verb."""
    if not feature or not _doorlike(feature, ctx):
        return False
    if step.lemma in _LIFTING:
        return True
    return step.lemma in _SHIFTING and bool(set(step.particles) & {"up", "back", "aside", "open", "away", "out"})


def _way_through(step: _Step, ctx: _Ctx) -> _Ref | None:
    """A locked door-like feature the words pass under, through or past."""
    for prep, np in step.pps:
        if prep in ("through", "thru", "under", "past", "beyond", "beneath", "underneath"):
            ref = _resolve(np, ctx, ("feature",), min_score=70)
            if ref is not None:
                f = ctx.index.feature(ref.name)
                if f is not None and f.locked and not f.open:
                    return ref
    return None


def _instrument(step: _Step, ctx: _Ctx) -> _NP | None:
    """The tool a deed is done with ("I patch my suit with duct tape"), when it is a thing: not
    someone one does it with, nor someone else's ("his armor")."""
    for i, (prep, np) in enumerate(step.pps):
        if prep in ("with", "using") and np.toks:
            if np.possessive not in (None, "my", "our") or _possessor(np) is not None or _pronoun(np) is not None:
                continue
            if _category(np, ctx) in _NOT_CLAIMS or _is_beingish(np, ctx):
                if not _device_words(np, ctx):
                    continue
            if np.possessive is None and _part_of_here(step.pps[i + 1 : i + 2], ctx):
                continue  # "fiddle with the dial on the philco": a part of a thing that is here
            return np
    return None


def _part_of_here(after: list[tuple[str, _NP]], ctx: _Ctx) -> bool:
    """Whether the phrase right after a thing says it is on or of something present ("the dial on
    the philco", "the crank of the winch"): then it is a part of that, and here with it."""
    if not after:
        return False
    prep, np = after[0]
    if prep not in ("on", "of", "in", "inside", "at", "atop") or not np.toks:
        return False
    return _resolve(np, ctx, ("item", "feature", "npc_item", "content", "inventory"), min_score=70) is not None


# Words that make a device of an agent noun: no person is "portable" or "electric".
_DEVICE_MODIFIERS = POWERED_MODIFIERS | frozenset(
    "portable handheld hand-held pocket digital electronic wireless cordless battery folding".split()
)


def _device_words(np: _NP, ctx: _Ctx) -> bool:
    """ "my portable scanner", "a pocket calculator": a device, though WordNet's commonest sense of
    the head is someone; never someone present."""
    lows = np.lows
    if len(lows) < 2 or not set(lows[:-1]) & _DEVICE_MODIFIERS:
        return False
    return _resolve(np, ctx, ("npc", "party", "creature"), min_score=85) is None


def _absent_gear(step: _Step, ctx: _Ctx) -> _NP | None:
    """For a verb the parser cannot classify, a piece of gear the words handle as if at hand
    ("I tune the radio"): checked like an item used."""
    d = step.dobj
    if d is None or d.possessive is not None or _pronoun(d) is not None or not d.toks or _possessor(d) is not None:
        return None  # "I lasso the sheriff's revolver": hers, and an attempt on it
    if d.toks[0].low not in ("the", "a", "an") or thing_word(d.key) not in GEAR:
        return None
    return d
