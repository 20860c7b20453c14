"""The ability check: every sign of magic in the narration, who works it, and whether they may.

Each family of signs is scanned only when one of its gate words is in the text, so ordinary prose
costs almost nothing. Several patterns often see the same marvel ("a ball of fire leaps from his
palm" is an element from a hand and a spell's shape); events are judged in order of where they
start and a span already faulted is not judged again, so one marvel is one finding.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.nouns import DOORLIKE
from bot.guard.narration_checks.abilities.actors import (
    _actor, _antecedent, _changer, _influencer, _moves_itself, _near_able, _owner_actor,
    _trigger_before, _wound_owner,
)
from bot.guard.narration_checks.abilities.judgement import _judge
from bot.guard.narration_checks.abilities.kinds import (
    _ANY_MAGIC, _CHANGE_MAGIC, _HEAL_MAGIC, _covers,
)
from bot.guard.narration_checks.abilities.marvels import (
    _beasts_speak, _borrowed_powers, _things_obey, _things_rise,
)
from bot.guard.narration_checks.abilities.mind_body_signs import (
    _APPARITION, _APPARITION_WORDS, _BODY_CHANGE, _BODY_TO_BEAST, _BREATH, _BREATH_WORDS,
    _CHANGE_WORDS, _HEALING_MEANS, _INTRUSION, _MIND, _MIND_REACH, _MIND_TOUCH, _MIND_REACH_YOU, _MIND_WORDS, _SCRYING, _SHADOW,
    _SHADOW_WORDS, _SLEEP, _SLEEP_WORDS, _SURFACES, _TONGUE, _TONGUE_WORDS, _TRANSMUTE,
    _TRANSMUTE_WORDS, _WOUND_CLOSES, _WOUND_GATE, _WOUND_TOUCH, _WOUND_WORDS,
)
from bot.guard.narration_checks.abilities.motion_signs import (
    _ANIMATE_WORDS, _EFFECT_STEMS, _FOLDED_SPACE, _GESTURE_EFFECT, _GESTURE_WORDS, _HALTS_MIDAIR,
    _MIDAIR_WORDS, _OBEY_GATE,
    _OBEYS, _RISE, _RISING_THINGS, _SELF_ACTING, _SELF_MOVED, _SELF_WORDS, _STATE_CHANGE,
    _TRIGGER,
)
from bot.guard.narration_checks.abilities.spell_signs import (
    _CAUGHT_LIGHT, _ELEMENT_WORDS, _EYE_WORDS, _EYES, _FLAMMABLE, _GLOW_STEMS, _IGNITE_WORDS,
    _IGNITES, _IT_IGNITES, _LIGHTS, _LIT, _NOT_SPELL_OBJ, _PART_GLOWS, _PHENOMENON_FROM,
    _SPELL_STEMS, _SPELL_VERB, _STANDALONE, _STANDALONE_STEMS, _STANDALONE_WORDS, _TOOL_WORDS,
    _MIND_EMPTIED, _RAW_SIGN_WORDS, _RAW_SIGNS, _UNLIT, _WEAK, _WEAPON_GLOWS, _WEAPON_UNCANNY, _magic_object, _named_spell, _word_kind_item,
)
from bot.guard.narration_checks.abilities.uncanny_signs import uncanny_events
from bot.guard.narration_checks.base import Actor, CheckContext, subject_before


# Tools whose work is flame or sparks: what they spit is no spell.
_FLAME_TOOLS = re.compile(r"\b(?:cutter|cutting torch|blowtorch|blow-torch|blowlamp|welder|welding "
                          r"torch|torch|lighter|flamethrower|flame-thrower|burner|igniter|tinderbox|"
                          r"flint|match|matches|bellows|forge|furnace|kiln|stove)\b")



# The gate of _SELF_MOVED as a set, built once rather than on every narration.
_EFFECT_WORDS = frozenset(_EFFECT_STEMS)

# Whose command, bidding or will something obeys: the owner word in the matched sign.
_COMMANDER = re.compile(r"\b(?:at|to|obeys?|answers?) (your|his|her|their) (?:command|bidding|"
                        r"gesture|will|call)\b")

_SHUTTERS = DOORLIKE | frozenset({"lid", "seal", "valve"})


def _door_sealing(ctx: CheckContext, char: int) -> bool:
    """Is the thing that seals itself a door, hatch or lid (closing), not a break mending?"""
    r = ctx.reading
    i = r.token_at(char)
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    before = [q for q in r.phrases if a <= q.start and q.end <= i and not q.pronoun]
    return bool(before) and V.lemma(r.tokens[before[-1].head].base) in _SHUTTERS


class AbilityCheck:
    """Magic and powers need someone who has them."""

    name = "abilities"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        text = r.masked
        events: list[tuple[int, int, Actor, str, str | None]] = []  # a, b, actor, what, spell
        spelly = r.mentions(frozenset(), _SPELL_STEMS)
        elemental = r.mentions(_ELEMENT_WORDS)
        for m in (_SPELL_VERB.finditer(text) if spelly else ()):
            obj = m.group("obj")
            if _NOT_SPELL_OBJ.match(obj):
                continue
            if m.group("v").endswith("ed") and re.search(r"\b(?:a|an|the|his|her|your|their|its|"
                                                        r"my|our|this|that)\s+(?:\w+\s+)?$",
                                                        text[max(0, m.start() - 8):m.start()]):
                continue  # "an enchanted arrow": a thing, judged by the item check
            verb = m.group("v")
            spell = None
            if verb.startswith("cast"):
                spell = _named_spell(obj)
                if spell is None:
                    continue
                lead = obj.split()[0] if obj.split() else ""
                if lead in ("his", "her", "their", "your") and not re.search(
                        r"spell|magic|bolt|fire|missile|hex|curse|charm|light|hand", obj):
                    continue
            elif verb.startswith(("summon", "conjure", "channel", "weave", "wove")):
                if not _magic_object(obj):
                    continue
            events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0), spell))
        for m in (_PHENOMENON_FROM.finditer(text) if elemental else ()):
            part = m.group("part")
            ph = m.group("ph")
            if part == "eyes" and re.search(r"\bin (?:the |his |her |your |their |its |"
                                            r"[a-z]+'s )?(?:\w+ )?eyes$", m.group(0)):
                continue  # "a fire in her eyes" is a look, not a spell
            if part in _TOOL_WORDS and re.match(
                    r"(?:a |an |the )?(?:sparks|light|darkness)\b", ph):
                continue
            actor = _owner_actor(ctx, m.start("part"))
            source = re.search(r"\b(?:from|between|out of|off|at)\s+(?:the |his |her |your |"
                               r"their |its |[a-z]+'s )?(?:\w+ ){0,2}?$",
                               m.group(0)[:m.start("part") - m.start()])
            if source is None and actor.kind == "holder" and actor.holder is not None and \
                    actor.holder.kind == "player" and re.search(
                        r"\byour (?:\w+ ){0,2}?$", m.group(0)[:m.start("part") - m.start()]):
                actor = Actor(kind="none")  # light "along your arm": worked on you, not by you
            if actor.kind in ("none", "thing"):
                actor = _actor(ctx, m.start())
            events.append((m.start(), m.end(), actor, m.group(0), None))
        glowing = r.mentions(frozenset(), _GLOW_STEMS)
        for m in (_PART_GLOWS.finditer(text) if glowing else ()):
            if m.group("part") in ("eyes", "eye"):
                continue  # "her eyes flash with anger": only colours no eye has count (_EYES)
            events.append((m.start(), m.end(), _owner_actor(ctx, m.start("owner")),
                           m.group(0), _ANY_MAGIC))
        for m in (_WEAPON_GLOWS.finditer(text) if glowing else ()):
            events.append((m.start(), m.end(), _owner_actor(ctx, m.start("owner")),
                           m.group(0), _ANY_MAGIC))
        for m in (_WEAPON_UNCANNY.finditer(text) if glowing else ()):
            if _CAUGHT_LIGHT.search(m.group(0)):
                continue  # "his sabre glows red in the firelight": light it catches
            part = m.group("part")
            owner = _owner_actor(ctx, m.start("owner"))
            if V.lemma(part) in V.BODY or part in ("eyes", "eye") or not (
                    W.is_carried_thing(part) or _word_kind_item(part) or (
                        owner.holder is not None and owner.holder.has(part))) or \
                    V.lemma(part) in _LIGHTS:
                continue  # a lamp, a screen, a face: things that glow anyway
            events.append((m.start(), m.end(), owner, m.group(0), _ANY_MAGIC))
        for m in (_IT_IGNITES.finditer(text) if glowing or elemental else ()):
            thing = _antecedent(ctx, r.token_at(m.start()))
            if thing is None:
                continue
            sa, sb = r.sentences[r.tokens[r.token_at(m.start())].sent]
            unlit = _UNLIT.search(r.text.lower(), sa, sb)
            if not unlit and (V.lemma(r.tokens[thing.head].base) in _FLAMMABLE or
                              r.tokens[thing.head].base in _FLAMMABLE or _LIT.search(
                                  text, r.sentences[r.tokens[thing.head].sent][0], m.start())):
                continue  # "lights the stove; it bursts into flame": lit, not conjured
            thing_word = r.tokens[thing.head].base
            if W.is_substance(thing_word) or V.lemma(thing_word) in V.ATMOSPHERE:
                continue  # "the oil ... it bursts into flame": stuff burns
            actor = _owner_actor(ctx, r.tokens[thing.head].start)
            if actor.kind == "none":
                actor = _actor(ctx, r.tokens[thing.start].start)
            events.append((m.start(), m.end(), actor, m.group(0), None))
        standalone = elemental or spelly or r.mentions(_STANDALONE_WORDS, _STANDALONE_STEMS)
        for m in (_STANDALONE.finditer(text) if standalone else ()):
            actor = _actor(ctx, m.start())
            commander = _COMMANDER.search(m.group(0))
            if commander is not None:
                # "the ghost fades into the wall at your command": the one obeyed works the
                # power, not the one who obeys
                owner = _owner_actor(ctx, m.start() + commander.start(1))
                if owner.kind == "holder":
                    actor = owner
            if _WEAK.match(m.group(0)) and actor.kind != "holder":
                continue
            if re.match(r"(?:bursts?|erupts?) (?:back |again )?into", m.group(0)) and _LIT.search(
                    text, r.sentences[r.tokens[r.token_at(m.start())].sent][0], m.start()):
                continue  # "lights the stove; it bursts into flame": lit
            if _FLAME_TOOLS.search(text, r.sentences[r.tokens[r.token_at(m.start())].sent][0],
                                   m.start()):
                continue  # "your plasma cutter spits a tongue of flame": a tool's own fire
            events.append((m.start(), m.end(), actor, m.group(0), None))
        for m in (_RAW_SIGNS.finditer(r.text.lower()) if not r.words.isdisjoint(
                _RAW_SIGN_WORDS) else ()):
            events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0), _ANY_MAGIC))
        for m in (_MIND_EMPTIED.finditer(r.text.lower()) if not r.words.isdisjoint(
                {"remember", "recall", "blank", "empty"}) else ()):
            events.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0),
                           _ANY_MAGIC))
        for m in (_RISE.finditer(text) if "air" in r.words else ()):
            what = m.group("what")
            if what in ("it", "they"):
                # "you stare at the tinned peaches and they rise into the air": what they are
                thing = _antecedent(ctx, r.token_at(m.start()))
                if thing is None:
                    continue
                what = r.tokens[thing.head].base
            if what in _RISING_THINGS or V.lemma(what) in _RISING_THINGS \
                    or V.creature_group(what) or what in V.SUBJECT_PRONOUNS:
                continue
            if V.is_person_noun(what) or g.holder_named(what) is not None:
                continue  # a person flying: the physics check
            events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0), None))
        if r.mentions(_EFFECT_WORDS):
            for m in _SELF_MOVED.finditer(text):
                if _moves_itself(ctx, m.start(), _STATE_CHANGE.match(m.group(0)) is not None):
                    continue  # "the sea throws itself at the rocks", "the cat leaps untouched"
                if m.group(0).startswith(("seal", "reseal")) and _door_sealing(ctx, m.start()):
                    continue  # "the hatch seals itself shut": a door closing, as machines do
                events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0),
                               None))
        first_trigger = _TRIGGER.search(text) if r.mentions(_OBEY_GATE) else None
        for m in (_OBEYS.finditer(text, first_trigger.end()) if first_trigger else ()):
            trigger = _trigger_before(ctx, m.end())
            if trigger is not None:
                events.append((m.start(), m.end(), _actor(ctx, trigger), m.group(0), None))
        if first_trigger is not None or (r.mentions(_ANIMATE_WORDS) and _TRIGGER.search(text)):
            events += _things_obey(ctx)
        for m in (_HALTS_MIDAIR.finditer(text) if r.mentions(_MIDAIR_WORDS) else ()):
            trigger = _trigger_before(ctx, m.start())
            held = subject_before(ctx, r.token_at(m.start()))
            if trigger is None or held.kind != "thing" or held.phrase is None or \
                    V.creature_group(r.tokens[held.phrase.head].base) or \
                    V.lemma(r.tokens[held.phrase.head].base) in V.ATMOSPHERE:
                continue  # a kestrel, a swimmer's breath, a smell: no power holds them
            events.append((m.start(), m.end(), _actor(ctx, trigger), m.group(0), None))
        minds = [*_MIND.finditer(text), *_MIND_TOUCH.finditer(text)] if r.mentions(
            _MIND_WORDS) else []
        for m in minds:
            events.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0),
                           None))
        if glowing or elemental or r.mentions(_IGNITE_WORDS):
            for m in _IGNITES.finditer(text):
                if (m.group("part") or "") in _FLAMMABLE:
                    continue  # "his torch bursts into flame": lit, not conjured
                owner = m.group("owner")
                actor = _owner_actor(ctx, m.start("owner")) if owner else \
                    _owner_actor(ctx, m.end() - 1)
                if actor.kind == "none":
                    actor = _actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_EYE_WORDS):
            for m in _EYES.finditer(text):
                events.append((m.start(), m.end(), _owner_actor(ctx, m.start()), m.group(0),
                               None))
        for pat, gate in ((_GESTURE_EFFECT, _GESTURE_WORDS), (_SLEEP, _SLEEP_WORDS),
                          (_INTRUSION, _MIND_WORDS),
                          (_SHADOW, _SHADOW_WORDS), (_BREATH, _BREATH_WORDS),
                          (_WOUND_TOUCH, _WOUND_WORDS), (_SELF_ACTING, _SELF_WORDS)):
            if not r.mentions(gate):
                continue
            for m in pat.finditer(text):
                if pat is _SLEEP:
                    trigger = _trigger_before(ctx, m.start())
                    if trigger is None:
                        continue  # a drunk nodding off is no spell
                    actor = _actor(ctx, trigger)
                elif pat is _INTRUSION:
                    subject = subject_before(ctx, r.token_at(m.start()))
                    if subject.kind == "thing" and subject.phrase is not None and \
                            W.is_abstract(r.tokens[subject.phrase.head].base):
                        continue  # "a thought slides into your mind": no one pushes it
                    actor = _influencer(ctx, m.start())
                elif pat is _SHADOW:
                    actor = _owner_actor(ctx, m.start())
                elif pat is _WOUND_TOUCH:
                    # the healer is whose touch it is, else the nearest other character
                    touch = re.search(r"\b(?:his|her|their|your) (?:touch|fingers|hand|hands|"
                                      r"palm|palms|fingertips)\b", m.group(0))
                    actor = _owner_actor(ctx, m.start() + touch.start()) if touch else \
                        Actor(kind="none")
                    if actor.kind == "none":
                        actor = _influencer(ctx, m.start())
                elif pat is _SELF_ACTING:
                    if _moves_itself(ctx, m.start()):
                        continue
                    actor = _actor(ctx, m.start())
                else:
                    actor = _actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_WOUND_GATE):
            for m in _WOUND_CLOSES.finditer(text):
                a_s, b_s = r.sentences[r.tokens[r.token_at(m.start())].sent]
                if _HEALING_MEANS.search(text[max(0, a_s - 200):b_s]):
                    continue  # a potion drunk, a salve rubbed in, days passing
                if m.group(0).startswith(("they", "it")) and not re.search(
                        r"\b(?:wound|wounds|gash|gashes|cut|cuts|injury|injuries|burns|bruises)\b",
                        text[a_s:m.start()]) and not re.search(
                        r"\b(?:wound|wounds|gash|gashes|cut|cuts|skin|flesh|bone|bones)\b",
                        m.group(0)):
                    continue  # "it closes": a door as likely as a wound; not "it the skin knits"
                actor = _influencer(ctx, m.start(), things_owned=False)
                if actor.kind != "holder" or not _covers(actor.holder, frozenset({"heal"}), g):
                    # the healer, not the one healed: "Brother Anselm kneels beside Nub ... the
                    # cut knits closed"; never the owner of the wound ("your wounds")
                    wounded = _wound_owner(ctx, m.start(), m.end())
                    actor = _near_able(ctx, m.start(), frozenset({"heal"}), wounded) or actor
                events.append((m.start(), m.end(), actor, m.group(0), _HEAL_MAGIC))
        if r.mentions(_APPARITION_WORDS) and ("air" in r.words or r.mentions(
                frozenset({"into", "smoke", "flames", "fire", "mist", "candlelight"}))):
            for m in _APPARITION.finditer(text):
                events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0),
                               _ANY_MAGIC))
        if r.mentions(_CHANGE_WORDS):
            for m in _BODY_CHANGE.finditer(text):
                after = re.findall(r"[a-z'-]+", text[m.end():m.end() + 40])[:4]
                noun = next((w for w in after if w not in ("a", "an", "the") and not
                             V.looks_adjective(w) and w not in V.COLOURS), "")
                if noun and (V.lemma(noun) in V.EXPRESSIONS or noun in V.EXPRESSIONS
                             or W.is_abstract(noun)):
                    continue  # "his face twists into a scowl": a look, not a new body
                if m.group("owner"):
                    actor = _owner_actor(ctx, m.start("owner"))
                else:
                    actor = _actor(ctx, m.start("owner2") + len(m.group("owner2")) + 1)
                if actor.kind == "none":
                    actor = _actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), _CHANGE_MAGIC))
        if r.mentions(_MIND_WORDS | frozenset({"memories"})):
            for m in [*_MIND_REACH.finditer(r.text), *_MIND_REACH_YOU.finditer(r.text)]:
                k = r.token_at(m.start())
                if r.tokens[k].muted or r.tokens[k].negated:
                    continue
                if r.tokens[k].cap and r.tokens[k].low not in ("he", "she", "they") and not (
                        ctx.refs and ctx.refs[k] is not None):
                    continue  # "Doubt creeps into your mind": no one reaches
                events.append((m.start(), m.end(), _influencer(ctx, m.start()),
                               m.group(0), None))
        if r.mentions(_CHANGE_WORDS):
            for m in _BODY_TO_BEAST.finditer(text):
                words = re.findall(r"[a-z'-]+", m.group("rest"))[:6]
                if words and words[0] in ("him", "her", "them", "you", "me", "us", "it"):
                    continue  # "his hand goes to her shoulder": a reach, not a change
                parts = [p for w in words for p in (w, *w.split("-")) if p]
                if not any(V.lemma(w) in V.ANIMAL_PARTS or V.lemma(w) in V.CREATURE_PARTS
                           or w in V.ANIMAL_PARTS or w in V.CREATURE_PARTS
                           or w not in words and V.creature_group(w)
                           or w in words and V.creature_group(w) and w not in V.BODY
                           for w in parts):
                    continue  # "her face hardens into a mask", "fingers curl into fists"
                actor = _owner_actor(ctx, m.start("owner"))
                if actor.kind == "none":
                    actor = _actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), _CHANGE_MAGIC))
        if r.mentions(frozenset({"face", "image", "likeness", "figure", "features",
                                 "reflection", "future", "fate", "fortune", "destiny", "vision",
                                 "visions", "omen", "portent"})):
            for m in _SCRYING.finditer(text):
                surf = m.group("surf")
                if surf and surf not in _SURFACES and not W.is_substance(surf) and \
                        W.first_class(surf) != "D":
                    continue  # "the face in the crowd": a surface that shows pictures only
                owner = m.group("owner")
                if owner.endswith("'s") and ctx.grounding.holder_named(owner[:-2]) is not None:
                    continue  # a present face reflected
                if owner in ("your", "his", "her", "their") and not re.search(
                        r"\b(?:future|fate|fortune|destiny|visions?|omen|portent)\b", m.group(0)):
                    continue  # "your own face swims in the water": a reflection
                events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0),
                               _ANY_MAGIC))
        if r.mentions(frozenset({"space", "spacetime", "space-time", "reality", "air",
                                 "world"})):
            for m in _FOLDED_SPACE.finditer(text):
                events.append((m.start(), m.end(), _actor(ctx, m.start()), m.group(0),
                               None))
        events += _things_rise(ctx)
        events += _borrowed_powers(ctx)
        events += _beasts_speak(ctx)
        events += uncanny_events(ctx)
        if r.mentions(_TRANSMUTE_WORDS):
            for m in _TRANSMUTE.finditer(text):
                actor = _changer(ctx, m.start())
                if actor is not None:
                    events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_TONGUE_WORDS):
            for m in _TONGUE.finditer(text):
                actor = _actor(ctx, m.start())
                if actor.kind == "holder":
                    events.append((m.start(), m.end(), actor, m.group(0), None))
        out: list[Finding] = []
        used: list[tuple[int, int]] = []
        for a, b, actor, what, spell in sorted(events, key=lambda e: e[0]):
            if any(a < ub and b > ua for ua, ub in used):
                continue
            f = _judge(ctx, a, b, actor, what, spell)
            if f:
                used.append((a, b))
                out.extend(f)
        return out
