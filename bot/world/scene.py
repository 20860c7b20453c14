"""The scene: everything the guard may treat as true for one player's turn.

It has the shape of the evaluation format (``../shared/eval/FORMAT.md``) so that the same
validators run on live game state and on evaluation cases. Plain dataclasses, because a scene is
built on every turn and read many times by the checks; ``Scene.from_dict`` is deliberately lenient
(missing or malformed fields become empty) so a sparse scene never crashes a check.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any


def _str(value: Any, default: str = "") -> str:
    return value if isinstance(value, str) else default


def _strs(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if not isinstance(value, (list, tuple)):
        return []
    out = []
    for v in value:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict) and isinstance(v.get("name"), str):
            out.append(v["name"])
    return out


def _int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _opt_bool(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


@dataclass(slots=True)
class SceneFeature:
    name: str
    aliases: list[str] = field(default_factory=list)
    climbable: bool | None = None
    locked: bool | None = None
    open: bool | None = None
    key: str | None = None

    @classmethod
    def from_dict(cls, d: Any) -> SceneFeature | None:
        if isinstance(d, str):
            return cls(name=d)
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            return None
        key = d.get("key")
        return cls(
            name=d["name"],
            aliases=_strs(d.get("aliases")),
            climbable=_opt_bool(d.get("climbable")),
            locked=_opt_bool(d.get("locked")),
            open=_opt_bool(d.get("open")),
            key=key if isinstance(key, str) else None,
        )


@dataclass(slots=True)
class SceneLocation:
    name: str = ""
    description: str = ""
    exits: list[str] = field(default_factory=list)
    features: list[SceneFeature] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)
    kind: str = ""
    dark: bool = False
    # exit name -> feature it passes through (a door that may be locked)
    exit_through: dict[str, str] = field(default_factory=dict)
    # exit name -> other names of that place ("tavern" for "The Rusty Tankard")
    exit_aliases: dict[str, list[str]] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, d: Any) -> SceneLocation:
        if isinstance(d, str):
            return cls(name=d)
        if not isinstance(d, dict):
            return cls()
        features = [f for f in (SceneFeature.from_dict(x) for x in _list(d.get("features"))) if f]
        through = d.get("exit_through")
        aliases = d.get("exit_aliases")
        return cls(
            name=_str(d.get("name")),
            description=_str(d.get("description")),
            exits=_strs(d.get("exits")),
            features=features,
            aliases=_strs(d.get("aliases")),
            kind=_str(d.get("kind")),
            dark=bool(d.get("dark")) if isinstance(d.get("dark"), bool) else False,
            exit_through={k: v for k, v in through.items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(through, dict)
            else {},
            exit_aliases={k: _strs(v) for k, v in aliases.items() if isinstance(k, str)}
            if isinstance(aliases, dict)
            else {},
        )


@dataclass(slots=True)
class SceneNPC:
    name: str
    aliases: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    hp: int | None = None
    ac: int | None = None
    sells: dict[str, int] = field(default_factory=dict)
    description: str = ""
    down: bool = False

    @classmethod
    def from_dict(cls, d: Any) -> SceneNPC | None:
        if isinstance(d, str):
            return cls(name=d)
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            return None
        sells = d.get("sells")
        return cls(
            name=d["name"],
            aliases=_strs(d.get("aliases")),
            abilities=_strs(d.get("abilities")),
            items=_strs(d.get("items")),
            hp=_int(d.get("hp")),
            ac=_int(d.get("ac")),
            sells={k: v for k, v in sells.items() if isinstance(k, str) and _int(v) is not None}
            if isinstance(sells, dict)
            else {},
            description=_str(d.get("description")),
            down=d.get("down") is True,
        )


@dataclass(slots=True)
class SceneCharacter:
    name: str = ""
    char_class: str = ""
    hp: int | None = None
    max_hp: int | None = None
    inventory: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    gold: int | None = None
    ac: int | None = None

    @classmethod
    def from_dict(cls, d: Any) -> SceneCharacter:
        if not isinstance(d, dict):
            return cls()
        return cls(
            name=_str(d.get("name")),
            char_class=_str(d.get("class")),
            hp=_int(d.get("hp")),
            max_hp=_int(d.get("max_hp")),
            inventory=_strs(d.get("inventory")),
            abilities=_strs(d.get("abilities")),
            gold=_int(d.get("gold")),
            ac=_int(d.get("ac")),
        )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["class"] = d.pop("char_class")
        return d


@dataclass(slots=True)
class Scene:
    setting: str = ""
    world_rules: list[str] = field(default_factory=list)
    location: SceneLocation = field(default_factory=SceneLocation)
    npcs: list[SceneNPC] = field(default_factory=list)
    items: list[str] = field(default_factory=list)
    creatures: list[str] = field(default_factory=list)
    player: SceneCharacter = field(default_factory=SceneCharacter)
    party: list[SceneCharacter] = field(default_factory=list)
    # Beyond FORMAT.md, filled from campaign state when there is one:
    spellcasters: list[str] = field(default_factory=list)  # classes that may cast spells
    forbidden: list[str] = field(default_factory=list)  # words the setting excludes
    contents: dict[str, list[str]] = field(default_factory=dict)  # container -> items inside
    known_places: list[str] = field(default_factory=list)  # every location of the campaign
    # The place the player walks into this turn, when its contents are merged into the lists
    # above (see arriving_at): what a narration shows there is then held to them, not waved by.
    arriving: str = ""

    @classmethod
    def from_dict(cls, d: Any) -> Scene:
        if not isinstance(d, dict):
            return cls()
        contents = d.get("contents")
        return cls(
            setting=_str(d.get("setting")),
            world_rules=_strs(d.get("world_rules")),
            location=SceneLocation.from_dict(d.get("location")),
            npcs=[n for n in (SceneNPC.from_dict(x) for x in _list(d.get("npcs"))) if n],
            items=_strs(d.get("items")),
            creatures=_strs(d.get("creatures")),
            player=SceneCharacter.from_dict(d.get("player")),
            party=[SceneCharacter.from_dict(p) for p in _list(d.get("party")) if isinstance(p, dict)],
            spellcasters=_strs(d.get("spellcasters")),
            forbidden=_strs(d.get("forbidden")),
            contents={k: _strs(v) for k, v in contents.items() if isinstance(k, str)}
            if isinstance(contents, dict)
            else {},
            known_places=_strs(d.get("known_places")),
            arriving=_str(d.get("arriving")),
        )

    def arriving_at(self, there: Scene) -> Scene:
        """This scene, with what the player will find at ``there`` added: the narration of a move
        may show the place reached, and live play knows who and what is in it. The location, its
        exits and the player stay this scene's."""
        def more(mine: list[str], theirs: list[str]) -> list[str]:
            seen = {x.casefold() for x in mine}
            return mine + [x for x in theirs if x.casefold() not in seen]

        names = {n.name.casefold() for n in self.npcs}
        party = {m.name.casefold() for m in self.party}
        fixtures = {f.name.casefold() for f in self.location.features}
        location = replace(self.location, features=self.location.features + [
            f for f in there.location.features if f.name.casefold() not in fixtures])
        return replace(
            self,
            location=location,
            npcs=self.npcs + [n for n in there.npcs if n.name.casefold() not in names],
            items=more(self.items, there.items),
            creatures=more(self.creatures, there.creatures),
            party=self.party + [m for m in there.party if m.name.casefold() not in party],
            contents={**there.contents, **self.contents},
            arriving=there.location.name,
        )

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["player"] = self.player.to_dict()
        d["party"] = [p.to_dict() for p in self.party]
        return d

    def content_key(self) -> tuple:
        """What the guard's per-scene indexes are built from, as one hashable value: two scenes
        with equal keys index alike, so an index is reused across turns while nothing it reads
        changed. Hit points, armour class, a purse's size and who is down are left out: they
        change every fight, and no index reads them (the checks read them from the scene)."""
        loc, p = self.location, self.player

        def who(c: SceneCharacter) -> tuple:
            return (c.name, c.char_class, tuple(c.inventory), tuple(c.abilities), bool(c.gold))

        return (
            self.setting, tuple(self.world_rules),
            (loc.name, loc.description, tuple(loc.exits), tuple(loc.aliases), loc.kind, loc.dark,
             tuple((f.name, tuple(f.aliases), f.climbable, f.locked, f.open, f.key) for f in loc.features),
             tuple(sorted(loc.exit_through.items())),
             tuple((k, tuple(v)) for k, v in sorted(loc.exit_aliases.items()))),
            tuple((n.name, tuple(n.aliases), tuple(n.abilities), tuple(n.items),
                   tuple(sorted(n.sells.items())), n.description) for n in self.npcs),
            tuple(self.items), tuple(self.creatures), who(p), tuple(who(m) for m in self.party),
            tuple(self.spellcasters), tuple(self.forbidden),
            tuple((k, tuple(v)) for k, v in sorted(self.contents.items())), tuple(self.known_places),
            self.arriving,
        )

    def npc(self, name: str) -> SceneNPC | None:
        key = name.casefold()
        for npc in self.npcs:
            if npc.name.casefold() == key:
                return npc
        return None

    def feature(self, name: str) -> SceneFeature | None:
        key = name.casefold()
        for feature in self.location.features:
            if feature.name.casefold() == key:
                return feature
        return None


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []
