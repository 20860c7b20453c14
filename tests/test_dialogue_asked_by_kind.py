"""A player asks for a kind of document ("any rumours?", "any gossip?"): the NPC's documents of
that kind answer, as surely as a document whose title was named. A document the player may not
see stays hidden even then."""

from __future__ import annotations

import pytest

from bot.conversation import talk
from bot.dialogue.claims import is_uncertain
from bot.dialogue.retrieve import query_terms, rank, topic_terms
from bot.dialogue.sources import Source
from bot.llm.offline import OfflineProvider
from bot.world.loader import load_campaign


@pytest.fixture(scope="module")
def tavern():
    return load_campaign("tavern")


@pytest.mark.parametrize("asked", ["I ask Greta about the rumours", "any gossip, Greta?",
                                   "Heard any rumors?"])
async def test_asking_greta_for_rumours_gets_one_of_her_rumours(tavern, asked: str) -> None:
    result = await talk(OfflineProvider(), tavern, "Greta", "p1", 0, asked)
    assert not is_uncertain(result.speech), result.speech
    rumours = {d.id for d in tavern.npc("Greta").documents if d.type == "rumour"}
    assert result.evidence_used and set(result.evidence_used) <= rumours


async def test_a_rumour_above_the_players_trust_is_not_told_when_rumours_are_asked_for(tavern) -> None:
    result = await talk(OfflineProvider(), tavern, "Greta", "p1", 0, "tell me every rumour you have")
    assert "grey_hood" not in result.evidence_used and "grey hood" not in result.speech.lower()


def test_the_kind_of_a_document_is_not_read_as_its_topic_for_memories() -> None:
    memory = Source(id="memory-1", type="memory", text="The player bought me an ale.")
    assert rank(topic_terms("do you have any memory of me?"), [memory]) == []


def test_an_email_is_found_when_the_player_asks_for_mail() -> None:
    mail = Source(id="m1", type="email", text="meet at the docks at nine.", title="docks")
    other = Source(id="o1", type="orders", text="hold the gate.", title="watch")
    assert [h.source.id for h in rank(query_terms("got any mail for me?"), [mail, other])] == ["m1"]
