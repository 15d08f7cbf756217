"""What the shared building squares leave a seat (ruling R1): the bot-side reading of the map for 建设 and 攻城.

Each 州 has one square of each of four kinds (lumber, barracks, workshop, special; rules §4 建设), a square takes
anybody's building (ruling R1), and a building needs a spare marker of its owner in its 州 (one of his markers
without his building). A player has 13 markers (rules §2) for 12 buildings: whatever he does, his markers in
supply plus his spare markers on the map are always one more than the buildings he has still to build. So one
marker at most may end in a 州 where no square he needs stays free; a second one, and his 12th building can never
stand (the stalled boards of ruling R16). A player who wants to finish therefore

* builds where it keeps every spare marker useful (:meth:`Squares.build_value`), and first where a square he needs
  is contested (another player's spare marker in the 州 wants the same kind) or scarce on the board;
* places a marker where it opens a needed square no spare of his covers yet, and not elsewhere once his one spare
  marker of slack is spent (:meth:`Squares.marker_value`).

"Covered" is a matching of the spare markers to free squares of the kinds still on the lord board: each spare
marker takes one free square of its 州, each needed building one square of its kind (Hall's condition over the
four kinds gives its size). Everything read here is public (markers, buildings, lord boards; ruling R8).
"""

from __future__ import annotations

import functools

from .content import ROWS, SPECIALS, SQUARES, content, square_of
from .rules import MAX_MARKERS, buildings_in, lord_of, markers_in
from .state import TKState

_BIT = {kind: 1 << i for i, kind in enumerate(SQUARES)}
_SUBSETS = tuple(range(1 << len(SQUARES)))
_POP = tuple(bin(mask).count("1") for mask in _SUBSETS)
#: The bot's value of a spare marker lost for good (it can no longer hold a building): most of a late building.
WASTED = 30.0
#: The bot's value of a marker that opens a needed square (it was 25 for any 州 with more free squares than spares).
OPENS = 25.0


def needs(state: TKState, seat: int) -> list[int]:
    """The buildings ``seat`` has still to build, counted by the square they stand on (:data:`SQUARES` order)."""
    player, lord = state.seats[seat], lord_of(state, seat)
    out = [len(lord.row(row)) - player.count(row) for row in ROWS]
    out.append(sum(1 for kind in SPECIALS if not player.count(kind)))
    return out


def _free(state: TKState, zhou: str) -> int:
    """The free squares of ``zhou`` as a bit mask."""
    taken = state.squares.get(zhou, {})
    return sum(bit for kind, bit in _BIT.items() if kind not in taken)


def _spares(state: TKState, seat: int) -> dict[str, int]:
    """``seat``'s spare markers by 州: its markers there beyond its buildings there."""
    out = {}
    for zhou in state.markers:
        spare = markers_in(state, zhou, seat) - buildings_in(state, zhou, seat)
        if spare > 0:
            out[zhou] = spare
    return out


@functools.cache
def _cuts(need: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each non-empty set of the needed kinds (a bit mask), the buildings of the other kinds."""
    kinds = [i for i, n in enumerate(need) if n]
    out = []
    for subset in _SUBSETS[1:]:
        if all(subset >> i & 1 == 0 or i in kinds for i in range(len(need))):
            out.append((subset, sum(n for i, n in enumerate(need) if not subset >> i & 1)))
    return tuple(out)


def covered(need: list[int], slots: list[tuple[int, int]]) -> int:
    """How many of the buildings ``need`` (by square) the spare markers ``slots`` ((spares, free mask) by 州) can
    hold at once: a maximum matching, by Hall's condition over the sets of needed kinds (the smallest cut)."""
    best = sum(need)
    for subset, cut in _cuts(tuple(need)):
        for spare, mask in slots:
            free = _POP[mask & subset]
            cut += spare if spare < free else free
            if cut >= best:
                break
        else:
            best = cut
    return best


class Squares:
    """One seat's reading of the squares at one moment (built once a decision, asked about many moves)."""

    def __init__(self, state: TKState, seat: int) -> None:
        self.state, self.seat = state, seat
        self.need = needs(state, seat)
        self.wanted = sum(1 << i for i, n in enumerate(self.need) if n)  # the kinds still needed, as a bit mask
        self.spares = _spares(state, seat)
        self.masks = {zhou: _free(state, zhou) for zhou in content().zhou}
        self.covered = covered(self.need, self._slots())
        self.wasted = sum(self.spares.values()) - self.covered
        self._others: list[tuple[list[int], dict[str, int]]] | None = None
        self._markers: dict[str, float] = {}

    def _slots(self, zhou: str = "", spare: int = 0, taken: int = 0) -> list[tuple[int, int]]:
        """The (spares, free mask) of the 州 with a spare marker, ``zhou`` changed by ``spare`` markers and the
        squares ``taken``."""
        out = []
        for z in {**self.spares, zhou: 0} if zhou else self.spares:
            count = self.spares.get(z, 0) + (spare if z == zhou else 0)
            if count > 0:
                out.append((count, self.masks[z] & ~(taken if z == zhou else 0)))
        return out

    def marker_value(self, zhou: str) -> float:
        """What one more marker of the seat in ``zhou`` does for its buildings: :data:`OPENS` when it covers a
        needed square no spare covers yet; else nothing while the seat's one spare of slack is unspent, and
        minus :data:`WASTED` (a building it can no longer stand) once it is."""
        if zhou not in self._markers:
            self._markers[zhou] = self._marker_value(zhou)
        return self._markers[zhou]

    def _marker_value(self, zhou: str) -> float:
        if self.wasted == 0:  # the slack unspent: a 州 with more needed free squares than spares opens one
            return OPENS if _POP[self.masks[zhou] & self.wanted] > self.spares.get(zhou, 0) else 0.0
        if self.covered < sum(self.need) and self.masks[zhou] \
                and covered(self.need, self._slots(zhou, 1)) > self.covered:
            return OPENS
        return 0.0 if self._stepping_stone(zhou) else -WASTED

    def _stepping_stone(self, zhou: str) -> bool:
        """Whether a marker in ``zhou`` would let the seat reach a 州 with room and a free square it needs, next
        to none of its markers now (its last buildings sought across the board, ruling R16's "could still")."""
        neighbours, markers = content().neighbours, self.state.markers
        for other in neighbours[zhou]:
            if self.masks[other] & self.wanted and len(markers.get(other, [])) < MAX_MARKERS \
                    and not any(self.seat in markers.get(z, []) for z in (other, *neighbours[other])):
                return True
        return False

    def build_value(self, zhou: str, kind: str) -> float:
        """What building ``kind`` in ``zhou`` leaves: minus :data:`WASTED` for each spare marker it leaves with
        no needed square, plus a little where the square is contested or its kind scarce (build those first)."""
        square = square_of(kind)
        index = SQUARES.index(square)
        after = self.need.copy()
        after[index] -= 1
        left = covered(after, self._slots(zhou, -1, _BIT[square]))
        wasted = sum(self.spares.values()) - 1 - left
        return -WASTED * max(0, wasted - self.wasted) + 0.5 * self._contest(zhou, index)

    def _contest(self, zhou: str, index: int) -> float:
        """How much others want the square ``index`` of ``zhou`` (a spare of theirs there needs it), and how
        scarce its kind is on the board against what the others still need of it: 0 (nobody) to about 2."""
        if self._others is None:
            self._others = [(needs(self.state, other), _spares(self.state, other))
                            for other in range(self.state.players) if other != self.seat]
        bit = 1 << index
        free = sum(1 for mask in self.masks.values() if mask & bit)
        wanted = sum(need[index] for need, _ in self._others)
        here = sum(1 for need, held in self._others if need[index] and zhou in held)
        return here + min(1.0, wanted / max(1, free))
