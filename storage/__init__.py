"""Persistence for Tabula: SQLModel tables, migrations and the repository.

Typical use::

    engine = make_engine()          # TABULA_DATABASE_URL, default sqlite:///./tabula.db
    migrate(engine)                 # idempotent; run at start-up
    repo = Repository(engine)
"""

from .db import database_url, make_engine, migrate
from .errors import SeatNotFound, SeatTaken, StorageError, TableNotFound
from .log import NewAction, effective_actions
from .models import (
    ACTION_KINDS,
    LIVE_STATUSES,
    TABLE_STATUSES,
    ActionRow,
    SeatRow,
    SnapshotRow,
    TableRow,
)
from .repository import UNSET, Committed, Loaded, Repository

__all__ = [
    "ACTION_KINDS",
    "LIVE_STATUSES",
    "TABLE_STATUSES",
    "UNSET",
    "ActionRow",
    "Committed",
    "Loaded",
    "NewAction",
    "Repository",
    "SeatNotFound",
    "SeatRow",
    "SeatTaken",
    "SnapshotRow",
    "StorageError",
    "TableNotFound",
    "TableRow",
    "database_url",
    "effective_actions",
    "make_engine",
    "migrate",
]
