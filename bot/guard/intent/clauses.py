"""A message's words, with their offsets, cut into steps.

Why separate: everything after this works on tokens, never on the raw text, so what is not the
player's action at all (quoted speech, Discord markup, OOC asides, another language) and where
one step ends and the next begins are decided once, here, before any verb is looked at.
Blanking rather than deleting keeps every token at its offset in the original text, so each
intent's ``words`` are the player's own characters. A message evidently not in English is
recognised here, so that it goes to the LLM as one ambiguous intent and is never blocked.
"""

from __future__ import annotations

import re

from bot.guard.intent.model import _Tok
from bot.guard.lexicon.nouns import FOOD, GEAR
from bot.guard.lexicon.verbs import (
    MANNER_OF_WAY, MODALS, PARTICLES, PREPOSITIONS, PRONOUNS_BEING, PRONOUNS_SELF, PRONOUNS_THING, SUBJECT_FIRST,
    SUBJECT_THIRD, VERBS, try_verb, verb_lemma,
)
from bot.guard.lexicon.wordclass import noun_codes, verb_base
from bot.guard.lexicon.words import DETERMINERS


# -- preparation ------------------------------------------------------------------------------

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'", "`": " "})
_SPEECH = re.compile(r'"[^"\n]*(?:"|$)')
_MARKUP = re.compile(r"<a?:\w+:\d+>|<[@#][!&]?\d+>|:[a-z0-9_+-]+:|[*_~|>#]+|\bhttps?://\S+")
_OOC = re.compile(r"\(\((?:[^)]|\)(?!\)))*\)\)|\(\s*ooc\b[^)]*\)?|\[\s*ooc\b[^\]]*\]?|//\s*ooc.*$|\booc\s*:.*$", re.I | re.M)
_TOKEN = re.compile(
    r"§\d+|[A-Za-zÀ-ÖØ-öø-ɏ]+(?:['-][A-Za-zÀ-ÖØ-öø-ɏ]+)*(?:-\d+(?:'s)?)?'?|\d+(?:[.,]\d+)?|\.\.\.+|[.!?;:,\n]|—|–|(?<=\s)-(?=\s)"
)
_HARD = frozenset({".", "!", "?", ";", "\n", ":"})
# Titles abbreviated with a full stop that ends no sentence: "Mr. Darcy", "Lt. Doyle".
_ABBREVIATION = re.compile(
    r"\b(Mr|Mrs|Ms|Mx|Dr|St|Prof|Rev|Fr|Sr|Jr|Capt|Cpt|Lt|Sgt|Cpl|Pvt|Col|Gen|Maj|Adm|Cmdr|Insp|Det|Gov|Sen|Rep|Hon|Mt|Messrs|Mme|Mlle)\.(?=\s+[A-Z])"
)
_SOFT = frozenset({",", "—", "–", "-", "..."})
_PROSE_MARK = re.compile(r"^\s*[*_>]")


def _prepare(text: str) -> tuple[str, list[str]]:
    """Same-length working copy: speech -> "§n" placeholders, markup and OOC -> spaces."""
    work = text.translate(_QUOTES)
    speeches: list[str] = []

    def speech(m: re.Match[str]) -> str:
        s = m.group(0)
        inner = s.strip('"').strip()
        if not inner or len(s) < 4:
            return " " * len(s)
        tag = f"§{len(speeches)}"
        speeches.append(inner)
        return tag + " " * (len(s) - len(tag)) if len(s) >= len(tag) else " " * len(s)

    # Each pass runs only when the text has a character every match of its pattern needs
    # (most messages are plain words), which leaves the text as the pass would.
    if '"' in work:
        work = _SPEECH.sub(speech, work)
    if "." in work:
        work = _ABBREVIATION.sub(lambda m: m.group(1) + " ", work)  # "Mr. Darcy" is one phrase
    if "(" in work or "[" in work or "/" in work or ":" in work:
        work = _OOC.sub(lambda m: " " * len(m.group(0)), work)
    if "*" in work or "_" in work:
        work = _EMOTE.sub(_emote_end, work)
    if not _MARKUP_CHARS.isdisjoint(work):
        work = _MARKUP.sub(lambda m: " " * len(m.group(0)), work)
    return work, speeches


# Every match of ``_MARKUP`` has one of these ("<" of a mention, ":" of an emoji or a link).
_MARKUP_CHARS = frozenset("<:*_~|>#")


# An emote between asterisks or underscores ("*flashes my badge* federal agent, nobody move"):
# one that opens a line: its closing mark ends the deed, so the words after it are a sentence of their own, not more
# of the emote's object.
_EMOTE = re.compile(r"^([ \t]*)([*_])(?![*_\s])([^*_\n]+?)(?<![*_\s])\2(?=[ \t]+[\w§])", re.M)


def _emote_end(m: re.Match[str]) -> str:
    return m.group(1) + " " + m.group(3) + "."


def _tokenize(work: str) -> list[_Tok]:
    out = []
    for m in _TOKEN.finditer(work):
        t = m.group(0)
        low = t.casefold()
        if low.endswith("'") and not low.endswith("s'"):
            low = low[:-1]
        out.append(_Tok(t, low, m.start(), m.end(), t[:1].isupper()))
    for i, tok in enumerate(out):
        if tok.low == "w" and i + 1 < len(out) and out[i + 1].low[:1].isalpha() and not (i and verb_lemma(out[i - 1].low) in _HEADING):
            tok.low = "with"  # chat shorthand: "unlock it w the key", "w/ my knife"; "head w" is west
    return out


# Verbs after which a lone "w" is a compass point, not "with".
_HEADING = frozenset({"go", "head", "walk", "run", "ride", "move", "turn", "sail", "travel", "drive", "march", "fly"})


# -- language gate ----------------------------------------------------------------------------

_ENGLISH = frozenset(
    """i me my we our you your he she it they them his her their the a an and or but to of in on
    at with for from into onto up down out over through then this that is are was be am do
    not no at by as so if all some any what where who how why""".split()
)
_FOREIGN = frozenset(
    """je tu il elle nous vous ils le la les un une des du au aux et est avec pour dans sur mon
    ma mes ton sa ses ce cette qui que ne pas yo el los las del con por para mi mis su sus una
    es y en al lo muy ich du er sie wir ihr der die das den dem ein eine einen und ist mit
    auf zu zum zur nicht mein meine dein sein ihre io lui noi voi il gli della delle nel
    sono eu você o os um uma com não meu minha seu sua na no da de ik jij hij het een met
    niet mijn ja nie jest się na w z do że""".split()
)


def _foreign(tokens: list[_Tok]) -> bool:
    """Whether the text is evidently not English (then it is left to the LLM, never blocked)."""
    words = [t.low for t in tokens if t.low[:1].isalpha()]
    if not words:
        return False
    non_latin = sum(1 for w in words if not w.isascii())
    if non_latin * 2 >= len(words):
        return True
    fr = sum(1 for w in words if w in _FOREIGN and w not in _ENGLISH)
    if fr < 2:
        return False  # nearly every message: no need to look up each word's verb
    en = sum(1 for w in words if w in _ENGLISH or verb_lemma(w) is not None)
    return fr > en


# -- clause splitting -------------------------------------------------------------------------

# Words usually nouns, so "and <word>" at the end of a phrase is a list, not a new step...
_NOUNISH = frozenset(
    """drink rest light fire cast charge swing kick punch hit look search climb walk run dash
    step order shot shield whip bow hammer club saw hand head back wave nod dance play lift
    pass cross return staff spear lash pick stake net bolt mace stone rock tip slide sling duck
    bat file stick date cheese bread water wine ale stew meal food salt rope torch iron spice
    smoke drum whistle strike jab cut slash stab hack chop bite claw butcher brew guard tail
    light coat plate""".split()
)
# ...unless it is one of these, which stand alone as actions ("I draw my sword and charge").
_INTRANSITIVE = frozenset(
    "charge rest run dash flee hide duck dodge wait sleep retreat strike swing look search climb jump leap parry pray sit kneel listen watch attack".split()
)
_OBJECT_START = DETERMINERS | PRONOUNS_BEING | PRONOUNS_THING | PRONOUNS_SELF | PREPOSITIONS | PARTICLES


def _is_adverb(low: str) -> bool:
    return len(low) > 4 and low.endswith("ly") and verb_lemma(low) is None and low not in ("fly", "rally", "bully", "apply", "reply", "supply", "tally")


_PHRASAL_PARTICLES = frozenset({"out", "up", "down", "off", "over", "around", "round"})


def _phrasal_at(toks: list[_Tok], k: int) -> bool:
    """Whether ``toks[k]`` is a verb the tables lack used with its particle before an object
    ("scope out the fixer", "size up the guard"): a noun in a list is not followed by a particle
    and then a determiner ("bread and cheese out of the sack" has "of")."""
    if k + 2 >= len(toks):
        return False
    low, part, obj = toks[k].low, toks[k + 1].low, toks[k + 2].low
    return (
        low.isalpha() and len(low) > 2 and part in _PHRASAL_PARTICLES and (obj in DETERMINERS or obj in PRONOUNS_BEING)
        and obj not in ("of",) and low not in FOOD and low not in GEAR
    )


# "have" whose deed is the noun after "a" ("have a look", "have a word with him"): otherwise
# skipped as an auxiliary, which left "the gate and have a look" one object of "open".
_LIGHT_VERBS = frozenset({"have"})


# Pronouns only ever an object: what comes just before one is a verb ("and mix him a draught").
_OBJECT_PRONOUNS = frozenset("it him them me us myself himself herself themselves ourselves".split())


# "off" or "away" after "I'm" or "we're", then where to: a going, told without a verb.
_BE_OFF = frozenset({"off", "away"})
_BEING_SUBJECTS = frozenset({"i'm", "im", "we're", "am", "are"})


def _off_to(toks: list[_Tok], k: int) -> bool:
    """Whether ``toks[k]`` is the "off" of "I'm off to the Paris Garden" (a going)."""
    return (
        0 < k < len(toks) - 1 and toks[k].low in _BE_OFF and toks[k - 1].low in _BEING_SUBJECTS
        and toks[k + 1].low in ("to", "for", "into", "toward", "towards")
    )


def _verb_at(toks: list[_Tok], j: int, is_name=None) -> bool:
    """Whether a verb phrase starts at ``toks[j]`` (after fillers and a subject)."""
    n = len(toks)
    k = j
    seen_subject = False
    while k < n:
        low = toks[k].low
        if low in ("then", "also", "just", "now", "again", "quickly", "finally", "immediately") or _is_adverb(low):
            k += 1
            continue
        if not seen_subject and (low in SUBJECT_FIRST or low in SUBJECT_THIRD):
            seen_subject = True
            k += 1
            continue
        if low in ("let", "lets") and k + 1 < n and toks[k + 1].low not in ("me", "us", "'s", "s"):
            return True  # "and let him out", "let the horses go": letting someone do a thing, a deed
        if low in _LIGHT_VERBS and k + 2 < n and toks[k + 1].low in ("a", "an", "another") and toks[k + 2].low.isalpha():
            return True  # "and have a look at ...": a light verb and its deed
        if low in MODALS and low not in ("and", "so", "but", "all", "both"):
            k += 1
            continue
        if try_verb(low) and k + 2 < n and toks[k + 1].low == "to" and verb_lemma(toks[k + 2].low):
            k += 2
            continue
        break
    if k >= n:
        return False
    if _off_to(toks, k):
        return True  # ", I'm off to the docks"
    low = toks[k].low
    lemma = verb_lemma(low)
    if lemma is None:
        # a verb the tables lack, then its object or particle ("and seep under the door"); not
        # a word that is mostly a thing ("bread and cheese for two")
        nxt = toks[k + 1].low if k + 1 < n else ""
        if _phrasal_at(toks, k):
            return True  # "and scope out the fixer", "and size up the guard": a verb and its particle
        if nxt in MANNER_OF_WAY and k + 2 < n and toks[k + 2].low in PREPOSITIONS and verb_base(low) is not None and low.isalpha():
            return True  # "and melt straight through the wall": a verb, its manner, its way
        if nxt == "to" and k + 2 < n and verb_lemma(toks[k + 2].low) is not None:
            return False  # "my flint and steel to light the candle": a thing, then its purpose
        if nxt in ("thru", "through") and k + 2 < n and toks[k + 2].low in ("his", "her", "their", "its") and verb_base(low) is not None and low.isalpha():
            return True  # "and rifle thru his charts": a verb, then the someone's things it goes through
        if nxt in _OBJECT_PRONOUNS and verb_base(low) is not None and low.isalpha():
            return True  # "and mix him something": no thing's name is followed by "him"; a verb's is
        if (
            verb_base(low) is not None and low.isalpha() and nxt in ("the", "that", "this") and k + 2 < n
            and is_name is not None and is_name(toks[k + 2].text) and (k + 3 >= n or toks[k + 3].low in _HARD or toks[k + 3].low in _SOFT or toks[k + 3].low in PREPOSITIONS or toks[k + 3].low in ("and", "then"))
        ):
            return True  # "and deck the bouncer": a verb, then someone present as its object
        return (
            seen_subject is False and verb_base(low) is not None and nxt in _OBJECT_START and low.isalpha()
            and noun_codes(low)[:1] in ("", "X", "H", "U") and low not in FOOD and low not in GEAR
        )
    if lemma not in VERBS:
        # a verb the table lacks, recognisable by its ending and an object ("and brings it down")
        nxt = toks[k + 1].low if k + 1 < n else ""
        return low != lemma and (nxt in _OBJECT_START)
    if low in _NOUNISH and not seen_subject:
        nxt = toks[k + 1].low if k + 1 < n else ""
        if nxt and nxt in _OBJECT_START or nxt.isdigit():
            return True
        if nxt and toks[k + 1].cap and is_name is not None and is_name(toks[k + 1].text):
            return True  # "I draw a seax and stab Ulfar": the verb, then someone present
        if not nxt or nxt in _HARD or nxt in _SOFT:
            return lemma in _INTRANSITIVE
        return False
    return True


# A clause about a thing or the situation, not a deed: "it's sticking", "that is odd", "there's a draft".
_REMARK_SUBJECTS = frozenset({"it", "that", "this", "there", "which"})
_REMARK_CONTRACTED = frozenset(
    {"it's", "its", "it'll", "it'd", "that's", "thats", "that'll", "there's", "theres", "this's", "what's", "whats", "who's", "he's", "she's", "they're", "he'd", "she'd", "they'd"}
)
_COPULAS = frozenset({"is", "was", "isn't", "wasn't", "seems", "seemed", "looks", "looked", "feels", "felt", "has", "had", "keeps", "kept", "won't", "will", "would", "might", "must", "can't", "cannot", "should"})


def _remark_at(toks: list[_Tok], j: int) -> bool:
    """Whether a clause whose subject is a thing or the situation starts at ``toks[j]`` ("tap the
    gauge, it's sticking"): a comment after a comma, never a continuation of the object."""
    if j >= len(toks):
        return False
    low = toks[j].low
    if low in _REMARK_CONTRACTED:
        return True
    if low in _REMARK_SUBJECTS and j + 1 < len(toks):
        nxt = toks[j + 1].low
        return nxt in _COPULAS or (verb_lemma(nxt) is not None and nxt.endswith("s") and nxt not in DETERMINERS)
    return False


def _split(toks: list[_Tok], is_name=None) -> list[tuple[list[_Tok], bool]]:
    """Steps, each with whether it continues the previous one's sentence (and shares its subject)."""
    steps: list[tuple[list[_Tok], bool]] = []
    cur: list[_Tok] = []
    joined = False

    def close(next_joined: bool = True) -> None:
        nonlocal cur, joined
        if cur:
            steps.append((cur, joined))
        cur = []
        joined = next_joined

    n = len(toks)
    i = 0
    while i < n:
        t = toks[i]
        low = t.low
        if low in _HARD:
            close(False)
        elif low in _SOFT:
            if _verb_at(toks, i + 1) or (i + 1 < n and toks[i + 1].low in ("then", "and", "i", "we")) or _remark_at(toks, i + 1):
                close()
            else:
                cur.append(t)
        elif low == "then" and cur:
            close()
        elif low == "after" and i + 1 < n and toks[i + 1].low == "that":
            close()
            i += 1
        elif low in ("afterwards", "afterward", "thereafter") and cur:
            close()
        elif low in ("and", "&", "but", "or", "plus", "n", "an'", "'n'", "'n") and cur:
            if i + 1 < n and toks[i + 1].low == "then":
                close()
            elif _verb_at(toks, i + 1, is_name):
                close()
            else:
                cur.append(t)
        elif low in ("before", "after", "while", "whilst", "as") and cur and i + 1 < n and toks[i + 1].low.endswith("ing") and verb_lemma(toks[i + 1].low) in VERBS:
            close()
        else:
            cur.append(t)
        i += 1
    close()
    return steps
