"""Settings from the environment and ``.env``, in one typed place.

Everything the bot reads from its environment is declared here, with the variable's name and a
one-line comment, so that ``.env.example`` can be generated and checked from ``Settings.describe()``
instead of drifting. Secrets are ``SecretStr``: they never show in a repr, a log line or a dump.
"""

from __future__ import annotations

import logging
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

PROVIDERS = ("offline", "openai", "gemini")
DEFAULT_MODELS = {"offline": "offline", "openai": "gpt-4o-mini", "gemini": "gemini-2.5-flash"}
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _env(name: str, description: str, default: Any = None, **kwargs: Any) -> Any:
    return Field(default, validation_alias=AliasChoices(name), description=description,
                 json_schema_extra={"env": name}, **kwargs)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True,
        case_sensitive=False,
    )

    discord_token: SecretStr | None = _env("DISCORD_TOKEN", "Discord bot token (only `loreguard run` needs it)")
    db: str | None = _env("LOREGUARD_DB", "SQLite database file or sqlite:///path (empty: loreguard.db "
                          "in your data folder); a postgresql:// URL selects PostgreSQL")
    llm: str = _env("LOREGUARD_LLM", "Model provider: offline | openai | gemini | chaos:<provider>", "offline")
    model: str | None = _env("LOREGUARD_MODEL", "Model name; also selects the guard profile "
                             "(default: offline, gpt-4o-mini or gemini-2.5-flash by provider)")
    openai_base_url: str | None = _env("OPENAI_BASE_URL", "OpenAI-compatible server URL (Ollama, "
                                       "llama.cpp, vLLM); empty for api.openai.com")
    openai_api_key: SecretStr | None = _env("OPENAI_API_KEY", "API key for the OpenAI-compatible server "
                                            "(not needed by local servers)")
    gemini_api_key: SecretStr | None = _env("GEMINI_API_KEY", "Google Gemini API key")
    gemini_base_url: str | None = _env("LOREGUARD_GEMINI_BASE_URL", "Gemini endpoint override "
                                       "(tests and proxies)")
    chaos_rate: float = _env("LOREGUARD_CHAOS_RATE", "Share of chaos-provider answers that get an "
                             "injected hallucination (0..1)", 0.58, ge=0.0, le=1.0)
    chaos_seed: int | None = _env("LOREGUARD_CHAOS_SEED", "Seed of the chaos provider, for repeatable "
                                  "runs (random when empty)")
    guard_config_file: Path | None = _env("LOREGUARD_GUARD_CONFIG", "YAML file overriding the "
                                          "anti-hallucination profiles")
    llm_timeout: float = _env("LOREGUARD_LLM_TIMEOUT", "Seconds before a model call times out", 20.0, gt=0)
    llm_retries: int = _env("LOREGUARD_LLM_RETRIES", "Retries of a failed model call (429, 5xx, "
                            "time-out) inside the SDK", 2, ge=0)
    campaigns_dir: Path | None = _env("LOREGUARD_CAMPAIGNS", "Folder of campaign worlds (empty: ./campaigns, "
                                      "else the checkout's campaigns/)")
    max_message_chars: int = _env("LOREGUARD_MAX_MESSAGE_CHARS", "Longest player message accepted, "
                                  "in characters", 600, gt=0)
    cooldown_seconds: float = _env("LOREGUARD_COOLDOWN_SECONDS", "Minimum seconds between two "
                                   "messages of one player", 3.0, ge=0)
    log_level: str = _env("LOREGUARD_LOG_LEVEL", "Log level: DEBUG, INFO, WARNING, ERROR", "INFO")
    shard_count: int | None = _env("LOREGUARD_SHARD_COUNT", "Total Discord shards across all "
                                   "processes (empty: automatic)", ge=1)
    shard_ids: Annotated[list[int] | None, NoDecode] = _env(
        "LOREGUARD_SHARD_IDS", "Shards this process runs, comma-separated, e.g. 0,1 (empty: all)")
    dev_guild: int | None = _env("LOREGUARD_DEV_GUILD", "Guild id where slash commands sync "
                                 "instantly during development")

    @field_validator("llm", mode="before")
    @classmethod
    def _provider(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        spec = value.strip().lower() or "offline"
        inner = spec.split(":", 1)[1] if spec.startswith("chaos:") else spec
        if spec == "chaos":
            spec, inner = "chaos:offline", "offline"
        if inner not in PROVIDERS:
            raise ValueError(f"{value!r} is not a provider: use offline, openai, gemini or chaos:<one of them>")
        return spec

    @field_validator("log_level", mode="before")
    @classmethod
    def _level(cls, value: Any) -> Any:
        if isinstance(value, str):
            level = value.strip().upper()
            if level not in LOG_LEVELS:
                raise ValueError(f"{value!r} is not a log level: use one of {', '.join(LOG_LEVELS)}")
            return level
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shards(cls, value: Any) -> Any:
        if isinstance(value, str):
            parts = [p.strip() for p in value.replace(";", ",").split(",") if p.strip()]
            return [int(p) for p in parts] or None
        return value

    @field_validator("model", "openai_base_url", "gemini_base_url", "guard_config_file", "shard_count",
                     "dev_guild", "chaos_seed", "discord_token", "openai_api_key", "gemini_api_key",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    # ---- derived -----------------------------------------------------------------------------
    @property
    def provider(self) -> str:
        """The real provider under any ``chaos:`` prefix."""
        return self.llm.split(":", 1)[1] if self.llm.startswith("chaos:") else self.llm

    @property
    def chaos(self) -> bool:
        return self.llm.startswith("chaos:")

    @property
    def model_name(self) -> str:
        """LOREGUARD_MODEL, or the provider's default model."""
        return self.model or DEFAULT_MODELS[self.provider]

    @property
    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)

    @classmethod
    def describe(cls) -> list[tuple[str, str, str]]:
        """(field name, environment variable, comment) for every setting, in declaration order."""
        out = []
        for name, info in cls.model_fields.items():
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            out.append((name, str(extra.get("env", name.upper())), info.description or ""))
        return out

    @classmethod
    def env_example(cls) -> str:
        """The text of ``.env.example``: each variable, commented, with its default when it has one."""
        blocks = []
        for name, var, comment in cls.describe():
            default = cls.model_fields[name].default
            shown = "" if default is None else ",".join(map(str, default)) if isinstance(default, list) else str(default)
            blocks.append(f"# {comment}\n{var}={shown}")
        return "\n\n".join(blocks) + "\n"


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings, read once. ``get_settings.cache_clear()`` re-reads them."""
    return Settings()
