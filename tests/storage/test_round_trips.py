"""Issue 13 §4, fewer database round trips: how many statements a table's load and a move send
(counted with a ``before_cursor_execute`` listener, never timed), that the one-statement load
reads what the single reads do, and that a connection the server dropped costs no command."""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import Engine, event, text
from sqlalchemy.pool import NullPool

from games.core import Rng
from games.registry import get_game
from service import TableService
from service.clock import REMINDED_NOTE
from service.tables import SNAPSHOT_EVERY
from storage import NewAction, Repository
from storage.db import make_engine
from storage.statements import counting
from storage.types import utcnow

GAME = "landlords"

#: Statements per ``TableService.load``: one ``UNION ALL`` of the table, its seats, its newest
#: usable snapshot and the actions after it, outside any transaction (was 6 on SQLite: BEGIN and
#: three reads, BEGIN and the seats; 4 on PostgreSQL, plus BEGIN/COMMIT and a ping each time).
LOAD_STATEMENTS = 1
#: Statements per ``act`` that writes no snapshot: the load, then the commit (SQLite's
#: ``BEGIN IMMEDIATE``, the guarded ``UPDATE ... RETURNING`` the newest seq, one ``INSERT`` of
#: the new rows). Was 10 on SQLite and 7 on PostgreSQL.
ACT_STATEMENTS = {"sqlite": 4, "postgresql": 3}
#: An act that also stores a snapshot (every ``SNAPSHOT_EVERY`` actions) adds one upsert.
SNAPSHOT_STATEMENTS = 1


def backend(repo: Repository) -> str:
    return repo.engine.url.get_backend_name()


def played_table(service: TableService, moves: int, seed: str = "round-trips") -> tuple[int, Any]:
    """A Landlord's table with every seat a person who rolls himself, ``moves`` moves in (its snapshot after setup,
    one every ``SNAPSHOT_EVERY`` actions); returns its id and a function playing one more move."""
    game = get_game(GAME)
    players = game.meta.max_players
    table = service.create(GAME, seats=players, options={"round_limit": 200, "win_assets": 1_000_000},
                           seed=seed, creator="u0")
    for seat in range(players):
        service.join(table.id, f"u{seat}", f"P{seat + 1}")
        for order in game.default_orders(table.options):  # one action per move, counted exactly
            service.set_order(table.id, f"u{seat}", order, on=False)
    service.start(table.id, "u0")
    rng = Rng.from_seed(seed)
    state = [service.load(table.id).state]

    def move() -> Any:
        seat = sorted(game.to_act(state[0]))[0]
        result = service.act(table.id, f"u{seat}", str(game.bot_move(state[0], seat, rng)))
        state[0] = result.loaded.state
        return result

    for _ in range(moves):
        move()
    return table.id, move


def test_a_load_is_one_statement(repo: Repository) -> None:
    service = TableService(repo)
    table_id, _ = played_table(service, SNAPSHOT_EVERY + 5)
    with counting(repo.engine) as seen:
        loaded = service.load(table_id)
    assert seen.count <= LOAD_STATEMENTS, "\n".join(seen.texts())
    assert loaded.base_seq == SNAPSHOT_EVERY and loaded.last_seq == SNAPSHOT_EVERY + 5
    assert len(loaded.seats) == get_game(GAME).meta.max_players


def test_an_act_sends_at_most_its_budget_of_statements(repo: Repository) -> None:
    service = TableService(repo)
    table_id, move = played_table(service, SNAPSHOT_EVERY - 3)
    budget = ACT_STATEMENTS[backend(repo)]
    snapshots = 0
    for _ in range(6):  # crosses the next snapshot
        with counting(repo.engine) as seen:
            move()
        wrote_snapshot = any("INSERT INTO snapshots" in sql for sql in seen.texts())
        snapshots += wrote_snapshot
        allowed = budget + (SNAPSHOT_STATEMENTS if wrote_snapshot else 0)
        assert seen.count <= allowed, "\n".join(seen.texts())
    assert snapshots == 1
    assert service.load(table_id).last_seq == SNAPSHOT_EVERY + 3


def test_every_read_is_one_statement_without_a_transaction(repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1", channel_id="c1", status="active")
    assert table.id is not None
    repo.add_seat(table.id, "A", user_id="u1")
    reads = [lambda: repo.get_table(table.id or 0), lambda: repo.seats(table.id or 0),
             lambda: repo.actions(table.id or 0), lambda: repo.latest_snapshot(table.id or 0),
             lambda: repo.note(table.id or 0, "k"), lambda: repo.table_for_channel("c1"),
             lambda: repo.list_tables(None, "active", user_id="u1"), lambda: repo.last_seq(table.id or 0)]
    for read in reads:
        with counting(repo.engine) as seen:
            read()
        assert seen.count == 1, "\n".join(seen.texts())  # SQLite: no BEGIN sent either


def test_the_one_statement_load_reads_what_the_single_reads_do(repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1", options={"地图": "中国"},
                              settings={"remind_hours": 2}, guild_id="g1", channel_id="c1", creator="u1")
    assert table.id is not None
    repo.add_seat(table.id, "王小明", user_id="u1", language="zh")
    repo.add_seat(table.id, "Bot 2", is_bot=True)
    repo.update_seat(table.id, 0, orders=["pass"], away=True)
    version = repo.commit_actions(table.id, 0, [NewAction("m1", seat=0, move='{"t":1}', user_id="u1")],
                                  snapshot=(1, b"\x00s1")).version
    version = repo.commit_actions(table.id, version, [NewAction("m2", seat=1)], snapshot=(2, b"s2")).version
    version = repo.commit_actions(table.id, version, [NewAction("m3", seat=0)]).version
    # The undo voids m2 and m3: the snapshot at 2 holds m2, so the load starts from the one at 1.
    repo.commit_actions(table.id, version, [NewAction("undo", seat=0, kind="undo", voids=2)])

    loaded = repo.load(table.id)
    single = repo.get_table(table.id)
    snapshot = repo.latest_snapshot(table.id)
    assert single is not None and snapshot is not None and loaded.snapshot is not None
    assert loaded.table.model_dump() == single.model_dump()
    assert [s.model_dump() for s in loaded.seats] == [s.model_dump() for s in repo.seats(table.id)]
    assert loaded.snapshot.model_dump() == snapshot.model_dump() and loaded.snapshot.state == b"\x00s1"
    assert [a.model_dump() for a in loaded.actions] == [a.model_dump() for a in repo.actions(table.id, 1)]
    assert [a.notation for a in loaded.actions] == ["m2", "m3", "undo"]
    assert loaded.seats[0].orders == ["pass"] and loaded.seats[0].away is True and loaded.seats[1].is_bot is True


def test_a_table_without_seats_snapshot_or_log_loads_alone(repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1")
    assert table.id is not None
    loaded = repo.load(table.id)
    assert loaded.table.id == table.id and loaded.table.settings == {}
    assert (loaded.snapshot, loaded.actions, loaded.seats) == (None, [], [])


# ---- a connection the server dropped ---------------------------------------------------------
def test_no_ping_on_checkout(engine: Engine) -> None:
    assert not engine.pool._pre_ping  # issue 13 §4: a round trip per transaction


def _disconnects(engine: Engine) -> list[bool]:
    """A list that records, for every error the engine meets from now on, whether it was a
    lost connection."""
    seen: list[bool] = []
    event.listen(engine, "handle_error", lambda context: seen.append(context.is_disconnect))
    return seen


def _pooled_backend(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.exec_driver_sql("SELECT pg_backend_pid()").scalar_one())


def _terminate(url: str, pid: int) -> None:
    """End the server process of one connection, as an administrator or a restart would, and
    wait until it is gone (so its goodbye has reached the client's socket)."""
    # Autocommit: PostgreSQL keeps one snapshot of pg_stat_activity per transaction.
    admin = make_engine(url, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            assert connection.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar_one()
            for _ in range(200):
                gone = connection.execute(text("SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = :pid"),
                                          {"pid": pid}).scalar_one()
                if gone:
                    break
                time.sleep(0.05)
            assert gone
    finally:
        admin.dispose()


@pytest.fixture
def pg_repo(repo: Repository) -> Repository:
    if backend(repo) != "postgresql":
        pytest.skip("a server connection to drop")
    return repo


def test_the_next_command_works_after_the_server_ended_the_pooled_connection(pg_repo: Repository) -> None:
    service = TableService(pg_repo)
    table_id, move = played_table(service, 3)
    engine = pg_repo.engine
    before = _pooled_backend(engine)
    assert _pooled_backend(engine) == before  # one pooled connection, reused
    _terminate(engine.url.render_as_string(hide_password=False), before)
    errors = _disconnects(engine)
    result = move()  # load and commit on the pool whose connection the server closed
    assert result.loaded.last_seq == 4 and service.load(table_id).last_seq == 4
    assert _pooled_backend(engine) != before
    assert errors == []  # the closed connection was left in the pool, never used


def test_a_load_on_a_connection_found_dead_only_when_used_is_sent_again(pg_repo: Repository) -> None:
    """Without the checkout check (a connection lost silently looks alive until used), the load
    meets the dead connection, SQLAlchemy invalidates it, and the load is sent once more."""
    from storage.db import _drop_closed_connection

    service = TableService(pg_repo)
    table_id, _ = played_table(service, 2)
    engine = pg_repo.engine
    event.remove(engine, "checkout", _drop_closed_connection)
    try:
        _terminate(engine.url.render_as_string(hide_password=False), _pooled_backend(engine))
        errors = _disconnects(engine)
        assert pg_repo.load(table_id).table.id == table_id
        assert errors == [True]
    finally:
        event.listen(engine, "checkout", _drop_closed_connection)


def test_a_row_appended_while_a_commit_waited_makes_it_stale_not_a_duplicate(pg_repo: Repository) -> None:
    """The commit reads the newest seq with its guarded UPDATE. A write that appends a row without
    bumping the version (an unguarded system row) and commits while that UPDATE waits for the
    row lock is not seen by it on PostgreSQL: the commit then fails as stale, writing nothing."""
    import threading

    from games.core import StaleVersion

    repo = pg_repo
    table = repo.create_table("g", seed="s", engine_version="1", status="active")
    assert table.id is not None
    version = repo.commit_actions(table.id, 0, [NewAction("m1", seat=0)]).version
    other = repo.engine.connect()
    other.begin()
    other.execute(text("SELECT id FROM tables WHERE id = :t FOR UPDATE"), {"t": table.id})
    other.execute(text("INSERT INTO actions (table_id, seq, notation, kind, created_at) "
                       "VALUES (:t, 2, 'system', 'system', now())"), {"t": table.id})
    waiter_pid = other.execute(text("SELECT pg_backend_pid()")).scalar_one()
    outcome: list[BaseException | int] = []

    def commit() -> None:
        try:
            outcome.append(repo.commit_actions(table.id or 0, version, [NewAction("m2", seat=0)]).version)
        except BaseException as error:
            outcome.append(error)

    thread = threading.Thread(target=commit)
    thread.start()
    try:
        # Autocommit: PostgreSQL keeps one snapshot of pg_stat_activity per transaction.
        with repo.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as watcher:
            for _ in range(400):  # until the commit waits for the row lock the other write holds
                waiting = watcher.execute(text(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND :pid = ANY(pg_blocking_pids(pid))"), {"pid": waiter_pid}).scalar_one()
                if waiting:
                    break
                time.sleep(0.05)
        assert waiting
    finally:
        other.commit()
        other.close()
        thread.join()
    assert len(outcome) == 1 and isinstance(outcome[0], StaleVersion), outcome
    assert [a.notation for a in repo.actions(table.id)] == ["m1", "system"]
    assert repo.require_table(table.id).version == version
    assert repo.commit_actions(table.id, version, [NewAction("m2", seat=0)]).actions[0].seq == 3


def test_the_clock_reads_every_tables_last_reminder_in_one_query(repo: Repository) -> None:
    """The clock's tick (``TableService.due``) sends one statement however many tables are
    active: the due tables with their last reminders (it was one note query per table, then two
    statements listing every active table, issue 25 §3)."""
    service = TableService(repo)
    ids = []
    for n in range(12):
        row = repo.create_table(GAME, seed=f"s{n}", engine_version="1", channel_id=f"c{n}", status="active",
                                settings={"remind_hours": 2})
        assert row.id is not None
        ids.append(row.id)
    now = utcnow() + timedelta(hours=3)
    for recent in ids[:4]:  # reminded an hour ago: not due again yet
        repo.set_note(recent, REMINDED_NOTE, (now - timedelta(hours=1)).isoformat())
    repo.set_note(ids[4], REMINDED_NOTE, (now - timedelta(hours=2, minutes=1)).isoformat())
    with counting(repo.engine) as seen:
        due = service.due(now)
    assert seen.count == 1, "\n".join(seen.texts())
    assert due.reminders == ids[4:] and due.deadlines == []
    assert [service.due(now - timedelta(hours=2)).reminders] == [[]]  # idle under two hours
