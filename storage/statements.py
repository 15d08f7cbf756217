"""Counting the SQL statements an engine sends (issue 13 §4: fewer database round trips).

Used by the storage tests, which hold ``load`` and ``act`` to a statement budget, and by
``bench/db.py``, which prints the counts beside the timings. A count, never a time: it does not
depend on how busy the machine is.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, event


@dataclass
class Statements:
    """The statements sent while a :func:`counting` block ran, in order (SQL text and parameters).

    ``BEGIN`` counts when it is sent as a statement (SQLite, see ``storage.db``); the PostgreSQL
    driver sends its own ``BEGIN``/``COMMIT`` outside the cursor, so they are not listed there.
    """

    sent: list[tuple[str, Any]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.sent)

    def texts(self) -> list[str]:
        """The SQL of each statement, on one line each (for failure messages)."""
        return [" ".join(sql.split()) for sql, _ in self.sent]

    def reset(self) -> None:
        self.sent.clear()


@contextmanager
def counting(engine: Engine) -> Iterator[Statements]:
    """Record every statement ``engine`` sends while the block runs (every thread)."""
    seen = Statements()

    def before(_conn: Any, _cursor: Any, statement: str, parameters: Any, _context: Any,
               _executemany: bool) -> None:
        seen.sent.append((statement, parameters))

    event.listen(engine, "before_cursor_execute", before)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", before)
