"""Images of 巨富豪∞ (Megarich∞), one renderer for all three phases, drawn from the title's views only:

- gathering (取材): :mod:`.board` (a window of the wrapped map around the player to act, the minimap, the
  travellers and the tram's odds) and :mod:`.panel` (a player's panel: the day's clock, funds, hand, buffs, blocks
  and states; the hand only in the seat's own view);
- design (设计): :mod:`.design` — the public board says who is done and what each brought; a seat's private image
  is its own design board with the preview, and beside a placement menu (``place b3 …``, ``slot t …``) the
  cells and orientations that fit (the view's ``focus``, put there by ``Game.focus_view``);
- battle and after: :mod:`.result` — the bidding result with every revealed design (the board), the result
  screen of :mod:`render.result` (the result image); the battle's replay is the renderer's animation
  (:func:`render.megarich_battle.game_animation`).

:mod:`.common` holds the words (``megarich.toml``), colours and icons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..kit import TitleRenderer
from ..megarich_battle import game_animation
from .board import board_image, draw_board
from .design import design_image, draw_design, draw_status, status_image
from .panel import panel_image, private
from .result import draw_over, over_image, result

__all__ = ["RENDERER", "MegarichRenderer", "board_image", "design_image", "draw_board", "draw_design",
           "draw_over", "draw_status", "over_image", "own_image", "panel_image", "private", "public_image",
           "result_image", "status_image"]


def _phase(view: Any) -> str:
    return str(getattr(view, "phase", ""))


def public_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The public table of the phase: the map window (gathering), who is done (design), the result (after)."""
    phase = _phase(view)
    if phase == "design" and view.design is not None:
        return status_image(view, lang, names)
    if phase in ("battle", "over") and view.battle is not None:
        return over_image(view, lang, names)
    return board_image(view.gathering, lang, names)


def own_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """A seat's own image: its panel (gathering), its design board with the preview (design and after)."""
    if view.viewer is None:
        return public_image(view, lang, names)
    if _phase(view) != "gathering" and view.design is not None and view.design.own is not None:
        return design_image(view, lang, names)
    return private(view.gathering, lang, names)


def result_image(outcome: Any, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The result screen: the ranking of the battle (rule 6.4) with every revealed design."""
    return result(outcome, view, lang, names)


@dataclass(frozen=True)
class MegarichRenderer(TitleRenderer):
    """The three drawings, the battle's replay as the move animation, and the placement menu's focus."""

    def animation(self, view: Any, events: Sequence[Any], lang: str,
                  names: Sequence[str] | None = None) -> tuple[bytes, str] | None:
        """The battle's replay after the move that fought it (``None`` after any other move)."""
        return game_animation(view, events, lang, names)

    def focus(self, view: Any, path: Sequence[str], lang: str, names: Sequence[str] | None = None) -> bytes | None:
        """Beside ``place <block> …`` or ``slot <kind> …`` in the design phase: the own design with the cells (then
        the orientations) the view's ``focus`` offers; nothing elsewhere."""
        if getattr(view, "focus", None) is None or _phase(view) != "design":
            return None
        return design_image(view, lang, names)


#: The renderer ``games.megarich`` declares (``GameMeta.renderer = "render.megarich:RENDERER"``).
RENDERER = MegarichRenderer("megarich", public_image, own_image, result_image)
