"""When a creature's word names no beast in the room.

Animal names fill prose that has no animal in it: ornaments ("a silver owl"), food and trophies
("a leg of lamb", "the boar's tusks on the wall"), verbs ("the dog wolfs it down", "ducks under
the cloth"), the traces of a past passing ("where the cat drank"), the matter of a verse the
player recites, a shapechanger's own form, a held thing's name ("his baseball bat"). Each reading
here is a reason not to ask the scene for the creature; they are kept apart so that the creature
check weighs only beasts that are there.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import CheckContext, has_owner, owner_of, subject_before
from bot.guard.narration_checks.mentions.cues import _LIES, _PARTICLES
from bot.guard.prose import Phrase, Reading, Token, verb_after

_DECOR = frozenset("dead lifeless long-dead "
                   "stuffed carved painted wooden stone iron bronze brass silver golden toy "
                   "clay ceramic porcelain embroidered stitched tattooed woven statue figurine "
                   "plush paper glass marble jade wax mounted roast roasted fried smoked salted "
                   "stewed grilled baked cured dried pickled".split())
_FOOD_AFTER = frozenset("stew pie meat steak leg legs roast soup broth jerky sausage sausages "
                        "pelt pelts hide hides skin skins fur bone bones skull skulls head "
                        "heads feather feathers tooth teeth horn horns tusk tusks trophy "
                        "blanket rug cloak leather".split())
_CUTS = frozenset("chunk slice piece bit strip fillet sliver shred hunk lump scrap morsel bite "
                  "leg side haunch rack joint flank shank cutlet steak rasher wing thigh breast "
                  "bowl plate platter pot pan dish skewer spit".split())
_PAST_FORMS = frozenset("drank ate ran slept lay came went passed stood sat fought fell crossed "
                        "bedded swam flew crept stole killed left made dug took hid".split())
_WINDING = frozenset("across along through around over under up down toward towards into "
                     "between past away off".split())
# Parts that move only on a living beast: a "kraken tentacle" that slaps is a kraken's.
_LIVE_PARTS = frozenset("tentacle tentacles claw claws talon talons maw jaws pincer pincers "
                        "snout tail tails fin fins".split())
_CHANGE_CUES = frozenset("into becomes become became where place shifts shifted changes changed "
                         "transforms transformed swells swelled morphs morphed turns turned "
                         "form shape until are".split())
_PERFORMING = re.compile(r"\b(?:recite|recites|sing|sings|tell|tells|perform|performs|chant|"
                         r"chants|play|plays|read|reads|narrate|declaim|quote)\b")


def _moves(r: Reading, p: Phrase) -> bool:
    """Does the phrase's thing do something ("slaps down"), rather than hang or lie there?"""
    vi = verb_after(r, p, limit=3)
    if vi is None:
        return False
    low = r.tokens[vi].low
    return low not in _LIES and low not in V.AUXILIARIES and low not in ("dangles", "dangling",
                                                                         "hanging", "lying")


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
    return any(mods <= ws for ws in _creature_named_items(g).get(lem, ()))


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


def _likeness_before(t: Token) -> bool:
    """Is the word before "as a(n) ..." a quality or a costume ("slow as an owl's", "quick as a
    cat", "dressed as a bear") rather than a verb ("she stands as a wolf howls")?"""
    low = t.low
    if t.kind != "word" or low in V.PREPOSITIONS or low in V.CONJUNCTIONS:
        return False
    if low in _ROLE_VERBS or V.looks_adjective(low) or low.endswith("ly"):
        return True
    return not low.endswith(("s", "ed", "ing")) and W.first_class(low) not in ("N", "V", "X") \
        and not W.is_known_noun(low)


_ROLE_VERBS = frozenset({"playing", "plays", "played", "play", "dressed", "costumed", "disguised",
                         "masked", "portraying", "portrays", "portrayed", "impersonating"})
_EXCEPT = frozenset({"save", "except", "but", "apart", "aside", "besides"})


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
    if before == "for" and p.start > 1 and r.tokens[p.start - 2].low in _EXCEPT:
        return False  # "empty save for a grey shark": the one that is there
    if before in ("of", "about", "like", "for", "than", "no", "without", "named", "called"):
        return True
    if p.start > 1 and r.tokens[p.start - 2].low == "like" and r.tokens[p.start - 1].kind == "word" \
            and not W.is_known_noun(before):
        return True  # "swaying like slow fireflies": a likeness
    if before == "as" and p.start > 1 and _likeness_before(r.tokens[p.start - 2]):
        return True  # "slow as an owl's", "dressed as a bear": a likeness, not a beast
    if before == "the" and p.start > 1 and r.tokens[p.start - 2].low in _ROLE_VERBS:
        return True  # "whoever is playing the vengeful spirit": a part on a stage
    if p.start > 0 and r.tokens[p.start - 1].low in _ROLE_VERBS:
        return True
    if all(t.text.isupper() for t in r.tokens[p.start:p.end] if t.kind == "word") and \
            p.end - p.start > 1:
        return True  # "every dish reads FREE FOR KESTREL": words on a screen
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
        if r.tokens[p.of_head - 1].low in ("a", "an") and V.is_person_noun(of) and \
                p.det in ("a", "an"):
            return True  # "a bear of a man", "an ox of a woman": the person, described
    if head_i == p.head and _depicted(r, p):
        vi = verb_after(r, p, limit=3)
        if vi is None or r.tokens[vi].low in _STROKES or not _moves(r, p):
            return True  # "paints a carp across the bowl", "a heron in four strokes"
    word = r.tokens[head_i].low
    if word in V.CREATURE_AMBIGUOUS and head_i == p.end - 1 and (
            _on_a_held_thing(r, head_i) or before in _BREAKING or _thing_sense(r, p, head_i)):
        return True  # "the seal on the letter", "you break the seal": the stamp, no beast
    if word in V.CREATURE_AMBIGUOUS and head_i == p.head and _made_of_stuff(r, p, head_i):
        return True  # "its beeswax seal", "the wax seal": the stamp, made of that stuff
    if word in V.SESSILE:
        return True  # "barnacles scrape your palms": the hull's crust
    if word in V.CREATURE_AMBIGUOUS and not p.det and p.count is None and \
            not word.endswith("s") and not r.tokens[p.start].initial and not (
                p.start > 0 and r.tokens[p.start - 1].possessive) and head_i == p.head:
        return True
    return False


# Making an image: what is painted, drawn, carved or stitched is a likeness of a beast, and so
# is what is laid down "in four quick strokes" (a brush's or a pen's work), whatever the verb.
_DEPICT = frozenset(
    "paint paints painted painting draw draws drew drawing sketch sketches sketched sketching "
    "carve carves carved carving etch etches etched etching engrave engraves engraved engraving "
    "embroider embroiders embroidered stitch stitches stitched whittle whittles whittled sculpt "
    "sculpts sculpted ink inks inked doodle doodles doodled trace traces traced "
    "depict depicts depicted portray portrays portrayed".split())
_STROKES = frozenset({"stroke", "strokes", "lines", "dabs", "flicks", "sweeps"})


def _depicted(r: Reading, p: Phrase) -> bool:
    """Is the creature the object of a verb of making an image ("Mei paints a carp on the
    bowl"), or laid down "in a few strokes" in its clause? Then it is a picture, not a beast."""
    toks = r.tokens
    k = p.start - 1
    while k >= 0 and toks[k].low in ("out", "in", "on", "up", "quickly", "deftly"):
        k -= 1  # "sketches out a heron", "deftly paints a carp"
    if k >= 0 and toks[k].low in _DEPICT:
        # "draws a carp from the jar", "traces a rat out of the wall" take a beast out
        return not (p.end < len(toks) and toks[p.end].low in ("from", "out", "off"))
    _, b = r.sentence_tokens[toks[p.head].sent]
    for m in range(p.end, min(b, p.end + 12)):
        if toks[m].low in _STROKES and any(toks[q].low in ("in", "with")
                                           for q in range(max(p.end, m - 4), m)):
            return True
        if toks[m].kind == "punct" and toks[m].low in (";", ":"):
            break
    return False


_BOUND_TO = frozenset({"on", "of", "upon"})
# Verbs whose object is a made thing, broken open: one breaks a seal or cracks a bat, not a beast.
_BREAKING = frozenset("break breaks broke breaking crack cracks cracked cracking snap snaps "
                      "snapped unseal unseals unsealed".split())


def _made_of_stuff(r: Reading, p: Phrase, head_i: int) -> bool:
    """Is a word whose commonest sense is a made thing ("seal", "rook") said to be made of a
    stuff ("its beeswax seal", "a lead seal"), with no beast's act after it? A material names
    what the thing is made of; beasts are not made of wax."""
    if head_i == p.start or W.first_class(r.tokens[head_i].base) not in ("T", "O", "G"):
        return False
    before = r.tokens[head_i - 1]
    if before.kind != "word" or not W.is_substance(before.base) or \
            V.creature_group(before.base):
        return False
    vi = verb_after(r, p, limit=3)
    return vi is None or r.tokens[vi].low not in V.ANIMAL_VERBS


def _on_a_held_thing(r: Reading, i: int) -> bool:
    """Is the word at ``i`` bound by "on"/"of" to a thing one carries that is no furniture ("the
    seal on the letter", "the seal of the cask")? A word with a thing's sense as well as an
    animal's then names the thing: animals sit on rocks and tables, not on a letter's fold."""
    k = i + 1
    if k >= len(r.tokens) or r.tokens[k].low not in _BOUND_TO:
        return False
    k += 1
    while k < len(r.tokens) and r.tokens[k].kind == "word" and (
            r.tokens[k].low in V.DETERMINERS or r.tokens[k].possessive):
        k += 1
    while k + 1 < len(r.tokens) and r.tokens[k + 1].kind == "word" and \
            V.lemma(r.tokens[k + 1].base) in V.ITEMS:
        k += 1  # "the seal on the sealskin letter case": to the head
    if k >= len(r.tokens) or r.tokens[k].kind != "word":
        return False
    lem = V.lemma(r.tokens[k].base)
    return lem in V.ITEMS and lem not in V.FIXTURES and not V.creature_group(lem)


def _thing_sense(r: Reading, p: Phrase, i: int) -> bool:
    """Does the sentence name what the word's thing sense belongs with ("the seal" beside "the
    joint", "a mole" beside "her cheek"), while the word does nothing only a beast does?"""
    cues = V.CREATURE_THING_SENSES.get(V.lemma(r.tokens[i].base))
    if not cues:
        return False
    vi = verb_after(r, p, limit=3)
    if vi is not None and r.tokens[vi].low in V.ANIMAL_VERBS:
        return False  # "the seal barks at the pipe"
    a, b = r.sentence_tokens[r.tokens[i].sent]
    return any(k != i and r.tokens[k].kind == "word" and V.lemma(r.tokens[k].base) in cues
               for k in range(a, b))


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
    if _relative_verb(r, p, head_i) or _gesture_of(r, p, head_i):
        return True
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


_OBJECT_OPENERS = frozenset("a an the his her its their your my our this that these those "
                            "some".split())


def _gesture_of(r: Reading, p: Phrase, head_i: int) -> bool:
    """"a grateful duck of the head", "a quick crane of her neck": an animal's name of a part
    of the body is the movement that part makes (the verb made a noun), not the animal."""
    k = head_i + 1
    if head_i != p.head or k >= len(r.tokens) or r.tokens[k].low != "of":
        return False
    k += 1
    if k < len(r.tokens) and r.tokens[k].low in _OBJECT_OPENERS:
        k += 1
    return k < len(r.tokens) and V.lemma(r.tokens[k].base) in V.BODY


def _relative_verb(r: Reading, p: Phrase, head_i: int) -> bool:
    """"the hand that bears his ring", "a rope which snakes its way": "that" after a noun opens
    a relative clause, so the animal's name after it, ending in -s and followed by an object,
    is its verb and not a beast that "that" points at."""
    if p.det not in ("that", "which") or head_i != p.end - 1 or head_i != p.start + 1 or \
            p.start == 0 or head_i + 1 >= len(r.tokens):
        return False
    before, nxt = r.tokens[p.start - 1], r.tokens[head_i + 1]
    return r.tokens[head_i].low.endswith("s") and before.kind == "word" and \
        W.is_known_noun(before.base) and nxt.low in _OBJECT_OPENERS


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
