"""The state of a Tile Lay game: plain msgspec data with one canonical JSON form.

Nothing is hidden (every tile is public), so the state is small: the cities picked at setup (rule 2), the
tiles laid with their owners, the supply left (rule 3), the running scores (rules 9-10) and whose turn it is.
"""

from __future__ import annotations

import msgspec

from games.core import BaseState

NO_END = ""
# Why the game ended (rule 12).
END_SUPPLY = "supply"
END_MAP = "map"
END_PASSES = "passes"
END_ROUNDS = "rounds"


class Placed(msgspec.Struct, frozen=True):
    """A tile on the map: which one, its rotation (``r0`` … ``r5``) and the seat that laid it."""

    tile: str
    rotation: int
    owner: int


class Score(msgspec.Struct):
    """One seat's points so far: for linking stations (rule 9) and for extending its own track (rule 10)."""

    links: int = 0
    extension: int = 0
    tiles: int = 0

    @property
    def total(self) -> int:
        return self.links + self.extension


class LastLay(msgspec.Struct, frozen=True):
    """The latest move, for the board image's highlight and the status line."""

    seat: int
    hex: str = ""
    tile: str = ""
    rotation: int = 0
    points: int = 0


class HexlayState(BaseState, kw_only=True):
    """Cities in play, the laid tiles by hex id, the supply by tile id, scores and the turn."""

    cities: list[str]
    laid: dict[str, Placed] = {}
    supply: dict[str, int]
    scores: list[Score]
    current: int = 0
    round: int = 1
    turn: int = 1
    passes: int = 0           # passes in a row (rule 12: a whole round of them ends the game)
    last: LastLay | None = None
    end: str = NO_END
