"""18 Royal Gorge's company charters: treasury, trains, tokens, shares and who presides."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import partial
from typing import Any

from games.royal_gorge.content import PHASES, content

from .. import palette as pal
from ..kit import Canvas
from .common import _PANELS, _corp_name, _money, _phase_name, _rail_ids, _trains, _w, corp_colour


# ---- charters --------------------------------------------------------------------------------------------------
def _opens_in(view: Any, corp_id: str) -> str:
    """The phase in which a not-yet-startable railroad's tranche opens."""
    c = content()
    rails = _rail_ids(view)
    ordered = sorted(rails, key=lambda r: c.railroads[r].founded if r in c.railroads else 0)
    position = ordered.index(corp_id) if corp_id in ordered else 0
    tranche, total = 0, 0
    for t, size in enumerate(c.draw.tranches):
        total += size
        if position < total:
            tranche = t
            break
    for phase in c.phase_list:
        if phase.tranches > tranche:
            return phase.id
    return PHASES[-1]


def _charter(cv: Canvas, corp: Any, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float,
             h: float) -> None:
    """A railroad's charter: colour band with its id and price, president, cash, treasury and market shares, its
    last run's revenue (paid out or withheld), station tokens (placed ones with their hex, the rest with their
    cost), trains and debt."""
    c = content()
    data = c.railroads.get(corp.id)
    colour = corp_colour(corp.id)
    ink = pal.on_colour(colour)
    started = corp.price is not None
    acting = corp.id == view.operating_now
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL if started else pal.mix(pal.PANEL, pal.BACKGROUND, 0.5),
             accent=pal.ACCENT if acting else None, accent_width=3, radius=10)
    band = 32
    cv.box((x + 1, y + 1, x + w - 1, y + band), fill=colour, radius=9,
           outline=pal.darken(colour, 0.35) if pal.luminance(colour) > 0.8 else None)
    price = _money(corp.price) if started else ""
    pw = cv.measure(price, 18, True)
    idw = cv.text((x + 10, y + band / 2 + 1), corp.id, 19, bold=True, fill=ink)
    cv.text((x + 18 + idw, y + band / 2 + 1), _corp_name(corp.id, lang), 12, fill=ink,
            max_width=w - idw - pw - 40)
    if price:
        cv.text((x + w - 10, y + band / 2 + 1), price, 18, bold=True, fill=ink, anchor="rm")
    ty = y + band + 14
    if started:
        who = _w("president", lang, name=names[corp.president]) if corp.president is not None \
            else _w("no_president", lang)
        line = _w("sep", lang).join([who, _w("par", lang, n=corp.par)])
    elif corp.startable:
        line = _w("not_started", lang) + _w("sep", lang) + _w("startable", lang)
    else:
        line = _w("not_started", lang) + _w("sep", lang) + _w("not_yet", lang,
                                                                 phase=_phase_name(_opens_in(view, corp.id), lang))
    cv.text((x + 10, ty), line, 13, fill=pal.TEXT if started else pal.MUTED, max_width=w - 20)
    ty += 20
    parts = [_w("corp_cash", lang, n=f"{corp.cash:,}"), _w("treasury", lang, n=corp.treasury),
             _w("pool", lang, n=corp.market)]
    cv.text((x + 10, ty), _w("sep", lang).join(parts), 13, fill=pal.TEXT if started else pal.MUTED, max_width=w - 20)
    ty += 20
    revenue = getattr(corp, "last_revenue", None)
    if revenue is not None:  # what its latest operating turn earned, as 18xx charters show it
        cv.text((x + 10, ty), _w("last_paid" if corp.last_paid else "last_withheld", lang, n=f"{revenue:,}"), 13,
                fill=pal.GOOD if corp.last_paid else pal.TEXT, bold=True, max_width=w - 20)
    ty += 24
    # station tokens: placed (hex below), then unplaced with their cost
    placed = list(corp.tokens)
    if hasattr(corp, "tokens_left") and started:
        count = len(placed) + int(corp.tokens_left)
    else:
        count = max(data.tokens if data else 0, len(placed))
    following = getattr(corp, "next_token", None)
    if started and following is not None:
        costs: list[int | None] = [None] * count           # only the next station's price is known for sure
        if len(placed) < count:
            costs[len(placed)] = int(following)
    else:
        costs = list(c.railroad_rules.token_costs)
    r = 11.0
    step = min(2 * r + 14, (w - 20) / max(count, 1))
    for i in range(count):
        cx = x + 10 + r + i * step
        if i < len(placed):
            cv.circle((cx, ty), r, fill=colour, outline=pal.lighten(colour, 0.5) if pal.luminance(colour) < 0.3
                      else pal.darken(colour, 0.45), width=1.2)
            cv.text((cx, ty + r + 8), placed[i], 11, fill=pal.TEXT, anchor="mm", bold=True)
        else:
            cv.circle((cx, ty), r, fill=pal.PANEL_ALT, outline=pal.mix(colour, pal.PANEL_ALT, 0.3), width=1.6)
            cost = costs[i] if i < len(costs) else None
            if cost is not None:
                cv.text((cx, ty), str(cost), 10, fill=pal.TEXT if i == len(placed) else pal.MUTED, anchor="mm",
                        bold=True)
    ty += r + 26
    trains = _trains(corp)
    tx = x + 10
    if trains:
        for t in trains:
            tx += cv.pill((tx, ty), t, 13, fill=(232, 228, 214), text_fill=pal.TEXT_DARK, height=22, pad=8) + 5
    elif started:
        tx += cv.text((tx, ty), _w("no_trains", lang), 13, fill=pal.MUTED) + 8
    for pid in getattr(corp, "privates", None) or []:
        tx += cv.pill((tx, ty), pid, 12, fill=pal.PANEL_ALT, text_fill=pal.TEXT, height=22, pad=7,
                      outline=pal.LINE) + 5
    debt = int(getattr(corp, "debt", 0) or 0)
    if debt:                                                # on the stations row, right-aligned
        label = _w("debt", lang, n=debt)
        lw = cv.measure(label, 12, True) + 16
        cv.pill((x + w - 10 - lw, y + band + 78), label, 12, fill=pal.BAD, text_fill=(255, 255, 255), height=22,
                pad=8)


CHARTER_H = 188


def _charter_panel(corp: Any, view: Any, lang: str, names: Sequence[str], w: float, cv: Canvas, x: float,
                   y: float) -> float:
    _charter(cv, corp, view, lang, names, x, y, w, CHARTER_H)
    return y + CHARTER_H


def _charters(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    rails = [corp for corp in view.corps if corp.kind == "rail"]
    rank = {corp: i for i, corp in enumerate(view.operating)}
    c = content()
    rails.sort(key=lambda k: (k.id not in rank, rank.get(k.id, 0),
                              c.railroads[k.id].founded if k.id in c.railroads else 0))
    if not rails:
        return y
    cv.text((x0, y + 10), _w("railroads", lang), 16, bold=True)
    y += 24
    gap = 10
    per_row = min(len(rails), 5)
    cw = (w - gap * (per_row - 1)) / per_row
    for i, corp in enumerate(rails):
        k, j = divmod(i, per_row)
        key = ("charter", repr(corp), corp.id == view.operating_now, tuple(names), cw)
        _PANELS.panel(cv, key, (x0 + j * (cw + gap), y + k * (CHARTER_H + gap)), cw,
                      partial(_charter_panel, corp, view, lang, names, cw))
    rows = math.ceil(len(rails) / per_row)
    return y + rows * CHARTER_H + (rows - 1) * gap
