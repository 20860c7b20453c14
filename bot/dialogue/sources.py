"""What an NPC can cite: its documents, what it remembers, and itself.

A source is anything an NPC may draw a fact from. Documents come from the campaign file, memory
notes from the NPC's state, and one ``self`` source holds who the NPC is (persona and description)
for feelings and opinions only. A document carries the trust level below which the NPC keeps it
to itself; ``split_by_trust`` is the one place that decides which sources a player may hear
about, and it runs before anything is retrieved, so a withheld document cannot reach a prompt.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.world.campaign import NPC, Document

SELF = "self"
ALWAYS = -1000  # trust level of sources everyone may hear about (memories, persona)


@dataclass(frozen=True, slots=True)
class Source:
    id: str  # document id, "memory-N", or "self"
    type: str  # email, irc, note, rumour, orders, memory, persona...
    text: str  # the full content, verbatim
    title: str = ""
    summary: str = ""  # authored description: used to find the source, never as evidence
    keywords: tuple[str, ...] = ()
    author: str = ""
    date: str = ""
    trust: int = 0  # the NPC keeps it to itself below this trust level

    @property
    def context(self) -> str:
        """The line that applies to every part of the source: its kind, title, author and date.
        It backs claims such as "alice emailed me" as much as the body does."""
        parts = [self.type]
        if self.title:
            parts.append(f'"{self.title}"')
        if self.author:
            parts.append(f"from {self.author}")
        if self.date:
            parts.append(f"({self.date})")
        return " ".join(parts)


def from_document(doc: Document) -> Source:
    return Source(
        id=doc.id,
        type=doc.type,
        text=doc.text,
        title=doc.title,
        summary=doc.summary,
        keywords=tuple(doc.keywords),
        author=doc.author,
        date=doc.date,
        trust=doc.trust,
    )


def self_source(npc: NPC) -> Source:
    """Who the NPC is. Cited as ``[self]``, it backs personality, opinions and feelings."""
    text = "\n".join(part for part in (npc.persona, npc.description) if part)
    return Source(id=SELF, type="persona", text=text or npc.name, title=npc.name, trust=ALWAYS)


_ASKED = " asked about "


def question_note(asker: str, topic: str) -> str:
    """What an NPC remembers of being asked something: that this player asked, and about what."""
    return f"{asker}{_ASKED}{topic}"


def only_a_question(source: Source) -> bool:
    """A memory that someone asked about a topic: it knows who asked, not anything of the topic,
    so a fake topic asked twice is still one the NPC knows nothing about."""
    return is_question_note(source.type, source.text)


def is_question_note(kind: str, text: str) -> bool:
    """Is this (a source's or an evidence block's kind and text) the note of a question asked?
    It tells the NPC who asked; it is nothing to say back to them."""
    return kind == "memory" and _ASKED in text and "\n" not in text


def memory_sources(notes: Sequence[str]) -> list[Source]:
    """What the NPC remembers of earlier conversations (``NPCState.memory``), newest last."""
    return [
        Source(id=f"memory-{i + 1}", type="memory", text=note, title="what you remember", trust=ALWAYS)
        for i, note in enumerate(notes)
        if note.strip()
    ]


def wares_source(npc: NPC) -> Source | None:
    """What a merchant sells and for how much: the campaign's own price list, so "what do you
    sell?" is answered from the numbers the rules will charge, not from a model's guess."""
    if not npc.sells:
        return None
    goods = "; ".join(f"{item} for {price} gold" for item, price in npc.sells.items())
    return Source(id="wares", type="price list", text=f"I sell {goods}.", title="what you sell",
                  keywords=("sell", "buy", "wares", "goods", "price", "prices", "cost", "stock", "trade",
                            *npc.sells), trust=ALWAYS)


def npc_sources(npc: NPC, memory: Sequence[str] = ()) -> list[Source]:
    wares = wares_source(npc)
    return [from_document(d) for d in npc.documents] + ([wares] if wares else []) + memory_sources(memory)


def split_by_trust(sources: Iterable[Source], trust: int) -> tuple[list[Source], list[Source]]:
    """(visible, withheld): a source whose trust level is above the player's trust is withheld."""
    visible: list[Source] = []
    withheld: list[Source] = []
    for source in sources:
        (withheld if source.trust > trust else visible).append(source)
    return visible, withheld


def source_from_dict(d: dict[str, Any], default_id: str) -> Source:
    """A source written inline in an evaluation case: ``{"id", "type", "text", "trust"?}``."""
    keywords = d.get("keywords") or ()
    return Source(
        id=str(d.get("id") or default_id),
        type=str(d.get("type") or "note"),
        text=str(d.get("text") or ""),
        title=str(d.get("title") or ""),
        summary=str(d.get("summary") or ""),
        keywords=tuple(str(k) for k in keywords) if isinstance(keywords, (list, tuple)) else (),
        author=str(d.get("author") or ""),
        date=str(d.get("date") or ""),
        trust=int(d["trust"]) if isinstance(d.get("trust"), int) and not isinstance(d.get("trust"), bool) else 0,
    )
