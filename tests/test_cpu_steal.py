"""The bench says how much CPU the host of a virtual machine took while it measured."""

from __future__ import annotations

from bot.cpu_steal import CpuTimes, steal_share

BEFORE = "cpu  1000 0 200 3000 10 0 5 100 0 0\ncpu0 500 0 100 1500 5 0 2 50 0 0\n"
AFTER = "cpu  1300 0 250 3100 10 0 5 200 0 0\ncpu0 650 0 125 1550 5 0 2 100 0 0\n"


def test_steal_is_the_share_of_all_cpu_time_between_two_readings() -> None:
    before, after = CpuTimes.parse(BEFORE), CpuTimes.parse(AFTER)
    assert before == CpuTimes(total=4315, steal=100)
    assert steal_share(before, after) == round(100 / 550, 3)


def test_an_unreadable_or_foreign_stat_gives_no_figure() -> None:
    assert CpuTimes.parse("") is None
    assert CpuTimes.parse("intr 1 2 3\n") is None
    assert CpuTimes.parse("cpu  a b c\n") is None
    assert steal_share(None, CpuTimes(10, 1)) is None
    assert steal_share(CpuTimes(10, 1), CpuTimes(10, 1)) is None  # no time passed


def test_an_old_kernel_without_a_steal_column_counts_none() -> None:
    old = CpuTimes.parse("cpu  1000 0 200 3000\n")
    assert old == CpuTimes(total=4200, steal=0)
