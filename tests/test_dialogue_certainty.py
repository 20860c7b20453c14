"""A document's doubt or part-payment, made certain or whole by a retelling, is not what it says.

"Provisionally 3 October" is not "confirmed for 3 October"; a rumour's "maybe Meridian Pictures"
is not "shooting for Meridian Pictures"; "100 mithqals, half paid" is not "paid in full". Word
overlap sees the same words in each pair; ``overstated`` sees the word that changed.
"""

from __future__ import annotations

from bot.dialogue.certainty import overstated
from tests.dialogue_checks import kinds, verdict_on

_RADIO = "Radio sked 13 July with Rothera: relief flight, Twin Otter VP-FBL, provisionally 3 October, weather permitting."
_RUMOUR = "Word at the Formosa Cafe: Pruitt was shooting pictures for somebody at the studio - maybe Meridian Pictures."
_LEDGER = "Accounts, Taghaza. Hired the guide Amghar of the Massufa for 100 mithqals, half paid."


def test_a_provisional_date_said_as_confirmed_is_overstated() -> None:
    assert overstated(_RADIO, "The relief Twin Otter is confirmed for 3 October")
    assert overstated(_RADIO, "The relief flight comes on 3 October")


def test_a_provisional_date_kept_provisional_is_not_overstated() -> None:
    assert not overstated(_RADIO, "The relief flight is provisionally set for 3 October")
    assert not overstated(_RADIO, "The relief flight may come on 3 October, weather permitting")


def test_a_rumours_maybe_said_flat_is_overstated_and_kept_as_talk_is_not() -> None:
    assert overstated(_RUMOUR, "Pruitt was taking pictures for Meridian Pictures")
    assert not overstated(_RUMOUR, "Word is Pruitt was maybe shooting for Meridian Pictures")


def test_half_paid_said_as_paid_in_full_is_overstated() -> None:
    assert overstated(_LEDGER, "Amghar was hired as guide for 100 mithqals, paid in full")
    assert not overstated(_LEDGER, "Amghar was hired as guide for 100 mithqals, half of it paid")


_TRADER = {"name": "Yusuf", "persona": "Salt caravan master out of Sijilmasa.", "style": "grave, formal"}


def test_the_verifier_catches_a_part_payment_told_as_whole() -> None:
    verdict = verdict_on("His hundred mithqals I paid in full at Taghaza, as is proper.",
                         [("Amghar of the Massufa was hired as guide for 100 mithqals, paid in full", "E1")],
                         npc=_TRADER, sources=[{"id": "E1", "type": "ledger", "text": _LEDGER}],
                         question="is your guide paid up?")
    assert "not_entailed" in kinds(verdict)


def test_the_verifier_passes_the_part_payment_told_as_it_is() -> None:
    verdict = verdict_on("Amghar guides us for a hundred mithqals; half of it is paid.",
                         [("Amghar was hired as guide for 100 mithqals, half paid", "E1")],
                         npc=_TRADER, sources=[{"id": "E1", "type": "ledger", "text": _LEDGER}],
                         question="is your guide paid up?")
    assert kinds(verdict) == set()


_CHATTER = ("Canteen chatter: the cargo pilot in bed 9 supposedly crashed his tug on purpose for the insurance. "
            "Someone said the Ring B maintenance is really cover for a hull breach.")


def test_talk_said_to_be_confirmed_is_overstated() -> None:
    assert overstated(_CHATTER, "The bed 9 pilot crashed his tug on purpose and Security confirmed it")
    assert not overstated(_CHATTER, "Canteen talk says the bed 9 pilot crashed his tug on purpose")


def test_extra_is_the_opposite_of_included() -> None:
    from bot.dialogue.words import OPPOSITES, stem

    assert stem("included") in OPPOSITES["extra"]
    assert stem("decrease") in OPPOSITES[stem("increase")]  # a pair written as words meets stems


def test_fodder_extra_told_as_included_is_caught() -> None:
    verdict = verdict_on("Three shahis the night in the upper gallery, and fodder is included.",
                         [("An upper gallery room is 3 shahis a night and fodder is included", "E1")],
                         npc={"name": "Hamid", "persona": "Keeper of a caravanserai.", "style": "flowery"},
                         sources=[{"id": "E1", "type": "note", "text": "Tariff posted at the gate: a room in the "
                                   "upper gallery, 3 shahis a night; stabling per camel, 1 shahi; fodder extra."}],
                         question="what does a room cost?")
    assert "not_entailed" in kinds(verdict)
