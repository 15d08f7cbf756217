"""Settings of the Discord bot, read from the environment (``TABULA_*``, plus ``DISCORD_TOKEN``)."""

from __future__ import annotations

from bot.settings import Settings


class BotConfig(Settings):
    """Everything the Discord adapter reads at start-up.

    Besides the shared settings (``TABULA_LANGUAGE``, ``TABULA_TABLE_CATEGORY``, the token from
    ``DISCORD_TOKEN`` or ``TABULA_DISCORD_TOKEN``) it reads:

    - ``TABULA_DATABASE_URL`` — where tables live (default: ``sqlite:///./tabula.db``).
    - ``TABULA_TABLE_CATEGORY`` — id or name of a category: each table gets a text channel there.
      Unset (the default): each table gets a thread under the channel where it was asked.
    - ``TABULA_TABLE_CHANNEL`` — id or name of a channel that holds every table's thread.
    - ``TABULA_DISCORD_GUILD`` — sync commands to this guild only (instant; for development).
    - ``TABULA_SYNC_COMMANDS`` — sync slash commands at start-up (default true).
    - ``TABULA_EXTRA_GAMES`` — ``module:attr[,module:attr]`` titles to register (plugins).
    - ``TABULA_SCHEDULER_SECONDS`` — how often reminders and deadlines are checked.
    - ``TABULA_RENDER_WORKERS`` — threads that draw images.
    - ``TABULA_TEST_SEED`` / ``TABULA_TEST_RENDER_DELAY`` — deterministic deals and a slowed
      renderer for the end-to-end tests; never set them in production.
    """

    database_url: str | None = None
    table_channel: str | None = None
    discord_guild: int | None = None
    sync_commands: bool = True
    extra_games: str = ""
    scheduler_seconds: float = 60.0
    render_workers: int = 2
    test_seed: str | None = None
    test_render_delay: float = 0.0
