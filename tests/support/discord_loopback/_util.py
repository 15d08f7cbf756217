"""Small helpers shared by the loopback Discord server: snowflakes, timestamps, limits."""

from __future__ import annotations

import datetime as _dt
import itertools
import time
from collections.abc import Iterator
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
"""Discord's epoch (2015-01-01T00:00:00Z) in milliseconds."""

API_VERSION = 10

EPHEMERAL = 1 << 6
"""Message flag: only the invoking user can see the message."""
LOADING = 1 << 7
"""Message flag: a deferred ("... is thinking") interaction response."""
SUPPRESS_EMBEDS = 1 << 2
IS_COMPONENTS_V2 = 1 << 15

ALL_PERMISSIONS = (1 << 53) - 1
"""Permission bit set granted to the bot (everything)."""
MEMBER_PERMISSIONS = 0x1E40788435DC40
"""A typical non-admin member permission set (view, send, threads, reactions, attachments ...)."""

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
DEFAULT_UPLOAD_LIMIT = 10 * 1024 * 1024


class SnowflakeFactory:
    """Produces strictly increasing Discord snowflakes based on the wall clock."""

    def __init__(self) -> None:
        self._last = 0
        self._counter: Iterator[int] = itertools.count()

    def next(self) -> int:
        """Return a new snowflake, larger than every snowflake returned before."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def after(self, snowflake: int) -> int:
        """A new snowflake one millisecond later than ``snowflake`` (for an id that must fall on
        another shard: the shard is ``(id >> 22) % count``, the millisecond)."""
        value = (((snowflake >> 22) + 1) << 22) | (snowflake & 0x3FFFFF)
        self._last = max(self._last, value)
        return value


def snowflake_time(snowflake: int) -> _dt.datetime:
    """Return the creation time encoded in ``snowflake``."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return _dt.datetime.fromtimestamp(ms / 1000, tz=_dt.UTC)


def utcnow() -> _dt.datetime:
    """Timezone-aware current UTC time."""
    return _dt.datetime.now(tz=_dt.UTC)


def iso(value: _dt.datetime | None) -> str | None:
    """Format a datetime the way Discord does (ISO 8601 with ``+00:00``)."""
    if value is None:
        return None
    return value.astimezone(_dt.UTC).isoformat()


def walk_components(components: list[dict[str, Any]] | None) -> Iterator[dict[str, Any]]:
    """Yield every component (rows, containers, sections, labels and their children), depth first."""
    for component in components or []:
        yield component
        yield from walk_components(component.get("components"))
        accessory = component.get("accessory")
        if isinstance(accessory, dict):
            yield from walk_components([accessory])
        inner = component.get("component")
        if isinstance(inner, dict):
            yield from walk_components([inner])


class ApiError(Exception):
    """An error the REST API returns to the bot as ``{"code": ..., "message": ...}`` JSON."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} (code {code}): {message}" + (f" {errors}" if errors else ""))
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def to_json(self) -> dict[str, Any]:
        """Discord's error body."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def form_error(field_path: str, code: str, message: str) -> ApiError:
    """A 400 "Invalid Form Body" error (code 50035) for one field."""
    return ApiError(
        400, 50035, "Invalid Form Body", {field_path: {"_errors": [{"code": code, "message": message}]}}
    )
