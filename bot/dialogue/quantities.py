"""Times, dates and amounts as people say them, rewritten in the one spelling documents use.

A log says "21:40", a dispatcher says "twenty to ten"; a telegram says "30 APRIL", a clerk says
"the thirtieth"; a ledger says "70%", a quartermaster says "seventy percent". The verifier holds
numbers and times to exact agreement (a wrong hour is the commonest invented fact), so each
spoken form must first become the written one, or every faithful answer would read as a lie.
The rewriting is textual and runs on lower-cased text before tokenising; ``time_of`` then reads
a clock token so that "2am", "2:05" and "02:05" compare by the moment they name.
"""

from __future__ import annotations

import re
from functools import lru_cache

_HOUR_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_TEENS = {"thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
          "nineteen": 19, "twenty": 20, "twenty-one": 21, "twenty-two": 22, "twenty-three": 23}
_MINUTE_WORDS = {"five": 5, "ten": 10, "quarter": 15, "a quarter": 15, "twenty": 20, "twenty-five": 25,
                 "twenty five": 25, "half": 30}
_HOUR = r"(\d{1,2}|" + "|".join(sorted(_HOUR_WORDS, key=len, reverse=True)) + r")"
_MINUTE = r"(\d{1,2}|a quarter|quarter|twenty[- ]five|twenty|ten|five|half)"


def _hour(word: str) -> int | None:
    if word.isdigit():
        n = int(word)
        return n if 0 <= n <= 24 else None
    return _HOUR_WORDS.get(word)


def _minute(word: str) -> int | None:
    word = word.replace("-", " ")
    if word.isdigit():
        n = int(word)
        return n if 0 < n < 60 else None
    return _MINUTE_WORDS.get(word)


def _clock(hour: int, minute: int, half: str = "") -> str:
    """12-hour spelling: 3pm, 3:30pm, 9:40 (half of the day unknown)."""
    if half == "" and minute == 0:
        return f"{hour}:00"
    return f"{hour}{':%02d' % minute if minute else ''}{half}"


def _from24(hour: int, minute: int, leading_zero: bool) -> str:
    if hour == 0 or hour == 24:
        return _clock(12, minute, "am")
    if hour > 12:
        return _clock(hour - 12, minute, "pm")
    if hour == 12:
        return _clock(12, minute, "pm")
    return _clock(hour, minute, "am" if leading_zero else "")


# "21:40", "02:05", "5.15 pm", "3pm", "3 p.m."
# (the stop after "2 am." ends a sentence; only "a.m." owns its last dot)
_AMPM = re.compile(r"\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])(?:\.\s?m\b\.?|\s?m\b)")
# "eleven p.m.", "seven a.m.": an hour said as a word, with its half of the day
_WORD_AMPM = re.compile(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+([ap])\.\s?m\b\.?")
_HOUR_NUMBERS = {w: n for n, w in enumerate("one two three four five six seven eight nine ten eleven twelve".split(), 1)}
_H24 = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b(?!\s*[ap]\.?\s?m\b)")
# "0600", "1830 hours", "at 1830": military time
_MILITARY = re.compile(r"\b(?:(at|by|from|until|till)\s+)?(?:oh[- ]?)?([01]\d|2[0-3])([0-5]\d)\b(\s*(?:hours|hrs|h)\b)?")
_HUNDRED_HOURS = re.compile(
    r"\b(?:oh[- ]?)?(\d{1,2}|" + "|".join(sorted({**_HOUR_WORDS, **_TEENS}, key=len, reverse=True))
    + r")[- ]hundred(?:\s+(?:hours|hrs))\b"
    # (not hours counted: "six hundred hours over its service life", "four hundred hours of flying")
    r"(?!\s+(?:over|past|beyond|late|overdue|behind|ahead|of|more|less|longer|left|remaining|old|ago|since)\b)")
_PAST = re.compile(r"\b" + _MINUTE + r"\s+(?:minutes\s+)?(?:past|after)\s+" + _HOUR + r"\b")
_TO = re.compile(r"\b" + _MINUTE + r"\s+(?:minutes\s+)?(?:to|till|before)\s+" + _HOUR + r"\b")
_AT_TIME = re.compile(r"\b(?:at|around|about|by|till|until|since|before|after)\s+(?:like\s+|roughly\s+|exactly\s+)?$")
_HALF_BRITISH = re.compile(r"\bhalf\s+" + _HOUR + r"\b(?!\s*(?:hours?|days?|weeks?|a\b|an\b|of\b|the\b|dozen|past))")
_OCLOCK = re.compile(r"\b" + _HOUR + r"\s*o'?\s?clock\b")
_DAYPART = re.compile(
    r"\b(\d{1,2}(?::\d{2})?|" + "|".join(sorted(_HOUR_WORDS, key=len, reverse=True)) + r")"
    r"(?:\s*o'?\s?clock)?,?\s+(in the morning|this morning|in the afternoon|this afternoon|in the evening|"
    r"this evening|at night|tonight|last night)\b")
_MORNING = ("in the morning", "this morning")


def _ampm(m: re.Match[str]) -> str:
    return _clock(int(m.group(1)), int(m.group(2) or 0), m.group(3) + "m")


def _h24(m: re.Match[str]) -> str:
    return _from24(int(m.group(1)), int(m.group(2)), m.group(1).startswith("0") and len(m.group(1)) == 2)


_DOTTED_CLOCK = re.compile(r"\b(at|by|until|till|from|before|after|since)\s+(1[0-2]|0?\d)\.([0-5]\d)\b(?!\.\d)"
                           r"(?!\s*(?:[ap]\.?\s?m\b|dollars|pounds|euros|a\s|an\s|per\b|each\b|percent|%|[a-z]+s\b))")
# an entry that opens with a four-digit clock ("0620 contact Halley relay."): in a text with one,
# every entry opening so is stamped with its time, not counted ("2230 personal msg", not 2,230)
# (or "0600: temp -38.2C. 1800: temp -41.0C": a stamp followed by its colon)
# (a stamp may stand before its entry with a colon or a dash, "0140 - Lethe-4, 10 mg", and the
# first may follow the log's own date, "13-14 March: 2210 - ...")
_ZERO_STAMP = re.compile(r"(?:^|[.;:\n]\s+|\n)0\d[0-5]\d(?::|\s+[-\u2013\u2014])?\s+[a-z]")
_OPENING_STAMP = re.compile(r"(?:(?<=^)|(?<=[.;:]\s)|(?<=\n))([01]\d|2[0-3])([0-5]\d)(?=(?::|\s+[-\u2013\u2014])?\s+[a-z])")
# in such a log a span of two four-digit figures is of the day ("aurora observed 2130-2215"),
# where elsewhere "1920-1934" is years
_STAMPED_SPAN = re.compile(r"(?<![\w.-])([01]\d|2[0-3])([0-5]\d)-([01]\d|2[0-3])([0-5]\d)(?![\w-])")
# a list of dotted clocks read as one ("Weekdays 8.05, 12.40, 5.15", "2.30 and 6 pm"): a clock
# said with a dot once a word of the day, a clock word or another clock of the list says so
_DOTTED = r"(?:1[0-2]|0?\d)\.[0-5]\d"
_DOTTED_LIST = re.compile(
    rf"\b(?:(?P<lead>(?:at|by|until|till|from|before|after|since|daily|weekdays?|weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)"
    rf"(?:\s+\d{{1,2}}\s+[a-z]+)?,?\s+))?(?P<list>{_DOTTED}(?:(?:,\s*|,?\s+(?:and|or|&)\s+){_DOTTED})*)"
    rf"(?P<tail>(?:,\s*|,?\s+(?:and|or|&)\s+)\d{{1,2}}(?::\d\d)?[ap]m\b)?"
    r"(?!\d|\.\d|\s*(?:dollars|pounds|euros|a\s|an\s|per\b|each\b|percent|%|[a-z]+s\b))", re.IGNORECASE)
_DOT_IN_LIST = re.compile(rf"\b({_DOTTED})\b")
# a dotted figure that names a service by the time it runs ("the 4.30 down train", "the 7.15 in
# the morning", "the 9.05 from Crewe"): railwaymen and timetables call a train by its clock time,
# so "the" before it and the service, a direction or the part of the day after it say it is a
# clock, where "4.30" alone may be a price or a measure
_SERVICE_DOTTED = re.compile(
    rf"\b(the\s+)?({_DOTTED})(?=\s+(?:(?:up|down|local|express|fast|slow|stopping|night|morning|evening|mail)\s+)?"
    r"(?:train|bus|coach|boat|ferry|tram|steamer|service|mail|express|sailing|departure|flight)\b"
    r"|(?<=the\s\d\.\d\d)\s+(?:in the (?:morning|afternoon|evening)|at night)\b"
    r"|(?<=the\s\d\d\.\d\d)\s+(?:in the (?:morning|afternoon|evening)|at night)\b)")


# a log's unit shorthand after a figure: "wind SE 22 kt" is 22 knots
_KNOTS = re.compile(r"\b(\d+(?:\.\d+)?)\s*kts?\b")
# "alt. 640 m", "1,320 g": a metre and a gram written as their letter after a figure (not "m/s")
_LETTER_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)\s?([mg])\b(?![/'\-]|\.\d)")
_LETTER_UNITS = {"m": "metres", "g": "grams"}
# a rate said out ("fourteen metres a second", "sixty kilometres per hour") is the rate a log writes
# with a stroke ("14 m/s", "60 km/h"): one spelling for both, the log's
_RATE_SAID = re.compile(r"\b(metres|meters|kilometres|kilometers|miles)\s+(?:a|an|per|each)\s+(second|hour)\b")
_RATE_WRITTEN = {("metres", "second"): "m/s", ("meters", "second"): "m/s", ("kilometres", "hour"): "km/h",
                 ("kilometers", "hour"): "km/h", ("miles", "hour"): "mph"}


def _stamped_span(m: re.Match[str]) -> str:
    return f"{_from24(int(m.group(1)), int(m.group(2)), True)}-{_from24(int(m.group(3)), int(m.group(4)), True)}"


def _dotted_list(m: re.Match[str]) -> str:
    """Every clock of a list one of whose words says it is of the day; a list of bare decimals
    ("4.20, 4.35") is left as it is."""
    items = m.group("list")
    if not m.group("lead") and not m.group("tail"):
        return m.group(0)
    start = m.start("list") - m.start(0)
    return (m.group(0)[:start] + _DOT_IN_LIST.sub(lambda d: d.group(1).replace(".", ":"), items)
            + (m.group("tail") or ""))


@lru_cache(maxsize=4096)
def dotted_clocks(text: str) -> str:
    """``text`` with its lists of dotted clocks written with colons ("at 7.15, 11.50 and 4.05"):
    for a reader that cuts a claim at its commas before reading its times."""
    return _DOTTED_LIST.sub(_dotted_list, text) if "." in text else text


_COUNTED = re.compile(r"\s+([a-z]{3,}s|men|women|people|children|feet|teeth|geese|oxen|mice|head)\b")
_NOT_COUNTED = frozenset("this thus was has his its hers yours ours theirs plus unless across towards always perhaps "
                         "sometimes besides afterwards nowadays is as us yes".split())


def _military(m: re.Match[str]) -> str:
    lead, hh, mm, suffix = m.group(1), m.group(2), m.group(3), m.group(4)
    if not (lead or suffix or hh.startswith("0") or "oh" in m.group(0)[:4]):
        return m.group(0)  # a plain four-digit number: a year, a count
    if not suffix:
        counted = _COUNTED.match(m.string, m.end())
        if counted and counted.group(1) not in _NOT_COUNTED:
            return m.group(0)  # "weighed at 1,900 pieces of eight", "by 1200 men": a count of things
    text = _from24(int(hh), int(mm), True)
    return f"{lead} {text}" if lead else text


# "casts off at fourteen hundred": a time, where "at" or "by" says one is meant
_AT_HUNDRED = re.compile(
    r"\b(at|by|until|till)\s+(?:oh[- ]?)?(" + "|".join(sorted({**_HOUR_WORDS, **_TEENS}, key=len, reverse=True))
    + r")[- ]hundred\b(?!\s+(?:and\b|hours|hrs|[a-z]+s\b|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven"
    r"|twelve|[a-z]+teen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b))")  # ("at thirteen hundred twenty grams")


_HUNDRED_WORD = r"(?:oh[- ]?)?(" + "|".join(sorted({**_HOUR_WORDS, **_TEENS}, key=len, reverse=True)) + r")[- ]hundred\b"
_OH_HUNDRED = re.compile(r"\boh[- ](" + "|".join(sorted({**_HOUR_WORDS, **_TEENS}, key=len, reverse=True))
                         + r")[- ]hundred\b(?:\s+(?:hours|hrs))?")
_DAY_HUNDRED = re.compile(r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)day)\s+" + _HUNDRED_WORD
                          + r"(?!\s+(?:and\b|[a-z]+s\b))")
_RANGE_SEPARATOR = re.compile(r"\d(?:am|pm)?\s*(?:-|to|till|until|through|thru)\s*\w|\w\s*(?:-|to|till|until|through|thru)\s*\d")
_CLOCK_END = r"\d{1,2}(?::\d\d)?(?:am|pm)|\d{1,2}:\d\d"
_BARE_END = r"(?:([01]\d|2[0-3])([0-5]\d)|" + _HUNDRED_WORD + r")(?!\w)(?!\s+(?:and\b|[a-z]+s\b))"
_RANGE_AFTER = re.compile(r"\b(" + _CLOCK_END + r")(\s*(?:-|to|till|until|through|thru)\s*)" + _BARE_END)
_RANGE_BEFORE = re.compile(r"(?<![\w-])" + _BARE_END + r"(\s*(?:-|to|till|until|through|thru)\s*)(" + _CLOCK_END + r")\b")


def _bare_end(hh: str | None, mm: str | None, word: str | None) -> str | None:
    if hh is not None and mm is not None:
        return _from24(int(hh), int(mm), True)
    hour = {**_HOUR_WORDS, **_TEENS}.get(word or "")
    return _from24(hour, 0, True) if hour is not None and hour <= 24 else None


# A timetable's shorthand for coming and going: "in 03:00 Tue, out 21:00 Wed", "arr. 8.40" (only
# before a clock time, where no sentence of speech puts "in" or "out").
_SHORTHAND = re.compile(r"\b(in|out|arr\.?|arrs\.?|dep\.?|dept\.?|depts\.?)\s*(?=(?:" + _CLOCK_END + r")\b)")
_MOVES = {"in": "arrives ", "out": "departs ", "arr": "arrives ", "arrs": "arrives ", "dep": "departs ",
          "dept": "departs ", "depts": "departs "}
# the same shorthand with the station between ("dep. Sonapur 07:10, arr. Teesta Bridge 11:45"):
# only the abbreviation with its stop, which no speech writes before a place
_SHORTHAND_AT = re.compile(r"\b(arrs?|dept?s?)\.\s*(?=(?:[a-z][\w'-]*\s+){1,3}(?:" + _CLOCK_END + r")\b)")


def _range_ends(text: str) -> str:
    """A span of the day said with one end written as a clock and the other as a bare four-digit
    or "hundred" figure ("0500-2100", "6am to fourteen-hundred"): both ends are clock times."""
    def after(m: re.Match[str]) -> str:
        end = _bare_end(m.group(3), m.group(4), m.group(5))
        return m.group(0) if end is None else f"{m.group(1)}{m.group(2)}{end}"

    def before(m: re.Match[str]) -> str:
        end = _bare_end(m.group(1), m.group(2), m.group(3))
        return m.group(0) if end is None else f"{end}{m.group(4)}{m.group(5)}"

    return _RANGE_BEFORE.sub(before, _RANGE_AFTER.sub(after, text))


def _at_hundred(m: re.Match[str]) -> str:
    """"At fourteen hundred" is a clock time; "at nine hundred" is one only said as "oh-nine
    hundred": without the "oh", a figure under ten hundred is a price or a count ("saffron at nine
    hundred")."""
    hour = {**_HOUR_WORDS, **_TEENS}.get(m.group(2))
    if hour is not None and hour < 10 and "oh" not in m.group(0):
        return m.group(0)
    return f"{m.group(1)} {_hundred_hours(m, 2)}"


def _hundred_hours(m: re.Match[str], group: int = 1) -> str:
    word = m.group(group)
    hour = int(word) if word.isdigit() else {**_HOUR_WORDS, **_TEENS}.get(word)
    if hour is None or hour > 24:
        return m.group(0) if group == 1 else f"{m.group(group)} hundred"
    return _from24(hour, 0, True)


_UNITS_WORDS = {w: n for n, w in enumerate("""zero one two three four five six seven eight nine ten eleven twelve
    thirteen fourteen fifteen sixteen seventeen eighteen nineteen""".split())}
_TENS_WORDS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50}
_COUNT = r"(\d{1,2}|(?:twenty|thirty|forty|fifty)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|" \
    + "|".join(sorted(_UNITS_WORDS, key=len, reverse=True)) + r")"
_MINUTES_PAST = re.compile(r"\b" + _COUNT + r"\s+minutes?\s+(past|to|till)\s+" + _HOUR + r"\b")
# "two past eleven", "twenty-two past nine": "past" an hour says a clock whatever the count before it,
# as "minutes" does; "to" does not ("two to three" is a span of hours, "ten to seven" is read by ``_TO``)
_COUNT_PAST = re.compile(r"\b" + _COUNT + r"\s+(past)\s+" + _HOUR + r"\b(?!\s+(?:hours?|days?|years?|weeks?)\b)")


def _count(word: str) -> int | None:
    if word.isdigit():
        return int(word)
    parts = word.replace("-", " ").split()
    if len(parts) == 2:
        return _TENS_WORDS.get(parts[0], 0) + _UNITS_WORDS.get(parts[1], 0)
    return _TENS_WORDS.get(word, _UNITS_WORDS.get(word))


def _minutes_past(m: re.Match[str]) -> str:
    minute, hour = _count(m.group(1)), _hour(m.group(3))
    if minute is None or hour is None or not 0 < minute < 60 or not 1 <= hour <= 12:
        return m.group(0)
    if m.group(2) == "past":
        return _clock(hour, minute)
    return _clock((hour - 2) % 12 + 1, 60 - minute)


def _past(m: re.Match[str]) -> str:
    minute, hour = _minute(m.group(1)), _hour(m.group(2))
    if minute is None or hour is None or hour > 12:
        return m.group(0)
    return _clock(hour, minute)


_TILL = re.compile(r"\s(?:till|until)\s")
_MOMENT_AFTER = re.compile(r"\s*(?:o'?\s?clock|in the|this|at night|tonight|last night|[ap]\.?m\b)")  # "ten to seven in the evening"


def _to(m: re.Match[str]) -> str:
    minute, hour = _minute(m.group(1)), _hour(m.group(2))
    if minute is None or hour is None or hour > 12 or hour == 0:
        return m.group(0)
    if m.group(1) not in ("quarter", "a quarter") \
            and (minute <= hour or (m.group(1) in _HOUR_WORDS and _TILL.search(m.group(0))
                                    and not _MOMENT_AFTER.match(m.string, m.end()))) \
            and not _AT_TIME.search(m.string, 0, m.start()):
        # "five to ten" is a range, not 9:55; "at five to ten" is 9:55. So is "ten till two" (the
        # band plays 10pm till 2am) with nothing saying a moment is meant: "till" joins two hours
        # ("so ten to seven" is 6:50)
        return m.group(0)
    if "minute" not in m.group(0) and (m.group(1).isdigit() or minute % 5):
        return m.group(0)  # "open 9 to 4", "nine to four": hours of a span; minutes to the hour go by fives
    return _clock((hour - 2) % 12 + 1, 60 - minute)


def _half_british(m: re.Match[str]) -> str:
    hour = _hour(m.group(1))
    return m.group(0) if hour is None or not 1 <= hour <= 12 else _clock(hour, 30)


def _oclock(m: re.Match[str]) -> str:
    hour = _hour(m.group(1))
    return m.group(0) if hour is None or not 1 <= hour <= 12 else _clock(hour, 0)


def _daypart(m: re.Match[str]) -> str:
    spoken, part = m.group(1), m.group(2)
    if spoken == "one" and part == "at night" and not _AT_TIME.search(m.string[:m.start()]):
        return m.group(0)  # "one cup at morning and one at night": a pronoun, not one o'clock
    hour_text, _, minute_text = spoken.partition(":")
    hour = _hour(hour_text)
    if hour is None or not 1 <= hour <= 12:
        return m.group(0)
    minute = int(minute_text) if minute_text else 0
    if part in _MORNING:
        half = "am"
    elif part in ("at night", "tonight", "last night") and hour in (12, 1, 2, 3, 4):
        half = "am"  # "two at night" is the small hours
    else:
        half = "pm"
    return _clock(hour, minute, half)


_MONTHS = {
    "jan": "january", "feb": "february", "mar": "march", "apr": "april", "jun": "june", "jul": "july",
    "aug": "august", "sep": "september", "sept": "september", "oct": "october", "nov": "november",
    "dec": "december",
}
_DAYS = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
    "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
}
# Written capitalised in a document ("Tues 9 Nov", "nights Mon-Fri"): abbreviations, not words.
_MONTH_ABBR = re.compile(r"\b(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b\.?(?=\s*\d|\s*$|\s*[,;)\n])"
                         r"|(?<=\d\s)((?i:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec))\b\.?")
_DAY_ABBR = re.compile(r"\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?(?=\s*[-\u2013,/;]|\s+[$\u00a3\u20ac]?\d|\s*:|\s*$|\s*\n)"
                       r"|(?<=[-\u2013/])(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?")
_ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
    "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    "twentieth": 20, "thirtieth": 30,
}
_MONTH_NAMES = "january|february|march|april|may|june|july|august|september|october|november|december"
# "the second of april", "april the first": first and second are dates only beside a month
_LOW_ORDINAL = re.compile(r"\b(first|second)(?=\s+of\s+(?:" + _MONTH_NAMES + r")\b)"
                          r"|\b(" + _MONTH_NAMES + r")\s+(?:the\s+)?(first|second)\b")
_COMPOUND_ORDINAL = re.compile(r"\b(twenty|thirty)[- ](first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b")
_PERCENT = re.compile(r"(?<=\d)\s*%|\bper\s?cent\b")


def _compound_ordinal(m: re.Match[str]) -> str:
    n = {"twenty": 20, "thirty": 30}[m.group(1)] + _ORDINAL_WORDS[m.group(2)]
    return f"{n}th"


def _low_ordinal(m: re.Match[str]) -> str:
    word = m.group(1) or m.group(3)
    number = "1st" if word == "first" else "2nd"
    return f"{m.group(2)} {number}" if m.group(2) else number


_ROMAN = {"II": "2", "III": "3", "IV": "4", "VI": "6", "VII": "7", "VIII": "8", "IX": "9", "XI": "11",
          "XII": "12"}
_ROMAN_NUMERAL = re.compile(r"\b(" + "|".join(sorted(_ROMAN, key=len, reverse=True)) + r")\b")
_THE_LOW_ORDINAL = re.compile(r"\bthe (first|second)\b")
# "wind NW", "heading SE": compass points written as their abbreviation in logs and maps
_COMPASS = {"NE": "northeast", "NW": "northwest", "SE": "southeast", "SW": "southwest",
            "NNE": "northeast", "ENE": "northeast", "NNW": "northwest", "WNW": "northwest",
            "SSE": "southeast", "ESE": "southeast", "SSW": "southwest", "WSW": "southwest"}
_COMPASS_ABBR = re.compile(r"\b(" + "|".join(sorted(_COMPASS, key=len, reverse=True)) + r")\b")


def abbreviations(text: str) -> str:
    """Day and month abbreviations of a document in full, and Roman numerals from II as digits
    ("volume II"); case-sensitive, so it runs before lowering."""
    # (each pattern runs only on a text holding the capitals it needs: most hold none)
    if "II" in text or "IV" in text or "VI" in text or "IX" in text or "XI" in text:
        text = _ROMAN_NUMERAL.sub(lambda m: _ROMAN[m.group(1)], text)
    if "NE" in text or "NW" in text or "SE" in text or "SW" in text or "NN" in text or "SS" in text \
            or "EN" in text or "ES" in text or "WN" in text or "WS" in text:
        text = _COMPASS_ABBR.sub(lambda m: _COMPASS[m.group(1)], text)
    # (a capitalised abbreviation, or one in any case right after a figure and a blank)
    if any(a in text for a in _MONTH_CAPS) or (_ANY_DIGIT.search(text) is not None and _FIGURE_MONTH.search(text)):
        text = _MONTH_ABBR.sub(lambda m: _MONTHS[(m.group(1) or m.group(2)).lower().rstrip(".")], text)
    if not any(a in text for a in _DAY_CAPS):
        return text
    if "," in text or "and" in text or "&" in text:  # "departs Mon, Wed, Sat at 7:15": a list of days
        text = _DAY_LIST.sub(_day_list, text)
    return _DAY_ABBR.sub(lambda m: _DAYS[(m.group(1) or m.group(2)).lower().rstrip(".")], text)


_DAY_WORD = r"(?:Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?"
# what ``abbreviations`` needs to find in a text before its patterns can match it: a capitalised
# abbreviation (or, for a month after a figure, a digit)
_DAY_CAPS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTH_CAPS = ("Jan", "Feb", "Mar", "Apr", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_FIGURE_MONTH = re.compile(r"\d\s(?i:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)")  # (``_MONTH_ABBR``'s second way)
_ANY_DIGIT = re.compile(r"\d")
_DAY_LIST = re.compile(_DAY_WORD + r"(?:\s*(?:,|and|&|or)\s*" + _DAY_WORD + r")+")
_ONE_DAY = re.compile(r"\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b\.?")
_LIST_COMMA = re.compile(r"\s*[,&]\s*")


def _day_list(m: re.Match[str]) -> str:
    """Days said in a list, as one item of a record ("Mon, Wed, Sat at 7:15": monday and wednesday
    and saturday at 7:15): a comma between days does not start another record."""
    return _LIST_COMMA.sub(" and ", _ONE_DAY.sub(lambda d: _DAYS[d.group(1).lower()], m.group(0)))


_WEEK = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY_SPAN = re.compile(r"\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*(?:-|\u2013|to|through|thru)\s*"
                       r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)  # (a document's, read again for every claim checked against it)
def day_spans(text: str) -> str:
    """A document's span of weekdays with the days inside it said too ("Fri-Sun: Salzburg" is
    "Friday-Sunday saturday: Salzburg"): each day of the span is a day it speaks of."""
    text = abbreviations(text)
    if not _DAY_SPAN.search(text):
        return text

    def inner(m: re.Match[str]) -> str:
        a, b = _WEEK.index(m.group(1).lower()), _WEEK.index(m.group(2).lower())
        days = [_WEEK[(a + k) % 7] for k in range(1, (b - a) % 7)]
        return f"{m.group(0)} {' '.join(days)}" if days else m.group(0)
    return _DAY_SPAN.sub(inner, text)


_SMALL = {w: n for n, w in enumerate(
    """zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
    sixteen seventeen eighteen nineteen twenty""".split())} | {"thirty": 30, "forty": 40, "fifty": 50,
                                                               "sixty": 60, "seventy": 70, "eighty": 80,
                                                               "ninety": 90}
_SMALL_WORD = r"(\d{1,3}|" + "|".join(sorted(_SMALL, key=len, reverse=True)) + r")"
# "two metres forty" is 2.40 metres, as people say heights and depths
_METRES = re.compile(r"\b" + _SMALL_WORD + r"\s+(metres?|meters?)\s+" + _SMALL_WORD + r"\b(?!\s*(?:metres?|meters?|cm|centimet))")
_DECIMAL_ZEROS = re.compile(r"\b(\d+)\.(\d*?)0+\b")


def _metres(m: re.Match[str]) -> str:
    whole = int(m.group(1)) if m.group(1).isdigit() else _SMALL[m.group(1)]
    part = int(m.group(3)) if m.group(3).isdigit() else _SMALL[m.group(3)]
    if part >= 100:
        return m.group(0)
    return f"{whole}.{part:02d} metres"


def _decimal(m: re.Match[str]) -> str:
    return f"{m.group(1)}.{m.group(2)}" if m.group(2) else m.group(1)


_NUMBER_SIGN = re.compile(r"\b(?:no|nr|num)\.?\s*(?=\d)")


def spoken(text: str) -> str:
    """Lower-cased ``text`` with spoken times, dates and percentages in written form. Each rewrite
    runs only when a word it needs is there: this is on every token's path."""
    # (an ASCII text has a digit exactly where the pattern \d finds one; any other text is read
    # character by character, as str.isdigit has it)
    digits = _ANY_DIGIT.search(text) is not None if text.isascii() else any(c.isdigit() for c in text)
    if digits and ("no" in text or "nr" in text or "num" in text):
        text = _NUMBER_SIGN.sub("number ", text)  # "No. 41" numbers an entry; it negates nothing
    if "metre" in text or "meter" in text:
        text = _METRES.sub(_metres, text)
    if ("second" in text or "hour" in text) and ("met" in text or "miles" in text):
        text = _RATE_SAID.sub(lambda m: _RATE_WRITTEN.get((m.group(1), m.group(2)), m.group(0)), text)
    if "a.m" in text or "p.m" in text:
        clocked = _WORD_AMPM.sub(lambda m: f"{_HOUR_NUMBERS[m.group(1)]}{m.group(2)}m", text)
        digits = digits or clocked != text  # (a clock now stands where a word did)
        text = clocked
    if digits:
        if "%" in text:
            text = _PERCENT.sub(" percent", text)
        text = _AMPM.sub(_ampm, text)
    if "per cent" in text or "percent" in text:
        text = _PERCENT.sub(" percent", text)
    if "noon" in text or "midday" in text or "midnight" in text:
        text = _NOON.sub(lambda m: "12am" if m.group(0) == "midnight" else "12pm", text)
    if "hundred" in text:
        text = _HUNDRED_HOURS.sub(_hundred_hours, text)
        text = _AT_HUNDRED.sub(_at_hundred, text)
    if "hundred" in text and "oh" in text:
        text = _OH_HUNDRED.sub(_hundred_hours, text)  # "oh-six-hundred": the "oh" says a clock
    if "hundred" in text and "day " in text:  # "Wednesday twenty-one hundred": a day's clock time
        text = _DAY_HUNDRED.sub(lambda m: f"{m.group(1)} {_hundred_hours(m, 2)}", text)
    if digits:
        if "kt" in text:
            text = _KNOTS.sub(r"\1 knots", text)
        if "m" in text or "g" in text:  # (the letters ``_LETTER_UNIT`` needs)
            text = _LETTER_UNIT.sub(lambda m: f"{m.group(1)} {_LETTER_UNITS[m.group(2)]}", text)
        if "." in text and _DOTTED_ANY.search(text):  # "passed at 6.42": a clock, said with a dot
            text = _DOTTED_LIST.sub(_dotted_list, text)
            text = _DOTTED_CLOCK.sub(r"\1 \2:\3", text)
            text = _SERVICE_DOTTED.sub(lambda m: (m.group(1) or "") + m.group(2).replace(".", ":"), text)
        if "0" in text and _ZERO_STAMP.search(text):  # a log stamped "0620 ... 0915 ...": its "2230 personal msg" is a stamp too
            text = _OPENING_STAMP.sub(lambda m: _from24(int(m.group(1)), int(m.group(2)), True), text)
            if "-" in text:
                text = _STAMPED_SPAN.sub(_stamped_span, text)
        if _FOUR_FIGURES.search(text):
            text = _MILITARY.sub(_military, text)
        if ":" in text:
            text = _H24.sub(_h24, text)
    if (digits or "hundred" in text) and _RANGE_SEPARATOR.search(text):
        text = _range_ends(text)  # "0500-2100", "6am to fourteen-hundred": the other end is a clock too
    if digits and ("in " in text or "out " in text or "arr" in text or "dep" in text) \
            and (":" in text or "am" in text or "pm" in text):  # (``_CLOCK_END`` needs one of them)
        text = _SHORTHAND.sub(lambda m: _MOVES[m.group(1).rstrip(".")], text)  # "in 12pm wed, out 6am thu"
        if "arr." in text or "dep." in text or "dept." in text or "arrs." in text or "depts." in text:
            text = _SHORTHAND_AT.sub(lambda m: _MOVES[m.group(1)], text)
    # spoken clock forms first, then the part of the day: "half past six in the evening" is 6:30pm
    if "minute" in text:  # "seven minutes past eleven", "three minutes to nine": any count of minutes
        text = _MINUTES_PAST.sub(_minutes_past, text)
    if " past " in text or " after " in text:
        text = _PAST.sub(_past, text)
    if " past " in text:
        text = _COUNT_PAST.sub(_minutes_past, text)
    if " to " in text or " till " in text or " before " in text:
        text = _TO.sub(_to, text)
    if "half " in text:
        text = _HALF_BRITISH.sub(_half_british, text)
    if "clock" in text:
        text = _OCLOCK.sub(_oclock, text)
    if "morning" in text or "afternoon" in text or "evening" in text or "night" in text:  # (``_DAYPART_WORD``)
        text = _DAYPART.sub(_daypart, text)
    if "twenty" in text or "thirty" in text:
        text = _COMPOUND_ORDINAL.sub(_compound_ordinal, text)
    if "first" in text or "second" in text:
        text = _LOW_ORDINAL.sub(_low_ordinal, text)
        text = _THE_LOW_ORDINAL.sub(lambda m: "the 1st" if m.group(1) == "first" else "the 2nd", text)
    if "." in text and "0" in text:
        text = _DECIMAL_ZEROS.sub(_decimal, text)  # 2.40 is 2.4
    if any(h in text for h in _HEDGE_STEMS) and _HEDGE_WORD.search(text):
        text = _HEDGED_HOUR.sub(_hedged_hour, text)  # "about seven": 7ish, near 7:10 but not said to be 7:00
    return text


# the cheap looks that say whether a costlier pattern of ``spoken`` can match at all: a dotted clock
# (``_DOTTED_LIST``, ``_DOTTED_CLOCK``), four figures of a clock (``_MILITARY``), a hedge word
_DOTTED_ANY = re.compile(r"\d\.[0-5]\d")
_FOUR_FIGURES = re.compile(r"[0-2]\d[0-5]\d")
_HEDGE_STEMS = ("about", "around", "roughly", "approximately", "nearly", "almost", "circa", "toward", "gone")


# A whole hour said with a hedge ("about seven", "around 7pm", "a little after two": the lexicon
# reads the last as "about") is written with "ish": only such an hour may stand for a clock time a
# few minutes off it (``same_time``); "at 7" said plainly is 7:00, not the 07:10 of a timetable.
# (Not an hour that counts something: "about 7 men", "about 7 hours".)
APPROXIMATE = "ish"
_HEDGES = r"about|around|roughly|approximately|nearly|almost|circa|towards?|gone"
_HEDGE_WORD = re.compile(rf"\b(?:{_HEDGES})\s")
_HEDGED_HOUR = re.compile(
    rf"\b((?:{_HEDGES})\s+(?:like\s+)?)" + _HOUR + r"(am|pm)?\b(?![:.]\d|\s*(?:-|/|%|percent\b|per\b|of\b|dozen\b"
    r"|hundred\b|thousand\b|men\b|people\b|feet\b|foot\b|[a-z]+s\b))")


def _hedged_hour(m: re.Match[str]) -> str:
    hour = _hour(m.group(2))
    if hour is None or not 1 <= hour <= 12:
        return m.group(0)
    return f"{m.group(1)}{hour}{m.group(3) or ''}{APPROXIMATE}"


_DAYPART_WORD = re.compile(r"morning|afternoon|evening|night")
_NOON = re.compile(r"\b(?:noon|midday|midnight)\b(?!\s*(?:meal|mass|bell|watch))")


ORDINALS = {w: f"{n}{'rd' if n % 10 == 3 and n != 13 else 'th'}" for w, n in _ORDINAL_WORDS.items()
            if w not in ("first", "second")}

_CLOCK_TOKEN = re.compile(r"^(\d{1,2})(?::(\d{2}))?([ap]m)?(?:ish)?$")
_NEAREST_FIVE = 2  # minutes a time said to the nearest five may be off
_ROUNDING = 10  # minutes: "two" is 2:05, "a little after two"; it is not 2:30


@lru_cache(maxsize=65536)
def time_of(token: str) -> tuple[int, int, str] | None:
    """(hour 1-12, minute, "am" | "pm" | "") for a clock token ("9:40", "2am", "12:30pm"), or a
    bare hour ("2"); None for anything else."""
    m = _CLOCK_TOKEN.match(token)
    if not m:
        return None
    hour = int(m.group(1))
    if not 1 <= hour <= 12:
        return None
    return hour, int(m.group(2) or 0), m.group(3) or ""


def same_time(a: str, b: str) -> bool | None:
    """Whether two tokens name the same moment, when both read as clock times and one of them is
    written as one (a colon or am/pm); None when this is not a comparison of times. A whole hour
    said with a hedge ("about two", "a little after two": 2ish) matches a time ten minutes either
    side (02:05); one said plainly ("at 7") only its own (07:00, and the nearest five minutes of a
    time written to the minute, as "a quarter past two" is of 02:14)."""
    if not (":" in a or ":" in b or a.endswith(("m", APPROXIMATE)) or b.endswith(("m", APPROXIMATE))):
        return None
    ta, tb = time_of(a), time_of(b)
    if ta is None or tb is None:
        return None
    if ta[2] and tb[2] and ta[2] != tb[2]:
        return False
    da, db = (ta[0] % 12) * 60 + ta[1], (tb[0] % 12) * 60 + tb[1]
    diff = abs(da - db)
    diff = min(diff, 720 - diff)
    if diff == 0:
        return True
    if (ta[1] % 5 == 0) != (tb[1] % 5 == 0) and diff <= _NEAREST_FIVE:
        return True  # "quarter past two" for 02:14: people round to five minutes
    hedged = (ta[1] == 0 and a.endswith(APPROXIMATE)) or (tb[1] == 0 and b.endswith(APPROXIMATE))
    return hedged and diff <= _ROUNDING


_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# full names in any case; abbreviations only capitalised ("Sun 02:14", not "the sun")
_WEEKDAY = re.compile(r"\b((?i:" + "|".join(_WEEKDAYS) + r")|Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun|MON|TUES?|WED|THU|FRI|SAT|SUN)\b")
_ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_RELATIVE_DAY = re.compile(r"\b(tomorrow|today|tonight|yesterday)\b", re.IGNORECASE)
_OFFSET = {"tomorrow": 1, "today": 0, "tonight": 0, "yesterday": -1}
_SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6}


@lru_cache(maxsize=4096)
def weekday_of(text: str) -> int | None:
    """The day of the week a line or a date names (0 is Monday): "Fri 02:14", "2026-03-06"."""
    m = _ISO_DATE.search(text)
    if m:
        import datetime

        try:
            return datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3))).weekday()
        except ValueError:
            return None
    m = _WEEKDAY.search(text)
    if not m:
        return None
    word = m.group(1).lower()
    return _WEEKDAYS.index(word) if word in _WEEKDAYS else _SHORT_DAYS.get(word)


@lru_cache(maxsize=4096)
def resolve_relative_days(text: str, dated: int | None = None) -> str:
    """A document's "tomorrow", "today" and "yesterday" with the day they name beside them, from
    the day its line opens with ("Mon: ... back tomorrow") or the document's date: so that an
    NPC who says "back on Tuesday" is read against what the note meant."""
    if not _RELATIVE_DAY.search(text):
        return text
    out = []
    for line in text.split("\n"):
        found = _RELATIVE_DAY.search(line)
        day = weekday_of(line[: found.start()]) if found else None
        if day is None:
            day = dated
        if found and day is not None:
            line = _RELATIVE_DAY.sub(lambda m: f"{m.group(1)} {_WEEKDAYS[(day + _OFFSET[m.group(1).lower()]) % 7]}", line)
        out.append(line)
    return "\n".join(out)
