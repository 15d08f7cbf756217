"""The result screen every title shares (render.result, issue 24 §3): what it shows, that its dry layout pass
sizes it exactly, and the house rule that no renderer module grows past 800 lines without saying why."""

from __future__ import annotations

import dataclasses
import io
from pathlib import Path
from typing import Any

from PIL import Image

from games.core import Outcome, Standing
from render import recording
from render.kit import DIRECT, Canvas
from render.result import Cell, Column, ResultScreen, draw_result, result_png

OUTCOME = Outcome((Standing(2, 1, 31, {"a": 20, "b": 11}), Standing(0, 2, 31, {"a": 25, "b": 6}),
                   Standing(1, 3, -4, {"a": 0, "b": -4})), (("tiebreak.none", {}),))
NAMES = ["Alice", "Bob", "张伟"]


def screen(**changes: Any) -> ResultScreen:
    def player(cv: Canvas, standing: Standing, x: float, y: float, w: float, h: float) -> None:
        cv.text((x, y + 24), NAMES[standing.seat], 20, bold=True, max_width=w)

    def cells(standing: Standing) -> list[Cell]:
        return [Cell(str(standing.breakdown["a"])), Cell(str(standing.breakdown["b"])),
                Cell(str(standing.score), size=26, bold=True)]

    base = ResultScreen(title="Final results", subtitle="A title", player=player, cells=cells,
                        columns=[Column("A", 100), Column("B", 100), Column("Total", 110)], banner="Winner: 张伟",
                        notes_title="Notes", notes=["Ties are broken by A."])
    return dataclasses.replace(base, **changes)


def test_the_screen_shows_heading_winners_columns_rows_and_notes() -> None:
    with recording() as drawn:
        data = result_png(screen(), OUTCOME, "en")
    shown = [d.text for d in drawn]
    for text in ("Final results", "A title", "Winner: 张伟", "A", "B", "Total", "Alice", "Bob", "张伟", "20", "11",
                 "31", "-4", "1", "2", "3", "Notes", "• Ties are broken by A."):
        assert text in shown, text
    assert Image.open(io.BytesIO(data)).width == 1240


def test_the_dry_pass_sizes_the_screen_as_drawn() -> None:
    """Canvas.fitted lays the screen out on a dry canvas first, which skips the fixed-height parts: the height
    it finds is the height drawn, with or without notes, intro and what comes below."""
    def below(cv: Canvas, y: float) -> float:
        cv.box((40, y, 200, y + 50), fill=(200, 0, 0))
        return 50 + 24

    for variant in (screen(), screen(notes=()), screen(intro=["Why it ended, at some length."] * 3, intro_bold=True),
                    screen(below=below, footnote="How ties are broken.")):
        dry = draw_result(Canvas(variant.width, 1, "en", dry=True, scale=DIRECT), variant, OUTCOME)
        wet = draw_result(Canvas(variant.width, round(dry), "en", scale=DIRECT), variant, OUTCOME)
        assert dry == wet


def test_no_renderer_module_is_over_800_lines_without_a_reason() -> None:
    """Issue 24's house rule, for render/: a longer module says at its top why it is one piece."""
    root = Path(__file__).parents[2] / "render"
    long = [str(p.relative_to(root)) for p in root.rglob("*.py")
            if len(p.read_text(encoding="utf-8").splitlines()) > 800
            and "over 800 lines" not in p.read_text(encoding="utf-8")[:2000].lower()]
    assert long == []
