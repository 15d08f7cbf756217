"""Ratings' storage (issue 23 §1): each ended table's result, and each member's current rating.

The rules (who is credited, how a ranking moves μ and σ) live in ``service.ratings``; this module
only stores, and runs the rules' callbacks inside the transaction that writes their answer, so
that the ratings read and the ratings written agree.

Every write of ratings is serialised: on PostgreSQL by one advisory lock held until the
transaction ends, on SQLite by its write lock (writes begin ``IMMEDIATE``). Rating is rare (once
per ended table), so one lock for all servers costs nothing and leaves no lost update between two
tables ending at once for the same member, nor between a table ending and a recompute.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Final, NamedTuple

from sqlalchemy import delete, exists, func, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlmodel import col

from .models import RatedResultRow, RatingRow, TableRow
from .repository import Repository
from .types import utcnow

#: The PostgreSQL advisory lock serialising rating writes (any constant of our own).
RATINGS_LOCK: Final = 0x746162756C61 + 23


class Standing(NamedTuple):
    """A member's rating as stored: μ, σ and rated tables so far."""

    mu: float
    sigma: float
    games: int


#: The rules' answer for one result: each placing's rating after it (by user id).
Rate = Callable[[Mapping[str, Standing | None]], Mapping[str, tuple[float, float]]]
#: The rules' answer for a recompute: the results in end order in, each result's placings
#: (rewritten) and every member's rating (by (game id, user id)) out.
Replay = Callable[[Sequence[RatedResultRow]],
                  tuple[Mapping[int, list[dict[str, Any]]], Mapping[tuple[str, str], tuple[Standing, str]]]]


class NewResult(NamedTuple):
    """An ended table's result to record (see :class:`storage.models.RatedResultRow`)."""

    table_id: int
    guild_id: str
    game_id: str
    ended_at: datetime
    skipped: str | None
    placings: list[dict[str, Any]]


class Ratings:
    """Results and ratings in the database of ``repo`` (thread-safe, like the repository)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo
        self._postgres = repo.engine.dialect.name == "postgresql"
        self._insert: Any = postgresql.insert if self._postgres else sqlite.insert

    def _lock(self, session: Session) -> None:
        if self._postgres:
            session.execute(select(func.pg_advisory_xact_lock(RATINGS_LOCK)))

    # ---- reads ---------------------------------------------------------------------------
    def result(self, table_id: int) -> RatedResultRow | None:
        """The stored result of a table, ``None`` if it was never recorded."""
        with self.repo._read() as session:
            return session.scalar(select(RatedResultRow).where(col(RatedResultRow.table_id) == table_id))

    def results(self, guild_id: str, game_id: str | None = None) -> list[RatedResultRow]:
        """A server's results (of one title, or all), in end order (ties: recorded first)."""
        query = select(RatedResultRow).where(col(RatedResultRow.guild_id) == guild_id)
        if game_id is not None:
            query = query.where(col(RatedResultRow.game_id) == game_id)
        with self.repo._read() as session:
            return list(session.scalars(query.order_by(col(RatedResultRow.ended_at), col(RatedResultRow.id))))

    def ratings(self, guild_id: str, game_id: str | None = None, *, user_id: str | None = None,
                limit: int | None = None) -> list[RatingRow]:
        """Ratings on a server, of a title and/or a member, best conservative estimate
        (μ − 3σ) first."""
        query = select(RatingRow).where(col(RatingRow.guild_id) == guild_id)
        if game_id is not None:
            query = query.where(col(RatingRow.game_id) == game_id)
        if user_id is not None:
            query = query.where(col(RatingRow.user_id) == user_id)
        query = query.order_by((col(RatingRow.mu) - 3 * col(RatingRow.sigma)).desc(), col(RatingRow.user_id))
        if limit is not None:
            query = query.limit(limit)
        with self.repo._read() as session:
            return list(session.scalars(query))

    def unrecorded(self, guild_id: str | None = None, *, guild_ids: Iterable[str] | None = None,
                   ended_after: datetime | None = None, ended_before: datetime | None = None,
                   limit: int = 200) -> list[TableRow]:
        """Ended tables (finished or abandoned) without a result yet, oldest change first: a
        rating missed (a process that died between the last move and rating). Of one server
        (``guild_id``, ``""``: outside any server) or several (``guild_ids``), last changed
        between the two times when given."""
        recorded = exists().where(col(RatedResultRow.table_id) == col(TableRow.id))
        query = select(TableRow).where(col(TableRow.status).in_(("finished", "abandoned")), ~recorded)
        if guild_id is not None:
            query = query.where(col(TableRow.guild_id) == guild_id) if guild_id else \
                query.where(col(TableRow.guild_id).is_(None))
        if guild_ids is not None:
            query = query.where(col(TableRow.guild_id).in_(list(guild_ids)))
        if ended_after is not None:
            query = query.where(col(TableRow.updated_at) > ended_after)
        if ended_before is not None:
            query = query.where(col(TableRow.updated_at) < ended_before)
        with self.repo._read() as session:
            return list(session.scalars(query.order_by(col(TableRow.updated_at), col(TableRow.id)).limit(limit)))

    # ---- writes --------------------------------------------------------------------------
    def record(self, result: NewResult, rate: Rate) -> RatedResultRow | None:
        """Record a table's result once and, unless it is ``skipped``, move its members' ratings
        by ``rate`` (given each placing's stored rating, ``None`` for a first table). ``None``
        when the table was recorded already (by this or another process): nothing changes."""
        with self.repo._write() as session:
            self._lock(session)
            added = session.execute(
                self._insert(RatedResultRow).values(
                    table_id=result.table_id, guild_id=result.guild_id, game_id=result.game_id,
                    ended_at=result.ended_at, skipped=result.skipped, placings=result.placings)
                .on_conflict_do_nothing(index_elements=["table_id"]).returning(col(RatedResultRow.id))).first()
            if added is None:
                return None
            row = session.get_one(RatedResultRow, added[0])
            if result.skipped is not None or not result.placings:
                return row
            users = [p["user"] for p in result.placings]
            stored = {r.user_id: r for r in session.scalars(
                select(RatingRow).where(col(RatingRow.guild_id) == result.guild_id,
                                        col(RatingRow.game_id) == result.game_id,
                                        col(RatingRow.user_id).in_(users)))}
            before = {u: (Standing(stored[u].mu, stored[u].sigma, stored[u].games) if u in stored else None)
                      for u in users}
            after = rate(before)
            now = utcnow()
            placings = []
            for placing in result.placings:
                user = placing["user"]
                mu, sigma = after[user]
                rating = stored.get(user)
                if rating is None:
                    rating = RatingRow(guild_id=result.guild_id, game_id=result.game_id, user_id=user,
                                       mu=mu, sigma=sigma, games=0)
                    session.add(rating)
                old = before[user]
                placings.append({**placing, "before": None if old is None else [old.mu, old.sigma],
                                 "after": [mu, sigma]})
                rating.mu, rating.sigma, rating.games = mu, sigma, rating.games + 1
                rating.name, rating.updated_at = str(placing.get("name") or rating.name), now
            row.placings = placings
            return row

    def rebuild(self, guild_id: str, game_id: str | None, replay: Replay) -> int:
        """Recompute a server's ratings (of one title, or all) from its stored results: ``replay``
        gets the results in end order and answers every result's placings and every member's
        rating; the old ratings of that scope are replaced in the same transaction. Returns how
        many results were replayed."""
        with self.repo._write() as session:
            self._lock(session)
            query = select(RatedResultRow).where(col(RatedResultRow.guild_id) == guild_id)
            gone = delete(RatingRow).where(col(RatingRow.guild_id) == guild_id)
            if game_id is not None:
                query = query.where(col(RatedResultRow.game_id) == game_id)
                gone = gone.where(col(RatingRow.game_id) == game_id)
            results = list(session.scalars(query.order_by(col(RatedResultRow.ended_at), col(RatedResultRow.id))))
            placings, ratings = replay(results)
            for row in results:
                if row.id in placings:
                    row.placings = placings[row.id]
            session.execute(gone.execution_options(synchronize_session=False))
            now = utcnow()
            session.add_all(RatingRow(guild_id=guild_id, game_id=game, user_id=user, name=name, mu=standing.mu,
                                      sigma=standing.sigma, games=standing.games, updated_at=now)
                            for (game, user), (standing, name) in ratings.items())
            return len(results)


def guild_key(guild_id: str | None) -> str:
    """The server a table's ratings belong to: its guild, ``""`` outside any server."""
    return guild_id or ""

