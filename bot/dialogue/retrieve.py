"""Find the sources that bear on what the player said.

An NPC's files are few (a dozen documents, not a corpus), so retrieval is a deterministic score
over each source's keywords, title, author, summary and text, tolerant of the player's typos;
no index, no embeddings, no network. The same words decide whether the player asked about
something the NPC has nothing on at all: such a topic must be answered with uncertainty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.dialogue.sources import Source
from bot.dialogue.words import STOPWORDS, Vocabulary, in_dictionary, informative, raw_tokens, stem
from bot.guard.lexicon.given_names import GIVEN_NAMES
from bot.guard.vocabulary import TITLES

# Words that frame a question rather than name its topic ("have you heard about X?").
_QUESTION_FRAME = frozenset(
    """who what where when why how know knew known tell telling heard hear about use used using
    seen see say said talk ask asking help please mean explain show give news info information
    latest deal story happening happen happened new going think thought remember recall ever
    doing sup hows whos wheres whats come came find found learn read saw look looking want need
    like wanna could would should can will let lately recently thing things guy guys called named
    tried try met much many""".split()
)

# How much a match in each field says about relevance.
_WEIGHTS = (("keywords", 1.0), ("title", 0.9), ("author", 0.9), ("kind", 0.9), ("summary", 0.8),
            ("text", 0.7))

# What players call a kind of document: "any gossip?" asks for the rumours, "read me your mail"
# for the emails. The kind names the document as surely as its title does.
_KIND_WORDS = {
    "rumour": "rumour rumor gossip hearsay whisper",
    "email": "email mail message inbox",
    "irc": "irc chat channel log",
    "note": "note notes file",
    "orders": "orders order command instructions",
    "log": "log logbook record",
    "letter": "letter mail correspondence",
}
_NOT_A_KIND = frozenset({"memory", "persona", "self"})  # what the NPC remembers or is, not a file


@dataclass(frozen=True, slots=True)
class Hit:
    source: Source
    score: float  # about 0..1: the share of the question's topic words the source covers, weighted


def query_terms(text: str) -> list[str]:
    """The topic words of the player's message, stemmed, in order, without repeats."""
    seen: list[str] = []
    for tok in informative(raw_tokens(text)):
        if tok in _QUESTION_FRAME or tok in STOPWORDS or len(tok) < 3:
            continue
        s = stem(tok)
        if s in _QUESTION_FRAME or s in seen:
            continue
        seen.append(s)
    return seen


# "have you used X?", "what's X?", "do you know X?", "tell me about X", "ever been to X?": the player asks about a
# thing. Only such a question has a topic an NPC can be ignorant of ("can i trust you?" has none).
_TOPIC_FRAME = re.compile(
    r"\b(?:know|knew|heard|hear|used|use|using|tried|try|seen|see|met|meet|about|regarding|with"
    r"|called|named|(?:spoken|spoke|speak|talked|talk)\s+(?:to|with)|(?:been|gone|went|travell?ed)\s+(?:to|in|at)"
    r"|visit|visited)\s+(?:of\s+|about\s+)?(?P<topic>[^?.!,;]+)"
    r"|^\W*(?:who|what|where)\s*(?:is|are|was|were|'s|s)\s+(?P<thing>[^?.!,;]+)",
    re.IGNORECASE,
)
_NOT_A_TOPIC = re.compile(r"^(?:i|you|we|they|he|she|it|me|us|them|up|new|going|happening|wrong)\b", re.IGNORECASE)


_LEADING_DETERMINER = re.compile(r"^(?:any|some)\s+", re.IGNORECASE)


def topic_phrase(text: str) -> str:
    """The player's own words for the thing asked about ("seen any wyverns?" -> "wyverns"), or ""
    when the message asks about nothing."""
    for phrase in _topics(text):
        phrase = _WHEN.sub(" ", phrase)  # "seen Lord Ashby today?": the topic is Lord Ashby
        return " ".join(_LEADING_DETERMINER.sub("", phrase.strip()).split())
    for run in _titled_runs(text):
        return run  # "does Captain Vorn still run the barracks?" asks about Captain Vorn
    return ""


# a title and the capitalised words after it, inside a sentence: "Captain Vorn", "Dr. Ilse Brandt"
_TITLED_RUN = re.compile(r"(?<=\w )([A-Z][a-z]+)\.?((?:\s[A-Z][a-z]+)+)\b")


def _titled_runs(text: str) -> list[str]:
    """The titled names the message writes ("Captain Vorn"), in order."""
    return [m.group(0) for m in _TITLED_RUN.finditer(text)
            if m.group(1).lower() in TITLES and any(_is_name(w) for w in m.group(2).split())]


def _is_name(word: str) -> bool:
    """A word that is someone's or something's name, not English: a given name ("Sera"), or a
    word no dictionary knows ("Vorn"). A title ("Captain") or an English word is not."""
    low = word.lower()
    return low in GIVEN_NAMES or not in_dictionary(low)


def topic_names(text: str) -> list[str]:
    """The names the player's message asks about (stems), where it gives them with a title: the
    title says the word is someone's name, and a titled topic is known only by its name ("Captain
    Vorn" is not "Captain Harl", though both are captains). An untitled capitalised word may be
    a place the NPC's papers know by another name ("England" for a ship in from Liverpool)."""
    found: list[str] = []
    for run in _titled_runs(text):
        found += [s for w in run.split()[1:] if _is_name(w) and (s := stem(w.lower())) not in found]
    return found


def _topics(text: str) -> list[str]:
    """What the message asks about: the object of "have you used / do you know / tell me about",
    or the subject of "who / what / where is" ("what's new in town?" and "where are we headed?"
    ask about nothing in particular)."""
    found = []
    for m in _TOPIC_FRAME.finditer(text.replace("\u2019", "'")):
        phrase = (m.group("topic") or m.group("thing") or "").strip()
        phrase = re.sub(r"^(?:the|a|an)\s+", "", phrase, flags=re.IGNORECASE)
        if phrase and not _NOT_A_TOPIC.match(phrase) and query_terms(phrase):
            found.append(phrase)
    return found


_WHEN = re.compile(r"\b(?:that|this|last|the\s+other|the\s+same|next)\s+(?:night|day|morning|evening|afternoon|week"
                   r"|month|year|time|hour)\b|\b(?:tonight|today|yesterday|tomorrow)\b", re.IGNORECASE)


def topic_terms(text: str) -> list[str]:
    """The topic words of a question about something (see ``_TOPIC_FRAME``), and the names it asks
    about (see ``topic_names``), or none."""
    terms: list[str] = []
    for phrase in _topics(text):
        phrase = _WHEN.sub(" ", phrase)  # "that night" says when, not what about
        for term in query_terms(phrase):
            if term not in terms:
                terms.append(term)
    if _ASKING.search(text):
        terms += [n for n in topic_names(text) if n not in terms]
    return terms


_ASKING = re.compile(r"\?|^\W*(?:who|what|where|when|why|how|which|is|are|was|were|does|did|do|has|have|can|could"
                     r"|will|would)\b", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _fields(source: Source) -> tuple[tuple[float, Vocabulary], ...]:
    values = {
        "keywords": " ".join(source.keywords),
        "title": source.title,
        "author": source.author,
        "kind": "" if source.type.lower() in _NOT_A_KIND
        else _KIND_WORDS.get(source.type.lower(), source.type),
        "summary": source.summary,
        "text": source.text,
    }
    return tuple((w, Vocabulary.of(values[name])) for name, w in _WEIGHTS if values[name])


_ALSO = 0.05  # per further field that mentions a term: breaks ties towards the source about it


def score(terms: list[str], source: Source) -> float:
    if not terms:
        return 0.0
    fields = _fields(source)
    total = 0.0
    for term in terms:
        weights = [w for w, vocab in fields if vocab.near(term)]
        if weights:
            total += max(weights) + _ALSO * (len(weights) - 1)
    return total / len(terms)


def rank(terms: list[str], sources: list[Source], *, limit: int = 4, threshold: float = 0.4) -> list[Hit]:
    """The sources scoring at least ``threshold``, best first, at most ``limit``; ties keep the
    campaign file's order so the same question always gets the same evidence."""
    hits = [Hit(s, score(terms, s)) for s in sources]
    hits = [h for h in hits if h.score >= threshold]
    hits.sort(key=lambda h: -h.score)
    return hits[:limit]


def unknown_terms(terms: list[str], known: list[Vocabulary]) -> list[str]:
    """The topic words no known text mentions."""
    return [t for t in terms if not any(v.near(t) for v in known)]
