"""Who may give a seat away, and who may take one (issue 19 §3 and §4), on both databases.

§3: a creator who resigned her seat offered herself an active opponent's seat; he was never asked,
and she then held his hand after having seen her own. A seat is given only with its holder's consent
(or by a manager, logged as such), and at a table with hidden information nobody who held a seat
since the deal takes another one. §4: the creator runs their own table without ``/mod``: kicks or
replaces a player who missed a deadline, and abandons a running game with the players' vote.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from service import TableService
from service.errors import AlreadySeated, NotAllowed, NotSeated
from storage.types import utcnow

HIDDEN = "wonderful-world"   # hands and drafts: hidden information
OPEN = "royal-gorge"         # open information


def started(service: TableService, game: str = HIDDEN, humans: int = 3) -> int:
    table = service.create(game, seats=humans, seed="consent", creator="u0")
    for n in range(humans):
        service.join(table.id, f"u{n}", f"User {n}")
    service.start(table.id, "u0")
    return table.id


def holders(service: TableService, tid: int) -> list[str | None]:
    return [s.user_id for s in service.repo.seats(tid)]


def test_a_creator_who_resigned_cannot_take_an_opponents_seat_nor_be_given_one(service: TableService) -> None:
    tid = started(service)
    service.resign(tid, "u0", "Bot 1")
    assert service.former_seats(tid, "u0") == {0}
    with pytest.raises(NotAllowed) as consent:                        # Bo was never asked
        service.offer_seat(tid, "u0", 1, "u0", "Ann")
    assert consent.value.key == "table.holder_consent"
    for by, manager in (("u1", False), ("boss", True)):               # not even with consent, nor by a moderator
        with pytest.raises(AlreadySeated) as held:
            service.offer_seat(tid, by, 1, "u0", "Ann", manager=manager)
        assert held.value.key == "table.held_before" and held.value.params["seat"] == 1
    assert holders(service, tid) == [None, "u1", "u2"]
    # her own seat she may be given back: she has seen only its secrets
    service.offer_seat(tid, "boss", 0, "u0", "Ann", manager=True)
    service.accept_seat(tid, 0, "u0")
    assert holders(service, tid) == ["u0", "u1", "u2"]


def test_an_offer_made_before_its_member_held_another_seat_is_refused_when_accepted(service: TableService) -> None:
    tid = started(service)
    service.offer_seat(tid, "u1", 1, "u7", "Newcomer")               # Bo hands his seat to u7...
    service.offer_seat(tid, "u2", 2, "u7", "Newcomer")               # ...and Cy hers, to the same member
    service.accept_seat(tid, 1, "u7")
    service.offer_seat(tid, "u7", 1, "u8", "Eight")                  # u7 hands seat 2 on: it was theirs
    service.accept_seat(tid, 1, "u8")
    with pytest.raises(AlreadySeated) as held:                        # and now would read seat 3's secrets
        service.accept_seat(tid, 2, "u7")
    assert held.value.key == "table.held_before"
    assert holders(service, tid) == ["u0", "u8", "u2"]


def test_at_a_table_with_open_information_a_former_player_may_take_a_bots_seat(service: TableService) -> None:
    tid = started(service, OPEN)
    service.resign(tid, "u0", "Bot 1")
    service.resign(tid, "u1", "Bot 2")
    service.offer_seat(tid, "u0", 1, "u0", "Ann")                    # the creator offers a bot's seat
    service.accept_seat(tid, 1, "u0")
    assert holders(service, tid) == [None, "u0", "u2"]


def test_the_creator_replaces_a_player_only_after_they_missed_a_deadline(service: TableService) -> None:
    tid = started(service, humans=2)
    with pytest.raises(NotAllowed):
        service.substitute(tid, "u0", 1, "Bot 2")
    with pytest.raises(NotAllowed):
        service.offer_seat(tid, "u0", 1, "u7", "Seven")
    loaded = service.load(tid)
    first = str(loaded.game.legal_moves(loaded.state, 0)[0])
    service.act(tid, "u0", first)                                     # Ann picks; Bo does not
    service.repo.update_settings(tid, {"deadline_hours": 1, "policy": "move"})
    service.repo.set_deadline(tid, utcnow() - timedelta(minutes=1))
    done = service.enforce_deadline(tid, utcnow())
    assert done is not None and done.late == [1]
    assert service.table(tid).settings["missed"] == {"1": "u1"}
    offer = service.offer_seat(tid, "u0", 1, "u7", "Seven")          # now the creator may
    assert offer.by == "u0" and not offer.mod
    # Bo comes back and moves himself: he is no longer absent, and the creator's power lapses
    loaded = service.load(tid)
    assert 1 in loaded.game.to_act(loaded.state)                      # the next pick is both players'
    service.act(tid, "u1", str(loaded.game.legal_moves(loaded.state, 1)[0]))
    assert "missed" not in service.table(tid).settings
    with pytest.raises(NotAllowed):
        service.substitute(tid, "u0", 1, "Bot 2")


def test_a_players_own_move_clears_a_missed_deadline(service: TableService) -> None:
    tid = started(service, humans=2)
    service.repo.update_settings(tid, {"missed": {"0": "u0", "1": "u1"}})
    loaded = service.load(tid)
    service.act(tid, "u1", str(loaded.game.legal_moves(loaded.state, 1)[0]))
    assert service.table(tid).settings["missed"] == {"0": "u0"}
    with pytest.raises(NotAllowed):
        service.substitute(tid, "u0", 1, "Bot 2")
    service.substitute(tid, "u0", 0, "Bot 1")                         # the creator's own, late seat


def test_a_running_game_is_abandoned_by_more_than_half_of_its_players(service: TableService) -> None:
    tid = started(service, humans=4)
    with pytest.raises(NotSeated):
        service.vote_abandon(tid, "mallory")
    first = service.vote_abandon(tid, "u0")                           # the creator opens the vote
    assert (first.done, first.votes, first.needed, first.waiting) == (False, 1, 3, [1, 2, 3])
    again = service.vote_abandon(tid, "u0")                           # voting twice counts once
    assert (again.votes, again.waiting) == (1, [1, 2, 3])
    assert service.vote_abandon(tid, "u2").votes == 2
    # a seat changing hands starts the vote over (its new holder did not vote)
    service.offer_seat(tid, "u3", 3, "u9", "Nine")
    service.accept_seat(tid, 3, "u9")
    assert service.vote_abandon(tid, "u1").votes == 1
    assert service.table(tid).status == "active"
    service.vote_abandon(tid, "u0")
    done = service.vote_abandon(tid, "u9")
    assert done.done and service.table(tid).status == "abandoned"
    [row] = [r for r in service.log(tid) if r.notation.startswith("abandon")]
    assert row.notation == "abandon by u9 voted u0,u1,u9"


def test_a_lobby_is_its_creators_to_abandon_and_a_manager_abandons_anything(service: TableService) -> None:
    lobby = service.create(HIDDEN, seats=2, seed="lobby", creator="u0")
    service.join(lobby.id, "u1", "Bo")
    with pytest.raises(NotAllowed):
        service.vote_abandon(lobby.id, "u1")
    assert service.vote_abandon(lobby.id, "u0").done
    tid = started(service, humans=2)
    assert service.vote_abandon(tid, "boss", manager=True).done
    assert service.table(tid).status == "abandoned"
