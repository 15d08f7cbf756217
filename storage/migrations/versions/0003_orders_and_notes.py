"""Standing orders per seat, and adapter notes kept apart from a table's settings.

- ``seats.orders``: the standing orders a player set ("pass this stock round"), a JSON list.
- ``table_notes``: what an adapter remembers about a table (the status post's id, lobby
  messages, when it last reminded): not the table's settings, and writing one neither bumps
  the table's version nor restarts its idle clock.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("orders", sa.Text(), nullable=False, server_default="[]"))
    op.create_table(
        "table_notes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("value", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name="fk_table_notes_table_id_tables"),
        sa.PrimaryKeyConstraint("id", name="pk_table_notes"),
        sa.UniqueConstraint("table_id", "key", name="uq_table_notes_table_id_key"),
    )


def downgrade() -> None:
    op.drop_table("table_notes")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("orders")
