"""Attacks and damaging spells: one d20 against armour class, then the weapon's damage.

Kept apart from the other actions because it is the one family with several interacting
modifiers (critical hits, power attack, sneak attack once per turn); every modifier that applied
is named in the step's summary so the narrator and the player can follow the arithmetic.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.rules import rulebook as rb
from bot.rules.dice import parse
from bot.rules.situation import Situation, fold, strip_article
from bot.world.effects import AdjustHP, Effect
from bot.world.intent import Intent
from bot.world.outcome import StepOutcome


@dataclass(slots=True)
class Target:
    """Someone or something that can be hit: an NPC, another player's character, or a creature
    (a creature has no sheet: ``hp`` is None)."""

    kind: str  # npc | player | creature
    name: str  # as the narration names it
    key: str  # the id an AdjustHP effect needs (NPC name or player id)
    ac: int
    hp: int | None
    down: bool = False


def find_target(sit: Situation, name: str | None, kind: str | None = None) -> Target | None:
    if not name:
        return None
    if kind in (None, "npc", "item", "place", "feature"):
        npc = sit.npc_here(name)
        if npc is not None:
            definition = sit.campaign.npc(npc.name)
            return Target("npc", npc.name, npc.name, definition.ac if definition else 10, npc.hp, npc.down)
    if kind in (None, "party", "npc", "self"):
        other = sit.party_here(name)
        if other is not None:
            return Target("player", other.name, other.player_id, other.ac, other.hp, other.down)
    creature = sit.creature_here(name)
    if creature is not None:
        return Target("creature", creature, creature, rb.CREATURE_AC, None)
    if kind not in (None, "npc"):
        return find_target(sit, name, None)
    return None


def lands(natural: int, total: int, ac: int) -> bool:
    """A natural 20 always hits, a natural 1 always misses; otherwise the total must reach the AC."""
    return natural == 20 or (natural != 1 and total >= ac)


def damage_roll(sit: Situation, dice_text: str, critical: bool) -> int:
    """The damage dice rolled, doubled on a critical hit (bonuses are added by the caller)."""
    dice = parse(dice_text)
    if critical:
        dice = dice.with_doubled_dice()
    return sit.roll(dice.text).total


def hp_effect(target: Target, damage: int) -> list[Effect]:
    if target.kind == "creature":
        return []
    return [AdjustHP("npc" if target.kind == "npc" else "player", target.key, -damage)]


def after_blow(target: Target, damage: int) -> tuple[int | None, bool, str]:
    """HP left, whether the target falls, and the clause that says so."""
    if target.hp is None:
        return None, False, ""
    left = max(0, target.hp - damage)
    if left == 0:
        return 0, True, f"; {target.name} falls (0 HP)"
    return left, False, f"; {target.name} has {left} HP left"


def _signed(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"- {-value}"


_BODY_BLOW = re.compile(r"\b(?:punch|kick|headbutt|head-butt|elbow|knee|slap|uppercut|jab|tackle|strangle|throttle"
                        r"|choke|bite|claw|smack|wallop|deck)(?:s|es|ed|ing)?\b", re.IGNORECASE)


def attack(sit: Situation, intent: Intent, ability: str | None = None) -> StepOutcome:
    """Resolve a weapon attack; ``ability`` is power attack or sneak attack when one is used."""
    me = sit.me
    method = intent.method
    if ability is None and method and fold(method) in rb.ATTACK_ABILITIES:
        ability = fold(method)
        method = None
    if ability is not None:
        ability = fold(ability)
        if method and fold(method) == ability:
            method = None
        if ability not in (fold(a) for a in me.abilities):
            return sit.fail("attack", f"{me.name} does not have {ability}.", item=ability)

    weapon: str | None = None
    unarmed = bool(method) and fold(method).removeprefix("my ") in rb.UNARMED_WORDS
    # "then punch him": a blow struck with the body is no swing of the sword on the belt
    unarmed = unarmed or (not method and ability is None and bool(_BODY_BLOW.search(intent.words or "")))
    if unarmed:
        method = None
    if method and (intent.method_kind in (None, "item")):
        # what the player holds, or what lies to hand in the room: a stool shoved, a bottle swung
        weapon = sit.inventory_item(method) or sit.item_lying_here(method)
        if weapon is None:
            wanted = strip_article(method)
            return sit.fail("attack", f"{me.name} has no {wanted} to attack with.", item=wanted)
    elif method and intent.method_kind in ("spell", "ability"):
        return sit.fail("attack", f"{me.name} cannot attack with {method}.", item=method)
    if weapon is None and not unarmed:
        weapon = sit.first_weapon()

    target = find_target(sit, intent.target, intent.target_kind)
    if target is None:
        what = intent.target or "anyone"
        return sit.fail("attack", f"There is no {strip_article(what)} here for {me.name} to attack.", target=intent.target, item=weapon)
    if target.kind == "player" and target.key == sit.player_id:
        return sit.fail("attack", f"{me.name} will not attack themself.", item=weapon)
    if target.down:
        return sit.fail("attack", f"{target.name} is already down; {me.name} does not attack.", target=target.name, item=weapon)

    item = sit.campaign.item(weapon) if weapon else None
    if weapon is None:
        damage_dice, weapon_phrase = rb.UNARMED_DAMAGE, "bare hands"
    elif item is not None and item.damage:
        damage_dice, weapon_phrase = item.damage, f"the {weapon}"
    else:
        damage_dice, weapon_phrase = rb.IMPROVISED_DAMAGE, f"the {weapon} (improvised)"

    power = ability == rb.POWER_ATTACK
    natural = sit.d20()
    to_hit = me.attack_bonus + (rb.POWER_ATTACK_TO_HIT if power else 0)
    total = natural + to_hit
    bonus_text = _signed(me.attack_bonus) + (f" {_signed(rb.POWER_ATTACK_TO_HIT)}" if power else "")
    using = f" using {ability}" if ability else ""
    check = f"roll {natural} {bonus_text} = {total} vs AC {target.ac}"
    hit = lands(natural, total, target.ac)

    fields = dict(target=target.name, item=weapon, roll=natural, total=total, against=target.ac)
    if not hit:
        note = "; natural 1: an automatic miss" if natural == 1 else ""
        return StepOutcome(
            action_type="attack",
            success=False,
            summary=f"{me.name} misses {target.name} with {weapon_phrase}{using} ({check}{note}).",
            **fields,  # type: ignore[arg-type]
        )

    critical = natural == 20
    damage = damage_roll(sit, damage_dice, critical)
    extras: list[str] = []
    if power:
        damage += rb.POWER_ATTACK_DAMAGE
        extras.append(f"+{rb.POWER_ATTACK_DAMAGE} from power attack, which cost {-rb.POWER_ATTACK_TO_HIT} to hit")
    if ability == rb.SNEAK_ATTACK:
        if sit.sneak_attack_used:
            extras.append("sneak attack already used this turn, so no extra dice")
        else:
            bonus = damage_roll(sit, rb.SNEAK_ATTACK_DICE, critical)
            damage += bonus
            sit.sneak_attack_used = True
            extras.append(f"+{bonus} from sneak attack")
    damage = max(1, damage)
    hp_after, down, after = after_blow(target, damage)
    if critical:
        extras.insert(0, "natural 20: a critical hit, damage dice doubled")
    extra = f" ({'; '.join(extras)})" if extras else ""
    return StepOutcome(
        action_type="attack",
        success=True,
        summary=(
            f"{me.name} hits {target.name} with {weapon_phrase}{using} ({check}) "
            f"for {damage} damage{extra}{after}."
        ),
        damage=damage,
        hp_after=hp_after,
        down=down,
        effects=hp_effect(target, damage),
        **fields,  # type: ignore[arg-type]
    )


def magic_missile(sit: Situation, intent: Intent, spell: str) -> StepOutcome:
    """Magic missile never misses: ``MAGIC_MISSILE_DARTS`` darts of ``MAGIC_MISSILE_DART``."""
    me = sit.me
    target = find_target(sit, intent.target, intent.target_kind)
    if target is None:
        what = f"no {strip_article(intent.target)} here" if intent.target else "no target"
        return sit.fail("cast", f"{me.name} casts {spell} but there is {what}; the spell fizzles.", item=spell)
    if target.kind == "player" and target.key == sit.player_id:
        return sit.fail("cast", f"{me.name} will not cast {spell} at themself.", item=spell)
    if target.down:
        return sit.fail("cast", f"{target.name} is already down; {me.name} holds the spell.", target=target.name, item=spell)
    damage = sum(sit.roll(rb.MAGIC_MISSILE_DART).total for _ in range(rb.MAGIC_MISSILE_DARTS))
    hp_after, down, after = after_blow(target, damage)
    return StepOutcome(
        action_type="cast",
        success=True,
        summary=(
            f"{me.name} casts {spell} at {target.name}: {rb.MAGIC_MISSILE_DARTS} darts strike "
            f"automatically for {damage} damage{after}."
        ),
        target=target.name,
        item=spell,
        damage=damage,
        hp_after=hp_after,
        down=down,
        effects=hp_effect(target, damage),
    )
