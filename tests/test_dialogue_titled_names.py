"""A name after a title's abbreviation is a name: "Mr. Bose", "Capt. L. Hume", "Mrs. A. Ghosh".

The full stop of "Mr." used to read as a sentence's end, so the capital after it was taken for a
sentence's first word, and "the bicycle is for Mr. A. Ghosh" passed against a register that books
it to Mr. A. Bose: one word in seven differed, and neither was known as a name.
"""

from __future__ import annotations

from bot.dialogue.words import names_in
from tests.dialogue_checks import kinds, verdict_on


def test_the_word_after_an_abbreviated_title_is_a_name() -> None:
    assert names_in("paid Mr. Bose today") == {"bos"}
    assert names_in("Capt. L. Hume") == {"hum"}
    assert "ghosh" in names_in("for Mrs. A. Ghosh of Krishnanagar")
    assert names_in("Q. Alone? A. With my brother.") == frozenset()  # a transcript's answer is no initial


_CLERK = {"name": "Haldar", "persona": "Parcels clerk at Ranaghat Junction, 1912.", "style": "formal"}
_REGISTER = [{"id": "E1", "type": "register",
              "text": "PARCELS BOOKED - 3 MARCH 1912\nP-115: 1 bicycle, for Mr. A. Bose, Krishnanagar, freight Rs 3"}]


def test_a_swapped_surname_after_a_title_is_caught() -> None:
    verdict = verdict_on("The bicycle is for Mr. A. Ghosh of Krishnanagar, freight three rupees [E1].",
                         [("the bicycle is for Mr. A. Ghosh of Krishnanagar, freight Rs 3", "E1")],
                         npc=_CLERK, sources=_REGISTER, question="whose is the bicycle?")
    assert "not_entailed" in kinds(verdict)


def test_the_right_surname_after_a_title_passes() -> None:
    verdict = verdict_on("The bicycle is for Mr. A. Bose of Krishnanagar, freight three rupees [E1].",
                         [("the bicycle is for Mr. A. Bose of Krishnanagar, freight Rs 3", "E1")],
                         npc=_CLERK, sources=_REGISTER, question="whose is the bicycle?")
    assert kinds(verdict) == set()
