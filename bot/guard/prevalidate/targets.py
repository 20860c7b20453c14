"""``target``: whoever the words are done to must be here.

Attacking, addressing, serving or giving to someone absent invites the narrator to produce them.
The parser's target is checked against who is present; and because a capitalised name is the
strongest evidence the words offer, a named person (or a named place travelled to) that the
scene lacks is checked in the words themselves, whatever the verb was parsed as.
"""

from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.guard.finding import Finding
from bot.guard.index import BEING_KINDS, SceneIndex
from bot.guard.intent.clauses import _ABBREVIATION
from bot.guard.intent.literal import has_word
from bot.guard.lexicon.nouns import BEINGS, GENERIC_BEINGS, HOSTILE_GENERICS, MONSTERS
from bot.guard.lexicon.verbs import PRONOUNS_BEING
from bot.guard.lexicon.wordclass import is_person, noun_codes, verb_base
from bot.guard.lexicon.words import NUMBER_WORDS, STOPWORDS, head_word, norm_phrase, singular
from bot.guard.prevalidate.referents import is_collective, names_a_thing_here, names_someone_here, role_taken
from bot.guard.prevalidate.deeds import _NAME_TOKEN, _QUOTED, _REMOTE_VERBS, _TOPIC_MARKERS, _player_does
from bot.guard.prevalidate.places import _by_way_of_exit, _exits
from bot.guard.prevalidate.sheet import SPEAKS_WITH_DEAD as _SPEAKS_WITH_DEAD
from bot.guard.prevalidate.wording import _bare, _finding, _none_here, _possessive
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_TARGET_RE1 = re.compile(r"^(?:the\s+)?(.+?)(?:'s|’s|s')\s+(\w+)$", re.I)
_OF_ELSEWHERE_RE1 = re.compile(r"\bof\s+(?:the\s+)?([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)\s*$")
_NAMED_SIGNALS_RE1 = re.compile(r"[a-z]+")
_NAMED_SIGNALS_RE2 = re.compile(r"\s*([a-z]+)")


def _present(scene: Scene) -> str:
    names = [n.name for n in scene.npcs] + [p.name for p in scene.party if p.name] + list(scene.creatures)
    return "present: " + (", ".join(names) if names else "no one")


def _target(intent: Intent, scene: Scene, c: float) -> Finding | None:
    if intent.target_kind != "being" or intent.resolved or not intent.target_text:
        return None
    text = intent.target_text
    key = norm_phrase(text)
    words = key.split()
    if not words:
        return None
    if _names_no_one(words, text, intent.words or ""):
        return None
    if _opens_a_creature(key, scene):
        return None  # "the void rat" for "a void-rat nesting in the ducts": named by its head
    manner = _manner_tail(words)
    if manner and SceneIndex.for_scene(scene).resolve(" ".join(words[:-manner]), BEING_KINDS, min_score=85) is not None:
        return None  # "ask the marshal real nice": the marshal here, asked nicely
    head = head_word(key)
    form = _TARGET_RE1.match(text.strip())
    if form is not None and form.group(2).casefold() in _PERSON_FORMS:
        if SceneIndex.for_scene(scene).resolve(form.group(1), BEING_KINDS, min_score=88) is not None:
            return None  # "Lady Cordelia's ghost" with Lady Cordelia here: she, in that form
    if head in _PERSON_FORMS and _SPEAKS_WITH_DEAD.search(" | ".join([*scene.player.abilities, scene.player.char_class or ""]).casefold()):
        return None  # a medium calling up "the spirit of the drowned girl": the dead come by that gift
    if _named_by_a_gift(text, scene):
        return None  # "beg Vashka ..." from a shellsinger who can "sing to Vashka": the gift reaches her
    someone_here = bool(scene.npcs or scene.party)
    anything_here = someone_here or bool(scene.creatures)
    if head in HOSTILE_GENERICS:
        if anything_here:
            return None
        return _finding("target", 0.7 * c, text, _present(scene), "There is nothing here to fight.")
    if key in PRONOUNS_BEING and anything_here:
        return None  # "I've got her", "follow them": a pronoun may be anyone here, or no one
    index = SceneIndex.for_scene(scene)
    if role_taken(text, intent.words or "") or names_a_thing_here(text, index, head):
        return None  # "I stand guard by the door"; "plug the Rickenbacker in": no one met
    generic = head in GENERIC_BEINGS or head in _EVERYDAY_PEOPLE
    if not generic and not is_collective(text) and names_someone_here(head, index) and not _of_elsewhere(text, scene):
        if not (len(words) <= 3 and _marks_absent(words[:-1], scene)):
            return None  # "the old hound" for "a hound asleep by the stove", "the doc" for Dr. Osei
    if generic or is_collective(text):
        # "the man", "the crew", "everyone": whoever is here, unless a description fits no one
        if someone_here:
            marks = len(words) <= 3 and _marks_absent(words[:-1], scene)
            if marks:
                # "the bearded lady": a description that picks out someone, and fits no one here
                return _finding("target", 0.8 * c, text, _present(scene), f"{_none_here(text)}.")
            return None
        return _finding("target", 0.6 * c, text, _present(scene), "There is no one else here.")
    conf = 0.92 if head in BEINGS else 0.8
    if head in BEINGS and head not in MONSTERS and any(not n.aliases and not n.description for n in scene.npcs):
        conf = 0.45  # "the blacksmith" may be the NPC whose role the scene does not state
    if _possessive(text) in ("my", "our") and not _kin_by_name(text):
        conf = 0.45  # "my horse": the player's own animal, which may well be elsewhere
    return _finding("target", conf * c, text, _present(scene), f"{_none_here(text)}.")


def _kin_by_name(text: str) -> bool:
    """Whether "my ..." names one person by name after the word for them ("my brother Mateo",
    "my cousin Ana"): someone in particular, who is either here or not, unlike "my horse"."""
    ws = text.split()
    return len(ws) >= 3 and ws[-1][:1].isupper() and not ws[-2][:1].isupper() and is_person(ws[-2].casefold())


# Words that stand in a noun's place without naming anyone: "take down everything she says".
_THING_QUANTIFIERS = frozenset("everything anything something nothing whatever all".split())
# Words of endearment or address said to whoever reads ("... dirty fighting baby"): a vocative
# at the end of a message speaks to the table, not to someone in the scene.
_VOCATIVES = frozenset("baby babe bro dude mate pal buddy fam fellas guys lol".split())


def _names_no_one(words: list[str], text: str, said: str) -> bool:
    """Whether a guessed someone is a word that names no one: a quantifier of things
    ("everything"), a manner adverb set off by commas ("ask, very politely, what ...") or a
    closing vocative ("... baby") that ends the words with no "to" or "at" before it."""
    if words[0] in _THING_QUANTIFIERS:
        return True
    if all(w.endswith("ly") or w in ("very", "so", "quite", "most", "rather") for w in words) and words[-1].endswith("ly") and not noun_codes(words[-1]):
        return True  # "very politely", "quietly": how it is done, not to whom
    if len(words) == 1 and words[0] in _VOCATIVES:
        tail = said.rstrip(" .!?").casefold()
        return tail.endswith(words[0]) and not re.search(r"\b(?:to|at|the|a|my)\s+" + re.escape(words[0]) + "$", tail)
    return False


_MANNER_WORDS = frozenset("real really nice nicely very so sweet sweetly polite politely kind kindly quiet quietly soft softly".split())


def _opens_a_creature(key: str, scene: Scene) -> bool:
    """Whether a creature here is named by these words and then described ("a void-rat nesting
    in the ducts" by "the void rat"): the words, hyphens aside, open its name."""
    said = key.replace("-", " ")
    for name in scene.creatures:
        words = norm_phrase(name).replace("-", " ")
        if words == said or words.startswith(said + " "):
            return True
    return False


def _manner_tail(words: list[str]) -> int:
    """How many words at the end of a guessed someone say how, not who ("the marshal real
    nice"): words of manner, with one of someone before them."""
    n = 0
    while n < len(words) - 1 and words[-1 - n] in _MANNER_WORDS:
        n += 1
    return n


def _named_by_a_gift(text: str, scene: Scene) -> bool:
    """Whether a name (in capitals) is one the player's own abilities name ("sing to Vashka",
    "commune with Old Mother Oak"): the sheet says the player reaches that being by its gift, so
    it is in this world whether or not the scene lists it as standing here."""
    names = [w for w in text.split() if w[:1].isupper() and w.casefold() not in ("the", "a", "an")]
    if not names:
        return False
    gifts = " | ".join(scene.player.abilities).casefold()
    return all(has_word(gifts, w.casefold()) for w in names)


# Everyday and colloquial words for a person, no more particular than "man" or "guy": "the bloke
# in the clean trainers" is whoever in the crowd fits, not someone the scene must name.
_EVERYDAY_PEOPLE = frozenset(
    """bloke blokes chap chaps fella fellas feller geezer geezers dude dudes lad lads lass lasses
    lassie gent gents bod punter punters guys men women ladies folks fellows youngster youngsters
    kiddo gentlemen""".split()
)


def _of_elsewhere(text: str, scene: Scene) -> bool:
    """ "the king of tikal" with a king here who rules somewhere else: a title tied by "of" to a
    named place (a word no dictionary knows, or capitalised) that the scene never mentions."""
    m = _OF_ELSEWHERE_RE1.search(text.strip())
    if m is None:
        return False
    names = m.group(1).split()
    if not all(w[:1].isupper() or not noun_codes(w.casefold()) for w in names):
        return False
    loc = scene.location
    said = " ".join([getattr(scene, "setting", "") or "", loc.name or "", loc.description or "", *loc.exits]).casefold()
    said += " " + " ".join(" ".join([n.name, *n.aliases]) for n in scene.npcs).casefold()
    return not any(has_word(said, w.casefold()) for w in names)


# Descriptions that pick out no one in particular (age, build, looks, place, order): "the old man"
# may be whichever man is here.
_VAGUE_MARKS = frozenset(
    """old young elderly aged little big large small tall short fat thin stout skinny other another
    nearest closest nearby near far same first second last next poor dear good kind nice friendly
    pretty beautiful handsome ugly strange mysterious quiet angry drunk sleeping tired lone single
    only whole entire certain local""".split()
)


def _marks_absent(marks: list[str], scene: Scene) -> bool:
    """Whether the words describing a generic someone ("bearded" in "the bearded lady") pick out
    a person, and fit nothing the scene says of anyone present."""
    marks = [w for w in marks if w.replace("-", "").isalpha() and w not in _VAGUE_MARKS and w not in STOPWORDS and w not in NUMBER_WORDS]
    if not marks:
        return False
    said = _people_words(SceneIndex.for_scene(scene))
    return not any(w in said or singular(w) in said or w.removesuffix("ed") in said or set(w.split("-")) & said for w in marks)


@lru_cache(maxsize=64)
def _people_words(index: SceneIndex) -> frozenset[str]:
    """(cached per scene) Every word the scene says of the people present and of the place."""
    scene = index.scene
    texts: list[str] = [scene.location.description or "", scene.location.name or ""]
    for n in scene.npcs:
        texts += [n.name, *n.aliases, *n.items, *n.abilities, getattr(n, "description", "") or ""]
    for m in scene.party:
        texts += [m.name or "", m.char_class or "", *m.inventory, *m.abilities]
    texts += [scene.player.name or "", scene.player.char_class or "", *scene.creatures]
    out: set[str] = set()
    for t in texts:
        out.update(_text_people_words(t))
    return frozenset(out)


@lru_cache(maxsize=4096)
def _text_people_words(text: str) -> tuple[str, ...]:
    """(cached per scene text) One text's share of ``_people_words``: each word and its
    singular. An index is rebuilt whenever the scene changes, mostly with the same texts."""
    out: list[str] = []
    for w in _LETTERS.findall(text.casefold()):
        out.append(w)
        out.append(singular(w))
    return tuple(out)


_LETTERS = re.compile(r"[a-z]+")


def _being_word(text: str | None) -> bool:
    key = norm_phrase(text or "")
    head = head_word(key)
    return head in BEINGS or head in GENERIC_BEINGS or head in HOSTILE_GENERICS


# A capitalised name is the strongest evidence the words offer: a person or place the scene does
# not list is not here, however the verb was parsed. Two commitments are checked at the words'
# level: someone named as a person (a title or a word for a person beside the name: "Emperor
# Akbar", "the harbourmaster Quill") whom the player addresses, attacks, serves or kneels to, and
# a named place the player travels to ("sail to Port Royal"). A name that is only talked about
# ("ask her about Captain Vane", "tell him that Lord Ash is dead") commits to nothing.

# "at the feet of Emperor Akbar", "into the presence of", "the hand of": done to the person.
_PERSON_PARTS = frozenset("feet foot knees knee hand hands side presence mercy throne boots heels face".split())
# Where a person sits or keeps their place: going to "Du's table" is going to Du, who must be here.
_SEATS = frozenset("table desk booth seat chair stool bench bedside stall counter".split())
# What a person still is after death or in another state: "Sir Edmund's ghost" is Sir Edmund, so
# a ghost here who is someone else is not him.
_PERSON_FORMS = frozenset("ghost spirit shade phantom spectre specter wraith soul apparition corpse body remains".split())
_TITLE_WORDS = frozenset(
    """mr mrs ms miss mister madam madame dame sir lord lady dr doctor prof professor rev reverend
    father mother brother sister master mistress captain capt sergeant sgt lieutenant lt
    commander general admiral colonel major corporal private officer agent detective inspector
    sheriff marshal deputy judge king queen prince princess emperor empress duke duchess baron
    baroness count countess earl jarl thane chieftain chief khan sultan shah emir tsar czar
    pharaoh regent consul senator centurion legate tribune abbot abbess bishop brother elder
    uncle aunt cousin grandfather grandmother granny gramps boss don doña señor senor señora
    senora signor monsieur madame herr frau sensei sama san lama rabbi imam mullah shaykh
    sheikh guru swami champion""".split()
)
# Taking a conveyance somewhere: "take the maglev to ...", "catch the ferry to ...".
_BOARDS = re.compile(r"\b(?:take|takes|took|catch|catches|caught|board|boards|boarded|hop on|hail|hails|book|books|grab|grabs|ride|rides|rode)\s+(?:the|a|an|my)\s+[\w-]+(?:\s+[\w-]+)?\s+(?:to|towards?|for)\b")
# Spending the night somewhere: "lodge in", "put up at", "sleep at", the place named next.
_LODGING = re.compile(r"\b(?:lodge|lodges|lodging|stay|stays|staying|sleep|sleeps|overnight|spend the night|spends the night|put up|puts up|bed down|beds down|take a room|takes a room)\s+(?:tonight\s+|the night\s+)?(?:in|at)(?:\s+the)?$")
# Carried somewhere by someone or something: "have it take me to ...", "the cabman drives us to ...".
_CARRIED = re.compile(r"\b(?:take|takes|drive|drives|carry|carries|bring|brings|row|rows|ferry|ferries|fly|flies|sail|sails|ride|rides|run|runs|get|gets)\s+(?:me|us)\s+(?:straight\s+|right\s+|all the way\s+)?(?:to|towards?|as far as)\b")
# "I raise my glass to the King": a toast, to no one who must be here.
_TOAST = re.compile(r"\b(?:raise|raises|raised|lift|lifts|lifted)\s+(?:my|our|a|the|his|her)\s+(?:[\w-]+\s+)?(?:glass|glasses|cup|cups|mug|tankard|horn|flask|goblet|drink|bottle|stein|chalice)\s+to\b", re.I)
_DIVINE = frozenset("god gods goddess goddesses deity deities saint st spirit spirits allfather almighty holy divine".split())
_PERSON_ACTS = frozenset({"attack", "talk", "give", "buy", "other", "ability", "cast", "use_item"})
_TRAVEL_PREPS = frozenset({"to", "toward", "towards", "for"})


def _scene_words(scene: Scene) -> frozenset[str]:
    return _scene_words_of(SceneIndex.for_scene(scene))


@lru_cache(maxsize=64)
def _scene_words_of(index: SceneIndex) -> frozenset[str]:
    """(cached per scene index) Every word of every name the scene gives."""
    scene = index.scene
    names: list[str] = [scene.player.name or "", scene.location.name or "", *scene.location.aliases, *scene.location.exits]
    for n in scene.npcs:
        names += [n.name, *n.aliases, *n.items]
    for m in scene.party:
        names += [m.name or "", *m.inventory]
    names += [*scene.items, *scene.creatures, *(f.name for f in scene.location.features), *scene.player.inventory]
    out: set[str] = set()
    for name in names:
        out.update(_name_words(name or ""))
    return frozenset(out)


_NAME_WORD = re.compile(r"[a-z][\w'-]*")


@lru_cache(maxsize=4096)
def _name_words(name: str) -> tuple[str, ...]:
    """(cached per scene name) One name's share of ``_scene_words_of``; see ``_text_people_words``."""
    return tuple(w.removesuffix("'s").removesuffix("'") for w in _NAME_WORD.findall(name.casefold()))


def _known_name(word: str, known: frozenset[str]) -> bool:
    w = word.casefold().removesuffix("'s").removesuffix("’s").removesuffix("'")
    if w in known or singular(w) in known:
        return True
    if len(w) >= 4:
        # a typo of a name here ("Kagetoro"): one edit away, same first letter
        near = process.extractOne(w, [k for k in known if k[:1] == w[:1] and len(k) >= 4], scorer=Levenshtein.distance, score_cutoff=1)
        return near is not None
    return False


def _name_runs(words: str) -> list[tuple[int, list[str], list[str]]]:
    """(index of the run's first token, tokens before it, the run) for every run of capitalised
    words that does not open the words ("Emperor Akbar", "Port Royal"); "I" is no name. A title's
    full stop ("Dr. Halvorsen") ends no sentence: the title and the name are one run."""
    toks = _NAME_TOKEN.findall(_ABBREVIATION.sub(r"\1 ", _QUOTED.sub(" ", words)))
    runs: list[tuple[int, list[str], list[str]]] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t[:1].isupper() and t not in _SELF and i > 0 and toks[i - 1] not in (".", "!", "?", "*", ":", '"'):
            j = i
            run: list[str] = []
            while j < len(toks) and toks[j] not in _SELF and (toks[j][:1].isupper() or (run and toks[j] in ("of", "the", "de", "van", "von", "al", "ibn", "bin") and j + 1 < len(toks) and toks[j + 1][:1].isupper())):
                run.append(toks[j])
                j += 1
            runs.append((i, toks[:i], run))
            i = j
        else:
            i += 1
    return runs


_UPPER = re.compile(r"[A-Z]")
# The player's "I" opens a clause of its own ("tell Charlotte I wish ..."): never part of a name.
_SELF = frozenset(("I", "I'm", "I'll", "I'd", "I've"))
# A deed that reaches someone far off is told by a verb before the name ("write to Lord Ash") or
# by the means, wherever it is said ("tell Lord Ash by letter"); "that the picture is a flop"
# after the name is what is said, and its "picture" no picturing.
_REMOTE_MEANS = frozenset(
    """letter letters note notes telegram telegraph wire radio phone telephone email e-mail text
    message messages dream dreams prayer prayers""".split()
)


# Verbs whose object is the one who hears or is greeted ("greet Thorgils", "tell Dmitri the truss
# is done"), and gestures of respect made to someone before one ("bow to Moctezuma").
_ADDRESS_VERBS = frozenset(
    """greet thank ask tell question warn urge beg implore remind inform instruct order hug kiss
    embrace salute welcome congratulate introduce interrupt scold berate reassure console""".split()
)
_OBEISANCE = frozenset("bow kneel curtsy curtsey genuflect prostrate nod".split())


def _addressed_by_name(prev: list[str]) -> bool:
    """Whether the words before a name make it the one addressed: a verb of greeting, asking or
    telling right before it, or a bow or a kneel "to" or "before" it. Whoever is greeted by name
    is someone, whatever a dictionary knows of the name."""
    if not prev:
        return False
    if verb_base(prev[-1]) in _ADDRESS_VERBS:
        return True
    if prev[-1] not in ("to", "before"):
        return False
    how = [w for w in prev[:-1]]
    while how and (how[-1].endswith("ly") or how[-1] in ("low", "down", "deep", "again")):
        how.pop()  # "bow low to", "kneel humbly before"
    return bool(how) and verb_base(how[-1]) in _OBEISANCE


def _modifies_a_noun(run: list[str], words: str) -> bool:
    """Whether a capitalised run stands before a lower-case noun it describes ("the Ottoman tents",
    "tell Cossack riders"): a people's or a maker's name used as a word for a kind, not someone."""
    m = re.search(re.escape(run[-1]) + r"\s+([a-z][a-z'-]*)", words)
    if m is None:
        return False
    nxt = m.group(1)
    return nxt not in STOPWORDS and bool(noun_codes(nxt))


def _conf(intent: Intent) -> float:
    """How sure a word-level signal is: the parse's confidence, but an unclassified verb does
    not weaken what the words themselves commit to."""
    return max(intent.confidence or 0.0, 0.9) if intent.ambiguous else (intent.confidence or 1.0)


def _named_signals(intent: Intent, scene: Scene, index: SceneIndex) -> list[Finding]:
    words = intent.words or ""
    if intent.ambiguous and intent.confidence < 0.2 or _UPPER.search(words, 1) is None:
        return []
    if not _player_does(_QUOTED.sub(" ", words), index):
        return []
    known = _scene_words(scene)
    out: list[Finding] = []
    lows = set(_NAMED_SIGNALS_RE1.findall(words.casefold()))
    for at, before, run in _name_runs(words):
        form = ""
        prev_words = [t.casefold() for t in before if t[:1].isalpha()]
        if _LODGING.search(" ".join(prev_words[-5:])) and not _by_way_of_exit(intent, scene):
            # "lodge in Kyoto's Gion quarter tonight": a named place one would spend the night in,
            # whoever's name it bears, is where the player goes
            name = [w for w in run if w.casefold() not in _TITLE_WORDS and w.casefold().removesuffix("'s") not in ("of", "the")]
            if name and not all(_known_name(w.removesuffix("'s"), known) for w in name):
                display = " ".join(run)
                out.append(_finding("location", 0.85 * _conf(intent), display, f"exits: {_exits(scene)}", f"You can't reach {display} from here; exits: {_exits(scene)}."))
                continue
        seat = False
        if run[-1].casefold().endswith(("'s", "’s", "s'")):
            after = _NAMED_SIGNALS_RE2.match(words[words.find(run[-1]) + len(run[-1]) :] if run[-1] in words else "")
            if after is not None and after.group(1) in _PERSON_FORMS:
                form = after.group(1)  # "Sir Edmund's ghost" is Sir Edmund, in another form
            elif after is not None and after.group(1) in _SEATS and intent.action_type == "move":
                seat = True  # "walk up to Big-Eared Du's table": going to where he sits is going to him
            elif after is None or after.group(1) not in _PERSON_PARTS:
                continue  # "General Howe's statue": whose it is, not whom the words are done to
        name = [w for w in run if w.casefold() not in _TITLE_WORDS and w.casefold() not in ("of", "the", "de", "van", "von", "al", "ibn", "bin")]
        if not name or all(_known_name(w, known) for w in name) or any(_known_name(w, known) for w in name[-1:]):
            continue
        if _named_by_a_gift(" ".join(name), scene):
            continue  # "Vashka" to one who can "sing to Vashka"
        if intent.action_type == "talk" and intent.resolved and intent.target_kind in ("npc", "party") \
                and intent.topic and " ".join(run) in intent.topic:
            continue  # "Do you know Captain Vorn, Bram?": asked about, while Bram, who is here, is asked
        prev = [t.casefold() for t in before if t[:1].isalpha()]
        if (prev and prev[-1] in _DIVINE) or any(w.casefold() in _DIVINE for w in run):
            continue  # "the god Tyr", "Saint Piran": prayed to, not met
        titled = bool(form) or any(w.casefold() in _TITLE_WORDS for w in run) or (
            bool(prev) and (prev[-1] in _TITLE_WORDS or prev[-1] in BEINGS or is_person(prev[-1])) and prev[-1] not in GENERIC_BEINGS
        )
        if not titled and intent.action_type in ("attack", "talk", "give") and not intent.resolved and intent.target_text:
            titled = run[-1] in intent.target_text.split()  # whom the words are done to: someone
        if not form and intent.resolved and intent.target_kind in ("npc", "party", "creature") and intent.target_text and run[-1] in intent.target_text.split():
            continue  # "bow deeply to Sato-sama": the parse found who, here, under that name
        if not titled and intent.action_type in ("talk", "other", "give") and not _modifies_a_noun(run, words):
            titled = _addressed_by_name(prev) or (prev[-1:] == ["the"] and len(run) == 1 and is_person(run[0].casefold()))
        # the nearest word that says what the name is to the verb
        marker = next((w for w in reversed(prev) if w in _TOPIC_MARKERS or w in _TRAVEL_PREPS or w in ("at", "before", "with", "against", "on", "upon")), None)
        if marker == "of":
            at_of = len(prev) - 1 - prev[::-1].index("of")
            if at_of > 0 and prev[at_of - 1] in _PERSON_PARTS:
                marker = "at"  # "at the feet of Emperor Akbar"
        display = " ".join(run) + (f" {form}" if form else "")
        if seat and marker in _TRAVEL_PREPS and not _by_way_of_exit(intent, scene):
            who = display.removesuffix("'s").removesuffix("’s").removesuffix("'")
            out.append(_finding("target", 0.85 * _conf(intent), who, _present(scene), f"{who} is not here."))
            continue
        remote = set(prev) & _REMOTE_VERBS or lows & _REMOTE_MEANS
        if titled and intent.action_type in _PERSON_ACTS and marker not in _TOPIC_MARKERS - {"for"} and not remote and not _TOAST.search(words):
            if marker == "for" and intent.action_type != "attack":
                continue  # "I ask for Captain Vane": sending for someone
            out.append(_finding("target", 0.85 * _conf(intent), display, _present(scene), f"{display} is not here."))
        elif (intent.action_type == "move" or _BOARDS.search(words.casefold()) or _CARRIED.search(words.casefold())) and marker in _TRAVEL_PREPS and not _by_way_of_exit(intent, scene) and not titled and not (intent.resolved and intent.target_kind in ("exit", "npc", "party", "place")):
            out.append(_finding("location", 0.85 * _conf(intent), display, f"exits: {_exits(scene)}", f"You can't reach {display} from here; exits: {_exits(scene)}."))
    return out
