"""Things moving with no hand on them, and nature obeying a word.

A rope that coils itself, a door that opens at a flick of the wrist, chairs floating to the
rafters, the sea falling flat after someone speaks: powers, whatever the words. But the sea moves
and the wind blows of themselves, smoke and gulls rise, and a gust lifts a hat, so the patterns
here come with the lists of what moves anyway and of the acts (a word, a song, a gesture, a horn)
that nature is said to obey, by which the check finds whose will it was.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V

# Things moving by themselves: "the coil of rope lifts itself into the air", "the torch drifts out
# of her hand by itself", "it slides across the deck into your hand, untouched".
_SELF_MOVED = re.compile(
    r"\b(?:(?:lifts?|lifted|raises?|raised|hauls?|hauled|pulls?|pulled|drags?|dragged|rights?|"
    r"righted|unties?|untied|ties?|tied|coils?|coiled|loops?|looped|winds?|wound|pours?|poured|"
    r"stacks?|stacked|unlocks?|unlocked|flips?|flipped|hurls?|hurled|throws?|threw|launches?|"
    r"launched|folds?|folded|unfolds?|unfolded|unrolls?|unrolled|knots?|knotted|arranges?|"
    r"arranged|cleans?|cleaned|sweeps?|swept|lowers?|lowered|refills?|refilled|repairs?|"
    r"repaired|mends?|mended|assembles?|assembled|patches|patched|welds?|welded|reseals?|"
    r"resealed|seals?|sealed|"
    # a change of shape or state a thing works on itself: "the bent teeth straighten themselves"
    r"straighten(?:s|ed)?|unbend(?:s|ed)?|bends?|bent|twists?|twisted|untwist(?:s|ed)?|"
    r"untangles?|untangled|realign(?:s|ed)?|reshapes?|reshaped|re-?forms?|re-?formed|"
    r"reassembles?|reassembled|rebuilds?|rebuilt|knits?|knitted|smooths?|smoothed|fix(?:es|ed)|"
    r"heals?|healed) (?:itself|themselves)|"
    r"(?:rises?|rose|floats?|floated|drifts?|drifted|slides?|slid|flies|flew|glides?|glided|"
    r"moves?|moved|lifts?|lifted|hovers?|hovered|dances?|danced|spins?|spun|leaps?|leapt|"
    r"hops?|hopped|rolls?|rolled|crawls?|crawled|skitters?|skittered|zips?|zipped|sails?|"
    r"sailed|tugs? free|tears? free|wrenches? free|comes? loose|lurch(?:es|ed)?|starts?|started|"
    r"begins?|began|turns?|turned|swings?|swung|jerks?|jerked|shudders?|shuddered|rattles?|"
    r"rattled|creaks?|creaked|grinds?|ground|clatters?|clattered|opens?|opened|closes?|closed|"
    r"shuts?|slams?|slammed|unrolls?|unrolled|flutters?|fluttered|tips?|tipped|topples?|"
    r"toppled|pours?|poured|stirs?|stirred|writes?|wrote|plays?|played|rings?|rang|"
    # heat and state that change with nothing to change them: "it boils on its own"
    r"boils?|boiled|bubbles?|bubbled|simmers?|simmered|seethes?|seethed|heats?|heated|"
    r"ignites?|ignited|kindles?|kindled|freezes?|froze|thaws?|thawed|melts?|melted|fills?|"
    r"filled|empties|emptied|drains?|drained|overflows?|overflowed)\b"
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
# Space itself folded or a traveller stepping out of the air: moving without crossing the distance.
_FOLDED_SPACE = re.compile(
    r"\b(?:folds?|folded|folding|bends?|bent|tears?|tore|rips?|ripped|warps?|warped|parts?|"
    r"parted) (?:open )?(?:space|spacetime|space-time|the space|reality|the air|the world)\b|"
    r"\b(?:step|steps|stepped|stepping|emerge|emerges|emerged|appear|appears|appeared) "
    r"out of (?:the |thin )?(?:empty )?air\b(?!-)")
_NATURE_WORDS = frozenset(_NATURE[3:-1].split("|"))
_MOVERS = _NATURE_WORDS - frozenset("flame candle candles torch torches lamp lamps lights hearth "
                                     "embers glass glasses window windows bottle bottles mirror "
                                     "mirrors bulb bulbs goblet goblets mug mugs pane panes vase "
                                     "vases jar jars".split())

# Moving as only living things move: a thing doing this was made to.
_ANIMATE_WORDS = frozenset(
    "slithers slithered crawls crawled creeps crept writhes writhed wriggles wriggled squirms "
    "squirmed scuttles scuttled slinks slunk coils coiled uncoils uncoiled marches marched "
    "dances danced hops hopped hovers hovered binds twines twined seizes seized unties untied "
    "knots knotted obeys obeyed".split())
_GESTURE_WORDS = frozenset("wave flick gesture twitch snap flourish twirl crook sweep word glance "
                           "thought look stare blink will willpower touching touch mind".split())
_SELF_WORDS = frozenset({"itself", "themselves"})
# A thrown or falling thing stopped where nothing holds it, after someone's sign ("flicks two
# fingers and the flying tea freezes in mid-air"): only a power holds a thing up on nothing.
_HALTS_MIDAIR = re.compile(
    r"\b(?:(?:freezes?|froze|stops?|stopped|halts?|halted|stalls?|stalled) (?:dead |short |"
    r"motionless |still )?|(?:hangs?|hung|stays?|stayed|hovers?|hovered) (?:motionless|frozen|"
    r"suspended|stock-still) )(?:in (?:the )?mid-?air|in midair|in the air|midair|mid-air)\b")
_MIDAIR_WORDS = frozenset({"mid-air", "midair", "air"})
_OBEY_GATE = _NATURE_WORDS | frozenset(
    "bulb bulbs lightbulb lightbulbs neon screen screens snow snowflakes sleet hail frost flame "
    "flames fire sparks lightning petals embers motes dust "
    "light door doors shutters window windows gate gates lid chest book curtains drapes cupboard "
    "cupboards drawer drawers glass glasses bottle bottles".split())
# A change of heat or state: water and air move of themselves, but do not boil or freeze so.
_STATE_CHANGE = re.compile(r"(?:boil|bubbl|simmer|seeth|heat|ignit|kindl|freez|froze|thaw|melt|"
                           r"straighten|unbend|realign|reshap|knit|heal)")
_EFFECT_STEMS = ("itself", "themselves", "accord", "untouched", "unaided", "invisible", "unseen",
                 "ghostly", "phantom", "spectral", "own")
_RISE = re.compile(r"\b(?P<what>[a-z]+) (?:rise|rises|rose|float|floats|floated|lift|lifts|"
                   r"levitate|levitates|levitated|hover|hovers|hovered|fly|flies|flew|swirl|"
                   r"swirls) (?:\w+ly )?(?:up )?(?:into|in|through) the air\b")
_RISING_THINGS = frozenset(V.ATMOSPHERE | {"dust", "smoke", "steam", "sparks", "embers",
                                           "ash", "mist", "spray", "birds", "gulls", "bats",
                                           "hand", "hands", "arm", "arms", "voice", "voices",
                                           "cheer", "song", "music", "chant", "smell", "scent",
                                           "feathers", "leaves", "petals", "snow", "water",
                                           "balloon", "balloons", "kite", "kites"})
