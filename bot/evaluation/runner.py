"""Run every case of an evaluation file and count, exactly as FORMAT.md says.

A malformed line (not JSON, not an object, no usable ``expect``, a scorer that cannot judge it)
is reported with its line number and counted in ``errors``; it never stops the run. Scenes that
repeat across lines are parsed once and shared, so a case's latency is the validators' own time.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from bot.evaluation.case_kinds import ALWAYS_REPORTED, KINDS, kind_of
from bot.guard.case_score import CaseScore, labelled_kinds
from bot.world.scene import Scene


@dataclass(slots=True)
class Section:
    name: str
    rate_name: str
    tp: int = 0
    fn: int = 0
    fp: int = 0
    tn: int = 0

    def add(self, expected: bool, predicted: bool) -> None:
        if expected and predicted:
            self.tp += 1
        elif expected:
            self.fn += 1
        elif predicted:
            self.fp += 1
        else:
            self.tn += 1

    @property
    def recall(self) -> float:
        positives = self.tp + self.fn
        return round(self.tp / positives, 4) if positives else 1.0

    @property
    def rate(self) -> float:
        negatives = self.fp + self.tn
        return round(self.fp / negatives, 4) if negatives else 0.0

    @property
    def cases(self) -> int:
        return self.tp + self.fn + self.fp + self.tn

    def to_dict(self) -> dict[str, Any]:
        return {"tp": self.tp, "fn": self.fn, "fp": self.fp, "tn": self.tn,
                "recall": self.recall, self.rate_name: self.rate}


@dataclass(slots=True)
class Miss:
    id: str
    kind: str
    expected_positive: bool
    messages: list[str]


@dataclass(slots=True)
class Report:
    sections: dict[str, Section] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    kind_hits: int = 0
    kind_total: int = 0
    misses: list[Miss] = field(default_factory=list)
    errors: int = 0

    @property
    def cases(self) -> int:
        return sum(s.cases for s in self.sections.values())

    @property
    def kind_accuracy(self) -> float | None:
        return round(self.kind_hits / self.kind_total, 4) if self.kind_total else None

    def percentile(self, q: float) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        rank = max(1, math.ceil(q / 100 * len(ordered)))
        return round(ordered[rank - 1], 3)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"cases": self.cases}
        for name in ALWAYS_REPORTED:
            d[name] = self.sections[name].to_dict()
        for name, section in self.sections.items():
            if name not in ALWAYS_REPORTED and section.cases:
                d[name] = section.to_dict()
        d["kind_accuracy"] = self.kind_accuracy
        d["latency_ms"] = {"p50": self.percentile(50), "p99": self.percentile(99)}
        d["misses"] = [m.id for m in self.misses]
        d["errors"] = self.errors
        return d


def _new_report() -> Report:
    return Report(sections={k.name: Section(k.name, k.rate_name) for k in KINDS})


def evaluate_lines(lines: Iterable[str], stderr: TextIO | None = None) -> Report:
    """Score every case in ``lines`` (the lines of a JSONL file)."""
    err = stderr if stderr is not None else sys.stderr
    report = _new_report()
    scenes: dict[str, Scene] = {}
    warmed: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            case = json.loads(line)
        except json.JSONDecodeError as exc:
            _error(report, err, number, f"not valid JSON ({exc.msg})")
            continue
        if not isinstance(case, dict):
            _error(report, err, number, "not a JSON object")
            continue
        kind = kind_of(case)
        if kind is None:
            _error(report, err, number, "neither a narration, action, dialogue nor plan case")
            continue
        scene = _scene(case, scenes) if kind.takes_scene else None
        if kind.name not in warmed:
            warmed.add(kind.name)
            kind.warm_up()
        try:
            score = kind.score(case, scene)
        except (ValueError, TypeError, KeyError) as exc:
            _error(report, err, number, f"malformed {kind.name} case: {exc}", case)
            continue
        except ImportError as exc:
            _error(report, err, number, f"no scorer for {kind.name} cases ({exc})", case)
            continue
        except Exception as exc:  # noqa: BLE001 - one broken case must not stop the run
            _error(report, err, number, f"{kind.name} scorer failed: "
                                        f"{type(exc).__name__}: {exc}", case)
            continue
        _count(report, kind.name, case, score)
    return report


def _scene(case: dict[str, Any], cache: dict[str, Scene]) -> Scene:
    raw = case.get("scene")
    try:
        key = json.dumps(raw, sort_keys=True)
    except (TypeError, ValueError):
        return Scene.from_dict(raw)
    scene = cache.get(key)
    if scene is None:
        scene = Scene.from_dict(raw)
        cache[key] = scene
        if len(cache) > 256:
            cache.pop(next(iter(cache)))
    return scene


def _error(report: Report, err: TextIO, number: int, why: str,
           case: dict[str, Any] | None = None) -> None:
    report.errors += 1
    ident = f" ({case.get('id')})" if isinstance(case, dict) and case.get("id") else ""
    print(f"line {number}{ident}: {why}", file=err)


def _count(report: Report, section: str, case: dict[str, Any], score: CaseScore) -> None:
    expected, predicted = score.expected_positive, score.predicted_positive
    report.sections[section].add(expected, predicted)
    report.latencies.append(score.latency_ms)
    labelled = case.get("kinds")
    if expected and predicted and isinstance(labelled, list) and labelled:
        report.kind_total += 1
        if set(score.predicted_kinds) & set(labelled_kinds(case)):  # the case's label, not the scorer's copy
            report.kind_hits += 1
    if expected != predicted:
        report.misses.append(Miss(id=str(case.get("id", "")), kind=section,
                                  expected_positive=expected, messages=list(score.messages)))


def evaluate_path(path: str | Path, stderr: TextIO | None = None) -> Report:
    """Score a JSONL file. Raises OSError when it cannot be read."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        return evaluate_lines(fh, stderr)
