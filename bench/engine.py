"""Engine-only measurements: random playouts, completion of typed moves, parse + apply of notation.

Positions come from seeded games the title's bot plays (``Game.bot_move``), each with the move the bot
made there: completion is timed on prefixes of that real move as a player would type it, and "move applied"
on its whole notation, the way the service reads a move (``Game.apply`` with text parses, then applies).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import partial
from types import TracebackType
from typing import Any

from games.core import Game, Rng
from games.core.menu import MENU_LIMIT
from games.registry import get_game

from .timing import Timing, timed

MAX_MOVES = 20_000   # a seeded game is cut here should a title never end


def engine_playouts(game_id: str, rounds: int) -> tuple[float, float, int, float]:
    """``rounds`` random full games (``Game.random_move``), engine only: mean seconds per game, seconds per
    move, moves per game, and the mean CPU seconds per game (``time.process_time``: on a shared machine the
    wall time also counts the other processes' turns)."""
    game = get_game(game_id)
    totals, cpu, moves = [], 0.0, 0
    for seed in range(rounds):
        rng = Rng.from_seed(seed)
        state = game.setup(game.meta.max_players, {}, seed)
        start, start_cpu = time.perf_counter(), time.process_time()
        count = 0
        while (acting := sorted(game.to_act(state))) and count < MAX_MOVES:
            seat = acting[rng.below(len(acting))]
            state = game.apply(state, seat, game.random_move(state, seat, rng)).state
            count += 1
        totals.append(time.perf_counter() - start)
        cpu += time.process_time() - start_cpu
        moves += count
    rounds = max(rounds, 1)
    return sum(totals) / rounds, sum(totals) / max(moves, 1), moves // rounds, cpu / rounds


@dataclass(frozen=True)
class Position:
    """A position of a seeded game: who acted there and the notation of the move the bot made."""

    state: Any
    seat: int
    move: str


def sample_positions(game_id: str, games: int, per_game: int) -> list[Position]:
    """``per_game`` positions spread evenly over each of ``games`` seeded bot games (most seats, default
    options), each with the move that was played there."""
    game = get_game(game_id)
    out: list[Position] = []
    for number in range(games):
        seed = f"bench-positions-{number}"
        state = game.setup(game.meta.max_players, {}, seed)
        rng = Rng.from_seed(seed)
        played: list[Position] = []
        while (acting := sorted(game.to_act(state))) and len(played) < MAX_MOVES:
            seat = acting[rng.below(len(acting))]
            move = game.bot_move(state, seat, rng)
            played.append(Position(state, seat, str(move)))
            state = game.apply(state, seat, move).state      # a new state: ``played`` keeps the old one
        wanted = min(per_game, len(played))
        out += [played[(2 * k + 1) * len(played) // (2 * wanted)] for k in range(wanted)]
    return out


def prefixes(notation: str) -> list[str]:
    """What a player has typed on the way to ``notation``: one character, the first word, the first word
    and a blank (the menu of the next word), half of it, all but the last character, all of it."""
    first = notation.split(" ", 1)[0]
    lengths = {1, len(first), len(first) + 1, len(notation) // 2, len(notation) - 1, len(notation)}
    return [notation[:n] for n in sorted(lengths) if 0 < n <= len(notation)]


class LegalMovesCounter:
    """Counts the calls of a title's ``_legal_moves`` (the full list of moves) while the ``with`` block runs.

    The title's method is shadowed by a counting wrapper on the instance and restored on exit, so the count
    covers every path into the list: ``legal_moves``, ``parse``'s fallback, default menus and hints. One counter
    may be entered again and again: ``calls`` adds up over all its blocks."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.calls = 0
        self._shadowed: Any = None

    def __enter__(self) -> LegalMovesCounter:
        attributes = vars(self.game)
        self._shadowed = attributes.get("_legal_moves")
        original = self.game._legal_moves

        def counted(state: Any, seat: int) -> list[Any]:
            self.calls += 1
            return original(state, seat)

        attributes["_legal_moves"] = counted
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        attributes = vars(self.game)
        if self._shadowed is None:
            attributes.pop("_legal_moves", None)
        else:
            attributes["_legal_moves"] = self._shadowed


@dataclass(frozen=True)
class Measured:
    """One engine measurement: its timing, the calls of ``_legal_moves`` it made, and on how many moves."""

    timing: Timing
    legal_move_lists: int
    moves: int


def completion_timing(game_id: str, positions: list[Position], lang: str = "en") -> Measured:
    """``Game.complete`` on every prefix (:func:`prefixes`) of each position's real move."""
    game = get_game(game_id)
    samples: list[float] = []
    with LegalMovesCounter(game) as counter:
        for p in positions:
            for typed in prefixes(p.move):
                seconds, _ = timed(partial(game.complete, p.state, p.seat, typed, lang))
                samples.append(seconds)
    return Measured(Timing.of(samples), counter.calls, len(positions))


def apply_timing(game_id: str, positions: list[Position]) -> Measured:
    """``Game.apply`` of each position's real move given as its notation: parse, then validate and apply."""
    game = get_game(game_id)
    samples: list[float] = []
    with LegalMovesCounter(game) as counter:
        for p in positions:
            seconds, _ = timed(partial(game.apply, p.state, p.seat, p.move))
            samples.append(seconds)
    return Measured(Timing.of(samples), counter.calls, len(positions))


def open_panel(game: Game[Any, Any], state: Any, seat: int, path: list[str], lang: str) -> None:
    """What the Discord adapter's ``build_panel`` asks of the title for a seat's panel at ``path``: the seat's
    view, whether its moves fit one select, then a menu level (``Game.choices``, the focus view beside it) or
    the suggested moves, and the summary."""
    view = game.view(state, seat)
    if path or game.count_moves(state, seat, limit=MENU_LIMIT + 1) > MENU_LIMIT:
        game.choices(state, seat, path, lang)
        if path:
            game.focus_view(state, seat, path, view)
    else:
        game.suggested(state, seat)
    game.summarize(view, lang)


def panel_timing(game_id: str, positions: list[Position], lang: str = "en") -> Measured:
    """A seat's panel opened at each menu level on the way to each position's real move (the root, then its
    tokens one by one, the last excepted), as :func:`open_panel` asks the title (engine only, no drawing)."""
    game = get_game(game_id)
    samples: list[float] = []
    with LegalMovesCounter(game) as counter:
        for p in positions:
            tokens = p.move.split()
            for depth in range(len(tokens)):
                seconds, _ = timed(partial(open_panel, game, p.state, p.seat, tokens[:depth], lang))
                samples.append(seconds)
    return Measured(Timing.of(samples), counter.calls, len(positions))
