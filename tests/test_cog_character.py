"""Character commands: /join, /sheet, /inventory, /look, /roll, /leave, through the command tree."""

from __future__ import annotations

import random

from discord_harness import Harness, make_harness  # noqa: F401  (fixture)

NO_PING = {"parse": []}


def field(embed, name: str) -> str:
    (value,) = [f.value for f in embed.fields if f.name == name]
    return value


async def test_join_suggests_the_campaigns_classes_and_creates_the_character(make_harness):
    h: Harness = await make_harness()
    await h.table()
    choices = await h.choices("join", "Alice", "class", name="Aldric", char_class="wa")
    assert [c["value"] for c in choices] == ["warrior"]
    assert choices[0]["name"].startswith("warrior: A seasoned fighter")

    sent = await h.slash("join", "Alice", name="Aldric", char_class="warrior")
    assert not sent.ephemeral
    assert sent.allowed_mentions == NO_PING
    assert sent.embed.title == "Aldric the warrior joins the party"
    assert field(sent.embed, "HP") == "██████████ 30/30"
    table = await h.bot.game.table(h.ref())
    assert table.character(h.pid("Alice")).name == "Aldric"


async def test_join_refusals_are_private_and_say_what_to_do(make_harness):
    h: Harness = await make_harness()
    no_campaign = await h.slash("join", "Alice", "market", name="Aldric", char_class="warrior")
    assert no_campaign.ephemeral
    assert "No campaign is running in this channel" in no_campaign.embed.description

    await h.table(Alice=("Aldric", "warrior"))
    twice = await h.slash("join", "Alice", name="Aldo", char_class="rogue")
    assert twice.ephemeral and "You already play Aldric here" in twice.embed.description

    wrong_class = await h.slash("join", "Bob", name="Brenna", char_class="necromancer")
    assert wrong_class.ephemeral
    assert "warrior, mage, rogue, cleric" in wrong_class.embed.description


async def test_sheet_shows_class_hp_bar_ac_abilities_spells_location_and_gold(make_harness):
    h: Harness = await make_harness()
    await h.table(Alice=("Aldric", "warrior"), Bob=("Mirela", "mage"))
    await h.bot.game.gm_set_hp(h.ref(), h.pid("Alice"), 15)

    sent = await h.slash("sheet", "Alice")
    assert sent.ephemeral and sent.allowed_mentions == NO_PING
    sheet = sent.embed
    assert sheet.title == "Aldric — warrior"
    assert field(sheet, "HP") == "█████░░░░░ 15/30"
    assert field(sheet, "AC") == "13"
    assert field(sheet, "Gold") == "12"
    assert "power attack" in field(sheet, "Abilities")
    assert field(sheet, "Location") == "The Rusty Tankard"

    other = (await h.slash("sheet", "Alice", player=h.members["Bob"])).embed
    assert other.title == "Mirela — mage"
    assert "magic missile" in field(other, "Spells")

    nobody = await h.slash("sheet", "Alice", player=h.members["Cara"])
    assert nobody.ephemeral and "has no character in this campaign" in nobody.embed.description


async def test_a_character_at_zero_hp_is_shown_down(make_harness):
    h: Harness = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    await h.bot.game.gm_set_hp(h.ref(), h.pid("Alice"), 0)
    hp = field((await h.slash("sheet", "Alice")).embed, "HP")
    assert hp.startswith("░░░░░░░░░░ 0/30") and "Down" in hp


async def test_inventory_lists_items_with_counts_and_what_they_are(make_harness):
    h: Harness = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    for _ in range(2):
        await h.bot.game.gm_give(h.ref(), h.pid("Alice"), "healing potion")
    sent = await h.slash("inventory", "Alice")
    assert sent.ephemeral
    carrying = field(sent.embed, "Carrying")
    assert "iron sword (weapon, damage d8)" in carrying
    assert "healing potion ×2 (consumable, heals 2d4+2)" in carrying
    assert field(sent.embed, "Gold") == "12"


async def test_look_describes_the_location_from_the_game_state(make_harness):
    h: Harness = await make_harness()
    await h.table(Alice=("Aldric", "warrior"), Bob=("Brenna", "cleric"))
    sent = await h.slash("look", "Alice")
    assert sent.ephemeral
    assert sent.embed.title == "The Rusty Tankard"
    text = sent.embed.description
    assert "Greta" in text and "Bram" in text and "Brenna" in text
    assert "Market Square" in text and "cellar door, locked" in text

    await h.bot.game.gm_move(h.ref(), h.pid("Alice"), "Stables")
    moved = (await h.slash("look", "Alice")).embed
    assert moved.title == "Stables" and "two brown mares" in moved.description


async def test_roll_is_public_and_shows_each_die(make_harness):
    h: Harness = await make_harness()
    h.bot.get_cog("Characters").rng = random.Random(7)
    expected = random.Random(7)
    dice = [expected.randint(1, 6) for _ in range(2)]
    sent = await h.slash("roll", "Alice", expression="2d6+3")
    assert not sent.ephemeral and sent.allowed_mentions == NO_PING
    assert f"2d6+3: [{dice[0]}, {dice[1]}] + 3 = {sum(dice) + 3}" in sent.content


async def test_roll_refuses_nonsense_with_the_reason(make_harness):
    h: Harness = await make_harness()
    sent = await h.slash("roll", "Alice", expression="999d6")
    assert sent.ephemeral
    assert sent.embed.description == "Too many dice: at most 100 at once (you asked for 999)."
    sides = await h.slash("roll", "Alice", expression="2d")
    assert "needs a number of sides" in sides.embed.description


async def test_leave_retires_the_character(make_harness):
    h: Harness = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    sent = await h.slash("leave", "Alice")
    assert not sent.ephemeral and sent.content == "Aldric leaves the party."
    after = await h.slash("sheet", "Alice")
    assert after.ephemeral and "You have no character in this campaign yet" in after.embed.description


async def test_character_commands_refuse_direct_messages(make_harness):
    h: Harness = await make_harness()
    sent = await h.run(h.interaction("sheet", "Alice", dm=True))
    (reply,) = sent
    assert reply.ephemeral
    assert "server" in reply.embed.description.lower()
