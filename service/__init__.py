"""The table service shared by every adapter (DESIGN: "The table service")."""

from storage.models import SeatRow, TableRow

from .errors import SERVICE_CATALOG, TableError
from .limits import TableLimits
from .tables import HistoryEntry, Loaded, MoveResult, PendingTurn, Step, TableService

#: ``TableRow`` and ``SeatRow`` are re-exported so adapters read tables through the service and
#: never import ``storage`` themselves.
__all__ = ["SERVICE_CATALOG", "HistoryEntry", "Loaded", "MoveResult", "PendingTurn", "SeatRow", "Step", "TableError",
           "TableLimits", "TableRow", "TableService"]
