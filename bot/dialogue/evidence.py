"""Evidence blocks: the only facts an NPC may state, numbered so the model cites by id.

The model is never asked to quote. Each retrieved source becomes one block ``E1..En`` holding a
verbatim snippet of it (the lines that best match the player's words, capped in length), plus one
``self`` block for the NPC's persona. The model cites ids; the verifier checks each claim against
the block's text and, when a capped snippet was too short, against the whole source.

``EvidencePack`` carries everything the checks of one answer need, built once per question: the
blocks, the withheld sources (for leak detection only), the words that count as names in this
world, and the topic words nothing the NPC may share mentions.
"""

from __future__ import annotations

import re
from typing import Any
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from bot.dialogue.senses import preload as preload_senses, senses
from bot.dialogue.retrieve import query_terms, rank, score, topic_names, topic_phrase, topic_terms, unknown_terms
from bot.dialogue.sources import SELF, Source, only_a_question, split_by_trust
from bot.guard.lexicon.given_names import GIVEN_NAMES
from bot.guard.lexicon import wordclass as W
from bot.guard.vocabulary import ordinary_word
from bot.dialogue.words import (
    TITLE_STEMS, Vocabulary, content_stems, in_dictionary, is_address, is_numeric, names_in, same_word, stem,
)

SNIPPET_CHARS = 280
GUARD_MARGIN = 0.25  # how much better a withheld source must match for the NPC to refuse outright
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+|\n\s*)[\"'(\[]?$")


@dataclass(frozen=True, slots=True)
class EvidenceBlock:
    """One citable block. ``text`` is a verbatim part of the source; ``full_text`` the whole of it
    (for retrieval-augmented verification). The self block also carries the NPC's ``voice`` (its
    style) and whether the NPC is ``guarded`` (the player asked about something withheld)."""

    id: str  # E1..En or "self"
    source_id: str
    type: str
    text: str
    context: str = ""
    full_text: str = ""
    truncated: bool = False
    voice: str = ""
    guarded: bool = False

    def render(self) -> str:
        """How the block appears in the prompt."""
        if self.id == SELF:
            return f"[self] who you are: {self.text}"
        return f'[{self.id}] {self.context}: "{self.text}"'


@dataclass(slots=True)
class EvidencePack:
    npc: str
    question: str
    blocks: list[EvidenceBlock]  # E1..En in rank order, then the self block
    visible: list[Source]  # every source this player may hear about
    withheld: list[Source]  # sources above the player's trust: never in a block
    names: frozenset[str]  # stems that are names in this world
    terms: list[str]  # the words of the question that retrieval looks for
    unknown: list[str]  # words of the question's topic that nothing the NPC has mentions
    topic: list[str] = field(default_factory=list)  # what the question asks about, when it asks
    named: list[str] = field(default_factory=list)  # the names among the topic's words
    setting: str = ""
    secret_anchors: Vocabulary = field(default_factory=lambda: Vocabulary.of(""))  # exact words only withheld sources hold
    secret_words: Vocabulary = field(default_factory=lambda: Vocabulary.of(""))  # plain words only they hold
    asked: Vocabulary = field(default_factory=lambda: Vocabulary.of(""))  # the player's words
    known: tuple[Vocabulary, ...] = ()  # the words of each visible document
    capitalised: frozenset[str] = frozenset()  # words the sources only ever write capitalised
    world_stems: frozenset[str] = frozenset()  # every stem of every source (withheld too), persona and question
    _by_id: dict[str, EvidenceBlock] = field(default_factory=dict, repr=False)
    # what the checks work out from the pack alone, once per pack: an answer is verified again
    # after each retry and repair against the same pack
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_id = {b.id: b for b in self.blocks}

    def block(self, evidence_id: str) -> EvidenceBlock | None:
        return self._by_id.get(evidence_id)

    @property
    def facts(self) -> list[EvidenceBlock]:
        return [b for b in self.blocks if b.id != SELF]

    @property
    def self_block(self) -> EvidenceBlock | None:
        return self._by_id.get(SELF)

    @property
    def voice(self) -> str:
        block = self.self_block
        return block.voice if block else ""

    @property
    def guarded(self) -> bool:
        block = self.self_block
        return bool(block and block.guarded)

    def knows_word(self, word: str) -> bool:
        """Whether any document the player may hear about contains ``word`` (a stem)."""
        return any(v.has(word) for v in self.known)

    @property
    def topic_phrase(self) -> str:
        """The player's words for what they asked about, for an "I don't know X" line."""
        return topic_phrase(self.question)

    @property
    def topic_unknown(self) -> bool:
        """The player asked about something, and nothing the NPC has mentions any of it: the
        only honest answer is uncertainty."""
        if not self.topic:
            return False
        # a name nothing mentions makes the whole topic unknown: "Captain Vorn" is no one the NPC
        # knows, though "captain" is in its orders
        return len(self.unknown) == len(self.topic) or any(n in self.unknown for n in self.named)

    @property
    def withheld_ids(self) -> set[str]:
        return {s.id for s in self.withheld}


def _segments(text: str) -> list[str]:
    out: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if len(line) > SNIPPET_CHARS:
            out.extend(p for p in _SENTENCE.split(line) if p.strip())
        else:
            out.append(line)
    return out


def _cut(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0].rstrip(",;:- ")
    return cut or text[:limit]


def snippet(source: Source, terms: list[str], limit: int = SNIPPET_CHARS) -> tuple[str, bool]:
    """The verbatim lines of ``source`` that best match ``terms``, at most ``limit`` characters,
    and whether anything of the source was left out."""
    segs = _segments(source.text)
    if not segs:
        return "", False
    vocabs = [Vocabulary.of(s) for s in segs]
    hits = [sum(1 for t in terms if v.near(t)) for v in vocabs]
    best = max(range(len(segs)), key=lambda i: (hits[i], -i)) if any(hits) else 0
    chosen = [best]
    used = len(segs[best])
    # grow forward first (what follows a matching line explains it), then backward
    for i in [*range(best + 1, len(segs)), *range(best - 1, -1, -1)]:
        if used + 1 + len(segs[i]) > limit:
            if i > best:
                continue
            break
        chosen.append(i)
        used += 1 + len(segs[i])
    chosen.sort()
    text = "\n".join(segs[i].strip() for i in chosen)
    text = _cut(text, limit)
    whole = "\n".join(s.strip() for s in segs)
    return text, text != whole


def world_names(sources: Iterable[Source], extra: Iterable[str] = ()) -> frozenset[str]:
    """Words that are names here: written as names in any source, authors, and ``extra`` (the
    campaign's NPCs and places)."""
    sources = list(sources)
    names: set[str] = set()
    for s in sources:
        if s.id == SELF:  # the persona's places ("Gull Point") would make "gulls" a name
            continue
        names |= names_in(s.text)
        names |= names_in(s.title)
        author = s.author.strip()
        if author:
            names |= names_in(author)
            if " " not in author and "@" not in author:
                names.add(stem(author.lower()))
    for name in extra:
        for word in content_stems(name):
            names.add(word)
    return frozenset(n for n in names if len(n) > 1)


def _secrets(withheld: list[Source], known: list[Vocabulary], names: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Words of the withheld sources' bodies that nothing shareable contains: naming one of them
    reveals the source. Numbers, codes and addresses leak alone; words, names included ("Harvest
    Song" makes "song" a name), only together."""
    anchors: set[str] = set()
    words: set[str] = set()
    for source in withheld:
        for word in content_stems(source.text):
            if any(v.has(word) for v in known):
                continue
            if is_numeric(word) or is_address(word):
                anchors.add(word)
            elif len(word) > 3 or word in names:
                words.add(word)
    return frozenset(anchors), frozenset(words)


def make_blocks(hits: Sequence[Source], terms: list[str], limit: int = SNIPPET_CHARS) -> list[EvidenceBlock]:
    blocks = []
    for i, source in enumerate(hits, start=1):
        text, truncated = snippet(source, terms, limit)
        blocks.append(
            EvidenceBlock(
                id=f"E{i}",
                source_id=source.id,
                type=source.type,
                text=text,
                context=source.context,
                full_text=source.text,
                truncated=truncated,
            )
        )
    return blocks


def build_pack(
    *,
    npc: str,
    question: str,
    sources: Sequence[Source],
    self_src: Source,
    trust: int,
    voice: str = "",
    setting: str = "",
    extra_names: Iterable[str] = (),
    limit: int = 4,
    threshold: float = 0.4,
    snippet_chars: int = SNIPPET_CHARS,
) -> EvidencePack:
    """Gate by trust, retrieve, cut snippets, number the blocks: everything one answer is checked
    against. Withheld sources are split off first and only ever used to detect leaks."""
    visible, withheld = split_by_trust(sources, trust)
    # the NPC's own name, said to hail it ("Greta, how much for a room?"), is no topic: counted,
    # it halves the score of the one source that answers
    own = set(query_terms(npc))
    terms = [t for t in query_terms(question) if t not in own] or query_terms(question)
    hits = rank(terms, visible, limit=limit, threshold=threshold)
    blocks = make_blocks([h.source for h in hits], terms, snippet_chars)
    best_visible = hits[0].score if hits else 0.0
    best_withheld = max((score(terms, s) for s in withheld), default=0.0)
    guarded = best_withheld >= threshold and best_withheld >= best_visible + GUARD_MARGIN
    blocks.append(
        EvidenceBlock(
            id=SELF,
            source_id=SELF,
            type="persona",
            text=self_src.text,
            context=self_src.context,
            full_text=self_src.text,
            voice=voice,
            guarded=guarded,
        )
    )
    pack = pack_from_blocks(
        npc=npc, question=question, blocks=blocks, visible=[*visible, self_src], withheld=withheld,
        terms=terms, setting=setting, extra_names=extra_names,
    )
    if pack.topic_unknown and len(blocks) > 1:
        # what retrieval found came from the question's other words ("Captain" in "Captain Vorn"):
        # none of it is about the topic, and answering with it would pass one person off as another
        pack.blocks = blocks[-1:]
        pack.__post_init__()
    return pack


@dataclass(frozen=True, slots=True)
class _Knowledge:
    """What depends on which sources a player may hear about, not on the question: computed once
    per NPC and trust tier."""

    names: frozenset[str]
    capitalised: frozenset[str]  # words the sources write only capitalised
    known: tuple[Vocabulary, ...]  # one per visible document (the persona left out)
    heard_of: tuple[Vocabulary, ...]  # visible and withheld: what the NPC has any knowledge of
    secret_anchors: Vocabulary
    secret_words: Vocabulary
    world: frozenset[str]  # every stem of every source, withheld ones and the persona included


@lru_cache(maxsize=256)
def _knowledge(visible: tuple[Source, ...], withheld: tuple[Source, ...], extra: tuple[str, ...]) -> _Knowledge:
    names = world_names(visible, extra)  # what the model was never shown names nothing for it
    everything = tuple(_vocabulary_of(s) for s in visible)
    # the persona is who the NPC is, and a remembered question only who asked: neither is knowledge
    # of a topic
    known = tuple(v for v, s in zip(everything, visible) if s.id != SELF and not only_a_question(s))
    anchors, words = _secrets(list(withheld), list(everything), names)
    heard_of = tuple(v for v, s in zip(everything, visible) if not only_a_question(s)) + tuple(
        _vocabulary_of(s) for s in withheld)
    texts = [s.text for s in (*visible, *withheld)]
    # a word counts as written capitalised where nothing else would capitalise it: not at the
    # start of a line or a sentence ("Fog in from the west" names no one called Fog), unless it
    # is no English word ("Tobin the merchant...")
    upper = {m.group(0) for t in texts for m in re.finditer(r"\b[A-Z][a-z][\w]*\b", t)
             if not (m.start() == 0 or _SENTENCE_START.search(t[max(0, m.start() - 6):m.start()]))
             or not in_dictionary(m.group(0).lower())}
    lower = {w for t in texts for w in re.findall(r"\b[a-z][a-z0-9_]+\b", t)}
    capitalised = frozenset(w for w in upper if w.lower() not in lower)
    world = frozenset().union(*(v.stems for v in heard_of))
    return _Knowledge(names, capitalised, known, heard_of, Vocabulary.of_stems(anchors), Vocabulary.of_stems(words),
                      world)


def _vocabulary_of(s: Source) -> Vocabulary:
    return Vocabulary.of(f"{s.text}\n{s.title}\n{s.author}\n{' '.join(s.keywords)}")


def pack_from_blocks(
    *,
    npc: str,
    question: str,
    blocks: list[EvidenceBlock],
    visible: list[Source],
    withheld: list[Source],
    terms: list[str] | None = None,
    setting: str = "",
    extra_names: Iterable[str] = (),
) -> EvidencePack:
    """A pack around blocks that are already chosen (an evaluation case gives them verbatim)."""
    preload_senses()  # read the WordNet relation table here, at set-up, not inside an answer's check
    terms = query_terms(question) if terms is None else terms
    topic = topic_terms(question)
    k = _knowledge(tuple(visible), tuple(withheld), (npc, *extra_names))
    return EvidencePack(
        npc=npc,
        question=question,
        blocks=blocks,
        visible=visible,
        withheld=withheld,
        names=k.names | names_in(question),  # the player may name someone: "What's Tobin up to?"
        terms=terms,
        unknown=unknown_terms(topic, list(k.heard_of)),
        topic=topic,
        named=[n for n in topic_names(question) if n in topic],
        known=k.known,
        capitalised=k.capitalised,
        world_stems=k.world | Vocabulary.of(question).stems,
        setting=setting,
        secret_anchors=k.secret_anchors,
        secret_words=k.secret_words,
        asked=Vocabulary.of(question),
    )


_OPENING = re.compile(r"(?:^|[.!?]\s+|\n)([A-Z][a-z][\w]*)(?!\w*,)")  # not "Captain, ..." (addressing)
_OPENING_DOER = re.compile(r"(?:^|[.!?]\s+|\n)([A-Z][a-z][\w]*) ([a-z]+s)\b")  # "Kessler runs"
# Spoken contractions that open a sentence and are no one ("Lotta dames come through here").
_SPOKEN = frozenset("lotta lotsa gotta kinda sorta dunno wanna gonna outta lemme gimme coulda woulda shoulda".split())


def _unknown_doer(word: str, verb: str) -> bool:
    """A word no dictionary knows, heading a sentence and doing something: someone's name."""
    return word not in _SPOKEN and not word.endswith("ly") and not ordinary_word(word) and \
        not any(senses(stem(word))) and W.verb_base(verb) is not None


_MARKERS = re.compile(r"\[[^\]]{1,12}\]")
_LOWER_WORD = re.compile(r"\b[a-z][a-z0-9_]+\b")
_SHOUTED_WORD = re.compile(r"\b[A-Z]{2,}\b")


def speech_names(speech: str, pack: EvidencePack) -> frozenset[str]:
    """The names a speech's checks use: the pack's, those the speech writes capitalised inside a
    sentence ("half of Boston"), and words it capitalises at the start of a sentence that the
    sources only ever write capitalised ("Tobin keeps his oil down there")."""
    # ... and a given name opening a sentence is someone's ("Marek deals in stolen silver"), even
    # one no source writes, as is a word no dictionary knows that does something ("Kessler runs
    # guns out of the docks"; not "Dunno, mate.")
    doers = {m.group(1) for m in _OPENING_DOER.finditer(speech) if _unknown_doer(m.group(1).lower(), m.group(2))}
    found = [w for w in {m.group(1) for m in _OPENING.finditer(speech)}
             if w in pack.capitalised or w.lower() in GIVEN_NAMES or w in doers]
    lower = set(_LOWER_WORD.findall(speech)) if found else set()  # (read only when some opening word may count)
    opening = frozenset(stem(w.lower()) for w in found if w.lower() not in lower)
    # the speaker's own name is not a fact about the world: "Pell sells rope" is "I sell rope"
    own = frozenset(content_stems(pack.npc))
    # a word shouted for emphasis ("I'm SUPER scared", "TWINS!") is English, not a name
    shouted = frozenset(stem(w.lower()) for w in _SHOUTED_WORD.findall(speech))
    emphasis = frozenset(w for w in shouted if w not in pack.names and any(senses(w)))
    # a capitalised English word no source names ("Her Most Gracious Majesty") is a form of
    # address or an emphasis, not a name the world holds
    written = names_in(_MARKERS.sub("", speech))
    common = frozenset(w for w in written if w not in pack.names and w.isalpha() and any(senses(w)))
    return (pack.names | (written - emphasis - common) | opening) - own - TITLE_STEMS


def claim_names(claims: Iterable[str], pack: EvidencePack) -> frozenset[str]:
    """The names the citation list writes: a word a claim capitalises inside it that no
    dictionary knows ("the parcel came from Swansea"). The claims are the model's writing as the
    speech is, so a place or a person they name is matched exactly there too; a capitalised
    English word ("the Manifest") or the speaker's own name is none."""
    found = frozenset(w for c in claims for w in names_in(_MARKERS.sub("", c)))
    if not found:
        return frozenset()
    own = frozenset(content_stems(pack.npc))
    return frozenset(w for w in found if w in pack.names or not (w.isalpha() and any(senses(w)))) - own - TITLE_STEMS


def mentions(words: Iterable[str], vocabulary: Iterable[str]) -> list[str]:
    """The members of ``vocabulary`` that ``words`` (stems) contain."""
    words = list(words)
    return [v for v in vocabulary if any(same_word(w, v) for w in words)]
