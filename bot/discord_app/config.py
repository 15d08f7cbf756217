"""Settings of the Discord bot, read from the environment (``TABULA_*``, plus ``DISCORD_TOKEN``)."""

from __future__ import annotations

from bot.settings import Settings
from service.jobs import Shards


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
    - ``TABULA_RENDER_WORKERS`` — processes that draw images (default: one per core, ``os.cpu_count()``);
      ``0`` draws in two threads of the bot process instead.
    - ``TABULA_RENDER_QUEUE`` / ``TABULA_RENDER_WAIT`` — at most this many images a reply waits for
      (panels, ``/board``) drawn or waiting for a worker; past it one waits this many seconds for
      a place, else the reply goes out without its image. (A post's board never waits for a place:
      it follows the post, and at most one per table waits.)
    - ``TABULA_MEMBER_LOBBIES`` / ``TABULA_MEMBER_TABLES`` / ``TABULA_GUILD_TABLES`` — the default caps
      on live tables: lobbies and live tables one member opened, live tables of a server (a
      server's managers may override them with ``/settings server``).
    - ``TABULA_NEW_TABLE_COOLDOWN`` — seconds between two ``/table new`` of one member.
    - ``TABULA_INVITE_BURST`` — invitations (``/table invite``) one member sends in a row on a
      server; then one more per ``TABULA_NEW_TABLE_COOLDOWN`` (default 5).
    - ``TABULA_SHARE_COOLDOWN`` — seconds between two public ``/board share`` in one channel.
    - ``TABULA_IMAGE_GRACE_MS`` — how long a post or a status edit whose board is being drawn waits
      for it before going out with its text alone (default 120; ``0``: never): a board drawn in time
      rides in the same call, one REST call and one flicker less (issue 25 §1); a later one follows
      by an edit, as before.
    - ``TABULA_ACK_BUDGET_MS`` — how long ``/move`` may take to apply before Discord is told it is
      being worked on (default 60): a move applied in time is answered by its confirmation in one
      call instead of an acknowledgement and a follow-up (issue 25 §1); ``0``: always acknowledge
      first. Discord's own limit for the first answer is 3 s.
    - ``TABULA_RATE_ACTIONS`` / ``TABULA_RATE_SECONDS`` — per member, at most this many commands and
      clicks in a burst, refilled over this many seconds (autocomplete gets five times as many).
    - ``TABULA_LOCK_ENDED_THREADS`` — lock (besides archiving) the thread of a table that ended.
      Off by default: Discord refuses every answer to a command used in a locked thread, so
      ``/export`` and ``/log`` would no longer work there.
    - ``TABULA_SHARD_IDS`` / ``TABULA_SHARD_COUNT`` — several processes (issue 13 §5): this one
      serves the Discord shards ``0,2`` (comma-separated) of ``TABULA_SHARD_COUNT``, and its clock
      only the tables of their servers. Unset: one process, every server.
    - ``TABULA_JOB_LEASE_SECONDS`` — how long a process's claim on a clock job holds: a process
      that dies mid-job has its jobs redone by another after this long.
    - ``TABULA_METRICS_PORT`` — serve ``/healthz`` and ``/metrics`` (Prometheus) on this port.
    - ``TABULA_METRICS_HOST`` — the address to serve them on (default ``127.0.0.1``).
    - ``TABULA_LOG_FORMAT`` — ``json``: one JSON object per log line; else plain text.
    - ``TABULA_SHUTDOWN_SECONDS`` — on SIGTERM, how long to wait for the work under way (moves,
      their posts, edits and images) before closing anyway.
    - ``TABULA_TEST_SEED`` / ``TABULA_TEST_RENDER_DELAY`` — deterministic deals and a slowed
      renderer for the end-to-end tests; never set them in production.
    """

    database_url: str | None = None
    table_channel: str | None = None
    discord_guild: int | None = None
    sync_commands: bool = True
    extra_games: str = ""
    scheduler_seconds: float = 60.0
    render_workers: int | None = None
    render_queue: int = 16
    render_wait: float = 20.0
    member_lobbies: int = 3
    member_tables: int = 10
    guild_tables: int = 50
    new_table_cooldown: float = 30.0
    invite_burst: int = 5
    share_cooldown: float = 60.0
    image_grace_ms: float = 120.0
    ack_budget_ms: float = 60.0
    rate_actions: int = 10
    rate_seconds: float = 10.0
    lock_ended_threads: bool = False
    test_seed: str | None = None
    test_render_delay: float = 0.0
    shard_ids: str = ""
    shard_count: int | None = None
    job_lease_seconds: float = 60.0
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    log_format: str = "text"
    shutdown_seconds: float = 20.0

    def shards(self) -> Shards | None:
        """The shards this process serves (``None``: Discord's default, one connection)."""
        if self.shard_count is None and not self.shard_ids.strip():
            return None
        ids = [int(part) for part in self.shard_ids.split(",") if part.strip()]
        return Shards.of(ids or None, self.shard_count)
