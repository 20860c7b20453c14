"""Words as the dialogue checks compare them.

Every check in this package asks the same question in a different place: does this word of the
NPC's speech also stand in what the NPC knows? Answering it the same way everywhere (one tokenizer,
one stemmer, one notion of a word that names something) keeps retrieval, verification, trust
gating and fail-closed stripping in agreement with each other. Function words and speech fillers
carry no fact, so they never count for or against a claim; numbers, times, addresses and names
do, and they must match exactly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz.distance import Levenshtein

from bot.dialogue.lexicon import FAMILIES, OPPOSITES as _OPPOSITE_WORDS, UNITS, rewrite_phrases
from bot.dialogue.money import in_pence
from bot.dialogue.quantities import ORDINALS, abbreviations, same_time, spoken
from bot.dialogue.senses import senses
from bot.guard.lexicon.wordclass import noun_codes, verb_codes
from bot.guard.vocabulary import CARDINALS

STOPWORDS = frozenset(
    """a an the and or but nor so yet if then than that this these those there here of to in on at
    by for with from into onto out up down over under about as is am are was were be been being
    do does did doing done have has had having will would shall should can could may might must
    i me my mine myself we us our ours you your yours yourself he him his she her hers it its
    himself herself itself themselves ourselves yourselves
    they them their theirs who whom whose which what when where why how all any some no not
    every each other another such own same too very s t just also only even still again ever
    yes ye yeah yep yup aye nah nope ok okay oh ah uh um hmm huh heh hah lol yo hey hi hello man dude
    well like really kinda sorta gonna wanna gotta got get gets getting whatever look listen
    alright anyway right sure thing stuff something anything nothing everything one ones
    anybody anyone everyone everybody someone somebody somewhere anywhere maybe probably perhaps
    d ll m re ve n em y'know ya 'em thats whats theres heres lemme gimme dunno
    after before since until till during through across behind near around between without within
    against toward towards upon via per off now then
    pal dear love honey sweetie mate buddy kid newbie noob n00b sir madam ma'am sonny
    darling pet dearie dearest sweetheart hun go goes went going come
    comes came coming always usually often sometimes mostly rather quite pretty totally simply
    """.split()
)
# Words that report speech ("she says", "word is") rather than state what was said.
REPORTING = frozenset({"say", "word", "folk", "rumour", "rumor", "apparently"})

# Opinion words: an evaluation of a thing is the speaker's own, never a fact about the world, so it
# neither needs nor gets support from a document.
EVALUATIVE = frozenset(
    """good bad great solid sketchy shady cool lame reliable unreliable trustworthy smart dumb stupid
    sharp decent fine weird crazy nuts paranoid careful sloppy annoying nice best worst legit elite
    leet l33t clueless lazy brilliant talented skilled amazing awesome terrible awful useless
    pointless boring slick sweet rad wicked gnarly bogus fishy dodgy honest
    kind rude loud quiet clever foolish wise brave coward cowardly lucky unlucky tough soft hard
    easy fun funny serious solid trusty loyal disloyal sus suspicious impressive overrated
    underrated glorious unbearable lovely wonderful marvellous marvelous splendid dreadful horrible
    horrid beautiful ugly grim miserable tedious tiresome dull pleasant unpleasant charming wretched
    vile delightful magnificent exhausting peaceful finest greatest worse better fair unfair cruel
    gentle generous greedy mean nasty sad happy glad sorry proud lonely boring dangerous risky
    pretty handsome fancy cheap shabby filthy dirty clean tidy messy strange odd curious
    fascinating terrific fantastic excellent superb lousy rotten bloody damn damned cursed blessed
    precious dear poor""".split()
)

# Words that tie a claim to a moment: they must match as strictly as a number.
TEMPORAL = frozenset(
    """today tomorrow yesterday tonight midnight noon lastweek nextweek lastmonth nextmonth lastyear
    nextyear lastnight thisweek thismonth thisyear ago fullmoon newmoon harvestmoon
    monday tuesday wednesday thursday friday saturday sunday january february march april may june
    july august september october november december""".split()
) - {"may", "march"}

# Compass directions are as exact as numbers: "one day west" is not "three days east".
DIRECTIONS = frozenset(
    """north south east west northern southern eastern western northeast northwest southeast
    southwest""".split()
)

NEGATIONS = frozenset({"not", "no", "never", "none", "nobody", "nothing", "nowhere", "neither", "cannot"})

# Number words: the guard's cardinals and "thousand". "zero" is also a handle, so it never
# becomes a number, and "one" becomes one only where it counts.
_NUMBER_WORDS = {w: n for w, n in CARDINALS.items() if w not in ("zero", "one")} | {"thousand": 1000}
# Ordinals from third on ("first" and "second" are mostly not numbers: "at first", "a second";
# beside a month they are rewritten as 1st and 2nd by ``bot.dialogue.quantities``).
_ORDINALS = ORDINALS

# Words that name the same thing in a retelling share one canonical form (``bot.dialogue.lexicon``).
_SYNONYMS = FAMILIES

_TOKEN = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # email
    r"|#[\w-]+"  # irc channel
    r"|\d{1,2}:\d{2}(?:[ap]m)?"  # clock time
    r"|\d{1,4}(?:/\d{1,4})+"  # date: 01/28, 2/3/97
    r"|[\w]+(?:[._-][\w]+)*(?:'[a-z]+)?",  # word, handle, file name, version, contraction
    re.IGNORECASE,
)
_CONTRACTION_NEG = re.compile(r"n't$")
_ADDRESS_PARTS = re.compile(r"[@._#]")
_PLAIN_NUMBER = re.compile(r"^[\d.]+$")


# A full stop after a title or abbreviation ("Dr. Hale", "Lt. Harlan") ends no sentence: a
# lookbehind per abbreviation, for sentence splitters to put before their full stop.
_TITLES = "dr mr mrs ms mx st lt capt sgt cpl col gen maj prof rev mt ft jr sr fr gov sen adm cmdr insp det v vs no".split()
_TITLE_STEMS = frozenset({"mister", "mr", "mrs", "ms", "miss", "mx", "missus", "dr", "doctor"})  # a title names no one
TITLE_STEMS = _TITLE_STEMS
_TITLE_BEFORE = re.compile(r"\b(?:" + "|".join(_TITLES) + r")$", re.IGNORECASE)
_STOP = re.compile(r"(?<=[.!?])\s+")
_INITIAL_BEFORE = re.compile(r"\b(?:(?i:" + "|".join(_TITLES) + r")|[A-Z])\.?\s+[A-Z]$")
_NAME_AFTER = re.compile(r" [A-Z][a-z]+\b")


def after_title(text: str, stop: int) -> bool:
    """Whether the full stop at ``stop`` ends a title ("Dr."), not a sentence."""
    if text[stop:stop + 1] != ".":
        return False
    if _TITLE_BEFORE.search(text, max(0, stop - 5), stop) is not None:
        return True
    # an initial after a title or another initial, before a capitalised name ("Mr G. Farrow",
    # "J. R. Coyle"): the name goes on
    return _INITIAL_BEFORE.search(text, max(0, stop - 12), stop) is not None \
        and _NAME_AFTER.match(text, stop + 1) is not None


def split_at_stops(text: str) -> list[str]:
    """``text`` cut after each full stop, question or exclamation mark, titles excepted."""
    out: list[str] = []
    start = 0
    for m in _STOP.finditer(text):
        if after_title(text, m.start() - 1):
            continue
        out.append(text[start:m.start()])
        start = m.end()
    out.append(text[start:])
    return out
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")
_COMPASS = re.compile(r"\b(north|south)[- ]?(east|west)(ern|erly)?\b")
_DOLLARS = re.compile(r"\$\s?(\d+(?:\.\d+)?)")  # (not the stop after "$6,150.")
# the naira, written with its sign or, on a keyboard without one, a capital N before a figure
# grouped in thousands ("bus N4,500"): "four thousand five hundred naira" is the same amount
# (not "N52" of a bearing or a grid, whose figure is no grouped sum)
_NAIRA = re.compile(r"(?:\u20a6\s?|(?<![\w.])N(?=\d{1,3},\d{3}\b))(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d\d))?(?!\d)")
_KILO = re.compile(r"^(\d+(?:\.\d+)?)k$")
_NUMBER_PARTS = re.compile(r"^[a-z]+(?:-[a-z]+)+$")


_SPELLED = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_HUNDRED_AND = re.compile(r"\b(hundred|thousand)\s+and\s+(?=" + _SPELLED + r"\b)", re.IGNORECASE)
_AND_A_PART = re.compile(r"\b(\d+|" + _SPELLED + r")\s+and\s+a\s+(half|quarter)\b", re.IGNORECASE)
_AND_CENTS = re.compile(r"\b(dollars?|bucks?)\s+and\s+(?=(?:\d{1,2}|" + _SPELLED + r")(?:-" + _SPELLED + r")?\s+cents?\b)",
                        re.IGNORECASE)
# "four-fifteen", "nine-forty": an hour and its minutes, or a three-digit number, said in two words
_PAIR = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)-((?:ten|eleven|twelve|"
                   r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)"
                   r"(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)\b", re.IGNORECASE)


_UNITS_AND_TENS = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine)(?:-and-|\s+and\s+)"
                             r"(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b", re.IGNORECASE)


_DOLLARS_THEN_CENTS = re.compile(r"\b(\d+|a|" + _SPELLED + r")\s+dollars?\s+((?:\d\d|" + _SPELLED + r")(?:-" + _SPELLED
                                 + r")?)\b(?![-\w])(?![.,:]?\d)(?!\s+(?:and\b|times\b|cents?\b|[a-z]+s\b))", re.IGNORECASE)


def join_number_words(text: str) -> str:
    """"a hundred and forty" as one number (no "and" for a claim to be cut at), and a spoken pair
    ("sol four-fifteen", "at nine-forty") as the digits it names (415, 940); "zero-two-forty" is
    the military 0240."""
    if "-and-" in text or " and " in text:  # "six-and-fifty", the old way of saying fifty-six
        text = _UNITS_AND_TENS.sub(lambda m: f"{m.group(2)}-{m.group(1)}", text)
    if "hundred" in text or "thousand" in text or "HUNDRED" in text:
        text = _HUNDRED_AND.sub(r"\1 ", text)
    if " and " in text:  # one amount, not two claims to cut at "and": "six and a quarter", "a dollar and ten cents"
        if " a half" in text or " a quarter" in text:
            text = _AND_A_PART.sub(r"\1-and-a-\2", text)
        if "cent" in text:
            text = _AND_CENTS.sub(r"\1 ", text)
    # (the case-insensitive patterns below need their words in some case; an ASCII text's lower
    # case says whether they are there, cheaper than letting each pattern scan for itself)
    low = text.lower() if text.isascii() else ""
    if "-" in text:
        if not low or any(w in low for w in _PAIR_MINUTES):
            text = _PAIR.sub(_pair, text)
        if not low or "zero-" in low or "oh-" in low:
            text = _ZERO_LEAD.sub(r"0\1", text)
    if (" k" in text or " K" in text) and _LONE_K.search(text):  # (a "k" standing alone, as the pattern needs)
        text = _THOUSANDS_WORD.sub(lambda m: f"{_NUMBER_WORDS.get(m.group(1).lower(), m.group(1))}k", text)
    if " " in text and (not low or any(w in low for w in _CLOCK_MINUTES)):
        text = _SPOKEN_CLOCK.sub(_spoken_clock, text)
        text = _CLOCK_BEFORE_DAYPART.sub(lambda m: f"{_NUMBER_WORDS.get(m.group(1).lower(), 1)}:"
                                         f"{sum(_NUMBER_WORDS.get(p, 0) for p in m.group(2).lower().split('-')):02d}", text)
    return text


# The minutes word each of ``_PAIR``, ``_SPOKEN_CLOCK`` and ``_CLOCK_BEFORE_DAYPART`` cannot match
# without (as substrings: "teen" stands for every teen): a text holding none skips the pattern.
_PAIR_MINUTES = ("ten", "eleven", "twelve", "teen", "twenty", "thirty", "forty", "fifty")
_CLOCK_MINUTES = ("ten", "fifteen", "twenty", "thirty", "forty", "fifty")


# "ten forty-eight at night": an hour and its minutes, said before the part of the day
_CLOCK_BEFORE_DAYPART = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+((?:ten|fifteen|twenty|thirty|forty|fifty)"
    r"(?:-(?:one|two|three|four|five|six|seven|eight|nine))?)(?=\s+(?:at\s+night|in\s+the\s+(?:morning|evening|afternoon)"
    r"|tonight|[ap]\.?m\b))", re.IGNORECASE)


# "eight k eddies": thousands, as "8k"
_THOUSANDS_WORD = re.compile(r"\b(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|fifty)\s+k\b",
                             re.IGNORECASE)
_LONE_K = re.compile(r"\sk\b", re.IGNORECASE)  # what ``_THOUSANDS_WORD`` cannot match without: a cheaper look
# "till two forty-five", "at nine thirty": an hour and its minutes said as two words, where a time is meant
_SPOKEN_CLOCK = re.compile(r"\b(at|till|until|to|from|by|before|after)\s+(one|two|three|four|five|six|seven|eight|nine|ten"
                           r"|eleven|twelve)\s+((?:ten|fifteen|twenty|thirty|forty|fifty)(?:-(?:one|two|three|four|five|six"
                           r"|seven|eight|nine))?)\b(?!\s+(?:hundred|thousand|percent|dollars|pounds|crowns|silver|gold))",
                           re.IGNORECASE)


def _spoken_clock(m: re.Match[str]) -> str:
    hour = _NUMBER_WORDS.get(m.group(2).lower(), 1)
    minutes = sum(_NUMBER_WORDS.get(p, 0) for p in m.group(3).lower().split("-"))
    return f"{m.group(1)} {hour}:{minutes:02d}"


_ZERO_LEAD = re.compile(r"\b(?:zero|oh)-(\d{3})\b", re.IGNORECASE)
# How dialects and old speech spell the words every sentence needs: read as the plain word, so
# that "fished him outta the river Wednesday mornin'" and "'tis not for a woman" compare by
# what they say. Only closed-class words and regular endings: no content word is guessed.
_DIALECT = {
    "outta": "out of", "tae": "to", "nae": "no", "dinnae": "don't", "cannae": "can't", "wouldnae": "wouldn't",
    "didnae": "didn't", "isnae": "isn't", "wasnae": "wasn't", "willnae": "won't", "'bout": "about",
    "'round": "around", "'til": "until", "yer": "your", "yersel": "yourself", "o'": "of", "fer": "for",
    "'em": "them", "hath": "has", "doth": "does", "thou": "you", "thee": "you", "thy": "your", "thine": "your",
    "'tis": "it is", "'twas": "it was", "naw": "no", "nay": "no", "ain't": "isn't", "gonna": "going to",
    "whilst": "while", "ol'": "old", "thrice": "three times", "twice": "two times",
}
_DIALECT_WORD = re.compile(r"(?<![\w'])(?:" + "|".join(re.escape(k) for k in sorted(_DIALECT, key=len, reverse=True))
                           + r")(?![\w'])")
_ROUND_TIME = re.compile(r"(?<![\w'])round (?=(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
                         r"|noon|midnight|dawn|dusk)\b)")
_G_DROPPED = re.compile(r"\b([a-z]{2,}[^aeiou\W])in'(s?)(?![\w'])")  # "callin'", "mornin'": the g a speaker drops
_ARCHAIC = re.compile(r"\b([a-z]{2,}?)(?<!e)(eth|est)\b")  # "giveth", "rattleth", "countest"
_ARCHAIC_END = re.compile(r"(?:eth|est)\b")
_ARCHAIC_KEEP = frozenset("""teeth beneath death breath truth north south growth month booth worth smith
    earth cloth faith health wealth depth width length strength mouth youth sloth tenth eleventh twelfth
    best rest test west nest chest guest quest vest interest forest honest modest harvest request
    protest contest suggest invest priest latest least east beast feast yeast""".split())


def _archaic(m: re.Match[str]) -> str:
    word = m.group(0)
    if word in _ARCHAIC_KEEP or len(word) < 6 or word.endswith(("ieth", "ith", "ath", "oth", "uth")):
        return word
    return m.group(1) + ("s" if m.group(2) == "eth" else "")


def dialect(text: str) -> str:
    """Lower-cased ``text`` with dialect and archaic spellings of common words in plain English."""
    if "in'" in text:
        text = _G_DROPPED.sub(r"\1ing\2", text)
    if "'" in text or any(k in text for k in _DIALECT_PLAIN):
        text = _DIALECT_WORD.sub(lambda m: _DIALECT[m.group(0)], text)
    if "round " in text:
        text = _ROUND_TIME.sub("around ", text)  # "rolled in round nine": about nine
    if ("eth" in text or "est" in text) and _ARCHAIC_END.search(text):  # (a word ending so, as the pattern needs)
        text = _ARCHAIC.sub(_archaic, text)
    return text


# ``_DIALECT_WORD`` matches only a word holding an apostrophe or one of these (the dialect words
# without one, less those holding a shorter such word: "nae" stands for "dinnae")
_DIALECT_PLAIN = tuple(k for k in _DIALECT if "'" not in k
                       and not any(o != k and "'" not in o and o in k for o in _DIALECT))


def _pair(m: re.Match[str]) -> str:
    first = _NUMBER_WORDS.get(m.group(1).lower(), 1)
    second = sum(_NUMBER_WORDS.get(p, 1) for p in m.group(2).lower().split("-"))
    return f"{first}{second:02d}"


@lru_cache(maxsize=16384)
def normalise(text: str) -> str:
    """Lower-case text with curly quotes straightened, set phrases in plain words, times, dates
    and percentages in their written form (3pm, 9:40, 13th, 70 percent), and money as words say
    it ($500 -> 500 dollars, 3,000 -> 3000)."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    text = abbreviations(join_number_words(text))
    if "\u20a6" in text or "N" in text:
        text = _NAIRA.sub(lambda m: m.group(1) + (f".{m.group(2)}" if m.group(2) else "") + " naira", text)
    if "," in text:
        text = _THOUSANDS.sub("", text)
    if "$" in text:
        text = _DOLLARS.sub(r"\1 dollars", text)
    if "dollar" in text:  # "seven dollars fifteen" is $7.15, as "seven dollars and fifteen cents" is
        text = _DOLLARS_THEN_CENTS.sub(r"\1 dollars \2 cents", text)
    text = text.lower()
    if "north" in text or "south" in text:
        text = _COMPASS.sub(r"\1\2", text)  # "north-west", "north west": northwest
    return spoken(rewrite_phrases(in_pence(dialect(text))))  # "4s 2d", "four and twopence": 50 pence


def _combine(values: list[int]) -> int:
    """Number words read together: five hundred -> 500, twenty five -> 25, two thousand -> 2000.
    Words that cannot add up as English counts them are figures read out in groups: a count
    adds a unit only to a bare ten ("twenty five"), so "one one two" is 112, "forty-four
    seventy-one" 4471, "seven sixty-five" 765 and "fourteen fifteen" 1415, as people read a
    number off a ticket, a log or a clock."""
    total = current = 0
    group = last = 0  # the figures said since the last hundred or thousand, and their last count
    for n in values:
        if n == 100:
            current = max(current + group, 1) * 100
            group = last = 0
        elif n == 1000:
            total += max(current + group, 1) * 1000
            current = group = last = 0
        elif group and not (last % 10 == 0 and 20 <= last <= 90 and n < 10):
            group, last = int(f"{group}{n}"), n  # a new group of figures: "seven" then "sixty-five"
        else:
            group, last = group + n, last + n
    return total + current + group


_ONE_AS_PRONOUN_AFTER = frozenset(
    """no the that this which every any each some another little only last first right wrong big
    other true real original new old same next final good bad fake small young older younger
    lucky unlucky special chosen hardly such""".split()
)
# ... and "one" as the subject of a saying: "one does not quarrel with the diviners", "one only
# prays", "one never knows" (a modal or an adverb follows a pronoun, never a thing counted)
_ONE_AS_PRONOUN_BEFORE = frozenset("""of another who that which does doesn't must mustn't can cannot can't could
    should shouldn't would may might only never always""".split())


def _counts_one(before: str, after: str) -> bool:
    """"one day west" counts; "no one", "the one who", "one of them" do not."""
    return before not in _ONE_AS_PRONOUN_AFTER and after not in _ONE_AS_PRONOUN_BEFORE and bool(after)


_PAUSE = re.compile(r"[,;:!?]|\.(?!\d)")
_ARTICLES = frozenset("a an the this that each every another".split())


def _modified_one(two_before: str, before: str, after: str, paused: bool) -> bool:
    """"the evening one, though...", "an extra one at 8:15": "one" after an article and the word
    that describes it stands for a thing already named, when nothing it could count follows (a
    pause, or a little word: "the morning one was late"); "an extra one pound" still counts."""
    return two_before in _ARTICLES and before.isalpha() and before not in _READ_WORDS \
        and (paused or not after or after in STOPWORDS)
# the letters-only tokens ``raw_tokens`` reads as something else (a number, "one", an ordinal);
# any other such token is kept as it is
_READ_WORDS = frozenset({*_NUMBER_WORDS, "one", *_ORDINALS})
_TIME_SPAN = re.compile(r"^\d{1,2}(?::\d\d)?(?:am|pm)?-\d{1,2}(?::\d\d)?(?:am|pm)?$")
# "Bravo shift 1400-2200": a span of two figures that are both times of the 24-hour day is
# from one to the other, as a speaker says it ("fourteen hundred to twenty-two hundred"); so is a
# span of years that could be one ("1914-1918": each end is still held exactly), while a code
# ("206-543") or figures that cannot be clocks ("1987-1989") are kept whole
_HOURS_SPAN = re.compile(r"^(?:[01]\d|2[0-4])[0-5]\d-(?:[01]\d|2[0-4])[0-5]\d$")


_MULTIPLES = frozenset({"dozen", "score", "gross"})


@lru_cache(maxsize=16384)
def raw_tokens(text: str) -> tuple[str, ...]:
    """Every token of ``text``, lower-cased, possessives dropped, number words as digits."""
    out: list[str] = []
    spelled: list[int] = []  # a run of number words, read as one number when it ends
    text = normalise(text)
    matches = list(_TOKEN.finditer(text))
    found = [m.group(0).strip("._-") for m in matches] + [""]
    for i, tok in enumerate(found):
        if not spelled and tok.isalpha() and tok not in _READ_WORDS:
            out.append(tok)  # a plain word, the commonest token: every test below would pass it by
            continue
        # a number said in words ends at a comma or a stop: "forty-nine, seven years after" is two
        if spelled and 0 < i < len(matches) and _PAUSE.search(text, matches[i - 1].end(), matches[i].start()):
            out.append(_labelled(str(_combine(spelled)), out))
            spelled = []
        if "-" in tok and _NUMBER_PARTS.match(tok) and all(p in _NUMBER_WORDS or p == "one" for p in tok.split("-")):
            spelled.extend(_NUMBER_WORDS.get(p, 1) for p in tok.split("-"))  # fifty-five, thirty-one
            continue
        if tok == "one" and found[i + 1] in ("hundred", "thousand"):
            spelled.append(1)  # "one hundred and five"
            continue
        if tok == "one" and _counts_one(found[i - 1] if i else "", found[i + 1]) \
                and not _modified_one(found[i - 2] if i > 1 else "", found[i - 1] if i else "", found[i + 1],
                                      i + 1 < len(matches) and bool(_PAUSE.search(text, matches[i].end(),
                                                                                    matches[i + 1].start()))):
            tok = "1"
            out.append(tok)
            continue
        if tok in _MULTIPLES and spelled:  # "three dozen" is the "3 dozen" of a list, not a figure 312
            out.append(_labelled(str(_combine(spelled)), out))
            spelled = []
        if tok in _NUMBER_WORDS:
            spelled.append(_NUMBER_WORDS[tok])
            continue
        if tok == "and" and spelled and spelled[-1] in (100, 1000) and found[i + 1] in _NUMBER_WORDS:
            continue  # "a hundred and forty" is one number
        if spelled:
            out.append(_labelled(str(_combine(spelled)), out))
            spelled = []
        if not tok:
            continue
        kilo = _KILO.match(tok) if tok.endswith("k") else None
        if kilo:
            out.append(str(int(float(kilo.group(1)) * 1000)))
            continue
        if tok.endswith("'s"):
            tok = tok[:-2]
        elif tok.endswith("n't"):  # (``_CONTRACTION_NEG``: a token holds no newline)
            out.append(tok)
            continue
        elif "'" in tok and "@" not in tok:
            tok = tok.split("'", 1)[0]
        if tok in _ORDINALS:
            tok = _ORDINALS[tok]
        if "-" in tok and not is_numeric(tok):
            parts = [part for part in tok.split("-") if part]
            count = next((k for k, part in enumerate(parts) if part not in _NUMBER_WORDS), len(parts))
            # "a fifteen-dollar fee", "a three-day march": the count, then the unit it counts in; a
            # kind of thing ("a four-poster bed", "two-thirds") counts nothing ("four-and-a-half" is
            # read whole by ``_and_parts``)
            if count and count < len(parts) and (parts[count] in UNITS or parts[count:count + 2] == ["and", "a"]):
                out.append(str(_combine([_NUMBER_WORDS[part] for part in parts[:count]])))
                parts = parts[count:]
            out.extend(parts)
            continue
        if "-" in tok and (_TIME_SPAN.match(tok) or _HOURS_SPAN.match(tok)):
            out.extend(tok.split("-"))  # "6pm-6am": from one time to the other
            continue
        out.append(_labelled(tok, out))
        if "/" in tok:
            out.extend(_calendar(tok))  # 01/28 is also January 28
            short = _SLASH_DATE.match(tok)
            if short and f"{int(short.group(1))}/{int(short.group(2))}" != tok:
                out.append(f"{int(short.group(1))}/{int(short.group(2))}")  # 03/14/86 is also 3/14
        if ("@" in tok or "_" in tok or "." in tok or "#" in tok) and not _PLAIN_NUMBER.match(tok):
            # an address also names its parts: alice@shadowwatch.net is from alice
            out.extend(f"{LABEL}{part}" if tok.startswith("#") and part.isdigit() else part
                       for part in _ADDRESS_PARTS.split(tok) if len(part) > 1 and part != tok)
    for i in range(len(out) - 2, 0, -1):
        if out[i] == "point" and out[i - 1].isdigit() and out[i + 1].isdigit():
            out[i - 1:i + 2] = [f"{out[i - 1]}.{out[i + 1]}"]  # "four point three" is 4.3
    for i in range(len(out) - 1):
        if out[i + 1] in ("cent", "cents") and out[i].isdigit() and int(out[i]) < 100:
            out[i], out[i + 1] = f"{int(out[i]) / 100:g}", "dollars"  # "forty-five cents" is $0.45
    if "and" in out or "dollars" in out:  # (the words ``_and_parts`` needs)
        _and_parts(out)
    for i in range(len(out) - 1):
        if out[i + 1] in ("week", "weeks") and out[i].isdigit():
            out[i], out[i + 1] = str(int(out[i]) * 7), "days"  # "three weeks" is "twenty-one days"
        elif out[i + 1] == "week" and out[i] in ("a", "an") and (i == 0 or out[i - 1] not in _RATE):
            out[i], out[i + 1] = "7", "days"  # "paid a week in advance" is "one week", not "twice a week"
    return tuple(out)


_RATE = frozenset({"once", "twice", "thrice", "times", "per"})  # "twice a week": how often, not how long
_FRACTIONS = {"half": 0.5, "quarter": 0.25}
_CURRENCY = frozenset({"dollar", "dollars", "buck", "bucks"})


def _and_parts(out: list[str]) -> None:
    """A whole and its part said as one amount: "seven dollars and eighty-five cents" is $7.85
    (its "and" dropped by ``join_number_words``, the cents already read as "0.85 dollars"), "six
    and a quarter" 6.25, "three and a half" 3.5, as a ledger writes them."""
    i = 0
    while i < len(out) - 2:
        whole = out[i] if out[i].isdigit() else "1" if out[i] in ("a", "one") else ""  # "a dollar and twenty cents"
        if whole and out[i + 1] in _CURRENCY and i + 3 < len(out) and out[i + 3] == "dollars" \
                and out[i + 2].startswith("0.") and _PLAIN_NUMBER.match(out[i + 2]):
            out[i:i + 4] = [f"{int(whole) + float(out[i + 2]):g}", "dollars"]
        elif out[i].isdigit() and out[i + 1] == "and" and i + 3 < len(out) and out[i + 2] == "a" \
                and out[i + 3] in _FRACTIONS:
            out[i:i + 4] = [f"{int(out[i]) + _FRACTIONS[out[i + 3]]:g}"]
        i += 1


# A number after a number sign ("No. 3", "#88", "number 3") is a label: written "no3", it is still
# the entry's number (``same_word`` matches it with a bare 3, as "ticket 3" says), but it never
# reads as a clock time ("3pm") nor as a count of anything.
LABEL = "no"


def _labelled(number: str, before: list[str]) -> str:
    """``number`` as a label when the token before it is "number" ("No. 3", "number nine")."""
    return f"{LABEL}{number}" if number.isdigit() and before and before[-1] == "number" else number


_SLASH_DATE = re.compile(r"^(\d{1,2})/(\d{1,2})(?:/\d{2,4})?$")
_MONTH_NAMES = """january february march april may june july august september october november
    december""".split()


def _calendar(token: str) -> list[str]:
    """The day and month of a numeric date, when only one reading is possible (01/28, 28/01)."""
    m = _SLASH_DATE.match(token)
    if not m:
        return []
    a, b = int(m.group(1)), int(m.group(2))
    if 1 <= a <= 12 < b <= 31:
        return [str(b), _MONTH_NAMES[a - 1]]
    if 1 <= b <= 12 < a <= 31:
        return [str(a), _MONTH_NAMES[b - 1]]
    return []


@lru_cache(maxsize=32768)  # (8192 was full after warm-up: words kept falling out)
def stem(word: str) -> str:
    """A crude suffix stripper: enough that meets/meeting/met, traces/traced compare equal."""
    if word in _SYNONYMS:
        return _SYNONYMS[word]
    if len(word) <= 3 or any(c.isdigit() for c in word) or not word.isalpha():
        return word
    for suffix in ("ingly", "edly", "ing", "ies", "ied", "es", "ed", "ly", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                base += "y"
            elif suffix == "es" and not base.endswith(("s", "x", "z", "ch", "sh")):
                base = word[:-1]
            elif suffix in ("ing", "ed") and len(base) >= 4 and base[-1] == base[-2]:
                base = base[:-1]  # stopped -> stop
            elif suffix == "s" and word.endswith(("ss", "us", "is")):
                return word
            elif suffix == "s" and base.endswith("ing") and base not in _SYNONYMS:
                return stem(base)  # "shillings" as "shilling", "meetings" as "meeting"
            if base in _SHORT_FORMS:
                return base  # "mining" is no "min" (a minute), "maxed" no "max"
            return _SYNONYMS.get(base, _drop_e(base))
    return _drop_e(word)


# abbreviations the families list ("min", "hrs"): a word stripped down to one is not it
_SHORT_FORMS = frozenset({"min", "hrs", "kgs", "kms", "kpa", "lbs", "mpa", "msg", "sgt", "max"})


def _drop_e(word: str) -> str:
    """date/dated/dates -> dat: a final silent e goes, as it does before -ed and -ing."""
    return word[:-1] if len(word) >= 4 and word.endswith("e") and word[-2] not in "aeiou" else word


def is_negation(token: str) -> bool:
    return token in NEGATIONS or token.endswith("n't")


_DIGIT = re.compile(r"\d")


@lru_cache(maxsize=32768)
def is_numeric(token: str) -> bool:
    return _DIGIT.search(token) is not None


def is_address(token: str) -> bool:
    """An email, a channel, a host or file name: written exactly or not at all."""
    return "@" in token or token.startswith("#") or ("." in token and not is_numeric(token.replace(".", "")))


_LOCATIVE_HEADS = frozenset({"down", "over", "in", "up", "out", "back", "under", "right"})


def is_locative(previous: str, token: str) -> bool:
    """"down there", "in here": a place, and so a fact, though both words are function words."""
    return token in ("there", "here") and previous in _LOCATIVE_HEADS


def informative(tokens: Iterable[str]) -> list[str]:
    """The tokens that can carry a fact: no function words, fillers or negations."""
    out: list[str] = []
    previous = ""
    for t in tokens:
        if is_numeric(t) or (len(t) > 1 and t not in STOPWORDS and not is_negation(t)) or is_locative(previous, t):
            out.append(t)
        previous = t
    return out


@lru_cache(maxsize=16384)
def content_stems(text: str) -> tuple[str, ...]:
    return tuple(stem(t) for t in informative(raw_tokens(text)))


def _digits(token: str) -> str:
    return "".join(c for c in token if c.isdigit() or c == ":")


# What may follow a stem and still name the same thing (hack/hacker, connect/connection).
_EXTENSIONS = frozenset({"er", "ers", "or", "ors", "ing", "ed", "es", "s", "ion", "ions", "al", "ist", "ists"})


@lru_cache(maxsize=65536)
def same_word(a: str, b: str) -> bool:
    """Two stems name the same thing: equal, or one a short extension of the other (hack/hacker).
    Numbers compare by value, and a bare number matches a time with it (3 / 3pm). No typo
    tolerance: "stole" is not "stone" (see ``near_word`` for what players type)."""
    if a == b:
        return True
    if is_numeric(a) or is_numeric(b):
        if not (is_numeric(a) and is_numeric(b)):
            return False
        if (":" in a) != (":" in b) and (a + b).replace(":", "").isdigit() and _digits(a).replace(":", "") == _digits(b).replace(":", ""):
            return True  # "sol 4:15" read from "four-fifteen" is 415
        clock = same_time(a, b)
        if clock is not None:
            return clock
        if _digits(a) != _digits(b):
            return False
        rest_a, rest_b = a.strip("0123456789:"), b.strip("0123456789:")
        if rest_a in _ORDINAL_SUFFIXES and rest_b in _ORDINAL_SUFFIXES:
            return True  # 21st / 21th: one spelling of a date may be off
        return not rest_a or not rest_b or rest_a == rest_b
    if is_address(a) or is_address(b):
        return False
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) >= 4 and long_.startswith(short) and long_[len(short):] in _EXTENSIONS:
        return True
    if long_[len(short):] in ("ern", "erly") and long_.startswith(short) and short in DIRECTIONS:
        return True  # "northern paper" is the paper "from the north"
    if len(short) >= 4 and short.endswith("a") and long_ == f"{short}n":
        return True  # "the Syrian soda ash" is ash "from Syria": a land and its people's word (Cuba, Korea)
    if len(short) >= 4 and len(long_) - len(short) >= 3 and long_.endswith(short):
        return True  # a compound names a kind of its last word: lockpicks are picks
    return _kin(short, long_)


_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})


def _kin(short: str, long_: str) -> bool:
    """Two spellings or derivations of one word: a long shared opening and short, different
    endings (licensed/licence, inscribed/inscription, armour/armor). Short words never: "stole"
    is not "stone", "kowal" is not "kowalczyk"."""
    if len(short) < 6 or len(long_) - len(short) > 4 or short[:5] != long_[:5]:
        return False
    shared = 5
    while shared < len(short) and short[shared] == long_[shared]:
        shared += 1
    return shared * 4 >= len(short) * 3 and len(short) - shared <= 2


@lru_cache(maxsize=65536)
def near_word(a: str, b: str) -> bool:
    """``same_word``, or a typo apart (one edit, five letters or more): for the player's words,
    which are typed in a hurry, never for what the model says."""
    if same_word(a, b):
        return True
    if min(len(a), len(b)) < 5 or is_numeric(a) or is_numeric(b) or is_address(a) or is_address(b):
        return False
    return Levenshtein.distance(a, b, score_cutoff=1) <= 1


def _bucket(word: str) -> str:
    """Words that can be the same word share a bucket: numbers by nothing (any number may be the
    same number), everything else by first letter (a typo rarely hits the first letter)."""
    return "#" if is_numeric(word) else word[:1]


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The stems of one piece of text, for quick membership tests with fuzzy fallback."""

    stems: frozenset[str]
    buckets: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, text: str) -> Vocabulary:
        return _vocabulary(text)

    @classmethod
    def of_stems(cls, stems: Iterable[str]) -> Vocabulary:
        unique = frozenset(stems)
        if cls is Vocabulary:
            return _vocabulary_of(unique)  # (one per set of stems: a sentence's words, a claim's)
        return cls._build(unique)

    @classmethod
    def _build(cls, unique: frozenset[str]) -> Vocabulary:
        buckets: dict[str, list[str]] = {}
        for s in sorted(unique):
            buckets.setdefault(_bucket(s), []).append(s)
        return cls(unique, {k: tuple(v) for k, v in buckets.items()})

    def __hash__(self) -> int:
        # (equal vocabularies have equal stems: the hash of the stems alone, which a frozenset
        # keeps, rather than of a tuple built around them at every memoised look-up)
        return hash(self.stems)

    def has(self, word: str) -> bool:
        """Whether the text says ``word`` (a stem), as ``same_word`` compares."""
        if word in self.stems:
            return True
        return _fuzzy_has(self, word, False)

    def near(self, word: str) -> bool:
        """``has``, tolerating a typo in ``word``: for looking up what a player typed."""
        if word in self.stems:
            return True
        return _fuzzy_has(self, word, True)


# the answers of ``_fuzzy_has``, keyed by the vocabulary's stems (a frozenset hashes and compares
# in C: a key holding the Vocabulary itself ran its Python __hash__ at every look-up, and its
# __eq__ at every hit on an equal vocabulary built anew, as each answer's sentences are); two
# generations of at most _FUZZY_MAX entries each, the older dropped when the newer fills up
_FUZZY_MAX = 32768
_fuzzy_new: dict[tuple[frozenset[str], str, bool], bool] = {}
_fuzzy_old: dict[tuple[frozenset[str], str, bool], bool] = {}


def _fuzzy_has(vocabulary: Vocabulary, word: str, typos: bool) -> bool:
    """Whether a stem of ``vocabulary`` is ``word`` as ``same_word`` (``near_word`` with
    ``typos``) compares: memoised, a pure function of the stems, the word and the flag."""
    global _fuzzy_new, _fuzzy_old
    key = (vocabulary.stems, word, typos)
    found = _fuzzy_new.get(key)
    if found is not None:
        return found
    found = _fuzzy_old.get(key)
    if found is None:
        match = near_word if typos else same_word
        found = any(match(word, s) for s in vocabulary.buckets.get(_bucket(word), ()))
    if len(_fuzzy_new) >= _FUZZY_MAX:
        _fuzzy_old, _fuzzy_new = _fuzzy_new, {}
    _fuzzy_new[key] = found
    return found


@lru_cache(maxsize=8192)
def _vocabulary_of(stems: frozenset[str]) -> Vocabulary:
    """The Vocabulary of a set of stems, built once: an answer's sentences and claims, and the
    same ones checked again after fail-closed, ask for theirs several times. Immutable (its
    buckets are only read), so one object serves every caller."""
    return Vocabulary._build(stems)


@lru_cache(maxsize=4096)
def _vocabulary(text: str) -> Vocabulary:
    return Vocabulary.of_stems(content_stems(text))


_CAPITALISED = re.compile(r"(?<![.!?:\n]\s)(?<!^)\b([A-Z][a-zA-Z0-9_]+)\b")
_SHOUTED = re.compile(r"\b([A-Z][A-Z0-9_]{2,})\b")
# a sentence does not end at an initial or at the abbreviation of a given name: the capitalised
# word after "J." or "Jas." is the name they abbreviate the rest of ("master J. Pizarro", "seamen
# Jas. Quill and Tho. Harker"), though a full stop stands before it. (A common word after an
# initial is a sentence's own first word: "Plan B. Then we ran.")
_AFTER_TITLE = re.compile(r"\b(?:Jas|Thos?|Wm|Chas|Geo|Robt|Jno|Edw|Benj|Saml|Jos|Richd|Wil)\.\s+([A-Z][a-z][\w'-]*)")
# an initial: "M. Kearney", not "U.S. Then", nor a transcript's "Q." and "A." (question, answer)
_AFTER_INITIAL = re.compile(r"(?<![\w.])(?![QA]\.)[A-Z]\.\s+([A-Z][a-z][\w'-]*)")
# a title's abbreviation does not end a sentence either: "Mr. Bose", "Capt. L. Hume", "Mrs. A. Ghosh"
_AFTER_HONORIFIC = re.compile(r"\b(?:Mr|Mrs|Ms|Mme|Mlle|Dr|Capt|Col|Gen|Maj|Sgt|Lt|Cpl|Rev|Fr|Prof|Messrs|Det|Insp|Supt"
                              r"|Gov|Sen|Hon|Adm|Cmdr|Cdr)\.\s+(?:[A-Z]\.\s*)*([A-Z][a-z][\w'-]*)")
_EMAIL_USER = re.compile(r"\b([\w.+-]+)@", re.IGNORECASE)
_NICK = re.compile(r"<[@+]?([\w-]+)>")
_LABEL = re.compile(r"^\s*([A-Z][a-z][\w-]*):\s")  # "Charlie: no contact since 01/28"
# a title in capitals that opens a line and ends at a stop ("FORECLOSURE SALE. The Pruitt..."): its
# English words say what the document is, they name no one
_TITLE_RUN = re.compile(r"^\s*(?:[A-Z][A-Z'-]+\s+)*[A-Z][A-Z'-]+(?=\s*(?:[.:]|$))")


@lru_cache(maxsize=4096)
@lru_cache(maxsize=8192)
def in_dictionary(word: str) -> bool:
    """A word English has, by WordNet or the word-class tables ("sleet", "fog", "captain"), as
    against a name of this world ("Tobin", "Vorn"). ``word`` lower-cased."""
    return bool(any(senses(stem(word))) or noun_codes(word) or verb_codes(word))


def _common_word(word: str) -> bool:
    w = word.lower()
    return bool(noun_codes(w) or verb_codes(w))


_LABEL_TAIL = re.compile(r"\s*(?:\d|:|-)")
_LETTERS = re.compile(r"[^\W\d_]+")
_HEADER_LABELS = frozenset({"from", "to", "cc", "bcc", "subject", "date", "re", "note", "notes"})


@lru_cache(maxsize=4096)
def names_in(text: str) -> frozenset[str]:
    """Words that ``text`` writes as names: capitalised inside a sentence, shouted (SHADOWWATCH),
    or the user part of an email address. Lower-cased stems."""
    found: set[str] = set()
    for line in abbreviations(text).splitlines():
        # (a day or a month keeps its capital in a shouted heading: "PARCELS BOOKED - 3 MARCH (Sunday)")
        # (a shouted line has at least 12 letters, four in five of them capitals: ten capitals or
        # more, which most lines do not hold, and then its words are weighed)
        if sum(map(str.isupper, line)) >= 10:
            letters = [c for w in _LETTERS.findall(line) if stem(w.lower()) not in TEMPORAL for c in w]
            if len(letters) >= 12 and sum(c.isupper() for c in letters) * 5 >= len(letters) * 4:
                line = line.lower()  # a telegram or a shouted line: every word capitalised, none a name
        title = _TITLE_RUN.match(line)
        for m in _CAPITALISED.finditer(line):
            if not (title and m.end() <= title.end() and _common_word(m.group(1))):
                found.add(m.group(1))
        for m in _SHOUTED.finditer(line):
            if not (m.start() == len(line) - len(line.lstrip()) and _LABEL_TAIL.match(line, m.end())) \
                    and not (title and m.end() <= title.end() and _common_word(m.group(1))):
                found.add(m.group(1))  # "JOB 771:" is a heading, SHADOWWATCH a name
        found.update(m.group(1) for m in _AFTER_TITLE.finditer(line))
        if "." in line:
            found.update(m.group(1) for m in _AFTER_HONORIFIC.finditer(line))
        found.update(m.group(1) for m in _AFTER_INITIAL.finditer(line)
                     if not _common_word(m.group(1)) and not _common_word(stem(m.group(1).lower())))
        for pattern in (_EMAIL_USER, _NICK):
            found.update(m.group(1) for m in pattern.finditer(line))
        label = _LABEL.match(line)
        if label and label.group(1).lower() not in _HEADER_LABELS:
            found.add(label.group(1))
    return frozenset(s for s in (stem(n.lower()) for n in found if n.lower() not in STOPWORDS)
                     if s not in TEMPORAL and s not in _TITLE_STEMS)


def is_anchor(token_stem: str, names: frozenset[str] | set[str]) -> bool:
    """A word a claim cannot get approximately right: a number, a time word, an address, a name."""
    return (
        is_numeric(token_stem)
        or is_address(token_stem)
        or token_stem in TEMPORAL
        or token_stem in DIRECTIONS
        or token_stem in names
    )


# Opinion words are compared as stems too ("unbearable" is "unbearabl" once stemmed).
EVALUATIVE = EVALUATIVE | frozenset(stem(w) for w in EVALUATIVE)


def _by_stem(table: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """The opposites table keyed and filled by stems as well as words: the checks look words up
    by their stems, and "increase" is "increas" once stemmed, so a pair written as words alone
    never met a claim."""
    out: dict[str, set[str]] = {}
    for word, opposites in table.items():
        both = {*opposites, *(stem(o) for o in opposites)}
        for key in (word, stem(word)):
            out.setdefault(key, set()).update(both)
    return {k: frozenset(v) for k, v in out.items()}


# words that cannot both be true of one thing in one statement, by word and by stem
OPPOSITES = _by_stem(_OPPOSITE_WORDS)
