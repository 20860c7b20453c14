"""Hours listed bare are times of day, not sums (reported by the dia-unc round: "Two shows, at 7 and
11" passed against "SHOWS: 6 pm and 9 pm", its hours "worked out" as 9 - 2 and 9 + 2)."""

from __future__ import annotations

import pytest

from bot.dialogue.arithmetic import accounted
from bot.dialogue.evaluation import pack_for_case
from bot.dialogue.schema import parse_response
from bot.dialogue.verify import verify


def _verdict(source: str, speech: str, claim: str) -> list[str]:
    case = {"id": "t", "npc": {"name": "Lou", "persona": "A pianist.", "style": "cool"},
            "sources": [{"id": "E1", "type": "note", "text": source}], "question": "When are the shows?",
            "response": {"speech": speech, "citations": [{"claim": claim, "evidence_id": "E1"}]}}
    return [f.kind for f in verify(parse_response(case["response"]), pack_for_case(case)).blocking]


@pytest.mark.parametrize("source", ["SHOWS: 6 pm and 9 pm", "Friday: two sets, 6:00 and 9:00"])
def test_invented_show_times_are_not_worked_out_from_a_count(source: str):
    assert not accounted("two shows at 7 and 11", source)
    assert _verdict(source, "Two shows, at 7 and 11.", "two shows at 7 and 11") == ["not_entailed"]


@pytest.mark.parametrize("source", ["SHOWS: 6 pm and 9 pm", "Friday: two sets, 6:00 and 9:00"])
def test_the_true_show_times_still_pass(source: str):
    assert _verdict(source, "Two shows, at 6 and 9.", "two shows at 6 and 9") == []


def test_one_number_after_at_may_be_a_level_not_a_time():
    # a document with a clock time in it ("10 a.m.") does not make "not even at two" a time
    premise = "County extension. Treat colonies when alcohol-wash counts exceed 3 mites per 100 bees. Free clinic Saturday May 6, 10 a.m."
    assert accounted("you're over three to the hundred, and I ain't even at two", premise)
