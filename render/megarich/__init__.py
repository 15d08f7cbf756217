"""Images of 巨富豪∞ (Megarich∞)'s gathering phase (取材), drawn from a :class:`~games.megarich.view.GatherView`
and the public board data, never from the game state: :mod:`.board` (a window of the wrapped map around the player
to act, the minimap, the travellers and the tram's odds), :mod:`.panel` (one player's panel: the day's clock, funds,
hand, buffs, blocks and states) and :mod:`.common` (words, colours, icons). Words are in ``megarich.toml``.

Not registered as the title's renderer yet (issue 20 builds the title in parts).
"""

from __future__ import annotations

from .board import board_image, draw_board
from .panel import panel_image, private

__all__ = ["board_image", "draw_board", "panel_image", "private"]
