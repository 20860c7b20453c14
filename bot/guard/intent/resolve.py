"""A phrase -> what it refers to in the scene, and how that reference fills an intent's roles.

Why separate: every handler asks its phrases the same questions (is this someone? which of my
things is "my blade"? who is "him" after "I stab the guard"?), and pre-validation trusts the
answers: a canonical name when the scene has the thing, otherwise the player's words with a
guessed kind (being, place, item, fixture, ...), so that an absent thing is caught rather than
matched to something near it. Titles and owners are read strictly ("Mr. Darcy" is not "Mr.
Darrow", "Derek's dad" is someone absent) because a loose match would let an invented person
through as one who is present.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from bot.guard.index import BEING_KINDS, ITEM_KINDS, Match
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step
from bot.guard.intent.literal import has_word
from bot.guard.lexicon.magic import ABILITY_WORDS, CLASS_FEATURES, SKILLS, SPELLS, SPELL_WORDS
from bot.guard.lexicon.nouns import (
    ATTRIBUTES, BEINGS, BODY, DEVICE_HEADS, DIRECTIONS, FOOD, GEAR, GENERIC_BEINGS,
    HOSTILE_GENERICS, PLACES, UNADDRESSABLE,
)
from bot.guard.lexicon.given_names import GIVEN_NAMES
from bot.guard.lexicon.verbs import PARTICLES, PREPOSITIONS, PRONOUNS_BEING, PRONOUNS_SELF, PRONOUNS_THING, verb_lemma
from bot.guard.lexicon.wordclass import (
    compound_head, first_class, is_being, is_carried_thing, is_fixed_thing, is_garment, is_person,
    noun_codes, verb_base,
)
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, POSSESSIVES, STOPWORDS, head_word, norm_phrase, singular, thing_word
from bot.world.intent import Intent

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_POSSESSOR_RE1 = re.compile(r"'s?$")


def _category(np: _NP, ctx: _Ctx) -> str | None:
    """A guess at what an unmatched phrase names: being, place, item, fixture, direction, ..."""
    key = np.key
    if not key:
        return None
    head = head_word(key)
    words = key.split()
    caps = [t for t in np.toks if t.low not in DETERMINERS and t.low not in NUMBER_WORDS and t.low != "of"]
    proper = bool(caps) and all(t.cap for t in caps) and not ctx.index.is_scenery(head)
    if np.possessive in ("my", "our") and proper and len(caps) < len(np.toks):
        return "gear"  # "my Game Boy", "my ThinkPad": a brand, not a person
    if proper and len(caps) >= 2 and _person_word(caps[0].low) and not _person_word(head):
        return "being"  # "Lieutenant Doyle", "Doctor Mbeki", "Sister Agnes": a titled name
    if _named_in_apposition(np, ctx):
        return "being"  # "my brother Mateo", "grandfather Shalva", "the archmage Corvane": someone, named
    if len(words) >= 2 and np.possessive is None and _person_word(words[0]) and not _person_word(head) and _lowercase_name(np, ctx):
        return "being"  # "captain vane", "dr harlan" in a message all in lower case: a titled name
    if "-" in head and head not in BEINGS:
        head = compound_head(head)  # "sergeant-at-arms" is a sergeant
    if head in HOSTILE_GENERICS:
        return "hostile"
    if head in GENERIC_BEINGS:
        return "generic_being"
    if head in BEINGS:
        return "being"
    if head.isalpha() and not noun_codes(head) and _compound_being(head):
        return "being"  # "the archmage", "a shieldmaiden": a kind of someone
    if len(words) == 1 and head in DIRECTIONS:
        return "direction"
    if head in PLACES or (len(words) > 1 and words[0] in PLACES and words[-1] in ("gate", "road", "district", "quarter", "ward", "square")):
        return "place"
    if key in SPELLS:
        return "spell"
    if head in BODY or head in ATTRIBUTES or key in ATTRIBUTES:
        return "body"
    if proper:
        return "proper"
    if head in GEAR and (np.possessive in ("my", "our") or not ctx.index.is_scenery(head)):
        return "gear"
    if ctx.index.is_scenery(head):
        return "fixture"
    if head in FOOD:
        return "food"
    if head in GEAR:
        return "gear"
    # words the vocabularies lack: what WordNet says the word's commonest sense is
    codes = noun_codes(head)
    if (
        is_being(head) and head not in UNADDRESSABLE and not (codes[:1] == "X" and codes[1:2] not in ("P", "A"))
        and (not set(codes[:3]) & set("TSFV") or head.endswith(_AGENT_SUFFIXES))
    ):
        return "being"  # "the snake charmer", "the harbormaster"; not "the crank", nor "the letters"
    if is_garment(head):
        return "clothing"
    thing = thing_word(key)
    if thing in GEAR or is_carried_thing(thing) or (thing == head and head in DEVICE_HEADS and len(words) > 1):
        return "gear"  # "my cell phone", "a stick of dynamite", "my comm unit"
    if first_class(head) == "V" and np.possessive is None:
        return "vehicle"  # "the anchored galleon": somewhere to go, if it were here
    if is_fixed_thing(head):
        return "fixture"
    return None


_BEING_CATS = frozenset({"hostile", "generic_being", "being", "proper"})


# "my friend", "my hands", "my way": nothing a sheet would list
_NOT_CLAIMS = frozenset({"hostile", "generic_being", "being", "body", "place", "direction", "spell"})


_TITLES = frozenset("mr mrs ms miss mister madam madame dame sir lord lady dr doctor prof professor rev reverend father mother brother sister saint st".split())


def _named_in_apposition(np: _NP, ctx: _Ctx) -> bool:
    """Whether the phrase is a word for someone followed by their name: the name ends the phrase
    in capitals (not at the message's start) and the word just before it names a person."""
    toks = [t for t in np.toks if t.low not in DETERMINERS]
    k = len(toks)
    while k > 0 and toks[k - 1].cap and toks[k - 1].start > 0:
        k -= 1
    if k == 0 or k == len(toks) or toks[k - 1].cap:
        return False
    name = " ".join(t.text for t in toks[k:])
    word = toks[k - 1].low
    # "the god Tyr", "Saint Brigid": prayed to, not met
    return _person_word(word) and word not in UNADDRESSABLE and not ctx.index.is_scenery(head_word(norm_phrase(name)))


def _person_word(word: str) -> bool:
    """A noun for someone: a role, a relative, a title ("dad", "lieutenant", "mrs")."""
    w = word.casefold().strip(".")
    if w in _TITLES or w in BEINGS or w in GENERIC_BEINGS:
        return True
    return w.isalpha() and is_person(w)


def _lowercase_name(np: _NP, ctx: _Ctx) -> bool:
    """Someone's name in a message written all in lower case, as chat players write ("ask ian
    brown", "salute lord raglan", "ask alice about it"), where no capital can mark it: a word no
    dictionary knows, or two or three bare words (names
    take no article) that are a title and a name, or open with a given name or a word no
    dictionary knows; never anything of this scene."""
    if ctx.text is None or any(ch.isupper() for ch in re.sub(r"\bI\b", "", ctx.text)):
        return False  # (the pronoun "I" is capitalised by players who capitalise nothing else)
    lows = np.lows
    if not 1 <= len(lows) <= 3 or not all(w.isalpha() and w not in DETERMINERS and w not in POSSESSIVES for w in lows):
        return False
    if len(lows) == 1 and (noun_codes(lows[0]) or _person_word(lows[0]) or len(lows[0]) < 3
                           or _pronoun(np) is not None or lows[0] in STOPWORDS or lows[0] in PREPOSITIONS
                           or lows[0] in PARTICLES):
        return False  # one bare word is a name only if no dictionary has it ("ask alice about ...")
    if ctx.index.resolve(np.text, ("item", "content", "feature", "exit", "location", "inventory", "npc_item", "ability"), min_score=75) is not None:
        return False
    if ctx.index.resolve(lows[0], BEING_KINDS, min_score=95) is not None:
        return False  # "ask zhang abt the tiger": someone here, by the first word of what follows
    if lows[0] in _TITLES or (_person_word(lows[0]) and not any(_person_word(w) for w in lows[1:])):
        return not any(noun_codes(w)[:1] in ("P", "A") for w in lows[1:])  # "lord raglan", not "sister nurse"
    return (
        (not noun_codes(lows[0]) or lows[0] in GIVEN_NAMES) and verb_lemma(lows[0]) is None and verb_base(lows[0]) is None
        and not any(_person_word(w) for w in lows)
    )


def _compound_being(word: str) -> bool:
    """A word no dictionary has that ends in one for someone: "archmage" (a mage),
    "shieldmaiden", "stormcaller", "beastmaster"."""
    for i in range(3, len(word) - 3):
        tail = word[i:]
        if tail in BEINGS or noun_codes(tail)[:1] in ("P", "A"):
            return True
    return False

# An agent noun is someone even when WordNet also knows a device by it ("traffic controller").
_AGENT_SUFFIXES = ("er", "or", "ist", "ian", "ant", "ent", "man", "woman")


def _pronoun(np: _NP) -> str | None:
    lows = [t.low for t in np.toks if t.low not in ("the", "a", "an")]
    if len(lows) == 1:
        w = lows[0]
        if w in PRONOUNS_SELF:
            return "self"
        if w in PRONOUNS_BEING:
            return "being"
        if w in PRONOUNS_THING:
            return "thing"
    return None


def _ref_from(m: Match, text: str) -> _Ref:
    return _Ref(m.entity.name, m.entity.kind, text, True, m.score)


def _resolve(np: _NP | None, ctx: _Ctx, kinds, min_score: float = 60.0) -> _Ref | None:
    """A phrase as a scene entity of ``kinds``, via pronouns, possessors and the index."""
    if np is None or not np.toks:
        return None
    lows = np.lows
    if "of" in lows[1:] and lows[lows.index("of") - 1] in _SURFACES and lows.index("of") + 1 < len(lows):
        np = _NP(np.toks[lows.index("of") + 1 :])  # "the rock face of the cave wall" is the cave wall
    text = np.text
    p = _pronoun(np)
    if p == "self":
        return _Ref(ctx.index.player_name or "self", "self", text, True)
    if p == "being":
        if ctx.last_being is not None:
            name, kind, said = ctx.last_being
            # someone the scene lacks keeps the words that named them: "him" is "grandfather Shalva"
            return _Ref(name, kind, said if kind == "being" else text, kind not in ("being", None))
        if ctx.last_unknown is not None and lows[0] in _PERSONAL:
            # "walk up to capone and tell him ...": the word gone up to names someone
            name, said = ctx.last_unknown
            return _Ref(name, "being", said, False, 0.0)
        return _Ref(text, None, text, False, 0.0)
    if p == "thing":
        src = ctx.last_thing or ctx.last_being
        if src is not None:
            name, kind, _ = src
            return _Ref(name, kind, text, kind not in ("being", "item", None) or kind in ITEM_KINDS)
        return _Ref(text, None, text, False, 0.0)
    owner = _possessor(np)
    if owner is not None:
        owner_text, rest = owner
        whole = ctx.index.resolve(text, kinds, min_score=88)
        if whole is not None:
            return _ref_from(whole, text)
        who = ctx.index.resolve(owner_text, BEING_KINDS, min_score=70)
        rest_head = head_word(norm_phrase(rest)) if rest else ""
        owner_words = owner_text.split()
        someones = who is not None or (owner_words and (owner_words[-1][:1].isupper() or _person_word(head_word(norm_phrase(owner_text)))))
        if rest_head and someones and _person_word(rest_head) and owner_text.casefold() not in ctx.index.player_names:
            # "Derek's dad", "the King's guard": someone, whose own name the scene may not use;
            # one of the people present when the role names them, else someone absent
            here = ctx.index.resolve(rest, BEING_KINDS, min_score=85)
            if here is not None and (who is None or here.entity.name != who.entity.name):
                return _ref_from(here, text)
            return _Ref(text, "being", text, False, 0.0)
        if who is not None and rest and norm_phrase(rest).split()[-1:] and norm_phrase(rest).split()[-1] in BODY:
            return _Ref(who.entity.name, who.entity.kind, text, True, who.score)  # "Bram's head"
        if who is not None and rest and (kinds is None or "npc_item" in kinds):
            for m in ctx.index.resolve_all(rest, ("npc_item",), limit=10, min_score=70):
                if m.entity.owner == who.entity.name:
                    return _ref_from(m, text)
            return _Ref(f"{who.entity.name}'s {rest}", "npc_item", text, False, 0.0)
        if ctx.index.player_names and owner_text.casefold() in ctx.index.player_names:
            np = _NP([t for t in np.toks if not t.low.endswith("'s")])
            text = np.text
    m = ctx.index.resolve(text, kinds, min_score=min_score)
    if m is not None and not m.exact and m.entity.kind in BEING_KINDS and not _same_name(np, m.entity.name, ctx):
        return None  # "Mr. Darcy" is not "Mr. Darrow": a title shared, the name not
    if m is not None and m.entity.kind in BEING_KINDS and _of_elsewhere(np, m.entity.name, ctx):
        return None  # "the king of tikal" is not the king here, who rules elsewhere
    if m is not None:
        return _ref_from(m, text)
    return None


def _of_elsewhere(np: _NP, name: str, ctx: _Ctx) -> bool:
    """Whether a title is tied by "of" to a named place this scene never mentions ("the king of
    Tikal" when the king here rules Copan): the same title, held somewhere else, by someone else.
    A place word the dictionary knows ("the captain of the guard") is no such name."""
    lows = np.lows
    if "of" not in lows[1:]:
        return False
    after = [t for t in np.toks[lows.index("of") + 1 :] if t.low not in DETERMINERS]
    if not after or not all(t.low.isalpha() for t in after):
        return False
    if not all(t.cap or not noun_codes(t.low) for t in after):
        return False
    known = set(norm_phrase(name).split())
    npc = ctx.scene.npc(name)
    if npc is not None:
        for alias in npc.aliases:
            known.update(norm_phrase(alias).split())
    loc = ctx.scene.location
    said = " ".join([getattr(ctx.scene, "setting", "") or "", loc.name or "", loc.description or "", *loc.exits]).casefold()
    return not any(t.low in known or has_word(said, t.low) for t in after)


def _same_name(np: _NP, name: str, ctx: _Ctx) -> bool:
    """For a titled name ("Mr. Darcy", "Sergeant Pike"), whether its name words are the
    entity's (its name or an alias), a typo apart; other phrases always pass."""
    caps = [t for t in np.toks if t.low not in DETERMINERS and t.low.strip(".")]
    if len(caps) < 2 or not all(t.cap for t in caps) or not _person_word(caps[0].low):
        return True
    names = [t.low.strip(".") for t in caps[1:] if not _person_word(t.low)]
    if not names:
        return True
    known: set[str] = set(norm_phrase(name).split())
    npc = ctx.scene.npc(name)
    if npc is not None:
        for alias in npc.aliases:
            known.update(norm_phrase(alias).split())
    for member in ctx.scene.party:
        if member.name == name:
            known.update(norm_phrase(member.name).split())
    said = _TITLE_SEX.get(caps[0].low.strip("."))
    if said is not None and any(_TITLE_SEX.get(k) not in (None, said) for k in known) and not any(_TITLE_SEX.get(k) == said for k in known):
        return False  # "Mr. Patel" is not "Mrs. Patel"
    return all(any(OSA.normalized_similarity(w, k) >= 0.8 for k in known) for w in names)


_TITLE_SEX = {
    **{w: "m" for w in "mr mister sir lord king prince duke baron count earl father brother uncle monsieur senor herr".split()},
    **{w: "f" for w in "mrs ms miss madam madame lady queen princess duchess baroness countess mother sister aunt dame mistress mme mlle senora frau".split()},
}


# Parts of a thing that stand for it when one climbs, walks or reaches them.
_SURFACES = frozenset("face side top edge base foot surface front back summit lip rim wall".split())


def _possessor(np: _NP) -> tuple[str, str] | None:
    """ "Thorin's pickaxe" -> ("Thorin", "pickaxe")."""
    for i, t in enumerate(np.toks[:-1]):
        if t.low.endswith("'s") or (t.low.endswith("s'") and i < len(np.toks) - 1):
            owner = " ".join(x.text for x in np.toks[: i + 1])
            owner = _POSSESSOR_RE1.sub("", owner)
            rest = " ".join(x.text for x in np.toks[i + 1 :])
            return owner, rest
    return None


def _mine(np: _NP) -> bool:
    """ "my pack", "our rope", "a bit of my ration bar", "one of my torches"."""
    if np.possessive in ("my", "our"):
        return True
    lows = np.lows
    for i in range(len(lows) - 1):
        if lows[i] == "of" and lows[i + 1] in ("my", "our"):
            return i <= 3
    return False


def _unresolved(np: _NP, ctx: _Ctx) -> _Ref:
    cat = _category(np, ctx)
    kind = {
        "hostile": "being", "generic_being": "being", "being": "being", "proper": "being",
        "place": "place", "direction": "direction", "gear": "item", "fixture": "fixture",
        "food": "item", "spell": "spell", "body": "self", "vehicle": "place",
    }.get(cat or "", None)
    return _Ref(np.text, kind, np.text, False, 0.0)


def _being(np: _NP | None, ctx: _Ctx, allow_objects: bool = True, places: bool = True) -> _Ref | None:
    """Someone (or, for attacks, something; with ``places``, even a place) acted upon."""
    if np is None:
        return None
    ref = _resolve(np, ctx, BEING_KINDS, min_score=60)
    if ref is not None and (ref.kind in BEING_KINDS or ref.kind in ("self", None, "being")):
        if ref.resolved or ref.kind == "self" or _pronoun(np):
            return ref
    if ref is not None and not ref.resolved and ref.kind not in BEING_KINDS:
        if _pronoun(np):
            return ref
    if allow_objects:
        kinds = ("item", "content", "feature", "npc_item", "inventory", "exit", "location") if places else ("item", "content", "feature", "npc_item", "inventory")
        obj = _resolve(np, ctx, kinds, min_score=75)
        if obj is not None:
            return obj
    cat = _category(np, ctx)
    if cat == "hostile" and ctx.scene.creatures:
        m = ctx.index.resolve(ctx.scene.creatures[0], ("creature",))
        if m is not None:
            return _Ref(m.entity.name, "creature", np.text, True, 60.0)
    return _unresolved(np, ctx)


def _is_beingish(np: _NP | None, ctx: _Ctx) -> bool:
    if np is None:
        return False
    pron = _pronoun(np)
    if pron is not None:
        return pron in ("being", "self")
    ref = _resolve(np, ctx, BEING_KINDS, min_score=70)
    if ref is not None and ref.resolved and ref.kind in BEING_KINDS:
        return True
    return _category(np, ctx) in _BEING_CATS


def _method(np: _NP | None, ctx: _Ctx) -> _Ref | None:
    """What is used: the player's item or ability first, then a spell, then anything in reach."""
    if np is None or not np.toks:
        return None
    p = _pronoun(np)
    if p == "thing" and ctx.last_thing is not None:
        name, kind, _ = ctx.last_thing
        return _Ref(name, kind, np.text, True)
    owner = _possessor(np)
    if owner is not None and owner[0].casefold() not in ctx.index.player_names:
        ref = _resolve(np, ctx, ("npc_item", "inventory", "item"), min_score=70)
        if ref is not None:
            return ref
    text = np.text
    key = np.key
    poss = np.possessive
    mine = _resolve(np, ctx, ("inventory", "ability"), min_score=75)
    if mine is not None and mine.score >= 80:
        return mine
    # an exact name of something someone else holds beats a loose match in the pack
    other = ctx.index.resolve(text, ("npc_item", "item", "content", "feature"), min_score=60)
    if other is not None and other.entity.kind == "npc_item" and ctx.index.loose_head_match(text, other):
        other = ctx.index.resolve(text, ("item", "content", "feature"), min_score=60)  # "a glass"
    if other is not None and other.exact and (mine is None or not mine.score >= 88):
        return _ref_from(other, text)
    if mine is not None:
        return mine
    if len(key.split()) == 1:
        typo = ctx.index.resolve(text, ("inventory",), min_score=60)  # "my swrod"
        if typo is not None:
            return _ref_from(typo, text)
    if _names_spell(np, key):
        return _Ref(text, "spell", text, False)
    if other is not None and other.score >= 70 and poss not in ("my", "our"):
        return _ref_from(other, text)
    return _Ref(text, None, text, False, 0.0)


def _names_spell(np: _NP, key: str) -> bool:
    """ "fireball", "a fireball", "my magic missile", "a spell"; not "the lights" or "shields"."""
    if key.split()[-1:] == ["spell"] or key in SPELL_WORDS:
        return True
    if key not in SPELLS:
        return False
    if any(t.low in ("the", "this", "that", "these", "those") for t in np.toks):
        return False
    last = np.toks[-1].low
    return singular(last) == last or len(key.split()) > 1


def _with_method(step: _Step, ctx: _Ctx) -> _Ref | None:
    for prep, np in step.pps:
        if prep in ("with", "using", "via"):
            return _method(np, ctx)
    return None


def _new(action: str, words: str, conf: float) -> Intent:
    return Intent(action, words=words, confidence=round(conf, 3))


def _set_target(intent: Intent, ref: _Ref | None) -> None:
    if ref is None:
        return
    intent.target = ref.name
    intent.target_kind = ref.kind
    intent.target_text = ref.text
    intent.resolved = ref.resolved
    if ref.resolved and ref.score < 70:
        intent.confidence = round(intent.confidence * 0.9, 3)


def _set_method(intent: Intent, ref: _Ref | None, ctx: _Ctx, kind: str | None = None) -> None:
    if ref is None:
        return
    intent.method = ref.name
    intent.method_text = ref.text
    if kind is not None:
        intent.method_kind = kind
    elif ref.kind == "ability":
        intent.method_kind = "spell" if norm_phrase(ref.name) in SPELLS else "ability"
    elif ref.kind == "spell":
        intent.method_kind = "spell"
    elif ref.kind in ITEM_KINDS or ref.kind in ("feature", "item"):
        intent.method_kind = "item"
    elif ref.kind is None:
        intent.method_kind = _method_kind_guess(ref.text, ctx)


def _method_kind_guess(text: str, ctx: _Ctx) -> str | None:
    key = norm_phrase(text)
    if not key:
        return None
    words = key.split()
    head = words[-1]
    if key in SPELLS or head in ("spell", "cantrip", "magic", "sorcery"):
        return "spell"
    if key in CLASS_FEATURES or key in SKILLS or head in ABILITY_WORDS or (len(words) > 1 and " ".join(words[:-1]) in SKILLS):
        return "ability"
    if head in BODY or head in ATTRIBUTES:
        return "ability"
    return "item"


def _inherit_target(intent: Intent, ctx: _Ctx) -> None:
    if intent.target is None and ctx.last_being is not None:
        name, kind, text = ctx.last_being
        intent.target, intent.target_kind, intent.target_text = name, kind, None
        intent.resolved = kind not in ("being", None)
        intent.confidence = round(intent.confidence * 0.9, 3)


# Pronouns that can only mean a person.
_PERSONAL = frozenset({"him", "her", "he", "she"})


_MONEY_TOPIC = re.compile(r"\b(?:gold|silver|copper|coins?|gp)\b", re.I)


def _remember(intent: Intent, ctx: _Ctx) -> None:
    if (
        intent.action_type == "move" and intent.target is not None and intent.target_kind is None and not intent.resolved
        and intent.target_text and len(intent.target_text.split()) <= 3
        and not any(w in DIRECTIONS or w in DETERMINERS or noun_codes(w) for w in intent.target_text.casefold().split())
    ):
        # a word no dictionary knows, gone up to: a name, whose kind a later pronoun tells
        ctx.last_unknown = (intent.target, intent.target_text)
    person = intent.target_kind in ("npc", "party")
    if intent.target is not None and intent.target_kind not in ("self", "direction", None):
        ref = (intent.target, intent.target_kind, intent.target_text or intent.target)
        if intent.target_kind in BEING_KINDS or intent.target_kind == "being":
            ctx.last_being = ref
        ctx.last_thing = ref
    if person and intent.method is not None and intent.method_kind == "item":
        # "I show Greta my sword and offer to sell it": a person is him or her; "it" is the thing
        ctx.last_thing = (intent.method, "item", intent.method_text or intent.method)
    elif intent.target is None and intent.method is not None and intent.method_kind == "item":
        ctx.last_thing = (intent.method, "item", intent.method_text or intent.method)
    if intent.action_type == "buy" and intent.topic and not _MONEY_TOPIC.search(intent.topic):
        # "I buy a stew from Greta and eat it": what is bought is the thing a later "it" is,
        # not the one who sold it
        goods = " ".join(w for w in intent.topic.split() if w.casefold() not in DETERMINERS) or intent.topic
        ctx.last_thing = (goods, "item", intent.topic)
