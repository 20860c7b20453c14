"""Source of ``narration_holdout.jsonl``: a second narration set, written after the validators
worked on ``narration_extra.jsonl`` and scored once before any tuning, to measure how they
generalise to scenes, names and phrasings they were not developed on. Run
``python tests/eval/build_narration_holdout.py`` to regenerate the JSONL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

GLADE = {
    "setting": "high fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only druids, wizards and clerics can cast spells"],
    "location": {
        "name": "Moonwell Glade",
        "description": "Silver birches ring a still pool that mirrors the moon; fireflies drift "
                       "over ferns and a mossy standing stone.",
        "exits": ["Old Forest Road", "Thornwood"],
        "features": [{"name": "standing stone", "climbable": False},
                     {"name": "great oak", "aliases": ["oak", "tree"], "climbable": True}],
    },
    "npcs": [
        {"name": "Elowen", "aliases": ["druid", "keeper of the well"],
         "abilities": ["entangle", "speak with animals", "moonbeam"],
         "items": ["gnarled staff", "sprig of mistletoe"]},
        {"name": "Tam Reedfoot", "aliases": ["halfling", "poacher"], "abilities": [],
         "items": ["sling", "snare wire", "rabbit pelt"]},
    ],
    "items": ["fallen branch", "clay bowl", "bundle of herbs"],
    "creatures": ["a white stag", "three red foxes"],
    "player": {"name": "Rook", "class": "ranger", "hp": 26, "max_hp": 26,
               "inventory": ["longbow", "quiver of arrows", "hunting knife", "cloak", "9 gold coins"],
               "abilities": ["hunter's mark", "track"]},
    "party": [{"name": "Sabine", "class": "wizard", "hp": 14, "max_hp": 14,
               "inventory": ["spellbook", "wand of sparks"], "abilities": ["magic missile", "shield"]}],
}

FORGE = {
    "setting": "medieval fantasy city",
    "world_rules": ["no firearms, gunpowder or modern technology"],
    "location": {
        "name": "Harrowgate Smithy",
        "description": "A roaring forge, an anvil scarred by decades of hammering, racks of "
                       "tongs and a quenching trough hissing with steam.",
        "exits": ["Tanner's Row", "Back Yard"],
        "features": [{"name": "chimney", "climbable": False},
                     {"name": "storeroom door", "locked": True, "key": "iron key"}],
    },
    "npcs": [
        {"name": "Brunhild", "aliases": ["smith", "blacksmith"], "abilities": ["hammer blow"],
         "items": ["smithing hammer", "leather apron", "iron key"]},
        {"name": "Osric", "aliases": ["apprentice", "boy"], "abilities": [],
         "items": ["bellows", "broom"]},
    ],
    "items": ["half-finished sword", "bucket of coal", "horseshoes"],
    "creatures": ["a sleeping mastiff"],
    "player": {"name": "Ysolde", "class": "paladin", "hp": 28, "max_hp": 28,
               "inventory": ["warhammer", "kite shield", "holy symbol", "20 gold coins"],
               "abilities": ["lay on hands", "divine smite"]},
    "party": [],
}

SALOON = {
    "setting": "wild west frontier",
    "world_rules": ["no magic", "no technology invented after 1880"],
    "location": {
        "name": "Last Chance Saloon",
        "description": "Sawdust on the floor, a piano in the corner, a long mahogany bar and "
                       "swinging doors onto Main Street.",
        "exits": ["Main Street", "Upstairs Rooms"],
        "features": [{"name": "swinging doors"},
                     {"name": "back office door", "locked": True, "key": "brass key"}],
    },
    "npcs": [
        {"name": "Dolores", "aliases": ["bartender", "barkeep"], "abilities": [],
         "items": ["shotgun", "bar rag", "brass key"]},
        {"name": "Jebediah Crane", "aliases": ["gambler", "card sharp"], "abilities": ["bluff"],
         "items": ["deck of cards", "derringer", "pocket watch"]},
    ],
    "items": ["whiskey bottle", "shot glasses", "spittoon"],
    "creatures": [],
    "player": {"name": "Cole", "class": "gunslinger", "hp": 20, "max_hp": 20,
               "inventory": ["revolver", "six bullets", "bandana", "15 dollars"],
               "abilities": ["quick draw", "fan the hammer"]},
    "party": [],
}

STATION = {
    "setting": "hard science fiction space station",
    "world_rules": ["no magic or psychic powers", "no faster-than-light teleportation"],
    "location": {
        "name": "Hydroponics Bay 3",
        "description": "Racks of lettuce under violet grow-lamps, humming pumps and a "
                       "maintenance hatch set into the deck.",
        "exits": ["Central Corridor", "Airlock B"],
        "features": [{"name": "maintenance hatch", "locked": True, "key": "engineering keycard"},
                     {"name": "bulkhead", "climbable": False}],
    },
    "npcs": [
        {"name": "Dr. Anika Osei", "aliases": ["botanist", "doctor"], "abilities": ["diagnose"],
         "items": ["datapad", "pruning shears", "engineering keycard"]},
        {"name": "K-7", "aliases": ["maintenance drone", "drone"], "abilities": ["weld"],
         "items": ["welding torch"]},
    ],
    "items": ["nutrient canister", "spare filter", "toolkit"],
    "creatures": [],
    "player": {"name": "Vasquez", "class": "security officer", "hp": 24, "max_hp": 24,
               "inventory": ["stun baton", "sidearm", "comm badge", "40 credits"],
               "abilities": ["takedown", "first aid"]},
    "party": [],
}

Case = tuple[str, str, dict[str, Any] | None, str, list[str] | None]

GLADE_CASES: list[Case] = [
    ("ok01", "I look around", None,
     "Moonlight silvers the pool. The white stag lifts its head, water dripping from its muzzle, "
     "and the foxes slip between the ferns.", None),
    ("ok02", "I ask Elowen about the well", None,
     "Elowen leans on her gnarled staff. \"The well remembers every face,\" she murmurs.", None),
    ("ok03", "I ask Elowen to bind the poacher", None,
     "Elowen whispers to the earth and roots coil up around Tam's ankles, holding him fast.", None),
    ("ok04", "I shoot at the fox", {"success": False, "roll": 5},
     "Your arrow hisses past the fox and thunks into the great oak.", None),
    ("ok05", "I ask Sabine to attack", None,
     "Sabine levels her wand of sparks and three glowing darts streak toward the poacher.", None),
    ("ok06", "I climb the oak", None,
     "You climb the great oak, bark rough under your palms, and settle on a broad branch.", None),
    ("ok07", "I ask Tam what he is doing here", None,
     "Tam twirls his sling nervously and claims his grandmother once saw a unicorn drink from "
     "this very pool.", None),
    ("ok08", "I stab Tam", {"success": True, "roll": 16, "damage": 4},
     "Your hunting knife catches Tam across the forearm for four damage and he yelps.", None),
    ("ok09", "I wait", None,
     "A breeze stirs the birches and fireflies wink on and off above the ferns.", None),
    ("ok10", "I head for the road", None,
     "You shoulder your longbow and follow the path back toward the Old Forest Road.", None),
    ("v01", "I look around", None,
     "A silver-scaled dragon uncoils from behind the standing stone, eyes blazing.",
     ["invented_creature"]),
    ("v02", "I look at the foxes", None,
     "All five foxes sit in a neat row and watch you.", ["invented_creature"]),
    ("v03", "I call out", None,
     "Lady Morwen of the Silver Court rides into the glade on a pale horse.",
     ["absent_npc", "invented_creature"]),
    ("v04", "I attack Tam", None,
     "You draw a gleaming rapier and press its point to Tam's throat.", ["invented_item"]),
    ("v05", "I use hunter's mark", None,
     "You raise your hand and a crackling bolt of lightning arcs into Tam's chest.",
     ["impossible_ability"]),
    ("v06", "I climb the standing stone", None,
     "You clamber up the standing stone and stand triumphantly on its peak.", ["physics"]),
    ("v07", "I go deeper", None,
     "You walk on and reach the ruined elven city of Sil'vanar, its towers pale in the dusk.",
     ["invented_location"]),
    ("v08", "I stab Tam", {"success": False, "roll": 2},
     "Your hunting knife sinks into Tam's shoulder and he drops his sling with a cry.",
     ["outcome_mismatch"]),
    ("v09", "I stab Tam", {"success": True, "roll": 18, "damage": 4},
     "Your hunting knife opens a gash on Tam's arm for ten damage.", ["outcome_mismatch"]),
    ("v10", "I search the herbs", None,
     "Among the bundle of herbs you discover a golden amulet set with a ruby.",
     ["invented_item"]),
    ("v11", "I ask Tam to help", None,
     "Tam snaps his fingers and vanishes, reappearing on the far bank of the pool.",
     ["physics", "impossible_ability"]),
    ("v12", "I look around", None,
     "A hooded ranger steps from between the birches, an arrow already nocked.", ["absent_npc"]),
]

FORGE_CASES: list[Case] = [
    ("ok01", "I watch the smith", None,
     "Brunhild brings her smithing hammer down on the glowing bar; sparks shower across the "
     "anvil.", None),
    ("ok02", "I ask Osric to work the bellows", None,
     "Osric pumps the bellows and the forge roars brighter, heat rolling over you.", None),
    ("ok03", "I pet the dog", None,
     "The mastiff opens one eye, thumps its tail twice and goes back to sleep.", None),
    ("ok04", "I heal Osric", None,
     "You lay your hands on Osric's burned wrist; a gentle warmth spreads and the blisters fade.",
     None),
    ("ok05", "I pay for the horseshoes", {"success": True, "gold": 6},
     "You count six gold coins onto the anvil and Brunhild sweeps them into her apron.", None),
    ("ok06", "I ask Brunhild to open the storeroom", None,
     "Brunhild unhooks the iron key from her belt and unlocks the storeroom door.", None),
    ("ok07", "I try to climb the chimney", None,
     "You get a boot onto the chimney's sooty bricks but slip straight back down, coughing.",
     None),
    ("ok08", "I ask Brunhild about her work", None,
     "Brunhild tells you she once forged a blade for a king who never paid her.", None),
    ("ok09", "I attack the training dummy with my warhammer", {"success": True, "roll": 14,
                                                               "damage": 8},
     "Your warhammer smashes into the straw dummy for 8 damage, scattering straw.", None),
    ("ok10", "I look around", None,
     "Steam hisses from the quenching trough and the racks of tongs rattle as a cart rumbles "
     "past outside.", None),
    ("v01", "I wait", None,
     "The city watch captain, Aldous Varr, ducks through the doorway and demands your papers.",
     ["absent_npc"]),
    ("v02", "I look around", None,
     "A fire salamander crawls out of the forge and curls up on the anvil.",
     ["invented_creature"]),
    ("v03", "I ask Osric for help", None,
     "Osric points at the forge and the flames leap out of it at his command.",
     ["impossible_ability"]),
    ("v04", "I buy a sword", None,
     "Brunhild hands you a finished longsword with an ivory grip.", ["invented_item"]),
    ("v05", "I look for the key", None,
     "You pull the storeroom door open and step inside among the barrels of iron ingots.",
     ["physics"]),
    ("v06", "I leave", None,
     "You step out the back and arrive at the city's grand cathedral.", ["invented_location"]),
    ("v07", "I pay for the horseshoes", {"success": True, "gold": 6},
     "You count nine gold coins onto the anvil and Brunhild pockets them.", ["outcome_mismatch"]),
    ("v08", "I attack the dummy", {"success": False, "roll": 3},
     "Your warhammer crushes the dummy's head and it topples to the floor.", ["outcome_mismatch"]),
    ("v09", "I look around", None,
     "Osric winds the crank of a steam engine and the trip hammer starts pounding.",
     ["world_rule", "invented_item"]),
    ("v10", "I wait", None,
     "Two city guards burst in through the door, pikes levelled.", ["absent_npc"]),
    ("v11", "I ask Brunhild about the chimney", None,
     "Brunhild scrambles up the chimney and waves to you from the roof.", ["physics"]),
]

SALOON_CASES: list[Case] = [
    ("ok01", "I order a whiskey", None,
     "Dolores pours a finger of whiskey into a shot glass and slides it down the bar.", None),
    ("ok02", "I watch the gambler", None,
     "Jebediah shuffles his deck of cards with a flourish and checks his pocket watch.", None),
    ("ok03", "I shoot the gambler", {"success": True, "roll": 17, "damage": 6},
     "Your revolver barks and Jebediah spins, clutching his shoulder as the bullet takes him for "
     "6 damage.", None),
    ("ok04", "I shoot the gambler", {"success": False, "roll": 4},
     "Your shot goes wide and shatters a bottle behind the bar; Jebediah ducks behind a table.",
     None),
    ("ok05", "I look around", None,
     "Someone plinks at the piano and a pair of cowhands laugh over their cards.", None),
    ("ok06", "I ask Dolores about the town", None,
     "Dolores wipes the bar with her bar rag. \"Sheriff Haines got himself shot last spring,\" "
     "she says.", None),
    ("ok07", "I pay for a room", {"success": True, "gold": 2},
     "You slap 2 dollars on the bar and Dolores nods toward the stairs.", None),
    ("ok08", "I head upstairs", None,
     "You climb the creaking stairs to the Upstairs Rooms.", None),
    ("ok09", "I quick draw on Jebediah", None,
     "Your hand blurs and your revolver is out before Jebediah can reach for his derringer.",
     None),
    ("v01", "I order a whiskey", None,
     "Dolores pours you a whiskey and checks her cell phone.", ["world_rule", "invented_item"]),
    ("v02", "I watch the gambler", None,
     "Jebediah mutters a spell and the cards float up into a spinning ring.",
     ["impossible_ability", "world_rule"]),
    ("v03", "I wait", None,
     "Wyatt Earp pushes through the swinging doors and orders a sarsaparilla.", ["absent_npc"]),
    ("v04", "I shoot the gambler", {"success": True, "roll": 15, "damage": 6},
     "Your bullet punches into Jebediah's leg for twelve damage.", ["outcome_mismatch"]),
    ("v05", "I shoot the gambler", {"success": True, "roll": 19, "damage": 6},
     "Jebediah dives aside and your shot misses by a mile.", ["outcome_mismatch"]),
    ("v06", "I look around", None,
     "A rattlesnake slithers out from under the piano.", ["invented_creature"]),
    ("v07", "I draw on Jebediah", None,
     "You pull a second revolver from your boot and cover the whole room.", ["invented_item"]),
    ("v08", "I go out back", None,
     "You walk through the locked back office door and find the safe.", ["physics"]),
    ("v09", "I leave town", None,
     "You push through the swinging doors and find yourself at the Silver Creek mine.",
     ["invented_location"]),
    ("v10", "I ask Dolores for help", None,
     "Dolores tosses you a stick of dynamite from under the bar.", ["invented_item"]),
]

STATION_CASES: list[Case] = [
    ("ok01", "I ask the doctor about the plants", None,
     "Dr. Osei taps her datapad and frowns at the nutrient readings.", None),
    ("ok02", "I ask K-7 to fix the pump", None,
     "K-7 extends its welding torch and seals the leaking joint in a shower of sparks.", None),
    ("ok03", "I stun the intruder", None,
     "You thumb your stun baton to life; it crackles with blue arcs.", None),
    ("ok04", "I ask the doctor to open the hatch", None,
     "Dr. Osei swipes her engineering keycard and the maintenance hatch slides open.", None),
    ("ok05", "I look around", None,
     "Grow-lamps hum overhead and condensation beads on the racks of lettuce.", None),
    ("ok06", "I pay the doctor", {"success": True, "gold": 10},
     "You transfer 10 credits from your comm badge and Dr. Osei nods.", None),
    ("ok07", "I draw my sidearm", None,
     "You draw your sidearm and sweep the bay, but nothing moves except the pumps.", None),
    ("v01", "I ask the doctor about the plants", None,
     "Dr. Osei closes her eyes and reads your thoughts, smiling at what she finds.",
     ["impossible_ability", "world_rule"]),
    ("v02", "I go to the corridor", None,
     "You teleport straight to the bridge in a flash of light.",
     ["physics", "invented_location", "world_rule"]),
    ("v03", "I look around", None,
     "Captain Reyes strides in from the Central Corridor, barking orders.", ["absent_npc"]),
    ("v04", "I look around", None,
     "A swarm of space rats pours out of the maintenance hatch.", ["invented_creature"]),
    ("v05", "I open the hatch", None,
     "You pry the maintenance hatch open with your bare hands and climb inside.", ["physics"]),
    ("v06", "I draw a weapon", None,
     "You unholster a plasma rifle and level it at K-7.", ["invented_item"]),
    ("v07", "I pay the doctor", {"success": True, "gold": 10},
     "You transfer 25 credits and Dr. Osei nods.", ["outcome_mismatch"]),
    ("v08", "I walk through the bulkhead", None,
     "You walk straight through the bulkhead and into the Central Corridor.", ["physics"]),
]

SETS = [("glade", GLADE, GLADE_CASES), ("forge", FORGE, FORGE_CASES),
        ("saloon", SALOON, SALOON_CASES), ("station", STATION, STATION_CASES)]


def cases() -> list[dict[str, Any]]:
    out = []
    for prefix, scene, rows in SETS:
        for suffix, action, outcome, narration, kinds in rows:
            case: dict[str, Any] = {"id": f"{prefix}-{suffix}", "scene": scene, "action": action}
            if outcome is not None:
                case["outcome"] = outcome
            case["narration"] = narration
            case["expect"] = "ok" if kinds is None else "violation"
            if kinds:
                case["kinds"] = kinds
            out.append(case)
    return out


def main() -> None:
    path = Path(__file__).with_name("narration_holdout.jsonl")
    with path.open("w", encoding="utf-8") as fh:
        for case in cases():
            fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases())} cases to {path}")


if __name__ == "__main__":
    main()
