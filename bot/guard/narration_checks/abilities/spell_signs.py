"""Casting and the elements: the words of a spell, and fire, frost or light coming from hands,
weapons or eyes.

These are the commonest tells of magic and the likeliest to be false: every hearth has fire, a
sabre glows in the firelight, a lamp shines, "an enchanted arrow" is a thing and "casts a glance"
no spell. Each pattern sits here with the words that tell it from its mundane twin (things made to
burn or to give light, light a blade only catches, objects of "cast" or "summon" that are no
spell) and with the gate words that let the check skip a scan when none of them is in the text.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V

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
# A charm is a thing one wears until it is uttered: what is murmured, chanted or recited is a
# formula, and a formula that works is a spell, whatever it is called. So the object of a verb of
# uttering that is a charm, hex, cantrip or invocation, words named for what they do ("the healing
# words", "words of binding"), or a curse of a kind of person ("a witch's curse", not the plain
# curse one mutters when swearing) is casting. Prepositions may not stand between verb and noun:
# "whispers to her lucky charm" utters nothing.
_UTTER = (r"(?:chants?|chanted|chanting|speaks?|spoke|speaking|utters?|uttered|uttering|"
          r"whispers?|whispered|whispering|mutters?|muttered|muttering|murmurs?|murmured|"
          r"murmuring|intones?|intoned|intoning|recites?|recited|reciting|croons?|crooned|"
          r"crooning|sings?|sang|singing|hiss(?:es|ed)?|breathes?|breathed)")
_NOT_BETWEEN = (r"(?!(?:to|at|into|onto|over|on|upon|with|about|of|for|and|in|from|through|"
                r"around|by|against|toward|towards|under|as|like|that)\b)")
_SPOKEN_CHARM = (
    rf"{_UTTER}(?: under (?:his|her|your|their|its) breath)? (?:{_NOT_BETWEEN}[\w'-]+ ){{0,4}}?"
    r"(?:charms?|hex(?:es)?|cantrips?|invocations?|(?:healing|binding|warding|unbinding|"
    r"mending|sleeping) (?:words?|charms?|chants?|songs?|verses?)|words? of (?:healing|binding|"
    r"warding|unbinding|mending|making|unmaking)|[a-z-]+'s (?:curse|hex|charm|spell))\b")
_STANDALONE = re.compile(
    rf"\b(?:{_SHAPE} of (?:\w+ ){{0,2}}(?:\w+-)?(?:fire|flame|flames|lightning|frost|ice|force|"
    r"radiance|"
    r"holy light|arcane \w+|eldritch \w+|necrotic \w+|shadow|silver light|golden light|"
    r"pale fire|energy|magic)|fireballs?|magic missiles?|encased in ice|word of power|words of "
    r"power|incantations?|spells?(?! (?:out|the|a|an|his|her|its|their|your|my|our)\b)|sorcery|witchcraft|arcane|eldritch|runes? (?:flare|flares|"
    r"glow|glows|blaze|blazes)|(?:rune|sigil|glyph)s? (?:of (?:his|her|their|its|your) own )?"
    r"(?:that|which) (?:flares?|glows?|blazes?|burns?|shines?|kindles?|pulses?)|"
    r"(?:some |an )?(?:unseen|invisible) (?:force|hand|hands|fist|grip|power|cords?|bonds|"
    r"chains?|ropes?|strings|threads)|glowing runes|turns? invisible|becomes? invisible|"
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
    r"(?:chants?|chanted|sings?|sang|whispers?|whispered|murmurs?|murmured|speaks?|spoke|"
    r"prays?|prayed|croons?|crooned)(?: [\w']+){0,3},? and (?:the )?(?:\w+ ){0,3}?(?:sea|seas|"
    r"swell|swells|waves?|wind|winds|storm|rain|flames?|fire|clouds?|water|waters|river|tide|"
    r"glass|metal|stone|earth|ground|dead|corpse)(?: \w+){0,4}? (?:smooths?|smoothed|calms?|"
    r"calmed|stills?|stilled|dies|died|falls? still|fell still|parts?|parted|obeys?|obeyed|"
    r"quiets?|quieted|settles?|settled|flows?|flowed|bends?|bent|rises?|rose|stirs?|stirred|"
    r"wells?|welled|springs?|sprang|bubbles?|bubbled|gushe?s?|gushed|pours?|poured)\b|"

    r"(?:listens?|listened|hears?|heard|sees?|saw|watches|watched) (?:across|through) (?:the )?"
    r"(?:\w+ )?(?:steppe|sea|ocean|miles|leagues|city|desert|continent|world|sky|"
    r"mountains?|void|glacier|valley|plains?|forest|lake|bay|harbou?r|town|ice|snow|dunes|"
    r"tundra|marsh|moor|hills) to\b|"
    r"at (?:his|her|your|their) (?:command|bidding|gesture)|bends? to (?:his|her|your|"
    r"their) will|(?:obeys?|answers?) (?:his|her|your|their) (?:command|call|gesture)|"
    r"heals? [^.;]{0,30}? with (?:a|his|her|your|their) (?:touch|word|prayer|glow)|"
    r"(?:chants?|speaks?|utters?|whispers?|mutters?|intones?|shouts?|bellows?|snarls?|"
    r"hisses|growls?) (?:a|an|the|some) (?:\w+ )?(?:word|words|incantation|spell|rune|"
    r"name) of (?:power|binding|command|opening|making|unmaking|summoning|fire|death)|"
    rf"{_SPOKEN_CHARM}|"
    r"turns? into an? (?:wolf|bear|bird|raven|crow|cat|snake|bat|hawk|mist|smoke|shadow)|"
    r"(?:sword|blade|axe|hammer|mace|staff|spear|dagger|weapon|fists?) (?:\w+ )?bursts? "
    r"into (?:\w+ )?flames?|(?:bursts?|erupts?) (?:back |again )?into (?:\w+ )?flames?|(?:refill|refills|"
    r"repair|repairs|mend|mends|clean|cleans|stack|stacks|arrange|arranges|pour|pours|light|"
    r"lights|extinguish|extinguishes|unlock|unlocks|assemble|assembles|rearrange|rearranges|"
    r"float|floats|dance|dances) (?:themselves|itself))\b")

# Elements running over a weapon or a body: "your longsword erupts in white-hot flame", "frost
# crawls along the blade".
_ARMED = (r"(?:blade|sword|longsword|weapon|axe|greataxe|hammer|warhammer|mace|spear|dagger|"
          r"rapier|staff|scimitar|cutlass|club|knife|arrow|arrows|fist|fists|hand|hands|arm|"
          r"cudgel|whip|rod|cane|stick|pole|flail|pick|sickle|scythe|bow|crossbow|halberd|pike|"
          r"arms|body|skin|shield|wrist|wrists|sleeve|sleeves)")
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
    r"went|going|shine|shines|shone|shining|gleam|gleams|gleamed|flicker|flickers|flickered|"
    r"flickering|roll back|fill with|bleed|"
    r"bleeds) (?:[a-z]+ly )?(?:a |an |with (?:a |an )?)?(?:sickly |pale |bright |burning |eerie |"
    r"ghostly |"
    r"unnatural |solid |pure |milky |dull |molten |cold |deep |brilliant )?(?:yellow|red|green|"
    r"blue|gold|golden|silver|white|black|violet|purple|amber|crimson|orange|milk-white|"
    r"white-hot|witchfire|light|fire|flame|smoke|shadow)\b")
_IGNITE_WORDS = frozenset("flame flames fire frost ice rime lightning sparks radiance shadow shadows "
                          "darkness energy witchfire hellfire light".split())

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
    r"is engulfed) (?:back |again )?(?:in|into|with) (?:a |an )?(?:\w+[- ])?(?:\w+ )?(?:flame|"
    r"flames|fire|lightning|frost|ice|energy|radiance|witchfire|hellfire)\b")


# Things made to give light: their glowing is no marvel.
_LIGHTS = frozenset("lamp lantern torch candle screen display tablet datapad monitor bulb sign "
                    "crystal orb lens dial gauge panel badge watch pipe cigar cigarette ember "
                    "embers coal coals baton".split())


def _word_kind_item(word: str) -> bool:
    return word in V.ITEMS or V.lemma(word) in V.ITEMS


_FLAMMABLE = frozenset(
    "stove oven furnace forge kiln fireplace grate campfire firepit fire-pit "
    "torch torches candle candles pipe lamp lantern taper wick match tinder kindling fire hearth "
    "logs log oil brazier bonfire pyre straw hay paper letter cloak sleeve hair beard robe "
    "rag rags tinderbox cigar cigarette campfire firewood wood fuse".split())
_EYE_WORDS = frozenset({"eyes", "eye", "pupils", "irises"})

# ("spells" before an object is the verb of letters: "neon spells the ballroom's name".)
# Words that describe magic without anyone doing it ("arcane symbols on the door"): they count
# only when a person is the one doing it.
_WEAK = re.compile(r"^(?:spells?|sorcery|witchcraft|arcane|eldritch|spectral \w+|runes? \w+|"
                   r"glowing runes|(?:bursts?|erupts?) (?:back |again )?into (?:\w+ )?flames?|heals? \w+ \w+|"
                   r"(?:wound|wounds|gash|cut|cuts|injury|injuries|burns?) .*)$")
_TOOL_WORDS = frozenset(_TOOL[3:-1].split("|"))
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
# Signs whose own words are negations or hedges, so they are read on the unmasked text: something
# shaped by words alone "without ever touching" it, what "no living soul could know", a mind read,
# a voice "inside your skull", a forest bursting from the earth.
_RAW_SIGNS = re.compile(
    r"\b(?:whispers?|whispered|murmurs?|murmured|sings?|sang|chants?|chanted|speaks?|spoke|"
    r"breathes?|breathed) (?:softly |quietly )?to (?:it|them|the \w+)\b[^.;]{0,70}?without "
    r"(?:ever )?(?:touching|a touch|laying a (?:hand|finger)|lifting a finger)|"
    r"\b(?:reading|reads?|read) (?:the inside of )?(?:your|his|her|their|[a-z]+'s) (?:skull|head|"
    r"mind|thoughts)|\b(?:things?|what|that) no (?:living )?(?:soul|one|man|woman|stranger) "
    r"(?:could|can|should|would) (?:know|have known)|"
    r"\b(?:with|using|by) nothing but (?:his|her|your|their|its) (?:mind|thoughts|will|gaze)\b|"
    r"\b(?:the )?(?:names|words|numbers|thoughts|secrets|things) (?:he|she|they|you) (?:is|are|"
    r"was|were) (?:thinking|hiding)(?: of| about)?\b|"
    r"\b(?:voice|voices|words|thoughts) (?:is|are|was|were|comes?|came|sounds?) (?:suddenly )?"
    r"(?:inside|in|within) (?:your|his|her|their) (?:skull|head|mind)\b|"
    r"\b(?:forest|thicket|hedge|wall|tangle|grove|copse) of (?:\w+ ){0,2}(?:firs|pines|trees|"
    r"thorns|briars|brambles|vines|oaks|birches) (?:\w+ )?(?:bursts?|springs?|sprang|erupts?|"
    r"shoots?|shot|rises?|rose|surges?) (?:up )?(?:from|out of) the (?:earth|ground|soil|snow|"
    r"floor)")
# A mind emptied by someone: "all at once you cannot remember the question; your mind is as
# blank as the open page". Read raw (the "cannot" is the sign) and pinned on whoever is there.
_MIND_EMPTIED = re.compile(
    r"\b(?:all at once|suddenly|at once) you (?:cannot|can't|could not|couldn't) (?:remember|"
    r"recall)\b|\byour mind (?:is|goes|went|was|has gone) (?:as |completely |suddenly |quite )?"
    r"(?:blank|empty)\b")
_RAW_SIGN_WORDS = frozenset(
    "without nothing inside within reading reads read thinking hiding soul one man woman stranger "
    "forest thicket hedge wall tangle grove copse".split())
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
_STANDALONE_STEMS = ("telekine", "telepath", "shape", "whisper", "murmur", "sing", "sang",
                     "chant", "pray", "croon", "mutter", "recit", "intone", "utter",
                     "spok", "cantrip", "invocation", "listen", "hear", "heard", "touching", "unseen")


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
