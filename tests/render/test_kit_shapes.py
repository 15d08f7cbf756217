"""Canvas arcs, wedges and rotated text: pixels land where the geometry says, and only there."""

from __future__ import annotations

import math

from render import palette as pal
from render.kit import Canvas, recording, wedge_points

NO_GLYPH = "\U0010fffd"
INK = (250, 20, 120)


def inked(canvas: Canvas, colour: tuple[int, int, int] = INK, tolerance: int = 40) -> list[tuple[float, float]]:
    """Output-pixel positions of every supersampled pixel close to ``colour``."""
    image = canvas.image
    assert image is not None
    found = []
    data = image.load()
    assert data is not None
    for y in range(image.height):
        for x in range(image.width):
            p = data[x, y]
            if all(abs(a - b) <= tolerance for a, b in zip(p, colour, strict=False)):   # type: ignore[arg-type]
                found.append(((x + 0.5) / canvas.scale, (y + 0.5) / canvas.scale))
    return found


def pixel(canvas: Canvas, x: float, y: float) -> tuple[int, ...]:
    assert canvas.image is not None
    value = canvas.image.getpixel((int(x * canvas.scale), int(y * canvas.scale)))
    assert isinstance(value, tuple)
    return value


def polar(centre: tuple[float, float], radius: float, degrees: float) -> tuple[float, float]:
    return centre[0] + radius * math.cos(math.radians(degrees)), centre[1] + radius * math.sin(math.radians(degrees))


def test_an_arc_lies_on_its_circle_within_its_angles() -> None:
    cv = Canvas(140, 140, "en")
    centre, radius, width = (70.0, 70.0), 45.0, 4.0
    cv.arc(centre, radius, 20, 110, width=width, fill=INK)
    points = inked(cv)
    assert len(points) > 100
    for x, y in points:
        assert abs(math.dist((x, y), centre) - radius) <= width / 2 + 1
        degrees = math.degrees(math.atan2(y - centre[1], x - centre[0])) % 360
        assert 20 - 4 <= degrees <= 110 + 4
    assert pixel(cv, *polar(centre, radius, 65)) == INK                 # the middle of the arc
    assert pixel(cv, *polar(centre, radius, 200)) == pal.BACKGROUND    # the other side of the circle
    assert pixel(cv, *centre) == pal.BACKGROUND


def test_a_wedge_fills_its_angular_range_only() -> None:
    cv = Canvas(160, 160, "en")
    centre, radius = (80.0, 80.0), 60.0
    cv.wedge(centre, radius, 300, 30, fill=INK)            # wraps past 0°: 300 → 360 → 30
    for degrees in (305, 330, 0, 15, 25):
        assert pixel(cv, *polar(centre, radius * 0.6, degrees)) == INK
    for degrees in (45, 90, 180, 270, 290):
        assert pixel(cv, *polar(centre, radius * 0.6, degrees)) == pal.BACKGROUND
    for x, y in inked(cv):
        assert math.dist((x, y), centre) <= radius + 1
        degrees = math.degrees(math.atan2(y - centre[1], x - centre[0])) % 360
        if math.dist((x, y), centre) > 4:
            assert degrees >= 298 or degrees <= 32


def test_a_ring_wedge_leaves_its_middle_empty_and_draws_its_outline() -> None:
    cv = Canvas(160, 160, "en")
    centre = (80.0, 80.0)
    outline = (20, 240, 240)
    cv.wedge(centre, 60, 90, 180, fill=INK, outline=outline, width=2, inner_radius=30)
    assert pixel(cv, *polar(centre, 45, 135)) == INK
    assert pixel(cv, *polar(centre, 15, 135)) == pal.BACKGROUND
    assert pixel(cv, *polar(centre, 60, 135)) == outline
    points = wedge_points(centre, 60, 90, 180, inner_radius=30)
    assert all(29.9 <= math.dist(p, centre) <= 60.1 for p in points)


def ink_box(canvas: Canvas) -> tuple[int, int, int, int]:
    assert canvas.image is not None
    mask = canvas.image.convert("L").point(lambda v: 255 if v > 128 else 0)
    box = mask.getbbox()
    assert box is not None
    return box


def test_rotated_text_turns_around_its_anchor() -> None:
    flat = Canvas(240, 240, "en")
    flat.rotated_text((120, 120), "Rondel wheel", 20, 0, fill=(255, 255, 255))
    upright = Canvas(240, 240, "en")
    upright.rotated_text((120, 120), "Rondel wheel", 20, 90, fill=(255, 255, 255))
    x0, y0, x1, y1 = ink_box(flat)
    assert x1 - x0 > 3 * (y1 - y0)
    x0, y0, x1, y1 = ink_box(upright)
    assert y1 - y0 > 3 * (x1 - x0)
    s = upright.scale
    assert abs((x0 + x1) / 2 / s - 120) < 6 and abs((y0 + y1) / 2 / s - 120) < 6   # "mm": centred on the anchor
    tilted = Canvas(240, 240, "en")
    tilted.rotated_text((120, 120), "Rondel wheel", 20, 45, fill=(255, 255, 255))
    tx0, ty0, tx1, ty1 = ink_box(tilted)
    assert abs((tx1 - tx0) - (ty1 - ty0)) < 0.25 * (tx1 - tx0)


def test_rotated_chinese_draws_real_glyphs_and_is_recorded() -> None:
    def draw(text: str) -> bytes:
        cv = Canvas(200, 200, "zh")
        cv.rotated_text((100, 100), text, 28, 30)
        assert cv.image is not None
        return cv.image.tobytes()

    blank = Canvas(200, 200, "zh")
    assert blank.image is not None
    assert draw("韬略针") != draw(NO_GLYPH * 3)
    assert draw("韬略针") != blank.image.tobytes()
    cv = Canvas(200, 200, "zh")
    with recording() as drawn:
        cv.rotated_text((100, 100), "蜀汉", 20, -60)
    assert [d.text for d in drawn] == ["蜀汉"]


def test_dry_canvases_measure_without_drawing() -> None:
    dry = Canvas(100, 100, "en", dry=True)
    dry.arc((50, 50), 20, 0, 90)
    dry.wedge((50, 50), 20, 0, 90, fill=INK)
    assert dry.rotated_text((50, 50), "abc", 12, 30) > 0
    assert dry.image is None
