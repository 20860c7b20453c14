"""Dice: read an expression a player or a campaign file wrote, and roll it with a given RNG.

Players type dice into a chat, so the parser is strict about limits (a hundred dice, a thousand
sides, a hundred characters) and every refusal is a sentence they can act on. The RNG is passed
in so that a seeded ``random.Random`` replays a turn exactly.

Grammar: terms joined by ``+`` or ``-``; a term is ``NdS`` (N defaults to 1, ``d%`` is d100),
optionally ``khK`` / ``klK`` (keep the K highest / lowest; ``kK`` means ``khK``), or a whole
number. Spaces are allowed around the signs only.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace

from bot.rules.errors import DiceError

MAX_LENGTH = 100  # characters in one expression
MAX_DICE = 100  # dice rolled by one expression, all terms together
MAX_SIDES = 1000
MAX_TERMS = 20  # dice terms and numbers in one expression
MAX_MODIFIER = 10_000  # largest plain number in an expression

_EXAMPLES = "d20, 2d6+3 or 4d6kh3"
_TERM = re.compile(r"(?P<count>\d*)d(?P<sides>\d+|%)(?:k(?P<kind>[hl]?)(?P<keep>\d+))?|(?P<const>\d+)")
_BAD_SPACE = re.compile(r"[0-9a-z%]\s+[0-9a-z%]")


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """``count`` dice of ``sides`` sides, added (sign 1) or subtracted (sign -1)."""

    count: int
    sides: int
    sign: int = 1
    keep: int | None = None  # keep this many dice
    keep_lowest: bool = False
    written_count: bool = True  # "2d6" rather than "d6"

    def text(self) -> str:
        count = str(self.count) if self.written_count or self.count != 1 else ""
        keep = "" if self.keep is None else ("kl" if self.keep_lowest else "kh") + str(self.keep)
        return f"{count}d{self.sides}{keep}"


@dataclass(frozen=True, slots=True)
class DiceExpr:
    terms: tuple[DiceTerm, ...]
    modifier: int = 0  # the plain numbers, summed with their signs
    text: str = ""  # the expression as written, spaces removed, lower case

    def __str__(self) -> str:
        return self.text

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    def with_doubled_dice(self) -> DiceExpr:
        """The same expression with twice the dice (a critical hit): 1d8+2 -> 2d8+2."""
        terms = tuple(
            replace(t, count=t.count * 2, keep=None if t.keep is None else t.keep * 2, written_count=True)
            for t in self.terms
        )
        text = "+".join(t.text() for t in terms if t.sign > 0)
        text += "".join("-" + t.text() for t in terms if t.sign < 0)
        if self.modifier:
            text += f"{self.modifier:+d}"
        return DiceExpr(terms=terms, modifier=self.modifier, text=text)


@dataclass(slots=True)
class TermRoll:
    """What one dice term rolled: the dice that count and the ones a keep rule dropped."""

    term: DiceTerm
    kept: list[int]
    dropped: list[int] = field(default_factory=list)

    @property
    def subtotal(self) -> int:
        return self.term.sign * sum(self.kept)


@dataclass(slots=True)
class RollResult:
    expression: str
    total: int
    rolls: list[int]  # every die that counts, in the order rolled (unsigned)
    modifier: int
    groups: list[TermRoll] = field(default_factory=list)


def _chunk(text: str, pos: int) -> str:
    m = re.match(r"[^+-]*", text[pos:])
    return m.group(0) if m else ""


def _unreadable(original: str, pos: int, compact: str) -> DiceError:
    """The most helpful sentence for a term that does not match the grammar."""
    chunk = _chunk(compact, pos)
    after = compact[pos + len(chunk): pos + len(chunk) + 1]
    if chunk == "":
        if pos >= len(compact):
            return DiceError(f"'{original}' ends with '{compact[-1]}'; put a number or dice after it.")
        return DiceError(f"'{original}' has two signs in a row; write something like {_EXAMPLES}.")
    if re.fullmatch(r"\d*d", chunk):
        if after == "-":
            return DiceError(f"A die can't have a negative number of sides ('{original}').")
        return DiceError(f"'{chunk}' needs a number of sides after the d, like {chunk}6.")
    if re.fullmatch(r"\d*d(\d+|%)k[hl]?", chunk):
        return DiceError(f"'{chunk}' needs to say how many dice to keep, like 4d6kh3.")
    return DiceError(f"I can't read '{original}' as dice; write something like {_EXAMPLES}.")


def _checked_term(m: re.Match[str], sign: int) -> DiceTerm:
    count_text, sides_text = m.group("count"), m.group("sides")
    count = int(count_text) if count_text else 1
    sides = 100 if sides_text == "%" else int(sides_text)
    written = f"{count_text}d{sides_text}"
    if count == 0:
        raise DiceError(f"Roll at least one die (you wrote {written}).")
    if sides == 0:
        raise DiceError(f"A die needs at least one side (you wrote {written}).")
    if count > MAX_DICE:
        raise DiceError(f"Too many dice: at most {MAX_DICE} at once (you asked for {count}).")
    if sides > MAX_SIDES:
        raise DiceError(f"Dice can have at most {MAX_SIDES} sides (you asked for d{sides}).")
    keep: int | None = None
    if m.group("keep") is not None:
        keep = int(m.group("keep"))
        if not 1 <= keep <= count:
            raise DiceError(
                f"You can keep between 1 and {count} of {written} (you asked to keep {keep})."
            )
    return DiceTerm(
        count=count,
        sides=sides,
        sign=sign,
        keep=keep,
        keep_lowest=m.group("kind") == "l",
        written_count=bool(count_text),
    )


def parse(expr: str) -> DiceExpr:
    """Read a dice expression; raise ``DiceError`` with a player-readable reason if it is not one."""
    if not isinstance(expr, str):
        raise DiceError(f"Give a dice expression such as {_EXAMPLES}.")
    original = expr.strip()
    if not original:
        raise DiceError(f"Give a dice expression such as {_EXAMPLES}.")
    if len(original) > MAX_LENGTH:
        raise DiceError(
            f"That dice expression is too long ({len(original)} characters; at most {MAX_LENGTH})."
        )
    lowered = original.lower()
    if _BAD_SPACE.search(lowered):
        raise DiceError(f"Spaces may only go around + and - ('{original}'); write something like 2d6 + 3.")
    compact = re.sub(r"\s+", "", lowered)

    terms: list[DiceTerm] = []
    modifier = 0
    parts = 0
    pos = 0
    sign = 1
    if compact[0] in "+-":
        sign = -1 if compact[0] == "-" else 1
        pos = 1
    while True:
        m = _TERM.match(compact, pos)
        if m is None or (m.end() < len(compact) and compact[m.end()] not in "+-"):
            raise _unreadable(original, pos, compact)
        parts += 1
        if parts > MAX_TERMS:
            raise DiceError(f"Too many parts: at most {MAX_TERMS} dice and numbers in one roll.")
        if m.group("const") is not None:
            value = int(m.group("const"))
            if value > MAX_MODIFIER:
                raise DiceError(f"Numbers in a roll can be at most {MAX_MODIFIER} (you wrote {value}).")
            modifier += sign * value
        else:
            terms.append(_checked_term(m, sign))
        pos = m.end()
        if pos >= len(compact):
            break
        sign = -1 if compact[pos] == "-" else 1
        pos += 1
        if pos >= len(compact):
            raise _unreadable(original, pos, compact)

    if not terms:
        raise DiceError(f"'{original}' has no dice in it; add some, like d20+{abs(modifier)}.")
    total_dice = sum(t.count for t in terms)
    if total_dice > MAX_DICE:
        raise DiceError(f"Too many dice: at most {MAX_DICE} at once (this rolls {total_dice}).")
    return DiceExpr(terms=tuple(terms), modifier=modifier, text=compact)


def _roll_term(term: DiceTerm, rng: random.Random) -> TermRoll:
    values = [rng.randint(1, term.sides) for _ in range(term.count)]
    if term.keep is None:
        return TermRoll(term=term, kept=values)
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=not term.keep_lowest)
    keep = set(order[: term.keep])
    return TermRoll(
        term=term,
        kept=[v for i, v in enumerate(values) if i in keep],
        dropped=[v for i, v in enumerate(values) if i not in keep],
    )


def roll(expr: str | DiceExpr, rng: random.Random) -> RollResult:
    """Roll ``expr`` with ``rng``; a string is parsed first (and may raise ``DiceError``)."""
    parsed = parse(expr) if isinstance(expr, str) else expr
    groups = [_roll_term(term, rng) for term in parsed.terms]
    total = sum(g.subtotal for g in groups) + parsed.modifier
    return RollResult(
        expression=parsed.text,
        total=total,
        rolls=[v for g in groups for v in g.kept],
        modifier=parsed.modifier,
        groups=groups,
    )


def format_roll(result: RollResult) -> str:
    """``2d6+3: [4, 2] + 3 = 9``; dropped dice are shown after the dice kept."""
    pieces: list[str] = []
    groups = result.groups or [TermRoll(term=DiceTerm(len(result.rolls), 1), kept=list(result.rolls))]
    for group in groups:
        shown = "[" + ", ".join(str(v) for v in group.kept) + "]"
        if group.dropped:
            shown += " (dropped " + ", ".join(str(v) for v in group.dropped) + ")"
        if not pieces:
            pieces.append(("-" if group.term.sign < 0 else "") + shown)
        else:
            pieces.append(("- " if group.term.sign < 0 else "+ ") + shown)
    if result.modifier:
        pieces.append(f"{'-' if result.modifier < 0 else '+'} {abs(result.modifier)}")
    return f"{result.expression}: {' '.join(pieces)} = {result.total}"
