"""The Landlord's Game public board: the square of spaces, the centre (turn, funds, what is going on) and
the player column."""

from __future__ import annotations

from collections.abc import Sequence

from games.landlords import GAME
from games.landlords.board import Kind, board, card_label, rules
from games.landlords.game import META
from games.landlords.view import LandlordsView, PlayerView

from .. import palette as pal
from ..kit import DIRECT, Canvas, Flow, board_palette, seat_label
from ..palette import RGB
from .common import (
    BOARD,
    CENTRE,
    CORNER,
    FRAME,
    GAP,
    GOLD,
    IDLE,
    INK,
    INK_MUTED,
    KIND_COLOUR,
    MARGIN,
    PARK,
    SIDE,
    TRICOLOUR,
    WIDTH,
    _card_colour,
    _die,
    _house,
    _lock,
    _money,
    _names,
    _owner_disc,
    _pawn,
    _public_disc,
    _sign,
    _signed,
    _star,
    _t,
    _w,
    seat_colour,
)
from .spaces import _highlight, _round_text, _tile


def _board_square(cv: Canvas, view: LandlordsView, x: float, y: float, lang: str,
                  names: Sequence[str] | None) -> None:
    cv.box((x - 8, y - 8, x + BOARD + 8, y + BOARD + 8), fill=FRAME, radius=14)
    cv.box((x, y, x + BOARD, y + BOARD), fill=CENTRE, radius=0)
    for sv in view.spaces:
        _tile(cv, view, sv, x, y, lang)
    if view.auction is not None and view.auction.card.isdigit():
        _highlight(cv, int(view.auction.card), x, y, pal.ACCENT)
    if view.offer is not None:
        for card in (view.offer.card, view.offer.other):
            if card.isdigit():
                _highlight(cv, int(card), x, y, pal.ACCENT)
    if view.ended is None and 0 <= view.current < len(view.players):
        _highlight(cv, view.players[view.current].position, x, y, seat_colour(view.current), 4)
    _centre(cv, view, (x + CORNER, y + CORNER, x + BOARD - CORNER, y + BOARD - CORNER), lang, names)


# ---- the centre: title, turn, funds, what is going on --------------------------------------------


def _label_value(cv: Canvas, x: float, y: float, label: str, value: str, *, size: float = 20,
                 colour: RGB = INK) -> float:
    cv.text((x, y), label, 12, fill=INK_MUTED, bold=True)
    cv.text((x, y + 22), value, size, fill=colour, bold=True)
    return max(cv.measure(label, 12, bold=True), cv.measure(value, size, bold=True))


def _centre(cv: Canvas, view: LandlordsView, rect: tuple[float, float, float, float], lang: str,
            names: Sequence[str] | None) -> None:
    x0, y0, x1, y1 = rect
    pad = 26
    ix0, ix1 = x0 + pad, x1 - pad
    y = y0 + pad
    prosperity = view.mode == "prosperity"

    # Title, rules in force, round, dice.
    title = META.names.get(lang) or META.names["en"]
    cv.text((ix0, y + 16), title, 27, fill=INK, bold=True, max_width=ix1 - ix0 - 120)
    mode = _w("mode_prosperity" if prosperity else "mode_landlord", lang)
    cv.pill((ix0, y + 50), mode, 13, fill=PARK if prosperity else KIND_COLOUR["railroad"], height=26, pad=11)
    mw = cv.measure(mode, 13, bold=True) + 22
    cv.text((ix0 + mw + 12, y + 50), _round_text(view, lang), 14, fill=INK_MUTED, bold=True)
    if len(view.dice) == 2:
        for i, value in enumerate(view.dice):
            _die(cv, (ix1 - 92 + i * 48, y + 4), 40, value)
    y += 78

    # Whose turn, and the step.
    cv.line([(ix0, y), (ix1, y)], fill=pal.mix(FRAME, CENTRE, 0.6))
    y += 12
    if view.ended is not None:
        cv.pill((ix0, y + 20), _w("game_over", lang), 16, fill=INK, height=34, pad=14)
        cv.text((ix0 + cv.measure(_w("game_over", lang), 16, bold=True) + 44, y + 20),
                _t(f"outcome.{view.ended}", {"round": view.round}, lang, names), 14, fill=INK,
                max_width=ix1 - ix0 - 200)
        y += 44
    else:
        cv.text((ix0, y + 20), _w("on_turn", lang) + _w("colon", lang), 15, fill=INK_MUTED, bold=True)
        nx = ix0 + cv.measure(_w("on_turn", lang) + _w("colon", lang), 15, bold=True) + 8
        _pawn(cv, (nx + 12, y + 20), view.current, 12)
        nx += 30
        who = seat_label(view.current, lang, names)
        nx += cv.text((nx, y + 20), who, 19, fill=INK, bold=True, max_width=260) + 12
        step = GAME.text(f"summary.step_{view.step}", {}, lang)
        cv.pill((nx, y + 20), step, 13, fill=(255, 255, 255), text_fill=INK, height=26, pad=11,
                outline=pal.mix(FRAME, CENTRE, 0.5), max_width=ix1 - nx)
        y += 44
        if view.deals_open:
            cv.text((ix0, y + 2), _w("deals_open", lang), 12.5, fill=INK_MUTED, max_width=ix1 - ix0)
            y += 16
    y += 10
    cv.line([(ix0, y), (ix1, y)], fill=pal.mix(FRAME, CENTRE, 0.6))
    y += 8

    # Funds and supplies.
    y += 8
    cols = (ix1 - ix0) / 3
    _label_value(cv, ix0, y, _w("treasury", lang).upper() if lang == "en" else _w("treasury", lang),
                 _money(view.general_fund))
    fx = ix0 + cols
    _label_value(cv, fx, y, _w("fund", lang).upper() if lang == "en" else _w("fund", lang),
                 _money(view.prosperity_fund), colour=PARK if prosperity else INK_MUTED)
    public = [sv for sv in view.spaces if board().spaces[sv.index].kind == Kind.UTILITY]
    all_public = all(sv.public for sv in public)
    if prosperity:
        bar_w = cols - 24
        cv.box((fx, y + 42, fx + bar_w, y + 50), fill=(255, 255, 255), outline=pal.mix(FRAME, CENTRE, 0.5),
               radius=4)
        share = 1.0 if all_public else min(1.0, view.prosperity_fund / max(1, rules().prosperity_buyout))
        if share > 0:
            cv.box((fx, y + 42, fx + bar_w * share, y + 50), fill=PARK, radius=4)
        cv.text((fx, y + 62), _w("fund_done" if all_public else "fund_next", lang), 11, fill=INK_MUTED,
                max_width=bar_w)
    ux = ix0 + 2 * cols
    cv.text((ux, y), _w("public_utilities", lang).upper() if lang == "en" else _w("public_utilities", lang),
            12, fill=INK_MUTED, bold=True, max_width=cols)
    pitch = min(68.0, (cols - 4) / 3)
    for i, sv in enumerate(sorted(public, key=lambda s: board().utilities.index(s.index))):
        cx = ux + pitch / 2 + i * pitch
        fill = KIND_COLOUR["utility"] if sv.public else (255, 255, 255)
        cv.box((cx - 13, y + 12, cx + 13, y + 38), fill=fill, outline=pal.darken(KIND_COLOUR["utility"], 0.2),
               radius=5, width=1.5)
        if sv.public:
            _public_disc(cv, (cx, y + 25), 8)
        elif sv.owner is not None:
            _owner_disc(cv, (cx, y + 25), sv.owner, 8)
        cv.text((cx, y + 49), _w(f"utility_{i + 1}", lang), 10, fill=INK_MUTED, anchor="mm",
                max_width=pitch - 4)
    y += 80

    # Signs in the box and the idle-land pile.
    total = rules().signs
    cv.text((ix0, y), _w("signs", lang), 12, fill=INK_MUTED, bold=True)
    for i in range(total):
        centre = (ix0 + 11 + i * 26, y + 24)
        if i < view.signs_left:
            _sign(cv, centre, 20)
        else:
            cv.circle(centre, 10, outline=pal.mix(INK_MUTED, CENTRE, 0.4), width=1.2)
    cv.text((ix0 + total * 26 + 6, y + 24), _w("signs_left", lang, n=view.signs_left, total=total), 12,
            fill=INK_MUTED)
    ox = ix0 + (ix1 - ix0) / 2 + 10
    cv.text((ox, y), _w("office_pile", lang), 12, fill=INK_MUTED, bold=True)
    if view.idle_next:
        for k in range(3):
            cv.box((ox + k * 3, y + 14 - k * 2, ox + 20 + k * 3, y + 38 - k * 2), fill=IDLE,
                   outline=pal.darken(IDLE, 0.35), radius=3)
        nx = ox + 34
        name = card_label(view.idle_next, lang)
        nx += cv.text((nx, y + 24), name, 15, fill=INK, bold=True, max_width=ix1 - nx - 60) + 8
        cv.text((nx, y + 25), _w("pile_count", lang, n=view.idle_left), 12, fill=INK_MUTED)
    else:
        cv.text((ox, y + 24), _w("pile_empty", lang), 13, fill=INK_MUTED)
    y += 50

    # What is going on now.
    y += 6
    boxes = _happening(view, lang, names)
    for title, lines, accent in boxes:
        if y > y1 - 200:
            break
        y += _info_box(cv, ix0 - 6, y, ix1 - ix0 + 12, title, lines, accent, lang, names) + 10

    # Legend, then who is awaited and the goal.
    gy = y1 - pad - 48
    legend_h = _legend(cv.measuring(ix1 - ix0), 0, 0, ix1 - ix0, lang, light=True)
    _legend(cv, ix0, gy - legend_h - 14, ix1 - ix0, lang, light=True)
    if view.ended is None:
        cv.text((ix0, gy + 10), _w("waiting", lang) + _w("colon", lang), 14, fill=INK_MUTED, bold=True)
        wx = ix0 + cv.measure(_w("waiting", lang) + _w("colon", lang), 14, bold=True) + 8
        for seat in view.to_act:
            label = seat_label(seat, lang, names)
            room = ix1 - wx
            if room < 60:
                cv.text((wx, gy + 10), "…", 14, fill=INK_MUTED)
                break
            wx += cv.pill((wx, gy + 10), label, 13, fill=seat_colour(seat), text_fill=(255, 255, 255), height=26,
                          pad=11, max_width=min(220, room)) + 6
    if prosperity and view.prosperity_achieved:
        goal = _w("achieved", lang)
    elif prosperity and view.edition >= 2:  # no individual win under Prosperity (§11.7, R27)
        goal = _w("goal_prosperity", lang, amount=_money(2 * view.start_cash))
    elif prosperity:
        goal = _w("goal_prosperity", lang, amount=_money(2 * view.start_cash)) + " · " + \
            _w("goal_landlord", lang, amount=_money(view.win_assets))
    else:
        goal = _w("goal_landlord", lang, amount=_money(view.win_assets))
    cv.text((ix0, gy + 40), goal, 12.5, fill=INK_MUTED, max_width=ix1 - ix0)


def _happening(view: LandlordsView, lang: str, names: Sequence[str] | None) -> list[tuple[str, list[str], RGB]]:
    """Boxes for the auction, offer, debt, vote or declaration in progress, then the last auction."""
    out: list[tuple[str, list[str], RGB]] = []
    label = _names(names, lang)
    if view.offer is not None:
        o = view.offer
        text = _t(f"event.offer_{o.kind}", {"seat": o.frm, "player": o.partner, "card": o.card,
                                             "other": o.other, "amount": o.amount}, lang, names)
        out.append((_w("offer", lang), [text], pal.ACCENT))
    if view.vote is not None:
        v = view.vote
        needed = min(3, sum(1 for p in view.players if not p.bankrupt))
        lines: list[str] = [_w("vote_called", lang, seat=label[v.proposer], needed=needed)]
        if v.yes:
            lines.append(_w("vote_yes", lang) + _w("colon", lang) + _w("comma", lang).join(label[s] for s in v.yes))
        if v.no:
            lines.append(_w("vote_no", lang) + _w("colon", lang) + _w("comma", lang).join(label[s] for s in v.no))
        out.append((_w("vote", lang), lines, PARK))
    if view.auction is not None:
        a = view.auction
        card = card_label(a.card, lang)
        head = _w("auction", lang) + _w("colon", lang) + card
        lines = []
        if a.seller is not None:
            lines.append(_w("auction_seller", lang, seat=label[a.seller]) + " · " +
                         _w("auction_minimum", lang, amount=_money(a.minimum)))
        else:
            first = _w("auction_first", lang, seat=label[a.first_bidder], amount=_money(a.first_bid)) \
                if a.first_bidder is not None else _w("auction_minimum", lang, amount=_money(a.minimum))
            lines.append(_w("auction_office", lang) + " · " + first)
        if a.answered:
            lines.append(_w("answered", lang) + _w("colon", lang) +
                         _w("comma", lang).join(label[s] for s in a.answered))
        lines.append(_w("bids_hidden", lang))
        out.append((head, lines, pal.ACCENT))
    if view.declaration is not None:
        d = view.declaration
        text = _t("event.declared", {"seat": d.declarer, "amount": d.declared, "tax": d.tax}, lang, names)
        lines = [text]
        if d.waiting:
            lines.append(_w("comma", lang).join(label[s] for s in d.waiting) + " · " + _w("may_challenge", lang))
        out.append((_w("declaration", lang), lines, KIND_COLOUR["personal_tax"]))
    if view.debt is not None:
        debt = view.debt
        text = _t("event.debt", {"seat": debt.debtor, "amount": debt.amount, "to": debt.to, "reason": debt.reason},
                  lang, names)
        lines = [text]
        if debt.plea:
            lines.append(label[debt.debtor] + " " + _w("plea", lang))
        out.append((_w("debt", lang), lines, pal.BAD))
    if view.last_auction is not None and view.last_auction.bids and view.auction is None:
        la = view.last_auction
        parts = [f"{label[b.seat]} {_money(b.amount) if b.amount is not None else _w('passed', lang)}"
                 for b in la.bids]
        out.append((_w("last_auction", lang) + _w("colon", lang) + card_label(la.card, lang),
                    [" · ".join(parts)], INK_MUTED))
    return out


def _info_box(cv: Canvas, x: float, y: float, w: float, title: str, lines: list[str], accent: RGB,
              lang: str, names: Sequence[str] | None) -> float:
    """A white box with a coloured edge: a title and wrapped lines. Returns its height."""
    size = 13.5
    step = cv.line_height(size)
    wrapped = [cv.wrap(text, size, w - 34, max_lines=3) for text in lines]
    h = 12 + cv.line_height(15) + sum(step * len(ws) for ws in wrapped) + 10
    cv.box((x, y, x + w, y + h), fill=(255, 255, 255), outline=pal.mix(accent, (255, 255, 255), 0.2), radius=10,
           width=1.5)
    cv.box((x, y, x + 7, y + h), fill=accent, radius=3)
    ty = y + 10
    cv.text((x + 20, ty + cv.line_height(15) / 2), title, 15, fill=INK, bold=True, max_width=w - 34)
    ty += cv.line_height(15)
    for text, ws in zip(lines, wrapped, strict=True):
        for line in ws:
            cv.text((x + 20, ty + step / 2), line, size, fill=INK, source=text)
            ty += step
    return h


# ---- the player column ------------------------------------------------------------------------


def _card_chip(cv: Canvas, flow: Flow, card: str, view: LandlordsView, lang: str, size: float = 12.5) -> None:
    """A card as a chip in its colour, with its marks (improved, sign, pledged)."""
    name = card_label(card, lang)
    marks: list[str] = []
    sv = view.spaces[int(card)] if card.isdigit() else None
    if sv is not None:
        if sv.improved:
            marks.append("house")
        if sv.sign:
            marks.append("sign")
        if sv.pledged_to is not None:
            marks.append("lock")
    pad = 8
    icon = 13
    text_w = min(cv.measure(name, size), flow.width - 2 * pad - len(marks) * (icon + 3))
    w = pad + text_w + len(marks) * (icon + 3) + pad
    h = 24
    x, y = flow.place(round(w), h)
    colour = _card_colour(card)
    cv.box((x, y, x + w, y + h), fill=colour, outline=pal.darken(colour, 0.25), radius=6)
    ink = INK if pal.luminance(colour) > 0.55 else (255, 255, 255)
    cv.text((x + pad, y + h / 2), name, size, fill=ink, max_width=text_w + 1)
    mx = x + pad + text_w + 3 + icon / 2
    for mark in marks:
        if mark == "house":
            _house(cv, (mx, y + h / 2), icon - 1)
        elif mark == "sign":
            _sign(cv, (mx, y + h / 2), icon)
        elif sv is not None and sv.pledged_to is not None:
            _lock(cv, (mx, y + h / 2 + 1), icon - 2, seat_colour(sv.pledged_to))
        mx += icon + 3


def _player_panel(cv: Canvas, x: float, y: float, w: float, height: float | None, view: LandlordsView,
                  p: PlayerView, lang: str, names: Sequence[str] | None) -> float:
    """One player's public assets (and cash, if the view carries it). Returns the height used."""
    acting = p.seat in view.to_act and view.ended is None
    if height is not None:
        cv.panel((x, y, x + w, y + height), fill=pal.PANEL_HI if acting else pal.PANEL,
                 accent=pal.ACCENT if acting else None)
    pad = 16
    ix, iw = x + pad, w - 2 * pad
    cy = y + pad + 13
    _pawn(cv, (ix + 13, cy), p.seat, 13, jailed=p.in_jail)
    nx = ix + 34
    total = p.public_assets if p.cash is None else (p.assets or p.public_assets + p.cash)
    right_label = _w("assets" if p.cash is not None else "property", lang)
    value = _money(total)
    vw = cv.measure(value, 22, bold=True)
    cv.text((ix + iw - vw, cy), value, 22, bold=True, fill=pal.TEXT if not p.bankrupt else pal.MUTED)
    cv.text((ix + iw, cy + 21), right_label, 11.5, fill=pal.MUTED, anchor="rm")
    name = seat_label(p.seat, lang, names)
    nx += cv.text((nx, cy), name, 19, bold=True, max_width=iw - vw - 150,
                  fill=pal.TEXT if not p.bankrupt else pal.MUTED) + 8
    pills: list[tuple[str, RGB, RGB]] = []
    if p.seat == view.viewer:
        pills.append((_w("you", lang), pal.PANEL_ALT, pal.TEXT))
    if p.bankrupt:
        pills.append((_w("out", lang), pal.BAD, pal.TEXT))
    elif acting:
        pills.append((_w("to_act", lang), pal.ACCENT, pal.TEXT_DARK))
    elif p.seat == view.current and view.ended is None:
        pills.append((_w("on_turn_pill", lang), pal.PANEL_ALT, pal.ACCENT))
    if p.in_jail and not p.bankrupt:
        pills.append((_w("in_jail", lang), KIND_COLOUR["jail"], pal.TEXT_DARK))
    for label, fill, ink in pills:
        if nx + cv.measure(label, 11.5, bold=True) + 20 > ix + iw - vw - 10:
            break
        nx += cv.pill((nx, cy), label, 11.5, fill=fill, text_fill=ink, height=21, pad=8) + 6
    cy += 24
    where = "" if p.bankrupt else _w("at", lang, space=board().spaces[p.position].label(lang))
    sub = [s for s in (where,) if s]
    if p.cash is not None:
        sub.append(f"{_w('cash', lang)} {_money(p.cash)}")
    if p.revealed_cash is not None and p.cash is None:
        sub.append(_w("cash_shown", lang, amount=_money(p.revealed_cash)))
    cv.text((ix, cy), " · ".join(sub), 13, fill=pal.MUTED, max_width=iw - 70)
    cy += 20
    # Breakdown of the public assets.
    parts = [(k, v) for k, v in p.breakdown.items() if v]
    if parts:
        bx = ix
        for key, amount in parts:
            label = _w(key, lang)
            text = _signed(amount) if key == "loans" else _money(amount)
            need = cv.measure(label, 12) + cv.measure(text, 12, bold=True) + 22
            if bx + need > ix + iw:
                cy += 18
                bx = ix
            bx += cv.text((bx, cy), label, 12, fill=pal.MUTED) + 4
            bx += cv.text((bx, cy), text, 12, bold=True, fill=pal.BAD if amount < 0 else pal.TEXT) + 14
        cy += 14
    cy += 6
    if p.cards:
        flow = Flow(round(ix), round(cy), round(iw), gap_x=5, gap_y=5)
        for card in p.cards:
            _card_chip(cv, flow, card, view, lang)
        cy = flow.bottom
    elif not p.bankrupt:
        cv.text((ix, cy + 9), _w("no_cards", lang), 12.5, fill=pal.LINE)
        cy += 18
    return cy + pad - y


def _players_column(cv: Canvas, view: LandlordsView, x: float, y: float, w: float, lang: str,
                    names: Sequence[str] | None) -> float:
    """Every player's panel, stacked; returns the height used."""
    dry = cv.measuring(w)
    heights = [_player_panel(dry, 0, 0, w, None, view, p, lang, names) for p in view.players]
    gap = 12
    for p, h in zip(view.players, heights, strict=True):
        _player_panel(cv, x, y, w, h, view, p, lang, names)
        y += h + gap
    return sum(heights) + gap * (len(heights) - 1)


def _legend(cv: Canvas, x: float, y: float, w: float, lang: str, light: bool = False) -> float:
    """What the colours and marks mean; ``light`` for the board's centre. Returns the height."""
    ink = INK_MUTED if light else pal.MUTED
    flow = Flow(round(x), round(y), round(w), gap_x=14, gap_y=6)
    items: list[tuple[str, str]] = [
        ("lot", "legend_lot"), ("utility", "legend_utility"), ("railroad", "legend_railroad"),
        ("office", "legend_office"), ("land_tax", "legend_tax"), ("hotel", "legend_hotel"), ("jail", "legend_jail"),
        ("estate", "legend_estate"), ("wages", "legend_wages"),
        ("house", "legend_improved"), ("sign", "legend_sign"), ("lock", "legend_pledged")]
    for key, word in items:
        label = _w(word, lang)
        lw = 20 + cv.measure(label, 12)
        px, top = flow.place(round(lw), 20)
        cy = top + 10
        if key == "house":
            _house(cv, (px + 7, cy), 13, fill=(255, 255, 255), edge=INK if light else pal.MUTED)
        elif key == "sign":
            _sign(cv, (px + 7, cy), 14)
        elif key == "lock":
            _lock(cv, (px + 7, cy + 1), 13, ink)
        elif key == "estate":  # a star border (rules §1.3)
            cv.box((px, cy - 7, px + 14, cy + 7), fill=KIND_COLOUR[key], radius=3)
            cv.polygon(_star((px + 7, cy), 5.5), fill=GOLD)
        elif key == "wages":  # the tricolour corner
            for i, colour in enumerate(TRICOLOUR):
                cv.box((px, cy - 7 + i * 14 / 3, px + 14, cy - 7 + (i + 1) * 14 / 3), fill=colour, radius=0)
            cv.box((px, cy - 7, px + 14, cy + 7), outline=pal.mix(INK_MUTED, CENTRE, 0.3), radius=2, width=1)
        else:
            cv.box((px, cy - 7, px + 14, cy + 7), fill=KIND_COLOUR[key], radius=3)
        cv.text((px + 20, cy), label, 12, fill=ink)
    return flow.bottom - y


def board_image(view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table as a PNG: the board with owners, improvements, signs, pledges and pawns; the
    funds and supplies; what is in progress; every player's public assets.

    Pass a spectator view for public posts; cash appears only if the view carries it.
    """
    return _board_canvas(view, lang, names).png(board_palette("landlords"))


def _board_canvas(view: LandlordsView, lang: str, names: Sequence[str] | None) -> Canvas:
    dry = Canvas(WIDTH, 1, lang, dry=True, scale=DIRECT)
    column = _players_column(dry, view, 0, 0, SIDE - 16, lang, names)
    height = max(MARGIN + 8 + BOARD + 8, MARGIN + column) + MARGIN
    cv = Canvas(WIDTH, round(height), lang, scale=DIRECT)
    _board_square(cv, view, MARGIN + 8, MARGIN + 8, lang, names)
    _players_column(cv, view, MARGIN + BOARD + 16 + GAP, MARGIN, SIDE - 16, lang, names)
    return cv
