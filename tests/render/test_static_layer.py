"""Static layers and reused pictures (issue 13 §3): a layer pasted gives the pixels it gives drawn in place and
reports its strings again; a reused picture is drawn once per key, reported on every use, and forgotten when
it is no longer among the most recently used. Layers and sprites are checked at output size (``DIRECT``, as the
boards draw) and supersampled (``SCALE``)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from render.kit import DIRECT, SCALE, Canvas, recording
from render.static_layer import Reused, Sprites, draw_layer, paste_layer


def _scene(cv: Canvas) -> None:
    """Shapes and text at fractional positions, where rounding to supersampled pixels matters."""
    cv.box((30.25, 40.75, 180.5, 120.25), fill=(200, 180, 120), outline=(60, 50, 40), radius=11, width=1.5)
    cv.circle((77.75, 80.25), 13.5, fill=(40, 90, 200), outline=(255, 255, 255), width=1.7)
    cv.text((105.25, 70.75), "Liang 凉州", 15.5, bold=True, fill=(20, 20, 20))
    cv.line([(31.5, 130.25), (179.75, 150.5)], fill=(120, 100, 80), width=3)


SCALES = pytest.mark.parametrize("scale", [DIRECT, SCALE])


@SCALES
def test_a_pasted_layer_gives_the_pixels_drawn_in_place(scale: int) -> None:
    direct = Canvas(220, 180, "zh", scale=scale)
    _scene(direct)
    layer = draw_layer((25, 35, 190, 160), "zh", _scene, scale=scale)
    assert layer.scale == scale
    pasted = Canvas(220, 180, "zh", scale=scale)
    with recording() as drawn:
        paste_layer(pasted, layer)
    assert direct.image is not None and pasted.image is not None
    assert ImageChops.difference(direct.image, pasted.image).getbbox() is None
    assert [d.text for d in drawn] == ["Liang 凉州"]
    again = Canvas(220, 180, "zh", scale=scale)
    layer.draw(again)
    assert again.image is not None and ImageChops.difference(direct.image, again.image).getbbox() is None


def test_a_layer_is_not_pasted_on_a_measuring_canvas_or_at_another_scale() -> None:
    layer = draw_layer((0, 0, 50, 50), "en", _scene)
    assert layer.scale == DIRECT                                  # layers are drawn at output size by default
    paste_layer(Canvas(60, 60, "en", dry=True), layer)           # nothing to draw on, nothing raised
    with pytest.raises(ValueError, match="scale"):
        paste_layer(Canvas(60, 60, "en", scale=layer.scale + 1), layer)


def test_a_reused_picture_is_drawn_once_per_key_and_reports_its_strings_every_time() -> None:
    drawn_for: list[str] = []

    def draw(key: str) -> Canvas:
        drawn_for.append(key)
        cv = Canvas(40, 20, "en")
        cv.text((2, 10), key, 12)
        return cv

    kept: Reused[str, Canvas] = Reused(2)
    with recording() as first:
        a = kept.get("a", lambda: draw("a"))
    with recording() as second:
        again = kept.get("a", lambda: draw("a"))
    assert again is a and drawn_for == ["a"]
    assert [d.text for d in first] == [d.text for d in second] == ["a"]
    kept.get("b", lambda: draw("b"))
    kept.get("a", lambda: draw("a"))                              # "a" is now the most recent: "b" goes first
    kept.get("c", lambda: draw("c"))
    kept.get("a", lambda: draw("a"))
    assert drawn_for == ["a", "b", "c"]
    kept.get("b", lambda: draw("b"))
    assert drawn_for == ["a", "b", "c", "b"]
    kept.clear()
    kept.get("a", lambda: draw("a"))
    assert drawn_for[-1] == "a" and len(drawn_for) == 5


@SCALES
@pytest.mark.parametrize("at", [(10.0, 12.0), (31.25, 47.75), (57.5, 20.3), (83.5, 44.5)])
def test_a_sprite_pasted_anywhere_gives_the_pixels_drawn_in_place(at: tuple[float, float], scale: int) -> None:
    def chip(cv: Canvas, x: float, y: float) -> None:
        cv.box((x, y, x + 81.5, y + 23), fill=(40, 90, 200), outline=(200, 220, 255), radius=6)
        cv.text((x + 7, y + 11.5), "Guo Jia +5", 13, fill=(255, 255, 255))

    x, y = at
    direct = Canvas(160, 90, "en", scale=scale)
    chip(direct, x, y)
    sprites = Sprites(4)
    for _ in range(2):                                            # drawn the first time, then reused
        pasted = Canvas(160, 90, "en", scale=scale)
        with recording() as drawn:
            sprites.paste(pasted, "guo", (x, y, x + 81.5, y + 23), chip)
        assert direct.image is not None and pasted.image is not None
        assert ImageChops.difference(direct.image, pasted.image).getbbox() is None
        assert [(d.text, d.xy) for d in drawn] == [("Guo Jia +5", (x + 7, y + 11.5))]


def _panel(cv: Canvas, x: float, y: float) -> float:
    """A panel whose height shows only once drawn: a title, then a paragraph of wrapped text in a box."""
    cv.text((x, y + 10), "Steel 钢", 16, bold=True)
    height = cv.paragraph((x + 6, y + 30), "Cubes left in each column, bought from the cheapest up. 每列剩下的方块",
                          13, 150)
    cv.box((x, y + 24, x + 162, y + 36 + height), outline=(120, 120, 120), radius=6, width=1.2)
    return y + 40 + height


@pytest.mark.parametrize("at", [(20.0, 30.0), (21.5, 17.25), (33.3, 41.7)])
def test_a_panel_pasted_gives_the_pixels_and_the_bottom_drawn_in_place(at: tuple[float, float]) -> None:
    """Sprites.panel (issue 25 §2): a panel whose height is known once drawn is pasted with the pixels and
    strings it has drawn in place, returns the same bottom, and a measuring canvas gets the bottom without
    drawing once it is kept."""
    direct = Canvas(240, 200, "zh", scale=DIRECT)
    bottom = _panel(direct, *at)
    sprites = Sprites(8)
    calls: list[int] = []

    def draw(cv: Canvas, x: float, y: float) -> float:
        calls.append(1)
        return _panel(cv, x, y)

    for _ in range(2):
        pasted = Canvas(240, 200, "zh", scale=DIRECT)
        with recording() as drawn:
            assert sprites.panel(pasted, "steel", at, 162, draw) == pytest.approx(bottom)
        assert direct.image is not None and pasted.image is not None
        assert ImageChops.difference(direct.image, pasted.image).getbbox() is None
        assert {d.text for d in drawn} >= {"Steel 钢"}
    assert len(calls) == 1
    dry = Canvas(240, 1, "zh", dry=True, scale=DIRECT)
    assert sprites.panel(dry, "steel", at, 162, draw) == pytest.approx(bottom) and len(calls) == 1
