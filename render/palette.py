"""Colours shared by every renderer: a dark table theme plus resource and token colours."""

from __future__ import annotations

__all__ = [
    "ACCENT",
    "BACKGROUND",
    "BAD",
    "CHARACTER",
    "GOOD",
    "LINE",
    "MUTED",
    "PANEL",
    "PANEL_ALT",
    "PANEL_HI",
    "RESOURCE",
    "RGB",
    "TEXT",
    "TEXT_DARK",
    "darken",
    "lighten",
    "luminance",
    "mix",
    "on_colour",
]

RGB = tuple[int, int, int]

BACKGROUND: RGB = (24, 27, 35)
PANEL: RGB = (36, 40, 52)
PANEL_ALT: RGB = (45, 50, 64)
PANEL_HI: RGB = (52, 47, 34)       # a panel whose player must act (warm tint)
LINE: RGB = (64, 70, 88)
TEXT: RGB = (236, 238, 243)
TEXT_DARK: RGB = (28, 30, 36)
MUTED: RGB = (150, 158, 176)
ACCENT: RGB = (255, 184, 48)       # "your turn" highlight
GOOD: RGB = (98, 200, 120)
BAD: RGB = (236, 96, 88)

# Resource cubes (the physical game's colours).
RESOURCE: dict[str, RGB] = {
    "materials": (214, 217, 222),     # grey / white
    "energy": (40, 40, 44),           # black
    "science": (72, 178, 86),         # green
    "gold": (242, 196, 48),           # yellow
    "exploration": (58, 140, 226),    # blue
    "krystallium": (222, 58, 64),     # red
}

# Character tokens.
CHARACTER: dict[str, RGB] = {
    "financier": (44, 98, 206),       # blue
    "general": (232, 104, 40),        # orange / red
}


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` blended towards ``b`` by ``t`` (0..1)."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def lighten(colour: RGB, t: float) -> RGB:
    """``colour`` moved towards white by ``t``."""
    return mix(colour, (255, 255, 255), t)


def darken(colour: RGB, t: float) -> RGB:
    """``colour`` moved towards black by ``t``."""
    return mix(colour, (0, 0, 0), t)


def luminance(colour: RGB) -> float:
    """Perceived brightness, 0..1."""
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def on_colour(colour: RGB) -> RGB:
    """A readable text colour on a ``colour`` background."""
    return TEXT_DARK if luminance(colour) > 0.6 else TEXT
