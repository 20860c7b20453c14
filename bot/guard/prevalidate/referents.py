"""Whether an unmatched word for someone may still pick out someone present.

Why a module of its own: the scene index matches a phrase to a name or alias, and a phrase it
does not match is taken for someone absent, which blocks the turn. Players refer to people
present in ways no alias lists, and each way below is a matter of English, not of any one
scene:

- a group ("tell the crew a story", "buy the house a round", "everyone"): whoever is here;
- a clipped or abbreviated title ("the doc" for Dr. Osei, "sarge", "cap'n"): the title the
  name or an alias carries;
- the head noun of a described creature ("the old hound" for "a hound asleep by the stove"):
  the scene's string describes the creature, the player names its kind, also as the last part
  of a compound ("the hounds" for "two wolfhounds");
- a name the scene gives a thing ("the Rickenbacker" for the "Rickenbacker guitar"): that thing;
- a role taken up rather than someone met ("stand guard", "keep watch"): no one at all.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.index import SceneIndex
from bot.guard.lexicon.nouns import BEINGS
from bot.guard.lexicon.words import singular

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_IS_COLLECTIVE_RE1 = re.compile(r"[A-Za-z][\w']*")
_NAMES_A_THING_HERE_RE1 = re.compile(r"\b[A-Z][\w'-]*")

# Groups one is among or with: collective nouns and plural words for people in general. A
# singular ("the boy", "the guest") picks out someone, and is checked as such.
COLLECTIVES = frozenset(
    """crew company party crowd audience room table house everyone everybody all others rest men
    lads boys girls folks folk guys gals team squad troop troops band gang household staff guests
    regulars onlookers spectators bystanders congregation brethren assembly gathering group circle
    comrades companions crewmates shipmates mates fellows lot yall people patrons customers diners
    drinkers listeners""".split()
)

# Clipped, abbreviated and familiar forms of titles and roles -> the full word a name or alias
# may carry ("Dr. Osei" is "the doc"; "Sergeant Hobbs" is "sarge").
_TITLE_FORMS = {
    "doc": "doctor", "dr": "doctor", "doctor": "dr", "sarge": "sergeant", "sgt": "sergeant",
    "cap": "captain", "capt": "captain", "cap'n": "captain", "cappy": "captain", "skipper": "captain",
    "lt": "lieutenant", "lieut": "lieutenant", "prof": "professor", "rev": "reverend",
    "padre": "father", "col": "colonel", "gen": "general", "cmdr": "commander", "insp": "inspector",
    "det": "detective", "gov": "governor", "sen": "senator", "chief": "chief", "boss": "boss",
    "guv": "governor", "guvnor": "governor", "ma'am": "madam", "maam": "madam", "mum": "mother",
    "granny": "grandmother", "gramps": "grandfather", "pops": "father", "officer": "officer",
}

# Verbs that take up a role named by a bare noun: "stand guard", "keep watch", "play dead".
_ROLE_TAKING = re.compile(
    r"\b(?:stand|stands|standing|stood|keep|keeps|keeping|kept|mount|mounts|mounting|mounted|play|plays|playing|played|"
    r"stay|stays|staying|stayed|act|acts|acting|acted|pose|poses|posing|posed|sit|sits|sitting|sat)\s+(?:as\s+)?(\w+)\b",
    re.I,
)


def is_collective(text: str) -> bool:
    """Whether a phrase ends in a word for a group of people ("the crew", "the whole room")."""
    tail = _IS_COLLECTIVE_RE1.findall(text)
    return bool(tail) and tail[-1].islower() and tail[-1] in COLLECTIVES  # "Dr. House" is someone


def role_taken(text: str, words: str) -> bool:
    """Whether ``text`` is a bare noun after a verb that takes up a role ("I stand guard by the
    door"): no determiner, so no one in particular is meant."""
    bare = text.strip().casefold()
    if not bare.isalpha():
        return False
    return any(m.group(1).casefold() == bare for m in _ROLE_TAKING.finditer(words or ""))


@lru_cache(maxsize=64)
def _present_words(index: SceneIndex) -> tuple[frozenset[str], frozenset[str]]:
    """(cached per scene) The words naming who is present (names, aliases, party names and
    classes, and every word of each creature's description), and the words naming things."""
    scene = index.scene
    people: list[str] = []
    for n in scene.npcs:
        people += [n.name, *n.aliases]
    for m in scene.party:
        people += [m.name or "", m.char_class or ""]
    people += list(scene.creatures)
    things: list[str] = [*scene.items, *scene.player.inventory, *(f.name for f in scene.location.features)]
    for n in scene.npcs:
        things += list(n.items)
    for m in scene.party:
        things += list(m.inventory)

    def words(texts: list[str]) -> frozenset[str]:
        out: set[str] = set()
        for t in texts:
            out.update(_text_words(t or ""))
        return frozenset(out)

    return words(people), words(things)


_WORD = re.compile(r"[a-z][a-z']*")


@lru_cache(maxsize=4096)
def _text_words(text: str) -> tuple[str, ...]:
    """(cached per scene text) One text's share of ``_present_words``: each word, without a
    possessive ending, and its singular. A scene index is rebuilt whenever the scene changes,
    mostly with the same texts, so each is read once."""
    out: list[str] = []
    for w in _WORD.findall(text.casefold()):
        w = w.removesuffix("'s").removesuffix("'")
        out.append(w)
        out.append(singular(w))
    return tuple(out)


def names_someone_here(head: str, index: SceneIndex) -> bool:
    """Whether a being's head noun is a word the scene uses for someone present, directly or as
    a clipped title ("hound" in "a hound asleep by the stove", "doc" for "Dr. Osei")."""
    people, _ = _present_words(index)
    h = head.casefold().strip(".")
    if h in people or singular(h) in people:
        return True
    full = _TITLE_FORMS.get(h)
    if full is not None and full in people:
        return True
    # a compound's last part is its kind: "the hounds" for "two wolfhounds", "the dog" for a sheepdog
    kind = singular(h)
    return len(kind) >= 3 and kind.isalpha() and any(len(w) >= len(kind) + 3 and w.endswith(kind) and w.isalpha() for w in people)


def names_a_thing_here(text: str, index: SceneIndex, head: str) -> bool:
    """Whether the words name a thing the scene has, and no one: a capitalised word of a thing's
    name ("the Rickenbacker" and a "Rickenbacker guitar"), or a head noun that is a word of a
    thing's name and no word for a person or creature ("the scarab" and a "scarab amulet")."""
    people, things = _present_words(index)
    caps = [w.casefold() for w in _NAMES_A_THING_HERE_RE1.findall(text or "")]
    if any(c in things and c not in people for c in caps):
        return True
    h = head.casefold()
    if h in people or h in BEINGS or singular(h) in BEINGS:
        return False
    if h in things:
        return True
    # a clipped word for a thing here ("the defib" for the defibrillator, "the sat phone")
    return len(h) >= 4 and h.isalpha() and any(len(w) >= len(h) + 3 and w.startswith(h) for w in things)
