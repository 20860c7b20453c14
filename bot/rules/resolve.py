"""Decide what a turn's intents do, before any model narrates them.

Each intent becomes one ``StepOutcome`` whose effects are applied to a working copy of the state
before the next intent is resolved, so "unlock the door and go down" sees the door unlocked. The
given state is never touched: the store re-applies the effects inside its own transaction.
Intents have passed pre-validation, but the rules still check everything they rely on; whatever
cannot be done becomes a failed step with a one-sentence reason, never an exception.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from bot.rules import rulebook as rb
from bot.rules.combat import attack, magic_missile
from bot.rules.healing import cure_wounds, drink_potion, rest, second_wind
from bot.rules.movement import climb, move, pick_lock, unlock_or_open
from bot.rules.reprisal import grudges, replies
from bot.rules.situation import Situation, find_name, fold, forms, strip_article
from bot.rules.trade import buy, give, sell, take
from bot.world.campaign import Campaign
from bot.world.effects import EffectError, Holder, TransferItem, apply_all
from bot.world.intent import Intent
from bot.world.outcome import Outcome, StepOutcome
from bot.world.state import WorldState

Handler = Callable[[Situation, Intent], StepOutcome]


def resolve(
    intents: list[Intent],
    state: WorldState,
    campaign: Campaign,
    player_id: str,
    rng: random.Random,
) -> Outcome:
    """One step per intent, in order; each step's effects are on ``StepOutcome.effects`` and have
    already been checked against the state the step was decided on."""
    sit = Situation(state=state.copy(), campaign=campaign, player_id=player_id, rng=rng)
    steps: list[StepOutcome] = []
    for intent in intents:
        step = _resolve_step(sit, intent)
        if step.effects:
            try:
                apply_all(sit.state, step.effects)
            except EffectError as exc:
                # Never expected (effects are decided on this very state); if it happens, the
                # half-applied step is undone by rebuilding the copy from the steps before it.
                sit.state = state.copy()
                apply_all(sit.state, [e for done in steps for e in done.effects])
                step = StepOutcome(
                    action_type=step.action_type, success=False, target=step.target, item=step.item,
                    summary=f"That cannot be done right now ({exc}).",
                )
        steps.append(step)
    answered: list[StepOutcome] = []
    if sit.player_id in sit.state.characters:
        grudges(sit, steps)
        answered = replies(sit, steps)
    return Outcome(steps=steps, replies=answered)


def _resolve_step(sit: Situation, intent: Intent) -> StepOutcome:
    action = intent.action_type or "other"
    if sit.player_id not in sit.state.characters:
        return sit.fail(action, "There is no character for this player yet; create one first.")
    me = sit.me
    if me.down and action not in rb.WHILE_DOWN:  # a player knocked out may still come round
        return sit.fail(action, f"{me.name} is down (0 HP) and cannot act.")
    handler = _HANDLERS.get(action, other)
    try:
        return handler(sit, intent)
    except Exception as exc:  # a rule bug must cost one step, never the turn
        return sit.fail(action, f"That could not be decided ({type(exc).__name__}); nothing happens.")


# --- spells and abilities ---------------------------------------------------------------------
def _known(names: list[str], wanted: str | None) -> str | None:
    return find_name(names, wanted) if wanted else None


def cast(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    spell = _known(me.spells, intent.method)
    if spell is None and intent.method is None:
        spell = _known(me.spells, intent.target)
        if spell is not None:
            intent = replace(intent, target=None, target_kind=None)
    if spell is None:
        wanted = intent.method or intent.target or "that spell"
        if not sit.campaign.can_cast(me.char_class):
            return sit.fail("cast", f"{me.name} is a {me.char_class} and cannot cast spells.", item=wanted)
        return sit.fail("cast", f"{me.name} does not know {wanted}.", item=wanted)
    key = fold(spell)
    if key == rb.MAGIC_MISSILE:
        return magic_missile(sit, intent, spell)
    if key == rb.CURE_WOUNDS:
        return cure_wounds(sit, intent, spell)
    target = _someone_here(sit, intent.target)
    on = f" on {target}" if target else ""
    flavour = {
        "bless": f"{me.name} casts {spell}{on}; it has no effect in the rules yet.",
        "light": f"{me.name} casts {spell}, and a steady light shines from it.",
        "mage hand": f"{me.name} casts {spell}; a spectral hand appears.",
    }
    return StepOutcome(
        action_type="cast", success=True, target=target, item=spell,
        summary=flavour.get(key, f"{me.name} casts {spell}{on}."),
    )


def _someone_here(sit: Situation, name: str | None) -> str | None:
    if not name:
        return None
    return sit.person_here(name) or (sit.me.name if sit.is_self(name) else None)


def ability(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    name = _known(me.abilities, intent.method)
    if name is None and intent.method is None:
        name = _known(me.abilities, intent.target)
        if name is not None:
            intent = replace(intent, target=None, target_kind=None)
    if name is None:
        if _known(me.spells, intent.method or intent.target):
            return cast(sit, intent)
        wanted = intent.method or intent.target or "that ability"
        return sit.fail("ability", f"{me.name} does not have {wanted}.", item=wanted)
    key = fold(name)
    if key in rb.ATTACK_ABILITIES:
        return attack(sit, intent, ability=key)
    if key == rb.SECOND_WIND:
        return second_wind(sit, name)
    if key == rb.PICK_LOCK:
        return pick_lock(sit, intent, "ability")
    return StepOutcome(action_type="ability", success=True, item=name, summary=f"{me.name} uses {name}.")


def attack_step(sit: Situation, intent: Intent) -> StepOutcome:
    if intent.method and _known(sit.me.spells, intent.method):
        return cast(sit, intent)
    return attack(sit, intent)


# --- items ------------------------------------------------------------------------------------
def use_item(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    item: str | None = None
    other_slot: str | None = None
    for slot, kind in ((intent.method, intent.method_kind), (intent.target, intent.target_kind)):
        found = sit.inventory_item(slot) if slot and kind in (None, "item") else None
        if found is not None and item is None:
            item = found
        elif slot:
            other_slot = other_slot or slot
    if item is None:
        slots = [slot for slot in (intent.method, intent.target) if slot]
        lying = sit.place.items if sit.place is not None else []
        fixture = next((f[0].name for slot in slots if (f := sit.feature_here(slot))), None) or next(
            (found for slot in slots if (found := find_name(lying, slot, sit.campaign))), None)
        if fixture is not None:
            lying_here = sit.campaign.item(fixture)
            if lying_here is not None and lying_here.kind == "consumable" and not lying_here.heals \
                    and fixture in lying:
                # "I drink the can of cola" on the desk: drunk where it lies, and gone
                return StepOutcome(action_type="use_item", success=True, item=fixture,
                                   summary=f"{me.name} finishes the {fixture}; it is used up.",
                                   effects=[TransferItem(fixture, Holder("place", me.location), None)])
            # "I play a game on the arcade cabinets", "I use the dartboard": what the place has
            # is there to be used where it stands
            return StepOutcome(action_type="use_item", success=True, target=fixture,
                               summary=f"{me.name} uses the {fixture}.")
        wanted = intent.method or intent.target or "that"
        return sit.fail("use_item", f"{me.name} has no {strip_article(wanted)} to use.", item=wanted)
    definition = sit.campaign.item(item)
    if intent.target_kind == "remote" and other_slot:
        # "log into the BBS with my laptop": a system reached over the wire, not a thing here
        return StepOutcome(action_type="use_item", success=True, item=item, target=strip_article(other_slot),
                           summary=f"{me.name} uses the {item} to connect to the {strip_article(other_slot)}.")

    onto = replace(intent, target=other_slot, method=item, method_kind="item")
    feature = sit.feature_here(other_slot) if other_slot else None
    if feature is not None or (other_slot and sit.exit_to(other_slot)):
        if definition is not None and definition.kind == "key":
            return unlock_or_open(sit, replace(onto, action_type="unlock"))
        if definition is not None and fold(definition.name) == fold(rb.PICK_LOCK_TOOLS):
            return pick_lock(sit, onto, "use_item")

    if definition is not None and definition.heals:
        failure, result, patient = drink_potion(sit, onto, item, definition.heals)
        if failure is not None or result is None or patient is None:
            return failure or sit.fail("use_item", f"{me.name} cannot use the {item}.", item=item)
        who = "" if patient.name == me.name else f" on {patient.name}"
        return StepOutcome(
            action_type="use_item", success=True, item=item, target=patient.name,
            summary=f"{me.name} uses the {item}{who}, {result.clause(patient)}; the {item} is used up.",
            healed=result.healed, hp_after=result.hp_after,
            effects=[*result.effects, TransferItem(item, Holder("player", sit.player_id), None)],
        )
    if definition is not None and definition.kind == "consumable":
        return StepOutcome(
            action_type="use_item", success=True, item=item,
            summary=f"{me.name} finishes the {item}; it is used up.",
            effects=[TransferItem(item, Holder("player", sit.player_id), None)],
        )
    if definition is not None and definition.light:
        return StepOutcome(action_type="use_item", success=True, item=item, summary=f"{me.name} lights the {item}.")
    return StepOutcome(action_type="use_item", success=True, item=item, summary=f"{me.name} uses the {item}.")


# --- looking, talking, resting ----------------------------------------------------------------
_AROUND = ("", "room", "around", "area", "here", "place", "surroundings", "everything")


def examine(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    place = sit.place
    wanted = intent.target or ""
    keys = forms(wanted) or {""}
    loc = sit.campaign.location(sit.here)
    here = {fold(sit.here), *(fold(a) for a in (loc.aliases if loc else []))}
    if keys & {*_AROUND, *here}:
        items = list(place.items) if place else []
        inside = [f"the {c} holds {', '.join(v) if v else 'nothing'}" for c, v in (place.contents.items() if place else [])]
        npcs = [n.name for n in sit.state.npcs.values() if fold(n.location) == fold(sit.here)]
        summary = f"{me.name} searches {sit.here} and finds " + (_listing(items) if items else "nothing to take")
        if inside:
            summary += " (" + "; ".join(inside) + ")"
        if npcs:
            summary += f"; {_listing(npcs)} {'is' if len(npcs) == 1 else 'are'} here"
        return StepOutcome(action_type="examine", success=True, target=sit.here, summary=summary + ".")
    if place is not None:
        container = find_name(place.contents, wanted, sit.campaign)
        if container is not None:
            inside_items = place.contents[container]
            held = ", ".join(inside_items) if inside_items else "nothing"
            return StepOutcome(
                action_type="examine", success=True, target=container,
                summary=f"{me.name} looks into the {container}: it holds {held}.",
            )
        lying = find_name(place.items, wanted, sit.campaign)
        if lying is not None:
            return _describe_item(sit, lying, "lying here")
    carried = sit.inventory_item(wanted)
    if carried is not None:
        return _describe_item(sit, carried, f"carried by {me.name}")
    npc = sit.npc_here(wanted)
    if npc is not None:
        definition = sit.campaign.npc(npc.name)
        description = f": {definition.description}" if definition and definition.description else ""
        state = f"; {npc.name} is down" if npc.down else ""
        return StepOutcome(
            action_type="examine", success=True, target=npc.name,
            summary=f"{me.name} looks at {npc.name}{description.rstrip('.')}{state}.",
        )
    found = sit.feature_here(wanted)
    if found is not None:
        feature, live = found
        facts = []
        if live.locked:
            facts.append("locked")
        elif feature.key is not None:
            facts.append("unlocked")
        if live.open is not None:
            facts.append("open" if live.open else "closed")
        if feature.climbable is not None:
            facts.append("climbable" if feature.climbable else "not climbable")
        state = f": it is {', '.join(facts)}" if facts else ""
        return StepOutcome(
            action_type="examine", success=True, target=feature.name,
            summary=f"{me.name} examines the {feature.name}{state}.",
        )
    other = sit.party_here(wanted) or sit.creature_here(wanted)
    if other is not None:
        name = other if isinstance(other, str) else other.name
        return StepOutcome(action_type="examine", success=True, target=name, summary=f"{me.name} looks at {name}.")
    return sit.fail("examine", f"There is no {strip_article(wanted)} here to examine.", target=wanted)


def _listing(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _describe_item(sit: Situation, name: str, where: str) -> StepOutcome:
    definition = sit.campaign.item(name)
    description = f": {definition.description}" if definition and definition.description else ""
    return StepOutcome(
        action_type="examine", success=True, target=name, item=name,
        summary=f"{sit.me.name} examines the {name}, {where}{description}".rstrip(".") + ".",
    )


def talk(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    topic = f" about {intent.topic}" if intent.topic else ""
    if not intent.target and intent.method and intent.method_kind == "item":
        # a call through a device to someone the campaign has no one for at the other end: it
        # goes unanswered (nothing the model may invent picks up)
        device = strip_article(intent.method)
        called = f" {intent.topic}" if intent.topic else ""
        return StepOutcome(action_type="talk", success=True, item=device,
                           summary=f"{me.name} calls{called} on the {device}; the line rings out and no one answers.")
    if not intent.target:
        return StepOutcome(action_type="talk", success=True, summary=f"{me.name} speaks aloud{topic}.")
    npc = sit.npc_here(intent.target)
    if npc is not None:
        if npc.down:
            return sit.fail("talk", f"{npc.name} is down and cannot answer.", target=npc.name)
        return StepOutcome(action_type="talk", success=True, target=npc.name, summary=f"{me.name} speaks with {npc.name}{topic}.")
    other = sit.party_here(intent.target) or sit.creature_here(intent.target)
    if other is not None:
        name = other if isinstance(other, str) else other.name
        return StepOutcome(action_type="talk", success=True, target=name, summary=f"{me.name} speaks to {name}{topic}.")
    return sit.fail("talk", f"There is no {strip_article(intent.target)} here to talk to.", target=intent.target)


def rest_step(sit: Situation, intent: Intent) -> StepOutcome:
    return rest(sit)


def other(sit: Situation, intent: Intent) -> StepOutcome:
    words = " ".join((intent.words or "").split())[:120]
    said = f': "{words}"' if words else ""
    return StepOutcome(
        action_type=intent.action_type or "other", success=True,
        summary=f"{sit.me.name} acts{said}; nothing here needs a roll.",
    )


_HANDLERS: dict[str, Handler] = {
    "attack": attack_step,
    "cast": cast,
    "ability": ability,
    "buy": buy,
    "sell": sell,
    "take": take,
    "give": give,
    "move": move,
    "unlock": unlock_or_open,
    "open": unlock_or_open,
    "use_item": use_item,
    "examine": examine,
    "talk": talk,
    "climb": climb,
    "rest": rest_step,
    "other": other,
}
