"""The play listener: messages become turns, in order, answered as replies that can ping no one."""

from __future__ import annotations

import asyncio

import discord
import discord.ext.test as dpytest
from discord.ext.test import backend as dpy_backend
from discord.ext.test import callbacks as dpy_callbacks

from bot.client import APOLOGY
from bot.turn import TurnResult
from cogs.limits import split_text
from discord_harness import Harness, make_harness  # noqa: F401  (fixture)

NO_PING = {"parse": [], "replied_user": False}


async def turns(h: Harness, channel: str = "tavern") -> list:
    record = await h.bot.store.active_campaign(h.ref(channel))
    return list(reversed(await h.bot.store.recent_turns(record.id, limit=100)))


async def test_a_players_message_is_a_turn_answered_by_a_reply_that_pings_no_one(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    message = await h.say("Alice", "tavern", "I look around the common room.")
    (reply,) = h.messages_in(h.channels["tavern"])
    assert reply.replied_to == message.id
    assert reply.allowed_mentions == NO_PING
    assert reply.content.strip()
    (turn,) = await turns(h)
    assert turn.input == "I look around the common room."
    assert turn.player_id == h.pid("Alice")
    assert turn.narration == reply.content


async def test_typing_shows_while_the_turn_is_played(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    typed: list[int] = []

    async def on_typing(channel: discord.abc.Messageable) -> None:
        typed.append(len(h.sent))

    dpy_callbacks.set_callback(on_typing, "send_typing")
    try:
        await h.say("Alice", "tavern", "I look around.")
    finally:
        dpy_callbacks.remove_callback("send_typing")
    assert typed and typed[0] == 0  # the indicator came before the reply


async def test_a_leading_mention_of_the_bot_is_not_part_of_the_action(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    (message,) = await h.burst([("Alice", "tavern", f"<@{h.bot.user.id}> I look around.")])
    await h.settle()
    (reply,) = h.sent
    assert reply.replied_to == message.id
    assert [t.input for t in await turns(h)] == ["I look around."]


async def test_out_of_character_and_bot_messages_are_not_turns(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    await h.say("Alice", "tavern", "(( brb, pizza is here")
    await h.say("Alice", "tavern", "// which dice do we use?")
    other_bot = h.members["Cara"]
    other_bot._user.bot = True
    await h.table("market", Cara=("Cogsworth", "rogue"))
    await h.say(other_bot, "market", "I look around.")
    await dpytest.message("I look around.", channel=h.channels["tavern"], member=h.guild.me)
    await h.settle()
    assert h.sent == []
    assert await turns(h) == []
    assert await turns(h, "market") == []


async def test_chat_without_a_character_or_a_campaign_gets_no_answer(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    await h.say("Bob", "tavern", "Nice table, can I play?")  # Bob has no character
    await h.say("Alice", "market", "I look around.")  # no campaign in #market
    dm = await h.members["Alice"].create_dm()
    dpy_backend.make_message("I look around.", h.members["Alice"], dm)
    await h.settle()
    assert h.sent == []
    assert await turns(h) == []


async def test_a_message_over_the_length_limit_gets_a_polite_reply_and_is_not_played(make_harness):
    h = await make_harness(max_message_chars=40)
    await h.table(Alice=("Aldric", "warrior"))
    message = await h.say("Alice", "tavern", "I walk slowly towards the long oak bar and order a drink.")
    (reply,) = h.sent
    assert reply.replied_to == message.id
    assert "at most 40" in reply.content
    assert reply.allowed_mentions == NO_PING
    assert await turns(h) == []


async def test_messages_faster_than_the_cooldown_get_one_notice_and_are_not_played(make_harness):
    h = await make_harness(cooldown_seconds=5.0)
    await h.table(Alice=("Aldric", "warrior"), Bob=("Brenna", "cleric"))
    now = [100.0]
    h.bot.get_cog("Play").clock = lambda: now[0]

    await h.say("Alice", "tavern", "I look around.")
    now[0] = 101.0
    await h.say("Alice", "tavern", "I look around again.")
    await h.say("Bob", "tavern", "I look around.")  # another player is not slowed by Alice
    now[0] = 102.0
    await h.say("Alice", "tavern", "And again!")  # a second notice would be the bot spamming
    now[0] = 105.5
    await h.say("Alice", "tavern", "I look at Greta.")

    contents = [s.content for s in h.sent]
    notices = [c for c in contents if "can act again" in c]
    assert notices == ["Easy there: your character can act again in 4 seconds."]
    assert [t.input for t in await turns(h)] == ["I look around.", "I look around.", "I look at Greta."]


async def test_a_blocked_action_is_an_embed_that_says_why(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    message = await h.say("Alice", "tavern", "I cast fireball at Greta.")
    (reply,) = h.sent
    assert reply.replied_to == message.id
    assert reply.content == ""
    assert reply.allowed_mentions == NO_PING
    (turn,) = await turns(h)
    assert turn.blocked
    assert reply.embed.description == turn.narration
    assert turn.outcome["reason"].rstrip(".") in reply.embed.description


async def test_a_long_narration_is_split_at_sentence_boundaries(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    message = await dpytest.message("(( setup", channel=h.channels["tavern"], member=h.members["Alice"])
    sentences = [f"Sentence number {i} tells of rain on the shutters and the hearth." for i in range(90)]
    narration = " ".join(sentences)
    assert len(narration) > 5000
    await h.bot.get_cog("Play").send_result(message, TurnResult(input="x", narration=narration))
    sent = h.take()
    assert len(sent) == 3
    assert all(len(s.content) <= 2000 and s.content.endswith("hearth.") for s in sent)
    assert " ".join(s.content for s in sent) == narration
    assert sent[0].replied_to == message.id and all(s.replied_to is None for s in sent[1:])
    assert sent[0].allowed_mentions == NO_PING
    assert all(s.allowed_mentions == {"parse": []} for s in sent[1:])

    blocked = TurnResult(input="x", narration=" ".join(sentences * 2), blocked=True)
    await h.bot.get_cog("Play").send_result(message, blocked)
    embeds = [s.embed for s in h.take()]
    assert len(embeds) == 3 and all(len(e.description) <= 4096 for e in embeds)


async def test_mentions_in_a_narration_cannot_ping_anyone(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    message = await dpytest.message("(( setup", channel=h.channels["tavern"], member=h.members["Alice"])
    role = await h.role("Players")
    narration = f"@everyone hears it, and so do @here, <@&{role.id}> and <@{h.members['Bob'].id}>."
    await h.bot.get_cog("Play").send_result(message, TurnResult(input="x", narration=narration))
    (sent,) = h.sent
    assert sent.content == narration
    assert sent.allowed_mentions == NO_PING


async def test_twenty_messages_at_once_are_played_in_arrival_order_while_another_channel_proceeds(make_harness):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))
    await h.table("market", Bob=("Brenna", "cleric"))
    table = await h.bot.game.table(h.ref())
    aldric = table.character(h.pid("Alice"))
    aldric.gold = 100
    await h.bot.store.save_character(table.record.id, aldric)

    # Hold the tavern's first turn until the market has been served.
    gate = asyncio.Event()
    real_run = h.bot.runner.run

    async def gated_run(ref, player, text):
        if ref == h.ref("tavern"):
            await gate.wait()
        return await real_run(ref, player, text)

    h.bot.runner.run = gated_run
    messages = await h.burst([("Alice", "tavern", "I buy an ale from Greta.")] * 20)
    market_message = await dpytest.message("I look around.", channel=h.channels["market"], member=h.members["Bob"])
    play = h.bot.get_cog("Play")
    await play.wait_idle(h.channels["market"].id)
    assert [s.replied_to for s in h.messages_in(h.channels["market"])] == [market_message.id]
    assert h.messages_in(h.channels["tavern"]) == []  # still waiting at the gate

    gate.set()
    await h.settle()
    replies = h.messages_in(h.channels["tavern"])
    assert [r.replied_to for r in replies] == [m.id for m in messages]

    log = await turns(h)
    assert len(log) == 20
    assert [t.narration for t in log] == [r.content for r in replies]
    gold_left = [t.outcome["steps"][0]["gold_left"] for t in log]
    assert gold_left == list(range(99, 79, -1))
    table = await h.bot.game.table(h.ref())
    aldric = table.character(h.pid("Alice"))
    assert aldric.gold == 80
    assert sum(1 for item in aldric.inventory if item.casefold() == "ale") == 20


async def test_an_unexpected_error_during_a_turn_gets_an_apology_not_a_traceback(make_harness, caplog):
    h = await make_harness()
    await h.table(Alice=("Aldric", "warrior"))

    async def broken_run(ref, player, text):
        raise RuntimeError("disk on fire at /var/secret/path")

    h.bot.runner.run = broken_run
    await h.say("Alice", "tavern", "I look around.")
    (reply,) = h.sent
    assert reply.content == APOLOGY
    assert "RuntimeError" not in reply.content and "secret" not in reply.content
    assert any(r.exc_info and "disk on fire" in str(r.exc_info[1]) for r in caplog.records)


def test_text_is_cut_at_the_best_boundary_and_never_over_the_limit():
    paragraphs = "First paragraph ends here.\n\nSecond one is a little longer, and it goes on."
    assert split_text(paragraphs, 60) == ["First paragraph ends here.", "Second one is a little longer, and it goes on."]
    sentences = "One sentence. Two sentences! Three? Four, five, six seven eight nine ten."
    assert split_text(sentences, 40) == ["One sentence. Two sentences! Three?", "Four, five, six seven eight nine ten."]
    word = "x" * 95
    assert split_text(word, 40) == ["x" * 40, "x" * 40, "x" * 15]
    assert split_text("   ", 40) == []
    assert all(len(piece) <= 7 for piece in split_text("a bb ccc dddd eeeee ffffff", 7))
