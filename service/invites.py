"""Invitations and a rematch's call to its former players, which ping a member who holds no seat
(issue 19 §2: a seated member pinged a non-player 12 times in 13 s with ``/table invite``; a
creator looping rematch and abandon pinged a former opponent 7 times in 24 s).

- One member invites another to a table once (the table note :data:`INVITED_NOTE`).
- A member is pinged by another member's invitations at most once an hour, and by rematches
  (whoever opens them) at most once an hour (:data:`PING_EVERY`; when it was last is kept in the
  pinged member's settings, so it holds across tables, bot processes and restarts). A rematch
  then names them without a mention; an invitation is refused.
- A member may refuse invitations (``/settings invites``): they are neither invited nor pinged
  by a rematch (a rematch's card still names them, and its Join button is open to them).

Adapters add their own rate limits on top (the Discord bot: ``/table new``'s cooldown for a
rematch, a token bucket for invitations). Bound as :class:`~service.tables.TableService` methods.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from storage.types import utcnow

from .errors import TableError

if TYPE_CHECKING:
    from .tables import TableService

#: The table note listing who invited whom there: ``["<by>:<member>", ...]``.
INVITED_NOTE = "invited"
#: A member's setting: ``False`` when they take no invitations.
INVITATIONS = "invitations"
#: A member's bookkeeping: when each other member last pinged them by an invitation, and when a
#: rematch last did (key :data:`REMATCH`).
PINGED_BY = "pinged_by"
REMATCH = "rematch"
#: A member is pinged by another's invitations and rematches at most this often.
PING_EVERY = timedelta(hours=1)


def set_invitations(service: TableService, user_id: str, on: bool) -> bool:
    """A member takes invitations (the default) or refuses them. Returns the new choice."""
    chosen = service.repo.update_member_settings(user_id, {INVITATIONS: None if on else False})
    return chosen.get(INVITATIONS) is not False


def _takes(chosen: dict[str, Any]) -> bool:
    """Whether a member with these settings takes invitations."""
    return chosen.get(INVITATIONS) is not False


def _settings(service: TableService, user_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """Each member's settings (``{}`` for one who chose nothing), in the order given: one query."""
    ids = list(dict.fromkeys(user_ids))
    found = service.repo.member_settings(ids)
    return {user: found.get(user, {}) for user in ids}


def takes_invitations(service: TableService, user_ids: Iterable[str]) -> list[str]:
    """Which of these members take invitations (one query)."""
    return [user for user, chosen in _settings(service, user_ids).items() if _takes(chosen)]


def _recently_pinged(chosen: dict[str, Any], by_user: str, now: datetime) -> bool:
    last = (chosen.get(PINGED_BY) or {}).get(by_user)
    return last is not None and now - datetime.fromisoformat(last) < PING_EVERY


def _note_ping(service: TableService, user_id: str, chosen: dict[str, Any], by_user: str, now: datetime) -> None:
    """Remember that ``by_user`` pinged ``user_id`` now (older entries than an hour are dropped)."""
    kept = {by: at for by, at in (chosen.get(PINGED_BY) or {}).items()
            if now - datetime.fromisoformat(at) < PING_EVERY}
    service.repo.update_member_settings(user_id, {PINGED_BY: {**kept, by_user: now.isoformat()}})


def invite(service: TableService, table_id: int, by_user: str, user_id: str, *, now: datetime | None = None) -> None:
    """Record that ``by_user`` invites ``user_id`` to the table (the adapter then pings them once).
    Refused when they invited them there before, when ``user_id`` takes no invitations, and
    when ``by_user`` pinged them by an invitation or a rematch within the hour."""
    now = now or utcnow()
    pair = f"{by_user}:{user_id}"
    invited: list[str] = list(service.repo.note(table_id, INVITED_NOTE) or [])
    if pair in invited:
        raise TableError("table.invited_already")
    chosen = _settings(service, [user_id])[user_id]
    if not _takes(chosen):
        raise TableError("table.no_invitations")
    if _recently_pinged(chosen, by_user, now):
        raise TableError("table.invited_recently", minutes=int(PING_EVERY.total_seconds() // 60))
    service.repo.set_note(table_id, INVITED_NOTE, [*invited, pair])
    _note_ping(service, user_id, chosen, by_user, now)


def rematch_pings(service: TableService, user_ids: Iterable[str], *, now: datetime | None = None) -> list[str]:
    """Which of a rematch's former players may be pinged now (the others are named without a
    mention): those who take invitations and were not pinged by a rematch within the hour.
    Records the pings. One query to read, one write per member pinged."""
    now = now or utcnow()
    settings = _settings(service, user_ids)
    pinged = [user for user, chosen in settings.items()
              if _takes(chosen) and not _recently_pinged(chosen, REMATCH, now)]
    for user in pinged:
        _note_ping(service, user, settings[user], REMATCH, now)
    return pinged
