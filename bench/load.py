"""The load benchmark (issue 13 §1): many tables played at once through the Discord adapter's own code.

``tabula bench load --tables 50 --rate 4 --duration 60`` (or ``python -m bench.load ...``) seats one human and
bots at each table (half the Landlord's Game with 4 seats, half It's a Wonderful World with 5 by default;
``--titles`` may add three-kingdoms and royal-gorge) and sends ``/move`` commands for the humans. Each command
runs exactly what the bot runs for a ``/move``: the rate limit check (``Runtime.admit``), then
``Play.move`` — acknowledge (defer), find the table, ``TableService.act`` in a worker thread, ``publish``
(table notes, public moves, the spectator view, event lines, the board through
``bot.discord_app.images.Images``, the post or the status post's edit) and the private confirmation. Only
Discord is replaced (:mod:`bench.discord_stand_in`): the interaction, the bot and the channels, which clock
when each thing would have gone out. The runtime reads the bot's settings from the environment as the bot
does (``TABULA_RENDER_WORKERS``, ``TABULA_RENDER_QUEUE``...), and a few boards of each title are drawn before
the clock starts, as in a bot that has been up a while.

Arrivals are Poisson at ``--rate`` commands/s across the tables (a command goes to a table chosen at random
among those whose previous command is over: a player answers the board they saw), or with ``--saturate`` a
closed loop: each table sends its next command as soon as its last one is answered, image included.

Measured per command: acknowledge (from the command's arrival to the moment its first answer left the bot: the
confirmation of a move applied within the acknowledgement budget, else the deferral), command → text (the post, or
the status post's edit, carrying the move's text) and command → image (the first post or edit carrying the board or
result image; a command whose post shows none by the adapter's rules, or left out by a full render queue, counts
apart). A command is answered when its handler has returned and the images it asked for are drawn and posted. Then
throughput (commands/s, images/s, and moves/s with the bots' replies), CPU per command (this process and its child
processes, e.g. a render pool's workers, over the commands answered; the driver's own choice of the humans' moves is
left out) and peak RSS of the process and of each child.
``--stored N`` first creates N started tables nobody plays, and lists and loads each once (the memory
figure "1,000 stored tables and 50 active").

The database is a throw-away one on this machine (:mod:`bench.scratch_database`); runs are bounded by
:data:`MAX_TABLES`, :data:`MAX_DURATION`, :data:`MAX_STORED` and ``--max-commands``. Numbers are printed
only: nothing asserts on wall-clock time.
"""

from __future__ import annotations

import asyncio
import contextvars
import os
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

import typer

from .discord_stand_in import Post, StandInBot, StandInInteraction
from .network import DOING, GLOBAL_LIMIT, NetworkModel, Rest, RestStats
from .process_usage import Usage, own_peak_rss_mib, rss_mib
from .scratch_database import NotLocal, check_local, scratch_database
from .timing import percentile

if TYPE_CHECKING:
    from service import MoveResult, TableService

#: Titles the benchmark can seat; the first two are the default mix (issue 13's measurement), all of them
#: the realistic profile's.
TITLES = ("landlords", "wonderful-world", "three-kingdoms", "royal-gorge", "megarich")
DEFAULT_TITLES = ("landlords", "wonderful-world")
#: Seats per table by title (one human, the rest bots); other titles take their most seats.
SEATS = {"landlords": 4, "wonderful-world": 5}
#: The human's seat at every table.
HUMAN = 0

#: Bounds of one run.
MAX_TABLES = 200
MAX_DURATION = 600.0
MAX_RATE = 200.0
MAX_STORED = 5_000
MAX_COMMANDS = 100_000
#: Seconds to wait, after the last arrival, for the commands still running (they count when they finish).
DRAIN = 60.0
#: Boards of each title drawn at once before the clock starts (so every drawing worker has started).
WARM_UP = 4
#: Turns of the event loop a command's answer waits for its background drawings to start, and once they are
#: drawn, for the images to reach its post.
ATTACH_STEPS = 20
#: Seconds between two readings of the child processes' CPU and memory.
SAMPLE_EVERY = 1.0

#: The server every benchmark table is played in, as the interaction names it.
GUILD = 424_242
CHANNEL_BASE = 7_000_000
USER_BASE = 1_000_000


@dataclass(frozen=True)
class Traffic:
    """What people do around their moves besides ``/move`` (issue 25 §1): autocomplete keystrokes before each
    ``/move``, a private panel (``/hand``, as "My view" opens it) or ``/board`` after some, and the clock's
    round over every table."""

    #: Keystrokes of ``/move``'s autocomplete before the command is sent, and the seconds between two.
    keystrokes: int = 0
    typing_gap: float = 0.3
    #: Shares of commands after which the person opens their private panel, or asks for the board.
    hand: float = 0.0
    board: float = 0.0
    #: Seconds between two rounds of the clock (0: none).
    clock: float = 0.0

    @classmethod
    def realistic(cls) -> Traffic:
        """Four keystrokes a move, a panel after three moves in ten, the board after one in ten, the clock
        every minute."""
        return cls(keystrokes=4, typing_gap=0.3, hand=0.3, board=0.1, clock=60.0)

    def describe(self) -> str:
        """One line for the report."""
        if self == Traffic():
            return "/move only"
        return (f"{self.keystrokes} autocomplete keystrokes a /move ({self.typing_gap:g} s apart), a private panel "
                f"after {self.hand:.0%} and /board after {self.board:.0%} of them, the clock every {self.clock:g} s")


#: The profiles of ``--profile``: what the stand-in costs and what is typed around the moves.
PROFILES: dict[str, tuple[NetworkModel, Traffic, tuple[str, ...]]] = {
    "bare": (NetworkModel.off(), Traffic(), DEFAULT_TITLES),
    "realistic": (NetworkModel(), Traffic.realistic(), TITLES),
}


@dataclass(frozen=True)
class LoadSettings:
    """One run: how many tables, which arrivals, how long, on which database, through which network."""

    tables: int = 50
    rate: float = 4.0
    duration: float = 60.0
    #: ``None``: a temporary SQLite file; else a local SQLite file to create or a local PostgreSQL server.
    database: str | None = None
    saturate: bool = False
    seed: int = 1
    titles: tuple[str, ...] = DEFAULT_TITLES
    stored: int = 0
    max_commands: int = 20_000
    network: NetworkModel = field(default_factory=NetworkModel.off)
    traffic: Traffic = field(default_factory=Traffic)
    profile: str = "bare"

    def check(self) -> None:
        """Refuse a run outside the bounds, an unknown title or a database that is not on this machine
        (:class:`ValueError` with the reason)."""
        if not 1 <= self.tables <= MAX_TABLES:
            raise ValueError(f"--tables must be between 1 and {MAX_TABLES}")
        if not 0 < self.duration <= MAX_DURATION:
            raise ValueError(f"--duration must be more than 0 and at most {MAX_DURATION:.0f} seconds")
        if not self.saturate and not 0 < self.rate <= MAX_RATE:
            raise ValueError(f"--rate must be more than 0 and at most {MAX_RATE:.0f} commands/s")
        if not 0 <= self.stored <= MAX_STORED:
            raise ValueError(f"--stored must be between 0 and {MAX_STORED}")
        if not 1 <= self.max_commands <= MAX_COMMANDS:
            raise ValueError(f"--max-commands must be between 1 and {MAX_COMMANDS}")
        unknown = [t for t in self.titles if t not in TITLES]
        if unknown or not self.titles:
            raise ValueError(f"--titles takes some of {', '.join(TITLES)}; not {', '.join(unknown) or 'none'}")
        if self.network.latency < 0 or self.network.jitter < 0 or self.network.upload_ms_per_kib < 0:
            raise ValueError("network times cannot be negative")
        t = self.traffic
        if not (0 <= t.keystrokes <= 20 and 0 <= t.hand <= 1 and 0 <= t.board <= 1 and t.clock >= 0
                and t.typing_gap >= 0):
            raise ValueError("traffic: 0–20 keystrokes, shares between 0 and 1, times not negative")
        if self.database is not None:
            check_local(self.database)


@dataclass
class Command:
    """One ``/move``: when it arrived and when each of its answers went out (``time.perf_counter``)."""

    table: int
    arrived: float
    text_at: float | None = None
    image_at: float | None = None
    handled: float | None = None
    done: float | None = None
    #: Moves it stored: the human's and the bots' replies.
    moves: int = 0
    error: str | None = None
    interaction: StandInInteraction | None = None
    result: MoveResult | None = None
    #: Images being drawn for it (through the runtime's ``Images``), and those drawn.
    drawing: int = 0
    drawn: int = 0
    settled: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def acknowledged(self) -> float | None:
        return self.interaction.clocked.acknowledged if self.interaction else None

    def wake(self) -> None:
        """Mark it answered once its handler has returned and no image of it is being drawn."""
        if self.handled is not None and self.drawing == 0:
            self.settled.set()


#: The command the running task serves (tasks copy it, so a drawing started for a command is its own).
CURRENT: contextvars.ContextVar[Command | None] = contextvars.ContextVar("bench_load_command", default=None)


class ClockedImages:
    """The runtime's ``Images``, its public drawing methods counted per command (see :data:`CURRENT`);
    everything else goes to the real one untouched."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def board(self, *args: Any, **kwargs: Any) -> Any:
        return await self._counted(self._inner.board(*args, **kwargs))

    async def private(self, *args: Any, **kwargs: Any) -> Any:
        return await self._counted(self._inner.private(*args, **kwargs))

    async def focus(self, *args: Any, **kwargs: Any) -> Any:
        return await self._counted(self._inner.focus(*args, **kwargs))

    async def result(self, *args: Any, **kwargs: Any) -> Any:
        return await self._counted(self._inner.result(*args, **kwargs))

    @staticmethod
    async def _counted(drawing: Awaitable[Any]) -> Any:
        command = CURRENT.get()
        if command is None:
            return await drawing
        command.drawing += 1
        try:
            return await drawing
        finally:
            command.drawing -= 1
            command.drawn += 1
            command.wake()


@dataclass
class Table:
    """One played table: its ids, what the human last saw, and its command in flight."""

    index: int
    game_id: str
    table_id: int
    channel_id: int
    user_id: int
    state: Any
    seq: int
    current: Command | None = None
    #: What the human sends next (chosen when the last command was answered).
    next_move: str = ""
    #: Table ids this slot played (a finished game is replaced by a new table in the same slot).
    played: list[int] = field(default_factory=list)

    @property
    def busy(self) -> bool:
        return self.current is not None


@dataclass(frozen=True)
class Spread:
    """p50/p95/p99 of some seconds."""

    count: int
    p50: float
    p95: float
    p99: float

    @classmethod
    def of(cls, samples: Sequence[float]) -> Spread:
        return cls(len(samples), percentile(samples, 0.5), percentile(samples, 0.95), percentile(samples, 0.99))

    def text(self) -> str:
        return (f"p50 {self.p50 * 1000:8.1f} ms   p95 {self.p95 * 1000:8.1f} ms   p99 {self.p99 * 1000:8.1f} ms"
                f"   (n={self.count})")


@dataclass(frozen=True)
class LoadReport:
    """What one run measured (times in seconds, memory in MiB)."""

    settings: LoadSettings
    backend: str
    #: Commands answered (handler returned, images drawn), offered (arrived), and refused on arrival
    #: because every table was still busy (Poisson arrivals only).
    commands: int
    offered: int
    every_table_busy: int
    unfinished: int
    errors: dict[str, int]
    acknowledge: Spread
    text: Spread
    image: Spread
    #: Answered commands whose posts carried no image: by the adapter's rules, or left out by a full queue.
    without_image: int
    images_left_out: int
    elapsed: float
    #: Moves the commands led to (human and bots), and action rows of moves stored during the run.
    moves: int
    moves_stored: int
    tables_replaced: int
    process_cpu: float
    children_cpu: float
    driver_cpu: float
    peak_rss: float
    rss_end: float
    children_peak_rss: dict[int, float]
    stored_tables: int
    #: Discord's side: the REST calls of the run; and the traffic around the moves (each its own latency:
    #: keystroke → suggestions, panel → its image, /board → the board, one clock round).
    rest: RestStats = field(default_factory=RestStats)
    autocomplete: Spread = field(default_factory=lambda: Spread.of([]))
    panel: Spread = field(default_factory=lambda: Spread.of([]))
    board: Spread = field(default_factory=lambda: Spread.of([]))
    clock: Spread = field(default_factory=lambda: Spread.of([]))
    #: Command → image per title (the boards' sizes differ: each KiB is a millisecond of upload).
    image_by_title: dict[str, Spread] = field(default_factory=dict)

    @property
    def commands_per_second(self) -> float:
        return self.commands / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def images_per_second(self) -> float:
        """Board or result images that reached their posts, per second."""
        return self.image.count / self.elapsed if self.elapsed > 0 else 0.0

    @property
    def calls_per_move(self) -> float:
        """REST calls of the ``/move`` path (acknowledgement, posts, edits, images, confirmation) per answered
        command."""
        return self.rest.by_doing["move"] / self.commands if self.commands else 0.0

    @property
    def calls_per_played(self) -> float:
        """REST calls of the ``/move`` path per move played (the human's and the bots' replies)."""
        return self.rest.by_doing["move"] / self.moves if self.moves else 0.0

    def token_ceiling(self, seconds_per_command: float) -> int:
        """Busy tables one bot token serves within the global limit, each sending a command every
        ``seconds_per_command``, with this run's calls under the global limit per command (traffic included,
        the clock's rounds left out: they do not grow with the pace)."""
        bound = sum(n for doing, n in self.rest.bound_by_doing.items() if doing != "clock")
        per_command = bound / self.commands if self.commands else 0.0
        return int(GLOBAL_LIMIT * seconds_per_command / per_command) if per_command else 0

    @property
    def cpu_per_command(self) -> float:
        """Seconds of CPU (process and children, less the driver's move choice) per answered command."""
        spent = max(0.0, self.process_cpu - self.driver_cpu) + self.children_cpu
        return spent / self.commands if self.commands else 0.0

    def lines(self) -> list[str]:
        """The report as printed."""
        s = self.settings
        arrivals = "saturated (closed loop)" if s.saturate else f"Poisson {s.rate:g} commands/s"
        head = (f"== load ({s.profile}): {s.tables} tables ({', '.join(s.titles)}), {arrivals}, {s.duration:g} s, "
                f"{self.backend}"
                + (f", {self.stored_tables:,} stored tables" if self.stored_tables else ""))
        errors = ", ".join(f"{k} ×{n}" for k, n in sorted(self.errors.items())) or "none"
        workers = ", ".join(f"pid {pid} {mib:.1f} MiB" for pid, mib in sorted(self.children_peak_rss.items()))
        rows = [
            ("commands", f"{self.commands:,} answered of {self.offered:,} offered ({self.every_table_busy:,} "
                         f"refused: every table busy; {self.unfinished} unfinished; errors: {errors})"),
            ("acknowledge", self.acknowledge.text()),
            ("command → text", self.text.text()),
            ("command → image", f"{self.image.text()}; {self.without_image:,} answered without an image "
                                f"({self.images_left_out:,} left out by the render queue)"),
            *((f"  {t}", v.text()) for t, v in sorted(self.image_by_title.items()) if len(self.image_by_title) > 1),
            ("throughput", f"{self.commands_per_second:.2f} commands/s, {self.images_per_second:.2f} images/s, "
                           f"{self.moves_per_second:.2f} moves/s with the bots' ({self.moves:,} moves, "
                           f"{self.moves_stored:,} stored, over {self.elapsed:.1f} s; {self.tables_replaced} "
                           "finished tables replaced)"),
            ("CPU per command", f"{self.cpu_per_command * 1000:.1f} ms (process {self.process_cpu:.1f} s less "
                                f"{self.driver_cpu:.2f} s choosing the humans' moves, child processes "
                                f"{self.children_cpu:.1f} s)"),
            ("peak RSS", f"process {self.peak_rss:.1f} MiB (now {self.rss_end:.1f} MiB); child processes: "
                         f"{workers or 'none'}"),
        ]
        rest = self.rest
        doing = ", ".join(f"{k} {n:,}" for k, n in rest.by_doing.most_common())
        pace = s.tables / s.rate if not s.saturate and s.rate else 0.0
        rows += [
            ("network", f"{s.network.describe()}; traffic: {s.traffic.describe()}"),
            ("REST calls", f"{self.calls_per_move:.2f} per /move ({self.calls_per_played:.2f} per move played, the "
                           f"bots' included); {rest.total:,} in all ({doing or 'none'}); "
                           f"busiest second {rest.peak_per_second()} of the {GLOBAL_LIMIT} allowed; "
                           f"{rest.waits:,} held back by a limit for {rest.waited:.1f} s in all"),
        ]
        routes = [(route, n) for (doing, route), n in rest.by_doing_route.most_common() if doing == "move"]
        if routes and self.commands:
            rows.append(("/move's calls", "; ".join(f"{n / self.commands:.2f} {route}" for route, n in routes)))
        for label, spread in (("autocomplete", self.autocomplete), ("private panel", self.panel),
                              ("/board", self.board), ("clock round", self.clock)):
            if spread.count:
                rows.append((label, spread.text()))
        if pace:
            rows.append(("one token", f"≈ {self.token_ceiling(pace):,} busy tables at this pace (a command every "
                                      f"{pace:.1f} s a table), {self.token_ceiling(60.0):,} at one a minute, "
                                      "within the global limit"))
        return [head, *(f"  {label:16} {text}" for label, text in rows)]


def _seats(game_id: str) -> int:
    from games.registry import get_game

    return SEATS.get(game_id, get_game(game_id).meta.max_players)


def _open_table(service: TableService, game_id: str, seed: str, user_id: int, channel_id: int | None) -> Any:
    """A started table of ``game_id``: the human at seat 0, bots at the others (their first moves played)."""
    table = service.create(game_id, seats=_seats(game_id), seed=seed, creator=str(user_id),
                           channel_id=str(channel_id) if channel_id is not None else None, language="en")
    service.join(table.id, str(user_id), f"Player {user_id - USER_BASE + 1}")
    for _ in range(_seats(game_id) - 1):
        service.add_bot(table.id)
    return service.start(table.id, str(user_id)).loaded


def _stored_moves(service: TableService, table_ids: Sequence[int]) -> int:
    return sum(1 for tid in table_ids for row in service.log(tid) if row.kind == "move")


def _store_idle_tables(service: TableService, settings: LoadSettings) -> None:
    """``settings.stored`` started tables nobody plays in the run, then each listed and loaded once."""
    for n in range(settings.stored):
        game_id = settings.titles[n % len(settings.titles)]
        _open_table(service, game_id, f"stored-{settings.seed}-{n}", USER_BASE + MAX_TABLES * 10 + n, None)
    for row in service.tables(None, ("active",)):
        service.load(row.id)


class LoadRun:
    """One run's driver (see the module docstring); :meth:`run` returns its report."""

    def __init__(self, settings: LoadSettings, url: str) -> None:
        self.settings = settings
        self.url = url
        self.rng = random.Random(settings.seed)
        self.commands: list[Command] = []
        self.every_table_busy = 0
        self.driver_cpu = 0.0
        self.extra_moves = 0
        self.replaced = 0
        self.tables: list[Table] = []
        self.by_channel: dict[int, Table] = {}
        #: Seconds each piece of traffic around the moves took (see :class:`Traffic`).
        self.keystrokes: list[float] = []
        self.panels: list[float] = []
        self.boards: list[float] = []
        self.clock_rounds: list[float] = []
        self.rest = Rest(settings.network, settings.seed)
        self.errors: dict[str, int] = {}

    # ---- posts -------------------------------------------------------------------------------------
    def on_post(self, channel_id: int, post: Post) -> None:
        table = self.by_channel.get(channel_id)
        command = table.current if table else None
        if command is None:
            return
        if post.text and command.text_at is None:
            command.text_at = post.at
        if post.image and command.image_at is None:
            command.image_at = post.at

    # ---- one command -------------------------------------------------------------------------------
    def _choose(self, table: Table) -> str:
        """The human's move: the title's bot move for seat 0, seeded by table and seq (its CPU is the
        driver's, left out of CPU per command)."""
        from games.core import Rng
        from games.registry import get_game

        start = time.thread_time()
        game = get_game(table.game_id)
        move = game.bot_move(table.state, HUMAN, Rng.from_seed(f"{self.settings.seed}:{table.index}:{table.seq}"))
        self.driver_cpu += time.thread_time() - start
        return str(move)

    def launch(self, table: Table, arrived: float) -> asyncio.Task[None]:
        command = Command(table.index, arrived)
        table.current = command
        self.commands.append(command)
        return asyncio.create_task(self._play(table, command, table.next_move), name=f"load-t{table.index}")

    async def _play(self, table: Table, command: Command, text: str) -> None:
        from games.core import GameError

        CURRENT.set(command)
        traffic = self.settings.traffic
        if traffic.keystrokes:  # the person types, reading the suggestions, then sends
            DOING.set("autocomplete")
            for prefix in _prefixes(text, traffic.keystrokes):
                await self._keystroke(table, prefix)
                await asyncio.sleep(traffic.typing_gap)
            command.arrived = time.perf_counter()
        DOING.set("move")
        interaction = StandInInteraction(self.bot, GUILD, table.channel_id, table.user_id)
        command.interaction = interaction
        try:
            if not await self.adapter.move(interaction, text):
                command.error = "rate limited"
        except GameError as error:
            command.error = f"{type(error).__name__}({error.key})"
        except Exception as error:  # counted and printed: the run goes on
            command.error = type(error).__name__
        # Images drawn in the background (issue 13 §2) are asked for by tasks the handler started: they
        # ask within a few turns of the event loop, and the command is answered once they are drawn.
        for _ in range(ATTACH_STEPS):
            if command.drawing:
                break
            await asyncio.sleep(0)
        command.handled = time.perf_counter()
        command.wake()
        await command.settled.wait()
        # A drawn image reaches its post a few turns later (attached by a queued edit); the reply does not wait
        # for the public post (issue 25 §1): the channel's queued post and edits are made before the next command.
        for _ in range(ATTACH_STEPS):
            if command.image_at is not None or not command.drawn:
                break
            await asyncio.sleep(0)
        await self.adapter.flush_channel(table.channel_id)
        await self._after(table, command)
        command.done = time.perf_counter()
        CURRENT.set(None)
        await self._look_around(table)
        table.current = None

    async def _keystroke(self, table: Table, prefix: str) -> None:
        interaction = StandInInteraction(self.bot, GUILD, table.channel_id, table.user_id, autocomplete=True)
        start = time.perf_counter()
        try:
            if await self.adapter.autocomplete(interaction, prefix):
                self.keystrokes.append(time.perf_counter() - start)
        except Exception as error:  # counted and printed: the run goes on
            self.errors[f"autocomplete {type(error).__name__}"] = self.errors.get(
                f"autocomplete {type(error).__name__}", 0) + 1

    async def _look_around(self, table: Table) -> None:
        """After seeing the board, the person sometimes opens their private panel or asks for the board (each
        until its image is there)."""
        traffic = self.settings.traffic
        for doing, share, ask, into in (("hand", traffic.hand, self.adapter.hand, self.panels),
                                        ("board", traffic.board, self.adapter.board, self.boards)):
            if not share or self.rng.random() >= share:
                continue
            DOING.set(doing)
            interaction = StandInInteraction(self.bot, GUILD, table.channel_id, table.user_id)
            start = time.perf_counter()
            try:
                if await ask(interaction):
                    into.append((interaction.clocked.imaged or interaction.clocked.followed_up or start) - start)
            except Exception as error:  # counted and printed: the run goes on
                self.errors[f"{doing} {type(error).__name__}"] = self.errors.get(f"{doing} {type(error).__name__}",
                                                                                0) + 1

    async def _clock(self) -> None:
        """The clock's round over every table, every ``traffic.clock`` seconds (as ``ext.admin`` runs it)."""
        DOING.set("clock")
        while True:
            await asyncio.sleep(self.settings.traffic.clock)
            start = time.perf_counter()
            await self.adapter.clock_round({str(GUILD)})
            self.clock_rounds.append(time.perf_counter() - start)

    async def _after(self, table: Table, command: Command) -> None:
        """What the human saw: the state the command led to; bots still to move are run (as the clock
        would), a finished game is replaced by a new table."""
        result = command.result
        if result is None:
            loaded = await self.adapter.call(self.service.load, table.table_id)
        else:
            command.moves = len(result.steps)
            loaded = result.loaded
        await self._settle(table, loaded)

    async def _settle(self, table: Table, loaded: Any) -> None:
        """Make the table wait for its human: bots still to move are run, a finished game is replaced."""
        game = loaded.game
        if not game.is_over(loaded.state) and HUMAN not in game.to_act(loaded.state):
            ran = await self.adapter.call(self.service.run_bots, table.table_id)
            if ran is not None:
                self.extra_moves += len(ran.steps)
                loaded = ran.loaded
        if game.is_over(loaded.state) or loaded.table.status != "active":
            self.replaced += 1
            loaded = await self.adapter.call(_open_table, self.service, table.game_id,
                                             f"load-{self.settings.seed}-{table.index}-{self.replaced}",
                                             table.user_id, table.channel_id)
            table.table_id = int(loaded.table.id)
            table.played.append(table.table_id)
        table.state, table.seq = loaded.state, loaded.last_seq
        table.next_move = self._choose(table)  # chosen now, while the human "looks at the board"

    # ---- arrivals ----------------------------------------------------------------------------------
    async def _poisson(self, until: float) -> None:
        tasks: set[asyncio.Task[None]] = set()
        at = time.perf_counter()
        while len(self.commands) < self.settings.max_commands:
            at += self.rng.expovariate(self.settings.rate)
            if at >= until:
                break
            await asyncio.sleep(max(0.0, at - time.perf_counter()))
            idle = [t for t in self.tables if not t.busy]
            if not idle:
                self.every_table_busy += 1
                continue
            task = self.launch(self.rng.choice(idle), at)
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await self._drain(tasks)

    async def _closed_loop(self, until: float) -> None:
        async def client(table: Table) -> None:
            while time.perf_counter() < until and len(self.commands) < self.settings.max_commands:
                await self.launch(table, time.perf_counter())

        clients = [asyncio.create_task(client(t)) for t in self.tables]
        await asyncio.sleep(max(0.0, until - time.perf_counter()))
        await self._drain(set(clients))

    @staticmethod
    async def _drain(tasks: set[asyncio.Task[None]]) -> None:
        if tasks:
            await asyncio.wait(set(tasks), timeout=DRAIN)

    async def _sample(self, usage: Usage) -> None:
        while True:
            await asyncio.sleep(SAMPLE_EVERY)
            usage.sample()

    # ---- the run -----------------------------------------------------------------------------------
    async def run(self) -> LoadReport:
        from bot.discord_app.harness import Harness
        from service import TableService

        s = self.settings
        self.service = TableService.open(self.url)
        try:
            await asyncio.to_thread(_store_idle_tables, self.service, s)
            self.bot = StandInBot(self.on_post, self.rest)
            # the rate limit is checked as the bot does, but set high: the benchmark is not about it
            self.adapter = Harness(self.bot, self.service, rate_actions=1_000_000)
            self.adapter.wrap_images(ClockedImages)
            self.adapter.observe_results(_keep_result)
            first: dict[str, Any] = {}
            for n in range(s.tables):
                game_id = s.titles[n % len(s.titles)]
                loaded = await asyncio.to_thread(_open_table, self.service, game_id, f"load-{s.seed}-{n}",
                                                 USER_BASE + n, CHANNEL_BASE + n)
                first.setdefault(game_id, loaded)
                table = Table(n, game_id, int(loaded.table.id), CHANNEL_BASE + n, USER_BASE + n, loaded.state,
                              loaded.last_seq, played=[int(loaded.table.id)])
                await self._settle(table, loaded)
                self.tables.append(table)
                self.by_channel[table.channel_id] = table
            await self._warm_up(first)
            self.extra_moves = self.replaced = 0  # the deal's, not the run's
            stored_before = await asyncio.to_thread(_stored_moves, self.service, [t.table_id for t in self.tables])
            usage = Usage()
            usage.start()
            sampler = asyncio.create_task(self._sample(usage))
            clock = asyncio.create_task(self._clock()) if s.traffic.clock else None
            self.rest.stats = RestStats()  # the run's calls, not the deal's
            start = time.perf_counter()
            try:
                if s.saturate:
                    await self._closed_loop(start + s.duration)
                else:
                    await self._poisson(start + s.duration)
            finally:
                sampler.cancel()
                if clock is not None:
                    clock.cancel()
            answered = [c for c in self.commands if c.done is not None]
            end = max([start + s.duration, *(c.done for c in answered if c.done is not None)])
            usage.sample()
            peak, rss_end = own_peak_rss_mib(), rss_mib(os.getpid()) or 0.0
            skipped = int(getattr(self.adapter.images, "skipped", 0) or 0)
            self.adapter.close()
            ids = [tid for t in self.tables for tid in t.played]
            stored_after = await asyncio.to_thread(_stored_moves, self.service, ids)
        finally:
            self.service.repo.engine.dispose()
        ok = [c for c in answered if c.error is None]
        errors: dict[str, int] = dict(self.errors)
        for c in self.commands:
            if c.error is not None:
                errors[c.error] = errors.get(c.error, 0) + 1
        return LoadReport(
            settings=s, backend=self.url.split(":", 1)[0].split("+", 1)[0],
            commands=len(answered), offered=len(self.commands), every_table_busy=self.every_table_busy,
            unfinished=len(self.commands) - len(answered), errors=errors,
            acknowledge=Spread.of([c.acknowledged - c.arrived for c in self.commands if c.acknowledged is not None]),
            text=Spread.of([c.text_at - c.arrived for c in ok if c.text_at is not None]),
            image=Spread.of([c.image_at - c.arrived for c in ok if c.image_at is not None]),
            without_image=sum(1 for c in ok if c.image_at is None), images_left_out=skipped,
            elapsed=end - start, moves=sum(c.moves for c in answered) + self.extra_moves,
            moves_stored=stored_after - stored_before, tables_replaced=self.replaced,
            process_cpu=usage.process_cpu, children_cpu=usage.children_cpu, driver_cpu=self.driver_cpu,
            peak_rss=peak, rss_end=rss_end, children_peak_rss=dict(usage.children_peak),
            stored_tables=s.stored, rest=self.rest.stats, autocomplete=Spread.of(self.keystrokes),
            panel=Spread.of(self.panels), board=Spread.of(self.boards), clock=Spread.of(self.clock_rounds),
            image_by_title={g: Spread.of([c.image_at - c.arrived for c in ok if c.image_at is not None
                                          and self.tables[c.table].game_id == g]) for g in s.titles})

    async def _warm_up(self, loaded_by_title: dict[str, Any]) -> None:
        """Draw a few boards of each title before the clock starts, as a bot that has been up a while has
        (its drawing threads or processes started, fonts and renderers loaded), then settle as the bot does."""
        drawings = []
        for loaded in loaded_by_title.values():
            view = loaded.game.view(loaded.state, None)
            names = self.adapter.seat_names(loaded.seats)
            drawings += [self.adapter.images.board(loaded.game.meta.id, view, "en", names) for _ in range(WARM_UP)]
        await asyncio.gather(*drawings)
        self.adapter.settle()


def _prefixes(text: str, keystrokes: int) -> list[str]:
    """What the person has typed at each of ``keystrokes`` suggestions: growing prefixes of ``text`` (one
    character at least, the whole move at most)."""
    if not text:
        return [""] * keystrokes
    return [text[:max(1, round(len(text) * (k + 1) / (keystrokes + 1)))] for k in range(keystrokes)]


def _keep_result(result: MoveResult) -> None:
    """Keep each command's ``MoveResult`` (what the human then sees) on the command it answers."""
    command = CURRENT.get()
    if command is not None:
        command.result = result


def run_load(settings: LoadSettings, echo: Callable[[str], object] = print) -> LoadReport:
    """Check ``settings``, run once on a throw-away database, print the report and return it."""
    settings.check()
    with scratch_database(settings.database) as url:
        report = asyncio.run(LoadRun(settings, url).run())
    for line in report.lines():
        echo(line)
    return report


def command(
    tables: Annotated[int, typer.Option(help=f"Tables played at once (at most {MAX_TABLES}).")] = 50,
    rate: Annotated[float, typer.Option(help="Commands per second offered across the tables (Poisson).")] = 4.0,
    duration: Annotated[float, typer.Option(help=f"Seconds of arrivals (at most {MAX_DURATION:.0f}).")] = 60.0,
    database: Annotated[str | None, typer.Option(
        help="A local PostgreSQL server (a throw-away schema is created there and dropped) or a new SQLite "
             "file; default a temporary SQLite file.")] = None,
    saturate: Annotated[bool, typer.Option(
        help="Closed loop: each table sends its next command as soon as its last one is answered.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the deals, the humans' moves and the arrivals.")] = 1,
    titles: Annotated[str | None, typer.Option(help=f"Comma-separated titles, alternated over the tables "
                                                    f"(any of {', '.join(TITLES)}; default: the profile's).")] = None,
    stored: Annotated[int, typer.Option(help="Idle started tables stored (listed and loaded once) before "
                                             f"the run (at most {MAX_STORED:,}).")] = 0,
    max_commands: Annotated[int, typer.Option(help="Stop after this many commands.")] = 20_000,
    profile: Annotated[str, typer.Option(
        help="bare: Discord answers at once and only /move is sent (two titles); realistic: every REST call "
             "takes the network's time and waits for Discord's rate limits, people type autocomplete, open "
             "panels and boards, the clock ticks, all titles (each part switchable below).")] = "bare",
    network: Annotated[bool | None, typer.Option(
        "--network/--no-network", help="Time on the wire per REST call (default: the profile's).")] = None,
    limits: Annotated[bool | None, typer.Option(
        "--limits/--no-limits", help="Discord's per-route and global rate limits (default: the profile's).")] = None,
    traffic: Annotated[bool | None, typer.Option(
        "--traffic/--no-traffic", help="Autocomplete, panels, /board and the clock (default: the profile's).")] = None,
    latency_ms: Annotated[float, typer.Option(help="Mean round trip of a REST call, with --network.")] = 80.0,
    jitter_ms: Annotated[float, typer.Option(help="± this much around it (uniform).")] = 20.0,
    upload_ms_per_kib: Annotated[float, typer.Option(help="Upload time per KiB of images.")] = 1.0,
) -> None:
    """Play many tables at once through the Discord adapter's /move and print acknowledge, command → text
    and command → image percentiles, throughput, CPU per command, peak RSS (issue 13 §1) and Discord's REST
    calls, with the realistic profile's network, rate limits and traffic (issue 25 §1)."""
    if profile not in PROFILES:
        raise typer.BadParameter(f"--profile is one of {', '.join(PROFILES)}")
    base_network, base_traffic, base_titles = PROFILES[profile]
    wire = base_network.timed if network is None else network
    model = NetworkModel(latency=latency_ms / 1000, jitter=jitter_ms / 1000, upload_ms_per_kib=upload_ms_per_kib,
                         limits=base_network.limits if limits is None else limits)
    if not wire:
        model = NetworkModel(latency=0.0, jitter=0.0, upload_ms_per_kib=0.0, limits=model.limits)
    chosen = base_traffic if traffic is None else (Traffic.realistic() if traffic else Traffic())
    picked = tuple(t.strip() for t in titles.split(",") if t.strip()) if titles is not None else base_titles
    settings = LoadSettings(tables=tables, rate=rate, duration=duration, database=database, saturate=saturate,
                            seed=seed, titles=picked, stored=stored, max_commands=max_commands, network=model,
                            traffic=chosen, profile=profile)
    try:
        settings.check()
    except (NotLocal, ValueError) as error:
        raise typer.BadParameter(str(error)) from None
    run_load(settings, echo=typer.echo)


if __name__ == "__main__":
    typer.run(command)
