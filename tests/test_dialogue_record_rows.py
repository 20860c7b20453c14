"""A record's rows keep their own facts (``bot.dialogue.rows``).

"Coach Dunne holds the boiler room key" takes its key from one row of a key register and its
holder from another; "Holt has gash in week 1" does the same with a rota, and "rain stopped work
on the second day" with a tally whose third day was the rainy one. Overlap saw every word said.
"""

from __future__ import annotations

from bot.dialogue.rows import crossed_rows
from tests.dialogue_checks import kinds, verdict_on

_KEYS = "Boiler room - key 14 - Pruitt only.\nGym - key 6 - Coach Dunne, Pruitt.\nPrincipal's office - key 2 - Mrs Adeyemi, Pruitt."
_ROTA = ("July duty rota. Gash (kitchen and cleaning): week 1 Ruiz, week 2 Holt, week 3 Okafor, week 4 Ketteridge. "
         "Met observations: 0600/1200/1800 Okafor; 0000 Holt.")
_TALLY = "Esquila, November 1996. Day 1: 1,140 sheep. Day 2: 1,310. Day 3: 980 (rain stopped work at 3 pm). Bales: 86."
_HIVES = "HIVE LEDGER 1923\nHive 3 - swarmed 14 June.\nHive 5 - queen lost.\nHive 7 - 38 lb honey taken 9 Aug.\nHive 9 - weak."


def test_a_name_from_another_row_of_a_register_crosses_rows() -> None:
    assert crossed_rows(_KEYS, "Pruitt and Coach Dunne hold the boiler room key")
    assert not crossed_rows(_KEYS, "Pruitt and Coach Dunne hold the gym key")
    assert not crossed_rows(_KEYS, "Only Pruitt holds the boiler room key")


def test_a_rotas_week_given_another_weeks_name_crosses_rows() -> None:
    assert crossed_rows(_ROTA, "Holt has gash in week 1")
    assert not crossed_rows(_ROTA, "Holt has gash in week 2")
    assert not crossed_rows(_ROTA, "Ruiz has gash in week 1 and Holt in week 2")


def test_a_tallys_day_said_as_an_ordinal_is_its_key() -> None:
    assert crossed_rows(_TALLY, "rain stopped work at 3 pm on the second day")
    assert not crossed_rows(_TALLY, "rain stopped work at 3 pm on the third day")
    assert not crossed_rows(_TALLY, "3,430 sheep shorn over three days")  # a sum over the rows


def test_a_clause_naming_two_rows_is_not_held_to_either() -> None:
    # hive 7's honey was taken on the 9th: "9" is also hive 9's key, so no one row is named
    assert not crossed_rows(_HIVES, "38 lb of honey was taken from hive 7 on 9 August")


def test_the_verifier_catches_a_rota_told_with_its_names_swapped() -> None:
    verdict = verdict_on("Holt has the first week, then Ruiz takes over for the second.",
                         [("Holt has gash in week 1", "E1"), ("Ruiz has gash in week 2", "E1")],
                         npc={"name": "Ketteridge", "persona": "Base leader at an Antarctic station.", "style": "dry"},
                         sources=[{"id": "E1", "type": "schedule", "text": _ROTA}],
                         question="who's on gash at the start of the month?")
    assert "not_entailed" in kinds(verdict)
