"""Can this happen from this scene? Checked before the dice, before the model.

Why before: an impossible action that reaches the narrator invites it to make the action
possible (the prior art's warrior who "pulls out a magic staff" got one). Blocked here, the
player gets a plain reason instead ("You don't have a staff.") and no model is called.

What blocks, by finding kind (FORMAT.md): ``no_item`` (using or drawing an item the player does
not hold; someone else's item is not theirs), ``no_ability`` (a spell or power the sheet and
class do not give), ``physics`` (flight, teleportation, passing through walls without an ability
for it), ``target`` (attacking, addressing, giving to someone absent), ``location`` (going
somewhere that is not an exit), ``environment`` (climbing the unclimbable, opening what is locked
without its key). Everything else is allowed: it may still fail in the dice.

The guard errs towards allowing: a word it does not know never blocks, and a finding the parse
is unsure of (third-person prose, an unknown noun) comes out as ``warn``, which is logged but
not enforced. A false block costs a player their turn; a miss costs at worst a failed roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.index import SceneIndex
from bot.guard.intent import extract
from bot.guard.lexicon.magic import (
    ABILITY_WORDS,
    CLASS_FEATURES,
    CLASS_SKILLS,
    CLASS_SYNONYMS,
    DEFAULT_CASTERS,
    FEATURE_CLASS,
    KNOWN_CLASSES,
    PHYSICS_KIND,
    PHYSICS_MODES,
    PHYSICS_VERBS,
    SKILLS,
    SPELL_WORDS,
    SPELLS,
    class_plural,
    parse_casters,
)
from bot.guard.lexicon.nouns import (
    ATTRIBUTES,
    BEINGS,
    BODY,
    CLOTHING,
    COMPASS,
    FOOD,
    GEAR,
    GENERIC_BEINGS,
    HOSTILE_GENERICS,
    ITEM_FAMILIES,
    LANDMARKS,
    MONSTERS,
    RANGED,
)
from bot.guard.lexicon.words import PARTS, STOPWORDS, head_word, name_variants, norm_phrase, singular
from bot.world.intent import Intent
from bot.world.scene import Scene, SceneFeature

# Below this confidence a finding is a warning, not a block.
BLOCK_AT = 0.5


def prevalidate(intents: list[Intent], scene: Scene) -> list[Finding]:
    """Findings for every step of a player's input; the action is blocked iff one is ``block``."""
    index = SceneIndex.for_scene(scene)
    sheet = _Sheet.of(scene, index)
    findings: list[Finding] = []
    seen: set[tuple[str, str]] = set()
    for intent in intents:
        for f in _check(intent, scene, index, sheet):
            key = (f.kind, f.span.casefold())
            if key not in seen:
                seen.add(key)
                findings.append(f)
    return findings


def first_block(findings: list[Finding]) -> Finding | None:
    """The first blocking finding, if any: the reason the player is given."""
    for f in findings:
        if f.severity == BLOCK:
            return f
    return None


def check_text(text: str, scene: Scene) -> tuple[list[Intent], list[Finding]]:
    """Extract and pre-validate in one call (the evaluation runner's action check)."""
    intents = extract(text, scene)
    findings = prevalidate(intents, scene)
    if isinstance(text, str):
        low = text.casefold()
        for f in findings:
            at = low.find(f.span.casefold()) if f.span else -1
            if at >= 0:
                f.start, f.end = at, at + len(f.span)
    return intents, findings


# -- what the sheet grants --------------------------------------------------------------------


@dataclass(slots=True)
class _Sheet:
    classes: frozenset[str]  # the player's class words, with synonyms
    class_name: str
    caster_class: bool
    known_spells: tuple[str, ...]  # sheet entries that are recognised spell names
    magic_banned: bool
    grants: str  # abilities + inventory + class, lowercase, for the physics patterns
    gold: int | None
    inventory: str  # for evidence
    abilities: str

    @classmethod
    def of(cls, scene: Scene, index: SceneIndex) -> _Sheet:
        p = scene.player
        classes = _expand(_class_words(p.char_class))
        # who casts: the scene's list, else what the setting's rules say, else the usual classes
        if scene.spellcasters:
            casters = frozenset(w for c in scene.spellcasters for w in (c.casefold().strip(), singular(c.casefold().strip())))
            banned = False
        else:
            parsed = parse_casters(scene.world_rules)
            banned = parsed is not None and not parsed
            casters = DEFAULT_CASTERS if parsed is None else parsed
        known = tuple(a for a in p.abilities if norm_phrase(a) in SPELLS)
        grants = " | ".join([*p.abilities, *p.inventory, p.char_class]).casefold()
        return cls(
            classes=classes,
            class_name=_main_class(p.char_class),
            caster_class=bool(classes & casters),
            known_spells=known,
            magic_banned=banned,
            grants=grants,
            gold=_gold(scene),
            inventory=", ".join(p.inventory) or "nothing",
            abilities=", ".join(p.abilities) or "none",
        )

    @property
    def can_cast(self) -> bool:
        return self.caster_class or bool(self.known_spells)


def _class_words(text: str) -> frozenset[str]:
    words = [w for w in re.findall(r"[a-z]+", (text or "").casefold())]
    out = {singular(w) for w in words}
    out |= {f"{a} {b}" for a, b in zip(words, words[1:])}
    return frozenset(w for w in out if w)


def _expand(classes: frozenset[str]) -> frozenset[str]:
    out = set(classes)
    for c in classes:
        out |= CLASS_SYNONYMS.get(c, frozenset())
    return frozenset(out)


def _main_class(text: str) -> str:
    for w in re.findall(r"[a-z]+(?: [a-z]+)?", (text or "").casefold()):
        if w in KNOWN_CLASSES:
            return w
    words = re.findall(r"[a-z]+", (text or "").casefold())
    return words[0] if words else ""


def _gold(scene: Scene) -> int | None:
    if scene.player.gold is not None:
        return scene.player.gold
    total = None
    for item in scene.player.inventory:
        m = re.match(r"\s*(\d+)\s+(gold|gp)\b", item.casefold())
        if m:
            total = (total or 0) + int(m.group(1))
    return total


# -- the checks -------------------------------------------------------------------------------


def _finding(kind: str, conf: float, span: str, evidence: str, message: str) -> Finding:
    conf = max(0.0, min(1.0, round(conf, 3)))
    return Finding(
        kind=kind,
        severity=BLOCK if conf >= BLOCK_AT else WARN,
        confidence=conf,
        span=span,
        evidence=evidence,
        message=message,
        layer="pre",
    )


def _check(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet) -> list[Finding]:
    if intent.ambiguous:
        return []
    out: list[Finding] = []
    act = intent.action_type
    c = intent.confidence or 0.0
    if intent.method_kind == "ability" and intent.method in PHYSICS_MODES:
        f = _physics(intent, sheet, c)
        if f is not None:
            return [f]
    if act == "cast" or intent.method_kind == "spell":
        f = _spell(intent, sheet, c)
        if f is not None:
            out.append(f)
    elif intent.method_kind == "ability" and intent.method not in PHYSICS_MODES:
        f = _ability(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    elif intent.method_kind == "item" or (act in ("use_item", "give") and intent.method):
        f = _item(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    if act in ("attack", "talk", "give", "cast", "buy", "take", "ability", "use_item") or (
        act == "move" and intent.target_kind == "being" and _being_word(intent.target_text)
    ):
        f = _target(intent, scene, c)
        if f is not None:
            out.append(f)
    if act == "move":
        f = _move(intent, scene, index, sheet, c)
        if f is not None:
            out.append(f)
    elif act == "climb":
        f = _climb(intent, index, c)
        if f is not None:
            out.append(f)
    elif act in ("open", "unlock"):
        f = _lock(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    return out


def _physics(intent: Intent, sheet: _Sheet, c: float) -> Finding | None:
    mode = intent.method or ""
    if PHYSICS_MODES[mode].search(sheet.grants):
        return None
    verb = PHYSICS_VERBS.get(mode, mode)
    return _finding(
        PHYSICS_KIND.get(mode, "physics"),
        0.95 * c,
        intent.method_text or intent.words,
        f"abilities: {sheet.abilities}; inventory: {sheet.inventory}",
        f"You can't {verb}: nothing you have lets you.",
    )


def _spell_key(text: str | None) -> str:
    words = [w for w in norm_phrase(text or "").split() if w not in ("spell", "cantrip", "another", "quick", "quickened")]
    return " ".join(words)


def _spell(intent: Intent, sheet: _Sheet, c: float) -> Finding | None:
    name = intent.method or intent.method_text or "spell"
    key = _spell_key(intent.method_text or intent.method)
    canonical = _spell_key(intent.method)
    on_sheet = any(_spell_key(s) in (key, canonical) for s in sheet.known_spells) or (
        intent.method is not None and intent.method in _abilities_of(sheet)
    )
    if on_sheet:
        return None
    generic = not key or key in SPELL_WORDS or key.split()[-1] in ("magic", "spell", "sorcery", "cantrip")
    span = intent.method_text or intent.words
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    if sheet.magic_banned and not sheet.known_spells:
        return _finding("no_ability", 0.9 * c, span, evidence, "There is no magic in this world.")
    if not sheet.can_cast:
        if not sheet.class_name and sheet.abilities == "none":
            return _finding("no_ability", 0.4 * c, span, evidence, "You have no spells.")
        who = class_plural(sheet.class_name) if sheet.class_name else "You"
        return _finding("no_ability", 0.97 * c, span, evidence, f"{who} can't cast spells.")
    if generic or not sheet.known_spells:
        return None
    recognised = key in SPELLS or canonical in SPELLS
    if key.split()[0] in ("summon", "conjure", "call", "create"):
        # a caster conjuring something unnamed: plausible magic the sheet may not spell out
        return _finding("no_ability", 0.45 * c, span, evidence, f"You know no spell to {_bare(name)}.")
    return _finding(
        "no_ability",
        (0.92 if recognised else 0.75) * c,
        span,
        evidence,
        f"You don't know {_bare(name)}. Your spells: {', '.join(sheet.known_spells)}.",
    )


def _abilities_of(sheet: _Sheet) -> set[str]:
    return {a.strip() for a in sheet.abilities.split(",")}


def _ability(intent: Intent, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    text = intent.method_text or intent.method or ""
    if intent.method and intent.method in _abilities_of(sheet):
        return None
    if index.resolve(text, ("ability",), min_score=75) is not None:
        return None
    key = norm_phrase(text)
    words = [w for w in key.split() if w not in STOPWORDS]
    if not words:
        return None
    head = head_word(" ".join(words))
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    span = intent.method_text or intent.words
    core = " ".join(w for w in key.split() if w not in ABILITY_WORDS) or key
    if core not in CLASS_FEATURES and key not in CLASS_FEATURES and (
        head in ATTRIBUTES or head in BODY or key in ATTRIBUTES or set(words) & (ATTRIBUTES | BODY)
    ):
        return None  # "my warrior strength": anyone may try, the dice decide
    if core in CLASS_FEATURES or key in CLASS_FEATURES:
        owners = CLASS_FEATURES.get(core) or CLASS_FEATURES.get(key) or frozenset()
        if owners & sheet.classes:
            return None
        if not sheet.class_name:
            return _finding("no_ability", 0.4 * c, span, evidence, f"You don't have {_bare(core)}.")
        owner = FEATURE_CLASS.get(core) or FEATURE_CLASS.get(key) or sorted(owners)[0]
        return _finding("no_ability", 0.9 * c, span, evidence, f"{_cap(core)} is {_a(owner)}'s ability; you are {_a(sheet.class_name)}.")
    if core in SKILLS or key in SKILLS:
        skill = core if core in SKILLS else key
        if any(skill in CLASS_SKILLS.get(cl, ()) for cl in sheet.classes):
            return None
        conf = 0.85 if head in ABILITY_WORDS else 0.6
        return _finding("no_ability", conf * c, span, evidence, f"You don't have the {skill} skill.")
    if head in ABILITY_WORDS and len(words) > 1:
        return _finding("no_ability", 0.7 * c, span, evidence, f"You have no ability called {_bare(core)}.")
    return None


def _holds(text: str, index: SceneIndex, scene: Scene) -> str | None:
    """The inventory item that answers to ``text`` ("my sword" -> "iron sword"), if any."""
    m = index.resolve(text, ("inventory",), min_score=80)
    if m is not None:
        return m.entity.name
    key = norm_phrase(text)
    words = [w for w in key.split() if w not in STOPWORDS]
    if not words:
        return None
    head = head_word(key)
    if head in _AMMO:
        # ammunition comes with the weapon that fires it: a bow holder has arrows
        for item in scene.player.inventory:
            for variant in name_variants(item):
                if variant.split() and variant.split()[-1] in RANGED:
                    return item
    families = [(root, fam) for root, fam in ITEM_FAMILIES.items() if head in fam or head == root]
    if not families:
        return None
    for item in scene.player.inventory:
        for variant in name_variants(item):
            inv_words = variant.split()
            if not inv_words:
                continue
            inv_head = inv_words[-1]
            for root, fam in families:
                # either side the family's generic word: "my sword" and a rapier, "my rapier" and
                # an iron sword; two different specific kinds (greatsword, shortsword) do not match
                if (inv_head in fam or inv_head == root) and (head == root or inv_head == root or head == inv_head):
                    return item
    return None


_AMMO = frozenset({"arrow", "bolt", "quiver", "ammo", "ammunition", "bullet", "shot", "stone", "pellet", "dart"})


def _item(intent: Intent, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    text = intent.method_text or intent.method or ""
    if not text.strip():
        return None
    span = text
    evidence = f"inventory: {sheet.inventory}"
    key = norm_phrase(text)
    words = [w for w in key.split() if w not in STOPWORDS]
    if not words:
        return None
    head = head_word(key)
    scene = index.scene
    coin = head in ("gold", "coin", "silver", "copper", "money", "gp") or "gold" in words
    if coin:
        return _coins(intent, sheet, c, span, evidence)
    direct = index.resolve(text, ("inventory",), min_score=80)
    if direct is not None or (intent.method and intent.method in scene.player.inventory):
        return None
    if head in BODY or head in ATTRIBUTES or key in ("fist", "bare hand", "hand"):
        return None
    if index.resolve(text, ("ability",), min_score=80) is not None:
        return None
    poss = _possessive(text)
    mine = poss in ("my", "our")
    around = index.resolve(text, ("item", "content", "feature"), min_score=80)
    other = index.resolve(text, ("npc_item",), min_score=88)
    if other is None and intent.method and intent.method != text:
        other = index.resolve(intent.method, ("npc_item",), min_score=100)
    if other is not None and (around is None or other.score > around.score or mine):
        # someone else's exact item ("the longsword" Bram carries) is not the player's sword
        owner = other.entity.owner or "someone else"
        return _finding("no_item", 0.9 * c, span, evidence, f"The {_bare(other.entity.name)} is {owner}'s, not yours.")
    if _holds(text, index, scene) is not None:
        return None
    if around is not None:
        return None  # something lying here: an environment object anyone may pick up and use
    if intent.action_type in ("take", "buy"):
        return None
    scenery = index.is_scenery(head)
    gear = head in GEAR
    if gear and (mine or poss in ("his", "her", "their")):
        return _finding("no_item", 0.92 * c, span, evidence, f"You don't have {_a(_bare(text))}.")
    if gear and not scenery:
        return _finding("no_item", 0.82 * c, span, evidence, f"You don't have {_a(_bare(text))}.")
    if head in CLOTHING or head in FOOD or head in SPELLS or head in ABILITY_WORDS:
        return None
    if mine and not scenery:
        # a thing the guard has no word for: worth a warning, never a block (it may be a typo,
        # a nickname for a weapon on the sheet, or something any character would own)
        return _finding("no_item", 0.45 * c, span, evidence, f"You don't have {_a(_bare(text))}.")
    return None


def _coins(intent: Intent, sheet: _Sheet, c: float, span: str, evidence: str) -> Finding | None:
    if sheet.gold is None:
        return None
    amount = intent.quantity or 1
    m = re.search(r"\b(\d+)\b", span)
    if m:
        amount = int(m.group(1))
    if amount > sheet.gold:
        return _finding("no_item", 0.85 * c, span, evidence, f"You only have {sheet.gold} gold.")
    return None


def _present(scene: Scene) -> str:
    names = [n.name for n in scene.npcs] + [p.name for p in scene.party if p.name] + list(scene.creatures)
    return "present: " + (", ".join(names) if names else "no one")


def _target(intent: Intent, scene: Scene, c: float) -> Finding | None:
    if intent.target_kind != "being" or intent.resolved or not intent.target_text:
        return None
    text = intent.target_text
    key = norm_phrase(text)
    words = key.split()
    if not words:
        return None
    head = head_word(key)
    someone_here = bool(scene.npcs or scene.party)
    anything_here = someone_here or bool(scene.creatures)
    if head in HOSTILE_GENERICS:
        if anything_here:
            return None
        return _finding("target", 0.7 * c, text, _present(scene), "There is nothing here to fight.")
    if head in GENERIC_BEINGS:
        if someone_here:
            return None
        return _finding("target", 0.6 * c, text, _present(scene), "There is no one else here.")
    conf = 0.92 if head in BEINGS else 0.8
    if head in BEINGS and head not in MONSTERS and any(not n.aliases and not n.description for n in scene.npcs):
        conf = 0.45  # "the blacksmith" may be the NPC whose role the scene does not state
    if _possessive(text) in ("my", "our"):
        conf = 0.45  # "my horse": the player's own animal, which may well be elsewhere
    return _finding("target", conf * c, text, _present(scene), f"There is no {_bare(text)} here.")


def _being_word(text: str | None) -> bool:
    key = norm_phrase(text or "")
    head = head_word(key)
    return head in BEINGS or head in GENERIC_BEINGS or head in HOSTILE_GENERICS


def _exits(scene: Scene) -> str:
    return ", ".join(scene.location.exits) if scene.location.exits else "none"


def _move(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    kind = intent.target_kind
    text = intent.target_text or intent.target or ""
    exits = _exits(scene)
    evidence = f"exits: {exits}"
    if kind == "exit":
        door = index.exit_doors.get(intent.target or "")
        if door is not None and door.locked and not door.open and not _has_key(door, index, scene):
            inferred = intent.target not in scene.location.exit_through
            return _finding(
                "environment", (0.8 if inferred else 0.92) * c, text, f"{door.name}: locked", f"The {door.name} is locked."
            )
        return None
    if kind == "feature":
        f = index.feature(intent.target or "")
        through = " through " in f" {intent.words.casefold()} "
        if f is not None and through and f.locked and not f.open and not _has_key(f, index, scene):
            return _finding("environment", 0.88 * c, text, f"{f.name}: locked", f"The {f.name} is locked.")
        return None
    if kind == "place":
        head = (norm_phrase(text).split() or [""])[-1]
        if not intent.resolved and index.is_scenery(head):
            return None  # "the sea" from a ship's deck: part of where one is
        if intent.resolved:
            if scene.location.name and intent.target == scene.location.name:
                return None
            return _finding("location", 0.92 * c, text, evidence, f"You can't reach {intent.target} from here; exits: {exits}.")
        if not index.scene.location.exits and not index.scene.location.name:
            return _finding("location", 0.45 * c, text, evidence, f"You can't reach {_bare(text)} from here.")
        return _finding("location", 0.85 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
    if kind == "being" and not intent.resolved:
        key = norm_phrase(text)
        head = head_word(key)
        if head in BEINGS or head in GENERIC_BEINGS or head in HOSTILE_GENERICS:
            return None  # absent being as destination: reported by the target check
        return _finding("location", 0.75 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
    if kind == "direction":
        d = (intent.target or "").casefold()
        exit_dirs = {w for e in scene.location.exits for w in norm_phrase(e).split() if w in COMPASS}
        if d in COMPASS and exit_dirs and d not in exit_dirs:
            return _finding("location", 0.7 * c, text, evidence, f"There is no way {d} from here; exits: {exits}.")
    return None


def _has_key(feature: SceneFeature, index: SceneIndex, scene: Scene) -> bool:
    if feature.key:
        if index.resolve(feature.key, ("inventory",), min_score=88) is not None:
            return True
        return any(norm_phrase(feature.key) == norm_phrase(i) for i in scene.player.inventory)
    return False


def _climb(intent: Intent, index: SceneIndex, c: float) -> Finding | None:
    text = intent.target_text or intent.target or ""
    if intent.target_kind == "feature":
        f = index.feature(intent.target or "")
        if f is not None and f.climbable is False:
            return _finding("environment", 0.95 * c, text, f"{f.name}: not climbable", f"The {f.name} can't be climbed.")
        return None
    if not intent.resolved and intent.target_kind not in ("direction",):
        key = norm_phrase(text)
        head = head_word(key)
        if head in LANDMARKS and not index.is_scenery(head):
            return _finding("target", 0.75 * c, text, "features: " + (", ".join(f.name for f in index.scene.location.features) or "none"), f"There is no {_bare(text)} here.")
    return None


_TOOLS = re.compile(r"\b(thieves'? tools?|thief'?s tools?|lock ?picks?|lockpicks?|lockpicking kit|skeleton key)\b")


def _lock(intent: Intent, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    scene = index.scene
    if intent.target_kind != "feature":
        return None
    f = index.feature(intent.target or "")
    if f is None or not f.locked or f.open:
        return None
    text = intent.target_text or f.name
    method = (intent.method or "").casefold()
    if method == "pick lock" or "lockpick" in method or "pick" in (intent.method_text or "").casefold().split():
        if _TOOLS.search(sheet.inventory.casefold()):
            return None
        return _finding("no_item", 0.8 * c, intent.method_text or intent.words, f"inventory: {sheet.inventory}", "You have no lockpicks or thieves' tools.")
    if _has_key(f, index, scene):
        return None
    if intent.method and intent.method_kind in ("item", None) and "key" not in norm_phrase(intent.method_text or intent.method).split():
        return None  # prying or forcing with a tool: an attempt the dice decide
    key_note = f" and you don't have the {f.key}" if f.key else ""
    return _finding("environment", 0.9 * c, text, f"{f.name}: locked" + (f"; key: {f.key}" if f.key else ""), f"The {f.name} is locked{key_note}.")


# -- wording ----------------------------------------------------------------------------------

_LEAD = re.compile(r"^(?:(?:the|a|an|my|your|his|her|their|our|its|some|one of my|one of the)\s+)+", re.I)


def _bare(text: str) -> str:
    """The thing named, without articles or possessives: "the hilt of my dagger" -> "dagger"."""
    t = _LEAD.sub("", text.strip())
    if " of " in t:
        part, whole = t.split(" of ", 1)
        if part.split() and part.split()[-1].casefold() in PARTS:
            t = _LEAD.sub("", whole)
    return t or text.strip()


def _a(text: str) -> str:
    if not text:
        return "that"
    last = text.split()[-1].casefold()
    if text[:1].isdigit() or (last.endswith("s") and singular(last) != last):
        return text
    return ("an " if text[:1].casefold() in "aeiou" else "a ") + text


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _possessive(text: str) -> str | None:
    first = text.strip().split(" ", 1)[0].casefold() if text.strip() else ""
    if first in ("my", "our", "his", "her", "their", "your"):
        return first
    if text.strip().casefold().startswith(("one of my", "some of my")):
        return "my"
    return None


__all__ = ["BLOCK_AT", "check_text", "first_block", "prevalidate"]


def _warm_up() -> None:
    """Run a few checks on a throwaway scene at import, so that the first real turn does not pay
    for cold caches (regexes, word tables, rapidfuzz's first call) inside its time budget."""
    scene = Scene.from_dict(
        {
            "world_rules": ["no firearms", "only mage and cleric can cast spells"],
            "location": {"name": "Hall", "exits": ["Yard"], "features": [{"name": "stone wall", "climbable": False}, {"name": "oak door", "locked": True, "key": "oak key"}]},
            "npcs": [{"name": "Anna", "aliases": ["cook"], "items": ["ladle"]}],
            "items": ["mug of ale"],
            "creatures": ["rat"],
            "player": {"name": "Bo", "class": "warrior", "inventory": ["iron sword", "3 gold coins"], "abilities": ["second wind"]},
            "known_places": ["Hall", "Yard", "Tower"],
        }
    )
    for text in (
        "I attack the cook with my sword, then stab him with the ladle",
        "I cast fireball at Anna",
        "I climb the walls",
        "I open the door",
        "I walk to the castle",
        "I talk to Ana about the dragon",
        '*draws her rapier* "Stand back!"',
        "I fly to the Tower",
    ):
        check_text(text, scene)
    SceneIndex.forget(scene)


_warm_up()
