"""A thing said to be here by a sentence with no verb of its own must be in the scene.

Narrators list what a place holds in fragments: "Beside the stove, a jewelled crown.", "You look
around the galley: a kettle, a lantern and a coil of rope.", "A pearl-handled pistol on the
table." The scene is a ship's galley with words of its own; each rule is shown with the near
wording it must leave alone.
"""

from __future__ import annotations

from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene

_SCENE = Scene.from_dict({
    "setting": "a whaling ship, 1851",
    "world_rules": ["no magic"],
    "location": {"name": "Galley", "description": "A cramped galley below decks.", "exits": ["Deck"]},
    "npcs": [{"name": "Dagoo", "aliases": ["cook"], "items": ["ladle"]}],
    "items": ["kettle", "lantern", "coil of rope"],
    "player": {"name": "Ishmael", "class": "sailor", "inventory": ["knife"]},
})


def _invented(text: str) -> list[str]:
    return [f.span.lower() for f in postvalidate(text, _SCENE) if f.kind == "invented_item" and f.severity == "block"]


def test_a_thing_after_where_it_lies_is_said_to_be_here() -> None:
    assert _invented("Beside the stove, a jewelled crown.") == ["a jewelled crown"]
    assert _invented("Under the bench: a pearl-handled pistol.") == ["a pearl-handled pistol"]


def test_what_looking_round_lists_is_said_to_be_here() -> None:
    assert _invented("You look around the galley: a kettle, a jewelled crown and a lantern.") == ["a jewelled crown"]
    assert _invented("You look around the galley: a kettle, a lantern and a coil of rope.") == []


def test_a_fragment_that_says_where_a_thing_is_puts_it_here() -> None:
    assert _invented("Dagoo stirs the pot. A pearl-handled pistol on the table.") == ["a pearl-handled pistol"]


def test_the_scenes_own_things_in_such_fragments_are_fine() -> None:
    assert _invented("Beside the stove, a kettle.") == []
    assert _invented("In the corner, a lantern.") == []


def test_a_remark_or_a_time_before_the_comma_is_not_where() -> None:
    assert _invented("Dagoo nods, a grin on his face.") == []
    assert _invented("After a while, a silence.") == []
    assert _invented("A pity about the weather.") == []
