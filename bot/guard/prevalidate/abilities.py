"""``no_ability`` and ``physics`` for a spell, power or feat the parser recognised.

A spell, class feature, skill or physics-defying mode (flight, teleportation, passing through
walls) is allowed only if the sheet or the class gives it: a warrior cannot cast fireball, a
wizard cannot cast a spell the sheet does not list, nobody flies without something that lets
them. A caster's unnamed magic ("a healing prayer") and anyone's plain effort ("my warrior
strength") are allowed: the dice decide those.
"""

from __future__ import annotations

import re

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.intent.literal import has_word
from bot.guard.lexicon.magic import (
    ABILITY_WORDS,
    CLASS_FEATURES,
    CLASS_SKILLS,
    FEATURE_CLASS,
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
)
from bot.guard.intent.healing import UNAIDED_HEALING
from bot.guard.intent.rites import RITES
from bot.guard.lexicon.nouns import ATTRIBUTES, BODY
from bot.guard.lexicon.words import STOPWORDS, head_word, norm_phrase, singular
from bot.guard.prevalidate.sheet import SPEAKS_WITH_DEAD, _Sheet
from bot.guard.prevalidate.wording import _a, _bare, _cap, _finding
from bot.world.intent import Intent

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_PHYSICS_RE1 = re.compile(r"\b(?:as|in)\s+(?:a |an |my )?([a-z-]+)(?:\s+form)?\b")
_PHYSICS_RE2 = re.compile(r"\binto (?:a |an |the |some )?([a-z' -]+)")


def _physics(intent: Intent, sheet: _Sheet, c: float) -> Finding | None:
    mode = intent.method or ""
    if PHYSICS_MODES[mode].search(sheet.grants):
        return None
    if mode == "flight" and sheet.weightless:
        return None  # flight defies weight; where nothing weighs anything, floating up is only moving
    form = _PHYSICS_RE1.search((intent.words or "").casefold())
    if form and form.group(1) not in ("a", "the", "if") and has_word(sheet.grants, form.group(1), (" form", "form", " shape", "shape")):
        return None  # "as mist" with "mist form" on the sheet
    if mode == "shapeshifting":
        into = _PHYSICS_RE2.search((intent.method_text or intent.words or "").casefold())
        form = singular(into.group(1).split()[-1]) if into and into.group(1).split() else ""
        if form and has_word(sheet.grants, form, ("s", "")):
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
    words = key.split()
    if words[:1] and words[0] in _CALLING and set(words[1:]) & _THE_DEAD and SPEAKS_WITH_DEAD.search(f"{sheet.abilities} | {sheet.class_name}".casefold()):
        return None  # a medium summoning "the spirit of the drowned girl": the gift the sheet gives
    if sheet.magic_banned and not sheet.known_spells:
        rule = f" ({sheet.ban_rule})" if sheet.ban_rule else ""
        return _finding("no_ability", 0.9 * c, span, evidence, f"There is no magic in this world{rule}.")
    if not sheet.can_cast:
        if sheet.magic_by_sheet:
            what = "a spell" if generic else _bare(name)
            return _finding("no_ability", 0.92 * c, span, evidence, f"You don't know {what}: here magic needs a spell or power you have.")
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


# Class features that are a way of healing, and a sheet's words for healing: whoever the sheet
# lets heal may do it by the touch a feature names for another class.
_HEALING_FEATURES = frozenset({"lay on hand", "lay on hands", "healing touch"})
_HEALS = re.compile(r"\b(?:heal|heals|healing|cure|cures|mend|mends|restore|restores|tend|tends)\b")


# Calling the dead up, and the words for what comes.
_CALLING = frozenset("summon call raise conjure invoke evoke contact reach".split())
_THE_DEAD = frozenset("spirit spirits ghost ghosts shade shades soul souls dead phantom spectre specter wraith apparition".split())


def _kin_of_known(key: str, sheet: _Sheet) -> bool:
    """Whether a described spell shares a word stem with one the sheet lists ("shielding" and
    "shield spell", "a blessing" and "bless"; "healing" and "cure wounds"? no: only the same stem).

    Why a stem and not a start: a different word that merely begins like a known one is not its
    kin ("lightning" is no form of "light", "firestorm" none of "fire"), so what follows the
    shared start must be an ending English puts on a stem ("-ing", "-ion", "-ed")."""
    mine = [w for w in key.split() if len(w) >= 5 and w not in ("spell", "spells")]
    for known in (*sheet.known_spells, *_abilities_of(sheet)):
        for w in norm_phrase(known).split():
            if len(w) >= 5 and any(_same_stem(w, m) for m in mine):
                return True
    return False


# Endings that make another form of the same word: inflections and the common derivations.
_STEM_ENDINGS = frozenset(
    "e s es ed d ing ings er ers ion ions ation ations tion tions ive ory y ly ment ments ness al ance ence ant ent".split()
)


def _same_stem(a: str, b: str) -> bool:
    """Two words of at least five shared letters whose remainders are both stem endings (or
    nothing): "shield"/"shielding", "protect"/"protection", "charge"/"charging"."""
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    if n < 5:
        return False
    rest_a, rest_b = a[n:], b[n:]
    return (not rest_a or rest_a in _STEM_ENDINGS) and (not rest_b or rest_b in _STEM_ENDINGS)


# Nouns for a magical working in general, not a spell's name.
_WORKINGS = (MAGIC_ACTS | MAGIC_ON | SUPERNATURAL_MEANS | RITES) - SPELLS


def _abilities_of(sheet: _Sheet) -> set[str]:
    return {a.strip() for a in sheet.abilities.split(",")}


def _on_sheet(method: str, target: str, sheet: _Sheet) -> bool:
    """Does a sheet ability say exactly this deed, its verb first and the rest among the words
    ("rally" + "the crew" for "rally crew")?"""
    verb = norm_phrase(method).split()[:1]
    if not verb:
        return False
    said = set(norm_phrase(f"{method} {target}").split()) - STOPWORDS
    for own in _abilities_of(sheet):
        words = norm_phrase(own).split()
        if words and words[0] == verb[0] and set(words) <= said:
            return True
    return False


def _ability(intent: Intent, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    text = intent.method_text or intent.method or ""
    if intent.method == UNAIDED_HEALING:
        if sheet.can_cast and not sheet.known_spells and not sheet.magic_banned:
            return None  # a caster whose sheet lists no spells may know a healing one
        return _finding("no_ability", 0.9 * c, intent.words, f"class: {sheet.class_name or 'unknown'}; abilities: "
                        f"{sheet.abilities}; inventory: {sheet.inventory}",
                        "You have no way to heal: no healing spell or power, and nothing to heal with.")
    if intent.method and intent.method in _abilities_of(sheet):
        return None
    if _on_sheet(text, intent.target or "", sheet):
        return None  # "rally the crew" with "rally crew" on the sheet
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
        if (core in _HEALING_FEATURES or key in _HEALING_FEATURES) and _HEALS.search(sheet.abilities.casefold()):
            return None  # a cleric who heals wounds lays hands on one: the touch is the healing the sheet gives
        if not sheet.class_name:
            return _finding("no_ability", 0.4 * c, span, evidence, f"You don't have {_bare(core)}.")
        owner = FEATURE_CLASS.get(core) or FEATURE_CLASS.get(key) or sorted(owners)[0]
        named = key if key in CLASS_FEATURES else core  # "power attack", not its core "attack"
        return _finding("no_ability", 0.9 * c, span, evidence, f"{_cap(named)} is {_a(owner)}'s ability; you are {_a(sheet.class_name)}.")
    if core in SKILLS or key in SKILLS:
        skill = core if core in SKILLS else key
        if any(skill in CLASS_SKILLS.get(cl, ()) for cl in sheet.classes):
            return None
        conf = 0.85 if head in ABILITY_WORDS else 0.6
        return _finding("no_ability", conf * c, span, evidence, f"You don't have the {skill} skill.")
    if head in ABILITY_WORDS and len(words) > 1:
        return _finding("no_ability", 0.7 * c, span, evidence, f"You have no ability called {_bare(core)}.")
    return None
