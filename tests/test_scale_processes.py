"""Two bot processes on one PostgreSQL database, as a sharded deployment (or an old and a new
deployment overlapping) runs them: 100 turns sent to one channel through both at once lose no
update, apply no turn twice and leave one order in the turn log, while another channel plays on."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from bot.store import ChannelRef, Store, open_store
from bot.world.effects import apply_all, effect_from_dict
from bot.world.loader import load_campaign
from bot.world.state import WorldState, new_character
from pg_cluster import pg_cluster, pg_url  # noqa: F401  (fixtures)

DRIVER = Path(__file__).with_name("scale_driver.py")
BUSY = ChannelRef("guild-1", "busy")
QUIET = ChannelRef("guild-1", "quiet")
# Each process plays two characters; what they give goes to the other process's characters, so
# every turn reads and writes rows the other process is writing too.
PLAYERS = {0: [("p1", "Ann", "warrior"), ("p2", "Bo", "rogue")], 1: [("p3", "Cat", "warrior"), ("p4", "Dov", "rogue")]}
OTHER = {"p1": "Cat", "p2": "Dov", "p3": "Ann", "p4": "Bo"}
LINES = (
    "I buy an ale from Greta",
    "I give the ale to {other}",
    "I buy a stew from Greta",
    "I take the mug of ale",
    "I give the stew to {other}",
    "I take the wooden stool",
    "I give the wooden stool to {other}",
    "I give the ale to Greta",
)


def _plan(process: int, turns: int, channel: ChannelRef, players: list[str]) -> list[list[str]]:
    return [
        [channel.guild_id, channel.channel_id, players[k % len(players)],
         LINES[(k + 3 * process) % len(LINES)].format(other=OTHER[players[k % len(players)]])]
        for k in range(turns)
    ]


def _replay(start: WorldState, turns: list[Any]) -> WorldState:
    """The start state with every logged turn's decided effects applied, in log order."""
    state = start.copy()
    for turn in turns:
        effects = [effect_from_dict(e) for step in turn.outcome.get("steps", []) for e in step.get("effects") or []]
        apply_all(state, effects)
    return state


async def _start(store: Store, channel: ChannelRef, players: list[tuple[str, str, str]]) -> WorldState:
    tavern = load_campaign("tavern")
    record = await store.start_campaign(channel, tavern)
    for player_id, name, cls in players:
        await store.save_character(record.id, new_character(tavern, player_id, name, cls))
    return await store.load_state(record.id)


async def _run_drivers(url: str, plans: list[list[list[str]]], tmp_path: Path) -> list[list[dict[str, Any]]]:
    children = []
    for n, plan in enumerate(plans):
        plan_file = tmp_path / f"plan{n}.json"
        plan_file.write_text(json.dumps(plan))
        children.append(await asyncio.create_subprocess_exec(
            sys.executable, str(DRIVER), url, str(plan_file),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        ))
    for child in children:  # both are connected before either sends a turn
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), timeout=120)
        assert line.strip() == b"ready", line
    for child in children:
        assert child.stdin is not None
        child.stdin.write(b"go\n")
        await child.stdin.drain()
    outputs = await asyncio.gather(*(child.communicate() for child in children))
    results = []
    for child, (out, err) in zip(children, outputs, strict=True):
        assert child.returncode == 0, err.decode()[-3000:]
        lines = out.decode().split("\n")
        assert "done" in lines, out.decode()[-1000:]
        results.append([json.loads(l) for l in lines if l.startswith("{")])
    return results


async def test_two_processes_share_one_channel_without_losing_or_repeating_a_turn(tmp_path: Path, pg_url: str) -> None:  # noqa: F811
    async with open_store(pg_url) as store:
        busy_start = await _start(store, BUSY, PLAYERS[0] + PLAYERS[1])
        quiet_start = await _start(store, QUIET, PLAYERS[0])
    plans = [
        _plan(0, 50, BUSY, ["p1", "p2"]) + _plan(0, 20, QUIET, ["p1", "p2"]),
        _plan(1, 50, BUSY, ["p3", "p4"]),
    ]
    results = await _run_drivers(pg_url, plans, tmp_path)

    async with open_store(pg_url) as store:
        busy_end = await store.load_state(busy_start.campaign_id)
        quiet_end = await store.load_state(quiet_start.campaign_id)
        busy_log = sorted(await store.recent_turns(busy_start.campaign_id, limit=500), key=lambda t: t.id or 0)
        quiet_log = sorted(await store.recent_turns(quiet_start.campaign_id, limit=500), key=lambda t: t.id or 0)

    sent = [r for process in results for r in process]
    busy_sent = [r for r in sent if r["channel"] == BUSY.channel_id]
    assert len(busy_sent) == 100 and len(sent) == 120
    # Each turn sent was committed exactly once: the ids the processes got back are the log.
    assert sorted(r["turn_id"] for r in busy_sent) == [t.id for t in busy_log]
    assert sorted(r["turn_id"] for r in sent if r["channel"] == QUIET.channel_id) == [t.id for t in quiet_log]
    # Both processes really played this channel, and they did race for it.
    assert {t.player_id for t in busy_log} == {"p1", "p2", "p3", "p4"}
    # One order: versions strictly increasing, no gaps, ending at the campaign's version.
    assert [t.version for t in busy_log] == list(range(busy_start.version + 1, busy_start.version + 101))
    assert busy_end.version == busy_start.version + 100
    assert [t.version for t in quiet_log] == list(range(quiet_start.version + 1, quiet_start.version + 21))
    # No lost update, nothing applied twice: the state is exactly the log replayed in order.
    for start, log, end in ((busy_start, busy_log, busy_end), (quiet_start, quiet_log, quiet_end)):
        replayed = _replay(start, log)
        replayed.version = end.version
        assert replayed == end
    # Gold and items add up: what the players lost is what the shop was paid (gifts between
    # players cancel out); every ale bought is with a player or with Greta.
    def effects_of(kind: str) -> list[dict[str, Any]]:
        return [e for t in busy_log for s in t.outcome.get("steps", []) if s.get("action_type") == kind
                for e in s.get("effects") or []]

    paid = -sum(e["delta"] for e in effects_of("buy") if e["type"] == "adjust_gold")
    assert paid > 0
    gold = lambda state: sum(c.gold for c in state.characters.values())  # noqa: E731
    assert gold(busy_start) - gold(busy_end) == paid
    ales_bought = sum(1 for e in effects_of("buy") if e["type"] == "transfer_item" and e["item"] == "ale")
    ales_held = sum(c.inventory.count("ale") for c in busy_end.characters.values())
    assert ales_held + busy_end.npcs["Greta"].items.count("ale") == ales_bought > 0
