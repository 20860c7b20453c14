"""Locked things, and what opens them: the key in someone's hand, or the backend's word.

A scene's locked features are known before any narration, so the patterns that open or pass them
("kicks the strongroom door open", "the hatch slides open", "descend into the vault" when the
vault's exit goes through that door) are built once per scene and kept on its grounding. Whether
an opening is allowed turns on who holds which key and on the outcome the backend decided, never
on how the narrator tells it; a bare "door" that the word before it names otherwise ("the back
door") is some other door.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import FeatureFact, Holder, SceneGrounding
from bot.guard.lexicon.nouns import DOORLIKE
from bot.guard.narration_checks.base import CheckContext

_OPEN_VERBS = re.compile(
    r"\b(?P<v>open|opens|opened|unlock|unlocks|unlocked|unbar|unbars|unbarred|force|forces|"
    r"forced|pry|pries|pried|prise|prises|kick|kicks|kicked|shove|shoves|shoved|push|pushes|"
    r"pushed|pull|pulls|pulled|throw|throws|threw|swing|swings|swung|fling|flings|flung|"
    r"wrench|wrenches|wrenched|smash|smashes|smashed|break|breaks|broke|bash|bashes|bashed|"
    r"heave|heaves|heaved|yank|yanks|yanked|tear|tears|tore|rip|rips|ripped|jerk|jerks|jerked|"
    r"tug|tugs|tugged|jimmy|jimmies|jimmied|crack|cracks|cracked|haul|hauls|hauled|drag|"
    r"drags|dragged|pop|pops|popped)\s+(?P<pre>open\s+)?(?:the\s+|a\s+)?(?:\w+\s+)?(?P<f>FEATURES)\b"
    r"(?P<after>\s+open)?")
# "ease the storeroom door open", "nudges the hatch open": any verb, when "open" follows
_ANY_OPEN = re.compile(r"\b(?P<v>[a-z]+)\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?P<f>FEATURES)"
                       r"(?P<after>\s+open)\b")
_OPENS_ITSELF = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)(?:'s lock)?\s+(?:\w+\s+)?(?P<v>swings|swung|creaks|creaked|"
    r"falls|fell|bursts|burst|springs|sprang|clicks|clicked|slides|slid|grinds|ground|pops|"
    r"popped|beeps|beeped|flies|flew|crashes|crashed|groans|groaned|yawns|yawned|scrapes|"
    r"scraped|gives|gave|comes|came|opens|opened|unlocks|unlocked|hisses|hissed|whirs|whirred|"
    r"sighs|sighed|rumbles|rumbled|rolls|rolled|lifts|lifted|rises|rose|retracts|retracted|"
    r"irises|irised|jerks|jerked|judders|juddered|shudders|shuddered|slams|slammed|parts|"
    r"parted|yields|yielded|divides|divided|cycles|cycled|glides|glided|whooshes|whooshed|"
    r"grates|grated|swivels|swivelled|swiveled|dilates|dilated|unseals|unsealed|telescopes|"
    r"telescoped|folds|folded|clanks|clanked|thunks|thunked|"
    # after a plural: "the cupboard doors swing open"
    r"swing|creak|fall|burst|spring|click|slide|grind|pop|fly|crash|groan|yawn|scrape|give|"
    r"come|hiss|sigh|rumble|roll|lift|rise|retract|part|yield|glide|swivel|fold|"
    r"clank)\s+"
    r"(?:wide\s+)?(?P<rest>open|way|aside|apart|outward|outwards|inward|inwards|back|up)?")
# The thing named, then opening as "it" in the same sentence or at the head of the next: "you
# palm the pressure door's panel. It sighs open".
_OPENS_AFTER = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\b(?:[^.!?]{0,140}?\b|[^.!?]{0,100}[.!]\s+)(?:it|they|"
    r"the lid|the door|the gate|the hatch|the lock|the grate|the bolt)\s+(?:\w+\s+)?(?P<v>swings|swung|creaks|creaked|falls|"
    r"sighs|sighed|glides|glided|cycles|cycled|irises|irised|retracts|retracted|"
    r"fell|bursts|burst|springs|sprang|clicks|clicked|slides|slid|grinds|ground|pops|popped|"
    r"flies|flew|crashes|crashed|groans|groaned|yawns|yawned|scrapes|scraped|gives|gave|comes|"
    r"came|opens|opened|hisses|hissed|rumbles|rumbled|rolls|rolled|lifts|lifted|jerks|jerked|"
    r"shudders|shuddered)\s+(?:wide\s+)?(?P<rest>open|way|aside|apart|out|wide\b|outward|"
    r"inward|back|up)")
# "the strongroom door; the salt-crusted hinges give with a groan": the locked thing named,
# then what holds it shut giving way
_GIVES_WAY = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\b[^.!?]{0,60}?\b(?:the|its)\s+(?:[\w-]+\s+)?(?:hinges?|"
    r"latch|hasp|bolt|bar|lock|padlock|chain)\s+(?P<v>give|gives|gave|snap|snaps|snapped|break|"
    r"breaks|broke|burst|bursts|tear|tears|tore|split|splits|shear|shears|sheared)\b")
# "work your fingers under the trapdoor and heave it up", "slip the cords off the chest and
# lift the lid": the locked thing named, then lifted open
_LIFTED = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\b[^.!?;]{0,60}?\b(?P<v>heave|heaves|heaved|lift|lifts|"
    r"lifted|haul|hauls|hauled|raise|raises|raised|throw|throws|threw|prise|prises|prised|"
    r"pry|pries|pried)\s+(?:it|them|(?:the|its)\s+lid|(?:the|its)\s+(?:hatch|cover|door|"
    r"lid))\s*(?P<rest>up|open|back|off)?")
# "lean on the door until the old wood gives and lets you through", "put your shoulder to the
# hatch and it gives at once": the locked thing named, then yielding or letting someone by
# "The store-room door gives with a shove", "the grate yields under your weight": the locked
# thing itself giving way
_GIVES_ITSELF = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\s+(?:[\w']+\s+){0,2}?(?P<v>gives|gave|yields|yielded)"
    r"(?=\s*(?:[.,;!:]|$|way\b|with\b|under\b|at\b|to\b))")
_YIELDS = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\b[^.!?]{0,140}?\b(?:it|they|the\s+(?:[\w-]+\s+)?(?:door|"
    r"gate|hatch|lid|wood|timber|planks?|lock|bolt|latch))\s+(?:[\w']+\s+){0,6}?(?:(?P<v>gives|"
    r"gave|yields|yielded)(?=\s*(?:[.,;!:]|$|at once|immediately|instantly|easily|suddenly|under|"
    r"beneath|with|and\b))|(?P<v2>lets|let|letting)\s+(?:you|him|her|them|us)\s+"
    r"(?P<rest>through|in\b|inside|pass))")
# "lift the latch of the storehouse door", "draws back the bolt on the gate": what holds it shut,
# worked by hand, opens it
_LATCH_LIFTED = re.compile(
    r"\b(?P<v>lift|lifts|lifted|raise|raises|raised|draw|draws|drew|slide|slides|slid|flip|flips|"
    r"flipped|shoot|shoots|shot|ease|eases|eased|work|works|worked)\s+(?:back\s+)?(?:the\s+)?"
    r"(?:latch|bolt|bar|hasp|catch)\s+(?:of|on)\s+(?:the\s+)?(?P<f>FEATURES)\b")
_PASS_FEATURE = re.compile(r"\b(?:through|beyond)\s+(?:the\s+)?(?:locked\s+|closed\s+|"
                           r"barred\s+|heavy\s+|iron\s+|steel\s+)?(?P<f>FEATURES)\b")
_FORCE_VERBS = frozenset({"force", "forces", "forced", "pry", "pries", "pried", "prise", "break",
                          "breaks", "broke", "smash", "smashes", "smashed", "bash", "bashes",
                          "bashed", "jimmy", "jimmies", "jimmied", "crack", "cracks", "cracked"})
_KEY_OPENERS = frozenset({"unlock", "unlocks", "unlocked", "open", "opens", "opened", "unbar",
                          "unbars", "unbarred"})
# a thing that opens by itself with these needs no "open" after it: "the thorn gate parts"
OPENING_VERBS = frozenset({"opens", "opened", "unlocks", "unlocked", "parts", "parted", "yields",
                           "yielded", "divides", "divided"})
_DOOR_ADJECTIVES = frozenset(
    "locked heavy iron wooden oak oaken stout old thick great barred closed massive reinforced "
    "iron-bound bolted sturdy solid steel bronze metal same shut sealed studded ancient big "
    "small low narrow squat creaking rusted rusty".split())


# Words of a key's name that say what it is, not what it opens ("the iron gate key").
_KEY_WORDS = frozenset({"key", "keys", "ring", "card", "fob", "the", "a", "an", "iron", "brass",
                        "bronze", "silver", "gold", "golden", "old", "small", "large", "rusty"})


def _feature_regex(g: SceneGrounding) -> dict[str, FeatureFact]:
    names: dict[str, FeatureFact] = {}
    heads: dict[str, list[FeatureFact]] = {}
    for f in g.features:
        source = g.scene.feature(f.name)
        for alias in [f.name, *(source.aliases if source else [])]:
            names[alias.lower()] = f
        heads.setdefault(f.head, []).append(f)
    for f in g.features:
        # "the trapdoor to the under-stage" is "the trapdoor" in a narration
        lead = re.split(r" (?:to|of|into|onto|for|on|under|over) ", f.name.lower())[0].strip()
        if lead != f.name.lower() and lead and lead not in names and \
                lead.split()[-1] in DOORLIKE | {"chest", "box", "cabinet", "locker", "safe"}:
            names[lead] = f
    for f in g.features:
        # "the store-room door" for the tea chest store that its "store-room key" opens: a
        # locked thing is also named by what its key is for
        if not (f.locked and f.key):
            continue
        opens = " ".join(w for w in f.key.lower().split() if w not in _KEY_WORDS)
        if opens and opens != f.key.lower() and opens not in names:
            for door in ("door", "gate", "hatch"):
                names.setdefault(f"{opens} {door}", f)
    for head, fs in heads.items():
        if len(fs) == 1 and head and head not in names and head in (
                "door", "gate", "grate", "hatch", "trapdoor", "portcullis", "grille", "bars",
                "strongbox", "chest", "box", "safe", "cabinet", "locker", "trunk", "coffer",
                "cupboard", "wardrobe", "cage", "vault"):
            names[head] = fs[0]
    locked = [f for f in g.features if f.locked]
    if len(locked) == 1 and "lock" not in names:
        names["lock"] = locked[0]  # "the lock clicks open": the scene's one locked thing
    return names


def _lock_patterns(g: SceneGrounding
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
        for pat, kind in ((_OPEN_VERBS, "open"), (_ANY_OPEN, "open_any"), (_OPENS_ITSELF, "opens"), (_LIFTED, "lifted"), (_GIVES_WAY, "forced"),
                          (_OPENS_AFTER, "opens"), (_YIELDS, "forced"), (_GIVES_ITSELF, "forced"),
                          (_LATCH_LIFTED, "forced"), (_PASS_FEATURE, "pass")):
            # "the sluice house doors swing open": a pair of doors is the door
            patterns.append((re.compile(pat.pattern.replace("(?P<f>FEATURES)",
                                                            f"(?P<f>{alt})(?:s|es)?")), kind))
        for exit_name, ex_words in g.exits:
            f = _door_of(g, exit_name, ex_words)
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


def _named(ctx: CheckContext, f: FeatureFact) -> bool:
    """Does the narration or the player's action name this feature in full?"""
    said = ctx.reading.text.lower() + " " + " ".join(
        (i.words or "") for i in ctx.intents).lower()
    source = ctx.grounding.scene.feature(f.name)
    names = [f.name, *(source.aliases if source else [])]
    return any(n.lower() in said for n in names if n and n.lower() != f.head)


def _other_door(text: str, at: int, key: str, f: FeatureFact) -> bool:
    """A bare "door" matched to the scene's one locked door, but named otherwise by the
    word before it ("the back door", "the kitchen door"): a different door."""
    if " " in key.strip() or key.strip() != f.head:
        return False
    before = re.findall(r"[a-z'-]+", text[max(0, at - 30):at])
    if not before:
        return False
    word = before[-1]
    if word in V.DETERMINERS or word in _DOOR_ADJECTIVES or V.lemma(word) in f.words:
        return False
    return True


def _door_of(g: SceneGrounding, exit_name: str, ex_words: frozenset[str]) -> FeatureFact | None:
    through = g.scene.location.exit_through.get(exit_name)
    if through:
        return next((f for f in g.features if f.name.lower() == through.lower()), None)
    generic = {"door", "gate", "grate", "hatch", "trapdoor", "stairs", "stair", "the"}
    for f in g.features:
        if f.locked and (ex_words - generic) & (f.words - generic):
            return f
    return None


def _outcome_success(ctx: CheckContext) -> bool:
    o = ctx.outcome
    if o is None or o.blocked or not o.steps:
        return False
    return o.success


def _may_open(ctx: CheckContext, holder: Holder | None, f: FeatureFact) -> bool:
    if holder is None:
        return False
    if f.key:
        kw = [V.lemma(w) for w in re.findall(r"[a-z]+", f.key.lower().replace("'s ", " "))
              if w not in ("the", "s")]
        if kw and all(w in holder.words for w in kw):
            return True
    if holder.kind == "player" and _outcome_success(ctx):
        actions = {i.action_type for i in ctx.intents}
        abilities = " ".join(holder.abilities).lower()
        if actions & {"open", "unlock"} or "lock" in abilities or holder.has("lockpick") \
                or holder.has("picks") or not actions:
            return True
    return False
