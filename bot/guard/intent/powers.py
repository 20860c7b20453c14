"""Powers and magic the words claim, whatever the verb.

Why separate: a verb's handler would read "I breathe fire", "I walk across the waves" or "I lay
a curse on him" as an ordinary deed. These readings cut across verbs (the same claim hides
behind "breathe", "shoot", "use" or "say"), so most are asked in ``_interpret`` before any
handler, and walking on water or air by the movement handlers: a power of the body or mind comes
out as the pseudo-ability pre-validation checks against the sheet (named in
``lexicon/magic.PHYSICS_MODES``), and magic that never says "cast" as a ``cast`` of its working.
"""

from __future__ import annotations

import re

from bot.guard.index import BEING_KINDS
from bot.guard.intent.clauses import _HARD, _SOFT
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step, _Tok, _pp
from bot.guard.intent.parse import _REFLEXIVE
from bot.guard.intent.rites import RITES
from bot.guard.intent.resolve import _being, _is_beingish, _new, _pronoun, _resolve, _set_method, _set_target
from bot.guard.intent.roles import _roles
from bot.guard.lexicon.magic import (
    ENCHANTING, MAGIC_ACTS, MAGIC_ON, PERFORMING, SACRED, SACRED_HEADS, SPEAKING,
    SUPERNATURAL_MEANS, WONDER_VERBS,
)
from bot.guard.lexicon.verbs import PREPOSITIONS, verb_lemma
from bot.guard.lexicon.wordclass import noun_codes, verb_base
from bot.guard.lexicon.words import DETERMINERS, singular
from bot.world.intent import Intent


_MIND_WORDS = frozenset("mind minds thought thoughts memory memories dream dreams psyche consciousness".split())
_MIND_VERBS = frozenset(
    "read probe scan search enter invade touch sense hear peer delve look reach rifle pry listen skim see glimpse access link".split()
)
_MOVABLE_BY_MIND = frozenset("move lift float push pull levitate hurl throw fling open close bend raise toss pick drag slide shove".split())


_ELEMENTS = frozenset(
    """fire flame flames fireball fireballs lightning ice frost acid laser lasers beam beams energy
    plasma venom poison thunder bolt bolts ray rays blast blasts""".split()
)
_BREATHING = frozenset("breathe exhale spit spew belch vomit blow".split())
_EMITTING = frozenset("shoot fire blast project emit hurl throw launch fling unleash send release channel loose zap".split())
_BODY_SOURCES = frozenset("eye eyes hand hands finger fingers fingertip fingertips palm palms mouth chest body fist fists".split())


_SHRINKING = frozenset("shrink shrinks shrank dwindle".split())
_SMALL = frozenset("small smaller tiny little minute wee down size mouse-sized doll-sized myself".split())
_GIANT = frozenset("giant gigantic huge enormous colossal titanic towering massive twice tall taller".split())


def _body_power(step: _Step) -> str | None:
    """Powers of the body the words claim: "I breathe fire at the python", "I shoot lasers from my
    eyes", "lightning from my fingertips", "I stop time", "I use the Force"."""
    d = step.dobj
    d_lows = d.lows if d is not None else []
    d_head = d_lows[-1] if d_lows else ""
    if step.lemma in _BREATHING and d_head in _ELEMENTS:
        return "breath weapon"
    lows = [t.low for t in step.toks]
    if step.lemma in ("breathe", "breath") and ("underwater" in lows or any(p in ("under", "beneath") and np.head in _WATERS for p, np in step.pps)):
        return "water breathing"  # "I breathe underwater", "breathe under the waves"
    if step.lemma in ("breathe", "inhale", "breath") and (
        any(w in _WATERS or w.endswith("water") for w in d_lows) or any(np.head in ("fish", "eel", "mermaid", "merman", "shark") for p, np in step.pps if p == "like")
    ):
        return "water breathing"  # "I breathe the brine", "breathe like a fish": lungs do not
    if step.lemma in _SHRINKING and (d is None or d_head in _REFLEXIVE or set(d_lows) <= _SMALL) and not _pp(step, "from", "away", "back") and "back" not in step.particles:
        return "size change"  # "I shrink down small", "I grow to giant size": no body does
    if step.lemma in ("grow", "swell", "balloon") and any(t.low in _GIANT for t in step.toks):
        return "size change"
    sources = [np for p, np in step.pps if p in ("from", "out of", "through")]
    from_body = any(
        np.toks and np.toks[-1].low in _BODY_SOURCES and np.possessive in ("my", "our", None)
        and not any(t.low.endswith(("'s", "s'")) for t in np.toks)  # "out of tadamichi's hand": another's
        for np in sources
    )
    if from_body and (d_head in _ELEMENTS or step.lemma in _EMITTING or step.cls is None):
        return "energy blast"  # "lasers from my eyes", "lightning out of my fingertips"
    if step.lemma in ("stop", "freeze", "slow", "rewind", "reverse", "halt", "pause", "bend") and d_head == "time":
        return "time control"
    if step.lemma in ("turn",) and d_lows[-2:] == ["back", "time"]:
        return "time control"
    if d is not None and d.toks and d.toks[-1].text == "Force" and step.cls in ("use", "ability", None):
        return "telekinesis"  # "I use the Force"
    return None


def _power(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent | None:
    """A power the words claim whatever the verb: reading a mind ("I read Bell's mind", "I probe
    her thoughts", "I speak to him telepathically") or moving things by thought ("I lift the crate
    with my mind", "I use telekinesis")."""
    lows = [t.low for t in step.toks]
    mode = None
    # the power word as the manner or the means, not as a topic ("I ask her about telepathy")
    used = [t.low for t in step.toks if t.low.endswith("ally")]
    if step.dobj is not None and step.cls in ("use", "ability", "cast", None):
        used += step.dobj.lows
    for prep, np in step.pps:
        if prep in ("with", "using", "via", "through", "by"):
            used += np.lows
    if any(w.startswith(("telepath", "mind-read", "mindread")) for w in used):
        mode = "telepathy"
    elif any(w.startswith(("telekine", "psychokine")) for w in used):
        mode = "telekinesis"
    elif step.lemma in _MIND_VERBS or step.cls in ("examine",):
        phrases = [step.dobj, *(np for _, np in step.pps)]
        preps = [None, *(p for p, _ in step.pps)]
        for at, np in enumerate(phrases):
            if at + 1 < len(preps) and preps[at + 1] in ("on", "about", "regarding", "concerning") and np is not None and np.toks and np.toks[-1].low.startswith("thought"):
                continue  # "his thoughts on the harvest": what he thinks of it, told or asked
            if np is not None and np.toks and singular(np.toks[-1].low) in _MIND_WORDS | {"thought", "memory", "dream"}:
                if any(t.low.endswith("'s") or t.low in ("his", "her", "their", "its", "your") for t in np.toks):
                    mode = "telepathy"
                    break
    if mode is None:
        mode = _body_power(step)
    own_body = step.dobj is None or (step.dobj.lows[-1:] and step.dobj.lows[-1] in _REFLEXIVE)
    if mode is None and step.lemma in _MOVABLE_BY_MIND and not own_body:
        # "I lift the crate with my mind"; not "I drag myself up with sheer will" (grit)
        for i in range(len(lows) - 2):
            if lows[i] in ("with", "using") and lows[i + 1] in ("my", "the", "sheer", "pure") and lows[i + 2] in ("mind", "thoughts", "will", "willpower"):
                mode = "telekinesis"
                break
    if mode is None:
        return None
    intent = _new("ability", words, conf)
    _set_method(intent, _Ref(mode, "ability", words, True), ctx, "ability")
    target = step.dobj if step.dobj is not None and _is_beingish(step.dobj, ctx) else None
    if target is not None:
        _set_target(intent, _being(target, ctx, allow_objects=False))
    return intent


# Things called down from above, which only a power brings ("call down lightning on them").
_CALLED_DOWN = frozenset("wrath vengeance judgement judgment plague pestilence storm doom fury".split())


def _rite(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent | None:
    """Magic the words perform without the word "cast": a working laid, put, called down or
    woven ("I lay a curse on the captain", "I call down a healing miracle on her", "I put a hex
    on him", "a blessing on the child"), a wonder done by a supernatural means ("I heal myself
    with a prayer", "I smite him with holy fire"), or raising the dead. Returns a ``cast``."""
    d = step.dobj
    lemma = step.lemma or ""
    on = _pp(step, "on", "upon", "onto", "over", "at", "against", "into", "toward", "towards")
    working: _NP | None = None
    target: _NP | None = None
    if lemma == "lay" and d is not None and d.lows[-1:] == ["hands"] and on is not None:
        intent = _new("ability", words, conf)  # "I lay hands on her": the paladin's healing touch
        _set_method(intent, _Ref("lay on hands", "ability", "lay on hands", True), ctx, "ability")
        _set_target(intent, _being(on, ctx))
        return intent
    if lemma in ENCHANTING and d is not None and _pronoun(d) in (None, "being", "thing"):
        # "I bewitch the captain", "I enchant the guard"; a thing too: "I hex the roulette
        # wheel", "jinx the dice" work magic on what they touch as surely as on someone
        intent = _new("cast", words, conf)
        intent.method, intent.method_kind, intent.method_text = lemma, "spell", words
        if _is_beingish(d, ctx):
            _set_target(intent, _being(d, ctx))
        return intent
    if d is not None and d.toks and (lemma in PERFORMING or lemma in SPEAKING) and _pronoun(d) is None:
        head = singular(d.head) if d.head else ""
        last = singular(d.toks[-1].low)
        on_someone = on is not None and _is_beingish(on, ctx)
        wonder = any(w.endswith("ing") and (verb_base(w) or "") in _WROUGHT for w in d.lows[:-1])
        cut = d.lows.index("and") if "and" in d.lows else len(d.lows)  # "a prayer and her sores heal"
        said = d.lows[:cut]
        after = d.toks[cut].start if cut < len(d.toks) else (step.toks[-1].end if step.toks else 0)
        if (head in _PRAYERS or (said and singular(said[-1]) in _PRAYERS)) and (wonder or _wonder_follows(after, ctx)):
            # "I say a healing prayer over Oswin", "I whisper a prayer and her sores heal": the
            # prayer does the healing
            working, target = _NP(d.toks[:cut]), on
        elif lemma in SPEAKING and lemma not in PERFORMING:
            # "whisper a charm over the bowl", "intone an incantation"; "mutter a curse" is
            # swearing unless it is laid on someone
            if (head in MAGIC_ACTS and head != "curse") or head == "charm" or (head == "curse" and on_someone):
                working, target = d, on
        elif (head in MAGIC_ON or last in MAGIC_ON) and d.lows[0] == "the" and not on_someone:
            pass  # "I put the charm on the shelf": a thing, placed
        elif head in MAGIC_ACTS or last in MAGIC_ACTS or d.lows[-2:] == ["evil", "eye"] or ((head in MAGIC_ON or last in MAGIC_ON) and on_someone):
            working, target = d, on
        elif lemma in ("call", "bring", "rain") and "down" in step.particles and any(
            w in _ELEMENTS or w in _CALLED_DOWN or w in SACRED_HEADS for w in (head, last)
        ):
            # "I call down lightning on the raiders"; "call a tongue of holy fire down": the
            # force is the last word when the head only shapes it (a tongue, a bolt, a pillar)
            working, target = d, on
        elif head in _CALLED_DOWN and on_someone:
            working, target = d, on  # "I invoke Odin's wrath upon the jarl", "send a plague on them"
    if working is None:
        for prep, np in step.pps:
            if prep not in ("with", "through", "by", "using", "via") or not np.toks:
                continue
            if (lemma in WONDER_VERBS or lemma in ENCHANTING or step.cls == "heal") and _supernatural(np):
                working, target = np, d or on  # "I heal myself with a prayer"
                break
            if _supernatural(np, strict=True):
                working, target = np, d or on  # "I put Hilde to sleep with a lullaby spell"
                break
            if lemma in _ELEMENTAL and singular(np.head or "") in _BARE_MEANS and d is not None:
                working, target = np, d  # "I freeze the rat solid with a touch"
                break
    purpose = step.purpose or _bid_to(step)
    if working is None and purpose and lemma in _PETITION and _to_a_god(step, ctx):
        first = purpose[0].low
        effect = verb_lemma(first) or verb_base(first) or first
        sent = _roles(purpose[1:], None)[0] if effect in _SENDING else None
        if effect in _WROUGHT or (sent is not None and singular(sent.head or "") in _FORCES):
            # the force sent down need not strike anyone: "call on the rain god to send a storm"
            # "I beseech the gods to strike him down", "I call upon Moradin to mend my wounds":
            # a prayer that does the deed is the deed's magic
            intent = _new("cast", words, conf)
            intent.method, intent.method_kind, intent.method_text = "prayer", "spell", words
            rest = _roles(purpose[1:], None)[0]
            if rest is not None and _is_beingish(rest, ctx):
                _set_target(intent, _being(rest, ctx))
            return intent
    if working is None and lemma in _PETITION and step.toks and _to_a_god(step, ctx) and _god_answers(step.toks[-1].end, ctx):
        # "I pray to Jupiter and he strikes Varro with lightning": the god's deed, told by the
        # player as what follows the prayer, is the prayer's magic
        intent = _new("cast", words, conf)
        intent.method, intent.method_kind, intent.method_text = "prayer", "spell", words
        return intent
    if working is None and step.purpose:
        means = _means_in(step.purpose)
        if means is not None and _supernatural(means, strict=True):
            working, target = means, d  # "I put Hilde to sleep with a lullaby spell"
    if working is None and d is not None and (step.cls == "use" or lemma in ("channel", "invoke", "summon", "unleash")) and _supernatural(d, strict=True):
        working, target = d, on  # "I channel divine energy into my blade", "the power of Moradin"
    if working is None and lemma in ("turn", "change", "transform") and d is not None and _is_beingish(d, ctx):
        into = _pp(step, "to", "into")
        if into is not None and singular(into.head or "") in _TRANSMUTED:
            working, target = into, d  # "I turn the rat to stone"
    if working is None and (lemma in ("resurrect", "reanimate") or (lemma == "raise" and d is not None and d.lows[-1:] == ["dead"])):
        intent = _new("cast", words, conf)
        intent.method, intent.method_kind, intent.method_text = "raise dead", "spell", words
        if d is not None and d.lows[-1:] != ["dead"]:
            _set_target(intent, _being(d, ctx))
        return intent
    if working is None:
        return None
    intent = _new("cast", words, conf)
    _set_method(intent, _Ref(working.text, "spell", working.text, False), ctx, "spell")
    if target is not None:
        _set_target(intent, _being(target, ctx))
    return intent


# Verbs of harm a touch or a glance cannot do by hand: "freeze the rat solid with a touch".
_ELEMENTAL = frozenset("freeze burn ignite incinerate electrocute petrify shock wither disintegrate melt scorch sear blind".split())
_BARE_MEANS = frozenset("touch glance gaze look word thought finger fingertip hand breath stare".split())
# What a creature is turned to by magic: "I turn the guard to stone".
_TRANSMUTED = frozenset("stone ash ashes dust ice gold salt glass toad frog newt pig statue".split())
# Workings named outright, whatever the verb; prayers and rites count only for wonders.
_STRICT_MEANS = (MAGIC_ACTS | RITES | frozenset({"incantation", "enchantment", "sorcery", "witchcraft", "magic", "spell"})) - frozenset({"curse"})


# Sending or bringing, and the great forces of nature only a power sends: what a petition that
# asks for them ("beg the sky god to send a flood") claims is a wonder.
_SENDING = frozenset("send bring unleash rain loose call summon raise stir whip conjure".split())
_FORCES = frozenset(
    """storm storms rain rainstorm thunderstorm tempest hurricane typhoon whirlwind tornado flood
    deluge earthquake quake hail hailstorm lightning thunder blizzard drought plague pestilence
    eclipse fog mist wind gale""".split()
) | _CALLED_DOWN | _ELEMENTS


_PRAYERS = frozenset("prayer prayers chant hymn song word words invocation litany psalm blessing rite ritual".split())
_PETITION = frozenset("pray beseech implore entreat beg ask call invoke petition plead appeal".split())
_WROUGHT = frozenset("heal cure mend restore revive resurrect raise smite strike destroy burn kill slay blast curse close knit".split())
_GODS = frozenset("god gods goddess goddesses deity deities divinity divinities heaven heavens spirit spirits ancestor ancestors saint saints".split())


_WONDER_AFTER = re.compile(
    r"^.{0,80}?\b(?:wounds?|sores?|cuts?|gash\w*|injur\w+|burns?|bruises?|flesh|skin|bones?|fever|plague|sickness|"
    r"illness|bleeding|blood|poison)\b[^.;!?]{0,30}?\b(?:heal\w*|close[sd]?|mend\w*|knit\w*|vanish\w*|fade[sd]?|"
    r"disappear\w*|seal\w*|cool\w*|subside[sd]?|lift[sd]?)\b"
    # or the mending said first: "... and close the wound", "and knit the bone"
    r"|^.{0,40}?\b(?:and|then)\s+(?:i\s+)?(?:close|heal|mend|knit|seal|cure)s?\s+(?:the|his|her|their|its|my|that)\s+"
    r"(?:[a-z'-]+\s+)?(?:wounds?|cuts?|gash\w*|injur\w+|burns?|bones?|fever|sickness|illness|bleeding)\b",
    re.S,
)


def _wonder_follows(at: int, ctx: _Ctx) -> bool:
    """Whether the words after offset ``at`` have a hurt mend by itself ("... and her sores heal")."""
    if ctx.text is None:
        return False
    return _WONDER_AFTER.search(ctx.text[at:].casefold()) is not None


_ANSWERED = re.compile(r"^\W*(?:and|then|so|,)?\s*(?:then\s+)?(?:he|she|they|it|the gods?|the goddess)\s+(\w+)")


def _god_answers(at: int, ctx: _Ctx) -> bool:
    """Whether the words right after a prayer have the god answer with a deed ("... and he
    strikes Varro down", "... and she heals my wounds")."""
    if ctx.text is None:
        return False
    m = _ANSWERED.match(ctx.text[at:].casefold())
    if m is None:
        return False
    verb = m.group(1)
    return (verb_lemma(verb) or verb_base(verb) or verb) in _WROUGHT


def _to_a_god(step: _Step, ctx: _Ctx) -> bool:
    """Whether the step addresses a god: "the gods", "Moradin" (a name no one here has)."""
    nps = [step.dobj] if step.dobj is not None else []
    nps += [np for p, np in step.pps if p in ("to", "upon", "on")]
    for np in nps:
        if np is None or not np.toks:
            continue
        if singular(np.head or "") in _GODS or np.head in _GODS:
            return True
        named = all(t.cap for t in np.toks if t.low not in DETERMINERS) or _lowercase_god(np, ctx)
        if step.lemma in ("pray", "beseech", "invoke", "call", "implore", "entreat") and named:
            if _resolve(np, ctx, BEING_KINDS, min_score=80) is None:
                return True
    return False


def _bid_to(step: _Step) -> list[_Tok]:
    """ "call on the storm god to send a storm": a "to" the parse took for a direction is what the
    one called on is bidden to do when a verb follows it."""
    for prep, np in step.pps:
        if prep == "to" and len(np.toks) > 1:
            first = np.toks[0].low
            if verb_lemma(first) is not None or (verb_base(first) is not None and not noun_codes(first)):
                return np.toks
    return []


def _lowercase_god(np: _NP, ctx: _Ctx) -> bool:
    """ "call on chaak": in a message written all in lower case no capital marks a name, so a
    bare word no dictionary knows, called on, is one."""
    if ctx.text is None or any(ch.isupper() for ch in ctx.text):
        return False
    return len(np.toks) == 1 and np.toks[0].low.isalpha() and not noun_codes(np.toks[0].low) and verb_base(np.toks[0].low) is None


def _means_in(toks: list[_Tok]) -> _NP | None:
    """The phrase after "with" / "using" in a run of words ("sleep with a lullaby spell")."""
    for i, t in enumerate(toks):
        if t.low in ("with", "using"):
            j = i + 1
            while j < len(toks) and toks[j].low not in PREPOSITIONS and toks[j].low not in _SOFT and toks[j].low not in _HARD:
                j += 1
            return _NP(toks[i + 1 : j]) if j > i + 1 else None
    return None


def _supernatural(np: _NP, strict: bool = False) -> bool:
    """ "a prayer", "a miracle", "holy light", "divine power", "the power of the gods"; with
    ``strict``, only what is magic whatever it is used for ("a spell", "divine energy")."""
    head = singular(np.head or "")
    lows = np.lows
    if head in (_STRICT_MEANS if strict else SUPERNATURAL_MEANS | MAGIC_ACTS | RITES):
        return True
    if any(w in SACRED for w in lows) and any(w in SACRED_HEADS for w in lows):
        return True  # "holy light", "a touch of radiant light", "divine energy"
    if head in ("power", "might", "grace", "wrath", "favor", "favour") and "of" in lows:
        after = np.toks[lows.index("of") + 1 :]
        gods = ("god", "gods", "goddess", "heaven", "heavens", "divine", "divines", "saints", "spirits")
        return any(t.low in gods for t in after) or (bool(after) and after[-1].cap)  # "the power of Moradin"
    return False


_ON_FOOT = frozenset(
    """walk run stride step stroll dance march sprint dash hurry jog wander skip tiptoe amble
    saunter hop trot stand stomp tread pace strut scamper scurry skitter""".split()
)
_WATERS = frozenset("water waves wave sea ocean lake river pond surface stream bay current tide lagoon waters brine surf swell pool moat canal fountain".split())
_AIRS = frozenset("air sky cloud clouds nothing nothingness wind breeze".split())
_FIRM = frozenset("frozen ice icy iced bridge plank pier dock jetty boat raft ice floe shore beach bank gangplank stepping stone stones rock rocks deck".split())


_LEAPING = frozenset("jump leap hop vault bound spring skip".split())


def _impossible_surface(step: _Step) -> tuple[str, _NP] | None:
    """Walking on water or on air ("I walk across the waves to the galleon", "I stroll out onto
    the lake", "I walk on thin air"), or up a wall or along a ceiling: ("water walking" | "flight" |
    "wall walking", the phrase)."""
    if step.lemma not in _ON_FOOT or not step.pps:
        return None
    prep, np = step.pps[0]
    lows = set(np.lows)
    head = np.toks[-1].low if np.toks else ""
    leaping = step.lemma in _LEAPING and prep in ("over", "across")
    if prep in ("on", "onto", "across", "over", "upon") and (head in _WATERS or (lows & _WATERS and "of" in lows)) and not lows & _FIRM and not leaping:
        return "water walking", np  # "across the waves", "across the surface of the pool"; "hop over the stream" is a hop
    if prep in ("on", "onto", "across", "upon", "along") and head in _AIRS:
        return "flight", np  # "I walk on thin air", "across the clouds"
    if (prep == "up" and head in ("wall", "cliff", "face", "tower", "column", "pillar")) or (prep in ("on", "along", "across", "upon") and head == "ceiling"):
        return "wall walking", np
    return None
