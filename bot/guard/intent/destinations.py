"""Where a step goes: its destination, the door it passes through, and what is a place elsewhere.

Why separate: moving, climbing, taking a road and the words' commitments all need the same answer
to "where is that?", and the answer decides whether a move is checked against this scene's exits
or is a journey to somewhere the scene need not have: "the tavern" said inside one is here, "the
King's throne room" or "the train station" is a place elsewhere, and "go berserk" goes nowhere.
"""

from __future__ import annotations

from bot.guard.index import BEING_KINDS
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step, _pp
from bot.guard.intent.resolve import _person_word, _possessor, _pronoun, _ref_from, _resolve, _unresolved
from bot.guard.lexicon.nouns import BEINGS, DIRECTIONS, DOORLIKE, KIND_HINTS, PLACES, ROOM_HEADS
from bot.guard.lexicon.wordclass import first_class, is_classifier, noun_codes
from bot.guard.lexicon.words import DETERMINERS, head_word, norm_phrase, singular
from bot.world.scene import Scene


def _destination(step: _Step, ctx: _Ctx) -> _Ref | None:
    kinds = ("exit", "location", "place", "feature", "npc", "party", "creature", "item", "content")
    # the whole phrase first: "below deck", "up the archive stairs"
    rest_toks = ([] if step.dobj is None else step.dobj.toks)
    if step.lemma in _VEHICLE_VERBS and step.pps:
        step = _Step(step.toks, step.lemma, step.cls, step.subject, step.negated, None, step.pps, step.particles, step.purpose, step.rest, step.speech)
    if not rest_toks and step.pps:
        first_prep, first_np = step.pps[0]
        whole = ctx.index.resolve(f"{first_prep} {first_np.text}", ("exit", "place"), min_score=100)
        if whole is not None:
            return _ref_from(whole, f"{first_prep} {first_np.text}")
    candidates: list[_NP] = []
    if step.dobj is not None:
        candidates.append(step.dobj)
    if (
        step.dobj is not None and step.dobj.head in _WAYS and _pp(step, "to", "toward", "towards") is not None
        and _resolve(step.dobj, ctx, ("exit",), min_score=75) is None
    ):
        candidates = []  # "I take the road to London": where a road no exit goes is where one goes
    if (
        step.dobj is not None and len(step.dobj.toks) == 1 and step.dobj.toks[0].low in DIRECTIONS
        and _pp(step, "to", "toward", "towards", "into") is not None
    ):
        candidates = []  # "head upstairs to the lobby": the way is a direction, the lobby where one goes
    named_goal = False
    goal = False
    for prep, np in step.pps:
        if named_goal and prep in _LOCATING:
            continue  # "into the Belly Caves under the shell": where the caves lie, not where one goes
        if goal and prep == "for":
            continue  # "head over to the saloon for a whiskey": what one goes for, not where
        goal = goal or prep in _GOAL_PREPS
        if prep in ("to", "toward", "towards", "into", "onto", "through", "thru", "inside", "across", "up", "down", "over", "past", "behind", "beside", "near", "around", "along", "for", "in", "on", "out of", "out", "under", "below", "above", "by", "between"):
            candidates.append(np)
        if prep in _GOAL_PREPS and any(t.cap for t in np.toks if t.low not in DETERMINERS):
            named_goal = True
    for np in candidates:
        beside = _beside_someone(np, ctx)
        if beside is not None:
            return beside
        ref = _resolve(np, ctx, kinds, min_score=65)
        if (ref is None or not ref.resolved) and _owned_room(np, ctx) and ctx.index.behind(np.text) is None:
            return _Ref(np.text, "place", np.text, False, 0.0)
        if ref is not None and ref.kind in ("location", "exit") and ref.score < 80 and _marked_otherwise(np, _place_words(ref, ctx)):
            ref = None  # "the baggage car" beside an exit to the Dining Car: another car
        if ref is not None and ref.kind not in ("location", "place"):
            return ref
        if ref is not None and ref.kind == "location" and _another_name(np, ctx):
            ref = None  # "Lower Mill" said in the Upper Mill: like this place's name, not it
        door = ctx.index.behind(np.text)
        if door is not None:
            return _Ref(door.name, "feature", np.text, True, 80.0)  # "into the strongroom"
        if ref is not None:
            return ref
        here = _this_place(np, ctx)
        if here is not None:
            return here
    # a vehicle boarded on the way ("hop on a train to Boston") is not where the step goes
    boarded = [np for np in candidates if _is_vehicle(np, ctx)]
    goals = [np for np in candidates if np not in boarded] or boarded
    for np in goals:
        ref = _unresolved(np, ctx)
        if ref.kind in ("place", "being", "direction"):
            return ref
    if goals:
        return _unresolved(goals[0], ctx)
    for p in step.particles:
        if p in DIRECTIONS:
            return _Ref(p, "direction", p, True)
    return None


# A goal named in capitals, then a phrase that only says where it lies: the goal is where one goes.
_GOAL_PREPS = frozenset({"to", "toward", "towards", "into", "onto"})
_LOCATING = frozenset({"under", "below", "beneath", "underneath", "behind", "beside", "near", "by", "above", "beyond", "past", "between"})


def _beside_someone(np: _NP, ctx: _Ctx) -> _Ref | None:
    """ "the captain's side", "Lutz's station", "the fixer's table": a spot that is someone's,
    with them here, is where they are; only their room or building ("the captain's cabin") is
    somewhere else."""
    owner = _possessor(np)
    if owner is None:
        return None
    owner_text, rest = owner
    head = head_word(norm_phrase(rest))
    if not head or head in ROOM_HEADS or head.endswith("room"):
        return None
    codes = noun_codes(head)
    if codes[:1] in ("S", "V") and "L" not in codes[:3]:
        return None  # "the infirmarian's cottage", "the captain's ship": a building or vessel of theirs
    m = ctx.index.resolve(owner_text, BEING_KINDS, min_score=85)
    if m is None or m.entity.kind not in BEING_KINDS:
        return None
    return _Ref(m.entity.name, m.entity.kind, np.text, True, m.score)


def _another_name(np: _NP, ctx: _Ctx) -> bool:
    """Whether the phrase carries a capitalised word this place's name and aliases lack: a name
    of its own, so another place, however like this one it is ("Base Camp" in Camp IV)."""
    loc = ctx.scene.location
    named = set(norm_phrase(" ".join([loc.name or "", *loc.aliases])).split())
    return any(t.cap and norm_phrase(t.low) not in named for t in np.toks[:-1])  # "the Tavern" is only a kind


def _place_words(ref: _Ref, ctx: _Ctx) -> set[str]:
    """The words that describe a place the phrase may mean: its name, and for where one stands
    its aliases and description too."""
    text = ref.name
    if ref.kind == "location":
        loc = ctx.scene.location
        text = " ".join([loc.name or "", *loc.aliases, loc.description or ""])
    words = norm_phrase(text).split()
    return {*words, *(singular(w) for w in words)}


def _marked_otherwise(np: _NP, known: set[str]) -> bool:
    """Whether a word before the phrase's head says which one is meant, and the place's own words
    lack it: the same kind of place, but another one ("the top deck" on the lower deck)."""
    words = [w for w in np.key.split()[:-1] if w not in DETERMINERS and not w.isdigit() and w not in _UNMARKING]
    return any(w not in known and singular(w) not in known for w in words)


# Modifiers that do not pick out another place: "the whole deck", "this same hut".
_UNMARKING = frozenset("same whole entire very own".split())


def _this_place(np: _NP, ctx: _Ctx) -> _Ref | None:
    """ "the tavern" said inside the Rusty Tankard means the Rusty Tankard."""
    loc = ctx.scene.location
    head = np.head
    if any(t.low in ("other", "another", "second", "different", "next", "neighbouring", "neighboring") for t in np.toks):
        return None  # "the other ship" is not this one
    named = set(norm_phrase(" ".join([loc.name or "", *loc.aliases])).split())
    if any(is_classifier(w) and w not in named for w in np.key.split()[:-1]):
        return None  # "the enemy camp" is not the picket camp one stands in
    if _another_name(np, ctx):
        return None  # "Base Camp" said in Camp IV: a name of its own is another place of that kind
    if _marked_otherwise(np, _place_words(_Ref(loc.name or "", "location", np.text, True), ctx)):
        return None  # "the dry dock" in a pier tunnel, "the top deck" on the lower deck: another one
    if loc.name and head and KIND_HINTS.get(head) and KIND_HINTS[head] == ctx.index.location_kind:
        return _Ref(loc.name, "location", np.text, True, 70.0)
    return None


_WAYS = frozenset("path road stair staircase trail route way exit passage tunnel corridor alley street bridge gangplank ramp".split())
_VEHICLE_VERBS = frozenset({"ride", "sail", "drive", "steer", "row", "mount"})


# Public transport WordNet files under other classes ("subway" is first a tunnel).
_TRANSIT = frozenset("subway metro tube underground uber lyft cab taxi shuttle tram trolley streetcar ferry rickshaw".split())


def _is_vehicle(np: _NP, ctx: _Ctx) -> bool:
    """A vehicle one rides ("a cab", "the night train", "the ferry"), not one of the place's
    fixtures (a ship's "boat" hoisted on deck is scenery)."""
    head = np.head
    if not head or head in BEINGS or ctx.index.is_scenery(head):
        return False
    return head in _TRANSIT or "V" in noun_codes(head)[:3]


def _state_change(step: _Step, ctx: _Ctx) -> bool:
    """ "go berserk", "go limp", "get angry", "grow still": "go" with a bare word after it that
    is no place, exit or direction is becoming something, not going somewhere."""
    d = step.dobj
    if step.lemma not in ("go", "get", "grow", "fall", "turn") or d is None or len(d.toks) != 1 or step.pps:
        return False
    t = d.toks[0]
    if (t.cap and not t.text.isupper()) or t.low in DETERMINERS or t.low in DIRECTIONS or t.low in PLACES or not t.low.isalpha():
        return False
    if _resolve(d, ctx, ("exit", "location", "place", "feature"), min_score=80) is not None:
        return False
    return True


# A place that belongs to someone ("the King's throne room", "Derek's bedroom") is elsewhere
# unless the scene has it: the owner's room is not a corner of this one.
def _owned_room(np: _NP, ctx: _Ctx) -> bool:
    owner = _possessor(np)
    if owner is None:
        return False
    owner_text, rest = owner
    if owner_text.casefold() in ctx.index.player_names:
        return False
    rest_key = norm_phrase(rest)
    head = head_word(rest_key)
    if not head or not (head in ROOM_HEADS or head.endswith("room") or first_class(head) in ("S", "L")):
        return False
    if head not in ROOM_HEADS and not head.endswith("room") and ctx.index.is_scenery(head):
        return False  # "the merchant's stall" in a market: part of this place
    if head in _here_words(ctx.scene) and not _only_someones(head, ctx.scene):
        return False  # "the miller's loft" in a mill with a loft ladder: part of this place
    first = owner_text.split()[-1]
    return _person_word(first.casefold()) or first[:1].isupper()


def _only_someones(head: str, scene: Scene) -> bool:
    """Whether the scene's words name ``head`` only as someone's ("watching from his office"):
    the room the description gives a person is theirs, somewhere else, not a part of this place."""
    loc = scene.location
    others = [loc.name or "", *loc.exits, *(f.name for f in loc.features), *scene.items]
    if head in {singular(w) for w in norm_phrase(" ".join(others)).split()}:
        return False
    said = norm_phrase(loc.description or "").split()
    at = [i for i, w in enumerate(said) if singular(w) == head]
    return bool(at) and all(i > 0 and said[i - 1] in _THEIRS for i in at)


_THEIRS = frozenset("his her their".split())


def _named_place(dest: _Ref, ctx: _Ctx) -> bool:
    """ "the Observation Deck", "the Silver Stair": a destination named like a place, in capitals,
    that this place's own words do not have."""
    words = [w for w in dest.text.split() if w.casefold() not in DETERMINERS]
    if len(words) < 2:
        return False
    here = _here_words(ctx.scene)
    if not all(w[:1].isupper() for w in words):
        # "the Abbey Road studio": a building or room under a proper name the scene lacks
        head = singular(words[-1].casefold())
        names = [w for w in words[:-1] if w[:1].isupper()]
        building = head in ROOM_HEADS or head.endswith("room") or bool(set(noun_codes(head)[:2]) & {"S", "L"})
        return bool(names) and building and words[-1][:1].islower() and not any(singular(w.casefold()) in here for w in names)
    return not all(singular(w.casefold()) in here for w in words)


def _here_words(scene: Scene) -> set[str]:
    """The words the scene uses for where one is: its name, description, features, exits, items."""
    loc = scene.location
    parts = [loc.name or "", loc.description or "", *loc.exits, *(f.name for f in loc.features), *scene.items]
    return {singular(w) for w in norm_phrase(" ".join(parts)).split()}


_ROOMS_OF_ANY = frozenset("toilet lavatory loo privy latrine washroom stage booth closet pantry lobby foyer landing corridor hallway hall passage".split())


# Rooms any building may have, named by what they are for rather than by where they are.
_ANY_BUILDING_ROOMS = frozenset("rest wash bath cloak common back front side dining living waiting locker changing powder guest spare next other men's ladies' tap".split())


def _building_elsewhere(step: _Step, dest: _Ref, ctx: _Ctx) -> bool:
    """Whether a destination the scene does not have is a building or structure gone *to* ("the
    train station", "the courthouse"), which is a place elsewhere, not furniture of this one."""
    for prep, np in step.pps:
        if np.text == dest.text and prep in ("to", "into", "inside", "for"):
            head = np.head
            words = np.key.split()
            if (
                len(words) >= 2 and head in ("room", "chamber", "hall", "quarters") and is_classifier(words[-2])
                and not ctx.index.is_scenery(words[-2]) and words[-2] not in _ANY_BUILDING_ROOMS
            ):
                return True  # "the throne room", "the map room": a room of another building, or no exit
            if not head or ctx.index.is_scenery(head) or any(ctx.index.is_scenery(w) for w in np.key.split()[:-1]):
                return False
            # a room of the building one is in ("the restroom", "the cloakroom") is no journey
            return first_class(head) in ("S", "L") and head not in _WAYS and not head.endswith("room") and head not in _ROOMS_OF_ANY
    return False


def _doorlike(name: str, ctx: _Ctx) -> bool:
    """Whether ``name`` is a feature one passes through once it is open: a door, hatch, lid."""
    f = ctx.index.feature(name)
    if f is None:
        return False
    head = norm_phrase(f.name).split()[-1:]
    return bool(head) and (head[0] in DOORLIKE or head[0] in _LIDS or head[0] in _SLIDING)


_LIDS = frozenset("lid cover top flap door hatch seal latch clasp".split())


# Features that open by sliding or lifting them rather than through a door's hinge.
_SLIDING = frozenset("drawer window panel shutter shutters lid grating cover".split())


_PASSING = frozenset({"down", "in", "inside", "through", "thru", "below", "under", "beneath", "underneath"})


def _passage(step: _Step, ctx: _Ctx) -> _Ref | None:
    """The door, hatch or lid an earlier step of the message acted on, when this step goes
    down, in or through without saying where ("I lift the hatch and climb down", "I walk to the
    trapdoor and drop through"): the way it takes is through that feature."""
    if ctx.last_thing is None or ctx.last_thing[1] != "feature":
        return None
    name, _kind, text = ctx.last_thing
    if not _doorlike(name, ctx):
        return None
    named = [np for p, np in step.pps if _pronoun(np) is None]
    if step.dobj is not None or named:
        return None
    if not (set(step.particles) | {p for p, _ in step.pps}) & _PASSING:
        return None
    return _Ref(name, "feature", text, True)
