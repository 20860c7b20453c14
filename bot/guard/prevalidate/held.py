"""Does the player hold it, and where do the words take it from?

The item check blocks only a thing that is neither held nor here, so it must know which
inventory entry answers to a phrase ("my sword" is the longsword, arrows come with the bow, a
"tommy gun" is no revolver) and where the words say the thing comes from: drawn from the player's
own kit ("whip out a switchblade"), kept about them ("the toy in my pocket"), taken out of a held
bag or kit the sheet does not itemise, or drawn from something present ("a mug of ale from the
barrel"). Each answer decides between a false block and a miss; the item check only weighs them.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.guard.index import SceneIndex
from bot.guard.intent.literal import follows, has_word
from bot.guard.lexicon.compounds import COMPOUND_KINDS
from bot.guard.lexicon.nouns import AMMUNITION, GEAR, GENERIC_ITEMS, ITEM_FAMILIES, RANGED
from bot.guard.lexicon.wordclass import is_garment
from bot.guard.lexicon.words import STOPWORDS, head_word, name_variants, norm_phrase, singular, thing_word
from bot.guard.prevalidate.things import _CARRY_ALL, _thing_kind
from bot.guard.prevalidate.wording import _bare, _possessive
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_FROM_MINE_RE1 = re.compile(r"\bof (?:my|our)\b")
_FROM_MINE_RE2 = re.compile(r"\s+(?:[a-z'-]+\s+){0,2}?(?:out\s+)?(?:from|of)\s+(?:(?:under|beneath|underneath|inside|within|behind)\s+)?(?:my|our)\b")
_FROM_MINE_RE3 = re.compile(r"\s+(?:in|inside|within)\s+(?:my|our)\s+(?:[a-z'-]+\s+)?([a-z'-]+)")


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


def _same_held(source: str, intent: Intent, index: SceneIndex) -> bool:
    """Whether a thing drawn from is the held method the parser already matched, misspelt ("a
    swig from my cantene" with a canteen held)."""
    from rapidfuzz import fuzz

    if not intent.method or intent.method not in index.scene.player.inventory:
        return False
    return fuzz.ratio(_bare(source).casefold(), norm_phrase(intent.method)) >= 80


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
            if _other_stuff(words, inv_words):
                continue  # "my iron dagger" with a bronze knife held: made of another stuff, another thing
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


# What a tool or weapon is made of, said before its name: two different ones make two things.
_STUFFS = frozenset(
    """iron steel bronze copper brass tin silver gold golden wooden wood oak ash stone flint obsidian
    bone ivory glass crystal obsidian jade ceramic plastic titanium carbon""".split()
)


def _other_stuff(asked: list[str], held: list[str]) -> bool:
    """Whether the words and a held item's name each say a material, and they differ."""
    said = {w for w in asked[:-1] if w in _STUFFS}
    have = {w for w in held[:-1] if w in _STUFFS}
    return bool(said) and bool(have) and not said & have


def _instrumental(intent: Intent) -> bool:
    """Whether the words use the method as a tool: "with duct tape", "using my lockpicks"."""
    text = (intent.method_text or "").casefold().strip()
    if not text:
        return False
    words = (intent.words or "").casefold()
    if follows(words, text, _WITH_LEAD, _BOUNDARY_TAIL):
        return True
    # "slip the powder into his drink": a thing put somewhere by hand is in hand
    return intent.action_type == "use_item" and follows(words, text, None, _PUT_TAIL)


# The parts of the patterns around the method's words in ``_instrumental`` and ``_drawn``,
# compiled once (``follows`` finds the words themselves).
_WITH_LEAD = re.compile(r"\b(?:with|using|via)\s+\Z")
_BOUNDARY_TAIL = re.compile(r"\b")
_PUT_TAIL = re.compile(r"\s+(?:into|inside|under|beneath|underneath|onto|behind|between)\b")


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
    if _FROM_MINE_RE1.search(text):
        return True
    words = (intent.words or "").casefold()
    at = words.find(text)
    if at < 0:
        return False
    after = words[at + len(text):]
    if _FROM_MINE_RE2.match(after) is not None:
        return True
    # "the clockwork toy in my pocket", "a flask inside my coat": kept in something of mine
    inside = _FROM_MINE_RE3.match(after)
    return inside is not None and (singular(inside.group(1)) in _CARRY_ALL or is_garment(singular(inside.group(1))))


_DRAWING = re.compile(
    r"\b(?:draw|draws|drew|drawn|drawing|whips? out|whipped out|whipping out|pulls? out|pulled out|pulling out|"
    r"produces?|produced|producing|unsheathes?|unsheathed|brandish(?:es|ed)?|unslings?|unslung|wields?|wielded|"
    r"slips? out|slipped out|fishes out|fish out|fished out|takes? out|took out)\s+(?:out\s+)?"
)
_DRAWING_LEAD = re.compile(_DRAWING.pattern + r"\Z")


def _drawn(intent: Intent, index: SceneIndex) -> bool:
    """Whether the words draw or produce the method as if from the player's own kit ("I whip out
    a switchblade", "I produce a pistol"): only the player's own can be drawn."""
    text = (intent.method_text or "").casefold().strip()
    if not text or intent.action_type not in ("use_item", "attack", "other"):
        return False
    words = (intent.words or "").casefold()
    if _DRAWING.search(words) is None or not follows(words, text, _DRAWING_LEAD, _BOUNDARY_TAIL):
        return False
    return index.resolve(text, ("npc", "party", "creature"), min_score=85) is None  # "take out the goose": a kill


_FROM_HERE = re.compile(r"\b(?:from|out of)\s+(?:the|a|an|that|this|one of the)\s+([a-z' -]+?)(?=\s+(?:at|to|and|then|into|onto|for|on|with|before|while)\b|[,.;!?]|$)")


# Portion words that name no stuff of their own: said alone, they are some of their source.
_BARE_PORTIONS = frozenset("pinch handful bit dash drop splash sip swig mouthful scoop spoonful dab few some half share".split())


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
    if norm_phrase(intent.method_text or intent.method or "") in _BARE_PORTIONS:
        return True  # "a pinch from my tobacco tin": a portion with no name is of what the source holds
    return _kept_in(intent, held, index)  # "a stethoscope from my medical bag"


def _drawn_from_here(intent: Intent, index: SceneIndex) -> bool:
    """Whether the words take the method out of something present ("a cup of cider from the
    jug", "a mug of ale from the oak barrels"): then it comes from the scene, not the pack."""
    m = _FROM_HERE.search((intent.words or "").casefold())
    if m is None:
        return False
    if index.resolve(m.group(1), ("item", "content", "feature"), min_score=75) is not None:
        return True
    # "an ember from the hearth" where the description has a sunken hearth: scenery is here too
    head = head_word(norm_phrase(m.group(1)))
    description = (index.scene.location.description or "").casefold()
    return len(head) > 2 and has_word(description, head, ("es", "s", ""))
