"""The Landlord's Game images' shared parts: geometry, palette, words, money and the small icons (pawns,
houses, signs, dice)."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.landlords import GAME
from games.landlords.board import board
from games.landlords.game import META

from .. import palette as pal
from ..kit import MARGIN_DEFAULT, Canvas, seat_label
from ..palette import RGB

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
