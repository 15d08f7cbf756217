"""Moves of It's a Wonderful World and their canonical notation.

=====================  ==========================================================
``pick 37``            draft card 37 from your hand (rules §3 阶段一)
``build 37``           slate drafted card 37 for construction (§3 阶段二)
``recycle 37``         recycle a drafted or waiting card for its cube (§3 阶段二, §4)
``place 37 energy 2``  put two energy cubes (or krystallium / characters) on card 37
``take financier``     science supremacy: choose the character (research: supremacy)
``done``               finish planning or this production step; unplaced cubes go
                       to your empire card
=====================  ==========================================================
"""

from __future__ import annotations

from games.core import Move


class Pick(Move, frozen=True, tag="pick"):
    uid: int

    def __str__(self) -> str:
        return f"pick {self.uid}"


class Build(Move, frozen=True, tag="build"):
    uid: int

    def __str__(self) -> str:
        return f"build {self.uid}"


class Recycle(Move, frozen=True, tag="recycle"):
    uid: int

    def __str__(self) -> str:
        return f"recycle {self.uid}"


class Place(Move, frozen=True, tag="place"):
    uid: int
    what: str
    count: int

    def __str__(self) -> str:
        return f"place {self.uid} {self.what} {self.count}"


class Take(Move, frozen=True, tag="take"):
    character: str

    def __str__(self) -> str:
        return f"take {self.character}"


class Done(Move, frozen=True, tag="done"):
    def __str__(self) -> str:
        return "done"


WorldMove = Pick | Build | Recycle | Place | Take | Done
