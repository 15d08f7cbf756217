"""巨富豪∞: the gathering phase's moves and their canonical notation.

``move 3`` (a standard move toward direction 3 of :data:`games.core.hexgrid.DIRECTIONS`, 0 = E … 5 = SE;
``move 3 5`` chooses the limit 5 with 豆荚机车), ``gather``, ``upgrade`` (the patent holder's gather),
``choose 2`` (the second of three candidate blocks, or the second option of a chance event: 1-based),
``explore``, ``train 8,3`` (the intercity train to a cell ``col,row``), ``portal``, ``travel 2`` (旅行: a
standard move toward direction 2), ``shop`` (a key city's shop), ``buy 1`` (the first offer of a shop),
``use <item>``, ``sell <item>`` and ``done``.
"""

from __future__ import annotations

import re

from games.core import Move

from .board import Cell


class Go(Move, frozen=True, tag="mr_go"):
    """The standard move of the move phase toward ``direction`` (0–5); ``limit`` 0 is the usual limit."""

    direction: int
    limit: int = 0

    def __str__(self) -> str:
        return f"move {self.direction}" + (f" {self.limit}" if self.limit else "")


class Travel(Move, frozen=True, tag="mr_travel"):
    """旅行 (only under 旅行狂热): a standard move as a special free action."""

    direction: int
    limit: int = 0

    def __str__(self) -> str:
        return f"travel {self.direction}" + (f" {self.limit}" if self.limit else "")


class Gather(Move, frozen=True, tag="mr_gather"):
    """取材 on the tile the player stands on."""

    def __str__(self) -> str:
        return "gather"


class Upgrade(Move, frozen=True, tag="mr_upgrade"):
    """The patent holder's gather on its own tile: raise the block one level."""

    def __str__(self) -> str:
        return "upgrade"


class Choose(Move, frozen=True, tag="mr_choose"):
    """The ``index``-th (from 1) candidate block, or option of a chance event."""

    index: int

    def __str__(self) -> str:
        return f"choose {self.index}"


class Explore(Move, frozen=True, tag="mr_explore"):
    """探索: draw an event card and carry it out."""

    def __str__(self) -> str:
        return "explore"


class Train(Move, frozen=True, tag="mr_train"):
    """城际列车 to ``cell``."""

    cell: Cell

    def __str__(self) -> str:
        return f"train {self.cell[0]},{self.cell[1]}"


class Portal(Move, frozen=True, tag="mr_portal"):
    """门径交通 to the destination set up beforehand."""

    def __str__(self) -> str:
        return "portal"


class Buy(Move, frozen=True, tag="mr_buy"):
    """Buy the ``index``-th (from 1) offer of a trade event's shop."""

    index: int

    def __str__(self) -> str:
        return f"buy {self.index}"


class Shop(Move, frozen=True, tag="mr_city_shop"):
    """Open the key city's shop, its fixed options (ruling R79)."""

    def __str__(self) -> str:
        return "shop"


class Use(Move, frozen=True, tag="mr_use"):
    """Use an item from one's hand."""

    item: str

    def __str__(self) -> str:
        return f"use {self.item}"


class Sell(Move, frozen=True, tag="mr_sell"):
    """Sell an item from one's hand to the bank (ruling R73)."""

    item: str

    def __str__(self) -> str:
        return f"sell {self.item}"


class Done(Move, frozen=True, tag="mr_done"):
    """End the free-action phase (go to the settlement), or leave a shop."""

    def __str__(self) -> str:
        return "done"


GatherMove = Go | Travel | Gather | Upgrade | Choose | Explore | Train | Portal | Buy | Shop | Use | Sell | Done

_WORDS: dict[str, type[Move]] = {"gather": Gather, "upgrade": Upgrade, "explore": Explore, "portal": Portal,
                                 "shop": Shop, "done": Done}
_CELL = re.compile(r"^(\d{1,2})\s*,\s*(\d{1,2})$")


def read(text: str) -> Move | None:
    """Read normalised notation (lower case, single blanks) as a move, without asking whether it is legal;
    ``None`` when it is not this phase's notation."""
    words = text.split(" ")
    head, args = words[0], words[1:]
    if head in _WORDS and not args:
        return _WORDS[head]()
    if head in {"move", "travel"} and 1 <= len(args) <= 2 and all(a.isdigit() for a in args):
        direction, limit = int(args[0]), int(args[1]) if len(args) == 2 else 0
        return Go(direction, limit) if head == "move" else Travel(direction, limit)
    if head in {"choose", "buy"} and len(args) == 1 and args[0].isdigit():
        return Choose(int(args[0])) if head == "choose" else Buy(int(args[0]))
    if head == "train" and args:
        found = _CELL.match(" ".join(args))
        if found:
            return Train((int(found[1]), int(found[2])))
    if head in {"use", "sell"} and len(args) == 1 and re.fullmatch(r"[a-z0-9_]+", args[0]):
        return Use(args[0]) if head == "use" else Sell(args[0])
    return None
