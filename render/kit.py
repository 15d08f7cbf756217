"""The shared drawing kit: a :class:`Canvas` with text, boxes and game icons, and PNG encoding.

Everything is drawn at ``SCALE``× and reduced when encoded, so shapes and text come out
anti-aliased. Coordinates passed to a canvas are always in output pixels.

All text goes through :meth:`Canvas.text` (or helpers built on it), which reports each string to an
active :func:`recording` — tests use it to check what an image shows without reading pixels.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from . import palette as pal
from .fonts import FontMissing, covers, font, font_for
from .layout import ELLIPSIS, Flow, fit, is_cjk, wrap
from .palette import RGB

__all__ = [
    "ELLIPSIS",
    "MARGIN_DEFAULT",
    "MAX_PNG_BYTES",
    "SCALE",
    "Canvas",
    "DrawnText",
    "Flow",
    "FontMissing",
    "encode_png",
    "fit",
    "is_cjk",
    "recording",
    "seat_label",
    "wedge_points",
    "wrap",
]

SCALE = 2
MARGIN_DEFAULT = 24         # outer margin of every image, in output pixels
MAX_PNG_BYTES = 2_000_000   # well under Discord's upload limit; boards are usually far smaller

_SEAT_WORD = {"en": "Player {n}", "zh": "玩家 {n}"}


@dataclass(frozen=True)
class DrawnText:
    """One string drawn on an image: what was shown (``text``) and what it was cut from."""

    text: str
    source: str
    xy: tuple[float, float]


_recorder: ContextVar[list[DrawnText] | None] = ContextVar("tabula_render_recorder", default=None)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Collect every string drawn inside the ``with`` block (per thread / task)."""
    found: list[DrawnText] = []
    token = _recorder.set(found)
    try:
        yield found
    finally:
        _recorder.reset(token)


def seat_label(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """The display name of ``seat``: the given name, else "Player N" / "玩家 N" (1-based).

    A name with nothing drawable in it (only emoji, say) also falls back to the default.
    """
    if names is not None and 0 <= seat < len(names) and names[seat] and _drawable(names[seat]):
        return names[seat].strip()
    return _SEAT_WORD.get(lang, _SEAT_WORD["en"]).format(n=seat + 1)


def _drawable(text: str) -> str:
    """``text`` without characters no installed font can draw (emoji in player names)."""
    face = font(16)
    if covers(face, text):
        return text.strip()
    return "".join(ch for ch in text if covers(face, ch)).strip()


def _shown(text: str) -> str:
    """What is drawn for ``text``: its drawable characters, or "?" if there are none."""
    face = font(16)
    if covers(face, text):
        return text
    return _drawable(text) or "?"


@dataclass(frozen=True)
class TitleRenderer:
    """A title's three drawing functions, bundled as the :class:`render.Renderer` the service
    asks for (``board(view, lang, names)``, ``private(...)``, ``result(outcome, view, ...)``)."""

    game_id: str
    board: Callable[..., bytes]
    private: Callable[..., bytes]
    result: Callable[..., bytes]


class Canvas:
    """An image being drawn, in output-pixel coordinates, for one language.

    ``dry=True`` makes a canvas that only measures: every method returns the geometry it would use
    without touching pixels, so a panel can be sized before it is drawn.
    """

    def __init__(self, width: int, height: int, lang: str, *, background: RGB = pal.BACKGROUND,
                 dry: bool = False, scale: int = SCALE) -> None:
        self.width = width
        self.height = height
        self.lang = lang
        self.scale = scale
        self.dry = dry
        self.background = background
        if dry:
            self.image: Image.Image | None = None
            self._draw: ImageDraw.ImageDraw | None = None
        else:
            self.image = Image.new("RGB", (width * scale, height * scale), background)
            self._draw = ImageDraw.Draw(self.image)

    # ---- helpers -------------------------------------------------------------------------------
    def _s(self, value: float) -> int:
        return round(value * self.scale)

    def _rect(self, rect: Sequence[float]) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = rect
        return self._s(x0), self._s(y0), self._s(x1) - 1, self._s(y1) - 1

    @property
    def draw(self) -> ImageDraw.ImageDraw:
        assert self._draw is not None, "dry canvases do not draw"
        return self._draw

    # ---- text ----------------------------------------------------------------------------------
    def _face(self, text: str, size: float, bold: bool) -> tuple[ImageFont.FreeTypeFont, float]:
        return font_for(text, self._s(size), bold)

    def measure(self, text: str, size: float, bold: bool = False) -> float:
        """Width of ``text`` in output pixels."""
        if not text:
            return 0.0
        face, stroke = self._face(text, size, bold)
        return (face.getlength(text) + 2 * stroke) / self.scale

    def line_height(self, size: float) -> float:
        """Distance between baselines of consecutive lines at ``size``."""
        return round(size * 1.32)

    def text(self, xy: tuple[float, float], text: str, size: float, *, fill: RGB = pal.TEXT,
             bold: bool = False, anchor: str = "lm", max_width: float | None = None,
             source: str | None = None) -> float:
        """Draw one line; returns its width. ``max_width`` shortens it with an ellipsis.

        ``anchor`` is Pillow's two-letter anchor; the default ``lm`` puts ``xy`` at the left end of
        the line, vertically centred.
        """
        original = text if source is None else source
        text = _shown(text) if text else text
        if max_width is not None:
            text = fit(text, lambda t: self.measure(t, size, bold), max_width)
        width = self.measure(text, size, bold)
        if self.dry or not text:
            return width
        recorder = _recorder.get()
        if recorder is not None:
            recorder.append(DrawnText(text, original, xy))
        face, stroke = self._face(text, size, bold)
        self.draw.text((self._s(xy[0]), self._s(xy[1])), text, font=face, fill=fill, anchor=anchor,
                       stroke_width=stroke, stroke_fill=fill)
        return width

    def paragraph(self, xy: tuple[float, float], text: str, size: float, width: float, *,
                  fill: RGB = pal.TEXT, bold: bool = False, max_lines: int | None = None,
                  align: str = "left", line_height: float | None = None) -> float:
        """Draw wrapped text from top-left ``xy``; returns the height used."""
        step = line_height or self.line_height(size)
        lines = wrap(_shown(text), lambda t: self.measure(t, size, bold), width, max_lines)
        x, y = xy
        for i, line in enumerate(lines):
            lx = x
            if align == "center":
                lx = x + (width - self.measure(line, size, bold)) / 2
            elif align == "right":
                lx = x + width - self.measure(line, size, bold)
            self.text((lx, y + step * i + step / 2), line, size, fill=fill, bold=bold, source=text)
        return step * len(lines)

    def wrap(self, text: str, size: float, width: float, bold: bool = False,
             max_lines: int | None = None) -> list[str]:
        """The lines :meth:`paragraph` would draw."""
        return wrap(_shown(text), lambda t: self.measure(t, size, bold), width, max_lines)

    # ---- shapes --------------------------------------------------------------------------------
    def box(self, rect: Sequence[float], *, fill: RGB | None = None, outline: RGB | None = None,
            radius: float = 10, width: float = 1) -> None:
        """A rounded rectangle ``(x0, y0, x1, y1)``."""
        if self.dry:
            return
        self.draw.rounded_rectangle(self._rect(rect), radius=self._s(radius), fill=fill,
                                    outline=outline, width=max(1, self._s(width)) if outline else 0)

    def line(self, points: Sequence[tuple[float, float]], *, fill: RGB = pal.LINE, width: float = 1) -> None:
        """A polyline."""
        if self.dry:
            return
        self.draw.line([(self._s(x), self._s(y)) for x, y in points], fill=fill, width=max(1, self._s(width)))

    def circle(self, centre: tuple[float, float], radius: float, *, fill: RGB | None = None,
               outline: RGB | None = None, width: float = 1) -> None:
        """A circle around ``centre``."""
        if self.dry:
            return
        cx, cy = centre
        self.draw.ellipse(self._rect((cx - radius, cy - radius, cx + radius, cy + radius)), fill=fill,
                          outline=outline, width=max(1, self._s(width)) if outline else 0)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill: RGB | None = None,
                outline: RGB | None = None, width: float = 1) -> None:
        """A filled polygon."""
        if self.dry:
            return
        scaled = [(self._s(x), self._s(y)) for x, y in points]
        if fill is not None:
            self.draw.polygon(scaled, fill=fill)
        if outline is not None:
            # A closed polyline: Pillow's thick polygon outline allocates a full-size mask per call.
            self.draw.line([*scaled, scaled[0], scaled[1]], fill=outline, width=max(1, self._s(width)),
                           joint="curve")

    def arc(self, centre: tuple[float, float], radius: float, start: float, end: float, *, width: float = 1,
            fill: RGB = pal.LINE) -> None:
        """An arc of the circle ``radius`` around ``centre``, stroked ``width`` wide and centred on the circle.

        Angles are degrees clockwise from 3 o'clock (Pillow's convention; y points down), drawn from ``start``
        clockwise to ``end``.
        """
        if self.dry:
            return
        cx, cy = centre
        outer = radius + width / 2
        self.draw.arc(self._rect((cx - outer, cy - outer, cx + outer, cy + outer)), start, end, fill=fill,
                      width=max(1, self._s(width)))

    def wedge(self, centre: tuple[float, float], radius: float, start: float, end: float, *,
              fill: RGB | None = None, outline: RGB | None = None, width: float = 1,
              inner_radius: float = 0) -> None:
        """A pie slice from ``start`` clockwise to ``end`` (degrees from 3 o'clock, as in :meth:`arc`).

        ``inner_radius`` cuts out the middle, giving a ring segment (a rondel's action space).
        """
        if self.dry:
            return
        self.polygon(wedge_points(centre, radius, start, end, inner_radius), fill=fill, outline=outline, width=width)

    def rotated_text(self, xy: tuple[float, float], text: str, size: float, angle: float, *, fill: RGB = pal.TEXT,
                     bold: bool = False, anchor: str = "mm") -> float:
        """Draw one line turned ``angle`` degrees counter-clockwise around ``xy``; returns its unturned width.

        ``anchor`` is Pillow's two-letter anchor and names the point of the text that sits on ``xy`` (the default
        ``mm`` centres it). Chinese uses the same CJK-capable faces as :meth:`text`.
        """
        shown = _shown(text) if text else text
        width = self.measure(shown, size, bold)
        if self.dry or not shown:
            return width
        recorder = _recorder.get()
        if recorder is not None:
            recorder.append(DrawnText(shown, text, xy))
        face, stroke = self._face(shown, size, bold)
        reach = math.ceil(face.getlength(shown) + 2 * stroke + self._s(size) * 2)  # any anchor stays inside
        layer = Image.new("L", (2 * reach, 2 * reach), 0)
        ImageDraw.Draw(layer).text((reach, reach), shown, font=face, fill=255, anchor=anchor,
                                   stroke_width=stroke, stroke_fill=255)
        layer = layer.rotate(angle, resample=Image.Resampling.BICUBIC, center=(reach, reach))
        box = layer.getbbox()
        if box is None:
            return width
        x, y = self._s(xy[0]) - reach, self._s(xy[1]) - reach
        self.image.paste(fill, (x + box[0], y + box[1], x + box[2], y + box[3]),  # type: ignore[union-attr]
                         layer.crop(box))
        return width

    def pill(self, xy: tuple[float, float], text: str, size: float, *, fill: RGB,
             text_fill: RGB | None = None, bold: bool = True, height: float | None = None,
             pad: float | None = None, outline: RGB | None = None, max_width: float | None = None) -> float:
        """A rounded label with text, left edge at ``xy[0]``, vertically centred on ``xy[1]``.

        Returns its width; ``max_width`` shortens the text with an ellipsis to fit.
        """
        h = height or size * 1.6
        p = pad if pad is not None else h * 0.45
        source = text
        if max_width is not None:
            text = fit(_shown(text), lambda t: self.measure(t, size, bold), max_width - 2 * p)
        w = self.measure(text, size, bold) + 2 * p
        x, y = xy
        self.box((x, y - h / 2, x + w, y + h / 2), fill=fill, outline=outline, radius=h / 2)
        self.text((x + p, y), text, size, fill=text_fill or pal.on_colour(fill), bold=bold, source=source)
        return w

    def panel(self, rect: Sequence[float], *, fill: RGB = pal.PANEL, outline: RGB | None = pal.LINE,
              radius: float = 14, accent: RGB | None = None, accent_width: float = 3) -> None:
        """A content panel; ``accent`` draws a coloured border (e.g. for whoever must act)."""
        self.box(rect, fill=fill, outline=accent or outline, radius=radius,
                 width=accent_width if accent else 1)

    def paste(self, other: Canvas, xy: tuple[float, float]) -> None:
        """Copy ``other`` (same scale) onto this canvas with its top-left at ``xy``."""
        if self.dry or other.image is None:
            return
        self.image.paste(other.image, (self._s(xy[0]), self._s(xy[1])))  # type: ignore[union-attr]

    def crop(self, height: float) -> None:
        """Cut the canvas to ``height`` output pixels."""
        self.height = math.ceil(height)
        if self.image is not None:
            self.image = self.image.crop((0, 0, self.image.width, self.height * self.scale))
            self._draw = ImageDraw.Draw(self.image)

    # ---- icons ---------------------------------------------------------------------------------
    def cube(self, xy: tuple[float, float], size: float, colour: RGB, *, hollow: bool = False) -> None:
        """An isometric cube (a resource) in the ``size`` square at top-left ``xy``.

        ``hollow`` draws an empty space for a cube still missing (cost not yet paid).
        """
        if self.dry:
            return
        x, y = xy
        s = size
        top, ur, lr = (x + s / 2, y), (x + s, y + s * 0.26), (x + s, y + s * 0.74)
        bottom, ll, ul = (x + s / 2, y + s), (x, y + s * 0.74), (x, y + s * 0.26)
        centre = (x + s / 2, y + s * 0.52)
        edge = _edge(colour)
        if hollow:
            ring = pal.lighten(colour, 0.4) if pal.luminance(colour) < 0.25 else colour
            self.polygon([top, ur, lr, bottom, ll, ul], fill=pal.mix(colour, pal.PANEL_ALT, 0.8),
                         outline=pal.mix(ring, pal.PANEL_ALT, 0.15), width=max(1.0, s / 11))
            return
        self.polygon([top, ur, centre, ul], fill=pal.lighten(colour, 0.28))
        self.polygon([ul, centre, bottom, ll], fill=colour)
        self.polygon([centre, ur, lr, bottom], fill=pal.darken(colour, 0.22))
        self.polygon([top, ur, lr, bottom, ll, ul], outline=edge, width=max(0.75, s / 18))

    def gem(self, xy: tuple[float, float], size: float, *, colour: RGB = pal.RESOURCE["krystallium"],
            hollow: bool = False) -> None:
        """A cut gem (krystallium) in the ``size`` square at ``xy``."""
        if self.dry:
            return
        x, y = xy
        s = size
        outer = [(x + s * 0.24, y + s * 0.12), (x + s * 0.76, y + s * 0.12), (x + s, y + s * 0.4),
                 (x + s / 2, y + s * 0.96), (x, y + s * 0.4)]
        if hollow:
            self.polygon(outer, fill=pal.mix(colour, pal.PANEL_ALT, 0.78), outline=pal.lighten(colour, 0.1),
                         width=max(1.0, s / 14))
            return
        self.polygon(outer, fill=colour, outline=pal.lighten(colour, 0.45), width=max(0.75, s / 18))
        self.polygon([(x + s * 0.24, y + s * 0.12), (x + s * 0.76, y + s * 0.12), (x + s * 0.64, y + s * 0.4),
                      (x + s * 0.36, y + s * 0.4)], fill=pal.lighten(colour, 0.3))
        self.polygon([(x + s * 0.36, y + s * 0.4), (x + s * 0.64, y + s * 0.4), (x + s / 2, y + s * 0.96)],
                     fill=pal.darken(colour, 0.15))

    def token(self, xy: tuple[float, float], size: float, character: str, *, hollow: bool = False) -> None:
        """A character token (financier: blue coin with "$"; general: orange with a star)."""
        if self.dry:
            return
        colour = pal.CHARACTER.get(character, pal.MUTED)
        r = size / 2
        centre = (xy[0] + r, xy[1] + r)
        if hollow:
            self.circle(centre, r * 0.92, fill=pal.mix(colour, pal.PANEL_ALT, 0.78),
                        outline=pal.lighten(colour, 0.15), width=max(1.0, size / 14))
            return
        self.circle(centre, r * 0.96, fill=colour, outline=pal.lighten(colour, 0.4), width=max(0.75, size / 16))
        white = (250, 250, 252)
        if character == "general":
            self.polygon(_star(centre, r * 0.62, r * 0.26), fill=white)
        else:
            face = _symbol_font(self._s(size * 0.78))
            self.draw.text((self._s(centre[0]), self._s(centre[1] + size * 0.02)), "$", font=face,
                           fill=white, anchor="mm")

    def vp(self, xy: tuple[float, float], size: float, points: int | str) -> None:
        """A victory-point badge: a laurel-gold disc with the number."""
        if self.dry:
            return
        r = size / 2
        centre = (xy[0] + r, xy[1] + r)
        gold = (214, 160, 62)
        self.circle(centre, r, fill=pal.darken(gold, 0.35))
        self.circle(centre, r * 0.84, fill=gold)
        self.text(centre, str(points), size * 0.58, fill=pal.TEXT_DARK, bold=True, anchor="mm")

    def card_icon(self, xy: tuple[float, float], size: float, colour: RGB) -> None:
        """A tiny card (a card type) in the ``size`` square at ``xy``."""
        if self.dry:
            return
        w = size * 0.72
        x = xy[0] + (size - w) / 2
        self.box((x, xy[1] + size * 0.02, x + w, xy[1] + size * 0.98), fill=colour,
                 outline=pal.lighten(colour, 0.35), radius=size * 0.14, width=max(0.75, size / 18))

    def recycle(self, xy: tuple[float, float], size: float, colour: RGB = pal.MUTED) -> None:
        """A circular-arrows symbol (the recycling bonus)."""
        if self.dry:
            return
        x, y = xy
        r = size * 0.36
        cx, cy = x + size / 2, y + size / 2
        w = max(1, self._s(size * 0.11))
        box = self._rect((cx - r, cy - r, cx + r, cy + r))
        for start in (200, 20):
            self.draw.arc(box, start, start + 130, fill=colour, width=w)
            end = math.radians(start + 130)
            tip = (cx + r * math.cos(end), cy + r * math.sin(end))
            tangent = end + math.pi / 2
            a = size * 0.2
            self.polygon([
                (tip[0] + a * math.cos(tangent), tip[1] + a * math.sin(tangent)),
                (tip[0] + a * 0.75 * math.cos(end), tip[1] + a * 0.75 * math.sin(end)),
                (tip[0] - a * 0.75 * math.cos(end), tip[1] - a * 0.75 * math.sin(end)),
            ], fill=colour)

    def thing(self, xy: tuple[float, float], size: float, key: str, *, hollow: bool = False) -> None:
        """The icon for a resource, krystallium or character key."""
        if key == "krystallium":
            self.gem(xy, size, hollow=hollow)
        elif key in pal.CHARACTER:
            self.token(xy, size, key, hollow=hollow)
        else:
            self.cube(xy, size, pal.RESOURCE.get(key, pal.MUTED), hollow=hollow)

    def counted(self, xy: tuple[float, float], key: str, count: int | str, size: float, *,
                fill: RGB = pal.TEXT, dim_zero: bool = True, bold: bool = True) -> float:
        """An icon followed by a number, vertically centred on ``xy[1]``; returns the width."""
        x, y = xy
        zero = dim_zero and str(count) == "0"
        self.thing((x, y - size / 2), size, key, hollow=zero)
        label = str(count)
        w = self.text((x + size + size * 0.22, y), label, size * 0.82, fill=pal.MUTED if zero else fill, bold=bold)
        return size * 1.22 + w

    # ---- output --------------------------------------------------------------------------------
    @classmethod
    def fitted(cls, width: int, lang: str, draw: Callable[[Canvas], float]) -> Canvas:
        """A canvas exactly as tall as ``draw`` needs: lay out once on a dry (measuring) canvas,
        then draw for real. ``draw`` returns the height it used."""
        height = draw(cls(width, 1, lang, dry=True))
        canvas = cls(width, round(height), lang)
        draw(canvas)
        return canvas

    def png(self) -> bytes:
        """The finished image as optimised PNG bytes."""
        assert self.image is not None, "dry canvases have no image"
        return encode_png(self.image, self.scale)


def _edge(colour: RGB) -> RGB:
    """An outline colour that stays visible on the dark theme."""
    if pal.luminance(colour) < 0.25:
        return pal.lighten(colour, 0.45)
    return pal.darken(colour, 0.45)


def wedge_points(centre: tuple[float, float], radius: float, start: float, end: float,
                 inner_radius: float = 0, step: float = 3) -> list[tuple[float, float]]:
    """The outline of a pie slice (or, with ``inner_radius``, a ring segment) as polygon points.

    Angles are degrees clockwise from 3 o'clock, swept clockwise from ``start`` to ``end``; the arc is sampled at
    most ``step`` degrees apart.
    """
    sweep = end - start
    if sweep <= 0:
        sweep += 360
    sweep = min(sweep, 360)
    n = max(2, math.ceil(sweep / step))
    cx, cy = centre

    def arc(r: float, reverse: bool) -> list[tuple[float, float]]:
        angles = [math.radians(start + sweep * i / n) for i in range(n + 1)]
        if reverse:
            angles.reverse()
        return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]

    if inner_radius > 0:
        return arc(radius, False) + arc(inner_radius, True)
    return [centre, *arc(radius, False)]


def _star(centre: tuple[float, float], outer: float, inner: float) -> list[tuple[float, float]]:
    cx, cy = centre
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


@lru_cache(maxsize=32)
def _symbol_font(size: int) -> ImageFont.FreeTypeFont:
    face, _stroke = font_for("$", size, bold=True)
    return face


def encode_png(image: Image.Image, scale: int = 1, *, limit: int = MAX_PNG_BYTES) -> bytes:
    """Downscale a supersampled ``image`` by ``scale`` and encode it as a small PNG.

    Flat-colour boards compress well as a 256-colour palette; if a palette image would look wrong
    (very colourful content) we still fall back to RGB, and either way the result stays under
    ``limit`` bytes by shrinking if it must.
    """
    if scale > 1:
        image = image.reduce(scale)
    while True:
        palette = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        out = io.BytesIO()
        palette.save(out, format="PNG", compress_level=7)
        data = out.getvalue()
        if len(data) <= limit or image.width < 400:
            return data
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS)
