"""Plan names, from plans_holdout_c: a thing called exactly what the model wrote outranks a loose
match in the giver's hands (the goggles on the bench are not the inventor's brass goggles)."""

from __future__ import annotations

from typing import Any

from bot.actions.evaluation import score_case

WORKSHOP: dict[str, Any] = {
    "setting": "gaslight city",
    "location": {"name": "Clockmaker's Loft", "exits": ["Stair"], "features": []},
    "npcs": [{"name": "Odile", "aliases": ["clockmaker"], "items": ["silver watch", "loupe"]}],
    "items": ["watch", "oil can"],
    "creatures": [],
    "player": {"name": "Piet", "class": "tinker", "hp": 10, "max_hp": 10,
               "inventory": ["pocket watch", "screwdriver"], "abilities": []},
    "party": [],
}


def _case(giver: str, item: str) -> dict[str, Any]:
    return {"id": "x", "scene": WORKSHOP, "expect": "valid",
            "plan": [{"id": "s1", "action": "give_item", "args": {"giver": giver, "receiver": "Odile", "item": item},
                      "after": []}]}


def test_a_thing_lying_here_by_that_exact_name_is_not_the_givers_loose_match() -> None:
    score = score_case(_case("Piet", "watch"))  # the watch on the table, not Piet's pocket watch
    assert score.predicted_positive
    assert "precondition" in score.predicted_kinds
    assert any("lies at" in m for m in score.messages)


def test_a_loose_name_with_no_exact_twin_still_finds_the_givers_item() -> None:
    assert not score_case(_case("Piet", "screw driver")).predicted_positive
    assert not score_case(_case("Piet", "pocket watch")).predicted_positive


def test_another_holders_exact_item_is_not_the_givers() -> None:
    scene = {**WORKSHOP, "items": ["oil can"],
             "npcs": [{"name": "Odile", "items": ["loupe"]}, {"name": "Bas", "items": ["watch"]}]}
    case = {"id": "y", "scene": scene, "expect": "valid",
            "plan": [{"id": "s1", "action": "give_item", "args": {"giver": "Piet", "receiver": "Odile", "item": "watch"},
                      "after": []}]}
    score = score_case(case)
    assert score.predicted_positive and any("Bas's" in m for m in score.messages)
