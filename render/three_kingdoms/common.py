"""Three Kingdoms images' shared parts: geometry, palettes, words, the prompt and last-move lines and the small
pieces (markers, resources, crown, seal, pointer badges)."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from games.three_kingdoms import GAME
from games.three_kingdoms.content import (
    ROW_ACTION,
    Talent,
    content,
)
from games.three_kingdoms.game import META
from games.three_kingdoms.text import card_name, effect_text, gains_text, move_steps, word
from games.three_kingdoms.view import AskView, SeatView, TKView

from .. import palette as pal
from ..kit import MARGIN_DEFAULT, Canvas, seat_label
from ..palette import RGB

MARGIN = MARGIN_DEFAULT
GAP = 16
WIDTH = 1500
INNER = WIDTH - 2 * MARGIN
MAP_W = 900                      # the map panel; the rondel and ladder column is right of it
SIDE_X = MARGIN + MAP_W + GAP
SIDE_W = WIDTH - MARGIN - SIDE_X
BOX_W, BOX_H = 124, 96           # a 州 on the map
HEADER_H = 54                    # the title line above the map
RONDEL_R = 166                   # the rondel's outer radius
PRIVATE_W = 1000
RESULT_W = 1240

# The printed map: parchment, dark ink; the four regions in soft earth colours.
PARCHMENT: RGB = (238, 230, 208)
INK: RGB = (40, 38, 34)
INK_MUTED: RGB = (110, 104, 92)
BORDER_LINE: RGB = (122, 104, 82)
COST_BADGE: RGB = (74, 58, 44)
REGION_COLOURS: dict[str, RGB] = {
    "nw": (224, 200, 148),       # 西北: loess and steppe
    "ne": (178, 200, 228),       # 东北: the northern plain
    "se": (176, 214, 170),       # 东南: rivers and rice
    "sw": (230, 180, 160),       # 西南: red hills
}
_REGION_FALLBACK: tuple[RGB, ...] = tuple(REGION_COLOURS.values())
# Card bands by deck: a region's deck in a deeper tone of its map colour.
DECK_COLOURS: dict[str, RGB] = {
    "nw": (170, 128, 58), "ne": (64, 104, 168), "se": (54, 132, 74), "sw": (176, 86, 64),
    "hand": (112, 114, 124), "lord": (146, 112, 36), "ba": (168, 40, 44), "wang": (118, 52, 150),
}
# Seat colours: occupation markers, buildings, claims.
SEAT_COLOURS: tuple[RGB, ...] = ((44, 102, 214), (206, 48, 56), (12, 146, 136), (140, 84, 210))
RESOURCE_COLOURS: dict[str, RGB] = {"gold": (242, 196, 48), "wood": (150, 98, 52), "troops": (200, 62, 58)}
# The rondel: one tone per action, the two pointers in clearly different colours.
ACTION_COLOURS: dict[str, RGB] = {
    "sell": (150, 118, 30), "log": (112, 78, 44), "recruit": (150, 48, 48), "hire": (102, 70, 146),
    "siege": (170, 70, 30), "build": (70, 104, 118), "any": (84, 88, 100),
}
TAO: RGB = (232, 72, 56)          # 韬: vermilion
LUE: RGB = (40, 150, 232)         # 略: azure
GOLD: RGB = (230, 182, 60)
# One glyph per building kind and per empty square (zh: the word's first character).
_GLYPH_EN = {"lumber": "Lm", "barracks": "Bk", "workshop": "Ws", "drill": "Dr", "works": "Wk", "pavilion": "Pv",
             "special": "Sp"}

_WORDS: dict[str, dict[str, str]] = tomllib.loads(
    Path(__file__).with_name("three_kingdoms.toml").read_text(encoding="utf-8"))


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS["zh"] if lang.startswith("zh") else _WORDS["en"]
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _zh(lang: str) -> bool:
    return lang.startswith("zh")


def _word(group: str, key: str, lang: str) -> str:
    return word(GAME, group, key, lang)


def _tier(tier: str, lang: str) -> str:
    """A tier's short name: 称霸 / Hegemon (the catalog's English adds the Chinese in brackets)."""
    return _word("tier", tier, lang).split(" (")[0]


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


def seat_colour(seat: int) -> RGB:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _region_colour(region: str) -> RGB:
    if region in REGION_COLOURS:
        return REGION_COLOURS[region]
    index = list(content().regions).index(region) if region in content().regions else 0
    return _REGION_FALLBACK[index % len(_REGION_FALLBACK)]


def _deck_colour(card: str) -> RGB:
    talent = content().talents.get(card)
    return DECK_COLOURS.get(talent.deck, pal.MUTED) if talent else pal.MUTED


def glyph(kind: str, lang: str) -> str:
    """The short mark of a building kind (or of an empty square) on the map."""
    if _zh(lang):
        return _word("kind", kind, lang)[:1]
    return _GLYPH_EN.get(kind, kind[:2].title())


def _lord_name(seat: SeatView, lang: str) -> str:
    lord = content().lords.get(seat.lord)
    return lord.name(lang) if lord else ""


def _effects(talent: Talent, lang: str) -> str:
    sep = "；" if _zh(lang) else "; "
    return sep.join(effect_text(GAME, e, lang) for e in talent.effects)


def _moves(talent: Talent, lang: str) -> str:
    return " | ".join(move_steps(m, lang) for m in talent.moves)


def prompt_text(ask: AskView, lang: str, names: Sequence[str]) -> str:
    """What the game waits for, in the catalog's words (``act`` lists the actions still pending)."""
    params: dict[str, Any] = {"pointer": ask.detail, "kind": ask.detail, "tier": ask.detail, "card": ask.detail}
    if ask.kind == "act":
        params["actions"] = _w("comma", lang).join(_word("action", a, lang) for a in ask.pending)
    text = GAME.text(f"prompt.{ask.kind}", params, lang, names)
    if ask.kind == "choice" and ask.options:
        text += _w("colon", lang) + " / ".join(gains_text(GAME, o, lang) for o in ask.options)
    return text


def last_text(view: TKView, lang: str, names: Sequence[str]) -> str:
    """The latest visible change in words ("" before the first)."""
    if view.last_seat is None:
        return ""
    c = content()
    name = names[view.last_seat] if 0 <= view.last_seat < len(names) else f"#{view.last_seat + 1}"
    kind, where = view.last_kind, view.last_where
    if kind in {"play", "hire"}:
        text = _w(f"last_{kind}", lang, name=name, card=card_name(where, lang))
    elif kind in {"siege", "build"}:
        zhou = c.zhou[where].name(lang) if where in c.zhou else where
        text = _w(f"last_{kind}", lang, name=name, zhou=zhou)
    elif kind in {"recall", "usurp"}:
        text = _w(f"last_{kind}", lang, name=name)
    elif kind in ROW_ACTION.values():
        text = _w("last_produce", lang, name=name, action=_word("action", kind, lang))
    else:
        text = _w("last_other", lang, name=name, kind=kind)
    return _w("last", lang, text=text)


# ------------------------------------------------------------------------------------------------
# Small pieces


def _marker(cv: Canvas, centre: tuple[float, float], seat: int, radius: float) -> None:
    """An occupation marker: a disc in the seat's colour with its number."""
    colour = seat_colour(seat)
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=max(1.0, radius / 6))
    cv.text(centre, str(seat + 1), radius * 1.1, fill=(255, 255, 255), bold=True, anchor="mm")


def _disc_row(cv: Canvas, x: float, y: float, seats: Sequence[int], radius: float = 10) -> float:
    """Seat discs left to right from ``x``, centred on ``y``; returns the width."""
    for i, seat in enumerate(seats):
        _marker(cv, (x + radius + i * (2 * radius + 4), y), seat, radius)
    return len(seats) * (2 * radius + 4)


def _resource(cv: Canvas, xy: tuple[float, float], key: str, amount: int, size: float = 18,
              fill: RGB = pal.TEXT) -> float:
    """A resource cube and its amount, vertically centred on ``xy[1]``; returns the width."""
    x, y = xy
    cv.cube((x, y - size / 2), size, RESOURCE_COLOURS[key], hollow=amount == 0)
    w = cv.text((x + size * 1.22, y), str(amount), size * 0.92, bold=True, fill=fill if amount else pal.MUTED)
    return size * 1.22 + w


def _crown(cv: Canvas, centre: tuple[float, float], size: float, fill: RGB = GOLD) -> None:
    cx, cy = centre
    h = size / 2
    cv.polygon([(cx - h, cy + h * 0.6), (cx - h, cy - h * 0.5), (cx - h * 0.45, cy), (cx, cy - h * 0.8),
                (cx + h * 0.45, cy), (cx + h, cy - h * 0.5), (cx + h, cy + h * 0.6)], fill=fill,
               outline=pal.darken(fill, 0.45), width=max(0.8, size / 14))


def _seal(cv: Canvas, centre: tuple[float, float], size: float, fill: RGB = (196, 40, 44)) -> None:
    """An imperial seal: a square stamp with a knob."""
    cx, cy = centre
    h = size / 2
    cv.box((cx - h * 0.8, cy - h * 0.2, cx + h * 0.8, cy + h), fill=fill, outline=pal.darken(fill, 0.4), radius=2,
           width=max(0.8, size / 14))
    cv.circle((cx, cy - h * 0.5), h * 0.38, fill=pal.lighten(fill, 0.15), outline=pal.darken(fill, 0.4),
              width=max(0.8, size / 14))


def _pointer_badge(cv: Canvas, centre: tuple[float, float], pointer: str, radius: float) -> None:
    colour = TAO if pointer == "tao" else LUE
    cv.circle(centre, radius, fill=colour, outline=(255, 255, 255), width=2)
    cv.text(centre, "韬" if pointer == "tao" else "略", radius * 1.05, fill=(255, 255, 255), bold=True, anchor="mm")
