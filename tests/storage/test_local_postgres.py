"""`make test` uses a local PostgreSQL when one answers, even without TABULA_TEST_DATABASE_URL."""

from __future__ import annotations

import pytest

from tests.storage import conftest


def test_a_local_server_is_found_without_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(conftest.PG_ENV, raising=False)
    conftest.postgres_url.cache_clear()
    try:
        found = conftest.postgres_url()
    finally:
        conftest.postgres_url.cache_clear()
    try:
        import psycopg

        with psycopg.connect(conftest.PG_LOCAL, connect_timeout=2):
            answering = True
    except Exception:
        answering = False
    assert found == (conftest.PG_LOCAL if answering else None)


def test_the_variable_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(conftest.PG_ENV, "postgresql://someone@127.0.0.1:5999/other")
    conftest.postgres_url.cache_clear()
    try:
        assert conftest.postgres_url() == "postgresql://someone@127.0.0.1:5999/other"
    finally:
        conftest.postgres_url.cache_clear()
