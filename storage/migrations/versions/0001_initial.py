"""Initial schema: tables, seats, actions, snapshots.

Revision ID: 0001
Revises:
Create Date: 2024-11-29
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _timestamp(name: str, nullable: bool = False) -> sa.Column[Any]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(), nullable=False),
        sa.Column("options", sa.Text(), nullable=False),
        sa.Column("seed", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("engine_version", sa.String(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=True),
        sa.Column("channel_id", sa.String(), nullable=True),
        sa.Column("creator", sa.String(), nullable=True),
        sa.Column("language", sa.String(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        _timestamp("created_at"),
        _timestamp("updated_at"),
        _timestamp("deadline_at", nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
    )
    with op.batch_alter_table("tables") as batch:
        batch.create_index("ix_tables_status", ["status"])
        batch.create_index("ix_tables_guild_id", ["guild_id"])
        batch.create_index("ix_tables_channel_id", ["channel_id"])

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=True),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("language", sa.String(), nullable=True),
        sa.Column("away", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_seats_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_seats"),
        sa.UniqueConstraint("table_id", "seat", name="uq_seats_table_id_seat"),
    )

    op.create_table(
        "actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("notation", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("voids", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.String(), nullable=True),
        _timestamp("created_at"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_actions_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_actions"),
        sa.UniqueConstraint("table_id", "seq", name="uq_actions_table_id_seq"),
    )

    op.create_table(
        "snapshots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
        _timestamp("created_at"),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_snapshots_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_snapshots"),
        sa.UniqueConstraint("table_id", "seq", name="uq_snapshots_table_id_seq"),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_table("seats")
    with op.batch_alter_table("tables") as batch:
        batch.drop_index("ix_tables_channel_id")
        batch.drop_index("ix_tables_guild_id")
        batch.drop_index("ix_tables_status")
    op.drop_table("tables")
