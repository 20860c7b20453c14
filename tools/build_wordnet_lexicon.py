"""Regenerates ``wordnet_data.py`` from a local WordNet 3.0 database (a development tool).

Why WordNet: the hand-written vocabularies in ``nouns.py`` name the words a fantasy tavern needs,
and a player who texts on a "cell phone", haggles with a "carpet seller" or lights a "stick of
dynamite" uses words they lack. WordNet's lexicographer files say, for almost every English noun
and verb, what kind of thing or act its commonest senses are: a person, an animal, a made object,
a garment, a building, a substance, an act of talking or of moving. That coarse class is all the
guard needs to know that an unmatched "charmer" is someone absent and "dynamite" something the
player would have to hold.

Not imported at run time: ``python tools/build_wordnet_lexicon.py [WORDNET_DIR]`` reads
``data.noun``, ``index.noun``, ``data.verb``, ``index.verb`` and ``index.adj`` (Debian's
``wordnet-base`` puts them in /usr/share/wordnet) and rewrites ``wordnet_data.py`` beside this file.

Codes, one letter per sense, for a word's first three senses in WordNet's frequency order
(instances such as "Paris" are skipped):

nouns: P person, A animal, L location, D food, G plant, B body part, U substance,
O natural object, H phenomenon, C garment, F furniture, S structure or way (a building, wall,
room, road), V vehicle, T any other made object (a tool, weapon, device, container, blanket),
X anything abstract (acts, states, feelings, time, groups, ...); words known only as abstract
are listed when WordNet's sense-tagged corpus has them (everyday words).
verbs: b body, h change, k cognition, t communication, f competition, e consumption, c contact,
r creation, m emotion, v motion, p perception, o possession, s social, z stative, w weather.
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from wordnet_files import read_index, read_synsets  # (run as a script: tools/ is on the path)

_NOUN_LEX = {
    5: "A", 8: "B", 13: "D", 15: "L", 17: "O", 18: "P", 19: "H", 20: "G", 27: "U",
}
_VERB_LEX = {
    29: "b", 30: "h", 31: "k", 32: "t", 33: "f", 34: "e", 35: "c", 36: "r", 37: "m", 38: "v",
    39: "p", 40: "o", 41: "s", 42: "z", 43: "w",
}
_WORD = re.compile(r"[a-z][a-z'-]*[a-z]")
_LICENSE = '''# Derived from WordNet 3.0 (the lexicographer class of each word's commonest senses).
# WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
# THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO
# REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION,
# PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR
# ANY PARTICULAR PURPOSE OR THAT THE USE OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL
# NOT INFRINGE ANY THIRD PARTY PATENTS, COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.
# The name of Princeton University or Princeton may not be used in advertising or publicity
# pertaining to distribution of the software and/or database. Title to copyright in this
# software, database and any associated documentation shall at all times remain with Princeton
# University and LICENSEE agrees to preserve same.
'''


def _synsets(path: Path) -> dict[int, tuple[int, list[int], bool]]:
    """offset -> (lexicographer file number, hypernym offsets, is an instance)."""
    return {o: (x.lex, list(x.hypernyms), x.instance) for o, x in read_synsets(path).items()}


def _index(path: Path, tagged: set[str] | None = None) -> dict[str, list[int]]:
    """lemma -> synset offsets, commonest first; ``tagged`` collects the lemmas seen in WordNet's
    sense-tagged corpus (the ones in everyday use)."""
    out: dict[str, list[int]] = {}
    for lemma, (offsets, used) in read_index(path).items():
        out[lemma] = offsets
        if tagged is not None and used > 0:
            tagged.add(lemma)
    return out


class NounCoder:
    """The one-letter class of a noun synset (see the codes above), from its lexicographer file
    and, for made things, the kind of artefact its hypernyms make it."""

    def __init__(self, root: Path) -> None:
        self.nouns = _synsets(root / "data.noun")
        self.tagged: set[str] = set()
        self.index = _index(root / "index.noun", self.tagged)
        self.roots = {
            "C": {self._artifact_sense("clothing")},
            "F": {self._artifact_sense("furniture"), self._artifact_sense("furnishing")},
            "V": {self._artifact_sense("conveyance")},
            "S": {self._artifact_sense("structure"), self._artifact_sense("facility"),
                  self._artifact_sense("way")},
        }

    def _artifact_sense(self, lemma: str) -> int:
        return next(o for o in self.index[lemma] if self.nouns[o][0] == 6)

    @lru_cache(maxsize=None)  # noqa: B019 - one coder per run
    def ancestors(self, offset: int) -> frozenset[int]:
        seen = {offset}
        for h in self.nouns[offset][1]:
            seen |= self.ancestors(h)
        return frozenset(seen)

    def code(self, offset: int) -> str:
        lex = self.nouns[offset][0]
        if lex == 6:
            up = self.ancestors(offset)
            for letter in ("C", "F", "V", "S"):
                if up & self.roots[letter]:
                    return letter
            return "T"
        return _NOUN_LEX.get(lex, "X")

    def senses(self, lemma: str) -> list[int]:
        """The lemma's synsets, commonest first, instances ("Paris") left out."""
        return [o for o in self.index.get(lemma, ()) if not self.nouns[o][2]]


def build(root: Path) -> str:
    coder = NounCoder(root)
    code, noun_index, tagged = coder.code, coder.index, coder.tagged

    noun_codes: dict[str, str] = {}
    for lemma, offsets in noun_index.items():
        if not _WORD.fullmatch(lemma) or len(lemma) < 3:
            continue
        codes = "".join(code(o) for o in coder.senses(lemma)[:3])
        # a word known only as something abstract is kept when it is in everyday use ("time",
        # "manners"), so that it can be told from a word WordNet does not know at all ("usb")
        if codes and (codes.strip("X") or lemma in tagged):
            noun_codes[lemma] = codes

    verbs = _synsets(root / "data.verb")
    verb_codes: dict[str, str] = {}
    for lemma, offsets in _index(root / "index.verb").items():
        if _WORD.fullmatch(lemma):
            verb_codes[lemma] = "".join(_VERB_LEX.get(verbs[o][0], "z") for o in offsets[:3])

    adjectives = {lemma for lemma in _index(root / "index.adj") if _WORD.fullmatch(lemma)}
    both = sorted(adjectives & set(noun_codes))

    lines = [
        '"""Generated by ``tools/build_wordnet_lexicon.py`` from WordNet 3.0: do not edit by hand.\n\n'
        "``NOUNS`` and ``VERBS`` map a code string (see ``tools/build_wordnet_lexicon.py``) to the space-separated words\n"
        'that have it; ``ADJECTIVE_NOUNS`` lists the nouns that are adjectives too ("old", "drunk")."""\n',
        _LICENSE,
        "# fmt: off",
        "NOUNS: dict[str, str] = {",
    ]
    for table in (noun_codes, verb_codes):
        grouped: dict[str, list[str]] = {}
        for word, codes in table.items():
            grouped.setdefault(codes, []).append(word)
        for codes in sorted(grouped):
            lines.append(f'    "{codes}": "{" ".join(sorted(grouped[codes]))}",')
        lines.append("}")
        if table is noun_codes:
            lines.append("VERBS: dict[str, str] = {")
    lines.append(f'ADJECTIVE_NOUNS = "{" ".join(both)}"')
    lines.append("# fmt: on")
    return "\n".join(lines) + "\n"


_COMPOUND = re.compile(r"[a-z]+_[a-z]+")
_COMPOUNDS_HEAD = '''"""Named kinds within an item family, from WordNet 3.0's two-word nouns ("tommy gun", "hunting knife").

Generated by ``tools/build_wordnet_lexicon.py`` (after ``wordnet_data.py``): do not edit by hand.

Why: "my gun" is satisfied by a held revolver (``ITEM_FAMILIES``), but "my tommy gun" names a
kind of its own that a revolver is not. A phrase that is one of these compounds only matches a
held item with the same last word. Derived from WordNet's ``index.noun``: every two-word
collocation whose last word is a word of an ``ITEM_FAMILIES`` family.
"""

# Derived from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved.
# (See ``wordnet_data.py`` for the licence text.)
'''


def _word_list(words: set[str]) -> str:
    """Comma-separated, wrapped at 96 columns, as the generated tables hold them."""
    lines, line = [], "   "
    for word in sorted(words):
        piece = f" {word},"
        if len(line) + len(piece) > 96:
            lines.append(line)
            line = "   "
        line += piece
    lines.append(line.rstrip(","))
    return "\n".join(lines)


def build_compounds(root: Path) -> str:
    """``compounds.py``: the two-word kinds of the item families, and the two-word nouns whose
    commonest sense is a made thing to carry although their last word is not one (or is one a
    room plausibly has: a music box is no box of the room's). Reads the word classes from the
    ``wordnet_data.py`` and the families from ``nouns.py`` in this checkout."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from bot.guard.lexicon import wordnet_data
    from bot.guard.lexicon.nouns import FIXTURES_COMMON, ITEM_FAMILIES

    coder = NounCoder(root)
    family_words = {w for root_word, fam in ITEM_FAMILIES.items() for w in (root_word, *fam)}
    word_code = {w: codes for codes, ws in wordnet_data.NOUNS.items() for w in ws.split()}

    def last_code(word: str) -> str | None:
        for form in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
            if form and form in word_code:
                return word_code[form]
        return None

    kinds: set[str] = set()
    artefacts: set[str] = set()
    for lemma in coder.index:
        if not _COMPOUND.fullmatch(lemma):
            continue
        phrase = lemma.replace("_", " ")
        last = lemma.split("_")[1]
        if last in family_words:
            kinds.add(phrase)
        senses = coder.senses(lemma)
        if not senses or coder.code(senses[0]) != "T":
            continue
        c = last_code(last)
        if c is None or c[0] != "T" or last in FIXTURES_COMMON:
            artefacts.add(phrase)
    return (
        _COMPOUNDS_HEAD
        + '\nCOMPOUND_KINDS = frozenset(\n    " ".join(s.split())\n    for s in """\n'
        + _word_list(kinds)
        + '\n    """.split(",")\n    if s.strip()\n)\n\n'
        + "# Two-word nouns whose commonest sense is a made thing to carry although their last word is not\n"
        + '# one, or is one a room plausibly has ("a music box" is no box of the room\'s, "a Molotov cocktail"\n'
        + "# no drink): derived from WordNet's ``index.noun`` and the lexicographer class of the first sense.\n"
        + 'COMPOUND_ARTEFACTS = frozenset(\n    " ".join(s.split())\n    for s in """\n'
        + _word_list(artefacts)
        + '\n    """.split(",")\n    if s.strip()\n)\n\n__all__ = ["COMPOUND_ARTEFACTS", "COMPOUND_KINDS"]\n'
    )


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path("/usr/share/wordnet")
    lexicon = Path(__file__).resolve().parents[1] / "bot" / "guard" / "lexicon"
    (lexicon / "wordnet_data.py").write_text(build(root), encoding="utf-8")
    print(f"wrote {lexicon / 'wordnet_data.py'}")
    (lexicon / "compounds.py").write_text(build_compounds(root), encoding="utf-8")
    print(f"wrote {lexicon / 'compounds.py'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
