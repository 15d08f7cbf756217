"""Indexes for the hot queries (issue 13 §4: fewer database round trips).

- ``ix_actions_undo``: the undo rows of a table's log, a partial index (few rows). Every load
  asks whether an undo voided the newest snapshot; without it that is a walk over the log.
- ``ix_seats_user_id``: a member's seats, for the tables they play (``/turns``, per-member caps).

Every other hot query already has its index: the log and snapshots by ``(table_id, seq)``, seats
by ``(table_id, seat)``, notes by ``(table_id, key)``, tables by status, guild and channel (see
``tests/storage/test_query_plans.py``).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

#: As ``storage.models.UNDO_ROWS`` (spelled out: a migration must not change when the models do).
UNDO_ROWS = "kind = 'undo'"


def upgrade() -> None:
    op.create_index("ix_actions_undo", "actions", ["table_id", "seq"],
                    sqlite_where=sa.text(UNDO_ROWS), postgresql_where=sa.text(UNDO_ROWS))
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_user_id", table_name="seats")
    op.drop_index("ix_actions_undo", table_name="actions")
