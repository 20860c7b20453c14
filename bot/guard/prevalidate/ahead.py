"""Deriving, between turns, what intent extraction and pre-validation read from a scene.

Why: a scene index is rebuilt whenever anything in the scene changes (a purchase, a move, a
party member's new torch: on about 60% of scripted bench turns), and the first input checked
on a new index then pays for the sets both stages derive from it (compound spellings, the
words of names, others' powers and trades, the sheet). ``TurnRunner.prepare`` already indexes
the next turn's scenes while players type; calling ``prepare`` there too moves those sets off
the turn. It only fills caches: what any check decides is the same with or without it.
"""

from __future__ import annotations

from bot.guard.index import SceneIndex
from bot.guard.intent.message import _compounds
from bot.guard.lexicon.magic import rule_magic_words
from bot.guard.prevalidate.borrowed import _others_powers, _trades
from bot.guard.prevalidate.exposure import _required_gear
from bot.guard.prevalidate.referents import _present_words
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.targets import _people_words, _scene_words_of
from bot.world.scene import Scene


def prepare(scene: Scene) -> None:
    """Build the scene's index, its lookup groups, and the per-scene sets the two stages read
    from it."""
    index = SceneIndex.for_scene(scene)
    for kind in ("npc", "inventory", "item", "npc_item"):
        index.entities(kind)  # one kind of each of the index's lookup groups builds that group
    _compounds(index)
    _Sheet.of(scene, index)
    _others_powers(index)
    _trades(index)
    _required_gear(index)
    _present_words(index)
    _people_words(index)
    _scene_words_of(index)
    rule_magic_words(scene.world_rules)
