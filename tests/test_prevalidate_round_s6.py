"""Round s6, actions: a sum counted inside the container the sheet names ("pouch of 12 crowns")
is what the purse holds; laying out more than that is blocked."""

from bot.guard.prevalidate import check_text
from bot.world.scene import Scene


def _scene(purse: str) -> Scene:
    return Scene.from_dict({
        "setting": "anywhere",
        "location": {"name": "Toll Bridge", "exits": ["Mill Lane"]},
        "npcs": [{"name": "Hedda", "aliases": ["tollkeeper"], "items": ["ledger"]}],
        "player": {"name": "Bo", "class": "pedlar", "inventory": ["walking staff", purse]},
    })


def _blocked(text: str, purse: str) -> bool:
    return any(f.severity == "block" for f in check_text(text, _scene(purse))[1])


def test_a_sum_beyond_a_counted_container_is_blocked() -> None:
    for purse in ("pouch of 12 crowns", "a leather purse with 12 crowns", "roll of 12 dollars"):
        money = purse.split()[-1]
        assert _blocked(f"pay the tollkeeper 40 {money}", purse), purse
        assert _blocked(f"hand hedda twenty {money}", purse), purse


def test_a_sum_within_a_counted_container_is_allowed() -> None:
    for purse in ("pouch of 12 crowns", "a leather purse with 12 crowns"):
        assert not _blocked("pay the tollkeeper 10 crowns", purse), purse
        assert not _blocked("give hedda five crowns", purse), purse
