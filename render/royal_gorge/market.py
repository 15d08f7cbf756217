"""18 Royal Gorge's stock market: the price grid with each company's marker."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from games.royal_gorge.content import content

from .. import palette as pal
from ..kit import Canvas
from ..palette import RGB
from ..static_layer import Sprites
from .common import ZONE_COLOUR, BoardImage, _phase_name, _w, corp_colour


# ---- the stock market ------------------------------------------------------------------------------------------
def _market_markers(view: Any) -> dict[int, list[str]]:
    """Market column → the companies there (railroads in operating order first, then metals), and DEBT."""
    at: dict[int, list[str]] = {}
    rails = [corp for corp in view.corps if corp.kind == "rail" and corp.column >= 0]
    metals = [corp for corp in view.corps if corp.kind != "rail" and corp.column >= 0]
    rank = {corp: i for i, corp in enumerate(view.operating)}
    for corp in sorted(rails, key=lambda k: rank.get(k.id, 99)) + metals:
        at.setdefault(corp.column, []).append(corp.id)
    if getattr(view, "treaty", False):
        prices = content().market.row[0].prices
        price = getattr(view, "debt_price", None)
        column = prices.index(price) if price in prices else getattr(view, "debt_col", None)
        if isinstance(column, int) and column >= 0:
            at.setdefault(column, []).append("DEBT")
    return at


def _marker(cv: Canvas, centre: tuple[float, float], corp: str, r: float) -> None:
    colour = corp_colour(corp)
    cv.circle(centre, r, fill=colour, outline=pal.lighten(colour, 0.5) if pal.luminance(colour) < 0.3
              else pal.darken(colour, 0.45), width=max(1.0, r * 0.12))
    text = "D" if corp == "DEBT" else corp
    cv.text(centre, text, r * (0.95 if len(text) <= 2 else 0.72 if len(text) == 3 else 0.56), bold=True,
            fill=pal.on_colour(colour), anchor="mm")


#: Stock market spaces drawn once and pasted (issue 13 §3): each is about 12 KB at output size.
_CELLS = Sprites(96)


def _market_cell(price: int, fill: RGB, cell_w: float, cell_h: float,
                 price_h: float) -> Callable[[Canvas, float, float], None]:
    """Draws a market space (its box's top-left corner at ``(x, y)``) with its price."""
    def draw(cv: Canvas, x: float, y: float) -> None:
        cv.box((x, y, x + cell_w - 2, y + cell_h), fill=fill, outline=pal.LINE, radius=6)
        cv.text((x - 1 + cell_w / 2, y + price_h / 2 + 2), str(price), 15 if price < 100 else 14, bold=True,
                fill=pal.TEXT, anchor="mm")
    return draw


def _market(cv: Canvas, view: Any, lang: str, x0: float, y: float, w: float, image: BoardImage | None) -> float:
    """The one-row market: 28 prices coloured by zone, each company's marker stacked on its space."""
    c = content()
    row = c.market.row[0]
    cols = len(row.prices)
    cell_w = w / cols
    at = _market_markers(view)
    r = min(cell_w * 0.3, 14)
    per_row = 2
    stack = max((math.ceil(len(v) / per_row) for v in at.values()), default=0)
    title_h = 24
    price_h = 26
    cell_h = price_h + max(1, stack) * (2 * r + 4) + 6
    cv.text((x0, y + 10), _w("market", lang), 16, bold=True)
    legend_x = x0 + cv.measure(_w("market", lang), 16, True) + 20
    par = {s.zone: s.phase for s in c.market.par}
    for zone in ("par", "par_1", "par_2", "endgame"):
        label = _w("endgame_zone", lang) if zone == "endgame" else \
            _w("par_zone", lang, phase=_phase_name(par.get(zone, ""), lang))
        legend_x += cv.pill((legend_x, y + 10), label, 12, fill=ZONE_COLOUR[zone], text_fill=pal.TEXT, height=20) + 6
    y += title_h
    par_open = set(c.phases[view.phase].par)
    for col in range(cols):
        x = x0 + col * cell_w
        zone = row.zones[col]
        fill = ZONE_COLOUR.get(zone, ZONE_COLOUR[""])
        if zone.startswith("par") and zone not in par_open:
            fill = pal.mix(fill, pal.PANEL, 0.55)
        box = (x + 1, y, x + cell_w - 1, y + cell_h)
        draw = _market_cell(row.prices[col], fill, cell_w, cell_h, price_h)
        if at.get(col - 1):     # a marker of the space before may reach under this one's corners: draw it here
            draw(cv, box[0], box[1])
        else:
            _CELLS.paste(cv, (row.prices[col], fill, cell_w, cell_h, price_h), box, draw)
        if image is not None:
            image.cells[col] = box
        for i, corp in enumerate(at.get(col, [])):
            k, j = divmod(i, per_row)
            count = min(per_row, len(at[col]) - k * per_row)
            mx = x + cell_w / 2 + (j - (count - 1) / 2) * (2 * r + 2)
            my = y + price_h + r + 2 + k * (2 * r + 4)
            _marker(cv, (mx, my), corp, r)
            if image is not None:
                image.markers[corp] = (mx, my)
                image.marker_radius = r
    return y + cell_h
