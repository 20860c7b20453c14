"""The facts layer as a narration check: decided figures, hit or miss, counted things.

Hit or miss is also judged by *whom* the narration says was reached. The player's intent names
the target (an NPC, a creature, a thing); on a failed step, the target must not be what the
player's missile or blade goes into ("your shot takes Dieter between the eyes", "the axe thunks
into the middle shield"), must not go down ("it tumbles shrieking onto the platform"), and the
one the player tried to sway must not take the bribe or hand over what was asked for. Each kind
of step also has a goal (a lock's tumblers falling into place, "unseen" for a sneak, "reach the
top" for a climb, the sought thing found, the far side of a jump reached), and a failed step must
not reach it. No list of hit words can cover every way of telling a hit; the target, the goal and
who acts on them can. Money is a figure too: the player cannot pay more than the purse holds.
"""

from __future__ import annotations

import re

from bot.guard import facts
from bot.guard.facts.figures import _GOLD_AFTER
from bot.guard import vocabulary as V
from bot.guard.finding import BLOCK, WARN, Finding
from bot.guard.grounding import Holder
from bot.guard.narration_checks.base import CheckContext, is_object, make_finding, subject_before
from bot.guard.prose import Phrase, Reading
from bot.world.intent import Intent

# Before a target that is merely aimed at, passed or missed: no contact.
_NEAR = frozenset("at toward towards past over beside near around behind above below beyond from "
                  "of for after to with like by under beneath across along than off "
                  "short wide".split())
# Before a target the missile or blade enters.
_INTO = frozenset({"into", "through", "in", "between", "onto"})
# Verbs whose object the subject does not touch.
_NO_CONTACT = frozenset(
    "miss misses missed startle startles startled spook spooks spooked scare scares scared "
    "frighten frightens frightened alert alerts alerted warn warns warned overshoot overshoots "
    "overshot pass passes passed clear clears cleared follow follows followed chase chases "
    "chased seek seeks sought track tracks tracked find finds found reach reaches reached "
    "near nears neared approach approaches approached watch watches watched".split())
_FALLS = frozenset(
    "drop drops dropped fall falls fell tumble tumbles tumbled crumple crumples crumpled "
    "collapse collapses collapsed slump slumps slumped topple topples toppled plummet "
    "plummets plummeted keel keels keeled die dies died fold folds folded sag sags sagged "
    "pitch pitches pitched".split())
# After a fall verb: taking cover or dodging, not going down hurt.
_COVER = frozenset("behind beneath under low flat prone aside away back clear out sideways "
                   "below down".split())
_MISSILES = frozenset(
    "arrow arrows bolt bolts shot shots bullet bullets round rounds dart darts stone stones "
    "shaft shafts blade blades spear javelin axe hatchet knife dagger sword point edge tip "
    "swing stroke thrust cut blow throw punch fist fists kick slug pellet ball".split())
_ACCEPT = frozenset(
    "pocket pockets pocketed accept accepts accepted take takes took palm palms palmed pouch "
    "pouches pouched snatch snatches snatched sweep sweeps swept scoop scoops scooped tuck "
    "tucks tucked stash stashes stashed keep keeps kept".split())
_HANDS = frozenset("hands handed gives gave passes passed slides slid tosses tossed presses "
                   "pressed lends lent".split())
# After any verb, the state of a thing forced to give way: "creaks open", "splits apart".
_OPENED = frozenset({"open", "apart", "loose", "free", "inward", "inwards", "wide"})
_CLOSES = frozenset("close closes closed curl curls curled tighten tightens tightened clench "
                    "clenches clenched fold folds folded".split())
_MONEY = frozenset("coin coins gold silver copper penny pennies money purse bribe cash bills "
                   "notes crowns marks shillings ducats doubloons florins".split())


class OutcomeCheck:
    name = "outcome"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        out: list[Finding] = []
        if ctx.outcome is not None:
            amounts = ctx.grounding.memo.get("amounts")
            if amounts is None:
                amounts = facts.scene_amounts(ctx.scene)
                ctx.grounding.memo["amounts"] = amounts
            out += facts.check_numbers(narration, ctx.outcome, ctx.scene, ctx.reading, amounts)
            out += facts.check_success(narration, ctx.outcome, ctx.intents, ctx.reading)
            if not ctx.outcome.success and ctx.outcome.steps and not out:
                out += _target_reached(ctx)
        out += facts.check_counts(narration, ctx.scene, ctx.grounding.counts, ctx.reading)
        if not (ctx.outcome is not None and any(st.gold is not None
                                                for st in ctx.outcome.steps)):
            out += _overpaid(ctx)
        return out


_MONEY_SAID = re.compile(
    r"\$\s?(?P<d>\d[\d,]*)|\b(?P<w>[a-z]+(?:-[a-z]+)?|\d+)[- ](?:dollar|pound|crown|guinea|mark)"
    r" (?:bill|note|piece|coin)s?\b|\b(?P<n>\d+|[a-z]+(?:-[a-z]+)?) (?:dollars|bucks|gold(?: "
    r"(?:coins|pieces|crowns))?|silver (?:coins|pieces)|crowns|marks|shillings|guineas|ducats|"
    r"doubloons|sovereigns)\b")
_CURRENCY_STEMS = ("dollar", "buck", "gold", "silver", "crown", "mark", "shilling", "guinea",
                   "ducat", "doubloon", "sovereign", "pound")
_PAYING = frozenset("hand hands handed pay pays paid give gives gave slide slides slid toss tosses "
                    "tossed flip flips flipped press presses pressed count counts counted lay lays "
                    "laid slap slaps slapped peel peels peeled offer offers offered".split())


def _amount(word: str) -> int | None:
    w = word.replace(",", "")
    if w.isdigit():
        return int(w)
    total = 0
    for part in w.split("-"):
        if part in ("a", "an", "one"):
            total += 1 if total == 0 else 0
        elif part == "hundred":
            total = max(total, 1) * 100
        elif part == "thousand":
            total = max(total, 1) * 1000
        elif part in V.CARDINALS:
            total += V.CARDINALS[part]
        elif part in ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                      "ninety"):
            total += {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60,
                      "seventy": 70, "eighty": 80, "ninety": 90}[part]
        else:
            return None
    return total or None


def _purse(ctx: CheckContext) -> int | None:
    """How much money the player carries, as the scene states it ("$30", "12 gold coins")."""
    player = ctx.scene.player
    found = [player.gold] if player.gold is not None else []
    for item in player.inventory:
        m = re.match(r"\s*\$\s?(\d+)|\s*(\d+)\s+(\w+)", item.lower())
        if m and m.group(1):
            found.append(int(m.group(1)))
        elif m and m.group(3) in _GOLD_AFTER:
            found.append(int(m.group(2)))
    return sum(found) if found else None


def _overpaid(ctx: CheckContext) -> list[Finding]:
    """"You hand Sal a crisp hundred-dollar bill" with $30 in your pocket: the player pays
    more than the scene gives them."""
    r = ctx.reading
    text = r.masked
    if "$" not in text and not any(w in text for w in _CURRENCY_STEMS):
        return []
    purse = _purse(ctx)
    if purse is None:
        return []
    for m in _MONEY_SAID.finditer(text):
        said = next(g for g in (m.group("d"), m.group("w"), m.group("n")) if g)
        value = _amount(said)
        if value is None or value <= purse:
            continue
        i = r.token_at(m.start())
        if not _event(r, i):
            continue
        a, _ = r.sentence_tokens[r.tokens[i].sent]
        verb = next((k for k in range(i - 1, max(a - 1, i - 9), -1)
                     if r.tokens[k].low in _PAYING), None)
        if verb is None:
            continue
        actor = subject_before(ctx, verb)
        if actor.kind != "holder" or actor.holder is not ctx.grounding.player:
            continue
        b = m.end()
        return [Finding(kind="invented_item", severity=BLOCK, confidence=0.75,
                        span=r.text[m.start():b], evidence=f"you carry {purse}",
                        message=f"You carry {purse}; '{r.text[m.start():b]}' is more than you "
                                f"have.", layer="post", start=m.start(), end=b)]
    return []


_WOUNDS = frozenset("cut gash wound line furrow welt graze nick slash gouge score weal "
                    "laceration".split())


def _wound_dealt(ctx: CheckContext) -> list[Finding]:
    """"Your shortsword opens a red line across his ribs": the player's blade leaves a wound
    on a body, whoever's it is."""
    r = ctx.reading
    toks = r.tokens
    for p in r.phrases:
        if V.lemma(toks[p.head].base) not in _WOUNDS or p.det not in ("a", "an") or \
                not _event(r, p.head):
            continue
        a, b = r.sentence_tokens[toks[p.head].sent]
        if not is_object(r, p, a):
            continue
        body = any(V.lemma(toks[k].base) in V.BODY for k in range(p.end, min(p.end + 5, b)))
        if body and _players_blow(ctx, p.start):
            return [_finding(ctx, p, facts.miss_cue(r.masked),
                             f"The attack missed; '{p.text(r)}' is a wound all the same.")]
    return []


# What a step's own goal looks like when it is reached, by kind of step: on a failed step the
# narration must not tell it. Stated of the player or of what the step was about, never inside
# quotes, a negation or an attempt.
_GOALS: dict[str, re.Pattern[str]] = {
    "unlock": re.compile(
        r"\b(?:tumblers? (?:falls?|fell|clicks?|clicked|drops?|dropped|turns?|turned|slides?|"
        r"slid|settles?|settled) (?:into place|home)|(?:lock|latch|bolt|catch|hasp|padlock) "
        r"(?:gives?(?! no)|gave|yields?|yielded|(?:clicks?|clicked|springs?|sprang|snaps?|snapped|"
        r"pops?|popped|turns?|turned|slides?|slid) (?:open|back|free|over|home))|"
        r"(?:lid|door|gate|hatch|grate|drawer|"
        r"shutter)s? (?:\w+ )?(?:creaks?|creaked|swings?|swung|springs?|sprang|pops?|popped|"
        r"eases?|eased|"
        r"lifts?|lifted|comes?|came|slides?|slid|falls?|fell) (?:up|open|wide|free|back))\b"),
    "sneak": re.compile(
        r"\b(?:unnoticed|unseen|undetected|unheard|unobserved|without being (?:seen|noticed|"
        r"spotted|heard|caught)|(?:no one|nobody) (?:notices|sees|hears|looks up|stirs)|"
        r"(?:never|doesn't|does not|don't) (?:notice|see|hear|look up|stir)|none the wiser)\b"),
    "climb": re.compile(
        r"\b(?:reach(?:es)? the (?:top|summit|crest|peak|roof|ledge|upper \w+)|(?:make|makes|made) "
        r"it (?:to the top|up|over)|(?:haul|hauls|pull|pulls) (?:yourself|himself|herself) "
        r"(?:over|onto) the (?:top|edge|lip|ledge|parapet))\b"),
    "examine": re.compile(
        r"\b(?:(?:spot|find|discover|notice|uncover|feel)s? (?:it|(?:the|a|an) "
        r"(?P<thing>(?:[\w-]+ ){0,2}[\w-]+)))\b"),
    "jump": re.compile(
        r"\b(?:clear(?:s|ed)? (?:it|the \w+(?: \w+)?) (?:easily|cleanly|neatly|with room to spare)|"
        r"land(?:s|ed|ing)? (?:\w+ )?on the (?:far|other) side|(?:make|makes|made) the (?:jump|"
        r"leap)|(?:vault|leap|jump|spring|sail|flip)(?:s|t|ed|ing)? (?:cleanly|neatly|easily|"
        r"lightly|smoothly|clear) (?:over|across)|land(?:s|ed|ing)? (?:light|lightly|cleanly|"
        r"neatly|softly|safely|square|on your feet))\b"),
    "talk": re.compile(
        r"\b(?:agrees? (?:at once |readily |gladly |immediately |eagerly |happily )?to|letting you (?:pass|through|by|in|go)|(?:nods?|nodded) "
        r"(?:and|,) (?:lets|waves) you|gives? in|(?:is|are) (?:convinced|persuaded|charmed|cowed|"
        r"won over)|(?:backs?|backed) down)\b"),
    # doubtful on its own (one steps aside for a cart too): a warning
    "talk-soft": re.compile(r"\b(?:steps?|stepped|stands?|stood|moves?|moved) aside\b"),
}
# What undoes a goal told in the same sentence: "reach the top ... and slide back down".
_REVERSAL = re.compile(r"\b(?:but|yet|only to|until|slides?|slid|slips?|slipped|falls?|fell|"
                       r"tumbles?|tumbled|drops?|dropped|loses?|lost|back down|gives? way)\b")
_SNEAKY = re.compile(r"\b(?:sneak|slip|creep|hide|steal|stealth|tiptoe|sidle|skulk|pickpocket|"
                     r"pilfer)\w*")
_JUMPY = re.compile(r"\b(?:jump|leap|vault|hurdle|spring)\w*")
# "pick the office lock with my pen" is an unlocking whatever kind of step the parser made of it
_PICKING = re.compile(r"\b(?:pick|jimmy|force|pry|prise|unlock)\b(?:\W+\w+){0,4}?\W+(?:lock|"
                      r"padlock|latch|bolt|hasp)s?\b")
_PAIN = frozenset("yelps yelped yowls yowled howls howled shrieks shrieked squeals squealed cries "
                  "screams screamed grunts grunted gasps gasped groans groaned whimpers "
                  "whimpered".split())


def _goal_for(intent: Intent) -> str | None:
    words = (intent.words or "").lower()
    kind = intent.action_type
    if kind in ("unlock", "open") and re.search(r"\b(?:pick|force|pry|prise|jimmy|break|"
                                                r"unlock|open)\b", words) or _PICKING.search(words):
        return "unlock"
    if _SNEAKY.search(words):
        return "sneak"
    if _JUMPY.search(words) and "climb" not in words:
        return "jump"  # "I leap the bull" may be read as a climb onto it
    if kind == "climb":
        return "climb"
    if kind == "examine" and re.search(r"\b(?:search|look for|find|spot|check for|hunt for)\b",
                                        words):
        return "examine"
    if _JUMPY.search(words):
        return "jump"
    if kind == "talk" and re.search(r"\b(?:persuade|convince|intimidate|charm|haggle|bargain|"
                                    r"bribe|threaten|coax|cajole|seduce|talk \w+ into|deceive|"
                                    r"bluff|trick|lie)\w*", words):
        return "talk"
    return None


def _goal_reached(ctx: CheckContext) -> list[Finding]:
    """A failed step whose own goal the narration tells as reached: the tumblers fall into
    place on a failed pick, "unnoticed" on a failed sneak, "reach the top" on a failed climb."""
    r = ctx.reading
    for intent in ctx.intents:
        goal = _goal_for(intent)
        if goal is None:
            continue
        soft = False
        m = _GOALS[goal].search(r.masked)
        if m is None and goal == "talk":
            m, soft = _GOALS["talk-soft"].search(r.masked), True
        if m is None:
            continue
        if goal == "examine" and m.group("thing") and not _sought(intent, m.group("thing")):
            continue  # "you find the door solid": not what was looked for
        tok = r.token_from(m.start())
        if tok is None or tok.muted or tok.negated:
            continue
        sa, sb = r.sentences[tok.sent]
        if _REVERSAL.search(r.masked, m.end(), sb):
            continue  # "you reach the top of the first course and slide back down"
        a, b = m.start(), m.end()
        while b > a and r.text[b - 1].isspace():
            b -= 1
        return [Finding(kind="outcome_mismatch", severity=WARN if soft else BLOCK,
                        confidence=0.5 if soft else 0.75,
                        span=r.text[a:b], evidence="decided: the step fails",
                        message=f"The attempt failed; '{r.text[a:b]}' tells it succeeding.",
                        layer="post", start=a, end=b)]
    return []


# A step that moves a thing onto or into somewhere ("heave the stele onto the donkey", "get the
# crate into the cart"): its goal is the thing arriving there, whatever the parser made of it.
_PLACING = re.compile(
    r"\b(?:heave|lift|load|hoist|haul|drag|put|place|set|roll|push|shove|carry|get|throw|toss|"
    r"sling|swing|lever|pull|tip)\b.*?\b(?:onto|into|on to|up on|aboard|on top of)\s+(?:the |a |an |"
    r"his |her |its |their |my )?(?:[\w-]+ )?(?P<dest>[a-z][\w-]*)\s*[.!]?$")

# A step done for the sake of getting through or past something ("overclock the engine to push
# through the headwind"): its goal is being through it.
_PASSING = re.compile(r"\bto (?:\w+ ){1,2}(?P<prep>through|past|across) (?:the |a |an |his |her |"
                      r"its |their |my )?(?:[\w-]+ )?(?P<dest>[a-z][\w-]*)\s*[.!]?$")


def _placed(ctx: CheckContext) -> list[Finding]:
    """A failed step to put a thing somewhere or to get through something, told arriving there:
    "with one heave you roll it up onto the donkey's pack frame", "the ship surges forward
    through the headwind"."""
    r = ctx.reading
    for intent in ctx.intents:
        words = (intent.words or "").lower()
        m = _PLACING.search(words)
        preps = "onto|into|on to|up on|aboard|on top of"
        if m is None:
            m = _PASSING.search(words)
            if m is None:
                continue
            preps = m.group("prep")
        dest = V.lemma(m.group("dest"))
        told = re.compile(r"\b(?:" + preps + r") (?:the |a |an |his |her |its |their |your )?"
                          r"(?:[\w-]+ )?" + re.escape(dest) + r"(?:s|es|'s)?\b")
        for hit in told.finditer(r.masked):
            tok = r.token_from(hit.start())
            if tok is None or tok.muted or tok.negated:
                continue
            _, sb = r.sentences[tok.sent]
            semi = r.masked.find(";", hit.end(), sb)
            if _REVERSAL.search(r.masked, hit.end(), sb if semi < 0 else semi):
                continue  # "onto the cart, but it slides off"; past a semicolon is another clause
            a, b = hit.start(), hit.end()
            return [Finding(kind="outcome_mismatch", severity=BLOCK, confidence=0.7,
                            span=r.text[a:b], evidence="decided: the step fails",
                            message=f"The attempt failed; '{r.text[a:b]}' tells it arriving.",
                            layer="post", start=a, end=b)]
    return []


def _target_yields(ctx: CheckContext) -> list[Finding]:
    """A failed step against a feature or thing that gives way all the same: "the hedge parts
    before you", "it bursts inward", "the lock gives"."""
    r = ctx.reading
    toks = r.tokens
    for intent in ctx.intents:
        if intent.target_kind not in ("feature", "item") or not intent.target:
            continue
        heads = _target_heads(intent)
        last = -1
        for i, t in enumerate(toks):
            if t.kind != "word":
                continue
            if V.lemma(t.base) in heads:
                last = i
                subject = True
            elif t.low in ("it", "they") and last >= 0 and t.sent - toks[last].sent <= 1:
                subject = True
            else:
                continue
            if not _event(r, i) or not subject:
                continue
            p = r.phrase_containing(i)
            if p is None or p.head != i and not (p.pronoun and p.start == i):
                continue
            a, _ = r.sentence_tokens[t.sent]
            if is_object(r, p, a):
                continue
            vi = _verb_next(r, p)
            if vi is None or not _event(r, vi):
                continue
            v = toks[vi].low
            nxt = toks[vi + 1].low if vi + 1 < len(toks) else ""
            if v in V.YIELD_VERBS or (v in V.YIELD_WITH and nxt in V.YIELD_PARTICLES) or (
                    nxt in _OPENED and v not in V.AUXILIARIES and v != "stays"):
                end = vi + (1 if v in V.YIELD_VERBS else 2)
                return [make_finding(ctx, "outcome_mismatch", BLOCK, 0.75, p.start, end,
                                     "decided: the step fails",
                                     f"The attempt failed; '{r.span_text(p.start, end - 1)}' "
                                     f"tells it succeeding.")]
    return []


def _sought(intent: Intent, found: str) -> bool:
    """Is what the narration finds what the player looked for ("search the niches for a hidden
    lever" ... "find a lever behind a skull")?"""
    words = (intent.words or "").lower()
    m = re.search(r"\b(?:for|looking for|to find)\s+(?:a |an |the |any |some )?(.+)$", words)
    if m is None:
        return False
    wanted = {V.lemma(w) for w in re.findall(r"[a-z]+", m.group(1))}
    return any(V.lemma(w) in wanted for w in re.findall(r"[a-z]+", found.lower()))


def _pained_target(ctx: CheckContext, intent: Intent) -> list[Finding]:
    """"The tabby cat yowls as your boot connects": the target crying out in pain on a miss is
    doubtful (a fright looks the same), so it is only a warning."""
    r = ctx.reading
    for k in _mentions(ctx, intent):
        p = r.phrase_containing(k)
        if p is None or not _event(r, k):
            continue
        nxt = _verb_next(r, p)
        if nxt is not None and r.tokens[nxt].low in _PAIN:
            return [make_finding(ctx, "outcome_mismatch", WARN, 0.5, p.start, nxt + 1,
                                 "decided: the attack misses",
                                 f"The attack missed; '{r.span_text(p.start, nxt)}' sounds "
                                 f"like a hit.")]
    return []


def _target_reached(ctx: CheckContext) -> list[Finding]:
    """On a failed step: the target hit, brought down, or won over all the same."""
    found = _goal_reached(ctx) or _placed(ctx) or _target_yields(ctx)
    if found:
        return found
    if any(i.action_type == "attack" for i in ctx.intents):
        found = _wound_dealt(ctx)
        if found:
            return found
    for intent in ctx.intents:
        if not intent.resolved or not intent.target and intent.action_type not in ("talk",
                                                                                   "other"):
            continue
        if intent.action_type in ("attack", "cast"):
            found = _struck(ctx, intent) or _pained_target(ctx, intent)
        elif intent.action_type in ("give", "talk", "buy", "other"):
            found = _won_over(ctx, intent)
        else:
            continue
        if found:
            return found
    return []


def _target_holder(ctx: CheckContext, intent: Intent) -> Holder | None:
    if intent.target_kind not in ("npc", "party"):
        if intent.target is None and intent.action_type in ("talk", "other"):
            # "I lean on Sal about the missing girl": the one the player's words name
            found = {id(h): h for w in re.findall(r"[A-Za-z][\w'-]*", intent.words or "")
                     if w[:1].isupper() and (h := ctx.grounding.by_token.get(
                         w.lower().removesuffix("'s"))) is not None and h.kind != "player"}
            return next(iter(found.values())) if len(found) == 1 else None
        return None
    for h in ctx.grounding.holders:
        if h.name == intent.target:
            return h
    return None


def _target_heads(intent: Intent) -> frozenset[str]:
    """The head words a creature or thing target goes by ("a white owl" -> owl)."""
    heads = set()
    for text in (intent.target, intent.target_text):
        words = [w for w in (text or "").lower().replace("-", " ").split() if w.isalpha()]
        if words:
            heads.add(V.lemma(words[-1]))
    return frozenset(heads)


def _mentions(ctx: CheckContext, intent: Intent) -> list[int]:
    """Token indices of the phrases' heads (and pronouns) that name the target."""
    r = ctx.reading
    holder = _target_holder(ctx, intent)
    out: list[int] = []
    if holder is not None:
        for p in r.phrases:
            k = p.head
            if ctx.refs and ctx.refs[k] is holder and not r.tokens[k].possessive:
                out.append(k)
            elif V.lemma(r.tokens[k].base) in V.BODY and ctx.refs and any(
                    r.tokens[j].possessive and ctx.refs[j] is holder for j in range(p.start, k)):
                out.append(k)  # "buries itself in Garrick's thigh": the target's body
        return out
    heads = _target_heads(intent)
    if not heads:
        return out
    last_target: int | None = None
    last_sent = -1
    for p in r.phrases:
        t = r.tokens[p.head]
        if p.pronoun:
            if t.low in ("it", "they") and last_target is not None and \
                    t.sent - last_sent <= 1 and _latest_thing(r, p.start) == last_target:
                out.append(p.head)
            continue
        if V.lemma(t.base) in heads and not t.possessive:
            out.append(p.head)
            last_target, last_sent = p.head, t.sent
        elif V.lemma(t.base) in V.BODY and any(
                r.tokens[j].possessive and V.lemma(r.tokens[j].base) in heads
                for j in range(p.start, p.head)):
            out.append(p.head)  # "sinks into the wolf's flank"
    return out


def _latest_thing(r: Reading, i: int) -> int | None:
    """The head of the latest phrase before token ``i`` in its sentence (or the one before) that
    is no body part: what "it" most likely stands for."""
    sent = r.tokens[i].sent
    a, _ = r.sentence_tokens[max(0, sent - 1)]
    for p in reversed(r.phrases):
        if p.end > i or p.start < a or p.pronoun:
            continue
        if V.lemma(r.tokens[p.head].base) in V.BODY:
            continue
        return p.head
    return None


def _event(r: Reading, k: int) -> bool:
    t = r.tokens[k]
    return not t.muted and not t.negated


def _struck(ctx: CheckContext, intent: Intent) -> list[Finding]:
    r = ctx.reading
    toks = r.tokens
    mentions = _mentions(ctx, intent)
    if not mentions:
        return []
    missed = facts.miss_cue(r.masked)
    for k in mentions:
        if not _event(r, k):
            continue
        p = r.phrase_containing(k)
        if p is None:
            continue
        a, _ = r.sentence_tokens[toks[k].sent]
        if is_object(r, p, a):
            before = _word_before(r, p.start)
            if before is None or before.low in _NEAR:
                continue
            if before.low not in _INTO and (before.low in _NO_CONTACT or
                                            before.low not in V.VERBS and
                                            V.lemma(before.low) not in V.VERBS and
                                            not before.low.endswith(("s", "ed"))):
                continue
            if not _players_blow(ctx, p.start):
                continue
            return [_finding(ctx, p, missed,
                             f"The attack missed; '{p.text(r)}' is reached all the same.")]
        nxt = _verb_next(r, p)
        if nxt is not None and V.lemma(toks[nxt].low) in _FALLS | {V.lemma(w) for w in _FALLS} \
                or nxt is not None and toks[nxt].low in _FALLS:
            after = toks[nxt + 1].low if nxt + 1 < len(toks) else ""
            if after in _COVER or after in ("to", "into") and _to_cover(r, nxt + 1):
                continue
            return [_finding(ctx, p, missed, f"The attack missed; '{r.span_text(p.start, nxt)}' "
                                             f"brings the target down.", end=nxt + 1)]
    return []


def _to_cover(r: Reading, i: int) -> bool:
    """"drops to one knee behind the bar", "drops into a crouch": ducking, not falling hurt."""
    words = [t.low for t in r.tokens[i:i + 5]]
    return any(w in ("crouch", "knee", "knees", "cover", "roll", "behind", "beneath", "under")
               for w in words)


def _word_before(r: Reading, start: int):
    """The word before a phrase, past adverbs and "dead-centre"-like modifiers."""
    k = start - 1
    while k >= 0 and r.tokens[k].kind == "word" and r.tokens[k].low not in _NEAR and \
            r.tokens[k].low not in _INTO and (r.tokens[k].low in V.ADVERBS or
                                              r.tokens[k].low.endswith("ly") or
                                              "-" in r.tokens[k].low):
        k -= 1
    return r.tokens[k] if k >= 0 and r.tokens[k].kind == "word" else None


def _verb_next(r: Reading, p: Phrase) -> int | None:
    k = p.end
    n = len(r.tokens)
    while k < n and r.tokens[k].kind == "word" and (r.tokens[k].low in V.ADVERBS or
                                                    r.tokens[k].low.endswith("ly")):
        k += 1
    if k < n and r.tokens[k].kind == "word" and r.tokens[k].sent == r.tokens[p.head].sent:
        return k
    return None


def _players_blow(ctx: CheckContext, i: int) -> bool:
    """Is the subject of the clause at token ``i`` the player's missile or weapon ("your arrow",
    "Sigrid's bearded axe", "the bolt")? The player's own hands are judged by the hit words."""
    r = ctx.reading
    actor = subject_before(ctx, i)
    if actor.kind == "thing" and actor.phrase is not None and _blow_phrase(ctx, actor.phrase):
        return True
    if actor.kind in ("holder", "person"):
        return False
    # "Sigrid's bearded axe spun end over end and thunked into ...": the sentence's subject
    a, _ = r.sentence_tokens[r.tokens[i].sent]
    first = next((p for p in r.phrases if a <= p.start < i), None)
    return first is not None and not is_object(r, first, a) and _blow_phrase(ctx, first)


def _blow_phrase(ctx: CheckContext, p: Phrase) -> bool:
    r = ctx.reading
    head = r.tokens[p.head].base
    lem = V.lemma(head)
    g = ctx.grounding
    owner = None
    for k in range(p.start, p.head + 1):
        t = r.tokens[k]
        if t.low in V.POSSESSIVE_PRONOUNS or t.possessive:
            owner = ctx.refs[k] if ctx.refs else None
            break
    if owner is not None:
        return owner is g.player and (lem in _MISSILES or g.player.has(head))
    return lem in _MISSILES and p.det in ("the", "your", "")


def _finding(ctx: CheckContext, p: Phrase, missed: bool, message: str,
             end: int | None = None) -> Finding:
    sev, conf = (WARN, 0.55) if missed else (BLOCK, 0.8)
    return make_finding(ctx, "outcome_mismatch", sev, conf, p.start, end or p.end,
                        "decided: the step fails", message)


def _won_over(ctx: CheckContext, intent: Intent) -> list[Finding]:
    """A failed bribe or plea: the one asked pockets the coins all the same."""
    holder = _target_holder(ctx, intent)
    if holder is None:
        return []
    r = ctx.reading
    toks = r.tokens
    offered = set(_MONEY)
    for text in (intent.method, intent.method_text):
        offered |= {V.lemma(w) for w in (text or "").lower().split() if w.isalpha()}
    if intent.action_type in ("talk", "other"):
        # a failed plea: the one asked hands over what was asked for all the same, or what is
        # told rather than held ("hands you the guy's name, his address")
        for i, t in enumerate(toks):
            if t.kind != "word" or t.low not in _HANDS or not _event(r, i) or \
                    i + 1 >= len(toks) or toks[i + 1].low != "you":
                continue
            q = r.phrase_after(i + 2)
            if q is None or q.pronoun:
                continue
            asked = (intent.topic or "").lower()
            thing = toks[q.head].base
            actor = subject_before(ctx, i)
            told = V.lemma(thing) in V.TOLD_THINGS or thing in V.TOLD_THINGS
            if actor.kind == "holder" and actor.holder is holder and (told or (
                    V.lemma(thing) in {V.lemma(w) for w in re.findall(r"[a-z]+", asked)})):
                return [make_finding(ctx, "outcome_mismatch", BLOCK, 0.75, i, q.end,
                                     "decided: the step fails",
                                     f"The attempt failed; {holder.name} "
                                     f"'{r.span_text(i, q.end - 1)}' all the same.")]
        if intent.action_type == "talk":
            return []
    for i, t in enumerate(toks):
        if t.kind != "word" or not _event(r, i):
            continue
        if t.low in _CLOSES and i + 3 < len(toks) and toks[i + 1].low in (
                "his", "her", "their") and toks[i + 2].low in ("fingers", "hand", "fist", "palm") \
                and toks[i + 3].low in ("over", "around", "round", "on", "about"):
            # "he closes his fingers over them": the hand that takes the offer
            q = r.phrase_after(i + 4)
            if q is None or not (q.pronoun and toks[q.head].low in ("it", "them") or
                                 V.lemma(toks[q.head].base) in offered):
                continue
        elif t.low in _ACCEPT:
            q = r.phrase_after(i + 1, frozenset({"up", "away"}))
            if q is None or V.lemma(toks[q.head].base) not in offered:
                continue
        else:
            continue
        actor = subject_before(ctx, i)
        if actor.kind == "holder" and actor.holder is holder:
            return [make_finding(ctx, "outcome_mismatch", BLOCK, 0.75, i, q.end,
                                 "decided: the step fails",
                                 f"The attempt failed; {holder.name} "
                                 f"'{r.span_text(i, q.end - 1)}' all the same.")]
    return []
