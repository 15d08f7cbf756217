"""Job leases: which bot process is doing a piece of timed work (issue 13 §5, several processes).

- ``job_leases``: one row per job being done (``deadline:12``), its owner and when the claim
  lapses; claimed and released by conditional writes (``storage.leases``).

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "job_leases",
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("owner", sa.String(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("key", name="pk_job_leases"),
    )


def downgrade() -> None:
    op.drop_table("job_leases")
