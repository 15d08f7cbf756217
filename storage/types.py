"""Column types shared by the tables: UTC timestamps and JSON stored as text."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, Text
from sqlalchemy.engine import Dialect
from sqlalchemy.types import TypeDecorator


def utcnow() -> datetime:
    """The current time, timezone-aware in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp that always comes back timezone-aware in UTC.

    PostgreSQL stores ``timestamptz``; SQLite has no time zones, so values are stored as naive
    UTC there. Naive values given by callers are taken to be UTC already.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        value = value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class JSONText(TypeDecorator[Any]):
    """A JSON value (mostly objects; lists for seat orders) kept as canonical text (sorted keys,
    real unicode, no spaces).

    Plain text rather than a native JSON type, so both backends store the same bytes and the
    values read back identically. ``None`` reads back as an empty dict.
    """

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Dialect) -> str:
        return json.dumps(value if value is not None else {}, sort_keys=True, ensure_ascii=False,
                          separators=(",", ":"))

    def process_result_value(self, value: str | None, dialect: Dialect) -> Any:
        return json.loads(value) if value else {}
