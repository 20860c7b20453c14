"""Hallucinations for narration, drawn from what the scene does NOT hold.

Each kind of ``../shared/eval/FORMAT.md`` has its own generator: it picks something absent from the
scene (a name, an item, a creature, a place, a spell for someone who cannot cast, a number other
than the decided one, a technology the setting forbids) and one of many phrasings, so that a guard
cannot pass a benchmark by memorising sentences. The exact injected text is recorded beside its
kind, which is the ground truth the benchmark scores against.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.llm.base import LLMRequest, LLMResponse
from bot.world.scene import Scene

DEFAULT_SPELLCASTERS = ("mage", "wizard", "sorcerer", "warlock", "cleric")
SECOND_INJECTION_CHANCE = 0.2

# ---- pools --------------------------------------------------------------------------------------
FIRST_NAMES = (
    "Mara", "Voss", "Ilsabet", "Kethran", "Oduya", "Brannoc", "Sefa", "Teodor", "Yrsa", "Halvard",
    "Nadira", "Corwin", "Ysolde", "Tamsin", "Jorund", "Amara", "Riven", "Pellam", "Ondine", "Fenwick",
    "Zarek", "Liesl", "Caius", "Marisol", "Torvald", "Imke", "Anselm", "Keziah", "Dagny", "Orrin",
    "Thessaly", "Quillon", "Aurek", "Mirela", "Hakon", "Esk", "Vashti", "Rurik", "Solenne", "Bartholo",
)
TITLES = (
    "Death Knight", "Captain", "Sister", "Lord", "Lady", "Old", "Brother", "Magistrate", "Sergeant",
    "Master", "Dame", "Inquisitor", "High Priestess", "Warden", "Baron",
)
EPITHETS = ("the Grey", "the Red-Handed", "the Unbowed", "the Wanderer", "Ironjaw", "the Pale", "Blackthorn")

ABSENT_NPC_TEMPLATES = (
    "{npc} steps out from the shadows by the door, watching you closely.",
    "Behind you, {npc} laughs softly.",
    "{npc} strides in and demands to know what is going on.",
    "A voice cuts through the noise: it is {npc}, who nods at you knowingly.",
    "{npc} leans close and whispers that you are being followed.",
    "{npc} rises from a corner and walks over to you.",
    "{npc} claps you on the shoulder and grins.",
    "Suddenly {npc} bursts in, breathless, calling your name.",
    "{npc} answers in your place, cold and certain.",
    "Across the room, {npc} raises a hand in greeting.",
    "You feel the weight of a stare and turn to find {npc} beside you.",
    "{npc} mutters that none of this was ever meant to happen.",
)

ITEMS = (
    "gleaming magic staff", "jade amulet", "silver-chased dagger", "vial of glowing blue liquid",
    "obsidian wand", "tarnished brass compass", "war horn", "crystal orb", "ornate crossbow",
    "sealed scroll", "runed warhammer", "pouch of rubies", "golden key", "bone flute",
    "lantern of green glass", "flask of dragonfire oil", "phoenix feather", "spiked mace",
    "hunting bow", "enchanted ring", "ivory-handled whip", "silver hand mirror", "map of the old roads",
)
ITEM_TEMPLATES = (
    "You draw {a_item} from beneath your cloak.",
    "You pull {a_item} from your pack and hold it high.",
    "Your hand closes on {a_item} wedged in a gap in the floor.",
    "You reach into your belt pouch and produce {a_item}.",
    "At your feet lies {a_item}, and you pick it up.",
    "You brandish {a_item} that glints in the light.",
    "Tucked into a crack in the wall, you discover {a_item}.",
    "Without thinking, you grip {a_item} tighter.",
    "You find {a_item} where you least expected it and pocket it.",
)
ITEM_FROM_NPC_TEMPLATES = (
    "{npc} presses {a_item} into your hand with a knowing look.",
    "{npc} slides {a_item} across to you.",
    "With a grunt, {npc} tosses you {a_item}.",
)

CREATURES = (  # (phrase, plural)
    ("diamond horses", True), ("a giant scarlet scorpion", False), ("three ash-grey wolves", True),
    ("a shrieking harpy", False), ("a swarm of glowing beetles", False), ("a two-headed ogre", False),
    ("a pale wyvern", False), ("a pack of hellhounds", False), ("a hulking cave troll", False),
    ("a silver-scaled basilisk", False), ("a wild boar", False), ("a black bear", False),
    ("two giant rats", True), ("a spectral stag", False), ("a nest of vipers", False),
    ("four skeletal hounds", True),
)
CREATURE_TEMPLATES = (
    "Without warning, {c} burst{s} through the window, scattering glass everywhere.",
    "From the shadows, {c} lunge{s} at you.",
    "The floor trembles as {c} come{s} charging in.",
    "{C} appear{s} in the doorway, eyes burning.",
    "A terrible screech announces {c}, swooping down from above.",
    "{C} prowl{s} between the tables, sniffing the air.",
    "Something stirs: {c} slink{s} out from under the stairs.",
    "With a roar, {c} crash{es} into the room.",
)

SPELLS = (
    "a fireball", "a bolt of lightning", "a spell of invisibility", "a shimmering arcane shield",
    "a lance of ice", "a wave of healing light", "a crackling chain of lightning", "a curse of withering",
    "a sleep charm", "a blast of force",
)
PLAYER_SPELL_TEMPLATES = (
    "You raise your hand and {spell} erupts from your palm.",
    "You mutter an incantation and cast {spell}.",
    "Arcane words spill from your lips as you conjure {spell}.",
    "Channeling a power you never had, you unleash {spell}.",
    "You trace a glowing sigil in the air and release {spell}.",
    "Magic surges through you and you hurl {spell}.",
)
NPC_SPELL_TEMPLATES = (
    "{npc} raises a hand and hurls {spell} at you.",
    "{npc} chants in a strange tongue and casts {spell}.",
    "With a flick of the wrist, {npc} conjures {spell}.",
    "{npc}'s eyes flare white as {spell} bursts from their fingertips.",
    "{npc} whispers a spell, and {spell} answers the call.",
)
MAGIC_WORDS = ("spell", "magic", "cast", "fire", "lightning", "bolt", "heal", "arcane", "curse", "conjur",
               "invisib", "charm", "frost", "ice", "force")

PHYSICS_TEMPLATES = (
    "You vanish in a flicker of light and reappear on the far side of the room.",
    "You rise effortlessly into the air and hover there.",
    "With a single leap you soar up to the rafters and perch there.",
    "In the blink of an eye you are standing somewhere else, though you never moved.",
    "You float gently up toward the ceiling, weightless.",
    "You teleport behind your foe in a puff of smoke.",
    "You spread your arms and fly over everyone's heads.",
)
PHYSICS_FEATURE_TEMPLATES = (
    "You walk straight through the {feature} as though it were smoke.",
    "You pass through the {feature} without slowing.",
)
PHYSICS_CLIMB_TEMPLATES = (
    "You scale the {feature} in a heartbeat, fingers finding holds where there are none.",
    "You scramble up the {feature} and stand on top of it.",
)
PHYSICS_ABILITY_WORDS = ("fly", "flight", "teleport", "levitat", "blink", "phase", "wing", "climb", "spider")

DAMAGE_TEMPLATES = (
    "The blow deals {n} damage.",
    "It costs {target} {n} hit points.",
    "{n} points of damage, and counting.",
    "The wound is deep: {n} damage.",
)
MISS_AS_HIT_TEMPLATES = (
    "Your strike lands cleanly for {n} damage.",
    "You hit for {n} damage.",
)
GOLD_TEMPLATES = (
    "You count out {n} gold coins.",
    "The price comes to {n} gold.",
    "{n} gold pieces change hands.",
)

MODERN_TECH = (
    "flintlock pistol", "revolver", "smartphone", "electric torch", "laptop", "hunting rifle",
    "radio", "wristwatch", "motorcycle", "camera",
)
MASS_OR_ADJECTIVE = {"electricity", "electric", "gunpowder", "plastic", "steam", "magic", "technology"}
WORLD_RULE_TEMPLATES = (
    "You pull {a_w} from your coat and hold it up.",
    "{npc} sets {a_w} down in front of you.",
    "The glow of {a_w} lights up the room.",
    "{A_w} lies in plain sight on the floor.",
    "{npc} checks {a_w} and frowns.",
    "You notice {a_w} hanging on the wall.",
    "Somewhere nearby, {a_w} crackles into life.",
)
TECH_HINTS = ("firearm", "gun", "technology", "modern", "medieval", "fantasy")

PLACES = (
    "the Obsidian Spire", "Harrowgate Docks", "the Sunken Library", "the Temple of the Ninth Moon",
    "Greywater Keep", "the Saltmarsh Crossing", "the Ember Vaults", "Thornwick Abbey",
    "the Glass Bazaar", "Mournhold Bridge", "the Whispering Catacombs", "Ravenscar Tower",
    "the Drowned Chapel", "Copperfall Mine", "the Lantern Quarter",
)
PLACE_TEMPLATES = (
    "You arrive at {place}, its gates standing open before you.",
    "Moments later you find yourself in {place}.",
    "You push on and reach {place} as the light fades.",
    "The path leads you straight to {place}.",
    "You step through and emerge in {place}.",
    "Before long you are standing in the middle of {place}.",
)

_STOP = {"the", "of", "a", "an", "and", "to", "in", "on", "at", "with", "from", "old", "two", "three", "four"}
_WORD = re.compile(r"[a-z][a-z'-]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


# ---- entry point --------------------------------------------------------------------------------
def inject(response: LLMResponse, request: LLMRequest, rng: random.Random) -> LLMResponse:
    """The response with one (sometimes two) hallucinations of different kinds woven in."""
    ctx = request.context
    scene = _scene(ctx.scene if ctx is not None else None)
    outcome = ctx.outcome if ctx is not None else None
    text = response.text or ""
    records: list[dict[str, Any]] = []
    kinds = list(GENERATORS)
    rng.shuffle(kinds)
    wanted = 2 if rng.random() < SECOND_INJECTION_CHANCE else 1
    for kind in kinds:
        if len(records) >= wanted:
            break
        if kind in {r["kind"] for r in records}:
            continue
        result = GENERATORS[kind](text, scene, outcome, rng)
        if result is None:
            continue
        text, record = result
        records.append(record)
    if not records:
        return response
    return replace(response, text=text, injected=list(response.injected) + records)


# ---- kinds --------------------------------------------------------------------------------------
Result = tuple[str, dict[str, Any]] | None


def absent_npc(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    known = _scene_words(scene) | _words(text)
    name = _invent_name(rng, known)
    if name is None:
        return None
    mention = _present_npc_mention(text, scene)
    if mention is not None and rng.random() < 0.5:
        start, end = mention
        new_text = text[:start] + name + text[end:]
        return new_text, {"kind": "absent_npc", "text": name, "entity": name, "replaced": text[start:end]}
    sentence = rng.choice(ABSENT_NPC_TEMPLATES).format(npc=name)
    return _insert(text, sentence, rng), {"kind": "absent_npc", "text": sentence, "entity": name}


def invented_item(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    known = _scene_words(scene) | _words(text)
    item = _pick_absent(rng, ITEMS, known)
    if item is None:
        return None
    givers = [n.name for n in scene.npcs if not n.down]
    if givers and rng.random() < 0.3:
        sentence = rng.choice(ITEM_FROM_NPC_TEMPLATES).format(npc=rng.choice(givers), a_item=_a(item))
    else:
        sentence = rng.choice(ITEM_TEMPLATES).format(a_item=_a(item))
    return _insert(text, sentence, rng), {"kind": "invented_item", "text": sentence, "entity": item}


def invented_creature(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    known = _scene_words(scene) | _words(text)
    options = [c for c in CREATURES if not (_significant(c[0]) & known)]
    if not options:
        return None
    phrase, plural = rng.choice(options)
    template = rng.choice(CREATURE_TEMPLATES)
    sentence = template.format(
        c=phrase, C=phrase[:1].upper() + phrase[1:], s="" if plural else "s", es="" if plural else "es",
    )
    return _insert(text, sentence, rng), {"kind": "invented_creature", "text": sentence, "entity": phrase}


def impossible_ability(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    casters = [c.casefold() for c in (scene.spellcasters or DEFAULT_SPELLCASTERS)]
    actors: list[str | None] = []  # None = the player
    player_class = scene.player.char_class.casefold()
    if player_class not in casters and not _has_magic(scene.player.abilities):
        actors.append(None)
    for npc in scene.npcs:
        words = " ".join(npc.aliases).casefold()
        if not npc.down and not _has_magic(npc.abilities) and not any(c in words for c in casters):
            actors.append(npc.name)
    if not actors:
        return None
    actor = rng.choice(actors)
    spell = rng.choice(SPELLS)
    if actor is None:
        sentence = rng.choice(PLAYER_SPELL_TEMPLATES).format(spell=spell)
    else:
        sentence = rng.choice(NPC_SPELL_TEMPLATES).format(npc=actor, spell=spell)
    return _insert(text, sentence, rng), {
        "kind": "impossible_ability", "text": sentence, "entity": spell, "actor": actor or "player",
    }


def physics(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    abilities = " ".join(scene.player.abilities).casefold()
    if any(word in abilities for word in PHYSICS_ABILITY_WORDS):
        return None
    solid = [f.name for f in scene.location.features if f.locked or f.climbable is False]
    unclimbable = [f.name for f in scene.location.features if f.climbable is False]
    roll = rng.random()
    if solid and roll < 0.3:
        sentence = rng.choice(PHYSICS_FEATURE_TEMPLATES).format(feature=rng.choice(solid))
    elif unclimbable and roll < 0.5:
        sentence = rng.choice(PHYSICS_CLIMB_TEMPLATES).format(feature=rng.choice(unclimbable))
    else:
        sentence = rng.choice(PHYSICS_TEMPLATES)
    return _insert(text, sentence, rng), {"kind": "physics", "text": sentence}


def outcome_mismatch(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    steps = list(getattr(outcome, "steps", None) or [])
    if not steps or getattr(outcome, "blocked", False):
        return None
    numbers = _decided_numbers(outcome)
    taken = set(numbers.values()) | {int(n) for n in re.findall(r"\b\d+\b", text)}
    step = steps[-1]
    target = step.target or "the target"
    for key in ("damage", "gold"):
        decided = numbers.get(key)
        if decided is None:
            continue
        wrong = _wrong_number(decided, taken, rng)
        digits = list(re.finditer(rf"(?<![\d.]){decided}(?![\d])", text))
        if digits and rng.random() < 0.6:
            m = digits[0]
            new_text = text[:m.start()] + str(wrong) + text[m.end():]
            return new_text, {"kind": "outcome_mismatch", "text": str(wrong), "decided": decided, "field": key}
        templates = DAMAGE_TEMPLATES if key == "damage" else GOLD_TEMPLATES
        sentence = rng.choice(templates).format(n=wrong, target=target)
        return _insert(text, sentence, rng), {
            "kind": "outcome_mismatch", "text": sentence, "decided": decided, "field": key,
        }
    if step.action_type == "attack" and not step.success:
        wrong = _wrong_number(0, taken, rng)
        sentence = rng.choice(MISS_AS_HIT_TEMPLATES).format(n=wrong)
        return _insert(text, sentence, rng), {
            "kind": "outcome_mismatch", "text": sentence, "decided": "miss", "field": "success",
        }
    return None


def world_rule(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    pool = [w for w in scene.forbidden if w.casefold() not in MASS_OR_ADJECTIVE and w.strip()]
    if not pool:
        hints = " ".join(scene.world_rules + [scene.setting]).casefold()
        if not scene.forbidden and not any(h in hints for h in TECH_HINTS):
            return None
        pool = list(MODERN_TECH)
    word = rng.choice(pool)
    templates = [t for t in WORLD_RULE_TEMPLATES if "{npc}" not in t or scene.npcs]
    template = rng.choice(templates)
    npc = rng.choice(scene.npcs).name if scene.npcs else ""
    a_w = _a(word)
    sentence = template.format(a_w=a_w, A_w=a_w[:1].upper() + a_w[1:], npc=npc)
    return _insert(text, sentence, rng), {"kind": "world_rule", "text": sentence, "entity": word}


def invented_location(text: str, scene: Scene, outcome: Any, rng: random.Random) -> Result:
    names = [scene.location.name, *scene.location.aliases, *scene.location.exits, *scene.known_places]
    known = set().union(*(_significant(n) for n in names)) if names else set()
    known |= _words(text)
    place = _pick_absent(rng, PLACES, known)
    if place is None:
        return None
    sentence = rng.choice(PLACE_TEMPLATES).format(place=place)
    return _insert(text, sentence, rng), {"kind": "invented_location", "text": sentence, "entity": place}


GENERATORS: dict[str, Callable[[str, Scene, Any, random.Random], Result]] = {
    "absent_npc": absent_npc,
    "invented_item": invented_item,
    "invented_creature": invented_creature,
    "impossible_ability": impossible_ability,
    "physics": physics,
    "outcome_mismatch": outcome_mismatch,
    "world_rule": world_rule,
    "invented_location": invented_location,
}


# ---- helpers ------------------------------------------------------------------------------------
def _scene(value: Any) -> Scene:
    if isinstance(value, Scene):
        return value
    if isinstance(value, dict):
        return Scene.from_dict(value)
    return Scene()


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.casefold()))


def _significant(text: str) -> set[str]:
    return {w for w in _words(text) if w not in _STOP and len(w) > 2} | {
        w[:-1] for w in _words(text) if w.endswith("s") and len(w) > 3 and w not in _STOP
    }


def _scene_words(scene: Scene) -> set[str]:
    """Every significant word the scene uses for something (so an invention never collides)."""
    parts: list[str] = [scene.location.name, scene.location.description, *scene.location.exits,
                        *scene.location.aliases, *scene.items, *scene.creatures, *scene.known_places,
                        scene.player.name, *scene.player.inventory, *scene.player.abilities]
    for feature in scene.location.features:
        parts += [feature.name, *feature.aliases]
    for npc in scene.npcs:
        parts += [npc.name, *npc.aliases, *npc.items, *npc.abilities]
    for member in scene.party:
        parts += [member.name, *member.inventory, *member.abilities]
    for container, inside in scene.contents.items():
        parts += [container, *inside]
    out: set[str] = set()
    for part in parts:
        out |= _significant(part)
    return out


def _invent_name(rng: random.Random, known: set[str]) -> str | None:
    for _ in range(30):
        first = rng.choice(FIRST_NAMES)
        style = rng.random()
        if style < 0.45:
            name = f"{rng.choice(TITLES)} {first}"
        elif style < 0.65:
            name = f"{first} {rng.choice(EPITHETS)}"
        else:
            name = first
        if not (_significant(name) & known):
            return name
    return None


def _pick_absent(rng: random.Random, pool: tuple[str, ...], known: set[str]) -> str | None:
    options = [p for p in pool if not (_significant(p) & known)]
    return rng.choice(options) if options else None


def _present_npc_mention(text: str, scene: Scene) -> tuple[int, int] | None:
    """Where the text names a present NPC (by name, or "the <alias>"), for substitution."""
    lowered = text.casefold()
    for npc in scene.npcs:
        for alias in npc.aliases:
            m = re.search(rf"\bthe {re.escape(alias.casefold())}\b", lowered)
            if m:
                return m.start(), m.end()
        m = re.search(rf"\b{re.escape(npc.name.casefold())}\b", lowered)
        if m:
            return m.start(), m.end()
    return None


def _has_magic(abilities: list[str]) -> bool:
    joined = " ".join(abilities).casefold()
    return any(word in joined for word in MAGIC_WORDS)


def _decided_numbers(outcome: Any) -> dict[str, int]:
    numbers = getattr(outcome, "numbers", None)
    if callable(numbers):
        return dict(numbers())
    return {}


def _wrong_number(decided: int, taken: set[int], rng: random.Random) -> int:
    candidates = [decided + d for d in range(-5, 10) if d != 0 and decided + d >= 1 and decided + d not in taken]
    if not candidates:
        candidates = [n for n in range(decided + 10, decided + 40) if n not in taken]
    return rng.choice(candidates)


def _a(noun: str) -> str:
    return ("an " if noun[:1].casefold() in "aeiou" else "a ") + noun


def _insert(text: str, sentence: str, rng: random.Random) -> str:
    """``sentence`` appended (mostly), after an inner sentence, or in front."""
    body = text.strip()
    if not body:
        return sentence
    sentences = _SENTENCE_END.split(body)
    roll = rng.random()
    if roll >= 0.9:
        return f"{sentence} {body}"
    if roll < 0.6 or len(sentences) < 2:
        return f"{body} {sentence}"
    at = rng.randrange(1, len(sentences))
    return " ".join(sentences[:at] + [sentence] + sentences[at:])
