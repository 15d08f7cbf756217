"""Issue 10 §9: the defaults a server's managers choose for its new tables (language, deadline and
policy, channel, public or private threads), stored per server; every bad value is refused before
anything is stored, and a server's new tables start with its deadline and policy."""

from __future__ import annotations

import pytest

from service import TableService
from service.errors import TableError
from service.limits import ManagersOnly, ServerDefaults
from storage.repository import Repository

GUILD = "g1"


def test_defaults_are_stored_per_server_and_used_by_new_tables(repo: Repository) -> None:
    service = TableService(repo)
    limits, defaults = service.configure_server(GUILD, manager=True, language="zh", deadline_hours=6,
                                                policy="bot", channel_id="123", threads="private",
                                                member_lobbies=4)
    assert defaults == ServerDefaults("zh", 6.0, "bot", "123", "private") and limits.member_lobbies == 4
    assert service.server_defaults(GUILD) == defaults and service.server_defaults("g2") == ServerDefaults()
    row = service.create("wonderful-world", seats=2, seed=1, creator="a", guild_id=GUILD)
    assert row.settings["deadline_hours"] == 6.0 and row.settings["policy"] == "bot"
    other = service.create("wonderful-world", seats=2, seed=1, creator="a", guild_id="g2")
    assert "deadline_hours" not in other.settings and "policy" not in other.settings
    # 0 h, "auto" and None go back to the configuration
    _, defaults = service.configure_server(GUILD, manager=True, language="auto", deadline_hours=0, channel_id=None)
    assert defaults == ServerDefaults(policy="bot", threads="private")


@pytest.mark.parametrize(("change", "key"), [
    ({"language": "fr"}, "table.bad_language"),
    ({"deadline_hours": -1}, "table.bad_deadline"),
    ({"deadline_hours": 5000}, "table.bad_deadline"),
    ({"deadline_hours": float("nan")}, "table.bad_deadline"),
    ({"deadline_hours": "soon"}, "table.bad_deadline"),
    ({"deadline_hours": 0.05}, "table.too_often"),
    ({"policy": "kick"}, "table.bad_policy"),
    ({"channel_id": "#general"}, "table.bad_channel"),
    ({"threads": "secret"}, "table.bad_threads"),
    ({"colour": "red"}, "table.bad_setting"),
])
def test_a_bad_value_changes_nothing(repo: Repository, change: dict[str, object], key: str) -> None:
    service = TableService(repo)
    service.configure_server(GUILD, manager=True, language="en", threads="public")
    with pytest.raises(TableError) as caught:
        service.configure_server(GUILD, manager=True, **{"policy": "bot", "threads": "private", **change})
    assert caught.value.key == key
    assert service.server_defaults(GUILD) == ServerDefaults(language="en", threads="public")


def test_only_managers_change_them(repo: Repository) -> None:
    service = TableService(repo)
    with pytest.raises(ManagersOnly):
        service.configure_server(GUILD, manager=False, language="zh")
    assert service.server_defaults(GUILD) == ServerDefaults()


def test_stored_nonsense_is_ignored() -> None:
    assert ServerDefaults.read({"language": "fr", "deadline_hours": True, "policy": 3, "channel_id": "x",
                                "threads": None}) == ServerDefaults()


def test_the_league_role_is_stored_checked_and_reset(repo: Repository) -> None:
    """Issue 23 §7: the role that runs leagues besides moderators is a server setting like the others."""
    service = TableService(repo)
    _, defaults = service.configure_server(GUILD, manager=True, league_role="456")
    assert defaults.league_role == "456" and service.server_defaults(GUILD).league_role == "456"
    with pytest.raises(TableError):
        service.configure_server(GUILD, manager=True, league_role="<@&456>", language="zh")
    assert service.server_defaults(GUILD) == ServerDefaults(league_role="456")  # the refusal changed nothing
    with pytest.raises(ManagersOnly):
        service.configure_server(GUILD, manager=False, league_role="789")
    assert service.configure_server(GUILD, manager=True, league_role=None)[1] == ServerDefaults()
    assert ServerDefaults.read({"league_role": 456}).league_role is None
