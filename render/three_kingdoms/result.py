"""Three Kingdoms' result: the ranking with each player's score parts and tie-break values."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome
from games.three_kingdoms import GAME
from games.three_kingdoms.game import META
from games.three_kingdoms.view import TKView

from .. import palette as pal
from ..kit import DIRECT, Canvas
from .common import _MEDAL, GOLD, MARGIN, RESULT_W, _lord_name, _marker, _names, _tier, _w

# ------------------------------------------------------------------------------------------------
# Result

_PARTS = ("track", "talents", "buildings", "markers", "resources")


def _result_body(cv: Canvas, outcome: Outcome, view: TKView, lang: str, names: Sequence[str], width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    cv.text((x0, y + 18), _w("results", lang), 30, bold=True)
    cv.text((x0, y + 50), META.name(lang) + _w("sep", lang) + _w("round", lang, round=view.round), 16,
            fill=pal.MUTED)
    winners = [names[seat] for seat in outcome.winners]
    if winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners))
        cv.text((x1, y + 20), text, 20, bold=True, fill=GOLD, anchor="rm", max_width=(x1 - x0) * 0.6)
    y += 78
    name_w = 330.0
    col_w = (x1 - x0 - 70 - name_w - 110) / len(_PARTS)
    hx = x0 + 70 + name_w
    cv.text((x0 + 10, y + 10), _w("rank", lang), 13, fill=pal.MUTED, bold=True)
    for key in _PARTS:
        cv.text((hx + col_w - 12, y + 10), _w(f"b_{key}", lang), 13, fill=pal.MUTED, bold=True, anchor="rm",
                max_width=col_w - 8)
        hx += col_w
    cv.text((x1 - 14, y + 10), _w("total", lang), 13, fill=pal.MUTED, bold=True, anchor="rm")
    y += 26
    row_h = 84
    for standing in outcome.standings:
        seat = standing.seat
        s = view.seats[seat] if 0 <= seat < len(view.seats) else None
        top = standing.rank == 1
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL,
                 accent=GOLD if top else None, accent_width=2)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 38, y + row_h / 2), 22, fill=medal)
        cv.text((x0 + 38, y + row_h / 2), str(standing.rank), 22, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        nx = x0 + 74
        _marker(cv, (nx + 11, y + 24), seat, 11)
        cv.text((nx + 30, y + 24), names[seat], 20, bold=True, max_width=name_w - 40)
        sub = _lord_name(s, lang) if s else ""
        if s is not None and s.claims:
            sub += (_w("sep", lang) if sub else "") + " ".join(_tier(t, lang) for t in s.claims)
        if s is not None and s.crown:
            sub += (_w("sep", lang) if sub else "") + _w("usurper" if s.usurper else "crown", lang)
        cv.text((nx, y + 50), sub, 13.5, fill=pal.MUTED, max_width=name_w - 8)
        tb = standing.tiebreak
        if len(tb) >= 3:
            ties = _w("sep", lang).join((_w("tb_markers", lang, n=tb[0]), _w("tb_talent", lang, n=tb[1]),
                                         _w("tb_buildings", lang, n=tb[2])))
            cv.text((nx, y + 70), ties, 12.5, fill=pal.MUTED, max_width=name_w - 8)
        hx = x0 + 70 + name_w
        for key in _PARTS:
            amount = standing.breakdown.get(key, 0)
            colour = pal.BAD if amount < 0 else (pal.TEXT if amount else pal.MUTED)
            cv.text((hx + col_w - 12, y + row_h / 2), str(amount), 19, fill=colour, anchor="rm")
            hx += col_w
        cv.text((x1 - 14, y + row_h / 2), str(standing.score), 28, bold=True, fill=GOLD if top else pal.TEXT,
                anchor="rm")
        y += row_h + 10
    y += 2
    cv.text((x0 + 4, y + 10), _w("tiebreak", lang), 13.5, fill=pal.MUTED, max_width=x1 - x0 - 8)
    y += 28
    if outcome.reasons:
        cv.text((x0 + 4, y + 10), _w("notes", lang), 15, fill=pal.MUTED, bold=True)
        y += 26
        for key, params in outcome.reasons:
            y += cv.paragraph((x0 + 8, y), "• " + GAME.text(key, dict(params), lang, names), 15, x1 - x0 - 16)
    return y + MARGIN - 8


def result(outcome: Outcome, view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking with each player's score parts (track, talents, buildings, markers,
    resources) and the tie-break values."""
    shown = _names(names, lang)
    return Canvas.fitted(RESULT_W, lang, lambda cv: _result_body(cv, outcome, view, lang, shown, RESULT_W),
                         scale=DIRECT).png()

