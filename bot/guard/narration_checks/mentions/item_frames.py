"""The frames that put a thing in someone's hand: drawn from gear, found, handed over, used.

A thing needs grounding only when the sentence makes it change hands or be used: pulled "from
your pack", found "and pocketed", pressed "into your hand", lifted out of an opened crate, held
"between his fingers". The verb tables and the readings of the words around a thing say which
frame a sentence uses and whether it is strong (leaves no doubt a thing changes hands); whether
the scene has that thing is a separate question, answered in ``item_grounding``.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard import vocabulary as V
from bot.guard.grounding import Holder
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.compounds import COMPOUND_ARTEFACTS
from bot.guard.narration_checks.base import CheckContext, has_owner, owner_of
from bot.guard.narration_checks.mentions.cues import _ENTRANCE
from bot.guard.prose import Phrase, Reading, phrase_from

_STORAGE = frozenset("pack backpack bag sack satchel pouch purse pocket belt cloak coat sleeve boot "
                     "sash apron vest jacket robe chest trunk box case kit haversack knapsack "
                     "bandolier quiver scrip wallet".split())
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
_OWN_VERBS = frozenset(
    "draw draws drew drawn drawing unsheathe unsheathes unsheathed unsling unslings unslung "
    "produce produces produced brandish brandishes brandished wield wields wielded "
    "whip whips whipped retrieve retrieves retrieved unholster unholsters unholstered "
    "unclip unclips unclipped unstrap unstraps unstrapped unbuckle unbuckles unbuckled "
    "unpack unpacks unpacked unwrap unwraps unwrapped".split())
_OWN_WITH_OUT = frozenset("pull pulls pulled take takes took fish fishes fished dig digs dug "
                          "slip slips slipped "
                          # "untie a bag from your sash": off one's own body or gear
                          "untie unties untied unhook unhooks unhooked unfasten unfastens "
                          "unfastened detach detaches detached".split())
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
_FRAME_WORDS = (_OWN_VERBS | _OWN_WITH_OUT | _FIND_VERBS | _HAND_VERBS | _HANDLE_VERBS
                | _STRONG_HANDLE | frozenset("pick picks picked scoop scoops scooped strike strikes "
                                             "struck close closes closed tighten tightens "
                                             "tightened".split()))


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


_TO_YOU_ANYWHERE = re.compile(
    r"\b(?:to you|toward you|towards you|into your (?:waiting )?(?:hand|hands|palm|palms|grip|"
    r"arms|fingers|lap)|in(?:to)? your (?:open )?(?:hand|palm)|across to you|over to you|"
    r"at your feet|on the (?:bar|counter|table) (?:for|before) you|for you to (?:take|keep)|"
    r"(?:on|onto|across) the (?:\w+ )?\w+ (?:for|before|in front of) you)\b")
_TO_YOU = re.compile(r"^\s*(?:[a-z' -]{0,30}?\b)?(?:to you|toward you|towards you|into your "
                     r"(?:hand|hands|palm|palms|grip|arms)|in front of you|before you|your way|"
                     r"across to you|at your feet|on the (?:bar|counter|table) (?:for|before) "
                     r"you)\b")
_OPENING_VERBS = frozenset("open opens opened unlock unlocks unlocked pry pries pried prise "
                           "prises prised unbar unbars unbarred lift lifts lifted".split())
_CONTAINERS = frozenset("crate chest box drawer trunk cupboard cabinet locker strongbox coffer "
                        "safe case barrel sack coffin sarcophagus footlocker hamper bin "
                        "wardrobe".split())
_HAND_WORDS = frozenset("hand hands palm palms fingers fist grip grasp".split())


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


# Participles that say a thing is kept on someone: "the recorder hidden in your jacket".
_KEPT_ON = frozenset("hidden tucked stowed strapped sewn stuffed concealed buttoned holstered "
                     "clipped pinned kept wedged folded".split())


def _kept_on(ctx: CheckContext, p: Phrase) -> Holder | None:
    """Whose garment or gear a thing is kept in: "the little recorder hidden in your jacket",
    "a pistol tucked under his coat". What one carries on one's body is one's own, so it must be
    on that person's sheet, as a thing in someone's hand must."""
    r = ctx.reading
    toks = r.tokens
    n = len(toks)
    k = p.end
    if k + 3 >= n or toks[k].low not in _KEPT_ON or not ctx.refs:
        return None
    if toks[k + 1].low not in ("in", "inside", "under", "beneath", "into", "behind"):
        return None
    own = k + 2
    if not (toks[own].low in V.POSSESSIVE_PRONOUNS or toks[own].possessive):
        return None
    for m in range(own + 1, min(own + 4, n)):
        w = toks[m]
        if w.kind != "word":
            return None
        lem = V.lemma(w.base)
        if lem in _STORAGE or lem in V.CLOTHING or W.is_garment(w.base):
            return ctx.refs[own]
    return None


# Participles that fasten a thing somewhere: "the brass compass lashed beside the steering oar",
# "the watch chained to his doublet".
_FASTENED = frozenset("lashed bolted chained nailed pinned screwed mounted clamped riveted welded "
                      "fastened fixed".split())
_FASTENED_AT = frozenset("to beside on onto above below against at by over near under".split())


def fastened_to(ctx: CheckContext, p: Phrase) -> tuple[bool, Holder | None]:
    """Is the thing said to be fastened somewhere ("lashed beside the steering oar"), and to
    whose garment if to one ("chained to his doublet")? A thing fixed in place is stated to be
    there, so the place (or the wearer) must have it: fastening is no way to bring one in."""
    r = ctx.reading
    toks = r.tokens
    n = len(toks)
    k = p.end
    if k + 2 >= n or toks[k].low not in _FASTENED or toks[k + 1].low not in _FASTENED_AT:
        return False, None
    own = k + 2
    if ctx.refs and (toks[own].low in V.POSSESSIVE_PRONOUNS or toks[own].possessive):
        for m in range(own + 1, min(own + 4, n)):
            w = toks[m]
            if w.kind != "word":
                break
            if V.lemma(w.base) in _STORAGE or V.lemma(w.base) in V.CLOTHING or \
                    W.is_garment(w.base):
                return True, ctx.refs[own]
    return True, None


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


def _locative_opening(r: Reading, comma: int) -> bool:
    """"Inside the reticule, beneath your dance card, lies ...": the sentence opens with
    where, so what follows "lies" is there."""
    a, _ = r.sentence_tokens[r.tokens[comma].sent]
    first = next((k for k in range(a, comma) if r.tokens[k].kind == "word"), None)
    return first is not None and (r.tokens[first].low in V.PREPOSITIONS or
                                  r.tokens[first].low in ("inside", "within", "there"))


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


def from_owned(ctx: CheckContext, i: int) -> tuple[int, Phrase] | None:
    """Where the verb at ``i`` takes its thing "from his ..." / "from her ...": the index of the
    possessive and the phrase it opens, within the clause."""
    r = ctx.reading
    toks = r.tokens
    for k in range(i + 1, min(i + 10, len(toks) - 2)):
        if toks[k].low == "from" and toks[k + 1].low in V.POSSESSIVE_PRONOUNS:
            p = r.phrase_after(k + 1)
            return None if p is None else (k + 1, p)
        if toks[k].kind == "punct":
            break
    return None


def _from_held_thing(ctx: CheckContext, i: int) -> bool:
    """"pulls one earbud from her walkman": out of a device the actor holds (a part of it),
    not out of a pack, a pocket or a sleeve."""
    found = from_owned(ctx, i)
    if found is None:
        return False
    k, p = found
    head = ctx.reading.tokens[p.head].base
    owner = ctx.refs[k] if ctx.refs else None
    return owner is not None and owner.has(head) and V.lemma(head) not in _STORAGE


def _then_kept(r: Reading, i: int) -> bool:
    """"you find a feather ... and pocket it": found and kept in the same sentence."""
    a, b = r.sentence_tokens[r.tokens[i].sent]
    return any(r.tokens[k].low in _KEEP_VERBS for k in range(i + 1, b))


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


def _to_you_after(r: Reading, i: int) -> bool:
    """Does the thing go to the player: "presses a silver amulet shaped like a moon into
    your hand", "slides a key across the bar to you"?"""
    t = r.tokens[i]
    rest = r.text[t.end:t.end + 110].lower().replace("’", "'")
    cut = re.split(r"[.;!?]|\band (?:he|she|they|then|turns|nods)\b", rest, maxsplit=1)[0]
    return bool(_TO_YOU.search(cut) or _TO_YOU_ANYWHERE.search(cut))


def _after_aside(r: Reading, k: int) -> Phrase | None:
    """"... an ashtray and, wedged under the blotter, a pawn ticket": the next thing of a list
    after an aside that says where it lay (a participle or a place, between commas)."""
    toks = r.tokens
    while k < len(toks) and toks[k].low in (",", "and"):
        k += 1
    if k >= len(toks) or not (toks[k].low.endswith(("ed", "ing")) or toks[k].low in
                              V.PREPOSITIONS):
        return None
    for j in range(k + 1, min(len(toks), k + 9)):
        if toks[j].kind == "punct" and toks[j].low != ",":
            return None
        if toks[j].low == ",":
            q = r.phrase_at.get(j + 1)
            return q if q is not None and (q.det in ("a", "an", "some")
                                           or q.count is not None) else None
    return None


def _list_after(r: Reading, p: Phrase) -> list[Phrase]:
    out = []
    k = p.end
    while k < len(r.tokens) and len(out) < 4:
        t = r.tokens[k]
        if t.low in (",", "and", "or"):
            q = r.phrase_at.get(k + 1)
            if q is None and k + 2 < len(r.tokens) and r.tokens[k + 1].low == "and":
                q = r.phrase_at.get(k + 2)
            if q is None:
                q = _after_aside(r, k + 1)
            if q is None or q.pronoun or q.name:
                break
            out.append(q)
            k = q.end
            continue
        break
    return out
