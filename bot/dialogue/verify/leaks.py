"""What a sentence gives away from a document withheld from this player.

A trust gate is only as good as the speech: the model may keep a withheld block out of its
citations and still say its name, its number or its password, or tell what it says in other
words. A leak is read from the words first (a name or number only the withheld document holds,
two of its words in a short sentence, a value it quotes, in any order) and then from the judge
(the withheld document backs the sentence and nothing the player may hear about does); what the
player said first is never a leak. It is the one check that holds the speech to what must not be
said rather than to what backs it, so it stands apart from the support checks.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.claims import Kind, Sentence, words_of
from bot.dialogue.evidence import EvidencePack
from bot.dialogue.verify.judge import _Judge
from bot.dialogue.words import EVALUATIVE, Vocabulary

_SECRET_SHARE = 3  # two words only a withheld document holds give it away in a sentence of up to 3x as many words
_HALF_TOLD = 0.5  # the support from a withheld document that, with two of its own words, is a leak


def _leak(sentence: Sentence, pack: EvidencePack, judge: _Judge | None = None) -> list[str]:
    """The withheld words a sentence gives away: a number or code only a withheld document holds,
    several of its words, or a retelling of it (a withheld document says what the sentence says,
    nothing the player may hear about does, and it uses a word only the withheld one has)."""
    if not pack.withheld:
        return []
    words = words_of(sentence.clean)
    # a word the player used is not a leak when the NPC repeats it
    anchors = [w for w in words if pack.secret_anchors.has(w) and not pack.asked.near(w)]
    plain = [w for w in words if w not in anchors and pack.secret_words.has(w) and not pack.asked.near(w)]
    if anchors or len(plain) >= 3 or (len(plain) >= 2 and len(plain) * _SECRET_SHARE >= len(words)):
        return anchors + plain
    quoted = _quoted_secret(words, pack)
    if quoted:
        return quoted
    if not plain or judge is None or sentence.kind in (Kind.QUESTION, Kind.UNCERTAIN):
        return []
    stated = sentence.facts or sentence.clean
    if len([w for w in words_of(stated) if w not in EVALUATIVE]) < 2:
        return []  # "Solid crew.": a word of value and one word retell no document's statement
    threshold = judge.entailment.threshold
    # half a withheld document's fact, with two of its own words, gives it away as surely
    bar = _HALF_TOLD if len(plain) >= 2 else threshold
    if not any(judge.score(src.text, stated, src.context) >= bar for src in pack.withheld):
        return []
    if any(judge.score(src.text, stated, src.context) >= threshold for src in pack.visible):
        return []  # the player may hear it from another document
    return plain


_QUOTED = re.compile(r"(?<!\w)'([^'\n]{2,40})'(?!\w)|\"([^\"\n]{2,40})\"|\u201c([^\u201d\n]{2,40})\u201d")


def _quoted_secret(words: list[str], pack: EvidencePack) -> list[str]:
    """A value a withheld document quotes (a password, a code phrase: 'canary yellow'), said in
    the sentence, in any order, and not by the player first."""
    said: Vocabulary | None = None  # (built only when a withheld document quotes something)
    for source in pack.withheld:
        for phrase in _quoted(source.text):
            if said is None:
                said = Vocabulary.of_stems(words)
            if all(said.has(w) for w in phrase) and not all(pack.asked.near(w) for w in phrase):
                return list(phrase)
    return []


@lru_cache(maxsize=1024)
def _quoted(text: str) -> tuple[tuple[str, ...], ...]:
    """The quoted values of a document, each as its words (at most four)."""
    found = (tuple(words_of(next(g for g in m.groups() if g))) for m in _QUOTED.finditer(text))
    return tuple(p for p in found if p and len(p) <= 4)
