"""The drawing kit's scales and sizes: how canvases are drawn (:data:`SCALE` or :data:`DIRECT`), the outer
margin and the PNG size limit."""

from __future__ import annotations

SCALE = 2
#: The scale of a canvas drawn at its output size (issue 13 §3): text is anti-aliased by FreeType and shapes by
#: masks supersampled :data:`MASK_SUPERSAMPLE`× and cached per process, so no 4×-sized canvas is filled, drawn
#: on and reduced. Boards drawn this way cost about half as much CPU as at :data:`SCALE`.
DIRECT = 1
MASK_SUPERSAMPLE = 4
MARGIN_DEFAULT = 24         # outer margin of every image, in output pixels
MAX_PNG_BYTES = 2_000_000   # well under Discord's upload limit; boards are usually far smaller
