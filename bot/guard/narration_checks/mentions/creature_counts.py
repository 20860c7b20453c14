"""How many of a creature the scene has, when its line names them by a collective.

"a pair of ravens" is two ravens and "a pack of wolves" some unknown many, not one raven and one
wolf: the count a scene line gives sits in the collective noun before "of", not in the article.
The scene index counts the article; this corrects it once per scene, so "the two ravens" is the
pair and "three wolves" one pack.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import SceneGrounding

_SIZED = {"pair": 2, "brace": 2, "couple": 2, "twin": 2, "trio": 3, "quartet": 4, "dozen": 12}
_MANY = 99
_COLLECTIVE_LINE = re.compile(r"^(?:an?|the|one|some)?\s*([a-z]+)\s+of\s+(.+)$")


def collective_counts(g: SceneGrounding) -> dict[str, int]:
    """Creature word (lemma and group) -> the count its collective line gives."""
    found = g.memo.get("creature_collective_counts")
    if found is None:
        found = {}
        for line in g.scene.creatures:
            m = _COLLECTIVE_LINE.match(line.lower().strip())
            if m is None or m.group(1) not in V.PARTITIVES:
                continue
            n = _SIZED.get(m.group(1), _MANY)
            for w in re.findall(r"[a-z'-]+", m.group(2)):
                group = V.creature_group(w)
                if group is None:
                    continue
                for key in (V.lemma(w), group):
                    found[key] = max(found.get(key, 0), n)
        g.memo["creature_collective_counts"] = found
    return found


def creature_count(g: SceneGrounding, lem: str, group: str | None) -> int:
    """How many of this creature the scene has (0: none of it)."""
    have = g.creature_counts.get(lem) or (g.creature_counts.get(group) if group else 0) or 0
    extra = collective_counts(g)
    if extra:
        have = max(have, extra.get(lem, 0), extra.get(group, 0) if group else 0)
    return have
