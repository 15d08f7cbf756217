"""Images for The Landlord's Game (with Prosperity): the public board, a seat's private panel and the
final result.

Drawn from a :class:`~games.landlords.view.LandlordsView` (what one seat or a spectator may see) plus
the public board data; never from the game state. Cash is drawn only where the view carries it: a
spectator view has no cash at all, so the public board never shows anyone's cash or sealed bid.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.core import Outcome
from games.landlords import GAME
from games.landlords.board import Kind, board, card_label, rules
from games.landlords.deals import DEAL_STEPS as _DEAL_FRAMES
from games.landlords.game import META
from games.landlords.view import LandlordsView, PlayerView, SpaceView

from . import palette as pal
from .kit import DIRECT, MARGIN_DEFAULT, Canvas, Flow, TitleRenderer, seat_label
from .palette import RGB

__all__ = ["RENDERER", "SEAT_COLOURS", "board_image", "private", "result"]

MARGIN = MARGIN_DEFAULT
GAP = 20
BOARD = 940                      # the square board, in output pixels
CORNER = 122                     # corner spaces
EDGE = (BOARD - 2 * CORNER) / 9  # the nine spaces along each side
BAND = 19                        # the colour band on the inner edge of a space
SIDE = 470                       # the player column right of the board
WIDTH = MARGIN + BOARD + GAP + SIDE + MARGIN

# The printed board: cream spaces, a sage centre, dark ink.
TILE: RGB = (248, 244, 232)
TILE_DIM: RGB = (226, 224, 216)
CENTRE: RGB = (229, 235, 220)
FRAME: RGB = (58, 66, 52)
INK: RGB = (34, 36, 42)
INK_MUTED: RGB = (112, 112, 104)

# Space colours as the rules text gives them (rules §1.3).
KIND_COLOUR: dict[str, RGB] = {
    "lot": (72, 160, 86),          # green: land in use
    "utility": (236, 138, 38),     # orange: local utilities
    "railroad": (200, 52, 50),     # red: interstate railroads
    "office": (238, 196, 52),      # yellow: real-estate offices
    "land_tax": (62, 112, 196),    # blue: tax offices
    "personal_tax": (62, 112, 196),
    "improvement_tax": (62, 112, 196),
    "hotel": (236, 132, 184),      # pink: the luxury hotel
    "jail": (138, 142, 150),       # grey: the jail
    "estate": (46, 58, 122),       # Lord Blueblood's Estate (a star border)
    "wages": (62, 112, 196),
}
PARK: RGB = (92, 170, 96)
GOLD: RGB = (222, 176, 58)
IDLE: RGB = (238, 196, 52)
TRICOLOUR: tuple[RGB, RGB, RGB] = ((200, 52, 50), (250, 250, 246), (46, 84, 170))

# Steps during which any player may propose a deal (ruling R12).
DEAL_STEPS = frozenset(f.__struct_config__.tag for f in _DEAL_FRAMES)

# Pawn and owner colours, one per seat.
SEAT_COLOURS: tuple[RGB, ...] = ((52, 118, 232), (220, 66, 122), (24, 160, 150), (148, 96, 224))

_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("landlords.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS.get(lang, _WORDS["en"])
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _t(key: str, params: dict[str, Any], lang: str, names: Sequence[str] | None) -> str:
    """A sentence from the game's own catalog, with players' names."""
    return GAME.text(key, params, lang, _names(names, lang))


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


def _money(amount: int) -> str:
    return f"−${-amount:,}" if amount < 0 else f"${amount:,}"


def _signed(amount: int) -> str:
    return f"+${amount:,}" if amount > 0 else _money(amount)


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _card_colour(card: str) -> RGB:
    if not card.isdigit():
        return IDLE
    return KIND_COLOUR.get(board().spaces[int(card)].kind.value, KIND_COLOUR["lot"])


# ------------------------------------------------------------------------------------------------
# Icons


def _pawn(cv: Canvas, centre: tuple[float, float], seat: int, radius: float = 10, *,
          jailed: bool = False) -> None:
    """A numbered pawn in the seat's colour; ``jailed`` adds a little barred window."""
    colour = seat_colour(seat)
    cx, cy = centre
    cv.circle((cx + 1, cy + 2), radius, fill=pal.darken(colour, 0.55))
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=max(1.0, radius / 6))
    cv.text(centre, str(seat + 1), radius * 1.15, fill=(255, 255, 255), bold=True, anchor="mm")
    if jailed:
        s = radius * 0.95
        bx, by = cx + radius * 0.45, cy + radius * 0.3
        cv.box((bx, by, bx + s, by + s), fill=(70, 72, 80), outline=(255, 255, 255), radius=s * 0.18,
               width=max(0.8, radius / 10))
        for k in (0.3, 0.5, 0.7):
            cv.line([(bx + s * k, by + s * 0.2), (bx + s * k, by + s * 0.8)], fill=(235, 235, 235),
                    width=max(0.8, radius / 12))


def _house(cv: Canvas, centre: tuple[float, float], size: float, fill: RGB = (255, 255, 255),
           edge: RGB = INK) -> None:
    """An improvement: a little house."""
    cx, cy = centre
    h = size / 2
    cv.polygon([(cx - h, cy - h * 0.1), (cx, cy - h), (cx + h, cy - h * 0.1), (cx + h * 0.78, cy - h * 0.1),
                (cx + h * 0.78, cy + h), (cx - h * 0.78, cy + h), (cx - h * 0.78, cy - h * 0.1)],
               fill=fill, outline=edge, width=max(0.8, size / 12))


def _sign(cv: Canvas, centre: tuple[float, float], size: float) -> None:
    """A No Trespassing sign: a red disc with a white bar."""
    r = size / 2
    cv.circle(centre, r, fill=(206, 34, 34), outline=(255, 255, 255), width=max(0.8, size / 12))
    cx, cy = centre
    cv.box((cx - r * 0.62, cy - r * 0.2, cx + r * 0.62, cy + r * 0.2), fill=(255, 255, 255), radius=1)


def _lock(cv: Canvas, centre: tuple[float, float], size: float, colour: RGB) -> None:
    """A card pledged as security (R13), in the lender's colour."""
    cx, cy = centre
    s = size
    cv.box((cx - s * 0.34, cy - s * 0.5, cx + s * 0.34, cy + s * 0.1), outline=INK, radius=s * 0.3,
           width=max(1.0, s / 7))
    cv.box((cx - s * 0.46, cy - s * 0.12, cx + s * 0.46, cy + s * 0.5), fill=colour, outline=INK,
           radius=s * 0.12, width=max(0.8, s / 12))


def _owner_disc(cv: Canvas, centre: tuple[float, float], seat: int, radius: float = 8) -> None:
    colour = seat_colour(seat)
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=max(1.0, radius / 5))
    cv.text(centre, str(seat + 1), radius * 1.15, fill=(255, 255, 255), bold=True, anchor="mm")


def _public_disc(cv: Canvas, centre: tuple[float, float], radius: float = 8) -> None:
    """Owned by the public (rules §11.5): a white disc with columns."""
    cv.circle(centre, radius, fill=(255, 255, 255), outline=INK, width=max(1.0, radius / 6))
    cx, cy = centre
    for dx in (-0.4, 0, 0.4):
        cv.line([(cx + dx * radius, cy - radius * 0.35), (cx + dx * radius, cy + radius * 0.45)], fill=INK,
                width=max(0.8, radius / 6))
    cv.line([(cx - radius * 0.62, cy - radius * 0.45), (cx + radius * 0.62, cy - radius * 0.45)], fill=INK,
            width=max(0.8, radius / 6))


def _die(cv: Canvas, xy: tuple[float, float], size: float, value: int) -> None:
    x, y = xy
    cv.box((x + 1.5, y + 2.5, x + size + 1.5, y + size + 2.5), fill=pal.darken(CENTRE, 0.3), radius=size * 0.18)
    cv.box((x, y, x + size, y + size), fill=(255, 255, 255), outline=INK, radius=size * 0.18, width=1.2)
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    step = size * 0.27
    for col, row in spots.get(value, []):
        cv.circle((x + size * 0.23 + col * step, y + size * 0.23 + row * step), size * 0.09, fill=INK)


def _star(centre: tuple[float, float], outer: float) -> list[tuple[float, float]]:
    cx, cy = centre
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else outer * 0.42
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


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
    rect, side = _space_rect(sv.index, x, y)
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
        _pawns(cv, view, sv, (cx0, ty, cx1, ny))
        return
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
        _pawns(cv, view, sv, (cx0, ny + tstep * 4 - 6, cx1, cy1 + 4))
        return
    if main:
        cv.text(((cx0 + cx1) / 2, ny), main, 11.5, fill=INK, bold=True, anchor="mm")
    _pawns(cv, view, sv, (cx0, ny + 8, cx1, cy1))


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
        if view.step in DEAL_STEPS and sum(1 for p in view.players if not p.bankrupt) > 1:
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
    return _board_canvas(view, lang, names).png()


def _board_canvas(view: LandlordsView, lang: str, names: Sequence[str] | None) -> Canvas:
    dry = Canvas(WIDTH, 1, lang, dry=True, scale=DIRECT)
    column = _players_column(dry, view, 0, 0, SIDE - 16, lang, names)
    height = max(MARGIN + 8 + BOARD + 8, MARGIN + column) + MARGIN
    cv = Canvas(WIDTH, round(height), lang, scale=DIRECT)
    _board_square(cv, view, MARGIN + 8, MARGIN + 8, lang, names)
    _players_column(cv, view, MARGIN + BOARD + 16 + GAP, MARGIN, SIDE - 16, lang, names)
    return cv


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
    from .cards import card_frame

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


# ------------------------------------------------------------------------------------------------
# Result

_MEDAL: dict[int, RGB] = {1: (230, 182, 60), 2: (190, 196, 206), 3: (198, 128, 74)}
_COLUMNS = ("cash", "lots", "improvements", "franchises", "idle", "loans")


def result(outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The final ranking: each player's assets broken down, and why the game ended."""
    width = 1240
    return Canvas.fitted(width, lang, lambda cv: _result_body(cv, outcome, view, lang, names, width),
                         scale=DIRECT).png()


def _result_body(cv: Canvas, outcome: Outcome, view: LandlordsView, lang: str, names: Sequence[str] | None,
                 width: float) -> float:
    x0, x1 = MARGIN, width - MARGIN
    y: float = MARGIN
    title = META.names.get(lang) or META.names["en"]
    cv.text((x0 + 4, y + 20), _w("results", lang), 30, bold=True)
    cv.text((x0 + 4, y + 54), title, 16, fill=pal.MUTED)
    everybody = view.ended == "prosperity"
    winners = [seat_label(s, lang, names) for s in outcome.winners]
    if everybody:
        text = _w("everybody", lang)
    elif winners:
        text = _w("winners" if len(winners) > 1 else "winner", lang) + _w("colon", lang) + \
            _w("comma", lang).join(winners)
    else:
        text = ""
    if text:
        tw = min(cv.measure(text, 18, bold=True) + 36, (x1 - x0) * 0.55)
        cv.pill((x1 - tw, y + 30), text, 18, fill=PARK if everybody else _MEDAL[1], height=40, pad=18,
                max_width=tw)
    y += 80
    reason = outcome.reasons[0] if outcome.reasons else None
    if reason is not None:
        y += cv.paragraph((x0 + 4, y), _t(reason[0], dict(reason[1]), lang, names), 16, x1 - x0 - 8,
                          fill=pal.TEXT, bold=True) + 10

    col_w = 118
    name_w = x1 - x0 - 90 - col_w * (len(_COLUMNS) + 1)
    hx = x0 + 90 + name_w
    for key in (*_COLUMNS, "total"):
        cv.text((hx + col_w - 12, y + 12), _w(key, lang), 13, fill=pal.MUTED, bold=True, anchor="rm")
        hx += col_w
    y += 28
    row_h = 78
    for standing in outcome.standings:
        p = view.players[standing.seat]
        top = standing.rank == 1 and not p.bankrupt
        cv.panel((x0, y, x1, y + row_h), fill=pal.PANEL_HI if top else pal.PANEL, accent=_MEDAL[1] if top else None,
                 accent_width=2)
        medal = _MEDAL.get(standing.rank, pal.PANEL_ALT)
        cv.circle((x0 + 44, y + row_h / 2), 22, fill=medal, outline=pal.darken(medal, 0.3), width=2)
        cv.text((x0 + 44, y + row_h / 2), str(standing.rank), 20, bold=True, anchor="mm",
                fill=pal.TEXT_DARK if standing.rank <= 3 else pal.TEXT)
        nx = x0 + 90
        _pawn(cv, (nx + 11, y + 28), standing.seat, 11, jailed=p.in_jail)
        cv.text((nx + 30, y + 28), seat_label(standing.seat, lang, names), 20, bold=True, max_width=name_w - 40)
        sub = _w("bankrupt", lang) if p.bankrupt else _w("comma", lang).join(card_label(c, lang) for c in p.cards)
        cv.text((nx, y + 56), sub or _w("no_cards", lang), 12.5, fill=pal.MUTED, max_width=name_w - 12)
        hx = x0 + 90 + name_w
        for key in _COLUMNS:
            amount = standing.breakdown.get(key, 0)
            text = _signed(amount) if key == "loans" and amount else _money(amount)
            colour = pal.BAD if amount < 0 else (pal.TEXT if amount else pal.MUTED)
            cv.text((hx + col_w - 12, y + row_h / 2), text, 17, fill=colour, anchor="rm")
            hx += col_w
        cv.text((hx + col_w - 12, y + row_h / 2), _money(standing.score), 24, bold=True,
                fill=pal.ACCENT if top else pal.TEXT, anchor="rm")
        y += row_h + 10

    extra = list(outcome.reasons[1:])
    if extra:
        y += 4
        cv.text((x0 + 4, y + 10), _w("notes", lang), 15, fill=pal.MUTED, bold=True)
        y += 26
        for key, params in extra:
            y += cv.paragraph((x0 + 8, y), "• " + _t(key, dict(params), lang, names), 15, x1 - x0 - 16)
        y += 6
    return y + MARGIN - 10


#: The renderer registered for ``landlords``.
RENDERER = TitleRenderer("landlords", board_image, private, result)
