"""Caps on live tables, per member and per server, and the overrides a server's managers choose.

One member must not be able to fill a server with tables (security review, finding 2: fifty
lobbies in under a second filled a category, and threads count against the server's cap on
active threads). So a new table is refused when its creator already has ``member_lobbies`` tables
waiting in the lobby or ``member_tables`` live tables (lobby or in play), or when the server has
``guild_tables`` live tables. The defaults come from the adapter (``TableService(limits=...)``);
a server's managers may override them (:func:`set_server_limits`), stored per server.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Final

from storage.errors import CapReached
from storage.models import LIVE_STATUSES
from storage.repository import TableCap

from .errors import TableError

if TYPE_CHECKING:
    from .tables import TableService

#: What each limit may be set to by a server's managers (inclusive).
LIMIT_RANGES: Final = {"member_lobbies": (1, 25), "member_tables": (1, 100), "guild_tables": (1, 1000)}


class ManagersOnly(TableError):
    """Only a server's managers may change its settings."""

    default_key = "table.managers_only"


@dataclass(frozen=True)
class TableLimits:
    """Caps on live tables: lobbies and live tables per creator, live tables per server."""

    member_lobbies: int = 3
    member_tables: int = 10
    guild_tables: int = 50

    def caps(self, creator: str | None) -> list[TableCap]:
        """The caps a new table of ``creator`` is checked against, the creator's own first (the
        refusal then names what the creator can change)."""
        guild = TableCap("guild_tables", self.guild_tables, LIVE_STATUSES)
        if creator is None:
            return [guild]
        return [TableCap("member_lobbies", self.member_lobbies, ("lobby",), creator),
                TableCap("member_tables", self.member_tables, LIVE_STATUSES, creator), guild]

    def merged(self, overrides: Mapping[str, Any]) -> TableLimits:
        """These limits with a server's overrides (unknown keys and bad values are ignored)."""
        chosen: dict[str, int] = {}
        for item in fields(self):
            value = overrides.get(item.name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                chosen[item.name] = value
        return replace(self, **chosen)

    def as_dict(self) -> dict[str, int]:
        return {item.name: int(getattr(self, item.name)) for item in fields(self)}


def server_limits(service: TableService, guild_id: str) -> TableLimits:
    """The limits in force on a server: the defaults with its managers' overrides."""
    return service.limits.merged(service.repo.server_settings(guild_id))


def set_server_limits(service: TableService, guild_id: str, *, manager: bool,
                      **changes: int | None) -> TableLimits:
    """Change a server's limits (its managers only); ``None`` or 0 goes back to the default.
    Returns the limits now in force."""
    if not manager:
        raise ManagersOnly()
    stored: dict[str, int | None] = {}
    for key, value in changes.items():
        if key not in LIMIT_RANGES:
            raise TableError("table.bad_setting", setting=key)
        if not value:
            stored[key] = None
            continue
        low, high = LIMIT_RANGES[key]
        if not low <= int(value) <= high:
            raise TableError("table.bad_limit", setting=key, low=low, high=high)
        stored[key] = int(value)
    return service.limits.merged(service.repo.update_server_settings(guild_id, stored))


def refusal(error: CapReached) -> TableError:
    """The refusal a creator reads when a cap is reached."""
    return TableError(f"table.limit.{error.name}", limit=error.limit, count=error.count)
