"""Round i of the dialogue verifier: retellings of structured records (a clock time read as a part
of the day, a log stamped "0600:", a span of a stamped log, a list of dotted clocks, a timetable's
"dep. <station> <time>", a unit or a measure in a record's shorthand, the entry a retelling names,
the weekday of a log's title) are supported, and each swapped detail beside them (another part of
the day, another time, another station, another day, another figure) is still rejected."""

from __future__ import annotations

from typing import Any

from bot.dialogue.dayparts import in_daypart
from bot.dialogue.entailment import OVERLAP
from bot.dialogue.quantities import spoken
from bot.dialogue.words import names_in
from tests.dialogue_checks import eval_case, rejected_case

_NPC = {"name": "Ilse Brandvold", "persona": "Lock keeper on the Telemark canal, 1912; exact, a little dour.",
        "style": "Short sentences."}


def _supported(premise: str, claim: str, names: frozenset[str] = frozenset()) -> bool:
    return OVERLAP.score(premise, claim, loose=True, names=names) >= OVERLAP.threshold


def _case(speech: str, citations: list[tuple[str, str]], text: str, question: str = "What happened?") -> dict[str, Any]:
    return eval_case(speech, citations, npc=_NPC, sources=[{"id": "L1", "type": "log", "text": text}],
                     question=question)


_LOCK_LOG = ("Lock log, Friday 9 August. 07:50 barge Solveig (master Knut Aas) up from Skien, 40 tons timber. "
             "15:35 steamer Victoria through to Dalen, 31 passengers. 21:10 gate 3 jammed; smith sent.")


def test_a_clock_time_of_a_record_is_said_as_its_part_of_the_day() -> None:
    names = names_in(_LOCK_LOG)
    assert _supported(_LOCK_LOG, "The Solveig came up from Skien on Friday morning", names)
    assert _supported(_LOCK_LOG, "The Victoria went through to Dalen on Friday afternoon", names)
    assert _supported(_LOCK_LOG, "Gate 3 jammed on Friday night", names)
    assert not _supported(_LOCK_LOG, "The Solveig came up from Skien on Friday evening", names)
    assert not _supported(_LOCK_LOG, "The Solveig came up from Skien on Saturday morning", names)


def test_a_part_of_the_day_is_held_to_the_clock_of_the_record() -> None:
    assert in_daypart("afternoon", "3:35pm") and not in_daypart("afternoon", "9:10pm")
    assert in_daypart("morning", "7:50am") and not in_daypart("morning", "7:50pm")
    assert in_daypart("night", "9:10pm") and in_daypart("night", "2am") and not in_daypart("night", "10am")
    assert not in_daypart("morning", "40")  # a bare figure is no time


def test_a_retold_log_entry_with_its_part_of_the_day_is_accepted() -> None:
    case = _case("The Victoria went through to Dalen on the Friday afternoon, thirty-one aboard.",
                 [("The steamer Victoria went through to Dalen on Friday afternoon with 31 passengers", "L1")], _LOCK_LOG)
    assert not rejected_case(case)


_GAUGE = ("Gauge book 3 March. 0700: level 2.41 m, flow 88 cumecs, wind NW 14 kt. 1900: level 2.63 m, "
          "wind easing to 6 kt. Ice run observed 2240-2315.")


def test_a_log_stamped_with_a_colon_reads_every_entry_at_its_time() -> None:
    assert "7pm: level" in spoken("0700: level 2.41 m. 1900: level 2.63 m.")
    assert spoken("1845: the company was founded.") == "1845: the company was founded."  # no stamped log: a year
    assert _supported(_GAUGE, "At 1900 the level was 2.63 m")
    assert not _supported(_GAUGE, "At 2000 the level was 2.63 m")
    assert not _supported(_GAUGE, "At 1900 the level was 2.41 m")


def test_a_span_of_a_stamped_log_is_a_span_of_the_day() -> None:
    assert _supported(_GAUGE, "An ice run was observed from 2240 to 2315")
    assert not _supported(_GAUGE, "An ice run was observed from 2240 to 2345")
    assert spoken("built 1920-1934") == "built 1920-1934"  # years, in a text stamped with no clock


def test_a_unit_in_a_records_shorthand_is_the_unit() -> None:
    assert "14 knots" in spoken("wind nw 14 kt")
    assert _supported(_GAUGE, "By 1900 the wind had eased to 6 knots")
    assert not _supported(_GAUGE, "By 1900 the wind had eased to 8 knots")


def test_the_entry_a_retelling_names_is_no_invented_fact() -> None:
    assert _supported(_GAUGE, "The 0700 reading on 3 March was 2.41 m")
    assert _supported(_GAUGE, "The 0700 observation showed a flow of 88 cumecs")
    assert not _supported(_GAUGE, "The 0700 observation showed a flow of 98 cumecs")


def test_a_measure_in_a_charts_shorthand_is_the_measure() -> None:
    chart = "Cot 4, Miss Hedda Lie, 9. Temp 38.9 at 6 pm, 37.6 at 4 am. No visitors after 8 pm per Dr. Moe."
    names = frozenset({"hedda", "lie", "moe"})
    assert _supported(chart, "Miss Lie's temperature was 38.9 at 6 pm", names)
    assert not _supported(chart, "Miss Lie's temperature was 39.8 at 6 pm", names)
    assert not _supported(chart, "Miss Lie's temperature was 38.9 at 7 pm", names)


def test_a_stop_after_am_ends_the_sentence() -> None:
    assert spoken("37.6 at 4 am. no visitors") == "37.6 at 4am. no visitors"
    assert spoken("at 4 a.m. on monday") == "at 4am on monday"


_FERRY = "Ferry, Brevik to Langesund. Weekdays 7.15, 11.50, 4.05. Sundays 9.20 and 2.40 only. Fare 30 ore."


def test_a_list_of_dotted_clocks_is_read_as_clocks() -> None:
    assert _supported(_FERRY, "On weekdays the ferry leaves at 7.15, 11.50 and 4.05")
    assert _supported(_FERRY, "On Sundays it goes at 9.20 and 2.40 only")
    assert not _supported(_FERRY, "On weekdays the ferry leaves at 7.15, 11.50 and 4.35")
    assert not _supported(_FERRY, "On Sundays it goes at 9.20 and 3.40 only")
    assert spoken("pressures 4.20, 4.35 and 4.50 mpa") == "pressures 4.2, 4.35 and 4.5 mpa"  # no clock said
    assert spoken("at 2.50 dollars") == "at 2.5 dollars"


def test_a_dotted_clock_listed_with_an_am_or_pm_clock_is_a_clock() -> None:
    notice = "Skien church: harvest festival, Sunday 8 September, 10.30 and 5 pm. Coffee after, 25 ore."
    assert _supported(notice, "The harvest festival is on Sunday 8 September at 10.30 and 5 pm")
    assert not _supported(notice, "The harvest festival is on Sunday 8 September at 11.30 and 5 pm")


_TIMETABLE = ("Up boats, Telemark canal, summer 1912. No. 1 Victoria: dep. Skien 08:00, arr. Dalen 18:30. "
              "No. 3 Henrik Ibsen: dep. Skien 09:15, arr. Lunde 14:40.")


def test_a_timetables_departure_shorthand_with_its_station_reads_as_departs() -> None:
    assert "departs skien 8am, arrives dalen 6:30pm" in spoken("no. 1: dep. skien 08:00, arr. dalen 18:30.")
    assert _supported(_TIMETABLE, "No. 3 departs Skien 09:15 and arrives Lunde 14:40")
    assert not _supported(_TIMETABLE, "No. 3 departs Skien 09:15 and arrives Lunde 16:40")
    other = "No. 3 departs Notodden 09:15 and arrives Lunde 14:40"
    assert not _supported(_TIMETABLE, other, names_in(f"{_TIMETABLE} {other}"))
    assert not _supported(_TIMETABLE, "No. 3 departs Skien 09:45 and arrives Lunde 14:40")
    assert spoken("the dept. of works has 5 staff") == "the dept. of works has 5 staff"  # no clock after it
