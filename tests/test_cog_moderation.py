"""Moderation: the findings channel, its batching, /violations paging and /guard stats."""

from __future__ import annotations

import discord
from discord.ext.test.backend import FakeRequest

from bot.store.base import ViolationRecord
from discord_harness import Harness, make_harness, until  # noqa: F401  (fixture)
from fakes.llm_servers import FakeLLMServer, json_reply

HALLUCINATION = "Greta slides a laser pistol across the bar while a dragon lands on the hearth. @everyone cheers."


def field(embed: discord.Embed, name: str) -> str:
    (value,) = [f.value for f in embed.fields if f.name == name]
    return value


async def moderated(make_harness, **settings) -> Harness:
    """Mod has Manage Server; #modlog receives findings; Alice plays Aldric in #tavern."""
    h = await make_harness(**settings)
    await h.role("Moderators", members=["Mod"], manage_guild=True)
    await h.table(Alice=("Aldric", "warrior"))
    await h.slash("modlog", "Mod", channel=h.channels["modlog"])
    h.take()
    return h


def finding(h: Harness, i: int, **overrides) -> ViolationRecord:
    values = dict(
        guild_id=str(h.guild.id), channel_id=str(h.channels["tavern"].id), player_id=h.pid("Alice"),
        model="fake-model", layer="post", kind="invented_item", severity="block", confidence=0.97,
        span=f"a laser pistol number {i}", evidence="Greta carries: cellar key, rag",
        message="'laser pistol' is not in the scene", action="retried", attempt=1,
    )
    values.update(overrides)
    return ViolationRecord(**values)


async def test_only_members_with_manage_server_can_use_moderation_commands(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    for path, options in (("modlog", {"channel": h.channels["modlog"]}), ("violations", {}), ("guard stats", {})):
        refused = await h.slash(path, "Alice", **options)
        assert refused.ephemeral
        assert refused.embed.description == "You are missing Manage Server permission(s) to run this command."
    assert await h.bot.store.get_modlog(str(h.guild.id)) is None
    for command in ("modlog", "violations", "guard"):
        assert h.bot.tree.get_command(command).default_permissions == discord.Permissions(manage_guild=True)


async def test_modlog_sets_and_clears_the_findings_channel(make_harness):
    h = await make_harness()
    await h.role("Moderators", members=["Mod"], manage_guild=True)
    sent = await h.slash("modlog", "Mod", channel=h.channels["modlog"])
    assert sent.ephemeral and f"<#{h.channels['modlog'].id}>" in sent.content
    assert await h.bot.store.get_modlog(str(h.guild.id)) == str(h.channels["modlog"].id)
    off = await h.slash("modlog", "Mod")
    assert off.ephemeral and "no longer be posted" in off.content
    assert await h.bot.store.get_modlog(str(h.guild.id)) is None


async def test_a_hallucinating_model_is_caught_and_reported_in_the_mod_channel(make_harness):
    with FakeLLMServer("openai") as server:
        server.always(HALLUCINATION)
        h = await moderated(make_harness, llm="openai", model="fake-model", openai_base_url=server.base_url,
                            openai_api_key="test-key", llm_retries=0, llm_timeout=5.0)
        await h.say("Alice", "tavern", "I ask Greta for an ale.")
        (reply,) = h.take()
        assert server.count >= 2  # the guard asked again before giving up on the model
    for banned in ("laser", "pistol", "dragon"):
        assert banned not in reply.content.lower()
    assert reply.allowed_mentions == {"parse": [], "replied_user": False}

    stored = await h.bot.store.unposted_violations()
    assert {v.action for v in stored} >= {"retried"}
    distinct = {(v.kind, v.span) for v in stored}
    posted = await h.bot.get_cog("Moderation").post_pending()
    messages = h.take()
    # One embed per finding: the same hallucination repeated on every retry is told once.
    assert posted == len(distinct) == sum(len(m.embeds) for m in messages)
    assert all(m.channel_id == h.channels["modlog"].id for m in messages)
    assert all(m.allowed_mentions == {"parse": []} for m in messages)
    embed = messages[0].embeds[0]
    first = stored[0]
    assert field(embed, "Channel") == f"<#{h.channels['tavern'].id}>"
    assert field(embed, "Player") == f"<@{h.pid('Alice')}>"
    assert field(embed, "Model") == "`fake-model`"
    assert (field(embed, "Layer"), field(embed, "Kind")) == (first.layer, f"`{first.kind}`")
    assert field(embed, "Severity") == "block"
    assert float(field(embed, "Confidence")) == round(first.confidence, 2)
    # The first answer ignored the structured format (prose where JSON was asked) and carried no
    # finding; from the second on, every attempt hallucinated.
    lo = min(v.attempt for v in stored)
    assert lo in (1, 2)
    assert field(embed, "Attempts") == f"{lo}–{server.count}"
    assert field(embed, "What was done").startswith(f"retried (attempts {lo}–{server.count - 1}), then ")
    assert first.span in embed.description  # the offending text, for the moderators

    assert await h.bot.store.unposted_violations() == []
    assert await h.bot.get_cog("Moderation").post_pending() == 0


async def test_a_burst_of_findings_is_batched_and_summarised(make_harness):
    h = await moderated(make_harness)
    long_span = "word " * 400
    await h.bot.store.record_violations([finding(h, i, span=long_span if i % 2 else f"item {i}") for i in range(35)])
    posted = await h.bot.get_cog("Moderation").post_pending()
    messages = h.take()
    assert posted == 10
    assert sum(len(m.embeds) for m in messages) == 10
    assert all(len(m.embeds) <= 10 and sum(len(e) for e in m.embeds) <= 6000 for m in messages)
    assert messages[-1].content.startswith("+25 more findings")
    assert all(len(e.description) <= 4096 for m in messages for e in m.embeds)
    assert await h.bot.store.unposted_violations() == []


async def test_findings_of_a_guild_without_a_mod_channel_are_not_posted_anywhere(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    await h.bot.store.record_violations([finding(h, 1)])
    assert await h.bot.get_cog("Moderation").post_pending() == 0
    assert h.sent == []
    assert await h.bot.store.unposted_violations() == []
    assert len(await h.bot.store.recent_violations(str(h.guild.id))) == 1  # /violations still has it


async def test_a_failed_post_is_retried_next_round_and_a_forbidden_channel_is_given_up(make_harness, monkeypatch):
    h = await moderated(make_harness)
    moderation = h.bot.get_cog("Moderation")
    real_send = discord.TextChannel.send
    failures: list[Exception] = []

    async def flaky_send(self, *args, **kwargs):
        if failures:
            raise failures.pop()
        return await real_send(self, *args, **kwargs)

    monkeypatch.setattr(discord.TextChannel, "send", flaky_send)
    await h.bot.store.record_violations([finding(h, 1)])
    failures.append(discord.HTTPException(FakeRequest(503, "Service Unavailable"), "try again later"))
    assert await moderation.post_pending() == 0
    assert len(await h.bot.store.unposted_violations()) == 1  # kept for the next round
    assert await moderation.post_pending() == 1
    assert await h.bot.store.unposted_violations() == []

    await h.bot.store.record_violations([finding(h, 2)])
    failures.append(discord.Forbidden(FakeRequest(403, "Forbidden"), "Missing Access"))
    assert await moderation.post_pending() == 0
    assert await h.bot.store.unposted_violations() == []  # not retried forever


async def test_a_turn_with_findings_wakes_the_poster(make_harness):
    h = await moderated(make_harness)
    moderation = h.bot.get_cog("Moderation")
    moderation.poll_seconds = 3600.0  # only the turn's nudge can start a round
    moderation.min_gap_seconds = 0.0
    moderation.start_posting()
    await h.bot.store.record_violations([finding(h, 1)])
    h.bot.dispatch("loreguard_violations", [finding(h, 1)])
    await until(lambda: moderation.rounds >= 1)
    (message,) = h.take()
    assert message.channel_id == h.channels["modlog"].id and len(message.embeds) == 1


async def test_violations_are_listed_in_pages_for_the_moderator_who_asked(make_harness):
    h = await moderated(make_harness)
    await h.bot.store.record_violations(
        [finding(h, i, kind="absent_npc" if i % 3 == 0 else "invented_item") for i in range(12)])

    first = await h.slash("violations", "Mod")
    assert first.ephemeral
    assert first.embed.title == "Violations 1–5 of 12"
    assert len(first.embed.fields) == 5
    buttons = [c for row in first.components for c in row["components"]]
    assert [(b["label"], b.get("disabled", False)) for b in buttons] == [("Previous", True), ("Next", False)]

    second = await h.click(first, "Next", "Mod")
    assert second.kind == "update" and second.embed.title == "Violations 6–10 of 12"
    third = await h.click(first, "Next", "Mod")
    assert third.embed.title == "Violations 11–12 of 12"

    stranger = await h.click(first, "Previous", "Alice")
    assert stranger.kind == "response" and stranger.ephemeral
    assert "belong to whoever ran /violations" in stranger.content

    only = await h.slash("violations", "Mod", kind="absent_npc", limit=10)
    assert only.embed.title == "Violations 1–4 of 4, kind absent_npc"
    assert only.components == []
    kinds = await h.choices("violations", "Mod", "kind", kind="abs")
    assert [c["value"] for c in kinds] == ["absent_npc"]


async def test_guard_stats_show_rates_per_model_and_kind(make_harness):
    with FakeLLMServer("openai") as server:
        # A model that follows the structured format and hallucinates once, then answers cleanly.
        server.push(json_reply({"narration": HALLUCINATION, "proposals": []}))
        server.always(json_reply({"narration": "Greta pours you an ale.", "proposals": []}))
        h = await moderated(make_harness, llm="openai", model="fake-model", openai_base_url=server.base_url,
                            openai_api_key="test-key", llm_retries=0, llm_timeout=5.0)
        await h.say("Alice", "tavern", "I ask Greta for an ale.")
        await h.say("Alice", "tavern", "I look around.")
    sent = await h.slash("guard stats", "Mod", days=7)
    assert sent.ephemeral
    stats = sent.embed
    assert stats.title == "Guard statistics, last 7 days"
    assert "**Turns:** 2" in stats.description
    assert "**Raw finding rate:** 50.0%" in stats.description
    assert "**Shipped clean:** 100.0%" in stats.description
    assert "turns 2" in field(stats, "fake-model")
    assert "`" in field(stats, "Findings by kind")
