"""Powers told as what happens, not as what the player uses: checked in the words themselves.

Why a module of its own: the red team's set i described powers by their effect and by the
world's answer, with no power word at all: the body drifts weightless to the ceiling under
gravity, a gale carries the player over a sound, space between two rooms is folded, the player
slips inside someone's thoughts or reaches out with the mind, a palm laid on dead flesh and the
flesh pinks up, the wind ordered to drop "and it does", water breathed like air, a roof gained
"in a single bound". Each is a sentence shape, not a phrase: a claimed physics mode (checked by
``abilities._physics`` against the sheet, so a levitating wizard may float) or a power no sheet
without magic has. Compiled once; one pass of a few regexes per step.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from bot.guard.finding import Finding
from bot.guard.prevalidate.abilities import _physics
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.wording import _finding
from bot.world.intent import Intent
from bot.world.scene import Scene

# A missile of raw element by its shape ("roaring ball of flame", "bolt of frost"): a spell's
# work, never a thing held (the item check leaves it to the spell check).
ELEMENT_MISSILE_NAME = (
    r"(?:[a-z'-]+\s+){0,2}?(?:ball|balls|bolt|bolts|orb|orbs|lance|spear|sphere|wave|gout|burst|ray|beam|arc|lash|whip|"
    r"dart|darts|shard|shards|storm|wall|column|pillar|cone)\s+of\s+"
    r"(?:[a-z'-]+\s+)?(?:fire|flame|flames|lightning|frost|ice|acid|force|energy|plasma|thunder|hellfire|shadow|darkness)\b"
)
ELEMENT_MISSILE = re.compile(r"^(?:(?:a|an|one|another|the)\s+)?" + ELEMENT_MISSILE_NAME)


# Weightless drifting or floating, soaring over the land, being borne aloft by the wind: flight.
_FLIGHT = re.compile(
    r"\b(?:drift|drifts|drifting|float|floats|floating|rise|rises|rising|hover|hovers|hovering|glide|glides)\s+(?:up\s+)?weightless(?:ly)?\b"
    r"|\bweightlessly\s+(?:up|upward|upwards|into|to|across|through)\b"
    r"|\b(?:soar|soars|soaring|soared)\s+(?:up\s+)?(?:over|above|across|into the (?:air|sky))\b"
    r"|\b(?:lift|lifts|carry|carries|bear|bears|sweep|sweeps|blow|blows|take|takes)\s+me\s+(?:up\s+)?(?:and\s+)?"
    r"(?:off|into the (?:air|sky)|over|above|across|aloft)\b"
)
# What makes such a journey an ordinary one: a craft, a rig or a harness bears the player.
_BORNE_BY_GEAR = re.compile(
    r"\b(?:balloon|glider|hang-glider|kite|wingsuit|parachute|paraglider|jetpack|jet pack|crane|winch|harness|rope|zip ?line|"
    r"airship|plane|aircraft|helicopter|boat|ship|raft|sledge|sled|skis?|horse|wagon|cart|elevator|the lift)\b"
)
# Space folded or torn between here and there: teleportation.
_SPACE_FOLDED = re.compile(
    r"\b(?:fold|folds|folding|bend|bends|warp|warps|tear|tears|rip|rips|pinch|pinches|collapse|collapses)\s+"
    r"(?:up\s+)?(?:the\s+)?(?:space|distance|spacetime|space-time|fabric of space|gap)\s+(?:between|from|to)\b"
)
# Into someone's mind: "slip inside Vikram's thoughts", "dive into her memories".
_INTO_A_MIND = re.compile(
    r"\b(?:into|inside|within)\s+(?:his|her|their|its|(?:the\s+)?[a-z][\w-]*'s?)\s+(?:[a-z-]+\s+)?(?:mind|minds|thoughts|memories|dreams|psyche|consciousness)\b"
)
_MIND_REACHING = re.compile(r"\breach(?:es|ing)?\s+out\s+with\s+(?:my|our)\s+(?:mind|thoughts|will|psychic \w+)\b")
# A hand laid on a hurt, and the hurt mends of itself.
_LAID_ON = re.compile(
    r"\b(?:lay|lays|place|places|put|puts|press|presses|rest|rests|hold|holds)\s+(?:my|both my|our)\s+"
    r"(?:palm|palms|hand|hands|fingers|fingertips)\s+(?:on|upon|over|against|to)\b"
)
_MENDS_ITSELF = re.compile(
    r"\b(?:flesh|skin|wound|wounds|cut|gash|bone|bones|burn|burns|frostbite|fingers|limb|blood|sores?)\b[^.;!?]{0,30}?"
    r"\b(?:pinks?|warms?|heals?|knits?|closes?|mends?|regrows?|grows? back|fades?|vanish(?:es)?|seals?|returns? to life|comes? back to life)\b"
)
# A force of nature bidden and obeying: "order the wind to drop, and it does".
_FORCE_BIDDEN = re.compile(
    r"\b(?:order|orders|tell|tells|bid|bids|command|commands|will|wills|demand|demands)\s+(?:the\s+)?"
    r"(?:wind|winds|gale|storm|rain|sea|waves|tide|clouds|fog|mist|snow|lightning|thunder|sun|river|fire|flames)\s+to\s+\w+"
    r"[^.;!?]{0,40}?\band\s+(?:it|they|the \w+)\s+(?:does|do|did|obeys|obey|obeyed|complies|comply|drops|dies|stops|calms|falls|listens)\b"
)
# Water breathed as if it were air.
_WATER_BREATHED = re.compile(r"\bbreathe[sd]?\s+(?:in\s+)?(?:the\s+)?(?:[a-z-]+\s+)?(?:water|brine|sea|seawater|river|lake)\s+(?:like|as if it were|as though it were|as)\s+air\b")
# A height gained "in a single bound", whatever the verb of the step that says it.
_GAINED_IN_ONE_BOUND = re.compile(
    r"\b(?:land|lands|landed|reach|reaches|reached|gain|gains|gained|make it|top|tops|alight|alights)\b[^.;!?]*?"
    r"\bin (?:one|a single) (?:mighty |great |huge |single )?(?:bound|leap|jump)\b"
)

# The body let down from a height like a leaf or a feather, or landing softly after drifting
# down: a slow fall no body makes by itself.
_SLOW_FALL = re.compile(
    r"\b(?:drift|drifts|drifting|float|floats|floating|glide|glides|gliding|waft|wafts|wafting|flutter|flutters|fluttering)\s+"
    r"(?:gently\s+|slowly\s+|softly\s+|lazily\s+)?down\b[^.;!?]{0,60}?"
    r"\b(?:like\s+(?:a\s+)?(?:falling\s+)?(?:leaf|feather|petal|snowflake|seed|thistledown)|land(?:s|ing)?\s+(?:softly|lightly|gently))\b"
)
# The body thinned or turned to vapour: "let myself thin to smoke", "dissolve into mist".
_TO_VAPOUR = re.compile(
    r"\b(?:thin|thins|thinning|turn|turns|turning|dissolve|dissolves|dissolving|melt|melts|fade|fades|change|changes|"
    r"become|becomes|transform|transforms|shift|shifts)\s+(?:myself\s+|my body\s+)?(?:in)?to\s+(?:a\s+)?"
    r"(?:smoke|mist|vapou?r|fog|steam|shadow|shadows|cloud of \w+|wisp of \w+)\b(?!-)"
)
# The player's own body seeping or sinking through something solid (or "it", a wall just named).
_SEEPED_THROUGH = re.compile(
    r"\b(?:i|myself|my (?:whole |entire )?(?:body|form|flesh|self))\s+(?:[a-z]+\s+)?"
    r"(?:seep|seeps|ooze|oozes|melt|melts|sink|sinks|phase|phases|sift|sifts|dissolve|dissolves)\s+(?:right\s+|straight\s+)?through\b"
)
# A distance covered in a few bounds: more than a body can clear in each.
_FEW_BOUNDS = re.compile(
    r"\b(?P<n>\d+|ten|twenty|thirty|forty|fifty|hundred|thousand|a hundred|a thousand)\s+(?P<unit>metres|meters|m|yards|feet|foot|miles?|kilometres?|kilometers?|km)\b"
    r"[^.;!?]{0,40}?\bin\s+(?P<k>one|two|three|four|five|a few|a couple of|a single|a dozen)\s+(?:great\s+|mighty\s+|huge\s+|long\s+)?"
    r"(?:bounds?|leaps?|jumps?|strides?|hops?)\b"
)
_DISTANCE_WORDS = {"ten": 10, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "a hundred": 100, "thousand": 1000, "a thousand": 1000}
_UNIT_METRES = {"metres": 1.0, "meters": 1.0, "m": 1.0, "yards": 0.9, "feet": 0.3, "foot": 0.3, "mile": 1609.0, "miles": 1609.0,
                "kilometre": 1000.0, "kilometres": 1000.0, "kilometer": 1000.0, "kilometers": 1000.0, "km": 1000.0}
_BOUND_COUNT = {"one": 1, "a single": 1, "two": 2, "a couple of": 2, "three": 3, "four": 4, "five": 5, "a few": 3, "a dozen": 12}
# Farther than this in one bound is no human leap (the long-jump record is under nine metres).
_MAX_BOUND_METRES = 10.0
# Another's thoughts heard or read as if spoken: "hear every thought in her head".
_THOUGHTS_HEARD = re.compile(
    r"\b(?:hear|hears|read|reads|sense|senses|catch|catches|pluck|plucks|listen to|listens to|eavesdrop on)\s+"
    r"(?:every|each|all|all of|all the)?\s*(?:(?:his|her|their|its|the|[a-z]+'s)\s+)?(?:secret\s+|unspoken\s+|inner\s+|private\s+|surface\s+)?"
    r"thoughts?\b(?!\s+(?:on|about|regarding)\b)"
)
# A memory taken out of someone's head: "wipe the evening from his memory".
_MEMORY_TAKEN = re.compile(
    r"\b(?:wipe|wipes|erase|erases|blot|blots|scrub|scrubs|purge|purges|pluck|plucks|steal|steals|remove|removes|strip|strips)\b"
    r"[^.;!?]{0,40}?\b(?:from|out of)\s+(?:his|her|their|its|[a-z]+'s)\s+(?:memory|memories|mind)\b(?![\s-]+(?:box|card|stick|chip|bank|book|palace|game)\b)"
)
# Things undone or moved "by themselves" while the player only looks or wills: telekinesis.
_BY_THEMSELVES = re.compile(
    r"\b(?:glare|glares|stare|stares|gaze|gazes|concentrate|concentrates|focus|focuses|will|wills|narrow my eyes)\b"
    r"[^.;!?]{0,60}?\b(?:until|till|and|so that)\b[^.;!?]{0,40}?"
    r"\b(?:by (?:itself|themselves)|of (?:its|their) own accord|on (?:its|their) own)\b"
)
# Something set alight by the player's word or will alone, with nothing to light it by.
_MADE_TO_BURN = re.compile(r"\bmakes?\s+(?:[\w'-]+\s+){1,4}?(?:burst|bursts|erupt|erupts)\s+(?:in|into)\s+(?:flame|flames|fire)\b")
_FIRE_MAKERS = re.compile(
    r"\b(?:match|matches|flint|lighter|torch|tinder|tinderbox|lamp|oil|candle|brazier|fuse|petrol|kerosene|powder|"
    r"fire|campfire|embers?|coals?|stove|hearth|grate|furnace|forge|bellows|fan|fanning|blow|blowing|spark|sparks|lens)\b"
)
# Magic worked by the words of a charm: "with a whispered charm", "by an old incantation".
_SPOKEN_CHARM = re.compile(
    r"\b(?:with|by|using|through)\s+(?:a|an|my|the|some)\s+(?:whispered|muttered|murmured|spoken|chanted|sung|uttered|old|ancient|secret)\s+"
    r"(?:charm|incantation|spell|cantrip|hex|invocation|chant|words? of power)\b"
)


def _few_bounds(words: str) -> str | None:
    """The words of a distance covered in too few bounds for a body ("the last thousand metres
    to the summit in three bounds"), if any."""
    m = _FEW_BOUNDS.search(words)
    if m is None:
        return None
    n = m.group("n")
    amount = float(n) if n.isdigit() else float(_DISTANCE_WORDS.get(n, 0))
    metres = amount * _UNIT_METRES.get(m.group("unit"), 1.0)
    bounds = _BOUND_COUNT.get(m.group("k"), 1)
    return m.group(0) if metres / bounds > _MAX_BOUND_METRES else None


def _searcher(*patterns: re.Pattern[str]) -> Callable[[str], str | None]:
    """The words of the first of ``patterns`` that tells its power in a step, or None."""
    def told(words: str) -> str | None:
        for pattern in patterns:
            m = pattern.search(words)
            if m is not None:
                return m.group(0)
        return None
    return told


# Powers told by their effect, in the order they are reported: how the words tell each, the
# pseudo-ability it takes, and whether gear that carries the player (a glider, a balloon)
# explains it instead.
_BY_EFFECT: tuple[tuple[Callable[[str], str | None], str, bool], ...] = (
    (_searcher(_FLIGHT), "flight", True),
    (_searcher(_SPACE_FOLDED), "teleportation", False),
    (_searcher(_WATER_BREATHED), "water breathing", False),
    (_searcher(_GAINED_IN_ONE_BOUND), "leaping", False),
    (_searcher(_SLOW_FALL), "flight", True),
    (_searcher(_TO_VAPOUR), "gaseous form", False),
    (_searcher(_SEEPED_THROUGH), "phasing", False),
    (_few_bounds, "leaping", False),
    (_searcher(_INTO_A_MIND, _MIND_REACHING, _THOUGHTS_HEARD, _MEMORY_TAKEN), "telepathy", False),
)


def _wonders(intent: Intent, words: str, scene: Scene, sheet: _Sheet, c: float, after: str = "", before: str = "") -> list[Finding]:
    """Findings for powers the step's words (lower case, quoted speech blanked) tell by their
    effect; ``after`` is the next step's words, where the world's answer may be told ("... and
    it does"), ``before`` the step before, where the means may be told ("blow on the embers and
    make the kindling burst into flame"). The caller has checked the step is the player's own
    deed, not something asked of someone or only spoken of."""
    out: list[Finding] = []
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    for told, method, gear_explains in _BY_EFFECT:
        text = told(words)
        if text is not None and not (gear_explains and _BORNE_BY_GEAR.search(words)):
            f = _physics(replace(intent, method=method, method_kind="ability", method_text=text), sheet, c)
            if f is not None:
                out.append(f)
    if sheet.can_cast and not sheet.magic_banned:
        return out  # a caster's wonders are the spell check's to judge when named
    m = _LAID_ON.search(words)
    if m is not None and _MENDS_ITSELF.search(words, m.end()):
        out.append(_finding("no_ability", 0.88 * c, m.group(0), evidence, "A touch does not mend flesh: nothing you have lets you."))
    m = _FORCE_BIDDEN.search(f"{words} and {after.casefold()}" if after else words)
    if m is not None:
        out.append(_finding("no_ability", 0.88 * c, m.group(0), evidence, "The weather does not obey you: nothing you have lets you."))
    m = _BY_THEMSELVES.search(words)
    if m is not None:
        f = _physics(replace(intent, method="telekinesis", method_kind="ability", method_text=m.group(0)), sheet, c)
        if f is not None:
            out.append(f)
    m = _MADE_TO_BURN.search(words)
    if m is not None and not _FIRE_MAKERS.search(f"{before.casefold()} {words}"):
        out.append(_finding("no_ability", 0.85 * c, m.group(0), evidence, "Nothing you have sets things alight by a word."))
    m = _SPOKEN_CHARM.search(words)
    if m is not None:
        out.append(_finding("no_ability", 0.88 * c, m.group(0), evidence, "You know no charms: nothing you have works magic."))
    return out
