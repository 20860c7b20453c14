"""A clause of bare names in a sentence that states a fact is stated too: "I'm to train the new
girl, Patty Lyle, starting in March" names the girl, and the letter calls her Patty Dunn."""

from __future__ import annotations

from tests.dialogue_checks import kinds, verdict_on

_LETTER = [{"id": "E1", "type": "letter",
            "text": "Dear Edna, The company writes that your wage will rise to 68 cents an hour from April. They also "
                    "ask you to train the new girl, Patty Dunn, starting in March. Sincerely, H. Whitcomb."},
           {"id": "E2", "type": "note", "text": "11:02 call, Mr. Gates to Mrs. Lyle, 19 min."}]
_OPERATOR = {"name": "Edna", "persona": "Night operator at the Millbrook telephone exchange, 1952.", "style": "kind"}


def test_a_wrong_name_in_apposition_is_caught() -> None:
    verdict = verdict_on("Yes, I'm to train the new girl, Patty Lyle, starting in March.",
                         [("Edna is to train the new girl from March", "E1")],
                         npc=_OPERATOR, sources=_LETTER, question="is somebody new starting?")
    assert kinds(verdict) & {"not_entailed", "uncited"}


def test_the_right_name_in_apposition_passes() -> None:
    verdict = verdict_on("Yes, I'm to train the new girl, Patty Dunn, starting in March.",
                         [("Edna is to train the new girl, Patty Dunn, from March", "E1")],
                         npc=_OPERATOR, sources=_LETTER, question="is somebody new starting?")
    assert kinds(verdict) == set()
