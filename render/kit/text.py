"""Names and strings as drawn: a seat's display name, and what of a string the installed fonts can draw."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..fonts import FontSources, covers, font, font_sources

_SEAT_WORD = {"en": "Player {n}", "zh": "玩家 {n}"}


def seat_label(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """The display name of ``seat``: the given name, else "Player N" / "玩家 N" (1-based).

    A name with nothing drawable in it (only emoji, say) also falls back to the default.
    """
    if names is not None and 0 <= seat < len(names) and names[seat] and _drawable(names[seat]):
        return names[seat].strip()
    return _SEAT_WORD.get(lang, _SEAT_WORD["en"]).format(n=seat + 1)


def _drawable(text: str) -> str:
    """``text`` without characters no installed font can draw (emoji in player names)."""
    return _drawable_with(font_sources(), text)


def _shown(text: str) -> str:
    """What is drawn for ``text``: its drawable characters, or "?" if there are none."""
    return _shown_with(font_sources(), text)


# Both are asked for every string drawn: answered once per string and fonts in use (issue 13 §3).
@lru_cache(maxsize=8192)
def _drawable_with(sources: FontSources, text: str) -> str:
    face = font(16)
    if covers(face, text):
        return text.strip()
    return "".join(ch for ch in text if covers(face, ch)).strip()


@lru_cache(maxsize=8192)
def _shown_with(sources: FontSources, text: str) -> str:
    face = font(16)
    if covers(face, text):
        return text
    return _drawable_with(sources, text) or "?"
