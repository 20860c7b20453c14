"""Whose deed the words are, and whether they do a thing or only speak of it.

The word-level checks (names, claimed gear, described powers) fire on what the words commit to
whatever the parser made of the verb, so they need the same guards against false blocks: an
order to someone else ("Anselm, cast ..."), another character's deed ("Lyra casts ..."), a thing
talked about ("ask her about Captain Vane"), someone prayed to, remembered or sent for. Kept in
one place, the checks skip alike and a new guard reaches them all.
"""

from __future__ import annotations

import re

from bot.guard.index import SceneIndex
from bot.guard.lexicon.wordclass import verb_base

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_FIRST_VERB_RE1 = re.compile(r"[a-z']+")


def _first_verb(words: str) -> str:
    toks = _FIRST_VERB_RE1.findall(words.casefold())
    while toks and toks[0] in ("i", "we", "then", "and", "now", "quietly", "softly", "just"):
        toks.pop(0)
    return toks[0] if toks else ""


_NAME_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|[^\w\s]")
_QUOTED = re.compile(r'"[^"]*"?|“[^”]*”?')
# Words after which a name is what is spoken of, not whom the words are done to.
_TOPIC_MARKERS = frozenset(
    """about regarding concerning re that whether if where who whom whose why how what when for
    from like as than by of without news word message rumour rumor tale story stories name""".split()
)
# Verbs whose person need not be present: praying to, remembering, looking for, sending for.
_REMOTE_VERBS = frozenset(
    """pray prays praying prayed worship invoke beseech swear vow curse remember recall think
    thinks mention mentions wait waits await look looks search searches seek seeks find finds
    hunt hunts track tracks miss misses mourn mourns dream imagine picture write writes wrote
    letter note send sends sent summon summons phone dial radio wire telegraph
    message text email toast drink drinks honour honor praise blame fear hate love sacrifice
    sacrifices dedicate dedicates commend commends appeal appeals upon""".split()
)


def _spoken_of(before: str) -> bool:
    """Whether the words before a phrase make it a topic ("ask her about ...", "a tale of ...")."""
    prev = _FIRST_VERB_RE1.findall(before)
    return any(w in _TOPIC_MARKERS and w not in ("for", "from", "by", "as") for w in prev[-4:])


def _player_does(words: str, index: SceneIndex) -> bool:
    """Whether the words are the player's own deed, not an order to someone ("Anselm, cast ...")
    nor another character's ("Lyra casts ...")."""
    toks = _NAME_TOKEN.findall(words.lstrip("*_ >"))
    if not toks:
        return False
    first = toks[0]
    if len(toks) > 1 and toks[1] == "," and first.casefold() not in ("then", "now", "so", "and", "quickly", "next", "finally", "ok", "okay"):
        return False  # a name or word of address, then what they are to do
    if first[:1].isupper() and first not in ("I", "I'm", "I'll") and verb_base(first.casefold()) is None:
        return first.casefold() in index.player_names
    return True


_SPEAKING = frozenset(
    """say says said tell tells told ask asks asked explain explains mention mentions admit admits
    claim claims confess confesses report reports describe describes shout shouts whisper
    whispers yell yells insist insists swear swears promise promises warn warns lie lies brag
    boast boasts""".split()
)
