"""Every nameable thing in a scene, findable by whatever words a player or a model uses for it.

Why an index: each check asks many "is X here?" questions of one scene ("the barkeep", "my
sword", "the door", "Gretta"). Answering them by scanning the scene's lists is slow on a big
scene and inconsistent across checks; answering them from one precomputed structure is fast and
means the intent parser, pre-validation and post-validation all agree on what a name refers to.

How a lookup works (``SceneIndex.resolve``), cheapest first:

1. **exact**: the phrase is reduced to a key (lowercase, punctuation, leading articles,
   possessives and counts dropped, words made singular: "the Stone Walls" -> "stone wall",
   "one of my torches" -> "torch") and looked up in a dict of every name and alias. Score 100.
2. **partial**: the key's words are compared with names that share its last word (its head
   noun: "the door" -> "cellar door") or contain it ("the market" -> "Market Square"), and
   role words ("the innkeeper" -> the NPC aliased "bartender"; "the dwarf" -> the NPC whose
   description says "dwarf"). Scores 60-90.
3. **fuzzy**: only when both miss, rapidfuzz compares the key with the precomputed list of keys
   (typos: "Gretta" -> Greta, "warhamer" -> warhammer), with a cutoff so that "the dragon" in a
   tavern finds nothing. Scores below 90, ``exact=False``.

Entities are grouped (beings present, the player's own things, the room, items other people
hold) and a group is only indexed when a lookup first asks for one of its kinds, so a check
that only needs "the guard" and "my sword" never pays for indexing a thousand NPCs' pockets.
Within a group, a cheap layer (names as written, the set of words they use) is built first;
the normalised partial/fuzzy layer only when a lookup misses the cheap one but shares a word
(or a near-typo) with the group. "The dragon" in a scene without one costs a set lookup and
one C-speed fuzzy pass, not an index build.

Typical use::

    index = SceneIndex.for_scene(scene)
    m = index.resolve("the barkeep")                  # Match(Entity("npc", "Greta"), 100.0, True)
    m = index.resolve("my sword", {"inventory"})      # the player's "iron sword"
    index.resolve("the dragon")                       # None
    index.resolve_all("the key", {"npc_item"})        # every NPC's key, best first
    index.feature("the door"), index.exit_doors       # scene features, exit -> door feature
    index.is_scenery("hearth")                        # furniture the place has or plausibly has

An index is built once per ``Scene`` object and cached (``SceneIndex.for_scene``). A scene is
treated as immutable once checked; if you mutate one in place, call ``SceneIndex.forget(scene)``
(a cheap size signature also catches most mutations).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from typing import Iterable, NamedTuple

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from bot.guard.lexicon.nouns import (
    BEINGS,
    DOORLIKE,
    FIXTURES_BY_KIND,
    FIXTURES_COMMON,
    KIND_HINTS,
    ROLE_SYNONYMS,
)
from bot.guard.lexicon.wordclass import is_classifier
from bot.guard.lexicon.words import DETERMINERS, STOPWORDS, before_participle, head_word, name_variants, norm_phrase, singular
from bot.world.scene import Scene, SceneFeature

KINDS = (
    "npc", "party", "creature", "inventory", "ability", "item", "content", "feature", "exit",
    "location", "npc_item", "place",
)
# When two entities match equally well, the earlier kind wins: someone present before a thing,
# the player's own thing before one lying around, a real exit before a far-away place.
_KIND_RANK = {k: i for i, k in enumerate(KINDS)}
BEING_KINDS = frozenset({"npc", "party", "creature"})
ITEM_KINDS = frozenset({"inventory", "item", "content", "npc_item"})
PLACE_KINDS = frozenset({"exit", "location", "place"})

_GROUP_OF = {
    "npc": "beings", "party": "beings", "creature": "beings",
    "inventory": "player", "ability": "player",
    "item": "room", "content": "room", "feature": "room", "exit": "room", "location": "room",
    "place": "room",
    "npc_item": "held",
}
_FUZZY_CUTOFF = 84.0
_HEAD_TYPO = 0.79
_CACHE_SIZE = 16


class Entity(NamedTuple):
    """One nameable thing. ``owner``: who holds an item (NPC, party member or player name), the
    container of a content, the location of a feature or exit; None otherwise."""

    kind: str
    name: str
    owner: str | None = None


class Match(NamedTuple):
    entity: Entity
    score: float  # 0..100
    exact: bool  # the whole phrase is the entity's name or alias


class _Group:
    """The lookup structures for one group of entities, in two layers.

    The *quick* layer is built at once and costs little even for a thousand NPCs: a dict of
    names as written (lowercased, leading articles dropped), the set of every word in the group's
    names, descriptions and role synonyms, and their 4-letter prefixes. Most lookups end there:
    an exact name ("the guard"), or a phrase none of whose words the group has ever seen ("the
    dragon", after a C-speed fuzzy pass finds no typo of it either).

    The *full* layer (normalised keys, head nouns, tokens, roles, fuzzy choice lists) is built
    only when a lookup needs partial matching: "the door" for "cellar door". Buckets may hold
    duplicates (checking on insert is quadratic on big scenes); lookups deduplicate.
    """

    __slots__ = (
        "entries", "raw", "_texts", "universe", "universe_list", "prefixes", "beings", "raw_choices", "full", "exact", "heads",
        "tokens", "roles", "prefix", "choices", "heads_list", "words_of",
    )

    def __init__(self, entries: list[tuple[Entity, tuple[str, ...], tuple[str, ...], str]]) -> None:
        # entries: (entity, names, role words, description)
        self.entries = entries
        raw: dict[str, list[Entity]] = {}
        texts: list[str] = []
        for ent, names, roles, description in entries:
            for n in names:
                if n:
                    k = _raw_key(n)
                    bucket = raw.get(k)
                    if bucket is None:
                        raw[k] = [ent]
                    else:
                        bucket.append(ent)
                    texts.append(n)
            texts.extend(roles)
            if description:
                texts.append(description)
        self.raw = raw
        self._texts = texts
        self.universe: set[str] | None = None
        self.universe_list: list[str] | None = None
        self.prefixes: set[str] = set()
        self.beings = bool(entries) and entries[0][0].kind in BEING_KINDS
        self.raw_choices: list[str] | None = None
        self.full = False
        self.exact: dict[str, list[Entity]] = {}
        self.heads: dict[str, list[tuple[Entity, tuple[str, ...]]]] = {}
        self.tokens: dict[str, list[tuple[Entity, tuple[str, ...]]]] = {}
        self.roles: dict[str, list[tuple[Entity, float]]] = {}
        self.prefix: dict[str, list[Entity]] = {}
        self.choices: list[str] | None = None
        self.heads_list: list[str] | None = None
        self.words_of: dict[Entity, frozenset[str]] | None = None

    def may_hold(self, words: tuple[str, ...], key: str) -> bool:
        """Whether any entity of the group could match these words (else skip the full layer)."""
        if not self.entries:
            return False
        u = self.universe
        if u is None:
            u = set(_WORD.findall(" ".join(self._texts).casefold()))
            for group in ROLE_SYNONYMS:
                if not group.isdisjoint(u):
                    u |= group
            self.universe = u
            self.prefixes = {w[:4] for w in u if len(w) >= 4}
        for w in words:
            if w in u or w + "s" in u or w + "es" in u or (w.endswith("y") and w[:-1] + "ies" in u):
                return True
            if w.endswith("f") and (w[:-1] + "ves") in u:
                return True
            if any(w == singular(x) for x in _PLURALS_OF.get(w, ())):
                return True
            if self.beings and len(w) >= 4 and w[:4] in self.prefixes:
                return True
        if len(key) >= 4:
            if self.raw_choices is None:
                self.raw_choices = list(self.raw)
            if process.extractOne(key, self.raw_choices, scorer=fuzz.ratio, score_cutoff=_FUZZY_CUTOFF):
                return True
            head = words[-1] if words else key
            if self.universe_list is None:
                self.universe_list = [w for w in u if len(w) >= 4]
            if len(head) >= 4 and process.extractOne(head, self.universe_list, scorer=OSA.normalized_similarity, score_cutoff=_HEAD_TYPO):
                return True
        return False

    def ensure_full(self) -> None:
        if self.full:
            return
        self.full = True
        for ent, names, roles, description in self.entries:
            self.add(ent, names)
            for r in roles:
                if r and r not in names:  # a party member's class: "the paladin"
                    for k in _keys(r):
                        self.add_role(k.rsplit(" ", 1)[-1], ent, 70.0)
            if roles or description:
                _add_roles(self, ent, roles, description)

    def add(self, ent: Entity, names: Iterable[str]) -> None:
        exact, heads, tokens = self.exact, self.heads, self.tokens
        being = ent.kind in BEING_KINDS
        for raw in names:
            if not raw:
                continue
            for key in _keys(raw):
                bucket = exact.get(key)
                if bucket is None:
                    exact[key] = [ent]
                else:
                    bucket.append(ent)
                split = key.split()
                words = tuple(w for w in split if w not in STOPWORDS) or (key,)
                item = (ent, words)
                heads.setdefault(words[-1], []).append(item)
                if "of" in split:  # "mug of ale" is also a "mug"; "swarm of bats" a "swarm"
                    i = split.index("of")
                    if i > 0:
                        heads.setdefault(split[i - 1], []).append(item)
                if not being or raw[:1].isupper():
                    # "the market" is Market Square, "the captain" Captain Varr and "my blaster"
                    # the blaster pistol; but "the cabin" is no cabin boy and "the water" no
                    # water seller: a being's common-noun alias is found by its head noun only
                    for w in words[:-1]:
                        tokens.setdefault(w, []).append(item)
                if being and len(words[0]) >= 4 and raw[:1].isupper():
                    self.prefix.setdefault(words[0][:4], []).append(ent)  # "Gretta" for Greta

    def known_words(self, ent: Entity) -> frozenset[str]:
        """Every word of an entity's names, roles and description (singular), built on first use:
        only the few entities a lookup's head noun reaches ever need it."""
        if self.words_of is None:
            self.words_of = {}
        hit = self.words_of.get(ent)
        if hit is not None:
            return hit
        words: set[str] = set()
        for e, names, roles, description in self.entries:
            if e == ent:
                for text in (*names, *roles, description):
                    if text:
                        words.update(singular(w) for w in _WORD.findall(text.casefold()))
        out = frozenset(words)
        self.words_of[ent] = out
        return out

    def add_role(self, word: str, ent: Entity, score: float) -> None:
        self.roles.setdefault(word, []).append((ent, score))

    def choice_list(self) -> list[str]:
        if self.choices is None:
            self.choices = list(self.exact)
        return self.choices

    def head_list(self) -> list[str]:
        if self.heads_list is None:
            self.heads_list = [h for h in self.heads if len(h) >= 4]
        return self.heads_list


_CLEAN = re.compile(r"[a-z][a-z ]*")
_WORD = re.compile(r"[a-z][a-z'-]*")
_KEY_CACHE: dict[str, tuple[str, ...]] = {}
_PLURALS_OF = {"man": ("men",), "woman": ("women",), "child": ("children",), "person": ("people",),
               "mouse": ("mice",), "goose": ("geese",), "foot": ("feet",), "tooth": ("teeth",)}
_LEADING = ("the ", "a ", "an ")


def _strip_leading(text: str) -> str:
    """The quick-layer key of a player's phrase: "my Iron Sword" -> "iron sword"."""
    words = text.casefold().split()
    i = 0
    while i < len(words) - 1 and (words[i] in DETERMINERS or words[i].isdigit()):
        i += 1
    return " ".join(words[i:])


def _raw_key(text: str) -> str:
    """A name as written, for the quick layer: lowercase, no leading article."""
    t = text.casefold()
    if t[:4] == "the ":
        return t[4:]
    if t[:2] == "a ":
        return t[2:]
    if t[:3] == "an ":
        return t[3:]
    return t


def _keys(name: str) -> tuple[str, ...]:
    """``name_variants`` with a fast path for plain names (most of them) and a bounded cache."""
    hit = _KEY_CACHE.get(name)
    if hit is not None:
        return hit
    low = name.casefold()
    if _CLEAN.fullmatch(low):
        words = low.split()
        i = 0
        while i < len(words) - 1 and words[i] in DETERMINERS:
            i += 1
        base = " ".join([singular(w) for w in words[i:]])
        bare = before_participle(base)
        keys: tuple[str, ...] = (base, bare) if bare else (base,)
    else:
        keys = tuple(name_variants(name))
    if len(_KEY_CACHE) > 50_000:
        _KEY_CACHE.clear()
    _KEY_CACHE[name] = keys
    return keys


class SceneIndex:
    """See the module docstring. Build with ``SceneIndex.for_scene(scene)``."""

    __slots__ = (
        "scene", "_groups", "player_name", "player_names", "location_kind", "scenery",
        "exit_doors", "_features", "_signature", "_memo", "first_words", "_behind",
    )

    _cache: OrderedDict[int, tuple[Scene, tuple, SceneIndex]] = OrderedDict()
    _by_content: OrderedDict[tuple, SceneIndex] = OrderedDict()

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._groups: dict[str, _Group] = {}
        self._memo: dict[tuple, list[Match]] = {}
        self._signature = _signature(scene)
        player = scene.player
        self.player_name = player.name or ""
        names = {player.name.casefold()} if player.name else set()
        for w in (player.name or "").replace("-", " ").split():
            if len(w) >= 3:
                names.add(w.casefold())
        self.player_names: frozenset[str] = frozenset(names)
        self.location_kind = _location_kind(scene)
        self._features: dict[str, SceneFeature] = {}
        for f in scene.location.features:
            for n in (f.name, *f.aliases):
                self._features.setdefault(norm_phrase(n), f)
        self.scenery: frozenset[str] | None = None
        self.exit_doors = _exit_doors(scene)
        self._behind: dict[str, SceneFeature] | None = None
        self.first_words = frozenset(
            w for a in player.abilities for w in a.casefold().split()[:1]
        )

    # -- construction and cache -------------------------------------------------------------

    @classmethod
    def for_scene(cls, scene: Scene) -> SceneIndex:
        """The index of this scene object, built on first use and cached (LRU, by identity)."""
        key = id(scene)
        hit = cls._cache.get(key)
        if hit is not None and hit[0] is scene and hit[1] == _signature(scene):
            cls._cache.move_to_end(key)
            return hit[2]
        # A new object with the same content (the next turn in an unchanged scene): reuse it.
        content = scene.content_key()
        index = cls._by_content.get(content)
        if index is None:
            index = cls(scene)
            cls._by_content[content] = index
            if len(cls._by_content) > _CACHE_SIZE:
                cls._by_content.popitem(last=False)
        else:
            cls._by_content.move_to_end(content)
        cls._cache[key] = (scene, index._signature, index)
        if len(cls._cache) > _CACHE_SIZE:
            cls._cache.popitem(last=False)
        return index

    @classmethod
    def forget(cls, scene: Scene) -> None:
        """Drop the cached index of a scene that was changed in place."""
        cls._cache.pop(id(scene), None)
        cls._by_content.pop(scene.content_key(), None)

    def _group(self, name: str) -> _Group:
        group = self._groups.get(name)
        if group is None:
            group = self._groups[name] = _Group(_BUILDERS[name](self.scene))
        return group

    # -- lookups ----------------------------------------------------------------------------

    def resolve(self, text: str, kinds: Iterable[str] | None = None, min_score: float = 60.0) -> Match | None:
        """The best match for ``text`` among entities of ``kinds`` (all kinds when None)."""
        found = self.resolve_all(text, kinds, limit=1, min_score=min_score)
        return found[0] if found else None

    def resolve_all(
        self, text: str, kinds: Iterable[str] | None = None, limit: int = 5, min_score: float = 60.0
    ) -> list[Match]:
        """Matches for ``text`` best first: exact ones if any, else partial, else fuzzy."""
        key = norm_phrase(text) if text else ""
        if not key:
            return []
        wanted = frozenset(kinds) if kinds is not None else None
        memo_key = (key, wanted, limit, min_score)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        found = self._lookup(text, key, wanted, limit, min_score)
        if len(self._memo) > 4096:
            self._memo.clear()
        self._memo[memo_key] = found
        return found

    def _lookup(self, text: str, key: str, wanted: frozenset[str] | None, limit: int, min_score: float) -> list[Match]:
        groups = self._groups_for(wanted)
        ok = (lambda e: e.kind in wanted) if wanted is not None else (lambda e: True)

        # quick layer: the name as written
        raw_q = _strip_leading(text)
        exact = [Match(e, 100.0, True) for g in groups for k in {raw_q, key} for e in g.raw.get(k, ()) if ok(e)]
        if exact:
            return _best(exact, limit)

        words = tuple(w for w in key.split() if w not in STOPWORDS) or (key,)
        live = [g for g in groups if g.full or g.may_hold(words, key)]
        if not live:
            return []
        for g in live:
            g.ensure_full()

        exact = [Match(e, 100.0, True) for g in live for e in g.exact.get(key, ()) if ok(e)]
        if exact:
            return _best(exact, limit)
        partial = self._partial(live, words, ok, key)
        if partial and partial[0].score >= 80:
            return _best(partial, limit, min_score)
        fuzzy = self._fuzzy(live, key, words, ok)
        return _best(partial + fuzzy, limit, min_score)

    def entities(self, kind: str) -> list[Entity]:
        """Every entity of one kind."""
        group = self._group(_GROUP_OF[kind])
        seen: dict[Entity, None] = {}
        for ent, _names, _roles, _description in group.entries:
            if ent.kind == kind:
                seen.setdefault(ent, None)
        return list(seen)

    def feature(self, name: str) -> SceneFeature | None:
        """The location feature called ``name`` (or by an alias of it)."""
        return self._features.get(norm_phrase(name))

    def behind(self, text: str) -> SceneFeature | None:
        """The door-like feature that leads into the room or space ``text`` names: "the
        strongroom" -> the strongroom door, "the captain's cabin" -> the captain's cabin door.
        None when no feature is named so (an exit's door is ``exit_doors``)."""
        if self._behind is None:
            self._behind = _rooms_behind(self.scene)
        if not self._behind:
            return None
        key = " ".join(w for w in norm_phrase(text).split() if w not in STOPWORDS)
        return self._behind.get(key)

    def loose_head_match(self, text: str, match: Match) -> bool:
        """Whether ``match`` was found for ``text`` only because a bare common noun is the last
        word of a longer name, where the words more likely mean a thing of the place or a new
        one: "a glass" poured from a decanter is no NPC's "magnifying glass", nor "the cup" at a
        bar anyone's "dice cup". Such a match must not make the thing someone else's."""
        if match.exact:
            return False
        words = [w for w in text.casefold().split() if w.strip(".,!?;:")]
        if not words or any(w.endswith("'s") or w.endswith("s'") for w in words):
            return False
        content = [w for w in words if w not in STOPWORDS]
        name_words = [w for w in norm_phrase(match.entity.name).split() if w not in STOPWORDS]
        if not content or len(name_words) < 2:
            return False
        if words[0] in ("a", "an", "another", "some", "any"):
            # "a mug of coffee" poured is a new one, not the sergeant's coffee mug
            return {singular(w) for w in content} <= set(name_words)
        word = singular(content[0])
        return len(content) == 1 and name_words[-1] == word and self.is_scenery(word)

    def is_scenery(self, word: str) -> bool:
        """Whether a (singular, lowercase) noun is furniture or scenery this place has or plausibly
        has: words of its name and description, its features, and the fixtures of its kind."""
        if word in FIXTURES_COMMON or word in FIXTURES_BY_KIND.get(self.location_kind, ()):
            return True
        if self.scenery is None:
            self.scenery = _scenery(self.scene)
        return word in self.scenery

    # -- internals --------------------------------------------------------------------------

    def _groups_for(self, wanted: frozenset[str] | None) -> list[_Group]:
        if wanted is None:
            names = ("beings", "player", "room", "held")
        else:
            names = tuple(dict.fromkeys(_GROUP_OF[k] for k in KINDS if k in wanted))
        return [self._group(n) for n in names]

    def _partial(self, groups: list[_Group], words: tuple[str, ...], ok, key: str = "") -> list[Match]:
        head = head_word(key) if " of " in key else words[-1]
        qset = set(words)
        out: dict[Entity, float] = {}

        def put(ent: Entity, score: float) -> None:
            if score > out.get(ent, 0.0):
                out[ent] = score

        for g in groups:
            for ent, kw in g.heads.get(head, ()):
                if not ok(ent):
                    continue
                kset = set(kw)
                if _other_kind(qset - kset, kset - qset, g, ent):
                    continue  # "the carpet seller" is not the water seller
                extra_q = len(qset - kset)
                extra_k = len(kset - qset)
                if not extra_q:
                    put(ent, 90.0 - 2.0 * extra_k)
                elif extra_q and not extra_k:
                    put(ent, 82.0 - 3.0 * extra_q)
                else:
                    put(ent, max(62.0, 74.0 - 4.0 * extra_q - 2.0 * extra_k))
            for ent, kw in g.tokens.get(head, ()):
                if not ok(ent):
                    continue
                kset = set(kw)
                if qset <= kset:
                    put(ent, 72.0 - 2.0 * len(kset - qset))
                else:
                    put(ent, 60.0)
            for ent, score in g.roles.get(head, ()):
                if ok(ent) and not _unexplained(qset - {head}, g, ent):
                    put(ent, score if len(words) == 1 else score - 4.0)
            if len(words) == 1 and len(head) >= 4:
                for ent in g.prefix.get(head[:4], ()):
                    if ok(ent):
                        put(ent, 64.0)
        return sorted((Match(e, s, False) for e, s in out.items()), key=_rank)

    def _fuzzy(self, groups: list[_Group], key: str, words: tuple[str, ...], ok) -> list[Match]:
        if len(key) < 4:
            return []
        out: list[Match] = []
        for g in groups:
            choices = g.choice_list()
            if not choices:
                continue
            for choice, score, _ in process.extract(
                key, choices, scorer=fuzz.ratio, limit=4, score_cutoff=_FUZZY_CUTOFF
            ):
                for ent in g.exact[choice]:
                    if ok(ent):
                        out.append(Match(ent, round(score * 0.9, 1), False))
            if len(words[-1]) >= 4:
                # one typo in the head noun ("the gaurd", "my swrod"): OSA counts a swap as one edit
                rest = set(words[:-1])
                for choice, sim, _ in process.extract(
                    words[-1], g.head_list(), scorer=OSA.normalized_similarity, limit=3, score_cutoff=_HEAD_TYPO
                ):
                    if choice == words[-1]:
                        continue  # the same head word: the partial pass judged it already
                    for ent, kw in g.heads[choice]:
                        if ok(ent):
                            missing = len(rest - set(kw))
                            out.append(Match(ent, round(sim * 75.0 - 8.0 * missing, 1), False))
        return out


def _other_kind(query_extra: set[str], name_extra: set[str], g: _Group, ent: Entity) -> bool:
    """Whether two names that share a head noun name different kinds of it: each has a
    classifying word the other lacks ("carpet seller" / "water seller", "back alley" / "side
    alley"), and the entity's own words (names, roles, description) do not explain the query's."""
    if not query_extra or not name_extra:
        return False
    if not any(is_classifier(w) for w in name_extra):
        return False
    return _unexplained(query_extra, g, ent)


def _unexplained(query_extra: set[str], g: _Group, ent: Entity) -> bool:
    """Whether the query carries a classifying word the entity's words do not have ("the carpet
    seller" for a spice merchant); descriptive words ("old", "drunk") never count."""
    classifiers = [w for w in query_extra if is_classifier(w)]
    if not classifiers:
        return False
    known = g.known_words(ent)
    return any(w not in known for w in classifiers)


def _rank(m: Match) -> tuple[float, int]:
    return (-m.score, _KIND_RANK.get(m.entity.kind, 99))


def _best(matches: list[Match], limit: int, min_score: float = 0.0) -> list[Match]:
    seen: dict[Entity, Match] = {}
    for m in sorted(matches, key=_rank):
        if m.score >= min_score and m.entity not in seen:
            seen[m.entity] = m
    return list(seen.values())[:limit]


def _signature(scene: Scene) -> tuple:
    loc, p = scene.location, scene.player
    return (
        len(scene.npcs), len(scene.items), len(scene.creatures), len(scene.party),
        len(scene.contents), len(scene.known_places), len(loc.features), len(loc.exits),
        loc.name, p.name, len(p.inventory), len(p.abilities),
    )


# -- group builders: each returns (entity, names, role words, description) entries ----------

_Entry = tuple[Entity, tuple[str, ...], tuple[str, ...], str]


def _build_beings(scene: Scene) -> list[_Entry]:
    out: list[_Entry] = []
    for npc in scene.npcs:
        names = (npc.name, *npc.aliases)
        out.append((Entity("npc", npc.name), names, names, npc.description))
    for member in scene.party:
        if member.name:
            out.append((Entity("party", member.name), (member.name,), (member.char_class,), ""))
    for creature in scene.creatures:
        out.append((Entity("creature", creature), (creature,), (creature,), ""))
    return out


def _add_roles(g: _Group, ent: Entity, names: Iterable[str], description: str) -> None:  # noqa: D401
    """Synonyms of an NPC's role words, and being-nouns of its description, as weaker keys."""
    heads = set()
    for n in names:
        if n:
            for key in _keys(n):
                heads.add(key.rsplit(" ", 1)[-1])
    for group in _SYNONYMS_OF.get_many(heads):
        for w in group - heads:
            g.add_role(w, ent, 70.0)
    if description:
        for w in _WORD.findall(description.casefold()):
            w = singular(w) if w.endswith("s") else w
            if w in BEINGS and w not in heads:
                g.add_role(w, ent, 62.0)


class _SynonymTable:
    """Role word -> the synonym groups it belongs to."""

    def __init__(self) -> None:
        self.by_word: dict[str, list[frozenset[str]]] = {}
        for group in ROLE_SYNONYMS:
            for w in group:
                self.by_word.setdefault(w, []).append(group)

    def get_many(self, words: set[str]) -> list[frozenset[str]]:
        out: list[frozenset[str]] = []
        for w in words:
            out.extend(self.by_word.get(w, ()))
        return out


_SYNONYMS_OF = _SynonymTable()
_WORD = re.compile(r"[a-z][a-z'-]*")


def _build_player(scene: Scene) -> list[_Entry]:
    owner = scene.player.name or None
    out: list[_Entry] = []
    for item in scene.player.inventory:
        names: tuple[str, ...] = (item,)
        low = item.casefold()
        for metal in ("gold", "silver", "copper", "platinum"):
            if metal in low and ("coin" in low or "piece" in low or low.strip().endswith(metal)):
                names += (metal, "coin", "money")
        out.append((Entity("inventory", item, owner), names, (), ""))
    for ability in scene.player.abilities:
        out.append((Entity("ability", ability, owner), (ability,), (), ""))
    return out


def _build_room(scene: Scene) -> list[_Entry]:
    loc = scene.location
    here = loc.name or None
    out: list[_Entry] = [(Entity("item", item, here), (item,), (), "") for item in scene.items]
    for container, inside in scene.contents.items():
        out.extend((Entity("content", item, container), (item,), (), "") for item in inside)
    out.extend((Entity("feature", f.name, here), (f.name, *f.aliases), (), "") for f in loc.features)
    out.extend((Entity("exit", ex, here), (ex, *loc.exit_aliases.get(ex, ())), (), "") for ex in loc.exits)
    if loc.name:
        out.append((Entity("location", loc.name), (loc.name, *loc.aliases), (), ""))
    out.extend((Entity("place", place), (place,), (), "") for place in scene.known_places)
    return out


def _build_held(scene: Scene) -> list[_Entry]:
    out: list[_Entry] = []
    for npc in scene.npcs:
        out.extend((Entity("npc_item", item, npc.name), (item,), (), "") for item in npc.items)
    for member in scene.party:
        out.extend((Entity("npc_item", item, member.name or None), (item,), (), "") for item in member.inventory)
    return out


_BUILDERS = {"beings": _build_beings, "player": _build_player, "room": _build_room, "held": _build_held}


# -- scene facts the checks share -------------------------------------------------------------


def _location_kind(scene: Scene) -> str:
    loc = scene.location
    if loc.kind and loc.kind.casefold() in FIXTURES_BY_KIND:
        return loc.kind.casefold()
    for text in (loc.kind, loc.name, *loc.aliases, loc.description):
        for w in norm_phrase(text).split() if text else ():
            if w in KIND_HINTS:
                return KIND_HINTS[w]
    return loc.kind.casefold() if loc.kind else ""


def _scenery(scene: Scene) -> frozenset[str]:
    """The words of the location's name, description and features."""
    loc = scene.location
    words: set[str] = set()
    for text in (loc.name, loc.description, *loc.aliases, *(f.name for f in loc.features)):
        if text:
            words.update(norm_phrase(text).split())
    for f in loc.features:
        for a in f.aliases:
            words.update(norm_phrase(a).split())
    return frozenset(words - STOPWORDS)


def _exit_doors(scene: Scene) -> dict[str, SceneFeature]:
    """Exit name -> the feature one passes through to take it.

    From ``location.exit_through`` when the scene has it; otherwise inferred from a door-like
    feature named after the exit ("Cellar" and "cellar door"), as evaluation scenes carry no
    ``exit_through``.
    """
    loc = scene.location
    by_name = {norm_phrase(f.name): f for f in loc.features}
    for f in loc.features:
        for a in f.aliases:
            by_name.setdefault(norm_phrase(a), f)
    out: dict[str, SceneFeature] = {}
    for ex, through in loc.exit_through.items():
        f = by_name.get(norm_phrase(through))
        if f is not None:
            out[ex] = f
    for ex in loc.exits:
        if ex in out:
            continue
        ex_words = [w for w in norm_phrase(ex).split() if w not in STOPWORDS]
        if not ex_words:
            continue
        for f in loc.features:
            f_words = norm_phrase(f.name).split()
            # the exit's head noun must name the door: "Cellar" and "cellar door", "Captain's
            # Cabin" and "captain's cabin door"; not "Back Alley" and "back room door"
            if f_words and f_words[-1] in DOORLIKE and ex_words[-1] in f_words[:-1]:
                out[ex] = f
                break
    return out


def _rooms_behind(scene: Scene) -> dict[str, SceneFeature]:
    """What lies behind each door-like feature, by name: "strongroom door" -> "strongroom",
    "captain's cabin door" -> "captain cabin" (and "cabin"), "vault gate" -> "vault"."""
    out: dict[str, SceneFeature] = {}
    for f in scene.location.features:
        for name in (f.name, *f.aliases):
            words = norm_phrase(name).split()
            if len(words) < 2 or words[-1] not in DOORLIKE:
                continue
            room = [w for w in words[:-1] if w not in STOPWORDS]
            if room:
                out.setdefault(" ".join(room), f)
                out.setdefault(room[-1], f)
    return out


__all__ = ["BEING_KINDS", "ITEM_KINDS", "KINDS", "PLACE_KINDS", "Entity", "Match", "SceneIndex"]
