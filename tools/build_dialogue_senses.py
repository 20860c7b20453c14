"""Regenerates ``senses_data.py`` from a local WordNet 3.0 database (a development tool).

Why: an NPC retells its documents in its own words ("blokes" for "men", "pinched" for
"arrested", "patrons" for "customers"), and a hand-made list of word families can never hold
them all. WordNet's synsets say which words can stand for one another, and its hypernyms which
word is a kind of which ("bloke" is a kind of "man"). Not imported at run time:
``python tools/build_dialogue_senses.py [WORDNET_DIR]`` reads ``index.*``, ``data.*`` and
``*.exc`` (Debian's ``wordnet-base`` puts them in /usr/share/wordnet) and rewrites
``bot/dialogue/senses_data.py``.

Only everyday words are kept (WordNet's sense-tagged corpus has them), only their commonest
senses, and only the synsets two kept words share: a word's own senses (``S``) and the senses
it is a kind of (``H``, its direct hypernyms). Two words are related when their own senses meet,
or when one is directly a kind of the other; two kinds of one thing (blue and white, week and
month) are not, for that is how a changed detail looks.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

_REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(_REPO))  # the guard's WordNet classes (bot.guard.lexicon.wordnet_data)

from wordnet_files import read_index, read_synsets  # noqa: E402 (run as a script: tools/ is on the path)

_VERB_FORMS: set[str] = set()  # irregular verb forms ("rode", "fell"), filled by ``build``
_VERBAL: set[str] = set()  # words the sense-tagged corpus uses more as verbs ("keep", "seal")
_NOMINAL: set[str] = set()  # words it uses at least as much as nouns ("fox", "bank")
_BROADER = False  # kinds two steps up (measured: "job" two steps above "engineer": more noise than help)
_UNTAGGED = False  # also the first sense of everyday words the tagged corpus lacks (measured: more noise than help)
_SENSES = {"n": 2, "v": 2, "a": 2}  # commonest senses kept per word and part of speech
_FILES = {"n": "noun", "v": "verb", "a": "adj"}
_WORD = re.compile(r"^[a-z][a-z-]*[a-z]$")
_LICENSE = '''# Derived from WordNet 3.0 (synsets and direct hypernyms of everyday words).
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


def _data(path: Path) -> dict[int, tuple[list[str], list[int]]]:
    """offset -> (its words, its direct hypernyms)."""
    return {o: (list(x.words), list(x.hypernyms)) for o, x in read_synsets(path).items()}


def _index(path: Path, senses: int, everyday: frozenset[str]) -> dict[str, list[int]]:
    """lemma -> its commonest synsets, for lemmas the sense-tagged corpus has, and the first
    synset of the other everyday words (those the guard's lexicon classifies)."""
    out: dict[str, list[int]] = {}
    for lemma, (offsets, tagged) in read_index(path).items():
        if not _WORD.match(lemma) or (tagged == 0 and (not _UNTAGGED or lemma not in everyday)):
            continue
        out[lemma] = offsets[:senses] if tagged else offsets[:1]
    return out


def _everyday() -> frozenset[str]:
    from bot.guard.lexicon.wordnet_data import NOUNS, VERBS

    return frozenset(w for group in (*NOUNS.values(), *VERBS.values()) for w in group.split())


def build(root: Path) -> tuple[dict[str, tuple[set[str], set[str], set[str]]], dict[str, str]]:
    words: dict[str, tuple[set[str], set[str], set[str]]] = {}
    everyday = _everyday()
    for pos, senses in _SENSES.items():
        data = _data(root / f"data.{_FILES[pos]}")
        for lemma, offsets in _index(root / f"index.{_FILES[pos]}", senses, everyday).items():
            own, kinds, broader = words.setdefault(lemma, (set(), set(), set()))
            for offset in offsets:
                own.add(f"{pos}{offset}")
                kinds.update(f"{pos}{h}" for h in data[offset][1])
                if _BROADER and pos == "n":  # two steps up its kinds ("rifle" -> firearm -> gun)
                    broader.update(f"{pos}{g}" for h in data[offset][1] for g in data[h][1])
    forms: dict[str, str] = {}
    for line in (root / "verb.exc").read_text(encoding="latin-1").splitlines():
        parts = line.split()
        if len(parts) >= 2 and _WORD.match(parts[0]) and not parts[0].startswith(parts[1][:-1] or parts[1]):
            _VERB_FORMS.add(parts[0])  # "rode", "fell"; not "shipped", "stopping" (regular, doubled)
    counts: dict[tuple[str, str], int] = {}
    for line in (root / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, tagged = line.split()
        lemma, _, rest = key.partition("%")
        pos = rest[:1]
        if pos in ("1", "2") and _WORD.match(lemma):
            counts[(lemma, pos)] = counts.get((lemma, pos), 0) + int(tagged)
    for (lemma, pos), n in counts.items():
        if pos == "2" and n > counts.get((lemma, "1"), 0):
            _VERBAL.add(lemma)
        if pos == "1" and n >= counts.get((lemma, "2"), 0):
            _NOMINAL.add(lemma)
    for name in ("noun", "verb", "adj"):
        for line in (root / f"{name}.exc").read_text(encoding="latin-1").splitlines():
            parts = line.split()
            if len(parts) >= 2 and parts[1] in words and _WORD.match(parts[0]):
                forms.setdefault(parts[0], parts[1])
    return words, forms


def render(words: dict[str, tuple[set[str], set[str], set[str]]], forms: dict[str, str]) -> str:
    seen = Counter(s for own, kinds, broader in words.values() for s in own | kinds | broader)
    owned = {s for own, _, _ in words.values() for s in own}
    shared = {s for s, n in seen.items() if n >= 2 and s in owned}  # a sense some word is in
    ids = {s: f"{i:x}" for i, s in enumerate(sorted(shared))}
    lines = []
    for lemma in sorted(words):
        own, kinds, broader = words[lemma]
        a = ",".join(sorted(ids[s] for s in own if s in shared))
        b = ",".join(sorted(ids[s] for s in kinds if s in shared and s not in own))
        c = ",".join(sorted(ids[s] for s in broader if s in shared and s not in own and s not in kinds))
        if a or b or c:
            lines.append(f"{lemma}:{a}|{b}|{c}")
    exc = " ".join(f"{k}:{v}" for k, v in sorted(forms.items()))
    return (
        '"""Generated by ``tools/build_dialogue_senses.py`` from WordNet 3.0: do not edit by hand.\n\n'
        "``SENSES`` holds one line per word: ``word:own,senses|senses,it,is,a,kind,of|and,their,kinds`` (ids in hex);\n"
        '``FORMS`` maps irregular forms to their word ("men:man"); ``VERB_FORMS`` lists irregular verb forms;\n'
        '``VERBAL`` the words used more as verbs than as nouns, ``NOMINAL`` those used at least as much as nouns."""\n\n'
        + _LICENSE + "\n# fmt: off\n"
        + "SENSES = '''\n" + "\n".join(lines) + "\n'''\n\n"
        + f"FORMS = {exc!r}\n\n"
        + f"VERB_FORMS = {' '.join(sorted(_VERB_FORMS))!r}\n\n"
        + f"VERBAL = {' '.join(sorted(_VERBAL))!r}\n\n"
        + f"NOMINAL = {' '.join(sorted(_NOMINAL))!r}\n"
    )


def main(argv: list[str]) -> None:
    root = Path(argv[1] if len(argv) > 1 else "/usr/share/wordnet")
    words, forms = build(root)
    target = _REPO / "bot" / "dialogue" / "senses_data.py"
    target.write_text(render(words, forms), encoding="utf-8")
    print(f"wrote {target} ({len(words)} words)")


if __name__ == "__main__":
    main(sys.argv)
