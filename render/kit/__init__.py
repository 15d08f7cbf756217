"""The shared drawing kit: a :class:`Canvas` with text, boxes and game icons, and PNG encoding.

A canvas is drawn either at ``SCALE``× and reduced when encoded, or (``scale=DIRECT``) at its output size
with shapes anti-aliased through small cached masks; both come out anti-aliased, the second for about half
the CPU (issue 13 §3; ``python -m bench.render`` measures it). Coordinates passed to a canvas are always in
output pixels. Text widths and rasterised strings are cached per process, keyed by the text, pixel size,
weight and the fonts in use.

All text goes through :meth:`Canvas.text` (or helpers built on it), which reports each string to an
active :func:`recording` — tests use it to check what an image shows without reading pixels.

The package: :mod:`.canvas` (the :class:`Canvas`), :mod:`.masks` (the anti-aliasing masks and their caches),
:mod:`.png` (encoding), :mod:`.record` (:func:`recording`, :func:`counting`), :mod:`.text` (seat names, drawable
strings), :mod:`.sizes` and :mod:`.title` (:class:`TitleRenderer`). Import from ``render.kit``.
"""

from __future__ import annotations

from ..fonts import FontMissing
from ..layout import ELLIPSIS, Flow, fit, is_cjk, wrap
from .canvas import Canvas, wedge_points
from .png import board_palette, capturing, encode_png
from .record import DrawnText, RenderCounters, counting, recording, replay
from .sizes import DIRECT, MARGIN_DEFAULT, MASK_SUPERSAMPLE, MAX_PNG_BYTES, SCALE
from .text import seat_label
from .title import TitleRenderer

__all__ = [
    "DIRECT",
    "ELLIPSIS",
    "MARGIN_DEFAULT",
    "MASK_SUPERSAMPLE",
    "MAX_PNG_BYTES",
    "SCALE",
    "Canvas",
    "DrawnText",
    "Flow",
    "FontMissing",
    "RenderCounters",
    "TitleRenderer",
    "board_palette",
    "capturing",
    "counting",
    "encode_png",
    "fit",
    "is_cjk",
    "recording",
    "replay",
    "seat_label",
    "wedge_points",
    "wrap",
]
