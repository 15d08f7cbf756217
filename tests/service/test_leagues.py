"""Leagues and seasons (issue 23 §2, docs/leagues.md), on SQLite and PostgreSQL: a whole season of
seven members at tables of 3–4 runs, points follow the places, rounds open once, rules refuse bad
settings, a member who leaves the server is treated as resigned."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest

from games.registry import register, unregister
from service import TableService
from service import leagues as rules
from service.league_run import play_for_members, run_season
from storage.leagues import Leagues
from storage.models import LeagueRow, RoundRow
from tests.e2e.titles import Pebbles

GAME = "pebbles"
NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)
USERS = [f"u{n}" for n in range(1, 8)]


@pytest.fixture(autouse=True)
def pebbles() -> Iterator[None]:
    register(Pebbles())
    yield
    unregister(GAME)


def league(service: TableService, *, members: list[str] = USERS, **kwargs: object) -> LeagueRow:
    settings: dict[str, object] = {"seats": 4, "min_seats": 3, "rounds": 3, "options": {"pile": 9}}
    settings.update(kwargs)
    row = rules.create(service, "g1", "Monday", GAME, creator="mod", manager=True, **settings)  # type: ignore[arg-type]
    for user in members:
        rules.join(service, row.id, user, user.upper())
    return row


def test_a_season_of_seven_members_at_tables_of_three_and_four_runs_to_its_end(service: TableService) -> None:
    row = league(service)
    opened: list[int] = []
    season = run_season(service, row.id, lambda: NOW, on_round=opened.append)
    store = Leagues(service.repo)
    rounds = store.rounds(season.id)
    assert season.status == "ended" and opened == [1, 2, 3] and [r.status for r in rounds] == ["ended"] * 3
    for round_ in rounds:
        links = store.round_tables(round_.id)
        assert sorted(len(link.players) for link in links) == [3, 4]
        assert sorted(u for link in links for u in link.players if u) == USERS
        assert all(service.repo.require_table(link.table_id).status == "finished" for link in links)
        assert sorted(r["user"] for r in round_.results) == USERS
    standings = rules.standings(service, row, season)
    assert sorted(line.user for line in standings) == USERS
    assert [line.points for line in standings] == sorted((line.points for line in standings), reverse=True)
    assert all(line.games == 3 for line in standings)
    assert season.standings and season.standings[0]["points"] == standings[0].points
    # the tables were rated for the members (issue 23 §1): seven members, three tables each
    assert sum(r.games for r in service.member_ratings("g1", USERS[0], GAME) + [
        r for u in USERS[1:] for r in service.member_ratings("g1", u, GAME)]) == 21


def test_points_follow_the_place_at_the_table(service: TableService) -> None:
    row = league(service, members=USERS[:3], min_seats=3, rounds=1)
    assert rules.place_points(row, 1, 4) == 4 and rules.place_points(row, 4, 4) == 1
    assert rules.place_points(row, 1, 3) == 3 and rules.bye_points(row) == 2
    season = run_season(service, row.id, lambda: NOW)
    [round_] = Leagues(service.repo).rounds(season.id)
    outcome = service.load(Leagues(service.repo).round_tables(round_.id)[0].table_id).outcome
    assert outcome is not None
    link = Leagues(service.repo).round_tables(round_.id)[0]
    ranks = {link.players[s.seat]: s.rank for s in outcome.standings}
    assert {r["user"]: r["points"] for r in round_.results} == {u: 3 - ranks[u] + 1 for u in USERS[:3]}


def test_configured_points_and_byes(service: TableService) -> None:
    row = league(service, members=USERS[:5], seats=4, min_seats=4, rounds=1, fill="byes", points=[10, 5, 2, 0],
                 bye=3)
    season = run_season(service, row.id, lambda: NOW)
    [round_] = Leagues(service.repo).rounds(season.id)
    assert len(round_.seating["byes"]) == 1
    points = {r["user"]: r["points"] for r in round_.results}
    assert points[round_.seating["byes"][0]] == 3
    link = Leagues(service.repo).round_tables(round_.id)[0]
    outcome = service.load(link.table_id).outcome
    assert outcome is not None
    ranks = {link.players[s.seat]: s.rank for s in outcome.standings}
    assert {u: p for u, p in points.items() if u in ranks} == {u: [10, 5, 2, 0][r - 1] for u, r in ranks.items()}
    assert sorted(points.values()) == [3, 5, 5, 5, 10]  # pebbles: one winner, the others share second place


def test_a_round_opened_again_after_a_crash_creates_each_table_once(service: TableService) -> None:
    row = league(service)
    store = Leagues(service.repo)
    season = store.start_season(row.id, 0)
    assert season is not None
    rules.open_round(service, row, season, 1, NOW)
    # a crash left the round "opening" (as if the process died before marking it open): the clock finishes it
    [round_] = store.rounds(season.id)
    with service.repo._write() as session:
        session.get_one(RoundRow, round_.id).status = "opening"
    tables_before = [link.table_id for link in store.round_tables(round_.id)]
    assert rules.tick(service, NOW) == 1
    assert [link.table_id for link in store.round_tables(round_.id)] == tables_before
    assert store.rounds(season.id)[0].status == "open" and len(tables_before) == 2
    assert all(service.repo.require_table(t).status == "active" for t in tables_before)


def test_the_next_round_opens_only_when_the_last_table_of_the_round_ended(service: TableService) -> None:
    row = league(service)
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    links = store.round_tables(store.rounds(season.id)[0].id)
    play_for_members(service, links[0].table_id)
    assert rules.tick(service, NOW) == 0 and len(store.rounds(season.id)) == 1
    play_for_members(service, links[1].table_id)
    assert rules.tick(service, NOW) == 1
    assert [r.status for r in store.rounds(season.id)] == ["ended", "open"]
    later = store.rounds(season.id)[1]
    assert later.deadline_at == NOW + timedelta(hours=row.round_hours)


def test_a_member_who_leaves_the_server_is_treated_as_resigned(service: TableService) -> None:
    row = league(service)
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    handed = rules.member_left_server(service, "g1", "u3")
    assert len(handed) == 1
    assert store.member(row.id, "u3").status == "resigned"  # type: ignore[union-attr]
    for link in store.round_tables(store.rounds(season.id)[0].id):
        play_for_members(service, link.table_id)
    rules.tick(service, NOW)
    first = store.rounds(season.id)[0]
    [mine] = [r for r in first.results if r["user"] == "u3"]
    assert mine["points"] == 0 and mine["note"] == "resigned"
    assert all("u3" not in table for table in store.rounds(season.id)[1].seating["tables"])


def test_joining_and_leaving_take_effect_from_the_next_round(service: TableService) -> None:
    row = league(service, members=USERS[:6])
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    rules.join(service, row.id, "u7", "U7")
    rules.leave(service, row.id, "u1")
    assert sorted(u for t in store.rounds(season.id)[0].seating["tables"] for u in t) == USERS[:6]
    for link in store.round_tables(store.rounds(season.id)[0].id):
        play_for_members(service, link.table_id)
    rules.tick(service, NOW)
    assert sorted(u for t in store.rounds(season.id)[1].seating["tables"] for u in t) == USERS[1:]
    with pytest.raises(rules.LeagueError) as refused:
        rules.leave(service, row.id, "u1")
    assert refused.value.key == "league.not_member"


@pytest.mark.parametrize(("kwargs", "key"), [
    ({"seats": 5}, "league.bad_seats"),
    ({"min_seats": 1}, "league.bad_seats"),
    ({"rounds": 0}, "league.bad_rounds"),
    ({"round_hours": 0.1}, "league.bad_hours"),
    ({"round_hours": float("nan")}, "league.bad_hours"),
    ({"fill": "coins"}, "league.bad_fill"),
    ({"points": [1, 2, 3, 4]}, "league.bad_points"),
    ({"points": [3, 2, 1]}, "league.bad_points"),
])
def test_bad_settings_are_refused_and_nothing_is_stored(service: TableService, kwargs: dict[str, object],
                                                        key: str) -> None:
    settings: dict[str, object] = {"seats": 4, "min_seats": 3}
    settings.update(kwargs)
    with pytest.raises(rules.LeagueError) as refused:
        rules.create(service, "g1", "Monday", GAME, creator="mod", manager=True, **settings)  # type: ignore[arg-type]
    assert refused.value.key == key
    assert Leagues(service.repo).of_guild("g1") == []


def test_only_moderators_create_a_league_and_names_are_unique(service: TableService) -> None:
    with pytest.raises(rules.LeagueError) as refused:
        rules.create(service, "g1", "Monday", GAME, creator="someone")
    assert refused.value.key == "league.managers_only"
    league(service, members=[])
    with pytest.raises(rules.LeagueError) as taken:
        rules.create(service, "g1", "  Monday ", GAME, creator="mod", manager=True)
    assert taken.value.key == "league.exists"


def test_a_new_season_starts_after_one_ended_and_not_while_one_runs(service: TableService) -> None:
    row = league(service, members=USERS[:4], rounds=1)
    first = rules.start_season(service, row.id, NOW)
    with pytest.raises(rules.LeagueError) as running:
        rules.start_season(service, row.id, NOW)
    assert running.value.key == "league.season_running"
    ended = run_season(service, row.id, lambda: NOW)
    assert ended.number == first.number == 1
    second = run_season(service, row.id, lambda: NOW)
    assert second.number == 2 and second.status == "ended"
    assert Leagues(service.repo).season(row.id, 1).standings  # type: ignore[union-attr]


def test_standings_lines_in_both_languages(service: TableService) -> None:
    row = league(service, members=USERS[:4], rounds=1)
    season = run_season(service, row.id, lambda: NOW)
    lines = rules.standings(service, row, season)
    en = rules.standings_lines(lines, row, season, "en", "Pebbles")
    zh = rules.standings_lines(lines, row, season, "zh", "捡石子")
    assert en[0] == "Monday (Pebbles) — season 1, ended:" and len(en) == 5 and "point" in en[1]
    assert zh[0].startswith("Monday（捡石子）— 第 1 赛季") and "分" in zh[1]


def test_the_clock_job_is_claimed_so_one_process_advances_a_season(service: TableService) -> None:
    from service.jobs import Jobs

    row = league(service)
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    for link in store.round_tables(store.rounds(season.id)[0].id):
        play_for_members(service, link.table_id)
    other, mine = Jobs(service, owner="other"), Jobs(service, owner="mine")
    assert other.claim(f"league:{season.id}", now=NOW)
    assert rules.tick(service, NOW, jobs=mine) == 0 and len(store.rounds(season.id)) == 1
    other.release(f"league:{season.id}")
    assert rules.tick(service, NOW, jobs=mine) == 1 and len(store.rounds(season.id)) == 2
    assert mine.leases.holder(f"league:{season.id}") is None  # given back once done


def test_a_paused_league_waits_and_an_ended_league_archives_its_season(service: TableService) -> None:
    row = league(service)
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    for link in store.round_tables(store.rounds(season.id)[0].id):
        play_for_members(service, link.table_id)
    with pytest.raises(rules.LeagueError) as refused:
        rules.set_status(service, row.id, "paused", by_user="someone")
    assert refused.value.key == "league.managers_only"
    rules.set_status(service, row.id, "paused", by_user="mod", manager=True)
    assert rules.tick(service, NOW) == 0 and len(store.rounds(season.id)) == 1
    rules.set_status(service, row.id, "open", by_user="mod", manager=True)
    assert rules.tick(service, NOW) == 1 and len(store.rounds(season.id)) == 2
    rules.set_status(service, row.id, "ended", by_user="mod", manager=True)
    ended = store.season(row.id, 1)
    assert ended is not None and ended.status == "ended" and len(ended.standings) == 7
    with pytest.raises(rules.LeagueError):
        rules.join(service, row.id, "u9", "U9")


def test_every_rule_in_docs_leagues_names_a_test_that_exists() -> None:
    """docs/leagues.md cites a test for each rule: each must exist, and the Chinese twin cites the same."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    cited = set(re.findall(r"`(test_\w+)`", (root / "docs" / "leagues.md").read_text(encoding="utf-8")))
    defined = set()
    for path in ("tests/service/test_pairing.py", "tests/service/test_leagues.py", "tests/storage/test_leagues.py",
                 "tests/bot/test_league_cli.py", "tests/e2e/test_leagues.py", "tests/service/test_league_standings.py",
                 "tests/render/test_league_standings.py", "tests/service/test_server_defaults.py",
                 "tests/e2e/test_league_abuse.py", "tests/e2e/test_league_season.py",
                 "tests/e2e/test_league_processes.py"):
        defined |= set(re.findall(r"^(?:async )?def (test_\w+)", (root / path).read_text(encoding="utf-8"), re.M))
    assert len(cited) >= 15 and cited <= defined, sorted(cited - defined)
    twin = set(re.findall(r"`(test_\w+)`", (root / "docs" / "zh" / "leagues.md").read_text(encoding="utf-8")))
    assert twin == cited, sorted(twin ^ cited)


def test_processes_opening_a_round_at_once_open_each_table_once(service: TableService, db_url: str) -> None:
    from sqlalchemy import Engine

    from storage.db import make_engine
    from storage.repository import Repository
    from tests.storage.test_concurrency import race

    row = league(service)
    store = Leagues(service.repo)
    season = store.start_season(row.id, 0)  # started, its first round not opened yet (as after a crash)
    assert season is not None
    engines: list[Engine] = [make_engine(db_url) for _ in range(3)]
    try:
        services = [TableService(Repository(engine)) for engine in engines]
        results, errors = race([(lambda s=s: rules.open_round(s, row, season, 1, NOW)) for s in services])
    finally:
        for engine in engines:
            engine.dispose()
    assert errors == [] and len(results) == 3
    [round_] = store.rounds(season.id)
    links = store.round_tables(round_.id)
    assert round_.status == "open" and len(links) == 2
    assert len(service.repo.list_tables("g1")) == 2  # no table made twice, none left over
    for link in links:
        assert service.repo.require_table(link.table_id).status == "active"
        assert service.repo.last_seq(link.table_id) == len(service.repo.actions(link.table_id))


def test_a_table_a_moderator_ended_counts_by_its_early_standings(service: TableService) -> None:
    row = league(service, members=USERS[:3], rounds=1)
    season = rules.start_season(service, row.id, NOW)
    store = Leagues(service.repo)
    [link] = store.round_tables(store.rounds(season.id)[0].id)
    ended = service.end(link.table_id, "mod", manager=True)
    assert rules.tick(service, NOW) == 1
    outcome = ended.outcome
    assert outcome is not None
    ranks = {link.players[s.seat]: s.rank for s in outcome.standings}
    results = {r["user"]: r["points"] for r in store.rounds(season.id)[0].results}
    assert results == {u: 3 - ranks[u] + 1 for u in USERS[:3]}
    assert service.rating_result(link.table_id).skipped == "moderator"  # type: ignore[union-attr]
