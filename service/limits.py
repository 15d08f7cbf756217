"""Caps on live tables, per member and per server, and the overrides a server's managers choose.

One member must not be able to fill a server with tables (security review, finding 2: fifty
lobbies in under a second filled a category, and threads count against the server's cap on
active threads). So a new table is refused when its creator already has ``member_lobbies`` tables
waiting in the lobby or ``member_tables`` live tables (lobby or in play), or when the server has
``guild_tables`` live tables. The defaults come from the adapter (``TableService(limits=...)``);
a server's managers may override them (:func:`set_server_limits`), stored per server.

A server's managers also choose the defaults of its new tables (:class:`ServerDefaults`: the
language of their public messages, the deadline per step and what happens to a late seat, the
channel that holds their threads and whether those threads are private), stored in the same
per-server row (:func:`configure_server`). What a server did not choose falls back to the
adapter's configuration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Final

from storage.errors import CapReached
from storage.models import LIVE_STATUSES
from storage.repository import TableCap

from . import clock
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


#: The languages a server may choose for its new tables' public messages.
SERVER_LANGUAGES: Final = ("en", "zh")
#: What happens to a late seat (as ``/settings deadline`` offers for one table).
POLICIES: Final = ("move", "bot")
#: Whether new tables' threads are public or private.
THREAD_KINDS: Final = ("public", "private")
#: The longest default deadline per step, in hours (90 days, as ``/settings deadline``).
MAX_DEADLINE_HOURS: Final = 2160.0


@dataclass(frozen=True)
class ServerDefaults:
    """What a server's managers chose for its new tables; ``None``: not chosen (the adapter's
    configuration applies: the server's Discord language or ``TABULA_LANGUAGE``, no deadline, a bot
    moves for a late seat, a thread under the channel where ``/table new`` was used, public)."""

    language: str | None = None
    deadline_hours: float | None = None
    policy: str | None = None
    channel_id: str | None = None
    threads: str | None = None
    #: A role whose members may create, start, pause and end leagues besides the server's
    #: moderators (issue 23 §7, docs/leagues.md "Creating a league"): its id.
    league_role: str | None = None

    @classmethod
    def read(cls, stored: Mapping[str, Any]) -> ServerDefaults:
        """The defaults in a server's stored settings (unknown keys and bad values are ignored)."""
        language = stored.get("language")
        hours = stored.get("deadline_hours")
        policy = stored.get("policy")
        channel = stored.get("channel_id")
        threads = stored.get("threads")
        role = stored.get("league_role")
        return cls(language=language if language in SERVER_LANGUAGES else None,
                   deadline_hours=float(hours) if isinstance(hours, int | float) and not isinstance(hours, bool)
                   and 0 < hours <= MAX_DEADLINE_HOURS else None,
                   policy=policy if policy in POLICIES else None,
                   channel_id=channel if isinstance(channel, str) and channel.isdigit() else None,
                   threads=threads if threads in THREAD_KINDS else None,
                   league_role=role if isinstance(role, str) and role.isdigit() else None)

    def table_settings(self) -> dict[str, Any]:
        """The settings a new table of this server starts with (its deadline and policy)."""
        out: dict[str, Any] = {}
        if self.deadline_hours:
            out["deadline_hours"] = self.deadline_hours
        if self.policy:
            out["policy"] = self.policy
        return out

    @property
    def private_threads(self) -> bool:
        return self.threads == "private"


def _check_limit(key: str, value: int | None) -> int | None:
    if not value:
        return None
    low, high = LIMIT_RANGES[key]
    if not low <= int(value) <= high:
        raise TableError("table.bad_limit", setting=key, low=low, high=high)
    return int(value)


def _check_default(key: str, value: Any) -> Any:
    """A server default as stored, or ``None`` (back to the configuration); refuses bad values."""
    if value is None or value == "":
        return None
    if key == "language":
        if value == "auto":
            return None
        if value not in SERVER_LANGUAGES:
            raise TableError("table.bad_language", language=str(value)[:20])
        return value
    if key == "deadline_hours":
        try:
            hours = float(value)
        except (TypeError, ValueError):
            hours = float("nan")
        if not 0 <= hours <= MAX_DEADLINE_HOURS:  # also NaN
            raise TableError("table.bad_deadline", high=f"{MAX_DEADLINE_HOURS:g}")
        if hours == 0:
            return None
        if hours < clock.MIN_DEADLINE_HOURS:
            raise TableError("table.too_often", minutes=round(clock.MIN_DEADLINE_HOURS * 60))
        return hours
    if key == "policy":
        if value not in POLICIES:
            raise TableError("table.bad_policy", policy=str(value)[:20])
        return value
    if key == "channel_id":
        if not str(value).isdigit():
            raise TableError("table.bad_channel")
        return str(value)
    if key == "league_role":
        if not str(value).isdigit():
            raise TableError("table.bad_setting", setting=key)
        return str(value)
    if key == "threads":
        if value not in THREAD_KINDS:
            raise TableError("table.bad_threads", threads=str(value)[:20])
        return value
    raise TableError("table.bad_setting", setting=key)


DEFAULT_KEYS: Final = tuple(item.name for item in fields(ServerDefaults))


def server_defaults(service: TableService, guild_id: str) -> ServerDefaults:
    """What a server chose for its new tables."""
    return ServerDefaults.read(service.repo.server_settings(guild_id))


def configure_server(service: TableService, guild_id: str, *, manager: bool,
                     **changes: Any) -> tuple[TableLimits, ServerDefaults]:
    """Change a server's settings (its managers only): the limits (:data:`LIMIT_RANGES`; ``None``
    or 0: the default) and the defaults of new tables (:class:`ServerDefaults`; ``None``, ``""``,
    ``"auto"`` language or a 0 h deadline: back to the configuration). Every value is checked
    before anything is stored, so a refusal changes nothing. Returns what is now in force."""
    if not manager:
        raise ManagersOnly()
    stored: dict[str, Any] = {}
    for key, value in changes.items():
        if key in LIMIT_RANGES:
            stored[key] = _check_limit(key, value)
        elif key in DEFAULT_KEYS:
            stored[key] = _check_default(key, value)
        else:
            raise TableError("table.bad_setting", setting=key)
    settings = service.repo.update_server_settings(guild_id, stored) if stored else \
        service.repo.server_settings(guild_id)
    return service.limits.merged(settings), ServerDefaults.read(settings)


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
        stored[key] = _check_limit(key, value)
    return service.limits.merged(service.repo.update_server_settings(guild_id, stored))


def refusal(error: CapReached) -> TableError:
    """The refusal a creator reads when a cap is reached."""
    return TableError(f"table.limit.{error.name}", limit=error.limit, count=error.count)
