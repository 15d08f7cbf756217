"""18 Royal Gorge's result: the ranking by net worth (cash, shares at market, privates) on the shared result
screen (:mod:`render.result`), then the final map."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Outcome, Standing
from games.royal_gorge.game import GAME, META

from .. import palette as pal
from ..kit import Canvas
from ..result import Cell, Column, ResultScreen, result_png
from .board import _share_chip
from .common import MARGIN, _money, _names, _w
from .map import _draw_map

RESULT_W = 1100
TOTAL_W = 160


def result(outcome: Outcome, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking by net worth, each with cash, shares at market and privates, then the map."""
    return result_png(screen(outcome, view, lang, _names(names, lang)), outcome, lang)


def screen(outcome: Outcome, view: Any, lang: str, names: Sequence[str]) -> ResultScreen:
    """18 Royal Gorge's result screen: one column, the net worth; beside each name its parts and the shares held;
    the final map below."""
    drawn = _draw_map(view, lang, 32, ids=False)
    width = max(drawn.canvas.width, RESULT_W)
    x0, x1 = MARGIN, width - MARGIN
    winners = [names[s] for s in outcome.winners]
    banner = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners)) \
        if winners else ""

    def player(cv: Canvas, standing: Standing, x: float, y: float, w: float, h: float) -> None:
        cv.text((x, y + 22), names[standing.seat], 20, bold=True, max_width=(x1 - x0) * 0.45)
        if not 0 <= standing.seat < len(view.seats):
            return
        cash, shares, privates = _worth_parts(view, standing.seat)
        b = standing.breakdown
        cash, shares, privates = b.get("cash", cash), b.get("shares", shares), b.get("privates", privates)
        cv.text((x, y + 50), _w("breakdown", lang, cash=f"{cash:,}", shares=f"{shares:,}", privates=f"{privates:,}"),
                14, fill=pal.MUTED, max_width=(x1 - x0) * 0.5)
        cx = x0 + (x1 - x0) * 0.55
        seat = view.seats[standing.seat]
        for corp, pct in seat.shares.items():
            if cx > x1 - 260:
                break
            cx += _share_chip(cv, cx, y + h / 2, corp, pct, corp in seat.president_of)

    def cells(standing: Standing) -> list[Cell]:
        return [Cell(_money(standing.score), pal.ACCENT if standing.rank == 1 else pal.TEXT, 26, bold=True,
                     caption=_w("net_worth", lang))]

    def below(cv: Canvas, y: float) -> float:
        cv.paste(drawn.canvas, ((width - drawn.canvas.width) // 2, round(y)))
        return drawn.canvas.height

    return ResultScreen(
        title=_w("results", lang), subtitle=META.names.get(lang, META.names["en"]),
        player=player, cells=cells, columns=[Column("", TOTAL_W)], width=width, banner=banner,
        intro=[GAME.text(key, params, lang, names) for key, params in outcome.reasons],
        row_h=76, medal_r=20, radius=10, row_gap=8, below=below)


def _worth_parts(view: Any, seat: int) -> tuple[int, int, int]:
    p = view.seats[seat]
    prices = {corp.id: corp.price or 0 for corp in view.corps}
    shares = sum(pct // 10 * prices.get(corp, 0) for corp, pct in p.shares.items())
    privates = max(0, p.net_worth - p.cash - shares)
    return p.cash, shares, privates
