"""What sort of thing a phrase names, for deciding whether it must be held.

A missing noun may block only if it is something one would have to carry: gear from the
hand-made vocabularies, a thing WordNet files as carried, food handed over. Worn things, body
parts, abstractions, buildings and fixtures must not, or a player loses a turn to "my nerve" or
"the roof". Classifying is kept apart from checking so that the item check and the checks it
leans on (what a held bag may hold, what equipment the words claim) classify alike.
"""

from __future__ import annotations

import re

from bot.guard.index import SceneIndex
from bot.guard.lexicon.magic import ABILITY_WORDS, SPELLS
from bot.guard.lexicon.nouns import (
    ATTRIBUTES,
    BODILY,
    CLOTHING,
    DEVICE_HEADS,
    FOOD,
    GEAR,
    POWERED_MODIFIERS,
    PROTECTIVE_GEAR,
    PROTECTIVE_MODIFIERS,
    RESTRAINTS,
    SERVED,
)
from bot.guard.lexicon.wordclass import (
    first_class,
    is_abstract,
    is_carried_thing,
    is_fixed_thing,
    is_garment,
    is_location,
    noun_codes,
)
from bot.guard.lexicon.words import MEASURES, norm_phrase, singular

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_RESTRAINT_RE1 = re.compile(r"[a-z-]+")


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
    for w in _RESTRAINT_RE1.findall(text.casefold()):
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
