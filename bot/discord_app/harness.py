"""The Discord adapter driven without Discord's gateway: the one entry point for programs that run the adapter's
own command code against a stand-in of Discord (the load benchmark, ``bench/load.py``; issue 24 §4).

:class:`Harness` builds what the bot builds at start-up — the :class:`~bot.discord_app.runtime.Runtime` over a
:class:`~service.TableService` (its image pool, locks, rate limits) and the ``Play`` commands — on a bot-like
object the caller provides, and offers what such a program needs, so that it never reaches into the adapter's
modules: ``/move`` as Discord runs it once its checks passed (the command's own dispatch: options, checks,
transformers), waiting for a channel's queued posts and edits, the results of each move as
the human then sees them, a wrapper around the image pool, and the names images give the seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from discord import app_commands
from discord.app_commands.namespace import Namespace

from bot.heap import settle
from service import MoveResult, SeatRow, TableService
from service.jobs import Jobs

from .config import BotConfig
from .edits import edits_of
from .ext.info import Info
from .ext.play import Play, move_autocomplete
from .images import Images
from .present import seat_names as _seat_names
from .runtime import Runtime

__all__ = ["Harness", "Images"]

T = TypeVar("T")


class Harness:
    """The adapter's runtime and ``/move`` command over ``bot`` (any object with the attributes the adapter reads
    of a ``discord.Client``: ``get_channel``, ``user``…; its ``runtime`` is set here). ``config`` overrides the
    settings read from the environment as the bot reads them (e.g. ``rate_actions``)."""

    def __init__(self, bot: Any, service: TableService, **config: Any) -> None:
        self.service = service
        self.runtime = Runtime(bot, BotConfig(sync_commands=False, **config), service)
        bot.runtime = self.runtime
        self._play = Play(bot)
        self._info = Info(bot)
        self._jobs = Jobs(service)
        self._observers: list[Callable[[MoveResult], None]] = []
        act = self.runtime.act

        async def act_and_tell(*args: Any, **kwargs: Any) -> tuple[frozenset[int], MoveResult]:
            before, result = await act(*args, **kwargs)
            for observer in self._observers:
                observer(result)
            return before, result

        self.runtime.act = act_and_tell  # type: ignore[method-assign]

    @property
    def images(self) -> Any:
        """The image pool the adapter draws with (``bot.discord_app.images.Images``, or its wrapper)."""
        return self.runtime.images

    def wrap_images(self, wrap: Callable[[Images], Any]) -> None:
        """Draw through ``wrap(pool)`` from now on (e.g. to count each command's drawings)."""
        self.runtime.images = wrap(self.runtime.images)

    def observe_results(self, observer: Callable[[MoveResult], None]) -> None:
        """Call ``observer`` with the result of every move the adapter commits (in the committing task)."""
        self._observers.append(observer)

    async def move(self, interaction: Any, text: str) -> bool:
        """``/move text`` as Discord runs it: the rate limit first (``False``: refused there, as the bot would
        answer it), then the command itself."""
        if not await self.runtime.admit(interaction):
            return False
        # As the command tree dispatches it (issue 25 §1): the options parsed into a namespace, the
        # command's checks, its parameters' transformers, then the callback; an error reaches the
        # caller as the bot's error handler unwraps it.
        command = self._play.move
        namespace = Namespace(interaction, {}, [{"type": 3, "name": "move", "value": text}])
        try:
            await command._invoke_with_namespace(interaction, namespace)
        except app_commands.CommandInvokeError as error:
            raise error.original from None
        return True

    async def autocomplete(self, interaction: Any, current: str) -> bool:
        """A keystroke of ``/move``: the rate limit (autocomplete's own allowance), the suggestions for
        ``current``, and the answer Discord.py sends with them (``False``: refused by the rate limit)."""
        if not await self.runtime.admit(interaction):
            return False
        await interaction.response.autocomplete(await move_autocomplete(interaction, current))
        return True

    async def hand(self, interaction: Any) -> bool:
        """``/hand``, the person's private panel (as the "My view" button opens it)."""
        if not await self.runtime.admit(interaction):
            return False
        await Play.hand.callback(self._play, interaction)  # type: ignore[arg-type,call-arg]
        return True

    async def board(self, interaction: Any) -> bool:
        """``/board``: the current board, privately."""
        if not await self.runtime.admit(interaction):
            return False
        await Info.board.callback(self._info, interaction)  # type: ignore[arg-type]
        return True

    async def clock_round(self, guild_ids: set[str]) -> int:
        """The reads of the clock's minute round over every table of ``guild_ids`` (``ext.admin``): the due
        deadlines and reminders (the number returned) and the tables that ended unrated."""
        now = datetime.now(UTC)
        due = await self.runtime.call(self._jobs.due, now, guild_ids)
        await self.runtime.call(self.service.rate_recent, guild_ids, now)
        return len(due.deadlines) + len(due.reminders)

    async def flush_channel(self, channel_id: int) -> None:
        """Wait until the queued posts and edits in ``channel_id`` are made (``/move`` answers the mover
        before its public post is out)."""
        await edits_of(self.runtime).flush_channel(channel_id)

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn`` in the adapter's worker threads, as the commands call the service."""
        return await self.runtime.call(fn, *args, **kwargs)

    @staticmethod
    def seat_names(seats: Sequence[SeatRow]) -> list[str]:
        """The names images and summaries give the seats."""
        return _seat_names(seats)

    @staticmethod
    def settle() -> None:
        """What the bot does once started (``bot/heap.py``): what is alive stays out of later full collections."""
        settle()

    def close(self) -> None:
        """Stop the image pool (its worker processes, if any)."""
        self.runtime.close()

