"""One step's words -> whose action it is, its verb class and its roles (a ``_Step``), or nothing.

Why separate: which word is the verb and whose deed it is decide everything downstream, and they
are decided from the words alone (the lexicon, WordNet, the player's names), before any role is
resolved against the scene. Someone else's action ("Greta pours an ale") and a verbless fragment
come out as None, so no intent is invented for them; a verb the tables lack, or a misspelt one
("I attak the guard"), is still found, so the words after it are still checked.
"""

from __future__ import annotations

from rapidfuzz import process
from rapidfuzz.distance import OSA

from bot.guard.index import BEING_KINDS
from bot.guard.intent.clauses import _HARD, _SOFT, _is_adverb, _off_to
from bot.guard.intent.model import _Ctx, _NP, _Step, _Tok
from bot.guard.intent.resolve import _is_beingish
from bot.guard.intent.roles import _roles
from bot.guard.lexicon.magic import CLASS_FEATURES, COMMON_WORD_SPELLS, SPELLS
from bot.guard.lexicon.nouns import BEINGS, FOOD
from bot.guard.lexicon.verbs import (
    MANNER_OF_WAY, MERGING, MODALS, NEGATIONS, PARTICLES, PHRASAL, PREPOSITIONS, PRONOUNS_BEING, PRONOUNS_THING,
    SUBJECT_FIRST, SUBJECT_THIRD, SUBORDINATORS, TAKE_IDIOMS, VERBS, try_verb, verb_lemma,
)
from bot.guard.lexicon.wordclass import is_substance, verb_base, verb_codes
from bot.guard.lexicon.words import DETERMINERS, POSSESSIVES, STOPWORDS, norm_phrase, singular


FEATURE_FIRST_WORDS = frozenset(k.split()[0] for k in CLASS_FEATURES)
SPELL_FIRST_WORDS = frozenset(k.split()[0] for k in SPELLS)


def _ability_phrase(toks: list[_Tok], k: int, ctx: _Ctx, spells: bool = False) -> tuple[str, int] | None:
    """A class feature or sheet ability used as a verb: "sneak attack the guard", "I rage";
    with ``spells``, a spell name too ("I fireball the spider")."""
    first = toks[k].low
    if first not in ctx.index.first_words:
        first = singular(first)
        if first not in FEATURE_FIRST_WORDS and not (spells and first in SPELL_FIRST_WORDS):
            return None
    for size in (4, 3, 2, 1):
        if k + size > len(toks):
            continue
        words = toks[k : k + size]
        if any(w.low in _HARD or w.low in _SOFT for w in words):
            continue
        if words[0].low == "pick" and size > 1:
            continue  # "pick the lock" goes the verb's way: it needs tools
        if words[-1].low in DETERMINERS or words[-1].low in PREPOSITIONS:
            continue
        phrase = " ".join(w.text for w in words)
        key = " ".join(w for w in norm_phrase(phrase).split() if w not in ("the", "a", "an", "my"))
        if size == 1 and (verb_lemma(words[0].low) in VERBS or words[0].low in DETERMINERS):
            continue
        m = ctx.index.resolve(phrase, ("ability",), min_score=100)
        if m is None and size > 2 and key != phrase.casefold():
            # "crack the password" is the sheet's "crack password": the article is the player's
            m = ctx.index.resolve(key, ("ability",), min_score=100)
        if m is not None:
            return m.entity.name, size
        if key in CLASS_FEATURES and (size > 1 or verb_lemma(words[0].low) is None):
            return phrase, size
        if spells and key in SPELLS and words[0].low not in PREPOSITIONS and (
            size > 1 or (verb_lemma(words[0].low) is None and key not in COMMON_WORD_SPELLS)
        ):
            return phrase, size
    return None


def _bare_verb_after_go(word: str, nxt: str, named: bool = False) -> bool:
    """Whether ``word`` after a bare "go" or "come" is a verb of its own with its object ("go pet
    the penguins", "go tell Amitabh-ji ..."), not where one goes ("go home", "go down the
    stairs", "go back"). ``named``: the word after it is written with a capital, someone's name."""
    if word in PARTICLES or word in PREPOSITIONS or word in DETERMINERS:
        return False
    lemma = verb_lemma(word)
    if lemma is None or lemma != word or VERBS.get(lemma) in (None, "move"):
        return False
    if named and VERBS.get(lemma) in ("talk", "order", "attack", "give"):
        return True  # "go tell Vane ...", "go ask Rosa": the deed is done to someone named
    return nxt in DETERMINERS or nxt in POSSESSIVES or nxt in PRONOUNS_BEING or nxt in PRONOUNS_THING


# Verbs that only say a deed goes on; the -ing verb after them is the deed.
_ASPECT_VERBS = frozenset("keep keeps kept continue continues continued resume resumes".split())


def _thing_does(np: list[_Tok]) -> bool:
    """Whether words with no verb the tables know open as a clause with a thing for subject: an
    article, a noun, then a verb in the third person ("a needle forms", "the ice cracks")."""
    if len(np) < 3 or np[0].low not in ("a", "an", "the") or np[1].cap:
        return False
    verb = np[2].low
    return verb.endswith("s") and not verb.endswith("ss") and verb_base(verb) is not None and verb not in PREPOSITIONS


def _parse_step(toks: list[_Tok], ctx: _Ctx, inherited: str = "none") -> _Step | None:
    n = len(toks)
    subject = "none"
    negated = False
    subject_np: list[_Tok] = []
    speech = [ctx.speeches[int(t.low[1:])] for t in toks if t.low.startswith("§") and t.low[1:].isdigit() and int(t.low[1:]) < len(ctx.speeches)]
    k = 0
    verb_at = -1
    while k < n:
        t = toks[k]
        low = t.low
        if low.startswith("§"):
            k += 1
            continue
        if low in SUBJECT_FIRST:
            subject, subject_np = "first", []
            k += 1
            continue
        if low in SUBJECT_THIRD and not subject_np:
            subject = "they" if low.startswith("they") else "third"
            k += 1
            continue
        if low in ctx.index.player_names and t.cap and not subject_np:
            subject = "name"
            k += 1
            continue
        if low in NEGATIONS and low != "no":
            negated = True
            k += 1
            continue
        if low in ("let",) and k + 1 < n and toks[k + 1].low in ("me", "us"):
            subject = "first"
            k += 2
            continue
        if low in _OPERATING and k + 1 < n and (toks[k + 1].low in DETERMINERS or toks[k + 1].low in ("up", "on")) and not subject_np:
            verb_at = k  # "I start the motor sledge", "crank up the generator": working a machine
            break
        if low in ("let", "lets") and k + 1 < n and toks[k + 1].low in ("fly", "loose", "rip"):
            verb_at = k  # "let fly at her": a shot (PHRASAL), not a flight
            break
        if low in ("let", "lets") and k + 2 < n and toks[k + 1].low in _REFLEXIVE and toks[k + 2].low in ("in", "into", "inside", "out", "through"):
            verb_at = k  # "I let myself into the cabin": going in
            break
        if _off_to(toks, k) and not subject_np:
            verb_at = k  # "I'm off to the Paris Garden", "we're away to the docks": going there
            break
        if low in _CAUSATIVES and not subject_np:
            bid = _bidding(toks, k, ctx)
            if bid is not None:
                # "have Syrus scrape me down with the strigil": his deed, bidden; the player talks
                return _Step(toks, "ask", "talk", subject if subject != "none" else inherited, negated, _NP(toks[k + 1 : bid]), [], [], toks[bid:], [], speech)
        if low in MODALS and not subject_np:
            k += 1
            continue
        if _is_adverb(low) and not subject_np:
            k += 1
            continue
        tv = try_verb(low)
        if tv and k + 2 < n and toks[k + 1].low == "to" and (verb_lemma(toks[k + 2].low) is not None or tv == "try"):
            if tv == "use":
                break  # "use to" is not a try-verb; handled as a verb
            k += 2
            continue
        if low in _ASPECT_VERBS and k + 1 < n and toks[k + 1].low.endswith("ing") and verb_lemma(toks[k + 1].low) in VERBS:
            k += 1  # "keep going up", "continue climbing": the deed is the one kept up
            continue
        if tv == "go" and k + 2 < n and toks[k + 1].low == "and" and verb_lemma(toks[k + 2].low):
            k += 2  # "go and get", "go ahead and"
            continue
        if low in ("go", "come") and k + 2 < n and _bare_verb_after_go(toks[k + 1].low, toks[k + 2].low, toks[k + 2].cap):
            k += 1  # "go pet the penguins", "come see the mural": the deed is the second verb
            continue
        if low == "go" and k + 1 < n and toks[k + 1].low == "ahead":
            k += 2
            if k < n and toks[k].low == "and":
                k += 1
            continue
        prev = toks[k - 1].low if k else ""
        ability = _ability_phrase(toks, k, ctx, spells=subject != "none") if prev not in DETERMINERS else None
        if ability is not None:
            verb_at = k
            break
        lemma = verb_lemma(low)
        if lemma is not None and (lemma in VERBS or (lemma, toks[k + 1].low if k + 1 < n else "") in PHRASAL) and prev not in DETERMINERS and not prev.endswith("'s"):
            verb_at = k
            break
        if low in PREPOSITIONS and not subject_np and subject == "none":
            # leading phrase ("With a roar I charge"): skip up to a subject pronoun if one comes
            j = k + 1
            while j < n and toks[j].low not in SUBJECT_FIRST and toks[j].low not in SUBJECT_THIRD:
                j += 1
            if j < n:
                k = j
                continue
            return None
        if low in ("as", "when", "while", "whilst", "because", "since", "though", "although") and subject_np:
            subject_np, subject = [], "none"  # "the blast hits the hag as they cast": a new clause
            k += 1
            continue
        if (
            subject in ("first", "third", "they", "name") and not subject_np and not t.cap and k + 1 < n
            and verb_lemma(toks[k + 1].low) in VERBS and low.isalpha() and low not in DETERMINERS
            and not (toks[k + 1].low in PREPOSITIONS or toks[k + 1].low in PARTICLES)  # "I rappel down"
            and low not in PREPOSITIONS and low not in SUBORDINATORS and verb_lemma(low) is None
        ):
            k += 1  # "they panic cast ...": a word between subject and verb
            continue
        if (
            (subject == "first" or (subject == "none" and k == 0 and inherited in ("none", "first", "name")))
            and not subject_np and (not t.cap or k == 0) and k + 1 < n and verb_base(low) is not None
            and (toks[k + 1].low in PREPOSITIONS or toks[k + 1].low in PARTICLES or (
                toks[k + 1].low in MANNER_OF_WAY and k + 2 < n and toks[k + 2].low in PREPOSITIONS))
            and _verbish(_Tok(t.text, low, t.start, t.end, False))
            and low not in FOOD and low not in ctx.index.player_names
        ):
            verb_at = k  # "I rappel down the wall": a verb the tables lack, then its particle
            break
        if (
            subject == "none" and k == 0 and not subject_np and k + 2 < n and toks[k + 1].low == "open"
            and (toks[k + 2].low in DETERMINERS or toks[k + 2].low in POSSESSIVES)
            and verb_base(low) is not None and _verbish(_Tok(t.text, low, t.start, t.end, False))
        ):
            verb_at = k  # "pop open the strongbox", "crank open the hatch": whatever the verb, an opening
            break
        if (
            (subject == "first" or (subject == "none" and k == 0 and inherited in ("none", "first", "name")))
            and not subject_np and (not t.cap or k == 0) and k + 1 < n
            and (verb_base(low) is not None or (k == 0 and subject == "none" and toks[k + 1].low in _OWNERS))
            and (toks[k + 1].low in PRONOUNS_THING or toks[k + 1].low in PRONOUNS_BEING or toks[k + 1].low in POSSESSIVES
                 or (toks[k + 1].low in _REFLEXIVE and toks[k + 1].low != "me" and subject == "first")
                 or toks[k + 1].low in ("the", "a", "an") or toks[k + 1].low.endswith(("'s", "s'")))
            and _verbish(_Tok(t.text, low, t.start, t.end, False)) and low not in FOOD and low not in ctx.index.player_names
        ):
            verb_at = k  # "I jot it down", "I scribble the address": a verb the tables lack, then its object
            break
        if (
            subject == "none" and k == 0 and inherited in ("none", "first") and not subject_np and k + 1 < n
            and verb_base(low) is not None and _verbish(_Tok(t.text, low, t.start, t.end, False))
            and low not in FOOD and low not in ctx.index.player_names
            and toks[k + 1].low.isalpha() and toks[k + 1].low not in STOPWORDS and toks[k + 1].low not in PREPOSITIONS
            and toks[k + 1].low not in SUBORDINATORS and toks[k + 1].low not in PARTICLES
            and ctx.index.resolve(toks[k + 1].low, BEING_KINDS, min_score=90) is not None
        ):
            verb_at = k  # "inject delacroix with ...": an order opens with its verb, then whom it is done to
            break
        subject_np.append(t)
        if len(subject_np) > 6:
            break
        k += 1
    fuzzy_lemma = None
    if verb_at < 0 and subject_np and (subject != "none" or subject_np[0] is _first_word(toks)):
        fuzzy_lemma = _fuzzy_verb(subject_np[0].low)
        if fuzzy_lemma is not None:
            verb_at = toks.index(subject_np[0])
            subject_np = []
    if verb_at < 0 and (subject in ("first", "name") or (subject == "none" and inherited in ("first", "name"))) and subject_np and _verbish(subject_np[0]):
        # "I text Dex on my phone", "I plug my USB stick in": a verb the tables lack is still
        # the verb, so that what its words commit to can be checked
        fuzzy_lemma = verb_base(subject_np[0].low) or subject_np[0].low
        verb_at = toks.index(subject_np[0])
        subject_np = []
    if verb_at < 0:
        if speech:
            return _Step(toks, "say", "talk", subject, negated, None, [], [], [], [], speech)
        if subject == "none" and _thing_does(subject_np):
            # "a needle forms in the air and drives into his forehead": a thing's deed, told with
            # a verb the tables lack; the step joined to it by "and" is the same thing's
            ctx.someone_else = True
        return None
    if subject_np:
        subject = _subject_of(subject_np, ctx)
    elif subject == "none" and inherited != "none":
        subject = inherited  # "Greta pours an ale and hands it over": still Greta
    if subject in ("third", "they") and ctx.first_person:
        subject = "other"
    if subject == "other":
        ctx.someone_else = True
        return None

    # verb and its particle
    pseudo = None
    ability_name = None
    ab = _ability_phrase(toks, verb_at, ctx, spells=subject != "none") if verb_at == k else None
    if ab is not None:
        ability_name, size = ab
        lemma, cls = None, "ability"
        rest_at = verb_at + size
    else:
        low = toks[verb_at].low
        lemma = fuzzy_lemma or verb_lemma(low) or low
        rest_at = verb_at + 1
        nxt = toks[rest_at].low if rest_at < n else ""
        if low in ("lay", "lays", "laying", "laid") and (nxt in DETERMINERS or nxt in POSSESSIVES or nxt == "hands"):
            lemma = "lay"  # "I lay a curse on him", "lay the map on the table": laying, not lying
        elif (verb_base(lemma) or lemma) == "appear" and ctx.vanished:
            lemma = "reappear"  # "I vanish ... and appear on the beach": somewhere else at once
        if _off_to(toks, verb_at):
            lemma = "go"
        cls = VERBS.get(lemma)
        if cls is None and lemma in _OPERATING:
            cls = "use"
            if nxt in ("up", "on"):
                rest_at += 1
        if lemma in _POWERING and nxt in ("up", "on") and rest_at + 1 < n and (toks[rest_at + 1].low in DETERMINERS or toks[rest_at + 1].low in POSSESSIVES):
            cls, rest_at = "use", rest_at + 1  # "fire up the welder", "power up my rig": setting a machine going
        elif (lemma, nxt) in PHRASAL:
            cls = PHRASAL[(lemma, nxt)]
            rest_at += 1
        elif lemma == "take" and nxt in ("a", "an", "some", "another", "my", "the") and rest_at + 1 < n:
            # "take a swing at", "take a short rest", "take a swig from"
            j = rest_at + 1
            while j < n and toks[j].low in ("short", "long", "quick", "big", "deep", "good", "hard", "wild", "little", "small", "long", "careful", "closer", "final"):
                j += 1
            noun = singular(toks[j].low) if j < n else ""
            if noun in TAKE_IDIOMS:
                cls = TAKE_IDIOMS[noun]
                rest_at = j + 1
                if cls == "consume" and rest_at < n and toks[rest_at].low == "of":
                    rest_at += 1
        elif lemma in ("let", "lets") and nxt in ("fly", "loose", "rip"):
            cls, rest_at = "shoot", rest_at + 1  # "let fly at her": a shot, the player stays on the ground
        elif lemma == "make" and rest_at + 1 < n and toks[rest_at + 1].low == "way":
            cls, rest_at = "move", rest_at + 2
        elif lemma == "fly" and nxt == "into" and any(t.low in _TEMPERS for t in toks[rest_at + 1 : rest_at + 5]):
            cls, rest_at = "benign", n  # "fly into a berserk rage": a temper, not a flight
        elif lemma in ("go", "head") and nxt == "to" and rest_at + 1 < n and toks[rest_at + 1].low in ("sleep", "bed"):
            cls, rest_at = "rest", n
        elif lemma in ("turn", "become", "go", "grow") and nxt in _UNSEEN_STATES:
            cls, pseudo, rest_at = "turn", ("invisibility" if nxt in ("invisible", "transparent") else "phasing"), rest_at + 1
        elif lemma in ("make", "render", "turn") and nxt in _REFLEXIVE and rest_at + 1 < n and toks[rest_at + 1].low in _UNSEEN_STATES:
            state = toks[rest_at + 1].low  # "I make myself invisible"
            cls, pseudo, rest_at = "turn", ("invisibility" if state in ("invisible", "transparent") else "phasing"), rest_at + 2
        elif lemma in ("turn", "transform", "shapeshift", "morph", "change", "shift", "become") and nxt == "into":
            cls = "shapeshift"
            rest_at += 1
        elif lemma in ("turn", "transform", "change", "dissolve", "melt") and nxt == "to" and _bare_substance(toks, rest_at + 1):
            cls = "shapeshift"  # "I turn to smoke", "dissolve to mist": a body become stuff
            rest_at += 1
        elif lemma == "become" and _bare_substance(toks, rest_at):
            cls = "shapeshift"  # "I become smoke"
        elif lemma == "pick" and nxt in ("the", "a", "its", "that") and rest_at + 1 < n and toks[rest_at + 1].low in ("lock", "locks", "padlock"):
            cls = "picklock"
        elif lemma == "pick" and any(
            t.low in ("lock", "locks", "padlock") and toks[j - 1].low.endswith(("'s", "s'")) for j, t in enumerate(toks[rest_at + 1 : rest_at + 7], rest_at + 1)
        ):
            cls = "picklock"  # "pick the office door's lock"
        elif lemma == "cast" and nxt in ("a", "an", "my", "his", "her") and rest_at + 1 < n and toks[rest_at + 1].low in ("glance", "look", "eye", "net", "line", "shadow", "vote", "lot", "stone", "anchor", "gaze", "spell"):
            if toks[rest_at + 1].low in ("glance", "look", "eye", "gaze"):
                cls = "examine"
            elif toks[rest_at + 1].low != "spell":
                cls = "benign"
        elif lemma == "cast" and nxt in ("aside", "off", "away", "out"):
            cls = "benign"
        if (verb_base(lemma) or lemma) == "beam" and (nxt in _REFLEXIVE or (nxt in ("up", "down", "aboard") and rest_at + 1 < n and toks[rest_at + 1].low in ("to", "into", "onto", "aboard"))):
            cls = "teleport"  # "I beam myself up to the bridge": sent there at once; "beam at her" is a smile
        if lemma in ("let", "lets") and nxt in _REFLEXIVE:
            cls, rest_at = "move", rest_at + 1
        elif cls is None and lemma not in VERBS:
            lemma = verb_base(lemma) or lemma
            cls = _wordnet_class(lemma, toks[rest_at:])
        if nxt == "open" and not _forcing(lemma, cls) and cls not in ("open", "unlock", "picklock"):
            cls, rest_at = "open", rest_at + 1  # "pull open the vault gate": opening, not forcing
        if cls == "fly" and lemma in _DRIFTING and not _aloft(toks[rest_at:]):
            cls = "move"  # "float near the senator" in a pool, "glide across the dance floor": no flight
        if cls == "fly" and lemma == "fly" and _rushed_way(toks[rest_at:]):
            cls = "move"  # "fly down the old subway stairs": rushing along a way that is walked
        if cls == "fly":
            pseudo = "flight"
        elif cls == "teleport":
            pseudo = "teleportation"
            j = rest_at
            while j < n and (toks[j].low in _REFLEXIVE or toks[j].low in MANNER_OF_WAY):
                j += 1  # "blink myself straight onto the bridge": the way is after the self and the manner
            way = toks[j].low if j < n else ""
            if lemma == "blink" and not (way in ("to", "behind", "across", "over", "past", "into", "onto", "beside", "through", "out", "up", "down") or nxt == ""):
                cls, pseudo = "benign", None  # "blink at him", "blink the tears away"
        elif cls == "phase":
            pseudo = "phasing"

    fixed: list[_Tok] = []
    if cls == "use":
        j = rest_at
        while j < n and toks[j].low in DETERMINERS:
            j += 1
        ab2 = _ability_phrase(toks, j, ctx)
        if ab2 is not None and j + ab2[1] > rest_at:
            fixed = toks[rest_at : j + ab2[1]]
            rest_at = j + ab2[1]
    dobj, pps, particles, purpose, rest = _roles(toks[rest_at:], cls)
    if fixed:
        dobj = _NP(fixed)
    if (
        dobj is not None and (lemma, "out") in PHRASAL and cls != PHRASAL[(lemma, "out")]
        and any(p == "out of" for p, _ in pps) and not _is_beingish(dobj, ctx)
    ):
        cls = PHRASAL[(lemma, "out")]  # "I whip my Thompson out of the violin case": drawing it
    if "open" in particles and dobj is not None and not _forcing(lemma, cls) and cls not in ("open", "unlock", "picklock"):
        cls = "open"  # "swing the safe open"
    if lemma in _RAISING and dobj is not None and _the_dead(dobj, lemma):
        cls = "summon"  # "call my grandfather's spirit up", "wake the ghost of the mill": a summoning
    return _Step(toks, lemma, cls, subject, negated, dobj, pps, particles, purpose, rest, speech, ability_name, pseudo)


# Verbs that bring the dead up when their object is one ("call up the spirit"), and the words for them.
_RAISING = frozenset("call summon raise conjure invoke rouse wake bring".split())
_DEAD_WORDS = frozenset("spirit spirits ghost ghosts shade shades soul souls phantom phantoms spectre specter wraith wraiths apparition shades".split())


def _the_dead(np: _NP, lemma: str) -> bool:
    """Whether ``np`` names the dead or a spirit ("my grandfather's spirit", "the ghost of the
    miller"); "raise their spirits" is cheering, not a summoning."""
    words = np.lows[: np.lows.index("of")] if "of" in np.lows else np.lows
    words = [w for w in words if w not in PARTICLES and w not in ("myself", "ourselves")]
    if not words or words[-1] not in _DEAD_WORDS:
        return False
    return not (lemma in ("raise", "lift", "rouse") and words[-1] == "spirits")


_VERBS_BY_LETTER: dict[str, list[str]] = {}
for _v in VERBS:
    if len(_v) >= 4:
        _VERBS_BY_LETTER.setdefault(_v[0], []).append(_v)


def _first_word(toks: list[_Tok]) -> _Tok | None:
    for t in toks:
        if t.low[:1].isalpha() and t.low not in MODALS:
            return t
    return None


def _fuzzy_verb(low: str) -> str | None:
    """A misspelt verb where a verb must be ("I attak the guard"): the closest known verb with
    the same first letter, at most one edit away (a swapped pair counts as one)."""
    if len(low) < 4 or not low.isalpha() or low in DETERMINERS or low in PREPOSITIONS or low in BEINGS:
        return None
    if try_verb(low) or verb_lemma(low) is not None or verb_base(low) is not None:
        return None  # a real verb the table does not classify ("reached", "seal")
    cands = [low]
    for suffix in ("ing", "ed", "es", "s"):
        if low.endswith(suffix) and len(low) - len(suffix) >= 3:
            cands += [low[: -len(suffix)], low[: -len(suffix)] + "e"]
    best = None
    for c in cands:
        pool = _VERBS_BY_LETTER.get(c[0], [])
        hit = process.extractOne(c, pool, scorer=OSA.normalized_similarity, score_cutoff=0.79)
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return best[0] if best is not None else None


# Verbs that have someone else do a deed: "have Syrus oil my back", "let the robot lift it".
_CAUSATIVES = frozenset({"have", "has", "had", "get", "gets", "got", "let", "lets", "make", "makes", "made"})


def _bidding(toks: list[_Tok], k: int, ctx: _Ctx) -> int | None:
    """Where the bidden deed starts when ``toks[k]`` has someone present do it ("have Syrus
    scrape me down", "get the robot to lift it", "let him pass"): the someone is a person or
    creature here (or a pronoun for one) and a verb follows. None when it is no such bidding."""
    n = len(toks)
    for end in range(k + 2, min(k + 6, n)):
        words = toks[k + 1 : end]
        if any(t.low in _HARD or t.low in _SOFT for t in words):
            return None
        nxt = toks[end].low
        if nxt == "to" and end + 1 < n:
            nxt_at = end + 1
        else:
            nxt_at = end
        verb = toks[nxt_at].low
        if not verb.isalpha() or verb in DETERMINERS or (verb_lemma(verb) is None and verb_base(verb) is None):
            continue
        lows = [t.low for t in words]
        if lows in (["me"], ["us"], ["myself"], ["ourselves"]):
            return None  # "let me see": the player's own deed
        if len(lows) == 1 and lows[0] in PRONOUNS_BEING:
            return nxt_at
        m = ctx.index.resolve(" ".join(t.text for t in words), BEING_KINDS, min_score=88)
        if m is not None and m.entity.kind in BEING_KINDS:
            return nxt_at
    return None


# Verbs of moving smoothly that are flight only when the words put the mover in the air: one
# floats in water, glides across a floor and hovers by a door without leaving the ground.
_DRIFTING = frozenset({"float", "glide", "hover", "drift"})
_ALOFT = frozenset(
    """up upward upwards aloft above air sky skies skyward skywards ceiling rafters roof rooftop rooftops
    overhead heavens clouds cloud treetops wind winds breeze updraft""".split()
)
_WATERS = ("pond", "lake", "river", "stream", "sea", "ocean", "water", "waters", "bay", "lagoon", "marsh", "swamp", "moat", "mere", "loch", "creek", "brook", "canal")
_GAPS = ("chasm", "gorge", "ravine", "canyon", "pit", "abyss", "gap", "crevasse", "rift")


# Ways that are walked or run, never flown: to "fly" down one is to rush along it.
_WALKED_WAYS = frozenset("stairs staircase stairway steps stair corridor hall hallway passage gangway street road lane alley path".split())


def _rushed_way(rest: list[_Tok]) -> bool:
    """Whether "fly" goes down, up or along a way that is walked ("fly down the stairs", "fly
    along the corridor"): the idiom for haste, not flight."""
    lows = [t.low for t in rest]
    if not lows or lows[0] not in ("down", "up", "along", "across", "through"):
        return False
    for w in lows[1:6]:
        if w in ("and", "then", "to", "into", "onto"):
            return False
        if singular(w) in _WALKED_WAYS or w in _WALKED_WAYS:
            return True
    return False


def _aloft(rest: list[_Tok]) -> bool:
    """Whether the words after a drifting verb put the mover in the air ("float up to the
    rafters", "glide over the wall", "hover above the crowd")."""
    lows = [t.low for t in rest if t.low not in _HARD]
    for i, w in enumerate(lows):
        if w in _ALOFT:
            return True
        if w == "down" and not any(x.endswith(_WATERS) for x in lows[i + 1 : i + 4]):
            return True  # "glide down to the glade": descending through the air, not down a river
        if w in ("over", "across") and any(x.endswith(_WATERS + _GAPS) for x in lows[i + 1 : i + 4]):
            return True  # "float across the millpond": over the surface, not swimming in it
        if w == "over" and (i + 1 >= len(lows) or lows[i + 1] != "to"):
            return True
        if w == "off" and i + 1 < len(lows) and lows[i + 1] in ("the", "a") and i + 2 < len(lows) and lows[i + 2] in ("ground", "floor", "deck", "edge", "cliff", "ledge", "roof", "tower", "wall"):
            return True
    return False


_REFLEXIVE = frozenset({"myself", "ourselves", "himself", "herself", "themselves", "me", "us"})
def _bare_substance(toks: list[_Tok], at: int) -> bool:
    """Whether ``toks[at]`` is a bare word for stuff that ends its phrase ("to smoke", "to
    mist and"), not a verb of purpose ("to light the lamp") nor a thing faced ("to the smoke")."""
    if at >= len(toks):
        return False
    word = toks[at].low
    after = toks[at + 1].low if at + 1 < len(toks) else ""
    if not word.isalpha() or word in DETERMINERS or (after and (after in DETERMINERS or after in POSSESSIVES or after in PRONOUNS_THING)):
        return False
    return is_substance(word) and verb_lemma(word) not in VERBS


_UNSEEN_STATES = frozenset(("invisible", "transparent", "incorporeal", "intangible", "ethereal"))
_TEMPERS = frozenset("rage rages fury temper frenzy panic passion tantrum fit fits hysterics".split())


# Verbs of setting a machine going: using it.
_OPERATING = frozenset("start starts started starting crank cranks cranked rev revs revved".split())
# Verbs that set a machine going with "up" or "on" after them ("fire up the generator", "switch
# on the lamp"): a use of the machine, never a shot or a blow.
_POWERING = frozenset({"fire", "power", "boot", "switch", "spin", "warm", "gun", "light"})


# Verbs that open by force: an attempt the dice decide, never an "opening" of a locked thing.
_FORCING_VERBS = frozenset(
    """kick smash bash break force pry prise prize jimmy shoulder ram hack chop blast shoot burn cut
    slice punch hit batter bust crack lever wrench split splinter blow stab slash saw pick shove
    bludgeon hammer axe""".split()
)


def _forcing(lemma: str | None, cls: str | None) -> bool:
    if cls == "force" or lemma in _FORCING_VERBS:
        return True
    return cls == "attack" and lemma not in ("swing", "sweep", "whip", "lash")


def _verbish(t: _Tok) -> bool:
    """Whether a word right after "I" can be read as a verb the tables lack."""
    low = t.low
    if not low.isalpha() or len(low) < 2 or t.cap or low in DETERMINERS or low in PREPOSITIONS:
        return False
    if low in NEGATIONS or low in MODALS or low in PRONOUNS_BEING or low in PRONOUNS_THING:
        return False
    return True


# Words of owning: a word the dictionary has no verb for, opening a message and followed by one,
# is the verb of a bidding ("text my editor the scoop"), as a thing's name is not.
_OWNERS = frozenset({"my", "our", "his", "her", "their"})


# What fastens a door, lid or gate shut; "un-" before one is undoing it (the tables lack most).
_FASTENINGS = frozenset(
    "bolt bar latch dog chain clasp buckle hook seal cork pin screw wedge clamp peg hasp lock padlock shackle strap brace batten".split()
)


# Verb classes for words the tables lack, from WordNet's class of their commonest sense, and only
# where the words after the verb agree: a verb of talking with someone to talk to, a verb of
# motion with somewhere to go.
_MOTION_PREPS = frozenset("to toward towards into onto through thru across over up down out under inside along past behind".split())


def _wordnet_class(lemma: str, after: list[_Tok]) -> str | None:
    while after and after[0].low in MANNER_OF_WAY:
        after = after[1:]  # "melt straight through the wall": the way after the manner
    first = after[0].low if after else ""
    if lemma in MERGING and first in ("through", "thru", "into"):
        return "move"  # "I melt through the wall": going, into what it passes
    if lemma.startswith("un") and lemma[2:] in _FASTENINGS and (first in DETERMINERS or first in POSSESSIVES or first in PRONOUNS_THING):
        return "open"  # "undog the hatch", "unchain the gate": undoing what fastens it is opening it
    codes = verb_codes(lemma)
    if not codes:
        return None
    if codes[0] == "t":
        return "talk"  # "I report to the commander", "I radio the outpost"
    if codes[0] == "v" and (first in _MOTION_PREPS or first in ("in", "out", "away", "off", "back")):
        return "move"  # "I seep under the door", "I skate across the gym"
    if codes[0] == "e" and (first in ("down", "up") or first in DETERMINERS):
        return "consume"  # "I wolf down the beans"
    return None


def _subject_of(np: list[_Tok], ctx: _Ctx) -> str:
    """Whose action a clause with a noun-phrase subject is: the player's, or someone else's."""
    words = [t for t in np if t.low not in DETERMINERS and t.low not in ("as", "when", "while", "so", "and", "but")]
    if not words:
        return "none"
    if all(t.low in ctx.index.player_names or t.low.endswith("'s") for t in words):
        return "name"
    first = ctx.index.player_name.split()[0].casefold() if ctx.index.player_name else ""
    if len(words) == 1 and first and len(words[0].low) >= 4 and first.startswith(words[0].low[:4]) and words[0].cap:
        return "name"  # a nickname: "Barty" for "Bartholomew"
    return "other"


def _purpose_step(step: _Step, ctx: _Ctx) -> _Step | None:
    if not step.purpose:
        return None
    sub = _parse_step(step.purpose, ctx)
    return sub
