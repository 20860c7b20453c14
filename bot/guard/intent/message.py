"""A player's whole message -> its intents, in order (``extract``, the package's one entry point).

Why separate: the stages run once per message (prepare, language gate, a leading vocative, split,
then parse and interpret each step) and share one context: the scene index and the last someone
and something referred to, which later steps' pronouns resolve to. This is also where the
fallbacks are decided: a message nothing could be read from is one ambiguous ``other`` (or a
``talk`` when it is only speech), never a block and never an exception.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.guard.index import BEING_KINDS, SceneIndex
from bot.guard.intent.healing import with_means
from bot.guard.intent.clauses import _HARD, _PROSE_MARK, _SOFT, _foreign, _prepare, _split, _tokenize
from bot.guard.intent.interpret import _interpret
from bot.guard.intent.model import _Ctx, _Step, _Tok
from bot.guard.intent.parse import _parse_step
from bot.guard.intent.resolve import _remember
from bot.guard.lexicon.magic import VANISHING
from bot.guard.lexicon.verbs import SUBJECT_FIRST
from bot.guard.lexicon.wordclass import verb_base
from bot.guard.lexicon.words import DETERMINERS
from bot.world.intent import Intent
from bot.world.scene import Scene


# A player taking back what they began to write: only what follows is their action.
_RETRACTION = re.compile(
    r"(?:^|[\s.,;!?-])(?:no+ wait|wait no+|wait,? no+|scratch that|strike that|on second thought|on second thoughts|never mind|nevermind|actually no|no,? actually)\b[\s.,;:!?-]*",
    re.I,
)


def extract(text: str, scene: Scene) -> list[Intent]:
    """The intents in a player's message, one per step, in order. Never raises on odd input."""
    if not isinstance(text, str) or not text.strip():
        return [Intent("other", words=text if isinstance(text, str) else "", ambiguous=True, confidence=0.0, resolved=False)]
    index = SceneIndex.for_scene(scene)
    work, speeches = _prepare(text)
    retracted = _RETRACTION.search(work)
    if retracted is not None and retracted.end() < len(text) and text[retracted.end() :].strip(" .,!?"):
        # "I ask the spirits... no wait, I ask the elder": what the player took back is not done
        return extract(text[retracted.end() :], scene)
    toks = _as_the_scene_spells(_tokenize(work), index)
    if _foreign(toks):
        return [Intent("other", words=text.strip(), ambiguous=True, confidence=0.1, resolved=False)]
    lows = {t.low for t in toks}
    first_person = bool(lows & {"i", "we", "i'm", "i'll", "i'd", "i've", "let's", "me", "my", "im"})
    ctx = _Ctx(index, scene, speeches, first_person, bool(_PROSE_MARK.match(text)) or not first_person, _interpret)
    ctx.vanished = any((verb_base(t.low) or t.low) in VANISHING for t in toks)
    ctx.text = work

    vocative, toks = _vocative(toks, ctx, text)
    if vocative is None:
        vocative, toks = _vocative_after(toks, ctx, text)
    if vocative is None and not first_person:
        vocative, toks = _asked_of(toks, ctx, text)
    if vocative is None:
        toks = _you_named_before(_you_named_after(toks, ctx), ctx)
    if vocative is not None:
        ctx.intents.append(vocative)
        _remember(vocative, ctx)
    steps = _split(toks, lambda word: index.resolve(word, BEING_KINDS, min_score=90) is not None)
    previous_subject = "none"
    for step_toks, joined in steps:
        ctx.someone_else = False
        step = _parse_step(step_toks, ctx, previous_subject if joined else "none")
        if step is None and joined:
            step = _onward(step_toks, ctx, previous_subject)
        if step is None and _let_act_on_me(step_toks, previous_subject if joined else ("first" if first_person else "none")):
            # "and let the gale lift me off the cliff": something else's deed, done to the player
            # at the player's bidding, is the player's claim; what it claims is read from its words
            ctx.intents.append(Intent("other", words=" ".join(t.text for t in step_toks), ambiguous=True, confidence=0.9, resolved=False))
        elif step is None and joined and ctx.intents and _told_answer(step_toks):
            # "... order the wind to drop, and it does": the world's answer, told by the player,
            # is part of the claim; kept (with no deed of its own) so the step before is read with it
            ctx.intents.append(Intent("other", words=" ".join(t.text for t in step_toks), ambiguous=True, confidence=0.9, resolved=False))
        if step is None:
            # someone else's action carries over to "and ..." steps; a verbless fragment does not
            previous_subject = "other" if ctx.someone_else else (previous_subject if joined else "none")
            continue
        previous_subject = step.subject
        intent = _interpret(step, ctx, text)
        if intent is not None:
            ctx.intents.append(intent)
    if not ctx.intents:
        if speeches:
            return [Intent("talk", words=text.strip(), topic=" / ".join(speeches), confidence=0.8)]
        if _WHERE_AM_I.match(text):
            return [Intent("examine", words=text.strip(), confidence=0.85)]  # the answer is a look
        asked = _trade_question(text, index) or _greeting(toks, index, text) or _asked_aloud(text, scene)
        if asked is not None:
            return [asked]
        return [Intent("other", words=text.strip(), ambiguous=True, confidence=0.3, resolved=False)]
    return [with_means(i, scene) for i in ctx.intents]


# A question about prices or wares: "how much for a room?", "what does Greta sell?", "what's
# for sale here?", "is the rope cheap?" is not one (no word of trade).
_QUESTION_START = re.compile(r"^\W*(?:how|what|what's|whats|which|any|anything|is|are|do|does|can|could|got)\b", re.I)
_TRADE_WORD = re.compile(
    r"\b(?:how\s+much|cost|costs|price|prices|priced|for\s+sale|sell|sells|selling|wares|goods|stock|buy)\b", re.I
)
_CAPITALISED = re.compile(r"(?<=\s)[A-Z][a-z'-]+")
_WORDS = re.compile(r"[a-z0-9'-]+")


# "where am I?", "what is this place?": asked of no one, answered by looking around
_WHERE_AM_I = re.compile(r"^\W*(?:where\s+am\s+i|where\s+are\s+we|what\s+is\s+this\s+place|what's\s+this\s+place"
                         r"|whats\s+this\s+place|what\s+place\s+is\s+this)\W*$", re.I)
_DIRECT_QUESTION = re.compile(r"\?\s*$|^\W*(?:who|whos|who's|what|whats|what's|where|wheres|where's|when|why|how|hows"
                              r"|have you|do you|did you|are you|can you|could you|will you|would you|you)\b", re.I)


def _asked_aloud(text: str, scene: Scene) -> Intent | None:
    """A question put straight out ("have you used cyberphantom?", "where's bob?") that nothing
    else reads, with one other person here: it is asked of them, as a quoted line would be."""
    if len(scene.npcs) != 1 or _DIRECT_QUESTION.search(text.strip()) is None:
        return None
    npc = scene.npcs[0]
    return Intent("talk", target=npc.name, target_kind="npc", target_text=None, words=text.strip(),
                  topic=text.strip(), confidence=0.7)


_GREETINGS = frozenset("hi hello hey hiya howdy greetings evening morning afternoon ahoy oi yo ho well met good".split())


def _greeting(toks: list[_Tok], index: SceneIndex, text: str) -> Intent | None:
    """ "hi Greta!", "hello barkeep", "good evening, Bram": a greeting and a name, nothing else,
    is said to the one named, if they are here."""
    words = [t for t in toks if t.low not in _SOFT and t.low not in _HARD]
    lead = 0
    while lead < len(words) and words[lead].low in _GREETINGS:
        lead += 1
    rest = [t for t in words[lead:] if t.low not in DETERMINERS]
    if not lead or not rest or len(rest) > 3:
        return None
    m = index.resolve(" ".join(t.text for t in rest), BEING_KINDS, min_score=85)
    if m is None:
        return None
    return Intent("talk", target=m.entity.name, target_kind=m.entity.kind, target_text=" ".join(t.text for t in rest),
                  words=text.strip(), topic=" ".join(t.text for t in words[:lead]), confidence=0.85)


def _trade_question(text: str, index: SceneIndex) -> Intent | None:
    """A question about prices or wares that names no one it is put to is put to whoever trades
    here: the one it names, if present, else the only merchant here. (A shopper asks the
    shopkeeper; with two merchants and none named, it stays unclear.) Never someone absent: a
    name the scene does not know leaves it unclear too."""
    if _QUESTION_START.match(text) is None or _TRADE_WORD.search(text) is None:
        return None
    scene = index.scene
    padded = f" {' '.join(_WORDS.findall(text.casefold()))} "
    named = [n for n in scene.npcs if any(f" {' '.join(_WORDS.findall(f.casefold()))} " in padded for f in (n.name, *n.aliases) if f.strip())]
    known = {w.casefold() for n in scene.npcs for f in (n.name, *n.aliases) for w in f.split()}
    if any(w.casefold() not in known for w in _CAPITALISED.findall(text)):
        return None  # "what does Tobin sell?" with no Tobin here: not this place's merchant
    merchants = [n for n in scene.npcs if n.sells]
    who = named[0] if len(named) == 1 else merchants[0] if len(merchants) == 1 and not named else None
    if who is None:
        return None
    return Intent("talk", target=who.name, target_kind="npc", target_text=who.name, words=text.strip(),
                  topic=text.strip(), confidence=0.8)


_COMPLYING = frozenset("does do did obeys obey obeyed complies comply complied listens listen listened".split())


def _told_answer(toks: list[_Tok]) -> bool:
    """ "and it does", "and they obey": what was bidden, told as done."""
    lows = [t.low for t in toks if t.low not in ("and", "then", "so", ",")]
    return 2 <= len(lows) <= 3 and lows[0] in ("it", "they") and lows[1] in _COMPLYING


def _let_act_on_me(toks: list[_Tok], subject: str) -> bool:
    """Whether a step the player says is theirs lets something else act on them: "let the
    current carry me", "let the wind lift us"."""
    lows = [t.low for t in toks]
    if lows[:1] in (["and"], ["then"]):
        lows = lows[1:]
    if subject not in ("first", "name") or lows[:1] not in (["let"], ["lets"]):
        return False
    # "let the current carry me"; "let my whole body seep through it": the player's own body, let go
    return any(w in ("me", "us", "myself", "ourselves") for w in lows[1:]) or (
        lows[1:2] in (["my"], ["our"]) and any(w in _OWN_FRAME for w in lows[2:5])
    )


# The player's body as a whole, said as "my ...".
_OWN_FRAME = frozenset("body form self flesh frame shape".split())


@lru_cache(maxsize=64)
def _compounds(index: SceneIndex) -> tuple[frozenset[str], frozenset[str]]:
    """(cached per scene) The hyphenated words the scene's names use ("mud-brick", "sawn-off"),
    and the same words' spaced pairs as the scene writes them when it spaces them."""
    scene = index.scene
    names: list[str] = [*scene.items, *scene.creatures, *scene.location.exits, *(f.name for f in scene.location.features), *scene.player.inventory]
    for n in scene.npcs:
        names += [n.name, *n.aliases, *n.items]
    for m in scene.party:
        names += [m.name or "", *m.inventory]
    hyphened: set[str] = set()
    spaced: set[str] = set()
    for name in names:
        h, s = _name_compounds(name or "")
        hyphened.update(h)
        spaced.update(s)
    return frozenset(hyphened), frozenset(spaced)


_COMPOUND_WORDS = re.compile(r"[a-z]+(?:-[a-z]+)*")


@lru_cache(maxsize=4096)
def _name_compounds(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(cached per name) One scene name's share of ``_compounds``. A scene index is rebuilt
    whenever anything in the scene changes (someone buys a torch), and nearly all its names are
    the last index's, so reading each name once takes most of that rebuild off the turn."""
    words = _COMPOUND_WORDS.findall(name.casefold())
    return tuple(w for w in words if "-" in w), tuple(f"{a} {b}" for a, b in zip(words, words[1:]))


def _as_the_scene_spells(toks: list[_Tok], index: SceneIndex) -> list[_Tok]:
    """Compound words written as the scene writes them: "mud brick" joined when the scene says
    "mud-brick", "mud-brick" split when it says "mud brick". Whether a compound is hyphenated
    is a matter of spelling, never of which thing is meant."""
    hyphened, spaced = _compounds(index)
    out: list[_Tok] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if hyphened and i + 1 < len(toks) and f"{t.low}-{toks[i + 1].low}" in hyphened:
            nxt = toks[i + 1]
            out.append(_Tok(f"{t.text}-{nxt.text}", f"{t.low}-{nxt.low}", t.start, nxt.end, t.cap))
            i += 2
            continue
        if "-" in t.low and t.low.count("-") == 1 and t.low.replace("-", " ") in spaced:
            a, b = t.text.split("-")
            out.append(_Tok(a, a.casefold(), t.start, t.start + len(a), t.cap))
            out.append(_Tok(b, b.casefold(), t.end - len(b), t.end, b[:1].isupper()))
            i += 1
            continue
        out.append(t)
        i += 1
    return out


# How a verbless step that carries a journey on starts: "... and then on to the castle".
_ONWARD = frozenset({"on", "onward", "onwards", "thence", "from"})


def _onward(toks: list[_Tok], ctx: _Ctx, subject: str) -> _Step | None:
    """ "Run down the path and then on to the castle": a verbless step after a movement that
    goes on somewhere is a movement too, by the same means, so its destination is checked like
    any other."""
    if not ctx.intents or ctx.intents[-1].action_type != "move" or subject not in ("first", "none", "name"):
        return None
    words = [t for t in toks if t.low not in ("then", "and", "also", "straight")]
    if len(words) < 3 or words[0].low not in _ONWARD or not any(t.low in ("to", "toward", "towards", "into") for t in words[1:3]):
        return None
    go = _Tok("go", "go", words[0].start, words[0].start, False)
    return _parse_step([go, *words], ctx, subject)


_INTERJECTIONS = frozenset("hey oi hi hello ho yo ahoy greetings excuse listen look sir madam dear good friend oy psst".split())


def _vocative_after(toks: list[_Tok], ctx: _Ctx, text: str) -> tuple[Intent | None, list[_Tok]]:
    """ "What do you buy, Greta?" / "Any work going, barkeep?": the first sentence is said to the
    one named at its end. Not a deed of the player's ("I wave, Greta"): that is parsed as one."""
    end = next((k for k, t in enumerate(toks) if t.low in _HARD), len(toks))
    comma = next((k for k in range(end - 1, 0, -1) if toks[k].low == ","), None)
    if comma is None or not 1 <= end - comma - 1 <= 3:
        return None, toks
    said = [t for t in toks[:comma] if t.low not in _SOFT]  # ("Hello, Greta": a greeting is said too)
    head = [t for t in toks[comma + 1 : end] if t.low not in DETERMINERS]
    if not said or not head or len(said) > 8 or any(t.low in SUBJECT_FIRST for t in said):
        return None, toks  # (a long sentence is a deed told in prose: "Dee lights a smoke, ...")
    return _said_to(head, said, toks, end, ctx, text, min_score=85)


def _you_named_after(toks: list[_Tok], ctx: _Ctx) -> list[_Tok]:
    """ "Can I sell you my armour, Greta?", "I'll give you the map, barkeep": a deed of the
    player's own, said to the one named at its end, where "you" is that one. The name takes the
    place of "you" (and "Greta's" of "your"), and the vocative is dropped, so the deed is parsed
    with the one it is done to. Only for a first sentence that is the player's (the talk form,
    "What do you buy, Greta?", is ``_vocative_after``'s)."""
    end = next((k for k, t in enumerate(toks) if t.low in _HARD), len(toks))
    comma = next((k for k in range(end - 1, 0, -1) if toks[k].low == ","), None)
    if comma is None or not 1 <= end - comma - 1 <= 3:
        return toks
    said = toks[:comma]
    if not any(t.low in SUBJECT_FIRST for t in said) or not any(t.low in ("you", "your") for t in said):
        return toks
    head = [t for t in toks[comma + 1 : end] if t.low not in DETERMINERS]
    if not head:
        return toks
    m = ctx.index.resolve(" ".join(t.text for t in head), BEING_KINDS, min_score=85)
    if m is None:
        return toks
    return [*_you_as(said, m.entity.name), *toks[end:]]


def _you_named_before(toks: list[_Tok], ctx: _Ctx) -> list[_Tok]:
    """ "Greta, I want to sell you my waterskin": as ``_you_named_after``, with the one spoken to
    named first."""
    cut = next((k for k, t in enumerate(toks[:5]) if t.low == ","), None)
    if cut is None or cut == 0:
        return toks
    end = next((k for k in range(cut + 1, len(toks)) if toks[k].low in _HARD), len(toks))
    said = toks[cut + 1 : end]
    if not any(t.low in SUBJECT_FIRST for t in said) or not any(t.low in ("you", "your") for t in said):
        return toks
    head = [t for t in toks[:cut] if t.low not in _INTERJECTIONS and t.low not in DETERMINERS]
    m = ctx.index.resolve(" ".join(t.text for t in head), BEING_KINDS, min_score=85) if head else None
    if m is None:
        return toks
    return [*_you_as(said, m.entity.name), *toks[end:]]


def _you_as(said: list[_Tok], name: str) -> list[_Tok]:
    """``said`` with the one spoken to, ``name``, in place of "you" (and "name's" of "your")."""
    return [
        _Tok(name if t.low == "you" else f"{name}'s", (name if t.low == "you" else f"{name}'s").casefold(), t.start, t.end, True)
        if t.low in ("you", "your") else t
        for t in said
    ]


def _vocative(toks: list[_Tok], ctx: _Ctx, text: str) -> tuple[Intent | None, list[_Tok]]:
    """ "Greta, another round!" / "Barkeep, a room please": the first sentence is said to someone.
    Returns that talk intent (or None) and the tokens left to parse."""
    for cut, t in enumerate(toks):
        if t.low in (",", "!"):
            break
        if t.low in _HARD:
            return None, toks
    else:
        return None, toks
    if cut == 0 or cut > 4:
        return None, toks
    head = [t for t in toks[:cut] if t.low not in _INTERJECTIONS and t.low not in DETERMINERS]
    end = cut + 1  # what is said runs to the end of the sentence ("Barkeep! Another round!": the next one)
    while end < len(toks) and toks[end].low not in _HARD:
        end += 1
    said = [t for t in toks[cut + 1 : end] if t.low not in _SOFT]
    if not head or not said or said[0].low in SUBJECT_FIRST:
        return None, toks
    return _said_to(head, said, toks, end, ctx, text, min_score=80)


# "what does Bram know about the gate?", "does Greta sell rope?": a question about what someone
# here knows, thinks, says or sells is put to them.
_QUESTION_OPENERS = frozenset("what who where when why how which does do did would will can could "
                              "has have is".split())
_ASKED_VERBS = frozenset("know knows knew think thinks thought say says said sell sells want wants "
                         "remember remembers hear heard mean means make".split())


def _asked_of(toks: list[_Tok], ctx: _Ctx, text: str) -> tuple[Intent | None, list[_Tok]]:
    """A one-sentence question, not in the first person, whose subject is someone here and whose
    verb is one of knowing, saying or selling: a talk to them, the question its topic."""
    if not toks or toks[0].low not in _QUESTION_OPENERS or not text.rstrip().endswith("?") or \
            any(t.low in _HARD for t in toks[:-1]):
        return None, toks
    for i in range(1, len(toks) - 1):
        if toks[i + 1].low not in _ASKED_VERBS:
            continue
        for a in range(max(1, i - 2), i + 1):  # a name of up to three words before the verb
            head = toks[a : i + 1]
            m = ctx.index.resolve(" ".join(t.text for t in head), BEING_KINDS, min_score=80)
            if m is None or m.entity.kind not in ("npc", "party"):
                continue
            return Intent("talk", target=m.entity.name, target_kind=m.entity.kind,
                          target_text=" ".join(t.text for t in head), words=text.strip(),
                          topic=text.strip(), confidence=0.85), []
    return None, toks


def _said_to(head: list[_Tok], said: list[_Tok], toks: list[_Tok], end: int, ctx: _Ctx, text: str,
             min_score: int) -> tuple[Intent | None, list[_Tok]]:
    """Talk to the one ``head`` names, if someone here answers to it, saying ``said``; the first
    sentence (up to ``end``) is used up, the rest is left to parse."""
    m = ctx.index.resolve(" ".join(t.text for t in head), BEING_KINDS, min_score=min_score)
    if m is None:
        return None, toks
    return (
        Intent(
            "talk",
            target=m.entity.name,
            target_kind=m.entity.kind,
            target_text=" ".join(t.text for t in head),
            words=text[toks[0].start : toks[end - 1].end].strip(),
            topic=text[said[0].start : said[-1].end].strip(),
            confidence=0.9,
        ),
        toks[end + 1 :],
    )
