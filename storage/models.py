"""The tables: a game table, its seats, its append-only action log, state snapshots, adapter notes,
per-server settings and ratings.

The log (:class:`ActionRow`) is the truth; a :class:`SnapshotRow` is a cache of the engine
state after some action and can always be rebuilt by replaying the log from ``Game.setup``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Final

from sqlalchemy import Column, Index, LargeBinary, MetaData, Text, UniqueConstraint, text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

from .types import JSONText, UTCDateTime, utcnow

#: Constraint names are spelled out so later (batch) migrations can refer to them on SQLite.
NAMING_CONVENTION: Final = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

#: Our own metadata, so Tabula's tables never mix with other SQLModel users in one process.
metadata = MetaData(naming_convention=NAMING_CONVENTION)

TABLE_STATUSES: Final = ("lobby", "active", "finished", "abandoned")
LIVE_STATUSES: Final = ("lobby", "active")
ACTION_KINDS: Final = ("move", "undo", "system")
#: The condition of the partial index on undo rows (``ix_actions_undo``).
UNDO_ROWS: Final = "kind = 'undo'"


class Base(SQLModel, registry=registry(metadata=metadata)):
    """Base of Tabula's tables (bound to :data:`metadata`)."""


class TableRow(Base, table=True):
    """One game table: a title with options and seed, usually played in one chat channel.

    ``version`` starts at 0 and goes up by one on every committed move (see
    :meth:`storage.repository.Repository.commit_actions`) and every guarded change of seats or
    status (:class:`storage.repository.Guard`); buttons and commands carry it so a stale click is
    refused.
    """

    __tablename__ = "tables"

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    game_id: str
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    seed: str
    status: str = Field(default="lobby", index=True)
    version: int = 0
    engine_version: str
    guild_id: str | None = Field(default=None, index=True)
    channel_id: str | None = Field(default=None, index=True)
    creator: str | None = None
    language: str = "en"
    #: Free-form table settings: reminder interval, deadline policy ...
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    deadline_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))


class SeatRow(Base, table=True):
    """A seat at a table (numbered from 0 like the engine's seats), held by a user or a bot."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    table_id: int = Field(foreign_key="tables.id")
    seat: int
    #: Indexed: a member's tables (``/turns``, the caps per member) are found by their seats.
    user_id: str | None = Field(default=None, index=True)
    name: str
    is_bot: bool = False
    language: str | None = None
    away: bool = False
    #: Standing orders the player set ("pass this stock round"), played by the service for them.
    orders: list[str] = Field(default_factory=list,
                              sa_column=Column(JSONText, nullable=False, server_default="[]"))


class TableNote(Base, table=True):
    """Something an adapter remembers about a table (the status post's id, lobby messages, when it
    last reminded). Not a setting of the table: writing one leaves its version and idle clock."""

    __tablename__ = "table_notes"
    __table_args__ = (UniqueConstraint("table_id", "key"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    table_id: int = Field(foreign_key="tables.id")
    key: str
    value: Any = Field(sa_column=Column(JSONText, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class ServerSettingsRow(Base, table=True):
    """Settings one server (guild) chose for itself: overrides of the caps on live tables (see
    ``service.limits``). A server that never chose anything has no row."""

    __tablename__ = "server_settings"
    __table_args__ = (UniqueConstraint("guild_id"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    guild_id: str
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class MemberSettingsRow(Base, table=True):
    """What one member chose for themselves on every server (issue 10 §10: reminders by direct
    message). A member who never chose anything has no row."""

    __tablename__ = "member_settings"
    __table_args__ = (UniqueConstraint("user_id"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    user_id: str
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class ActionRow(Base, table=True):
    """One entry of a table's append-only log. Rows are never updated or deleted.

    ``seq`` counts from 1 per table. ``seat`` is ``None`` for system actions. An ``undo`` row
    voids every earlier row with ``voids <= seq < undo.seq`` (see :func:`storage.log.effective_actions`).
    """

    __tablename__ = "actions"
    __table_args__ = (
        UniqueConstraint("table_id", "seq"),
        # The undo rows alone (few): which snapshots an undo voided, on every load (issue 13 §4).
        Index("ix_actions_undo", "table_id", "seq", sqlite_where=text(UNDO_ROWS), postgresql_where=text(UNDO_ROWS)),
    )

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    table_id: int = Field(foreign_key="tables.id")
    seq: int
    seat: int | None = None
    notation: str
    #: The move as its title's tagged JSON (``Game.encode_move``); ``None`` on rows stored before
    #: typed moves (they are read from ``notation``) and on undo rows. On a system row recording a
    #: change of seat (a kick, a substitution), that change as JSON (``service.tables.seat_change``).
    move: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    kind: str = "move"
    voids: int | None = None
    user_id: str | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    #: The events the move produced, as JSON, with their redaction: history reads them instead of
    #: replaying from setup. ``None`` on rows stored before migration 0008 and on other kinds.
    events: str | None = Field(default=None, sa_column=Column(Text, nullable=True))


class SnapshotRow(Base, table=True):
    """The engine state (``Game.dumps`` bytes) after action ``seq`` (0: right after setup)."""

    __tablename__ = "snapshots"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    table_id: int = Field(foreign_key="tables.id")
    seq: int
    state: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class JobLease(Base, table=True):
    """A claim on one piece of timed work (a table's deadline, its reminder) by one bot process,
    until ``expires_at``: several processes share one database, and exactly one does each job
    (issue 13 §5). A process that dies holding a lease loses nothing: once it expires, another
    claims the job and redoes it (the work itself is guarded, see ``storage.leases``)."""

    __tablename__ = "job_leases"

    key: str = Field(primary_key=True)
    owner: str
    expires_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))


#: Why an ended table was not rated (``RatedResultRow.skipped``; docs/ratings.md).
UNRATED_REASONS: Final = ("abandoned", "moderator", "too_few", "never_started")


class RatedResultRow(Base, table=True):
    """How one ended table counts for ratings (issue 23 §1), one row per table: the ranking of
    the members it rated, or why it rated nobody (``skipped``). The ratings are always
    recomputable from these rows in end order (``service.ratings.recompute``).

    ``placings`` lists, best place first, ``{"user", "name", "seat", "rank", "credit", "before",
    "after"}``: who was credited with a seat and by which rule, their place (equal ranks are
    ties) and their ``[mu, sigma]`` before and after this table (rewritten by a recompute).
    ``guild_id`` is ``""`` for tables played outside any server (the console)."""

    __tablename__ = "rating_results"
    __table_args__ = (
        UniqueConstraint("table_id"),
        Index("ix_rating_results_guild_id_game_id_ended_at", "guild_id", "game_id", "ended_at"),
    )

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    table_id: int = Field(foreign_key="tables.id")
    guild_id: str
    game_id: str
    ended_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    skipped: str | None = None
    placings: list[dict[str, Any]] = Field(default_factory=list,
                                           sa_column=Column(JSONText, nullable=False, server_default="[]"))


class RatingRow(Base, table=True):
    """A member's current rating for one title on one server (Weng–Lin μ and σ, see
    ``service.ratings``), and how many rated tables made it."""

    __tablename__ = "ratings"
    __table_args__ = (UniqueConstraint("guild_id", "game_id", "user_id"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    guild_id: str
    game_id: str
    user_id: str
    name: str = ""
    mu: float
    sigma: float
    games: int = 0
    updated_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


# ---- leagues and seasons (issue 23 §2; the rules: docs/leagues.md) ----------------------------------
LEAGUE_STATUSES: Final = ("open", "paused", "ended")
MEMBER_STATUSES: Final = ("active", "left", "resigned")
SEASON_STATUSES: Final = ("running", "ended")
#: A round is ``opening`` from the moment its seating is stored until every table of it is dealt.
ROUND_STATUSES: Final = ("opening", "open", "ended")


class LeagueRow(Base, table=True):
    """A league of one title on one server (``guild_id`` ``""``: the console): its tables' size
    (``min_seats``–``seats``), rounds per season, round length, table options and language;
    ``settings`` holds the points per place, how a count that does not divide is seated
    (``fill``) and a bye's points. ``season`` is the number of the latest season (0: none yet)."""

    __tablename__ = "leagues"
    __table_args__ = (UniqueConstraint("guild_id", "name"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    guild_id: str
    name: str
    game_id: str
    seats: int
    min_seats: int
    rounds: int
    round_hours: float
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    language: str = "en"
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    status: str = "open"
    creator: str | None = None
    season: int = 0
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class LeagueMemberRow(Base, table=True):
    """A member of a league: ``active`` (seated from the next round on), ``left`` (by choice) or
    ``resigned`` (left the server: docs/leagues.md "Resignations")."""

    __tablename__ = "league_members"
    __table_args__ = (UniqueConstraint("league_id", "user_id"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    league_id: int = Field(foreign_key="leagues.id")
    user_id: str
    name: str
    language: str | None = None
    status: str = "active"
    joined_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))


class SeasonRow(Base, table=True):
    """A season of a league: ``running`` until its last round ended, then ``ended`` with its
    standings archived (``standings``: the final places, as ``service.leagues`` computes them)."""

    __tablename__ = "league_seasons"
    __table_args__ = (UniqueConstraint("league_id", "number"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    league_id: int = Field(foreign_key="leagues.id")
    number: int
    status: str = Field(default="running", index=True)
    started_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    ended_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))
    standings: list[dict[str, Any]] = Field(default_factory=list,
                                            sa_column=Column(JSONText, nullable=False, server_default="[]"))


class RoundRow(Base, table=True):
    """A round of a season, stored once (unique per season and number) with its seating
    (``{"tables": [[user, ...]], "bots": [n, ...], "byes": [user, ...]}``) before any table is
    dealt, so a round opened again after a crash seats the same tables. ``results``: each
    member's points this round (``[{"user", "points", "place", "table"}]``), written when it ends."""

    __tablename__ = "league_rounds"
    __table_args__ = (UniqueConstraint("season_id", "number"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    season_id: int = Field(foreign_key="league_seasons.id")
    number: int
    status: str = "opening"
    seating: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    results: list[dict[str, Any]] = Field(default_factory=list,
                                          sa_column=Column(JSONText, nullable=False, server_default="[]"))
    opened_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    deadline_at: datetime = Field(sa_column=Column(UTCDateTime, nullable=False))
    ended_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))


class RoundTableRow(Base, table=True):
    """One table of a round: written in the same transaction as the table and its seats, and
    unique per (round, index), so each table of a round is created exactly once however many
    processes open the round. ``players``: the member seated at each seat (``None``: a bot seat)."""

    __tablename__ = "league_round_tables"
    __table_args__ = (UniqueConstraint("round_id", "index"), UniqueConstraint("table_id"))

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    round_id: int = Field(foreign_key="league_rounds.id")
    index: int
    table_id: int = Field(foreign_key="tables.id")
    players: list[str | None] = Field(default_factory=list, sa_column=Column(JSONText, nullable=False))


# ---- campaigns (issue 23 §3; the rules: docs/campaigns.md) ------------------------------------------
CAMPAIGN_STATUSES: Final = ("running", "ended")
#: A campaign table is ``open`` until its game ended and its points were written (``ended``).
CAMPAIGN_TABLE_STATUSES: Final = ("open", "ended")


class CampaignRow(Base, table=True):
    """A campaign: a fixed group of members (``guild_id`` ``""``: the console) playing an ordered
    series of tables, possibly of different titles, with one cumulative scoreboard. ``members``:
    ``[{"user", "name", "language", "status"}]`` in seating order (``status``: ``active`` or
    ``resigned``); ``stages``: ``[{"game", "options"}]`` in playing order; ``settings`` holds the
    points per place and the chat channel its threads open under; ``scoreboard``: the final places,
    archived when it ends."""

    __tablename__ = "campaigns"
    __table_args__ = (UniqueConstraint("guild_id", "name"),)

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    guild_id: str
    name: str
    members: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSONText, nullable=False))
    stages: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSONText, nullable=False))
    language: str = "en"
    settings: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSONText, nullable=False))
    status: str = Field(default="running", index=True)
    creator: str | None = None
    scoreboard: list[dict[str, Any]] = Field(default_factory=list,
                                             sa_column=Column(JSONText, nullable=False, server_default="[]"))
    created_at: datetime = Field(default_factory=utcnow, sa_column=Column(UTCDateTime, nullable=False))
    ended_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))


class CampaignTableRow(Base, table=True):
    """The table of one stage of a campaign: written in the same transaction as the table and its
    seats, unique per (campaign, index), so each stage's table is created exactly once however many
    processes open it. ``players``: the member at each seat (``None``: a bot seat); ``results``:
    each member's points for it, written once when it ends (``open`` → ``ended``)."""

    __tablename__ = "campaign_tables"
    __table_args__ = (UniqueConstraint("campaign_id", "index"), UniqueConstraint("table_id"))

    id: int = Field(default=None, primary_key=True)  # set by the database on insert
    campaign_id: int = Field(foreign_key="campaigns.id")
    index: int
    game_id: str
    table_id: int = Field(foreign_key="tables.id")
    players: list[str | None] = Field(default_factory=list, sa_column=Column(JSONText, nullable=False))
    status: str = "open"
    results: list[dict[str, Any]] = Field(default_factory=list,
                                          sa_column=Column(JSONText, nullable=False, server_default="[]"))
    ended_at: datetime | None = Field(default=None, sa_column=Column(UTCDateTime, nullable=True))
