"""The ``loreguard`` command: play in the terminal, run the Discord bot, evaluate, benchmark.

Each subcommand imports what it needs when it runs, so ``loreguard eval`` does not pay for
discord.py and ``loreguard play`` does not need a token.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from collections.abc import Sequence


def _setup_logging(level: str = "WARNING") -> None:
    logging.basicConfig(
        level=getattr(logging, level.upper(), logging.WARNING),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    for noisy in ("discord.gateway", "httpx", "httpcore", "openai", "google_genai"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


def _cmd_play(args: argparse.Namespace) -> int:
    from bot.console import PlayOptions, play
    from bot.llm.base import LLMError
    from bot.llm.factory import provider_from_settings
    from bot.settings import get_settings
    from bot.store import open_store

    settings = get_settings()
    _setup_logging(args.log_level or "WARNING")
    try:
        provider = provider_from_settings(settings)
    except LLMError as exc:
        print(f"loreguard: {exc}", file=sys.stderr)
        return 2
    opts = PlayOptions(
        campaign=args.campaign, name=args.name, char_class=args.char_class, channel=args.channel,
        script=args.script, json=args.json, seed=args.seed,
    )

    async def main() -> int:
        store = open_store(args.db or settings.db)
        await store.open()
        try:
            if args.list:
                for rec in await store.list_campaigns():
                    print(f"{rec.guild_id}/{rec.channel_id}\t{rec.campaign}\tversion {rec.version}")
                return 0
            return await play(store, provider, opts, guard_file=settings.guard_config_file,
                              max_input_chars=settings.max_message_chars)
        finally:
            await store.close()
            await provider.aclose()

    return asyncio.run(main())


def _cmd_run(args: argparse.Namespace) -> int:
    from bot.client import run_bot
    from bot.settings import get_settings

    settings = get_settings()
    _setup_logging(settings.log_level)
    return run_bot(settings)


def _cmd_sync(args: argparse.Namespace) -> int:
    from bot.client import sync_commands
    from bot.settings import get_settings

    settings = get_settings()
    _setup_logging(settings.log_level)
    if args.guild is None and not args.all_guilds:
        print("loreguard sync: give --guild ID (instant, one server) or --global (all servers, slow to appear)", file=sys.stderr)
        return 2
    return sync_commands(settings, None if args.all_guilds else args.guild)


def _cmd_eval(args: argparse.Namespace) -> int:
    from bot.evaluation.cli import main

    return main([args.file] + (["--json"] if args.json else []))


def _cmd_bench(args: argparse.Namespace) -> int:
    from bot.bench import main

    return main(args)


def _cmd_db(args: argparse.Namespace) -> int:
    from bot.dbtools import main

    _setup_logging(args.log_level or "WARNING")
    if args.db_command == "check" and args.url is None:
        from bot.settings import get_settings

        args.url = get_settings().db
    return main(args)


def _cmd_check_campaign(args: argparse.Namespace) -> int:
    from bot.world.errors import CampaignError
    from bot.world.loader import load_campaign

    status = 0
    for path in args.paths:
        try:
            load_campaign(path)
        except CampaignError as exc:
            for line in exc.problems:
                print(line)
            status = 1
        else:
            print(f"{path}: ok" if len(args.paths) > 1 else "ok")
    return status


def _cmd_config(args: argparse.Namespace) -> int:
    from bot.guard_config import show
    from bot.settings import get_settings

    settings = get_settings()
    try:
        print(show(args.model or settings.model or None, file=settings.guard_config_file))
    except ValueError as exc:
        print(f"loreguard config: {exc}", file=sys.stderr)
        return 2
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="loreguard", description="A game-master bot whose narrator cannot cheat.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("play", help="play in the terminal (offline narrator by default)")
    p.add_argument("--campaign", help="campaign name (default: tavern)")
    p.add_argument("--db", help="database path or URL (default: $LOREGUARD_DB or your data folder)")
    p.add_argument("--name", help="your character's name (default: Aldric)")
    p.add_argument("--class", dest="char_class", help="your character's class (default: warrior)")
    p.add_argument("--script", help="read one player line per line of FILE, no prompts")
    p.add_argument("--json", action="store_true", help="one JSON object per turn on standard output")
    p.add_argument("--seed", type=int, help="seed the dice for repeatable runs")
    p.add_argument("--channel", help="play a Discord channel's campaign from the same database: GUILD_ID/CHANNEL_ID")
    p.add_argument("--list", action="store_true", help="list the campaigns in the database and exit")
    p.add_argument("--log-level", help="log level on standard error (default WARNING)")
    p.set_defaults(func=_cmd_play)

    p = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    p.set_defaults(func=_cmd_run)

    p = sub.add_parser("sync", help="register the slash commands with Discord")
    p.add_argument("--guild", type=int, help="sync to one server (appears at once)")
    p.add_argument("--global", dest="all_guilds", action="store_true", help="sync globally")
    p.set_defaults(func=_cmd_sync)

    p = sub.add_parser("eval", help="score the guard on an evaluation file (FORMAT.md)")
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_eval)

    p = sub.add_parser("bench", help="measure the guard's speed and the shipped violation rate")
    p.add_argument("--json", action="store_true", help="JSON on the last line")
    p.add_argument("--turns", type=int, default=200, help="scripted turns through chaos (default 200)")
    p.add_argument("--rate", type=float, default=0.58, help="chaos injection rate (default 0.58)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--db", action="append", help="database URL(s) for the store benchmark")
    p.add_argument("--quick", action="store_true", help="fewer iterations")
    p.set_defaults(func=_cmd_bench)

    p = sub.add_parser("db", help="copy a database to another (SQLite <-> PostgreSQL) or check one")
    dsub = p.add_subparsers(dest="db_command", required=True)
    d = dsub.add_parser("copy", help="copy every table from SRC to DST, then verify counts and checksums")
    d.add_argument("source", metavar="SRC", help="database path or URL to copy from")
    d.add_argument("destination", metavar="DST", help="database path or URL to copy into (created/migrated)")
    d = dsub.add_parser("check", help="schema version and integrity of a database")
    d.add_argument("url", nargs="?", metavar="URL", help="database path or URL (default: $LOREGUARD_DB)")
    for d in dsub.choices.values():
        d.add_argument("--json", action="store_true", help="one JSON object on standard output")
        d.add_argument("--log-level", help="log level on standard error (default WARNING)")
    p.set_defaults(func=_cmd_db)

    p = sub.add_parser("check-campaign", help="validate campaign files; prints the problems or ok")
    p.add_argument("paths", nargs="+")
    p.set_defaults(func=_cmd_check_campaign)

    p = sub.add_parser("config", help="show the AntiHallucinationConfig")
    csub = p.add_subparsers(dest="config_command", required=True)
    c = csub.add_parser("show", help="print the effective config for a model")
    c.add_argument("--model", help="model name (default: $LOREGUARD_MODEL)")
    c.set_defaults(func=_cmd_config)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # output piped into `head` and closed: not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
