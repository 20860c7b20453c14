"""What kind of thing a noun names, when the scene does not say.

Used only for words that did *not* match anything in the scene: an unmatched being ("the dragon")
as the target of an attack is an absent target; an unmatched place ("the castle") as a destination
is an unreachable location; an unmatched piece of gear ("my crossbow") as a tool is an item the
player lacks. An unmatched word that is none of these (a fixture, food, a body part, or simply a
word these lists lack) is never grounds for a block.
"""

from __future__ import annotations

from bot.guard.lexicon.words import singular


def _words(text: str) -> frozenset[str]:
    return frozenset(singular(w) for w in text.split())


# People, monsters and animals: absent ones cannot be attacked, addressed or given things.
BEINGS = _words(
    """
    guard guardsman guardswoman soldier knight squire sentry watchman watchwoman warden jailer
    jailor captain sergeant lieutenant commander general admiral officer constable sheriff
    marshal bailiff mayor magistrate judge king queen prince princess emperor empress duke
    duchess baron baroness count countess earl lord lady noble nobleman noblewoman sultan
    vizier pharaoh chieftain chief warlord shah khan emir tsar czar regent heir steward
    chancellor courtier herald page servant maid butler footman cook chef baker butcher
    brewer innkeeper tavernkeeper bartender barkeep barkeeper barmaid barman publican
    waiter waitress host hostess patron customer drunk drunkard bouncer merchant trader
    vendor shopkeeper shopkeep seller peddler pedlar hawker storekeeper clerk banker
    moneylender smith blacksmith armorer armourer fletcher bowyer tanner weaver tailor
    cobbler carpenter mason miner farmer peasant serf villager townsfolk townsman citizen
    commoner beggar urchin orphan child kid boy girl lad lass man woman gentleman lady
    fellow stranger traveler traveller pilgrim wanderer hermit monk nun priest priestess
    cleric acolyte abbot abbess bishop archbishop cardinal pope deacon vicar friar paladin
    templar crusader inquisitor cultist zealot prophet oracle seer witch warlock wizard
    mage sorcerer sorceress enchanter enchantress necromancer druid shaman bard minstrel
    jester juggler performer dancer musician singer poet scholar sage librarian scribe
    archivist teacher professor headmaster headmistress student apprentice master mistress
    healer physician doctor surgeon alchemist apothecary herbalist midwife assassin thief
    rogue bandit brigand outlaw highwayman robber cutpurse pickpocket smuggler pirate
    buccaneer corsair sailor seaman deckhand boatswain bosun mate quartermaster navigator
    helmsman fisherman ferryman hunter trapper ranger scout tracker woodcutter lumberjack
    shepherd stablehand stableboy groom ostler hostler gatekeeper porter courier messenger
    mercenary sellsword gladiator champion warrior fighter barbarian berserker archer
    crossbowman spearman swordsman duelist executioner torturer spy informant agent
    emissary envoy ambassador diplomat explorer adventurer hero villain tyrant usurper
    rebel slave prisoner captive convict hostage widow widower husband wife mother father
    son daughter brother sister uncle aunt cousin grandmother grandfather granny elder
    ancestor owner proprietor landlord landlady foreman overseer boss employer crew
    dwarf elf halfling gnome human orc half-orc goblin hobgoblin bugbear kobold troll ogre
    giant cyclops ettin dragon wyrm wyvern drake dragonling dragonborn tiefling demon devil
    fiend imp succubus incubus angel deva celestial fey faerie fairy pixie sprite dryad
    nymph satyr centaur minotaur harpy siren mermaid merman naga lamia medusa gorgon sphinx
    griffin griffon hippogriff manticore chimera hydra basilisk cockatrice wyvern kraken
    leviathan behemoth golem elemental genie djinn efreet ghost spirit specter spectre
    wraith phantom apparition shade poltergeist banshee revenant zombie skeleton ghoul
    ghast mummy vampire lich werewolf werebear lycanthrope wight undead beholder mimic
    ooze slime jelly pudding gelatinous cube myconid troglodyte lizardfolk lizardman
    kobold gnoll yuan-ti sahuagin merfolk triton aarakocra kenku tabaxi firbolg goliath
    genasi drow duergar svirfneblin hag witch crone
    wolf warg dog hound puppy cat kitten lion tiger panther leopard bear boar pig hog sow
    horse mare stallion pony steed mule donkey ox cow bull goat sheep ram lamb deer stag
    elk moose rabbit hare fox badger weasel rat mouse bat owl hawk eagle falcon raven crow
    vulture parrot gull seagull pigeon chicken rooster hen goose duck swan snake serpent
    viper cobra python lizard crocodile alligator toad frog spider scorpion beetle ant wasp
    bee hornet centipede worm fish shark whale squid octopus crab lobster eel camel
    elephant rhino hippo gorilla ape monkey unicorn pegasus phoenix roc yeti sasquatch
    monster creature beast enemy foe brute fiend abomination horror thing
    """
)
# Monsters and animals, as opposed to people: an NPC whose role the scene does not state may be
# "the blacksmith", but is never "the wolf".
MONSTERS = _words(
    """
    dwarf elf halfling gnome orc half-orc goblin hobgoblin bugbear kobold troll ogre giant cyclops
    ettin dragon wyrm wyvern drake dragonling demon devil fiend imp succubus incubus angel deva
    celestial fey faerie fairy pixie sprite dryad nymph satyr centaur minotaur harpy siren mermaid
    merman naga lamia medusa gorgon sphinx griffin griffon hippogriff manticore chimera hydra
    basilisk cockatrice kraken leviathan behemoth golem elemental genie djinn efreet ghost spirit
    specter spectre wraith phantom apparition shade poltergeist banshee revenant zombie skeleton
    ghoul ghast mummy vampire lich werewolf werebear lycanthrope wight undead beholder mimic ooze
    slime jelly pudding myconid troglodyte lizardfolk lizardman gnoll yuan-ti sahuagin hag
    wolf warg dog hound puppy cat kitten lion tiger panther leopard bear boar pig hog sow horse
    mare stallion pony steed mule donkey ox cow bull goat sheep ram lamb deer stag elk moose
    rabbit hare fox badger weasel rat mouse bat owl hawk eagle falcon raven crow vulture parrot
    gull seagull pigeon chicken rooster hen goose duck swan snake serpent viper cobra python
    lizard crocodile alligator toad frog spider scorpion beetle ant wasp bee hornet centipede
    worm fish shark whale squid octopus crab lobster eel camel elephant rhino hippo gorilla ape
    monkey unicorn pegasus phoenix roc yeti sasquatch monster creature beast
    """
)
# Beings so generic that an unmatched one is not proof of absence ("the man" may be anyone).
GENERIC_BEINGS = _words(
    """
    man woman person people fellow stranger figure someone somebody anyone anybody everyone
    everybody folk guy gal lady gentleman boy girl kid child individual crowd patron customer
    """
)
# Hostile catch-alls: they resolve to whatever creature is present, and block only when none is.
HOSTILE_GENERICS = _words("monster creature beast enemy foe brute abomination horror thing attacker undead fiend opponent assailant")

# Synonym groups: an NPC called "the bartender" answers to "the innkeeper" too.
ROLE_SYNONYMS: tuple[frozenset[str], ...] = tuple(
    _words(g)
    for g in (
        "bartender barkeep barkeeper barmaid barman innkeeper tavernkeeper publican landlord landlady host hostess owner proprietor",
        "guard guardsman guardswoman sentry watchman watchwoman soldier sentinel",
        "merchant trader vendor shopkeeper shopkeep seller peddler pedlar hawker storekeeper",
        "priest priestess cleric father vicar chaplain friar",
        "smith blacksmith armorer armourer",
        "captain skipper",
        "beggar vagrant",
        "scout ranger tracker",
        "librarian archivist scribe",
        "horse mare stallion pony steed",
        "dog hound mutt puppy",
        "wolf warg",
        "spider arachnid",
        "bat bats",
        "ghost spirit specter spectre phantom apparition wraith shade",
        "nun sister",
        "foreman overseer boss",
        "miner digger",
        "boy lad",
        "wizard mage sorcerer magician",
    )
)

# Places: an unmatched one as a destination is somewhere the player cannot walk to from here.
PLACES = _words(
    """
    castle keep fortress citadel stronghold palace tower spire city town village hamlet
    capital kingdom realm empire province country land forest wood jungle swamp marsh bog
    fen desert dune mountain peak summit hill valley canyon gorge cave cavern grotto mine
    dungeon crypt tomb catacomb mausoleum temple church chapel cathedral shrine monastery
    abbey convent sanctuary library academy university college school guildhall guild
    market marketplace bazaar square plaza harbor harbour port dock pier wharf quay beach
    shore coast sea ocean lake river stream pond island isle bridge road highway crossroad
    inn tavern alehouse pub brothel shop store smithy forge stable barn farm farmstead mill
    manor mansion estate villa hall lodge cabin hut cottage house home camp campsite
    outpost fort garrison barracks prison jail gaol arena colosseum amphitheater theater
    theatre graveyard cemetery ruin lighthouse observatory oasis volcano glacier tundra
    plain prairie steppe meadow field orchard vineyard garden park city-gate gatehouse
    embassy bank treasury vault armory armoury kitchen attic basement cellar bedroom
    chamber throne-room courtyard dormitory infirmary hospital workshop laboratory
    warehouse shipyard lighthouse moon sun sky heaven hell underworld abyss netherworld
    afterlife plane dimension north-pole continent wasteland badland sewer undercity
    underdark ruins waterfront downtown uptown suburb suburbs neighborhood neighbourhood
    borough slum slums station courthouse airport airfield museum hotel motel casino
    factory mall stadium precinct townhouse apartment
    """
)
# Destinations that mean "somewhere around here", never an unreachable place.
DIRECTIONS = frozenset(
    {
        "north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest",
        "up", "down", "upstairs", "downstairs", "inside", "outside", "in", "out", "back", "away",
        "forward", "forwards", "ahead", "left", "right", "around", "over", "here", "there",
        "closer", "nearer", "onward", "onwards", "home", "behind", "aside", "along", "off",
        "outdoors", "indoors", "aboard", "ashore", "below", "above", "upward", "downward",
        "across", "past", "through", "underground", "overboard",
    }
)
COMPASS = frozenset(
    {"north", "south", "east", "west", "northeast", "northwest", "southeast", "southwest"}
)

# Things a room or place of a kind has even when the scene does not list them. The narration may
# mention them (FORMAT.md: "the furniture and fixtures a place of that kind has"), so actions on
# them are never blocked.
FIXTURES_COMMON = _words(
    """
    wall floor ground ceiling roof door doorway window corner room stair staircase step
    table chair stool bench seat shelf cupboard cabinet rug carpet curtain candle lamp
    torch sconce fire fireplace hearth chimney beam rafter pillar post column ladder bucket
    crate box barrel sack bag basket pot jar bottle cup mug glass plate bowl spoon fork
    tankard goblet cloth rag broom dust dirt mud puddle water rock stone pebble
    stick branch twig leaf leaves grass plant flower sky sun moon star cloud
    rain wind shadow light darkness noise sound smell air wood plank board nail hook
    chain bed blanket pillow straw hay tapestry painting portrait picture mirror statue
    fountain well gate fence hedge path trail track road street alley edge ledge railing
    rail balcony crowd people sign notice poster board counter bar desk paper note
    """
)
FIXTURES_BY_KIND: dict[str, frozenset[str]] = {
    "tavern": _words("bar counter keg tap hearth fireplace table stool bench dartboard dart mug tankard ale beer stew kitchen stairs rafter card dice"),
    "inn": _words("bar counter keg tap hearth fireplace table stool bench dartboard dart mug tankard ale beer stew kitchen stairs rafter card dice"),
    "ship": _words("mast rigging sail deck hold helm wheel rudder bow stern prow hull rail plank anchor cannon oar crow's-nest nest cabin hatch line net barrel crate wave sea water gull"),
    "mine": _words("cart rail track beam prop support ore vein rock tunnel shaft lift pickaxe pick shovel lamp lantern rubble dust"),
    "chapel": _words("pew altar candle font bell tower window glass statue icon relic lectern pulpit organ crypt grave tomb"),
    "church": _words("pew altar candle font bell tower window glass statue icon relic lectern pulpit organ"),
    "temple": _words("altar candle incense statue idol pillar column brazier offering"),
    "market": _words("stall awning tent crate cart barrel rug basket fruit spice cloth wares booth well fountain cobble"),
    "bazaar": _words("stall awning tent crate cart barrel rug basket fruit spice cloth wares booth fountain lamp carpet"),
    "library": _words("shelf bookshelf book tome scroll desk lectern ladder lamp candle reading table chair"),
    "forest": _words("tree oak pine trunk branch root bush undergrowth stream rock log moss leaf path"),
    "camp": _words("tent fire campfire log stump tree pot bedroll firewood branch stone"),
    "cave": _words("stalactite stalagmite rock boulder pool water puddle crevice ledge"),
    "stable": _words("stall hay straw trough saddle bridle bucket pitchfork horse"),
    "dungeon": _words("cell bar chain manacle torch sconce brazier grate drain bone skull"),
    "harbor": _words("boat dinghy skiff rowboat barge fishing-boat net crate barrel rope bollard pier jetty quay dock gull water sea wave mooring plank"),
}
# Words in a location's name or description that tell its kind.
KIND_HINTS: dict[str, str] = {
    "tavern": "tavern", "inn": "inn", "alehouse": "tavern", "pub": "tavern", "tankard": "tavern",
    "ship": "ship", "deck": "ship", "brigantine": "ship", "galleon": "ship", "boat": "ship",
    "vessel": "ship", "mine": "mine", "mineshaft": "mine", "chapel": "chapel",
    "church": "church", "cathedral": "church", "temple": "temple", "shrine": "temple",
    "market": "market", "bazaar": "bazaar", "souk": "bazaar", "library": "library",
    "archive": "library", "forest": "forest", "wood": "forest", "camp": "camp",
    "campsite": "camp", "cave": "cave", "cavern": "cave", "stable": "stable",
    "dungeon": "dungeon", "prison": "dungeon", "jail": "dungeon",
    "harbor": "harbor", "harbour": "harbor", "dock": "harbor", "docks": "harbor", "quay": "harbor",
    "quayside": "harbor", "wharf": "harbor", "pier": "harbor", "port": "harbor",
}

# Things a player might carry and use: named but not held means the player does not have it.
GEAR = _words(
    """
    sword longsword shortsword greatsword broadsword rapier scimitar sabre saber cutlass
    katana falchion claymore blade dagger knife dirk stiletto kukri machete sickle scythe axe
    handaxe battleaxe greataxe hatchet tomahawk mace club cudgel morningstar flail hammer
    warhammer maul mallet spear javelin pike lance halberd glaive trident harpoon whip staff
    quarterstaff stave wand rod scepter sceptre bow longbow shortbow crossbow sling
    slingshot arrow quiver blowgun dart net shield buckler pistol gun flintlock musket
    rifle revolver blunderbuss firearm shotgun cannon grenade bomb dynamite explosive
    laser blaster crowbar lockpick pick thieves-tool tool rope grappling-hook hook torch
    lantern tinderbox flint shovel spade pickaxe chisel spyglass telescope compass map key
    manacle shackle potion elixir draught tonic philter phial vial flask poison antidote
    scroll tome spellbook grimoire book amulet ring necklace pendant talisman charm orb
    crystal gem jewel diamond ruby emerald sapphire crown tiara circlet gauntlet
    armor armour chainmail breastplate lute flute horn drum harp
    lyre violin fiddle bagpipe holy-symbol symbol totem idol relic artifact artefact
    waterskin canteen bedroll backpack pouch purse coin gold silver copper platinum money
    bandage kit mirror whistle bell chalk caltrop ball-bearing oil phone smartphone laptop
    computer tablet jetpack lightsaber taser flashlight camera radio drone chainsaw badge
    lighter cellphone pager walkman walkie-talkie keycard grenade dynamite detonator blaster
    pipe flare commlink comlink communicator
    cutter welder grinder drill hacksaw wrench spanner screwdriver pliers prybar multitool
    """
)
# Families: a requested weapon is satisfied by a held member of its family when either side is
# the family's generic word ("my sword" and a rapier; "my longsword" and an iron sword).
ITEM_FAMILIES: dict[str, frozenset[str]] = {
    "sword": _words("sword longsword shortsword greatsword broadsword rapier scimitar sabre saber cutlass katana falchion claymore estoc"),
    "blade": _words("blade sword longsword shortsword greatsword broadsword rapier scimitar sabre saber cutlass katana falchion claymore dagger knife dirk stiletto kukri machete sickle"),
    "knife": _words("knife dagger dirk stiletto kukri"),
    "dagger": _words("dagger knife dirk stiletto"),
    "axe": _words("axe handaxe battleaxe greataxe hatchet tomahawk"),
    "hammer": _words("hammer warhammer maul mallet"),
    "mace": _words("mace morningstar flail club cudgel"),
    "club": _words("club cudgel mace"),
    "bow": _words("bow longbow shortbow crossbow"),
    "crossbow": _words("crossbow"),
    "spear": _words("spear javelin pike lance halberd glaive trident harpoon"),
    "staff": _words("staff quarterstaff stave"),
    "gun": _words("gun pistol flintlock musket rifle revolver blunderbuss firearm"),
    "firearm": _words("gun pistol flintlock musket rifle revolver blunderbuss firearm"),
    "lockpick": _words("lockpick pick thieves-tool tool"),
    "light": _words("torch lantern lamp candle"),
    "potion": _words("potion elixir draught tonic philter"),
    "shield": _words("shield buckler"),
    "armor": _words("armor armour chainmail breastplate mail"),
    "coin": _words("coin gold silver copper platinum money"),
    "money": _words("coin gold silver copper platinum money"),
    "weapon": frozenset(),  # filled below: every weapon
    "instrument": _words("lute flute horn drum harp lyre violin fiddle bagpipe"),
}
_WEAPONS = frozenset().union(
    *(ITEM_FAMILIES[k] for k in ("blade", "axe", "hammer", "mace", "bow", "spear", "staff", "gun")),
    _words("whip sling slingshot blowgun dart net"),
)
ITEM_FAMILIES["weapon"] = _WEAPONS | {"weapon"}
# Generic words: on either side of a comparison they accept any member of the family.
GENERIC_ITEMS = frozenset(
    {"sword", "blade", "axe", "hammer", "bow", "spear", "staff", "gun", "firearm", "weapon",
     "knife", "club", "light", "potion", "shield", "armor", "coin", "money", "instrument",
     "lockpick", "tool"}
)
RANGED = _words("bow longbow shortbow crossbow sling slingshot pistol gun flintlock musket rifle revolver blunderbuss blowgun")

# Food and drink: a tavern has them to order; unmatched ones are not a lie about the inventory.
FOOD = _words(
    """
    ale beer mead wine rum whiskey whisky brandy gin vodka cider grog water milk tea coffee
    juice drink bread cheese meat stew soup pie apple pear fruit date fig olive nut berry
    egg fish chicken pork beef mutton sausage ham bacon cake biscuit cookie sweet honey
    porridge gruel broth meal food snack ration dinner supper breakfast lunch round shot
    sip swig gulp mouthful bite
    """
)
# Parts of the body and inborn qualities: always "held".
BODY = _words(
    """
    hand fist finger knuckle palm wrist arm elbow shoulder foot leg knee shin thigh hip head
    forehead brow face nose jaw chin cheek ear neck throat chest back belly gut stomach rib
    groin skull tooth teeth fang claw tail horn wing eye eyebrow mouth lip tongue voice breath
    hair beard mustache moustache body weight strength might muscle self myself
    lap thumb ankle toe heel
    """
)
# What one wears: rarely on a sheet, never a lie to mention ("I pull my hood up").
CLOTHING = _words(
    """
    hat hood cap cloak cape coat jacket vest shirt tunic blouse dress gown skirt trouser pant
    breeche sleeve collar belt buckle sash scarf shawl glove mitten boot shoe sandal sock
    stocking robe apron mask veil glasses spectacle monocle earring bracelet button pocket
    collar bandana headband hairpin ribbon clothes clothing outfit uniform armband shoelace
    bootlace lace strap zipper cuff hem necktie bowtie cravat
    """
)
ATTRIBUTES = _words(
    """
    strength dexterity constitution intelligence wisdom charisma might agility speed wit
    wits charm cunning guile presence willpower will courage bravado muscle brawn brain
    intellect instinct reflex luck size stature reputation authority rank title
    """
)
# Landmarks that cannot be "climbed" where they are absent (an absent table or stair, by
# contrast, is furniture the room may well have).
LANDMARKS = _words(
    """
    tree oak pine cliff mountain peak tower mast rigging statue monument obelisk pyramid
    cliffside hill volcano castle spire steeple bell-tower lighthouse
    palisade rampart battlement tree-trunk waterfall dune
    """
)
# Doors and the like that an exit may pass through.
DOORLIKE = _words("door gate hatch trapdoor portcullis grate grille shutter doorway entrance")
# Beings one may speak or pray to without their being present ("I curse the gods").
UNADDRESSABLE = _words(
    """god goddess deity divinity heaven heavens fate fortune destiny ancestor spirit saint lord
    universe world void star moon sun sky night darkness dark shadow wind sea ocean everyone
    nobody anybody somebody audience room party group team company crew people help""" 
)
# Heads that, with a modifier in front, name a made object even when WordNet calls them abstract
# ("comm unit", "ID card", "flash drive", "memory chip").
DEVICE_HEADS = _words(
    """unit device gadget kit module drive card chip pad set console terminal implant band
    scanner tracker transmitter receiver detonator remote launcher charge cartridge capsule"""
)
# Ammunition -> the weapons that fire it (empty: any ranged weapon).
AMMUNITION: dict[str, frozenset[str]] = {
    "arrow": _words("bow longbow shortbow greatbow warbow"),
    "bolt": _words("crossbow arbalest"),
    "quarrel": _words("crossbow arbalest"),
    "stone": _words("sling slingshot"),
    "pebble": _words("sling slingshot"),
    "pellet": _words("sling slingshot blowgun"),
    "bullet": _words("sling slingshot gun pistol flintlock musket rifle revolver blunderbuss firearm six-shooter derringer carbine shotgun"),
    "shot": _words("sling gun pistol flintlock musket rifle revolver blunderbuss firearm cannon shotgun"),
    "round": _words("gun pistol rifle revolver firearm shotgun carbine"),
    "shell": _words("shotgun cannon"),
    "cartridge": _words("gun pistol rifle revolver firearm shotgun carbine"),
    "dart": _words("blowgun dart"),
    "needle": _words("blowgun"),
    "quiver": frozenset(),
    "ammo": frozenset(),
    "ammunition": frozenset(),
}
# Things "my" may precede that no sheet lists: one's belongings as a whole, one's hold or footing.
OWN_NONITEMS = _words(
    """gear equipment stuff things belongings possessions kit supplies luggage baggage grip hold
    footing balance stance aim focus turn time way best luck life courage wits composure temper
    patience posture position place seat spot share cut half part lot fill chance move round
    reflection shadow silhouette tracks trail bed room home quarters cover piece point word lead
    stand ground mark post step pace breath tongue peace role duty orders honor honour oath
    promise vow name story case head heart soul mind eye eyes ear ears attention regards thanks
    inventory stats""" 
)
# Food and drink that is served rather than carried: "my ale" in a saloon is the one just bought.
SERVED = _words(
    """ale beer mead wine rum whiskey whisky brandy gin vodka cider grog water milk tea coffee
    juice drink stew soup meal food snack dinner supper breakfast lunch round shot sip swig gulp
    mouthful bite porridge gruel broth pint glass"""
)


# Substances the body makes: "my spit" is no thing carried.
BODILY = _words("urine piss pee vomit sweat spit saliva tear tears blood bile snot mucus phlegm dung")
# Where an action happens inside a game, story or dream rather than in the scene ("in the game",
# "in my dream"): nothing there is checked against the scene.
FICTION_FRAMES = _words(
    """game games videogame video-game match level simulation sim dream daydream nightmare
    imagination fantasy story novel movie film show vr metaverse"""
)
# Things a title of a game, book or film is printed on: "Quake CD", "Monopoly box".
MEDIA = _words("cd cds disc disk disks cartridge cassette tape dvd game box deck board manual novel book comic")
# Rooms and buildings: someone's ("the King's throne room", "Derek's bedroom") is elsewhere
# unless the scene has it.
ROOM_HEADS = _words(
    """room chamber chambers quarters office study bedroom bedchamber cabin tent house home hut
    lair den keep tower hall apartment flat suite vault cellar attic loft parlour parlor library
    kitchen workshop shop palace castle manor mansion estate farm barn stable garden"""
)
# Money by any name: "ten bucks", "a fiver", "two shillings" are paid out of whatever purse the
# sheet lists ("$40", "12 gold coins").
CURRENCY = _words(
    """buck bucks dollar dollars cent cents dime dimes nickels quarters fiver tenner quid pound
    pounds shilling shillings penny pennies pence farthing farthings groat groats crowns
    sovereigns guineas ducat ducats florin florins doubloon doubloons peso pesos franc francs
    euro euros yen credits marks denarius denarii drachma drachmae drachmas rupee rupees ruble
    rubles rouble lira lire thaler thalers reales sou sous coin coins gold silver copper money
    cash gp sp cp krone kroner krona kronor mon ryo deben shekel shekels obol obols sesterce
    sesterces sestertii kopeck kopecks kopek kopeks guilder guilders pfennig pfennigs dinar dinars
    dirham dirhams dinero tael taels yuan baht reis escudo escudos"""
)


# What a worn thing is FOR makes it equipment a sheet lists rather than clothes anyone wears: a
# dive suit, a gas mask, a flak jacket, a space helmet (a "leather coat" or a "red scarf" is not).
PROTECTIVE_MODIFIERS = _words(
    """
    dive diving scuba space pressure pressurised pressurized hazmat radiation eva vacuum flight
    gas oxygen breathing rebreather environment environmental survival bulletproof kevlar flak
    life ballistic power plate chain scale combat riot bomb blast fireproof thermal insulated
    stealth camouflage ghillie exo mech powered climbing wing g
    """
)
# Worn equipment by its own name.
PROTECTIVE_GEAR = _words(
    """
    wetsuit drysuit spacesuit exosuit hardsuit vacsuit envirosuit rebreather parachute
    lifejacket hauberk cuirass brigandine gambeson scuba aqualung
    """
)
# Things put on a person to hold them: equipment, whatever else the word may mean ("cuffs").
RESTRAINTS = _words("handcuffs cuffs manacles shackles fetters irons restraints zipties zip-ties bindings")
# Words that make a thing a different, powered kind of it: a "motor sledge" is not the sledge
# standing here, an "electric lantern" not its oil lantern.
POWERED_MODIFIERS = frozenset(
    """motor motorised motorized electric electrical steam steam-powered diesel petrol gasoline
    jet rocket nuclear atomic laser plasma solar battery-powered mechanical mechanised
    mechanized clockwork robotic automatic automated self-driving hover flying magic magical
    enchanted""".split()
)


# What a call is made through: a call "from the payphone" needs a payphone at hand.
CALL_DEVICES = frozenset("phone payphone telephone cellphone smartphone mobile radio walkie-talkie "
                         "intercom transmitter handset receiver pager terminal computer laptop modem "
                         "telegraph switchboard".split())
