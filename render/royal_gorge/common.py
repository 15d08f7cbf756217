"""18 Royal Gorge images' shared parts: geometry, words and colours (``royal_gorge.toml``), names, money, and the
view's fields read with defaults (a view without them draws the opening position)."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core.hexgrid import Layout
from games.royal_gorge.content import content
from games.royal_gorge.game import META

from .. import palette as pal
from ..hexes import TILE_COLOURS
from ..kit import MARGIN_DEFAULT, Canvas, seat_label
from ..palette import RGB
from ..static_layer import Sprites

MARGIN = MARGIN_DEFAULT
WIDTH = 1600             # the board: a chat preview shows it whole
HEX = 46                 # the map's hex radius: 15 columns come out about 1130 px wide
GAP = 16
DETAIL_HEX = 84

_DATA: dict[str, Any] = tomllib.loads(Path(__file__).with_name("royal_gorge.toml").read_text(encoding="utf-8"))
_WORDS: dict[str, dict[str, str]] = {"en": _DATA["en"], "zh": _DATA["zh"]}
_COLOURS: dict[str, RGB] = {k: (v[0], v[1], v[2]) for k, v in _DATA["colours"].items()}
_TOKEN_TEXT: dict[str, str] = dict(_DATA.get("token_text", {}))

GOLD: RGB = (236, 186, 44)
STEEL: RGB = (150, 164, 184)
WALL: RGB = (40, 36, 34)
NAME_INK: RGB = (34, 34, 40)
DIM: RGB = (92, 98, 114)
PHASE_COLOUR: dict[str, RGB] = {"yellow": TILE_COLOURS["yellow"], "green": TILE_COLOURS["green"],
                                "brown": TILE_COLOURS["brown"], "silver": (196, 200, 208),
                                "gray": (196, 200, 208), "red": TILE_COLOURS["red"]}
ZONE_COLOUR: dict[str, RGB] = {"": (70, 76, 94), "par": (176, 150, 52), "par_1": (62, 130, 70),
                               "par_2": (132, 92, 58), "endgame": (160, 54, 48)}


def _w(key: str, lang: str, **params: Any) -> str:
    table = _WORDS["zh"] if lang.startswith("zh") else _WORDS["en"]
    text = table.get(key) or _WORDS["en"][key]
    return text.format(**params) if params else text


def _names(names: Sequence[str] | None, lang: str) -> list[str]:
    return [seat_label(s, lang, names) for s in range(max(META.max_players, len(names or ())))]


def _money(n: int) -> str:
    return f"−${-n:,}" if n < 0 else f"${n:,}"


def corp_colour(corp: str) -> RGB:
    """The charter and token colour of a railroad, a metal company or ``DEBT``."""
    return _COLOURS.get(corp, pal.MUTED)


def _corp_name(corp: str, lang: str) -> str:
    c = content()
    found = c.railroads.get(corp) or c.metals.get(corp)
    return found.name(lang) if found else corp


def _private_name(private: str, lang: str) -> str:
    found = content().privates.get(private)
    return found.name(lang) if found else private


def _phase_name(phase: str, lang: str) -> str:
    found = content().phases.get(phase)
    return found.name(lang) if found else phase


# ---- the view, including fields the engine is adding ----------------------------------------------------------
def _laid(view: Any) -> dict[str, tuple[str, int]]:
    """``hex → (tile id, rotation)``; empty before the view carries the map."""
    raw = getattr(view, "laid", None) or {}
    c = content()
    out: dict[str, tuple[str, int]] = {}
    for hex_id, placed in dict(raw).items():
        tile, rotation = placed[0], int(placed[1])
        if hex_id in c.hexes and tile in c.tiles:
            out[hex_id] = (tile, rotation % 6)
    return out


def _rail_ids(view: Any) -> list[str]:
    return [corp.id for corp in view.corps if corp.kind == "rail"]


def _map_tokens(view: Any) -> dict[str, list[str | None]]:
    """``hex → corporation per city slot``: the view's map tokens, else each company's ``tokens`` hexes."""
    raw = getattr(view, "tokens", None)
    if raw is not None:
        return {h: list(slots) for h, slots in dict(raw).items()}
    out: dict[str, list[str | None]] = {}
    for corp in view.corps:
        for hex_id in corp.tokens:
            out.setdefault(hex_id, []).append(corp.id)
    return out


def _gold_cubes(view: Any) -> dict[str, int]:
    return {h: int(n) for h, n in dict(getattr(view, "gold_cubes", None) or {}).items() if n}


def _steel(view: Any) -> dict[str, list[int]]:
    """Column id → the cube prices it still holds (``view.steel`` as colour → column → prices, or column →
    prices); the full market when the view has none."""
    raw = getattr(view, "steel", None)
    c = content()
    if not raw:
        return {col.id: sorted(col.cubes) for col in c.steel.column}
    out: dict[str, list[int]] = {}
    for key, value in dict(raw).items():
        if isinstance(value, Mapping):
            for col, prices in value.items():
                out[str(col)] = sorted(int(p) for p in prices)
        else:
            out[str(key)] = sorted(int(p) for p in value)
    return out


def _depot(view: Any) -> dict[str, int]:
    """Train → copies left in the depot (a train missing from ``view.depot`` is sold out); the full depot when
    the view has none."""
    raw = getattr(view, "depot", None)
    if raw is not None:
        return {str(k): int(v) for k, v in dict(raw).items()}
    return {t.id: (1 if t.unlimited else t.count) for t in content().train_list}


def _trains(corp: Any) -> list[str]:
    return [str(t) for t in getattr(corp, "trains", None) or []]


def _last(view: Any) -> tuple[list[str], str]:
    """The hexes the last move touched and a line about it, from ``view.last`` (``hex``/``hexes`` and ``text``
    or ``move``) or ``view.last_hex``; nothing when the view has neither."""
    last = getattr(view, "last", None)
    hexes: list[str] = []
    text = ""
    if last is not None:
        if isinstance(last, str):
            text = last
        else:
            found = getattr(last, "hexes", None) or ([getattr(last, "hex", None)] if getattr(last, "hex", None) else [])
            hexes = [str(h) for h in found]
            text = str(getattr(last, "text", "") or getattr(last, "move", "") or "")
    single = getattr(view, "last_hex", None)
    if single:
        hexes.append(str(single))
    return [h.upper() for h in hexes], text


@dataclass
class BoardImage:
    """A drawn board and where things landed on it (tests read pixels there)."""

    canvas: Canvas
    layout: Layout                                      # the map's hexes on the canvas
    cells: dict[int, tuple[float, float, float, float]] = field(default_factory=dict)   # market column → box
    markers: dict[str, tuple[float, float]] = field(default_factory=dict)              # company → marker centre
    marker_radius: float = 0.0

    def png(self) -> bytes:
        return self.canvas.png()


#: The board's charters and its steel, gold and depot panels, drawn once per process while what each shows stays
#: the same (issue 25 §2: they change on a few moves, and were a fifth of a board's drawing).
_PANELS = Sprites(96)
