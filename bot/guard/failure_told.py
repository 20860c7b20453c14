"""Does a narration tell the player that their action failed?

The hit-or-miss check looks for a success told outright ("he crumples", "access granted"). A
model can also narrate success in words no list foresees: "on the ninth cycle the colour floods
back into his face", "the kindling flares and a cheerful blaze warms the hearth". The other way
round is closed: when the backend decided a failure, the narration must say so somehow, by a
negation, a contrast, a miss, a mishap of the player's, someone resisting or mocking. A
narration of a failed action with none of those narrates a success, whatever its words.

The signs are read from the raw text, quoted speech included ("'Not without this, lad.'" is the
failure), and words that also tell success are taken only in their failing sense: a match
"catches" fire, a curse "takes hold", "he never notices a thing".
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V

_SIGNS = re.compile(
    r"""
    \b(?:not|no|never|nothing|nor|neither|none|nobody|cannot|can't|won't|n't)\b | n't\b
  | \b(?:but|yet|instead|only|too|almost|nearly|barely|hardly|in\ vain|to\ no\ avail)\b
  | \bbefore\ (?:you|your\ \w+|he|she|they|it)\ (?:can|could|get|gets|reach|reaches|close|closes|
        manage|even|have|has|are|is)\b
  | \bshort\b(?!\ ?(?:sword|bow|blade|spear|staff|rest|walk|way|distance|while))
  | \b(?:miss(?:es|ed|ing)?|fail(?:s|ed|ing|ure)?|whiffs?)\b
  | (?<!swinging\ )(?<!swings\ )(?<!swung\ )(?<!swing\ )(?<!flung\ )(?<!thrown\ )\bwide\b
  | \b(?:refus(?:es|ed|ing)|resists?|resisted|jams?|jammed|fizzl(?:es|ed|ing)|
        sputter(?:s|ed|ing)?|falls?\ flat|fell\ flat|stays?\ (?:shut|closed|locked|sealed|put|
        dark|silent|still|blank|cold|the\ same)|remains?\ (?:shut|closed|locked|sealed|dark|
        silent|blank|unmoved|unconvinced))\b
  | \b(?<!takes\ )(?<!take\ )(?<!took\ )(?:holds?|held)\b(?!\ (?:out|up|your|the|his|her|its|their|a|an))
  | \b(?:dodg(?:es|ed|ing|e)|parr(?:y|ies|ied)|block(?:s|ed)|deflect(?:s|ed)|glanc(?:es|ed)\ off|
        skid(?:s|ded)?\ (?:off|away)|bounc(?:es|ed)\ off|twists?\ (?:away|aside|free)|aside|
        ducks?|ducked|sidestep(?:s|ped)?)\b
  | \b(?:catch(?:es)?|caught|clamps?|clamped|seizes?|seized|grabs?|grabbed)\b
        (?=(?:\W+\w+){0,4}?\W+(?:on|you|your)\b)
  | \b(?:laugh(?:s|ed|ing|ter)?|snorts?|scoffs?|sneers?|smirks?|winces?|tuts?|
        unimpressed|unmoved|unconvinced|untouched|unharmed|unscathed|unhurt|unhurried|unperturbed|
        unbothered|unconcerned|harmless(?:ly)?)\b
  | \b(?:squeals?|squealed|screech(?:es|ed)?|off-key|
        out\ of\ tune|sour\ note|wrong\ note|(?<!-)howls?|howled|bolts?\ (?:away|off|under|for|into)|
        flees|fled|covers?\ (?:his|her|their|its)\ ears)\b
  | \b(?:empty[- ]handed|comes?\ away\ empty|came\ away\ empty|empty\ air|thin\ air)\b
  | \b(?:goes|went|go)\ dead\b | \b(?:too\ )?slow\b(?!-) | \btoo\ late\b
  | \b(?:you|your\ (?:foot|feet|boot|heel|hand|fingers|grip))\ (?:\w+\ )?(?:stumbl|trip|sprawl|
        falter|fumbl|lose|lost|losing|skid|tumbl|fall|fell)\w*
        (?!\ (?:inside|in|into|through|over\ the\ threshold))
  | \byou\ land\ (?:hard|heavily|badly|flat|on\ your|in\ the|face)
  | \b(?:an?|one|two|three|a\ few)\ (?:inch|inches|hand's\ width|hair's\ breadth|finger's\ breadth|
        foot|feet|yard|yards|pace|paces)\ (?:from|short\ of|wide\ of|shy\ of)\b
  | \bthrough\ (?:\w+\ )?(?:fog|mist|smoke|thin\ air|empty\ air|nothing)\b
  | \b(?:against|on|off)\ (?:[\w']+\ ){0,2}shield\b
  | \byou\ (?:\w+\ )?(?:go|went)\ (?:sprawling|flying|down)\b
  | \bshakes?\ (?:his|her|their|its)\ head\b | \b(?:push|hand|give|slide|shove|return)(?:s|es|ed|d)?\ (?:\w+\ ){0,3}(?:away|back)\b | \bput\ (?:\w+\ ){0,2}away\b
  | \b(?:spins?|spun|whirls?|whirled|arcs?|arced|flies|flew|sails?|sailed|zips?|whips?|skims?|
        streaks?|hurtles?|tumbles?|skids?|slides?)\ (?:harmlessly\ |just\ |wide\ |clean\ |
        straight\ |high\ |harmless\ )?(?:past|over\ (?:the|his|her|their|its|your)|wide|by)\b
  | \bturns?\ (?:back|away)\b | \bturned\ (?:back|away)\b | \bignor(?:es|ed|ing|e)\b
  | \b(?:goes|went|returns?|returned)\ back\ to\b | \bflat\ (?:stare|look|refusal|no)\b
  | \balready\ (?:down|gone|dead|spent|used|empty|taken|over|out)\b | \b(?:is|are|was)\ spent\b
  | \b(?:slip|slips|slipped|slide|slides|slid|fall|falls|fell|drop|drops|dropped)\ back\b
  | \b(?<!you\ )(?:slips|slipped)\b(?!\ (?:inside|in|into|through|past|away|out|between|under|
        behind|free|off\ unnoticed))
  | \b(?:right|exactly|just)\ where\ (?:it|he|she|they|you)\ (?:was|were|is|are)\b
  | \b(?:stays?|stayed|holds?|held|remains?|remained)\ (?:fast|firm|shut|tight)\b
  | \b(?:just|right)\ as\ you\b | \b(?:the\ )?moment\ you\b | \bmocking(?:ly)?\b
  | \b(?:snaps?|slams?|rolls?|pulls?|yanks?|swings?)\ (?:\w+\ ){0,3}shut\b
  | \b(?:flaps?|flapped|flutters?|fluttered|scurr(?:y|ies|ied)|scampers?|scampered|darts?|
        darted|skitters?|skittered|hops?|hopped|scuttles?|scuttled|slinks?|slunk|wheels?|
        wheeled)\ (?:\w+\ )?(?:up|away|off|clear|free|out\ of\ reach|back)\b
  | \bkeep\ (?:your|it|them|the)\b | \b(?:put|take)\ (?:that|it|them)\ away\b
  | \b\w+s?\ (?:away|aside)\ from\ (?:it|them|the|your)\b | \bjeer(?:s|ed|ing)?\b
  | \bstops?\ you\b | \bwhips?\ (?:\w+\ ){0,3}away\b
  | \b(?:snags?|snagged|snagging)\b | \bby\ the\ time\ (?:you|your)\b
  | \bfumbl(?:es|ed|ing|e)\b
  | \b(?:stays?|stayed|remains?|remained)\ (?:right\ |exactly\ |just\ )?where\ (?:it|he|she|they)\ (?:is|was|are|were)\b
  | \b(?:error|errors|glitch(?:es|ed)?|malfunction(?:s|ed|ing)?|safe[-\ ]mode|offended)\b
  | \b(?:closes?|closed|tightens?|tightened)\ (?:over|on|around|about)\ (?:yours|your)\b
  | \bbeyond\ (?:repair|saving|help|fixing|mending|reach|(?:the|your|his|her|their)\ (?:\w+\ ){0,2}
        (?:tools?|skills?|means|strength|reach|abilit(?:y|ies)|knowledge|art))\b
    """,
    re.X | re.I,
)
# Negations that tell a stealthy success, not a failure: "he never notices a thing".
_UNNOTICED = re.compile(
    r"\b(?:never|not|n't|no one|nobody|none)\b\W+(?:\w+\W+)?(?:notices?|noticed|sees?|saw|seen|"
    r"hears?|heard|feels?|felt|suspects?|spots?|the wiser|looks? up|stirs?)\b(?! of)|\bnone the wiser\b",
    re.I)


# The player's weapon or missile coming to rest somewhere: a miss unless it rests in someone.
_COMES_TO_REST = re.compile(
    r"\byour (?:\w+ )?(?P<what>\w+) (?:\w+ )?(?P<verb>\w+) (?:\w+ )?"
    r"(?:into|in|onto|on|off|against|across|through|away into) "
    r"(?P<where>(?:the|a|an) [^.;,]{1,40})", re.I)


def _rests_elsewhere(text: str) -> bool:
    for m in _COMES_TO_REST.finditer(text):
        where = re.findall(r"[a-z]+", m.group("where").lower())[1:4]
        if not any(V.creature_group(w) or V.is_person_noun(w) or V.lemma(w) in V.BODY
                   for w in where) and "'s" not in m.group("where"):
            return True  # "your hatchet drops into the water", "thunks into the great oak"
    return False


def failure_told(text: str) -> bool:
    """Does ``text`` carry any sign of a failed action?"""
    stripped = _UNNOTICED.sub(" ", text)
    return bool(_SIGNS.search(stripped)) or _rests_elsewhere(stripped)
