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
    corner from the point it is drawn at."""

    image: Image.Image
    core: Any
    dx: int = 0
    dy: int = 0

    @classmethod
    def of(cls, image: Image.Image, dx: int = 0, dy: int = 0) -> _Mask:
        return cls(image, image.im, dx, dy)


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
        size = value.image.width * value.image.height
        if size > self.max_bytes // 16:
            return
        with self._lock:
            if key in self._masks:
                return
            self._masks[key] = value
            self.used += size
            while self.used > self.max_bytes:
                _old, mask = self._masks.popitem(last=False)
                self.used -= mask.image.width * mask.image.height

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
