"""Issue 13 §4: every hot query has an index. On PostgreSQL, the query plans of the statements the
repository really sends for the hot paths are printed, and a sequential scan of the log
(``actions``) fails the test.

The database is filled like a busy server's (400 tables, 80,000 log rows, snapshots every 16
rows, seats and notes) and ``ANALYZE``d, so the plans are the ones the planner *chooses* from its
statistics, as in production. (``SET enable_seqscan = off`` would only show that an index exists
and can be used, not that it is picked; on a near-empty table the planner rightly scans.)
Run with ``-s`` to see the plans.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import Engine, text

from storage import NewAction, Repository
from storage.statements import counting

TABLES = 400
SEATS = 4
ACTIONS = 200  # per table; every 97th row an undo of the row before it
SNAPSHOT_EVERY = 16
SUBJECT = 7  # the table the hot queries are about

#: A sequential scan of the log, whatever alias the statement gives it.
LOG_SCAN = re.compile(r"Seq Scan on actions\b")

FILL = [
    f"""INSERT INTO tables (game_id, options, seed, status, version, engine_version, guild_id, channel_id,
                            creator, language, settings, created_at, updated_at, deadline_at)
        SELECT 'landlords', '{{}}', 's' || n, CASE WHEN mod(n, 5) = 0 THEN 'finished' ELSE 'active' END, {ACTIONS},
               '1', 'g' || mod(n, 10), 'c' || n, 'u' || n, 'en', '{{"remind_hours": 1}}', now(), now(),
               CASE WHEN mod(n, 3) = 0 THEN now() ELSE NULL END
        FROM generate_series(1, {TABLES}) AS n""",
    f"""INSERT INTO seats (table_id, seat, user_id, name, is_bot, language, away, orders)
        SELECT t.id, s, 'u' || mod(t.id * 7 + s, 500), 'P' || s, s = 3, NULL, false, '[]'
        FROM tables AS t, generate_series(0, {SEATS - 1}) AS s""",
    f"""INSERT INTO actions (table_id, seq, seat, notation, move, kind, voids, user_id, created_at)
        SELECT t.id, q, mod(q, {SEATS}), 'move ' || q, '{{"t":"m"}}',
               CASE WHEN mod(q, 97) = 0 THEN 'undo' ELSE 'move' END, CASE WHEN mod(q, 97) = 0 THEN q - 1 END,
               'u' || mod(q, {SEATS}), now()
        FROM tables AS t, generate_series(1, {ACTIONS}) AS q""",
    f"""INSERT INTO snapshots (table_id, seq, state, created_at)
        SELECT t.id, q, convert_to(repeat('x', 3000), 'UTF8'), now()
        FROM tables AS t, generate_series(0, {ACTIONS}, {SNAPSHOT_EVERY}) AS q""",
    """INSERT INTO table_notes (table_id, key, value, updated_at)
        SELECT t.id, k, '"v"', now() FROM tables AS t, unnest(ARRAY['status_post', 'reminded_at']) AS k""",
    "ANALYZE",
]


@pytest.fixture
def busy(repo: Repository) -> Repository:
    """The migrated PostgreSQL database, filled like a busy server's and analysed."""
    if repo.engine.url.get_backend_name() != "postgresql":
        pytest.skip("query plans are checked on PostgreSQL")
    with repo.engine.begin() as connection:
        for statement in FILL:
            connection.exec_driver_sql(statement)
    return repo


def hot_paths(repo: Repository) -> dict[str, Callable[[], Any]]:
    """The hot paths, by name: each sends the statements whose plans are checked."""
    now = datetime.now(UTC)
    return {
        "load a table (table, seats, latest snapshot, actions after it)": lambda: repo.load(SUBJECT),
        "the table alone": lambda: repo.get_table(SUBJECT),
        "its seats": lambda: repo.seats(SUBJECT),
        "the latest usable snapshot": lambda: repo.latest_snapshot(SUBJECT),
        "the snapshot before a move (undo)": lambda: repo.snapshot_before(SUBJECT, 150),
        "the actions after a seq": lambda: repo.actions(SUBJECT, ACTIONS - 10),
        "history (the whole log of a table)": lambda: repo.actions(SUBJECT),
        "the newest seq": lambda: repo.last_seq(SUBJECT),
        "due tables for the clock": lambda: repo.list_tables(None, "active"),
        "a note": lambda: repo.note(SUBJECT, "reminded_at"),
        "a member's tables (/turns)": lambda: repo.list_tables(None, "active", user_id="u53", limit=50),
        "ended tables to archive": lambda: repo.ended_tables(without_note="archived", updated_after=now.replace(
            year=now.year - 1), updated_before=now),
        "commit a move (guarded update, append)": lambda: repo.commit_actions(
            SUBJECT, ACTIONS, [NewAction("move 201", seat=0)], snapshot=(ACTIONS + 1, b"s")),
    }


def plan(engine: Engine, sql: str, parameters: Any) -> list[str]:
    with engine.connect() as connection:
        return [row[0] for row in connection.exec_driver_sql(f"EXPLAIN {sql}", parameters)]


def test_no_hot_query_scans_the_log(busy: Repository) -> None:
    found: list[str] = []
    scans: list[str] = []
    for name, call in hot_paths(busy).items():
        with counting(busy.engine) as seen:
            call()
        assert seen.sent, f"{name}: no statement sent"
        for sql, parameters in seen.sent:
            lines = plan(busy.engine, sql, parameters)
            found.append(f"-- {name}\n{' '.join(sql.split())}\n" + "\n".join(lines))
            if any(LOG_SCAN.search(line) for line in lines):
                scans.append(name)
    report = "\n\n".join(found)
    print(report)
    assert not scans, f"sequential scans of the log in: {scans}\n\n{report}"


def test_the_check_sees_a_scan_of_the_log(busy: Repository) -> None:
    """The test above can fail: a query on the log by a column without an index scans it."""
    lines = plan(busy.engine, "SELECT * FROM actions WHERE notation = %(n)s", {"n": "move 5"})
    assert any(LOG_SCAN.search(line) for line in lines), lines


def test_the_undo_rows_have_an_index_of_their_own(busy: Repository) -> None:
    lines = plan(busy.engine, "SELECT seq FROM actions WHERE table_id = %(t)s AND kind = 'undo'", {"t": SUBJECT})
    print("\n".join(lines))
    assert any("ix_actions_undo" in line for line in lines), lines


def test_a_members_seats_are_found_by_index(busy: Repository) -> None:
    with busy.engine.connect() as connection:
        lines = [row[0] for row in connection.execute(
            text("EXPLAIN SELECT table_id FROM seats WHERE user_id = :u"), {"u": "u53"})]
    print("\n".join(lines))
    assert any("ix_seats_user_id" in line for line in lines), lines
