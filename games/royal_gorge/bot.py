"""A bot for 18 Royal Gorge that plays on purpose, and the random mover the contract playouts use.

The bot floats railroads (the highest par it can afford), buys its own railroads' treasury shares, lays a few
connecting tiles a turn (stops first), places stations while it has money to spare, runs the best routes
(``run auto``), ships gold, pays out, buys trains whenever it has room and money (so the phases and the game
move on) and when it must (selling shares, or going bankrupt, only when forced). It never sells otherwise
and bids only face value, seldom. Decisions draw from the state's own generator given by the caller, so a
seeded game is the same game.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Move, Rng

from .auction import min_bid
from .content import content
from .moves import Accept, Bid, Buy, BuyTrain, Decline, Dividend, Lay, Lease, Par, Pass, PayDebt, Run, Sell, Ship, Token
from .operating import (
    auto_run,
    can_ship,
    lay_cost,
    make_board,
    must_buy,
    next_token_cost,
    shippable,
    tokenable,
    train_moves,
)
from .operating.buy_train import cheapest_depot
from .state import AuctionF, OperatingF, RGState, StockF, TrainOfferF
from .steps import FLOW
from .stock import share_moves
from .track import legal_lays, reachable_hexes

#: Lays the bot makes at most per turn, and the cash it keeps for trains while laying.
BOT_LAYS = 3
KEEP = 60


def bot_move(state: RGState, seat: int, rng: Rng, legal: Callable[[], list[Move]]) -> Move:
    """The bot's move; ``legal`` lists the legal moves when the bot needs them (not while laying track)."""
    top = FLOW.top(state)
    if isinstance(top, AuctionF):
        return auction_move(state, top, seat, rng)
    if isinstance(top, StockF):
        return stock_move(state, top, seat, legal())
    if isinstance(top, OperatingF):
        return operating_move(state, top, seat, rng, legal)
    if isinstance(top, TrainOfferF):
        return answer_offer(state, top, legal())
    return legal()[0]


def answer_offer(state: RGState, frame: TrainOfferF, legal: list[Move]) -> Move:
    """Accept a fair offer for a train (R25): at least its face value, and the selling railroad keeps a train or
    can buy the bank's cheapest with the money; decline anything else."""
    if Accept() not in legal:
        return Decline()
    seller = state.corps[frame.seller]
    fair = frame.price >= content().trains[frame.train].price
    keeps = len(seller.trains) > 1 or seller.cash + frame.price >= (cheapest_depot(state) or 0)
    return Accept() if fair and keeps else Decline()


def auction_move(state: RGState, frame: AuctionF, seat: int, rng: Rng) -> Move:
    lot = frame.lots[0]
    low = min_bid(frame)
    if frame.high < 0 and low <= state.cash[seat] // 4 and rng.below(3) == 0:
        return Bid(lot, low)
    return Pass()


def stock_move(state: RGState, frame: StockF, seat: int, legal: list[Move]) -> Move:
    if frame.bought or frame.acted:
        return Pass() if Pass() in legal else legal[0]
    moves = share_moves(state, frame, seat)
    pars = [m for m in moves if isinstance(m, Par)]
    if pars:
        return max(pars, key=lambda m: (m.price, m.corp))
    mine = [m for m in moves if isinstance(m, Buy) and not m.market and not m.using
            and state.corps[m.corp].president == seat]
    if mine:
        return min(mine, key=lambda m: state.corps[m.corp].held[seat])
    rails = [m for m in moves if isinstance(m, Buy) and not m.using and state.corps[m.corp].kind == "rail"
             and state.cash[seat] > 150]
    if rails:
        return rails[0]
    if Pass() in legal:
        return Pass()
    sales = [m for m in legal if isinstance(m, Sell)]
    return sales[0] if sales else legal[0]


def pick_lay(state: RGState, frame: OperatingF, corp: str, rng: Rng, tries: int = 8) -> Lay | None:
    """A lay on a few reachable hexes drawn at random: one with a stop if there is one."""
    board = make_board(state)
    hexes = sorted(reachable_hexes(board, corp), key=board.geometry.hex_index.__getitem__)
    cash = state.corps[corp].cash
    found: list[Lay] = []
    for _ in range(min(tries, len(hexes))):
        hex_id = hexes[rng.below(len(hexes))]
        for lay in legal_lays(board, corp, hex_id):
            move = Lay(lay.hex, lay.tile, lay.rotation)
            if lay_cost(state, frame, corp, move) <= cash - KEEP:
                found.append(move)
        if any(board.stop(m.hex) is not None for m in found):
            break
    with_stop = [m for m in found if board.stop(m.hex) is not None]
    pool = with_stop or found
    return pool[rng.below(len(pool))] if pool else None


def operating_move(state: RGState, frame: OperatingF, seat: int, rng: Rng,
                   legal: Callable[[], list[Move]]) -> Move:
    corp = frame.order[frame.index]
    c = state.corps[corp]
    if corp in state.debt and not frame.paid_debt and c.cash > 4 * content().market.row[0].prices[state.debt_col]:
        return PayDebt(corp)
    step = frame.step
    if step == "track":
        if frame.laid < BOT_LAYS and c.cash > KEEP:
            lay = pick_lay(state, frame, corp, rng)
            if lay is not None:
                return lay
        return Pass()
    if step == "token":
        cost = next_token_cost(state, corp) or 0
        spots = tokenable(state, make_board(state), corp)
        if spots and c.cash - cost > 150:
            return Token(spots[0])
        return Pass()
    if step == "route":
        return auto_run(state, frame, corp)
    if step == "dividend":
        if can_ship(state, frame):
            return Ship(shippable(state, frame)[0])
        return Dividend("payout")
    if step == "lease":
        return next((m for m in legal() if isinstance(m, Lease)), Lease("president"))
    if step == "train":
        moves = train_moves(state, frame, corp, seat)
        depot = [m for m in moves if isinstance(m, BuyTrain) and not m.seller]
        if must_buy(state, corp):
            others = [m for m in moves if isinstance(m, BuyTrain) and m.seller]
            sales = sorted((m for m in moves if isinstance(m, Sell)), key=lambda m: -m.count)
            return (depot or others or sales or moves)[0]
        if depot and len(c.trains) < content().phases[state.phase].train_limit:
            return depot[-1] if content().trains[depot[-1].train].price <= c.cash else depot[0]
        return Pass()
    moves = legal()
    return Pass() if Pass() in moves else moves[0]


def random_move(state: RGState, seat: int, rng: Rng, legal: list[Move]) -> Move:
    """A random legal move, passing half the time where a pass is open in a stock round or while laying
    track (so random games move on), and running the best run rather than none."""
    top = FLOW.top(state)
    if Pass() in legal and isinstance(top, StockF | OperatingF) and rng.below(2) == 0:
        return Pass()
    if isinstance(top, OperatingF) and top.step == "route":
        runs = [m for m in legal if isinstance(m, Run) and m.routes]
        if runs:
            return runs[0]
    return legal[rng.below(len(legal))]
