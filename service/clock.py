"""Turn deadlines and reminders: which tables are due, and what a missed deadline does.

The table's settings say how long a step may take (``deadline_hours``), what happens to a late
seat (``policy``: ``move`` — the title's ``timeout_move`` is played for them; ``bot`` — a bot takes
the seat) and when to remind (``remind_hours`` of idleness). Seats marked away are spared.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


def due(service: TableService, now: datetime, guild_ids: set[str] | None = None) -> Due:
    """Active tables (of ``guild_ids``, if given) with a passed deadline or a reminder due."""
    out = Due()
    for row in service.repo.list_tables(None, "active"):
        if (guild_ids is not None and row.guild_id not in guild_ids) or not row.channel_id:
            continue
        if row.deadline_at is not None and now >= row.deadline_at:
            out.deadlines.append(row.id)
            continue
        hours = float(row.settings.get("remind_hours") or 0)
        if hours <= 0:
            continue
        last = service.repo.note(row.id, REMINDED_NOTE)
        since = max(row.updated_at, datetime.fromisoformat(last)) if last else row.updated_at
        if now - since >= timedelta(hours=hours):
            out.reminders.append(row.id)
    return out


def remind(service: TableService, table_id: int, now: datetime) -> list[int]:
    """The seats to remind now (people who must act and are not away); records the reminder."""
    loaded = service.load(table_id)
    if loaded.table.status != "active" or loaded.state is None:
        return []
    acting = loaded.game.to_act(loaded.state) - loaded.bot_seats
    service.repo.set_note(table_id, REMINDED_NOTE, now.isoformat())
    return [s.seat for s in loaded.seats if s.seat in acting and not s.away]


def enforce(service: TableService, table_id: int, now: datetime, *, bot_name: str = "Bot {n}") -> Enforced | None:
    """The deadline passed: apply the table's policy to every late seat not away. ``None`` when
    the deadline has not passed (another process got there first) or the table is not active."""
    table = service.table(table_id)
    if table.status != "active" or table.deadline_at is None or now < table.deadline_at:
        return None
    service.repo.set_deadline(table_id, None)
    loaded = service.load(table_id)
    before = frozenset(loaded.game.to_act(loaded.state))
    policy = str(table.settings.get("policy") or "move")
    late = [s.seat for s in loaded.seats if s.seat in before and not s.is_bot and not s.away]
    done = Enforced(late, policy, before)
    if not late:
        return done
    if policy == "bot":
        for seat in late:
            service.substitute(table_id, None, seat, bot_name.format(n=seat + 1))
        done.result = service.run_bots(table_id)
        return done
    steps = []
    last = None
    for seat in late:
        played = service.autoplay(table_id, seat, max_moves=MAX_DEADLINE_MOVES)
        if played is not None:
            last = played
            steps += played.steps
    if last is not None:
        last.steps = steps
        last.acted_before = sorted(before)
        done.result = last
    return done
