"""Campaign files: the tavern loads with exactly its published names, and a broken file fails at
load with the file, the path inside it and what is wrong."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bot.world.errors import CampaignError, UnknownCampaign
from bot.world.loader import available_campaigns, load_campaign, parse_campaign
from bot.world.state import new_character, new_state, scene_for

ROOT = Path(__file__).resolve().parents[1]
TAVERN = ROOT / "campaigns" / "tavern" / "campaign.yaml"


def _tavern_data() -> dict:
    return yaml.safe_load(TAVERN.read_text())


def _problems(data: dict) -> list[str]:
    with pytest.raises(CampaignError) as info:
        parse_campaign(data, "campaigns/x.yaml")
    return info.value.problems


def test_tavern_loads_with_its_published_world() -> None:
    c = load_campaign("tavern")
    assert c.setting == "medieval fantasy"
    assert c.start == "The Rusty Tankard"
    assert [l.name for l in c.locations] == ["The Rusty Tankard", "Cellar", "Market Square", "Town Gate", "Stables"]
    tankard = c.location("The Rusty Tankard")
    assert [e.to for e in tankard.exits] == ["Market Square", "Cellar"]
    door = next(f for f in tankard.features if f.name == "cellar door")
    assert door.locked and door.key == "cellar key"
    assert next(f for f in tankard.features if f.name == "stone walls").climbable is False
    assert [i.name for i in tankard.items] == ["mug of ale", "wooden stool", "dartboard"]
    greta, bram = c.npc("Greta"), c.npc("Bram")
    assert set(greta.aliases) >= {"bartender", "barkeep"}
    assert greta.sells == {"ale": 1, "stew": 2, "room for the night": 5}
    assert set(greta.items) >= {"cellar key", "rag"}
    assert (bram.hp, bram.ac) == (20, 15) and set(bram.items) == {"longsword", "shield", "chainmail"}
    assert set(bram.abilities) == {"sword attack", "shield bash"}
    cellar = c.location("Cellar")
    assert cellar.dark and next(i for i in cellar.items if i.name == "dusty crate").contains == ["silver candlestick"]
    assert c.npc("Tobin").sells == {"rope": 1, "torch": 1, "healing potion": 5, "lantern": 4}
    assert next(f for f in c.location("Market Square").features if f.name == "wooden fence").climbable is True
    assert next(f for f in c.location("Town Gate").features if f.name == "iron portcullis").climbable is False
    assert c.location("Stables").creatures == ["two brown mares"]
    assert c.npc("Pip").items == ["pitchfork"] and c.npc("Pip").location == "Stables"
    warrior = c.character_class("warrior")
    assert (warrior.hp, warrior.ac, warrior.gold) == (30, 13, 12)
    assert warrior.items == ["iron sword", "leather armor", "waterskin"]
    assert c.item("iron sword").damage == "d8" and c.item("oak staff").damage == "d6"
    assert c.character_class("mage").spells == ["magic missile", "light", "mage hand"]
    assert c.character_class("cleric").spells == ["cure wounds", "bless"]
    assert c.character_class("rogue").abilities == ["sneak attack", "pick lock"]
    assert c.can_cast("cleric") and not c.can_cast("warrior")


def test_every_shipped_campaign_is_valid() -> None:
    names = available_campaigns(ROOT / "campaigns")
    assert "tavern" in names
    for name in names:
        load_campaign(ROOT / "campaigns" / name)


def test_scene_for_a_new_warrior_matches_the_eval_format() -> None:
    c = load_campaign("tavern")
    state = new_state(c)
    state.characters["p"] = new_character(c, "p", "Aldric", "warrior")
    scene = scene_for(state, c, "p").to_dict()
    assert scene["location"]["name"] == "The Rusty Tankard"
    assert scene["location"]["exits"] == ["Market Square", "Cellar"]
    assert {n["name"] for n in scene["npcs"]} == {"Greta", "Bram"}
    assert scene["player"]["class"] == "warrior"
    assert "12 gold coins" in scene["player"]["inventory"]


def test_a_list_field_given_a_string_names_file_path_and_problem() -> None:
    data = _tavern_data()
    data["npcs"][2]["items"] = "rope"
    assert "campaigns/x.yaml: npcs[2].items: expected a list" in _problems(data)


def test_a_misspelt_key_is_an_error_not_ignored() -> None:
    data = _tavern_data()
    data["locations"][0]["features"][0]["climable"] = True
    assert any("locations[0].features[0].climable: unknown key" in p for p in _problems(data))


def test_an_exit_that_names_no_location_is_reported() -> None:
    data = _tavern_data()
    data["locations"][2]["exits"].append("Castle")
    assert any("locations[2].exits[2].to: 'Castle' names no location" in p for p in _problems(data))


def test_an_npc_placed_nowhere_is_reported() -> None:
    data = _tavern_data()
    data["npcs"][0]["location"] = "The Moon"
    assert any("npcs[0].location: 'The Moon' names no location" in p for p in _problems(data))
    del data["npcs"][1]["location"]
    assert any("npcs[1].location: required but missing" in p for p in _problems(data))


def test_a_key_that_opens_nothing_is_reported() -> None:
    data = _tavern_data()
    data["items"].append({"name": "brass key", "kind": "key"})
    assert any("key 'brass key' opens nothing" in p for p in _problems(data))


def test_a_lock_whose_key_exists_nowhere_is_reported() -> None:
    data = _tavern_data()
    data["locations"][0]["features"][3]["key"] = "golden key"
    assert any("'golden key' is not held or placed anywhere" in p for p in _problems(data))


def test_duplicate_names_and_aliases_are_reported() -> None:
    data = _tavern_data()
    data["npcs"][2]["aliases"].append("guard")  # Bram's alias
    problems = _problems(data)
    assert any("duplicate name or alias 'guard'" in p for p in problems)
    data = _tavern_data()
    data["locations"][1]["name"] = "Market Square"
    assert any("duplicate name or alias 'Market Square'" in p for p in _problems(data))


def test_bad_yaml_reports_line_and_column(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("setting: x\nclasses: [a, b\nstart: y\n")
    with pytest.raises(CampaignError) as info:
        load_campaign(bad)
    assert "broken.yaml" in info.value.problems[0] and "line" in info.value.problems[0]


def test_unknown_campaign_lists_the_known_ones() -> None:
    with pytest.raises(UnknownCampaign) as info:
        load_campaign("atlantis")
    assert "tavern" in str(info.value)


def test_check_campaign_command_prints_errors_or_ok(tmp_path: Path) -> None:
    data = _tavern_data()
    data["npcs"][2]["items"] = "rope"
    bad = tmp_path / "x.yaml"
    bad.write_text(yaml.safe_dump(data))
    run = subprocess.run([sys.executable, "-m", "bot", "check-campaign", str(bad)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 1
    assert "npcs[2].items: expected a list" in run.stdout
    run = subprocess.run([sys.executable, "-m", "bot", "check-campaign", str(TAVERN)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and run.stdout.strip() == "ok"
