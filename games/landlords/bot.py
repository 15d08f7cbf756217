"""A simple bot: buys what it can afford with a reserve, bids within its means, improves its best
lots, cashes in idle land, pays its debts by auctioning its cheapest cards, and is a lenient
creditor. It looks only at public information and its own cash.
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import Move, Rng

from .board import board, rules
from .money import assets, card_value
from .moves import (
    Accept,
    Auction,
    Bid,
    Buy,
    Challenge,
    Declare,
    Decline,
    Improve,
    Pass,
    Plead,
    Redeem,
    Ride,
    Roll,
    Sell,
    Stay,
    Vote,
)
from .state import (
    PROSPERITY,
    BidF,
    ChallengeF,
    DebtF,
    DeclareF,
    LandlordsState,
    LotF,
    OfferF,
    OfficeF,
    PleaF,
    RideF,
    SealedF,
    TurnF,
    VoteF,
)

RESERVE = 120  # cash the bot keeps back when buying


def _best_bid(legal: list[Move], ceiling: int) -> Move | None:
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= ceiling]
    return max(bids, key=lambda m: m.amount) if bids else None


def _lowest_bid(legal: list[Move], ceiling: int) -> Move | None:
    bids = [m for m in legal if isinstance(m, Bid) and m.amount <= ceiling]
    return min(bids, key=lambda m: m.amount) if bids else None


def _worth(state: LandlordsState, card: str) -> int:
    """What a card is worth to the bot: idle land at its sale value, franchises above price."""
    if card in board().idle:
        return board().idle[card].sale - 60
    space = board().spaces[int(card)]
    if space.kind.value in ("utility", "railroad"):
        return space.price * 3 // 2
    return card_value(state, card) * 6 // 5


def _keep(state: LandlordsState) -> int:
    """Cash to keep back: under Prosperity, enough to reach the common goal (§11.12)."""
    if state.mode == PROSPERITY and not state.achieved:
        return 2 * state.options["start_cash"]
    return RESERVE


def _turn(state: LandlordsState, frame: TurnF, seat: int, legal: list[Move], rng: Rng) -> Move:
    cash = state.seats[seat].cash
    improve = [m for m in legal if isinstance(m, Improve)]
    if improve and cash >= rules().improvement_cost + RESERVE + _keep(state):
        return max(improve, key=lambda m: board().spaces[m.space].rent)
    for move in legal:
        if isinstance(move, Redeem) and cash >= state.loan[move.space] + 3 * RESERVE:
            return move
    return Roll()


def _lot(state: LandlordsState, frame: LotF, seat: int, legal: list[Move], rng: Rng) -> Move:
    price = board().spaces[frame.space].price
    if state.mode == PROSPERITY:  # land earns its owner nothing now: buy only to improve it
        price += rules().improvement_cost
    return Buy() if Buy() in legal and state.seats[seat].cash >= price + _keep(state) else Pass()


def _first_bid(state: LandlordsState, frame: BidF, seat: int, legal: list[Move],
               rng: Rng) -> Move:
    price = board().spaces[frame.space].price
    if state.seats[seat].cash >= price + RESERVE:
        return _lowest_bid(legal, price) or Pass()
    return Pass()


def _office(state: LandlordsState, frame: OfficeF, seat: int, legal: list[Move],
            rng: Rng) -> Move:
    for move in legal:
        if isinstance(move, Sell):
            return move
    if any(isinstance(m, Bid) for m in legal) and state.deck:
        ceiling = min(_worth(state, state.deck[0]) // 2, state.seats[seat].cash - RESERVE)
        return _best_bid(legal, ceiling) or Pass()
    return Pass()


def _sealed(state: LandlordsState, frame: SealedF, seat: int, legal: list[Move],
            rng: Rng) -> Move:
    worth = _worth(state, frame.item)
    if frame.seller >= 0:
        worth = worth * 3 // 4  # a forced sale: bid below value
    ceiling = min(worth, state.seats[seat].cash - RESERVE)
    if ceiling < frame.minimum or rng.below(3) == 0:
        return Pass()
    return _best_bid(legal, ceiling) or Pass()


def _ride(state: LandlordsState, frame: RideF, seat: int, legal: list[Move], rng: Rng) -> Move:
    last = frame.space == board().railroads[-1]
    return Ride() if last or rng.below(2) else Stay()


def _declare(state: LandlordsState, frame: DeclareF, seat: int, legal: list[Move],
             rng: Rng) -> Move:
    return max((m for m in legal if isinstance(m, Declare)), key=lambda m: m.amount)


def _challenge(state: LandlordsState, frame: ChallengeF, seat: int, legal: list[Move],
               rng: Rng) -> Move:
    return Challenge() if rng.below(4) == 0 else Pass()


def _offer(state: LandlordsState, frame: OfferF, seat: int, legal: list[Move], rng: Rng) -> Move:
    if Accept() not in legal:
        return Decline()
    cash = state.seats[seat].cash
    if frame.kind == "sell":  # the bot would buy
        good = frame.amount <= _worth(state, frame.card) and cash >= frame.amount + RESERVE
    elif frame.kind == "buy":  # the bot would sell
        good = frame.amount >= _worth(state, frame.card) * 5 // 4
    elif frame.kind == "swap":
        good = _worth(state, frame.card) >= _worth(state, frame.other) * 5 // 4
    else:  # a loan secured on the card
        good = cash >= frame.amount + 2 * RESERVE
    return Accept() if good else Decline()


def _debt(state: LandlordsState, frame: DebtF, seat: int, legal: list[Move], rng: Rng) -> Move:
    auctions = [m for m in legal if isinstance(m, Auction)]
    if auctions:
        return min(auctions, key=lambda m: card_value(state, m.card))
    if Vote(True) in legal and rng.below(2):
        return Vote(True)
    return Plead()


def _plea(state: LandlordsState, frame: PleaF, seat: int, legal: list[Move], rng: Rng) -> Move:
    return Accept()


def _vote(state: LandlordsState, frame: VoteF, seat: int, legal: list[Move], rng: Rng) -> Move:
    poor = assets(state, seat) < state.options["start_cash"]
    return Vote(poor or rng.below(5) == 0)


BOTS: dict[type, Callable[..., Move]] = {
    TurnF: _turn, LotF: _lot, BidF: _first_bid, OfficeF: _office, SealedF: _sealed,
    RideF: _ride, DeclareF: _declare, ChallengeF: _challenge, OfferF: _offer, DebtF: _debt,
    PleaF: _plea, VoteF: _vote,
}


def choose(state: LandlordsState, seat: int, legal: list[Move], rng: Rng) -> Move:
    """The bot's move; always one of ``legal``."""
    top = state.stack[-1]
    move = BOTS[type(top)](state, top, seat, legal, rng)
    if move in legal:
        return move
    for fallback in (Roll(), Pass(), Decline(), Stay(), Plead()):
        if fallback in legal:
            return fallback
    return legal[0]
