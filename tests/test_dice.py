"""Dice: the grammar, the limits, and a refusal a player can act on for every kind of nonsense."""

from __future__ import annotations

import random

import pytest

from bot.rules.dice import DiceExpr, format_roll, parse, roll
from bot.rules.errors import DiceError


class ScriptedRandom(random.Random):
    """Returns the given die faces in order, checking each fits the die asked for."""

    def __init__(self, faces: list[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b, f"scripted face {face} does not fit d{b}"
        return face


def test_d20_is_one_twenty_sided_die():
    expr = parse("d20")
    assert [(t.count, t.sides) for t in expr.terms] == [(1, 20)]
    assert expr.modifier == 0


def test_modifier_with_spaces_around_the_sign():
    expr = parse("1d8 - 1")
    assert [(t.count, t.sides) for t in expr.terms] == [(1, 8)]
    assert expr.modifier == -1
    assert expr.text == "1d8-1"


def test_sum_of_dice_terms_and_a_number():
    expr = parse("1d6+1d4+2")
    assert [(t.count, t.sides) for t in expr.terms] == [(1, 6), (1, 4)]
    assert expr.modifier == 2


def test_percentile_die_is_d100():
    assert parse("d%").terms[0].sides == 100


def test_upper_case_is_accepted():
    assert parse("2D6+3").terms[0].sides == 6


def test_two_d6_plus_three_rolls_and_formats():
    result = roll("2d6+3", ScriptedRandom([4, 2]))
    assert (result.total, result.rolls, result.modifier) == (9, [4, 2], 3)
    assert format_roll(result) == "2d6+3: [4, 2] + 3 = 9"


def test_keep_highest_drops_the_lowest_die():
    result = roll("4d6kh3", ScriptedRandom([1, 6, 5, 3]))
    assert result.total == 14
    assert result.rolls == [6, 5, 3]
    assert format_roll(result) == "4d6kh3: [6, 5, 3] (dropped 1) = 14"


def test_keep_lowest_keeps_the_lowest_die():
    result = roll("2d20kl1", ScriptedRandom([17, 4]))
    assert result.total == 4


def test_subtracted_dice_are_subtracted_and_shown_with_a_minus():
    result = roll("1d20-1d4", ScriptedRandom([12, 3]))
    assert result.total == 9
    assert format_roll(result) == "1d20-1d4: [12] - [3] = 9"


def test_sum_of_terms_formats_each_group():
    result = roll("1d6+1d4+2", ScriptedRandom([3, 2]))
    assert format_roll(result) == "1d6+1d4+2: [3] + [2] + 2 = 7"


def test_negative_modifier_formats_with_minus():
    assert format_roll(roll("1d8 - 1", ScriptedRandom([5]))) == "1d8-1: [5] - 1 = 4"


def test_rolls_stay_within_the_dice_bounds_over_many_seeds():
    for seed in range(300):
        rng = random.Random(seed)
        assert 1 <= roll("d6", rng).total <= 6
        assert 6 <= roll("3d4+3", rng).total <= 15
        assert 3 <= roll("4d6kh3", rng).total <= 18


def test_same_seed_rolls_the_same():
    a = [roll("2d6+1", random.Random(42)).total for _ in range(5)]
    b = [roll("2d6+1", random.Random(42)).total for _ in range(5)]
    assert a == b


def test_a_parsed_expression_can_be_rolled_again():
    expr = parse("1d4+1")
    assert isinstance(expr, DiceExpr)
    assert roll(expr, ScriptedRandom([4])).total == 5


def test_doubled_dice_for_a_critical_hit_keep_the_modifier():
    doubled = parse("1d8+2").with_doubled_dice()
    assert [(t.count, t.sides) for t in doubled.terms] == [(2, 8)]
    assert doubled.modifier == 2
    assert roll(doubled, ScriptedRandom([8, 7])).total == 17


def test_the_limits_themselves_are_allowed():
    assert parse("100d1000").dice_count == 100
    assert parse("d1").terms[0].sides == 1


@pytest.mark.parametrize(
    ("expr", "message"),
    [
        ("1d0", "A die needs at least one side (you wrote 1d0)."),
        ("0d6", "Roll at least one die (you wrote 0d6)."),
        ("999d999", "Too many dice: at most 100 at once (you asked for 999)."),
        ("101d6", "Too many dice: at most 100 at once (you asked for 101)."),
        ("60d6+60d6", "Too many dice: at most 100 at once (this rolls 120)."),
        ("1d1001", "Dice can have at most 1000 sides (you asked for d1001)."),
        ("", "Give a dice expression such as d20, 2d6+3 or 4d6kh3."),
        ("   ", "Give a dice expression such as d20, 2d6+3 or 4d6kh3."),
        ("abc", "I can't read 'abc' as dice; write something like d20, 2d6+3 or 4d6kh3."),
        ("fireball", "I can't read 'fireball' as dice; write something like d20, 2d6+3 or 4d6kh3."),
        ("2d6x3", "I can't read '2d6x3' as dice; write something like d20, 2d6+3 or 4d6kh3."),
        ("2d", "'2d' needs a number of sides after the d, like 2d6."),
        ("d", "'d' needs a number of sides after the d, like d6."),
        ("d-3", "A die can't have a negative number of sides ('d-3')."),
        ("2d6+", "'2d6+' ends with '+'; put a number or dice after it."),
        ("2d6++3", "'2d6++3' has two signs in a row; write something like d20, 2d6+3 or 4d6kh3."),
        ("4d6kh", "'4d6kh' needs to say how many dice to keep, like 4d6kh3."),
        ("4d6kh5", "You can keep between 1 and 4 of 4d6 (you asked to keep 5)."),
        ("4d6kh0", "You can keep between 1 and 4 of 4d6 (you asked to keep 0)."),
        ("5", "'5' has no dice in it; add some, like d20+5."),
        ("2 3d6", "Spaces may only go around + and - ('2 3d6'); write something like 2d6 + 3."),
        ("1d6+20000", "Numbers in a roll can be at most 10000 (you wrote 20000)."),
        ("1d6" + "+1" * 20, "Too many parts: at most 20 dice and numbers in one roll."),
        ("d20+" + "1" * 100, "That dice expression is too long (104 characters; at most 100)."),
    ],
)
def test_nonsense_is_refused_with_a_message_a_player_understands(expr: str, message: str):
    with pytest.raises(DiceError) as info:
        parse(expr)
    assert str(info.value) == message


def test_roll_refuses_nonsense_too():
    with pytest.raises(DiceError):
        roll("1d0", random.Random(1))


def test_dice_error_is_a_value_error_so_callers_can_catch_either():
    assert issubclass(DiceError, ValueError)


def test_a_non_string_is_refused_not_crashed_on():
    with pytest.raises(DiceError):
        parse(None)  # type: ignore[arg-type]
