"""Template narration: the offline narrator and the repair ladder's last resort.

A template cannot hallucinate only if it is built from nothing but the decided outcome and the
scene, so every name it prints passes through ``SceneNames``: a step's target, item or
destination that the scene does not hold is replaced by a plain pronoun. The player's own words
are never echoed. Figures (damage, healing, gold, rolls, HP) are printed exactly as decided.
Several phrasings per action keep an offline game from reading like a log; ``seed`` picks one
repeatably.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from bot.world.intent import Intent
from bot.world.outcome import Outcome, StepOutcome
from bot.world.scene import Scene

_GOLD_COINS = re.compile(r"^\s*\d+\s+gold(\s+coins?)?\s*$", re.IGNORECASE)


def _fold(text: str | None) -> str:
    return " ".join((text or "").split()).casefold()


class SceneNames:
    """Every name the scene holds, each mapped to the spelling the narration should use."""

    def __init__(self, scene: Scene):
        self.scene = scene
        self._names: dict[str, str] = {}
        loc = scene.location
        self._add(loc.name, loc.aliases)
        for exit_ in loc.exits:
            self._add(exit_)
        for feature in loc.features:
            self._add(feature.name, feature.aliases)
        for npc in scene.npcs:
            self._add(npc.name, npc.aliases)
            self._add_all(npc.items)
            self._add_all(npc.sells)
        self._add_all(scene.items)
        self._add_all(scene.creatures)
        for container, inside in scene.contents.items():
            self._add(container)
            self._add_all(inside)
        for ch in [scene.player, *scene.party]:
            if ch.name:
                self._add(ch.name)
            self._add_all(i for i in ch.inventory if not _GOLD_COINS.match(i))
        self._add_all(scene.player.abilities)

    def _add(self, name: str, aliases: Iterable[str] = ()) -> None:
        if not name:
            return
        self._names.setdefault(_fold(name), name)
        for alias in aliases:
            self._names.setdefault(_fold(alias), name)

    def _add_all(self, names: Iterable[str]) -> None:
        for name in names:
            self._add(name)

    def get(self, name: str | None) -> str | None:
        """The scene's spelling of ``name``, or None when the scene does not hold it."""
        if not name:
            return None
        return self._names.get(_fold(name))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def all(self) -> set[str]:
        return set(self._names.values())


def _pick(options: list[str], seed: int, index: int) -> str:
    return options[(seed + index * 7) % len(options)]


def _article(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _plural(name: str, count: int) -> str:
    if count == 1:
        return _article(name)
    if re.search(r"(s|sh|ch|x|z)$", name):
        return f"{count} {name}es"
    if re.search(r"[^aeiou]y$", name):
        return f"{count} {name[:-1]}ies"
    return f"{count} {name}s"


def _listing(names: list[str]) -> str:
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_COUNTS = {"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "some", "several", "many", "a", "an", "the"}


def _a(name: str) -> str:
    """``name`` with the article a reader expects: "a dusty crate", "wine barrels", "Greta"."""
    first = name.split(" ", 1)[0]
    if not name or first.casefold() in _COUNTS or first[:1].isdigit() or name[:1].isupper():
        return name
    head = name.split(" of ", 1)[0]  # "a box of floppy disks": the box is what is counted
    last = head.rsplit(" ", 1)[-1].casefold()
    if last.endswith("s") and not last.endswith(("ss", "us", "is")):
        return name  # plural: "wine barrels", "bags of flour"
    return ("an " if name[:1].casefold() in "aeiou" else "a ") + name


def _place(name: str) -> str:
    """A location name as the object of a sentence: "the Cellar", "The Rusty Tankard"."""
    if not name or name.casefold().startswith("the ") or " " in name:
        return name
    return f"the {name}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


class _Step:
    """What one step's sentence may say, already filtered through the scene's names."""

    def __init__(self, step: StepOutcome, intent: Intent | None, names: SceneNames):
        self.s = step
        self.intent = intent
        self.names = names
        scene = names.scene
        self.me = _fold(scene.player.name)
        # A step without a summary is a sparse outcome (an evaluation case), not the resolver's:
        # its names, if any, come from the intent.
        sparse = not step.summary and intent is not None
        target = names.get(step.target)
        if step.target is None and sparse and intent is not None:
            target = names.get(intent.target)
        self.self_target = bool(step.target) and _fold(step.target) == self.me and bool(self.me)
        self.target = None if self.self_target else target
        self.item = names.get(step.item)
        if step.item is None and sparse and intent is not None and intent.method_kind in (None, "item"):
            carried = {_fold(i) for i in scene.player.inventory}
            self.item = names.get(intent.method) if _fold(intent.method) in carried else None
        self.moved_to = names.get(step.moved_to)
        self.npc = scene.npc(self.target) if self.target else None
        # "your stool" only for what the player carries: a stool grabbed in the room is "the stool"
        self.mine = "your" if _fold(step.item or "") in {_fold(i) for i in scene.player.inventory} else "the"

    @property
    def who(self) -> str:
        return self.target or "your target"

    def hp_tail(self) -> str:
        s = self.s
        if s.down:
            return f", and {self.who} falls"
        if s.hp_after is not None:
            return f"; {self.who} has {s.hp_after} HP left"
        return ""

    def rolled(self) -> str:
        return f" (you rolled {self.s.roll})" if self.s.roll is not None else ""

    def count(self) -> int:
        return sum(1 for e in self.s.effects if getattr(e, "type", "") == "transfer_item") or 1

    def method(self) -> str | None:
        return _fold(self.intent.method) if self.intent and self.intent.method else None


def _attack(st: _Step, seed: int, i: int) -> str:
    s = st.s
    w = st.item
    if s.success:
        if w:
            options = [
                f"You swing {st.mine} {w} at {st.who} and hit for {s.damage} damage",
                f"{_cap(st.mine)} {w} strikes {st.who} for {s.damage} damage",
                f"You catch {st.who} with {st.mine} {w}, dealing {s.damage} damage",
            ]
        else:
            options = [
                f"You strike {st.who} for {s.damage} damage",
                f"Your blow lands on {st.who} for {s.damage} damage",
                f"You hit {st.who} for {s.damage} damage",
            ]
        text = _pick(options, seed, i) + st.hp_tail()
        if s.roll == 20:
            return "A perfect strike: " + text[:1].lower() + text[1:]
        if st.method() == "power attack" and "power attack" in st.names:
            return "With all your weight behind the blow, " + text[:1].lower() + text[1:]
        return text
    if s.roll is None:
        if st.npc is not None and (st.npc.down or "already down" in s.summary):
            return f"{st.who} is already down, so you hold back"
        if s.item and " has no " in s.summary:  # the rules found nothing of the kind on the player
            return f"You have no {s.item} to attack with"
        return _pick(["Your attack comes to nothing", "You find nothing to strike"], seed, i)
    if s.roll == 1:
        return f"You stumble and miss {st.who} completely (you rolled a 1)"
    if st.item:
        w = f"{st.mine} {st.item}"
        options = [
            f"You swing {w} at {st.who}, but it goes wide{st.rolled()}",
            f"{_cap(st.who)} avoids {w}{st.rolled()}",
            f"Your attack on {st.who} misses{st.rolled()}",
        ]
    else:  # a bare-handed blow is thrown, not swung
        options = [
            f"You lash out at {st.who}, but miss{st.rolled()}",
            f"{_cap(st.who)} avoids your blow{st.rolled()}",
            f"Your attack on {st.who} misses{st.rolled()}",
        ]
    return _pick(options, seed, i)


def _heal_clause(st: _Step) -> str:
    s = st.s
    if s.healed is None:
        return f"you now have {s.hp_after} HP" if st.target is None else f"{st.who} now has {s.hp_after} HP"
    if not s.healed:
        return f"you are already at full health ({s.hp_after} HP)" if st.target is None else (
            f"{st.who} is already at full health ({s.hp_after} HP)"
        )
    if st.target is None:
        return f"you recover {s.healed} HP and now have {s.hp_after}"
    return f"{st.who} recovers {s.healed} HP and now has {s.hp_after}"


def _cast(st: _Step, seed: int, i: int) -> str:
    s = st.s
    spell = st.item or "spell"
    if not s.success:
        if st.npc is not None and "already down" in s.summary:
            return f"{st.who} is already down, so you hold the {spell}"
        return _pick(["Your spell falters and nothing happens", "The magic slips away from you"], seed, i)
    if s.damage is not None:
        options = [
            f"Your {spell} streaks at {st.who} and strikes for {s.damage} damage",
            f"You cast {spell}; it hits {st.who} unerringly for {s.damage} damage",
        ]
        return _pick(options, seed, i) + st.hp_tail()
    if s.hp_after is not None:
        return f"You cast {spell}: {_heal_clause(st)}"
    on = f" on {st.target}" if st.target else ""
    return _pick([f"You cast {spell}{on}", f"You speak the words of {spell}{on} and the spell takes hold"], seed, i)


def _ability(st: _Step, seed: int, i: int) -> str:
    s = st.s
    name = st.item or "your ability"
    if s.roll is not None:
        return _lock(st, seed, i)
    if not s.success:
        if st.method() == "second wind" or _fold(s.item) == "second wind":
            return "Your second wind is spent until you rest"
        if s.item and " does not have " in s.summary:  # the sheet lacks it: say so, not "you try"
            return f"You don't have {s.item}"
        return _pick(["You can't manage that right now", "You try, but it comes to nothing"], seed, i)
    if s.hp_after is not None:
        return f"You use {name}: {_heal_clause(st)}"
    if "already unlocked" in s.summary and st.target:
        return f"You find the {st.target} already unlocked"
    return f"You use {name}"


def _lock(st: _Step, seed: int, i: int) -> str:
    s = st.s
    thing = f"the lock of the {st.target}" if st.target else "the lock"
    if s.success:
        return _pick([f"You pick {thing}{st.rolled()}; it gives with a click",
                      f"With patient work you open {thing}{st.rolled()}"], seed, i)
    return _pick([f"{_cap(thing)} resists you{st.rolled()}", f"You fail to pick {thing}{st.rolled()}"], seed, i)


def _buy(st: _Step, seed: int, i: int) -> str:
    s = st.s
    seller = st.target or "the seller"
    if not s.success:
        if s.gold is not None and s.gold_left is not None:
            what = _article(st.item) if st.item else "that"
            return f"You have only {s.gold_left} gold, and {what} costs {s.gold}"
        return _pick(["No one here will sell you that", "You can't buy that here"], seed, i)
    what = _plural(st.item, st.count()) if st.item else "your purchase"
    if s.hp_after is not None:
        rested = (f"a night's sleep restores {s.healed} HP and you wake at {s.hp_after}" if s.healed
                  else f"you wake fully rested at {s.hp_after} HP")
        return f"You pay {seller} {s.gold} gold for {what}; {rested}, with {s.gold_left} gold left"
    options = [
        f"You buy {what} from {seller} for {s.gold} gold, leaving you {s.gold_left} gold",
        f"{_cap(seller)} takes your {s.gold} gold and hands over {what}; you have {s.gold_left} gold left",
        f"You pay {seller} {s.gold} gold for {what} and keep {s.gold_left} gold",
    ]
    return _pick(options, seed, i)


def _sell(st: _Step, seed: int, i: int) -> str:
    s = st.s
    buyer = st.target or "them"
    if not s.success:
        if st.target and " will not buy " in s.summary:
            return f"{_cap(buyer)} won't buy your {st.item}" if st.item else f"{_cap(buyer)} won't buy that from you"
        if st.target and " is no merchant " in s.summary:
            return f"{_cap(buyer)} isn't buying anything from you"
        return _pick(["No one here will buy that from you", "You find no buyer for that"], seed, i)
    count = st.count()
    what = (f"your {st.item}" if count == 1 else _plural(st.item, count)) if st.item else "it"
    options = [
        f"You sell {what} to {buyer} for {s.gold} gold, and now have {s.gold_left} gold",
        f"{_cap(buyer)} takes {what} and counts {s.gold} gold into your hand; you have {s.gold_left} gold now",
    ]
    return _pick(options, seed, i)


def _take(st: _Step, seed: int, i: int) -> str:
    s = st.s
    if s.against is not None and s.item and s.target:  # a theft, rolled
        if s.success:
            return f"You lift the {s.item} off {s.target} unseen{st.rolled()}"
        return f"{s.target} catches your hand reaching for the {s.item}{st.rolled()}"
    if not s.success:
        if st.item and st.item in st.names.scene.contents:
            return f"The {st.item} is too heavy to carry, but you could take what is inside it"
        if s.target and " belongs to " in s.summary:
            return f"The {s.item} is {s.target}'s; you can't just take it"
        if s.item and " already carries " in s.summary:
            return f"No need: you already carry the {s.item}"
        if s.item and " is fixed in place" in s.summary:
            return _pick([f"The {s.item} is fixed in place; it isn't going anywhere with you",
                          f"The {s.item} is part of the place; you can't carry it off"], seed, i)
        return _pick(["You find nothing like that to take", "You find nothing like that for you to take"], seed, i)
    count = st.count()
    if st.item is None:
        return _pick(["You pick it up", "You take it"], seed, i)
    what = f"the {st.item}" if count == 1 else _plural(st.item, count)
    if st.target:
        return _pick([f"You take {what} from the {st.target}", f"You reach into the {st.target} and take {what}"], seed, i)
    return _pick([f"You pick up {what}", f"You take {what}"], seed, i)


def _give(st: _Step, seed: int, i: int) -> str:
    s = st.s
    to = st.target or "them"
    if not s.success:
        if s.gold is not None and s.gold_left is not None:
            return f"You have only {s.gold_left} gold, not {s.gold}"
        return _pick(["You can't give that", "Your offer comes to nothing"], seed, i)
    if s.gold is not None:
        return _pick([f"You give {to} {s.gold} gold and keep {s.gold_left}",
                      f"You hand {s.gold} gold to {to}; you have {s.gold_left} gold left"], seed, i)
    count = st.count()
    what = (f"the {st.item}" if count == 1 else _plural(st.item, count)) if st.item else "it"
    return _pick([f"You hand {what} to {to}", f"You give {what} to {to}"], seed, i)


def _move(st: _Step, seed: int, i: int) -> str:
    s = st.s
    loc = st.names.scene.location
    if not s.success:
        dest = st.names.get(s.target)
        door = st.names.get(loc.exit_through.get(dest or "", "")) if dest else None
        feature = st.names.scene.feature(door) if door else None
        if feature is not None and "locked" in s.summary:
            return f"The {feature.name} is locked; you cannot go that way"
        return _pick(["You can't go that way from here", "You find no way through there"], seed, i)
    if st.moved_to is None:
        near = st.names.get(s.target) if s.target else None
        if near:  # a few steps within the room
            the = "" if near[:1].isupper() else "the "
            return _pick([f"You cross to {the}{near}", f"You step over to {the}{near}"], seed, i)
        return _pick(["You shift your position", "You move a few steps"], seed, i)
    through = st.names.get(loc.exit_through.get(st.moved_to, ""))
    via = f" through the {through}" if through else ""
    where = _place(st.moved_to)  # "the Cellar", "Market Square"
    return _pick([f"You head to {where}{via}", f"You make your way to {where}{via}",
                  f"You leave{via} for {where}"], seed, i)


def _unlock(st: _Step, seed: int, i: int) -> str:
    s = st.s
    thing = f"the {st.target}" if st.target else "it"
    if s.roll is not None:
        return _lock(st, seed, i)
    if not s.success:
        if "locked" in s.summary:
            return f"{_cap(thing)} is locked, and you have nothing that opens it"
        return _pick(["You find nothing like that to open", "You can't open that"], seed, i)
    if not s.effects and "; inside: " in s.summary:
        inside = s.summary.split("; inside: ", 1)[1].rstrip(".")
        if inside == "nothing":
            return f"You open {thing}; it is empty"
        return f"You open {thing}; inside you find {_listing([_a(n) for n in inside.split(', ')])}"
    if not s.effects:
        state = "unlocked" if "unlocked" in s.summary else "open"
        return f"You find {thing} already {state}"
    if st.item:
        return _pick([f"You turn the {st.item} in {thing} and it swings open",
                      f"The {st.item} fits; you unlock {thing} and open it"], seed, i)
    return _pick([f"You open {thing}", f"{_cap(thing)} opens at your touch"], seed, i)


def _climb(st: _Step, seed: int, i: int) -> str:
    s = st.s
    thing = f"the {st.target}" if st.target else "it"
    if s.success:
        return _pick([f"You climb {thing}{st.rolled()}", f"You haul yourself up {thing}{st.rolled()}"], seed, i)
    if s.roll is not None:
        return _pick([f"You slip back down from {thing}{st.rolled()}",
                      f"You lose your grip on {thing} and drop back{st.rolled()}"], seed, i)
    return f"You find no way up {thing}" if st.target else "There is nothing here you can climb"


def _use_item(st: _Step, seed: int, i: int) -> str:
    s = st.s
    item = f"the {st.item}" if st.item else "it"
    if not s.success:
        return _pick(["You don't have that to use", "You reach for it, but you don't have it"], seed, i)
    if s.hp_after is not None:
        return f"You use {item}: {_heal_clause(st)}"
    used_up = any(getattr(e, "type", "") == "transfer_item" and getattr(e, "dest", 1) is None for e in s.effects)
    if used_up:
        return _pick([f"You finish {item}", f"You make short work of {item}"], seed, i)
    if st.item is None and s.target and s.summary.endswith(f"uses the {s.target}."):
        return _pick([f"You use the {s.target}", f"You try the {s.target}"], seed, i)
    if " to connect to " in f" {s.summary} " and s.target:
        return f"You connect to the {s.target} with {item}"  # "log into the BBS": over the wire
    if " lights " in f" {s.summary} ":
        return f"You light {item}"
    return _pick([f"You use {item}", f"You put {item} to use"], seed, i)


def _examine(st: _Step, seed: int, i: int) -> str:
    s = st.s
    scene = st.names.scene
    if not s.success:
        return _pick(["You find nothing like that here", "You look, but there is nothing like that here"], seed, i)
    target = st.names.get(s.target)
    loc = scene.location
    if target and _fold(target) == _fold(loc.name) or not target:
        seen = [_a(n) for n in scene.items if n in st.names]
        where = _place(loc.name) if loc.name else "the place"
        if not seen:
            return f"You look around {where} and find nothing of note"
        return _pick([f"You look around {where} and see {_listing(seen)}",
                      f"Searching {where}, you find {_listing(seen)}"], seed, i)
    if target in scene.contents:
        inside = [_a(n) for n in scene.contents[target]]
        return f"Inside the {target} you find {_listing(inside)}" if inside else f"You find the {target} empty"
    feature = scene.feature(target)
    if feature is not None:
        facts = []
        if feature.locked:
            facts.append("locked")
        if feature.open is not None:
            facts.append("open" if feature.open else "closed")
        state = f"; it is {' and '.join(facts)}" if facts else ""
        return f"You look over the {feature.name}{state}"
    if scene.npc(target) is not None or any(_fold(p.name) == _fold(target) for p in scene.party):
        return _pick([f"You take a good look at {target}", f"You study {target} for a moment"], seed, i)
    if target in scene.creatures:
        return f"You watch the {target}"
    return _pick([f"You examine the {target}", f"You look the {target} over"], seed, i)


def _talk(st: _Step, seed: int, i: int) -> str:
    s = st.s
    if not s.success:
        if st.npc is not None:
            return f"{st.npc.name} is in no state to answer you"
        return "No one like that is here to hear you"
    if st.target:
        return _pick([f"You speak with {st.target}", f"You turn to {st.target} and talk",
                      f"You address {st.target}"], seed, i)
    if s.item and "no one answers" in s.summary:
        return f"You make the call on the {s.item}; the line rings out and no one answers"
    return "You speak up"


def _rest(st: _Step, seed: int, i: int) -> str:
    s = st.s
    if not s.success:
        return "You cannot rest right now"
    if s.healed:
        return _pick([f"You rest a while and recover {s.healed} HP, bringing you to {s.hp_after}",
                      f"You take a breather and regain {s.healed} HP; you now have {s.hp_after}"], seed, i)
    return f"You rest a while; you are already at full health ({s.hp_after} HP)"


_PERSON = {"i": "you", "me": "you", "my": "your", "mine": "yours", "myself": "yourself", "am": "are",
           "i'm": "you're", "i've": "you've", "i'll": "you'll", "we": "you", "us": "you", "our": "your"}


def _in_second_person(words: str) -> str:
    """The player's own short plain deed told back to them ("I hide behind the bar" -> "You hide
    behind the bar"); empty for anything longer, quoted or not told in the first person. (The
    template is post-validated like any narration, so nothing the words invent is posted.)"""
    plain = " ".join(words.split()).rstrip(".!")
    toks = plain.split(" ")
    if not 2 <= len(toks) <= 10 or toks[0] not in ("I", "i") or any(c in plain for c in "\"“”@#<>*_`[]{}|"):
        return ""
    if any(t.casefold() in ("then", "and", "but") for t in toks):
        return ""  # several deeds: the template's own words
    out = [_PERSON.get(t.casefold(), t) for t in toks]
    return "You " + " ".join(out[1:])


def _other(st: _Step, seed: int, i: int) -> str:
    """Any action without its own template, stating whatever figures the step carries."""
    s = st.s
    if not s.success:
        text = _pick(["You try, but it doesn't work out", "You try, but nothing comes of it"], seed, i)
    else:
        text = _in_second_person(st.intent.words if st.intent else "") or _pick(
            ["You do as you intend", "You see it through", "You go about it"], seed, i)
    if s.damage is not None:
        text += f", dealing {s.damage} damage"
    if s.healed is not None:
        text += f", recovering {s.healed} HP"
    if s.gold is not None:
        text += f" for {s.gold} gold"
    if s.gold_left is not None:
        text += f", with {s.gold_left} gold left"
    if s.hp_after is not None:
        text += f" ({st.who if st.target else 'you'}: {s.hp_after} HP)"
    return text + st.rolled()


# Figures a successful step must carry for its action's template; without them (a sparse
# evaluation outcome) the figure-generic template is used instead.
_NEEDS = {"attack": ("damage",), "buy": ("gold", "gold_left"), "sell": ("gold", "gold_left"), "rest": ("healed", "hp_after")}


def _complete(kind: str, step: StepOutcome) -> bool:
    if not step.success:
        return True
    needs = _NEEDS.get(kind, ())
    if kind == "give" and step.gold is not None:
        needs = ("gold_left",)
    return all(getattr(step, attr) is not None for attr in needs)


_TEMPLATES = {
    "attack": _attack, "cast": _cast, "ability": _ability, "buy": _buy, "sell": _sell, "take": _take, "give": _give,
    "move": _move, "unlock": _unlock, "open": _unlock, "use_item": _use_item, "examine": _examine,
    "talk": _talk, "climb": _climb, "rest": _rest, "other": _other,
}


def _reply(r: StepOutcome, names: SceneNames, seed: int, i: int) -> str:
    """An NPC striking back at the player, in the second person."""
    who = names.get(r.actor) or "Your foe"
    weapon = names.get(r.item)
    with_what = f" with the {weapon}" if weapon else ""
    if not r.success:
        return _pick([f"{who} strikes back{with_what}, but misses you ({who} rolled {r.roll})",
                      f"{who} swings back at you{with_what} and misses ({who} rolled {r.roll})"], seed, i)
    after = "and you fall" if r.down else f"leaving you {r.hp_after} HP"
    return _pick([f"{who} strikes back{with_what} for {r.damage} damage, {after}",
                  f"{who} hits back{with_what}: {r.damage} damage, {after}"], seed, i)


def narrate(scene: Scene, intents: list[Intent], outcome: Outcome, seed: int = 0) -> str:
    """One to three sentences, second person, with the decided figures and nothing the scene
    does not hold."""
    if outcome.blocked:
        return narrate_blocked(outcome.reason, scene, seed)
    names = SceneNames(scene)
    clauses: list[str] = []
    for i, step in enumerate(outcome.steps):
        intent = intents[i] if i < len(intents) else None
        kind = step.action_type
        if (kind not in _TEMPLATES or kind == "other") and intent is not None and intent.action_type in _TEMPLATES:
            kind = intent.action_type
        template = _TEMPLATES.get(kind, _other) if _complete(kind, step) else _other
        if step.action_type == "use_item" and step.roll is not None:
            template = _lock
        clauses.append(_cap(template(_Step(step, intent, names), seed, i)))
    clauses += [_cap(_reply(r, names, seed, i)) for i, r in enumerate(outcome.replies, len(clauses))]
    if not clauses:
        return _pick(["You pause; nothing much happens.", "You wait, and a moment passes without incident."], seed, 0)
    if len(clauses) > 3:
        clauses = [*clauses[:2], "; then ".join([clauses[2], *(c[:1].lower() + c[1:] for c in clauses[3:])])]
    return " ".join(c.rstrip(".") + "." for c in clauses)


_BLOCKED_OPENERS = [
    "You start to act, then stop short.",
    "You hesitate: that can't happen here.",
    "You can't do that right now.",
    "You think better of it.",
]


def narrate_blocked(reason: str, scene: Scene, seed: int = 0) -> str:
    """A refused action: a neutral sentence, then the reason in brackets so the player knows what
    to change."""
    reason = " ".join((reason or "").split())
    opener = _pick(_BLOCKED_OPENERS, seed, 0)
    if not reason:
        return opener
    if reason[-1] not in ".!?":
        reason += "."
    return f"{opener} ({_cap(reason)})"


def describe_location(scene: Scene) -> str:
    """The answer to ``look``: where you are, who and what is here, and the ways out."""
    loc = scene.location
    lines = [loc.name or "Somewhere"]
    if loc.description:
        lines.append(loc.description)
    if loc.dark:
        lines.append("It is dark here.")
    if scene.npcs:
        lines.append("Here: " + ", ".join(n.name + (" (down)" if n.down else "") for n in scene.npcs) + ".")
    if scene.party:
        lines.append("Your companions: " + ", ".join(p.name for p in scene.party if p.name) + ".")
    if scene.creatures:
        lines.append("Creatures: " + ", ".join(scene.creatures) + ".")
    if scene.items:
        lines.append("You see: " + ", ".join(scene.items) + ".")
    features = []
    for f in loc.features:
        facts = []
        if f.locked:
            facts.append("locked")
        elif f.open is not None:
            facts.append("open" if f.open else "closed")
        features.append(f.name + (f" ({', '.join(facts)})" if facts else ""))
    if features:
        lines.append("Features: " + ", ".join(features) + ".")
    exits = []
    for exit_ in loc.exits:
        door = loc.exit_through.get(exit_)
        if door:
            feature = scene.feature(door)
            state = ", locked" if feature is not None and feature.locked else ""
            exits.append(f"{exit_} (through the {door}{state})")
        else:
            exits.append(exit_)
    lines.append("Exits: " + (", ".join(exits) if exits else "none") + ".")
    return "\n".join(lines)


def _inventory_lines(character: Any) -> tuple[list[str], int | None]:
    gold = getattr(character, "gold", None)
    items = list(getattr(character, "inventory", []) or [])
    if gold is not None:
        items = [i for i in items if not _GOLD_COINS.match(i)]
    counts = Counter(items)
    shown = []
    for name in dict.fromkeys(items):
        shown.append(name if counts[name] == 1 else f"{name} (x{counts[name]})")
    return shown, gold


def describe_inventory(character: Any) -> str:
    """What a character carries; takes a ``CharacterState`` or a ``SceneCharacter``."""
    shown, gold = _inventory_lines(character)
    lines = ["You carry: " + ", ".join(shown) + "." if shown else "You carry nothing."]
    if gold is not None:
        lines.append(f"Gold: {gold}.")
    return "\n".join(lines)


def describe_sheet(character: Any) -> str:
    """A plain-text character sheet; takes a ``CharacterState`` or a ``SceneCharacter``."""
    name = getattr(character, "name", "") or "Unnamed"
    cls = getattr(character, "char_class", "")
    lines = [f"{name}, {cls}" if cls else name]
    figures = []
    hp, max_hp = getattr(character, "hp", None), getattr(character, "max_hp", None)
    if hp is not None:
        figures.append(f"HP {hp}/{max_hp}" if max_hp is not None else f"HP {hp}")
    ac = getattr(character, "ac", None)
    if ac is not None:
        figures.append(f"AC {ac}")
    bonus = getattr(character, "attack_bonus", None)
    if bonus is not None:
        figures.append(f"attack {bonus:+d}")
    gold = getattr(character, "gold", None)
    if gold is not None:
        figures.append(f"gold {gold}")
    if figures:
        lines.append(", ".join(figures))
    if hp is not None and hp <= 0:
        lines.append("Down: at 0 HP and unable to act.")
    abilities = list(getattr(character, "abilities", []) or [])
    spells = list(getattr(character, "spells", []) or [])
    if abilities:
        lines.append("Abilities: " + ", ".join(abilities))
    if spells:
        lines.append("Spells: " + ", ".join(spells))
    shown, _ = _inventory_lines(character)
    lines.append("Inventory: " + (", ".join(shown) if shown else "nothing"))
    location = getattr(character, "location", None)
    if location:
        lines.append(f"Location: {location}")
    return "\n".join(lines)
