"""Where a movement goes: the verbs that carry a body, and the place a movement ends at.

Finding the destination is a reading of the sentence, apart from whether the scene has that place:
past adverbs and a first stop ("step out of the mill and onto the square"), "all the way to", the
place a possessive owns ("into the Archmage's private observatory"), further stops ("and on to the
city of Kaldmere"), a passage that "opens onto" somewhere. The verbs of moving are also the
physics check's proof that someone got somewhere by going there, so they sit here, below both
checks.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import CheckContext, is_object
from bot.guard.prose import Phrase, Reading

_MOTION = frozenset(
    "arrive arrives arrived emerge emerges emerged step steps stepped walk walks walked head "
    "heads headed go goes went come comes came run runs ran ride rides rode climb climbs "
    "climbed descend descends descended ascend ascends ascended duck ducks ducked slip slips "
    "slipped push pushes pushed stride strides strode wander wanders wandered stroll strolls "
    "strolled hurry hurries hurried follow follows followed return returns returned land "
    "lands landed end ends ended stumble stumbles stumbled jump jumps jumped leap leaps leapt "
    "leaped glide glides glided soar soars soared fly flies flew race races raced dash dashes "
    "dashed sprint sprints sprinted crawl crawls crawled wade wades waded swim swims swam "
    "sail sails sailed row rows rowed make makes made appear appears appeared reappear "
    "reappears reappeared reappearing materialize materializes materialized teleport "
    "teleports teleported blink blinks blinked drop drops dropped cross crosses crossed "
    "venture ventures ventured march marches marched sneak sneaks sneaked snuck creep "
    "creeps crept tiptoe tiptoes limp limps limped stagger staggers staggered hop hops "
    "hopped vault vaults vaulted squeeze squeezes squeezed bolt bolts bolted flee flees fled "
    "escape escapes escaped retreat retreats retreated move moves moved travel travels "
    "travelled traveled journey journeys haul hauls hauled pull pulls pulled lower lowers "
    "lowered stand stands stood find finds found take takes took scramble scrambles shimmy "
    "shimmies shimmied swing swings swung rappel rappels sneak sneaks wind winds "
    "scrambled clamber clambers clambered plunge plunges plunged fall falls fell tumble "
    "tumbles tumbled shoulder shoulders shouldered".split())
_MOTION = _MOTION | frozenset(
    f for w in _MOTION if not w.endswith(("s", "ed")) for f in V._inflections(w)) | frozenset(
    "drift drifts drifted drifting float floats floated floating pole poles poled poling paddle "
    "paddles paddled paddling kick kicks kicked kicking trudge trudges trudged trudging "
    "hike hikes hiked hiking tumble tumbles tumbled tumbling scramble scrambles scrambled "
    "scrambling clamber clambers clambered clambering spill spills spilled spilling pass passes "
    "passed passing steam steams steamed steaming motor motors motored motoring cruise cruises "
    "cruised cruising jog jogs jogged jogging trot trots trotted trotting gallop gallops "
    "galloped galloping".split())
_WAYS = frozenset("passage passageway path pathway tunnel door doorway stair stairs staircase "
                  "stairway corridor hallway hall trail road lane alley alleyway gate hatch "
                  "ladder steps channel creek river track way route street bridge arch archway "
                  "shaft chute lift elevator".split())
# What one passes beneath or through to enter a place: "beneath the gates of the City of Brass".
_GATEWAYS = frozenset("gate gates arch archway portal threshold lintel gateway".split())
_ARRIVE_PREP = frozenset({"into", "onto", "to", "toward", "towards", "at", "in", "inside",
                          "through", "on", "atop", "upon", "within", "among", "amongst", "amid",
                          "amidst"})
# "at last", "at length": when the journey ends, not where ("come out at last among ...")
_AT_WHEN = frozenset({"last", "length", "once", "first", "dusk", "dawn", "nightfall", "sunset",
                      "sundown", "noon", "midday", "midnight"})
# Directions a route turns in after "and" before it says where it goes next.
_ROUTE_TURNS = frozenset({"down", "up", "out", "back", "over", "on", "off", "round", "around"})
_SKIP_AFTER_MOTION = frozenset(
    "out down up back over off away straight below inside outside onward onwards forward "
    "across along ahead deeper further quickly slowly carefully cautiously together right "
    "standing lying sitting perched crouched crouching kneeling balanced instantly suddenly "
    "yourself himself herself themselves both then".split())


def _place_names(g: SceneGrounding) -> list[str]:
    """The full lowercase names of the places an arrival may name: the location, its aliases,
    its exits and their aliases, and the scene's known places."""
    names = g.memo.get("place_names")
    if names is None:
        loc = g.scene.location
        texts = [loc.name, *loc.aliases, *loc.exits,
                 *(a for ex in loc.exits for a in loc.exit_aliases.get(ex, ()))]
        names = sorted({" ".join(re.findall(r"[a-z0-9][a-z0-9'-]*", t.lower().replace("’", "'")))
                        for t in texts if t and t.strip()} - {""})
        names = [n[4:] if n.startswith("the ") else n for n in names]
        g.memo["place_names"] = names
    return names


def _way_subject(ctx: CheckContext, i: int) -> bool:
    """Is the subject of this verb a way one travels (a passage, a path, a door)?"""
    r = ctx.reading
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    before = [q for q in r.phrases if a <= q.start and q.end <= i]
    if i > a and r.tokens[i - 1].low == "and" and before and before[0].start == a and \
            not before[0].pronoun and W.verb_base(r.tokens[before[0].end].low) is not None:
        # "the lift shudders down past street level, past the sewers, and opens onto ...": a
        # verb joined by "and" shares the sentence's subject
        before = before[:1]
    for p in reversed(before):
        if is_object(r, p, a):
            continue  # "the trail winds through the pines and opens onto ...": the trail
        if p.end - p.start == 1 and p.start > 0 and r.tokens[p.start - 1].low in ("and", ",") \
                and W.verb_base(r.tokens[p.start].low) is not None:
            continue  # "twists and narrows and spills you out": a verb in a series, no subject
        if p.pronoun:
            return False
        said = " ".join(t.base for t in r.tokens[p.start:p.end] if t.kind == "word")
        return V.lemma(r.tokens[p.head].base) in _WAYS or V.lemma(
            p.content_head(r)) in _WAYS or any(
                f" {n} " in f" {said} " for n in _place_names(ctx.grounding))
    return False


def _target(r: Reading, i: int, transitive: bool) -> Phrase | None:
    toks = r.tokens
    n = len(toks)
    k = i + 1
    if transitive:
        return r.phrase_at.get(k)
    skipped = 0
    steps = 0
    while k < n and steps < 10:
        t = toks[k]
        if t.kind == "punct" and t.low in ("—", "–") and k + 1 < n and \
                toks[k + 1].low in _ARRIVE_PREP:
            k += 1  # "shoulder through the street door—into the marble lobby of ..."
            continue
        if t.low == "," and t.sent == toks[i].sent and k + 1 < n and \
                toks[k + 1].low in ("over", "across", "through", "past", "along", "into", "onto",
                                    "up", "down"):
            k += 1  # "keep going, over the bridge and into the streets of Vienna"
            continue
        if t.low == "," and t.sent == toks[i].sent:
            close = next((m for m in range(k + 2, min(k + 5, n)) if toks[m].low == ","), None)
            if close is not None and close + 1 < n and toks[close + 1].low in _ARRIVE_PREP and \
                    all(toks[m].kind == "word" for m in range(k + 1, close)):
                k = close + 1  # "step out, blinking, onto the peak": an aside, then where
                continue
        if t.low == "," and t.sent == toks[i].sent and k + 1 < n and toks[k + 1].low == "then":
            k += 2  # "along the creek for a mile, then up a side gully to ...": the route goes on
            continue
        if t.kind == "punct" or t.sent != toks[i].sent:
            return None
        if t.negated or t.muted:
            return None
        if t.low == "at" and k + 1 < n and toks[k + 1].low in _AT_WHEN:
            k += 2
            continue
        if k == i + 1 and t.low in ("you", "him", "her", "them", "us"):
            k += 1  # "the tracks take you along ...": the one carried, then the way
            continue
        if t.low in _ARRIVE_PREP and k + 1 < n and r.phrase_at.get(k + 1) is None and \
                toks[k + 1].low in _ARRIVE_PREP:
            k += 1  # "pull in at the docks", "on to the quay"
            continue
        if t.low == "through" and r.phrase_at.get(k + 1) is not None:
            q = r.phrase_at[k + 1]
            if q.end < n and toks[q.end].low in ("into", "onto", "to"):
                k = q.end  # "up through the hatch onto the roof": through a way, then where
                continue
        if t.low in _ARRIVE_PREP:
            q = r.phrase_at.get(k + 1)
            if q is not None and r.tokens[q.end - 1].possessive and q.end < n and \
                    r.phrase_at.get(q.end) is not None:
                # "into the Archmage's | private observatory": the place is what is owned;
                # the caller judges the whole when it is a name ("the Harbourmaster's
                # Office")
                return r.phrase_at[q.end]
            return q
        if t.low in _SKIP_AFTER_MOTION or t.low in V.ADVERBS:
            k += 1
            steps += 1
            continue
        if t.low == "all" and k + 2 < n and r.tokens[k + 1].low == "the" and \
                r.tokens[k + 2].low == "way":
            k += 3  # "all the way to"
            continue
        p = r.phrase_at.get(k)
        if p is not None and skipped < 2:
            skipped += 1
            k = p.end
            steps += 1
            continue
        if t.low == "and" and k + 1 < n and toks[k + 1].low in _ARRIVE_PREP:
            k += 1  # "step out of the mill and onto the square"
            continue
        if t.low == "and" and k + 2 < n and toks[k + 1].low in _ROUTE_TURNS and \
                toks[k + 2].low in _ARRIVE_PREP:
            k += 2  # "across the yard and down into the tunnel": the route turns and goes on
            continue
        if t.low in ("from", "over", "past", "along", "across", "around", "beside",
                     "behind", "under", "beneath", "between", "out", "of", "without",
                     "with", "for", "up", "down") and skipped < 3:
            q = r.phrase_at.get(k + 1)
            if q is None:
                return None
            if t.low in ("under", "beneath") and V.lemma(r.tokens[q.head].base) in \
                    _GATEWAYS:
                return q  # "pass beneath the gates of ...": into what they close
            if t.low != "for":
                skipped += 1  # "for a mile", "for an hour": how far or long, no place passed
            k = q.end
            steps += 1
            continue
        return None
    return None


def _more_targets(r: Reading, p: Phrase) -> list[Phrase]:
    """"... onto the Frozen Fjord and on to the city of Kaldmere": further destinations."""
    toks = r.tokens
    out = []
    k = p.end
    while k + 2 < len(toks) and len(out) < 3:
        if toks[k].low not in ("and", ",", "then", "—", "–"):
            break
        j = k + 1
        while j < len(toks) and toks[j].low in ("then", "on", "onward", "onwards", "from",
                                                 "there", "finally", "eventually", "and",
                                                 "out", "back", "down", "up", "over",
                                                 "across", "straight", "right"):
            j += 1
        if j < len(toks) and toks[j].low not in _ARRIVE_PREP and r.phrase_at.get(j) and \
                toks[j - 1].low in ("up", "down", "over", "across", "out"):
            j = r.phrase_at[j].end  # "... and up a ladder into a hidden attic"
        if j < len(toks) and toks[j].low in _ARRIVE_PREP:
            q = r.phrase_at.get(j + 1)
            if q is None:
                break
            out.append(q)
            k = q.end
            continue
        break
    return out


# What ends a route's clause: another clause begins ("where", "while", "as"), so a later "into"
# is not where the mover went.
_CLAUSE_ENDS = frozenset({"where", "which", "who", "whom", "whose", "while", "as", "when", "until",
                          "till", "before", "after", "because", "though", "although", "but",
                          "so", "if", "unless", "whereupon"})
# The prepositions that always carry a mover across a threshold, whatever came before them.
_ENTERING = frozenset({"into", "onto"})


def route_ends(r: Reading, i: int) -> list[Phrase]:
    """The places a route entered further along its clause ("through the wings, down the side
    stairs and straight out of the club onto Michigan Avenue", "past the trench and down a cut
    stair into the antechamber"): after a verb of moving, every "into"/"onto" the same clause
    reaches is a place the mover went into, however many ways and landmarks the route names
    first. The clause ends at a new clause ("where", "while"), a semicolon, or "and" before a
    verb that does not move (the mover does something else with what they hold)."""
    toks = r.tokens
    out: list[Phrase] = []
    k = i + 1
    while k < len(toks) and toks[k].sent == toks[i].sent:
        t = toks[k]
        if t.kind == "punct" and t.low in (";", ":", "(", '"', "“", "”"):
            break
        if t.low in _CLAUSE_ENDS or t.muted or t.negated:
            break
        if t.low == "and" and k + 1 < len(toks):
            nxt = toks[k + 1]
            if nxt.low not in _MOTION and nxt.low not in _ARRIVE_PREP and \
                    nxt.low not in _ROUTE_TURNS and nxt.low not in _SKIP_AFTER_MOTION and \
                    (r.phrase_at.get(k + 1) is not None or W.verb_base(nxt.low) is not None):
                break  # "and Greta hands you ...", "and toss the bag into the river"
        if t.low in _ENTERING:
            q = r.phrase_at.get(k + 1)
            if q is not None and not q.pronoun:
                if toks[q.end - 1].possessive and r.phrase_at.get(q.end) is not None:
                    q = r.phrase_at[q.end]  # "into the magister's | private library"
                out.append(q)
                k = q.end
                continue
        k += 1
    return out
