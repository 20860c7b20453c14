"""Round s4c of the dialogue verifier: numbers and times as people say them. A railwayman names a
train by its clock time ("the 6.40 up train"), so that dotted figure is a clock, in the document as
in the answer, and a delay moves it; "three past nine" is a clock as "three minutes past nine" is;
a delay worked out says "late". Each loosening is paired with a near wording whose number is
wrong and is still caught."""

from __future__ import annotations

from bot.dialogue.quantities import spoken
from tests.dialogue_checks import kinds, verdict_on

_NPC = {"name": "Owen Bryn", "persona": "Porter at Llanfair halt; fond of gossip, proud of the line.",
        "style": "lilting Welsh English"}
_SOURCES = [
    {"id": "E1", "text": "Occurrence book, 3 Feb. 6.40 up train held 15 minutes at the signal: a cow on the crossing."},
    {"id": "E2", "text": "Porters' book. Night mail bags received 9:03 pm from Mr. Price; signed by O. Bryn."},
]


def _kinds(speech: str, citations: list[tuple[str, str]], question: str = "Was the up train late?") -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=_SOURCES, question=question))


def test_a_dotted_figure_naming_a_train_is_its_clock_time() -> None:
    assert spoken("the 6.40 up train") == "the 6:40 up train"
    assert spoken("held the 10.15 in the morning") == "held the 10:15am"
    # a dotted figure with no service after it is still a figure ("the 2.50 from the till")
    assert spoken("the 2.50 from the till") == "the 2.5 from the till"
    assert spoken("it weighed 6.40 tons") != "it weighed 6:40 tons"


def test_a_train_held_so_many_minutes_leaves_that_much_later() -> None:
    claim = ("On 3 Feb the 6.40 up train was held 15 minutes, leaving at 6.55", "E1")
    assert _kinds("The 6.40 up train was held fifteen minutes, so she left at five to seven.", [claim]) == set()
    assert _kinds("Five minutes to seven she got away, fifteen late, on account of a cow on the crossing.", [claim]) == set()
    # a wrong sum is still caught
    wrong = ("On 3 Feb the 6.40 up train was held 15 minutes, leaving at 7.05", "E1")
    assert "not_entailed" in _kinds("The 6.40 up train was held fifteen minutes, so she left at five past seven.", [wrong])
    assert {"not_entailed", "uncited"} & _kinds("Five minutes past seven she got away, fifteen late, on account of a "
                                                "cow on the crossing.", [claim])


def test_a_count_past_an_hour_is_a_clock_time() -> None:
    assert spoken("at three past nine") == "at 9:03"
    assert spoken("twenty-two past four") == "4:22"
    # "to" between two counts is a span of hours, not a clock
    assert spoken("the meeting runs two to three") == "the meeting runs two to three"
    claim = ("The night mail bags came at 9:03 pm from Mr. Price", "E2")
    assert _kinds("The mail bags came at three past nine, from Mr. Price.", [claim], "When did the mail come?") == set()
    assert "not_entailed" in _kinds("The mail bags came at four past nine, from Mr. Price.", [claim],
                                    "When did the mail come?")


def test_a_span_of_two_day_clocks_is_from_one_to_the_other() -> None:
    from bot.dialogue.words import raw_tokens

    assert raw_tokens("Watch two 1200-1600: Hale") == ("watch", "2", "1200", "1600", "hale")
    assert raw_tokens("exchange block 206-543") == ("exchange", "block", "206-543")
    assert raw_tokens("the 1987-1989 drought") == ("the", "1987-1989", "drought")
    sources = [{"id": "W1", "text": "Lighthouse watch roster. First watch 1600-2400: Hale, with Moss."}]

    def watch(speech: str, claim: str) -> set[str]:
        return kinds(verdict_on(speech, [(claim, "W1")], npc=_NPC, sources=sources, question="Who has first watch?"))

    assert watch("First watch runs sixteen hundred to twenty-four hundred, Hale with Moss.",
                 "First watch 1600-2400, Hale with Moss") == set()
    assert "not_entailed" in watch("First watch runs sixteen hundred to twenty-two hundred, Hale with Moss.",
                                   "First watch 1600-2200, Hale with Moss")
