"""A throw-away database for a benchmark, on this machine only (issue 13 §1: "only local addresses").

SQLite: a fresh file in a temporary folder (or a new file the caller names), removed afterwards.
PostgreSQL: a schema of its own on a server at localhost, 127.0.0.1, ::1 or a unix socket, dropped
afterwards (the same way ``tests/storage/conftest.py`` isolates its tests). Any other address is refused.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

#: Host names a benchmark may use; a host that starts with ``/`` is a unix socket folder.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


class NotLocal(ValueError):
    """The database address is not on this machine, or not a backend the benchmark can clean up."""


def check_local(url: str) -> str:
    """The backend name (``sqlite``, ``postgresql``) of ``url``; :class:`NotLocal` unless it is SQLite or a
    PostgreSQL server on this machine."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except ArgumentError:
        raise NotLocal(f"not a database URL: {url!r}") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            raise NotLocal("an in-memory SQLite database cannot be shared by the benchmark's threads; "
                           "leave --database out for a temporary SQLite file")
        return backend
    if backend != "postgresql":
        raise NotLocal(f"only SQLite and PostgreSQL are supported, not {backend!r}")
    hosts = [parsed.host] if parsed.host else []
    query_host = parsed.query.get("host")
    hosts += list(query_host) if isinstance(query_host, tuple) else [query_host] if query_host else []
    remote = [h for h in hosts if h not in LOCAL_HOSTS and not h.startswith("/")]
    if remote:
        raise NotLocal(f"the benchmark only runs on a database on this machine (localhost, 127.0.0.1, ::1 or "
                       f"a unix socket), not on {', '.join(remote)}")
    return backend


@contextmanager
def scratch_database(url: str | None = None) -> Iterator[str]:
    """Yield the URL of an empty database of its own (see the module docstring); remove it afterwards."""
    if url is None:
        with tempfile.TemporaryDirectory(prefix="tabula-load-") as folder:
            yield f"sqlite:///{Path(folder) / 'load.db'}"
        return
    backend = check_local(url)
    if backend == "sqlite":
        yield from _sqlite_file(url)
    else:
        yield from _postgres_schema(url)


def _sqlite_file(url: str) -> Iterator[str]:
    from sqlalchemy import make_url

    path = Path(str(make_url(url).database))
    if path.exists():
        raise NotLocal(f"{path} exists already; the benchmark only writes a new database file (and removes it)")
    try:
        yield url
    finally:
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)


def _postgres_schema(url: str) -> Iterator[str]:
    from storage.db import throwaway_schema

    yield from throwaway_schema(url, "tabula_bench")
