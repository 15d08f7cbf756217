"""Database round trips of a table's hot path (issue 13 §4): statements, round trips and time per
``TableService.load`` and per ``TableService.act``, on SQLite and PostgreSQL.

Run with ``python -m bench.db [--database URL ...]``. ``--database sqlite`` (the default) is a
temporary SQLite file; a PostgreSQL URL gets a throw-away schema of its own, dropped afterwards
(``TABULA_BENCH_DATABASE_URL`` adds one when no ``--database`` is given).

One table of the Landlord's Game with every seat a person (each ``act`` is one move and one commit)
is played ``--moves`` moves, so it has snapshots and a tail of actions after the newest one; then
``--samples`` loads and ``--samples`` acts are timed one by one; then ``--samples`` commits alone
(``Repository.commit_actions``, as a move with bot replies writes them: ``COMMIT_ROWS`` rows, no
snapshot) on a table of their own. Statements are counted with a
``before_cursor_execute`` listener (:mod:`storage.statements`); on PostgreSQL the round trips (every
``ReadyForQuery`` the server sends: statements, ``BEGIN``/``COMMIT`` and connection pings alike) are
counted on a second engine whose connections are traced by libpq, so tracing never slows the timed
runs. Numbers are printed only: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event, make_url
from sqlalchemy.pool import NullPool

from games.core import Rng
from games.registry import get_game

from .tables import LONG_OPTIONS
from .timing import Timing, ms, timed

GAME = "landlords"
#: Rows per timed commit: a move and the moves of the bots that answer it.
COMMIT_ROWS = 4
ENV_VAR = "TABULA_BENCH_DATABASE_URL"


@dataclass(frozen=True)
class Counts:
    """Per-call counts of one operation (statements; round trips on PostgreSQL)."""

    statements: tuple[int, ...]
    round_trips: tuple[int, ...] = ()

    @staticmethod
    def line(values: tuple[int, ...]) -> str:
        if not values:
            return "      -"
        return f"median {statistics.median(values):4.1f}  min {min(values):3d}  max {max(values):3d}"


@dataclass(frozen=True)
class Numbers:
    """What one database measured."""

    backend: str
    moves: int
    load: Timing
    act: Timing
    #: CPU seconds of this process per load and per act (steadier than wall time on a busy machine).
    load_cpu: Timing
    act_cpu: Timing
    load_counts: Counts
    act_counts: Counts
    #: CPU seconds per commit alone (``COMMIT_ROWS`` rows, no snapshot).
    commit_cpu: Timing | None = None


@contextmanager
def database(spec: str) -> Iterator[str]:
    """A URL for ``spec``: ``sqlite`` is a temporary file; a PostgreSQL URL a schema of its own."""
    from storage.db import make_engine

    if spec == "sqlite":
        with tempfile.TemporaryDirectory(prefix="tabula-bench-db-") as folder:
            yield f"sqlite:///{Path(folder) / 'bench.db'}"
        return
    if make_url(spec).get_backend_name() != "postgresql":
        yield spec
        return
    schema = f"tabula_bench_{uuid.uuid4().hex[:12]}"
    admin = make_engine(spec, poolclass=NullPool)
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        yield make_url(spec).update_query_dict({"options": f"-csearch_path={schema}"}).render_as_string(
            hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.dispose()


class RoundTrips:
    """Round trips of a PostgreSQL engine's connections, read from libpq's protocol trace."""

    def __init__(self, engine: Engine, folder: Path) -> None:
        self.files: list[Path] = []
        self.handles: list[Any] = []
        self.folder = folder
        event.listen(engine, "connect", self._trace)

    def _trace(self, dbapi_connection: Any, _record: Any) -> None:
        from psycopg import pq

        path = self.folder / f"trace-{len(self.files)}.txt"
        handle = path.open("a")  # written by libpq for the connection's life; closed by close()
        self.files.append(path)
        self.handles.append(handle)
        dbapi_connection.pgconn.trace(handle.fileno())
        dbapi_connection.pgconn.set_trace_flags(pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE)

    def total(self) -> int:
        """Every round trip so far: the server's ``ReadyForQuery`` ends each one."""
        return sum(path.read_text().count("\tReadyForQuery") for path in self.files)

    def close(self) -> None:
        """Close the trace files (after the engine is disposed)."""
        for handle in self.handles:
            handle.close()


def _mover(service: Any, table_id: int, seed: str) -> Callable[[], Any]:
    """A function playing the next move of the table (chosen by the title's bot for a random
    acting seat, as :mod:`bench.tables` does), returning the ``MoveResult``."""
    game = get_game(GAME)
    rng = Rng.from_seed(f"{seed}:moves")
    state = [service.load(table_id).state]

    def move() -> Any:
        acting = sorted(game.to_act(state[0]))
        seat = acting[rng.below(len(acting))]
        result = service.act(table_id, f"u{seat}", str(game.bot_move(state[0], seat, rng)))
        state[0] = result.loaded.state
        return result

    return move


def _table(service: Any, seed: str) -> int:
    game = get_game(GAME)
    players = game.meta.max_players
    table = service.create(GAME, seats=players, options=LONG_OPTIONS[GAME], seed=seed, creator="u0")
    for seat in range(players):
        service.join(table.id, f"u{seat}", f"P{seat + 1}")
    service.start(table.id, "u0")
    return int(table.id)


def measure(url: str, *, moves: int, samples: int, seed: str = "bench-db") -> Numbers:
    """Play a table to ``moves`` moves on ``url``; time and count ``samples`` loads and acts."""
    from service import TableService
    from storage.db import make_engine, migrate
    from storage.repository import Repository

    engine = make_engine(url)
    try:
        migrate(engine)
        service = TableService(Repository(engine))
        table_id = _table(service, seed)
        move = _mover(service, table_id, seed)
        for _ in range(moves):
            move()
        loads, load_cpu, load_statements = _sampled(engine, lambda: service.load(table_id), samples)
        acts, act_cpu, act_statements = _sampled(engine, move, samples)
        commit_cpu = _commits(service.repo, samples)
        load_trips, act_trips = _round_trips(url, table_id, seed, samples) \
            if engine.url.get_backend_name() == "postgresql" else ((), ())
        return Numbers(engine.url.get_backend_name(), moves + samples, Timing.of(loads), Timing.of(acts),
                       Timing.of(load_cpu), Timing.of(act_cpu),
                       Counts(tuple(load_statements), load_trips), Counts(tuple(act_statements), act_trips),
                       Timing.of(commit_cpu))
    finally:
        engine.dispose()


def _commits(repo: Any, samples: int) -> list[float]:
    """CPU seconds of ``samples`` commits of ``COMMIT_ROWS`` rows each, after a few unmeasured."""
    from storage.log import NewAction

    table = repo.create_table(GAME, seed="bench-commits", engine_version="bench", status="active")
    rows = [NewAction(f"move {n}", seat=n, move='{"t": "bench"}', user_id=f"u{n}", events="[]")
            for n in range(COMMIT_ROWS)]
    version, cpu = 0, []
    for n in range(samples + 5):
        start = time.process_time()
        version = repo.commit_actions(table.id, version, rows, require_status="active").version
        if n >= 5:
            cpu.append(time.process_time() - start)
    return cpu


def _sampled(engine: Engine, action: Callable[[], Any], samples: int) -> tuple[list[float], list[float], list[int]]:
    """Run ``action`` ``samples`` times: wall seconds, CPU seconds and statements of each run."""
    from storage.statements import counting

    wall: list[float] = []
    cpu: list[float] = []
    statements: list[int] = []
    for _ in range(samples):
        with counting(engine) as seen:
            start = time.process_time()
            wall.append(timed(action)[0])
            cpu.append(time.process_time() - start)
        statements.append(seen.count)
    return wall, cpu, statements


def _round_trips(url: str, table_id: int, seed: str, samples: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Round trips per load and per act, on an engine of its own whose connections are traced."""
    from service import TableService
    from storage.db import make_engine
    from storage.repository import Repository

    engine = make_engine(url)
    try:
        with tempfile.TemporaryDirectory(prefix="tabula-bench-trace-") as folder:
            trips = RoundTrips(engine, Path(folder))
            service = TableService(Repository(engine))
            move = _mover(service, table_id, f"{seed}:traced")
            loads, acts = [], []
            for _ in range(samples):
                before = trips.total()
                service.load(table_id)
                loads.append(trips.total() - before)
            for _ in range(samples):
                before = trips.total()
                move()
                acts.append(trips.total() - before)
            engine.dispose()
            trips.close()
            return tuple(loads), tuple(acts)
    finally:
        engine.dispose()


def report(numbers: Numbers) -> str:
    """The numbers as printed lines."""
    lines = [f"== {numbers.backend}   ({GAME}, {numbers.moves} moves at the end; "
             f"{numbers.load.count} loads and {numbers.act.count} acts)"]
    for name, timing, cpu, counts in (("load", numbers.load, numbers.load_cpu, numbers.load_counts),
                                      ("act", numbers.act, numbers.act_cpu, numbers.act_counts)):
        lines.append(f"  {name:5} p50 {ms(timing.p50)}   p99 {ms(timing.p99)}   CPU p50 {ms(cpu.p50)}")
        lines.append(f"        statements   {Counts.line(counts.statements)}")
        if counts.round_trips:
            lines.append(f"        round trips  {Counts.line(counts.round_trips)}")
    if numbers.commit_cpu is not None:
        lines.append(f"  commit ({COMMIT_ROWS} rows, no snapshot) CPU p50 {ms(numbers.commit_cpu.p50)}   "
                     f"p99 {ms(numbers.commit_cpu.p99)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.db", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", action="append", metavar="URL",
                        help="'sqlite' (a temporary file) or a database URL; repeatable "
                             f"(default: sqlite, and ${ENV_VAR} when set)")
    parser.add_argument("--moves", type=int, default=40, help="moves played before measuring (default 40)")
    parser.add_argument("--samples", type=int, default=50, help="loads and acts timed (default 50 each)")
    args = parser.parse_args(argv)
    specs = args.database or ["sqlite", *([os.environ[ENV_VAR]] if os.environ.get(ENV_VAR) else [])]
    for spec in specs:
        with database(spec) as url:
            print(report(measure(url, moves=args.moves, samples=args.samples)), flush=True)


if __name__ == "__main__":
    main()
