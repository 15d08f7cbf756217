"""The SQL of the clock's tick (issue 25 §3): the active tables whose deadline passed or whose
reminder may be due, chosen by the database instead of listing every active table each minute.

Times are compared as hours since an epoch, per backend (SQLite: ``julianday``; PostgreSQL:
``EXTRACT(EPOCH ...)``), and a table's ``remind_hours`` and last reminder are read from their
JSON text the same way. The reminder's condition is widened by :data:`SLACK_HOURS`, so rounding
can only let a table in that the exact check (``service.clock``) then leaves out, never keep a
due one out. A deadline is compared as a timestamp, exactly.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Float, and_, literal, or_, select
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import aliased
from sqlalchemy.sql.compiler import SQLCompiler
from sqlalchemy.sql.functions import FunctionElement
from sqlalchemy.sql.selectable import Select
from sqlmodel import col

from .models import TableNote, TableRow
from .types import UTCDateTime

#: How far (in hours) the SQL lets a reminder in early: one minute, far above rounding.
SLACK_HOURS: Final = 1 / 60
#: At most this many server ids go into the query (SQLite's oldest limit on bound values is
#: 999); a process serving more servers filters the (few) due tables in Python instead.
MAX_GUILDS_IN_QUERY: Final = 900


class _Hours(FunctionElement[float]):
    """A timestamp column or parameter as hours since an epoch."""

    type = Float()
    inherit_cache = True


class _NotedHours(FunctionElement[float]):
    """A note holding an ISO timestamp as JSON text (``"2026-12-01T19:00:00+00:00"``), as hours."""

    type = Float()
    inherit_cache = True


class _RemindHours(FunctionElement[float]):
    """A table's ``remind_hours`` from its settings (JSON text); NULL when absent."""

    type = Float()
    inherit_cache = True


def _arg(element: FunctionElement[Any], compiler: SQLCompiler, **kw: Any) -> str:
    return compiler.process(next(iter(element.clauses)), **kw)


@compiles(_Hours, "sqlite")
def _hours_sqlite(element: _Hours, compiler: SQLCompiler, **kw: Any) -> str:
    return f"(julianday({_arg(element, compiler, **kw)}) * 24.0)"


@compiles(_Hours, "postgresql")
def _hours_postgresql(element: _Hours, compiler: SQLCompiler, **kw: Any) -> str:
    return f"(EXTRACT(EPOCH FROM {_arg(element, compiler, **kw)}) / 3600.0)"


@compiles(_NotedHours, "sqlite")
def _noted_sqlite(element: _NotedHours, compiler: SQLCompiler, **kw: Any) -> str:
    return f"(julianday(json_extract({_arg(element, compiler, **kw)}, '$')) * 24.0)"


@compiles(_NotedHours, "postgresql")
def _noted_postgresql(element: _NotedHours, compiler: SQLCompiler, **kw: Any) -> str:
    value = f"CAST(CAST({_arg(element, compiler, **kw)} AS JSON) #>> '{{}}' AS TIMESTAMPTZ)"
    return f"(EXTRACT(EPOCH FROM {value}) / 3600.0)"


@compiles(_RemindHours, "sqlite")
def _remind_sqlite(element: _RemindHours, compiler: SQLCompiler, **kw: Any) -> str:
    return f"CAST(json_extract({_arg(element, compiler, **kw)}, '$.remind_hours') AS REAL)"


@compiles(_RemindHours, "postgresql")
def _remind_postgresql(element: _RemindHours, compiler: SQLCompiler, **kw: Any) -> str:
    return f"CAST(CAST({_arg(element, compiler, **kw)} AS JSON) ->> 'remind_hours' AS DOUBLE PRECISION)"


def due_statement(now: datetime, reminded_key: str, guild_ids: Iterable[str] | None) -> Select[Any]:
    """Active tables with a channel (of ``guild_ids``, if given and not too many) whose deadline
    passed by ``now``, or that remind (``remind_hours`` > 0) and were neither changed nor
    reminded (note ``reminded_key``) in the last ``remind_hours`` (less :data:`SLACK_HOURS`);
    each with its last reminder's note value (``None``: never), by table id."""
    note = aliased(TableNote)
    every = _RemindHours(col(TableRow.settings))
    until = _Hours(literal(now, UTCDateTime)) + SLACK_HOURS
    reminding = and_(every > 0, _Hours(col(TableRow.updated_at)) + every <= until,
                     or_(col(note.value).is_(None), _NotedHours(col(note.value)).is_(None),
                         _NotedHours(col(note.value)) + every <= until))
    late = and_(col(TableRow.deadline_at).is_not(None), col(TableRow.deadline_at) <= now)
    query = (select(TableRow, col(note.value))
             .outerjoin(note, and_(col(note.table_id) == col(TableRow.id), col(note.key) == reminded_key))
             .where(col(TableRow.status) == "active", col(TableRow.channel_id).is_not(None), or_(late, reminding)))
    wanted = None if guild_ids is None else sorted(set(guild_ids))
    if wanted is not None and len(wanted) <= MAX_GUILDS_IN_QUERY:
        query = query.where(col(TableRow.guild_id).in_(wanted))
    return query.order_by(col(TableRow.id))
