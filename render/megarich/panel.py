"""巨富豪∞'s player panel: one traveller's day clock (a 24-hour dial with 22:00 marked and the night shaded), funds,
abnormal states, hand, buffs, portal and inspiration blocks with their levels and patents.

Drawn from a :class:`~games.megarich.view.GatherView`: the hand is listed only when the view carries it (the
seat's own view); any other view shows how many cards it holds. A chance card waiting for this seat's choice
shows its options' words, never what they turn out to be (no view has that); a shop shows its offers to the
shopper only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.megarich.view import CUTOFF_HOUR, SLEEP_HOURS, GatherView, PlayerView

from .. import palette as pal
from ..kit import DIRECT, Canvas, wedge_points
from ..palette import RGB
from .common import (
    MARGIN,
    STATE_COLOURS,
    item_colour,
    item_name,
    names_for,
    pawn,
    pips,
    seat_colour,
    tile_fill,
    tile_name,
    w,
)

__all__ = ["PANEL_W", "day_dial", "panel_image", "private"]

PANEL_W = 760
NIGHT: RGB = (44, 52, 92)
DAY: RGB = (92, 84, 52)


def _angle(hour: float) -> float:
    """Degrees clockwise from 3 o'clock of ``hour`` on a 24-hour dial with midnight at the top."""
    return hour * 15 - 90


def day_dial(cv: Canvas, centre: tuple[float, float], radius: float, player: PlayerView) -> None:
    """A 24-hour dial: midnight at the top, the night (22:00 to 06:00) shaded, 22:00 marked red, the day's hours
    spent so far filled and a hand at the player's hour."""
    cx, cy = centre
    cv.circle(centre, radius, fill=pal.PANEL_ALT, outline=pal.LINE, width=1.5)
    night_end = (CUTOFF_HOUR + SLEEP_HOURS) % 24
    cv.polygon(wedge_points(centre, radius * 0.96, _angle(CUTOFF_HOUR), _angle(night_end + 24)), fill=NIGHT)
    start = night_end
    if start < player.hour < 24 and not player.late:
        cv.polygon(wedge_points(centre, radius * 0.96, _angle(start), _angle(player.hour)), fill=DAY)
    for hour in range(24):
        a = math.radians(_angle(hour))
        inner = radius * (0.8 if hour % 6 == 0 else 0.88)
        cv.line([(cx + inner * math.cos(a), cy + inner * math.sin(a)),
                 (cx + radius * 0.96 * math.cos(a), cy + radius * 0.96 * math.sin(a))],
                fill=pal.MUTED, width=1.5 if hour % 6 == 0 else 1)
    for hour in (0, 6, 12, 18):
        a = math.radians(_angle(hour))
        cv.text((cx + radius * 0.64 * math.cos(a), cy + radius * 0.64 * math.sin(a)), str(hour), radius * 0.17,
                fill=pal.MUTED, bold=True, anchor="mm")
    a = math.radians(_angle(CUTOFF_HOUR))
    cv.line([(cx + radius * 0.7 * math.cos(a), cy + radius * 0.7 * math.sin(a)),
             (cx + radius * 1.08 * math.cos(a), cy + radius * 1.08 * math.sin(a))], fill=pal.BAD, width=3)
    cv.text((cx + radius * 1.2 * math.cos(a), cy + radius * 1.2 * math.sin(a)), "22", radius * 0.18,
            fill=pal.BAD, bold=True, anchor="mm")
    a = math.radians(_angle(player.hour))
    hand = pal.BAD if player.late else pal.ACCENT
    cv.line([(cx, cy), (cx + radius * 0.78 * math.cos(a), cy + radius * 0.78 * math.sin(a))], fill=hand, width=3.5)
    cv.circle(centre, radius * 0.07, fill=hand)


def _section(cv: Canvas, x: float, y: float, title: str) -> float:
    cv.text((x, y + 9), title, 14, fill=pal.MUTED, bold=True)
    return y + 24


def _chips(cv: Canvas, x0: float, x1: float, y: float, chips: Sequence[tuple[str, RGB]], size: float = 13) -> float:
    """Labels in rows from ``(x0, y)``, wrapping at ``x1``, each with a colour stripe; returns the bottom."""
    h = size * 2
    x = x0
    for text, colour in chips:
        width = min(cv.measure(text, size) + 26, x1 - x0)
        if x + width > x1 and x > x0:
            x, y = x0, y + h + 6
        cv.box((x, y, x + width, y + h), fill=pal.PANEL_ALT, outline=pal.LINE, radius=6)
        cv.box((x, y, x + 6, y + h), fill=colour, radius=3)
        cv.text((x + 14, y + h / 2), text, size, max_width=width - 20)
        x += width + 6
    return y + h


def goods_name(goods: str, lang: str) -> str:
    """A shop's goods (an item id, ``slot:<kind>`` or ``generic:<stat>``) by name."""
    kind, _, what = goods.partition(":")
    if kind == "slot":
        return w("slot_goods", lang, kind=what)
    if kind == "generic":
        return w("generic_goods", lang, stat=what)
    return item_name(goods, lang)


def goods_colour(goods: str) -> RGB:
    """An item's rarity colour; slots and generic blocks in the accent."""
    return pal.ACCENT if ":" in goods else item_colour(goods)


def _body(cv: Canvas, view: GatherView, seat: int, lang: str, names: Sequence[str]) -> float:
    me = view.players[seat]
    x0, x1 = MARGIN, PANEL_W - MARGIN
    y: float = MARGIN
    own = me.items is not None
    cv.panel((x0, y, x1, y + 64), accent=seat_colour(seat), accent_width=2)
    pawn(cv, (x0 + 30, y + 32), seat, 14, ring=pal.ACCENT if view.acting == seat else None)
    cv.text((x0 + 56, y + 22), names[seat], 20, bold=True, max_width=(x1 - x0) * 0.5)
    cv.text((x0 + 56, y + 46), w("at", lang, tile=tile_name(me.tile, lang)), 13, fill=pal.MUTED,
            max_width=(x1 - x0) * 0.5)
    if own:
        note = w("private_note", lang)
        nw = cv.measure(note, 12, bold=True) + 24
        cv.pill((x1 - 16 - nw, y + 32), note, 12, fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2), text_fill=pal.ACCENT,
                height=26, pad=12)
    y += 76

    # the clock and the funds
    h = 160
    cv.panel((x0, y, x1, y + h))
    day_dial(cv, (x0 + 90, y + h / 2), 62, me)
    tx = x0 + 190
    cv.text((tx, y + 26), w("clock_label", lang), 12.5, fill=pal.MUTED, bold=True)
    cv.text((tx, y + 54), w("clock", lang, day=me.day, hour=me.hour), 24, bold=True,
            fill=pal.BAD if me.late else pal.TEXT)
    cv.text((tx, y + 84), w("late", lang) if me.late else w("cutoff", lang), 12.5,
            fill=pal.BAD if me.late else pal.MUTED, max_width=x1 - tx - 200)
    fx = x1 - 190
    cv.text((fx, y + 26), w("funds", lang), 12.5, fill=pal.MUTED, bold=True)
    cv.text((fx, y + 56), f"${me.funds:,}", 28, bold=True, fill=pal.BAD if me.funds < 0 else pal.ACCENT)
    bits = [w("day", lang, day=min(view.round, view.days), days=view.days)]
    cv.text((tx, y + 112), " · ".join(bits), 12.5, fill=pal.MUTED, max_width=x1 - tx - 20)
    if me.portal is not None:
        cv.text((tx, y + 136), w("portal", lang, tile=tile_name(view.tile_at(me.portal), lang)), 12.5,
                fill=pal.GOOD, max_width=x1 - tx - 20)
    y += h + 14

    # abnormal states
    y = _section(cv, x0, y, w("states", lang))
    if me.states:
        x: float = x0
        for state, count in me.states.items():
            text = f"{w(state, lang)} · {w(state + '_count', lang, n=count)}"
            x += cv.pill((x, y + 12), text, 13, fill=STATE_COLOURS.get(state, pal.MUTED), text_fill=(255, 255, 255),
                         height=24) + 8
    else:
        cv.text((x0, y + 12), w("state_none", lang), 13, fill=pal.MUTED)
    y += 34

    # the hand and the buffs
    y = _section(cv, x0, y, w("hand", lang))
    if me.items is None:
        cv.text((x0, y + 12), w("hand_hidden", lang, n=me.item_count), 13, fill=pal.MUTED)
        y += 30
    elif me.items:
        y = _chips(cv, x0, x1, y, [(item_name(i, lang), item_colour(i)) for i in me.items]) + 12
    else:
        cv.text((x0, y + 12), w("items_none", lang), 13, fill=pal.MUTED)
        y += 30
    if me.buffs:
        y = _section(cv, x0, y, w("buffs", lang))
        y = _chips(cv, x0, x1, y, [(f"{item_name(b, lang)} · {w('moves_left', lang, n=n)}", item_colour(b))
                                   for b, n in me.buffs.items()]) + 12

    # a chance card or a shop waiting for this seat
    if view.chance is not None and view.chance.seat == seat:
        y = _section(cv, x0, y, f"{view.chance.name.get(lang, view.chance.name['en'])} — {w('chance_options', lang)}")
        for i, option in enumerate(view.chance.options.get(lang, view.chance.options["en"]), 1):
            y += cv.paragraph((x0 + 8, y), f"{i}. {option}", 13, x1 - x0 - 16, max_lines=2) + 4
        y += 8
    if view.shop is not None and view.shop.seat == seat:
        title = view.shop.name.get(lang, view.shop.name["en"])
        y = _section(cv, x0, y, f"{title} — {w('shop_offers', lang, n=view.shop.offer_count)}")
        if view.shop.offers is not None:
            bought = view.shop.bought or []
            chips = [(f"{i + 1}. {goods_name(item, lang)} ${price:,}"
                      + (f" {bought.count(i)}/{stock}" if stock > 1 else " ✓" if i in bought else ""),
                      goods_colour(item))
                     for i, (item, price, stock) in enumerate(view.shop.offers)]
            y = _chips(cv, x0, x1, y, chips) + 12

    # the expansion slots and generic blocks bought (public, ruling R81)
    y = _section(cv, x0, y, w("kit", lang))
    kit = [w("slot_goods", lang, kind=k) for k in me.slots]
    kit += [f"{w('generic_goods', lang, stat=stat)} ×{n}" for stat, n in me.generics.items()]
    if kit:
        y = _chips(cv, x0, x1, y, [(text, pal.ACCENT) for text in kit]) + 12
    else:
        cv.text((x0, y + 12), w("kit_none", lang), 13, fill=pal.MUTED)
        y += 30

    # the blocks held
    y = _section(cv, x0, y, w("blocks", lang))
    if not me.blocks:
        cv.text((x0, y + 12), w("blocks_none", lang), 13, fill=pal.MUTED)
        return y + 30 + MARGIN
    col_w = (x1 - x0 - 10) / 2
    for i, (tile, level) in enumerate(sorted(me.blocks.items(), key=lambda kv: (-kv[1], kv[0]))):
        cx = x0 + (i % 2) * (col_w + 10)
        cy = y + (i // 2) * 36
        cv.box((cx, cy, cx + col_w, cy + 30), fill=pal.PANEL, outline=pal.LINE, radius=6)
        cv.box((cx, cy, cx + 8, cy + 30), fill=tile_fill(tile), radius=3)
        right = cx + col_w - 10
        if tile in me.patents:
            pw = cv.pill((right - 60, cy + 15), w("patent", lang), 11, fill=seat_colour(seat),
                         text_fill=(255, 255, 255), height=20, max_width=60)
            right -= pw + 6 + (60 - pw)
        pips_w = pips(cv, (right - 4 * 11 * 1.3 + 3, cy + 15), level, 11, seat_colour(seat))
        cv.text((cx + 16, cy + 15), tile_name(tile, lang), 13, bold=True, max_width=right - pips_w - cx - 24)
    rows = (len(me.blocks) + 1) // 2
    return y + rows * 36 + MARGIN


def panel_image(view: GatherView, seat: int, lang: str, names: Sequence[str] | None = None) -> bytes:
    """``seat``'s panel as PNG bytes, with whatever of it ``view`` carries (the hand only in the seat's own view)."""
    if not 0 <= seat < len(view.players):
        raise ValueError(f"no seat {seat} in this view")
    shown = names_for(names, lang, len(view.players))
    return Canvas.fitted(PANEL_W, lang, lambda cv: _body(cv, view, seat, lang, shown), scale=DIRECT).png()


def private(view: GatherView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The viewer's own panel (hand included), from that seat's own view."""
    if view.viewer is None:
        raise ValueError("private() needs a seat's own view (view.viewer is None)")
    return panel_image(view, view.viewer, lang, names)

