"""What one step of a turn sees: the working copy of the state, the campaign, the acting
character, the RNG, and the look-ups every action family needs (who is here, which inventory
entry a name means, which feature or exit a word points at).

Names arrive as the intent parser resolved them, or as the player typed them when it could not;
matching goes exact name first, then the campaign catalogue's aliases ("sword" is the iron
sword, "mug of ale" is ale), then a unique last-word match ("stool" is the wooden stool).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.rules.dice import RollResult, roll
from bot.world.campaign import Campaign, Exit, Feature
from bot.world.outcome import StepOutcome
from bot.world.state import CharacterState, FeatureState, NPCState, PlaceState, WorldState


def fold(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


def strip_article(text: str) -> str:
    words = text.split()
    while words and words[0].casefold() in ("the", "a", "an", "some", "my", "your", "his", "her", "their"):
        words = words[1:]
    return " ".join(words)


# Where a player goes without naming the place: with one way out of here, it is that way.
_ANY_WAY_OUT = frozenset(
    "back up down out outside inside upstairs downstairs away on onward forward ahead".split()
    + ["back up", "back down", "back out", "back outside", "back inside", "back upstairs", "back downstairs",
       "up the stairs", "down the stairs", "out of here", "the way i came", "the way we came"])
# "go down", "head upstairs": the way out that lies below or above, when only one does.
_DOWNWARD = frozenset(["down", "downstairs", "below", "back down", "back downstairs", "down the stairs",
                       "down the ladder"])
_UPWARD = frozenset(["up", "upstairs", "above", "up the stairs", "up the ladder"])
_BELOW = frozenset("cellar cellars basement crypt undercroft vault vaults dungeon dungeons catacomb "
                   "catacombs sewer sewers cave cavern pit mine tunnel tunnels hold cistern downstairs "
                   "below underground".split())
_ABOVE = frozenset("attic loft hayloft roof rooftop rooftops tower belfry gallery upstairs garret "
                   "balcony deck battlements ramparts".split())
@dataclass(frozen=True, slots=True)
class Check:
    """A rolled d20 check, as a step records it and its summary states it."""

    natural: int
    bonus: int
    dc: int

    @property
    def total(self) -> int:
        return self.natural + self.bonus

    @property
    def passed(self) -> bool:
        return self.total >= self.dc

    @property
    def text(self) -> str:
        return f"roll {self.natural} + {self.bonus} = {self.total} vs DC {self.dc}"

    def fields(self) -> dict[str, int]:
        """The step's roll, total and difficulty."""
        return {"roll": self.natural, "total": self.total, "against": self.dc}


def _words_of(name: str, aliases: Iterable[str]) -> set[str]:
    """The lowercase words of a place's name and aliases."""
    return {w for n in [name, *aliases] for w in re.findall(r"[a-z]+", n.casefold())}


_COUNT_WORDS = frozenset("two three four five six seven eight nine ten eleven twelve couple few several".split())


def _uncounted(text: str) -> str | None:
    """A thing asked for by the number ("3 ales", "two torches") as the thing itself ("ale",
    "torch"): the count is the quantity, not part of the name."""
    words = strip_article(text).split()
    if len(words) < 2 or not (words[0].isdigit() or words[0].casefold() in _COUNT_WORDS):
        return None
    rest = words[2:] if len(words) > 2 and words[1].casefold() == "of" else words[1:]
    last = rest[-1]
    if last.casefold().endswith("ies") and len(last) > 4:
        last = last[:-3] + "y"
    elif re.search(r"(?:s|sh|ch|x|z)es$", last, re.IGNORECASE):
        last = last[:-2]
    elif last.casefold().endswith("s") and not last.casefold().endswith("ss"):
        last = last[:-1]
    return " ".join([*rest[:-1], last])


def forms(text: str | None) -> set[str]:
    """The folded ways a name may be meant: as written, without a leading article ("the
    crate" is the crate, but "The Rusty Tankard" is also a name that starts with "The"), and
    without the count it was asked for by ("3 ales" is ale)."""
    counted = _uncounted(text or "")
    return {f for f in (fold(text), fold(strip_article(text or "")), fold(counted or "")) if f}


def canonical_item(campaign: Campaign, name: str) -> str:
    """The catalogue's name for ``name`` (an alias resolves to its item), else ``name`` folded."""
    item = campaign.item(strip_article(name)) if name else None
    return fold(item.name if item else strip_article(name))


def find_name(candidates: Iterable[str], wanted: str | None, campaign: Campaign | None = None) -> str | None:
    """The entry of ``candidates`` that ``wanted`` means, or None."""
    if not wanted:
        return None
    names = list(candidates)
    keys = forms(wanted)
    if not keys:
        return None
    for name in names:
        if fold(name) in keys:
            return name
    if campaign is not None:
        canon = canonical_item(campaign, wanted)
        for name in names:
            if canonical_item(campaign, name) == canon:
                return name
    key = fold(strip_article(wanted))
    tails = [n for n in names if key and fold(n).endswith(" " + key)]
    if len(tails) == 1:
        return tails[0]
    return None


def feature_matches(feature: Feature, wanted: str) -> bool:
    return bool(forms(wanted) & {fold(feature.name), *(fold(a) for a in feature.aliases)})


@dataclass(slots=True)
class Situation:
    state: WorldState  # the working copy: each step sees the steps before it
    campaign: Campaign
    player_id: str
    rng: random.Random
    sneak_attack_used: bool = False  # the once-per-turn sneak attack dice have been added

    @property
    def me(self) -> CharacterState:
        return self.state.characters[self.player_id]

    @property
    def here(self) -> str:
        return self.me.location

    @property
    def place(self) -> PlaceState | None:
        return self.state.place(self.here)

    def roll(self, expr: str) -> RollResult:
        return roll(expr, self.rng)

    def d20(self) -> int:
        return self.rng.randint(1, 20)

    def check(self, bonus: int, dc: int) -> Check:
        """One d20 check: the die, plus ``bonus``, against ``dc``."""
        natural = self.d20()
        return Check(natural, bonus, dc)

    def fail(self, action_type: str, summary: str, **fields: object) -> StepOutcome:
        return StepOutcome(action_type=action_type, success=False, summary=summary, **fields)  # type: ignore[arg-type]

    # --- who is here -------------------------------------------------------------------------
    def npc_here(self, name: str | None) -> NPCState | None:
        if not name:
            return None
        keys = forms(name)
        for npc in self.state.npcs.values():
            if fold(npc.location) != fold(self.here):
                continue
            definition = self.campaign.npc(npc.name)
            aliases = {fold(a) for a in definition.aliases} if definition else set()
            if keys & {fold(npc.name), *aliases}:
                return npc
        return None

    def party_here(self, name: str | None) -> CharacterState | None:
        if not name:
            return None
        keys = forms(name)
        for pid, ch in self.state.characters.items():
            if pid != self.player_id and ch.active and fold(ch.location) == fold(self.here):
                if fold(ch.name) in keys:
                    return ch
        return None

    def person_here(self, name: str | None) -> str | None:
        """The name of the NPC or party member here that ``name`` means."""
        npc = self.npc_here(name)
        if npc is not None:
            return npc.name
        other = self.party_here(name)
        return other.name if other is not None else None

    def is_self(self, name: str | None, kind: str | None = None) -> bool:
        if kind == "self":
            return True
        keys = forms(name) or {""}
        return bool(keys & {"", "self", "me", "myself", "yourself", fold(self.me.name)})

    def creature_here(self, name: str | None) -> str | None:
        place = self.place
        return find_name(place.creatures, name) if place and name else None

    # --- things -------------------------------------------------------------------------------
    def inventory_item(self, name: str | None) -> str | None:
        return find_name(self.me.inventory, name, self.campaign)

    def item_lying_here(self, name: str | None) -> str | None:
        """An item lying loose in the player's location (a stool, a bottle): to hand, not held."""
        place = self.place
        return find_name(place.items, name, self.campaign) if place and name else None

    def first_weapon(self) -> str | None:
        for name in self.me.inventory:
            item = self.campaign.item(name)
            if item is not None and item.kind == "weapon" and item.damage:
                return name
        return None

    # --- the place ----------------------------------------------------------------------------
    def feature_here(self, name: str | None) -> tuple[Feature, FeatureState] | None:
        if not name:
            return None
        loc = self.campaign.location(self.here)
        if loc is None:
            return None
        for feature in loc.features:
            if feature_matches(feature, name):
                live = self.state.feature(feature.name) or FeatureState(feature.name, feature.locked, feature.open)
                return feature, live
        return None

    def exit_to(self, name: str | None) -> Exit | None:
        """The exit a word names: a destination (or one of its aliases), or the feature it passes
        through ("go through the trapdoor")."""
        if not name:
            return None
        loc = self.campaign.location(self.here)
        if loc is None:
            return None
        keys = forms(name)
        for exit_ in loc.exits:
            dest = self.campaign.location(exit_.to)
            if keys & {fold(exit_.to), *(fold(a) for a in (dest.aliases if dest else []))}:
                return exit_
        found = self.feature_here(name) if any(e.through for e in loc.exits) else None
        for exit_ in loc.exits:
            if exit_.through and found and fold(found[0].name) == fold(exit_.through):
                return exit_
        for way, words in ((_DOWNWARD, _BELOW), (_UPWARD, _ABOVE)):
            if keys & way:
                lying = [e for e in loc.exits if self._exit_words(e) & words]
                if len(lying) == 1:
                    return lying[0]  # "go down" in a tavern with a cellar: to the cellar
                if not lying and _words_of(loc.name, loc.aliases) & words:
                    return None  # "go down" in the cellar: its one way out leads up
        if len(loc.exits) == 1 and keys & _ANY_WAY_OUT:
            return loc.exits[0]  # "go back up" from a cellar with one way out: that way
        return None

    def _exit_words(self, exit_: Exit) -> set[str]:
        """The words of the place an exit leads to (not of the door it passes: a trapdoor is
        below the room above it and above the cellar under it)."""
        dest = self.campaign.location(exit_.to)
        return _words_of(exit_.to, dest.aliases if dest else [])
