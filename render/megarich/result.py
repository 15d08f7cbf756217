"""巨富豪∞ after the battle: the bidding result (the battle's summary of :mod:`render.megarich_battle`) with every
revealed design under it — the public board once the game is over, and the title's result image.

Drawn from the view's public battle record (``view.battle.replay``: the fight tick by tick, worked out by the title
so that nothing here runs the battle) and the designs the view reveals (every design once all are done, rule 4.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import palette as pal
from ..kit import DIRECT, Canvas
from ..megarich_battle import summary_canvas
from .common import names_for
from .design import DESIGN_W, draw_wonders

__all__ = ["draw_over", "over_image"]


def draw_over(view: Any, lang: str, names: Sequence[str] | None = None) -> Canvas:
    """The battle's summary, then the revealed designs; ``ValueError`` before the battle is fought."""
    fought = view.battle
    if fought is None or fought.replay is None:
        raise ValueError("the bidding result needs a view of a fought battle")
    shown = names_for(names, lang, len(view.gathering.players))
    summary = summary_canvas(fought.replay.result(), lang, shown)
    designs = list(view.design.designs) if view.design is not None else []
    width = max(summary.width, DESIGN_W)
    wonders = draw_wonders(designs, lang, shown, width) if designs else None
    height = summary.height + (wonders.height if wonders is not None else 0)
    cv = Canvas(width, height, lang, scale=DIRECT)
    cv.paste(summary, (0, 0))
    if wonders is not None:
        cv.line([(24, summary.height), (width - 24, summary.height)], fill=pal.LINE, width=1)
        cv.paste(wonders, (0, summary.height))
    return cv


def over_image(view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """:func:`draw_over` as PNG bytes."""
    return draw_over(view, lang, names).png()
