"""What a person's man did is not what the person did (``bot.dialogue.possession``)."""

from __future__ import annotations

from bot.dialogue.possession import handed_to_owner
from tests.dialogue_checks import kinds, verdict_on

_SAL = "Sal the bartender says Councilman Hale's driver keeps a gun under his coat."
_LETTER = "Letter from Casablanca Records: Donna Summer's manager confirms a personal appearance, Saturday 30 July."


def test_the_owners_deed_is_the_owned_persons() -> None:
    assert handed_to_owner(_SAL, "Councilman Hale carries a gun under his coat")


def test_the_owned_person_kept_in_other_words_is_fine() -> None:
    assert not handed_to_owner(_SAL, "Hale's driver carries a gun")
    assert not handed_to_owner(_SAL, "the driver who works for Hale carries a gun")


def test_a_messenger_passes_on_what_is_its_subjects() -> None:
    assert not handed_to_owner(_LETTER, "Donna Summer appears on Saturday 30 July")


def test_the_verifier_catches_the_driver_s_gun_given_to_hale() -> None:
    verdict = verdict_on("Hale himself carries a gun under that nice coat - Sal told me so.",
                         [("Councilman Hale carries a gun under his coat", "E1")],
                         npc={"name": "Lou", "persona": "Piano player at the Blue Orchid, 1947.", "style": "noir"},
                         sources=[{"id": "E1", "type": "rumour", "text": _SAL}], question="is Hale dangerous?")
    assert "not_entailed" in kinds(verdict)
