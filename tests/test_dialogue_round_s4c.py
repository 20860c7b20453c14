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


_MOTOR_PARK = [{"id": "M1", "text": "Lagos to Abeokuta: keke N2,500, danfo N4,000. Lagos to Ibadan: N5,000."},
               {"id": "M2", "text": "Union dues: the park takes one naira in five of every N10,000 collected."}]


def _park(speech: str, citations: list[tuple[str, str]], question: str = "Which one cheaper?") -> set[str]:
    return kinds(verdict_on(speech, citations, npc=_NPC, sources=_MOTOR_PARK, question=question))


def test_n_before_a_grouped_figure_is_the_naira() -> None:
    from bot.dialogue.words import raw_tokens

    # (not a figure that is no grouped sum: "N52" of a bearing, the "N25" road)
    assert raw_tokens("keke N2,500") == ("keke", "2500", "naira")
    assert raw_tokens("keke \u20a62,500") == ("keke", "2500", "naira")
    assert raw_tokens("bearing N52, grid N5") == ("bearing", "n52", "grid", "n5")
    assert _park("Keke na two thousand five hundred naira.", [("keke N2,500", "M1")]) == set()
    assert "not_entailed" in _park("Keke na two thousand naira.", [("keke N2,000", "M1")])


def test_cheaper_by_is_a_difference_worked_out() -> None:
    assert _park("Keke cheaper than danfo by one thousand five hundred naira.",
                 [("the keke is N1,500 cheaper than the danfo", "M1")]) == set()
    assert "not_entailed" in _park("Keke cheaper than danfo by one thousand two hundred naira.",
                                   [("the keke is N1,200 cheaper than the danfo", "M1")])


def test_a_part_of_our_whole_is_worked_out_as_of_the_whole() -> None:
    from bot.dialogue.arithmetic import accounted

    premise = "Caravan ledger: 150 bales of wool. The toll men take one bale in ten."
    assert accounted("Of our hundred and fifty bales, fifteen go to the toll men.", premise)
    assert not accounted("Of our hundred and fifty bales, sixteen go to the toll men.", premise)


def test_one_after_an_article_and_its_describing_word_stands_for_a_thing() -> None:
    from bot.dialogue.words import raw_tokens

    assert raw_tokens("the night one, though") == ("the", "night", "one", "though")
    assert raw_tokens("an extra one pound") == ("an", "extra", "1", "pound")
    claim = ("On 3 Feb the 6.40 up train was held 15 minutes at the signal", "E1")
    assert _kinds("The 6.40 up train, the early one, was held fifteen minutes at the signal.", [claim]) == set()
    assert "not_entailed" in _kinds("The 6.40 up train was held one hour at the signal.",
                                    [("On 3 Feb the 6.40 up train was held 1 hour at the signal", "E1")])


_WEATHER = [{"id": "W2", "text": "DAY | TEMP (C) | WIND (m/s)\n3 Mar | -18 | 9\n4 Mar | -24 | 16"}]


def _weather(speech: str, claim: str) -> set[str]:
    return kinds(verdict_on(speech, [(claim, "W2")], npc=_NPC, sources=_WEATHER, question="Was it colder on the 4th?"))


def test_a_comparative_against_another_figure_is_the_difference_worked_out() -> None:
    from bot.dialogue.verify.judge import _COMPARATIVE

    assert [m.group(1) for m in _COMPARATIVE.finditer("warmer than the 12th, rather than colder than")] == \
        ["warmer", "colder"]
    assert _weather("Six degrees colder than the third, it was.", "six degrees colder than 3 Mar at -18") == set()
    assert "not_entailed" in _weather("Ten degrees colder than the third, it was.",
                                      "ten degrees colder than 3 Mar at -18")


def test_a_rate_said_out_is_the_rate_written_with_a_stroke() -> None:
    from bot.dialogue.words import raw_tokens

    assert raw_tokens("sixteen metres a second") == raw_tokens("16 m/s")
    assert raw_tokens("sixty kilometres per hour") == raw_tokens("60 km/h")
    assert raw_tokens("ten metres a minute") == ("10", "metres", "a", "minute")
    assert _weather("On 4 March the wind was at sixteen metres a second.", "wind 16 m/s on 4 Mar") == set()
    assert "not_entailed" in _weather("On 4 March the wind was at nineteen metres a second.", "wind 19 m/s on 4 Mar")


def test_a_worked_out_time_may_be_said_as_what_to_expect() -> None:
    sources = [{"id": "T1", "text": "Down trains: No. 5 Express arr 10:20, dep 10:30. Wire: No. 5 running 25 minutes late."}]
    claims = [("the Express is booked to arrive at 10:20", "T1"), ("25 minutes late on 10:20 means 10:45", "T1")]

    def say(speech: str) -> set[str]:
        # (a speaker whose manner of speech holds "please")
        npc = {**_NPC, "style": "courteous; says please to every passenger"}
        return kinds(verdict_on(speech, claims, npc=npc, sources=sources, question="Is the Express on time?"))

    assert say("She is booked to arrive at 10:20, so please expect her at a quarter to eleven.") == set()
    assert "not_entailed" in say("She is booked to arrive at 10:20, so please expect her at eleven.")
