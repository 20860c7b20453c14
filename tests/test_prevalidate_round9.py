"""Pre-validation, round 9: what the retired blind set actions_holdout_e showed once opened.

In a scene and words of its own (a Cornish pilchard cellar, 1880): a trained art (hypnosis,
seeing the future) needs the sheet or a calling that carries it, whoever else has it; asked of
someone, it is theirs to do; an order to the one addressed claims none of their powers; the
verb of a sheet ability with its object is that ability; "gives three blasts" on a whistle is a
sound made, not a thing handed over.
"""

from __future__ import annotations

from prevalidation_asserts import assert_allowed, assert_blocked


def _cellar(**over) -> dict:
    data = {
        "setting": "Cornish fishing village, 1880",
        "world_rules": ["no magic or second sight", "nothing invented after 1880"],
        "location": {
            "name": "Pilchard Cellar",
            "description": "A granite cellar where the pilchards are salted in bulk, with a press beam and barrels.",
            "exits": ["Harbour Slip", "Net Loft"],
            "features": [{"name": "salt store door", "locked": True, "key": "salt store key"}],
        },
        "npcs": [
            {"name": "Jenifer Trevail", "aliases": ["jen", "bal maiden"], "abilities": ["photograph"],
             "items": ["salt store key", "box camera"]},
            {"name": "Ezekiel Pascoe", "aliases": ["zeke", "huer"], "abilities": ["hypnosis"],
             "items": ["huer's horn"]},
        ],
        "items": ["press beam", "barrels", "salt"],
        "creatures": ["a grey cat"],
        "player": {"name": "Loveday", "class": "fish merchant", "hp": 10, "max_hp": 10,
                   "inventory": ["ledger", "brass whistle", "purse of 4 shillings"],
                   "abilities": ["haggle", "rally the packers"]},
        "party": [],
    }
    data.update(over)
    return data


def test_a_merchant_cannot_hypnotise_anyone() -> None:
    assert_blocked("I hypnotize Jen so she forgets she saw me", _cellar(), "no_ability")


def test_a_merchant_cannot_see_the_future_in_a_trance() -> None:
    assert_blocked("I whirl into a trance and see the future", _cellar(), "no_ability")


def test_a_hypnotist_may_hypnotise() -> None:
    hypnotist = _cellar(player={"name": "Loveday", "class": "stage hypnotist", "hp": 10, "max_hp": 10,
                                "inventory": ["pocket watch"], "abilities": ["patter"]})
    assert_allowed("I hypnotize Jen so she forgets she saw me", hypnotist)


def test_asking_someone_to_see_your_future_is_theirs_to_do() -> None:
    assert_allowed("I ask Zeke to read my fortune", _cellar())


def test_an_order_to_the_one_addressed_claims_none_of_their_powers() -> None:
    assert_allowed("Jen, photograph the ledger while the huer isn't looking", _cellar())


def test_a_sheet_abilitys_verb_with_its_object_is_that_ability() -> None:
    assert_allowed("I blow my brass whistle and rally the packers!", _cellar())


def test_blasts_on_a_whistle_are_sounds_made_not_things_given() -> None:
    assert_allowed("I give three shrill blasts on my brass whistle and bellow for the packers", _cellar())
