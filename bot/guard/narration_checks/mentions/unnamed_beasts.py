"""A beast told without its name: "some large animal", "a pale eyeless thing ... its mouthparts
working", "a great grey back breaks the water".

The creature check grounds a creature by its word, and "animal" or "thing" names no kind, so
any creature of the scene seemed to ground them. But "some" says the narrator does not know which
beast it is (the scene's own would be named), a thing with an animal's parts is an animal, and a
back or fin breaking the water is whatever owns it. Each is only doubtful on its own (a warning):
the scene may mean its own creature in odd words.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.narration_checks.base import CheckContext, make_finding
from bot.guard.narration_checks.mentions.cues import _event

_VAGUE = frozenset({"thing", "things", "shape", "shapes", "something"})
_BEAST_LOOKS = frozenset("eyeless many-legged segmented chitinous scaled scaly furred furry "
                         "feathered clawed finned tentacled winged bristled hairy".split())
_OWN_PARTS = frozenset({"mouthparts", "legs", "feelers"}) | V.ANIMAL_PARTS | V.CREATURE_PARTS
# An animal's part rising out of water: the animal, unnamed.
_SURFACING = re.compile(
    r"\b(?:a|an) (?:[\w-]+ ){0,3}?(?:back|fin|fins|tail|flukes|hump|snout|dorsal) "
    r"(?:\w+ )?(?:breaks?|broke|breaches?|breached|cuts?|slices?|parts?|rises? (?:from|out of)|"
    r"rose (?:from|out of)) (?:the )?(?:water|surface|waves|swell|sea)\b")


def unnamed_beasts(ctx: CheckContext, listed: str) -> list[Finding]:
    """Warnings for beasts the narration brings in without naming their kind."""
    r = ctx.reading
    toks = r.tokens
    out: list[Finding] = []
    for p in r.phrases:
        if p.pronoun and toks[p.head].low != "something":
            continue
        head = toks[p.head]
        if not _event(r, p.head):
            continue
        lem = V.lemma(head.base)
        det = p.det
        if p.of_head is not None and V.lemma(toks[p.of_head].base) in V.CREATURE_GENERIC:
            # "the deep snuffling of some large animal": the beast inside the phrase
            of = next((k for k in range(p.head, p.of_head) if toks[k].low == "of"), None)
            if of is not None and toks[of + 1].low == "some":
                head, lem, det = toks[p.of_head], V.lemma(toks[p.of_head].base), "some"
        if det == "some" and lem in V.CREATURE_GENERIC and not head.cap:
            out.append(make_finding(
                ctx, "invented_creature", "warn", 0.55, p.start, p.end,
                f"creatures here: {listed}",
                f"'{p.text(r)}' is a beast the scene does not name (creatures here: {listed})."))
            continue
        if head.low not in _VAGUE or p.det not in ("a", "an", "some", ""):
            continue
        looks = any(toks[k].low in _BEAST_LOOKS for k in range(p.start, p.head))
        a, b = r.sentence_tokens[head.sent]
        owns = any(toks[k].low == "its" and k + 1 < b and toks[k + 1].low in _OWN_PARTS
                   for k in range(p.end, b))
        if looks or owns:
            out.append(make_finding(
                ctx, "invented_creature", "warn", 0.6, p.start, p.end,
                f"creatures here: {listed}",
                f"'{p.text(r)}' is an animal the scene does not have (creatures here: "
                f"{listed})."))
    if r.mentions(frozenset({"water", "surface", "waves", "swell", "sea"})):
        for m in _SURFACING.finditer(r.masked):
            i = r.token_at(m.start())
            if i < len(toks) and not toks[i].negated:
                out.append(make_finding(
                    ctx, "invented_creature", "warn", 0.55, i, r.token_at(m.end() - 1) + 1,
                    f"creatures here: {listed}",
                    f"'{m.group(0)}' is an animal the scene does not have (creatures here: "
                    f"{listed})."))
    return out
