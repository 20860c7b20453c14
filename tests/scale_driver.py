"""One bot-engine process for ``test_scale_processes.py``: the real ``Game`` and ``TurnRunner`` with
the offline narrator on a database URL, sending the turns it is given all at once.

    python tests/scale_driver.py URL PLAN.json

PLAN.json is a list of ``[guild, channel, player, line]``. The driver opens the store, prints
``ready``, waits for ``go`` on standard input (so that every process starts together), then prints
one JSON object per committed turn: ``{"channel", "player", "line", "turn_id", "retries"}``. A turn
that lost the race three times (``SceneChanged``) is sent again, as a player would.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sys

from bot.errors import SceneChanged
from bot.game import Game
from bot.llm.offline import OfflineProvider
from bot.store import ChannelRef, open_store
from bot.turn import TurnRunner


async def main(url: str, plan_file: str) -> int:
    with open(plan_file, encoding="utf-8") as fh:
        plan = [tuple(item) for item in json.load(fh)]
    logging.basicConfig(level=logging.INFO if "-v" in sys.argv else logging.WARNING, stream=sys.stderr)
    store = open_store(url)
    await store.open()
    rng = random.Random(1)
    runner = TurnRunner(Game(store), OfflineProvider(), rng_factory=lambda: random.Random(rng.random()))
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    if (await loop.run_in_executor(None, sys.stdin.readline)).strip() != "go":
        return 3

    async def send(guild: str, channel: str, player: str, line: str) -> None:
        retries = 0
        while True:
            try:
                result = await runner.run(ChannelRef(guild, channel), player, line)
                break
            except SceneChanged:
                retries += 1
        print(json.dumps({"channel": channel, "player": player, "line": line,
                          "turn_id": result.turn_id, "retries": retries}), flush=True)

    try:
        await asyncio.gather(*(send(*item) for item in plan))
    finally:
        await store.close()
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main(sys.argv[1], sys.argv[2])))
