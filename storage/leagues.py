"""Leagues' storage (issue 23 §2): leagues, members, seasons, rounds and round tables.

The rules (who is seated where, points, standings) live in ``service.leagues``; this module only
stores, and makes the steps that must happen once happen once whoever does them:

- a season is started by a conditional write on the league's season number;
- a round is stored once (unique per season and number) with its seating, before any table;
- each table of a round is created with its seats and its round-table row in one transaction,
  and the row is unique per (round, index): a second process (or a restart) opening the same
  round fails that insert, its whole transaction (table and seats too) rolls back, and it
  reads the table the first one made;
- a round ends, and a season ends, by conditional status changes (``opening`` → ``open`` →
  ``ended``; ``running`` → ``ended``), so their results and standings are written once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlmodel import col

from .models import (
    LeagueMemberRow,
    LeagueRow,
    RoundRow,
    RoundTableRow,
    SeasonRow,
    SeatRow,
    TableRow,
)
from .repository import Repository
from .types import utcnow


class LeagueExists(Exception):
    """A league of that name exists on the server already."""


class NewSeat(NamedTuple):
    """A seat of a league table to create: the member (``None``: a bot), the name shown, language."""

    user_id: str | None
    name: str
    language: str | None = None
    orders: tuple[str, ...] = ()


class NewTable(NamedTuple):
    """A league table to create (as ``Repository.create_table`` takes it), with its seats."""

    game_id: str
    seed: str
    engine_version: str
    options: dict[str, Any]
    guild_id: str | None
    language: str
    settings: dict[str, Any]
    seats: list[NewSeat]


def add_table(session: Session, table: NewTable) -> TableRow:
    """Add a lobby table and its seats in ``session`` (the caller's transaction, so the table
    commits with whatever links it, or not at all; campaigns use it too, docs/campaigns.md)."""
    now = utcnow()
    row = TableRow(game_id=table.game_id, options=table.options, seed=table.seed, status="lobby",
                   version=0, engine_version=table.engine_version, guild_id=table.guild_id,
                   language=table.language, settings=table.settings, created_at=now, updated_at=now)
    session.add(row)
    session.flush()
    for number, seat in enumerate(table.seats):
        session.add(SeatRow(table_id=row.id, seat=number, user_id=seat.user_id, name=seat.name,
                            is_bot=seat.user_id is None, language=seat.language, orders=list(seat.orders)))
    return row


class Leagues:
    """Leagues in the database of ``repo`` (thread-safe, like the repository)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    # ---- leagues -------------------------------------------------------------------------
    def create(self, row: LeagueRow) -> LeagueRow:
        """Store a new league; :class:`LeagueExists` when its name is taken on its server."""
        try:
            with self.repo._write() as session:
                session.add(row)
                session.flush()
        except IntegrityError:
            raise LeagueExists(row.name) from None
        return row

    def get(self, league_id: int) -> LeagueRow | None:
        """A league by id."""
        with self.repo._read() as session:
            return session.get(LeagueRow, league_id)

    def named(self, guild_id: str, name: str) -> LeagueRow | None:
        """A server's league by name (exact)."""
        with self.repo._read() as session:
            return session.scalar(select(LeagueRow).where(col(LeagueRow.guild_id) == guild_id,
                                                          col(LeagueRow.name) == name))

    def of_guild(self, guild_id: str) -> list[LeagueRow]:
        """A server's leagues, by name."""
        with self.repo._read() as session:
            return list(session.scalars(select(LeagueRow).where(col(LeagueRow.guild_id) == guild_id)
                                        .order_by(col(LeagueRow.name))))

    def set_status(self, league_id: int, status: str) -> None:
        """Pause, resume or end a league."""
        with self.repo._write() as session:
            session.execute(update(LeagueRow).where(col(LeagueRow.id) == league_id).values(status=status)
                            .execution_options(synchronize_session=False))

    # ---- members -------------------------------------------------------------------------
    def member(self, league_id: int, user_id: str) -> LeagueMemberRow | None:
        """A member's row in a league (any status)."""
        with self.repo._read() as session:
            return session.scalar(select(LeagueMemberRow).where(col(LeagueMemberRow.league_id) == league_id,
                                                                col(LeagueMemberRow.user_id) == user_id))

    def members(self, league_id: int, status: str | None = "active") -> list[LeagueMemberRow]:
        """A league's members (of one status, or all), in the order they joined."""
        query = select(LeagueMemberRow).where(col(LeagueMemberRow.league_id) == league_id)
        if status is not None:
            query = query.where(col(LeagueMemberRow.status) == status)
        with self.repo._read() as session:
            return list(session.scalars(query.order_by(col(LeagueMemberRow.id))))

    def count_members(self, league_id: int) -> int:
        """How many active members a league has."""
        return len(self.members(league_id))

    def put_member(self, league_id: int, user_id: str, name: str, language: str | None, status: str) -> LeagueMemberRow:
        """Add a member, or change an existing member's status (and name)."""
        with self.repo._write() as session:
            row = session.scalar(select(LeagueMemberRow).where(col(LeagueMemberRow.league_id) == league_id,
                                                               col(LeagueMemberRow.user_id) == user_id))
            if row is None:
                row = LeagueMemberRow(league_id=league_id, user_id=user_id, name=name, language=language,
                                      status=status, joined_at=utcnow())
                session.add(row)
            else:
                row.status, row.name = status, name
                if language is not None:
                    row.language = language
            session.flush()
            return row

    def memberships(self, guild_id: str, user_id: str) -> list[tuple[LeagueRow, LeagueMemberRow]]:
        """A member's leagues on a server (any status)."""
        with self.repo._read() as session:
            rows = session.execute(select(LeagueRow, LeagueMemberRow)
                                   .join(LeagueMemberRow, col(LeagueMemberRow.league_id) == col(LeagueRow.id))
                                   .where(col(LeagueRow.guild_id) == guild_id,
                                          col(LeagueMemberRow.user_id) == user_id)).all()
        return [(league, member) for league, member in rows]

    # ---- seasons -------------------------------------------------------------------------
    def start_season(self, league_id: int, after: int) -> SeasonRow | None:
        """Start season ``after + 1`` if the league's latest season is still ``after`` (and ended,
        or none): ``None`` when another process started one meanwhile."""
        with self.repo._write() as session:
            bumped = session.execute(update(LeagueRow).where(col(LeagueRow.id) == league_id,
                                                             col(LeagueRow.season) == after)
                                     .values(season=after + 1).execution_options(synchronize_session=False))
            if bumped.rowcount != 1:  # type: ignore[attr-defined]
                return None
            row = SeasonRow(league_id=league_id, number=after + 1, status="running", started_at=utcnow())
            session.add(row)
            session.flush()
            return row

    def season(self, league_id: int, number: int) -> SeasonRow | None:
        """A league's season by number."""
        with self.repo._read() as session:
            return session.scalar(select(SeasonRow).where(col(SeasonRow.league_id) == league_id,
                                                          col(SeasonRow.number) == number))

    def seasons(self, league_id: int) -> list[SeasonRow]:
        """A league's seasons, oldest first."""
        with self.repo._read() as session:
            return list(session.scalars(select(SeasonRow).where(col(SeasonRow.league_id) == league_id)
                                        .order_by(col(SeasonRow.number))))

    def running(self, guild_ids: Sequence[str] | None = None) -> list[tuple[LeagueRow, SeasonRow]]:
        """Running seasons of open leagues (of these servers, if given), oldest first."""
        query = (select(LeagueRow, SeasonRow).join(SeasonRow, col(SeasonRow.league_id) == col(LeagueRow.id))
                 .where(col(SeasonRow.status) == "running", col(LeagueRow.status) == "open"))
        if guild_ids is not None:
            query = query.where(col(LeagueRow.guild_id).in_(list(guild_ids)))
        with self.repo._read() as session:
            rows = session.execute(query.order_by(col(SeasonRow.id))).all()
        return [(league, season) for league, season in rows]

    def ended_since(self, guild_ids: Sequence[str], since: datetime) -> list[tuple[LeagueRow, SeasonRow]]:
        """Seasons of these servers' leagues that ended at or after ``since``, oldest first (the
        clock's closing posts, issue 23 §4)."""
        query = (select(LeagueRow, SeasonRow).join(SeasonRow, col(SeasonRow.league_id) == col(LeagueRow.id))
                 .where(col(SeasonRow.status) == "ended", col(SeasonRow.ended_at) >= since,
                        col(LeagueRow.guild_id).in_(list(guild_ids))))
        with self.repo._read() as session:
            rows = session.execute(query.order_by(col(SeasonRow.id))).all()
        return [(league, season) for league, season in rows]

    def end_season(self, season_id: int, standings: list[dict[str, Any]], at: datetime) -> bool:
        """End a running season with its standings archived; ``False`` if it had ended already."""
        with self.repo._write() as session:
            done = session.execute(update(SeasonRow).where(col(SeasonRow.id) == season_id,
                                                           col(SeasonRow.status) == "running")
                                   .values(status="ended", standings=standings, ended_at=at)
                                   .execution_options(synchronize_session=False))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    # ---- rounds --------------------------------------------------------------------------
    def put_round(self, season_id: int, number: int, seating: Mapping[str, Any], opened_at: datetime,
                  deadline_at: datetime) -> RoundRow:
        """The round ``number`` of a season: stored now with this seating, or as another process
        (or an earlier attempt) stored it, whose seating then stands."""
        existing = self.round(season_id, number)
        if existing is not None:
            return existing
        try:
            with self.repo._write() as session:
                row = RoundRow(season_id=season_id, number=number, status="opening", seating=dict(seating),
                               opened_at=opened_at, deadline_at=deadline_at)
                session.add(row)
                session.flush()
                return row
        except IntegrityError:
            found = self.round(season_id, number)
            assert found is not None  # the insert lost to this row
            return found

    def round(self, season_id: int, number: int) -> RoundRow | None:
        """A season's round by number."""
        with self.repo._read() as session:
            return session.scalar(select(RoundRow).where(col(RoundRow.season_id) == season_id,
                                                         col(RoundRow.number) == number))

    def rounds(self, season_id: int) -> list[RoundRow]:
        """A season's rounds, in order."""
        with self.repo._read() as session:
            return list(session.scalars(select(RoundRow).where(col(RoundRow.season_id) == season_id)
                                        .order_by(col(RoundRow.number))))

    def move_round(self, round_id: int, before: str, after: str, *, results: list[dict[str, Any]] | None = None,
                   at: datetime | None = None) -> bool:
        """Move a round from ``before`` to ``after`` (with its results when it ends): ``False``
        when it was not in ``before`` (another process did it)."""
        values: dict[str, Any] = {"status": after}
        if results is not None:
            values["results"] = results
        if after == "ended":
            values["ended_at"] = at or utcnow()
        with self.repo._write() as session:
            done = session.execute(update(RoundRow).where(col(RoundRow.id) == round_id, col(RoundRow.status) == before)
                                   .values(**values).execution_options(synchronize_session=False))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    # ---- round tables --------------------------------------------------------------------
    def round_tables(self, round_id: int) -> list[RoundTableRow]:
        """A round's tables, by index."""
        with self.repo._read() as session:
            return list(session.scalars(select(RoundTableRow).where(col(RoundTableRow.round_id) == round_id)
                                        .order_by(col(RoundTableRow.index))))

    def round_of_table(self, table_id: int) -> RoundTableRow | None:
        """The round table a game table was opened for (``None``: not a league table)."""
        with self.repo._read() as session:
            return session.scalar(select(RoundTableRow).where(col(RoundTableRow.table_id) == table_id))

    def open_table(self, round_id: int, index: int, table: NewTable) -> tuple[RoundTableRow, bool]:
        """Create the table ``index`` of a round with its seats (a lobby, dealt afterwards), once:
        the table, its seats and the round-table row commit together or not at all. Returns the
        round table and whether this call created it (``False``: it existed)."""
        existing = self._round_table(round_id, index)
        if existing is not None:
            return existing, False
        try:
            with self.repo._write() as session:
                row = add_table(session, table)
                link = RoundTableRow(round_id=round_id, index=index, table_id=row.id,
                                     players=[seat.user_id for seat in table.seats])
                session.add(link)
                session.flush()
                return link, True
        except IntegrityError:
            found = self._round_table(round_id, index)
            if found is None:
                raise
            return found, False

    def _round_table(self, round_id: int, index: int) -> RoundTableRow | None:
        with self.repo._read() as session:
            return session.scalar(select(RoundTableRow).where(col(RoundTableRow.round_id) == round_id,
                                                              col(RoundTableRow.index) == index))
