"""Powers the words describe, checked whatever the parser made of the verb.

A fresh set of phrasings showed that a check hung on a recognised verb does not generalise:
players describe powers by what they do ("throw up a force field", "bend his mind", "see through
the wall", "draw the sunlight in to heal"). These descriptions are strong enough to check in the
words themselves, so they are read here from the words, apart from the parse-driven checks in
``abilities`` (whose spell check still decides a named spell).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bot.guard.finding import Finding
from bot.guard.index import SceneIndex
from bot.guard.intent.literal import bounded, word_at
from bot.guard.lexicon.magic import (
    ABSORBING,
    COMMANDING,
    CONJURED_EFFECTS,
    DRAWN_ENERGIES,
    GREAT_FORCES,
    IN_ONE_BOUND,
    MIND_BENT,
    MIND_MEANS,
    MIND_SEIZED,
    MOVED_BY_MIND,
    NATURAL_FORCES,
    OUTDOING,
    SEEING_THROUGH,
    SPELLS,
    STRENGTH_FEATS,
    TOUCH_MEANS,
    WOUND_CLOSED,
    WROUGHT_BY_TOUCH,
    rule_magic_words,
)
from bot.guard.lexicon.wordclass import verb_base
from bot.guard.lexicon.words import head_word, norm_phrase, singular
from bot.guard.prevalidate.abilities import _spell
from bot.guard.prevalidate.deeds import _QUOTED, _SPEAKING, _first_verb, _player_does, _spoken_of
from bot.guard.prevalidate.places import _mentioned_here
from bot.guard.prevalidate.sheet import _Sheet
from bot.guard.prevalidate.wording import _a, _ascii, _bare, _finding
from bot.guard.prevalidate.wonders import ELEMENT_MISSILE_NAME, _wonders
from bot.world.intent import Intent
from bot.world.scene import Scene

# The fixed patterns of the functions below, compiled once at import: a pattern string's first
# use compiles it (0.1-0.5 ms), and so does every use after the re module's shared
# 512-entry cache has dropped it to make room for other code's patterns.
_FEAT_RE1 = re.compile(r"[a-z'-]+")
_FEAT_RE2 = re.compile(r"\b(?:hold on|myself|pull through|push on|press on|carry on|keep going)\b")
_FEAT_RE3 = re.compile(r"[a-z']+")
_FEAT_RE4 = re.compile(r"\b(?:ride|rides|riding|rode|drive|drives|driving|sail\w*|spur\w*)\b")
_POWER_SIGNALS_RE1 = re.compile(r"\b(?:field|projector|generator|emitter|shield belt|barrier)\b")
_POWER_SIGNALS_RE2 = re.compile(r"[^\W\d_][\w'-]*")
_POWER_SIGNALS_RE3 = re.compile(r"\b(?:ask|asks|tell|tells|order|orders|urge|urges|beg|begs|watch|watches)\b")
_POWER_SIGNALS_RE4 = re.compile(r"[a-z-]+")


# Three descriptions of a power are strong enough to check in any step the player does: a spell
# by its name sent or cast at something ("sends chain lightning crackling at him"), an effect
# no body or tool makes, raised or conjured ("throw up a force field", "open a portal"), and the
# setting's own word for its magic, which its rules reserve ("only a völva can work seidr").
# Drawing radiation, sunlight or life into oneself to heal or grow strong is a fourth. A caster
# may do the first two (the spell check then decides); nobody else may.

_DIRECTING = re.compile(r"\b(?:ask|asks|tell|tells|order|orders|command|commands|urge|urges|beg|begs|have|has|let|lets|get|gets|want|wants|watch|watches)\b")
_SENDING = frozenset(
    """cast casts casting send sends sending sent hurl hurls hurling throw throws threw loose
    looses unleash unleashes unleashing fire fires firing shoot shoots blast blasts call calls
    summon summons conjure conjures invoke invokes launch launches fling flings release releases
    channel channels direct directs aim aims weave weaves let lets""".split()
)
_HEALING_PURPOSE = re.compile(r"\b(?:to|and)\s+(?:heal|mend|restore|recover|regain|cure|close|knit|strengthen|grow|power|fuel|empower|recharge)\b|\binto (?:me|myself|my body|my wounds)\b")


# A missile made of a raw element, sent: "hurl a roaring ball of flame", "loose a bolt of
# lightning", "fling a lance of frost". Only a spell makes one; a thing that shoots it, held,
# is the item check's ("a jet of fire from my flamethrower").
_ELEMENT_MISSILE = re.compile(
    r"\b(?:hurl|hurls|throw|throws|threw|fling|flings|flung|send|sends|sent|launch|launches|loose|looses|"
    r"shoot|shoots|shot|fire|fires|conjure|conjures|summon|summons|unleash|unleashes|lob|lobs|blast|blasts)\s+"
    r"(?P<missile>(?:a|an|one|another)\s+" + ELEMENT_MISSILE_NAME + r")"
)
_FROM_OWN = re.compile(r"^\s+(?:from|out of|with|through)\s+(?:my|our)\b")
# A wonder asked of someone, watched, dreamt or pretended is not one the player works.
_NOT_DONE = re.compile(r"\b(?:ask|asks|urge|urges|beg|begs|watch|watches|dream|dreams|imagine|imagines|pretend|pretends)\b")
_WORD_RUN = re.compile(r"\w*")  # what follows a rule's word for magic in the same word ("seidr" -> "seidrs")


@dataclass(frozen=True, slots=True)
class _SpellNames:
    pattern: re.Pattern[str]
    # the pattern's names by their first three characters, in the pattern's order; None when a
    # name does not start with a letter or digit (then the pattern itself is searched)
    by_start: dict[str, tuple[str, ...]] | None


_SPELL_NAMES: _SpellNames | None = None


def _spell_names() -> _SpellNames:
    global _SPELL_NAMES
    if _SPELL_NAMES is None:
        names = sorted((n for n in SPELLS if len(n) >= 6 and (" " in n or n.endswith(("ball", "bolt", "storm", "strike", "blast")))), key=len, reverse=True)
        by_start: dict[str, list[str]] = {}
        for n in names:
            by_start.setdefault(n[:3], []).append(n)
        plain = all(_WORD_START.match(n) for n in names)
        _SPELL_NAMES = _SpellNames(re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")s?\b"),
                                   {k: tuple(v) for k, v in by_start.items()} if plain else None)
    return _SPELL_NAMES


_WORD_START = re.compile(r"\b\w")


def _spell_named(words: str) -> tuple[int, str] | None:
    """Where the first spell name is in the words, and which (what ``_spell_names().pattern``
    finds, as (start, group 1)). Why not the pattern: an alternation of every long spell name
    costs ~17 us a search; here only the names that begin as each word does are tried, in the
    pattern's order (longest first), with the same "s?" and word boundaries."""
    spells = _spell_names()
    if spells.by_start is None:
        m = spells.pattern.search(words)
        return (m.start(), m.group(1)) if m is not None else None
    for w in _WORD_START.finditer(words):
        at = w.start()
        for name in spells.by_start.get(words[at : at + 3], ()):
            if words.startswith(name, at):
                end = at + len(name)
                if (words.startswith("s", end) and bounded(words, end + 1)) or bounded(words, end):
                    return at, name
    return None


def _feat(raw: str, words: str, sheet: _Sheet) -> tuple[str, str, str] | None:
    """A feat of body or mind the words describe that no body or mind performs unaided: natural
    forces commanded, a mind bent or read, effects wrought by a touch, a word or a thought,
    seeing through stone, strength through stone and steel, outrunning horses. A sheet that
    can cast (in a world with magic) may; its spells are checked when named."""
    if sheet.can_cast and not sheet.magic_banned:
        return None
    toks = _FEAT_RE1.findall(words)
    for i, w in enumerate(toks[:-1]):
        if w in COMMANDING:
            # "call up a storm", "summon forth the tide": the verb's particle is no part of what is commanded
            rest = [t for t in toks[i + 1 : i + 5] if t not in ("the", "a", "an", "this", "that", "these", "those", "very", "raging", "angry", "wild", "rough", "howling", "stormy", "up", "down", "forth")]
            if rest and rest[0] in NATURAL_FORCES and not _spoken_of(" ".join(toks[:i])):
                if rest[0] not in GREAT_FORCES and not (MIND_MEANS.search(words) or TOUCH_MEANS.search(words)):
                    continue  # "call the wind" by a sailor's whistle is lore; "the river" by a word is not
                if w in ("call", "calls", "raise", "raises") and rest[0] in ("storm", "storms") and "alarm" in toks:
                    continue
                end = toks.index(rest[0], i + 1) + 1
                return "no_ability", " ".join(toks[i:end]), f"You can't {w} the {rest[0]}: nothing you have lets you."
    m = MIND_BENT.search(raw) or MIND_SEIZED.search(raw)
    if m is not None:
        return "no_ability", m.group(0), "You can't bend a mind: nothing you have lets you."
    m = MIND_MEANS.search(words)
    if m is not None and not _spoken_of(words[: m.start()]) and set(toks) & MOVED_BY_MIND and not _FEAT_RE2.search(words):
        return "no_ability", m.group(0), "You can't move things by thought: nothing you have lets you."
    m = TOUCH_MEANS.search(words)
    if m is not None and (any(t in WROUGHT_BY_TOUCH for t in _FEAT_RE3.findall(words[: m.start()])[-6:]) or WOUND_CLOSED.search(words[: m.start()])):
        return "no_ability", m.group(0), "A touch or a word does not do that: nothing you have lets you."
    m = IN_ONE_BOUND.search(words)
    if m is not None:
        return "physics", m.group(0), "You can't leap that far: nothing you have lets you."
    m = SEEING_THROUGH.search(words)
    if m is not None:
        return "physics", m.group(0), "You can't see through solid walls."
    m = STRENGTH_FEATS.search(words) or (None if _FEAT_RE4.search(words) else OUTDOING.search(words))
    if m is not None:
        return "physics", m.group(0), "No one is that strong or that fast."
    return None


def _power_signals(intent: Intent, scene: Scene, sheet: _Sheet, index: SceneIndex, after: str = "", before: str = "") -> list[Finding]:
    raw = _QUOTED.sub(" ", intent.words or "")
    words = raw.casefold()
    if not words.strip() or not _player_does(raw, index):
        return []
    # "I ask the wizard to send a fireball", "I tell her about galdr": someone else's, or words
    directing = _DIRECTING.search(words) is not None or (_first_verb(words) in _SPEAKING and intent.target_kind in ("npc", "party", "being"))
    c = max(intent.confidence or 0.0, 0.9) if intent.ambiguous else (intent.confidence or 1.0)
    evidence = f"class: {sheet.class_name or 'unknown'}; abilities: {sheet.abilities}"
    out: list[Finding] = []
    named = _spell_named(words)
    if named is not None and not directing and intent.method_kind != "spell" and not _spoken_of(words[: named[0]]):
        lead = _FEAT_RE3.findall(words[: named[0]])[-5:]
        if set(lead) & _SENDING or (lead and verb_base(lead[-1]) is not None and lead[-1] in _SENDING):
            name = named[1]
            f = _spell(replace(intent, action_type="cast", method=name, method_text=name, method_kind="spell"), sheet, c)
            if f is not None:
                out.append(f)
    m = _ELEMENT_MISSILE.search(words)
    if m is not None and not directing and intent.method_kind != "spell" and not _spoken_of(words[: m.start()]) and not _FROM_OWN.match(words[m.end() :]):
        # "hurl a roaring ball of flame at them": a missile of raw element is a spell by any name
        name = m.group("missile")
        f = _spell(replace(intent, action_type="cast", method=name, method_text=name, method_kind="spell"), sheet, c)
        if f is not None:
            out.append(f)
    m = CONJURED_EFFECTS.search(words)
    if m is not None and not directing and not _spoken_of(words[: m.start()]) and not _mentioned_here(head_word(norm_phrase(m.group(1))), scene):
        effect = m.group(1)
        granted = _POWER_SIGNALS_RE1.search(sheet.grants) is not None
        if not granted and not (sheet.can_cast and not sheet.magic_banned):
            out.append(_finding("no_ability", 0.9 * c, m.group(0), evidence, f"You can't make {_a(_bare(effect))}: nothing you have lets you."))
    folded = _ascii(words)
    for word in rule_magic_words(scene.world_rules):
        said = _ascii(word)
        at = word_at(folded, said, end_bound=False)  # "seidr" typed for "seiðr"
        if at < 0 or directing or _spoken_of(folded[:at]):
            continue
        rule = next((r.casefold() for r in scene.world_rules if word in r.casefold()), "")
        allowed = set(_POWER_SIGNALS_RE2.findall(rule.split(" can ")[0].split(" may ")[0]))
        if not (sheet.classes & {singular(w) for w in allowed}):
            out.append(_finding("no_ability", 0.9 * c, folded[at : _WORD_RUN.match(folded, at + len(said)).end()], evidence, f"Only those the setting names may work {word}; you are {_a(sheet.class_name or 'nobody')}."))
            break
    if not _NOT_DONE.search(words):
        out += _wonders(intent, words, scene, sheet, c, after, before)  # told by effect: "the gale carries me over the sound"
    feat = None if _POWER_SIGNALS_RE3.search(words) else _feat(raw, words, sheet)
    if feat is not None:
        kind, span, message = feat
        out.append(_finding(kind, 0.88 * c, span, evidence, message))
    m = ABSORBING.search(words)
    if m is not None and _HEALING_PURPOSE.search(words, m.end()):
        drawn = [w for w in _POWER_SIGNALS_RE4.findall(words[m.end() : m.end() + 40])[:5] if w in DRAWN_ENERGIES]
        if drawn and not (sheet.can_cast and not sheet.magic_banned) and not any(word_at(sheet.grants, d, end_bound=False) >= 0 for d in drawn):
            out.append(_finding("no_ability", 0.85 * c, m.group(0) + " " + drawn[0], evidence, f"You can't draw {drawn[0]} into yourself: nothing you have lets you."))
    return out
