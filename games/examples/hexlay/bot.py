"""A simple greedy bot: it scores a bounded sample of lays and plays the best one.

It never lists every lay. The network is built once (:class:`~games.examples.hexlay.network.Network`), then it
looks at the hexes where points are to be had (next to a city or to laid track), shuffled, and scores each fitting
tile and rotation there until a budget is spent; a few random lays elsewhere keep it from stalling on an empty
map. Points now count most (rules 9-10); among equals it prefers track that reaches a city (links to come) and
open ends pointing at empty hexes (room to grow). It passes only when it cannot lay (rule 11).
"""

from __future__ import annotations

from games.core import Move, Rng

from .board import OFF_MAP, board, fitting, lays_at, open_hexes
from .board import constraints as sides_of
from .moves import Lay, Pass
from .network import Network
from .state import HexlayState

BUDGET = 400      # lays scored per decision at most
RANDOM_LAYS = 6   # extra random lays looked at anywhere


def choose(state: HexlayState, seat: int, rng: Rng) -> Move:
    """The bot's move for ``seat``."""
    b = board()
    cities = frozenset(state.cities)
    net = Network(state.laid, cities)
    empty = open_hexes(state.laid, cities)
    near = [i for i in empty if any(n != OFF_MAP and (b.hexes[n] in cities or b.hexes[n] in state.laid)
                                    for n in b.neighbours[i])]
    rng.shuffle(near)
    best: tuple[float, Lay] | None = None
    spent = 0
    for i in near + [empty[rng.below(len(empty))] for _ in range(RANDOM_LAYS if empty else 0)]:
        for tile, rotations in fitting(*sides_of(i, state.laid, cities)):
            if state.supply.get(tile.id, 0) <= 0:
                continue
            for k in rotations:
                gain = net.gain(i, tile, k, seat)
                mask = tile.masks[k]
                reach = open_ends = 0
                for side, n in enumerate(b.neighbours[i]):
                    if mask >> side & 1 and n != OFF_MAP:
                        if b.hexes[n] in cities:
                            reach += 1
                        elif b.hexes[n] not in state.laid:
                            open_ends += 1
                value = gain.points * 10 + reach * 3 + open_ends + rng.below(100) / 1000
                if best is None or value > best[0]:
                    best = (value, Lay(b.hexes[i], tile.id, k))
                spent += 1
        if spent >= BUDGET:
            break
    if best is not None:
        return best[1]
    for i in empty:                       # nothing in the sample fits: the first lay anywhere, else pass
        found = lays_at(i, state.laid, cities, state.supply)
        if found:
            tile, rotations = found[0]
            return Lay(b.hexes[i], tile.id, rotations[0])
    return Pass()
