"""What a check of an NPC's answer returns, and the shape of each finding it writes.

Fail-closed and the retry prompt act on the verdict, not on the checks: which sentences hold a
blocking finding (a warning too, in strict mode), which sentences each claim of the citation list
backs, and which block does say a fact the answer left uncited or cited wrongly. Every pass of the
check writes its findings the same way, all of layer ``dialogue`` and tied to their sentence, so
the record and that one way of writing a finding sit at the bottom of the package, under all of
them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.dialogue.claims import Sentence
from bot.guard.finding import BLOCK, WARN, Finding

LAYER = "dialogue"
KINDS = ("uncited", "invalid_source", "not_entailed", "self_misuse", "trust_leak", "unknown_topic")


@dataclass(slots=True)
class Verdict:
    findings: list[Finding]
    sentences: list[Sentence]
    claim_sentences: list[list[int]]  # for each citation, the sentences it backs
    cited: dict[int, set[str]]  # sentence index -> valid evidence ids backing it
    rav_resolved: list[str] = field(default_factory=list)  # claims a snippet missed, its source backs
    grounded_elsewhere: dict[int, str] = field(default_factory=dict)  # uncited or miscited, this block says it

    @property
    def blocking(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == BLOCK]

    def bad_sentences(self, strict: bool = False) -> set[int]:
        """Indices of sentences holding a blocking finding (a warning too, in strict mode)."""
        bad: set[int] = set()
        for f in self.findings:
            if f.start < 0 or not (f.severity == BLOCK or (strict and f.severity == WARN)):
                continue
            bad.update(i for i, s in enumerate(self.sentences) if s.start < f.end and f.start < s.end)
        return bad


def _finding(kind: str, span: str, evidence: str, message: str, *, severity: str = BLOCK,
             confidence: float = 0.9, sentence: Sentence | None = None) -> Finding:
    return Finding(
        kind=kind, severity=severity, confidence=round(confidence, 2), span=span, evidence=evidence,
        message=message, layer=LAYER,
        start=sentence.start if sentence else -1, end=sentence.end if sentence else -1,
    )


Add = Callable[[Finding, "int | None"], None]
