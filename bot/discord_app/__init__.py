"""The Discord adapter: slash commands, buttons and boards for tables of the table service.

``run_bot()`` is what ``tabula run`` calls when ``DISCORD_TOKEN`` is set. Everything is set from
the environment (see :class:`~bot.discord_app.config.BotConfig` and ``docs/discord.md``).
"""

from __future__ import annotations

import logging
import os

from .config import BotConfig

__all__ = ["BotConfig", "build_bot", "run_bot"]


def build_bot(config: BotConfig | None = None):  # type: ignore[no-untyped-def]
    """A ready-to-start :class:`~bot.discord_app.client.TabulaBot` on the configured database."""
    from service import TableService
    from storage.db import make_engine, migrate
    from storage.repository import Repository

    from .client import TabulaBot
    from .plugins import load_extra_games

    config = config or BotConfig.load()
    if config.discord_api_base:
        _use_emulator(config.discord_api_base)
    if config.extra_games:
        load_extra_games(config.extra_games)
    engine = make_engine(config.database_url)
    migrate(engine)
    return TabulaBot(config, TableService(Repository(engine)))


def _use_emulator(base: str) -> None:
    """Point discord.py at a Discord emulator (the end-to-end tests' loopback server)."""
    from tests.support.discord_loopback import patch_discord

    patch_discord(base)
    logging.getLogger("tabula.discord").warning("using the Discord emulator at %s", base)


def run_bot(config: BotConfig | None = None) -> None:
    """Start the bot and serve until interrupted (blocking)."""
    config = config or BotConfig.load()
    token = config.discord_token or os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("DISCORD_TOKEN is not set")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")
    bot = build_bot(config)
    bot.run(token, log_handler=None)
