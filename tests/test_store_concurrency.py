"""Many writers on one channel: optimistic versions plus one write transaction at a time lose no
update, whether the writers share a store or hold separate connections (as two processes would)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.store import ChannelRef, SQLiteStore, TurnRecord, VersionConflict
from bot.world.campaign import Campaign
from bot.world.effects import AdjustGold, Holder, TransferItem
from bot.world.state import new_character

CHANNEL = ChannelRef("guild-1", "chan-1")
MARKET = "Market Square"


async def _commit_with_retry(
    store: SQLiteStore, campaign_id: int, i: int, first_read: asyncio.Barrier | None = None
) -> int:
    """A player's turn as the engine runs it: read, decide, commit, re-run on a conflict."""
    conflicts = 0
    while True:
        state = await store.load_state(campaign_id)
        if first_read is not None:
            await first_read.wait()  # every turn has read the same version before any commits
            first_read = None
        effects = [AdjustGold("p1", 2), TransferItem(f"gem {i}", Holder("shop"), Holder("player", "p1"))]
        turn = TurnRecord(campaign_id=campaign_id, player_id="p1", input=f"turn {i}")
        try:
            await store.commit_turn(campaign_id, state.version, effects, turn, [])
            return conflicts
        except VersionConflict:
            conflicts += 1


async def _admin(store: SQLiteStore, campaign_id: int, i: int) -> int:
    await store.apply_admin(
        campaign_id,
        [AdjustGold("p2", 3), TransferItem(f"gem {i}", Holder("shop"), Holder("place", MARKET))],
        f"gm drops gem {i}",
    )
    return 0


async def _start(store: SQLiteStore, tavern: Campaign) -> int:
    record = await store.start_campaign(CHANNEL, tavern)
    await store.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))  # 12 gold
    await store.save_character(record.id, new_character(tavern, "p2", "Bo", "mage"))  # 8 gold
    return record.id


async def test_fifty_concurrent_turns_and_gm_changes_on_one_channel_lose_no_update(
    tmp_db_path: Path, tavern: Campaign
) -> None:
    async with SQLiteStore(tmp_db_path) as store:
        campaign_id = await _start(store, tavern)
        start_version = (await store.load_state(campaign_id)).version
        turns = [i for i in range(50) if i % 2 == 0]
        admins = [i for i in range(50) if i % 2 == 1]
        barrier = asyncio.Barrier(len(turns))
        tasks = [
            _commit_with_retry(store, campaign_id, i, barrier) if i % 2 == 0 else _admin(store, campaign_id, i)
            for i in range(50)
        ]
        conflicts = await asyncio.gather(*tasks)

        state = await store.load_state(campaign_id)
        ann, bo = state.characters["p1"], state.characters["p2"]
        assert ann.gold == 12 + 2 * len(turns)
        assert bo.gold == 8 + 3 * len(admins)
        assert sorted(i for i in ann.inventory if i.startswith("gem")) == sorted(f"gem {i}" for i in turns)
        assert sorted(i for i in state.places[MARKET].items if i.startswith("gem")) == sorted(
            f"gem {i}" for i in admins
        )
        assert state.version == start_version + 50
        assert len(await store.recent_turns(campaign_id, limit=100)) == len(turns)
        assert len(await store.admin_changes(campaign_id, limit=100)) == len(admins)
        # All turns read one version, so all but one had to re-run at least once.
        assert sum(conflicts) >= len(turns) - 1


async def test_two_stores_on_one_file_serialise_their_commits(tmp_db_path: Path, tavern: Campaign) -> None:
    """Two connections to one file, as two bot processes would hold: the write lock is SQLite's,
    the version check catches the state that moved under a turn."""
    async with SQLiteStore(tmp_db_path) as first, SQLiteStore(tmp_db_path) as second:
        campaign_id = await _start(first, tavern)
        tasks = [
            _commit_with_retry(first if i % 2 else second, campaign_id, i) for i in range(30)
        ] + [_admin(second if i % 2 else first, campaign_id, 100 + i) for i in range(10)]
        await asyncio.gather(*tasks)
        state = await second.load_state(campaign_id)
        assert state == await first.load_state(campaign_id)
        assert state.characters["p1"].gold == 12 + 2 * 30
        assert state.characters["p2"].gold == 8 + 3 * 10
        assert len([i for i in state.characters["p1"].inventory if i.startswith("gem")]) == 30
        assert len(state.places[MARKET].items) == 10


async def test_channels_commit_in_parallel_without_touching_each_other(tmp_db_path: Path, tavern: Campaign) -> None:
    async with SQLiteStore(tmp_db_path) as store:
        channels = [ChannelRef("guild-1", f"chan-{n}") for n in range(5)]
        ids = []
        for channel in channels:
            record = await store.start_campaign(channel, tavern)
            await store.save_character(record.id, new_character(tavern, "p1", "Ann", "warrior"))
            ids.append(record.id)
        # Channel n gets n + 1 turns, all at once.
        await asyncio.gather(
            *(_commit_with_retry(store, cid, 1000 * n + k) for n, cid in enumerate(ids) for k in range(n + 1))
        )
        for n, cid in enumerate(ids):
            ann = (await store.load_state(cid)).characters["p1"]
            assert ann.gold == 12 + 2 * (n + 1)
            assert sorted(i for i in ann.inventory if i.startswith("gem")) == sorted(
                f"gem {1000 * n + k}" for k in range(n + 1)
            )
