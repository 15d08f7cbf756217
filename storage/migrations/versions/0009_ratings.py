"""Ratings (issue 23 §1): each ended table's result for ratings, and each member's rating.

- ``rating_results``: one row per ended table (unique: a table is rated once however many
  processes see it end): server, title, when it ended, the ranking of the members it rated
  with the rule that credited each seat, or why it rated nobody.
- ``ratings``: a member's current μ and σ per title per server, and their count of rated tables.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rating_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("skipped", sa.String(), nullable=True),
        sa.Column("placings", sa.Text(), server_default="[]", nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_rating_results_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_rating_results"),
        sa.UniqueConstraint("table_id", name="uq_rating_results_table_id"),
    )
    op.create_index("ix_rating_results_guild_id_game_id_ended_at", "rating_results",
                    ["guild_id", "game_id", "ended_at"])
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_ratings"),
        sa.UniqueConstraint("guild_id", "game_id", "user_id", name="uq_ratings_guild_id_game_id_user_id"),
    )


def downgrade() -> None:
    op.drop_table("ratings")
    op.drop_index("ix_rating_results_guild_id_game_id_ended_at", table_name="rating_results")
    op.drop_table("rating_results")
