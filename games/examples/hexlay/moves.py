"""Moves of Tile Lay and their notation: ``lay c4 s3 r2`` (rule 4) and ``pass`` (rule 11).

:func:`read` is the whole grammar. It never lists moves: a hex id, a tile (by id or by name, in English or
Chinese) and a rotation are read one after the other, and the rotation of a symmetric tile is folded onto its
first equal one (a straight turned ``r4`` is ``r1``). Whether the lay fits is for ``_apply`` to say.
"""

from __future__ import annotations

import re

from games.core import MalformedMove, Move
from games.core.hexgrid import HexIdError

from .board import SIDES, board, hex_id


class Lay(Move, frozen=True):
    """Lay ``tile`` on the empty hex ``hex`` turned ``rotation`` × 60° clockwise (rule 4)."""

    hex: str
    tile: str
    rotation: int

    def __str__(self) -> str:
        return f"lay {self.hex.lower()} {self.tile} r{self.rotation}"


class Pass(Move, frozen=True):
    """Lay nothing this turn (rule 11)."""

    def __str__(self) -> str:
        return "pass"


LAY_WORDS = frozenset({"lay", "铺", "铺轨"})
PASS_WORDS = frozenset({"pass", "跳过", "不铺"})
_ROTATION = re.compile(r"^(?:r|转)?([0-9]+)$")


def rotation_token(token: str) -> int | None:
    """``r2`` / ``2`` / ``转2`` as a number, or ``None`` when the token is no rotation."""
    found = _ROTATION.match(token)
    return int(found[1]) if found else None


def read(text: str) -> Move | None:
    """A move from normalised ``text`` (lower case, single blanks), or ``None`` when it is not Tile Lay notation.

    ``lay <hex> <tile> r<k>``: the verb may be left out (``c4 s3 r2``), the tile is an id or a name
    (``sharp curve``, ``急弯``), the rotation ``r2``, ``2`` or ``转2``, and may be left out for a tile that looks
    the same every way round. A well-formed lay with a bad part raises :class:`MalformedMove` saying which.
    """
    words = text.split()
    if not words:
        return None
    if text in PASS_WORDS:
        return Pass()
    if words[0] in LAY_WORDS:
        words = words[1:]
    elif len(words) < 2 or not re.match(r"^[a-z]+[0-9]+$", words[0]):
        return None
    if not words:
        raise MalformedMove("error.lay_grammar")
    try:
        where = hex_id(words[0])
    except HexIdError:
        raise MalformedMove("error.bad_hex", hex=words[0][:12]) from None
    rest = words[1:]
    rotation = rotation_token(rest[-1]) if len(rest) >= 2 else None
    if rotation is not None:
        rest = rest[:-1]
    elif rest and rotation_token(rest[-1]) is not None and board().tile(rest[-1]) is None:
        raise MalformedMove("error.lay_grammar")
    if not rest:
        raise MalformedMove("error.lay_grammar")
    tile = board().tile(" ".join(rest))
    if tile is None:
        raise MalformedMove("error.unknown_tile", tile=" ".join(rest)[:40])
    if rotation is None:
        if tile.period > 1:
            raise MalformedMove("error.rotation_missing", hex=where.lower(), code=tile.id, last=tile.period - 1)
        rotation = 0
    if not 0 <= rotation < SIDES:
        raise MalformedMove("error.rotation_range", rotation=rotation)
    return Lay(where, tile.id, rotation % tile.period)     # rule 4: equal rotations are one lay
