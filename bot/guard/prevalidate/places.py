"""``location`` and ``environment``: where the player can go, and what bars the way.

Going somewhere that is not an exit, entering what is locked without its key and climbing what
cannot be climbed are what the narrator would otherwise make real (a door that gives, a roof that
is reachable). Destinations are judged generously, because a false block costs a turn: what lies
beyond an exit the words go through is reached through it, and scenery is part of where one is.
"""

from __future__ import annotations

import re

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.intent.literal import follows, has_word
from bot.guard.lexicon.nouns import BEINGS, COMPASS, GENERIC_BEINGS, HOSTILE_GENERICS, LANDMARKS
from bot.guard.lexicon.wordclass import is_classifier, is_location
from bot.guard.lexicon.words import DETERMINERS, head_word, norm_phrase, singular
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.deeds import _first_verb
from bot.guard.prevalidate.wording import _bare, _finding, _none_here, _possessive
from bot.world.intent import Intent
from bot.world.scene import Scene, SceneFeature

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_MOVE_RE1 = re.compile(r"[\w'-]+")
_TRAVELS_RE1 = re.compile(r"\b(?:miles?|leagues?|kilometres?|kilometers?|km|days?|hours?)\b")


def _feature_by_head(text: str, index: SceneIndex) -> SceneFeature | None:
    """The one feature here whose name has the phrase's head noun ("the prisoner's cell" and a
    "jail cell"), if exactly one has."""
    head = head_word(norm_phrase(text))
    if len(head) < 3:
        return None
    found = [f for f in index.scene.location.features if head in {singular(w) for w in norm_phrase(f.name).split()}]
    return found[0] if len(found) == 1 else None


def _exits(scene: Scene) -> str:
    return ", ".join(scene.location.exits) if scene.location.exits else "none"


# Modifiers that do not pick out another place: "the whole harbour", "this same deck".
_UNMARKING = frozenset("same whole entire very own".split())


def _move(intent: Intent, scene: Scene, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    kind = intent.target_kind
    text = intent.target_text or intent.target or ""
    exits = _exits(scene)
    evidence = f"exits: {exits}"
    if kind != "exit" and not intent.resolved and _by_way_of_exit(intent, scene):
        return None  # "down the Via Principalis to the centurion's office": beyond an exit, through it
    if kind != "exit" and not intent.resolved and _own_held(text, index):
        return None  # "slip on my mirrorshades", "get into my EVA suit": one's own gear, put on
    if kind in ("fixture", "item", None) and not intent.resolved and text and kind != "direction":
        head = head_word(norm_phrase(text))
        if _travels(intent) and head not in BEINGS:
            # "take the tram to the docking ring", "ride out to the ranch": what a vehicle or a
            # journey reaches is somewhere else
            return _finding("location", 0.82 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
        if _headed_elsewhere(intent, head, index):
            # "I head to the observation deck": somewhere the scene does not have, gone to
            return _finding("location", 0.78 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
        aloft = " ".join(norm_phrase(text).split()[-2:]) in _BEYOND_ROOM_NAMES
        if (head in _BEYOND_ROOM and "'s" not in text or aloft) and not _mentioned_here(head, scene) and not _exit_compound(head, scene):
            # "go up to the roof", "down to the basement": a part of the building this place is not
            return _finding("location", 0.8 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
    if kind == "exit":
        door = index.exit_doors.get(intent.target or "")
        if door is not None and door.locked and not door.open and not _has_key(door, index, scene):
            inferred = intent.target not in scene.location.exit_through
            return _finding(
                "environment", (0.8 if inferred else 0.92) * c, text, f"{door.name}: locked", f"The {door.name} is locked."
            )
        return None
    if kind == "feature":
        f = index.feature(intent.target or "")
        if f is not None and _entering(intent) and f.locked and not f.open and not _has_key(f, index, scene):
            return _finding("environment", 0.88 * c, text, f"{f.name}: locked", f"The {f.name} is locked.")
        if f is not None and f.climbable is False and _along_its_face(intent):
            # "lower myself hand over hand down the cliff": going up or down a face is climbing it
            return _finding("environment", 0.9 * c, text, f"{f.name}: not climbable", f"The {f.name} can't be climbed.")
        return None
    if kind == "place":
        words = norm_phrase(text).split() or [""]
        head = head_word(" ".join(words))  # "the Isle of Gulls" is an isle, not gulls
        named = set(norm_phrase(" ".join([scene.location.name or "", *scene.location.aliases])).split())
        elsewhere = any(is_classifier(w) and w not in named for w in words[:-1]) or any(
            w[:1].isupper() and norm_phrase(w) not in named for w in _MOVE_RE1.findall(text)[:-1]
        )  # "the enemy camp", "Base Camp" from Camp IV: a place of this kind with a name of its own
        described = set(norm_phrase(" ".join([scene.location.name or "", *scene.location.aliases, scene.location.description or ""])).split())
        elsewhere = elsewhere or any(
            w not in described and singular(w) not in described and w not in DETERMINERS and w not in _UNMARKING for w in words[:-1]
        )  # "the dry dock" from a pier tunnel whose description has no dry dock: another dock
        if not intent.resolved and index.is_scenery(head) and not elsewhere:
            return None  # "the sea" from a ship's deck: part of where one is; not "the enemy camp"
        named_here = " ".join(w for w in words if w not in ("the", "a", "an"))
        if not intent.resolved and len(named_here) >= 4 and _mentioned_here(named_here, scene):
            return None  # "walk through the stamp mill" the description has: part of where one is
        if intent.resolved:
            if scene.location.name and intent.target == scene.location.name:
                return None
            return _finding("location", 0.92 * c, text, evidence, f"You can't reach {intent.target} from here; exits: {exits}.")
        if not index.scene.location.exits and not index.scene.location.name:
            return _finding("location", 0.45 * c, text, evidence, f"You can't reach {_bare(text)} from here.")
        return _finding("location", 0.85 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
    if kind == "being" and not intent.resolved:
        key = norm_phrase(text)
        head = head_word(key)
        if head in BEINGS or head in GENERIC_BEINGS or head in HOSTILE_GENERICS:
            return None  # absent being as destination: reported by the target check
        return _finding("location", 0.75 * c, text, evidence, f"You can't reach {_bare(text)} from here; exits: {exits}.")
    if kind == "direction":
        d = (intent.target or "").casefold()
        exit_dirs = {w for e in scene.location.exits for w in norm_phrase(e).split() if w in COMPASS}
        if d in COMPASS and exit_dirs and d not in exit_dirs:
            return _finding("location", 0.7 * c, text, evidence, f"There is no way {d} from here; exits: {exits}.")
    return None


# Falling is no climbing: "jump down the well", "slide down the bank" are left to the dice.
_FALLING = frozenset("fall falls jump jumps leap leaps drop drops dive dives tumble tumbles slide slides slip slips plunge plunges throw throws fling flings hurl hurls roll rolls".split())


def _along_its_face(intent: Intent) -> bool:
    """Whether a movement goes up or down (or up and over) the feature it names, by a verb that
    is not one of falling: the way a climb is said without the word "climb"."""
    target = (intent.target_text or "").casefold().strip()
    words = (intent.words or "").casefold()
    if not target or _first_verb(words) in _FALLING:
        return False
    return follows(words, target, _UP_OR_DOWN, _BOUNDARY_TAIL)


_UP_OR_DOWN = re.compile(r"\b(?:up|down|up and over|down over)\s+\Z")


def _own_held(text: str, index: SceneIndex) -> bool:
    """Whether the words name, as the player's own, a thing the player holds: never a place."""
    if _possessive(text) not in ("my", "our"):
        return False
    return index.resolve(text, ("inventory",), min_score=88) is not None


# Parts of a building beyond the room one is in.
_BEYOND_ROOM = frozenset(
    """roof rooftop rooftops attic loft garret basement cellar upstairs downstairs belfry steeple
    spire tower turret battlements rampart ramparts penthouse masthead topmast maintop foretop yardarm""".split()
)
# Such parts named by a fixed possessive, whose "'s" owns nothing ("the crow's nest"), as keyed.
_BEYOND_ROOM_NAMES = frozenset({"crow nest", "widow walk", "captain walk"})
# Words of a journey: a vehicle taken, or a distance covered.
_VEHICLES = (
    r"(?:tram|train|bus|coach|cab|taxi|ferry|boat|canoe|kayak|raft|ship|shuttle|subway|metro|monorail|maglev|carriage|wagon|"
    r"stagecoach|sleigh|sled|sledge|truck|car|jeep|motorcycle|bike|bicycle|horse|mule|camel|elevator|lift|airship|zeppelin|skiff|launch|dinghy|gondola|rickshaw|streetcar|trolley)"
)
_JOURNEY = re.compile(
    r"^\W*(?:(?:i|we|then|and|now|lets|let's|let us)\s+)*(?:ride|rides|riding|rode|drive|drives|driving|drove|sail|sails|sailing|sailed|paddle|paddles|paddling|row|rows|rowing|gallop|gallops|galloping|motor|motors)\b(?=.*\b(?:to|towards?|for)\b)"
    r"|\b(?:take|takes|took|catch|catches|caught|board|boards|boarded|hop on|hop|hops|hail|hails|hire|hires|ride|rides|rode|drive|drives|drove|paddle|paddles|row|rows|by|in|on|aboard)\s+(?:the|a|an|my|our|one of the)?\s*(?:[\w-]+\s+)?" + _VEHICLES + r"s?\b"
    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a hundred|a few|several)\s+(?:miles?|leagues?|kilometres?|kilometers?|km|versts?|days?)\b"
)


def _travels(intent: Intent) -> bool:
    words = (intent.words or "").casefold()
    target = (intent.target_text or "").casefold()
    if _JOURNEY.search(words.replace(target, " ") if target else words) is not None:
        return True  # by a vehicle or over a distance the words name
    return _TRAVELS_RE1.search(target) is not None


def _exit_compound(head: str, scene: Scene) -> bool:
    """Whether an exit's name runs the word into a compound ("Rooftop Stairs" for "the roof",
    "Cellarway" for "the cellar"): that way leads there."""
    return len(head) >= 4 and any(w.startswith(head) and w != head for e in scene.location.exits for w in norm_phrase(e).split())


def _mentioned_here(word: str, scene: Scene) -> bool:
    text = " ".join([scene.location.description or "", *scene.items, *(f.name for f in scene.location.features), *scene.location.exits]).casefold()
    return has_word(text, word, ("s", ""))


def _headed_elsewhere(intent: Intent, head: str, index: SceneIndex) -> bool:
    """Whether a movement goes to a named place-like thing the scene lacks: a compound whose
    head is a room or area ("the observation deck", "the map room"), not furniture this place
    may have ("the window", "the far table"), nor anything here or held."""
    text = norm_phrase(intent.target_text or "")
    words = text.split()
    if len(words) < 2 or _possessive(intent.target_text or "") or head in BEINGS or "'s" in (intent.target_text or ""):
        return False  # "the infirmarian's loft": whose it is is the parse's and the room check's to judge
    if head in _AREAS:
        # "the signal room": the whole name, not the word "room", must be somewhere in the scene
        return not _mentioned_here(" ".join(w for w in words if w not in ("the", "a", "an")), index.scene) and index.resolve(
            intent.target_text or "", ("item", "content", "feature", "exit", "location"), min_score=88) is None and _to_it(intent)
    if index.is_scenery(head):
        return False
    if not _to_it(intent):
        return False
    if _mentioned_here(head, index.scene):
        return False
    near = index.resolve(intent.target_text or "", ("item", "content", "feature", "inventory", "npc_item"), min_score=70)
    if near is not None and head_word(norm_phrase(near.entity.name)) == head:
        return False  # a thing here by another wording
    return is_location(head) or head in _AREAS


def _to_it(intent: Intent) -> bool:
    target = (intent.target_text or "").casefold().removeprefix("the ").strip()
    return bool(target) and follows((intent.words or "").casefold(), target, _TO_LEAD, None)


_TO_LEAD = re.compile(r"\b(?:to|towards?|into|for)\s+(?:the\s+)?\Z")


# Heads that name an area of a building or ship, whatever WordNet's first sense.
_AREAS = frozenset(
    """deck bay room hall chamber office quarters ward wing lab laboratory hangar bridge gallery vault cellar attic loft
    annex gym chapel library armory armoury barracks kitchen galley infirmary lounge hold cabin cockpit parlour parlor
    lobby foyer dormitory mess canteen cafeteria sickbay pantry scullery nursery boudoir""".split()
)


def _by_way_of_exit(intent: Intent, scene: Scene) -> bool:
    """Whether the words go along or through an exit on the way ("up the Gallery stairs to the
    music room"): what lies beyond it is reached through it."""
    words = norm_phrase(intent.words or "")
    target = norm_phrase(intent.target_text or "")
    for e in scene.location.exits:
        key = norm_phrase(e)
        if key and key in words and _ALONG_LEAD.search(words) is not None and follows(words, key, _ALONG_END, _BOUNDARY_TAIL) and key not in target:
            return True
    return False


# The way words before an exit's name in ``_by_way_of_exit``: ``_ALONG_LEAD`` says whether any
# is there at all (most messages name no way), ``_ALONG_END`` whether one ends at the name.
_ALONG = (r"\b(?:down|up|along|through|thru|via|across|over|by|past|into|out|onto|to|follow|follows|take|takes|use|uses|"
          r"cross|crosses|travel|travels|walk|walks|ride|rides) (?:the )?")
_ALONG_LEAD = re.compile(_ALONG)
_ALONG_END = re.compile(_ALONG + r"\Z")
_BOUNDARY_TAIL = re.compile(r"\b")


_DOWN_THROUGH = re.compile(r"\b(?:down|below|beneath|underneath)\b")
_ENTRY = re.compile(r"\b(?:through|thru|into|inside|in|under|underneath|beneath|past|enter\w*|let \w+ in)\b")


def _entry(intent: Intent, index: SceneIndex, c: float) -> Finding | None:
    """Going into, through or under a locked feature by any verb ("climb down into the hold",
    "duck under the portcullis")."""
    f = index.feature(intent.target or "")
    if f is None or not f.locked or f.open or not _entering(intent) or _has_key(f, index, index.scene):
        return None
    text = intent.target_text or f.name
    return _finding("environment", 0.88 * c, text, f"{f.name}: locked", f"The {f.name} is locked.")


def _entering(intent: Intent) -> bool:
    """Whether a movement to a feature goes in or through it ("slip into the strongroom", "step
    through the gate"), rather than up to it ("walk to the cell door")."""
    words = (intent.words or "").casefold()
    target = (intent.target_text or "").casefold()
    at = words.find(target) if target else -1
    if at < 0 and target:
        # the feature was named by an earlier step ("I walk to the hatch and climb down"): the
        # words of this one say whether they go down, in or through it
        return _ENTRY.search(words) is not None or _DOWN_THROUGH.search(words) is not None
    before = words[:at] if at > 0 else words
    return _ENTRY.search(before) is not None


def _has_key(feature: SceneFeature, index: SceneIndex, scene: Scene) -> bool:
    if feature.key:
        if index.resolve(feature.key, ("inventory",), min_score=88) is not None:
            return True
        return any(norm_phrase(feature.key) == norm_phrase(i) for i in scene.player.inventory)
    return False


def _climb(intent: Intent, index: SceneIndex, c: float) -> Finding | None:
    text = intent.target_text or intent.target or ""
    if intent.target_kind == "feature":
        f = index.feature(intent.target or "")
        if f is not None and f.climbable is False:
            return _finding("environment", 0.95 * c, text, f"{f.name}: not climbable", f"The {f.name} can't be climbed.")
        return None
    if not intent.resolved and intent.target_kind not in ("direction",):
        key = norm_phrase(text)
        head = head_word(key)
        if head in LANDMARKS and not index.is_scenery(head):
            return _finding("target", 0.75 * c, text, "features: " + (", ".join(f.name for f in index.scene.location.features) or "none"), f"{_none_here(text)}.")
    return None


_TOOLS = re.compile(r"\b(thieves'? tools?|thief'?s tools?|lock ?picks?|lockpicks?|lockpicking kit|skeleton key)\b")


def _at_hand(tool: str, index: SceneIndex) -> bool:
    """Whether a tool named as one's own is held, or lies here to be taken up."""
    if index.resolve(tool, ("inventory", "item", "content"), min_score=75) is not None:
        return True
    words = set(norm_phrase(tool).split()) - {"my", "our"}
    return any(words & set(norm_phrase(item).split()) for item in index.scene.player.inventory)


def _lock(intent: Intent, index: SceneIndex, sheet: _Sheet, c: float) -> Finding | None:
    scene = index.scene
    if intent.target_kind != "feature":
        return None
    f = index.feature(intent.target or "")
    if f is None or not f.locked or f.open:
        return None
    text = intent.target_text or f.name
    method = (intent.method or "").casefold()
    if method == "pick lock" or "lockpick" in method or "pick" in (intent.method_text or "").casefold().split():
        if _TOOLS.search(sheet.inventory.casefold()):
            return None
        return _finding("no_item", 0.8 * c, intent.method_text or intent.words, f"inventory: {sheet.inventory}", "You have no lockpicks or thieves' tools.")
    if _has_key(f, index, scene):
        return None
    if intent.method and intent.method_kind in ("item", None) and "key" not in norm_phrase(intent.method_text or intent.method).split():
        tool = intent.method_text or intent.method
        if _possessive(tool) in ("my", "our") and not _at_hand(tool, index):
            # "pick the lock with my hairpin" holding none: the tool worked at a lock must be held
            return _finding("no_item", 0.85 * c, tool, f"inventory: {sheet.inventory}", f"You don't have a {_bare(tool)}.")
        return None  # prying or forcing with a tool: an attempt the dice decide
    key_note = f" and you don't have the {f.key}" if f.key else ""
    return _finding("environment", 0.9 * c, text, f"{f.name}: locked" + (f"; key: {f.key}" if f.key else ""), f"The {f.name} is locked{key_note}.")
