"""Images for 18 Royal Gorge: the board (the map, the stock market, the charters, the players, steel, gold and
the depot), a seat's private panel, the result, and a zoomed detail of one hex with the tiles that may be laid
there in each offered rotation (``r0`` … ``r5``).

Drawn from a :class:`~games.royal_gorge.view.RGView` and the public data (:func:`games.royal_gorge.content.content`)
with the hex-map kit :mod:`render.hexes`; never from the game state. 18xx hides nothing, so every image may show
everything in the view.

The map fields (``laid``, ``tokens``, ``gold_cubes``, ``steel``) and the operating-round figures (``depot``, a
company's ``trains`` and ``debt``, ``gold_shipped``, ``debt_col``, ``treaty``, ``last``) are read with
:func:`getattr` and a default, so a view without them draws the opening position: no tiles, station tokens from
each company's ``tokens`` list, the full steel market and depot.

The package: :mod:`.common` (geometry, words and colours from ``royal_gorge.toml``, the view's fields),
:mod:`.map` (the map, drawn once per position and patched), :mod:`.board` (the public board) with
:mod:`.market`, :mod:`.charters` and :mod:`.metals`, :mod:`.panel` (a seat's private panel), :mod:`.result`
(the final ranking) and :mod:`.focus` (one hex and the tiles that fit it, beside the move menu).
"""

from __future__ import annotations

from .board import board_image, draw_board
from .common import HEX, WIDTH, BoardImage, corp_colour
from .focus import RoyalGorgeRenderer, detail, draw_detail_canvas
from .panel import PRIVATE_W, private
from .result import RESULT_W, result

__all__ = [
    "HEX",
    "PRIVATE_W",
    "RENDERER",
    "RESULT_W",
    "WIDTH",
    "BoardImage",
    "RoyalGorgeRenderer",
    "board_image",
    "corp_colour",
    "detail",
    "draw_board",
    "draw_detail_canvas",
    "private",
    "result",
]

#: The renderer ``games.royal_gorge`` declares (``GameMeta.renderer = "render.royal_gorge:RENDERER"``).
RENDERER = RoyalGorgeRenderer("royal-gorge", board_image, private, result, detail)
