"""18 Royal Gorge's metals and depot: the steel and gold panels, the trains left and the phases."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.royal_gorge.content import content

from .. import palette as pal
from ..kit import Canvas
from .common import _PANELS, GOLD, PHASE_COLOUR, STEEL, _corp_name, _depot, _money, _phase_name, _steel, _w, corp_colour
from .map import _mine
from .market import _marker


# ---- metals, steel, gold, depot, phases ---------------------------------------------------------------------------
def _metal_head(cv: Canvas, corp: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    colour = corp_colour(corp.id)
    cv.box((x, y, x + w, y + 30), fill=colour, radius=9)
    ink = pal.on_colour(colour)
    idw = cv.text((x + 10, y + 16), corp.id, 18, bold=True, fill=ink)
    price = _money(corp.price or 0)
    pw = cv.measure(price, 18, True)
    cv.text((x + 18 + idw, y + 16), _corp_name(corp.id, lang), 12, fill=ink, max_width=w - idw - pw - 40)
    cv.text((x + w - 10, y + 16), price, 18, bold=True, fill=ink, anchor="rm")
    who = _w("president", lang, name=names[corp.president]) if corp.president is not None else _w("no_president", lang)
    parts = [who, _w("corp_cash", lang, n=f"{corp.cash:,}"), _w("pool", lang, n=corp.market)]
    cv.text((x + 4, y + 44), _w("sep", lang).join(parts), 13, fill=pal.TEXT, max_width=w - 8)
    return y + 58


def _steel_panel(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    c = content()
    corp = next((k for k in view.corps if k.id == "CF&I"), None)
    top = y
    cv.text((x, y + 10), _w("steel", lang), 16, bold=True)
    y += 24
    if corp is not None:
        y = _metal_head(cv, corp, lang, names, x, y, w)
    left = _steel(view)
    cols = c.steel.column
    col_w = w / len(cols)
    cube = min(col_w * 0.42, 20)
    phase_tiles = set(c.phases[view.phase].tiles)
    tallest = max(max(len(col.cubes) for col in cols), 1)
    for i, col in enumerate(cols):
        cx = x + i * col_w
        fill = PHASE_COLOUR[col.colour]
        usable = col.colour in phase_tiles
        head = fill if usable else pal.mix(fill, pal.PANEL, 0.6)
        cv.box((cx + 2, y, cx + col_w - 2, y + 22), fill=head, radius=6)
        cv.text((cx + col_w / 2, y + 11), col.id, 13, bold=True, fill=pal.on_colour(head), anchor="mm")
        remaining = Counter(left.get(col.id, []))
        cy = y + 28
        if not col.cubes:
            cv.text((cx + col_w / 2, cy + cube / 2), f"${c.steel.fallback_price}", 13, bold=True,
                    fill=pal.TEXT if usable else pal.MUTED, anchor="mm")
        for price in sorted(col.cubes):
            there = remaining[price] > 0
            if there:
                remaining[price] -= 1
            cv.cube((cx + 4, cy), cube, STEEL, hollow=not there)
            cv.text((cx + 8 + cube, cy + cube / 2), f"{price}", 12, bold=there,
                    fill=pal.TEXT if there and usable else pal.MUTED)
            cy += cube + 4
    y += 28 + tallest * (cube + 4)
    cv.text((x, y + 10), _w("steel_note", lang, n=c.steel.fallback_price), 12, fill=pal.MUTED, max_width=w)
    return max(y + 22, top)


def _gold_panel(cv: Canvas, view: Any, lang: str, names: Sequence[str], x: float, y: float, w: float) -> float:
    c = content()
    g = c.rules.gold
    corp = next((k for k in view.corps if k.id == "VGC"), None)
    cv.text((x, y + 10), _w("gold", lang), 16, bold=True)
    y += 24
    if corp is not None:
        y = _metal_head(cv, corp, lang, names, x, y, w)
    shipped = int(getattr(view, "gold_shipped", 0) or 0)
    limit = c.ship_limit(view.phase, getattr(view, "ruleset", "18xx"))
    slots = len(g.dividends)
    sw = w / slots
    for i, (amount, colour) in enumerate(zip(g.dividends, g.slot_colours, strict=True)):
        sx = x + i * sw
        fill = PHASE_COLOUR.get(colour, pal.MUTED)
        reachable = limit is None or i <= limit
        if not reachable:
            fill = pal.mix(fill, pal.PANEL, 0.6)
        cv.box((sx + 2, y, sx + sw - 2, y + 50), fill=fill, radius=7, outline=pal.LINE)
        cv.text((sx + sw / 2, y + 13), f"${amount}", 14, bold=True, fill=pal.on_colour(fill), anchor="mm")
        if i < shipped:
            cv.cube((sx + sw / 2 - 9, y + 24), 18, GOLD)
        elif i == shipped:
            _marker(cv, (sx + sw / 2, y + 35), "VGC", 11)
    y += 56
    now = int(getattr(view, "gold_dividend", 0) or g.dividends[min(shipped, slots - 1)])
    note = _w("gold_note_free", lang, n=shipped) if limit is None else _w("gold_note", lang, n=shipped, limit=limit)
    line = _w("sep", lang).join([note, _w("gold_pays", lang, n=now)])
    cv.text((x, y + 10), line, 13, fill=pal.TEXT, max_width=w)
    y += 24
    # legend for the map's gold symbols
    _mine(cv, (x + 8, y + 10), 14)
    lw = cv.text((x + 20, y + 10), _w("legend_mine", lang), 12, fill=pal.MUTED)
    cv.cube((x + 32 + lw, y + 2), 15, GOLD)
    cv.text((x + 52 + lw, y + 10), _w("legend_gold", lang), 12, fill=pal.MUTED, max_width=w - lw - 56)
    return y + 24


def _depot_panel(cv: Canvas, view: Any, lang: str, x: float, y: float, w: float) -> float:
    c = content()
    depot = _depot(view)
    cv.text((x, y + 10), _w("depot", lang), 16, bold=True)
    y += 24
    first = getattr(view, "next_train", None) or next((t.id for t in c.train_list if depot.get(t.id, 0) > 0), "")
    row_h = 30
    for t in c.train_list:
        n = depot.get(t.id, 0)
        available = n > 0
        fill = (232, 228, 214) if available else pal.PANEL_ALT
        outline = pal.ACCENT if t.id == first else None
        cv.box((x, y + 2, x + 64, y + row_h - 2), fill=fill, radius=6, outline=outline, width=2)
        cv.text((x + 32, y + row_h / 2), t.id, 15, bold=True, fill=pal.TEXT_DARK if available else pal.MUTED,
                anchor="mm")
        count = _w("unlimited", lang) if t.unlimited else f"×{n}"
        cv.text((x + 74, y + row_h / 2), f"${t.price}", 14, bold=True, fill=pal.TEXT if available else pal.MUTED)
        cv.text((x + 128, y + row_h / 2), count, 14, fill=pal.TEXT if available else pal.MUTED)
        notes = []
        if t.rusts_on:
            notes.append(_w("rusts", lang, train=t.rusts_on))
        for e in t.events:
            if e.event == "phase":
                notes.append(f"#{e.nth} → {_phase_name(e.phase, lang)}")
        cv.text((x + 168, y + row_h / 2), _w("sep", lang).join(notes), 12, fill=pal.MUTED, max_width=w - 170)
        y += row_h
    pool = [str(t) for t in getattr(view, "pool_trains", None) or []]
    if pool:
        cv.text((x, y + 12), _w("pool_trains", lang, trains=_w("comma", lang).join(pool)), 13, fill=pal.TEXT,
                max_width=w)
        y += 24
    y += 8
    cv.text((x, y + 10), _w("phases", lang), 16, bold=True)
    y += 24
    pw = w / len(c.phase_list)
    for i, phase in enumerate(c.phase_list):
        px = x + i * pw
        fill = PHASE_COLOUR[phase.id]
        now = phase.id == view.phase
        if not now:
            fill = pal.mix(fill, pal.PANEL, 0.45)
        cv.box((px + 2, y, px + pw - 2, y + 30), fill=fill, radius=7, outline=(255, 255, 255) if now else None,
               width=2)
        cv.text((px + pw / 2, y + 15), phase.name(lang), 13, bold=now, fill=pal.on_colour(fill), anchor="mm",
                max_width=pw - 8)
    return y + 32


def _bottom(cv: Canvas, view: Any, lang: str, names: Sequence[str], x0: float, y: float, w: float) -> float:
    """Steel, gold and the depot side by side; each panel is a sprite keyed by everything it shows (issue 25 §2:
    they change on a few moves of a game, and were a tenth of a board)."""
    gap = 24
    steel_w = w * 0.36
    gold_w = w * 0.3
    depot_w = w - steel_w - gold_w - 2 * gap
    corps = {corp.id: repr(corp) for corp in view.corps if corp.id in ("CF&I", "VGC")}
    shown = tuple(names)
    steel = ("steel", corps.get("CF&I"), tuple(sorted((k, tuple(v)) for k, v in _steel(view).items())), view.phase,
             shown, steel_w)
    gold = ("gold", corps.get("VGC"), getattr(view, "gold_shipped", 0), getattr(view, "ruleset", "18xx"),
            getattr(view, "gold_dividend", 0), view.phase, shown, gold_w)
    depot = ("depot", tuple(sorted(_depot(view).items())), getattr(view, "next_train", None),
             tuple(str(t) for t in getattr(view, "pool_trains", None) or []), view.phase, depot_w)
    a = _PANELS.panel(cv, steel, (x0, y), steel_w,
                      lambda c, x, top: _steel_panel(c, view, lang, names, x, top, steel_w))
    b = _PANELS.panel(cv, gold, (x0 + steel_w + gap, y), gold_w,
                      lambda c, x, top: _gold_panel(c, view, lang, names, x, top, gold_w))
    d = _PANELS.panel(cv, depot, (x0 + steel_w + gold_w + 2 * gap, y), depot_w,
                      lambda c, x, top: _depot_panel(c, view, lang, x, top, depot_w))
    return max(a, b, d)

