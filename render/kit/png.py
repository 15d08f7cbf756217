"""PNG encoding: down-scaling, a palette when the colours allow it, fast compression, under Discord's limit."""

from __future__ import annotations

import io
import time

from PIL import Image

from .record import _counters
from .sizes import MAX_PNG_BYTES


def encode_png(image: Image.Image, scale: int = 1, *, limit: int = MAX_PNG_BYTES) -> bytes:
    """Downscale a supersampled ``image`` by ``scale`` and encode it as a small PNG.

    Flat-colour boards compress well as a 256-colour palette; if a palette image would look wrong
    (very colourful content) we still fall back to RGB, and either way the result stays under
    ``limit`` bytes by shrinking if it must.
    """
    counters = _counters.get()
    start = time.process_time() if counters is not None else 0.0
    try:
        return _encode(image, scale, limit)
    finally:
        if counters is not None:
            counters.encode_seconds += time.process_time() - start


#: Every ``_SAMPLE_STRIDE``-th pixel across and down chooses the palette: measured on the boards (issue 13 §3), a
#: palette from a ninth of the pixels maps the whole image as closely as one from all of them, in a third of the
#: time, because boards are flat colours and their edges.
_SAMPLE_STRIDE = 3
#: zlib level 1: measured on the boards, 2× faster than level 7 for PNGs about 30 % larger (still ~100 KiB).
_COMPRESS_LEVEL = 1


def _palette_image(image: Image.Image) -> Image.Image:
    """``image`` as a 256-colour palette image, the palette chosen from a sample of its pixels."""
    if image.mode != "RGB":      # only RGB maps onto a given palette; others (RGBA) choose from every pixel
        return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    sample = image
    if image.width >= 8 * _SAMPLE_STRIDE and image.height >= 8 * _SAMPLE_STRIDE:
        sample = image.resize((image.width // _SAMPLE_STRIDE, image.height // _SAMPLE_STRIDE),
                              Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(image: Image.Image, scale: int, limit: int) -> bytes:
    if scale > 1:
        image = image.reduce(scale)
    while True:
        out = io.BytesIO()
        _palette_image(image).save(out, format="PNG", compress_level=_COMPRESS_LEVEL)
        data = out.getvalue()
        if len(data) <= limit or image.width < 400:
            return data
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS)
