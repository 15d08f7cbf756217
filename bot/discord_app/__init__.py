"""The Discord adapter: slash commands, buttons and boards for tables of the table service.

``run_bot()`` is what ``tabula run`` calls when ``DISCORD_TOKEN`` is set. Everything is set from
the environment (see :class:`~bot.discord_app.config.BotConfig` and ``docs/discord.md``).
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING

from .config import BotConfig

if TYPE_CHECKING:
    from .client import TabulaBot

__all__ = ["BotConfig", "build_bot", "run_bot"]


def build_bot(config: BotConfig | None = None) -> TabulaBot:
    """A ready-to-start :class:`~bot.discord_app.client.TabulaBot` on the configured database."""
    from service import TableLimits, TableService

    from .client import make_bot
    from .plugins import load_extra_games

    chosen = config or BotConfig.load()
    if chosen.extra_games:
        load_extra_games(chosen.extra_games)
    limits = TableLimits(member_lobbies=chosen.member_lobbies, member_tables=chosen.member_tables,
                         guild_tables=chosen.guild_tables)
    return make_bot(chosen, TableService.open(chosen.database_url, limits=limits))


def log_levels(spec: str) -> None:
    """Per-logger levels from ``TABULA_LOG`` (``service.tables=DEBUG,discord=WARNING``)."""
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, _, level = part.rpartition("=")
        logging.getLogger(name.strip() or None).setLevel(level.strip().upper())


def run_bot(config: BotConfig | None = None) -> None:
    """Start the bot and serve until interrupted (blocking)."""
    chosen = config or BotConfig.load()
    token = chosen.discord_token or os.environ.get("DISCORD_TOKEN")
    if not token:
        raise SystemExit("DISCORD_TOKEN is not set")
    from .logs import configure

    configure(chosen.log_format, chosen.shard_ids or None)
    log_levels(os.environ.get("TABULA_LOG", ""))
    bot = build_bot(chosen)
    bot.run(token, log_handler=None)
