"""The clock's tick over many tables (issue 25 §3): the time one process takes each minute to find
its servers' due tables (``TableService.due``, as ``Jobs.due`` calls it), on SQLite and PostgreSQL.

Run with ``python -m bench.clock [--tables N] [--database URL ...]`` (``sqlite``, the default, is a
temporary file; a PostgreSQL URL gets a throw-away schema). ``N`` active tables (default 10,000) on
``--guilds`` servers, split over two shards, are written straight into the database: each reminds
every 1–48 hours or not at all, was last moved up to two days ago, and one in ten has a turn
deadline; in the steady state (default) about 1 % are due, with ``--backlog`` (the first tick after
an outage) about 28 %. The process serves one shard. It prints wall and CPU
time per tick (median and p90 of ``--ticks``), the statements sent and the due tables found.
Numbers are printed only: nothing asserts on time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from datetime import timedelta
from typing import Any

from .db import database

GAME = "wonderful-world"


def fill(engine: Any, tables: int, guilds: list[str], now: Any, *, backlog: bool) -> None:
    """Write ``tables`` active tables and their last reminders in two statements. In the steady
    state a table idle past its interval was reminded within it and a passed deadline was
    enforced within a minute, so about 1 % are due; with ``backlog`` (the first tick after an
    outage) reminders are a random age and deadlines passed up to 10 hours ago (≈ 28 % due)."""
    from sqlalchemy import insert, select

    from service.clock import REMINDED_NOTE
    from storage.models import TableNote, TableRow

    rng = random.Random(25)
    rows, reminded = [], []
    for n in range(tables):
        every = rng.choice([0, 1, 2, 6, 12, 24, 48])
        idle = rng.randrange(0, 48 * 60)
        late = rng.randrange(-600, 600) if backlog else rng.randrange(-1, 600) if rng.random() < 0.9 else None
        deadline = now + timedelta(minutes=late) if late is not None and rng.random() < 0.1 else None
        if backlog:
            last = rng.randrange(0, 48 * 60) if rng.random() < 0.5 else None
        elif every and idle >= every * 60 and rng.random() >= 0.03:
            last = rng.randrange(0, every * 60)  # reminded within the interval: not due
        else:
            last = None
        rows.append({"game_id": GAME, "seed": f"clock-{n}", "engine_version": "1", "status": "active",
                     "guild_id": rng.choice(guilds), "channel_id": f"c{n}", "options": {},
                     "settings": {"remind_hours": every} if every else {}, "created_at": now - timedelta(days=3),
                     "updated_at": now - timedelta(minutes=idle), "deadline_at": deadline})
        reminded.append(last)
    with engine.begin() as connection:
        connection.execute(insert(TableRow), rows)
        ids = list(connection.scalars(select(TableRow.id).order_by(TableRow.id)))  # type: ignore[call-overload]
        notes = [{"table_id": tid, "key": REMINDED_NOTE, "updated_at": now,
                  "value": (now - timedelta(minutes=last)).isoformat()}
                 for tid, last in zip(ids, reminded, strict=True) if last is not None]
        connection.execute(insert(TableNote), notes)


def measure(url: str, *, tables: int, guilds: int, ticks: int, backlog: bool = False) -> str:
    """Fill a database at ``url`` and time ``ticks`` clock ticks of the process of shard 0."""
    from service import TableService
    from service.jobs import Shards, guild_shard
    from storage.db import make_engine, migrate
    from storage.repository import Repository
    from storage.statements import counting
    from storage.types import utcnow

    engine = make_engine(url)
    try:
        migrate(engine)
        now = utcnow()
        servers = [str((4 + n) << 22) for n in range(guilds)]
        fill(engine, tables, servers, now, backlog=backlog)
        service = TableService(Repository(engine))
        shards = Shards.of([0], 2)
        mine = {g for g in servers if guild_shard(g, 2) == 0}
        wall, cpu = [], []
        service.due(now, mine, shards)  # warm the statement cache and the connection
        for _ in range(ticks):
            start, started = time.perf_counter(), time.process_time()
            due = service.due(now, mine, shards)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - started)
        with counting(engine) as seen:
            service.due(now, mine, shards)

        def line(values: list[float]) -> str:
            ordered = sorted(values)
            return (f"median {statistics.median(ordered) * 1000:7.1f} ms   "
                    f"p90 {ordered[int(0.9 * (len(ordered) - 1))] * 1000:7.1f} ms")

        return "\n".join([
            f"== clock tick, {engine.url.get_backend_name()}: {tables:,} active tables on {guilds} servers, "
            f"this process serves {len(mine)} (shard 0 of 2); {'backlog' if backlog else 'steady state'}, "
            f"{ticks} ticks",
            f"  wall {line(wall)}",
            f"  CPU  {line(cpu)}",
            f"  statements {seen.count}; due: {len(due.deadlines)} deadlines, {len(due.reminders)} reminders"])
    finally:
        engine.dispose()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.clock", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", action="append", metavar="URL", help="'sqlite' or a URL; repeatable")
    parser.add_argument("--tables", type=int, default=10_000, help="active tables (default 10,000)")
    parser.add_argument("--guilds", type=int, default=400, help="servers they are on (default 400)")
    parser.add_argument("--ticks", type=int, default=15, help="ticks timed (default 15)")
    parser.add_argument("--backlog", action="store_true", help="the first tick after an outage: ≈ 28 %% due")
    args = parser.parse_args(argv)
    for spec in args.database or ["sqlite"]:
        with database(spec) as url:
            print(measure(url, tables=args.tables, guilds=args.guilds, ticks=args.ticks, backlog=args.backlog),
                  flush=True)


if __name__ == "__main__":
    main()
