"""The Landlord's Game private panel: one seat's cash, deeds, idle land and what it may do, from its own view."""

from __future__ import annotations

from collections.abc import Sequence

from games.landlords.board import Kind, board, card_label, rules
from games.landlords.view import LandlordsView

from .. import palette as pal
from ..kit import DIRECT, Canvas, seat_label
from ..palette import RGB
from .common import (
    INK,
    INK_MUTED,
    KIND_COLOUR,
    MARGIN,
    PARK,
    _card_colour,
    _house,
    _lock,
    _money,
    _pawn,
    _sign,
    _t,
    _w,
    seat_colour,
)
from .spaces import _round_text

# ------------------------------------------------------------------------------------------------
# Private panel


def private(view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """One seat's own panel: cash, assets, sealed bid and cards, from that seat's own view."""
    if view.viewer is None or not 0 <= view.viewer < len(view.players):
        raise ValueError("private() needs a seat's own view (view.viewer is None)")
    width = 980
    return Canvas.fitted(width, lang, lambda cv: _private_body(cv, view, lang, names, width), scale=DIRECT).png()


def _private_body(cv: Canvas, view: LandlordsView, lang: str, names: Sequence[str] | None, width: float) -> float:
    assert view.viewer is not None
    me = view.players[view.viewer]
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    h = 88
    cv.panel((x0, y, x1, y + h), accent=seat_colour(me.seat), accent_width=2)
    _pawn(cv, (x0 + 36, y + 30), me.seat, 15, jailed=me.in_jail)
    cv.text((x0 + 62, y + 30), seat_label(me.seat, lang, names), 24, bold=True, max_width=(x1 - x0) * 0.5)
    mode = _w("mode_prosperity" if view.mode == "prosperity" else "mode_landlord", lang)
    sub = f"{_round_text(view, lang)} · {mode}"
    if not me.bankrupt:
        sub += " · " + _w("at", lang, space=board().spaces[me.position].label(lang))
    cv.text((x0 + 20, y + 64), sub, 14, fill=pal.MUTED, max_width=(x1 - x0) * 0.62)
    note = _w("private_note", lang)
    nw = cv.measure(note, 13, bold=True) + 24
    cv.pill((x1 - 20 - nw, y + 30), note, 13, fill=pal.mix(pal.PANEL_ALT, pal.ACCENT, 0.2), text_fill=pal.ACCENT,
            height=28, pad=12)
    y += h + 12

    # Cash, property, assets, and progress to the goal.
    cash = me.cash or 0
    assets = me.assets if me.assets is not None else cash + me.public_assets
    bh = 116
    cv.panel((x0, y, x1, y + bh))
    cols = (x1 - x0 - 40) / 3
    for i, (label, value, colour) in enumerate(((_w("cash", lang), cash, pal.ACCENT),
                                                (_w("property", lang), me.public_assets, pal.TEXT),
                                                (_w("assets", lang), assets, pal.TEXT))):
        cx = x0 + 20 + i * cols
        cv.text((cx, y + 24), label.upper() if lang == "en" else label, 12.5, fill=pal.MUTED, bold=True)
        cv.text((cx, y + 54), _money(value), 30, bold=True, fill=colour)
    prosperity = view.mode == "prosperity" and not view.prosperity_achieved
    goal = 2 * view.start_cash if prosperity else view.win_assets
    have = cash if prosperity else assets
    label = (_w("goal_prosperity", lang, amount=_money(goal)) if prosperity
             else _w("goal_landlord", lang, amount=_money(goal)))
    bar_x, bar_w = x0 + 20, x1 - x0 - 40
    cv.box((bar_x, y + 80, bar_x + bar_w, y + 88), fill=pal.PANEL_ALT, radius=4)
    share = max(0.0, min(1.0, have / max(1, goal)))
    if share:
        cv.box((bar_x, y + 80, bar_x + bar_w * share, y + 88), fill=PARK if prosperity else pal.ACCENT, radius=4)
    cv.text((bar_x, y + 102), label, 12, fill=pal.MUTED, max_width=bar_w * 0.8)
    cv.text((bar_x + bar_w, y + 102), f"{_money(have)} / {_money(goal)}", 12, fill=pal.MUTED, bold=True,
            anchor="rm")
    y += bh + 12

    # What concerns me now: my sealed bid, an offer, a debt.
    notes: list[tuple[str, RGB]] = []
    a = view.auction
    if a is not None:
        card = card_label(a.card, lang)
        if a.my_bid is not None and a.my_bid > 0:
            notes.append((_w("your_bid", lang, card=card, amount=_money(a.my_bid)), pal.ACCENT))
        elif a.my_bid == 0:
            notes.append((_w("your_pass", lang, card=card), pal.MUTED))
        elif me.seat in a.waiting:
            notes.append((_w("bid_due", lang, card=card, amount=_money(a.minimum)), pal.ACCENT))
    o = view.offer
    if o is not None and me.seat in (o.frm, o.partner):
        notes.append((_t(f"event.offer_{o.kind}", {"seat": o.frm, "player": o.partner, "card": o.card,
                                                    "other": o.other, "amount": o.amount}, lang, names), pal.TEXT))
    d = view.debt
    if d is not None and d.debtor == me.seat:
        notes.append((_t("event.debt", {"seat": d.debtor, "amount": d.amount, "to": d.to, "reason": d.reason},
                         lang, names), pal.BAD))
    for text, colour in notes:
        lines = cv.wrap(text, 15, x1 - x0 - 40, max_lines=2)
        nh = 16 + cv.line_height(15) * len(lines)
        cv.box((x0, y, x1, y + nh), fill=pal.PANEL_ALT, radius=10)
        cv.box((x0, y, x0 + 6, y + nh), fill=colour, radius=3)
        for i, line in enumerate(lines):
            cv.text((x0 + 20, y + 8 + cv.line_height(15) * (i + 0.5)), line, 15, fill=pal.TEXT, bold=i == 0,
                    source=text)
        y += nh + 10

    # My cards as title deeds.
    y += 6
    cv.text((x0 + 4, y + 10), _w("your_cards", lang), 16, fill=pal.MUTED, bold=True)
    cv.pill((x0 + 12 + cv.measure(_w("your_cards", lang), 16, bold=True), y + 10), str(len(me.cards)), 12,
            fill=pal.PANEL_ALT, text_fill=pal.MUTED, height=20)
    y += 30
    lent = [sv for sv in view.spaces if sv.pledged_to == me.seat]
    cards = list(me.cards)
    if not cards and not lent:
        cv.text((x0 + 4, y + 10), _w("no_cards", lang), 14, fill=pal.MUTED)
        return y + 30 + MARGIN
    cw, ch, gap = 174, 158, 12
    per_row = max(1, int((x1 - x0 + gap) // (cw + gap)))
    deeds = [(c, False) for c in cards] + [(str(sv.index), True) for sv in lent]
    for i, (card, held) in enumerate(deeds):
        row, col = divmod(i, per_row)
        _deed(cv, (x0 + col * (cw + gap), y + row * (ch + gap)), cw, ch, card, held, view, lang, names)
    rows = (len(deeds) + per_row - 1) // per_row
    return y + rows * (ch + gap) - gap + MARGIN


def _deed(cv: Canvas, xy: tuple[float, float], w: float, h: float, card: str, held: bool, view: LandlordsView,
          lang: str, names: Sequence[str] | None) -> None:
    """A title deed: the card's colour band with its name, then its figures and marks."""
    from ..cards import card_frame

    colour = _card_colour(card)
    x, y = xy
    sv = view.spaces[int(card)] if card.isdigit() else None
    frame = card_frame(cv, (x, y, x + w, y + h), colour, card_label(card, lang), tag=card, title_size=14,
                       max_title_lines=2, highlight=pal.MUTED if held else None)
    ty = frame.y0 + 6
    lines: list[tuple[str, RGB]] = []
    if sv is None:
        sale = board().idle[card].sale
        lines.append((_w("sale_value", lang, amount=_money(sale)), INK))
        lines.append((_w("book", lang, amount=_money(rules().idle_price)), INK_MUTED))
    else:
        space = board().spaces[sv.index]
        r = rules()
        if space.kind == Kind.LOT:
            extra = r.improvement_rent if sv.improved else 0
            lines.append((_w("rent", lang, amount=_money(space.rent + extra)), INK))
        elif space.kind in (Kind.UTILITY, Kind.RAILROAD):
            utility = space.kind == Kind.UTILITY
            fare = r.utility_fare if utility else r.railroad_fare
            most = r.utility_monopoly_fare if utility else r.railroad_monopoly_fare
            if view.mode == "prosperity":  # no monopolies (§11.7, R18)
                lines.append((_w("fare", lang, amount=_money(fare)), INK))
            else:
                lines.append((_w("fares", lang, fare=_money(fare), all=_money(most)), INK))
        value = space.price + (rules().improvement_cost if sv.improved else 0)
        lines.append((_w("book", lang, amount=_money(value)), INK_MUTED))
        if sv.improved:
            lines.append((_w("improved", lang), INK_MUTED))
        if sv.sign:
            lines.append((_w("signed", lang), (180, 30, 30)))
        if held:
            owner = seat_label(sv.owner, lang, names) if sv.owner is not None else ""
            lines.append((_w("lender", lang) + (f" ({owner})" if owner else ""), INK_MUTED))
        elif sv.pledged_to is not None:
            lines.append((_w("pledged", lang, seat=seat_label(sv.pledged_to, lang, names)), (150, 70, 30)))
    marked = sv is not None and (sv.improved or sv.sign or sv.pledged_to is not None)
    bottom = frame.y1 - (16 if marked else 0)
    for text, ink in lines:
        for line in cv.wrap(text, 12, frame.x1 - frame.x0, bold=ink == INK, max_lines=2):
            if ty + 14 > bottom:
                break
            cv.text((frame.x0, ty + 8), line, 12, fill=ink, bold=ink == INK, source=text)
            ty += 16
    mx = frame.x1 - 8
    if sv is not None:
        if sv.pledged_to is not None:
            _lock(cv, (mx, frame.y1 - 6), 12, seat_colour(sv.pledged_to))
            mx -= 18
        if sv.sign:
            _sign(cv, (mx, frame.y1 - 6), 14)
            mx -= 18
        if sv.improved:
            _house(cv, (mx, frame.y1 - 6), 14, fill=KIND_COLOUR["lot"])
