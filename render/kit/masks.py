"""Anti-aliasing masks for canvases drawn at output size (:data:`DIRECT`): shapes supersampled
:data:`MASK_SUPERSAMPLE`× and text rasterised once, kept in byte-bounded caches per process."""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from ..fonts import font_for, font_sources
from .sizes import MASK_SUPERSAMPLE


@dataclass(frozen=True, slots=True)
class _Mask:
    """An "L" mask to blend a colour through, its Pillow core (fetched once), and the offset of its top-left
    corner from the point it is drawn at.

    A large mask may come with a plan (:func:`_plan`): ``pieces`` (offset and core of each part of the mask
    still to blend) and ``solid`` (a rectangle, inclusive, where the mask is all 255, filled instead of
    blended). Painting the plan gives exactly the pixels of blending the whole mask: a mask of 0 leaves a pixel
    as it was and one of 255 sets it to the colour."""

    image: Image.Image
    core: Any
    dx: int = 0
    dy: int = 0
    pieces: tuple[tuple[int, int, Any], ...] | None = None
    solid: tuple[int, int, int, int] | None = None

    @classmethod
    def of(cls, image: Image.Image, dx: int = 0, dy: int = 0) -> _Mask:
        return cls(image, image.im, dx, dy)

    @classmethod
    def planned(cls, image: Image.Image) -> _Mask:
        """The mask of a shape, with a plan when it is large enough for one to pay (:func:`_plan`)."""
        plan = _plan(image)
        if plan is None:
            return cls(image, image.im)
        pieces, solid = plan
        return cls(image, image.im, 0, 0, tuple((x, y, piece.im) for x, y, piece in pieces), solid)

    @property
    def bytes(self) -> int:
        """What the mask keeps, in bytes (its pieces copy part of it)."""
        return self.image.width * self.image.height * (2 if self.pieces is not None else 1)


#: A shape's mask gets a plan (:func:`_plan`) from this many pixels: a hex's fill or outline on an 18xx map or
#: Megarich∞'s window (blending is per pixel of the mask's box, most of which is 0 or 255 there).
PLAN_FROM = 1600
#: A plan is kept when its uniform rectangle is at least this share of the mask's box.
PLAN_SHARE = 0.2


def _uniform(image: Image.Image, box: tuple[int, int, int, int], value: int) -> bool:
    return image.crop(box).getextrema() == (value, value)


def _plan(image: Image.Image) -> tuple[list[tuple[int, int, Image.Image]], tuple[int, int, int, int] | None] | None:
    """A large shape mask as a rectangle round its middle where it is all 0 (a ring's inside: nothing to draw)
    or all 255 (a filled shape's inside: a plain fill) and the parts round it to blend, cropped to what they
    cover (issue 25 §2: an 18 Royal Gorge map blended 200 hex masks of some 7,000 pixels each, most of them
    0 or 255). ``None`` when the mask is small or has no such rectangle worth it."""
    w, h = image.size
    if w * h < PLAN_FROM:
        return None
    cx, cy = w // 2, h // 2
    middle = image.getpixel((cx, cy))
    if middle not in (0, 255):
        return None
    value = 255 if middle == 255 else 0
    best: tuple[int, int, int, int] | None = None
    best_area = 0
    # the widest rectangle of each of a few heights around the middle, as a share of the mask's size
    for share_y in (0.95, 0.8, 0.65, 0.5, 0.35):
        half_h = max(1, int(h * share_y / 2))
        if not _uniform(image, (cx - 1, cy - half_h, cx + 1, cy + half_h), value):
            continue
        low, high = 1, w // 2
        while low < high:                           # the widest half-width still uniform at this height
            mid = (low + high + 1) // 2
            if _uniform(image, (cx - mid, cy - half_h, cx + mid, cy + half_h), value):
                low = mid
            else:
                high = mid - 1
        area = 4 * low * half_h
        if area > best_area:
            best, best_area = (cx - low, cy - half_h, cx + low, cy + half_h), area
    if best is None or best_area < PLAN_SHARE * w * h:
        return None
    x0, y0, x1, y1 = best
    pieces = []
    for box in ((0, 0, w, y0), (0, y1, w, h), (0, y0, x0, y1), (x1, y0, w, y1)):
        part = image.crop(box)
        found = part.getbbox()
        if found is None:
            continue
        pieces.append((box[0] + found[0], box[1] + found[1], part.crop(found)))
    return pieces, ((x0, y0, x1 - 1, y1 - 1) if value == 255 else None)


class _MaskCache:
    """Masks shared by every canvas of the process: rasterised strings by (fonts, text, pixel size, weight,
    anchor), shapes by their outline and sub-pixel position. A board draws the same labels, numbers, names and
    icons every time (issue 13 §3). Bounded by bytes; the least recently used mask goes first."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.used = 0
        self._masks: OrderedDict[tuple[object, ...], _Mask] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple[object, ...]) -> _Mask | None:
        with self._lock:
            found = self._masks.get(key)
            if found is not None:
                self._masks.move_to_end(key)
            return found

    def put(self, key: tuple[object, ...], value: _Mask) -> None:
        size = value.bytes
        if size > self.max_bytes // 16:
            return
        with self._lock:
            if key in self._masks:
                return
            self._masks[key] = value
            self.used += size
            while self.used > self.max_bytes:
                _old, mask = self._masks.popitem(last=False)
                self.used -= mask.bytes

    def clear(self) -> None:
        with self._lock:
            self._masks.clear()
            self.used = 0


_MASKS = _MaskCache(16 * 1024 * 1024)
_SHAPES = _MaskCache(8 * 1024 * 1024)


def _straight(points: Sequence[tuple[float, float]], width: float) -> bool:
    """Whether a polyline is drawn as well without supersampling: whole-pixel-wide, across or down only."""
    if abs(width - round(width)) > 0.05:
        return False
    return all(a[0] == b[0] or a[1] == b[1] for a, b in itertools.pairwise(points))


def _shape_mask(how: tuple[object, ...], local: tuple[tuple[int, int], ...], w: int, h: int) -> Image.Image:
    """The anti-aliased "L" mask (``w`` × ``h``) of one shape given in supersampled local coordinates."""
    k = MASK_SUPERSAMPLE
    big = Image.new("L", (w * k, h * k), 0)
    draw = ImageDraw.Draw(big)
    kind, stroke = how[0], int(how[1])  # type: ignore[call-overload]
    if kind == "polygon":
        draw.polygon(local, fill=255)
    elif kind in ("line", "closed"):
        draw.line(local, fill=255, width=stroke, joint="curve")
    elif kind == "ellipse":
        (ax, ay), (bx, by) = local
        if stroke:
            draw.ellipse((ax, ay, bx - 1, by - 1), outline=255, width=stroke)
        else:
            draw.ellipse((ax, ay, bx - 1, by - 1), fill=255)
    else:  # "arc", with its angles in eighths of a degree
        (ax, ay), (bx, by) = local
        draw.arc((ax, ay, bx - 1, by - 1), int(how[2]) / 8, int(how[3]) / 8, fill=255,  # type: ignore[call-overload]
                 width=stroke)
    return big.reduce(k)


@lru_cache(maxsize=256)
def _corner_mask(c: int, radius: int, ring: int) -> tuple[_Mask, _Mask, _Mask, _Mask]:
    """The four ``c`` × ``c`` corners (top-left, top-right, bottom-left, bottom-right) of a rounded rectangle of
    ``radius`` (supersampled pixels), filled, or only its outline ``ring`` pixels wide."""
    k = MASK_SUPERSAMPLE
    big = Image.new("L", (c * k, c * k), 0)
    draw = ImageDraw.Draw(big)
    far = 3 * c * k
    draw.rounded_rectangle((0, 0, far, far), radius=radius, fill=255)
    if ring:
        inset = ring * k
        draw.rounded_rectangle((inset, inset, far, far), radius=max(0, radius - inset), fill=0)
    top_left = big.reduce(k)
    top_right = top_left.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    return (_Mask.of(top_left), _Mask.of(top_right), _Mask.of(top_left.transpose(Image.Transpose.FLIP_TOP_BOTTOM)),
            _Mask.of(top_right.transpose(Image.Transpose.FLIP_TOP_BOTTOM)))


def _text_mask(text: str, px: int, bold: bool, anchor: str) -> _Mask:
    """``text`` rasterised at ``px`` pixels as an "L" mask, with the offset of its top-left from the anchor point."""
    key = (font_sources(), text, px, bold, anchor)
    found = _MASKS.get(key)
    if found is not None:
        return found
    face, stroke = font_for(text, px, bold)
    core, (dx, dy) = face.getmask2(text, "L", stroke_width=stroke, anchor=anchor, stroke_filled=True)
    mask = Image.frombytes("L", core.size, bytes(core)) if core.size[0] and core.size[1] else Image.new("L", (0, 0))
    found = _Mask.of(mask, dx, dy)
    _MASKS.put(key, found)
    return found
