"""Going through an exit is a change of place the backend decides.

From chaos play: "You pass through the cellar door without slowing", after the door had been
picked open on an earlier turn, reached the players on a turn that only looked around; the next
turn would have started in the tavern all the same. The scene is a mill on a Flemish canal, with
words of its own.
"""

from __future__ import annotations

from bot.guard.postvalidate import postvalidate
from bot.world.outcome import Outcome, StepOutcome
from bot.world.scene import Scene

_SCENE = Scene.from_dict({
    "setting": "Flanders, 1640",
    "location": {"name": "Mill Floor", "description": "Sacks of grain and a creaking millstone.",
                 "exits": ["Sluice Room", "Towpath"],
                 "features": [{"name": "sluice hatch", "aliases": ["hatch"], "locked": False}],
                 "exit_through": {"Sluice Room": "sluice hatch"}},
    "npcs": [{"name": "Joost", "aliases": ["miller"]}],
    "player": {"name": "Anneke", "class": "smuggler", "inventory": ["knife"]},
})
_LOOKED = Outcome(steps=[StepOutcome(action_type="examine", success=True, summary="You look around.")])
_MOVED = Outcome(steps=[StepOutcome(action_type="move", success=True, moved_to="Sluice Room",
                                    summary="You go to the Sluice Room.")])


def _kinds(text: str, outcome: Outcome) -> list[str]:
    return [f.kind for f in postvalidate(text, _SCENE, [], outcome) if f.severity == "block"]


def test_passing_through_an_exit_on_a_turn_that_moved_no_one_is_an_outcome_mismatch() -> None:
    assert "outcome_mismatch" in _kinds("You slip through the sluice hatch without a sound.", _LOOKED)
    assert "outcome_mismatch" in _kinds("You head out to the Towpath.", _LOOKED)


def test_the_decided_move_may_be_told() -> None:
    assert _kinds("You slip through the sluice hatch without a sound.", _MOVED) == []


def test_looking_at_an_exit_or_thinking_of_going_moves_no_one() -> None:
    assert _kinds("You glance at the sluice hatch.", _LOOKED) == []
    assert _kinds("You could head out to the Towpath later.", _LOOKED) == []


def test_crossing_the_room_to_someone_goes_through_no_exit() -> None:
    # chaos play again: a turn that sneaked up on someone here and narrated the door gone through
    approached = Outcome(steps=[
        StepOutcome(action_type="move", success=True, target="Joost", summary="You cross the Mill Floor to Joost."),
        StepOutcome(action_type="attack", success=True, target="Joost", item="knife", damage=3,
                    summary="You stab Joost for 3 damage."),
    ])
    assert "outcome_mismatch" in _kinds("You cross to Joost. You slip through the sluice hatch without a sound.", approached)
    assert "outcome_mismatch" not in _kinds("You cross to Joost and stab him for 3 damage.", approached)
