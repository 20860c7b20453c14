"""What every backend does to a turn before it writes it, in one place.

A commit re-applies the turn's effects to the stored state (an ``EffectError`` refuses the whole
turn), then each group of model-proposed changes on a trial copy, keeping a group only if all of
it applies; and violations are stamped with the campaign, channel, player and model they belong
to. The backends differ in how they write, never in what they write, so this is shared.
"""

from __future__ import annotations

from dataclasses import replace

from bot.store.base import CampaignRecord, TurnRecord, ViolationRecord
from bot.world.effects import Effect, EffectError, apply_all
from bot.world.state import WorldState


def apply_turn(state: WorldState, effects: list[Effect],
               proposals: list[list[Effect]] | None) -> tuple[WorldState, list[tuple[int, str]]]:
    """``state`` with the effects and every proposal group that applies; (index, why) for the
    refused groups. ``state`` itself is changed by the effects (pass a copy you can lose)."""
    apply_all(state, effects)  # EffectError: the whole turn is refused
    refused: list[tuple[int, str]] = []
    for index, group in enumerate(proposals or ()):
        trial = state.copy()
        try:
            apply_all(trial, group)
        except EffectError as exc:
            refused.append((index, str(exc)))
            continue
        state = trial
    return state, refused


def attributed(violations: list[ViolationRecord], record: CampaignRecord, turn: TurnRecord,
               turn_id: int | None = None) -> list[ViolationRecord]:
    """The turn's violations, each filled in with where and by whom it happened."""
    return [
        replace(
            v,
            turn_id=turn_id if turn_id is not None else v.turn_id,
            campaign_id=record.id,
            guild_id=v.guild_id or record.guild_id,
            channel_id=v.channel_id or record.channel_id,
            player_id=v.player_id or turn.player_id,
            model=v.model or turn.model,
        )
        for v in violations
    ]
