"""Fonts for rendered images, found among the system's fonts at run time.

Every image may contain Chinese (card names, player names), so a CJK-capable font is required:
WenQuanYi Micro Hei (Debian/Ubuntu package ``fonts-wqy-microhei``) or Noto Sans CJK
(``fonts-noto-cjk``). ``TABULA_FONT`` names a font file that overrides the search (a ``.ttc``
collection may carry the face index after a colon: ``/path/NotoSansCJK-Regular.ttc:2``).
``TABULA_FONT_BOLD`` may name a bold companion. Without any CJK font we raise
:class:`FontMissing` rather than draw empty "tofu" boxes.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

__all__ = [
    "CJK_PACKAGES",
    "FontMissing",
    "FontSource",
    "covers",
    "font",
    "font_for",
    "font_sources",
    "has_glyph",
    "text_width",
]

CJK_PACKAGES = "fonts-wqy-microhei (or fonts-noto-cjk)"

# Probe characters: a common hanzi and a codepoint no font maps (Supplementary Private Use Area-B).
_PROBE_HAN = "中"
_NO_GLYPH = "\U0010fffd"

_FONT_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "/usr/share/fonts/truetype",
    "/usr/share/fonts/opentype",
    str(Path.home() / ".local/share/fonts"),
    str(Path.home() / ".fonts"),
    "/Library/Fonts",
    "/System/Library/Fonts",
    "C:/Windows/Fonts",
)

# File names, best first. (regular, bold or None)
_CJK_CANDIDATES: tuple[tuple[str, str | None], ...] = (
    ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"),
    ("NotoSansCJKsc-Regular.otf", "NotoSansCJKsc-Bold.otf"),
    ("NotoSansSC-Regular.otf", "NotoSansSC-Bold.otf"),
    ("NotoSansSC-Regular.ttf", "NotoSansSC-Bold.ttf"),
    ("SourceHanSansSC-Regular.otf", "SourceHanSansSC-Bold.otf"),
    ("wqy-microhei.ttc", None),
    ("wqy-zenhei.ttc", None),
    ("PingFang.ttc", None),
    ("msyh.ttc", "msyhbd.ttc"),
    ("simhei.ttf", None),
)
_LATIN_BOLD_CANDIDATES = ("DejaVuSans-Bold.ttf", "NotoSans-Bold.ttf", "LiberationSans-Bold.ttf")


class FontMissing(RuntimeError):
    """No usable CJK font is installed; the message says what to install."""


@dataclass(frozen=True)
class FontSource:
    """A font file and the face index inside it (``.ttc`` collections hold several faces)."""

    path: str
    index: int = 0


@dataclass(frozen=True)
class FontSources:
    """The faces images are drawn with."""

    regular: FontSource
    bold: FontSource | None        # a true bold CJK face, if there is one
    latin_bold: FontSource | None  # a bold face for text without CJK characters

    def __hash__(self) -> int:
        # Part of the key of every cached width and glyph mask (issue 13 §3): hashed once per object.
        cached: int | None = self.__dict__.get("_hash")
        if cached is None:
            cached = hash((self.regular, self.bold, self.latin_bold))
            object.__setattr__(self, "_hash", cached)
        return cached


def _parse_env(value: str) -> FontSource:
    path, _, index = value.rpartition(":") if value.rsplit(":", 1)[-1].isdigit() else (value, "", "0")
    return FontSource(path, int(index or 0))


@cache
def _index_of(path: str) -> dict[str, int]:
    """Face indices by family name in a font file (simplified Chinese faces preferred)."""
    names: dict[str, int] = {}
    for index in range(16):
        try:
            face = ImageFont.truetype(path, 12, index=index)
        except OSError:
            break
        family = face.getname()[0] or ""
        names.setdefault(family, index)
    return names


def _best_index(path: str) -> int:
    for family, index in _index_of(path).items():
        if family.endswith(" SC") or "SC " in family:
            return index
    return 0


def _find(name: str) -> str | None:
    for root in _FONT_DIRS:
        if not os.path.isdir(root):
            continue
        direct = os.path.join(root, name)
        if os.path.isfile(direct):
            return direct
        for dirpath, _dirs, files in os.walk(root):
            if name in files:
                return os.path.join(dirpath, name)
    return None


def _source(path: str) -> FontSource:
    return FontSource(path, _best_index(path) if path.lower().endswith(".ttc") else 0)


@cache
def font_sources() -> FontSources:
    """The fonts in use (searched once). Raises :class:`FontMissing` if no CJK font is found."""
    env = os.environ.get("TABULA_FONT")
    regular: FontSource | None = None
    bold: FontSource | None = None
    if env:
        regular = _parse_env(env)
        if not os.path.isfile(regular.path):
            raise FontMissing(f"TABULA_FONT={env!r} does not name a font file")
        env_bold = os.environ.get("TABULA_FONT_BOLD")
        bold = _parse_env(env_bold) if env_bold and os.path.isfile(_parse_env(env_bold).path) else None
    else:
        for name, bold_name in _CJK_CANDIDATES:
            path = _find(name)
            if path is None:
                continue
            regular = _source(path)
            bold_path = _find(bold_name) if bold_name else None
            bold = _source(bold_path) if bold_path else None
            break
    if regular is None:
        raise FontMissing(
            "No CJK font found for rendering Chinese text. Install the Debian/Ubuntu package "
            f"{CJK_PACKAGES} (apt-get install fonts-wqy-microhei), or set TABULA_FONT to a font "
            "file that has Chinese glyphs.")
    probe = ImageFont.truetype(regular.path, 24, index=regular.index)
    if not has_glyph(probe, _PROBE_HAN):
        raise FontMissing(
            f"The font {regular.path} has no Chinese glyphs. Install {CJK_PACKAGES} "
            "or point TABULA_FONT at a CJK font.")
    latin_bold = None
    if bold is None:
        for name in _LATIN_BOLD_CANDIDATES:
            path = _find(name)
            if path:
                latin_bold = FontSource(path)
                break
    return FontSources(regular, bold, latin_bold)


@lru_cache(maxsize=512)
def _load_for(path: str, index: int, size: int, thread: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size, index=index, layout_engine=ImageFont.Layout.BASIC)


def _load(path: str, index: int, size: int) -> ImageFont.FreeTypeFont:
    """A cached face. Each thread gets its own: FreeType faces must not be shared across threads."""
    return _load_for(path, index, size, threading.get_ident())


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The CJK-capable face at ``size`` pixels (bold if a bold CJK face exists). Cached."""
    sources = font_sources()
    source = sources.bold if bold and sources.bold else sources.regular
    return _load(source.path, source.index, size)


def _mask_signature(face: ImageFont.FreeTypeFont, text: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=64)
def _notdef(face: ImageFont.FreeTypeFont) -> tuple[tuple[int, int], bytes]:
    return _mask_signature(face, _NO_GLYPH)


def has_glyph(face: ImageFont.FreeTypeFont, char: str) -> bool:
    """Whether ``face`` draws ``char`` as a real glyph rather than its missing-glyph box."""
    if char.isspace():
        return True
    return _mask_signature(face, char) != _notdef(face)


@lru_cache(maxsize=8192)
def _covers_char(path: str, index: int, char: str) -> bool:
    return has_glyph(_load(path, index, 24), char)


def covers(face: ImageFont.FreeTypeFont, text: str) -> bool:
    """Whether every character of ``text`` has a glyph in ``face``."""
    path = face.path if isinstance(face.path, str) else str(face.path)
    return all(_covers_char(path, face.index, ch) for ch in set(text))


def font_for(text: str, size: int, bold: bool = False) -> tuple[ImageFont.FreeTypeFont, float]:
    """The face to draw ``text`` with, and the stroke width that fakes bold when needed.

    Bold text uses a true bold CJK face if installed; otherwise a bold Latin face when the text has
    no CJK characters, else the regular CJK face thickened by a thin stroke.
    """
    sources = font_sources()
    if not bold or sources.bold:
        return font(size, bold), 0.0
    if sources.latin_bold and _latin_covers(sources, text):
        return _load(sources.latin_bold.path, sources.latin_bold.index, size), 0.0
    return font(size), max(0.4, size / 40)


@lru_cache(maxsize=8192)
def _latin_covers(sources: FontSources, text: str) -> bool:
    """Whether the bold Latin face draws every character of ``text`` (asked once per string)."""
    assert sources.latin_bold is not None
    return covers(_load(sources.latin_bold.path, sources.latin_bold.index, 24), text)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of ``text`` drawn by :func:`font_for` at ``size`` pixels, fake-bold stroke
    included. Measured once per (text, size, weight) and fonts in use: a board measures the same
    labels hundreds of times (issue 13 §3)."""
    return _text_width(font_sources(), text, size, bold)


@lru_cache(maxsize=32768)
def _text_width(sources: FontSources, text: str, size: int, bold: bool) -> float:
    face, stroke = font_for(text, size, bold)
    return face.getlength(text) + 2 * stroke
