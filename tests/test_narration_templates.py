"""Template narration states exactly the decided figures and never names anything the scene does
not hold, for every action type and many seeds; the look, inventory and sheet texts show what is
there."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.rules.narration import (
    describe_inventory,
    describe_location,
    describe_sheet,
    narrate,
    narrate_blocked,
)
from bot.rules.resolve import resolve
from bot.world.campaign import Campaign
from bot.world.intent import Intent
from bot.world.loader import load_campaign
from bot.world.outcome import Outcome, StepOutcome
from bot.world.scene import Scene
from bot.world.state import WorldState, new_character, new_state, scene_for

CAMPAIGN_DIR = Path(__file__).resolve().parents[1] / "campaigns" / "tavern"
SEEDS = range(16)


@pytest.fixture(scope="module")
def campaign() -> Campaign:
    return load_campaign(CAMPAIGN_DIR)


def world(campaign: Campaign) -> WorldState:
    s = new_state(campaign)
    s.characters["p1"] = new_character(campaign, "p1", "Aldric", "warrior")
    s.characters["p2"] = new_character(campaign, "p2", "Vex", "rogue")
    s.characters["p3"] = new_character(campaign, "p3", "Mira", "mage")
    s.characters["p4"] = new_character(campaign, "p4", "Osric", "cleric")
    s.characters["p1"].inventory += ["cellar key", "healing potion", "ale"]
    s.characters["p1"].hp = 12
    s.characters["p4"].hp = 5
    return s


@dataclass
class Case:
    name: str
    player: str
    intents: list[Intent]
    where: str = "The Rusty Tankard"
    setup: dict[str, int] = field(default_factory=dict)  # npc name -> hp


I = Intent  # noqa: E741 - short for the table below
CASES = [
    Case("attack with sword", "p1", [I("attack", target="Bram", target_kind="npc", method="iron sword", method_kind="item")]),
    Case("power attack", "p1", [I("attack", target="Bram", method="power attack", method_kind="ability")]),
    Case("attack to the floor", "p1", [I("attack", target="Greta")], setup={"Greta": 2}),
    Case("attack the downed", "p1", [I("attack", target="Bram")], setup={"Bram": 0}),
    Case("attack the absent", "p1", [I("attack", target="dragon")]),
    Case("second wind", "p1", [I("ability", method="second wind")]),
    Case("second wind twice", "p1", [I("ability", method="second wind"), I("ability", method="second wind")]),
    Case("drink potion", "p1", [I("use_item", method="healing potion", method_kind="item")]),
    Case("drink ale", "p1", [I("use_item", method="ale")]),
    Case("use waterskin", "p1", [I("use_item", method="waterskin")]),
    Case("use absent staff", "p1", [I("use_item", method="oak staff")]),
    Case("take mug", "p1", [I("take", target="mug of ale")]),
    Case("take absent", "p1", [I("take", target="silver candlestick")]),
    Case("give item", "p1", [I("give", target="Greta", method="waterskin")]),
    Case("give gold", "p1", [I("give", target="Greta", words="give 5 gold to Greta")]),
    Case("give too much gold", "p1", [I("give", target="Greta", method="50 gold")]),
    Case("buy ale", "p1", [I("buy", target="ale")]),
    Case("buy stew twice", "p1", [I("buy", target="stew", quantity=2)]),
    Case("buy room", "p1", [I("buy", target="Greta", target_kind="npc", words="I ask the bartender for a room")]),
    Case("buy unsold", "p1", [I("buy", target="lantern")]),
    Case("unlock with key", "p1", [I("unlock", target="cellar door")]),
    Case("open without key", "p2", [I("open", target="cellar door")]),
    Case("move out", "p1", [I("move", target="Market Square")]),
    Case("move nowhere", "p1", [I("move", target="Stables")]),
    Case("move through locked door", "p3", [I("move", target="Cellar")]),
    Case("climb walls", "p1", [I("climb", target="stone walls")]),
    Case("search room", "p1", [I("examine")]),
    Case("examine door", "p1", [I("examine", target="cellar door")]),
    Case("examine npc", "p1", [I("examine", target="Greta")]),
    Case("talk", "p1", [I("talk", target="Greta", topic="the cellar")]),
    Case("talk absent", "p1", [I("talk", target="dragon")]),
    Case("rest", "p1", [I("rest")]),
    Case("other", "p1", [I("other", words="I hum a tune")]),
    Case("warrior casts", "p1", [I("cast", method="fireball", target="Bram")]),
    Case("pick lock", "p2", [I("ability", method="pick lock", target="cellar door")]),
    Case("sneak attack", "p2", [I("ability", method="sneak attack", target="Bram")]),
    Case("pick with tools", "p2", [I("unlock", target="cellar door", method="thieves' tools")]),
    Case("magic missile", "p3", [I("cast", method="magic missile", target="Bram")]),
    Case("light", "p3", [I("cast", method="light")]),
    Case("mage hand", "p3", [I("cast", method="mage hand")]),
    Case("staff attack", "p3", [I("attack", target="Greta", method="oak staff")]),
    Case("cure self", "p4", [I("cast", method="cure wounds")]),
    Case("cure friend", "p4", [I("cast", method="cure wounds", target="Aldric", target_kind="party")]),
    Case("bless", "p4", [I("cast", method="bless", target="Bram")]),
    Case("buy lantern", "p1", [I("buy", target="lantern")], where="Market Square"),
    Case("buy torches", "p1", [I("buy", target="torch", quantity=3)], where="Market Square"),
    Case("sell sword to tobin", "p1", [I("sell", target="Tobin", target_kind="npc", method="iron sword", method_kind="item")],
         where="Market Square"),
    Case("sell to no one named", "p1", [I("sell", method="waterskin", method_kind="item")], where="Market Square"),
    Case("sell key unpriced", "p1", [I("sell", target="Greta", target_kind="npc", method="cellar key", method_kind="item")]),
    Case("sell to the guard", "p1", [I("sell", target="Bram", target_kind="npc", method="waterskin", method_kind="item")]),
    Case("sell unheld", "p1", [I("sell", target="Greta", target_kind="npc", method="lantern", method_kind="item")]),
    Case("climb fence", "p1", [I("climb", target="fence")], where="Market Square"),
    Case("examine well", "p1", [I("examine", target="well")], where="Market Square"),
    Case("give gold to pip", "p1", [I("give", target="Pip", words="give 5 gold to Pip")], where="Stables"),
    Case("attack the mares", "p1", [I("attack", target="two brown mares", target_kind="creature")], where="Stables"),
    Case("examine the mares", "p1", [I("examine", target="two brown mares")], where="Stables"),
    Case("take from crate", "p1", [I("take", target="candlestick", words="take the candlestick from the crate")], where="Cellar"),
    Case("look in crate", "p1", [I("examine", target="crate")], where="Cellar"),
    Case("take crate", "p1", [I("take", target="crate")], where="Cellar"),
    Case("leave cellar locked", "p1", [I("move", target="The Rusty Tankard")], where="Cellar"),
    Case("unlock go down take", "p1", [I("unlock", target="cellar door"), I("move", target="Cellar"),
                                      I("take", target="candlestick", method="crate")]),
    Case("four steps", "p1", [I("take", target="mug of ale"), I("buy", target="ale"), I("talk", target="Greta"),
                              I("attack", target="Bram")]),
]


def allowed_text(scene: Scene) -> list[str]:
    """Everything the scene holds, as strings, longest first (built here, not by the module under
    test, so the check is independent)."""
    names: set[str] = {scene.location.name, *scene.location.aliases, *scene.location.exits, *scene.items,
                       *scene.creatures, scene.location.description}
    for f in scene.location.features:
        names |= {f.name, *f.aliases}
    for npc in scene.npcs:
        names |= {npc.name, *npc.aliases, *npc.items, *npc.sells, npc.description}
    for container, inside in scene.contents.items():
        names |= {container, *inside}
    for ch in [scene.player, *scene.party]:
        names |= {ch.name, *ch.inventory, *ch.abilities}
    return sorted((n for n in names if n), key=len, reverse=True)


def universe(campaign: Campaign) -> list[str]:
    """Every name the campaign knows, plus names a model likes to invent."""
    names = {"Death Knight Mara", "Malrik", "diamond horses", "magic staff", "flintlock", "dragon", "castle"}
    for npc in campaign.npcs:
        names |= {npc.name, *npc.aliases, *npc.items}
    for loc in campaign.locations:
        names |= {loc.name, *loc.aliases, *loc.creatures, *(i.name for i in loc.items)}
        for f in loc.features:
            names |= {f.name, *f.aliases}
    for item in campaign.items:
        names |= {item.name, *item.aliases}
    for cls in campaign.classes:
        names |= {*cls.items, *cls.abilities, *cls.spells}
    return sorted(names, key=len, reverse=True)


def without(text: str, allowed: list[str]) -> str:
    for name in allowed:
        text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", text, flags=re.IGNORECASE)
    return text


def ungrounded(text: str, scene: Scene, campaign: Campaign) -> list[str]:
    rest = without(text, allowed_text(scene))
    found = [n for n in universe(campaign)
             if re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", rest, flags=re.IGNORECASE)]
    # Capitalised words that do not open a sentence (or a bracket) must be scene names.
    for m in re.finditer(r"(?<![.!?(:]\s)(?<!^)\b([A-Z][a-z]+)\b", rest):
        if m.group(1) not in ("HP",) and not re.search(r"(^|[.!?(]\s*)$", rest[: m.start()]):
            found.append(m.group(1))
    return found


def figures(step: StepOutcome) -> list[int]:
    """The decided figures a narration of this step must state."""
    out = [v for v in (step.damage, step.gold, step.gold_left) if v is not None]
    if step.hp_after is not None and not step.down:  # a fall is told as a fall, not as "0 HP"
        out.append(step.hp_after)
    if step.healed:
        out.append(step.healed)
    if step.roll is not None and step.damage is None and step.action_type != "attack" or (
        step.action_type == "attack" and not step.success and step.roll is not None
    ):
        out.append(step.roll)
    return out


def turns(campaign: Campaign):
    for case in CASES:
        for seed in SEEDS:
            state = world(campaign)
            state.characters[case.player].location = case.where
            for npc, hp in case.setup.items():
                state.npc(npc).hp = hp
            outcome = resolve(case.intents, state, campaign, case.player, random.Random(seed))
            scene = scene_for(state, campaign, case.player)
            yield case, seed, scene, outcome, narrate(scene, case.intents, outcome, seed)


def test_every_action_states_the_decided_figures(campaign):
    for case, seed, _, outcome, text in turns(campaign):
        for step in outcome.steps:
            for n in figures(step):
                assert re.search(rf"(?<!\d){n}(?!\d)", text), (case.name, seed, n, step.summary, text)


def test_no_narration_names_anything_outside_the_scene(campaign):
    for case, seed, scene, _, text in turns(campaign):
        assert ungrounded(text, scene, campaign) == [], (case.name, seed, text)


def test_narration_is_second_person_one_to_three_sentences_and_in_setting(campaign):
    forbidden = [w.casefold() for w in campaign.forbidden]
    for case, seed, _, _, text in turns(campaign):
        sentences = re.findall(r"[.!?](?:\s|$)", text)
        assert 1 <= len(sentences) <= 3, (case.name, seed, text)
        assert re.search(r"\byou(r)?\b", text, re.IGNORECASE), (case.name, seed, text)
        words = set(re.findall(r"[a-z]+", text.casefold()))
        assert not words & set(forbidden), (case.name, text)
        assert "None" not in text and "  " not in text, (case.name, text)


def test_success_and_failure_are_told_as_decided(campaign):
    for case, seed, _, outcome, text in turns(campaign):
        if len(outcome.steps) != 1 or outcome.steps[0].action_type != "attack":
            continue
        step = outcome.steps[0]
        if step.success:
            assert f"{step.damage} damage" in text, (case.name, text)
        else:  # the only damage told is a blow struck back at the player
            told = {int(n) for n in re.findall(r"(\d+) damage", text)}
            assert told <= {r.damage for r in outcome.replies}, (case.name, text)


def test_the_same_seed_gives_the_same_text_and_seeds_vary_the_phrasing(campaign):
    state = world(campaign)
    intents = [Intent("attack", target="Bram", method="iron sword")]
    outcome = resolve(intents, state, campaign, "p1", random.Random(0))
    scene = scene_for(state, campaign, "p1")
    texts = [narrate(scene, intents, outcome, seed) for seed in range(6)]
    assert texts[0] == narrate(scene, intents, outcome, 0)
    assert len(set(texts)) >= 2


def test_names_in_the_outcome_that_the_scene_lacks_are_never_printed(campaign):
    scene = scene_for(world(campaign), campaign, "p1")
    outcome = Outcome(steps=[
        StepOutcome("attack", True, "x", target="Death Knight Mara", item="magic staff", roll=15, damage=7, hp_after=3),
        StepOutcome("move", True, "x", moved_to="Castle Grim"),
        StepOutcome("take", True, "x", item="flintlock pistol"),
    ])
    for seed in SEEDS:
        text = narrate(scene, [], outcome, seed)
        assert "Mara" not in text and "staff" not in text and "Castle" not in text and "flintlock" not in text
        assert "7 damage" in text


def test_a_sparse_evaluation_outcome_still_states_its_figures():
    scene = Scene.from_dict({
        "location": {"name": "The Rusty Tankard", "exits": ["Market Square"]},
        "npcs": [{"name": "Bram", "items": ["longsword"]}],
        "player": {"name": "Aldric", "inventory": ["iron sword"]},
    })
    outcome = Outcome.from_eval({"success": True, "roll": 15, "damage": 7})
    intent = Intent("attack", target="Bram", target_kind="npc", method="iron sword", method_kind="item")
    assert "7 damage" in narrate(scene, [intent], outcome)
    assert "7 damage" in narrate(scene, [], outcome)
    missed = Outcome.from_eval({"success": False, "roll": 4})
    text = narrate(scene, [intent], missed)
    assert "4" in text and "damage" not in text


def test_an_empty_scene_and_outcome_do_not_crash():
    assert narrate(Scene(), [], Outcome())
    assert describe_location(Scene())


def test_a_blocked_action_keeps_the_reason_visible(campaign):
    scene = scene_for(world(campaign), campaign, "p1")
    for seed in SEEDS:
        text = narrate_blocked("you don't have a staff", scene, seed)
        assert text.endswith("(You don't have a staff.)")
    blocked = Outcome(blocked=True, reason="The stone walls cannot be climbed.")
    assert "(The stone walls cannot be climbed.)" in narrate(scene, [Intent("climb", target="stone walls")], blocked)


def test_look_shows_the_place_people_things_and_ways_out(campaign):
    text = describe_location(scene_for(world(campaign), campaign, "p1"))
    assert text.startswith("The Rusty Tankard\nA smoky common room")
    assert "Here: Greta, Bram." in text
    assert "Your companions: Vex, Mira, Osric." in text
    assert "You see: mug of ale, wooden stool, dartboard." in text
    assert "cellar door (locked)" in text
    assert "Exits: Market Square, Cellar (through the cellar door, locked)." in text


def test_look_in_the_dark_cellar_and_at_a_downed_npc(campaign):
    state = world(campaign)
    state.characters["p1"].location = "Cellar"
    assert "It is dark here." in describe_location(scene_for(state, campaign, "p1"))
    state.characters["p1"].location = "The Rusty Tankard"
    state.npc("Bram").hp = 0
    assert "Bram (down)" in describe_location(scene_for(state, campaign, "p1"))


def test_inventory_lists_items_once_with_counts_and_gold_apart(campaign):
    state = world(campaign)
    me = state.characters["p1"]
    me.inventory += ["torch", "torch"]
    text = describe_inventory(me)
    assert "torch (x2)" in text and "Gold: 12." in text
    assert describe_inventory(scene_for(state, campaign, "p1").player).count("12") == 1
    me.inventory = []
    assert describe_inventory(me).startswith("You carry nothing.")


def test_sheet_shows_class_figures_abilities_spells_and_inventory(campaign):
    state = world(campaign)
    sheet = describe_sheet(state.characters["p3"])
    assert sheet.splitlines()[0] == "Mira, mage"
    assert "HP 18/18, AC 11, attack +2, gold 8" in sheet
    assert "Spells: magic missile, light, mage hand" in sheet
    assert "Inventory: oak staff, spellbook" in sheet
    warrior = describe_sheet(state.characters["p1"])
    assert "Abilities: power attack, second wind" in warrior and "HP 12/30" in warrior


def test_a_container_of_plural_things_takes_its_own_article():
    from bot.rules.narration import _a

    assert _a("box of floppy disks") == "a box of floppy disks"
    assert _a("bags of flour") == "bags of flour"
    assert _a("wine barrels") == "wine barrels"
    assert _a("iron sword") == "an iron sword"
