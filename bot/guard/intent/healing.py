""""I heal Greta": healing is done with something, and the parse says with what.

A bare "heal" names no spell, power or potion, so the step parser leaves it a plain deed
("other"), and a deed the rules do not know is narrated as the player wrote it: a warrior who
writes "I heal Greta" read "You heal Greta", an ability invented in two words. Here the deed is
given the means the sheet has for it, in the order a player would reach for them: a healing
spell or power (second wind only on oneself), then a healing draught or dressing carried. With
none of those, it becomes a healing power used, which pre-validation refuses by the sheet.
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.world.intent import Intent
from bot.world.scene import Scene

UNAIDED_HEALING = "healing"  # the method of a healing the sheet gives no means for

_HEAL_VERB = re.compile(r"\b(?:heal|heals|healing|cure|cures)\b", re.IGNORECASE)
_HEALING_POWER = re.compile(r"\b(?:heal\w*|cure\w*|wounds?|mend\w*|restor\w*|lay on hands|regenerat\w*|"
                            r"second wind|revive|revivify)\b", re.IGNORECASE)
_SELF_ONLY = frozenset({"second wind"})
_HEALING_THING = re.compile(r"\b(?:potion|potions|salve|bandages?|poultice|elixir|tonic|balm|medkit|"
                            r"first[- ]aid|healer's kit|herbs?|ointment|stimpack)\b", re.IGNORECASE)


def with_means(intent: Intent, scene: Scene) -> Intent:
    """The intent of a bare "heal someone", given the means the player has; others unchanged."""
    if intent.action_type != "other" or intent.method or not _HEAL_VERB.search(intent.words or ""):
        return intent
    if intent.target_kind not in ("npc", "party", "self", None) or (intent.target is None and
                                                                     not re.search(r"\b(?:myself|me)\b", intent.words, re.I)):
        return intent
    me = scene.player
    on_self = intent.target_kind == "self" or intent.target is None or intent.target == me.name
    casts = me.char_class.casefold() in {c.casefold() for c in scene.spellcasters}
    for power in me.abilities:
        if not _HEALING_POWER.search(power) or (power.casefold() in _SELF_ONLY and not on_self):
            continue
        spell = casts and power.casefold() not in _SELF_ONLY
        return replace(intent, action_type="cast" if spell else "ability", method=power,
                       method_kind="spell" if spell else "ability", method_text=power,
                       target=None if on_self and not spell else intent.target)
    for thing in me.inventory:
        if _HEALING_THING.search(thing):
            return replace(intent, action_type="use_item", method=thing, method_kind="item", method_text=thing)
    return replace(intent, action_type="ability", method=UNAIDED_HEALING, method_kind="ability",
                   method_text=UNAIDED_HEALING, resolved=True)
