"""Moves stored as typed data: loading, undo, history and export replay them on a trusted path
that never parses and never lists legal moves; rows stored before typed moves still load."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import Engine, text

from games.registry import get_game
from service import TableService
from service.tables import SNAPSHOT_EVERY
from storage.db import migrate
from storage.repository import Repository


@contextmanager
def forbidden(game_id: str, *names: str) -> Iterator[None]:
    """Make the title's ``names`` methods fail loudly while the block runs."""
    game = get_game(game_id)
    cls = type(game)
    saved = {name: cls.__dict__.get(name) for name in names}

    def trap(name: str) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            raise AssertionError(f"{name} was called on the trusted replay path")
        return call

    for name in names:
        setattr(cls, name, trap(name))
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                delattr(cls, name)
            else:
                setattr(cls, name, value)


def played(service: TableService, game_id: str = "landlords", moves: int = 40, seed: str = "t1") -> int:
    """A table with one human (u0) and bots, ``moves`` human moves into the game."""
    game = get_game(game_id)
    table = service.create(game_id, seats=3, seed=seed, creator="u0",
                           options={"round_limit": 30} if game_id == "landlords" else None)
    service.join(table.id, "u0", "Ann")
    service.add_bot(table.id)
    service.add_bot(table.id)
    service.start(table.id, "u0")
    for _ in range(moves):
        loaded = service.load(table.id)
        if game.is_over(loaded.state) or 0 not in game.to_act(loaded.state):
            break
        service.act(table.id, "u0", str(game.legal_moves(loaded.state, 0)[0]))
    return table.id


@pytest.mark.parametrize("game_id", ["landlords", "wonderful-world"])
def test_every_move_row_keeps_its_typed_move(service: TableService, game_id: str) -> None:
    tid = played(service, game_id, moves=12)
    game = get_game(game_id)
    rows = [r for r in service.log(tid) if r.kind == "move"]
    assert rows
    for row in rows:
        assert row.move is not None
        assert str(game.decode_move(row.move)) == row.notation


@pytest.mark.parametrize("game_id", ["landlords", "wonderful-world"])
def test_load_history_and_export_never_parse_nor_list_moves(service: TableService, game_id: str) -> None:
    tid = played(service, game_id, moves=25)
    before = get_game(game_id).dumps(service.load(tid).state)
    with forbidden(game_id, "parse", "_legal_moves", "_parse_grammar", "read_move"):
        loaded = service.load(tid)
        service.history(tid, "u0")
        rebuilt = service.replay_export(service.export(tid))
    game = get_game(game_id)
    assert game.dumps(loaded.state) == before
    assert game.dumps(rebuilt) == before


def test_undo_starts_from_the_newest_snapshot_not_from_setup(service: TableService) -> None:
    game = get_game("wonderful-world")
    tid = played(service, "wonderful-world", moves=SNAPSHOT_EVERY * 2)
    assert service.repo.latest_snapshot(tid).seq > 0
    loaded = service.load(tid)
    if 0 not in game.to_act(loaded.state):
        pytest.skip("the human is not to act at this point of this seed")
    service.act(tid, "u0", str(game.legal_moves(loaded.state, 0)[0]))
    expected = game.dumps(service.load(tid).state)
    service.act(tid, "u0", str(game.legal_moves(service.load(tid).state, 0)[0]))
    with forbidden("wonderful-world", "_setup", "parse", "_legal_moves"):
        service.undo(tid, "u0", approved=True)
    assert game.dumps(service.load(tid).state) == expected


def test_rows_stored_before_typed_moves_still_load(service: TableService) -> None:
    """Old rows (notation only, ``move`` NULL) load by parsing the notation once."""
    tid = played(service, "landlords", moves=30)
    game = get_game("landlords")
    expected = game.dumps(service.load(tid).state)
    with service.repo.engine.begin() as connection:
        connection.execute(text("UPDATE actions SET move = NULL"))
        connection.execute(text("DELETE FROM snapshots WHERE seq > 0"))
    assert game.dumps(service.load(tid).state) == expected
    assert service.history(tid, "u0")


def test_an_old_database_migrates_and_its_tables_continue(engine: Engine) -> None:
    """A database at revision 0001 (no typed moves) is upgraded; its table plays on."""
    migrate(engine, "0001")
    game = get_game("wonderful-world")
    state = game.setup(2, {}, "old")
    moves = []
    for _ in range(6):
        seat = min(game.to_act(state))
        move = game.legal_moves(state, seat)[0]
        moves.append((seat, str(move)))
        state = game.apply(state, seat, move).state
    with engine.begin() as connection:
        connection.execute(text(
            "INSERT INTO tables (id, game_id, options, seed, status, version, engine_version, language, "
            "settings, created_at, updated_at) VALUES (1, 'wonderful-world', '{}', 'old', 'active', 6, '1', "
            "'en', '{\"seats\": 2}', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"))
        for n, name in enumerate(["u0", "u1"]):
            connection.execute(text(
                "INSERT INTO seats (table_id, seat, user_id, name, is_bot, away) VALUES (1, :n, :u, :u, false, false)"),
                {"n": n, "u": name})
        for seq, (seat, notation) in enumerate(moves, start=1):
            connection.execute(text(
                "INSERT INTO actions (table_id, seq, seat, notation, kind, created_at) "
                "VALUES (1, :seq, :seat, :notation, 'move', CURRENT_TIMESTAMP)"),
                {"seq": seq, "seat": seat, "notation": notation})
    migrate(engine)
    service = TableService(Repository(engine))
    assert game.dumps(service.load(1).state) == game.dumps(state)
    seat = min(game.to_act(state))
    result = service.act(1, f"u{seat}", str(game.legal_moves(state, seat)[0]))
    assert result.steps[0].move is not None
    new_row = service.log(1)[-1]
    assert new_row.move is not None and new_row.notation == result.steps[0].notation
