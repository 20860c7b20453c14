"""Discord's size limits, and cutting text to fit them without breaking a sentence in half.

A narration, a finding's offending text or a moderator's listing can be longer than Discord takes
(2000 characters in a message, 4096 in an embed description, 1024 in a field); Discord refuses the
whole send when one piece is too long. Everything the cogs post passes through here first.
"""

from __future__ import annotations

import re

MESSAGE_CHARS = 2000
EMBED_DESCRIPTION_CHARS = 4096
EMBED_TITLE_CHARS = 256
FIELD_NAME_CHARS = 256
FIELD_VALUE_CHARS = 1024
EMBED_TOTAL_CHARS = 6000  # all embeds of one message together
EMBEDS_PER_MESSAGE = 10
EMBED_FIELDS = 25
CHOICES = 25  # autocomplete suggestions
CHOICE_NAME_CHARS = 100

ELLIPSIS = "…"

# Where a cut reads best, best first: a paragraph, a line, a sentence, a clause, a word.
# The ``gap`` group is what a cut drops: the piece ends where it starts, the next where it ends.
_BOUNDARIES = (
    re.compile(r"(?P<gap>\n\s*\n)"),
    re.compile(r"(?P<gap>\n)"),
    re.compile(r"[.!?…][\"'”’)\]*_]*(?P<gap>\s+)"),
    re.compile(r"[;:,](?P<gap>\s+)"),
    re.compile(r"(?P<gap>\s+)"),
)


def _cut_point(text: str, limit: int) -> tuple[int, int]:
    """Where to end this piece and where the next one starts, for ``len(text) > limit``.

    The latest boundary of the best kind wins, as long as the piece keeps a quarter of the limit:
    a paragraph break then beats a comma near the end, but a crumb of a piece is avoided."""
    window = text[: limit + 1]  # a boundary right after the limit still lets the piece be full
    for floor in (limit // 4, 1):
        for pattern in _BOUNDARIES:
            best: tuple[int, int] | None = None
            for match in pattern.finditer(window):
                if floor <= match.start("gap") <= limit:
                    best = (match.start("gap"), match.end("gap"))
            if best is not None:
                return best
    return limit, limit


def split_text(text: str, limit: int = MESSAGE_CHARS) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, cut at the best boundary available.

    Whitespace at the cuts is dropped; nothing else is lost or reordered. An empty text gives no
    pieces."""
    if limit < 2:
        raise ValueError("limit must be at least 2")
    text = text.strip()
    pieces: list[str] = []
    while len(text) > limit:
        end, start = _cut_point(text, limit)
        piece = text[:end].rstrip()
        if piece:
            pieces.append(piece)
        text = text[start:].lstrip()
    if text:
        pieces.append(text)
    return pieces


def truncate(text: str, limit: int) -> str:
    """``text`` shortened to ``limit`` characters at a word boundary, ending with an ellipsis."""
    text = text.strip()
    if len(text) <= limit:
        return text
    room = limit - len(ELLIPSIS)
    cut = text[:room]
    space = cut.rfind(" ")
    if not text[room].isspace() and space >= room // 2:  # do not end inside a word
        cut = cut[:space]
    return cut.rstrip(" ,;:") + ELLIPSIS
