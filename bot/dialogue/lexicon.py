"""How speech paraphrases what documents say: word families, set phrases, opposites, light words.

An NPC retells its documents in its own voice: "shut" for "closed", "nicked" for "lifted", "went
dark" for "no contact", "meds" for "medical supplies". Comparing words literally makes every such
retelling an invention, so words that name the same thing in speech share one canonical form
(``FAMILIES``), and set phrases are rewritten as the plain words a document would use
(``PHRASES``). The families are deliberately narrow: each groups words that can stand for one
another in a retelling, never words that differ in who did what (buy/sell, lend/borrow) or in
amount. ``OPPOSITES`` is the other half: "open" where a document says "closed" is a
contradiction, not a paraphrase. ``LIGHT`` words carry tense, aspect or emphasis and no fact
("kept", "still", "just"): they are not held against a claim.
"""

from __future__ import annotations

import re


def _families(spec: dict[str, str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for canonical, words in spec.items():
        for word in words.split():
            out.setdefault(word, canonical)
    return out


FAMILIES: dict[str, str] = _families({
    # telling and meeting (kept from the first lexicon)
    "message": """email emails emailed mail mails mailed wrote write writes written sent send sends
        ping pinged pings message messaged messages msg msgs letter letters note notes wire wired
        telegram telegrams cable cabled""",
    "meet": "meet meets meeting meetings meetup met rendezvous",
    # a record's shorthand for what it measures ("Temp 101.4 at 8 pm", "0600: temp -38.2C")
    "temperature": "temperature temperatures temp temps",
    "say": "say says said tell tells told mention mentions mentioned",
    "dollar": "dollar dollars buck bucks",
    "daughter": "daughter daughters girl girls lass",
    "son": "son sons boy boys lad",
    "mother": "mother mum mom ma mama",
    "father": "father dad pa papa",
    "husband": "husband husbands hubby",
    "wife": "wife wives missus",
    "depart": "depart departs departed departing departure leave leaves leaving left sail sails sailed",
    "arrive": """arrive arrives arrived arriving arrival reach reaches reached lands landed landing""",
    "use": "use uses used using",
    "night": "night nights nightly sundown sunset dusk evening evenings nightfall",
    "morning": "morning mornings dawn sunrise daybreak",
    # states and changes of state
    "close": "close closes closed closing shut shuts shutting",
    "repair": "repair repairs repaired repairing fix fixes fixed fixing mend mends mended patch patched",
    "broken": "broken busted bust wrecked damaged smashed collapse collapses collapsed destroyed ruined",
    "intact": "intact stands standing undamaged unbroken",
    "lock": "lock locks locked padlocked barred",
    "missing": "missing vanished disappeared gone absent",
    "dead": "dead deceased killed slain died",
    "sick": "sick ill unwell poorly",
    "hurt": "hurt injured wounded harmed",
    "overturn": "overturn overturned capsized flipped tipped toppled upended",
    "cancel": "cancel cancels cancelled canceled scrapped scrubbed",
    "limit": "limit limits limited cap caps capped capping max maximum restricted",
    "extend": "extend extends extended extension prolonged",
    "back": "back return returns returned returning home homeward",
    # acquiring and losing
    "steal": """steal steals stole stolen stealing theft thieved lift lifted nick nicked pinch pinched
        swipe swiped filch filched robbed rob robs burgle burgled""",
    "buy": "buy buys bought buying purchase purchased purchases",
    "sell": "sell sells sold selling flog flogged",
    "pay": "pay pays paid paying payment",
    "cost": "cost costs costing price prices priced charge charges charged fee fees",
    "find": "find finds found finding discover discovers discovered uncovered unearthed",
    "bribe": "bribe bribes bribed bribing backhander",
    "sign": "sign signs signed signing",
    "approve": "approve approves approved authorise authorised authorize authorized sanctioned",
    # things
    "medicine": "medicine medicines medical meds medication medications",
    "container": "container containers box boxes crate crates case cases chest chests",
    "money": "money cash coin coins funds fund",
    "ship": "ship ships vessel vessels boat boats",
    "car": "car cars automobile",
    "taxi": "taxi taxis cab cabs",
    "gun": "gun guns pistol pistols revolver revolvers",
    "ammunition": "ammunition ammo cartridge cartridges rounds bullet bullets",
    "horse": "horse horses mount mounts",
    "people": "people persons person heads soul souls",
    "keep": "keep keeps kept keeping stay stays stayed remain remains remained pocket pockets pocketed pocketing retain retains retained",
    "take": "take takes took taken taking grab grabs grabbed snag snagged nab nabbed",
    "retinue": "retinue retinues entourage entourages party parties",
    "team": "team teams crew crews gang gangs outfit outfits squad",
    "job": "job jobs run runs gig gigs",
    # who is in charge of a body of people: a roster's "(lead)", a manifest's "under Yusuf"
    "command": "command commands commanded commanding lead leads leading led",
    "soldier": "soldier soldiers trooper troopers",
    "lieutenant": "lieutenant lt",
    "sergeant": "sergeant sgt",
    "captain": "captain capt",
    "doctor": "doctor dr doc",
    "mister": "mister mr",
    "pound": "pound pounds lb lbs",
    "ounce": "ounce ounces oz",
    "gram": "gram grams gm",
    "channel": "channel channels ch",
    "kilogram": "kilogram kilograms kilo kilos kg kgs",
    "kilometre": "kilometre kilometres kilometer kilometers km kms klick klicks",
    "litre": "litre litres liter liters",
    "foot": "foot feet ft",
    "mile": "mile miles mi",
    "metre": "metre metres meter meters",
    "megapascal": "megapascal megapascals mpa",  # a gauge's pressure, as a reading writes it
    "kilopascal": "kilopascal kilopascals kpa",
    "credit": "credit credits cred creds cr",
    "hour": "hour hours hr hrs",
    "minute": "minute minutes min mins",
    "percent": "percent",
    "weapon": "weapon weapons",
    "signal": "signal signals comms comm contact reception",
    # doing
    "search": "search searches searched searching raid raids raided raiding",
    "work": "work works worked working labour labor dig dug digging",
    "wait": "wait waits waited waiting",
    "watch": "watch watches watched guard guards guarded",
    "hide": "hide hides hid hidden hiding stash stashed",
    "talk": "talk talks talked speak speaks spoke spoken chat chatted",
    "borrow": "borrow borrows borrowed borrowing",
    "lend": "lend lends lent lending loan loaned",
    "jam": "jam jammed gridlock gridlocked congested congestion clogged snarled blocked",
    "afraid": "afraid scared frightened terrified fear fears feared frightens",
    "angry": "angry furious mad",
})

# Set phrases of speech, as the words a document would use for them. Applied to lower-cased
# text before tokenising, longest first; both documents and speech go through them.
PHRASES: dict[str, str] = {
    # two days on, and the evening of today, said either way
    "the day after tomorrow": "in two days",
    "day after tomorrow": "in two days",
    "this evening": "tonight",
    # a moment said relative to now is as exact as a date: one token, held to the letter
    "last week": "lastweek",
    "next week": "nextweek",
    "last month": "lastmonth",
    "next month": "nextmonth",
    "last year": "lastyear",
    "next year": "nextyear",
    "last night": "night",
    "this week": "thisweek",
    "this month": "thismonth",
    "this year": "thisyear",
    "full moon": "fullmoon",
    "new moon": "newmoon",
    "harvest moon": "harvestmoon",
    "first light": "dawn",
    "last light": "dusk",
    "break of day": "dawn",
    "the sun went down": "sunset",
    "the sun goes down": "sunset",
    "sun went down": "sunset",
    "sundown": "sunset",
    "went dark": "no signal",
    "gone dark": "no signal",
    "going dark": "no signal",
    "go dark": "no signal",
    "radio silence": "no signal",
    "radio silent": "no signal",
    "lost signal": "no signal",
    "lost contact": "no signal",
    "no contact": "no signal",
    "out of contact": "no signal",
    "out of touch": "no signal",
    "off the grid": "no signal",
    "off the radar": "no signal",
    "dropped off comms": "no signal",
    "dropped off the radar": "no signal",
    "off the road": "out of service",
    "out of action": "out of service",
    "out of commission": "out of service",
    "laid up": "out of service",
    "blew a tire": "flat tire",
    "blew a tyre": "flat tire",
    "blown tire": "flat tire",
    "blown tyre": "flat tire",
    "blowout": "flat tire",
    "flat tyre": "flat tire",
    "puncture": "flat tire",
    "close our doors": "close",
    "closes its doors": "closes",
    "close its doors": "close",
    "closed its doors": "closed",
    "closed our doors": "closed",
    "open our doors": "open",
    "opens its doors": "opens",
    "open its doors": "open",
    "opened its doors": "opened",
    "kept in the dark": "not know",
    "in the dark": "not know",
    "need not know": "not know",
    "needn't know": "not know",
    "doesn't need to know": "not know",
    "none the wiser": "not know",
    "half a year": "six months",
    "half an hour": "thirty minutes",
    "a quarter of an hour": "fifteen minutes",
    "quarter of an hour": "fifteen minutes",
    "a year and a half": "eighteen months",
    "caved in": "collapsed",
    "gave way": "collapsed",
    "fell in": "collapsed",
    "fallen in": "collapsed",
    "half price": "50 percent",
    "half-price": "50 percent",
    "half off": "50 percent off",
    "pulls in": "arrives",
    "pulled in": "arrived",
    "pulling in": "arriving",
    "pulls out": "departs",
    "pulled out": "departed",
    "eta": "expected arrival",  # a record's "ETA 2 Sept." is when the thing is expected
    "a fortnight": "two weeks",
    "fortnight": "two weeks",
    "a dozen": "twelve",
    "half a dozen": "six",
    "a couple of": "two",
    "a pair of": "two",
    "a score of": "twenty",
    # a limit and a prize said as people say them: "under the red line", "walked away with $25"
    "red line": "limit",
    "redline": "limit",
    "walked away with": "won",
    "walks away with": "wins",
    "walk away with": "win",
    "set you back": "cost you",
    "sets you back": "costs you",
    "set me back": "cost me",
    "called in": "reported",
    "calls in": "reports",
    "passed away": "dead",
    "pushing up daisies": "dead",
    "kicked the bucket": "dead",
    "on the mend": "recovering",
    "under the weather": "sick",
    "laid off": "dismissed",
    "locked up": "jailed",
    "behind bars": "jailed",
    "in jail": "jailed",
    "in prison": "jailed",
    "in the clink": "jailed",
    "on the house": "free",
    "free of charge": "free",
    "for nothing": "free",
    "turned up": "found",
    "came out of": "found in",
    "dug up": "found",
    "shows up": "arrives",
    "show up": "arrive",
    "showed up": "arrived",
    "as long as": "if",
    "long as": "if",
    "provided that": "if",
    "not a soul": "nobody",
    "a soul": "anyone",
    "signed off on": "approved",
    "sign off on": "approve",
    "signs off on": "approves",
    "gave the nod to": "approved",
    "green-lit": "approved",
    "greenlit": "approved",
    "off the books": "not logged",
    "off the log": "not logged",
    "off the record": "not logged",
    "off the records": "not logged",
    "off the manifest": "not logged",
    "off the ledger": "not logged",
    "off the register": "not logged",
    "no longer": "not",
    "not anymore": "not",
    "no more": "not",
    "any more": "",
    "anymore": "",
    "give or take": "",
    "or so": "",
    "more or less": "",
    "or thereabouts": "",
    "a little after": "about",  # a hedge: "a little after two" is about two (2ish), not two sharp
    "a bit after": "about",
    "just after": "about",
    "shortly after": "about",
    "a little before": "about",
    "just before": "about",
    "shortly before": "about",
    "on top": "",
    "right now": "",
    "as of now": "",
    "these days": "",
    "at the moment": "",
}
# "left shut", "leave it unopened": kept in a state, not a departure ("left" is no leaving here)
_KEPT_STATES = """shut open closed unopened locked unlocked sealed unsealed untouched alone empty idle standing
    lit unlit""".split()
PHRASES.update({f"{verb} {state}": f"kept {state}" for verb in ("left", "leave", "leaves", "leaving")
                for state in _KEPT_STATES})
_PHRASE = re.compile(r"\b(?:" + "|".join(re.escape(k) for k in sorted(PHRASES, key=len, reverse=True)) + r")\b")


# Every phrase opens and ends with a word character, so a phrase can match only where the text has
# a whole word equal to the phrase's first word: the phrases by that word, to skip the big
# alternation (the costliest pass of ``bot.dialogue.words.normalise``) for a text that holds none.
_WORD_RUN = re.compile(r"\w+")
_PHRASES_BY_FIRST: dict[str, tuple[str, ...]] = {}
for _phrase in PHRASES:
    _first = _WORD_RUN.match(_phrase)
    assert _first is not None and _WORD_RUN.fullmatch(_phrase[-1]), _phrase
    _PHRASES_BY_FIRST[_first.group(0)] = (*_PHRASES_BY_FIRST.get(_first.group(0), ()), _phrase)
_PHRASE_FIRSTS = frozenset(_PHRASES_BY_FIRST)


def _may_hold_phrase(text: str) -> bool:
    """A necessary condition for ``_PHRASE`` to match: one of its phrases is in the text, after a
    word that is the phrase's first word."""
    for word in _PHRASE_FIRSTS.intersection(_WORD_RUN.findall(text)):
        if any(p in text for p in _PHRASES_BY_FIRST[word]):
            return True
    return False


def rewrite_phrases(text: str) -> str:
    """``text`` (lower-cased) with set phrases in plain words."""
    if not _may_hold_phrase(text):
        return text
    return _PHRASE.sub(lambda m: PHRASES[m.group(0)], text)


# Canonical stems that cannot both be true of one thing in one statement.
_OPPOSITE_PAIRS = (
    ("open", "close"), ("alive", "dead"), ("full", "empty"),
    ("early", "late"), ("win", "lose"), ("guilty", "innocent"), ("legal", "illegal"),
    ("true", "false"), ("safe", "danger"), ("inside", "outside"), ("increase", "decrease"),
    ("higher", "lower"), ("more", "less"), ("above", "below"), ("arrive", "depart"),
    ("sick", "healthy"), ("lock", "unlock"), ("back", "overdue"), ("back", "missing"),
    ("free", "jailed"), ("cheap", "expensive"), ("success", "fail"), ("accept", "refuse"),
    ("friend", "enemy"), ("public", "secret"), ("free", "cost"), ("free", "pay"), ("fullmoon", "newmoon"),
    ("owe", "pay"), ("intact", "broken"),
    # (not converses such as lend and borrow: "lent to Ottilie" is "Ottilie borrowed")
    ("allow", "forbid"), ("rise", "fall"), ("start", "stop"),
    ("extra", "include"),  # "fodder extra" is no "fodder included"
)
OPPOSITES: dict[str, frozenset[str]] = {}
for _a, _b in _OPPOSITE_PAIRS:
    OPPOSITES[_a] = OPPOSITES.get(_a, frozenset()) | {_b}
    OPPOSITES[_b] = OPPOSITES.get(_b, frozenset()) | {_a}

# Words of tense, aspect, emphasis or vagueness: they tell how something is said, not what.
LIGHT = frozenset(
    """already again yet just even also too really actually dated super totally awfully terribly
    certainly definitely surely indeed truly plain plainly simply exactly precisely roughly
    approximately nearly almost around about some whole entire single every real true
    got get gets getting gotten take takes took taken taking make makes made making
    turn turns turned turning switch switches switched switching put puts
    let lets seem seems seemed become becomes became happen happens happened start starts started
    begin begins began end ends ended go goes went going come comes came coming
    bring brings brought carry carries carried hold holds held give gives gave given
    thing things stuff bit kind sort way part deal matter past along because owing
    currently presently lately recently soon later eventually finally meanwhile anyway
    sure course fact truth word honestly frankly basically literally practically
    little big pretty quite fairly rather somewhat mostly largely mainly
    observation observations obs reading readings entry entries""".split()  # (the entry of a record
    # that a retelling names: "the 0600 observation was -38.2C" of "0600: temp -38.2C")
)


# Words that name one value of a closed set (a colour, a unit of time or measure): a retelling
# never swaps one for another, so a claim's word of this kind must be found, like a number.
COLOURS = frozenset(
    """red blue green yellow white black grey gray brown orange purple pink violet scarlet crimson
    silver golden gold tan beige maroon navy""".split()
)
UNITS = frozenset(
    """second seconds minute minutes hour hours day days week weeks month months year years decade
    decades century centuries metre metres meter meters kilometre kilometres mile miles yard yards
    foot feet inch inches pound pounds ounce ounces ton tons tonne tonnes gram grams kilogram
    kilograms kg litre litres liter liters gallon gallons pint pints euro euros dollar dollars cent
    cents penny pennies shilling shillings crown crowns franc francs mark marks megapascal megapascals
    kilopascal kilopascals""".split()
)
