"""The campaign file format, as pydantic models.

A campaign file is written by a game master, not a programmer, so every model is strict about
unknown keys (a typo such as ``climable`` must fail loudly, not be ignored) and lenient about
shorthand (an item may be a bare string, a sale list may be a mapping of item to price).
Cross-references between sections are checked in ``bot.world.loader``; these models only check
the shape of each piece.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*([+-]\s*\d+)?\s*$", re.IGNORECASE)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class ItemDef(_Strict):
    """Properties of an item that the rules or the guard need (weapon die, key, light, healing)."""

    name: str
    aliases: list[str] = Field(default_factory=list)
    kind: str = "gear"  # weapon | armor | tool | key | consumable | container | treasure | gear
    damage: str | None = None  # weapon die, e.g. "d8"
    heals: str | None = None  # dice healed when used, e.g. "2d4+2"
    light: bool = False
    description: str = ""
    contains: list[str] = Field(default_factory=list)
    # What a merchant would ask for it, in gold, for a thing no merchant here stocks: what a
    # sale fetches is decided from it (``rulebook.SALE_SHARE``). None: no merchant buys it.
    value: int | None = Field(default=None, ge=0)

    @field_validator("damage", "heals")
    @classmethod
    def _dice(cls, value: str | None) -> str | None:
        if value is not None and not _DICE.match(value):
            raise ValueError(f"{value!r} is not a dice expression such as d8 or 2d4+2")
        return value


def _item_entry(value: Any) -> Any:
    """Accept ``"rope"`` or ``{"name": "dusty crate", "contains": [...]}`` for an item."""
    if isinstance(value, str):
        return {"name": value}
    return value


class PlacedItem(_Strict):
    """An item lying in a location, possibly holding other items (a crate with a candlestick)."""

    name: str
    contains: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return _item_entry(value)


class Feature(_Strict):
    """A fixed part of a location: a wall, a door, a fence. Properties drive pre-validation."""

    name: str
    aliases: list[str] = Field(default_factory=list)
    description: str = ""
    climbable: bool | None = None
    locked: bool = False
    open: bool | None = None
    key: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return _item_entry(value)


class Exit(_Strict):
    """A way out of a location, optionally through a feature (a door that may be locked)."""

    to: str
    through: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {"to": value}
        return value


class Location(_Strict):
    name: str
    aliases: list[str] = Field(default_factory=list)
    kind: str = ""  # tavern, market, gate, stable, cellar... grounds the furniture a place has
    description: str = ""
    dark: bool = False
    exits: list[Exit] = Field(default_factory=list)
    features: list[Feature] = Field(default_factory=list)
    items: list[PlacedItem] = Field(default_factory=list)
    creatures: list[str] = Field(default_factory=list)


class Document(_Strict):
    """Something an NPC knows in writing: an email, a note, a log, a rumour (dialogue issue)."""

    id: str
    type: str = "note"
    title: str = ""
    summary: str = ""
    keywords: list[str] = Field(default_factory=list)
    author: str = ""
    date: str = ""
    trust: int = Field(default=0, ge=-100, le=100)  # the NPC keeps it to itself below this trust level
    text: str

    @field_validator("date", mode="before")
    @classmethod
    def _date_text(cls, value: Any) -> Any:
        """YAML reads ``date: 1997-02-04`` as a date; a game master means the text."""
        if isinstance(value, (datetime.date, datetime.datetime)):
            return value.isoformat()
        return value

    @field_validator("text")
    @classmethod
    def _not_blank(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("a document needs some text: it is what the NPC knows")
        return value


class NPC(_Strict):
    name: str
    aliases: list[str] = Field(default_factory=list)
    location: str
    description: str = ""
    items: list[str] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list)
    hp: int = Field(default=10, ge=1)
    ac: int = Field(default=10, ge=1, le=40)
    attack_bonus: int = 2
    weapon: str | None = None  # which of its items it fights with; defaults to the first weapon
    sells: dict[str, int] = Field(default_factory=dict)
    disposition: int = Field(default=0, ge=-100, le=100)  # starting trust towards players
    persona: str = ""
    style: str = ""
    documents: list[Document] = Field(default_factory=list)

    @field_validator("sells")
    @classmethod
    def _prices(cls, value: dict[str, int]) -> dict[str, int]:
        for item, price in value.items():
            if price < 0:
                raise ValueError(f"price of {item!r} is negative")
        return value


class CharacterClass(_Strict):
    name: str
    hp: int = Field(ge=1)
    ac: int = Field(ge=1, le=40)
    gold: int = Field(default=0, ge=0)
    attack_bonus: int = 3
    items: list[str] = Field(default_factory=list)
    abilities: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    description: str = ""


class Campaign(_Strict):
    """One campaign world: what is where, who is who, and what the setting forbids."""

    name: str
    title: str = ""
    setting: str
    world_rules: list[str] = Field(default_factory=list)
    spellcasters: list[str] = Field(default_factory=list)
    forbidden: list[str] = Field(default_factory=list)  # words the setting excludes (pistol, laptop)
    start: str
    intro: str = ""
    player_role: str = "adventurer"
    items: list[ItemDef] = Field(default_factory=list)
    classes: list[CharacterClass]
    locations: list[Location]
    npcs: list[NPC] = Field(default_factory=list)
    flags: dict[str, bool | int | str] = Field(default_factory=dict)
    quests: list[dict[str, Any]] = Field(default_factory=list)

    # Lookups, built once by the loader after validation.
    def location(self, name: str) -> Location | None:
        key = name.casefold()
        for loc in self.locations:
            if loc.name.casefold() == key:
                return loc
        return None

    def npc(self, name: str) -> NPC | None:
        key = name.casefold()
        for npc in self.npcs:
            if npc.name.casefold() == key:
                return npc
        return None

    def character_class(self, name: str) -> CharacterClass | None:
        key = name.casefold()
        for cls in self.classes:
            if cls.name.casefold() == key:
                return cls
        return None

    def item(self, name: str) -> ItemDef | None:
        key = name.casefold()
        for item in self.items:
            if item.name.casefold() == key or key in (a.casefold() for a in item.aliases):
                return item
        return None

    def can_cast(self, class_name: str) -> bool:
        return class_name.casefold() in {c.casefold() for c in self.spellcasters}
