"""Campaign administration: who may run it, and what each command changes and says."""

from __future__ import annotations

from discord_harness import Harness, make_harness  # noqa: F401  (fixture)


def field(embed, name: str) -> str:
    (value,) = [f.value for f in embed.fields if f.name == name]
    return value


async def admin_harness(make_harness) -> Harness:
    """Mod has Manage Channels; Alice and Bob are players."""
    h = await make_harness()
    await h.role("Admins", members=["Mod"], manage_channels=True, manage_guild=True)
    return h


async def test_members_without_manage_channels_or_the_gm_role_are_told_what_they_lack(make_harness):
    h = await admin_harness(make_harness)
    refused = await h.slash("campaign start", "Alice", name="tavern")
    assert refused.ephemeral
    assert refused.embed.description.startswith("You need Manage Channels to do that.")
    assert await h.bot.store.active_campaign(h.ref()) is None

    gm_role = await h.role("Game Master", members=["Bob"])
    await h.slash("campaign start", "Mod", name="tavern", gm_role=gm_role)
    await h.bot.game.join(h.ref(), h.pid("Alice"), "Aldric", "warrior")
    refused = await h.slash("gm give", "Alice", player=h.members["Alice"], item="crown of the realm")
    assert refused.embed.description == f"You need Manage Channels or the GM role <@&{gm_role.id}> to do that."
    allowed = await h.slash("gm give", "Bob", player=h.members["Alice"], item="healing potion")
    assert not allowed.ephemeral
    assert "healing potion" in allowed.embed.description


async def test_campaign_start_suggests_worlds_and_announces_the_campaign(make_harness):
    h = await admin_harness(make_harness)
    choices = await h.choices("campaign start", "Mod", "name", name="tav")
    assert [c["value"] for c in choices] == ["tavern"]

    sent = await h.slash("campaign start", "Mod", name="tavern")
    assert not sent.ephemeral and sent.allowed_mentions == {"parse": []}
    assert sent.embed.title == "The Rusty Tankard"
    assert "/join" in field(sent.embed, "How to play")
    record = await h.bot.store.active_campaign(h.ref())
    assert record.campaign == "tavern" and record.gm_role_id is None

    again = await h.slash("campaign start", "Mod", name="tavern")
    assert "previous campaign here (tavern) has ended" in again.embed.footer.text

    unknown = await h.slash("campaign start", "Mod", name="atlantis")
    assert unknown.ephemeral and "atlantis" in unknown.embed.description


async def test_campaign_status_lists_characters_and_the_model(make_harness):
    h = await admin_harness(make_harness)
    await h.slash("campaign start", "Mod", name="tavern")
    await h.bot.game.join(h.ref(), h.pid("Alice"), "Aldric", "warrior")
    sent = await h.slash("campaign status", "Mod")
    assert sent.ephemeral
    assert field(sent.embed, "Campaign") == "`tavern`"
    assert field(sent.embed, "Model") == "`offline` (bot default)"
    assert field(sent.embed, "Guard profile") == "`offline`"
    assert "**Aldric** (warrior) HP 30/30, The Rusty Tankard" in field(sent.embed, "Characters (1)")


async def test_gm_changes_go_through_the_engine_and_are_announced(make_harness):
    h = await admin_harness(make_harness)
    await h.slash("campaign start", "Mod", name="tavern")
    await h.bot.game.join(h.ref(), h.pid("Alice"), "Aldric", "warrior")
    alice = h.members["Alice"]

    give = await h.slash("gm give", "Mod", player=alice, item="rope")
    assert give.embed.description == f"The game master gives **rope** to **Aldric** (<@{alice.id}>)."

    held = await h.choices("gm take", "Mod", "item", player=alice, item="i")
    assert [c["value"] for c in held] == ["iron sword", "waterskin"]
    await h.slash("gm take", "Mod", player=alice, item="iron sword")
    missing = await h.slash("gm take", "Mod", player=alice, item="iron sword")
    assert missing.ephemeral and "does not carry" in missing.embed.description

    places = await h.choices("gm move", "Mod", "location", player=alice, location="sta")
    assert [c["value"] for c in places] == ["Stables"]
    moved = await h.slash("gm move", "Mod", player=alice, location="Stables")
    assert "to **Stables**" in moved.embed.description

    hp = await h.slash("gm set-hp", "Mod", player=alice, hp=7)
    assert "**7/30 HP**" in hp.embed.description

    aldric = (await h.bot.game.table(h.ref())).character(h.pid("Alice"))
    assert "rope" in aldric.inventory and "iron sword" not in aldric.inventory
    assert (aldric.location, aldric.hp) == ("Stables", 7)

    stranger = await h.slash("gm give", "Mod", player=h.members["Cara"], item="rope")
    assert stranger.ephemeral and "no character" in stranger.embed.description


async def test_gm_model_sets_the_channel_model_and_shows_its_guard_config(make_harness):
    h = await admin_harness(make_harness)
    await h.slash("campaign start", "Mod", name="tavern")
    sent = await h.slash("gm model", "Mod", name="gemini-2.5-flash")
    assert sent.ephemeral
    assert sent.embed.title == "Model for this channel: gemini-2.5-flash"
    assert "profile: gemini*" in sent.embed.description
    assert "max_retries: 2" in sent.embed.description
    assert (await h.bot.store.active_campaign(h.ref())).model == "gemini-2.5-flash"

    status = await h.slash("campaign status", "Mod")
    assert field(status.embed, "Model") == "`gemini-2.5-flash` (set for this channel)"

    await h.slash("gm model", "Mod", name="default")
    assert (await h.bot.store.active_campaign(h.ref())).model is None

    bad = await h.slash("gm model", "Mod", name="rm -rf /")
    assert bad.ephemeral and "A model name is" in bad.embed.description


async def test_campaign_end_stops_play_in_the_channel(make_harness):
    h = await admin_harness(make_harness)
    await h.slash("campaign start", "Mod", name="tavern")
    await h.bot.game.join(h.ref(), h.pid("Alice"), "Aldric", "warrior")
    ended = await h.slash("campaign end", "Mod")
    assert not ended.ephemeral and "has ended" in ended.embed.description
    assert await h.bot.store.active_campaign(h.ref()) is None

    h.take()
    await h.say("Alice", "tavern", "I look around.")
    assert h.sent == []  # no campaign, no turn, no answer

    again = await h.slash("campaign end", "Mod")
    assert again.ephemeral and "No campaign is running" in again.embed.description
