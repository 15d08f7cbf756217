"""Per-server settings: what a server's managers chose for themselves (the caps on live tables).

- ``server_settings``: one row per guild that changed a default, its settings as a JSON object.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "server_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("guild_id", sa.String(), nullable=False),
        sa.Column("settings", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_server_settings"),
        sa.UniqueConstraint("guild_id", name="uq_server_settings_guild_id"),
    )


def downgrade() -> None:
    op.drop_table("server_settings")
