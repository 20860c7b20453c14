"""Round s4d of the dialogue verifier: how a record is retold. "Lancers: 12 riders under Ilse
Varga" is a record that Ilse Varga commands twelve lancers; "under" before a named person is
the preposition of command. Each loosening is paired with a near claim swapping a name or a
field of the record, which is still rejected."""

from __future__ import annotations

from bot.dialogue.ellipsis import restated
from tests.dialogue_checks import kinds, verdict_on

_NPC = {"name": "Oren Dask", "persona": "Quartermaster of the border fort at Kelm; blunt, tired, proud of his riders.",
        "style": "clipped soldier talk"}
_SOURCES = [
    {"id": "E1", "text": "Garrison of Kelm, spring muster\nHorses: 40 (of which 5 lame)\n"
                         "Lancers: 12 riders under Ilse Varga\nArchers: 20 men under Tomas Bredt\nArrows: 900"},
    {"id": "E2", "text": "The spare saddles are kept under the stair of the east tower."},
]


def _kinds(speech: str, citations: list[tuple[str, str]], question: str = "Who leads the lancers?") -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=_SOURCES, question=question))


def test_a_body_of_men_under_a_named_person_is_one_that_person_commands() -> None:
    assert "Ilse Varga commands Lancers 12 riders." in restated(_SOURCES[0]["text"])
    assert restated(_SOURCES[1]["text"]) == ""  # "under the stair" names no one
    assert _kinds("Ilse Varga leads the twelve lancers.", [("Ilse Varga commands twelve lancers", "E1")]) == set()
    assert _kinds("Varga has the lancers, twelve of them.", [("Varga commands the twelve lancers", "E1")]) == set()


def test_a_swapped_commander_or_body_is_still_rejected() -> None:
    # the other line's commander, the other line's body, the wrong count
    assert "not_entailed" in _kinds("Tomas Bredt commands the twelve lancers.",
                                    [("Tomas Bredt commands twelve lancers", "E1")])
    assert "not_entailed" in _kinds("Ilse Varga commands the twenty archers.",
                                    [("Ilse Varga commands twenty archers", "E1")])
    assert "not_entailed" in _kinds("Ilse Varga commands fifteen lancers.", [("Ilse Varga commands fifteen lancers", "E1")])
    assert "not_entailed" in _kinds("Ilse Varga commands the horses.", [("Ilse Varga commands the horses", "E1")])


_KEEP_NPC = {"name": "Aldric", "persona": "Castellan of Dunmere keep, 1320. Proud, careful, fond of intrigue.",
             "style": "courtly, long sentences"}
_KEEP_SOURCES = [
    {"id": "K1", "text": "Opened and copied for the Castellan alone: the Warden of the Marches to the Abbot Hugh: "
                         "'Bring the silver to the mill ford at Lammas. Come without the monks.'"},
    {"id": "K2", "text": "Copied for the Reeve alone: the miller owes four shillings at Michaelmas."},
]
_LETTER = ("The Warden of the Marches wrote to Abbot Hugh to bring the silver to the mill ford at Lammas", "K1")


def _keep_kinds(speech: str, citations: list[tuple[str, str]]) -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_KEEP_NPC, sources=_KEEP_SOURCES, question="Any news?"))


def test_the_speakers_own_title_in_a_claim_is_the_speakers_i() -> None:
    speech = ("A letter was copied for my eyes alone: the Warden of the Marches wrote to Abbot Hugh to bring the "
              "silver to the mill ford at Lammas.")
    assert _keep_kinds(speech, [("A letter was copied for the Castellan alone", "K1"), _LETTER]) == set()


def test_another_persons_copy_retold_as_the_speakers_is_still_rejected() -> None:
    # the Reeve's copy is not the speaker's, however the sentence says "my"
    speech = ("A letter was copied for my eyes alone: the Warden of the Marches wrote to Abbot Hugh to bring the "
              "silver to the mill ford at Lammas.")
    assert _keep_kinds(speech, [("A letter was copied for the Reeve alone", "K2"), _LETTER])
    # and the speaker's copy said to be the Abbot's is still misbound
    speech = ("A letter was copied for Abbot Hugh alone: the Warden of the Marches wrote to him to bring the "
              "silver to the mill ford at Lammas.")
    assert _keep_kinds(speech, [("A letter was copied for the Castellan alone", "K1"), _LETTER])


_SHIP_NPC = {"name": "Silas Venn", "persona": "Purser of HMS Dauntless, 1762; sour, exact, keeps every penny.",
             "style": "dry naval talk"}
_SHIP_SOURCES = [
    {"id": "S1", "text": "Slops sold, June: to Jas. Mowbray, one jacket, 7s 6d, unpaid; to T. Fenwick, one hat, "
                         "2s, paid. Run at Kingston, 4 June: seaman Wm. Tull."},
]


def _ship_kinds(speech: str, citations: list[tuple[str, str]]) -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_SHIP_NPC, sources=_SHIP_SOURCES, question="Who owes you?"))


def test_a_name_after_an_initial_or_a_given_names_abbreviation_is_a_name() -> None:
    from bot.dialogue.words import names_in
    found = names_in(_SHIP_SOURCES[0]["text"])
    assert {"mowbray", "fenwick", "tull"} <= found
    assert "alon" not in names_in("Q. Where were you? A. At home.\nQ. Alone? A. Yes.")  # a transcript's markers
    assert _ship_kinds("Tull ran at Kingston on the fourth of June.", [("Tull ran at Kingston on 4 June", "S1")]) == set()


def test_the_other_buyers_item_is_still_rejected() -> None:
    # Fenwick's hat is not Mowbray's debt, now that both are names bound to their own entries
    assert _ship_kinds("Mowbray bought a hat and paid.", [("Mowbray bought one hat, paid", "S1")])
    assert _ship_kinds("Fenwick ran at Kingston on the fourth of June.", [("Fenwick ran at Kingston on 4 June", "S1")])
