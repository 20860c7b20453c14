"""Bodies that move as bodies cannot: teleports, flight, walls walked through, locks ignored.

Teleporting, flying, passing through what is solid, climbing what cannot be climbed, a locked
door opening for someone without its key: every movement, scanned here or read as a feat or a
lock, is weighed against one actor, whoever makes it (the subject of its clause or a pronoun
inside the matched words). It is allowed when that someone has an ability for it (or, for a
teleport, anyone in the party does), holds the key, or the backend decided the action succeeded;
someone absent is left to the mention checks. A door opened earlier in the narration by someone
with its key stays open for the rest of it.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import FeatureFact, Holder, SceneGrounding
from bot.guard.narration_checks.base import Actor, CheckContext, finding_at, subject_before
from bot.guard.narration_checks.movement.destinations import _MOTION
from bot.guard.narration_checks.movement.feats import (
    _FEAT_ALLOW, _FEAT_EVIDENCE, _SINKS_INTO, _feats, _sentence_end,
)
from bot.guard.lexicon.nouns import DOORLIKE
from bot.guard.narration_checks.movement.locks import (
    OPENING_VERBS, _FORCE_VERBS, _KEY_OPENERS, _lock_patterns, _may_open, _named, _other_door, _outcome_success,
)
from bot.guard.prose import Reading

_TELEPORT = re.compile(
    r"\bteleport(?:s|ed|ing|ation)?\b|\bblink(?:s|ed)?\s+(?:out|away|across|behind|to|into|"
    r"through)\b|\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?)\b[^.]{0,60}?\breappear\w*|"
    r"\breappear(?:s|ed|ing)?\b|\bmateriali[sz](?:e|es|ed|ing)\b|\bin the blink of an eye\b|"
    r"\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?) (?:into thin air|in a (?:puff|flash|swirl|"
    r"burst) of)|\bin an instant,? (?:you|he|she|they) (?:are|is|stand|stands)\b|"
    # "with a faint shimmer, you are standing inside the vault": a flash for the journey
    r"\bwith an? (?:\w+ )?(?:shimmer|flash|flicker|pop|blink|crackle|ripple|swirl)(?: of "
    r"(?:light|air|blue|silver|gold))?,? (?:you|he|she|they) (?:are|is|'re|stand|stands) "
    r"(?:now |suddenly |simply |already )?(?:standing |stood )?(?:in|inside|at|on|within|"
    r"beyond|behind|across)\b")
# Arriving with no travel between: eyes shut here and opened there ("when you open them you are
# already at the far end").
_NO_TRAVEL = re.compile(
    r"\bwhen (?:you|he|she|they) opens? (?:them|(?:your|his|her|their) eyes)(?: again)?,? "
    r"(?:you|he|she|they) (?:are|is|'re|stand|stands) (?:already |now |somehow )?(?:at|in|on|"
    r"inside|outside|beside|by|across)\b")
_FIND_SELF = re.compile(r"\b(?:find|finds|found) (?:yourself|himself|herself|themselves) "
                        r"(?:\w+ ){0,2}?(?:on|in|at|atop|inside|outside|back|high|far|beside|"
                        r"under|somewhere|standing|lying|perched)\b|"
                        r"\byou blink,? and (?:the |a )?(?:[\w']+ ){1,3}(?:is|are) (?:simply |suddenly |"
                        r"just )?(?:around|about) you\b")
_FLIGHT = re.compile(
    r"\b(?:fly|flies|flew|flying|soar(?:s|ed|ing)?|levitat(?:e|es|ed|ing)|"
    # someone "hovers" at your elbow or with the tongs, waiting: flight only off the ground
    r"hover(?:s|ed|ing)? (?:\w+ly )?(?:(?:a|an|some|several|\w+) (?:foot|feet|inch|inches|yard|"
    r"yards|metres?|meters?|hand's breadth) )?(?:above|over|aloft|up\b|high|in (?:the )?"
    r"(?:mid-?)?air|in mid-air|off the|near the (?:ceiling|rafters|roof))|"
    r"float(?:s|ed|ing)? (?:\w+ly )?(?:up|upward|upwards|down|into the air|off the|above|"
    r"over|across the|toward the (?:ceiling|rafters|roof|sky))|"
    r"leap(?:s|t|ed)? (?:\w+ ){0,3}?(?:into the air|up to the (?:rafters|ceiling|roof|"
    r"rooftops|balcony|top)|onto the (?:rafters|roof|rooftops))|"
    r"glid(?:e|es|ed|ing) (?:down|up|over|across|through the air|to|on)|"
    r"take(?:s)? (?:to the air|flight|wing)|took (?:to the air|flight|wing)|"
    r"sail(?:s|ed|ing)? (?:through the air|across the (?:room|hall|gap|chasm|courtyard)|over "
    r"(?:the|their) heads)|"
    r"(?:rise|rises|rising|rose) (?:\w+ly )?(?:up )?(?:into|up into) the air|"
    r"hover(?:s|ed|ing)? (?:\w+ly )?(?:in place|motionless|weightless(?:ly)?)|"
    r"keep(?:s)? (?:on )?rising|kept (?:on )?rising|"
    r"(?:sail|sails|sailed|sailing|soar|soars|soared|soaring) (?:high |clean |right )?over the "
    r"(?:\w+ ){0,3}?(?:treetops|rooftops|roofs|trees|walls|wall|town|city|village|camp|forest|"
    r"houses|tents|circle|spires|towers|river|chasm|gorge)|"
    # a body leaving the floor of itself: "lifts gently from the floor" (not "lifts a crate")
    r"lift(?:s|ed)? (?:\w+ly )?(?:off|from) the (?:ground|floor|deck|boards|flagstones))\b")
_THROUGH = re.compile(
    r"\b(?:walk|walks|walked|step|steps|stepped|pass|passes|passed|slip|slips|slipped|phase|"
    r"phases|phased|glide|glides|glided|drift|drifts|drifted|melt|melts|melted|move|moves|"
    r"moved|stroll|strolls|strolled|push|pushes|pushed|go|goes|went|float|floats|floated|run|"
    r"runs|ran|stride|strides|strode|sink|sinks|sank|shoulder|shoulders|shouldered|march|"
    r"marches|marched|saunter|saunters|sauntered|swim|swims|swam|dive|dives|dived|crawl|crawls|"
    r"crawled|seep|seeps|seeped|flow|flows|flowed|slide|slides|slid|sail|sails|sailed|sailing|"
    r"fly|flies|flew|flying|kick|kicks|kicked|squeeze|squeezes|squeezed|squeezing|wriggle|"
    r"wriggles|wriggled|worm|worms|wormed|you're|you are|get|gets|got|make it|makes it|"
    r"made it)\s+(?:\w+\s+)?"
    r"(?:straight |right |clean |down |up |out |back |"
    r"effortlessly |bodily |simply )?(?:through|into|between)\s+"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){1,40})")
_SOLID = frozenset("wall walls stone stones rock brick bricks floor ceiling bars bulkhead hull "
                   "earth ground mountain cliff boulder solid masonry timber planks oak wood "
                   "wooden iron iron-bound steel metal bronze deck floorboards boards granite "
                   "marble plank board panel panels bulkheads plating flagstones".split())
_GHOSTLY = re.compile(r"\b(?:like a (?:ghost|phantom|spirit|spectre|specter|shade|wraith)|as if "
                      r"(?:it|they|the \w+) (?:were|was) (?:smoke|fog|mist|air|water|nothing|"
                      r"not there|a curtain|a shadow)|as though (?:it|they|the \w+) (?:were|was) "
                      r"(?:smoke|fog|mist|air|water|nothing|not there|a curtain|a shadow))\b")
_THINGS = frozenset("glass cup mug table bar counter door chair bench desk barrel crate chest "
                     "book shelf wall floor railing rail post beam pillar column statue cabinet "
                     "bed bottle box jar".split())
_OPENING = frozenset("doorway archway window gap hole opening crack crowd curtain curtains "
                     "smoke mist fog rain arch crowds throng shadows darkness water spray "
                     "beam beams light gate-house gateway entrance exit passage tunnel "
                     "hatchway".split())
_REACH_OK = _OPENING | frozenset("bars grate grille railing railings fence lattice grating slats "
                                 "porthole keyhole slot window mesh netting net".split())
_CLIMB = re.compile(
    r"\b(?:climb(?:s|ed|ing)?|scal(?:e|es|ed|ing)|clamber(?:s|ed|ing)?|scrambl(?:e|es|ed|ing)|"
    r"shimm(?:y|ies|ied|ying)|shinn(?:y|ies|ied|ying)|shin(?:s|ned|ning)? up|"
    r"monkey(?:s|ed)? up|inch(?:es|ed)? (?:your|his|her|their) way (?:up|down)|"
    r"work(?:s|ed)? (?:your|his|her|their) way (?:up|down)|"
    r"haul(?:s|ed)? (?:yourself|himself|herself|themselves) up|"
    r"(?:run|runs|ran|running|sprint|sprints|sprinted|dash|dashes|dashed|race|races|raced|"
    r"scurry|scurries|scurried|skitter|skitters|skittered|go|goes|went|going|get|gets|got|"
    r"getting) (?:straight |right |nimbly |swiftly "
    r"|lightly )?up|ascend(?:s|ed|ing)?|swarm(?:s|ed)? up|crawl(?:s|ed)? up|"
    r"(?:wriggl|squirm|worm|inch|chimney|wedg|edg)(?:e|es|ed|s|ing)? (?:your|his|her|their|"
    r"its)? ?(?:way )?up(?:ward|wards)?|"
    r"walk(?:s|ed)? (?:straight |right |calmly |casually )?up|pull(?:s|ed|ing)? (?:yourself|"
    r"himself|herself|themselves) (?:up|onto|through|into|over))(?:\s+|(?=[,;]))"
    r"(?:straight\s+|right\s+|quickly\s+|nimbly\s+|easily\s+|effortlessly\s+|hand over hand\s+)?"
    r"(?:up\s+|over\s+|onto\s+|to\s+(?:the top of\s+)?|atop\s+|up to\s+|up onto\s+)?"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){0,50})")
_SUBJECTS = frozenset({"you", "he", "she", "they"})
_TELEPORT_WORDS = frozenset({"blink", "blinks", "blinked", "vanish", "vanishes", "vanished",
                             "disappear", "disappears", "disappeared", "instant", "shimmer",
                             "flash", "flicker", "pop", "crackle", "ripple", "swirl"})
_NO_TRAVEL_WORDS = frozenset({"open", "opens"})
_FIND_WORDS = frozenset({"yourself", "himself", "herself", "themselves", "blink"})
# A person carried through the air by wind or heat: "the hot updraft lifts you clean off the
# floor, carrying you over the channel". A gust may knock someone down; it does not bear them.
_DRIFT_UP = re.compile(
    r"\b(?:you|he|she|they) (?:\w+ )?(?:drift|drifts|drifted|float|floats|floated|rise|rises|rose) "
    r"(?:gently |slowly |lazily )?(?:up|upward|upwards|aloft|skyward) (?:past|over|through|into|"
    r"above|to|onto)\b|"
    # "you simply rise, boots leaving the boards, drifting upward past the ropes"
    r"\b(?:you|he|she|they) (?:simply |slowly |just |gently )?(?:rise|rises|rose)\b[^.;!?]{0,40}?"
    r"\b(?:drifting|floating|rising|sailing) (?:gently |slowly |lazily )?(?:up|upward|upwards|"
    r"aloft|skyward)\b|"
    r"\bthe (?:wind|gale|breeze|updraft) (?:simply |just )?(?:takes|took|lifts|"
    r"lifted) (?:you|him|her|them)\b")
_BORNE = re.compile(
    r"\b(?:updraft|updrafts|wind|winds|breeze|gust|gale|draught|thermal|whirlwind|heat|air) "
    r"(?:\w+ )?(?:lifts?|lifted|lifting|carries|carried|carrying|bears?|bore|bearing|hoists?|"
    r"hoisted|raises?|raised|sweeps?|swept|floats?|floated|wafts?|wafted) (?P<who>you|him|her|"
    r"them) (?:\w+ )?(?:off the (?:floor|ground|deck|ledge|edge)|into the air|aloft|up into|"
    r"up and over|over the|across the)")
_FLIGHT_WORDS = frozenset({"fly", "flies", "flew", "flying", "take", "takes", "took", "rise",
                           "rising", "soar", "soars", "soared", "soaring",
                           "sail", "sails", "sailed", "sailing",
                           "rises", "rose", "lift", "lifts", "lifted", "air"})
_THROUGH_WORDS = frozenset({"through", "into", "between"})
_BORNE_WORDS = frozenset("updraft updrafts wind winds breeze gust gale draught thermal whirlwind "
                         "heat air".split())
_PHASE_VERBS = frozenset({"phase", "phases", "phased", "melt", "melts", "melted", "seep", "seeps",
                          "seeped"})
_CLIMB_WORDS = frozenset({"haul", "hauls", "hauled", "run", "runs", "ran", "swarm", "swarms",
                          "running", "sprint", "sprints", "sprinted", "dash", "dashes", "dashed",
                          "race", "races", "raced", "scurry", "scurries", "scurried",
                          "crawl", "crawls", "walk", "walks", "pull", "pulls", "pulled",
                          "pulling", "shin",
                          "shins", "shinned", "monkey", "inch", "work", "works", "worked",
                          "go", "goes", "went", "going", "get", "gets", "got", "getting"})
_ABILITY_WORDS = {
    "teleport": ("teleport", "blink", "misty step", "dimension door", "shadow step", "phase step"),
    "flight": ("fly", "flight", "levitat", "wing", "feather fall", "hover", "glide"),
    "phase": ("phase", "incorporeal", "ethereal", "pass without", "wall walk", "walk through",
              "pass through", "through walls"),
    # a wall the scene calls unclimbable is so for a skilled climber too: only a power beats it
    "climb": ("spider climb", "spider-climb", "wall run", "wall-run", "wall walk", "wall-walk"),
    "leap": ("jump", "leap", "spring", "acrobat", "step of the wind", "zero-g", "athlet",
             "bound"),
    "strength": ("strength", "mighty", "giant", "bend bars", "herculean"),
    "breath": ("water breathing", "breathe water", "gills", "amphibious", "aquatic"),
}
_ABILITY_WORDS["flight"] = _ABILITY_WORDS["flight"] + ("slow fall", "water walk", "air walk",
                                                       "zero-g")


# Beings whose nature is the ability: a ghost glides and passes through walls without a sheet
# saying so, in a world whose rules let ghosts exist.
_INCORPOREAL = frozenset("ghost ghosts spirit spectre specter phantom wraith shade apparition "
                         "poltergeist banshee wisp".split())


def _allowed(holder: Holder | None, what: str) -> bool:
    if holder is None:
        return False
    text = " ".join(holder.abilities).lower()
    if any(w in text for w in _ABILITY_WORDS[what]):
        return True
    if what in ("phase", "flight") and holder.npc is not None:
        names = " ".join([holder.npc.name, *holder.npc.aliases,
                          getattr(holder.npc, "description", "") or ""]).lower()
        return not _INCORPOREAL.isdisjoint(re.findall(r"[a-z]+", names))
    return False


# Words for the outside of a thing one climbs: "the sheer face", "its flank", "the stonework".
_SURFACES = frozenset({"it", "face", "side", "wall", "surface", "front", "flank", "curve",
                       "slope", "outside", "length", "sheer", "stonework", "brickwork",
                       "masonry", "rockface", "stone", "stones", "rock"})


def _face_of(g: SceneGrounding, words: list[str]) -> FeatureFact | None:
    """"go up the basalt face": a surface word with a word of exactly one unclimbable feature
    ("basalt cliffs") before it is that feature's face, though one word alone names nothing."""
    head = words[1:4]
    k = next((j for j, w in enumerate(head) if w in _SURFACES and w != "it"), -1)
    if k <= 0:
        return None
    mods = {V.lemma(w) for w in head[:k]}
    found = [f for f in g.features if f.climbable is False and mods & f.words]
    return found[0] if len(found) == 1 else None


_LID_RISES = frozenset({"lifts", "lifted", "rises", "rose", "swings", "swung", "opens", "opened",
                        "pops", "popped", "springs", "sprang"})


# The gate of _DRIFT_UP, built once rather than on every narration.
_DRIFT_WORDS = _BORNE_WORDS | {"drift", "drifts", "drifted", "float", "floats", "floated", "rise",
                               "rises", "rose"}


class PhysicsCheck:
    """Teleports, flight, walking through walls or locked doors, climbing the unclimbable."""

    name = "physics"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        text = r.masked
        out: list[Finding] = []
        events: list[tuple[int, int, str, re.Match[str]]] = []
        scans = (
            (_TELEPORT, "teleport", r.mentions(_TELEPORT_WORDS, ("teleport", "materiali",
                                                                  "reappear"))),
            (_FIND_SELF, "find_self", r.mentions(_FIND_WORDS)),
            (_NO_TRAVEL, "teleport", r.mentions(_NO_TRAVEL_WORDS)),
            (_FLIGHT, "flight", r.mentions(_FLIGHT_WORDS, ("soar", "levitat", "hover", "float",
                                                            "glid", "leap"))),
            (_BORNE, "flight", r.mentions(_BORNE_WORDS)),
            (_DRIFT_UP, "flight", r.mentions(_DRIFT_WORDS)),
            (_THROUGH, "through", r.mentions(_THROUGH_WORDS)),
            (_CLIMB, "climb", r.mentions(_CLIMB_WORDS, ("climb", "scal", "clamber", "scrambl",
                                                         "shimm", "shinn", "ascend"))),
        )
        for pattern, kind, possible in scans:
            if possible:
                for m in pattern.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        locked, patterns = _lock_patterns(g)
        if patterns and not r.words.isdisjoint(g.memo["lock_words"]):
            for pat, kind in patterns:
                for m in pat.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        events += _feats(ctx)
        unlocked: set[str] = set()
        seen_openings: set[int] = set()
        for a, b, kind, m in sorted(events, key=lambda e: e[0]):
            if kind in ("open", "open_any"):
                if m.start("f") in seen_openings:
                    continue  # "pushes the door open" read by two patterns: one opening
                seen_openings.add(m.start("f"))
            i = r.token_at(a)
            actor = self._inner_subject(ctx, i, b) or self._actor(ctx, i, m.group(0))
            k = i + 1
            while not actor.is_person and k < len(r.tokens) and k - i <= 8 and (
                    r.tokens[k].start < b or r.tokens[k].low in ("you", "he", "she", "they")):
                # "With a single leap you soar ...": the subject stands inside the match
                h = ctx.refs[k] if ctx.refs and r.tokens[k].low in (
                    "you", "he", "she", "they") else None
                actor = Actor(kind="holder", holder=h) if h is not None else \
                    self._actor(ctx, k, m.group(0))
                k += 1
            if kind == "feat:parts" and not actor.is_person:
                # "the wood parts like water as you step through": whoever goes through
                a_tok, b_tok = r.sentence_tokens[r.tokens[i].sent]
                h = next((ctx.refs[k] for k in range(a_tok, b_tok)
                          if ctx.refs and ctx.refs[k] is not None), None)
                if h is not None:
                    actor = Actor(kind="holder", holder=h)
            holder = actor.holder
            sentence = r.tokens[i].sent
            if kind in ("teleport", "find_self", "flight", "through", "climb") or \
                    kind.startswith("feat:"):
                if not actor.is_person:
                    continue
                if actor.kind == "person":
                    continue  # someone absent: reported by the mention checks
            if kind.startswith("feat:"):
                what = kind[5:]
                if what in ("over", "atop"):
                    f = g.feature_for(re.findall(r"[a-z'-]+", m.group("obj"))[:6])
                    if f is None or f.climbable is not False or _allowed(holder, "climb") or \
                            _allowed(holder, "leap"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          f"the {f.name} cannot be climbed",
                                          f"The {f.name} cannot be climbed or leapt; "
                                          f"'{narration[a:b].strip()}' cannot happen."))
                    continue
                if what == "reach":
                    obj = re.findall(r"[a-z'-]+", m.group("obj"))[:5]
                    f = g.feature_for(obj)
                    solid = bool(set(obj[:4]) & _SOLID) or (f is not None and (f.locked or f.closed))
                    if not solid and m.re is _SINKS_INTO:
                        # "his hand passes straight through his glass": any thing, for a body
                        solid = bool({V.lemma(w) for w in obj[:4]} & _THINGS)
                    if not solid or set(obj[:4]) & _REACH_OK or _allowed(holder, "phase"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          "solid things cannot be reached through",
                                          f"{self._who(holder)} cannot reach through "
                                          f"'{m.group('obj').strip()}'."))
                    continue
                if _allowed(holder, _FEAT_ALLOW.get(what, "flight")):
                    continue
                if what == "strength" and _outcome_success(ctx) and holder is g.player:
                    continue  # the backend let the player force it
                out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                      _FEAT_EVIDENCE.get(what, "no one here can do that"),
                                      f"{self._who(holder)} cannot do that: "
                                      f"'{narration[a:b].strip()}' breaks the scene's physics."))
                continue
            if kind == "teleport":
                if _allowed(holder, "teleport") or self._party_can(g, "teleport"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      "no one here can teleport",
                                      f"{self._who(holder)} cannot teleport: "
                                      f"'{narration[a:b]}' breaks the scene's physics."))
            elif kind == "find_self":
                if self._moved_before(r, i, sentence) or _allowed(holder, "teleport"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.75, a, b,
                                      "no movement to get there",
                                      f"'{narration[a:b]}' moves {self._who(holder).lower()} "
                                      f"somewhere without getting there: no teleporting."))
            elif kind == "flight":
                if _allowed(holder, "flight") or (i > 0 and r.tokens[i - 1].low in V.DETERMINERS):
                    continue  # "the look he saves for the flies": insects, not flying
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"{self._who(holder)} cannot fly",
                                      f"{self._who(holder)} cannot fly: '{narration[a:b]}'."))
            elif kind == "through":
                obj = m.group("obj")
                words = re.findall(r"[a-z'-]+", obj)[:5]
                if words and words[0] in ("it", "them"):
                    # "stride at the plaster wall and pass through it": what "it" stands for
                    prev = [p for p in r.phrases if p.end <= i and not p.pronoun
                            and r.tokens[p.head].sent == sentence]
                    named = [p for p in prev if g.feature_for(
                        [t.base for t in r.tokens[p.start:p.end] if t.kind == "word"])]
                    prev = named or prev  # "the office door is locked, but ... through it"
                    if prev:
                        words = [t.base for t in r.tokens[prev[-1].start:prev[-1].end]
                                 if t.kind == "word"][:5]
                        obj = " ".join(words)
                if " between " in m.group(0) and not {"bars", "bar", "railings", "grille",
                                                      "grate", "grating"} & set(words[:4]):
                    continue  # "squeeze between the crates": a gap, not a solid
                f = g.feature_for(words)
                head_words = set(words[:4])
                verb = m.group(0).split()[0]
                send = _sentence_end(r, b)
                if " through " in m.group(0) and _GHOSTLY.search(
                        r.text.lower().replace("’", "'"), a, send) and \
                        not head_words & _OPENING and not _allowed(holder, "phase"):
                    # "walk through the stacked crates as if they were mist": whatever it is,
                    # it is solid to a body
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          "no one here can pass through solid things",
                                          f"{self._who(holder)} cannot pass through "
                                          f"'{obj.strip()}'."))
                    continue
                if verb in _PHASE_VERBS and " through " in m.group(0) and \
                        not head_words & _OPENING:
                    if not _allowed(holder, "phase"):
                        out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                              "no one here can pass through solid things",
                                              f"{self._who(holder)} cannot {verb} through "
                                              f"'{obj.strip()}'."))
                    continue
                barred = bool(head_words & {"bars", "bar"}) and not head_words & _OPENING
                if head_words & _OPENING or (f is not None and not f.locked and not f.closed
                                              and f.head not in _SOLID and not barred):
                    continue
                if f is not None and f.closed and not f.locked and f.name not in unlocked:
                    out.append(finding_at(ctx, "physics", "block", 0.8, a, b,
                                          f"the {f.name} is closed",
                                          f"The {f.name} is closed; {self._who(holder).lower()} "
                                          f"cannot pass through it."))
                    continue
                if f is not None and f.locked:
                    if f.name in unlocked or _may_open(ctx, holder, f):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          f"the {f.name} is locked",
                                          f"The {f.name} is locked; {self._who(holder).lower()} "
                                          f"cannot pass through it."))
                elif head_words & _SOLID or "locked" in head_words or "solid" in head_words:
                    if _allowed(holder, "phase"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                          "solid things cannot be walked through",
                                          f"{self._who(holder)} cannot pass through "
                                          f"'{obj.strip()}'."))
            elif kind == "climb":
                obj = m.group("obj")
                words = re.findall(r"[a-z'-]+", obj)[:9]  # "the turning paddles of the mill
                # wheel": what the part belongs to comes after "of"
                f = g.feature_for(words)
                if f is None:
                    f = _face_of(g, words)
                if f is None and (not words or words[0] in ("its", "it", "the", "their") and set(
                        words[:3]) & _SURFACES):
                    # "hop onto the stone chimney and run up its face"; "brace your back against
                    # the shaft and inch upward": a climb that names no object climbs what the
                    # sentence named before it
                    a_tok, _ = r.sentence_tokens[sentence]
                    before = [t.base for t in r.tokens[a_tok:i] if t.kind == "word"]
                    f = g.feature_for(before[-8:]) or self._surface(ctx, a_tok, i) or \
                        self._named_before(ctx, a_tok, i) or g.feature_for(before[-20:])
                    # (the last: "press your palms to the laterite wall, pitted and rough as a
                    # toad's back, and haul yourself up its face": a description between)
                if f is None or f.climbable is not False or _allowed(holder, "climb"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"the {f.name} cannot be climbed",
                                      f"The {f.name} cannot be climbed; narrate the climb "
                                      f"failing."))
            elif kind in ("open", "open_any", "opens", "pass", "lifted", "forced") or \
                    kind.startswith("exit:"):
                f = locked.get(m.group("f")) if not kind.startswith("exit:") else None
                if kind.startswith("exit:"):
                    f = next((x for x in g.features if x.name == kind[5:]), None)
                if f is None:
                    continue
                if not kind.startswith("exit:") and _other_door(text, m.start("f"),
                                                                m.group("f"), f):
                    continue  # "the back door" is not the strongroom door
                if kind in ("opens", "pass", "open_any") and m.group("f").strip() == f.head and \
                        f.head != f.name.lower() and f.head in DOORLIKE and not _named(ctx, f):
                    continue  # "the door opens behind a gust": some door, not the locked one
                verb = m.groupdict().get("v") or ""
                if kind in ("open", "open_any"):
                    opening = bool(verb in _KEY_OPENERS or m.groupdict().get("after")
                                   or m.groupdict().get("pre")
                                   or verb in _FORCE_VERBS or verb in ("pop", "pops", "popped"))
                    if not opening:
                        continue
                if kind == "opens" and not (m.group("rest") or verb in OPENING_VERBS or (
                        "lid" in m.group(0).split() and verb in _LID_RISES)):
                    continue  # "the strongbox lid lifts under your fingers" opens it
                if kind == "lifted" and not (m.group("rest") or "lid" in m.group(0)):
                    continue  # "lift it" alone may be anything
                if f.name in unlocked:
                    continue
                if _may_open(ctx, holder if actor.kind == "holder" else None, f) or (
                        kind == "opens" and _outcome_success(ctx)):
                    unlocked.add(f.name)
                    continue
                if kind == "opens":
                    # "Dr. Osei swipes her keycard and the hatch slides open": whoever in the
                    # sentence holds the key opened it
                    a_tok, _ = r.sentence_tokens[max(0, sentence - 1)]
                    near = [ctx.refs[k] for k in range(a_tok, i) if ctx.refs and ctx.refs[k]]
                    if any(_may_open(ctx, h, f) for h in near):
                        unlocked.add(f.name)
                        continue
                    holder = g.player if self._player_near(r, i) else holder
                conf = 0.8 if actor.kind == "holder" or kind != "opens" else 0.7
                out.append(finding_at(
                    ctx, "physics", "block", conf, a, b, f"the {f.name} is locked"
                    + (f" and only the {f.key} opens it" if f.key else ""),
                    f"The {f.name} is locked" + (f" and {self._who(holder).lower()} "
                                                 f"{'have' if holder is g.player else 'has'} no "
                                                 f"{f.key}" if f.key else "")
                    + f": '{narration[a:b].strip()}' cannot happen."))
        return out

    def prepare(self, g: SceneGrounding) -> None:
        _lock_patterns(g)

    @staticmethod
    def _inner_subject(ctx: CheckContext, i: int, b: int) -> Actor | None:
        """"With a single leap you soar ...", "In the blink of an eye you are ...": a subject
        pronoun or a present name inside the matched words, or right after them, is the one
        who moves."""
        r = ctx.reading
        toks = r.tokens
        sent = toks[i].sent
        for k in range(i, min(len(toks), i + 12)):
            t = toks[k]
            if t.sent != sent or (t.start >= b and k > i + 1 and t.low not in _SUBJECTS):
                break
            if t.low in _SUBJECTS and ctx.refs and ctx.refs[k] is not None:
                nxt = toks[k + 1] if k + 1 < len(toks) else None
                if nxt is not None and nxt.kind == "word" and (nxt.low in V.VERBS
                                                               or nxt.low in V.AUXILIARIES
                                                               or nxt.low in V.ADVERBS):
                    return Actor(kind="holder", holder=ctx.refs[k])
        return None

    @staticmethod
    def _named_before(ctx: CheckContext, a: int, i: int) -> FeatureFact | None:
        """"You run at the courtyard wall, plant a foot on the brick and walk up its face": the
        feature a climb's "its face" (or a climb with no object) goes up is the last one the
        sentence named before it, however far back."""
        r = ctx.reading
        for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
            f = ctx.grounding.feature_for([t.base for t in r.tokens[p.start:p.end]
                                           if t.kind == "word"])
            if f is not None:
                return f
        return None

    @staticmethod
    def _surface(ctx: CheckContext, a: int, i: int) -> FeatureFact | None:
        """"haul yourself out onto the slick glass, climbing up the curve of the dome": the
        surface one got onto, named by a word of exactly one unclimbable feature ("glass walls")."""
        r = ctx.reading
        for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
            if p.start == 0 or r.tokens[p.start - 1].low not in ("onto", "on", "upon", "up"):
                continue
            head = V.lemma(r.tokens[p.head].base)
            fs = [f for f in ctx.grounding.features if head in f.words]
            if len(fs) == 1 and fs[0].climbable is False:
                return fs[0]
            return None
        return None

    @staticmethod
    def _actor(ctx: CheckContext, i: int, matched: str) -> Actor:
        if re.search(r"\b(?:yourself|you (?:are|stand|appear|reappear|vanish|blink))\b",
                     matched):
            return Actor(kind="holder", holder=ctx.grounding.player)
        actor = subject_before(ctx, i)
        if actor.kind == "none":
            r = ctx.reading
            if i < len(r.tokens) and ctx.refs and ctx.refs[i] is not None:
                return Actor(kind="holder", holder=ctx.refs[i])
        return actor

    @staticmethod
    def _who(holder: Holder | None) -> str:
        if holder is None:
            return "Someone"
        return "You" if holder.kind == "player" else holder.name

    @staticmethod
    def _party_can(g: SceneGrounding, what: str) -> bool:
        key = "can_" + what
        if key not in g.memo:
            g.memo[key] = any(_allowed(h, what) for h in g.holders)
        return g.memo[key]

    @staticmethod
    def _moved_before(r: Reading, i: int, sentence: int) -> bool:
        a, _ = r.sentence_tokens[sentence]
        return any(r.tokens[k].low in _MOTION and r.tokens[k].low not in (
            "find", "finds", "found", "blink", "blinks", "blinked", "appear", "appears",
            "reappear", "stand", "stands") for k in range(a, i))

    @staticmethod
    def _player_near(r: Reading, i: int) -> bool:
        a, b = r.sentence_tokens[r.tokens[i].sent]
        return any(r.tokens[k].low in ("you", "your") for k in range(a, b))
