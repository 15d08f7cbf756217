"""A purposeful bot for Three Kingdoms: it scores each legal move by a quick look at what it brings.

Greedy, one move deep, with a few plans a player would follow: take the province that opens a market
or a building square, build whenever it can (buildings score most), hire when talent limits building,
keep enough troops and wood for the next step, and recall when the hand has nothing useful.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move, Rng

from .content import ROWS, SPECIALS, content
from .moves import AnyAction, Build, Choose, Claim, Convert, Hire, Play, Produce, Recall, Siege, Skip, Usurp
from .rules import (
    BUILDING_POINTS,
    build_base,
    buildings_in,
    hire_cost,
    lord_of,
    markers_in,
    priced,
    siege_base,
    usurp_need,
)
from .state import TKState
from .steps import PRODUCE, action_moves

if TYPE_CHECKING:
    from .game import ThreeKingdomsGame


def _value(gains: dict[str, int]) -> float:
    return gains.get("gold", 0) + gains.get("wood", 0) + gains.get("troops", 0) + 1.5 * gains.get("points", 0)


def score_move(game: ThreeKingdomsGame, state: TKState, seat: int, move: Move) -> float:
    """How much ``seat`` likes ``move`` now (bigger is better)."""
    c = content()
    player = state.seats[seat]
    if isinstance(move, Build):
        return 100 + BUILDING_POINTS[player.buildings + 1]
    if isinstance(move, Hire):
        talent = c.talents[move.card]
        need_talent = player.buildings + 1 >= player.talent
        return (40 if need_talent else 15) + talent.points * 2 - hire_cost(state, seat, move.card)
    if isinstance(move, Produce):
        low = {"sell": player.gold, "log": player.wood, "recruit": player.troops}[move.action]
        return 30 - low
    if isinstance(move, AnyAction):
        return 20 if move.action in {"build", "hire"} else 5
    if isinstance(move, Skip):
        return 0
    if isinstance(move, Recall):
        return 10 if len(player.hand) <= 1 else -5
    if isinstance(move, Usurp):
        seals = usurp_need(state, seat) or 0
        return 15 - 8 * seals
    if isinstance(move, Claim):
        if move.reward == "points":
            return 5 * 1.5
        return c.talents[move.reward].points * 1.5 + 4
    if isinstance(move, Convert):
        top = state.stack[-1]
        slot = lord_of(state, seat).row(getattr(top, "row", "lumber"))[move.slot - 1]
        return slot.gain - slot.pay
    return 0  # a gift, a choice (valued by _choice_value) or an order: nothing to prefer


def _needed_squares(state: TKState, seat: int) -> set[str]:
    """The squares the buildings still on ``seat``'s lord board would stand on."""
    player, lord = state.seats[seat], lord_of(state, seat)
    out = {"special"} if any(not player.count(k) for k in SPECIALS) else set()
    return out | {r for r in ROWS if player.count(r) < len(lord.row(r))}


def _siege_value(state: TKState, seat: int, zhou: str) -> float:
    """A marker is worth most where it opens a free square for a building still to build, and
    where it opens a new region's market."""
    c = content()
    own = markers_in(state, zhou, seat)
    spare = own - buildings_in(state, zhou, seat)
    free = sum(1 for sq in _needed_squares(state, seat) if sq not in state.squares.get(zhou, {}))
    region = c.zhou[zhou].region
    new_region = all(c.zhou[z].region != region or not markers_in(state, z, seat) for z in c.zhou)
    value = 20.0 + (25 if free > spare else -10) + (10 if new_region and state.markets[region] else 0)
    base = siege_base(state, seat, zhou) or 0
    return value - base


def _wants(state: TKState, seat: int) -> dict[str, int]:
    """How much of each resource the next siege, build and hire would cost ``seat`` now."""
    c = content()
    player = state.seats[seat]
    sieges = [priced(state, seat, "siege", b) for z in c.zhou
              if (b := siege_base(state, seat, z)) is not None and _siege_value(state, seat, z) > 20]
    builds = [priced(state, seat, "build", b) for k in (*ROWS, *SPECIALS)
              if (b := build_base(state, seat, k)) is not None]
    hires = [hire_cost(state, seat, card) for cards in state.markets.values() for card in cards]
    can_build = player.buildings < player.talent
    return {"troops": min(sieges, default=0), "wood": min(builds, default=0) if can_build else 0,
            "gold": min(hires, default=0)}


def _action_value(game: ThreeKingdomsGame, state: TKState, seat: int, action: str, wants: dict[str, int]) -> float:
    player = state.seats[seat]
    if action in PRODUCE:
        resource = PRODUCE[action]
        short = wants[resource] - getattr(player, resource)
        return 12.0 + (18 if short > 0 else 0) - float(getattr(player, resource)) / 4
    if action == "any":
        return max(_action_value(game, state, seat, a, wants) for a in ("build", "hire", "siege")) - 3
    moves = action_moves(state, seat, action)
    if not moves:
        return 0.0
    return max(_move_value(game, state, seat, m) for m in moves)


def _play_value(game: ThreeKingdomsGame, state: TKState, seat: int, move: Play) -> float:
    """A played card by where the pointers stop: the best thing each action would do now."""
    c = content()
    tao, lue = c.talents[move.card].moves[move.option - 1]
    if move.nudge:
        delta = 1 if move.nudge.endswith("+") else -1
        tao, lue = (tao + delta, lue) if move.nudge[0] == "t" else (tao, lue + delta)
    actions = [state.rondel[(state.tao + tao) % 7], state.rondel[(state.lue + lue) % 7]]
    wants = _wants(state, seat)
    return sum(_action_value(game, state, seat, a, wants) for a in actions) + c.talents[move.card].points * 0.5


def _move_value(game: ThreeKingdomsGame, state: TKState, seat: int, move: Move) -> float:
    if isinstance(move, Siege):
        return _siege_value(state, seat, move.zhou)
    return score_move(game, state, seat, move)


def choose(game: ThreeKingdomsGame, state: TKState, seat: int, rng: Rng) -> Move:
    """The best-scoring legal move (ties broken by the seeded generator)."""
    legal = game.legal_moves(state, seat)
    best: list[Move] = []
    top = float("-inf")
    for move in legal:
        if isinstance(move, Play):
            value = _play_value(game, state, seat, move)
        elif isinstance(move, Siege):
            value = -100.0 if move.betray and rng.below(3) else _siege_value(state, seat, move.zhou)
        elif isinstance(move, Choose):
            value = _choice_value(state, move)
        else:
            value = score_move(game, state, seat, move)
        if value > top:
            top, best = value, [move]
        elif value == top:
            best.append(move)
    return rng.choice(best)


def _choice_value(state: TKState, move: Choose) -> float:
    top = state.stack[-1]
    options = getattr(top, "options", [])
    if options:
        return _value(options[move.index - 1])
    return 1.0 if move.index == 1 else 0.0
