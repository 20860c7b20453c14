"""Marvels that no single pattern shows: a made thing rising with no wind or hand, a beast speaking
as people do, one character's named power used by another, a thing moving as if alive after
someone's word.

Each needs the reading of the sentence (its subjects and phrases, who is named where) rather than
a run of words, so each is its own small search; all four yield events in the shape the pattern
scans yield, so the check judges them alike.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.grounding import SceneGrounding, magical_ability
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.abilities.actors import _actor
from bot.guard.narration_checks.abilities.kinds import _ANY_MAGIC, _magical_word
from bot.guard.narration_checks.abilities.motion_signs import (
    _ANIMATE_WORDS, _MOVERS, _RISING_THINGS, _TRIGGER,
)
from bot.guard.narration_checks.base import Actor, CheckContext, subject_before

_UPWARD_WORDS = frozenset("rise rises rose float floats floated lift lifts levitate levitates "
                          "levitated hover hovers hovered drift drifts drifted soar soars "
                          "soared".split())
_SPEECH_VERBS = frozenset("speaks spoke says said talks talked whispers whispered replies "
                          "replied answers answered".split())
# Made things rising or drifting up with nothing lifting them: "the ledgers lift off their
# chains and drift to the ceiling", "the chairs float up off the floor".
_UPWARD = re.compile(
    r"\b(?:rise|rises|rose|float|floats|floated|lift|lifts|levitate|levitates|levitated|hover|"
    r"hovers|hovered|drift|drifts|drifted|soar|soars|soared) (?:\w+ly )?(?:up )?(?:off|from|"
    r"to|toward|towards|up to|into|above) (?:the |their |its |his |her |your )?(?:\w+ )?"
    r"(?:ceiling|rafters|roof|air|floor|table|shelf|shelves|chains?|hooks?|pegs?|desk|ground|"
    r"deck|walls?|racks?)\b")
_WIND = re.compile(r"\b(?:wind|winds|breeze|draught|draft|gust|gale|updraft|current|"
                   r"whirlwind|blast|explosion|steam|swell|waves?|tide)\b")


def _things_rise(ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
    """A made thing (a ledger, a chair, a sword) that rises, floats or drifts up off where
    it was, as subject of its own verb, with no wind or hand to move it."""
    r = ctx.reading
    if r.words.isdisjoint(_UPWARD_WORDS):
        return []
    out = []
    for m in _UPWARD.finditer(r.masked):
        vi = r.token_at(m.start())
        a, _ = r.sentence_tokens[r.tokens[vi].sent]
        subject = subject_before(ctx, vi)
        if subject.kind != "thing" or subject.phrase is None:
            continue
        head = r.tokens[subject.phrase.head].base
        if not (W.is_carried_thing(head) or W.is_fixed_thing(head)) or \
                W.first_class(head) == "V" or V.lemma(head) in _RISING_THINGS or \
                head in _RISING_THINGS or V.creature_group(head) or W.is_substance(head):
            continue  # a boat on the swell, smoke, a bird
        sa, sb = r.sentences[r.tokens[vi].sent]
        if _WIND.search(r.masked, sa, sb):
            continue  # blown up by a gust
        if any(r.tokens[k].low in ("you", "he", "she", "they") or (
                ctx.refs and ctx.refs[k] is not None)
               for k in range(subject.phrase.end, vi)):
            continue  # someone else in between is the one who lifts
        out.append((m.start(), m.end(), _actor(ctx, r.tokens[a].start), m.group(0),
                    _ANY_MAGIC))
    return out


def _beasts_speak(ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
    """An animal of the scene that speaks as people do ("the hound rises on two legs and
    speaks in Molly's voice"): no beast talks unless the scene makes it someone (a talking
    fox among the NPCs)."""
    r = ctx.reading
    if r.words.isdisjoint(_SPEECH_VERBS):
        return []
    out = []
    for p in r.phrases:
        if p.pronoun or p.name or (ctx.refs and ctx.refs[p.head] is not None):
            continue
        head = r.tokens[p.head]
        group = V.creature_group(head.base)
        if head.muted or head.negated or not group or group == "bird":
            continue  # a parrot or a raven may say a word
        a, b = r.sentence_tokens[head.sent]
        for k in range(p.end, b):
            t = r.tokens[k]
            if t.kind == "punct" and t.low in (";", ".", "—"):
                break
            if t.low in _SPEECH_VERBS and not t.muted and not t.negated and (
                    k + 1 >= len(r.tokens) or r.tokens[k + 1].low not in ("of", "to")):
                out.append((head.start, t.end, Actor(kind="none"),
                            r.text[head.start:t.end], _ANY_MAGIC))
                break
            if ctx.refs and ctx.refs[k] is not None or r.phrase_at.get(k) is not None and \
                    k != p.end and r.tokens[k - 1].low in ("and", ","):
                break  # someone else acts in between
    return out


_MAGIC_RULE_WORDS = frozenset({"magic", "magics", "spell", "spells", "sorcery", "supernatural",
                               "witchcraft", "enchantment", "enchantments"})


def _magic_by_rule(g: SceneGrounding, ability: str) -> bool:
    """"only a volva can work seidr or any other magic": a one-word ability the setting's rules
    name beside magic is a magical power, though no word list knows it."""
    if " " in ability or len(ability) < 4:
        return False
    for rule in g.scene.world_rules:
        words = set(re.findall(r"[a-z'-]+", rule.lower()))
        if ability in words and words & _MAGIC_RULE_WORDS:
            return True
    return False


def _borrowed_powers(ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
    """A magical power of one character named as used by another ("you whisper the words
    of the sleep charm you've heard Pip use"): the scene says whose power it is."""
    g = ctx.grounding
    index = g.memo.get("power_names")
    if index is None:
        index = []
        for h in g.holders:
            for ability in h.abilities:
                low = ability.lower().strip()
                if len(low.split()) >= 2 and (_magical_word(low) or magical_ability(low)) or \
                        _magic_by_rule(g, low):
                    index.append((h, low, re.compile(r"\b" + re.escape(low) + r"\b")))
        g.memo["power_names"] = index
    if not index:
        return []
    r = ctx.reading
    text = r.masked
    out = []
    for h, low, pat in index:
        if low.split()[-1] not in r.words:
            continue
        for m in pat.finditer(text):
            actor = subject_before(ctx, r.token_at(m.start()))
            if actor.kind != "holder" or actor.holder is None or actor.holder is h:
                continue
            if any(a.lower().strip() == low for a in actor.holder.abilities):
                continue
            out.append((m.start(), m.end(), actor, m.group(0), _ANY_MAGIC))
    return out


def _things_obey(ctx: CheckContext) -> list[tuple[int, int, Actor, str, str | None]]:
    """"Garrick mutters a word and the coil of rope slithers across the planks": after
    someone speaks or gestures, a thing moves as only living things do. Whoever gave the
    sign worked it."""
    r = ctx.reading
    g = ctx.grounding
    toks = r.tokens
    out: list[tuple[int, int, Actor, str, str | None]] = []
    for m in _TRIGGER.finditer(r.masked):
        ti = r.token_at(m.start())
        actor = _actor(ctx, m.start())
        if actor.kind != "holder":
            continue
        _, b = r.sentence_tokens[toks[ti].sent]
        for q in r.phrases:
            if q.start <= ti or q.start >= b or q.pronoun or q.name:
                continue
            before = toks[q.start - 1].low
            if before not in ("and", ",", "then", ";", "—", "–"):
                continue  # a clause's subject, not an object
            head = toks[q.head].base
            lem = V.lemma(head)
            if lem in _MOVERS or lem in V.ATMOSPHERE or lem in V.BODY or \
                    V.creature_group(head) or V.is_person_noun(head) or W.is_substance(head):
                continue
            vi = q.end
            while vi < b and (toks[vi].low in V.ADVERBS or toks[vi].low.endswith("ly")):
                vi += 1
            if vi >= b or toks[vi].low not in _ANIMATE_WORDS:
                continue
            if not (W.is_carried_thing(head) or g.in_location(head) or g.who_holds(head)):
                continue
            a_ch, b_ch = toks[q.start].start, toks[vi].end
            out.append((a_ch, b_ch, actor, r.text[a_ch:b_ch], _ANY_MAGIC))
            break
    return out
