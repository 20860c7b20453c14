"""Which words are no event: a story about the past, a negation or attempt, a figure of speech.

"She says her brother once fought a troll", "you try to climb", "no key", "like a ghost", "a
painting of a dragon", "the lion's share": the words are on the page but nothing they name is
happening in the scene. The readings here set a token's ``muted`` flag (speech about the past,
a simile, a depiction, an idiom) or its ``negated`` flag (denied, attempted or hypothetical), so
that every check passes over them alike instead of each spotting these turns of phrase on its own.
Stories and negations are read before the phrases are chunked; similes after, because what a
simile compares runs to the end of a noun phrase.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.lexicon import wordclass as W
from bot.guard.prose.grammar import (
    _OBJECT_STARTS, _PARTICLES, _is_nounish, _participle, verb_after,
)
from bot.guard.prose.tokens import Reading, Token

# --- stories about the past ---------------------------------------------------------------------

_REPORTING = frozenset(
    "says said tells told explains explained recounts recounted recalls recalled mentions "
    "mentioned claims claimed insists insisted warns warned whispers whispered mutters "
    "muttered swears swore boasts boasted murmurs murmured confides confided admits admitted "
    "remembers remembered reminisces grumbles grumbled laments lamented jokes joked rambles "
    "brags bragged notes noted adds added describes described sings sang speaks spoke talks "
    "talked explaining telling saying claiming swearing recalling describing muttering "
    "whispering insisting singing speaking talking rumbles rumbled gossips gossiped "
    "reports reported relates related continues continued".split())
_NO_BARE_CLAUSE = frozenset("sings sang singing speaks spoke speaking talks talked talking "
                            "continues continued rumbles rumbled".split())
_REPORT_OPENERS = frozenset({"that", "how", "about", "of", "you", "him", "her", "them", "his",
                             "their", "its", "a", "an", "the", "once", "some", "one", ":", "me",
                             "us", "stories", "tales", "when", "why", "where", "what", "who"})
_SPOKEN_ACTS = frozenset({"words", "word", "incantation", "spell", "prayer", "name", "blessing",
                          "curse", "chant", "rite", "ritual", "invocation", "command"})
_STORY_NOUNS = frozenset({"story", "stories", "tale", "tales", "legend", "legends", "rumour",
                          "rumours", "rumor", "rumors", "ballad", "ballads", "song", "songs",
                          "myth", "myths", "fable", "fables", "saga", "sagas", "chronicle",
                          "chronicles", "memory", "memories", "dream", "dreams", "nightmare",
                          "nightmares", "account", "anecdote"})
_TIME_PAST = re.compile(
    r"\b(?:years|long|ages|centuries|decades|months|weeks|days|generations) ago\b|"
    r"\bin (?:his|her|their|my|your|our) (?:youth|day|days|time|prime)\b|"
    r"\bas an? (?:girl|boy|child|lad|lass|youngster|young \w+)\b|\bused to\b|\bback when\b|"
    r"\bin the old days\b|\bin days of old\b|\bonce upon a time\b|"
    r"\blast (?:winter|summer|spring|autumn|fall|year|month|week|night|season)\b|"
    r"\bthe night (?:a|an|the|that|when)\b|\bthe day (?:a|an|the|that|when)\b|"
    r"\bwhen (?:he|she|they|i|we) (?:was|were) (?:young|a)\b|\bbefore the war\b")
_PAST_ONCE = re.compile(r"[\w,]\s+once\s+(?!more\b|again\b|or\b|and\b|inside\b|there\b|you\b|he\b|"
                        r"she\b|they\b|it\b|we\b|the\b|in\b|on\b|out\b|through\b)[a-z]+")


def _once_as_count(sent_low: str, m: re.Match[str]) -> bool:
    """Is "once" here a count ("nods once", "circles once around the mast") rather than the
    past ("the dragon that once burned")? A count follows a verb in the present or goes before a
    preposition."""
    before = sent_low[:m.start() + 1].split()
    after = sent_low[m.end() - len(m.group(0).split()[-1]):].split()
    nxt = after[0] if after else ""
    if nxt in V.PREPOSITIONS or nxt in ("more", "again", "twice", "and"):
        return True
    prev = before[-1].strip(",") if before else ""
    return prev.endswith("s") and not prev.endswith("ss") and prev not in ("was", "has", "is",
                                                                           "as", "this", "his",
                                                                           "its") and (
        prev in V.VERBS or W.verb_base(prev) is not None) and not W.is_known_noun(prev)


def _mark_story(r: Reading) -> None:
    toks = r.tokens
    low_text = r.text.lower()
    past = [m.start() for m in _TIME_PAST.finditer(low_text)] if (
        "ago" in low_text or "used to" in low_text or " as a" in low_text or "last " in low_text
        or " when " in low_text or "youth" in low_text or "old days" in low_text
        or "the night" in low_text or "the day" in low_text or "back when" in low_text
        or "upon a time" in low_text or "days of old" in low_text or "war" in low_text
        or " in his " in low_text or " in her " in low_text or " in their " in low_text
        or " in my " in low_text or " in your " in low_text or " in our " in low_text) else []
    if past:
        # a past inside quoted speech is the speaker's story, already muted with the quote; the
        # narration around it ("she whispers, and the master himself steps out") still happens
        quoted = [t for t in toks if t.quoted]
        past = [p for p in past if not any(t.start <= p < t.end for t in quoted)]
    has_once = "once" in low_text
    for si, (a, b) in enumerate(r.sentence_tokens):
        sa, sb = r.sentences[si]
        whole = any(sa <= p < sb for p in past)
        if not whole and has_once:
            sent_low = low_text[sa:sb]
            m = _PAST_ONCE.search(sent_low)
            if m and _once_as_count(sent_low, m):
                m = None  # "loops once around your head", "knocks once": one time, not formerly
            if m:
                # "the dragon that once burned her village bursts in": a relative clause only
                before = sent_low[:m.start() + 1].rstrip().split()
                whole = not (before and before[-1] in ("that", "which", "who"))
        if whole:
            for t in toks[a:b]:
                t.muted = True
            continue
        for i in range(a, b):
            t = toks[i]
            if t.quoted:
                continue
            nxt = toks[i + 1].low if i + 1 < b else ""
            opens = False
            if t.low in _REPORTING and nxt in _REPORT_OPENERS and nxt != ",":
                # "mutters an incantation" is an act; "mutters that ...", "says the mayor is a
                # fool" are speech
                after = toks[i + 2].low if i + 2 < b else ""
                if nxt in ("a", "an", "one", "some"):
                    opens = after in _STORY_NOUNS  # "whispers one word" is an act
                elif nxt == "the":
                    # "says the mayor is a fool" is speech; "as she sings the candles flare"
                    # is not: singing and talking take no bare clause
                    opens = after not in _SPOKEN_ACTS and t.low not in _NO_BARE_CLAUSE
                elif nxt in ("you", "him", "her", "them", "me", "us"):
                    # "tells you that ..." is speech; "tells you to leave" is not a story
                    opens = after in _REPORT_OPENERS and after not in ("you", "him", "them")
                else:
                    opens = True
            elif t.low in _STORY_NOUNS and nxt in ("of", "about", "that", "goes", "has", "says",
                                                     "tells", "told") and not any(
                    toks[j].low in ("like", "as") for j in range(max(a, i - 3), i)):
                # "pass like a fever dream of sand and stars" compares; the simile mutes what
                # it compares, and the sentence goes on ("..., and the walls rise")
                opens = True
            elif t.low == "according" and nxt == "to":
                opens = True
            if opens:
                for k in range(i + 1, b):
                    toks[k].muted = True
                break


# --- negations, attempts and hypotheticals ------------------------------------------------------

_NEGATORS = frozenset({"not", "never", "nothing", "nobody", "none", "neither", "nor", "without",
                       "cannot", "unable", "no", "nowhere", "hardly", "barely", "fails",
                       "fail", "failed", "failing", "almost", "nearly", "unless", "if",
                       "would", "could", "might", "wish", "wishes", "imagine", "imagines",
                       "pretend", "pretends", "pretending", "whether"})
_ATTEMPTS = frozenset({"try", "tries", "tried", "trying", "attempt", "attempts", "attempted",
                       "attempting", "strain", "strains", "want", "wants", "wanted", "hope",
                       "hopes", "mean", "means", "prepare", "prepares", "threaten",
                       "threatens", "about", "ready", "struggle", "struggles", "seek", "seeks",
                       "reach", "reaches", "grope", "gropes", "fumble", "fumbles", "search",
                       "searches", "look", "looks", "feel", "feels", "pat", "pats"})

_SCOPED_NEGATORS = frozenset({"never", "not", "hardly", "barely"})
_SUBJECTS_AFTER = frozenset({"he", "she", "they", "you", "it", "i", "we"})


def _without_object_end(toks: list[Token], i: int) -> int:
    """Where "without" stops denying: "without a word he draws a pistol" denies only the word;
    "without looking back, ..." denies to the end of the clause (the index of the last token
    it covers, or the end of the text)."""
    n = len(toks)
    if i + 1 < n and toks[i + 1].low.endswith("ing") and toks[i + 1].kind == "word":
        # "without stopping and ride the lift up": the gerund's clause ends at "and"
        for k in range(i + 2, min(n, i + 10)):
            if toks[k].kind != "word":
                break
            if toks[k].low in ("and", "but", "then", "or", "before", "until"):
                return k - 1
        return n
    if i + 1 >= n or toks[i + 1].low not in V.DETERMINERS:
        return n
    k = i + 2
    while k < n and k <= i + 7 and toks[k].kind == "word":
        nxt = toks[k + 1] if k + 1 < n else None
        if nxt is None or nxt.kind != "word":
            return k
        if nxt.low in _SUBJECTS_AFTER or (nxt.cap and not toks[k].cap):
            return k  # "without a word | he draws", "without a sound | Mara slips"
        if k > i + 1 and nxt.low.endswith("s") and nxt.low in V.VERBS and \
                toks[k].low not in V.VERBS:
            return k  # "and without a word | draws a pistol": the clause's own verb
        if nxt.low in V.PREPOSITIONS and nxt.low not in ("of", "for", "to") and \
                _is_nounish(toks[k].low):
            return k  # "dropping without a sound | into the grove"
        k += 1
    return n


def _mark_negation(r: Reading) -> None:
    toks = r.tokens
    n = len(toks)
    for i, t in enumerate(toks):
        if t.kind != "word" or t.quoted:
            continue
        low = t.low
        trigger = False
        if low in _NEGATORS or low.endswith("n't"):
            trigger = True
            if low == "nothing" and i + 1 < n and toks[i + 1].low in ("but", "except", "save"):
                trigger = False
            if low == "no" and i + 1 < n and toks[i + 1].low in ("one", "longer") and \
                    i + 2 < n and toks[i + 2].low == "but":
                trigger = False
            if low in ("almost", "nearly") and i + 1 < n and toks[i + 1].low in (
                    "every", "all", "empty", "full", "dark", "silent"):
                trigger = False
        elif low in _ATTEMPTS and i + 1 < n and toks[i + 1].low in ("to", "for"):
            trigger = True
        elif low == "in" and i + 1 < n and toks[i + 1].low == "vain":
            trigger = True
        if not trigger:
            continue
        clause = t.clause
        last = n
        if low == "without":
            last = _without_object_end(toks, i)
        verb_at = -1
        for k in range(i + 1, min(n, last + 1)):
            if toks[k].clause != clause:
                break
            tk = toks[k]
            if verb_at == k - 1 and tk.low.endswith("s") and not tk.low.endswith("ss") and \
                    low in _SCOPED_NEGATORS and _participle(toks[verb_at].low) and \
                    W.verb_base(tk.low) is not None and k + 1 < n and (
                        toks[k + 1].low in _OBJECT_STARTS or toks[k + 1].low in V.PREPOSITIONS
                        or toks[k + 1].low in _PARTICLES or toks[k + 1].cap):
                break  # "a guy you've never seen | elbows her": the relative clause ends
            if verb_at < 0 and tk.kind == "word" and (tk.low in V.VERBS or (
                    W.verb_base(tk.low) is not None and not _is_nounish(tk.low))):
                verb_at = k
            tk.negated = True
        if low in ("no", "not") or low.endswith("n't"):
            continue
    # "a dagger that isn't there": the negation reaches back to the noun
    for i, t in enumerate(toks):
        if t.low in ("that", "which") and i + 1 < n and (
                toks[i + 1].low.endswith("n't") or (i + 2 < n and toks[i + 2].low == "not")):
            k = i - 1
            while k >= 0 and toks[k].kind == "word" and toks[k].clause == t.clause:
                toks[k].negated = True
                if toks[k].low in V.DETERMINERS:
                    break
                k -= 1


# --- figures of speech: similes, depictions, idioms ---------------------------------------------

_SIMILE = frozenset({"like", "resembling", "resembles", "unlike"})

_DEPICTION = frozenset(
    "painting paintings carving carvings statue statues tapestry tapestries mural murals image "
    "images engraving engravings icon icons effigy effigies tattoo tattoos sketch sketches "
    "drawing drawings portrait portraits figurine figurines emblem emblems crest crests sigil "
    "sigils banner banners relief reliefs mosaic mosaics likeness picture pictures sign signs "
    "toy toys model models skull skulls pelt pelts hide hides skin skins trophy trophies bones "
    "shape shapes silhouette silhouettes outline outlines shadow shadows smell scent stench "
    "reek sound sounds noise noises cry cries howl howls roar call calls song songs size "
    "story stories tale tales memory thought thoughts fear fears stuff talk rumour rumor word "
    "words name names head heads mask masks costume costumes form".split())

# Figures of speech that name creatures or things without putting them in the scene.
_IDIOMS = re.compile(
    r"\b(?:fl(?:y|ies|ew|ying) into an? (?:\w+ )?(?:rage|fury|frenzy|temper|passion|panic|"
    r"tantrum|fit|sulk|huff|paroxysm)|fl(?:y|ies|ew|ying) off the handle|"
    r"(?:sparks|fur|feathers|words|insults|accusations|rumou?rs|fists|blows) (?:begin to |start "
    r"to )?fl(?:y|ies|ew)|the fur flies|time flies|bear hugs?|crocodile tears|dog[- ]tired|dog days|cat ?naps?|horse sense|horseplay|"
    r"bull'?s[- ]eye|lion'?s share|snake oil|red herring|wild goose chase|puppy[- ]dog eyes|"
    r"pig[- ]headed|bird'?s[- ]eye|fish out of water|hawk[- ]eyed|eagle[- ]eyed|early bird|"
    r"night owl|dark horse|lone wolf|black sheep|scapegoat|copycat|fat cat|top dog|underdog|"
    r"dog[- ]eared|cold turkey|sitting duck|elephant in the room|butterflies in (?:\w+ )?"
    r"stomach|rat race|guinea pig|monkey business|wolfs? down|wolfed down|chicken out|"
    r"rabbit hole|bats in (?:the|his|her) belfry|snail'?s pace|beeline|bookworm|"
    r"cat got (?:your|his|her) tongue|hold (?:your|his|her) horses|straight from the horse'?s "
    r"mouth|(?:a |the )?cat(?:'s)?[- ]and[- ]mouse|(?:a )?frog in (?:\w+ )?throat|"
    r"(?:a |the )?crow'?s[- ]feet|goosebumps|goose bumps|goose ?flesh|pins and needles|"
    r"sword of damocles|(?:a )?bone to pick|(?:a )?feather in (?:\w+ )?cap|the devil'?s luck|"
    r"devil[- ]may[- ]care|speak of the devil|dragon'?s breath|(?:a |the )?hair of the dog|"
    r"(?:the )?dogs? of war|(?:a )?horse laugh|(?:a )?pig'?s ear|when pigs fly|"
    r"(?:like|as) a moth to (?:a |the )?flame|ghost of a smile|ghost of (?:a|an) \w+|"
    r"the ghost of (?:a|an|her|his) \w+|no ghost of)\b")
# One word of every idiom above, to skip the scan when none is there (kept to uncommon words).
_IDIOM_WORDS = frozenset(
    "bear hug hugs crocodile dog dogs cat catnap catnaps horse horses horseplay bull bull's lion "
    "lion's snake herring goose puppy pig pigs pig's bird bird's fish hawk eagle owl sheep "
    "scapegoat copycat turkey duck underdog elephant butterflies rat guinea tired days "
    "monkey wolf wolfs wolfed chicken rabbit bats snail snail's beeline bookworm "
    "frog crow crow's goosebumps goose gooseflesh pins sword bone feather devil "
    "devil's dragon dragon's hair moth ghost fly flies flew flying fur feathers sparks "
    "words insults accusations rumours rumors fists blows time".split())


def _mark_similes(r: Reading) -> None:
    toks = r.tokens
    n = len(toks)
    for i, t in enumerate(toks):
        low = t.low
        target = -1
        if low in _SIMILE and i > 0 and (toks[i - 1].low not in V.SUBJECT_PRONOUNS
                                         or _object_you(toks, i - 1)) \
                and toks[i - 1].low not in V.AUXILIARIES and toks[i - 1].low not in ("would",
                                                                                    "to"):
            target = i + 1
        elif low == "as" and i + 1 < n and toks[i + 1].low in ("if", "though"):
            for k in range(i, n):
                if toks[k].clause != toks[i].clause and k > i + 1:
                    break
                toks[k].muted = True
            continue
        elif low == "as" and i + 2 < n and toks[i + 2].low == "as":
            target = i + 3  # "as thick as the mainmast"
        elif low == "as" and i > 0 and i + 1 < n and toks[i + 1].low in ("a", "an") and \
                toks[i - 1].kind == "word" and toks[i - 1].low not in V.VERBS and \
                toks[i - 1].low not in V.PRONOUNS and not toks[i - 1].low.endswith("s"):
            target = i + 1  # "quiet as a mouse"
        elif low == "of" and i > 0 and toks[i - 1].low in _DEPICTION:
            target = i + 1
        elif low in ("reminds", "remind", "reminding") and i + 2 < n and toks[i + 2].low == "of":
            target = i + 3
        elif low == "way" and i > 0 and toks[i - 1].low == "the" and i + 1 < n and (
                toks[i + 1].low in V.DETERMINERS or toks[i + 1].low in V.SUBJECT_PRONOUNS) \
                and not (i > 1 and toks[i - 2].low in V.PREPOSITIONS):
            # "watches you the way a hawk watches a mouse": the whole comparison is a figure
            _mute_clause(toks, i + 1)
            continue
        elif low == "of" and _generic_someone(r, i + 1):
            # "with the wary pride of a man whose daughter is being inspected by a matchmaker":
            # a kind of person drawn by a relative clause is a figure, and so is all it holds
            _mute_clause(toks, i + 1)
            continue
        if target < 0 or target >= n:
            continue
        p = r.phrase_at.get(target)
        end = p.end if p else min(target + 1, n)
        if low == "as" and end < n and toks[end].kind == "word" and (
                toks[end].low in V.VERBS or toks[end].low in V.AUXILIARIES):
            continue  # "... rise from the sea as a kraken wraps the hull": as = while
        if low == "as" and p is not None and end < n and toks[end].low in V.PREPOSITIONS and \
                toks[end].low not in ("as", "like"):
            vi = verb_after(r, p, limit=8)
            if vi is not None and not any(toks[k].kind == "punct" for k in range(end, vi)) and \
                    (toks[vi].low.endswith("s") or toks[vi].low in V.AUXILIARIES):
                continue  # "as a woman in a tarred coat climbs up": as = while
        for k in range(target, end):
            toks[k].muted = True
        while end + 1 < n and toks[end].low in ("and", "or") and toks[end].clause == \
                toks[target].clause:
            # "the smell of hay and horse": what is compared or depicted goes on past "and"
            q = r.phrase_at.get(end + 1)
            if q is None or q.pronoun or q.name or q.det not in ("", "a", "an"):
                break
            for k in range(end, q.end):
                toks[k].muted = True
            end = q.end
        while low in _SIMILE and end + 1 < n and toks[end].low in V.PREPOSITIONS and \
                toks[end].low not in ("as", "like") and toks[end].clause == toks[target].clause:
            # "like a cat around a cornered mouse": the comparison goes on past its first noun
            q = r.phrase_at.get(end + 1)
            if q is None and end + 2 < n:
                q = r.phrase_at.get(end + 2)
            if q is None:
                break
            for k in range(end, q.end):
                toks[k].muted = True
            end = q.end
        if low in _SIMILE and end < n and toks[end].kind == "word" and toks[end].clause == \
                toks[target].clause and (toks[end].low in V.VERBS or toks[end].low.endswith("ing")):
            _mute_clause(toks, end)  # "like a man hailing a boat"


def _object_you(toks: list[Token], i: int) -> bool:
    """"circles you like a cat": "you" after a verb is its object, so "like" compares; "you
    like the ale" and "if you like" have "you" as the subject."""
    if toks[i].low not in ("you", "it") or i == 0 or toks[i].initial:
        return False
    prev = toks[i - 1]
    return prev.kind == "word" and prev.clause == toks[i].clause and \
        prev.low not in V.CONJUNCTIONS and prev.low not in V.AUXILIARIES and \
        prev.low not in V.SUBJECT_PRONOUNS and prev.low not in (
            "and", "but", "or", "if", "when", "as", "than", "what", "whatever", "that", "so",
            "then", "because", "unless", "since", "while", "whether", "do", "did", "would")


def _generic_someone(r: Reading, i: int) -> bool:
    """"a man whose daughter ...", "a woman who has buried three husbands": an indefinite
    person noun with a relative clause after it, a kind of someone and not someone here."""
    toks = r.tokens
    if i >= len(toks) or toks[i].low not in ("a", "an"):
        return False
    for k in range(i + 2, min(i + 5, len(toks))):
        if toks[k].low in ("who", "whose"):
            return V.is_person_noun(toks[k - 1].base)
        if toks[k].kind != "word":
            return False
    return False


def _mute_clause(toks: list[Token], start: int) -> None:
    """Mute from ``start`` to the end of its clause."""
    clause = toks[start].clause
    for k in range(start, len(toks)):
        if toks[k].clause != clause:
            break
        toks[k].muted = True
