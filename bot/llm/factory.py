"""Choose and build the provider the settings ask for.

``LOREGUARD_LLM`` names a provider (offline, openai, gemini) optionally wrapped in chaos
(``chaos:openai``). A missing key is a configuration error that says which variable to set; the
key itself is never put in a message or a log line. SDK modules are imported only for the
provider chosen, so the offline default needs neither SDK at start-up.
"""

from __future__ import annotations

import logging

from bot.llm.base import LLMError, Provider
from bot.settings import DEFAULT_MODELS, PROVIDERS, Settings

log = logging.getLogger(__name__)


def provider_from_settings(settings: Settings) -> Provider:
    """The provider for ``settings.llm`` and ``settings.model``, ready to ``complete``."""
    spec = (settings.llm or "offline").strip().lower()
    if spec == "chaos":
        spec = "chaos:offline"
    if spec.startswith("chaos:"):
        from bot.llm.chaos import ChaosProvider

        inner = _build(spec.split(":", 1)[1], settings)
        provider: Provider = ChaosProvider(inner, rate=settings.chaos_rate, seed=settings.chaos_seed)
        log.info("chaos provider over %s (rate %.2f, seed %s)", inner.name, provider.rate, provider.seed)
        return provider
    return _build(spec, settings)


def _build(name: str, settings: Settings) -> Provider:
    if name not in PROVIDERS:
        raise LLMError(
            "config",
            f"LOREGUARD_LLM={settings.llm!r} is not a provider: use offline, openai, gemini or chaos:<one of them>",
        )
    model = settings.model or DEFAULT_MODELS[name]
    if name == "offline":
        from bot.llm.offline import OfflineProvider

        return OfflineProvider(model=model)
    if name == "openai":
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else ""
        if not key and not settings.openai_base_url:
            raise LLMError(
                "config",
                "LOREGUARD_LLM=openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a local server such as "
                "Ollama or llama.cpp, which needs no key)",
            )
        from bot.llm.openai_compat import OpenAIProvider

        return OpenAIProvider(model, base_url=settings.openai_base_url, api_key=key or None,
                              timeout=settings.llm_timeout, max_retries=settings.llm_retries)
    key = settings.gemini_api_key.get_secret_value() if settings.gemini_api_key else ""
    if not key:
        raise LLMError("config", "LOREGUARD_LLM=gemini needs GEMINI_API_KEY (set it in the environment or .env)")
    from bot.llm.gemini import GeminiProvider

    return GeminiProvider(model, api_key=key, base_url=settings.gemini_base_url,
                          timeout=settings.llm_timeout, max_retries=settings.llm_retries)
