"""The figures the backend decided must be the ones narrated, and none may be invented.

After 003's "safety sandwich", for a game: every number the narration states in a role the
outcome decides (damage, healing, hit points, the roll, gold) must be that number, whether
written "7" or "seven"; a figure the outcome does not have is invented, and a decided damage
left out is reported (warn). The scene vouches for some figures the outcome does not move: the
hit points and purse its characters already have, the price a seller lists, a maximum in
"17 of 18". Knowing which of those a figure may be is what this module is for.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.facts.figures import _GOLD_AFTER, _TENS, _UNITS, Figure, figures
from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.prose import Reading, read
from bot.world.outcome import Outcome
from bot.world.scene import Scene


def _decided(outcome: Outcome) -> dict[str, int]:
    return outcome.numbers()


def scene_amounts(scene: Scene | None) -> tuple[set[int], set[int]]:
    return _scene_amounts(scene)


def _scene_amounts(scene: Scene | None) -> tuple[set[int], set[int]]:
    """(hit point figures, money figures) the scene itself states."""
    hp: set[int] = set()
    gold: set[int] = set()
    if scene is None:
        return hp, gold
    for c in [scene.player, *scene.party]:
        for v in (c.hp, c.max_hp):
            if v is not None:
                hp.add(v)
        if c.gold is not None:
            gold.add(c.gold)
        for item in c.inventory:
            m = re.match(r"\s*(\d+)\s+(\w+)", item)
            if m and (m.group(2).lower() in _GOLD_AFTER):
                gold.add(int(m.group(1)))
    for npc in scene.npcs:
        if npc.hp is not None:
            hp.add(npc.hp)
        gold.update(npc.sells.values())
    return hp, gold


def _counted_items(scene: Scene | None) -> list[tuple[int, list[str]]]:
    out = []
    if scene is None:
        return out
    for item in scene.player.inventory:
        m = re.search(r"(\d+)\s+([A-Za-z][\w' -]*)", item)  # "12 gold coins", "purse of 20 thalers"
        if m:
            out.append((int(m.group(1)), [w for w in re.findall(r"[a-z]+", m.group(2).lower())]))
    return out


def _money_nouns(scene: Scene | None, gold_decided: bool) -> frozenset[str]:
    """What the player's money is called in this scene: the head of a counted thing they carry
    that is coin by its name ("40 gold mohurs", "9 silver pennies"), or, when the outcome moves
    money, the only counted thing they carry ("17 bottle caps")."""
    counted = _counted_items(scene)
    heads = {V.lemma(ws[-1]) for _, ws in counted if ws and any(w in _GOLD_AFTER for w in ws)}
    if not heads and gold_decided and len(counted) == 1 and counted[0][1]:
        heads = {V.lemma(counted[0][1][-1])}
    return frozenset(heads)


def _purse_counts(scene: Scene | None) -> set[int]:
    return {n for n, _ in _counted_items(scene)}


def _listed_price(scene: Scene | None, r: Reading, f: Figure) -> int | None:
    """The price a seller of the scene asks for the thing named just before "costs"."""
    if scene is None:
        return None
    tok = r.token_from(f.start)
    if tok is None:
        return None
    idx = r.tokens.index(tok)
    before = {V.lemma(t.base) for t in r.tokens[max(0, idx - 7):idx] if t.kind == "word"}
    best: tuple[int, int] | None = None
    for npc in scene.npcs:
        for item, price in npc.sells.items():
            words = {V.lemma(w) for w in re.findall(r"[a-z]+", item.lower())} - V.ARTICLES
            if words and words <= before and (best is None or len(words) > best[0]):
                best = (len(words), price)
    return best[1] if best else None



# "your readout: 17 of 18", "12/18": hit points out of someone's maximum
_OUT_OF = re.compile(r"\s*(?:of|/|out of)\s*(\d+|[a-z]+(?:-[a-z]+)?)\b(?!\s*(?:gold|coins?|"
                     r"feet|ft|yards|miles|minutes|hours|days|men|of))")


def _out_of(narration: str, at: int) -> int | None:
    """The maximum in "17 of 18", "fifteen of fifteen", "12/18" just after a figure."""
    m = _OUT_OF.match(narration, at)
    if not m:
        return None
    said = m.group(1)
    if said.isdigit():
        return int(said)
    if "-" in said:
        tens, _, unit = said.partition("-")
        if tens in _TENS and unit in _UNITS:
            return _TENS[tens] + _UNITS[unit]
        return None
    return _UNITS.get(said) if said in _UNITS else _TENS.get(said)


def _max_hps(scene: Scene | None) -> frozenset[int]:
    if scene is None:
        return frozenset()
    found = {c.max_hp for c in [scene.player, *scene.party] if c is not None and c.max_hp}
    return frozenset(found)


_ORDINAL_VALUE = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split(),
    1)}
_ONE_MORE = re.compile(r"\b(?:a|an) (?P<nth>" + "|".join(_ORDINAL_VALUE) + r")\b(?! (?:time|"
                       r"look|glance|thought|week|day|night|year|cup|mug|drink))|\b(?:another|"
                       r"one more|an extra|a further) (?:coin|piece|one)\b")


def _one_coin_more(r: Reading, gold: int | None) -> Finding | None:
    """"counts four zloty into your palm, then drops a fifth on top": after the decided sum is
    counted out, one more coin makes the sum one more than was decided."""
    if gold is None:
        return None
    paid = next((f for f in figures(r.text, r) if f.role in ("gold", "count") and
                 f.value == gold), None)
    if paid is None:
        return None
    for m in _ONE_MORE.finditer(r.masked, paid.end):
        nth = m.group("nth")
        if nth is not None and _ORDINAL_VALUE[nth] != gold + 1:
            continue
        tok = r.token_from(m.start())
        if tok is None or tok.muted or tok.negated or tok.sent > r.token_from(paid.start).sent + 1:
            continue
        return Finding(kind="outcome_mismatch", severity=BLOCK, confidence=0.75,
                       span=r.text[m.start():m.end()], evidence=f"decided gold: {gold}",
                       message=f"The outcome decided {gold} (gold); '{r.text[m.start():m.end()]}'"
                               f" makes it {gold + 1}.", layer="facts", start=m.start(),
                       end=m.end())
    return None


def check_numbers(narration: str, outcome: Outcome | None, scene: Scene | None = None,
                  reading: Reading | None = None,
                  amounts: tuple[set[int], set[int]] | None = None) -> list[Finding]:
    """Figures the outcome decided must be the ones narrated; none may be invented."""
    if outcome is None:
        return []
    decided = _decided(outcome)
    hp_scene, gold_scene = _scene_amounts(scene) if amounts is None else amounts
    out: list[Finding] = []
    stated_damage = False
    r = reading or read(narration)
    damage_figures = [f for f in figures(narration, r) if f.role == "damage"]
    summed = len(damage_figures) > 1 and "damage" in decided and \
        sum(f.value for f in damage_figures) == decided["damage"]
    money = _money_nouns(scene, "gold" in decided)
    maxes = _max_hps(scene)
    for f in figures(narration, r):
        out_of = False
        if f.role in ("other", "count") and maxes and "hp_after" in decided:
            most = _out_of(narration, f.end)
            if most is not None and most in maxes:
                f = Figure(value=f.value, role="hp", start=f.start, end=f.end, words=f.words)
                out_of = True  # "fifteen of fifteen": where the player now stands
        if f.role == "count" and money and V.lemma(f.noun) in money:
            f = Figure(value=f.value, role="gold", start=f.start, end=f.end, words=f.words,
                       noun=f.noun)  # "twenty-five mohurs", "the nine caps": the purse's coin
            if f.value in _purse_counts(scene):
                continue  # "the 40 mohurs in your purse": what the scene says you carry
        if summed and f.role == "damage":
            stated_damage = True
            continue  # "3 piercing and 4 fire damage" for a decided 7
        tok = r.token_from(f.start)
        if tok is not None and tok.muted and not tok.quoted:
            continue
        span = narration[f.start:f.end]
        allowed: set[int] = set()
        label = f.role
        if f.role == "damage":
            stated_damage = True
            allowed = set(outcome.every("damage"))  # the player's blows and any blow struck back
            if outcome.blocked:
                allowed = set()
        elif f.role == "healed":
            allowed = set(outcome.every("healed"))
            if not allowed and "hp_after" in decided:
                allowed = {decided["hp_after"]}
        elif f.role == "hp":
            allowed = {decided[k] for k in ("healed",) if k in decided} | (
                set() if out_of else hp_scene) | outcome.every("hp_after")
            if "damage" in decided and "hp_after" not in decided:
                # the hit points a decided blow leaves are decided too: 16 less 6 is 10
                allowed |= {h - decided["damage"] for h in hp_scene if h > decided["damage"]}
        elif f.role == "roll":
            allowed = set(outcome.every("roll") | outcome.every("total"))  # each step of a turn has its own roll
        elif f.role in ("gold", "gold_left"):
            allowed = gold_scene | outcome.every("gold") | outcome.every("gold_left")  # each purchase or sale its own
        elif f.role == "price":
            label = "price"
            listed = _listed_price(scene, r, f)
            allowed = set(outcome.every("gold")) | (
                {listed} if listed is not None else gold_scene)
            if not allowed:
                continue
        else:
            continue
        if f.value in allowed:
            if f.role == "damage" and f.value == decided.get("damage"):
                stated_damage = True
            continue
        if not allowed and f.role in ("hp", "healed") and not decided:
            continue
        if not allowed and f.role in ("gold", "gold_left") and not decided.get("gold") \
                and not gold_scene:
            continue
        if f.role == "price":
            out.append(Finding(kind="outcome_mismatch", severity=BLOCK, confidence=0.8,
                               span=span, evidence=f"the price is {sorted(allowed)[0]}",
                               message=f"The scene prices it at {sorted(allowed)[0]}; the "
                                       f"narration says {span}.", layer="facts",
                               start=f.start, end=f.end))
            continue
        expected = ", ".join(str(v) for v in sorted(allowed)) if allowed else "none"
        if f.role in ("damage",) and not allowed:
            msg = f"The outcome decided no damage; '{span}' is invented."
        elif allowed:
            want = decided.get({"damage": "damage", "healed": "healed", "hp": "hp_after",
                                "roll": "roll", "gold": "gold",
                                "gold_left": "gold_left"}[f.role])
            want = want if want is not None else sorted(allowed)[0]
            msg = f"The outcome decided {want} ({label}); the narration says {span}."
        else:
            msg = f"The outcome decided no {label} figure; '{span}' is invented."
        out.append(Finding(kind="outcome_mismatch", severity=BLOCK,
                           confidence=0.9 if allowed else 0.8, span=span,
                           evidence=f"decided {label}: {expected}", message=msg, layer="facts",
                           start=f.start, end=f.end))
    more = _one_coin_more(r, decided.get("gold"))
    if more is not None:
        out.append(more)
    dmg = decided.get("damage")
    if dmg is not None and outcome.success and not stated_damage:
        said = {f.value for f in figures(narration, r)}
        if dmg not in said:
            out.append(Finding(kind="outcome_mismatch", severity=WARN, confidence=0.5, span="",
                               evidence=f"decided damage: {dmg}",
                               message=f"The narration leaves out the {dmg} damage the outcome "
                                       f"decided.", layer="facts"))
    return out
