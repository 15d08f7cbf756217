"""Issue 25 §3: the clock's due tables are chosen by the database, and they are the tables the
old selection (every active table listed, then filtered here) found, over a varied set of tables:
every status, with and without a thread, servers on both shards and none, deadlines passed, to
come and none, reminder intervals (none, 0, text, hours), idle times and last reminders on both
sides of the interval and exactly on it."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import col

from service import TableService
from service.clock import REMINDED_NOTE, Due
from service.jobs import Shards
from storage.clock_sql import SLACK_HOURS
from storage.models import TABLE_STATUSES, TableRow
from storage.types import utcnow

#: Discord snowflakes of servers on shards 0 and 1 of two (``(id >> 22) % 2``).
GUILDS = [str(4 << 22), str(5 << 22), str(6 << 22), str(7 << 22)]
INTERVALS: list[object] = [None, 0, 1, 1.5, 2, 24, "3"]


def old_due(service: TableService, now: datetime, guild_ids: set[str] | None = None,
            shards: Shards | None = None) -> Due:
    """The selection before issue 25: every active table listed, every condition checked here."""
    def every(row: TableRow) -> float:
        return float(row.settings.get("remind_hours") or 0)

    rows = [row for row in service.repo.list_tables(None, "active")
            if row.channel_id and (guild_ids is None or row.guild_id in guild_ids)
            and (shards is None or shards.owns(row.guild_id))]
    deadlines = [row.id for row in rows if row.deadline_at is not None and now >= row.deadline_at]
    reminding = [row for row in rows if row.id not in deadlines and every(row) > 0]
    reminded = service.repo.notes(REMINDED_NOTE, (row.id for row in reminding))

    def idle(row: TableRow) -> bool:
        last = reminded.get(row.id)
        since = max(row.updated_at, datetime.fromisoformat(last)) if last else row.updated_at
        return now - since >= timedelta(hours=every(row))

    return Due(deadlines, [row.id for row in reminding if idle(row)])


def ago(now: datetime, rng: random.Random, hours: float) -> datetime:
    """A time before ``now``: anything up to 30 h, or ``hours`` ago exactly or a second either side."""
    if rng.random() < 0.4 and hours:
        return now - timedelta(hours=hours) + timedelta(seconds=rng.choice([-1, 0, 0, 1]))
    return now - timedelta(minutes=rng.randrange(0, 30 * 60))


def varied_tables(service: TableService, now: datetime, count: int) -> None:
    rng = random.Random(25)
    for n in range(count):
        interval = rng.choice(INTERVALS)
        row = service.repo.create_table(
            "wonderful-world", seed=f"due-{n}", engine_version="1",
            status=rng.choice([*TABLE_STATUSES, "active", "active"]),
            guild_id=rng.choice([*GUILDS, None]), channel_id=rng.choice([f"c{n}", f"c{n}", None]),
            settings={} if interval is None else {"remind_hours": interval})
        hours = float(interval or 0)
        with service.repo.engine.begin() as connection:
            connection.execute(update(TableRow).where(col(TableRow.id) == row.id)
                               .values(updated_at=ago(now, rng, hours)))
        if rng.random() < 0.5:
            service.repo.set_note(row.id, REMINDED_NOTE, ago(now, rng, hours).isoformat())
        kind = rng.random()
        if kind < 0.3:
            service.repo.set_deadline(row.id, now - timedelta(minutes=rng.randrange(0, 120)))
        elif kind < 0.45:
            service.repo.set_deadline(row.id, now + timedelta(minutes=rng.randrange(1, 120)))
        elif kind < 0.5:
            service.repo.set_deadline(row.id, now)


def test_the_database_chooses_the_due_tables_the_old_selection_found(service: TableService) -> None:
    now = utcnow()
    varied_tables(service, now, 160)
    selections = [(None, None), (set(GUILDS[:2]), None), ({GUILDS[1]}, None), (set(), None),
                  (None, Shards.of([0], 2)), (None, Shards.of([1], 2)), (set(GUILDS), Shards.of([1], 2))]
    found = 0
    for when in (now, now + timedelta(seconds=1), now - timedelta(seconds=1), now + timedelta(minutes=50),
                 now + timedelta(hours=3)):
        for guilds, shards in selections:
            new, old = service.due(when, guilds, shards), old_due(service, when, guilds, shards)
            assert (new.deadlines, new.reminders) == (old.deadlines, old.reminders), (when - now, guilds, shards)
            found += len(old.deadlines) + len(old.reminders)
            # the database reads no table that is not due, or about to be (SLACK_HOURS early)
            soon = old_due(service, when + timedelta(hours=SLACK_HOURS), guilds, shards)
            read = {row.id for row, _ in service.repo.clock_candidates(when, REMINDED_NOTE, guilds)
                    if shards is None or shards.owns(row.guild_id)}
            assert read <= {*soon.deadlines, *soon.reminders}, (when - now, guilds, shards)
    everything = old_due(service, now)
    assert everything.deadlines and everything.reminders and found > 100  # the set has both kinds, often
