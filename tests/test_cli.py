"""The ``loreguard`` command as a user runs it: terminal play with a script, JSON per turn, state
that survives a restart, a Discord channel's campaign opened from the same database, and the
config and eval commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bot.game import Game
from bot.store import open_store
from bot.store.base import ChannelRef

ROOT = Path(__file__).resolve().parents[1]
KEYS = {"input", "narration", "blocked", "attempts", "fallback", "findings"}


def loreguard(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("LOREGUARD_", "OPENAI_", "GEMINI_", "DISCORD_"))}
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True, cwd=cwd,
                          env=full_env, timeout=300)


def test_a_script_run_prints_one_json_object_per_turn(tmp_path: Path) -> None:
    script = tmp_path / "turns.txt"
    lines = ["I order an ale from Greta", "I cast fireball at the guard", "I walk to the Market Square",
             "inventory"]
    script.write_text("\n".join(lines) + "\n")
    run = loreguard("play", "--db", str(tmp_path / "lg.db"), "--script", str(script), "--json", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert [o["input"] for o in out] == lines
    for o in out:
        assert KEYS <= set(o)
        for f in o["findings"]:
            assert {"kind", "severity", "confidence", "span"} <= set(f)
    assert out[1]["blocked"] is True and out[1]["findings"][0]["kind"] == "no_ability"
    assert out[0]["blocked"] is False and "11" in out[0]["narration"]


def test_where_am_i_is_a_look_and_a_bare_question_mark_is_still_help(tmp_path: Path) -> None:
    # (terminal play: "where am I?" was "It isn't clear what Bo does")
    script = tmp_path / "turns.txt"
    script.write_text("where am I?\nWhat is this place?\n?\n")
    run = loreguard("play", "--db", str(tmp_path / "lg.db"), "--script", str(script), "--json", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert [o["narration"].splitlines()[0] for o in out[:2]] == ["The Rusty Tankard", "The Rusty Tankard"]
    assert "Exits:" in out[0]["narration"] and "Commands:" in out[2]["narration"]


def test_commands_typed_with_a_discord_slash_work_in_the_terminal(tmp_path: Path) -> None:
    # (terminal play: "/quit" was "It isn't clear what Aldric does", and play went on)
    script = tmp_path / "turns.txt"
    script.write_text("/inventory\n/quit\nI walk to the Market Square\n")
    run = loreguard("play", "--db", str(tmp_path / "lg.db"), "--script", str(script), "--json", "--seed", "1")
    assert run.returncode == 0, run.stderr
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert [o["input"] for o in out] == ["/inventory"]
    assert out[0]["command"] == "inventory"


def test_state_survives_quitting_and_restarting(tmp_path: Path) -> None:
    db = str(tmp_path / "lg.db")
    first = tmp_path / "one.txt"
    first.write_text("I buy a stew from Greta\nI walk to the Market Square\nquit\nI walk to the Town Gate\n")
    assert loreguard("play", "--db", db, "--script", str(first), "--name", "Mira", "--class", "mage").returncode == 0
    second = tmp_path / "two.txt"
    second.write_text("sheet\n")
    run = loreguard("play", "--db", db, "--script", str(second), "--json")
    sheet = json.loads(run.stdout.splitlines()[-1])["narration"]
    assert "Mira" in sheet and "mage" in sheet
    assert "Market Square" in sheet  # quit stopped the script before the Town Gate
    assert "gold 6" in sheet.lower() or "6 gold" in sheet.lower()


def test_play_opens_a_discord_channels_campaign_from_the_same_database(tmp_path: Path) -> None:
    import asyncio

    db = str(tmp_path / "bot.db")

    async def as_the_bot() -> None:
        store = open_store(db)
        await store.open()
        game = Game(store)
        channel = ChannelRef("111", "222")
        await game.start(channel, "tavern")
        await game.join(channel, "333", "Bryn", "cleric")
        await game.gm_give(channel, "333", "silver ring")
        await store.close()

    asyncio.run(as_the_bot())
    listed = loreguard("play", "--db", db, "--list")
    assert "111/222\ttavern" in listed.stdout
    script = tmp_path / "s.txt"
    script.write_text("inventory\n")
    run = loreguard("play", "--db", db, "--channel", "111/222", "--name", "Bryn", "--script", str(script), "--json")
    assert run.returncode == 0, run.stderr
    assert "silver ring" in json.loads(run.stdout.splitlines()[-1])["narration"]


def test_config_show_prints_the_profile_a_model_selects() -> None:
    run = loreguard("config", "show", "--model", "Hathor-L3-8B")
    assert run.returncode == 0, run.stderr
    assert "*hathor*" in run.stdout
    assert "strict_mode: true" in run.stdout and "max_retries: 5" in run.stdout
    default = loreguard("config", "show", "--model", "some-other-model")
    assert "max_retries: 3" in default.stdout and "narration: 0.6" in default.stdout


def test_eval_reports_a_malformed_line_and_goes_on(tmp_path: Path) -> None:
    public = Path("/work/shared/eval/public/tavern.jsonl")
    cases = public.read_text().splitlines()[:3] if public.exists() else []
    bad = tmp_path / "cases.jsonl"
    bad.write_text("\n".join([*cases, "{not json", '{"id": "x"}']) + "\n")
    run = loreguard("eval", str(bad), "--json")
    assert run.returncode == 0
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["errors"] == 2
    assert report["cases"] == len(cases)
    assert "line" in run.stderr
