"""Drawing cheaply (issue 13 §3): canvases drawn at output size still anti-alias their shapes and look like the
supersampled ones; text comes from cached masks and widths exactly as Pillow draws and measures it; the PNG
encoder's sampled palette keeps colours; :func:`counting` sees what an image cost."""

from __future__ import annotations

import io
import math

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from render import fonts
from render.kit import DIRECT, SCALE, Canvas, counting, encode_png, masks, recording

BG = (24, 27, 35)
INK = (236, 96, 88)
EDGE = (250, 250, 252)


def _both(paint: object) -> tuple[Image.Image, Image.Image]:
    """The same drawing on a direct canvas and on a supersampled one (reduced to output size)."""
    images = []
    for scale in (DIRECT, SCALE):
        cv = Canvas(120, 90, "en", background=BG, scale=scale)
        paint(cv)  # type: ignore[operator]
        assert cv.image is not None
        images.append(cv.image if scale == 1 else cv.image.reduce(scale))
    return images[0], images[1]


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    return float(ImageStat.Stat(ImageChops.difference(a, b).convert("L")).mean[0])


def _distinct(image: Image.Image) -> int:
    return len(image.getcolors(1 << 16) or [])


@pytest.mark.parametrize("shape", ["circle", "ring", "box", "outlined box", "polygon", "line", "arc"])
def test_a_direct_canvas_draws_shapes_like_a_supersampled_one(shape: str) -> None:
    def paint(cv: Canvas) -> None:
        if shape == "circle":
            cv.circle((60, 45), 23.5, fill=INK)
        elif shape == "ring":
            cv.circle((60, 45), 23.5, fill=INK, outline=EDGE, width=2.5)
        elif shape == "box":
            cv.box((10, 10, 110, 80), fill=INK, radius=14)
        elif shape == "outlined box":
            cv.box((10, 10, 110, 80), outline=EDGE, radius=12, width=2)
        elif shape == "polygon":
            cv.polygon([(15, 80), (60, 8.5), (105, 80)], fill=INK, outline=EDGE, width=1.5)
        elif shape == "line":
            cv.line([(10, 80), (110, 12.3)], fill=EDGE, width=3)
        else:
            cv.arc((60, 45), 30, 200, 330, width=4, fill=EDGE)

    direct, supersampled = _both(paint)
    assert direct.size == supersampled.size == (120, 90)
    assert _mean_difference(direct, supersampled) < 3.0, shape
    # Anti-aliased: the edges hold blends of the colours, not only the colours themselves.
    assert _distinct(direct) > 6, shape


def test_a_filled_round_box_keeps_its_straight_edges_and_its_corners_round() -> None:
    cv = Canvas(120, 90, "en", background=BG, scale=DIRECT)
    cv.box((10, 10, 110, 80), fill=INK, outline=EDGE, radius=14, width=2)
    assert cv.image is not None
    assert cv.image.getpixel((60, 10)) == EDGE and cv.image.getpixel((60, 79)) == EDGE
    assert cv.image.getpixel((10, 45)) == EDGE and cv.image.getpixel((109, 45)) == EDGE
    assert cv.image.getpixel((60, 45)) == INK
    assert cv.image.getpixel((10, 10)) == BG and cv.image.getpixel((109, 79)) == BG
    assert cv.image.getpixel((9, 45)) == BG and cv.image.getpixel((110, 45)) == BG


def _hexagon(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]


def _large_shapes(cv: Canvas) -> None:
    """Shapes whose masks are large enough for a plan: filled, ringed, convex and not, at odd fractions."""
    cv.polygon(_hexagon(60.3, 45.7, 38.2), fill=INK, outline=EDGE, width=1.4)
    cv.polygon(_hexagon(150.6, 45.2, 40.7), outline=EDGE, width=2)
    cv.circle((240.4, 46.1), 33.3, fill=INK, outline=EDGE, width=2.5)
    cv.polygon([(300.2, 10.4), (380.9, 12.1), (340.5, 50.3), (378.2, 85.6), (302.7, 80.2)], fill=EDGE)
    cv.box((20.5, 95.3, 180.7, 170.2), fill=INK, outline=EDGE, radius=30, width=3)
    cv.line([(200.3, 100.4), (390.6, 170.8)], fill=INK, width=6.5)


def test_a_large_mask_painted_by_its_plan_is_the_whole_mask_blended(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25 §2: a hex's fill or outline is painted as its uniform middle (filled, or skipped inside a ring) and
    the parts round it; the pixels are exactly those of blending the whole mask."""
    masks._SHAPES.clear()
    planned = Canvas(400, 180, "en", background=BG, scale=DIRECT)
    _large_shapes(planned)
    plans = [m for m in masks._SHAPES._masks.values() if m.pieces is not None]
    assert len(plans) >= 4 and any(m.solid is not None for m in plans) and any(m.solid is None for m in plans)
    monkeypatch.setattr(masks, "PLAN_FROM", 10 ** 9)
    masks._SHAPES.clear()
    whole = Canvas(400, 180, "en", background=BG, scale=DIRECT)
    _large_shapes(whole)
    assert not any(m.pieces is not None for m in masks._SHAPES._masks.values())
    masks._SHAPES.clear()
    assert planned.image is not None and whole.image is not None
    assert planned.image.tobytes() == whole.image.tobytes()


def test_square_boxes_and_straight_lines_stay_sharp_on_a_direct_canvas() -> None:
    cv = Canvas(60, 40, "en", background=BG, scale=DIRECT)
    cv.box((10, 10, 50, 30), fill=INK, radius=0)
    cv.line([(5, 35), (55, 35)], fill=EDGE, width=1)
    assert cv.image is not None
    assert _distinct(cv.image) == 3


@pytest.mark.parametrize(("text", "bold"), [("Round 3 of 4 · $1,240", False), ("Bastion Megadome", True),
                                             ("建设区 美丽新世界", False), ("轮抽 第3轮", True)])
@pytest.mark.parametrize("anchor", ["lm", "mm", "rm"])
def test_text_drawn_from_cached_masks_is_what_pillow_draws(text: str, bold: bool, anchor: str) -> None:
    for scale in (DIRECT, SCALE):
        for _twice in range(2):                      # the second time comes from the cache
            cv = Canvas(260, 40, "zh", background=BG, scale=scale)
            cv.text((130, 20), text, 15, fill=EDGE, bold=bold, anchor=anchor)
            expected = Image.new("RGB", (260 * scale, 40 * scale), BG)
            face, stroke = fonts.font_for(text, round(15 * scale), bold)
            ImageDraw.Draw(expected).text((130 * scale, 20 * scale), text, font=face, fill=EDGE, anchor=anchor,
                                          stroke_width=stroke, stroke_fill=EDGE)
            assert cv.image is not None
            assert cv.image.tobytes() == expected.tobytes(), (text, bold, anchor, scale)


def test_measured_widths_are_pillows_and_follow_the_canvas_scale() -> None:
    for text, bold in (("Production", True), ("生产 2", True), ("Empire bonus", False)):
        for scale in (DIRECT, SCALE):
            cv = Canvas(10, 10, "en", dry=True, scale=scale)
            face, stroke = fonts.font_for(text, round(13.5 * scale), bold)
            assert cv.measure(text, 13.5, bold) == pytest.approx((face.getlength(text) + 2 * stroke) / scale)
            assert fonts.text_width(text, round(13.5 * scale), bold) == face.getlength(text) + 2 * stroke
    drawn = Canvas(300, 40, "en", scale=DIRECT)
    assert drawn.measuring(120).scale == DIRECT and drawn.measuring(120).dry and drawn.measuring(120).width == 120
    assert Canvas.fitted(200, "en", lambda cv: 50.0, scale=DIRECT).scale == DIRECT


def test_direct_canvases_still_record_every_string() -> None:
    cv = Canvas(300, 60, "en", scale=DIRECT)
    with recording() as found:
        cv.text((10, 20), "Alice", 16)
        cv.pill((10, 45), "To act", 12, fill=(255, 184, 48))
        cv.vp((200, 10), 24, 7)
    assert [d.text for d in found] == ["Alice", "To act", "7"]


def test_counting_sees_measures_texts_and_encoding() -> None:
    with counting() as counters:
        cv = Canvas(200, 60, "en", scale=DIRECT)
        width = cv.measure("Deck", 12)
        cv.text((10, 30), "Deck", 12)
        data = cv.png()
    assert width > 0 and data.startswith(b"\x89PNG")
    assert counters.measures >= 2 and counters.texts == 1
    assert counters.encode_seconds > 0
    cv.text((10, 30), "outside", 12)
    assert counters.texts == 1


def test_the_sampled_palette_keeps_flat_colours_exact_and_blends_close() -> None:
    image = Image.new("RGB", (600, 400), BG)
    draw = ImageDraw.Draw(image)
    colours = [(40 + 7 * i, 200 - 5 * i, (90 * i) % 256) for i in range(30)]
    for i, colour in enumerate(colours):
        draw.rectangle((20 * i, 0, 20 * i + 19, 200), fill=colour)
        draw.ellipse((20 * i, 220, 20 * i + 30, 250), fill=colour)
    draw.rectangle((301, 301, 301, 301), fill=(255, 0, 255))   # a lone pixel the sample cannot see
    decoded = Image.open(io.BytesIO(encode_png(image))).convert("RGB")
    assert decoded.size == image.size
    for i, colour in enumerate(colours):
        assert decoded.getpixel((20 * i + 10, 100)) == colour
    assert _mean_difference(decoded, image) < 1.0
