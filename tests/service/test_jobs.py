"""Timed work claimed from the database (issue 13 §5): two table services on one database, as two
bot processes would be, race for the same due tables; each deadline and reminder is done once,
and a job whose process died is picked up by another once its lease lapses."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from games.core import StaleVersion
from service import TableService
from service.clock import REMINDED_NOTE, Enforced
from service.jobs import Jobs, Shards, guild_shard
from storage.db import make_engine
from storage.leases import Leases
from storage.repository import Repository
from storage.types import utcnow

GAME = "wonderful-world"
#: Discord snowflakes of two servers on different shards of two (``(id >> 22) % 2``).
GUILD_EVEN, GUILD_ODD = str(4 << 22), str(5 << 22)


@pytest.fixture
def services(db_url: str, service: TableService) -> Iterator[tuple[TableService, TableService]]:
    """Two services, each on its own engine (connection pool): two processes on one database."""
    other = make_engine(db_url)
    yield service, TableService(Repository(other))
    other.dispose()


def late_table(service: TableService, *, policy: str = "move", guild: str = GUILD_EVEN,
               remind: float = 0) -> int:
    """A started two-player game whose turn deadline passed a minute ago (both seats pick)."""
    table = service.create(GAME, seats=2, seed=f"late-{guild}", creator="u0", guild_id=guild, channel_id="c1")
    service.join(table.id, "u0", "Ann")
    service.join(table.id, "u1", "Bo")
    service.repo.update_settings(table.id, {"deadline_hours": 1, "policy": policy,
                                            **({"remind_hours": remind} if remind else {})})
    service.start(table.id, "u0")
    service.repo.set_deadline(table.id, utcnow() - timedelta(minutes=1))
    return table.id


def race(*workers: Callable[[], Any]) -> list[Any]:
    """Run the workers at once on threads; their results (or the exception each raised)."""
    start, out = threading.Barrier(len(workers)), [None] * len(workers)

    def run(n: int) -> None:
        start.wait()
        try:
            out[n] = workers[n]()
        except Exception as error:
            out[n] = error

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return out


def moves(service: TableService, table_id: int) -> list[tuple[int, int | None, str]]:
    return [(r.seq, r.seat, r.notation) for r in service.log(table_id) if r.kind == "move"]


def played(result: Any) -> bool:
    return isinstance(result, Enforced) and result.result is not None


def test_two_processes_racing_for_due_tables_fire_each_deadline_once(
        services: tuple[TableService, TableService]) -> None:
    a, b = services
    tables = [late_table(a, guild=str((n + 4) << 22)) for n in range(4)]
    now = utcnow()

    def sweep(service: TableService) -> Callable[[], list[int]]:
        jobs = Jobs(service)

        def work() -> list[int]:
            return [tid for tid in jobs.due(now).deadlines if played(jobs.enforce(tid, now))]
        return work

    fired = race(sweep(a), sweep(b))
    assert not any(isinstance(f, Exception) for f in fired), fired
    assert sorted(fired[0] + fired[1]) == tables  # each table's deadline fired, by one process
    for tid in tables:
        log = moves(a, tid)
        assert sorted(seat for _, seat, _ in log) == [0, 1]  # one timeout move per late seat, no more
        assert a.repo.get_table(tid).deadline_at != a.repo.get_table(tid).created_at
        assert Jobs(b).due(now).deadlines == []


@pytest.mark.parametrize("policy", ["move", "bot"])
def test_the_version_guard_alone_applies_a_deadline_once(services: tuple[TableService, TableService],
                                                         policy: str) -> None:
    """Even with no claim (a lease that lapsed while its process was still working), two
    processes enforcing the same deadline commit its moves once: the commit is guarded by the
    version that showed the deadline passed, and clears it."""
    a, b = services
    tid = late_table(a, policy=policy)
    now = utcnow()
    out = race(lambda: a.enforce_deadline(tid, now), lambda: b.enforce_deadline(tid, now))
    assert sum(played(o) for o in out) == 1, out
    assert all(isinstance(o, (Enforced, StaleVersion)) or o is None for o in out), out
    log = moves(a, tid)
    if policy == "bot":  # each late seat handed to a bot once; the bots then play on
        assert sorted(r.notation.split()[0] for r in a.log(tid) if r.kind == "system") == ["sub", "sub"]
        assert all(s.is_bot for s in a.seats(tid)) and log
    else:
        assert sorted(seat for _, seat, _ in log) == [0, 1]
    assert a.enforce_deadline(tid, now) is None  # the deadline is spent
    assert moves(a, tid) == log


def test_a_job_whose_process_died_is_done_by_another_once_the_lease_lapses(
        services: tuple[TableService, TableService]) -> None:
    a, b = services
    tid = late_table(a)
    now = utcnow()
    dead = Jobs(a, owner="dead", ttl=timedelta(seconds=30))
    assert dead.claim(f"deadline:{tid}", now=now)  # ... and the process is killed here
    alive = Jobs(b, owner="alive", ttl=timedelta(seconds=30))
    assert alive.enforce(tid, now) is None
    assert moves(b, tid) == []
    later = now + timedelta(seconds=31)
    done = alive.enforce(tid, later)
    assert played(done)
    assert sorted(seat for _, seat, _ in moves(b, tid)) == [0, 1]
    assert Leases(b.repo).holder(f"deadline:{tid}") is None  # released once done


def test_a_deadline_redone_after_its_commit_plays_nothing(services: tuple[TableService, TableService]) -> None:
    """A process that committed a deadline's moves and died before releasing its claim: the
    process redoing the job finds the deadline spent."""
    a, b = services
    tid = late_table(a)
    now = utcnow()
    first = Jobs(a, owner="first", ttl=timedelta(seconds=5))
    assert first.claim(f"deadline:{tid}", now=now)
    assert played(a.enforce_deadline(tid, now))  # committed; the claim is never released
    log = moves(a, tid)
    later = now + timedelta(seconds=6)
    again = Jobs(b, owner="second", ttl=timedelta(seconds=5)).enforce(tid, later)
    assert not played(again)
    assert moves(b, tid) == log


def reminder_table(service: TableService) -> tuple[int, datetime]:
    """A table idle for two hours that reminds after one, no deadline; and the time it is due."""
    tid = late_table(service, remind=1)
    service.repo.set_deadline(tid, None)
    return tid, utcnow() + timedelta(hours=2)


def test_a_reminder_is_sent_once_by_racing_processes(services: tuple[TableService, TableService]) -> None:
    a, b = services
    tid, now = reminder_table(a)

    def remind(service: TableService) -> Callable[[], list[int]]:
        jobs = Jobs(service)

        def work() -> list[int]:
            if tid not in jobs.due(now).reminders or (reminder := jobs.remind(tid, now)) is None:
                return []
            jobs.reminded(reminder)  # as once its post went out
            return reminder.seats
        return work

    out = race(remind(a), remind(b))
    assert sorted(map(len, out)) == [0, 2], out  # both seats reminded, by one process
    assert a.repo.note(tid, REMINDED_NOTE) == now.isoformat()
    assert Jobs(b).due(now).reminders == []
    assert Leases(a.repo).holder(f"remind:{tid}") is None


def test_a_reminder_is_noted_once_posted_and_held_until_then(services: tuple[TableService, TableService]) -> None:
    """Issue 25 §3: while the claiming process posts, the reminder is not noted but its claim is
    held, so nobody else sends it; once posted it is noted and the claim given back."""
    a, b = services
    tid, now = reminder_table(a)
    first, second = Jobs(a, owner="first"), Jobs(b, owner="second")
    reminder = first.remind(tid, now)
    assert reminder is not None and reminder.seats == [0, 1]
    assert a.repo.note(tid, REMINDED_NOTE) is None  # not yet: the post is on its way
    assert second.due(now).reminders == [tid] and second.remind(tid, now) is None  # but claimed
    first.reminded(reminder)
    assert a.repo.note(tid, REMINDED_NOTE) == now.isoformat()
    assert second.due(now).reminders == [] and second.remind(tid, now) is None
    assert Leases(a.repo).holder(reminder.key) is None


def test_a_reminder_whose_process_died_before_posting_is_sent_once_the_claim_lapses(
        services: tuple[TableService, TableService]) -> None:
    """Issue 25 §3: a process that claimed a reminder and died before its post went out left it
    due (before, it was noted first and lost); another process sends it once the claim lapses,
    and it is then noted once."""
    a, b = services
    tid, now = reminder_table(a)
    dead = Jobs(a, owner="dead", ttl=timedelta(seconds=30))
    assert dead.remind(tid, now) is not None  # ... and the process is killed here
    alive = Jobs(b, owner="alive", ttl=timedelta(seconds=30))
    assert alive.due(now).reminders == [tid]
    assert alive.remind(tid, now + timedelta(seconds=29)) is None  # the claim still holds
    later = now + timedelta(seconds=31)
    assert alive.due(later).reminders == [tid]
    again = alive.remind(tid, later)
    assert again is not None and again.seats == [0, 1]
    alive.reminded(again)
    assert b.repo.note(tid, REMINDED_NOTE) == later.isoformat()
    assert alive.due(later).reminders == [] and dead.remind(tid, later) is None


def test_a_reminder_given_back_unposted_stays_due(service: TableService) -> None:
    tid, now = reminder_table(service)
    jobs = Jobs(service)
    reminder = jobs.remind(tid, now)
    assert reminder is not None
    jobs.release(reminder.key)  # the post could not be queued
    assert jobs.due(now).reminders == [tid] and jobs.remind(tid, now) is not None


def test_claims_are_exclusive_until_released_or_lapsed(repo: Repository) -> None:
    leases, now, ttl = Leases(repo), utcnow(), timedelta(seconds=10)
    assert leases.claim("deadline:1", "a", ttl, now=now)
    assert not leases.claim("deadline:1", "b", ttl, now=now)
    assert leases.claim("deadline:2", "b", ttl, now=now)  # another job is free
    assert leases.claim("deadline:1", "a", ttl, now=now + timedelta(seconds=5))  # the holder extends it
    assert not leases.claim("deadline:1", "b", ttl, now=now + timedelta(seconds=12))  # extended to 15 s
    assert leases.claim("deadline:1", "b", ttl, now=now + timedelta(seconds=15))  # lapsed: taken over
    assert not leases.release("deadline:1", "a")  # no longer a's to give back
    assert leases.holder("deadline:1") == ("b", now + timedelta(seconds=25))
    assert leases.release("deadline:1", "b") and leases.holder("deadline:1") is None
    assert leases.claim("deadline:1", "a", ttl, now=now)


def test_many_threads_claiming_one_job_get_it_once(db_url: str, repo: Repository) -> None:
    engines = [make_engine(db_url) for _ in range(4)]
    try:
        now = utcnow()
        out = race(*[lambda e=e, n=n: Leases(Repository(e)).claim("job", f"p{n}", timedelta(seconds=9), now=now)
                     for n, e in enumerate(engines)])
        assert sorted(out) == [False, False, False, True]
    finally:
        for engine in engines:
            engine.dispose()


def test_a_process_handles_only_the_tables_of_its_shards(service: TableService) -> None:
    assert (guild_shard(GUILD_EVEN, 2), guild_shard(GUILD_ODD, 2)) == (0, 1)
    even, odd = late_table(service, guild=GUILD_EVEN), late_table(service, guild=GUILD_ODD)
    now = utcnow()
    assert Jobs(service, shards=Shards.of([0], 2)).due(now).deadlines == [even]
    assert Jobs(service, shards=Shards.of([1], 2)).due(now).deadlines == [odd]
    assert Jobs(service, shards=Shards.of(None, 2)).due(now).deadlines == [even, odd]
    assert Jobs(service).due(now).deadlines == [even, odd]
    with pytest.raises(ValueError, match="shard ids"):
        Shards.of([2], 2)
