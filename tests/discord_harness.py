"""An offline Discord for the cog tests: the real bot, a fake gateway, and a recording HTTP layer.

- The bot is a real ``LoreGuardBot`` whose ``setup_hook`` opens the real engine (a SQLite file in
  the test's folder, the provider the settings name) and loads the real extensions.
- dpytest plays the gateway: guilds, channels, members and roles exist in the bot's cache, and
  ``say``/``burst`` deliver messages to the listeners exactly as discord.py dispatches them.
- Slash commands run through the bot's real ``CommandTree``: ``slash`` builds the interaction
  payload Discord would send (options, resolved members and roles, the member's channel
  permissions), so option conversion, autocomplete, checks and the global error handler all run.
- Whatever the bot sends is recorded as ``Sent`` with its raw payload (content, embeds, flags,
  ``allowed_mentions``, ``message_reference``): channel messages by wrapping dpytest's fake
  ``send_message``, interaction responses and follow-ups by a fake webhook adapter (discord.py
  sends those through ``discord.webhook.async_.async_context``, not through the HTTP client).

dpytest models members only through the member cache, which needs the ``members`` intent: the
harness adds it to the test bot's connection state. The production intents are asserted in
``test_client.py`` on a bot the harness did not touch.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import discord
import discord.ext.test as dpytest
import pytest
from discord import AppCommandOptionType
from discord.ext.test import backend as dpy_backend
from discord.ext.test import factories as dpy_facts
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.client import LoreGuardBot
from bot.llm.base import Provider
from bot.settings import Settings
from bot.store.base import ChannelRef

EPHEMERAL = 64
_ids = itertools.count(1)


@dataclass
class Sent:
    """One thing the bot sent to Discord, as the JSON it would have carried."""

    kind: str  # message | response | followup | edit | autocomplete | update
    payload: dict[str, Any]
    channel_id: int | None = None

    @property
    def content(self) -> str:
        return self.payload.get("content") or ""

    @property
    def embeds(self) -> list[discord.Embed]:
        return [discord.Embed.from_dict(e) for e in self.payload.get("embeds") or []]

    @property
    def embed(self) -> discord.Embed:
        (embed,) = self.embeds
        return embed

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.payload.get("flags") or 0) & EPHEMERAL)

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        return self.payload.get("allowed_mentions")

    @property
    def replied_to(self) -> int | None:
        ref = self.payload.get("message_reference")
        return int(ref["message_id"]) if ref else None

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.payload.get("components") or []

    def text(self) -> str:
        """Everything readable in it: content, titles, descriptions, fields, footers."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.title or "", e.description or "", e.footer.text or ""]
            parts += [f"{f.name}\n{f.value}" for f in e.fields]
        return "\n".join(p for p in parts if p)


class FakeWebhookAPI(AsyncWebhookAdapter):
    """Interaction responses, follow-ups and edits of the original response, recorded."""

    def __init__(self, sent: list[Sent]) -> None:
        super().__init__()
        self.sent = sent

    async def request(self, route: Any, session: Any = None, *, payload: dict[str, Any] | None = None,
                      **kwargs: Any) -> Any:
        body = dict(payload or (kwargs.get("multipart") or [{}])[0])
        path = route.path
        if path.endswith("/callback"):
            kind = {4: "response", 5: "response", 7: "update", 8: "autocomplete"}.get(body.get("type"), "callback")
            self.sent.append(Sent(kind, body.get("data") or {}))
            return {"interaction": {"id": str(route.webhook_id), "type": 2}}
        if route.method == "POST":  # follow-up
            self.sent.append(Sent("followup", body))
        elif route.method == "PATCH":
            self.sent.append(Sent("edit", body))
        return _message_payload(body)


def _message_payload(body: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": str(next(_ids)), "channel_id": "1", "type": 0, "content": body.get("content") or "",
        "author": {"id": "1", "username": "LoreGuard", "discriminator": "0", "avatar": None, "bot": True},
        "timestamp": "2026-01-01T00:00:00+00:00", "edited_timestamp": None, "tts": False,
        "mention_everyone": False, "mentions": [], "mention_roles": [], "attachments": [],
        "embeds": body.get("embeds") or [], "pinned": False, "flags": body.get("flags") or 0,
    }


def _member_payload(member: discord.Member, channel: discord.abc.GuildChannel | None = None) -> dict[str, Any]:
    data = dpy_facts.dict_from_member(member)
    data["joined_at"] = member.joined_at.isoformat() if member.joined_at else None
    data["flags"] = member.flags.value
    data.setdefault("deaf", False)
    data.setdefault("mute", False)
    if channel is not None:
        data["permissions"] = str(channel.permissions_for(member).value)
    return data


class Harness:
    """A configured bot on dpytest; use ``await Harness.start(...)`` and ``await h.close()``."""

    def __init__(self, bot: LoreGuardBot) -> None:
        self.bot = bot
        self.sent: list[Sent] = []
        self.api = FakeWebhookAPI(self.sent)
        config = dpytest.get_config()
        self.guild: discord.Guild = config.guilds[0]
        self.channels = {c.name: c for c in config.channels if isinstance(c, discord.TextChannel)}
        self.members = {m.name: m for m in config.members}
        self._record_channel_sends()

    @classmethod
    async def start(
        cls,
        tmp_path: Path,
        *,
        provider: Provider | None = None,
        channels: Iterable[str] = ("tavern", "market", "modlog"),
        members: Iterable[str] = ("Alice", "Bob", "Cara", "Mod"),
        **settings: Any,
    ) -> Harness:
        values: dict[str, Any] = {"db": str(tmp_path / "loreguard.db"), "llm": "offline", "model": None,
                                  "cooldown_seconds": 0.0, "max_message_chars": 600, "discord_token": None,
                                  "guard_config_file": None}
        values.update(settings)
        bot = LoreGuardBot(Settings(_env_file=None, **values), provider=provider)
        bot._connection._intents.members = True  # dpytest keeps members only in the member cache
        cache = discord.MemberCacheFlags.none()
        cache.joined = True
        bot._connection.member_cache_flags = cache
        await bot._async_setup_hook()
        await bot.setup_hook()
        dpytest.configure(bot, guilds=["Test Guild"], text_channels=list(channels), voice_channels=0,
                          members=list(members))
        bot._connection.loop = asyncio.get_running_loop()  # dpytest's new state misses it (typing needs it)
        return cls(bot)

    async def close(self) -> None:
        await self.settle()
        await dpytest.empty_queue()
        self.bot.ws = None  # dpytest's fake socket cannot be closed; there is no connection anyway
        await self.bot.close()

    # ---- what the bot sent -----------------------------------------------------------------
    def _record_channel_sends(self) -> None:
        http = self.bot.http
        original = type(http).send_message
        sent = self.sent

        async def send_message(channel_id: int, *, params: Any) -> Any:
            # dpytest's fake send_message reads the target from its caller's local ``channel``.
            channel = http.state.get_channel(int(channel_id))  # noqa: F841
            sent.append(Sent("message", dict(params.payload or {}), int(channel_id)))
            return await original(http, channel_id, params=params)

        http.send_message = send_message  # type: ignore[method-assign]

    def messages_in(self, channel: discord.abc.Snowflake) -> list[Sent]:
        return [s for s in self.sent if s.kind == "message" and s.channel_id == channel.id]

    def take(self) -> list[Sent]:
        """Everything sent since the last ``take``."""
        out = list(self.sent)
        self.sent.clear()
        return out

    # ---- messages --------------------------------------------------------------------------
    async def say(self, member: str | discord.Member, channel: str, text: str) -> discord.Message:
        """One message from a member, delivered and its turn (if any) played to the end."""
        message = await dpytest.message(text, channel=self.channels[channel], member=self._member(member))
        await self.settle()
        return message

    async def burst(self, lines: Iterable[tuple[str | discord.Member, str, str]]) -> list[discord.Message]:
        """Messages that all arrive before any listener runs, as in a busy channel."""
        made = [dpy_backend.make_message(text, self._member(who), self.channels[where]) for who, where, text in lines]
        await dpytest.run_all_events()
        return made

    async def settle(self) -> None:
        await dpytest.run_all_events()
        play = self.bot.get_cog("Play")
        if play is not None:
            await play.wait_idle()

    # ---- slash commands --------------------------------------------------------------------
    def _member(self, member: str | discord.Member) -> discord.Member:
        return self.members[member] if isinstance(member, str) else member

    def _find(self, path: str) -> Any:
        names = path.split()
        command: Any = self.bot.tree.get_command(names[0])
        for name in names[1:]:
            command = command.get_command(name)
        if command is None:
            raise KeyError(f"no slash command /{path}")
        return command

    def interaction(
        self,
        path: str,
        user: str | discord.Member,
        channel: str = "tavern",
        *,
        options: dict[str, Any] | None = None,
        focused: str | None = None,
        dm: bool = False,
    ) -> discord.Interaction:
        """The interaction Discord would send for ``/path option:value ...``."""
        member = self._member(user)
        chan = self.channels[channel]
        command = self._find(path)
        params = {p.display_name: p for p in command.parameters}
        resolved: dict[str, dict[str, Any]] = {}
        leaf = []
        for name, value in (options or {}).items():
            leaf.append(self._option(params[name].type, name, value, resolved, focused == name))
        names = path.split()
        opts = leaf
        for name in reversed(names[1:]):
            opts = [{"type": 1 if name == names[-1] else 2, "name": name, "options": opts}]
        data: dict[str, Any] = {
            "id": str(next(_ids)), "application_id": str(self.bot.user.id), "token": "interaction-token",
            "version": 1, "locale": "en-US", "attachment_size_limit": 8_000_000, "app_permissions": "0",
            "type": 4 if focused else 2,
            "data": {"id": str(next(_ids)), "name": names[0], "type": 1, "options": opts, "resolved": resolved},
        }
        if dm:
            data["user"] = dpy_facts.dict_from_user(member._user)
            data["channel"] = {"id": str(next(_ids)), "type": 1}
        else:
            data.update(guild_id=str(self.guild.id), channel={"id": str(chan.id), "type": 0},
                        member=_member_payload(member, chan))
        return discord.Interaction(data=data, state=self.bot._connection)

    def _option(self, kind: AppCommandOptionType, name: str, value: Any, resolved: dict[str, dict[str, Any]],
                focused: bool) -> dict[str, Any]:
        option: dict[str, Any] = {"type": kind.value, "name": name}
        if focused:
            option["focused"] = True
        if kind in (AppCommandOptionType.user, AppCommandOptionType.mentionable) and isinstance(value, discord.Member):
            member = _member_payload(value)
            resolved.setdefault("users", {})[str(value.id)] = member.pop("user")
            resolved.setdefault("members", {})[str(value.id)] = member
            value = str(value.id)
        elif kind is AppCommandOptionType.role and isinstance(value, discord.Role):
            resolved.setdefault("roles", {})[str(value.id)] = dpy_facts.dict_from_role(value)
            value = str(value.id)
        elif kind is AppCommandOptionType.channel and isinstance(value, discord.abc.GuildChannel):
            resolved.setdefault("channels", {})[str(value.id)] = {
                "id": str(value.id), "name": value.name, "type": value.type.value, "permissions": "0"}
            value = str(value.id)
        option["value"] = value
        return option

    async def run(self, interaction: discord.Interaction) -> list[Sent]:
        """Deliver an interaction as discord.py does (tree, checks, errors); returns what was sent."""
        before = len(self.sent)
        token = async_context.set(self.api)
        try:
            try:
                await self.bot.tree._call(interaction)
            except discord.app_commands.AppCommandError as exc:  # as CommandTree._from_interaction
                await self.bot.tree._dispatch_error(interaction, exc)
        finally:
            async_context.reset(token)
        await self.settle()
        return self.sent[before:]

    async def slash(self, path: str, user: str | discord.Member, where: str = "tavern", /, **options: Any) -> Sent:
        """Run ``/path`` as ``user`` in channel ``where``; returns the single response it produced."""
        sent = await self.run(self.interaction(path, user, where, options=_discord_names(options)))
        assert len(sent) == 1, f"/{path} sent {len(sent)} things: {sent}"
        return sent[0]

    async def choices(self, path: str, user: str | discord.Member, focused: str, where: str = "tavern", /,
                      **options: Any) -> list[dict[str, Any]]:
        """The autocomplete suggestions for ``focused`` while typing ``/path``."""
        options = _discord_names(options)
        interaction = self.interaction(path, user, where, options=options, focused=focused)
        sent = await self.run(interaction)
        assert [s.kind for s in sent] == ["autocomplete"], sent
        return sent[0].payload["choices"]

    async def click(self, sent: Sent, label: str, user: str | discord.Member) -> Sent | None:
        """Press the button labelled ``label`` on a message the bot sent, as ``user``: the view is
        found in the bot's view store by the button's custom id, as discord.py dispatches it."""
        buttons = [c for row in sent.components for c in row.get("components", []) if c.get("label") == label]
        assert buttons, f"no button {label!r} in {sent.components}"
        custom_id = buttons[0]["custom_id"]
        store = self.bot._connection._view_store
        item = next(items[(2, custom_id)] for items in store._views.values() if (2, custom_id) in items)
        member = self._member(user)
        data = {
            "id": str(next(_ids)), "application_id": str(self.bot.user.id), "token": "component-token",
            "version": 1, "locale": "en-US", "attachment_size_limit": 8_000_000, "type": 3,
            "guild_id": str(self.guild.id), "channel": {"id": str(self.channels["tavern"].id), "type": 0},
            "member": _member_payload(member, self.channels["tavern"]),
            "data": {"component_type": 2, "custom_id": custom_id},
        }
        interaction = discord.Interaction(data=data, state=self.bot._connection)
        before = len(self.sent)
        token = async_context.set(self.api)
        try:
            await item.view._scheduled_task(item, interaction)
        finally:
            async_context.reset(token)
        after = self.sent[before:]
        assert len(after) <= 1, after
        return after[0] if after else None

    # ---- guild set-up ----------------------------------------------------------------------
    def ref(self, channel: str = "tavern") -> ChannelRef:
        return ChannelRef(str(self.guild.id), str(self.channels[channel].id))

    def pid(self, member: str) -> str:
        return str(self.members[member].id)

    async def table(self, channel: str = "tavern", campaign: str = "tavern", **players: tuple[str, str]) -> None:
        """A campaign in ``channel`` and characters for members: ``Alice=("Aldric", "warrior")``."""
        await self.bot.game.start(self.ref(channel), campaign)
        for member, (name, char_class) in players.items():
            await self.bot.game.join(self.ref(channel), self.pid(member), name, char_class)

    async def role(self, name: str, *, members: Iterable[str] = (), **permissions: bool) -> discord.Role:
        role = dpy_backend.make_role(name, self.guild, permissions=discord.Permissions(**permissions).value)
        for who in members:
            await dpytest.add_role(self._member(who), role)
        return role


def _discord_names(options: dict[str, Any]) -> dict[str, Any]:
    """Python keyword names to option names: ``char_class`` -> ``class``, ``gm_role`` stays."""
    return {("class" if k == "char_class" else k): v for k, v in options.items()}


async def until(predicate: Any, tries: int = 500) -> None:
    """Let the bot work until ``predicate()`` holds; gives up (fails) after ``tries`` short naps."""
    for _ in range(tries):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("condition never became true")


@pytest.fixture
async def make_harness(tmp_path: Path) -> Any:
    """``await make_harness(**settings)``: a started harness, closed after the test."""
    made: list[Harness] = []

    async def make(**kwargs: Any) -> Harness:
        harness = await Harness.start(tmp_path, **kwargs)
        made.append(harness)
        return harness

    yield make
    for harness in made:
        await harness.close()


class FakeDiscordREST:
    """A loopback stand-in for Discord's REST API, enough for ``login`` and command sync.

    ``Route.BASE`` is pointed at it for the test (``monkeypatch``). A request with the token
    ``good_token`` is accepted, any other gets Discord's 401; syncing to ``forbidden_guild``
    gets Discord's 403 "Missing Access" (the bot is not in that server)."""

    APP_ID = 424242

    def __init__(self, good_token: str = "good-token", forbidden_guild: int = 13) -> None:
        self.good_token = good_token
        self.forbidden_guild = forbidden_guild
        self.requests: list[tuple[str, str, Any, str]] = []  # method, path, json body, authorization
        self._server: ThreadingHTTPServer | None = None

    @property
    def base(self) -> str:
        assert self._server is not None
        return f"http://127.0.0.1:{self._server.server_address[1]}/api/v10"

    def __enter__(self) -> FakeDiscordREST:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
                pass

            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                body = json.loads(raw) if raw else None
                auth = self.headers.get("Authorization", "")
                fake.requests.append((self.command, self.path, body, auth))
                status, reply = fake.route(self.command, self.path, body, auth)
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_PUT = do_POST = _answer  # noqa: N815 - stdlib names

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()

    def route(self, method: str, path: str, body: Any, auth: str) -> tuple[int, Any]:
        if auth != f"Bot {self.good_token}":
            return 401, {"message": "401: Unauthorized", "code": 0}
        user = {"id": str(self.APP_ID), "username": "LoreGuard", "discriminator": "0", "avatar": None,
                "bot": True, "global_name": None}
        if path.endswith("/users/@me"):
            return 200, user
        if path.endswith("/oauth2/applications/@me"):
            return 200, {"id": str(self.APP_ID), "name": "LoreGuard", "description": "", "icon": None,
                         "bot_public": True, "bot_require_code_grant": False, "owner": user,
                         "verify_key": "0" * 64, "flags": 0}
        if method == "PUT" and path.endswith("/commands"):
            if f"/guilds/{self.forbidden_guild}/" in path:
                return 403, {"message": "Missing Access", "code": 50001}
            return 200, [dict(c, id=str(i + 1), application_id=str(self.APP_ID), version="1")
                         for i, c in enumerate(body or [])]
        return 404, {"message": "404: Not Found", "code": 0}
