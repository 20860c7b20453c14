"""Matching a phrase that is only known at run time (the player's words, a scene's name) without
compiling a regular expression for it.

Why: ``re.search(rf"\\b{re.escape(word)}\\b", text)`` compiles a new pattern for every new word,
which costs 0.1-0.5 ms a time and, past the ``re`` module's 512-entry cache, evicts the static
patterns every check relies on, so they are compiled again too. Players always write new words,
so that cost was paid on nearly every turn. Here the phrase is found with ``str.find`` and what
must come before and after it is checked with patterns compiled once, at import; each helper
decides exactly as the regular expression it replaces (see each docstring).
"""

from __future__ import annotations

import re

_BOUNDARY = re.compile(r"\b")


def bounded(text: str, at: int) -> bool:
    """``\\b`` at offset ``at`` of ``text``, judged with the characters either side of it."""
    return _BOUNDARY.match(text, at) is not None


def word_at(text: str, word: str, endings: tuple[str, ...] = ("",), *, start_bound: bool = True,
            end_bound: bool = True) -> int:
    """Where ``rf"\\b{re.escape(word)}(?:{endings})\\b"`` first matches in ``text``, or -1.

    ``endings`` are the literal alternatives after the word (``("s", "")`` for ``s?``);
    ``start_bound`` / ``end_bound`` say whether the pattern has the leading / trailing ``\\b``.
    The leftmost start is the regular expression's, since it tries every start in order."""
    at = text.find(word)
    while at >= 0:
        if not start_bound or bounded(text, at):
            end = at + len(word)
            for ending in endings:
                if text.startswith(ending, end) and (not end_bound or bounded(text, end + len(ending))):
                    return at
        at = text.find(word, at + 1)
    return -1


def has_word(text: str, word: str, endings: tuple[str, ...] = ("",)) -> bool:
    """Whether ``re.search(rf"\\b{re.escape(word)}(?:{endings})\\b", text)`` would match."""
    return word_at(text, word, endings) >= 0


def follows(text: str, phrase: str, lead: re.Pattern[str] | None, tail: re.Pattern[str] | None) -> bool:
    """Whether ``re.search(LEAD + re.escape(phrase) + TAIL, text)`` would match, where ``lead`` is
    ``LEAD`` compiled with ``\\Z`` appended (it must end where the phrase starts) and ``tail`` is
    ``TAIL`` (matched where the phrase ends); ``None`` for an empty part."""
    at = text.find(phrase)
    while at >= 0:
        if (lead is None or lead.search(text, 0, at) is not None) and (
            tail is None or tail.match(text, at + len(phrase)) is not None
        ):
            return True
        at = text.find(phrase, at + 1)
    return False
