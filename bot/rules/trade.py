"""Things changing hands: buying from a merchant, taking what lies about, giving to someone.

An intent parser may put the thing in ``target`` and the person in ``method`` or the other way
round, or leave one of them only in the player's words; these functions look in every slot, so
that the decision depends on the world and not on which slot a parser happened to fill.
"""

from __future__ import annotations

import re

from bot.rules import rulebook as rb
from bot.rules.healing import full_rest_effects
from bot.rules.situation import Situation, find_name, fold, strip_article
from bot.world.campaign import NPC
from bot.world.effects import AdjustGold, Effect, Holder, TransferItem
from bot.world.intent import Intent
from bot.world.outcome import StepOutcome
from bot.world.state import CharacterState, NPCState

_GOLD_WORDS = re.compile(r"\b(gold|gp|coins?|crowns?)\b", re.IGNORECASE)
_NUMBER_WORDS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a dozen": 12}
_GOLD_WORD_AMOUNT = re.compile(
    r"\b(a dozen|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a)\s+(?:gold|gp|coins?|crowns?|pieces?)\b",
    re.IGNORECASE)
_GOLD_AMOUNT = re.compile(r"\b(\d+)\s*(?:gold|gp|coins?|crowns?|pieces?)\b", re.IGNORECASE)


def plural(name: str, count: int) -> str:
    if count == 1:
        return f"a {name}" if name[:1].lower() not in "aeiou" else f"an {name}"
    if re.search(r"(s|sh|ch|x|z)$", name):
        return f"{count} {name}es"
    if re.search(r"[^aeiou]y$", name):
        return f"{count} {name[:-1]}ies"
    return f"{count} {name}s"


def _slots(intent: Intent) -> list[str]:
    return [s for s in (intent.target, intent.method, intent.topic, intent.target_text, intent.method_text) if s]


def _mentioned(names: list[str], words: str, campaign_aliases: dict[str, list[str]]) -> str | None:
    """The first of ``names`` (or one of its aliases) that appears as whole words in ``words``."""
    text = f" {fold(re.sub(r'[^A-Za-z0-9 ]', ' ', words))} "
    best: tuple[int, str] | None = None
    for name in names:
        for form in [name, *campaign_aliases.get(name, [])]:
            form_key = fold(form)
            if form_key and f" {form_key} " in text and (best is None or len(form_key) > best[0]):
                best = (len(form_key), name)
    return best[1] if best else None


# --- buy --------------------------------------------------------------------------------------
def _sellers_here(sit: Situation) -> list[tuple[NPCState, NPC]]:
    out = []
    for npc in sit.state.npcs.values():
        if fold(npc.location) != fold(sit.here):
            continue
        definition = sit.campaign.npc(npc.name)
        if definition is not None and definition.sells:
            out.append((npc, definition))
    return out


def buy(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    named_seller: NPCState | None = None
    wanted: str | None = None
    for slot in _slots(intent):
        npc = sit.npc_here(slot)
        if npc is not None:
            named_seller = named_seller or npc
        elif wanted is None and fold(slot) not in ("buy", "purchase") and not _GOLD_WORDS.search(slot):
            wanted = slot  # (the money it is paid with, "2 gold for the stew", is not what is bought)
    sellers = _sellers_here(sit)
    if named_seller is not None:
        sellers = [(n, d) for n, d in sellers if n.name == named_seller.name]
        if not sellers:
            return sit.fail("buy", f"{named_seller.name} has nothing for sale.", target=named_seller.name)

    def aliases(name: str) -> list[str]:
        item = sit.campaign.item(name)
        return list(item.aliases) if item else []

    choice: tuple[NPCState, str, int] | None = None
    for npc, definition in sellers:
        key = find_name(definition.sells.keys(), wanted, sit.campaign) if wanted else None
        if key is None and intent.words:
            names = list(definition.sells)
            key = _mentioned(names, intent.words, {n: aliases(n) for n in names})
        if key is not None:
            choice = (npc, key, definition.sells[key])
            break
    if choice is None:
        what = strip_article(wanted) if wanted else "that"
        if named_seller is not None:
            return sit.fail("buy", f"{named_seller.name} does not sell {what}.", target=named_seller.name, item=wanted)
        return sit.fail("buy", f"Nobody here sells {what}.", item=wanted)

    seller, item, price = choice
    if seller.down:
        return sit.fail("buy", f"{seller.name} is down and cannot sell anything.", target=seller.name, item=item)
    definition_item = sit.campaign.item(item)
    service = definition_item is not None and definition_item.kind == "service"
    count = 1 if service else max(1, intent.quantity)
    cost = price * count
    what = plural(item, count)
    if me.gold < cost:
        return sit.fail(
            "buy",
            f"{me.name} has {me.gold} gold; {what} costs {cost}." if count == 1
            else f"{me.name} has {me.gold} gold; {what} cost {cost}.",
            target=seller.name, item=item, gold=cost, gold_left=me.gold,
        )
    left = me.gold - cost
    effects: list[Effect] = [AdjustGold(sit.player_id, -cost)] if cost else []
    if service:
        healed, rest_effects = full_rest_effects(sit)
        effects += rest_effects
        return StepOutcome(
            action_type="buy",
            success=True,
            summary=(
                f"{me.name} pays {seller.name} {cost} gold for {what} and wakes rested, restoring "
                f"{healed} HP to full health ({me.max_hp}/{me.max_hp} HP); {me.name} has {left} gold left."
            ),
            target=seller.name, item=item, gold=cost, gold_left=left,
            healed=healed, hp_after=me.max_hp, effects=effects,
        )
    effects += [TransferItem(item, Holder("shop"), Holder("player", sit.player_id)) for _ in range(count)]
    return StepOutcome(
        action_type="buy",
        success=True,
        summary=f"{me.name} buys {what} from {seller.name} for {cost} gold; {me.name} has {left} gold left.",
        target=seller.name, item=item, gold=cost, gold_left=left, effects=effects,
    )


# --- take -------------------------------------------------------------------------------------
def _container_named(sit: Situation, intent: Intent) -> str | None:
    place = sit.place
    if place is None:
        return None
    containers = list(place.contents)
    for slot in (intent.method, intent.method_text):
        found = find_name(containers, slot, sit.campaign)
        if found:
            return found
    if intent.words and containers:
        aliases = {c: list(sit.campaign.item(c).aliases) if sit.campaign.item(c) else [] for c in containers}
        m = re.search(r"\b(from|out of|inside|in)\b(.*)$", intent.words, re.IGNORECASE)
        if m:
            return _mentioned(containers, m.group(2), aliases)
    return None


def _is_container(sit: Situation, name: str) -> bool:
    place = sit.place
    if place is not None and find_name(place.contents, name) is not None:
        return True
    item = sit.campaign.item(name)
    return item is not None and item.kind == "container"


def take(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    place = sit.place
    wanted = intent.target or intent.method
    if place is None or not wanted:
        return sit.fail("take", f"{me.name} finds nothing to take.", item=wanted)
    count = max(1, intent.quantity)
    container = _container_named(sit, intent)
    sources: list[tuple[Holder, list[str], str | None]] = []
    if container is not None:
        sources.append((Holder("container", place.name, container), place.contents[container], container))
    else:
        sources.append((Holder("place", place.name), place.items, None))
        for name, inside in place.contents.items():
            sources.append((Holder("container", place.name, name), inside, name))
    for holder, items, inside in sources:
        found = find_name(items, wanted, sit.campaign)
        if found is None:
            continue
        if inside is None and _is_container(sit, found):
            return sit.fail("take", f"The {found} is too heavy to carry; {me.name} can take what is inside it instead.", item=found)
        copies = sum(1 for i in items if fold(i) == fold(found))
        taken = min(count, copies)
        effects: list[Effect] = [TransferItem(found, holder, Holder("player", sit.player_id)) for _ in range(taken)]
        what = f"the {found}" if taken == 1 else plural(found, taken)
        where = f" from the {inside}" if inside else ""
        return StepOutcome(
            action_type="take", success=True, summary=f"{me.name} takes {what}{where}.",
            item=found, target=inside, effects=effects,
        )
    if container is not None:
        return sit.fail("take", f"The {container} holds no {strip_article(wanted)}.", item=wanted, target=container)
    fixture = _fixture_named(sit, intent)
    if fixture is not None:  # "I pick up the payphone": it is right there, but part of the place
        return sit.fail("take", f"The {fixture} is fixed in place; {me.name} cannot carry it off.", item=fixture)
    for npc in sit.state.npcs.values():
        if fold(npc.location) == fold(sit.here):
            held = find_name(npc.items, wanted, sit.campaign)
            if held is not None:
                if _stealing(intent):
                    return _steal(sit, npc, held)
                return sit.fail("take", f"The {held} belongs to {npc.name}; {me.name} cannot just take it.", item=held, target=npc.name)
    mine = find_name(me.inventory, wanted, sit.campaign)
    if mine is not None:  # "I pick up the dagger" with the dagger in hand
        return sit.fail("take", f"{me.name} already carries the {mine}.", item=mine)
    return sit.fail("take", f"There is no {strip_article(wanted)} here to take.", item=wanted)


def _fixture_named(sit: Situation, intent: Intent) -> str | None:
    """The location's own feature the intent names (the parse resolved it to one), if any."""
    loc = sit.campaign.location(sit.here)
    if intent.target_kind != "feature" or loc is None or not intent.target:
        return None
    return next((f.name for f in loc.features if fold(f.name) == fold(intent.target)), None)


def _stealing(intent: Intent) -> bool:
    """Do the player's words take it by stealth ("I steal the key from Greta", "I lift her purse")?"""
    return any(w in rb.STEAL_WORDS for w in re.findall(r"[a-z]+", (intent.words or "").casefold()))


def _steal(sit: Situation, npc: NPCState, item: str) -> StepOutcome:
    """Sleight of hand: d20 + the class's ``STEAL_BONUS`` against ``STEAL_DC``. Caught, nothing
    changes hands; unseen, the thing is the player's."""
    me = sit.me
    check = sit.check(rb.STEAL_BONUS.get(fold(me.char_class), 0), rb.STEAL_DC)
    fields = dict(item=item, target=npc.name, **check.fields())
    if not check.passed:
        return StepOutcome(action_type="take", success=False,
                           summary=f"{npc.name} catches {me.name} reaching for the {item} ({check.text}); "
                                   f"nothing changes hands.", **fields)  # type: ignore[arg-type]
    return StepOutcome(action_type="take", success=True,
                       summary=f"{me.name} lifts the {item} off {npc.name} unseen ({check.text}).",
                       effects=[TransferItem(item, Holder("npc", npc.name), Holder("player", sit.player_id))],
                       **fields)  # type: ignore[arg-type]


# --- give -------------------------------------------------------------------------------------
def _recipient(sit: Situation, intent: Intent) -> tuple[NPCState | CharacterState | None, str | None]:
    for slot in _slots(intent):
        npc = sit.npc_here(slot)
        if npc is not None:
            return npc, npc.name
        other = sit.party_here(slot)
        if other is not None:
            return other, other.name
    return None, None


def _gold_amount(sit: Situation, intent: Intent, recipient: str) -> int | None:
    """How much gold is given, or None when the gift is an item. The amount is a number next to
    "gold" in any slot or in the words, else the intent's quantity."""
    others = [
        s for s in (intent.target, intent.method, intent.target_text, intent.method_text)
        if s and fold(s) != fold(recipient) and sit.npc_here(s) is None and sit.party_here(s) is None
    ]
    gold_slots = [s for s in others if _GOLD_WORDS.search(s)]
    if not gold_slots and (others or not _GOLD_WORDS.search(intent.words or "")):
        return None
    # Only the player's own words say how much: a canonical slot may be the purse itself
    # ("12 gold coins"), which is what they hold, not what they give.
    spoken = [t for t in (intent.method_text, intent.target_text, intent.words) if t] or gold_slots
    for text in spoken:
        m = _GOLD_AMOUNT.search(text)
        if m:
            return int(m.group(1))
        m = _GOLD_WORD_AMOUNT.search(text)
        if m:
            return _NUMBER_WORDS[m.group(1).casefold()]
    return max(1, intent.quantity)


def give(sit: Situation, intent: Intent) -> StepOutcome:
    me = sit.me
    who, name = _recipient(sit, intent)
    if who is None or name is None:
        target = intent.target if intent.target_kind in ("npc", "party") else None
        return sit.fail("give", f"There is no {strip_article(target or 'one')} here for {me.name} to give to.", target=target)
    if who.hp <= 0:
        return sit.fail("give", f"{name} is down and cannot take anything.", target=name)
    dest = Holder("npc", name) if isinstance(who, NPCState) else Holder("player", who.player_id)

    amount = _gold_amount(sit, intent, name)
    if amount is not None:
        if amount <= 0:
            return sit.fail("give", f"{me.name} offers {name} no gold at all.", target=name)
        if amount > me.gold:
            return sit.fail(
                "give", f"{me.name} has {me.gold} gold, not {amount}.", target=name, gold=amount, gold_left=me.gold
            )
        effects: list[Effect] = [AdjustGold(sit.player_id, -amount)]
        if isinstance(who, CharacterState):
            effects.append(AdjustGold(who.player_id, amount))
        left = me.gold - amount
        return StepOutcome(
            action_type="give", success=True,
            summary=f"{me.name} gives {amount} gold to {name}; {me.name} has {left} gold left.",
            target=name, gold=amount, gold_left=left, effects=effects,
        )

    item: str | None = None
    wanted: str | None = None
    for slot in _slots(intent):
        if fold(slot) == fold(name) or sit.npc_here(slot) or sit.party_here(slot):
            continue
        wanted = wanted or slot
        item = item or sit.inventory_item(slot)
    if item is None:
        what = strip_article(wanted) if wanted else "thing"
        return sit.fail("give", f"{me.name} has no {what} to give.", target=name, item=wanted)
    count = min(max(1, intent.quantity), sum(1 for i in me.inventory if fold(i) == fold(item)))
    what = f"the {item}" if count == 1 else plural(item, count)
    return StepOutcome(
        action_type="give", success=True, summary=f"{me.name} gives {what} to {name}.",
        target=name, item=item,
        effects=[TransferItem(item, Holder("player", sit.player_id), dest) for _ in range(count)],
    )



# --- sell -------------------------------------------------------------------------------------
def sale_price(sit: Situation, merchant: NPC, item: str) -> int | None:
    """What ``merchant`` pays for one ``item``: ``SALE_SHARE`` of their own price for it, or of
    the catalogue value of goods they do not stock, rounded down but at least 1; None when they
    will not buy it. Decided here, never by the model or the player's asking price."""
    key = find_name(merchant.sells.keys(), item, sit.campaign)
    if key is not None:
        base: int | None = merchant.sells[key]
    else:
        definition = sit.campaign.item(item)
        base = definition.value if definition is not None else None
    if not base:
        return None
    return max(1, int(base * rb.SALE_SHARE))


def _buyer(sit: Situation, intent: Intent) -> tuple[NPCState | None, NPC | None]:
    """Whoever the words sell to, else the one merchant here (a sale with no buyer named goes to
    the only one who could buy it)."""
    for slot in _slots(intent):
        npc = sit.npc_here(slot)
        if npc is not None:
            return npc, sit.campaign.npc(npc.name)
    merchants = _sellers_here(sit)
    if len(merchants) == 1:
        return merchants[0]
    return None, None


def sell(sit: Situation, intent: Intent) -> StepOutcome:
    """A player's item goes to a merchant here, who pays ``sale_price`` for each one sold."""
    me = sit.me
    item: str | None = None
    wanted: str | None = None
    for slot in _slots(intent):
        if sit.npc_here(slot) is not None or sit.party_here(slot) is not None:
            continue
        wanted = wanted or slot
        item = item or sit.inventory_item(slot)
    if item is None:
        what = strip_article(wanted) if wanted else "thing"
        return sit.fail("sell", f"{me.name} has no {what} to sell.", item=wanted)
    npc, definition = _buyer(sit, intent)
    if npc is None:
        named = intent.target if intent.target_kind in ("npc", "party", "being") else None
        if named:
            return sit.fail("sell", f"There is no {strip_article(named)} here to sell to.", target=named, item=item)
        return sit.fail("sell", f"There is no merchant here to buy the {item}.", item=item)
    if definition is None or not definition.sells:
        return sit.fail("sell", f"{npc.name} is no merchant and does not buy goods.", target=npc.name, item=item)
    if npc.down:
        return sit.fail("sell", f"{npc.name} is down and cannot buy anything.", target=npc.name, item=item)
    price = sale_price(sit, definition, item)
    if price is None:
        return sit.fail("sell", f"{npc.name} will not buy the {item}.", target=npc.name, item=item)
    count = min(max(1, intent.quantity), sum(1 for i in me.inventory if fold(i) == fold(item)))
    paid = price * count
    left = me.gold + paid
    what = f"the {item}" if count == 1 else plural(item, count)
    effects: list[Effect] = [
        TransferItem(item, Holder("player", sit.player_id), Holder("npc", npc.name)) for _ in range(count)
    ]
    effects.append(AdjustGold(sit.player_id, paid))
    return StepOutcome(
        action_type="sell", success=True,
        summary=f"{me.name} sells {what} to {npc.name} for {paid} gold; {me.name} has {left} gold now.",
        target=npc.name, item=item, gold=paid, gold_left=left, effects=effects,
    )
