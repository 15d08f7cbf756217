"""Turn deadlines and reminders: which tables are due, and what a missed deadline does.

The table's settings say how long a step may take (``deadline_hours``), what happens to a late
seat (``policy``: ``move`` — the title's ``timeout_move`` is played for them; ``bot`` — a bot takes
the seat) and when to remind (``remind_hours`` of idleness). Seats marked away are spared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from games.core import StaleVersion
from storage.leases import Leases

from .errors import NotActive
from .offers import note_missed

if TYPE_CHECKING:
    from storage.models import TableRow

    from .jobs import Shards
    from .tables import MoveResult, TableService

#: The table note recording when the idle table was last reminded.
REMINDED_NOTE = "reminded_at"
#: At most this many moves are played for one late seat (a guard, not a rule).
MAX_DEADLINE_MOVES = 50
#: Floors that keep anyone from being pinged every minute (security review, finding 5).
MIN_REMIND_HOURS = 1.0
MIN_DEADLINE_HOURS = 10 / 60


@dataclass
class Enforced:
    """A missed deadline's consequences: the late seats, the policy applied, who had to act
    before, and the moves played (``None`` when nothing was played)."""

    late: list[int]
    policy: str
    before: frozenset[int]
    result: MoveResult | None = None


@dataclass
class Due:
    """Tables whose deadline passed, and tables idle long enough for a reminder."""

    deadlines: list[int] = field(default_factory=list)
    reminders: list[int] = field(default_factory=list)


def due(service: TableService, now: datetime, guild_ids: set[str] | None = None,
        shards: Shards | None = None) -> Due:
    """Active tables (of ``guild_ids`` and of servers on ``shards``, if given) with a passed
    deadline or a reminder due. The database picks the candidates (issue 25 §3: not every active
    table each minute); the conditions below decide, as before."""
    out = Due()
    for row, last in service.repo.clock_candidates(now, REMINDED_NOTE, guild_ids):
        if not row.channel_id or (guild_ids is not None and row.guild_id not in guild_ids) \
                or (shards is not None and not shards.owns(row.guild_id)):
            continue
        if row.deadline_at is not None and now >= row.deadline_at:
            out.deadlines.append(row.id)
        elif _remind_hours(row) > 0 and _idle_enough(row, last, now):
            out.reminders.append(row.id)
    return out


def _remind_hours(row: TableRow) -> float:
    return float(row.settings.get("remind_hours") or 0)


def _idle_enough(row: TableRow, last: str | None, now: datetime) -> bool:
    """Idle ``remind_hours`` since the last move (``updated_at``) and the last reminder (``last``)."""
    since = max(row.updated_at, datetime.fromisoformat(last)) if last else row.updated_at
    return now - since >= timedelta(hours=_remind_hours(row))


def reminder_due(service: TableService, row: TableRow, now: datetime) -> bool:
    """Whether the table has been idle ``remind_hours`` since its last move or reminder."""
    if _remind_hours(row) <= 0:
        return False
    return _idle_enough(row, service.repo.note(row.id, REMINDED_NOTE), now)


def remind(service: TableService, table_id: int, now: datetime) -> list[int] | None:
    """The seats to remind now (people who must act and are not away; may be none), or ``None``
    when no reminder is due (another process sent it: a job is claimed, then checked again, see
    ``service.jobs``). Records nothing: the reminder is noted by :func:`note_reminded` once its
    post went out, so a process that dies in between leaves it due (issue 25 §3)."""
    loaded = service.load(table_id)
    if loaded.table.status != "active" or loaded.state is None or not reminder_due(service, loaded.table, now):
        return None
    acting = loaded.game.to_act(loaded.state) - loaded.bot_seats
    return [s.seat for s in loaded.seats if s.seat in acting and not s.away]


def note_reminded(service: TableService, table_id: int, at: datetime) -> None:
    """Note the table reminded at ``at``: the next reminder is due ``remind_hours`` later."""
    service.repo.set_note(table_id, REMINDED_NOTE, at.isoformat())


def enforce(service: TableService, table_id: int, now: datetime, *, bot_name: str = "Bot {n}") -> Enforced | None:
    """The deadline passed: apply the table's policy to every late seat not away. ``None`` when
    the deadline has not passed (or another process enforced it already) or the table is not
    active.

    Exactly once (issue 13 §5): the moves commit on the table version that showed this deadline
    passed and clear it (or start the next step's) in the same commit, so a second process, or
    this job redone after its process died, finds the deadline gone and plays nothing. With the
    ``bot`` policy a seat already handed to a bot is not late any more; with nothing to play the
    deadline is cleared only if it is still this one."""
    loaded = service.load(table_id)
    table = loaded.table
    deadline = table.deadline_at
    if table.status != "active" or deadline is None or now < deadline or loaded.state is None:
        return None
    before = frozenset(loaded.game.to_act(loaded.state))
    policy = str(table.settings.get("policy") or "move")
    late = [s.seat for s in loaded.seats if s.seat in before and not s.is_bot and not s.away]
    done = Enforced(late, policy, before)
    try:
        if policy == "bot":
            for seat in late:
                service.substitute(table_id, None, seat, bot_name.format(n=seat + 1), deadline=deadline)
            done.result = service.run_bots(table_id, deadline=deadline)
        elif late:
            done.result = service.autoplay(table_id, late, max_moves=MAX_DEADLINE_MOVES, deadline=deadline)
    except (StaleVersion, NotActive):
        return None  # the table moved on meanwhile (another process, a player): the next round looks again
    if done.result is None:
        Leases(service.repo).clear_deadline(table_id, deadline)
    else:
        done.result.acted_before = sorted(before)
        if policy != "bot":  # the late people keep their seats, which the creator may now give away
            note_missed(service, table_id, loaded.seats, late)
    return done
