"""Bodies in space: teleporting, flying, passing through walls or locked doors, climbing what
cannot be climbed, and arriving somewhere that is neither here nor an exit.

Each movement is attributed to whoever makes it (the subject of its clause) and allowed when that
someone has an ability for it, holds the key, or the backend decided the action succeeded. A
door unlocked earlier in the same narration by someone with its key stays open for the rest of
it. Ghosts drifting through pews and swords passing through a ghost are not people moving.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import FeatureFact, Holder, SceneGrounding
from bot.guard.narration_checks.base import (
    Actor, CheckContext, finding_at, make_finding, subject_before,
)
from bot.guard.prose import Phrase, Reading

_TELEPORT = re.compile(
    r"\bteleport(?:s|ed|ing|ation)?\b|\bblink(?:s|ed)?\s+(?:out|away|across|behind|to|into|"
    r"through)\b|\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?)\b[^.]{0,60}?\breappear\w*|"
    r"\breappear(?:s|ed|ing)?\b|\bmateriali[sz](?:e|es|ed|ing)\b|\bin the blink of an eye\b|"
    r"\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?) (?:into thin air|in a (?:puff|flash|swirl|"
    r"burst) of)|\bin an instant,? (?:you|he|she|they) (?:are|is|stand|stands)\b")
_FIND_SELF = re.compile(r"\b(?:find|finds|found) (?:yourself|himself|herself|themselves) "
                        r"(?:\w+ ){0,2}?(?:on|in|at|atop|inside|outside|back|high|far|beside|"
                        r"under|somewhere|standing|lying|perched)\b")
_FLIGHT = re.compile(
    r"\b(?:fly|flies|flew|flying|soar(?:s|ed|ing)?|levitat(?:e|es|ed|ing)|hover(?:s|ed|ing)?|"
    r"float(?:s|ed|ing)? (?:\w+ly )?(?:up|upward|upwards|down|into the air|off the|above|"
    r"over|across the|toward the (?:ceiling|rafters|roof|sky))|"
    r"leap(?:s|t|ed)? (?:\w+ ){0,3}?(?:into the air|up to the (?:rafters|ceiling|roof|"
    r"rooftops|balcony|top)|onto the (?:rafters|roof|rooftops))|"
    r"glid(?:e|es|ed|ing) (?:down|up|over|across|through the air|to|on)|"
    r"take(?:s)? (?:to the air|flight|wing)|took (?:to the air|flight|wing)|"
    r"rise(?:s)? (?:into|up into) the air|rose into the air|"
    r"lift(?:s|ed)? off the (?:ground|floor|deck))\b")
_THROUGH = re.compile(
    r"\b(?:walk|walks|walked|step|steps|stepped|pass|passes|passed|slip|slips|slipped|phase|"
    r"phases|phased|glide|glides|glided|drift|drifts|drifted|melt|melts|melted|move|moves|"
    r"moved|stroll|strolls|strolled|push|pushes|pushed|go|goes|went|float|floats|floated|run|"
    r"runs|ran|stride|strides|strode|sink|sinks|sank|shoulder|shoulders|shouldered|march|"
    r"marches|marched|saunter|saunters|sauntered|swim|swims|swam|dive|dives|dived|crawl|crawls|"
    r"crawled|seep|seeps|seeped|flow|flows|flowed|slide|slides|slid)\s+(?:\w+\s+)?"
    r"(?:straight |right |clean |"
    r"effortlessly |bodily |simply )?(?:through|into)\s+"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){1,40})")
_SOLID = frozenset("wall walls stone stones rock brick bricks floor ceiling bars bulkhead hull "
                   "earth ground mountain cliff boulder solid masonry timber planks".split())
_OPENING = frozenset("doorway archway window gap hole opening crack crowd curtain curtains "
                     "smoke mist fog rain arch crowds throng shadows darkness water spray "
                     "beam beams light gate-house gateway entrance exit passage tunnel "
                     "hatchway".split())
_CLIMB = re.compile(
    r"\b(?:climb(?:s|ed|ing)?|scal(?:e|es|ed|ing)|clamber(?:s|ed|ing)?|scrambl(?:e|es|ed|ing)|"
    r"shimm(?:y|ies|ied)|haul(?:s|ed)? (?:yourself|himself|herself|themselves) up|"
    r"run(?:s)? up|ran up|ascend(?:s|ed|ing)?|swarm(?:s|ed)? up|crawl(?:s|ed)? up|"
    r"walk(?:s|ed)? up|pull(?:s|ed)? (?:yourself|himself|herself) (?:up|onto))\s+"
    r"(?:straight\s+|right\s+|quickly\s+|nimbly\s+|easily\s+|effortlessly\s+|hand over hand\s+)?"
    r"(?:up\s+|over\s+|onto\s+|to\s+(?:the top of\s+)?|atop\s+|up to\s+|up onto\s+)?"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){1,50})")
_OPEN_VERBS = re.compile(
    r"\b(?P<v>open|opens|opened|unlock|unlocks|unlocked|unbar|unbars|unbarred|force|forces|"
    r"forced|pry|pries|pried|prise|prises|kick|kicks|kicked|shove|shoves|shoved|push|pushes|"
    r"pushed|pull|pulls|pulled|throw|throws|threw|swing|swings|swung|fling|flings|flung|"
    r"wrench|wrenches|wrenched|smash|smashes|smashed|break|breaks|broke|bash|bashes|bashed|"
    r"heave|heaves|heaved|yank|yanks|yanked|tear|tears|tore|rip|rips|ripped|jerk|jerks|jerked|"
    r"tug|tugs|tugged|jimmy|jimmies|jimmied|crack|cracks|cracked|haul|hauls|hauled|drag|"
    r"drags|dragged)\s+(?P<pre>open\s+)?(?:the\s+|a\s+)?(?:\w+\s+)?(?P<f>FEATURES)\b"
    r"(?P<after>\s+open)?")
_OPENS_ITSELF = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)(?:'s lock)?\s+(?:\w+\s+)?(?P<v>swings|swung|creaks|creaked|"
    r"falls|fell|bursts|burst|springs|sprang|clicks|clicked|slides|slid|grinds|ground|pops|"
    r"popped|beeps|beeped|flies|flew|crashes|crashed|groans|groaned|yawns|yawned|scrapes|"
    r"scraped|gives|gave|comes|came|opens|opened|unlocks|unlocked)\s+(?P<rest>open|way)?")
_PASS_FEATURE = re.compile(r"\b(?:through|past|beyond)\s+(?:the\s+)?(?:locked\s+|closed\s+|"
                           r"barred\s+|heavy\s+|iron\s+|steel\s+)?(?P<f>FEATURES)\b")
_FORCE_VERBS = frozenset({"force", "forces", "forced", "pry", "pries", "pried", "prise", "break",
                          "breaks", "broke", "smash", "smashes", "smashed", "bash", "bashes",
                          "bashed", "jimmy", "jimmies", "jimmied", "crack", "cracks", "cracked"})
_KEY_OPENERS = frozenset({"unlock", "unlocks", "unlocked", "open", "opens", "opened", "unbar",
                          "unbars", "unbarred"})
_MOTION = frozenset(
    "arrive arrives arrived emerge emerges emerged step steps stepped walk walks walked head "
    "heads headed go goes went come comes came run runs ran ride rides rode climb climbs "
    "climbed descend descends descended ascend ascends ascended duck ducks ducked slip slips "
    "slipped push pushes pushed stride strides strode wander wanders wandered stroll strolls "
    "strolled hurry hurries hurried follow follows followed return returns returned land "
    "lands landed end ends ended stumble stumbles stumbled jump jumps jumped leap leaps leapt "
    "leaped glide glides glided soar soars soared fly flies flew race races raced dash dashes "
    "dashed sprint sprints sprinted crawl crawls crawled wade wades waded swim swims swam "
    "sail sails sailed row rows rowed make makes made appear appears appeared reappear "
    "reappears reappeared reappearing materialize materializes materialized teleport "
    "teleports teleported blink blinks blinked drop drops dropped cross crosses crossed "
    "venture ventures ventured march marches marched sneak sneaks sneaked snuck creep "
    "creeps crept tiptoe tiptoes limp limps limped stagger staggers staggered hop hops "
    "hopped vault vaults vaulted squeeze squeezes squeezed bolt bolts bolted flee flees fled "
    "escape escapes escaped retreat retreats retreated move moves moved travel travels "
    "travelled traveled journey journeys haul hauls hauled pull pulls pulled lower lowers "
    "lowered stand stands stood find finds found take takes took scramble scrambles shimmy "
    "shimmies shimmied swing swings swung rappel rappels sneak sneaks wind winds "
    "scrambled clamber clambers clambered plunge plunges plunged fall falls fell tumble "
    "tumbles tumbled shoulder shoulders shouldered".split())
_TRANSITIVE = frozenset({"enter", "enters", "entered", "reach", "reaches", "reached"})
_BEING = frozenset({"are", "'re", "were", "stand", "stands"})  # "you are now in X"
_NOW = frozenset({"now", "suddenly", "back", "already", "instantly", "soon", "standing",
                  "sitting", "lying", "kneeling", "perched", "crouching"})
_LED = frozenset({"leads", "led", "brings", "brought", "takes", "took", "carries", "carried",
                  "guides", "guided", "draws", "drew", "sweeps", "swept", "drags", "dragged",
                  "delivers", "delivered"})
_ARRIVE_PREP = frozenset({"into", "onto", "to", "toward", "towards", "at", "in", "inside",
                          "through", "on", "atop", "upon", "within"})
_SKIP_AFTER_MOTION = frozenset(
    "out down up back over off away straight below inside outside onward onwards forward "
    "across along ahead deeper further quickly slowly carefully cautiously together right "
    "standing lying sitting perched crouched crouching kneeling balanced instantly suddenly "
    "yourself himself herself themselves both then".split())
_SELF_WORDS = {
    "tavern": {"tavern", "inn", "taproom", "room", "bar", "common", "hall", "tankard"},
    "ship": {"ship", "vessel", "boat", "deck", "bow", "stern", "rail", "mast", "rigging"},
    "mine": {"mine", "tunnel", "gallery", "shaft", "rail"},
    "chapel": {"chapel", "church", "nave", "aisle", "altar", "pew"},
    "market": {"market", "bazaar", "square", "stall", "crowd"},
    "stable": {"stable", "stall", "barn"},
    "modern": {"loft", "apartment", "room", "office", "desk", "window"},
    "cellar": {"cellar", "basement"},
    "street": {"street", "square", "alley"},
    "outdoors": {"path", "road", "trail", "clearing"},
}
_PLACE_SYNONYMS = [
    {"graveyard", "cemetery", "churchyard", "burial", "boneyard"},
    {"tavern", "inn", "alehouse", "pub", "taproom", "tankard"},
    {"dock", "docks", "harbor", "harbour", "pier", "wharf", "quay"},
    {"market", "bazaar", "marketplace", "souk", "square"},
    {"cellar", "basement", "undercroft"},
    {"stair", "stairs", "stairwell", "staircase", "steps", "stairway"},
    {"hayloft", "loft"},
    {"gate", "gateway", "gatehouse"},
    {"yard", "courtyard"},
    {"street", "road", "lane", "alley"},
    {"cabin", "quarters"},
    {"hold", "cargo"},
]
_TELEPORT_WORDS = frozenset({"blink", "blinks", "blinked", "vanish", "vanishes", "vanished",
                             "disappear", "disappears", "disappeared", "instant"})
_FIND_WORDS = frozenset({"yourself", "himself", "herself", "themselves"})
_FLIGHT_WORDS = frozenset({"fly", "flies", "flew", "flying", "take", "takes", "took", "rise",
                           "rises", "rose", "lift", "lifts", "lifted", "air"})
_THROUGH_WORDS = frozenset({"through", "into"})
_PHASE_VERBS = frozenset({"phase", "phases", "phased", "melt", "melts", "melted", "seep", "seeps",
                          "seeped"})
_CLIMB_WORDS = frozenset({"haul", "hauls", "hauled", "run", "runs", "ran", "swarm", "swarms",
                          "crawl", "crawls", "walk", "walks", "pull", "pulls", "pulled"})
_ABILITY_WORDS = {
    "teleport": ("teleport", "blink", "misty step", "dimension door", "shadow step", "phase step"),
    "flight": ("fly", "flight", "levitat", "wing", "feather fall", "hover", "glide"),
    "phase": ("phase", "incorporeal", "ethereal", "pass without", "wall walk", "walk through"),
    "climb": ("spider climb", "climb", "wall run", "wall-run", "scale"),
}


def _allowed(holder: Holder | None, what: str) -> bool:
    if holder is None:
        return False
    text = " ".join(holder.abilities).lower()
    return any(w in text for w in _ABILITY_WORDS[what])


def _feature_regex(g: SceneGrounding) -> dict[str, FeatureFact]:
    names: dict[str, FeatureFact] = {}
    heads: dict[str, list[FeatureFact]] = {}
    for f in g.features:
        source = g.scene.feature(f.name)
        for alias in [f.name, *(source.aliases if source else [])]:
            names[alias.lower()] = f
        heads.setdefault(f.head, []).append(f)
    for head, fs in heads.items():
        if len(fs) == 1 and head and head not in names and head in (
                "door", "gate", "grate", "hatch", "trapdoor", "portcullis", "grille", "bars"):
            names[head] = fs[0]
    return names


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
            (_FLIGHT, "flight", r.mentions(_FLIGHT_WORDS, ("soar", "levitat", "hover", "float",
                                                            "glid", "leap"))),
            (_THROUGH, "through", r.mentions(_THROUGH_WORDS)),
            (_CLIMB, "climb", r.mentions(_CLIMB_WORDS, ("climb", "scal", "clamber", "scrambl",
                                                         "shimm", "ascend"))),
        )
        for pattern, kind, possible in scans:
            if possible:
                for m in pattern.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        locked, patterns = self._lock_patterns(g)
        if patterns and not r.words.isdisjoint(g.memo["lock_words"]):
            for pat, kind in patterns:
                for m in pat.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        unlocked: set[str] = set()
        for a, b, kind, m in sorted(events, key=lambda e: e[0]):
            i = r.token_at(a)
            actor = self._actor(ctx, i, m.group(0))
            k = i + 1
            while not actor.is_person and k < len(r.tokens) and k - i <= 8 and (
                    r.tokens[k].start < b or r.tokens[k].low in ("you", "he", "she", "they")):
                # "With a single leap you soar ...": the subject stands inside the match
                h = ctx.refs[k] if ctx.refs and r.tokens[k].low in (
                    "you", "he", "she", "they") else None
                actor = Actor(kind="holder", holder=h) if h is not None else \
                    self._actor(ctx, k, m.group(0))
                k += 1
            holder = actor.holder
            sentence = r.tokens[i].sent
            if kind in ("teleport", "find_self", "flight", "through", "climb"):
                if not actor.is_person:
                    continue
                if actor.kind == "person":
                    continue  # someone absent: reported by the mention checks
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
                if _allowed(holder, "flight"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"{self._who(holder)} cannot fly",
                                      f"{self._who(holder)} cannot fly: '{narration[a:b]}'."))
            elif kind == "through":
                obj = m.group("obj")
                words = re.findall(r"[a-z'-]+", obj)[:5]
                f = g.feature_for(words)
                head_words = set(words[:4])
                verb = m.group(0).split()[0]
                if verb in _PHASE_VERBS and " through " in m.group(0) and \
                        not head_words & _OPENING:
                    if not _allowed(holder, "phase"):
                        out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                              "no one here can pass through solid things",
                                              f"{self._who(holder)} cannot {verb} through "
                                              f"'{obj.strip()}'."))
                    continue
                if head_words & _OPENING or (f is not None and not f.locked and not f.closed
                                              and f.head not in _SOLID):
                    continue
                if f is not None and f.closed and not f.locked and f.name not in unlocked:
                    out.append(finding_at(ctx, "physics", "block", 0.8, a, b,
                                          f"the {f.name} is closed",
                                          f"The {f.name} is closed; {self._who(holder).lower()} "
                                          f"cannot pass through it."))
                    continue
                if f is not None and f.locked:
                    if f.name in unlocked or self._may_open(ctx, holder, f):
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
                words = re.findall(r"[a-z'-]+", obj)[:6]
                f = g.feature_for(words)
                if f is None or f.climbable is not False or _allowed(holder, "climb"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"the {f.name} cannot be climbed",
                                      f"The {f.name} cannot be climbed; narrate the climb "
                                      f"failing."))
            elif kind in ("open", "opens", "pass") or kind.startswith("exit:"):
                f = locked.get(m.group("f")) if not kind.startswith("exit:") else None
                if kind.startswith("exit:"):
                    f = next((x for x in g.features if x.name == kind[5:]), None)
                if f is None:
                    continue
                verb = m.groupdict().get("v") or ""
                if kind == "open":
                    opening = bool(verb in _KEY_OPENERS or m.group("after") or m.group("pre")
                                   or verb in _FORCE_VERBS)
                    if not opening:
                        continue
                if kind == "opens" and not (m.group("rest") or verb in ("opens", "opened",
                                                                        "unlocks", "unlocked")):
                    continue
                if f.name in unlocked:
                    continue
                if self._may_open(ctx, holder if actor.kind == "holder" else None, f) or (
                        kind == "opens" and self._outcome_success(ctx)):
                    unlocked.add(f.name)
                    continue
                if kind == "opens":
                    # "Dr. Osei swipes her keycard and the hatch slides open": whoever in the
                    # sentence holds the key opened it
                    a_tok, _ = r.sentence_tokens[sentence]
                    near = [ctx.refs[k] for k in range(a_tok, i) if ctx.refs and ctx.refs[k]]
                    if any(self._may_open(ctx, h, f) for h in near):
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
        self._lock_patterns(g)

    def _lock_patterns(self, g: SceneGrounding
                       ) -> tuple[dict[str, FeatureFact], list[tuple[re.Pattern[str], str]]]:
        """The scene's locked features and the patterns that open or pass them (built once per
        scene)."""
        cached = g.memo.get("lock_patterns")
        if cached is not None:
            return cached
        names = _feature_regex(g)
        locked = {k: f for k, f in names.items() if f.locked}
        patterns: list[tuple[re.Pattern[str], str]] = []
        if locked:
            alt = "|".join(sorted((re.escape(k) for k in locked), key=len, reverse=True))
            for pat, kind in ((_OPEN_VERBS, "open"), (_OPENS_ITSELF, "opens"),
                              (_PASS_FEATURE, "pass")):
                patterns.append((re.compile(pat.pattern.replace("FEATURES", alt)), kind))
            for exit_name, ex_words in g.exits:
                f = self._door_of(g, exit_name, ex_words)
                if f is None or not f.locked:
                    continue
                patterns.append((re.compile(
                    r"\b(?:descend|descends|enter|enters|into|down to|down into|reach|reaches|"
                    r"stand in|stands in|emerge in|emerges in|arrive in|arrive at|step into|"
                    r"steps into|slip into|slips into|head into|head down|go down)\s+"
                    r"(?:the\s+)?" + re.escape(exit_name.lower()) + r"\b"), "exit:" + f.name))
        g.memo["lock_patterns"] = (locked, patterns)
        words = {w for name in locked for w in re.findall(r"[a-z0-9']+", name)}
        for exit_name, _ in g.exits:
            words |= set(re.findall(r"[a-z0-9']+", exit_name.lower()))
        g.memo["lock_words"] = frozenset(words)
        return locked, patterns

    @staticmethod
    def _door_of(g: SceneGrounding, exit_name: str, ex_words: frozenset[str]) -> FeatureFact | None:
        through = g.scene.location.exit_through.get(exit_name)
        if through:
            return next((f for f in g.features if f.name.lower() == through.lower()), None)
        generic = {"door", "gate", "grate", "hatch", "trapdoor", "stairs", "stair", "the"}
        for f in g.features:
            if f.locked and (ex_words - generic) & (f.words - generic):
                return f
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

    @staticmethod
    def _outcome_success(ctx: CheckContext) -> bool:
        o = ctx.outcome
        if o is None or o.blocked or not o.steps:
            return False
        return o.success

    def _may_open(self, ctx: CheckContext, holder: Holder | None, f: FeatureFact) -> bool:
        if holder is None:
            return False
        if f.key:
            kw = [V.lemma(w) for w in re.findall(r"[a-z]+", f.key.lower()) if w not in ("the",)]
            if kw and all(w in holder.words for w in kw):
                return True
        if holder.kind == "player" and self._outcome_success(ctx):
            actions = {i.action_type for i in ctx.intents}
            abilities = " ".join(holder.abilities).lower()
            if actions & {"open", "unlock"} or "lock" in abilities or holder.has("lockpick") \
                    or holder.has("picks") or not actions:
                return True
        return False


class LocationCheck:
    """Arriving somewhere that is neither the location, a part of it, nor one of its exits."""

    name = "location"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out: list[Finding] = []
        grounded = set(g.place_words)
        for k in g.kinds:
            grounded |= _SELF_WORDS.get(k, set())
        for group in _PLACE_SYNONYMS:
            if group & grounded:
                grounded |= group
        seen: set[int] = set()
        for i, t in enumerate(toks):
            if t.kind != "word" or t.muted or t.negated:
                continue
            led = t.low in _LED and i + 1 < len(toks) and toks[i + 1].low == "you"
            if led:
                pass  # "the path leads you straight to the Obsidian Spire"
            elif t.low in _BEING and i + 1 < len(toks) and toks[i + 1].low in _NOW:
                pass  # "you are now in the castle"
            elif t.low not in _MOTION and t.low not in _TRANSITIVE:
                continue
            actor = subject_before(ctx, i)
            player = led or (actor.kind == "holder" and actor.holder is g.player) or (
                i > 0 and toks[i - 1].low in ("you", "we"))
            if not player:
                continue
            target = self._target(r, i, t.low in _TRANSITIVE)
            if target is None or target.start in seen or target.pronoun:
                continue
            for place in [target, *self._more_targets(r, target)]:
                if place.start in seen or place.pronoun:
                    continue
                seen.add(place.start)
                f = self._judge(ctx, place, grounded)
                if f is not None:
                    out.append(f)
        return out

    @staticmethod
    def _target(r: Reading, i: int, transitive: bool) -> Phrase | None:
        toks = r.tokens
        n = len(toks)
        k = i + 1
        if transitive:
            return r.phrase_at.get(k)
        skipped = 0
        steps = 0
        while k < n and steps < 10:
            t = toks[k]
            if t.kind == "punct" or t.sent != toks[i].sent:
                return None
            if t.negated or t.muted:
                return None
            if t.low in _ARRIVE_PREP:
                return r.phrase_at.get(k + 1)
            if t.low in _SKIP_AFTER_MOTION or t.low in V.ADVERBS:
                k += 1
                steps += 1
                continue
            if t.low == "all" and k + 2 < n and r.tokens[k + 1].low == "the" and \
                    r.tokens[k + 2].low == "way":
                k += 3  # "all the way to"
                continue
            p = r.phrase_at.get(k)
            if p is not None and skipped < 2:
                skipped += 1
                k = p.end
                steps += 1
                continue
            if t.low in ("from", "over", "past", "along", "across", "around", "beside",
                         "behind", "under", "beneath", "between", "out") and skipped < 2:
                q = r.phrase_at.get(k + 1)
                if q is None:
                    return None
                skipped += 1
                k = q.end
                steps += 1
                continue
            return None
        return None

    @staticmethod
    def _more_targets(r: Reading, p: Phrase) -> list[Phrase]:
        """"... onto the Frozen Fjord and on to the city of Kaldmere": further destinations."""
        toks = r.tokens
        out = []
        k = p.end
        while k + 2 < len(toks) and len(out) < 3:
            if toks[k].low not in ("and", ",", "then"):
                break
            j = k + 1
            while j < len(toks) and toks[j].low in ("then", "on", "onward", "onwards", "from",
                                                     "there", "finally", "eventually", "and"):
                j += 1
            if j < len(toks) and toks[j].low in _ARRIVE_PREP:
                q = r.phrase_at.get(j + 1)
                if q is None:
                    break
                out.append(q)
                k = q.end
                continue
            break
        return out

    def _judge(self, ctx: CheckContext, p: Phrase, grounded: set[str]) -> Finding | None:
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens[p.start:p.end]
        head = p.content_head(r)
        lem = V.lemma(head)
        text = p.text(r)
        exits = ", ".join(e for e, _ in g.exits) or "none"
        evidence = f"you are in {g.scene.location.name or 'this place'}; exits: {exits}"
        caps = [t.base for t in toks if t.cap and not t.initial and t.base not in V.TITLES
                and t.low not in V.NAME_CONNECTORS]
        if caps:
            if any(V.lemma(w) in g.place_words or w in g.place_words or w in g.name_tokens
                   for w in caps):
                return None
            if g.holder_named(caps[-1]) is not None:
                return None
            return make_finding(ctx, "invented_location", "block", 0.9, p.start, p.end, evidence,
                                f"'{text}' is not here and not an exit; {evidence}.")
        if lem in grounded or head in grounded:
            return None
        if g.holder_named(head) is not None or V.is_person_noun(head):
            return None
        if lem in V.PLACES:
            return make_finding(ctx, "invented_location", "block", 0.85, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        return None
