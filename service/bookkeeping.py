"""A table's settings and notes, a seat's own choices, and a member's own choices on every server.
Bound as :class:`~service.tables.TableService` methods (issue 24 §1: the service split along its
seams)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from games.core import StaleVersion
from storage.errors import WrongStatus
from storage.models import SeatRow, TableRow
from storage.repository import Guard
from storage.types import utcnow

from . import clock
from .errors import NotSeated, TableError
from .lobby import LOBBY

if TYPE_CHECKING:
    from .tables import TableService

log = logging.getLogger(__name__)

#: A member's setting: tell them by direct message when a table waits for them.
DM_REMINDERS = "dm_reminders"
#: ``seat_order`` setting: seats as players joined, or shuffled from the seed when the game starts.
SEAT_ORDERS = ("joined", "random")


def configure(service: TableService, table_id: int, by_user: str, *, manager: bool = False,
              **changes: Any) -> dict[str, Any]:
    """Change table settings (creator or manager): ``language`` (``None``: everyone's own),
    ``remind_hours`` (0: none; at least 1 h), ``deadline_hours`` (0: none; at least 10 min)
    and ``policy`` (``move`` or ``bot``). A new deadline starts counting now."""
    table = service._table(table_id)
    service._check_authority(table, by_user, manager)
    settings: dict[str, Any] = {}
    for key, value in changes.items():
        if key == "remind_hours":
            settings[key] = service._hours(value, clock.MIN_REMIND_HOURS)
        elif key == "deadline_hours":
            settings[key] = service._hours(value, clock.MIN_DEADLINE_HOURS)
        elif key == "policy":
            if value not in {"move", "bot"}:
                raise TableError("table.bad_policy", policy=str(value))
            settings[key] = value
        elif key == "language":
            settings[key] = value
        elif key == "seat_order":
            if value not in SEAT_ORDERS:
                raise TableError("table.bad_setting", setting=f"{key}={value}")
            settings[key] = value
        else:
            raise TableError("table.bad_setting", setting=key)
    merged = service.repo.update_settings(table_id, settings)
    if "deadline_hours" in settings and table.status == "active":
        hours = float(merged.get("deadline_hours") or 0)
        service.repo.set_deadline(table_id, utcnow() + timedelta(hours=hours) if hours > 0 else None)
    return merged


def _hours(value: Any, floor: float) -> float | None:
    hours = float(value or 0)
    if hours <= 0:
        return None
    if hours < floor:
        raise TableError("table.too_often", minutes=round(floor * 60))
    return hours


def rename_seat(service: TableService, table_id: int, seat: int, name: str) -> SeatRow:
    """Give a seat a display name (a bot named in the table's language)."""
    return service.repo.update_seat(table_id, seat, name=name)


def set_seat_language(service: TableService, table_id: int, user_id: str, language: str | None) -> list[int]:
    """The language of the user's private answers at this table (``None``: their client's)."""
    mine = service._seats_of(table_id, user_id)
    for seat in mine:
        service.repo.update_seat(table_id, seat, language=language)
    return mine


def set_away(service: TableService, table_id: int, user_id: str, away: bool) -> list[int]:
    """Vacation: no reminders or deadlines for the user's seats while ``away``."""
    mine = service._seats_of(table_id, user_id)
    for seat in mine:
        service.repo.update_seat(table_id, seat, away=away)
    return mine


def _seats_of(service: TableService, table_id: int, user_id: str) -> list[int]:
    mine = [s.seat for s in service.repo.seats(table_id) if s.user_id == user_id and not s.is_bot]
    if not mine:
        raise NotSeated()
    return mine


def set_channel(service: TableService, table_id: int, guild_id: str | None, channel_id: str | None) -> None:
    """Record where the table is played (the adapter opens the channel after the table)."""
    service.repo.set_channel(table_id, guild_id, channel_id)


def discard(service: TableService, table_id: int) -> None:
    """Abandon a lobby whose channel could not be opened (no authority needed: nobody saw it)."""
    table = service._table(table_id)
    if table.status == "lobby":
        try:
            service.repo.set_status(table_id, "abandoned", guard=Guard(table.version, LOBBY))
        except (StaleVersion, WrongStatus):
            log.info("table %s changed while it was discarded; left as it is", table_id)


def ended_tables(service: TableService, without_note: str, *, now: datetime, guild_ids: Iterable[str] | None = None,
                 settled: timedelta = timedelta(seconds=5), horizon: timedelta = timedelta(days=8),
                 limit: int = 20) -> list[TableRow]:
    """Tables that ended (finished or abandoned) between ``horizon`` and ``settled`` ago and
    that an adapter has not marked with the note ``without_note`` yet: the adapter tidies
    their channel (archives a thread) once the last posts about them went out, then notes it."""
    return service.repo.ended_tables(without_note=without_note, updated_after=now - horizon,
                                  updated_before=now - settled, guild_ids=guild_ids, limit=limit)


def clear_deadline(service: TableService, table_id: int) -> None:
    service.repo.set_deadline(table_id, None)


def note(service: TableService, table_id: int, key: str) -> Any:
    """An adapter's note about the table (status post, lobby cards...); see ``Repository.note``."""
    return service.repo.note(table_id, key)


def set_note(service: TableService, table_id: int, key: str, value: Any) -> None:
    service.repo.set_note(table_id, key, value)


def set_dm_reminders(service: TableService, user_id: str, on: bool) -> bool:
    """A member asks to be told by direct message when a table waits for them (issue 10 §10):
    each new step that pings them and each idle reminder. Returns the new choice."""
    return bool(service.repo.update_member_settings(user_id, {DM_REMINDERS: True if on else None})
                .get(DM_REMINDERS))


def wants_dm(service: TableService, user_ids: Iterable[str]) -> set[str]:
    """Which of ``user_ids`` asked for reminders by direct message (one query)."""
    return {u for u, s in service.repo.member_settings(user_ids).items() if s.get(DM_REMINDERS)}
