"""What every pre-validation test asks of a player's words in a scene: the first blocking
finding, that it is of the expected kind, or that there is none. One copy, so that every test
module judges "blocked" the same way."""

from __future__ import annotations

from typing import Any

from bot.guard.finding import Finding
from bot.guard.prevalidate import check_text, first_block
from bot.world.scene import Scene


def block(text: str, scene: Scene | dict[str, Any]) -> Finding | None:
    """The first blocking finding for ``text`` (a scene in FORMAT.md's dict shape is read first)."""
    if isinstance(scene, dict):
        scene = Scene.from_dict(scene)
    return first_block(check_text(text, scene)[1])


def assert_blocked(text: str, scene: Scene | dict[str, Any], kind: str | tuple[str, ...]) -> Finding:
    """``text`` is blocked, with ``kind`` (or one of several kinds)."""
    f = block(text, scene)
    assert f is not None, f"not blocked: {text}"
    kinds = (kind,) if isinstance(kind, str) else kind
    assert f.kind in kinds, (text, f)
    return f


def assert_allowed(text: str, scene: Scene | dict[str, Any]) -> None:
    f = block(text, scene)
    assert f is None, (text, f)
