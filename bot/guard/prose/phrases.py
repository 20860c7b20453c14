"""Chunking a narration into noun phrases: determiner, count, owner, head, "of" complement.

The checks weigh things, not words: "two goblins", "another key", "the ship's cat", "a pack of
wolves" and "Captain Jorund" each name one thing with a count, an owner, a partitive or a name.
Most of the difficulty is telling where a phrase stops and its verb begins ("the cat flicks its
tail" against "city guards burst in", "Greta wipes the bar") and whether a capitalised word opening
a sentence is somebody ("Rook nods") or an English word ("Chitin cracks"); the chunker decides
that once, so that every check counts and grounds the same phrases.
"""

from __future__ import annotations

from bot.guard import vocabulary as V
from bot.guard.lexicon import wordclass as W
from bot.guard.prose.grammar import (
    _OBJECT_STARTS, _PARTICLES, _adjectival, _adverbish, _is_nounish, _participle, _plural,
    _pronoun_contraction, _verbish,
)
from bot.guard.prose.tokens import Phrase, Reading, Token

_NP_BREAK = (V.PREPOSITIONS | V.CONJUNCTIONS | V.AUXILIARIES | V.PRONOUNS | V.INTERJECTIONS
             | frozenset({"to", "not", "there", "here", "where", "when", "who", "which", "that",
                          "what", "whose", "how", "why", "than", "as"})) - frozenset({"one"})

_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
             "eighth": 8, "ninth": 9, "tenth": 10}

COMMON_BIGRAMS = frozenset({"hit points", "hit point", "gold coins", "silver coins", "copper coins",
                            "gold pieces", "silver pieces", "lock picks", "fire escape",
                            "stained glass", "holy water", "holy symbol", "spell book",
                            "war hammer", "battle axe", "throwing knives", "arrow slits"})

_UNITS = frozenset({"hp", "ac", "dc", "xp", "gp", "sp", "cp", "pp", "ep", "npc", "npcs", "pc",
                    "pcs", "dm", "gm", "ok", "am", "pm", "ad", "bc", "aoe", "str", "dex", "con",
                    "int", "wis", "cha", "d4", "d6", "d8", "d10", "d12", "d20", "d100", "ft",
                    "mph", "km", "lbs", "kg"})


def has_owner_det(toks: list[Token], i: int) -> bool:
    """Does the phrase starting at i open with an owner ("his gorilla arms")?"""
    return toks[i].low in V.POSSESSIVE_PRONOUNS or toks[i].possessive


def _chunk(r: Reading, names: frozenset[str], bigrams: frozenset[str]) -> None:
    toks = r.tokens
    n = len(toks)
    i = 0
    after_np = False
    while i < n:
        t = toks[i]
        if t.kind == "punct":
            after_np = False
            i += 1
            continue
        phrase, j = _phrase_at(r, i, after_np, names, bigrams)
        if phrase is None:
            after_np = False
            i = max(j, i + 1)
            continue
        r.phrases.append(phrase)
        r.phrase_at[phrase.start] = phrase
        after_np = True
        i = j


def _name_chain(toks: list[Token], i: int) -> int:
    """End (exclusive) of a chain of capitalised words starting at i, with connectors inside."""
    n = len(toks)
    j = i
    last_cap = i
    while j < n:
        t = toks[j]
        if t.kind == "word" and t.cap and not (j > i and t.initial) and t.low != "i":
            last_cap = j
            j += 1
            if t.possessive and not (j < n and toks[j].cap and toks[j].kind == "word"
                                     and not toks[j].initial):
                break
            continue
        if t.kind == "word" and t.low in V.NAME_CONNECTORS:
            m = j
            while m < n and toks[m].kind == "word" and toks[m].low in V.NAME_CONNECTORS \
                    and m - j < 3:
                m += 1
            if m < n and toks[m].cap and toks[m].kind == "word" and not toks[m].initial:
                j = m
                continue
            break
        if t.kind == "word" and "-" in t.text and any(p[:1].isupper() for p in t.text.split("-")):
            last_cap = j
            j += 1
            continue
        break
    return last_cap + 1


def _starts_name(toks: list[Token], i: int, names: frozenset[str]) -> bool:
    t = toks[i]
    if not t.cap or t.kind != "word":
        return False
    if t.low in _UNITS and t.text.isupper():
        return False  # "13 HP", "AC 15"
    if not t.initial:
        return True
    if t.base in names:
        return True
    nxt = toks[i + 1] if i + 1 < len(toks) else None
    if t.low in V.NOT_NAMES or t.base in V.NOT_NAMES:
        return False
    if nxt is not None and nxt.kind == "word" and nxt.cap and not nxt.initial:
        return True  # "Death Knight Mara", "Old Harun"
    if nxt is not None and nxt.low == "the" and i + 2 < len(toks) and toks[i + 2].cap and \
            toks[i + 2].kind == "word" and not toks[i + 2].initial and \
            t.base not in V.PREPOSITIONS and t.base not in V.VERBS and W.verb_base(t.base) is None:
        return True  # "Riven the Grey", "Orrin the Pale": a name and its epithet
    if t.text.isupper() and len(t.text) > 1:
        return t.low not in _UNITS  # "CRT", "UFO"; not "HP"
    lowered = t.base
    nxt_verb = nxt is not None and nxt.kind == "word" and (nxt.low in V.VERBS
                                                          or nxt.low.endswith("s"))
    if V.common_word(lowered) or lowered in V.NUMBER_WORDS or (
            lowered.endswith("ly") and not nxt_verb):
        return False
    if V.ordinary_word(lowered):
        # "Chitin cracks", "Radiant fire descends": an English word heading its sentence; only a
        # verb no thing does makes it somebody ("Rook nods", "Ondine leans close and whispers")
        return acts_as_name(toks, i)
    if V.looks_adjective(lowered) and not nxt_verb:
        return False  # "Wobbly" but not "Dagny claps", "Kethran strides"
    if "-" in lowered and all(_is_nounish(p) or p in V.VERBS for p in lowered.split("-") if p):
        return False
    return True


def person_only_follows(toks: list[Token], i: int) -> bool:
    """Does the word at ``i`` do, in its clause, what only a person does ("Ondine leans close
    and whispers")? A verb joined by "and" with no new subject between has the same subject
    ("Ondine claps you on the shoulder and grins"), and so has one it is said to be fit or
    unfit to do ("Ondine is in no state to answer you")."""
    n = len(toks)
    for k in range(i + 1, min(i + 7, n)):
        w = toks[k]
        if w.kind != "word" or w.sent != toks[i].sent:
            return False
        if w.low in V.PERSON_ONLY_VERBS:
            return True
        if w.low in V.DETERMINERS or w.low in V.PREPOSITIONS:
            break
    else:
        return False
    for k in range(k + 1, min(i + 14, n - 1)):
        w = toks[k]
        if w.sent != toks[i].sent or w.kind == "punct" and w.low not in (",",) or w.cap:
            return False  # another sentence, clause or someone named: another subject
        if w.low in ("and", "to") and toks[k + 1].low in V.PERSON_ONLY_VERBS:
            return True  # "... and grins", "is in no state to answer you"
        if w.low in V.SUBJECT_PRONOUNS and w.low != "you":
            return False
    return False


def subject_without_noun(toks: list[Token], i: int) -> bool:
    """Is the word at ``i``, heading its sentence, a word the lexicon knows as neither a noun
    nor an adjective ("ondine") and yet the subject of a finite verb ("Ondine claps you on the
    shoulder")? Only a name can be. (A word that looks like an adjective counts only when it
    does a person's deed to the player: the lexicon lacks some nouns' senses, and "Static
    hisses" is no one.) A verb that is
    also a noun ("steps", "claps") counts only with an object or particle after it, and an
    article after the verb is an inversion ("Nearby sits a drunk"), not a subject."""
    t = toks[i]
    word = t.base
    if W.is_known_noun(word) or word in V.NOT_NAMES or \
            word.endswith("ly") or word in V.ADVERBS or word in V.PREPOSITIONS or \
            word in V.PLACES or i + 2 >= len(toks):
        return False
    if V.looks_adjective(word) and not (_does_to_you(toks, i) or _strides_off(toks, i)):
        return False
    verb, after = toks[i + 1], toks[i + 2]
    if verb.kind != "word" or verb.cap or verb.sent != t.sent or after.sent != t.sent:
        return False
    low = verb.low
    finite = (low.endswith("s") and not low.endswith("ss")) or low.endswith("ed")
    if not finite or not (low in V.VERBS or W.verb_base(low) is not None):
        return False
    if after.low in V.ARTICLES:
        return False
    if W.is_known_noun(low) and not (after.low in _PARTICLES or after.low in V.PREPOSITIONS
                                     or after.low in ("you", "him", "her", "them", "me", "us")):
        return False  # "Grim faces stare": a noun, then its verb
    return True


# Deeds only someone with legs and a will does, which nothing an adjective could describe
# ("Silence falls", "Cold rises from the floor") does: not rise, fall or settle.
_STRIDES = frozenset("steps strides walks saunters swaggers marches strolls stalks wanders ambles "
                     "sidles slips nods grins smirks winks shrugs bows orders".split())


def _strides_off(toks: list[Token], i: int) -> bool:
    """Does the word at ``i``, heading its sentence, step, stride or nod somewhere ("Riven steps
    out from the shadows", "Riven walks in and orders a drink")? An adjective cannot: the word
    is someone's name, though the lexicon knows it as an adjective too ("riven")."""
    if i + 2 >= len(toks):
        return False
    verb, after = toks[i + 1], toks[i + 2]
    return verb.kind == "word" and not verb.cap and verb.low in _STRIDES and after.kind == "word" \
        and (after.low in _PARTICLES or after.low in V.PREPOSITIONS or after.low in ("and", "to"))


_SOUNDS = frozenset("hisses crackles hums buzzes whistles roars howls rumbles whines sighs "
                    "moans wails drones rattles clatters echoes rings".split())


def _does_to_you(toks: list[Token], i: int) -> bool:
    """Does the word at ``i`` do, as the subject of a person's verb, something that reaches the
    player in its clause ("Riven rises from a corner and walks over to you", "Riven takes your
    gold")? An adjective cannot; a sound may reach you but is no one ("Static hisses at you")."""
    verb = toks[i + 1] if i + 1 < len(toks) else None
    if verb is None or verb.kind != "word" or verb.low not in V.PERSON_VERBS or verb.low in _SOUNDS:
        return False
    for k in range(i + 2, min(i + 14, len(toks))):
        w = toks[k]
        if w.low == "," and k + 1 < len(toks) and toks[k + 1].low.endswith("ing"):
            continue  # "..., watching you closely": a participle goes on with the same subject
        if w.sent != toks[i].sent or w.kind == "punct" or w.cap:
            return False
        if w.low in ("you", "your", "yours"):
            return True
    return False


_PERSON_STATES = frozenset("down asleep awake unconscious drunk wounded injured".split())


def _in_a_persons_state(toks: list[Token], i: int) -> bool:
    """Is a word with no noun sense said to be in a state of someone ("Riven is already down",
    "Riven is asleep by the fire")?"""
    if W.is_known_noun(toks[i].base):
        return False
    k = i + 1
    if k >= len(toks) or toks[k].low not in ("is", "was", "lies", "lay"):
        return False
    k += 1
    while k < len(toks) and toks[k].low in ("already", "still", "now", "fast", "sound", "half"):
        k += 1
    return k < len(toks) and toks[k].low in _PERSON_STATES and toks[k].sent == toks[i].sent and not (
        k + 1 < len(toks) and toks[k + 1].low in ("to", "for", "with"))


def acts_as_name(toks: list[Token], i: int) -> bool:
    """Does an English word heading its sentence act as someone's name here?"""
    return person_only_follows(toks, i) or subject_without_noun(toks, i) or _in_a_persons_state(toks, i)


def _phrase_at(r: Reading, i: int, after_np: bool, names: frozenset[str] = frozenset(),
               bigrams: frozenset[str] = frozenset(), after_of: bool = False
               ) -> tuple[Phrase | None, int]:
    toks = r.tokens
    n = len(toks)
    t = toks[i]
    nxt0 = toks[i + 1] if i + 1 < n else None
    if t.kind == "word" and (t.low in V.PRONOUNS or _pronoun_contraction(t.low)) and \
            t.low != "one" and not t.possessive:
        her_det = (t.low == "her" and nxt0 is not None and nxt0.kind == "word"
                   and nxt0.low not in _NP_BREAK and not _adverbish(nxt0)
                   and nxt0.low not in V.DETERMINERS  # "passes her the ledger": two objects
                   and (nxt0.low not in V.VERBS or _is_nounish(nxt0.low)
                        or _participle(nxt0.low)))
        if not her_det:
            return Phrase(start=i, end=i + 1, head=i, pronoun=True), i + 1
    if t.kind == "word" and i > 0 and toks[i - 1].low == "to" and t.low in V.VERBS \
            and not t.cap:
        return None, i + 1
    if t.kind == "word" and not t.cap and i > 0 and toks[i - 1].low in V.SUBJECT_PRONOUNS \
            and toks[i - 1].kind == "word" and t.low not in V.ARTICLES \
            and t.low not in V.POSSESSIVE_PRONOUNS and t.low not in V.CARDINALS \
            and t.low not in V.DEMONSTRATIVES:
        return None, i + 1  # "you shoulder through", "you both vanish"
    if _starts_name(toks, i, names):
        end = _name_chain(toks, i)
        return _after_name(r, i, end, "", "", bigrams)
    det = ""
    owner = ""
    count: int | None = None
    new = False
    ordinal: int | None = None
    j = i
    while j < n and toks[j].kind in ("word", "num"):
        w = toks[j]
        low = w.low
        if w.kind == "num":
            digits = low.replace(",", "")
            if digits.isdigit():
                count = int(digits)
            det = det or low
            j += 1
            continue
        if low in V.POSSESSIVE_PRONOUNS and not w.possessive:
            det, owner = low, low
            j += 1
            continue
        if j == i and w.possessive and w.cap and w.initial and not W.is_known_noun(w.base) and \
                j + 1 < n and toks[j + 1].kind == "word" and V.lemma(toks[j + 1].low) in V.BODY:
            # "Riven's eyes flare white": a word heading its sentence that no noun sense lets own
            # anything ("riven" is an adjective) owns a body, so it is someone's name
            det, owner = low, w.base
            j += 1
            continue
        if w.possessive and not w.cap and w.base in V.SUBJECT_PRONOUNS:
            det, owner = low, w.base
            j += 1
            continue
        if low in V.ARTICLES or low in V.DEMONSTRATIVES or low in V.QUANTIFIERS:
            if low == "another":
                new = True
            det = det or low
            if low == "both":
                count = 2
            j += 1
            continue
        if low in V.CARDINALS and not (w.cap and w.base in names):
            count = V.CARDINALS[low]
            det = det or low
            j += 1
            continue
        if (low in _ORDINALS or low in ("extra", "spare", "additional")) and det:
            new = True
            ordinal = _ORDINALS.get(low)
            j += 1
            continue
        break
    has_det = j > i
    if has_det and j < n and toks[j].kind == "word" and toks[j].cap and not toks[j].initial \
            and not (toks[j].low in _UNITS and toks[j].text.isupper()):
        end = _name_chain(toks, j)
        return _after_name(r, i, end, det, owner, bigrams)
    k = j
    collected: list[int] = []
    while k < n and len(collected) < 6:
        w = toks[k]
        if w.kind != "word":
            if w.kind == "num" and not collected:
                k += 1
                continue
            if w.low == "," and has_det and collected and _beast_after_adjectives(toks, k + 1) \
                    and all(_adjectival(toks[c]) for c in collected):
                k += 1  # "a pale, eyeless rat": adjectives in a row, a comma between them
                continue
            break
        low = w.low
        nxt = toks[k + 1] if k + 1 < n else None
        if collected and low != "of" and (
                (toks[collected[-1]].low + " " + low) in bigrams
                or (toks[collected[-1]].low + " " + low) in COMMON_BIGRAMS):
            collected.append(k)  # a phrase the scene names: "lock picks", "brass scales"
            k += 1
            continue
        if w.cap and not w.initial and collected and not toks[collected[-1]].cap:
            if has_det and all(_adjectival(toks[c]) for c in collected):
                # "the old Discovery hut", "a battered Zenith radio": after a determiner and
                # adjectives alone, a name before a noun modifies it, as it does right after the
                # determiner ("the Discovery hut"); after a noun it stands beside it
                named, named_end = _after_name(r, i, _name_chain(toks, k), det, owner, bigrams)
                if not named.name:
                    return named, named_end
            break  # "the town wizard | Malrik"
        if low in _NP_BREAK and not (low == "one" and (has_det or collected)) or \
                _pronoun_contraction(low):
            break
        if _adverbish(w) and not _is_nounish(low):
            if not (low.endswith("ly") and low not in V.ADVERBS and nxt is not None
                    and nxt.kind == "word" and _is_nounish(nxt.low)):
                break
        if low in V.DETERMINERS and (collected or has_det):
            break
        if w.possessive:
            # "the ship's cat": a possessive inside the phrase is a modifier
            collected.append(k)
            k += 1
            if w.cap and not has_det and len(collected) == 1:
                break
            continue
        nxt_object = nxt is not None and nxt.kind == "word" and nxt.low in _OBJECT_STARTS
        if not collected and not has_det and after_np and nxt_object and not w.cap:
            break  # "Greta produces a key": between a subject and an object stands a verb
        if not collected and not has_det and after_np and not w.cap and \
                low.endswith(("s", "ed")) and not _is_nounish(low) and nxt is not None and \
                nxt.kind == "word" and (nxt.low in V.PREPOSITIONS or _adverbish(nxt)) and \
                i > 0 and toks[i - 1].kind == "word" and not toks[i - 1].possessive:
            break  # "Grizzel rummages in a chest": an unknown word after a subject is its verb
        if not collected:
            if _verbish(w) and not has_det and not (after_of and _is_nounish(low)):
                nxt_nounish = (nxt is not None and nxt.kind == "word"
                               and nxt.low not in _NP_BREAK and not _adverbish(nxt)
                               and (nxt.low not in V.VERBS or _is_nounish(nxt.low)))
                if after_np or nxt_object:
                    break
                if _participle(low) and nxt_nounish:
                    collected.append(k)  # "spilled ale"
                    k += 1
                    continue
                if k > 0 and toks[k - 1].low in ("and", "then", "or", "but") and \
                        low in V.VERB_BASES and not low.endswith("s"):
                    break  # "you vault over the bar and keep going": a second verb
                if _is_nounish(low) and (nxt is None or nxt.kind != "word"
                                         or nxt.low in V.VERBS or nxt.low in _NP_BREAK
                                         or nxt.low.endswith("s")) \
                        and not (nxt is not None and nxt.low in _PARTICLES) \
                        and not (nxt is not None and nxt.possessive):
                    collected.append(k)  # "Dust rains", "Rain lashes"
                    k += 1
                    continue
                break
            collected.append(k)
            k += 1
            continue
        prev = toks[collected[-1]]
        if _is_nounish(prev.low) and not _is_nounish(low) and low not in V.ITEMS and (
                nxt is None or nxt.kind != "word") and not (
                (prev.low + " " + low) in bigrams) and not (
                prev.low in V.COLOURS and W.is_known_noun(low)):
            break  # "you grip the wand tighter", "wipes the bar clean"; not "a silver ingot"
        prev_adj = prev.low in V.COLOURS or (_adjectival(prev) and not _is_nounish(prev.low)) \
            or (has_det and len(collected) == 1 and not _is_nounish(prev.low)
                and prev.low not in V.ITEMS and not W.is_classifier(prev.low))
        if has_det and len(collected) == 1 and low.endswith("s") \
                and not W.is_known_noun(prev.low) and not V.looks_adjective(prev.low) and \
                prev.low not in V.COLOURS and not _participle(prev.low) and \
                W.verb_base(low) is not None and nxt is not None and nxt.kind == "word" and \
                (_adverbish(nxt) or nxt.low in V.PREPOSITIONS or nxt.low in _PARTICLES):
            break  # "your atlatl | whips forward": an unknown noun, then its verb
        if has_det and nxt is not None and nxt.low == "with" and not low.endswith("s") and \
                _is_nounish(prev.low) and W.verb_base(low) is not None and \
                not (prev.low + " " + low) in bigrams:
            break  # "a golden crown | set with rubies": a participle describing the thing
        if low.endswith("ed") and len(low) > 4 and low not in V.VERBS and not _is_nounish(low) \
                and low not in V.COLOURS and not _compound_adjective(low, nxt):
            break  # "a dartboard riddled with holes"
        if _plural(prev) and low.endswith("s") and low in V.VERBS and not prev_adj:
            break  # "a swarm of bats pours out"
        if low.endswith("s") and not prev.possessive and (
                V.creature_group(prev.low) or V.animal_noun(prev.low)) and \
                not has_owner_det(toks, i) and \
                W.verb_base(low) is not None and nxt is not None and nxt.kind == "word" and (
                    nxt.low in V.PREPOSITIONS or nxt.low in _PARTICLES or _adverbish(nxt)
                    or (_participle(nxt.low) and nxt.low.endswith("ed"))):
            # "a fat rat | noses at a dumpling", "a diamondback | lies coiled": a creature,
            # then what it does
            break
        if _plural(prev) and not low.endswith("s") and not prev.possessive and \
                V.creature_group(prev.low) and W.verb_base(low) == low and nxt is not None and \
                nxt.kind == "word" and (nxt.low in V.PREPOSITIONS or nxt.low in _PARTICLES
                                        or _adverbish(nxt)):
            # "seven horses | mill about the yard": a compound takes its first noun in the
            # singular ("horse trough"), so a plural beast before a verb's base form and a
            # preposition is the subject and what it does
            break
        if _verbish(w) and not _is_nounish(low) and not prev_adj and low not in V.ITEMS:
            break  # "her spyglass | shut", "the mainmast | rise"
        if prev.low.endswith("s") and not prev.low.endswith("ss") and len(prev.low) > 3 and \
                not _is_nounish(prev.low) and not _is_nounish(low) and not prev.possessive and \
                (low in V.VERB_BASES or V.wordnet_verb(low)):
            break  # "two capybaras | doze": a plural subject and its verb
        if low.endswith("s") and (low in V.ANIMAL_VERBS or low in V.PERSON_ONLY_VERBS) and \
                nxt is not None and (nxt.kind != "word" or nxt.low in V.PREPOSITIONS
                                     or nxt.low in V.DETERMINERS or _adverbish(nxt)):
            break  # "a leash | growls at you", "the stranger | nods to you"
        if _verbish(w) or (low.endswith("s") and not _is_nounish(low) and not prev_adj
                           and low not in V.ITEMS):
            if prev_adj and (_is_nounish(low) or low not in V.VERBS or
                             not low.endswith(("s", "ed", "ing"))):
                collected.append(k)  # "the cracked beams", "a loaded pistol"
                k += 1
                continue
            if _plural(prev) and not low.endswith("s"):
                break  # "diamond horses burst", "gulls wheel"
            if low.endswith("s") and not _plural(prev):
                # "the cat flicks its tail" vs "city guards burst in": a singular noun then a
                # form in -s is a verb when what follows starts an object, a preposition or
                # nothing, and a noun when a verb follows
                nxt_verb = nxt is not None and nxt.kind == "word" and (
                    (nxt.low in V.VERBS and not _is_nounish(nxt.low)) or nxt.low in V.AUXILIARIES)
                if not (nxt_verb and _is_nounish(low)) and (
                        nxt is None or nxt.kind != "word" or nxt_object or nxt.low in _NP_BREAK
                        or nxt.low in _PARTICLES or _adverbish(nxt) or nxt.low in V.VERBS
                        or not _is_nounish(low)):
                    break
            if _participle(low) and not _is_nounish(low):
                break  # "the rungs swaying"
            if nxt_object:
                break  # "Greta wipes the bar": a verb taking an object
            if low.endswith("ed") and low not in V.VERB_BASES and not _compound_adjective(low,
                                                                                       nxt):
                break
            collected.append(k)  # "the bell rope", "the belaying pin", "the fire escape"
            k += 1
            continue
        collected.append(k)
        k += 1
    if not collected:
        return None, (j if j > i else i + 1)
    head = collected[-1]
    end = head + 1
    phrase = Phrase(start=i, end=end, head=head, det=det, owner=owner, count=count, new=new,
                    ordinal=ordinal)
    _attach_of(r, phrase, names, bigrams)
    if phrase.count is None and det in ("a", "an") and V.lemma(toks[head].base) == "pair":
        phrase.count = 2
    if phrase.count is None and det in ("a", "an") and V.lemma(toks[head].base) == "dozen":
        phrase.count = 12
    return phrase, phrase.end


def _beast_after_adjectives(toks: list[Token], k: int) -> bool:
    """Do adjectives from ``k`` lead to an animal's name ("a pale, | eyeless rat")? Only then is a
    comma between adjectives read inside one phrase: the creature check must see the whole beast,
    and other phrases keep the reading every other check was tuned on."""
    j = k
    while j < len(toks) and j < k + 3 and toks[j].kind == "word" and not toks[j].cap and \
            _adjectival(toks[j]) and not V.creature_group(toks[j].low):
        j += 1
    if j == k or j >= len(toks) or toks[j].kind != "word":
        return False
    return bool(V.creature_group(toks[j].low) or V.animal_noun(toks[j].low))


def phrase_from(r: Reading, i: int) -> Phrase | None:
    """The noun phrase that starts at token ``i``, read as the complement of "of" (for a phrase
    nested inside another: "the fuse of *a stick of dynamite*")."""
    if i >= len(r.tokens):
        return None
    sub, _ = _phrase_at(r, i, False, frozenset(), frozenset(), after_of=True)
    return sub


def _attach_of(r: Reading, phrase: Phrase, names: frozenset[str], bigrams: frozenset[str]) -> None:
    """Join an "of" complement: "a ball of fire", "a pack of wolves", "the tip of your staff"."""
    toks = r.tokens
    n = len(toks)
    end = phrase.end
    if end + 1 < n and toks[end].low == "of" and toks[end + 1].kind in ("word", "num"):
        sub, sub_end = _phrase_at(r, end + 1, False, names, bigrams, after_of=True)
        if sub is not None and not sub.pronoun:
            phrase.of_head = sub.head
            if sub.count is not None and V.lemma(toks[phrase.head].base) in V.PARTITIVES:
                phrase.count = sub.count
            phrase.end = sub_end


def _after_name(r: Reading, i: int, end: int, det: str, owner: str,
                bigrams: frozenset[str]) -> tuple[Phrase, int]:
    """A name chain, or a name used as a modifier: "the CRT monitor", "the Duke's hunting lodge"."""
    toks = r.tokens
    n = len(toks)
    k = end
    collected = []
    last = toks[end - 1]
    while k < n and len(collected) < 4:
        w = toks[k]
        if w.kind != "word" or w.cap or w.low in _NP_BREAK or _adverbish(w):
            break
        nxt = toks[k + 1] if k + 1 < n else None
        nounish = _is_nounish(w.low) or w.low in V.ITEMS
        if not nounish and not (_adjectival(w) and nxt is not None and nxt.kind == "word"
                                and _is_nounish(nxt.low)):
            break
        if w.low in V.VERBS and not collected and not last.possessive:
            break  # "Rowena checks the time", "Dagna steps aside"
        if collected and w.low.endswith("s") and w.low in V.VERBS \
                and not _plural(toks[collected[-1]]):
            break  # "Bram's hound | growls"
        if w.low in V.VERBS and not nounish and not (_adjectival(w) and nxt is not None
                                                     and nxt.kind == "word"
                                                     and _is_nounish(nxt.low)):
            break
        collected.append(k)
        k += 1
    if collected:
        head = collected[-1]
        owner_name = last.base if last.possessive else owner
        phrase = Phrase(start=i, end=head + 1, head=head, det=det or (last.low if last.possessive
                                                                     else ""),
                        owner=owner_name)
        _attach_of(r, phrase, frozenset(), bigrams)
        return phrase, phrase.end
    phrase = Phrase(start=i, end=end, head=end - 1, name=True, det=det, owner=owner)
    return phrase, end


def _compound_adjective(low: str, nxt: Token | None) -> bool:
    """"a pearl-handled derringer", "an iron-bound chest": a hyphenated participle before a
    noun describes it; it is no verb."""
    return "-" in low and nxt is not None and nxt.kind == "word" and nxt.low not in V.PREPOSITIONS \
        and nxt.low not in V.DETERMINERS and nxt.low not in V.POSSESSIVE_PRONOUNS
