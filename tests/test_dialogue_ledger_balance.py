"""A ledger kept in one unit has a balance an honest NPC works out: its first amount less every
later one ("212 sacks stored; 40 given; 9 spoiled" leave 163). Only that one reading of the whole
record counts, so a wrong balance is not explained by some chance pair of its figures."""

from __future__ import annotations

from tests.dialogue_checks import kinds, verdict_on

_LEDGER = [{"id": "G1", "text": "Peat ledger of Carrow farm: 90 creels cut in May. 25 creels sold at the fair. "
                                "12 creels burned by Lammas."}]
_NPC = {"name": "Nan", "persona": "Farm wife at Carrow; she counts everything.", "style": "brisk"}


def _kinds(claim: str) -> set[str]:
    return kinds(verdict_on(claim.capitalize() + ".", [(claim, "G1")], npc=_NPC, sources=_LEDGER,
                            question="How much peat is left?"))


def test_the_balance_of_a_ledger_is_worked_out_from_all_of_it() -> None:
    assert _kinds("53 creels remain") == set()
    assert _kinds("we have 53 creels left") == set()


def test_a_wrong_balance_or_one_pair_of_figures_is_not() -> None:
    assert "not_entailed" in _kinds("63 creels remain")
    assert "not_entailed" in _kinds("43 creels remain")
    assert "not_entailed" in _kinds("53 creels were sold")  # a balance said as a sale
