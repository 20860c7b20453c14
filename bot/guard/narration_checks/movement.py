"""Bodies in space: teleporting, flying, passing through walls or locked doors, climbing what
cannot be climbed, and arriving somewhere that is neither here nor an exit.

Physics is a family of frames, not a few verbs: passing through what is solid ("step through the
iron-bound oak", "the wood parts like water"), superhuman leaps, falls and strength, walking on
air or water, drifting down like a feather, standing atop what cannot be climbed, a locked door
opening for someone without its key. Each movement is attributed to whoever makes it (the
subject of its clause) and allowed when that someone has an ability for it, holds the key, or the
backend decided the action succeeded. A door unlocked earlier in the same narration by someone
with its key stays open for the rest of it; a door named otherwise ("the back door") is not the
locked one. Arrivals ("step out onto", "opens onto", "you're standing in") are grounded against
the location, its exits and what the scene mentions. Ghosts drifting through pews and swords
passing through a ghost are not people moving.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import FeatureFact, Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import (
    Actor, CheckContext, finding_at, is_object, make_finding, severity_for, subject_before,
)
from bot.guard.prose import Phrase, Reading

_TELEPORT = re.compile(
    r"\bteleport(?:s|ed|ing|ation)?\b|\bblink(?:s|ed)?\s+(?:out|away|across|behind|to|into|"
    r"through)\b|\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?)\b[^.]{0,60}?\breappear\w*|"
    r"\breappear(?:s|ed|ing)?\b|\bmateriali[sz](?:e|es|ed|ing)\b|\bin the blink of an eye\b|"
    r"\b(?:vanish(?:es|ed)?|disappear(?:s|ed)?) (?:into thin air|in a (?:puff|flash|swirl|"
    r"burst) of)|\bin an instant,? (?:you|he|she|they) (?:are|is|stand|stands)\b")
_FIND_SELF = re.compile(r"\b(?:find|finds|found) (?:yourself|himself|herself|themselves) "
                        r"(?:\w+ ){0,2}?(?:on|in|at|atop|inside|outside|back|high|far|beside|"
                        r"under|somewhere|standing|lying|perched)\b")
_FLIGHT = re.compile(
    r"\b(?:fly|flies|flew|flying|soar(?:s|ed|ing)?|levitat(?:e|es|ed|ing)|hover(?:s|ed|ing)?|"
    r"float(?:s|ed|ing)? (?:\w+ly )?(?:up|upward|upwards|down|into the air|off the|above|"
    r"over|across the|toward the (?:ceiling|rafters|roof|sky))|"
    r"leap(?:s|t|ed)? (?:\w+ ){0,3}?(?:into the air|up to the (?:rafters|ceiling|roof|"
    r"rooftops|balcony|top)|onto the (?:rafters|roof|rooftops))|"
    r"glid(?:e|es|ed|ing) (?:down|up|over|across|through the air|to|on)|"
    r"take(?:s)? (?:to the air|flight|wing)|took (?:to the air|flight|wing)|"
    r"sail(?:s|ed|ing)? (?:through the air|across the (?:room|hall|gap|chasm|courtyard)|over "
    r"(?:the|their) heads)|"
    r"rise(?:s)? (?:into|up into) the air|rose into the air|"
    r"keep(?:s)? (?:on )?rising|kept (?:on )?rising|"
    r"(?:sail|sails|sailed|sailing|soar|soars|soared|soaring) (?:high |clean |right )?over the "
    r"(?:\w+ ){0,3}?(?:treetops|rooftops|roofs|trees|walls|wall|town|city|village|camp|forest|"
    r"houses|tents|circle|spires|towers|river|chasm|gorge)|"
    r"lift(?:s|ed)? off the (?:ground|floor|deck))\b")
_THROUGH = re.compile(
    r"\b(?:walk|walks|walked|step|steps|stepped|pass|passes|passed|slip|slips|slipped|phase|"
    r"phases|phased|glide|glides|glided|drift|drifts|drifted|melt|melts|melted|move|moves|"
    r"moved|stroll|strolls|strolled|push|pushes|pushed|go|goes|went|float|floats|floated|run|"
    r"runs|ran|stride|strides|strode|sink|sinks|sank|shoulder|shoulders|shouldered|march|"
    r"marches|marched|saunter|saunters|sauntered|swim|swims|swam|dive|dives|dived|crawl|crawls|"
    r"crawled|seep|seeps|seeped|flow|flows|flowed|slide|slides|slid|sail|sails|sailed|sailing|"
    r"fly|flies|flew|flying|kick|kicks|kicked|squeeze|squeezes|squeezed|squeezing|wriggle|"
    r"wriggles|wriggled|worm|worms|wormed|you're|you are|get|gets|got|make it|makes it|"
    r"made it)\s+(?:\w+\s+)?"
    r"(?:straight |right |clean |down |up |out |back |"
    r"effortlessly |bodily |simply )?(?:through|into|between)\s+"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){1,40})")
_SOLID = frozenset("wall walls stone stones rock brick bricks floor ceiling bars bulkhead hull "
                   "earth ground mountain cliff boulder solid masonry timber planks oak wood "
                   "wooden iron iron-bound steel metal bronze deck floorboards boards granite "
                   "marble plank board panel panels bulkheads plating flagstones".split())
# Feats a body cannot do: walking on air or water, leaping twenty feet, falling three storeys
# onto one's feet, drifting down like a feather, bending iron bars like reeds, wood parting like
# water.
_NUM = (r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|"
        r"thirty|forty|fifty|sixty|a hundred|hundred|a dozen|dozen)")
_ON_AIR = re.compile(
    r"\b(?:step|steps|stepped|stepping|walk|walks|walked|walking|stride|strides|strode|striding|"
    r"run|runs|ran|running|stroll|strolls|strolled|strolling|dance|dances|danced|dancing|"
    r"tread|treads|trod|treading|pace|paces|paced|pacing|skip|skips|skipped|sprint|sprints|"
    r"sprinted|march|marches|marched)\s+(?:\w+\s+){0,5}?(?:out\s+)?(?:onto|on|upon|across|over|"
    r"along)\s+(?:the\s+)?(?:(?:empty|thin|open|bare|clear|still|black|dark|calm|grey|gray|"
    r"choppy|churning)\s+)?(?:air|nothing|nothingness|void|clouds|surface of the (?:\w+\s+)?"
    r"(?:water|lake|sea|river|pool|pond|swamp|bog|marsh|mere|bay)|water(?!'s|\s+(?:edge|side|"
    r"front|line|bank))|waves)\b")
_HEIGHT = re.compile(
    r"\b(?P<v>leap|leaps|leapt|leaped|leaping|jump|jumps|jumped|jumping|spring|springs|sprang|"
    r"sprung|springing|vault|vaults|vaulted|vaulting|bound|bounds|bounded|hop|hops|hopped|"
    r"drop|drops|dropped|dropping|fall|falls|fell|falling|plunge|plunges|plunged|dive|dives|"
    r"dived|dove|diving|throw yourself|throws himself|throws herself|hurl yourself)\b"
    rf"(?P<mid>[^.;!?]{{0,64}}?)\b(?P<n>{_NUM})[- ](?P<unit>feet|foot|ft|yards|yard|metres|meters|"
    r"metre|meter|storeys|stories|storey|story|floors|floor)\b")
_SOFT_LANDING = re.compile(
    r"\b(?:land|lands|landed|landing|alight|alights|alighted|touch down|touches down|come down|"
    r"comes down|settle|settles|settled)\s+(?:\w+\s+){0,3}?(?:lightly|softly|gently|gracefully|"
    r"easily|nimbly|neatly|unhurt|unharmed|without a scratch|on (?:your|his|her|their) feet|"
    r"like a cat|in a crouch|untouched)\b|\bwithout a scratch\b|\bunhurt\b|\bunharmed\b")
_STOREY_WINDOW = re.compile(
    r"\b(?:out of|from|off) (?:a|the) (?:\w+ )?(?:(?:second|third|fourth|fifth|sixth|top|"
    r"uppermost|highest)[- ](?:storey|story|floor)|tower|belfry|battlements|rooftop|roof|cliff|"
    r"cliff-top|clifftop|mast-top|crow's nest|gallery) ?(?:window|ledge|edge|rail)?\b")
_WEIGHTLESS = re.compile(
    r"\b(?:weightless(?:ly)?|light as (?:a |the )?(?:feather|thistledown|air|a leaf)|like (?:a )?"
    r"(?:feather|thistledown|dandelion seed|falling leaf|leaf)|feather-?light|as if (?:you|he|she|"
    r"they) weighed nothing|as though (?:you|he|she|they) weighed nothing)\b")
_DRIFT = re.compile(
    r"\b(?:drift|drifts|drifted|drifting|float|floats|floated|floating|sink|sinks|sank|sinking|"
    r"glide|glides|glided|gliding|waft|wafts|wafted|settle|settles|settled|descend|descends|"
    r"descended|fall|falls|fell|leap|leaps|leapt|jump|jumps|jumped|spring|springs|sprang|bound|"
    r"bounds|bounded|rise|rises|rose)\b")
_STRENGTH = re.compile(
    r"\b(?:wrench|wrenches|wrenched|bend|bends|bent|tear|tears|tore|rip|rips|ripped|pull|pulls|"
    r"pulled|pry|pries|pried|prise|prises|prised|force|forces|forced|snap|snaps|snapped|twist|"
    r"twists|twisted|crumple|crumples|crumpled|crush|crushes|crushed|peel|peels|peeled|spread|"
    r"spreads|part|parts|parted)\s+(?:the\s+|its\s+|their\s+|a\s+|an\s+)?(?:[a-z-]+\s+){0,3}?"
    r"(?:bars|bar|chains|chain|manacles|shackles|irons|iron|steel|portcullis|grate|grille|"
    r"padlock|lock|cage|hinges|links|door|doors|gate|gates|shutters|hatch|grating)\b"
    r"(?P<how>[^.;!?]{0,60})")
_STRENGTH_HOW = re.compile(
    r"\b(?:apart|asunder|in two|in half|like (?:reeds|straw|twigs|paper|taffy|wet clay|string|"
    r"thread|butter|willow(?: twigs)?|wax|tin)|as if (?:they|it) (?:were|was) (?:straw|reeds|"
    r"twigs|paper|willow|wax|tin)|as if (?:they|it) (?:were|was) made of (?:straw|paper|"
    r"reeds|twigs|wax|tin|cloth|string)|with (?:your|his|her|their) bare hands|off (?:its|their) "
    r"hinges|like (?:they|it) (?:were|was) (?:straw|reeds|twigs|paper|willow|wax|tin))")
_PARTS = re.compile(
    r"\b(?P<what>wall|walls|stone|stones|rock|planks|plank|wood|"
    r"timber|timbers|boards|floor|floorboards|deck|door|bars|metal|iron|steel|hull|earth|"
    r"ground|bulkhead|panel|oak|bricks|brick)\b(?:\s+of\s+(?:the\s+|a\s+)?(?:[a-z'-]+\s+){0,3}?"
    r"[a-z'-]+)?\s+(?:\w+\s+)?(?:parts?|parted|ripples?|rippled|"
    r"melts? away|melted away|flows? aside|flowed aside|softens? like|softened like|yields? like "
    r"water|gives? like water|opens? like (?:water|a curtain|mist))\b")
_REACH_THROUGH = re.compile(
    r"\b(?:(?:reach|reaches|reached|reaching|thrust|thrusts|push|pushes|pushed|slide|slides|slid|"
    r"slip|slips|slipped|sink|sinks|sank|press|presses|pressed|plunge|plunges|plunged)\s+"
    r"(?:your|his|her|their|a)\s+(?:hand|hands|arm|arms|fingers|fist)|reach|reaches|reached|"
    r"reaching)\s+(?:straight\s+|right\s+|down\s+|up\s+|in\s+|back\s+)?"
    r"through\s+(?:the\s+)?(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b)[^.,;!?]){1,40})")
_BREAK_THROUGH = re.compile(
    r"\b(?:punch|punches|punched|smash|smashes|smashed|kick|kicks|kicked|crash|crashes|crashed|"
    r"burst|bursts|barrel|barrels|barrelled|barreled|plough|ploughs|ploughed|plow|plows|plowed|"
    r"charge|charges|charged|ram|rams|rammed|break|breaks|broke|tear|tears|tore|bash|bashes|"
    r"bashed|headbutt|headbutts|headbutted|shoulder|shoulders|shouldered)\s+(?:\w+\s+)?"
    r"(?:straight\s+|right\s+|clean\s+)?through\s+(?:the\s+|a\s+)?(?:\w+\s+)?(?:brick|stone|solid|"
    r"concrete|steel|iron|granite|marble|rock|masonry|cinderblock|cinder-block)\s*(?:wall|walls|"
    r"bulkhead|hull|door|vault|cliff|face|pillar|column|floor|ceiling|block|slab)?\b")
_SINKS_INTO = re.compile(
    r"\b(?:your|his|her|their|[a-z]+'s) (?:hand|hands|fist|arm|arms|fingers|foot|feet|body|leg|"
    r"legs) (?:\w+ )?(?:sinks?|sank|slides?|slid|passes?|passed|plunges?|plunged|goes|went|"
    r"disappears?|disappeared|vanishes|vanished|melts?|melted) (?:\w+ )?(?:into|through) (?:the "
    r"|a )?(?P<obj>(?:(?!\band\b|\bbut\b)[^.,;!?]){1,30})")
_HEAVE = re.compile(
    r"\b(?:lifts?|lifted|hoists?|hoisted|heaves?|heaved|raises?|raised|picks? up|picked up|"
    r"hefts?|hefted|tosses?|tossed|throws?|threw|hurls?|hurled) (?:up )?(?:the |a |an )?"
    r"(?:(?:whole|entire|heavy|massive|huge|great|oak|oaken|iron|stone|loaded|fully loaded|"
    r"laden) )*(?:bar|counter|cart|wagon|carriage|horse|ox|cow|bull|boulder|anvil|statue|pillar|"
    r"column|millstone|grindstone|boat|piano|wardrobe|portcullis|gate|wall|cannon|tree|"
    r"carthorse|mule|camel)\b(?P<how>[^.;!?]{0,40})")
_HEAVE_HOW = re.compile(r"\b(?:over (?:his|her|their|your) head|above (?:his|her|their|your) "
                        r"head|with one hand|one-handed|like a (?:toy|doll|sack|child)|"
                        r"effortlessly|with ease|as if it weighed nothing|across the room)\b")
_GHOSTLY = re.compile(r"\b(?:like a (?:ghost|phantom|spirit|spectre|specter|shade|wraith)|as if "
                      r"(?:it|they|the \w+) (?:were|was) (?:smoke|fog|mist|air|water|nothing|"
                      r"not there|a curtain|a shadow)|as though (?:it|they|the \w+) (?:were|was) "
                      r"(?:smoke|fog|mist|air|water|nothing|not there|a curtain|a shadow))\b")
_ATOP = re.compile(
    r"\b(?:land|lands|landed|landing|perch|perches|perched|perching|stand|stands|standing|"
    r"alight|alights|alighted|crouch|crouches|crouched|crouching|balance|balances|balanced|"
    r"balancing|sit|sits|sitting|settle|settles|settled|end up|ends up|arrive|arrives|"
    r"haul yourself|pull yourself|hop|hops|hopped|jump|jumps|jumped|leap|leaps|leapt|spring|"
    r"springs|sprang|vault|vaults|vaulted)\s+(?:\w+\s+){0,2}?(?:atop|on top of|onto the top "
    r"of|on the top of|up onto the top of|up on top of)\s+(?:the\s+|one of the\s+)?"
    r"(?P<obj>[^.,;!?]{1,40})")
_OVER = re.compile(
    r"\b(?:(?:leap|leaps|leapt|leaped|jump|jumps|jumped|spring|springs|sprang|vault|vaults|"
    r"vaulted|bound|bounds|bounded|hop|hops|hopped)\s+(?:clean\s+|right\s+|straight\s+|"
    r"easily\s+|lightly\s+)?over|clear|clears|cleared)\s+(?:the\s+|one of the\s+)?"
    r"(?P<obj>[^.,;!?]{1,40})")
_THINGS = frozenset("glass cup mug table bar counter door chair bench desk barrel crate chest "
                     "book shelf wall floor railing rail post beam pillar column statue cabinet "
                     "bed bottle box jar".split())
_AIR_WORDS = frozenset("air nothing nothingness void clouds surface water waves".split())
_UNIT_WORDS = frozenset("feet foot ft yards yard metres meters metre meter storeys stories storey "
                        "story floors floor".split())
_LANDING_WORDS = frozenset("lightly softly gently gracefully easily nimbly neatly unhurt unharmed "
                           "scratch feet cat crouch untouched".split())
_WEIGHT_WORDS = frozenset("weightless weightlessly feather thistledown feather-light featherlight "
                          "weighed leaf light".split())
_HOW_WORDS = frozenset("apart asunder two half like as bare hinges".split())
_PART_WORDS = frozenset("parts part parted ripples ripple rippled melts melt melted flows flow "
                        "flowed softens soften softened yields yield gives give opens open".split())
_HEAVE_WORDS = frozenset("head hand one-handed toy doll sack child effortlessly ease weighed "
                         "room".split())
_OVER_WORDS = frozenset("over clear clears cleared".split())
_NO_BREATH = re.compile(
    r"\b(?:without (?:taking|drawing|needing) (?:a |any )?(?:single )?breath|breathes? (?:easily "
    r"|freely )?(?:under ?water|the water|in the water)|breathing (?:easily |freely )?(?:under ?"
    r"water|the water))\b")
_FEAT_EVIDENCE = {"breath": "no one here can breathe water",
                  "air": "no one here can walk on air or water",
                  "leap": "no one here can leap that far", "fall": "no one survives that fall "
                  "unhurt", "weightless": "no one here can float", "strength": "no one here can "
                  "bend iron", "parts": "solid things do not part", "reach": "solid things "
                  "cannot be reached through"}
_FEAT_ALLOW = {"breath": "breath", "air": "flight", "leap": "leap", "fall": "flight", "weightless": "flight",
               "strength": "strength", "parts": "phase", "over": "leap"}
_OPENING = frozenset("doorway archway window gap hole opening crack crowd curtain curtains "
                     "smoke mist fog rain arch crowds throng shadows darkness water spray "
                     "beam beams light gate-house gateway entrance exit passage tunnel "
                     "hatchway".split())
_REACH_OK = _OPENING | frozenset("bars grate grille railing railings fence lattice grating slats "
                                 "porthole keyhole slot window mesh netting net".split())
_CLIMB = re.compile(
    r"\b(?:climb(?:s|ed|ing)?|scal(?:e|es|ed|ing)|clamber(?:s|ed|ing)?|scrambl(?:e|es|ed|ing)|"
    r"shimm(?:y|ies|ied|ying)|shinn(?:y|ies|ied|ying)|shin(?:s|ned|ning)? up|"
    r"monkey(?:s|ed)? up|inch(?:es|ed)? (?:your|his|her|their) way up|"
    r"work(?:s|ed)? (?:your|his|her|their) way up|"
    r"haul(?:s|ed)? (?:yourself|himself|herself|themselves) up|"
    r"(?:run|runs|ran|running|sprint|sprints|sprinted|dash|dashes|dashed|race|races|raced|"
    r"scurry|scurries|scurried|skitter|skitters|skittered|go|goes|went|going|get|gets|got|"
    r"getting) (?:straight |right |nimbly |swiftly "
    r"|lightly )?up|ascend(?:s|ed|ing)?|swarm(?:s|ed)? up|crawl(?:s|ed)? up|"
    r"walk(?:s|ed)? up|pull(?:s|ed|ing)? (?:yourself|himself|herself|themselves) (?:up|onto|"
    r"through|into|over))\s+"
    r"(?:straight\s+|right\s+|quickly\s+|nimbly\s+|easily\s+|effortlessly\s+|hand over hand\s+)?"
    r"(?:up\s+|over\s+|onto\s+|to\s+(?:the top of\s+)?|atop\s+|up to\s+|up onto\s+)?"
    r"(?P<obj>(?:(?!\band\b|\bbut\b|\bthen\b|\bas\b)[^.,;!?]){1,50})")
_OPEN_VERBS = re.compile(
    r"\b(?P<v>open|opens|opened|unlock|unlocks|unlocked|unbar|unbars|unbarred|force|forces|"
    r"forced|pry|pries|pried|prise|prises|kick|kicks|kicked|shove|shoves|shoved|push|pushes|"
    r"pushed|pull|pulls|pulled|throw|throws|threw|swing|swings|swung|fling|flings|flung|"
    r"wrench|wrenches|wrenched|smash|smashes|smashed|break|breaks|broke|bash|bashes|bashed|"
    r"heave|heaves|heaved|yank|yanks|yanked|tear|tears|tore|rip|rips|ripped|jerk|jerks|jerked|"
    r"tug|tugs|tugged|jimmy|jimmies|jimmied|crack|cracks|cracked|haul|hauls|hauled|drag|"
    r"drags|dragged|pop|pops|popped)\s+(?P<pre>open\s+)?(?:the\s+|a\s+)?(?:\w+\s+)?(?P<f>FEATURES)\b"
    r"(?P<after>\s+open)?")
_OPENS_ITSELF = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)(?:'s lock)?\s+(?:\w+\s+)?(?P<v>swings|swung|creaks|creaked|"
    r"falls|fell|bursts|burst|springs|sprang|clicks|clicked|slides|slid|grinds|ground|pops|"
    r"popped|beeps|beeped|flies|flew|crashes|crashed|groans|groaned|yawns|yawned|scrapes|"
    r"scraped|gives|gave|comes|came|opens|opened|unlocks|unlocked|hisses|hissed|whirs|whirred|"
    r"sighs|sighed|rumbles|rumbled|rolls|rolled|lifts|lifted|rises|rose|retracts|retracted|"
    r"irises|irised|jerks|jerked|judders|juddered|shudders|shuddered|slams|slammed)\s+"
    r"(?:wide\s+)?(?P<rest>open|way|aside|apart)?")
_OPENS_AFTER = re.compile(
    r"\b(?:the\s+)?(?P<f>FEATURES)\b[^.!?]{0,60}?\b(?:it|they|the lid|the door|the gate|the "
    r"hatch|the lock|the grate|the bolt)\s+(?:\w+\s+)?(?P<v>swings|swung|creaks|creaked|falls|"
    r"fell|bursts|burst|springs|sprang|clicks|clicked|slides|slid|grinds|ground|pops|popped|"
    r"flies|flew|crashes|crashed|groans|groaned|yawns|yawned|scrapes|scraped|gives|gave|comes|"
    r"came|opens|opened|hisses|hissed|rumbles|rumbled|rolls|rolled|lifts|lifted|jerks|jerked|"
    r"shudders|shuddered)\s+(?:wide\s+)?(?P<rest>open|way|aside|apart|wide\b)")
_PASS_FEATURE = re.compile(r"\b(?:through|beyond)\s+(?:the\s+)?(?:locked\s+|closed\s+|"
                           r"barred\s+|heavy\s+|iron\s+|steel\s+)?(?P<f>FEATURES)\b")
_DOOR_ADJECTIVES = frozenset(
    "locked heavy iron wooden oak oaken stout old thick great barred closed massive reinforced "
    "iron-bound bolted sturdy solid steel bronze metal same shut sealed studded ancient big "
    "small low narrow squat creaking rusted rusty".split())
_SUBJECTS = frozenset({"you", "he", "she", "they"})
_FORCE_VERBS = frozenset({"force", "forces", "forced", "pry", "pries", "pried", "prise", "break",
                          "breaks", "broke", "smash", "smashes", "smashed", "bash", "bashes",
                          "bashed", "jimmy", "jimmies", "jimmied", "crack", "cracks", "cracked"})
_KEY_OPENERS = frozenset({"unlock", "unlocks", "unlocked", "open", "opens", "opened", "unbar",
                          "unbars", "unbarred"})
_MOTION = frozenset(
    "arrive arrives arrived emerge emerges emerged step steps stepped walk walks walked head "
    "heads headed go goes went come comes came run runs ran ride rides rode climb climbs "
    "climbed descend descends descended ascend ascends ascended duck ducks ducked slip slips "
    "slipped push pushes pushed stride strides strode wander wanders wandered stroll strolls "
    "strolled hurry hurries hurried follow follows followed return returns returned land "
    "lands landed end ends ended stumble stumbles stumbled jump jumps jumped leap leaps leapt "
    "leaped glide glides glided soar soars soared fly flies flew race races raced dash dashes "
    "dashed sprint sprints sprinted crawl crawls crawled wade wades waded swim swims swam "
    "sail sails sailed row rows rowed make makes made appear appears appeared reappear "
    "reappears reappeared reappearing materialize materializes materialized teleport "
    "teleports teleported blink blinks blinked drop drops dropped cross crosses crossed "
    "venture ventures ventured march marches marched sneak sneaks sneaked snuck creep "
    "creeps crept tiptoe tiptoes limp limps limped stagger staggers staggered hop hops "
    "hopped vault vaults vaulted squeeze squeezes squeezed bolt bolts bolted flee flees fled "
    "escape escapes escaped retreat retreats retreated move moves moved travel travels "
    "travelled traveled journey journeys haul hauls hauled pull pulls pulled lower lowers "
    "lowered stand stands stood find finds found take takes took scramble scrambles shimmy "
    "shimmies shimmied swing swings swung rappel rappels sneak sneaks wind winds "
    "scrambled clamber clambers clambered plunge plunges plunged fall falls fell tumble "
    "tumbles tumbled shoulder shoulders shouldered".split())
_POSTURES = frozenset("crouch heap tangle sprawl huddle pile kneel squat stance daze hurry rush "
                      "sweat panic state mood trance dream daydream sweat bind fix jam health "
                      "ease peace rest pain trouble danger luck shock tears love charge command "
                      "control position readiness attention hurry lead minority majority "
                      "middle midst thick".split())
_STRONG_ARRIVAL = frozenset(
    "arrive arrives arrived arriving emerge emerges emerged emerging materialize materializes "
    "materialized reappear reappears reappeared wake wakes woke awaken awakens "
    "awakened".split())
_WAY_VERBS = frozenset({"opens", "opened", "gives", "gave", "leads", "led", "emerges", "emerged",
                        "ends", "ended", "spills", "spilled", "empties", "emptied", "lets",
                        "debouches", "comes", "came", "winds", "wound"})
_WAYS = frozenset("passage passageway path pathway tunnel door doorway stair stairs staircase "
                  "stairway corridor hallway hall trail road lane alley alleyway gate hatch "
                  "ladder steps channel creek river track way route street bridge arch archway "
                  "shaft chute".split())
_TRANSITIVE = frozenset({"enter", "enters", "entered", "reach", "reaches", "reached"})
_MOTION = _MOTION | frozenset(
    f for w in _MOTION if not w.endswith(("s", "ed")) for f in V._inflections(w)) | frozenset(
    "drift drifts drifted drifting float floats floated floating pole poles poled poling paddle "
    "paddles paddled paddling kick kicks kicked kicking trudge trudges trudged trudging "
    "hike hikes hiked hiking tumble tumbles tumbled tumbling scramble scrambles scrambled "
    "scrambling clamber clambers clambered clambering spill spills spilled spilling pass passes "
    "passed passing".split())
# What one passes beneath or through to enter a place: "beneath the gates of the City of Brass".
_DOCKING = frozenset("pull pulls pulled put puts tie ties tied".split())
_GATEWAYS = frozenset("gate gates arch archway portal threshold lintel gateway".split())
_BEING = frozenset({"are", "'re", "were", "stand", "stands"})  # "you are now in X"
_NOW = frozenset({"now", "suddenly", "back", "already", "instantly", "soon", "standing",
                  "sitting", "lying", "kneeling", "perched", "crouching"})
_LED = frozenset({"leads", "led", "brings", "brought", "takes", "took", "carries", "carried",
                  "guides", "guided", "draws", "drew", "sweeps", "swept", "drags", "dragged",
                  "delivers", "delivered"})
_ARRIVE_PREP = frozenset({"into", "onto", "to", "toward", "towards", "at", "in", "inside",
                          "through", "on", "atop", "upon", "within"})
_SKIP_AFTER_MOTION = frozenset(
    "out down up back over off away straight below inside outside onward onwards forward "
    "across along ahead deeper further quickly slowly carefully cautiously together right "
    "standing lying sitting perched crouched crouching kneeling balanced instantly suddenly "
    "yourself himself herself themselves both then".split())
_SELF_WORDS = {
    "tavern": {"tavern", "inn", "taproom", "room", "bar", "common", "hall", "tankard"},
    "ship": {"ship", "vessel", "boat", "deck", "bow", "stern", "rail", "mast", "rigging"},
    "mine": {"mine", "tunnel", "gallery", "shaft", "rail"},
    "chapel": {"chapel", "church", "nave", "aisle", "altar", "pew"},
    "market": {"market", "bazaar", "square", "stall", "crowd"},
    "stable": {"stable", "stall", "barn"},
    "modern": {"loft", "apartment", "room", "office", "desk", "window"},
    "cellar": {"cellar", "basement"},
    "street": {"street", "square", "alley"},
    "outdoors": {"path", "road", "trail", "clearing"},
}
_PLACE_SYNONYMS = [
    {"graveyard", "cemetery", "churchyard", "burial", "boneyard"},
    {"tavern", "inn", "alehouse", "pub", "taproom", "tankard"},
    {"dock", "docks", "harbor", "harbour", "pier", "wharf", "quay"},
    {"market", "bazaar", "marketplace", "souk", "square"},
    {"cellar", "basement", "undercroft"},
    {"stair", "stairs", "stairwell", "staircase", "steps", "stairway"},
    {"hayloft", "loft"},
    {"gate", "gateway", "gatehouse"},
    {"yard", "courtyard"},
    {"street", "road", "lane", "alley"},
    {"cabin", "quarters"},
    {"hold", "cargo"},
]
# Parts of a place: arriving on "the deck of" something arrives at that something.
_PLACE_PARTS = frozenset("deck summit top roof peak foot edge bank shore floor hold cabin bridge "
                         "steps threshold porch gate gates courtyard yard halls hall heart "
                         "interior".split())
_GENERIC_PLACE = frozenset("port mount fort cape lake saint st old new upper lower north south east "
                           "west great little high isles isle peaks peak falls springs".split())
_TELEPORT_WORDS = frozenset({"blink", "blinks", "blinked", "vanish", "vanishes", "vanished",
                             "disappear", "disappears", "disappeared", "instant"})
_FIND_WORDS = frozenset({"yourself", "himself", "herself", "themselves"})
_FLIGHT_WORDS = frozenset({"fly", "flies", "flew", "flying", "take", "takes", "took", "rise",
                           "rising", "soar", "soars", "soared", "soaring",
                           "sail", "sails", "sailed", "sailing",
                           "rises", "rose", "lift", "lifts", "lifted", "air"})
_THROUGH_WORDS = frozenset({"through", "into", "between"})
_PHASE_VERBS = frozenset({"phase", "phases", "phased", "melt", "melts", "melted", "seep", "seeps",
                          "seeped"})
_CLIMB_WORDS = frozenset({"haul", "hauls", "hauled", "run", "runs", "ran", "swarm", "swarms",
                          "running", "sprint", "sprints", "sprinted", "dash", "dashes", "dashed",
                          "race", "races", "raced", "scurry", "scurries", "scurried",
                          "crawl", "crawls", "walk", "walks", "pull", "pulls", "pulled",
                          "pulling", "shin",
                          "shins", "shinned", "monkey", "inch", "work", "works", "worked",
                          "go", "goes", "went", "going", "get", "gets", "got", "getting"})
_ABILITY_WORDS = {
    "teleport": ("teleport", "blink", "misty step", "dimension door", "shadow step", "phase step"),
    "flight": ("fly", "flight", "levitat", "wing", "feather fall", "hover", "glide"),
    "phase": ("phase", "incorporeal", "ethereal", "pass without", "wall walk", "walk through"),
    "climb": ("spider climb", "climb", "wall run", "wall-run", "scale"),
    "leap": ("jump", "leap", "spring", "acrobat", "step of the wind", "zero-g", "athlet",
             "bound"),
    "strength": ("strength", "mighty", "giant", "bend bars", "herculean"),
    "breath": ("water breathing", "breathe water", "gills", "amphibious", "aquatic"),
}
_ABILITY_WORDS["flight"] = _ABILITY_WORDS["flight"] + ("slow fall", "water walk", "air walk",
                                                       "zero-g")


def _place_names(g: SceneGrounding) -> list[str]:
    """The full lowercase names of the places an arrival may name: the location, its aliases,
    its exits and their aliases, and the scene's known places."""
    names = g.memo.get("place_names")
    if names is None:
        loc = g.scene.location
        texts = [loc.name, *loc.aliases, *loc.exits,
                 *(a for ex in loc.exits for a in loc.exit_aliases.get(ex, ()))]
        names = sorted({" ".join(re.findall(r"[a-z0-9][a-z0-9'-]*", t.lower().replace("’", "'")))
                        for t in texts if t and t.strip()} - {""})
        names = [n[4:] if n.startswith("the ") else n for n in names]
        g.memo["place_names"] = names
    return names


def _feet(n: str, unit: str) -> float:
    """A distance in feet: "twenty feet", "3 storeys", "a dozen yards"."""
    n = n.replace("a ", "")
    value = int(n) if n.isdigit() else {"dozen": 12, "hundred": 100}.get(
        n, V.NUMBER_WORDS.get(n, 0))
    if unit.startswith(("yard",)):
        return value * 3
    if unit.startswith(("metre", "meter")):
        return value * 3.3
    if unit.startswith(("storey", "stori", "story", "floor")):
        return value * 10
    return float(value)


def _allowed(holder: Holder | None, what: str) -> bool:
    if holder is None:
        return False
    text = " ".join(holder.abilities).lower()
    return any(w in text for w in _ABILITY_WORDS[what])


def _feature_regex(g: SceneGrounding) -> dict[str, FeatureFact]:
    names: dict[str, FeatureFact] = {}
    heads: dict[str, list[FeatureFact]] = {}
    for f in g.features:
        source = g.scene.feature(f.name)
        for alias in [f.name, *(source.aliases if source else [])]:
            names[alias.lower()] = f
        heads.setdefault(f.head, []).append(f)
    for head, fs in heads.items():
        if len(fs) == 1 and head and head not in names and head in (
                "door", "gate", "grate", "hatch", "trapdoor", "portcullis", "grille", "bars"):
            names[head] = fs[0]
    locked = [f for f in g.features if f.locked]
    if len(locked) == 1 and "lock" not in names:
        names["lock"] = locked[0]  # "the lock clicks open": the scene's one locked thing
    return names


class PhysicsCheck:
    """Teleports, flight, walking through walls or locked doors, climbing the unclimbable."""

    name = "physics"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        text = r.masked
        out: list[Finding] = []
        events: list[tuple[int, int, str, re.Match[str]]] = []
        scans = (
            (_TELEPORT, "teleport", r.mentions(_TELEPORT_WORDS, ("teleport", "materiali",
                                                                  "reappear"))),
            (_FIND_SELF, "find_self", r.mentions(_FIND_WORDS)),
            (_FLIGHT, "flight", r.mentions(_FLIGHT_WORDS, ("soar", "levitat", "hover", "float",
                                                            "glid", "leap"))),
            (_THROUGH, "through", r.mentions(_THROUGH_WORDS)),
            (_CLIMB, "climb", r.mentions(_CLIMB_WORDS, ("climb", "scal", "clamber", "scrambl",
                                                         "shimm", "shinn", "ascend"))),
        )
        for pattern, kind, possible in scans:
            if possible:
                for m in pattern.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        locked, patterns = self._lock_patterns(g)
        if patterns and not r.words.isdisjoint(g.memo["lock_words"]):
            for pat, kind in patterns:
                for m in pat.finditer(text):
                    events.append((m.start(), m.end(), kind, m))
        events += self._feats(ctx)
        unlocked: set[str] = set()
        for a, b, kind, m in sorted(events, key=lambda e: e[0]):
            i = r.token_at(a)
            actor = self._inner_subject(ctx, i, b) or self._actor(ctx, i, m.group(0))
            k = i + 1
            while not actor.is_person and k < len(r.tokens) and k - i <= 8 and (
                    r.tokens[k].start < b or r.tokens[k].low in ("you", "he", "she", "they")):
                # "With a single leap you soar ...": the subject stands inside the match
                h = ctx.refs[k] if ctx.refs and r.tokens[k].low in (
                    "you", "he", "she", "they") else None
                actor = Actor(kind="holder", holder=h) if h is not None else \
                    self._actor(ctx, k, m.group(0))
                k += 1
            if kind == "feat:parts" and not actor.is_person:
                # "the wood parts like water as you step through": whoever goes through
                a_tok, b_tok = r.sentence_tokens[r.tokens[i].sent]
                h = next((ctx.refs[k] for k in range(a_tok, b_tok)
                          if ctx.refs and ctx.refs[k] is not None), None)
                if h is not None:
                    actor = Actor(kind="holder", holder=h)
            holder = actor.holder
            sentence = r.tokens[i].sent
            if kind in ("teleport", "find_self", "flight", "through", "climb") or \
                    kind.startswith("feat:"):
                if not actor.is_person:
                    continue
                if actor.kind == "person":
                    continue  # someone absent: reported by the mention checks
            if kind.startswith("feat:"):
                what = kind[5:]
                if what in ("over", "atop"):
                    f = g.feature_for(re.findall(r"[a-z'-]+", m.group("obj"))[:6])
                    if f is None or f.climbable is not False or _allowed(holder, "climb") or \
                            _allowed(holder, "leap"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          f"the {f.name} cannot be climbed",
                                          f"The {f.name} cannot be climbed or leapt; "
                                          f"'{narration[a:b].strip()}' cannot happen."))
                    continue
                if what == "reach":
                    obj = re.findall(r"[a-z'-]+", m.group("obj"))[:5]
                    f = g.feature_for(obj)
                    solid = bool(set(obj[:4]) & _SOLID) or (f is not None and (f.locked or f.closed))
                    if not solid and m.re is _SINKS_INTO:
                        # "his hand passes straight through his glass": any thing, for a body
                        solid = bool({V.lemma(w) for w in obj[:4]} & _THINGS)
                    if not solid or set(obj[:4]) & _REACH_OK or _allowed(holder, "phase"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          "solid things cannot be reached through",
                                          f"{self._who(holder)} cannot reach through "
                                          f"'{m.group('obj').strip()}'."))
                    continue
                if _allowed(holder, _FEAT_ALLOW.get(what, "flight")):
                    continue
                if what == "strength" and self._outcome_success(ctx) and holder is g.player:
                    continue  # the backend let the player force it
                out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                      _FEAT_EVIDENCE.get(what, "no one here can do that"),
                                      f"{self._who(holder)} cannot do that: "
                                      f"'{narration[a:b].strip()}' breaks the scene's physics."))
                continue
            if kind == "teleport":
                if _allowed(holder, "teleport") or self._party_can(g, "teleport"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      "no one here can teleport",
                                      f"{self._who(holder)} cannot teleport: "
                                      f"'{narration[a:b]}' breaks the scene's physics."))
            elif kind == "find_self":
                if self._moved_before(r, i, sentence) or _allowed(holder, "teleport"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.75, a, b,
                                      "no movement to get there",
                                      f"'{narration[a:b]}' moves {self._who(holder).lower()} "
                                      f"somewhere without getting there: no teleporting."))
            elif kind == "flight":
                if _allowed(holder, "flight"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"{self._who(holder)} cannot fly",
                                      f"{self._who(holder)} cannot fly: '{narration[a:b]}'."))
            elif kind == "through":
                obj = m.group("obj")
                words = re.findall(r"[a-z'-]+", obj)[:5]
                if words and words[0] in ("it", "them"):
                    # "stride at the plaster wall and pass through it": what "it" stands for
                    prev = [p for p in r.phrases if p.end <= i and not p.pronoun
                            and r.tokens[p.head].sent == sentence]
                    named = [p for p in prev if g.feature_for(
                        [t.base for t in r.tokens[p.start:p.end] if t.kind == "word"])]
                    prev = named or prev  # "the office door is locked, but ... through it"
                    if prev:
                        words = [t.base for t in r.tokens[prev[-1].start:prev[-1].end]
                                 if t.kind == "word"][:5]
                        obj = " ".join(words)
                if " between " in m.group(0) and not {"bars", "bar", "railings", "grille",
                                                      "grate", "grating"} & set(words[:4]):
                    continue  # "squeeze between the crates": a gap, not a solid
                f = g.feature_for(words)
                head_words = set(words[:4])
                verb = m.group(0).split()[0]
                send = self._sentence_end(r, b)
                if " through " in m.group(0) and _GHOSTLY.search(
                        r.text.lower().replace("’", "'"), a, send) and \
                        not head_words & _OPENING and not _allowed(holder, "phase"):
                    # "walk through the stacked crates as if they were mist": whatever it is,
                    # it is solid to a body
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          "no one here can pass through solid things",
                                          f"{self._who(holder)} cannot pass through "
                                          f"'{obj.strip()}'."))
                    continue
                if verb in _PHASE_VERBS and " through " in m.group(0) and \
                        not head_words & _OPENING:
                    if not _allowed(holder, "phase"):
                        out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                              "no one here can pass through solid things",
                                              f"{self._who(holder)} cannot {verb} through "
                                              f"'{obj.strip()}'."))
                    continue
                barred = bool(head_words & {"bars", "bar"}) and not head_words & _OPENING
                if head_words & _OPENING or (f is not None and not f.locked and not f.closed
                                              and f.head not in _SOLID and not barred):
                    continue
                if f is not None and f.closed and not f.locked and f.name not in unlocked:
                    out.append(finding_at(ctx, "physics", "block", 0.8, a, b,
                                          f"the {f.name} is closed",
                                          f"The {f.name} is closed; {self._who(holder).lower()} "
                                          f"cannot pass through it."))
                    continue
                if f is not None and f.locked:
                    if f.name in unlocked or self._may_open(ctx, holder, f):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.85, a, b,
                                          f"the {f.name} is locked",
                                          f"The {f.name} is locked; {self._who(holder).lower()} "
                                          f"cannot pass through it."))
                elif head_words & _SOLID or "locked" in head_words or "solid" in head_words:
                    if _allowed(holder, "phase"):
                        continue
                    out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                          "solid things cannot be walked through",
                                          f"{self._who(holder)} cannot pass through "
                                          f"'{obj.strip()}'."))
            elif kind == "climb":
                obj = m.group("obj")
                words = re.findall(r"[a-z'-]+", obj)[:9]  # "the turning paddles of the mill
                # wheel": what the part belongs to comes after "of"
                f = g.feature_for(words)
                if f is None and words and words[0] in ("its", "it", "the", "their") and set(
                        words[:3]) & {"it", "face", "side", "wall", "surface", "front", "flank",
                                      "curve", "slope", "outside", "length", "sheer"}:
                    # "hop onto the stone chimney and run up its face"
                    a_tok, _ = r.sentence_tokens[sentence]
                    before = [t.base for t in r.tokens[a_tok:i] if t.kind == "word"]
                    f = g.feature_for(before[-8:]) or self._surface(ctx, a_tok, i)
                if f is None or f.climbable is not False or _allowed(holder, "climb"):
                    continue
                out.append(finding_at(ctx, "physics", "block", 0.9, a, b,
                                      f"the {f.name} cannot be climbed",
                                      f"The {f.name} cannot be climbed; narrate the climb "
                                      f"failing."))
            elif kind in ("open", "opens", "pass") or kind.startswith("exit:"):
                f = locked.get(m.group("f")) if not kind.startswith("exit:") else None
                if kind.startswith("exit:"):
                    f = next((x for x in g.features if x.name == kind[5:]), None)
                if f is None:
                    continue
                if not kind.startswith("exit:") and self._other_door(text, m.start("f"),
                                                                     m.group("f"), f):
                    continue  # "the back door" is not the strongroom door
                if kind in ("opens", "pass") and m.group("f").strip() == f.head and \
                        f.head != f.name.lower() and not self._named(ctx, f):
                    continue  # "the door opens behind a gust": some door, not the locked one
                verb = m.groupdict().get("v") or ""
                if kind == "open":
                    opening = bool(verb in _KEY_OPENERS or m.group("after") or m.group("pre")
                                   or verb in _FORCE_VERBS or verb in ("pop", "pops", "popped"))
                    if not opening:
                        continue
                if kind == "opens" and not (m.group("rest") or verb in ("opens", "opened",
                                                                        "unlocks", "unlocked")):
                    continue
                if f.name in unlocked:
                    continue
                if self._may_open(ctx, holder if actor.kind == "holder" else None, f) or (
                        kind == "opens" and self._outcome_success(ctx)):
                    unlocked.add(f.name)
                    continue
                if kind == "opens":
                    # "Dr. Osei swipes her keycard and the hatch slides open": whoever in the
                    # sentence holds the key opened it
                    a_tok, _ = r.sentence_tokens[max(0, sentence - 1)]
                    near = [ctx.refs[k] for k in range(a_tok, i) if ctx.refs and ctx.refs[k]]
                    if any(self._may_open(ctx, h, f) for h in near):
                        unlocked.add(f.name)
                        continue
                    holder = g.player if self._player_near(r, i) else holder
                conf = 0.8 if actor.kind == "holder" or kind != "opens" else 0.7
                out.append(finding_at(
                    ctx, "physics", "block", conf, a, b, f"the {f.name} is locked"
                    + (f" and only the {f.key} opens it" if f.key else ""),
                    f"The {f.name} is locked" + (f" and {self._who(holder).lower()} "
                                                 f"{'have' if holder is g.player else 'has'} no "
                                                 f"{f.key}" if f.key else "")
                    + f": '{narration[a:b].strip()}' cannot happen."))
        return out

    def prepare(self, g: SceneGrounding) -> None:
        self._lock_patterns(g)

    def _lock_patterns(self, g: SceneGrounding
                       ) -> tuple[dict[str, FeatureFact], list[tuple[re.Pattern[str], str]]]:
        """The scene's locked features and the patterns that open or pass them (built once per
        scene)."""
        cached = g.memo.get("lock_patterns")
        if cached is not None:
            return cached
        names = _feature_regex(g)
        locked = {k: f for k, f in names.items() if f.locked}
        patterns: list[tuple[re.Pattern[str], str]] = []
        if locked:
            alt = "|".join(sorted((re.escape(k) for k in locked), key=len, reverse=True))
            for pat, kind in ((_OPEN_VERBS, "open"), (_OPENS_ITSELF, "opens"),
                              (_OPENS_AFTER, "opens"), (_PASS_FEATURE, "pass")):
                patterns.append((re.compile(pat.pattern.replace("FEATURES", alt)), kind))
            for exit_name, ex_words in g.exits:
                f = self._door_of(g, exit_name, ex_words)
                if f is None or not f.locked:
                    continue
                patterns.append((re.compile(
                    r"\b(?:descend|descends|enter|enters|into|down to|down into|reach|reaches|"
                    r"stand in|stands in|emerge in|emerges in|arrive in|arrive at|step into|"
                    r"steps into|slip into|slips into|head into|head down|go down)\s+"
                    r"(?:the\s+)?" + re.escape(exit_name.lower()) + r"\b"), "exit:" + f.name))
        g.memo["lock_patterns"] = (locked, patterns)
        words = {w for name in locked for w in re.findall(r"[a-z0-9']+", name)}
        for exit_name, _ in g.exits:
            words |= set(re.findall(r"[a-z0-9']+", exit_name.lower()))
        g.memo["lock_words"] = frozenset(words)
        return locked, patterns

    def _feats(self, ctx: CheckContext) -> list[tuple[int, int, str, re.Match[str]]]:
        """Bodies doing what bodies cannot: walking on air or water, superhuman leaps and falls,
        drifting down like a feather, bending bars like reeds, stone parting like water,
        reaching through planks, standing atop what cannot be climbed."""
        r = ctx.reading
        low = r.text.lower().replace("’", "'")
        masked = r.masked
        out: list[tuple[int, int, str, re.Match[str]]] = []

        def live(char: int) -> bool:
            t = r.token_from(char)
            return t is not None and not t.negated and not (t.muted and t.quoted)

        ws = r.words
        if not ws.isdisjoint(_AIR_WORDS):
            for m in _ON_AIR.finditer(masked):
                out.append((m.start(), m.end(), "feat:air", m))
        for m in (_HEIGHT.finditer(low) if not ws.isdisjoint(_UNIT_WORDS) else ()):
            if not live(m.start()):
                continue
            feet = _feet(m.group("n"), m.group("unit"))
            verb = m.group("v")
            sent_end = self._sentence_end(r, m.end())
            rest = low[m.start():sent_end]
            falling = verb.startswith(("drop", "fall", "fell", "plung", "div", "dove", "throw",
                                       "hurl")) or bool(re.search(
                                           r"\b(?:drop|drops|dropped|fall|falls|fell|plunge|"
                                           r"plunges|plunged)\b", m.group("mid")))
            if falling:
                if feet >= 20 and _SOFT_LANDING.search(rest):
                    out.append((m.start(), m.end(), "feat:fall", m))
            else:
                up = re.search(r"\b(?:up|upward|upwards|high|straight up|into the air|onto|atop|"
                               r"to the top|over|clean over)\b", rest)
                if feet >= (8 if up else 15):
                    out.append((m.start(), m.end(), "feat:leap", m))
        for m in (_STOREY_WINDOW.finditer(low) if not ws.isdisjoint(_LANDING_WORDS) else ()):
            a, _ = r.sentences[r.tokens[r.token_at(m.start())].sent]
            sent_end = self._sentence_end(r, m.end())
            before = low[a:m.start()]
            if re.search(r"\b(?:dive|dives|dived|dove|leap|leaps|leapt|jump|jumps|jumped|drop|"
                         r"drops|dropped|fall|falls|fell|throw|throws|threw|step|steps|stepped|"
                         r"vault|vaults|vaulted|roll|rolls|rolled|tumble|tumbles|tumbled)\b",
                         before) and _SOFT_LANDING.search(low[m.end():sent_end]) and live(a):
                out.append((m.start(), m.end(), "feat:fall", m))
        for m in (_WEIGHTLESS.finditer(low) if not ws.isdisjoint(_WEIGHT_WORDS) else ()):
            a, b = r.sentences[r.tokens[r.token_at(m.start())].sent]
            for v in _DRIFT.finditer(low, a, b):
                if live(v.start()):
                    out.append((v.start(), m.end() if m.end() > v.start() else v.end(),
                                "feat:weightless", v))
                    break
        if not ws.isdisjoint(_HOW_WORDS):
            for m in _STRENGTH.finditer(low):
                if live(m.start()) and _STRENGTH_HOW.search(m.group("how")):
                    out.append((m.start(), m.end(), "feat:strength", m))
        if not ws.isdisjoint(_PART_WORDS):
            for m in _PARTS.finditer(low):
                if live(m.start()):
                    out.append((m.start(), m.end(), "feat:parts", m))
        if "through" in ws or "into" in ws:
            for m in _REACH_THROUGH.finditer(masked):
                out.append((m.start(), m.end(), "feat:reach", m))
            for m in _SINKS_INTO.finditer(masked):
                out.append((m.start(), m.end(), "feat:reach", m))
        if "breath" in ws or "breathe" in ws or "breathes" in ws or "breathing" in ws:
            for m in _NO_BREATH.finditer(low):
                if live(m.start()):
                    out.append((m.start(), m.end(), "feat:breath", m))
        if "through" in ws:
            for m in _BREAK_THROUGH.finditer(low):
                if live(m.start()):
                    out.append((m.start(), m.end(), "feat:strength", m))
        if not ws.isdisjoint(_HEAVE_WORDS):
            for m in _HEAVE.finditer(low):
                if live(m.start()) and _HEAVE_HOW.search(m.group("how")):
                    out.append((m.start(), m.end(), "feat:strength", m))
        if "atop" in ws or "top" in ws:
            for m in _ATOP.finditer(masked):
                out.append((m.start(), m.end(), "feat:atop", m))
        if not ws.isdisjoint(_OVER_WORDS):
            for m in _OVER.finditer(masked):
                out.append((m.start(), m.end(), "feat:over", m))
        return out

    @staticmethod
    def _sentence_end(r: Reading, char: int) -> int:
        for a, b in r.sentences:
            if a <= char < b:
                return b
        return len(r.text)

    @staticmethod
    def _inner_subject(ctx: CheckContext, i: int, b: int) -> Actor | None:
        """"With a single leap you soar ...", "In the blink of an eye you are ...": a subject
        pronoun or a present name inside the matched words, or right after them, is the one
        who moves."""
        r = ctx.reading
        toks = r.tokens
        sent = toks[i].sent
        for k in range(i, min(len(toks), i + 12)):
            t = toks[k]
            if t.sent != sent or (t.start >= b and k > i + 1 and t.low not in _SUBJECTS):
                break
            if t.low in _SUBJECTS and ctx.refs and ctx.refs[k] is not None:
                nxt = toks[k + 1] if k + 1 < len(toks) else None
                if nxt is not None and nxt.kind == "word" and (nxt.low in V.VERBS
                                                               or nxt.low in V.AUXILIARIES
                                                               or nxt.low in V.ADVERBS):
                    return Actor(kind="holder", holder=ctx.refs[k])
        return None

    @staticmethod
    def _surface(ctx: CheckContext, a: int, i: int) -> FeatureFact | None:
        """"haul yourself out onto the slick glass, climbing up the curve of the dome": the
        surface one got onto, named by a word of exactly one unclimbable feature ("glass walls")."""
        r = ctx.reading
        for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
            if p.start == 0 or r.tokens[p.start - 1].low not in ("onto", "on", "upon", "up"):
                continue
            head = V.lemma(r.tokens[p.head].base)
            fs = [f for f in ctx.grounding.features if head in f.words]
            if len(fs) == 1 and fs[0].climbable is False:
                return fs[0]
            return None
        return None

    @staticmethod
    def _named(ctx: CheckContext, f: FeatureFact) -> bool:
        """Does the narration or the player's action name this feature in full?"""
        said = ctx.reading.text.lower() + " " + " ".join(
            (i.words or "") for i in ctx.intents).lower()
        source = ctx.grounding.scene.feature(f.name)
        names = [f.name, *(source.aliases if source else [])]
        return any(n.lower() in said for n in names if n and n.lower() != f.head)

    @staticmethod
    def _other_door(text: str, at: int, key: str, f: FeatureFact) -> bool:
        """A bare "door" matched to the scene's one locked door, but named otherwise by the
        word before it ("the back door", "the kitchen door"): a different door."""
        if " " in key.strip() or key.strip() != f.head:
            return False
        before = re.findall(r"[a-z'-]+", text[max(0, at - 30):at])
        if not before:
            return False
        word = before[-1]
        if word in V.DETERMINERS or word in _DOOR_ADJECTIVES or V.lemma(word) in f.words:
            return False
        return True

    @staticmethod
    def _door_of(g: SceneGrounding, exit_name: str, ex_words: frozenset[str]) -> FeatureFact | None:
        through = g.scene.location.exit_through.get(exit_name)
        if through:
            return next((f for f in g.features if f.name.lower() == through.lower()), None)
        generic = {"door", "gate", "grate", "hatch", "trapdoor", "stairs", "stair", "the"}
        for f in g.features:
            if f.locked and (ex_words - generic) & (f.words - generic):
                return f
        return None

    @staticmethod
    def _actor(ctx: CheckContext, i: int, matched: str) -> Actor:
        if re.search(r"\b(?:yourself|you (?:are|stand|appear|reappear|vanish|blink))\b",
                     matched):
            return Actor(kind="holder", holder=ctx.grounding.player)
        actor = subject_before(ctx, i)
        if actor.kind == "none":
            r = ctx.reading
            if i < len(r.tokens) and ctx.refs and ctx.refs[i] is not None:
                return Actor(kind="holder", holder=ctx.refs[i])
        return actor

    @staticmethod
    def _who(holder: Holder | None) -> str:
        if holder is None:
            return "Someone"
        return "You" if holder.kind == "player" else holder.name

    @staticmethod
    def _party_can(g: SceneGrounding, what: str) -> bool:
        key = "can_" + what
        if key not in g.memo:
            g.memo[key] = any(_allowed(h, what) for h in g.holders)
        return g.memo[key]

    @staticmethod
    def _moved_before(r: Reading, i: int, sentence: int) -> bool:
        a, _ = r.sentence_tokens[sentence]
        return any(r.tokens[k].low in _MOTION and r.tokens[k].low not in (
            "find", "finds", "found", "blink", "blinks", "blinked", "appear", "appears",
            "reappear", "stand", "stands") for k in range(a, i))

    @staticmethod
    def _player_near(r: Reading, i: int) -> bool:
        a, b = r.sentence_tokens[r.tokens[i].sent]
        return any(r.tokens[k].low in ("you", "your") for k in range(a, b))

    @staticmethod
    def _outcome_success(ctx: CheckContext) -> bool:
        o = ctx.outcome
        if o is None or o.blocked or not o.steps:
            return False
        return o.success

    def _may_open(self, ctx: CheckContext, holder: Holder | None, f: FeatureFact) -> bool:
        if holder is None:
            return False
        if f.key:
            kw = [V.lemma(w) for w in re.findall(r"[a-z]+", f.key.lower().replace("'s ", " "))
                  if w not in ("the", "s")]
            if kw and all(w in holder.words for w in kw):
                return True
        if holder.kind == "player" and self._outcome_success(ctx):
            actions = {i.action_type for i in ctx.intents}
            abilities = " ".join(holder.abilities).lower()
            if actions & {"open", "unlock"} or "lock" in abilities or holder.has("lockpick") \
                    or holder.has("picks") or not actions:
                return True
        return False


_LANDMARK_PREPS = frozenset({"behind", "beside", "near", "beyond", "past", "by", "below",
                             "beneath", "under", "above", "opposite", "outside"})


class LocationCheck:
    """Arriving somewhere that is neither the location, a part of it, nor one of its exits."""

    name = "location"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out: list[Finding] = []
        grounded = set(g.place_words)
        for k in g.kinds:
            grounded |= _SELF_WORDS.get(k, set())
        for group in _PLACE_SYNONYMS:
            if group & grounded:
                grounded |= group
        seen: set[int] = set()
        for i, t in enumerate(toks):
            if t.kind != "word" or t.muted or t.negated:
                continue
            led = t.low in _LED and i + 1 < len(toks) and toks[i + 1].low == "you"
            way = False
            if led:
                pass  # "the path leads you straight to the Obsidian Spire"
            elif t.low in _BEING and i + 1 < len(toks) and toks[i + 1].low in _NOW:
                pass  # "you are now in the castle"
            elif t.low in ("you're", "we're") and i + 1 < len(toks) and (
                    toks[i + 1].low in _NOW or toks[i + 1].low in ("in", "at", "inside")):
                led = True  # "you're standing in the lobby of the Biltmore"
            elif t.low in _WAY_VERBS and self._way_subject(ctx, i):
                way = True  # "the passage twists and opens onto the throne room"
            elif t.low in _DOCKING and i + 1 < len(toks) and toks[i + 1].low in (
                    "in", "up", "ashore", "alongside", "into"):
                pass  # "pull in at the docks of Manaus", "put in at Port Royal"
            elif t.low not in _MOTION and t.low not in _TRANSITIVE:
                continue
            actor = subject_before(ctx, i)
            if actor.kind != "holder" and i > 0 and toks[i - 1].low == "and":
                # "You climb the ladder, rung after frozen rung, and step out onto ...": the
                # sentence's subject goes on
                a_tok, _ = r.sentence_tokens[t.sent]
                first = next((q for q in r.phrases if q.start >= a_tok), None)
                if first is not None and first.start == a_tok and ctx.refs and \
                        ctx.refs[first.head] is not None:
                    actor = type(actor)(kind="holder", holder=ctx.refs[first.head])
            player = led or way or (actor.kind == "holder" and actor.holder is g.player) or (
                i > 0 and toks[i - 1].low in ("you", "we"))
            if not player:
                continue
            target = self._target(r, i, t.low in _TRANSITIVE)
            if target is None or target.start in seen or target.pronoun:
                continue
            for place in [target, *self._more_targets(r, target)]:
                if place.start in seen or place.pronoun:
                    continue
                seen.add(place.start)
                nxt = toks[i + 1].low if i + 1 < len(toks) else ""
                if nxt in ("straight", "right", "back", "carefully", "quickly") and \
                        i + 2 < len(toks):
                    nxt = toks[i + 2].low  # "step straight out onto ..."
                strong = led or way or t.low in _BEING or t.low in _STRONG_ARRIVAL or (
                    nxt in ("out", "yourself", "himself", "herself", "themselves")
                    and t.low in ("step", "steps", "stepped", "find", "finds", "found",
                                  "climb", "climbs", "climbed")) or (
                    nxt == "out" and i + 2 < len(toks) and toks[i + 2].low in ("onto", "into"))
                f = self._judge(ctx, place, grounded, strong)
                if f is None:
                    f = self._landmark(ctx, place, grounded)
                if f is not None:
                    out.append(f)
        return out

    def _landmark(self, ctx: CheckContext, place: Phrase, grounded: set[str]) -> Finding | None:
        """"drop into the alley behind the Dust Creek Bank": a place fixed by a named landmark
        the scene does not have is somewhere else."""
        r = ctx.reading
        toks = r.tokens
        k = place.end
        if k + 1 >= len(toks) or toks[k].low not in _LANDMARK_PREPS:
            return None
        q = r.phrase_at.get(k + 1)
        if q is None or q.pronoun or not any(t.cap and not t.initial and t.kind == "word"
                                             for t in toks[q.start:q.end]):
            return None
        return self._judge(ctx, q, grounded, True)

    @staticmethod
    def _way_subject(ctx: CheckContext, i: int) -> bool:
        """Is the subject of this verb a way one travels (a passage, a path, a door)?"""
        r = ctx.reading
        a, _ = r.sentence_tokens[r.tokens[i].sent]
        for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
            if is_object(r, p, a):
                continue  # "the trail winds through the pines and opens onto ...": the trail
            if p.pronoun:
                return False
            said = " ".join(t.base for t in r.tokens[p.start:p.end] if t.kind == "word")
            return V.lemma(r.tokens[p.head].base) in _WAYS or V.lemma(
                p.content_head(r)) in _WAYS or any(
                    f" {n} " in f" {said} " for n in _place_names(ctx.grounding))
        return False

    @staticmethod
    def _target(r: Reading, i: int, transitive: bool) -> Phrase | None:
        toks = r.tokens
        n = len(toks)
        k = i + 1
        if transitive:
            return r.phrase_at.get(k)
        skipped = 0
        steps = 0
        while k < n and steps < 10:
            t = toks[k]
            if t.kind == "punct" and t.low in ("—", "–") and k + 1 < n and \
                    toks[k + 1].low in _ARRIVE_PREP:
                k += 1  # "shoulder through the street door—into the marble lobby of ..."
                continue
            if t.kind == "punct" or t.sent != toks[i].sent:
                return None
            if t.negated or t.muted:
                return None
            if t.low in _ARRIVE_PREP and k + 1 < n and r.phrase_at.get(k + 1) is None and \
                    toks[k + 1].low in _ARRIVE_PREP:
                k += 1  # "pull in at the docks", "on to the quay"
                continue
            if t.low in _ARRIVE_PREP:
                q = r.phrase_at.get(k + 1)
                if q is not None and r.tokens[q.end - 1].possessive and q.end < n and \
                        r.phrase_at.get(q.end) is not None:
                    # "into the Archmage's | private observatory": the place is what is owned;
                    # the caller judges the whole when it is a name ("the Harbourmaster's
                    # Office")
                    return r.phrase_at[q.end]
                return q
            if t.low in _SKIP_AFTER_MOTION or t.low in V.ADVERBS:
                k += 1
                steps += 1
                continue
            if t.low == "all" and k + 2 < n and r.tokens[k + 1].low == "the" and \
                    r.tokens[k + 2].low == "way":
                k += 3  # "all the way to"
                continue
            p = r.phrase_at.get(k)
            if p is not None and skipped < 2:
                skipped += 1
                k = p.end
                steps += 1
                continue
            if t.low == "and" and k + 1 < n and toks[k + 1].low in _ARRIVE_PREP:
                k += 1  # "step out of the mill and onto the square"
                continue
            if t.low in ("from", "over", "past", "along", "across", "around", "beside",
                         "behind", "under", "beneath", "between", "out", "of", "without",
                         "with") and skipped < 3:
                q = r.phrase_at.get(k + 1)
                if q is None:
                    return None
                if t.low in ("under", "beneath") and V.lemma(r.tokens[q.head].base) in \
                        _GATEWAYS:
                    return q  # "pass beneath the gates of ...": into what they close
                skipped += 1
                k = q.end
                steps += 1
                continue
            return None
        return None

    @staticmethod
    def _more_targets(r: Reading, p: Phrase) -> list[Phrase]:
        """"... onto the Frozen Fjord and on to the city of Kaldmere": further destinations."""
        toks = r.tokens
        out = []
        k = p.end
        while k + 2 < len(toks) and len(out) < 3:
            if toks[k].low not in ("and", ",", "then", "—", "–"):
                break
            j = k + 1
            while j < len(toks) and toks[j].low in ("then", "on", "onward", "onwards", "from",
                                                     "there", "finally", "eventually", "and",
                                                     "out", "back", "down", "up", "over",
                                                     "across", "straight", "right"):
                j += 1
            if j < len(toks) and toks[j].low not in _ARRIVE_PREP and r.phrase_at.get(j) and \
                    toks[j - 1].low in ("up", "down", "over", "across", "out"):
                j = r.phrase_at[j].end  # "... and up a ladder into a hidden attic"
            if j < len(toks) and toks[j].low in _ARRIVE_PREP:
                q = r.phrase_at.get(j + 1)
                if q is None:
                    break
                out.append(q)
                k = q.end
                continue
            break
        return out

    def _judge(self, ctx: CheckContext, p: Phrase, grounded: set[str],
               strong: bool = False) -> Finding | None:
        r = ctx.reading
        g = ctx.grounding
        if p.start >= 2 and r.tokens[p.start - 1].possessive:
            owner = r.phrase_containing(p.start - 1)
            if owner is not None:
                said = " ".join(t.low.replace("’", "'") for t in r.tokens[owner.start:p.end]
                                if t.kind == "word" and t.low not in ("the", "a", "an"))
                if any(said == n or said.endswith(" " + n) or n.endswith(said)
                       for n in _place_names(g)):
                    return None  # "the Harbourmaster's Office": an exit's own name
        toks = r.tokens[p.start:p.end]
        head = p.content_head(r)
        lem = V.lemma(head)
        text = p.text(r)
        exits = ", ".join(e for e, _ in g.exits) or "none"
        evidence = f"you are in {g.scene.location.name or 'this place'}; exits: {exits}"
        caps = [t.base for t in toks if t.cap and not t.initial and t.base not in V.TITLES
                and t.low not in V.NAME_CONNECTORS]
        if caps:
            names = _place_names(g)
            said = " ".join(t.base for t in toks if t.kind == "word")
            seq = " ".join(t.base for t in toks if t.cap and not t.initial
                           and t.low not in V.NAME_CONNECTORS)
            if any(f" {seq} " in f" {n} " or f" {n} " in f" {said} " or
                   f" {seq} " in f" {n.replace(chr(39) + 's ', ' ')} " for n in names):
                return None  # "the Lower Galleries", "the quay of Harbor Docks"
            proper = [w for w in caps if w not in V.PLACES and V.lemma(w) not in V.PLACES
                      and w not in _GENERIC_PLACE and w not in g.place_words] or []
            if not proper and len(caps) == 1 and any(
                    n.split()[-1] in (caps[0], V.lemma(caps[0])) for n in names):
                return None  # "the Cellar" for the cellar exit, "the Docks" for Harbor Docks
            if proper and all(w in g.name_tokens and w not in g.place_words and
                              g.holder_named(w) is not None for w in proper):
                return None  # somebody's: "to Greta's side"
            if g.holder_named(caps[-1]) is not None:
                return None
            return make_finding(ctx, "invented_location", "block", 0.9, p.start, p.end, evidence,
                                f"'{text}' is not here and not an exit; {evidence}.")
        if p.of_head is not None and lem in _PLACE_PARTS:
            # "the deck of a fishing boat", "the summit of the Frostfang Peaks": the place is
            # what the part belongs to
            comp = r.tokens[p.of_head].base
            comp_lem = V.lemma(comp)
            if comp not in grounded and comp_lem not in grounded and not any(
                    comp_lem in V.lemma(w) for w in g.place_words) and (
                    comp_lem in V.PLACES or W.is_location(comp) or W.is_fixed_thing(comp)
                    or r.tokens[p.of_head].cap) and not (
                    g.in_location(comp) or any(h.has(comp) for h in g.holders)):
                conf = 0.85 if (strong or r.tokens[p.of_head].cap) else 0.5
                return make_finding(ctx, "invented_location", severity_for(conf), conf,
                                    p.start, p.end, evidence,
                                    f"'{text}' is not this location or one of its exits; "
                                    f"{evidence}.")
        if lem in grounded or head in grounded:
            return None
        if g.holder_named(head) is not None or V.is_person_noun(head):
            return None
        if lem not in V.PLACES and not (W.is_classifier(head) and not W.is_location(head)):
            # "a hidden attic full of crates": the place noun before a trailing modifier; not
            # "the roof hatch", whose head names a thing of its own
            for t in r.tokens[p.start:p.head]:
                tl = V.lemma(t.base)
                if t.kind == "word" and tl in V.PLACES and tl not in grounded and \
                        t.base not in grounded and not t.cap:
                    lem = tl
                    break
        if lem in V.PLACES and lem not in grounded:
            return make_finding(ctx, "invented_location", "block", 0.85, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        if strong and W.is_location(head) and lem not in grounded and not any(
                V.lemma(w) in grounded for w in p.words(r)):
            # "tumble out onto the front lawn": out of here and onto ground the scene lacks
            return make_finding(ctx, "invented_location", "block", 0.75, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        if strong and self._unheard_of(g, r, p):
            # "you find yourself on the flight deck of an aircraft carrier": arrived somewhere
            # the scene never mentions
            return make_finding(ctx, "invented_location", "block", 0.75, p.start, p.end, evidence,
                                f"'{text}' is not this location or one of its exits; {evidence}.")
        return None

    @staticmethod
    def _unheard_of(g: SceneGrounding, r: Reading, p: Phrase) -> bool:
        """Does a place phrase name only things the scene never mentions, and nothing every place
        has (a floor, the dark, the rain)?"""
        words = [t.base for t in r.tokens[p.start:p.end]
                 if t.kind == "word" and t.low not in V.DETERMINERS and t.low != "of"]
        if not words or p.det not in ("the", "a", "an", "this", "that"):
            return False  # "at full health", "in pain": a state, not a place
        for w in words:
            lem = V.lemma(w)
            if w in g.all_words or lem in g.all_words:
                return False
        head = V.lemma(p.content_head(r))
        for table in (V.FIXTURES, V.ATMOSPHERE, V.BODY, V.ABSTRACT, V.EXPRESSIONS, V.CLOTHING):
            if head in table:
                return False
        if head in V.VERBS or head in _POSTURES:
            return False  # "in a crouch", "in a heap"
        return V.ordinary_word(head) or head in V.ITEMS
