"""Seats that change hands only with consent (security review, findings 1, 4 and 5; issue 19 §3, §4).

- A seat is **offered** to a member, and only that member accepts or declines it: nobody is
  seated (and pinged by reminders) without agreeing. Who may offer a seat during a game: its
  holder (their consent: ``/table handover``), a manager (``/mod sub``, recorded as a
  moderator's change in the log), or the table's creator when the seat is a bot's (a player
  resigned) or its holder missed a deadline (:func:`missed_deadline`). In the lobby, where no
  secret has been dealt, the creator offers any seat.
- Nobody holds two seats, and at a table whose title keeps secrets
  (``GameMeta.hidden_information``) nobody who has held a seat since the deal takes another one:
  they would read both seats' secrets (issue 19 §3: a creator who resigned took an opponent's
  hand). Their own former seat they may take back.
- A bot takes a seat without being asked (:meth:`TableService.substitute`), under the same
  rules for a person's seat as an offer.
- A lobby is **started** by its creator or a manager. When the creator is not seated (they left
  the lobby), the seated players start it together: every one of them presses Start.
- A running game is **abandoned** by a manager at once, or by a vote of the seated players
  (:func:`vote_abandon`) that its creator or any of them may open (issue 19 §4).

Pending offers and votes are table notes; bound as :class:`~service.tables.TableService`
methods, like ``consent.py``.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from games.registry import get_game

from .errors import AlreadySeated, NotAllowed, NotInLobby, NotSeated, TableError
from .record import seat_change

if TYPE_CHECKING:
    from storage.models import SeatRow, TableRow
    from storage.repository import Guard

    from .tables import MoveResult, TableService

#: The table note holding the pending offer of one seat (see :class:`SeatOffer`).
OFFER_NOTE = "seat_offer:{seat}"
#: The table note holding the votes to start a lobby: ``{"version": table version, "users": [...]}``.
START_VOTES_NOTE = "start_votes"
#: The table note holding the votes to abandon a game: ``{"holders": [...], "users": [...]}``.
ABANDON_VOTES_NOTE = "abandon_votes"
#: The table setting naming the seats whose holder missed a deadline: ``{seat: user id}``.
MISSED_SETTING = "missed"


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
    #: Made by a manager's power (``/mod sub``), recorded as such in the log.
    mod: bool = False


@dataclass
class AbandonVote:
    """What a vote to abandon led to: the table was abandoned (``done``), or the vote was counted
    (``votes`` of the ``needed``) and the players of seats ``waiting`` have not voted."""

    done: bool = False
    votes: int = 0
    needed: int = 0
    waiting: list[int] = field(default_factory=list)


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


def former_seats(service: TableService, table_id: int, user_id: str) -> set[int]:
    """The seats ``user_id`` held at this table since its deal and holds no longer (from the
    log's changes of seat; a lobby seat given up before the deal counts for nothing)."""
    held: set[int] = set()
    for row in service.repo.system_actions(table_id):
        try:
            data = json.loads(row.move or "")
        except ValueError:
            continue
        if isinstance(data, dict) and data.get("op") in ("sub", "resign") and data.get("started", True) \
                and data.get("previous_user") == user_id:
            held.add(int(data["seat"]))
    return held


def _refuse_another_seat(service: TableService, table: TableRow, seats: list[SeatRow], seat: int,
                         user_id: str) -> None:
    """Nobody holds two seats; at a table with hidden information, nobody who held a seat since
    the deal takes another one (rules of the platform, issue 19 §3)."""
    _refuse_second_seat(seats, user_id)
    if table.status == "lobby" or not get_game(table.game_id).meta.hidden_information:
        return
    other = sorted(former_seats(service, table.id, user_id) - {seat})
    if other:
        raise AlreadySeated("table.held_before", seat=other[0] + 1)


def missed_deadline(table: TableRow, row: SeatRow) -> bool:
    """Whether the person holding seat ``row`` missed a deadline there and has not moved since
    (issue 19 §4: then the table's creator may hand their seat to a bot or to another member).
    Kept in the table's settings (``missed``), read with the table, cleared by their next move."""
    if row.is_bot or not row.user_id:
        return False
    return bool((table.settings.get(MISSED_SETTING) or {}).get(str(row.seat)) == row.user_id)


def note_missed(service: TableService, table_id: int, seats: list[SeatRow], late: list[int]) -> None:
    """Record that the people holding seats ``late`` missed a deadline (:func:`missed_deadline`)."""
    holders = {str(s.seat): s.user_id for s in seats if s.seat in late and not s.is_bot and s.user_id}
    if holders:
        noted = dict(service.table(table_id).settings.get(MISSED_SETTING) or {})
        service.repo.update_settings(table_id, {MISSED_SETTING: {**noted, **holders}})


def clear_missed(service: TableService, table: TableRow, seat: int, user_id: str | None) -> None:
    """The holder of ``seat`` moved themselves: they are not absent any more."""
    noted: dict[str, Any] = table.settings.get(MISSED_SETTING) or {}
    if user_id is not None and noted.get(str(seat)) == user_id:
        rest = {k: v for k, v in noted.items() if k != str(seat)}
        service.repo.update_settings(table.id, {MISSED_SETTING: rest or None})


def check_replace(service: TableService, table: TableRow, row: SeatRow, by_user: str | None, manager: bool) -> bool:
    """Whether ``by_user`` may give seat ``row`` to someone else (a member or a bot); refused
    otherwise. Returns whether it took a manager's power (to be logged as such).

    ``by_user=None`` is the table's own rules (a missed deadline's policy). The seat's holder
    gives their own seat; a manager any seat; the creator any seat in the lobby, and during the
    game a bot's seat or that of a holder who missed a deadline (issue 19 §3, §4)."""
    holder = _holder(row)
    if by_user is None or (holder is not None and by_user == holder):
        return False
    if manager:
        return not (table.creator == by_user and (table.status == "lobby" or holder is None
                                                  or missed_deadline(table, row)))
    service._check_authority(table, by_user, manager)
    if table.status == "active" and holder is not None and not missed_deadline(table, row):
        raise NotAllowed("table.holder_consent", seat=row.seat + 1, name=row.name)
    return False


def offer_seat(service: TableService, table_id: int, by_user: str, seat: int, user_id: str, name: str, *,
               manager: bool = False) -> SeatOffer:
    """Offer seat number ``seat`` to the member ``user_id``; it changes hands only when they
    accept (:func:`accept_seat`). Who may offer which seat: :func:`check_replace`. A newer offer
    of the same seat replaces an older one. Refused for a seat the table does not have, for a
    member who holds a seat, and at a table with hidden information for one who held another
    seat since the deal."""
    table = service.table(table_id)
    service._check_status(table.status, ("lobby", "active"))
    seats = service.seats(table_id)
    row = service._seat_row(seats, seat)
    mod = check_replace(service, table, row, by_user, manager)
    _refuse_another_seat(service, table, seats, seat, user_id)
    offer = SeatOffer(seat, user_id, name, by_user, _holder(row), row.name, mod)
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
    offer = _pending(service, table_id, seat, user_id)
    note = OFFER_NOTE.format(seat=seat)

    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        row = service._seat_row(seats, seat)
        if _holder(row) != offer.holder:
            service.repo.set_note(table_id, note, None)
            raise TableError("table.offer_void", seat=seat + 1)
        _refuse_another_seat(service, table, seats, seat, user_id)
        # the newcomer starts with the title's default orders, not the last holder's choices
        change = seat_change("sub", row, offer.by, user=user_id, name=offer.name, started=table.status == "active",
                             mod=offer.mod)
        return service.repo.update_seat(table_id, seat, user_id=user_id, name=offer.name, is_bot=False, guard=guard,
                                        orders=list(get_game(table.game_id).default_orders(table.options)),
                                        log=[change])

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


def check_abandon(service: TableService, table_id: int, user_id: str, *,
                  manager: bool = False) -> tuple[TableRow, dict[str, int]]:
    """Refuse ``user_id`` a vote to abandon (:func:`vote_abandon`) they may not cast: a lobby is
    its creator's (or a manager's) to abandon, a game its creator's, its seated players' or a
    manager's. Returns the table and its seated people (user id → seat)."""
    table = service.table(table_id)
    service._check_status(table.status, ("lobby", "active"))
    people = {s.user_id: s.seat for s in service.seats(table_id) if s.user_id and not s.is_bot}
    if manager:
        return table, people
    if table.status == "lobby":
        service._check_authority(table, user_id, manager)
    elif user_id not in people and table.creator != user_id:
        raise NotSeated()
    return table, people


def vote_abandon(service: TableService, table_id: int, user_id: str, *, manager: bool = False) -> AbandonVote:
    """Abandon pressed by ``user_id`` (issue 19 §4). A manager abandons at once, and so does the
    creator a lobby. During a game the creator or any seated player opens or joins a vote: the
    table is abandoned when more than half of the seated people voted for it. Votes count for
    the seats' holders as they are: a seat that changed hands starts the vote over. Anyone else
    is refused."""
    table, people = check_abandon(service, table_id, user_id, manager=manager)
    if manager or table.status == "lobby":
        service.abandon(table_id, user_id, manager=manager)
        return AbandonVote(done=True)
    holders = sorted(f"{seat}:{user}" for user, seat in people.items())
    note: dict[str, Any] = service.repo.note(table_id, ABANDON_VOTES_NOTE) or {}
    votes = set(note.get("users", [])) if note.get("holders") == holders else set()
    if user_id in people:
        votes.add(user_id)
    votes &= set(people)
    needed = len(people) // 2 + 1
    if len(votes) >= needed:
        service.abandon(table_id, user_id, manager=True, votes=sorted(votes))
        service.repo.set_note(table_id, ABANDON_VOTES_NOTE, None)
        return AbandonVote(done=True, votes=len(votes), needed=needed)
    service.repo.set_note(table_id, ABANDON_VOTES_NOTE, {"holders": holders, "users": sorted(votes)})
    waiting = sorted(seat for user, seat in people.items() if user not in votes)
    return AbandonVote(votes=len(votes), needed=needed, waiting=waiting)

