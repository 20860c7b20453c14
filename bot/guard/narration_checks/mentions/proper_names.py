"""A capitalised name that acts, arrives or is met must be someone in the scene.

A name carries no kind ("Mara" may be anyone), so unlike a role word it cannot be grounded by
what it is, only by who bears it: what matters is whether it does what present people do (acts,
comes in, is met, introduces itself in its own speech) while no one present answers to it. An
English word at the head of a sentence ("Chitin cracks") must do what only people do before it
counts as a name.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import (
    CheckContext, finding_at, make_finding, present_list, severity_for, where_list,
)
from bot.guard.narration_checks.mentions.cues import (
    _COMING, _ENTRANCE, _event, _gone, _inverted_entrance,
)
from bot.guard.narration_checks.mentions.name_bearers import (
    _MEETING_VERBS, _TITLE_SEX, _authored, _bearing, _before_title, _holder_sex, _item_name_words, _met,
    _named_by, _made, _place_name, _placed, _said_whole, _surnamed,
)
from bot.guard.prose import Phrase, Reading, Token, acts_as_name, verb_after

# After "is": a place word puts the subject somewhere in this scene unless a proper name follows
_PLACING = frozenset("in at on by beside behind near under inside outside against across over "
                     "beneath below above among between upstairs downstairs within".split())
# After "is": a state only someone present is in ("is asleep by the hearth", "is drunk")
_STATES_HERE = frozenset("asleep awake drunk busy ready alone silent quiet unconscious sprawled "
                         "slumped seated sat kneeling hiding waiting watching down".split())
# After "is in no": a state only someone present is in ("is in no state to answer you")
_FIT = frozenset({"state", "condition", "shape", "fit"})
_STILL = frozenset("already still now just again also yet".split())
_NAME_NOT_PRESENT = frozenset({"of", "about", "for", "like", "named", "called", "than", "as",
                               "whether", "unlike", "without", "against", "from", "to", "in",
                               "on", "at", "into", "onto", "under", "over", "after"})
_SELF_INTRO = re.compile(
    r"\b(?:[Ii] am|[Ii]'m|[Ii]’m|[Nn]ame's|[Nn]ame’s|[Nn]ame is|[Tt]hey call me|[Cc]all me|"
    r"[Tt]his is|[Mm]eet)\s+(?P<n>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+|de\s+|von\s+|van\s+)?"
    r"[A-Z][\w'’-]*){0,3})")


# Where a face or a hand is seen without its owner being here: in the mind's eye.
_ELSEWHERE_MIND = frozenset("dream dreams memory memories remember remembers remembered recall "
                            "recalls recalled imagine imagines imagined picture pictures vision "
                            "visions nightmare nightmares thought thoughts portrait painting "
                            "photograph photo likeness statue".split())

# Parts of a person that carry without them: a voice on a record, a laugh from the next room.
_CARRIED_SOUNDS = frozenset("voice voices whisper laugh laughter cry shout scream song breath".split())

_DEMONYM_ENDINGS = ("ian", "ean", "ese", "ish", "ic", "an", "i")


def _names_someone_here(g: SceneGrounding, core: list[str]) -> bool:
    """Does any word of a name belong to someone the scene has?"""
    return any(w in g.name_tokens or V.lemma(w) in g.name_tokens for w in core)


def _named_owner(r: Reading, p: Phrase, whole: bool) -> tuple[int, int, list[Token], list[str]] | None:
    """The capitalised owner at the head of ``p`` ("Ysolde the Unbowed's" in "Ysolde the
    Unbowed's eyes"), up to its possessive: its token span, its capitalised tokens and the words
    of its name without titles. With ``whole``, only an owner made of capitalised words and name
    connectors, ending in the possessive, counts."""
    first = last = -1
    for k in range(p.start, p.head):
        t = r.tokens[k]
        if t.kind == "word" and t.cap and t.base not in V.ARTICLES:
            first = k if first < 0 else first
            last = k
        elif whole and t.kind == "word" and t.low not in V.NAME_CONNECTORS and t.base not in V.ARTICLES:
            break
        if t.possessive:
            break
    if first < 0 or (whole and not r.tokens[last].possessive):
        return None
    owner = [t for t in r.tokens[first:last + 1] if t.kind == "word" and t.cap and t.base not in V.ARTICLES]
    core = [t.base for t in owner if t.base not in V.TITLES]
    return (first, last + 1, owner, core) if core else None


def _without_possessive(name: str) -> str:
    return re.sub(r"['’]s?$", "", name)


def _demonym(r: Reading, p: Phrase, core: list[str]) -> bool:
    """A people's or a place's adjective before a common noun: "Venetian work", "Flemish lace",
    "a Latin blessing". A word WordNet knows first as a tongue and then as its people ("Latin",
    "Greek", "French") is such an adjective whatever its ending."""
    if len(core) != 1 or p.end >= len(r.tokens):
        return False
    if not core[0].endswith(_DEMONYM_ENDINGS) and set(W.noun_codes(core[0])[:2]) != {"X", "P"}:
        return False
    nxt = r.tokens[p.end]
    return nxt.kind == "word" and not nxt.cap and W.is_known_noun(nxt.low) and \
        not nxt.low.endswith(("s", "ed"))  # "Venetian work", not "Roman walks in"


def _but_instead(r: Reading, p: Phrase) -> bool:
    """"it is not Pruitt at all but Captain Leathers himself": after "not X but", the one named
    is affirmed, though the negation reads on to the end of the clause."""
    t = r.tokens[p.head]
    if t.muted or not t.negated or p.start == 0 or r.tokens[p.start - 1].low not in (
            "but", "rather"):
        return False
    a, _ = r.sentence_tokens[t.sent]
    return any(r.tokens[k].low in ("not", "n't", "never") for k in range(a, p.start - 1))


class ProperNameCheck:
    """A capitalised name that acts, arrives or is met must be someone in the scene ("Death
    Knight Mara slams a mug", "the town wizard Malrik steps out", "you turn to find Mirela the
    Grey beside you"), wherever it stands in the sentence; so must a stranger who introduces
    himself in his own speech ("'I am Thane Durgrim'"). An English word heading a sentence
    ("Chitin cracks") is a word, not a name, unless it does what only people do."""

    name = "proper_names"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        for p in r.phrases:
            if not p.name or not (_event(r, p.head) or _but_instead(r, p)):
                continue
            toks = r.tokens[p.start:p.end]
            core = [t.base for t in toks if t.kind == "word" and t.base not in V.TITLES
                    and t.low not in V.NAME_CONNECTORS and t.base not in V.ARTICLES]
            if V.time_phrase(core):
                continue  # "Every Thursday the same entry": a day, not someone
            if len(toks) == 1 and len(toks[0].text) > 1 and toks[0].text.isupper() and \
                    toks[0].base not in g.name_tokens and verb_after(r, p) is None:
                continue  # "hit ICE like a brick wall", "the CRT": an acronym, not someone
            if _demonym(r, p, core):
                continue  # "good Venetian work", "a Persian rug": where a thing is from
            if not core:
                # "the Prince Regent himself sweeps in": a title alone names whoever holds it;
                # when no one present does, the title's bearer is someone absent
                f = self._absent_title(ctx, p)
                if f is not None:
                    out.append(f)
                continue
            titled = any(t.base in V.TITLES for t in toks) and len(core) < len(
                [t for t in toks if t.kind == "word" and t.base not in V.ARTICLES]) or (
                p.start > 1 and r.tokens[p.start - 1].low == "." and
                r.tokens[p.start - 2].low in ("mr", "mrs", "ms", "dr", "st", "capt", "sgt",
                                              "lt", "prof", "rev"))  # "Mrs. Castellano"
            if any((w in g.name_tokens or V.lemma(w) in g.name_tokens)
                   and not (titled and w in g.place_words and w not in g.by_token)
                   for w in core) or (titled and _said_whole(g, toks)):
                f = self._kin(ctx, p, core) or self._other_rank(ctx, p, toks, core)
                if f is not None:
                    out.append(f)
                continue  # someone present (not "the Lord of Mirefen" for Mirefen Landing)
            lead = []
            for t in toks:
                if t.low == "of":
                    break  # "Captain Mereth of the Grey Gull": the ship is no creature
                if t.kind == "word" and t.base not in V.TITLES and t.base not in V.ARTICLES:
                    lead.append(t.base)
            ranked = toks[-1].base in V.PERSON_TITLES and len(toks) > 1  # "the Goblin Queen"
            rank_first = toks[0].base in V.PERSON_TITLES  # "Corporal Finch": someone's name
            if any(V.creature_group(w) for w in lead or core) and not ranked and \
                    not rank_first and \
                    not _surnamed(lead):
                continue  # "Diamond Horses": the creature check judges it
            if not ranked and all(w in _item_name_words(g) or w in V.POSSESSIVE_PRONOUNS
                                  for w in core):
                continue  # "The Winchester kicks", "his Bible": a thing of the scene by its make
            if all(w in V.PLACES or V.lemma(w) in V.PLACES or w in V.NOT_NAMES for w in core) \
                    and len(core) == 1:
                continue  # a place noun at the start of a sentence
            if _place_name(core, toks) and not any(t.base in V.PERSON_TITLES for t in toks):
                continue  # "Port Aldane", "the Frostfang Peaks": the location check judges it
            text = p.text(r)
            if _authored(r, p):
                continue  # "a tune by Mr. Handel": the maker of a work
            if _bearing(r, p, core) and not any(t.base in V.TITLES for t in toks):
                continue  # "somewhere toward the Bund": a direction, the location check's
            vi = verb_after(r, p)
            if vi is not None and r.tokens[vi].low in V.AUXILIARIES and \
                    not self._presence_after(r, vi):
                vi = None  # "Lady Luck is not with you": said of the name, no one acting
            initial_single = len(core) == 1 and toks[0].initial and len(toks) == 1
            # "ACCESS DENIED", "Stone Father"; but an epithet joined by "the" ("Riven the Grey",
            # "Orrin the Pale") is a name by its form, whatever words it is made of
            epithet = any(toks[j].low == "the" and toks[j - 1].cap and toks[j + 1].cap
                          for j in range(1, len(toks) - 1))
            plain = all(V.ordinary_word(w) for w in core) and not epithet
            ordinary = plain and not titled
            possessive = toks[-1].possessive
            if len(toks) > 1 and all(t.text.isupper() for t in toks if t.kind == "word"):
                continue  # "ACCESS DENIED" on a screen
            several = len(core) >= 2 or titled
            conf = 0.0
            if vi is not None and not possessive:
                verb = r.tokens[vi].low
                if verb in V.AUXILIARIES and self._state_here(r, vi):
                    verb = "stands"  # "Riven is already down", "Ondine is asleep": someone's state
                if initial_single and ordinary:
                    conf = 0.75 if verb in V.PERSON_ONLY_VERBS or acts_as_name(
                        r.tokens, p.start) else 0.3
                elif initial_single:
                    conf = 0.8 if verb in V.PERSON_VERBS else 0.7
                elif ordinary:
                    # mid-sentence, capitalised, with no article and no noun sense ("With a flick
                    # of the wrist, Riven conjures a lance of ice"): only a name stands so
                    bare = len(core) == 1 and not p.det and not toks[0].initial and \
                        not W.is_known_noun(core[0])
                    conf = 0.75 if verb in V.PERSON_VERBS or bare else 0.5
                else:
                    conf = 0.95
            if conf < 0.7 and not possessive and not (ordinary and initial_single):
                if self._introduced(r, p):
                    conf = 0.85
                elif _met(r, p) or _inverted_entrance(r, p):
                    conf = 0.85  # "turn to find Zarek beside you", "in walks Captain Morrow"
                elif several and not plain and not self._mentioned_only(r, p):
                    conf = 0.75  # "Councilman Ray Dunning", "Orrin the Unbowed" in the scene
            if conf < 0.7 and not possessive and p.end < len(r.tokens) and \
                    r.tokens[p.end].low in ("himself", "herself", "themselves") and \
                    not r.tokens[p.end].muted:
                conf = 0.8  # "the crowd parts for the Goblin Queen herself": here in person
            if conf == 0 and possessive and several and self._then_acts(ctx, p):
                conf = 0.75  # "Captain Reyes's voice crackles ..., then she steps through"
            if _placed(r, p):
                out.append(make_finding(
                    ctx, "invented_location", severity_for(conf) if conf > 0 else "info",
                    conf or 0.3, p.start, p.end, where_list(g),
                    f"'{text}' names a place the scene does not know ({where_list(g)})."))
            elif _made(r, p):
                out.append(make_finding(
                    ctx, "invented_item", severity_for(conf) if conf > 0 else "info",
                    conf or 0.3, p.start, p.end, "",
                    f"'{text}' makes a thing the scene does not have."))
            elif conf > 0:
                out.append(make_finding(
                    ctx, "absent_npc", severity_for(conf), conf, p.start, p.end,
                    present_list(g),
                    f"'{text}' is not in the scene; only the characters present may act "
                    f"({present_list(g)})."))
            elif not toks[0].initial:
                out.append(make_finding(
                    ctx, "absent_npc", "info", 0.3, p.start, p.end, present_list(g),
                    f"'{text}' is named but the scene does not know it."))
        out += self._introductions(ctx)
        out += self._owners_who_come(ctx)
        out += self._bodies_here(ctx, {f.start for f in out})
        out += self._owners_of_held_things(ctx, {f.start for f in out})
        return out

    def _owners_of_held_things(self, ctx: CheckContext, found: set[int]) -> list[Finding]:
        """"The longsword is Yrsa the Wanderer's" when Bram here holds the longsword: the scene
        says whose the things here are, so a name the scene does not have, given as the owner of
        one, stands in for the one who holds it."""
        r = ctx.reading
        g = ctx.grounding
        out = []
        toks = r.tokens
        for p in r.phrases:
            if not p.name or not toks[p.end - 1].possessive or p.start < 2 or \
                    toks[p.start - 1].low not in ("is", "was", "are", "were") or \
                    p.start in found or not _event(r, p.start):
                continue
            thing = next((q for q in r.phrases if q.end == p.start - 1 and not q.pronoun and not q.name), None)
            if thing is None:
                continue
            head = toks[thing.head].base
            holders = [h for h in g.who_holds(head) if h.kind == "npc"]
            if not holders:
                continue
            core = [t.base for t in toks[p.start:p.end] if t.kind == "word"
                    and t.base not in V.TITLES and t.low not in V.NAME_CONNECTORS and t.base not in V.ARTICLES]
            if not core or _names_someone_here(g, core):
                continue
            out.append(make_finding(
                ctx, "absent_npc", "block", 0.75, p.start, p.end, present_list(g),
                f"'{_without_possessive(p.text(r))}' is not in the scene; the {head} is "
                f"{holders[0].name}'s ({present_list(g)})."))
        return out

    def _bodies_here(self, ctx: CheckContext, found: set[int]) -> list[Finding]:
        """"Mara's hand rests on the bar", "Ysolde the Unbowed's eyes flare white": a body part
        that moves or shines here has its owner here, so a named owner the scene does not have
        is someone absent, as much as "Mara rests her hand on the bar" would be. A voice is
        not a body: it may come over a radio or from the next room."""
        r = ctx.reading
        g = ctx.grounding
        out = []
        for p in r.phrases:
            if p.name or not p.owner or p.owner in V.POSSESSIVE_PRONOUNS or \
                    not _event(r, p.head) or V.lemma(r.tokens[p.head].base) not in V.BODY or \
                    V.lemma(r.tokens[p.head].base) in _CARRIED_SOUNDS:
                continue
            named = _named_owner(r, p, whole=True)
            if named is None or named[0] in found or _names_someone_here(g, named[3]):
                continue
            a, b, owner_toks, core = named
            if any(V.creature_group(w) or w in V.PLACES or V.lemma(w) in V.PLACES for w in core) or \
                    _place_name(core, owner_toks):
                continue  # "the Dragon's eye", "the Harbour's mouth": no one's body
            if len(owner_toks) == 1 and owner_toks[0].initial and V.ordinary_word(core[0]) and \
                    W.is_known_noun(core[0]):
                continue  # "Fortune's hand": an English noun heading a sentence ("Riven's eyes":
                # an adjective owns no eyes, so a name does)
            vi = verb_after(r, p)
            if vi is None or r.tokens[vi].negated or r.tokens[vi].low.endswith("n't") or \
                    _gone(r, vi) or r.tokens[vi].low in V.AUXILIARIES:
                continue
            sa, sb = r.sentence_tokens[r.tokens[p.head].sent]
            if any(V.lemma(r.tokens[k].base) in _ELSEWHERE_MIND for k in range(sa, sb)):
                continue  # "Mara's face haunts your dreams": a memory, not a body here
            out.append(make_finding(ctx, "absent_npc", "block", 0.75, a, b, present_list(g),
                                    f"'{_without_possessive(r.span_text(a, b - 1))}' is not in the "
                                    f"scene; only the characters present may act ({present_list(g)})."))
        return out

    @staticmethod
    def _other_rank(ctx: CheckContext, p: Phrase, toks: list, core: list[str]) -> Finding | None:
        """"the Goblin Queen herself" when the goblin here is a trader: a kind word that names
        someone present, under a rank none of them holds, is somebody else."""
        ranks = [t.base for t in toks if t.base in V.PERSON_TITLES]
        if not ranks or not all(V.ordinary_word(w) for w in core):
            return None
        g = ctx.grounding
        holders = [h for w in core for h in [g.holder_named(w)] if h is not None]
        if not holders or any(h.npc is None for h in holders):
            return None
        for h in holders:
            names = " ".join([h.npc.name, *h.npc.aliases]).lower()
            if any(rank in names.split() for rank in ranks):
                return None
        r = ctx.reading
        if verb_after(r, p) is None and not (
                p.end < len(r.tokens) and r.tokens[p.end].low in ("himself", "herself")):
            return None
        return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end, present_list(g),
                            f"'{p.text(r)}' is not in the scene; only the characters present "
                            f"may act ({present_list(g)}).")

    def _owners_who_come(self, ctx: CheckContext) -> list[Finding]:
        """"Captain Reyes's voice crackles over the intercom, then she steps through the
        hatch": an absent owner named inside a phrase, who then comes in as "she"."""
        r = ctx.reading
        g = ctx.grounding
        out = []
        for p in r.phrases:
            if p.name or not p.owner or p.owner in V.POSSESSIVE_PRONOUNS or \
                    not _event(r, p.head):
                continue
            named = _named_owner(r, p, whole=False)
            if named is None or _names_someone_here(g, named[3]):
                continue
            a, b, owner_toks, _ = named
            if len(owner_toks) < 2 and owner_toks[0].initial:
                continue
            if self._then_acts(ctx, p):
                out.append(make_finding(ctx, "absent_npc", "block", 0.75, a, b, present_list(g),
                                        f"'{r.span_text(a, b - 1)}' is not in the scene; "
                                        f"{present_list(g)}."))
        return out

    @staticmethod
    def _acts(r: Reading, p: Phrase) -> int | None:
        """The verb a name is the subject of, when it does something here (not "is gone")."""
        if r.tokens[p.end - 1].possessive:
            return None
        k = _before_title(r, p.start)
        if k >= 0 and r.tokens[k].low in ("of", "about", "for", "like", "named", "called",
                                          "than", "unlike", "without", "against", "whether",
                                          "to", "from", "with") or _authored(r, p):
            return None
        vi = verb_after(r, p)
        if vi is None or r.tokens[vi].negated or r.tokens[vi].low.endswith("n't") or _gone(r, vi):
            return None
        if r.tokens[vi].low in V.AUXILIARIES:
            # "has arrived", "is here" are presence; "was a fool", "is in Bath" are not
            nxt = r.tokens[vi + 1] if vi + 1 < len(r.tokens) else None
            if nxt is None or nxt.kind != "word" or not (
                    nxt.low in ("here", "there", "coming", "come", "arrived", "entered",
                                "appeared", "returned", "back") or
                    nxt.low in _ENTRANCE or nxt.low in _COMING):
                return None
        return vi

    @staticmethod
    def _state_here(r: Reading, vi: int) -> bool:
        """After "is": a state only someone present is in ("is already down", "is asleep")."""
        while vi + 1 < len(r.tokens) and r.tokens[vi + 1].low in _STILL:
            vi += 1
        nxt = r.tokens[vi + 1] if vi + 1 < len(r.tokens) else None
        if nxt is not None and nxt.low == "in" and vi + 3 < len(r.tokens) and \
                r.tokens[vi + 2].low == "no" and r.tokens[vi + 3].low in _FIT:
            return True  # "is in no state to answer you": a body here, too hurt or drunk
        return nxt is not None and nxt.low in _STATES_HERE and not (
            vi + 2 < len(r.tokens) and r.tokens[vi + 2].kind == "word" and r.tokens[vi + 2].low in (
                "for", "to", "with"))

    @staticmethod
    def _presence_after(r: Reading, vi: int) -> bool:
        """After "is", "has": being here or doing ("is here", "is standing", "has come")."""
        while vi + 1 < len(r.tokens) and r.tokens[vi + 1].low in _STILL:
            vi += 1  # "is already down", "is still asleep"
        nxt = r.tokens[vi + 1] if vi + 1 < len(r.tokens) else None
        if nxt is None or nxt.kind != "word":
            return False
        low = nxt.low
        if low in ("not", "never", "no", "n't", "a", "an", "the", "like", "said", "known",
                   "called", "named", "dead", "gone", "long", "away", "rumoured", "rumored",
                   "supposed", "believed", "famous", "said"):
            return False
        if low in _PLACING:
            # "is by the hearth", "is in no state to answer": here; "is in Bath": elsewhere
            after = r.tokens[vi + 2] if vi + 2 < len(r.tokens) else None
            return not (after is not None and after.cap and not after.initial)
        return low in ("here", "there", "back", "come", "coming", "arrived", "returned") or \
            low.endswith(("ing", "ed")) or low in _ENTRANCE or low in _COMING or \
            low in V.VERBS or low in _STATES_HERE

    @staticmethod
    def _then_acts(ctx: CheckContext, p: Phrase) -> bool:
        """Does a "he" or "she" after this (absent) name, with no one present named between,
        come in or act here ("Reyes's voice crackles over the intercom, then she steps
        through the hatch")?"""
        r = ctx.reading
        toks = r.tokens
        sent = toks[p.head].sent
        _, b = r.sentence_tokens[min(len(r.sentence_tokens) - 1, sent + 1)]
        for k in range(p.end, b):
            t = toks[k]
            if ctx.refs and ctx.refs[k] is not None and t.low not in ("he", "she", "him", "her",
                                                                     "his"):
                return False  # someone present is named first
            if t.low not in ("he", "she") or t.muted or t.negated:
                continue
            nxt = toks[k + 1] if k + 1 < b else None
            if nxt is None or nxt.kind != "word" or nxt.muted or nxt.negated:
                return False
            if nxt.low in _ENTRANCE or nxt.low in _COMING or nxt.low in V.PERSON_VERBS:
                return not _gone(r, k + 1)
            return False
        return False

    def _absent_title(self, ctx: CheckContext, p: Phrase) -> Finding | None:
        """A name made of titles only ("the Prince Regent", "the Archbishop") that acts while
        no one present holds the title."""
        r = ctx.reading
        if ctx.refs and ctx.refs[p.head] is not None:
            return None
        words = [t.base for t in r.tokens[p.start:p.end] if t.kind == "word"
                 and t.base not in V.ARTICLES]
        g = ctx.grounding
        if not words or any(w in g.name_tokens or g.roles.get(V.lemma(w)) for w in words):
            return None
        if not any(w in V.PERSON_TITLES for w in words) or len(words) < 2 and \
                r.tokens[p.start].initial and r.tokens[p.start].low not in V.ARTICLES:
            return None  # "Mother" at the start of a sentence may be a cry
        vi = self._acts(r, p)
        if vi is None:
            return None
        return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end, present_list(g),
                            f"'{p.text(r)}' is no one present; {present_list(g)}.")

    def _kin(self, ctx: CheckContext, p: Phrase, core: list[str]) -> Finding | None:
        """"Mr. Patel" when only Mrs. Patel is here, "Lady Netherby" for Lord Netherby: a
        present name under a title of the other sex is someone else of the family."""
        r = ctx.reading
        k = _before_title(r, p.start)
        titles = [t.base for t in r.tokens[p.start:p.end] if t.base in V.TITLES]
        if p.start >= 2 and r.tokens[p.start - 1].low == "." and \
                r.tokens[p.start - 2].base in _TITLE_SEX:
            titles.append(r.tokens[p.start - 2].base)  # "Mr. Patel
        sex = {_TITLE_SEX.get(t) for t in titles} - {None}
        g = ctx.grounding
        if len(core) >= 2 and not sex:
            # "Jimmy Patel" when only Mrs. Patel is here: another given name, another person
            named = [h for w in core[1:] for h in _named_by(g, w)]
            lead = r.tokens[p.start]
            if lead.initial and V.ordinary_word(core[0]):
                return None  # "Poor Derek groans": a word, not a given name
            if named and core[0] not in _TITLE_SEX and not _named_by(g, core[0], True) and \
                    self._acts(r, p) is not None:
                return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end,
                                    present_list(g), f"'{p.text(r)}' is not {named[0].name}; "
                                    f"{present_list(g)}.")
            return None
        if len(sex) != 1:
            return None
        mine = next(iter(sex))
        found = {id(h): h for w in core for h in _named_by(g, w)}
        bearers = sorted(found.values(), key=lambda h: h.kind == "player")
        if not bearers:
            return None
        for h in bearers:
            theirs = _holder_sex(h)
            if theirs is None or theirs == mine:
                return None
        if self._acts(r, p) is None:
            return None
        return make_finding(ctx, "absent_npc", "block", 0.8, p.start, p.end, present_list(g),
                            f"'{r.span_text(max(0, k + 1), p.end - 1)}' is not "
                            f"{bearers[0].name}; {present_list(g)}.")

    @staticmethod
    def _introduced(r: Reading, p: Phrase) -> bool:
        """A name right after a person noun ("the town wizard Malrik") or a presence word."""
        if p.start == 0:
            return False
        before = r.tokens[p.start - 1]
        if V.is_person_noun(before.base) or before.base in V.TITLES:
            return True
        if before.low == "," and p.start >= 2 and V.is_person_noun(r.tokens[p.start - 2].base):
            return True
        if before.low in (":", "—", "–") and p.start >= 2:
            # "You find him behind the green wagon: Carlo the knife-thrower": the one found
            a, _ = r.sentence_tokens[r.tokens[p.start].sent]
            lead = [t for t in r.tokens[a:p.start - 1] if t.kind == "word"]
            if any(t.low in _MEETING_VERBS or t.low in ("him", "her", "them", "someone",
                                                        "somebody", "stranger", "figure")
                   or V.is_person_noun(t.base) for t in lead) and not any(
                    t.low in _NAME_NOT_PRESENT and t.low in ("of", "about", "like", "named",
                                                             "called") for t in lead[-2:]):
                return True
        if _authored(r, p):
            return False
        return before.low in ("by", "with", "beside", "flanked")

    @staticmethod
    def _mentioned_only(r: Reading, p: Phrase) -> bool:
        """A name that is only talked about: after "of", "about", "for", "like", "named" ..."""
        if p.start == 0:
            return False
        k = _before_title(r, p.start)
        if k < 0:
            return False
        return r.tokens[k].low in _NAME_NOT_PRESENT or _authored(r, p)

    def _introductions(self, ctx: CheckContext) -> list[Finding]:
        """"'I am Thane Durgrim,' he says": a stranger named only in his own words."""
        r = ctx.reading
        if not any(t.quoted for t in r.tokens):
            return []
        g = ctx.grounding
        out = []
        for m in _SELF_INTRO.finditer(r.text):
            tok = r.token_from(m.start("n"))
            if tok is None or not tok.quoted:
                continue
            words = [w.lower().replace("’", "'") for w in re.findall(r"[A-Za-z][\w'’-]*",
                                                                    m.group("n"))]
            words = [w[:-2] if w.endswith("'s") else w for w in words]
            core = [w for w in words if w not in V.TITLES and w not in V.NAME_CONNECTORS]
            if not core or any(w in g.name_tokens for w in core):
                continue
            if len(words) == 1 and V.common_word(core[0]):
                continue  # "I am Death", "This is Madness"
            conf = 0.8
            a, b = m.start("n"), m.end("n")
            out.append(finding_at(
                ctx, "absent_npc", "block", conf, a, b, present_list(g),
                f"'{m.group('n')}' introduces someone the scene does not have "
                f"({present_list(g)})."))
        return out
