"""When the retry did not fix an answer, ship only what is supported.

The sentences that hold a blocking finding are dropped whole (a half sentence reads worse than
none). A factual sentence that merely forgot its citation, or cited the wrong block, is kept,
cited to the block that does say it. If nothing
that answers the player is left, the NPC says, in its own voice, that it does not know (or will not
say, when the player asked about something withheld). A topic no source mentions always gets an
admission of ignorance. Citation markers are stripped from what is posted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from bot.dialogue.claims import Kind, strip_markers
from bot.dialogue.evidence import EvidencePack
from bot.dialogue.lines import dont_know, refuse
from bot.dialogue.schema import DialogueResponse
from bot.dialogue.verify import Verdict

_JSON_DEBRIS = re.compile(r'^\s*[{\[]?\s*"?speech"?\s*:\s*"?|"?\s*,?\s*"citations"\s*:.*$', re.DOTALL)


@dataclass(slots=True)
class Repaired:
    response: DialogueResponse  # what is kept, markers and citations included (re-verifiable)
    text: str  # what is posted: markers stripped
    stripped: list[str] = field(default_factory=list)  # the sentences dropped
    fallback: str = ""  # "" | "stripped" | "dont_know" | "refused"


def posting_text(speech: str) -> str:
    """Speech as players see it: no citation markers, no JSON debris."""
    return strip_markers(_JSON_DEBRIS.sub("", speech)).strip().strip('"').strip()


def _small_talk_before(verdict: Verdict, dropped: set[int], kinds: tuple[Kind, ...]) -> str:
    """The small talk said before the first dropped sentence: it still stands, while what came
    after the dropped facts ("don't spread it around") was about them."""
    first = min(dropped, default=len(verdict.sentences))
    return " ".join(s.text.strip() for s in verdict.sentences[:first] if s.kind in kinds)


def _then(small_talk: str, line: str) -> str:
    """The small talk kept, then the stock line, unless the NPC already said it ("I'd rather not
    say." kept before a dropped fact is not said twice)."""
    if line.strip().casefold() in small_talk.casefold():
        return small_talk.strip()
    return f"{small_talk} {line}".strip()


def fail_closed(response: DialogueResponse, verdict: Verdict, pack: EvidencePack, *, seed: int = 0,
                strict: bool = False) -> Repaired:
    bad = verdict.bad_sentences(strict)
    # a grounded fact that only forgot its citation, or cited the wrong block, is kept and cited
    rescued: dict[int, str] = {}
    for i, block_id in verdict.grounded_elsewhere.items():
        found = [f for f in verdict.findings if f.start == verdict.sentences[i].start]
        if all(f.kind in ("uncited", "not_entailed") and f.evidence.startswith(block_id) for f in found):
            rescued[i] = block_id
    bad -= set(rescued)

    kept = [s for i, s in enumerate(verdict.sentences) if i not in bad]
    stripped = [s.clean for i, s in enumerate(verdict.sentences) if i in bad]
    citations = [
        c for c, indices in zip(response.citations, verdict.claim_sentences)
        if indices and not set(indices) & (bad | set(rescued))
    ]
    speech = " ".join(
        f"{strip_markers(s.text)} [{rescued[i]}]" if i in rescued else s.text.strip()
        for i, s in enumerate(verdict.sentences) if i not in bad
    )
    fallback = "stripped" if stripped else ""

    answers = any(s.kind in (Kind.FACT, Kind.FRAGMENT, Kind.UNCERTAIN) for s in kept)
    if pack.topic_unknown and not any(s.kind is Kind.UNCERTAIN for s in kept):
        # asked about something it knows nothing of: it says so, and does not change the subject
        line = dont_know(pack.voice, pack.topic_phrase, seed)
        talk = (Kind.SOCIAL, Kind.STANCE)
        dropped = bad | {i for i, s in enumerate(verdict.sentences) if s.kind not in talk}
        social = _small_talk_before(verdict, dropped, talk)
        speech = _then(social, line)
        citations = []
        fallback = "dont_know"
    elif stripped and not answers:
        line = refuse(pack.voice, seed) if pack.guarded else dont_know(pack.voice, "", seed)
        social = _small_talk_before(verdict, bad, (Kind.SOCIAL, Kind.STANCE, Kind.QUESTION))
        speech = _then(social, line)
        fallback = "refused" if pack.guarded else "dont_know"
    elif not speech.strip():
        speech = refuse(pack.voice, seed) if pack.guarded else dont_know(pack.voice, "", seed)
        fallback = "refused" if pack.guarded else "dont_know"

    kept_response = DialogueResponse(speech=speech, citations=citations)
    return Repaired(kept_response, posting_text(speech), stripped, fallback)
