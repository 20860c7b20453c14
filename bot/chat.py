"""A chat message: what the prompt builders (pure) produce and the providers send.

It sits outside both so that ``bot.guard`` and ``bot.dialogue`` can build prompts without
importing the provider layer.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Message:
    role: str  # system | user | assistant
    content: str
