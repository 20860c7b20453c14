"""An NPC the player attacks strikes back.

Without it a fight costs nothing: a player may hack at the town guard turn after turn and take no
blow in return. So each NPC attacked in a turn (hit or missed) that is still on its feet when the
player's steps are done answers once, at the end of the turn, with the weapon its sheet names (or
the first weapon it carries, or its bare hands): d20 + its attack bonus against the player's
armour class, the same dice a player's blow uses. The answers are ``Outcome.replies``, not steps:
the player's success is the player's own, and the facts layer reads each reply's figures as
decided too. A player knocked to 0 HP is down and can only talk or rest until healed. The NPC
also trusts the attacker less (``grudges``).
"""

from __future__ import annotations

from bot.rules import rulebook as rb
from bot.rules.combat import Target, after_blow, damage_roll, hp_effect, lands
from bot.rules.situation import Situation
from bot.world.effects import AdjustTrust, apply_all
from bot.world.outcome import StepOutcome


def _attacks(steps: list[StepOutcome], sit: Situation) -> dict[str, StepOutcome]:
    """The NPCs the player's steps attacked (hit or missed), each with the first step that did."""
    found: dict[str, StepOutcome] = {}
    for step in steps:
        if step.action_type not in ("attack", "cast") or step.target is None or step.roll is None and not step.damage:
            continue
        npc = sit.npc_here(step.target)
        if npc is not None and npc.name not in found:
            found[npc.name] = step
    return found


def grudges(sit: Situation, steps: list[StepOutcome]) -> None:
    """Attacking an NPC costs ``ATTACK_TRUST`` of its trust in the attacker, once a turn: Greta does
    not share what she keeps for regulars with someone who just punched her. The effect rides on
    the step that attacked, and is applied to ``sit``."""
    for name, step in _attacks(steps, sit).items():
        effect = AdjustTrust(name, sit.player_id, -rb.ATTACK_TRUST)
        effect.apply(sit.state)
        step.effects.append(effect)


def _weapon(sit: Situation, npc_name: str) -> str | None:
    definition = sit.campaign.npc(npc_name)
    npc = sit.state.npc(npc_name)
    if definition is None or npc is None:
        return None
    if definition.weapon and definition.weapon in npc.items:
        return definition.weapon
    for name in npc.items:
        item = sit.campaign.item(name)
        if item is not None and item.kind == "weapon" and item.damage:
            return name
    return None


def replies(sit: Situation, steps: list[StepOutcome]) -> list[StepOutcome]:
    """One blow back from each NPC the player attacked this turn; effects applied to ``sit``."""
    out: list[StepOutcome] = []
    for name in _attacks(steps, sit):
        me = sit.me
        if sit.state.npc(name) is None or sit.state.npc(name).down:
            continue
        if me.down:
            break
        definition = sit.campaign.npc(name)
        bonus = definition.attack_bonus if definition is not None else rb.NPC_ATTACK_BONUS
        weapon = _weapon(sit, name)
        item = sit.campaign.item(weapon) if weapon else None
        dice = item.damage if item is not None and item.damage else rb.UNARMED_DAMAGE
        with_what = f"the {weapon}" if weapon else "bare hands"
        natural = sit.d20()
        total = natural + bonus
        check = f"roll {natural} + {bonus} = {total} vs AC {me.ac}"
        fields = dict(target=me.name, item=weapon, roll=natural, total=total, against=me.ac, actor=name)
        if not lands(natural, total, me.ac):
            out.append(StepOutcome(action_type="attack", success=False,
                                   summary=f"{name} strikes back at {me.name} with {with_what} and misses ({check}).",
                                   **fields))  # type: ignore[arg-type]
            continue
        damage = max(1, damage_roll(sit, dice, natural == 20))
        player = Target("player", me.name, sit.player_id, me.ac, me.hp)
        left, down, after = after_blow(player, damage)
        effects = hp_effect(player, damage)
        apply_all(sit.state, effects)
        out.append(StepOutcome(action_type="attack", success=True,
                               summary=f"{name} strikes back at {me.name} with {with_what} ({check}) for {damage} damage{after}.",
                               damage=damage, hp_after=left, down=down, effects=effects,
                               **fields))  # type: ignore[arg-type]
    return out
