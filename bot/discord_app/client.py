"""The bot: a :class:`discord.ext.commands.Bot` with no privileged intents, one extension per
concern (tables, play, info, admin), dynamic buttons, localised commands and error handling."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from service import TableService

from .components import DYNAMIC_ITEMS
from .config import BotConfig
from .errors import report
from .i18n import CommandTranslator
from .runtime import Runtime

log = logging.getLogger("tabula.discord")

EXTENSIONS = (
    "bot.discord_app.ext.tables",
    "bot.discord_app.ext.play",
    "bot.discord_app.ext.info",
    "bot.discord_app.ext.admin",
)


class TabulaTree(app_commands.CommandTree["TabulaBot"]):
    """Command tree whose failures become private answers (and log lines for real bugs), and
    where every command and autocomplete first passes the member's rate limit."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
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
                         help_command=None, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False))
        self.config = config
        self.runtime = Runtime(self, config, service)

    async def setup_hook(self) -> None:
        for item in DYNAMIC_ITEMS:
            self.add_dynamic_items(item)
        await self.tree.set_translator(CommandTranslator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.config.sync_commands:
            await self.sync_commands()

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
        self.runtime.close()
        await super().close()
