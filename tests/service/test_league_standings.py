"""League standings you can look at (issue 23 §4, docs/leagues.md "Standings you can look at"), on
SQLite and PostgreSQL: the rating change of the latest round matches the tables' rating results, the
CSV's rows are the standings, a member's history lists their tables, places and points."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from games.registry import register, unregister
from service import TableService
from service import league_standings as views
from service import leagues as rules
from service.league_run import run_season
from service.ratings import ordinal
from storage.leagues import Leagues
from storage.models import LeagueRow, SeasonRow
from tests.e2e.titles import Pebbles

NOW = datetime(2026, 12, 1, 12, tzinfo=UTC)
USERS = [f"u{n}" for n in range(1, 8)]
Played = tuple[LeagueRow, SeasonRow]


@pytest.fixture(autouse=True)
def pebbles() -> Iterator[None]:
    register(Pebbles())
    yield
    unregister("pebbles")


@pytest.fixture
def season_played(service: TableService) -> Played:
    row = rules.create(service, "g1", "Monday", "pebbles", creator="mod", manager=True, seats=4, min_seats=3,
                       rounds=2, options={"pile": 9})
    for user in USERS:
        rules.join(service, row.id, user, "=SUM(A1)" if user == "u7" else f"成员{user}")
    return row, run_season(service, row.id, lambda: NOW)


def test_the_rating_change_is_the_latest_rounds_rated_tables(service: TableService, season_played: Played) -> None:
    row, season = season_played
    store = Leagues(service.repo)
    last = store.rounds(season.id)[-1]
    expected: dict[str, int] = {}
    for link in store.round_tables(last.id):
        result = service.rating_result(link.table_id)
        assert result is not None and not result.skipped
        for placing in result.placings:
            before = placing["before"] or [25.0, 25.0 / 3]
            expected[placing["user"]] = ordinal(*placing["after"]) - ordinal(*before)
    rows = views.season_standings(service, row, season)
    assert {r.line.user: r.change for r in rows} == expected
    assert any(change != 0 for change in expected.values())
    assert [r.line for r in rows] == rules.standings(service, row, season)
    assert views.latest_round(service, season) == 2


def test_the_csv_rows_match_the_standings(service: TableService, season_played: Played) -> None:
    row, season = season_played
    rows = views.season_standings(service, row, season)
    read = list(csv.reader(io.StringIO(views.standings_csv(rows))))
    assert tuple(read[0]) == views.CSV_COLUMNS and len(read) == 1 + len(USERS)
    for got, standing in zip(read[1:], rows, strict=True):
        line = standing.line
        assert got[:2] == [str(line.place), line.user]
        assert got[3:] == [str(line.points), str(line.games), str(line.wins), str(line.byes), str(line.rating),
                           str(standing.change)]
        # a name a spreadsheet would run as a formula is quoted as text (CSV injection)
        assert got[2] == ("'=SUM(A1)" if line.user == "u7" else f"成员{line.user}")


def test_a_members_history_lists_their_tables(service: TableService, season_played: Played) -> None:
    row, season = season_played
    store = Leagues(service.repo)
    entries = views.history(service, row, "u3")
    assert [(e.season, e.round) for e in entries] == [(1, 1), (1, 2)]
    for entry, round_ in zip(entries, store.rounds(season.id), strict=True):
        [mine] = [r for r in round_.results if r["user"] == "u3"]
        link = next(link for link in store.round_tables(round_.id) if "u3" in link.players)
        assert entry.table_id == link.table_id == mine["table"]
        assert (entry.place, entry.points) == (mine["place"], mine["points"]) and entry.change is not None
    en = views.history_lines(entries, row.name, "U3", "en", {e.table_id: f"table {e.table_id}" for e in entries
                                                        if e.table_id is not None})
    assert en[0] == "U3 in “Monday”:" and len(en) == 3
    assert en[1].startswith(f"Season 1, round 1: table {entries[0].table_id} — place {entries[0].place}, "), en
    zh = views.history_lines(entries, row.name, "U3", "zh")
    assert zh[1].startswith(f"第 1 赛季第 1 轮：#{entries[0].table_id} — 第 {entries[0].place} 名"), zh
    assert views.history_lines([], row.name, "U9", "en") == ["U9 in “Monday”:",
                                                        "U9 has played no round of this league yet."]


def test_a_round_under_way_shows_in_the_history(service: TableService) -> None:
    row = rules.create(service, "g1", "Monday", "pebbles", creator="mod", manager=True, seats=4, min_seats=3,
                       rounds=1, options={"pile": 9})
    for user in USERS[:3]:
        rules.join(service, row.id, user, user)
    rules.start_season(service, row.id, NOW)
    [entry] = views.history(service, row, "u1")
    assert entry.note == "live" and entry.place is None and entry.table_id is not None
    assert "under way" in views.history_lines([entry], row.name, "u1", "en")[1]


def test_a_season_that_ended_is_announced_once(service: TableService, season_played: Played) -> None:
    row, season = season_played
    [closing] = views.unannounced(service, ["g1"], NOW)
    assert (closing.league.id, closing.season.number) == (row.id, season.number)
    assert not views.announced(service, closing)
    views.mark_announced(service, closing)
    assert views.announced(service, closing) and views.unannounced(service, ["g1"], NOW) == []
    assert views.unannounced(service, ["g2"], NOW) == []
