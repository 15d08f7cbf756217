"""Static layers: the parts of an image that stay the same from board to board (a map's provinces and borders,
a rondel, a legend), drawn once per process and pasted (issue 13 §3, "draw static layers once per process").

A layer is drawn on a canvas at its real place on the image, so every shape lands on the same pixels (and, at
output size, goes through the same cached sub-pixel masks) as when it is drawn in place; only its rectangle is
kept. Pasting it gives the same pixels as drawing it (provided nothing under it was drawn before), and reports
its strings again to an active :func:`render.kit.recording` (:func:`render.kit.replay`), so tests that read
what an image shows see them on every image.

:class:`Reused` keeps the last few pictures drawn from the same inputs (an 18xx map while no tile is laid), and
:class:`Sprites` small pieces drawn once and pasted wherever they go (a market card, a talent chip). Each keeps
a bounded number of pictures; a picture costs 4 bytes per canvas pixel (×4 on a canvas supersampled 2×).
Layers are drawn at output size (:data:`render.kit.DIRECT`) unless asked otherwise, like the boards that use them.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from PIL import Image

from . import palette as pal
from .kit import DIRECT, Canvas, DrawnText, recording, replay
from .palette import RGB

__all__ = ["Layer", "Reused", "Sprites", "draw_layer", "paste_layer", "replay"]

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


@dataclass(frozen=True)
class Layer:
    """A drawn rectangle of an image at the canvas's scale, where it goes, the strings drawn in it, and how it
    was drawn (``draw(canvas)`` draws it in place again: tests compare the two)."""

    image: Image.Image
    left: int                       # top-left corner in canvas pixels (output pixels × scale)
    top: int
    scale: int
    texts: tuple[DrawnText, ...]
    draw: Callable[[Canvas], object]


def draw_layer(rect: Sequence[float], lang: str, draw: Callable[[Canvas], object], *, scale: int = DIRECT,
               background: RGB = pal.BACKGROUND) -> Layer:
    """Run ``draw`` on a canvas as large as the image up to ``rect``'s far corner and keep ``rect``
    ``(x0, y0, x1, y1)`` (output pixels, as drawn in place)."""
    x0, y0, x1, y1 = rect
    canvas = Canvas(math.ceil(x1), math.ceil(y1), lang, background=background, scale=scale)
    with recording() as found:
        draw(canvas)
    assert canvas.image is not None
    box = (round(x0 * scale), round(y0 * scale), round(x1 * scale), round(y1 * scale))
    return Layer(canvas.image.crop(box), box[0], box[1], scale, tuple(found), draw)


def paste_layer(cv: Canvas, layer: Layer) -> None:
    """Put ``layer`` back where it was drawn on ``cv`` (nothing on a measuring canvas)."""
    if cv.dry or cv.image is None:
        return
    if layer.scale != cv.scale:
        raise ValueError(f"a layer drawn at scale {layer.scale} cannot go on a canvas at scale {cv.scale}")
    cv.image.paste(layer.image, (layer.left, layer.top))
    replay(layer.texts)


class Reused(Generic[K, T]):
    """The last few pictures drawn, by everything they depend on (``key``): a map of 18xx stays the same for most
    moves, so it is drawn once and pasted while it is among the ``kept`` most recently used. Thread-safe; a
    picture must not be drawn on once kept. The strings drawn on it are reported again on every reuse (unless
    ``report`` is false: the caller reports them)."""

    def __init__(self, kept: int, *, report: bool = True) -> None:
        self.kept = kept
        self.report = report
        self._found: dict[K, tuple[T, tuple[DrawnText, ...]]] = {}
        self._lock = threading.Lock()

    def get(self, key: K, draw: Callable[[], T]) -> T:
        """The picture kept for ``key``, else ``draw()`` (then kept, dropping the least recently used)."""
        with self._lock:
            found = self._found.pop(key, None)
            if found is not None:
                self._found[key] = found            # most recently used last
        if found is None:
            with recording() as texts:
                picture = draw()
            found = (picture, tuple(texts) if self.report else ())
            with self._lock:
                self._found[key] = found
                while len(self._found) > self.kept:
                    del self._found[next(iter(self._found))]
        replay(found[1])
        return found[0]

    def find(self, key: K) -> T | None:
        """The picture kept for ``key``, or ``None`` (nothing is drawn, and nothing is reported)."""
        with self._lock:
            found = self._found.get(key)
        return found[0] if found is not None else None

    def clear(self) -> None:
        """Forget every kept picture."""
        with self._lock:
            self._found.clear()


class Sprites:
    """Small pictures (a market's card) drawn once and pasted wherever they go again, keeping the ``kept`` most
    recently used. A sprite is drawn at the same fraction of a pixel as where it goes and moved by an even number
    of pixels, so it lands on the same pixels as when drawn in place (Python rounds halves to even; the cached
    masks are keyed by the fraction of a pixel). Its rectangle is replaced whole: draw a sprite where only its
    ``background`` lies under it."""

    def __init__(self, kept: int) -> None:
        self._kept: Reused[Hashable, Layer] = Reused(kept, report=False)
        self._panels: Reused[Hashable, tuple[Layer, float]] = Reused(kept, report=False)

    def paste(self, cv: Canvas, key: Hashable, rect: Sequence[float], draw: Callable[[Canvas, float, float], object],
              *, background: RGB = pal.BACKGROUND) -> None:
        """Paste the sprite ``key`` (everything it shows must be in ``key``) over ``rect`` ``(x0, y0, x1, y1)``,
        which lies on ``background``; ``draw(canvas, x, y)`` draws it with its top-left corner at ``(x, y)`` when
        it is not kept."""
        if cv.dry or cv.image is None:
            return
        x0, y0, x1, y1 = rect
        # Moved by an even number of pixels: rounding halves to even (Python's round) then gives the same pixels.
        left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        fx, fy = x0 - left, y0 - top
        width, height = math.ceil(x1 - left), math.ceil(y1 - top)
        scale = cv.scale
        layer = self._kept.get((key, fx, fy, width, height, scale, cv.lang, background),
                               lambda: draw_layer((0, 0, width, height), cv.lang, lambda c: draw(c, fx, fy),
                                                  scale=scale, background=background))
        cv.image.paste(layer.image, (left * scale, top * scale))
        replay([DrawnText(t.text, t.source, (t.xy[0] + left, t.xy[1] + top), t.size) for t in layer.texts])

    def paste_exact(self, cv: Canvas, key: Hashable, rect: Sequence[float],
                    draw: Callable[[Canvas, float, float], object]) -> None:
        """Paste the sprite ``key`` over exactly the pixels a box of radius 0 fills over ``rect`` ``(x0, y0, x1,
        y1)`` and nothing around it: for pieces that fill their rectangle and draw nothing outside it, laid side
        by side with no gap (a board's spaces, issue 25 §2). Drawn, when not kept, on a canvas starting an even
        number of pixels left of and above ``rect`` (as :meth:`paste`), so it lands on the same pixels as drawn
        in place; ``draw(canvas, x, y)`` draws it with its top-left corner at ``(x, y)``."""
        if cv.dry or cv.image is None:
            return
        x0, y0, x1, y1 = rect
        left, top = 2 * math.floor(x0 / 2), 2 * math.floor(y0 / 2)
        fx, fy = x0 - left, y0 - top
        width, height = math.ceil(x1 - left), math.ceil(y1 - top)
        scale = cv.scale
        # The pixels Canvas.box fills for a radius-0 box over rect, relative to the sprite's canvas.
        box = (round(x0 * scale) - left * scale, round(y0 * scale) - top * scale,
               round(x1 * scale) - left * scale, round(y1 * scale) - top * scale)

        def drawn() -> Layer:
            whole = draw_layer((0, 0, width, height), cv.lang, lambda c: draw(c, fx, fy), scale=scale)
            return Layer(whole.image.crop(box), box[0], box[1], scale, whole.texts, whole.draw)

        layer = self._kept.get((key, "exact", fx, fy, width, height, scale, cv.lang), drawn)
        cv.image.paste(layer.image, (left * scale + layer.left, top * scale + layer.top))
        replay([DrawnText(t.text, t.source, (t.xy[0] + left, t.xy[1] + top), t.size) for t in layer.texts])

    def panel(self, cv: Canvas, key: Hashable, xy: tuple[float, float], width: float,
              draw: Callable[[Canvas, float, float], float], *, most: float = 1200,
              background: RGB = pal.BACKGROUND) -> float:
        """A panel of ``width`` whose height is known once drawn: ``draw(canvas, x, y)`` draws it with its top-left
        corner at ``(x, y)`` and returns its bottom (at most ``most`` below ``y``). Pasted as :meth:`paste` pastes
        a sprite (everything it shows must be in ``key``; it lies on ``background`` and draws nothing more than two
        pixels left or right of its width, nor above ``y - 2``), down to two pixels below its bottom. Returns the
        bottom on ``cv``; on a measuring canvas the kept panel's bottom, else ``draw``'s there."""
        x, y = xy
        left, top = 2 * math.floor((x - 2) / 2), 2 * math.floor((y - 2) / 2)
        fx, fy = x - left, y - top
        wide = math.ceil(fx + width + 2)
        scale = cv.scale
        kept = (key, fx, fy, wide, scale, cv.lang, background)
        if cv.dry or cv.image is None:
            found = self._panels.find(kept)
            return y + found[1] if found is not None else draw(cv, x, y)

        def whole() -> tuple[Layer, float]:
            canvas = Canvas(wide, math.ceil(fy + most), cv.lang, background=background, scale=scale)
            with recording() as texts:
                height = draw(canvas, fx, fy) - fy
            assert canvas.image is not None
            bottom = min(math.ceil(fy + height) + 2, canvas.height)
            return Layer(canvas.image.crop((0, 0, wide * scale, bottom * scale)), 0, 0, scale, tuple(texts),
                         lambda c: draw(c, fx, fy)), height

        layer, height = self._panels.get(kept, whole)
        cv.image.paste(layer.image, (left * scale, top * scale))
        replay([DrawnText(t.text, t.source, (t.xy[0] + left, t.xy[1] + top), t.size) for t in layer.texts])
        return y + height

    def clear(self) -> None:
        """Forget every kept sprite."""
        self._kept.clear()
        self._panels.clear()
