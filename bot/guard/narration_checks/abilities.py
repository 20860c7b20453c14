"""Powers used by someone who does not have them: a warrior casting a spell, a guard with a ball of
fire between his palms, a fighter speaking a word of power, a hacker reading minds.

Magic is recognised by what it does in prose (spell verbs with a magical object, fire or
lightning coming from hands or tools, objects rising into the air, minds moved), then attributed
to whoever does it: the owner of the hands, or the subject of the clause. The scene decides who
may: the classes the world rules allow, spell-like abilities an NPC has, or nobody at all when
the setting has no magic. The hearth's fire and a storm's lightning have no caster and are
colour.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder
from bot.guard.narration_checks.base import (
    Actor, CheckContext, finding_at, severity_for, subject_before,
)

_ELEMENT = (r"(?:fire|flame|flames|lightning|frost|ice|force|radiance|holy light|arcane \w+|"
            r"eldritch \w+|necrotic \w+|shadow|shadows|darkness|silver light|golden light|"
            r"pale fire|blue fire|green fire|green flame|energy|magic|acid|light|sparks|power)")
_SHAPE = (r"(?:ball|bolt|blast|burst|gout|jet|stream|column|wave|lance|ray|beam|sphere|orb|"
          r"tongue|spear|shard|shards|pillar|arc|arcs|gust|torrent|chains|chain|bolts|wall)")
_BODY = (r"(?:fingertips|fingers|finger|hands|hand|palms|palm|eyes|mouth|fists|fist|chest|"
         r"skin|outstretched \w+)")
_TOOL = (r"(?:staff|wand|tip|tines|blade|shovel|pitchfork|pin|sword|axe|hammer|symbol|amulet|"
         r"charm|rod|club|spear|dagger|knife|cane|stick|pipe|lantern|keyboard|finger)")
_PHENOMENON_FROM = re.compile(
    rf"\b(?P<ph>(?:a |an |the )?(?:\w+ )?{_SHAPE} of (?:\w+ )?{_ELEMENT}|fireball|"
    rf"(?:fire|flames?|lightning|frost|ice|energy|radiance|light|holy light|darkness|sparks))"
    rf"\b[^.;]{{0,60}}?\b(?:from|between|in|around|at|out of|off|along|over|upon|into|across)\s+"
    rf"(?:the |his |her |your |their |its |[a-z]+'s )?(?:\w+ ){{0,2}}?"
    rf"(?P<part>{_BODY}|{_TOOL})\b")
_WEAPON_GLOWS = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?P<part>sword|blade|axe|hammer|mace|"
    r"spear|dagger|weapon|longsword|shield|staff|wand|rapier|scimitar|warhammer) (?:\w+ ){0,3}?"
    r"(?:glows?|glowing|blazes?|burns?|burning|crackles?|crackling|shimmers?|flares?|pulses?|"
    r"ignites?) (?:\w+ )?with (?:a |an )?(?:\w+ )?(?:holy|arcane|magical|magic|blue|green|"
    r"violet|purple|golden|white|silver|eldritch|radiant|unholy|spectral|divine|ghostly|cold) "
    r"(?:fire|flame|flames|light|energy|power|radiance|runes|frost|lightning)")
_PART_GLOWS = re.compile(
    rf"\b(?P<owner>your|his|her|their|[a-z]+'s) (?P<part>{_BODY}|staff|wand) (?:\w+ ){{0,2}}?"
    r"(?:glow|glows|glowed|blaze|blazes|blazed|crackle|crackles|crackled|spark|sparks|sparked|"
    r"flash|flashes|flashed|"
    r"burst into flame|bursts into flame|ignite|ignites|ignited|shimmer|shimmers|flare|flares|"
    r"flared|pulse|pulses|erupt|erupts|burn with|burns with)\b")
_STANDALONE = re.compile(
    rf"\b(?:{_SHAPE} of (?:\w+ )?(?:fire|flame|flames|lightning|frost|ice|force|radiance|"
    r"holy light|arcane \w+|eldritch \w+|necrotic \w+|shadow|silver light|golden light|"
    r"pale fire|energy|magic)|fireballs?|magic missiles?|encased in ice|word of power|words of "
    r"power|incantations?|spells?|sorcery|witchcraft|arcane|eldritch|runes? (?:flare|flares|"
    r"glow|glows|blaze|blazes)|glowing runes|turns? invisible|becomes? invisible|"
    r"(?:vanish|vanishes) into thin air|with (?:your|his|her|their) mind|telekinetic\w*|"
    r"telepathic\w*|reads? (?:your|his|her|their) (?:mind|thoughts)|shape-?shift\w*|"
    r"transforms? into an? \w+|breathes? fire|spectral \w+|hex(?:es|ed)? (?:you|him|her|them)|"
    r"curses? (?:you|him|her|them) (?:with|to)|heals? (?:you|him|her|them|the \w+) with a "
    r"touch|traces? (?:a|an) (?:\w+ )?(?:sigil|rune|glyph|symbol|circle) (?:of \w+ )?in the air|"
    r"magic (?:surges|flows|courses|pours|crackles|rushes|floods) (?:through|into|from) |"
    r"(?:wave|ball|bolt|blast|burst|beam|ray|column|lance|pulse) of (?:healing|holy|radiant|"
    r"divine|arcane|magical|silver|golden|pale|blue|green|violet|purple|white) (?:light|energy|"
    r"fire|flame)|"
    r"(?:hurls?|throws?|flings?|unleashes?|releases?|fires?|looses?) (?:a|an) (?:\w+ )?"
    r"(?:charm|curse|hex|spell|fireball|bolt of \w+|ball of \w+|blast of \w+|lance of \w+)|"
    r"(?:spell|charm|curse|hex|ward|bolt|blast|ray|beam|orb|ball|wave|lance|burst) (?:\w+ )?"
    r"(?:erupts?|bursts?|streams?|shoots?|flies|leaps?|springs?|blooms?|flares?|pours?) "
    r"(?:out )?from (?:your|his|her|their|[a-z]+'s) (?:palm|palms|hand|hands|fingertips|"
    r"fingers|eyes|mouth)|"
    r"(?:divine|holy|radiant|golden|silver|arcane|magical|eldritch|ghostly|spectral|"
    r"shimmering|blinding) (?:light|energy|power|aura|glow|fire|flame|radiance|force) "
    r"(?:surrounds|envelops|engulfs|wraps|bathes|fills|flows|pours|bursts|shines|radiates|"
    r"washes|erupts|blazes)|reads? (?:[a-z]+'s) (?:mind|thoughts)|shrinks? to the size of|"
    r"grows? to (?:twice|three times|double) (?:his|her|your|its|their) (?:size|height)|"
    r"heals? (?:your|his|her|their|the) (?:wounds|injuries|cuts|burns|hurts)|"
    r"(?:wound|wounds|gash|cut|cuts|injury|injuries|burns?) (?:\w+ ){0,2}?(?:closes|closed|knits|"
    r"knit|seals|sealed|mends|mended|vanishes|vanished|fades|faded|disappears|disappeared) "
    r"(?:\w+ )?(?:without|in an instant|instantly|before your eyes|completely|as if)|"
    r"calls? (?:down|forth|up) (?:the )?(?:lightning|thunder|fire|flames|rain|storm|"
    r"a storm|the storm|wind|winds|spirits|the dead|hail|frost|a gale)|"
    r"at (?:his|her|your|their) (?:command|bidding|gesture)|bends? to (?:his|her|your|"
    r"their) will|(?:obeys?|answers?) (?:his|her|your|their) (?:command|call|gesture)|"
    r"heals? [^.;]{0,30}? with (?:a|his|her|your|their) (?:touch|word|prayer|glow)|"
    r"(?:chants?|speaks?|utters?|whispers?|mutters?|intones?|shouts?|bellows?|snarls?|"
    r"hisses|growls?) (?:a|an|the|some) (?:\w+ )?(?:word|words|incantation|spell|rune|"
    r"name) of (?:power|binding|command|opening|making|unmaking|summoning|fire|death)|"
    r"turns? into an? (?:wolf|bear|bird|raven|crow|cat|snake|bat|hawk|mist|smoke|shadow)|"
    r"(?:sword|blade|axe|hammer|mace|staff|spear|dagger|weapon|fists?) (?:\w+ )?bursts? "
    r"into (?:\w+ )?flames?|(?:bursts?|erupts?) into (?:\w+ )?flames?|(?:refill|refills|"
    r"repair|repairs|mend|mends|clean|cleans|stack|stacks|arrange|arranges|pour|pours|light|"
    r"lights|extinguish|extinguishes|unlock|unlocks|assemble|assembles|rearrange|rearranges|"
    r"float|floats|dance|dances) (?:themselves|itself))\b")
# Words that describe magic without anyone doing it ("arcane symbols on the door"): they count
# only when a person is the one doing it.
_WEAK = re.compile(r"^(?:spells?|sorcery|witchcraft|arcane|eldritch|spectral \w+|runes? \w+|"
                   r"glowing runes|(?:bursts?|erupts?) into (?:\w+ )?flames?|heals? \w+ \w+|"
                   r"(?:wound|wounds|gash|cut|cuts|injury|injuries|burns?) .*)$")
_TOOL_WORDS = frozenset(_TOOL[3:-1].split("|"))
_RISE = re.compile(r"\b(?P<what>[a-z]+) (?:rise|rises|rose|float|floats|floated|lift|lifts|"
                   r"levitate|levitates|levitated|hover|hovers|hovered|fly|flies|flew|swirl|"
                   r"swirls) (?:up )?(?:into|in|through) the air\b")
_SPELL_VERB = re.compile(r"\b(?P<v>cast|casts|casting|conjure|conjures|conjured|conjuring|summon|"
                         r"summons|summoned|summoning|invoke|invokes|invoked|enchant|enchants|"
                         r"enchanted|bewitch|bewitches|bewitched|channel|channels|channelled|"
                         r"channeled|weave|weaves|wove)\s+(?P<obj>[a-z' -]{2,40})")
_NOT_SPELL_OBJ = re.compile(
    r"^(?:a |an |the |his |her |your |their )?(?:\w+ )?(?:glance|look|looks|eye|eyes|shadow|"
    r"shadows|net|nets|line|lines|lot|lots|vote|die|dice|aside|off|away|out|down|about|iron|"
    r"bronze|courage|strength|nerve|nerves|will|breath|help|guards?|servants?|bartender|"
    r"waiter|attention|memory|memories|image|smile|doubt|suspicion|spell of silence|"
    r"light)\b")
# Words without which a pattern cannot match: a cheap test before each scan.
_SPELL_STEMS = ("cast", "conjur", "summon", "invok", "enchant", "bewitch", "channel", "weav",
                "wove")
_ELEMENT_WORDS = frozenset(
    "fire flame flames fireball fireballs lightning frost ice force radiance light energy "
    "sparks darkness shadow shadows magic acid power arcane eldritch necrotic".split())
_GLOW_STEMS = ("glow", "blaz", "crackl", "spark", "burst", "ignit", "shimmer", "flare", "puls",
               "erupt", "burn", "flash")
_STANDALONE_WORDS = frozenset(
    "missile missiles encased word words incantation incantations spell spells sorcery "
    "witchcraft rune runes runed invisible vanish vanishes mind telekinetic telekinetically "
    "telepathic thoughts shapeshift shapeshifts shape-shifts transforms transform breathe "
    "breathes spectral hex hexes hexed curse curses heal heals command bidding gesture will "
    "obey obeys answer answers turn turns bursts burst erupts erupt itself themselves "
    "utter utters chant chants intone intones speak speaks call calls called light energy "
    "power aura radiance mind thoughts shrink shrinks grow grows wounds injuries wound gash "
    "cut cuts injury burns closes knits seals mends vanishes fades charm hurls hurl throws "
    "flings unleashes releases palm palms trace traces sigil glyph surges wave ball beam "
    "ray pulse column".split())
_STANDALONE_STEMS = ("telekine", "telepath", "shape")
_RISING_THINGS = frozenset(V.ATMOSPHERE | {"dust", "smoke", "steam", "sparks", "embers",
                                           "ash", "mist", "spray", "birds", "gulls", "bats",
                                           "hand", "hands", "arm", "arms", "voice", "voices",
                                           "cheer", "song", "music", "chant", "smell", "scent",
                                           "feathers", "leaves", "petals", "snow", "water"})


def _spell_known(holder: Holder, spell: str) -> bool | None:
    """True/False when the holder's abilities say; None when they list no spells at all."""
    ws = {V.lemma(w) for w in re.findall(r"[a-z]+", spell.lower())} - V.ARTICLES - {"spell", "of"}
    if not ws:
        return True
    spells = [a for a in holder.abilities]
    if not spells:
        return None
    for a in spells:
        aw = {V.lemma(w) for w in re.findall(r"[a-z]+", a.lower())}
        if ws & aw and (ws <= aw or aw <= ws or len(ws & aw) >= 1):
            return True
    return False


def _named_spell(obj: str) -> str | None:
    """The spell a "cast ..." names, if it names one: "fireball", "mage hand", "a spell"."""
    words = obj.split()
    if not words:
        return None
    stop = {"and", "at", "on", "to", "toward", "towards", "into", "upon", "as", "with", "while",
            "but", "then", "so", "the", "from", "over", "across"}
    out = []
    for w in words:
        if w in stop and out:
            break
        if w in ("a", "an", "the", "your", "his", "her", "their") and not out:
            continue
        out.append(w)
        if len(out) >= 3:
            break
    return " ".join(out) if out else None


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
                if not self._magic_object(obj):
                    continue
            events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0), spell))
        for m in (_PHENOMENON_FROM.finditer(text) if elemental else ()):
            part = m.group("part")
            ph = m.group("ph")
            if part == "eyes" and re.search(r"\bin (?:the |his |her |your |their |its |"
                                            r"[a-z]+'s )?(?:\w+ )?eyes$", m.group(0)):
                continue  # "a fire in her eyes" is a look, not a spell
            if part in _TOOL_WORDS and re.match(
                    r"(?:a |an |the )?(?:sparks|light|darkness)\b", ph):
                continue
            actor = self._owner_actor(ctx, m.start("part"))
            if actor.kind in ("none", "thing"):
                actor = self._actor(ctx, m.start())
            events.append((m.start(), m.end(), actor, m.group(0), None))
        glowing = r.mentions(frozenset(), _GLOW_STEMS)
        for m in (_PART_GLOWS.finditer(text) if glowing else ()):
            events.append((m.start(), m.end(), self._owner_actor(ctx, m.start("owner")),
                           m.group(0), None))
        for m in (_WEAPON_GLOWS.finditer(text) if glowing else ()):
            events.append((m.start(), m.end(), self._owner_actor(ctx, m.start("owner")),
                           m.group(0), None))
        standalone = elemental or spelly or r.mentions(_STANDALONE_WORDS, _STANDALONE_STEMS)
        for m in (_STANDALONE.finditer(text) if standalone else ()):
            actor = self._actor(ctx, m.start())
            if _WEAK.match(m.group(0)) and actor.kind != "holder":
                continue
            events.append((m.start(), m.end(), actor, m.group(0), None))
        for m in (_RISE.finditer(text) if "air" in r.words else ()):
            what = m.group("what")
            if what in _RISING_THINGS or V.lemma(what) in _RISING_THINGS \
                    or V.creature_group(what) or what in V.SUBJECT_PRONOUNS:
                continue
            if V.is_person_noun(what) or g.holder_named(what) is not None:
                continue  # a person flying: the physics check
            events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0), None))
        out: list[Finding] = []
        used: list[tuple[int, int]] = []
        for a, b, actor, what, spell in sorted(events, key=lambda e: e[0]):
            if any(a < ub and b > ua for ua, ub in used):
                continue
            f = self._judge(ctx, a, b, actor, what, spell)
            if f:
                used.append((a, b))
                out.extend(f)
        return out

    @staticmethod
    def _magic_object(obj: str) -> bool:
        words = obj.split()[:5]
        for w in words:
            lem = V.lemma(w)
            if lem in ("gale", "storm", "wind", "winds", "tempest", "lightning", "fire", "flame",
                       "frost", "ice", "spirit", "demon", "spirits", "ghost", "elemental", "bolt",
                       "ball", "orb", "shield", "ward", "barrier", "light", "darkness", "fog",
                       "mist", "blade", "weapon", "hand", "power", "energy", "magic", "spell",
                       "familiar", "undead", "skeleton", "zombie", "rain", "thunder", "portal",
                       "rift", "vortex", "illusion", "phantom", "apparition", "doorway",
                       "charm", "curse", "hex", "sleep", "blessing", "barrier", "aura"):
                return True
            if V.creature_group(w) and lem not in ("bartender",):
                return True
        return False

    def _actor(self, ctx: CheckContext, char: int) -> Actor:
        i = ctx.reading.token_at(char)
        actor = subject_before(ctx, i)
        if actor.kind == "none" and i < len(ctx.reading.tokens):
            # "... and it closes without a scar": the first person the sentence names
            a, _ = ctx.reading.sentence_tokens[ctx.reading.tokens[i].sent]
            for k in range(a, i):
                h = ctx.refs[k] if ctx.refs else None
                if h is not None and not ctx.reading.tokens[k].possessive:
                    return Actor(kind="holder", holder=h)
        if actor.kind == "thing":
            # "Ulfar raises his shovel and chants; a bolt of lightning leaps ...": the caster is
            # the last person named before the thing
            for k in range(i - 1, -1, -1):
                h = ctx.refs[k] if ctx.refs else None
                if h is not None:
                    return Actor(kind="holder", holder=h)
                if ctx.reading.tokens[k].sent != ctx.reading.tokens[i].sent and k < i - 40:
                    break
        return actor

    def _owner_actor(self, ctx: CheckContext, char: int) -> Actor:
        r = ctx.reading
        i = r.token_at(char)
        for k in range(i, max(-1, i - 4), -1):
            t = r.tokens[k]
            if t.low in ("your", "his", "her", "their") or t.possessive:
                h = ctx.refs[k] if ctx.refs else None
                if h is not None:
                    return Actor(kind="holder", holder=h)
                if t.possessive:
                    return Actor(kind="person")
            if t.low in ("its", "the"):
                break
        return Actor(kind="none")

    def _judge(self, ctx: CheckContext, a: int, b: int, actor: Actor, what: str,
               spell: str | None) -> list[Finding]:
        g = ctx.grounding
        out: list[Finding] = []
        span_a = a + (len(what) - len(what.lstrip()))
        if g.rules.magic_forbidden:
            out.append(finding_at(
                ctx, "world_rule", "block", 0.9, span_a, b, "the setting has no magic",
                f"'{ctx.text[span_a:b]}' is magic, and this setting has none."))
        holder = actor.holder if actor.kind == "holder" else None
        if actor.kind == "person":
            return out  # an absent caster: the mention checks report the person
        if holder is None:
            anyone = g.casters_present
            if anyone:
                return out
            conf = 0.7
            who = "no one here"
        else:
            who = holder.label
            if holder.magic:
                if spell is not None:
                    known = _spell_known(holder, spell)
                    if known is False and not re.match(r"(?:a |an )?spells?\b", spell):
                        conf = 0.75
                        out.append(finding_at(
                            ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                            f"{who} can cast: {', '.join(holder.abilities) or 'nothing listed'}",
                            f"{who.capitalize()} does not know '{spell}'; "
                            f"{'you know' if holder.kind == 'player' else who + ' knows'}: "
                            f"{', '.join(holder.abilities)}."))
                return out
            conf = 0.9
        if holder is not None:
            cls = holder.char_class or ("an NPC" if holder.kind == "npc" else "")
            evidence = (f"{who} ({cls}) has: {', '.join(holder.abilities) or 'no abilities'}"
                        if holder.kind != "npc" else
                        f"{who} has: {', '.join(holder.abilities) or 'no abilities'}")
        else:
            evidence = "no one present can work magic"
        casters = ", ".join(sorted(g.casters)) if g.casters else "no one"
        message = (f"{who.capitalize()} cannot do '{ctx.text[span_a:b].strip()}': {evidence}; "
                   f"only {casters} may cast spells here.")
        out.append(finding_at(ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                              evidence, message))
        return out
