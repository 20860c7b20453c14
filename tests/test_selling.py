"""Selling an item to a merchant: the words are read as a sale, pre-validation holds the sale to
what a gift is held to (the thing must be the player's, the buyer here), the rules decide the
price (half what the merchant asks, or half the catalogue value of goods they do not stock) and
change the state, and the template narration states the decided figures."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.guard.finding import BLOCK
from bot.guard.prevalidate import check_text
from bot.rules import rulebook as rb
from bot.rules.narration import narrate
from bot.rules.resolve import resolve
from bot.rules.situation import Situation
from bot.rules.trade import sale_price
from bot.world.campaign import Campaign
from bot.world.effects import AdjustGold, Holder, TransferItem, apply_all
from bot.world.intent import Intent
from bot.world.loader import load_campaign
from bot.world.scene import Scene
from bot.world.state import WorldState, new_character, new_state, scene_for

ROOT = Path(__file__).resolve().parents[1]

# A scene of its own: a river-port chandlery, a merchant and a customs officer.
PORT = Scene.from_dict({
    "setting": "river-port fantasy",
    "location": {"name": "Chandlery at Low Wharf", "exits": ["Quay"]},
    "npcs": [{"name": "Odile", "aliases": ["chandler"], "items": ["brass scales", "tally stick"]},
             {"name": "Marten", "aliases": ["customs officer"], "items": ["seal of office"]}],
    "items": ["coil of tarred rope"],
    "player": {"name": "Wren", "class": "rogue", "inventory": ["boat hook", "otter pelt", "tin lantern", "6 silver"]},
})


def _intent(text: str) -> Intent:
    intents, _ = check_text(text, PORT)
    assert len(intents) == 1, intents
    return intents[0]


def _blocks(text: str) -> list[str]:
    return [f.kind for f in check_text(text, PORT)[1] if f.severity == BLOCK]


# --- the words ------------------------------------------------------------------------------------
def test_selling_ones_thing_to_someone_is_a_sale_of_that_thing_to_them() -> None:
    intent = _intent("I sell my otter pelt to the chandler")
    assert intent.action_type == "sell"
    assert (intent.method, intent.method_kind) == ("otter pelt", "item")
    assert (intent.target, intent.target_kind) == ("Odile", "npc")


def test_the_buyer_may_come_first_and_the_verb_in_the_past() -> None:
    intent = _intent("sold Odile the boat hook")
    assert intent.action_type == "sell"
    assert (intent.method, intent.target) == ("boat hook", "Odile")


def test_a_count_sold_is_the_quantity() -> None:
    assert _intent("I sell two otter pelts to Odile").quantity == 2


# --- pre-validation -------------------------------------------------------------------------------
def test_selling_what_the_player_holds_to_someone_here_is_allowed() -> None:
    assert _blocks("I sell my tin lantern to Odile") == []
    assert _blocks("I sell the otter pelt") == []  # no buyer named: the rules find one


def test_selling_what_the_player_does_not_hold_is_blocked() -> None:
    assert _blocks("I sell my silver flute to Odile") == ["no_item"]


def test_selling_someone_elses_thing_is_blocked() -> None:
    assert _blocks("I sell the seal of office to Odile") == ["no_item"]


def test_selling_to_someone_who_is_not_here_is_blocked() -> None:
    assert _blocks("I sell my otter pelt to Baron Ulric") == ["target"]


# --- the rules ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def campaign() -> Campaign:
    return load_campaign(ROOT / "campaigns" / "tavern")


@pytest.fixture
def state(campaign: Campaign) -> WorldState:
    s = new_state(campaign)
    s.characters["p1"] = new_character(campaign, "p1", "Aldric", "warrior")
    return s


def _sell(state: WorldState, campaign: Campaign, item: str, to: str | None = None, quantity: int = 1):
    intent = Intent("sell", target=to, target_kind="npc" if to else None, method=item, method_kind="item",
                    quantity=quantity)
    return resolve([intent], state, campaign, "p1", random.Random(3)), intent


def test_a_merchant_pays_half_the_catalogue_value_of_goods_they_do_not_stock(state, campaign) -> None:
    state.characters["p1"].location = "Market Square"
    gold = state.characters["p1"].gold
    out, _ = _sell(state, campaign, "iron sword", "Tobin")
    step = out.steps[0]
    assert step.success and step.action_type == "sell"
    assert (step.gold, step.gold_left) == (5, gold + 5)  # the sword's value is 10
    assert step.effects == [
        TransferItem("iron sword", Holder("player", "p1"), Holder("npc", "Tobin")),
        AdjustGold("p1", 5),
    ]
    after = state.copy()
    apply_all(after, out.effects)
    assert after.characters["p1"].gold == gold + 5
    assert "iron sword" not in after.characters["p1"].inventory
    assert "iron sword" in after.npc("Tobin").items


def test_a_merchant_pays_half_their_own_price_for_what_they_sell(state, campaign) -> None:
    state.characters["p1"].location = "Market Square"
    state.characters["p1"].inventory.append("lantern")
    out, _ = _sell(state, campaign, "lantern")  # the one merchant here buys it
    assert out.steps[0].success and out.steps[0].target == "Tobin"
    assert out.steps[0].gold == 2  # Tobin sells a lantern for 4


def test_selling_back_what_was_bought_never_makes_gold(campaign) -> None:
    s = new_state(campaign)
    s.characters["p1"] = new_character(campaign, "p1", "Aldric", "warrior")
    sit = Situation(s, campaign, "p1", random.Random(0))
    for npc in campaign.npcs:
        for item, price in npc.sells.items():
            paid = sale_price(sit, npc, item)
            assert paid is None or paid <= price, (npc.name, item)
    assert rb.SALE_SHARE <= 1


def test_several_of_a_thing_sold_are_each_paid_for(state, campaign) -> None:
    state.characters["p1"].location = "Market Square"
    state.characters["p1"].inventory += ["dagger", "dagger"]
    out, _ = _sell(state, campaign, "dagger", "Tobin", quantity=3)
    step = out.steps[0]
    assert step.success and step.gold == 2  # two held, 1 gold each (a dagger's value is 2)
    assert sum(1 for e in step.effects if isinstance(e, TransferItem)) == 2


def test_what_has_no_price_is_not_bought(state, campaign) -> None:
    state.characters["p1"].inventory.append("cellar key")
    out, _ = _sell(state, campaign, "cellar key", "Greta")
    step = out.steps[0]
    assert not step.success and step.effects == []
    assert "will not buy" in step.summary


def test_someone_who_sells_nothing_buys_nothing(state, campaign) -> None:
    out, _ = _sell(state, campaign, "waterskin", "Bram")
    assert not out.steps[0].success and out.steps[0].effects == []


def test_selling_what_is_not_in_the_pack_fails_in_the_rules_too(state, campaign) -> None:
    out, _ = _sell(state, campaign, "lantern", "Greta")
    assert not out.steps[0].success and out.steps[0].effects == []


def test_the_template_states_the_price_and_the_purse_after(state, campaign) -> None:
    state.characters["p1"].location = "Market Square"
    out, intent = _sell(state, campaign, "leather armor", "Tobin")
    scene = scene_for(state, campaign, "p1")
    for seed in range(4):
        text = narrate(scene, [intent], out, seed)
        assert "5" in text and str(out.steps[0].gold_left) in text and "leather armor" in text, text


def test_a_sale_typed_in_terminal_play_pays_the_player(tmp_path: Path) -> None:
    script = tmp_path / "turns.txt"
    script.write_text("I sell my waterskin to Greta\nsheet\n")
    run = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "lg.db"), "--script", str(script), "--json",
         "--name", "Bo", "--class", "warrior", "--seed", "1"],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert run.returncode == 0, run.stderr
    sale, sheet = (json.loads(line) for line in run.stdout.splitlines())
    assert sale["blocked"] is False and "13 gold" in sale["narration"], sale  # 12 + half of 1, at least 1
    assert "13" in sheet["narration"]


def test_the_money_a_purchase_is_paid_with_is_not_what_is_bought(state, campaign) -> None:
    intent = Intent("buy", target="Greta", target_kind="npc", method="12 gold coins", method_kind="item",
                    method_text="a coin", topic="two ales", quantity=2, words="I hand Greta a coin for two ales")
    step = resolve([intent], state, campaign, "p1", random.Random(3)).steps[0]
    assert step.success and step.item == "ale" and step.gold == 2
