"""Campaigns (issue 23 §3, docs/campaigns.md), on SQLite and PostgreSQL: a fixed group plays a series
of tables of different titles with one cumulative scoreboard; each next table opens from the clock
once; the pentathlon preset refuses a group a title cannot seat; a member who leaves is resigned."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from games.registry import register, unregister
from service import TableService
from service import campaigns as rules
from service.league_run import play_for_members
from service.text import refusal
from storage.campaigns import Campaigns
from storage.models import CampaignRow
from tests.e2e.titles import Pebbles, SnapGame

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)
GROUP = [rules.Member(f"u{n}", f"U{n}") for n in range(1, 4)]


@pytest.fixture(autouse=True)
def titles() -> Iterator[None]:
    register(Pebbles())
    register(SnapGame())
    yield
    unregister("pebbles")
    unregister("snap")


def campaign(service: TableService, games: list[str] | None = None, **kwargs: object) -> CampaignRow:
    settings: dict[str, object] = {"options": {"pebbles": {"pile": 9}}}
    settings.update(kwargs)
    return rules.create(service, "g1", "Triathlon", games or ["pebbles", "snap", "pebbles"], GROUP,  # type: ignore[arg-type]
                        creator="mod", manager=True, **settings)


def test_a_campaign_plays_its_titles_in_order_to_one_cumulative_scoreboard(service: TableService) -> None:
    row = campaign(service)
    store = Campaigns(service.repo)
    [first] = store.tables(row.id)  # the first table opens at once
    assert first.game_id == "pebbles" and service.repo.require_table(first.table_id).status == "active"
    assert sorted(u for u in first.players if u) == ["u1", "u2", "u3"]
    played: list[tuple[int, str]] = []
    ended = rules.run_campaign(service, row.id, lambda: NOW, on_table=lambda n, g: played.append((n, g)))
    assert ended.status == "ended" and played == [(1, "pebbles"), (2, "snap"), (3, "pebbles")]
    links = store.tables(row.id)
    assert [link.game_id for link in links] == ["pebbles", "snap", "pebbles"]
    assert all(link.status == "ended" and service.repo.require_table(link.table_id).status == "finished"
               for link in links)
    board = rules.scoreboard(service, ended)
    # the scoreboard adds up each table's points by finishing place (3 seats: 3, 2, 1; shared places share)
    for line in board:
        mine = [r for link in links for r in link.results if r["user"] == line.user]
        assert len(mine) == 3 == line.games and line.points == sum(r["points"] for r in mine)
        assert all(r["points"] == 3 - r["place"] + 1 for r in mine)
    assert [line.points for line in board] == sorted((line.points for line in board), reverse=True)
    assert ended.scoreboard == [{**line.__dict__} for line in board]  # archived as it ended


def test_the_next_table_opens_only_when_the_last_one_ended_and_once(service: TableService) -> None:
    from service.jobs import Jobs

    row = campaign(service)
    store = Campaigns(service.repo)
    assert rules.tick(service, NOW) == 0 and len(store.tables(row.id)) == 1  # still live
    play_for_members(service, store.tables(row.id)[0].table_id)
    other, mine = Jobs(service, owner="other"), Jobs(service, owner="mine")
    assert other.claim(f"campaign:{row.id}", now=NOW)
    assert rules.tick(service, NOW, jobs=mine) == 0 and len(store.tables(row.id)) == 1  # another process holds it
    other.release(f"campaign:{row.id}")
    assert rules.tick(service, NOW, jobs=mine) == 1
    assert [link.status for link in store.tables(row.id)] == ["ended", "open"]
    assert store.tables(row.id)[1].game_id == "snap"
    # a second advance of the same step (a restart) opens nothing more
    assert rules.tick(service, NOW) == 0 and len(store.tables(row.id)) == 2
    assert rules.open_stage(service, row, 1).table_id == store.tables(row.id)[1].table_id


def test_a_table_created_but_not_dealt_is_dealt_by_the_next_tick(service: TableService,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    row = campaign(service)
    store = Campaigns(service.repo)
    play_for_members(service, store.tables(row.id)[0].table_id)

    def killed(*_: object, **__: object) -> None:
        raise RuntimeError("the process died before dealing")

    with monkeypatch.context() as patched:
        patched.setattr(service, "start", killed)
        assert rules.tick(service, NOW) == 0  # logged; the next tick tries again
    first, second = store.tables(row.id)
    assert first.status == "ended" and service.repo.require_table(second.table_id).status == "lobby"
    assert rules.tick(service, NOW) == 1
    assert service.repo.require_table(second.table_id).status == "active" and len(store.tables(row.id)) == 2

def test_processes_advancing_a_campaign_at_once_open_each_table_once(service: TableService, db_url: str) -> None:
    from sqlalchemy import Engine

    from storage.db import make_engine
    from storage.repository import Repository

    from ..storage.test_concurrency import race

    row = campaign(service)
    store = Campaigns(service.repo)
    play_for_members(service, store.tables(row.id)[0].table_id)
    engines: list[Engine] = [make_engine(db_url) for _ in range(3)]
    try:
        services = [TableService(Repository(engine)) for engine in engines]
        _, errors = race([(lambda s=s: rules.advance(s, row, NOW)) for s in services])
    finally:
        for engine in engines:
            engine.dispose()
    assert errors == []
    links = store.tables(row.id)
    assert [link.index for link in links] == [0, 1] and links[0].status == "ended"
    assert len({r["user"] for r in links[0].results}) == 3 == len(links[0].results)


@pytest.mark.parametrize(("size", "games", "key", "words"), [
    (5, ["pentathlon"], "campaign.bad_seats", ("landlords seats 1–4 players: a group of 5", "5 人的小组无法进行")),
    (1, ["pentathlon"], "campaign.bad_group", ("2 to 10 members", "2 到 10 人")),
    (3, [], "campaign.bad_stages", ("1 to 20 tables", "1 到 20 桌")),
    (3, ["chess"], "table.unknown_game", ("chess", "chess")),
])
def test_a_group_a_title_cannot_seat_is_refused_in_both_languages_and_nothing_is_stored(
        service: TableService, size: int, games: list[str], key: str, words: tuple[str, str]) -> None:
    group = [rules.Member(f"u{n}", f"U{n}") for n in range(size)]
    with pytest.raises(rules.CampaignError if key.startswith("campaign") else Exception) as refused:
        rules.create(service, "g1", "Five", games, group, creator="mod", manager=True)
    assert refused.value.key == key  # type: ignore[attr-defined]
    assert words[0] in refusal(refused.value, "en") and words[1] in refusal(refused.value, "zh")  # type: ignore[arg-type]
    assert Campaigns(service.repo).of_guild("g1") == [] and service.repo.list_tables("g1", ("lobby", "active")) == []


def test_the_pentathlon_preset_plays_all_five_titles() -> None:
    assert rules.stages_of(["pentathlon"]) == ["landlords", "megarich", "royal-gorge", "three-kingdoms",
                                              "wonderful-world"]
    assert rules.stages_of(["snap", "Pentathlon"])[:2] == ["snap", "landlords"]


def test_only_moderators_create_or_end_a_campaign_and_bad_settings_are_refused(service: TableService) -> None:
    with pytest.raises(rules.CampaignError) as refused:
        rules.create(service, "g1", "Triathlon", ["pebbles"], GROUP, creator="someone")
    assert refused.value.key == "campaign.managers_only"
    for kwargs, key in (({"points": [1, 2, 3]}, "campaign.bad_points"), ({"points": [3, 2]}, "campaign.bad_points")):
        with pytest.raises(rules.CampaignError) as bad:
            campaign(service, **kwargs)
        assert bad.value.key == key
    with pytest.raises(rules.CampaignError) as twice:
        rules.create(service, "g1", "x", ["pebbles"], [GROUP[0], GROUP[0]], creator="mod", manager=True)
    assert twice.value.key == "campaign.bad_group"
    assert Campaigns(service.repo).of_guild("g1") == []
    row = campaign(service)
    with pytest.raises(rules.CampaignError) as taken:
        campaign(service)
    assert taken.value.key == "campaign.exists"
    with pytest.raises(rules.CampaignError) as not_mod:
        rules.end(service, row.id, by_user="someone")
    assert not_mod.value.key == "campaign.managers_only"
    ended = rules.end(service, row.id, by_user="mod", manager=True, now=NOW)
    assert ended.status == "ended" and [line.points for line in rules.scoreboard(service, ended)] == [0, 0, 0]
    assert rules.tick(service, NOW) == 0 and len(Campaigns(service.repo).tables(row.id)) == 1  # nothing more opens


def test_configured_points_and_ties_share_the_place(service: TableService) -> None:
    row = campaign(service, games=["pebbles"], points=[10, 4, 0])
    ended = rules.run_campaign(service, row.id, lambda: NOW)
    [link] = Campaigns(service.repo).tables(row.id)
    assert {r["user"]: r["points"] for r in link.results} == {r["user"]: [10, 4, 0][r["place"] - 1]
                                                              for r in link.results}
    board = rules.scoreboard(service, ended)
    # pebbles: one winner, the others share second place; equal points and first places share the place
    assert [(line.place, line.points, line.wins) for line in board] == [(1, 10, 1), (2, 4, 0), (2, 4, 0)]


def test_a_member_who_leaves_the_server_is_resigned_and_a_bot_takes_their_later_seats(service: TableService) -> None:
    row = campaign(service, games=["pebbles", "snap"])
    store = Campaigns(service.repo)
    assert rules.member_left_server(service, "g1", "u2") == [store.tables(row.id)[0].table_id]
    assert rules.member_left_server(service, "g1", "u2") == []  # once
    ended = rules.run_campaign(service, row.id, lambda: NOW)
    first, second = store.tables(row.id)
    [mine] = [r for r in first.results if r["user"] == "u2"]
    assert mine["points"] == 0 and mine["note"] == "resigned"
    assert "u2" not in second.players and None in second.players
    assert any(s.is_bot for s in service.repo.seats(second.table_id))
    assert {line.user for line in rules.scoreboard(service, ended)} == {"u1", "u2", "u3"}  # still on the board



def test_a_campaign_whose_members_all_left_ends_instead_of_opening_a_table_of_bots(service: TableService) -> None:
    row = campaign(service)
    for user in ("u1", "u2", "u3"):
        rules.member_left_server(service, "g1", user)
    store = Campaigns(service.repo)
    play_for_members(service, store.tables(row.id)[0].table_id)
    assert rules.tick(service, NOW) == 1
    ended = rules.get(service, row.id)
    assert ended.status == "ended" and len(store.tables(row.id)) == 1
    assert [line.points for line in rules.scoreboard(service, ended)] == [0, 0, 0]

def test_scoreboard_lines_in_both_languages(service: TableService) -> None:
    row = campaign(service, games=["pebbles"])
    board = rules.scoreboard(service, row)
    assert rules.scoreboard_lines(board, row, 0, "en")[0] == "Triathlon — 0 of 1 table played, running:"
    ended = rules.run_campaign(service, row.id, lambda: NOW)
    en = rules.scoreboard_lines(rules.scoreboard(service, ended), ended, 1, "en")
    zh = rules.scoreboard_lines(rules.scoreboard(service, ended), ended, 1, "zh")
    assert en[0] == "Triathlon — 1 of 1 table played, ended:" and len(en) == 4 and "point" in en[1]
    assert zh[0] == "Triathlon — 已完成 1/1 桌，已结束：" and "分" in zh[1]



def test_every_rule_in_docs_campaigns_names_a_test_that_exists() -> None:
    """docs/campaigns.md cites a test for each rule: each must exist, and the Chinese twin cites the same."""
    root = Path(__file__).resolve().parents[2]
    cited = set(re.findall(r"`(test_\w+)`", (root / "docs" / "campaigns.md").read_text(encoding="utf-8")))
    defined = set()
    for path in ("tests/service/test_campaigns.py", "tests/storage/test_campaigns.py",
                 "tests/bot/test_campaign_cli.py", "tests/e2e/test_campaigns.py", "tests/e2e/test_league_abuse.py"):
        if (root / path).exists():
            defined |= set(re.findall(r"^(?:async )?def (test_\w+)", (root / path).read_text(encoding="utf-8"), re.M))
    assert len(cited) >= 8 and cited <= defined, sorted(cited - defined)
    twin = set(re.findall(r"`(test_\w+)`", (root / "docs" / "zh" / "campaigns.md").read_text(encoding="utf-8")))
    assert twin == cited, sorted(twin ^ cited)
