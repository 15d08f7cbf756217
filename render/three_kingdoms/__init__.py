"""Images for Three Kingdoms (逐鹿): the public board, a seat's private panel and the final result.

Drawn from a :class:`~games.three_kingdoms.view.TKView` (what one seat or a spectator may see) plus the
public content (map, lord boards, talent cards, condition cards); never from the game state. The board
shows no hand: a spectator view carries only hand sizes, and only :func:`private` draws
``view.seats[view.viewer].hand``.

Layout of the board (about 1500 px wide): a header with the round and whose turn it is; the map of the
13 州 (left) beside the rondel and the 称霸/称王/称帝 ladder (right); the four talent markets; one panel
per player; the last move. Words of the image are in ``three_kingdoms.toml``; names of actions,
resources, buildings, tiers, metrics and card effects come from the game's own catalog.

The package: :mod:`.common` (geometry, palettes, words, small pieces), :mod:`.map` (the 13 州),
:mod:`.rondel` (the rondel and the ladder), :mod:`.board` (the public board), :mod:`.panel` (a seat's
private panel) and :mod:`.result` (the final ranking).
"""

from __future__ import annotations

from games.three_kingdoms.game import META

from ..kit import TitleRenderer
from .board import board_image, draw_board, map_centres
from .common import BOX_W, REGION_COLOURS, SEAT_COLOURS, prompt_text
from .panel import private
from .result import result

__all__ = ["BOX_W", "REGION_COLOURS", "RENDERER", "SEAT_COLOURS", "board_image", "draw_board", "map_centres",
           "private", "prompt_text", "result"]

#: The renderer registered for ``three-kingdoms``.
RENDERER = TitleRenderer(META.id, board_image, private, result)
