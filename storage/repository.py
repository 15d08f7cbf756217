"""The repository: every read and write of tables, seats, the action log and snapshots.

Synchronous on purpose: the table service calls it from worker threads. Each method runs in
its own short transaction (:meth:`Repository.load`, the hot path, is one statement and needs
none) and returns detached rows (plain values, safe to pass between threads). The one write
that matters for correctness is :meth:`Repository.commit_actions`, guarded by the table's
version so that two submissions on the same version can never both apply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, Final, NamedTuple

from sqlalchemy import (
    CompoundSelect,
    Engine,
    Row,
    Select,
    exists,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session
from sqlmodel import col

from games.core import StaleVersion

from .clock_sql import due_statement
from .db import SQLITE_BEGIN, SQLITE_NO_BEGIN
from .errors import CapReached, SeatNotFound, SeatTaken, TableNotFound, WrongStatus
from .load_sql import LOAD_PARTS, columns_of, load_statement, usable_snapshot_query
from .log import Committed, NewAction, append_rows
from .models import (
    LIVE_STATUSES,
    TABLE_STATUSES,
    ActionRow,
    MemberSettingsRow,
    SeatRow,
    ServerSettingsRow,
    SnapshotRow,
    TableNote,
    TableRow,
)
from .types import utcnow


class _Unset:
    """Marker for "leave this field as it is" (``None`` is a real value for some fields)."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()


#: A table still without a channel this long after it was created was never opened (the adapter
#: stopped half-way): it no longer counts against the caps on live tables.
UNOPENED_GRACE: Final = timedelta(minutes=5)


class TableCap(NamedTuple):
    """A cap checked when a table is created, in the same transaction as the insert: at most
    ``limit`` tables of the new table's guild (and of ``creator``, when given) in ``statuses``."""

    name: str
    limit: int
    statuses: tuple[str, ...] = LIVE_STATUSES
    creator: str | None = None


class Guard(NamedTuple):
    """What a guarded write checks inside its transaction, with the table's row locked: that the
    table is still at ``version`` (the one the caller read; else :class:`games.core.StaleVersion`)
    and in one of ``statuses`` (else :class:`~storage.errors.WrongStatus`); ``None`` checks
    nothing. A guarded write then bumps the version, so it conflicts with every commit or other
    guarded write made on the version it read (a move cannot interleave with an abandon, a join
    cannot slip in after the deal)."""

    version: int | None = None
    statuses: tuple[str, ...] | None = None


class Loaded(NamedTuple):
    """A table ready to rebuild: its row, the snapshot to start from, the actions after it and
    its seats (by seat number).

    Without a usable snapshot, ``snapshot`` is ``None`` and ``actions`` is the whole log (replay
    from ``Game.setup``). Filter ``actions`` with :func:`storage.log.effective_actions`.
    """

    table: TableRow
    snapshot: SnapshotRow | None
    actions: list[ActionRow]
    seats: list[SeatRow]




def _check_status(status: str) -> None:
    if status not in TABLE_STATUSES:
        raise ValueError(f"unknown table status {status!r}; expected one of {TABLE_STATUSES}")


def _as_bytes(state: bytes | str) -> bytes:
    return state.encode("utf-8") if isinstance(state, str) else bytes(state)


def merged(settings: Mapping[str, Any], changes: Mapping[str, Any]) -> dict[str, Any]:
    """``settings`` with ``changes`` applied: a key set to ``None`` is removed."""
    out = dict(settings)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


class Repository:
    """All storage access for one database (see DESIGN.md, "Storage").

    Thread-safe: it holds only the engine, and every call opens its own session.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        backend = engine.url.get_backend_name()
        # SQLite: take the write lock at BEGIN, so read-then-write never fails on lock upgrade.
        self._write_bind = (engine.execution_options(**{SQLITE_BEGIN: "IMMEDIATE"})
                            if backend == "sqlite" else engine)
        # Every read is one statement, consistent by itself: no BEGIN/COMMIT round trips (issue
        # 13 §4). PostgreSQL: autocommit; SQLite: no BEGIN (see storage.db).
        self._statement_bind = (engine.execution_options(isolation_level="AUTOCOMMIT")
                                if backend == "postgresql" else
                                engine.execution_options(**{SQLITE_BEGIN: SQLITE_NO_BEGIN})
                                if backend == "sqlite" else engine)

    # ---- sessions ------------------------------------------------------------------------
    @contextmanager
    def _read(self) -> Iterator[Session]:
        """A session for **one** read statement, sent outside any transaction (one round trip).
        Reads of several statements that must agree need a transaction of their own."""
        with Session(self._statement_bind, expire_on_commit=False) as session, session.begin():
            yield session

    def _one_statement(self, statement: Select[Any] | CompoundSelect[Any], params: Mapping[str, Any]) -> list[Row[Any]]:
        """The rows of one read-only statement, sent outside any transaction (one round trip).

        A connection found closed when the statement is sent is discarded by SQLAlchemy; the
        statement changes nothing, so it is sent once more on a fresh connection."""
        for attempt in (1, 2):
            try:
                with self._statement_bind.connect() as connection:
                    return list(connection.execute(statement, params))
            except DBAPIError as error:
                if attempt == 2 or not error.connection_invalidated:
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with Session(self._write_bind, expire_on_commit=False) as session, session.begin():
            yield session

    @staticmethod
    def _lock_table(session: Session, table_id: int) -> TableRow:
        """The table row, locked until the transaction ends (``FOR UPDATE``; SQLite: no-op)."""
        row = session.scalar(select(TableRow).where(col(TableRow.id) == table_id).with_for_update())
        if row is None:
            raise TableNotFound(table_id)
        return row

    def _guarded(self, session: Session, table_id: int, guard: Guard | None) -> TableRow:
        """Lock the table's row; with a ``guard``, check it (see :class:`Guard`) and bump the
        version. The caller's writes then commit with the new version, or not at all."""
        row = self._lock_table(session, table_id)
        if guard is None:
            return row
        if guard.version is not None and row.version != guard.version:
            raise StaleVersion(expected=guard.version, actual=row.version)
        if guard.statuses is not None and row.status not in guard.statuses:
            raise WrongStatus(table_id, row.status)
        row.version += 1
        row.updated_at = utcnow()
        return row

    # ---- tables --------------------------------------------------------------------------
    def create_table(
        self,
        game_id: str,
        *,
        seed: str,
        engine_version: str,
        options: Mapping[str, Any] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        creator: str | None = None,
        language: str = "en",
        settings: Mapping[str, Any] | None = None,
        status: str = "lobby",
        deadline_at: datetime | None = None,
        caps: Sequence[TableCap] = (),
    ) -> TableRow:
        """Create a table (version 0, no seats, empty log) and return it with its new id.

        With ``caps`` (and a ``guild_id``) the guild's tables are counted first, in the same
        transaction, and :class:`~storage.errors.CapReached` is raised for the first cap that is
        reached; creations in one guild are serialised (SQLite: the write lock; PostgreSQL: an
        advisory lock per guild), so a burst of creations cannot overshoot a cap.
        """
        _check_status(status)
        now = utcnow()
        row = TableRow(
            game_id=game_id, options=dict(options or {}), seed=seed, status=status, version=0,
            engine_version=engine_version, guild_id=guild_id, channel_id=channel_id,
            creator=creator, language=language, settings=dict(settings or {}),
            created_at=now, updated_at=now, deadline_at=deadline_at,
        )
        with self._write() as session:
            if caps and guild_id is not None:
                self._check_caps(session, guild_id, caps, now)
            session.add(row)
            session.flush()
        return row

    def _check_caps(self, session: Session, guild_id: str, caps: Sequence[TableCap], now: datetime) -> None:
        if self.engine.url.get_backend_name() == "postgresql":
            session.execute(select(func.pg_advisory_xact_lock(func.hashtext(f"tabula-create:{guild_id}"))))
        for cap in caps:
            query = select(func.count()).select_from(TableRow).where(
                col(TableRow.guild_id) == guild_id,
                col(TableRow.status).in_(cap.statuses),
                or_(col(TableRow.channel_id).is_not(None), col(TableRow.created_at) >= now - UNOPENED_GRACE))
            if cap.creator is not None:
                query = query.where(col(TableRow.creator) == cap.creator)
            count = int(session.scalar(query) or 0)
            if count >= cap.limit:
                raise CapReached(cap.name, cap.limit, count)

    def get_table(self, table_id: int) -> TableRow | None:
        """The table with this id, or ``None``."""
        with self._read() as session:
            return session.get(TableRow, table_id)

    def require_table(self, table_id: int) -> TableRow:
        """The table with this id; raises :class:`~storage.errors.TableNotFound`."""
        row = self.get_table(table_id)
        if row is None:
            raise TableNotFound(table_id)
        return row

    def table_for_channel(self, channel_id: str, *, live_only: bool = True) -> TableRow | None:
        """The newest table played in ``channel_id``.

        With ``live_only`` (the default) only a table in the lobby or in play counts, so a
        channel whose game finished has no table until a new one is created there.
        """
        query = select(TableRow).where(col(TableRow.channel_id) == channel_id)
        if live_only:
            query = query.where(col(TableRow.status).in_(LIVE_STATUSES))
        with self._read() as session:
            return session.scalar(query.order_by(col(TableRow.id).desc()).limit(1))

    def list_tables(
        self,
        guild_id: str | None = None,
        status: str | Iterable[str] | None = None,
        *,
        user_id: str | None = None,
        limit: int | None = None,
        newest: bool = False,
    ) -> list[TableRow]:
        """Tables, oldest first, filtered by guild, status (one or several) and/or a user
        holding a seat; with ``limit`` only the oldest so many, or with ``newest`` the newest."""
        query = select(TableRow)
        if guild_id is not None:
            query = query.where(col(TableRow.guild_id) == guild_id)
        if status is not None:
            statuses = [status] if isinstance(status, str) else list(status)
            for one in statuses:
                _check_status(one)
            query = query.where(col(TableRow.status).in_(statuses))
        if user_id is not None:
            query = query.where(
                exists().where(col(SeatRow.table_id) == col(TableRow.id),
                               col(SeatRow.user_id) == user_id))
        query = query.order_by(col(TableRow.id).desc() if newest else col(TableRow.id))
        if limit is not None:
            query = query.limit(limit)
        with self._read() as session:
            found = list(session.scalars(query))
        return found[::-1] if newest else found

    def clock_candidates(self, now: datetime, reminded_key: str,
                         guild_ids: Iterable[str] | None = None) -> list[tuple[TableRow, Any]]:
        """The active tables the clock may have work for at ``now`` (deadline passed, or a
        reminder perhaps due), each with its note ``reminded_key``, in one statement chosen by
        the database (``storage.clock_sql``; issue 25 §3). ``service.clock.due`` decides."""
        with self._read() as session:
            return [(row, value) for row, value in session.execute(due_statement(now, reminded_key, guild_ids))]

    def ended_tables(self, *, without_note: str, updated_after: datetime, updated_before: datetime,
                     guild_ids: Iterable[str] | None = None, limit: int = 20) -> list[TableRow]:
        """Finished or abandoned tables with a channel, last changed between the two times, that
        have no note ``without_note`` yet (an adapter's "done" mark), oldest change first."""
        noted = exists().where(col(TableNote.table_id) == col(TableRow.id), col(TableNote.key) == without_note)
        query = select(TableRow).where(
            col(TableRow.status).in_(("finished", "abandoned")),
            col(TableRow.channel_id).is_not(None),
            col(TableRow.updated_at) > updated_after,
            col(TableRow.updated_at) < updated_before,
            ~noted)
        if guild_ids is not None:
            query = query.where(col(TableRow.guild_id).in_(list(guild_ids)))
        with self._read() as session:
            return list(session.scalars(query.order_by(col(TableRow.updated_at)).limit(limit)))

    def set_status(self, table_id: int, status: str, *, guard: Guard | None = None,
                   log: Sequence[NewAction] = ()) -> TableRow:
        """Move the table to ``status`` (lobby / active / finished / abandoned), appending the
        system rows ``log`` (who did it) in the same transaction.

        Without a ``guard`` the version stays; with one the write is checked and bumps it (see
        :class:`Guard`). A status change that goes with a move belongs in :meth:`commit_actions`.
        """
        _check_status(status)
        with self._write() as session:
            row = self._guarded(session, table_id, guard)
            row.status = status
            row.updated_at = utcnow()
            self._append(session, table_id, log, row.updated_at)
        return row

    def update_settings(self, table_id: int, changes: Mapping[str, Any], *,
                        replace: bool = False) -> dict[str, Any]:
        """Merge ``changes`` into the table's settings (keys set to ``None`` are removed), or
        with ``replace`` make them the whole settings. Returns the new settings."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            settings = merged({} if replace else row.settings, changes)
            row.settings = settings
            row.updated_at = utcnow()
        return dict(settings)

    def set_deadline(self, table_id: int, deadline_at: datetime | None) -> None:
        """Set or clear (``None``) the deadline of the current turn."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            row.deadline_at = deadline_at
            row.updated_at = utcnow()

    def set_channel(self, table_id: int, guild_id: str | None, channel_id: str | None) -> None:
        """Record where the table is played (the bot creates the channel after the table)."""
        with self._write() as session:
            row = self._lock_table(session, table_id)
            row.guild_id = guild_id
            row.channel_id = channel_id
            row.updated_at = utcnow()

    # ---- seats ---------------------------------------------------------------------------
    def seats(self, table_id: int) -> list[SeatRow]:
        """The table's seats ordered by seat number."""
        with self._read() as session:
            return list(session.scalars(
                select(SeatRow).where(col(SeatRow.table_id) == table_id).order_by(col(SeatRow.seat))))

    def get_seat(self, table_id: int, seat: int) -> SeatRow | None:
        """One seat, or ``None``."""
        with self._read() as session:
            return session.scalar(select(SeatRow).where(
                col(SeatRow.table_id) == table_id, col(SeatRow.seat) == seat))

    def add_seat(
        self,
        table_id: int,
        name: str,
        *,
        user_id: str | None = None,
        is_bot: bool = False,
        language: str | None = None,
        seat: int | None = None,
        orders: Sequence[str] = (),
        guard: Guard | None = None,
    ) -> SeatRow:
        """Add a seat; ``seat=None`` takes the next number (0 for the first), ``orders`` are the
        standing orders it starts with. With a ``guard`` the write is checked and bumps the
        version (see :class:`Guard`).

        Raises :class:`~storage.errors.SeatTaken` if ``seat`` is held already.
        """
        with self._write() as session:
            self._guarded(session, table_id, guard)
            taken = set(session.scalars(
                select(col(SeatRow.seat)).where(col(SeatRow.table_id) == table_id)))
            if seat is None:
                seat = max(taken) + 1 if taken else 0
            elif seat in taken:
                raise SeatTaken(table_id, seat)
            row = SeatRow(table_id=table_id, seat=seat, user_id=user_id, name=name,
                          is_bot=is_bot, language=language, away=False, orders=list(orders))
            session.add(row)
            session.flush()
        return row

    def remove_seat(self, table_id: int, seat: int, *, renumber: bool = True, guard: Guard | None = None,
                    log: Sequence[NewAction] = ()) -> None:
        """Remove a seat (a player leaving the lobby, or kicked: ``log`` appends the system rows
        saying who did it, in the same transaction). With a ``guard`` the write is checked and
        bumps the version (see :class:`Guard`).

        With ``renumber`` the seats after it move down by one, so seats stay ``0..n-1`` as the
        engine expects. Never do this once the game has started; substitute with
        :meth:`update_seat` instead.
        """
        with self._write() as session:
            table = self._guarded(session, table_id, guard)
            self._append(session, table_id, log, table.updated_at)
            row = session.scalar(select(SeatRow).where(
                col(SeatRow.table_id) == table_id, col(SeatRow.seat) == seat))
            if row is None:
                raise SeatNotFound(table_id, seat)
            session.delete(row)
            session.flush()
            if renumber:
                later = session.scalars(
                    select(col(SeatRow.seat)).where(col(SeatRow.table_id) == table_id,
                                               col(SeatRow.seat) > seat)
                    .order_by(col(SeatRow.seat))).all()
                for number in later:  # one by one, upwards: never two rows with one number
                    session.execute(
                        update(SeatRow)
                        .where(col(SeatRow.table_id) == table_id, col(SeatRow.seat) == number)
                        .values(seat=number - 1)
                        .execution_options(synchronize_session=False))

    def permute_seats(self, table_id: int, order: Sequence[int], *, guard: Guard | None = None,
                      log: Sequence[NewAction] = ()) -> None:
        """Renumber a lobby's seats in one transaction: ``order[i]`` is the seat that becomes seat
        ``i`` (a random seat order, drawn before the deal). Never once the game has started."""
        with self._write() as session:
            table = self._guarded(session, table_id, guard)
            self._append(session, table_id, log, table.updated_at)
            for old in order:  # through negative numbers: never two rows with one number
                session.execute(update(SeatRow).where(col(SeatRow.table_id) == table_id, col(SeatRow.seat) == old)
                                .values(seat=-1 - old).execution_options(synchronize_session=False))
            for new, old in enumerate(order):
                session.execute(update(SeatRow).where(col(SeatRow.table_id) == table_id,
                                                      col(SeatRow.seat) == -1 - old)
                                .values(seat=new).execution_options(synchronize_session=False))

    def update_seat(
        self,
        table_id: int,
        seat: int,
        *,
        user_id: str | _Unset | None = UNSET,
        name: str | _Unset = UNSET,
        is_bot: bool | _Unset = UNSET,
        language: str | _Unset | None = UNSET,
        away: bool | _Unset = UNSET,
        orders: list[str] | _Unset = UNSET,
        guard: Guard | None = None,
        log: Sequence[NewAction] = (),
    ) -> SeatRow:
        """Change a seat in place (a substitute takes it over, a bot replaces a player, the
        player is marked away ...). Fields left ``UNSET`` keep their value. A change of who holds
        the seat goes with a ``guard`` (checked, and the version bumped: see :class:`Guard`) and
        the system rows ``log`` saying who did it, appended in the same transaction."""
        with self._write() as session:
            table = self._guarded(session, table_id, guard)
            self._append(session, table_id, log, table.updated_at)
            row = session.scalar(select(SeatRow).where(
                col(SeatRow.table_id) == table_id, col(SeatRow.seat) == seat))
            if row is None:
                raise SeatNotFound(table_id, seat)
            if not isinstance(user_id, _Unset):
                row.user_id = user_id
            if not isinstance(name, _Unset):
                row.name = name
            if not isinstance(is_bot, _Unset):
                row.is_bot = is_bot
            if not isinstance(language, _Unset):
                row.language = language
            if not isinstance(away, _Unset):
                row.away = away
            if not isinstance(orders, _Unset):
                row.orders = list(orders)
            session.flush()
        return row

    # ---- adapter notes -------------------------------------------------------------------
    def note(self, table_id: int, key: str) -> Any:
        """What an adapter noted about a table under ``key`` (``None`` if nothing)."""
        with self._read() as session:
            row = session.scalar(select(TableNote).where(
                col(TableNote.table_id) == table_id, col(TableNote.key) == key))
            return None if row is None else row.value

    def notes(self, key: str, table_ids: Iterable[int]) -> dict[int, Any]:
        """What was noted under ``key`` for each of ``table_ids`` that has a note, in one query
        (the clock reads every active table's last reminder on each tick)."""
        wanted = sorted(set(table_ids))
        if not wanted:
            return {}
        with self._read() as session:
            rows = session.scalars(select(TableNote).where(
                col(TableNote.key) == key, col(TableNote.table_id).in_(wanted)))
            return {row.table_id: row.value for row in rows}

    def set_note(self, table_id: int, key: str, value: Any) -> None:
        """Note ``value`` under ``key`` (``None`` forgets it). Leaves the table's version, settings
        and idle clock (``updated_at``) alone: this is an adapter's bookkeeping, not a change."""
        with self._write() as session:
            self._lock_table(session, table_id)
            row = session.scalar(select(TableNote).where(
                col(TableNote.table_id) == table_id, col(TableNote.key) == key))
            if value is None:
                if row is not None:
                    session.delete(row)
                return
            if row is None:
                session.add(TableNote(table_id=table_id, key=key, value=value, updated_at=utcnow()))
            else:
                row.value = value
                row.updated_at = utcnow()

    # ---- per-server settings -------------------------------------------------------------
    def server_settings(self, guild_id: str) -> dict[str, Any]:
        """The settings a server chose (``{}`` if none)."""
        with self._read() as session:
            row = session.scalar(select(ServerSettingsRow).where(col(ServerSettingsRow.guild_id) == guild_id))
            return dict(row.settings) if row is not None else {}

    def update_server_settings(self, guild_id: str, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into a server's settings (keys set to ``None`` are removed); returns
        the new settings."""
        return self._update_settings(
            select(ServerSettingsRow).where(col(ServerSettingsRow.guild_id) == guild_id),
            lambda: ServerSettingsRow(guild_id=guild_id, settings={}, updated_at=utcnow()), changes)

    def _update_settings(self, query: Select[Any], make: Callable[[], ServerSettingsRow | MemberSettingsRow],
                         changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into the settings row ``query`` finds (a server's or a member's),
        made by ``make`` if missing, under a row lock."""
        with self._write() as session:
            row: ServerSettingsRow | MemberSettingsRow | None = session.scalar(query.with_for_update())
            if row is None:
                row = make()
                session.add(row)
            settings = merged(row.settings, changes)
            row.settings = settings
            row.updated_at = utcnow()
        return dict(settings)

    def member_settings(self, user_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The settings each of ``user_ids`` chose (members without any are left out)."""
        wanted = sorted(set(user_ids))
        if not wanted:
            return {}
        with self._read() as session:
            rows = session.scalars(select(MemberSettingsRow).where(col(MemberSettingsRow.user_id).in_(wanted)))
            return {row.user_id: dict(row.settings) for row in rows}

    def update_member_settings(self, user_id: str, changes: Mapping[str, Any]) -> dict[str, Any]:
        """Merge ``changes`` into a member's settings (keys set to ``None`` are removed)."""
        return self._update_settings(
            select(MemberSettingsRow).where(col(MemberSettingsRow.user_id) == user_id),
            lambda: MemberSettingsRow(user_id=user_id, settings={}, updated_at=utcnow()), changes)

    # ---- the action log ------------------------------------------------------------------
    def actions(self, table_id: int, after_seq: int = 0) -> list[ActionRow]:
        """The log rows with ``seq > after_seq``, in order (undo rows included)."""
        with self._read() as session:
            return self._actions(session, table_id, after_seq)

    @staticmethod
    def _actions(session: Session, table_id: int, after_seq: int) -> list[ActionRow]:
        return list(session.scalars(
            select(ActionRow)
            .where(col(ActionRow.table_id) == table_id, col(ActionRow.seq) > after_seq)
            .order_by(col(ActionRow.seq))))

    def system_actions(self, table_id: int) -> list[ActionRow]:
        """The log's system rows (changes of seat, abandon, end), in order: who held which seat,
        without reading the moves."""
        with self._read() as session:
            return list(session.scalars(
                select(ActionRow)
                .where(col(ActionRow.table_id) == table_id, col(ActionRow.kind) == "system")
                .order_by(col(ActionRow.seq))))

    def last_seq(self, table_id: int) -> int:
        """The seq of the newest log row (0 for an empty log)."""
        with self._read() as session:
            return self._last_seq(session, table_id)

    @staticmethod
    def _last_seq(session: Session, table_id: int) -> int:
        last = session.scalar(
            select(func.max(col(ActionRow.seq))).where(col(ActionRow.table_id) == table_id))
        return int(last or 0)

    def commit_actions(
        self,
        table_id: int,
        expected_version: int,
        actions: Sequence[NewAction] = (),
        snapshot: tuple[int, bytes | str] | None = None,
        status: str | None = None,
        deadline_at: datetime | _Unset | None = UNSET,
        require_status: str | Iterable[str] | None = None,
    ) -> Committed:
        """Append ``actions`` to the log if the table is still at ``expected_version`` (and, with
        ``require_status``, in that status or one of those: moves need ``"active"``).

        In one transaction: ``UPDATE tables SET version = version + 1 ... WHERE id = ? AND
        version = ? [AND status IN (...)]``; if no row changed, raise
        :class:`games.core.StaleVersion` (params ``expected`` and ``actual``) when the version
        moved on, else :class:`~storage.errors.WrongStatus`, and write nothing. Otherwise append the rows with seqs
        continuing the log, save ``snapshot`` (``(seq, Game.dumps bytes)``), and set ``status``
        and ``deadline_at`` (the next turn's deadline; ``None`` clears it) when given.

        The version goes up by one per *commit*, the seq by one per *action*: a player's move
        and the bot moves the service plays right after it are one commit with several rows.
        Two commits against the same version: exactly one succeeds, even across processes.
        """
        if status is not None:
            _check_status(status)
        now = utcnow()
        values: dict[str, Any] = {"version": col(TableRow.version) + 1, "updated_at": now}
        if status is not None:
            values["status"] = status
        if not isinstance(deadline_at, _Unset):
            values["deadline_at"] = deadline_at
        allowed = [require_status] if isinstance(require_status, str) else \
            list(require_status) if require_status is not None else None
        where = [col(TableRow.id) == table_id, col(TableRow.version) == expected_version]
        if allowed is not None:
            where.append(col(TableRow.status).in_(allowed))
        # The log's newest seq comes back with the UPDATE (issue 13 §4: one statement fewer).
        last = select(func.coalesce(func.max(col(ActionRow.seq)), 0)) \
            .where(col(ActionRow.table_id) == table_id).scalar_subquery()
        with self._write() as session:
            bumped = session.execute(
                update(TableRow).where(*where).values(**values).returning(last)
                .execution_options(synchronize_session=False)).first()
            if bumped is None:
                found = session.execute(select(col(TableRow.version), col(TableRow.status))
                                        .where(col(TableRow.id) == table_id)).first()
                if found is None:
                    raise TableNotFound(table_id)
                if found[0] != expected_version:
                    raise StaleVersion(expected=expected_version, actual=found[0])
                raise WrongStatus(table_id, found[1])
            # The UPDATE holds the table's row lock (SQLite: the database write lock), so no
            # other commit can take these seqs before we finish.
            try:
                rows = self._append(session, table_id, actions, now, first=int(bumped[0]) + 1)
            except IntegrityError as error:
                # PostgreSQL read the newest seq in the UPDATE's snapshot: a write that appended
                # rows without bumping the version (an unguarded system row) while we waited for
                # the row lock took these seqs. Nothing is written; the caller reloads.
                raise StaleVersion(expected=expected_version) from error
            if snapshot is not None:
                seq, state = snapshot
                self._put_snapshot(session, table_id, seq, state, int(bumped[0]) + len(rows))
        return Committed(expected_version + 1, rows)

    def _append(self, session: Session, table_id: int, actions: Sequence[NewAction], now: datetime,
                first: int | None = None) -> list[dict[str, Any]]:
        """Append ``actions`` to the log, seqs continuing it from ``first`` (default: after the
        newest row; the caller holds the table's lock); the rows' values, with their ids."""
        if not actions:
            return []
        if first is None:
            first = self._last_seq(session, table_id) + 1
        return append_rows(session, table_id, actions, now, first)

    # ---- snapshots -----------------------------------------------------------------------
    _usable_snapshot_query = staticmethod(usable_snapshot_query)

    @classmethod
    def _usable_snapshot(cls, session: Session, table_id: int, before: int | None = None) -> SnapshotRow | None:
        found: SnapshotRow | None = session.scalar(cls._usable_snapshot_query(table_id, before))
        return found

    def latest_snapshot(self, table_id: int) -> SnapshotRow | None:
        """The newest snapshot still valid (none of its actions voided by a later undo)."""
        with self._read() as session:
            return self._usable_snapshot(session, table_id)

    def snapshot_before(self, table_id: int, seq: int) -> SnapshotRow | None:
        """The newest usable snapshot taken before action ``seq``: undo rebuilds the state
        before a move from here, not from setup."""
        with self._read() as session:
            return self._usable_snapshot(session, table_id, before=seq)

    def save_snapshot(self, table_id: int, seq: int, state: bytes | str) -> SnapshotRow:
        """Cache the state after action ``seq`` (0: after setup); replaces one at that seq.

        ``state`` is ``Game.dumps`` of the state with the *effective* actions up to ``seq``
        applied (voided moves left out).
        """
        with self._write() as session:
            self._lock_table(session, table_id)
            return self._put_snapshot(session, table_id, seq, state, self._last_seq(session, table_id))

    @staticmethod
    def _put_snapshot(session: Session, table_id: int, seq: int, state: bytes | str,
                      last_seq: int) -> SnapshotRow:
        if not 0 <= seq <= last_seq:
            raise ValueError(f"snapshot seq {seq} is outside the log (0..{last_seq})")
        row = SnapshotRow(table_id=table_id, seq=seq, state=_as_bytes(state), created_at=utcnow())
        # One statement: insert, or replace the one at that seq (an upsert on (table_id, seq)).
        insert = (postgresql.insert if session.get_bind().dialect.name == "postgresql" else sqlite.insert)(SnapshotRow)
        statement = insert.values(table_id=table_id, seq=seq, state=row.state, created_at=row.created_at)
        row.id = session.execute(statement.on_conflict_do_update(
            index_elements=[col(SnapshotRow.table_id), col(SnapshotRow.seq)],
            set_={"state": statement.excluded.state, "created_at": statement.excluded.created_at},
        ).returning(col(SnapshotRow.id))).scalar_one()
        return row

    def drop_snapshots(self, table_id: int, from_seq: int = 0) -> int:
        """Forget cached states with ``seq >= from_seq`` (e.g. after an engine upgrade).

        Snapshots are a cache, so this loses nothing: the log rebuilds them. Returns how many
        were dropped.
        """
        with self._write() as session:
            self._lock_table(session, table_id)
            rows = session.scalars(select(SnapshotRow).where(
                col(SnapshotRow.table_id) == table_id, col(SnapshotRow.seq) >= from_seq)).all()
            for row in rows:
                session.delete(row)
        return len(rows)

    def load(self, table_id: int) -> Loaded:
        """The table, its newest usable snapshot, the log rows after it and its seats.

        One statement (issue 13 §4: the hot path of every command), so everything comes from one
        snapshot of the database on both backends and needs no transaction: a move built on it
        is refused as stale if anything committed since. Load time depends on the actions since
        the last snapshot, not on the game's length. Raises :class:`~storage.errors.TableNotFound`.
        """
        parts: list[list[Any]] = [[] for _ in LOAD_PARTS]
        for row in self._one_statement(load_statement(), {"table_id": table_id}):
            model = LOAD_PARTS[row.part]
            prefix = model.__tablename__
            values = {column.name: row._mapping[f"{prefix}_{column.name}"] for column in columns_of(model)}
            parts[row.part].append(model(**values))
        tables, seats, snapshots, actions = parts
        if not tables:
            raise TableNotFound(table_id)
        return Loaded(tables[0], snapshots[0] if snapshots else None, actions, seats)

