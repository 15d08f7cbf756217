"""Refusals of the table service, message-keyed like engine errors (see ``messages.toml``)."""

from __future__ import annotations

from pathlib import Path

from games.core import CORE_CATALOG, Catalog, GameError

SERVICE_CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"), parent=CORE_CATALOG)


class TableError(GameError):
    """A table-level refusal: not seated, table full, not started..."""

    default_key = "table.error"


class NoSuchTable(TableError):
    default_key = "table.not_found"


class NotSeated(TableError):
    default_key = "table.not_seated"


class NoSuchSeat(TableError):
    default_key = "table.no_such_seat"


class WrongSeat(TableError):
    default_key = "table.wrong_seat"


class TableFull(TableError):
    default_key = "table.full"


class AlreadySeated(TableError):
    default_key = "table.already_seated"


class NotInLobby(TableError):
    default_key = "table.not_in_lobby"


class NotActive(TableError):
    default_key = "table.not_active"


class NotAllowed(TableError):
    default_key = "table.not_allowed"


class CannotUndo(TableError):
    default_key = "table.cannot_undo"
