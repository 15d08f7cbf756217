"""Member settings: what one member chose for themselves on every server (issue 10 §10).

- ``member_settings``: one row per member who chose something (reminders by direct message),
  their settings as a JSON object.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "member_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.String(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_member_settings"),
        sa.UniqueConstraint("user_id", name="uq_member_settings_user_id"),
    )


def downgrade() -> None:
    op.drop_table("member_settings")
