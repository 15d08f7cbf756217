"""Persistence for Tabula: SQLModel tables, migrations and the repository.

Typical use::

    engine = make_engine()          # TABULA_DATABASE_URL, default sqlite:///./tabula.db
    migrate(engine)                 # idempotent; run at start-up
    repo = Repository(engine)
"""

from .db import database_url, make_engine, migrate
from .errors import CapReached, SeatNotFound, SeatTaken, StorageError, TableNotFound, WrongStatus
from .log import Committed, NewAction, effective_actions
from .models import (
    ACTION_KINDS,
    LIVE_STATUSES,
    TABLE_STATUSES,
    ActionRow,
    SeatRow,
    ServerSettingsRow,
    SnapshotRow,
    TableRow,
)
from .repository import UNSET, Guard, Loaded, Repository, TableCap

__all__ = [
    "ACTION_KINDS",
    "LIVE_STATUSES",
    "TABLE_STATUSES",
    "UNSET",
    "ActionRow",
    "CapReached",
    "Committed",
    "Guard",
    "Loaded",
    "NewAction",
    "Repository",
    "SeatNotFound",
    "SeatRow",
    "SeatTaken",
    "ServerSettingsRow",
    "SnapshotRow",
    "StorageError",
    "TableCap",
    "TableNotFound",
    "TableRow",
    "WrongStatus",
    "database_url",
    "effective_actions",
    "make_engine",
    "migrate",
]
