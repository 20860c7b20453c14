"""The action registry: each action's arguments, the names it resolves, its preconditions and the
effects it produces (effects that carry their own preconditions for the commit)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.actions import REGISTRY, suggest, validate_plan
from bot.actions.plan import PlanReport
from bot.world.campaign import Campaign
from bot.world.effects import AdjustHP, AdjustTrust, EffectError, Holder, MoveNPC, SetFeature, SetFlag, TransferItem
from bot.world.state import WorldState, new_character, new_state

TAVERN = "The Rusty Tankard"


@pytest.fixture
def world(tavern: Campaign) -> WorldState:
    state = new_state(tavern)
    state.characters["p1"] = new_character(tavern, "p1", "Aldric", "warrior")
    state.characters["p2"] = new_character(tavern, "p2", "Mira", "mage")
    return state


def one(action: str, args: dict[str, Any], state: WorldState, campaign: Campaign, actor: str = "p1") -> PlanReport:
    return validate_plan([{"id": "s1", "action": action, "args": args}], state, campaign, actor, TAVERN)


def test_the_registry_has_exactly_the_eight_named_actions_with_their_arguments() -> None:
    assert {name: list(a.args.model_fields) for name, a in REGISTRY.items()} == {
        "give_item": ["giver", "receiver", "item"],
        "take_item": ["taker", "item"],
        "move_npc": ["npc", "to"],
        "update_trust": ["npc", "delta", "reason"],
        "unlock": ["feature"],
        "heal": ["target", "amount"],
        "damage": ["target", "amount"],
        "set_flag": ["flag", "value"],
    }


# names --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("giver", ["Greta", "greta", "the barkeep", "the bartender", "Gretta", "Greta the barkeep"])
def test_an_npc_is_found_by_name_alias_or_a_typo(giver: str, world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": giver, "receiver": "Aldric", "item": "rag"}, world, tavern)
    assert report.valid, report.findings
    assert report.steps[0].args["giver"] == "Greta"


@pytest.mark.parametrize("receiver", ["Aldric", "aldric", "me", "the player", "you"])
def test_the_acting_player_is_found_by_name_or_as_me(receiver: str, world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": "Greta", "receiver": receiver, "item": "rag"}, world, tavern)
    assert report.valid, report.findings
    assert report.effects == [TransferItem("rag", Holder("npc", "Greta"), Holder("player", "p1"))]


@pytest.mark.parametrize("item", ["cellar key", "key", "the key", "Cellar Key", "celar key"])
def test_an_item_is_found_by_name_campaign_alias_or_typo(item: str, world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": "Greta", "receiver": "me", "item": item}, world, tavern)
    assert report.valid, report.findings
    assert report.steps[0].args["item"] == "cellar key"


@pytest.mark.parametrize("giver", ["Death Knight Mara", "Brom", "the guard captain", "Tobin"])
def test_an_npc_who_is_not_here_is_never_matched_to_one_who_is(giver: str, world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": giver, "receiver": "me", "item": "rag"}, world, tavern)
    assert not report.valid
    assert report.kinds == ["precondition"]
    assert "Greta" in report.findings[0].evidence and "Bram" in report.findings[0].evidence


def test_a_name_two_present_npcs_share_is_refused_rather_than_guessed(world: WorldState, tavern: Campaign) -> None:
    world.npcs["Tobin"].location = TAVERN  # Tobin (merchant) and Bram (town guard) are both here
    tavern = tavern.model_copy(deep=True)
    tavern.npc("Tobin").aliases.append("town merchant")  # type: ignore[union-attr]
    report = one("update_trust", {"npc": "town", "delta": 1, "reason": "x"}, world, tavern)
    assert not report.valid
    assert "could be any of" in report.findings[0].message


# give_item / take_item ----------------------------------------------------------------------------

def test_an_npc_cannot_hand_over_an_item_it_does_not_hold(world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": "Greta", "receiver": "me", "item": "enchanted amulet"}, world, tavern)
    assert not report.valid and report.kinds == ["precondition"]
    assert report.findings[0].span == "enchanted amulet"
    assert report.findings[0].evidence == "Greta holds: cellar key, rag"


def test_an_npc_cannot_hand_over_what_it_only_sells(world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", {"giver": "Greta", "receiver": "me", "item": "ale"}, world, tavern)
    assert not report.valid and report.kinds == ["precondition"]


def test_the_actor_may_give_but_another_players_character_never_gives_by_proposal(
    world: WorldState, tavern: Campaign
) -> None:
    mine = one("give_item", {"giver": "Aldric", "receiver": "Greta", "item": "waterskin"}, world, tavern)
    theirs = one("give_item", {"giver": "Mira", "receiver": "Aldric", "item": "spellbook"}, world, tavern)
    assert mine.effects == [TransferItem("waterskin", Holder("player", "p1"), Holder("npc", "Greta"))]
    assert not theirs.valid and "another player's character" in theirs.findings[0].message


def test_a_downed_npc_hands_nothing_over(world: WorldState, tavern: Campaign) -> None:
    world.npcs["Greta"].hp = 0
    report = one("give_item", {"giver": "Greta", "receiver": "me", "item": "rag"}, world, tavern)
    assert not report.valid and "down" in report.findings[0].message


def test_taking_an_item_lying_here_moves_it_from_the_place(world: WorldState, tavern: Campaign) -> None:
    report = one("take_item", {"taker": "Aldric", "item": "the stool"}, world, tavern)
    assert report.valid, report.findings
    assert report.effects == [TransferItem("wooden stool", Holder("place", TAVERN), Holder("player", "p1"))]


def test_taking_from_a_container_here_names_the_container(world: WorldState, tavern: Campaign) -> None:
    world.characters["p1"].location = "Cellar"
    report = validate_plan([{"id": "s1", "action": "take_item", "args": {"taker": "me", "item": "candlestick"}}],
                           world, tavern, "p1", "Cellar")
    assert report.valid, report.findings
    assert report.effects == [
        TransferItem("silver candlestick", Holder("container", "Cellar", "dusty crate"), Holder("player", "p1"))
    ]


def test_an_item_that_is_not_lying_here_cannot_be_taken(world: WorldState, tavern: Campaign) -> None:
    report = one("take_item", {"taker": "Bram", "item": "silver candlestick"}, world, tavern)  # it is in the cellar
    assert not report.valid and report.kinds == ["precondition"]
    assert "mug of ale" in report.findings[0].evidence


def test_another_players_character_does_not_pick_things_up_by_proposal(world: WorldState, tavern: Campaign) -> None:
    report = one("take_item", {"taker": "Mira", "item": "dartboard"}, world, tavern)
    assert not report.valid


# move_npc -----------------------------------------------------------------------------------------

def test_an_npc_walks_out_through_an_exit(world: WorldState, tavern: Campaign) -> None:
    report = one("move_npc", {"npc": "the guard", "to": "the market"}, world, tavern)
    assert report.valid, report.findings
    assert report.effects == [MoveNPC("Bram", "Market Square", expect_from="The Rusty Tankard")]


def test_an_npc_cannot_walk_to_a_place_that_is_not_an_exit(world: WorldState, tavern: Campaign) -> None:
    far = one("move_npc", {"npc": "Bram", "to": "Stables"}, world, tavern)  # a real place, not adjacent
    nowhere = one("move_npc", {"npc": "Bram", "to": "the Royal Palace"}, world, tavern)
    for report in (far, nowhere):
        assert not report.valid and report.kinds == ["precondition"]
        assert report.findings[0].evidence == "exits: Market Square, Cellar"


def test_an_npc_passes_a_locked_door_only_with_its_key(world: WorldState, tavern: Campaign) -> None:
    assert not one("move_npc", {"npc": "Bram", "to": "Cellar"}, world, tavern).valid
    assert one("move_npc", {"npc": "Greta", "to": "Cellar"}, world, tavern).valid  # she holds the cellar key


def test_an_npc_elsewhere_cannot_be_moved(world: WorldState, tavern: Campaign) -> None:
    report = one("move_npc", {"npc": "Pip", "to": "Market Square"}, world, tavern)
    assert not report.valid and report.findings[0].span == "Pip"


# update_trust ---------------------------------------------------------------------------------------

def test_trust_shifts_for_the_acting_player_only(world: WorldState, tavern: Campaign) -> None:
    report = one("update_trust", {"npc": "Bram", "delta": -4, "reason": "insulted his shield"}, world, tavern)
    assert report.valid
    assert report.effects == [AdjustTrust("Bram", "p1", -4)]


@pytest.mark.parametrize("delta", [11, -11, 50, 0])
def test_a_trust_change_beyond_ten_or_of_zero_is_bad_args(delta: int, world: WorldState, tavern: Campaign) -> None:
    report = one("update_trust", {"npc": "Bram", "delta": delta, "reason": "x"}, world, tavern)
    assert not report.valid and report.kinds == ["bad_args"]


def test_trust_cannot_be_pumped_past_ten_by_splitting_it_over_steps(world: WorldState, tavern: Campaign) -> None:
    steps = [{"id": f"s{i}", "action": "update_trust", "args": {"npc": "Bram", "delta": 6, "reason": "x"}}
             for i in (1, 2)]
    report = validate_plan(steps, world, tavern, "p1", TAVERN)
    assert not report.valid and report.kinds == ["bad_args"]
    assert "s2" in report.findings[0].message


# unlock ---------------------------------------------------------------------------------------------

def test_unlocking_needs_the_key_in_the_actors_hands(world: WorldState, tavern: Campaign) -> None:
    report = one("unlock", {"feature": "trapdoor"}, world, tavern)
    assert not report.valid and "does not hold the cellar key" in report.findings[0].message
    world.characters["p1"].inventory.append("cellar key")
    report = one("unlock", {"feature": "trapdoor"}, world, tavern)
    assert report.valid
    assert report.effects == [SetFeature("cellar door", locked=False, expect_locked=True)]


def test_an_unlocked_or_keyless_feature_cannot_be_unlocked(world: WorldState, tavern: Campaign) -> None:
    world.characters["p1"].inventory.append("cellar key")
    world.features["cellar door"].locked = False
    assert "not locked" in one("unlock", {"feature": "cellar door"}, world, tavern).findings[0].message
    assert not one("unlock", {"feature": "the vault door"}, world, tavern).valid


def test_the_unlock_effect_is_refused_if_the_door_was_opened_meanwhile(world: WorldState, tavern: Campaign) -> None:
    world.characters["p1"].inventory.append("cellar key")
    effect = one("unlock", {"feature": "cellar door"}, world, tavern).effects[0]
    world.features["cellar door"].locked = False
    with pytest.raises(EffectError):
        effect.apply(world)


# heal / damage --------------------------------------------------------------------------------------

def test_healing_and_damage_are_bounded_and_a_downed_target_takes_no_more_damage(world: WorldState, tavern: Campaign) -> None:
    world.characters["p1"].hp = 10
    assert one("heal", {"target": "me", "amount": 5}, world, tavern).effects == [AdjustHP("player", "p1", 5)]
    assert one("heal", {"target": "me", "amount": 500}, world, tavern).kinds == ["bad_args"]
    assert one("damage", {"target": "Bram", "amount": 3}, world, tavern).effects == [AdjustHP("npc", "Bram", -3)]
    assert one("damage", {"target": "Bram", "amount": 0}, world, tavern).kinds == ["bad_args"]
    assert one("damage", {"target": "Bram", "amount": 21}, world, tavern).kinds == ["bad_args"]
    world.npcs["Bram"].hp = 0
    assert one("damage", {"target": "Bram", "amount": 3}, world, tavern).kinds == ["precondition"]


# set_flag -------------------------------------------------------------------------------------------

def test_only_declared_flags_can_be_set_and_only_with_their_type(world: WorldState, tavern: Campaign) -> None:
    assert one("set_flag", {"flag": "cellar_open", "value": True}, world, tavern).kinds == ["precondition"]
    declared = tavern.model_copy(update={"flags": {"cellar_open": False, "rats_killed": 0}})
    report = one("set_flag", {"flag": "cellar_open", "value": True}, world, declared)
    assert report.valid and report.effects == [SetFlag("cellar_open", True)]
    assert one("set_flag", {"flag": "rats_killed", "value": "many"}, world, declared).kinds == ["bad_args"]
    assert one("set_flag", {"flag": "cellar_opened", "value": True}, world, declared).findings[0].message.endswith(
        "did you mean cellar_open?")


# arguments ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("args", [
    {"giver": "Greta", "receiver": "me"},  # missing
    {"giver": "Greta", "receiver": "me", "item": "rag", "price": 3},  # unknown key
    {"giver": "Greta", "receiver": "me", "item": 7},  # wrong type
    {"giver": "", "receiver": "me", "item": "rag"},  # empty name
])
def test_arguments_are_strict(args: dict[str, Any], world: WorldState, tavern: Campaign) -> None:
    report = one("give_item", args, world, tavern)
    assert not report.valid and report.kinds == ["bad_args"]


def test_a_number_written_as_text_is_not_coerced(world: WorldState, tavern: Campaign) -> None:
    report = one("update_trust", {"npc": "Bram", "delta": "5", "reason": "x"}, world, tavern)
    assert report.kinds == ["bad_args"]


# suggestions ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("wrong", "right"), [
    ("hand_over", "give_item"), ("give_items", "give_item"), ("pick_up", "take_item"), ("walk_away", "move_npc"),
    ("adjust_trust", "update_trust"), ("open_door", "unlock"), ("cure", "heal"), ("hurt", "damage"),
    ("set_quest", "set_flag"),
])
def test_a_near_miss_suggests_the_registry_action_meant(wrong: str, right: str) -> None:
    assert suggest(wrong)[0] == right


def test_a_made_up_action_with_no_likeness_gets_no_suggestion() -> None:
    assert suggest("teleport") == []
