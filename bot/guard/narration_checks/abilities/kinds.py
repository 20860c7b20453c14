"""What kind of magic a description shows, and what kinds a holder's abilities can work.

A caster may do what one of their abilities does, not every other marvel: a nun who blesses and
turns undead raises no wall of fire. So both sides are read into the same few kinds (fire, cold,
mind, heal, ...) by one word table, and an event is allowed when its kinds meet the holder's. An
event that shows magic but not which kind carries a sentinel in place of a spell's name. Every
other part of the check, and the creature check asking who may change shape, reads these tables,
so they sit at the bottom and import nothing of the package.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W

_ANY_MAGIC = "\x00any"  # an event that shows magic but not which kind
_HEAL_MAGIC = "\x00heal"  # wounds closing
_CHANGE_MAGIC = "\x00change"  # a body changing shape
_SENTINEL_KINDS = {_HEAL_MAGIC: frozenset({"heal"}), _CHANGE_MAGIC: frozenset({"change"})}

# What magic does, by the words that describe it, and the same for what an ability names: a
# caster may do what one of their abilities does ("sacred flame" covers radiant fire from above,
# "mage hand" an object lifting itself), not every other marvel.
_KIND_WORDS: dict[str, str] = {
    "fire": "fire flame flames fiery blaze blazing inferno burn burning burns scorch scorching "
            "ember embers fireball fireballs firebolt fire-bolt pyre ignite ignites kindle "
            "smoulder smolder hellfire magma lava witchfire flaming white-hot",
    "cold": "frost frosty ice icy cold chill chilling freeze freezing frozen rime snow sleet "
            "hail glacial winter",
    "lightning": "lightning thunder thunderbolt shock shocking electric electricity spark "
                 "sparks crackling crackles thunderwave",
    "force": "force telekinesis telekinetic push shove lift lifts levitate levitation wave "
             "gesture flick glance opens unlocks closes slams shatters moves flings "
             "invisible unseen missile missiles pane thunderwave blast darts dart itself "
             "themselves accord untouched unaided",
    "light": "light radiant radiance holy divine sacred daylight sunlight glow glowing dancing "
             "smite faerie shining luminous dazzling blinding darts dart",
    "heal": "heal heals healing cure cures mend mends mending restore restoration regenerate "
            "lay goodberry wound wounds cut gash knits closes seals bruises spare revivify",
    "mind": "charm charms charmed command suggestion sleep slumber hypnotic hypnotise hypnotize "
            "enthral enthrall compel dominate calm fear frighten terror confuse confusion "
            "madness friends laughter mockery psychic mind minds will thoughts skull dreams "
            "agreeing obeying obey meaning",
    "weather": "weather storm storms wind winds gale gust squall tempest rain fog mist blizzard "
               "snowstorm hurricane whirlwind tornado clouds tide tides sea seas waves water "
               "waters river thunderstorm downpour hailstorm sandstorm sky",
    "nature": "entangle thorn thorns vine vines root roots plant plants trees earth stones "
              "ground druidcraft barkskin growth",
    "shadow": "shadow shadows darkness necrotic death blight wither withering inflict rot "
              "decay black",
    "curse": "hex hexes curse curses cursed bane jinx doom blight",
    "change": "shape wild polymorph shapechange transform transforms alter",
    "summon": "summon summons conjure conjures animate familiar",
    "illusion": "illusion invisible invisibility disguise phantasm mirror vanish",
    "ward": "ward wards protection protect sanctuary shield barrier abjure bless blessing aid "
            "guidance shimmer",
    "acid": "acid poison venom",
}
_WORD_KINDS: dict[str, frozenset[str]] = {}
for _kind, _words in _KIND_WORDS.items():
    for _word in _words.split():
        _WORD_KINDS[_word] = _WORD_KINDS.get(_word, frozenset()) | {_kind}
# Abilities whose names mislead the word table.
_ABILITY_KINDS: dict[str, frozenset[str]] = {
    "mage hand": frozenset({"force"}), "lay on hands": frozenset({"heal"}),
    "sacred flame": frozenset({"light", "fire"}), "magic missile": frozenset({"force", "light"}),
    "eldritch blast": frozenset({"force"}), "turn undead": frozenset({"light", "ward", "mind"}),
    "vicious mockery": frozenset({"mind"}), "bardic inspiration": frozenset({"mind", "ward"}),
    "shield": frozenset({"force", "ward"}), "wild shape": frozenset({"change"}),
    "divine smite": frozenset({"light", "fire"}), "hunter's mark": frozenset({"sense"}),
    "misty step": frozenset({"teleport"}), "produce flame": frozenset({"fire", "light"}),
    "guiding bolt": frozenset({"light"}), "chill touch": frozenset({"shadow", "cold"}),
    "thorn whip": frozenset({"nature"}), "call lightning": frozenset({"lightning", "weather"}),
    "brew potion": frozenset({"craft"}), "healing word": frozenset({"heal"}),
}
# An ability that only perceives or speaks ("weather sense", "speak with spirits") does nothing.
_SENSING = re.compile(r"\b(?:sense|senses|sight|see|sees|detect|detects|speak with|speaks with|"
                      r"talk with|tongues|lore|knowledge|identify|track|tracking|read|reads|"
                      r"scry|commune|divination|insight|perception|mark|potion|brew|brewing|"
                      r"herbalism|alchemy|craft|crafting)\b")


def effect_kinds(text: str) -> frozenset[str]:
    """The kinds of magic a description shows ("a roaring wall of green fire" -> fire)."""
    kinds: set[str] = set()
    for w in re.findall(r"[a-z][a-z'-]*", text.lower()):
        found = _WORD_KINDS.get(w) or _WORD_KINDS.get(V.lemma(w))
        if not found and "-" in w:
            # "rune-fire", "witch-light": the compound is what its last part is
            last = w.rsplit("-", 1)[-1]
            found = _WORD_KINDS.get(last) or _WORD_KINDS.get(V.lemma(last))
        if found:
            kinds |= found
    return frozenset(kinds)


def ability_kinds(holder: Holder) -> frozenset[str]:
    """What a holder's abilities can do; {"any"} for a caster whose abilities the tables cannot
    read (or who lists none)."""
    kinds: set[str] = set()
    magical = False
    for ability in holder.abilities:
        low = ability.lower().strip()
        known = _ABILITY_KINDS.get(low)
        if known is not None:
            kinds |= known
            magical = True
            continue
        if _SENSING.search(low) or _MUNDANE.search(low):
            continue  # perceiving, speaking, brewing, fighting: no marvel in the scene
        found = effect_kinds(low)
        if found:
            kinds |= found
            magical = True
        elif _magical_word(low) or (holder.magic and _coined(low)):
            kinds.add("any")  # a spell the tables do not know ("moonbeam")
            magical = True
    if not magical:
        return frozenset({"any"}) if holder.magic else frozenset()
    return frozenset(kinds)


_MUNDANE = re.compile(
    r"\b(?:attack|attacks|strike|strikes|shot|thrust|sweep|bash|lunge|riposte|parry|dodge|"
    r"sneak|stealth|hide|rage|surge|second wind|defen[cs]e|blows|flurry|aim|eye|lock|locks|"
    r"haggle|haggling|repair|hack|hacking|deduction|interrogation|arrest|pilot|piloting|"
    r"maneuver|maneuvering|manoeuvring|fisticuffs|persuasion|intimidation|climb|climbing|swim|"
    r"ride|riding|brawl|brawling|grapple|disarm|feint|cunning|action|expertise|reckless|"
    r"frenzy|engineering|social|phreaking|first aid|medicine|cooking|singing|dance|dancing|"
    r"lunge|fencing|archery|marksman|marksmanship|shield bash|tactics|leadership|barter)\b")


def _coined(ability: str) -> bool:
    """A spell's own name rather than plain words for a knack: "moonbeam", "eldritch ward" are
    names; "infuse item", "keen eye" are ordinary words that say what is done to what."""
    words = re.findall(r"[a-z]+", ability)
    if len(words) < 2:
        return True
    return not any(W.is_carried_thing(w) or w in ("item", "items", "object", "objects", "tool",
                                                   "tools", "gear", "weapon", "weapons", "armor",
                                                   "armour", "device", "devices")
                   for w in words)


def _magical_word(text: str) -> bool:
    return bool(re.search(r"\b(?:spell|spells|spellcasting|magic|magical|arcane|sorcery|"
                          r"witchcraft|miracle|miracles|rite|rites|ritual|invocation|power|"
                          r"powers|gift|wild)\b", text))


def _covers(holder: Holder, kinds: frozenset[str], g: SceneGrounding | None = None) -> bool:
    if g is not None:
        known = g.memo.setdefault("ability_kinds", {})
        mine = known.get(id(holder))
        if mine is None:
            mine = known[id(holder)] = ability_kinds(holder)
    else:
        mine = ability_kinds(holder)
    return "any" in mine or bool(mine & kinds)
