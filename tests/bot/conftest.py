"""Fixtures of the console tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from service import TableService
from storage.db import make_engine, migrate
from storage.repository import Repository


@pytest.fixture
def service(tmp_path: Path) -> TableService:
    """A table service on a fresh SQLite file, as the console opens one."""
    engine = make_engine(f"sqlite:///{tmp_path / 'console.db'}")
    migrate(engine)
    return TableService(Repository(engine))
