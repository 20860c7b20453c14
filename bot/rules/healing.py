"""Healing: spells, potions, second wind, rest and a night's lodging.

Every source heals through one function so the clamp to maximum HP and the figure reported
(what was actually restored, not what was rolled) are the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules import rulebook as rb
from bot.rules.situation import Situation, strip_article
from bot.world.effects import AdjustHP, Effect, SetFlag, SetHP
from bot.world.intent import Intent
from bot.world.outcome import StepOutcome


@dataclass(slots=True)
class Patient:
    kind: str  # player | npc
    key: str  # player id or NPC name
    name: str
    hp: int
    max_hp: int


@dataclass(slots=True)
class Healing:
    rolled: int
    healed: int
    hp_after: int
    effects: list[Effect] = field(default_factory=list)

    def clause(self, patient: Patient) -> str:
        capped = f", capped at full health from a roll of {self.rolled}" if self.rolled > self.healed else ""
        return f"restoring {self.healed} HP{capped}; {patient.name} has {self.hp_after}/{patient.max_hp} HP"


def me_as_patient(sit: Situation) -> Patient:
    me = sit.me
    return Patient("player", sit.player_id, me.name, me.hp, me.max_hp)


def find_patient(sit: Situation, name: str | None, kind: str | None) -> Patient | None:
    """Who a healing is for: the actor by default, else a party member or an NPC here."""
    if sit.is_self(name, kind):
        return me_as_patient(sit)
    other = sit.party_here(name)
    if other is not None:
        return Patient("player", other.player_id, other.name, other.hp, other.max_hp)
    npc = sit.npc_here(name)
    if npc is not None:
        return Patient("npc", npc.name, npc.name, npc.hp, npc.max_hp)
    return None


def heal(sit: Situation, patient: Patient, dice: str) -> Healing:
    rolled = max(0, sit.roll(dice).total)
    hp_after = min(patient.max_hp, patient.hp + rolled)
    healed = max(0, hp_after - patient.hp)
    return Healing(rolled, healed, hp_after, [AdjustHP(patient.kind, patient.key, healed)] if healed else [])


def cure_wounds(sit: Situation, intent: Intent, spell: str) -> StepOutcome:
    me = sit.me
    patient = find_patient(sit, intent.target, intent.target_kind)
    if patient is None:
        return sit.fail("cast", f"There is no {strip_article(intent.target)} here for {me.name} to heal.", item=spell, target=intent.target)
    result = heal(sit, patient, rb.CURE_WOUNDS_HEALING)
    return StepOutcome(
        action_type="cast",
        success=True,
        summary=f"{me.name} casts {spell} on {patient.name}, {result.clause(patient)}.",
        target=patient.name,
        item=spell,
        healed=result.healed,
        hp_after=result.hp_after,
        effects=result.effects,
    )


def second_wind(sit: Situation, ability: str) -> StepOutcome:
    me = sit.me
    flag = rb.SECOND_WIND_FLAG + sit.player_id
    if sit.state.flags.get(flag):
        return sit.fail("ability", f"{me.name} has already used {ability} since the last rest.", item=ability)
    patient = me_as_patient(sit)
    result = heal(sit, patient, rb.SECOND_WIND_HEALING)
    return StepOutcome(
        action_type="ability",
        success=True,
        summary=f"{me.name} uses {ability}, {result.clause(patient)}.",
        target=me.name,
        item=ability,
        healed=result.healed,
        hp_after=result.hp_after,
        effects=[*result.effects, SetFlag(flag, True)],
    )


def _refresh(sit: Situation) -> list[Effect]:
    flag = rb.SECOND_WIND_FLAG + sit.player_id
    return [SetFlag(flag, False)] if sit.state.flags.get(flag) else []


def rest(sit: Situation) -> StepOutcome:
    me = sit.me
    patient = me_as_patient(sit)
    result = heal(sit, patient, rb.REST_HEALING)
    return StepOutcome(
        action_type="rest",
        success=True,
        summary=f"{me.name} rests a while, {result.clause(patient)}.",
        target=me.name,
        healed=result.healed,
        hp_after=result.hp_after,
        effects=[*result.effects, *_refresh(sit)],
    )


def full_rest_effects(sit: Situation) -> tuple[int, list[Effect]]:
    """A night's sleep: full HP and second wind back. Returns HP restored and the effects."""
    me = sit.me
    return me.max_hp - me.hp, [SetHP("player", sit.player_id, me.max_hp), *_refresh(sit)]


def drink_potion(sit: Situation, intent: Intent, item: str, dice: str) -> tuple[StepOutcome | None, Healing | None, Patient | None]:
    """Healing from a consumable; the caller adds the effect that uses the item up."""
    target = intent.target if intent.target_kind in ("party", "npc", "self") else None
    patient = find_patient(sit, target, intent.target_kind if target else "self")
    if patient is None:
        return sit.fail("use_item", f"There is no {strip_article(target)} here to give the {item} to.", item=item), None, None
    return None, heal(sit, patient, dice), patient
