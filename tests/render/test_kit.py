"""The render kit: CJK fonts really draw Chinese, missing fonts fail loudly, text fits and wraps."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from render import fonts
from render.kit import DIRECT, Canvas, encode_png, recording, replay, seat_label
from render.layout import ELLIPSIS, Flow, fit, wrap

NO_GLYPH = "\U0010fffd"   # Supplementary Private Use Area-B: no font has a glyph here


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    """Forget the discovered fonts before and after a test that changes the environment."""
    fonts.font_sources.cache_clear()
    yield
    fonts.font_sources.cache_clear()


def test_cjk_font_draws_real_chinese_glyphs() -> None:
    face = fonts.font(32)
    notdef = face.getmask(NO_GLYPH)
    for char in "美丽新世界超能金融家将军轮抽":
        mask = face.getmask(char)
        assert (mask.size, bytes(mask)) != (notdef.size, bytes(notdef)), f"{char!r} renders as tofu"
        assert fonts.has_glyph(face, char)
    assert not fonts.has_glyph(face, NO_GLYPH)


def test_bold_chinese_uses_a_cjk_face() -> None:
    face, _stroke = fonts.font_for("建设区", 28, bold=True)
    assert fonts.covers(face, "建设区")
    latin, stroke = fonts.font_for("Round", 28, bold=True)
    assert fonts.covers(latin, "Round")
    assert stroke >= 0


def test_chinese_on_a_canvas_differs_from_tofu() -> None:
    def draw(text: str) -> bytes:
        cv = Canvas(220, 60, "zh")
        cv.text((10, 30), text, 28)
        assert cv.image is not None
        return cv.image.tobytes()

    blank = Canvas(220, 60, "zh")
    assert blank.image is not None
    assert draw("美丽新世界") != draw(NO_GLYPH * 5)
    assert draw("美丽新世界") != blank.image.tobytes()


def test_missing_font_override_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, fresh_fonts: None) -> None:
    monkeypatch.setenv("TABULA_FONT", "/nonexistent/font.ttf")
    with pytest.raises(fonts.FontMissing, match="TABULA_FONT"):
        fonts.font_sources()


def test_no_cjk_font_names_the_package(monkeypatch: pytest.MonkeyPatch, fresh_fonts: None) -> None:
    monkeypatch.delenv("TABULA_FONT", raising=False)
    monkeypatch.setattr(fonts, "_FONT_DIRS", ())
    with pytest.raises(fonts.FontMissing, match="fonts-wqy-microhei"):
        fonts.font_sources()


def test_a_latin_only_font_is_refused(monkeypatch: pytest.MonkeyPatch, fresh_fonts: None) -> None:
    sources = fonts.font_sources()
    if sources.latin_bold is None:
        pytest.skip("no Latin-only font installed to try")
    monkeypatch.setenv("TABULA_FONT", sources.latin_bold.path)
    fonts.font_sources.cache_clear()
    with pytest.raises(fonts.FontMissing, match="no Chinese glyphs"):
        fonts.font_sources()


def test_env_override_is_used(monkeypatch: pytest.MonkeyPatch, fresh_fonts: None) -> None:
    path = fonts.font_sources().regular.path
    fonts.font_sources.cache_clear()
    monkeypatch.setenv("TABULA_FONT", path)
    assert fonts.font_sources().regular.path == path


def test_fit_adds_an_ellipsis_only_when_needed() -> None:
    def measure(text: str) -> float:
        return len(text) * 10.0

    assert fit("short", measure, 100) == "short"
    cut = fit("a much longer card name", measure, 100)
    assert cut.endswith(ELLIPSIS) and measure(cut) <= 100


def test_wrap_breaks_cjk_anywhere_and_latin_at_spaces() -> None:
    def measure(text: str) -> float:
        return len(text) * 10.0

    lines = wrap("量子晶格计算（测试），很好。", measure, 60)
    assert all(measure(line) <= 60 for line in lines)
    assert "".join(lines) == "量子晶格计算（测试），很好。"
    assert not any(line.startswith(("，", "。", "）")) for line in lines)
    latin = wrap("Stellar Cartography Institute", measure, 120)
    assert latin == ["Stellar", "Cartography", "Institute"]
    capped = wrap("one two three four five six", measure, 80, max_lines=2)
    assert len(capped) == 2 and capped[-1].endswith(ELLIPSIS)


def test_flow_wraps_rows() -> None:
    flow = Flow(0, 0, 100, gap_x=10, gap_y=5)
    assert flow.place(60, 20) == (0, 0)
    assert flow.place(60, 20) == (0, 25)
    assert flow.bottom == 45


def test_recording_collects_drawn_strings_and_their_source() -> None:
    cv = Canvas(200, 40, "en")
    with recording() as drawn:
        cv.text((4, 20), "A rather long name that will not fit", 16, max_width=80)
    assert len(drawn) == 1
    assert drawn[0].source == "A rather long name that will not fit"
    assert drawn[0].text.endswith(ELLIPSIS)
    cv.text((4, 20), "outside", 16)
    assert len(drawn) == 1


def test_replay_reports_strings_drawn_elsewhere_to_the_active_recording() -> None:
    cv = Canvas(200, 40, "en", scale=DIRECT)
    with recording() as elsewhere:
        cv.text((4, 20), "Jing 荆州", 16)
    replay(elsewhere)                                             # no recording active: nothing happens
    with recording() as drawn:
        cv.text((4, 30), "here", 12)
        replay(elsewhere)
    assert [(d.text, d.source, d.xy) for d in drawn] == [("here", "here", (4, 30)), ("Jing 荆州", "Jing 荆州", (4, 20))]


def test_seat_labels_default_and_strip_undrawable_characters() -> None:
    assert seat_label(0, "en") == "Player 1"
    assert seat_label(2, "zh") == "玩家 3"
    assert seat_label(1, "en", ["A", "  Bea  "]) == "Bea"
    assert seat_label(1, "en", ["A", "\U0001f3b2\U0001f3b2"]) == "Player 2"
    cv = Canvas(200, 40, "en")
    with recording() as drawn:
        cv.text((4, 20), "\U0001f3b2Dice", 16)
    assert drawn[0].text == "Dice"


def test_png_encoding_is_small_and_valid() -> None:
    cv = Canvas(300, 200, "en")
    cv.box((10, 10, 290, 190), fill=(60, 70, 90), radius=12)
    data = cv.png()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(__import__("io").BytesIO(data))
    assert image.size == (300, 200)
    huge = Image.new("RGB", (400, 400), (1, 2, 3))
    assert len(encode_png(huge, 1, limit=10)) > 0
