"""Where a mention stands: in the scene's location, or at a place the narration has left it for.

When the narration takes the player out through one of the location's exits ("you step out onto
the Red River jetty, where a woman sells rice rolls"), the people and beasts it shows after the
arrival belong to that other place: the scene lists who is in the room being left, not who walks
the jetty, so a passer-by there is colour. The same holds for what is seen below or beyond the
location itself ("below the verandah a boy hauls water"). Such mentions are only doubtful, as
things far off are; a newcomer who comes at the player is judged as before by the caller. In live
play the game knows the place reached, and its contents join the scene's lists instead.
"""

from __future__ import annotations

import re

from bot.guard.grounding import SceneGrounding
from bot.guard.prose import Phrase, Reading

_PLAYER = frozenset({"you", "your", "yourself", "we", "our"})
_TOWARD = frozenset({"to", "onto", "into", "at", "reach", "reaches", "reached", "toward",
                     "towards", "on", "upon", "along"})
_OFF_THE_PLACE = "below|beneath|under|beyond|outside|past"


def _exit_reached(r: Reading, g: SceneGrounding) -> int | None:
    """The character offset where the player first reaches an exit named in the narration: the
    exit's name, unmuted, in a sentence where the player goes toward it (a word of direction
    and a word for the player before it)."""
    low = r.text.lower()
    best: int | None = None
    for name, _ in g.exits:
        words = name.lower().split()
        if words and words[0] == "the":
            words = words[1:]
        if not words:
            continue
        for m in re.finditer(r"\b" + r"\s+".join(map(re.escape, words)) + r"\b", low):
            tok = next((i for i, t in enumerate(r.tokens) if t.start >= m.start()), None)
            if tok is None or r.tokens[tok].muted or r.tokens[tok].negated:
                continue
            a, _ = r.sentence_tokens[r.tokens[tok].sent]
            before = {t.low for t in r.tokens[a:tok]}
            if before & _PLAYER and before & _TOWARD:
                best = m.end() if best is None else min(best, m.end())
                break
    return best


def _off_the_place(r: Reading, g: SceneGrounding, p: Phrase) -> bool:
    """The sentence sets the mention below, beyond or outside the location itself, named by a
    word of its own name ("below the verandah" in the Customs House Verandah)."""
    own = [w for w in g.scene.location.name.lower().split() if len(w) > 3 and w.isalpha()]
    if not own:
        return False
    a, b = r.sentences[r.tokens[p.head].sent]
    said = r.text[a:r.tokens[p.start].start].lower()
    return bool(re.search(r"\b(?:" + _OFF_THE_PLACE + r")\s+(?:the\s+|this\s+)?(?:[\w-]+\s+)?(?:"
                          + "|".join(map(re.escape, own)) + r")\b", said)) and a < b


def beyond_the_scene(r: Reading, g: SceneGrounding, p: Phrase) -> bool:
    """Does the mention stand at a place the player has gone to, or off the location itself? When
    the scene lists what the place reached holds (live play, ``Scene.arriving``), a mention there
    is judged by those lists like any other, so only the second reading remains."""
    reached = None if g.scene.arriving else _exit_reached(r, g)
    if reached is not None and r.tokens[p.start].start >= reached:
        return True
    return _off_the_place(r, g, p)
