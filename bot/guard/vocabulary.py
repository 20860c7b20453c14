"""English word knowledge for reading narration: what kind of thing a noun names.

A scene lists what *is* there; it cannot say that "kraken" is a monster, "spearman" a person,
"armory" a place, "tankard" a thing every tavern has, or that "slams" is a verb that ends a noun
phrase. Post-validation needs those facts to decide which mentions must be grounded in the scene
(anything that appears, acts, is drawn or handed over) and which are only colour (furniture, light,
weather, body parts). These tables are vocabularies, not verdicts: every check consults the scene
first, and a word missing here makes the guard fall back to a weaker, lower-confidence finding or
to none.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.lexicon.given_names import GIVEN_NAMES


def _w(text: str) -> frozenset[str]:
    return frozenset(text.split())


# --- function words -----------------------------------------------------------------------------

ARTICLES = _w("a an the")
INDEFINITE = _w("a an some one another several any")
POSSESSIVE_PRONOUNS = _w("my your his her their its our thy")
DEMONSTRATIVES = _w("this that these those")
QUANTIFIERS = _w("both all each every few many several some no more most other another any "
                 "either neither enough half")
DETERMINERS = ARTICLES | POSSESSIVE_PRONOUNS | DEMONSTRATIVES | QUANTIFIERS
SUBJECT_PRONOUNS = _w("i you he she it we they")
OBJECT_PRONOUNS = _w("me you him her it us them yourself himself herself itself themselves "
                     "yourselves ourselves myself")
PRONOUNS = SUBJECT_PRONOUNS | OBJECT_PRONOUNS | _w(
    "someone somebody something anyone anybody anything everyone everybody everything nobody "
    "nothing none one whoever whatever who whom whose which what mine yours hers theirs ours")
PREPOSITIONS = _w(
    "about above across after against along alongside amid amidst among amongst around as at of "
    "atop before behind below beneath beside besides between beyond by despite down during "
    "except for from in inside into like near off on onto opposite out outside over past per "
    "round since than through throughout till to toward towards under underneath until unto up "
    "upon via with within without aboard")
CONJUNCTIONS = _w("and but or nor yet so because although though while whereas if unless "
                  "whether when whenever where wherever as then once until before after since")
AUXILIARIES = _w(
    "is are was were be been being am do does did have has had having will would shall should "
    "can could may might must ought isn't aren't wasn't weren't don't doesn't didn't haven't "
    "hasn't hadn't won't wouldn't can't cannot couldn't shouldn't mustn't")
ADVERBS = _w(
    "suddenly then now still just finally slowly quickly meanwhile instead somewhere nearby "
    "everywhere nowhere anywhere here there again already soon later abruptly immediately "
    "instantly almost nearly barely hardly quite very too also even only merely simply clean "
    "straight right back away up down off out over forth aside apart together alone "
    "afterwards afterward inside outside overhead below above beyond ahead behind around "
    "briefly gently softly loudly quietly silently carefully calmly swiftly rapidly firmly "
    "hard fast well badly once twice thrice always never often sometimes ever yet perhaps "
    "maybe indeed truly really rather somehow anyway otherwise thus hence therefore however "
    "nevertheless moreover besides further furthermore eventually presently shortly "
    "upward upwards downward downwards forward forwards backward backwards sideways "
    "nonetheless today tonight tomorrow yesterday first last next")
INTERJECTIONS = _w("oh ah alas aye nay yes no hey well ho lo hark behold hmm huh ha")

# Capitalised words that open sentences and are never names.
NOT_NAMES = (ARTICLES | POSSESSIVE_PRONOUNS | DEMONSTRATIVES | QUANTIFIERS | SUBJECT_PRONOUNS
             | OBJECT_PRONOUNS | PRONOUNS | PREPOSITIONS | CONJUNCTIONS | AUXILIARIES | ADVERBS
             | INTERJECTIONS | _w("i'm you're he's she's it's we're they're i've you've there's "
                                 "here's that's what's let's let"))

# Days, months and feasts: capitalised like names, but a time, never someone ("Every Thursday").
CALENDAR = _w(
    "monday tuesday wednesday thursday friday saturday sunday january february march april may "
    "june july august september october november december christmas easter yule midsummer "
    "michaelmas candlemas lammas lent advent whitsun sabbath ramadan passover hogmanay "
    "halloween")
_NAME_MONTHS = _w("april may june august march")
_TIME_LEADS = _w("every each next last this that on until till since by before after from")

# Titles and honorifics: part of a name chain but not what identifies a person.
TITLES = _w(
    "sir dame lady lord master mistress miss mister mr mrs ms dr doctor professor captain "
    "admiral general colonel major sergeant lieutenant commander marshal constable sheriff "
    "king queen prince princess duke duchess count countess baron baroness earl emperor "
    "empress sultan vizier caliph emir sheikh pharaoh khan tsar czar regent chancellor "
    "bishop archbishop cardinal pope father mother brother sister abbot abbess prior friar "
    "saint st elder old young big little high grand chief agent officer detective inspector "
    "deputy judge magistrate mayor governor senator minister ambassador herald knight "
    "squire maester archmage magister high-priest priest priestess reverend pastor rabbi "
    "imam monk nun uncle aunt granny grandma grandpa cousin boss death warden warder jailer "
    "gaoler bailiff reeve provost alderman steward corporal ensign")
NAME_CONNECTORS = _w("of the de da di del della van von der al el bin ibn ben la le du")

# --- numbers ------------------------------------------------------------------------------------

NUMBER_WORDS: dict[str, int] = {
    "zero": 0, "no": 0, "one": 1, "a": 1, "an": 1, "single": 1, "lone": 1, "two": 2, "both": 2,
    "pair": 2, "couple": 2, "twin": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
    "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
    "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
    "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12, "score": 20,
}
CARDINALS = {k: v for k, v in NUMBER_WORDS.items()
             if k not in ("a", "an", "no", "both", "pair", "couple", "twin", "lone", "single",
                          "score")}
ORDINAL_NEW = _w("second third fourth fifth another extra spare other additional more")

# --- creatures ----------------------------------------------------------------------------------

# lemma -> the group nouns it also answers to ("the horses" grounds "two brown mares").
_CREATURE_GROUPS = {
    "horse": "horse mare stallion pony steed foal colt filly gelding nag charger destrier "
             "palfrey warhorse packhorse",
    "mule": "mule donkey burro jenny",
    "camel": "camel dromedary",
    "dog": "dog hound mutt cur puppy pup wolfhound mastiff bloodhound terrier hellhound",
    "wolf": "wolf warg direwolf",
    "cat": "cat kitten tabby tomcat mouser moggy",
    "bigcat": "lion lioness tiger panther leopard jaguar cougar lynx",
    "rodent": "rat mouse rodent",
    "bird": "bird crow raven gull seagull parrot owl hawk eagle falcon vulture pigeon dove "
            "sparrow magpie jackdaw heron albatross cormorant pelican swan chicken hen rooster "
            "cockerel goose songbird blackbird starling",
    "snake": "snake serpent viper adder cobra asp python",
    "spider": "spider tarantula",
    "insect": "insect beetle scarab ant wasp bee hornet locust moth butterfly mosquito "
              "cockroach roach centipede scorpion flea maggot",
    "bat": "bat",
    "cattle": "cow ox bull cattle calf heifer sheep lamb ewe goat pig hog boar sow swine piglet",
    "wild": "deer stag doe elk moose bear fox badger otter beaver hare rabbit squirrel "
            "hedgehog jackal hyena llama elephant rhinoceros hippopotamus monkey ape baboon "
            "gorilla chimpanzee",
    "sea": "fish shark whale dolphin octopus squid crab lobster jellyfish walrus seal kraken "
           "leviathan",
    "reptile": "lizard crocodile alligator gecko toad frog newt salamander turtle tortoise",
    "dragon": "dragon drake wyvern wyrm dragonling wyrmling",
    "ghost": "ghost phantom spirit spectre specter wraith shade banshee poltergeist apparition "
             "revenant haunt wisp",
    "undead": "undead zombie ghoul ghast skeleton mummy wight lich vampire",
    "fiend": "demon devil fiend imp succubus incubus hellspawn",
    "giantkin": "giant ogre troll cyclops ettin titan",
    "goblinoid": "goblin hobgoblin orc kobold gnoll bugbear",
    "fey": "sprite pixie fairy faerie dryad nymph satyr",
    "monster": "griffin gryphon hippogriff pegasus unicorn phoenix basilisk cockatrice chimera "
               "manticore hydra minotaur centaur harpy siren mermaid merman naga lamia sphinx "
               "gorgon medusa djinn djinni genie efreet ifrit elemental golem gargoyle "
               "homunculus mimic slime ooze beholder werewolf werebear lycanthrope yeti "
               "sasquatch chupacabra owlbear roc behemoth colossus abomination horror "
               "sandworm leech worm alien mutant",
}
CREATURE_GENERIC = _w("creature beast monster animal critter vermin brute fiend familiar")
CREATURE_GROUP: dict[str, str] = {}
for _group, _names in _CREATURE_GROUPS.items():
    for _n in _names.split():
        CREATURE_GROUP[_n] = _group
CREATURES = frozenset(CREATURE_GROUP) | CREATURE_GENERIC
# Creature nouns that are also common verbs or other nouns: need a clear noun-phrase context.
CREATURE_AMBIGUOUS = _w("bat bear crow hawk fox badger ape worm snake spider hound dog wolf "
                        "fish seal rat cat ant fly spirit shade haunt horror brute familiar "
                        "bull hog chicken goose pig swine mole mutant charger nag giant "
                        "colossus leech imp drake boar")
# Suffixes that make an invented compound a creature ("shadowcat", "firedrake", "glasswing").
CREATURE_SUFFIXES = ("cat", "dog", "hound", "wolf", "drake", "wyrm", "serpent", "spider",
                     "beast", "horse", "bird", "hawk", "bat", "fiend", "worm", "moth", "mare",
                     "stallion", "lizard", "toad", "rat", "bear", "ghoul", "wraith", "golem",
                     "dragon", "snake", "eel", "fish", "fly", "boar", "stag", "crab")
_CREATURE_SUFFIX = re.compile("(?:" + "|".join(sorted(CREATURE_SUFFIXES, key=len, reverse=True))
                              + ")$")
# Verbs only animals do: an unknown noun doing them is a creature.
ANIMAL_VERBS = _w(
    "snarl snarls snarled growl growls growled howl howls howled whinny whinnies whinnied neigh "
    "neighs neighed gallop gallops galloped slither slithers slithered hiss hisses hissed buzz "
    "buzzes buzzed scuttle scuttles scuttled skitter skitters skittered flap flaps flapped "
    "roar roars roared bellow bellows bellowed bark barks barked chitter chitters chittered "
    "squeak squeaks squeaked prowl prowls prowled pounce pounces pounced bray brays brayed "
    "snort snorts snorted paw paws pawed scurry scurries scurried squawk squawks squawked "
    "screech screeches screeched trot trots trotted slink slinks slunk lope lopes loped "
    "bleat bleats bleated croak croaks croaked coil coils coiled burrow burrows burrowed "
    "swoop swoops swooped nuzzle nuzzles nuzzled whicker whickers whickered purr purrs purred "
    "meow meows mewl mewls yowl yowls hoot hoots hooted caw caws cawed chirp chirps chirped "
    "cluck clucks clucked coo coos cooed quack quacks quacked moo moos mooed oink oinks oinked "
    "cheep cheeps cheeped tweet tweets tweeted trill trills trilled yip yips yipped yap yaps "
    "yapped twitter twitters twittered gobble gobbles gobbled")

# Parts of creatures: "tentacles rise" is a creature appearing even without naming it.
CREATURE_PARTS = _w("tentacle tentacles claw claws talon talons fang fangs maw jaws hoof hooves "
                    "wing wings tail tails scale scales mane horn horns antler antlers pincer "
                    "pincers carapace snout muzzle beak feathers fur pelt hide")

# --- people -------------------------------------------------------------------------------------

PERSON_GENERIC = _w(
    "man woman person stranger figure fellow gent gentleman lady lad lass boy girl child kid "
    "youth youngster elder crone oldster codger wench maid maiden matron dwarf elf halfling "
    "gnome human half-elf half-orc tiefling dragonborn newcomer visitor traveller traveler "
    "wanderer intruder passerby local villager townsman townswoman peasant commoner someone "
    "somebody individual soul folk people")
# Words that introduce someone new even with "the": "the stranger" is not Greta.
PERSON_NEWCOMER = _w("stranger newcomer intruder visitor figure traveller traveler wanderer")
_ROLE_GROUPS = {
    "barkeep": "bartender barkeep barman barmaid tavernkeeper tavernkeep innkeeper innkeep "
               "publican alewife host hostess landlord landlady serving-girl server waitress "
               "waiter",
    "guard": "guard guardsman watchman sentry soldier warden militiaman patrolman",
    "merchant": "merchant trader vendor peddler pedlar shopkeeper shopkeep hawker seller "
                "dealer monger spice-seller",
    "priest": "priest priestess cleric chaplain vicar father acolyte deacon friar nun sister "
              "monk abbot abbess bishop reverend",
    "captain": "captain skipper master commander",
    "sailor": "sailor seaman deckhand mate bosun boatswain quartermaster navigator helmsman "
              "crewman pirate buccaneer corsair",
    "miner": "miner digger foreman forewoman overseer prospector",
    "stablehand": "stablehand stableboy groom ostler hostler stable-hand",
    "gravedigger": "gravedigger sexton undertaker",
    "hacker": "hacker programmer coder phreaker cracker",
    "thief": "thief rogue burglar pickpocket cutpurse thug bandit brigand outlaw highwayman "
             "cutthroat footpad",
    "storyteller": "storyteller bard minstrel singer poet skald",
    "courier": "courier messenger runner",
    "wizard": "wizard mage sorcerer sorceress warlock witch necromancer enchanter "
              "enchantress magician conjurer archmage",
}
ROLE_GROUP: dict[str, str] = {}
for _group, _names in _ROLE_GROUPS.items():
    for _n in _names.split():
        ROLE_GROUP.setdefault(_n, _group)
PERSON_ROLES = frozenset(ROLE_GROUP) | _w(
    "knight paladin warrior fighter mercenary sellsword sergeant lieutenant officer general "
    "admiral marshal constable sheriff deputy cop policeman detective agent spy assassin "
    "smuggler cook chef baker butcher brewer servant squire page butler valet steward "
    "stewardess maidservant customer patron drinker regular gambler farmer blacksmith smith "
    "armorer armourer carpenter mason tailor cobbler fisherman hunter trapper woodcutter "
    "ranger druid shaman pilgrim alchemist apothecary healer physician doctor surgeon nurse "
    "midwife herbalist scholar sage scribe librarian teacher professor student apprentice "
    "lord king queen prince princess duke duchess count countess baron baroness earl noble "
    "nobleman noblewoman emperor empress sultan vizier caliph emir sheikh pharaoh chieftain "
    "chief jarl thane courtier herald envoy ambassador diplomat dancer jester juggler "
    "performer actor beggar urchin orphan slave prisoner captive hostage executioner jailer "
    "gaoler engineer technician mechanic scientist reporter journalist clerk secretary "
    "janitor tenant neighbor neighbour cabbie driver pilot goon henchman bodyguard bouncer "
    "enforcer mobster gangster fence cultist zealot fanatic inquisitor witch-hunter "
    "spearman swordsman bowman archer crossbowman rider horseman cavalryman footman "
    "militia watch crew accomplice companion ally enemy foe assailant attacker heir widow "
    "widower husband wife son daughter brother sister uncle aunt nephew niece cousin "
    "grandfather grandmother mother father apprentice novice initiate recruit cadet "
    "vagrant drunk drunkard suit")
PERSON_TITLES = TITLES - _w("old young big little high grand saint st death boss elder chief "
                             "father mother brother sister uncle aunt cousin granny grandma "
                             "grandpa miss mister mr mrs ms dr sir dame lady lord master "
                             "mistress")
PERSONS = PERSON_GENERIC | PERSON_ROLES | PERSON_TITLES
# Background people a busy place has without anyone listing them.
CROWD = _w(
    "patrons crowd crowds throng townsfolk townspeople villagers onlookers bystanders drinkers "
    "regulars customers shoppers hawkers vendors merchants traders sailors crew deckhands "
    "miners workers labourers laborers pilgrims worshippers congregation mourners travelers "
    "travellers passersby locals children people folk revelers revellers gamblers dancers "
    "traffic pedestrians commuters tourists buyers sellers stallholders porters beggars "
    "urchins others everyone everybody someone somebody anyone nobody")
# The people a busy place of a kind has without listing them: one of them acting is colour
# (reported, not blocked) unless they arrive or lay hands on the player.
KIND_CROWD: dict[str, frozenset[str]] = {
    "tavern": _w("patron drinker customer regular traveler traveller local gambler drunk "
                 "drunkard farmer cowhand cowboy rancher miner sailor merchant peddler bard "
                 "minstrel musician singer dancer serving-girl barmaid waitress server "
                 "stranger man woman fellow lad lass"),
    "market": _w("customer shopper buyer passerby hawker vendor merchant trader porter beggar "
                 "child urchin stallholder seller pilgrim traveler traveller local woman man "
                 "boy girl guard"),
    "street": _w("passerby townsman townswoman urchin beggar child local woman man cart "
                 "carter vendor"),
    "ship": _w("sailor deckhand crewman mate seaman hand lookout cabin-boy"),
    "chapel": _w("worshipper pilgrim mourner acolyte"),
    "mine": _w("miner worker digger labourer laborer"),
    "stable": _w("groom stablehand rider traveler"),
    "modern": _w("neighbor neighbour tenant passerby"),
}
PERSON_SUFFIXES = ("man", "men", "woman", "women", "smith", "keeper", "monger", "master",
                   "wright", "herd", "maid", "folk")

# --- things -------------------------------------------------------------------------------------

_ITEM_FAMILIES = {
    # family: (members, what a member of the family may be called)
    "sword": ("sword longsword shortsword broadsword greatsword claymore rapier sabre saber "
              "cutlass scimitar falchion katana blade estoc", "sword blade weapon steel hilt"),
    "knife": ("dagger knife dirk stiletto poniard kris shiv", "blade knife dagger weapon steel"),
    "axe": ("axe battleaxe handaxe hatchet greataxe tomahawk", "axe blade weapon haft"),
    "blunt": ("mace warhammer hammer maul flail morningstar club cudgel bludgeon truncheon "
              "baton cosh blackjack belaying-pin", "weapon hammer club"),
    "staff": ("staff quarterstaff stave cane", "staff weapon stick"),
    "pole": ("spear pike halberd glaive lance trident javelin harpoon pitchfork scythe "
             "sickle", "weapon shaft spear"),
    "bow": ("bow longbow shortbow", "bow weapon string"),
    "crossbow": ("crossbow arbalest", "crossbow weapon bolt"),
    "ammo": ("arrow arrows bolt bolts quiver", "arrow ammunition quiver shaft"),
    "firearm": ("pistol gun rifle musket flintlock revolver shotgun blunderbuss arquebus "
                "carbine handgun firearm", "gun firearm weapon shot ball barrel"),
    "shield": ("shield buckler", "shield"),
    "armor": ("armor armour chainmail mail breastplate hauberk cuirass brigandine", "armor "
              "armour mail"),
    "helm": ("helm helmet", "helm helmet"),
    "coin": ("coin coins gold silver copper crowns dollars dollar bucks cash money purse "
             "marks ducats doubloons", "coin coins gold silver money cash purse dollar dollars "
             "bill bills note notes"),
    "light": ("torch lantern lamp candle candles", "light flame"),
    "key": ("key keys keyring", "key"),
    "lockpick": ("lockpick lockpicks picks", "lockpick lockpicks pick picks tools"),
    "drink": ("ale beer mead wine rum cider whisky whiskey grog", "drink"),
    "potion": ("potion elixir philter tonic draught", "potion vial bottle flask"),
    "book": ("book tome grimoire spellbook ledger hymnal hymnals", "book tome pages"),
    "phone": ("phone telephone landline receiver handset", "phone receiver handset line"),
    "computer": ("computer laptop pc tower", "computer machine keyboard screen"),
}
ITEM_FAMILY: dict[str, str] = {}
FAMILY_NAMES: dict[str, frozenset[str]] = {}
for _fam, (_members, _names) in _ITEM_FAMILIES.items():
    FAMILY_NAMES[_fam] = _w(_names)
    for _n in _members.split():
        ITEM_FAMILY.setdefault(_n, _fam)

ITEMS = frozenset(ITEM_FAMILY) | _w(
    # weapons and war gear
    "weapon sling slingshot whip net bomb grenade dynamite explosive cannon catapult garrote "
    "gauntlet gauntlets greaves vambraces plate "
    # magic and treasure
    "wand orb amulet talisman charm ring scroll rune relic artifact artefact idol totem fetish "
    "rod sceptre scepter crown circlet diadem tiara medallion pendant brooch locket necklace "
    "bracelet gem jewel ruby emerald sapphire diamond pearl opal amethyst topaz chalice goblet "
    "treasure jewelry jewellery trinket bauble crystal focus grimoire "
    # tools and gear
    "rope crowbar tinderbox flint match matches map compass spyglass telescope hourglass "
    "lens shovel spade pick pickaxe chisel saw hook grapple trap snare bandage bandages kit "
    "toolkit whistle horn flute lute drum bell mirror manacles shackles chain chains "
    "keycard badge card cards dice die "
    # containers and documents
    "bag sack pack backpack satchel chest box crate barrel keg cask flask bottle vial phial "
    "jar jug waterskin wineskin canteen pouch letter note parchment deed contract writ "
    "envelope document documents papers scrollcase "
    # modern
    "radio television tv camera flashlight battery headphones walkman cassette tape disk "
    "disks disc floppy cd drive modem monitor keyboard screen pager smartphone cellphone "
    "tablet wristwatch watch radar laser drone robot car truck motorcycle helicopter "
    "airplane computer laptop printer")

# Heads that count something else: "a stick of dynamite" is dynamite, "chips of slate" slate.
PARTITIVES = _w(
    "pair couple brace set group band pack herd flock swarm horde host troop gang crowd "
    "handful bunch bundle pile stack heap bit bits piece pieces chip chips shard shards "
    "flake flakes lump lumps chunk chunks sliver slivers fragment fragments scrap scraps "
    "stick sticks length coil loop drop drops few dozen score cluster knot row rows line "
    "lines number couple trio quartet clutch nest school pod colony murder parliament "
    "side top bottom edge end middle centre center back rear front foot head far near "
    "corner rest remains kind sort type stub hunk slab slice sprig pinch wedge twist strip "
    "skein spool dollop splash scattering wheel loaf round rasher joint")
# The small shapes a liquid or molten stuff takes ("a bead of glass", "a drop of oil"): without
# the stuff named ("runs a neat bead round the joint") one names what the work forms on the
# spot, not a thing someone carries.
PORTIONS = _w("bead beads drop drops droplet droplets blob blobs glob globs globule globules dab "
              "dabs dollop dollops smear smears dribble dribbles gob gobs gobbet gobbets")
# The partitives that say how many they hold ("a pair of ravens" is two ravens); every other
# partitive before "of" holds an unknown many ("a pack of wolves", "a flock of galahs").
SIZED_PARTITIVES: dict[str, int] = {"pair": 2, "brace": 2, "couple": 2, "trio": 3, "quartet": 4,
                                    "dozen": 12}

# Nouns that name a place one can arrive at (the ones a scene must list to be there).
PLACES = _w(
    "roof rooftop rooftops attic loft tower spire belfry castle keep palace fortress citadel "
    "stronghold dungeon cave cavern grotto forest woods wood jungle desert dune dunes beach "
    "shore coast harbor harbour docks dock pier wharf quay street alley alleyway road lane "
    "avenue boulevard highway bridge river lake pond sea ocean mountain mountainside hill "
    "hilltop cliff cliffs ledge valley canyon gorge field fields meadow farm farmhouse "
    "village town city capital market marketplace square plaza temple church chapel shrine "
    "cathedral abbey monastery graveyard cemetery crypt tomb mausoleum library study hall "
    "throne throne-room kitchen bedroom chamber chambers vault treasury sewer sewers tunnel "
    "mine mines camp encampment tent stable stables barn inn tavern shop store smithy forge "
    "balcony courtyard garden gardens gate gatehouse battlements ramparts wall walkway "
    "ship boat island isle islands sky clouds moon heavens heaven hell underworld realm "
    "plane dimension void lobby elevator basement cellar office apartment building "
    "warehouse factory station platform subway parking garage rooftop armory armoury "
    "barracks prison jail gaol cell lighthouse windmill mill orchard vineyard swamp marsh "
    "bog glade clearing grove ruins ruin lodge cabin cottage hut manor mansion estate "
    "arena stadium theatre theater museum bank embassy inn guildhall townhall observatory "
    "laboratory lab workshop studio bazaar souk caravanserai oasis canal quarter district "
    "slums outskirts countryside wilderness nightclub club hotel motel diner restaurant cafe "
    "pub casino cinema theatre precinct headquarters hq police-station station airport "
    "fjord glacier tundra steppe volcano crater chasm abyss lagoon reef bay coastline "
    "dome hangar airlock cockpit galley infirmary sickbay medbay ballroom foyer parlor parlour "
    "conservatory greenhouse catacombs catacomb courtroom summit jetty boathouse shipyard "
    "drydock forum amphitheatre amphitheater colosseum pavilion throne-room antechamber "
    "sanctum sanctuary cloister cloisters nave undercroft ossuary barrow cairn henge "
    "watchtower keep-tower outpost fort fortress garrison stockade palisade harbourside "
    "waterfront riverbank lakeshore seashore quayside dockside marketplace bazaar plaza "
    "thoroughfare crossroads junction hotel motel saloon speakeasy penthouse "
    "suite loft rooftop terrace veranda porch patio courtyard cellar vault crypt")

# --- colour: what every scene may mention without listing it -----------------------------------

BODY = _w(
    "hand hands fist fists palm palms finger fingers fingertip fingertips thumb thumbs knuckle "
    "knuckles wrist wrists arm arms elbow elbows shoulder shoulders head heads face faces "
    "eye eyes eyebrow eyebrows brow brows forehead temple cheek cheeks jaw jaws chin lip lips "
    "mouth mouths teeth tooth tongue nose nostril nostrils ear ears neck throat chest breast "
    "back backs spine rib ribs stomach belly gut waist hip hips side sides leg legs knee knees "
    "thigh shin ankle foot feet toe toes heel heels hair beard moustache mustache skin flesh "
    "muscle muscles bone bones blood sweat tear tears breath voice gaze heart body frame "
    "limb limbs scar scars bruise wound wounds gash cut cuts scrape blister")
CLOTHING = _w(
    "cloak hood coat jacket vest waistcoat shirt tunic blouse dress gown skirt trousers "
    "breeches pants boots boot shoes shoe sandals slippers hat cap bonnet scarf shawl "
    "apron belt sash collar sleeve sleeves cuff cuffs glove gloves mitt robe robes habit "
    "cassock veil mask kerchief bandana headscarf turban stockings socks hem pocket pockets "
    "buttons button lace laces clothes clothing garb attire outfit uniform nightgown "
    "overalls jeans t-shirt hoodie sweater")
EXPRESSIONS = _w(
    "smile smiles grin grins frown frowns scowl scowls sneer nod nods shrug shrugs glance "
    "glances look looks stare stares glare wink laugh laughs laughter chuckle sigh sighs "
    "grunt grunts groan groans gasp gasps yelp cry cries shout shouts yell scream screams "
    "whisper whispers mutter murmur murmurs word words question answer reply silence "
    "expression gesture wave salute bow curtsy hiss growl snarl snort sniff cough")
ABSTRACT = _w(
    "moment moments time second seconds minute minutes hour hours while instant step steps "
    "pace paces inch inches foot bit way side direction attention eye chance blow blows "
    "swing swings strike strikes hit hits attack attacks parry stance balance footing grip "
    "weight force strength effort aim mark gap opening edge point tip hilt pommel handle "
    "flat thing things something nothing anything everything one ones kind sort lot rest "
    "part parts half whole end start middle top bottom front rear distance space room "
    "price prices deal bargain sale bill promise threat warning story stories tale tales "
    "song songs tune note notes rhythm name names news rumour rumor idea plan thought "
    "thoughts memory memories mood fear anger rage fury pain relief surprise shock "
    "confusion interest curiosity suspicion doubt amusement disgust approval respect "
    "courage nerve will mind luck fate fortune danger trouble mess chaos order sign signs "
    "hint trace traces sense feeling look sight view scene chill warmth heat cold damp "
    "weight pressure tension calm peace quiet din clamor clamour racket commotion "
    "effort life death business work job task question answer reply lie truth secret "
    "challenge bet wager toast cheer round pass turn move motion gesture grip hold "
    "footfall footfalls footsteps strength speed skill rage cover distraction")
ATMOSPHERE = _w(
    "light lights shadow shadows darkness dark gloom dimness glow gleam glint flicker "
    "flickers flash shine shimmer sunlight moonlight starlight candlelight firelight "
    "torchlight lamplight lamp-light hearth-light daylight dawn dusk twilight night day "
    "morning evening noon midnight sun moon stars sky clouds cloud air breeze wind winds "
    "gust gusts draft draught rain raindrops drizzle downpour storm thunder lightning snow "
    "sleet hail fog mist haze smoke steam vapor vapour dust sand grit soot ash ashes embers "
    "ember sparks spark smell smells scent scents stench stink odor odour aroma reek whiff "
    "sound sounds noise noises echo echoes creak creaks creaking groan rattle clatter "
    "clang clink chime ring thud thump crash splash drip drips dripping hum buzz murmur "
    "chatter music melody song whistle howl roar rumble crackle hiss patter drumming "
    "silence hush stillness water puddle puddles mud dirt grime stain stains filth damp "
    "dampness moisture frost ice cold heat warmth chill weather spray waves wave tide "
    "current swell foam surf ripple ripples glass shards splinters debris rubble dust "
    "cobweb cobwebs web webs spiderweb moss mould mold rust")
FIXTURES = _w(
    "floor floors floorboards ground wall walls ceiling roof rafters rafter beam beams "
    "door doors doorway doorframe threshold window windows windowsill sill shutters "
    "shutter pane panes curtain curtains corner corners room rooms stairs staircase steps "
    "step stair landing table tables chair chairs stool stools bench benches shelf shelves "
    "cupboard cabinet rug carpet mat post posts pillar pillars column columns arch arches "
    "hook hooks peg pegs nail nails plank planks board boards railing rail banister "
    "ladder hatch trapdoor fireplace hearth mantel mantelpiece chimney candle candles "
    "candlestick sconce sconces lamp lamps lantern lanterns torch torches brazier "
    "fire flames flame blaze logs log kindling wood firewood bucket buckets basket baskets "
    "box boxes crate crates barrel barrels sack sacks bag bags jar jars pot pots pan pans "
    "cup cups mug mugs bowl bowls plate plates dish dishes spoon spoons fork forks tray "
    "bottle bottles jug jugs pitcher glass glasses cloth cloths rag rags towel blanket "
    "blankets pillow cushion cushions bed bedroll cot sheet sheets paper papers book books "
    "sign signs painting paintings picture portrait tapestry tapestries banner banners "
    "flag flags statue statues carving carvings mural murals mirror clock bell rope ropes "
    "chain chains lock latch handle knob hinge hinges bolt bars bar counter desk desks "
    "wardrobe chest trunk bin shelfs hole holes crack cracks gap gaps seam corner niche "
    "alcove doorstep path gutter cobbles cobblestones flagstones stone stones brick "
    "bricks timber timbers boards tiles tile thatch straw hay")
_KIND_FIXTURES = {
    "tavern": "bar counter taproom hearth fireplace fire mug mugs tankard tankards cup cups "
              "goblet goblets flagon flagons tumbler ale beer mead wine cider stew soup bread "
              "cheese meat roast pie porridge food drink drinks meal meals plate plates bowl "
              "bowls keg kegs cask casks barrel barrels tap taps dartboard darts dice cards "
              "pipe pipes tobacco sawdust rag cloth apron broom jug pitcher bottle bottles "
              "glass glasses candle candles lantern lanterns table tables chair chairs stool "
              "stools bench benches booth booths fireplace spit kettle tray coins coin",
    "stable": "straw hay stall stalls trough troughs bucket buckets saddle saddles bridle "
              "bridles reins harness tack halter horseshoe horseshoes manure dung feed oats "
              "hayloft loft beam gate fence pitchfork shovel barrow wheelbarrow brush curry "
              "comb blanket lantern",
    "mine": "rock rocks stone stones rubble ore vein veins seam slate granite coal quartz "
            "gravel pebble pebbles boulder boulders tunnel tunnels shaft shafts beam beams "
            "timber timbers prop props support supports rail rails track tracks cart carts "
            "lamp lamps lantern lanterns ladder scaffold scaffolding bucket pick picks "
            "chain pulley winch rope ropes dust grit soot water drip drips puddle mud",
    "ship": "deck decks plank planks mast masts mainmast sail sails rigging rope ropes line "
            "lines rail rails railing gunwale hull bow stern helm wheel tiller anchor chain "
            "hatch hold cabin bunk bunks hammock hammocks barrel barrels crate crates cargo "
            "net nets sea waves wave spray salt tar pitch timbers cannon cannons cannonball "
            "cannonballs lantern lanterns bell compass wake horizon ship vessel boat crow's-nest "
            "bowsprit keel yard yards spar spars pulley block tackle capstan",
    "market": "stall stalls awning awnings canopy canopies carpet carpets rug rugs cushion "
              "cushions spice spices saffron pepper cumin incense silk silks fabric fabrics "
              "cloth basket baskets jar jars pot pots pottery lamp lamps lantern lanterns brass "
              "copper trinkets wares goods fruit fruits dates figs melons bread tea coffee "
              "scales tent tents well fountain cobbles cart carts sand dust sun heat crowd "
              "caravan caravans bales bundles sacks",
    "chapel": "pew pews altar candle candles candlestick candlesticks font lectern pulpit "
              "icon icons statue statues saint stained-glass glass window windows bell bells "
              "incense censer hymnal hymnals prayer prayers book books relic tomb tombs grave "
              "graves coffin coffins sarcophagus bones skull skulls nave aisle apse vestry "
              "arch arches pillar pillars flagstones organ choir altar-cloth offering "
              "offering-box alms cross crucifix rosary beads",
    "modern": "desk desks chair chairs monitor monitors screen screens keyboard keyboards "
              "mouse cable cables wire wires computer computers tower server servers floppy "
              "disk disks cd cds poster posters pizza box boxes soda can cans ashtray "
              "cigarette cigarettes coffee mug mugs couch sofa mattress blinds fan printer "
              "papers manual manuals books phone lamp fridge takeout window windows radiator "
              "pipes light lights bulb neon sign tv television radio clock stereo speakers "
              "tape tapes cassette cassettes cord cords outlet socket switch drive",
    "outdoors": "tree trees branch branches leaf leaves root roots undergrowth brush bush "
                "bushes moss fern ferns grass path trail road track mud stone stones rock "
                "rocks log logs stump stumps stream brook sky clouds sun moon stars hill "
                "field fields fence hedge",
    "cellar": "barrel barrels cask casks crate crates shelf shelves cobweb cobwebs dust "
              "darkness damp rack racks wine sack sacks jar jars bottle bottles stairs steps "
              "ladder trapdoor",
    "street": "cobbles cobblestones street streets gutter gutters puddle puddles cart carts "
              "wagon wagons stall stalls well fountain lamp lamppost sign signs house houses "
              "shop shops door doors window windows roof roofs crowd gate wall walls",
}
KIND_FIXTURES: dict[str, frozenset[str]] = {k: _w(v) for k, v in _KIND_FIXTURES.items()}
# Who keeps a place of each kind, and so hands out what it keeps at hand: the barkeep pours
# the tavern's ale and lends its lantern; a guard drinking there has none of it to give.
KIND_KEEPERS: dict[str, frozenset[str]] = {
    "tavern": _w(_ROLE_GROUPS["barkeep"] + " cook"),
    "market": _w(_ROLE_GROUPS["merchant"]),
    "stable": _w(_ROLE_GROUPS["stablehand"]),
    "chapel": _w(_ROLE_GROUPS["priest"]),
    "ship": _w(_ROLE_GROUPS["sailor"] + " " + _ROLE_GROUPS["captain"]),
    "mine": _w(_ROLE_GROUPS["miner"]),
}
KIND_KEYWORDS: dict[str, tuple[str, ...]] = {
    "tavern": ("tavern", "inn", "tankard", "alehouse", "pub", "taproom", "common room", "saloon",
               "bar", "hearth"),
    "stable": ("stable", "stables", "barn", "paddock", "hayloft"),
    "mine": ("mine", "mines", "tunnel", "gallery", "shaft", "quarry", "delve", "ore", "dwarven"),
    "ship": ("ship", "deck", "galleon", "schooner", "brig", "frigate", "vessel", "boat", "sloop",
             "pirate", "sail", "mast"),
    "market": ("bazaar", "market", "souk", "square", "plaza", "stall", "stalls", "caravan"),
    "chapel": ("chapel", "church", "temple", "shrine", "cathedral", "abbey", "monastery",
               "crypt", "graveyard", "cemetery", "altar", "pews"),
    "modern": ("hacker", "apartment", "office", "computer", "monitor", "crt", "pc", "loft",
               "1990s", "1980s", "2000s", "modern", "techno", "cyber", "laptop"),
    "outdoors": ("forest", "wood", "woods", "grove", "glade", "road", "trail", "path", "field",
                 "meadow", "camp", "hill"),
    "cellar": ("cellar", "basement", "storeroom", "undercroft", "vault"),
    "street": ("street", "alley", "gate", "town", "city", "village", "square", "quarter"),
}

# --- verbs --------------------------------------------------------------------------------------

_VERB_BASES = """
accept ache add adjust admire admit advance agree aim allow answer appear approach argue arrive
ask assess attack avoid back bang bark bat beam beckon beg begin bellow belt bend bind bite
blaze bleed blink block bloom blow boast bob bolt boom bounce bow brace brandish brawl break
breathe bring bristle brush buckle bump burn burst bury buy call calm carry catch chant charge
chase chatter check cheer chew chime chop chuckle circle clamber clang clap clasp clatter claw
clean clear click climb cling clink clip close clutch coil collapse comb come confide connect
consider continue cough count crack crackle crane crash crawl creak creep croak cross crouch
crumble crumple crunch crush cry curl curse cut dance dangle dart dash deal decide deflect
deliver demand descend die dig dim disappear dissolve dive dodge drag drain draw drift drink
drip drive drone drop drum duck dust dwell ease eat echo edge emerge engulf enter erupt escape
examine explain explode eye face fade fail fall feel feint fetch fight fill find finish fire
fish fit fix flail flap flare flash flee flex flick flicker flinch fling flip float flood flow
flutter fly fold follow force freeze frown fumble gasp gather gaze gesture get giggle give
glance glare gleam glide glint glisten glitter glow gnaw go grab grasp greet grimace grin grind
grip groan grow growl grumble grunt guard gulp gush hack haggle halt hammer hand handle hang
happen harden haul head heal hear heave heft help hesitate hide hiss hit hobble hold holler hook
hop hover howl huddle hug hum hunch hunt hurl hurry hurtle ignite ignore inch insist inspect
jab jerk jingle join jolt jostle judge jump keep kick kill kneel knit knock know laugh launch
lay lead lean leap learn leave lend let lick lie lift light limp linger list listen load lock
look loom loose lose lower lunge lurch lurk make march mark meet melt mention mind miss moan
motion mount mourn move mumble murmur mutter nag nick nod notice nudge offer open order pace
pad paddle pant parry part pass pat pause pay peek peel peer perch pick pierce pile pin pinch
pitch place plant play plead pluck plunge point poke polish ponder pop pound pour pout press
pretend prod promise prop protest prowl pry pull pump punch push put quaff quake quiver race
rage raise rake ram rap rasp rattle reach read realize rear recall receive reckon recoil recount
refill refuse regard relax release remain remember remove repeat reply rest retreat return
reveal ricochet rip rise roar rock roll rub rumble run rush rustle sag salute save saw say scan
scatter scoff scold scoop scorch score scowl scrape scratch scream screech scribble scurry seal
search see seem seize sell send serve set settle shake shatter shave shift shimmer shine shiver
shoot shout shove show shriek shrink shrug shudder shuffle shut sidestep sigh sing sink sip sit
skid skim skip skitter slam slap slash sleep slice slide slink slip slither slouch slow slump
smack smash smell smile smirk smoke smolder smoulder snap snarl snatch sneer sneeze sniff
snore snort soar sob soften spark sparkle speak spear spill spin spit splash splinter split
spot spray spread spring sprint sputter squat squeak squeeze squint stab stack stagger stalk
stamp stand stare start startle stay steady steal step stick stir stomp stop straighten strain
stream stretch stride strike string strip stroke stroll struggle strut study stuff stumble
suck suggest summon surge surround swallow sway swear sweat sweep swell swing swirl swish swivel
swoop tackle take talk tap taste teeter tell tense thank thrash throw thrust thud thump tie tilt
tip toss totter touch tower trace track trail tremble trip trot trudge try tuck tug tumble turn
twirl twist twitch unbar unbuckle uncoil uncork unfold unfurl unhook unlock unroll unsheathe
unsling untie unwrap unzip urge use vanish vault wade wail wait wake walk wander warn wash watch
wave waver wear weave weep weigh whack wheel wheeze whimper whine whip whirl whisper whistle
widen wield wince wind wink wipe wish withdraw wobble wonder work wrap wrench wrestle write
yank yawn yell yelp yield zip produce waddle shamble lumber unholster reload rain snow hail
thunder heel lash pocket name sigh laugh grunt nod point clad riddle gutter sag drape litter
strew reappear materialize materialise teleport levitate conjure cast
invoke chant incant enchant hex bless smite knit heal mend blaze writhe shimmer flicker bloom
streak arc lance pour billow unleash channel focus gather pulse crackle sizzle hurtle topple
crumple sprawl stumble stagger reel slump crumble fling hoist haul scale clamber scramble
shimmy ascend descend scale vault glide hover soar swoop plummet drop land emerge slip duck
weave ride gallop canter whinny neigh bray snort graze munch chew stamp paw swish flick
pad prowl pounce slink lope skulk scuttle scurry slither buzz swarm flutter perch peck caw
squawk screech hoot cackle grumble rumble type scroll hack plug boot beep ring buzz flash
blink glow whir whirr hum crackle splutter spark jingle clink chink wobble
"""
_IRREGULAR = """
be is are was were been being have has had do does did done go goes went gone say said
see saw seen come came take took taken give gave given find found get got gotten make made
know knew known think thought tell told become became leave left feel felt bring brought
begin began begun keep kept hold held stand stood hear heard let mean meant set meet met
run ran pay paid sit sat speak spoke spoken lie lay lain lead led read grow grew grown lose
lost fall fell fallen send sent build built understand understood draw drew drawn break broke
broken spend spent cut rise rose risen drive drove driven buy bought wear wore worn choose
chose chosen seek sought throw threw thrown catch caught deal dealt win won forget forgot
shake shook shaken hang hung strike struck stricken ride rode ridden shoot shot fight fought
bite bit bitten hide hid hidden swing swung sling slung fling flung cling clung sting stung
spring sprang sprung sink sank sunk swim swam swum fly flew flown blow blew blown grind ground
bind bound wind wound slide slid stride strode tear tore torn swear swore sworn sweep swept
weep wept creep crept leap leapt kneel knelt bend bent lend lent light lit burn burnt spill
spilt dig dug stick stuck freeze froze frozen wake woke woken steal stole stolen shine shone
split spread shut hit hurt put cast burst quit rid thrust upset bet slit shed
"""


def _inflections(base: str) -> set[str]:
    forms = {base}
    if base.endswith("e"):
        forms |= {base + "s", base + "d", base[:-1] + "ing"}
    elif base.endswith("y") and len(base) > 2 and base[-2] not in "aeiou":
        forms |= {base[:-1] + "ies", base[:-1] + "ied", base + "ing"}
    elif base.endswith(("s", "sh", "ch", "x", "z", "o")):
        forms |= {base + "es", base + "ed", base + "ing"}
    else:
        forms |= {base + "s", base + "ed", base + "ing"}
        if (len(base) >= 3 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou"
                and base[-3] not in "aeiou"):
            forms |= {base + base[-1] + "ed", base + base[-1] + "ing"}
    return forms


VERB_BASES = _w(_VERB_BASES) | frozenset(
    w for w in ANIMAL_VERBS if not w.endswith(("s", "ed")) or w in ("hiss", "buzz"))
VERBS: frozenset[str] = frozenset(
    {f for b in VERB_BASES for f in _inflections(b)} | _w(_IRREGULAR) | ANIMAL_VERBS
    | {f for b in _w(_IRREGULAR) for f in (b + "s", b + "ing")}
)
# Verbs only people do (a capitalised unknown word doing them is a name).
PERSON_VERBS = frozenset(
    f for b in _w(
        "say tell ask answer reply smile grin nod laugh chuckle frown scowl shrug wink sigh "
        "step walk stride stroll march hurry rush storm sweep emerge enter arrive appear "
        "approach draw hand give offer slam grab seize snatch shout yell whisper mutter "
        "murmur mumble bark growl snarl sneer call greet bow kneel raise lift point wave "
        "beckon order command demand insist attack strike swing lunge charge kick punch "
        "shove push pull toss throw hurl climb jump leap duck dodge block parry cast chant "
        "summon pour slide wipe serve pay count pocket pick take set place lean wait watch "
        "stare glare glance turn spin sit stand rise stomp stamp clap tap lead follow bring "
        "fetch carry open close unlock lock kick sweep burst stumble stagger collapse fall "
        "hold grip brandish wield unsheathe level aim fire shoot fight speak sing hum "
        "whistle cry weep scream shriek tremble shake peer peek squint study examine inspect "
        "check search rummage fumble reach wrap press hiss spit bellow roar rumble crack "
        "flick fold cross drum lick sip drink gulp eat chew type")
    for f in _inflections(b)) | _w(
        "drew drawn gave given told said took stood sat rose threw swung struck strode "
        "flung brought caught held led spoke sang thrust fought shot bit ran came went "
        "stepped emerged appeared")

# Words that are adjectives often enough to sit inside a noun phrase.
ADJECTIVE_SUFFIXES = ("ous", "ful", "less", "ive", "able", "ible", "al", "ic", "ish", "y",
                      "en", "ed", "ing", "ern", "ian", "an", "ary", "ory", "ant", "ent")
COLOURS = _w("red green blue yellow black white grey gray brown golden gold silver bronze "
             "copper iron steel crimson scarlet violet purple pale dark bright orange pink "
             "amber azure emerald ivory ebony obsidian crystal diamond glass jade ruby "
             "sapphire onyx silvery tawny dun bay chestnut dappled piebald roan brass tin oak "
             "wooden stone leather silk clay wool woollen woolen linen velvet canvas bone "
             "wicker paper glass marble granite pewter lead rusty rusted old new great giant "
             "small big tiny huge heavy light long short tall thin thick fat wide narrow "
             "young ancient broken cracked sheer wet dry cold warm hot damp dusty dirty "
             "empty full half whole single lone little massive heavy")
SALIENT_MODIFIERS = _w("magic magical enchanted glowing flaming burning cursed runed "
                       "runic blessed holy unholy legendary ancient elven dwarven mithril "
                       "adamantine obsidian crystal diamond golden silver jeweled jewelled "
                       "gleaming shimmering spectral ghostly ethereal arcane eldritch")

# --- lemmas -------------------------------------------------------------------------------------

_IRREGULAR_PLURALS = {
    "men": "man", "women": "woman", "children": "child", "mice": "mouse", "geese": "goose",
    "teeth": "tooth", "feet": "foot", "dwarves": "dwarf", "elves": "elf", "wolves": "wolf",
    "knives": "knife", "thieves": "thief", "staves": "staff", "halves": "half",
    "leaves": "leaf", "lives": "life", "wives": "wife", "shelves": "shelf", "calves": "calf",
    "loaves": "loaf", "scarves": "scarf", "hooves": "hoof", "people": "person", "oxen": "ox",
    "dice": "die", "lice": "louse", "fungi": "fungus", "wharves": "wharf", "djinn": "djinn",
    "sheep": "sheep", "deer": "deer", "fish": "fish", "moose": "moose", "swine": "swine",
    "cattle": "cattle", "undead": "undead", "armor": "armor", "armour": "armour",
    "series": "series", "species": "species", "aircraft": "aircraft", "folk": "folk",
    "ponies": "pony", "spearmen": "spearman", "bowmen": "bowman", "guardsmen": "guardsman",
    "gentlemen": "gentleman", "horsemen": "horseman", "dwarfs": "dwarf", "lynxes": "lynx",
    "foxes": "fox", "boxes": "box", "axes": "axe", "mailboxes": "mailbox", "witches": "witch",
    "scarabs": "scarab", "wyrms": "wyrm", "octopi": "octopus", "cacti": "cactus",
    "matches": "match", "torches": "torch", "benches": "bench", "pews": "pew",
    "buses": "bus", "lenses": "lens", "horses": "horse", "mares": "mare",
}
_KEEP_S = _w("glass grass mass brass boss moss dress press chess gas bus lens bias atlas "
             "canvas compass cutlass harness mattress fortress princess duchess countess "
             "baroness abbess goddess mistress priestess sorceress enchantress hostess "
             "stewardess waitress seamstress witness business darkness sickness illness "
             "kindness wilderness this his its is was has does us thus plus jesus chaos "
             "news lotus walrus octopus cactus virus bonus status abacus asparagus "
             "pegasus hippopotamus rhinoceros always perhaps towards afterwards backwards "
             "forwards upwards downwards sideways as alas yes cyclops tress ass crass pass "
             "mess loss toss cross kiss hiss fuss truss bliss abyss iris tennis pelvis "
             "axis basis crisis oasis trellis ibis species series")


@lru_cache(maxsize=8192)
def lemma(word: str) -> str:
    """The singular form of a lowercase noun, by rule; unknown words come back as they are."""
    w = word
    if w.endswith(("'s", "’s")):
        w = w[:-2]
    elif w.endswith(("s'", "s’")):
        w = w[:-1]
    if w in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[w]
    if len(w) <= 3 or w in _KEEP_S:
        return w
    if w.endswith("men") and len(w) > 4:
        return w[:-3] + "man"
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ves") and len(w) > 4:
        stem = w[:-3]
        return stem + ("fe" if stem.endswith(("kni", "wi", "li")) else "f")
    if w.endswith(("ches", "shes", "sses", "xes", "zzes")):
        return w[:-2]
    if w.endswith("oes") and len(w) > 4:
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


@lru_cache(maxsize=8192)
def creature_group(word: str) -> str | None:
    """The creature group a noun belongs to ("mares" -> "horse"), by word or compound suffix,
    and for any other animal WordNet knows ("pangolin", "marmoset") the group "animal"."""
    lem = lemma(word)
    if lem in CREATURE_GROUP:
        return CREATURE_GROUP[lem]
    if lem in CREATURE_GENERIC:
        return "creature"
    if "-" in lem:
        tail = lem.rsplit("-", 1)[1]
        if tail in CREATURE_GROUP:
            return CREATURE_GROUP[tail]
    if len(lem) >= 7:
        m = _CREATURE_SUFFIX.search(lem)
        if m and m.start() >= 3 and not (lem.endswith("ly") and lem[m.start() - 1] == lem[
                m.start()]) and not _thing_suffix(lem, m.start()):
            # not "stiffly" (an adverb), nor "paddlewheel" (a wheel, not an eel)
            return CREATURE_GROUP.get(m.group(0), "creature")
    return None


def _thing_suffix(lem: str, at: int) -> bool:
    """Does the compound end in a longer ordinary word than the creature found at ``at``
    ("paddle|wheel" holds "eel", "ship|keel" too)?"""
    words = dictionary()
    return any(lem[k:] in words and lem[k:] not in CREATURE_GROUP
               for k in range(3, at))


@lru_cache(maxsize=8192)
def animal_noun(word: str) -> bool:
    """Another animal WordNet knows ("pangolin", "capybara", "bobcat"): for a noun the tables
    above lack, heading a phrase that puts it in the scene. Its animal class also holds animal
    parts and a few names, hence the exclusions."""
    lem = lemma(word)
    return (len(lem) >= 4 and "-" not in lem and lem not in _NOT_ANIMALS
            and lem not in CREATURE_PARTS and lem not in ANIMAL_PARTS and lem not in BODY
            and word not in ANIMAL_PARTS  # "hackles" lemmatises to "hackle"
            and word not in VERBS and lem not in VERBS and lem not in _COMMON
            and lem in dictionary() and _wordnet_animal(lem))


ANIMAL_PARTS = frozenset(
    "foreleg forelegs hindleg hindlegs haunch hoof hooves antler antlers feather feathers plume "
    "plumes quill quills tusk tusks fin fins gill gills shell shells carapace scale scales mane "
    "tail tails claw claws talon talons paw paws snout muzzle beak bill crest comb wattle udder "
    "horn horns fleece pelt hide fur wool egg eggs nest web cocoon chrysalis whisker whiskers "
    "spine spines stinger sting mandible mandibles antenna antennae pincer pincers tentacle "
    "tentacles flipper flippers fluke flukes blowhole proboscis wing wings warble hackles "
    "plumage ruff dewlap crop gizzard roe spawn milt yolk shellfish offal".split())


# Nouns whose commonest WordNet sense is an animal but which a narrator mostly uses otherwise.
_NOT_ANIMALS = frozenset(
    "charger mount swift game stock kid hack nag mole perch crane seal pike sole skate ray "
    "bass drake hind buck doe bull bear fox ram ewe cock swallow bunting tit kite bug fly "
    "mouse pet mite tick worm grub chick hen turkey duck jack jenny tom sire dam hound hawk "
    "crow bat spider star jumper runner pointer setter tiger lion rook jay robin wren martin "
    "swallow snipe gull sucker dragon shark monster brute beast devil angel fairy imp giant "
    "ogre troll fiend ghost spirit shade familiar vermin creature animal critter herd flock "
    "pack swarm school beef carcass carcase carrion cocoon algae alga diatom bycatch biped "
    "brahma devon durham angus arizona atticus broody down cere chorion amnion byssus cilium "
    "croupe apodeme clypeus aculea chaeta arista alula".split())


@lru_cache(maxsize=8192)
def wordnet_verb(word: str) -> bool:
    """A base-form verb WordNet knows ("doze", "lollop"), for words the tables above lack."""
    try:
        from bot.guard.lexicon.wordclass import verb_base
    except Exception:  # noqa: BLE001 - the fallback is optional
        return False
    return verb_base(word) == word


def _wordnet_animal(word: str) -> bool:
    try:
        from bot.guard.lexicon.wordclass import is_animal
    except Exception:  # noqa: BLE001 - the fallback is optional
        return False
    return is_animal(word)


@lru_cache(maxsize=8192)
def is_person_noun(word: str) -> bool:
    lem = lemma(word)
    if lem in PERSONS:
        return True
    if "-" in lem and lem.rsplit("-", 1)[1] in PERSONS:
        return True
    if len(lem) >= 7 and lem.endswith(("man", "woman")) and lem not in ("woman",):
        stem = lem[:-5] if lem.endswith("woman") else lem[:-3]
        return len(stem) >= 3 and stem not in ("sham", "talis", "ger", "hu", "ro", "cay")
    for suffix in _PERSON_COMPOUND_TAILS:
        # "fishwife", "milkmaid", "swordsmith", "stableboy": a trade or a kind of person
        if lem.endswith(suffix) and len(lem) - len(suffix) >= 3 and lem not in _NOT_PEOPLE \
                and lem not in CREATURE_GROUP:
            return True
    return False


_PERSON_COMPOUND_TAILS = ("wife", "maid", "monger", "keeper", "smith", "wright", "herd", "boy",
                          "girl", "master", "mistress", "seller", "maker", "hand", "mate")
_NOT_PEOPLE = frozenset("backhand forehand firsthand secondhand offhand beforehand shorthand "
                        "longhand upperhand freehand checkmate stalemate".split())


# Words capitalised in game prose as concepts, not people: "a Wild Magic Surge", "the Tides of
# Chaos", "the Old Workings".
CONCEPTS = _w("magic chaos order law fate doom death life light dark darkness shadow fire ice "
              "frost storm thunder tide tides surge wild blood bone bones moon sun star stars "
              "sea sky night day dawn dusk void abyss spirit soul mind heart iron gold silver "
              "stone wind winds rage fury luck fortune war peace hope grace mercy justice "
              "truth wisdom power might will old new high low great grand lost hidden sacred "
              "holy unholy dread black white red green blue grey gray golden royal common "
              "north south east west upper lower inner outer first second third last broken "
              "sunken burning frozen silent whispering crimson eternal ancient elder lesser "
              "greater true false wyrd weird arcane divine nature wilds surge surges plane "
              "planes realm realms court council guild order temple church house clan")


_COMMON = (CONCEPTS | VERBS | NOT_NAMES | ITEMS | CREATURES | PERSONS | PLACES | FIXTURES
           | ATMOSPHERE | ABSTRACT | BODY | CLOTHING | EXPRESSIONS | COLOURS | SALIENT_MODIFIERS
           | frozenset(NUMBER_WORDS) | PARTITIVES | frozenset().union(*KIND_FIXTURES.values()))


def time_phrase(words: list[str]) -> bool:
    """Is a capitalised chain a day, month or feast ("Every Thursday", "Michaelmas")?"""
    if not any(w in CALENDAR for w in words) or not all(
            w in CALENDAR or w in _TIME_LEADS for w in words):
        return False
    # "April", "May", "June", "August" are given names too: a month only after "every", "next"...
    return any(w in _TIME_LEADS for w in words) or not all(w in _NAME_MONTHS for w in words)


@lru_cache(maxsize=8192)
def common_word(word: str) -> bool:
    """An ordinary English word the vocabulary knows (so a capitalised chain made only of
    such words is more likely a concept or a place than a person)."""
    return word in _COMMON or lemma(word) in _COMMON


def is_verb(word: str) -> bool:
    return word in VERBS


def looks_adjective(word: str) -> bool:
    return word in COLOURS or word in SALIENT_MODIFIERS or word.endswith(ADJECTIVE_SUFFIXES)


# --- ordinary English words ---------------------------------------------------------------------

# Webster's Second International (public domain, shipped by the ``english-words`` package) keeps
# the case of its entries: "chitin" and "radiant" are lowercase words, "Greta" and "Mara" are
# capitalised names. A capitalised word whose lowercase form is an entry is an ordinary word at
# the head of a sentence ("Chitin cracks"), not a stranger; the vocabulary above cannot list the
# two hundred thousand words a narrator may start a sentence with. Loaded once, on first use.
_DICTIONARY: frozenset[str] | None = None


def dictionary() -> frozenset[str]:
    """The lowercase entries of the English dictionary (empty when the package is missing: the
    vocabulary above then decides alone)."""
    global _DICTIONARY
    if _DICTIONARY is None:
        try:
            from english_words import get_english_words_set

            _DICTIONARY = frozenset(w for w in get_english_words_set(["web2"]) if w.islower())
        except Exception:  # noqa: BLE001 - the guard still works from its own tables
            _DICTIONARY = frozenset()
    return _DICTIONARY


def _stems(word: str) -> tuple[str, ...]:
    """The forms a dictionary may list an inflected word under: "cracks" -> crack, "digging" ->
    dig, "bundled" -> bundle."""
    out = [word, lemma(word)]
    if word.endswith("ing") and len(word) > 5:
        stem = word[:-3]
        out += [stem, stem + "e"]
        if len(stem) > 2 and stem[-1] == stem[-2]:
            out.append(stem[:-1])
    elif word.endswith("ed") and len(word) > 4:
        stem = word[:-2]
        out += [stem, word[:-1]]
        if stem.endswith("i"):
            out.append(stem[:-1] + "y")
        if len(stem) > 2 and stem[-1] == stem[-2]:
            out.append(stem[:-1])
    elif word.endswith("er") and len(word) > 4:
        out += [word[:-2], word[:-1]]
    elif word.endswith("ly") and len(word) > 4:
        out += [word[:-2], word[:-2] + "e", word[:-3] + "y" if word.endswith("ily") else word]
    return tuple(out)


@lru_cache(maxsize=16384)
def ordinary_word(word: str) -> bool:
    """A lowercase word an English dictionary or the vocabulary knows as an ordinary word (so a
    capitalised occurrence of it is a word heading a sentence, not somebody's name)."""
    w = word.lower().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if not w:
        return False
    if common_word(w):
        return True
    if "'" in w:
        head, _, tail = w.partition("'")
        return tail in ("ll", "d", "ve", "re", "m", "s", "t") and (
            head in NOT_NAMES or head.endswith("n") or ordinary_word(head))
    if "-" in w:
        parts = [p for p in w.split("-") if p]
        return bool(parts) and all(ordinary_word(p) for p in parts)
    if w in GIVEN_NAMES:
        return False  # "Maria steps in": web2 lists "maria", but she is someone
    words = dictionary()
    return any(s in words for s in _stems(w))


# Verbs that only a person does: an unknown capitalised word doing them is somebody, even when
# the word is also an English word ("Rook nods").
PERSON_ONLY_VERBS = frozenset(
    f for b in _w(
        "say ask tell reply answer whisper mutter murmur mumble shout yell grin smile smirk "
        "frown scowl sneer nod shrug wink laugh chuckle giggle sigh bow curtsy kneel beckon "
        "greet thank insist demand agree promise stride stroll saunter glare glance introduce "
        "apologize apologise argue haggle salute pay pocket unsheathe brandish wield sip gulp "
        "declare announce explain offer chat gossip bargain wave gesture point confess lie "
        "flirt joke tease mock taunt scoff curse swear pray preach beg plead chant sing")
    for f in _inflections(b)) | _w("said told spoke sang knelt swore")

# More animals and monsters than the groups above: a narrator reaches for any of them.
_MORE_CREATURES = {
    "dog": "husky malamute lurcher whippet greyhound spaniel collie retriever sheepdog "
           "sled-dog bulldog poodle beagle dachshund foxhound deerhound",
    "cat": "tomcat alleycat",
    "rodent": "ferret weasel stoat mink marten polecat raccoon possum opossum skunk porcupine "
              "hamster gerbil vole shrew mole chipmunk marmot gopher",
    "wild": "armadillo koala kangaroo wallaby zebra giraffe antelope gazelle bison "
            "buffalo yak reindeer caribou mongoose meerkat lemur orangutan wildcat wolverine "
            "warthog tapir okapi ibex chamois hart roebuck fawn",
    "bird": "kestrel osprey buzzard condor ibis stork flamingo peacock peahen pheasant grouse "
            "quail partridge finch lark thrush nightingale cuckoo woodpecker kingfisher "
            "hummingbird canary macaw cockatoo puffin penguin tern petrel gannet rook "
            "jay wren robin duck duckling gander cockatrice turkey songbird gosling owlet "
            "eaglet nestling",
    "sea": "eel carp trout salmon cod mackerel sardine piranha barracuda swordfish stingray "
           "manta seahorse narwhal orca sea-lion porpoise starfish shrimp prawn "
           "crayfish crawfish oyster clam mussel limpet barnacle",
    "insect": "gnat midge dragonfly damselfly firefly glowworm grasshopper cricket mantis "
              "termite louse lice snail earthworm caterpillar larva larvae cicada weevil "
              "horsefly bluebottle",
    "reptile": "iguana chameleon komodo monitor-lizard basilisk skink",
    "monster": "wendigo rakshasa owlbear ankheg bulette displacer stirge darkmantle otyugh "
               "grick roper shambler treant kelpie selkie nixie boggart bogle redcap "
               "hellcat barghest ghoul manticora amphisbaena wyvernling hydra "
               "sea-serpent sea-monster tarrasque kraken leviathan thunderbird jackalope "
               "direbear direwolf dire-wolf warg worg gelatinous cockatrix catoblepas "
               "chimaera chimera griffon gryphon hippocampus",
    "fey": "pooka puca brownie leprechaun will-o'-wisp will-o-wisp",
}
for _group, _names in _MORE_CREATURES.items():
    for _n in _names.split():
        CREATURE_GROUP.setdefault(_n, _group)
CREATURES = frozenset(CREATURE_GROUP) | CREATURE_GENERIC
# Creature nouns that are also ordinary words in other senses (a kite, a seal, a monitor).
CREATURE_AMBIGUOUS = CREATURE_AMBIGUOUS | _w(
    "rook jay cricket turkey duck hart mole robin wren buffalo fawn")

# Creature words with a made thing's sense too, and the words that, in the same sentence, show
# the thing is meant: the seal of a letter or a pipe joint, a mole on the cheek, a cricket bat.
CREATURE_THING_SENSES: dict[str, frozenset[str]] = {
    "seal": _w("letter envelope wax document scroll charter writ parchment deed signet stamp "
               "joint pipe valve pump gasket hatch airlock lid jar flask bottle vault tomb coffin "
               "seam flange"),
    "mole": _w("cheek chin lip skin neck brow spy agent informer"),
    "bat": _w("ball wicket innings batter baseball cricket"),
}
# Kinds whose members name the same animal ("mare" is a horse, "hound" a dog): one grounds the
# others. The broad kinds (birds, sea life, wild beasts, monsters) do not: a gull is no raven.
TIGHT_CREATURE_GROUPS = frozenset({"horse", "mule", "camel", "dog", "wolf", "cat", "rodent",
                                   "bat", "snake", "spider", "dragon", "ghost", "cattle"})
# The generic names of each kind: "the birds" for a flock of gulls, "the fish" for a shark.
CREATURE_GROUP_NAMES: dict[str, frozenset[str]] = {
    "horse": _w("horse mount steed"), "mule": _w("mule donkey"), "camel": _w("camel"),
    "dog": _w("dog hound"), "wolf": _w("wolf"), "cat": _w("cat"), "bigcat": _w("cat"),
    "rodent": _w("rat mouse rodent vermin"), "bird": _w("bird fowl"),
    "snake": _w("snake serpent"), "spider": _w("spider"), "insect": _w("insect bug vermin"),
    "bat": _w("bat"), "cattle": _w("cattle livestock"), "sea": _w("fish"),
    "reptile": _w("reptile"), "dragon": _w("dragon wyrm"), "ghost": _w("ghost spirit"),
    "undead": _w("undead dead"), "fiend": _w("fiend demon"), "giantkin": _w("giant"),
    "goblinoid": _w("goblin"), "fey": _w("fey faerie fairy"),
}

# Two-word names whose last word alone would mislead: a German shepherd is a dog, not a
# shepherd; a baseball bat is no bat.
COMPOUND_CREATURES: dict[str, str | None] = {
    "german shepherd": "dog", "great dane": "dog", "saint bernard": "dog", "st bernard": "dog",
    "irish setter": "dog", "english pointer": "dog", "sea lion": "sea", "sea cow": "sea",
    "baseball bat": None, "cricket bat": None, "teddy bear": None, "rocking horse": None,
    "hobby horse": None, "clothes horse": None, "iron horse": None, "pommel horse": None,
    "vaulting horse": None, "toy soldier": None, "paper tiger": None, "hush puppy": None,
    "hot dog": None, "hot dogs": None, "sea dog": None, "sea dogs": None, "war horse": "horse",
}


# Animals that grow fixed to a surface: barnacles on a hull are part of the hull, not a creature
# that appears.
SESSILE = frozenset("barnacle barnacles limpet limpets mussel mussels coral corals anemone "
                    "anemones sponge sponges oyster oysters polyp polyps tubeworm tubeworms".split())

# What makes a thing fine enough that someone must own it: "a gold lighter", "an ivory comb".
PRECIOUS = frozenset("gold silver golden ivory jade jewelled jeweled engraved gilded gilt ornate "
                     "pearl platinum diamond ruby emerald sapphire crystal monogrammed "
                     "silver-chased pearl-handled ivory-handled".split())

# --- round 4: derived word classes --------------------------------------------------------------

# What any weapon may be called ("the blade", "the steel", "the weapon"): the names the weapon
# families share, derived from the family table above.
WEAPON_FAMILIES = ("sword", "knife", "axe", "blunt", "staff", "pole", "bow", "crossbow", "firearm")
WEAPON_NAMES: frozenset[str] = frozenset().union(*(FAMILY_NAMES[f] for f in WEAPON_FAMILIES))

# Nouns for a body of people (WordNet files them as abstract groups): "a mariachi band takes up
# the melody" brings people into the scene as surely as "a man" does.
PERSON_GROUPS = _w("band troupe choir chorus orchestra ensemble gang posse mob squad patrol "
                   "platoon company quartet trio entourage retinue procession delegation militia "
                   "cavalry regiment battalion brigade detachment contingent warband horde")

# A thing giving way: what a door, a hedge or a lock does when a forcing succeeds ("the hedge
# parts", "it bursts inward", "the lock gives way", "the planks split").
YIELD_VERBS = _w("part parts parted burst bursts split splits shatter shatters shattered "
                 "splinter splinters splintered collapse collapses collapsed crumble crumbles "
                 "crumbled cave caves caved yield yields yielded topple topples toppled "
                 "buckle buckles buckled snap snaps snapped")
YIELD_WITH = _w("give gives gave swing swings swung fly flies flew fall falls fell come comes "
                "came crash crashes crashed break breaks broke tear tears tore spring springs "
                "sprang slam slams slammed")
YIELD_PARTICLES = _w("way open apart away inward inwards loose free wide down in off")

# What is told rather than held: handed over on a plea, these are the plea succeeding ("hands you
# the guy's name, his address").
TOLD_THINGS = _w("name names address addresses answer answers location whereabouts secret "
                 "secrets truth code codes password passwords number identity plan plans details "
                 "information confession route combination")
