"""Engines and migrations."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, inspect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from storage.db import (
    DEFAULT_URL,
    alembic_config,
    current_revision,
    database_url,
    head_revision,
    make_engine,
    migrate,
    normalise_url,
)
from storage.models import ActionRow, metadata
from storage.repository import Repository

TABLES = {"tables", "seats", "actions", "snapshots", "table_notes"}


def head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_database_url_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABULA_DATABASE_URL", raising=False)
    assert database_url() == DEFAULT_URL == "sqlite:///./tabula.db"
    monkeypatch.setenv("TABULA_DATABASE_URL", "postgresql://u@h/db")
    assert database_url() == "postgresql://u@h/db"


@pytest.mark.parametrize("given", ["postgresql://u:p@h:5432/db", "postgres://u:p@h:5432/db",
                                   "postgresql+psycopg://u:p@h:5432/db"])
def test_postgres_urls_use_psycopg3(given: str) -> None:
    url = normalise_url(given)
    assert url.drivername == "postgresql+psycopg"
    assert (url.username, url.password, url.host, url.port, url.database) == ("u", "p", "h", 5432, "db")


def test_sqlite_url_is_left_alone() -> None:
    assert normalise_url("sqlite:///x.db").drivername == "sqlite"


def test_in_memory_sqlite_is_one_database_for_all_threads() -> None:
    import threading

    engine = make_engine("sqlite://")
    migrate(engine)
    seen: list[list[str]] = []
    thread = threading.Thread(target=lambda: seen.append(inspect(engine).get_table_names()))
    thread.start()
    thread.join()
    assert set(seen[0]) >= TABLES
    engine.dispose()


def test_migrate_creates_the_schema(engine: Engine) -> None:
    assert current_revision(engine) is None
    migrate(engine)
    assert TABLES | {"alembic_version"} <= set(inspect(engine).get_table_names())
    assert current_revision(engine) == head() is not None


def test_migrate_is_idempotent_and_keeps_data(engine: Engine) -> None:
    migrate(engine)
    table = Repository(engine).create_table("g", seed="s", engine_version="1")
    migrate(engine)
    migrate(engine)
    assert current_revision(engine) == head()
    assert Repository(engine).require_table(table.id or 0).game_id == "g"


def test_models_match_migrations(engine: Engine) -> None:
    migrate(engine)
    with engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []


def test_the_head_read_without_alembic_is_alembics_head() -> None:
    assert head_revision() == head() is not None


def test_a_start_on_an_up_to_date_schema_imports_no_alembic(tmp_path: Path) -> None:
    """A bot's every start migrates; when nothing is to do it neither imports Alembic (0.4 s of CPU a start)
    nor touches the schema, and a database one revision behind is still brought up to date."""
    url = f"sqlite:///{tmp_path / 'start.db'}"
    probe = ("import sys\nfrom storage.db import make_engine, migrate\n"
             f"migrate(make_engine({url!r}))\nprint('alembic' in sys.modules)")

    def start() -> str:
        return subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True).stdout.strip()

    assert start() == "True"  # a new database: Alembic creates the schema
    assert start() == "False"
    engine = make_engine(url)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "-1")
    assert current_revision(engine) != head()
    assert start() == "True"
    assert current_revision(engine) == head()
    engine.dispose()


def test_downgrade_and_upgrade_again(engine: Engine) -> None:
    migrate(engine)
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "base")
    assert not TABLES & set(inspect(engine).get_table_names())
    migrate(engine)
    assert set(inspect(engine).get_table_names()) >= TABLES


def test_migrate_needs_no_alembic_ini_in_cwd(engine: Engine, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    migrate(engine)
    assert current_revision(engine) == head()


def test_foreign_keys_are_enforced(engine: Engine) -> None:
    migrate(engine)
    with pytest.raises(IntegrityError), Session(engine) as session, session.begin():
        session.add(ActionRow(table_id=12345, seq=1, notation="x"))


def test_sqlite_pragmas(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'p.db'}")
    with engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    engine.dispose()
