"""The game outside of turns: campaigns, characters, the game master's changes, and the per-channel
turn order they share with ``bot.turn``.

Cogs and the terminal call this class; it calls the store. It holds one asyncio lock per channel so
that a game master's ``/gm give`` and a player's turn in the same channel never interleave, while
channels run in parallel.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from bot.errors import AlreadyJoined, BadInput, GameError, NoCampaign, NotJoined, UnknownName
from bot.store.base import CampaignRecord, ChannelRef, Store
from bot.world.campaign import Campaign
from bot.world.effects import Holder, MoveCharacter, SetHP, TransferItem
from bot.world.errors import CampaignError
from bot.world.loader import available_campaigns, get_campaign
from bot.world.scene import Scene
from bot.world.state import CharacterState, WorldState, new_character, scene_for

NAME_PATTERN = re.compile(r"^[\w][\w '\-.]{0,31}$", re.UNICODE)


class ChannelLocks:
    """One lock per channel: turns in a channel run one at a time, channels in parallel."""

    def __init__(self) -> None:
        self._locks: dict[ChannelRef, asyncio.Lock] = {}

    def get(self, channel: ChannelRef) -> asyncio.Lock:
        lock = self._locks.get(channel)
        if lock is None:
            lock = self._locks[channel] = asyncio.Lock()
        return lock

    @asynccontextmanager
    async def hold(self, channel: ChannelRef) -> AsyncIterator[None]:
        async with self.get(channel):
            yield


@dataclass(slots=True)
class Table:
    """A campaign as it stands in one channel: its record, its world file and its state."""

    record: CampaignRecord
    campaign: Campaign
    state: WorldState

    def character(self, player_id: str) -> CharacterState:
        ch = self.state.characters.get(player_id)
        if ch is None or not ch.active:
            raise NotJoined()
        return ch

    def scene(self, player_id: str, where: str | None = None) -> Scene:
        return scene_for(self.state, self.campaign, player_id, where)


def clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not NAME_PATTERN.match(name):
        raise BadInput("A character name is 1 to 32 letters, digits, spaces, ' or -.")
    return name


class Game:
    def __init__(self, store: Store, locks: ChannelLocks | None = None):
        self.store = store
        self.locks = locks or ChannelLocks()

    # campaigns ---------------------------------------------------------------------------------
    @staticmethod
    def campaign_names() -> list[str]:
        return available_campaigns()

    @staticmethod
    def load_campaign(name: str) -> Campaign:
        try:
            return get_campaign(name)
        except CampaignError as exc:
            raise GameError(str(exc)) from None

    async def start(self, channel: ChannelRef, name: str, gm_role_id: str | None = None) -> CampaignRecord:
        campaign = self.load_campaign(name)
        async with self.locks.hold(channel):
            return await self.store.start_campaign(channel, campaign, gm_role_id)

    async def end(self, channel: ChannelRef) -> bool:
        async with self.locks.hold(channel):
            return await self.store.end_campaign(channel)

    async def table(self, channel: ChannelRef, remembered: bool = False) -> Table:
        """The channel's table as read now; with ``remembered``, as this process last knew it
        (``Store.remembered_state``: only for a turn that commits with a version check)."""
        found = await (self.store.remembered_state(channel) if remembered else self.store.active_state(channel))
        if found is None:
            raise NoCampaign()
        record, state = found
        return Table(record, self.load_campaign(record.campaign), state)

    # characters --------------------------------------------------------------------------------
    async def join(self, channel: ChannelRef, player_id: str, name: str, class_name: str) -> CharacterState:
        name = clean_name(name)
        async with self.locks.hold(channel):
            table = await self.table(channel)
            existing = table.state.characters.get(player_id)
            if existing is not None and existing.active:
                raise AlreadyJoined(f"You already play {existing.name} here. Use /leave first to start over.")
            clash = table.state.character_by_name(name)
            if clash is not None and clash.player_id != player_id:
                raise AlreadyJoined(f"Someone already plays a character named {clash.name} here.")
            if table.campaign.npc(name) is not None:
                raise BadInput(f"{name} is a character of this world; choose another name.")
            try:
                character = new_character(table.campaign, player_id, name, class_name)
            except ValueError as exc:
                raise UnknownName(str(exc)) from None
            await self.store.save_character(table.record.id, character)
            return character

    async def leave(self, channel: ChannelRef, player_id: str) -> CharacterState:
        async with self.locks.hold(channel):
            table = await self.table(channel)
            character = table.character(player_id)
            character.active = False
            await self.store.save_character(table.record.id, character)
            return character

    async def player_by_name(self, table: Table, name: str) -> CharacterState:
        character = table.state.character_by_name(name)
        if character is None:
            raise UnknownName(f"No character named {name!r} plays in this channel.")
        return character

    # game master -------------------------------------------------------------------------------
    async def gm_give(self, channel: ChannelRef, player_id: str, item: str) -> CharacterState:
        item = " ".join(item.split())
        if not item or len(item) > 60:
            raise BadInput("An item name is 1 to 60 characters.")
        return await self._admin(channel, player_id, [TransferItem(item, Holder("shop"), Holder("player", player_id))], f"gm give {item}")

    async def gm_take(self, channel: ChannelRef, player_id: str, item: str) -> CharacterState:
        async with self.locks.hold(channel):
            table = await self.table(channel)
            character = table.character(player_id)
            held = next((i for i in character.inventory if i.casefold() == item.strip().casefold()), None)
            if held is None:
                raise UnknownName(f"{character.name} does not carry {item!r}.")
            await self.store.apply_admin(table.record.id, [TransferItem(held, Holder("player", player_id), None)], f"gm take {held}")
        return await self._character(channel, player_id)

    async def gm_move(self, channel: ChannelRef, player_id: str, location: str) -> CharacterState:
        async with self.locks.hold(channel):
            table = await self.table(channel)
            table.character(player_id)
            loc = table.campaign.location(location.strip())
            if loc is None:
                places = ", ".join(l.name for l in table.campaign.locations)
                raise UnknownName(f"No location called {location!r} (locations: {places}).")
            await self.store.apply_admin(table.record.id, [MoveCharacter(player_id, loc.name)], f"gm move {loc.name}")
        return await self._character(channel, player_id)

    async def gm_set_hp(self, channel: ChannelRef, player_id: str, hp: int) -> CharacterState:
        if hp < 0 or hp > 10_000:
            raise BadInput("HP must be between 0 and 10000.")
        return await self._admin(channel, player_id, [SetHP("player", player_id, hp)], f"gm set-hp {hp}")

    async def set_model(self, channel: ChannelRef, model: str | None) -> None:
        if model is not None and not re.fullmatch(r"[\w.:/\-]{1,100}", model):
            raise BadInput("A model name is up to 100 letters, digits, '.', ':', '/', '-' or '_'.")
        if await self.store.active_campaign(channel) is None:
            raise NoCampaign()
        await self.store.set_channel_model(channel, model)

    async def _admin(self, channel: ChannelRef, player_id: str, effects: list, note: str) -> CharacterState:
        async with self.locks.hold(channel):
            table = await self.table(channel)
            table.character(player_id)
            await self.store.apply_admin(table.record.id, effects, note)
        return await self._character(channel, player_id)

    async def _character(self, channel: ChannelRef, player_id: str) -> CharacterState:
        return (await self.table(channel)).character(player_id)
