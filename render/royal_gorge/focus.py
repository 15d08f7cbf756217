"""18 Royal Gorge's focus: one hex zoomed in with the tiles that may be laid there in each offered rotation
(``r0`` … ``r5``), shown beside the move menu; and the renderer that offers it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.royal_gorge.content import content
from games.royal_gorge.records import tabula_id

from .. import palette as pal
from ..hexes import Candidate as _Candidate
from ..hexes import draw_detail
from ..kit import DIRECT, Canvas, TitleRenderer
from .common import DETAIL_HEX, MARGIN, _laid, _last, _map_tokens, _rail_ids, _w
from .map import _cells, _overlay, tile_picture


# ---- detail ----------------------------------------------------------------------------------------------------
def _option(option: Any) -> tuple[str, int]:
    """``(tile, rotation)`` from a pair or an object with ``tile`` and ``rotation`` (a track ``Lay``)."""
    if isinstance(option, tuple | list):
        tile, rotation = option[0], option[1]
    else:
        tile, rotation = option.tile, option.rotation
    tile_id = tile if isinstance(tile, str) else tile.id
    return str(tile_id), int(rotation) % 6


def _grouped(options: Iterable[Any]) -> list[tuple[str, list[int]]]:
    out: dict[str, list[int]] = {}
    for option in options:
        tile, rotation = _option(option)
        rotations = out.setdefault(tile, [])
        if rotation not in rotations:
            rotations.append(rotation)
    return list(out.items())


def _tiles_left(view: Any) -> dict[str, int]:
    c = content()
    on_board = Counter(tile for tile, _ in _laid(view).values())
    return {t.id: t.count - on_board.get(t.id, 0) for t in c.tile_list}


def detail(view: Any, hex_id: str, options: Sequence[Any], lang: str, names: Sequence[str] | None = None) -> bytes:
    """One hex zoomed in with its neighbours, then every offered tile in each offered rotation, labelled
    ``r0`` … ``r5`` (the last token of ``lay <hex> <tile> r<k>``)."""
    return draw_detail_canvas(view, hex_id, options, lang, names).png()


def draw_detail_canvas(view: Any, hex_id: str, options: Sequence[Any], lang: str,
                       names: Sequence[str] | None = None) -> Canvas:
    """:func:`detail` as a canvas. ``ValueError`` when ``hex_id`` is not a hex of the map."""
    c = content()
    where = hex_id.strip().upper()
    if where not in c.hexes:
        raise ValueError(f"{hex_id!r} is not a hex of the 18 Royal Gorge map")
    h = c.hexes[where]
    groups = [(t, r) for t, r in _grouped(options) if t in c.tiles]
    left = _tiles_left(view)
    slots = _map_tokens(view).get(where, [])
    rails = set(_rail_ids(view))
    ghost = h.home if h.home in rails else (h.reserved if h.reserved in rails else "")
    candidates = [_Candidate(tile_picture(c.tiles[t], 0, slots, ghost), tuple(r),
                             f"{t} {_w('left', lang, n=left.get(t, 0))}") for t, r in groups]
    place = f" {h.name(lang)}" if (h.en or h.zh) else ""
    count = sum(len(r) for _, r in groups)
    title = _w("detail", lang, hex=where, place=place, n=count) if groups else \
        _w("detail_none", lang, hex=where, place=place)
    hexes, _text = _last(view)
    drawn = draw_detail(_cells(view, hexes), h.coord, candidates=candidates, size=DETAIL_HEX, lang=lang,
                        title=title, margin=MARGIN)
    around = [where, *(x for e in range(6) if (x := c.neighbour(where, e)) is not None)]
    _overlay(drawn.canvas, drawn.layout, view, lang, DETAIL_HEX, only=around)
    if groups:
        return drawn.canvas
    canvas = Canvas(drawn.canvas.width, drawn.canvas.height + 36, lang, scale=DIRECT)
    canvas.paste(drawn.canvas, (0, 0))
    canvas.text((MARGIN, drawn.canvas.height + 10), _w("no_lay", lang), 16, fill=pal.MUTED)
    return canvas


def _lay_options(view: Any, hex_id: str) -> list[tuple[str, int]]:
    """The lays the view offers on ``hex_id`` (``view.lays``, hex → [(tile, rotation)], put there by the title's
    ``Game.focus_view`` from its menu); none when it offers none. The renderer runs no rules."""
    offered = getattr(view, "lays", None) or {}
    if isinstance(offered, Mapping):
        return [_option(o) for o in offered.get(hex_id, [])]
    return [_option(o) for o in offered if str(getattr(o, "hex", hex_id)).upper() == hex_id]


@dataclass(frozen=True)
class RoyalGorgeRenderer(TitleRenderer):
    """The three drawings every title has, plus :func:`detail` (one hex and the tiles offered there) and the
    menu's :meth:`focus`."""

    detail: Callable[..., bytes] = detail

    def focus(self, view: Any, path: Sequence[str], lang: str, names: Sequence[str] | None = None) -> bytes | None:
        """Beside a move menu at ``path``: once a hex is chosen (``lay l14``), that hex with the tiles and
        rotations that fit it (only the chosen tile's once ``lay l14 57`` is typed); nothing before."""
        if len(path) < 2 or path[0].lower() != "lay":
            return None
        hex_id = path[1].strip().upper()
        if hex_id not in content().hexes:
            return None
        options = _lay_options(view, hex_id)
        if len(path) >= 3:
            chosen = [o for o in options if tabula_id(o[0]) == tabula_id(path[2])]
            options = chosen or options
        return detail(view, hex_id, options, lang, names)
