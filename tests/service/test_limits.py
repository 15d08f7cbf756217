"""Caps on live tables per member and per server, with per-server overrides (issue 12, point 2),
and the ended tables an adapter still has to tidy; on SQLite and PostgreSQL."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from service import TableLimits, TableService
from service.errors import TableError
from service.limits import ManagersOnly
from storage.repository import Repository
from storage.types import utcnow

GAME = "wonderful-world"
GUILD = "g1"


def open_lobby(service: TableService, creator: str, guild: str = GUILD) -> int:
    """A lobby with a channel, as the Discord adapter leaves it."""
    row = service.create(GAME, seats=2, seed=1, creator=creator, guild_id=guild)
    service.set_channel(row.id, guild, f"c{row.id}")
    return row.id


def refused_key(service: TableService, creator: str, guild: str = GUILD) -> str:
    with pytest.raises(TableError) as caught:
        service.create(GAME, seats=2, seed=1, creator=creator, guild_id=guild)
    return caught.value.key


def test_a_member_has_at_most_so_many_lobbies_and_live_tables(repo: Repository) -> None:
    service = TableService(repo, limits=TableLimits(member_lobbies=2, member_tables=3, guild_tables=50))
    first, second = open_lobby(service, "mallory"), open_lobby(service, "mallory")
    assert refused_key(service, "mallory") == "table.limit.member_lobbies"
    open_lobby(service, "alice")  # others are not affected
    open_lobby(service, "mallory", guild="g2")  # nor other servers

    # a started game is no longer a lobby, but still a live table
    for started in (first, second):
        service.join(started, "mallory", "M")
        service.add_bot(started)
        service.start(started, "mallory")
    third = open_lobby(service, "mallory")
    assert refused_key(service, "mallory") == "table.limit.member_tables"

    # abandoning one frees its place
    service.abandon(second, "mallory")
    open_lobby(service, "mallory")
    assert refused_key(service, "mallory") == "table.limit.member_lobbies"
    service.abandon(third, "mallory")


def test_the_server_cap_counts_everyone(repo: Repository) -> None:
    service = TableService(repo, limits=TableLimits(guild_tables=3))
    for user in ("a", "b", "c"):
        open_lobby(service, user)
    with pytest.raises(TableError) as caught:
        service.create(GAME, seats=2, seed=1, creator="d", guild_id=GUILD)
    assert caught.value.key == "table.limit.guild_tables"
    assert caught.value.params == {"limit": 3, "count": 3}
    # a table outside any server (the console) has no caps
    service.create(GAME, seats=2, seed=1, creator="d")


def test_a_table_never_opened_stops_counting(repo: Repository) -> None:
    service = TableService(repo, limits=TableLimits(member_lobbies=1))
    row = service.create(GAME, seats=2, seed=1, creator="m", guild_id=GUILD)  # no channel yet: in flight
    assert refused_key(service, "m") == "table.limit.member_lobbies"
    with repo._write() as session:  # the adapter stopped half-way, long ago
        from storage.models import TableRow

        found = session.get(TableRow, row.id)
        assert found is not None
        found.created_at = utcnow() - timedelta(hours=1)
    open_lobby(service, "m")


def test_managers_override_the_limits_of_their_server(repo: Repository) -> None:
    service = TableService(repo, limits=TableLimits(member_lobbies=1))
    assert service.server_limits(GUILD) == TableLimits(member_lobbies=1)
    with pytest.raises(ManagersOnly):
        service.set_server_limits(GUILD, manager=False, member_lobbies=5)
    with pytest.raises(TableError) as caught:
        service.set_server_limits(GUILD, manager=True, member_lobbies=500)
    assert caught.value.key == "table.bad_limit"
    with pytest.raises(TableError):
        service.set_server_limits(GUILD, manager=True, everything=1)

    limits = service.set_server_limits(GUILD, manager=True, member_lobbies=2, guild_tables=10)
    assert limits == TableLimits(member_lobbies=2, member_tables=10, guild_tables=10)
    assert service.server_limits("g2") == TableLimits(member_lobbies=1)
    open_lobby(service, "m")
    open_lobby(service, "m")
    assert refused_key(service, "m") == "table.limit.member_lobbies"
    assert service.set_server_limits(GUILD, manager=True, member_lobbies=0).member_lobbies == 1  # the default


def test_a_burst_of_creations_never_overshoots(repo: Repository) -> None:
    service = TableService(repo, limits=TableLimits(member_lobbies=3, guild_tables=50))
    made: list[int] = []
    refused: list[str] = []

    def create() -> None:
        try:
            made.append(service.create(GAME, seats=2, seed=1, creator="mallory", guild_id=GUILD).id)
        except TableError as error:
            refused.append(error.key)

    threads = [threading.Thread(target=create) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 3 and refused == ["table.limit.member_lobbies"] * 9


def test_ended_tables_wait_to_be_tidied_once(repo: Repository) -> None:
    service = TableService(repo)
    live, ended = open_lobby(service, "a"), open_lobby(service, "b")
    service.abandon(ended, "b")
    now = utcnow()
    assert service.ended_tables("closed", now=now) == []  # not settled yet
    later = now + timedelta(seconds=10)
    assert [t.id for t in service.ended_tables("closed", now=later)] == [ended]
    assert [t.id for t in service.ended_tables("closed", now=later, guild_ids=["g2"])] == []
    service.set_note(ended, "closed", True)
    assert service.ended_tables("closed", now=later) == []
    assert service.ended_tables("closed", now=now + timedelta(days=9)) == []  # long gone: left alone
    assert live != ended


def test_the_newest_live_tables_are_listed(repo: Repository) -> None:
    """``/table list`` reads only the newest few of a server's live tables (security review, 7)."""
    service = TableService(repo, limits=TableLimits(member_lobbies=25, member_tables=100))
    ids = [open_lobby(service, "a") for _ in range(5)]
    assert [t.id for t in service.tables(GUILD, limit=2, newest=True)] == ids[-2:]
    assert [t.id for t in service.tables(GUILD, limit=2)] == ids[:2]
