"""18 Royal Gorge's private panel: one seat's cash, shares and privates."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from games.royal_gorge.content import content
from games.royal_gorge.game import META

from .. import palette as pal
from ..kit import DIRECT, Canvas
from .board import _auction_box, _player_panel, _prompt, _round_line, _share_chip, _wrapped_pill
from .charters import CHARTER_H, _charter
from .common import MARGIN, PHASE_COLOUR, _corp_name, _names, _private_name, _w
from .market import _market

# ---- private ---------------------------------------------------------------------------------------------------
PRIVATE_W = 1040


def _seat_of(view: Any) -> int:
    if view.viewer is not None:
        return int(view.viewer)
    if view.to_act:
        return int(view.to_act[0])
    return int(view.order[0]) if view.order else 0


def private(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """A seat's panel: its holdings in full (each share's value, each private's power), what it may do now, the
    charters it presides over and the stock market."""
    shown = _names(names, lang)
    return Canvas.fitted(PRIVATE_W, lang, lambda cv: _private_body(cv, view, lang, shown), scale=DIRECT).png()


def _private_body(cv: Canvas, view: Any, lang: str, names: Sequence[str]) -> float:
    x0, w = MARGIN, PRIVATE_W - 2 * MARGIN
    seat = _seat_of(view)
    y: float = MARGIN
    cv.text((x0, y + 16), f"{META.names.get(lang, META.names['en'])} · {names[seat]}", 26, bold=True, max_width=w)
    y += 40
    cv.text((x0, y + 10), _round_line(view, lang), 16, fill=pal.MUTED, max_width=w)
    y += 28
    if seat in view.to_act:
        prompt = _prompt(view, lang)
        text = _w("to_act", lang, name=names[seat], prompt=prompt) if prompt else _w("to_act_bare", lang,
                                                                                    name=names[seat])
        y += _wrapped_pill(cv, x0, y, w, text, 17, pal.ACCENT) + 10
    elif view.to_act:
        who = _w("comma", lang).join(names[s] for s in view.to_act)
        y += _wrapped_pill(cv, x0, y, w, _w("waiting", lang, name=who), 17, pal.PANEL_ALT) + 10
    if view.auction is not None:
        y = _auction_box(cv, view, lang, names, x0, y, w) + 10
    y = _player_panel(cv, view, seat, lang, names, x0, y, w, compact=False) + 12
    p = view.seats[seat]
    prices = {corp.id: corp.price or 0 for corp in view.corps}
    if p.shares:
        cv.text((x0, y + 10), _w("holdings", lang), 18, bold=True)
        y += 28
        for corp, pct in p.shares.items():
            price = prices.get(corp, 0)
            cx = x0 + _share_chip(cv, x0, y + 12, corp, pct, corp in p.president_of, 14)
            value = _w("share_value", lang, pct=pct, price=price, value=f"{pct // 10 * price:,}")
            cv.text((cx + 8, y + 12), f"{_corp_name(corp, lang)}{_w('sep', lang)}{value}", 15, max_width=x0 + w - cx)
            y += 30
        y += 6
    c = content()
    mine = [pv for pv in view.privates if pv.owner == seat and not pv.closed]
    if mine:
        cv.text((x0, y + 10), _w("privates", lang), 18, bold=True)
        y += 28
        for pv in mine:
            data = c.privates.get(pv.id)
            colour = PHASE_COLOUR.get(data.pool if data else "", pal.MUTED)
            cv.box((x0, y + 2, x0 + 40, y + 24), fill=colour, radius=6)
            cv.text((x0 + 20, y + 13), pv.id, 14, bold=True, fill=pal.on_colour(colour), anchor="mm")
            head = f"{_private_name(pv.id, lang)}{_w('sep', lang)}{_w('per_or', lang, n=pv.revenue)}"
            cv.text((x0 + 50, y + 13), head, 16, bold=True, max_width=w - 50)
            y += 28
            if data is not None:
                y += cv.paragraph((x0 + 50, y), data.description(lang), 14, w - 50, fill=pal.MUTED, max_lines=3) + 8
        y += 4
    presided = [corp for corp in view.corps if corp.kind == "rail" and corp.president == seat]
    if presided:
        cv.text((x0, y + 10), _w("presides", lang), 18, bold=True)
        y += 28
        cw = (w - 10) / 2
        for i, corp in enumerate(presided):
            k, j = divmod(i, 2)
            _charter(cv, corp, view, lang, names, x0 + j * (cw + 10), y + k * (CHARTER_H + 10), cw, CHARTER_H)
        y += math.ceil(len(presided) / 2) * (CHARTER_H + 10)
    y = _market(cv, view, lang, x0, y + 4, w, None)
    return y + MARGIN
