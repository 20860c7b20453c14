"""Mentions that must be grounded in the scene: people, creatures and things.

Open-world: nothing here lists what may *not* appear. A proper name that acts, a person who
arrives, a creature that bursts in, a thing that is drawn, found or handed over must be in the
scene, whatever it is called; the vocabulary only tells a creature from a piece of furniture, and
colour (furniture a place of that kind has, light, weather, body parts, clothes) is never asked
for. A mention inside quotes, a story about the past, a simile or a negation is not an event.

One check a kind of mention: ``proper_names`` (with ``name_bearers``), ``people``, ``creatures``
(with ``creature_words``) and ``items`` (with ``item_frames`` and ``item_grounding``), all over
the shared readings of ``cues``.
"""

from bot.guard.narration_checks.mentions.creatures import CreatureCheck
from bot.guard.narration_checks.mentions.items import ItemCheck
from bot.guard.narration_checks.mentions.people import PeopleCheck
from bot.guard.narration_checks.mentions.proper_names import ProperNameCheck

__all__ = ["CreatureCheck", "ItemCheck", "PeopleCheck", "ProperNameCheck"]
