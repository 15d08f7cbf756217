"""巨富豪∞ after the battle: the bidding result (the battle's summary of :mod:`render.megarich_battle`) with every
revealed design under it — the public board once the game is over — and the title's result screen
(:mod:`render.result`: the ranking of rule 6.4 with each wonder, the S it kept, the tick it fell and the damage it
dealt, then the revealed designs).

Drawn from the view's public battle record (``view.battle.replay``: the fight tick by tick, worked out by the title
so that nothing here runs the battle) and the designs the view reveals (every design once all are done, rule 4.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.megarich.game import GAME, META

from .. import palette as pal
from ..kit import DIRECT, Canvas, board_palette
from ..megarich_battle import summary_canvas
from ..result import Cell, Column, ResultScreen, result_png
from .common import names_for, w
from .design import DESIGN_W, STATS, draw_wonders

__all__ = ["RESULT_W", "draw_over", "over_image", "result", "screen"]

RESULT_W = DESIGN_W
COLUMN_W = 150


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
    return draw_over(view, lang, names).png(board_palette("megarich"))


def result(outcome: Any, view: Any, lang: str, names: Sequence[str] | None = None) -> bytes:
    """The result screen as PNG bytes (see :func:`screen`)."""
    shown = names_for(names, lang, len(view.gathering.players))
    return result_png(screen(outcome, view, lang, shown), outcome, lang)


def screen(outcome: Any, view: Any, lang: str, names: Sequence[str]) -> ResultScreen:
    """The ranking of the battle (rule 6.4): beside each name its wonder and stats; the S it kept, the tick it fell
    (or that it stood) and the damage it dealt; the revealed designs below."""
    fought = view.battle
    entries = {e.seat: e for e in fought.entries} if fought is not None else {}
    fell = dict(fought.replay.result().out_at) if fought is not None and fought.replay is not None else {}
    damage = list(fought.damage) if fought is not None else []
    designs = list(view.design.designs) if view.design is not None else []
    wonders = draw_wonders(designs, lang, names, RESULT_W) if designs else None
    winners = [names[s] for s in getattr(outcome, "winners", ())]

    def player(cv: Canvas, standing: Any, x: float, y: float, width: float, h: float) -> None:
        cv.text((x, y + 24), names[standing.seat], 20, bold=True, max_width=width - 12)
        entry = entries.get(standing.seat)
        if entry is not None:
            stats = "  ".join(f"{s} {getattr(entry, s)}" for s in STATS)
            line = f"{entry.name or w('unnamed', lang)} · {stats}"
            cv.text((x, y + 52), line, 13.5, fill=pal.MUTED, max_width=width - 12)

    def cells(standing: Any) -> list[Cell]:
        entry = entries.get(standing.seat)
        full = entry.S if entry is not None else 0
        tick = fell.get(standing.seat)
        dealt = damage[standing.seat] if 0 <= standing.seat < len(damage) else 0
        return [Cell(f"{standing.score} / {full}", pal.ACCENT if standing.rank == 1 else pal.TEXT, 17, bold=True),
                Cell(str(tick) if tick else w("stood", lang), pal.TEXT if tick else pal.GOOD, 16),
                Cell(f"{dealt:,}", pal.TEXT, 16)]

    def below(cv: Canvas, y: float) -> float:
        if wonders is None:
            return 0
        cv.paste(wonders, (0, round(y)))
        return wonders.height

    return ResultScreen(
        title=w("results", lang), subtitle=META.names.get(lang, META.names["en"]), player=player, cells=cells,
        columns=[Column(w("col_left", lang), COLUMN_W), Column(w("col_fell", lang), COLUMN_W),
                 Column(w("col_dealt", lang), COLUMN_W)],
        width=RESULT_W, banner=w("wins", lang, name=w("comma", lang).join(winners)) if winners else "",
        intro=[GAME.text(key, params, lang, names) for key, params in getattr(outcome, "reasons", ())],
        row_h=76, medal_r=20, radius=10, row_gap=8, below=below)
