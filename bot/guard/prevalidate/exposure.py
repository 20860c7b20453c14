"""``environment``: going out into what the setting says no one survives without their gear.

Why from the world rules: some settings make the outside itself a barrier ("outside the gondola
the air is acid; nobody goes out without an acid suit", "no one leaves the dome without a
pressure suit"), and no feature or exit carries it. A player who steps outside holding no such
thing, and does not put one on in the same message, is doing what the scene rules out, as surely
as climbing a sheer wall; the narrator would otherwise let them stroll through the haze.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.intent.literal import has_word
from bot.guard.lexicon.words import head_word, norm_phrase
from bot.guard.prevalidate.places import _has_key
from bot.guard.prevalidate.things import _protective
from bot.guard.prevalidate.wording import _finding
from bot.world.intent import Intent

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_REQUIRED_GEAR_RE1 = re.compile(r"\s*(?:,|\band\b|\bplus\b)\s*")

# "nobody goes out without an acid suit", "no one may leave the dome without a pressure suit",
# "never step outside without a rebreather"
_RULE = re.compile(
    r"\b(?:nobody|no\s+one|no-one|none|never|nothing\s+living|you\s+cannot|you\s+can't|one\s+cannot|one\s+can't)\s+"
    r"(?:(?:may|can|could|should|will|dares?\s+to|ever)\s+)?"
    r"(?:(?:goes?|going|go|steps?|ventures?|walks?|walk)\s+(?:out(?:side)?|outdoors|beyond\b[^,;]*?)|(?:leaves?|leave|exits?|exit)(?:\s+the\s+[\w-]+)?)\s+"
    r"without\s+(?:an?\s+|the\s+|their\s+|his\s+or\s+her\s+|one's\s+)?([a-z][\w -]*?)\s*(?:[.;,]|$)",
    re.I,
)
# "leaving requires the airlock and an EVA suit", "going outside requires a pressure suit"
_REQUIRES = re.compile(
    r"\b(?:leaving|to leave|going out(?:side)?|to go out(?:side)?|exiting|to exit|stepping out(?:side)?|to step out(?:side)?)\b"
    r"[^.;:]*?\brequires?\s+([^.;]+)",
    re.I,
)
# Going outside, in the player's words.
_OUT = re.compile(
    r"\b(?:step|steps|stepping|go|goes|going|head|heads|walk|walks|wander|wanders|venture|ventures|climb|climbs|stroll|strolls|"
    r"slip|slips|pop|pops|nip|nips|hop|hops|float|floats|jump|jumps|crawl|crawls|get|gets|wander|bound|bounds|stride|strides|march|marches|run|runs|dash|dashes|leap|leaps)\s+(?:back\s+)?"
    r"(?:out(?:side|doors)?\b(?!\s+of\s+(?:my|the\s+way))|outdoors)",
    re.I,
)


@lru_cache(maxsize=64)
def _required_gear(index: SceneIndex) -> tuple[str, ...]:
    """(cached per scene) What the world rules say one must wear or carry to go outside."""
    out: list[str] = []
    for rule in index.scene.world_rules:
        for m in _RULE.finditer(rule):
            thing = norm_phrase(m.group(1))
            if thing:
                out.append(thing)
        for m in _REQUIRES.finditer(rule):
            for part in _REQUIRED_GEAR_RE1.split(m.group(1)):
                thing = norm_phrase(part)
                # only a way out that is a feature here, or gear worn against the outside: not
                # "permission from the captain", which no inventory holds
                if thing and thing not in out and (_a_feature_here(thing, index) or _protective(thing.split())):
                    out.append(thing)
    return tuple(out)


def _a_feature_here(thing: str, index: SceneIndex) -> bool:
    head = head_word(thing)
    return any(head in norm_phrase(f.name).split() for f in index.scene.location.features)


def _exposed(intents: list[Intent], index: SceneIndex) -> Finding | None:
    """The first step that goes outside without what the setting requires there, unless the
    player holds it or the message has them take or put it on."""
    needed = _required_gear(index)
    if not needed:
        return None
    message = norm_phrase(" ".join(i.words or "" for i in intents))
    for gear in needed:
        head = head_word(gear)
        f = next((x for x in index.scene.location.features if head in norm_phrase(x.name).split()), None)
        if f is not None:
            # "leaving requires the airlock": the way out is a feature here; locked, and its key
            # neither held nor taken up in the message, nobody leaves by it
            if not f.locked or f.open or _has_key(f, index, index.scene):
                continue
            if f.key and has_word(message, head_word(norm_phrase(f.key)), ("s", "")):
                continue
            for intent in intents:
                m = _OUT.search(intent.words or "")
                if m is not None:
                    return _finding(
                        "environment", 0.85 * max(intent.confidence or 0.0, 0.9 if intent.ambiguous else 0.0), m.group(0),
                        f"world rule: by the {f.name}; {f.name}: locked", f"The only way out is the {f.name}, and it is locked.",
                    )
            continue
        if index.resolve(gear, ("inventory",), min_score=80) is not None:
            continue
        if any(head in norm_phrase(item).split() for item in index.scene.player.inventory):
            continue
        if has_word(message, head, ("s", "")):
            continue  # "grab the acid suit and step outside": put on first
        for intent in intents:
            m = _OUT.search(intent.words or "")
            if m is None:
                continue
            return _finding(
                "environment", 0.85 * max(intent.confidence or 0.0, 0.9 if intent.ambiguous else 0.0), m.group(0),
                f"world rule: without {gear}", f"Nobody goes out there without {_article(gear)}{gear}, and you don't have one.",
            )
    return None


def _article(thing: str) -> str:
    return "" if thing.endswith("s") else ("an " if thing[:1] in "aeiou" else "a ")
