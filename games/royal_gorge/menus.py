"""18 Royal Gorge's menus without the full list (issue 21, "Menus without the full list").

Every question a player's client asks (``choices``, ``complete``, ``count_moves``, ``has_moves``, ``random_move``,
the refusal hint, the bot's small lists) starts from one :class:`Listing`: the moves of every step except the
track step's lays (a pass, a few stations, trains, privates, dividends; at the route step the router's best
run and ``run none``, the router asked once), and the railroad's lays as a :class:`LaySpace` answered level by
level as 18xx.games' track step asks: ``lay`` → the hexes with a lay → the tiles that fit one hex → their
rotations, counted hex by hex without building a move for any other hex.

The answers are the same as those built from the full list (``Game._legal_moves``, kept for the contract suite):
the same options in the same order with the same counts, the same hint, the same random draw from the same Rng.
The full list, sorted by notation, holds the lays as one block (every lay's notation starts ``lay ``, no other
move's does), in the order of (hex, tile, rotation) tokens, which is what :meth:`LaySpace.nth` walks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core import Move, Option, Rng
from games.core.menu import group_by_next_token

from .moves import Lay, Pass, Run
from .operating.legal import legal_moves as operating_moves
from .operating.track import lay_hexes, lays_on
from .records import tabula_id
from .state import OperatingF, RGState, StockF
from .steps import FLOW

#: The verb of a lay, and where the lays sit among the other moves sorted by notation.
LAY = "lay"
LAY_PREFIX = "lay "

#: (notation, label) of a move; ``Label`` labels one move, ``TokenLabel`` a token below a path.
Label = Callable[[Move], str]
TokenLabel = Callable[[Sequence[str], str], str]
Rank = Callable[[Move], Any]


@dataclass
class LaySpace:
    """The lays the railroad operating now may make and afford, hex by hex (cached per hex within one question).

    ``tokens`` are the hexes its network reaches, as notation tokens (``l14``), in notation order."""

    state: RGState
    frame: OperatingF
    corp: str
    _hexes: dict[str, str] = field(default_factory=dict)
    _at: dict[str, list[Lay]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._hexes = {hex_id.lower(): hex_id for hex_id in lay_hexes(self.state, self.frame, self.corp)}

    @property
    def tokens(self) -> list[str]:
        return sorted(self._hexes)

    def at(self, token: str) -> list[Lay]:
        """The lays on the hex named by ``token`` (any case), sorted by notation; none off the network."""
        key = token.lower()
        found = self._at.get(key)
        if found is None:
            hex_id = self._hexes.get(key)
            found = [] if hex_id is None else sorted(lays_on(self.state, self.frame, self.corp, hex_id), key=str)
            self._at[key] = found
        return found

    def count(self, limit: int | None = None) -> int:
        """How many lays there are (stops once ``limit`` is reached)."""
        total = 0
        for token in self.tokens:
            if limit is not None and total >= limit:
                return total
            total += len(self.at(token))
        return total

    def first(self, n: int) -> list[Lay]:
        """The first ``n`` lays in notation order (the hexes after the ``n``-th lay are not asked)."""
        out: list[Lay] = []
        for token in self.tokens:
            if len(out) >= n:
                break
            out += self.at(token)
        return out[:n]

    def nth(self, index: int) -> Lay:
        """The lay at ``index`` in notation order."""
        for token in self.tokens:
            here = self.at(token)
            if index < len(here):
                return here[index]
            index -= len(here)
        raise IndexError("no such lay")


@dataclass
class Listing:
    """What ``seat`` may do now: ``moves`` (every legal move but the lays, as ``_legal_moves`` lists them) and
    ``lays`` (the track step's lays, or ``None`` outside it)."""

    moves: list[Move]
    lays: LaySpace | None

    def lay_count(self, limit: int | None = None) -> int:
        return self.lays.count(limit) if self.lays is not None else 0

    def count(self, limit: int | None = None) -> int:
        """The number of legal moves (at most ``limit``): the listed ones, then the lays hex by hex."""
        if limit is not None and len(self.moves) >= limit:
            return limit
        total = len(self.moves) + self.lay_count(None if limit is None else limit - len(self.moves))
        return total if limit is None else min(total, limit)

    def lays_before(self) -> int:
        """Where the lays' block sits among the listed moves sorted by notation."""
        return sum(1 for move in self.moves if str(move) < LAY_PREFIX)

    def all_moves(self) -> list[Move]:
        """Every legal move, lays included (small outside the track step; the bot asks only outside it)."""
        lays: list[Move] = [] if self.lays is None else [m for t in self.lays.tokens for m in self.lays.at(t)]
        return [*self.moves, *lays]


def listing(state: RGState, seat: int, may_act: frozenset[int], *, moves_too: bool = True) -> Listing:
    """The :class:`Listing` for ``seat``: the live frames' moves as :meth:`Flow.legal` gathers them (top first,
    then the asides), the operating railroad's listed without its lays. ``moves_too=False``: the lays only
    (a menu below ``lay`` needs no other move, nor the router)."""
    if seat not in may_act:
        return Listing([], None)
    live = FLOW.live(state)
    moves: list[Move] = []
    space: LaySpace | None = None
    for frame, step in live:
        if seat not in step.actors(state, frame):
            continue
        if isinstance(frame, OperatingF):
            moves += operating_moves(state, frame, seat, lays=False) if moves_too else []
            if space is None and frame.step == "track" and frame.index < len(frame.order):
                space = LaySpace(state, frame, frame.order[frame.index])
        elif moves_too:
            moves += step.legal(state, frame, seat)
    for frame, step in live if moves_too else []:
        for aside in step.asides:
            if aside.may(state, frame, seat):
                moves += aside.legal(state, frame, seat)
    return Listing(moves, space)


def lay_rank(rank: Rank) -> Any:
    """Where a lay comes among suggestions (every lay alike)."""
    return rank(Lay("A1", "", 0))


def root_choices(found: Listing, rank: Rank, label: Label, token_label: TokenLabel) -> list[Option]:
    """The first level: each verb once, in suggestion order, ``lay`` counting every lay."""
    lays = found.lay_count()
    keyed: list[tuple[Any, str, str]] = [(rank(m), str(m), label(m)) for m in found.moves]
    if lays:
        keyed.append((lay_rank(rank), LAY, ""))
    keyed.sort(key=lambda k: (k[0], k[1]))
    options = group_by_next_token(((notation, text) for _, notation, text in keyed), [])
    out = []
    for option in options:
        if option.token == LAY and lays:
            out.append(Option(LAY, token_label([], LAY), False, lays))
        elif option.final:
            out.append(option)
        else:
            out.append(Option(option.token, token_label([], option.token), False, option.count))
    return out


def lay_choices(found: Listing, words: Sequence[str], label: Label, token_label: TokenLabel) -> list[Option]:
    """Below ``lay``: the hexes with a lay (and how many), a hex's tiles (and their rotations), a tile's
    rotations (each a whole move)."""
    space = found.lays
    if space is None:
        return []
    if len(words) == 1:
        counted = ((token, len(space.at(token))) for token in space.tokens)
        return [Option(token, token_label(words, token), False, n) for token, n in counted if n]
    lays = space.at(words[1])
    if len(words) == 2:
        tiles: dict[str, int] = {}
        for lay in lays:
            token = tabula_id(lay.tile)
            tiles[token] = tiles.get(token, 0) + 1
        return [Option(token, token_label(words, token), False, n) for token, n in tiles.items()]
    if len(words) == 3:
        return [Option(f"r{lay.rotation}", label(lay)) for lay in lays if tabula_id(lay.tile) == words[2]]
    return []


def ordered(found: Listing, rank: Rank, limit: int) -> tuple[list[str], int]:
    """The first ``limit`` notations in suggestion order, ``pass`` first, and how many moves there are."""
    lays = found.lays.first(limit) if found.lays is not None else []
    keyed = sorted([(rank(m), str(m)) for m in found.moves] + [(lay_rank(rank), str(m)) for m in lays])
    notations = [notation for _, notation in keyed]
    total = len(found.moves) + found.lay_count()
    if "pass" in notations:
        total -= notations.count("pass") - 1
        notations = ["pass", *(n for n in notations if n != "pass")]
    return notations[:limit], total


def random_move(found: Listing, state: RGState, rng: Rng) -> Move:
    """The contract playouts' random move, drawn as ``bot.random_move`` draws it from the full sorted list
    (half the time a pass where one is open in a stock or operating round; the best run at the route step;
    else any move uniformly), without building the list: a lay is found by its index, hex by hex."""
    top = FLOW.top(state)
    others = sorted(found.moves, key=str)
    if Pass() in others and isinstance(top, StockF | OperatingF) and rng.below(2) == 0:
        return Pass()
    if isinstance(top, OperatingF) and top.step == "route":
        runs = [m for m in others if isinstance(m, Run) and m.routes]
        if runs:
            return runs[0]
    lays = found.lay_count()
    index = rng.below(len(others) + lays)
    before = found.lays_before()
    if index < before:
        return others[index]
    if index < before + lays and found.lays is not None:
        return found.lays.nth(index - before)
    return others[index - lays]
