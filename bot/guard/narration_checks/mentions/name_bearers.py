"""Whom a capitalised name could be, and whether the words around it put its bearer here.

A name the scene knows may still be someone else ("Mr. Patel" when only Mrs. Patel is here:
titles carry a sex), a place ("Port Aldane"), a thing by its make ("the Winchester") or the maker
of a work ("a tune by Mr. Handel"); a name the scene does not know matters only when a frame puts
its bearer in the room ("turn to find Zarek beside you", "you buy an ale from Captain Jorund").
These lookups are indexed once per scene and kept apart from the check that weighs them.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.given_names import GIVEN_NAMES
from bot.guard.prose import Phrase, Reading

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
# What is swung, shot or hurled at someone reaches them only if they are here.
_AIMED_AT = frozenset(
    "swing swings swung lunge lunges lunged streak streaks streaked fire fires fired shoot "
    "shoots hurl hurls hurled throw throws threw fling flings flung aim aims aimed slash "
    "slashes slashed jab jabs jabbed thrust thrusts hurtle hurtles hurtled fly flies flew "
    "leap leaps leapt leaped charge charges charged cast casts loose looses loosed".split())
_PLACE_HEADS = V.PLACES | frozenset(
    "port isles isle peaks peak mountains hills falls springs reach pass heights fields ward "
    "marches wastes downs fen vale sound strait straits point cape head mount fort gardens "
    "halls sands woods spires gulch junction crossing ford".split())

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


def _before_title(r: Reading, start: int) -> int:
    """The token before a name, past an abbreviated title ("by Mr. Haydn" -> "by")."""
    k = start - 1
    if k >= 1 and r.tokens[k].low == "." and r.tokens[k - 1].base in V.TITLES | {
            "mr", "mrs", "ms", "dr", "st", "capt", "sgt", "lt", "prof", "rev"}:
        k -= 2
    return k


_BEARING = frozenset({"toward", "towards", "beyond", "past"})


def _bearing(r: Reading, p: Phrase, core: list[str]) -> bool:
    """"bells clang somewhere toward the Bund", "the lights beyond the Narrows": one name word
    under "the" after a word of direction is where something lies or sounds from, a place."""
    k = _before_title(r, p.start)
    return p.det == "the" and len(core) == 1 and k >= 0 and r.tokens[k].low in _BEARING


def _authored(r: Reading, p: Phrase) -> bool:
    """"a lively air by Mr. Haydn", "a portrait by Lawrence", "a novel by Mrs. Radcliffe": the
    name made a work the sentence names; it does not stand by."""
    k = _before_title(r, p.start)
    if k < 1 or r.tokens[k].low != "by":
        return False
    work = r.phrase_containing(k - 1)
    return work is not None and not work.pronoun and not work.name and not V.is_person_noun(
        r.tokens[work.head].base) and not V.creature_group(r.tokens[work.head].base)


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
        if toks[k].low == "at" and any(
                toks[j].low in _AIMED_AT and toks[j].clause == toks[k].clause
                for j in range(max(0, k - 7), k)):
            return True  # "your magic missile streaks at Thessaly": no one absent is aimed at
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
        if before.replace("’", "'") in ("it's", "that's", "'tis") and \
                toks[k].initial:
            return True  # "It's Markus Wolf, hat in hand": the one at the door, named
    e = p.end
    if e + 1 < len(toks) and toks[e].low == "," and toks[e + 1].low == "who" and \
            e + 2 < len(toks) and toks[e + 2].low not in ("was", "were", "had", "once", "used"):
        return True
    after = " ".join(t.low for t in toks[e:e + 3])
    return after.startswith(("beside you", "behind you", "next to you", "at your side",
                             "at your elbow", "beside him", "beside her"))


def _surnamed(lead: list[str]) -> bool:
    """"Markus Wolf", "Ana Crane": a first word that is no English word nor beast, then a beast's
    word, is a given name and a surname, not a kind of creature ("Diamond Horses", "Dire
    Wolf" open with English words)."""
    return len(lead) >= 2 and not V.creature_group(lead[0]) and (
        lead[0] in GIVEN_NAMES or not (V.ordinary_word(lead[0]) or W.is_known_noun(lead[0])))


_PLACE_LINKS = frozenset({"at", "of", "in"})


def _placed(r: Reading, p: Phrase) -> bool:
    """"the quay at Adulis", "the palace chapel at Aachen", "the Army bunker": a name joined to a
    place noun, after it by "at", "of" or "in" or heading it, says where a place is, so what it
    adds to the scene is somewhere else, not someone."""
    toks = r.tokens
    if toks[p.end - 1].possessive:
        return False
    k = _before_title(r, p.start)
    if k >= 1 and toks[k].low in _PLACE_LINKS and V.lemma(toks[k - 1].base) in V.PLACES:
        return True
    return p.end < len(toks) and toks[p.end].kind == "word" and not toks[p.end].cap and \
        V.lemma(toks[p.end].base) in V.PLACES


def _made(r: Reading, p: Phrase) -> bool:
    """"a Red Cross gas mask", "an Ostrander carbine": a name after "a" that runs on into a
    lowercase noun naming no one, no beast and no place is the make of a thing, so what it adds
    to the scene is an item, not a person."""
    toks = r.tokens
    if p.det not in ("a", "an") or toks[p.end - 1].possessive or p.end >= len(toks):
        return False
    nxt = toks[p.end]
    word = nxt.base
    return nxt.kind == "word" and not nxt.cap and W.is_known_noun(word) and \
        not V.is_verb(word) and not V.is_person_noun(word) and not V.creature_group(word) and \
        V.lemma(word) not in V.PLACES
