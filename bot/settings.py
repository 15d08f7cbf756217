"""Settings from the environment (and a ``.env`` file), validated once at start-up."""

from __future__ import annotations

from typing import Self

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything Tabula reads from its environment; each field is ``TABULA_<NAME>`` unless noted."""

    model_config = SettingsConfigDict(env_prefix="TABULA_", env_file=".env", extra="ignore")

    language: str = "en"
    out_dir: str = "out"
    table_category: str | None = None
    discord_token: str | None = None

    @classmethod
    def load(cls) -> Self:
        import os

        settings = cls()
        if settings.discord_token is None and os.environ.get("DISCORD_TOKEN"):
            settings.discord_token = os.environ["DISCORD_TOKEN"]
        return settings
