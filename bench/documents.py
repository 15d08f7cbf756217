"""Balance documents written by their studies (``--update``): the figures go between two markers, the
reading around them stays as written."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class FiguresBlock:
    """The markers of one study's block of figures in its document."""

    begin: str
    end: str = "<!-- figures: end -->"

    def update(self, path: Path, lines: Sequence[str], command: str) -> None:
        """Put ``lines`` (and the command that made them) between the markers in ``path`` (a document
        without them is refused: ``SystemExit``)."""
        text = path.read_text(encoding="utf-8")
        head, found, rest = text.partition(self.begin)
        _, found_end, tail = rest.partition(self.end)
        if not found or not found_end:
            raise SystemExit(f"{path} has no {self.begin} … {self.end} block")
        block = "\n".join([self.begin, "", f"`{command}`", "", "```", *lines, "```", "", self.end])
        path.write_text(head + block + tail, encoding="utf-8")
