"""Whether a thing in hand is grounded: held by whoever has it, lying in the location, or kept
by a place of that kind.

The guard's own sword and the bartender's rag are fine; a magic staff the warrior never had, a
second one of what someone has only one of, a silver candlestick where the tavern has plain
ones, or "a vial of dragon's-breath oil" from a shop with no such oil are not. Every frame of
the item check asks this one question, so the comparison of a phrase with what each holder
carries and what the place furnishes lives in one place.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.nouns import CURRENCY
from bot.guard.narration_checks.base import CheckContext, make_finding, severity_for
from bot.guard.narration_checks.mentions.cues import _word_kind, own_body_part
from bot.guard.narration_checks.mentions.item_frames import _STORAGE
from bot.guard.prose import Phrase, Reading

_MEASURES = frozenset("helping serving portion dram swig sip tot measure ration slug nip "
                      "draught draft gulp mouthful".split())
_VESSELS = frozenset("cup mug glass bowl beaker tumbler goblet tankard horn dish".split())
_POURING = frozenset("pour pours poured pouring ladle ladles ladled fill fills filled serve "
                     "serves served".split())


def _poured(ctx: CheckContext, p: Phrase) -> bool:
    """Is the vessel the object of a pouring or serving verb just before it?"""
    toks = ctx.reading.tokens
    return any(toks[k].low in _POURING for k in range(max(0, p.start - 3), p.start))


# Word classes that name no thing one carries (a place, someone, a beast, a building, furniture,
# a vehicle), even when it is said to come out of a pack.
_NOT_CARRIED = frozenset("LPASFV")


def _out_of_gear(r: Reading, p: Phrase) -> bool:
    """Does the thing come "out of your boot", "from his satchel": out of a pack, pocket or
    garment one carries things in? Then it was carried, whatever its word's commonest sense
    (a nail is a fingernail first)."""
    toks = r.tokens
    n = len(toks)
    k = p.end
    if k < n and toks[k].low == "out" and k + 1 < n and toks[k + 1].low == "of":
        k += 2
    elif k < n and toks[k].low == "from":
        k += 1
    else:
        return False
    for m in range(k, min(k + 4, n)):
        if toks[m].kind != "word":
            return False
        if V.lemma(toks[m].base) in _STORAGE:
            return True
    return False


_LENIENT_ITEMS = frozenset("bag sack pack backpack satchel pouch purse pocket belt bandage "
                           "bandages note letter paper papers card cards dice die coin "
                           "tools kit".split())



def _named_nearby(ctx: CheckContext, p: Phrase, owners: list[Holder]) -> bool:
    """Is the one who holds this thing named in its sentence (no one else said to have it)?"""
    r = ctx.reading
    if not ctx.refs:
        return False
    a, b = r.sentence_tokens[r.tokens[p.head].sent]
    named = {id(ctx.refs[k]) for k in range(a, b) if ctx.refs[k] is not None}
    return any(id(o) in named for o in owners)


_HANDING_OVER = frozenset({"give", "buy", "trade", "pay", "bribe", "sell", "tip", "offer"})


def _paid_over(ctx: CheckContext, words: list[str]) -> bool:
    """Money the player held, now in someone's hand, on a turn that paid or gave it."""
    if not any(V.lemma(w) in CURRENCY or w in CURRENCY for w in words):
        return False
    o = ctx.outcome
    paid = o is not None and any(s.gold is not None for s in o.steps)
    return paid or any(i.action_type in _HANDING_OVER for i in ctx.intents)

def _some_weapon_here(g: SceneGrounding, lem: str) -> bool:
    """Could "the <lem>" ("the blade", "the steel") be a weapon someone here holds: one of that
    family, or one the vocabulary does not know ("katar", "tulwar")?"""
    if g.who_holds(lem):
        return True
    for h in g.holders:
        for item in h.items:
            ws = re.findall(r"[a-z]+", item.lower())
            if ws and not ws[-1].isdigit() and V.lemma(ws[-1]) not in V.ITEM_FAMILY and \
                    not W.is_known_noun(ws[-1]) and not V.creature_group(ws[-1]):
                return True
    return False


def _conjured_by(holder: Holder, lem: str) -> bool:
    """Is this thing what one of the holder's powers makes ("shield spell", "flame blade",
    "spiritual weapon", "mage armor")? The power's own words name it."""
    for ability in holder.abilities:
        words = [V.lemma(w) for w in re.findall(r"[a-z]+", ability.lower())]
        if lem in words and len(words) > 1:
            return True
    return False


def _held_by_someone(ctx: CheckContext, p: Phrase) -> bool:
    """Does a character of the scene hold the thing this phrase names (by its full name, or
    by its head and every modifier)?"""
    if _phrase_owner(ctx, p) is not None:
        return True
    r = ctx.reading
    head = r.tokens[p.head].base
    return any(h.kind != "player" for h in ctx.grounding.who_holds(head)) and all(
        ctx.grounding.who_holds(r.tokens[k].base) for k in range(p.start, p.head)
        if r.tokens[k].kind == "word" and r.tokens[k].low not in V.DETERMINERS)


def _part_of_named(ctx: CheckContext, p: Phrase) -> bool:
    """"tuck the violin under your chin and draw the bow": a definite thing right after an
    item of the scene may be a part of it (the violin's bow, the lantern's shutter)."""
    r = ctx.reading
    g = ctx.grounding
    a, _ = r.sentence_tokens[r.tokens[p.start].sent]
    for q in r.phrases:
        if q.start < a or q.end > p.start or q.pronoun or q.name:
            continue
        head = r.tokens[q.head].base
        if head == r.tokens[p.head].base or _word_kind(head) in ("colour", "person"):
            continue
        if g.in_location(head) or any(h.has(head) for h in g.holders):
            return True
    return False


def _at_hand(ctx: CheckContext, word: str, giver: Holder | None = None) -> bool:
    """Is this something the location lists, or that a place of its kind keeps at hand (a
    tavern's mugs, a stable's buckets)? Handed over by ``giver``, the place's own stock comes
    from those who keep the place, when the scene says who does: the barkeep may lend the
    tavern's lantern, the guard drinking at her bar may not."""
    g = ctx.grounding
    if g.in_location(word):
        return True
    lem = V.lemma(word)
    return any((word in V.KIND_FIXTURES.get(k, ()) or lem in V.KIND_FIXTURES.get(k, ()))
               and (giver is None or _may_hand_out(ctx, giver, k)) for k in g.kinds)


def _keepers(g: SceneGrounding, kind: str) -> frozenset[str]:
    """The names of the NPCs here whose name, aliases or description make them keepers of a
    place of ``kind`` (computed once per scene)."""
    key = "keepers:" + kind
    found = g.memo.get(key)
    if found is None:
        roles = V.KIND_KEEPERS.get(kind, frozenset())
        found = frozenset(
            n.name for n in g.scene.npcs
            if not roles.isdisjoint({V.lemma(w) for w in re.findall(
                r"[a-z]+", " ".join([n.name, *n.aliases, n.description]).lower())}))
        g.memo[key] = found
    return found


def _may_hand_out(ctx: CheckContext, giver: Holder, kind: str) -> bool:
    """Does ``giver`` keep this place of ``kind``, or does the scene name no keeper of it (then
    anyone present may be the one who does)?"""
    if kind not in V.KIND_KEEPERS or giver.kind != "npc":
        return True
    keepers = _keepers(ctx.grounding, kind)
    return not keepers or giver.name in keepers


def _content_grounded(ctx: CheckContext, word: str) -> bool:
    g = ctx.grounding
    return (word in g.all_words or V.lemma(word) in g.all_words or g.in_location(word)
            or g.furnishes(word) or _at_hand(ctx, word)
            or any(h.has(word) for h in g.holders))


def _decided(ctx: CheckContext, p: Phrase) -> bool:
    """Is this the thing a step of the outcome moved ("You lift the cellar key off Greta", when
    the rules decided the theft)? The backend decided it changes hands, so it does."""
    o = ctx.outcome
    if o is None:
        return False
    head = V.lemma(ctx.reading.tokens[p.head].base)
    return any(s.success and s.item and s.effects and head in {V.lemma(w) for w in re.findall(r"[a-z]+", s.item.lower())}
               for s in o.steps)


def _judge(ctx: CheckContext, p: Phrase, frame: str, holder: Holder | None,
           strong: bool = False) -> Finding | None:
    if _decided(ctx, p):
        return None
    r = ctx.reading
    g = ctx.grounding
    head = r.tokens[p.head].base
    comp = r.tokens[p.of_head].base if p.of_head is not None else None
    lem = V.lemma(head)
    if lem in ("full", "empty", "half-full", "half-empty") and p.head > p.start and \
            r.tokens[p.head - 1].kind == "word":
        head = r.tokens[p.head - 1].base  # "an ashtray full of butts" is an ashtray
        lem = V.lemma(head)
    if lem in V.PARTITIVES and comp is not None:
        head, comp, lem = comp, None, V.lemma(comp)
    kind = _word_kind(head)
    comp_kind = _word_kind(comp)
    if own_body_part(r, p, p.head) and comp is None:
        return None  # "thuds up through your soles": the feet, not a pair of soles to carry
    if kind == "colour" and frame == "hand" and strong and holder is not None and \
            holder.kind != "player" and (V.lemma(head) in V.CLOTHING or W.is_garment(head)):
        kind = "item"  # "presses a fox mask into your hands": worn things are colour, but a
        # garment handed over changes hands, so the giver must have it
    if kind in ("colour", "creature", "person") and comp_kind != "item":
        return None
    if frame in ("possession", "instrument", "handle") and holder is not None and \
            _conjured_by(holder, lem):
        return None  # "your shield flickers into being": the shield spell's own shield
    if frame in ("handle", "instrument") and not strong and p.det == "the" and \
            lem in V.WEAPON_NAMES and _some_weapon_here(g, lem):
        return None  # "Rustam turns the blade aside": the weapon at hand, whoever's it is
    if frame == "own" and strong and kind in ("fixture", "unknown") and \
            W.is_carried_thing(head) and not W.is_fixed_thing(head):
        kind = "item"  # "a copper kettle from your pack": whatever comes out of a pack
    if frame == "own" and strong and kind in ("fixture", "unknown") and \
            W.first_class(head) not in _NOT_CARRIED and _out_of_gear(r, p):
        kind = "item"  # "the horseshoe nail out of your boot": carried there, whatever it is
    if frame == "find" and strong and kind == "fixture" and W.is_carried_thing(head) and \
            not W.is_fixed_thing(head) and not g.furnishes(head) and not g.in_location(head):
        kind = "item"  # "a jade comb floats down into your palm": not this room's furniture
    if frame == "instrument" and kind == "unknown" and holder is not None and \
            W.is_carried_thing(head) and not W.is_fixed_thing(head) and any(
                r.tokens[k].base in V.SALIENT_MODIFIERS or r.tokens[k].base in V.PRECIOUS
                for k in range(p.start, p.head)):
        kind = "item"  # "light it with a gold lighter": a fine thing one must have
    if kind == "unknown" and frame in ("hand", "find", "handle", "own") and _of_fabulous_beast(ctx, p):
        kind = "item"  # "a phoenix feather", "a wyvern scale": a thing of lore, not a stray feather
    if lem.endswith("ful") and len(lem) > 5 or lem in _MEASURES:
        return None  # "pours you a cupful": a measure of what the giver pours
    if lem in _VESSELS and frame == "hand" and _poured(ctx, p):
        return None  # "pours you a cup from his coffee pot": the cup comes with the pouring
    if kind == "fixture" and frame in ("possession", "instrument", "handle", "hand", "find"):
        if comp_kind != "item":
            if frame == "hand" and strong and holder is not None and holder.kind != \
                    "player" and (not holder.has(head) or (
                        comp is not None and not holder.has(comp)
                        and not _at_hand(ctx, comp, holder))) and not _at_hand(ctx, head, holder):
                # "hands you a stub of beeswax candle": a giver hands over what she has, or
                # what a place of this kind keeps at hand, not any furniture at all
                return make_finding(
                    ctx, "invented_item", "block", 0.75, p.start, p.end,
                    _holds(holder),
                    f"{_has(holder)} no {head}; {_holds(holder)}.")
            return _fancy_fixture(ctx, p, frame, strong, holder=holder)
    words = [w for w in (head, comp) if w]
    text = p.text(r)

    def grounded_for(h: Holder | None) -> bool:
        return h is not None and any(h.has(w) for w in words)

    # whether the place has it: the thing itself, not what it holds ("a canister of sealant
    # foam" is no foam lying about); a giver hands over what is at hand, not any furniture
    place_words = [head] if kind in ("item", "unknown", "fixture") else words
    giving = frame == "hand" and strong and holder is not None and holder.kind != "player"
    if giving:
        in_place = any(_at_hand(ctx, w, holder) for w in place_words)
    else:
        in_place = any(g.in_location(w) or g.furnishes(w)
                       or (g.fixture(w) and _word_kind(w) != "item") for w in place_words)
    others = [h for w in words for h in g.who_holds(w) if h is not holder]
    mine = grounded_for(holder)
    if mine and comp is not None and holder is not None and not holder.has(comp) and \
            not any(V.lemma(comp) in {V.lemma(w) for w in re.findall(r"[a-z]+",
                                                                      it.lower())}
                    for it in holder.items) and V.lemma(comp) not in V.PARTITIVES:
        mine = False  # "a vial of glowing blue liquid" is not the healing potion
    if mine and frame == "find" and holder is not None and holder.kind == "player" and \
            _lodged(r, p):
        mine = False  # "closes on a vial wedged in a gap in the floor": found there, not packed
    phrase_owner = _phrase_owner(ctx, p)
    if phrase_owner is not None and phrase_owner is not holder and not (
            holder is not None and _phrase_owner(ctx, p, holder) is holder):
        others = [phrase_owner]
        mine = False
        in_place = False
    if not mine and others and all(o.kind == "player" for o in others) and \
            _paid_over(ctx, words):
        return None  # "Sennu weighs the two deben in his palm": the player's coins, paid over
    if holder is None and others and _named_nearby(ctx, p, others) and not _lodged(r, p):
        return None  # "Madame's fingers close over the small brass key at her throat": hers
    salient_kind = "item" if (kind == "item" or comp_kind == "item") else kind
    if mine:
        if p.new and holder is not None:
            have = max(holder.counts.get(V.lemma(w), 0) or holder.counts.get(
                V.ITEM_FAMILY.get(V.lemma(w), ""), 0) for w in words)
            if have <= 1:
                return make_finding(
                    ctx, "invented_item", "block", 0.8, p.start, p.end,
                    _holds(holder),
                    f"{_has(holder)} one; '{text}' invents another.")
        return _modifier_mismatch(ctx, p, holder, text)
    owner = holder.label if holder is not None else "no one"
    if frame in ("own", "possession", "instrument"):
        if frame != "own" and in_place:
            return None
        if frame == "own" and in_place and holder is not None and holder.kind != "player" \
                and not strong:
            return None
    elif frame in ("handle", "hand", "find"):
        if in_place and giving and comp is not None and comp_kind != "colour" and \
                not _content_grounded(ctx, comp):
            # "hands you a stoppered vial of dragon's-breath oil": a shop keeps vials, but
            # what is in this one must be something the scene has
            return make_finding(
                ctx, "invented_item", "block", 0.75, p.start, p.end, _holds(holder),
                f"'{text}': there is no {comp} in the scene; {_holds(holder)}.")
        if in_place:
            return _fancy_fixture(ctx, p, frame, strong, words, holder)
    if salient_kind == "unknown" and frame == "possession" and holder is not None and \
            holder.kind == "player" and W.first_class(head) == "T" and \
            W.is_carried_thing(head) and not W.is_fixed_thing(head):
        salient_kind = "item"  # "the button on your recorder": a device the sheet lacks
    if salient_kind == "item":
        if head in _LENIENT_ITEMS and not comp and not (strong and frame == "hand"):
            conf = 0.45
        elif others:
            conf = 0.75
        else:
            conf = 0.9 if frame in ("own", "hand", "find") else 0.8
        evidence = _holds(holder) if holder is not None else "the location has: " + (
            ", ".join(g.scene.items) or "nothing listed")
        if others and holder is None and _lodged(r, p):
            msg = f"There is no {head} here to find; {evidence}."
        elif others:
            who = others[0].label
            msg = (f"'{text}' belongs to {who}, not {owner}; {_holds(holder)}."
                   if holder is not None else f"'{text}' belongs to {who}.")
        elif holder is not None:
            msg = f"{_has(holder)} no {head}; {_holds(holder)}."
            if frame == "find":
                msg = f"There is no {head} here; {evidence}."
        else:
            msg = f"There is no {head} in the scene; {evidence}."
        return make_finding(ctx, "invented_item", severity_for(conf), conf, p.start, p.end,
                            evidence, msg)
    if salient_kind == "unknown" and (frame in ("own", "hand", "find") or strong):
        if head in g.all_words or V.lemma(head) in g.all_words:
            return None
        if head in V.VERB_BASES and not comp and not (frame == "find" and strong
                                                      and W.is_carried_thing(head)):
            return None  # "take a pull from your ale", "give you a look": a doing
        if head in V.PORTIONS and not comp and frame != "hand":
            return None  # "gathers a glowing bead on his blowpipe": a shape the work forms
        if head in V.ABSTRACT or V.lemma(head) in V.ABSTRACT or not V.ordinary_word(head) \
                and not head.isalpha():
            return None
        conf = 0.75 if strong else 0.5
        return make_finding(
            ctx, "invented_item", severity_for(conf), conf, p.start, p.end,
            _holds(holder) if holder is not None else "",
            f"'{text}' is not in the scene.")
    return None


def _multiword_items(g: SceneGrounding) -> list[tuple[Holder, str]]:
    names = g.memo.get("multiword_items")
    if names is None:
        names = []
        for h in g.holders:
            for item in h.items:
                ws = [V.lemma(w) for w in item.lower().split() if not w.isdigit()]
                if len(ws) >= 2:
                    names.append((h, " ".join(ws)))
        g.memo["multiword_items"] = names
    return names


def _phrase_owner(ctx: CheckContext, p: Phrase, only: Holder | None = None
                  ) -> Holder | None:
    """Who holds an item whose full (multiword) name this phrase uses: "a vial of holy
    water" when Sister Wenna has the holy water."""
    names = _multiword_items(ctx.grounding)
    if not names:
        return None
    words = " ".join(V.lemma(w) for w in p.words(ctx.reading))
    for h, name in names:
        if (only is None or h is only) and name in words:
            return h
    return None


_LODGED = frozenset("wedged lodged tucked stuck jammed caught hidden buried lying half-buried "
                    "embedded".split())


_LIES_HERE = frozenset("lies lay sits rests waits gleams glints glitters".split())
_CARRIERS = frozenset("pack bag pouch satchel pocket pockets belt hand hands palm purse sack "
                      "backpack knapsack haversack rucksack kit".split())
_LODGED_IN = frozenset("in into under beneath behind between among inside against".split())
_LYING_AT = _LODGED_IN | frozenset("at on by beside near".split())


def _lodged(r: Reading, p: Phrase) -> bool:
    """Is the thing said to sit somewhere in the place, right after it is named ("a vial wedged
    in a gap in the floor") or at the head of its sentence ("Tucked into a crack in the wall,
    you discover a vial")? Then it was found there; it is not the one in the player's pack."""
    toks = r.tokens
    k = p.end
    if k + 1 < len(toks) and toks[k].low in _LODGED and toks[k + 1].low in _LODGED_IN:
        return True
    a, _ = r.sentence_tokens[toks[p.head].sent]
    if a + 1 < p.start and toks[a].low in _LODGED and toks[a + 1].low in _LODGED_IN:
        return True
    # "At your feet lies a vial": lying in the place; but "in your pack lies a vial" is packed
    return p.start > a + 1 and toks[p.start - 1].low in _LIES_HERE and toks[a].low in _LYING_AT and \
        not any(toks[k].base in _CARRIERS for k in range(a, p.start - 1))


_FABULOUS = frozenset({"dragon", "monster", "fiend", "fey", "giantkin"})


def _of_fabulous_beast(ctx: CheckContext, p: Phrase) -> bool:
    """Is the thing a part of a fabulous beast the scene does not have ("a phoenix feather",
    "a dragon's scale")? Such a thing is a prize of its own, not the stray bits a place has."""
    r = ctx.reading
    g = ctx.grounding
    for k in range(p.start, p.head):
        word = r.tokens[k].base
        if V.CREATURE_GROUP.get(V.lemma(word)) in _FABULOUS and word not in g.all_words and \
                V.lemma(word) not in g.all_words:
            return True
    return False


def _fancy_fixture(ctx: CheckContext, p: Phrase, frame: str, strong: bool = False,
                   words: list[str] | None = None, holder: Holder | None = None) -> Finding | None:
    """A tavern has candlesticks, not silver ones: furniture dressed up as treasure. Only
    doubtful where it merely stands about; but a particular one the player is given, pockets or
    grips ("a lantern of green glass", "a silver hand mirror") is a new possession nobody
    decided."""
    if frame not in ("handle", "hand", "find"):
        return None
    r = ctx.reading
    g = ctx.grounding
    head = r.tokens[p.head].base
    if any(g.in_location(w) for w in (words or [head])):
        return None
    mods = [r.tokens[k].base for k in range(p.start, p.head)
            if r.tokens[k].base in V.SALIENT_MODIFIERS]
    in_your_hand = frame == "handle" and holder is not None and holder.kind == "player"
    if frame in ("hand", "find") and (strong or _lodged(r, p)) or in_your_hand:
        # what sets this one apart: a fine make ("silver", "jewelled"), or the stuff it is made
        # of ("of green glass"); a plain colour ("a red candle") is still any candle
        after_of = p.of_head if p.of_head is not None else p.end
        described = [r.tokens[k].base for k in range(p.start, p.end) if k != p.head and (
            r.tokens[k].base in V.SALIENT_MODIFIERS or (k >= after_of - 1 and k > p.head
                                                         and r.tokens[k].base in V.COLOURS))]
        if described and not any(m in g.said_words for m in described):
            return make_finding(ctx, "invented_item", "block", 0.75, p.start, p.end, "",
                                f"'{p.text(r)}' is no part of the scene; nobody here has one to "
                                f"give or to find.")
    if not mods or any(m in g.said_words for m in mods):
        return None
    return make_finding(ctx, "invented_item", "warn", 0.55, p.start, p.end, "",
                        f"'{p.text(r)}' is finer than anything the scene has here.")


def _has(holder: Holder) -> str:
    """The holder as the subject of "has", agreeing with it: "You have", "Bram has"."""
    return "You have" if holder.kind == "player" else f"{holder.label} has"


def _holds(holder: Holder | None) -> str:
    if holder is None:
        return ""
    items = ", ".join(holder.items) if holder.items else "nothing"
    who = "you have" if holder.kind == "player" else f"{holder.name} has"
    return f"{who}: {items}"


def _modifier_mismatch(ctx: CheckContext, p: Phrase, holder: Holder | None,
                       text: str) -> Finding | None:
    if holder is None:
        return None
    r = ctx.reading
    mods = [r.tokens[k].base for k in range(p.start, p.head)
            if r.tokens[k].base in V.SALIENT_MODIFIERS]
    if not mods:
        return None
    head = V.lemma(r.tokens[p.head].base)
    for item in holder.items:
        iw = {V.lemma(w) for w in re.findall(r"[a-z']+", item.lower())}
        fam = V.ITEM_FAMILY.get(next(iter(iw - {head}), ""), "")
        if head in iw or head in V.FAMILY_NAMES.get(fam, frozenset()) or any(
                head in V.FAMILY_NAMES.get(V.ITEM_FAMILY.get(w, ""), frozenset()) for w in iw):
            if all(m in iw for m in mods):
                return None
    if any(m in ctx.grounding.said_words for m in mods):
        return None
    return make_finding(
        ctx, "invented_item", "warn", 0.55, p.start, p.end, _holds(holder),
        f"'{text}' adds '{' '.join(mods)}' to what {holder.label} has "
        f"({', '.join(holder.items)}).")
