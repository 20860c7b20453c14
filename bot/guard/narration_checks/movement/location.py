"""An arrival must be here: the location, a part of it, one of its exits, or what the scene names.

"You step out onto the quay", "the passage opens onto the throne room", "you're standing in the
lobby of the Biltmore": a player who arrives somewhere else has left the scene without the backend
moving them. A place is grounded by the location's words and those a place of its kind has (a
tavern's taproom, a ship's deck), their synonyms, an exit's name, or a part of one of these; a
capitalised name or a place noun the scene lacks is invented, and so, on a strong arrival
("arrive", "emerge", "find yourself", "step out onto"), is ground the scene never mentions (a
front lawn, the flight deck of a carrier). A place fixed by a landmark the scene lacks ("the alley
behind the Dust Creek Bank") is somewhere else.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import BLOCK, Finding
from bot.guard.grounding import SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import CheckContext, make_finding, severity_for, subject_before
from bot.guard.narration_checks.movement.destinations import (
    _MOTION, _more_targets, _place_names, _target, _way_subject, route_ends,
)
from bot.guard.narration_checks.movement.locks import _door_of
from bot.guard.prose import Phrase, Reading, verb_after

_POSTURES = frozenset("crouch heap tangle sprawl huddle pile kneel squat stance daze hurry rush "
                      "sweat panic state mood trance dream daydream sweat bind fix jam health "
                      "ease peace rest pain trouble danger luck shock tears love charge command "
                      "control position readiness attention hurry lead minority majority "
                      "middle midst thick".split())
_STRONG_ARRIVAL = frozenset(
    "arrive arrives arrived arriving emerge emerges emerged emerging materialize materializes "
    "materialized reappear reappears reappeared wake wakes woke awaken awakens "
    "awakened".split())
_WAY_VERBS = frozenset({"opens", "opened", "gives", "gave", "leads", "led", "emerges", "emerged",
                        "ends", "ended", "spills", "spilled", "empties", "emptied", "lets",
                        "debouches", "comes", "came", "winds", "wound"})
_TRANSITIVE = frozenset({"enter", "enters", "entered", "reach", "reaches", "reached"})
# Taking someone somewhere by going with them: "you hustle the professor down into the cellar"
# takes the player there too, so the place is judged as the player's arrival.
_ESCORTS = frozenset("hustle hustles hustled usher ushers ushered escort escorts escorted lead "
                     "leads led guide guides guided steer steers steered shepherd shepherds "
                     "shepherded bundle bundles bundled".split())
_DOCKING = frozenset("pull pulls pulled put puts tie ties tied".split())
_BEING = frozenset({"are", "'re", "were", "stand", "stands"})  # "you are now in X"
_NOW = frozenset({"now", "suddenly", "back", "already", "instantly", "soon", "standing",
                  "sitting", "lying", "kneeling", "perched", "crouching"})
_LED = frozenset({"leads", "led", "brings", "brought", "takes", "took", "carries", "carried",
                  "guides", "guided", "draws", "drew", "sweeps", "swept", "drags", "dragged",
                  "delivers", "delivered",
                  # after a plural subject: "the tracks take you up a gully to ..."
                  "lead", "bring", "take", "carry", "guide", "draw", "sweep", "drag", "deliver"})
_SELF_WORDS = {
    "tavern": {"tavern", "inn", "taproom", "room", "bar", "common", "hall", "tankard"},
    "ship": {"ship", "vessel", "boat", "deck", "bow", "stern", "rail", "mast", "rigging"},
    "mine": {"mine", "tunnel", "gallery", "shaft", "rail"},
    "chapel": {"chapel", "church", "nave", "aisle", "altar", "pew"},
    "market": {"market", "bazaar", "square", "stall", "crowd"},
    "stable": {"stable", "stall", "barn"},
    "modern": {"loft", "apartment", "room", "office", "desk", "window"},
    "cellar": {"cellar", "basement"},
    "street": {"street", "square", "alley"},
    "outdoors": {"path", "road", "trail", "clearing"},
}
_PLACE_SYNONYMS = [
    {"graveyard", "cemetery", "churchyard", "burial", "boneyard"},
    {"tavern", "inn", "alehouse", "pub", "taproom", "tankard"},
    {"dock", "docks", "harbor", "harbour", "pier", "wharf", "quay"},
    {"market", "bazaar", "marketplace", "souk", "square"},
    {"cellar", "basement", "undercroft"},
    {"stair", "stairs", "stairwell", "staircase", "steps", "stairway"},
    {"hayloft", "loft"},
    {"gate", "gateway", "gatehouse"},
    {"yard", "courtyard"},
    {"street", "road", "lane", "alley"},
    {"cabin", "quarters"},
    {"hold", "cargo"},
]
# Parts of a place: arriving on "the deck of" something arrives at that something.
_PLACE_PARTS = frozenset("deck summit top roof peak foot edge bank shore floor hold cabin bridge "
                         "steps threshold porch gate gates courtyard yard halls hall heart "
                         "interior".split())
_GENERIC_PLACE = frozenset("port mount fort cape lake saint st old new upper lower north south east "
                           "west great little high isles isle peaks peak falls springs".split())
_SKYLINE = frozenset("wall gate tower spire dome minaret rooftop roof light outskirts skyline "
                     "rampart battlement turret smoke chimney harbour harbor lantern lamp torch "
                     "fire bonfire bell".split())
_INTO_VIEW = frozenset("rise rises rose rising loom looms loomed looming appear appears appeared "
                       "heave heaves hove emerge emerges emerged come comes came show shows "
                       "showed twinkle twinkles twinkled glimmer glimmers glimmered glow glows "
                       "glowed gleam gleams gleamed shine shines shone ring rings rang".split())
# Words that tell where a room lies, not what it is: "the back room" may be any exit's room.
_WHERE_IN_PLACE = frozenset("back front side inner outer main next far near other end corner rear "
                            "top bottom upper lower little big small great adjoining adjacent "
                            "middle centre center left right".split())
_DWELLINGS = frozenset("hut huts house houses camp station farm farmstead village town cabin "
                       "hamlet homestead mission fort outpost lodge inn steading".split())
# After a verb of coming into view, what says it is reached: out of the haze, into view, ahead.
_ROUSED = re.compile(r"\s+(?:out of|from|through) the (?:haze|mist|fog|murk|dusk|gloom|snow|"
                     r"dark|darkness|rain|spray|glare)|\s+(?:into view|into sight|ahead)\b")
_LANDMARK_PREPS = frozenset({"behind", "beside", "near", "beyond", "past", "by", "below",
                             "beneath", "under", "above", "opposite", "outside"})


_SET_DOWN = frozenset({"out", "off", "down", "up", "ashore", "back"})


def _carries_you_out(r: Reading, i: int) -> bool:
    """"The cage lets you out into the throne hall", "the current washes you up onto a beach",
    "the chute spits you out onto the loading dock": whatever the verb, a thing that puts "you"
    out, off or up into or onto somewhere has carried the player there."""
    toks = r.tokens
    if i + 3 >= len(toks) or toks[i + 1].low != "you" or toks[i + 2].low not in _SET_DOWN or \
            toks[i + 3].low not in ("into", "onto"):
        return False
    return W.verb_base(toks[i].low) is not None


def _opens_on_its_inside(ctx: CheckContext, i: int) -> bool:
    """"The maintenance door opens on a closet of mops": a door of the scene that leads to none of
    its exits opens on what it closes off (a closet, a cupboard's shelves), which is part of this
    place; only a way out of here (a passage, an exit's door) can open onto somewhere else."""
    r = ctx.reading
    g = ctx.grounding
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    before = [q for q in r.phrases if a <= q.start and q.end <= i and not q.pronoun]
    if not before:
        return False
    subject = before[-1]
    f = g.feature_for([t.base for t in r.tokens[subject.start:subject.end] if t.kind == "word"])
    if f is None:
        return False
    return all(_door_of(g, name, words) is not f for name, words in g.exits)


class LocationCheck:
    """Arriving somewhere that is neither the location, a part of it, nor one of its exits."""

    name = "location"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out: list[Finding] = []
        grounded = set(g.place_words)
        for k in g.kinds:
            grounded |= _SELF_WORDS.get(k, set())
        for group in _PLACE_SYNONYMS:
            if group & grounded:
                grounded |= group
        seen: set[int] = set()
        pending: dict[int, Finding] = {}  # route places no verb has judged as its own yet
        for i, t in enumerate(toks):
            if t.kind != "word" or t.muted or t.negated:
                continue
            led = (t.low in _LED and i + 1 < len(toks) and toks[i + 1].low == "you") or \
                _carries_you_out(r, i)
            way = False
            if led:
                pass  # "the path leads you straight to the Obsidian Spire"
            elif t.low in _BEING and i + 1 < len(toks) and toks[i + 1].low in _NOW:
                pass  # "you are now in the castle"
            elif t.low in ("you're", "we're") and i + 1 < len(toks) and (
                    toks[i + 1].low in _NOW or toks[i + 1].low in ("in", "at", "inside")):
                led = True  # "you're standing in the lobby of the Biltmore"
            elif t.low in _WAY_VERBS and _way_subject(ctx, i):
                if _opens_on_its_inside(ctx, i):
                    continue  # "the maintenance door opens on a closet of mops": what it shuts
                way = True  # "the passage twists and opens onto the throne room"
            elif t.low in _DOCKING and i + 1 < len(toks) and toks[i + 1].low in (
                    "in", "up", "ashore", "alongside", "into"):
                pass  # "pull in at the docks of Manaus", "put in at Port Royal"
            elif t.low not in _MOTION and t.low not in _TRANSITIVE and t.low not in _ESCORTS:
                continue
            actor = subject_before(ctx, i)
            if actor.kind != "holder" and i > 0 and toks[i - 1].low == "and":
                # "You climb the ladder, rung after frozen rung, and step out onto ...": the
                # sentence's subject goes on
                a_tok, _ = r.sentence_tokens[t.sent]
                first = next((q for q in r.phrases if q.start >= a_tok), None)
                if first is not None and first.start == a_tok and ctx.refs and \
                        ctx.refs[first.head] is not None:
                    actor = type(actor)(kind="holder", holder=ctx.refs[first.head])
            player = led or way or (actor.kind == "holder" and actor.holder is g.player) or (
                i > 0 and toks[i - 1].low in ("you", "we"))
            if not player:
                continue
            target = _target(r, i, t.low in _TRANSITIVE)
            route = [target, *_more_targets(r, target)] if target is not None and \
                not target.pronoun else []
            direct = {p.start for p in route}
            route += [q for q in route_ends(r, i) if all(q.start != p.start for p in route)]
            for place in route:
                if place.start in seen or place.pronoun:
                    continue
                nxt = toks[i + 1].low if i + 1 < len(toks) else ""
                if nxt in ("straight", "right", "back", "carefully", "quickly") and \
                        i + 2 < len(toks):
                    nxt = toks[i + 2].low  # "step straight out onto ..."
                strong = led or way or t.low in _BEING or t.low in _STRONG_ARRIVAL or (
                    nxt in ("out", "yourself", "himself", "herself", "themselves")
                    and t.low in ("step", "steps", "stepped", "find", "finds", "found",
                                  "climb", "climbs", "climbed")) or (
                    nxt == "out" and i + 2 < len(toks) and (
                        toks[i + 2].low in ("onto", "into", "on", "upon", "at", "in")
                        or toks[i + 2].low == ","))
                f = self._judge(ctx, place, grounded, strong)
                if f is None:
                    f = self._landmark(ctx, place, grounded)
                if f is None:
                    f = self._undecided_move(ctx, place)
                if place.start not in direct and (f is None or f.severity != BLOCK):
                    # a place further along the route may be the direct target of a later verb,
                    # which judges it as its own ("climb down the ladder and step out onto the deck")
                    if f is not None:
                        pending.setdefault(place.start, f)
                    continue
                seen.add(place.start)
                if f is not None:
                    out.append(f)
        out += [f for start, f in pending.items() if start not in seen]
        return out + self._into_view(ctx, grounded)

    @staticmethod
    def _undecided_move(ctx: CheckContext, place: Phrase) -> Finding | None:
        """"You pass through the cellar door", "you head to the Cellar" on a turn whose outcome
        moved no one: going through an exit is a change of place the backend decides, and one it
        did not decide is not narrated (the next turn would start somewhere else)."""
        o = ctx.outcome
        if o is None or not o.steps or any(s.moved_to for s in o.steps):
            return None
        if any(s.action_type == "move" and not s.success for s in o.steps):
            return None  # a move refused: its telling is judged elsewhere (a move that succeeded
            # without moving_to anywhere crossed the room to someone: no exit was gone through)
        r = ctx.reading
        loc = ctx.grounding.scene.location
        said = " ".join(t.low for t in r.tokens[place.start:place.end]
                        if t.kind == "word" and t.low not in ("the", "a", "an"))
        for dest in loc.exits:
            names = {dest.casefold(), *(a.casefold() for a in loc.exit_aliases.get(dest, []))}
            door = loc.exit_through.get(dest)
            feature = ctx.grounding.scene.feature(door) if door else None
            if feature is not None:
                names |= {feature.name.casefold(), *(a.casefold() for a in feature.aliases)}
            names = {re.sub(r"^(?:the|a|an) ", "", n) for n in names}
            if said in names:
                return make_finding(
                    ctx, "outcome_mismatch", "block", 0.8, place.start, place.end,
                    "decided: " + "; ".join(s.summary or s.action_type for s in o.steps),
                    f"This turn moved no one; '{place.text(r)}' takes you to {dest}.")
        return None

    def _into_view(self, ctx: CheckContext, grounded: set[str]) -> list[Finding]:
        """"until the walls of Samarkand rise out of the haze": a named place coming into view
        at the end of a journey is where the player has got to."""
        r = ctx.reading
        out: list[Finding] = []
        for p in r.phrases:
            at = self._placed_at(r, p)
            if at is not None:
                # "the hut at Cape Royds rises out of the haze": a building fixed by a named
                # place coming into view is that place reached
                vi = verb_after(r, p, limit=4)
                if vi is not None and r.tokens[vi].low in _INTO_VIEW and \
                        _ROUSED.match(r.text, r.tokens[vi].end):
                    f = self._judge(ctx, at, grounded, True)
                    if f is not None:
                        out.append(f)
                continue
            if p.of_head is None or V.lemma(r.tokens[p.head].base) not in _SKYLINE:
                continue
            of = r.tokens[p.of_head]
            if not of.cap or of.initial or of.muted or of.negated:
                continue
            vi = verb_after(r, p)
            if vi is None or r.tokens[vi].low not in _INTO_VIEW:
                vi = next((k for k in range(p.end, min(p.end + 3, len(r.tokens)))
                           if r.tokens[k].low in _INTO_VIEW), None)
            if vi is None:
                continue
            place = r.phrase_at.get(p.of_head) or r.phrase_containing(p.of_head) or p
            f = self._judge(ctx, place, grounded, True)
            if f is None and place is not p:
                f = self._judge(ctx, p, grounded, True)
            if f is not None:
                out.append(f)
        return out

    @staticmethod
    def _placed_at(r: Reading, p: Phrase) -> Phrase | None:
        """The named place after "<a building or the skyline> at|on|near" ("the hut at Cape
        Royds"), if any."""
        if p.pronoun or r.tokens[p.head].cap or p.end + 1 >= len(r.tokens) or \
                r.tokens[p.end].low not in ("at", "on", "near"):
            return None
        lem = V.lemma(r.tokens[p.head].base)
        if lem not in _SKYLINE and lem not in _DWELLINGS:
            return None
        q = r.phrase_at.get(p.end + 1)
        if q is None or q.pronoun or r.tokens[q.start].muted or r.tokens[q.start].negated or \
                not any(t.cap and not t.initial and t.kind == "word"
                        for t in r.tokens[q.start:q.end]):
            return None
        return q

    def _landmark(self, ctx: CheckContext, place: Phrase, grounded: set[str]) -> Finding | None:
        """"drop into the alley behind the Dust Creek Bank": a place fixed by a named landmark
        the scene does not have is somewhere else."""
        r = ctx.reading
        toks = r.tokens
        k = place.end
        at = self._placed_at(r, place)
        if at is not None:
            return self._judge(ctx, at, grounded, True)  # "to the old hut at Hut Point"
        if k + 1 >= len(toks) or toks[k].low not in _LANDMARK_PREPS:
            return None
        q = r.phrase_at.get(k + 1)
        if q is None or q.pronoun or not any(t.cap and not t.initial and t.kind == "word"
                                             for t in toks[q.start:q.end]):
            return None
        return self._judge(ctx, q, grounded, True)

    def _judge(self, ctx: CheckContext, p: Phrase, grounded: set[str],
               strong: bool = False) -> Finding | None:
        r = ctx.reading
        g = ctx.grounding
        if p.start >= 2 and r.tokens[p.start - 1].possessive:
            owner = r.phrase_containing(p.start - 1)
            if owner is not None:
                said = " ".join(t.low.replace("’", "'") for t in r.tokens[owner.start:p.end]
                                if t.kind == "word" and t.low not in ("the", "a", "an"))
                if any(said == n or said.endswith(" " + n) or n.endswith(said)
                       for n in _place_names(g)):
                    return None  # "the Harbourmaster's Office": an exit's own name
                if g.feature_for([t.base for t in r.tokens[owner.start:owner.end]
                                  if t.kind == "word"]) is not None:
                    return None  # "into the Lantern Tree's crooked arms": a feature's part
        toks = r.tokens[p.start:p.end]
        if toks[0].kind == "num" and r.tokens[p.head].text.isupper():
            return None  # "you're at 18 HP", "at 40 PSI": a figure and its unit, not a place
        head = p.content_head(r)
        lem = V.lemma(head)
        text = p.text(r)
        exits = ", ".join(e for e, _ in g.exits) or "none"
        evidence = f"you are in {g.scene.location.name or 'this place'}; exits: {exits}"
        caps = [t.base for t in toks if t.cap and not t.initial and t.base not in V.TITLES
                and t.low not in V.NAME_CONNECTORS]
        if caps and any(" ".join(caps) in f.name.lower() for f in g.features):
            return None  # "into the Lantern Tree's crooked arms": a feature of the scene
        if caps:
            names = _place_names(g)
            said = " ".join(t.base for t in toks if t.kind == "word")
            seq = " ".join(t.base for t in toks if t.cap and not t.initial
                           and t.low not in V.NAME_CONNECTORS)
            if any(f" {seq} " in f" {n} " or f" {n} " in f" {said} " or
                   f" {seq} " in f" {n.replace(chr(39) + 's ', ' ')} " for n in names):
                return None  # "the Lower Galleries", "the quay of Harbor Docks"
            proper = [w for w in caps if w not in V.PLACES and V.lemma(w) not in V.PLACES
                      and w not in _GENERIC_PLACE and w not in g.place_words] or []
            if not proper and len(caps) == 1 and any(
                    n.split()[-1] in (caps[0], V.lemma(caps[0])) for n in names):
                return None  # "the Cellar" for the cellar exit, "the Docks" for Harbor Docks
            if proper and all(w in g.name_tokens and w not in g.place_words and
                              g.holder_named(w) is not None for w in proper):
                return None  # somebody's: "to Greta's side"
            if g.holder_named(caps[-1]) is not None:
                return None
            return make_finding(ctx, "invented_location", "block", 0.9, p.start, p.end, evidence,
                                f"'{text}' is not here and not an exit; {evidence}.")
        if p.of_head is not None and lem in _PLACE_PARTS:
            # "the deck of a fishing boat", "the summit of the Frostfang Peaks": the place is
            # what the part belongs to
            comp = r.tokens[p.of_head].base
            comp_lem = V.lemma(comp)
            if comp not in grounded and comp_lem not in grounded and not any(
                    comp_lem in V.lemma(w) for w in g.place_words) and (
                    comp_lem in V.PLACES or W.is_location(comp) or W.is_fixed_thing(comp)
                    or r.tokens[p.of_head].cap) and not (
                    g.in_location(comp) or any(h.has(comp) for h in g.holders)):
                conf = 0.85 if (strong or r.tokens[p.of_head].cap) else 0.5
                return make_finding(ctx, "invented_location", severity_for(conf), conf,
                                    p.start, p.end, evidence,
                                    f"'{text}' is not this location or one of its exits; "
                                    f"{evidence}.")
        if self._other_room(g, r, p, lem):
            return make_finding(ctx, "invented_location", "block", 0.8, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        if lem in grounded or head in grounded:
            return None
        if g.holder_named(head) is not None or V.is_person_noun(head):
            return None
        if lem not in V.PLACES and not (W.is_classifier(head) and not W.is_location(head)):
            # "a hidden attic full of crates": the place noun before a trailing modifier; not
            # "the roof hatch", whose head names a thing of its own
            for t in r.tokens[p.start:p.head]:
                tl = V.lemma(t.base)
                if t.kind == "word" and tl in V.PLACES and tl not in grounded and \
                        t.base not in grounded and not t.cap:
                    lem = tl
                    break
        if lem in V.PLACES and lem not in grounded:
            return make_finding(ctx, "invented_location", "block", 0.85, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        if strong and W.is_location(head) and lem not in grounded and not any(
                V.lemma(w) in grounded for w in p.words(r)):
            # "tumble out onto the front lawn": out of here and onto ground the scene lacks
            return make_finding(ctx, "invented_location", "block", 0.75, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        if strong and self._unheard_of(g, r, p):
            # "you find yourself on the flight deck of an aircraft carrier": arrived somewhere
            # the scene never mentions
            return make_finding(ctx, "invented_location", "block", 0.75, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        return None

    @staticmethod
    def _other_room(g: SceneGrounding, r: Reading, p: Phrase, lem: str) -> bool:
        """"a narrow stair into the merchant's private tea room" when the exit is the Counting
        Room: a place noun an exit ends in, told apart by a noun of its own the scene never
        mentions, is another place of that kind, not the exit."""
        if p.head == p.start:
            return False
        names = [n.lower().split() for n, _ in g.exits]
        if not any(len(n) > 1 and V.lemma(n[-1]) == lem for n in names) or \
                lem in {V.lemma(w) for w in g.scene.location.name.lower().split()}:
            return False
        mod = r.tokens[p.head - 1]
        word = mod.base
        return mod.kind == "word" and not mod.cap and not mod.possessive and \
            word not in _WHERE_IN_PLACE and W.is_known_noun(word) and not V.looks_adjective(word) and \
            word not in g.all_words and V.lemma(word) not in g.all_words and \
            not any(word in n for n in names)

    @staticmethod
    def _unheard_of(g: SceneGrounding, r: Reading, p: Phrase) -> bool:
        """Does a place phrase name only things the scene never mentions, and nothing every place
        has (a floor, the dark, the rain)?"""
        words = [t.base for t in r.tokens[p.start:p.end]
                 if t.kind == "word" and t.low not in V.DETERMINERS and t.low != "of"]
        if not words or p.det not in ("the", "a", "an", "this", "that"):
            return False  # "at full health", "in pain": a state, not a place
        for w in words:
            lem = V.lemma(w)
            if w in g.all_words or lem in g.all_words:
                return False
        head = V.lemma(p.content_head(r))
        for table in (V.FIXTURES, V.ATMOSPHERE, V.BODY, V.ABSTRACT, V.EXPRESSIONS, V.CLOTHING):
            if head in table:
                return False
        if head in V.VERBS or head in _POSTURES:
            return False  # "in a crouch", "in a heap"
        return V.ordinary_word(head) or head in V.ITEMS
