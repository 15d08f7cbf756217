"""The league standings image (render/league_standings.py, issue 23 §4): every row's place, name
(Chinese included), points, tables, rating and its change, the headings in the reader's language; a
league of 40 members stays a sensible size (within 200 KiB, as wide as designed, taller with rows)."""

from __future__ import annotations

import io

from PIL import Image

from render import fonts, recording
from render.kit import is_cjk
from render.league_standings import LeagueStandings, StandingsRow, standings_png

ROWS = (StandingsRow(1, "张伟", 11, 3, 1084, "+31"), StandingsRow(2, "Alice", 9, 3, 1012, "−7"),
        StandingsRow(2, "Bob", 9, 3, 1012, "±0"), StandingsRow(4, "李娜", 6, 2, 955, "–"))


def view(rows: tuple[StandingsRow, ...] = ROWS) -> LeagueStandings:
    return LeagueStandings("积分榜", "周一联赛 · 捡石子 · 第 1 赛季，已结束，第 3/3 轮后",
                           ("积分", "局数", "等级分", "本轮"), rows, "同分时：先比第一名次数，再比等级分。")


def test_the_standings_show_every_row_in_the_readers_language() -> None:
    with recording() as drawn:
        data = standings_png(view(), "zh")
    shown = [d.text for d in drawn]
    for text in ("积分榜", "周一联赛 · 捡石子 · 第 1 赛季，已结束，第 3/3 轮后", "积分", "局数", "等级分", "本轮",
                 "张伟", "Alice", "Bob", "李娜", "11", "9", "6", "1084", "1012", "955", "+31", "−7", "±0", "–",
                 "同分时：先比第一名次数，再比等级分。"):
        assert text in shown, text
    assert shown.count("2") >= 2  # tied members share the place
    image = Image.open(io.BytesIO(data))
    assert image.width == 900 and len(data) <= 200 * 1024


def test_chinese_names_are_drawn_with_a_cjk_font() -> None:
    """Every Chinese string drawn (names, headings) draws with a font that covers it, in the weight
    used for names too (no tofu), and two Chinese names give two different images."""
    with recording() as drawn:
        one = standings_png(view(), "zh")
    found = [d.text for d in drawn if any(is_cjk(ch) for ch in d.text)]
    assert "张伟" in found and "李娜" in found
    for text in found:
        for bold in (False, True):
            used, _stroke = fonts.font_for(text, 19, bold)
            assert fonts.covers(used, text), f"{text!r} would draw as tofu (bold={bold})"
    other = standings_png(view((StandingsRow(1, "王芳", 11, 3, 1084, "+31"), *ROWS[1:])), "zh")
    assert one != other


def test_forty_members_fit_within_an_upload_and_grow_the_image() -> None:
    many = tuple(StandingsRow(n + 1, f"成员{n} Member {n}", 40 - n, 3, 1000 + n, f"+{n}") for n in range(40))
    short = Image.open(io.BytesIO(standings_png(view(many[:1]), "en")))
    data = standings_png(view(many), "en")
    tall = Image.open(io.BytesIO(data))
    assert tall.height > short.height and tall.width == 900
    assert len(data) <= 200 * 1024, len(data)
