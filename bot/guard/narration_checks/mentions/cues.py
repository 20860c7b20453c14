"""What every mention check asks first: does this happen here, now, and what kind of word is it.

A mention needs grounding only when it is an event of the scene: not inside quotes or under a
negation, not someone said to be gone, dead or in another town ("the landlord is in Tacoma"), not
something far off and staying there ("somewhere out on the water a fish jumps"). These readings,
the verbs of coming in and of lying still, and the sorting of a word into item, creature, person,
fixture or colour are shared by the checks for names, people, creatures and things, so they sit
below all four and import none of them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard import vocabulary as V
from bot.guard.lexicon import wordclass as W
from bot.guard.prose import Phrase, Reading

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
_LIES = frozenset("lies lay rests rested sits sat hangs hung leans leaned waits gleams gleamed "
                  "glints glinted glitters glittered glows sparkles sparkled shines shone "
                  "dangles dangled".split())
_PARTICLES = frozenset({"out", "up", "down", "forth", "over", "off", "back", "away", "on", "in",
                        "open", "free", "loose"})
_DISTANT = re.compile(r"\b(?:somewhere|in the distance|far off|far away|far below|far above|"
                      r"outside|past the windows?|beyond the windows?|beyond the|overhead|from afar|distant|next door|down the "
                      r"street|across the (?:street|square|valley|water)|"
                      # on the skyline, or seen through a far-seeing glass
                      r"on the (?:[\w-]+ )?(?:horizon|skyline|ridge|ridgeline)|"
                      r"through (?:your|the|his|her|their|a) (?:[\w-]+ )?(?:spyglass|telescope|"
                      r"binoculars|field glasses|eyeglass|scope))\b")
_APPROACH = re.compile(r"\b(?:closer|nearer|toward you|towards you|at you|straight for|"
                      r"wraps? (?:itself|themselves) around|coils? around|seizes?|grabs?|"
                      r"lunges?|charges?|bears? down)\b")
_ABSENT = frozenset("gone dead away missing absent elsewhere buried departed deceased "
                    "vanished fled left drowned lost nowhere".split())


def _event(r: Reading, i: int) -> bool:
    t = r.tokens[i]
    return not t.muted and not t.negated


_PERSONAL_OWNERS = frozenset({"your", "my", "his", "her", "our"})


def own_body_part(r: Reading, p: Phrase, head_i: int) -> bool:
    """"your calf", "up through your soles": a word that may name a body part, owned by
    someone, is that part of them, not a beast or a thing to carry ("its calf" may be a cow's)."""
    return p.owner in _PERSONAL_OWNERS and head_i == p.head and \
        W.may_be_body_part(r.tokens[head_i].base)


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


def _distant(r: Reading, p: Phrase) -> bool:
    """Far off and staying there ("somewhere out on the water a fish jumps"); not a beast
    that comes at the scene from afar ("beyond the wreck a shark's fin circles closer")."""
    a, b = r.sentences[r.tokens[p.head].sent]
    said = r.text[a:b].lower()
    return bool(_DISTANT.search(said)) and not _APPROACH.search(said)
