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

An unrecognised verb does not mean "unchecked": its intent stays ambiguous, but what its words
commit to (a thing claimed as one's own, someone addressed, a locked room entered) is checked at
the confidence of that commitment (``_commitments``). Whether a missing thing is something one
would have to hold is decided by the hand-made vocabularies first, then by WordNet's class of
the word ("dynamite", "blanket", "rose" are; "turn", "nerve", "hat" are not).

Whatever the noun, a thing the words draw or produce ("whip out a switchblade"), keep on the
player ("the toy in my pocket"), fight with ("hurl a firebomb") or hand over ("hand him a bottle
of brandy") must be held, unless it lies here, is poured here, or comes out of a held bag or kit
the sheet does not itemise; money by any name is paid from the purse, up to what it holds; a
named kind ("a tommy gun") is not satisfied by another kind of its family.

Some commitments are strong enough to check in the words themselves, whatever the parser made of
the verb (a fresh set of phrasings showed that checks hung on a recognised verb do not
generalise): a capitalised name the scene lacks, given a title or a word for a person, addressed,
served, knelt to or attacked (``_named_signals``); a named place, a vehicle taken or a distance
covered as a destination, unless the way goes out through an exit; "my" before equipment the
sheet lacks (``_claimed_gear``); a powered kind of a thing that is here ("the motor sledge");
powers described by what they do (effects made, great forces commanded, minds bent or read,
wonders worked by a touch or a word, sight or strength through stone, speed past horses, energy
drawn in to heal, the setting's own word for its magic, a spell named mid-sentence:
``_power_signals``). Each is skipped when the words only speak of the thing ("ask her about
Captain Vane"), seek it, or are someone else's deed ("Anselm, cast ...").

The guard errs towards allowing: a word it does not know never blocks on its own, and a finding
the parse is unsure of (third-person prose, an unknown noun merely mentioned) comes out as
``warn``, which is logged but not enforced. A false block costs a player their turn; a miss
costs at worst a failed roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.index import SceneIndex
from bot.guard.intent import extract
from bot.guard.lexicon.compounds import COMPOUND_ARTEFACTS, COMPOUND_KINDS
from bot.guard.lexicon.magic import (
    ABILITY_WORDS,
    ABSORBING,
    COMMANDING,
    CONJURED_EFFECTS,
    GREAT_FORCES,
    IN_ONE_BOUND,
    MOVED_BY_MIND,
    WOUND_CLOSED,
    DRAWN_ENERGIES,
    MIND_BENT,
    MIND_MEANS,
    MIND_SEIZED,
    NATURAL_FORCES,
    OUTDOING,
    SEEING_THROUGH,
    STRENGTH_FEATS,
    TOUCH_MEANS,
    WROUGHT_BY_TOUCH,
    CLASS_FEATURES,
    CLASS_SKILLS,
    CLASS_SYNONYMS,
    DEFAULT_CASTERS,
    FEATURE_CLASS,
    KNOWN_CLASSES,
    MAGIC_ACTS,
    MAGIC_ON,
    PHYSICS_KIND,
    PHYSICS_MODES,
    PHYSICS_VERBS,
    SKILLS,
    SPELL_WORDS,
    SPELLS,
    SUPERNATURAL_MEANS,
    class_plural,
    parse_casters,
    rule_magic_words,
)
from bot.guard.lexicon.nouns import (
    ATTRIBUTES,
    BEINGS,
    BODILY,
    BODY,
    CLOTHING,
    CURRENCY,
    COMPASS,
    FOOD,
    GEAR,
    GENERIC_BEINGS,
    HOSTILE_GENERICS,
    AMMUNITION,
    DEVICE_HEADS,
    GENERIC_ITEMS,
    ITEM_FAMILIES,
    LANDMARKS,
    MONSTERS,
    OWN_NONITEMS,
    POWERED_MODIFIERS,
    PROTECTIVE_GEAR,
    PROTECTIVE_MODIFIERS,
    RANGED,
    RESTRAINTS,
    SERVED,
)
from bot.guard.lexicon.wordclass import (
    first_class,
    is_person,
    is_substance,
    is_abstract,
    is_carried_thing,
    is_classifier,
    is_fixed_thing,
    is_garment,
    is_location,
    noun_codes,
    verb_base,
)
from bot.guard.lexicon.words import MEASURES, NUMBER_WORDS, PARTS, STOPWORDS, head_word, name_variants, norm_phrase, singular, thing_word
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
    unbarred = False  # an earlier step took a form that passes under doors, which the sheet grants
    opened: str | None = None  # a held bag or kit an earlier step opened ("open my medical bag and ...")
    left_by: str | None = None  # an exit an earlier step went out by: what lies beyond is reached through it
    for intent in intents:
        if intent.method_kind == "ability" and intent.method in _UNBARRED and _physics(intent, sheet, 1.0) is None:
            unbarred = True
        opened = _opened_own(intent, index) or opened
        checked = _check(intent, scene, index, sheet)
        extra = _named_signals(intent, scene, index)
        if not any(f.kind == "no_item" for f in checked):
            extra += _claimed_gear(intent, index, sheet)
        if not any(f.kind in ("no_ability", "physics") and f.severity == BLOCK for f in checked):
            extra += _power_signals(intent, scene, sheet, index)
        for f in [*checked, *extra]:
            if left_by and f.kind == "location":
                continue  # "I leave by the Back Door and take a cab to the docks": beyond that exit
            if unbarred and f.kind == "environment" and intent.action_type == "move":
                continue  # "I turn into mist and seep under the study door"
            if opened and f.kind == "no_item" and _kept_in(intent, opened, index):
                continue  # "I open my medical bag and take out a stethoscope"
            key = (f.kind, f.span.casefold())
            if key not in seen:
                seen.add(key)
                findings.append(f)
        if intent.action_type == "move" and intent.target_kind == "exit" and intent.resolved and not any(f.severity == BLOCK for f in checked):
            left_by = intent.target
    return findings


# Actions whose target, claimed as the player's own ("open my locket"), must be held.
_HANDLING_OWN = frozenset({"open", "unlock", "examine", "other", "use_item"})
# Forms in which a locked door is no barrier.
_UNBARRED = frozenset({"gaseous form", "phasing"})


def _opened_own(intent: Intent, index: SceneIndex) -> str | None:
    """The held bag, case or kit an intent opens ("I open my medical bag")."""
    if intent.action_type != "open" or _possessive(intent.target_text or "") not in ("my", "our"):
        return None
    held = _holds(intent.target_text or "", index, index.scene)
    if held is None or head_word(norm_phrase(held)) not in _KITS:
        return None
    return held


def _kept_in(intent: Intent, container: str, index: SceneIndex) -> bool:
    """Whether a missing thing may be what a held bag or kit holds: an ordinary thing to carry
    taken out of it, not a weapon or tool of the kind sheets list."""
    text = intent.method_text or intent.method or ""
    key = norm_phrase(text)
    if not key or intent.action_type not in ("use_item", "take", "other"):
        return False
    head, thing = head_word(key), thing_word(key)
    if head_word(norm_phrase(container)) not in _KITS:
        return False
    return _thing_kind(key, head, thing, text) in ("carried", "food", "unknown") and thing not in GEAR and head not in GEAR


# Containers whose contents a sheet does not itemise: a doctor's bag holds a stethoscope.
_KITS = frozenset("bag kit case box pouch satchel pack backpack chest purse wallet tin".split())


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
        return _commitments(intent, scene, index, sheet)
    out: list[Finding] = []
    act = intent.action_type
    c = intent.confidence or 0.0
    if intent.method_kind == "ability" and intent.method in PHYSICS_MODES:
        f = _physics(intent, sheet, c)
        if f is not None:
            return [f]
    source = _source_of(intent)
    if source is not None and not set(norm_phrase(source).split()) & set(norm_phrase(intent.method or "").split()) and not _same_held(source, intent, index):
        # "a flare from my flare pistol": the thing drawn from must be held too
        f = _item(replace(intent, method=source, method_text=source, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if (
        intent.method is None and act in _HANDLING_OWN and intent.target_text and not intent.resolved
        and _possessive(intent.target_text) in ("my", "our") and intent.target_kind in ("item", "fixture", None)
    ):
        # "I uncork my laudanum", "I open my locket", "I study my map": one's own thing, handled
        f = _item(replace(intent, method=intent.target_text, method_text=intent.target_text, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
    if (
        act in ("move", "other") and intent.method is None and intent.target_text and not intent.resolved
        and _possessive(intent.target_text) in ("my", "our") and intent.target_kind in ("item", None)
        and re.search(r"\b(?:into|in|inside|on|onto)\s+(?:my|our)\b", (intent.words or "").casefold())
    ):
        # "I zip into my dive suit", "strap on my jetpack": one's own equipment, put on
        f = _item(replace(intent, method=intent.target_text, method_text=intent.target_text, method_kind="item"), index, sheet, c)
        if f is not None:
            out.append(f)
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
    if (act in ("attack", "talk", "give", "cast", "buy", "take", "ability", "use_item", "other") or (
        act == "move" and intent.target_kind == "being" and _being_word(intent.target_text)
    )) and not (act in ("talk", "other") and _first_verb(intent.words or "") in _REMOTE_VERBS):
        # "I curse Admiral Vane under my breath": said of someone, not to them
        f = _target(intent, scene, c)
        if f is not None:
            out.append(f)
    if act == "move":
        f = _move(intent, scene, index, sheet, c)
        if f is not None:
            out.append(f)
    elif act == "climb":
        f = _climb(intent, index, c) or _entry(intent, index, c)
        if f is not None:
            out.append(f)
    elif act == "other" and intent.target_kind == "feature":
        f = _entry(intent, index, c)
        if f is not None:
            out.append(f)
    elif act in ("open", "unlock"):
        someones = intent.target_kind == "npc_item" and head_word(norm_phrase(intent.target_text or "")) != head_word(norm_phrase(intent.target or ""))
        if intent.target_kind != "feature" and (not intent.resolved or someones) and intent.target_text:
            feature = _feature_by_head(intent.target_text, index)
            if feature is not None:
                # "Lupe's cell" with a locked jail cell here: a feature named by whose it is
                intent = replace(intent, target=feature.name, target_kind="feature", resolved=True)
        f = _lock(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    return out


def _feature_by_head(text: str, index: SceneIndex) -> SceneFeature | None:
    """The one feature here whose name has the phrase's head noun ("the prisoner's cell" and a
    "jail cell"), if exactly one has."""
    head = head_word(norm_phrase(text))
    if len(head) < 3:
        return None
    found = [f for f in index.scene.location.features if head in {singular(w) for w in norm_phrase(f.name).split()}]
    return found[0] if len(found) == 1 else None


def _same_held(source: str, intent: Intent, index: SceneIndex) -> bool:
    """Whether a thing drawn from is the held method the parser already matched, misspelt ("a
    swig from my cantene" with a canteen held)."""
    from rapidfuzz import fuzz

    if not intent.method or intent.method not in index.scene.player.inventory:
        return False
    return fuzz.ratio(_bare(source).casefold(), norm_phrase(intent.method)) >= 80


# Verbs of making: what they make is not yet held ("I weave a crown of reeds").
_MAKING = re.compile(
    r"^\W*(?:(?:i|we|then|and|now)\s+)*(?:make|makes|craft|crafts|weave|weaves|whittle|whittles|carve|carves|build|builds|fashion|fashions|"
    r"forge|forges|sew|sews|brew|brews|cook|cooks|bake|bakes|knit|knits|plait|plaits|braid|braids|fold|folds|sketch|sketches|"
    r"paint|paints|write|writes|compose|composes|twist|twists|tie|ties|rig|rigs|improvise|improvises|cobble|cobbles)\b",
    re.I,
)


def _first_verb(words: str) -> str:
    toks = re.findall(r"[a-z']+", words.casefold())
    while toks and toks[0] in ("i", "we", "then", "and", "now", "quietly", "softly", "just"):
        toks.pop(0)
    return toks[0] if toks else ""


def _commitments(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet) -> list[Finding]:
    """The checks for words whose verb the parser could not classify: only what the words
    themselves commit to (a thing claimed as the player's own, someone addressed, a locked room
    entered), at the confidence of that commitment rather than of the unclassified verb."""
    c = 0.9
    out: list[Finding] = []
    if intent.method_kind == "item" and intent.method and not _MAKING.match(intent.words or ""):
        f = _item(intent, index, sheet, c)
        if f is not None:
            out.append(f)
    if intent.target_kind == "feature" and intent.target:
        f = _lock(replace(intent, action_type="open"), index, sheet, c) if _entering(intent) else None
        if f is not None:
            out.append(f)
    if intent.target_kind == "being":
        f = _target(intent, scene, c * 0.95)
        if f is not None:
            out.append(f)
    return out


def _physics(intent: Intent, sheet: _Sheet, c: float) -> Finding | None:
    mode = intent.method or ""
    if PHYSICS_MODES[mode].search(sheet.grants):
        return None
    form = re.search(r"\b(?:as|in)\s+(?:a |an |my )?([a-z-]+)(?:\s+form)?\b", (intent.words or "").casefold())
    if form and form.group(1) not in ("a", "the", "if") and re.search(rf"\b{re.escape(form.group(1))} ?(?:form|shape)\b", sheet.grants):
        return None  # "as mist" with "mist form" on the sheet
    if mode == "shapeshifting":
        into = re.search(r"\binto (?:a |an |the |some )?([a-z' -]+)", (intent.method_text or intent.words or "").casefold())
        form = singular(into.group(1).split()[-1]) if into and into.group(1).split() else ""
        if form and re.search(rf"\b{re.escape(form)}s?\b", sheet.grants):
            return None  # "bat form" on the sheet: turning into a bat
    kind = PHYSICS_KIND.get(mode, "physics")
    if kind == "no_ability" and mode not in ("invisibility", "shapeshifting") and sheet.can_cast and not sheet.magic_banned:
        if not sheet.known_spells:
            return None  # a caster whose sheet lists no spells may know one
        c *= 0.8
    verb = PHYSICS_VERBS.get(mode, mode)
    return _finding(
        kind,
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
    generic = not key or key in SPELL_WORDS or key.split()[-1] in ("magic", "spell", "sorcery", "cantrip") or (
        key.split()[-1] in _WORKINGS and key not in SPELLS
    )  # "a healing miracle", "a prayer": a caster's magic the sheet need not name
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
    if _kin_of_known(key, sheet):
        return None  # "a spell of shielding" from a wizard with "shield spell", "a blessing" with "bless"
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


def _kin_of_known(key: str, sheet: _Sheet) -> bool:
    """Whether a described spell shares a word stem with one the sheet lists ("shielding" and
    "shield spell", "healing" and "cure wounds"? no: only the same stem)."""
    stems = {w[:5] for w in key.split() if len(w) >= 5 and w not in ("spell", "spells")}
    for known in (*sheet.known_spells, *_abilities_of(sheet)):
        for w in norm_phrase(known).split():
            if len(w) >= 5 and w[:5] in stems:
                return True
    return False


# Nouns for a magical working in general, not a spell's name.
_WORKINGS = (MAGIC_ACTS | MAGIC_ON | SUPERNATURAL_MEANS) - SPELLS


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
    head = thing_word(key)
    if len(head) >= 3 and head.isalpha():
        # a closed compound is a kind of its last word: "my phone" is the smartphone, "my
        # sword" the longsword, "my axe" the battleaxe
        for item in scene.player.inventory:
            for variant in name_variants(item):
                inv = variant.split()
                if inv and inv[-1] != head and inv[-1].endswith(head) and len(inv[-1]) - len(head) >= 3:
                    return item
    if head in AMMUNITION:
        # ammunition comes with the weapon that fires it: a bow holder has arrows, a sling holder
        # stones; arrows are no use to a sling
        fired_by = AMMUNITION[head]
        for item in scene.player.inventory:
            for variant in name_variants(item):
                inv = variant.split()
                if inv and (inv[-1] in fired_by or (not fired_by and inv[-1] in RANGED)):
                    return item
        return None
    families = [(root, fam) for root, fam in ITEM_FAMILIES.items() if head in fam or head == root]
    if not families:
        return None
    # "my tommy gun", "my hunting knife": a named kind of its own, which only an item with the
    # same last word may be ("my gun" is any firearm; a "tommy gun" is no revolver)
    named_kind = len(words) >= 2 and f"{words[-2]} {words[-1]}" in COMPOUND_KINDS
    for item in scene.player.inventory:
        for variant in name_variants(item):
            inv_words = variant.split()
            if not inv_words:
                continue
            inv_head = inv_words[-1]
            for root, fam in families:
                # either side a generic word of the family: "my sword" and a rapier, "my rapier"
                # and an iron sword; two specific kinds (greatsword and shortsword, flail and
                # mace) do not match
                if (named_kind or (len(inv_words) >= 2 and f"{inv_words[-2]} {inv_head}" in COMPOUND_KINDS)) and inv_head != head:
                    continue  # a bowie knife is no stiletto, a tommy gun no revolver
                if (inv_head in fam or inv_head == root) and (
                    head == inv_head or (head == root and root in GENERIC_ITEMS) or (inv_head == root and root in GENERIC_ITEMS)
                ):
                    return item
    return None


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
    thing = thing_word(key)
    scene = index.scene
    coin = head in ("gold", "coin", "silver", "copper", "money", "gp") or "gold" in words
    if coin:
        metal = next((w for w in words if w in ("gold", "silver", "copper")), None)
        held_here = index.resolve(text, ("inventory",), min_score=80) is not None or (intent.method in scene.player.inventory)
        if _possessive(text) in ("my", "our") and metal and not held_here and not any(_metal_held(metal, i) for i in scene.player.inventory) and sheet.gold is None:
            # "my gold nuggets" with no gold on the sheet: claimed, not held
            return _finding("no_item", 0.85 * c, span, evidence, f"You have no {metal}.")
        return _coins(intent, sheet, c, span, evidence)
    if text.strip().isdigit() and re.search(r"\$\s*" + re.escape(text.strip()) + r"\b", intent.words or ""):
        text = span = "$" + text.strip()  # "I tip Lola $100"
    if head in CURRENCY or text.strip().startswith("$"):
        # "ten bucks", "two shillings": paid from whatever money the sheet lists, up to what it holds
        if not _purse(scene):
            return _finding("no_item", 0.8 * c, span, evidence, "You have no money.")
        held = _held_amount(text, scene)
        if held is not None and held[0] < held[1]:
            return _finding("no_item", 0.85 * c, span, evidence, f"You only have {held[0]} {head}.")
        return None
    held = _held_amount(text, scene)
    if held is not None and held[0] < held[1] and intent.action_type in ("give", "buy", "use_item", "other"):
        # "pay her 20 deben" with 5 deben held: money by any name, counted
        return _finding("no_item", 0.85 * c, span, evidence, f"You only have {held[0]} {norm_phrase(text).split()[-1]}.")
    direct = index.resolve(text, ("inventory",), min_score=80)
    if direct is not None or (intent.method and intent.method in scene.player.inventory):
        return None
    if head in BODY or head in ATTRIBUTES or thing in BODY or key in ("fist", "bare hand", "hand"):
        return None
    if head in _UTTERANCES or key in _UTTERANCES:
        return None  # "calm him with a word", "a nod": said or shown, not held
    if index.resolve(text, ("ability",), min_score=80) is not None:
        return None
    poss = _possessive(text)
    mine = poss in ("my", "our") or _from_mine(intent) or (poss is None and _drawn(intent, index))
    instrument = poss in (None, "my", "our") and _instrumental(intent)
    around = index.resolve(text, ("item", "content", "feature"), min_score=80)
    other = index.resolve(text, ("npc_item",), min_score=88)
    if other is not None and index.loose_head_match(text, other):
        other = None  # "a glass" is no one's "magnifying glass"
    if other is None and intent.method and intent.method != text:
        other = index.resolve(intent.method, ("npc_item",), min_score=100)
    if other is not None and (around is None or other.score > around.score or mine):
        # someone else's exact item ("the longsword" Bram carries) is not the player's sword
        owner = other.entity.owner or "someone else"
        return _finding("no_item", 0.9 * c, span, evidence, f"The {_bare(other.entity.name)} is {owner}'s, not yours.")
    if _holds(text, index, scene) is not None:
        return None
    loose = around or index.resolve(text, ("item", "content", "feature"), min_score=60)
    if loose is not None and not mine and _powered_variant(text, loose.entity.name):
        # "the motor sledge" with a sledge here: another, powered kind of thing, not this one
        return _finding("no_item", 0.85 * c, span, evidence + f"; here: {loose.entity.name}", f"There is no {_bare(text)} here, only the {loose.entity.name}.")
    if around is not None:
        return None  # something lying here: an environment object anyone may pick up and use
    part_of = re.split(r"\bof\s+(?=(?:my|our|the|his|her)\b)", text, maxsplit=1, flags=re.I)
    if len(part_of) == 2 and (index.resolve(part_of[1], ("inventory",), min_score=80) is not None or _holds(part_of[1], index, scene)):
        return None  # "the hammer of my six-shooter": part of something held
    if intent.action_type in ("take", "buy"):
        return None
    if not mine and _drawn_from_here(intent, index):
        return None  # "a mug of ale from the oak barrels": out of something that is here
    if _from_named_container(intent, thing, index):
        return None  # "a pinch of tobacco from my tobacco pouch"
    kind = _thing_kind(key, head, thing, text, claimed=mine or instrument)
    if not mine and not poss and is_substance(thing) and not _made(thing, head) and len(words) == 1 and intent.action_type not in ("give", "attack"):
        return None  # "fill the barrow with gravel": a material found about, not a thing held
    if _restraint(text) and intent.target_kind in ("npc", "being", "party", "creature") and intent.action_type in ("attack", "use_item", "other"):
        kind = "gear"  # "I snap my cuffs on him": a restraint put on someone is equipment
    # "a music box", "a Molotov cocktail": a made thing by name, whatever its last word is
    artefact = len(words) >= 2 and f"{words[-2]} {words[-1]}" in COMPOUND_ARTEFACTS and not any(
        words[-2] in norm_phrase(item).split() for item in scene.player.inventory
    )  # "my fishing line" with a fishing rod held: part of the same kit
    if artefact:
        kind = "carried"
    if kind in ("body", "worn", "abstract", "spell") or head in OWN_NONITEMS:
        return None
    if not mine and any(w in POWERED_MODIFIERS for w in words[:-1]) and not index.is_scenery(thing) and intent.action_type in ("use_item", "attack", "other"):
        # "start the steam winch", "fire up the motor launch": a powered machine nowhere here
        return _finding("no_item", 0.8 * c, span, evidence, f"There is no {_bare(text)} here.")
    missing = f"You don't have {_a(_bare(text))}."
    scenery = not artefact and index.is_scenery(thing) and (not mine or all(index.is_scenery(w) or w in (head, thing) for w in words))
    if kind == "gear":
        if mine or poss in ("his", "her", "their"):
            return _finding("no_item", 0.92 * c, span, evidence, missing)
        if not scenery:
            return _finding("no_item", 0.82 * c, span, evidence, missing)
        return None
    if kind == "carried":
        # a thing WordNet knows as one to hold: claimed as one's own, used as a tool, or handed
        # over, it must be held
        if (mine or instrument) and not scenery:
            return _finding("no_item", (0.88 if mine else 0.8) * c, span, evidence, missing)
        if intent.action_type == "attack" and not scenery and not _possessive(text) and (artefact or _made(thing, head, words)):
            # "I hurl a firebomb at him", "I swing a crowbar at it": a made thing fought with is
            # one the player must hold (a rock or a branch may be picked up anywhere)
            return _finding("no_item", 0.78 * c, span, evidence, missing)
        if intent.action_type == "give" and not scenery and not _pours_here(thing, head, index, words):
            return _finding("no_item", 0.72 * c, span, evidence, missing)
        if not scenery and not _possessive(text):
            return _finding("no_item", 0.45 * c, span, evidence, missing)
        return None
    if kind == "food":
        if intent.action_type == "give" and intent.target_kind != "self" and not mine and not scenery and not _pours_here(thing, head, index, words):
            # "I hand the sergeant a bottle of brandy": what is handed over must be held, unless
            # it is what this place serves
            return _finding("no_item", 0.72 * c, span, evidence, missing)
        if mine and not scenery:
            # "my ale" is the one just served; "my last ration" is one the pack must hold
            return _finding("no_item", (0.45 if thing in SERVED or head in SERVED else 0.8) * c, span, evidence, missing)
        return None
    if mine and not scenery and kind == "unknown" and (instrument or intent.action_type in _WIELDING or intent.action_type == "talk"):
        # a word no vocabulary knows, wielded as the player's own ("with my disruptor"): an item
        return _finding("no_item", 0.7 * c, span, evidence, missing)
    if mine and not scenery and kind != "fixed":
        # a thing the guard has no word for, merely mentioned: worth a warning, never a block (it
        # may be a typo, a nickname for a weapon on the sheet, or something any character owns)
        return _finding("no_item", 0.45 * c, span, evidence, missing)
    return None


_WIELDING = frozenset({"attack", "use_item", "give"})


# What one says or shows, never an item: "with a word", "my condolences".
_UTTERANCES = frozenset(
    """knot knots stitch stitches hitch splice notch
    word words touch glance look gesture nod smile wink whisper shout cry sigh condolence
    condolences respects regards thanks apology apologies sympathy sympathies congratulations
    promise oath vow greeting greetings blessing""".split()
)


_BULLION = frozenset("coin piece dust nugget bar ingot bullion leaf sovereign crown mark noble florin ducat gp sp cp".split())


def _metal_held(metal: str, item: str) -> bool:
    """Whether an inventory entry is that metal as wealth ("12 gold coins", "poke of gold dust"),
    not a thing merely made of or named for it ("gold pan", "silver mirror")."""
    words = norm_phrase(item).split()
    if metal not in words:
        return False
    head = words[-1]
    return head == metal or head in _BULLION or head in CURRENCY or head in MEASURES


def _instrumental(intent: Intent) -> bool:
    """Whether the words use the method as a tool: "with duct tape", "using my lockpicks"."""
    text = (intent.method_text or "").casefold().strip()
    if not text:
        return False
    return re.search(r"\b(?:with|using|via)\s+" + re.escape(text) + r"\b", (intent.words or "").casefold()) is not None


# What a character has without its sheet saying so: a pack to carry things in, a pocket.
_CARRY_ALL = frozenset("pack backpack bag pouch satchel purse belt pocket pockets sheath scabbard holster knapsack rucksack haversack wallet".split())


def _thing_kind(key: str, head: str, thing: str, text: str, claimed: bool = False) -> str:
    """What sort of thing a phrase names, for the item check: gear (the hand-made list: weapons,
    tools, gadgets), carried (a thing to hold, by WordNet), food, worn, body, abstract, spell,
    fixed (a building, furniture, vehicle) or unknown."""
    words = key.split()
    if thing in GEAR or head in GEAR or _protective(words):
        return "gear"
    if key in SPELLS or head in SPELLS or head in ABILITY_WORDS:
        return "spell"
    what = thing if thing != head and head in MEASURES else head  # "a glass of champagne" is champagne
    if what in CLOTHING or what in _CARRY_ALL or is_garment(what):
        return "worn"
    if head in FOOD or thing in FOOD:
        return "food"
    candidates = [thing] if thing != head else [head]
    if head in MEASURES and len(words) > 1:
        candidates.append(words[-2])  # "ration bar", "USB stick"
    if claimed and head not in BODILY and noun_codes(head)[:1] == "U" and head not in FOOD:
        return "carried"  # "my smelling salts", "my perfume", "my lamp oil": carried in a vial or tin
    if any(is_carried_thing(w, claimed) for w in candidates):
        return "food" if all(first_class(w) == "D" for w in candidates if is_carried_thing(w, claimed)) else "carried"
    if len(words) > 1 and head in DEVICE_HEADS:
        return "gear"  # "comm unit", "ID card"
    if head.isalpha() and not noun_codes(head) and _compound_thing(head):
        return "carried"  # "a credstick", "my holophone", "a vibroknife": a kind of stick, phone, knife
    if _product_name(text):
        return "carried"  # "my ThinkPad", "my Game Boy"
    if is_abstract(thing) or head in ATTRIBUTES:
        return "abstract"
    if is_fixed_thing(head) or is_location(head):
        return "fixed"
    return "unknown"


def _made(thing: str, head: str, words: list[str] | None = None) -> bool:
    """A made object (WordNet's artefact class), not a stone, branch or handful of earth; a
    compound whose head is also a made thing ("a smoke pellet", "a flash charge") is one."""
    if any(first_class(w) == "T" for w in {thing, head}):
        return True
    return bool(words) and len(words) >= 2 and "T" in noun_codes(head)[:2] and first_class(head) not in ("O", "U", "G", "D")


def _protective(words: list[str]) -> bool:
    """Worn equipment, by its own name or by what it protects from ("dive suit", "gas mask")."""
    if any(w in PROTECTIVE_GEAR for w in words):
        return True
    return len(words) >= 2 and words[-2] in PROTECTIVE_MODIFIERS and (words[-1] in CLOTHING or is_garment(words[-1]) or words[-1] in ("suit", "helmet", "armor", "armour", "mask", "harness", "rig", "pack"))


def _powered_variant(text: str, name: str) -> bool:
    """Whether the words add to a thing's name a word that makes it another, powered kind."""
    have = set(norm_phrase(name).split())
    return any(w in POWERED_MODIFIERS and w not in have for w in norm_phrase(text).split())


def _restraint(text: str) -> bool:
    """ "my cuffs", "the manacles": the plural that names a restraint, not a sleeve's end."""
    for w in re.findall(r"[a-z-]+", text.casefold()):
        if w == "handcuff" or (w.endswith("s") and singular(w) in RESTRAINTS):
            return True
    return False


# Places that pour drinks: there, "a mug of ale" handed over is the one just poured.
_POURING = frozenset(
    """bar tap keg taproom saloon pub tavern inn cantina alehouse counter cafe café coffeehouse
    teahouse diner restaurant canteen kitchen galley mess bistro buffet kettle teapot stove
    bartender barkeep barmaid barman innkeeper publican tapster waiter waitress cook""".split()
)


def _pours_here(thing: str, head: str, index: SceneIndex, words: list[str] | None = None) -> bool:
    scene = index.scene
    held_here = set(norm_phrase(" ".join([*scene.items, *(f.name for f in scene.location.features)])).split())
    if any(w in held_here or singular(w) in held_here for w in {thing, head} - set(MEASURES)):
        return True  # "a cup of punch" with a punch bowl here, "a mug of mead" from the mead barrel
    if not any(w in SERVED for w in {thing, head, *(words or ())}):
        return False  # "a whiskey cocktail" is a drink a bar pours
    if index.location_kind in ("tavern", "inn"):
        return True
    if any(n.sells for n in scene.npcs):
        return True
    words = set(norm_phrase(" ".join([scene.location.name or "", scene.location.description or "", *scene.items])).split())
    for npc in scene.npcs:
        words.update(norm_phrase(" ".join([npc.name, *npc.aliases])).split())
    return bool(words & _POURING)


def _compound_thing(word: str) -> bool:
    """A word no dictionary has that ends in one for a made thing to carry."""
    for i in range(3, len(word) - 2):
        tail = word[i:]
        if tail in GEAR or tail in DEVICE_HEADS or first_class(tail) == "T":
            return True
    return False


def _product_name(text: str) -> bool:
    """ "my ThinkPad", "my Game Boy": a capitalised name after "my" is a thing's brand."""
    parts = text.strip().split()
    if len(parts) < 2 or parts[0].casefold() not in ("my", "our"):
        return False
    rest = [p for p in parts[1:] if p[:1].isalpha()]
    return bool(rest) and all(p[:1].isupper() for p in rest)


_SOURCE = re.compile(r"\b(?:from|out of)\s+((?:my|our)\s+[a-z' -]+?)(?=\s+(?:at|to|and|then|into|onto|toward|towards|on|with|before|while)\b|[,.;!?]|$)")


def _source_of(intent: Intent) -> str | None:
    """ "my flare pistol" in "I fire a flare from my flare pistol": what the method is taken
    from, when the words say it is the player's."""
    if not intent.method_text or intent.method_kind not in ("item", None):
        return None
    m = _SOURCE.search((intent.words or "").casefold())
    return m.group(1).strip() if m else None


def _from_mine(intent: Intent) -> bool:
    """Whether the words take the method "from/out of my ..." ("a rose from my coat") or name a
    part of something of mine ("a bit of my ration bar")."""
    text = (intent.method_text or "").casefold().strip()
    if not text:
        return False
    if re.search(r"\bof (?:my|our)\b", text):
        return True
    words = (intent.words or "").casefold()
    at = words.find(text)
    if at < 0:
        return False
    after = words[at + len(text):]
    if re.match(r"\s+(?:[a-z'-]+\s+){0,2}?(?:out\s+)?(?:from|of)\s+(?:(?:under|beneath|underneath|inside|within|behind)\s+)?(?:my|our)\b", after) is not None:
        return True
    # "the clockwork toy in my pocket", "a flask inside my coat": kept in something of mine
    inside = re.match(r"\s+(?:in|inside|within)\s+(?:my|our)\s+(?:[a-z'-]+\s+)?([a-z'-]+)", after)
    return inside is not None and (singular(inside.group(1)) in _CARRY_ALL or is_garment(singular(inside.group(1))))


_DRAWING = re.compile(
    r"\b(?:draw|draws|drew|drawn|drawing|whips? out|whipped out|whipping out|pulls? out|pulled out|pulling out|"
    r"produces?|produced|producing|unsheathes?|unsheathed|brandish(?:es|ed)?|unslings?|unslung|wields?|wielded|"
    r"slips? out|slipped out|fishes out|fish out|fished out|takes? out|took out)\s+(?:out\s+)?"
)


def _drawn(intent: Intent, index: SceneIndex) -> bool:
    """Whether the words draw or produce the method as if from the player's own kit ("I whip out
    a switchblade", "I produce a pistol"): only the player's own can be drawn."""
    text = (intent.method_text or "").casefold().strip()
    if not text or intent.action_type not in ("use_item", "attack", "other"):
        return False
    m = re.search(_DRAWING.pattern + re.escape(text) + r"\b", (intent.words or "").casefold())
    if m is None:
        return False
    return index.resolve(text, ("npc", "party", "creature"), min_score=85) is None  # "take out the goose": a kill


def _purse(scene: Scene) -> bool:
    """Whether the player has money of any kind: "$40", "12 gold coins", "5 silver pennies"."""
    if scene.player.gold:
        return True
    for item in scene.player.inventory:
        words = norm_phrase(item).split()
        if item.strip()[:1] in "$£€¥" or any(w in CURRENCY or singular(w) in CURRENCY for w in words) or "purse" in words or "wallet" in words:
            return True
    return False


_FROM_HERE = re.compile(r"\b(?:from|out of)\s+(?:the|a|an|that|this|one of the)\s+([a-z' -]+?)(?=\s+(?:at|to|and|then|into|onto|for|on|with|before|while)\b|[,.;!?]|$)")


def _from_named_container(intent: Intent, thing: str, index: SceneIndex) -> bool:
    """ "a pinch of tobacco from my tobacco pouch", "a stethoscope from my medical bag": out of a
    held container named for it, or out of a held bag or kit, which a sheet does not itemise."""
    source = _source_of(replace(intent, method_kind=intent.method_kind or "item"))
    if not source or not thing:
        return False
    held = _holds(source, index, index.scene)
    if held is None:
        return False
    if thing in norm_phrase(held).split() or singular(thing) in norm_phrase(held).split():
        return True
    return _kept_in(intent, held, index)  # "a stethoscope from my medical bag"


def _drawn_from_here(intent: Intent, index: SceneIndex) -> bool:
    """Whether the words take the method out of something present ("a cup of cider from the
    jug", "a mug of ale from the oak barrels"): then it comes from the scene, not the pack."""
    m = _FROM_HERE.search((intent.words or "").casefold())
    if m is None:
        return False
    return index.resolve(m.group(1), ("item", "content", "feature"), min_score=75) is not None


_SAME_MONEY = {"buck": "dollar", "$": "dollar", "pence": "penny", "pennies": "penny", "quid": "pound"}


def _money_word(word: str) -> str:
    w = singular(word.casefold())
    return _SAME_MONEY.get(w, w)


def _amount(text: str) -> int | None:
    for w in re.findall(r"[a-z]+|\d+", text.casefold()):
        if w.isdigit():
            return int(w)
        if w in NUMBER_WORDS and w not in ("half", "single"):
            return NUMBER_WORDS[w]
    return None


def _held_amount(text: str, scene: Scene) -> tuple[int, int] | None:
    """(held, named) when the words name an amount of a currency the inventory counts:
    "10 silver pennies" against "5 silver pennies", "fifty bucks" against "$40"."""
    named = _amount(text)
    words = norm_phrase(text).split()
    if named is None or not words:
        return None
    money = "dollar" if text.strip().startswith("$") else _money_word(words[-1])
    held = None
    for item in scene.player.inventory:
        m = re.match(r"\s*(\$)?\s*(\d+)\s*(.*)$", item)
        if not m:
            continue
        cur = "dollar" if m.group(1) else (_money_word(norm_phrase(m.group(3)).split()[-1]) if norm_phrase(m.group(3)).split() else "")
        if cur == money:
            held = (held or 0) + int(m.group(2))
    return None if held is None else (held, named)


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
    if kind != "exit" and not intent.resolved and _by_way_of_exit(intent, scene):
        return None  # "down the Via Principalis to the centurion's office": beyond an exit, through it
    if kind in ("fixture", "item", None) and not intent.resolved and text and kind != "direction":
        head = head_word(norm_phrase(text))
        if _travels(intent) and head not in BEINGS:
            # "take the tram to the docking ring", "ride out to the ranch": what a vehicle or a
            # journey reaches is somewhere else
            return _finding("location", 0.82 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
        if _headed_elsewhere(intent, head, index):
            # "I head to the observation deck": somewhere the scene does not have, gone to
            return _finding("location", 0.78 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
        if head in _BEYOND_ROOM and not _mentioned_here(head, scene) and "'s" not in text:
            # "go up to the roof", "down to the basement": a part of the building this place is not
            return _finding("location", 0.8 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
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
        if f is not None and _entering(intent) and f.locked and not f.open and not _has_key(f, index, scene):
            return _finding("environment", 0.88 * c, text, f"{f.name}: locked", f"The {f.name} is locked.")
        return None
    if kind == "place":
        words = norm_phrase(text).split() or [""]
        head = head_word(" ".join(words))  # "the Isle of Gulls" is an isle, not gulls
        named = set(norm_phrase(" ".join([scene.location.name or "", *scene.location.aliases])).split())
        elsewhere = any(is_classifier(w) and w not in named for w in words[:-1])
        if not intent.resolved and index.is_scenery(head) and not elsewhere:
            return None  # "the sea" from a ship's deck: part of where one is; not "the enemy camp"
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


# Parts of a building beyond the room one is in.
_BEYOND_ROOM = frozenset(
    """roof rooftop rooftops attic loft garret basement cellar upstairs downstairs belfry steeple
    spire tower turret battlements rampart ramparts penthouse""".split()
)
# Words of a journey: a vehicle taken, or a distance covered.
_VEHICLES = (
    r"(?:tram|train|bus|coach|cab|taxi|ferry|boat|canoe|kayak|raft|ship|shuttle|subway|metro|monorail|maglev|carriage|wagon|"
    r"stagecoach|sleigh|sled|sledge|truck|car|jeep|motorcycle|bike|bicycle|horse|mule|camel|elevator|lift|airship|zeppelin|skiff|launch|dinghy|gondola|rickshaw|streetcar|trolley)"
)
_JOURNEY = re.compile(
    r"^\W*(?:(?:i|we|then|and|now)\s+)*(?:ride|rides|riding|rode|drive|drives|driving|drove|sail|sails|sailing|sailed|paddle|paddles|paddling|row|rows|rowing|gallop|gallops|galloping|motor|motors)\b(?=.*\b(?:to|towards?|for)\b)"
    r"|\b(?:take|takes|took|catch|catches|caught|board|boards|boarded|hop on|hop|hops|hail|hails|hire|hires|ride|rides|rode|drive|drives|drove|paddle|paddles|row|rows|by|in|on|aboard)\s+(?:the|a|an|my|our|one of the)?\s*(?:[\w-]+\s+)?" + _VEHICLES + r"s?\b"
    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a hundred|a few|several)\s+(?:miles?|leagues?|kilometres?|kilometers?|km|versts?|days?)\b"
)


def _travels(intent: Intent) -> bool:
    words = (intent.words or "").casefold()
    target = (intent.target_text or "").casefold()
    if _JOURNEY.search(words.replace(target, " ") if target else words) is not None:
        return True  # by a vehicle or over a distance the words name
    return re.search(r"\b(?:miles?|leagues?|kilometres?|kilometers?|km|days?|hours?)\b", target) is not None


def _mentioned_here(word: str, scene: Scene) -> bool:
    text = " ".join([scene.location.description or "", *scene.items, *(f.name for f in scene.location.features), *scene.location.exits]).casefold()
    return re.search(rf"\b{re.escape(word)}s?\b", text) is not None


def _headed_elsewhere(intent: Intent, head: str, index: SceneIndex) -> bool:
    """Whether a movement goes to a named place-like thing the scene lacks: a compound whose
    head is a room or area ("the observation deck", "the map room"), not furniture this place
    may have ("the window", "the far table"), nor anything here or held."""
    text = norm_phrase(intent.target_text or "")
    words = text.split()
    if len(words) < 2 or _possessive(intent.target_text or "") or head in BEINGS or "'s" in (intent.target_text or ""):
        return False  # "the infirmarian's loft": whose it is is the parse's and the room check's to judge
    if head in _AREAS:
        # "the signal room": the whole name, not the word "room", must be somewhere in the scene
        return not _mentioned_here(" ".join(w for w in words if w not in ("the", "a", "an")), index.scene) and index.resolve(
            intent.target_text or "", ("item", "content", "feature", "exit", "location"), min_score=88) is None and _to_it(intent)
    if index.is_scenery(head):
        return False
    if not _to_it(intent):
        return False
    if _mentioned_here(head, index.scene):
        return False
    near = index.resolve(intent.target_text or "", ("item", "content", "feature", "inventory", "npc_item"), min_score=70)
    if near is not None and head_word(norm_phrase(near.entity.name)) == head:
        return False  # a thing here by another wording
    return is_location(head) or head in _AREAS


def _to_it(intent: Intent) -> bool:
    target = (intent.target_text or "").casefold().removeprefix("the ").strip()
    return bool(target) and re.search(r"\b(?:to|towards?|into|for)\s+(?:the\s+)?" + re.escape(target), (intent.words or "").casefold()) is not None


# Heads that name an area of a building or ship, whatever WordNet's first sense.
_AREAS = frozenset("deck bay room hall chamber office quarters ward wing lab laboratory hangar bridge gallery vault cellar attic loft annex gym chapel library armory armoury barracks kitchen galley infirmary".split())


def _by_way_of_exit(intent: Intent, scene: Scene) -> bool:
    """Whether the words go along or through an exit on the way ("up the Gallery stairs to the
    music room"): what lies beyond it is reached through it."""
    words = norm_phrase(intent.words or "")
    target = norm_phrase(intent.target_text or "")
    for e in scene.location.exits:
        key = norm_phrase(e)
        if key and re.search(rf"\b(?:down|up|along|through|thru|via|across|over|by|past|into|out|onto|to|follow|follows|take|takes|use|uses|cross|crosses|travel|travels|walk|walks|ride|rides) (?:the )?{re.escape(key)}\b", words) and key not in target:
            return True
    return False


_DOWN_THROUGH = re.compile(r"\b(?:down|below|beneath|underneath)\b")
_ENTRY = re.compile(r"\b(?:through|thru|into|inside|in|under|underneath|beneath|past|enter\w*|let \w+ in)\b")


def _entry(intent: Intent, index: SceneIndex, c: float) -> Finding | None:
    """Going into, through or under a locked feature by any verb ("climb down into the hold",
    "duck under the portcullis")."""
    f = index.feature(intent.target or "")
    if f is None or not f.locked or f.open or not _entering(intent) or _has_key(f, index, index.scene):
        return None
    text = intent.target_text or f.name
    return _finding("environment", 0.88 * c, text, f"{f.name}: locked", f"The {f.name} is locked.")


def _entering(intent: Intent) -> bool:
    """Whether a movement to a feature goes in or through it ("slip into the strongroom", "step
    through the gate"), rather than up to it ("walk to the cell door")."""
    words = (intent.words or "").casefold()
    target = (intent.target_text or "").casefold()
    at = words.find(target) if target else -1
    if at < 0 and target:
        # the feature was named by an earlier step ("I walk to the hatch and climb down"): the
        # words of this one say whether they go down, in or through it
        return _ENTRY.search(words) is not None or _DOWN_THROUGH.search(words) is not None
    before = words[:at] if at > 0 else words
    return _ENTRY.search(before) is not None


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


# -- names the scene lacks, whatever the parse made of the verb --------------------------------
#
# A capitalised name is the strongest evidence the words offer: a person or place the scene does
# not list is not here, however the verb was parsed. Two commitments are checked at the words'
# level: someone named as a person (a title or a word for a person beside the name: "Emperor
# Akbar", "the harbourmaster Quill") whom the player addresses, attacks, serves or kneels to, and
# a named place the player travels to ("sail to Port Royal"). A name that is only talked about
# ("ask her about Captain Vane", "tell him that Lord Ash is dead") commits to nothing.

_NAME_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|[^\w\s]")
_QUOTED = re.compile(r'"[^"]*"?|“[^”]*”?')
# Words after which a name is what is spoken of, not whom the words are done to.
_TOPIC_MARKERS = frozenset(
    """about regarding concerning re that whether if where who whom whose why how what when for
    from like as than by of without news word message rumour rumor tale story stories name""".split()
)
# "at the feet of Emperor Akbar", "into the presence of", "the hand of": done to the person.
_PERSON_PARTS = frozenset("feet foot knees knee hand hands side presence mercy throne boots heels face".split())
_TITLE_WORDS = frozenset(
    """mr mrs ms miss mister madam madame dame sir lord lady dr doctor prof professor rev reverend
    father mother brother sister master mistress captain capt sergeant sgt lieutenant lt
    commander general admiral colonel major corporal private officer agent detective inspector
    sheriff marshal deputy judge king queen prince princess emperor empress duke duchess baron
    baroness count countess earl jarl thane chieftain chief khan sultan shah emir tsar czar
    pharaoh regent consul senator centurion legate tribune abbot abbess bishop brother elder
    uncle aunt cousin grandfather grandmother granny gramps boss don doña señor senor señora
    senora signor monsieur madame herr frau sensei sama san lama rabbi imam mullah shaykh
    sheikh guru swami champion""".split()
)
# Verbs whose person need not be present: praying to, remembering, looking for, sending for.
_REMOTE_VERBS = frozenset(
    """pray prays praying prayed worship invoke beseech swear vow curse remember recall think
    thinks mention mentions wait waits await look looks search searches seek seeks find finds
    hunt hunts track tracks miss misses mourn mourns dream imagine picture write writes wrote
    letter note send sends sent summon summons phone dial radio wire telegraph
    message text email toast drink drinks honour honor praise blame fear hate love sacrifice
    sacrifices dedicate dedicates commend commends appeal appeals upon""".split()
)
# Taking a conveyance somewhere: "take the maglev to ...", "catch the ferry to ...".
_BOARDS = re.compile(r"\b(?:take|takes|took|catch|catches|caught|board|boards|boarded|hop on|hail|hails|book|books|grab|grabs|ride|rides|rode)\s+(?:the|a|an|my)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:to|towards?|for)\b")
# "I raise my glass to the King": a toast, to no one who must be here.
_TOAST = re.compile(r"\b(?:raise|raises|raised|lift|lifts|lifted)\s+(?:my|our|a|the|his|her)\s+(?:[\w-]+\s+)?(?:glass|glasses|cup|cups|mug|tankard|horn|flask|goblet|drink|bottle|stein|chalice)\s+to\b", re.I)
_DIVINE = frozenset("god gods goddess goddesses deity deities saint st spirit spirits allfather almighty holy divine".split())
_PERSON_ACTS = frozenset({"attack", "talk", "give", "buy", "other", "ability", "cast", "use_item"})
_TRAVEL_PREPS = frozenset({"to", "toward", "towards", "for"})


def _scene_words(scene: Scene) -> frozenset[str]:
    return _scene_words_of(SceneIndex.for_scene(scene))


@lru_cache(maxsize=64)
def _scene_words_of(index: SceneIndex) -> frozenset[str]:
    """(cached per scene index) Every word of every name the scene gives."""
    scene = index.scene
    names: list[str] = [scene.player.name or "", scene.location.name or "", *scene.location.aliases, *scene.location.exits]
    for n in scene.npcs:
        names += [n.name, *n.aliases, *n.items]
    for m in scene.party:
        names += [m.name or "", *m.inventory]
    names += [*scene.items, *scene.creatures, *(f.name for f in scene.location.features), *scene.player.inventory]
    out: set[str] = set()
    for name in names:
        for w in re.findall(r"[a-z][\w'-]*", (name or "").casefold()):
            w = w.removesuffix("'s").removesuffix("'")
            out.add(w)
    return frozenset(out)


def _known_name(word: str, known: frozenset[str]) -> bool:
    w = word.casefold().removesuffix("'s").removesuffix("’s").removesuffix("'")
    if w in known or singular(w) in known:
        return True
    if len(w) >= 4:
        # a typo of a name here ("Kagetoro"): one edit away, same first letter
        near = process.extractOne(w, [k for k in known if k[:1] == w[:1] and len(k) >= 4], scorer=Levenshtein.distance, score_cutoff=1)
        return near is not None
    return False


def _name_runs(words: str) -> list[tuple[int, list[str], list[str]]]:
    """(index of the run's first token, tokens before it, the run) for every run of capitalised
    words that does not open the words ("Emperor Akbar", "Port Royal"); "I" is no name."""
    toks = _NAME_TOKEN.findall(_QUOTED.sub(" ", words))
    runs: list[tuple[int, list[str], list[str]]] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t[:1].isupper() and t not in ("I", "I'm", "I'll", "I'd", "I've") and i > 0 and toks[i - 1] not in (".", "!", "?", "*", ":", '"'):
            j = i
            run: list[str] = []
            while j < len(toks) and (toks[j][:1].isupper() or (run and toks[j] in ("of", "the", "de", "van", "von", "al", "ibn", "bin") and j + 1 < len(toks) and toks[j + 1][:1].isupper())):
                run.append(toks[j])
                j += 1
            runs.append((i, toks[:i], run))
            i = j
        else:
            i += 1
    return runs


_UPPER = re.compile(r"[A-Z]")


def _conf(intent: Intent) -> float:
    """How sure a word-level signal is: the parse's confidence, but an unclassified verb does
    not weaken what the words themselves commit to."""
    return max(intent.confidence or 0.0, 0.9) if intent.ambiguous else (intent.confidence or 1.0)


def _named_signals(intent: Intent, scene: Scene, index: SceneIndex) -> list[Finding]:
    words = intent.words or ""
    if intent.ambiguous and intent.confidence < 0.2 or _UPPER.search(words, 1) is None:
        return []
    if not _player_does(_QUOTED.sub(" ", words), index):
        return []
    known = _scene_words(scene)
    out: list[Finding] = []
    lows = set(re.findall(r"[a-z]+", words.casefold()))
    for at, before, run in _name_runs(words):
        if run[-1].casefold().endswith(("'s", "’s", "s'")):
            after = re.match(r"\s*([a-z]+)", words[words.find(run[-1]) + len(run[-1]) :] if run[-1] in words else "")
            if after is None or after.group(1) not in _PERSON_PARTS:
                continue  # "General Howe's statue": whose it is, not whom the words are done to
        name = [w for w in run if w.casefold() not in _TITLE_WORDS and w.casefold() not in ("of", "the", "de", "van", "von", "al", "ibn", "bin")]
        if not name or all(_known_name(w, known) for w in name) or any(_known_name(w, known) for w in name[-1:]):
            continue
        prev = [t.casefold() for t in before if t[:1].isalpha()]
        if (prev and prev[-1] in _DIVINE) or any(w.casefold() in _DIVINE for w in run):
            continue  # "the god Tyr", "Saint Piran": prayed to, not met
        titled = any(w.casefold() in _TITLE_WORDS for w in run) or (
            bool(prev) and (prev[-1] in _TITLE_WORDS or prev[-1] in BEINGS or is_person(prev[-1])) and prev[-1] not in GENERIC_BEINGS
        )
        if not titled and intent.action_type in ("attack", "talk", "give") and not intent.resolved and intent.target_text:
            titled = run[-1] in intent.target_text.split()  # whom the words are done to: someone
        # the nearest word that says what the name is to the verb
        marker = next((w for w in reversed(prev) if w in _TOPIC_MARKERS or w in _TRAVEL_PREPS or w in ("at", "before", "with", "against", "on", "upon")), None)
        if marker == "of":
            at_of = len(prev) - 1 - prev[::-1].index("of")
            if at_of > 0 and prev[at_of - 1] in _PERSON_PARTS:
                marker = "at"  # "at the feet of Emperor Akbar"
        display = " ".join(run)
        if titled and intent.action_type in _PERSON_ACTS and marker not in _TOPIC_MARKERS - {"for"} and not lows & _REMOTE_VERBS and not _TOAST.search(words):
            if marker == "for" and intent.action_type != "attack":
                continue  # "I ask for Captain Vane": sending for someone
            out.append(_finding("target", 0.85 * _conf(intent), display, _present(scene), f"{display} is not here."))
        elif (intent.action_type == "move" or _BOARDS.search(words.casefold())) and marker in _TRAVEL_PREPS and not _by_way_of_exit(intent, scene) and not titled and not (intent.resolved and intent.target_kind in ("exit", "npc", "party", "place")):
            out.append(_finding("location", 0.85 * _conf(intent), display, f"exits: {_exits(scene)}", f"You can't reach {display} from here; exits: {_exits(scene)}."))
    return out


# -- powers the words describe, whatever the parse made of the verb ----------------------------
#
# Three descriptions of a power are strong enough to check in any step the player does: a spell
# by its name sent or cast at something ("sends chain lightning crackling at him"), an effect
# no body or tool makes, raised or conjured ("throw up a force field", "open a portal"), and the
# setting's own word for its magic, which its rules reserve ("only a völva can work seidr").
# Drawing radiation, sunlight or life into oneself to heal or grow strong is a fourth. A caster
# may do the first two (the spell check then decides); nobody else may.

_DIRECTING = re.compile(r"\b(?:ask|asks|tell|tells|order|orders|command|commands|urge|urges|beg|begs|have|has|let|lets|get|gets|want|wants|watch|watches)\b")
_SENDING = frozenset(
    """cast casts casting send sends sending sent hurl hurls hurling throw throws threw loose
    looses unleash unleashes unleashing fire fires firing shoot shoots blast blasts call calls
    summon summons conjure conjures invoke invokes launch launches fling flings release releases
    channel channels direct directs aim aims weave weaves let lets""".split()
)
_HEALING_PURPOSE = re.compile(r"\b(?:to|and)\s+(?:heal|mend|restore|recover|regain|cure|close|knit|strengthen|grow|power|fuel|empower|recharge)\b|\binto (?:me|myself|my body|my wounds)\b")


@dataclass(frozen=True, slots=True)
class _SpellNames:
    pattern: re.Pattern[str]


_SPELL_NAMES: _SpellNames | None = None


def _spell_names() -> re.Pattern[str]:
    global _SPELL_NAMES
    if _SPELL_NAMES is None:
        names = sorted((n for n in SPELLS if len(n) >= 6 and (" " in n or n.endswith(("ball", "bolt", "storm", "strike", "blast")))), key=len, reverse=True)
        _SPELL_NAMES = _SpellNames(re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")s?\b"))
    return _SPELL_NAMES.pattern


def _spoken_of(before: str) -> bool:
    """Whether the words before a phrase make it a topic ("ask her about ...", "a tale of ...")."""
    prev = re.findall(r"[a-z']+", before)
    return any(w in _TOPIC_MARKERS and w not in ("for", "from", "by", "as") for w in prev[-4:])


def _player_does(words: str, index: SceneIndex) -> bool:
    """Whether the words are the player's own deed, not an order to someone ("Anselm, cast ...")
    nor another character's ("Lyra casts ...")."""
    toks = _NAME_TOKEN.findall(words.lstrip("*_ >"))
    if not toks:
        return False
    first = toks[0]
    if len(toks) > 1 and toks[1] == "," and first.casefold() not in ("then", "now", "so", "and", "quickly", "next", "finally", "ok", "okay"):
        return False  # a name or word of address, then what they are to do
    if first[:1].isupper() and first not in ("I", "I'm", "I'll") and verb_base(first.casefold()) is None:
        return first.casefold() in index.player_names
    return True


_MY_NP = re.compile(r"\b(?:my|our)\s+((?:[\w.'-]+\s+){0,2}?[\w.'-]+)(?=\s+(?:on|onto|around|over|at|to|into|in|from|and|then|with|against|across|before|while|so|as|off|out|up|down|under)\b|[,.;!?*]|$)")
_SPEAKING = frozenset(
    """say says said tell tells told ask asks asked explain explains mention mentions admit admits
    claim claims confess confesses report reports describe describes shout shouts whisper
    whispers yell yells insist insists swear swears promise promises warn warns lie lies brag
    boast boasts""".split()
)
_SEEKING = frozenset(
    """look looks search searches seek seeks find finds hunt miss misses lost lose forgot forget
    left leave wonder wonders remember remembers think thinks wish wishes need needs want wants
    retrieve fetch buy buys order orders borrow borrows request requests""".split()
)


def _claimed_gear(intent: Intent, index: SceneIndex, sheet: _Sheet) -> list[Finding]:
    """A weapon, restraint or piece of equipment the words call the player's own, whatever the
    verb ("I snap my handcuffs on him", "clap my irons on the thief"): it must be held. Said
    of ("tell him my rifle is gone") or sought ("look for my pistol"), it need not."""
    raw = _QUOTED.sub(" ", intent.words or "")
    words = raw.casefold()
    if "my " not in words and "our " not in words:
        return []
    verb = _first_verb(words)
    if verb in _SPEAKING or verb in _SEEKING or verb in _REMOTE_VERBS:
        return []
    for m in _MY_NP.finditer(words):
        np = m.group(1)
        if _spoken_of(words[: m.start()]):
            continue
        key = norm_phrase(np)
        parts = key.split()
        if not parts:
            continue
        head = parts[-1]
        put_on = intent.target_kind in ("npc", "being", "party", "creature") or re.match(r"\s+(?:on|onto|around)\s+(?!my\b|our\b|the\s+(?:table|desk|belt|floor|hook))", words[m.end() :]) is not None
        strong = head in GEAR or _protective(parts) or (_restraint(np) and put_on)
        if not strong or np in (intent.method_text or "").casefold() or np in (intent.target_text or "").casefold():
            continue  # the parse's own method or target: checked already, with what it resolved to
        if _holds("my " + np, index, index.scene) is not None or index.resolve("my " + np, ("inventory",), min_score=70) is not None:
            continue
        if any(head in norm_phrase(item).split() or parts[0] in norm_phrase(item).split() for item in index.scene.player.inventory):
            continue  # "my flint" with "flint and steel" held
        if index.resolve(np, ("ability",), min_score=80) is not None:
            continue
        return [_finding("no_item", 0.85 * max(intent.confidence or 0.0, 0.9 if intent.ambiguous else 0.0), "my " + np, f"inventory: {sheet.inventory}", f"You don't have {_a(_bare(np))}.")]
    return []


def _feat(raw: str, words: str, sheet: _Sheet) -> tuple[str, str, str] | None:
    """A feat of body or mind the words describe that no body or mind performs unaided: natural
    forces commanded, a mind bent or read, effects wrought by a touch, a word or a thought,
    seeing through stone, strength through stone and steel, outrunning horses. A sheet that
    can cast (in a world with magic) may; its spells are checked when named."""
    if sheet.can_cast and not sheet.magic_banned:
        return None
    toks = re.findall(r"[a-z'-]+", words)
    for i, w in enumerate(toks[:-1]):
        if w in COMMANDING:
            rest = [t for t in toks[i + 1 : i + 4] if t not in ("the", "a", "an", "this", "that", "these", "those", "very", "raging", "angry", "wild", "rough", "howling", "stormy")]
            if rest and rest[0] in NATURAL_FORCES and not _spoken_of(" ".join(toks[:i])):
                if rest[0] not in GREAT_FORCES and not (MIND_MEANS.search(words) or TOUCH_MEANS.search(words)):
                    continue  # "call the wind" by a sailor's whistle is lore; "the river" by a word is not
                if w in ("call", "calls", "raise", "raises") and rest[0] in ("storm", "storms") and "alarm" in toks:
                    continue
                return "no_ability", " ".join(toks[i : i + 3]), f"You can't {w} the {rest[0]}: nothing you have lets you."
    m = MIND_BENT.search(raw) or MIND_SEIZED.search(raw)
    if m is not None:
        return "no_ability", m.group(0), "You can't bend a mind: nothing you have lets you."
    m = MIND_MEANS.search(words)
    if m is not None and not _spoken_of(words[: m.start()]) and set(toks) & MOVED_BY_MIND and not re.search(r"\b(?:hold on|myself|pull through|push on|press on|carry on|keep going)\b", words):
        return "no_ability", m.group(0), "You can't move things by thought: nothing you have lets you."
    m = TOUCH_MEANS.search(words)
    if m is not None and (any(t in WROUGHT_BY_TOUCH for t in re.findall(r"[a-z']+", words[: m.start()])[-6:]) or WOUND_CLOSED.search(words[: m.start()])):
        return "no_ability", m.group(0), "A touch or a word does not do that: nothing you have lets you."
    m = IN_ONE_BOUND.search(words)
    if m is not None:
        return "physics", m.group(0), "You can't leap that far: nothing you have lets you."
    m = SEEING_THROUGH.search(words)
    if m is not None:
        return "physics", m.group(0), "You can't see through solid walls."
    m = STRENGTH_FEATS.search(words) or (None if re.search(r"\b(?:ride|rides|riding|rode|drive|drives|driving|sail\w*|spur\w*)\b", words) else OUTDOING.search(words))
    if m is not None:
        return "physics", m.group(0), "No one is that strong or that fast."
    return None


def _power_signals(intent: Intent, scene: Scene, sheet: _Sheet, index: SceneIndex) -> list[Finding]:
    raw = _QUOTED.sub(" ", intent.words or "")
    words = raw.casefold()
    if not words.strip() or not _player_does(raw, index):
        return []
    # "I ask the wizard to send a fireball", "I tell her about galdr": someone else's, or words
    directing = _DIRECTING.search(words) is not None or (_first_verb(words) in _SPEAKING and intent.target_kind in ("npc", "party", "being"))
    c = max(intent.confidence or 0.0, 0.9) if intent.ambiguous else (intent.confidence or 1.0)
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    out: list[Finding] = []
    m = _spell_names().search(words)
    if m is not None and not directing and intent.method_kind != "spell" and not _spoken_of(words[: m.start()]):
        lead = re.findall(r"[a-z']+", words[: m.start()])[-5:]
        if set(lead) & _SENDING or (lead and verb_base(lead[-1]) is not None and lead[-1] in _SENDING):
            name = m.group(1)
            f = _spell(replace(intent, action_type="cast", method=name, method_text=name, method_kind="spell"), sheet, c)
            if f is not None:
                out.append(f)
    m = CONJURED_EFFECTS.search(words)
    if m is not None and not directing and not _spoken_of(words[: m.start()]) and not _mentioned_here(head_word(norm_phrase(m.group(1))), scene):
        effect = m.group(1)
        granted = re.search(r"\b(?:field|projector|generator|emitter|shield belt|barrier)\b", sheet.grants) is not None
        if not granted and not (sheet.can_cast and not sheet.magic_banned):
            out.append(_finding("no_ability", 0.9 * c, m.group(0), evidence, f"You can't make {_a(_bare(effect))}: nothing you have lets you."))
    for word in rule_magic_words(scene.world_rules):
        hit = re.search(rf"\b{re.escape(word)}\w*", words)
        if hit is None or directing or _spoken_of(words[: hit.start()]):
            continue
        rule = next((r.casefold() for r in scene.world_rules if word in r.casefold()), "")
        allowed = set(re.findall(r"[^\W\d_][\w'-]*", rule.split(" can ")[0].split(" may ")[0]))
        if not (sheet.classes & {singular(w) for w in allowed}):
            out.append(_finding("no_ability", 0.9 * c, hit.group(0), evidence, f"Only those the setting names may work {word}; you are {_a(sheet.class_name or 'nobody')}."))
            break
    feat = None if re.search(r"\b(?:ask|asks|tell|tells|order|orders|urge|urges|beg|begs|watch|watches)\b", words) else _feat(raw, words, sheet)
    if feat is not None:
        kind, span, message = feat
        out.append(_finding(kind, 0.88 * c, span, evidence, message))
    m = ABSORBING.search(words)
    if m is not None and _HEALING_PURPOSE.search(words, m.end()):
        drawn = [w for w in re.findall(r"[a-z-]+", words[m.end() : m.end() + 40])[:5] if w in DRAWN_ENERGIES]
        if drawn and not (sheet.can_cast and not sheet.magic_banned) and not any(re.search(rf"\b{re.escape(d)}", sheet.grants) for d in drawn):
            out.append(_finding("no_ability", 0.85 * c, m.group(0) + " " + drawn[0], evidence, f"You can't draw {drawn[0]} into yourself: nothing you have lets you."))
    return out


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
