"""Campaigns' storage (issue 23 §3): campaigns and the table of each of their stages.

The rules (who scores what, when the next table opens) live in ``service.campaigns``; this module
only stores, and makes the steps that must happen once happen once whoever does them, as
``storage.leagues`` does for rounds:

- each stage's table is created with its seats and its campaign-table row in one transaction
  (``storage.leagues.add_table``), and the row is unique per (campaign, index): a second process
  (or a restart) opening the same stage fails that insert, its whole transaction rolls back, and it
  reads the table the first one made;
- a stage's points are written by a conditional status change (``open`` → ``ended``), and a
  campaign ends by one (``running`` → ``ended``, its scoreboard archived), so both happen once.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError
from sqlmodel import col

from .leagues import NewTable, add_table
from .models import CampaignRow, CampaignTableRow
from .repository import Repository
from .types import utcnow


class CampaignExists(Exception):
    """A campaign of that name exists on the server already."""


class Campaigns:
    """Campaigns in the database of ``repo`` (thread-safe, like the repository)."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    # ---- campaigns -----------------------------------------------------------------------
    def create(self, row: CampaignRow) -> CampaignRow:
        """Store a new campaign; :class:`CampaignExists` when its name is taken on its server."""
        try:
            with self.repo._write() as session:
                session.add(row)
                session.flush()
        except IntegrityError:
            raise CampaignExists(row.name) from None
        return row

    def get(self, campaign_id: int) -> CampaignRow | None:
        """A campaign by id."""
        with self.repo._read() as session:
            return session.get(CampaignRow, campaign_id)

    def named(self, guild_id: str, name: str) -> CampaignRow | None:
        """A server's campaign by name (exact)."""
        with self.repo._read() as session:
            return session.scalar(select(CampaignRow).where(col(CampaignRow.guild_id) == guild_id,
                                                            col(CampaignRow.name) == name))

    def of_guild(self, guild_id: str) -> list[CampaignRow]:
        """A server's campaigns, by name."""
        with self.repo._read() as session:
            return list(session.scalars(select(CampaignRow).where(col(CampaignRow.guild_id) == guild_id)
                                        .order_by(col(CampaignRow.name))))

    def running(self, guild_ids: Sequence[str] | None = None) -> list[CampaignRow]:
        """Running campaigns (of these servers, if given), oldest first."""
        query = select(CampaignRow).where(col(CampaignRow.status) == "running")
        if guild_ids is not None:
            query = query.where(col(CampaignRow.guild_id).in_(list(guild_ids)))
        with self.repo._read() as session:
            return list(session.scalars(query.order_by(col(CampaignRow.id))))

    def set_members(self, campaign_id: int, members: list[dict[str, Any]]) -> None:
        """Replace a campaign's member list (a member marked resigned)."""
        with self.repo._write() as session:
            session.execute(update(CampaignRow).where(col(CampaignRow.id) == campaign_id).values(members=members)
                            .execution_options(synchronize_session=False))

    def end(self, campaign_id: int, scoreboard: list[dict[str, Any]], at: datetime) -> bool:
        """End a running campaign with its scoreboard archived; ``False`` if it had ended already."""
        with self.repo._write() as session:
            done = session.execute(update(CampaignRow).where(col(CampaignRow.id) == campaign_id,
                                                             col(CampaignRow.status) == "running")
                                   .values(status="ended", scoreboard=scoreboard, ended_at=at)
                                   .execution_options(synchronize_session=False))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    # ---- stage tables --------------------------------------------------------------------
    def tables(self, campaign_id: int) -> list[CampaignTableRow]:
        """A campaign's stage tables, in order."""
        with self.repo._read() as session:
            return list(session.scalars(select(CampaignTableRow)
                                        .where(col(CampaignTableRow.campaign_id) == campaign_id)
                                        .order_by(col(CampaignTableRow.index))))

    def of_table(self, table_id: int) -> CampaignTableRow | None:
        """The stage a game table was opened for (``None``: not a campaign table)."""
        with self.repo._read() as session:
            return session.scalar(select(CampaignTableRow).where(col(CampaignTableRow.table_id) == table_id))

    def open_table(self, campaign_id: int, index: int, table: NewTable) -> tuple[CampaignTableRow, bool]:
        """Create the table of stage ``index`` with its seats (a lobby, dealt afterwards), once: the
        table, its seats and the campaign-table row commit together or not at all. Returns the row
        and whether this call created it (``False``: it existed)."""
        existing = self._table(campaign_id, index)
        if existing is not None:
            return existing, False
        try:
            with self.repo._write() as session:
                row = add_table(session, table)
                link = CampaignTableRow(campaign_id=campaign_id, index=index, game_id=table.game_id,
                                        table_id=row.id, players=[seat.user_id for seat in table.seats])
                session.add(link)
                session.flush()
                return link, True
        except IntegrityError:
            found = self._table(campaign_id, index)
            if found is None:
                raise
            return found, False

    def end_table(self, link_id: int, results: list[dict[str, Any]], at: datetime | None = None) -> bool:
        """Write a stage's points as it ends (``open`` → ``ended``); ``False`` when another process
        (or an earlier attempt) wrote them already."""
        with self.repo._write() as session:
            done = session.execute(update(CampaignTableRow).where(col(CampaignTableRow.id) == link_id,
                                                                  col(CampaignTableRow.status) == "open")
                                   .values(status="ended", results=results, ended_at=at or utcnow())
                                   .execution_options(synchronize_session=False))
            return bool(done.rowcount == 1)  # type: ignore[attr-defined]

    def _table(self, campaign_id: int, index: int) -> CampaignTableRow | None:
        with self.repo._read() as session:
            return session.scalar(select(CampaignTableRow).where(col(CampaignTableRow.campaign_id) == campaign_id,
                                                                 col(CampaignTableRow.index) == index))
