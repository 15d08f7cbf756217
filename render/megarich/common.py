"""巨富豪∞'s images' shared parts: words, colours (continents from ``places.toml``, key cities, seats), names of
tiles and items, and the small icons (pawns, patent flags, level pips)."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from games.megarich import board
from games.megarich.items import catalogue

from .. import palette as pal
from ..kit import MARGIN_DEFAULT, Canvas, seat_label
from ..palette import RGB

MARGIN = MARGIN_DEFAULT
GAP = 16
MAX_SEATS = 6

_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("megarich.toml").read_text(encoding="utf-8"))

#: The colour names of ``places.toml``'s continents ("the light regions of the board figure"), as RGB.
COLOUR_NAMES: dict[str, RGB] = {
    "red": (236, 150, 142),
    "purple-blue": (164, 160, 228),
    "blue": (138, 190, 236),
    "yellow": (240, 214, 120),
    "red-purple": (214, 146, 204),
    "green": (150, 206, 140),
    "grey": (196, 200, 206),
}
#: The three bright key-city tiles of rule 1.2: 实事市 deep purple, 义务市 bright blue, 绘星城 orange.
KEY_COLOURS: dict[str, RGB] = {"centre": (92, 46, 150), "bottom": (24, 132, 232), "top": (240, 140, 30)}
HUB: RGB = (40, 176, 164)
HEX_LINE: RGB = (96, 100, 116)
INK: RGB = (30, 32, 40)
DARK_RED: RGB = (168, 24, 32)
LIGHT_RED: RGB = (236, 110, 110)
TAG_COLOURS: dict[str, RGB] = {"metropolis": (70, 78, 96), "culture": (150, 70, 150), "nature": (36, 128, 66)}
RARITY_COLOURS: dict[str, RGB] = {
    "common": (170, 176, 190), "uncommon": (86, 180, 110), "rare": (70, 140, 230),
    "legendary": (236, 160, 40), "unique": (226, 84, 150),
}
STATE_COLOURS: dict[str, RGB] = {"hospital": (230, 80, 80), "parallel": (150, 110, 230), "fever": (240, 160, 40)}

#: Pawn, patent and holder colours, one per seat (2–6 players).
SEAT_COLOURS: tuple[RGB, ...] = ((52, 118, 232), (226, 66, 112), (24, 168, 150), (150, 92, 226), (236, 140, 28),
                                 (96, 110, 128))


def w(key: str, lang: str, **params: Any) -> str:
    """A display word of ``megarich.toml`` in ``lang`` (English when missing)."""
    table = _WORDS.get(lang, _WORDS["en"])
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat``'s pawn, patents and blocks."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def names_for(names: Sequence[str] | None, lang: str, players: int) -> list[str]:
    """Every seat's display name."""
    return [seat_label(s, lang, names) for s in range(max(players, len(names or ())))]


@cache
def continent_colours() -> dict[str, RGB]:
    """Each continent's region colour, as ``places.toml`` names it."""
    raw = tomllib.loads((board.DATA / "places.toml").read_text(encoding="utf-8"))
    return {c: COLOUR_NAMES.get(str(raw["continents"][c].get("colour", "")), pal.MUTED) for c in board.CONTINENTS}


def tile_name(tile: str, lang: str) -> str:
    """The name of a tile (a place, a key city or a hub) in ``lang``."""
    return board.atlas().by_id[tile].name(lang)


def tile_fill(tile: str) -> RGB:
    """A tile's fill: its continent's light colour, a key city's bright one, the hubs' teal."""
    found = board.atlas().by_id[tile]
    if isinstance(found, board.KeyCity):
        return KEY_COLOURS[found.position]
    if isinstance(found, board.Hub):
        return HUB
    return continent_colours()[found.continent]


def is_key(tile: str) -> bool:
    """Whether ``tile`` is one of the three key cities."""
    return isinstance(board.atlas().by_id[tile], board.KeyCity)


def item_name(item: str, lang: str) -> str:
    """An item's name in ``lang``."""
    return catalogue()[item].name(lang)


def item_colour(item: str) -> RGB:
    """The colour of an item's rarity."""
    return RARITY_COLOURS.get(catalogue()[item].rarity, pal.MUTED)


def pawn(cv: Canvas, centre: tuple[float, float], seat: int, radius: float, *, ring: RGB | None = None) -> None:
    """A numbered pawn in the seat's colour; ``ring`` circles it (the player to act)."""
    colour = seat_colour(seat)
    cx, cy = centre
    if ring is not None:
        cv.circle(centre, radius * 1.42, fill=ring)
    cv.circle((cx + radius * 0.12, cy + radius * 0.18), radius, fill=pal.darken(colour, 0.6))
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=max(1.0, radius / 5.5))
    cv.text(centre, str(seat + 1), radius * 1.2, fill=(255, 255, 255), bold=True, anchor="mm")


def flag(cv: Canvas, xy: tuple[float, float], seat: int, size: float, level: int = 0) -> None:
    """A patent holder's flag: a pennant in the seat's colour on a pole, with the block's level."""
    x, y = xy
    colour = seat_colour(seat)
    cv.line([(x, y - size * 0.1), (x, y + size)], fill=INK, width=max(1.0, size / 9))
    cv.polygon([(x, y - size * 0.1), (x + size * 1.15, y + size * 0.25), (x, y + size * 0.6)], fill=colour,
               outline=(255, 255, 255), width=max(0.7, size / 14))
    if level:
        cv.text((x + size * 0.4, y + size * 0.26), str(level), size * 0.62, fill=(255, 255, 255), bold=True,
                anchor="mm")


def pips(cv: Canvas, xy: tuple[float, float], level: int, size: float, colour: RGB, top: int = 4) -> float:
    """``top`` small squares, ``level`` of them filled; returns the width."""
    x, y = xy
    for i in range(top):
        cv.box((x + i * size * 1.3, y - size / 2, x + i * size * 1.3 + size, y + size / 2),
               fill=colour if i < level else pal.PANEL_ALT, outline=pal.LINE, radius=size * 0.2)
    return top * size * 1.3
