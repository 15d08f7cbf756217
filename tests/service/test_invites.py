"""Invitations and rematch pings (issue 19 §2) on both databases: once per table, at most once an
hour from one member (or from rematches), never to a member who refuses invitations."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service import TableService
from service.errors import TableError
from storage.types import utcnow


def lobby(service: TableService) -> int:
    table = service.create("wonderful-world", seats=3, seed="invites", creator="u0")
    service.join(table.id, "u0", "Ann")
    return table.id


def test_a_member_invites_another_to_a_table_once_and_to_any_table_once_an_hour(service: TableService) -> None:
    first, second = lobby(service), lobby(service)
    now = utcnow()
    service.invite(first, "u0", "u7", now=now)
    with pytest.raises(TableError) as again:
        service.invite(first, "u0", "u7", now=now + timedelta(hours=5))    # this table: never again
    assert again.value.key == "table.invited_already"
    with pytest.raises(TableError) as soon:
        service.invite(second, "u0", "u7", now=now + timedelta(minutes=59))
    assert soon.value.key == "table.invited_recently"
    service.invite(second, "u1", "u7", now=now + timedelta(minutes=1))     # another member may
    service.invite(second, "u0", "u7", now=now + timedelta(minutes=61))    # an hour later, another table
    assert service.note(second, "invited") == ["u1:u7", "u0:u7"]


def test_a_member_who_refuses_invitations_is_neither_invited_nor_pinged_by_a_rematch(service: TableService) -> None:
    tid = lobby(service)
    assert service.set_invitations("u7", False) is False
    with pytest.raises(TableError) as refused:
        service.invite(tid, "u0", "u7")
    assert refused.value.key == "table.no_invitations"
    assert service.note(tid, "invited") is None
    assert service.rematch_pings(["u7", "u8"]) == ["u8"]
    assert service.set_invitations("u7", True) is True
    assert service.takes_invitations(["u7", "u8"]) == ["u7", "u8"]


def test_rematches_ping_a_former_player_once_an_hour_whoever_opens_them(service: TableService) -> None:
    now = utcnow()
    assert service.rematch_pings(["u1", "u2"], now=now) == ["u1", "u2"]
    assert service.rematch_pings(["u1"], now=now + timedelta(minutes=30)) == []
    assert service.rematch_pings(["u1", "u3"], now=now + timedelta(minutes=30)) == ["u3"]
    assert service.rematch_pings(["u1", "u2"], now=now + timedelta(minutes=61)) == ["u1", "u2"]
    # an invitation and a rematch are counted apart: a rematch ping does not forbid an invitation
    service.invite(lobby(service), "u0", "u1", now=now + timedelta(minutes=62))
