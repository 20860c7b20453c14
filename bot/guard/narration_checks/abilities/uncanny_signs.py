"""Marvels told by what they do to the world, not by a spell's words.

A thought "placed there by the drone", a man who "hears everything inside your head", arms that
will not lift while someone only looks at you, lamps that die at a murmured syllable though no
air stirs, a ward of light settling over the party, frostbitten flesh turning whole while you
watch: none names magic, yet each is a power the prose leaves no ordinary cause for. Each family
is read only when one of its gate words is in the text, and each is pinned on whoever works it
(the nearest other character), never on the one it is worked on.
"""

from __future__ import annotations

import re

from bot.guard.narration_checks.abilities.actors import _actor, _influencer
from bot.guard.narration_checks.abilities.kinds import _ANY_MAGIC, _HEAL_MAGIC
from bot.guard.narration_checks.base import Actor, CheckContext

Event = tuple[int, int, Actor, str, "str | None"]

# A thought put into a mind by someone: "the answer arrives in your head, placed there by the
# drone"; a mind heard from outside: "I hear everything inside your head".
_MIND_PUT = re.compile(
    r"\b(?:in|into|inside) (?:your|his|her|their) (?:head|mind|skull|thoughts)\b[^.;!?]{0,30}?"
    r"\b(?:placed|put|planted|pressed|pushed|set|laid|slipped) there by\b|"
    r"\b(?:i|he|she|they|it) (?:can )?(?:hears?|reads?|sees?) (?:everything|every thought|"
    r"every word|all of it|whatever) (?:\w+ )?(?:inside|in|going on in) (?:your|his|her|their|"
    r"my) (?:head|mind|skull|thoughts)\b")
_MIND_PUT_WORDS = frozenset({"there", "everything", "whatever", "thought", "word"})
# A body that will not answer, with nothing holding it: "you find you cannot lift your arms".
_BODY_HELD = re.compile(
    r"\byou (?:find (?:that )?you )?(?:cannot|can't|can not|are unable to) (?:so much as )?"
    r"(?:lift|move|raise|stir|twitch|feel) (?:your|a) (?:arms?|hands?|legs?|limbs|body|fingers?|"
    r"head|muscle)\b|\byour (?:arms|hands|legs|limbs|body) (?:will not|won't|refuse to|no "
    r"longer) (?:move|obey|answer|respond|lift)\b")
_BODY_HELD_WORDS = frozenset({"cannot", "can't", "unable", "won't", "refuse", "longer", "can"})
_RESTRAINT = re.compile(
    r"\b(?:pin|pins|pinned|pinning|grip|grips|gripped|hold|holds|held|bound|tied|ropes?|chains?|"
    r"shackles?|manacles?|grapple|grapples|grappled|weight|trapped|crushed|wedged|stuck|numb|"
    r"frozen|frostbitten|cold|cramp|cramped|exhausted|tired|wounded|broken|drunk|drugged|"
    r"poison|poisoned|laudanum|fear|terror|afraid|shock)\b")
# An effect at a word, with its natural cause ruled out: "murmurs a single syllable and every
# lantern gutters out", "though not a breath of air has stirred".
_WORD_OF_POWER = re.compile(
    r"\b(?:murmurs?|murmured|speaks?|spoke|utters?|uttered|whispers?|whispered|says?|said|"
    r"breathes?|breathed|hisses|hissed|intones?|intoned) (?:a|one) (?:single |soft |low |quiet |"
    r"strange |sharp )?(?:word|syllable)\b[^.;!?]{0,8}?\band (?:every|all|each|the)\b"
    r"[^.;!?]{0,60}?\b(?:go(?:es)? out|went out|gutters?|guttered|snuffs? out|flares?|flared|"
    r"shatters?|shattered|freezes?|froze|go(?:es)? dark|went dark)\b")
_UNCAUSED = re.compile(
    r"\b(?:though|although|yet|even though) (?:not a breath of (?:air|wind)|no (?:wind|breeze|"
    r"draught|draft|breath of air|hand)) (?:has |had )?(?:stirred|moved|touched|blown|blew|"
    r"come near)\b")
_WORD_WORDS = frozenset({"word", "syllable", "breath", "wind", "breeze", "draught", "draft"})
# A ward or shield made of light or force: "a shimmering ward of pale light settles over you".
_WARD = re.compile(
    r"\b(?:ward|barrier|dome|aura|veil|sphere|bubble|mantle) of (?:\w+ ){0,2}?(?:light|force|"
    r"energy|radiance|power|magic|warding)\b[^.;!?]{0,30}?\b(?:settles?|settled|forms?|formed|"
    r"springs? up|sprang up|wraps?|wrapped|rises?|rose|surrounds?|surrounded|envelops?|"
    r"enveloped|descends?|descended|covers?|covered|falls?|fell|closes?|closed)\b")
_WARD_WORDS = frozenset({"ward", "barrier", "dome", "aura", "veil", "sphere", "bubble", "mantle"})
# Damaged flesh made whole as one looks on: "the waxy patches flush pink and whole while you
# watch".
_WHOLE_WATCHED = re.compile(
    r"\b(?:heals?|healed|mends?|mended|knits?|knitted)\b[^.;!?]{0,30}?\b(?:while|as) you "
    r"(?:watch|look on|stare)\b|\b(?:flush(?:es|ed)?|turns?|turned|goes|went|grows?|grew) "
    r"(?:\w+ )?(?:pink|healthy) and whole\b")
_WHOLE_WORDS = frozenset({"whole", "heal", "heals", "healed", "mend", "mends", "mended", "knit",
                          "knits", "knitted"})

# Matter doing what only a power makes it do: fire that does not burn, smoke that shapes itself
# into a galley, dust stopped in mid-air, a bracelet come alive, a blade that hums and glows
# under a murmured prayer. Each names its own impossibility, so no spell word is needed.
_UNBURNING = re.compile(
    r"\b(?:fire|flame|flames|blaze)\b[^.;!?]{0,40}?\b(?:does not|doesn't|do not|don't|never|"
    r"will not|won't|cannot|can't) (?:burn|scorch|singe|sear|char)\b")
_SELF_SHAPED = re.compile(
    r"\b(?:smoke|mist|fog|steam|vapou?r|sand|dust|water|shadows?|flames?|sparks|ash|ink|clouds?)"
    r"\b(?: [a-z'-]+){0,5}? (?:gathers?|gathered|draws?|drew|knots?|knotted|twists?|twisted|"
    r"shapes?|shaped|forms?|formed|pulls?|pulled|weaves?|wove|folds?|folded) (?:itself|themselves) "
    r"into (?:a|an|the)\b")
_STOPPED_MIDAIR = re.compile(
    r"\b(?:dust|rain|raindrops|drops|snow|snowflakes|water|sand|leaves|ash|sparks|smoke|spray|"
    r"motes)\b(?: [a-z'-]+){0,3}? (?:stops?|stopped|freezes?|froze|halts?|halted|stands? still|"
    r"stood still|hangs? motionless|hung motionless) (?:dead |still |short )?in mid-?air\b")
_COME_ALIVE = re.compile(
    r"\b(?:armlets?|bracelets?|bangles?|rings?|necklaces?|brooch(?:es)?|statues?|statuettes?|"
    r"carvings?|figurines?|idols?|tattoos?|torcs?|amulets?)\b(?: [a-z'-]+){0,4}? (?:uncoils?|"
    r"uncoiled|stirs?|stirred|wakes?|woke|writhes?|writhed|moves?|moved|slithers?|slithered|"
    r"comes?|came)\b[^.;!?]{0,12}?\balive\b")
_BLESSED_CHANGE = re.compile(
    r"\b(?:murmurs?|murmured|mutters?|muttered|whispers?|whispered|chants?|chanted|intones?|"
    r"intoned|breathes?|breathed|sings?|sang) (?:a |an |the |some |his |her )?(?:[\w-]+ ){0,2}?"
    r"(?:mantra|prayer|blessing|charm|verse|chant|incantation|words?) over (?:it|them|the \w+|"
    r"his \w+|her \w+|their \w+|your \w+)\b[^.!?]{0,40}?\b(?:hums?|hummed|glows?|glowed|kindles?|"
    r"kindled|takes? on a|took on a|brightens?|brightened|shimmers?|shimmered|sings?|sang)\b")
_MATTER_WORDS = frozenset({"burn", "scorch", "singe", "sear", "char", "itself", "themselves",
                           "mid-air", "midair", "alive", "over"})


def uncanny_events(ctx: CheckContext) -> list[Event]:
    """Every marvel of these families in the narration, with whoever works it."""
    r = ctx.reading
    text = r.masked
    out: list[Event] = []
    if r.mentions(_MIND_PUT_WORDS):
        raw = r.text.lower().replace("’", "'")  # a claim made aloud counts too
        for m in _MIND_PUT.finditer(raw):
            out.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0), _ANY_MAGIC))
    if r.mentions(_BODY_HELD_WORDS):
        raw = r.text.lower().replace("’", "'")  # the negation is the sign, so read it unmasked
        for m in _BODY_HELD.finditer(raw):
            k = r.token_at(m.start())
            if k >= len(r.tokens) or r.tokens[k].muted:
                continue  # said, not narrated
            a, b = r.sentences[r.tokens[k].sent]
            if _RESTRAINT.search(raw, max(0, a - 120), b):
                continue  # held down, tied, numb with cold, afraid: an ordinary cause
            actor = _influencer(ctx, m.start())
            if actor.kind == "holder":
                out.append((m.start(), m.end(), actor, m.group(0), _ANY_MAGIC))
    if r.mentions(_WORD_WORDS):
        for pat in (_WORD_OF_POWER, _UNCAUSED):
            for m in pat.finditer(text):
                out.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0),
                            _ANY_MAGIC))
    if r.mentions(_WARD_WORDS):
        for m in _WARD.finditer(text):
            out.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0), _ANY_MAGIC))
    if r.mentions(_MATTER_WORDS):
        raw = r.text.lower().replace("’", "'")  # "does not burn": the denial is the sign
        for pat, where in ((_UNBURNING, raw), (_SELF_SHAPED, text), (_STOPPED_MIDAIR, text),
                           (_COME_ALIVE, text), (_BLESSED_CHANGE, text)):
            for m in pat.finditer(where):
                k = r.token_at(m.start())
                if k >= len(r.tokens) or r.tokens[k].muted:
                    continue  # said or told of, not narrated
                out.append((m.start(), m.end(), _influencer(ctx, m.start()), m.group(0),
                            _ANY_MAGIC))
    if r.mentions(_WHOLE_WORDS):
        for m in _WHOLE_WATCHED.finditer(text):
            actor = _influencer(ctx, m.start(), things_owned=False)
            if actor.kind == "none":
                actor = _actor(ctx, m.start())
            out.append((m.start(), m.end(), actor, m.group(0), _HEAL_MAGIC))
    return out
