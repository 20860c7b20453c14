"""A move's narration may show the place reached. In live play the game knows who and what is
there, so the narration is held to that place's lists as firmly as to the room left: a beast
invented at the destination is never posted, the destination's own people may be shown, and the
model is told what it will find."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.game import Game
from bot.llm.base import LLMRequest, LLMResponse
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner

TAVERN = ChannelRef("g1", "arrivals")


class SaysThis:
    """A model that answers every narration request with one fixed text, and keeps the prompts."""

    name = "says-this"
    model = "says-this"

    def __init__(self, text: str) -> None:
        self.text = text
        self.prompts: list[str] = []

    async def complete(self, request: LLMRequest) -> LLMResponse:
        self.prompts.append("\n".join(m.content for m in request.messages))
        return LLMResponse(text=self.text, model=self.model)

    async def aclose(self) -> None:
        return None


@pytest.fixture
async def game(tmp_path: Path):
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    g = Game(store)
    await g.start(TAVERN, "tavern")
    await g.join(TAVERN, "p1", "Aldric", "warrior")
    yield g
    await store.close()


def runner(game: Game, text: str) -> tuple[TurnRunner, SaysThis]:
    model = SaysThis(text)
    master = random.Random(3)
    return TurnRunner(game, model, rng_factory=lambda: random.Random(master.randrange(1 << 62))), model


@pytest.mark.parametrize("beast", [
    "A black bear appears in the doorway, eyes burning.",
    "The cobbles shake as three grey wolves come charging between the stalls.",
])
async def test_a_beast_invented_at_the_place_reached_is_never_posted(game: Game, beast: str) -> None:
    run, _ = runner(game, f"You head to Market Square. {beast}")
    result = await run.run(TAVERN, "p1", "I walk to the Market Square")
    assert not result.blocked
    assert "bear" not in result.narration and "wolves" not in result.narration
    assert "Market Square" in result.narration
    assert (await game.table(TAVERN)).character("p1").location == "Market Square"


async def test_the_people_of_the_place_reached_may_be_shown(game: Game) -> None:
    text = "You head out into Market Square, where Tobin the merchant is already calling out his prices."
    run, _ = runner(game, text)
    result = await run.run(TAVERN, "p1", "I walk to the Market Square")
    assert result.narration == text


async def test_the_prompt_of_a_move_says_what_the_place_reached_holds(game: Game) -> None:
    run, model = runner(game, "You head to Market Square.")
    await run.run(TAVERN, "p1", "I walk to the Market Square")
    prompt = model.prompts[0]
    assert "On arriving at Market Square" in prompt
    assert "Tobin" in prompt and "well" in prompt


async def test_a_turn_without_a_move_is_told_nothing_of_other_places(game: Game) -> None:
    run, model = runner(game, "You look around the smoky room.")
    await run.run(TAVERN, "p1", "I look around")
    assert "On arriving" not in model.prompts[0]
    assert "Tobin" not in model.prompts[0]
