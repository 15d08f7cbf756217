"""Engines and migrations: where the database is and how to bring its schema up to date."""

from __future__ import annotations

import functools
import logging
import os
import re
import select
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from sqlalchemy import Engine, create_engine, event, make_url, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.pool import NullPool, StaticPool

if TYPE_CHECKING:
    from alembic.config import Config

log = logging.getLogger(__name__)

ENV_VAR: Final = "TABULA_DATABASE_URL"
DEFAULT_URL: Final = "sqlite:///./tabula.db"
MIGRATIONS_DIR: Final = Path(__file__).with_name("migrations")

#: Seconds a SQLite connection waits for another writer before giving up.
SQLITE_BUSY_TIMEOUT: Final = 30.0

#: Execution option read by the SQLite ``begin`` hook: ``"IMMEDIATE"`` takes the write lock
#: at BEGIN, so a read-then-write transaction never fails half-way on a lock upgrade;
#: :data:`SQLITE_NO_BEGIN` sends no BEGIN at all (a single statement is atomic by itself).
SQLITE_BEGIN: Final = "tabula_sqlite_begin"
SQLITE_NO_BEGIN: Final = "NONE"

#: Seconds after which a pooled server connection is replaced rather than reused, so one that a
#: firewall or the server dropped silently while idle is not handed out (issue 13 §4: instead of
#: a ping on every checkout).
POOL_RECYCLE: Final = 1800


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
    idea of a transaction. In-memory SQLite shares one connection across threads.

    Server connections are not pinged on checkout (a round trip per transaction, issue 13 §4):
    a PostgreSQL connection the server closed while it sat in the pool is noticed without a
    round trip when it is checked out (:func:`_drop_closed_connection`) and replaced; one dropped
    silently is replaced after :data:`POOL_RECYCLE` seconds, and a statement that finds its
    connection gone fails once while SQLAlchemy invalidates the pool. Extra ``kwargs`` go to
    :func:`sqlalchemy.create_engine`.
    """
    parsed = normalise_url(url if url is not None else database_url())
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_recycle", POOL_RECYCLE)
        engine = create_engine(parsed, **kwargs)
        if parsed.get_backend_name() == "postgresql":
            event.listen(engine, "checkout", _drop_closed_connection)
        return engine

    connect_args = kwargs.setdefault("connect_args", {})
    connect_args.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
    connect_args.setdefault("check_same_thread", False)
    if parsed.database in (None, "", ":memory:"):
        kwargs.setdefault("poolclass", StaticPool)
    engine = create_engine(parsed, **kwargs)
    _install_sqlite_hooks(engine)
    return engine


def _drop_closed_connection(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """Refuse a pooled psycopg connection the server has closed (pool ``checkout`` hook).

    An idle connection has nothing to read unless the server spoke first: ending a backend
    (``pg_terminate_backend``, a restart, ``idle_session_timeout``) sends an error and closes the
    socket, and Tabula never listens for notifications. So the socket is polled without waiting;
    a closed connection, or anything waiting to be read, raises
    :class:`~sqlalchemy.exc.DisconnectionError`, on which the pool discards the connection and
    connects afresh. No round trip is made."""
    pgconn = getattr(dbapi_connection, "pgconn", None)
    if pgconn is None:
        return
    from psycopg import pq

    try:
        unread = pgconn.status != pq.ConnStatus.OK or bool(select.select([pgconn.socket], [], [], 0)[0])
    except Exception as error:  # the socket is already gone
        raise DisconnectionError(str(error)) from error
    if unread:
        log.info("a pooled database connection was closed by the server; connecting again")
        raise DisconnectionError("a pooled database connection was closed by the server")


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
        if mode != SQLITE_NO_BEGIN:
            connection.exec_driver_sql(f"BEGIN {mode}")


def alembic_config() -> Config:
    """An Alembic config for the packaged migrations; no ``alembic.ini`` is needed.

    Without a connection in ``config.attributes["connection"]`` the migrations connect to
    :func:`database_url`.
    """
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("path_separator", "os")
    return config


#: The PostgreSQL advisory lock held while migrating (any constant of our own: "tabula" in hex).
MIGRATION_LOCK: Final = 0x746162756C61


#: A migration script's ``revision = "…"`` and ``down_revision = "…"`` (or ``None``) lines.
_REVISION_LINE: Final = re.compile(
    r"""^(?P<key>down_revision|revision)\s*(?::[^=]*)?=\s*(?:["'](?P<id>[^"']+)["']|None)\s*$""", re.MULTILINE)


@functools.cache
def head_revision() -> str:
    """The newest packaged migration, read from the scripts' ``revision``/``down_revision`` lines without
    importing Alembic: a start on a schema that is up to date needs none of it (issue 25 §3: Alembic was
    0.4 s of every bot start's imports). A test checks it against Alembic's own reading."""
    revisions: set[str] = set()
    parents: set[str] = set()
    for script in MIGRATIONS_DIR.joinpath("versions").glob("*.py"):
        for line in _REVISION_LINE.finditer(script.read_text(encoding="utf-8")):
            if line["id"] is not None:
                (revisions if line["key"] == "revision" else parents).add(line["id"])
    heads = revisions - parents
    if len(heads) != 1:
        raise RuntimeError(f"the migrations have {len(heads)} heads ({sorted(heads)}); expected one")
    return heads.pop()


def schema_is_current(engine: Engine) -> bool:
    """Whether the database's schema is at :func:`head_revision` (``False`` when it was never migrated)."""
    try:
        with engine.connect() as connection:
            found = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    except DBAPIError:  # no alembic_version table yet; a real connection error shows again in migrate
        return False
    return found == [head_revision()]


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (default the newest). Safe to run on every start; a schema already
    at the newest revision costs one query and no import of Alembic."""
    if revision == "head" and schema_is_current(engine):
        return
    from alembic import command

    config = alembic_config()
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # several bot processes starting at once on one database migrate one after the other
            # (issue 13 §5); the lock ends with the transaction
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def current_revision(engine: Engine) -> str | None:
    """The schema revision the database is at (``None``: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def throwaway_schema(url: str, prefix: str) -> Iterator[str]:
    """A schema of its own on the PostgreSQL server at ``url``, named ``<prefix>_<random>``:
    yields a URL whose connections use only it, and drops it afterwards (tests and benchmarks
    share one server without seeing each other's tables). Use with ``yield from``."""
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = make_engine(url, poolclass=NullPool)
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
        scoped = make_url(url).update_query_dict({"options": f"-csearch_path={schema}"})
        yield scoped.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        admin.dispose()
