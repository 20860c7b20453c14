"""Someone the scene does not have, named by a common noun, who appears or acts.

"A hooded stranger steps out", "the ship's surgeon hurries over", "two spearmen": unlike a proper
name, a person noun carries a role, so it is grounded by a present NPC of that role, synonym or
description, and a crowd a busy place has (a patron arguing over dice) is colour. One more than
the scene has, a newcomer in a role already filled, or a stranger who lays hands on the player
is invented.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder, SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.lexicon.compounds import COMPOUND_ARTEFACTS
from bot.guard.narration_checks.base import (
    CheckContext, make_finding, present_list, severity_for, subject_before,
)
from bot.guard.narration_checks.mentions.cues import (
    _COMING, _ENTRANCE, _LIES, _distant, _event, _gone, _inverted_entrance, _word_kind,
)
from bot.guard.narration_checks.mentions.elsewhere import beyond_the_scene
from bot.guard.prose import Phrase, Reading, verb_after

_PRESENCE_BEFORE = frozenset({"by", "with", "beside", "behind", "near", "alongside", "flanked",
                              "joined", "accompanied", "followed", "escorted", "meet", "meets",
                              "greet", "greets", "see", "sees", "spot", "spots", "notice",
                              "notices"})
_NOT_PRESENCE_BEFORE = frozenset({"of", "about", "for", "like", "as", "than", "whether", "no",
                                  "without", "become", "becomes", "was", "were", "is", "are",
                                  "be", "being", "been", "a", "an"})
_BEAST_SKIN = frozenset("scaled scaly furred furry feathered clawed finned tentacled winged "
                        "hairy many-legged chitinous".split())


def _wordnet_person(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
    """A noun whose commonest sense is a person ("a guy", "a busker"), introduced by an
    indefinite determiner and doing something here (not "a siren wails somewhere far below",
    nor the feather-workers the place's description has): the hand-made tables do not know every
    word for someone."""
    r = ctx.reading
    word = r.tokens[head_i].base
    if not (W.is_person(word) or V.lemma(word) in V.PERSON_GROUPS) or len(word) < 3 or \
            word in V.BODY:
        return False
    if p.of_head is not None and head_i == p.head or head_i > p.start and \
            f"{r.tokens[head_i - 1].base} {word}" in COMPOUND_ARTEFACTS:
        return False  # "a band of light", "a rubber band"
    g = ctx.grounding
    if word in g.said_words or V.lemma(word) in g.said_words or _distant(r, p):
        return False
    if not (p.det in ("a", "an", "another", "some", "two", "three", "several") or p.new):
        return False
    vi = verb_after(r, p)
    if vi is None:
        return False
    if any(c in "TGOVS" for c in W.noun_codes(word)[:3]):
        # "a speaker crackles", "a tumbler sits by your elbow": a thing's sense too, so only a
        # doing no sounding, shining or standing thing does makes it someone ("a guy elbows")
        v = r.tokens[vi].low
        base = W.verb_base(v) or v
        if v in _LIES or W.verb_codes(base)[:1] in ("p", "w", "z", "") or v in V.AUXILIARIES:
            return False
    return True


def _deals_in(h: Holder, goods: str) -> bool:
    """Do the holder's titles or things name these goods ("rice merchant", "balance scales")?"""
    if h.has(goods):
        return True
    titles = [h.name, *(h.npc.aliases if h.npc is not None else ())]
    return any(goods in re.findall(r"[a-z]+", t.lower()) for t in titles)


def _indefinite_det(p: Phrase) -> bool:
    return p.det in ("a", "an", "another", "some", "one") or p.new or p.count is not None


def _among_creatures(g: SceneGrounding, lem: str) -> bool:
    """Does one of the scene's creatures carry this person word ("the ghost of a drowned
    novice", "a wight that was once a miller")?"""
    words = g.memo.get("creature_person_words")
    if words is None:
        words = frozenset(V.lemma(w) for c in g.scene.creatures
                          for w in re.findall(r"[a-z]+", c.lower()))
        g.memo["creature_person_words"] = words
    return lem in words


# What speaks or reaches out for its owner: "a stranger's voice calls", "a dead man's hand".
_ACTING_PARTS = frozenset({"voice", "whisper", "laugh", "laughter", "hand", "finger", "fingers"})
# Verbs of answering in words.
_ANSWERS = frozenset("answers answered replies replied says said tells told announces announced "
                     "declares declared".split())
# Devices that carry a voice from elsewhere.
_RELAYS = frozenset("radio wireless shortwave receiver telephone phone intercom speaker "
                    "loudspeaker tannoy headset headphone earpiece recording recorder tape "
                    "gramophone phonograph record comm comms transmitter static".split())


_TWO_OBJECTS = frozenset("show shows showed hand hands handed give gives gave bring brings brought "
                         "send sends sent introduce introduces introduced offer offers offered "
                         "pass passes passed lend lends lent".split())


class PeopleCheck:
    """Someone the scene does not have who appears or acts: "a hooded stranger steps out", "the
    ship's surgeon hurries over", "two spearmen"; present NPCs by role, synonym or description
    are fine, and so is a crowd a busy place has."""

    name = "people"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        npcs = g.npcs
        for idx, p in enumerate(r.phrases):
            if p.pronoun and r.tokens[p.head].low in ("something",) and _event(r, p.head):
                vi = next((k for k in range(p.end, min(p.end + 6, len(r.tokens)))
                           if r.tokens[k].low in V.ANIMAL_VERBS
                           and r.tokens[k].clause == r.tokens[p.head].clause), None)
                if vi is not None:
                    out.append(make_finding(
                        ctx, "invented_creature", "warn", 0.55, p.start, vi + 1,
                        "creatures here: " + (", ".join(g.scene.creatures) or "none"),
                        f"'{r.span_text(p.start, vi)}' is an animal the scene does not have."))
                else:
                    # "something large and scaled slides off the pilings": a body no thing has
                    hide = next((k for k in range(p.end, min(p.end + 5, len(r.tokens)))
                                 if r.tokens[k].low in _BEAST_SKIN), None)
                    if hide is not None:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.6, p.start, hide + 1,
                            "creatures here: " + (", ".join(g.scene.creatures) or "none"),
                            f"'{r.span_text(p.start, hide)}' is a beast the scene does not "
                            f"have."))
                continue
            if p.pronoun and r.tokens[p.head].low in ("someone", "somebody") and \
                    _event(r, p.head):
                vi = verb_after(r, p)
                if vi is not None and r.tokens[vi].low in V.PERSON_VERBS:
                    out.append(make_finding(
                        ctx, "absent_npc", "warn", 0.5, p.start, vi + 1, present_list(g),
                        f"'{p.text(r)}' acts but is no one the scene has; {present_list(g)}."))
                continue
            if p.pronoun or p.name:
                continue
            head_i = p.of_head if (p.of_head is not None and (
                V.lemma(r.tokens[p.head].base) in V.PARTITIVES or
                V.lemma(r.tokens[p.head].base) in V.PERSON_GROUPS)) else p.head
            if head_i == p.head and V.lemma(r.tokens[p.head].base) in _ACTING_PARTS:
                # "a dead man's voice whispers in your ear": whoever owns the voice speaks
                owner_i = next((k for k in range(p.head - 1, p.start - 1, -1)
                                if r.tokens[k].possessive and r.tokens[k].kind == "word"
                                and V.is_person_noun(r.tokens[k].base)), None)
                if owner_i is not None and self._voice_beside(r, p) and \
                        not self._relayed(r, p):
                    head_i = owner_i
            head = r.tokens[head_i]
            if not _event(r, head_i) or head.cap and not head.initial:
                continue
            word = head.base
            selfish = p.end < len(r.tokens) and r.tokens[p.end].low in ("himself", "herself")
            if not (V.is_person_noun(word) or selfish and W.is_known_noun(word)
                    or _wordnet_person(ctx, p, head_i)) or word in V.BODY:
                continue
            if V.lemma(word) not in V.PERSON_GROUPS and self._thing_sense(ctx, p, head_i):
                continue  # "the logbook's pages", "your pocket watch": things, not people
            if head_i > p.start and f"{r.tokens[head_i - 1].low} {word}" in \
                    V.COMPOUND_CREATURES:
                continue  # "a German shepherd" is a dog
            lem = V.lemma(word)
            if word in V.CROWD or lem in ("folk", "people"):
                continue
            if lem == "guard" and p.owner:
                continue  # "Marrow's guard": a stance
            nxt = r.phrases[idx + 1] if idx + 1 < len(r.phrases) else None
            if nxt is not None and nxt.name and nxt.start == p.end:
                continue  # "the town wizard | Malrik": the name check judges it
            if ctx.refs and ctx.refs[p.head] is not None:
                continue
            if self._apposition(r, p, ctx.refs) or self._not_presence(r, p) or self._identified(r, p, ctx.refs):
                continue
            if not _indefinite_det(p) and _among_creatures(g, lem):
                continue  # "the drowned novice" for the scene's "ghost of a drowned novice"
            holders = g.roles.get(lem) or g.roles.get(V.ROLE_GROUP.get(lem, "")) or []
            if not holders and "-" in lem:
                # "the rice-dealer", "the salt-seller": a trade named by its goods and its
                # role word is whoever has that role and deals in those goods ("rice
                # merchant", "salt trader")
                goods, _, role = lem.rpartition("-")
                role = V.lemma(role)
                found = [h for h in g.roles.get(role) or g.roles.get(V.ROLE_GROUP.get(role, ""))
                         or [] if _deals_in(h, goods)]
                if found:
                    lem, holders = role, found
            generic = lem in V.PERSON_GENERIC and lem not in V.PERSON_NEWCOMER
            indefinite = p.det in ("a", "an", "some", "one", "another", "several") or \
                (p.count is not None and p.det not in ("the",)) or p.new or \
                (not p.det and head.low != lem)
            vi = verb_after(r, p)
            if vi is not None and (r.tokens[vi].negated or r.tokens[vi].low.endswith("n't")
                                   or r.tokens[vi].low in ("never", "cannot")
                                   or _gone(r, vi)):
                vi = None  # "the bartender, if there's one, doesn't show himself"; "is gone"
            inverted = _inverted_entrance(r, p)
            acting = vi is not None or self._present(r, p) or inverted
            entering = inverted and (r.tokens[p.start - 1].low in _ENTRANCE or r.tokens[
                p.start - 1].low in _COMING) or vi is not None and (
                r.tokens[vi].low in _ENTRANCE or (
                r.tokens[vi].low in _COMING and vi + 1 < len(r.tokens)
                and r.tokens[vi + 1].low in ("in", "inside", "through", "into"))) and not (
                vi + 1 < len(r.tokens) and r.tokens[vi + 1].low in ("out", "away", "off",
                                                                     "outside", "back"))
            text = p.text(r)
            conf = 0.0
            why = ""
            if p.new and (holders or generic):
                conf, why = 0.8, "one more than the scene has"
            elif p.count is not None and p.count > max(len(holders), 1) and p.count > 1:
                conf, why = 0.8, f"the scene has {len(holders) or 'no'} such"
            elif holders:
                if indefinite and entering:
                    conf, why = 0.7, "arrives, but that role is already filled by someone present"
            elif generic and not indefinite and npcs:
                continue  # "the man", "the dwarf": someone present
            elif acting:
                conf = 0.85 if (indefinite or not generic) else 0.7
                why = "is not in the scene"
            else:
                conf, why = 0.4, "is mentioned but not in the scene"
            if conf <= 0:
                continue
            if conf >= 0.7 and not acting:
                conf = 0.45
            if conf >= 0.7 and not entering and not p.new and (
                    _distant(r, p) or beyond_the_scene(r, g, p)) and \
                    not self._touches_player(r, p, vi):
                conf = 0.45  # "a porter's boy darts past the window": out there, not here
            if conf >= 0.7 and not p.new and not entering and self._crowd(g, lem) and \
                    not self._touches_player(r, p, vi):
                conf = 0.5  # a patron arguing over dice: colour a busy place has
            out.append(make_finding(
                ctx, "absent_npc", severity_for(conf), conf, p.start, p.end, present_list(g),
                f"'{text}' {why}; {present_list(g)}."))
        return out + self._thing_answers(ctx)

    @staticmethod
    def _thing_answers(ctx: CheckContext) -> list[Finding]:
        """"The ship's mind answers from the speakers: 'I calculated them myself'": whatever
        answers in quoted words is someone, and one the scene does not list is doubtful. Not a
        thing that carries words (a sign, a letter, a radio) nor a person, beast or present
        character, which the other readings judge."""
        r = ctx.reading
        toks = r.tokens
        out: list[Finding] = []
        for i, t in enumerate(toks):
            if t.low not in _ANSWERS or t.muted or t.negated or t.quoted:
                continue
            _, b = r.sentence_tokens[t.sent]
            if not any(toks[k].quoted for k in range(i + 1, min(b, i + 14))):
                continue
            actor = subject_before(ctx, i)
            p = actor.phrase
            if actor.kind != "thing" or p is None or toks[p.head].sent != t.sent or p.name:
                continue
            head = toks[p.head].base
            lem = V.lemma(head)
            if lem in _RELAYS or V.creature_group(head) or V.is_person_noun(head) or \
                    W.is_carried_thing(head) or W.is_fixed_thing(head) or lem in V.ITEMS:
                continue  # "the sign says", "the letter says", "the radio answers"
            oi = next((k for k in range(p.start, p.head) if toks[k].possessive), None)
            thing_owned = oi is not None and not toks[oi].cap and not (
                V.is_person_noun(toks[oi].base) or V.creature_group(toks[oi].base) or
                (ctx.refs and ctx.refs[oi] is not None))  # "the ship's mind", not "his mind"
            if _word_kind(head) != "unknown" and not thing_owned:
                continue  # "his voice answers", "silence answers": someone's, or no one
            out.append(make_finding(
                ctx, "absent_npc", "warn", 0.5, p.start, p.end, present_list(ctx.grounding),
                f"'{p.text(r)}' answers in words but is no one the scene has; "
                f"{present_list(ctx.grounding)}."))
        return out

    @staticmethod
    def _thing_sense(ctx: CheckContext, p: Phrase, head_i: int) -> bool:
        """A word that names a person only in a rarer sense ("page", "watch", "fan"), used here
        for a thing: owned by a thing ("the logbook's pages"), named like an item of the scene
        ("your pocket watch"), or made a thing by a noun before it ("a wrist watch")."""
        r = ctx.reading
        g = ctx.grounding
        word = r.tokens[head_i].base
        if any(r.tokens[k].low == "its" for k in range(p.start, head_i)):
            return True  # "between its pages": a thing's, so a thing
        if W.first_class(word) in ("P", "") or W.first_class(V.lemma(word)) == "P":
            return False  # "men" is the plural of "man", someone
        if g.in_location(word) or any(h.has(word) for h in g.holders):
            return True
        for k in range(p.start, head_i):
            t = r.tokens[k]
            if t.kind != "word" or t.low in V.DETERMINERS or t.low in V.POSSESSIVE_PRONOUNS:
                continue
            if t.low == "its":
                return True  # "between its pages": a thing's, so a thing
            if t.possessive:
                if not (t.cap or V.is_person_noun(t.base) or V.creature_group(t.base)
                        or (ctx.refs and ctx.refs[k] is not None)):
                    return True  # "the logbook's pages"
                continue
            if W.is_carried_thing(t.base) or W.is_fixed_thing(t.base):
                return True  # "a pocket watch", "the stair guard"
        return False

    @staticmethod
    def _voice_beside(r: Reading, p: Phrase) -> bool:
        """Does the voice or hand reach the player ("whispers into your ear", "closes over
        yours")? Only then is its owner's body here; a voice heard may come from afar."""
        vi = verb_after(r, p)
        if vi is None:
            return False
        _, b = r.sentence_tokens[r.tokens[vi].sent]
        return any(r.tokens[k].low in ("you", "your", "yours", "yourself")
                   for k in range(vi + 1, min(b, vi + 9)))

    @staticmethod
    def _relayed(r: Reading, p: Phrase) -> bool:
        """Is a device that carries voices named in this sentence or the one before ("static
        hisses on the radio, then a woman's voice ...")? Then the speaker is elsewhere."""
        sent = r.tokens[p.head].sent
        a, _ = r.sentence_tokens[max(0, sent - 1)]
        _, b = r.sentence_tokens[sent]
        return any(r.tokens[k].kind == "word" and V.lemma(r.tokens[k].base) in _RELAYS
                   for k in range(a, b))

    @staticmethod
    def _crowd(g: SceneGrounding, lem: str) -> bool:
        return any(lem in V.KIND_CROWD.get(k, frozenset()) for k in g.kinds)

    @staticmethod
    def _touches_player(r: Reading, p: Phrase, vi: int | None) -> bool:
        """Does the person do something to the player ("grabs your arm", "swings at you")?"""
        if vi is None:
            return False
        _, b = r.sentence_tokens[r.tokens[p.head].sent]
        clause = r.tokens[vi].clause
        return any(r.tokens[k].low in ("you", "your", "yourself") and r.tokens[k].clause == clause
                   for k in range(vi, b))

    @staticmethod
    def _apposition(r: Reading, p: Phrase, refs: list[Holder | None] | None = None) -> bool:
        """"Greta, a widow of twenty years, ...", "Yann the sailor nods": a description of
        someone named just before (without the comma, only of someone the scene has: "Corentin
        the sailor" is a stranger, whom the name check reports). Not after a verb that takes two
        objects ("you show Yann the stranger"): there the second is someone else."""
        if p.start >= 2 and r.tokens[p.start - 1].low == ",":
            prev = r.phrase_containing(p.start - 2)
            if prev is not None and (prev.name or prev.pronoun):
                return True
        if p.start >= 1 and p.det == "the" and r.tokens[p.start - 1].cap:
            prev = r.phrase_containing(p.start - 1)
            if prev is not None and prev.name and prev.end == p.start and refs and \
                    refs[prev.head] is not None and not (
                    prev.start > 0 and r.tokens[prev.start - 1].low in _TWO_OBJECTS):
                return True
        return False

    @staticmethod
    def _identified(r: Reading, p: Phrase, refs: list[Holder | None] | None) -> bool:
        """"The warden of the light is Yann": a role said to be someone the scene has is that
        one, not somebody else."""
        k = p.end
        toks = r.tokens
        if not refs or p.det != "the" or k + 1 >= len(toks) or toks[k].low not in ("is", "was"):
            return False
        return toks[k + 1].cap and refs[k + 1] is not None and toks[k + 1].sent == toks[p.head].sent

    @staticmethod
    def _not_presence(r: Reading, p: Phrase) -> bool:
        if p.start == 0:
            return False
        before = r.tokens[p.start - 1].low
        if before == "as" and p.det in ("a", "an", "the", "two", "three", "some"):
            # "as a man in a trench coat looks up at her": "as" opens a clause whose subject
            # acts; "dressed as a sailor" compares
            vi = verb_after(r, p, limit=8)
            if vi is not None and not any(r.tokens[k].kind == "punct"
                                          for k in range(p.end, vi)):
                return False
        if before in _NOT_PRESENCE_BEFORE and before not in ("a", "an"):
            return True
        if before in ("to",) and p.start >= 2 and r.tokens[p.start - 2].low in ("like", "seems",
                                                                                  "appears"):
            return True
        return False

    @staticmethod
    def _present(r: Reading, p: Phrase) -> bool:
        for k in range(max(0, p.start - 3), p.start):
            if r.tokens[k].low in _PRESENCE_BEFORE:
                return True
        lo = r.text[:r.tokens[p.start].start].lower().rstrip()
        return lo.endswith(("there is", "there are", "there stands", "there sits", "stands",
                            "sits", "waits"))
