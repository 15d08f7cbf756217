"""Purposeful bots for Three Kingdoms: each scores every legal move by a quick look at what it brings.

Greedy, one move deep, with a few plans a player would follow: take the province that opens a market
or a building square, build whenever it can (buildings score most), hire when talent limits building,
keep enough troops and wood for the next step, and recall when the hand has nothing useful.

Two players of it (issue 22 §1):

* the **ladder** bot (:func:`choose`, the title's bot) also plays the 称霸/称王/称帝 ladder: it reads the
  three face-up condition cards and adds to every move what it brings toward the next tiers
  (:mod:`.ladder`), keeps its talents in front when a card counts them, and becomes 伪帝 when the crown's
  points for the rest of the game outweigh the 玉玺 (rules §13);
* the **plain** bot (:func:`choose_plain`) is the same without the ladder (the bot before issue 22): it
  claims what it happens to meet and becomes 伪帝 only for a single seal.

Both decide from what their seat may see (ruling R8): their own hand, the public table and the face-up
cards — never another hand or the decks — and break ties with the generator they are given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.core import Move, Rng

from . import ladder as lad
from .content import ROWS, SPECIALS, SQUARES, content
from .moves import AnyAction, Build, Choose, Claim, Convert, Hire, Play, Produce, Recall, Siege, Skip, Usurp
from .rules import (
    ALL_BUILT,
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
from .squares import Squares, needs
from .state import TKState
from .steps import PRODUCE, action_moves

if TYPE_CHECKING:
    from .game import ThreeKingdomsGame


#: A bot's decision: the game, the state, the seat to move, the generator for ties → a legal move.
Chooser = Callable[["ThreeKingdomsGame", TKState, int, Rng], Move]


def _value(gains: dict[str, int]) -> float:
    return gains.get("gold", 0) + gains.get("wood", 0) + gains.get("troops", 0) + 1.5 * gains.get("points", 0)


def score_move(game: ThreeKingdomsGame, state: TKState, seat: int, move: Move, ladder: bool = False) -> float:
    """How much ``seat`` likes ``move`` now (bigger is better); ``ladder``: with what it brings toward the
    condition cards' next tiers (:func:`.ladder.gain`)."""
    if ladder:
        if isinstance(move, Usurp):  # rules §13: only when the crown pays for the seals
            return 500.0 if lad.usurp_value(state, seat) > 0 else -500.0
        value = _plain_score(state, seat, move)
        if isinstance(move, Produce):  # rules §15: 3 resources left score a point, so never decline them
            value = max(value, PRODUCE_FLOOR)
        return value + lad.gain(state, seat, lad.deltas(state, seat, move))
    return _plain_score(state, seat, move)


def _plain_score(state: TKState, seat: int, move: Move) -> float:
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
    return {square for square, n in zip(SQUARES, needs(state, seat), strict=True) if n}


def _siege_value(state: TKState, seat: int, zhou: str, squares: Squares | None = None) -> float:
    """A marker is worth most where it opens a free square for a building still to build, and
    where it opens a new region's market. With ``squares`` (the ladder bot), "opens" is read over all the
    seat's spare markers, and a marker that can hold no building once the seat's slack is spent costs
    (ruling R1: :mod:`.squares`); without, a 州 with more needed free squares than spares opens one."""
    c = content()
    if squares is not None:
        opens = squares.marker_value(zhou)
        value = 20.0 + (opens if opens > 0 else opens - 10)
    else:
        own = markers_in(state, zhou, seat)
        spare = own - buildings_in(state, zhou, seat)
        free = sum(1 for sq in _needed_squares(state, seat) if sq not in state.squares.get(zhou, {}))
        value = 20.0 + (25 if free > spare else -10)
    region = c.zhou[zhou].region
    new_region = all(c.zhou[z].region != region or not markers_in(state, z, seat) for z in c.zhou)
    value += 10 if new_region and state.markets[region] else 0
    base = siege_base(state, seat, zhou) or 0
    return value - base


def _wants(state: TKState, seat: int, squares: Squares | None = None) -> dict[str, int]:
    """How much of each resource the next siege, build and hire would cost ``seat`` now."""
    c = content()
    player = state.seats[seat]
    sieges = [priced(state, seat, "siege", b) for z in c.zhou
              if (b := siege_base(state, seat, z)) is not None and _siege_value(state, seat, z, squares) > 20]
    builds = [priced(state, seat, "build", b) for k in (*ROWS, *SPECIALS)
              if (b := build_base(state, seat, k)) is not None]
    hires = [hire_cost(state, seat, card) for cards in state.markets.values() for card in cards]
    can_build = player.buildings < player.talent
    return {"troops": min(sieges, default=0), "wood": min(builds, default=0) if can_build else 0,
            "gold": min(hires, default=0)}


def _action_value(game: ThreeKingdomsGame, state: TKState, seat: int, action: str, wants: dict[str, int],
                  ladder: bool = False, looks: _Looks | None = None) -> float:
    player = state.seats[seat]
    if action in PRODUCE:
        resource = PRODUCE[action]
        short = wants[resource] - getattr(player, resource)
        value = 12.0 + (18 if short > 0 else 0) - float(getattr(player, resource)) / 4
        if ladder and short > 0 and _capped(state, seat, resource):
            value += CAPPED  # rules §9: the talent track caps building, and only a 纳贤 (gold) lifts it
        if ladder:
            value = max(value, PRODUCE_FLOOR)  # rules §15: what the 3 resources score at the end
        return value + (lad.gain(state, seat, {"resources": 3}) if ladder else 0.0)
    if action == "any":
        return max(_action_value(game, state, seat, a, wants, ladder, looks) for a in ("build", "hire", "siege")) - 3
    moves = action_moves(state, seat, action)
    if not moves:
        return 0.0
    return max(_move_value(game, state, seat, m, ladder, looks) for m in moves)


#: The least a 销售/伐木/募兵 is worth to the ladder bot: its 3 resources score a point at the end (rules §15).
#: The bot declined every production once it held 30 of a resource (``30 - held`` below 0, a skip's 0):
#: in seeds 30061, 30167 and 30181 (four players) the ladder seats sat at 11 buildings, their last square
#: gone, for some 40 rounds without gaining a point, while a random seat built its 12 and passed them.
PRODUCE_FLOOR = lad.POINT


#: What gold is worth more to the ladder bot when building waits for a 纳贤 it cannot pay (:func:`_capped`).
CAPPED = 30.0


def _capped(state: TKState, seat: int, resource: str) -> bool:
    """Whether ``resource`` is what holds ``seat``'s building back: gold, when its buildings have reached its
    talent track (rules §9: a building needs a talent track above the buildings) and a 纳贤 is the only way on
    (rules §7). A ladder seat of seed 10013 (three players, docs/three-kingdoms-balance.md) sat seven rounds at
    six buildings with no gold and twenty wood, sieging and logging, and finished behind a random seat."""
    player = state.seats[seat]
    return resource == "gold" and player.talent <= player.buildings < ALL_BUILT


class _Looks:
    """What one choice works out once for its state and seat: the resources wanted (:func:`_wants`) and each
    rondel action's value, which do not depend on the card played (every Play of the choice shares them)."""

    def __init__(self) -> None:
        self.wants: dict[str, int] | None = None
        self.actions: dict[str, float] = {}
        self._squares: Squares | None = None

    def squares(self, state: TKState, seat: int, ladder: bool) -> Squares | None:
        """The ladder bot's reading of the shared squares (:mod:`.squares`), once a choice; ``None`` for the
        plain bot."""
        if ladder and self._squares is None:
            self._squares = Squares(state, seat)
        return self._squares if ladder else None

    def action(self, game: ThreeKingdomsGame, state: TKState, seat: int, action: str, ladder: bool) -> float:
        if action not in self.actions:
            if self.wants is None:
                self.wants = _wants(state, seat, self.squares(state, seat, ladder))
            self.actions[action] = _action_value(game, state, seat, action, self.wants, ladder, self)
        return self.actions[action]


def _play_value(game: ThreeKingdomsGame, state: TKState, seat: int, move: Play, ladder: bool = False,
                looks: _Looks | None = None) -> float:
    """A played card by where the pointers stop: the best thing each action would do now (``looks``: what
    this choice has worked out already)."""
    c = content()
    tao, lue = c.talents[move.card].moves[move.option - 1]
    if move.nudge:
        delta = 1 if move.nudge.endswith("+") else -1
        tao, lue = (tao + delta, lue) if move.nudge[0] == "t" else (tao, lue + delta)
    actions = [state.rondel[(state.tao + tao) % 7], state.rondel[(state.lue + lue) % 7]]
    looks = looks or _Looks()
    value = sum(looks.action(game, state, seat, a, ladder) for a in actions)
    value += c.talents[move.card].points * 0.5
    if ladder:
        value += lad.gain(state, seat, lad.deltas(state, seat, move))
    return value


def _move_value(game: ThreeKingdomsGame, state: TKState, seat: int, move: Move, ladder: bool = False,
                looks: _Looks | None = None) -> float:
    squares = (looks or _Looks()).squares(state, seat, ladder) if isinstance(move, Siege | Build) else None
    if isinstance(move, Siege):
        value = _siege_value(state, seat, move.zhou, squares)
        return value + lad.gain(state, seat, lad.deltas(state, seat, move)) if ladder else value
    value = score_move(game, state, seat, move, ladder)
    if isinstance(move, Build) and squares is not None:
        value += squares.build_value(move.zhou, move.kind)  # ruling R1: what the build leaves (.squares)
    return value


def choose(game: ThreeKingdomsGame, state: TKState, seat: int, rng: Rng) -> Move:
    """The ladder bot's move: the best-scoring legal move counting the condition cards (ties broken by the
    seeded generator)."""
    return _choose(game, state, seat, rng, ladder=True)


def choose_plain(game: ThreeKingdomsGame, state: TKState, seat: int, rng: Rng) -> Move:
    """The plain bot's move: the best-scoring legal move, blind to the ladder (the bot before issue 22)."""
    return _choose(game, state, seat, rng, ladder=False)


def _choose(game: ThreeKingdomsGame, state: TKState, seat: int, rng: Rng, *, ladder: bool) -> Move:
    legal = game.legal_moves(state, seat)
    best: list[Move] = []
    top = float("-inf")
    looks = _Looks()   # the rondel actions' values, shared by every card of this choice
    for move in legal:
        if isinstance(move, Play):
            value = _play_value(game, state, seat, move, ladder, looks)
        elif isinstance(move, Siege):
            value = -100.0 if move.betray and rng.below(3) else _move_value(game, state, seat, move, ladder, looks)
        elif isinstance(move, Build):
            value = _move_value(game, state, seat, move, ladder, looks)
        elif isinstance(move, Choose):
            value = _choice_value(state, move)
        else:
            value = score_move(game, state, seat, move, ladder)
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
