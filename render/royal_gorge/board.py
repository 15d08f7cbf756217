"""18 Royal Gorge's public board: the map beside the round, the auction and the players, then the stock market,
the charters, the metals and the depot below."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.royal_gorge.content import content
from games.royal_gorge.game import GAME, META
from games.royal_gorge.text import face_value, stock_prompt

from .. import palette as pal
from ..kit import DIRECT, Canvas, board_palette
from ..palette import RGB
from .charters import _charters
from .common import (
    _WORDS,
    GAP,
    GOLD,
    HEX,
    MARGIN,
    PHASE_COLOUR,
    WIDTH,
    BoardImage,
    _last,
    _money,
    _names,
    _phase_name,
    _private_name,
    _w,
    corp_colour,
)
from .map import _draw_map
from .market import _market
from .metals import _bottom

# ---- the board -------------------------------------------------------------------------------------------------

def draw_board(view: Any, lang: str, names: Sequence[str] | None = None) -> BoardImage:
    """The public board as a canvas, with the map's layout and the market's cells and markers."""
    shown = _names(names, lang)
    drawn = _draw_map(view, lang, HEX)
    map_w, map_h = drawn.canvas.width, drawn.canvas.height
    side_x, side_w = map_w + 4, WIDTH - map_w - 4 - MARGIN
    image = BoardImage(drawn.canvas, drawn.layout)

    def body(cv: Canvas) -> float:
        cv.paste(drawn.canvas, (0, 0))
        side = _side(cv, view, lang, shown, side_x, MARGIN, side_w)
        y = max(map_h - MARGIN / 2, side) + GAP / 2
        y = _market(cv, view, lang, MARGIN, y, WIDTH - 2 * MARGIN, image) + GAP
        y = _charters(cv, view, lang, shown, MARGIN, y, WIDTH - 2 * MARGIN) + GAP
        y = _bottom(cv, view, lang, shown, MARGIN, y, WIDTH - 2 * MARGIN)
        return y + MARGIN

    image.canvas = Canvas.fitted(WIDTH, lang, body, scale=DIRECT)
    return image


def board_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public board: the map, the market, the charters, the players, steel, gold and the depot."""
    return draw_board(view, lang, names).canvas.png(board_palette("royal-gorge"))


def _round_line(view: Any, lang: str) -> str:
    if view.round == "auction":
        return _w("auction", lang)
    if view.round == "stock":
        return _w("stock", lang, turn=view.turn)
    line = _w("operating", lang, turn=view.turn, number=view.or_num)
    if view.operating_now:
        line += _w("sep", lang) + _w("operating_now", lang, corp=view.operating_now)
        step = f"step_{getattr(view, 'operating_step', None)}"
        if step in _WORDS["en"]:
            line += _w("sep", lang) + _w(step, lang)
    return line


def _prompt(view: Any, lang: str) -> str:
    """What is asked of whoever acts, in the catalog's words."""
    if view.auction is not None:
        a = view.auction
        key = "prompt.raise" if a.high is not None else "prompt.bid"
        return GAME.text(key, {"private": a.lot, "price": a.min_bid, "high": a.price, **face_value(a.lot)}, lang)
    if view.stock is not None:
        return stock_prompt(GAME, view.stock.acted, view.stock.can_sell, lang)
    if view.operating_now:
        return GAME.text("prompt.operate", {"corp": view.operating_now}, lang)
    return ""


def _acting_line(view: Any, lang: str, names: Sequence[str]) -> str:
    if getattr(view, "finished", False):
        reason = str(getattr(view, "end_reason", "") or "")
        if f"end_{reason}" in _WORDS["en"]:
            reason = _w(f"end_{reason}", lang)
        return _w("game_over", lang) + (_w("sep", lang) + reason if reason else "")
    if not view.to_act:
        return _w("nobody", lang)
    who = _w("comma", lang).join(names[s] for s in view.to_act)
    prompt = _prompt(view, lang)
    return _w("to_act", lang, name=who, prompt=prompt) if prompt else _w("to_act_bare", lang, name=who)


def _side(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    """The column right of the map: round and phase, who acts, the auction lot, the players, the privates."""
    cv.text((x0, y + 14), META.names.get(lang, META.names["en"]), 26, bold=True, max_width=w)
    y += 36
    y += cv.paragraph((x0, y), _round_line(view, lang), 17, w, bold=True, max_lines=2) + 4
    phase = content().phases[view.phase]
    chip = _phase_name(view.phase, lang)
    pw = cv.pill((x0, y + 12), _w("phase", lang, phase=chip), 14, fill=PHASE_COLOUR[phase.id], height=24)
    cv.text((x0 + pw + 8, y + 12), _w("phase_line", lang, limit=phase.train_limit, ors=phase.operating_rounds), 13,
            fill=pal.MUTED, max_width=w - pw - 8)
    y += 32
    acting = _acting_line(view, lang, names)
    y += _wrapped_pill(cv, x0, y, w, acting, 15, pal.ACCENT if view.to_act else pal.PANEL_ALT) + 8
    _hexes, last = _last(view)
    if last:
        y += cv.paragraph((x0, y), _w("last", lang, text=last), 14, w, fill=pal.TEXT, max_lines=2) + 6
    runs = [str(r) for r in getattr(view, "last_run", None) or []]
    if runs and view.operating_now:
        text = _w("runs", lang, corp=view.operating_now, runs="; ".join(runs))
        y += cv.paragraph((x0, y), text, 14, w, fill=pal.TEXT, max_lines=3) + 6
    if view.auction is not None:
        y = _auction_box(cv, view, lang, names, x0, y, w) + 8
    for seat in view.order:
        y = _player_panel(cv, view, seat, lang, names, x0, y, w, compact=True) + 6
    y += 4
    return _privates_list(cv, view, lang, names, x0, y, w)


def _wrapped_pill(cv: Canvas, x: float, y: float, w: float, text: str, size: float, fill: RGB) -> float:
    """A rounded panel holding ``text`` on one or two lines; returns its height."""
    lines = cv.wrap(text, size, w - 24, bold=True, max_lines=2)
    h = len(lines) * cv.line_height(size) + 12
    cv.box((x, y, x + w, y + h), fill=fill, radius=12)
    for i, line in enumerate(lines):
        cv.text((x + 12, y + 6 + cv.line_height(size) * (i + 0.5)), line, size, fill=pal.on_colour(fill), bold=True,
                source=text)
    return h


def _auction_box(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    a = view.auction
    p = content().privates.get(a.lot)
    h = 88
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI, accent=GOLD, accent_width=2, radius=10)
    cv.text((x + 12, y + 16), _w("lot", lang, private=f"{a.lot} {_private_name(a.lot, lang)}"), 16, bold=True,
            max_width=w - 24)
    parts = [_w("lot_face", lang, n=p.value) if p else "", _w("min_bid", lang, n=a.min_bid),
             _w("high_bid", lang, n=a.price, name=names[a.high]) if a.high is not None else _w("no_bid", lang)]
    cv.text((x + 12, y + 40), _w("sep", lang).join(t for t in parts if t), 14, fill=pal.TEXT, max_width=w - 24)
    still = _w("comma", lang).join(names[s] for s in a.active)
    cv.text((x + 12, y + 63), _w("in_bidding", lang, names=still), 13, fill=pal.MUTED, max_width=w - 24)
    return y + h


def _share_chip(cv: Canvas, x: float, y: float, corp: str, pct: int, president: bool, size: float = 12.0) -> float:
    colour = corp_colour(corp)
    text = f"{corp} {pct}%" + (" ★" if president else "")
    return cv.pill((x, y), text, size, fill=colour, text_fill=pal.on_colour(colour), height=size * 1.65,
                   pad=size * 0.5, outline=pal.darken(colour, 0.4) if pal.luminance(colour) > 0.8 else None) + 4


def _player_panel(cv: Canvas, view: Any, seat: int, lang: str, names: Sequence[str], x: float, y: float, w: float,
                  *, compact: bool) -> float:
    """A player's cash, certificates, worth, shares (★ president) and privates; returns the bottom."""
    p = view.seats[seat]
    big = 1.0 if compact else 1.3
    acting = seat in view.to_act
    chip = 12.0 * big
    rows = _chip_rows(cv, p, view, w - 24, chip)
    h = (30 + 20 + len(rows) * (chip * 1.65 + 5) + 8) * (1 if compact else 1.05)
    h = max(h, 72 * big)
    cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI if acting else pal.PANEL, accent=pal.ACCENT if acting else None,
             accent_width=2, radius=10)
    name = names[seat] + (f" ({_w('you', lang)})" if seat == view.viewer else "")
    nx = x + 12
    if view.order and view.order[0] == seat:
        nx += cv.pill((nx, y + 17 * big), _w("priority", lang), 11 * big, fill=GOLD, height=18 * big) + 6
    if view.stock is not None and seat in view.stock.passed:
        nx += cv.pill((nx, y + 17 * big), _w("passed", lang), 11 * big, fill=pal.PANEL_ALT, text_fill=pal.MUTED,
                      height=18 * big) + 6
    cash = _money(p.cash)
    cash_w = cv.measure(cash, 20 * big, True)
    cv.text((nx, y + 17 * big), name, 16 * big, bold=True, max_width=x + w - nx - cash_w - 24)
    cv.text((x + w - 12, y + 17 * big), cash, 20 * big, bold=True, fill=pal.ACCENT if acting else GOLD, anchor="rm")
    line = _w("sep", lang).join([_w("certs", lang, n=p.certificates, limit=view.cert_limit),
                                 _w("worth", lang, n=f"{p.net_worth:,}")])
    cv.text((x + 12, y + 40 * big), line, 13 * big, fill=pal.MUTED, max_width=w - 24)
    cy = y + (40 + 12) * big + chip * 0.83
    for row in rows:
        cx = x + 12
        for kind, key, pct in row:
            if kind == "share":
                cx += _share_chip(cv, cx, cy, key, pct, key in p.president_of, chip)
            else:
                cx += cv.pill((cx, cy), key, chip, fill=pal.PANEL_ALT, text_fill=pal.TEXT, height=chip * 1.65,
                              pad=chip * 0.5, outline=pal.LINE) + 4
        cy += chip * 1.65 + 5
    return y + h


def _chip_rows(cv: Canvas, p: Any, view: Any, w: float, size: float) -> list[list[tuple[str, str, int]]]:
    """The player's share and private chips, flowed into rows ``w`` wide."""
    order = {corp.id: i for i, corp in enumerate(view.corps)}
    items: list[tuple[str, str, int]] = [("share", corp, pct) for corp, pct in
                                         sorted(p.shares.items(), key=lambda kv: order.get(kv[0], 99))]
    items += [("private", pid, 0) for pid in p.privates]
    rows: list[list[tuple[str, str, int]]] = [[]]
    used = 0.0
    for item in items:
        kind, key, pct = item
        text = f"{key} {pct}% ★" if kind == "share" else key
        iw = cv.measure(text, size, True) + size + 4
        if rows[-1] and used + iw > w:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += iw
    return rows if rows[0] else []


def _owner_text(owner: int | str | None, names: Sequence[str], lang: str) -> str:
    if owner is None:
        return _w("private_unsold", lang)
    if isinstance(owner, int):
        return names[owner]
    return owner


def _privates_list(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    cv.text((x, y + 10), _w("privates", lang), 16, bold=True)
    y += 24
    c = content()
    for p in view.privates:
        data = c.privates.get(p.id)
        colour = PHASE_COLOUR.get(data.pool if data else "", pal.MUTED)
        cv.box((x, y + 3, x + 30, y + 21), fill=colour, radius=5)
        cv.text((x + 15, y + 12), p.id, 12, bold=True, fill=pal.on_colour(colour), anchor="mm")
        owner = _w("private_closed", lang) if p.closed else _owner_text(p.owner, names, lang)
        right = f"{owner}{_w('sep', lang)}{_w('per_or', lang, n=p.revenue)}"
        rw = cv.measure(right, 13)
        cv.text((x + w, y + 12), right, 13, fill=pal.MUTED, anchor="rm", max_width=w * 0.5)
        cv.text((x + 38, y + 12), _private_name(p.id, lang), 14, fill=pal.MUTED if p.closed else pal.TEXT,
                max_width=w - 46 - min(rw, w * 0.5))
        y += 24
    return y
