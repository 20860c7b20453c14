"""Round s5, actions: an imperative "<any verb> open the <thing>" is an opening of that thing."""

from bot.guard.prevalidate import check_text
from bot.world.scene import Scene

_SCENE = Scene.from_dict({
    "setting": "anywhere",
    "location": {"name": "Yard", "exits": ["Road"], "features": [
        {"name": "iron strongbox", "locked": True, "key": "strongbox key"},
        {"name": "cistern hatch", "locked": True, "key": "wheel key"},
        {"name": "cellar door", "locked": True, "key": "cellar key"}]},
    "player": {"name": "Bo", "class": "scout", "inventory": ["canteen", "knife"]},
})


def _blocked(text: str) -> bool:
    return any(f.severity == "block" for f in check_text(text, _SCENE)[1])


def test_an_unknown_verb_before_open_opens_a_locked_thing() -> None:
    for text in ("pop open the strongbox and see whats inside", "crank open the cistern hatch",
                 "twist open the cistern hatch", "ease open the cellar door"):
        assert _blocked(text), text


def test_forcing_open_stays_an_attempt_and_held_things_open_freely() -> None:
    assert not _blocked("kick open the cellar door")
    assert not _blocked("pry open the strongbox with my knife")
    assert not _blocked("flip open my canteen")
