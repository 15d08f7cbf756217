"""Shared fixtures: database backends (SQLite and PostgreSQL) for storage and service tests."""

from tests.storage.conftest import db_url, engine, repo  # noqa: F401  (fixtures)
