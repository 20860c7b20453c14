"""NPC knowledge in campaign files: Shadowwatch, the tavern's rumours and orders, load-time checks."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import yaml

from bot.world.errors import CampaignError
from bot.world.loader import load_campaign

ZERO_FILES = {
    "alice_meeting_email", "bob_job_email", "charlie_sent_mail", "irc_general_log", "irc_shadowwatch_log",
    "crew_status", "todo", "passwords", "shadowwatch_info",
}


def test_shadowwatch_loads_with_zero_and_his_files():
    campaign = load_campaign("shadowwatch")
    assert campaign.setting == "1990s hacker underground"
    assert {"smartphone", "wifi", "cloud", "spell", "magic"} <= set(campaign.forbidden)
    zero = campaign.npc("Zero")
    assert {d.id for d in zero.documents} == ZERO_FILES
    assert zero.disposition < 0 and "lowercase" in zero.style
    docs = {d.id: d for d in zero.documents}
    assert docs["alice_meeting_email"].author == "alice@shadowwatch.net" and "3pm" in docs["alice_meeting_email"].text
    assert docs["passwords"].trust > 50 > zero.disposition
    assert docs["crew_status"].trust <= zero.disposition  # a new recruit may hear who is active
    assert "SHADOWWATCH v1.0" in docs["shadowwatch_info"].text
    assert {c.name for c in campaign.classes} >= {"phreaker", "coder", "social engineer"}
    assert campaign.location(campaign.start) is not None


def test_tavern_greta_has_rumours_and_bram_has_orders():
    campaign = load_campaign("tavern")
    greta, bram = campaign.npc("Greta"), campaign.npc("Bram")
    assert {d.type for d in greta.documents} == {"rumour"} and greta.persona and greta.style
    assert {d.type for d in bram.documents} == {"orders"} and bram.persona and bram.style
    assert any(d.trust > 0 for d in bram.documents)  # the sealed orders are not for strangers


def _campaign_with_document(tmp_path: Path, **document) -> Path:
    data = yaml.safe_load(Path("campaigns/tavern/campaign.yaml").read_text())
    data["npcs"][0]["documents"] = [{"id": "note", "text": "Something.", **document}]
    path = tmp_path / "campaign.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_a_document_trust_out_of_range_is_reported_with_its_path(tmp_path: Path):
    with pytest.raises(CampaignError) as err:
        load_campaign(_campaign_with_document(tmp_path, trust=250))
    assert any("npcs[0].documents[0].trust" in p for p in err.value.problems)


def test_a_document_without_text_is_reported(tmp_path: Path):
    with pytest.raises(CampaignError) as err:
        load_campaign(_campaign_with_document(tmp_path, text="   "))
    assert any("npcs[0].documents[0].text" in p and "needs some text" in p for p in err.value.problems)


def test_a_yaml_date_in_a_document_is_kept_as_text(tmp_path: Path):
    path = _campaign_with_document(tmp_path, date=datetime.date(1997, 2, 4))
    assert "date: 1997-02-04" in path.read_text()  # a bare YAML date, as a game master writes it
    campaign = load_campaign(path)
    assert campaign.npcs[0].documents[0].date == "1997-02-04"


def test_duplicate_document_ids_are_reported(tmp_path: Path):
    data = yaml.safe_load(Path("campaigns/tavern/campaign.yaml").read_text())
    data["npcs"][0]["documents"] = [{"id": "a", "text": "x"}, {"id": "A", "text": "y"}]
    path = tmp_path / "campaign.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(CampaignError) as err:
        load_campaign(path)
    assert any("documents[1]" in p and "duplicate" in p for p in err.value.problems)
