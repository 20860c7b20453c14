"""Getting about: walking through exits, unlocking and opening doors, picking locks, climbing.

A locked door is one shared ``FeatureState`` seen from both sides, so unlocking it from the
tavern also opens the way back from the cellar; these functions read the live lock state from
the working copy, which is what lets "unlock the door, then go down" work in one turn.
"""

from __future__ import annotations

import re

from bot.rules import rulebook as rb
from bot.rules.situation import Situation, canonical_item, find_name, fold, forms, strip_article
from bot.world.campaign import Exit, Feature
from bot.world.effects import MoveCharacter, SetFeature
from bot.world.intent import Intent
from bot.world.outcome import StepOutcome
from bot.world.state import FeatureState


_LEAVING = re.compile(r"\b(?:leave|leaves|leaving|exit|exits|quit|out of)\b", re.IGNORECASE)


def _names_of_here(sit: Situation) -> set[str]:
    here = sit.campaign.location(sit.here)
    return {fold(sit.here), *(fold(a) for a in (here.aliases if here else []))}


def _the_way_out(sit: Situation) -> str | None:
    """Where "I leave" goes: the only exit, or else the only one not through a locked door (the
    tavern's cellar door is locked, so the way out is to the market)."""
    here = sit.campaign.location(sit.here)
    if here is None or not here.exits:
        return None
    if len(here.exits) == 1:
        return here.exits[0].to
    open_ways = [exit_.to for exit_ in here.exits if not _locked_way(sit, exit_)]
    return open_ways[0] if len(open_ways) == 1 else None


def _locked_way(sit: Situation, exit_: Exit) -> bool:
    """Whether the door an exit goes through is locked now (the live state, from either side)."""
    if not exit_.through:
        return False
    found = sit.feature_here(exit_.through)
    live = found[1] if found else sit.state.feature(exit_.through)
    return live is not None and live.locked


def move(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    wanted = intent.target or intent.method
    if wanted and _LEAVING.search(intent.words or "") and forms(wanted) & _names_of_here(sit):
        wanted = None  # "I leave the tavern" from the tavern: out, by whatever way is open
    if not wanted:
        # "I leave", "I go outside", "I head out": the one way out, or the one way open
        way = _the_way_out(sit)
        if way is None:
            return sit.fail("move", f"{me.name} does not say where to go.")
        wanted = way
    exit_ = sit.exit_to(wanted)
    if exit_ is None:
        if forms(wanted) & _names_of_here(sit):
            return sit.fail("move", f"{me.name} is already in {sit.here}.", moved_to=None)
        near = _in_this_room(sit, wanted)
        if near is not None:  # "walk up to the bar", "approach Greta": a few steps, not a journey
            return StepOutcome(action_type="move", success=True,
                               summary=f"{me.name} crosses {sit.here} to {near}.", target=near, moved_to=None)
        if not _names_a_place(sit, wanted) and not set(fold(wanted).split()) & _WAYS:
            # "slip into an opening", "step into the shadows": no place of the campaign, so (as
            # pre-validation let it through) a spot in this room; a few steps, nowhere else
            return StepOutcome(action_type="move", success=True,
                               summary=f"{me.name} shifts position within {sit.here}.", moved_to=None)
        return sit.fail("move", f"{wanted} cannot be reached from {sit.here}.", target=wanted)
    through = ""
    if exit_.through:
        if _locked_way(sit, exit_):
            return sit.fail(
                "move", f"The {exit_.through} is locked; {me.name} cannot go to {exit_.to}.",
                target=exit_.to,
            )
        through = f" through the {exit_.through}"
    return StepOutcome(
        action_type="move",
        success=True,
        summary=f"{me.name} goes from {sit.here} to {exit_.to}{through}.",
        target=exit_.to,
        moved_to=exit_.to,
        effects=[MoveCharacter(sit.player_id, exit_.to)],
    )


# Words that name a way out rather than a spot ("go back up", "head outside"): where they lead is
# an exit's business, so they are never a few steps within the room.
_WAYS = frozenset("""up down upstairs downstairs back out outside in inside away home forward onward
    north south east west northeast northwest southeast southwest left right""".split())


def _names_a_place(sit: Situation, wanted: str) -> bool:
    """Whether ``wanted`` is the name (or an alias) of one of the campaign's locations."""
    asked = forms(wanted)
    return any(asked & {fold(n) for n in (loc.name, *loc.aliases)} for loc in sit.campaign.locations)


def _in_this_room(sit: Situation, wanted: str) -> str | None:
    """Someone or something in the player's own location that ``wanted`` names."""
    person = sit.person_here(wanted)
    if person is not None:
        return person
    found = sit.feature_here(wanted)
    if found is not None:
        return found[0].name
    place = sit.place
    if place is not None:
        item = find_name(place.items, wanted, sit.campaign)
        if item is not None:
            return item
    return sit.creature_here(wanted)


def _feature_for(sit: Situation, intent: Intent) -> tuple[Feature, FeatureState] | None:
    for slot in (intent.target, intent.target_text):
        found = sit.feature_here(slot)
        if found is not None:
            return found
        exit_ = sit.exit_to(slot)
        if exit_ is not None and exit_.through:
            return sit.feature_here(exit_.through)
    return None


def _wants_picking(sit: Situation, intent: Intent) -> bool:
    for slot in (intent.method, intent.method_text):
        if slot and (fold(slot) == rb.PICK_LOCK or canonical_item(sit.campaign, slot) == fold(rb.PICK_LOCK_TOOLS)):
            return True
    return False


def unlock_or_open(sit: Situation, intent: Intent) -> StepOutcome:
    """``unlock`` and ``open``: a locked feature needs its key (or a rogue's picks); an unlocked
    one opens if it is something that opens."""
    me = sit.me
    action = intent.action_type if intent.action_type in ("unlock", "open") else "open"
    found = _feature_for(sit, intent)
    if found is None:
        place = sit.place
        box = find_name(list(place.contents), intent.target, sit.campaign) if place and intent.target else None
        if box is not None and action == "open":
            # "I open the dusty crate": a container of the place shows what it holds
            inside = place.contents[box]
            held = ", ".join(inside) if inside else "nothing"
            return StepOutcome(action_type=action, success=True, target=box,
                               summary=f"{me.name} opens the {box}; inside: {held}.")
        what = intent.target or "nothing named"
        return sit.fail(action, f"There is no {strip_article(what)} here to {action}.", target=intent.target)
    feature, live = found
    if live.locked:
        key = sit.inventory_item(feature.key) if feature.key else None
        if key is not None:
            return StepOutcome(
                action_type=action,
                success=True,
                summary=f"{me.name} unlocks the {feature.name} with the {key} and opens it.",
                target=feature.name,
                item=key,
                effects=[SetFeature(feature.name, locked=False, open=True, expect_locked=True)],
            )
        if _wants_picking(sit, intent):
            return pick_lock(sit, intent, action)
        needs = f" and {me.name} has no {feature.key}" if feature.key else ""
        return sit.fail(action, f"The {feature.name} is locked{needs}.", target=feature.name)
    if action == "unlock":
        return StepOutcome(
            action_type=action, success=True, summary=f"The {feature.name} is already unlocked.",
            target=feature.name,
        )
    if live.open:
        return StepOutcome(
            action_type=action, success=True, summary=f"The {feature.name} is already open.", target=feature.name,
        )
    opens = live.open is False or feature.key is not None or _is_passage(sit, feature)
    if not opens:
        return sit.fail(action, f"The {feature.name} is not something that opens.", target=feature.name)
    return StepOutcome(
        action_type=action,
        success=True,
        summary=f"{me.name} opens the {feature.name}.",
        target=feature.name,
        effects=[SetFeature(feature.name, open=True, expect_locked=False)],
    )


def _is_passage(sit: Situation, feature: Feature) -> bool:
    loc = sit.campaign.location(sit.here)
    return loc is not None and any(e.through and fold(e.through) == fold(feature.name) for e in loc.exits)


def pick_lock(sit: Situation, intent: Intent, action: str = "ability") -> StepOutcome:
    """A rogue's check: d20 + ``PICK_LOCK_BONUS`` vs ``PICK_LOCK_DC``, needing thieves' tools."""
    me = sit.me
    if rb.PICK_LOCK not in (fold(a) for a in me.abilities):
        return sit.fail(action, f"{me.name} does not know how to pick locks.", item=rb.PICK_LOCK)
    tools = find_name(me.inventory, rb.PICK_LOCK_TOOLS, sit.campaign)
    if tools is None:
        return sit.fail(action, f"{me.name} has no {rb.PICK_LOCK_TOOLS} to pick a lock with.", item=rb.PICK_LOCK)
    found = _feature_for(sit, intent)
    if found is None:
        what = intent.target or "lock"
        return sit.fail(action, f"There is no {strip_article(what)} here with a lock to pick.", target=intent.target, item=rb.PICK_LOCK)
    feature, live = found
    if not live.locked:
        if feature.key is None:
            return sit.fail(action, f"The {feature.name} has no lock to pick.", target=feature.name, item=rb.PICK_LOCK)
        return StepOutcome(
            action_type=action, success=True, summary=f"The {feature.name} is already unlocked.",
            target=feature.name, item=rb.PICK_LOCK,
        )
    check = sit.check(rb.PICK_LOCK_BONUS, rb.PICK_LOCK_DC)
    fields = dict(target=feature.name, item=rb.PICK_LOCK, **check.fields())
    if not check.passed:
        return StepOutcome(
            action_type=action, success=False,
            summary=f"{me.name} fails to pick the lock of the {feature.name} ({check.text}); it stays locked.",
            **fields,  # type: ignore[arg-type]
        )
    return StepOutcome(
        action_type=action, success=True,
        summary=f"{me.name} picks the lock of the {feature.name} with the {tools} ({check.text}); it is unlocked.",
        effects=[SetFeature(feature.name, locked=False, expect_locked=True)],
        **fields,  # type: ignore[arg-type]
    )


def climb(sit: Situation, intent: Intent) -> StepOutcome:
    """Climbing something climbable is d20 + ``CLIMB_BONUS`` vs ``CLIMB_DC``; a feature marked
    not climbable cannot be climbed at all (no roll). Climbing does not change location."""
    me = sit.me
    found = _feature_for(sit, intent)
    if found is None:
        what = intent.target or "anything"
        return sit.fail("climb", f"There is no {strip_article(what)} here for {me.name} to climb.", target=intent.target)
    feature, _ = found
    if feature.climbable is False:
        return sit.fail("climb", f"The {feature.name} cannot be climbed.", target=feature.name)
    check = sit.check(rb.CLIMB_BONUS, rb.CLIMB_DC)
    summary = (
        f"{me.name} climbs the {feature.name} ({check.text})." if check.passed
        else f"{me.name} fails to climb the {feature.name} and slips back down ({check.text})."
    )
    return StepOutcome(
        action_type="climb", success=check.passed, summary=summary, target=feature.name, **check.fields(),
    )
