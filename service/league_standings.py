"""League standings you can look at (issue 23 §4; the rules: docs/leagues.md "Standings you can look
at"): a season's standings with each member's rating change in its latest ended round, a member's
history of league tables, and the standings as CSV.

Everything here is read from what ``service.leagues`` and ``service.ratings`` stored (round results,
round tables, each table's rating result with the ratings before and after it); nothing is written.
The picture is drawn by ``render/league_standings.py`` from a view the adapter words.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from storage.leagues import Leagues
from storage.models import LeagueRow as LeagueRow  # re-exported for adapters' typing
from storage.models import RoundRow
from storage.models import SeasonRow as SeasonRow

from . import leagues
from .ratings import ordinal, table_result

if TYPE_CHECKING:
    from .tables import TableService

#: The CSV's columns, in order (docs/leagues.md "CSV export"); the heading row is these words.
CSV_COLUMNS: Final = ("place", "member", "name", "points", "tables", "wins", "byes", "rating", "rating_change")


@dataclass(frozen=True)
class Standing:
    """A line of the standings with the member's rating change in the season's latest ended round
    (``None``: no rated table of theirs in that round)."""

    line: leagues.Line
    change: int | None


@dataclass(frozen=True)
class HistoryEntry:
    """One round of a member in a league: the season and round, the table (``None``: a bye), the
    place there (``None``: none counted), the league points, why nothing was scored (``note``:
    ``resigned``, ``abandoned``, ``bye``) and the rating change the table made (``None``: not rated)."""

    season: int
    round: int
    table_id: int | None
    place: int | None
    points: int
    note: str | None
    change: int | None


def rating_changes(service: TableService, round_: RoundRow) -> dict[str, int]:
    """Each member's change of the rating shown over the round's rated tables (docs/leagues.md:
    ``ordinal(after) − ordinal(before)`` from each table's rating result; a table that rated
    nobody changes nothing)."""
    out: dict[str, int] = {}
    for link in Leagues(service.repo).round_tables(round_.id):
        for user, delta in _table_changes(service, link.table_id).items():
            out[user] = out.get(user, 0) + delta
    return out


def _table_changes(service: TableService, table_id: int) -> dict[str, int]:
    result = table_result(service, table_id)
    if result is None or result.skipped:
        return {}
    changes: dict[str, int] = {}
    for placing in result.placings:
        after = placing.get("after")
        if not after:
            continue
        before = placing.get("before") or [25.0, 25.0 / 3]  # a first table starts from the model's default
        changes[str(placing["user"])] = ordinal(*after) - ordinal(*before)
    return changes


def season_standings(service: TableService, league: LeagueRow, season: SeasonRow) -> list[Standing]:
    """The season's standings (``service.leagues.standings``) with each member's rating change in
    the season's latest ended round."""
    lines = leagues.standings(service, league, season)
    ended = [r for r in Leagues(service.repo).rounds(season.id) if r.status == "ended"]
    changes = rating_changes(service, ended[-1]) if ended else {}
    return [Standing(line, changes.get(line.user)) for line in lines]


def latest_round(service: TableService, season: SeasonRow) -> int:
    """The number of the season's latest ended round (0: none)."""
    ended = [r.number for r in Leagues(service.repo).rounds(season.id) if r.status == "ended"]
    return ended[-1] if ended else 0


def history(service: TableService, league: LeagueRow, user_id: str) -> list[HistoryEntry]:
    """A member's rounds in a league, oldest first, over every season: each ended round's result
    for them, then the table of a round under way (place and points not known yet)."""
    store, out = Leagues(service.repo), []
    for season in store.seasons(league.id):
        for round_ in store.rounds(season.id):
            if round_.status == "ended":
                for result in round_.results:
                    if result["user"] != user_id:
                        continue
                    table = result.get("table")
                    change = _table_changes(service, int(table)).get(user_id) if table else None
                    out.append(HistoryEntry(season.number, round_.number, table, result.get("place"),
                                            int(result["points"]), result.get("note"), change))
                continue
            for link in store.round_tables(round_.id):
                if user_id in link.players:
                    out.append(HistoryEntry(season.number, round_.number, link.table_id, None, 0, "live", None))
            if user_id in round_.seating.get("byes", []):
                out.append(HistoryEntry(season.number, round_.number, None, None, 0, leagues.BYE, None))
    return out


def standings_csv(rows: Sequence[Standing]) -> str:
    """The standings as CSV (docs/leagues.md "CSV export"): a heading row (:data:`CSV_COLUMNS`), then
    one row a member in standings order; an empty change when none was rated in the latest round."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        line = row.line
        writer.writerow([line.place, line.user, _csv_safe(line.name), line.points, line.games, line.wins, line.byes,
                         line.rating, "" if row.change is None else row.change])
    return out.getvalue()


def _csv_safe(text: str) -> str:
    """A name that a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@`` first) gets a
    leading apostrophe (OWASP's advice against CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def signed(delta: int | None) -> str:
    """A rating change as shown: ``+12``, ``−7`` (a true minus), ``±0``; ``–`` when none."""
    if delta is None:
        return "–"
    return f"+{delta}" if delta > 0 else f"−{-delta}" if delta < 0 else "±0"


# ---- the season's closing post -----------------------------------------------------------------------
#: The note (``table_notes``, on the first table of the season's last round) that says the season's
#: closing post went out, and how long after a season ended the clock still posts it.
CLOSING_NOTE: Final = "league_closing"
CLOSING_WINDOW: Final = timedelta(days=1)


@dataclass(frozen=True)
class Closing:
    """A season that ended and whose closing post (standings image and text in the league's channel)
    has not gone out; ``table_id`` keeps the note that it did."""

    league: LeagueRow
    season: SeasonRow
    table_id: int


def unannounced(service: TableService, guild_ids: Sequence[str], now: datetime) -> list[Closing]:
    """Seasons of these servers that ended within :data:`CLOSING_WINDOW` without their closing post
    (docs/leagues.md "Standings you can look at"): the clock posts each once, claimed as a job and
    noted after it went out (a process that dies in between leaves it due: at least once)."""
    store, out = Leagues(service.repo), []
    for league, season in store.ended_since(list(guild_ids), now - CLOSING_WINDOW):
        rounds = store.rounds(season.id)
        links = store.round_tables(rounds[-1].id) if rounds else []
        if links and not service.repo.note(links[0].table_id, CLOSING_NOTE):
            out.append(Closing(league, season, links[0].table_id))
    return out


def mark_announced(service: TableService, closing: Closing) -> None:
    """Note that a season's closing post went out."""
    service.repo.set_note(closing.table_id, CLOSING_NOTE, closing.season.number)


def announced(service: TableService, closing: Closing) -> bool:
    """Whether a season's closing post went out (another process may have posted it meanwhile)."""
    return bool(service.repo.note(closing.table_id, CLOSING_NOTE))


# ---- words -------------------------------------------------------------------------------------------
def _words(key: str, lang: str, **params: Any) -> str:
    from .errors import SERVICE_CATALOG

    return SERVICE_CATALOG.text(f"league.{key}", params, lang)


def history_lines(entries: Sequence[HistoryEntry], league: str, who: str, lang: str,
                  link: Mapping[int, str] | None = None) -> list[str]:
    """A member's history in the league named ``league`` as text: a heading, one line a round.
    ``link`` gives each table's link or name in the adapter's medium (else ``#12``)."""
    head = _words("history_head", lang, name=who, league=league)
    if not entries:
        return [head, _words("history_none", lang, name=who)]
    lines = [head]
    for entry in entries:
        where = (link or {}).get(entry.table_id, f"#{entry.table_id}") if entry.table_id is not None else ""
        if entry.note == leagues.BYE:
            text = _words("history_bye", lang, season=entry.season, round=entry.round, points=entry.points)
        elif entry.note == "live":
            text = _words("history_live", lang, season=entry.season, round=entry.round, table=where)
        elif entry.note:
            text = _words("history_none_scored", lang, season=entry.season, round=entry.round, table=where,
                          why=_words(f"note_{entry.note}", lang))
        else:
            text = _words("history_line", lang, season=entry.season, round=entry.round, table=where,
                          place=entry.place, points=entry.points, change=signed(entry.change))
        lines.append(text)
    return lines


def standings_text(rows: Sequence[Standing], league: LeagueRow, season: SeasonRow, round_number: int, lang: str,
                   game: str | None = None, name: str | None = None) -> list[str]:
    """The standings as text, the image's alternative for screen readers: a heading, then one line a
    member with what the image shows (the rating change of round ``round_number`` included)."""
    head = _words("standings_head", lang, name=name or league.name, game=game or league.game_id,
                  season=season.number, state=_words(f"state_{season.status}", lang))
    if not rows:
        return [head, _words("standings_none", lang)]
    return [head] + [_words("standings_change_line", lang, place=r.line.place, name=r.line.name, points=r.line.points,
                            games=r.line.games, wins=r.line.wins, rating=r.line.rating, change=signed(r.change),
                            round=round_number) for r in rows]
