"""Service fixtures: a TableService on each database backend."""

from __future__ import annotations

import pytest

from service import TableService
from storage.repository import Repository


@pytest.fixture
def service(repo: Repository) -> TableService:
    return TableService(repo)
