"""Three Kingdoms' result: the ranking with each player's score parts and tie-break values, on the
shared result screen (:mod:`render.result`)."""

from __future__ import annotations

from collections.abc import Sequence

from games.core import Outcome, Standing
from games.three_kingdoms import GAME
from games.three_kingdoms.game import META
from games.three_kingdoms.view import TKView

from .. import palette as pal
from ..kit import MARGIN_DEFAULT, Canvas
from ..result import Cell, Column, ResultScreen, amount_colour, result_png
from .common import GOLD, RESULT_W, _lord_name, _marker, _names, _tier, _w

_PARTS = ("track", "talents", "buildings", "markers", "resources")
NAME_W = 330
TOTAL_W = 110


def result(outcome: Outcome, view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking with each player's score parts (track, talents, buildings, markers,
    resources) and the tie-break values."""
    return result_png(screen(outcome, view, lang, _names(names, lang)), outcome, lang)


def screen(outcome: Outcome, view: TKView, lang: str, names: Sequence[str]) -> ResultScreen:
    """Three Kingdoms' result screen: five score parts and the total; under each name the lord, the claims,
    the crown and, when ranks tie, the tie-break values."""
    winners = [names[seat] for seat in outcome.winners]
    banner = _w("winners" if len(winners) > 1 else "winner", lang, names=_w("comma", lang).join(winners)) \
        if winners else ""
    part_w = (RESULT_W - 2 * MARGIN_DEFAULT - 90 - NAME_W - TOTAL_W) / len(_PARTS)

    def player(cv: Canvas, standing: Standing, x: float, y: float, w: float, h: float) -> None:
        seat = standing.seat
        s = view.seats[seat] if 0 <= seat < len(view.seats) else None
        _marker(cv, (x + 11, y + 24), seat, 11)
        cv.text((x + 30, y + 24), names[seat], 20, bold=True, max_width=w - 40)
        sub = _lord_name(s, lang) if s else ""
        if s is not None and s.claims:
            sub += (_w("sep", lang) if sub else "") + " ".join(_tier(t, lang) for t in s.claims)
        if s is not None and s.crown:
            sub += (_w("sep", lang) if sub else "") + _w("usurper" if s.usurper else "crown", lang)
        cv.text((x, y + 50), sub, 13.5, fill=pal.MUTED, max_width=w - 8)
        tb = standing.tiebreak
        if len(tb) >= 3:
            ties = _w("sep", lang).join((_w("tb_markers", lang, n=tb[0]), _w("tb_talent", lang, n=tb[1]),
                                         _w("tb_buildings", lang, n=tb[2])))
            cv.text((x, y + 70), ties, 12.5, fill=pal.MUTED, max_width=w - 8)

    def cells(standing: Standing) -> list[Cell]:
        parts = [standing.breakdown.get(key, 0) for key in _PARTS]
        return [*(Cell(str(n), amount_colour(n), 19) for n in parts),
                Cell(str(standing.score), GOLD if standing.rank == 1 else pal.TEXT, 28, bold=True)]

    return ResultScreen(
        title=_w("results", lang), subtitle=META.name(lang) + _w("sep", lang) + _w("round", lang, round=view.round),
        player=player, cells=cells, width=RESULT_W,
        columns=[*(Column(_w(f"b_{key}", lang), part_w) for key in _PARTS), Column(_w("total", lang), TOTAL_W)],
        banner=banner, rank_label=_w("rank", lang), row_h=84, medal_r=22,
        footnote=_w("tiebreak", lang), notes_title=_w("notes", lang),
        notes=[GAME.text(key, dict(params), lang, names) for key, params in outcome.reasons])
