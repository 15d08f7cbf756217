"""Resigning, playing again and a random seat order (issue 10 §10), on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from service import TableService
from service.errors import NotInLobby, NotSeated, TableError, TableFull
from service.text import seat_change_line

GAME = "wonderful-world"


def lobby(service: TableService, humans: int, *, seats: int | None = None, bots: int = 0, seed: str = "s1") -> int:
    table = service.create(GAME, seats=seats or humans + bots, seed=seed, creator="u0", guild_id="g1")
    for n in range(humans):
        service.join(table.id, f"u{n}", f"User {n}")
    for _ in range(bots):
        service.add_bot(table.id, "u0")
    return table.id


def test_a_resigning_player_leaves_their_seat_to_a_bot_that_plays_on(service: TableService) -> None:
    tid = lobby(service, 3)
    service.start(tid, "u0")
    with pytest.raises(NotSeated):
        service.resign(tid, "stranger", "Bot 9")
    before = service.table(tid).version
    row = service.resign(tid, "u1", "Bot 2")
    assert row.user_id == "u1" and row.seat == 1
    seat = service.seats(tid)[1]
    assert seat.is_bot and seat.user_id is None and seat.name == "Bot 2"
    assert service.table(tid).version > before
    # the log says who resigned, in every reader's history, in both languages
    entry = next(e for e in service.history(tid, "u2") if e.kind == "resign")
    assert (entry.seat, entry.by, entry.name, entry.previous) == (1, "u1", "Bot 2", "User 1")
    assert seat_change_line(entry, "en", by="User 1", name="Bot 2", previous="User 1") == \
        "User 1 resigned: Bot 2 plays seat 2 from now on."
    assert "认输" in seat_change_line(entry, "zh", by="User 1", name="Bot 2", previous="User 1")
    # the bot answers for the seat from now on: the game can be played to the end by the others
    with pytest.raises(NotSeated):
        service.resign(tid, "u1", "Bot 2")


def test_nobody_resigns_a_lobby_or_an_ended_game(service: TableService) -> None:
    tid = lobby(service, 2)
    with pytest.raises(TableError):
        service.resign(tid, "u1", "Bot 2")
    assert not service.seats(tid)[1].is_bot
    service.start(tid, "u0")
    service.abandon(tid, "u0")
    with pytest.raises(TableError):
        service.resign(tid, "u1", "Bot 2")


def test_a_rematch_opens_a_lobby_with_the_same_game_settings_bots_and_seats_kept(service: TableService) -> None:
    tid = lobby(service, 3, seats=4, bots=1)
    service.configure(tid, "u0", remind_hours=6, policy="bot")
    service.start(tid, "u0")
    with pytest.raises(TableError):        # only a table that ended
        service.rematch(tid, "u1", "User 1")
    service.abandon(tid, "u0")
    with pytest.raises(NotSeated):         # only one of its players
        service.rematch(tid, "mallory", "Mallory")
    rematch = service.rematch(tid, "u2", "User 2")
    new = rematch.table
    assert new.id != tid and new.status == "lobby" and new.game_id == GAME and new.guild_id == "g1"
    assert new.creator == "u2" and new.settings["remind_hours"] == 6 and new.settings["policy"] == "bot"
    assert sorted(rematch.invited) == ["u0", "u1"]
    seats = [(s.user_id, s.is_bot) for s in service.seats(new.id)]
    assert seats == [("u2", False), (None, True)]   # nobody else is seated without accepting
    service.join(new.id, "u9", "Newcomer")
    service.join(new.id, "u1", "User 1")
    with pytest.raises(TableFull):
        service.join(new.id, "u0", "User 0")  # four seats: the newcomer took the last one
    service.leave(new.id, "u9")
    service.join(new.id, "u0", "User 0")
    service.start(new.id, "u2")
    # at the deal everyone is back in the old order: u0, u1, u2, the bot
    assert [(s.user_id, s.is_bot) for s in service.seats(new.id)] == \
        [("u0", False), ("u1", False), ("u2", False), (None, True)]


def test_a_rematch_puts_newcomers_after_the_old_players(service: TableService) -> None:
    tid = lobby(service, 3)
    service.start(tid, "u0")
    service.abandon(tid, "u0")
    new = service.rematch(tid, "u2", "User 2").table
    service.join(new.id, "u9", "Newcomer")
    service.join(new.id, "u0", "User 0")
    service.start(new.id, "u2")
    assert [s.user_id for s in service.seats(new.id)] == ["u0", "u2", "u9"]


def test_with_a_random_seat_order_the_seed_draws_the_seats_at_the_deal(service: TableService) -> None:
    orders = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        tid = lobby(service, 4, seed=seed)
        service.configure(tid, "u0", seat_order="random")
        service.start(tid, "u0")
        orders.add(tuple(s.user_id for s in service.seats(tid)))
        assert sorted(s.seat for s in service.seats(tid)) == [0, 1, 2, 3]
        assert any(r.notation.startswith("seats ") for r in service.log(tid) if r.kind == "system") or \
            [s.user_id for s in service.seats(tid)] == ["u0", "u1", "u2", "u3"]
    assert len(orders) > 1  # the order really changes with the seed
    # the same seed and players give the same order
    again = lobby(service, 4, seed="a")
    service.configure(again, "u0", seat_order="random")
    service.start(again, "u0")
    first = lobby(service, 4, seed="a")
    service.configure(first, "u0", seat_order="random")
    service.start(first, "u0")
    assert [s.user_id for s in service.seats(again)] == [s.user_id for s in service.seats(first)]


def test_a_seat_order_that_is_neither_is_refused(service: TableService) -> None:
    tid = lobby(service, 2)
    with pytest.raises(TableError):
        service.configure(tid, "u0", seat_order="alphabetical")
    service.start(tid, "u0")
    with pytest.raises(NotInLobby):
        service.leave(tid, "u1")


def test_a_member_asks_for_reminders_by_direct_message_and_takes_it_back(service: TableService) -> None:
    assert service.wants_dm(["u1", "u2"]) == set()
    assert service.set_dm_reminders("u1", True) is True
    service.set_dm_reminders("u2", True)
    assert service.wants_dm(["u1", "u2", "u3"]) == {"u1", "u2"}
    assert service.set_dm_reminders("u2", False) is False
    assert service.wants_dm(["u1", "u2"]) == {"u1"} and service.wants_dm([]) == set()
