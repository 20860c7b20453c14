"""A question about what someone here knows, says or sells ("what does Bram know about the
gate?") is put to them: a talk intent with the question as its topic. Terminal play answered it
with "It isn't clear what Aldric does"."""

from __future__ import annotations

import pytest

from bot.guard.intent import extract
from bot.guard.prevalidate import prevalidate
from bot.world.scene import Scene
from tests.test_scene_index import tavern_dict


@pytest.fixture
def tavern() -> Scene:
    return Scene.from_dict(tavern_dict())


@pytest.mark.parametrize("text, who", [
    ("what does Bram know about the gate?", "Bram"),
    ("does Greta sell rope?", "Greta"),
    ("What does the barkeep think of the guard?", "Greta"),
    ("did Gretta say when the cellar was locked?", "Greta"),
])
def test_a_question_about_what_someone_here_knows_is_put_to_them(tavern: Scene, text: str, who: str) -> None:
    intents = extract(text, tavern)
    assert [(i.action_type, i.target) for i in intents] == [("talk", who)]
    assert intents[0].topic == text
    assert prevalidate(intents, tavern) == []


@pytest.mark.parametrize("text", [
    "what do I know about the gate?",  # the player's own knowledge: for the game master
    "what does the dragon know about the gate?",  # nobody here
    "where is Greta?",  # where someone is, not what they know
])
def test_other_questions_are_not_talk_to_someone_here(tavern: Scene, text: str) -> None:
    assert not [i for i in extract(text, tavern) if i.action_type == "talk" and i.target]
