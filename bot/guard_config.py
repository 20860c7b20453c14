"""How hard the guard works for a given model: the AntiHallucinationConfig and its profiles.

Models differ: a very creative one needs strict mode and more retries, a disciplined one fewer, the
offline templates none. Profiles are chosen by a glob on the model name (case-insensitive, first
match wins), then a YAML file (``LOREGUARD_GUARD_CONFIG``) and a campaign channel's overrides are
merged on top, key by key, so an operator changes one value without restating the rest. Layers,
lowest first: shipped default < file default < matched profile (shipped, merged with the file's
entry for the same pattern) < channel overrides.
"""

from __future__ import annotations

import fnmatch
from copy import deepcopy
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

DEFAULT_PROFILE = "default"

SHIPPED_DEFAULT: dict[str, Any] = {
    "enable_pre_validation": True,
    "enable_constrained_prompts": True,
    "enable_post_validation": True,
    "max_retries": 3,
    "fallback_to_templates": True,
    "log_violations": True,
    "strict_mode": False,
    "repair_first": "strip",
    "temperatures": {
        "validation": 0.1, "narration": 0.6, "dialogue": 0.9, "description": 0.7, "combat": 0.5,
        "intent": 0.1, "proposal": 0.2,
    },
    "max_tokens": {
        "narration": 170, "description": 200, "combat": 170, "dialogue": 220, "intent": 200, "proposal": 300,
    },
}

SHIPPED_PROFILES: list[dict[str, Any]] = [
    {"match": "*hathor*", "strict_mode": True, "max_retries": 5},  # very creative: 58% violations unguarded
    {"match": "gemini*", "max_retries": 2},  # disciplined at low temperature
    {"match": "offline", "max_retries": 0},  # templates: a retry would say the same thing
]


class GuardConfigError(ValueError):
    """A guard configuration (file or channel overrides) that cannot be used; says where and why."""


class AntiHallucinationConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    enable_pre_validation: bool = True
    enable_constrained_prompts: bool = True
    enable_post_validation: bool = True
    max_retries: int = Field(3, ge=0, le=20)
    fallback_to_templates: bool = True
    log_violations: bool = True
    strict_mode: bool = False  # warn-severity findings block too
    # On blocking findings, first try dropping the offending sentences (no model call) when what is
    # left still tells the decided outcome ("strip"), or ask the model again first ("retry").
    # Measured by `loreguard bench`: at a 58% raw rate, retry-first costs ~2.2 model calls a turn,
    # strip-first ~1.5, with the same zero shipped.
    repair_first: Literal["strip", "retry"] = "strip"
    temperatures: dict[str, float] = Field(default_factory=lambda: dict(SHIPPED_DEFAULT["temperatures"]))
    max_tokens: dict[str, int] = Field(default_factory=lambda: dict(SHIPPED_DEFAULT["max_tokens"]))

    def temperature(self, task: str) -> float:
        """The temperature for ``task``; unknown tasks get narration's."""
        if task in self.temperatures:
            return self.temperatures[task]
        return self.temperatures.get("narration", 0.6)

    def tokens(self, task: str) -> int:
        """The output-token cap for ``task``; unknown tasks get narration's."""
        if task in self.max_tokens:
            return self.max_tokens[task]
        return self.max_tokens.get("narration", 170)


class _Overrides(BaseModel):
    """A partial config: only what an operator wants to change."""

    model_config = ConfigDict(extra="forbid")

    enable_pre_validation: bool | None = None
    enable_constrained_prompts: bool | None = None
    enable_post_validation: bool | None = None
    max_retries: int | None = Field(None, ge=0, le=20)
    fallback_to_templates: bool | None = None
    log_violations: bool | None = None
    strict_mode: bool | None = None
    repair_first: Literal["strip", "retry"] | None = None
    temperatures: dict[str, float] | None = None
    max_tokens: dict[str, int] | None = None

    def values(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class _Profile(_Overrides):
    match: str


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")

    default: _Overrides = Field(default_factory=_Overrides)
    profiles: list[_Profile] = Field(default_factory=list)


# ---- public API ---------------------------------------------------------------------------------
def config_for(
    model: str | None,
    file: str | Path | None = None,
    channel_overrides: dict[str, Any] | None = None,
) -> AntiHallucinationConfig:
    """The effective config for ``model``: default, matched profile, file, channel overrides."""
    default, profiles = _layers(file)
    _, profile = _match(model, profiles)
    merged = _merge(default, profile or {})
    if channel_overrides:
        merged = _merge(merged, _validate_overrides(channel_overrides, "channel overrides"))
    return AntiHallucinationConfig.model_validate(merged)


def profile_name_for(model: str | None, file: str | Path | None = None) -> str:
    """The pattern of the profile that ``model`` selects, or ``"default"``."""
    pattern, _ = _match(model, _layers(file)[1])
    return pattern or DEFAULT_PROFILE


def validate_channel_overrides(overrides: dict[str, Any]) -> dict[str, Any]:
    """Check overrides before storing them for a channel; returns them normalised."""
    return _validate_overrides(overrides, "channel overrides")


def show(model: str | None, file: str | Path | None = None,
         channel_overrides: dict[str, Any] | None = None) -> str:
    """A readable dump of the effective config and of what selected it."""
    default, profiles = _layers(file)
    pattern, _ = _match(model, profiles)
    config = config_for(model, file, channel_overrides)
    lines = [f"model: {model or '(none)'}"]
    if pattern is None:
        lines.append("profile: default (no pattern matched)")
    else:
        origin = "file" if file and any(p.get("_from_file") and p["match"] == pattern for p in profiles) else "shipped"
        lines.append(f"profile: {pattern} ({origin})")
    lines.append(f"config file: {file or '(none)'}")
    if channel_overrides:
        lines.append(f"channel overrides: {sorted(channel_overrides)}")
    lines.append("")
    body = config.model_dump()
    for key in ("enable_pre_validation", "enable_constrained_prompts", "enable_post_validation",
                "max_retries", "fallback_to_templates", "log_violations", "strict_mode", "repair_first"):
        value = body[key]
        lines.append(f"{key}: {str(value).lower() if isinstance(value, bool) else value}")
    for key in ("temperatures", "max_tokens"):
        lines.append(f"{key}:")
        lines += [f"  {task}: {value}" for task, value in body[key].items()]
    lines.append("")
    lines.append("profiles (first match wins):")
    for p in profiles:
        changes = {k: v for k, v in p.items() if k not in ("match", "_from_file")}
        mark = "->" if p["match"] == pattern else "  "
        lines.append(f"{mark} {p['match']}: {changes}")
    lines.append(f"{'->' if pattern is None else '  '} {DEFAULT_PROFILE}: max_retries={default['max_retries']}")
    return "\n".join(lines)


# ---- internals ----------------------------------------------------------------------------------
def _match(model: str | None, profiles: list[dict[str, Any]]) -> tuple[str | None, dict[str, Any] | None]:
    """First profile whose glob matches the model name, or its last path segment
    (``google/gemini-2.5-flash`` via a router matches ``gemini*``)."""
    if not model:
        return None, None
    name = model.strip().casefold()
    candidates = [name, name.rsplit("/", 1)[-1]]
    for profile in profiles:
        pattern = profile["match"].casefold()
        if any(fnmatch.fnmatchcase(c, pattern) for c in candidates):
            return profile["match"], {k: v for k, v in profile.items() if k not in ("match", "_from_file")}
    return None, None


def _layers(file: str | Path | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    default = deepcopy(SHIPPED_DEFAULT)
    shipped = [deepcopy(p) for p in SHIPPED_PROFILES]
    if not file:
        return default, shipped
    loaded = _load_file(Path(file))
    default = _merge(default, loaded.default.values())
    profiles: list[dict[str, Any]] = []
    seen: set[str] = set()
    for entry in loaded.profiles:
        values = entry.values()
        key = entry.match.casefold()
        base = next((p for p in shipped if p["match"].casefold() == key), {"match": entry.match})
        profiles.append({**_merge(base, values), "match": entry.match, "_from_file": True})
        seen.add(key)
    profiles += [p for p in shipped if p["match"].casefold() not in seen]
    return default, profiles


_FILE_CACHE: dict[tuple[str, int, int], _File] = {}


def _load_file(path: Path) -> _File:
    try:
        info = path.stat()
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError as e:
        raise GuardConfigError(f"guard config {path}: cannot read the file ({e.strerror or e})") from None
    cached = _FILE_CACHE.get((str(path), *stamp))
    if cached is not None:
        return cached
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise GuardConfigError(f"guard config {path}: cannot read the file ({e.strerror or e})") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        problem = getattr(e, "problem", None) or str(e)
        raise GuardConfigError(f"guard config {path}: not valid YAML{where}: {problem}") from None
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise GuardConfigError(f"guard config {path}: expected a mapping with 'default' and/or 'profiles', "
                               f"found {type(raw).__name__}")
    try:
        loaded = _File.model_validate(raw)
    except ValidationError as e:
        raise GuardConfigError(f"guard config {path}: {_first_problem(e)}") from None
    _FILE_CACHE.clear()
    _FILE_CACHE[(str(path), *stamp)] = loaded
    return loaded


def _validate_overrides(overrides: dict[str, Any], where: str) -> dict[str, Any]:
    if not isinstance(overrides, dict):
        raise GuardConfigError(f"{where}: expected a mapping, found {type(overrides).__name__}")
    try:
        return _Overrides.model_validate(overrides).values()
    except ValidationError as e:
        raise GuardConfigError(f"{where}: {_first_problem(e)}") from None


def _first_problem(error: ValidationError) -> str:
    problems = error.errors()
    first = problems[0]
    loc = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in first.get("loc", ())).lstrip(".")
    if first.get("type") == "extra_forbidden":
        message = "unknown key (check the spelling)"
    elif first.get("type") == "missing":
        message = "required key missing"
    else:
        message = first.get("msg", "invalid value")
        if "input" in first and not isinstance(first["input"], (dict, list)):
            message += f" (got {first['input']!r})"
    more = f"; {len(problems) - 1} more problem(s)" if len(problems) > 1 else ""
    return f"{loc or '(top level)'}: {message}{more}"


def _merge(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` over ``base``, one level deeper for the per-task tables."""
    out = deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = deepcopy(value)
    return out
