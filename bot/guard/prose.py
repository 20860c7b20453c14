"""Reading English narration well enough to tell events from colour.

The checks need to know, for every word, whether it is part of something *happening now in the
scene*. Words inside quotes are speech; a clause after "she says her brother once..." is a story
about the past; "like a ghost" is a simile; "you try to climb" and "no key" are not events. This
module reads a narration once into tokens with those flags and chunks it into noun phrases (with
their determiner, count, owner and head noun), so every check works from the same reading instead
of each running its own regular expressions over raw text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.guard import vocabulary as V
from bot.guard.lexicon import wordclass as W

_TOKEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9'’\-]*[A-Za-z0-9])?|\S")
_SENTENCE_END = re.compile(
    r"[.!?…]+[\"'”’)\]*_]*(?=\s+[\"“‘'(\[*_>]*[A-Z0-9]|\s*$)|\n\s*\n")
CLAUSE_PUNCT = frozenset(",;:—–()[]")
CLAUSE_WORDS = frozenset({"but", "yet", "however", "though", "although", "while", "whereas",
                          "until", "before", "after", "because", "so", "then", "whilst"})

_NEGATORS = frozenset({"not", "never", "nothing", "nobody", "none", "neither", "nor", "without",
                       "cannot", "unable", "no", "nowhere", "hardly", "barely", "fails",
                       "fail", "failed", "failing", "almost", "nearly", "unless", "if",
                       "would", "could", "might", "wish", "wishes", "imagine", "imagines",
                       "pretend", "pretends", "pretending", "whether"})
_ATTEMPTS = frozenset({"try", "tries", "tried", "trying", "attempt", "attempts", "attempted",
                       "attempting", "strain", "strains", "want", "wants", "wanted", "hope",
                       "hopes", "mean", "means", "prepare", "prepares", "threaten",
                       "threatens", "about", "ready", "struggle", "struggles", "seek", "seeks",
                       "reach", "reaches", "grope", "gropes", "fumble", "fumbles", "search",
                       "searches", "look", "looks", "feel", "feels", "pat", "pats"})
_REPORTING = frozenset(
    "says said tells told explains explained recounts recounted recalls recalled mentions "
    "mentioned claims claimed insists insisted warns warned whispers whispered mutters "
    "muttered swears swore boasts boasted murmurs murmured confides confided admits admitted "
    "remembers remembered reminisces grumbles grumbled laments lamented jokes joked rambles "
    "brags bragged notes noted adds added describes described sings sang speaks spoke talks "
    "talked explaining telling saying claiming swearing recalling describing muttering "
    "whispering insisting singing speaking talking rumbles rumbled gossips gossiped "
    "reports reported relates related continues continued".split())
_NO_BARE_CLAUSE = frozenset("sings sang singing speaks spoke speaking talks talked talking "
                            "continues continued rumbles rumbled".split())
_REPORT_OPENERS = frozenset({"that", "how", "about", "of", "you", "him", "her", "them", "his",
                             "their", "its", "a", "an", "the", "once", "some", "one", ":", "me",
                             "us", "stories", "tales", "when", "why", "where", "what", "who"})
_SPOKEN_ACTS = frozenset({"words", "word", "incantation", "spell", "prayer", "name", "blessing",
                          "curse", "chant", "rite", "ritual", "invocation", "command"})
_STORY_NOUNS = frozenset({"story", "stories", "tale", "tales", "legend", "legends", "rumour",
                          "rumours", "rumor", "rumors", "ballad", "ballads", "song", "songs",
                          "myth", "myths", "fable", "fables", "saga", "sagas", "chronicle",
                          "chronicles", "memory", "memories", "dream", "dreams", "nightmare",
                          "nightmares", "account", "anecdote"})
_TIME_PAST = re.compile(
    r"\b(?:years|long|ages|centuries|decades|months|weeks|days|generations) ago\b|"
    r"\bin (?:his|her|their|my|your|our) (?:youth|day|days|time|prime)\b|"
    r"\bas an? (?:girl|boy|child|lad|lass|youngster|young \w+)\b|\bused to\b|\bback when\b|"
    r"\bin the old days\b|\bin days of old\b|\bonce upon a time\b|"
    r"\blast (?:winter|summer|spring|autumn|fall|year|month|week|night|season)\b|"
    r"\bthe night (?:a|an|the|that|when)\b|\bthe day (?:a|an|the|that|when)\b|"
    r"\bwhen (?:he|she|they|i|we) (?:was|were) (?:young|a)\b|\bbefore the war\b")
_PAST_ONCE = re.compile(r"[\w,]\s+once\s+(?!more\b|again\b|or\b|and\b|inside\b|there\b|you\b|he\b|"
                        r"she\b|they\b|it\b|we\b|the\b|in\b|on\b|out\b|through\b)[a-z]+")
_SIMILE = frozenset({"like", "resembling", "resembles", "unlike"})
# Figures of speech that name creatures or things without putting them in the scene.
_IDIOMS = re.compile(
    r"\b(?:fl(?:y|ies|ew|ying) into an? (?:\w+ )?(?:rage|fury|frenzy|temper|passion|panic|"
    r"tantrum|fit|sulk|huff|paroxysm)|fl(?:y|ies|ew|ying) off the handle|"
    r"(?:sparks|fur|feathers|words|insults|accusations|rumou?rs|fists|blows) (?:begin to |start "
    r"to )?fl(?:y|ies|ew)|the fur flies|time flies|bear hugs?|crocodile tears|dog[- ]tired|dog days|cat ?naps?|horse sense|horseplay|"
    r"bull'?s[- ]eye|lion'?s share|snake oil|red herring|wild goose chase|puppy[- ]dog eyes|"
    r"pig[- ]headed|bird'?s[- ]eye|fish out of water|hawk[- ]eyed|eagle[- ]eyed|early bird|"
    r"night owl|dark horse|lone wolf|black sheep|scapegoat|copycat|fat cat|top dog|underdog|"
    r"dog[- ]eared|cold turkey|sitting duck|elephant in the room|butterflies in (?:\w+ )?"
    r"stomach|rat race|guinea pig|monkey business|wolfs? down|wolfed down|chicken out|"
    r"rabbit hole|bats in (?:the|his|her) belfry|snail'?s pace|beeline|bookworm|"
    r"cat got (?:your|his|her) tongue|hold (?:your|his|her) horses|straight from the horse'?s "
    r"mouth|(?:a |the )?cat(?:'s)?[- ]and[- ]mouse|(?:a )?frog in (?:\w+ )?throat|"
    r"(?:a |the )?crow'?s[- ]feet|goosebumps|goose bumps|goose ?flesh|pins and needles|"
    r"sword of damocles|(?:a )?bone to pick|(?:a )?feather in (?:\w+ )?cap|the devil'?s luck|"
    r"devil[- ]may[- ]care|speak of the devil|dragon'?s breath|(?:a |the )?hair of the dog|"
    r"(?:the )?dogs? of war|(?:a )?horse laugh|(?:a )?pig'?s ear|when pigs fly|"
    r"(?:like|as) a moth to (?:a |the )?flame|ghost of a smile|ghost of (?:a|an) \w+|"
    r"the ghost of (?:a|an|her|his) \w+|no ghost of)\b")
# One word of every idiom above, to skip the scan when none is there (kept to uncommon words).
_IDIOM_WORDS = frozenset(
    "bear hug hugs crocodile dog dogs cat catnap catnaps horse horses horseplay bull bull's lion "
    "lion's snake herring goose puppy pig pigs pig's bird bird's fish hawk eagle owl sheep "
    "scapegoat copycat turkey duck underdog elephant butterflies rat guinea tired days "
    "monkey wolf wolfs wolfed chicken rabbit bats snail snail's beeline bookworm "
    "frog crow crow's goosebumps goose gooseflesh pins sword bone feather devil "
    "devil's dragon dragon's hair moth ghost fly flies flew flying fur feathers sparks "
    "words insults accusations rumours rumors fists blows time".split())
_DEPICTION = frozenset(
    "painting paintings carving carvings statue statues tapestry tapestries mural murals image "
    "images engraving engravings icon icons effigy effigies tattoo tattoos sketch sketches "
    "drawing drawings portrait portraits figurine figurines emblem emblems crest crests sigil "
    "sigils banner banners relief reliefs mosaic mosaics likeness picture pictures sign signs "
    "toy toys model models skull skulls pelt pelts hide hides skin skins trophy trophies bones "
    "shape shapes silhouette silhouettes outline outlines shadow shadows smell scent stench "
    "reek sound sounds noise noises cry cries howl howls roar call calls song songs size "
    "story stories tale tales memory thought thoughts fear fears stuff talk rumour rumor word "
    "words name names head heads mask masks costume costumes form".split())


@dataclass(slots=True)
class Token:
    text: str
    low: str  # lowercase, curly apostrophes made straight
    base: str  # low without a possessive 's
    start: int
    end: int
    kind: str  # word | num | punct
    sent: int = 0
    clause: int = 0
    cap: bool = False
    initial: bool = False  # first word of a sentence or of a quotation
    possessive: bool = False
    quoted: bool = False
    muted: bool = False  # quoted, story about the past, simile or depiction: not an event
    negated: bool = False  # inside a negation, attempt or hypothetical


@dataclass(slots=True)
class Phrase:
    """A noun phrase: determiner, modifiers and head, as token indices into the reading."""

    start: int
    end: int  # exclusive
    head: int
    det: str = ""  # a, the, your, his, another, two, bram's ...
    owner: str = ""  # the possessor when the determiner is possessive: your, his, bram ...
    count: int | None = None
    of_head: int | None = None  # head of an "of" complement: "a stick of *dynamite*"
    name: bool = False  # a chain of capitalised words
    pronoun: bool = False
    new: bool = False  # "another", "a second", "an extra": one more than there was
    ordinal: int | None = None  # "a fourth goblin": 4

    def tokens(self, r: Reading) -> list[Token]:
        return r.tokens[self.start:self.end]

    def text(self, r: Reading) -> str:
        return r.text[r.tokens[self.start].start:r.tokens[self.end - 1].end]

    def words(self, r: Reading) -> list[str]:
        return [t.base for t in r.tokens[self.start:self.end] if t.kind != "punct"]

    def core(self, r: Reading) -> list[str]:
        """The words after the determiner."""
        out = []
        for t in r.tokens[self.start:self.end]:
            if t.kind == "punct":
                continue
            out.append(t.base)
        if self.det and out and out[0] == self.det.split("'")[0]:
            out = out[1:]
        return out

    def head_low(self, r: Reading) -> str:
        return r.tokens[self.head].base

    def content_head(self, r: Reading) -> str:
        """The head that names the thing: the complement of a partitive ("pack of *wolves*")."""
        h = r.tokens[self.head].base
        if self.of_head is not None and V.lemma(h) in V.PARTITIVES:
            return r.tokens[self.of_head].base
        return h


@dataclass(slots=True)
class Reading:
    text: str
    tokens: list[Token]
    sentences: list[tuple[int, int]]  # character spans
    sentence_tokens: list[tuple[int, int]]  # token index spans
    phrases: list[Phrase] = field(default_factory=list)
    phrase_at: dict[int, Phrase] = field(default_factory=dict)  # token index -> phrase
    masked: str = ""  # lowercase text with muted and negated words blanked
    memo: dict[str, Any] = field(default_factory=dict)  # things checks derive once per reading

    def phrase_after(self, i: int, skip: frozenset[str] = frozenset()) -> Phrase | None:
        """The noun phrase starting at token ``i`` (after skipping particles in ``skip``)."""
        n = len(self.tokens)
        while i < n and self.tokens[i].low in skip:
            i += 1
        return self.phrase_at.get(i)

    def phrase_containing(self, i: int) -> Phrase | None:
        index = self.memo.get("phrase_of")
        if index is None:
            index = {}
            for p in self.phrases:
                for k in range(p.start, p.end):
                    index.setdefault(k, p)
            self.memo["phrase_of"] = index
        return index.get(i)

    def token_at(self, char: int) -> int:
        """Index of the first token that ends after character ``char``."""
        ends = self.memo.get("ends")
        if ends is None:
            ends = [t.end for t in self.tokens]
            self.memo["ends"] = ends
        i = bisect_right(ends, char)
        return min(i, len(self.tokens) - 1) if self.tokens else 0

    def token_from(self, char: int) -> Token | None:
        """The first token starting at or after character ``char``."""
        starts = self.memo.get("starts")
        if starts is None:
            starts = [t.start for t in self.tokens]
            self.memo["starts"] = starts
        i = bisect_left(starts, char)
        return self.tokens[i] if i < len(self.tokens) else None

    def span_text(self, a: int, b: int) -> str:
        """Text of tokens a..b (inclusive)."""
        return self.text[self.tokens[a].start:self.tokens[b].end]

    def event(self, t: Token) -> bool:
        return not t.muted and not t.negated

    @property
    def words(self) -> frozenset[str]:
        """Every word of the narration (as written and without a possessive), for the checks'
        cheap "could this pattern match at all?" tests."""
        ws = self.memo.get("words")
        if ws is None:
            ws = frozenset({t.low for t in self.tokens} | {t.base for t in self.tokens})
            self.memo["words"] = ws
        return ws

    def mentions(self, triggers: frozenset[str], stems: tuple[str, ...] = ()) -> bool:
        """Does any word match a trigger, or start with one of the stems?"""
        ws = self.words
        if not ws.isdisjoint(triggers):
            return True
        if not stems:
            return False
        prefixes = self.memo.get("prefixes")
        if prefixes is None:
            prefixes = {w[:k] for w in ws for k in range(3, min(len(w), 9) + 1)}
            self.memo["prefixes"] = prefixes
        return any(stem in prefixes if len(stem) <= 9 else any(w.startswith(stem) for w in ws)
                   for stem in stems)


_ABBREVIATIONS = frozenset({"dr", "mr", "mrs", "ms", "st", "mt", "capt", "lt", "sgt", "prof",
                            "gen", "col", "rev", "sr", "jr", "vs", "no", "cpt", "cmdr", "maj",
                            "fr", "sen", "gov", "pvt", "cpl", "adm", "insp", "det", "etc"})
_WORD_BEFORE = re.compile(r"([A-Za-z]+)\.$")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of the sentences of ``text`` (whitespace trimmed)."""
    spans = []
    start = 0
    for m in _SENTENCE_END.finditer(text):
        if m.group(0) == ".":
            w = _WORD_BEFORE.search(text, max(0, m.start() - 6), m.start() + 1)
            if w is not None and w.group(1).lower() in _ABBREVIATIONS:
                continue
        end = m.end()
        _add_span(text, start, end, spans)
        start = end
    _add_span(text, start, len(text), spans)
    return spans


def _add_span(text: str, a: int, b: int, spans: list[tuple[int, int]]) -> None:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    if b > a:
        spans.append((a, b))


_QUOTE_CHARS = re.compile("[\"“”‘]")


def _single_quote_end(text: str, i: int, closer: str) -> int:
    """Where a quotation opened by a single quote at ``i`` closes: the first quote mark that is
    neither an apostrophe inside a word ("That'd", "landlord's") nor another opening, within the
    paragraph; a plural possessive ("the guards' room") closes only when no later mark does."""
    n = len(text)
    end = text.find("\n\n", i)
    end = n if end == -1 else end
    j = text.find(closer, i + 1, end)
    fallback = -1
    while j != -1:
        nxt = text[j + 1] if j + 1 < n else ""
        prev = text[j - 1]
        if not nxt.isalnum() and not prev.isspace():
            if prev in "sS" and nxt == " " and j + 2 < n and text[j + 2].islower():
                if fallback == -1:
                    fallback = j  # "the guards' room": maybe a possessive, maybe the end
            else:
                return j
        j = text.find(closer, j + 1, end)
    return fallback


def _quote_mask(text: str) -> list[bool]:
    inside = [False] * len(text)
    if not _QUOTE_CHARS.search(text) and " '" not in text and not text.startswith("'"):
        return inside
    state = False
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            state = not state
        elif c == "“":
            state = True
        elif c == "”":
            inside[i] = True
            state = False
            i += 1
            continue
        elif c in "‘'" and (i == 0 or text[i - 1].isspace() or text[i - 1] in "([—–-") and \
                i + 1 < n and (text[i + 1].isalnum() or text[i + 1] in "…."):
            j = _single_quote_end(text, i, "’" if c == "‘" else "'")
            if j != -1:
                for k in range(i, j + 1):
                    inside[k] = True
                i = j + 1
                continue
        inside[i] = state or c == '"'
        i += 1
    return inside


def _tokenize(text: str) -> list[Token]:
    out = []
    append = out.append
    for m in _TOKEN.finditer(text):
        s = m.group(0)
        a, b = m.span()
        c = s[0]
        if c.isalpha():
            low = s.lower()
            if "’" in low:
                low = low.replace("’", "'")
            if low.endswith("'s"):
                append(Token(s, low, low[:-2], a, b, "word", 0, 0, c.isupper(), False, True))
            elif low.endswith("s'") and len(low) > 2:
                append(Token(s, low, low[:-1], a, b, "word", 0, 0, c.isupper(), False, True))
            else:
                append(Token(s, low, low, a, b, "word", 0, 0, c.isupper(), False, False))
        elif c.isdigit():
            low = s.lower()
            kind = "num" if s.replace(",", "").isdigit() else "word"
            append(Token(s, low, low, a, b, kind))
        else:
            append(Token(s, s, s, a, b, "punct"))
    return out


@lru_cache(maxsize=512)
def read(text: str, names: frozenset[str] = frozenset(),
         bigrams: frozenset[str] = frozenset()) -> Reading:
    """Read a narration once; the result is shared by every check (and cached per text).

    ``names`` are lowercase words the scene uses as proper names ("zero", "marrow"), so that a
    sentence-initial "Zero mutters" is read as a person; ``bigrams`` are word pairs from the
    scene's multiword names ("lock picks") that must stay inside one noun phrase."""
    tokens = _tokenize(text)
    spans = sentence_spans(text)
    qmask = _quote_mask(text)
    sentence_tokens: list[tuple[int, int]] = []
    ti = 0
    for si, (_, b) in enumerate(spans):
        first = ti
        while ti < len(tokens) and tokens[ti].start < b:
            tokens[ti].sent = si
            ti += 1
        sentence_tokens.append((first, ti))
    prev_quoted = False
    seen_word_in: set[int] = set()
    for idx, t in enumerate(tokens):
        t.quoted = qmask[t.start] if t.start < len(qmask) else False
        t.muted = t.quoted
        if t.kind in ("word", "num"):
            # the first word of a sentence, of a quotation or after a colon or a dash opens it;
            # leading markdown (*, _, >) and quote marks do not count
            first_in_sentence = t.sent not in seen_word_in
            seen_word_in.add(t.sent)
            after_opener = idx > 0 and tokens[idx - 1].kind == "punct" and (
                tokens[idx - 1].low in (":", "—", "–") or (tokens[idx - 1].low in "\"“‘'"
                                                          and t.quoted != prev_quoted))
            t.initial = t.kind == "word" and (first_in_sentence or after_opener
                                              or (t.quoted and not prev_quoted))
        prev_quoted = t.quoted
    if not _IDIOM_WORDS.isdisjoint({t.base for t in tokens}):
        for m in _IDIOMS.finditer(text.lower()):
            for t in tokens:
                if t.start < m.end() and t.end > m.start():
                    t.muted = True
    for k in range(1, len(tokens) - 1):
        # "page by page", "one by one", "man to man": a repetition is a manner, not a mention
        if tokens[k].low in ("by", "to", "after", "upon") and tokens[k - 1].kind == "word" \
                and tokens[k - 1].low == tokens[k + 1].low:
            tokens[k - 1].muted = tokens[k].muted = tokens[k + 1].muted = True
    r = Reading(text=text, tokens=tokens, sentences=spans, sentence_tokens=sentence_tokens)
    _mark_clauses(r)
    _mark_story(r)
    _mark_negation(r)
    _chunk(r, names, bigrams)
    _mark_similes(r)
    r.masked = _masked(r)
    return r


def _mark_clauses(r: Reading) -> None:
    clause = 0
    toks = r.tokens
    for i, t in enumerate(toks):
        if i > 0 and toks[i - 1].sent != t.sent:
            clause += 1
        if t.kind == "punct" and t.low in CLAUSE_PUNCT:
            clause += 1
        elif t.low in CLAUSE_WORDS and not (t.low == "but" and i > 0 and toks[i - 1].low in
                                               ("nothing", "none", "all", "anything", "everyone")):
            clause += 1
        elif t.low == "and" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.low in V.SUBJECT_PRONOUNS or nxt.low in ("then", "the") or (
                    nxt.cap and not nxt.initial):
                clause += 1
        elif t.quoted and i > 0 and not toks[i - 1].quoted:
            clause += 1
        elif not t.quoted and i > 0 and toks[i - 1].quoted:
            clause += 1
        t.clause = clause


def _once_as_count(sent_low: str, m: re.Match[str]) -> bool:
    """Is "once" here a count ("nods once", "circles once around the mast") rather than the
    past ("the dragon that once burned")? A count follows a verb in the present or goes before a
    preposition."""
    before = sent_low[:m.start() + 1].split()
    after = sent_low[m.end() - len(m.group(0).split()[-1]):].split()
    nxt = after[0] if after else ""
    if nxt in V.PREPOSITIONS or nxt in ("more", "again", "twice", "and"):
        return True
    prev = before[-1].strip(",") if before else ""
    return prev.endswith("s") and not prev.endswith("ss") and prev not in ("was", "has", "is",
                                                                           "as", "this", "his",
                                                                           "its") and (
        prev in V.VERBS or W.verb_base(prev) is not None) and not W.is_known_noun(prev)


def _mark_story(r: Reading) -> None:
    toks = r.tokens
    low_text = r.text.lower()
    past = [m.start() for m in _TIME_PAST.finditer(low_text)] if (
        "ago" in low_text or "used to" in low_text or " as a" in low_text or "last " in low_text
        or " when " in low_text or "youth" in low_text or "old days" in low_text
        or "the night" in low_text or "the day" in low_text or "back when" in low_text
        or "upon a time" in low_text or "days of old" in low_text or "war" in low_text
        or " in his " in low_text or " in her " in low_text or " in their " in low_text
        or " in my " in low_text or " in your " in low_text or " in our " in low_text) else []
    has_once = "once" in low_text
    for si, (a, b) in enumerate(r.sentence_tokens):
        sa, sb = r.sentences[si]
        whole = any(sa <= p < sb for p in past)
        if not whole and has_once:
            sent_low = low_text[sa:sb]
            m = _PAST_ONCE.search(sent_low)
            if m and _once_as_count(sent_low, m):
                m = None  # "loops once around your head", "knocks once": one time, not formerly
            if m:
                # "the dragon that once burned her village bursts in": a relative clause only
                before = sent_low[:m.start() + 1].rstrip().split()
                whole = not (before and before[-1] in ("that", "which", "who"))
        if whole:
            for t in toks[a:b]:
                t.muted = True
            continue
        for i in range(a, b):
            t = toks[i]
            if t.quoted:
                continue
            nxt = toks[i + 1].low if i + 1 < b else ""
            opens = False
            if t.low in _REPORTING and nxt in _REPORT_OPENERS and nxt != ",":
                # "mutters an incantation" is an act; "mutters that ...", "says the mayor is a
                # fool" are speech
                after = toks[i + 2].low if i + 2 < b else ""
                if nxt in ("a", "an", "one", "some"):
                    opens = after in _STORY_NOUNS  # "whispers one word" is an act
                elif nxt == "the":
                    # "says the mayor is a fool" is speech; "as she sings the candles flare"
                    # is not: singing and talking take no bare clause
                    opens = after not in _SPOKEN_ACTS and t.low not in _NO_BARE_CLAUSE
                elif nxt in ("you", "him", "her", "them", "me", "us"):
                    # "tells you that ..." is speech; "tells you to leave" is not a story
                    opens = after in _REPORT_OPENERS and after not in ("you", "him", "them")
                else:
                    opens = True
            elif t.low in _STORY_NOUNS and nxt in ("of", "about", "that", "goes", "has", "says",
                                                     "tells", "told"):
                opens = True
            elif t.low == "according" and nxt == "to":
                opens = True
            if opens:
                for k in range(i + 1, b):
                    toks[k].muted = True
                break


_SCOPED_NEGATORS = frozenset({"never", "not", "hardly", "barely"})
_SUBJECTS_AFTER = frozenset({"he", "she", "they", "you", "it", "i", "we"})


def _without_object_end(toks: list[Token], i: int) -> int:
    """Where "without" stops denying: "without a word he draws a pistol" denies only the word;
    "without looking back, ..." denies to the end of the clause (the index of the last token
    it covers, or the end of the text)."""
    n = len(toks)
    if i + 1 >= n or toks[i + 1].low not in V.DETERMINERS:
        return n
    k = i + 2
    while k < n and k <= i + 7 and toks[k].kind == "word":
        nxt = toks[k + 1] if k + 1 < n else None
        if nxt is None or nxt.kind != "word":
            return k
        if nxt.low in _SUBJECTS_AFTER or (nxt.cap and not toks[k].cap):
            return k  # "without a word | he draws", "without a sound | Mara slips"
        if nxt.low in V.PREPOSITIONS and nxt.low not in ("of", "for", "to") and \
                _is_nounish(toks[k].low):
            return k  # "dropping without a sound | into the grove"
        k += 1
    return n


def _mark_negation(r: Reading) -> None:
    toks = r.tokens
    n = len(toks)
    for i, t in enumerate(toks):
        if t.kind != "word" or t.quoted:
            continue
        low = t.low
        trigger = False
        if low in _NEGATORS or low.endswith("n't"):
            trigger = True
            if low == "nothing" and i + 1 < n and toks[i + 1].low in ("but", "except", "save"):
                trigger = False
            if low == "no" and i + 1 < n and toks[i + 1].low in ("one", "longer") and \
                    i + 2 < n and toks[i + 2].low == "but":
                trigger = False
            if low in ("almost", "nearly") and i + 1 < n and toks[i + 1].low in (
                    "every", "all", "empty", "full", "dark", "silent"):
                trigger = False
        elif low in _ATTEMPTS and i + 1 < n and toks[i + 1].low in ("to", "for"):
            trigger = True
        elif low == "in" and i + 1 < n and toks[i + 1].low == "vain":
            trigger = True
        if not trigger:
            continue
        clause = t.clause
        last = n
        if low == "without":
            last = _without_object_end(toks, i)
        verb_at = -1
        for k in range(i + 1, min(n, last + 1)):
            if toks[k].clause != clause:
                break
            tk = toks[k]
            if verb_at == k - 1 and tk.low.endswith("s") and not tk.low.endswith("ss") and \
                    low in _SCOPED_NEGATORS and _participle(toks[verb_at].low) and \
                    W.verb_base(tk.low) is not None and k + 1 < n and (
                        toks[k + 1].low in _OBJECT_STARTS or toks[k + 1].low in V.PREPOSITIONS
                        or toks[k + 1].low in _PARTICLES or toks[k + 1].cap):
                break  # "a guy you've never seen | elbows her": the relative clause ends
            if verb_at < 0 and tk.kind == "word" and (tk.low in V.VERBS or (
                    W.verb_base(tk.low) is not None and not _is_nounish(tk.low))):
                verb_at = k
            tk.negated = True
        if low in ("no", "not") or low.endswith("n't"):
            continue
    # "a dagger that isn't there": the negation reaches back to the noun
    for i, t in enumerate(toks):
        if t.low in ("that", "which") and i + 1 < n and (
                toks[i + 1].low.endswith("n't") or (i + 2 < n and toks[i + 2].low == "not")):
            k = i - 1
            while k >= 0 and toks[k].kind == "word" and toks[k].clause == t.clause:
                toks[k].negated = True
                if toks[k].low in V.DETERMINERS:
                    break
                k -= 1


# --- chunking -----------------------------------------------------------------------------------

_NOUNISH = (V.ITEMS | V.CREATURES | V.PERSONS | V.PLACES | V.FIXTURES | V.ATMOSPHERE | V.BODY
            | V.CLOTHING | V.ABSTRACT | V.EXPRESSIONS | V.CROWD | V.CREATURE_PARTS | V.PARTITIVES
            | V.ANIMAL_PARTS
            | frozenset().union(*V.KIND_FIXTURES.values()))
_NP_BREAK = (V.PREPOSITIONS | V.CONJUNCTIONS | V.AUXILIARIES | V.PRONOUNS | V.INTERJECTIONS
             | frozenset({"to", "not", "there", "here", "where", "when", "who", "which", "that",
                          "what", "whose", "how", "why", "than", "as"})) - frozenset({"one"})
_PARTICLES = frozenset({"out", "up", "down", "off", "forth", "away", "back", "over", "aside",
                        "in", "on"})
_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10}
_OBJECT_STARTS = V.DETERMINERS | V.POSSESSIVE_PRONOUNS | V.OBJECT_PRONOUNS
COMMON_BIGRAMS = frozenset({"hit points", "hit point", "gold coins", "silver coins", "copper coins",
                            "gold pieces", "silver pieces", "lock picks", "fire escape",
                            "stained glass", "holy water", "holy symbol", "spell book",
                            "war hammer", "battle axe", "throwing knives", "arrow slits"})


@lru_cache(maxsize=16384)
def _participle(low: str) -> bool:
    return low in V.VERBS and low not in V.VERB_BASES and (
        low.endswith(("ed", "ing")) or not low.endswith("s"))


@lru_cache(maxsize=16384)
def _is_nounish(low: str) -> bool:
    return low in _NOUNISH or V.lemma(low) in _NOUNISH or (
        len(low) > 6 and (V.is_person_noun(low) or V.creature_group(low) is not None))


def _pronoun_contraction(low: str) -> bool:
    """"you've", "she'd", "they'll": a subject pronoun and its auxiliary."""
    head, sep, tail = low.partition("'")
    return bool(sep) and head in V.SUBJECT_PRONOUNS and tail in ("ve", "d", "ll", "re", "m")


def _verbish(t: Token) -> bool:
    return t.low in V.VERBS or t.low in V.AUXILIARIES


def _adverbish(t: Token) -> bool:
    return _adverb_low(t.low)


@lru_cache(maxsize=16384)
def _adverb_low(low: str) -> bool:
    return low in V.ADVERBS or (low.endswith("ly") and len(low) > 4
                                and not _is_nounish(low) and low not in V.VERBS
                                and low not in ("holy", "belly", "jelly", "lily", "ally",
                                                "family", "assembly", "bully", "folly"))


def _adjectival(t: Token) -> bool:
    return (V.looks_adjective(t.low) and not _is_nounish(t.low)) or _participle(t.low) \
        or t.low in V.COLOURS


def _plural(t: Token) -> bool:
    return not t.possessive and t.low.endswith("s") and V.lemma(t.low) != t.low


def _chunk(r: Reading, names: frozenset[str], bigrams: frozenset[str]) -> None:
    toks = r.tokens
    n = len(toks)
    i = 0
    after_np = False
    while i < n:
        t = toks[i]
        if t.kind == "punct":
            after_np = False
            i += 1
            continue
        phrase, j = _phrase_at(r, i, after_np, names, bigrams)
        if phrase is None:
            after_np = False
            i = max(j, i + 1)
            continue
        r.phrases.append(phrase)
        r.phrase_at[phrase.start] = phrase
        after_np = True
        i = j


def _name_chain(toks: list[Token], i: int) -> int:
    """End (exclusive) of a chain of capitalised words starting at i, with connectors inside."""
    n = len(toks)
    j = i
    last_cap = i
    while j < n:
        t = toks[j]
        if t.kind == "word" and t.cap and not (j > i and t.initial) and t.low != "i":
            last_cap = j
            j += 1
            if t.possessive and not (j < n and toks[j].cap and toks[j].kind == "word"
                                     and not toks[j].initial):
                break
            continue
        if t.kind == "word" and t.low in V.NAME_CONNECTORS:
            m = j
            while m < n and toks[m].kind == "word" and toks[m].low in V.NAME_CONNECTORS \
                    and m - j < 3:
                m += 1
            if m < n and toks[m].cap and toks[m].kind == "word" and not toks[m].initial:
                j = m
                continue
            break
        if t.kind == "word" and "-" in t.text and any(p[:1].isupper() for p in t.text.split("-")):
            last_cap = j
            j += 1
            continue
        break
    return last_cap + 1


_UNITS = frozenset({"hp", "ac", "dc", "xp", "gp", "sp", "cp", "pp", "ep", "npc", "npcs", "pc",
                    "pcs", "dm", "gm", "ok", "am", "pm", "ad", "bc", "aoe", "str", "dex", "con",
                    "int", "wis", "cha", "d4", "d6", "d8", "d10", "d12", "d20", "d100", "ft",
                    "mph", "km", "lbs", "kg"})


def _starts_name(toks: list[Token], i: int, names: frozenset[str]) -> bool:
    t = toks[i]
    if not t.cap or t.kind != "word":
        return False
    if t.low in _UNITS and t.text.isupper():
        return False  # "13 HP", "AC 15"
    if not t.initial:
        return True
    if t.base in names:
        return True
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if t.low in V.NOT_NAMES or t.base in V.NOT_NAMES:
        return False
    if nxt is not None and nxt.kind == "word" and nxt.cap and not nxt.initial:
        return True  # "Death Knight Mara", "Old Harun"
    if t.text.isupper() and len(t.text) > 1:
        return t.low not in _UNITS  # "CRT", "UFO"; not "HP"
    lowered = t.base
    nxt_verb = nxt is not None and nxt.kind == "word" and (nxt.low in V.VERBS
                                                          or nxt.low.endswith("s"))
    if V.common_word(lowered) or lowered in V.NUMBER_WORDS or (
            lowered.endswith("ly") and not nxt_verb):
        return False
    if V.ordinary_word(lowered):
        # "Chitin cracks", "Radiant fire descends": an English word heading its sentence; only a
        # verb no thing does makes it somebody ("Rook nods", "Ondine leans close and whispers")
        return person_only_follows(toks, i)
    if V.looks_adjective(lowered) and not nxt_verb:
        return False  # "Wobbly" but not "Dagny claps", "Kethran strides"
    if "-" in lowered and all(_is_nounish(p) or p in V.VERBS for p in lowered.split("-") if p):
        return False
    return True


def person_only_follows(toks: list[Token], i: int) -> bool:
    """Does the word at ``i`` do, in its clause, what only a person does ("Ondine leans close
    and whispers")?"""
    for k in range(i + 1, min(i + 7, len(toks))):
        w = toks[k]
        if w.kind != "word" or w.sent != toks[i].sent:
            return False
        if w.low in V.PERSON_ONLY_VERBS:
            return True
        if w.low in V.DETERMINERS or w.low in V.PREPOSITIONS:
            return False
    return False


def _phrase_at(r: Reading, i: int, after_np: bool, names: frozenset[str] = frozenset(),
               bigrams: frozenset[str] = frozenset(), after_of: bool = False
               ) -> tuple[Phrase | None, int]:
    toks = r.tokens
    n = len(toks)
    t = toks[i]
    nxt0 = toks[i + 1] if i + 1 < n else None
    if t.kind == "word" and (t.low in V.PRONOUNS or _pronoun_contraction(t.low)) and \
            t.low != "one" and not t.possessive:
        her_det = (t.low == "her" and nxt0 is not None and nxt0.kind == "word"
                   and nxt0.low not in _NP_BREAK and not _adverbish(nxt0)
                   and (nxt0.low not in V.VERBS or _is_nounish(nxt0.low)
                        or _participle(nxt0.low)))
        if not her_det:
            return Phrase(start=i, end=i + 1, head=i, pronoun=True), i + 1
    if t.kind == "word" and i > 0 and toks[i - 1].low == "to" and t.low in V.VERBS \
            and not t.cap:
        return None, i + 1
    if t.kind == "word" and not t.cap and i > 0 and toks[i - 1].low in V.SUBJECT_PRONOUNS \
            and toks[i - 1].kind == "word" and t.low not in V.ARTICLES \
            and t.low not in V.POSSESSIVE_PRONOUNS and t.low not in V.CARDINALS \
            and t.low not in V.DEMONSTRATIVES:
        return None, i + 1  # "you shoulder through", "you both vanish"
    if _starts_name(toks, i, names):
        end = _name_chain(toks, i)
        return _after_name(r, i, end, "", "", bigrams)
    det = ""
    owner = ""
    count: int | None = None
    new = False
    ordinal: int | None = None
    j = i
    while j < n and toks[j].kind in ("word", "num"):
        w = toks[j]
        low = w.low
        if w.kind == "num":
            digits = low.replace(",", "")
            if digits.isdigit():
                count = int(digits)
            det = det or low
            j += 1
            continue
        if low in V.POSSESSIVE_PRONOUNS and not w.possessive:
            det, owner = low, low
            j += 1
            continue
        if w.possessive and not w.cap and w.base in V.SUBJECT_PRONOUNS:
            det, owner = low, w.base
            j += 1
            continue
        if low in V.ARTICLES or low in V.DEMONSTRATIVES or low in V.QUANTIFIERS:
            if low == "another":
                new = True
            det = det or low
            if low == "both":
                count = 2
            j += 1
            continue
        if low in V.CARDINALS and not (w.cap and w.base in names):
            count = V.CARDINALS[low]
            det = det or low
            j += 1
            continue
        if (low in _ORDINALS or low in ("extra", "spare", "additional")) and det:
            new = True
            ordinal = _ORDINALS.get(low)
            j += 1
            continue
        break
    has_det = j > i
    if has_det and j < n and toks[j].kind == "word" and toks[j].cap and not toks[j].initial \
            and not (toks[j].low in _UNITS and toks[j].text.isupper()):
        end = _name_chain(toks, j)
        return _after_name(r, i, end, det, owner, bigrams)
    k = j
    collected: list[int] = []
    while k < n and len(collected) < 6:
        w = toks[k]
        if w.kind != "word":
            if w.kind == "num" and not collected:
                k += 1
                continue
            break
        low = w.low
        nxt = toks[k + 1] if k + 1 < n else None
        if collected and low != "of" and (
                (toks[collected[-1]].low + " " + low) in bigrams
                or (toks[collected[-1]].low + " " + low) in COMMON_BIGRAMS):
            collected.append(k)  # a phrase the scene names: "lock picks", "brass scales"
            k += 1
            continue
        if w.cap and not w.initial and collected and not toks[collected[-1]].cap:
            break  # "the town wizard | Malrik"
        if low in _NP_BREAK and not (low == "one" and (has_det or collected)) or \
                _pronoun_contraction(low):
            break
        if _adverbish(w) and not _is_nounish(low):
            if not (low.endswith("ly") and low not in V.ADVERBS and nxt is not None
                    and nxt.kind == "word" and _is_nounish(nxt.low)):
                break
        if low in V.DETERMINERS and (collected or has_det):
            break
        if w.possessive:
            # "the ship's cat": a possessive inside the phrase is a modifier
            collected.append(k)
            k += 1
            if w.cap and not has_det and len(collected) == 1:
                break
            continue
        nxt_object = nxt is not None and nxt.kind == "word" and nxt.low in _OBJECT_STARTS
        if not collected and not has_det and after_np and nxt_object and not w.cap:
            break  # "Greta produces a key": between a subject and an object stands a verb
        if not collected and not has_det and after_np and not w.cap and \
                low.endswith(("s", "ed")) and not _is_nounish(low) and nxt is not None and \
                nxt.kind == "word" and (nxt.low in V.PREPOSITIONS or _adverbish(nxt)) and \
                i > 0 and toks[i - 1].kind == "word" and not toks[i - 1].possessive:
            break  # "Grizzel rummages in a chest": an unknown word after a subject is its verb
        if not collected:
            if _verbish(w) and not has_det and not (after_of and _is_nounish(low)):
                nxt_nounish = (nxt is not None and nxt.kind == "word"
                               and nxt.low not in _NP_BREAK and not _adverbish(nxt)
                               and (nxt.low not in V.VERBS or _is_nounish(nxt.low)))
                if after_np or nxt_object:
                    break
                if _participle(low) and nxt_nounish:
                    collected.append(k)  # "spilled ale"
                    k += 1
                    continue
                if k > 0 and toks[k - 1].low in ("and", "then", "or", "but") and \
                        low in V.VERB_BASES and not low.endswith("s"):
                    break  # "you vault over the bar and keep going": a second verb
                if _is_nounish(low) and (nxt is None or nxt.kind != "word"
                                         or nxt.low in V.VERBS or nxt.low in _NP_BREAK
                                         or nxt.low.endswith("s")) \
                        and not (nxt is not None and nxt.low in _PARTICLES) \
                        and not (nxt is not None and nxt.possessive):
                    collected.append(k)  # "Dust rains", "Rain lashes"
                    k += 1
                    continue
                break
            collected.append(k)
            k += 1
            continue
        prev = toks[collected[-1]]
        if _is_nounish(prev.low) and not _is_nounish(low) and low not in V.ITEMS and (
                nxt is None or nxt.kind != "word") and not (
                (prev.low + " " + low) in bigrams):
            break  # "you grip the wand tighter", "wipes the bar clean"
        prev_adj = prev.low in V.COLOURS or (_adjectival(prev) and not _is_nounish(prev.low)) \
            or (has_det and len(collected) == 1 and not _is_nounish(prev.low)
                and prev.low not in V.ITEMS and not W.is_classifier(prev.low))
        if has_det and len(collected) == 1 and low.endswith("s") \
                and not W.is_known_noun(prev.low) and not V.looks_adjective(prev.low) and \
                prev.low not in V.COLOURS and not _participle(prev.low) and \
                W.verb_base(low) is not None and nxt is not None and nxt.kind == "word" and \
                (_adverbish(nxt) or nxt.low in V.PREPOSITIONS or nxt.low in _PARTICLES):
            break  # "your atlatl | whips forward": an unknown noun, then its verb
        if has_det and nxt is not None and nxt.low == "with" and not low.endswith("s") and \
                _is_nounish(prev.low) and W.verb_base(low) is not None and \
                not (prev.low + " " + low) in bigrams:
            break  # "a golden crown | set with rubies": a participle describing the thing
        if low.endswith("ed") and len(low) > 4 and low not in V.VERBS and not _is_nounish(low) \
                and low not in V.COLOURS and not _compound_adjective(low, nxt):
            break  # "a dartboard riddled with holes"
        if _plural(prev) and low.endswith("s") and low in V.VERBS and not prev_adj:
            break  # "a swarm of bats pours out"
        if _verbish(w) and not _is_nounish(low) and not prev_adj and low not in V.ITEMS:
            break  # "her spyglass | shut", "the mainmast | rise"
        if prev.low.endswith("s") and not prev.low.endswith("ss") and len(prev.low) > 3 and \
                not _is_nounish(prev.low) and not _is_nounish(low) and not prev.possessive and \
                (low in V.VERB_BASES or V.wordnet_verb(low)):
            break  # "two capybaras | doze": a plural subject and its verb
        if low.endswith("s") and (low in V.ANIMAL_VERBS or low in V.PERSON_ONLY_VERBS) and \
                nxt is not None and (nxt.kind != "word" or nxt.low in V.PREPOSITIONS
                                     or nxt.low in V.DETERMINERS or _adverbish(nxt)):
            break  # "a leash | growls at you", "the stranger | nods to you"
        if _verbish(w) or (low.endswith("s") and not _is_nounish(low) and not prev_adj
                           and low not in V.ITEMS):
            if prev_adj and (_is_nounish(low) or low not in V.VERBS or
                             not low.endswith(("s", "ed", "ing"))):
                collected.append(k)  # "the cracked beams", "a loaded pistol"
                k += 1
                continue
            if _plural(prev) and not low.endswith("s"):
                break  # "diamond horses burst", "gulls wheel"
            if low.endswith("s") and not _plural(prev):
                # "the cat flicks its tail" vs "city guards burst in": a singular noun then a
                # form in -s is a verb when what follows starts an object, a preposition or
                # nothing, and a noun when a verb follows
                nxt_verb = nxt is not None and nxt.kind == "word" and (
                    (nxt.low in V.VERBS and not _is_nounish(nxt.low)) or nxt.low in V.AUXILIARIES)
                if not (nxt_verb and _is_nounish(low)) and (
                        nxt is None or nxt.kind != "word" or nxt_object or nxt.low in _NP_BREAK
                        or nxt.low in _PARTICLES or _adverbish(nxt) or nxt.low in V.VERBS
                        or not _is_nounish(low)):
                    break
            if _participle(low) and not _is_nounish(low):
                break  # "the rungs swaying"
            if nxt_object:
                break  # "Greta wipes the bar": a verb taking an object
            if low.endswith("ed") and low not in V.VERB_BASES and not _compound_adjective(low,
                                                                                       nxt):
                break
            collected.append(k)  # "the bell rope", "the belaying pin", "the fire escape"
            k += 1
            continue
        collected.append(k)
        k += 1
    if not collected:
        return None, (j if j > i else i + 1)
    head = collected[-1]
    end = head + 1
    phrase = Phrase(start=i, end=end, head=head, det=det, owner=owner, count=count, new=new,
                    ordinal=ordinal)
    _attach_of(r, phrase, names, bigrams)
    if phrase.count is None and det in ("a", "an") and V.lemma(toks[head].base) == "pair":
        phrase.count = 2
    if phrase.count is None and det in ("a", "an") and V.lemma(toks[head].base) == "dozen":
        phrase.count = 12
    return phrase, phrase.end


def phrase_from(r: Reading, i: int) -> Phrase | None:
    """The noun phrase that starts at token ``i``, read as the complement of "of" (for a phrase
    nested inside another: "the fuse of *a stick of dynamite*")."""
    if i >= len(r.tokens):
        return None
    sub, _ = _phrase_at(r, i, False, frozenset(), frozenset(), after_of=True)
    return sub


def _attach_of(r: Reading, phrase: Phrase, names: frozenset[str], bigrams: frozenset[str]) -> None:
    """Join an "of" complement: "a ball of fire", "a pack of wolves", "the tip of your staff"."""
    toks = r.tokens
    n = len(toks)
    end = phrase.end
    if end + 1 < n and toks[end].low == "of" and toks[end + 1].kind in ("word", "num"):
        sub, sub_end = _phrase_at(r, end + 1, False, names, bigrams, after_of=True)
        if sub is not None and not sub.pronoun:
            phrase.of_head = sub.head
            if sub.count is not None and V.lemma(toks[phrase.head].base) in V.PARTITIVES:
                phrase.count = sub.count
            phrase.end = sub_end


def _after_name(r: Reading, i: int, end: int, det: str, owner: str,
                bigrams: frozenset[str]) -> tuple[Phrase, int]:
    """A name chain, or a name used as a modifier: "the CRT monitor", "the Duke's hunting lodge"."""
    toks = r.tokens
    n = len(toks)
    k = end
    collected = []
    last = toks[end - 1]
    while k < n and len(collected) < 4:
        w = toks[k]
        if w.kind != "word" or w.cap or w.low in _NP_BREAK or _adverbish(w):
            break
        nxt = toks[k + 1] if k + 1 < n else None
        nounish = _is_nounish(w.low) or w.low in V.ITEMS
        if not nounish and not (_adjectival(w) and nxt is not None and nxt.kind == "word"
                                and _is_nounish(nxt.low)):
            break
        if w.low in V.VERBS and not collected and not last.possessive:
            break  # "Rowena checks the time", "Dagna steps aside"
        if collected and w.low.endswith("s") and w.low in V.VERBS \
                and not _plural(toks[collected[-1]]):
            break  # "Bram's hound | growls"
        if w.low in V.VERBS and not nounish and not (_adjectival(w) and nxt is not None
                                                     and nxt.kind == "word"
                                                     and _is_nounish(nxt.low)):
            break
        collected.append(k)
        k += 1
    if collected:
        head = collected[-1]
        owner_name = last.base if last.possessive else owner
        phrase = Phrase(start=i, end=head + 1, head=head, det=det or (last.low if last.possessive
                                                                     else ""),
                        owner=owner_name)
        _attach_of(r, phrase, frozenset(), bigrams)
        return phrase, phrase.end
    phrase = Phrase(start=i, end=end, head=end - 1, name=True, det=det, owner=owner)
    return phrase, end


def _mark_similes(r: Reading) -> None:
    toks = r.tokens
    n = len(toks)
    for i, t in enumerate(toks):
        low = t.low
        target = -1
        if low in _SIMILE and i > 0 and (toks[i - 1].low not in V.SUBJECT_PRONOUNS
                                         or _object_you(toks, i - 1)) \
                and toks[i - 1].low not in V.AUXILIARIES and toks[i - 1].low not in ("would",
                                                                                    "to"):
            target = i + 1
        elif low == "as" and i + 1 < n and toks[i + 1].low in ("if", "though"):
            for k in range(i, n):
                if toks[k].clause != toks[i].clause and k > i + 1:
                    break
                toks[k].muted = True
            continue
        elif low == "as" and i + 2 < n and toks[i + 2].low == "as":
            target = i + 3  # "as thick as the mainmast"
        elif low == "as" and i > 0 and i + 1 < n and toks[i + 1].low in ("a", "an") and \
                toks[i - 1].kind == "word" and toks[i - 1].low not in V.VERBS and \
                toks[i - 1].low not in V.PRONOUNS and not toks[i - 1].low.endswith("s"):
            target = i + 1  # "quiet as a mouse"
        elif low == "of" and i > 0 and toks[i - 1].low in _DEPICTION:
            target = i + 1
        elif low in ("reminds", "remind", "reminding") and i + 2 < n and toks[i + 2].low == "of":
            target = i + 3
        elif low == "way" and i > 0 and toks[i - 1].low == "the" and i + 1 < n and (
                toks[i + 1].low in V.DETERMINERS or toks[i + 1].low in V.SUBJECT_PRONOUNS) \
                and not (i > 1 and toks[i - 2].low in V.PREPOSITIONS):
            # "watches you the way a hawk watches a mouse": the whole comparison is a figure
            _mute_clause(toks, i + 1)
            continue
        if target < 0 or target >= n:
            continue
        p = r.phrase_at.get(target)
        end = p.end if p else min(target + 1, n)
        if low == "as" and end < n and toks[end].kind == "word" and (
                toks[end].low in V.VERBS or toks[end].low in V.AUXILIARIES):
            continue  # "... rise from the sea as a kraken wraps the hull": as = while
        if low == "as" and p is not None and end < n and toks[end].low in V.PREPOSITIONS and \
                toks[end].low not in ("as", "like"):
            vi = verb_after(r, p, limit=8)
            if vi is not None and not any(toks[k].kind == "punct" for k in range(end, vi)) and \
                    (toks[vi].low.endswith("s") or toks[vi].low in V.AUXILIARIES):
                continue  # "as a woman in a tarred coat climbs up": as = while
        for k in range(target, end):
            toks[k].muted = True
        while end + 1 < n and toks[end].low in ("and", "or") and toks[end].clause == \
                toks[target].clause:
            # "the smell of hay and horse": what is compared or depicted goes on past "and"
            q = r.phrase_at.get(end + 1)
            if q is None or q.pronoun or q.name or q.det not in ("", "a", "an"):
                break
            for k in range(end, q.end):
                toks[k].muted = True
            end = q.end
        while low in _SIMILE and end + 1 < n and toks[end].low in V.PREPOSITIONS and \
                toks[end].low not in ("as", "like") and toks[end].clause == toks[target].clause:
            # "like a cat around a cornered mouse": the comparison goes on past its first noun
            q = r.phrase_at.get(end + 1)
            if q is None and end + 2 < n:
                q = r.phrase_at.get(end + 2)
            if q is None:
                break
            for k in range(end, q.end):
                toks[k].muted = True
            end = q.end
        if low in _SIMILE and end < n and toks[end].kind == "word" and toks[end].clause == \
                toks[target].clause and (toks[end].low in V.VERBS or toks[end].low.endswith("ing")):
            _mute_clause(toks, end)  # "like a man hailing a boat"


def _compound_adjective(low: str, nxt: Token | None) -> bool:
    """"a pearl-handled derringer", "an iron-bound chest": a hyphenated participle before a
    noun describes it; it is no verb."""
    return "-" in low and nxt is not None and nxt.kind == "word" and nxt.low not in V.PREPOSITIONS \
        and nxt.low not in V.DETERMINERS and nxt.low not in V.POSSESSIVE_PRONOUNS


def _object_you(toks: list[Token], i: int) -> bool:
    """"circles you like a cat": "you" after a verb is its object, so "like" compares; "you
    like the ale" and "if you like" have "you" as the subject."""
    if toks[i].low not in ("you", "it") or i == 0 or toks[i].initial:
        return False
    prev = toks[i - 1]
    return prev.kind == "word" and prev.clause == toks[i].clause and \
        prev.low not in V.CONJUNCTIONS and prev.low not in V.AUXILIARIES and \
        prev.low not in V.SUBJECT_PRONOUNS and prev.low not in (
            "and", "but", "or", "if", "when", "as", "than", "what", "whatever", "that", "so",
            "then", "because", "unless", "since", "while", "whether", "do", "did", "would")


def _mute_clause(toks: list[Token], start: int) -> None:
    """Mute from ``start`` to the end of its clause."""
    clause = toks[start].clause
    for k in range(start, len(toks)):
        if toks[k].clause != clause:
            break
        toks[k].muted = True


def _masked(r: Reading) -> str:
    chars = list(r.text.lower().replace("’", "'"))
    for t in r.tokens:
        if t.muted or t.negated:
            for k in range(t.start, t.end):
                chars[k] = " "
    for i, c in enumerate(r.text):
        if c in "\"“”":
            chars[i] = " "
    return "".join(chars)


# --- small helpers the checks share -------------------------------------------------------------

def next_word(r: Reading, i: int) -> Token | None:
    """The first word token after index i (skipping punctuation)."""
    for k in range(i + 1, len(r.tokens)):
        if r.tokens[k].kind != "punct":
            return r.tokens[k]
    return None


def verb_after(r: Reading, p: Phrase, limit: int = 14) -> int | None:
    """Index of the verb this phrase is the subject of, skipping an appositive (", clad in ...,")
    and prepositional phrases ("a man in a dark suit steps out")."""
    toks = r.tokens
    n = len(toks)
    k = p.end
    if k < n and toks[k].low in ("himself", "herself", "itself", "themselves"):
        k += 1  # "the Duke himself, resplendent in crimson, plucks ..."
    steps = 0
    while k < n and steps < limit:
        t = toks[k]
        if t.sent != toks[p.head].sent:
            return None
        if t.kind == "punct":
            if t.low == ",":
                if p.start > 0 and toks[p.start - 1].low == "," and k + 1 < n and \
                        _verbish(toks[k + 1]) and not _is_nounish(toks[k + 1].low):
                    return k + 1  # "her partner, Detective Hank Mueller, lumbers in"
                # appositive: skip to the next comma within the limit
                j = k + 1
                while j < n and j - k < limit and toks[j].low != "," and (
                        toks[j].kind != "punct" or (toks[j].low == "." and j > 0 and
                                                    toks[j - 1].low in _ABBREVIATIONS)):
                    j += 1  # "a woman in a fur coat, Mrs. Castellano, sweeps down"
                if j < n and toks[j].low == "," and j + 1 < n and _verbish(toks[j + 1]):
                    return j + 1
                return None
            return None
        if t.low in V.AUXILIARIES:
            return k
        if k > p.end and (_pronoun_contraction(t.low) or t.low in ("you", "he", "she", "they",
                                                                   "we", "i")):
            # "a guy in a gold jumpsuit you've never seen elbows her": skip the relative
            # clause to the verb whose subject the phrase is
            j = k + 1
            while j < n and j - k <= 3 and (toks[j].low in V.ADVERBS or toks[j].low in (
                    "never", "not", "once", "just", "already", "have", "had", "has")):
                j += 1
            if j + 1 < n and (toks[j].low in V.VERBS or W.verb_base(toks[j].low)):
                nxt = toks[j + 1]
                if nxt.kind == "word" and nxt.low.endswith("s") and (
                        nxt.low in V.VERBS or W.verb_base(nxt.low)):
                    return j + 1
            return None
        if t.low in V.VERBS and not _is_nounish(t.low):
            return k
        if t.low in V.VERBS and r.phrase_at.get(k) is None:
            return k
        if t.low in V.PREPOSITIONS and t.low not in ("as", "like"):
            q = r.phrase_at.get(k + 1)
            if q is None:
                return None
            k = q.end
            steps += 1
            continue
        if t.low in V.ADVERBS or _adverbish(t):
            k += 1
            steps += 1
            continue
        if t.low in V.VERBS:
            return k
        if t.kind == "word" and not t.cap and t.low.endswith("s") and not t.low.endswith("ss") \
                and not _is_nounish(t.low) and k == p.end:
            return k  # "Queen Mab waddles": a word in -s right after a subject is its verb
        return None
    return None


def tokens_text(r: Reading, a: int, b: int) -> str:
    return r.text[r.tokens[a].start:r.tokens[b - 1].end]


def warm_caches(words: frozenset[str] | None = None) -> None:
    """Fill the per-word caches for the vocabulary (a long-running bot fills them as it goes;
    an evaluation run would otherwise charge each first-seen word to some case)."""
    for w in words if words is not None else (_NOUNISH | V.VERBS | V.ADVERBS | V.COLOURS):
        _is_nounish(w)
        _participle(w)
        _adverb_low(w)
        V.lemma(w)
        V.creature_group(w)
        V.is_person_noun(w)
        V.common_word(w)
