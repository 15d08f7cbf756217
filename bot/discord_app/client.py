"""The bot: a :class:`discord.ext.commands.Bot` with no privileged intents, one extension per
concern (tables, play, info, admin), dynamic buttons, localised commands and error handling."""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.heap import settle
from service import MoveResult, TableService
from service.jobs import database_reachable

from .components import DYNAMIC_ITEMS
from .config import BotConfig
from .errors import report
from .health import Health
from .i18n import CommandTranslator
from .metrics import Metrics
from .runtime import Runtime

log = logging.getLogger("tabula.discord")

#: Tasks that carry work a player is waiting for: discord.py's command and component handlers,
#: the queued status-post edits and images (``edits``, ``images``).
WORK_TASKS = ("CommandTree-invoker", "discord-ui-", "edit-", "post-", "attach-", "render-")

EXTENSIONS = (
    "bot.discord_app.ext.tables",
    "bot.discord_app.ext.play",
    "bot.discord_app.ext.info",
    "bot.discord_app.ext.admin",
    "bot.discord_app.ext.ratings",
    "bot.discord_app.ext.leagues",
    "bot.discord_app.ext.campaigns",
)


class TabulaTree(app_commands.CommandTree["TabulaBot"]):
    """Command tree whose failures become private answers (and log lines for real bugs), and
    where every command and autocomplete first passes the member's rate limit."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        interaction.extras.setdefault("started", time.monotonic())
        return await self.client.runtime.admit(interaction)

    async def on_error(self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError) -> None:
        original: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            original = error.original
        elif isinstance(error, app_commands.TransformerError | app_commands.CheckFailure):
            from .errors import BotError

            original = BotError("bot.bad_input")
        await report(interaction, original)


class TabulaBot(commands.Bot):
    """One bot process serving any number of tables in any number of servers."""

    def __init__(self, config: BotConfig, service: TableService) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; no privileged intent is needed
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, tree_cls=TabulaTree,
                         help_command=None, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
                         **shard_options(config))
        self.config = config
        self.shard_set = config.shards()
        self.runtime = Runtime(self, config, service)
        self.metrics = Metrics()
        self.metrics.watch(render_queue=self._render_queue, shards=lambda: len(self.connected_shards()),
                           images=self._image_counts)
        self._counted_change = service.on_change
        service.on_change = self._on_change
        self.health: Health | None = None
        self._shutdown: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        for item in DYNAMIC_ITEMS:
            self.add_dynamic_items(item)
        await self.tree.set_translator(CommandTranslator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        self._catch_sigterm()
        if self.config.metrics_port is not None:
            self.health = Health(self.metrics, lambda: (self.connected_shards(), self.expected_shards()),
                                 lambda: database_reachable(self.runtime.service), lambda: self.runtime.draining)
            await self.health.start(self.config.metrics_host, self.config.metrics_port)
        if self.config.sync_commands:
            await self.sync_commands()
        settle()  # bot/heap.py: what the start made stays out of every later full collection

    # ---- shards, health and metrics (issue 13 §5) --------------------------------------------------
    def expected_shards(self) -> list[int]:
        """The shards this process should be connected to."""
        return sorted(self.shard_set.ids) if self.shard_set is not None else [0]

    def connected_shards(self) -> list[int]:
        """The shards whose gateway connection is open."""
        ws = self.ws if not self.is_closed() else None
        if ws is None or not ws.open:
            return []
        return [self.shard_id or 0]

    def _render_queue(self) -> float:
        images = self.runtime.images
        return float(getattr(images, "_waiting", 0) + getattr(images, "_running", 0))

    def _image_counts(self) -> dict[str, float]:
        images = self.runtime.images
        return {name: float(getattr(images, name, 0)) for name in ("drawn", "skipped", "superseded")}

    def _on_change(self, result: MoveResult) -> None:
        self.metrics.moves.inc(len(result.steps))
        if self._counted_change is not None:
            self._counted_change(result)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        kind = interaction.type.name
        command = interaction.command
        name = command.qualified_name if command is not None else kind
        self.metrics.commands.labels(kind=kind, name=name).inc()

    async def on_app_command_completion(self, interaction: discord.Interaction[Any],
                                        command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
                                        ) -> None:
        started = interaction.extras.get("started")
        if started is not None:
            self.metrics.latency.labels(name=command.qualified_name).observe(time.monotonic() - started)

    # ---- graceful shutdown ---------------------------------------------------------------------------
    def _catch_sigterm(self) -> None:
        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self.begin_shutdown)
        except (NotImplementedError, RuntimeError):  # not the main thread, or not Unix
            log.info("SIGTERM is not caught here: the process stops at once on it")

    def begin_shutdown(self) -> None:
        """SIGTERM: stop taking commands, finish the work under way, then close (once)."""
        if self._shutdown is None:
            self._shutdown = asyncio.get_running_loop().create_task(self.shutdown(), name="tabula-shutdown")

    async def shutdown(self, grace: float | None = None) -> None:
        """Turn away new commands and clicks, let the clock finish its round, wait (at most
        ``grace`` seconds) for the moves, posts, edits and images under way, then close."""
        grace = self.config.shutdown_seconds if grace is None else grace
        log.info("shutting down: finishing the work under way")
        self.runtime.draining = True
        admin = self.get_cog("Admin")
        clock = getattr(admin, "clock", None)
        if clock is not None:
            clock.stop()
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if not (self._work_under_way() or (clock is not None and clock.is_running())):
                break
            await asyncio.sleep(0.05)
        else:
            log.warning("shutting down with work still under way after %.0f s: %s", grace,
                        ", ".join(self._work_under_way()) or "the clock")
        if clock is not None:
            clock.cancel()
        await self.close()

    def _work_under_way(self) -> list[str]:
        """What keeps the process from closing: tasks of work a player waits for, tables locked."""
        me = asyncio.current_task()
        busy = [task.get_name() for task in asyncio.all_tasks() if task is not me and not task.done()
                and task.get_name().startswith(WORK_TASKS)]
        return busy + (["a table's lock"] if self.runtime.busy() else [])

    async def sync_commands(self) -> None:
        """Register the slash commands (in one guild when ``TABULA_DISCORD_GUILD`` is set)."""
        if self.config.discord_guild:
            guild = discord.Object(id=self.config.discord_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d servers", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def close(self) -> None:
        if self.health is not None:
            await self.health.stop()
        self.runtime.close()
        # discord.py leaves the task that waits out the guilds before READY running: stopped within that wait (a
        # SIGTERM soon after start-up), it would dispatch 'ready' on a closed client and die with a traceback
        connection = self._connection
        for task in [getattr(connection, "_ready_task", None), *getattr(connection, "_ready_tasks", {}).values()]:
            if task is not None and not task.done():
                task.cancel()
        await super().close()


class ShardedTabulaBot(TabulaBot, commands.AutoShardedBot):
    """The bot serving several shards in one process (``TABULA_SHARD_IDS=0,1``)."""

    def connected_shards(self) -> list[int]:
        return sorted(shard_id for shard_id, shard in self.shards.items() if not shard.is_closed())


def shard_options(config: BotConfig) -> dict[str, Any]:
    """discord.py's keywords for the shards of ``config``: ``shard_id`` for one (the IDENTIFY
    then names it: ``[id, count]``), ``shard_ids`` for several (an auto-sharded client)."""
    shards = config.shards()
    if shards is None:
        return {}
    if len(shards.ids) == 1:
        return {"shard_id": next(iter(shards.ids)), "shard_count": shards.count}
    return {"shard_ids": sorted(shards.ids), "shard_count": shards.count}


def make_bot(config: BotConfig, service: TableService) -> TabulaBot:
    """The bot for ``config``: auto-sharded when it serves several shards."""
    shards = config.shards()
    cls = ShardedTabulaBot if shards is not None and len(shards.ids) > 1 else TabulaBot
    return cls(config, service)
