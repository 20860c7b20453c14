"""Fixtures any test may use: a fresh database file and the shipped tavern campaign."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.world.campaign import Campaign
from bot.world.loader import load_campaign


@pytest.fixture
def tmp_db_path(tmp_path: Path) -> Path:
    """A database file that does not exist yet, in the test's own folder."""
    return tmp_path / "loreguard.db"


@pytest.fixture
def tavern() -> Campaign:
    return load_campaign("tavern")
