"""The table service shared by every adapter (DESIGN: "The table service")."""

from .errors import SERVICE_CATALOG, TableError
from .tables import HistoryEntry, Loaded, MoveResult, Step, TableService

__all__ = ["SERVICE_CATALOG", "HistoryEntry", "Loaded", "MoveResult", "Step", "TableError", "TableService"]
