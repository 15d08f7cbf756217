"""A table's history is read from the events stored with each move, not replayed from setup
(issue 24 §2: /log was O(game length)); a log stored before that still reads the same."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import text

from games.core import Game
from service import TableService

TITLES = ("landlords", "wonderful-world", "three-kingdoms")


def finished_game(service: TableService, game_id: str) -> int:
    """A bot game to its end, with one person's seat (u0) taken by a bot from the start."""
    table = service.create(game_id, seats=3, seed=f"history-{game_id}", creator="u0")
    service.join(table.id, "u0", "Ann")
    service.add_bot(table.id)
    service.add_bot(table.id)
    service.start(table.id, "u0")
    service.resign(table.id, "u0", "Bot 1")
    service.run_bots(table.id)
    return table.id


def readers(service: TableService, table_id: int) -> list[list[tuple[Any, ...]]]:
    return [[(e.seq, e.seat, e.notation, e.kind, [(v.kind, v.params) for v in e.events])
             for e in service.history(table_id, None, seat=seat)] for seat in (None, 0, 1, 2)]


@pytest.mark.parametrize("game_id", TITLES)
def test_history_is_read_from_the_stored_events_without_replaying(service: TableService, game_id: str,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    tid = finished_game(service, game_id)
    moves = [r for r in service.log(tid) if r.kind == "move"]
    assert moves and all(r.events is not None for r in moves)
    loaded = service.load(tid)
    read = readers(service, tid)

    def no_replay(*_: Any, **__: Any) -> Any:
        raise AssertionError("history replayed a move")

    # the history neither replays nor applies a move (the load before it may use its snapshot)
    monkeypatch.setattr(TableService, "_replay_rows", staticmethod(no_replay))
    monkeypatch.setattr(type(loaded.game), "_apply", no_replay)
    monkeypatch.setattr(TableService, "load", lambda self, table_id: loaded)
    assert readers(service, tid) == read
    monkeypatch.undo()

    # a log stored before the events were: replayed from setup, the same entries for every reader
    with service.repo.engine.begin() as connection:
        connection.execute(text("UPDATE actions SET events = NULL WHERE table_id = :t"), {"t": tid})
    assert readers(service, tid) == read


def test_private_events_stay_private_in_the_stored_history(service: TableService) -> None:
    tid = finished_game(service, "wonderful-world")
    game: Game[Any, Any] = service.load(tid).game
    spectator = [e for entry in service.history(tid, None, seat=None) for e in entry.events]
    for seat in (0, 1, 2):
        mine = [e for entry in service.history(tid, None, seat=seat) for e in entry.events]
        assert len(mine) >= len(spectator)
    assert all(e.seats is None for e in spectator), "a reader's events are redacted for them"
    assert game.meta.hidden_information
