"""Engines and migrations: where the database is and how to bring its schema up to date."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, make_url
from sqlalchemy.engine import URL
from sqlalchemy.pool import StaticPool

ENV_VAR: Final = "TABULA_DATABASE_URL"
DEFAULT_URL: Final = "sqlite:///./tabula.db"
MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")

#: Seconds a SQLite connection waits for another writer before giving up.
SQLITE_BUSY_TIMEOUT: Final = 30.0

#: Execution option read by the SQLite ``begin`` hook: ``"IMMEDIATE"`` takes the write lock
#: at BEGIN, so a read-then-write transaction never fails half-way on a lock upgrade.
SQLITE_BEGIN: Final = "tabula_sqlite_begin"


def database_url() -> str:
    """The database URL from ``TABULA_DATABASE_URL``; default a SQLite file ``./tabula.db``."""
    return os.environ.get(ENV_VAR) or DEFAULT_URL


def normalise_url(url: str | URL) -> URL:
    """Parse ``url``; bare ``postgresql://`` (and ``postgres://``) use the psycopg 3 driver."""
    parsed = make_url(url)
    if parsed.drivername in {"postgresql", "postgres"}:
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str | URL | None = None, **kwargs: Any) -> Engine:
    """A synchronous engine for ``url`` (default :func:`database_url`).

    SQLite connections get WAL journaling, enforced foreign keys and a busy timeout; their
    transactions are opened explicitly (``BEGIN``) so SQLite's locking matches SQLAlchemy's
    idea of a transaction. In-memory SQLite shares one connection across threads. Extra
    ``kwargs`` go to :func:`sqlalchemy.create_engine`.
    """
    parsed = normalise_url(url if url is not None else database_url())
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(parsed, **kwargs)

    connect_args = kwargs.setdefault("connect_args", {})
    connect_args.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
    connect_args.setdefault("check_same_thread", False)
    if parsed.database in (None, "", ":memory:"):
        kwargs.setdefault("poolclass", StaticPool)
    engine = create_engine(parsed, **kwargs)
    _install_sqlite_hooks(engine)
    return engine


def _install_sqlite_hooks(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy (the "begin" hook below) decide when transactions start.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT * 1000)}")
            cursor.execute("PRAGMA synchronous=NORMAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        mode = connection.get_execution_options().get(SQLITE_BEGIN, "DEFERRED")
        connection.exec_driver_sql(f"BEGIN {mode}")


def alembic_config() -> Config:
    """An Alembic config for the packaged migrations; no ``alembic.ini`` is needed.

    Without a connection in ``config.attributes["connection"]`` the migrations connect to
    :func:`database_url`.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (default the newest). Safe to run on every start."""
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None``: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
