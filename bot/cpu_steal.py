"""How much CPU time the host took from this virtual machine while a benchmark ran.

On a shared virtual machine the host may run other guests on our cores: Linux counts that time
as "steal" in ``/proc/stat``. A process that is not scheduled for a few milliseconds shows it as a
slow turn, so a p99 measured while steal is high measures the host, not LoreGuard. ``loreguard
bench`` prints the share beside its figures. Linux only; elsewhere the share is unknown (None).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PROC_STAT = Path("/proc/stat")
_STEAL = 7  # user nice system idle iowait irq softirq steal guest guest_nice


@dataclass(frozen=True, slots=True)
class CpuTimes:
    """The machine's CPU time so far, in clock ticks: all of it, and what the host stole."""

    total: int
    steal: int

    @classmethod
    def parse(cls, stat: str) -> CpuTimes | None:
        """From the text of ``/proc/stat`` (its first line sums every CPU)."""
        first = stat.splitlines()[0].split() if stat.strip() else []
        if not first or first[0] != "cpu":
            return None
        try:
            ticks = [int(v) for v in first[1:9]]  # guest time is already counted in user time
        except ValueError:
            return None
        return cls(total=sum(ticks), steal=ticks[_STEAL] if len(ticks) > _STEAL else 0)

    @classmethod
    def now(cls) -> CpuTimes | None:
        try:
            return cls.parse(PROC_STAT.read_text())
        except OSError:
            return None


def steal_share(before: CpuTimes | None, after: CpuTimes | None) -> float | None:
    """The share of CPU time stolen between two readings, or None when it cannot be known."""
    if before is None or after is None or after.total <= before.total:
        return None
    return round((after.steal - before.steal) / (after.total - before.total), 3)
