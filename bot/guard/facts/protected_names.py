"""Keeping the scene's names intact through a paraphrasing model.

A model asked to rephrase a narration also "improves" its names: "Greta" becomes "the barmaid
Gretchen", and the name check then rightly blocks the rephrasing. Names are swapped for numbered
placeholders before the model sees the text and put back after, tolerating the ways a model
mangles a placeholder; a placeholder it dropped is reported so the caller can tell a lost name.
"""

from __future__ import annotations

import re

_PLACEHOLDER = "⟦N{0}⟧"
_FIND_PLACEHOLDER = re.compile(
    r"[\[⟦{(<]{1,2}\s*[Nn]\s*[-_ ]?\s*(\d{1,3})\s*[\]⟧})>]{1,2}|\bN_?(\d{1,3})\b")


def protect(text: str, names: list[str] | tuple[str, ...] | set[str]) -> tuple[str, dict[str, str]]:
    """Replace scene names with numbered placeholders before a model paraphrases the text, so it
    cannot turn "Greta" into "the barmaid Gretchen"; ``restore`` puts them back."""
    mapping: dict[str, str] = {}
    ordered = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)
    out = text
    for idx, name in enumerate(ordered):
        pattern = re.compile(r"(?<![\w⟦])" + re.escape(name) + r"(?![\w⟧])", re.IGNORECASE)
        if not pattern.search(out):
            continue
        ph = _PLACEHOLDER.format(idx)
        out = pattern.sub(ph, out)
        mapping[ph] = name
    return out, mapping


def restore(text: str, mapping: dict[str, str]) -> str:
    """Put protected names back, tolerating placeholders the model mangled ("[[N0]]", "{N0}",
    "N 0", "⟦n0⟧")."""
    return restore_report(text, mapping)[0]


def restore_report(text: str, mapping: dict[str, str]) -> tuple[str, list[str]]:
    """``restore`` plus the names whose placeholders the model dropped."""
    by_index = {}
    for ph, name in mapping.items():
        m = re.search(r"(\d+)", ph)
        if m:
            by_index[int(m.group(1))] = name
    used: set[int] = set()

    def sub(m: re.Match[str]) -> str:
        idx = int(m.group(1) or m.group(2))
        if idx in by_index:
            used.add(idx)
            return by_index[idx]
        return m.group(0)

    out = _FIND_PLACEHOLDER.sub(sub, text)
    missing = [name for idx, name in sorted(by_index.items()) if idx not in used
               and name.lower() not in out.lower()]
    return out, missing


def missing_names(text: str, names: list[str]) -> list[str]:
    """Which of ``names`` the text no longer contains (a dropped placeholder, a paraphrase)."""
    low = text.lower()
    return [n for n in names if n.lower() not in low]
