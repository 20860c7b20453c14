"""Which sentences of an NPC's speech state facts about the world.

Only a factual sentence needs a citation. A greeting, a question, an admission of ignorance, an
order to the player or a feeling ("i don't trust you") claims nothing a document could back, and
flagging it would make an honest NPC fail. The test is structural rather than a list of bad
words: a sentence is factual when it names something that must match exactly (a number, a time, an
address, a name the NPC's world knows) or when it predicates something of a third party; it is a
stance when the speaker talks about their own attitude or evaluates something.

Hearsay states what it reports ("word is he broke his arm"), and a subject with a verb of action in
the past ("corp security raided the pickup") is a statement even without a determiner. Stage
directions ("*leans closer*"), exclamations ("God help 'em") and words of address ("friend", or
"mon ami" in the speaker's own tongue) in the middle of a sentence claim nothing; nor does a
condition ("if the sea allows"), the speaker's advice ("so I'd not cross today"), or a sentence
the speaker marks as their view ("..., I find") unless it names something exact or tells of an
event."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from bot.dialogue.words import (
    EVALUATIVE, STOPWORDS, after_title, REPORTING, content_stems, in_dictionary, informative, is_anchor, is_numeric,
    raw_tokens, stem,
)


class Kind(str, Enum):
    QUESTION = "question"
    UNCERTAIN = "uncertain"  # "never heard of it", "not telling you"
    SOCIAL = "social"  # greetings, orders to the player, addressing, attribution
    STANCE = "stance"  # the speaker's feelings and opinions
    FRAGMENT = "fragment"  # content without a subject ("at sundown now", "rats, most likely")
    FACT = "fact"  # a statement about the world


MARKER = re.compile(
    r"\s*[\[(]\s*((?:E\d+|self|S?\d+)(?:\s*[,;/]\s*(?:E\d+|self|S?\d+))*)\s*[\])]", re.IGNORECASE
)
_SENTENCE_END = re.compile(
    r"(?:[.!?]+|\u2026)(?:" + MARKER.pattern + r")*(?=\s|$)|\n+", re.IGNORECASE
)
_CLAUSE_SPLIT = re.compile(r"(?<!\d),|,(?!\d{3}\b)|;|:(?=\s)|\s(?:but|though|although)\s|\s[-\u2013\u2014]+\s|\.\.\.", re.IGNORECASE)

_UNCERTAIN = re.compile(
    r"\b(?:(?:i\s+)?(?:don'?t|do\s+not|didn'?t|doesn'?t|does\s+not)\s+(?:really\s+)?know|dunno|no\s+idea|no\s+clue|not\s+a\s+clue"
    r"|never\s+heard|haven'?t\s+heard|not\s+heard|not\s+sure|unsure|(?:can'?t|cannot|couldn'?t|could\s+not)\s+(?:rightly\s+|really\s+|honestly\s+|truly\s+|properly\s+)?say|can'?t\s+help"
    r"|cannot\s+help|can'?t\s+tell\s+you|couldn'?t\s+tell|beats\s+me|search\s+me|who\s+knows"
    r"|wouldn'?t\s+know|not\s+familiar|unfamiliar|drawing\s+a\s+blank|draw\s+a\s+blank|news\s+to\s+me"
    r"|(?:got|have|ain'?t\s+got)\s+nothing\s+on|nothing\s+on\s+(?:that|it|this|'?em|them)|no\s+(?:info|intel|word|data|files?|records?)\s+on"
    r"|don'?t\s+recall|can'?t\s+remember|doesn'?t\s+ring\s+a\s+bell|rings?\s+no\s+bells?|not\s+something\s+i\s+know"
    r"|no\s+comment|not\s+telling|won'?t\s+(?:say|tell)|none\s+of\s+your\s+business|not\s+for\s+you"
    r"|ask\s+(?:someone|somebody)\s+else|not\s+(?:my|a)\s+(?:department|area)|out\s+of\s+my\s+league"
    r"|keep\s+that\s+to\s+myself|not\s+sharing|not\s+gonna\s+(?:say|tell|share)"
    r"|not\s+(?:a\s+name|something|anything|anyone|someone)\s+i\s+(?:know|recogni[sz]e|remember)"
    r"|no\s+records?\s+of|nothing\s+on\s+file|no\s+(?:data|information|entry|entries|mention)\s+(?:on|about|of|for)"
    r"|not\s+in\s+(?:my|our|the)\s+(?:records|files|logs|database|catalogue|catalog)|unknown\s+to\s+me"
    r"|i\s+know\s+of\s+no|(?:no|ain'?t\s+no|isn'?t\s+any|there'?s\s+no)\s+[\w\s'-]{1,30}?\s+(?:that\s+)?i\s+(?:know|knew|heard)\s+of"
    r"|not\s+that\s+i(?:'ve|\s+have|'d|\s+would)?\s+(?:ever\s+)?(?:seen|heard|know|knew|recall|noticed|remember)"
    r"|never\s+(?:seen|heard\s+of|come\s+across)\s+(?:such|any|one|it|that|the\s+like|anything)"
    r"|(?:have|got)\s+no\s+(?:record|word|knowledge|notion)\s+of|nothing\s+like\s+that"
    r"|no\s+such\s+(?:thing|place|person|man|woman|ship|book|tomb|job|name)"
    r"|can(?:'?t|not)\s+speak\s+(?:of|to|about)|beyond\s+me|couldn'?t\s+say|wouldn'?t\s+have\s+a\s+clue"
    r"|any(?:body|one)'?s\s+guess|your\s+guess\s+is\s+as\s+good|not\s+(?:mine|for\s+me)\s+to\s+(?:tell|say)"
    # what nobody can know, the speaker included ("I reckon nobody knows", "none can say")
    r"|(?:nobody|no\s*-?\s*one|none)\s+(?:(?:really|rightly|truly)\s+)?(?:knows|can\s+(?:say|tell))(?!\s+(?:but|except|save)\b))\b",
    re.IGNORECASE,
)

_FIRST_PERSON = frozenset({"i", "i'm", "i've", "i'd", "i'll", "im", "ive", "me", "myself"})
_SECOND_PERSON = frozenset({"you", "you're", "you've", "you'd", "you'll", "youre", "ya", "u", "your", "yourself"})
_THIRD_PRONOUN = frozenset({"he", "she", "they", "it", "he's", "she's", "they're", "it's", "its", "that's", "there's"})
_LEADING_FILLER = frozenset(
    """yeah yep yup nah nope well look listen man dude ok okay so honestly frankly heh huh hmm oh
    alright sure hey yo and but now see anyway if""".split()
)
AFFECTIVE = frozenset(
    """trust distrust like love hate miss respect care dig dislike fear worry mind prefer want need
    hope enjoy admire loathe despise appreciate owe""".split()
)
EPISTEMIC = frozenset("think guess reckon believe bet figure suppose suspect doubt wonder feel".split())
HEDGES = EPISTEMIC | frozenset({"maybe", "probably", "perhaps", "seems", "seem", "sounds", "looks", "mean",
                                 "depends", "depend"})
# Nouns that name nothing in particular: "bob's a good sort" evaluates bob and states nothing else.
_VAGUE = frozenset(stem(w) for w in "sort sorts kind kinds type types thing things stuff bit fellow chap".split())
_IMPERATIVE = frozenset(
    """get go keep stay watch leave come listen look stop quit be take bring tell ask talk mind
    forget remember move beat scram chill relax shut cover check find wait hang hold back off
    don't dont never do let make try give show buzz bounce split step use earn please kindly""".split()
)
# What opens a statement about a third party: a determiner, a possessive or a third-person
# pronoun. A clause opening otherwise, with no name or number in it, is a fragment, an order or
# an interjection ("earn it first", "long nights", "plenty of hoods come through here").
_SUBJECT_OPENERS = frozenset(
    """the a an this that these those some every each any all both most many several half our their
    his her its my he she they it we he's she's they're it's that's there's there we're we've we'll
    we'd they've they'll they'd he'll she'll it'll it'd there'll theirs ours someone somebody
    everyone everybody anyone anybody nobody""".split()
)
# Words by which a speaker addresses the listener ("Captain, ...", "..., pal"): not a subject.
_ADDRESS = frozenset(
    """captain sir ma'am madam boss chief doc doctor sheriff lieutenant ensign commander sergeant
    officer detective kid friend stranger mister miss lord lady chummer choom partner pardner son
    girl boy lad lass mate pal dear dearie dearest love darling honey sweetie sweetheart sugar
    precious pet duck hun newbie noob rookie my young old good brother sister father mother
    ma'am padre señor senor amigo child""".split()
)
_TO_SPEAKER = re.compile(r"\b(?:to|see|find|visit|ask|tell|call|fetch|wake)\s+me\b", re.IGNORECASE)
_REPORTING_VERBS = frozenset({"says", "said", "say", "according", "per"})
_HYPOTHETICAL = re.compile(r"^\W*(?:(?:so|and|but|then|well|honestly)\s+)?i(?:'d|\s+would|\s+wouldn'?t|\s+might|\s+could"
                           r"|\s+couldn'?t|\s+should|\s+shouldn'?t)\b", re.IGNORECASE)
_CONDITIONS = frozenset({"if", "unless", "provided", "assuming", "whether"})
# A polite order in the speaker's voice: "I'd thank you not to ask twice", "I must ask you to wait".
_REQUEST = re.compile(r"^\W*(?:(?:and|so|but|now)\s+)?i(?:'d|'ll|\s+would|\s+will|\s+must|\s+have\s+to)\s+"
                      r"(?:thank|ask|beg|trouble)\s+(?:you|thee|ye)\s+(?:kindly\s+)?(?:not\s+)?to\b", re.IGNORECASE)
# The player sent on to someone who would know ("ask the Commander", "you'd best talk to Hale",
# "you'll have to ask Madame herself"), and the speaker's own station ("it ain't my place to ask",
# "not mine to say"): whom to ask is no fact about the world, only a name of it, which may be known.
_REFERRAL = re.compile(
    r"^\W*(?:(?:and|so|but|then|well|now)\s+)?(?:(?:you|ye|thee|tha|thou)(?:'d|'ll|\s+would|\s+will|\s+could|\s+should"
    r"|\s+might|\s+must|\s+may|\s+can)?\s+(?:(?:have|need|want|ought)\s+to\s+|better\s+|best\s+|do\s+well\s+to\s+)?"
    r"|(?:best|better)\s+)?(?:go\s+(?:and\s+)?)?(?:ask|consult|talk\s+(?:to|with)|speak\s+(?:to|with)|check\s+with"
    r"|take\s+it\s+up\s+with|put\s+it\s+to|inquire\s+of|enquire\s+of)\b",
    re.IGNORECASE,
)
_NOT_MY_PLACE = re.compile(
    r"\b(?:(?:it|that|this)(?:'s|\s+is|\s+was|\s+ain'?t|\s+isn'?t|\s+wasn'?t)\s+(?:not\s+)?(?:my|mine)\s+(?:place|business|job|concern|affair|call)"
    r"|not\s+(?:my|mine)\s+(?:place|business|job|concern|affair|call|to\s+(?:say|tell|blab|ask|judge|question))"
    r"|none\s+o[f']?\s+my\s+(?:business|concern|affair))\b",
    re.IGNORECASE,
)
# "..., I find", "if you ask me, ...": the speaker marks the whole sentence as their own view
_PARENTHETICAL = re.compile(
    r"^\W*(?:(?:or\s+|so\s+)?i\s+(?:find|think|reckon|guess|suppose|believe|feel|figure|bet|imagine|expect|daresay)"
    r"|if\s+you\s+ask\s+me|in\s+my\s+(?:opinion|view|book|experience)|to\s+my\s+mind|if\s+i'?m\s+honest)\W*$",
    re.IGNORECASE,
)
_PERSONAL = frozenset("he she they it he's she's they're it's we we're we've".split())
_MODAL = re.compile(r"\b(?:will|would|could|might|may|should|must|shall|ought)\b|\w'(?:ll|d)\b", re.IGNORECASE)
# a saying about people in general ("anybody who tells you different is selling something")
_GENERIC_SUBJECT = frozenset("anybody anyone everybody everyone whoever".split())
# Exclamations and asides: "God help 'em", "praise be", "between you and me", "mark my words".
_EXCLAMATION = re.compile(
    r"^\W*(?:(?:and\s+|oh\s+)?(?:god|gods|lord|heaven|heavens|christ|saints?)\s+(?:help|knows|willing|bless|forbid|save"
    r"|preserve|above|alive|be\s+praised|be\s+thanked|be\s+with\s+\w+|have\s+mercy)|thanks\s+be\s+to\s+\w+|praise\s+be|thank\s+(?:god|heavens?|the\s+lord)"
    r"|bless\s+(?:you|me|him|her|them|'?em|my\s+soul|his\s+heart|her\s+heart)|so\s+help\s+me|mark\s+my\s+words"
    r"|mind\s+you|between\s+(?:you\s+and\s+me|us|ourselves)|if\s+you\s+please|you\s+know|i\s+tell\s+you"
    r"|sure\s+as\s+\w+|no\s+thanks\s+to|for\s+what\s+it'?s\s+worth|if\s+you\s+ask\s+me|as\s+i\s+live"
    # the NPC on why it now speaks: "thou hast shown thyself trustworthy", "since I trust you", "hear it"
    r"|(?:you|thou|ye)(?:'ve|\s+have|\s+hast)?\s+(?:shown|proven|proved|earned)\s+(?:you|thy|your|ye)\w*"
    r"|(?:it|this|that)\s+(?:pains|grieves|saddens|troubles|hurts|irks|gladdens|pleases|shames|sickens)\s+me"
    r"|(?:(?:since|as|because|now\s+that)\s+)?i\s+(?:now\s+)?trust\s+(?:you|thee|ye)(?:\s+now)?"
    r"|(?:so\s+)?(?:hear\s+(?:it|me|this)|here\s+(?:it\s+is|'?tis)|i\s+(?:shall|will|may|can)\s+(?:speak|say\s+it|tell\s+(?:you|thee|ye))))\b",
    re.IGNORECASE,
)
# Hearsay states what it reports: "word is...", "they say...", "Hesk hears they'll bring dogs".
_HEARSAY = re.compile(
    r"^\W*(?:and\s+|but\s+|oh\s+)?(?:word\s+(?:is|has\s+it)|rumou?r\s+(?:is|has\s+it)|(?:they|folks?|people)\s+say"
    r"|i\s+hear[d]?|i'?ve\s+heard|so\s+i\s+hear|the\s+story\s+(?:is|goes)|story\s+goes|gossip\s+is"
    r"|[a-z]+\s+hears)\s+(?!nothing|no\b|of\s+no|not\b)\w",
    re.IGNORECASE,
)
_SOCIAL_PHRASE = re.compile(
    r"\b(?:that'?s|thats|this\s+is)\s+(?:all|it|enough)\b|\benough\s+said\b|\bend\s+of\s+story\b"
    r"|^\W*(?:it\s+|that\s+|this\s+)?(?:sounds?|seems?|looks?|feels?|smells?)\s+(?:like|to\s+me|about)\b",
    re.IGNORECASE,
)
@dataclass(slots=True)
class Sentence:
    """One sentence of a speech: where it is, what it says without citation markers, and which
    evidence ids it carries inline."""

    start: int
    end: int
    text: str  # verbatim, markers included
    clean: str  # markers removed
    markers: list[str] = field(default_factory=list)
    kind: Kind = Kind.SOCIAL
    anchors: list[str] = field(default_factory=list)  # stems that must match exactly
    facts: str = ""  # its factual clauses: what evidence must support


def marker_ids(text: str) -> list[str]:
    ids: list[str] = []
    if "[" not in text and "(" not in text:
        return ids  # (every marker opens with one of them: most sentences of a speech hold none)
    for m in MARKER.finditer(text):
        for part in _ID_LIST.split(m.group(1)):
            part = part.strip()
            if part:
                ids.append(normalise_id(part))
    return ids


_ID_LIST = re.compile(r"[,;/]")


@lru_cache(maxsize=1024)  # (asked of every id of every claim and marker, several times per answer)
def normalise_id(evidence_id: str) -> str:
    """``[E1]``, ``e1``, ``E 1`` -> ``E1``; ``[self]``, ``SELF`` -> ``self``. Other spellings are kept
    (and then fail as invalid sources)."""
    value = evidence_id.strip().strip("[]()").strip().replace(" ", "")
    if value.casefold() == "self":
        return "self"
    if value[:1] in "eE" and value[1:].isdigit():
        return "E" + str(int(value[1:]))
    return value


@lru_cache(maxsize=8192)  # (a sentence is stripped by the split, the check and fail-closed alike)
def strip_markers(text: str) -> str:
    """``text`` without citation markers, and without the space they leave before punctuation."""
    cleaned = MARKER.sub("", text) if "[" in text or "(" in text else text
    cleaned = _SPACE_BEFORE_STOP.sub(r"\1", cleaned)
    if "  " in cleaned or "\t" in cleaned:  # (what ``_SPACES`` needs: two blanks in a row)
        cleaned = _SPACES.sub(" ", cleaned)
    return cleaned.strip()


_SPACE_BEFORE_STOP = re.compile(r"\s+([.,;:!?])")
_SPACES = re.compile(r"[ \t]{2,}")


def split_sentences(speech: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence; a citation marker after the full stop stays with the
    sentence before it."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENTENCE_END.finditer(speech):
        if after_title(speech, m.start()):
            continue  # "Dr. Hale"
        end = m.end()
        if speech[start:end].strip():
            spans.append((start, end))
        start = end
    if speech[start:].strip():
        spans.append((start, len(speech)))
    out = []
    for s, e in spans:
        while s < e and speech[s].isspace():
            s += 1
        while e > s and speech[e - 1].isspace():
            e -= 1
        out.append((s, e))
    return out


def _anchors(tokens: tuple[str, ...], names: frozenset[str]) -> list[str]:
    return [t for t in (stem(x) for x in informative(tokens)) if is_anchor(t, names)]


_TAUTOLOGY = re.compile(r"^\W*(?:(?:a|an|the)\s+)?([a-z][\w' -]{1,40}?)(?:\s+(?:is|are)|'s)\s+(?:(?:a|an|the)\s+)?\1\W*$",
                       re.IGNORECASE)


def _clause_kind(clause: str, names: frozenset[str]) -> tuple[Kind | None, list[str]]:
    """The kind of one clause, or None when it holds nothing but names (it then takes the kind of
    a neighbouring clause: 'i don't trust alice, bob or anybody')."""
    if _UNCERTAIN.search(clause):
        return Kind.UNCERTAIN, []
    if _EXCLAMATION.match(clause) and len(raw_tokens(clause)) <= 6:
        return Kind.SOCIAL, []
    if _TAUTOLOGY.match(clause) and not any(c.isdigit() for c in clause):
        return Kind.STANCE, []  # "railway business is railway business", "a rule's a rule": a saying, no fact
    if _HEARSAY.match(clause):
        return Kind.FACT, _anchors(raw_tokens(clause), names)  # "word is he broke his arm": a claim
    tokens = raw_tokens(clause)
    if tokens and tokens[0] == "whether":
        return Kind.SOCIAL, []  # "whether they'll make it by Friday": an indirect question asks, it states nothing
    if _REQUEST.match(clause):
        if not any(a in names or not a.isdigit() for a in _anchors(tokens, names)):
            return Kind.SOCIAL, []  # "I'd thank you not to ask twice": a polite order, no record
    if _REFERRAL.match(clause) or _NOT_MY_PLACE.search(clause):
        if not any(is_numeric(a) for a in _anchors(tokens, names)):
            return Kind.SOCIAL, []  # "you'd have to ask Madame herself", "ain't my place to ask": no record
    if tokens and tokens[0] in _CONDITIONS:
        found = _anchors(tokens, names)
        if not found:
            return Kind.SOCIAL, []  # "if the sea allows": a condition, not a statement
    while tokens and tokens[0] in _LEADING_FILLER:
        tokens = tokens[1:]
    if not tokens:
        return Kind.SOCIAL, []
    anchors = _anchors(tokens, names)
    words = [stem(t) for t in informative(tokens)]
    evaluative = any(w in EVALUATIVE for w in words)
    plain = [w for w in words if w not in anchors and w not in EVALUATIVE and w not in HEDGES and w not in REPORTING
             and w not in _VAGUE]
    first = tokens[0]
    if first in ("not", "never"):
        return Kind.FRAGMENT, []  # "not on my station": a denial in passing, not a statement
    if anchors and not plain and not evaluative:
        return None, anchors
    if first in _REPORTING_VERBS and len([w for w in words if w not in REPORTING]) <= 2:
        return Kind.SOCIAL, []  # "..., says Reed's wire": who said it, not what
    if _HYPOTHETICAL.match(clause) and not any(is_numeric(a) or a in names for a in anchors):
        return Kind.STANCE, []  # "so I'd not cross today": the speaker's advice, not a record
    if first in _FIRST_PERSON:
        if any(t in AFFECTIVE or stem(t) in AFFECTIVE for t in tokens[1:5]):
            return Kind.STANCE, []  # "i don't trust alice": a feeling, even about a name
        if any(t in EPISTEMIC or stem(t) in EPISTEMIC for t in tokens[1:4]) and not anchors:
            return Kind.STANCE, []  # "i think so", "i guess you're new"
        # "i think alice left" is a hedged fact; "i cross at any hour" a statement about oneself,
        # held to a document when it cites one
        return (Kind.FACT, anchors) if anchors else (Kind.FRAGMENT, [])
    if first in _SECOND_PERSON:
        return (Kind.FACT if anchors else Kind.SOCIAL), anchors
    if not plain:
        return (Kind.STANCE if evaluative else Kind.SOCIAL), []  # "bob's solid"
    if not anchors and _SOCIAL_PHRASE.search(clause.strip()):
        return Kind.STANCE, []
    if first in _GENERIC_SUBJECT and (first == "whoever" or tokens[1:2] in (("who",), ("that",))) \
            and not any(is_numeric(a) for a in anchors):
        return Kind.STANCE, []  # "anybody who says otherwise is selling something": a saying
    if first in ("a", "an") and any(t in ("that", "who", "which") for t in tokens[2:4]) \
            and not [a for a in anchors if a != stem(tokens[1]) or is_numeric(a)] and not narrates(clause):
        # "a camel that carries water carries your life": a saying of any such camel (the word
        # after "a" is any one of its kind, never a name, even where a ledger heads a column with it)
        return Kind.STANCE, []
    if first in ("don't", "dont") and len(tokens) > 1 and tokens[1] == "let" and not any(is_numeric(a) for a in anchors):
        return Kind.SOCIAL, []  # "don't let Trelawny's smile fool you": a warning, no record
    if first in _IMPERATIVE:
        verb = tokens[1] if first in ("don't", "dont", "never", "do") and len(tokens) > 1 else first
        if not anchors or verb in AFFECTIVE:
            return Kind.SOCIAL, []  # "don't trust bob": advice, not a fact
        if _TO_SPEAKER.search(clause) and not any(is_numeric(a) for a in anchors):
            return Kind.SOCIAL, []  # "come to me after Prime": the speaker's own offer, not a record
        return Kind.FACT, anchors  # "meet alice at the arcade at 3": an order that states facts
    if not anchors and _MODAL.search(clause):
        return Kind.STANCE, []  # "she'll fly", "it might rain": a guess, not a record
    if anchors or first in _PERSONAL or (first in _SUBJECT_OPENERS and len(plain) >= 2):
        return Kind.FACT, anchors  # ("the wind", "that's the crew": a noun phrase, no statement)
    if len(plain) >= 3 and any(_finite(t) for t in tokens[1:]):
        return Kind.FACT, anchors  # "corp security raided the pickup": a subject and its verb
    return Kind.FRAGMENT, []


_FINITE = frozenset(
    """is are was were has had will did does won't wasn't weren't hasn't hadn't didn't doesn't
    broke took went came got made left found saw gave sold bought stole ran fell paid kept lost won
    knew told brought caught fought hid held hit hurt led let met put read rode rose sent set shot
    shut slept spent stood struck swore threw wore wrote drove ate drank began blew chose drew flew
    forgot froze grew hung rang sang sank shook spoke stuck swam tore woke bit built burnt burned
    dug fled lent meant sat sold sought taught thought understood wept won been""".split()
)
_NOT_PAST = frozenset(
    """red bed need seed speed feed bred shed hundred sacred naked wicked ragged rugged crooked
    beloved learned aged blessed cursed bled fled wed shred sled""".split()
)


_PRESENT = frozenset("is are has will does won't hasn't doesn't".split())


def _finite(token: str) -> bool:
    """A verb form that makes a clause a statement: a past tense or an auxiliary."""
    return token in _FINITE or (len(token) >= 5 and token.endswith("ed") and token not in _NOT_PAST)


_STATES = _PRESENT | frozenset("was were had did wasn't weren't hadn't didn't".split())


def narrates(text: str) -> bool:
    """Whether ``text`` tells of something that happened: a verb of action in the past after its
    first word, and three words that say something. An event is a claim about the world; a maxim
    ("the sand keeps its secrets") or a mood ("the old days were better") is not."""
    tokens = raw_tokens(text)
    if len([w for w in informative(tokens) if w not in EVALUATIVE]) < 3:
        return False
    return any(_finite(t) and t not in _STATES for t in tokens[1:])


def _foreign_address(tokens: tuple[str, ...], names: frozenset[str]) -> bool:
    """One or two words of address in the speaker's own tongue ("mon ami", "menino"): no word
    English knows, no name of this world, and no number."""
    if not 1 <= len(tokens) <= 2:
        return False
    if len(tokens) == 2 and tokens[0] in _POSSESSIVE_ADDRESS and tokens[0] != "my":
        # "mein Freund", "mon Ami": a possessive of address in the speaker's tongue, whatever the
        # word after it (German writes every noun capitalised, so it reads as a name)
        return tokens[1].isalpha() and len(tokens[1]) > 2
    words = tokens[1:] if len(tokens) == 2 and tokens[0] in _POSSESSIVE_ADDRESS else tokens
    return all(t.isalpha() and len(t) > 2 and stem(t) not in names and t not in names and not _english(t)
               for t in words)


@lru_cache(maxsize=8192)
def _english(token: str) -> bool:
    return in_dictionary(token) or token in STOPWORDS or token in EVALUATIVE


_POSSESSIVE_ADDRESS = frozenset({"my", "mon", "ma", "mes", "mi", "mio", "mia", "mein", "meine", "mijn", "moj", "moya"})


def _vocative(clause: str, index: int, count: int, names: frozenset[str] = frozenset()) -> bool:
    """A first or last clause that only addresses the listener ("Captain", "my child"), or a
    single word of address between two ("nobody knows, friend, nobody"), in English or in the
    speaker's own tongue ("mon ami")."""
    if count < 2:
        return False
    tokens = raw_tokens(clause)
    if _foreign_address(tokens, names):
        return True
    if index not in (0, count - 1):
        return len(tokens) == 1 and tokens[0] in _ADDRESS
    if len(tokens) == 2 and tokens[0] == "my":
        return True
    return bool(tokens) and all(t in _ADDRESS for t in tokens)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a sentence does: its kind, the anchors its factual clauses hold, and the text of its
    statements (factual clauses, or else subject-less fragments): what a document must support,
    greetings and feelings around it left out."""

    kind: Kind
    anchors: tuple[str, ...] = ()
    facts: str = ""


# A stage direction ("*leans closer*", "_sighs_"): what the character does, not what it claims.
_STAGE = re.compile(r"\*[^*\n]{1,80}\*|(?<!\w)_[^_\n]{1,80}_(?!\w)")
_ENUMERATION = re.compile(
    r"^\s*(?:(?:statement|point|step|note|fact|observation|answer|response|reply)\s*#?\d+\s*[:.)-]|\d{1,2}[.)])\s*",
    re.IGNORECASE,
)


# A signal word or two in capitals ("NEGATIVE.", "QUERY LOGGED."): how a machine voice speaks.
_SIGNAL = re.compile(r"^[A-Z][A-Z'-]+(?:\s+[A-Z][A-Z'-]+){0,2}\s*[.!]*$")


# a list of three or more short items: "flour, bacon, whiskey and the mail" (a figure's thousands
# comma is no list: "N4,500 by bus and N6,000 by car")
_LISTED = re.compile(r"(?:[\w'-]+\s+){0,2}[\w'-]+(?:\s*,\s*(?:[\w'-]+\s+){0,2}[\w'-]+)+,?\s+(?:and|or)\s+"
                     r"(?:[\w'-]+\s+){0,2}[\w'-]+")
_ITEM_SPLIT = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_GROUPED_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")


def listed_items(text: str) -> list[list[str]]:
    """The items of each list of three or more that ``text`` gives, in order (the few words
    before the first comma count as the first item: "brings flour" of "brings flour, bacon and
    mail")."""
    if "," not in text:
        return []
    text = _GROUPED_THOUSANDS.sub("", text)
    out = []
    for match in _LISTED.finditer(text):
        items = [i for i in _ITEM_SPLIT.split(match.group(0)) if i.strip()]
        if len(items) >= 3:
            out.append(items)
    return out


def continues_list(clean: str, facts: str) -> bool:
    """Whether what ``classify`` reads as the fact of ``clean`` is only the start of a list the
    clause goes on with ("The Bella brings flour" of "...flour, bacon, whiskey and mail"): the
    fragments after it are its items, as much stated as the first."""
    return facts != clean and any(facts.rstrip().endswith(items[0].strip()) for items in listed_items(clean))


def classify(clean: str, names: frozenset[str]) -> Reading:
    """How a sentence (markers already removed) reads. A leading "Statement 1:" or "2." only
    numbers the statement.

    The reading asks ``names`` only whether a token of one of the sentence's clauses, or its stem,
    is a name, so it is memoised under those names alone: the same sentence read again with the
    names of another speech around it (the answer re-checked after a sentence was dropped, a
    claim and the sentence it backs) is not read twice."""
    return _classify(clean, names & _looked_up(clean))


def _clauses_of(clean: str) -> tuple[str, list[str]]:
    text = _STAGE.sub(" ", _ENUMERATION.sub("", clean)).strip()
    return text, [c for c in _CLAUSE_SPLIT.split(text) if c and c.strip()]


@lru_cache(maxsize=8192)
def _looked_up(clean: str) -> frozenset[str]:
    """Every word ``classify`` may look up among the names: each token of each clause, and its stem."""
    tokens = [t for c in _clauses_of(clean)[1] for t in raw_tokens(c)]
    return frozenset(tokens) | frozenset(stem(t) for t in tokens)


@lru_cache(maxsize=8192)
def _classify(clean: str, names: frozenset[str]) -> Reading:
    text = _STAGE.sub(" ", _ENUMERATION.sub("", clean)).strip()
    if not text:
        return Reading(Kind.SOCIAL)
    if text.endswith("?"):
        return Reading(Kind.QUESTION)
    if _SIGNAL.match(text) and not any(c.isdigit() for c in text):
        return Reading(Kind.SOCIAL)  # "NEGATIVE.", "QUERY LOGGED.": a machine's signal word, no claim
    clauses = [c for c in _CLAUSE_SPLIT.split(text) if c and c.strip()]
    if len(clauses) > 1 and any(_PARENTHETICAL.match(c) for c in clauses):
        # "the gulls are better company than most, I find"; not "the mill burned down, I believe"
        if not any(_anchors(raw_tokens(c), names) or narrates(c) for c in clauses):
            return Reading(Kind.STANCE)
    parts = [(Kind.SOCIAL, []) if _vocative(c, i, len(clauses), names) else _clause_kind(c, names)
             for i, c in enumerate(clauses)]
    kinds: list[Kind] = []
    found_by: list[list[str]] = []
    for i, (kind, found) in enumerate(parts):
        if kind is None:  # a clause of bare names takes its neighbour's kind
            # (an aside between, "It answers, if one can call it that, to Bartholomew", is no
            # neighbour: the names finish the statement before it)
            before = [k for k, _ in parts[:i] if k is not None]
            after = [k for k, _ in parts[i + 1 :] if k is not None]
            if Kind.SOCIAL in before and any(k is not Kind.SOCIAL for k in before):
                before = [k for k in before if k is not Kind.SOCIAL]
            kind = before[-1] if before else after[0] if after else Kind.FACT
            if kind is not Kind.FACT and Kind.FACT in (*before, *after):
                kind = Kind.FACT  # "the new girl, Patty Lyle, starting in March": the names are stated
            if kind is Kind.SOCIAL:  # "Lord Ambrose, if you must know": the names are the answer
                kind = Kind.FRAGMENT
        kinds.append(kind)
        found_by.append(found)
    for kind in (Kind.FACT, Kind.UNCERTAIN, Kind.STANCE, Kind.FRAGMENT):
        if kind in kinds:
            stating = Kind.FACT if kind is Kind.FACT else Kind.FRAGMENT
            chosen = [i for i, k in enumerate(kinds) if k is stating]
            anchors = tuple(a for i in chosen for a in found_by[i]) if stating is Kind.FACT else ()
            return Reading(kind, anchors, ", ".join(clauses[i].strip() for i in chosen))
    return Reading(Kind.SOCIAL)


def sentences(speech: str, names: frozenset[str]) -> list[Sentence]:
    """The speech cut into classified sentences, ``names`` being the words that are names."""
    out = []
    for start, end in split_sentences(speech):
        text = speech[start:end]
        clean = strip_markers(text)
        reading = classify(clean, names)
        out.append(Sentence(start, end, text, clean, marker_ids(text), reading.kind, list(reading.anchors), reading.facts))
    return out


def is_exclamation(clause: str) -> bool:
    """An aside that claims nothing: "God be thanked", "mark my words"."""
    return bool(_EXCLAMATION.match(clause)) and len(raw_tokens(clause)) <= 6


def is_hearsay(text: str) -> bool:
    return bool(_HEARSAY.match(text))


def is_uncertain(text: str) -> bool:
    return bool(_UNCERTAIN.search(text))


def words_of(text: str) -> list[str]:
    """Informative stems of a text, for overlap between a claim and a sentence."""
    return list(content_stems(text))
