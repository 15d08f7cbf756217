"""Leagues and seasons (issue 23 §2): leagues, their members, seasons, rounds and round tables.

- ``leagues``: one title on one server (unique name per server), table size, rounds, round length.
- ``league_members``: who plays in a league (unique per league), and whether still active.
- ``league_seasons``: numbered per league (unique), running or ended with archived standings.
- ``league_rounds``: numbered per season (unique), with the seating stored before any table.
- ``league_round_tables``: unique per (round, index) and per table: a round's tables are created
  once however many processes open it (written with the table in one transaction).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "leagues",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("seats", sa.Integer(), nullable=False),
        sa.Column("min_seats", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("round_hours", sa.Float(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("language", sa.String(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("creator", sa.String(), nullable=True),
        sa.Column("season", sa.Integer(), nullable=False),
        _when("created_at"),
        sa.PrimaryKeyConstraint("id", name="pk_leagues"),
        sa.UniqueConstraint("guild_id", "name", name="uq_leagues_guild_id_name"),
    )
    op.create_table(
        "league_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("status", sa.String(), nullable=False),
        _when("joined_at"),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], name="fk_league_members_league_id_leagues"),
        sa.PrimaryKeyConstraint("id", name="pk_league_members"),
        sa.UniqueConstraint("league_id", "user_id", name="uq_league_members_league_id_user_id"),
    )
    op.create_table(
        "league_seasons",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("league_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        _when("started_at"),
        _when("ended_at", nullable=True),
        sa.Column("standings", sa.Text(), server_default="[]", nullable=False),
        sa.ForeignKeyConstraint(["league_id"], ["leagues.id"], name="fk_league_seasons_league_id_leagues"),
        sa.PrimaryKeyConstraint("id", name="pk_league_seasons"),
        sa.UniqueConstraint("league_id", "number", name="uq_league_seasons_league_id_number"),
    )
    op.create_index("ix_league_seasons_status", "league_seasons", ["status"])
    op.create_table(
        "league_rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("season_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("seating", sa.Text(), nullable=False),
        sa.Column("results", sa.Text(), server_default="[]", nullable=False),
        _when("opened_at"),
        _when("deadline_at"),
        _when("ended_at", nullable=True),
        sa.ForeignKeyConstraint(["season_id"], ["league_seasons.id"],
                                name="fk_league_rounds_season_id_league_seasons"),
        sa.PrimaryKeyConstraint("id", name="pk_league_rounds"),
        sa.UniqueConstraint("season_id", "number", name="uq_league_rounds_season_id_number"),
    )
    op.create_table(
        "league_round_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["league_rounds.id"],
                                name="fk_league_round_tables_round_id_league_rounds"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_league_round_tables_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_league_round_tables"),
        sa.UniqueConstraint("round_id", "index", name="uq_league_round_tables_round_id_index"),
        sa.UniqueConstraint("table_id", name="uq_league_round_tables_table_id"),
    )


def downgrade() -> None:
    op.drop_table("league_round_tables")
    op.drop_table("league_rounds")
    op.drop_index("ix_league_seasons_status", table_name="league_seasons")
    op.drop_table("league_seasons")
    op.drop_table("league_members")
    op.drop_table("leagues")
