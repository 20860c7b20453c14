"""Load campaign files and check that their parts refer to each other correctly.

A campaign is a folder holding ``campaign.yaml`` (``campaigns/tavern/campaign.yaml``) or a single
``campaigns/<name>.yaml``. Every problem is reported at once, each as ``file: path: what is
wrong``, so a game master can fix a file in one pass instead of one error per run.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from bot.world.campaign import Campaign
from bot.world.errors import CampaignError, UnknownCampaign

CAMPAIGN_FILE = "campaign.yaml"

_FRIENDLY = {
    "list_type": "expected a list",
    "dict_type": "expected a mapping of keys to values",
    "string_type": "expected text",
    "int_type": "expected a whole number",
    "int_parsing": "expected a whole number",
    "int_from_float": "expected a whole number",
    "bool_type": "expected true or false",
    "bool_parsing": "expected true or false",
    "missing": "required but missing",
    "extra_forbidden": "unknown key (check the spelling)",
    "model_type": "expected a mapping of keys to values",
    "model_attributes_type": "expected a mapping of keys to values",
}


def campaigns_dir() -> Path:
    """Where shipped and user campaigns live: ``$LOREGUARD_CAMPAIGNS``, else ``./campaigns``, else
    the ``campaigns/`` folder of the checkout this package runs from."""
    env = os.environ.get("LOREGUARD_CAMPAIGNS")
    if env:
        return Path(env)
    here = Path.cwd() / "campaigns"
    if here.is_dir():
        return here
    return Path(__file__).resolve().parents[2] / "campaigns"


def available_campaigns(root: Path | None = None) -> list[str]:
    root = root or campaigns_dir()
    if not root.is_dir():
        return []
    names = []
    for entry in sorted(root.iterdir()):
        if entry.is_dir() and (entry / CAMPAIGN_FILE).is_file():
            names.append(entry.name)
        elif entry.suffix in (".yaml", ".yml") and entry.is_file():
            names.append(entry.stem)
    return names


def campaign_path(name_or_path: str | Path, root: Path | None = None) -> Path:
    """Resolve a campaign name (``tavern``) or a path to its YAML file."""
    path = Path(name_or_path)
    if path.is_dir():
        return path / CAMPAIGN_FILE
    if path.is_file():
        return path
    root = root or campaigns_dir()
    for candidate in (root / str(name_or_path) / CAMPAIGN_FILE, root / f"{name_or_path}.yaml"):
        if candidate.is_file():
            return candidate
    raise UnknownCampaign(str(name_or_path), available_campaigns(root))


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _loc(parts: Iterable[Any]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "(top level)"


def _friendly(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    if kind in _FRIENDLY:
        return _FRIENDLY[kind]
    message = str(error.get("msg", "invalid"))
    return message.removeprefix("Value error, ")


def parse_campaign(data: Any, source: str = "<campaign>") -> Campaign:
    """Validate already-parsed YAML data; raises CampaignError with every problem found."""
    if not isinstance(data, dict):
        raise CampaignError([f"{source}: (top level): expected a mapping of keys to values"])
    data = dict(data)
    data.setdefault("name", Path(source).parent.name if source.endswith(CAMPAIGN_FILE) else Path(source).stem)
    try:
        campaign = Campaign.model_validate(data)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            problems.append(f"{source}: {_loc(error['loc'])}: {_friendly(error)}")
        raise CampaignError(problems) from None
    problems = [f"{source}: {p}" for p in cross_reference_problems(campaign)]
    if problems:
        raise CampaignError(problems)
    return campaign


def load_campaign(name_or_path: str | Path, root: Path | None = None) -> Campaign:
    path = campaign_path(name_or_path, root)
    source = _display(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CampaignError([f"{source}: cannot be read: {exc.strerror or exc}"]) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(top level)"
        problem = getattr(exc, "problem", None) or str(exc)
        raise CampaignError([f"{source}: {where}: not valid YAML: {problem}"]) from None
    return parse_campaign(data, source)


@lru_cache(maxsize=32)
def _cached(path: str, mtime: float) -> Campaign:
    return load_campaign(path)


def get_campaign(name_or_path: str | Path) -> Campaign:
    """Load a campaign once and reuse it until its file changes."""
    path = campaign_path(name_or_path)
    return _cached(str(path), path.stat().st_mtime)


def _duplicates(names: Iterable[tuple[str, str]]) -> list[str]:
    """``names`` are (display path, name); report every name used twice, case-insensitively."""
    seen: dict[str, str] = {}
    problems = []
    for where, name in names:
        key = name.casefold().strip()
        if not key:
            continue
        if key in seen and seen[key] != where:
            problems.append(f"{where}: duplicate name or alias {name!r} (also {seen[key]})")
        else:
            seen.setdefault(key, where)
    return problems


def cross_reference_problems(c: Campaign) -> list[str]:
    """Everything the per-model checks cannot see: names that must refer to other parts."""
    problems: list[str] = []
    locations = {loc.name.casefold(): loc for loc in c.locations}

    if c.start.casefold() not in locations:
        problems.append(f"start: {c.start!r} names no location")

    # Every item that exists somewhere in the world, to check keys and sales against.
    held: set[str] = set()
    for cls in c.classes:
        held.update(i.casefold() for i in cls.items)
    for npc in c.npcs:
        held.update(i.casefold() for i in npc.items)
        held.update(i.casefold() for i in npc.sells)
    for loc in c.locations:
        for item in loc.items:
            held.add(item.name.casefold())
            held.update(x.casefold() for x in item.contains)
    for item in c.items:
        held.update(x.casefold() for x in item.contains)

    keys_used: set[str] = set()
    for li, loc in enumerate(c.locations):
        here = f"locations[{li}]"
        features = {f.name.casefold() for f in loc.features}
        for ei, exit_ in enumerate(loc.exits):
            if exit_.to.casefold() not in locations:
                problems.append(f"{here}.exits[{ei}].to: {exit_.to!r} names no location")
            if exit_.to.casefold() == loc.name.casefold():
                problems.append(f"{here}.exits[{ei}].to: an exit cannot lead to its own location")
            if exit_.through and exit_.through.casefold() not in features:
                problems.append(
                    f"{here}.exits[{ei}].through: {exit_.through!r} is not a feature of {loc.name!r}"
                )
        for fi, feature in enumerate(loc.features):
            if feature.key:
                keys_used.add(feature.key.casefold())
                if feature.key.casefold() not in held:
                    problems.append(
                        f"{here}.features[{fi}].key: {feature.key!r} is not held or placed anywhere"
                    )
            if feature.locked and not feature.key:
                problems.append(f"{here}.features[{fi}]: locked but names no key (add key: ...)")
        problems += _duplicates(
            [(f"{here}.features[{fi}]", n) for fi, f in enumerate(loc.features) for n in [f.name, *f.aliases]]
        )

    for ii, item in enumerate(c.items):
        if item.kind == "key" and item.name.casefold() not in keys_used:
            problems.append(f"items[{ii}]: key {item.name!r} opens nothing (no feature names it as key)")

    for ni, npc in enumerate(c.npcs):
        if npc.location.casefold() not in locations:
            problems.append(f"npcs[{ni}].location: {npc.location!r} names no location")
        if npc.weapon and npc.weapon.casefold() not in {i.casefold() for i in npc.items}:
            problems.append(f"npcs[{ni}].weapon: {npc.weapon!r} is not one of its items")
        doc_ids = [(f"npcs[{ni}].documents[{di}]", d.id) for di, d in enumerate(npc.documents)]
        problems += _duplicates(doc_ids)

    problems += _duplicates((f"locations[{i}]", n) for i, loc in enumerate(c.locations) for n in [loc.name, *loc.aliases])
    problems += _duplicates((f"npcs[{i}]", n) for i, npc in enumerate(c.npcs) for n in [npc.name, *npc.aliases])
    problems += _duplicates((f"classes[{i}]", cls.name) for i, cls in enumerate(c.classes))
    problems += _duplicates((f"items[{i}]", n) for i, it in enumerate(c.items) for n in [it.name, *it.aliases])
    return problems
