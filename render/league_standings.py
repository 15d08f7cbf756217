"""A league season's standings (issue 23 §4, docs/leagues.md "Standings you can look at"): the result
screen's layout (render/result.py) with one row per member: the place on a medal, the name, league
points, tables played, the rating shown and its change in the latest round. Drawn from a
:class:`LeagueStandings` view whose words are already in the reader's language; names in any script
(CJK included) go through the kit's fonts."""

from __future__ import annotations

from dataclasses import dataclass

from . import palette as pal
from .kit import Canvas
from .result import Cell, Column, ResultScreen, result_png

__all__ = ["LeagueStandings", "StandingsRow", "standings_png"]


@dataclass(frozen=True)
class StandingsRow:
    """One member's line: ``rank`` is their place (members equal on every tie-break share it);
    ``change`` the rating change in the latest round, already worded (``+12``, ``−7``, ``–``)."""

    rank: int
    name: str
    points: int
    games: int
    rating: int
    change: str


@dataclass(frozen=True)
class LeagueStandings:
    """What the image shows, worded already: its heading, a subtitle (league, title, season, round),
    the column headings (points, tables, rating, change), the rows best first and a footnote (the
    tie-breaks)."""

    title: str
    subtitle: str
    labels: tuple[str, str, str, str]
    rows: tuple[StandingsRow, ...]
    footnote: str = ""

    @property
    def standings(self) -> tuple[StandingsRow, ...]:
        """The rows, under the name the result screen reads."""
        return self.rows


def _name(cv: Canvas, row: StandingsRow, x: float, y: float, width: float, height: float) -> None:
    cv.text((x, y + height / 2), row.name, 19, bold=True, max_width=width - 12)


def _change_colour(change: str) -> pal.RGB:
    return pal.GOOD if change.startswith("+") else pal.BAD if change.startswith("−") else pal.MUTED


def _cells(row: StandingsRow) -> list[Cell]:
    return [Cell(str(row.points), size=20, bold=True), Cell(str(row.games)), Cell(str(row.rating)),
            Cell(row.change, colour=_change_colour(row.change), size=16)]


def standings_png(view: LeagueStandings, lang: str) -> bytes:
    """The standings as PNG bytes, as tall as their rows need (rows a little lower than the
    leaderboard's, so a league of 40 stays well within an upload's size)."""
    points, games, rating, change = view.labels
    screen = ResultScreen(title=view.title, subtitle=view.subtitle, player=_name, cells=_cells,
                          columns=(Column(points, 110), Column(games, 100), Column(rating, 120), Column(change, 130)),
                          width=900, row_h=52, medal_r=17, row_gap=8, footnote=view.footnote)
    return result_png(screen, view, lang)
