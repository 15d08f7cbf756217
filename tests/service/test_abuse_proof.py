"""Issue 12, "Abuse-proof tables", in the service, on SQLite and PostgreSQL: a seat changes hands
only when the member accepts it, kicks and substitutions are logged with who made them, bots and
the deal are for the creator or a manager (or every seated player together), and every write of
seats or status is guarded by the table's version, so two processes cannot interleave a move with
an abandon, nor a join with the deal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest

from games.core import StaleVersion
from service import TableService
from service.errors import AlreadySeated, NotActive, NotAllowed, NotInLobby, TableError
from storage.db import make_engine
from storage.errors import WrongStatus
from storage.log import NewAction
from storage.repository import Guard, Repository
from tests.storage.test_concurrency import race

GAME = "wonderful-world"


def lobby(service: TableService, humans: int, seats: int | None = None) -> int:
    table = service.create(GAME, seats=seats or humans, seed="abuse", creator="u0")
    for n in range(humans):
        service.join(table.id, f"u{n}", f"User {n}")
    return table.id


def started(service: TableService, humans: int = 2) -> int:
    tid = lobby(service, humans)
    service.start(tid, "u0")
    return tid


def first_legal(service: TableService, table_id: int, seat: int) -> str:
    loaded = service.load(table_id)
    return str(loaded.game.legal_moves(loaded.state, seat)[0])


@pytest.fixture
def second(db_url: str, repo: Repository) -> Iterator[TableService]:
    """Another process's service on the same database (its own engine and connections)."""
    engine = make_engine(db_url)
    yield TableService(Repository(engine))
    engine.dispose()


def delayed_commits(service: TableService, before_commit: Callable[[], Any]) -> None:
    """Make ``service`` run ``before_commit`` once, right before its next commit: what another
    process does between this one's load and its commit."""
    real = service.repo.commit_actions
    pending = [before_commit]

    def commit(*args: Any, **kwargs: Any) -> Any:
        if pending:
            pending.pop()()
        return real(*args, **kwargs)

    service.repo.commit_actions = commit  # type: ignore[method-assign]


# ---- point 1: seat takeover -----------------------------------------------------------------------
def test_a_seat_changes_hands_only_when_the_member_accepts(service: TableService) -> None:
    tid = started(service)
    version = service.table(tid).version
    offer = service.offer_seat(tid, "u1", 1, "u7", "Newcomer")        # its holder hands it over
    assert (offer.seat, offer.user, offer.by, offer.holder) == (1, "u7", "u1", "u1")
    assert service.repo.seats(tid)[1].user_id == "u1"                 # nothing changes before the answer
    for stranger in ("u0", "u1", "u9"):
        with pytest.raises(NotAllowed) as refused:
            service.accept_seat(tid, 1, stranger)
        assert refused.value.key == "table.not_your_offer"
    service.decline_seat(tid, 1, "u7")
    with pytest.raises(TableError) as gone:
        service.accept_seat(tid, 1, "u7")
    assert gone.value.key == "table.no_offer"

    service.offer_seat(tid, "u1", 1, "u7", "Newcomer")
    seat, _ = service.accept_seat(tid, 1, "u7")
    assert (seat.user_id, seat.name, seat.is_bot) == ("u7", "Newcomer", False)
    assert service.table(tid).version == version + 1
    [row] = [r for r in service.log(tid) if r.kind == "system"]
    assert row.notation == "sub 2 u7 by u1" and row.user_id == "u1"
    # everyone reads the change in the history, with who made it
    for reader in ("u0", "u7", "stranger"):
        [change] = [e for e in service.history(tid, reader) if e.kind != "move"]
        assert (change.kind, change.seat, change.by, change.user, change.name, change.previous) == \
            ("sub", 1, "u1", "u7", "Newcomer", "User 1")


def test_only_the_holder_or_a_manager_offers_a_players_seat_and_never_to_a_seated_member(
        service: TableService) -> None:
    tid = started(service)
    with pytest.raises(NotAllowed):
        service.offer_seat(tid, "u1", 0, "u9", "Nine")                # another player's seat
    with pytest.raises(NotAllowed) as consent:
        service.offer_seat(tid, "u0", 1, "u9", "Nine")                # the creator, without Bo's consent
    assert consent.value.key == "table.holder_consent"
    with pytest.raises(AlreadySeated) as seated:
        service.offer_seat(tid, "u1", 1, "u0", "Ann again")
    assert seated.value.key == "table.member_seated"
    offer = service.offer_seat(tid, "u5", 1, "u9", "Nine", manager=True)
    assert (offer.by, offer.mod) == ("u5", True)
    service.accept_seat(tid, 1, "u9")
    [row] = [r for r in service.log(tid) if r.kind == "system"]
    assert '"mod": true' in (row.move or "")                           # a moderator's change, on record


def test_an_offer_is_void_once_the_seat_changed_hands(service: TableService) -> None:
    tid = started(service)
    service.offer_seat(tid, "u1", 1, "u7", "Newcomer")
    service.substitute(tid, "boss", 1, "Bot 2", manager=True)          # a bot takes it meanwhile
    with pytest.raises(TableError) as void:
        service.accept_seat(tid, 1, "u7")
    assert void.value.key == "table.offer_void"
    assert service.repo.seats(tid)[1].is_bot
    assert service.seat_offer(tid, 1) is None


def test_an_offer_cannot_give_a_second_seat_to_whoever_sat_down_meanwhile(service: TableService) -> None:
    tid = lobby(service, 2, seats=3)
    service.offer_seat(tid, "u0", 1, "u7", "Newcomer")
    service.join(tid, "u7", "Newcomer")
    with pytest.raises(AlreadySeated):
        service.accept_seat(tid, 1, "u7")


def test_kicks_and_substitutions_to_bots_are_logged_with_who_made_them(service: TableService) -> None:
    tid = lobby(service, 3)
    kicked = service.kick(tid, "u0", 2)
    assert kicked.user_id == "u2"
    assert [(e.kind, e.seat, e.by, e.name) for e in service.history(tid, "u1")] == [("kick", 2, "u0", "User 2")]
    service.add_bot(tid, "u0")
    service.start(tid, "u0")
    service.repo.update_settings(tid, {"missed": {"1": "u1"}})         # Bo missed a deadline (clock.enforce)
    service.substitute(tid, "u0", 1, "Bot 2")
    service.substitute(tid, None, 0, "Bot 1")                          # the table's own rules (a deadline)
    changes = [e for e in service.history(tid, "u2") if e.kind != "move"]
    assert [(e.kind, e.seat, e.by, e.user, e.name) for e in changes] == [
        ("kick", 2, "u0", None, "User 2"), ("sub", 1, "u0", None, "Bot 2"), ("sub", 0, None, None, "Bot 1")]
    assert [r.notation for r in service.log(tid) if r.kind == "system"] == \
        ["kick 3 u2 by u0", "sub 2 bot by u0", "sub 1 bot by table"]


# ---- point 4: lobby authority ---------------------------------------------------------------------
def test_bots_are_added_by_the_creator_or_a_manager(service: TableService) -> None:
    tid = lobby(service, 2, seats=4)
    for who in ("mallory", "u1"):                                      # a stranger, a seated player
        with pytest.raises(NotAllowed):
            service.add_bot(tid, who)
    assert len(service.seats(tid)) == 2
    service.add_bot(tid, "u0")
    service.add_bot(tid, "boss", manager=True)
    assert [s.is_bot for s in service.seats(tid)] == [False, False, True, True]


def test_the_creator_or_a_manager_starts_and_other_players_only_vote(service: TableService) -> None:
    tid = lobby(service, 3)
    with pytest.raises(NotAllowed):
        service.start(tid, "u1")
    with pytest.raises(NotAllowed):
        service.vote_start(tid, "mallory")
    for voter in ("u1", "u2"):                                         # the creator is seated: they decide
        vote = service.vote_start(tid, voter)
        assert vote.result is None and 0 in vote.waiting
    assert service.table(tid).status == "lobby"
    assert service.vote_start(tid, "u0").result is not None
    assert service.table(tid).status == "active"

    managed = lobby(service, 2)
    assert service.vote_start(managed, "boss", manager=True).result is not None


def test_the_seated_players_start_together_when_the_creator_left(service: TableService) -> None:
    tid = lobby(service, 4, seats=4)
    service.leave(tid, "u0")
    assert service.vote_start(tid, "u1").waiting == [1, 2]             # seats of u2 and u3 (renumbered)
    service.leave(tid, "u3")                                           # the seats changed: votes start over
    assert service.vote_start(tid, "u2").waiting == [0]
    result = service.vote_start(tid, "u1").result
    assert result is not None and len(result.loaded.seats) == 2


# ---- point 6: guarded writes ----------------------------------------------------------------------
def test_every_write_of_seats_or_status_bumps_the_version(service: TableService) -> None:
    tid = lobby(service, 1, seats=4)
    versions = [service.table(tid).version]
    for write in (lambda: service.join(tid, "u1", "Bo"), lambda: service.add_bot(tid, "u0"),
                  lambda: service.leave(tid, "u1"), lambda: service.join(tid, "u2", "Cy"),
                  lambda: service.kick(tid, "u0", 2), lambda: service.start(tid, "u0"),
                  lambda: service.substitute(tid, "u0", 1, "Bot"), lambda: service.abandon(tid, "u0")):
        write()
        versions.append(service.table(tid).version)
    assert all(later > earlier for earlier, later in pairwise(versions)), versions


def test_the_repository_refuses_writes_on_a_version_or_status_that_moved_on(repo: Repository) -> None:
    table = repo.create_table("g", seed="s", engine_version="1")
    seat = repo.add_seat(table.id, "Ann", user_id="u0", guard=Guard(0, ("lobby",)))
    assert repo.require_table(table.id).version == 1
    with pytest.raises(StaleVersion):
        repo.update_seat(table.id, seat.seat, name="Late", guard=Guard(0, ("lobby",)))
    with pytest.raises(WrongStatus):
        repo.remove_seat(table.id, seat.seat, guard=Guard(1, ("active",)))
    with pytest.raises(WrongStatus) as wrong:
        repo.commit_actions(table.id, 1, [NewAction("take 1", seat=0)], require_status="active")
    assert wrong.value.status == "lobby"
    repo.set_status(table.id, "abandoned", guard=Guard(1, ("lobby", "active")),
                    log=[NewAction("abandon by u0", kind="system", user_id="u0")])
    assert [r.notation for r in repo.actions(table.id)] == ["abandon by u0"]
    assert repo.get_seat(table.id, 0).name == "Ann"


def test_a_move_loaded_before_an_abandon_never_lands_on_the_abandoned_table(
        service: TableService, second: TableService) -> None:
    tid = started(service)
    move = first_legal(service, tid, 0)
    delayed_commits(service, lambda: second.abandon(tid, "u0"))       # another process, mid-move
    with pytest.raises(NotActive):
        service.act(tid, "u0", move)
    assert service.table(tid).status == "abandoned"
    assert [r.kind for r in service.log(tid)] == ["system"]


def test_a_move_loaded_before_a_substitution_is_not_played_for_the_old_holder(
        service: TableService, second: TableService) -> None:
    tid = started(service)
    move = first_legal(service, tid, 1)
    delayed_commits(service, lambda: second.substitute(tid, "u0", 1, "Bot 2"))
    with pytest.raises(TableError):                                    # u1 no longer holds seat 2
        service.act(tid, "u1", move)
    assert all(r.user_id != "u1" for r in service.log(tid))


def test_a_join_during_the_deal_is_dealt_in_or_refused(service: TableService, second: TableService) -> None:
    tid = lobby(service, 2, seats=3)
    delayed_commits(service, lambda: second.join(tid, "u2", "Cy"))     # joins between the read and the deal
    result = service.start(tid, "u0")
    assert len(result.loaded.seats) == 3 and result.loaded.state.players == 3
    with pytest.raises(NotInLobby):
        second.join(tid, "u3", "Late")


def test_moves_and_an_abandon_racing_in_threads(service: TableService, second: TableService) -> None:
    """Real concurrency, two services (two processes) on one database: whichever wins, no move
    is ever committed after the abandon, and the table stays abandoned."""
    for _ in range(4):
        tid = started(service)
        moves = {seat: first_legal(service, tid, seat) for seat in (0, 1)}
        _, errors = race([
            lambda tid=tid, moves=moves: service.act(tid, "u0", moves[0]),
            lambda tid=tid: second.abandon(tid, "u0"),
            lambda tid=tid, moves=moves: service.act(tid, "u1", moves[1]),
        ])
        assert all(isinstance(e, (NotActive, StaleVersion)) for e in errors), errors
        rows = service.log(tid)
        abandon = next(r.seq for r in rows if r.kind == "system")
        assert all(r.seq < abandon for r in rows if r.kind == "move")
        assert service.table(tid).status == "abandoned"
