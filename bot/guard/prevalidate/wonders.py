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


def _wonders(intent: Intent, words: str, scene: Scene, sheet: _Sheet, c: float, after: str = "") -> list[Finding]:
    """Findings for powers the step's words (lower case, quoted speech blanked) tell by their
    effect; ``after`` is the next step's words, where the world's answer may be told ("... and
    it does"). The caller has checked the step is the player's own deed, not something asked of
    someone or only spoken of."""
    out: list[Finding] = []
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    m = _FLIGHT.search(words)
    if m is not None and not _BORNE_BY_GEAR.search(words):
        f = _physics(replace(intent, method="flight", method_kind="ability", method_text=m.group(0)), sheet, c)
        if f is not None:
            out.append(f)
    m = _SPACE_FOLDED.search(words)
    if m is not None:
        f = _physics(replace(intent, method="teleportation", method_kind="ability", method_text=m.group(0)), sheet, c)
        if f is not None:
            out.append(f)
    m = _WATER_BREATHED.search(words)
    if m is not None:
        f = _physics(replace(intent, method="water breathing", method_kind="ability", method_text=m.group(0)), sheet, c)
        if f is not None:
            out.append(f)
    m = _GAINED_IN_ONE_BOUND.search(words)
    if m is not None:
        f = _physics(replace(intent, method="leaping", method_kind="ability", method_text=m.group(0)), sheet, c)
        if f is not None:
            out.append(f)
    m = _INTO_A_MIND.search(words) or _MIND_REACHING.search(words)
    if m is not None:
        f = _physics(replace(intent, method="telepathy", method_kind="ability", method_text=m.group(0)), sheet, c)
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
    return out
