"""Things the setting excludes: a pistol in medieval fantasy, a smartphone in 1997, a spell in a
world without magic.

The words come from ``bot.guard.setting_rules`` (the scene's forbidden list, its prose rules and
its genre); anything the scene itself contains is allowed. A forbidden word inside an NPC's
quoted speech is reported for information only: the dialogue guard judges speech.
"""

from __future__ import annotations

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.lexicon import wordclass as W
from bot.guard.setting_rules import gun_word
from bot.guard.vocabulary import lemma
from bot.guard.narration_checks.base import CheckContext, finding_at, make_finding
from bot.guard.prose import Reading, Token


def _unsayable(why: str) -> bool:
    """Is this a thing nobody here could even speak of (a train in 1805, a smartphone in 1997)?
    Magic and forbidden deeds may be told of in stories and rumours; inventions not yet made
    cannot be, whoever's words they are."""
    return why.startswith("technology from after") or why == "modern technology"


_DENIALS = frozenset({"no", "not", "never", "without", "nor", "none", "nothing", "neither"})


def _skipped(r: Reading, t: Token, why: str) -> bool:
    """Words that do not put the thing in the world: denied, or (for what may be told of)
    inside a story, a rumour or a hypothetical. An invention not yet made is out of place even
    in "if it runs late he'll miss the last train", so only a real denial spares it."""
    if not _unsayable(why):
        return t.negated or (t.muted and not t.quoted)
    if not t.negated:
        return False
    i = r.token_at(t.start)
    a, _ = r.sentence_tokens[t.sent]
    return any(r.tokens[k].low in _DENIALS or r.tokens[k].low.endswith("n't")
               for k in range(max(a, i - 6), i))


_OBJECT_OPENERS = frozenset("a an the his her its their your my our this that these those "
                            "out".split())
_SUBJECTS = frozenset({"he", "she", "it", "they", "who", "which"})


def _as_verb(r: Reading, i: int) -> bool:
    """"neon spells the ballroom's name", "he guns the engine": a banned noun in -s right after
    its subject and before its object is a verb of another sense, not the thing banned."""
    t = r.tokens[i]
    if not t.low.endswith("s") or i == 0 or i + 1 >= len(r.tokens):
        return False
    before, nxt = r.tokens[i - 1], r.tokens[i + 1]
    if nxt.low not in _OBJECT_OPENERS or before.kind != "word":
        return False
    return before.low in _SUBJECTS or (W.is_known_noun(before.base) and
                                        before.low not in V.DETERMINERS)


class WorldRuleCheck:
    name = "world_rules"

    def validate(self, narration: str, ctx: CheckContext) -> list[Finding]:
        r = ctx.reading
        rules = ctx.grounding.rules
        if not rules.forbidden and not rules.phrases and not rules.uses:
            return []
        out: list[Finding] = []
        covered: list[tuple[int, int]] = []
        lowered = r.text.lower().replace("’", "'")
        for m in (rules.phrase_pattern.finditer(lowered) if rules.phrase_pattern else ()):
            why = rules.phrases.get(m.group(0), "")
            if True:
                tok = r.token_from(m.start())
                if tok is None or _skipped(r, tok, why):
                    continue
                covered.append((m.start(), m.end()))
                out.append(self._finding(ctx, m.start(), m.end(), why, tok.quoted))
        for pattern, why in rules.uses:
            for m in pattern.finditer(lowered):
                tok = r.token_from(m.start())
                if tok is None or _skipped(r, tok, why):
                    continue
                if any(a < m.end() and m.start() < b for a, b in covered):
                    continue
                covered.append((m.start(), m.end()))
                out.append(self._finding(ctx, m.start(), m.end(), why, tok.quoted))
        banned = rules.forbidden
        for i, t in enumerate(r.tokens):
            if t.kind != "word":
                continue
            word = t.base
            if word not in banned and "-" in word:
                # "a chloroform-soaked pad": the thing inside a compound
                word = next((w for w in word.split("-") if w in banned), word)
            if word not in banned and not (word.endswith("s") and
                                           lemma(word) in banned) and \
                    not ("gun" in banned and gun_word(word)):
                continue
            why = rules.why(word)
            if why is None or _skipped(r, t, why) or _as_verb(r, i):
                continue
            if any(a <= t.start < b for a, b in covered):
                continue
            out.append(self._finding(ctx, t.start, t.end, why, t.quoted, i))
        return out

    @staticmethod
    def _finding(ctx: CheckContext, a: int, b: int, why: str, quoted: bool,
                 tok: int | None = None) -> Finding:
        rules = ctx.grounding.rules
        explicit = why in rules.explicit or why.startswith("technology from after") or \
            why == "forbidden by the setting"
        text = ctx.reading.text[a:b]
        setting = ctx.grounding.scene.setting or "this setting"
        if quoted and why == "magic":
            # people may talk of magic where there is none; they cannot talk of things not yet
            # invented
            return finding_at(ctx, "world_rule", "info", 0.4, a, b, f"{setting}: no {why}",
                              f"An NPC mentions '{text}', which {setting} does not have ({why}).")
        if quoted:
            return finding_at(ctx, "world_rule", "block", 0.75, a, b, f"{setting}: no {why}",
                              f"An NPC mentions '{text}', which {setting} does not have ({why}): "
                              f"it does not exist in this setting.")
        conf = 0.9 if explicit else 0.75
        message = f"'{text}' does not exist in {setting} ({why})."
        if tok is not None:
            return make_finding(ctx, "world_rule", "block", conf, tok, tok + 1,
                                f"{setting}: no {why}", message)
        return finding_at(ctx, "world_rule", "block", conf, a, b, f"{setting}: no {why}", message)
