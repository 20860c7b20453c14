"""An NPC's answer with no model at all: the best evidence, verbatim, in the NPC's voice.

The offline provider calls ``answer(ctx)`` for ``task == "dialogue"``. It returns the JSON text of
a ``DialogueResponse`` so that the same verifier runs on it as on a model's answer; since every
fact in it is a verbatim line of a cited block, there is nothing to invent and nothing to strip.

What ``ctx`` must hold (a ``bot.llm.base.NarrationContext``, read by attribute only):
- ``ctx.evidence``: the ``EvidenceBlock`` list of ``EvidencePack.blocks``: ``E1..En`` best first,
  then the ``self`` block, whose ``voice`` is the NPC's style and whose ``guarded`` flag says the
  player asked about something the NPC keeps to itself;
- ``ctx.player_text``: the player's words; ``ctx.npc``: who speaks; ``ctx.seed``: picks among
  equivalent lines, repeatably.
"""

from __future__ import annotations

import re
from typing import Any, Protocol

from bot.dialogue.claims import Kind, classify
from bot.dialogue.evidence import EvidenceBlock
from bot.dialogue.lines import CLOSERS, OPENERS, Voice, acknowledge, dont_know, greet, refuse
from bot.dialogue.retrieve import query_terms, topic_phrase
from bot.dialogue.schema import Citation, DialogueResponse
from bot.dialogue.sources import SELF, is_question_note
from bot.dialogue.words import Vocabulary, content_stems, names_in

_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_HEADER = re.compile(r"^\s*(?:from|to|cc|subject|date|re)\s*:", re.IGNORECASE)
_LEAD = re.compile(r"^(?:\s*(?:\[[\d:]+\]|[-*>]+|\w+\s+-(?=\s))\s*)+")
_NICK = re.compile(r"^<[@+]?([\w-]+)>")
_PERSONA = re.compile(r'persona "([^"]+)"')
_FROM = re.compile(r"\bfrom\s+([A-Za-z][\w-]*)(?:@[\w.-]+)?\b")
_ATTRIBUTED = ("email", "letter", "message")
_ARTICLE = {"email": "an"}
_MAX_FACTS = 2


class DialogueContext(Protocol):
    npc: str | None
    evidence: list[Any]
    player_text: str
    seed: int


_TITLE = re.compile(r'"([^"]+)"')  # a block's context: 'note "todo.txt" from zero (1997-02-04)'


def _title(block: EvidenceBlock) -> str:
    """The document's title, from the block's context line ("" when it gives none)."""
    named = _TITLE.search(block.context)
    return named.group(1) if named else ""


def _restates(line: str, title: set[str]) -> bool:
    """A first line that is the document's title again: its words the title's, but for one (an
    "updated", a "log") and its numbers."""
    words = [w for w in content_stems(line) if w.isalpha()]
    return bool(words) and sum(w in title for w in words) >= max(1, len(words) - 1)


def _lines(block: EvidenceBlock) -> list[str]:
    """The block's statements, one per line (mail headers and sign-offs left out), each with at
    least two words that say something."""
    out = []
    title = set(content_stems(_title(block).replace("_", " ")))
    for n, line in enumerate(block.text.splitlines()):
        if _HEADER.match(line):
            continue
        if n == 0 and title and _restates(line, title):
            continue  # "crew status - updated 02/03" atop crew_status.txt: the title, not a statement
        line = _NICK.sub(r"\1:", _LEAD.sub("", line.strip())).rstrip(".").strip()
        if line and not line.endswith("...") and len(content_stems(line)) >= 2:
            out.append(line)
    return out


def _best_lines(block: EvidenceBlock, terms: list[str], names: frozenset[str], count: int,
                on_topic: bool = False) -> list[str]:
    """The statements that answer the player best: only lines holding a topic word when there
    are any, most topic words first, facts before chatter, then the document's own order.
    ``on_topic``: only lines holding a topic word at all (a second block adds to an answer only
    what bears on the question, never a line picked for want of better)."""
    lines = _lines(block)
    if not lines:
        return []
    # a word of the document's title ("shadowwatch" in shadowwatch_info.txt) tells which document
    # answers, not which of its lines: "who wrote shadowwatch?" is answered by "Written by ..."
    title = Vocabulary.of(_title(block))
    weights = [0.5 if title.has(t) else 1.0 for t in terms]
    vocabularies = [Vocabulary.of(ln) for ln in lines]
    hits = [sum(w for t, w in zip(terms, weights) if v.has(t)) for v in vocabularies]
    order = [i for i in range(len(lines)) if hits[i]] or ([] if on_topic and terms else list(range(len(lines))))
    order.sort(key=lambda i: (-hits[i], classify(lines[i], names).kind is not Kind.FACT, i))
    return [lines[i] for i in order[:count]]


# words that make the player's line a question or a request for knowledge
_ASKS = re.compile(r"\?|\b(?:ask|asks|asked|what|who|whom|whose|where|when|why|how|which|know|tell|explain|heard)\b",
                   re.IGNORECASE)


# words that make it a request to be told or shown something ("give me the code", "read me the list")
_REQUESTS = re.compile(r"\b(?:give|show|share|read|send|repeat|remind|need|please|any|anything|about|info|news"
                       r"|rumou?rs?|gossip|say|says|talk|speak|mention|print|list)\b", re.IGNORECASE)
# how a remark opens: the player speaking of themself, of the NPC, or thanking ("I want in",
# "your rig is sweet", "thanks, Zero"); a bare topic ("the meeting") is a question all the same
_REMARK_OPENING = re.compile(r"^\W*(?:i|i'm|im|i've|we|we're|you're|youre|your|that's|thats|thanks|thank|nice|cool"
                             r"|great|ok|okay|sure|fine|lol|haha|sweet|good)\b", re.IGNORECASE)
# "I tell Zero (that) ...": the player's framing of a remark, not a request to be told
_TELLING = re.compile(r"^\W*(?:i\s+)?(?:tell|tells|inform|informs)\s+(\w+)\s*,?\s+(?:that\s+)?", re.IGNORECASE)


def _remark(message: str, name: str) -> bool:
    """Whether the player only remarks to the NPC (named ``name``), asking and requesting nothing."""
    telling = _TELLING.match(message)
    if telling and telling.group(1).casefold() in name.casefold().split():
        message = message[telling.end():]
    return bool(_REMARK_OPENING.match(message)) and not (_ASKS.search(message) or _REQUESTS.search(message))


_HAIL_WORDS = frozenset("hey hi hello oi yo excuse me sir madam ma'am there good morning evening day".split())


def _only_a_hail(question: str, name: str) -> bool:
    """Whether the player only called the NPC by name, with a greeting at most."""
    words = re.findall(r"[a-z']+", question.casefold())
    called = set(re.findall(r"[a-z']+", name.casefold()))
    return bool(words) and bool(called & set(words)) and all(w in called or w in _HAIL_WORDS for w in words)


def compose(blocks: list[EvidenceBlock], question: str, seed: int = 0, names: frozenset[str] = frozenset()) -> DialogueResponse:
    """The offline answer as a ``DialogueResponse``: an opener, the best statement of the best
    block (and of the next block, if it also bears on the question), each sentence cited, then a
    closer; or a stock line when there is nothing to say or the NPC will not say it."""
    me = next((b for b in blocks if b.id == SELF), None)
    style = me.voice if me else ""
    voice = Voice.of(style)
    # what the NPC knows, not the note that someone asked: "Tam asked about cellar key" is no
    # answer to give Tam
    facts = [b for b in blocks if b.id != SELF and not is_question_note(b.type, b.text)]
    # the NPC's own name, said to hail it ("I ask Zero for ..."), is no topic: a line is not on
    # the subject for naming the one who wrote it
    own = _PERSONA.search(me.context) if me else None
    own_terms = set(query_terms(own.group(1))) if own else set()
    terms = [t for t in query_terms(question) if t not in own_terms]
    if me is not None and me.guarded:  # asked about what it keeps to itself: it says so
        return DialogueResponse(speech=refuse(style, seed))
    if own and _only_a_hail(question, own.group(1)):
        return DialogueResponse(speech=greet(style, seed))  # "Zero?", "hey Greta": asked nothing yet
    if own and _remark(question, own.group(1)):
        # a remark ("thanks", "I like your monitors", "I want in") asks for nothing: reading out a
        # line of a document that happens to share a word with it answers nothing either
        return DialogueResponse(speech=acknowledge(style, seed))
    if not facts:
        if terms and _ASKS.search(question):
            return DialogueResponse(speech=dont_know(style, topic_phrase(question), seed))
        # a remark ("nice setup you got here") is answered in kind, not with "no clue"
        return DialogueResponse(speech=greet(style, seed))
    picks: list[tuple[EvidenceBlock, str]] = []
    for block in facts[:_MAX_FACTS]:
        want = _MAX_FACTS - len(picks) if block is facts[0] and len(facts) == 1 else 1
        picks += [(block, line) for line in _best_lines(block, terms, names, want, on_topic=bool(picks))]
    if not picks:
        return DialogueResponse(speech=dont_know(style, "", seed))
    parts = [voice.say(OPENERS[voice.slang][seed % 3])]
    citations = []
    for i, (block, line) in enumerate(picks):
        author = _author(block)
        own = author in (me.context.casefold() if me else "")  # the NPC's own sent mail
        if i == 0 and block.type in _ATTRIBUTED and author and not own and author not in line.casefold():
            said = voice.say(f"got {_ARTICLE.get(block.type, 'a')} {block.type} from {author}")
            parts.append(f"{said} [{block.id}].")
            citations.append(Citation(claim=said, evidence_id=block.id))
        for sentence in _SENTENCE.split(voice.say(line)):
            sentence = sentence.strip().rstrip(".")
            if sentence:
                parts.append(f"{sentence} [{block.id}].")
                citations.append(Citation(claim=sentence, evidence_id=block.id))
    closer = CLOSERS[voice.slang][seed % 3]
    if closer:
        parts.append(voice.say(closer))
    return DialogueResponse(speech=" ".join(parts), citations=citations)


def _author(block: EvidenceBlock) -> str:
    """Who the block's source is from, as a name: "alice" for alice@shadowwatch.net."""
    match = _FROM.search(block.context)
    return match.group(1).casefold() if match else ""


def answer(ctx: DialogueContext) -> str:
    """JSON text of a valid ``DialogueResponse`` built only from ``ctx.evidence``."""
    blocks = [b for b in (ctx.evidence or []) if isinstance(b, EvidenceBlock)]
    names: set[str] = set()
    for b in blocks:
        names |= names_in(b.text) | names_in(b.context)
    return compose(blocks, ctx.player_text or "", ctx.seed or 0, frozenset(names)).model_dump_json()
