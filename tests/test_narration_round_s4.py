"""Post-validation, from the misses and false alarms left across the narration development sets
(round s4): causes that recur across sets, fixed as principles of language or of the game.

Each cause is proved in a scene and with words no evaluation set uses: a Breton fishing harbour
in 1890 (no magic), with a net loft, a harbourmaster, a net-mender, gulls on the quay, and a
sailor with a short list of gear. Both sides are shown where a rule could overreach.
"""

from __future__ import annotations

from typing import Any

from bot.guard.postvalidate import postvalidate
from bot.world.scene import Scene


def _scene(**over: Any) -> Scene:
    base: dict[str, Any] = {
        "setting": "Breton fishing harbour, 1890",
        "world_rules": ["no magic or supernatural powers", "nothing invented after 1890"],
        "location": {"name": "Concarneau Quay",
                     "description": "A granite quay stacked with sardine baskets and drying "
                                    "nets, tarred hulls bumping below.",
                     "exits": ["Net Loft", "Rue du Port"],
                     "features": [{"name": "harbour wall", "climbable": False},
                                  {"name": "loft door", "locked": True, "key": "loft key"}]},
        "npcs": [{"name": "Yannick Le Goff", "aliases": ["harbourmaster", "Le Goff"],
                  "abilities": ["seamanship"], "items": ["loft key", "tide table", "pipe"]},
                 {"name": "Maïwenn", "aliases": ["net-mender", "the old woman"],
                  "abilities": ["net mending"], "items": ["netting needle", "ball of twine"]}],
        "items": ["sardine baskets", "coil of tarred rope", "lantern"],
        "creatures": ["gulls on the quay"],
        "player": {"name": "Corentin", "class": "sailor", "hp": 14, "max_hp": 14,
                   "inventory": ["clasp knife", "oilskin coat", "tobacco tin", "6 francs"],
                   "abilities": ["knots", "rowing"]},
        "party": [],
    }
    base.update(over)
    return Scene.from_dict(base)


def _blocked(text: str, scene: Scene | None = None) -> list[str]:
    return [f.kind for f in postvalidate(text, scene or _scene(), [], None)
            if f.severity == "block"]


# --- an uttered charm is a spell ----------------------------------------------------------------

def test_a_murmured_charm_is_casting_where_there_is_no_magic() -> None:
    kinds = _blocked("Maïwenn murmurs her grandmother's charm over the torn net, and the "
                     "twine knots itself.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_spoken_healing_words_are_casting() -> None:
    kinds = _blocked("You speak the healing words over Le Goff's cut thumb.")
    assert "impossible_ability" in kinds or "world_rule" in kinds


def test_a_kind_of_persons_curse_is_casting_but_a_plain_curse_is_swearing() -> None:
    kinds = _blocked("Le Goff mutters a sea-witch's curse at the departing boat.")
    assert "impossible_ability" in kinds or "world_rule" in kinds
    assert _blocked("Le Goff mutters a curse at the departing boat.") == []


def test_whispering_to_a_lucky_charm_utters_no_charm() -> None:
    kinds = _blocked("Maïwenn whispers to the lucky charm on her netting needle and sings a "
                     "charming old song.")
    assert "impossible_ability" not in kinds and "world_rule" not in kinds
