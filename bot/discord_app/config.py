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
    - ``TABULA_RENDER_QUEUE`` / ``TABULA_RENDER_WAIT`` — at most this many images drawn or waiting
      for a drawing thread; past it a drawing waits this many seconds for a place, else the post
      goes out without its image.
    - ``TABULA_MEMBER_LOBBIES`` / ``TABULA_MEMBER_TABLES`` / ``TABULA_GUILD_TABLES`` — the default caps
      on live tables: lobbies and live tables one member opened, live tables of a server (a
      server's managers may override them with ``/settings server``).
    - ``TABULA_NEW_TABLE_COOLDOWN`` — seconds between two ``/table new`` of one member.
    - ``TABULA_SHARE_COOLDOWN`` — seconds between two public ``/board share`` in one channel.
    - ``TABULA_RATE_ACTIONS`` / ``TABULA_RATE_SECONDS`` — per member, at most this many commands and
      clicks in a burst, refilled over this many seconds (autocomplete gets five times as many).
    - ``TABULA_LOCK_ENDED_THREADS`` — lock (besides archiving) the thread of a table that ended.
      Off by default: Discord refuses every answer to a command used in a locked thread, so
      ``/export`` and ``/log`` would no longer work there.
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
    render_queue: int = 16
    render_wait: float = 20.0
    member_lobbies: int = 3
    member_tables: int = 10
    guild_tables: int = 50
    new_table_cooldown: float = 30.0
    share_cooldown: float = 60.0
    rate_actions: int = 10
    rate_seconds: float = 10.0
    lock_ended_threads: bool = False
    test_seed: str | None = None
    test_render_delay: float = 0.0
