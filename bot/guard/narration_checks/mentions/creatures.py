"""An animal or monster must be one of the scene's creatures, and no more of them than it has.

Diamond horses, a kraken or a rat the scene never listed are invented, and so are "three brown
mares" when it has two, "and a third" after "the two sled dogs", or "a dozen more" of its one
howler monkey: a count is a claim about the scene as much as a kind is. A beast far off and
staying there is only doubtful.
"""

from __future__ import annotations

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import SceneGrounding
from bot.guard.lexicon import wordclass as W
from bot.guard.narration_checks.base import CheckContext, make_finding, severity_for
from bot.guard.narration_checks.mentions.creature_words import (
    _LIVE_PARTS, _creature_named_items, _held_thing, _moves, _not_an_instance, _performed,
    _series_verb, _shapechanged, _used_as_verb,
)
from bot.guard.narration_checks.mentions.name_bearers import _surnamed
from bot.guard.narration_checks.mentions.unnamed_beasts import unnamed_beasts
from bot.guard.narration_checks.mentions.cues import (
    _distant, _event, _word_kind, own_body_part,
)
from bot.guard.narration_checks.mentions.elsewhere import beyond_the_scene
from bot.guard.prose import Phrase, Reading, Token, verb_after

_SOFT_CREATURES = frozenset({"spirit", "shade", "haunt", "horror", "familiar", "brute", "beast",
                             "thing", "devil", "demon", "monster", "animal", "creature"})
_ORDINAL_COUNT = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}


# Collectives said only of animals: what they gather is a beast, whatever its name.
_HERDS = frozenset({"school", "herd", "pod"})


def _herded(r: Reading, p: Phrase, head_i: int) -> bool:
    """"a school of sky-rays", "a herd of thunder-elk": the collective makes its members beasts
    when their own name is coined (hyphenated or unknown) or names an animal anyway."""
    if head_i != p.of_head or V.lemma(r.tokens[p.head].base) not in _HERDS:
        return False
    word = r.tokens[head_i].base
    codes = W.noun_codes(word)
    return "-" in word or not codes or "A" in codes


def creature_count(g: SceneGrounding, lem: str, group: str | None) -> int:
    """How many of this creature the scene has (0: none of it), by its word or else its kind."""
    return g.creature_counts.get(lem) or (g.creature_counts.get(group) if group else 0) or 0


def _count_of_creature_before(g: SceneGrounding, toks: list[Token], start: int, stop: int,
                              skip_muted: bool) -> int | None:
    """How many of the nearest creature named from ``start`` back to ``stop`` the scene has
    (0 when none), or None when no creature is named there."""
    for k in range(start, stop - 1, -1):
        if toks[k].kind != "word" or (skip_muted and toks[k].muted):
            continue
        group = V.creature_group(toks[k].base)
        if group is None:
            continue
        return creature_count(g, V.lemma(toks[k].base), group)
    return None


class CreatureCheck:
    """An animal or monster the scene's creatures do not include, appearing or acting (diamond
    horses, a kraken, a rat); the scene's own creatures in larger numbers than it has ("three
    brown mares" for two)."""

    name = "creatures"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        g = ctx.grounding
        out: list[Finding] = []
        listed = ", ".join(g.scene.creatures) if g.scene.creatures else "none"
        any_creature = bool(g.scene.creatures) or bool(g.creature_words)
        candidates: list[tuple[Phrase, int]] = []
        for p in r.phrases:
            if p.pronoun:
                continue
            head_i = p.head
            partitive = V.lemma(r.tokens[p.head].base) in V.PARTITIVES
            if p.of_head is not None and partitive:
                head_i = p.of_head
            candidates.append((p, head_i))
            for k in range(p.start, p.head):
                # "a kraken's tentacle slaps the hull": the owner of a part is here too
                t = r.tokens[k]
                if t.possessive and t.kind == "word" and not t.cap and (
                        V.creature_group(t.base) or V.animal_noun(t.base)):
                    candidates.append((p, k))
                elif k == p.head - 1 and t.kind == "word" and not t.cap and \
                        V.lemma(r.tokens[p.head].base) in _LIVE_PARTS and \
                        V.creature_group(t.base) and _moves(r, p):
                    candidates.append((p, k))  # "a kraken tentacle slaps the rocks": alive
        for p, head_i in candidates:
            head = r.tokens[head_i]
            if not _event(r, head_i):
                continue
            word = head.base
            if head.cap and not head.initial and head_i > p.start and \
                    r.tokens[head_i - 1].cap and _surnamed([r.tokens[head_i - 1].base, word]):
                continue  # "Markus Wolf": a given name and a surname, someone, not a wolf
            if head.cap and not head.initial and head_i > p.start and \
                    r.tokens[head_i - 1].base in V.PERSON_TITLES:
                continue  # "Corporal Finch", "Captain Wolf": a rank before it makes it someone's name
            if head.cap and not head.initial and head.low in g.place_words:
                continue  # "the Gannet" aboard the Argent Gannet: a name of the place
            group = V.creature_group(word)
            if head_i > p.start:
                pair = f"{r.tokens[head_i - 1].low} {word}"
                if pair in V.COMPOUND_CREATURES:
                    group = V.COMPOUND_CREATURES[pair]  # "a German shepherd", "a baseball bat"
                    if group is None:
                        continue
            if group is None and _herded(r, p, head_i):
                group = "animal"  # "a school of sky-rays glides alongside": a coined beast
            if group is None and head.possessive and head_i != p.head and not head.cap and \
                    V.animal_noun(word):
                group = "animal"  # "an anaconda's coils slide past"
            self_word = r.tokens[p.end].low if p.end < len(r.tokens) else ""
            if self_word in ("himself", "herself") and head_i == p.head:
                continue  # "the reeve himself waddles in": a person (the people check)
            if group is None and not head.cap and not head.possessive and head_i == p.head and (
                    p.det in ("a", "an", "the", "another", "some", "two", "three") or
                    p.count is not None) and V.animal_noun(word):
                group = "animal"  # "a pangolin", "two capybaras"
            text = p.text(r)
            if group is not None and _held_thing(ctx, p, head_i):
                continue  # "his baseball bat": the thing he holds
            if group is None:
                lem = V.lemma(word)
                if lem in V.CREATURE_PARTS and not any_creature and not p.owner:
                    vi = verb_after(r, p)
                    if vi is not None:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.5, p.start, p.end,
                            f"creatures here: {listed}",
                            f"'{text}' implies a creature the scene does not have "
                            f"(creatures here: {listed})."))
                    continue
                if _word_kind(word) == "unknown" and word not in g.all_words:
                    vi = verb_after(r, p)
                    if vi is not None and r.tokens[vi].low in V.ANIMAL_VERBS:
                        out.append(make_finding(
                            ctx, "invented_creature", "warn", 0.55, p.start, p.end,
                            f"creatures here: {listed}",
                            f"'{text}' acts like an animal but the scene has no such creature "
                            f"(creatures here: {listed})."))
                continue
            if own_body_part(r, p, head_i):
                continue  # "nips your calf": the player's leg
            if _not_an_instance(r, p, head_i) or _used_as_verb(r, p, head_i) or \
                    _series_verb(ctx, p, head_i):
                continue
            lem = V.lemma(word)
            if lem in _SOFT_CREATURES and verb_after(r, p) is None and p.det not in (
                    "a", "an") and p.count is None:
                continue  # "reading the spirits", "in good spirits"
            holder = g.holder_named(word)
            grounded = (lem in g.creature_words or word in g.creature_words
                        or ("group:" + group) in g.creature_words
                        or (lem in V.CREATURE_GENERIC and any_creature)
                        or (holder is not None and holder.kind != "player"))
            if grounded:
                have = creature_count(g, lem, group)
                if not have and holder is not None and holder.kind != "player":
                    have = 1  # "a second djinn" when the djinn is one of the scene's people
                said = p.count
                if p.ordinal is not None and not said:
                    said = p.ordinal
                elif p.new and have <= 1 and not said:
                    said = have + 1
                if said is not None and have and said > have and have < 99:
                    out.append(make_finding(
                        ctx, "invented_creature", "block", 0.85, p.start, p.end,
                        f"creatures here: {listed}",
                        f"The scene has {listed}; '{text}' makes it {said}."))
                continue
            if _shapechanged(ctx, head_i):
                continue  # the druid's wild shape: the bear is the druid
            if _performed(ctx, p):
                continue  # "you give them the nightingale and the rose": what a verse is about
            if _distant(r, p) or beyond_the_scene(r, g, p):
                conf = 0.45  # far off, or at the place the player has gone to
            elif V.lemma(word) in V.CREATURE_GROUP or V.lemma(word) in V.CREATURE_GENERIC:
                conf = 0.9
            else:
                conf = 0.7
            out.append(make_finding(
                ctx, "invented_creature", severity_for(conf), conf, p.start, p.end,
                f"creatures here: {listed}",
                f"'{text}' is not in the scene; creatures here: {listed}."))
        out += self._one_more(ctx, listed)
        out += unnamed_beasts(ctx, listed)
        out += self._more_of_them(ctx, listed)
        return out

    @staticmethod
    def _more_of_them(ctx: CheckContext, listed: str) -> list[Finding]:
        """"The howler monkey shrieks, and a dozen more swing down": more of a creature the
        scene has only one (or a few) of."""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out = []
        for i in range(1, len(toks)):
            t = toks[i]
            if t.low != "more" or not _event(r, i):
                continue
            prev = toks[i - 1].low
            if not (prev in V.NUMBER_WORDS or prev.isdigit() or prev in (
                    "dozen", "dozens", "several", "many", "few", "hundreds", "scores")):
                continue
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is not None and nxt.low in ("than", "time", "times", "minutes", "hours",
                                               "days", "steps", "paces", "feet", "yards"):
                continue
            a, _ = r.sentence_tokens[max(0, t.sent - 1)]
            have = _count_of_creature_before(g, toks, i - 2, a, skip_muted=True)
            if have and have < 99:
                out.append(make_finding(
                    ctx, "invented_creature", "block", 0.8, i - 1, i + 1,
                    f"creatures here: {listed}",
                    f"The scene has {listed}; '{r.span_text(i - 1, i)}' adds more."))
        return out

    def prepare(self, g: SceneGrounding) -> None:
        _creature_named_items(g)

    @staticmethod
    def _one_more(ctx: CheckContext, listed: str) -> list[Finding]:
        """"the two sled dogs, and a third": an ordinal standing for one more of the creatures
        just named."""
        r = ctx.reading
        g = ctx.grounding
        toks = r.tokens
        out = []
        for i in range(1, len(toks) - 1):
            t = toks[i]
            if t.low not in _ORDINAL_COUNT or toks[i - 1].low not in ("a", "an") or \
                    not _event(r, i):
                continue
            nxt = toks[i + 1]
            if nxt.kind == "word" and nxt.low not in ("one", "and", "or", "too", "as"):
                continue  # "a third dog" is read as a phrase
            a, _ = r.sentence_tokens[t.sent]
            have = _count_of_creature_before(g, toks, i - 2, a, skip_muted=False)
            said = _ORDINAL_COUNT[t.low]
            if have and said > have and have < 99:
                out.append(make_finding(
                    ctx, "invented_creature", "block", 0.85, i - 1, i + 1,
                    f"creatures here: {listed}",
                    f"The scene has {listed}; '{r.span_text(i - 1, i)}' makes it {said}."))
        return out
