"""Marvels worked on minds, bodies and matter: a will bent by a song, sleep at a word, a wound
closing under a touch, an arm turned to a tentacle, a face rising in a bowl of water, ale turned
to water, words in a tongue no one speaks.

None of these names a spell or an element, so the casting words miss them; each is a power only
when the prose rules out the ordinary cause (a salve or days of rest for the wound, a scowl for
the twisting face, a thought that simply comes to mind). They are kept apart from fire and motion
because the check pins them differently: on whoever moves the mind or heals the wound, never on
the one it is worked on.
"""

from __future__ import annotations

import re

# Minds moved against their will: "the words crawl into your skull", "you find yourself
# agreeing", "without meaning to".
_MIND = re.compile(
    r"\b(?:(?:words?|voice|song|melody|tune|music|chant|hum|whisper|whispers|gaze|stare|notes?)"
    r"\b[^.;]{0,50}?\b(?:sinks?|sank|seeps?|seeped|worms?|wormed|crawls?|crawled|slides?|slid|"
    r"burrows?|burrowed|coils?|coiled|hooks?|hooked|digs?|dug|pours?|poured|slips?|slipped|"
    r"reaches?|reached|creeps?|crept|wraps?|wrapped) (?:\w+ ){0,2}(?:into|around|inside) (?:your|"
    r"his|her|their|the|every)(?: [\w']+)? (?:mind|minds|thoughts|head|heads|skull|skulls|will|brain|"
    r"brains|soul|souls|dreams)|you find yourself (?:agreeing|nodding|obeying|doing|climbing|"
    r"walking|handing|following|saying|paying|kneeling|smiling|laughing|weeping|unable|"
    r"wanting|confessing|telling)|without (?:meaning|wanting|choosing|deciding) to|against "
    r"(?:your|his|her|their) (?:own )?will|can(?:not|'t) help but (?:obey|agree|nod|comply|"
    r"follow|kneel)|(?:your|his|her|their|every|all) (?:own )?(?:will|wills|mind|minds|thoughts) "
    r"(?:bends?|bending|bent|crumbles?|crumbling|crumbled|melts?|melting|melted|drains? away|"
    r"draining away|slips? away|slipping away|goes? blank|going blank|went blank|empties|"
    r"emptying|dissolves?|dissolving|gives? way|giving way)|(?:reads?|hears?|heard|probes?|"
    r"probed|peers? into|invades?|invaded|plucks?|plucked|rifles? through|speaks? (?:directly )?"
    r"into|whispers? (?:directly )?into)\s+(?:\w+'s\s+(?:\w+\s+)?|(?:the|a|an|your|his|her|"
    r"their|its)\s+(?:[\w']+\s+){0,2}?)?(?:mind|minds|thoughts))\b")
# More marvels: people falling asleep at a song, thoughts pressed into a mind, a shadow peeling
# away, breath of frost, a wound closing under a touch (dice rolling themselves: motion_signs).
_SLEEP = re.compile(
    r"\b(?:slumps?|slumped|falls?|fell|drifts?|drifted|sinks?|sank|nods?|nodded|drops?|dropped|"
    r"topples?|toppled|sags?|sagged)(?: off)? (?:\w+ ){0,2}?(?:asleep|into (?:a |an )?(?:deep |"
    r"dreamless |heavy |sudden |magical )?(?:sleep|slumber|trance|stupor))\b")
_INTRUSION = re.compile(
    r"\b(?:press|presses|pressed|pressing|push|pushes|pushed|pushing|worm|worms|wormed|worming|"
    r"bore|bores|bored|boring|flood|floods|flooded|flooding|slide|slides|slid|sliding|crawl|"
    r"crawls|crawled|crawling|seep|seeps|seeped|seeping|probe|probes|probed|probing|claw|claws|"
    r"clawed|clawing|slither|slithers|slithered|slithering|intrude|intrudes|intruded|intruding)"
    r" (?:\w+ ){0,2}?(?:into|inside|in) (?:your|his|her|their) (?:mind|minds|skull|head|"
    r"thoughts)\b")
_SHADOW = re.compile(
    r"\b(?:your|his|her|their|its|[a-z]+'s) shadow (?:\w+ )?(?:peels?|peeled|detaches?|"
    r"detached|tears?|tore|steps?|stepped|crawls?|crawled|rises?|rose|reaches?|reached|lunges?|"
    r"lunged|grabs?|grabbed|slides?|slid|moves?|moved|twists?|twisted|writhes?|writhed)"
    r" (?:away|free|off|loose|out|toward|towards|for|up|on its own|by itself|of its own)\b")
_BREATH = re.compile(
    r"\b(?:breathes?|breathed|breathing|exhales?|exhaled|spits?|spat|vomits?|vomited|belches?|"
    r"belched|spews?|spewed)(?: out)? (?:a |an )?(?:(?:cloud|gout|jet|stream|gust|plume|"
    r"torrent|blast|wave|cone|spray|sheet|ball|breath) of )?(?:\w+ )?(?:fire|flames?|frost|ice|"
    r"freezing (?:mist|air|fog|cold)|poison|venom|acid|lightning|sparks|darkness|shadow|embers|"
    r"cinders|frozen air)\b")
_WOUND_TOUCH = re.compile(
    r"\b(?:wound|wounds|gash|gashes|cut|cuts|injury|injuries|burns?|bruises?|broken \w+)\b"
    r"[^.;!?]{0,30}?"
    r"\b(?:closes?|closed|closing|knits?|knitted|knitting|seals?|sealed|sealing|heals?|healed|"
    r"healing|mends?|mended|fades?|faded|vanishes|vanished|disappears?|disappeared)\b"
    r"[^.;!?]{0,30}?\b(?:without (?:a|any) (?:mark|scar|trace)|before your (?:very )?eyes|under "
    r"(?:his|her|their|your) (?:touch|fingers|hand|hands|palm|palms|fingertips)|in an instant|"
    r"instantly|as if it had never been|seamlessly|like magic)\b")
# Wounds closing before the eyes, whatever the words: "they close over, leaving only pale scars",
# "the gash along your arm closes to a pink line". Healing with no potion or salve is a power.
_WOUND_CLOSES = re.compile(
    r"\b(?:wound|wounds|gash|gashes|cut|cuts|injury|injuries|burns|bruises|scratches|"
    r"lacerations?|bite|bites|bone|bones|fracture|fractures|skin|flesh|they|it)\b(?: [a-z']+){0,5}? "
    r"(?:close|closes|closed|closing|"
    r"knit|knits|knitted|seal|seals|sealed|mend|mends|mended|heal|heals|healed|shrink|shrinks|"
    r"shrank|fade|fades|faded) (?:itself |themselves )?(?:over|up|shut|closed|together|clean|whole|in (?:a|an) "
    r"(?:\w+ ){0,2}?(?:glow|light|flash|shimmer|haze)|to (?:a|an|nothing|"
    r"pink|pale|white|thin|faint)|into (?:a|an|pale|pink|thin|faint|white)|without|before|"
    r"as you watch|in moments|in seconds|leaving|under (?:the |your |his |her |their )?skin|"
    r"(?:back )?into place|pink and whole|whole|in the space of a heartbeat|in a heartbeat|"
    r"in an instant|like a mouth|and leaves? no (?:scar|mark|trace))\b")
_WOUND_GATE = frozenset("wound wounds gash gashes cut cuts injury injuries burns bruises "
                        "scratches laceration lacerations bite bites bone bones fracture "
                        "fractures skin flesh".split())
_HEALING_MEANS = re.compile(r"\b(?:potion|potions|salve|salves|ointment|poultice|balm|bandage|"
                            r"bandages|stitches|stitch|needle|suture|sutures|elixir|tonic|draught|"
                            r"herbs?|remedy|splint|days|weeks|months|overnight)\b")
# A body turned into something else: "his arm twists into a writhing grey tentacle".
_BODY_CHANGE = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?:arm|arms|hand|hands|fingers|finger|"
    r"skin|face|body|legs|leg|tongue|head|jaw|teeth|flesh|feet|back) (?:\w+ )?(?:twists?|twisted|"
    r"turns?|turned|changes?|changed|transforms?|transformed|shifts?|shifted|melts?|melted|"
    r"stretches?|stretched|warps?|warped|reshapes?|reshaped|ripples?|rippled|swells?|swelled|"
    r"bulges?|bulged|splits?|lengthens?|lengthened|hardens?|hardened) (?:\w+ ){0,2}?into"
    r"(?= (?:a|an|two|three|writhing|long|dark|black|grey|gray|green) )|"
    r"\b(?P<owner2>you|he|she|they|[a-z]+) (?:suddenly )?(?:sprouts?|sprouted|grows?|grew) "
    r"(?:a pair of |two |great |black |leathery |huge |long )*(?:wings|claws|talons|fangs|"
    r"tentacles?|horns|scales|gills|a tail|fur|feathers)\b")
# Apparitions: pictures that form in the air or in flame ("a vision of the murderer blooms in the
# air above the desk", "the candle flames twist into the shapes of dancing couples").
_APPARITION = re.compile(
    r"\b(?:vision|visions|image|images|apparition|apparitions|phantom|likeness|picture|scene|"
    r"figure|figures|face|faces)\b(?: of [^.;!?]{1,40}?)? (?:blooms?|bloomed|appears?|appeared|"
    r"forms?|formed|takes? shape|took shape|materiali[sz]es?|materiali[sz]ed|shimmers?|"
    r"shimmered|hovers?|hovered|hangs?|hung|floats?|floated|swims?|swam|flickers?|flickered|"
    r"unfolds?|unfolded|plays? out|played out|rises?|rose) (?:\w+ ){0,2}?(?:in|into|above|over) "
    r"(?:the )?(?:empty |thin |open |still |smoky )?(?:air|smoke|flames?|fire|mist|candlelight)\b|"
    r"\b(?:flames?|fire|candlelight|firelight|light|sparks|embers) (?:\w+ ){0,4}?(?:twist|twists|"
    r"twisted|form|forms|formed|shape|shapes|shaped|coil|coils|coiled|curl|curls|curled|gather|"
    r"gathers|gathered|knit|knits|resolve|resolves|resolved|dance|dances) (?:themselves )?into "
    r"(?:the )?(?:shapes?|forms?|figures?|likeness|outlines?|images?|silhouettes?) of\b")
_APPARITION_WORDS = frozenset("vision visions image images apparition apparitions phantom likeness "
                              "picture scene figure figures face faces shapes shape forms form "
                              "outline outlines silhouettes silhouette".split())
_CHANGE_WORDS = frozenset("arm arms hand hands fingers finger skin face body legs leg tongue head "
                          "jaw teeth flesh feet back sprouts sprout sprouted grows grew".split())
# Matter changed into other matter: "her prayer turns the ale in your mug to clear water".
_TRANSMUTE = re.compile(
    r"\b(?:turns?|turned|turning|changes?|changed|transforms?|transformed|transmutes?|"
    r"transmuted) (?:the |your |his |her |their |a |an )?(?:[\w']+ ){0,4}?(?:to|into) (?:clear |"
    r"pure |solid |cold |fine |glittering |white |grey |gray |black |red |sweet |cool )?(?:water|"
    r"wine|gold|stone|ice|ash|ashes|dust|glass|sand|blood|lead|silver|salt|smoke|vinegar|mud|"
    r"bone|wood|iron|steel|milk|honey|oil|mist|flowers|petals|butterflies|snakes|frogs)\b")
# Speech in a tongue no one speaks: the sound of an incantation.
_TONGUE = re.compile(
    r"\b(?:mutters?|muttered|chants?|chanted|whispers?|whispered|speaks?|spoke|intones?|"
    r"intoned|hisses|hissed|croons?|murmurs?|murmured|utters?|uttered|rasps?|rasped|says?|"
    r"said) (?:something |words |a word |a phrase |a prayer |a verse |softly |low |quickly )?"
    r"in (?:a|an|some) (?:dead|ancient|forgotten|arcane|unknown|eldritch|strange|guttural|"
    r"sibilant|alien|lost|older|unearthly|inhuman|long-dead)(?: \w+)? (?:language|tongue|"
    r"dialect|speech)\b|\bin a tongue older than\b")
# Someone reaching into a mind, whatever the verb: "you feel her reach into your mind", "he
# pushes into their thoughts". A person does it (a memory drifting into one's mind does not).
_MIND_REACH = re.compile(
    r"\b(?:he|she|they|him|her|them|[A-Z][a-z]+) (?:\w+ )?[a-z]+ (?:into|inside|through) "
    r"(?:your|his|her|their|my|[a-z]+'s) (?:mind|minds|thoughts|memories)\b")
# The player (or a clause going on from them) reaching into someone else's mind: "you close
# your eyes and reach into Koval's mind". Their own memories are no one else's mind.
_MIND_REACH_YOU = re.compile(
    r"\b(?:you|and) (?:\w+ )?(?:reach|reaches|push|pushes|slip|slips|delve|delves|dive|dives|"
    r"probe|probes|sink|sinks|press|presses|read|reads|peer|peers|pry|pries|worm|worms) "
    r"(?:\w+ )?(?:into|inside|through) (?:his|her|their|[A-Za-z]+'s) (?:mind|minds|thoughts|"
    r"memories|head|skull)\b", re.I)
# One mind touching another, or thoughts overheard beneath the words: "you let your mind brush
# against hers", "his thoughts press against yours", "you listen past her words to the thoughts
# underneath". Feeling what someone thinks through their face is no power; a mind meeting a mind,
# or a listener hearing thoughts as one hears speech, is telepathy.
_MIND_TOUCH = re.compile(
    r"\b(?:your|his|her|their|its|[a-z]+'s) (?:\w+ )?(?:mind|minds|thoughts|consciousness) "
    r"(?:\w+ ){0,2}?(?:brush|brushes|brushed|brushing|touch|touches|touched|touching|press|presses|"
    r"pressed|pressing|meet|meets|met|graze|grazes|grazed|mingle|mingles|mingled|reach|reaches|"
    r"reached|slide|slides|slid|link|links|linked|join|joins|joined|lock|locks|locked|merge|merges|"
    r"merged) (?:\w+ )?(?:against |into |with |to |toward |towards |over |along )?(?:yours|hers|"
    r"his|theirs|mine|(?:your|her|his|their|[a-z]+'s) (?:own )?(?:mind|minds|thoughts|"
    r"consciousness))\b|"
    r"\b(?:listen|listens|listened|listening|tune|tunes|tuned) (?:past|beneath|behind|under|"
    r"through) (?:\w+ ){0,3}?(?:to|into|for) (?:the|his|her|their|[a-z]+'s) (?:\w+ )?"
    r"(?:thoughts|mind)\b|"
    r"\bthoughts (?:underneath|beneath|behind|below|under) (?:the |his |her |their |"
    r"[a-z]+'s )?(?:\w+ )?(?:words|voice|face|silence|smile)\b|"
    r"\bthoughts (?:underneath|beneath)\b(?=[,.;]| and)")
# A body part becoming an animal's, whatever the verb: "your skin thickens into grey bear-hide",
# "his fingers curl into claws", "her teeth lengthen to fangs".
_BODY_TO_BEAST = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?:arm|arms|hand|hands|fingers|finger|"
    r"fingernails|nails|skin|face|body|legs|leg|tongue|head|jaw|teeth|flesh|feet|back|ears|nose|"
    r"mouth|hair) (?:\w+ ){0,2}?(?:into|to) (?P<rest>[^.;,!?]{1,60})")
# A picture of someone rising in water, a bowl, a mirror or smoke: "passes a hand over a bowl of
# water, and your rival's face rises in it".
_SCRYING = re.compile(
    r"\b(?P<owner>[a-z]+'s|the|your|his|her|their) (?:\w+ )?(?:face|image|likeness|figure|"
    r"features|reflection|future|fate|fortune|destiny|vision|visions|omen|portent) "
    r"(?:\w+ ){0,2}?(?:rises?|rose|appears?|appeared|forms?|formed|swims?|swam|floats?|floated|"
    r"surfaces?|surfaced|shimmers?|shimmered|emerges?|emerged) (?:up )?(?:in|on|from|out of|"
    r"within) (?:it|its (?:surface|depths)|the (?:\w+ )?(?P<surf>[a-z]+))\b")
_SURFACES = frozenset("water bowl basin pool surface mirror glass flames flame smoke ripples cup "
                      "cauldron pond well puddle fire embers mist steam".split())
_MIND_WORDS = frozenset("mind minds thoughts head heads skull skulls will brain brains soul souls "
                        "dreams yourself meaning wanting choosing deciding help wills".split())
_SLEEP_WORDS = frozenset({"asleep", "sleep", "slumber", "trance", "stupor"})
_SHADOW_WORDS = frozenset({"shadow"})
_BREATH_WORDS = frozenset("breathes breathe breathed breathing exhales exhale exhaled spits spat "
                          "spews spewed belches vomits".split())
_WOUND_WORDS = frozenset("wound wounds gash cut cuts injury injuries burn burns bruise "
                         "bruises".split())
_TRANSMUTE_WORDS = frozenset("turns turn turned turning changes changed transforms transformed "
                             "transmutes transmuted".split())
_CHANGING_ACTS = frozenset("prayer word touch spell song chant blessing curse voice magic gaze "
                           "breath kiss whisper incantation hex charm glance".split())
_TONGUE_WORDS = frozenset({"language", "tongue", "dialect", "speech"})
