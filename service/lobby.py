"""The lobby and the seats: open a table, join, leave, seat a bot, kick, hand a seat to a bot,
abandon, deal; resign a running game and open a rematch. Bound as
:class:`~service.tables.TableService` methods.

Every write of seats or status here is guarded by the table's version (and status), and bumps it:
across processes a move cannot interleave with an abandon or a substitution, nor a join with the
deal (security review, finding 8). A lost race is retried on the new state.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from games.core import StaleVersion
from games.registry import game_ids, get_game
from storage.errors import CapReached, WrongStatus
from storage.log import NewAction
from storage.models import SeatRow, TableRow
from storage.repository import Guard

from . import limits, offers, ratings
from .errors import AlreadySeated, NotInLobby, NotSeated, TableError
from .record import seat_change

if TYPE_CHECKING:
    from .tables import MoveResult, TableService

log = logging.getLogger(__name__)

RACE_RETRIES = 5        # a lost race on the version is retried this often
LOBBY: tuple[str, ...] = ("lobby",)
LIVE: tuple[str, ...] = ("lobby", "active")
ACTIVE: tuple[str, ...] = ("active",)
ENDED: tuple[str, ...] = ("finished", "abandoned")


@dataclass(frozen=True)
class Rematch:
    """A rematch's new lobby, and the players of the old table invited to join it."""

    table: TableRow
    invited: list[str]


def create(service: TableService, game_id: str, *, seats: int | None = None, options: Mapping[str, Any] | None = None,
           seed: str | int | None = None, creator: str | None = None, guild_id: str | None = None,
           channel_id: str | None = None, language: str = "en") -> TableRow:
    """Open a lobby for ``game_id``; options are validated now, not at start.

    A table of a server (``guild_id``) is refused when a cap on live tables is reached (the
    creator's lobbies or live tables, or the server's live tables: :meth:`server_limits`), and
    starts with the deadline and policy the server chose (:meth:`server_defaults`)."""
    try:
        game = get_game(game_id)
    except KeyError:
        raise TableError("table.unknown_game", game=game_id, games=", ".join(game_ids())) from None
    resolved = game.meta.resolve_options(options)
    wanted = seats if seats is not None else game.meta.max_players
    game.meta.check_players(wanted)
    game.check_options(wanted, resolved)
    # a server's tables start with its deadline and policy, and count against its limits
    server = service.repo.server_settings(guild_id) if guild_id is not None else {}
    settings = {"seats": wanted, **limits.ServerDefaults.read(server).table_settings()}
    caps = service.limits.merged(server).caps(creator) if guild_id is not None else []
    try:
        return service.repo.create_table(
            game_id=game.meta.id, options=resolved, seed=str(seed if seed is not None else secrets.randbits(48)),
            engine_version=game.meta.engine_version, guild_id=guild_id, channel_id=channel_id,
            creator=creator, language=language, settings=settings, caps=caps)
    except CapReached as reached:
        raise limits.refusal(reached) from None


def join(service: TableService, table_id: int, user_id: str, name: str, language: str | None = None) -> SeatRow:
    """Take the first free seat of a lobby; nobody holds two seats."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        taken = [s for s in seats if s.user_id == user_id and not s.is_bot]
        if taken:
            raise AlreadySeated(seat=taken[0].seat + 1)
        return service.repo.add_seat(table_id, name, seat=service._free_seat(table, seats), user_id=user_id,
                                  is_bot=False, language=language, guard=guard,
                                  orders=get_game(table.game_id).default_orders(table.options))
    return service._seat_write(table_id, LOBBY, write)


def add_bot(service: TableService, table_id: int, by_user: str | None = None, *, name: str | None = None,
            manager: bool = False) -> SeatRow:
    """Seat a bot in the lobby: for the table's creator or a manager (``by_user=None``: a
    trusted local caller, the console or a tool), so nobody fills a stranger's table with bots."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        if by_user is not None:
            service._check_authority(table, by_user, manager)
        seat = service._free_seat(table, seats)
        return service.repo.add_seat(table_id, name or f"Bot {seat + 1}", seat=seat, is_bot=True, guard=guard)
    return service._seat_write(table_id, LOBBY, write)


def leave(service: TableService, table_id: int, user_id: str) -> None:
    """Give up one's seat in the lobby (the seats after it move down)."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> None:
        mine = [s for s in seats if s.user_id == user_id and not s.is_bot]
        if not mine:
            raise NotSeated()
        service.repo.remove_seat(table_id, mine[0].seat, guard=guard)
    service._seat_write(table_id, LOBBY, write)


def kick(service: TableService, table_id: int, by_user: str, seat: int, *, manager: bool = False) -> SeatRow:
    """Remove a player from the lobby (the table's creator or a manager); the log records it
    with who did it. Returns the seat as it was. During a game, hand the seat to a bot with
    :meth:`substitute` instead."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        service._check_authority(table, by_user, manager)
        row = service._seat_row(seats, seat)
        service.repo.remove_seat(table_id, seat, guard=guard,
                             log=[seat_change("kick", row, by_user, started=False)])
        return row
    return service._seat_write(table_id, LOBBY, write)


def substitute(service: TableService, table_id: int, by_user: str | None, seat: int, name: str, *,
               manager: bool = False, deadline: datetime | None = None) -> SeatRow:
    """Hand a seat to a bot named ``name``, at once, in the lobby or during the game (the
    table's creator or a manager; ``by_user=None``: the table's own rules, a missed deadline).
    The seat keeps its history; the log records the change with who made it.

    A person never gets a seat this way: it is offered to them and only they accept it
    (:meth:`offer_seat`, :meth:`accept_seat`), and nobody may hold two seats (the creator
    subbing themselves into an opponent's seat would read both seats' secrets). During the
    game the creator hands a person's seat to a bot only after they missed a deadline; a
    manager may always (``offers.check_replace``, issue 19 §4).

    ``deadline``: a missed deadline's substitution, made only while the table's deadline is
    still that one and the seat a person's (on the version read), so once (issue 13 §5)."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        row = service._seat_row(seats, seat)
        mod = offers.check_replace(service, table, row, by_user, manager)
        if deadline is not None and (table.deadline_at != deadline or row.is_bot):
            return row
        change = seat_change("sub", row, by_user, name=name, started=table.status == "active", mod=mod)
        return service.repo.update_seat(table_id, seat, user_id=None, name=name, is_bot=True, guard=guard,
                                     log=[change])
    return service._seat_write(table_id, LIVE, write)


def abandon(service: TableService, table_id: int, by_user: str, *, manager: bool = False,
            votes: Sequence[str] = ()) -> None:
    """Stop a lobby or a game for good (the table's creator or a manager; a running game's
    players by a vote: :meth:`vote_abandon`, which passes the ``votes``); the log records
    who did it. A move racing it from another process commits before it or not at all."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> None:
        service._check_authority(table, by_user, manager)
        notation = f"abandon by {by_user}" + (f" voted {','.join(votes)}" if votes else "")
        service.repo.set_status(table_id, "abandoned", guard=guard,
                             log=[NewAction(notation=notation, kind="system", user_id=by_user)])
    service._seat_write(table_id, LIVE, write)
    ratings.settle_quietly(service, table_id)  # recorded as not rated (docs/ratings.md)


def start(service: TableService, table_id: int, by_user: str | None = None, *, manager: bool = False) -> MoveResult:
    """Deal the game with the players seated now: for the table's creator or a manager
    (``by_user=None``: a trusted caller; the seated players of a lobby whose creator is not
    among them start it together with :meth:`vote_start`). The seed and the seats fix
    everything that follows; a seat taken or given up meanwhile by another process makes the
    deal start over with the seats as they are then."""
    for attempt in range(RACE_RETRIES):
        table, seated = service._lobby(table_id)
        if by_user is not None:
            service._check_authority(table, by_user, manager)
        game = get_game(table.game_id)
        if len(seated) < game.meta.min_players:
            raise TableError("table.need_players", low=game.meta.min_players, count=len(seated))
        game.meta.check_players(len(seated))
        if table.settings.get("seat_order") == "random" or table.settings.get("previous_seats"):
            table, seated = service._order_seats(table, seated)
        state = game.setup(len(seated), table.options, table.seed)
        try:
            service.repo.commit_actions(table_id, table.version, [], snapshot=(0, game.dumps(state)),
                                     status="active", require_status=LOBBY)
        except StaleVersion:
            if attempt == RACE_RETRIES - 1:
                raise
            log.info("table %s: the seats changed during the deal, dealing again", table_id)
            continue
        except WrongStatus:
            raise NotInLobby() from None
        return service._settle_bots(service.load(table_id), [])
    raise StaleVersion()  # pragma: no cover - loop always returns or raises


def _order_seats(service: TableService, table: TableRow, seated: list[SeatRow]) -> tuple[TableRow, list[SeatRow]]:
    """The seat order drawn or kept at the deal (issue 10 §10): ``seat_order=random`` sorts the
    seats by a hash of the table's seed and each holder; a rematch puts its players back in
    their old order (newcomers after them). Either depends only on who sits, so dealing again
    after a lost race finds the order made already. Committed (the version bumped) before the deal."""
    def holder(row: SeatRow) -> str:
        return row.user_id if not row.is_bot and row.user_id else f"bot:{row.name}"

    if table.settings.get("seat_order") == "random":
        def key(row: SeatRow) -> tuple[int, str]:
            return 0, hashlib.sha256(f"{table.seed}:seats:{holder(row)}".encode()).hexdigest()
    else:
        previous: dict[str, int] = table.settings.get("previous_seats") or {}

        def key(row: SeatRow) -> tuple[int, str]:
            return previous.get(holder(row), len(previous) + row.seat), ""
    order = [row.seat for row in sorted(seated, key=key)]
    if order == [row.seat for row in seated]:
        return table, seated
    service.repo.permute_seats(table.id, order, guard=Guard(table.version, LOBBY),
                            log=[NewAction(notation="seats " + ",".join(str(n + 1) for n in order),
                                           kind="system")])
    return service._lobby(table.id)


def resign(service: TableService, table_id: int, user_id: str, name: str) -> SeatRow:
    """A player gives up a running game: a bot named ``name`` plays their seat from now on
    (issue 10 §10; no title here removes a player from the game, so the seat stays). The log
    records it as the player's own change of seat. Returns the seat as it was."""
    def write(table: TableRow, seats: list[SeatRow], guard: Guard) -> SeatRow:
        mine = [s for s in seats if s.user_id == user_id and not s.is_bot]
        if not mine:
            raise NotSeated()
        row = mine[0]
        service.repo.update_seat(table_id, row.seat, user_id=None, name=name, is_bot=True, away=False,
                              guard=guard, log=[seat_change("resign", row, user_id, name=name)])
        return row
    return service._seat_write(table_id, ACTIVE, write)


def rematch(service: TableService, table_id: int, by_user: str, name: str, *, language: str | None = None) -> Rematch:
    """A new lobby for the game, options, seats and settings of a table that ended, on the same
    server, opened by one of its players (issue 10 §10). The member who asks is seated and bots
    take the seats bots held; the other players are invited and join themselves (nobody is
    seated without accepting). At the deal everyone is put back in their old order
    (``previous_seats``), unless the table draws a random order."""
    old = service._table(table_id)
    service._check_status(old.status, ENDED)
    seats = service.repo.seats(table_id)
    if not any(s.user_id == by_user and not s.is_bot for s in seats):
        raise NotSeated()
    count = max(len(seats), int(old.settings.get("seats", 0)))
    table = service.create(old.game_id, seats=count, options=old.options, creator=by_user,
                        guild_id=old.guild_id, language=old.language)
    kept = {k: old.settings[k] for k in ("remind_hours", "deadline_hours", "policy", "seat_order")
            if old.settings.get(k) is not None}
    previous = {(s.user_id if not s.is_bot and s.user_id else f"bot:{s.name}"): s.seat for s in seats}
    service.repo.update_settings(table.id, {**kept, "previous_seats": previous, "rematch_of": table_id})
    service.join(table.id, by_user, name, language)
    for row in seats:
        if row.is_bot:
            service.add_bot(table.id, name=row.name)
    invited = [s.user_id for s in seats if s.user_id and not s.is_bot and s.user_id != by_user]
    return Rematch(service._table(table.id), invited)
