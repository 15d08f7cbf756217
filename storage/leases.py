"""Leases on timed work, shared by every bot process on one database (issue 13 §5).

A job (``deadline:12``, ``remind:12``) is claimed by one conditional write that succeeds in one
process only: a new row (``INSERT ... ON CONFLICT DO NOTHING``), or taking over a row whose lease
lapsed (``UPDATE ... WHERE expires_at <= now``). On PostgreSQL the row lock makes a concurrent
claim wait and then re-check the condition; on SQLite transactions that write begin ``IMMEDIATE``
and run one at a time. The same statements work on both, so both are tested alike.

A lease only saves duplicate work; correctness comes from the work itself, which is guarded: a
deadline's moves commit on the table version that showed the deadline passed and clear it in
the same commit, so a process redoing the job after a lease lapsed finds nothing left to do.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import col

from .models import JobLease, TableRow
from .repository import Repository
from .types import utcnow


class Lease(NamedTuple):
    """Who holds a job and until when."""

    owner: str
    expires_at: datetime


class Leases:
    """Claims on jobs, in the database of ``repo`` (thread-safe, like the repository)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        dialect = repo.engine.dialect.name
        self._insert: Any = postgresql.insert if dialect == "postgresql" else sqlite.insert

    def claim(self, key: str, owner: str, ttl: timedelta, *, now: datetime | None = None) -> bool:
        """Claim ``key`` for ``owner`` until ``now + ttl``: ``True`` when it was free, lapsed or
        already ``owner``'s (the lease is then extended), ``False`` when another holds it."""
        now = now or utcnow()
        until = now + ttl
        with self.repo._write() as session:
            taken = session.execute(
                update(JobLease)
                .where(col(JobLease.key) == key, (col(JobLease.expires_at) <= now) | (col(JobLease.owner) == owner))
                .values(owner=owner, expires_at=until)
                .execution_options(synchronize_session=False))
            if taken.rowcount == 1:  # type: ignore[attr-defined]
                return True
            added = session.execute(
                self._insert(JobLease).values(key=key, owner=owner, expires_at=until)
                .on_conflict_do_nothing(index_elements=["key"]).returning(col(JobLease.key)))
            return added.first() is not None

    def release(self, key: str, owner: str) -> bool:
        """Give the job back (only ``owner``'s own lease); ``False`` if it was not held by them."""
        with self.repo._write() as session:
            gone = session.execute(delete(JobLease).where(col(JobLease.key) == key, col(JobLease.owner) == owner)
                                   .execution_options(synchronize_session=False))
            return bool(gone.rowcount == 1)  # type: ignore[attr-defined]

    def holder(self, key: str) -> Lease | None:
        """The current lease on ``key`` (lapsed or not), ``None`` if nobody claimed it."""
        with self.repo._read() as session:
            row = session.execute(select(col(JobLease.owner), col(JobLease.expires_at))
                                  .where(col(JobLease.key) == key)).first()
        return None if row is None else Lease(row[0], row[1])

    def clear_deadline(self, table_id: int, deadline_at: datetime) -> bool:
        """Clear the table's turn deadline if it is still ``deadline_at`` (the one a job found
        passed): a deadline restarted meanwhile by a move is kept. ``True`` if cleared."""
        with self.repo._write() as session:
            done = session.execute(
                update(TableRow)
                .where(col(TableRow.id) == table_id, col(TableRow.deadline_at) == deadline_at)
                .values(deadline_at=None).execution_options(synchronize_session=False))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]
