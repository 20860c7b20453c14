"""Reading WordNet 3.0's database files, for the tools that derive our word tables from them.

``data.*`` holds one synset a line (offset, lexicographer file, words, pointers, gloss) and
``index.*`` one lemma a line (its synsets, commonest first, and how often the sense-tagged corpus
uses it). Both generators (``build_wordnet_lexicon.py``, ``build_dialogue_senses.py``) read them
here and keep what they need.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_MARKER = re.compile(r"\(.*\)$")  # an adjective's syntactic marker: "galore(ip)"


@dataclass(frozen=True, slots=True)
class Synset:
    lex: int  # lexicographer file number (noun.person is 18, ...)
    words: tuple[str, ...]  # lowercase, markers removed
    hypernyms: tuple[int, ...]  # offsets of its direct hypernyms (and instance hypernyms)
    instance: bool  # an instance ("Paris"), not a kind


def read_synsets(path: Path) -> dict[int, Synset]:
    """offset -> its synset, for every synset of one ``data.*`` file."""
    out: dict[int, Synset] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue  # the licence header
        parts = line.split(" | ")[0].split()
        offset, lex, count = int(parts[0]), int(parts[1]), int(parts[3], 16)
        words = tuple(_MARKER.sub("", parts[4 + 2 * i].lower()) for i in range(count))
        i = 4 + 2 * count
        pointers = int(parts[i])
        i += 1
        hypernyms: list[int] = []
        instance = False
        for _ in range(pointers):
            symbol, target = parts[i], int(parts[i + 1])
            if symbol in ("@", "@i"):
                hypernyms.append(target)
            instance = instance or symbol == "@i"
            i += 4
        out[offset] = Synset(lex, words, tuple(hypernyms), instance)
    return out


def read_index(path: Path) -> dict[str, tuple[list[int], int]]:
    """lemma -> (its synset offsets, commonest first; how many of its senses the sense-tagged
    corpus uses, 0 for words not in everyday use), for one ``index.*`` file."""
    out: dict[str, tuple[list[int], int]] = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        parts = line.split()
        senses, pointers = int(parts[2]), int(parts[3])
        out[parts[0]] = ([int(x) for x in parts[-senses:]], int(parts[5 + pointers]))
    return out
