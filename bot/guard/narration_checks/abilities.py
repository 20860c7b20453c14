"""Powers used by someone who does not have them: a warrior casting a spell, a guard with a ball of
fire between his palms, a fighter speaking a word of power, a hacker reading minds.

Magic is recognised by what it does in prose, with or without spell words: fire, light or frost
from hands or weapons, things moving by themselves, the sea falling still at a word, a song
sinking into minds, a wound closing under a touch, eyes burning a colour no eye has. It is then
attributed to whoever does it: the owner of the hands, the subject of the clause, the one whose
word nature obeys. The scene decides who may: the classes the world rules allow, or nobody when
the setting has no magic; and a caster only for what one of their abilities does (a nun who
blesses and turns undead raises no wall of fire), by the kind of magic the words describe. The
hearth's fire and a storm's lightning have no caster and are colour.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.lexicon import wordclass as W
from bot.guard.grounding import Holder, SceneGrounding, magical_ability
from bot.guard.narration_checks.base import (
    Actor, CheckContext, finding_at, severity_for, subject_before,
)

_ELEMENT = (r"(?:fire|flame|flames|lightning|frost|ice|force|radiance|holy light|arcane \w+|"
            r"eldritch \w+|necrotic \w+|shadow|shadows|darkness|silver light|golden light|"
            r"pale fire|blue fire|green fire|green flame|energy|magic|acid|light|sparks|power)")
_SHAPE = (r"(?:ball|bolt|blast|burst|gout|jet|stream|column|wave|lance|ray|beam|sphere|orb|"
          r"tongue|spear|shard|shards|pillar|arc|arcs|gust|torrent|chains|chain|bolts|wall|"
          r"ring|circle|sheet|cone|curtain|halo|nova|cloud|spray|whip|dome|shower|rain|storm|"
          r"shockwave|shock-wave|surge|pulse|ripple|flare)")
_BODY = (r"(?:fingertips|fingers|finger|hands|hand|palms|palm|eyes|mouth|fists|fist|chest|"
         r"skin|thumb|thumbs|knuckles|wrist|wrists|arms|arm|lips|tongue|outstretched \w+)")
_TOOL = (r"(?:staff|wand|tip|tines|blade|shovel|pitchfork|pin|sword|axe|hammer|symbol|amulet|"
         r"charm|rod|club|spear|dagger|knife|cane|stick|pipe|lantern|keyboard|finger)")
_PHENOMENON_FROM = re.compile(
    rf"\b(?P<ph>(?:a |an |the )?(?:\w+ )?{_SHAPE} of (?:\w+ )?{_ELEMENT}|fireball|"
    rf"(?:fire|flames?|lightning|frost|ice|energy|radiance|light|holy light|darkness|sparks|"
    rf"glow))"
    rf"\b[^.;]{{0,60}}?\b(?:from|between|in|around|at|out of|off|along|over|upon|into|across)\s+"
    rf"(?:the |his |her |your |their |its |[a-z]+'s )?(?:\w+ ){{0,2}}?"
    rf"(?P<part>{_BODY}|{_TOOL})\b")
_WEAPON_GLOWS = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?P<part>sword|blade|axe|hammer|mace|"
    r"spear|dagger|weapon|longsword|shield|staff|wand|rapier|scimitar|warhammer) (?:\w+ ){0,3}?"
    r"(?:glows?|glowing|blazes?|burns?|burning|crackles?|crackling|shimmers?|flares?|pulses?|"
    r"ignites?) (?:\w+ )?with (?:a |an )?(?:\w+ )?(?:holy|arcane|magical|magic|blue|green|"
    r"violet|purple|golden|white|silver|eldritch|radiant|unholy|spectral|divine|ghostly|cold) "
    r"(?:fire|flame|flames|light|energy|power|radiance|runes|frost|lightning)")
_PART_GLOWS = re.compile(
    rf"\b(?P<owner>your|his|her|their|[a-z]+'s) (?P<part>{_BODY}|staff|wand) (?:\w+ ){{0,2}}?"
    r"(?:glow|glows|glowed|blaze|blazes|blazed|crackle|crackles|crackled|spark|sparks|sparked|"
    r"flash|flashes|flashed|"
    r"burst into flame|bursts into flame|ignite|ignites|ignited|shimmer|shimmers|flare|flares|"
    r"flared|pulse|pulses|erupt|erupts|burn with|burns with)\b")
_STANDALONE = re.compile(
    rf"\b(?:{_SHAPE} of (?:\w+ ){{0,2}}(?:\w+-)?(?:fire|flame|flames|lightning|frost|ice|force|"
    r"radiance|"
    r"holy light|arcane \w+|eldritch \w+|necrotic \w+|shadow|silver light|golden light|"
    r"pale fire|energy|magic)|fireballs?|magic missiles?|encased in ice|word of power|words of "
    r"power|incantations?|spells?|sorcery|witchcraft|arcane|eldritch|runes? (?:flare|flares|"
    r"glow|glows|blaze|blazes)|glowing runes|turns? invisible|becomes? invisible|"
    r"(?:vanish|vanishes) into thin air|with (?:your|his|her|their) mind|telekinetic\w*|"
    r"telepathic\w*|reads? (?:your|his|her|their) (?:mind|thoughts)|shape-?shift\w*|"
    r"transforms? into an? \w+|breathes? fire|spectral \w+|hex(?:es|ed)? (?:you|him|her|them)|"
    r"curses? (?:you|him|her|them) (?:with|to)|heals? (?:you|him|her|them|the \w+) with a "
    r"touch|traces? (?:a|an) (?:\w+ )?(?:sigil|rune|glyph|symbol|circle) (?:of \w+ )?in the air|"
    r"magic (?:surges|flows|courses|pours|crackles|rushes|floods) (?:through|into|from) |"
    r"(?:wave|ball|bolt|blast|burst|beam|ray|column|lance|pulse) of (?:healing|holy|radiant|"
    r"divine|arcane|magical|silver|golden|pale|blue|green|violet|purple|white) (?:light|energy|"
    r"fire|flame)|"
    r"(?:hurls?|hurled|throws?|threw|flings?|flung|unleash(?:es|ed)?|releases?|released|fires?|"
    r"fired|looses?|loosed|casts?|sends?|sent) (?:a|an) (?:\w+ )?"
    r"(?:charm|curse|hex|spell|fireball|bolt of \w+|ball of \w+|blast of \w+|lance of \w+)|"
    r"(?:spell|charm|curse|hex|ward|bolt|blast|ray|beam|orb|ball|wave|lance|burst) (?:\w+ )?"
    r"(?:erupts?|bursts?|streams?|shoots?|flies|leaps?|springs?|blooms?|flares?|pours?) "
    r"(?:out )?from (?:your|his|her|their|[a-z]+'s) (?:palm|palms|hand|hands|fingertips|"
    r"fingers|eyes|mouth)|"
    r"(?:divine|holy|radiant|golden|silver|arcane|magical|eldritch|ghostly|spectral|"
    r"shimmering|blinding) (?:light|energy|power|aura|glow|fire|flame|radiance|force) "
    r"(?:surrounds|envelops|engulfs|wraps|bathes|fills|flows|pours|bursts|shines|radiates|"
    r"washes|erupts|blazes)|reads? (?:[a-z]+'s) (?:mind|thoughts)|shrinks? to the size of|"
    r"grows? to (?:twice|three times|double) (?:his|her|your|its|their) (?:size|height)|"
    r"heals? (?:your|his|her|their|the) (?:wounds|injuries|cuts|burns|hurts)|"
    r"(?:wound|wounds|gash|cut|cuts|injury|injuries|burns?) (?:\w+ ){0,2}?(?:closes|closed|knits|"
    r"knit|seals|sealed|mends|mended|vanishes|vanished|fades|faded|disappears|disappeared) "
    r"(?:\w+ )?(?:without|in an instant|instantly|before your eyes|completely|as if)|"
    r"calls? (?:down|forth|up) (?:the )?(?:lightning|thunder|fire|flames|rain|storm|"
    r"a storm|the storm|wind|winds|spirits|the dead|hail|frost|a gale)|"
    r"at (?:his|her|your|their) (?:command|bidding|gesture)|bends? to (?:his|her|your|"
    r"their) will|(?:obeys?|answers?) (?:his|her|your|their) (?:command|call|gesture)|"
    r"heals? [^.;]{0,30}? with (?:a|his|her|your|their) (?:touch|word|prayer|glow)|"
    r"(?:chants?|speaks?|utters?|whispers?|mutters?|intones?|shouts?|bellows?|snarls?|"
    r"hisses|growls?) (?:a|an|the|some) (?:\w+ )?(?:word|words|incantation|spell|rune|"
    r"name) of (?:power|binding|command|opening|making|unmaking|summoning|fire|death)|"
    r"turns? into an? (?:wolf|bear|bird|raven|crow|cat|snake|bat|hawk|mist|smoke|shadow)|"
    r"(?:sword|blade|axe|hammer|mace|staff|spear|dagger|weapon|fists?) (?:\w+ )?bursts? "
    r"into (?:\w+ )?flames?|(?:bursts?|erupts?) into (?:\w+ )?flames?|(?:refill|refills|"
    r"repair|repairs|mend|mends|clean|cleans|stack|stacks|arrange|arranges|pour|pours|light|"
    r"lights|extinguish|extinguishes|unlock|unlocks|assemble|assembles|rearrange|rearranges|"
    r"float|floats|dance|dances) (?:themselves|itself))\b")
# Things moving by themselves: "the coil of rope lifts itself into the air", "the torch drifts out
# of her hand by itself", "it slides across the deck into your hand, untouched".
_SELF_MOVED = re.compile(
    r"\b(?:(?:lifts?|lifted|raises?|raised|hauls?|hauled|pulls?|pulled|drags?|dragged|rights?|"
    r"righted|unties?|untied|ties?|tied|coils?|coiled|loops?|looped|winds?|wound|pours?|poured|"
    r"stacks?|stacked|unlocks?|unlocked|flips?|flipped|hurls?|hurled|throws?|threw|launches?|"
    r"launched|folds?|folded|unfolds?|unfolded|unrolls?|unrolled|knots?|knotted|arranges?|"
    r"arranged|cleans?|cleaned|sweeps?|swept|lowers?|lowered|refills?|refilled|repairs?|"
    r"repaired|mends?|mended|assembles?|assembled) (?:itself|themselves)|"
    r"(?:rises?|rose|floats?|floated|drifts?|drifted|slides?|slid|flies|flew|glides?|glided|"
    r"moves?|moved|lifts?|lifted|hovers?|hovered|dances?|danced|spins?|spun|leaps?|leapt|"
    r"hops?|hopped|rolls?|rolled|crawls?|crawled|skitters?|skittered|zips?|zipped|sails?|"
    r"sailed|tugs? free|tears? free|wrenches? free|comes? loose|lurch(?:es|ed)?|starts?|started|"
    r"begins?|began|turns?|turned|swings?|swung|jerks?|jerked|shudders?|shuddered|rattles?|"
    r"rattled|creaks?|creaked|grinds?|ground|clatters?|clattered|opens?|opened|closes?|closed|"
    r"shuts?|slams?|slammed|unrolls?|unrolled|flutters?|fluttered|tips?|tipped|topples?|"
    r"toppled|pours?|poured|stirs?|stirred|writes?|wrote|plays?|played|rings?|rang)\b"
    r"[a-z' ,-]{0,45}?\b(?:of (?:its|their) own accord|by (?:itself|themselves)|on (?:its|their) "
    r"own|untouched|unaided|as if (?:pulled|"
    r"pushed|lifted|carried|guided|held|drawn|tugged|yanked) by (?:an? )?(?:invisible|unseen|"
    r"ghostly|phantom|spectral)\b)|"
    r"(?:an? |the )(?:invisible|unseen|ghostly|phantom|spectral) (?:hand|hands|force|grip|fist|"
    r"fingers))\b")
# Nature obeying someone: "speaks a single low word, and the sea falls flat", "blows into her
# hands and a squall rises from nowhere", "raises his horn and a blizzard howls down".
_NATURE = (r"(?:sea|seas|waves|water|waters|tide|river|lake|storm|wind|winds|gale|squall|rain|"
           r"flame|candle|candles|torch|torches|lamp|lamps|lights|hearth|embers|glass|glasses|"
           r"window|windows|bottle|bottles|mirror|mirrors|bulb|bulbs|goblet|goblets|mug|mugs|pane|"
           r"panes|vase|vases|jar|jars|"
           r"fog|mist|fire|flames|blaze|earth|ground|stones|trees|roots|vines|shadows|darkness|"
           r"sky|clouds|snow|sand|sun|moon|lightning|thunder|blizzard|snowstorm|hailstorm|"
           r"tempest|whirlwind|tornado|hurricane|sandstorm|thunderstorm|downpour|hail|"
           r"frost|ice)")
_OBEYS = re.compile(
    rf"\b{_NATURE}\b(?: [a-z-]+){{0,4}}? (?:falls? (?:flat|"
    r"still|silent|calm|quiet)|fell (?:flat|still|silent|calm|quiet)|goes? (?:flat|still|calm|"
    r"glassy|quiet|silent|dead)|went (?:flat|still|calm|glassy|quiet|silent|dead)|calms?|calmed|"
    r"stills?|stilled|obeys?|obeyed|bows?|bowed|parts?|parted|recedes?|receded|heeds?|heeded|"
    r"flattens?|flattened|smooths?|smoothed|goes? smooth|went smooth|"
    r"lies? down|lay down|grows? (?:still|calm|quiet|silent)|grew (?:still|calm|quiet|silent)|"
    r"subsides?|subsided|freezes?|froze|splits? open|opens? (?:up |beneath |under )|rears? up|"
    r"rises?(?: up)? (?:from nowhere|out of nowhere|out of a clear sky|on command|at once|"
    r"in an instant|around (?:him|her|them|you))|rose(?: up)? (?:from nowhere|out of nowhere|"
    r"out of a clear sky|at once|in an instant)|(?:howls?|sweeps?|roars?|rolls?|boils?|"
    r"whips?|springs?|blows?|pours?|comes?|descends?) (?:in |up |down |out )?(?:from nowhere|"
    r"out of nowhere|out of a clear sky|at (?:his|her|their|your) (?:call|word|command|"
    r"signal))|answers?|answered)\b|"
    rf"\b{_NATURE}\b[^.;!?]{{0,40}}?\b(?:to "
    r"obey|obediently|as if (?:commanded|ordered|obeying)|at (?:his|her|their|your) (?:word|"
    r"command|gesture|call|bidding|touch)|on command)\b|"
    r"\b(?:candles?|lamps?|lanterns?|torches?|lights?|bulbs?|lightbulbs?|neon|screens?|"
    r"fires?|flames?|sconces?)\b[^.;!?]{0,30}?\b(?:gutters? out|go(?:es)? out|went out|die|"
    r"dies|died|snuffs? out|snuffed out|flares? up|flared up|blazes? up|blazed up|springs? "
    r"alight|sprang alight|kindles?|kindled|ignites?|ignited|flickers? out|flickered out)\b"
    r"[^.;!?]{0,20}?\b(?:at once|all at once|in an instant|instantly|simultaneously|in unison|"
    r"as one|together)\b|"
    r"\b(?:snow|snowflakes|sleet|hail|frost|flame|flames|fire|sparks|"
    r"lightning|petals|embers|motes of light|glittering dust|golden light|silver light|blue "
    r"light|green light|light)\b (?:\w+ )?(?:spills?|spilled|swirls?|swirled|pours?|poured|"
    r"streams?|streamed|blooms?|bloomed|bursts?|erupts?|erupted|flows?|flowed|springs?|sprang|"
    r"dances?|danced|whirls?|whirled|billows?|billowed|tumbles?|tumbled|drifts?|drifted|"
    r"rains?|rained|flutters?|fluttered|leaps?|leapt) (?:up |out |forth |down )?(?:from|over|"
    r"across|out of|around|between|off)\b|"
    r"\b(?:doors?|shutters|windows?|gates?|lid|chest|"
    r"book|curtains|drapes|cupboards?|drawers?) (?:all )?(?:fly|flies|flew|burst|bursts|swing|"
    r"swings|swung|slam|slams|slammed|snap|snaps|snapped|spring|springs|sprang) (?:open|shut|"
    r"closed|wide)\b|"
    r"\b(?:glass|glasses|window|windows|bottle|"
    r"bottles|mirror|mirrors|bulb|bulbs|goblet|goblets|mug|mugs|pane|panes|vase|vases|jar|jars)"
    r"\b[^.;!?]{0,30}?\b(?:shatters?|shattered|explodes?|exploded|bursts?|cracks?|cracked|"
    r"splinters?|splintered)\b"
    r"[^.;!?]{0,20}?\b(?:at once|all at once|in an instant|instantly|simultaneously|in unison|"
    r"as one|together)\b")
_TRIGGER = re.compile(
    r"\b(?:(?:voice|song|scream|shriek|note|cry|wail|howl) (?:rises|rose|soars|soared|climbs|"
    r"climbed|swells|swelled|hits|peaks|peaked|breaks|cracks)|screams?|screamed|shrieks?|"
    r"shrieked|wails?|wailed|speaks?|spoke|utters?|uttered|says?|said|whispers?|whispered|murmurs?|murmured|"
    r"mutters?|muttered|hisses|hissed|barks?|barked|intones?|intoned|"
    r"sings?|sang|chants?|chanted|hums?|hummed|shouts?|shouted|cries|cried|calls?|called|"
    r"gestures?|gestured|waves?|waved|raises?|raised|lifts?|lifted|points?|pointed|stamps?|"
    r"stamped|claps?|clapped|blows?|blew|sounds?|sounded|snaps?|snapped|spreads?|spread|"
    r"thrusts?|flicks?|flicked|twists?|twisted|bangs?|banged|strikes?|struck|whistles?|"
    r"whistled|stretches?|stretched|sweeps?|swept)\b")
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
# Elements running over a weapon or a body: "your longsword erupts in white-hot flame", "frost
# crawls along the blade".
_ARMED = (r"(?:blade|sword|longsword|weapon|axe|greataxe|hammer|warhammer|mace|spear|dagger|"
          r"rapier|staff|scimitar|cutlass|club|knife|arrow|arrows|fist|fists|hand|hands|arm|"
          r"cudgel|whip|rod|cane|stick|pole|flail|pick|sickle|scythe|bow|crossbow|halberd|pike|"
          r"arms|body|skin|shield)")
_IGNITES = re.compile(
    rf"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?P<part>[a-z-]+) (?:\w+ )?"
    r"(?:erupts?|erupted|bursts?|burst|blazes?|blazed|flares?|flared|ignites?|ignited|kindles?|"
    r"kindled|sheathes? itself|wreathes? itself|is wreathed|are wreathed|is sheathed|"
    r"is engulfed|crackles?|crackled) (?:in|into|with) (?:a |an )?(?:\w+[- ])?(?:\w+ )?"
    r"(?:flame|flames|fire|light|lightning|frost|ice|energy|radiance|witchfire|hellfire)\b|"
    r"\b(?:fire|flame|flames|frost|ice|rime|lightning|sparks|radiance|shadow|shadows|"
    r"darkness|energy|witchfire|(?:pale|blue|green|violet|white|golden|silver|holy|eerie|"
    r"ghostly|cold|sickly) light) (?:\w+ )?(?:crawls?|crept|creeps?|spreads?|races?|raced|"
    r"runs?|ran|dances?|danced|licks?|licked|coils?|ripples?|flows?|writhes?|crackles?|"
    r"sheathes?|wreathes?|wraps?|envelops?|engulfs?|coats?|blooms?|bloomed|gathers?) (?:along|"
    r"over|across|up|down|around|about|on|in) (?:the|your|his|her|their|[a-z]+'s) (?:\w+ )?"
    rf"{_ARMED}\b")
# Eyes changing to colours no eye has: "Bell's pupils flare a sickly yellow", "her eyes turning
# white", "Kessler's eyes go milk-white".
_EYES = re.compile(
    r"\b(?:your|his|her|their|its|[a-z]+'s) (?:eyes|pupils|irises|eye) (?:\w+ )?(?:flare|flares|"
    r"flared|flaring|glow|glows|glowed|glowing|burn|burns|burned|burning|blaze|blazes|blazed|"
    r"blazing|flash|flashes|flashed|flashing|kindle|kindles|turn|turns|turned|turning|go|goes|"
    r"went|going|shine|shines|shone|shining|gleam|gleams|gleamed|roll back|fill with|bleed|"
    r"bleeds) (?:[a-z]+ly )?(?:a |an |with (?:a |an )?)?(?:sickly |pale |bright |burning |eerie |"
    r"ghostly |"
    r"unnatural |solid |pure |milky |dull |molten |cold |deep |brilliant )?(?:yellow|red|green|"
    r"blue|gold|golden|silver|white|black|violet|purple|amber|crimson|orange|milk-white|"
    r"white-hot|witchfire|light|fire|flame|smoke|shadow)\b")
# More marvels: people falling asleep at a song, thoughts pressed into a mind, a shadow peeling
# away, breath of frost, a wound closing under a touch, dice rolling themselves.
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
    r"lacerations?|bite|bites|they|it)\b(?: [a-z']+){0,5}? (?:close|closes|closed|closing|"
    r"knit|knits|knitted|seal|seals|sealed|mend|mends|mended|heal|heals|healed|shrink|shrinks|"
    r"shrank|fade|fades|faded) (?:over|up|shut|closed|together|clean|whole|in (?:a|an) "
    r"(?:\w+ ){0,2}?(?:glow|light|flash|shimmer|haze)|to (?:a|an|nothing|"
    r"pink|pale|white|thin|faint)|into (?:a|an|pale|pink|thin|faint|white)|without|before|"
    r"as you watch|in moments|in seconds|leaving)\b")
_WOUND_GATE = frozenset("wound wounds gash gashes cut cuts injury injuries burns bruises "
                        "scratches laceration lacerations bite bites".split())
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
_SELF_ACTING = re.compile(
    r"\b(?:rolls?|rolled|shuffles?|shuffled|deals?|dealt|fills?|filled|empties|emptied|lights?|"
    r"lit|snuffs?|snuffed|untangles?|untangled|unbolts?|unbolted|locks?|locked|unlocks?|"
    r"unlocked|opens?|opened|rearranges?|rearranged|sorts?|sorted|sweeps?|swept|writes?|"
    r"wrote|turns?|turned|switch(?:es|ed)?|powers?|powered|starts?|started|restarts?|"
    r"restarted|shuts?|fires?|fired|boots?|booted|winds?|wound|tunes?|tuned|plays?|played|"
    r"dials?|dialed|dialled|types?|typed|prints?|printed) (?:itself|themselves)\b")
# Things moved or lit by a gesture, a word or a look alone: "opens the door with a wave of her
# hand", "snuffs the candles with a glance".
_GESTURE_EFFECT = re.compile(
    r"\b(?:opens?|opened|unlocks?|unlocked|locks?|locked|closes?|closed|shuts?|slams?|slammed|"
    r"lights?|lit|snuffs?|snuffed|extinguish(?:es|ed)?|ignites?|ignited|kindles?|kindled|lifts?|"
    r"lifted|moves?|moved|raises?|raised|shatters?|shattered|breaks?|broke|bolts?|bolted|"
    r"unbolts?|unbolted|flings?|flung|hurls?|hurled|summons?|summoned|mends?|mended|heals?|"
    r"healed|freezes?|froze|douses?|doused|dims?|dimmed|brightens?|brightened)\b[^.;!?]{0,40}?"
    r"\b(?:with (?:a|one) (?:mere |single |lazy |careless |casual |quick |small |idle )?(?:wave|"
    r"flick|gesture|twitch|snap|flourish|twirl|crook|sweep) of (?:his|her|their|your|a) "
    r"(?:hand|hands|fingers|finger|wrist)|with (?:a|one) (?:mere |single |sharp |hard )?(?:word|"
    r"glance|thought|look|stare|blink)|by (?:sheer )?(?:will|thought|willpower)|without (?:so "
    r"much as )?(?:touching|laying a hand on|a touch)|with (?:his|her|their|your) mind)\b")
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
# A body part becoming an animal's, whatever the verb: "your skin thickens into grey bear-hide",
# "his fingers curl into claws", "her teeth lengthen to fangs".
_BODY_TO_BEAST = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:\w+ )?(?:arm|arms|hand|hands|fingers|finger|"
    r"fingernails|nails|skin|face|body|legs|leg|tongue|head|jaw|teeth|flesh|feet|back|ears|nose|"
    r"mouth|hair) (?:\w+ ){0,2}?(?:into|to) (?P<rest>[^.;,!?]{1,60})")
# A picture of someone rising in water, a bowl, a mirror or smoke: "passes a hand over a bowl of
# water, and your rival's face rises in it".
_SCRYING = re.compile(
    r"\b(?P<owner>[a-z]+'s|the) (?:\w+ )?(?:face|image|likeness|figure|features|reflection) "
    r"(?:\w+ ){0,2}?(?:rises?|rose|appears?|appeared|forms?|formed|swims?|swam|floats?|floated|"
    r"surfaces?|surfaced|shimmers?|shimmered|emerges?|emerged) (?:up )?(?:in|on|from|out of|"
    r"within) (?:it|its (?:surface|depths)|the (?:\w+ )?(?P<surf>[a-z]+))\b")
_SURFACES = frozenset("water bowl basin pool surface mirror glass flames flame smoke ripples cup "
                      "cauldron pond well puddle fire embers mist steam".split())
# Space itself folded or a traveller stepping out of the air: moving without crossing the distance.
_FOLDED_SPACE = re.compile(
    r"\b(?:folds?|folded|folding|bends?|bent|tears?|tore|rips?|ripped|warps?|warped|parts?|"
    r"parted) (?:open )?(?:space|spacetime|space-time|the space|reality|the air|the world)\b|"
    r"\b(?:step|steps|stepped|stepping|emerge|emerges|emerged|appear|appears|appeared) "
    r"out of (?:the |thin )?(?:empty )?air\b(?!-)")
_UPWARD_WORDS = frozenset("rise rises rose float floats floated lift lifts levitate levitates "
                          "levitated hover hovers hovered drift drifts drifted soar soars "
                          "soared".split())
_SPEECH_VERBS = frozenset("speaks spoke says said talks talked whispers whispered replies "
                          "replied answers answered".split())
_ANY_MAGIC = "\x00any"  # an event that shows magic but not which kind
_HEAL_MAGIC = "\x00heal"  # wounds closing
_CHANGE_MAGIC = "\x00change"  # a body changing shape
_SENTINEL_KINDS = {_HEAL_MAGIC: frozenset({"heal"}), _CHANGE_MAGIC: frozenset({"change"})}
_NATURE_WORDS = frozenset(_NATURE[3:-1].split("|"))
_MIND_WORDS = frozenset("mind minds thoughts head heads skull skulls will brain brains soul souls "
                        "dreams yourself meaning wanting choosing deciding help wills".split())
_IGNITE_WORDS = frozenset("flame flames fire frost ice rime lightning sparks radiance shadow shadows "
                          "darkness energy witchfire hellfire light".split())
_MOVERS = _NATURE_WORDS - frozenset("flame candle candles torch torches lamp lamps lights hearth "
                                     "embers glass glasses window windows bottle bottles mirror "
                                     "mirrors bulb bulbs goblet goblets mug mugs pane panes vase "
                                     "vases jar jars".split())
# A weapon giving off an uncanny light, however worded: "the colonel's sabre begins to glow a
# soft, unearthly blue".
_WEAPON_UNCANNY = re.compile(
    r"\b(?P<owner>your|his|her|their|[a-z]+'s) (?:[a-z-]+ )??(?P<part>[a-z-]+) "
    r"(?:\w+ ){0,3}?(?:glows?|glowed|glowing|to glow|shines?|shone|burns?|blazes?|flares?|"
    r"pulses?|pulsing|shimmers?|shimmering|kindles?|gleams?|smoulders?|smolders?)\b"
    r"[^.;!?]{0,40}?\b(?:unearthly|eerie|eerily|ghostly|otherworldly|spectral|uncanny|arcane|"
    r"magical|witch-?light|blue|green|violet|purple|sickly|pale fire|cold fire|cold light|"
    r"runes?)\b")
_CAUGHT_LIGHT = re.compile(r"\b(?:in the (?:\w+ )?(?:firelight|lamplight|candlelight|moonlight|"
                           r"sunlight|torchlight|light|glow)|catch(?:es|ing)? the (?:light|"
                           r"sun|moon|fire)|reflect\w*|from the (?:forge|fire|hearth|coals)|"
                           r"red-hot|white-hot|fresh from)\b")
# Fire with nothing to light it: "touches the candle and it flares ... without a spark".
_UNLIT = re.compile(r"\bwithout (?:a |any |so much as a )?(?:spark|match|flint|light|taper|tinder|"
                    r"lucifer|flame)\b|\bat (?:his|her|your|their|a) (?:touch|glance|word)\b")
_LIT = re.compile(r"\b(?:lights?|lit|kindles?|kindled|strikes? a|struck a|sets? fire|set fire|"
                  r"touch(?:es)? a (?:match|taper|torch|flame)|ignites?|ignited|stokes?|stoked|"
                  r"fans?|fanned|blows? on)\b")
# "it bursts into crackling blue flame": what "it" is decides whose power it was.
_IT_IGNITES = re.compile(
    r"\b(?:it|they) (?:\w+ )?(?:erupts?|erupted|bursts?|blazes?|blazed|flares?|flared|ignites?|"
    r"ignited|kindles?|kindled|crackles?|crackled|is wreathed|are wreathed|is sheathed|"
    r"is engulfed) (?:in|into|with) (?:a |an )?(?:\w+[- ])?(?:\w+ )?(?:flame|flames|fire|"
    r"lightning|frost|ice|energy|radiance|witchfire|hellfire)\b")


# Things made to give light: their glowing is no marvel.
_LIGHTS = frozenset("lamp lantern torch candle screen display tablet datapad monitor bulb sign "
                    "crystal orb lens dial gauge panel badge watch pipe cigar cigarette ember "
                    "embers coal coals baton".split())


def _word_kind_item(word: str) -> bool:
    return word in V.ITEMS or V.lemma(word) in V.ITEMS


def _antecedent(ctx: CheckContext, i: int):
    """The thing "it" stands for: the latest phrase before token ``i`` in its sentence or the
    one before that is no person, body part or place."""
    r = ctx.reading
    a, _ = r.sentence_tokens[max(0, r.tokens[i].sent - 1)]
    for p in reversed(r.phrases):
        if p.end > i or p.start < a or p.pronoun or p.name:
            continue
        head = r.tokens[p.head].base
        if V.lemma(head) in V.BODY or V.is_person_noun(head) or (ctx.refs and
                                                                 ctx.refs[p.head] is not None):
            continue
        return p
    return None


# Moving as only living things move: a thing doing this was made to.
_ANIMATE_WORDS = frozenset(
    "slithers slithered crawls crawled creeps crept writhes writhed wriggles wriggled squirms "
    "squirmed scuttles scuttled slinks slunk coils coiled uncoils uncoiled marches marched "
    "dances danced hops hopped hovers hovered binds twines twined seizes seized unties untied "
    "knots knotted obeys obeyed".split())
_FLAMMABLE = frozenset(
    "stove oven furnace forge kiln fireplace grate campfire firepit fire-pit "
    "torch torches candle candles pipe lamp lantern taper wick match tinder kindling fire hearth "
    "logs log oil brazier bonfire pyre straw hay paper letter cloak sleeve hair beard robe "
    "rag rags tinderbox cigar cigarette campfire firewood wood fuse".split())
_GESTURE_WORDS = frozenset("wave flick gesture twitch snap flourish twirl crook sweep word glance "
                           "thought look stare blink will willpower touching touch mind".split())
_SLEEP_WORDS = frozenset({"asleep", "sleep", "slumber", "trance", "stupor"})
_SHADOW_WORDS = frozenset({"shadow"})
_BREATH_WORDS = frozenset("breathes breathe breathed breathing exhales exhale exhaled spits spat "
                          "spews spewed belches vomits".split())
_WOUND_WORDS = frozenset("wound wounds gash cut cuts injury injuries burn burns bruise "
                         "bruises".split())
_SELF_WORDS = frozenset({"itself", "themselves"})
_EYE_WORDS = frozenset({"eyes", "eye", "pupils", "irises"})
_OBEY_GATE = _NATURE_WORDS | frozenset(
    "bulb bulbs lightbulb lightbulbs neon screen screens snow snowflakes sleet hail frost flame "
    "flames fire sparks lightning petals embers motes dust "
    "light door doors shutters window windows gate gates lid chest book curtains drapes cupboard "
    "cupboards drawer drawers glass glasses bottle bottles".split())
_TRANSMUTE_WORDS = frozenset("turns turn turned turning changes changed transforms transformed "
                             "transmutes transmuted".split())
_CHANGING_ACTS = frozenset("prayer word touch spell song chant blessing curse voice magic gaze "
                           "breath kiss whisper incantation hex charm glance".split())
_TONGUE_WORDS = frozenset({"language", "tongue", "dialect", "speech"})
_EFFECT_STEMS = ("itself", "themselves", "accord", "untouched", "unaided", "invisible", "unseen",
                 "ghostly", "phantom", "spectral", "own")

# Words that describe magic without anyone doing it ("arcane symbols on the door"): they count
# only when a person is the one doing it.
_WEAK = re.compile(r"^(?:spells?|sorcery|witchcraft|arcane|eldritch|spectral \w+|runes? \w+|"
                   r"glowing runes|(?:bursts?|erupts?) into (?:\w+ )?flames?|heals? \w+ \w+|"
                   r"(?:wound|wounds|gash|cut|cuts|injury|injuries|burns?) .*)$")
_TOOL_WORDS = frozenset(_TOOL[3:-1].split("|"))
_RISE = re.compile(r"\b(?P<what>[a-z]+) (?:rise|rises|rose|float|floats|floated|lift|lifts|"
                   r"levitate|levitates|levitated|hover|hovers|hovered|fly|flies|flew|swirl|"
                   r"swirls) (?:\w+ly )?(?:up )?(?:into|in|through) the air\b")
_SPELL_VERB = re.compile(r"\b(?P<v>cast|casts|casting|conjure|conjures|conjured|conjuring|summon|"
                         r"summons|summoned|summoning|invoke|invokes|invoked|enchant|enchants|"
                         r"enchanted|bewitch|bewitches|bewitched|channel|channels|channelled|"
                         r"channeled|weave|weaves|wove)\s+(?P<obj>[a-z' -]{2,40})")
_NOT_SPELL_OBJ = re.compile(
    r"^(?:a |an |the |his |her |your |their )?(?:\w+ )?(?:glance|look|looks|eye|eyes|shadow|"
    r"shadows|net|nets|line|lines|lot|lots|vote|die|dice|aside|off|away|out|down|about|iron|"
    r"bronze|courage|strength|nerve|nerves|will|breath|help|guards?|servants?|bartender|"
    r"waiter|attention|memory|memories|image|smile|doubt|suspicion|spell of silence|"
    r"light)\b")
# Words without which a pattern cannot match: a cheap test before each scan.
_SPELL_STEMS = ("cast", "conjur", "summon", "invok", "enchant", "bewitch", "channel", "weav",
                "wove")
_ELEMENT_WORDS = frozenset(
    "fire flame flames fireball fireballs lightning frost ice force radiance light energy "
    "sparks darkness shadow shadows magic acid power arcane eldritch necrotic".split())
_GLOW_STEMS = ("glow", "blaz", "crackl", "spark", "burst", "ignit", "shimmer", "flare", "puls",
               "erupt", "burn", "flash")
_STANDALONE_WORDS = frozenset(
    "missile missiles encased word words incantation incantations spell spells sorcery "
    "witchcraft rune runes runed invisible vanish vanishes mind telekinetic telekinetically "
    "telepathic thoughts shapeshift shapeshifts shape-shifts transforms transform breathe "
    "breathes spectral hex hexes hexed curse curses heal heals command bidding gesture will "
    "obey obeys answer answers turn turns bursts burst erupts erupt itself themselves "
    "utter utters chant chants intone intones speak speaks call calls called light energy "
    "power aura radiance mind thoughts shrink shrinks grow grows wounds injuries wound gash "
    "cut cuts injury burns closes knits seals mends vanishes fades charm hurls hurl throws "
    "flings unleashes releases palm palms trace traces sigil glyph surges wave ball beam "
    "ray pulse column".split())
_STANDALONE_STEMS = ("telekine", "telepath", "shape")
# Made things rising or drifting up with nothing lifting them: "the ledgers lift off their
# chains and drift to the ceiling", "the chairs float up off the floor".
_UPWARD = re.compile(
    r"\b(?:rise|rises|rose|float|floats|floated|lift|lifts|levitate|levitates|levitated|hover|"
    r"hovers|hovered|drift|drifts|drifted|soar|soars|soared) (?:\w+ly )?(?:up )?(?:off|from|"
    r"to|toward|towards|up to|into|above) (?:the |their |its |his |her |your )?(?:\w+ )?"
    r"(?:ceiling|rafters|roof|air|floor|table|shelf|shelves|chains?|hooks?|pegs?|desk|ground|"
    r"deck|walls?|racks?)\b")
_WIND = re.compile(r"\b(?:wind|winds|breeze|draught|draft|gust|gale|updraft|current|"
                   r"whirlwind|blast|explosion|steam|swell|waves?|tide)\b")
_RISING_THINGS = frozenset(V.ATMOSPHERE | {"dust", "smoke", "steam", "sparks", "embers",
                                           "ash", "mist", "spray", "birds", "gulls", "bats",
                                           "hand", "hands", "arm", "arms", "voice", "voices",
                                           "cheer", "song", "music", "chant", "smell", "scent",
                                           "feathers", "leaves", "petals", "snow", "water",
                                           "balloon", "balloons", "kite", "kites"})


# What magic does, by the words that describe it, and the same for what an ability names: a
# caster may do what one of their abilities does ("sacred flame" covers radiant fire from above,
# "mage hand" an object lifting itself), not every other marvel.
_KIND_WORDS: dict[str, str] = {
    "fire": "fire flame flames fiery blaze blazing inferno burn burning burns scorch scorching "
            "ember embers fireball fireballs firebolt fire-bolt pyre ignite ignites kindle "
            "smoulder smolder hellfire magma lava witchfire flaming white-hot",
    "cold": "frost frosty ice icy cold chill chilling freeze freezing frozen rime snow sleet "
            "hail glacial winter",
    "lightning": "lightning thunder thunderbolt shock shocking electric electricity spark "
                 "sparks crackling crackles thunderwave",
    "force": "force telekinesis telekinetic push shove lift lifts levitate levitation wave "
             "gesture flick glance opens unlocks closes slams shatters moves flings "
             "invisible unseen missile missiles pane thunderwave blast darts dart itself "
             "themselves accord untouched unaided",
    "light": "light radiant radiance holy divine sacred daylight sunlight glow glowing dancing "
             "smite faerie shining luminous dazzling blinding darts dart",
    "heal": "heal heals healing cure cures mend mends mending restore restoration regenerate "
            "lay goodberry wound wounds cut gash knits closes seals bruises spare revivify",
    "mind": "charm charms charmed command suggestion sleep slumber hypnotic hypnotise hypnotize "
            "enthral enthrall compel dominate calm fear frighten terror confuse confusion "
            "madness friends laughter mockery psychic mind minds will thoughts skull dreams "
            "agreeing obeying obey meaning",
    "weather": "weather storm storms wind winds gale gust squall tempest rain fog mist blizzard "
               "snowstorm hurricane whirlwind tornado clouds tide tides sea seas waves water "
               "waters river thunderstorm downpour hailstorm sandstorm sky",
    "nature": "entangle thorn thorns vine vines root roots plant plants trees earth stones "
              "ground druidcraft barkskin growth",
    "shadow": "shadow shadows darkness necrotic death blight wither withering inflict rot "
              "decay black",
    "curse": "hex hexes curse curses cursed bane jinx doom blight",
    "change": "shape wild polymorph shapechange transform transforms alter",
    "summon": "summon summons conjure conjures animate familiar",
    "illusion": "illusion invisible invisibility disguise phantasm mirror vanish",
    "ward": "ward wards protection protect sanctuary shield barrier abjure bless blessing aid "
            "guidance shimmer",
    "acid": "acid poison venom",
}
_WORD_KINDS: dict[str, frozenset[str]] = {}
for _kind, _words in _KIND_WORDS.items():
    for _word in _words.split():
        _WORD_KINDS[_word] = _WORD_KINDS.get(_word, frozenset()) | {_kind}
# Abilities whose names mislead the word table.
_ABILITY_KINDS: dict[str, frozenset[str]] = {
    "mage hand": frozenset({"force"}), "lay on hands": frozenset({"heal"}),
    "sacred flame": frozenset({"light", "fire"}), "magic missile": frozenset({"force", "light"}),
    "eldritch blast": frozenset({"force"}), "turn undead": frozenset({"light", "ward", "mind"}),
    "vicious mockery": frozenset({"mind"}), "bardic inspiration": frozenset({"mind", "ward"}),
    "shield": frozenset({"force", "ward"}), "wild shape": frozenset({"change"}),
    "divine smite": frozenset({"light", "fire"}), "hunter's mark": frozenset({"sense"}),
    "misty step": frozenset({"teleport"}), "produce flame": frozenset({"fire", "light"}),
    "guiding bolt": frozenset({"light"}), "chill touch": frozenset({"shadow", "cold"}),
    "thorn whip": frozenset({"nature"}), "call lightning": frozenset({"lightning", "weather"}),
    "brew potion": frozenset({"craft"}), "healing word": frozenset({"heal"}),
}
# An ability that only perceives or speaks ("weather sense", "speak with spirits") does nothing.
_SENSING = re.compile(r"\b(?:sense|senses|sight|see|sees|detect|detects|speak with|speaks with|"
                      r"talk with|tongues|lore|knowledge|identify|track|tracking|read|reads|"
                      r"scry|commune|divination|insight|perception|mark|potion|brew|brewing|"
                      r"herbalism|alchemy|craft|crafting)\b")


def effect_kinds(text: str) -> frozenset[str]:
    """The kinds of magic a description shows ("a roaring wall of green fire" -> fire)."""
    kinds: set[str] = set()
    for w in re.findall(r"[a-z][a-z'-]*", text.lower()):
        found = _WORD_KINDS.get(w) or _WORD_KINDS.get(V.lemma(w))
        if not found and "-" in w:
            # "rune-fire", "witch-light": the compound is what its last part is
            last = w.rsplit("-", 1)[-1]
            found = _WORD_KINDS.get(last) or _WORD_KINDS.get(V.lemma(last))
        if found:
            kinds |= found
    return frozenset(kinds)


def ability_kinds(holder: Holder) -> frozenset[str]:
    """What a holder's abilities can do; {"any"} for a caster whose abilities the tables cannot
    read (or who lists none)."""
    kinds: set[str] = set()
    magical = False
    for ability in holder.abilities:
        low = ability.lower().strip()
        known = _ABILITY_KINDS.get(low)
        if known is not None:
            kinds |= known
            magical = True
            continue
        if _SENSING.search(low) or _MUNDANE.search(low):
            continue  # perceiving, speaking, brewing, fighting: no marvel in the scene
        found = effect_kinds(low)
        if found:
            kinds |= found
            magical = True
        elif _magical_word(low) or (holder.magic and _coined(low)):
            kinds.add("any")  # a spell the tables do not know ("moonbeam")
            magical = True
    if not magical:
        return frozenset({"any"}) if holder.magic else frozenset()
    return frozenset(kinds)


_MUNDANE = re.compile(
    r"\b(?:attack|attacks|strike|strikes|shot|thrust|sweep|bash|lunge|riposte|parry|dodge|"
    r"sneak|stealth|hide|rage|surge|second wind|defen[cs]e|blows|flurry|aim|eye|lock|locks|"
    r"haggle|haggling|repair|hack|hacking|deduction|interrogation|arrest|pilot|piloting|"
    r"maneuver|maneuvering|manoeuvring|fisticuffs|persuasion|intimidation|climb|climbing|swim|"
    r"ride|riding|brawl|brawling|grapple|disarm|feint|cunning|action|expertise|reckless|"
    r"frenzy|engineering|social|phreaking|first aid|medicine|cooking|singing|dance|dancing|"
    r"lunge|fencing|archery|marksman|marksmanship|shield bash|tactics|leadership|barter)\b")


def _coined(ability: str) -> bool:
    """A spell's own name rather than plain words for a knack: "moonbeam", "eldritch ward" are
    names; "infuse item", "keen eye" are ordinary words that say what is done to what."""
    words = re.findall(r"[a-z]+", ability)
    if len(words) < 2:
        return True
    return not any(W.is_carried_thing(w) or w in ("item", "items", "object", "objects", "tool",
                                                   "tools", "gear", "weapon", "weapons", "armor",
                                                   "armour", "device", "devices")
                   for w in words)


def _magical_word(text: str) -> bool:
    return bool(re.search(r"\b(?:spell|spells|spellcasting|magic|magical|arcane|sorcery|"
                          r"witchcraft|miracle|miracles|rite|rites|ritual|invocation|power|"
                          r"powers|gift|wild)\b", text))


def _recent_holders(ctx: CheckContext, char: int) -> Iterator[Holder]:
    """The characters named from the token at ``char`` back to the start of the sentence before,
    nearest first."""
    r = ctx.reading
    i = r.token_at(char)
    sent = r.tokens[i].sent
    for k in range(i, -1, -1):
        if r.tokens[k].sent < sent - 1:
            break
        h = ctx.refs[k] if ctx.refs else None
        if h is not None:
            yield h


def _covers(holder: Holder, kinds: frozenset[str], g: SceneGrounding | None = None) -> bool:
    if g is not None:
        known = g.memo.setdefault("ability_kinds", {})
        mine = known.get(id(holder))
        if mine is None:
            mine = known[id(holder)] = ability_kinds(holder)
    else:
        mine = ability_kinds(holder)
    return "any" in mine or bool(mine & kinds)


def _clause_text(ctx: CheckContext, a: int, b: int) -> str:
    """The matched words and the rest of their clause, for telling what kind of magic it is."""
    text = ctx.reading.masked
    end = b
    while end < len(text) and end - b < 60 and text[end] not in ".;:!?":
        end += 1
    return text[a:end]


def _casting_own(ctx: CheckContext, holder: Holder) -> bool:
    """Is the player casting one of their own abilities this turn?"""
    words = " ".join(i.words or "" for i in ctx.intents).lower()
    return any(a.lower() in words for a in holder.abilities) or any(
        i.action_type == "cast" for i in ctx.intents)


def _spell_known(holder: Holder, spell: str) -> bool | None:
    """True/False when the holder's abilities say; None when they list no spells at all."""
    ws = {V.lemma(w) for w in re.findall(r"[a-z]+", spell.lower())} - V.ARTICLES - {"spell", "of"}
    if not ws:
        return True
    spells = [a for a in holder.abilities]
    if not spells:
        return None
    for a in spells:
        aw = {V.lemma(w) for w in re.findall(r"[a-z]+", a.lower())}
        if ws & aw and (ws <= aw or aw <= ws or len(ws & aw) >= 1):
            return True
    return False


def _named_spell(obj: str) -> str | None:
    """The spell a "cast ..." names, if it names one: "fireball", "mage hand", "a spell"."""
    words = obj.split()
    if not words:
        return None
    stop = {"and", "at", "on", "to", "toward", "towards", "into", "upon", "as", "with", "while",
            "but", "then", "so", "the", "from", "over", "across"}
    out = []
    for w in words:
        if w in stop and out:
            break
        if w in ("a", "an", "the", "your", "his", "her", "their") and not out:
            continue
        out.append(w)
        if len(out) >= 3:
            break
    return " ".join(out) if out else None


class AbilityCheck:
    """Magic and powers need someone who has them."""

    name = "abilities"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        text = r.masked
        events: list[tuple[int, int, Actor, str, str | None]] = []  # a, b, actor, what, spell
        spelly = r.mentions(frozenset(), _SPELL_STEMS)
        elemental = r.mentions(_ELEMENT_WORDS)
        for m in (_SPELL_VERB.finditer(text) if spelly else ()):
            obj = m.group("obj")
            if _NOT_SPELL_OBJ.match(obj):
                continue
            if m.group("v").endswith("ed") and re.search(r"\b(?:a|an|the|his|her|your|their|its|"
                                                        r"my|our|this|that)\s+(?:\w+\s+)?$",
                                                        text[max(0, m.start() - 8):m.start()]):
                continue  # "an enchanted arrow": a thing, judged by the item check
            verb = m.group("v")
            spell = None
            if verb.startswith("cast"):
                spell = _named_spell(obj)
                if spell is None:
                    continue
                lead = obj.split()[0] if obj.split() else ""
                if lead in ("his", "her", "their", "your") and not re.search(
                        r"spell|magic|bolt|fire|missile|hex|curse|charm|light|hand", obj):
                    continue
            elif verb.startswith(("summon", "conjure", "channel", "weave", "wove")):
                if not self._magic_object(obj):
                    continue
            events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0), spell))
        for m in (_PHENOMENON_FROM.finditer(text) if elemental else ()):
            part = m.group("part")
            ph = m.group("ph")
            if part == "eyes" and re.search(r"\bin (?:the |his |her |your |their |its |"
                                            r"[a-z]+'s )?(?:\w+ )?eyes$", m.group(0)):
                continue  # "a fire in her eyes" is a look, not a spell
            if part in _TOOL_WORDS and re.match(
                    r"(?:a |an |the )?(?:sparks|light|darkness)\b", ph):
                continue
            actor = self._owner_actor(ctx, m.start("part"))
            source = re.search(r"\b(?:from|between|out of|off|at)\s+(?:the |his |her |your |"
                               r"their |its |[a-z]+'s )?(?:\w+ ){0,2}?$",
                               m.group(0)[:m.start("part") - m.start()])
            if source is None and actor.kind == "holder" and actor.holder is not None and \
                    actor.holder.kind == "player" and re.search(
                        r"\byour (?:\w+ ){0,2}?$", m.group(0)[:m.start("part") - m.start()]):
                actor = Actor(kind="none")  # light "along your arm": worked on you, not by you
            if actor.kind in ("none", "thing"):
                actor = self._actor(ctx, m.start())
            events.append((m.start(), m.end(), actor, m.group(0), None))
        glowing = r.mentions(frozenset(), _GLOW_STEMS)
        for m in (_PART_GLOWS.finditer(text) if glowing else ()):
            if m.group("part") in ("eyes", "eye"):
                continue  # "her eyes flash with anger": only colours no eye has count (_EYES)
            events.append((m.start(), m.end(), self._owner_actor(ctx, m.start("owner")),
                           m.group(0), _ANY_MAGIC))
        for m in (_WEAPON_GLOWS.finditer(text) if glowing else ()):
            events.append((m.start(), m.end(), self._owner_actor(ctx, m.start("owner")),
                           m.group(0), _ANY_MAGIC))
        for m in (_WEAPON_UNCANNY.finditer(text) if glowing else ()):
            if _CAUGHT_LIGHT.search(m.group(0)):
                continue  # "his sabre glows red in the firelight": light it catches
            part = m.group("part")
            owner = self._owner_actor(ctx, m.start("owner"))
            if V.lemma(part) in V.BODY or part in ("eyes", "eye") or not (
                    W.is_carried_thing(part) or _word_kind_item(part) or (
                        owner.holder is not None and owner.holder.has(part))) or \
                    V.lemma(part) in _LIGHTS:
                continue  # a lamp, a screen, a face: things that glow anyway
            events.append((m.start(), m.end(), owner, m.group(0), _ANY_MAGIC))
        for m in (_IT_IGNITES.finditer(text) if glowing or elemental else ()):
            thing = _antecedent(ctx, r.token_at(m.start()))
            if thing is None:
                continue
            sa, sb = r.sentences[r.tokens[r.token_at(m.start())].sent]
            unlit = _UNLIT.search(r.text.lower(), sa, sb)
            if not unlit and (V.lemma(r.tokens[thing.head].base) in _FLAMMABLE or
                              r.tokens[thing.head].base in _FLAMMABLE or _LIT.search(
                                  text, r.sentences[r.tokens[thing.head].sent][0], m.start())):
                continue  # "lights the stove; it bursts into flame": lit, not conjured
            thing_word = r.tokens[thing.head].base
            if W.is_substance(thing_word) or V.lemma(thing_word) in V.ATMOSPHERE:
                continue  # "the oil ... it bursts into flame": stuff burns
            actor = self._owner_actor(ctx, r.tokens[thing.head].start)
            if actor.kind == "none":
                actor = self._actor(ctx, r.tokens[thing.start].start)
            events.append((m.start(), m.end(), actor, m.group(0), None))
        standalone = elemental or spelly or r.mentions(_STANDALONE_WORDS, _STANDALONE_STEMS)
        for m in (_STANDALONE.finditer(text) if standalone else ()):
            actor = self._actor(ctx, m.start())
            if _WEAK.match(m.group(0)) and actor.kind != "holder":
                continue
            if re.match(r"(?:bursts?|erupts?) into", m.group(0)) and _LIT.search(
                    text, r.sentences[r.tokens[r.token_at(m.start())].sent][0], m.start()):
                continue  # "lights the stove; it bursts into flame": lit
            events.append((m.start(), m.end(), actor, m.group(0), None))
        for m in (_RISE.finditer(text) if "air" in r.words else ()):
            what = m.group("what")
            if what in ("it", "they"):
                # "you stare at the tinned peaches and they rise into the air": what they are
                thing = _antecedent(ctx, r.token_at(m.start()))
                if thing is None:
                    continue
                what = r.tokens[thing.head].base
            if what in _RISING_THINGS or V.lemma(what) in _RISING_THINGS \
                    or V.creature_group(what) or what in V.SUBJECT_PRONOUNS:
                continue
            if V.is_person_noun(what) or g.holder_named(what) is not None:
                continue  # a person flying: the physics check
            events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0), None))
        if r.mentions(frozenset(_EFFECT_STEMS)):
            for m in _SELF_MOVED.finditer(text):
                if self._moves_itself(ctx, m.start()):
                    continue  # "the sea throws itself at the rocks", "the cat leaps untouched"
                events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0),
                               None))
        first_trigger = _TRIGGER.search(text) if r.mentions(_OBEY_GATE) else None
        for m in (_OBEYS.finditer(text, first_trigger.end()) if first_trigger else ()):
            trigger = self._trigger_before(ctx, m.end())
            if trigger is not None:
                events.append((m.start(), m.end(), self._actor(ctx, trigger), m.group(0), None))
        if first_trigger is not None or (r.mentions(_ANIMATE_WORDS) and _TRIGGER.search(text)):
            events += self._things_obey(ctx)
        for m in (_MIND.finditer(text) if r.mentions(_MIND_WORDS) else ()):
            events.append((m.start(), m.end(), self._influencer(ctx, m.start()), m.group(0),
                           None))
        if glowing or elemental or r.mentions(_IGNITE_WORDS):
            for m in _IGNITES.finditer(text):
                if (m.group("part") or "") in _FLAMMABLE:
                    continue  # "his torch bursts into flame": lit, not conjured
                owner = m.group("owner")
                actor = self._owner_actor(ctx, m.start("owner")) if owner else \
                    self._owner_actor(ctx, m.end() - 1)
                if actor.kind == "none":
                    actor = self._actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_EYE_WORDS):
            for m in _EYES.finditer(text):
                events.append((m.start(), m.end(), self._owner_actor(ctx, m.start()), m.group(0),
                               None))
        for pat, gate in ((_GESTURE_EFFECT, _GESTURE_WORDS), (_SLEEP, _SLEEP_WORDS),
                          (_INTRUSION, _MIND_WORDS),
                          (_SHADOW, _SHADOW_WORDS), (_BREATH, _BREATH_WORDS),
                          (_WOUND_TOUCH, _WOUND_WORDS), (_SELF_ACTING, _SELF_WORDS)):
            if not r.mentions(gate):
                continue
            for m in pat.finditer(text):
                if pat is _SLEEP:
                    trigger = self._trigger_before(ctx, m.start())
                    if trigger is None:
                        continue  # a drunk nodding off is no spell
                    actor = self._actor(ctx, trigger)
                elif pat is _INTRUSION:
                    subject = subject_before(ctx, r.token_at(m.start()))
                    if subject.kind == "thing" and subject.phrase is not None and \
                            W.is_abstract(r.tokens[subject.phrase.head].base):
                        continue  # "a thought slides into your mind": no one pushes it
                    actor = self._influencer(ctx, m.start())
                elif pat is _SHADOW:
                    actor = self._owner_actor(ctx, m.start())
                elif pat is _WOUND_TOUCH:
                    # the healer is whose touch it is, else the nearest other character
                    touch = re.search(r"\b(?:his|her|their|your) (?:touch|fingers|hand|hands|"
                                      r"palm|palms|fingertips)\b", m.group(0))
                    actor = self._owner_actor(ctx, m.start() + touch.start()) if touch else \
                        Actor(kind="none")
                    if actor.kind == "none":
                        actor = self._influencer(ctx, m.start())
                elif pat is _SELF_ACTING:
                    if self._moves_itself(ctx, m.start()):
                        continue
                    actor = self._actor(ctx, m.start())
                else:
                    actor = self._actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_WOUND_GATE):
            for m in _WOUND_CLOSES.finditer(text):
                a_s, b_s = r.sentences[r.tokens[r.token_at(m.start())].sent]
                if _HEALING_MEANS.search(text[max(0, a_s - 200):b_s]):
                    continue  # a potion drunk, a salve rubbed in, days passing
                if m.group(0).startswith(("they", "it")) and not re.search(
                        r"\b(?:wound|wounds|gash|gashes|cut|cuts|injury|injuries|burns|bruises)\b",
                        text[a_s:m.start()]):
                    continue
                actor = self._influencer(ctx, m.start())
                if actor.kind != "holder" or not _covers(actor.holder, frozenset({"heal"}), g):
                    # the healer, not the one healed: "Brother Anselm kneels beside Nub ... the
                    # cut knits closed"; never the owner of the wound ("your wounds")
                    wounded = self._wound_owner(ctx, m.start(), m.end())
                    actor = self._near_able(ctx, m.start(), frozenset({"heal"}), wounded) or actor
                events.append((m.start(), m.end(), actor, m.group(0), _HEAL_MAGIC))
        if r.mentions(_APPARITION_WORDS) and ("air" in r.words or r.mentions(
                frozenset({"into", "smoke", "flames", "fire", "mist", "candlelight"}))):
            for m in _APPARITION.finditer(text):
                events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0),
                               _ANY_MAGIC))
        if r.mentions(_CHANGE_WORDS):
            for m in _BODY_CHANGE.finditer(text):
                after = re.findall(r"[a-z'-]+", text[m.end():m.end() + 40])[:4]
                noun = next((w for w in after if w not in ("a", "an", "the") and not
                             V.looks_adjective(w) and w not in V.COLOURS), "")
                if noun and (V.lemma(noun) in V.EXPRESSIONS or noun in V.EXPRESSIONS
                             or W.is_abstract(noun)):
                    continue  # "his face twists into a scowl": a look, not a new body
                if m.group("owner"):
                    actor = self._owner_actor(ctx, m.start("owner"))
                else:
                    actor = self._actor(ctx, m.start("owner2") + len(m.group("owner2")) + 1)
                if actor.kind == "none":
                    actor = self._actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), _CHANGE_MAGIC))
        if r.mentions(_MIND_WORDS | frozenset({"memories"})):
            for m in _MIND_REACH.finditer(r.text):
                k = r.token_at(m.start())
                if r.tokens[k].muted or r.tokens[k].negated:
                    continue
                if r.tokens[k].cap and r.tokens[k].low not in ("he", "she", "they") and not (
                        ctx.refs and ctx.refs[k] is not None):
                    continue  # "Doubt creeps into your mind": no one reaches
                events.append((m.start(), m.end(), self._influencer(ctx, m.start()),
                               m.group(0), None))
        if r.mentions(_CHANGE_WORDS):
            for m in _BODY_TO_BEAST.finditer(text):
                words = re.findall(r"[a-z'-]+", m.group("rest"))[:6]
                if words and words[0] in ("him", "her", "them", "you", "me", "us", "it"):
                    continue  # "his hand goes to her shoulder": a reach, not a change
                parts = [p for w in words for p in (w, *w.split("-")) if p]
                if not any(V.lemma(w) in V.ANIMAL_PARTS or V.lemma(w) in V.CREATURE_PARTS
                           or w in V.ANIMAL_PARTS or w in V.CREATURE_PARTS
                           or w not in words and V.creature_group(w)
                           or w in words and V.creature_group(w) and w not in V.BODY
                           for w in parts):
                    continue  # "her face hardens into a mask", "fingers curl into fists"
                actor = self._owner_actor(ctx, m.start("owner"))
                if actor.kind == "none":
                    actor = self._actor(ctx, m.start())
                events.append((m.start(), m.end(), actor, m.group(0), _CHANGE_MAGIC))
        if r.mentions(frozenset({"face", "image", "likeness", "figure", "features",
                                 "reflection"})):
            for m in _SCRYING.finditer(text):
                surf = m.group("surf")
                if surf and surf not in _SURFACES and not W.is_substance(surf) and \
                        W.first_class(surf) != "D":
                    continue  # "the face in the crowd": a surface that shows pictures only
                owner = m.group("owner")
                if owner != "the" and ctx.grounding.holder_named(owner[:-2]) is not None:
                    continue  # a present face reflected
                events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0),
                               _ANY_MAGIC))
        if r.mentions(frozenset({"space", "spacetime", "space-time", "reality", "air",
                                 "world"})):
            for m in _FOLDED_SPACE.finditer(text):
                events.append((m.start(), m.end(), self._actor(ctx, m.start()), m.group(0),
                               None))
        events += self._things_rise(ctx)
        events += self._borrowed_powers(ctx)
        events += self._beasts_speak(ctx)
        if r.mentions(_TRANSMUTE_WORDS):
            for m in _TRANSMUTE.finditer(text):
                actor = self._changer(ctx, m.start())
                if actor is not None:
                    events.append((m.start(), m.end(), actor, m.group(0), None))
        if r.mentions(_TONGUE_WORDS):
            for m in _TONGUE.finditer(text):
                actor = self._actor(ctx, m.start())
                if actor.kind == "holder":
                    events.append((m.start(), m.end(), actor, m.group(0), None))
        out: list[Finding] = []
        used: list[tuple[int, int]] = []
        for a, b, actor, what, spell in sorted(events, key=lambda e: e[0]):
            if any(a < ub and b > ua for ua, ub in used):
                continue
            f = self._judge(ctx, a, b, actor, what, spell)
            if f:
                used.append((a, b))
                out.extend(f)
        return out

    def _things_rise(self, ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
        """A made thing (a ledger, a chair, a sword) that rises, floats or drifts up off where
        it was, as subject of its own verb, with no wind or hand to move it."""
        r = ctx.reading
        if r.words.isdisjoint(_UPWARD_WORDS):
            return []
        out = []
        for m in _UPWARD.finditer(r.masked):
            vi = r.token_at(m.start())
            a, _ = r.sentence_tokens[r.tokens[vi].sent]
            subject = subject_before(ctx, vi)
            if subject.kind != "thing" or subject.phrase is None:
                continue
            head = r.tokens[subject.phrase.head].base
            if not (W.is_carried_thing(head) or W.is_fixed_thing(head)) or \
                    W.first_class(head) == "V" or V.lemma(head) in _RISING_THINGS or \
                    head in _RISING_THINGS or V.creature_group(head) or W.is_substance(head):
                continue  # a boat on the swell, smoke, a bird
            sa, sb = r.sentences[r.tokens[vi].sent]
            if _WIND.search(r.masked, sa, sb):
                continue  # blown up by a gust
            if any(r.tokens[k].low in ("you", "he", "she", "they") or (
                    ctx.refs and ctx.refs[k] is not None)
                   for k in range(subject.phrase.end, vi)):
                continue  # someone else in between is the one who lifts
            out.append((m.start(), m.end(), self._actor(ctx, r.tokens[a].start), m.group(0),
                        _ANY_MAGIC))
        return out

    @staticmethod
    def _beasts_speak(ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
        """An animal of the scene that speaks as people do ("the hound rises on two legs and
        speaks in Molly's voice"): no beast talks unless the scene makes it someone (a talking
        fox among the NPCs)."""
        r = ctx.reading
        if r.words.isdisjoint(_SPEECH_VERBS):
            return []
        out = []
        for p in r.phrases:
            if p.pronoun or p.name or (ctx.refs and ctx.refs[p.head] is not None):
                continue
            head = r.tokens[p.head]
            group = V.creature_group(head.base)
            if head.muted or head.negated or not group or group == "bird":
                continue  # a parrot or a raven may say a word
            a, b = r.sentence_tokens[head.sent]
            for k in range(p.end, b):
                t = r.tokens[k]
                if t.kind == "punct" and t.low in (";", ".", "—"):
                    break
                if t.low in _SPEECH_VERBS and not t.muted and not t.negated and (
                        k + 1 >= len(r.tokens) or r.tokens[k + 1].low not in ("of", "to")):
                    out.append((head.start, t.end, Actor(kind="none"),
                                r.text[head.start:t.end], _ANY_MAGIC))
                    break
                if ctx.refs and ctx.refs[k] is not None or r.phrase_at.get(k) is not None and \
                        k != p.end and r.tokens[k - 1].low in ("and", ","):
                    break  # someone else acts in between
        return out

    def _borrowed_powers(self, ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
        """A magical power of one character named as used by another ("you whisper the words
        of the sleep charm you've heard Pip use"): the scene says whose power it is."""
        g = ctx.grounding
        index = g.memo.get("power_names")
        if index is None:
            index = []
            for h in g.holders:
                for ability in h.abilities:
                    low = ability.lower().strip()
                    if len(low.split()) >= 2 and (_magical_word(low) or magical_ability(low)):
                        index.append((h, low, re.compile(r"\b" + re.escape(low) + r"\b")))
            g.memo["power_names"] = index
        if not index:
            return []
        r = ctx.reading
        text = r.masked
        out = []
        for h, low, pat in index:
            if low.split()[-1] not in r.words:
                continue
            for m in pat.finditer(text):
                actor = subject_before(ctx, r.token_at(m.start()))
                if actor.kind != "holder" or actor.holder is None or actor.holder is h:
                    continue
                if any(a.lower().strip() == low for a in actor.holder.abilities):
                    continue
                out.append((m.start(), m.end(), actor, m.group(0), _ANY_MAGIC))
        return out

    @staticmethod
    def _magic_object(obj: str) -> bool:
        words = obj.split()[:5]
        for w in words:
            lem = V.lemma(w)
            if lem in ("gale", "storm", "wind", "winds", "tempest", "lightning", "fire", "flame",
                       "frost", "ice", "spirit", "demon", "spirits", "ghost", "elemental", "bolt",
                       "ball", "orb", "shield", "ward", "barrier", "light", "darkness", "fog",
                       "mist", "blade", "weapon", "hand", "power", "energy", "magic", "spell",
                       "familiar", "undead", "skeleton", "zombie", "rain", "thunder", "portal",
                       "rift", "vortex", "illusion", "phantom", "apparition", "doorway",
                       "charm", "curse", "hex", "sleep", "blessing", "barrier", "aura",
                       "blizzard", "snowstorm", "hailstorm", "squall", "whirlwind", "tornado",
                       "hurricane", "sandstorm", "thunderstorm", "downpour", "hail", "sleet",
                       "snow", "cloud", "clouds", "tide", "flood", "wave", "waves", "quake",
                       "earthquake", "swarm", "plague", "darkness", "gloom", "cyclone"):
                return True
            if V.creature_group(w) and lem not in ("bartender",):
                return True
        return False

    def _actor(self, ctx: CheckContext, char: int) -> Actor:
        i = ctx.reading.token_at(char)
        actor = subject_before(ctx, i)
        if actor.kind == "none" and i < len(ctx.reading.tokens):
            # "... and it closes without a scar": the first person the sentence names
            a, _ = ctx.reading.sentence_tokens[ctx.reading.tokens[i].sent]
            for k in range(a, i):
                h = ctx.refs[k] if ctx.refs else None
                if h is not None and not ctx.reading.tokens[k].possessive:
                    return Actor(kind="holder", holder=h)
        if actor.kind == "thing":
            # "Ulfar raises his shovel and chants; a bolt of lightning leaps ...": the caster is
            # the last person named before the thing
            for k in range(i - 1, -1, -1):
                h = ctx.refs[k] if ctx.refs else None
                if h is not None and ctx.reading.tokens[k].low in ("your", "yours") and \
                        h.kind == "player":
                    continue  # "... your wounds": the one the power is worked on, not its source
                if h is not None:
                    return Actor(kind="holder", holder=h)
                if ctx.reading.tokens[k].sent != ctx.reading.tokens[i].sent and k < i - 40:
                    break
        return actor

    def _changer(self, ctx: CheckContext, char: int) -> Actor | None:
        """Who changes matter: a person, or a person's prayer, word, touch or song; not the cold
        turning a puddle to ice or the fire turning logs to ash."""
        r = ctx.reading
        i = r.token_at(char)
        actor = subject_before(ctx, i)
        if actor.kind in ("holder", "person"):
            return actor
        p = actor.phrase
        if p is None:
            return None
        if V.lemma(r.tokens[p.head].base) in _CHANGING_ACTS:
            owner = self._owner_actor(ctx, r.tokens[p.start].start)
            return owner if owner.kind != "none" else self._actor(ctx, char)
        return None

    def _things_obey(self, ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
        """"Garrick mutters a word and the coil of rope slithers across the planks": after
        someone speaks or gestures, a thing moves as only living things do. Whoever gave the
        sign worked it."""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out: list[tuple[int, int, Actor, str, str | None]] = []
        for m in _TRIGGER.finditer(r.masked):
            ti = r.token_at(m.start())
            actor = self._actor(ctx, m.start())
            if actor.kind != "holder":
                continue
            _, b = r.sentence_tokens[toks[ti].sent]
            for q in r.phrases:
                if q.start <= ti or q.start >= b or q.pronoun or q.name:
                    continue
                before = toks[q.start - 1].low
                if before not in ("and", ",", "then", ";", "—", "–"):
                    continue  # a clause's subject, not an object
                head = toks[q.head].base
                lem = V.lemma(head)
                if lem in _MOVERS or lem in V.ATMOSPHERE or lem in V.BODY or \
                        V.creature_group(head) or V.is_person_noun(head) or W.is_substance(head):
                    continue
                vi = q.end
                while vi < b and (toks[vi].low in V.ADVERBS or toks[vi].low.endswith("ly")):
                    vi += 1
                if vi >= b or toks[vi].low not in _ANIMATE_WORDS:
                    continue
                if not (W.is_carried_thing(head) or g.in_location(head) or g.who_holds(head)):
                    continue
                a_ch, b_ch = toks[q.start].start, toks[vi].end
                out.append((a_ch, b_ch, actor, r.text[a_ch:b_ch], _ANY_MAGIC))
                break
        return out

    @staticmethod
    def _moves_itself(ctx: CheckContext, char: int) -> bool:
        """Is the subject of this verb something that moves of itself anyway: the sea, the
        wind, an animal, a person?"""
        r = ctx.reading
        i = r.token_at(char)
        a, _ = r.sentence_tokens[r.tokens[i].sent]
        for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
            if p.pronoun:
                return r.tokens[p.head].low in ("he", "she", "they", "you", "i", "we")
            word = r.tokens[p.head].base
            lem = V.lemma(word)
            return (word in _MOVERS or lem in _MOVERS or lem in V.ATMOSPHERE
                    or V.creature_group(word) is not None or V.is_person_noun(word)
                    or (ctx.refs and ctx.refs[p.head] is not None) or p.name)
        return False

    @staticmethod
    def _trigger_before(ctx: CheckContext, char: int) -> int | None:
        """Where, earlier in the sentence, someone speaks, sings, gestures or blows a horn: the
        act that nature obeys."""
        r = ctx.reading
        i = r.token_at(char)
        a, _ = r.sentence_tokens[r.tokens[i].sent]
        start = r.tokens[a].start
        found = None
        for m in _TRIGGER.finditer(r.masked, start, char):
            found = m.start()
        return found

    @staticmethod
    def _wound_owner(ctx: CheckContext, a: int, b: int) -> set[int]:
        """Whose wounds the sentence names ("your wounds" -> the player), as holder ids."""
        r = ctx.reading
        i = r.token_at(a)
        sa, sb = r.sentence_tokens[r.tokens[i].sent]
        owners: set[int] = set()
        for k in range(sa, sb):
            t = r.tokens[k]
            if V.lemma(t.base) in _WOUND_GATE and k > sa:
                prev = r.tokens[k - 1]
                if (prev.low in V.POSSESSIVE_PRONOUNS or prev.possessive) and ctx.refs and \
                        ctx.refs[k - 1] is not None:
                    owners.add(id(ctx.refs[k - 1]))
        return owners

    @staticmethod
    def _near_able(ctx: CheckContext, char: int, kinds: frozenset[str],
                   exclude: set[int] = frozenset()) -> Actor | None:
        """Someone named in this sentence or the one before whose powers do this ("Brother
        Anselm kneels beside Nub ... The cut knits closed": the healer, not the one healed)."""
        for h in _recent_holders(ctx, char):
            if id(h) not in exclude and _covers(h, kinds, ctx.grounding):
                return Actor(kind="holder", holder=h)
        return None

    def _influencer(self, ctx: CheckContext, char: int) -> Actor:
        """Who moves a mind: the nearest character other than the one moved, in the sentence or
        the one before ("Old Grell hums ...; you find yourself climbing in")."""
        for h in _recent_holders(ctx, char):
            if h.kind != "player":
                return Actor(kind="holder", holder=h)
        return self._actor(ctx, char)

    def _owner_actor(self, ctx: CheckContext, char: int) -> Actor:
        r = ctx.reading
        i = r.token_at(char)
        for k in range(i, max(-1, i - 4), -1):
            t = r.tokens[k]
            if t.low in ("your", "his", "her", "their") or t.possessive:
                h = ctx.refs[k] if ctx.refs else None
                if h is not None:
                    return Actor(kind="holder", holder=h)
                if t.possessive:
                    return Actor(kind="person")
            if t.low in ("its", "the"):
                break
        return Actor(kind="none")

    def _judge(self, ctx: CheckContext, a: int, b: int, actor: Actor, what: str,
               spell: str | None) -> list[Finding]:
        g = ctx.grounding
        out: list[Finding] = []
        span_a = a + (len(what) - len(what.lstrip()))
        if g.rules.magic_forbidden:
            out.append(finding_at(
                ctx, "world_rule", "block", 0.9, span_a, b, "the setting has no magic",
                f"'{ctx.text[span_a:b]}' is magic, and this setting has none."))
        holder = actor.holder if actor.kind == "holder" else None
        if actor.kind == "person":
            return out  # an absent caster: the mention checks report the person
        if spell in _SENTINEL_KINDS:
            kinds = _SENTINEL_KINDS[spell]
            spell = None
        else:
            kinds = frozenset() if spell is _ANY_MAGIC else effect_kinds(_clause_text(ctx, a, b))
        if spell is _ANY_MAGIC:
            spell = None  # a wand sparking, a staff glowing: any caster's tell
        if holder is None:
            anyone = g.casters_present
            if anyone and (not kinds or any(_covers(h, kinds, g) for h in anyone)):
                return out
            if g.player.magic and _casting_own(ctx, g.player):
                return out  # the player casts this turn: magic no one else works is theirs
            conf = 0.7
            who = "no one here"
        else:
            who = holder.label
            if holder.magic:
                if spell is not None:
                    known = _spell_known(holder, spell)
                    if known is False and not re.match(r"(?:a |an )?spells?\b", spell):
                        conf = 0.75
                        out.append(finding_at(
                            ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                            f"{who} can cast: {', '.join(holder.abilities) or 'nothing listed'}",
                            f"{who.capitalize()} does not know '{spell}'; "
                            f"{'you know' if holder.kind == 'player' else who + ' knows'}: "
                            f"{', '.join(holder.abilities)}."))
                    return out
                if not kinds or _covers(holder, kinds, g):
                    return out
                # a caster, but of other things: the nun who blesses does not raise walls of fire
                conf = 0.5 if holder.kind == "player" and _casting_own(ctx, holder) else 0.75
                abilities = ", ".join(holder.abilities) or "nothing listed"
                out.append(finding_at(
                    ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                    f"{who} can: {abilities}",
                    f"{who.capitalize()} cannot do '{ctx.text[span_a:b].strip()}' "
                    f"({', '.join(sorted(kinds))}); "
                    f"{'your' if holder.kind == 'player' else who + chr(39) + 's'} powers are: "
                    f"{abilities}."))
                return out
            conf = 0.9
        if holder is not None:
            cls = holder.char_class or ("an NPC" if holder.kind == "npc" else "")
            evidence = (f"{who} ({cls}) has: {', '.join(holder.abilities) or 'no abilities'}"
                        if holder.kind != "npc" else
                        f"{who} has: {', '.join(holder.abilities) or 'no abilities'}")
        else:
            evidence = "no one present can work magic"
        casters = ", ".join(sorted(g.casters)) if g.casters else "no one"
        message = (f"{who.capitalize()} cannot do '{ctx.text[span_a:b].strip()}': {evidence}; "
                   f"only {casters} may cast spells here.")
        out.append(finding_at(ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                              evidence, message))
        return out
