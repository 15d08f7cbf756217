"""18 Royal Gorge's result: the ranking by net worth (cash, shares at market, privates), then the final map."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.core import Outcome
from games.royal_gorge.game import GAME, META

from .. import palette as pal
from ..kit import DIRECT, Canvas
from .board import _share_chip
from .common import _MEDAL, MARGIN, _money, _names, _w
from .map import _draw_map

# ---- result ----------------------------------------------------------------------------------------------------
RESULT_W = 1100


def result(outcome: Outcome, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking by net worth, each with cash, shares at market and privates, then the map."""
    shown = _names(names, lang)
    drawn = _draw_map(view, lang, 32, ids=False)
    width = max(drawn.canvas.width, RESULT_W)

    def body(cv: Canvas) -> float:
        y = _result_rows(cv, outcome, view, lang, shown, width)
        cv.paste(drawn.canvas, ((width - drawn.canvas.width) // 2, round(y)))
        return y + drawn.canvas.height

    return Canvas.fitted(width, lang, body, scale=DIRECT).png()


def _worth_parts(view: Any, seat: int) -> tuple[int, int, int]:
    p = view.seats[seat]
    prices = {corp.id: corp.price or 0 for corp in view.corps}
    shares = sum(pct // 10 * prices.get(corp, 0) for corp, pct in p.shares.items())
    privates = max(0, p.net_worth - p.cash - shares)
    return p.cash, shares, privates


def _result_rows(cv: Canvas, outcome: Outcome, view: Any, lang: str, names: Sequence[str], width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    cv.text((x0, y + 18), _w("results", lang), 30, bold=True)
    cv.text((x0, y + 50), META.names.get(lang, META.names["en"]), 16, fill=pal.MUTED)
    winners = [names[s] for s in outcome.winners]
    if winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners))
        tw = min(cv.measure(text, 18, True) + 40, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 28), text, 18, fill=_MEDAL[1], height=40, max_width=tw)
    y += 76
    for key, params in outcome.reasons:
        y += cv.paragraph((x0, y), GAME.text(key, params, lang, names), 15, x1 - x0, fill=pal.TEXT) + 4
    y += 8
    row_h = 76
    for standing in outcome.standings:
        top = standing.rank == 1
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL, accent=_MEDAL[1] if top else None,
                 accent_width=2, radius=10)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 34, y + row_h / 2), 20, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + 34, y + row_h / 2), str(standing.rank), 18, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        cv.text((x0 + 70, y + 22), names[standing.seat], 20, bold=True, max_width=(x1 - x0) * 0.45)
        if 0 <= standing.seat < len(view.seats):
            cash, shares, privates = _worth_parts(view, standing.seat)
            b = standing.breakdown
            cash, shares, privates = b.get("cash", cash), b.get("shares", shares), b.get("privates", privates)
            cv.text((x0 + 70, y + 50), _w("breakdown", lang, cash=f"{cash:,}", shares=f"{shares:,}",
                                          privates=f"{privates:,}"), 14, fill=pal.MUTED, max_width=(x1 - x0) * 0.5)
            cx = x0 + (x1 - x0) * 0.55
            for corp, pct in view.seats[standing.seat].shares.items():
                if cx > x1 - 260:
                    break
                cx += _share_chip(cv, cx, y + row_h / 2, corp, pct, corp in view.seats[standing.seat].president_of)
        cv.text((x1 - 16, y + row_h / 2 - 8), _money(standing.score), 26, bold=True,
                fill=pal.ACCENT if top else pal.TEXT, anchor="rm")
        cv.text((x1 - 16, y + row_h / 2 + 18), _w("net_worth", lang), 12, fill=pal.MUTED, anchor="rm")
        y += row_h + 8
    return y + 4


