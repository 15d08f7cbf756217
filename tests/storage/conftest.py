"""Database fixtures, parametrised over SQLite and PostgreSQL.

Self-contained so it can move to ``tests/conftest.py`` unchanged:

- ``db_url``: a URL to an empty database, once per backend. SQLite is a fresh file in
  ``tmp_path``; PostgreSQL is a fresh schema (``search_path`` set in the URL) on the server
  named by ``TABULA_TEST_DATABASE_URL``, dropped afterwards. PostgreSQL params are marked
  ``postgres`` and skipped when the variable is unset and no local server answers (``PG_LOCAL``).
- ``engine``: :func:`storage.db.make_engine` on ``db_url`` (not migrated).
- ``repo``: a :class:`storage.repository.Repository` on a migrated ``engine``.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine

from storage.db import make_engine, migrate, throwaway_schema
from storage.repository import Repository

PG_ENV = "TABULA_TEST_DATABASE_URL"
#: Where a developer's local PostgreSQL usually answers (trust auth, database ``test``): used when
#: ``TABULA_TEST_DATABASE_URL`` is unset and a server answers there, so ``make test`` runs the
#: PostgreSQL tests wherever one is running (``.ci/run`` sets the variable explicitly).
PG_LOCAL = "postgresql://postgres@127.0.0.1:5432/test"


@functools.cache
def postgres_url() -> str | None:
    """The PostgreSQL server for tests: the variable's, else a local one that answers, else none."""
    if os.environ.get(PG_ENV):
        return os.environ[PG_ENV]
    try:
        import psycopg

        with psycopg.connect(PG_LOCAL, connect_timeout=2):
            return PG_LOCAL
    except Exception:
        return None
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def _pg_schema_url(base: str) -> Iterator[str]:
    """Create a schema of its own on the server at ``base``; yield a URL that uses only it."""
    yield from throwaway_schema(base, "tabula_test")


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """URL of an empty database of each backend (see the module docstring)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'tabula.db'}"
        return
    base = postgres_url()
    if not base:
        pytest.skip(f"{PG_ENV} is not set (e.g. postgresql://postgres@127.0.0.1:5432/test); "
                    "PostgreSQL tests need a running server")
    yield from _pg_schema_url(base)


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    """An engine on ``db_url``; the schema is not created (see ``repo``)."""
    engine = make_engine(db_url)
    yield engine
    engine.dispose()


@pytest.fixture
def repo(engine: Engine) -> Repository:
    """A repository on a freshly migrated database."""
    migrate(engine)
    return Repository(engine)
