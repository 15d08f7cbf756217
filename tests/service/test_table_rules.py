"""Table rules the service owns: standing orders played next to bots, an admin's early end,
adapter notes kept apart from settings, missed deadlines played by Game.timeout_move."""

from __future__ import annotations

import pytest

from games.core import Rng
from games.registry import get_game
from service import TableService
from service.errors import NotActive, NotAllowed, NotSeated, TableError, WrongSeat

GAME = get_game("landlords")


def landlords_table(service: TableService, seed: str = "orders") -> int:
    table = service.create("landlords", seats=3, seed=seed, creator="u0", options={"round_limit": 30})
    for n in range(3):
        service.join(table.id, f"u{n}", f"User {n}")
    service.start(table.id, "u0")
    return table.id


def play_until_sealed(service: TableService, tid: int, *, limit: int = 400) -> None:
    """Play everyone's first legal move (preferring a bid when the lander may open one) until a
    sealed counter-bid round is open."""
    for _ in range(limit):
        loaded = service.load(tid)
        top = loaded.state.stack[-1] if loaded.state.stack else None
        if type(top).__name__ == "SealedF":
            return
        seat = min(GAME.to_act(loaded.state))
        legal = [str(m) for m in GAME.legal_moves(loaded.state, seat)]
        choice = next((m for m in legal if m.startswith("bid")), None) or \
            next((m for m in legal if not m.startswith(("offer", "pass"))), legal[0])
        service.act(tid, f"u{seat}", choice, seat=seat)
    pytest.fail("no sealed bid round came up")


def test_a_standing_order_answers_for_the_player_and_is_logged_as_theirs(service: TableService) -> None:
    tid = landlords_table(service)
    assert service.set_order(tid, "u1", "pass-bids") is None   # nothing to answer yet
    assert service.repo.seats(tid)[1].orders == ["auto-roll", "pass-bids"]  # beside the default
    play_until_sealed(service, tid)
    loaded = service.load(tid)
    assert 1 not in GAME.to_act(loaded.state), "the order should have answered at once"
    row = next(r for r in reversed(service.log(tid)) if r.seat == 1)
    assert row.notation == "pass" and row.user_id == "u1"
    service.set_order(tid, "u1", "pass-bids", on=False)
    assert service.repo.seats(tid)[1].orders == ["auto-roll"]


def test_an_order_set_while_asked_plays_at_once(service: TableService) -> None:
    tid = landlords_table(service, seed="orders-2")
    play_until_sealed(service, tid)
    asked = sorted(GAME.to_act(service.load(tid).state))
    seat = asked[0]
    result = service.set_order(tid, f"u{seat}", "pass-bids")
    assert result is not None and result.steps[0].order == "pass-bids"
    assert seat not in GAME.to_act(service.load(tid).state)


def test_a_person_taking_a_seat_starts_with_the_titles_default_orders(service: TableService) -> None:
    table = service.create("landlords", seats=3, seed="defaults", creator="u0")
    service.join(table.id, "u0", "Ann")
    service.add_bot(table.id)
    service.join(table.id, "u1", "Bo")
    assert [s.orders for s in service.repo.seats(table.id)] == [["auto-roll"], [], ["auto-roll"]]
    service.set_order(table.id, "u1", "auto-roll", on=False)  # in the lobby, before the deal
    with pytest.raises(TableError):
        service.set_order(table.id, "u1", "pass-bids")  # not offered before the deal
    with pytest.raises(WrongSeat):
        service.set_order(table.id, "u1", "auto-roll", on=False, seat=0)  # Ann's seat is hers
    with pytest.raises(NotSeated):
        service.set_order(table.id, "u9", "auto-roll", on=False)
    service.set_order(table.id, "u0", "auto-roll")  # setting it again changes nothing
    assert [s.orders for s in service.repo.seats(table.id)] == [["auto-roll"], [], []]
    service.start(table.id, "u0")
    service.offer_seat(table.id, "u1", 2, "u7", "Cy")  # Bo hands his seat to Cy: Cy's own orders
    service.accept_seat(table.id, 2, "u7")
    assert service.repo.seats(table.id)[2].orders == ["auto-roll"]
    other = service.create("wonderful-world", seats=2, creator="u0")
    service.join(other.id, "u0", "Ann")
    assert service.repo.seats(other.id)[0].orders == []  # a title without default orders


def test_unknown_orders_are_refused_and_change_nothing(service: TableService) -> None:
    tid = landlords_table(service)
    version = service.load(tid).table.version
    with pytest.raises(TableError) as refused:
        service.set_order(tid, "u1", "win-the-game")
    assert refused.value.key == "table.no_such_order"
    assert service.repo.seats(tid)[1].orders == ["auto-roll"]
    assert service.load(tid).table.version == version


def test_an_admin_ends_a_game_early_and_it_is_ranked(service: TableService) -> None:
    tid = landlords_table(service)
    with pytest.raises(NotAllowed):
        service.end(tid, "u2")
    loaded = service.end(tid, "u0")
    assert loaded.table.status == "finished"
    assert loaded.outcome is not None and loaded.outcome.reasons[0][0] == "outcome.forced"
    assert service.log(tid)[-1].kind == "system"
    with pytest.raises(NotActive):
        service.end(tid, "u0")
    with pytest.raises(NotActive):
        service.act(tid, "u0", "roll")


def test_adapter_notes_leave_version_settings_and_idle_clock_alone(service: TableService) -> None:
    tid = landlords_table(service)
    before = service.repo.get_table(tid)
    service.repo.set_note(tid, "status_post", {"message": 123, "seats": [0]})
    after = service.repo.get_table(tid)
    assert service.repo.note(tid, "status_post") == {"message": 123, "seats": [0]}
    assert (after.version, after.settings, after.updated_at) == (before.version, before.settings, before.updated_at)
    service.repo.set_note(tid, "status_post", None)
    assert service.repo.note(tid, "status_post") is None


def test_a_missed_deadline_plays_the_titles_timeout_move(service: TableService,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    tid = landlords_table(service)
    seat = min(GAME.to_act(service.load(tid).state))
    played: list[int] = []

    def timeout_move(self, state, seat, rng: Rng):  # type: ignore[no-untyped-def]
        played.append(seat)
        return self.legal_moves(state, seat)[0]

    monkeypatch.setattr(type(GAME), "timeout_move", timeout_move)
    result = service.autoplay(tid, seat, max_moves=1)
    assert result is not None and played == [seat]
