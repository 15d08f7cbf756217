"""Seats that change hands only with consent (security review, findings 1, 4 and 5).

- A seat is **offered** to a member by the table's creator or a manager, and only that member
  accepts or declines it: nobody is seated (and pinged by reminders) without agreeing, and
  nobody who already holds a seat may take a second one (they would read both seats' secrets).
  A bot takes a seat without being asked (:meth:`TableService.substitute`).
- A lobby is **started** by its creator or a manager. When the creator is not seated (they left
  the lobby), the seated players start it together: every one of them presses Start.

Pending offers and votes are table notes; bound as :class:`~service.tables.TableService`
methods, like ``consent.py``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from games.registry import get_game

from .errors import AlreadySeated, NotAllowed, NotInLobby, TableError

if TYPE_CHECKING:
    from storage.models import SeatRow, TableRow
    from storage.repository import Guard

    from .tables import MoveResult, TableService

#: The table note holding the pending offer of one seat (see :class:`SeatOffer`).
OFFER_NOTE = "seat_offer:{seat}"
#: The table note holding the votes to start a lobby: ``{"version": table version, "users": [...]}``.
START_VOTES_NOTE = "start_votes"


@dataclass(frozen=True)
class SeatOffer:
    """Seat ``seat`` offered to the member ``user`` (to be shown as ``name``) by ``by``, while it
    was held by ``holder`` (a user id; ``None``: a bot) named ``holder_name``."""

    seat: int
    user: str
    name: str
    by: str
    holder: str | None
    holder_name: str


@dataclass
class StartVote:
    """What pressing Start led to: the game started (``result``), or the vote was counted and
    the players of seats ``waiting`` have not pressed Start yet."""

    result: MoveResult | None = None
    waiting: list[int] = field(default_factory=list)


def _holder(row: SeatRow) -> str | None:
    return None if row.is_bot else row.user_id


def _refuse_second_seat(seats: list[SeatRow], user_id: str) -> None:
    held = [s.seat for s in seats if s.user_id == user_id and not s.is_bot]
    if held:
        raise AlreadySeated("table.member_seated", seat=held[0] + 1)


def seat_offer(service: TableService, table_id: int, seat: int) -> SeatOffer | None:
    """The pending offer of seat number ``seat``, if there is one."""
    data: dict[str, Any] | None = service.repo.note(table_id, OFFER_NOTE.format(seat=seat))
    return SeatOffer(**data) if data else None


def offer_seat(service: TableService, table_id: int, by_user: str, seat: int, user_id: str, name: str, *,
               manager: bool = False) -> SeatOffer:
    """Offer seat number ``seat`` to the member ``user_id`` (the table's creator or a manager);
    it changes hands only when they accept (:func:`accept_seat`). A newer offer of the same seat
    replaces an older one. Refused for a seat the table does not have and for a member who
    already holds a seat."""
    table = service.table(table_id)
    service._check_status(table.status, ("lobby", "active"))
    service._check_authority(table, by_user, manager)
    seats = service.seats(table_id)
    row = service._seat_row(seats, seat)
    _refuse_second_seat(seats, user_id)
    offer = SeatOffer(seat, user_id, name, by_user, _holder(row), row.name)
    service.repo.set_note(table_id, OFFER_NOTE.format(seat=seat), asdict(offer))
    return offer


def _pending(service: TableService, table_id: int, seat: int, user_id: str) -> SeatOffer:
    offer = seat_offer(service, table_id, seat)
    if offer is None:
        raise TableError("table.no_offer", seat=seat + 1)
    if offer.user != user_id:
        raise NotAllowed("table.not_your_offer", seat=seat + 1)
    return offer


def accept_seat(service: TableService, table_id: int, seat: int, user_id: str) -> tuple[SeatRow, SeatOffer]:
    """``user_id`` accepts the seat offered to them: it is theirs from now on, with its history;
    the log records the change with who offered it. Refused when the seat is not offered to them,
    when it changed hands since the offer (the offer is then void), or when they took a seat
    meanwhile. Returns the seat and the offer."""
    from .tables import seat_change

    offer = _pending(service, table_id, seat, user_id)
    note = OFFER_NOTE.format(seat=seat)

    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        row = service._seat_row(seats, seat)
        if _holder(row) != offer.holder:
            service.repo.set_note(table_id, note, None)
            raise TableError("table.offer_void", seat=seat + 1)
        _refuse_second_seat(seats, user_id)
        # the newcomer starts with the title's default orders, not the last holder's choices
        return service.repo.update_seat(table_id, seat, user_id=user_id, name=offer.name, is_bot=False, guard=guard,
                                        orders=list(get_game(table.game_id).default_orders(table.options)),
                                        log=[seat_change("sub", row, offer.by, user=user_id, name=offer.name)])

    taken = service._seat_write(table_id, ("lobby", "active"), write)
    service.repo.set_note(table_id, note, None)
    return taken, offer


def decline_seat(service: TableService, table_id: int, seat: int, user_id: str) -> SeatOffer:
    """``user_id`` declines the seat offered to them; the offer is gone. Returns it."""
    offer = _pending(service, table_id, seat, user_id)
    service.repo.set_note(table_id, OFFER_NOTE.format(seat=seat), None)
    return offer


def vote_start(service: TableService, table_id: int, user_id: str, *, manager: bool = False) -> StartVote:
    """Start pressed by ``user_id``. The table's creator or a manager deals at once. Any other
    seated player's press is a vote: the game starts when every seated person has voted, which
    can only happen when the creator is not seated (they left the lobby); until then one player
    cannot start a table for everyone. Votes count for the seats as they are: a seat taken or
    given up (a new table version) starts the vote over. Anyone else is refused."""
    table = service.table(table_id)
    if table.status != "lobby":
        raise NotInLobby()
    if manager or table.creator is None or table.creator == user_id:
        return StartVote(result=service.start(table_id, user_id, manager=manager))
    people = {s.user_id: s.seat for s in service.seats(table_id) if s.user_id and not s.is_bot}
    if user_id not in people:
        raise NotAllowed()
    note: dict[str, Any] = service.repo.note(table_id, START_VOTES_NOTE) or {}
    votes = set(note.get("users", [])) if note.get("version") == table.version else set()
    votes = (votes | {user_id}) & set(people)
    waiting = sorted(seat for user, seat in people.items() if user not in votes)
    if waiting:
        service.repo.set_note(table_id, START_VOTES_NOTE, {"version": table.version, "users": sorted(votes)})
        return StartVote(waiting=waiting)
    service.repo.set_note(table_id, START_VOTES_NOTE, None)
    return StartVote(result=service.start(table_id))
