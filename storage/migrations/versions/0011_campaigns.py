"""Campaigns (issue 23 §3): a fixed group plays a series of tables across titles.

- ``campaigns``: unique name per server; the group, the titles in order, the points rule and, when
  it ended, its final scoreboard.
- ``campaign_tables``: unique per (campaign, index) and per table: each stage's table is created
  once however many processes open it (written with the table in one transaction).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def _when(name: str, nullable: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "campaigns",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("members", sa.Text(), nullable=False),
        sa.Column("stages", sa.Text(), nullable=False),
        sa.Column("language", sa.String(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("creator", sa.String(), nullable=True),
        sa.Column("scoreboard", sa.Text(), server_default="[]", nullable=False),
        _when("created_at"),
        _when("ended_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_campaigns"),
        sa.UniqueConstraint("guild_id", "name", name="uq_campaigns_guild_id_name"),
    )
    op.create_index("ix_campaigns_status", "campaigns", ["status"])
    op.create_table(
        "campaign_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.Integer(), nullable=False),
        sa.Column("index", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("results", sa.Text(), server_default="[]", nullable=False),
        _when("ended_at", nullable=True),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaigns.id"], name="fk_campaign_tables_campaign_id_campaigns"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_campaign_tables_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_campaign_tables"),
        sa.UniqueConstraint("campaign_id", "index", name="uq_campaign_tables_campaign_id_index"),
        sa.UniqueConstraint("table_id", name="uq_campaign_tables_table_id"),
    )


def downgrade() -> None:
    op.drop_table("campaign_tables")
    op.drop_index("ix_campaigns_status", table_name="campaigns")
    op.drop_table("campaigns")
