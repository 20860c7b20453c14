"""Embed builders shared by the cogs: character sheets, campaign status, findings and statistics.

They take engine records and return ``discord.Embed`` values, never send anything, and keep every
piece inside Discord's limits, so the cogs stay a few lines per command and these can be tested
without a connection. Text that came from a player or a model (names, offending spans) is shown in
code blocks or escaped, so it reads as what it is and cannot format or mention anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timezone

import discord

from bot.store.base import CampaignRecord, GuardStats, ViolationRecord
from bot.world.campaign import Campaign
from bot.world.state import CharacterState
from cogs.limits import (
    EMBED_DESCRIPTION_CHARS,
    EMBED_FIELDS,
    EMBED_TITLE_CHARS,
    EMBED_TOTAL_CHARS,
    EMBEDS_PER_MESSAGE,
    FIELD_NAME_CHARS,
    FIELD_VALUE_CHARS,
    truncate,
)

NARRATION_COLOUR = discord.Colour.dark_teal()
BLOCKED_COLOUR = discord.Colour.orange()
GM_COLOUR = discord.Colour.blurple()
SEVERITY_COLOURS = {
    "block": discord.Colour.red(),
    "warn": discord.Colour.gold(),
    "info": discord.Colour.light_grey(),
}

# What the pipeline did about a finding, as a moderator reads it.
ACTIONS = {
    "retried": "Retried with the finding as feedback",
    "corrected": "Corrected in place",
    "stripped": "Offending sentences removed",
    "fallback": "Replaced by the template narration",
    "blocked": "Action refused before narration",
    "rejected": "Proposed change rejected",
    "allowed": "Allowed with a warning",
}

HP_BAR_WIDTH = 10


def plain(text: str) -> str:
    """Player- or model-written text shown as itself: no markdown, no mention."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def code_block(text: str, limit: int) -> str:
    """``text`` verbatim in a code block of at most ``limit`` characters in all."""
    body = text.replace("```", "`\u200b``")
    return f"```\n{truncate(body, limit - 8)}\n```"


def humanize(name: str) -> str:
    """``invented_item`` -> ``Invented item``."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def hp_bar(hp: int, max_hp: int, width: int = HP_BAR_WIDTH) -> str:
    """``███████░░░ 21/30``: full blocks for HP left; a living character shows at least one."""
    max_hp = max(max_hp, 1)
    hp = max(0, min(hp, max_hp))
    filled = round(width * hp / max_hp)
    if hp > 0:
        filled = max(filled, 1)
    return "█" * filled + "░" * (width - filled) + f" {hp}/{max_hp}"


def counted(items: Iterable[str]) -> list[tuple[str, int]]:
    """Each distinct item (ignoring case) in the order first held, with how many there are."""
    counts: dict[str, list] = {}
    for item in items:
        counts.setdefault(item.casefold(), [item, 0])[1] += 1
    return [(name, count) for name, count in counts.values()]


def listing(items: Sequence[str], empty: str = "—") -> str:
    """Lines of a field value, cut with a count of what did not fit."""
    if not items:
        return empty
    lines: list[str] = []
    used = 0
    for i, item in enumerate(items):
        line = f"• {item}"
        if used + len(line) + 1 > FIELD_VALUE_CHARS - 20:
            lines.append(f"… and {len(items) - i} more")
            break
        lines.append(line)
        used += len(line) + 1
    return "\n".join(lines)


def _timestamp(seconds: float) -> datetime | None:
    return datetime.fromtimestamp(seconds, tz=timezone.utc) if seconds else None


# ---- characters -------------------------------------------------------------------------------
def sheet_embed(character: CharacterState, campaign: Campaign) -> discord.Embed:
    title = f"{character.name} — {character.char_class}"
    embed = discord.Embed(title=truncate(plain(title), EMBED_TITLE_CHARS), colour=NARRATION_COLOUR)
    cls = campaign.character_class(character.char_class)
    if cls is not None and cls.description:
        embed.description = truncate(cls.description, EMBED_DESCRIPTION_CHARS)
    hp = hp_bar(character.hp, character.max_hp)
    if character.down:
        hp += "\n**Down**: cannot act until healed."
    embed.add_field(name="HP", value=hp, inline=False)
    embed.add_field(name="AC", value=str(character.ac))
    embed.add_field(name="Attack", value=f"{character.attack_bonus:+d}")
    embed.add_field(name="Gold", value=str(character.gold))
    embed.add_field(name="Abilities", value=listing(character.abilities), inline=False)
    embed.add_field(name="Spells", value=listing(character.spells), inline=False)
    embed.add_field(name="Location", value=plain(character.location), inline=False)
    return embed


def _item_note(name: str, campaign: Campaign) -> str:
    item = campaign.item(name)
    if item is None:
        return ""
    notes = [item.kind] if item.kind and item.kind != "gear" else []
    if item.damage:
        notes.append(f"damage {item.damage}")
    if item.heals:
        notes.append(f"heals {item.heals}")
    if item.light:
        notes.append("light")
    return f" ({', '.join(notes)})" if notes else ""


def inventory_embed(character: CharacterState, campaign: Campaign) -> discord.Embed:
    embed = discord.Embed(title=truncate(plain(f"{character.name}'s inventory"), EMBED_TITLE_CHARS),
                          colour=NARRATION_COLOUR)
    lines = [
        plain(name) + (f" ×{count}" if count > 1 else "") + _item_note(name, campaign)
        for name, count in counted(character.inventory)
    ]
    embed.add_field(name="Carrying", value=listing(lines, empty="Nothing."), inline=False)
    embed.add_field(name="Gold", value=str(character.gold))
    return embed


def location_embed(description: str) -> discord.Embed:
    """``describe_location``'s text: its first line (the place) as the title."""
    title, _, rest = description.partition("\n")
    return discord.Embed(
        title=truncate(title, EMBED_TITLE_CHARS),
        description=truncate(rest, EMBED_DESCRIPTION_CHARS) or None,
        colour=NARRATION_COLOUR,
    )


def joined_embed(character: CharacterState) -> discord.Embed:
    embed = discord.Embed(
        title=truncate(plain(f"{character.name} the {character.char_class} joins the party"), EMBED_TITLE_CHARS),
        description=f"They stand in {plain(character.location)}. Type what {plain(character.name)} does.",
        colour=NARRATION_COLOUR,
    )
    embed.add_field(name="HP", value=hp_bar(character.hp, character.max_hp))
    embed.add_field(name="AC", value=str(character.ac))
    embed.add_field(name="Gold", value=str(character.gold))
    return embed


def blocked_embed(narration: str) -> discord.Embed:
    """A refused action: the refusal reads in-world, the reason is in its last sentence."""
    return discord.Embed(description=truncate(narration, EMBED_DESCRIPTION_CHARS), colour=BLOCKED_COLOUR)


# ---- campaign ---------------------------------------------------------------------------------
def campaign_started_embed(campaign: Campaign, record: CampaignRecord, replaced: str | None) -> discord.Embed:
    embed = discord.Embed(
        title=truncate(campaign.title or campaign.name, EMBED_TITLE_CHARS),
        description=truncate(campaign.intro or campaign.setting, EMBED_DESCRIPTION_CHARS),
        colour=GM_COLOUR,
    )
    classes = ", ".join(c.name for c in campaign.classes)
    embed.add_field(name="How to play", value=truncate(
        f"Use `/join` with a name and a class ({classes}), then type what your character does. "
        "Start a message with `((` or `//` to talk out of character.", FIELD_VALUE_CHARS), inline=False)
    embed.add_field(name="GM role", value=f"<@&{record.gm_role_id}>" if record.gm_role_id else "none (Manage Channels)")
    if replaced:
        embed.set_footer(text=f"The previous campaign here ({replaced}) has ended.")
    return embed


def status_embed(
    campaign: Campaign,
    record: CampaignRecord,
    characters: Sequence[CharacterState],
    model: str,
    model_source: str,
    profile: str,
) -> discord.Embed:
    embed = discord.Embed(title=truncate(campaign.title or campaign.name, EMBED_TITLE_CHARS), colour=GM_COLOUR)
    embed.add_field(name="Campaign", value=f"`{campaign.name}`")
    embed.add_field(name="Model", value=f"`{model}` ({model_source})")
    embed.add_field(name="Guard profile", value=f"`{profile}`")
    embed.add_field(name="GM role", value=f"<@&{record.gm_role_id}>" if record.gm_role_id else "none")
    embed.add_field(name="State version", value=str(record.version))
    if record.created_at:
        embed.add_field(name="Started", value=f"<t:{int(record.created_at)}:R>")
    lines = [
        f"**{plain(c.name)}** ({c.char_class}) HP {c.hp}/{c.max_hp}, {plain(c.location)} — <@{c.player_id}>"
        for c in characters
    ]
    embed.add_field(name=f"Characters ({len(lines)})", value=listing(lines, empty="Nobody has joined yet."), inline=False)
    return embed


def gm_change_embed(text: str) -> discord.Embed:
    return discord.Embed(description=truncate(text, EMBED_DESCRIPTION_CHARS), colour=GM_COLOUR)


def guard_config_embed(model: str, shown: str) -> discord.Embed:
    embed = discord.Embed(title=truncate(f"Model for this channel: {model}", EMBED_TITLE_CHARS), colour=GM_COLOUR)
    embed.description = code_block(shown, EMBED_DESCRIPTION_CHARS)
    return embed


# ---- moderation -------------------------------------------------------------------------------
def _numbers(values: Sequence[int]) -> str:
    """``[1, 2, 3]`` -> ``1–3``; ``[4]`` -> ``4``."""
    low, high = min(values), max(values)
    return str(low) if low == high else f"{low}–{high}"


def _what_was_done(records: Sequence[ViolationRecord]) -> str:
    """``retried (attempts 1–3), then stripped (attempt 4)``."""
    steps: list[tuple[str, list[int]]] = []
    for r in records:
        if steps and steps[-1][0] == r.action:
            steps[-1][1].append(r.attempt)
        else:
            steps.append((r.action, [r.attempt]))
    return ", then ".join(
        f"{action} (attempt{'s' if len(set(attempts)) > 1 else ''} {_numbers(attempts)})" for action, attempts in steps
    )


def violation_embed(records: Sequence[ViolationRecord]) -> discord.Embed:
    """One finding as the moderators see it: the same finding met on several attempts of one turn
    (retried, retried, then stripped) is one embed that tells the whole story."""
    first, last = records[0], records[-1]
    action = ACTIONS.get(last.action, last.action)
    embed = discord.Embed(
        title=truncate(f"{humanize(first.kind)} — {action}", EMBED_TITLE_CHARS),
        description=code_block(first.span or "(no text)", 700) + "\n" + truncate(plain(last.message), 600),
        colour=SEVERITY_COLOURS.get(last.severity, discord.Colour.light_grey()),
        timestamp=_timestamp(first.created_at),
    )
    embed.add_field(name="Channel", value=f"<#{first.channel_id}>")
    embed.add_field(name="Player", value=f"<@{first.player_id}>")
    embed.add_field(name="Model", value=truncate(f"`{first.model or '?'}`", FIELD_VALUE_CHARS))
    embed.add_field(name="Layer", value=first.layer or "?")
    embed.add_field(name="Kind", value=f"`{first.kind}`")
    embed.add_field(name="Severity", value=last.severity)
    embed.add_field(name="Confidence", value=f"{max(r.confidence for r in records):.2f}")
    embed.add_field(name="Attempts", value=_numbers([r.attempt for r in records]))
    embed.add_field(name="What was done", value=truncate(_what_was_done(records), FIELD_VALUE_CHARS), inline=False)
    if last.evidence:
        embed.add_field(name="The scene says", value=truncate(plain(last.evidence), 300), inline=False)
    ids = [r.id for r in records if r.id is not None]
    if ids:
        embed.set_footer(text=f"Finding #{ids[0]}" if len(ids) == 1 else f"Findings #{min(ids)}–#{max(ids)}")
    return embed


def same_finding_groups(records: Sequence[ViolationRecord]) -> list[list[ViolationRecord]]:
    """Records of one finding met again on a turn's later attempts, together, in first-seen order;
    a record of no turn stands alone."""
    groups: dict[tuple, list[ViolationRecord]] = {}
    for r in records:
        key = (r.turn_id, r.layer, r.kind, r.span) if r.turn_id is not None else ("record", id(r))
        groups.setdefault(key, []).append(r)
    return list(groups.values())


def overflow_note(count: int) -> str:
    return f"+{count} more finding{'s' if count != 1 else ''} in this burst; see `/violations` for all of them."


def pack_embeds(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages: at most 10 and 6000 characters of embed text per message."""
    messages: list[list[discord.Embed]] = []
    current: list[discord.Embed] = []
    size = 0
    for embed in embeds:
        length = len(embed)
        if current and (len(current) == EMBEDS_PER_MESSAGE or size + length > EMBED_TOTAL_CHARS):
            messages.append(current)
            current, size = [], 0
        current.append(embed)
        size += length
    if current:
        messages.append(current)
    return messages


def violations_page_embed(
    records: Sequence[ViolationRecord], start: int, total: int, filters: str
) -> discord.Embed:
    """One page of ``/violations``: a field per finding, newest first."""
    if not records:
        return discord.Embed(title="Violations", description=f"No findings recorded{filters}.",
                             colour=GM_COLOUR)
    embed = discord.Embed(
        title=f"Violations {start + 1}–{start + len(records)} of {total}{filters}"[:EMBED_TITLE_CHARS],
        colour=GM_COLOUR,
    )
    for v in records[:EMBED_FIELDS]:
        name = f"#{v.id} {humanize(v.kind)} · {v.action} · {v.severity}"
        when = f" · <t:{int(v.created_at)}:R>" if v.created_at else ""
        value = (
            f"<#{v.channel_id}> · <@{v.player_id}> · `{v.model or '?'}` · {v.layer} · "
            f"conf {v.confidence:.2f} · attempt {v.attempt}{when}\n"
            + code_block(v.span or "(no text)", 300) + "\n"
            + truncate(plain(v.message), 300)
        )
        embed.add_field(name=truncate(name, FIELD_NAME_CHARS), value=truncate(value, FIELD_VALUE_CHARS), inline=False)
    return embed


def _rate(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "—"


def stats_embed(stats: GuardStats) -> discord.Embed:
    embed = discord.Embed(title=f"Guard statistics, last {stats.days} day{'s' if stats.days != 1 else ''}",
                          colour=GM_COLOUR)
    if not stats.turns:
        embed.description = "No turns were played in this period."
        return embed
    embed.description = (
        f"**Turns:** {stats.turns}\n"
        f"**Raw finding rate:** {_rate(stats.turns_with_findings, stats.turns)} "
        f"({stats.turns_with_findings} turns where the model or the player produced something the guard caught)\n"
        f"**Shipped clean:** {_rate(stats.shipped_clean, stats.turns)} ({stats.shipped_clean} turns)\n"
        f"**Retries:** {stats.retries} · **Fallbacks:** {stats.fallbacks} · "
        f"**Blocked actions:** {stats.blocked_actions}"
    )
    for model, figures in sorted(stats.per_model.items(), key=lambda kv: -kv[1].get("turns", 0))[:EMBED_FIELDS - 2]:
        value = " · ".join(f"{humanize(key).lower()} {count}" for key, count in figures.items())
        embed.add_field(name=truncate(model, FIELD_NAME_CHARS), value=truncate(value or "—", FIELD_VALUE_CHARS))
    kinds = [f"`{kind}` {count}" for kind, count in sorted(stats.per_kind.items(), key=lambda kv: -kv[1])]
    embed.add_field(name="Findings by kind", value=listing(kinds, empty="none"), inline=False)
    return embed
