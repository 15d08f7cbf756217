"""The leaderboard image (render/leaderboard.py, issue 23 §1): every row's place, name (Chinese
included), rating, tables and μ / σ, the column headings and footnote in the reader's language, and
a height that grows with the rows."""

from __future__ import annotations

import io

from PIL import Image

from render import recording
from render.leaderboard import Leaderboard, LeaderboardRow, leaderboard_png

ROWS = (LeaderboardRow(1, "张伟", 1084, 5, 28.4, 6.1), LeaderboardRow(2, "Alice", 1012, 2, 25.9, 7.4),
        LeaderboardRow(2, "Bob", 1012, 2, 25.9, 7.4), LeaderboardRow(4, "李娜", 955, 1, 23.6, 8.0))


def board(rows: tuple[LeaderboardRow, ...] = ROWS) -> Leaderboard:
    return Leaderboard("排行榜", "捡石子", ("等级分", "局数", "μ / σ"), rows, "等级分 = 1000 + 40 × (μ − 3σ)")


def test_the_leaderboard_shows_every_row_in_the_readers_language() -> None:
    with recording() as drawn:
        data = leaderboard_png(board(), "zh")
    shown = [d.text for d in drawn]
    for text in ("排行榜", "捡石子", "等级分", "局数", "μ / σ", "张伟", "Alice", "Bob", "李娜", "1084", "1012", "955",
                 "28.4 / 6.1", "1", "2", "4", "等级分 = 1000 + 40 × (μ − 3σ)"):
        assert text in shown, text
    assert shown.count("2") >= 2 and "3" not in shown  # tied members share the place; nobody is 3rd
    assert Image.open(io.BytesIO(data)).width == 900


def test_more_rows_make_a_taller_image() -> None:
    short = Image.open(io.BytesIO(leaderboard_png(board(ROWS[:1]), "zh"))).height
    assert Image.open(io.BytesIO(leaderboard_png(board(), "zh"))).height > short
