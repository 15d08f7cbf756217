"""The version guard under real concurrency: separate threads, separate connections."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import pytest
from sqlalchemy import Engine

from games.core import StaleVersion
from storage import NewAction, Repository
from storage.db import make_engine

T = TypeVar("T")
THREADS = 8


def race(workers: list[Callable[[], T]]) -> tuple[list[T], list[BaseException]]:
    """Run ``workers`` at the same instant, one thread each; collect results and errors."""
    barrier = threading.Barrier(len(workers))
    results: list[T] = []
    errors: list[BaseException] = []
    lock = threading.Lock()

    def run(work: Callable[[], T]) -> None:
        barrier.wait()
        try:
            value = work()
        except BaseException as error:
            with lock:
                errors.append(error)
        else:
            with lock:
                results.append(value)

    threads = [threading.Thread(target=run, args=(work,)) for work in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    return results, errors


def test_same_version_exactly_one_commit_wins(repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1")
    assert table.id is not None
    version = 0
    for round_no in range(5):
        workers = [
            (lambda i=i, v=version, r=round_no: repo.commit_actions(
                table.id or 0, v, [NewAction(f"r{r}-t{i}", seat=i), NewAction("bot")]))
            for i in range(THREADS)
        ]
        results, errors = race(workers)
        assert len(results) == 1, errors
        assert len(errors) == THREADS - 1
        assert all(isinstance(error, StaleVersion) for error in errors), errors
        version = results[0].version
        assert version == round_no + 1
    rows = repo.actions(table.id)
    assert [row.seq for row in rows] == list(range(1, 11))  # no duplicates, no gaps
    assert repo.require_table(table.id).version == 5


def test_two_engines_like_two_processes(db_url: str, repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1")
    engines: list[Engine] = [make_engine(db_url) for _ in range(2)]
    try:
        repos = [Repository(engine) for engine in engines]
        results, errors = race([
            (lambda r=r, i=i: r.commit_actions(table.id or 0, 0, [NewAction(f"click {i}")]))
            for i, r in enumerate(repos)
        ])
    finally:
        for engine in engines:
            engine.dispose()
    assert len(results) == 1 and len(errors) == 1
    assert isinstance(errors[0], StaleVersion)
    assert [row.notation for row in repo.actions(table.id or 0)] == [results[0].actions[0].notation]


@pytest.mark.parametrize("threads", [THREADS])
def test_concurrent_joins_get_distinct_seats(repo: Repository, threads: int) -> None:
    table = repo.create_table("g", seed="s", engine_version="1")
    _, errors = race([
        (lambda i=i: repo.add_seat(table.id or 0, f"p{i}", user_id=str(i))) for i in range(threads)
    ])
    assert errors == []
    assert sorted(seat.seat for seat in repo.seats(table.id or 0)) == list(range(threads))
