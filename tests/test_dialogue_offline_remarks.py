"""Offline answers found in terminal play: a remark is answered in kind, and a document's title
line is no statement to read out.

Before: "thanks zero" got a line of his todo list, "I like your monitors" got SHADOWWATCH's title
(it shares the word "monitor"), and "can I join the crew?" got "crew status - updated 02/03".
"""

from __future__ import annotations

import pytest

from bot.conversation import talk
from bot.dialogue import lines
from bot.dialogue.claims import Kind, classify
from bot.llm.offline import OfflineProvider
from bot.world.loader import load_campaign


@pytest.fixture(scope="module")
def shadowwatch():
    return load_campaign("shadowwatch")


async def _zero(campaign, text: str):
    return await talk(OfflineProvider(), campaign, "Zero", "p1", -10, text)


@pytest.mark.parametrize("remark", ["thanks zero", "I like your monitors", "I want to join the crew",
                                    "tell zero I want to join the crew"])
async def test_a_remark_gets_a_nod_not_a_line_from_a_document(shadowwatch, remark: str):
    result = await _zero(shadowwatch, remark)
    assert result.evidence_used == [] and "shadowwatch" not in result.speech and "patch" not in result.speech


@pytest.mark.parametrize("request_", ["give me the meeting time", "I need the meeting time", "the meeting",
                                      "I ask Zero about the meeting"])
async def test_a_request_or_a_bare_topic_is_still_answered_from_the_files(shadowwatch, request_: str):
    result = await _zero(shadowwatch, request_)
    assert "3pm" in result.speech


async def test_the_title_line_atop_a_document_is_not_read_out(shadowwatch):
    result = await _zero(shadowwatch, "can I join the crew?")
    assert "updated 02/03" not in result.speech and "crew status" not in result.speech


async def test_a_first_line_that_says_more_than_the_title_is_still_a_statement(shadowwatch):
    result = await _zero(shadowwatch, "what is shadowwatch?")
    assert "connection trace monitor" in result.speech


@pytest.mark.parametrize("style", ["lowercase, terse, 90s hacker slang", "warm, plain speech"])
@pytest.mark.parametrize("seed", range(3))
def test_a_nod_states_no_fact(style: str, seed: int):
    line = lines.acknowledge(style, seed)
    for sentence in line.replace(". ", ".|").split("|"):
        assert classify(sentence, frozenset()).kind is not Kind.FACT
