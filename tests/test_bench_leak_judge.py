"""The benchmark judges a leak by what chaos injected, exactly: a wrong figure is shipped when
that number is said, not when its digits sit inside another number."""

from __future__ import annotations

from bot.bench import _injected_shipped
from bot.turn import TurnResult


def _result(narration: str, injected: list[dict]) -> TurnResult:
    result = TurnResult(input="I pay", narration=narration)
    result.injected = injected
    return result


def test_a_corrected_figure_is_not_a_leak_because_its_digit_is_in_22_hp() -> None:
    wrong = {"kind": "outcome_mismatch", "text": "2", "decided": 5, "field": "gold"}
    assert _injected_shipped(_result("You wake rested at 22 HP. The room costs 5 gold.", [wrong])) == []


def test_a_wrong_figure_said_is_a_leak() -> None:
    wrong = {"kind": "outcome_mismatch", "text": "2", "decided": 5, "field": "gold"}
    assert _injected_shipped(_result("The room costs 2 gold.", [wrong])) == [wrong]


def test_an_injected_sentence_that_reached_the_players_is_a_leak() -> None:
    item = {"kind": "invented_item", "text": "You find a jade comb."}
    assert _injected_shipped(_result("You look around. You find a jade comb.", [item])) == [item]
