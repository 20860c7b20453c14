"""SceneIndex: every nameable thing in a scene, found by the words players actually use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.guard.index import Entity, SceneIndex
from bot.world.scene import Scene

PUBLIC = Path("/work/shared/eval/public/tavern.jsonl")


def tavern_dict() -> dict:
    if PUBLIC.exists():
        return json.loads(PUBLIC.read_text().splitlines()[0])["scene"]
    return {
        "setting": "medieval fantasy",
        "world_rules": ["only mage, wizard, sorcerer, warlock and cleric can cast spells"],
        "location": {
            "name": "The Rusty Tankard",
            "description": "A smoky common room with a long oak bar and a crackling hearth.",
            "exits": ["Market Square", "Cellar"],
            "features": [{"name": "stone walls", "climbable": False}, {"name": "cellar door", "locked": True, "key": "cellar key"}],
        },
        "npcs": [
            {"name": "Greta", "aliases": ["bartender", "barkeep"], "items": ["cellar key", "rag"]},
            {"name": "Bram", "aliases": ["guard"], "abilities": ["sword attack", "shield bash"], "items": ["longsword", "shield", "chainmail"]},
        ],
        "items": ["mug of ale", "wooden stool", "dartboard"],
        "creatures": [],
        "player": {"name": "Aldric", "class": "warrior", "inventory": ["iron sword", "leather armor", "waterskin", "12 gold coins"], "abilities": ["power attack", "second wind"]},
        "party": [],
    }


@pytest.fixture
def tavern() -> Scene:
    return Scene.from_dict(tavern_dict())


def rich_scene() -> Scene:
    return Scene.from_dict(
        {
            "location": {
                "name": "The Salty Widow",
                "aliases": ["ship"],
                "exits": ["Below Deck", "Gangplank"],
                "features": [{"name": "main mast", "aliases": ["mast"], "climbable": True}, {"name": "cabin door", "locked": True, "key": "brass key"}],
            },
            "npcs": [{"name": "Thorin Ironfoot", "description": "A grizzled dwarf foreman.", "items": ["pickaxe"]}],
            "items": ["coil of rope"],
            "contents": {"sea chest": ["silver compass"]},
            "creatures": ["two brown mares", "swarm of bats"],
            "player": {"name": "Mara", "inventory": ["Crystal Spike (Greataxe)", "3 torches"], "abilities": ["sneak attack"]},
            "party": [{"name": "Osric", "class": "paladin", "inventory": ["boarding axe"]}],
            "known_places": ["The Salty Widow", "Below Deck", "Tortuga"],
        }
    )


def resolved(index: SceneIndex, text: str, kinds=None) -> Entity | None:
    m = index.resolve(text, kinds)
    return m.entity if m else None


def test_names_and_aliases_resolve_exactly(tavern: Scene) -> None:
    index = SceneIndex.for_scene(tavern)
    for text, name in [("Greta", "Greta"), ("the barkeep", "Greta"), ("the bartender", "Greta"), ("the guard", "Bram")]:
        m = index.resolve(text)
        assert m is not None and m.entity == Entity("npc", name) and m.exact and m.score == 100


def test_a_typo_in_a_name_still_finds_the_npc(tavern: Scene) -> None:
    m = SceneIndex.for_scene(tavern).resolve("Gretta")
    assert m is not None and m.entity.name == "Greta" and not m.exact and m.score < 100


def test_something_absent_resolves_to_nothing(tavern: Scene) -> None:
    index = SceneIndex.for_scene(tavern)
    assert index.resolve("the dragon") is None
    assert index.resolve("the castle") is None


def test_articles_possessives_and_counts_are_ignored(tavern: Scene) -> None:
    index = SceneIndex.for_scene(tavern)
    assert resolved(index, "my iron sword") == Entity("inventory", "iron sword", "Aldric")
    assert resolved(index, "his longsword") == Entity("npc_item", "longsword", "Bram")
    assert resolved(index, "gold", {"inventory"}) == Entity("inventory", "12 gold coins", "Aldric")
    assert resolved(index, "some coins", {"inventory"}) == Entity("inventory", "12 gold coins", "Aldric")


def test_a_partial_phrase_finds_the_feature_or_exit(tavern: Scene) -> None:
    index = SceneIndex.for_scene(tavern)
    assert resolved(index, "the door").name == "cellar door"
    assert resolved(index, "the wall").name == "stone walls"
    assert resolved(index, "the market").name == "Market Square"
    assert resolved(index, "the cellar", {"exit"}).name == "Cellar"


def test_kinds_restrict_what_a_phrase_may_mean(tavern: Scene) -> None:
    index = SceneIndex.for_scene(tavern)
    assert resolved(index, "sword", {"inventory"}).name == "iron sword"
    assert resolved(index, "the key", {"npc_item"}) == Entity("npc_item", "cellar key", "Greta")
    assert index.resolve("the key", {"inventory"}) is None


def test_role_synonyms_and_description_nouns_find_the_npc(tavern: Scene) -> None:
    assert resolved(SceneIndex.for_scene(tavern), "the innkeeper") == Entity("npc", "Greta")
    assert resolved(SceneIndex.for_scene(rich_scene()), "the dwarf") == Entity("npc", "Thorin Ironfoot")


def test_every_kind_of_thing_in_a_scene_is_indexed() -> None:
    index = SceneIndex.for_scene(rich_scene())
    expect = {
        "the ship": Entity("location", "The Salty Widow"),
        "the mast": Entity("feature", "main mast", "The Salty Widow"),
        "below deck": Entity("exit", "Below Deck", "The Salty Widow"),
        "Tortuga": Entity("place", "Tortuga"),
        "the rope": Entity("item", "coil of rope", "The Salty Widow"),
        "the compass": Entity("content", "silver compass", "sea chest"),
        "the mares": Entity("creature", "two brown mares"),
        "the bats": Entity("creature", "swarm of bats"),
        "Osric": Entity("party", "Osric"),
        "the paladin": Entity("party", "Osric"),
        "the boarding axe": Entity("npc_item", "boarding axe", "Osric"),
        "my greataxe": Entity("inventory", "Crystal Spike (Greataxe)", "Mara"),
        "a torch": Entity("inventory", "3 torches", "Mara"),
        "sneak attack": Entity("ability", "sneak attack", "Mara"),
    }
    for text, entity in expect.items():
        assert resolved(index, text) == entity, text


def test_the_index_is_built_once_per_scene_content(tavern: Scene) -> None:
    assert SceneIndex.for_scene(tavern) is SceneIndex.for_scene(tavern)
    same = Scene.from_dict(tavern_dict())  # the next turn's scene, unchanged: same index
    assert SceneIndex.for_scene(same) is SceneIndex.for_scene(tavern)
    changed = tavern_dict()
    changed["items"] = [*changed["items"], "brass lantern"]
    assert SceneIndex.for_scene(Scene.from_dict(changed)) is not SceneIndex.for_scene(tavern)


def test_a_scene_that_grew_gets_a_fresh_index(tavern: Scene) -> None:
    first = SceneIndex.for_scene(tavern)
    assert first.resolve("Tobin") is None
    tavern.npcs.append(type(tavern.npcs[0])(name="Tobin", aliases=["merchant"]))
    assert SceneIndex.for_scene(tavern) is not first
    assert resolved(SceneIndex.for_scene(tavern), "the merchant") == Entity("npc", "Tobin")


def test_forget_drops_a_cached_index(tavern: Scene) -> None:
    first = SceneIndex.for_scene(tavern)
    SceneIndex.forget(tavern)
    assert SceneIndex.for_scene(tavern) is not first


def test_an_empty_or_malformed_scene_resolves_nothing_and_never_raises() -> None:
    for raw in ({}, None, [], {"npcs": "Bob", "player": 5, "location": {"features": [None, 3]}}):
        index = SceneIndex.for_scene(Scene.from_dict(raw))
        assert index.resolve("the guard") is None
        assert index.resolve("") is None
        assert index.entities("npc") == []


def test_exit_doors_are_inferred_from_a_door_named_after_the_exit(tavern: Scene) -> None:
    door = SceneIndex.for_scene(tavern).exit_doors.get("Cellar")
    assert door is not None and door.name == "cellar door"


def test_a_thousand_npc_scene_finds_names_and_misses_absent_ones() -> None:
    npcs = [{"name": f"Villager{i:04d}", "aliases": [f"farmer{i:04d}"], "items": ["pitchfork", f"hat{i}"]} for i in range(1000)]
    npcs.append({"name": "Greta", "aliases": ["bartender"]})
    scene = Scene.from_dict({"npcs": npcs, "items": [f"crate{i}" for i in range(1000)]})
    index = SceneIndex.for_scene(scene)
    assert resolved(index, "Villager0500") == Entity("npc", "Villager0500")
    assert resolved(index, "the bartender") == Entity("npc", "Greta")
    assert index.resolve("the dragon") is None
    assert index.resolve("hat77", {"npc_item"}).entity.owner == "Villager0077"


# -- names that share a word are not the same thing -------------------------------------------


def bazaar() -> Scene:
    return Scene.from_dict(
        {
            "location": {
                "name": "Qasr Bazaar",
                "exits": ["Back Alley", "Caravan Gate"],
                "features": [{"name": "back room door", "locked": True, "key": "brass key"}, {"name": "captain's cabin door", "locked": True}],
            },
            "npcs": [
                {"name": "Farouk", "aliases": ["spice merchant", "merchant"], "description": "A merchant of spices and rugs."},
                {"name": "Nadia", "aliases": ["water seller"]},
                {"name": "Nub", "aliases": ["cabin boy"]},
            ],
            "player": {"name": "Iri", "inventory": ["blaster pistol", "quarterstaff"]},
        }
    )


def test_a_different_kind_of_seller_is_not_the_water_seller() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert index.resolve("the carpet seller", ("npc",)) is None
    assert index.resolve("the water seller", ("npc",)).entity.name == "Nadia"


def test_a_modifier_the_npc_description_explains_still_finds_the_npc() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert index.resolve("the rug merchant", ("npc",)).entity.name == "Farouk"
    assert index.resolve("the old merchant", ("npc",)).entity.name == "Farouk"


def test_a_word_of_a_common_noun_alias_does_not_name_the_npc() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert index.resolve("the cabin", ("npc",)) is None
    assert index.resolve("the water", ("npc",)) is None


def test_a_word_of_an_item_name_still_finds_the_item() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert index.resolve("my blaster", ("inventory",)).entity.name == "blaster pistol"


def test_an_exit_is_not_behind_a_door_that_shares_only_a_modifier() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert "Back Alley" not in index.exit_doors


def test_the_room_behind_a_door_is_found_by_its_name() -> None:
    index = SceneIndex.for_scene(bazaar())
    assert index.behind("the back room").name == "back room door"
    assert index.behind("the captain's cabin").name == "captain's cabin door"
    assert index.behind("the alley") is None
