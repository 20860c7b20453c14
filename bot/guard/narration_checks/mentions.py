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
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.compounds import COMPOUND_ARTEFACTS
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.narration_checks.base import (
    CheckContext, finding_at, has_owner, is_object, make_finding, owner_of, present_list,
    severity_for, subject_before,
)
from bot.guard.prose import Phrase, Reading, Token, person_only_follows, phrase_from, verb_after

_ENTRANCE = frozenset(
    "enter enters entered entering arrive arrives arrived arriving appear appears appeared "
    "appearing emerge emerges emerged emerging burst bursts bursting step steps stepped "
    "stride strides strode stroll strolls strolled walk walks walked stumble stumbles "
    "stumbled come comes came coming rush rushes rushed sweep sweeps swept slip slips "
    "slipped climb climbs climbed run runs ran hurry hurries hurried charge charges "
    "charged materialize materializes materialized barge barges barged".split())
_COMING = frozenset("push pushes pushed shoulder shoulders shouldered limp limps limped lurch "
                    "lurches lurched saunter saunters sauntered swagger swaggers swaggered "
                    "wander wanders wandered drift drifts drifted shuffle shuffles shuffled "
                    "march marches marched ride rides rode sneak sneaks sneaked snuck creep "
                    "creeps crept squeeze squeezes squeezed duck ducks ducked".split())
_PRESENCE_BEFORE = frozenset({"by", "with", "beside", "behind", "near", "alongside", "flanked",
                              "joined", "accompanied", "followed", "escorted", "meet", "meets",
                              "greet", "greets", "see", "sees", "spot", "spots", "notice",
                              "notices"})
_NOT_PRESENCE_BEFORE = frozenset({"of", "about", "for", "like", "as", "than", "whether", "no",
                                  "without", "become", "becomes", "was", "were", "is", "are",
                                  "be", "being", "been", "a", "an"})
_DISTANT = re.compile(r"\b(?:somewhere|in the distance|far off|far away|far below|far above|"
                      r"outside|past the windows?|beyond the windows?|beyond the|overhead|from afar|distant|next door|down the "
                      r"street|across the (?:street|square|valley|water))\b")
_APPROACH = re.compile(r"\b(?:closer|nearer|toward you|towards you|at you|straight for|"
                      r"wraps? (?:itself|themselves) around|coils? around|seizes?|grabs?|"
                      r"lunges?|charges?|bears? down)\b")
_DECOR = frozenset("dead lifeless long-dead "
                   "stuffed carved painted wooden stone iron bronze brass silver golden toy "
                   "clay ceramic porcelain embroidered stitched tattooed woven statue figurine "
                   "plush paper glass marble jade mounted roast roasted fried smoked salted "
                   "stewed grilled baked cured dried pickled".split())
_FOOD_AFTER = frozenset("stew pie meat steak leg legs roast soup broth jerky sausage sausages "
                        "pelt pelts hide hides skin skins fur bone bones skull skulls head "
                        "heads feather feathers tooth teeth horn horns tusk tusks trophy "
                        "blanket rug cloak leather".split())
_TO_YOU_ANYWHERE = re.compile(
    r"\b(?:to you|toward you|towards you|into your (?:waiting )?(?:hand|hands|palm|palms|grip|"
    r"arms|fingers|lap)|in(?:to)? your (?:open )?(?:hand|palm)|across to you|over to you|"
    r"at your feet|on the (?:bar|counter|table) (?:for|before) you|for you to (?:take|keep)|"
    r"(?:on|onto|across) the (?:\w+ )?\w+ (?:for|before|in front of) you)\b")
_CUTS = frozenset("chunk slice piece bit strip fillet sliver shred hunk lump scrap morsel bite "
                  "leg side haunch rack joint flank shank cutlet steak rasher wing thigh breast "
                  "bowl plate platter pot pan dish skewer spit".split())
_MEASURES = frozenset("helping serving portion dram swig sip tot measure ration slug nip "
                      "draught draft gulp mouthful".split())
_GIVE_WORDS = frozenset("give gives gave offer offers offered bring brings brought serve serves "
                        "served".split())  # "gives you a thumbs-up": not always a thing
_STORAGE = frozenset("pack backpack bag sack satchel pouch purse pocket belt cloak coat sleeve boot "
                     "sash apron vest jacket robe chest trunk box case kit haversack knapsack "
                     "bandolier quiver scrip wallet".split())
_DRAW = frozenset({"draw", "draws", "drew", "drawn", "drawing"})
_STRONG_HANDLE = frozenset(
    "uncork uncorks uncorked unroll unrolls unrolled unfold unfolds unfolded unscrew unscrews "
    "unscrewed unwrap unwraps unwrapped unsheathe unsheathes unsheathed uncap uncaps uncapped "
    "unstopper unstoppers unstoppered unbuckle unbuckles unbuckled unclasp unclasps unclasped "
    "unclip unclips unclipped unstrap unstraps unstrapped unholster unholsters unholstered "
    "unsling unslings unslung nock nocks nocked unlatch unlatches unlatched flip flips "
    "flipped unfurl unfurls unfurled unspool unspools unspooled uncoil uncoils "
    "uncoiled".split())
_KEEP_VERBS = frozenset(
    "pocket pockets pocketed tuck tucks tucked stash stashes stashed pick picks picked take "
    "takes took grab grabs grabbed keep keeps kept slip slips slipped stow stows stowed".split())
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
    "thrust thrusts throw throws threw flip flips flipped slip slips slipped lays laid "
    "count counts counted".split())
def _moves(r: Reading, p: Phrase) -> bool:
    """Does the phrase's thing do something ("slaps down"), rather than hang or lie there?"""
    vi = verb_after(r, p, limit=3)
    if vi is None:
        return False
    low = r.tokens[vi].low
    return low not in _LIES and low not in V.AUXILIARIES and low not in ("dangles", "dangling",
                                                                         "hanging", "lying")


_PAST_FORMS = frozenset("drank ate ran slept lay came went passed stood sat fought fell crossed "
                        "bedded swam flew crept stole killed left made dug took hid".split())
_OPENING_VERBS = frozenset("open opens opened unlock unlocks unlocked pry pries pried prise "
                           "prises prised unbar unbars unbarred lift lifts lifted".split())
_CONTAINERS = frozenset("crate chest box drawer trunk cupboard cabinet locker strongbox coffer "
                        "safe case barrel sack coffin sarcophagus footlocker hamper bin "
                        "wardrobe".split())
_WINDING = frozenset("across along through around over under up down toward towards into "
                     "between past away off".split())
_BEAST_SKIN = frozenset("scaled scaly furred furry feathered clawed finned tentacled winged "
                        "hairy many-legged chitinous".split())


# Parts that move only on a living beast: a "kraken tentacle" that slaps is a kraken's.
_LIVE_PARTS = frozenset("tentacle tentacles claw claws talon talons maw jaws pincer pincers "
                        "snout tail tails fin fins".split())
_SOFT_CREATURES = frozenset({"spirit", "shade", "haunt", "horror", "familiar", "brute", "beast",
                             "thing", "devil", "demon", "monster", "animal", "creature"})
_CHANGE_CUES = frozenset("into becomes become became where place shifts shifted changes changed "
                         "transforms transformed swells swelled morphs morphed turns turned "
                         "form shape until are".split())
_ORDINAL_COUNT = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
_LIES = frozenset("lies lay rests rested sits sat hangs hung leans leaned waits gleams gleamed "
                  "glints glinted glitters glittered glows sparkles sparkled shines shone "
                  "dangles dangled".split())
_PARTICLES = frozenset({"out", "up", "down", "forth", "over", "off", "back", "away", "on", "in",
                        "open", "free", "loose"})
_TO_YOU = re.compile(r"^\s*(?:[a-z' -]{0,30}?\b)?(?:to you|toward you|towards you|into your "
                     r"(?:hand|hands|palm|palms|grip|arms)|in front of you|before you|your way|"
                     r"across to you|at your feet|on the (?:bar|counter|table) (?:for|before) "
                     r"you)\b")


@lru_cache(maxsize=4096)
def _frame_form(low: str) -> str | None:
    """The word as the frame tables list it, whatever its inflection: "pressing" -> "press",
    "handing" -> "hand"."""
    if low in _FRAME_WORDS:
        return low
    if not low.endswith(("ing", "s", "ed")):
        return None
    base = W.verb_base(low)
    return base if base is not None and base in _FRAME_WORDS else None


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


def _inverted_entrance(r: Reading, p: Phrase) -> bool:
    """Locative inversion: a sentence that opens with where ("In", "Out of the fog", "From the
    back room") and puts the verb of coming before its subject: "in walks Captain Morrow", "out
    of the fog steps a hooded figure"."""
    if p.start == 0:
        return False
    v = r.tokens[p.start - 1]
    if v.kind != "word" or not (v.low in _ENTRANCE or v.low in _COMING or v.low in (
            "stands", "stood", "sits", "sat", "waits", "looms", "loomed", "appears")):
        return False
    a, _ = r.sentence_tokens[v.sent]
    first = r.tokens[a]
    return first.low in V.PREPOSITIONS or first.low in _PARTICLES or first.low in (
        "inside", "outside", "here", "there", "behind", "beside")


def _wordnet_person(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
    """A noun whose commonest sense is a person ("a guy", "a busker"), introduced by an
    indefinite determiner and doing something here (not "a siren wails somewhere far below",
    nor the feather-workers the place's description has): the hand-made tables do not know every
    word for someone."""
    r = ctx.reading
    word = r.tokens[head_i].base
    if not (W.is_person(word) or V.lemma(word) in V.PERSON_GROUPS) or len(word) < 3 or \
            word in V.BODY:
        return False
    if p.of_head is not None and head_i == p.head or head_i > p.start and \
            f"{r.tokens[head_i - 1].base} {word}" in COMPOUND_ARTEFACTS:
        return False  # "a band of light", "a rubber band"
    g = ctx.grounding
    if word in g.said_words or V.lemma(word) in g.said_words or \
            CreatureCheck._distant(r, p):
        return False
    if not (p.det in ("a", "an", "another", "some", "two", "three", "several") or p.new):
        return False
    vi = verb_after(r, p)
    if vi is None:
        return False
    if any(c in "TGOVS" for c in W.noun_codes(word)[:3]):
        # "a speaker crackles", "a tumbler sits by your elbow": a thing's sense too, so only a
        # doing no sounding, shining or standing thing does makes it someone ("a guy elbows")
        v = r.tokens[vi].low
        base = W.verb_base(v) or v
        if v in _LIES or W.verb_codes(base)[:1] in ("p", "w", "z", "") or v in V.AUXILIARIES:
            return False
    return True


_PERFORMING = re.compile(r"\b(?:recite|recites|sing|sings|tell|tells|perform|performs|chant|"
                         r"chants|play|plays|read|reads|narrate|declaim|quote)\b")
_HAND_WORDS = frozenset("hand hands palm palms fingers fist grip grasp".split())
_NOUN_BEFORE = V.ARTICLES | frozenset({"every", "each", "his", "their", "its", "your", "my",
                                       "our"})


def _event(r: Reading, i: int) -> bool:
    t = r.tokens[i]
    return not t.muted and not t.negated


def _conjured_by(holder: Holder, lem: str) -> bool:
    """Is this thing what one of the holder's powers makes ("shield spell", "flame blade",
    "spiritual weapon", "mage armor")? The power's own words name it."""
    for ability in holder.abilities:
        words = [V.lemma(w) for w in re.findall(r"[a-z]+", ability.lower())]
        if lem in words and len(words) > 1:
            return True
    return False


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

# After "is": a place word puts the subject somewhere in this scene unless a proper name follows
_PLACING = frozenset("in at on by beside behind near under inside outside against across over "
                     "beneath below above among between upstairs downstairs within".split())
# After "is": a state only someone present is in ("is asleep by the hearth", "is drunk")
_STATES_HERE = frozenset("asleep awake drunk busy ready alone silent quiet unconscious sprawled "
                         "slumped seated sat kneeling hiding waiting watching down".split())
_STILL = frozenset("already still now just again also yet".split())


def _count_of_creature_before(g: SceneGrounding, toks: list[Token], start: int, stop: int,
                              skip_muted: bool) -> int | None:
    """How many of the nearest creature named from ``start`` back to ``stop`` the scene has
    (0 when none), or None when no creature is named there."""
    for k in range(start, stop - 1, -1):
        if toks[k].kind != "word" or (skip_muted and toks[k].muted):
            continue
        group = V.creature_group(toks[k].base)
        if group is None:
            continue
        return g.creature_counts.get(V.lemma(toks[k].base)) or g.creature_counts.get(group) or 0
    return None


class ProperNameCheck:
    """A capitalised name that acts, arrives or is met must be someone in the scene ("Death
    Knight Mara slams a mug", "the town wizard Malrik steps out", "you turn to find Mirela the
    Grey beside you"), wherever it stands in the sentence; so must a stranger who introduces
    himself in his own speech ("'I am Thane Durgrim'"). An English word heading a sentence
    ("Chitin cracks") is a word, not a name, unless it does what only people do."""

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
                # "the Prince Regent himself sweeps in": a title alone names whoever holds it;
                # when no one present does, the title's bearer is someone absent
                f = self._absent_title(ctx, p)
                if f is not None:
                    out.append(f)
                continue
            titled = any(t.base in V.TITLES for t in toks) and len(core) < len(
                [t for t in toks if t.kind == "word" and t.base not in V.ARTICLES]) or (
                p.start > 1 and r.tokens[p.start - 1].low == "." and
                r.tokens[p.start - 2].low in ("mr", "mrs", "ms", "dr", "st", "capt", "sgt",
                                              "lt", "prof", "rev"))  # "Mrs. Castellano"
            if any((w in g.name_tokens or V.lemma(w) in g.name_tokens)
                   and not (titled and w in g.place_words and w not in g.by_token)
                   for w in core) or (titled and _said_whole(g, toks)):
                f = self._kin(ctx, p, core)
                if f is not None:
                    out.append(f)
                continue  # someone present (not "the Lord of Mirefen" for Mirefen Landing)
            lead = []
            for t in toks:
                if t.low == "of":
                    break  # "Captain Mereth of the Grey Gull": the ship is no creature
                if t.kind == "word" and t.base not in V.TITLES and t.base not in V.ARTICLES:
                    lead.append(t.base)
            if any(V.creature_group(w) for w in lead or core):
                continue  # "Diamond Horses": the creature check judges it
            if all(w in _item_name_words(g) or w in V.POSSESSIVE_PRONOUNS for w in core):
                continue  # "The Winchester kicks", "his Bible": a thing of the scene by its make
            if all(w in V.PLACES or V.lemma(w) in V.PLACES or w in V.NOT_NAMES for w in core) \
                    and len(core) == 1:
                continue  # a place noun at the start of a sentence
            if _place_name(core, toks) and not any(t.base in V.PERSON_TITLES for t in toks):
                continue  # "Port Aldane", "the Frostfang Peaks": the location check judges it
            text = p.text(r)
            if _authored(r, p):
                continue  # "a tune by Mr. Handel": the maker of a work
            vi = verb_after(r, p)
            if vi is not None and r.tokens[vi].low in V.AUXILIARIES and \
                    not self._presence_after(r, vi):
                vi = None  # "Lady Luck is not with you": said of the name, no one acting
            initial_single = len(core) == 1 and toks[0].initial and len(toks) == 1
            plain = all(V.ordinary_word(w) for w in core)  # "ACCESS DENIED", "Stone Father"
            ordinary = plain and not titled
            possessive = toks[-1].possessive
            if len(toks) > 1 and all(t.text.isupper() for t in toks if t.kind == "word"):
                continue  # "ACCESS DENIED" on a screen
            several = len(core) >= 2 or titled
            conf = 0.0
            if vi is not None and not possessive:
                verb = r.tokens[vi].low
                if initial_single and ordinary:
                    conf = 0.75 if verb in V.PERSON_ONLY_VERBS or person_only_follows(
                        r.tokens, p.start) else 0.3
                elif initial_single:
                    conf = 0.8 if verb in V.PERSON_VERBS else 0.7
                elif ordinary:
                    conf = 0.75 if verb in V.PERSON_VERBS else 0.5
                else:
                    conf = 0.95
            if conf < 0.7 and not possessive and not (ordinary and initial_single):
                if self._introduced(r, p):
                    conf = 0.85
                elif _met(r, p) or _inverted_entrance(r, p):
                    conf = 0.85  # "turn to find Zarek beside you", "in walks Captain Morrow"
                elif several and not plain and not self._mentioned_only(r, p):
                    conf = 0.75  # "Councilman Ray Dunning", "Orrin the Unbowed" in the scene
            if conf == 0 and possessive and several and self._then_acts(ctx, p):
                conf = 0.75  # "Captain Reyes's voice crackles ..., then she steps through"
            if conf > 0:
                out.append(make_finding(
                    ctx, "absent_npc", severity_for(conf), conf, p.start, p.end,
                    present_list(g),
                    f"'{text}' is not in the scene; only the characters present may act "
                    f"({present_list(g)})."))
            elif not toks[0].initial:
                out.append(make_finding(
                    ctx, "absent_npc", "info", 0.3, p.start, p.end, present_list(g),
                    f"'{text}' is named but the scene does not know it."))
        out += self._introductions(ctx)
        out += self._owners_who_come(ctx)
        return out

    def _owners_who_come(self, ctx: CheckContext) -> list[Finding]:
        """"Captain Reyes's voice crackles over the intercom, then she steps through the
        hatch": an absent owner named inside a phrase, who then comes in as "she"."""
        r = ctx.reading
        g = ctx.grounding
        out = []
        for p in r.phrases:
            if p.name or not p.owner or p.owner in V.POSSESSIVE_PRONOUNS or \
                    not _event(r, p.head):
                continue
            owner_toks = []
            for k in range(p.start, p.head):
                t = r.tokens[k]
                if t.kind == "word" and t.cap and t.base not in V.ARTICLES:
                    owner_toks.append(t)
                if t.possessive:
                    break
            core = [t.base for t in owner_toks if t.base not in V.TITLES]
            if not core or any(w in g.name_tokens or V.lemma(w) in g.name_tokens for w in core):
                continue
            if len(owner_toks) < 2 and owner_toks and owner_toks[0].initial:
                continue
            if self._then_acts(ctx, p):
                a = r.tokens.index(owner_toks[0])
                b = r.tokens.index(owner_toks[-1]) + 1
                out.append(make_finding(ctx, "absent_npc", "block", 0.75, a, b, present_list(g),
                                        f"'{r.span_text(a, b - 1)}' is not in the scene; "
                                        f"{present_list(g)}."))
        return out

    @staticmethod
    def _acts(r: Reading, p: Phrase) -> int | None:
        """The verb a name is the subject of, when it does something here (not "is gone")."""
        if r.tokens[p.end - 1].possessive:
            return None
        k = _before_title(r, p.start)
        if k >= 0 and r.tokens[k].low in ("of", "about", "for", "like", "named", "called",
                                          "than", "unlike", "without", "against", "whether",
                                          "to", "from", "with") or _authored(r, p):
            return None
        vi = verb_after(r, p)
        if vi is None or r.tokens[vi].negated or r.tokens[vi].low.endswith("n't") or _gone(r, vi):
            return None
        if r.tokens[vi].low in V.AUXILIARIES:
            # "has arrived", "is here" are presence; "was a fool", "is in Bath" are not
            nxt = r.tokens[vi + 1] if vi + 1 < len(r.tokens) else None
            if nxt is None or nxt.kind != "word" or not (
                    nxt.low in ("here", "there", "coming", "come", "arrived", "entered",
                                "appeared", "returned", "back") or
                    nxt.low in _ENTRANCE or nxt.low in _COMING):
                return None
        return vi

    @staticmethod
    def _presence_after(r: Reading, vi: int) -> bool:
        """After "is", "has": being here or doing ("is here", "is standing", "has come")."""
        while vi + 1 < len(r.tokens) and r.tokens[vi + 1].low in _STILL:
            vi += 1  # "is already down", "is still asleep"
        nxt = r.tokens[vi + 1] if vi + 1 < len(r.tokens) else None
        if nxt is None or nxt.kind != "word":
            return False
        low = nxt.low
        if low in ("not", "never", "no", "n't", "a", "an", "the", "like", "said", "known",
                   "called", "named", "dead", "gone", "long", "away", "rumoured", "rumored",
                   "supposed", "believed", "famous", "said"):
            return False
        if low in _PLACING:
            # "is by the hearth", "is in no state to answer": here; "is in Bath": elsewhere
            after = r.tokens[vi + 2] if vi + 2 < len(r.tokens) else None
            return not (after is not None and after.cap and not after.initial)
        return low in ("here", "there", "back", "come", "coming", "arrived", "returned") or \
            low.endswith(("ing", "ed")) or low in _ENTRANCE or low in _COMING or \
            low in V.VERBS or low in _STATES_HERE

    @staticmethod
    def _then_acts(ctx: CheckContext, p: Phrase) -> bool:
        """Does a "he" or "she" after this (absent) name, with no one present named between,
        come in or act here ("Reyes's voice crackles over the intercom, then she steps
        through the hatch")?"""
        r = ctx.reading
        toks = r.tokens
        sent = toks[p.head].sent
        _, b = r.sentence_tokens[min(len(r.sentence_tokens) - 1, sent + 1)]
        for k in range(p.end, b):
            t = toks[k]
            if ctx.refs and ctx.refs[k] is not None and t.low not in ("he", "she", "him", "her",
                                                                     "his"):
                return False  # someone present is named first
            if t.low not in ("he", "she") or t.muted or t.negated:
                continue
            nxt = toks[k + 1] if k + 1 < b else None
            if nxt is None or nxt.kind != "word" or nxt.muted or nxt.negated:
                return False
            if nxt.low in _ENTRANCE or nxt.low in _COMING or nxt.low in V.PERSON_VERBS:
                return not _gone(r, k + 1)
            return False
        return False

    def _absent_title(self, ctx: CheckContext, p: Phrase) -> Finding | None:
        """A name made of titles only ("the Prince Regent", "the Archbishop") that acts while
        no one present holds the title."""
        r = ctx.reading
        if ctx.refs and ctx.refs[p.head] is not None:
            return None
        words = [t.base for t in r.tokens[p.start:p.end] if t.kind == "word"
                 and t.base not in V.ARTICLES]
        g = ctx.grounding
        if not words or any(w in g.name_tokens or g.roles.get(V.lemma(w)) for w in words):
            return None
        if not any(w in V.PERSON_TITLES for w in words) or len(words) < 2 and \
                r.tokens[p.start].initial and r.tokens[p.start].low not in V.ARTICLES:
            return None  # "Mother" at the start of a sentence may be a cry
        vi = self._acts(r, p)
        if vi is None:
            return None
        return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end, present_list(g),
                            f"'{p.text(r)}' is no one present; {present_list(g)}.")

    def _kin(self, ctx: CheckContext, p: Phrase, core: list[str]) -> Finding | None:
        """"Mr. Patel" when only Mrs. Patel is here, "Lady Netherby" for Lord Netherby: a
        present name under a title of the other sex is someone else of the family."""
        r = ctx.reading
        k = _before_title(r, p.start)
        titles = [t.base for t in r.tokens[p.start:p.end] if t.base in V.TITLES]
        if p.start >= 2 and r.tokens[p.start - 1].low == "." and \
                r.tokens[p.start - 2].base in _TITLE_SEX:
            titles.append(r.tokens[p.start - 2].base)  # "Mr. Patel
        sex = {_TITLE_SEX.get(t) for t in titles} - {None}
        g = ctx.grounding
        if len(core) >= 2 and not sex:
            # "Jimmy Patel" when only Mrs. Patel is here: another given name, another person
            named = [h for w in core[1:] for h in _named_by(g, w)]
            lead = r.tokens[p.start]
            if lead.initial and V.ordinary_word(core[0]):
                return None  # "Poor Derek groans": a word, not a given name
            if named and core[0] not in _TITLE_SEX and not _named_by(g, core[0], True) and \
                    self._acts(r, p) is not None:
                return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end,
                                    present_list(g), f"'{p.text(r)}' is not {named[0].name}; "
                                    f"{present_list(g)}.")
            return None
        if len(sex) != 1:
            return None
        mine = next(iter(sex))
        found = {id(h): h for w in core for h in _named_by(g, w)}
        bearers = sorted(found.values(), key=lambda h: h.kind == "player")
        if not bearers:
            return None
        for h in bearers:
            theirs = _holder_sex(h)
            if theirs is None or theirs == mine:
                return None
        if self._acts(r, p) is None:
            return None
        return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end, present_list(g),
                            f"'{r.span_text(max(0, k + 1), p.end - 1)}' is not "
                            f"{bearers[0].name}; {present_list(g)}.")

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
        if before.low in (":", "—", "–") and p.start >= 2:
            # "You find him behind the green wagon: Carlo the knife-thrower": the one found
            a, _ = r.sentence_tokens[r.tokens[p.start].sent]
            lead = [t for t in r.tokens[a:p.start - 1] if t.kind == "word"]
            if any(t.low in _MEETING_VERBS or t.low in ("him", "her", "them", "someone",
                                                        "somebody", "stranger", "figure")
                   or V.is_person_noun(t.base) for t in lead) and not any(
                    t.low in _NAME_NOT_PRESENT and t.low in ("of", "about", "like", "named",
                                                             "called") for t in lead[-2:]):
                return True
        if _authored(r, p):
            return False
        return before.low in ("by", "with", "beside", "flanked")

    @staticmethod
    def _mentioned_only(r: Reading, p: Phrase) -> bool:
        """A name that is only talked about: after "of", "about", "for", "like", "named" ..."""
        if p.start == 0:
            return False
        k = _before_title(r, p.start)
        if k < 0:
            return False
        return r.tokens[k].low in _NAME_NOT_PRESENT or _authored(r, p)

    def _introductions(self, ctx: CheckContext) -> list[Finding]:
        """"'I am Thane Durgrim,' he says": a stranger named only in his own words."""
        r = ctx.reading
        if not any(t.quoted for t in r.tokens):
            return []
        g = ctx.grounding
        out = []
        for m in _SELF_INTRO.finditer(r.text):
            tok = r.token_from(m.start("n"))
            if tok is None or not tok.quoted:
                continue
            words = [w.lower().replace("’", "'") for w in re.findall(r"[A-Za-z][\w'’-]*",
                                                                    m.group("n"))]
            words = [w[:-2] if w.endswith("'s") else w for w in words]
            core = [w for w in words if w not in V.TITLES and w not in V.NAME_CONNECTORS]
            if not core or any(w in g.name_tokens for w in core):
                continue
            if len(words) == 1 and V.common_word(core[0]):
                continue  # "I am Death", "This is Madness"
            conf = 0.8
            a, b = m.start("n"), m.end("n")
            out.append(finding_at(
                ctx, "absent_npc", "block", conf, a, b, present_list(g),
                f"'{m.group('n')}' introduces someone the scene does not have "
                f"({present_list(g)})."))
        return out


_NAME_NOT_PRESENT = frozenset({"of", "about", "for", "like", "named", "called", "than", "as",
                               "whether", "unlike", "without", "against", "from", "to", "in",
                               "on", "at", "into", "onto", "under", "over", "after"})
_MEETING_VERBS = frozenset(
    "find finds found see sees saw spot spots spotted notice notices noticed meet meets met "
    "greet greets greeted join joins joined face faces faced approach approaches approached "
    "toward towards beside behind flanked accompanied escorted follows followed hit hits "
    "strike strikes struck attack attacks attacked stab stabs stabbed shoot shoots shot punch "
    "punches punched kick kicks kicked slap slaps slapped grab grabs grabbed hug hugs hugged "
    "kiss kisses kissed thank thanks thanked pay pays paid tell tells told ask asks asked "
    "answer answers answered help helps helped push pushes pushed shove shoves shoved seize "
    "seizes seized tackle tackles tackled wound wounds wounded kill kills killed heal heals "
    "healed hex hexes hexed charm charms charmed catch catches caught".split())
_TRANSACTION_VERBS = frozenset(
    "buy buys bought take takes took receive receives received accept accepts accepted "
    "borrow borrows borrowed purchase purchases purchased order orders ordered get gets got "
    "hire hires hired rent rents rented win wins won".split())
_TURN_TO_VERBS = frozenset(
    "turn turns turned nod nods nodded wave waves waved bow bows bowed hand hands handed "
    "give gives gave sell sells sold speak speaks spoke talk talks talked point points "
    "pointed introduce introduces introduced gesture gestures gestured motion motions "
    "motioned pass passes passed toss tosses tossed offer offers offered shout shouts "
    "shouted whisper whispers whispered say says said reply replies replied".split())
_PLACE_HEADS = V.PLACES | frozenset(
    "port isles isle peaks peak mountains hills falls springs reach pass heights fields ward "
    "marches wastes downs fen vale sound strait straits point cape head mount fort gardens "
    "halls sands woods spires gulch junction crossing ford".split())
_SELF_INTRO = re.compile(
    r"\b(?:[Ii] am|[Ii]'m|[Ii]’m|[Nn]ame's|[Nn]ame’s|[Nn]ame is|[Tt]hey call me|[Cc]all me|"
    r"[Tt]his is|[Mm]eet)\s+(?P<n>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+|de\s+|von\s+|van\s+)?"
    r"[A-Z][\w'’-]*){0,3})")


_MALE_TITLES = ("mr mister sir lord master king prince duke earl baron count emperor sultan "
                "tsar czar father brother uncle abbot friar monsieur herr senor signor don "
                "grandpa grandfather")
_FEMALE_TITLES = ("mrs ms miss lady dame mistress madam madame queen princess duchess countess "
                  "baroness empress tsarina mother sister aunt abbess frau senora signora dona "
                  "granny grandma grandmother")
_TITLE_SEX = {**{w: "m" for w in _MALE_TITLES.split()}, **{w: "f" for w in _FEMALE_TITLES.split()}}


def _item_name_words(g: SceneGrounding) -> frozenset[str]:
    """The words of the names of the things someone holds or the location has (built once per
    scene): a capitalised make or title ("Winchester rifle", "Bible") names that thing."""
    found = g.memo.get("item_name_words")
    if found is None:
        names = [it for h in g.holders for it in h.items] + list(g.scene.items)
        found = frozenset(w for it in names for w in re.findall(r"[a-z][a-z'-]*", it.lower())
                          if w not in V.ARTICLES and len(w) > 2)
        g.memo["item_name_words"] = found
    return found


def _named_by(g: SceneGrounding, word: str, titled: bool = False) -> list[Holder]:
    """Who has this word in their name or aliases (indexed once per scene)."""
    key = "name_word_index_titled" if titled else "name_word_index"
    index = g.memo.get(key)
    if index is None:
        index = {}
        for h in g.holders:
            for w in _name_words(h, titled):
                index.setdefault(w, []).append(h)
        g.memo[key] = index
    return index.get(word, [])


def _name_words(h: Holder, titled: bool = False) -> frozenset[str]:
    """The words of a holder's name and aliases (without titles unless ``titled``)."""
    words = set(re.findall(r"[a-z]+", h.name.lower()))
    if h.npc is not None:
        for a in h.npc.aliases:
            words |= set(re.findall(r"[a-z]+", a.lower()))
    return frozenset(words - V.ARTICLES) if titled else frozenset(words - set(_TITLE_SEX)
                                                                  - V.ARTICLES)


def _holder_sex(h: Holder) -> str | None:
    """The sex a holder's own titles give ("Mrs. Patel" -> f), when they agree."""
    names = [h.name] + (list(h.npc.aliases) if h.npc is not None else [])
    found = {_TITLE_SEX.get(w) for n in names for w in re.findall(r"[a-z]+", n.lower())} - {None}
    return next(iter(found)) if len(found) == 1 else None


def _before_title(r: Reading, start: int) -> int:
    """The token before a name, past an abbreviated title ("by Mr. Haydn" -> "by")."""
    k = start - 1
    if k >= 1 and r.tokens[k].low == "." and r.tokens[k - 1].base in V.TITLES | {
            "mr", "mrs", "ms", "dr", "st", "capt", "sgt", "lt", "prof", "rev"}:
        k -= 2
    return k


def _authored(r: Reading, p: Phrase) -> bool:
    """"a lively air by Mr. Haydn", "a portrait by Lawrence", "a novel by Mrs. Radcliffe": the
    name made a work the sentence names; it does not stand by."""
    k = _before_title(r, p.start)
    if k < 1 or r.tokens[k].low != "by":
        return False
    work = r.phrase_containing(k - 1)
    return work is not None and not work.pronoun and not work.name and not V.is_person_noun(
        r.tokens[work.head].base) and not V.creature_group(r.tokens[work.head].base)


def _gone(r: Reading, vi: int) -> bool:
    """Is the verb a statement of absence: "is gone", "is long dead", "has left", "is in
    Tacoma"?"""
    toks = r.tokens
    v = toks[vi].low
    nxt = [t.low for t in toks[vi + 1:vi + 4]] + ["", "", ""]
    if v in ("is", "was", "are", "were", "'s", "has", "had", "have"):
        k = 1 if nxt[0] in ("long", "already", "probably", "likely", "surely", "now", "been",
                            "all", "just") else 0
        if nxt[0] == "been" and nxt[1] in ("gone", "dead", "away"):
            return True
        if nxt[k] in _ABSENT:
            return True
        if nxt[k] == "in" and vi + 2 + k < len(toks) and toks[vi + 2 + k].cap:
            return True  # "the landlord is in Tacoma"
    return v in ("left", "died", "vanished", "disappeared", "departed", "fled", "drowned")


_ABSENT = frozenset("gone dead away missing absent elsewhere buried departed deceased "
                    "vanished fled left drowned lost nowhere".split())


def _said_whole(g: SceneGrounding, toks: list) -> bool:
    """Does the scene use this whole name, title and all ("the Ninth Queen" of "Tomb of the
    Ninth Queen")?"""
    ws = [t.base for t in toks if t.kind == "word" and t.base not in V.ARTICLES]
    return len(ws) >= 2 and all(f"{a} {b}" in g.bigrams for a, b in zip(ws, ws[1:]))


def _place_name(core: list[str], toks: list) -> bool:
    """A chain that names a place: its last word (or a leading "Port", "Mount", "Fort") is a
    place noun."""
    last = V.lemma(core[-1])
    first = core[0]
    return last in _PLACE_HEADS or core[-1] in _PLACE_HEADS or first in (
        "port", "mount", "fort", "lake", "cape", "castle", "saint", "st")


def _met(r: Reading, p: Phrase) -> bool:
    """A name in a frame that puts its bearer here: met, found, struck or paid ("turn to find
    Zarek beside you", "you buy an ale from Captain Jorund", "it is Amara, who nods")."""
    toks = r.tokens
    k = p.start - 1
    while k >= 0 and toks[k].kind == "word" and (toks[k].low in V.ADVERBS
                                                  or toks[k].low in ("the", "to", "at")):
        if toks[k].low in ("to", "at") and any(
                toks[j].low in _TURN_TO_VERBS and toks[j].clause == toks[k].clause
                for j in range(max(0, k - 7), k)):
            return True  # "you hand the stool to Ondine", "Greta nods to Halvard"
        k -= 1
    if k >= 0 and toks[k].kind == "word":
        before = toks[k].low
        if before in _MEETING_VERBS:
            return True
        if before == "from" and any(toks[j].low in _TRANSACTION_VERBS
                                    for j in range(max(0, k - 8), k)):
            return True
        if before in ("is", "was", "'s") and k > 0 and toks[k - 1].low in ("it", "this"):
            return True  # "it is Bartholo Blackthorn"
    e = p.end
    if e + 1 < len(toks) and toks[e].low == "," and toks[e + 1].low == "who" and \
            e + 2 < len(toks) and toks[e + 2].low not in ("was", "were", "had", "once", "used"):
        return True
    after = " ".join(t.low for t in toks[e:e + 3])
    return after.startswith(("beside you", "behind you", "next to you", "at your side",
                             "at your elbow", "beside him", "beside her"))


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
                else:
                    # "something large and scaled slides off the pilings": a body no thing has
                    hide = next((k for k in range(p.end, min(p.end + 5, len(r.tokens)))
                                 if r.tokens[k].low in _BEAST_SKIN), None)
                    if hide is not None:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.6, p.start, hide + 1,
                            "creatures here: " + (", ".join(g.scene.creatures) or "none"),
                            f"'{r.span_text(p.start, hide)}' is a beast the scene does not "
                            f"have."))
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
            head_i = p.of_head if (p.of_head is not None and (
                V.lemma(r.tokens[p.head].base) in V.PARTITIVES or
                V.lemma(r.tokens[p.head].base) in V.PERSON_GROUPS)) else p.head
            head = r.tokens[head_i]
            if not _event(r, head_i) or head.cap and not head.initial:
                continue
            word = head.base
            selfish = p.end < len(r.tokens) and r.tokens[p.end].low in ("himself", "herself")
            if not (V.is_person_noun(word) or selfish and W.is_known_noun(word)
                    or _wordnet_person(ctx, p, head_i)) or word in V.BODY:
                continue
            if V.lemma(word) not in V.PERSON_GROUPS and self._thing_sense(ctx, p, head_i):
                continue  # "the logbook's pages", "your pocket watch": things, not people
            if head_i > p.start and f"{r.tokens[head_i - 1].low} {word}" in \
                    V.COMPOUND_CREATURES:
                continue  # "a German shepherd" is a dog
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
            if vi is not None and (r.tokens[vi].negated or r.tokens[vi].low.endswith("n't")
                                   or r.tokens[vi].low in ("never", "cannot")
                                   or _gone(r, vi)):
                vi = None  # "the bartender, if there's one, doesn't show himself"; "is gone"
            inverted = _inverted_entrance(r, p)
            acting = vi is not None or self._present(r, p) or inverted
            entering = inverted and (r.tokens[p.start - 1].low in _ENTRANCE or r.tokens[
                p.start - 1].low in _COMING) or vi is not None and (
                r.tokens[vi].low in _ENTRANCE or (
                r.tokens[vi].low in _COMING and vi + 1 < len(r.tokens)
                and r.tokens[vi + 1].low in ("in", "inside", "through", "into"))) and not (
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
            if conf >= 0.7 and not entering and not p.new and CreatureCheck._distant(r, p) and \
                    not self._touches_player(r, p, vi):
                conf = 0.45  # "a porter's boy darts past the window": out there, not here
            if conf >= 0.7 and not p.new and not entering and self._crowd(g, lem) and \
                    not self._touches_player(r, p, vi):
                conf = 0.5  # a patron arguing over dice: colour a busy place has
            out.append(make_finding(
                ctx, "absent_npc", severity_for(conf), conf, p.start, p.end, present_list(g),
                f"'{text}' {why}; {present_list(g)}."))
        return out

    @staticmethod
    def _thing_sense(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
        """A word that names a person only in a rarer sense ("page", "watch", "fan"), used here
        for a thing: owned by a thing ("the logbook's pages"), named like an item of the scene
        ("your pocket watch"), or made a thing by a noun before it ("a wrist watch")."""
        r = ctx.reading
        g = ctx.grounding
        word = r.tokens[head_i].base
        if any(r.tokens[k].low == "its" for k in range(p.start, head_i)):
            return True  # "between its pages": a thing's, so a thing
        if W.first_class(word) in ("P", "") or W.first_class(V.lemma(word)) == "P":
            return False  # "men" is the plural of "man", someone
        if g.in_location(word) or any(h.has(word) for h in g.holders):
            return True
        for k in range(p.start, head_i):
            t = r.tokens[k]
            if t.kind != "word" or t.low in V.DETERMINERS or t.low in V.POSSESSIVE_PRONOUNS:
                continue
            if t.low == "its":
                return True  # "between its pages": a thing's, so a thing
            if t.possessive:
                if not (t.cap or V.is_person_noun(t.base) or V.creature_group(t.base)
                        or (ctx.refs and ctx.refs[k] is not None)):
                    return True  # "the logbook's pages"
                continue
            if W.is_carried_thing(t.base) or W.is_fixed_thing(t.base):
                return True  # "a pocket watch", "the stair guard"
        return False

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
        if before == "as" and p.det in ("a", "an", "the", "two", "three", "some"):
            # "as a man in a trench coat looks up at her": "as" opens a clause whose subject
            # acts; "dressed as a sailor" compares
            vi = verb_after(r, p, limit=8)
            if vi is not None and not any(r.tokens[k].kind == "punct"
                                          for k in range(p.end, vi)):
                return False
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
        candidates: list[tuple[Phrase, int]] = []
        for p in r.phrases:
            if p.pronoun:
                continue
            head_i = p.head
            partitive = V.lemma(r.tokens[p.head].base) in V.PARTITIVES
            if p.of_head is not None and partitive:
                head_i = p.of_head
            candidates.append((p, head_i))
            for k in range(p.start, p.head):
                # "a kraken's tentacle slaps the hull": the owner of a part is here too
                t = r.tokens[k]
                if t.possessive and t.kind == "word" and not t.cap and (
                        V.creature_group(t.base) or V.animal_noun(t.base)):
                    candidates.append((p, k))
                elif k == p.head - 1 and t.kind == "word" and not t.cap and \
                        V.lemma(r.tokens[p.head].base) in _LIVE_PARTS and \
                        V.creature_group(t.base) and _moves(r, p):
                    candidates.append((p, k))  # "a kraken tentacle slaps the rocks": alive
        for p, head_i in candidates:
            head = r.tokens[head_i]
            if not _event(r, head_i):
                continue
            word = head.base
            group = V.creature_group(word)
            if head_i > p.start:
                pair = f"{r.tokens[head_i - 1].low} {word}"
                if pair in V.COMPOUND_CREATURES:
                    group = V.COMPOUND_CREATURES[pair]  # "a German shepherd", "a baseball bat"
                    if group is None:
                        continue
            if group is None and head.possessive and head_i != p.head and not head.cap and \
                    V.animal_noun(word):
                group = "animal"  # "an anaconda's coils slide past"
            self_word = r.tokens[p.end].low if p.end < len(r.tokens) else ""
            if self_word in ("himself", "herself") and head_i == p.head:
                continue  # "the reeve himself waddles in": a person (the people check)
            if group is None and not head.cap and not head.possessive and head_i == p.head and (
                    p.det in ("a", "an", "the", "another", "some", "two", "three") or
                    p.count is not None) and V.animal_noun(word):
                group = "animal"  # "a pangolin", "two capybaras"
            text = p.text(r)
            if group is not None and self._held_thing(ctx, p, head_i):
                continue  # "his baseball bat": the thing he holds
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
            if self._not_an_instance(r, p, head_i) or self._used_as_verb(r, p, head_i) or \
                    self._series_verb(ctx, p, head_i):
                continue
            lem = V.lemma(word)
            if lem in _SOFT_CREATURES and verb_after(r, p) is None and p.det not in (
                    "a", "an") and p.count is None:
                continue  # "reading the spirits", "in good spirits"
            holder = g.holder_named(word)
            grounded = (lem in g.creature_words or word in g.creature_words
                        or ("group:" + group) in g.creature_words
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
            if self._shapechanged(ctx, head_i):
                continue  # the druid's wild shape: the bear is the druid
            if self._performed(ctx, p):
                continue  # "you give them the nightingale and the rose": what a verse is about
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
        out += self._one_more(ctx, listed)
        out += self._more_of_them(ctx, listed)
        return out

    @staticmethod
    def _more_of_them(ctx: CheckContext, listed: str) -> list[Finding]:
        """"The howler monkey shrieks, and a dozen more swing down": more of a creature the
        scene has only one (or a few) of."""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out = []
        for i in range(1, len(toks)):
            t = toks[i]
            if t.low != "more" or not _event(r, i):
                continue
            prev = toks[i - 1].low
            if not (prev in V.NUMBER_WORDS or prev.isdigit() or prev in (
                    "dozen", "dozens", "several", "many", "few", "hundreds", "scores")):
                continue
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is not None and nxt.low in ("than", "time", "times", "minutes", "hours",
                                               "days", "steps", "paces", "feet", "yards"):
                continue
            a, _ = r.sentence_tokens[max(0, t.sent - 1)]
            have = _count_of_creature_before(g, toks, i - 2, a, skip_muted=True)
            if have and have < 99:
                out.append(make_finding(
                    ctx, "invented_creature", "block", 0.8, i - 1, i + 1,
                    f"creatures here: {listed}",
                    f"The scene has {listed}; '{r.span_text(i - 1, i)}' adds more."))
        return out

    @staticmethod
    def _held_thing(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
        """Does the phrase name an item of the scene that has a creature's word in its name
        ("Sal's baseball bat", "the bone charm")?"""
        r = ctx.reading
        g = ctx.grounding
        lem = V.lemma(r.tokens[head_i].base)
        owner = owner_of(ctx, p) if has_owner(r, p) else None
        if owner is not None and owner.has(lem):
            return True
        mods = {V.lemma(r.tokens[k].base) for k in range(p.start, head_i)
                if r.tokens[k].kind == "word" and r.tokens[k].low not in V.DETERMINERS
                and not r.tokens[k].possessive}
        if not mods:
            return False
        return any(mods <= ws for ws in CreatureCheck._creature_named_items(g).get(lem, ()))

    @staticmethod
    def _creature_named_items(g: SceneGrounding) -> dict[str, list[frozenset[str]]]:
        """The scene's items whose names hold a creature's word ("baseball bat", "bone charm"),
        by that word: built once per scene."""
        index = g.memo.get("creature_named_items")
        if index is None:
            index = {}
            names = [it for h in g.holders for it in h.items] + list(g.scene.items)
            for item in set(names):
                ws = frozenset(V.lemma(w) for w in re.findall(r"[a-z]+", item.lower()))
                for w in ws:
                    if V.creature_group(w):
                        index.setdefault(w, []).append(ws)
            g.memo["creature_named_items"] = index
        return index

    def prepare(self, g: SceneGrounding) -> None:
        self._creature_named_items(g)

    @staticmethod
    def _one_more(ctx: CheckContext, listed: str) -> list[Finding]:
        """"the two sled dogs, and a third": an ordinal standing for one more of the creatures
        just named."""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out = []
        for i in range(1, len(toks) - 1):
            t = toks[i]
            if t.low not in _ORDINAL_COUNT or toks[i - 1].low not in ("a", "an") or \
                    not _event(r, i):
                continue
            nxt = toks[i + 1]
            if nxt.kind == "word" and nxt.low not in ("one", "and", "or", "too", "as"):
                continue  # "a third dog" is read as a phrase
            a, _ = r.sentence_tokens[t.sent]
            have = _count_of_creature_before(g, toks, i - 2, a, skip_muted=False)
            said = _ORDINAL_COUNT[t.low]
            if have and said > have and have < 99:
                out.append(make_finding(
                    ctx, "invented_creature", "block", 0.85, i - 1, i + 1,
                    f"creatures here: {listed}",
                    f"The scene has {listed}; '{r.span_text(i - 1, i)}' makes it {said}."))
        return out

    @staticmethod
    def _not_an_instance(r: Reading, p: Phrase, head_i: int) -> bool:
        words = [t.base for t in r.tokens[p.start:head_i]]
        if any(w in _DECOR for w in words):
            vi = verb_after(r, p)
            if vi is None or r.tokens[vi].low not in V.ANIMAL_VERBS:
                return True  # "a silver owl" on the shelf; not "a silver owl hoots"
        nxt = r.tokens[head_i + 1] if head_i + 1 < len(r.tokens) else None
        if nxt is not None and nxt.kind == "word" and nxt.low in _FOOD_AFTER and \
                not (nxt.low in _LIVE_PARTS | {"tusks", "horns", "antlers", "hooves", "fangs",
                                               "teeth", "head"} and _moves(r, p)):
            return True  # "the boar's tusks on the wall"; not "a boar's tusks scrape the floor"
        before = r.tokens[p.start - 1].low if p.start > 0 else ""
        if before in ("of", "about", "like", "for", "than", "no", "without", "named", "called"):
            return True
        if before in ("where", "when") and p.end < len(r.tokens):
            # "the prints lead to where the cat drank": a past passing, told by its traces
            vi = verb_after(r, p, limit=3)
            if vi is None or r.tokens[vi].low not in _PAST_FORMS:
                vi = p.end  # "where the cat drank": the past form may read as a noun
            v = r.tokens[vi].low
            if v.endswith("ed") or v in _PAST_FORMS or v in ("had", "was", "were"):
                return True
        if head_i != p.head and V.lemma(r.tokens[p.head].base) in _CUTS:
            return True  # "chunks of cod float in the stew", "a leg of lamb": food
        if head_i == p.head and p.of_head is not None:
            of = r.tokens[p.of_head].base
            after = r.tokens[p.of_head + 1].base if p.of_head + 1 < len(r.tokens) else ""
            if (of in V.COLOURS or after in V.COLOURS or W.is_substance(of)) and not (
                    V.creature_group(of) or W.is_being(of)):
                return True  # "a slow shade of brick red", "a ghost of frost": a hue, a stuff
        word = r.tokens[head_i].low
        if word in V.SESSILE:
            return True  # "barnacles scrape your palms": the hull's crust
        if word in V.CREATURE_AMBIGUOUS and not p.det and p.count is None and \
                not word.endswith("s") and not r.tokens[p.start].initial and not (
                    p.start > 0 and r.tokens[p.start - 1].possessive) and head_i == p.head:
            return True
        return False

    @staticmethod
    def _shapechanged(ctx: CheckContext, i: int) -> bool:
        """Is someone who can change shape (wild shape, polymorph) named in this sentence or the
        one before? Then the beast may be their form."""
        g = ctx.grounding
        changers = g.memo.get("shapechangers")
        if changers is None:
            from bot.guard.narration_checks.abilities import ability_kinds
            changers = [h for h in g.holders if "change" in ability_kinds(h)]
            g.memo["shapechangers"] = changers
        if not changers or not ctx.refs:
            return False
        r = ctx.reading
        sent = r.tokens[i].sent
        a, _ = r.sentence_tokens[max(0, sent - 1)]
        sa, b = r.sentence_tokens[sent]
        if not any(r.tokens[k].low in _CHANGE_CUES for k in range(sa, b)):
            return False  # "a snow leopard answers your howl": another beast, not the form
        return any(ctx.refs[k] in changers for k in range(a, b) if ctx.refs[k] is not None)

    @staticmethod
    def _used_as_verb(r: Reading, p: Phrase, head_i: int) -> bool:
        """"the dog wolfs it down", "she badgers him", "he ferrets out the truth": an animal's
        name standing where the verb is, right after a subject and before its object."""
        if head_i == p.end - 1 and head_i > p.start and head_i + 1 < len(r.tokens) and \
                r.tokens[head_i].low.endswith("s") and p.det in ("the", "his", "her", "your",
                                                                 "their", "its"):
            prev = r.tokens[head_i - 1]
            if r.tokens[head_i + 1].low in _WINDING and prev.kind == "word" and \
                    W.is_known_noun(prev.base) and not V.creature_group(prev.base) and \
                    not W.is_location(prev.base):
                return True  # "the water hose snakes across the deck"
        if p.det or p.count is not None or p.end - p.start != 1 or head_i != p.head:
            return False
        if head_i == 0 or head_i + 1 >= len(r.tokens):
            return False
        before = r.tokens[head_i - 1]
        nxt = r.tokens[head_i + 1]
        if before.kind != "word" and before.low != ",":
            return False
        if before.low in V.PREPOSITIONS or before.low in ("the", "a", "an"):
            return False
        if nxt.low in ("it", "them", "him", "me", "us"):
            return True
        return before.low not in ("and", "or") and nxt.low in ("down", "out", "up", "away", "off")

    @staticmethod
    def _performed(ctx: CheckContext, p: Phrase) -> bool:
        """When the player recites, sings or tells, a definite creature that is only the object
        of the player's own verb and does nothing is the matter of the performance ("you give
        them the nightingale and the rose"), not a beast in the room."""
        if p.det != "the" or not any(_PERFORMING.search((i.words or "").lower())
                                     for i in ctx.intents):
            return False
        r = ctx.reading
        a, _ = r.sentence_tokens[r.tokens[p.head].sent]
        if p.start <= a or verb_after(r, p) is not None or r.tokens[p.start - 1].kind != "word":
            return False  # it heads its clause, or does something
        actor = subject_before(ctx, p.start)
        return actor.kind == "holder" and actor.holder is ctx.grounding.player

    @staticmethod
    def _series_verb(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
        """"Kit sets up the tripod, ducks under the cloth": a bare word in -s after a comma or
        "and", before a preposition, continues a series of verbs whose subject is someone of
        the scene; it is a verb of moving (to duck), not a flock."""
        r = ctx.reading
        toks = r.tokens
        if p.det or p.count is not None or p.end - p.start != 1 or head_i != p.head or \
                head_i == 0 or head_i + 1 >= len(toks):
            return False
        t = toks[head_i]
        if not t.low.endswith("s") or toks[head_i - 1].low not in (",", "and", "then") or \
                toks[head_i + 1].low not in V.PREPOSITIONS and toks[head_i + 1].low not in \
                _PARTICLES:
            return False
        base = W.verb_base(t.low)
        if base is None or W.verb_codes(base)[:1] not in ("v", "c", "b"):
            return False
        a, _ = r.sentence_tokens[t.sent]
        for k in range(a, head_i - 1):
            if ctx.refs and ctx.refs[k] is not None and k + 1 < head_i and \
                    toks[k + 1].low.endswith("s") and W.verb_base(toks[k + 1].low) is not None:
                return True  # "Kit sets ..., ducks under"
        return False

    @staticmethod
    def _distant(r: Reading, p: Phrase) -> bool:
        """Far off and staying there ("somewhere out on the water a fish jumps"); not a beast
        that comes at the scene from afar ("beyond the wreck a shark's fin circles closer")."""
        a, b = r.sentences[r.tokens[p.head].sent]
        said = r.text[a:b].lower()
        return bool(_DISTANT.search(said)) and not _APPROACH.search(said)


# --- things -------------------------------------------------------------------------------------

_FRAME_WORDS = (_OWN_VERBS | _OWN_WITH_OUT | _FIND_VERBS | _HAND_VERBS | _HANDLE_VERBS
                | _STRONG_HANDLE | frozenset("pick picks picked scoop scoops scooped strike strikes "
                                             "struck close closes closed tighten tightens "
                                             "tightened".split()))


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
            low = _frame_form(t.low)
            if low is None or t.kind != "word" or not _event(r, i):
                continue
            if i > 0 and toks[i - 1].low in _NOUN_BEFORE:
                continue  # "every reading on the tablet", "his draw": a noun, not a doing
            frame = None
            skip = _PARTICLES
            strong = False  # the frame leaves no doubt that a thing changes hands
            if low in _OWN_VERBS:
                frame = "own"
                strong = low not in _DRAW or self._from_own(r, i) or (
                    i + 1 < n and toks[i + 1].low in ("out", "forth"))
            elif low in _OWN_WITH_OUT and i + 1 < n and toks[i + 1].low in ("out", "forth"):
                frame = "own"
                strong = True
            elif low in _OWN_WITH_OUT and self._from_own(r, i):
                frame = "own"
                strong = not self._from_held_thing(ctx, i)
            elif low in _FIND_VERBS:
                frame = "find"
                strong = self._then_kept(r, i)
            elif low in _HAND_VERBS and (i + 1 < n and toks[i + 1].low in ("you", "over")):
                frame = "hand"
                skip = _PARTICLES | {"you"}
                strong = toks[i + 1].low == "you" and low not in _GIVE_WORDS
            elif low in _HAND_VERBS and self._to_you_after(r, i):
                frame = "hand"
                strong = True
            elif (low in _HANDLE_VERBS or low in _STRONG_HANDLE or low in _HAND_VERBS) and \
                    self._from_own(r, i) and not self._from_held_thing(ctx, i):
                frame = "own"  # "uncorks a bottle from inside his coat", "slides a card from
                strong = True  # her sleeve": out of one's own gear, so one must have it
            elif low in ("pick", "picks", "picked", "scoop", "scoops", "scooped") and i + 1 < n \
                    and toks[i + 1].low == "up":
                frame = "handle"  # "picks up the telephone"
                skip = _PARTICLES
            elif low in _HANDLE_VERBS or low in _STRONG_HANDLE:
                frame = "handle"
                strong = low in _STRONG_HANDLE
            elif low in ("strike", "strikes", "struck") and i + 2 < n and \
                    toks[i + 2].base in ("flint", "match", "light", "lucifer", "tinderbox"):
                frame = "handle"  # "strikes a flint"
            elif low in ("close", "closes", "closed", "tighten", "tightens", "tightened") and \
                    i + 1 < n and toks[i + 1].low in ("on", "around", "over", "about"):
                frame = "find"  # "your hand closes on a sealed scroll"
            if frame is None:
                continue
            p = r.phrase_after(i + 1, skip)
            if p is None or p.pronoun or p.start in seen or (
                    p.name and p.det not in ("a", "an")):
                continue  # "a Walkman", "a Polaroid" are things; "Bram" is not
            if frame == "hand" and low in _GIVE_WORDS and not strong and i + 1 < n and \
                    toks[i + 1].low == "you":
                # "gives you a small silver icon": a thing, by what it is made of
                strong = any(toks[k].base in V.COLOURS or toks[k].base in V.SALIENT_MODIFIERS
                             for k in range(p.start, p.head))
            actor = subject_before(ctx, i)
            holder = actor.holder if actor.kind == "holder" else None
            if frame == "own" and holder is None:
                holder = self._storage_owner(ctx, i)  # "... pull a kettle from your pack"
                if holder is not None:
                    actor = type(actor)(kind="holder", holder=holder)
            if actor.kind == "person":
                continue  # someone absent: the people check reports them
            if frame == "handle" and not strong and W.is_abstract(toks[p.head].base) and \
                    not W.is_carried_thing(toks[p.head].base) and (
                        _word_kind(toks[p.head].base) != "item" or low in ("play", "plays",
                                                                           "played")):
                continue  # "plays a few bright notes", "turns a page": no thing changes hands
            if actor.kind == "thing" and frame == "handle" and actor.phrase is not None and \
                    V.lemma(toks[actor.phrase.head].base) not in V.BODY and \
                    W.is_abstract(toks[p.head].base) and \
                    not W.is_carried_thing(toks[p.head].base):
                continue  # "the lantern throws a swaying circle of gold": light, not a thing
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue  # "her shield", and we cannot tell whose
                holder = owner
            phrases = [p]
            inner = self._introduced_inside(r, p)
            if inner is not None:
                phrases.append(inner)  # "lights the fuse of a stick of dynamite"
            if frame == "find" or (frame in ("hand", "own") and strong):
                phrases += self._list_after(r, p)  # "hands you a bottle of laudanum and a syringe"
            opened = self._opened_container(ctx, i)
            for q in phrases:
                seen.add(q.start)
                f = self._judge(ctx, q, frame, holder, strong)
                if f is not None and f.severity == "block" and opened and \
                        not any(toks[k].base in V.SALIENT_MODIFIERS for k in range(q.start,
                                                                                   q.head)):
                    # "unlocks the supply crate and hands you a tin of biscuits": what a
                    # container of the scene holds is not listed; only doubtful
                    f = Finding(kind=f.kind, severity="warn", confidence=0.5, span=f.span,
                                evidence=f.evidence, message=f.message, layer=f.layer,
                                start=f.start, end=f.end)
                if f is not None and f.severity == "block" and not strong and \
                        q.det == "the" and self._part_of_named(ctx, q):
                    f = Finding(kind=f.kind, severity="warn", confidence=0.5, span=f.span,
                                evidence=f.evidence, message=f.message, layer=f.layer,
                                start=f.start, end=f.end)
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
                before in _LIES and indefinite and before2 is not None and before2.low == ","
                and self._locative_opening(r, p.start - 2)) or (
                before in ("is", "are", "'s", "stands", "sits", "lies", "hangs")
                and before2 is not None and before2.low == "there") or before == "there's"
            arrives = False
            if not exists:
                vi = verb_after(r, p, limit=4)
                exists = vi is not None and toks[vi].low in _LIES
                if not exists and vi is not None and p.det in ("a", "an") and \
                        self._comes_to_hand(r, p, vi):
                    exists = arrives = True  # "a golden crown rises ... into your hands"
            if not exists:
                continue
            if arrives:
                seen.add(p.start)
                f = self._judge(ctx, p, "find", None, True)
                if f is not None:
                    out.append(f)
                continue
            seen.add(p.start)
            if has_owner(r, p):
                owner = owner_of(ctx, p)
                if owner is None:
                    continue
                f = self._judge(ctx, p, "possession", owner)
            elif p.det in ("a", "an", "some") and self._then_kept(r, p.head):
                # "at your feet lies a phoenix feather, and you pick it up"
                f = self._judge(ctx, p, "find", None, True)
            elif p.det in ("the", "this", "that") and self._held_by_someone(ctx, p):
                continue  # "the pocket where the study key rests": the NPC's own key
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
        # any doing of someone here on a thing introduced with "a": "Rustam shoulders a
        # matchlock", "you flick out a box cutter": the doer has it in hand, so must hold it
        out += self._wielded(ctx, seen)
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
            held_by = self._in_hand_of(ctx, p)
            if held_by is not None:
                # "the brass compass in your palm": in someone's hand, so theirs
                f = self._judge(ctx, p, "possession", held_by)
                if f is not None:
                    out.append(f)
                    seen.add(p.start)
                continue
            sub = self._owned_complement(ctx, p)
            if sub is not None:
                # "the glowing digits of your wristwatch": the wristwatch is yours
                f = self._judge(ctx, sub, "possession", owner_of(ctx, sub))
                if f is not None:
                    out.append(f)
                    seen.add(p.start)
                continue
            if p.start > 0 and toks[p.start - 1].low == "with":
                if self._manner(r, p):
                    continue
                actor = subject_before(ctx, p.start - 1)
                if actor.kind == "holder":
                    f = self._judge(ctx, p, "instrument", actor.holder)
                    if f is not None:
                        out.append(f)
                        seen.add(p.start)
        return out

    def _wielded(self, ctx: CheckContext, seen: set[int]) -> list[Finding]:
        """A thing introduced with "a" as the object of a verb of handling, moving or having
        (by WordNet's class of the verb's commonest sense, not a list) whose subject is someone
        of the scene, optionally after a particle ("flicks out a box cutter"). Seeing, wanting,
        asking for or speaking of a thing does not put it in hand."""
        r = ctx.reading
        toks = r.tokens
        n = len(toks)
        out: list[Finding] = []
        for i, t in enumerate(toks):
            if t.kind != "word" or t.cap and not t.initial or not _event(r, i) or \
                    t.low in V.AUXILIARIES or t.low in _NOUN_BEFORE:
                continue
            j = i + 1
            out_of_gear = j < n and toks[j].low in ("out", "forth")
            if out_of_gear:
                j += 1
            p = r.phrase_at.get(j)
            if p is None or p.start in seen or p.det not in ("a", "an") or p.name or \
                    p.pronoun or p.of_head is not None or not _event(r, p.head):
                continue
            if i > 0 and toks[i - 1].kind == "word" and (toks[i - 1].low in V.DETERMINERS
                                                         or toks[i - 1].low == "to"):
                continue  # "a swift kick", "to fetch a lamp": a noun, or not done yet
            base = W.verb_base(t.low)
            if base is None or not out_of_gear and W.verb_codes(base)[:1] not in ("c", "v", "o"):
                continue
            mine = r.phrase_containing(i)
            if mine is not None and (mine.det or mine.end - mine.start > 1):
                continue  # a noun phrase, not a verb ("shoulders" alone may be the verb)
            if p.end < n and toks[p.end].low in ("off", "from", "of", "out"):
                continue  # "hacks a slab off the roast": a part of something here
            if p.end + 1 < n and toks[p.end].low in ("on", "in", "inside", "at") and (
                    toks[p.end + 1].low in V.POSSESSIVE_PRONOUNS or toks[p.end + 1].possessive):
                continue  # "taps a few keys on his datapad": a part of a held thing
            if any(toks[k].low in ("few", "couple", "bit", "little") for k in range(p.start,
                                                                                 p.head)):
                continue  # "a few keys", "a couple of": an amount, not one thing brought
            head = toks[p.head].base
            if not self._carried(r, p) or _word_kind(head) in ("colour", "creature", "person",
                                                               "fixture"):
                continue
            actor = subject_before(ctx, i)
            if actor.kind != "holder" or actor.holder is None or (
                    actor.holder.kind == "player" and not out_of_gear):
                continue  # the player's own doings make things (a knot, a splint) too
            seen.add(p.start)
            f = self._judge(ctx, p, "handle", actor.holder, True)
            if f is not None:
                out.append(f)
        return out

    @staticmethod
    def _comes_to_hand(r: Reading, p: Phrase, vi: int) -> bool:
        """Does a thing introduced with "a" move (WordNet's motion verbs: rises, drops, floats,
        slides) and end with the player ("into your hands", "at your feet", "which you catch")?"""
        t = r.tokens[vi]
        base = W.verb_base(t.low)
        if not (t.low in _ENTRANCE or (base is not None and W.verb_codes(base)[:1] == "v")):
            return False
        sa, sb = r.sentences[t.sent]
        rest = r.text[t.end:sb].lower().replace("’", "'")
        return bool(_TO_YOU_ANYWHERE.search(rest)) or any(
            r.tokens[k].low in _KEEP_VERBS or r.tokens[k].low in ("catch", "catches", "caught")
            for k in range(vi + 1, r.sentence_tokens[t.sent][1]))

    @staticmethod
    def _in_hand_of(ctx: CheckContext, p: Phrase) -> Holder | None:
        """Whose hand a thing is in: "the brass compass in your palm", "a coin between his
        fingers"."""
        r = ctx.reading
        toks = r.tokens
        k = p.end
        if k + 2 >= len(toks) or toks[k].low not in ("in", "between") or \
                toks[k + 1].low not in V.POSSESSIVE_PRONOUNS or \
                toks[k + 2].base not in _HAND_WORDS or not ctx.refs:
            return None
        return ctx.refs[k + 1]

    @staticmethod
    def _introduced_inside(r: Reading, p: Phrase) -> Phrase | None:
        """A thing introduced with "a" inside a definite phrase about one of its parts ("the
        fuse of a stick of dynamite", "the cork of a bottle of laudanum"): the part being handled
        brings the whole into the scene."""
        if p.det != "the" or p.of_head is None:
            return None
        k = p.head + 1
        if k + 1 >= p.end or r.tokens[k].low != "of" or r.tokens[k + 1].low not in ("a", "an"):
            return None
        sub = phrase_from(r, k + 1)
        return sub if sub is not None and not sub.pronoun and not sub.name else None

    @staticmethod
    def _owned_complement(ctx: CheckContext, p: Phrase) -> Phrase | None:
        """The "of" complement of a phrase when it says whose thing it is ("the strap of your
        satchel", "the face of his pocket watch"), as a phrase of its own."""
        if p.of_head is None:
            return None
        r = ctx.reading
        k = p.head + 1
        if k + 1 >= p.end or r.tokens[k].low != "of":
            return None
        own = r.tokens[k + 1]
        if own.low not in V.POSSESSIVE_PRONOUNS and not own.possessive:
            return None
        sub = Phrase(start=k + 1, end=p.of_head + 1, head=p.of_head, det=own.low,
                     owner=own.base)
        return sub if owner_of(ctx, sub) is not None else None

    @staticmethod
    def _carried(r: Reading, p: Phrase) -> bool:
        """A thing one carries in hand: WordNet's class of the head, or of the compound it ends
        ("a box cutter" is a tool though a "cutter" is first someone)."""
        head = r.tokens[p.head].base
        if W.is_fixed_thing(head) or W.is_garment(head):
            return False
        if W.is_carried_thing(head):
            return True
        if p.head > p.start:
            mod = r.tokens[p.head - 1].base
            if f"{mod} {head}" in COMPOUND_ARTEFACTS:
                return True
            return head.endswith("er") and W.is_carried_thing(mod) and W.is_person(head)
        return False

    def _held_by_someone(self, ctx: CheckContext, p: Phrase) -> bool:
        """Does a character of the scene hold the thing this phrase names (by its full name, or
        by its head and every modifier)?"""
        if self._phrase_owner(ctx, p) is not None:
            return True
        r = ctx.reading
        head = r.tokens[p.head].base
        return any(h.kind != "player" for h in ctx.grounding.who_holds(head)) and all(
            ctx.grounding.who_holds(r.tokens[k].base) for k in range(p.start, p.head)
            if r.tokens[k].kind == "word" and r.tokens[k].low not in V.DETERMINERS)

    @staticmethod
    def _opened_container(ctx: CheckContext, i: int) -> bool:
        """Was a container of the scene (a crate, a chest, a drawer, not someone's pack) opened
        earlier in this sentence, or is the thing taken out of one?"""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        a, b = r.sentence_tokens[toks[i].sent]
        for k in range(a, b):
            if toks[k].low not in _OPENING_VERBS and toks[k].low not in ("from", "of"):
                continue
            if toks[k].low == "of" and not (k > a and toks[k - 1].low == "out"):
                continue
            q = r.phrase_after(k + 1)
            if q is None or has_owner(r, q) and owner_of(ctx, q) is not None and \
                    owner_of(ctx, q).kind != "npc":
                continue
            head = V.lemma(toks[q.head].base)
            if head in _CONTAINERS and (g.in_location(head) or g.feature_for(
                    [t.base for t in toks[q.start:q.end] if t.kind == "word"]) is not None):
                return True
        return False

    @staticmethod
    def _locative_opening(r: Reading, comma: int) -> bool:
        """"Inside the reticule, beneath your dance card, lies ...": the sentence opens with
        where, so what follows "lies" is there."""
        a, _ = r.sentence_tokens[r.tokens[comma].sent]
        first = next((k for k in range(a, comma) if r.tokens[k].kind == "word"), None)
        return first is not None and (r.tokens[first].low in V.PREPOSITIONS or
                                      r.tokens[first].low in ("inside", "within", "there"))

    @staticmethod
    def _manner(r: Reading, p: Phrase) -> bool:
        """"with a low whistle", "with a weary sigh": the manner of a doing, not a tool. The
        head's commonest sense is an act or a sound and an adjective says how it sounded; "with a
        silver whistle" (a material) is still a thing."""
        head = r.tokens[p.head].base
        if not W.is_abstract(head) or p.det not in ("a", "an"):
            return False
        mods = [r.tokens[k].base for k in range(p.start, p.head) if r.tokens[k].kind == "word"
                and r.tokens[k].low not in V.DETERMINERS]
        return bool(mods) and not any(m in V.SALIENT_MODIFIERS or m in V.COLOURS
                                      or W.is_substance(m) for m in mods)

    @staticmethod
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

    @staticmethod
    def _at_hand(ctx: CheckContext, word: str) -> bool:
        """Is this something the location lists, or that a place of its kind keeps at hand (a
        tavern's mugs, a stable's buckets)?"""
        g = ctx.grounding
        if g.in_location(word):
            return True
        lem = V.lemma(word)
        return any(word in V.KIND_FIXTURES.get(k, ()) or lem in V.KIND_FIXTURES.get(k, ())
                   for k in g.kinds)

    @staticmethod
    def _from_held_thing(ctx: CheckContext, i: int) -> bool:
        """"pulls one earbud from her walkman": out of a device the actor holds (a part of it),
        not out of a pack, a pocket or a sleeve."""
        r = ctx.reading
        toks = r.tokens
        for k in range(i + 1, min(i + 10, len(toks) - 2)):
            if toks[k].low == "from" and toks[k + 1].low in V.POSSESSIVE_PRONOUNS:
                p = r.phrase_after(k + 1)
                if p is None:
                    return False
                head = toks[p.head].base
                owner = ctx.refs[k + 1] if ctx.refs else None
                return owner is not None and owner.has(head) and V.lemma(head) not in _STORAGE
            if toks[k].kind == "punct":
                break
        return False

    @staticmethod
    def _then_kept(r: Reading, i: int) -> bool:
        """"you find a feather ... and pocket it": found and kept in the same sentence."""
        a, b = r.sentence_tokens[r.tokens[i].sent]
        return any(r.tokens[k].low in _KEEP_VERBS for k in range(i + 1, b))

    @staticmethod
    def _from_own(r: Reading, i: int) -> bool:
        """"pull a vial from your sash", "a roll of bills out of his hoodie pocket": taking
        something out of one's own gear."""
        toks = r.tokens
        n = len(toks)
        for k in range(i + 1, min(i + 14, n)):
            nxt = toks[k + 1].low if k + 1 < n else ""
            if toks[k].low == "out" and nxt == "of" and k + 2 < n:
                k, nxt = k + 1, toks[k + 2].low
            elif toks[k].low != "from":
                if toks[k].kind == "punct" and toks[k].low != "-":
                    break
                continue
            if nxt in ("your", "his", "her", "their", "its", "under", "beneath", "behind",
                       "inside", "within"):
                return True
            if nxt == "the":
                # "from the folds of your robes", "out of the depths of her bag"
                for j in range(k + 2, min(k + 6, n - 1)):
                    if toks[j].low == "of" and (toks[j + 1].low in V.POSSESSIVE_PRONOUNS
                                                or toks[j + 1].possessive):
                        return True
                    if toks[j].kind == "punct":
                        break
            break
        return False

    def _content_grounded(self, ctx: CheckContext, word: str) -> bool:
        g = ctx.grounding
        return (word in g.all_words or V.lemma(word) in g.all_words or g.in_location(word)
                or g.furnishes(word) or self._at_hand(ctx, word)
                or any(h.has(word) for h in g.holders))

    @staticmethod
    def _storage_owner(ctx: CheckContext, i: int) -> Holder | None:
        """Whose pack, coat or sleeve a thing comes out of ("from your pack" -> the player)."""
        toks = ctx.reading.tokens
        for k in range(i + 1, min(i + 16, len(toks))):
            if toks[k].low in ("from", "of") and k + 1 < len(toks) and (
                    toks[k + 1].low in V.POSSESSIVE_PRONOUNS or toks[k + 1].possessive):
                return ctx.refs[k + 1] if ctx.refs else None
            if toks[k].kind == "punct" and toks[k].low != "-":
                break
        return None

    @staticmethod
    def _to_you_after(r: Reading, i: int) -> bool:
        """Does the thing go to the player: "presses a silver amulet shaped like a moon into
        your hand", "slides a key across the bar to you"?"""
        t = r.tokens[i]
        rest = r.text[t.end:t.end + 110].lower().replace("’", "'")
        cut = re.split(r"[.;!?]|\band (?:he|she|they|then|turns|nods)\b", rest, maxsplit=1)[0]
        return bool(_TO_YOU.search(cut) or _TO_YOU_ANYWHERE.search(cut))

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

    def _judge(self, ctx: CheckContext, p: Phrase, frame: str, holder: Holder | None,
               strong: bool = False) -> Finding | None:
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
        if frame in ("possession", "instrument", "handle") and holder is not None and \
                _conjured_by(holder, lem):
            return None  # "your shield flickers into being": the shield spell's own shield
        if frame in ("handle", "instrument") and not strong and p.det == "the" and \
                lem in V.WEAPON_NAMES and _some_weapon_here(g, lem):
            return None  # "Rustam turns the blade aside": the weapon at hand, whoever's it is
        if frame == "own" and strong and kind in ("fixture", "unknown") and \
                W.is_carried_thing(head) and not W.is_fixed_thing(head):
            kind = "item"  # "a copper kettle from your pack": whatever comes out of a pack
        if frame == "find" and strong and kind == "fixture" and W.is_carried_thing(head) and \
                not W.is_fixed_thing(head) and not g.furnishes(head) and not g.in_location(head):
            kind = "item"  # "a jade comb floats down into your palm": not this room's furniture
        if frame == "instrument" and kind == "unknown" and holder is not None and \
                W.is_carried_thing(head) and not W.is_fixed_thing(head) and any(
                    r.tokens[k].base in V.SALIENT_MODIFIERS or r.tokens[k].base in V.PRECIOUS
                    for k in range(p.start, p.head)):
            kind = "item"  # "light it with a gold lighter": a fine thing one must have
        if lem.endswith("ful") and len(lem) > 5 or lem in _MEASURES:
            return None  # "pours you a cupful": a measure of what the giver pours
        if kind == "fixture" and frame in ("possession", "instrument", "handle", "hand", "find"):
            if comp_kind != "item":
                if frame == "hand" and strong and holder is not None and holder.kind != \
                        "player" and (not holder.has(head) or (
                            comp is not None and not holder.has(comp)
                            and not self._at_hand(ctx, comp))) and not self._at_hand(ctx, head):
                    # "hands you a stub of beeswax candle": a giver hands over what she has, or
                    # what a place of this kind keeps at hand, not any furniture at all
                    return make_finding(
                        ctx, "invented_item", "block", 0.75, p.start, p.end,
                        self._holds(holder),
                        f"{holder.label.capitalize()} has no {head}; {self._holds(holder)}.")
                return self._fancy_fixture(ctx, p, frame)
        words = [w for w in (head, comp) if w]
        text = p.text(r)

        def grounded_for(h: Holder | None) -> bool:
            return h is not None and any(h.has(w) for w in words)

        # whether the place has it: the thing itself, not what it holds ("a canister of sealant
        # foam" is no foam lying about); a giver hands over what is at hand, not any furniture
        place_words = [head] if kind in ("item", "unknown", "fixture") else words
        giving = frame == "hand" and strong and holder is not None and holder.kind != "player"
        if giving:
            in_place = any(self._at_hand(ctx, w) for w in place_words)
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
            if frame == "own" and in_place and holder is not None and holder.kind != "player" \
                    and not strong:
                return None
        elif frame in ("handle", "hand", "find"):
            if in_place and giving and comp is not None and comp_kind != "colour" and \
                    not self._content_grounded(ctx, comp):
                # "hands you a stoppered vial of dragon's-breath oil": a shop keeps vials, but
                # what is in this one must be something the scene has
                return make_finding(
                    ctx, "invented_item", "block", 0.75, p.start, p.end, self._holds(holder),
                    f"'{text}': there is no {comp} in the scene; {self._holds(holder)}.")
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
            if head in _LENIENT_ITEMS and not comp and not (strong and frame == "hand"):
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
        if salient_kind == "unknown" and (frame in ("own", "hand", "find") or strong):
            if head in g.all_words or V.lemma(head) in g.all_words:
                return None
            if head in V.VERB_BASES and not comp and not (frame == "find" and strong
                                                          and W.is_carried_thing(head)):
                return None  # "take a pull from your ale", "give you a look": a doing
            if head in V.ABSTRACT or V.lemma(head) in V.ABSTRACT or not V.ordinary_word(head) \
                    and not head.isalpha():
                return None
            conf = 0.75 if strong else 0.5
            return make_finding(
                ctx, "invented_item", severity_for(conf), conf, p.start, p.end,
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
