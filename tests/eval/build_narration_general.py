"""Source of ``narration_general.jsonl``: narration cases written to test whether post-validation
generalises, after a blind red team found the validators weak on new scenes and phrasings.

The cases follow the red team's groups of causes (powers without spell words, physics without
"teleport" or "fly", arrival frames, creatures by possessive or count, items handed or unfolded,
titled and self-introduced strangers, outcomes contradicted without a number, anachronisms) and
its false alarms (ordinary capitalised words, speech and absence, container contents, similes,
idioms, door words, an NPC's own things), in scenes and words of our own, none copied from the
blind sets. Each batch was written and scored before the mechanisms were changed for it (first
scores: the first batch recall 0.35 and false-positive rate 0.05 on 96 cases; the second, written
after the first was tuned, recall 0.71 and false-positive rate 0.04 on 62), then kept as
regression cases. Run
``python tests/eval/build_narration_general.py`` to regenerate the JSONL.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LIGHTHOUSE = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms or gunpowder", "no modern technology",
                    "only wizards, clerics and druids can cast spells"],
    "location": {"name": "Greyhook Lighthouse",
                 "description": "A cramped stone tower room smelling of whale oil, with a spiral "
                                "stair winding up to the lamp gallery.",
                 "exits": ["Lamp Gallery", "Harbour Steps"],
                 "features": [{"name": "spiral stair", "climbable": True},
                              {"name": "tower wall", "climbable": False},
                              {"name": "oil store door", "locked": True, "key": "oil store key"},
                              {"name": "storm shutters", "open": False}]},
    "npcs": [{"name": "Mother Usk", "aliases": ["keeper", "the old keeper"],
              "abilities": ["weather sense"],
              "items": ["oil can", "brass spyglass", "oil store key", "clay pipe"]},
             {"name": "Tobin", "aliases": ["the boy", "apprentice"], "abilities": [],
              "items": ["bucket", "tinderbox"]}],
    "items": ["coil of tarred rope", "whale-oil lamp", "driftwood stool"],
    "creatures": ["a one-eyed cat", "a cage of two pigeons"],
    "player": {"name": "Ansel", "class": "fighter", "hp": 24, "max_hp": 28,
               "inventory": ["longsword", "chain shirt", "oilskin coat", "6 gold coins"],
               "abilities": ["second wind", "action surge"]},
    "party": [{"name": "Merrit", "class": "cleric", "hp": 18, "max_hp": 18,
               "inventory": ["mace", "holy symbol", "bandages"],
               "abilities": ["cure wounds", "bless", "light"]}],
}

TOMB = {
    "setting": "sword and sorcery desert",
    "world_rules": ["no firearms", "only sorcerers and priests can cast spells"],
    "location": {"name": "Tomb of the Ninth Queen",
                 "description": "A pillared burial hall cut into red sandstone, its walls "
                                "painted with jackal-headed gods.",
                 "exits": ["Sun Stair", "Embalmers' Passage"],
                 "features": [{"name": "sealed sarcophagus", "locked": True,
                               "key": "scarab seal"},
                              {"name": "painted pillars", "climbable": False},
                              {"name": "bronze grate", "locked": True, "key": "bronze rod"}]},
    "npcs": [{"name": "Sekhet", "aliases": ["the priestess", "priestess"],
              "abilities": ["ward of the dead", "speak with spirits"],
              "items": ["scarab seal", "censer", "reed torch"]},
             {"name": "Hamun", "aliases": ["guide", "the guide"], "abilities": [],
              "items": ["waterskin", "coil of rope", "bronze rod"]}],
    "items": ["alabaster jar", "canopic urn", "broken spear"],
    "creatures": ["a nest of scorpions"],
    "player": {"name": "Rhadi", "class": "thief", "hp": 16, "max_hp": 20,
               "inventory": ["curved dagger", "lockpicks", "sand cloak", "three torches"],
               "abilities": ["sneak attack", "pick lock"]},
    "party": [],
}

NOIR = {
    "setting": "1947 Los Angeles, hardboiled and realistic",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1947"],
    "location": {"name": "Sal's Diner",
                 "description": "A late-night diner with cracked vinyl booths, a long counter "
                                "and a jukebox that only plays Sinatra.",
                 "exits": ["Figueroa Street", "Back Alley"],
                 "features": [{"name": "kitchen door", "open": True},
                              {"name": "office door", "locked": True, "key": "office key"},
                              {"name": "brick wall", "climbable": False}]},
    "npcs": [{"name": "Dolores", "aliases": ["the waitress", "waitress"], "abilities": [],
              "items": ["coffee pot", "order pad", "office key"]},
             {"name": "Vic Kessler", "aliases": ["Kessler", "the bookie"], "abilities": [],
              "items": ["racing form", "snub-nosed revolver", "cigar"]}],
    "items": ["sugar dispenser", "ketchup bottle", "newspaper"],
    "creatures": [],
    "player": {"name": "Jack Corrigan", "class": "private eye", "hp": 15, "max_hp": 15,
               "inventory": ["revolver", "fedora", "notebook", "pack of Luckies", "12 dollars"],
               "abilities": ["interrogation", "fisticuffs"]},
    "party": [],
}

SWAMP = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms", "only witches, druids and clerics can cast spells"],
    "location": {"name": "Mirefen Landing",
                 "description": "A rotting jetty on stilts above black water, lit by a single "
                                "lantern on a pole.",
                 "exits": ["Eel Creek", "Witch's Hollow"],
                 "features": [{"name": "lantern pole", "climbable": True},
                              {"name": "boathouse door", "locked": True, "key": "rusty key"}]},
    "npcs": [{"name": "Old Grell", "aliases": ["ferryman", "the ferryman"], "abilities": [],
              "items": ["punt pole", "basket of eels", "rusty key"]},
             {"name": "Wenna", "aliases": ["the herb-witch", "witch"],
              "abilities": ["hex", "brew potion", "speak with beasts"],
              "items": ["bone charm", "pouch of herbs"]}],
    "items": ["flat-bottomed punt", "net of crayfish", "tar bucket"],
    "creatures": ["a heron", "two mud-brown dogs"],
    "player": {"name": "Corra", "class": "ranger", "hp": 22, "max_hp": 22,
               "inventory": ["shortbow", "quiver of arrows", "hand axe", "4 gold coins"],
               "abilities": ["hunter's mark", "keen eye"]},
    "party": [{"name": "Ilse", "class": "wizard", "hp": 12, "max_hp": 12,
               "inventory": ["quarterstaff", "spellbook"],
               "abilities": ["fire bolt", "mage hand", "sleep"]}],
}

STATION = {
    "setting": "2031 orbital station, near-future hard science fiction",
    "world_rules": ["no magic or psychic powers", "realistic physics"],
    "location": {"name": "Docking Ring C",
                 "description": "A curved corridor of scuffed white panels, handholds and "
                                "blinking status lights.",
                 "exits": ["Hydroponics", "Airlock 3"],
                 "features": [{"name": "maintenance hatch", "locked": True,
                               "key": "red keycard"},
                              {"name": "airlock door", "locked": True, "key": "pilot code"}]},
    "npcs": [{"name": "Chief Okonjo", "aliases": ["the chief", "engineer"],
              "abilities": ["repair"], "items": ["multitool", "red keycard", "tablet"]},
             {"name": "Pim", "aliases": ["the cadet", "cadet"], "abilities": [],
              "items": ["ration bar", "headset"]}],
    "items": ["emergency locker", "fire extinguisher", "cargo net"],
    "creatures": [],
    "player": {"name": "Reyna Holt", "class": "pilot", "hp": 20, "max_hp": 20,
               "inventory": ["flight suit", "wrist terminal", "stun baton"],
               "abilities": ["zero-g maneuvering", "piloting"]},
    "party": [],
}

CASES: list[tuple[str, dict[str, Any], str, dict[str, Any] | None, str, str, list[str]]] = [
    # --- A. powers the actor lacks, without spell words ---
    ("gen-a01", LIGHTHOUSE, "Tobin, light the lamp", None,
     "Tobin snaps his fingers and a flame leaps from his thumb to the wick of the whale-oil lamp.",
     "violation", ["impossible_ability"]),
    ("gen-a02", LIGHTHOUSE, "I ask Mother Usk about the weather", None,
     "Mother Usk lifts her pipe, speaks a single low word, and the heaving sea below falls "
     "flat and glassy in an instant.", "violation", ["impossible_ability"]),
    ("gen-a03", LIGHTHOUSE, "I draw my sword", None,
     "You draw your longsword and frost crawls along the blade until it shines with a pale "
     "blue light.", "violation", ["impossible_ability"]),
    ("gen-a04", TOMB, "I ask Hamun to hold the torch", None,
     "Hamun nods, and the reed torch drifts out of the priestess's hand by itself and hangs in "
     "the air beside you.", "violation", ["impossible_ability"]),
    ("gen-a05", TOMB, "Sekhet, help!", None,
     "Sekhet spreads her arms and a storm of black lightning tears from her palms into the "
     "jackal-headed mural.", "violation", ["impossible_ability"]),
    ("gen-a06", SWAMP, "I ask Old Grell to take us across", None,
     "Old Grell hums a droning tune, and the words seem to crawl into your skull; you find "
     "yourself climbing into the punt without meaning to.", "violation",
     ["impossible_ability"]),
    ("gen-a07", SWAMP, "Wenna, can you help my wound?", None,
     "Wenna cups her hands over the gash and a warm green glow pours from her palms; the wound "
     "seals without a scar.", "violation", ["impossible_ability"]),
    ("gen-a08", NOIR, "I lean on Kessler", None,
     "Kessler's eyes go milk-white. He whispers something in a tongue older than Rome and every "
     "light in the diner dies at once.", "violation", ["world_rule", "impossible_ability"]),
    ("gen-a09", STATION, "I ask Pim to pass me the multitool", None,
     "Pim stares hard at the chief's multitool and it slides across the deck into your "
     "waiting hand, untouched.", "violation", ["world_rule", "impossible_ability"]),
    ("gen-a10", LIGHTHOUSE, "I call for the keeper", None,
     "Mother Usk blows into her cupped hands and a howling squall rises from nowhere, "
     "slamming the storm shutters against the stone.", "violation", ["impossible_ability"]),
    ("gen-a11", SWAMP, "Ilse, put the dogs to sleep", None,
     "Ilse murmurs and a wall of blue ice bursts up through the planks, pinning both dogs "
     "against the boathouse.", "violation", ["impossible_ability"]),
    # --- B. physics without teleport or fly ---
    ("gen-b01", LIGHTHOUSE, "I go into the oil store", None,
     "The oil store door is locked, so you press your palm to it and walk straight through "
     "the planks like a ghost.", "violation", ["physics"]),
    ("gen-b02", LIGHTHOUSE, "I climb the tower wall", None,
     "You shinny up the tower wall as easily as a ladder and pull yourself onto the lamp "
     "gallery rail.", "violation", ["physics"]),
    ("gen-b03", LIGHTHOUSE, "I jump down to the harbour steps", None,
     "You dive out of the tower window, drop forty feet and land on your feet on the harbour "
     "steps without a scratch.", "violation", ["physics"]),
    ("gen-b04", TOMB, "I get over the bronze grate", None,
     "You bend the bars of the bronze grate apart with your bare hands as if they were willow "
     "twigs and step through.", "violation", ["physics"]),
    ("gen-b05", TOMB, "I look for another way down", None,
     "You let yourself go weightless and drift down the shaft like a feather, settling gently "
     "on the burial floor.", "violation", ["physics"]),
    ("gen-b06", TOMB, "I try the sarcophagus", None,
     "You jiggle the lid of the sealed sarcophagus and it grinds open for you, no seal "
     "needed.", "violation", ["physics"]),
    ("gen-b07", SWAMP, "I cross to the far bank", None,
     "You step off the jetty and stride across the surface of the black water, your boots "
     "barely wet, to the far bank.", "violation", ["physics"]),
    ("gen-b08", SWAMP, "I get into the boathouse", None,
     "You give the boathouse door a tug and it swings wide open, though you hold no key.",
     "violation", ["physics"]),
    ("gen-b09", STATION, "I go through the maintenance hatch", None,
     "You simply lean into the maintenance hatch and sink through the metal as though it were "
     "water.", "violation", ["physics"]),
    ("gen-b10", TOMB, "I climb a pillar", None,
     "You scramble up one of the painted pillars hand over hand and perch on its capital, "
     "looking down on the hall.", "violation", ["physics"]),
    ("gen-b11", NOIR, "I get over the wall", None,
     "You take a running start and spring clean over the brick wall, twelve feet of it, "
     "landing lightly in the alley.", "violation", ["physics"]),
    # --- C. arrivals ---
    ("gen-c01", LIGHTHOUSE, "I go down the harbour steps", None,
     "You follow the harbour steps down and step out onto the torchlit wharf of Saltmere "
     "town.", "violation", ["invented_location"]),
    ("gen-c02", TOMB, "I take the embalmers' passage", None,
     "The embalmers' passage twists twice and opens onto the glittering throne room of the "
     "Sun King.", "violation", ["invented_location"]),
    ("gen-c03", SWAMP, "I pole the punt down Eel Creek", None,
     "You pole the punt down Eel Creek, and an hour later you emerge into the bustling "
     "harbour of Vellport.", "violation", ["invented_location"]),
    ("gen-c04", NOIR, "I head out the back", None,
     "You push out through the back and, three blocks later, you're standing in the lobby of "
     "the Biltmore Hotel.", "violation", ["invented_location"]),
    ("gen-c05", STATION, "I go to hydroponics", None,
     "You kick off down the corridor and drift out into the observation dome on the far side "
     "of the station.", "violation", ["invented_location"]),
    # --- D. creatures ---
    ("gen-d01", LIGHTHOUSE, "I look out of the window", None,
     "Far below, a sea serpent's coils roll through the breakers and sink again.",
     "violation", ["invented_creature"]),
    ("gen-d02", SWAMP, "I count the dogs", None,
     "There are the two mud-brown dogs by the boathouse, and a third, a lean grey lurcher, "
     "nosing at the tar bucket.", "violation", ["invented_creature"]),
    ("gen-d03", SWAMP, "I look at the ferryman", None,
     "Old Grell's tame otter, sleek and whiskered, slides off his shoulder into the water.",
     "violation", ["invented_creature"]),
    ("gen-d04", TOMB, "I listen", None,
     "Something stirs behind the canopic urn: a jackal, thin as a rake, slinks out and bares "
     "its teeth at you.", "violation", ["invented_creature"]),
    ("gen-d05", NOIR, "I look around the diner", None,
     "A mangy tomcat pads along the counter and laps at a saucer of cream by the sugar "
     "dispenser.", "violation", ["invented_creature"]),
    ("gen-d06", LIGHTHOUSE, "I feed the pigeons", None,
     "You scatter crumbs into the cage; the two pigeons peck, and a fat gull lands on the sill "
     "to beg for its share.", "violation", ["invented_creature"]),
    # --- E. items ---
    ("gen-e01", LIGHTHOUSE, "I ask the keeper for a light", None,
     "Mother Usk knocks out her pipe and hands you a stub of beeswax candle from her apron.",
     "violation", ["invented_item"]),
    ("gen-e02", TOMB, "I search for clues", None,
     "You unroll a papyrus chart of the lower tombs and trace the Sun Stair with a finger.",
     "violation", ["invented_item"]),
    ("gen-e03", SWAMP, "I ask Wenna for protection", None,
     "Wenna digs through a willow basket and presses a knotted cord of red thread into your "
     "palm. 'Wear it by the water.'", "violation", ["invented_item"]),
    ("gen-e04", NOIR, "I show Kessler my badge", None,
     "You flip open your police shield and slap it on the counter under Kessler's nose.",
     "violation", ["invented_item"]),
    ("gen-e05", STATION, "I patch the leak", None,
     "You unscrew a canister of sealant foam and spray it across the hairline crack.",
     "violation", ["invented_item"]),
    ("gen-e06", LIGHTHOUSE, "I tend Merrit's wound", None,
     "You uncork a flask of lamp-brandy and pour it over Merrit's cut before binding it.",
     "violation", ["invented_item"]),
    ("gen-e07", TOMB, "I shoot at the scorpions", {"success": True, "roll": 14, "damage": 4},
     "You nock an enchanted arrow and loose it into the nest; a scorpion bursts for 4 damage.",
     "violation", ["invented_item"]),
    # --- F. absent people ---
    ("gen-f01", NOIR, "I ask Dolores for coffee", None,
     "Councilman Ray Dunning himself slides onto the stool beside you and waves Dolores over "
     "for two cups.", "violation", ["absent_npc"]),
    ("gen-f02", LIGHTHOUSE, "I ask who else lives here", None,
     "Mother Usk shrugs. A tall man in a sealskin coat ducks in from the stair, shaking rain "
     "from his hat. 'Evening. I am Captain Orrel Vane, and I'm here for my oil.'",
     "violation", ["absent_npc"]),
    ("gen-f03", TOMB, "I call out into the dark", None,
     "Your voice echoes. From the Sun Stair a woman's voice answers: 'My name is Nefret, and "
     "you are trespassing.' A figure in white steps into the torchlight.",
     "violation", ["absent_npc"]),
    ("gen-f04", STATION, "I ask the chief about the hatch", None,
     "Chief Okonjo shrugs and nods toward Commander Idris Vale, who floats in from Airlock 3 "
     "with a datapad.", "violation", ["absent_npc"]),
    ("gen-f05", SWAMP, "I hail the ferryman", None,
     "The Lord of Mirefen himself, grey-bearded and mud to the knees, steps off the punt and "
     "offers you a hand.", "violation", ["absent_npc"]),
    # --- G. outcomes without numbers ---
    ("gen-g01", SWAMP, "I hex the dogs", {"success": False, "roll": 4},
     "Wenna watches as your words land; the lead dog yelps and stumbles as the hex takes hold.",
     "violation", ["outcome_mismatch"]),
    ("gen-g02", NOIR, "I pick the office lock", {"success": False},
     "Thirty seconds with a bent hairpin and you're through: the office door clicks and you "
     "slip inside.", "violation", ["outcome_mismatch"]),
    ("gen-g03", LIGHTHOUSE, "I attack the cat", {"success": False, "roll": 3},
     "A critical strike! Your longsword catches the cat across the flank and it yowls.",
     "violation", ["outcome_mismatch"]),
    ("gen-g04", TOMB, "I stab Hamun", {"success": True, "roll": 16, "damage": 5},
     "You stab Hamun for 5 damage, then twist the blade for another 7 as he gasps.",
     "violation", ["outcome_mismatch"]),
    ("gen-g05", NOIR, "I lean on Kessler for a name", {"success": False, "roll": 5},
     "You lean in close. Kessler sweats, cracks, and gives you the name you came for.",
     "violation", ["outcome_mismatch"]),
    ("gen-g06", STATION, "I override the airlock", {"success": False},
     "Your fingers dance over the wrist terminal. Access granted; the airlock door hisses "
     "open.", "violation", ["outcome_mismatch", "physics"]),
    # --- H. anachronisms ---
    ("gen-h01", LIGHTHOUSE, "I look at the lamp", None,
     "Tobin flips a switch and the solar-powered beacon hums to life above you.",
     "violation", ["world_rule"]),
    ("gen-h02", NOIR, "I ask Dolores about Kessler", None,
     "Dolores refills your cup. 'He's always on that cell phone of his, texting his "
     "bookies,' she says.", "violation", ["world_rule"]),
    ("gen-h03", TOMB, "I look for a light", None,
     "Hamun clicks on an electric torch and sweeps the beam over the painted pillars.",
     "violation", ["world_rule", "invented_item"]),
    # --- ok: colour and present people ---
    ("gen-o01", LIGHTHOUSE, "I look around", None,
     "Wind moans around the tower. Shadows pool under the spiral stair, and the one-eyed cat "
     "watches you the way a hawk watches a field mouse.", "ok", []),
    ("gen-o02", LIGHTHOUSE, "I ask Tobin to light the lamp", None,
     "Tobin strikes his tinderbox, shields the spark with his palm and coaxes the whale-oil "
     "lamp alight.", "ok", []),
    ("gen-o03", LIGHTHOUSE, "I ask Mother Usk about the wreck", None,
     "'The Maiden's Sorrow went down on the Teeth forty winters back,' Mother Usk says, "
     "puffing her clay pipe. 'Captain Harl and all his crew. Bodies washed up for a week.'",
     "ok", []),
    ("gen-o04", LIGHTHOUSE, "I try the oil store door", None,
     "You rattle the oil store door; it does not budge. Mother Usk pats the oil store key on "
     "her belt. 'Ask first, fighter.'", "ok", []),
    ("gen-o05", LIGHTHOUSE, "I climb to the gallery", None,
     "You take the spiral stair two steps at a time and come out onto the lamp gallery, the "
     "wind tearing at your oilskin coat.", "ok", []),
    ("gen-o06", LIGHTHOUSE, "I ask Merrit to heal me", {"success": True, "hp_after": 28},
     "Merrit lays his hand on your ribs and murmurs a prayer; warmth spreads through you and "
     "you're back to 28 hit points.", "ok", []),
    ("gen-o07", LIGHTHOUSE, "Is anyone else here?", None,
     "No one else. The last keeper's assistant, if there ever was one, is long gone; only "
     "Mother Usk and the boy keep the light now.", "ok", []),
    ("gen-o08", LIGHTHOUSE, "I attack the cat", {"success": True, "roll": 15, "damage": 3},
     "Bells of pain ring in the cat's skull as your pommel clips it for 3 damage; it flees "
     "under the stool, spitting.", "ok", []),
    ("gen-o09", LIGHTHOUSE, "I open the storm shutters", None,
     "You unlatch the storm shutters and heave them open; salt spray and a cold gust flood "
     "the room.", "ok", []),
    ("gen-o10", TOMB, "I ask Sekhet about the queen", None,
     "Sekhet raises her censer. 'She ruled for nine years and nine days. Her brother the "
     "Vizier poisoned her cup.' Smoke curls between the painted pillars.", "ok", []),
    ("gen-o11", TOMB, "Sekhet, protect us", None,
     "Sekhet chants the ward of the dead and a faint grey shimmer settles over the doorway; "
     "the whispering in the walls falls silent.", "ok", []),
    ("gen-o12", TOMB, "I pick the bronze grate's lock", {"success": True},
     "You slide your lockpicks into the bronze grate's lock, feel for the pins, and with a "
     "soft click it swings open.", "ok", []),
    ("gen-o13", TOMB, "I ask Hamun for rope", None,
     "Hamun uncoils his coil of rope and hands you one end. 'Tie it well, thief.'", "ok", []),
    ("gen-o14", TOMB, "I look at the scorpions", None,
     "The scorpions boil out of their nest in a clicking tide, tails raised, then settle "
     "again among the potsherds.", "ok", []),
    ("gen-o15", TOMB, "I read the paintings", None,
     "Jackal-headed gods weigh hearts against feathers on the walls. Beneath them, a line of "
     "painted servants carries jars toward the Ninth Queen.", "ok", []),
    ("gen-o16", NOIR, "I ask Dolores where Kessler's office is", None,
     "'Back there, hon.' Dolores taps the office key in her apron pocket. 'And the boss is in "
     "Reno till Monday, so don't get ideas.'", "ok", []),
    ("gen-o17", NOIR, "I punch Kessler", {"success": True, "roll": 13, "damage": 4},
     "Your fist snaps Kessler's head back. Four points of damage, and his cigar goes skidding "
     "down the counter.", "ok", []),
    ("gen-o18", NOIR, "I look around", None,
     "Neon buzzes outside. Sinatra croons from the jukebox, Dolores pours coffee, and Kessler "
     "thumbs his racing form like a priest with a rosary.", "ok", []),
    ("gen-o19", NOIR, "I ask Kessler about the fight", None,
     "Kessler chews his cigar. 'Kid went down in the third, like I said he would. Twelve "
     "grand changed hands.' He smirks.", "ok", []),
    ("gen-o20", NOIR, "I head out to the alley", None,
     "You shoulder through the kitchen door and out into the back alley, where rain hisses "
     "on the trash cans.", "ok", []),
    ("gen-o21", NOIR, "I try the office door", None,
     "You twist the office door's knob. Locked. Dolores looks up from her order pad and "
     "shakes her head.", "ok", []),
    ("gen-o22", NOIR, "I read the newspaper", None,
     "Headlines scream about the Dahlia case. Page six has the race results; Seabiscuit's "
     "grandson placed.", "ok", []),
    ("gen-o23", SWAMP, "I ask Old Grell about the eels", None,
     "Old Grell fishes two eels out of his basket of eels and slaps them on the planks. "
     "'Fresh. Copper apiece.'", "ok", []),
    ("gen-o24", SWAMP, "Wenna, hex the ferryman", None,
     "Wenna rattles her bone charm and spits a hex; Old Grell's hand cramps on the punt pole "
     "and he curses her mother.", "ok", []),
    ("gen-o25", SWAMP, "Ilse, fire bolt the heron", {"success": True, "roll": 12, "damage": 6},
     "A mote of flame leaps from Ilse's fingertip and strikes the heron for 6 damage; it "
     "flaps off shrieking.", "ok", []),
    ("gen-o26", SWAMP, "I look at the water", None,
     "Mist lies on the black water like wool. The heron stands on one leg, patient as a "
     "monk, and one of the dogs flies into a frenzy of barking.", "ok", []),
    ("gen-o27", SWAMP, "I climb the lantern pole", None,
     "You shin up the lantern pole, the wood slick under your palms, and look out over Eel "
     "Creek.", "ok", []),
    ("gen-o28", SWAMP, "I ask Wenna where the ferryman's brother is", None,
     "'Drowned,' Wenna says flatly. 'Took his boat out in the great flood and never came "
     "back. Twelve years now.'", "ok", []),
    ("gen-o29", SWAMP, "I search the punt", None,
     "You rummage through the flat-bottomed punt: bilge water, a broken oar-lock, and nothing "
     "worth taking.", "ok", []),
    ("gen-o30", STATION, "I ask the chief to open the hatch", None,
     "Chief Okonjo swipes her red keycard and the maintenance hatch slides open with a hiss.",
     "ok", []),
    ("gen-o31", STATION, "I push off toward hydroponics", None,
     "You kick off a handhold and glide the length of the corridor in zero-g, catching the "
     "frame of the Hydroponics hatch.", "ok", []),
    ("gen-o32", STATION, "I ask Pim how long the shift is", None,
     "Pim chews her ration bar. 'Twelve hours. Chief says it's good for character.' She taps "
     "her headset. 'Ops says all clear.'", "ok", []),
    ("gen-o33", STATION, "I check my terminal", None,
     "Your wrist terminal blinks amber: oxygen nominal, pressure steady, three messages from "
     "Ops you haven't read.", "ok", []),
    ("gen-o34", STATION, "I stun the cadet", {"success": False, "roll": 6},
     "You swing the stun baton but Pim twists aside, and the charge crackles harmlessly "
     "against a panel.", "ok", []),
    ("gen-o35", LIGHTHOUSE, "I look at the cat", None,
     "Cold-eyed and scarred, the one-eyed cat grooms a paw. Tobin says it once caught a rat "
     "as big as a dog.", "ok", []),
    ("gen-o36", TOMB, "I listen at the sarcophagus", None,
     "Silence. Whatever the priests sealed in there, if anything, is three thousand years "
     "dead.", "ok", []),
    ("gen-o37", NOIR, "I ask Dolores for pie", None,
     "Dolores slides a slice of cherry pie onto the counter. 'On the house, Jack. You look "
     "like something the cat dragged in.'", "ok", []),
    ("gen-o38", LIGHTHOUSE, "I attack Tobin", {"success": False, "roll": 2},
     "You lunge; Tobin ducks under the blade and scrambles behind the driftwood stool, "
     "white-faced.", "ok", []),
    ("gen-o39", TOMB, "I ask the guide to lead the way", None,
     "Hamun lifts his hand like a man hailing a boat, then leads you toward the Sun Stair.",
     "ok", []),
    ("gen-o40", SWAMP, "I buy eels from Grell", {"success": True, "gold": 1},
     "Old Grell takes your 1 gold and wraps two eels from his basket in a dock leaf.", "ok", []),
    ("gen-o41", NOIR, "I check the revolver", None,
     "Six in the cylinder. Plenty, if it comes to that. You holster it and finish your coffee.",
     "ok", []),
    ("gen-o42", LIGHTHOUSE, "I watch the sea", None,
     "Fog rolls over the Teeth. Somewhere beyond it a bell buoy tolls, and the sea throws "
     "itself at the rocks again and again.", "ok", []),
]


# --- second batch, written after the first was tuned and scored before any change for it ---

MILL = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms", "no modern technology",
                    "only clerics, paladins and wizards can cast spells"],
    "location": {"name": "Osk's Watermill",
                 "description": "A flour-dusted mill house shaking with the rumble of the "
                                "great wheel outside; sacks are stacked to the beams.",
                 "exits": ["Riverbank", "Grain Loft"],
                 "features": [{"name": "millwheel", "climbable": False},
                              {"name": "loft ladder", "climbable": True},
                              {"name": "sluice gate", "locked": True, "key": "sluice key"}]},
    "npcs": [{"name": "Osk", "aliases": ["the miller", "miller"], "abilities": [],
              "items": ["flour scoop", "sluice key", "skinning knife"]},
             {"name": "Brida", "aliases": ["the miller's daughter", "the girl"],
              "abilities": [], "items": ["basket of eggs", "shawl"]}],
    "items": ["sack of flour", "grindstone", "rain barrel"],
    "creatures": ["a mangy dog", "a grey goose"],
    "player": {"name": "Sir Aldous", "class": "paladin", "hp": 30, "max_hp": 34,
               "inventory": ["warhammer", "plate armor", "holy symbol", "9 gold coins"],
               "abilities": ["divine smite", "lay on hands"]},
    "party": [],
}

CARAVAN = {
    "setting": "sword and sorcery desert",
    "world_rules": ["no firearms", "only sorcerers, priests and bards can cast spells"],
    "location": {"name": "The Caravanserai of Qadir",
                 "description": "A walled courtyard of packed sand around a stone well, "
                                "ringed by stables and sleeping alcoves.",
                 "exits": ["Spice Road", "Camel Pens"],
                 "features": [{"name": "stone well", "climbable": False},
                              {"name": "storeroom door", "locked": True, "key": "iron key"},
                              {"name": "courtyard wall", "climbable": False}]},
    "npcs": [{"name": "Zahir", "aliases": ["camel-master", "the caravan master"],
              "abilities": ["whip crack"], "items": ["camel whip", "iron key", "waterskin"]},
             {"name": "Nesrin", "aliases": ["the dancer", "dancer"], "abilities": [],
              "items": ["finger cymbals", "silk veil"]},
             {"name": "Old Faruq", "aliases": ["fortune-teller", "the old man"],
              "abilities": ["read fortunes", "evil eye"], "items": ["deck of painted cards"]}],
    "items": ["brass lamp", "rolled carpet", "water trough"],
    "creatures": ["six camels", "a hooded falcon"],
    "player": {"name": "Liris", "class": "bard", "hp": 14, "max_hp": 18,
               "inventory": ["oud", "rapier", "traveling cloak", "20 gold coins"],
               "abilities": ["vicious mockery", "healing word", "charm person"]},
    "party": [],
}

SUB = {
    "setting": "1943 submarine patrol, realistic war story",
    "world_rules": ["no magic or supernatural powers", "no technology invented after 1943"],
    "location": {"name": "Control Room of the USS Marlin",
                 "description": "A cramped compartment of valves, gauges and red night-"
                                "lighting, with the periscope well in the middle.",
                 "exits": ["Forward Torpedo Room", "Crew Berthing"],
                 "features": [{"name": "conning tower hatch", "locked": True,
                               "key": "captain's key"},
                              {"name": "periscope well", "climbable": True}]},
    "npcs": [{"name": "Captain Hale", "aliases": ["the captain", "skipper"], "abilities": [],
              "items": ["binoculars", "captain's key", "service pistol"]},
             {"name": "Sparks", "aliases": ["the radioman", "radioman"], "abilities": [],
              "items": ["headset", "codebook"]}],
    "items": ["depth gauge", "chart table", "coffee pot"],
    "creatures": [],
    "player": {"name": "Ensign Reilly", "class": "sailor", "hp": 12, "max_hp": 12,
               "inventory": ["flashlight", "wrench", "pack of cigarettes"],
               "abilities": ["damage control", "swimming"]},
    "party": [],
}

TOWER = {
    "setting": "high fantasy",
    "world_rules": ["only wizards and their apprentices can cast spells"],
    "location": {"name": "Velloran's Library",
                 "description": "A round tower room walled with bookshelves, lit by floating "
                                "candles, a brass orrery turning slowly in the middle.",
                 "exits": ["Spiral Stair", "Observatory"],
                 "features": [{"name": "sealed vault", "locked": True, "key": "silver sigil"},
                              {"name": "bookshelves", "climbable": True},
                              {"name": "tower window", "climbable": False}]},
    "npcs": [{"name": "Archmage Velloran", "aliases": ["the archmage", "Velloran"],
              "abilities": ["fireball", "teleport", "counterspell"],
              "items": ["staff of ash", "silver sigil"]},
             {"name": "Dessa", "aliases": ["the apprentice", "apprentice"],
              "abilities": ["light", "mending"], "items": ["ink pot", "quill"]}],
    "items": ["brass orrery", "reading lectern", "floating candles"],
    "creatures": ["a black cat"],
    "player": {"name": "Nix", "class": "rogue", "hp": 16, "max_hp": 16,
               "inventory": ["dagger", "thieves' tools", "grappling hook", "3 gold coins"],
               "abilities": ["sneak attack", "cunning action"]},
    "party": [],
}

PASS = {
    "setting": "medieval fantasy",
    "world_rules": ["no firearms", "only druids and shamans can cast spells"],
    "location": {"name": "Kettle Pass",
                 "description": "A wind-scoured saddle between two peaks, the path edged with "
                                "cairns and a sheer drop on the left.",
                 "exits": ["Northern Trail", "Abandoned Hut"],
                 "features": [{"name": "ice cliff", "climbable": False},
                              {"name": "rope bridge", "climbable": True}]},
    "npcs": [{"name": "Tarn", "aliases": ["the guide", "guide"], "abilities": ["weather lore"],
              "items": ["ice axe", "coil of rope", "horn"]}],
    "items": ["cairn stones", "frozen pine"],
    "creatures": ["a pack mule"],
    "player": {"name": "Hedda", "class": "ranger", "hp": 20, "max_hp": 22,
               "inventory": ["longbow", "quiver of arrows", "fur cloak", "flint and steel"],
               "abilities": ["hunter's mark", "survival"]},
    "party": [],
}

CASES += [
    # powers
    ("gen2-a01", MILL, "I ask Osk to start the wheel", None,
     "Osk claps his floury hands once and the great wheel outside lurches into motion of its "
     "own accord.", "violation", ["impossible_ability"]),
    ("gen2-a02", CARAVAN, "I ask Nesrin to dance", None,
     "Nesrin sways, and as her cymbals chime every man in the courtyard goes slack-jawed, "
     "their will melting away until they kneel at her feet.", "violation",
     ["impossible_ability"]),
    ("gen2-a03", CARAVAN, "I ask Zahir about the road", None,
     "Zahir cracks his camel whip and a bolt of blue lightning snakes from its tip into the "
     "sand.", "violation", ["impossible_ability"]),
    ("gen2-a04", PASS, "Tarn, can you clear the weather?", None,
     "Tarn raises his horn and blows one long note; the clouds tear apart and the wind drops "
     "dead at his command.", "violation", ["impossible_ability"]),
    ("gen2-a05", TOWER, "I ask Dessa to hide us", None,
     "Dessa whispers and both of you turn invisible, your hands fading to nothing before your "
     "eyes.", "violation", ["impossible_ability"]),
    ("gen2-a06", SUB, "I ask Sparks for the signal", None,
     "Sparks closes his eyes and reads the enemy captain's thoughts across forty miles of sea.",
     "violation", ["world_rule", "impossible_ability"]),
    ("gen2-a07", MILL, "I swing at the dog", {"success": True, "roll": 15, "damage": 5},
     "You swing your warhammer and a ring of holy fire bursts from the head, searing the dog "
     "for 5 damage.", "ok", []),
    ("gen2-a08", TOWER, "I watch the archmage", None,
     "Velloran flicks two fingers and a bead of fire blooms above his palm, lighting his pipe.",
     "ok", []),
    ("gen2-a09", TOWER, "Dessa, fix the quill", None,
     "Dessa murmurs a mending cantrip and the split quill knits itself whole again.",
     "ok", []),
    ("gen2-a10", CARAVAN, "I ask Old Faruq about my fate", None,
     "Old Faruq fixes you with his evil eye and mutters; your left hand goes cold and numb to "
     "the wrist.", "ok", []),
    ("gen2-a11", TOWER, "Dessa, light the way", None,
     "Dessa snaps her fingers and a spear of white lightning arcs from her fingertips into the "
     "orrery, which shatters.", "violation", ["impossible_ability"]),
    # physics
    ("gen2-b01", MILL, "I climb the millwheel", None,
     "You scramble up the turning millwheel, paddle by paddle, and sit astride its hub.",
     "violation", ["physics"]),
    ("gen2-b02", MILL, "I go through the sluice gate", None,
     "You wade up to the sluice gate and slip through the oak boards as if they were a "
     "curtain of water.", "violation", ["physics"]),
    ("gen2-b03", TOWER, "I leave by the window", None,
     "You climb out of the tower window and step off onto the empty air, strolling down to "
     "the courtyard as if taking stairs.", "violation", ["physics"]),
    ("gen2-b04", CARAVAN, "I get over the wall", None,
     "You crouch and bound clean over the courtyard wall in a single leap, landing "
     "soundlessly on the far side.", "violation", ["physics"]),
    ("gen2-b05", SUB, "I go up to the bridge", None,
     "You tug the conning tower hatch; it swings open at once and you climb out into the "
     "spray.", "violation", ["physics"]),
    ("gen2-b06", PASS, "I jump down to the hut", None,
     "You leap from the ice cliff, fall sixty feet through the blowing snow and land lightly "
     "beside the hut.", "violation", ["physics"]),
    ("gen2-b07", TOWER, "I get into the vault", None,
     "You press your shoulder to the sealed vault and the stone ripples like water as you "
     "sink through it.", "violation", ["physics"]),
    ("gen2-b08", CARAVAN, "I open the storeroom", None,
     "You snap the padlock on the storeroom door apart with your bare hands and walk in.",
     "violation", ["physics"]),
    ("gen2-b09", PASS, "I cross the rope bridge", None,
     "You edge across the rope bridge, boards creaking, the wind shoving at your back.",
     "ok", []),
    ("gen2-b10", TOWER, "I climb the bookshelves", None,
     "You climb the bookshelves like a ladder and perch on the top shelf among the dusty "
     "atlases.", "ok", []),
    ("gen2-b11", SUB, "I go forward", None,
     "You duck through the watertight door into the Forward Torpedo Room, where the air "
     "stinks of grease and sweat.", "ok", []),
    # arrivals
    ("gen2-c01", MILL, "I go out to the riverbank", None,
     "You step out of the mill and onto the cobbled square of Brackwater, market stalls "
     "packed around a fountain.", "violation", ["invented_location"]),
    ("gen2-c02", PASS, "I follow the northern trail", None,
     "The Northern Trail winds down through the pines and opens onto the frozen harbour of "
     "Skaldvik.", "violation", ["invented_location"]),
    ("gen2-c03", SUB, "I head to crew berthing", None,
     "You squeeze aft and find yourself on the flight deck of an aircraft carrier.",
     "violation", ["invented_location", "physics"]),
    ("gen2-c04", CARAVAN, "I go to the camel pens", None,
     "You cross to the Camel Pens, where the six camels groan and spit at a stable boy's "
     "broom.", "ok", []),
    # creatures
    ("gen2-d01", MILL, "I look around the mill", None,
     "Flour hangs in the air. A rat the size of a cat scurries along a beam and vanishes into "
     "a sack.", "violation", ["invented_creature"]),
    ("gen2-d02", CARAVAN, "I count the camels", None,
     "Six camels kneel by the trough, and a seventh, a white one with a torn ear, is being "
     "led in from the Spice Road.", "violation", ["invented_creature"]),
    ("gen2-d03", PASS, "I scan the ridge", None,
     "On the ridge above, a snow lion's tail flicks once and disappears behind the cairns.",
     "violation", ["invented_creature"]),
    ("gen2-d04", TOWER, "I look at the cat", None,
     "The black cat watches you from the lectern, and Velloran's pet raven croaks from the "
     "orrery.", "violation", ["invented_creature"]),
    ("gen2-d05", MILL, "I feed the goose", None,
     "The grey goose hisses and snaps at the crust like a dog guarding a bone.", "ok", []),
    ("gen2-d06", CARAVAN, "I ask Zahir about the falcon", None,
     "'Bred from a hawk my father took in the mountains,' Zahir says, stroking the hooded "
     "falcon. 'Fastest bird between here and the sea.'", "ok", []),
    # items
    ("gen2-e01", MILL, "I ask Brida for food", None,
     "Brida sets down her basket of eggs and hands you a wheel of yellow cheese wrapped in "
     "cloth.", "violation", ["invented_item"]),
    ("gen2-e02", CARAVAN, "I look for a map", None,
     "You unfurl a silk map of the southern oases across the rolled carpet.", "violation",
     ["invented_item"]),
    ("gen2-e03", SUB, "I check the codes", None,
     "You unlock your strongbox and take out the Enigma codebook.", "violation",
     ["invented_item"]),
    ("gen2-e04", TOWER, "I pick the vault lock", {"success": False, "roll": 7},
     "You slide a slender adamantine pick from your cuff and work at the sealed vault, but the "
     "wards hold.", "violation", ["invented_item"]),
    ("gen2-e05", PASS, "I ask Tarn for help with the mule", None,
     "Tarn loops his coil of rope around the mule's packs and hands you the loose end.",
     "ok", []),
    ("gen2-e06", CARAVAN, "I buy water", {"success": True, "gold": 1},
     "Zahir unstops his waterskin, pours you a cupful and takes 1 gold.", "ok", []),
    ("gen2-e07", SUB, "I look at the chart", None,
     "You switch on your flashlight and run it over the chart table; pencil marks trace the "
     "convoy route.", "ok", []),
    # people
    ("gen2-f01", MILL, "I knock on the door", None,
     "The door swings open and a stout woman in a flour-caked apron peers out. 'I'm Hesk, "
     "Osk's wife. What do you want?'", "violation", ["absent_npc"]),
    ("gen2-f02", CARAVAN, "I ask Zahir who owns the caravanserai", None,
     "Zahir bows as Sultan Haroun al-Qadir himself sweeps into the courtyard on a white camel.",
     "violation", ["absent_npc", "invented_creature"]),
    ("gen2-f03", SUB, "I report to the captain", None,
     "Captain Hale returns your salute, then steps aside for Admiral Nimitz, who has been "
     "waiting by the chart table.", "violation", ["absent_npc"]),
    ("gen2-f04", TOWER, "I ask who else studies here", None,
     "Dessa shrugs. 'Only me, since Master Corvin drowned in the moat three winters back.'",
     "ok", []),
    ("gen2-f05", PASS, "Is anyone following us?", None,
     "Tarn squints back down the trail. 'No one. The bandits, if they ever existed, would "
     "freeze before they caught us.'", "ok", []),
    ("gen2-f06", SUB, "I ask Sparks for news", None,
     "Sparks pulls off his headset. 'Pearl's still burning, they say. And Roosevelt's on the "
     "radio tonight.'", "ok", []),
    # outcomes
    ("gen2-g01", CARAVAN, "I charm Zahir", {"success": False, "roll": 5},
     "You smile and sing a soft verse; Zahir's eyes soften and he is charmed, nodding along "
     "to every word.", "violation", ["outcome_mismatch"]),
    ("gen2-g02", MILL, "I smite the dog", {"success": True, "roll": 17, "damage": 9},
     "Holy light flares as your warhammer lands for 9 damage; a second swing adds another 4.",
     "violation", ["outcome_mismatch"]),
    ("gen2-g03", TOWER, "I pick the vault", {"success": False},
     "You tease the pins for a long minute. Click. The vault door sighs open and you slip "
     "inside.", "violation", ["outcome_mismatch", "physics"]),
    ("gen2-g04", PASS, "I shoot the mule", {"success": False, "roll": 2},
     "A natural twenty! Your arrow takes the mule in the flank and it bolts down the trail.",
     "violation", ["outcome_mismatch"]),
    ("gen2-g05", CARAVAN, "I bargain with Zahir", {"success": False, "roll": 6},
     "You haggle hard, but Zahir only laughs and names the same price again.", "ok", []),
    # setting
    ("gen2-h01", MILL, "I look around", None,
     "Osk checks his pocket watch and grumbles that the wheel is running slow.",
     "violation", ["invented_item", "world_rule"]),
    ("gen2-h02", SUB, "I ask the captain for orders", None,
     "Captain Hale taps the sonar screen. 'Ping them again and get me a GPS fix, Reilly.'",
     "violation", ["world_rule"]),
    # ok colour
    ("gen2-o01", MILL, "I listen", None,
     "Water thunders over the wheel. Somewhere below, the grindstone groans like an old man "
     "climbing stairs.", "ok", []),
    ("gen2-o02", CARAVAN, "I play my oud", None,
     "You tune your oud and play. Nesrin taps her finger cymbals, the camels shift and sigh, "
     "and Old Faruq hums along off-key.", "ok", []),
    ("gen2-o03", TOWER, "I look around", None,
     "Candles drift overhead like slow fireflies. Dessa dips her quill in the ink pot and "
     "scratches a note; the black cat yawns.", "ok", []),
    ("gen2-o04", PASS, "I check the weather", None,
     "Tarn sniffs the wind. 'Snow by dusk,' he says. 'Feel that? Like knives in the nose.'",
     "ok", []),
    ("gen2-o05", SUB, "I check the depth", None,
     "The depth gauge needle trembles at ninety feet. Somebody aft coughs; the hull ticks "
     "as it cools.", "ok", []),
    ("gen2-o06", MILL, "I ask Osk about the sluice", None,
     "Osk pats the sluice key on his belt. 'Stays shut till the flood's past. Lost a cousin "
     "to that gate, I did.'", "ok", []),
    ("gen2-o07", CARAVAN, "I look at the well", None,
     "Buckets on ropes knock against the stone well. Children of the caravan drivers dare "
     "each other to lean over its lip.", "ok", []),
    ("gen2-o08", TOWER, "I try the vault", None,
     "You run your fingers over the sealed vault. No keyhole, only a silver sigil-shaped "
     "hollow. Velloran raises an eyebrow.", "ok", []),
    ("gen2-o09", PASS, "I lay on the mule's pack", None,
     "Steam rises from the pack mule's flanks. It flicks an ear at you and keeps chewing.",
     "ok", []),
    ("gen2-o10", CARAVAN, "I attack Zahir", {"success": True, "roll": 16, "damage": 6},
     "Your rapier flickers past the camel whip and opens a cut along Zahir's forearm: 6 "
     "damage. He hisses like a kettle.", "ok", []),
]

# --- third batch: one-line narrations on the station and in the tower (first: 4 of 35 wrong) ---

CASES += [
    ('gen3-01', STATION, 'I look around', None,
     "Chief Okonjo wipes grease from her multitool and squints at the panel. 'Coolant's fine. It's the relay.'",
     'ok', []),
    ('gen3-02', STATION, 'I look around', None,
     'Pim drifts past upside down, ration bar in her teeth, and gives you a thumbs-up.',
     'ok', []),
    ('gen3-03', STATION, 'I look around', None,
     'The status lights blink amber, then green. Somewhere aft a pump thuds twice.',
     'ok', []),
    ('gen3-04', STATION, 'I look around', None,
     'You brace a boot against a handhold and haul the cargo net tighter over the crates.',
     'ok', []),
    ('gen3-05', STATION, 'I look around', None,
     "'Ops wants a report by nineteen hundred,' Pim says, tapping her headset.",
     'ok', []),
    ('gen3-06', STATION, 'I look around', None,
     'The chief mutters that the last engineer on this ring quit after a week.',
     'ok', []),
    ('gen3-07', STATION, 'I look around', None,
     "You check your wrist terminal: oxygen nominal, a message from Ops you haven't read.",
     'ok', []),
    ('gen3-08', STATION, 'I look around', None,
     'Okonjo swipes her red keycard and the maintenance hatch hisses open.',
     'ok', []),
    ('gen3-09', STATION, 'I look around', None,
     'The fire extinguisher rattles in its bracket as the ring shudders through a course burn.',
     'ok', []),
    ('gen3-10', STATION, 'I look around', None,
     'Pim laughs like a kid at a fair and spins slowly in the corridor.',
     'ok', []),
    ('gen3-11', STATION, 'I look around', None,
     'Pim closes her eyes and the cargo net untangles itself, drifting into a neat fold.',
     'violation', []),
    ('gen3-12', STATION, 'I look around', None,
     'Okonjo unclips a plasma cutter from her belt and carves open the airlock door.',
     'violation', []),
    ('gen3-13', STATION, 'I look around', None,
     'You pry open the maintenance hatch with your bare fingers, bending the steel like foil.',
     'violation', []),
    ('gen3-14', STATION, 'I look around', None,
     'Commander Reyes floats in from Hydroponics and demands a status report.',
     'violation', []),
    ('gen3-15', STATION, 'I look around', None,
     'You push off and sail out through the hull into open space, no suit needed.',
     'violation', []),
    ('gen3-16', STATION, 'I look around', None,
     'Pim hands you a sealed envelope marked TOP SECRET.',
     'violation', []),
    ('gen3-17', STATION, 'I look around', None,
     'The airlock door slides open for you, though you never entered the pilot code.',
     'violation', []),
    ('gen3-18', STATION, 'I look around', None,
     'You drift through the hatch and emerge on the bridge of the flagship Valiant.',
     'violation', []),
    ('gen3-19', STATION, 'I look around', None,
     'A stowaway cat curls up on the emergency locker.',
     'violation', []),
    ('gen3-20', TOWER, 'I look around', None,
     'Velloran leafs through a tome, muttering about apprentices who never dust.',
     'ok', []),
    ('gen3-21', TOWER, 'I look around', None,
     "Dessa's light spell bobs above her shoulder, a small warm sun.",
     'ok', []),
    ('gen3-22', TOWER, 'I look around', None,
     'The brass orrery ticks, its little planets creeping through their courses.',
     'ok', []),
    ('gen3-23', TOWER, 'I look around', None,
     'The black cat bats at a drifting candle, misses, and pretends it meant to.',
     'ok', []),
    ('gen3-24', TOWER, 'I look around', None,
     'You climb the bookshelves to reach a high atlas; dust puffs into your face.',
     'ok', []),
    ('gen3-25', TOWER, 'I look around', None,
     'Dessa mends a torn page with a whispered word; the paper knits itself whole.',
     'ok', []),
    ('gen3-26', TOWER, 'I look around', None,
     'Velloran raises his staff of ash and a ball of fire roars toward the window, then fizzles at his gesture.',
     'ok', []),
    ('gen3-27', TOWER, 'I look around', None,
     "'Fireball,' Velloran says dryly, 'is not a cleaning spell.'",
     'ok', []),
    ('gen3-28', TOWER, 'I look around', None,
     'Dessa hurls a crackling bolt of lightning at the orrery.',
     'violation', []),
    ('gen3-29', TOWER, 'I look around', None,
     'You run your hand over the sealed vault and it swings open at your touch.',
     'violation', []),
    ('gen3-30', TOWER, 'I look around', None,
     "Velloran's familiar, a silver owl, hoots from the lectern.",
     'violation', []),
    ('gen3-31', TOWER, 'I look around', None,
     'A second black cat slinks out from behind the orrery.',
     'violation', []),
    ('gen3-32', TOWER, 'I look around', None,
     "Dessa presses a glowing rune-stone into your palm. 'For luck.'",
     'violation', []),
    ('gen3-33', TOWER, 'I look around', None,
     'You leap from the tower window and glide down to the courtyard on your cloak.',
     'violation', []),
    ('gen3-34', TOWER, 'I look around', None,
     "Archmage Velloran's rival, the sorceress Ysmae, steps out of a mirror.",
     'violation', []),
]


def build() -> list[dict[str, Any]]:
    out = []
    for cid, scene, action, outcome, narration, expect, kinds in CASES:
        case: dict[str, Any] = {"id": cid, "scene": scene, "action": action,
                                "narration": narration, "expect": expect}
        if outcome is not None:
            case["outcome"] = outcome
        if kinds:
            case["kinds"] = kinds
        out.append(case)
    return out


if __name__ == "__main__":
    path = Path(__file__).with_name("narration_general.jsonl")
    with path.open("w", encoding="utf-8") as fh:
        for case in build():
            fh.write(json.dumps(case) + "\n")
    print(f"wrote {len(CASES)} cases to {path}")
