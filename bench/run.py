"""Speed numbers per title: the engine, completion, panels (a menu level as the Discord adapter opens it) and
parse + apply of typed moves, and a long table played through the service (act with commit, act + board render,
load at the start and at the end, undo).

Run with ``tabula bench`` (or ``make bench``); ``tabula bench --help`` lists the sizes, which are small by
default so a run of every title (the example title ``hexlay`` included) stays near two minutes on two cores.
Everything runs on a temporary SQLite file unless ``TABULA_BENCH_DATABASE_URL`` names another database.
Numbers are printed only: nothing asserts on wall-clock time.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from games.core import Rng
from games.registry import all_games, get_game

from .engine import MAX_MOVES, apply_timing, completion_timing, engine_playouts, panel_timing, sample_positions
from .tables import TableNumbers, long_table
from .timing import ms

#: The titles ``tabula bench`` measures by default: the titles offered to players and the example title with
#: over 10,000 legal moves per turn.
DEFAULT_TITLES = tuple(game.meta.id for game in all_games(examples=True))

#: Issue 25's goals: CPU per random full game, engine only (§3), and a board's PNG (§2; its CPU per board is
#: `tabula bench boards`'s, measured over a game's positions).
ENGINE_GOALS_MS = {"wonderful-world": 15.0, "landlords": 50.0, "three-kingdoms": 150.0, "royal-gorge": 100.0}
BOARD_GOAL_KIB = 200.0

#: The report's columns (one printed line each), in print order; every title gets every one.
COLUMNS = ("engine", "bot game", "completion", "panel", "move applied", "act + render", "render", "long table", "act",
           "load", "load long", "history", "export", "undo")


@dataclass(frozen=True)
class Sizes:
    """How much to measure; every size is a count."""

    #: random full games per title, engine only
    rounds: int = 5
    #: seeded bot games positions are sampled from; as many more are timed whole (engine only)
    games: int = 2
    #: positions sampled per game (completion: every prefix of the move played there; parse + apply: the move)
    positions: int = 15
    #: moves of the long table (fewer when the title's game ends sooner)
    moves: int = 1000
    #: acts of the long table whose board is rendered too
    renders: int = 8
    #: loads timed at the start and at the end of the long table, and undos at the end
    repeats: int = 20


@dataclass(frozen=True)
class TitleReport:
    """One title's numbers: ``columns`` maps each of :data:`COLUMNS` to its printed text."""

    game_id: str
    columns: dict[str, str]
    #: A title's own lines after the columns (:data:`EXTRAS`: its issue's budgets).
    extra: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """The report as printed: a header, then one line per column, then the title's own lines."""
        return [f"== {self.game_id}", *(f"  {self.columns[name]}" for name in COLUMNS),
                *(f"  {line}" for line in self.extra)]


def _megarich_budgets(sizes: Sizes) -> list[str]:
    from .megarich_budgets import budget_lines

    return budget_lines(games=sizes.games)


#: Titles with lines of their own (measured after the common columns): Megarich∞'s budgets of issue 20.
EXTRAS: dict[str, Callable[[Sizes], list[str]]] = {"megarich": _megarich_budgets}


def _line(label: str, text: str) -> str:
    return f"{label:29}{text}"


def against(value: float, goal: float | None, unit: str) -> str:
    """`` — goal ≤ 15 ms: met`` (or ``OVER``); nothing for a figure without a goal."""
    if goal is None:
        return ""
    return f" — goal ≤ {goal:g} {unit}: {'met' if value <= goal else 'OVER'}"


def _options_text(numbers: TableNumbers) -> str:
    chosen = " ".join(f"{key}={value}" for key, value in sorted(numbers.options.items()))
    return f", options {chosen}" if chosen else ""


@dataclass(frozen=True)
class BotGames:
    """Whole seeded bot games, engine only (``Game.bot_move`` and ``Game.apply``, no service, no render)."""

    seconds: list[float]
    moves: list[int]
    ended: int

    def text(self) -> str:
        games = len(self.seconds)
        return (f"    mean {ms(statistics.mean(self.seconds))}   max {ms(max(self.seconds))}   ({games} game"
                f"{'s' if games != 1 else ''} at the most seats, {round(statistics.mean(self.moves)):,} moves each "
                f"on average, {self.ended} ended by the rules)")


def bot_games(game_id: str, games: int) -> BotGames:
    """``games`` seeded all-bot games at the most seats with default options, played to their end (or
    ``MAX_MOVES``): the engine time of each whole game (the bot choosing its moves included) and its moves."""
    game = get_game(game_id)
    seconds, moves, ended = [], [], 0
    for number in range(max(games, 1)):
        seed = f"bench-bot-{number}"
        state = game.setup(game.meta.max_players, {}, seed)
        rng = Rng.from_seed(seed)
        count = 0
        start = time.perf_counter()
        while (acting := sorted(game.to_act(state))) and count < MAX_MOVES:
            seat = acting[rng.below(len(acting))]
            state = game.apply(state, seat, game.bot_move(state, seat, rng)).state
            count += 1
        seconds.append(time.perf_counter() - start)
        moves.append(count)
        ended += game.outcome(state) is not None
    return BotGames(seconds, moves, ended)


def measure(game_id: str, sizes: Sizes, url: str | None = None) -> TitleReport:
    """Measure one title; ``url`` is the database (default: a SQLite file in a temporary folder)."""
    get_game(game_id)
    mean, per_move, moves, cpu = engine_playouts(game_id, sizes.rounds)
    bots = bot_games(game_id, sizes.games)
    positions = sample_positions(game_id, sizes.games, sizes.positions)
    completion = completion_timing(game_id, positions)
    panels = panel_timing(game_id, positions)
    applied = apply_timing(game_id, positions)
    with tempfile.TemporaryDirectory() as folder:
        table = long_table(game_id, url or f"sqlite:///{Path(folder) / 'bench.db'}", moves=sizes.moves,
                           renders=sizes.renders, repeats=sizes.repeats)
    length = f"{table.moves:,}-move table"
    why = f"its game ends at move {table.ends_at:,}" if table.ends_at is not None else f"{sizes.moves:,} asked for"
    sizes_kib = [size / 1024 for size in table.png_sizes] or [0.0]
    columns = {
        "engine": _line("random game, engine only", f"    {ms(mean)}   ({moves} moves, {ms(per_move)} per move; "
                        f"CPU {cpu * 1000:.2f} ms{against(cpu * 1000, ENGINE_GOALS_MS.get(game_id), 'ms')})"),
        "bot game": _line("whole bot game, engine only", bots.text()),
        "completion": _line("completion (Game.complete)", f"{completion.timing.text()}   "
                            f"({completion.timing.count} prefixes of {completion.moves} real moves; "
                            f"_legal_moves called {completion.legal_move_lists} times)"),
        "panel": _line("panel (view + menu level)", f"{panels.timing.text()}   "
                       f"({panels.timing.count} menu levels on the way to {panels.moves} real moves; "
                       f"_legal_moves called {panels.legal_move_lists} times)"),
        "move applied": _line("move applied (parse + apply)", f"{applied.timing.text()}   "
                              f"({applied.moves} moves; _legal_moves called {applied.legal_move_lists} times)"),
        "act + render": _line("act incl. commit + render", f"{table.act_renders.text()}   "
                              f"({table.act_renders.count} acts)"),
        "render": _line("board render", f"p50 {ms(table.renders.p50)}   PNG {statistics.mean(sizes_kib):7.1f} KiB "
                        f"mean, {max(sizes_kib):7.1f} KiB max{against(max(sizes_kib), BOARD_GOAL_KIB, 'KiB')} "
                        "(CPU per board against 40 ms: tabula bench boards)"),
        "long table": _line("long table", f"{table.moves:,} moves ({why}), {table.players} seats, every move "
                            f"an act chosen by the bot{_options_text(table)}, {table.backend}"),
        "act": _line("act with commit", f"{table.acts.text()}   ({table.acts.count:,} acts; "
                     f"_legal_moves called {table.act_legal_move_lists} times)"),
        "load": _line("table load", f"early {ms(table.load_early.median)}   at the end {ms(table.load_end.median)}   "
                      f"(medians after moves 1-{table.load_early.count} and of the {length})"),
        "load long": _line(f"table load, {table.moves:,} moves", f"{table.load_end.text()}   "
                           f"({table.load_end.count} loads)"),
        "history": _line("history (/log)", f"early {ms(table.history_early.median)}   at the end "
                         f"{ms(table.history_end.median)}   (medians after moves 1-{table.history_early.count} and "
                         f"of the {length}: the stored events are read, nothing is replayed)"),
        "export": _line("export (/export)", f"early {ms(table.export_early.median)}   at the end "
                        f"{ms(table.export_end.median)}   (reads the log's rows; replays nothing)"),
        "undo": _line("undo of the last move", f"{table.undos.text()}   ({table.undos.count} undos on the {length}; "
                      f"{table.undo_consents} needed the others' consent)"),
    }
    extra = EXTRAS.get(game_id)
    return TitleReport(game_id, columns, tuple(extra(sizes)) if extra is not None else ())


def run_all(game_ids: list[str] | None = None, sizes: Sizes | None = None,
            echo: Callable[[str], object] = print) -> list[TitleReport]:
    """Measure and print each title (default :data:`DEFAULT_TITLES`); returns the reports."""
    url = os.environ.get("TABULA_BENCH_DATABASE_URL") or None
    reports = []
    for game_id in game_ids or list(DEFAULT_TITLES):
        report = measure(game_id, sizes or Sizes(), url)
        for line in report.lines():
            echo(line)
        reports.append(report)
    return reports
