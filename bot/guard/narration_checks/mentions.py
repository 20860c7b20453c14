"""Mentions that must be grounded in the scene: people, creatures and things.

Open-world: nothing here lists what may *not* appear. A proper name that acts, a person who
arrives, a creature that bursts in, a thing that is drawn, found or handed over must be in the
scene, whatever it is called; the vocabulary only tells a creature from a piece of furniture, and
colour (furniture a place of that kind has, light, weather, body parts, clothes) is never asked
for. A mention inside quotes, a story about the past, a simile or a negation is not an event.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.narration_checks.base import (
    CheckContext, has_owner, make_finding, owner_of, present_list, severity_for, subject_before,
)
from bot.guard.prose import Phrase, Reading, verb_after

_ENTRANCE = frozenset(
    "enter enters entered entering arrive arrives arrived arriving appear appears appeared "
    "appearing emerge emerges emerged emerging burst bursts bursting step steps stepped "
    "stride strides strode stroll strolls strolled walk walks walked stumble stumbles "
    "stumbled come comes came coming rush rushes rushed sweep sweeps swept slip slips "
    "slipped climb climbs climbed run runs ran hurry hurries hurried charge charges "
    "charged materialize materializes materialized barge barges barged".split())
_PRESENCE_BEFORE = frozenset({"by", "with", "beside", "behind", "near", "alongside", "flanked",
                              "joined", "accompanied", "followed", "escorted", "meet", "meets",
                              "greet", "greets", "see", "sees", "spot", "spots", "notice",
                              "notices"})
_NOT_PRESENCE_BEFORE = frozenset({"of", "about", "for", "like", "as", "than", "whether", "no",
                                  "without", "become", "becomes", "was", "were", "is", "are",
                                  "be", "being", "been", "a", "an"})
_DISTANT = re.compile(r"\b(?:somewhere|in the distance|far off|far away|far below|far above|"
                      r"outside|beyond the|overhead|from afar|distant|next door|down the "
                      r"street|across the (?:street|square|valley|water))\b")
_DECOR = frozenset("stuffed carved painted wooden stone iron bronze brass silver golden toy "
                   "clay ceramic porcelain embroidered stitched tattooed woven statue figurine "
                   "plush paper glass marble jade mounted roast roasted fried smoked salted "
                   "stewed grilled baked cured dried pickled".split())
_FOOD_AFTER = frozenset("stew pie meat steak leg legs roast soup broth jerky sausage sausages "
                        "pelt pelts hide hides skin skins fur bone bones skull skulls head "
                        "heads feather feathers tooth teeth horn horns tusk tusks trophy "
                        "blanket rug cloak leather".split())
_LENIENT_ITEMS = frozenset("bag sack pack backpack satchel pouch purse pocket belt bandage "
                           "bandages note letter paper papers card cards dice die coin "
                           "tools kit".split())
_OWN_VERBS = frozenset(
    "draw draws drew drawn drawing unsheathe unsheathes unsheathed unsling unslings unslung "
    "produce produces produced brandish brandishes brandished wield wields wielded "
    "whip whips whipped retrieve retrieves retrieved unholster unholsters unholstered "
    "unclip unclips unclipped unstrap unstraps unstrapped unbuckle unbuckles unbuckled "
    "unpack unpacks unpacked unwrap unwraps unwrapped".split())
_OWN_WITH_OUT = frozenset("pull pulls pulled take takes took fish fishes fished dig digs dug "
                          "slip slips slipped".split())
_HANDLE_VERBS = frozenset(
    "raise raises raised heft hefts hefted level levels leveled levelled swing swings swung "
    "aim aims aimed point points pointed fire fires fired throw throws threw hurl hurls "
    "hurled toss tosses tossed grab grabs grabbed seize seizes seized snatch snatches "
    "snatched lift lifts lifted clutch clutches clutched grip grips gripped twirl twirls "
    "twirled flourish flourishes flourished uncork uncorks uncorked unroll unrolls unrolled "
    "unfold unfolds unfolded read reads drink drinks drank quaff quaffs quaffed sip sips "
    "sipped light lights lit ignite ignites ignited blow blows blew play plays played use "
    "uses used activate activates activated click clicks clicked switch switches switched "
    "turn turns turned plug plugs plugged slide slides slid insert inserts inserted jab "
    "jabs jabbed thrust thrusts wave waves waved load loads loaded cock cocks cocked check "
    "checks checked consult consults consulted open opens opened shake shakes shook "
    "strap straps strapped don dons donned equip equips equipped ready readies readied "
    "spin spins spun unwrap unwraps unwrapped unscrew unscrews uncap uncaps pour pours "
    "poured empty empties emptied sprinkle sprinkles sprinkled".split())
_FIND_VERBS = frozenset(
    "find finds found discover discovers discovered uncover uncovers uncovered unearth "
    "unearths unearthed spot spots spotted spy spies spied glimpse glimpses glimpsed "
    "notice notices noticed".split())
_HAND_VERBS = frozenset(
    "hand hands handed give gives gave offer offers offered pass passes passed toss tosses "
    "tossed slide slides slid press presses pressed push pushes pushed set sets place "
    "places placed put puts bring brings brought fetch fetches fetched serve serves served "
    "pour pours poured deliver delivers delivered lend lends lent entrust entrusts "
    "entrusted bestow bestows bestowed present presents presented slap slaps slapped "
    "thrust thrusts throw throws threw flip flips flipped".split())
_SOFT_CREATURES = frozenset({"spirit", "shade", "haunt", "horror", "familiar", "brute", "beast",
                             "thing", "devil", "demon", "monster", "animal", "creature"})
_LIES = frozenset("lies lay rests rested sits sat hangs hung leans leaned waits gleams gleamed "
                  "glints glinted glitters glittered glows sparkles sparkled shines shone "
                  "dangles dangled".split())
_PARTICLES = frozenset({"out", "up", "down", "forth", "over", "off", "back", "away", "on", "in",
                        "open", "free", "loose"})
_TO_YOU = re.compile(r"^\s*(?:[a-z' -]{0,30}?\b)?(?:to you|toward you|towards you|into your "
                     r"(?:hand|hands|palm|palms|grip|arms)|in front of you|before you|your way|"
                     r"across to you|at your feet|on the (?:bar|counter|table) (?:for|before) "
                     r"you)\b")


def _event(r: Reading, i: int) -> bool:
    t = r.tokens[i]
    return not t.muted and not t.negated


@lru_cache(maxsize=8192)
def _word_kind(word: str | None) -> str:
    if not word:
        return "none"
    lem = V.lemma(word)
    if word in V.ITEMS or lem in V.ITEMS:
        return "item"
    for table in (V.BODY, V.CLOTHING, V.EXPRESSIONS, V.ABSTRACT, V.ATMOSPHERE):
        if word in table or lem in table:
            return "colour"
    if V.creature_group(word):
        return "creature"
    if V.is_person_noun(word):
        return "person"
    if word in V.FIXTURES or lem in V.FIXTURES or word in V.PLACES or lem in V.PLACES:
        return "fixture"
    for kind in V.KIND_FIXTURES.values():
        if word in kind or lem in kind:
            return "fixture"
    return "unknown"


# --- proper names -------------------------------------------------------------------------------

class ProperNameCheck:
    """A capitalised name that acts must be someone in the scene ("Death Knight Mara slams a
    mug", "the town wizard Malrik steps out"), wherever it stands in the sentence."""

    name = "proper_names"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        for p in r.phrases:
            if not p.name or not _event(r, p.head):
                continue
            toks = r.tokens[p.start:p.end]
            core = [t.base for t in toks if t.kind == "word" and t.base not in V.TITLES
                    and t.low not in V.NAME_CONNECTORS and t.base not in V.ARTICLES]
            if not core:
                continue
            if any(w in g.name_tokens or V.lemma(w) in g.name_tokens for w in core):
                continue
            if any(V.creature_group(w) for w in core):
                continue  # "Diamond Horses": the creature check judges it
            if all(w in V.PLACES or V.lemma(w) in V.PLACES or w in V.NOT_NAMES for w in core) \
                    and len(core) == 1:
                continue  # a place noun at the start of a sentence
            text = p.text(r)
            vi = verb_after(r, p)
            initial_single = len(core) == 1 and toks[0].initial and len(toks) == 1
            titled = any(t.base in V.TITLES for t in toks) and len(core) < len(
                [t for t in toks if t.kind == "word" and t.base not in V.ARTICLES])
            ordinary = all(V.common_word(w) for w in core) and not titled
            if vi is not None and not toks[-1].possessive:
                verb = r.tokens[vi].low
                if initial_single:
                    conf = 0.8 if verb in V.PERSON_VERBS else 0.5
                elif ordinary:
                    conf = 0.75 if verb in V.PERSON_VERBS else 0.5
                else:
                    conf = 0.95
                out.append(make_finding(
                    ctx, "absent_npc", severity_for(conf), conf, p.start, p.end,
                    present_list(g),
                    f"'{text}' is not in the scene; only the characters present may act "
                    f"({present_list(g)})."))
            elif self._introduced(r, p) and not ordinary:
                out.append(make_finding(
                    ctx, "absent_npc", "block", 0.85, p.start, p.end, present_list(g),
                    f"'{text}' is not in the scene ({present_list(g)})."))
            elif not toks[0].initial:
                out.append(make_finding(
                    ctx, "absent_npc", "info", 0.3, p.start, p.end, present_list(g),
                    f"'{text}' is named but the scene does not know it."))
        return out

    @staticmethod
    def _introduced(r: Reading, p: Phrase) -> bool:
        """A name right after a person noun ("the town wizard Malrik") or a presence word."""
        if p.start == 0:
            return False
        before = r.tokens[p.start - 1]
        if V.is_person_noun(before.base) or before.base in V.TITLES:
            return True
        if before.low == "," and p.start >= 2 and V.is_person_noun(r.tokens[p.start - 2].base):
            return True
        return before.low in ("by", "with", "beside", "flanked")


# --- people -------------------------------------------------------------------------------------

class PeopleCheck:
    """Someone the scene does not have who appears or acts: "a hooded stranger steps out", "the
    ship's surgeon hurries over", "two spearmen"; present NPCs by role, synonym or description
    are fine, and so is a crowd a busy place has."""

    name = "people"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        npcs = g.npcs
        for idx, p in enumerate(r.phrases):
            if p.pronoun and r.tokens[p.head].low in ("something",) and _event(r, p.head):
                vi = next((k for k in range(p.end, min(p.end + 6, len(r.tokens)))
                           if r.tokens[k].low in V.ANIMAL_VERBS
                           and r.tokens[k].clause == r.tokens[p.head].clause), None)
                if vi is not None:
                    out.append(make_finding(
                        ctx, "invented_creature", "warn", 0.55, p.start, vi + 1,
                        "creatures here: " + (", ".join(g.scene.creatures) or "none"),
                        f"'{r.span_text(p.start, vi)}' is an animal the scene does not have."))
                continue
            if p.pronoun and r.tokens[p.head].low in ("someone", "somebody") and \
                    _event(r, p.head):
                vi = verb_after(r, p)
                if vi is not None and r.tokens[vi].low in V.PERSON_VERBS:
                    out.append(make_finding(
                        ctx, "absent_npc", "warn", 0.5, p.start, vi + 1, present_list(g),
                        f"'{p.text(r)}' acts but is no one the scene has; {present_list(g)}."))
                continue
            if p.pronoun or p.name:
                continue
            head_i = p.of_head if (p.of_head is not None and V.lemma(r.tokens[p.head].base)
                                   in V.PARTITIVES) else p.head
            head = r.tokens[head_i]
            if not _event(r, head_i) or head.cap and not head.initial:
                continue
            word = head.base
            if not V.is_person_noun(word) or word in V.BODY:
                continue
            lem = V.lemma(word)
            if word in V.CROWD or lem in ("folk", "people"):
                continue
            if lem == "guard" and p.owner:
                continue  # "Marrow's guard": a stance
            nxt = r.phrases[idx + 1] if idx + 1 < len(r.phrases) else None
            if nxt is not None and nxt.name and nxt.start == p.end:
                continue  # "the town wizard | Malrik": the name check judges it
            if ctx.refs and ctx.refs[p.head] is not None:
                continue
            if self._apposition(r, p) or self._not_presence(r, p):
                continue
            holders = g.roles.get(lem) or g.roles.get(V.ROLE_GROUP.get(lem, "")) or []
            generic = lem in V.PERSON_GENERIC and lem not in V.PERSON_NEWCOMER
            indefinite = p.det in ("a", "an", "some", "one", "another", "several") or \
                (p.count is not None and p.det not in ("the",)) or p.new or \
                (not p.det and head.low != lem)
            vi = verb_after(r, p)
            acting = vi is not None or self._present(r, p)
            entering = vi is not None and r.tokens[vi].low in _ENTRANCE and not (
                vi + 1 < len(r.tokens) and r.tokens[vi + 1].low in ("out", "away", "off",
                                                                     "outside", "back"))
            text = p.text(r)
            conf = 0.0
            why = ""
            if p.new and (holders or generic):
                conf, why = 0.8, "one more than the scene has"
            elif p.count is not None and p.count > max(len(holders), 1) and p.count > 1:
                conf, why = 0.8, f"the scene has {len(holders) or 'no'} such"
            elif holders:
                if indefinite and entering:
                    conf, why = 0.7, "arrives, but that role is already filled by someone present"
            elif generic and not indefinite and npcs:
                continue  # "the man", "the dwarf": someone present
            elif acting:
                conf = 0.85 if (indefinite or not generic) else 0.7
                why = "is not in the scene"
            else:
                conf, why = 0.4, "is mentioned but not in the scene"
            if conf <= 0:
                continue
            if conf >= 0.7 and not acting:
                conf = 0.45
            if conf >= 0.7 and not p.new and not entering and self._crowd(g, lem) and \
                    not self._touches_player(r, p, vi):
                conf = 0.5  # a patron arguing over dice: colour a busy place has
            out.append(make_finding(
                ctx, "absent_npc", severity_for(conf), conf, p.start, p.end, present_list(g),
                f"'{text}' {why}; {present_list(g)}."))
        return out

    @staticmethod
    def _crowd(g: SceneGrounding, lem: str) -> bool:
        return any(lem in V.KIND_CROWD.get(k, frozenset()) for k in g.kinds)

    @staticmethod
    def _touches_player(r: Reading, p: Phrase, vi: int | None) -> bool:
        """Does the person do something to the player ("grabs your arm", "swings at you")?"""
        if vi is None:
            return False
        _, b = r.sentence_tokens[r.tokens[p.head].sent]
        clause = r.tokens[vi].clause
        return any(r.tokens[k].low in ("you", "your", "yourself") and r.tokens[k].clause == clause
                   for k in range(vi, b))

    @staticmethod
    def _apposition(r: Reading, p: Phrase) -> bool:
        """"Greta, a widow of twenty years, ...": a description of someone named before."""
        if p.start >= 2 and r.tokens[p.start - 1].low == ",":
            prev = r.phrase_containing(p.start - 2)
            if prev is not None and (prev.name or prev.pronoun):
                return True
        return False

    @staticmethod
    def _not_presence(r: Reading, p: Phrase) -> bool:
        if p.start == 0:
            return False
        before = r.tokens[p.start - 1].low
        if before in _NOT_PRESENCE_BEFORE and before not in ("a", "an"):
            return True
        if before in ("to",) and p.start >= 2 and r.tokens[p.start - 2].low in ("like", "seems",
                                                                                  "appears"):
            return True
        return False

    @staticmethod
    def _present(r: Reading, p: Phrase) -> bool:
        for k in range(max(0, p.start - 3), p.start):
            if r.tokens[k].low in _PRESENCE_BEFORE:
                return True
        lo = r.text[:r.tokens[p.start].start].lower().rstrip()
        return lo.endswith(("there is", "there are", "there stands", "there sits", "stands",
                            "sits", "waits"))


# --- creatures ----------------------------------------------------------------------------------

class CreatureCheck:
    """An animal or monster the scene's creatures do not include, appearing or acting (diamond
    horses, a kraken, a rat); the scene's own creatures in larger numbers than it has ("three
    brown mares" for two)."""

    name = "creatures"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        listed = ", ".join(g.scene.creatures) if g.scene.creatures else "none"
        any_creature = bool(g.scene.creatures) or bool(g.creature_words)
        for p in r.phrases:
            if p.pronoun:
                continue
            head_i = p.head
            partitive = V.lemma(r.tokens[p.head].base) in V.PARTITIVES
            if p.of_head is not None and partitive:
                head_i = p.of_head
            head = r.tokens[head_i]
            if not _event(r, head_i):
                continue
            word = head.base
            group = V.creature_group(word)
            text = p.text(r)
            if group is None:
                lem = V.lemma(word)
                if lem in V.CREATURE_PARTS and not any_creature and not p.owner:
                    vi = verb_after(r, p)
                    if vi is not None:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.5, p.start, p.end,
                            f"creatures here: {listed}",
                            f"'{text}' implies a creature the scene does not have "
                            f"(creatures here: {listed})."))
                    continue
                if _word_kind(word) == "unknown" and word not in g.all_words:
                    vi = verb_after(r, p)
                    if vi is not None and r.tokens[vi].low in V.ANIMAL_VERBS:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.55, p.start, p.end,
                            f"creatures here: {listed}",
                            f"'{text}' acts like an animal but the scene has no such creature "
                            f"(creatures here: {listed})."))
                continue
            if self._not_an_instance(r, p, head_i):
                continue
            lem = V.lemma(word)
            if lem in _SOFT_CREATURES and verb_after(r, p) is None and p.det not in (
                    "a", "an") and p.count is None:
                continue  # "reading the spirits", "in good spirits"
            holder = g.holder_named(word)
            grounded = (lem in g.creature_words or word in g.creature_words
                        or (group in g.creature_words and group != "creature")
                        or (lem in V.CREATURE_GENERIC and any_creature)
                        or (holder is not None and holder.kind != "player"))
            if grounded:
                have = g.creature_counts.get(lem) or g.creature_counts.get(group) or 0
                said = p.count
                if p.ordinal is not None and not said:
                    said = p.ordinal
                elif p.new and have <= 1 and not said:
                    said = have + 1
                if said is not None and have and said > have and have < 99:
                    out.append(make_finding(
                        ctx, "invented_creature", "block", 0.85, p.start, p.end,
                        f"creatures here: {listed}",
                        f"The scene has {listed}; '{text}' makes it {said}."))
                continue
            if self._distant(r, p):
                conf = 0.45
            elif V.lemma(word) in V.CREATURE_GROUP or V.lemma(word) in V.CREATURE_GENERIC:
                conf = 0.9
            else:
                conf = 0.7
            out.append(make_finding(
                ctx, "invented_creature", severity_for(conf), conf, p.start, p.end,
                f"creatures here: {listed}",
                f"'{text}' is not in the scene; creatures here: {listed}."))
        return out

    @staticmethod
    def _not_an_instance(r: Reading, p: Phrase, head_i: int) -> bool:
        words = [t.base for t in r.tokens[p.start:head_i]]
        if any(w in _DECOR for w in words):
            return True
        nxt = r.tokens[head_i + 1] if head_i + 1 < len(r.tokens) else None
        if nxt is not None and nxt.kind == "word" and nxt.low in _FOOD_AFTER:
            return True
        if r.tokens[head_i].possessive and nxt is not None and nxt.low in _FOOD_AFTER:
            return True
        before = r.tokens[p.start - 1].low if p.start > 0 else ""
        if before in ("of", "about", "like", "for", "than", "no", "without", "named", "called"):
            return True
        word = r.tokens[head_i].low
        if word in V.CREATURE_AMBIGUOUS and not p.det and p.count is None and \
                not word.endswith("s") and not r.tokens[p.start].initial:
            return True
        return False

    @staticmethod
    def _distant(r: Reading, p: Phrase) -> bool:
        a, b = r.sentences[r.tokens[p.head].sent]
        return bool(_DISTANT.search(r.text[a:b].lower()))


# --- things -------------------------------------------------------------------------------------

class ItemCheck:
    """A thing drawn, used, found or handed over must be held by whoever has it in the scene, lie
    in the location, or be something a place of that kind has: the guard's own sword and the
    bartender's rag are fine; a magic staff the warrior never had is not."""

    name = "items"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        out: list[Finding] = []
        seen: set[int] = set()
        toks = r.tokens
        n = len(toks)
        for i, t in enumerate(toks):
            if t.kind != "word" or not _event(r, i):
                continue
            low = t.low
            frame = None
            skip = _PARTICLES
            if low in _OWN_VERBS:
                frame = "own"
            elif low in _OWN_WITH_OUT and i + 1 < n and toks[i + 1].low in ("out", "forth"):
                frame = "own"
            elif low in _OWN_WITH_OUT and self._from_own(r, i):
                frame = "own"
            elif low in _FIND_VERBS:
                frame = "find"
            elif low in _HAND_VERBS and (i + 1 < n and toks[i + 1].low in ("you", "over")):
                frame = "hand"
                skip = _PARTICLES | {"you"}
            elif low in _HAND_VERBS and self._to_you_after(r, i):
                frame = "hand"
            elif low in _HANDLE_VERBS:
                frame = "handle"
            elif low in ("close", "closes", "closed", "tighten", "tightens", "tightened") and \
                    i + 1 < n and toks[i + 1].low in ("on", "around", "over", "about"):
                frame = "find"  # "your hand closes on a sealed scroll"
            if frame is None:
                continue
            p = r.phrase_after(i + 1, skip)
            if p is None or p.pronoun or p.name or p.start in seen:
                continue
            actor = subject_before(ctx, i)
            holder = actor.holder if actor.kind == "holder" else None
            if actor.kind == "person":
                continue  # someone absent: the people check reports them
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue  # "her shield", and we cannot tell whose
                holder = owner
            phrases = [p]
            if frame == "find":
                phrases += self._list_after(r, p)
            for q in phrases:
                seen.add(q.start)
                f = self._judge(ctx, q, frame, holder)
                if f is not None:
                    out.append(f)
        # existence: "there is a sword on the wall", "on the table lies a jeweled dagger",
        # "a silver key glints in the straw"
        for p in r.phrases:
            if p.start in seen or p.pronoun or p.name or not _event(r, p.head):
                continue
            before = toks[p.start - 1].low if p.start > 0 else ""
            before2 = toks[p.start - 2] if p.start > 1 else None
            indefinite = p.det in ("a", "an", "some") or p.count is not None
            exists = (before in _LIES and indefinite and before2 is not None
                      and before2.kind == "word" and (before2.low in V.PREPOSITIONS
                                                      or ctx.reading.phrase_containing(
                                                          p.start - 2) is not None)
                      and not (ctx.refs and ctx.refs[p.start - 2] is not None)) or (
                before in ("is", "are", "'s", "stands", "sits", "lies", "hangs")
                and before2 is not None and before2.low == "there") or before == "there's"
            if not exists:
                vi = verb_after(r, p, limit=4)
                exists = vi is not None and toks[vi].low in _LIES
            if not exists:
                continue
            seen.add(p.start)
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue
                f = self._judge(ctx, p, "possession", owner)
            else:
                f = self._judge(ctx, p, "find", None)
            if f is not None:
                out.append(f)
        # one more than someone has: "and then a second hand crossbow from his belt"
        for p in r.phrases:
            if p.start in seen or not p.new or p.pronoun or p.name or not _event(r, p.head):
                continue
            if _word_kind(r.tokens[p.head].base) != "item":
                continue
            actor = subject_before(ctx, p.start)
            if actor.kind == "holder":
                seen.add(p.start)
                f = self._judge(ctx, p, "handle", actor.holder)
                if f is not None:
                    out.append(f)
        # instruments and possessions: "with a warhammer", "your crossbow"
        for p in r.phrases:
            if p.start in seen or p.pronoun or p.name or not _event(r, p.head):
                continue
            if has_owner(r, p):
                holder = owner_of(ctx, p)
                if holder is not None:
                    f = self._judge(ctx, p, "possession", holder)
                    if f is not None:
                        out.append(f)
                        seen.add(p.start)
                continue
            if p.start > 0 and toks[p.start - 1].low == "with":
                actor = subject_before(ctx, p.start - 1)
                if actor.kind == "holder":
                    f = self._judge(ctx, p, "instrument", actor.holder)
                    if f is not None:
                        out.append(f)
                        seen.add(p.start)
        return out

    @staticmethod
    def _from_own(r: Reading, i: int) -> bool:
        """"pull a vial from your sash": taking something out of one's own gear."""
        toks = r.tokens
        for k in range(i + 1, min(i + 10, len(toks))):
            if toks[k].low == "from" and k + 1 < len(toks) and toks[k + 1].low in (
                    "your", "his", "her", "their", "its", "under", "beneath", "behind", "inside"):
                return True
            if toks[k].kind == "punct":
                break
        return False

    @staticmethod
    def _to_you_after(r: Reading, i: int) -> bool:
        t = r.tokens[i]
        rest = r.text[t.end:t.end + 90].lower()
        cut = re.split(r"[.;!?]", rest, maxsplit=1)[0]
        return bool(_TO_YOU.search(cut))

    @staticmethod
    def _list_after(r: Reading, p: Phrase) -> list[Phrase]:
        out = []
        k = p.end
        while k < len(r.tokens) and len(out) < 4:
            t = r.tokens[k]
            if t.low in (",", "and", "or"):
                q = r.phrase_at.get(k + 1)
                if q is None and k + 2 < len(r.tokens) and r.tokens[k + 1].low == "and":
                    q = r.phrase_at.get(k + 2)
                if q is None or q.pronoun or q.name:
                    break
                out.append(q)
                k = q.end
                continue
            break
        return out

    def _judge(self, ctx: CheckContext, p: Phrase, frame: str, holder: Holder | None
               ) -> Finding | None:
        r = ctx.reading
        g = ctx.grounding
        head = r.tokens[p.head].base
        comp = r.tokens[p.of_head].base if p.of_head is not None else None
        lem = V.lemma(head)
        if lem in V.PARTITIVES and comp is not None:
            head, comp, lem = comp, None, V.lemma(comp)
        kind = _word_kind(head)
        comp_kind = _word_kind(comp)
        if kind in ("colour", "creature", "person") and comp_kind != "item":
            return None
        if kind == "fixture" and frame in ("possession", "instrument", "handle", "hand", "find"):
            if comp_kind != "item":
                return self._fancy_fixture(ctx, p, frame)
        words = [w for w in (head, comp) if w]
        text = p.text(r)

        def grounded_for(h: Holder | None) -> bool:
            return h is not None and any(h.has(w) for w in words)

        in_place = any(g.in_location(w) or g.furnishes(w)
                       or (g.fixture(w) and _word_kind(w) != "item") for w in words)
        others = [h for w in words for h in g.who_holds(w) if h is not holder]
        mine = grounded_for(holder)
        phrase_owner = self._phrase_owner(ctx, p)
        if phrase_owner is not None and phrase_owner is not holder and not (
                holder is not None and self._phrase_owner(ctx, p, holder) is holder):
            others = [phrase_owner]
            mine = False
            in_place = False
        salient_kind = "item" if (kind == "item" or comp_kind == "item") else kind
        if mine:
            if p.new and holder is not None:
                have = max(holder.counts.get(V.lemma(w), 0) or holder.counts.get(
                    V.ITEM_FAMILY.get(V.lemma(w), ""), 0) for w in words)
                if have <= 1:
                    return make_finding(
                        ctx, "invented_item", "block", 0.8, p.start, p.end,
                        self._holds(holder),
                        f"{holder.label.capitalize()} has one; '{text}' invents another.")
            return self._modifier_mismatch(ctx, p, holder, text)
        owner = holder.label if holder is not None else "no one"
        if frame in ("own", "possession", "instrument"):
            if frame != "own" and in_place:
                return None
            if frame == "own" and in_place and holder is not None and holder.kind != "player":
                return None
        elif frame in ("handle", "hand", "find"):
            if in_place:
                mods = [r.tokens[k].base for k in range(p.start, p.head)
                        if r.tokens[k].base in V.SALIENT_MODIFIERS]
                if mods and not any(g.in_location(w) for w in words) and not any(
                        m in g.said_words for m in mods):
                    return make_finding(
                        ctx, "invented_item", "warn", 0.55, p.start, p.end, "",
                        f"'{text}' is finer than anything the scene has here.")
                return None
        if salient_kind == "item":
            if head in _LENIENT_ITEMS and not comp:
                conf = 0.45
            elif others:
                conf = 0.75
            else:
                conf = 0.9 if frame in ("own", "hand", "find") else 0.8
            evidence = self._holds(holder) if holder is not None else "the location has: " + (
                ", ".join(g.scene.items) or "nothing listed")
            if others:
                who = others[0].label
                msg = (f"'{text}' belongs to {who}, not {owner}; {self._holds(holder)}."
                       if holder is not None else f"'{text}' belongs to {who}.")
            elif holder is not None:
                msg = f"{holder.label.capitalize()} has no {head}; {self._holds(holder)}."
                if frame == "find":
                    msg = f"There is no {head} here; {evidence}."
            else:
                msg = f"There is no {head} in the scene; {evidence}."
            return make_finding(ctx, "invented_item", severity_for(conf), conf, p.start, p.end,
                                evidence, msg)
        if salient_kind == "unknown" and frame in ("own", "hand", "find"):
            if head in g.all_words or V.lemma(head) in g.all_words:
                return None
            conf = 0.5
            return make_finding(
                ctx, "invented_item", "warn", conf, p.start, p.end,
                self._holds(holder) if holder is not None else "",
                f"'{text}' is not in the scene.")
        return None

    def prepare(self, g: SceneGrounding) -> None:
        self._multiword_items(g)

    @staticmethod
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

    def _phrase_owner(self, ctx: CheckContext, p: Phrase, only: Holder | None = None
                      ) -> Holder | None:
        """Who holds an item whose full (multiword) name this phrase uses: "a vial of holy
        water" when Sister Wenna has the holy water."""
        names = self._multiword_items(ctx.grounding)
        if not names:
            return None
        words = " ".join(V.lemma(w) for w in p.words(ctx.reading))
        for h, name in names:
            if (only is None or h is only) and name in words:
                return h
        return None

    @staticmethod
    def _fancy_fixture(ctx: CheckContext, p: Phrase, frame: str) -> Finding | None:
        """A tavern has candlesticks, not silver ones: furniture dressed up as treasure."""
        if frame not in ("handle", "hand", "find"):
            return None
        r = ctx.reading
        g = ctx.grounding
        mods = [r.tokens[k].base for k in range(p.start, p.head)
                if r.tokens[k].base in V.SALIENT_MODIFIERS]
        if not mods or any(m in g.said_words for m in mods) or g.in_location(
                r.tokens[p.head].base):
            return None
        return make_finding(ctx, "invented_item", "warn", 0.55, p.start, p.end, "",
                            f"'{p.text(r)}' is finer than anything the scene has here.")

    @staticmethod
    def _holds(holder: Holder | None) -> str:
        if holder is None:
            return ""
        items = ", ".join(holder.items) if holder.items else "nothing"
        who = "you have" if holder.kind == "player" else f"{holder.name} has"
        return f"{who}: {items}"

    def _modifier_mismatch(self, ctx: CheckContext, p: Phrase, holder: Holder | None,
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
            ctx, "invented_item", "warn", 0.55, p.start, p.end, self._holds(holder),
            f"'{text}' adds '{' '.join(mods)}' to what {holder.label} has "
            f"({', '.join(holder.items)}).")
