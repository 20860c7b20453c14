"""The AntiHallucinationConfig: shipped profiles, file overrides, channel overrides."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.guard_config import (
    AntiHallucinationConfig,
    GuardConfigError,
    config_for,
    profile_name_for,
    show,
    validate_channel_overrides,
)


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "guard.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_default_profile_has_the_per_task_temperatures_and_token_caps():
    config = config_for("gpt-4o-mini")
    assert profile_name_for("gpt-4o-mini") == "default"
    assert config.max_retries == 3 and not config.strict_mode
    assert config.enable_pre_validation and config.enable_post_validation and config.enable_constrained_prompts
    assert config.fallback_to_templates and config.log_violations
    assert [config.temperature(t) for t in ("validation", "narration", "dialogue", "description", "combat",
                                            "intent", "proposal")] == [0.1, 0.6, 0.9, 0.7, 0.5, 0.1, 0.2]
    assert [config.tokens(t) for t in ("narration", "description", "combat", "dialogue", "intent",
                                       "proposal")] == [170, 200, 170, 220, 200, 300]


def test_unknown_task_falls_back_to_narration_values():
    config = AntiHallucinationConfig()
    assert config.temperature("haiku") == 0.6
    assert config.tokens("haiku") == 170


@pytest.mark.parametrize("model", ["hathor", "Hathor-Fractionate-L3-8B", "ollama/HATHOR_sofit:latest"])
def test_hathor_models_are_strict_with_five_retries(model: str):
    config = config_for(model)
    assert profile_name_for(model) == "*hathor*"
    assert config.strict_mode is True
    assert config.max_retries == 5


@pytest.mark.parametrize("model", ["gemini-2.5-flash", "Gemini-2.5-Flash-Lite", "google/gemini-2.0-pro"])
def test_gemini_models_get_two_retries(model: str):
    assert config_for(model).max_retries == 2
    assert not config_for(model).strict_mode


def test_offline_templates_are_not_retried_but_a_chaos_model_is():
    assert config_for("offline").max_retries == 0
    assert config_for("chaos:offline").max_retries == 3
    assert profile_name_for(None) == "default"


def test_file_overrides_merge_over_the_shipped_values(tmp_path: Path):
    path = write(tmp_path, """
default:
  max_tokens: {narration: 150}
profiles:
  - match: "*llama*"
    max_retries: 4
    temperatures: {narration: 0.5}
  - match: "gemini*"
    temperatures: {dialogue: 0.7}
""")
    llama = config_for("Meta-Llama-3-8B", file=path)
    assert profile_name_for("Meta-Llama-3-8B", file=path) == "*llama*"
    assert llama.max_retries == 4
    assert llama.temperature("narration") == 0.5
    assert llama.temperature("dialogue") == 0.9  # untouched values stay shipped
    assert llama.tokens("narration") == 150 and llama.tokens("dialogue") == 220  # file default applies
    gemini = config_for("gemini-2.5-flash", file=path)
    assert gemini.max_retries == 2  # shipped profile value kept under the file's partial override
    assert gemini.temperature("dialogue") == 0.7
    assert config_for("hathor", file=path).strict_mode  # shipped profiles not named in the file remain


def test_file_profiles_come_before_shipped_ones(tmp_path: Path):
    path = write(tmp_path, 'profiles:\n  - match: "*hathor-tame*"\n    strict_mode: false\n    max_retries: 1\n')
    assert config_for("hathor-tame-7b", file=path).max_retries == 1
    assert config_for("hathor-7b", file=path).max_retries == 5


def test_channel_overrides_win_over_profile_and_file(tmp_path: Path):
    path = write(tmp_path, 'profiles:\n  - match: "gemini*"\n    temperatures: {narration: 0.4}\n')
    config = config_for("gemini-2.5-flash", file=path,
                        channel_overrides={"max_retries": 0, "temperatures": {"narration": 0.2}, "strict_mode": True})
    assert config.max_retries == 0 and config.strict_mode
    assert config.temperature("narration") == 0.2
    assert config.temperature("dialogue") == 0.9


def test_malformed_yaml_names_the_file_and_line(tmp_path: Path):
    path = write(tmp_path, "profiles:\n  - match: [unclosed\n")
    with pytest.raises(GuardConfigError) as err:
        config_for("x", file=path)
    assert str(path) in str(err.value) and "line" in str(err.value)


def test_a_wrong_value_names_the_file_and_the_key(tmp_path: Path):
    path = write(tmp_path, 'profiles:\n  - match: "*llama*"\n    max_retries: many\n')
    with pytest.raises(GuardConfigError) as err:
        config_for("llama", file=path)
    message = str(err.value)
    assert str(path) in message and "profiles[0].max_retries" in message and "'many'" in message


def test_a_misspelt_key_is_reported_not_ignored(tmp_path: Path):
    path = write(tmp_path, "default:\n  strict_mdoe: true\n")
    with pytest.raises(GuardConfigError) as err:
        config_for("x", file=path)
    assert "default.strict_mdoe" in str(err.value) and "unknown key" in str(err.value)


def test_a_profile_without_a_pattern_is_reported(tmp_path: Path):
    path = write(tmp_path, "profiles:\n  - max_retries: 2\n")
    with pytest.raises(GuardConfigError, match=r"profiles\[0\]\.match: required key missing"):
        config_for("x", file=path)


def test_a_missing_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(GuardConfigError, match="cannot read"):
        config_for("x", file=tmp_path / "nope.yaml")


def test_bad_channel_overrides_are_rejected_with_the_key():
    with pytest.raises(GuardConfigError, match="channel overrides: temperatures.narration"):
        validate_channel_overrides({"temperatures": {"narration": "hot"}})
    with pytest.raises(GuardConfigError, match="max_retries"):
        config_for("x", channel_overrides={"max_retries": -1})


def test_show_names_the_profile_and_dumps_the_effective_values(tmp_path: Path):
    text = show("Hathor-7B")
    assert "profile: *hathor* (shipped)" in text
    assert "strict_mode: true" in text and "max_retries: 5" in text
    assert "  dialogue: 0.9" in text
    path = write(tmp_path, 'profiles:\n  - match: "*llama*"\n    max_retries: 4\n')
    assert "profile: *llama* (file)" in show("llama-3", file=path)
    assert "profile: default" in show("gpt-4o-mini")
