"""Three Kingdoms' public board: header, map, rondel and ladder, the four talent markets and every player's
public panel."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.three_kingdoms.content import (
    content,
)
from games.three_kingdoms.game import META
from games.three_kingdoms.text import card_name
from games.three_kingdoms.view import SeatView, TKView

from .. import palette as pal
from ..cards import CARD_BODY
from ..kit import DIRECT, Canvas, Flow, board_palette
from ..palette import RGB
from ..static_layer import Sprites
from .common import (
    GAP,
    GOLD,
    HEADER_H,
    INK,
    INK_MUTED,
    INNER,
    MAP_W,
    MARGIN,
    RESOURCE_COLOURS,
    SIDE_W,
    SIDE_X,
    WIDTH,
    _crown,
    _deck_colour,
    _effects,
    _lord_name,
    _marker,
    _moves,
    _names,
    _region_colour,
    _resource,
    _tier,
    _w,
    _zh,
    last_text,
    prompt_text,
    seat_colour,
)
from .map import _map, _MapFrame
from .rondel import _ladder, _rondel_block

# ------------------------------------------------------------------------------------------------
# Markets


#: Market cards drawn once and pasted (issue 13 §3): each is about 150 KB at output size.
_MARKET_CARDS = Sprites(16)


def _market_card(cv: Canvas, card: str, x: float, y: float, w: float, h: float, lang: str) -> None:
    talent = content().talents[card]
    colour = _deck_colour(card)
    cv.box((x + 2, y + 3, x + w + 2, y + h + 3), fill=pal.darken(pal.BACKGROUND, 0.45), radius=9)
    cv.box((x, y, x + w, y + h), fill=CARD_BODY, outline=pal.darken(colour, 0.25), radius=9, width=1.5)
    cv.box((x, y, x + 8, y + h), fill=colour, radius=4)
    right = x + w - 8
    cv.vp((right - 26, y + 6), 26, talent.points)
    cost = _w("cost", lang, n=talent.cost)
    cw = cv.measure(cost, 13, True) + 16
    cv.pill((right - 32 - cw, y + 19), cost, 13, fill=RESOURCE_COLOURS["gold"], text_fill=pal.TEXT_DARK, height=22,
            pad=8)
    cv.text((x + 16, y + 19), talent.name(lang), 16, fill=INK, bold=True, max_width=right - 40 - cw - x - 16)
    cv.text((x + 16, y + 42), _moves(talent, lang), 13.5, fill=pal.darken(colour, 0.2), bold=True, max_width=w - 24)
    effects = _effects(talent, lang) or _w("no_effect", lang)
    ink = INK if talent.effects else INK_MUTED
    cv.paragraph((x + 16, y + 52), effects, 12.5, w - 24, fill=ink, max_lines=2, line_height=16)


def _market_card_at(card: str, w: float, h: float, lang: str) -> Callable[[Canvas, float, float], None]:
    return lambda cv, x, y: _market_card(cv, card, x, y, w, h, lang)


def _markets(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str) -> float:
    c = content()
    regions = [r for r in c.regions if r in view.markets] or list(view.markets)
    gap = 14
    cw = (w - gap * (len(regions) - 1)) / max(1, len(regions))
    card_h, card_gap = 96.0, 8.0
    most = max((len(view.markets.get(r, [])) for r in regions), default=0)
    height = 34 + most * (card_h + card_gap)
    if cv.dry:
        return height - card_gap
    for i, rid in enumerate(regions):
        cx = x + i * (cw + gap)
        colour = _region_colour(rid)
        region = c.regions[rid].name(lang) if rid in c.regions else rid
        cv.box((cx, y, cx + cw, y + 26), fill=pal.darken(colour, 0.15), radius=8)
        cv.text((cx + 10, y + 13), region, 15, fill=INK, bold=True)
        cv.text((cx + cw - 10, y + 13), _w("deck", lang, n=view.deck_sizes.get(rid, 0)), 13, fill=INK, anchor="rm")
        for k, card in enumerate(view.markets.get(rid, [])):
            top = y + 34 + k * (card_h + card_gap)
            _MARKET_CARDS.paste(cv, (card, cw, card_h), (cx, top, cx + cw + 2, top + card_h + 3),
                                _market_card_at(card, cw, card_h, lang))
    return height - card_gap


# ------------------------------------------------------------------------------------------------
# Players


def _tier_pills(cv: Canvas, view: TKView, s: SeatView, x: float, y: float, w: float, lang: str) -> float:
    """Each tier: claimed (gold) or the seat's value toward its threshold. Returns the width used."""
    px = x
    for tv in view.ladder:
        claimed = tv.tier in s.claims
        name = _tier(tv.tier, lang)
        if claimed:
            text, fill, ink = f"{name} ✓", GOLD, pal.TEXT_DARK
        elif tv.tier in s.toward:
            text, fill, ink = f"{name} {s.toward[tv.tier]}/{tv.threshold}", pal.PANEL_ALT, pal.TEXT
        else:
            text, fill, ink = f"{name} –/{tv.threshold}", pal.PANEL_ALT, pal.MUTED
        if px + cv.measure(text, 12.5, True) + 18 > x + w:
            break
        px += cv.pill((px, y), text, 12.5, fill=fill, text_fill=ink, height=22, pad=8) + 6
    return px - x


def _player_panel(cv: Canvas, view: TKView, s: SeatView, x: float, y: float, w: float, h: float | None,
                  lang: str, names: Sequence[str]) -> float:
    """One player's public board. Returns the height it needs."""
    c = content()
    ask = view.ask
    asked = ask is not None and ask.seat == s.seat and not view.over
    current = s.seat == view.current and not view.over
    if h is not None:
        cv.panel((x, y, x + w, y + h), fill=pal.PANEL_HI if asked else pal.PANEL,
                 accent=pal.ACCENT if asked else None, accent_width=2.5)
        cv.box((x, y + 12, x + 6, y + h - 12), fill=seat_colour(s.seat), radius=3)
    pad = 14
    ix, iw = x + pad + 4, w - 2 * pad - 4
    cy = y + pad + 12
    _marker(cv, (ix + 12, cy), s.seat, 12)
    tags: list[tuple[str, RGB, RGB]] = []
    if s.seat == view.viewer:
        tags.append((_w("you", lang), pal.PANEL_ALT, pal.TEXT))
    if current:
        tags.append(("▶", pal.ACCENT, pal.TEXT_DARK))
    tag_w = sum(cv.measure(t, 12, True) + 20 for t, _f, _i in tags)
    name_w = cv.text((ix + 30, cy), names[s.seat], 18, bold=True, max_width=iw - 30 - tag_w)
    tx = ix + 30 + name_w + 8
    for text, fill, ink in tags:
        tx += cv.pill((tx, cy), text, 12, fill=fill, text_fill=ink, height=22, pad=8) + 4
    cy += 26
    lord = _lord_name(s, lang)
    sub = lord + (_w("sep", lang) + _w("start", lang, zhou=c.zhou[s.start].name(lang)) if s.start in c.zhou else "")
    cv.text((ix, cy), sub if lord else _w("no_lord", lang), 14, fill=pal.MUTED, bold=bool(lord),
            max_width=iw)
    cy += 28
    rx = ix
    for key in ("gold", "wood", "troops"):
        rx += _resource(cv, (rx, cy), key, getattr(s, key), 19) + 14
    hand = _w("hand", lang, n=s.hand_size)
    cv.card_icon((ix + iw - cv.measure(hand, 14) - 22, cy - 9), 18, pal.MUTED)
    cv.text((ix + iw, cy), hand, 14, fill=pal.TEXT, anchor="rm")
    cy += 20
    # the four counts: score track, talent track, buildings, markers
    cells = ((_w("points", lang), str(s.points)), (_w("talent", lang), str(s.talent)),
             (_w("buildings", lang), f"{s.buildings}/12"),
             (_w("markers", lang), f"{s.markers_on_map}/{s.markers_on_map + s.markers_left}"))
    cell_w = iw / len(cells)
    for i, (label, value) in enumerate(cells):
        bx = ix + i * cell_w
        if h is not None:
            cv.box((bx, cy, bx + cell_w - 6, cy + 46), fill=pal.PANEL_ALT, radius=8)
        cv.text((bx + (cell_w - 6) / 2, cy + 17), value, 19, bold=True, anchor="mm")
        cv.text((bx + (cell_w - 6) / 2, cy + 36), label, 11.5, fill=pal.MUTED, anchor="mm", max_width=cell_w - 10)
    cy += 56
    if view.ladder:
        _tier_pills(cv, view, s, ix, cy + 11, iw, lang)
        cy += 28
    tokens: list[tuple[str, RGB, RGB]] = []
    if s.crown:
        tokens.append((_w("usurper" if s.usurper else "crown", lang), GOLD, pal.TEXT_DARK))
    if s.seals:
        tokens.append((_w("seal_count", lang, n=s.seals), (196, 40, 44), pal.TEXT))
    if s.yifu:
        tokens.append((_w("yifu", lang), (120, 90, 60), pal.TEXT))
    if tokens:
        tx = ix
        for text, fill, ink in tokens:
            if tx + cv.measure(text, 12.5, True) + 18 > ix + iw:
                break
            if text == _w("crown", lang) or text == _w("usurper", lang):
                _crown(cv, (tx + 9, cy + 11), 18)
                tx += 22
            tx += cv.pill((tx, cy + 11), text, 12.5, fill=fill, text_fill=ink, height=22, pad=8) + 6
        cy += 28
    cv.text((ix, cy + 9), _w("in_front", lang) + f" ({len(s.front)})", 12.5, fill=pal.MUTED, bold=True)
    cy += 20
    if s.front:
        flow = Flow(round(ix), round(cy), round(iw), gap_x=5, gap_y=5)
        for card in s.front:
            _chip(cv, flow, card, lang, pal.PANEL_HI if asked else pal.PANEL)
        cy = flow.bottom + 4
    else:
        cv.text((ix, cy + 9), "—", 13, fill=pal.MUTED)
        cy += 20
    if asked and ask is not None:
        text = prompt_text(ask, lang, names)
        lines = cv.wrap(text, 14, iw - 20, bold=True, max_lines=3)
        bh = 12 + 18 * len(lines)
        cy += 4
        cv.box((ix - 4, cy, ix + iw, cy + bh), fill=pal.mix(pal.PANEL_HI, pal.ACCENT, 0.25), radius=8)
        for i, line in enumerate(lines):
            cv.text((ix + 6, cy + 6 + 18 * i + 9), line, 14, fill=pal.ACCENT, bold=True, source=text)
        cy += bh
    return cy - y + pad


def _chip(cv: Canvas, flow: Flow, card: str, lang: str, back: RGB, size: float = 13) -> None:
    """A talent in front: its name and points on its deck's colour (on a panel of colour ``back``)."""
    name = card_name(card, lang)
    talent = content().talents.get(card)
    points = f" {talent.points:+d}" if talent and talent.points else ""
    pad = 7
    text_w = min(cv.measure(name + points, size), flow.width - 2 * pad)
    w, h = text_w + 2 * pad, 23
    px, py = flow.place(round(w), h)
    colour = _deck_colour(card)

    def face(c: Canvas, x: float, y: float) -> None:
        c.box((x, y, x + w, y + h), fill=colour, outline=pal.lighten(colour, 0.25), radius=6)
        c.text((x + pad, y + h / 2), name + points, size, fill=(255, 255, 255), max_width=text_w + 1)

    _CHIPS.paste(cv, (name + points, colour, w, size), (px, py, px + w, py + h), face, background=back)


#: Talent chips drawn once and pasted (issue 13 §3): each is about 12 KB at output size.
_CHIPS = Sprites(160)


def _players(cv: Canvas, view: TKView, x: float, y: float, w: float, lang: str, names: Sequence[str]) -> float:
    n = max(1, len(view.seats))
    gap = 12
    pw = (w - gap * (n - 1)) / n
    dry = cv.measuring(pw)
    h = max(_player_panel(dry, view, s, 0, 0, pw, None, lang, names) for s in view.seats) if view.seats else 0
    if cv.dry:
        return h
    for i, s in enumerate(view.seats):
        _player_panel(cv, view, s, x + i * (pw + gap), y, pw, h, lang, names)
    return h


# ------------------------------------------------------------------------------------------------
# The board


def _header(cv: Canvas, view: TKView, y: float, lang: str, names: Sequence[str]) -> None:
    if cv.dry:
        return
    x0, x1 = MARGIN, WIDTH - MARGIN
    title = META.name(lang) + ("" if _zh(lang) else " · 逐鹿")
    tw = cv.text((x0, y + 18), title, 28, bold=True)
    status = [_w("round", lang, round=view.round)]
    if view.over:
        status.append(_w("game_over", lang))
    elif view.ending:
        status.append(_w("last_round", lang))
    cv.text((x0 + tw + 18, y + 20), _w("sep", lang).join(status), 17, fill=pal.ACCENT if view.ending else pal.MUTED,
            bold=True)
    ask = view.ask
    if ask is not None and not view.over:
        seat = ask.seat
        who = names[seat]
        lord = _lord_name(view.seats[seat], lang) if 0 <= seat < len(view.seats) else ""
        head = _w("turn" if seat == view.current else "waiting", lang, name=who + (f" ({lord})" if lord else ""))
        prompt = prompt_text(ask, lang, names)
        pw = min(cv.measure(prompt, 15, True), (x1 - x0) * 0.34)
        hw = min(cv.measure(head, 16, True) + 30, (x1 - x0) * 0.3)
        cv.text((x1, y + 18), prompt, 15, fill=pal.ACCENT, bold=True, anchor="rm", max_width=pw + 1)
        cv.pill((x1 - pw - 14 - hw, y + 18), head, 16, fill=seat_colour(seat), text_fill=(255, 255, 255), height=32,
                max_width=hw)


def map_centres() -> dict[str, tuple[float, float]]:
    """Where each 州's box is centred on the board image (output pixels)."""
    frame = _MapFrame(content(), MARGIN, MARGIN + HEADER_H, MAP_W)
    return {zid: frame.centre(z.pos) for zid, z in content().zhou.items()}


def _board(cv: Canvas, view: TKView, lang: str, names: Sequence[str]) -> float:
    y: float = MARGIN
    _header(cv, view, y, lang, names)
    y += HEADER_H
    map_h = _map(cv, view, MARGIN, y, MAP_W, lang)
    sy = y
    sy += _rondel_block(cv, view, SIDE_X, sy, SIDE_W, lang) + 12
    sy += _ladder(cv, view, SIDE_X, sy, SIDE_W, lang)
    y = max(y + map_h, sy) + GAP
    if view.markets:
        y += _markets(cv, view, MARGIN, y, INNER, lang) + GAP
    if view.seats:
        y += _players(cv, view, MARGIN, y, INNER, lang, names) + GAP
    offers: list[str] = []
    c = content()
    if view.offered and view.ask is not None and view.ask.kind in {"lord", "draft"}:
        offers.append(_w("offered", lang) + _w("colon", lang) + _w("comma", lang).join(
            c.lords[lord].name(lang) for lord in view.offered if lord in c.lords))
        if view.offered_talents:
            offers.append(_w("offered_talents", lang) + _w("colon", lang) + _w("comma", lang).join(
                card_name(t, lang) for t in view.offered_talents))
    parts = [_w("round", lang, round=view.round)]
    if view.turn_card and not view.over:
        parts.append(_w("turn_card", lang, card=card_name(view.turn_card, lang)))
    last = last_text(view, lang, names)
    last = _w("sep", lang).join([*parts, last]) if last else ""
    for line in [*offers, last]:
        if line:
            y += cv.paragraph((MARGIN + 4, y), line, 16, INNER - 8, fill=pal.TEXT, max_lines=2) + 4
    return y + MARGIN - 4


def draw_board(view: TKView, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """The board as a canvas (tests read its pixels; :func:`map_centres` places the 州 on it)."""
    shown = _names(names, lang)
    return Canvas.fitted(WIDTH, lang, lambda cv: _board(cv, view, lang, shown), scale=DIRECT)


def board_image(view: TKView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table: map, rondel, ladder, markets, every player's public board, the last move."""
    return draw_board(view, lang, names).png(board_palette("three-kingdoms"))
