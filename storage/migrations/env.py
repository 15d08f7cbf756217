"""Alembic environment for Tabula's packaged migrations (see :func:`storage.db.migrate`)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from storage.db import make_engine
from storage.models import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate over the caller's connection, or open one to ``TABULA_DATABASE_URL``."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    engine = make_engine(config.get_main_option("sqlalchemy.url") or None)
    try:
        with engine.begin() as connection:
            _run(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    raise SystemExit("Tabula migrations run online only (storage.db.migrate).")
run_online()
