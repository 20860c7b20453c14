"""Whether the one who works a marvel may: the setting's rule on magic, the caster's abilities, the
spell named.

Finding a marvel and faulting it are separate questions: the same glowing sword is right in a
paladin's hand and invented in a farmer's. A setting with no magic blocks it whoever works it; a
caster the scene does not have is left to the mention checks; a caster is held to the kinds their
abilities cover and the spells they know; a marvel nobody present could work is the surest
fault. Each message says what the scene allows, so that the repair can be told.
"""

from __future__ import annotations

import re

from bot.guard import vocabulary as V
from bot.guard.finding import Finding
from bot.guard.grounding import Holder
from bot.guard.narration_checks.abilities.kinds import (
    _ANY_MAGIC, _SENTINEL_KINDS, _covers, effect_kinds,
)
from bot.guard.narration_checks.base import Actor, CheckContext, finding_at, severity_for


def _clause_text(ctx: CheckContext, a: int, b: int) -> str:
    """The matched words and the rest of their clause, for telling what kind of magic it is."""
    text = ctx.reading.masked
    end = b
    while end < len(text) and end - b < 60 and text[end] not in ".;:!?":
        end += 1
    return text[a:end]


def _casting_own(ctx: CheckContext, holder: Holder) -> bool:
    """Is the player casting one of their own abilities this turn?"""
    words = " ".join(i.words or "" for i in ctx.intents).lower()
    return any(a.lower() in words for a in holder.abilities) or any(
        i.action_type == "cast" for i in ctx.intents)


def _spell_known(holder: Holder, spell: str) -> bool | None:
    """True/False when the holder's abilities say; None when they list no spells at all."""
    ws = {V.lemma(w) for w in re.findall(r"[a-z]+", spell.lower())} - V.ARTICLES - {"spell", "of"}
    if not ws:
        return True
    spells = [a for a in holder.abilities]
    if not spells:
        return None
    for a in spells:
        aw = {V.lemma(w) for w in re.findall(r"[a-z]+", a.lower())}
        if ws & aw and (ws <= aw or aw <= ws or len(ws & aw) >= 1):
            return True
    return False


def _judge(ctx: CheckContext, a: int, b: int, actor: Actor, what: str,
           spell: str | None) -> list[Finding]:
    g = ctx.grounding
    out: list[Finding] = []
    span_a = a + (len(what) - len(what.lstrip()))
    if g.rules.magic_forbidden:
        out.append(finding_at(
            ctx, "world_rule", "block", 0.9, span_a, b, "the setting has no magic",
            f"'{ctx.text[span_a:b]}' is magic, and this setting has none."))
    holder = actor.holder if actor.kind == "holder" else None
    if actor.kind == "person":
        return out  # an absent caster: the mention checks report the person
    if spell in _SENTINEL_KINDS:
        kinds = _SENTINEL_KINDS[spell]
        spell = None
    else:
        kinds = frozenset() if spell is _ANY_MAGIC else effect_kinds(_clause_text(ctx, a, b))
    if spell is _ANY_MAGIC:
        spell = None  # a wand sparking, a staff glowing: any caster's tell
    if holder is None:
        anyone = g.casters_present
        if anyone and (not kinds or any(_covers(h, kinds, g) for h in anyone)):
            return out
        if g.player.magic and _casting_own(ctx, g.player):
            return out  # the player casts this turn: magic no one else works is theirs
        conf = 0.7
        who = "no one here"
    else:
        who = holder.label
        if holder.magic:
            if spell is not None:
                known = _spell_known(holder, spell)
                if known is False and not re.match(r"(?:a |an )?spells?\b", spell):
                    conf = 0.75
                    out.append(finding_at(
                        ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                        f"{who} can cast: {', '.join(holder.abilities) or 'nothing listed'}",
                        f"{who.capitalize()} does not know '{spell}'; "
                        f"{'you know' if holder.kind == 'player' else who + ' knows'}: "
                        f"{', '.join(holder.abilities)}."))
                return out
            if not kinds or _covers(holder, kinds, g):
                return out
            # a caster, but of other things: the nun who blesses does not raise walls of fire
            conf = 0.5 if holder.kind == "player" and _casting_own(ctx, holder) else 0.75
            abilities = ", ".join(holder.abilities) or "nothing listed"
            out.append(finding_at(
                ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                f"{who} can: {abilities}",
                f"{who.capitalize()} cannot do '{ctx.text[span_a:b].strip()}' "
                f"({', '.join(sorted(kinds))}); "
                f"{'your' if holder.kind == 'player' else who + chr(39) + 's'} powers are: "
                f"{abilities}."))
            return out
        conf = 0.9
    if holder is not None:
        cls = holder.char_class or ("an NPC" if holder.kind == "npc" else "")
        has = "have" if holder.kind == "player" else "has"  # "you (warrior) have", not "has"
        evidence = (f"{who} ({cls}) {has}: {', '.join(holder.abilities) or 'no abilities'}"
                    if holder.kind != "npc" else
                    f"{who} has: {', '.join(holder.abilities) or 'no abilities'}")
    else:
        evidence = "no one present can work magic"
    casters = ", ".join(sorted(g.casters)) if g.casters else "no one"
    message = (f"{who.capitalize()} cannot do '{ctx.text[span_a:b].strip()}': {evidence}; "
               f"only {casters} may cast spells here.")
    out.append(finding_at(ctx, "impossible_ability", severity_for(conf), conf, span_a, b,
                          evidence, message))
    return out
