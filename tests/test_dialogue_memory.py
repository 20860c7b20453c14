"""An NPC's memory of being asked something is no knowledge of the thing asked about.

Found in terminal play: after "I ask Zero about cyberphantom", Zero remembered "Neo asked about
cyberphantom", and from then on that memory made the fake topic a known one, so the next question
about it was answered with whatever his files held instead of "never heard of it". The same
dont-know answer kept a closing remark that was about the facts it dropped.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from bot.conversation import Conversation
from bot.dialogue.claims import is_uncertain
from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store import open_store
from bot.store.base import ChannelRef
from bot.turn import TurnRunner
from bot.world.loader import get_campaign


def _say(question: str, memory: list[str]) -> tuple[str, str]:
    conversation = Conversation(OfflineProvider(), get_campaign("shadowwatch"))
    said = asyncio.run(conversation.say("Zero", "p1", 0, question, memory=memory))
    return said.speech, said.fallback


def test_a_fake_topic_asked_again_is_still_unknown() -> None:
    speech, _ = _say("Zero, have you used cyberphantom?", ["Neo asked about cyberphantom"])
    # (the memory of the question is no evidence on the topic, so no block reaches the answer and
    # it needs no repair: it is an admission of ignorance from the start)
    assert is_uncertain(speech)
    assert "cyberphantom" in speech and "shadowwatch" not in speech


def test_a_real_topic_is_still_answered_after_being_asked_before() -> None:
    speech, fallback = _say("I ask Zero about alice", ["Neo asked about alice"])
    assert fallback != "dont_know" and "3pm" in speech


def test_remembering_a_real_exchange_still_counts_as_knowledge() -> None:
    # a memory that says something (not only who asked) is something the NPC knows
    speech, fallback = _say("what about the red box, Zero?", ["Neo showed me a red box that fakes coin tones"])
    assert fallback != "dont_know"


def test_dont_know_keeps_the_greeting_but_not_a_remark_about_dropped_facts() -> None:
    speech, _ = _say("Zero, have you used cyberphantom?", ["Neo asked about cyberphantom"])
    assert "spread it around" not in speech and "all you get" not in speech


async def test_the_turn_remembers_the_question_and_asking_twice_still_gets_uncertainty(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "lg.db"))
    await store.open()
    try:
        game = Game(store)
        master = random.Random(5)
        runner = TurnRunner(game, OfflineProvider(), rng_factory=lambda: random.Random(master.randrange(1 << 62)))
        channel = ChannelRef("g", "c")
        await game.start(channel, "shadowwatch")
        await game.join(channel, "p1", "Neo", "coder")
        first = await runner.run(channel, "p1", "I ask Zero about cyberphantom")
        second = await runner.run(channel, "p1", "I ask Zero about cyberphantom")
        table = await game.table(channel)
        assert any("cyberphantom" in note for note in table.state.npc("Zero").memory)
        for result in (first, second):
            assert "cyberphantom" in result.narration.casefold()
            assert "trace" not in result.narration.casefold()  # nothing from his files
    finally:
        await store.close()


def test_a_remark_is_answered_in_kind_and_a_question_about_nothing_known_with_uncertainty() -> None:
    from bot.dialogue.lines import _DONT_KNOW, _DONT_KNOW_PLAIN

    stock = {line.split("{")[0] for lines in (*_DONT_KNOW.values(), *_DONT_KNOW_PLAIN.values()) for line in lines}
    remark, _ = _say('I say "nice setup you got here"', [])
    assert not any(part and part in remark for part in stock)
    question, fallback = _say('"ever been to the moon, Zero?"', [])
    assert fallback == "dont_know" or any(part and part in question for part in stock)


def test_an_answer_is_not_padded_with_a_line_that_only_names_the_npc() -> None:
    # "written by zero and bob, 1996" mentions Zero, who was only being addressed
    speech, _ = _say("I ask Zero for the passwords", [])
    assert "1996" not in speech and "passwords" in speech


def test_a_bare_hail_gets_a_greeting_not_a_recital_of_files() -> None:
    for line in ("Zero?", "hey Zero"):
        speech, _ = _say(line, [])
        assert "shadowwatch" not in speech.casefold() and "[" not in speech


def test_the_note_that_someone_asked_is_never_said_back_to_them() -> None:
    conversation = Conversation(OfflineProvider(), get_campaign("tavern"))
    said = asyncio.run(conversation.say("Greta", "p1", 0, "I ask Greta for the cellar key",
                                        memory=["Tam asked about cellar key"], player_name="Tam"))
    assert "asked about" not in said.speech.casefold() and "key" in said.speech


def test_a_merchant_says_what_he_sells_at_the_prices_the_rules_charge() -> None:
    conversation = Conversation(OfflineProvider(), get_campaign("tavern"))
    said = asyncio.run(conversation.say("Tobin", "p1", 0, "I ask Tobin what he sells", player_name="Tam"))
    assert "lantern for 4 gold" in said.speech and said.fallback != "dont_know"
    assert "wares" in said.evidence_used


def test_the_same_question_remembered_twice_is_one_memory_and_the_newest() -> None:
    from bot.world.effects import Remember
    from bot.world.state import NPCState, WorldState

    state = WorldState(campaign="tavern", npcs={"Greta": NPCState(name="Greta", location="The Rusty Tankard", hp=8, max_hp=8)})
    for note in ("Tam asked about the cellar", "Tam asked about rumours", "Tam asked about the cellar"):
        Remember("Greta", note).apply(state)
    assert state.npc("Greta").memory == ["Tam asked about rumours", "Tam asked about the cellar"]
