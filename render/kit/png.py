"""PNG encoding: down-scaling, a palette (a title's fixed one for its boards), fast compression, under Discord's
limit."""

from __future__ import annotations

import io
import time
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from PIL import Image

from .record import _counters
from .sizes import MAX_PNG_BYTES

#: Each title's board palette (issue 25 §2), written by ``python -m bench.palettes --update``.
PALETTES_FILE = Path(__file__).resolve().parent.parent / "palettes.toml"


def encode_png(image: Image.Image, scale: int = 1, *, limit: int = MAX_PNG_BYTES,
               palette: Image.Image | None = None) -> bytes:
    """Downscale a supersampled ``image`` by ``scale`` and encode it as a small PNG.

    Flat-colour boards compress well as a 256-colour palette: ``palette`` (a "P" image, :func:`board_palette`)
    is used as it is, else one is chosen from a sample of the image's pixels. Either way the result stays under
    ``limit`` bytes by shrinking if it must.
    """
    counters = _counters.get()
    start = time.process_time() if counters is not None else 0.0
    found = _captured.get()
    if found is not None:
        found.append((image.copy(), scale))
    try:
        return _encode(image, scale, limit, palette)
    finally:
        if counters is not None:
            counters.encode_seconds += time.process_time() - start


@cache
def board_palette(game_id: str) -> Image.Image | None:
    """The fixed palette ``game_id``'s boards are mapped onto, as a "P" image for :func:`encode_png` (issue 25 §2:
    no palette is chosen per board); ``None`` for a title without one in :data:`PALETTES_FILE`."""
    table = palette_table().get(game_id)
    if table is None:
        return None
    colours = [bytes.fromhex(colour) for colour in table["colours"]]
    holder = Image.new("P", (1, 1))
    holder.putpalette(b"".join(colours) + bytes(3 * (256 - len(colours))))
    return holder


def palette_table() -> dict[str, dict[str, list[str]]]:
    """:data:`PALETTES_FILE` as read: title id → ``{"colours": ["rrggbb", …]}``."""
    return tomllib.loads(PALETTES_FILE.read_text(encoding="utf-8"))


_captured: ContextVar[list[tuple[Image.Image, int]] | None] = ContextVar("tabula_render_captured", default=None)


@contextmanager
def capturing() -> Iterator[list[tuple[Image.Image, int]]]:
    """Collect a copy of every image handed to :func:`encode_png` inside the ``with`` block, with its scale, before
    it is reduced and palettised (for the palettes' generator and tests that compare colours)."""
    found: list[tuple[Image.Image, int]] = []
    token = _captured.set(found)
    try:
        yield found
    finally:
        _captured.reset(token)


#: Every ``_SAMPLE_STRIDE``-th pixel across and down chooses the palette: measured on the boards (issue 13 §3), a
#: palette from a ninth of the pixels maps the whole image as closely as one from all of them, in a third of the
#: time, because boards are flat colours and their edges.
_SAMPLE_STRIDE = 3
#: zlib level 2: measured on the boards (issue 25 §2), 4 % smaller than level 1 for 0.4 ms more (level 7: 2×
#: the time, 30 % smaller).
_COMPRESS_LEVEL = 2
#: A PNG larger than this at :data:`_COMPRESS_LEVEL` is compressed again at :data:`_DENSE_LEVEL`: issue 25 §2's
#: board budget (200 KiB), which only the densest late boards of 18 Royal Gorge in Chinese come near.
_DENSE_BYTES = 200 * 1024
_DENSE_LEVEL = 6


def _palette_image(image: Image.Image, palette: Image.Image | None = None) -> Image.Image:
    """``image`` as a 256-colour palette image: mapped onto ``palette``, else onto one chosen from a sample of its
    pixels."""
    if image.mode != "RGB":      # only RGB maps onto a given palette; others (RGBA) choose from every pixel
        return image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if palette is None:
        sample = image
        if image.width >= 8 * _SAMPLE_STRIDE and image.height >= 8 * _SAMPLE_STRIDE:
            sample = image.resize((image.width // _SAMPLE_STRIDE, image.height // _SAMPLE_STRIDE),
                                  Image.Resampling.NEAREST)
        palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def _encode(image: Image.Image, scale: int, limit: int, palette: Image.Image | None) -> bytes:
    if scale > 1:
        image = image.reduce(scale)
    while True:
        mapped = _palette_image(image, palette)
        data = _save(mapped, _COMPRESS_LEVEL)
        if len(data) > _DENSE_BYTES:
            data = min(data, _save(mapped, _DENSE_LEVEL), key=len)
        if len(data) <= limit or image.width < 400:
            return data
        image = image.resize((image.width * 3 // 4, image.height * 3 // 4), Image.Resampling.LANCZOS)


def _save(image: Image.Image, level: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()
