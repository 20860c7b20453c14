"""Deeds no body can do, however they are worded: walking on air, bars bent like reeds.

On air or water, twenty-foot leaps, falls survived unhurt, drifting down like a feather,
bars bent like reeds, stone parting like water, hands through planks, breath under water: a feat
is a frame, not a verb. A leap is superhuman only with a height in it, a fall only with a soft
landing after it, strength only "like reeds" or "with bare hands". Each frame is found here and
handed to the physics check as an event of its kind, which then asks whether whoever does it has
an ability for it; a word gate keeps each pattern off narration that cannot match it.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.narration_checks.base import CheckContext
from bot.guard.prose import Reading

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
    rf"(?P<mid>[^.;!?]{{0,64}}?)\b(?P<n>{_NUM})[- ](?:(?:full|whole|good|clear|entire) )?"
    r"(?P<unit>feet|foot|ft|yards|yard|metres|meters|"
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
    r"ground|bulkhead|panel|oak|bricks|brick|plaster|masonry|glass|ice)\b(?:\s+of\s+(?:the\s+|"
    r"a\s+)?(?:[a-z'-]+\s+){0,3}?"
    r"[a-z'-]+)?\s+(?:\w+\s+)?(?:parts?|parted|ripples?|rippled|"
    r"melts? away|melted away|flows? aside|flowed aside|softens? like|softened like|(?:yields?|"
    r"yielded|gives?|gave) like (?:water|mist|smoke|fog|air|cobweb|gauze)|opens? like "
    r"(?:water|a curtain|mist))\b")
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
    r"easily\s+|lightly\s+)?over|clear|clears|cleared|"
    # "haul yourself over the fence", "clamber over the wall": the body carried over the top
    r"(?:haul|hauls|hauled|pull|pulls|pulled|heave|heaves|heaved|swing|swings|swung|drag|drags|"
    r"dragged|lever|levers|levered)\s+(?:yourself|himself|herself|themselves|itself)\s+"
    r"(?:up\s+and\s+|up\s+)?over|(?:clamber|clambers|clambered|scramble|scrambles|scrambled|"
    r"scrabble|scrabbles|scrabbled)\s+(?:up\s+and\s+)?over)\s+(?:the\s+|one of the\s+)?"
    r"(?P<obj>[^.,;!?]{1,40})")
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


def _feats(ctx: CheckContext) -> list[tuple[int, int, str, re.Match[str]]]:
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
        sent_end = _sentence_end(r, m.end())
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
        sent_end = _sentence_end(r, m.end())
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


def _sentence_end(r: Reading, char: int) -> int:
    for a, b in r.sentences:
        if a <= char < b:
            return b
    return len(r.text)
