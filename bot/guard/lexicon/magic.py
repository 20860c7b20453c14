"""Spells, class features and the powers that bend physics.

A character sheet lists what a character *has*; these tables let the guard recognise what a
player *claims*: that "fireball" is a spell (so a warrior cannot cast it), that "rage" is a
barbarian's feature (so a warrior who has not got it on the sheet still may not, while a
barbarian whose sheet forgot it may), and which sheet entries grant flight or teleportation.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.lexicon.words import norm_phrase, singular

# Spell names (mostly the D&D 5e SRD), normalised like scene names (lowercase, singular words).
SPELLS = frozenset(
    norm_phrase(s.strip())
    for s in """
    acid arrow, acid splash, aid, alarm, alter self, animal friendship, animal messenger,
    animal shape, animate dead, animate object, antilife shell, antimagic field, antipathy,
    arcane eye, arcane hand, arcane lock, arcane sword, armor of agathys, arm of hadar,
    astral projection, augury, aura of vitality, awaken, bane, banishment, barkskin, beacon of hope,
    bestow curse, black tentacle, blade barrier, blade ward, bless, blight, blinding smite,
    blindness, blink, blur, booming blade, branding smite, burning hand, call lightning, calm emotion,
    chain lightning, chaos bolt, charm person, chill touch, chromatic orb, circle of death,
    clairvoyance, clone, cloudkill, color spray, colour spray, command, commune, compelled duel,
    comprehend language, compulsion, cone of cold, confusion, conjure animal, conjure elemental,
    contact other plane, contagion, continual flame, control water, control weather, counterspell,
    create food and water, create or destroy water, create undead, creation, cure wound,
    dancing light, darkness, darkvision, daylight, death ward, delayed blast fireball, demiplane,
    detect evil and good, detect magic, detect poison and disease, detect thought, dimension door,
    disguise self, disintegrate, dispel evil and good, dispel magic, dissonant whisper,
    divination, divine favor, divine word, dominate beast, dominate monster, dominate person,
    dragon breath, dream, druidcraft, earthquake, eldritch blast, enhance ability, enlarge,
    enlarge reduce, ensnaring strike, entangle, enthrall, etherealness, expeditious retreat, eyebite,
    fabricate, faerie fire, false life, fear, feather fall, feeblemind, find familiar, find steed,
    find the path, find trap, finger of death, fire bolt, fire shield, fire storm, fireball,
    flame blade, flame strike, flaming sphere, flesh to stone, fly, fog cloud, forbiddance,
    forcecage, foresight, freedom of movement, frost finger, gaseous form, gate, geas,
    gentle repose, giant insect, glibness, globe of invulnerability, glyph of warding, goodberry,
    grease, greater invisibility, greater restoration, green-flame blade, guardian of faith,
    guidance, guiding bolt, gust of wind, hail of thorn, hallow, hallucinatory terrain, harm,
    haste, heal, healing word, heat metal, hellish rebuke, hero feast, heroism, hex, hold monster,
    hold person, holy aura, hunger of hadar, hunter mark, hypnotic pattern, ice knife, ice storm,
    identify, illusory script, imprisonment, incendiary cloud, infestation, inflict wound,
    insect plague, invisibility, jump, knock, legend lore, lesser restoration, levitate, light,
    lightning bolt, lightning lure, locate animal or plant, locate creature, locate object,
    longstrider, mage armor, mage armour, mage hand, magic circle, magic jar, magic missile,
    magic mouth, magic weapon, major image, mass cure wound, mass heal, mass healing word,
    mass suggestion, maze, meld into stone, melf acid arrow, mending, message, meteor swarm,
    mind blank, mind sliver, minor illusion, mirage arcane, mirror image, mislead, misty step,
    modify memory, moonbeam, move earth, nondetection, pass without trace, passwall,
    phantasmal force, phantasmal killer, phantom steed, planar ally, planar binding, plane shift,
    plant growth, poison spray, polymorph, power word kill, power word stun, prayer of healing,
    prestidigitation, prismatic spray, prismatic wall, produce flame, programmed illusion,
    project image, protection from energy, protection from evil and good, protection from poison,
    purify food and drink, raise dead, ray of enfeeblement, ray of frost, ray of sickness,
    regenerate, reincarnate, remove curse, resilient sphere, resistance, resurrection,
    reverse gravity, revivify, rime binding ice, rope trick, sacred flame, sanctuary, scorching ray,
    scrying, searing smite, see invisibility, seeming, sending, sequester, shape water,
    shapechange, shatter, shield, shield of faith, shillelagh, shocking grasp, silence,
    silent image, simulacrum, sleep, sleet storm, slow, speak with animal, speak with dead,
    speak with plant, spider climb, spike growth, spirit guardian, spiritual weapon,
    stinking cloud, stone shape, stoneskin, storm of vengeance, suggestion, sunbeam, sunburst,
    symbol, tasha hideous laughter, hideous laughter, telekinesis, telepathic bond, teleport,
    teleportation circle, thaumaturgy, thorn whip, thunder step, thunderclap, thunderous smite,
    thunderwave, time stop, toll the dead, tongue, transport via plant, tree stride, true polymorph,
    true resurrection, true seeing, true strike, tsunami, unseen servant, vampiric touch,
    vicious mockery, wall of fire, wall of force, wall of ice, wall of stone, wall of thorn,
    warding bond, water breathing, water walk, web, weird, wind walk, wind wall, wish,
    witch bolt, word of recall, wrathful smite, zone of truth, frostbite, create bonfire,
    magic stone, gust, mold earth, word of radiance, sword burst, lightning lance,
    lightning, firebolt, frost bolt, frostbolt, ice bolt, ice lance, arcane bolt, shadow bolt,
    holy light, smite, summon demon, summon undead, summon beast, raise the dead, meteor,
    curse, blessing, charm, hold, sleep spell, bolt of lightning, ball of fire
    """.replace("\n", " ").split(",")
    if s.strip()
)
# Spell names that are everyday English verbs or nouns: as a bare verb ("I curse the gods", "I
# bless the food") they are read as that everyday verb unless the sheet lists the spell.
COMMON_WORD_SPELLS = frozenset(
    """aid alarm augury awaken bane banishment bless blessing blight blindness blink blur charm
    clone command commune confusion contagion creation curse darkness daylight divination dream
    earthquake enlarge entangle enthrall fabricate fear fly foresight gate geas grease guidance
    gust hallow harm haste heal heroism hex hold identify imprisonment invisibility jump knock
    levitate light maze meteor message mending mislead regenerate reincarnate resistance
    resurrection revivify sanctuary scrying seeming sending sequester shatter shield silence
    simulacrum sleep slow smite symbol teleport tongue tsunami web weird wish""".split()
)
# Words that make a noun phrase a spell whatever its name: "a spell", "my strongest cantrip".
SPELL_WORDS = frozenset({"spell", "cantrip", "incantation", "enchantment", "hex", "ritual", "magic", "sorcery", "witchcraft", "conjuration"})

# Classes that cast spells when the scene does not say (brief, and most tabletop settings).
DEFAULT_CASTERS = frozenset(
    {"mage", "wizard", "sorcerer", "warlock", "cleric", "druid", "bard", "paladin", "ranger",
     "artificer", "witch", "necromancer", "shaman", "priest", "priestess", "sorceress",
     "enchanter", "enchantress", "magician", "illusionist", "summoner", "oracle", "battlemage",
     "spellblade", "hexblade", "arcane trickster", "eldritch knight", "healer", "druidess"}
)
CLASS_SYNONYMS: dict[str, frozenset[str]] = {
    "warrior": frozenset({"fighter"}), "fighter": frozenset({"warrior"}),
    "mage": frozenset({"wizard"}), "wizard": frozenset({"mage"}),
    "thief": frozenset({"rogue"}), "rogue": frozenset({"thief"}),
    "priest": frozenset({"cleric"}), "cleric": frozenset({"priest"}),
    "priestess": frozenset({"cleric", "priest"}),
    "sorceress": frozenset({"sorcerer"}), "sorcerer": frozenset({"sorceress"}),
    "berserker": frozenset({"barbarian"}), "barbarian": frozenset({"berserker"}),
    "hunter": frozenset({"ranger"}), "ranger": frozenset({"hunter"}),
    "knight": frozenset({"fighter", "paladin"}), "templar": frozenset({"paladin"}),
    "minstrel": frozenset({"bard"}), "bard": frozenset({"minstrel"}),
    "assassin": frozenset({"rogue"}), "archer": frozenset({"ranger", "fighter"}),
}
_CLASS_PLURALS = {"thief": "Thieves", "sorceress": "Sorceresses", "priestess": "Priestesses",
                  "enchantress": "Enchantresses", "witch": "Witches", "": "You"}


def class_plural(cls: str) -> str:
    """ "warrior" -> "Warriors" for messages such as "Warriors can't cast spells." """
    key = cls.casefold().strip()
    if key in _CLASS_PLURALS:
        return _CLASS_PLURALS[key]
    return key[:1].upper() + key[1:] + "s"


# Class features: feature name -> the classes that have it (and the class to name in messages).
CLASS_FEATURES: dict[str, frozenset[str]] = {}
FEATURE_CLASS: dict[str, str] = {}


def _feature(classes: str, names: str) -> None:
    cls = frozenset(classes.split())
    for n in names.split(","):
        n = n.strip()
        if n:
            CLASS_FEATURES[n] = CLASS_FEATURES.get(n, frozenset()) | cls
            FEATURE_CLASS.setdefault(n, classes.split()[0])


_feature("fighter warrior knight", "second wind, action surge, indomitable, fighting style, extra attack, combat superiority, maneuver, power attack, cleave, shield bash, battle cry, parry, riposte, trip attack, disarming attack, precision attack, rally, whirlwind, shield wall")
_feature("barbarian berserker", "rage, reckless attack, frenzy, danger sense, brutal critical, relentless rage, primal path, intimidating presence, whirlwind")
_feature("rogue thief assassin", "sneak attack, cunning action, uncanny dodge, evasion, thief cant, backstab, steady aim, pick lock, lockpicking, pickpocket, assassinate, sleight of hand, expertise")
_feature("paladin templar knight", "lay on hand, divine smite, divine sense, aura of protection, aura of courage, smite, channel divinity, oath")
_feature("cleric priest priestess", "turn undead, channel divinity, divine intervention, destroy undead, preserve life, divine strike")
_feature("druid", "wild shape, wildshape, natural recovery, beast shape, shapeshift")
_feature("bard minstrel", "bardic inspiration, cutting word, song of rest, countercharm, jack of all trade, inspiration")
_feature("monk", "flurry of blow, stunning strike, patient defense, step of the wind, ki, deflect missile, slow fall, martial art, unarmored movement, stillness of mind")
_feature("ranger hunter", "favored enemy, natural explorer, colossus slayer, primeval awareness, hunter mark, beast companion, animal companion, volley")
_feature("sorcerer sorceress", "metamagic, quickened spell, twinned spell, sorcery point, wild magic surge, tide of chaos, font of magic")
_feature("warlock", "eldritch invocation, pact weapon, pact of the blade, hexblade curse, agonizing blast")
_feature("wizard mage", "arcane recovery, spell mastery, arcane ward")

# Skills: "I use my intimidation skill" needs the skill on the sheet, or a class known for it.
SKILLS = frozenset(
    {"acrobatics", "animal handling", "arcana", "athletics", "deception", "history", "insight",
     "intimidation", "investigation", "medicine", "nature", "perception", "performance",
     "persuasion", "religion", "sleight of hand", "stealth", "survival", "lockpicking",
     "tracking", "diplomacy", "bluff", "intimidate", "haggling", "seduction", "climbing",
     "swimming", "herbalism", "alchemy", "navigation", "forgery", "disguise"}
)
CLASS_SKILLS: dict[str, frozenset[str]] = {
    "rogue": frozenset({"stealth", "sleight of hand", "acrobatics", "lockpicking", "deception", "bluff", "disguise", "forgery"}),
    "thief": frozenset({"stealth", "sleight of hand", "acrobatics", "lockpicking", "deception", "bluff"}),
    "ranger": frozenset({"survival", "tracking", "nature", "stealth", "animal handling"}),
    "druid": frozenset({"nature", "animal handling", "herbalism", "survival"}),
    "bard": frozenset({"performance", "persuasion", "deception", "diplomacy"}),
    "cleric": frozenset({"religion", "medicine", "insight"}),
    "paladin": frozenset({"religion", "persuasion"}),
    "wizard": frozenset({"arcana", "history", "investigation"}),
    "mage": frozenset({"arcana", "history", "investigation"}),
    "sorcerer": frozenset({"arcana"}),
    "warlock": frozenset({"arcana"}),
    "monk": frozenset({"acrobatics", "athletics", "stealth"}),
    "barbarian": frozenset({"athletics", "survival"}),
    "fighter": frozenset({"athletics"}),
    "warrior": frozenset({"athletics"}),
}
# Nouns that make a phrase a claimed power: "my dragon-slaying technique".
ABILITY_WORDS = frozenset({"skill", "ability", "power", "technique", "talent", "feat", "gift", "aura", "stance", "art", "trick", "move", "maneuver", "manoeuvre", "discipline", "blessing", "curse", "breath", "form"})

# Powers that break ordinary physics, and the sheet or inventory entries that grant them.
PHYSICS_MODES: dict[str, re.Pattern[str]] = {
    "flight": re.compile(r"\b(fly|flies|flight|flying|levitat\w*|wings?|winged|soar\w*|hover\w*|broom of flying|flying broom)\b"),
    "teleportation": re.compile(
        r"\b(teleport\w*|misty step|dimension door|blink|thunder step|far step|shadow step|fey step|"
        r"starlight step|ethereal jaunt|plane shift|word of recall|tree stride|transport via plant|"
        r"benign transposition)\b"
    ),
    "phasing": re.compile(r"\b(ethereal\w*|phase|phasing|incorporeal|passwall|pass ?wall|ghost ?form|intangib\w*|blink)\b"),
    "invisibility": re.compile(r"\b(invisib\w*|vanish\w*|cloak of elvenkind|ring of invisibility|greater invisibility)\b"),
    "shapeshifting": re.compile(r"\b(wild ?shape|shapechange|shape ?shift\w*|polymorph|shift|change shape|alter self|beast form|lycanthrop\w*|druid)\b"),
    "water breathing": re.compile(r"\b(water ?breathing|gills?|amphibious|triton|merfolk|sea elf)\b"),
    "water walking": re.compile(r"\b(water ?walk\w*|walk on water|levitat\w*|fly|flight|flying|wings?|winged|hover\w*)\b"),
    "gaseous form": re.compile(r"\b(gaseous form|mist ?form|mist|vampir\w*|wind walk|shapechange|shadow ?form|smoke ?form)\b"),
    "leaping": re.compile(r"\b(jump|leap\w*|spring\w*|step of the wind|boots of striding|athlete|super ?strength|superhuman|fly|flight|flying|levitat\w*|wings?)\b"),
    "wall walking": re.compile(r"\b(spider ?climb\w*|wall ?(walk|run|crawl)\w*|slippers of spider climbing|gecko)\b"),
    "telepathy": re.compile(r"\b(telepath\w*|detect thoughts?|mind ?read\w*|read minds?|psychic|psionic\w*|mentalis\w*|mind link|rary\w*|mind ?touch)\b"),
    "breath weapon": re.compile(r"\b(breath weapon|(dragon|fire|frost|ice|acid|lightning|poison|flame) ?breath|dragonborn|dragon|fire ?breath\w*)\b"),
    "energy blast": re.compile(
        r"\b((fire|flame|frost|ice|acid|lightning|thunder|shadow|arcane|eldritch|energy|laser|optic|plasma|force|psychic|holy|radiant|necrotic) ?"
        r"(bolt|blast|beam|ray|ball|lance|spray|burst|strike|whip|bolts|rays|beams)s?|burning hands?|scorching ray|shocking grasp|"
        r"produce flame|fireball|lightning|laser eyes?|heat vision|cybernetic \w+|implant\w*)\b"
    ),
    "time control": re.compile(r"\b(time stop|stop time|chrono\w*|time ?(mage|magic|manipulation|control)|haste)\b"),
    "telekinesis": re.compile(r"\b(telekine\w*|mage hand|psychokine\w*|psionic\w*|psychic|force powers?|the force|jedi|sith)\b"),
    "size change": re.compile(r"\b(shrink\w*|enlarge\w*|reduce|diminution|growth|size ?chang\w*|giant ?form|pym|alter self|polymorph)\b"),
}
PHYSICS_VERBS = {
    "flight": "fly",
    "teleportation": "teleport",
    "phasing": "pass through solid walls",
    "invisibility": "turn invisible",
    "shapeshifting": "change your shape",
    "water breathing": "breathe underwater",
    "water walking": "walk on water",
    "gaseous form": "turn into mist",
    "leaping": "leap that far",
    "wall walking": "walk up walls",
    "telepathy": "read minds",
    "telekinesis": "move things with your mind",
    "breath weapon": "breathe that",
    "energy blast": "blast that from your body",
    "time control": "bend time",
    "size change": "change your size",
}
# Which finding kind an unsupported mode is: bending physics, or claiming a power.
PHYSICS_KIND = {
    "flight": "physics", "teleportation": "physics", "phasing": "physics",
    "invisibility": "no_ability", "shapeshifting": "no_ability", "water breathing": "physics",
    "water walking": "physics", "gaseous form": "physics", "leaping": "physics", "wall walking": "physics",
    "telepathy": "no_ability", "telekinesis": "no_ability", "breath weapon": "no_ability",
    "energy blast": "no_ability", "time control": "no_ability", "size change": "physics",
}


_NO_MAGIC = re.compile(r"\b(no|without) (magic|spells?|spellcasting|sorcery)\b(?! items?)")
_NO_MAGIC_2 = re.compile(r"\bmagic (does not|doesn't|do not) exist|\bthere is no magic|\bmagic is (forbidden|banned|outlawed|gone|dead)")
_MAGIC_WORD = re.compile(r"\b(cast|casts|spell|spells|spellcasting|magic)\b")
_LIMIT_WORD = re.compile(r"\b(only|except|but|can|may)\b")
_RULE_WORD = re.compile(r"[a-z][a-z'-]*")


def parse_casters(rules: list[str]) -> frozenset[str] | None:
    return _parse_casters(tuple(rules))


@lru_cache(maxsize=256)
def _parse_casters(rules: tuple[str, ...]) -> frozenset[str] | None:
    """(cached) The spellcasting classes a setting's rules name, if a rule names them.

    "only mage, wizard, sorcerer, warlock and cleric can cast spells" -> {mage, wizard, ...};
    "no magic" / "magic does not exist" -> frozenset() (nobody casts); no such rule -> None.
    """
    for rule in rules:
        r = rule.casefold()
        if _NO_MAGIC.search(r) or _NO_MAGIC_2.search(r):
            if "except" not in r and "but" not in r and "only" not in r:
                return frozenset()
        if not _MAGIC_WORD.search(r) or not _LIMIT_WORD.search(r):
            continue
        words = _RULE_WORD.findall(r)
        found = set()
        for i, w in enumerate(words):
            base = singular(w)
            if base in KNOWN_CLASSES or base in CLASS_SYNONYMS:
                found.add(base)
            if i + 1 < len(words):
                pair = f"{w} {singular(words[i + 1])}"
                if pair in KNOWN_CLASSES:
                    found.add(pair)
        if found:
            return frozenset(found)
    return None


KNOWN_CLASSES = frozenset(
    {*DEFAULT_CASTERS, "warrior", "fighter", "barbarian", "rogue", "thief", "monk", "knight",
     "berserker", "hunter", "assassin", "archer", "soldier", "sea witch", "gunslinger",
     "swashbuckler", "brawler", "mercenary", "noble", "commoner", "merchant", "pirate"}
)


# -- magic described without the word "cast" -------------------------------------------------

# Nouns that name a magical working whatever verb performs it: "lay a curse on", "put a hex on",
# "call down a miracle", "weave an enchantment", "recite an incantation".
MAGIC_ACTS = frozenset(
    """curse hex jinx malediction whammy spell enchantment incantation miracle glamour glamor geas
    bewitchment conjuration invocation evocation cantrip sorcery witchcraft magic""".split()
)
# Workings that are magic only when laid *on* someone ("a blessing on the child", "a charm on
# the lock"); "I give him my blessing" is approval, "turn on the charm" is manner.
MAGIC_ON = frozenset("blessing benediction charm ward protection".split())
# Verbs that perform a working named by its noun.
PERFORMING = frozenset(
    """lay put place cast call bring invoke bestow work weave perform pronounce utter speak chant
    recite conjure summon rain send hurl unleash channel evoke brew""".split()
)
# What a deed is done "with" that makes it supernatural: "heal him with a prayer", "mend the
# wound with a miracle", "cure her by the power of the gods".
SUPERNATURAL_MEANS = frozenset(
    """prayer miracle blessing benediction incantation invocation spell magic sorcery chant
    enchantment witchcraft hex curse rite ritual""".split()
)
# Adjectives that make light, fire or power a supernatural means ("holy light", "divine power").
SACRED = frozenset("holy divine sacred unholy arcane magical magic mystic mystical eldritch celestial infernal radiant".split())
SACRED_HEADS = frozenset("light fire flame flames power energy radiance wrath might force fury".split())
# Effects nobody brings about by hand: healing, raising the dead, restoring a lost limb.
WONDER_VERBS = frozenset("heal cure mend restore revive resurrect reanimate regrow smite bless".split())
# Verbs of appearing elsewhere: after vanishing, reappearing somewhere is teleportation.
APPEARING = frozenset("reappear rematerialize rematerialise materialize materialise".split())
VANISHING = frozenset("vanish disappear dematerialize dematerialise".split())
# Verbs that are themselves a working done to someone or something: "I bewitch the captain",
# "I transmute the lead into gold".
ENCHANTING = frozenset("bewitch enchant ensorcel ensorcell ensorcelled spellbind becharm hex jinx transmute transmogrify alchemize alchemise".split())
# Verbs of saying a working aloud: "whisper a charm over the bowl", "intone an incantation".
SPEAKING = frozenset("whisper murmur mutter chant intone sing hum recite speak utter breathe say".split())


# -- powers named by what they make, and the setting's own words for magic ----------------------

# Effects no ordinary body or tool produces, named by the thing made ("throw up a force field",
# "open a portal", "conjure a storm"), each after a verb of making or raising it.
CONJURED_EFFECTS = re.compile(
    r"\b(?:throw|throws|threw|throwing|put|puts|putting|raise|raises|raised|raising|project|projects|projecting|"
    r"conjure|conjures|conjured|conjuring|create|creates|created|creating|erect|erects|erecting|summon|summons|"
    r"summoning|generate|generates|generating|call|calls|calling|open|opens|opening|tear|tears|tearing|rip|rips|"
    r"weave|weaves|weaving|manifest|manifests|manifesting|form|forms|forming|spin|spins|bring|brings|"
    r"whip|whips|sing|sings)\s+(?:up\s+|down\s+|forth\s+|open\s+)?"
    r"(?:a|an|the|my|some|another|one|two|three)?\s*(?:(?!(?:to|for|at|into|through|toward|towards|of|with|from|on|in|by)\b)\w+\s+){0,2}?"
    r"(force[- ]?fields?|force[- ]?walls?|walls? of force|energy (?:shields?|barriers?|walls?|domes?)|"
    r"deflector shields?|shield of (?:force|light|energy)|barriers? of (?:force|light|energy|ice|fire|wind)|"
    r"(?:magic|magical|arcane|mystic|psychic|psionic|holy|spectral|shimmering|glowing|invisible) (?:shields?|barriers?|walls?|domes?|wards?)|"
    r"protective wards?|wards? against|portals?|wormholes?|rifts? in (?:space|time|reality)|stasis fields?|gravity wells?|"
    r"time bubbles?|(?:thunder|lightning|snow|ice|hail|sand|dust|fire) ?storms?|blizzards?|earthquakes?|tidal waves?|"
    r"tornado(?:e?s)?|whirlwinds?|illusions?|illusory \w+|(?:an? )?(?:exact )?(?:double|duplicate|clone)s? of (?:myself|me)|"
    r"mirror images?)\b"
)
# What one may draw into oneself only by a power: radiation, sunlight, life, lightning.
DRAWN_ENERGIES = frozenset(
    """rad rads radiation sunlight moonlight starlight energy energies power electricity lightning
    heat warmth life lifeforce life-force essence soul souls mana chi ki aether ether magic
    strength vitality""".split()
)
ABSORBING = re.compile(
    r"\b(?:absorb\w*|soak\w* up|soak\w* in|drink\w* in|drain\w*|siphon\w*|leech\w*|feed\w* on|feed\w* off|draw\w* (?:in|on|upon)|"
    r"suck\w* (?:in|up)|harvest\w*|channel\w*|bask\w* in|draw\w* (?:strength|power|energy|life|vitality) (?:from|out of))\b"
)


def rule_magic_words(rules: list[str]) -> frozenset[str]:
    return _rule_magic_words(tuple(rules))


@lru_cache(maxsize=256)
def _rule_magic_words(rules: tuple[str, ...]) -> frozenset[str]:
    """(cached) The setting's own names for magic, from rules that say who may work it: "only a
    völva can work seidr or any other magic" -> {"seidr"}; "only the Jedi may use the Force" ->
    {"force"}. Generic words (magic, spells, sorcery) are left to the caster rules."""
    out: set[str] = set()
    generic = {"magic", "spell", "spells", "sorcery", "spellcasting", "any", "other", "kind", "kinds", "form", "forms", "of", "the", "a", "an", "all", "it", "them"}
    for rule in rules:
        m = re.search(r"\bonly\b.*?\b(?:can|may|could|are able to|know how to)\s+(?:work|cast|use|practi[cs]e|wield|perform|weave|channel|wield)\s+(.+)$", rule.casefold())
        if not m:
            continue
        for part in re.split(r",|\bor\b|\band\b|;|\.", m.group(1)):
            ws = [w for w in re.findall(r"[^\W\d_][\w'-]*", part) if w not in generic]
            if len(ws) == 1 and len(ws[0]) >= 3:
                out.add(ws[0])
    return frozenset(out)


# -- feats no body performs, described without naming a power ---------------------------------

# Natural forces commanded: "part the waves", "calm the storm", "command the wind to rise".
NATURAL_FORCES = frozenset(
    """sea seas ocean waves wave tide tides storm storms tempest wind winds gale sky skies clouds
    rain lightning thunder weather river rivers earth ground mountain mountains sun moon stars
    fog mist snow blizzard volcano lava flood floods""".split()
)
COMMANDING = frozenset(
    """part parts parted calm calms calmed still stills stilled command commands commanded quell
    quells quelled split splits summon summons call calls raise raises bend bends control
    controls bid bids halt halts""".split()
)
# The forces only a power commands whatever the means (a "calm the horse" is no such thing).
GREAT_FORCES = frozenset("sea seas ocean waves tide tides storm storms tempest lightning thunder sun moon stars gale blizzard volcano flood floods earthquake".split())
# Means that are no tool and no muscle: "with my mind", "by will alone", "with a touch".
MIND_MEANS = re.compile(
    r"\b(?:with|using|by)\s+(?:my\s+|a\s+|sheer\s+|pure\s+|nothing but\s+|the power of my\s+)?(?:mind|thoughts?|will|willpower|will alone|thought alone|psychic \w+|mental \w+)\b"
    r"|\b(?:by|through) (?:will|thought|willpower) alone\b|\bwithout (?:touching|laying a (?:hand|finger) on)\b"
)
TOUCH_MEANS = re.compile(r"\b(?:with|by)\s+(?:a|one|my|the|just a|a single|a mere)\s+(?:touch|word|glance|look|breath|wave|snap|gesture|whisper)\b")
# Effects a touch, a word or a glance does not work on its own.
WROUGHT_BY_TOUCH = frozenset(
    """heal heals healed cure cures cured mend mends knit knits restore restores revive revives
    resurrect freeze freezes petrify petrifies wither withers kill kills slay slays burn burns
    ignite ignites melt melts shatter shatters transform transforms""".split()
)
# Verbs of moving things that "with my mind" makes telekinesis ("with sheer will I climb" is grit).
MOVED_BY_MIND = frozenset(
    """move moves lift lifts push pushes pull pulls stop stops throw throws hurl hurls fling flings
    bend bends open opens close closes float floats crush crushes shatter shatters snap snaps choke
    chokes levitate levitates toss tosses slam slams freeze freezes twist twists rip rips yank
    yanks drag drags""".split()
)
# "make him forget", "force her to obey": a mind bent, not persuaded.
MIND_BENT = re.compile(
    r"\b(?:make|makes|force|forces|compel|compels|will|wills|bend|bends|command|commands)\s+(?:him|her|them|it|[A-Z]?[\w'-]+|the [\w'-]+)\s+(?:to\s+)?"
    r"(?:forget|forgets|see things|hallucinate|love me|freeze in place|do my bidding|serve me)\b",
    re.I,
)
MIND_SEIZED = re.compile(r"\b(?:control|controls|take over|dominate|dominates|possess|possesses|enthrall|enthralls|charm|charms|bewitch|bewitches)\s+(?:his|her|their|its|[\w'-]+'s?)\s+(?:mind|will|body|thoughts)\b", re.I)
# Seeing or hearing through solid matter.
SEEING_THROUGH = re.compile(
    r"\b(?:see|sees|look|looks|peer|peers|gaze|gazes|stare|stares)\s+(?:right\s+|straight\s+)?through\s+(?:the\s+|a\s+|that\s+|solid\s+|\d+\s+\w+\s+of\s+)?"
    r"(?:[\w'-]+\s+)?(?:walls?|floors?|ceilings?|bulkheads?|hull|rock|stone|earth|ground|mountain|vault door)\b(?!\s+of\b)"
)
# Strength no body has: through stone, steel bent or torn apart.
STRENGTH_FEATS = re.compile(
    r"\b(?:punch|punches|smash|smashes|kick|kicks|tear|tears|rip|rips|burst|bursts|break|breaks|crash|crashes|headbutt|headbutts|shoulder|shoulders|charge|charges|bash|bashes|dig|digs|claw|claws|tunnel|tunnels|burrow|burrows)\s+"
    r"(?:straight\s+|right\s+|clean\s+|my way\s+)?(?:through|thru)\s+(?:the\s+|a\s+|that\s+|this\s+)?(?:[\w'-]+\s+){0,2}?"
    r"(?:walls?|bulkhead|hull|vault door|vault|rock|cliff|bars|mountain|stone|bedrock|masonry)\b(?!\s+of\b)"
    r"|\b(?:tear|tears|rip|rips|pull|pulls|wrench|wrenches|bend|bends|pry|prise|prize)\s+(?:the\s+|a\s+|its\s+|those\s+)?(?:cell\s+|iron\s+|steel\s+|prison\s+|jail\s+|window\s+)?(?:bars|steel door|iron door|vault door|girder|girders)\s+(?:apart|open|aside|off|out|like)\b"
    r"|\b(?:lift|lifts|hoist|hoists|heave|heaves|raise|raises|pick up|picks up|throw|throws|hurl|hurls|toss|tosses)\s+(?:the\s+|a\s+|an\s+|that\s+|this\s+)?(?:whole\s+|entire\s+)?(?:[\w'-]+\s+)?"
    r"(?:carriage|coach|wagon|cart|car|truck|tram|locomotive|train|boulder|cannon|ship|boat|house|horse|ox|elephant|statue|pillar|column)\s+(?:over my head|above my head|overhead|high into the air|with one hand|one-handed)"
)
# "faster than a galloping horse": a body outdoing what no body outdoes.
OUTDOING = re.compile(
    r"\b(?:faster|quicker|swifter|stronger|higher|further|farther|louder)\s+than\s+(?:a|an|the|any)\s+(?:galloping\s+|speeding\s+|charging\s+|flying\s+|racing\s+|runaway\s+)?"
    r"(?:horse|horses|stallion|cheetah|car|train|locomotive|bullet|bullets|arrow|arrows|wind|hawk|falcon|eagle|motorcar|automobile|steam engine|ox|elephant|bear|giant|troll|cannon|cannonball)\b"
)

# "clear the river in a single bound": the bound is the claim.
IN_ONE_BOUND = re.compile(
    r"\b(?:clear|clears|cleared|leap|leaps|leapt|leaped|jump|jumps|jumped|vault|vaults|vaulted|bound|bounds|spring|springs|sprang|hop|hops)\b"
    r"[^.;!?]*?\bin (?:one|a single|a) (?:mighty |great |huge |single )?(?:bound|leap|jump)\b"
)
# A wound closed "with a touch": healing, whatever the verb.
WOUND_CLOSED = re.compile(r"\b(?:close|closes|closed|seal|seals|sealed|knit|knits|stanch|staunch|stop|stops)\b[^.;!?]*?\b(?:wound|wounds|cut|cuts|gash|gashes|injury|injuries|bleeding)\b")
