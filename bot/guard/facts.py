"""The facts layer: the figures and the result the backend decided must be the ones narrated.

After 003's "safety sandwich", for a game: every number the narration states in a role the
outcome decides (damage, healing, hit points, the roll, gold) must be that number, whether
written "7" or "seven"; a figure the outcome does not have is invented; a decided damage left
out is reported (warn); a miss told as a hit, or a hit as a miss, contradicts the outcome; and
counts of things in the scene ("two brown mares", "six cannons") must not grow. ``correct``
fixes wrong figures in place, and ``protect``/``restore`` keep scene names intact through a
paraphrasing model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.guard import vocabulary as V
from bot.guard.failure_told import failure_told
from bot.guard.finding import BLOCK, INFO, WARN, Finding
from bot.guard.prose import Reading, read
from bot.world.intent import Intent
from bot.world.outcome import Outcome
from bot.world.scene import Scene

_UNITS = {w: n for w, n in V.CARDINALS.items()}
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
_WORD_FOR = {v: k for k, v in V.CARDINALS.items() if k not in ("dozen",)}
_DAMAGE_AFTER = frozenset({"damage", "dmg", "wounds", "wound"})
_GOLD_AFTER = frozenset(
    "gold gp coins coin crowns crown silver coppers copper pieces marks mark dollars dollar "
    "bucks buck shillings shilling pennies penny ducats doubloons credits sovereigns "
    "guilders florins talents".split())
_ROLL_BEFORE = frozenset({"roll", "rolls", "rolled", "rolling", "natural", "nat", "total"})
_DAMAGE_BEFORE = frozenset({"deals", "dealing", "dealt", "deal", "takes", "taking", "took",
                            "suffers", "suffering", "suffered", "inflicts", "inflicting",
                            "inflicted", "for"})
_PRICE_BEFORE = frozenset({"costs", "cost", "costing", "priced"})
_ANOTHER = frozenset({"another", "further", "additional", "extra"})
_HEAL_BEFORE = frozenset({"heals", "healing", "healed", "heal", "recovers", "recover",
                          "recovered", "regains", "regain", "regained", "restores", "restore",
                          "restored", "mends", "mend"})


@dataclass(slots=True)
class Figure:
    """A number stated in the narration and the role its words give it."""

    value: int
    role: str  # damage | healed | hp | roll | gold | gold_left | count | other
    start: int  # character offsets of the number's words
    end: int
    words: bool  # written as words ("seven") rather than digits
    noun: str = ""  # for counts: the noun counted


def _parse_number(toks: list, i: int) -> tuple[int, int, bool] | None:
    """(value, tokens used, written as words) for a number starting at token i."""
    t = toks[i]
    low = t.low
    n = len(toks)
    if t.kind == "num":
        digits = low.replace(",", "")
        if digits.isdigit():
            return int(digits), 1, False
        return None
    if low[:1].isdigit():
        m = re.match(r"(\d+)-", low)  # "a 7-point wound", "12-damage"
        if m:
            return int(m.group(1)), 1, False
        return None
    if "-" in low:
        a, _, b = low.partition("-")
        if a in _TENS and b in _UNITS and _UNITS[b] < 10:
            return _TENS[a] + _UNITS[b], 1, True
    if low == "half" and i + 2 < n and toks[i + 1].low == "a" and toks[i + 2].low == "dozen":
        return 6, 3, True
    if low in ("a", "an") and i + 1 < n and toks[i + 1].low == "dozen":
        return 12, 2, True
    if low in ("a", "an") and i + 1 < n and toks[i + 1].low == "single":
        return 1, 2, True
    if low in _TENS and i + 1 < n and toks[i + 1].low in _UNITS and _UNITS[toks[i + 1].low] < 10:
        return _TENS[low] + _UNITS[toks[i + 1].low], 2, True
    if (low in _UNITS or low in ("a", "an")) and i + 1 < n and toks[i + 1].low in (
            "hundred", "thousand"):
        # "one hundred and twenty", "a thousand", "two hundred fifty"
        value = (_UNITS[low] if low in _UNITS else 1) * (
            100 if toks[i + 1].low == "hundred" else 1000)
        used = 2
        k = i + 2
        if k < n and toks[k].low == "and":
            k += 1
        if k < n:
            rest = _parse_number(toks, k)
            if rest is not None and rest[0] < 100 and rest[2]:
                return value + rest[0], k - i + rest[1], True
        return value, used, True
    if low in _UNITS:
        if low == "one" and i + 1 < n and toks[i + 1].low == "of":
            return None  # "one of the spider's legs"
        return _UNITS[low], 1, True
    if low == "dozen":
        return 12, 1, True
    if low in ("twice",):
        return 2, 1, True
    return None


def figures(narration: str, reading: Reading | None = None) -> list[Figure]:
    """Every number in the narration, with the role its neighbours give it."""
    r = reading or read(narration)
    cached = r.memo.get("figures")
    if cached is not None:
        return cached
    found = _figures(r)
    r.memo["figures"] = found
    return found


def _figures(r: Reading) -> list[Figure]:
    toks = r.tokens
    out: list[Figure] = []
    i = 0
    n = len(toks)
    while i < n:
        parsed = _parse_number(toks, i) if toks[i].kind in ("num", "word") else None
        if parsed is None:
            i += 1
            continue
        value, used, as_words = parsed
        j = i + used
        after = [t.low for t in toks[j:j + 4]] + ["", "", "", ""]
        before = ["", "", "", ""] + [t.low for t in toks[max(0, i - 4):i]]
        role = "other"
        noun = ""
        first, second = after[0], after[1]
        if toks[i].low == "twice":
            role = "times"
        elif first in _DAMAGE_AFTER or " ".join(after[:3]) in ("points of damage",
                                                              "point of damage") or (
                second in _DAMAGE_AFTER and first in ("points", "more", "extra", "piercing",
                                                       "slashing", "bludgeoning", "fire",
                                                       "cold", "radiant", "necrotic")):
            role = "damage"
        elif first == "hp" or " ".join(after[:2]) in ("hit points", "hit point") or \
                first == "health":
            role = "hp"
            if before[-1] in _HEAL_BEFORE or ("back" in after[:4] and before[-1] != "to"):
                role = "healed"
        elif first in _GOLD_AFTER or second in _GOLD_AFTER:
            role = "gold"
            if any(w in ("left", "remaining", "remain") for w in after[1:4]) or (
                    before[-1] == "with" and "leaving" in before):
                role = "gold_left"
            elif before[-1] in _PRICE_BEFORE or before[-2:] in (["priced", "at"],
                                                                ["price", "is"]):
                role = "price"
        elif before[-1] in _PRICE_BEFORE or before[-2:] in (["priced", "at"], ["price", "is"]):
            role = "price"  # "an ale costs 8"
        elif before[-1] in _ROLL_BEFORE or (before[-2] in _ROLL_BEFORE
                                            and before[-1] in ("a", "an", "of")):
            role = "roll"
        elif after[:3] in (["on", "the", "die"], ["on", "the", "d20"], ["on", "the", "dice"]):
            role = "roll"
        elif before[-1] in _HEAL_BEFORE:
            role = "healed"
        elif before[-1] in _ANOTHER and (before[-2] in _DAMAGE_BEFORE or before[-3] in
                                         _DAMAGE_BEFORE) and first not in _GOLD_AFTER:
            role = "damage"  # "the second for another 6", "deals a further 4"
        elif before[-1] == "for" and first in ("", ".", ",", ";", "and", "!", "more", "extra"):
            role = "damage"
        elif before[-1] in _DAMAGE_BEFORE and before[-1] != "for" and first in (
                "", ".", ",", ";", "and", "!", "points", "point"):
            role = "damage"  # "you deal seven"
        elif "-" in toks[i].low and any(w in toks[i].low for w in ("point", "damage")):
            role = "damage"
        elif toks[i].kind == "word" and value > 0 and j < n and toks[j].kind == "word":
            # a count: "two brown mares", "six cannons", "a hundred and twenty eurodollars"
            p = r.phrase_at.get(i) or r.phrase_containing(i)
            if (p is None or p.head < j) and used > 1:
                p = r.phrase_containing(j - 1)
            if p is not None and p.head >= j:
                role = "count"
                noun = p.content_head(r)
        elif toks[i].kind == "num" and j < n and toks[j].kind == "word":
            p = r.phrase_at.get(i) or r.phrase_containing(i)
            if p is not None and p.head >= j:
                role = "count"
                noun = p.content_head(r)
        if role == "other" and any(f.role == "damage" for f in out) and (
                before[-1] in _ANOTHER or (first == "more" and second not in _GOLD_AFTER)):
            role = "damage"  # "lands for 9 damage; a second swing adds another 4"
        out.append(Figure(value=value, role=role, start=toks[i].start,
                          end=toks[i + used - 1].end, words=as_words, noun=noun))
        i = j
    return out


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


def _word_for(value: int) -> str:
    if value in _WORD_FOR:
        return _WORD_FOR[value]
    if 20 < value < 100 and value % 10:
        tens = {v: k for k, v in _TENS.items()}[value - value % 10]
        return f"{tens}-{_WORD_FOR[value % 10]}"
    return str(value)


def _render(value: int, as_words: bool) -> str:
    return _word_for(value) if as_words else str(value)


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
            if "damage" in decided:
                allowed = {decided["damage"]}
            if outcome.blocked:
                allowed = set()
        elif f.role == "healed":
            allowed = {decided[k] for k in ("healed",) if k in decided}
            if not allowed and "hp_after" in decided:
                allowed = {decided["hp_after"]}
        elif f.role == "hp":
            allowed = {decided[k] for k in ("hp_after", "healed") if k in decided} | (
                set() if out_of else hp_scene)
        elif f.role == "roll":
            allowed = {decided[k] for k in ("roll", "total") if k in decided}
        elif f.role in ("gold", "gold_left"):
            allowed = {decided[k] for k in ("gold", "gold_left") if k in decided} | gold_scene
        elif f.role == "price":
            label = "price"
            listed = _listed_price(scene, r, f)
            allowed = {decided[k] for k in ("gold",) if k in decided} | (
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
    dmg = decided.get("damage")
    if dmg is not None and outcome.success and not stated_damage:
        said = {f.value for f in figures(narration, r)}
        if dmg not in said:
            out.append(Finding(kind="outcome_mismatch", severity=WARN, confidence=0.5, span="",
                               evidence=f"decided damage: {dmg}",
                               message=f"The narration leaves out the {dmg} damage the outcome "
                                       f"decided.", layer="facts"))
    return out


# --- hit or miss --------------------------------------------------------------------------------

_VICTIM_FALLS = re.compile(
    r"\b(?:crumples?|crumpled|collapses?|collapsed|keels? over|slumps?|slumped|topples?|"
    r"toppled|goes down|went down|drops? (?:dead|to the (?:floor|ground|deck))|falls? "
    r"(?:dead|still|limp|to the (?:floor|ground|deck))|dies|died|dissolves?|dissolved|"
    r"disintegrates?|shatters?|scatters? into|bursts? apart|is slain|lies? still|"
    r"doubles? over|cries out in pain|howls? in pain|screams? in pain|bleeds?|bleeding|"
    r"clutching (?:the|his|her|its) (?:wound|side|arm|leg|chest)|clutches (?:the|his|her|"
    r"its) (?:wound|side))\b")
# A target brought down without a word of wounding: "the heron folds and drops into the river",
# "the hawk tumbles out of the sky". Judged only when the subject is a creature or a person.
_BROUGHT_DOWN = re.compile(
    r"\b(?:(?:folds?|folded|crumples?|crumpled) (?:and|,) )?(?:drops?|dropped|falls?|fell|"
    r"tumbles?|tumbled|plummets?|plummeted|plunges?|plunged|spins?|spun) (?:\w+ )?(?:into|onto|"
    r"to|from|out of|down into|down onto|down to) (?:the |a )?(?:\w+ )?(?:river|water|sea|lake|"
    r"pond|ground|earth|mud|dirt|grass|snow|sand|sky|air|floor|deck|dust|reeds|stream|"
    r"waves|shallows)\b")
_SUBJECT_YOU = re.compile(r"\byou\s+(?:\w+\s+)?$")
_TRANSITIVE_NEXT = re.compile(r"\s+(?:a|an|the|his|her|its|their|your|some)\b")
_WEAK_VICTIM = re.compile(r"\b(?:staggers?|staggered|reels?|reeled|stumbles? back|grunts?|"
                          r"winces?|hisses|shrieks?|yelps?|howls?)\b")
_HIT = re.compile(
    r"(?:\b(?:finds?|found) (?:the |a |an |its |his |her |their )?(?:[a-z]+'s )?(?:\w+ )?"
    r"(?:gap|mark|opening|chink|weak spot|weakness|heart|throat|flesh|home)\b|"
    r"\b(?:bites?|bit|cuts?|slices?|sliced|slashe?s?|slashed|sinks?|sank|drives?|drove|"
    r"plunges?|plunged|punches|punched|tears?|tore|smashe?s?|smashed|slams?|slammed|"
    r"crashe?s?|crashed|crunche?s?|crunched|cracks?|cracked|cleaves?|cleaved|clove|hacks?|"
    r"hacked|connects?|connected|lands?|landed|hits?|strikes?|struck|pierces?|pierced|"
    r"skewers?|skewered|impales?|impaled|gashe?s?|gashed|stabs?|stabbed|nicks?|nicked|"
    r"grazes?|grazed|scores?|scored|wounds?|wounded|crushe?s?|crushed|pins?|pinned|"
    r"transfix(?:es|ed)?|spits?|spitted|opens? a (?:cut|gash|"
    r"wound)|draws? blood|bites? deep|sinks? deep)\b)"
    r"(?P<rest>[^.;,]{0,40})")
_INANIMATE_TARGET = re.compile(r"^\s*(?:\w+\s+){0,3}?(?:against|into|on|off|through)?\s*"
                               r"(?:the |a |an |his |her |its |their |[a-z]+'s )?(?:\w+ )?"
                               r"(?:rock|wall|stone|"
                               r"floor|ground|deck|mast|table|shield|door|air|dirt|wood|"
                               r"post|beam|rail|bar|dust|sand|nothing|empty)\b")
_MISS = re.compile(
    r"\bmiss(?:es|ed)?\b|\b(?:goes|go|went|sails?|swings?) wide\b|\bwide of\b|"
    r"\b(?:glances?|skids?|skitters?|clangs?|bounces?|rings?|slides?) off\b|"
    r"\bdeflect(?:s|ed)?\b|\bparr(?:y|ies|ied)\b|\bblock(?:s|ed)\b|\bdodge(?:s|d)?\b|"
    r"\bsidestep(?:s|ped)?\b|\bduck(?:s|ed)? (?:under|beneath|aside|away)\b|\bevade(?:s|d)?\b|"
    r"\btwists? (?:away|aside|out of)\b|\bcatch(?:es)? the (?:blow|strike|swing|hit|attack|"
    r"thrust|cut) on\b|\b(?:bats?|knocks?|turns?|pushes?|swats?|sweeps?|brushes?|slaps?|"
    r"beats?) (?:your|the) \w+ aside\b|\bfalls? short\b|\b(?:cuts?|finds?|slices?|hits?|"
    r"strikes?|meets?) (?:only|nothing but) (?:\w+ )?air\b|\bwhiffs?\b|\bharmlessly\b|"
    r"\buntouched\b|\bunharmed\b|\bunscathed\b|\b(?:flickers?|skitters?|steps?|leaps?|"
    r"jumps?|rolls?|spins?|dances?|slips?|darts?) (?:aside|away|back out of reach)\b|"
    r"\b(?:whistles?|whizz(?:es)?|zips?|streaks?|flies|flew|sails?|hiss(?:es)?|skims?|"
    r"shoots?|passes?) (?:harmlessly |just |inches |a hair )?(?:past|over|above|by)\b|"
    r"\bclumsy\b|\bout of reach\b|\bno effect\b|\bclangs? against\b|\bthuds? into (?:the |a )"
    r"(?:wall|floor|table|post|door|carpets?|stack|ground|deck)")
_SUCCESS_CUES = re.compile(
    r"\b(?:clicks? open|swings? open|springs? open|gives way|you manage to|you succeed|"
    r"successfully|succeeds?|relents?|gives in|caves|believes you|buys it|is convinced|"
    r"agrees to|works? (?:its|their|your|his|her) (?:charm|magic|spell|wonders)|does the trick|"
    r"did the trick|it works|it worked|falls? under (?:your|the) (?:spell|charm|sway)|"
    r"believes? (?:every word|it all|all of it|your (?:story|tale|lie|lies|every word|word)|the "
    r"(?:story|tale|lie|ruse))|falls? for (?:it|the (?:lie|ruse|trick|story|bluff|ploy))|"
    r"takes? the bait|swallows? (?:it|the (?:lie|story|tale|bait)|your (?:story|lie|tale))|"
    r"buys? (?:your|the) (?:story|lie|tale|bluff|ruse)|(?:is|are|was|were) won over|"
    r"talked round|(?:comes|came) round to your)\b")
# Success told without a number, whatever the action was: the door, the system, the witness.
_SUCCESS_PLAIN = re.compile(
    r"\b(?:access granted|laid bare|confess(?:es|ed)(?: everything)?|spills (?:everything|the "
    r"name|it all)|(?:gives?|hands?|tells?) you (?:the name|the code|the password|what you "
    r"(?:came for|need|want)|everything)|you slip inside|you crack (?:it|the (?:code|safe|lock|"
    r"cipher|password))|you spot (?:the|a) (?:flaw|lie|tell|discrepancy|inconsistency|mistake|"
    r"slip|hole)|(?:the|his|her|their) story (?:falls apart|collapses|crumbles))\b|"
    r"\byou(?:'re| are) (?:in|through)(?=\s*[:;,.!—–-])|"
    r"\b(?:waves?|waved|ushers?|ushered|lets?|let) you (?:through|in|inside|past|pass|by|on|"
    r"aboard|go)\b|\b(?:steps?|stepped|stands?|stood|moves?|moved) aside (?:to let you|and "
    r"(?:lets|let|waves|waved) you)\b")
# a blow that cannot be told for a miss, and a spell that cannot be told for a failure
_CRITICAL = re.compile(r"\b(?:critical (?:hit|strike|blow|success)|a crit\b|crits\b|"
                       r"natural (?:20|twenty)|nat (?:20|twenty))")
_TAKES_HOLD = re.compile(
    r"\b(?:takes? hold|took hold|takes? effect|took effect|(?:is|are|falls?|fell) (?:asleep|"
    r"charmed|stunned|paralyzed|paralysed|frozen solid|blinded|cursed|hexed|entranced|dazed|"
    r"spellbound)|falls? (?:into a )?(?:deep )?(?:sleep|slumber)|goes? (?:limp|rigid) (?:as|"
    r"under))\b")
_FAILURE_CUES = re.compile(r"\b(?:fails?|failed|nothing happens|won't budge|will not budge|"
                           r"refuses to|in vain|no luck|to no avail|can't|cannot|unable to|"
                           r"slips? (?:free|from your grasp)|comes away empty)\b")
_DEATH = re.compile(r"\b(?:dies|died|dead|killed|kills|slain|slays|lifeless|breathes (?:his|"
                    r"her|its|their) last|is no more)\b")


def miss_cue(text: str) -> bool:
    """Does the (masked) narration tell a miss anywhere ("goes wide", "whistles past")?"""
    return bool(_MISS.search(text))


def _attack(outcome: Outcome, intents: list[Intent] | None) -> bool:
    kinds = {s.action_type for s in outcome.steps}
    if intents:
        kinds |= {i.action_type for i in intents}
    if kinds & {"attack", "cast"}:
        return True
    if kinds - {"other"}:
        return False
    return any(s.damage is not None for s in outcome.steps)


def _living_subject(r: Reading, char: int) -> bool:
    """Is the subject of the clause at ``char`` a creature or a person other than the player
    ("the heron folds and drops", not "your arrow drops" or "you fall")?"""
    i = r.token_at(char)
    if i >= len(r.tokens):
        return False
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    for p in reversed([q for q in r.phrases if a <= q.start and q.end <= i]):
        head = r.tokens[p.head].base
        if p.pronoun:
            return False  # "it drops into the river": the arrow as likely as the bird
        if head in ("you", "yourself"):
            return False
        return bool(V.creature_group(head) or V.is_person_noun(head) or p.name)
    return False


def _player_victim(rest: str) -> bool:
    return bool(re.match(r"^\s*(?:\w+\s+){0,2}?(?:you|your)\b", rest))


def _cue(narration: str, a: int, b: int, severity: str, confidence: float, evidence: str,
         message: str) -> Finding:
    """A finding over narration[a:b], trimmed; ``message`` may use {span}."""
    while a < b and narration[a].isspace():
        a += 1
    while b > a and narration[b - 1].isspace():
        b -= 1
    span = narration[a:b]
    return Finding(kind="outcome_mismatch", severity=severity, confidence=confidence, span=span,
                   evidence=evidence, message=message.format(span=span), layer="facts",
                   start=a, end=b)


_WORN = frozenset("brim hat sleeve collar cloak coat boot heel scabbard sheath belt buckle cap "
                  "hood scarf glove gloves".split())
_VICTIM = re.compile(r"\b(?:him|her|them|it|its|his|their|[a-z]+'s)\b")


def _names_victim(rest: str) -> bool:
    """Does the rest of a blow's clause name someone it lands on ("Bram's arm", "his ribs",
    "the spider")? A blade sinking into a trough or the mast is no hit."""
    if _VICTIM.search(rest):
        return True
    return any(V.creature_group(w) or V.is_person_noun(w) for w in re.findall(r"[a-z]+", rest))


def check_success(narration: str, outcome: Outcome | None,
                  intents: list[Intent] | None = None, reading: Reading | None = None
                  ) -> list[Finding]:
    """A miss narrated as a hit, or a hit as a miss, contradicts the decided outcome."""
    if outcome is None or not outcome.steps and not outcome.blocked:
        return []
    r = reading or read(narration)
    text = r.masked
    out: list[Finding] = []
    attack = _attack(outcome, intents)
    rolled = any(s.roll is not None for s in outcome.steps)
    hits = []
    for m in _HIT.finditer(text):
        rest = re.split(r"\b(?:where|which|that|as|while)\b", m.group("rest"))[0]
        if _player_victim(rest) or _INANIMATE_TARGET.match(rest):
            continue
        if re.search(r"\b(?:only|nothing but|empty)\b", rest[:20]) or \
                re.search(r"\b(?:only|just|merely|barely)\s+$",
                          text[max(0, m.start() - 9):m.start()]):
            continue  # "only grazes his hat brim"
        near = re.findall(r"[a-z]+", re.split(r"\b(?:and|but|as|while)\b", rest)[0])[:5]
        if any(w in V.CLOTHING or V.lemma(w) in V.CLOTHING or w in _WORN for w in near) and \
                not any(V.lemma(w) in V.BODY for w in near):
            continue  # a blow through a sleeve or a hat brim wounds no one
        if not _names_victim(rest) and not re.match(r"\s*(?:the |a |an |its |his |her |their )?"
                                                    r"(?:gap|mark|opening|"
                                                    r"chink|weak spot|heart|throat|flesh|home)",
                                                    m.group(0)[m.group(0).find(" ") + 1:]):
            continue
        before = text[max(0, m.start() - 30):m.start()]
        if re.search(r"\b(?:he|she|it|they)\s+$", before) and not attack:
            continue
        hits.append(m)
    falls = [m for m in _VICTIM_FALLS.finditer(text)
             if not _SUBJECT_YOU.search(text[max(0, m.start() - 12):m.start()])
             and not _TRANSITIVE_NEXT.match(text, m.end())]
    falls += [m for m in _BROUGHT_DOWN.finditer(text) if _living_subject(r, m.start())]
    weak = list(_WEAK_VICTIM.finditer(text))
    misses = list(_MISS.finditer(text))
    stated_damage = any(f.role == "damage" for f in figures(narration, r))
    crit = _CRITICAL.search(text)
    if crit and (not outcome.success or (rolled and all(
            s.roll is not None and s.roll < 20 for s in outcome.steps if s.roll is not None))):
        rolls = [s.roll for s in outcome.steps if s.roll is not None]
        out.append(_cue(narration, crit.start(), crit.end(), BLOCK, 0.85,
                        "decided: " + ("a miss" if not outcome.success else
                                       f"a roll of {rolls[-1] if rolls else '?'}"),
                        "No critical hit was rolled; '{span}' contradicts the outcome."))
    # a failed step that cost the player hit points: the harm narrated is the failure, and a
    # blow in the telling is likelier theirs than the player's
    hurt = any(not s.success and (s.damage is not None or s.hp_after is not None)
               for s in outcome.steps)
    if not outcome.success:
        plain = _SUCCESS_PLAIN.search(text)
        if plain:
            out.append(_cue(narration, plain.start(), plain.end(), BLOCK, 0.8,
                            "decided: the action fails",
                            "The action failed; '{span}' narrates success."))
            return out
        felled = falls if attack else [m for m in falls if _living_subject(r, m.start())]
        strong = ([] if hurt else hits) + felled + list(_TAKES_HOLD.finditer(text))
        if strong and (attack or rolled):
            m = strong[0]
            sure = attack and not misses
            out.append(_cue(narration, m.start(), m.end(), BLOCK if not misses else WARN,
                            0.85 if sure else (0.7 if not misses else 0.55),
                            "decided: the attack misses",
                            "The attack missed; '{span}' narrates a hit."))
        elif not attack or not any(i.target_kind in ("npc", "creature", "party")
                                   for i in intents or () if i.action_type == "attack"):
            # a "hack" at a terminal, a blow at a lock: no one to miss, so the thing giving way
            # is the success
            m2 = _SUCCESS_CUES.search(text)
            if m2:
                out.append(_cue(narration, m2.start(), m2.end(), BLOCK, 0.75,
                                "decided: the action fails",
                                "The action failed; '{span}' narrates success."))
        if not out and outcome.steps and not any(s.success for s in outcome.steps) \
                and not misses and not hurt and not failure_told(r.text):
            out.append(_cue(narration, 0, len(narration), BLOCK, 0.6,
                            "decided: the action fails",
                            "The action failed, but the narration never tells the failure."))
        return out
    if attack:
        if misses and not hits and not falls and not weak and not stated_damage:
            m = misses[0]
            out.append(_cue(narration, m.start(), m.end(), BLOCK, 0.8, "decided: the attack hits",
                            "The attack hit; '{span}' narrates a miss."))
        step = next((s for s in reversed(outcome.steps) if s.action_type == "attack"
                     or s.damage is not None), None)
        if step is not None and not step.down and step.hp_after is not None and \
                step.hp_after > 0:
            m = _DEATH.search(text)
            if m:
                out.append(_cue(narration, m.start(), m.end(), WARN, 0.6,
                                f"decided: the target is left with {step.hp_after} HP",
                                f"The target survives with {step.hp_after} HP; "
                                "'{span}' kills it."))
    else:
        m = _FAILURE_CUES.search(r.text.lower())
        if m and not _SUCCESS_CUES.search(text) and not _SUCCESS_PLAIN.search(text):
            tok = r.token_from(m.start())
            if tok is not None and not tok.muted:
                out.append(_cue(narration, m.start(), m.end(), BLOCK, 0.7,
                                "decided: the action succeeds",
                                "The action succeeded; '{span}' narrates failure."))
    return out


# --- counts of things in the scene ---------------------------------------------------------------

def check_counts(narration: str, scene: Scene, scene_counts: dict[str, int] | None = None,
                 reading: Reading | None = None) -> list[Finding]:
    """Counted things the scene counts too ("six black cannons") must not grow in the telling.
    Creatures are counted by the creature check; this covers things and coins."""
    counts = dict(scene_counts or {})
    if not counts:
        return []
    r = reading or read(narration)
    out: list[Finding] = []
    for f in figures(narration, r):
        if f.role != "count" or not f.noun:
            continue
        lem = V.lemma(f.noun)
        have = counts.get(lem)
        if have is None or V.creature_group(f.noun):
            continue
        tok = r.token_from(f.start)
        if tok is not None and (tok.muted or tok.negated):
            continue
        if f.value > have:
            end = next((t.end for t in r.tokens if t.start >= f.end and t.base == f.noun), f.end)
            out.append(Finding(
                kind="invented_item", severity=BLOCK, confidence=0.8,
                span=narration[f.start:end], evidence=f"the scene has {have} {f.noun}",
                message=f"The scene has {have} {f.noun}; '{narration[f.start:end]}' adds more.",
                layer="facts", start=f.start, end=end))
            out.append(Finding(
                kind="outcome_mismatch", severity=WARN, confidence=0.6,
                span=narration[f.start:end], evidence=f"the scene has {have} {f.noun}",
                message=f"'{narration[f.start:end]}' contradicts the scene's count ({have}).",
                layer="facts", start=f.start, end=end))
    return out


# --- correction ---------------------------------------------------------------------------------

def correct(narration: str, outcome: Outcome, reading: Reading | None = None) -> tuple[str, list[Finding]]:
    """Replace wrong decided figures in place ("12 damage" -> "7 damage", "nine" -> "seven");
    return the corrected text and one info finding per change. Pass the scene's ``reading`` of
    the narration when there is one: post-validation then reads the text only once."""
    decided = _decided(outcome)
    key = {"damage": "damage", "healed": "healed", "hp": "hp_after", "roll": "roll",
           "gold": "gold", "gold_left": "gold_left"}
    changes: list[tuple[int, int, str, Figure, int]] = []
    for f in figures(narration, reading):
        want_key = key.get(f.role)
        if want_key is None:
            continue
        want = decided.get(want_key)
        if want_key == "roll" and want is None:
            want = decided.get("total")
        if want_key == "healed" and want is None:
            continue
        if want is None or want == f.value:
            continue
        if f.role in ("gold", "gold_left") and f.value in (decided.get("gold"), decided.get("gold_left")):
            continue  # "pay 1 gold ... keep 11 gold": both are decided figures, whichever role was read
        if f.role == "roll" and f.value == decided.get("total"):
            continue
        if f.role == "hp" and f.value == decided.get("healed"):
            continue
        changes.append((f.start, f.end, _render(want, f.words), f, want))
    if not changes:
        return narration, []
    text = narration
    findings: list[Finding] = []
    for start, end, new, f, want in sorted(changes, key=lambda c: -c[0]):
        old = text[start:end]
        if old[:1].isupper():
            new = new[:1].upper() + new[1:]
        text = text[:start] + new + text[end:]
        findings.append(Finding(
            kind="outcome_mismatch", severity=INFO, confidence=1.0, span=old,
            evidence=f"decided {f.role}: {want}",
            message=f"Corrected {f.role} '{old}' to '{new}'.", layer="facts", start=start,
            end=start + len(new)))
    findings.reverse()
    return text, findings


# --- name protection ----------------------------------------------------------------------------

_PLACEHOLDER = "⟦N{0}⟧"
_FIND_PLACEHOLDER = re.compile(
    r"[\[⟦{(<]{1,2}\s*[Nn]\s*[-_ ]?\s*(\d{1,3})\s*[\]⟧})>]{1,2}|\bN_?(\d{1,3})\b")


def protect(text: str, names: list[str] | tuple[str, ...] | set[str]) -> tuple[str, dict[str, str]]:
    """Replace scene names with numbered placeholders before a model paraphrases the text, so it
    cannot turn "Greta" into "the barmaid Gretchen"; ``restore`` puts them back."""
    mapping: dict[str, str] = {}
    ordered = sorted({n for n in names if n and n.strip()}, key=len, reverse=True)
    out = text
    for idx, name in enumerate(ordered):
        pattern = re.compile(r"(?<![\w⟦])" + re.escape(name) + r"(?![\w⟧])", re.IGNORECASE)
        if not pattern.search(out):
            continue
        ph = _PLACEHOLDER.format(idx)
        out = pattern.sub(ph, out)
        mapping[ph] = name
    return out, mapping


def restore(text: str, mapping: dict[str, str]) -> str:
    """Put protected names back, tolerating placeholders the model mangled ("[[N0]]", "{N0}",
    "N 0", "⟦n0⟧")."""
    return restore_report(text, mapping)[0]


def restore_report(text: str, mapping: dict[str, str]) -> tuple[str, list[str]]:
    """``restore`` plus the names whose placeholders the model dropped."""
    by_index = {}
    for ph, name in mapping.items():
        m = re.search(r"(\d+)", ph)
        if m:
            by_index[int(m.group(1))] = name
    used: set[int] = set()

    def sub(m: re.Match[str]) -> str:
        idx = int(m.group(1) or m.group(2))
        if idx in by_index:
            used.add(idx)
            return by_index[idx]
        return m.group(0)

    out = _FIND_PLACEHOLDER.sub(sub, text)
    missing = [name for idx, name in sorted(by_index.items()) if idx not in used
               and name.lower() not in out.lower()]
    return out, missing


def missing_names(text: str, names: list[str]) -> list[str]:
    """Which of ``names`` the text no longer contains (a dropped placeholder, a paraphrase)."""
    low = text.lower()
    return [n for n in names if n.lower() not in low]
