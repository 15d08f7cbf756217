"""Images for The Landlord's Game (with Prosperity): the public board, a seat's private panel and the
final result.

Drawn from a :class:`~games.landlords.view.LandlordsView` (what one seat or a spectator may see) plus
the public board data; never from the game state. Cash is drawn only where the view carries it: a
spectator view has no cash at all, so the public board never shows anyone's cash or sealed bid.

The package: :mod:`.common` (geometry, palette, words, icons), :mod:`.spaces` (one space of the
board), :mod:`.board` (the public board), :mod:`.panel` (a seat's private panel) and :mod:`.result`
(the final ranking). Words of the images are in ``landlords.toml``.
"""

from __future__ import annotations

from ..kit import TitleRenderer
from .board import board_image
from .common import SEAT_COLOURS
from .panel import private
from .result import result

__all__ = ["RENDERER", "SEAT_COLOURS", "board_image", "private", "result"]

#: The renderer registered for ``landlords``.
RENDERER = TitleRenderer("landlords", board_image, private, result)
