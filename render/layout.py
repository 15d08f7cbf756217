"""Text measuring, fitting and wrapping (CJK-aware), and a simple flow layout for boxes."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = [
    "ELLIPSIS",
    "Flow",
    "Measure",
    "fit",
    "is_cjk",
    "wrap",
]

ELLIPSIS = "…"

Measure = Callable[[str], float]
"""Width in pixels of a string as it would be drawn."""

# Punctuation that must not start a line (attach to the previous atom) or end one (attach forward).
_NO_START = set("，。、；：？！）》」』】〕〉”’…·・ー~～,.;:?!)]}%")
_NO_END = set("（《「『【〔〈“‘([{$")
_LATIN_WORD = re.compile(r"[^\s\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]+\s*|\s+")


def is_cjk(char: str) -> bool:
    """Whether ``char`` is a CJK ideograph, kana, hangul or full-width form (breakable anywhere)."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x3000 <= code <= 0x303F or 0x20000 <= code <= 0x3FFFF)


def _atoms(text: str) -> list[str]:
    """Unbreakable pieces: Latin words with their trailing spaces, single CJK characters."""
    atoms: list[str] = []
    i = 0
    while i < len(text):
        char = text[i]
        if is_cjk(char) or char in _NO_START or char in _NO_END:
            atoms.append(char)
            i += 1
            continue
        match = _LATIN_WORD.match(text, i)
        end = match.end() if match and match.end() > i else i + 1
        atoms.append(text[i:end])
        i = end
    # Glue punctuation: no line starts with a closing mark, none ends with an opening one.
    glued: list[str] = []
    carry = ""
    for atom in atoms:
        if carry:
            atom, carry = carry + atom, ""
        if atom and atom[0] in _NO_START and glued:
            glued[-1] += atom
        elif atom and atom[-1] in _NO_END:
            carry = atom
        else:
            glued.append(atom)
    if carry:
        glued.append(carry)
    return glued


def fit(text: str, measure: Measure, width: float) -> str:
    """``text`` shortened with an ellipsis so that it is at most ``width`` pixels wide."""
    if measure(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:                       # longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return (text[:low].rstrip() + ELLIPSIS) if low else ELLIPSIS


def _split_long(atom: str, measure: Measure, width: float) -> list[str]:
    pieces: list[str] = []
    current = ""
    for char in atom:
        if current and measure(current + char) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, measure: Measure, width: float, max_lines: int | None = None) -> list[str]:
    """Break ``text`` into lines at most ``width`` wide.

    Latin text breaks at spaces, CJK text between any two characters (never before closing
    punctuation). Explicit newlines are kept. With ``max_lines`` the last line ends in an ellipsis
    when text was left over.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for atom in _atoms(paragraph):
            candidate = current + atom
            if measure(candidate.rstrip()) <= width or not current:
                if measure(candidate.rstrip()) > width:        # a single over-long word
                    pieces = _split_long(atom, measure, width)
                    lines.extend(pieces[:-1])
                    current = pieces[-1] if pieces else ""
                else:
                    current = candidate
            else:
                lines.append(current.rstrip())
                current = atom.lstrip()
                if measure(current.rstrip()) > width:
                    pieces = _split_long(current, measure, width)
                    lines.extend(pieces[:-1])
                    current = pieces[-1] if pieces else ""
        lines.append(current.rstrip())
    if max_lines is not None and len(lines) > max_lines:
        if max_lines <= 0:
            return []
        last = lines[max_lines - 1].rstrip() + ELLIPSIS
        lines = [*lines[:max_lines - 1], fit(last, measure, width)]
    return lines


@dataclass
class Flow:
    """Places boxes left to right, starting a new row when the width is used up.

    ``place(w, h)`` returns the top-left corner for a box; ``bottom`` is the y below the last row.
    """

    x: int
    y: int
    width: int
    gap_x: int = 8
    gap_y: int = 8
    _cx: int = field(init=False, default=0)
    _row_h: int = field(init=False, default=0)
    _used: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self._cx = self.x

    def place(self, w: int, h: int) -> tuple[int, int]:
        """Top-left corner for a ``w`` × ``h`` box."""
        if self._used and self._cx + w > self.x + self.width:
            self.y += self._row_h + self.gap_y
            self._cx = self.x
            self._row_h = 0
        pos = (self._cx, self.y)
        self._cx += w + self.gap_x
        self._row_h = max(self._row_h, h)
        self._used = True
        return pos

    def newline(self) -> None:
        """Start a new row (if the current one has anything in it)."""
        if self._used:
            self.y += self._row_h + self.gap_y
            self._cx = self.x
            self._row_h = 0
            self._used = False

    @property
    def bottom(self) -> int:
        """The y just below everything placed so far."""
        return self.y + self._row_h if self._used else self.y
