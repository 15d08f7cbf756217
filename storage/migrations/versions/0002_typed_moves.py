"""Typed moves: each log row keeps the move's tagged JSON beside its notation.

Rows written before this migration have notation only (``move`` is NULL); they still load, by
parsing the notation once (service: ``TableService.load``).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("move", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("move")
