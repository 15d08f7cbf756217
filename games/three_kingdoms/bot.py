"""A purposeful bot for Three Kingdoms: it scores each legal move by a quick look at what it brings.

Greedy, one move deep, with a few plans a player would follow: take the province that opens a market
or a building square, build whenever it can (buildings score most), hire when talent limits building,
keep enough troops and wood for the next step, and recall when the hand has nothing useful.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Move, Rng

from .content import content
from .moves import AnyAction, Build, Choose, Claim, Convert, Give, Hire, Play, Produce, Recall, Skip, Usurp
from .rules import BUILDING_POINTS, hire_cost, lord_of, markers_in
from .state import TKState

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
        return 15
    if isinstance(move, Claim):
        if move.reward == "points":
            return 5 * 1.5
        return c.talents[move.reward].points * 1.5 + 4
    if isinstance(move, Convert):
        top = state.stack[-1]
        slot = lord_of(state, seat).row(getattr(top, "row", "lumber"))[move.slot - 1]
        return slot.gain - slot.pay
    if isinstance(move, Give):
        return 0
    if isinstance(move, Choose):
        return 0
    return 0


def _siege_value(state: TKState, seat: int, zhou: str) -> float:
    c = content()
    own = markers_in(state, zhou, seat)
    region = c.zhou[zhou].region
    new_region = all(c.zhou[z].region != region or not markers_in(state, z, seat) for z in c.zhou)
    free_squares = 4 - len(state.squares.get(zhou, {}))
    return 25 + (15 if new_region else 0) + (8 if free_squares and not own else 0) - 3 * own


def _play_value(game: ThreeKingdomsGame, state: TKState, seat: int, move: Play) -> float:
    """A played card by where the pointers stop: how much the best thing there would bring."""
    c = content()
    tao, lue = c.talents[move.card].moves[move.option - 1]
    if move.nudge:
        delta = 1 if move.nudge.endswith("+") else -1
        tao, lue = (tao + delta, lue) if move.nudge[0] == "t" else (tao, lue + delta)
    actions = [state.rondel[(state.tao + tao) % 7], state.rondel[(state.lue + lue) % 7]]
    player = state.seats[seat]
    total = 0.0
    for action in actions:
        if action == "build":
            total += 60 if player.buildings < player.talent and player.wood >= 3 else 5
        elif action == "hire":
            total += 30 if player.gold >= 3 else 4
        elif action == "siege":
            total += 25 if player.troops >= 3 else 5
        elif action == "any":
            total += 12
        else:
            resource = {"sell": "gold", "log": "wood", "recruit": "troops"}[action]
            total += 14 - getattr(player, resource)
    return total + c.talents[move.card].points * 0.5


def choose(game: ThreeKingdomsGame, state: TKState, seat: int, rng: Rng) -> Move:
    """The best-scoring legal move (ties broken by the seeded generator)."""
    legal = game.legal_moves(state, seat)
    best: list[Move] = []
    top = float("-inf")
    for move in legal:
        if isinstance(move, Play):
            value = _play_value(game, state, seat, move)
        elif type(move).__name__ == "Siege":
            value = -100.0 if getattr(move, "betray", "") and rng.below(3) else _siege_value(state, seat, move.zhou)  # type: ignore[attr-defined]
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
