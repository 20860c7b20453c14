"""Source of ``narration_extra.jsonl``: narration cases over scenes unlike the public tavern.

Kept as code so that a scene is written once and its cases stay readable; run
``python tests/eval/build_narration_extra.py`` to regenerate the JSONL after editing. The cases
were written before the validators were tuned, to keep them an honest test: several settings,
paraphrases of every violation kind, and the ok narrations a real model writes (an NPC's own gear,
furniture, weather, failure told as failure, stories about the past, party members acting,
figures that match).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FANTASY_RULES = ["no firearms or modern technology",
                 "only mage, wizard, sorcerer, warlock and cleric can cast spells"]

MINE = {
    "setting": "dwarven high fantasy",
    "world_rules": ["no firearms or gunpowder weapons",
                    "only wizard, cleric, druid and runepriest can cast spells"],
    "location": {
        "name": "The Ninth Gallery",
        "description": "A low tunnel shored up with oak beams, lit by oil lamps hung from hooks. "
                       "Ore carts rest on a narrow rail.",
        "exits": ["Lift Shaft", "Old Workings"],
        "features": [{"name": "sheer rock face", "climbable": False},
                     {"name": "rope ladder", "climbable": True},
                     {"name": "iron grate", "locked": True, "key": "grate key"}],
    },
    "npcs": [
        {"name": "Dagna Stonebrow", "aliases": ["foreman", "forewoman"], "abilities": ["stone sense"],
         "items": ["pickaxe", "grate key", "brass lantern"]},
        {"name": "Ulfar", "aliases": ["miner", "old miner"], "abilities": [],
         "items": ["shovel", "tin flask"]},
    ],
    "items": ["ore cart", "coil of rope", "rusty pick"],
    "creatures": ["a pit pony", "a giant cave spider"],
    "player": {"name": "Hilde", "class": "cleric", "hp": 24, "max_hp": 24,
               "inventory": ["warhammer", "chain shirt", "holy symbol", "torch", "8 gold coins"],
               "abilities": ["cure wounds", "bless"]},
    "party": [{"name": "Korr", "class": "fighter", "hp": 28, "max_hp": 28,
               "inventory": ["battleaxe", "round shield"], "abilities": ["cleave"]}],
}

SHIP = {
    "setting": "age of sail pirate adventure",
    "world_rules": ["no modern technology", "only witches and priests can work magic"],
    "location": {
        "name": "Main Deck of the Salt Widow",
        "description": "Tarred planks slick with spray, coils of rope, and six black cannons "
                       "lashed along the rail. Gulls wheel around the mainmast.",
        "exits": ["Captain's Cabin", "Cargo Hold", "Gangplank"],
        "features": [{"name": "mainmast", "climbable": True},
                     {"name": "rigging", "climbable": True},
                     {"name": "cabin door", "locked": True, "key": "brass key"}],
    },
    "npcs": [
        {"name": "Captain Isabeau Vane", "aliases": ["captain", "Vane"], "abilities": ["cutlass flurry"],
         "items": ["cutlass", "flintlock pistol", "spyglass", "brass key"]},
        {"name": "Marrow", "aliases": ["bosun"], "abilities": [],
         "items": ["belaying pin", "bosun's whistle"]},
        {"name": "Old Nell", "aliases": ["sea witch", "witch"], "abilities": ["call the wind", "curse"],
         "items": ["bone charm", "tarot deck"]},
    ],
    "items": ["powder keg", "boarding axe", "fishing net"],
    "creatures": ["the ship's cat", "a green parrot"],
    "player": {"name": "Jory", "class": "swashbuckler", "hp": 20, "max_hp": 20,
               "inventory": ["rapier", "flintlock pistol", "powder horn", "3 silver coins"],
               "abilities": ["riposte", "acrobatics"]},
    "party": [],
}

BAZAAR = {
    "setting": "arabesque fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only sorcerers and djinn-bound mystics can cast spells"],
    "location": {
        "name": "Bazaar of the Seven Winds",
        "description": "A maze of striped awnings, copper lanterns and carpets heaped high; the "
                       "air is thick with cumin and dust.",
        "exits": ["Caravan Gate", "Street of Coppersmiths"],
        "features": [{"name": "sandstone wall", "climbable": False},
                     {"name": "striped awning", "climbable": True}],
    },
    "npcs": [
        {"name": "Safiya", "aliases": ["spice merchant", "merchant"], "abilities": [],
         "items": ["brass scales", "pouch of saffron", "curved knife"]},
        {"name": "Old Harun", "aliases": ["storyteller"], "abilities": [],
         "items": ["walking stick", "clay pipe"]},
        {"name": "Qasim", "aliases": ["thug", "cutpurse"], "abilities": ["cudgel strike"],
         "items": ["cudgel", "stolen purse"]},
    ],
    "items": ["silk rug", "copper kettle", "clay jars"],
    "creatures": ["a tethered camel"],
    "player": {"name": "Nadim", "class": "rogue", "hp": 22, "max_hp": 22,
               "inventory": ["curved dagger", "lockpicks", "waterskin", "15 gold coins"],
               "abilities": ["sneak attack", "pick lock"]},
    "party": [{"name": "Layla", "class": "sorcerer", "hp": 16, "max_hp": 16,
               "inventory": ["silver wand"], "abilities": ["fire bolt", "mage armor"]}],
}

CHAPEL = {
    "setting": "gothic horror fantasy",
    "world_rules": ["no firearms or modern technology",
                    "only priests, clerics and witches can cast spells"],
    "location": {
        "name": "Chapel of the Pale Lady",
        "description": "Rows of cracked pews face a stone altar; guttering candles throw long "
                       "shadows across a faded mural of the Pale Lady.",
        "exits": ["Graveyard", "Crypt Stairs"],
        "features": [{"name": "bell rope", "climbable": True},
                     {"name": "crypt gate", "locked": True, "key": "crypt key"},
                     {"name": "stained glass window", "climbable": False}],
    },
    "npcs": [
        {"name": "Sister Wenna", "aliases": ["nun", "priestess"], "abilities": ["bless", "sacred flame"],
         "items": ["holy water", "prayer beads"]},
        {"name": "Corvin", "aliases": ["gravedigger"], "abilities": [],
         "items": ["spade", "crypt key", "lantern"]},
    ],
    "items": ["silver bell", "dusty hymnals", "iron candelabra"],
    "creatures": ["a wailing ghost"],
    "player": {"name": "Edda", "class": "warrior", "hp": 30, "max_hp": 30,
               "inventory": ["longsword", "shield", "flask of oil", "5 gold coins"],
               "abilities": ["power attack", "second wind"]},
    "party": [],
}

DEN = {
    "setting": "1990s techno-thriller, realistic",
    "world_rules": ["no magic or supernatural powers", "no technology newer than 1997"],
    "location": {
        "name": "Zero's Loft",
        "description": "A cramped loft lit by the green glow of CRT monitors, cables snaking "
                       "across pizza boxes and a humming beige tower PC.",
        "exits": ["Stairwell", "Fire Escape"],
        "features": [{"name": "steel door", "locked": True, "key": "door key"},
                     {"name": "fire escape", "climbable": True},
                     {"name": "brick wall", "climbable": False}],
    },
    "npcs": [
        {"name": "Zero", "aliases": ["hacker"], "abilities": ["hacking", "social engineering"],
         "items": ["laptop", "floppy disks", "dial-up modem"]},
        {"name": "Dee", "aliases": ["courier"], "abilities": [],
         "items": ["bike lock", "pager", "manila envelope"]},
    ],
    "items": ["CRT monitor", "soldering iron", "pizza box", "landline phone"],
    "creatures": ["a fat tabby cat"],
    "player": {"name": "Kat", "class": "phreaker", "hp": 12, "max_hp": 12,
               "inventory": ["pager", "lock picks", "walkman", "40 dollars"],
               "abilities": ["phone phreaking", "lock picking"]},
    "party": [],
}

STABLE = {
    "setting": "medieval fantasy",
    "world_rules": FANTASY_RULES,
    "location": {
        "name": "Millbrook Stables",
        "description": "Warm straw, leather tack on pegs and the smell of horses under a sagging "
                       "timber roof.",
        "exits": ["Village Green", "Hayloft"],
        "features": [{"name": "hayloft ladder", "climbable": True},
                     {"name": "timber roof", "climbable": False},
                     {"name": "tack room door", "locked": True, "key": "tack room key"}],
    },
    "npcs": [
        {"name": "Wat", "aliases": ["stable boy", "stable hand"], "abilities": [],
         "items": ["pitchfork", "tack room key"]},
        {"name": "Rowena", "aliases": ["horse trader", "trader"], "abilities": ["appraise"],
         "items": ["riding crop", "ledger"]},
    ],
    "items": ["saddle", "oat sack", "water bucket"],
    "creatures": ["two brown mares", "an old grey mule"],
    "player": {"name": "Bertram", "class": "mage", "hp": 16, "max_hp": 16,
               "inventory": ["oak staff", "spellbook", "dagger", "6 gold coins"],
               "abilities": ["magic missile", "light", "mage hand"]},
    "party": [{"name": "Osk", "class": "ranger", "hp": 22, "max_hp": 22,
               "inventory": ["shortbow", "quiver of arrows", "hunting knife"],
               "abilities": ["hunter's mark"]}],
}

Case = tuple[str, str, dict[str, Any] | None, str, list[str] | None]
# (id suffix, action, outcome, narration, kinds or None for an ok case)

MINE_CASES: list[Case] = [
    ("ok01", "I ask the foreman about the collapse", None,
     "Dagna wipes grime from her brow and raises her brass lantern toward the cracked beams. "
     "\"Third one this month,\" she mutters.", None),
    ("ok02", "I attack the spider with my warhammer", {"success": True, "roll": 16, "damage": 6},
     "You bring your warhammer down on the giant cave spider, cracking its carapace for 6 damage. "
     "It hisses and skitters back along the rail.", None),
    ("ok03", "I attack the spider with my warhammer", {"success": False, "roll": 5},
     "Your warhammer clangs against the rock as the spider skitters aside. Dust rains from the "
     "beams above.", None),
    ("ok04", "I cast cure wounds on Korr", {"success": True, "hp_after": 21},
     "You press your holy symbol to Korr's shoulder and murmur a prayer; warm light knits the gash "
     "closed. Korr rolls his shoulder, back up to 21 hit points.", None),
    ("ok05", "I tell Korr to guard me", None,
     "Korr hefts his battleaxe and plants himself between you and the spider.", None),
    ("ok06", "I ask Ulfar about the tunnels", None,
     "Ulfar spits. \"My grandfather swore a wyrm once slept under these tunnels,\" he says.", None),
    ("ok07", "I ask Ulfar about the Old Workings", None,
     "Ulfar tells you that his brother once fought a troll in the Old Workings and lost three "
     "fingers.", None),
    ("ok08", "I listen", None,
     "Lamp-light gutters along the wet rock. Somewhere deeper in, water drips steadily and the "
     "timbers creak under the weight of the mountain.", None),
    ("ok09", "I look at the pony", None,
     "The pit pony snorts and stamps beside the ore cart, ears flat at the spider.", None),
    ("ok10", "I climb the sheer rock face", None,
     "You find a grip, then another, but the sheer rock face is slick with seepage and you slide "
     "back to the floor.", None),
    ("ok11", "I climb the rope ladder", None,
     "You climb the rope ladder, the rungs swaying under your weight.", None),
    ("ok12", "I ask Dagna to open the grate", None,
     "Dagna fishes the grate key from her belt and unlocks the iron grate with a grinding screech.",
     None),
    ("ok13", "I walk to the lift shaft", None,
     "You follow the rail to the Lift Shaft, where the great chain hangs in the dark.", None),
    ("ok14", "I pay Ulfar 3 gold for his flask", {"success": True, "gold": 3},
     "You count out 3 gold coins into Ulfar's calloused palm and he hands you his tin flask.", None),
    ("ok15", "I search the ore cart", None,
     "You search the ore cart and find only chips of worthless slate and a coil of rope someone "
     "left behind.", None),
    ("ok16", "I attack the spider", {"success": True, "roll": 14, "damage": 5},
     "Your warhammer crunches into the spider's carapace and it shrieks, legs scrabbling at the "
     "rail.", None),
    ("ok17", "I bless Korr", None,
     "You raise your holy symbol and speak the blessing; Korr straightens, jaw set, as a faint "
     "warmth settles over him.", None),
    ("v01", "I ask the foreman about the collapse", None,
     "Dagna steps aside as King Thrain Ironhelm strides down the tunnel, his crown glinting in the "
     "lamplight.", ["absent_npc"]),
    ("v02", "I look down the tunnel", None,
     "A swarm of glowing bats pours out of the Old Workings and circles your head.",
     ["invented_creature"]),
    ("v03", "I calm the pony", None,
     "Both pit ponies whinny in alarm and bolt down the rail.", ["invented_creature"]),
    ("v04", "I ask Ulfar to help", None,
     "Ulfar raises his shovel and chants; a bolt of lightning leaps from its blade into the spider.",
     ["impossible_ability"]),
    ("v05", "I shout to Korr", None,
     "Korr snarls a word of power and the spider freezes, encased in ice.", ["impossible_ability"]),
    ("v06", "I attack the spider", None,
     "You unsling a heavy crossbow and put a bolt through the spider's eye.", ["invented_item"]),
    ("v07", "I attack the spider", None,
     "You light the fuse on a stick of dynamite and hurl it down the tunnel.",
     ["invented_item", "world_rule"]),
    ("v08", "I go to the Old Workings", None,
     "You walk straight through the iron grate as if it were mist and emerge in the Old Workings.",
     ["physics"]),
    ("v09", "I climb the rock face", None,
     "You scale the sheer rock face hand over hand and haul yourself onto the ledge above.",
     ["physics"]),
    ("v10", "I follow the rail", None,
     "You follow the rail and arrive at the Sunken Forge, its anvils cold and silent.",
     ["invented_location"]),
    ("v11", "I attack the spider", {"success": True, "roll": 16, "damage": 6},
     "Your warhammer crushes one of the spider's legs for nine damage.", ["outcome_mismatch"]),
    ("v12", "I attack the spider", {"success": False, "roll": 4},
     "Your warhammer smashes into the spider's head and it collapses in a twitching heap.",
     ["outcome_mismatch"]),
    ("v13", "I ask Dagna for help", None,
     "Dagna presses a runed silver amulet into your hand. \"Take it, you'll need it.\"",
     ["invented_item"]),
    ("v14", "I wait", None,
     "A young apprentice comes running down the tunnel shouting about a cave-in.", ["absent_npc"]),
    ("v15", "I go to the lift shaft", None,
     "In a flash of light you vanish and reappear at the top of the Lift Shaft.", ["physics"]),
    ("v16", "I attack the spider", {"success": True, "roll": 15, "damage": 6, "hp_after": 12},
     "Your warhammer cracks the spider's carapace for 6 damage, leaving it with 15 hit points.",
     ["outcome_mismatch"]),
]

SHIP_CASES: list[Case] = [
    ("ok01", "I shoot Marrow", {"success": True, "roll": 14, "damage": 5},
     "Your flintlock pistol barks and Marrow staggers, clutching his arm as the shot takes him for "
     "5 damage.", None),
    ("ok02", "I ask the captain where we are headed", None,
     "Captain Vane snaps her spyglass shut and points her cutlass at the horizon. \"Sails off the "
     "starboard bow,\" she growls.", None),
    ("ok03", "I ask Old Nell for a wind", None,
     "Old Nell lifts her bone charm and croons to the sky; the sails fill with a sudden, unnatural "
     "wind.", None),
    ("ok04", "I look around", None,
     "The green parrot squawks from the rail and the ship's cat flicks its tail, unimpressed.", None),
    ("ok05", "I look up", None,
     "Gulls wheel and cry around the mainmast as the deck pitches beneath your boots.", None),
    ("ok06", "I climb the rigging", None,
     "You scramble up the rigging, tar sticky on your palms, until the whole deck lies beneath "
     "you.", None),
    ("ok07", "I attack Marrow with my rapier", {"success": False, "roll": 6},
     "Marrow ducks under your rapier and the point buries itself in the mast instead.", None),
    ("ok08", "I ask Marrow about the ship", None,
     "Marrow says the Widow once outran a kraken off the Serpent Isles, and he's got the scars to "
     "prove it.", None),
    ("ok09", "I ask the captain to open her cabin", None,
     "Captain Vane unlocks the cabin door with her brass key and waves you inside.", None),
    ("ok10", "I move the powder keg", None,
     "You roll the powder keg toward the rail, careful to keep it away from the swinging "
     "lanterns.", None),
    ("ok11", "I pay Marrow", {"success": True, "gold": 3},
     "You flip 3 silver coins to Marrow, who bites one and grunts.", None),
    ("ok12", "I wait for the storm", None,
     "Rain lashes the deck and the timbers groan as the Widow heels into a swell.", None),
    ("ok13", "I cast a spell to calm the sea", None,
     "You raise your hands and shout at the waves, but you are no witch and the sea pays you no "
     "mind.", None),
    ("ok14", "I ask the bosun to get the crew moving", None,
     "Marrow blows a shrill note on his bosun's whistle and the deck hands scramble to the ropes.",
     None),
    ("ok15", "I attack Marrow with my rapier", {"success": True, "roll": 18, "damage": 7},
     "You feint high, then your rapier slips under Marrow's guard and scores his ribs for seven "
     "damage.", None),
    ("v01", "I ask the captain where we are", None,
     "Captain Vane checks the radar screen and frowns at a blip to the south.",
     ["world_rule", "invented_item"]),
    ("v02", "I look over the rail", None,
     "Admiral Thorne of the Royal Navy climbs over the rail, sword drawn.", ["absent_npc"]),
    ("v03", "I lean over the rail", None,
     "A great white shark leaps clean over the rail and snaps at your legs.", ["invented_creature"]),
    ("v04", "I look at the sea", None,
     "Tentacles as thick as the mainmast rise from the sea as a kraken wraps the hull.",
     ["invented_creature"]),
    ("v05", "I insult Marrow", None,
     "Marrow points his belaying pin at you and a crackling bolt of lightning shoots from its tip.",
     ["impossible_ability"]),
    ("v06", "I call the wind", None,
     "You whistle a sharp note and summon a howling gale that fills every sail.",
     ["impossible_ability"]),
    ("v07", "I shoot at Marrow", None,
     "You draw a second pistol from your boot and fire both at once.", ["invented_item"]),
    ("v08", "I jump toward the merchant ship", None,
     "You leap from the rail and soar over the waves to the merchant ship.",
     ["physics", "invented_location"]),
    ("v09", "I go below", None,
     "You slip below and find yourself in the ship's armory, racks of muskets gleaming.",
     ["invented_location"]),
    ("v10", "I attack Marrow with my rapier", {"success": True, "roll": 15, "damage": 5},
     "Your rapier darts past Marrow's guard and opens a cut on his cheek for 8 damage.",
     ["outcome_mismatch"]),
    ("v11", "I attack Marrow with my rapier", {"success": True, "roll": 17, "damage": 4},
     "Marrow bats your rapier aside with his belaying pin and laughs.", ["outcome_mismatch"]),
    ("v12", "I ask the captain for orders", None,
     "Captain Vane tosses you a rolled treasure map and tells you to guard it with your life.",
     ["invented_item"]),
    ("v13", "I go into the captain's cabin", None,
     "You walk through the locked cabin door as though it weren't there and stand in the Captain's "
     "Cabin.", ["physics"]),
    ("v14", "I call for help", None,
     "The ship's surgeon hurries over with a bone saw and a bottle of rum.", ["absent_npc"]),
    ("v15", "I order a broadside", None,
     "All eight cannons roar in a single broadside and the deck shudders.",
     ["invented_item", "outcome_mismatch"]),
]

BAZAAR_CASES: list[Case] = [
    ("ok01", "I buy saffron", {"success": True, "gold": 4},
     "Safiya weighs a pinch of saffron on her brass scales and takes your 4 gold with a satisfied "
     "nod.", None),
    ("ok02", "I ask Layla to attack Qasim", None,
     "Layla flicks her silver wand and a bolt of fire streaks across the stall, scorching the "
     "awning behind Qasim.", None),
    ("ok03", "I ask Harun for a story", None,
     "Old Harun taps his clay pipe and tells you how a djinn once granted his grandfather three "
     "wishes and took his shadow as payment.", None),
    ("ok04", "I look at the camel", None,
     "The tethered camel groans and chews its cud, ignoring the din.", None),
    ("ok05", "I look around", None,
     "Hawkers shout their prices over the clatter of carts, and the smell of cumin drifts from "
     "Safiya's stall.", None),
    ("ok06", "I pick Safiya's pocket", {"success": False, "roll": 3},
     "Your fingers brush Safiya's sash, but she turns at the last moment and you pull back "
     "empty-handed.", None),
    ("ok07", "I climb the awning", None,
     "You haul yourself up onto the striped awning, the canvas sagging under your weight.", None),
    ("ok08", "I sneak attack Qasim", {"success": True, "roll": 18, "damage": 9},
     "You slip behind Qasim and drive your curved dagger between his ribs for nine damage; he "
     "drops his cudgel with a gasp.", None),
    ("ok09", "I watch Qasim", None,
     "Qasim swings his cudgel at your head, but you duck and it thuds into a stack of carpets.",
     None),
    ("ok10", "I search the silk rug", None,
     "You unroll the silk rug and find nothing but sand and a few loose threads.", None),
    ("ok11", "I ask Layla to protect herself", None,
     "Layla whispers a word and a faint shimmer of force settles over her shoulders.", None),
    ("ok12", "I leave through the caravan gate", None,
     "You shoulder through the crowd and out through the Caravan Gate, where the caravans are "
     "loading in the heat.", None),
    ("ok13", "I attack Qasim with my dagger", {"success": False, "roll": 4},
     "Qasim twists away and your curved dagger only rips the hem of his robe.", None),
    ("v01", "I look around", None,
     "The Sultan's vizier, Jafar al-Rashid, sweeps into the stall flanked by two spearmen.",
     ["absent_npc"]),
    ("v02", "I look around", None,
     "A pair of sand wyrms erupts from beneath the carpets, scattering the crowd.",
     ["invented_creature"]),
    ("v03", "I watch Safiya's stall", None,
     "A monkey in a tiny red vest snatches the pouch of saffron and scampers off.",
     ["invented_creature"]),
    ("v04", "I haggle with Safiya", None,
     "Safiya claps her hands and the carpets rise into the air, swirling around you.",
     ["impossible_ability", "physics"]),
    ("v05", "I cast fire bolt at Qasim", None,
     "A bolt of fire leaps from your fingertips and sets Qasim's sleeve ablaze.",
     ["impossible_ability"]),
    ("v06", "I attack Qasim", None,
     "You pull a vial of sleeping powder from your sash and blow it into Qasim's face.",
     ["invented_item"]),
    ("v07", "I watch Qasim", None,
     "Qasim draws a revolver and fires a shot into the air.", ["world_rule", "invented_item"]),
    ("v08", "I climb the sandstone wall", None,
     "You run up the sandstone wall and flip over the top onto the next street.", ["physics"]),
    ("v09", "I go deeper into the city", None,
     "You duck into the Palace of the Caliph through a side door.", ["invented_location"]),
    ("v10", "I attack Qasim with my dagger", {"success": False, "roll": 2},
     "Your curved dagger slices across Qasim's arm and he howls, clutching the wound.",
     ["outcome_mismatch"]),
    ("v11", "I pay Safiya", {"success": True, "gold": 4},
     "Safiya counts the 6 gold coins you hand her and smiles.", ["outcome_mismatch"]),
    ("v12", "I ask Harun for a gift", None,
     "Old Harun hands you a jeweled scimitar wrapped in faded silk.", ["invented_item"]),
    ("v13", "I wait by the stall", None,
     "A veiled dancer slips out from behind Safiya's stall and presses a note into your palm.",
     ["absent_npc"]),
    ("v14", "I ask Layla to get us out", None,
     "Layla snaps her fingers and you both vanish, reappearing instantly on the far side of the "
     "city.", ["physics", "impossible_ability", "invented_location"]),
]

CHAPEL_CASES: list[Case] = [
    ("ok01", "I watch the ghost", None,
     "The wailing ghost drifts between the pews, its moan rattling the stained glass.", None),
    ("ok02", "I ask Sister Wenna to help", None,
     "Sister Wenna lifts her prayer beads and a column of pale fire falls upon the ghost.", None),
    ("ok03", "I ask Corvin about the chapel", None,
     "Corvin leans on his spade and says the Pale Lady once drove a dragon from this valley with a "
     "single prayer.", None),
    ("ok04", "I look around", None,
     "The candles gutter in a sudden draft and the mural of the Pale Lady seems to watch you.", None),
    ("ok05", "I attack the ghost", {"success": True, "roll": 16, "damage": 8},
     "Your longsword passes through the ghost's chest in a spray of cold light, dealing 8 damage.",
     None),
    ("ok06", "I attack the ghost", {"success": False, "roll": 7},
     "Your blade cuts only cold air as the ghost flickers aside.", None),
    ("ok07", "I ask Corvin to open the crypt", None,
     "Corvin grumbles, fishes out the crypt key and unlocks the crypt gate for you.", None),
    ("ok08", "I ring the bell", None,
     "You haul on the bell rope and the cracked bell above tolls a single mournful note.", None),
    ("ok09", "I use second wind", None,
     "You grit your teeth and catch your second wind, the ache in your ribs easing.", None),
    ("ok10", "I climb up to the stained glass window", None,
     "You try to climb toward the stained glass window, but there is nothing to hold on the smooth "
     "stone and you drop back to the floor.", None),
    ("ok11", "I ask Sister Wenna for holy water", None,
     "Sister Wenna uncorks her holy water and flicks a few drops toward the ghost, which recoils, "
     "hissing.", None),
    ("ok12", "I donate to the chapel", {"success": True, "gold": 5},
     "You drop 5 gold coins into the offering box and Sister Wenna bows her head in thanks.", None),
    ("ok13", "I ask Sister Wenna about the ghost", None,
     "\"She was a bride once, jilted at that very altar,\" Sister Wenna whispers, eyes on the ghost.",
     None),
    ("v01", "I look around", None,
     "Bishop Aldous emerges from the vestry, his crozier raised against the dark.", ["absent_npc"]),
    ("v02", "I go to the door", None,
     "A pack of skeletal hounds claws its way out of the Graveyard soil and surrounds you.",
     ["invented_creature"]),
    ("v03", "I watch the ghost", None,
     "Three wailing ghosts circle the altar, their moans rising together.", ["invented_creature"]),
    ("v04", "I attack the ghost", None,
     "You raise your shield and bellow a prayer; holy light bursts from your palms and the ghost "
     "shrieks.", ["impossible_ability"]),
    ("v05", "I ask Corvin to help", None,
     "Corvin mutters an incantation and the ghost is bound in chains of silver light.",
     ["impossible_ability"]),
    ("v06", "I attack the ghost", None,
     "You uncork a vial of holy water and hurl it at the ghost.", ["invented_item"]),
    ("v07", "I ask Corvin for light", None,
     "Corvin clicks on a flashlight and sweeps its beam across the pews.",
     ["world_rule", "invented_item"]),
    ("v08", "I get away from the ghost", None,
     "You leap up and fly to the rafters, looking down on the pews.", ["physics"]),
    ("v09", "I go down to the crypt", None,
     "You walk straight through the crypt gate and descend the Crypt Stairs.", ["physics"]),
    ("v10", "I search behind the altar", None,
     "You push through a hidden door behind the altar and step into the Bishop's secret library.",
     ["invented_location"]),
    ("v11", "I attack the ghost", {"success": True, "roll": 16, "damage": 8},
     "Your longsword cleaves the ghost for 15 damage and it scatters into mist.",
     ["outcome_mismatch"]),
    ("v12", "I attack the ghost", {"success": False, "roll": 5},
     "Your longsword finds the ghost's heart and it dissolves with a final shriek.",
     ["outcome_mismatch"]),
    ("v13", "I look around", None,
     "A little girl in a white nightgown is kneeling at the altar, humming.", ["absent_npc"]),
    ("v14", "I ask Sister Wenna for a weapon", None,
     "Sister Wenna draws a silver dagger from her sleeve and presses it into your hand.",
     ["invented_item"]),
]

DEN_CASES: list[Case] = [
    ("ok01", "I watch Zero work", None,
     "Zero cracks his knuckles and types furiously, green text scrolling up the CRT monitor.", None),
    ("ok02", "I pet the cat", None,
     "The fat tabby cat stretches across the keyboard and Zero shoos it off with a sigh.", None),
    ("ok03", "I ask Dee what she brought", None,
     "Dee tosses the manila envelope onto the desk and checks her pager.", None),
    ("ok04", "I ask Zero to get online", None,
     "Zero plugs in the dial-up modem; it shrieks and warbles as it connects.", None),
    ("ok05", "I phreak the phone line", None,
     "You pick up the landline phone and whistle a 2600 hertz tone down the line, grinning as it "
     "clicks through.", None),
    ("ok06", "I cast a hex on Zero", None,
     "You wave your hands at Zero and mutter nonsense; nothing happens except Zero raising an "
     "eyebrow.", None),
    ("ok07", "I ask Dee about the city", None,
     "Dee says her cousin swears he saw a UFO over the reservoir last summer.", None),
    ("ok08", "I pick the lock on the steel door", {"success": True, "roll": 17},
     "You work your lock picks into the steel door's lock and, after a tense minute, it clicks "
     "open.", None),
    ("ok09", "I go out onto the fire escape", None,
     "You climb out the window onto the fire escape, the rusted rungs groaning.", None),
    ("ok10", "I pay Zero", {"success": True, "gold": 20},
     "You peel off 20 dollars and slap them on the desk; Zero pockets them without looking.", None),
    ("ok11", "I attack Zero", {"success": False, "roll": 3},
     "You lunge at Zero but trip over a tangle of cables and sprawl across the floor.", None),
    ("ok12", "I look out the window", None,
     "Rain streaks the grimy window and a siren wails somewhere far below.", None),
    ("ok13", "I ask Zero to crack the bank", None,
     "Zero swivels to the beige tower PC, pops in one of his floppy disks and mutters at the "
     "screen while the drive grinds.", None),
    ("v01", "I ask Zero to copy the files", None,
     "Zero pulls out a smartphone and snaps a photo of the schematics.",
     ["world_rule", "invented_item"]),
    ("v02", "I ask Zero to break the firewall", None,
     "Zero mutters an incantation and the firewall dissolves in a shower of violet sparks.",
     ["impossible_ability", "world_rule"]),
    ("v03", "I wait", None,
     "Agent Mulder kicks open the steel door, badge raised.", ["absent_npc"]),
    ("v04", "I look under the desk", None,
     "A rat the size of a dog scurries out from under the pizza boxes.", ["invented_creature"]),
    ("v05", "I look at the cat", None,
     "Two tabby cats chase each other across the keyboards.", ["invented_creature"]),
    ("v06", "I guess the password", None,
     "You stare at the monitor and will the password onto the screen with your mind.",
     ["impossible_ability"]),
    ("v07", "I open the steel door", None,
     "You slide a stolen keycard through the reader and the steel door beeps open.",
     ["invented_item", "physics"]),
    ("v08", "I leave", None,
     "You step through the brick wall like a ghost and come out in the Stairwell.", ["physics"]),
    ("v09", "I go downstairs", None,
     "You take the elevator down to the lobby and walk out onto the street.",
     ["invented_location"]),
    ("v10", "I pay Zero", {"success": True, "gold": 20},
     "You hand Zero 50 dollars and he pockets the cash.", ["outcome_mismatch"]),
    ("v11", "I shove Dee", {"success": True, "roll": 15, "damage": 2},
     "You shove Dee toward the desk, but she twists away untouched.", ["outcome_mismatch"]),
    ("v12", "I ask Dee for protection", None,
     "Dee unzips her bag and hands you a loaded revolver.", ["invented_item"]),
    ("v13", "I wait", None,
     "A man in a dark suit steps out of the Stairwell and asks for Zero by name.", ["absent_npc"]),
    ("v14", "I jump off the fire escape", None,
     "You jump from the fire escape and glide down to the street like a bird.",
     ["physics", "invented_location"]),
]

STABLE_CASES: list[Case] = [
    ("ok01", "I look at the horses", None,
     "The two brown mares shift in their stalls and the old grey mule brays at Wat.", None),
    ("ok02", "I cast mage hand to lift the saddle", None,
     "You cast mage hand and a spectral hand lifts the saddle onto its peg.", None),
    ("ok03", "I cast light on my staff", None,
     "You touch the tip of your oak staff and it blooms with a steady white light.", None),
    ("ok04", "I ask Osk to get ready", None,
     "Osk strings his shortbow and runs a thumb along the fletching of an arrow from his quiver.",
     None),
    ("ok05", "I ask Rowena about the mares", None,
     "Rowena taps her riding crop against her boot and names a price for the younger mare.", None),
    ("ok06", "I ask Wat about the stables", None,
     "Wat tells you about the night a griffin carried off his uncle's prize stallion.", None),
    ("ok07", "I walk along the stalls", None,
     "Both mares whicker softly as you pass.", None),
    ("ok08", "I climb to the hayloft", None,
     "You climb the hayloft ladder and poke your head up into the Hayloft, dust and chaff "
     "swirling.", None),
    ("ok09", "I climb onto the roof", None,
     "You try to reach the timber roof but can find no way up and give up with a scowl.", None),
    ("ok10", "I buy the mule", {"success": True, "gold": 5},
     "You hand Rowena 5 gold coins and she scratches the sale into her ledger.", None),
    ("ok11", "I listen", None,
     "A cold wind whistles through gaps in the boards, and somewhere on the Village Green a bell "
     "rings the hour.", None),
    ("ok12", "I attack Wat with my dagger", {"success": True, "roll": 13, "damage": 3},
     "Your dagger nicks Wat's forearm for 3 damage and he yelps, backing into the water bucket.",
     None),
    ("ok13", "I ask Wat about the tack room", None,
     "Wat jingles the tack room key on its string. \"Rowena says nobody goes in there,\" he "
     "mumbles.", None),
    ("v01", "I look at the horses", None,
     "The three brown mares toss their heads nervously.", ["invented_creature"]),
    ("v02", "I look into the last stall", None,
     "A unicorn with a silver mane trots out of the end stall.", ["invented_creature"]),
    ("v03", "I wait", None,
     "Lord Harrow's steward, Mistress Quill, sweeps in to inspect the horses.", ["absent_npc"]),
    ("v04", "I ask Wat to help", None,
     "Wat points his pitchfork at the door and a gust of green flame roars from the tines.",
     ["impossible_ability"]),
    ("v05", "I cast fireball", None,
     "You cast fireball and the hayloft erupts in a roaring ball of flame.",
     ["impossible_ability"]),
    ("v06", "I threaten Rowena", None,
     "You draw a longsword from your belt and level it at Rowena.", ["invented_item"]),
    ("v07", "I search the saddle", None,
     "Tucked beneath the saddle you find a sack of gold coins and a ruby ring.", ["invented_item"]),
    ("v08", "I ask Rowena the time", None,
     "Rowena checks the time on her wristwatch and sighs.", ["world_rule", "invented_item"]),
    ("v09", "I climb the roof", None,
     "You scramble straight up the timber roof and perch on the ridge.", ["physics"]),
    ("v10", "I go into the tack room", None,
     "You stroll through the tack room door without unlocking it and grab a bridle.", ["physics"]),
    ("v11", "I ride out", None,
     "You saddle a mare and ride out to the Duke's hunting lodge.", ["invented_location"]),
    ("v12", "I buy the mule", {"success": True, "gold": 5},
     "Rowena takes your 7 gold coins and hands over the bill of sale.", ["outcome_mismatch"]),
    ("v13", "I ask Osk to help", None,
     "Osk conjures a spectral wolf that pads silently to his side.",
     ["impossible_ability", "invented_creature"]),
]

SETS = [("mine", MINE, MINE_CASES), ("ship", SHIP, SHIP_CASES), ("bazaar", BAZAAR, BAZAAR_CASES),
        ("chapel", CHAPEL, CHAPEL_CASES), ("den", DEN, DEN_CASES), ("stable", STABLE, STABLE_CASES)]


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
    path = Path(__file__).with_name("narration_extra.jsonl")
    with path.open("w", encoding="utf-8") as fh:
        for case in cases():
            fh.write(json.dumps(case, ensure_ascii=False) + "\n")
    print(f"wrote {len(cases())} cases to {path}")


if __name__ == "__main__":
    main()
