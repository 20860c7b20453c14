"""The parse's own data: tokens, noun phrases, parsed steps, the per-message context, references.

Why a module of its own: every stage of the parse (splitting, the step parse, resolution, the
verbs' handlers) passes these around, so they sit at the bottom of the package where each stage
can import them without importing the stage that made them. Dataclasses, not pydantic: they are
built per word, in the hot path, and never cross a boundary (only ``Intent`` leaves the package).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from bot.guard.index import SceneIndex
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, POSSESSIVES, head_word, norm_phrase
from bot.world.intent import Intent
from bot.world.scene import Scene


@dataclass(slots=True)
class _Tok:
    text: str
    low: str
    start: int
    end: int
    cap: bool  # written with a capital letter


@dataclass(slots=True)
class _NP:
    toks: list[_Tok]

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.toks)

    @property
    def lows(self) -> list[str]:
        return [t.low for t in self.toks]

    @property
    def key(self) -> str:
        return norm_phrase(self.text)

    @property
    def head(self) -> str:
        k = self.key
        return head_word(k)

    @property
    def possessive(self) -> str | None:
        for t in self.toks:
            if t.low in POSSESSIVES:
                return t.low
            if t.low not in DETERMINERS and t.low not in NUMBER_WORDS:
                return None
        return None

    def quantity(self) -> int:
        for t in self.toks:
            if t.low.isdigit():
                return int(t.low)
            if t.low in NUMBER_WORDS:
                return NUMBER_WORDS[t.low]
            if t.low not in DETERMINERS and t.low != "of":
                break
        return 1


@dataclass(slots=True)
class _Step:
    toks: list[_Tok]
    lemma: str | None
    cls: str | None
    subject: str  # first | third | name | none | other
    negated: bool
    dobj: _NP | None
    pps: list[tuple[str, _NP]]
    particles: list[str]
    purpose: list[_Tok]
    rest: list[_Tok]  # after a subordinator ("ask Greta where the key is")
    speech: list[str]
    ability_phrase: str | None = None  # a sheet ability or class feature used as the verb
    pseudo: str | None = None  # flight | teleportation | phasing | invisibility | shapeshifting


@dataclass(slots=True)
class _Ctx:
    index: SceneIndex
    scene: Scene
    speeches: list[str]
    first_person: bool
    prose: bool
    # how a nested step (a purpose: "use X to Y", "climb up to get away") is read: ``extract``
    # hands in the interpreter, which sits above the handlers that call back into it
    interpret: Callable[[_Step, _Ctx, str], Intent | None]
    last_being: tuple[str, str | None, str] | None = None  # (target, kind, text)
    last_thing: tuple[str, str | None, str] | None = None
    # an unplaced word gone up to ("walk up to capone"), which a later "him" or "her" makes someone
    last_unknown: tuple[str, str] | None = None  # (target, text)
    intents: list[Intent] = field(default_factory=list)
    someone_else: bool = False  # the last step parsed was another character's action
    vanished: bool = False  # the message has the player vanish ("vanish ... and appear on the beach")
    text: str | None = None  # the whole message, for what a step's words lead to


@dataclass(slots=True)
class _Ref:
    name: str
    kind: str | None
    text: str
    resolved: bool
    score: float = 100.0


def _pp(step: _Step, *preps: str) -> _NP | None:
    for prep, np in step.pps:
        if prep in preps:
            return np
    return None
