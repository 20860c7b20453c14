"""Pre-validation: what cannot happen from a scene is blocked with a reason; everything else is not."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from bot.guard.finding import BLOCK, Finding
from bot.guard.intent import extract
from bot.guard.prevalidate import check_text, first_block, prevalidate
from bot.world.scene import Scene
from prevalidation_asserts import assert_allowed, assert_blocked
from tests.test_scene_index import tavern_dict

PUBLIC = Path("/work/shared/eval/public/tavern.jsonl")
EXTRA = Path(__file__).parent / "eval" / "actions_extra.jsonl"


def scene_with(**changes) -> Scene:
    """The tavern scene with some fields replaced (dotted keys reach into player/location)."""
    d = copy.deepcopy(tavern_dict())
    for key, value in changes.items():
        target = d
        parts = key.split("__")
        for p in parts[:-1]:
            target = target.setdefault(p, {})
        target[parts[-1]] = value
    return Scene.from_dict(d)


@pytest.fixture
def tavern() -> Scene:
    return Scene.from_dict(tavern_dict())




# -- target -----------------------------------------------------------------------------------


def test_talking_to_an_absent_dragon_is_an_absent_target(tavern: Scene) -> None:
    f = assert_blocked("I talk to the dragon", tavern, "target")
    assert f.message == "There is no dragon here." and "Greta" in f.evidence


def test_attacking_or_giving_to_someone_absent_is_an_absent_target(tavern: Scene) -> None:
    assert_blocked("I attack the goblin", tavern, "target")
    assert_blocked("I give the king my sword", tavern, "target")
    assert_blocked("I talk to Marcus", tavern, "target")


def test_a_creature_present_is_a_valid_attack_target() -> None:
    scene = scene_with(creatures=["grey wolf"])
    assert_allowed("I attack the wolf with my sword", scene)
    assert_allowed("I attack the monster", scene)


def test_someone_vaguely_named_is_not_taken_for_absent(tavern: Scene) -> None:
    assert_allowed("I greet the stranger", tavern)
    assert_allowed("I chat with the old man in the corner", tavern)


def test_a_role_may_belong_to_an_npc_whose_role_the_scene_omits() -> None:
    scene = scene_with(npcs=[{"name": "Hilda"}])
    assert_allowed("I ask the blacksmith about swords", scene)
    assert_blocked("I attack the wolf", scene, "target")


# -- no_item ----------------------------------------------------------------------------------


def test_drawing_an_item_not_held_is_no_item(tavern: Scene) -> None:
    f = assert_blocked("I pull out my magic staff and point it at Greta", tavern, "no_item")
    assert f.message == "You don't have a magic staff."
    assert f.span == "my magic staff" and f.evidence.startswith("inventory: iron sword")


def test_an_item_lying_here_may_be_used_but_another_persons_may_not(tavern: Scene) -> None:
    assert_allowed("I drink the mug of ale", tavern)
    assert_allowed("I hit the guard with the wooden stool", tavern)
    f = assert_blocked("I stab him with the longsword", tavern, "no_item")
    assert f.message == "The longsword is Bram's, not yours."


def test_a_generic_word_matches_a_held_weapon_of_its_kind() -> None:
    rogue = scene_with(player__inventory=["rapier", "shortbow"])
    assert_allowed("I draw my sword", rogue)
    assert_allowed("I nock an arrow to my bow", rogue)
    assert_blocked("I draw my greatsword", rogue, "no_item")


def test_gold_the_player_has_may_be_spent_but_not_more(tavern: Scene) -> None:
    assert_allowed("I buy an ale from Greta", tavern)
    assert_allowed("I pay Greta 2 gold for an ale", tavern)
    f = assert_blocked("I give Greta 50 gold", tavern, "no_item")
    assert f.message == "You only have 12 gold."


def test_unknown_words_clothes_and_body_parts_never_block(tavern: Scene) -> None:
    for text in ("I pull my hood up", "I crack my knuckles", "*swings with his shard*", "I play darts"):
        assert_allowed(text, tavern)


# -- no_ability -------------------------------------------------------------------------------


def test_warrior_cannot_cast_fireball(tavern: Scene) -> None:
    f = assert_blocked("I cast fireball at the guard", tavern, "no_ability")
    assert f.message == "Warriors can't cast spells."
    assert_blocked("I hurl a fireball at the guard", tavern, "no_ability")


def test_mage_casts_spells_on_the_sheet_but_not_others() -> None:
    mage = scene_with(player__class="mage", player__abilities=["magic missile", "light", "mage hand"])
    assert_allowed("I cast magic missile at the guard", mage)
    assert_allowed("I cast light", mage)
    f = assert_blocked("I cast fireball", mage, "no_ability")
    assert "magic missile" in f.message


def test_spellcasting_classes_come_from_the_scene_then_its_rules_then_the_default() -> None:
    druid = {"player__class": "druid", "player__abilities": []}
    assert_allowed("I cast entangle on the guard", scene_with(**druid, world_rules=[]))  # default list
    assert_blocked("I cast entangle on the guard", scene_with(**druid), "no_ability")  # the tavern's rule
    assert_allowed("I cast entangle on the guard", scene_with(**druid, spellcasters=["druid"]))  # explicit
    assert_blocked("I cast a spell", scene_with(**druid, world_rules=["There is no magic in this world"]), "no_ability")


def test_intimidation_by_talking_is_allowed_but_a_skill_not_on_the_sheet_is_not() -> None:
    scene = scene_with(npcs=tavern_dict()["npcs"] + [{"name": "Tobin", "aliases": ["merchant"]}])
    assert_allowed("I use my warrior strength to intimidate the merchant", scene)
    assert_allowed("I try to intimidate the merchant", scene)
    f = assert_blocked("I use my intimidation skill on the merchant", scene, "no_ability")
    assert f.message == "You don't have the intimidation skill."


def test_class_abilities_are_read_from_the_sheet_and_the_class(tavern: Scene) -> None:
    assert_allowed("I use second wind", tavern)
    assert_allowed("I use my power attack on the guard", tavern)
    assert_allowed("I use second wind", scene_with(player__abilities=[]))  # the class gives it
    assert_blocked("I rage", tavern, "no_ability")
    assert_blocked("I use lay on hands", tavern, "no_ability")
    assert_allowed("I rage", scene_with(player__class="barbarian", player__abilities=[]))


# -- physics ----------------------------------------------------------------------------------


def test_flying_teleporting_and_walking_through_walls_need_an_ability(tavern: Scene) -> None:
    assert_blocked("I fly up to the rafters", tavern, "physics")
    assert_blocked("I teleport behind the guard", tavern, "physics")
    assert_blocked("I walk through the wall", tavern, "physics")
    assert_allowed("I fly into a rage", tavern)
    winged = scene_with(player__abilities=["fly", "misty step"])
    assert_allowed("I fly up to the rafters", winged)
    assert_allowed("I teleport behind the guard", winged)


# -- location ---------------------------------------------------------------------------------


def test_going_somewhere_that_is_not_an_exit_is_location(tavern: Scene) -> None:
    f = assert_blocked("I walk to the castle", tavern, "location")
    assert f.message == "You can't reach castle from here; exits: Market Square, Cellar."
    far = scene_with(known_places=["The Rusty Tankard", "Market Square", "Cellar", "Town Gate"])
    assert_blocked("I walk to the Town Gate", far, "location")


def test_exits_the_room_itself_and_its_furniture_are_reachable(tavern: Scene) -> None:
    for text in ("I walk to the Market Square", "I run to the market", "I walk to the door", "I walk over to the bar", "I leave the tavern", "I head outside"):
        assert_allowed(text, tavern)


def test_an_exit_through_a_locked_door_needs_its_key() -> None:
    locked = scene_with(location__exit_through={"Cellar": "cellar door"})
    f = assert_blocked("I go down to the cellar", locked, "environment")
    assert f.message == "The cellar door is locked."
    with_key = scene_with(location__exit_through={"Cellar": "cellar door"}, player__inventory=["iron sword", "cellar key"])
    assert_allowed("I go down to the cellar", with_key)


# -- environment ------------------------------------------------------------------------------


def test_climbing_depends_on_what_the_scene_says(tavern: Scene) -> None:
    f = assert_blocked("I climb the stone walls", tavern, "environment")
    assert f.message == "The stone walls can't be climbed."
    features = tavern_dict()["location"]["features"] + [{"name": "wooden fence", "climbable": True}, {"name": "old well"}]
    scene = scene_with(location__features=features)
    assert_allowed("I climb the wooden fence", scene)
    assert_allowed("I climb down the old well", scene)  # unknown: the dice decide
    assert_blocked("I climb the tree", tavern, "target")  # nothing of the kind here


def test_a_locked_door_opens_only_with_its_key(tavern: Scene) -> None:
    f = assert_blocked("I open the cellar door", tavern, "environment")
    assert f.message.startswith("The cellar door is locked")
    assert_blocked("I unlock the cellar door", tavern, "environment")
    keyed = scene_with(player__inventory=["iron sword", "cellar key"])
    assert_allowed("I open the cellar door", keyed)
    assert_allowed("I unlock the cellar door with my key", keyed)


def test_a_rogue_with_tools_may_try_to_pick_the_lock(tavern: Scene) -> None:
    rogue = scene_with(player__class="rogue", player__inventory=["dagger", "thieves' tools"], player__abilities=["sneak attack", "pick lock"])
    assert_allowed("I pick the lock on the cellar door", rogue)
    assert_blocked("I pick the lock on the cellar door", tavern, "no_item")


def test_prying_with_a_sword_is_an_attempt_and_conjures_no_crowbar(tavern: Scene) -> None:
    intents, findings = check_text("I use my sword to pry open the cellar door", tavern)
    assert first_block(findings) is None
    assert all("crowbar" not in (i.method or "") for i in intents)
    assert_allowed("I pry the cellar door open with my sword", tavern)
    assert_allowed("I kick the cellar door open", tavern)
    assert_blocked("I pry open the cellar door with a crowbar", tavern, "no_item")


# -- several steps ----------------------------------------------------------------------------


def test_every_step_is_validated_and_a_later_step_can_block(tavern: Scene) -> None:
    intents, findings = check_text("I shove the table at the guard, then stab him with my dagger", tavern)
    assert [i.action_type for i in intents] == ["attack", "attack"]
    f = first_block(findings)
    assert f is not None and f.kind == "no_item" and f.span == "my dagger"


def test_an_action_after_addressing_someone_is_still_validated(tavern: Scene) -> None:
    intents, findings = check_text("Greta, another round! Then I walk to the castle.", tavern)
    assert [i.action_type for i in intents] == ["talk", "move"]
    assert first_block(findings).kind == "location"


def test_trip_then_attack_validates_both_steps(tavern: Scene) -> None:
    intents, findings = check_text("I push the table toward the guard to trip him, then attack", tavern)
    assert len(intents) == 2 and first_block(findings) is None
    gone = scene_with(npcs=[])
    intents, findings = check_text("I push the table toward the guard to trip him, then attack", gone)
    assert first_block(findings) is not None and first_block(findings).kind == "target"


# -- everything else --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I order an ale",
        "I ask for a room",
        "I ask the bartender for a room",
        "I drink from my waterskin",
        "I look around",
        "I search the room",
        "I look at the dragon",
        "I sit by the hearth and warm my hands",
        "I take a short rest",
        "I hide behind the bar",
        "I listen at the cellar door",
        "I flirt with Greta",
        "Greta, another round!",
        "What's in the cellar?",
        "I don't attack the guard",
    ],
)
def test_everyday_actions_are_allowed(text: str, tavern: Scene) -> None:
    assert_allowed(text, tavern)


def test_a_sparse_or_malformed_scene_never_crashes() -> None:
    texts = ["I attack the dragon", "I cast fireball", "I walk to the castle", "I climb the wall", "I open the door", "I give Greta 5 gold", "I pick the lock", ""]
    for raw in ({}, None, {"player": {"name": "X"}}, {"location": "Somewhere", "npcs": ["Bob", {"name": 5}], "player": {"inventory": "sword", "abilities": None}}, {"location": {"features": [{"name": "door", "locked": True}], "exits": "North"}}):
        scene = Scene.from_dict(raw)
        for text in texts:
            intents, findings = check_text(text, scene)
            assert intents and all(isinstance(f, Finding) for f in findings)


def test_findings_have_the_pre_layer_a_reason_evidence_and_a_confidence(tavern: Scene) -> None:
    for text in ("I cast fireball at the guard", "I walk to the castle", "I talk to the dragon", "I climb the stone walls"):
        intents, findings = check_text(text, tavern)
        f = first_block(findings)
        assert f is not None and f.layer == "pre" and f.severity == BLOCK
        assert 0.5 <= f.confidence <= 1.0 and f.message and f.evidence and f.span
        assert text[f.start : f.end].casefold() == f.span.casefold()


def test_first_block_is_none_without_a_blocking_finding() -> None:
    warn = Finding("no_item", "warn", 0.4, "my x", "", "", layer="pre")
    hit = Finding("target", BLOCK, 0.9, "the dragon", "", "", layer="pre")
    assert first_block([]) is None and first_block([warn]) is None
    assert first_block([warn, hit]) is hit


def test_prevalidate_takes_intents_from_any_source(tavern: Scene) -> None:
    intents = extract("I climb the stone walls", tavern)
    assert [f.kind for f in prevalidate(intents, tavern) if f.severity == BLOCK] == ["environment"]
    assert prevalidate([], tavern) == []


# -- evaluation sets --------------------------------------------------------------------------


def action_cases(path: Path) -> list[dict]:
    if not path.exists():
        pytest.skip(f"{path} not available")
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [c for c in cases if "narration" not in c]


def run_cases(cases: list[dict]) -> tuple[int, int, int, int, list[str]]:
    tp = fn = fp = tn = 0
    wrong_kind = []
    for c in cases:
        scene = Scene.from_dict(c["scene"])
        f = first_block(check_text(c["action"], scene)[1])
        if c["expect"] == "blocked":
            if f is None:
                fn += 1
            else:
                tp += 1
                if c.get("kinds") and f.kind not in c["kinds"]:
                    wrong_kind.append(c["id"])
        elif f is not None:
            fp += 1
        else:
            tn += 1
    return tp, fn, fp, tn, wrong_kind


def test_every_public_tavern_action_case_comes_out_right() -> None:
    cases = action_cases(PUBLIC)
    assert len(cases) >= 10
    for c in cases:
        f = first_block(check_text(c["action"], Scene.from_dict(c["scene"]))[1])
        if c["expect"] == "blocked":
            assert f is not None, c["id"]
            assert f.kind in c.get("kinds", [f.kind]), (c["id"], f)
        else:
            assert f is None, (c["id"], f)


def test_extra_action_cases_recall_and_false_block_rate() -> None:
    cases = action_cases(EXTRA)
    assert len(cases) >= 80
    tp, fn, fp, tn, wrong_kind = run_cases(cases)
    assert tp / (tp + fn) >= 0.97
    assert fp / (fp + tn) <= 0.03
    assert len(wrong_kind) <= 0.05 * tp, wrong_kind
