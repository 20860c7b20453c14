"""Settings from the environment and .env, and the provider they select."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.llm.base import LLMError
from bot.llm.chaos import ChaosProvider
from bot.llm.factory import provider_from_settings
from bot.llm.gemini import GeminiProvider
from bot.llm.offline import OfflineProvider
from bot.llm.openai_compat import OpenAIProvider
from bot.settings import Settings, get_settings

EXPECTED_ENV = {
    "DISCORD_TOKEN", "LOREGUARD_DB", "LOREGUARD_LLM", "LOREGUARD_MODEL", "OPENAI_BASE_URL", "OPENAI_API_KEY",
    "GEMINI_API_KEY", "LOREGUARD_GEMINI_BASE_URL", "LOREGUARD_CHAOS_RATE", "LOREGUARD_GUARD_CONFIG",
    "LOREGUARD_LLM_TIMEOUT", "LOREGUARD_LLM_RETRIES", "LOREGUARD_CAMPAIGNS", "LOREGUARD_MAX_MESSAGE_CHARS",
    "LOREGUARD_COOLDOWN_SECONDS", "LOREGUARD_LOG_LEVEL", "LOREGUARD_SHARD_COUNT", "LOREGUARD_SHARD_IDS",
    "LOREGUARD_DEV_GUILD",
}


@pytest.fixture
def env(monkeypatch, tmp_path: Path):
    """A clean environment and a working directory without a .env, so the host's settings don't leak in."""
    for _, var, _ in Settings.describe():
        monkeypatch.delenv(var, raising=False)
    monkeypatch.chdir(tmp_path)
    get_settings.cache_clear()
    yield monkeypatch
    get_settings.cache_clear()


def test_defaults_need_no_environment(env):
    s = Settings()
    assert (s.llm, s.model_name, s.db) == ("offline", "offline", None)  # None: the data folder
    assert (s.chaos_rate, s.llm_timeout, s.llm_retries) == (0.58, 20.0, 2)
    assert (s.max_message_chars, s.cooldown_seconds, s.log_level) == (600, 3.0, "INFO")
    assert s.discord_token is None and s.openai_api_key is None and s.shard_ids is None


def test_environment_variables_are_read(env):
    env.setenv("LOREGUARD_LLM", "Chaos:Gemini")
    env.setenv("LOREGUARD_CHAOS_RATE", "0.25")
    env.setenv("LOREGUARD_SHARD_IDS", "0, 1,3")
    env.setenv("LOREGUARD_SHARD_COUNT", "4")
    env.setenv("LOREGUARD_LOG_LEVEL", "debug")
    env.setenv("LOREGUARD_GUARD_CONFIG", "guard.yaml")
    s = Settings()
    assert s.llm == "chaos:gemini" and s.provider == "gemini" and s.chaos
    assert s.model_name == "gemini-2.5-flash"
    assert s.chaos_rate == 0.25
    assert (s.shard_ids, s.shard_count) == ([0, 1, 3], 4)
    assert s.log_level == "DEBUG" and s.log_level_number == logging.DEBUG
    assert s.guard_config_file == Path("guard.yaml")


def test_dotenv_file_is_read_and_the_environment_wins(env, tmp_path: Path):
    (tmp_path / ".env").write_text("LOREGUARD_MODEL=llama3.1\nLOREGUARD_LLM=openai\nLOREGUARD_DB=from-file.db\n")
    env.setenv("LOREGUARD_DB", "from-env.db")
    s = Settings()
    assert (s.model, s.llm, s.db) == ("llama3.1", "openai", "from-env.db")


def test_blank_values_count_as_unset(env):
    env.setenv("LOREGUARD_MODEL", "")
    env.setenv("LOREGUARD_SHARD_IDS", "")
    env.setenv("OPENAI_API_KEY", "")
    s = Settings()
    assert s.model is None and s.shard_ids is None and s.openai_api_key is None


@pytest.mark.parametrize(("var", "value"), [("LOREGUARD_LLM", "claude"), ("LOREGUARD_CHAOS_RATE", "1.5"),
                                            ("LOREGUARD_LOG_LEVEL", "LOUD"), ("LOREGUARD_LLM_RETRIES", "-1")])
def test_invalid_values_are_refused_at_start(env, var: str, value: str):
    env.setenv(var, value)
    with pytest.raises(ValidationError):
        Settings()


def test_secrets_never_appear_in_repr_dumps_or_logs(env, caplog):
    env.setenv("DISCORD_TOKEN", "discord-secret-aaa")
    env.setenv("OPENAI_API_KEY", "sk-secret-bbb")
    env.setenv("GEMINI_API_KEY", "gemini-secret-ccc")
    s = Settings()
    with caplog.at_level(logging.DEBUG):
        logging.getLogger("test").info("settings: %s %r", s, s)
    for shown in (repr(s), str(s), s.model_dump_json(), str(s.model_dump()), caplog.text):
        for secret in ("discord-secret-aaa", "sk-secret-bbb", "gemini-secret-ccc"):
            assert secret not in shown
    assert s.openai_api_key.get_secret_value() == "sk-secret-bbb"


def test_describe_lists_every_setting_with_its_variable_and_a_comment():
    described = Settings.describe()
    assert [name for name, _, _ in described] == list(Settings.model_fields)
    assert EXPECTED_ENV <= {var for _, var, _ in described}
    for name, var, comment in described:
        assert comment.strip(), f"{name} ({var}) has no comment"


def test_get_settings_is_cached_until_cleared(env):
    assert get_settings() is get_settings()
    env.setenv("LOREGUARD_MODEL", "other")
    assert get_settings().model is None
    get_settings.cache_clear()
    assert get_settings().model == "other"


# ---- provider selection -------------------------------------------------------------------------
async def test_offline_is_the_default_provider(env):
    provider = provider_from_settings(Settings())
    assert isinstance(provider, OfflineProvider) and provider.model == "offline"


async def test_chaos_wraps_the_named_provider_with_rate_and_seed(env):
    env.setenv("LOREGUARD_LLM", "chaos:offline")
    env.setenv("LOREGUARD_CHAOS_SEED", "17")
    provider = provider_from_settings(Settings())
    assert isinstance(provider, ChaosProvider) and isinstance(provider.inner, OfflineProvider)
    assert (provider.name, provider.rate, provider.seed) == ("chaos:offline", 0.58, 17)


async def test_openai_without_a_key_or_server_says_which_variable_to_set(env):
    env.setenv("LOREGUARD_LLM", "openai")
    with pytest.raises(LLMError) as err:
        provider_from_settings(Settings())
    assert err.value.kind == "config" and "OPENAI_API_KEY" in str(err.value)


async def test_openai_local_server_needs_no_key(env):
    env.setenv("LOREGUARD_LLM", "openai")
    env.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    env.setenv("LOREGUARD_MODEL", "llama3.1")
    env.setenv("LOREGUARD_LLM_RETRIES", "1")
    provider = provider_from_settings(Settings())
    try:
        assert isinstance(provider, OpenAIProvider)
        assert (provider.model, provider.base_url, provider.max_retries) == ("llama3.1", "http://127.0.0.1:11434/v1", 1)
    finally:
        await provider.aclose()


async def test_gemini_without_a_key_says_which_variable_to_set(env):
    env.setenv("LOREGUARD_LLM", "gemini")
    with pytest.raises(LLMError) as err:
        provider_from_settings(Settings())
    assert err.value.kind == "config" and "GEMINI_API_KEY" in str(err.value)


async def test_gemini_key_and_base_url_build_the_provider_without_showing_the_key(env):
    env.setenv("LOREGUARD_LLM", "gemini")
    env.setenv("GEMINI_API_KEY", "gemini-secret-ddd")
    env.setenv("LOREGUARD_GEMINI_BASE_URL", "http://127.0.0.1:9")
    provider = provider_from_settings(Settings())
    try:
        assert isinstance(provider, GeminiProvider)
        assert provider.model == "gemini-2.5-flash" and provider.base_url == "http://127.0.0.1:9"
        assert "gemini-secret-ddd" not in repr(provider)
    finally:
        await provider.aclose()


def test_an_unknown_provider_is_a_config_error(env):
    s = Settings.model_construct(llm="claude")
    with pytest.raises(LLMError) as err:
        provider_from_settings(s)
    assert err.value.kind == "config" and "offline, openai, gemini" in str(err.value)


def test_env_example_lists_every_variable_with_its_comment_and_default():
    text = Settings.env_example()
    for _, var, comment in Settings.describe():
        assert f"# {comment}\n{var}=" in text
    assert "LOREGUARD_LLM=offline\n" in text and "LOREGUARD_CHAOS_RATE=0.58\n" in text
    assert "DISCORD_TOKEN=\n" in text
