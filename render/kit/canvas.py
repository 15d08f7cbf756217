"""The :class:`Canvas`: text, boxes, shapes and game icons in output-pixel coordinates, drawn at :data:`SCALE`×
and reduced or at output size through cached masks."""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from .. import palette as pal
from ..fonts import font_for, text_width
from ..layout import fit, wrap
from ..palette import RGB
from .masks import _SHAPES, _corner_mask, _Mask, _shape_mask, _straight, _text_mask
from .png import encode_png
from .record import DrawnText, _counters, _recorder
from .sizes import DIRECT, MASK_SUPERSAMPLE, SCALE
from .text import _shown


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
        self._inks: dict[RGB, int] = {}
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
        counters = _counters.get()
        if counters is not None:
            counters.measures += 1
        return text_width(text, self._s(size), bold) / self.scale

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
            recorder.append(DrawnText(text, original, xy, size))
        counters = _counters.get()
        if counters is not None:
            counters.texts += 1
        mask = _text_mask(text, self._s(size), bold, anchor)
        if mask.image.width and mask.image.height:
            self._paint(fill, self._s(xy[0]) + mask.dx, self._s(xy[1]) + mask.dy, mask)
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
    @property
    def direct(self) -> bool:
        """Whether this canvas is drawn at its output size (:data:`DIRECT`), shapes anti-aliased by masks."""
        return self.scale == DIRECT

    def box(self, rect: Sequence[float], *, fill: RGB | None = None, outline: RGB | None = None,
            radius: float = 10, width: float = 1) -> None:
        """A rounded rectangle ``(x0, y0, x1, y1)``."""
        if self.dry:
            return
        if self.direct:
            self._direct_box(rect, fill, outline, radius, width)
            return
        self.draw.rounded_rectangle(self._rect(rect), radius=self._s(radius), fill=fill,
                                    outline=outline, width=max(1, self._s(width)) if outline else 0)

    def line(self, points: Sequence[tuple[float, float]], *, fill: RGB = pal.LINE, width: float = 1) -> None:
        """A polyline."""
        if self.dry:
            return
        if self.direct and not _straight(points, width):
            self._masked(("line", max(1, round(width * MASK_SUPERSAMPLE))), points, width / 2 + 1, fill)
            return
        self.draw.line([(self._s(x), self._s(y)) for x, y in points], fill=fill, width=max(1, self._s(width)))

    def circle(self, centre: tuple[float, float], radius: float, *, fill: RGB | None = None,
               outline: RGB | None = None, width: float = 1) -> None:
        """A circle around ``centre``."""
        if self.dry:
            return
        cx, cy = centre
        if self.direct:
            box = [(cx - radius, cy - radius), (cx + radius, cy + radius)]
            if fill is not None:
                self._masked(("ellipse", 0), box, 1, fill)
            if outline is not None:
                self._masked(("ellipse", max(1, round(width * MASK_SUPERSAMPLE))), box, 1, outline)
            return
        self.draw.ellipse(self._rect((cx - radius, cy - radius, cx + radius, cy + radius)), fill=fill,
                          outline=outline, width=max(1, self._s(width)) if outline else 0)

    def polygon(self, points: Sequence[tuple[float, float]], *, fill: RGB | None = None,
                outline: RGB | None = None, width: float = 1) -> None:
        """A filled polygon."""
        if self.dry:
            return
        if self.direct:
            if fill is not None:
                self._masked(("polygon", 0), points, 1, fill)
            if outline is not None:
                closed = [*points, points[0], points[1]]
                self._masked(("closed", max(1, round(width * MASK_SUPERSAMPLE))), closed, width / 2 + 1, outline)
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
        self._arc_in((cx - outer, cy - outer, cx + outer, cy + outer), start, end, fill, width)

    def _arc_in(self, box: tuple[float, float, float, float], start: float, end: float, fill: RGB,
                width: float) -> None:
        """Pillow's arc: inside the bounding ``box``, stroked ``width`` inwards."""
        if self.direct:
            self._masked(("arc", max(1, round(width * MASK_SUPERSAMPLE)), round(start * 8), round(end * 8)),
                         [(box[0], box[1]), (box[2], box[3])], 1, fill)
            return
        self.draw.arc(self._rect(box), start, end, fill=fill, width=max(1, self._s(width)))

    # ---- direct drawing: shapes as cached anti-aliased masks -----------------------------------------------
    # A board blends some 1,500 small masks and fills as many rectangles: these call the Pillow core methods that
    # ImageDraw.bitmap and ImageDraw.rectangle call, without their wrappers (which cost more than the pixels).
    def _ink(self, colour: RGB) -> int:
        ink = self._inks.get(colour)
        if ink is None:
            ink = self._inks[colour] = self.draw.draw.draw_ink(colour)
        return ink

    def _paint(self, colour: RGB, left: int, top: int, mask: _Mask) -> None:
        """Blend ``colour`` through ``mask`` with its top-left at ``(left, top)`` (by its plan, when it has one)."""
        if mask.pieces is None:
            self.draw.draw.draw_bitmap((left, top), mask.core, self._ink(colour))
            return
        ink = self._ink(colour)
        draw = self.draw.draw
        for dx, dy, core in mask.pieces:
            draw.draw_bitmap((left + dx, top + dy), core, ink)
        if mask.solid is not None:
            x0, y0, x1, y1 = mask.solid
            draw.draw_rectangle((left + x0, top + y0, left + x1, top + y1), ink, 1)

    def _fill(self, x0: int, y0: int, x1: int, y1: int, colour: RGB, width: int = 0) -> None:
        """The pixel rectangle from ``(x0, y0)`` to ``(x1, y1)`` inclusive: filled, or its outline ``width`` wide."""
        if width:
            self.draw.draw.draw_rectangle((x0, y0, x1, y1), self._ink(colour), 0, width)
        else:
            self.draw.draw.draw_rectangle((x0, y0, x1, y1), self._ink(colour), 1)

    def _masked(self, how: tuple[object, ...], points: Sequence[tuple[float, float]], reach: float,
                colour: RGB) -> None:
        """Paint ``colour`` through the mask of one shape (``how``: what Pillow draws through ``points``),
        supersampled in a box around the points ``reach`` pixels wider, and kept for the next identical shape
        at the same fraction of a pixel."""
        left = math.floor(min(x for x, _ in points) - reach)
        top = math.floor(min(y for _, y in points) - reach)
        k = MASK_SUPERSAMPLE
        local = tuple((round((x - left) * k), round((y - top) * k)) for x, y in points)
        w = math.ceil(max(x for x, _ in points) + reach) - left + 1
        h = math.ceil(max(y for _, y in points) + reach) - top + 1
        key = (how, local, w, h)
        found = _SHAPES.get(key)
        if found is None:
            found = _Mask.planned(_shape_mask(how, local, w, h))
            _SHAPES.put(key, found)
        self._paint(colour, left, top, found)

    def _direct_box(self, rect: Sequence[float], fill: RGB | None, outline: RGB | None, radius: float,
                    width: float) -> None:
        """A rounded rectangle at output size: straight parts as rectangles on whole pixels, corners as cached
        anti-aliased masks; the outline is painted over the fill."""
        x0, y0, x1, y1 = (round(v) for v in rect)
        if x1 <= x0 or y1 <= y0:
            return
        r = max(0.0, min(radius, (x1 - x0) / 2, (y1 - y0) / 2))
        stroke = max(1, round(width)) if outline is not None else 0
        if r < 1:
            if fill is not None:
                self._fill(x0, y0, x1 - 1, y1 - 1, fill)
            if outline is not None:
                self._fill(x0, y0, x1 - 1, y1 - 1, outline, stroke)
            return
        c = math.ceil(r)
        for colour, ring in ((fill, 0), (outline, stroke)):
            if colour is None:
                continue
            corner = _corner_mask(c, round(r * MASK_SUPERSAMPLE), ring)
            self._paint(colour, x0, y0, corner[0])
            self._paint(colour, x1 - c, y0, corner[1])
            self._paint(colour, x0, y1 - c, corner[2])
            self._paint(colour, x1 - c, y1 - c, corner[3])
            if ring == 0:
                if x1 - c - 1 >= x0 + c:
                    self._fill(x0 + c, y0, x1 - c - 1, y1 - 1, colour)
                if y1 - c - 1 >= y0 + c:
                    self._fill(x0, y0 + c, x0 + c - 1, y1 - c - 1, colour)
                    self._fill(x1 - c, y0 + c, x1 - 1, y1 - c - 1, colour)
            else:
                ring = min(ring, c)
                if x1 - c - 1 >= x0 + c:
                    self._fill(x0 + c, y0, x1 - c - 1, y0 + ring - 1, colour)
                    self._fill(x0 + c, y1 - ring, x1 - c - 1, y1 - 1, colour)
                if y1 - c - 1 >= y0 + c:
                    self._fill(x0, y0 + c, x0 + ring - 1, y1 - c - 1, colour)
                    self._fill(x1 - ring, y0 + c, x1 - 1, y1 - c - 1, colour)

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
            recorder.append(DrawnText(shown, text, xy, size))
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
        w = max(1, self._s(size * 0.11)) / self.scale
        for start in (200, 20):
            self._arc_in((cx - r, cy - r, cx + r, cy + r), start, start + 130, colour, w)
            end = math.radians(start + 130)
            tip = (cx + r * math.cos(end), cy + r * math.sin(end))
            tangent = end + math.pi / 2
            a = size * 0.2
            self.polygon([
                (tip[0] + a * math.cos(tangent), tip[1] + a * math.sin(tangent)),
                (tip[0] + a * 0.75 * math.cos(end), tip[1] + a * 0.75 * math.sin(end)),
                (tip[0] - a * 0.75 * math.cos(end), tip[1] - a * 0.75 * math.sin(end)),
            ], fill=colour)

    def thing(self, xy: tuple[float, float], size: float, key: str, *, hollow: bool = False,
              background: RGB | None = None) -> None:
        """The icon for a resource, krystallium or character key.

        With ``background`` (what lies under the icon's square and a pixel around it) the icon is drawn once per
        process and pasted (:func:`_icon_sprite`, issue 25 §2: It's a Wonderful World's cubes were a fifth of its
        board)."""
        if background is not None:
            self._sprite(("thing", key, hollow), xy, size, background,
                         lambda cv, at: cv.thing(at, size, key, hollow=hollow))
            return
        if key == "krystallium":
            self.gem(xy, size, hollow=hollow)
        elif key in pal.CHARACTER:
            self.token(xy, size, key, hollow=hollow)
        else:
            self.cube(xy, size, pal.RESOURCE.get(key, pal.MUTED), hollow=hollow)

    def counted(self, xy: tuple[float, float], key: str, count: int | str, size: float, *,
                fill: RGB = pal.TEXT, dim_zero: bool = True, bold: bool = True,
                background: RGB | None = None) -> float:
        """An icon followed by a number, vertically centred on ``xy[1]``; returns the width. ``background``: as
        in :meth:`thing`."""
        x, y = xy
        zero = dim_zero and str(count) == "0"
        self.thing((x, y - size / 2), size, key, hollow=zero, background=background)
        label = str(count)
        w = self.text((x + size + size * 0.22, y), label, size * 0.82, fill=pal.MUTED if zero else fill, bold=bold)
        return size * 1.22 + w

    def _sprite(self, kind: tuple[object, ...], xy: tuple[float, float], size: float, background: RGB,
                draw: Callable[[Canvas, tuple[float, float]], object]) -> None:
        """Paste the icon ``kind`` of ``size`` at ``xy``, drawing it by ``draw(canvas, at)`` on a small canvas of
        ``background`` the first time. The small canvas starts an even number of pixels left of and above the
        icon, so the icon lies at the same fraction of a pixel and rounds (halves to even) as in place: the
        pixels pasted are the ones drawn in place over ``background``. Only the icon's square and one pixel
        around it are pasted."""
        if self.dry or self.image is None:
            return
        x0, y0 = xy[0] - 1, xy[1] - 1
        left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        fx, fy = x0 - left, y0 - top
        key = (kind, size, fx, fy, background, self.scale)
        found = _ICONS.get(key)
        if found is None:
            k = self.scale
            canvas = Canvas(math.ceil(fx + size + 2), math.ceil(fy + size + 2), self.lang, background=background,
                            scale=k)
            draw(canvas, (fx + 1, fy + 1))
            assert canvas.image is not None
            found = canvas.image.crop((math.floor(fx) * k, math.floor(fy) * k, canvas.image.width,
                                       canvas.image.height))
            _ICONS.put(key, found)
        self.image.paste(found, ((left + math.floor(fx)) * self.scale, (top + math.floor(fy)) * self.scale))

    # ---- output --------------------------------------------------------------------------------
    @classmethod
    def fitted(cls, width: int, lang: str, draw: Callable[[Canvas], float], *, scale: int = SCALE) -> Canvas:
        """A canvas exactly as tall as ``draw`` needs: lay out once on a dry (measuring) canvas,
        then draw for real. ``draw`` returns the height it used."""
        height = draw(cls(width, 1, lang, dry=True, scale=scale))
        canvas = cls(width, round(height), lang, scale=scale)
        draw(canvas)
        return canvas

    def measuring(self, width: float | None = None) -> Canvas:
        """A dry canvas that measures as this one draws (same language and scale), to size a part first."""
        return Canvas(round(width if width is not None else self.width), 1, self.lang, dry=True, scale=self.scale)

    def png(self, palette: Image.Image | None = None) -> bytes:
        """The finished image as optimised PNG bytes, mapped onto ``palette`` if given (a title's fixed board
        palette, :func:`render.kit.board_palette`)."""
        assert self.image is not None, "dry canvases have no image"
        return encode_png(self.image, self.scale, palette=palette)


class _Icons:
    """Icons drawn on a flat background, kept per process (:meth:`Canvas._sprite`): the ``kept`` most recently
    used; each is a few hundred pixels."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._found: OrderedDict[tuple[object, ...], Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> Image.Image | None:
        with self._lock:
            found = self._found.get(key)
            if found is not None:
                self._found.move_to_end(key)
            return found

    def put(self, key: tuple[object, ...], image: Image.Image) -> None:
        with self._lock:
            self._found[key] = image
            while len(self._found) > self.kept:
                self._found.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._found.clear()


_ICONS = _Icons(2048)


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
