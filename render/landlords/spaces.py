"""The Landlord's Game board's spaces: where each sits, its colour band, name, price and what stands on it."""

from __future__ import annotations

from collections.abc import Sequence

from games.landlords.board import Kind, board, rules
from games.landlords.view import LandlordsView, SpaceView

from .. import palette as pal
from ..kit import Canvas
from ..palette import RGB
from ..static_layer import Sprites
from .common import (
    BAND,
    BOARD,
    CORNER,
    EDGE,
    FRAME,
    GOLD,
    INK,
    INK_MUTED,
    KIND_COLOUR,
    PARK,
    TILE,
    TILE_DIM,
    TRICOLOUR,
    _house,
    _lock,
    _money,
    _owner_disc,
    _pawn,
    _public_disc,
    _sign,
    _star,
    _w,
    seat_colour,
)

# ------------------------------------------------------------------------------------------------
# The board


def _space_rect(index: int, x: float, y: float) -> tuple[tuple[float, float, float, float], str]:
    """The rectangle of space ``index`` and the side its colour band is on ("" for corners).

    The wages corner is bottom right; play runs clockwise: left along the bottom, up the left side,
    right along the top, down the right side.
    """
    right, bottom = x + BOARD, y + BOARD
    if index == 0:
        return (right - CORNER, bottom - CORNER, right, bottom), ""
    if index < 10:
        x1 = right - CORNER - (index - 1) * EDGE
        return (x1 - EDGE, bottom - CORNER, x1, bottom), "top"
    if index == 10:
        return (x, bottom - CORNER, x + CORNER, bottom), ""
    if index < 20:
        y1 = bottom - CORNER - (index - 11) * EDGE
        return (x, y1 - EDGE, x + CORNER, y1), "right"
    if index == 20:
        return (x, y, x + CORNER, y + CORNER), ""
    if index < 30:
        x0 = x + CORNER + (index - 21) * EDGE
        return (x0, y, x0 + EDGE, y + CORNER), "bottom"
    if index == 30:
        return (right - CORNER, y, right, y + CORNER), ""
    y0 = y + CORNER + (index - 31) * EDGE
    return (right - CORNER, y0, right, y0 + EDGE), "left"


def _band_rect(rect: tuple[float, float, float, float], side: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = rect
    return {"top": (x0, y0, x1, y0 + BAND), "bottom": (x0, y1 - BAND, x1, y1),
            "left": (x0, y0, x0 + BAND, y1), "right": (x1 - BAND, y0, x1, y1)}[side]


def _content_rect(rect: tuple[float, float, float, float], side: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = rect
    pad = 4
    if side == "top":
        return x0 + pad, y0 + BAND + 3, x1 - pad, y1 - pad
    if side == "bottom":
        return x0 + pad, y0 + pad, x1 - pad, y1 - BAND - 3
    if side == "left":
        return x0 + BAND + pad, y0 + pad, x1 - pad, y1 - pad
    if side == "right":
        return x0 + pad, y0 + pad, x1 - BAND - pad, y1 - pad
    return x0 + 6, y0 + 6, x1 - 6, y1 - 6


def _round_text(view: LandlordsView, lang: str) -> str:
    """"Round 7 of 30", or "Round 7" when the table has no round limit (§1.5)."""
    if view.round_limit:
        return _w("round", lang, round=view.round, limit=view.round_limit)
    return _w("round_open", lang, round=view.round)


def _space_notes(view: LandlordsView, sv: SpaceView, lang: str) -> tuple[str, str]:
    """The two small lines under a space's name: (main, secondary). Besides prices and rents they
    give the rule a player needs on that space: tax rates, the jail's fine and roll, the hotel."""
    space = board().spaces[sv.index]
    prosperity = view.mode == "prosperity"
    kind = space.kind
    r = rules()
    if kind == Kind.LOT:
        extra = r.improvement_rent if sv.improved else 0
        return _money(space.price), _w("rent", lang, amount=_money(space.rent + extra))
    if kind == Kind.UTILITY:
        if sv.public:
            return _w("public", lang), _w("fare", lang, amount=_money(r.public_fare))
        if prosperity and sv.owner is None:
            return _w("fare", lang, amount=_money(r.public_fare)), ""
        return _money(space.price), _w("fares_short", lang, fare=_money(r.utility_fare),
                                       all=_money(r.utility_monopoly_fare))
    if kind == Kind.RAILROAD:
        return _money(space.price), ""
    if kind in (Kind.LAND_TAX, Kind.PERSONAL_TAX, Kind.IMPROVEMENT_TAX) and prosperity:
        return _w("abolished", lang), ""
    if kind == Kind.LAND_TAX:  # §8.1
        return _w("tax_land", lang, amount=_money(r.land_tax_per_deed)), _w("tax_land_note", lang)
    if kind == Kind.PERSONAL_TAX:  # §8.2
        return (_w("tax_personal", lang, amount=_money(r.personal_tax_per_100)),
                _w("tax_personal_note", lang))
    if kind == Kind.IMPROVEMENT_TAX:  # §8.3
        return _w("tax_improvement", lang, amount=_money(r.improvement_tax)), _w("tax_improvement_note", lang)
    if kind == Kind.JAIL and prosperity:
        return _w("not_used", lang), ""
    if kind == Kind.JAIL:  # §9.2
        return _w("jail_fine", lang, amount=_money(r.jail_fine)), _w("jail_roll", lang, roll=r.jail_release_roll)
    if kind == Kind.HOTEL:  # §9.3
        return (_w("hotel_fee", lang, amount=_money(r.hotel_fee), assets=_money(r.hotel_threshold)),
                _w("hotel_back", lang, amount=_money(r.hotel_fee)))
    if kind == Kind.OFFICE:  # §7 (edition 2: green lots too, §7.4)
        return _w("office_lots" if view.edition >= 2 else "office_idle", lang), _w("office_auction", lang)
    if kind == Kind.ESTATE and prosperity:
        return _w("park", lang), ""
    if kind == Kind.ESTATE:  # §9.1
        return _w("estate_jail", lang), ""
    if kind == Kind.WAGES:
        return _w("wages", lang, amount=_money(view.wages)), ""
    return "", ""


def _note_lines(cv: Canvas, notes: list[str], width: float, joined: bool) -> list[tuple[str, float, bool]]:
    """The notes of a space as (text, size, bold) lines that fit ``width``: the first (main) one bold
    where it fits, each shrunk a little before it wraps onto a second line; ``joined`` (a side
    space, wide and short) puts both on one line when they fit."""
    if not notes:
        return []
    together = " · ".join(notes)
    if joined and len(notes) > 1 and cv.measure(together, 10) <= width:
        return [(together, 10, False)]
    out: list[tuple[str, float, bool]] = []
    for i, note in enumerate(notes):
        tries = [(10.0, True), (9.0, True)] if i == 0 else []
        tries += [(10.0, False), (9.5, False), (9.0, False), (8.5, False)]
        fit = next(((size, bold) for size, bold in tries if cv.measure(note, size, bold=bold) <= width), None)
        if fit is not None:
            out.append((note, fit[0], fit[1] and i == 0))
            continue
        out += [(line, 9.0, False) for line in cv.wrap(note, 9, width, max_lines=2)]
    return out


def _wage_table(view: LandlordsView, lang: str) -> list[str]:
    """The exact-roll wages (§4.2) and the plain wages (§4.3, R24), for the wages corner."""
    table = rules().exact_doubles
    six, five, four = (_money(table[k]) for k in ("6", "5", "4"))
    return [_w("wage_66", lang, a=six, b=five), _w("wage_44", lang, amount=four),
            _w("wage_exact", lang, amount=_money(rules().exact_other)),
            _w("wage_plain", lang, amount=_money(view.wages))]


def _markers(cv: Canvas, sv: SpaceView, band: tuple[float, float, float, float], vertical: bool) -> None:
    """Owner, improvement, sign and pledge marks along a space's colour band."""
    items: list[tuple[str, int]] = []
    if sv.owner is not None:
        items.append(("owner", sv.owner))
    elif sv.public:
        items.append(("public", -1))
    if sv.improved:
        items.append(("house", 0))
    if sv.sign:
        items.append(("sign", 0))
    if sv.pledged_to is not None:
        items.append(("lock", sv.pledged_to))
    if not items:
        return
    bx0, by0, bx1, by1 = band
    size = 15.0
    step = size + 3
    total = step * len(items) - 3
    for i, (kind, who) in enumerate(items):
        if vertical:
            centre = ((bx0 + bx1) / 2, (by0 + by1) / 2 - total / 2 + i * step + size / 2)
        else:
            centre = ((bx0 + bx1) / 2 - total / 2 + i * step + size / 2, (by0 + by1) / 2)
        if kind == "owner":
            _owner_disc(cv, centre, who, size / 2 + 0.5)
        elif kind == "public":
            _public_disc(cv, centre, size / 2 + 0.5)
        elif kind == "house":
            _house(cv, centre, size - 2)
        elif kind == "sign":
            _sign(cv, centre, size - 1)
        else:
            _lock(cv, centre, size - 3, seat_colour(who))


def _pawns(cv: Canvas, view: LandlordsView, sv: SpaceView, area: tuple[float, float, float, float]) -> None:
    if not sv.pawns:
        return
    x0, y0, x1, y1 = area
    radius = 9.5 if y1 - y0 >= 20 else 8
    n = len(sv.pawns)
    step = min(radius * 2 + 2, (x1 - x0 - 2 * radius) / max(1, n - 1)) if n > 1 else 0
    cx = (x0 + x1) / 2 - step * (n - 1) / 2
    cy = (y0 + y1) / 2
    for i, seat in enumerate(sv.pawns):
        _pawn(cv, (cx + i * step, cy), seat, radius, jailed=view.players[seat].in_jail)


def _fit_name(cv: Canvas, text: str, width: float, sizes: Sequence[float], max_lines: int) -> tuple[float, list[str]]:
    """The largest size at which ``text`` wraps into ``max_lines`` without splitting a word."""
    for size in sizes:
        lines = cv.wrap(text, size, width, bold=True)
        words_fit = all(cv.measure(word, size, bold=True) <= width for word in text.split())
        if len(lines) <= max_lines and words_fit:
            return size, lines
    size = sizes[-1]
    return size, cv.wrap(text, size, width, bold=True, max_lines=max_lines)


def _tile(cv: Canvas, view: LandlordsView, sv: SpaceView, x: float, y: float, lang: str) -> None:
    """Space ``sv`` of the board whose top-left corner is ``(x, y)``: its face (band, name, notes, markers) drawn
    once per process and pasted while it shows the same (:data:`_TILES`, issue 25 §2: the 40 spaces were two
    thirds of a board's drawing), then the pawns standing on it."""
    rect, side = _space_rect(sv.index, x, y)
    key = (sv.index, sv.owner, sv.public, sv.improved, sv.sign, sv.pledged_to, view.mode, view.edition, view.wages,
           lang)
    x0, y0, x1, y1 = rect
    if cv.dry:
        return
    _TILES.paste_exact(cv, key, rect, lambda c, fx, fy: _PAWN_AREAS.__setitem__(
        key, _tile_face(c, view, sv, (fx, fy, fx + (x1 - x0), fy + (y1 - y0)), side, lang)))
    area = _PAWN_AREAS.get(key)
    if area is None:          # the face is kept but its pawn area was forgotten: lay it out again
        area = _tile_face(cv.measuring(), view, sv, (0, 0, x1 - x0, y1 - y0), side, lang)
        if len(_PAWN_AREAS) > 50_000:
            _PAWN_AREAS.clear()
        _PAWN_AREAS[key] = area
    ax0, ay0, ax1, ay1 = area
    _pawns(cv, view, sv, (x0 + ax0, y0 + ay0, x0 + ax1, y0 + ay1))


#: The spaces' faces drawn once and pasted: 40 spaces in a few states each (owner, improved, sign, pledged),
#: 20-45 KB each.
_TILES = Sprites(400)
#: Where the pawns go on a space's face, relative to its top-left corner, by the face's key.
_PAWN_AREAS: dict[tuple[object, ...], tuple[float, float, float, float]] = {}


def _tile_face(cv: Canvas, view: LandlordsView, sv: SpaceView, rect: tuple[float, float, float, float], side: str,
               lang: str) -> tuple[float, float, float, float]:
    """Everything a space shows but its pawns, over ``rect``; returns where its pawns go, relative to ``rect``'s
    top-left corner."""
    space = board().spaces[sv.index]
    kind = space.kind.value
    prosperity = view.mode == "prosperity"
    colour = KIND_COLOUR[kind]
    if kind == "estate" and prosperity:
        colour = PARK
    dim = prosperity and (kind.endswith("tax") or kind == "jail")
    body = TILE_DIM if dim else TILE
    x0, y0, x1, y1 = rect
    cv.box(rect, fill=body, outline=FRAME, radius=0, width=1)
    if sv.owner is not None:  # the owner's colour round the space
        cv.box((x0 + 1.5, y0 + 1.5, x1 - 1.5, y1 - 1.5), outline=seat_colour(sv.owner), radius=0, width=2.5)
    name = space.label(lang)
    main, secondary = _space_notes(view, sv, lang)
    if side:
        band = _band_rect(rect, side)
        cv.box(band, fill=pal.mix(colour, TILE, 0.35) if dim else colour, radius=0)
        if kind == "estate":
            _estate_stars(cv, band, side)
        _markers(cv, sv, band, vertical=side in ("left", "right"))
        cx0, cy0, cx1, cy1 = _content_rect(rect, side)
        tall = side in ("top", "bottom")
        sizes = (10.5, 10, 9.5, 9, 8.5) if lang == "en" else (11.5, 11, 10.5)
        size, lines = _fit_name(cv, name, cx1 - cx0, sizes, 3 if tall else 2)
        step = cv.line_height(size) - 1
        ty = cy0 + 1
        for line in lines:
            cv.text(((cx0 + cx1) / 2, ty + step / 2), line, size, fill=INK, bold=True, anchor="mm", source=name)
            ty += step
        notes = _note_lines(cv, [n for n in (main, secondary) if n], cx1 - cx0, joined=not tall)
        ny = cy1 - sum(cv.line_height(size) for _, size, _ in notes)
        at = ny
        for i, (note, size, bold) in enumerate(notes):
            nstep = cv.line_height(size)
            cv.text(((cx0 + cx1) / 2, at + nstep / 2), note, size, fill=INK if bold or i == 0 else INK_MUTED,
                    bold=bold, anchor="mm", max_width=cx1 - cx0)
            at += nstep
        return cx0 - x0, ty - y0, cx1 - x0, ny - y0
    # Corners: the wages corner (tricolour) and the three railroads (red).
    head = 30
    if kind == "wages":
        stripe = head / 3
        for i, c in enumerate(TRICOLOUR):
            cv.box((x0 + 1, y0 + 1 + i * stripe, x1 - 1, y0 + 1 + (i + 1) * stripe), fill=c, radius=0)
    else:
        cv.box((x0 + 1, y0 + 1, x1 - 1, y0 + head), fill=colour, radius=0)
        _markers(cv, sv, (x0, y0, x1, y0 + head), vertical=False)
    cx0, cy0, cx1, cy1 = x0 + 6, y0 + head + 5, x1 - 6, y1 - 6
    size, lines = _fit_name(cv, name, cx1 - cx0, (12.5, 12, 11.5, 11), 2)
    step = cv.line_height(size)
    for i, line in enumerate(lines):
        cv.text(((cx0 + cx1) / 2, cy0 + step * i + step / 2), line, size, fill=INK, bold=True, anchor="mm",
                source=name)
    ny = cy0 + step * len(lines) + 9
    if kind == "wages":  # the exact-roll wage table (§4.2) and the plain wages (§4.3)
        tstep = cv.line_height(9.5)
        ny -= 4
        for i, line in enumerate(_wage_table(view, lang)):
            cv.text(((cx0 + cx1) / 2, ny + tstep * i), line, 9.5, fill=INK, bold=i == 3, anchor="mm",
                    max_width=cx1 - cx0)
        return cx0 - x0, ny + tstep * 4 - 6 - y0, cx1 - x0, cy1 + 4 - y0
    if main:
        cv.text(((cx0 + cx1) / 2, ny), main, 11.5, fill=INK, bold=True, anchor="mm")
    return cx0 - x0, ny + 8 - y0, cx1 - x0, cy1 - y0


def _estate_stars(cv: Canvas, band: tuple[float, float, float, float], side: str) -> None:
    bx0, by0, bx1, by1 = band
    vertical = side in ("left", "right")
    length = (by1 - by0) if vertical else (bx1 - bx0)
    count = 4
    for i in range(count):
        t = (i + 0.5) / count
        centre = (((bx0 + bx1) / 2, by0 + length * t) if vertical else (bx0 + length * t, (by0 + by1) / 2))
        cv.polygon(_star(centre, 5.5), fill=GOLD)


def _highlight(cv: Canvas, index: int, x: float, y: float, colour: RGB, width: float = 3.5) -> None:
    rect, _side = _space_rect(index, x, y)
    x0, y0, x1, y1 = rect
    cv.box((x0 - 1, y0 - 1, x1 + 1, y1 + 1), outline=colour, radius=3, width=width)
