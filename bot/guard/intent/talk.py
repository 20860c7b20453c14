"""The verbs' handlers for words and trade: talking, ordering, buying and giving.

Why separate: these decide who is addressed, what changes hands and who sells it, which is what
pre-validation checks for presence and stock: a request for what the addressee sells ("I ask
Greta for an ale") is a purchase, a whistle or a prayer "given" is no hand-over, and someone
called through a device need not be here.
"""

from __future__ import annotations

import re

from bot.guard.index import BEING_KINDS
from bot.guard.intent.model import _Ctx, _NP, _Ref, _Step, _pp
from bot.guard.intent.resolve import (
    _BEING_CATS, _being, _category, _is_beingish, _lowercase_name, _method, _new, _pronoun, _set_method, _set_target,
)
from bot.guard.intent.roles import _split_double
from bot.guard.lexicon.nouns import CURRENCY
from bot.guard.lexicon.wordclass import noun_codes
from bot.guard.lexicon.words import DETERMINERS, NUMBER_WORDS, STOPWORDS, singular
from bot.world.intent import Intent

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_SELLS_RE1 = re.compile(r"[a-z']+")
_WARES_ASKED = re.compile(r"^\W*(?:what|which|anything)\b", re.I)
_H_BUY_RE1 = re.compile(r"\b(gold|silver|copper|coins?|gp|sp|cp|crowns?|marks?)\b", re.I)
_GESTURE_GIVEN_RE1 = re.compile(r"[a-z'-]+")


_TALK_TO = frozenset({"say", "shout", "yell", "whisper", "talk", "speak", "chat", "call", "reply", "respond", "explain", "mutter", "murmur", "scream", "cry", "holler", "sing", "recite", "apologize", "apologise", "joke", "gossip", "lie", "grumble", "growl", "bark", "roar", "hiss", "snarl", "mumble", "chatter", "converse", "argue", "bargain", "haggle", "negotiate", "barter", "discuss", "debate", "plead", "beg", "flirt"})


_TOPIC_PREPS = frozenset({"about", "regarding", "concerning", "of", "over", "on"})
# Verbs of calling someone over: "shout for Mateo to come", "send for the doctor to help"; the
# one called "for" with a deed to do is the one the words are for.
_SUMMONING = frozenset("shout yell call cry holler scream bellow whistle signal wave send roar".split())



# "to" before these opens an infinitive ("pretend to be a lineman", "try to seem calm"), not a hearer
_COPULAS = frozenset("be become seem appear look sound".split())

def _h_talk(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("talk", words, conf)
    d = step.dobj
    topic_parts: list[str] = []
    addressee: _NP | None = None
    face = _to_their_face(step)
    by_shape = False
    if d is not None and d.lows in (["myself"], ["ourselves"]) and _pp(step, "to", "with") is not None:
        d = None  # "I introduce myself to Zero", "explain myself to the sheriff": said by me, to them
    if d is not None:
        parts = _split_double(d)
        by_shape = _hearer_by_shape(step, parts, ctx)
        if face and not _is_beingish(parts[0], ctx) and len(parts) == 1 and parts[0].toks and parts[0].toks[-1].cap:
            addressee = parts[0]  # "I denounce the kulak Semyonov to his face": said to him
        elif (_is_beingish(parts[0], ctx) or _named_lowercase(parts[0], step, ctx) or by_shape) and step.lemma not in _SAYS_WHAT and not (
            step.lemma in _SAYS_ALOUD and _spoken_at(step, ctx)
        ):
            addressee = parts[0]
            if len(parts) > 1:
                topic_parts.append(parts[1].text)
        else:
            topic_parts.append(d.text)
    previous: str | None = None
    for prep, np in step.pps:
        after_topic, previous = previous in _TOPIC_PREPS, prep
        if face and prep == "to" and np.lows[-1:] in (["face"], ["faces"]):
            continue
        if after_topic and prep in ("from", "of", "at", "in", "with", "by", "near", "on"):
            if topic_parts:
                topic_parts[-1] += f" {prep} {np.text}"  # "about the shipment from Cholula": the topic's
            else:
                topic_parts.append(f"{prep} {np.text}")
            continue
        if prep == "to" and np.lows[:1] and np.lows[0] in _COPULAS:
            topic_parts.append(f"to {np.text}")  # "pretend to be a lineman": a part played, not a hearer
            continue
        if addressee is None and prep in ("to", "with", "at", "toward", "towards") and (step.lemma in _TALK_TO or _is_beingish(np, ctx)):
            if _is_beingish(np, ctx) or prep != "at":
                addressee = np
                continue
        if addressee is None and prep == "for" and step.purpose and step.lemma in _SUMMONING and _is_beingish(np, ctx):
            addressee = np  # "I shout for my brother to come help": the one called is called to
            continue
        if addressee is None and prep == "from" and _is_beingish(np, ctx):
            addressee = np  # "I demand the key from the foreman"
            continue
        if prep in ("about", "regarding", "concerning", "for", "on", "over", "into", "of"):
            topic_parts.append(np.text if prep in ("about", "regarding", "concerning", "of", "for") else f"{prep} {np.text}")
    if step.rest:
        topic_parts.append(" ".join(t.text for t in step.rest if not t.low.startswith("§")))
    if step.purpose:
        topic_parts.append("to " + " ".join(t.text for t in step.purpose))
    if step.speech:
        topic_parts.append(" / ".join(step.speech))
    if addressee is not None and step.lemma in _REMOTE:
        addressee = None  # "I dial the operator", "I radio the outpost": they need not be here
    if addressee is not None:
        _set_target(intent, _being(addressee, ctx, allow_objects=True, places=False))
        holder = None if intent.resolved else _known_by_what_they_hold(step, addressee, ctx)
        if holder is not None:
            _set_target(intent, holder)  # "the officer with the data slate": whoever holds it
        if not intent.resolved and intent.target_kind is None and _named_lowercase(addressee, step, ctx):
            intent.target_kind = "being"  # "ask al capone for a loan": someone, by name
        elif by_shape and addressee is parts[0] and not (intent.resolved and intent.target_kind in BEING_KINDS):
            # "ask the pandit what time ...": whoever is asked is someone, whatever the word
            _set_target(intent, _Ref(addressee.text, "being", addressee.text, False, 0.0))
    topic = "; ".join(p for p in topic_parts if p.strip())
    intent.topic = topic or None
    wanted = _pp(step, "for")
    if wanted is not None and step.lemma in ("ask", "beg", "request", "call") and _sells(ctx, intent.target, wanted.text):
        # "I ask Greta for an ale": a request for what the addressee sells is a purchase
        intent.action_type = "buy"
        intent.topic = wanted.text
        intent.quantity = wanted.quantity()
        return intent
    if intent.target is None and step.speech:
        hailed = _hailed(step.speech, ctx)
        if hailed is not None:  # '"Hey Zero, what do you know?"': the line names who it is for
            intent.target, intent.target_kind, intent.resolved = hailed, "npc", True
            return intent
    spoken_aloud = bool(step.speech) and step.lemma in (None, "say", "ask", "speak", "reply", "respond", "call")
    if intent.target is None and len(ctx.scene.npcs) == 1 and (
        spoken_aloud or step.lemma in ("ask", "tell", "greet", "thank", "question", "answer", "reply", "respond")
    ):
        # with one other person in the room, what is asked or said aloud is said to them
        npc = ctx.scene.npcs[0]
        intent.target, intent.target_kind, intent.resolved = npc.name, "npc", True
        intent.confidence = round(intent.confidence * 0.8, 3)
    return intent


# A line of speech opens or closes with the name of the one it is said to: "Zero, ...",
# "Hey Greta, ...", "..., barkeep?"
_HAIL_OPEN = re.compile(r"^\W*(?:(?:hey|oi|hi|hello|listen|look|say|so|well|ok|okay|yo|excuse me|sir|madam),?\s+)?"
                        r"(?P<name>[^,.!?;:]{2,40}?)\s*,", re.IGNORECASE)
_HAIL_CLOSE = re.compile(r",\s*(?P<name>[^,.!?;:]{2,40}?)\W*$")


def _hailed(speech: list[str], ctx: _Ctx) -> str | None:
    """The NPC present whom a line of speech addresses by name or alias at its start or end."""
    for line in speech:
        for pattern in (_HAIL_OPEN, _HAIL_CLOSE):
            m = pattern.search(line)
            if m is None:
                continue
            found = ctx.index.resolve(m.group("name"), ("npc",), min_score=90.0)
            if found is not None and found.exact:
                return found.entity.name
    return None


def _known_by_what_they_hold(step: _Step, np: _NP, ctx: _Ctx) -> _Ref | None:
    """Someone named by a word the scene lacks but picked out by what they hold ("the officer
    with the data slate", "the man holding the lantern"): whoever here holds that thing."""
    for prep, held in step.pps:
        if prep not in ("with", "holding", "carrying") or not held.toks or held.toks[0].start < np.toks[-1].end:
            continue
        m = ctx.index.resolve(held.text, ("npc_item",), min_score=85)
        if m is not None and m.entity.owner:
            who = ctx.index.resolve(m.entity.owner, BEING_KINDS, min_score=90)
            if who is not None:
                return _Ref(who.entity.name, who.entity.kind, np.text, True)
        return None
    return None


# Verbs whose object is the one who hears, when what is said follows it: "ask the medic to look
# at his hand", "ask the pandit when the rites start", "tell the porter that ...", "ask the
# drummer a question". What a dictionary makes of the word does not matter.
def _named_lowercase(np: _NP, step: _Step, ctx: _Ctx) -> bool:
    """A name written in lower case; a lone unknown word only as the one asked or told ("ask
    alice about it"), not what is chanted or sung ("chant galdr")."""
    return _lowercase_name(np, ctx) and (len(np.lows) > 1 or step.lemma in _HEARER_VERBS)


_HEARER_VERBS = frozenset("ask tell question order bid beg urge warn remind invite implore beseech instruct inform".split())
# What is asked or told, not who is: "ask a question", "tell the truth to ...", "ask a favour".
_SAID_NOUNS = frozenset("favour favor favours favors".split())


def _hearer_by_shape(step: _Step, parts: list[_NP], ctx: _Ctx) -> bool:
    """Whether the object of a verb of asking or telling is its hearer by the sentence's shape:
    a purpose ("to look at ..."), a clause ("what time", "whether", "that") or a second object
    follows it. An abstract word ("ask the way", "tell the truth") or anything of the scene that
    is no one is what is said, not who hears it."""
    if step.lemma not in _HEARER_VERBS or not parts or not parts[0].toks:
        return False
    if not (step.purpose or step.rest or len(parts) > 1):
        return False
    np = parts[0]
    head = singular(np.head or "")
    if not head or head in _SAID_NOUNS or _pronoun(np) is not None or np.toks[0].low not in ("the", "a", "an", "this", "that"):
        return False  # a bare name is the scene's to know ("ask Pike real polite to ...")
    if noun_codes(head)[:1] in ("X", "L", "S") or np.possessive in ("my", "our"):
        return False
    if ctx.index.resolve(np.text, ("item", "content", "feature", "npc_item", "inventory", "exit", "location"), min_score=80) is not None:
        return False
    return True


# Verbs whose object is always what is said, never who hears it: one quotes Mencius, cites the
# law, recites a poem, to whoever is listening.
_SAYS_WHAT = frozenset("say quote cite recite read repeat paraphrase utter".split())
# Verbs whose object is what is said when someone is named as the one it is said to or at:
# "I sing the Ballad of Old Tom to the barmaid", "shout the captain's name at the guard".
_SAYS_ALOUD = frozenset(
    "sing chant hum shout yell scream cry whisper mutter murmur mumble declare announce proclaim explain mention".split()
)


def _spoken_at(step: _Step, ctx: _Ctx) -> bool:
    """Whether a "to" or "at" phrase of the step names someone the words are said to."""
    return any(prep in ("to", "at") and _is_beingish(np, ctx) for prep, np in step.pps)


def _to_their_face(step: _Step) -> bool:
    """Whether the words are said "to his face": to the one they are about, who hears them."""
    return any(
        prep == "to" and np.lows[-1:] in (["face"], ["faces"]) and np.possessive in ("his", "her", "their", "its")
        for prep, np in step.pps
    )


# Talking at a distance, through a device: the one addressed is elsewhere.
_REMOTE = frozenset("dial phone telephone radio text email e-mail message page wire telegraph fax ring ping call-up skype tweet".split())


def _sells(ctx: _Ctx, npc_name: str | None, goods: str) -> bool:
    """Does the NPC ``npc_name`` sell what ``goods`` names (ignoring articles and counts)?"""
    npc = ctx.scene.npc(npc_name) if npc_name else None
    if npc is None or not npc.sells:
        return False
    words = [w for w in _SELLS_RE1.findall(goods.casefold()) if w not in DETERMINERS and w not in NUMBER_WORDS]
    if not words:
        return False
    wanted = " ".join(words)
    singular_wanted = " ".join(singular(w) for w in words)
    for item in npc.sells:
        name = item.casefold()
        if wanted == name or wanted in name or name in wanted or wanted.rstrip("s") == name or singular_wanted in name:
            return True  # ("two pies" of the mutton pie: a plural asks for that thing too)
    return False


def _h_order(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    d = step.dobj
    if d is not None and _is_beingish(d, ctx) and (step.purpose or step.pps):
        intent = _new("talk", words, conf)
        _set_target(intent, _being(d, ctx, allow_objects=False))
        intent.topic = " ".join(t.text for t in step.purpose) or None
        return intent
    return _h_buy(step, ctx, words, conf)


def _h_buy(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("buy", words, conf)
    d = step.dobj
    seller = _pp(step, "from", "off")
    if _WARES_ASKED.match(words) and (d is None or d.lows[:1] in (["what"], ["which"], ["anything"], ["here"])):
        # "what can I buy here?", "what could I buy from Greta?": a question about the wares,
        # put to the seller named or the one merchant here, not a purchase of "what"
        intent = _new("talk", words, conf)
        intent.topic = words
        merchants = [n for n in ctx.scene.npcs if n.sells]
        if seller is not None:
            _set_target(intent, _being(seller, ctx, allow_objects=False))
        elif len(merchants) == 1:
            intent.target, intent.target_kind, intent.target_text = merchants[0].name, "npc", merchants[0].name
        return intent
    if d is not None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            seller = seller or parts[0]
            d = parts[1]
        intent.topic = d.text
        intent.quantity = d.quantity()
    if seller is not None:
        _set_target(intent, _being(seller, ctx, allow_objects=False))
    price = _pp(step, "for", "with")
    if price is not None and _H_BUY_RE1.search(price.text):
        intent.method = price.text
        intent.method_kind = "item"
        intent.method_text = price.text
        intent.quantity = intent.quantity if d is not None else 1
    return intent


# Sounds and gestures one "gives": made, not handed over.
_GESTURES = frozenset(
    """whistle shout cry scream yell roar howl shriek laugh chuckle grin smile nod wink wave bow
    shrug sigh groan grunt cheer cheers salute signal speech sermon lecture toast hoot holler
    yelp growl snarl hiss whoop bellow command order warning glare look glance stare kiss hug
    curtsey curtsy thumbs-up sniff snort cough hum call blast toot peal clap""".split()
)


def _gesture_given(item: _NP) -> bool:
    """Is what is "given" a sound or gesture ("three shrill blasts", "a loud whistle")? The
    first noun decides: "three shrill blasts and bellows for every hand" gives blasts."""
    if singular(item.head) in _GESTURES or item.head in _GESTURES:
        return True
    words = [w for w in _GESTURE_GIVEN_RE1.findall(item.text.lower()) if w not in STOPWORDS]
    first_noun = next((w for w in words if singular(w) != w or w in _GESTURES), None)
    return first_noun is not None and singular(first_noun) in _GESTURES


# What is offered up to a power or a person in words, not in hand: "offer a prayer to ...".
_DEVOTIONS = frozenset("prayer prayers thanks praise respects condolences apology apologies greeting greetings regards blessing oath vow hymn".split())


def _h_give(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    intent = _new("give", words, conf)
    d = step.dobj
    priced = step.lemma not in ("pay", "tip", "bribe", "show", "display", "flash", "present") and _for_money(step)
    # (what something is handed over *for* is its price, when it is money, not who gets it)
    recipient: _NP | None = _pp(step, "to") if priced else _pp(step, "to", "for")
    item: _NP | None = None
    if d is not None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            recipient, item = parts[0], parts[1]
        elif recipient is None and _is_beingish(d, ctx) and step.lemma in ("pay", "tip", "bribe", "show"):
            recipient = d
        elif recipient is None and len(parts) > 1 and _category(parts[0], ctx) in _BEING_CATS:
            recipient, item = parts[0], parts[1]
        elif recipient is None and len(parts) > 1 and parts[0].lows == ["it"] and step.lemma != "give" and ctx.scene.creatures:
            recipient, item = parts[0], parts[1]  # "slip it the crust", "toss it a bone": a beast here is fed
        else:
            item = d
    if item is not None and (
        (step.lemma == "give" and _gesture_given(item)) or (step.lemma in ("give", "offer", "send", "say", "raise") and item.head in _DEVOTIONS)
    ) and item.possessive is None:
        # "I give a loud whistle", "give three cheers", "give him a nod": a sound or gesture made
        return _new("other", words, conf)
    if item is None:
        item = _pp(step, "with")  # "I bribe the guard with 10 gold"
    if recipient is not None:
        _set_target(intent, _being(recipient, ctx, allow_objects=False))
    if priced and item is not None and not _is_money(item):
        # "I offer Greta my sword for 10 gold", "hand him the pelt for a few coins": a thing
        # handed over for money is sold, not given away; the price is the rules' to decide
        intent.action_type = "sell"
    elif step.lemma in ("show", "display", "flash", "present") or (recipient is None and step.lemma not in ("pay", "tip", "bribe")):
        intent.action_type = "use_item"  # "I present my holy symbol": held out, not handed over
    if item is not None:
        m = _method(item, ctx)
        _set_method(intent, m, ctx, None if m is not None and m.kind == "ability" else "item")
        intent.quantity = item.quantity()
        goods = _pp(step, "for")
        if (
            intent.action_type == "give" and intent.target_kind == "npc" and goods is not None and _is_money(item)
            and _sells(ctx, intent.target, goods.text)
        ):
            # "I give Greta 2 gold for the stew": money handed over for what the one paid sells
            # is a purchase of it (the price is the seller's, not the sum handed over)
            intent.action_type = "buy"
            intent.topic = goods.text
            intent.quantity = goods.quantity()
    return intent


def _is_money(np: _NP) -> bool:
    """Whether a noun phrase names money ("10 gold", "a few coins", "my silver")."""
    return np.head in CURRENCY or singular(np.head) in CURRENCY or bool(_H_BUY_RE1.search(np.text))


def _for_money(step: _Step) -> bool:
    """Whether the deed is done *for* money: a price ("for 10 gold", "for a few coins")."""
    price = _pp(step, "for")
    return price is not None and _is_money(price)


def _h_sell(step: _Step, ctx: _Ctx, words: str, conf: float) -> Intent:
    """ "I sell my dagger to Greta", "sell Greta the rope": the thing sold is the player's own,
    handed over as in a gift (so it is the method, and must be held), and the buyer is whoever it
    is sold to, who must be here. A price the player names ("for 5 gold") is only an asking
    price: what a sale fetches is the rules' to decide, so it is not read here."""
    intent = _new("sell", words, conf)
    d = step.dobj
    buyer: _NP | None = _pp(step, "to")
    item: _NP | None = None
    if d is not None:
        parts = _split_double(d)
        if len(parts) > 1 and _is_beingish(parts[0], ctx):
            buyer, item = parts[0], parts[1]
        elif len(parts) > 1 and buyer is None and _category(parts[0], ctx) in _BEING_CATS:
            buyer, item = parts[0], parts[1]
        else:
            item = d
    if buyer is not None:
        _set_target(intent, _being(buyer, ctx, allow_objects=False))
    if item is not None:
        m = _method(item, ctx)
        _set_method(intent, m, ctx, "item")
        intent.quantity = item.quantity()
    return intent
