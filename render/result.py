"""The result screen every title draws: a heading with the winners, one row per standing (a medal with the
rank, the player, the score broken down in columns, the total), then notes (issue 24 §3).

A title describes its screen with a :class:`ResultScreen`: the words (already in the player's language),
its score columns, what its rows show beside the name (:attr:`ResultScreen.player`) and what each column
says for a standing (:attr:`ResultScreen.cells`), its winner banner's colour and anything drawn below
(18 Royal Gorge's final map). :func:`result_png` draws it; the layout, the medals and the notes are the
same for every title.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import palette as pal
from .kit import DIRECT, MARGIN_DEFAULT, Canvas
from .palette import RGB

__all__ = ["GOLD", "MEDALS", "Cell", "Column", "ResultScreen", "amount_colour", "draw_result", "result_png"]

#: Medal colours by rank; lower ranks get a plain disc.
MEDALS: dict[int, RGB] = {1: (230, 182, 60), 2: (190, 196, 206), 3: (198, 128, 74)}
#: The winner's colour: the first medal, the banner and the top row's border.
GOLD: RGB = MEDALS[1]

MARGIN = MARGIN_DEFAULT
MEDAL_X = 44          # the medal's centre, from the rows' left edge
NAME_X = 90           # where the player's cell starts, from the rows' left edge
CELL_PAD = 12         # a column's value ends this far inside its right edge
HEAD_H = 80           # the heading (title, subtitle, winners) above the rows


@dataclass(frozen=True)
class Column:
    """One column of the score breakdown: its heading and width (output pixels)."""

    label: str
    width: float


@dataclass(frozen=True)
class Cell:
    """What one column shows for a standing, right-aligned in the column; ``caption`` is a small muted word
    under the value (``net worth``)."""

    text: str
    colour: RGB = pal.TEXT
    size: float = 17
    bold: bool = False
    caption: str = ""


def amount_colour(amount: int) -> RGB:
    """Red below zero, plain text for an amount, muted for nothing."""
    return pal.BAD if amount < 0 else (pal.TEXT if amount else pal.MUTED)


#: Draws what a row shows for a standing beside its medal: ``(cv, standing, x, y, width, height)``, the
#: player's cell from the name to the first column.
PlayerCell = Callable[[Canvas, Any, float, float, float, float], None]


@dataclass(frozen=True)
class ResultScreen:
    """One title's result screen. Words are already in the player's language."""

    title: str                                 # "Final results"
    subtitle: str                              # the title's name (and the round)
    player: PlayerCell                         # the row's player cell
    cells: Callable[[Any], Sequence[Cell]]     # one cell per column for a standing
    columns: Sequence[Column] = ()             # the breakdown, the total last
    width: int = 1240
    banner: str = ""                           # who won, top right
    banner_fill: RGB = GOLD
    rank_label: str = ""                       # a heading over the medals
    intro: Sequence[str] = ()                  # paragraphs above the rows (why the game ended)
    intro_bold: bool = False
    row_h: float = 78
    medal_r: float = 22
    radius: float = 14                         # the rows' corners
    row_gap: float = 10
    top: Callable[[Any], bool] = field(default=lambda standing: standing.rank == 1)   # the highlighted rows
    footnote: str = ""                         # a muted line under the rows (how ties are broken)
    notes_title: str = ""
    notes: Sequence[str] = ()                  # bulleted under ``notes_title``
    below: Callable[[Canvas, float], float] | None = None   # more below from y, with its own bottom margin;
                                                            # returns its height


def draw_result(cv: Canvas, screen: ResultScreen, outcome: Any) -> float:
    """Draw ``screen`` for ``outcome`` (its ``standings`` in rank order, none if it has none) on ``cv``; returns
    the height used."""
    x0, x1 = MARGIN, screen.width - MARGIN
    y: float = MARGIN
    if not cv.dry:                   # the heading, the header row and the rows have fixed heights: only measured
        _heading(cv, screen, x0, x1, y)    # parts are laid out on the dry canvas of Canvas.fitted
    y += HEAD_H
    for text in screen.intro:
        y += cv.paragraph((x0 + 4, y), text, 16 if screen.intro_bold else 15, x1 - x0 - 8, fill=pal.TEXT,
                          bold=screen.intro_bold) + 4
    if screen.intro:
        y += 6

    name_w = x1 - x0 - NAME_X - sum(c.width for c in screen.columns)
    if screen.rank_label or any(c.label for c in screen.columns):
        if not cv.dry:
            _header_row(cv, screen, x0, y, name_w)
        y += 28
    h = screen.row_h
    standings = getattr(outcome, "standings", ())
    if cv.dry:
        y += len(standings) * (h + screen.row_gap)
    for standing in () if cv.dry else standings:
        top = screen.top(standing)
        cv.panel((x0, y, x1, y + h), fill=pal.PANEL_HI if top else pal.PANEL, accent=GOLD if top else None,
                 accent_width=2, radius=screen.radius)
        medal = MEDALS.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + MEDAL_X, y + h / 2), screen.medal_r, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + MEDAL_X, y + h / 2), str(standing.rank), screen.medal_r - 2, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        screen.player(cv, standing, x0 + NAME_X, y, name_w, h)
        hx = x0 + NAME_X + name_w
        for cell, column in zip(screen.cells(standing), screen.columns, strict=True):
            right = hx + column.width - CELL_PAD
            if cell.caption:
                cv.text((right, y + h / 2 - 8), cell.text, cell.size, fill=cell.colour, bold=cell.bold, anchor="rm")
                cv.text((right, y + h / 2 + 18), cell.caption, 12, fill=pal.MUTED, anchor="rm")
            else:
                cv.text((right, y + h / 2), cell.text, cell.size, fill=cell.colour, bold=cell.bold, anchor="rm")
            hx += column.width
        y += h + screen.row_gap

    if screen.footnote:
        y += 2
        if not cv.dry:
            cv.text((x0 + 4, y + 10), screen.footnote, 13.5, fill=pal.MUTED, max_width=x1 - x0 - 8)
        y += 28
    if screen.notes:
        y += 4
        if screen.notes_title:
            cv.text((x0 + 4, y + 10), screen.notes_title, 15, fill=pal.MUTED, bold=True)
            y += 26
        for note in screen.notes:
            y += cv.paragraph((x0 + 8, y), "• " + note, 15, x1 - x0 - 16, fill=pal.TEXT)
        y += 6
    if screen.below is not None:     # it brings its own margin
        return y + 4 + screen.below(cv, y + 4)
    return y + MARGIN - 10


def _heading(cv: Canvas, screen: ResultScreen, x0: float, x1: float, y: float) -> None:
    cv.text((x0 + 4, y + 20), screen.title, 30, bold=True)
    cv.text((x0 + 4, y + 54), screen.subtitle, 16, fill=pal.MUTED)
    if screen.banner:
        tw = min(cv.measure(screen.banner, 18, bold=True) + 36, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 30), screen.banner, 18, fill=screen.banner_fill, height=40, pad=18, max_width=tw)


def _header_row(cv: Canvas, screen: ResultScreen, x0: float, y: float, name_w: float) -> None:
    if screen.rank_label:
        cv.text((x0 + 10, y + 12), screen.rank_label, 13, fill=pal.MUTED, bold=True)
    hx = x0 + NAME_X + name_w
    for column in screen.columns:
        cv.text((hx + column.width - CELL_PAD, y + 12), column.label, 13, fill=pal.MUTED, bold=True, anchor="rm",
                max_width=column.width - 8)
        hx += column.width


def result_png(screen: ResultScreen, outcome: Any, lang: str) -> bytes:
    """The result screen as PNG bytes, as tall as it needs to be."""
    return Canvas.fitted(screen.width, lang, lambda cv: draw_result(cv, screen, outcome), scale=DIRECT).png()
