"""What a scene makes true, indexed once per scene for the narration checks.

Every mention in a narration is grounded against this index: who is present (by name, alias,
role or description), what each of them holds (with the family names a model uses for it: an
"iron sword" is also "your blade" and "your steel"), what lies in the location, which creatures
are here and how many, which places an arrival may name, which features may be climbed or are
locked, and what the setting excludes. Building it is linear in the scene; it is cached per
scene object so that the checks of a turn (and the retries of the repair ladder) reuse it.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from bot.guard import vocabulary as V
from bot.guard.setting_rules import DEFAULT_CASTERS, SettingRules, parse_setting
from bot.world.scene import Scene, SceneNPC

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’\-]*")
_SKIP = V.ARTICLES | V.POSSESSIVE_PRONOUNS | frozenset({"of", "and", "the", "with", "for", "s"})
_MAGIC_WORDS = frozenset(
    "spell spells magic magical arcane eldritch sorcery witchcraft fireball lightning frost "
    "hex curse bless blessing heal healing cure sacred holy divine radiant necrotic summon "
    "conjure teleport invisibility illusion missile mage ritual smite prayer firebolt "
    "fire-bolt thunderwave shocking burning chill ray eldritch scorching guiding misty "
    "charm sleep wind storm flame flames fire ice shadow darkness light mind psychic "
    "telekinesis channel miracle rune runes enchant enchantment ward".split())
_NOT_MAGIC_PHRASES = ("second wind", "shield bash", "power attack", "sword attack", "fire bow",
                      "light armor", "sneak attack", "light foot", "light step")
_MAGIC_ABILITY_VERBS = re.compile(r"\b(?:call|calls|summon|command|control|conjure|raise|cast|"
                                  r"breathe|breath|weave|channel)\b")


@lru_cache(maxsize=16384)
def _words(text: str) -> tuple[str, ...]:
    return tuple(w.replace("’", "'") for w in _WORD.findall(text.lower()))


def words_of(text: str) -> list[str]:
    return list(_words(text))


def _count_prefix(text: str) -> tuple[int | None, list[str]]:
    """"two brown mares" -> (2, [brown, mares]); "a pit pony" -> (1, ...); None: an unknown many.

    A collective before "of" holds the count, not the article before it: "a pair of ravens" is
    two ravens, "a pack of wolves" (or "flock of galahs") some unknown many, not one of each.
    """
    ws = words_of(text)
    if not ws:
        return None, ws
    first = ws[0]
    if first.isdigit():
        return int(first), ws[1:]
    if first in V.CARDINALS and first != "one":
        return V.CARDINALS[first], ws[1:]
    if first in ("some", "several", "many", "few"):
        return None, ws[1:]
    rest = ws[1:] if first in ("a", "an", "the", "one") else ws
    if len(rest) > 1 and rest[1] == "of" and rest[0] in V.PARTITIVES:
        return V.SIZED_PARTITIVES.get(rest[0]), rest
    # "the ship's cat" is one cat
    return 1, rest


def _magical(abilities: list[str]) -> bool:
    for a in abilities:
        low = a.lower()
        if any(p in low for p in _NOT_MAGIC_PHRASES):
            continue
        ws = set(words_of(low))
        if ws & _MAGIC_WORDS or _MAGIC_ABILITY_VERBS.search(low):
            return True
    return False


def magical_ability(ability: str) -> bool:
    """Is this ability a power of magic by its words ("sleep charm", "rune of warding")?"""
    return _magical([ability])


@dataclass(slots=True, eq=False)
class Holder:
    """Someone who can act and hold things: the player, an NPC or a party member."""

    kind: str  # player | npc | party
    name: str
    items: tuple[str, ...] = ()
    words: frozenset[str] = frozenset()  # item lemmas and their family names
    counts: dict[str, int] = field(default_factory=dict)  # item lemma/family -> how many
    abilities: tuple[str, ...] = ()
    char_class: str = ""
    magic: bool = False
    npc: SceneNPC | None = None

    @property
    def label(self) -> str:
        return "you" if self.kind == "player" else self.name

    def has(self, word: str) -> bool:
        # "handaxe" names one of "two handaxes" even when the plural lemmatises to "handax"
        return word in self.words or V.lemma(word) in self.words or (
            not word.endswith("s") and V.lemma(word + "s") in self.words)


@dataclass(slots=True)
class FeatureFact:
    name: str
    words: frozenset[str]  # lemmas of name and aliases
    head: str
    climbable: bool | None
    locked: bool
    key: str | None
    closed: bool = False  # explicitly not open (a lowered portcullis): no walking through it


@dataclass(slots=True)
class SceneGrounding:
    scene: Scene
    player: Holder
    holders: list[Holder]
    by_token: dict[str, Holder | None]  # name word / alias -> who (None when two share it)
    roles: dict[str, list[Holder]]  # role lemma or role group -> who
    name_tokens: frozenset[str]
    creature_counts: dict[str, int]
    creature_words: frozenset[str]
    location_words: frozenset[str]
    place_words: frozenset[str]
    exits: list[tuple[str, frozenset[str]]]
    features: list[FeatureFact]
    item_words: frozenset[str]
    fixtures: frozenset[str]
    furniture: frozenset[str]  # the things (not light or weather) a place of this kind has
    kinds: frozenset[str]
    rules: SettingRules
    counts: dict[str, int]  # things the scene counts: "six black cannons" -> cannon: 6
    reading_names: frozenset[str]
    bigrams: frozenset[str]
    casters: frozenset[str]
    all_words: frozenset[str]  # every word the scene uses, lemmatised, and their families
    said_words: frozenset[str]  # only the words the scene's own texts use
    memo: dict[str, Any] = field(default_factory=dict)  # per-scene things checks derive once

    def holder_named(self, word: str) -> Holder | None:
        return self.by_token.get(word) or self.by_token.get(V.lemma(word))

    @property
    def npcs(self) -> list[Holder]:
        """Everyone but the player: the NPCs and the party."""
        found = self.memo.get("npcs")
        if found is None:
            found = [h for h in self.holders if h.kind != "player"]
            self.memo["npcs"] = found
        return found

    @property
    def casters_present(self) -> list[Holder]:
        found = self.memo.get("casters_present")
        if found is None:
            found = [h for h in self.holders if h.magic]
            self.memo["casters_present"] = found
        return found

    def who_holds(self, word: str) -> list[Holder]:
        """Who holds something of that name or family (indexed once per scene)."""
        index = self.memo.get("holders_by_word")
        if index is None:
            index = {}
            for h in self.holders:
                for w in h.words:
                    index.setdefault(w, []).append(h)
            self.memo["holders_by_word"] = index
        found = index.get(word)
        lem = V.lemma(word)
        if lem != word:
            extra = index.get(lem)
            if extra:
                found = list({id(h): h for h in (found or []) + extra}.values())
        return found or []

    def in_location(self, word: str) -> bool:
        return word in self.location_words or V.lemma(word) in self.location_words

    def fixture(self, word: str) -> bool:
        return word in self.fixtures or V.lemma(word) in self.fixtures

    def furnishes(self, word: str) -> bool:
        """Is this a thing a place of this kind has (a tavern's mugs, a stable's straw)?"""
        return word in self.furniture or V.lemma(word) in self.furniture

    def feature_for(self, words: list[str]) -> FeatureFact | None:
        """The feature the words name best: "the stone walls", "the wall", "the cellar door"."""
        lemmas = {V.lemma(w) for w in words}
        best = None
        best_score = 0
        for f in self.features:
            shared = lemmas & f.words
            score = len(shared)
            if f.head in lemmas:
                score += 2
                if f.head in _DOOR_HEADS and not (shared - {f.head}) and f.head not in \
                        self._alias_heads(f):
                    continue  # "the door" is not necessarily the cellar door
            if score > best_score:
                best, best_score = f, score
        return best if best_score >= 2 or (best and best_score >= 1 and len(best.words) == 1) \
            else None


    def _alias_heads(self, f: FeatureFact) -> set[str]:
        source = self.scene.feature(f.name)
        return {a.lower() for a in source.aliases} if source else set()


_CONTAINERS = frozenset(
    "jar jug cage basket crate sack bag net bucket box barrel tank bowl pen pot trap bottle vial "
    "flask creel hutch coop nest hive pail tub keg pouch satchel purse cask bin case "
    "terrarium aquarium pool trough".split())
_DOOR_HEADS = frozenset({"door", "gate", "grate", "hatch", "trapdoor", "portcullis", "grille",
                         "doors", "gates"})


def _item_words(items: list[str], gold: int | None = None) -> tuple[frozenset[str], dict[str, int]]:
    words, counts = _item_words_cached(tuple(items), bool(gold))
    return words, dict(counts)


@lru_cache(maxsize=4096)
def _item_words_cached(items: tuple[str, ...], gold: bool) -> tuple[frozenset[str], dict[str, int]]:
    words: set[str] = set()
    counts: dict[str, int] = {}
    for item in items:
        n, ws = _count_prefix(item)
        lemmas = [V.lemma(w) for w in ws if w not in _SKIP]
        if not lemmas:
            continue
        families = set()
        for lem in lemmas:
            words.add(lem)
            fam = V.ITEM_FAMILY.get(lem)
            if fam:
                words |= V.FAMILY_NAMES[fam]
                families.add(fam)
            if "-" in lem:
                words.update(lem.split("-"))
        head = lemmas[-1]
        for key in families | {head}:
            counts[key] = counts.get(key, 0) + (n or 1)
        words.add("".join(lemmas))  # "lock picks" -> "lockpicks"
    if gold:
        words |= V.FAMILY_NAMES["coin"]
    return frozenset(words), counts


def _person_words(text: str) -> set[str]:
    return {V.lemma(w) for w in words_of(text) if V.is_person_noun(w)}


def _caster(cls: str, casters: frozenset[str]) -> bool:
    c = V.lemma(cls.lower().strip())
    if not c:
        return False
    return any(c == k or c.startswith(k) or k.startswith(c) for k in casters if len(k) >= 3)


def _kinds(scene: Scene) -> frozenset[str]:
    text = " ".join([scene.location.kind, scene.location.name, scene.location.description,
                     " ".join(scene.location.aliases), scene.setting]).lower()
    ws = set(words_of(text))
    found = set()
    kind = scene.location.kind.lower()
    for k, keys in V.KIND_KEYWORDS.items():
        if kind == k or any((key in ws) if " " not in key else (key in text) for key in keys):
            found.add(k)
    return frozenset(found)


_NUM_NOUN = re.compile(r"\b(?P<n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                       r"twelve|a dozen|dozen|twenty)\s+(?:[a-z\-']+\s+){0,2}?"
                       r"(?P<noun>[a-z\-']+s)\b")


def build(scene: Scene) -> SceneGrounding:
    """Index a scene (prefer ``grounding_for``, which caches)."""
    loc = scene.location
    rules_casters: frozenset[str] | None = None
    # setting rules need the grounded words; collect everything first
    all_words: set[str] = set()
    name_tokens: set[str] = set()
    reading_names: set[str] = set()
    bigrams: set[str] = set()

    def note_phrase(text: str, proper: bool = False) -> list[str]:
        ws = words_of(text)
        for a, b in zip(ws, ws[1:]):
            bigrams.add(f"{a} {b}")
        for w in ws:
            all_words.add(w)
            all_words.add(V.lemma(w))
        if proper:
            for raw, w in zip(_WORD.findall(text), ws):
                if w in _SKIP or w in V.TITLES and len(ws) > 1:
                    name_tokens.add(w)
                    continue
                name_tokens.add(w)
                name_tokens.add(V.lemma(w))
                if raw[:1].isupper():
                    reading_names.add(w.removesuffix("'s"))
        return ws

    holders: list[Holder] = []
    by_token: dict[str, Holder | None] = {}
    roles: dict[str, list[Holder]] = {}

    def claim(word: str, h: Holder) -> None:
        if not word or word in _SKIP:
            return
        prev = by_token.get(word, h)
        by_token[word] = h if prev is h else None

    role_seen: set[tuple[str, int]] = set()

    def role(word: str, h: Holder) -> None:
        lem = V.lemma(word)
        for key in {lem, V.ROLE_GROUP.get(lem, lem)}:
            if (key, id(h)) not in role_seen:
                role_seen.add((key, id(h)))
                roles.setdefault(key, []).append(h)

    p = scene.player
    pw, pc = _item_words(p.inventory, p.gold)
    player = Holder(kind="player", name=p.name or "you", items=tuple(p.inventory), words=pw,
                    counts=pc, abilities=tuple(p.abilities), char_class=p.char_class)
    note_phrase(p.name, proper=True)
    for it in p.inventory:
        note_phrase(it)
    for w in words_of(p.name):
        claim(w, player)
    holders.append(player)

    for npc in scene.npcs:
        iw, ic = _item_words(npc.items + list(npc.sells))
        h = Holder(kind="npc", name=npc.name, items=tuple(npc.items), words=iw, counts=ic,
                   abilities=tuple(npc.abilities), npc=npc)
        holders.append(h)
        ws = note_phrase(npc.name, proper=True)
        for w in ws:
            if w not in V.TITLES or len(ws) == 1:
                claim(w, h)
            if w in V.TITLES or V.is_person_noun(w):
                role(w, h)
        for alias in npc.aliases:
            aws = note_phrase(alias, proper=any(c.isupper() for c in alias))
            claim(alias.lower(), h)
            if aws:
                role(aws[-1], h)
                claim(aws[-1], h)
                claim(V.lemma(aws[-1]), h)
            for w in aws:
                if V.is_person_noun(w) or w in V.TITLES:
                    role(w, h)
        for w in _person_words(npc.description):
            role(w, h)
        note_phrase(npc.description)
        for it in npc.items:
            note_phrase(it)
        for it in npc.sells:
            note_phrase(it)
        for cap in re.findall(r"\b[A-Z][a-z]+\b", npc.description):
            name_tokens.add(cap.lower())

    for member in scene.party:
        iw, ic = _item_words(member.inventory, member.gold)
        h = Holder(kind="party", name=member.name or member.char_class,
                   items=tuple(member.inventory), words=iw, counts=ic,
                   abilities=tuple(member.abilities), char_class=member.char_class)
        holders.append(h)
        for w in note_phrase(member.name, proper=True):
            claim(w, h)
        if member.char_class:
            role(member.char_class, h)
        for it in member.inventory:
            note_phrase(it)

    # the location
    location_words: set[str] = set()
    place_words: set[str] = set()
    for text in [loc.name, *loc.aliases]:
        ws = note_phrase(text, proper=True)
        place_words.update(ws)
        place_words.update(V.lemma(w) for w in ws)
    exits: list[tuple[str, frozenset[str]]] = []
    for ex in loc.exits:
        ws = set(note_phrase(ex, proper=True))
        for alias in loc.exit_aliases.get(ex, ()):
            ws.update(note_phrase(alias, proper=True))
        lem = frozenset(V.lemma(w) for w in ws if w not in _SKIP)
        exits.append((ex, lem))
        place_words.update(lem)
    for place in scene.known_places:
        note_phrase(place, proper=True)
    features: list[FeatureFact] = []
    for f in loc.features:
        fw: set[str] = set()
        for text in [f.name, *f.aliases]:
            ws = note_phrase(text)
            fw.update(V.lemma(w) for w in ws if w not in _SKIP)
        head = V.lemma(words_of(f.name)[-1]) if words_of(f.name) else ""
        features.append(FeatureFact(name=f.name, words=frozenset(fw), head=head,
                                    climbable=f.climbable, locked=bool(f.locked) and not f.open,
                                    key=f.key, closed=f.open is False))
        location_words.update(fw)
        place_words.update(fw)
    loc_items, _ = _item_words(scene.items + [i for v in scene.contents.values() for i in v]
                               + list(scene.contents))
    location_words |= loc_items
    for it in scene.items:
        note_phrase(it, proper=any(c.isupper() for c in it))
    for k, v in scene.contents.items():
        note_phrase(k)
        for it in v:
            note_phrase(it)
    desc_words = note_phrase(loc.description)
    desc_lemmas = {V.lemma(w) for w in desc_words}
    location_words |= desc_lemmas
    place_words |= desc_lemmas
    for cap in re.findall(r"\b[A-Z][A-Za-z]+\b", loc.description):
        name_tokens.add(cap.lower())
        reading_names.add(cap.lower())
    for cap in re.findall(r"\b[A-Z][A-Za-z]+\b", scene.setting):
        name_tokens.add(cap.lower())
    for c in scene.creatures:
        for cap in re.findall(r"\b[A-Z][A-Za-z]+\b", c):
            name_tokens.add(cap.lower())  # "a sledge dog named Osman": Osman is here
            reading_names.add(cap.lower())

    # creatures: a creature is grounded by its own word, by a word of its kind that means the
    # same animal ("mare" for "horse"), or by the generic name of its kind ("the birds" for
    # gulls); not by any member of a broad kind (gulls do not make a raven)
    creature_counts: dict[str, int] = {}
    creature_words: set[str] = set()

    def creature(words: list[str], n: int | None, generic: bool = True,
                 recount: bool = True) -> bool:
        """Ground the creature one phrase names ("a fat tabby cat": once, as tabby and cat)."""
        keys: set[str] = set()
        for word in words:
            lem = V.lemma(word)
            group = V.creature_group(word)
            if not group:
                continue
            keys |= {lem, group}
            creature_words.add(lem)
            if group in V.TIGHT_CREATURE_GROUPS:
                creature_words.add("group:" + group)
            if generic:
                creature_words.update(V.CREATURE_GROUP_NAMES.get(group, ()))
        for key in keys:
            if not recount and key in creature_counts:
                continue  # "a snow-walled dog line" does not uncount the nine sled dogs
            if n is None:
                creature_counts[key] = max(creature_counts.get(key, 0), 99)
            else:
                creature_counts[key] = creature_counts.get(key, 0) + n
        return bool(keys)

    for c in scene.creatures:
        n, ws = _count_prefix(c)
        note_phrase(c)
        creature_words.update(V.lemma(w) for w in ws)
        for w in ws:
            # a compound grounds its own tail: "seagulls" the gulls, "will-o'-wisps" the wisps
            lem = V.lemma(w)
            creature_words.add(lem.rsplit("-", 1)[-1])
            creature_words.update(lem[k:] for k in range(3, len(lem) - 2)
                                  if lem[k:] in V.CREATURE_GROUP)
        if not creature(ws, n) and ws:
            key = V.lemma(ws[-1])
            creature_counts[key] = 99 if n is None else creature_counts.get(key, 0) + n
        for key in ("creature", "beast", "animal", "monster", "critter"):
            creature_counts[key] = 99 if n is None else creature_counts.get(key, 0) + n
            creature_words.add(key)
    for w in desc_words:
        creature([w], None, recount=False)
    for h in holders:
        if h.npc is None:
            continue
        # one being, however many names: the djinn called "djinn" and "the djinn" is one djinn
        creature([w for text in [h.npc.name, *h.npc.aliases, h.npc.description]
                  for w in words_of(text)], 1)

    # creatures kept in someone's things ("jar of leeches", "basket of eels"): taking a few out
    # is no new creature, and how many the container holds is not known
    held = [it for h in holders for it in h.items] + list(scene.items) + [
        i for v in scene.contents.values() for i in v]
    for it in held:
        ws = words_of(it)
        if "of" not in ws:
            continue
        k = ws.index("of")
        if not ws[:k] or V.lemma(ws[k - 1]) not in _CONTAINERS:
            continue
        creature(ws[k + 1:], None, generic=False)

    # things the scene counts ("six black cannons", "12 gold coins")
    counts: dict[str, int] = {}
    for text in [loc.description, *scene.items]:
        for m in _NUM_NOUN.finditer(text.lower()):
            raw = m.group("n")
            n = int(raw) if raw.isdigit() else V.NUMBER_WORDS.get(raw.split()[-1], 0)
            if n:
                counts[V.lemma(m.group("noun"))] = n

    item_words = set(location_words)
    for h in holders:
        item_words |= h.words

    kinds = _kinds(scene)
    furniture = set(V.FIXTURES)
    for k in kinds:
        furniture |= V.KIND_FIXTURES.get(k, frozenset())
    fixtures = furniture | V.ATMOSPHERE

    grounded = frozenset(all_words | item_words | creature_words)
    rules = parse_setting(scene.setting, scene.world_rules, scene.forbidden, grounded)
    rules_casters = rules.casters
    explicit = {V.lemma(c.lower()) for c in scene.spellcasters}
    if rules_casters is not None:
        casters = frozenset(rules_casters | explicit)
    elif explicit:
        casters = frozenset(explicit)
    else:
        casters = DEFAULT_CASTERS
    if rules.magic_forbidden:
        casters = frozenset()
    for h in holders:
        if h.kind == "npc" and h.npc is not None:
            role_text = " ".join([h.npc.name, *h.npc.aliases, h.npc.description]).lower()
            by_role = any(_caster(w, casters) for w in words_of(role_text)
                          if V.is_person_noun(w) or w in V.TITLES)
            h.magic = not rules.magic_forbidden and (_magical(list(h.abilities)) or by_role)
        else:
            h.magic = not rules.magic_forbidden and (_caster(h.char_class, casters)
                                                     or _magical(list(h.abilities)))
            if h.char_class:
                note_phrase(h.char_class)

    return SceneGrounding(
        scene=scene, player=player, holders=holders, by_token=by_token, roles=roles,
        name_tokens=frozenset(name_tokens), creature_counts=creature_counts,
        creature_words=frozenset(creature_words), location_words=frozenset(location_words),
        place_words=frozenset(place_words), exits=exits, features=features,
        item_words=frozenset(item_words), fixtures=frozenset(fixtures),
        furniture=frozenset(furniture), kinds=kinds,
        rules=rules, counts=counts, reading_names=frozenset(reading_names),
        bigrams=frozenset(bigrams), casters=casters, all_words=grounded,
        said_words=frozenset(all_words),
    )


_CACHE: OrderedDict[int, tuple[Scene, SceneGrounding]] = OrderedDict()
_BY_CONTENT: OrderedDict[tuple, SceneGrounding] = OrderedDict()
_CACHE_SIZE = 64


def grounding_for(scene: Scene) -> SceneGrounding:
    """The scene's index, built on first use and reused while the same scene object lives.

    A scene is built fresh for each turn and not changed while it is checked; the cache holds the
    scene itself, so an id is never mistaken for another object's."""
    key = id(scene)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is scene:
        _CACHE.move_to_end(key)
        return hit[1]
    # A new object with the same content (the next turn in an unchanged scene): reuse its index.
    content = scene.content_key()
    g = _BY_CONTENT.get(content)
    if g is None:
        g = build(scene)
        _BY_CONTENT[content] = g
        if len(_BY_CONTENT) > _CACHE_SIZE:
            _BY_CONTENT.popitem(last=False)
    else:
        _BY_CONTENT.move_to_end(content)
    _CACHE[key] = (scene, g)
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return g
