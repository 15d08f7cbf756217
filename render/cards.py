"""Generic card drawing: a card frame with a coloured title band, and a name chip.

Titles draw their own faces on top of :func:`card_frame`; the frame handles the shadow, the body,
the wrapped (CJK-aware) title and an optional corner badge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import palette as pal
from .kit import Canvas
from .palette import RGB

__all__ = ["CARD_BODY", "CARD_TEXT", "CardFrame", "card_frame", "chip", "chip_width"]

CARD_BODY: RGB = (246, 243, 235)
CARD_TEXT: RGB = (40, 42, 48)
CARD_MUTED: RGB = (118, 116, 110)


@dataclass(frozen=True)
class CardFrame:
    """Where a card's body content may go once the frame is drawn."""

    x0: float
    y0: float      # just below the title band
    x1: float
    y1: float      # bottom of the card


def card_frame(cv: Canvas, rect: tuple[float, float, float, float], colour: RGB, title: str, *,
               subtitle: str | None = None, tag: str | None = None, title_size: float = 15,
               badge: Callable[[float, float], None] | None = None, badge_size: float = 0,
               highlight: RGB | None = None, max_title_lines: int = 3) -> CardFrame:
    """Draw a card outline with a ``colour`` title band holding ``title`` (wrapped).

    ``tag`` is a short note at the right of the subtitle line (e.g. the card's number).
    ``badge(x, y)`` draws into the top-right ``badge_size`` square (e.g. victory points);
    ``highlight`` rings the card (e.g. the card you picked).
    """
    x0, y0, x1, y1 = rect
    pad = 9
    radius = 11
    if highlight:
        cv.box((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=highlight, radius=radius + 4)
    else:
        cv.box((x0 + 2, y0 + 4, x1 + 2, y1 + 4), fill=pal.darken(pal.BACKGROUND, 0.45), radius=radius)
    cv.box(rect, fill=CARD_BODY, outline=pal.darken(colour, 0.25), radius=radius, width=1.5)
    text_w = x1 - x0 - 2 * pad - (badge_size + 4 if badge else 0)
    lines = cv.wrap(title, title_size, text_w, bold=True, max_lines=max_title_lines)
    step = cv.line_height(title_size)
    band_h = pad + step * len(lines) + (cv.line_height(11) if subtitle or tag else 0) + pad * 0.8
    band_h = max(band_h, badge_size + 2 * 6 if badge else 0)
    cv.box((x0, y0, x1, y0 + band_h), fill=colour, radius=radius)
    cv.box((x0, y0 + band_h - radius, x1, y0 + band_h), fill=colour, radius=0)
    ink = pal.on_colour(colour) if pal.luminance(colour) <= 0.5 else pal.TEXT_DARK
    y = y0 + pad
    for line in lines:
        cv.text((x0 + pad, y + step / 2), line, title_size, fill=ink, bold=True, source=title)
        y += step
    if subtitle or tag:
        sub_y = y + cv.line_height(11) / 2
        if subtitle:
            cv.text((x0 + pad, sub_y), subtitle, 11, fill=pal.mix(ink, colour, 0.35))
        if tag:
            cv.text((x1 - pad, sub_y), tag, 11, fill=pal.mix(ink, colour, 0.25), bold=True, anchor="rm")
    if badge:
        badge(x1 - pad + 3 - badge_size, y0 + 6)
    return CardFrame(x0 + pad, y0 + band_h, x1 - pad, y1 - pad)


def chip_width(cv: Canvas, text: str, size: float = 13, max_width: float = 260) -> float:
    """Width :func:`chip` will take for ``text``."""
    pad = size * 0.7
    return min(cv.measure(text, size) + 2 * pad + 1, max_width)


def chip(cv: Canvas, xy: tuple[float, float], text: str, colour: RGB, *, size: float = 13,
         height: float = 24, max_width: float = 260, outline: RGB | None = None) -> float:
    """A card-name chip in the card's colour, top-left at ``xy``; returns its width."""
    pad = size * 0.7
    w = chip_width(cv, text, size, max_width)
    x, y = xy
    edge = outline or (pal.lighten(colour, 0.3) if pal.luminance(colour) < 0.3 else pal.darken(colour, 0.2))
    cv.box((x, y, x + w, y + height), fill=colour, outline=edge, radius=6)
    ink = pal.TEXT_DARK if pal.luminance(colour) > 0.5 else pal.TEXT
    cv.text((x + pad, y + height / 2), text, size, fill=ink, max_width=w - 2 * pad)
    return w
