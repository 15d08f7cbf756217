"""Errors the repository raises besides :class:`games.core.StaleVersion`."""

from __future__ import annotations


class StorageError(Exception):
    """Base of storage errors that are not a lost race on the version."""


class TableNotFound(StorageError, LookupError):
    """No table has this id."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"no table {table_id}")


class SeatNotFound(StorageError, LookupError):
    """The table has no such seat."""

    def __init__(self, table_id: int, seat: int) -> None:
        self.table_id = table_id
        self.seat = seat
        super().__init__(f"table {table_id} has no seat {seat}")


class SeatTaken(StorageError):
    """The seat number asked for is already held."""

    def __init__(self, table_id: int, seat: int) -> None:
        self.table_id = table_id
        self.seat = seat
        super().__init__(f"seat {seat} of table {table_id} is taken")


class CapReached(StorageError):
    """A table was not created: a cap on live tables (:class:`~storage.repository.TableCap`) is
    reached."""

    def __init__(self, name: str, limit: int, count: int) -> None:
        self.name = name
        self.limit = limit
        self.count = count
        super().__init__(f"cap {name} reached: {count} of {limit}")


class WrongStatus(StorageError):
    """A guarded write found the table in a status it does not allow (a move on an abandoned
    table, a seat added after the deal)."""

    def __init__(self, table_id: int, status: str) -> None:
        self.table_id = table_id
        self.status = status
        super().__init__(f"table {table_id} is {status}")
