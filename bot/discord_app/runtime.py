"""What every command and button shares: the table service off the event loop, per-table locks,
the image pool, rate limits and cooldowns, and looking up the table and the person's seat for an
interaction."""

from __future__ import annotations

import asyncio
import functools
import logging
import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import discord

from games.core import GameError
from games.registry import get_game
from service import Loaded, MoveResult, SeatRow, TableRow, TableService
from service.errors import NoSuchTable

from .config import BotConfig
from .errors import BotError, describe, expired, note_late
from .i18n import interaction_lang, reader_lang, t
from .images import Images
from .throttle import Cooldowns, TokenBuckets

if TYPE_CHECKING:
    from .client import TabulaBot

log = logging.getLogger("tabula.discord")

#: Loaded states kept for autocomplete, one per (table, version).
LOADED_CACHE_SIZE = 64

P = ParamSpec("P")
T = TypeVar("T")


@dataclass
class Seated:
    """The table an interaction is about, with the person's seats and language."""

    loaded: Loaded
    seats: list[int]
    lang: str

    @property
    def table(self) -> TableRow:
        return self.loaded.table

    @property
    def seat(self) -> int | None:
        """The person's seat that must act now, else their first seat, else ``None``."""
        acting = self.loaded.game.to_act(self.loaded.state) if self.loaded.state is not None else set()
        now = [s for s in self.seats if s in acting]
        chosen = now or self.seats
        return chosen[0] if chosen else None


class Runtime:
    """Shared services of one bot process. The table service is synchronous (SQLAlchemy), so
    every call goes through :meth:`call`, which runs it in a worker thread."""

    def __init__(self, bot: TabulaBot, config: BotConfig, service: TableService) -> None:
        self.bot = bot
        self.config = config
        self.service = service
        self.images = Images(workers=config.render_workers, delay=config.test_render_delay,
                             queue=config.render_queue, wait=config.render_wait, extra_games=config.extra_games)
        self._locks: dict[int, asyncio.Lock] = {}
        self._loaded: OrderedDict[tuple[int, int], Loaded] = OrderedDict()
        #: Per member: commands and clicks, and (more of them) autocomplete keystrokes.
        self.actions = TokenBuckets(config.rate_actions, config.rate_seconds)
        self.keystrokes = TokenBuckets(config.rate_actions * 5, config.rate_seconds)
        #: ``/table new`` per (server, member); public ``/board share`` per channel.
        self.new_tables = Cooldowns(config.new_table_cooldown)
        #: Invitations per member and server: a few in a row, then one per cooldown of /table new
        #: (issue 19 §2: an invitation pings a member who holds no seat).
        self.invites = TokenBuckets(config.invite_burst, config.invite_burst * config.new_table_cooldown)
        self.shares = Cooldowns(config.share_cooldown)
        self._refused: dict[int, tuple[float, int]] = {}
        #: Set on SIGTERM: new commands and clicks are turned away while committed work finishes.
        self.draining = False

    async def call(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run a blocking call (the service, the database) in a worker thread."""
        return await asyncio.to_thread(functools.partial(fn, *args, **kwargs))

    def lock(self, table_id: int) -> asyncio.Lock:
        """Serialises moves and their announcements per table within this process (the version
        check in storage guards across processes)."""
        found = self._locks.get(table_id)
        if found is None:
            found = self._locks[table_id] = asyncio.Lock()
        return found

    def close(self) -> None:
        self.images.close()

    # ---- rate limits --------------------------------------------------------------------------
    async def admit(self, interaction: discord.Interaction[Any]) -> bool:
        """Whether the person may act now (a token of their bucket is spent). If not, they are
        answered at once, politely and privately (autocomplete: with no suggestions), and the
        interaction goes no further: a flood costs one short answer per interaction."""
        user = interaction.user.id
        if self.draining:
            await self._turn_away(interaction)
            return False
        if interaction.type == discord.InteractionType.autocomplete:
            if not self.keystrokes.take(user):
                return True
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
            return False
        wait = self.actions.take(user)
        if not wait:
            return True
        self._note_refusal(interaction)
        lang = interaction_lang(interaction)
        try:
            await interaction.response.send_message(t("bot.slow_down", lang, seconds=math.ceil(wait)),
                                                    ephemeral=True)
        except discord.HTTPException as error:
            if expired(error):
                note_late(interaction, "tell the member to slow down")
            else:
                log.warning("could not tell %s to slow down", describe(interaction), exc_info=True)
        return False

    @staticmethod
    async def _turn_away(interaction: discord.Interaction[Any]) -> None:
        """The process is shutting down: say so (autocomplete: no suggestions); nothing is done."""
        try:
            if interaction.type == discord.InteractionType.autocomplete:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(t("bot.restarting", interaction_lang(interaction)),
                                                        ephemeral=True)
        except discord.HTTPException:
            log.info("could not turn away %s while shutting down", describe(interaction))

    def busy(self) -> bool:
        """Whether a table's work is under way in this process (a move and its posts hold its lock)."""
        return any(lock.locked() for lock in self._locks.values())

    def _note_refusal(self, interaction: discord.Interaction[Any]) -> None:
        """Log a member's refusals once per rate period (with how many the last one had), not
        each one: a flood must not flood the log too."""
        now = time.monotonic()
        since, count = self._refused.get(interaction.user.id, (-math.inf, 0))
        if now - since >= self.config.rate_seconds:
            earlier = f" ({count} refused in the period before)" if count > 1 else ""
            log.info("rate limited%s: %s", earlier, describe(interaction))
            since, count = now, 0
            if len(self._refused) > 4096:
                self._refused.clear()
        self._refused[interaction.user.id] = (since, count + 1)

    # ---- finding the table --------------------------------------------------------------------
    async def table_here(self, interaction: discord.Interaction[Any], *, ended_ok: bool = False) -> TableRow:
        """The live table played in the interaction's channel (``bot.no_table`` if none); with
        ``ended_ok`` (reading commands) a finished or abandoned table there will do too."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise BotError("bot.guild_only")
        row = await self.call(self.service.table_in_channel, str(interaction.channel_id))
        if row is None and ended_ok:
            row = await self.call(self.service.table_in_channel, str(interaction.channel_id), live_only=False)
        if row is None:
            raise BotError("bot.no_table")
        self.note(interaction, row)
        await self.note_lang(interaction, row)
        return row

    async def table_by_id(self, interaction: discord.Interaction[Any], table_id: int) -> TableRow:
        """Table ``table_id`` of this server (a button names its table)."""
        try:
            row = await self.call(self.service.table, table_id)
        except NoSuchTable:
            row = None
        if row is None or (row.guild_id is not None and row.guild_id != str(interaction.guild_id)):
            raise BotError("table.not_found", table=table_id)
        self.note(interaction, row)
        await self.note_lang(interaction, row)
        return row

    @staticmethod
    def note(interaction: discord.Interaction[Any], row: TableRow) -> None:
        """Remember the table on the interaction for error messages and logs."""
        interaction.extras["table"] = row.id
        try:
            interaction.extras["game"] = get_game(row.game_id)
        except KeyError:
            log.warning("table %s plays unknown title %s", row.id, row.game_id)

    async def note_lang(self, interaction: discord.Interaction[Any], row: TableRow) -> None:
        """Answer the person at ``row`` in :func:`.i18n.reader_lang`, refusals included (kept in
        ``interaction.extras``). Autocomplete is left alone: it reads the seats anyway
        (:meth:`seated_cached`), and a keystroke should cost no query more."""
        if interaction.type == discord.InteractionType.autocomplete:
            return
        user = str(interaction.user.id)
        seats = await self.call(self.service.seats, int(row.id or 0))
        own = next((s.language for s in seats if s.user_id == user and not s.is_bot and s.language), None)
        interaction.extras["lang"] = reader_lang(interaction, own, row.settings.get("language"))

    async def seated(self, interaction: discord.Interaction[Any], table_id: int) -> Seated:
        """Load the table with the person's seats and preferred language."""
        loaded = await self.call(self.service.load, table_id)
        return self.seated_from(interaction, loaded)

    async def seated_cached(self, interaction: discord.Interaction[Any], table: TableRow) -> Seated:
        """Like :meth:`seated`, from a cache of loaded states per (table, version): autocomplete
        asks on every keystroke, and the state only changes when the version does. The cached
        state is never handed to a move (moves load afresh inside the service)."""
        key = (int(table.id or 0), table.version)
        loaded = self._loaded.get(key)
        if loaded is None:
            loaded = await self.call(self.service.load, key[0])
            if loaded.table.version == table.version:
                self._loaded[key] = loaded
                while len(self._loaded) > LOADED_CACHE_SIZE:
                    self._loaded.popitem(last=False)
        else:
            self._loaded.move_to_end(key)
        return self.seated_from(interaction, loaded)

    def seated_from(self, interaction: discord.Interaction[Any], loaded: Loaded) -> Seated:
        user = str(interaction.user.id)
        mine = [s for s in loaded.seats if s.user_id == user and not s.is_bot]
        chosen = next((s.language for s in mine if s.language), None)
        lang = reader_lang(interaction, chosen, loaded.table.settings.get("language"))
        interaction.extras["lang"] = lang
        return Seated(loaded, [s.seat for s in mine], lang)

    @staticmethod
    def is_manager(interaction: discord.Interaction[Any]) -> bool:
        """Server managers may kick, substitute or abandon any table."""
        perms = interaction.permissions
        return bool(perms.manage_guild or perms.manage_channels or perms.manage_threads or perms.administrator)

    # ---- playing ------------------------------------------------------------------------------
    async def act(self, table_id: int, user_id: str | None, text: str, *, seat: int | None = None,
                  expected_version: int | None = None) -> tuple[frozenset[int], MoveResult]:
        """Play a move (the service loads the table once); returns who had to act before it, and
        what it led to."""
        result = await self.call(self.service.act, table_id, user_id, text, seat=seat,
                                 expected_version=expected_version)
        return frozenset(result.acted_before), result


def seat_row(loaded: Loaded, seat: int) -> SeatRow:
    """The row of seat number ``seat``."""
    return next(s for s in loaded.seats if s.seat == seat)


def is_refusal(error: BaseException) -> bool:
    return isinstance(error, GameError)
