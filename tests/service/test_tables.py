"""The table service on SQLite and PostgreSQL: lobby, seats, moves, bots, races, undo, export."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from games.core import GameError, StaleVersion
from games.registry import get_game
from service import TableService
from service.errors import (
    AlreadySeated,
    CannotUndo,
    NoSuchSeat,
    NotInLobby,
    NotSeated,
    TableError,
    TableFull,
    WrongSeat,
)
from service.tables import SNAPSHOT_EVERY
from storage.db import make_engine
from storage.repository import Repository

GAME = "wonderful-world"


def seated(service: TableService, humans: int, bots: int = 0, seed: str = "s1", **options: Any) -> int:
    table = service.create(GAME, seats=humans + bots, seed=seed, creator="u0", options=options)
    for n in range(humans):
        service.join(table.id, f"u{n}", f"User {n}")
    for _ in range(bots):
        service.add_bot(table.id)
    return table.id


def first_legal(service: TableService, table_id: int, seat: int) -> str:
    loaded = service.load(table_id)
    return str(loaded.game.legal_moves(loaded.state, seat)[0])


def test_lobby_seats_players_and_refuses_doubles(service: TableService) -> None:
    table = service.create(GAME, seats=3, seed=1, creator="u0")
    assert service.join(table.id, "u0", "Ann").seat == 0
    with pytest.raises(AlreadySeated):
        service.join(table.id, "u0", "Ann")
    service.join(table.id, "u1", "Bo")
    service.add_bot(table.id)
    with pytest.raises(TableFull):
        service.join(table.id, "u2", "Cy")
    service.leave(table.id, "u0")
    seats = service.repo.seats(table.id)
    assert [s.seat for s in seats] == [0, 1]
    assert seats[0].user_id == "u1"


def test_unknown_game_and_bad_options_are_refused(service: TableService) -> None:
    with pytest.raises(TableError):
        service.create("no-such-game")
    with pytest.raises(GameError):
        service.create(GAME, options={"side": "c"})
    with pytest.raises(GameError):
        service.create(GAME, seats=9)


def test_start_needs_enough_players_and_only_once(service: TableService) -> None:
    table = service.create(GAME, seats=2, seed=1, creator="u0")
    with pytest.raises(TableError):
        service.start(table.id, "u0")
    service.join(table.id, "u0", "Ann")
    service.join(table.id, "u1", "Bo")
    service.start(table.id, "u0")
    with pytest.raises(NotInLobby):
        service.start(table.id, "u0")
    with pytest.raises(NotInLobby):
        service.join(table.id, "u9", "Late")


def test_only_a_seated_player_moves_and_only_for_their_seat(service: TableService) -> None:
    tid = seated(service, 2)
    service.start(tid, "u0")
    move = first_legal(service, tid, 0)
    with pytest.raises(NotSeated):
        service.act(tid, "stranger", move)
    with pytest.raises(WrongSeat):
        service.act(tid, "u1", move, seat=0)


def test_illegal_or_garbage_input_changes_nothing(service: TableService) -> None:
    tid = seated(service, 2)
    service.start(tid, "u0")
    before = service.load(tid)
    for text in ["", "pick 99999", "fly away", "build 1", "done"]:
        with pytest.raises(GameError):
            service.act(tid, "u0", text)
    after = service.load(tid)
    assert after.table.version == before.table.version
    assert after.game.dumps(after.state) == before.game.dumps(before.state)
    assert service.log(tid) == []


def test_accepted_move_is_logged_in_canonical_notation(service: TableService) -> None:
    tid = seated(service, 2)
    service.start(tid, "u0")
    loaded = service.load(tid)
    uid = loaded.state.empires[0].hand[0]
    name = loaded.state.design(uid).name["en"]
    result = service.act(tid, "u0", f"pick {name}")
    assert [r.notation for r in service.log(tid)] == [f"pick {uid}"]
    assert result.version == loaded.table.version + 1
    assert result.to_act == [1]


def test_bot_seats_move_by_themselves(service: TableService) -> None:
    tid = seated(service, 1, bots=2)
    result = service.start(tid, "u0")
    assert result.to_act == [0]  # bots have picked already, or wait for the human
    service.act(tid, "u0", first_legal(service, tid, 0))
    rows = service.log(tid)
    assert {r.seat for r in rows} == {0, 1, 2}
    assert all(r.user_id is None for r in rows if r.seat != 0)


def test_whole_bot_game_finishes_and_replays_from_the_log(service: TableService) -> None:
    tid = seated(service, 0, bots=3, seed="bots")
    result = service.start(tid)
    assert result.finished
    loaded = service.load(tid)
    assert loaded.table.status == "finished"
    assert loaded.game.outcome(loaded.state) is not None
    exported = service.export(tid)
    assert service.replay_export(exported) is not None
    game = get_game(GAME)
    assert game.dumps(service.replay_export(exported)) == game.dumps(loaded.state)
    service.repo.drop_snapshots(tid)
    assert game.dumps(service.load(tid).state) == game.dumps(loaded.state)


def test_loading_reads_a_snapshot_and_only_the_actions_after_it(service: TableService) -> None:
    tid = seated(service, 2, seed="snap")
    service.start(tid, "u0")
    for _ in range(3 * SNAPSHOT_EVERY):
        loaded = service.load(tid)
        seat = sorted(loaded.game.to_act(loaded.state))[0]
        service.act(tid, f"u{seat}", first_legal(service, tid, seat))
    _, snapshot, after, _ = service.repo.load(tid)
    assert snapshot is not None and snapshot.seq > 0
    assert len(after) < SNAPSHOT_EVERY
    live = service.load(tid)
    service.repo.drop_snapshots(tid)
    rebuilt = service.load(tid)
    assert live.game.dumps(live.state) == rebuilt.game.dumps(rebuilt.state)


def test_stale_version_from_an_old_button_is_refused(service: TableService) -> None:
    tid = seated(service, 2)
    start = service.start(tid, "u0")
    service.act(tid, "u0", first_legal(service, tid, 0), expected_version=start.version)
    with pytest.raises(StaleVersion):
        service.act(tid, "u1", first_legal(service, tid, 1), expected_version=start.version)
    assert len(service.log(tid)) == 1


def test_two_clicks_on_one_version_apply_once(repo: Repository, db_url: str) -> None:
    service = TableService(repo)
    tid = seated(service, 2)
    start = service.start(tid, "u0")
    move = first_legal(service, tid, 0)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def click() -> None:
        other = TableService(Repository(make_engine(db_url)))
        barrier.wait()
        try:
            other.act(tid, "u0", move, expected_version=start.version)
            outcomes.append("applied")
        except StaleVersion:
            outcomes.append("stale")
        except GameError:
            outcomes.append("refused")

    threads = [threading.Thread(target=click) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) in (["applied", "stale"], ["applied", "refused"])
    assert [r.notation for r in service.log(tid)] == [move]


def test_simultaneous_picks_both_apply_without_a_version(repo: Repository, db_url: str) -> None:
    service = TableService(repo)
    tid = seated(service, 3)
    service.start(tid, "u0")
    moves = {seat: first_legal(service, tid, seat) for seat in (0, 1)}
    barrier = threading.Barrier(2)
    errors: list[Exception] = []

    def pick(seat: int) -> None:
        other = TableService(Repository(make_engine(db_url)))
        barrier.wait()
        try:
            other.act(tid, f"u{seat}", moves[seat])
        except Exception as error:  # collected for the assertion below
            errors.append(error)

    threads = [threading.Thread(target=pick, args=(s,)) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r.seat for r in service.log(tid)) == [0, 1]


def test_undo_own_move_before_anything_is_revealed(service: TableService) -> None:
    tid = seated(service, 3)
    service.start(tid, "u0")
    before = service.load(tid)
    service.act(tid, "u0", first_legal(service, tid, 0))
    with pytest.raises(CannotUndo):
        service.undo(tid, "u1")
    service.undo(tid, "u0")
    after = service.load(tid)
    assert after.game.dumps(after.state) == before.game.dumps(before.state)
    kinds = [r.kind for r in service.log(tid)]
    assert kinds == ["move", "undo"]  # nothing deleted: the undo is a new row


def test_undo_after_a_reveal_needs_consent(service: TableService) -> None:
    tid = seated(service, 2)
    service.start(tid, "u0")
    service.act(tid, "u0", first_legal(service, tid, 0))
    service.act(tid, "u1", first_legal(service, tid, 1))  # both picked: cards revealed
    with pytest.raises(CannotUndo):
        service.undo(tid, "u1")
    result = service.undo(tid, "u1", approved=True)
    assert result.to_act == [1]


def test_chinese_names_round_trip(service: TableService) -> None:
    table = service.create(GAME, seats=2, seed=1, creator="u0", language="zh")
    service.join(table.id, "u0", "张三")
    service.join(table.id, "u1", "李四")
    assert [s.name for s in service.repo.seats(table.id)] == ["张三", "李四"]


def test_autoplay_moves_for_a_late_seat_in_one_commit(service: TableService) -> None:
    tid = seated(service, 2)
    start = service.start(tid, "u0")
    assert service.autoplay(tid, 5) is None  # not a seat that must act
    result = service.autoplay(tid, 0)
    assert result is not None and result.version == start.version + 1
    assert [s.seat for s in result.steps] == [0] and result.steps[0].by_bot
    assert 0 not in result.to_act
    assert [r.user_id for r in service.log(tid)] == [None]


def test_a_new_step_restarts_the_turn_deadline_in_the_same_commit(service: TableService) -> None:
    tid = seated(service, 2)
    service.repo.update_settings(tid, {"deadline_hours": 24})
    service.start(tid, "u0")
    first = service.repo.get_table(tid).deadline_at
    assert first is not None
    service.act(tid, "u0", first_legal(service, tid, 0))  # seat 1 still picks: same step
    assert service.repo.get_table(tid).deadline_at == first
    service.act(tid, "u1", first_legal(service, tid, 1))  # both picked: a new pick begins
    assert service.repo.get_table(tid).deadline_at > first


def test_the_deadline_is_cleared_when_the_game_ends(service: TableService) -> None:
    table = service.create(GAME, seats=2, seed="end", creator="u0")
    service.repo.update_settings(table.id, {"deadline_hours": 1})
    service.add_bot(table.id)
    service.add_bot(table.id)
    assert service.start(table.id).finished
    assert service.repo.get_table(table.id).deadline_at is None


def test_a_seated_player_cannot_take_a_second_seat_by_substitution(service: TableService) -> None:
    """Security finding 1: the creator subbing themselves into an opponent's seat would read both
    seats' secrets (/log, /hand). Nobody who already holds a seat may take another."""
    tid = seated(service, 2)
    service.start(tid, "u0")
    with pytest.raises(AlreadySeated):
        service.offer_seat(tid, "u1", 1, "u0", "Ann again")
    with pytest.raises(AlreadySeated):
        service.offer_seat(tid, "boss", 0, "u1", "Bo", manager=True)
    assert [s.user_id for s in service.repo.seats(tid)] == ["u0", "u1"]
    service.offer_seat(tid, "u1", 1, "u7", "Newcomer")  # someone not seated may take it, once they accept
    assert service.repo.seats(tid)[1].user_id == "u1"
    service.accept_seat(tid, 1, "u7")
    assert service.repo.seats(tid)[1].user_id == "u7"


def test_substitute_and_kick_refuse_seats_that_do_not_exist(service: TableService) -> None:
    tid = seated(service, 2)
    with pytest.raises(NoSuchSeat):
        service.kick(tid, "u0", 6)
    service.start(tid, "u0")
    with pytest.raises(NoSuchSeat):
        service.offer_seat(tid, "u0", 8, "u9", "Nine")
    with pytest.raises(NoSuchSeat):
        service.substitute(tid, "u0", -1, "Bot")
    with pytest.raises(NoSuchSeat):
        service.substitute(tid, "u0", 2, "Bot")


def test_history_shows_a_reader_only_what_their_seat_saw(service: TableService) -> None:
    tid = seated(service, 3)
    service.start(tid, "u0")
    picks = {}
    for seat in (1, 2):
        picks[seat] = first_legal(service, tid, seat)
        service.act(tid, f"u{seat}", picks[seat])
    mine = service.history(tid, "u0")
    assert [e.seat for e in mine] == [1, 2]
    assert all(e.notation is None for e in mine)          # others' hidden picks: no notation
    assert service.history(tid, "u1")[0].notation == picks[1]
    seen_by_0 = repr([e.events for e in mine])
    seen_by_1 = repr(service.history(tid, "u1")[0].events)
    assert seen_by_0 != seen_by_1                          # the picker saw more than the others
    spectator = service.history(tid, "stranger")
    assert [e.events for e in spectator] == [e.events for e in mine]  # a spectator sees the public twins
    assert all(e.notation is None for e in spectator)
