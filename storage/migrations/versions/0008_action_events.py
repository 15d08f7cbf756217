"""What each move showed: the events a move produced, stored with it (issue 24 §2).

- ``actions.events``: the move's events as JSON (``Event`` structs with their redaction), so a
  table's history is read, not replayed from setup; ``None`` on rows stored before it (their
  history is replayed as before).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("events", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("events")
