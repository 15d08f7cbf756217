"""Speed numbers per title: engine playouts, act (commit + render), render, table load.

Run with ``tabula bench`` (or ``make bench``). Everything runs on a temporary SQLite file unless
``TABULA_BENCH_DATABASE_URL`` names another database.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from games.core import Rng
from games.registry import get_game


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.2f} ms"


def engine_playouts(game_id: str, rounds: int) -> tuple[float, float, int]:
    """Random full games, engine only: mean seconds per game, per move, moves per game."""
    game = get_game(game_id)
    totals, moves = [], 0
    for seed in range(rounds):
        rng = Rng.from_seed(seed)
        state = game.setup(game.meta.max_players, {}, seed)
        start = time.perf_counter()
        count = 0
        while acting := sorted(game.to_act(state)):
            seat = acting[rng.below(len(acting))]
            legal = game.legal_moves(state, seat)
            state = game.apply(state, seat, legal[rng.below(len(legal))]).state
            count += 1
        totals.append(time.perf_counter() - start)
        moves += count
    mean = statistics.mean(totals)
    return mean, sum(totals) / max(moves, 1), moves // rounds


def table_numbers(game_id: str, url: str) -> dict[str, Any]:
    """Play one all-human table through the service, rendering the board after every act."""
    from render import renderer_for
    from service import TableService
    from storage.db import make_engine, migrate
    from storage.repository import Repository

    engine = make_engine(url)
    migrate(engine)
    service = TableService(Repository(engine))
    game = get_game(game_id)
    players = game.meta.max_players
    table = service.create(game_id, seats=players, seed="bench", creator="u0")
    for seat in range(players):
        service.join(table.id, f"u{seat}", f"P{seat + 1}")
    service.start(table.id, "u0")
    renderer = renderer_for(game_id)
    rng = Rng.from_seed("bench")
    acts: list[float] = []
    renders: list[float] = []
    sizes: list[int] = []
    loads_early: list[float] = []
    while True:
        loaded = service.load(table.id)
        acting = sorted(game.to_act(loaded.state))
        if not acting:
            break
        seat = acting[rng.below(len(acting))]
        legal = game.legal_moves(loaded.state, seat)
        move = str(legal[rng.below(len(legal))])
        start = time.perf_counter()
        result = service.act(table.id, f"u{seat}", move)
        render_start = time.perf_counter()
        png = renderer.board(game.view(result.loaded.state, None), "en")
        end = time.perf_counter()
        acts.append(end - start)
        renders.append(end - render_start)
        sizes.append(len(png))
        if len(acts) <= 20:
            loads_early.append(_time(lambda: service.load(table.id)))
    loads_end = [_time(lambda: service.load(table.id)) for _ in range(20)]
    engine.dispose()
    return {"acts": acts, "renders": renders, "sizes": sizes, "load_early": loads_early,
            "load_end": loads_end}


def _time(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def run_all(game_ids: list[str], rounds: int = 20, echo: Callable[[str], object] = print) -> None:
    """Print the numbers for each title."""
    for game_id in game_ids:
        mean, per_move, moves = engine_playouts(game_id, rounds)
        echo(f"== {game_id}")
        echo(f"  random game, engine only     {_ms(mean)}   ({moves} moves, {_ms(per_move)} per move)")
        with tempfile.TemporaryDirectory() as folder:
            url = os.environ.get("TABULA_BENCH_DATABASE_URL") or f"sqlite:///{Path(folder) / 'bench.db'}"
            numbers = table_numbers(game_id, url)
        acts = numbers["acts"]
        echo(f"  act incl. commit + render    p50 {_ms(_pct(acts, 0.5))}   p99 {_ms(_pct(acts, 0.99))}"
             f"   ({len(acts)} acts)")
        echo(f"  board render                 p50 {_ms(_pct(numbers['renders'], 0.5))}   "
             f"PNG {statistics.mean(numbers['sizes']) / 1024:7.1f} KiB mean, "
             f"{max(numbers['sizes']) / 1024:7.1f} KiB max")
        echo(f"  table load                   early {_ms(statistics.median(numbers['load_early']))}   "
             f"at the end {_ms(statistics.median(numbers['load_end']))}")
