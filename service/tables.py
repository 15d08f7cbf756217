"""The table service: the one place where storage, engines and renderers meet.

Every adapter (Discord, the local console, tests, benchmarks) goes through :class:`TableService`,
so a move behaves the same everywhere: the seat is checked, the engine validates the move on a
copy, bot seats answer, and everything commits in one transaction guarded by the table version.

This module holds the move path (play, bots and standing orders, undo, loading) and the table's
settings' checks; the rest lives in modules along the seams, their functions bound as methods
(issue 24 §1): :mod:`.lobby` (lobby, seats, resign, rematch), :mod:`.record` (history, export),
:mod:`.bookkeeping` (settings, notes, a member's choices), :mod:`.offers` (seats offered and
votes), :mod:`.consent` (undo), :mod:`.invites`, :mod:`.clock` (deadlines, reminders),
:mod:`.limits` (caps and server defaults).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from games.core import Event, Game, Option, Outcome, Rng, StaleVersion
from games.registry import get_game
from storage.errors import TableNotFound, WrongStatus
from storage.log import NewAction, effective_actions
from storage.models import ActionRow, SeatRow, TableRow
from storage.repository import Guard, Repository
from storage.types import utcnow

from . import bookkeeping, clock, consent, invites, limits, lobby, offers, ratings, record
from .bookkeeping import DM_REMINDERS, SEAT_ORDERS
from .errors import (
    CannotUndo,
    NoSuchSeat,
    NoSuchTable,
    NotActive,
    NotAllowed,
    NotInLobby,
    NotSeated,
    TableError,
    TableFull,
    WrongSeat,
)
from .limits import TableLimits
from .lobby import ACTIVE, ENDED, LIVE, LOBBY, RACE_RETRIES, Rematch
from .record import HistoryEntry, encode_events, seat_change, seat_change_entry

log = logging.getLogger(__name__)

SNAPSHOT_EVERY = 16     # actions between snapshots: loading replays at most this many
MAX_BOT_CHAIN = 5_000   # guard against a title whose bots never hand back

T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One move that was applied: by whom, its notation and the events it produced."""

    seq: int
    seat: int
    notation: str
    events: list[Event]
    by_bot: bool = False
    #: The typed move (stored as its tagged JSON beside the notation).
    move: Any = None
    #: The standing order that played this move for its seat, if one did.
    order: str | None = None


#: Tables ``/turns`` reads at most (a member's games in play, oldest first).
TURNS_LIMIT = 50


@dataclass
class PendingTurn:
    """A game waiting for one member: the table, and the seat of theirs that must act."""

    table: TableRow
    game: Game[Any, Any]
    state: Any
    seat: int
    names: list[str]

    def prompt(self, lang: str) -> str | None:
        """What is asked of the member there ("pick a card to keep"), if the title says."""
        return self.game.prompt(self.state, self.seat, lang, self.names)


@dataclass
class Loaded:
    """A table read from storage with its current engine state."""

    table: TableRow
    seats: list[SeatRow]
    game: Game[Any, Any]
    state: Any
    last_seq: int
    #: Where the state was rebuilt from: the snapshot's seq (0: setup) and bytes (``None``: setup),
    #: and the log rows replayed after it (undo reuses them instead of reading the whole log).
    base_seq: int = 0
    base_state: bytes | None = field(default=None, repr=False)
    tail: list[ActionRow] = field(default_factory=list, repr=False)

    def seat_of(self, user_id: str) -> list[int]:
        return [s.seat for s in self.seats if s.user_id == user_id and not s.is_bot]

    @property
    def bot_seats(self) -> set[int]:
        return {s.seat for s in self.seats if s.is_bot}

    @property
    def outcome(self) -> Outcome | None:
        """The final standings: the game's own, or, for a game an admin ended early, the title's
        rule for that (``Game.force_end``)."""
        if self.state is None:
            return None
        found = self.game.outcome(self.state)
        if found is None and self.table.status == "finished":
            return self.game.force_end(self.state)
        return found


@dataclass
class MoveResult:
    """What an accepted move led to; adapters turn this into messages and images."""

    table_id: int
    version: int
    steps: list[Step]
    to_act: list[int]
    finished: bool
    loaded: Loaded = field(repr=False)
    #: Who had to act before these moves (empty for a new game): with ``to_act`` the adapter
    #: knows whose step ended and who is newly asked, without loading the table again.
    acted_before: list[int] = field(default_factory=list)

    def events(self) -> list[Event]:
        return [e for step in self.steps for e in step.events]


class TableService:
    """Create, seat, start, play, undo, view, log and export tables.

    :param repository: where tables live.
    :param on_change: called with every :class:`MoveResult` (the Discord adapter posts boards).
    :param bot_moves_per_commit: bot replies played per commit; the rest wait for
        :meth:`run_bots` (the console uses 1 to show a game move by move).
    :param limits: the default caps on live tables of a server (see ``service.limits``); a
        server's managers may override them.
    """

    def __init__(self, repository: Repository,
                 on_change: Callable[[MoveResult], None] | None = None,
                 bot_moves_per_commit: int = MAX_BOT_CHAIN,
                 limits: TableLimits | None = None) -> None:
        self.repo = repository
        self.on_change = on_change
        self.bot_moves_per_commit = bot_moves_per_commit
        self.limits = limits or TableLimits()

    @classmethod
    def open(cls, database_url: str | None = None, **kwargs: Any) -> TableService:
        """The service on a database (default ``TABULA_DATABASE_URL`` or ``./tabula.db``), its
        schema migrated to the newest revision. ``kwargs`` go to the constructor."""
        from storage.db import make_engine, migrate

        engine = make_engine(database_url)
        migrate(engine)
        return cls(Repository(engine), **kwargs)

    # ---- lobby, seats, leaving a game, playing again (service.lobby) -------------------------
    create = lobby.create
    join = lobby.join
    add_bot = lobby.add_bot
    leave = lobby.leave
    kick = lobby.kick
    substitute = lobby.substitute
    abandon = lobby.abandon
    start = lobby.start
    _order_seats = lobby._order_seats
    resign = lobby.resign
    rematch = lobby.rematch

    # ---- ratings (service.ratings, issue 23 §1) ----------------------------------------------
    rate_table = ratings.settle
    recompute_ratings = ratings.recompute
    rate_recent = ratings.settle_recent
    leaderboard = ratings.leaderboard
    rating_standings = ratings.standings
    member_ratings = ratings.member_ratings
    rating_result = ratings.table_result

    # ---- play --------------------------------------------------------------------------------
    def act(self, table_id: int, user_id: str | None, text: str, *, seat: int | None = None,
            expected_version: int | None = None) -> MoveResult:
        """Play ``text`` for the user's seat (``seat`` picks one when a user holds several).

        With ``expected_version`` (a button), a table that moved on refuses with
        :class:`StaleVersion`; without it, a lost race is retried on the new state.
        """
        for attempt in range(RACE_RETRIES):
            loaded = self.load(table_id)
            if expected_version is not None and loaded.table.version != expected_version:
                raise StaleVersion()
            chosen = self._acting_seat(loaded, user_id, seat)
            before = loaded.game.to_act(loaded.state)
            move = loaded.game.parse(loaded.state, chosen, text)  # once: the grammar, then apply checks
            applied = loaded.game.apply(loaded.state, chosen, move)
            steps = [Step(loaded.last_seq + 1, chosen, str(move), applied.events, move=move)]
            loaded.state = applied.state
            try:
                result = self._settle_bots(loaded, steps, user_id=user_id, before=before)
            except StaleVersion:
                if expected_version is not None or attempt == RACE_RETRIES - 1:
                    raise
                log.info("table %s: lost a race on version %s, retrying", table_id, loaded.table.version)
                continue
            offers.clear_missed(self, loaded.table, chosen, user_id)
            return result
        raise StaleVersion()  # pragma: no cover - loop always returns or raises

    def import_game(self, game_id: str, names: Sequence[str], moves: Iterable[tuple[int, Any]], *,
                    options: Mapping[str, Any] | None = None, seed: str | int | None = None,
                    user_id: str = "local", language: str = "en", end: bool = False) -> Loaded:
        """Store a game played elsewhere (``tabula import-18xx``) as an ordinary table: seats named ``names``,
        all held by the trusted local ``user_id`` (a hot seat: ``tabula resume`` plays every seat), and the
        typed ``moves`` ((seat, move) in order), each applied and checked by the engine like any move and
        committed SNAPSHOT_EVERY at a time with a snapshot; ``end``: an admin ended the game there."""
        table = self.create(game_id, seats=len(names), options=options, seed=seed, creator=user_id,
                            language=language)
        for seat, name in enumerate(names):
            self.repo.add_seat(table.id, name, seat=seat, user_id=user_id)
        loaded, pending = self.start(table.id, user_id).loaded, list(moves)
        for first in range(0, len(pending), SNAPSHOT_EVERY):
            before = loaded.game.to_act(loaded.state)
            steps: list[Step] = []
            for seat, move in pending[first:first + SNAPSHOT_EVERY]:
                applied = loaded.game.apply(loaded.state, seat, move)
                steps.append(Step(loaded.last_seq + len(steps) + 1, seat, str(move), applied.events, move=move))
                loaded.state = applied.state
            loaded = self._settle_bots(loaded, steps, user_id=user_id, before=before).loaded
        return self.end(table.id, user_id) if end else loaded

    def run_bots(self, table_id: int, *, deadline: datetime | None = None) -> MoveResult | None:
        """Let bot seats that must act move, and standing orders that apply play (after a
        substitution, a deadline, a commit that stopped its chain). With ``deadline``, see
        :meth:`autoplay`."""
        loaded = self.load(table_id)
        if loaded.table.status != "active" or not self.automatic_pending(loaded):
            return None
        if deadline is not None and loaded.table.deadline_at != deadline:
            return None
        return self._settle_bots(loaded, [], before=loaded.game.to_act(loaded.state), expired=deadline is not None)

    @staticmethod
    def automatic_pending(loaded: Loaded) -> bool:
        """Whether the next move is nobody's to be asked for: a bot's, or one a standing order
        plays (what :meth:`run_bots` plays when a commit left it, e.g. the console's one move
        per commit)."""
        game, state = loaded.game, loaded.state
        if state is None or game.is_over(state):
            return False
        acting = game.to_act(state)
        return bool(acting & loaded.bot_seats) or TableService._order_move(loaded, state, acting) is not None

    def autoplay(self, table_id: int, seat: int | Sequence[int], *, max_moves: int = 50,
                 deadline: datetime | None = None) -> MoveResult | None:
        """Play the bot's moves for late human seats (one or several) until each no longer has to
        act or a new step begins (its own deadline starts then), then let bot seats answer; all in
        one commit. ``None`` if no seat need act.

        With ``deadline`` (the passed deadline a clock job found), only while the table's deadline
        is still that one, and the commit clears it (or starts the next step's): the commit is
        guarded by the version that showed it, so the deadline's moves are played once however
        many processes try (issue 13 §5)."""
        loaded = self.load(table_id)
        if loaded.table.status != "active" or (deadline is not None and loaded.table.deadline_at != deadline):
            return None
        game, steps = loaded.game, []
        before = game.to_act(loaded.state)
        late = [s for s in ([seat] if isinstance(seat, int) else seat) if s in before]
        if not late:
            return None
        seq, acting, new_step = loaded.last_seq, before, False
        for one in late:
            for _ in range(max_moves):
                if new_step or one not in acting:
                    break
                seq += 1
                move = game.timeout_move(loaded.state, one, Rng.from_seed(f"{loaded.table.seed}:autoplay:{seq}"))
                applied = game.apply(loaded.state, one, move)
                steps.append(Step(seq, one, str(move), applied.events, by_bot=True, move=move))
                loaded.state = applied.state
                after = game.to_act(loaded.state)
                new_step = not after <= acting  # someone new must act: the late step is over
                acting = after
        return self._settle_bots(loaded, steps, before=before, expired=deadline is not None)

    def set_order(self, table_id: int, user_id: str, order: str, *, on: bool = True,
                  seat: int | None = None) -> MoveResult | None:
        """Set (or with ``on=False`` cancel) a standing order for the user's seat; one the title
        offers now (``Game.standing_orders``; in the lobby, before the deal, one every seat starts
        with, ``Game.default_orders``). If it applies at once it plays straight away, in one
        commit with any bot replies; the result is returned (``None`` when nothing was played)."""
        loaded = self.load(table_id)
        chosen = self._acting_seat(loaded, user_id, seat, lobby=True)
        in_lobby = loaded.state is None
        row = next(s for s in loaded.seats if s.seat == chosen)
        if on:
            offered = {o.token for o in self.offered_orders(loaded, chosen, "en")}
            if order not in offered:
                raise TableError("table.no_such_order", order=order, orders=", ".join(sorted(offered)) or "-")
            orders = [*[o for o in row.orders if o != order], order]
        else:
            orders = [o for o in row.orders if o != order]
        self.repo.update_seat(table_id, chosen, orders=orders)
        row.orders = orders
        if not on or in_lobby or chosen not in loaded.game.to_act(loaded.state):
            return None
        before = loaded.game.to_act(loaded.state)
        if self._automatic_move(loaded, loaded.state, loaded.last_seq + 1) is None:
            return None
        return self._settle_bots(loaded, [], before=before)

    @staticmethod
    def offered_orders(loaded: Loaded, seat: int, lang: str) -> list[Option]:
        """The standing orders ``seat`` may set now: the title's offer during the game; in the
        lobby, the ones every seat starts with (``Game.default_orders``), so a player may cancel
        and set one again before the deal (labelled as the game's opening offers them)."""
        game = loaded.game
        if loaded.state is not None:
            return game.standing_orders(loaded.state, seat, lang)
        given = game.default_orders(loaded.table.options)
        if not given:
            return []
        players = min(max(len(loaded.seats), seat + 1, game.meta.min_players), game.meta.max_players)
        opening = game.setup(players, loaded.table.options, loaded.table.seed)
        return [o for o in game.standing_orders(opening, seat, lang) if o.token in given]

    def end(self, table_id: int, by_user: str, *, manager: bool = False) -> Loaded:
        """An admin ends an unfinished game now: it is scored by the title's rule for that
        (``Game.force_end``, see :attr:`Loaded.outcome`). Recorded as a system row in the log."""
        loaded = self.load(table_id)
        self._check_authority(loaded.table, by_user, manager)
        if loaded.table.status != "active":
            raise NotActive(status=loaded.table.status)
        try:
            self.repo.commit_actions(table_id, loaded.table.version,
                                     [NewAction(notation="end", kind="system", user_id=by_user)],
                                     status="finished", deadline_at=None, require_status="active")
        except WrongStatus as error:
            raise NotActive(status=error.status) from None
        ratings.settle_quietly(self, table_id)  # recorded as not rated (docs/ratings.md)
        return self.load(table_id)

    def undo(self, table_id: int, user_id: str, *, approved: bool = False) -> MoveResult:
        """Take back the user's own last move, if nothing was revealed or played since.

        ``approved`` (the other players consented) lifts the "nothing revealed" condition.
        """
        loaded = self.load(table_id)
        if loaded.table.status != "active":
            raise NotActive(status=loaded.table.status)
        mine = set(loaded.seat_of(user_id))
        if not mine:
            raise NotSeated()
        game = loaded.game
        target, rows, base, saved = self._undo_target(loaded)
        if target is None or target.seat not in mine:
            raise CannotUndo()
        # From the newest usable snapshot before the target, not from setup (the log may be long).
        state = game.loads(saved) if saved is not None else \
            game.setup(len(loaded.seats), loaded.table.options, loaded.table.seed)
        state = self._replay_rows(game, state, [r for r in rows if base < r.seq < target.seq])
        if not approved:
            replay = game.copy(state)
            for row in rows[rows.index(target):]:
                events: list[Event] = []
                replay = self._replay_rows(game, replay, [row], events)
                if game.irreversible(events):
                    raise CannotUndo()
        seq = loaded.last_seq + 1
        try:
            committed = self.repo.commit_actions(
                table_id, loaded.table.version,
                [NewAction(notation=f"undo {target.seq}", seat=target.seat, kind="undo", voids=target.seq,
                           user_id=user_id)],
                snapshot=(seq, loaded.game.dumps(state)), status=None, require_status="active")
        except WrongStatus as error:
            raise NotActive(status=error.status) from None
        loaded.table.version = committed.version
        fresh = Loaded(loaded.table, loaded.seats, game, state, seq, seq, None, [])
        assert target.seat is not None  # a move row always has its seat
        event = Event("undone", {"seat": target.seat})
        result = MoveResult(table_id, fresh.table.version, [Step(seq, target.seat, f"undo {target.seq}",
                                                                 [event])],
                            sorted(fresh.game.to_act(fresh.state)), False, fresh)
        self._notify(result)
        return result

    # ---- table rules that live in their own modules -----------------------------------------
    server_limits = limits.server_limits
    set_server_limits = limits.set_server_limits
    server_defaults = limits.server_defaults
    configure_server = limits.configure_server
    request_undo = consent.request_undo
    answer_undo = consent.answer_undo
    offer_seat = offers.offer_seat
    accept_seat = offers.accept_seat
    decline_seat = offers.decline_seat
    seat_offer = offers.seat_offer
    vote_start = offers.vote_start
    vote_abandon = offers.vote_abandon
    invite = invites.invite
    rematch_pings = invites.rematch_pings
    set_invitations = invites.set_invitations
    takes_invitations = invites.takes_invitations
    check_abandon = offers.check_abandon
    former_seats = offers.former_seats
    due = clock.due
    remind = clock.remind
    note_reminded = clock.note_reminded
    enforce_deadline = clock.enforce

    def last_move_is_theirs(self, loaded: Loaded, user_id: str) -> bool:
        """Whether the newest move of a person (bots' moves do not count) is ``user_id``'s."""
        target = self._undo_target(loaded)[0]
        return target is not None and target.seat in set(loaded.seat_of(user_id))

    def _undo_target(self, loaded: Loaded) -> tuple[ActionRow | None, list[ActionRow], int, bytes | None]:
        """The newest move of a person, with the rows around it and the snapshot (seq, bytes) to
        rebuild the state before it from. Usually it is among the rows replayed since the load's
        snapshot; only otherwise is the whole log read (rows are cheap to read, not to replay)."""
        def newest(rows: list[ActionRow]) -> ActionRow | None:
            humans = [r for r in rows if r.kind == "move" and r.seat is not None and r.seat not in loaded.bot_seats]
            return humans[-1] if humans else None

        target = newest(loaded.tail)
        if target is not None:
            return target, loaded.tail, loaded.base_seq, loaded.base_state
        rows = effective_actions(self.repo.actions(loaded.table.id))
        target = newest(rows)
        if target is None:
            return None, rows, 0, None
        snapshot = self.repo.snapshot_before(loaded.table.id, target.seq)
        return target, rows, snapshot.seq if snapshot is not None else 0, snapshot.state if snapshot else None

    # ---- settings, notes and a member's own choices (service.bookkeeping) ----------------------
    configure = bookkeeping.configure
    rename_seat = bookkeeping.rename_seat
    set_seat_language = bookkeeping.set_seat_language
    set_away = bookkeeping.set_away
    _seats_of = bookkeeping._seats_of
    set_channel = bookkeeping.set_channel
    discard = bookkeeping.discard
    ended_tables = bookkeeping.ended_tables
    clear_deadline = bookkeeping.clear_deadline
    note = bookkeeping.note
    set_note = bookkeeping.set_note
    set_dm_reminders = bookkeeping.set_dm_reminders
    wants_dm = bookkeeping.wants_dm
    _hours = staticmethod(bookkeeping._hours)












    # ---- reading -----------------------------------------------------------------------------
    def table(self, table_id: int) -> TableRow:
        """The table row (``NoSuchTable`` if there is none)."""
        return self._table(table_id)

    def table_in_channel(self, channel_id: str, *, live_only: bool = True) -> TableRow | None:
        """The newest table played in a channel (only lobbies and games in play with ``live_only``)."""
        return self.repo.table_for_channel(channel_id, live_only=live_only)

    def tables(self, guild_id: str | None, statuses: tuple[str, ...] = ("lobby", "active"), *,
               user_id: str | None = None, limit: int | None = None, newest: bool = False) -> list[TableRow]:
        """Tables of a server (all with ``None``) in these statuses, oldest first; with ``limit``
        the oldest so many, or with ``newest`` the newest so many."""
        return self.repo.list_tables(guild_id, statuses, user_id=user_id, limit=limit, newest=newest)

    def seats(self, table_id: int) -> list[SeatRow]:
        return self.repo.seats(table_id)



    def pending_turns(self, user_id: str, *, limit: int = TURNS_LIMIT) -> list[PendingTurn]:
        """The games in play where ``user_id`` holds a seat that must act now, on every server
        (``/turns``): the tables whose deadline comes first lead, then the oldest. At most
        ``limit`` are read, so one call stays cheap however many tables a member plays."""
        out: list[PendingTurn] = []
        for row in self.repo.list_tables(None, "active", user_id=user_id, limit=limit):
            loaded = self.load(row.id)
            if loaded.state is None or loaded.game.is_over(loaded.state):
                continue
            acting = loaded.game.to_act(loaded.state)
            mine = [seat for seat in loaded.seat_of(user_id) if seat in acting]
            if mine:
                names = [s.name for s in sorted(loaded.seats, key=lambda s: s.seat)]
                out.append(PendingTurn(row, loaded.game, loaded.state, mine[0], names))
        return sorted(out, key=lambda p: (p.table.deadline_at is None, p.table.deadline_at or datetime.min, p.table.id))

    def load(self, table_id: int) -> Loaded:
        """The table and its state: latest snapshot plus the few actions after it."""
        log.debug("load table %s", table_id)
        try:
            table, snapshot, rows, seats = self.repo.load(table_id)  # one statement (issue 13 §4)
        except TableNotFound:
            raise NoSuchTable(table=table_id) from None
        game = get_game(table.game_id)
        if table.engine_version != game.meta.engine_version:
            log.warning("table %s was created with engine %s, running %s", table_id,
                        table.engine_version, game.meta.engine_version)
        if snapshot is None:
            state = game.setup(len(seats), table.options, table.seed) if table.status != "lobby" else None
            base_seq = 0
        else:
            state, base_seq = game.loads(snapshot.state), snapshot.seq
        tail = [r for r in effective_actions(rows) if r.seq > base_seq]
        if state is not None:
            state = self._replay_rows(game, state, tail)
        last = rows[-1].seq if rows else base_seq
        return Loaded(table, seats, game, state, max(last, base_seq), base_seq,
                      snapshot.state if snapshot is not None else None, tail)

    def view(self, table_id: int, user_id: str | None, seat: int | None = None) -> tuple[Loaded, Any]:
        """The view of the user's seat (a spectator's view if they are not seated)."""
        loaded = self.load(table_id)
        if loaded.state is None:
            raise NotActive(status=loaded.table.status)
        mine = loaded.seat_of(user_id) if user_id else []
        if seat is not None and seat not in mine:
            raise WrongSeat()
        viewer = seat if seat is not None else (mine[0] if mine else None)
        return loaded, loaded.game.view(loaded.state, viewer)

    def log(self, table_id: int) -> list[ActionRow]:
        """The whole action log, undo rows included (nothing is ever deleted). Raw: it holds every
        seat's secret moves, so it is for exports of finished games and tools, never for players;
        players read :meth:`history`."""
        return self.repo.actions(table_id)

    # ---- what happened: history and export (service.record) ---------------------------------
    history = record.history
    export = record.export
    replay_export = record.replay_export




    # ---- internals ---------------------------------------------------------------------------
    def _settle_bots(self, loaded: Loaded, steps: list[Step], user_id: str | None = None,
                     before: frozenset[int] | None = None, *, expired: bool = False) -> MoveResult:
        """Let bot seats answer, then commit the human move and bot moves in one transaction.

        ``before`` is who had to act before these moves (``None``: a new game). When a new step
        begins (someone new must act) the table's turn deadline restarts, in the same commit;
        ``expired`` (a missed deadline's moves) clears it otherwise."""
        game, state = loaded.game, loaded.state
        seq = loaded.last_seq + len(steps)
        for _ in range(self.bot_moves_per_commit):
            automatic = self._automatic_move(loaded, state, seq + 1)
            if automatic is None:
                break
            seat, move, order = automatic
            applied = game.apply(state, seat, move)
            seq += 1
            steps.append(Step(seq, seat, str(move), applied.events, by_bot=order is None, move=move, order=order))
            state = applied.state
        finished = game.is_over(state)
        holders = {s.seat: s.user_id for s in loaded.seats}
        actions = [NewAction(notation=s.notation, seat=s.seat, kind="move",
                             move=game.encode_move(s.move) if s.move is not None else None,
                             user_id=None if s.by_bot else (holders.get(s.seat) if s.order else user_id),
                             events=encode_events(s.events))
                   for s in steps]
        snapshot = None
        if finished or seq // SNAPSHOT_EVERY > loaded.last_seq // SNAPSHOT_EVERY:
            snapshot = (seq, game.dumps(state))
        try:
            version = self.repo.commit_actions(loaded.table.id, loaded.table.version, actions,
                                               snapshot=snapshot,
                                               status="finished" if finished else None,
                                               require_status="active",
                                               **self._deadline(loaded, before, game.to_act(state),
                                                                finished, expired)).version
        except WrongStatus as error:
            raise NotActive(status=error.status) from None
        loaded.state = state
        loaded.last_seq = seq
        loaded.table.version = version
        if finished:
            loaded.table.status = "finished"
            ratings.settle_quietly(self, loaded.table.id, loaded)
        self._drop_spent_orders(loaded)
        result = MoveResult(loaded.table.id, version, steps, sorted(game.to_act(state)), finished, loaded,
                            sorted(before or ()))
        self._notify(result)
        return result

    @staticmethod
    def _automatic_move(loaded: Loaded, state: Any, seq: int) -> tuple[int, Any, str | None] | None:
        """The next move nobody has to be asked for: a bot seat's, or one a standing order plays
        (``Game.auto_move``); ``None`` when every seat that must act is a person to ask."""
        game = loaded.game
        acting = game.to_act(state)
        bots = sorted(acting & loaded.bot_seats)
        if bots:
            return bots[0], game.bot_move(state, bots[0], Rng.from_seed(f"{loaded.table.seed}:bot:{seq}")), None
        return TableService._order_move(loaded, state, acting)

    @staticmethod
    def _order_move(loaded: Loaded, state: Any, acting: frozenset[int]) -> tuple[int, Any, str] | None:
        """The first move a standing order of a person who must act plays now (``Game.auto_move``)."""
        for seat in loaded.seats:
            if seat.seat in acting and not seat.is_bot:
                for order in seat.orders:
                    move = loaded.game.auto_move(state, seat.seat, order)
                    if move is not None:
                        return seat.seat, move, order
        return None

    def _drop_spent_orders(self, loaded: Loaded) -> None:
        """Forget standing orders that no longer stand (the round they were for is over)."""
        if loaded.state is None:
            return
        for seat in loaded.seats:
            kept = [o for o in seat.orders if not loaded.game.is_over(loaded.state)
                    and loaded.game.order_applies(loaded.state, seat.seat, o)]
            if kept != seat.orders:
                seat.orders = kept
                self.repo.update_seat(loaded.table.id, seat.seat, orders=kept)

    @staticmethod
    def _deadline(loaded: Loaded, before: frozenset[int] | None, after: frozenset[int],
                  finished: bool, expired: bool = False) -> dict[str, datetime | None]:
        """The turn deadline to store with a commit (as ``commit_actions`` keywords): cleared at
        the end, restarted when a new step begins (table setting ``deadline_hours``), else kept
        (cleared when it is the ``expired`` one being enforced)."""
        if finished:
            return {"deadline_at": None}
        if before is not None and after <= before:
            return {"deadline_at": None} if expired else {}
        hours = float(loaded.table.settings.get("deadline_hours") or 0)
        return {"deadline_at": utcnow() + timedelta(hours=hours) if hours > 0 else None}

    def _notify(self, result: MoveResult) -> None:
        if self.on_change is not None:
            self.on_change(result)

    @staticmethod
    def _acting_seat(loaded: Loaded, user_id: str | None, seat: int | None, *, lobby: bool = False) -> int:
        """The user's seat a command is for: ``seat`` if it is theirs, else the one that must act,
        else their first. During the game; with ``lobby``, before the deal too."""
        if loaded.table.status != "active" and not (lobby and loaded.table.status in LOBBY):
            raise NotActive(status=loaded.table.status)
        if user_id is None:  # trusted local callers (console hot-seat, tools) name the seat
            if seat is None:
                raise WrongSeat()
            return seat
        mine = loaded.seat_of(user_id)
        if not mine:
            raise NotSeated()
        if seat is not None:
            if seat not in mine:
                raise WrongSeat()
            return seat
        acting = [s for s in mine if loaded.state is not None and s in loaded.game.to_act(loaded.state)]
        return acting[0] if acting else mine[0]

    def _rebuild(self, game: Game[Any, Any], table: TableRow | None, rows: list[ActionRow], *,
                 players: int | None = None, options: Mapping[str, Any] | None = None,
                 seed: str | None = None) -> Any:
        if table is not None:
            players = len(self.repo.seats(table.id))
            options, seed = table.options, table.seed
        assert players is not None and seed is not None
        return self._replay_rows(game, game.setup(players, options, seed), rows)

    @staticmethod
    def _replay_rows(game: Game[Any, Any], state: Any, rows: list[ActionRow],
                     events: list[Event] | None = None) -> Any:
        """Play stored move rows on ``state`` (in place) on the trusted path: typed moves are
        decoded, never parsed; rows from before typed moves are parsed from their notation."""
        for row in rows:
            if row.kind != "move" or row.seat is None:
                continue
            if row.move is not None:
                state = game.replay(state, row.seat, game.decode_move(row.move), events)
            else:  # a row stored before typed moves (migration 0002)
                applied = game.apply(state, row.seat, row.notation)
                state = applied.state
                if events is not None:
                    events += applied.events
        return state

    def _table(self, table_id: int) -> TableRow:
        table = self.repo.get_table(table_id)
        if table is None:
            raise NoSuchTable(table=table_id)
        return table

    def _lobby(self, table_id: int) -> tuple[TableRow, list[SeatRow]]:
        table = self._table(table_id)
        if table.status != "lobby":
            raise NotInLobby()
        return table, self.repo.seats(table_id)

    def _seat_write(self, table_id: int, statuses: tuple[str, ...],
                    write: Callable[[TableRow, list[SeatRow], Guard], T]) -> T:
        """Run ``write`` (a change of seats or status) on a fresh read of the table, which must be
        in one of ``statuses``; ``write`` passes the :class:`~storage.repository.Guard` it gets to
        the repository, so it commits only on the version read, and bumps it. A race lost to
        another process is retried on the new state; a table that left ``statuses`` is refused."""
        for attempt in range(RACE_RETRIES):
            table = self._table(table_id)
            self._check_status(table.status, statuses)
            try:
                return write(table, self.repo.seats(table_id), Guard(table.version, statuses))
            except StaleVersion:
                if attempt == RACE_RETRIES - 1:
                    raise
                log.info("table %s: lost a race on version %s (seats), retrying", table_id, table.version)
            except WrongStatus as error:
                self._check_status(error.status, statuses)
                raise
        raise StaleVersion()  # pragma: no cover - loop always returns or raises

    @staticmethod
    def _check_status(status: str, statuses: tuple[str, ...]) -> None:
        """Refuse a table whose ``status`` is not one of ``statuses`` (a lobby, or a live table)."""
        if status not in statuses:
            raise NotInLobby() if statuses == LOBBY else NotActive(status=status)

    @staticmethod
    def _seat_row(seats: list[SeatRow], seat: int) -> SeatRow:
        """The row of seat number ``seat``; a seat the table does not have is refused (a typo in
        ``/table kick seat:7`` is a refusal, not an unexpected error)."""
        found = next((s for s in seats if s.seat == seat), None)
        if found is None:
            raise NoSuchSeat(seat=seat + 1, seats=len(seats))
        return found

    @staticmethod
    def _free_seat(table: TableRow, seats: list[SeatRow]) -> int:
        wanted = int(table.settings.get("seats", 0)) or len(seats) + 1
        used = {s.seat for s in seats}
        free = [n for n in range(wanted) if n not in used]
        if not free:
            raise TableFull(seats=wanted)
        return free[0]

    def check_authority(self, table_id: int, by_user: str, *, manager: bool = False) -> None:
        """Refuse (``NotAllowed``) unless ``by_user`` is the table's creator or a manager: asked
        before a confirmation is offered, so nobody confirms what they may not do."""
        self._check_authority(self.table(table_id), by_user, manager)

    @staticmethod
    def _check_authority(table: TableRow, by_user: str, manager: bool) -> None:
        """Only the table's creator or a server manager may (a table without a creator: anyone)."""
        if not manager and table.creator is not None and table.creator != by_user:
            raise NotAllowed()


__all__ = ["ACTIVE", "DM_REMINDERS", "ENDED", "LIVE", "LOBBY", "SEAT_ORDERS", "HistoryEntry", "Loaded", "MoveResult",
           "PendingTurn", "Rematch", "Step", "TableService", "seat_change", "seat_change_entry"]
