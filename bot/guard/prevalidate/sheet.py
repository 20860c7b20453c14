"""What the character sheet grants, read once per input.

Every check asks the sheet something: does this class cast, which spells are listed, how much
gold is in the purse, may anyone work magic in this setting at all. Reading the sheet once into a
``_Sheet`` keeps those answers the same for every check and every step of an input, and keeps
the parsing of class names and caster rules out of the checks themselves.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass

from bot.guard.index import SceneIndex
from bot.guard.lexicon.magic import CLASS_SYNONYMS, DEFAULT_CASTERS, KNOWN_CLASSES, SPELLS, parse_casters
from bot.guard.lexicon.words import norm_phrase, singular
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_LETTER_RUNS = re.compile(r"[a-z]+")
_MAIN_CLASS_RE1 = re.compile(r"[a-z]+(?: [a-z]+)?")
_GOLD_RE1 = re.compile(r"\s*(\d+)\s+(gold|gp)\b")
# A sum of money an inventory line counts, as (dollar sign, count, what follows): a count at the
# head of the line ("30 mon", "$40 in bills"), or after the container that holds it ("string of 30
# copper mon", "pouch with 12 crowns", "a roll of 200 dollars"). The purse the spending check
# reads and the amount the item check holds a player to are the same sum.
SHEET_SUM = re.compile(r"\s*(?:(?:an?|the|my)\s+)?(?:(?:[a-z'-]+\s+){1,2}?(?:of|with|holding|containing)\s+)?(\$)?\s*(\d+)\s*(.*)$", re.I)


@dataclass(frozen=True, slots=True)
class _Sheet:
    classes: frozenset[str]  # the player's class words, with synonyms
    class_name: str
    caster_class: bool
    known_spells: tuple[str, ...]  # sheet entries that are recognised spell names
    magic_banned: bool
    grants: str  # abilities + inventory + class, lowercase, for the physics patterns
    gold: int | None
    inventory: str  # for evidence
    abilities: str
    magic_by_sheet: bool = False  # the setting grants magic only to a spell or power one has listed
    ban_rule: str = ""  # the setting's rule that bans magic, in its own words
    weightless: bool = False  # the setting or its rules say nothing weighs anything here (zero-g)

    @classmethod
    def of(cls, scene: Scene, index: SceneIndex) -> _Sheet:
        """The sheet of this scene's player, read once per distinct sheet and setting: a turn's
        scene is a new object with the same sheet as the last turn's, and reading it (class
        words, caster rules, what each item bears) cost a tenth of a millisecond per input."""
        p = scene.player
        key = (p.char_class, tuple(p.abilities), tuple(p.inventory), p.gold,
               tuple(scene.spellcasters), tuple(scene.world_rules), scene.setting)
        sheet = _SHEETS.get(key)
        if sheet is None:
            sheet = cls._read(scene)
            _SHEETS[key] = sheet
            if len(_SHEETS) > _SHEETS_KEPT:
                _SHEETS.popitem(last=False)
        else:
            _SHEETS.move_to_end(key)
        return sheet

    @classmethod
    def _read(cls, scene: Scene) -> _Sheet:
        p = scene.player
        classes = _expand(_class_words(p.char_class))
        # who casts: the scene's list, else what the setting's rules say, else the usual classes
        if scene.spellcasters:
            casters = frozenset(w for c in scene.spellcasters for w in (c.casefold().strip(), singular(c.casefold().strip())))
            banned = False
        else:
            parsed = parse_casters(scene.world_rules)
            banned = parsed is not None and not parsed
            casters = DEFAULT_CASTERS if parsed is None else parsed
        by_sheet = not scene.spellcasters and parse_casters(scene.world_rules) is None and any(_BY_SHEET.search(r.casefold()) for r in scene.world_rules)
        if by_sheet:
            casters = frozenset()  # "only those with a spell or power may use it": no class casts by itself
        known = tuple(a for a in p.abilities if norm_phrase(a) in SPELLS)
        grants = " | ".join([*p.abilities, *(_bearing(i) for i in p.inventory), _class_bearing(p.char_class)]).casefold()
        return cls(
            classes=classes,
            class_name=_main_class(p.char_class),
            caster_class=bool(classes & casters),
            known_spells=known,
            magic_banned=banned,
            grants=grants,
            gold=_gold(scene),
            inventory=", ".join(p.inventory) or "nothing",
            abilities=", ".join(p.abilities) or "none",
            magic_by_sheet=by_sheet,
            ban_rule=next((r for r in scene.world_rules if banned and "magic" in r.casefold()), ""),
            weightless=NO_GRAVITY.search(" ".join([scene.setting or "", *scene.world_rules]).casefold()) is not None,
        )

    @property
    def can_cast(self) -> bool:
        return self.caster_class or bool(self.known_spells)


# Sheets already read, by everything ``_Sheet._read`` looks at (the cache is bounded: a
# long-running bot sees new sheets as players level and spend).
_SHEETS: OrderedDict[tuple, _Sheet] = OrderedDict()
_SHEETS_KEPT = 256


# Where nothing weighs anything (a station in zero-g), floating is how everyone moves: the
# setting's name or its rules say so.
NO_GRAVITY = re.compile(r"\b(?:zero[- ]g|zero[- ]gravity|no gravity|microgravity|weightless(?:ness)?|free[- ]fall|gravity is off)\b")


# A sheet whose gift is speech with the dead (a medium's "commune with the dead", a necromancer):
# a spirit it calls is brought by that gift, not someone who must already stand here, and
# calling one up is that gift at work, not a spell it lacks.
SPEAKS_WITH_DEAD = re.compile(r"\b(?:the dead|spirits?|ghosts?|souls|shades|necroman\w*|s[eé]ances?|spiritualist|medium)\b")


# A rule that ties magic to what a character has, not to who they are: "only those with a spell
# or power may use it", "magic answers only to those who know a spell".
_BY_SHEET = re.compile(
    r"\bonly (?:to |for |by )?(?:those|people|characters|ones|someone|anyone|whoever|one)\b[^.;]*?\b(?:with|who (?:have|has|know|knows|hold|holds|possess|possesses)|that (?:have|has|know|knows))\b[^.;]*?\b(?:spells?|powers?|gifts?|abilit(?:y|ies)|magic)\b"
)


# Things named for an activity they serve, not a means to do it: "flight goggles" give no
# flight, a "flying helmet" no wings, a "pocket chronometer" no power over time.
_SERVING_HEADS = frozenset(
    """goggles glasses spectacles lenses jacket coat suit uniform helmet cap hat gloves scarf
    manual log logbook plan chart map deck recorder license licence ticket lessons school
    simulator instructor badge patch pin insignia""".split()
)
_TIMEPIECES = re.compile(r"\bchrono(?:meter|graph|scope)s?\b", re.I)


def _bearing(item: str) -> str:
    """An inventory entry as evidence of a power: nothing when it only serves an activity."""
    words = _LETTER_RUNS.findall(item.casefold())
    if len(words) >= 2 and words[-1] in _SERVING_HEADS:
        return ""
    return _TIMEPIECES.sub(" ", item)


# Trades that serve an activity without having its power: a "flight engineer" keeps a craft
# flying and flies no more than a "flight attendant" does.
_SERVING_TRADES = frozenset(
    """engineer engineers attendant attendants instructor surgeon mechanic technician tech officer controller
    nurse medic navigator steward stewardess dispatcher planner director coordinator
    clerk inspector""".split()
)


def _class_bearing(char_class: str) -> str:
    """A class as evidence of a power: a trade named for what it serves is only that trade."""
    words = _LETTER_RUNS.findall((char_class or "").casefold())
    if len(words) >= 2 and words[-1] in _SERVING_TRADES:
        return words[-1]
    return char_class or ""


def _class_words(text: str) -> frozenset[str]:
    words = [w for w in _LETTER_RUNS.findall((text or "").casefold())]
    out = {singular(w) for w in words}
    out |= {f"{a} {b}" for a, b in zip(words, words[1:])}
    return frozenset(w for w in out if w)


def _expand(classes: frozenset[str]) -> frozenset[str]:
    out = set(classes)
    for c in classes:
        out |= CLASS_SYNONYMS.get(c, frozenset())
    return frozenset(out)


def _main_class(text: str) -> str:
    for w in _MAIN_CLASS_RE1.findall((text or "").casefold()):
        if w in KNOWN_CLASSES:
            return w
    words = _LETTER_RUNS.findall((text or "").casefold())
    return words[0] if words else ""


def _gold(scene: Scene) -> int | None:
    if scene.player.gold is not None:
        return scene.player.gold
    total = None
    for item in scene.player.inventory:
        m = _GOLD_RE1.match(item.casefold())
        if m:
            total = (total or 0) + int(m.group(1))
    return total
