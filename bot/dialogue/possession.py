"""What a person's man did is not what the person did.

"Councilman Hale's driver keeps a gun under his coat" and "Hale carries a gun under his coat"
share every word of weight but one: the document's subject is the driver, whom the possessive
only ties to Hale. A claim that keeps the possessor, drops the person it owned ("driver",
"brother", "clerk"), and says what the document said of that person, hands the deed to the
wrong one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from bot.dialogue.words import raw_tokens, stem
from bot.guard.lexicon.wordclass import is_person

_POSSESSED = re.compile(r"\b([A-Z][\w-]+)'s\s+(?:(?:own|new|old|young|elder|younger|eldest|youngest)\s+)?([a-z]+)"
                        r"(?:\s+(\w+))?")
# a person who only passes word on ("Donna Summer's manager confirms an appearance"): what the
# message says is its subject's, not the messenger's
_MESSAGING = frozenset("""say says said confirm confirms confirmed write writes wrote report reports reported tell
    tells told announce announces announced deny denies denied claim claims claimed ask asks asked inform informs
    informed writes warn warns warned promise promises promised""".split())


@lru_cache(maxsize=2048)
def _owned_people(premise: str) -> tuple[tuple[str, str], ...]:
    """Each (possessor, person) of the premise: ("hale", "driver") of "Hale's driver"."""
    out = []
    for m in _POSSESSED.finditer(premise.replace("\u2019", "'")):
        person = m.group(2)
        if is_person(person) and (m.group(3) or "").lower() not in _MESSAGING:
            out.append((stem(m.group(1).lower()), stem(person)))
    return tuple(out)


def handed_to_owner(premise: str, claim: str) -> str:
    """The possessive of ``premise`` ("hale's driver") whose person ``claim`` drops while
    keeping the possessor, when no other person of the claim could be the one meant; or ""."""
    owned = _owned_people(premise)
    if not owned:
        return ""
    if "'s" in claim or "\u2019s" in claim:
        return ""  # the claim keeps a possessive of its own: it may well say "Hale's driver" another way
    tokens = raw_tokens(claim)  # (curly quotes straightened)
    said = {stem(t) for t in tokens}
    for owner, person in owned:
        if owner not in said or person in said:
            continue
        # another person of the claim may be the one meant ("the driver who works for Hale"),
        # though not the owner's own title ("Councilman Hale")
        titles = {tokens[k - 1] for k, t in enumerate(tokens) if k and stem(t) == owner}
        if not any(is_person(t) and t not in titles for t in tokens):
            return f"{owner}'s {person}"
    return ""
