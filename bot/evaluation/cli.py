"""``loreguard eval FILE.jsonl [--json] [--verbose]``: print how the validators score a file.

Without ``--json``: a table per case kind, kind accuracy, latency and the missed cases. With
``--json``: one JSON object (FORMAT.md's keys, plus ``errors`` and any dialogue/plan sections) on
the last line of standard output. Exit status 0 unless the file cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO

from bot.evaluation.runner import Report, evaluate_path


def render_table(report: Report, path: str, verbose: bool = False) -> str:
    lines = [f"loreguard eval {path}", ""]
    header = f"{'kind':<10} {'cases':>5} {'tp':>4} {'fn':>4} {'fp':>4} {'tn':>4} {'recall':>7} " \
             f"{'fp rate':>8}"
    lines.append(header)
    lines.append("-" * len(header))
    order = ["narration", "action"] + [n for n in report.sections if n not in ("narration",
                                                                             "action")]
    for name in order:
        s = report.sections[name]
        if not s.cases and name not in ("narration", "action"):
            continue
        lines.append(f"{name:<10} {s.cases:>5} {s.tp:>4} {s.fn:>4} {s.fp:>4} {s.tn:>4} "
                     f"{s.recall:>7.3f} {s.rate:>8.3f}")
    ka = report.kind_accuracy
    lines.append("")
    lines.append(f"kind accuracy: {'n/a' if ka is None else f'{ka:.3f}'}")
    lines.append(f"latency: p50 {report.percentile(50):.3f} ms, p99 {report.percentile(99):.3f} ms"
                 f" ({len(report.latencies)} cases)")
    lines.append(f"errors: {report.errors}")
    if report.misses:
        lines.append("")
        lines.append("misses:")
        for m in report.misses:
            what = "missed violation" if m.expected_positive else "false alarm"
            lines.append(f"  {m.id} [{m.kind}] {what}")
            if verbose:
                for msg in m.messages[:6]:
                    lines.append(f"      {msg}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    out = stdout if stdout is not None else sys.stdout
    err = stderr if stderr is not None else sys.stderr
    parser = argparse.ArgumentParser(prog="loreguard eval",
                                     description="score the guard on an evaluation file")
    parser.add_argument("file", help="a JSONL file of cases (FORMAT.md)")
    parser.add_argument("--json", action="store_true", help="one JSON object on the last line")
    parser.add_argument("--verbose", "-v", action="store_true",
                        help="list what the validators reported for each miss")
    args = parser.parse_args(list(argv) if argv is not None else None)
    try:
        report = evaluate_path(args.file, stderr=err)
    except OSError as exc:
        print(f"loreguard eval: cannot read {args.file}: {exc.strerror or exc}", file=err)
        return 2
    if args.json:
        print(json.dumps(report.to_dict()), file=out)
    else:
        print(render_table(report, args.file, verbose=args.verbose), file=out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
