"""Terminal play: the whole engine without Discord and, by default, without keys.

``loreguard play`` creates or resumes a campaign in a SQLite file and runs each typed line as a
turn through the same ``TurnRunner`` the Discord bot uses, so a campaign played here and one played
in Discord share one engine and one schema. ``--script`` reads one player line per line of a file;
``--json`` prints one JSON object per turn in the DESIGN.md shape.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from bot.errors import GameError
from bot.game import Game, Table
from bot.llm.base import Provider
from bot.rules.narration import describe_inventory, describe_location, describe_sheet
from bot.store.base import ChannelRef, Store
from bot.turn import TurnResult, TurnRunner, warm_up

log = logging.getLogger(__name__)

TERMINAL_GUILD = "local"
TERMINAL_PLAYER = "terminal:player"

HELP = """Type what your character does, in your own words ({examples}).
Commands: look, inventory (i), sheet, help, quit."""


def help_text(table: Table | None = None, player_id: str = TERMINAL_PLAYER) -> str:
    """The help line, with examples from the world the player is in."""
    examples = ['"I look around"']
    if table is not None:
        scene = table.scene(player_id) if player_id in table.state.characters else None
        if scene is not None and scene.npcs:
            examples.append(f'"I ask {scene.npcs[0].name} about the rumours"')
        if scene is not None and scene.location.exits:
            examples.append(f'"I go to {scene.location.exits[0]}"')
    return HELP.format(examples=", ".join(examples))

COMMANDS = {
    "look": "look", "l": "look", "look around": "look", "where am i": "look", "where are we": "look",
    "what is this place": "look", "what's this place": "look",
    "inventory": "inventory", "inv": "inventory", "i": "inventory",
    "sheet": "sheet", "stats": "sheet",
    "help": "help", "?": "help",
    "quit": "quit", "exit": "quit", "q": "quit",
}


@dataclass(slots=True)
class PlayOptions:
    campaign: str | None = None
    name: str | None = None
    char_class: str | None = None
    channel: str | None = None  # "GUILD/CHANNEL" of a Discord campaign in the same database
    script: str | None = None
    json: bool = False
    seed: int | None = None


def parse_channel(value: str | None, campaign: str) -> ChannelRef:
    if value:
        guild, _, channel = value.partition("/")
        if not channel:
            raise GameError("--channel takes GUILD_ID/CHANNEL_ID, as `loreguard play --list` shows.")
        return ChannelRef(guild, channel)
    return ChannelRef(TERMINAL_GUILD, campaign)


class Terminal:
    """One player at one table, reading lines and writing narration."""

    def __init__(self, game: Game, runner: TurnRunner, opts: PlayOptions, out: TextIO = sys.stdout,
                 ask: Callable[[str], str] | None = None):
        self.game = game
        self.runner = runner
        self.opts = opts
        self.out = out
        self.ask = ask
        self.channel = parse_channel(opts.channel, opts.campaign or "tavern")
        self.player_id = TERMINAL_PLAYER

    def say(self, text: str = "") -> None:
        if not self.opts.json:
            print(text, file=self.out, flush=True)

    def emit(self, payload: dict[str, Any]) -> None:
        print(json.dumps(payload, ensure_ascii=False), file=self.out, flush=True)

    async def _prompt(self, question: str, default: str) -> str:
        if self.ask is None:
            return default
        answer = (await asyncio.to_thread(self.ask, question)).strip()
        return answer or default

    async def prepare(self) -> Table:
        """Resume the channel's campaign or start one; find or create the player's character."""
        record = await self.game.store.active_campaign(self.channel)
        wanted = self.opts.campaign
        if record is None or (wanted and self.opts.channel is None and record.campaign != wanted):
            name = wanted or "tavern"
            record = await self.game.start(self.channel, name)
            self.say(f"A new {record.campaign} campaign begins.")
        else:
            self.say(f"Resuming the {record.campaign} campaign.")
        table = await self.game.table(self.channel)

        if self.opts.name:
            existing = table.state.character_by_name(self.opts.name)
            if existing is not None:
                self.player_id = existing.player_id
        me = table.state.characters.get(self.player_id)
        if me is None or not me.active:
            classes = [c.name for c in table.campaign.classes]
            name = self.opts.name or await self._prompt("Your character's name [Aldric]: ", "Aldric")
            default_class = "warrior" if "warrior" in classes else classes[0]
            cls = self.opts.char_class or await self._prompt(
                f"Class ({', '.join(classes)}) [{default_class}]: ", default_class
            )
            await self.game.join(self.channel, self.player_id, name, cls)
            table = await self.game.table(self.channel)
            me = table.state.characters[self.player_id]
            self.say(f"{me.name} the {me.char_class} enters the story.")
        else:
            self.say(f"Welcome back, {me.name}.")
        if table.campaign.intro:
            self.say(table.campaign.intro)
        return table

    async def command(self, word: str) -> str:
        table = await self.game.table(self.channel)
        me = table.character(self.player_id)
        if word == "look":
            return describe_location(table.scene(self.player_id))
        if word == "inventory":
            return describe_inventory(me)
        if word == "sheet":
            return describe_sheet(me)
        return help_text(table, self.player_id)

    async def handle(self, line: str) -> bool:
        """Run one line; False when the player quits."""
        line = line.strip()
        if not line:
            return True
        key = line.casefold().lstrip("/!")  # "/quit", "!inv": the habits of Discord bots
        word = COMMANDS.get(key) or COMMANDS.get(key.strip(" ?!."))
        if word == "quit":
            return False
        try:
            if word is not None:
                text = await self.command(word)
                if self.opts.json:
                    self.emit({"input": line, "narration": text, "blocked": False, "attempts": 0,
                               "fallback": False, "findings": [], "command": word})
                else:
                    self.say(text)
                return True
            result = await self.runner.run(self.channel, self.player_id, line)
        except GameError as exc:
            if self.opts.json:
                self.emit({"input": line, "narration": str(exc), "blocked": True, "attempts": 0,
                           "fallback": False, "findings": [], "error": str(exc)})
            else:
                self.say(str(exc))
            return True
        self.show(result)
        await self.runner.prepare(self.channel)  # index the new scene while the player types
        return True

    def show(self, result: TurnResult) -> None:
        if self.opts.json:
            self.emit(result.to_json())
            return
        self.say(result.narration)
        caught = [a for a in result.findings if a.action not in ("allowed", "blocked")]
        if caught:
            kinds = ", ".join(sorted({a.finding.kind for a in caught}))
            self.say(f"  [guard: {len(caught)} finding(s) repaired ({kinds}); attempts {result.attempts}"
                     f"{', template' if result.fallback else ''}]")

    async def loop(self, lines: list[str] | None) -> None:
        table = await self.prepare()
        if lines is not None:
            for line in lines:
                if not self.opts.json:
                    self.say(f"> {line.strip()}")
                if not await self.handle(line):
                    break
            return
        self.say(help_text(table, self.player_id))
        while True:
            try:
                line = await asyncio.to_thread(input, "> ")
            except (EOFError, KeyboardInterrupt):
                self.say()
                break
            if not await self.handle(line):
                break
        self.say("Farewell. Your progress is saved.")


async def play(store: Store, provider: Provider, opts: PlayOptions, guard_file: str | None = None,
               max_input_chars: int = 600, out: TextIO = sys.stdout) -> int:
    game = Game(store)
    warm_up([opts.campaign or "tavern"])
    rng_factory = None
    if opts.seed is not None:
        master = random.Random(opts.seed)
        rng_factory = lambda: random.Random(master.randrange(1 << 62))  # noqa: E731
    runner = TurnRunner(game, provider, guard_file=guard_file, rng_factory=rng_factory,
                        max_input_chars=max_input_chars)
    lines = None
    if opts.script:
        try:
            with open(opts.script, encoding="utf-8") as fh:
                lines = [l for l in fh.read().splitlines() if l.strip() and not l.lstrip().startswith("#")]
        except OSError as exc:
            print(f"cannot read script {opts.script}: {exc.strerror}", file=sys.stderr)
            return 2
    interactive = lines is None and sys.stdin.isatty()
    terminal = Terminal(game, runner, opts, out=out, ask=input if interactive else None)
    try:
        await terminal.loop(lines)
    except GameError as exc:
        print(str(exc), file=sys.stderr)
        return 2
    return 0
