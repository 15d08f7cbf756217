"""Timed work shared by several bot processes on one database (issue 13 §5).

Each bot process runs the clock (``service.clock``) for the servers of its own Discord shards
(:class:`Shards`); every job it finds due (a table's deadline, its reminder, archiving its
thread) is first claimed here, so exactly one process does it. A claim is a lease in the
database (``storage.leases``) that lapses after ``ttl``: a process that dies mid-job loses
nothing, another claims the job once the lease lapses and does it again; the job is written to
be done once whoever does it (see :func:`service.clock.enforce`).

A reminder is a post, which the database cannot guard: its claim is held until the post went out
(or was refused) and the reminder is noted only then (:meth:`Jobs.remind`, :meth:`Jobs.reminded`),
so it is sent at least once, and once unless a process dies between posting and noting.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Final

from storage.leases import Leases

from . import clock

if TYPE_CHECKING:
    from .tables import TableService

#: How long a claim holds when nobody says otherwise: well above a job's time (a deadline's moves
#: and their posts take seconds), short enough that a dead process's work resumes soon.
DEFAULT_TTL: Final = timedelta(seconds=60)


def guild_shard(guild_id: int | str, shard_count: int) -> int:
    """The shard Discord routes a server's events to: ``(guild_id >> 22) % shard_count``."""
    return (int(guild_id) >> 22) % max(1, shard_count)


@dataclass(frozen=True)
class Shards:
    """The Discord shards one process serves: ``ids`` out of ``count``."""

    ids: frozenset[int]
    count: int = 1

    @classmethod
    def of(cls, ids: Iterable[int] | None, count: int | None) -> Shards:
        """``ids`` of ``count`` shards; every shard when ``ids`` is ``None``; one shard when
        ``count`` is ``None``. Refuses ids outside ``0..count-1``."""
        total = max(1, count or 1)
        chosen = frozenset(range(total) if ids is None else ids)
        if not chosen or any(not 0 <= shard < total for shard in chosen):
            raise ValueError(f"shard ids {sorted(chosen)} must be within 0..{total - 1}")
        return cls(chosen, total)

    def owns(self, guild_id: int | str | None) -> bool:
        """Whether a server's events come to this process (a table without a server: never)."""
        return guild_id is not None and guild_shard(guild_id, self.count) in self.ids


@dataclass(frozen=True)
class Reminder:
    """A reminder this process claimed and found due: the seats to remind (may be none) at
    ``at``. The claim ``key`` is held until :meth:`Jobs.reminded` (posted or refused) or
    :meth:`Jobs.release` (not posted: another process may send it)."""

    table_id: int
    seats: list[int]
    at: datetime

    @property
    def key(self) -> str:
        """The job's claim."""
        return f"remind:{self.table_id}"


def process_name() -> str:
    """A name for this process, unique among the processes sharing a database."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class Jobs:
    """This process's claims on timed work (synchronous: call from a worker thread)."""

    def __init__(self, service: TableService, *, owner: str | None = None,
                 ttl: timedelta = DEFAULT_TTL, shards: Shards | None = None) -> None:
        self.service = service
        self.leases = Leases(service.repo)
        self.owner = owner or process_name()
        self.ttl = ttl
        self.shards = shards

    def due(self, now: datetime, guild_ids: set[str] | None = None) -> clock.Due:
        """The tables of this process's servers with a deadline passed or a reminder due."""
        return clock.due(self.service, now, guild_ids, self.shards)

    def claim(self, key: str, *, now: datetime | None = None) -> bool:
        """Claim the job ``key`` (``deadline:12``); ``False`` when another process holds it."""
        return self.leases.claim(key, self.owner, self.ttl, now=now)

    def release(self, key: str) -> None:
        """Give a job back once done (or failed: another process may then try it)."""
        self.leases.release(key, self.owner)

    def enforce(self, table_id: int, now: datetime, *, bot_name: str = "Bot {n}") -> clock.Enforced | None:
        """Claim and enforce a table's passed deadline (``None``: claimed elsewhere, or nothing to do)."""
        key = f"deadline:{table_id}"
        if not self.claim(key, now=now):
            return None
        try:
            return clock.enforce(self.service, table_id, now, bot_name=bot_name)
        finally:
            self.release(key)


    def remind(self, table_id: int, now: datetime) -> Reminder | None:
        """Claim the table's reminder and, if it is still due, keep the claim and return whom to
        remind; ``None`` (nothing held) when another process holds it or it is not due. Nothing
        is noted yet: a process that dies before :meth:`reminded` leaves the reminder due, and
        another sends it once the claim lapses (issue 25 §3, at least once)."""
        reminder = Reminder(table_id, [], now)
        if not self.claim(reminder.key, now=now):
            return None
        try:
            seats = clock.remind(self.service, table_id, now)
        except BaseException:
            self.release(reminder.key)
            raise
        if seats is None:
            self.release(reminder.key)
            return None
        return Reminder(table_id, seats, now)

    def reminded(self, reminder: Reminder) -> None:
        """The reminder's post went out (or was refused, or there was nobody to remind): note it,
        then give the claim back: a process that claims it next finds it no longer due."""
        clock.note_reminded(self.service, reminder.table_id, reminder.at)
        self.release(reminder.key)


def database_reachable(service: TableService) -> bool:
    """Whether the database answers a trivial query (for a process's health check)."""
    from sqlalchemy import text

    try:
        with service.repo.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:
        return False
    return True
