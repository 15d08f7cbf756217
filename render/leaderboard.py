"""A title's leaderboard on a server (issue 23 §1, docs/ratings.md): the result screen's layout
(render/result.py) with one row per member: the place on a medal, the name, the rating shown, the
rated tables, μ and σ. Drawn from a :class:`Leaderboard` view whose words are already in the
reader's language; names in any script (CJK included) go through the kit's fonts."""

from __future__ import annotations

from dataclasses import dataclass

from . import palette as pal
from .kit import Canvas
from .result import Cell, Column, ResultScreen, result_png

__all__ = ["Leaderboard", "LeaderboardRow", "leaderboard_png"]


@dataclass(frozen=True)
class LeaderboardRow:
    """One member's line: ``rank`` is their place (equal ratings share it)."""

    rank: int
    name: str
    rating: int
    games: int
    mu: float
    sigma: float


@dataclass(frozen=True)
class Leaderboard:
    """What the image shows, worded already: its heading, the title's name, the column headings
    (rating, tables, μ / σ), the rows best first and a footnote (how the rating is made)."""

    title: str
    subtitle: str
    labels: tuple[str, str, str]
    rows: tuple[LeaderboardRow, ...]
    footnote: str = ""

    @property
    def standings(self) -> tuple[LeaderboardRow, ...]:
        """The rows, under the name the result screen reads."""
        return self.rows


def _name(cv: Canvas, row: LeaderboardRow, x: float, y: float, width: float, height: float) -> None:
    cv.text((x, y + height / 2), row.name, 19, bold=True, max_width=width - 12)


def _cells(row: LeaderboardRow) -> list[Cell]:
    return [Cell(str(row.rating), size=20, bold=True), Cell(str(row.games)),
            Cell(f"{row.mu:.1f} / {row.sigma:.1f}", colour=pal.MUTED, size=15)]


def leaderboard_png(view: Leaderboard, lang: str) -> bytes:
    """The leaderboard as PNG bytes, as tall as its rows need."""
    rating, games, musigma = view.labels
    screen = ResultScreen(title=view.title, subtitle=view.subtitle, player=_name, cells=_cells,
                          columns=(Column(rating, 150), Column(games, 110), Column(musigma, 170)),
                          width=900, row_h=60, medal_r=18, footnote=view.footnote)
    return result_png(screen, view, lang)
