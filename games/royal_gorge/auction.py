"""The private auction (18rg.md §13; the rules text's 私人资产拍卖): five lots, one at a time.

A lot opens at its face value with the first player (who holds priority) under ``bga`` — "持有优先权玩家先手，
顺时针轮流行动", and priority moves only once the auction is over — and under ``18xx`` with the player after the
last winner (the first player until someone wins). On your turn you bid at least $5 over the standing bid (the
face value for the first bid), or pass. Once there is a bid, a pass leaves the lot for good; the last bidder
left pays the bank and takes the private. A player who cannot pay the next bid drops out of the lot. Before
anyone has bid the rulesets differ:

* ``18xx`` (18xx.games, as the records show): a pass only declines for now — a bid brings every decliner
  back — and the lot leaves the game once every player still in has declined.
* ``bga`` (the rules text: "Pass：退出当前这张私卡的竞拍"): any pass leaves the lot; the lot leaves the game
  when everybody has passed without a bid, and a player left alone may still take it at face value.

After the last lot the richest player takes priority (on a tie, the first of them counting from the player
after the last winner), the seating order otherwise unchanged, and the first stock round begins.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import Event, GameError, Move
from games.core.flow import Step, close, need

from .content import BonusShares, content
from .holdings import BANK, pay, settle_president, transfer
from .moves import Bid, Pass
from .rounds import start_stock_round
from .state import MARKET, TREASURY, AuctionF, RGState
from .when import refusal

RAISE = 5  # rules.toml [auction] min_raise


def rotated(order: list[int], start: int) -> list[int]:
    start %= len(order)
    return order[start:] + order[:start]


def min_bid(frame: AuctionF) -> int:
    """The least the next bid may be."""
    if frame.high >= 0:
        return frame.price + content().rules.auction.min_raise
    return content().privates[frame.lots[0]].value


def bidder(frame: AuctionF) -> int | None:
    """Who bids now: the next player still in after the standing bid, else the first who has not declined."""
    if not frame.lots or not frame.active:
        return None
    if frame.high >= 0:
        return frame.active[(frame.active.index(frame.high) + 1) % len(frame.active)]
    return next((s for s in frame.active if s not in frame.declined), None)


def open_lot(state: RGState, frame: AuctionF, events: list[Event]) -> None:
    """Offer the next lot to those who can pay its face value; with no lot left, end the auction."""
    while frame.lots:
        private = frame.lots[0]
        face = content().privates[private].value
        frame.active = [s for s in rotated(state.order, frame.start) if state.cash[s] >= face]
        frame.declined, frame.high, frame.price = [], -1, 0
        if frame.active:
            events.append(Event("lot_open", {"private": private, "price": face, "seat": frame.active[0]}))
            return
        remove_lot(state, frame, events)
        frame.lots.pop(0)
    finish(state, frame, events)


def remove_lot(state: RGState, frame: AuctionF, events: list[Event]) -> None:
    private = state.privates[frame.lots[0]]
    private.owner, private.closed = None, True
    events.append(Event("lot_removed", {"private": private.id}))


def win(state: RGState, frame: AuctionF, events: list[Event]) -> None:
    """The standing bid takes the lot: pay the bank, take the private and whatever comes with it."""
    seat, price, private_id = frame.high, frame.price, frame.lots[0]
    pay(state, seat, BANK, price)
    private = state.privates[private_id]
    private.owner = seat
    ability = content().privates[private_id].ability
    events.append(Event("lot_won", {"seat": seat, "private": private_id, "price": price}))
    if private_id == "G6":  # Coal Depot: a coal cube per $10 of the winning bid (18rg.md §5)
        private.cubes = price // 10
        events.append(Event("coal_cubes", {"private": private_id, "count": private.cubes}))
    if isinstance(ability, BonusShares):  # Y4 William Palmer: a 10 % share of RG and one of CF&I
        for grant in ability.shares:
            corp = state.corps.get(grant.corporation)
            if corp is None:
                continue
            source = MARKET if corp.kind == "metal" else TREASURY
            if (corp.market if source == MARKET else corp.treasury) >= grant.percent:
                transfer(state, corp.id, source, seat, grant.percent)
                events.append(Event("share_granted", {"seat": seat, "corp": corp.id, "private": private_id}))
                settle_president(state, corp.id)
    if content().rules.auction.lot_opens.get(state.ruleset) == "after_winner":
        frame.start = (state.order.index(seat) + 1) % state.players
    frame.lots.pop(0)
    open_lot(state, frame, events)


def finish(state: RGState, frame: AuctionF, events: list[Event]) -> None:
    """Priority to the richest player, then the first stock round."""
    order = rotated(state.order, frame.start)
    richest = max(state.cash[s] for s in order)
    first = next(i for i, s in enumerate(order) if state.cash[s] == richest)
    state.order = rotated(order, first)
    events.append(Event("priority", {"seat": state.order[0], "cash": richest}))
    close(state, frame)
    start_stock_round(state, events)


class AuctionStep(Step[RGState, AuctionF]):
    accepts: ClassVar[tuple[type[Move], ...]] = (Bid, Pass)

    def refuse(self, state: RGState, frame: AuctionF, seat: int, move: Move) -> GameError:
        """A move of another round says when it is played (when.py)."""
        return refusal(state, move)

    def actors(self, state: RGState, frame: AuctionF) -> frozenset[int]:
        seat = bidder(frame)
        return frozenset() if seat is None else frozenset({seat})

    def legal(self, state: RGState, frame: AuctionF, seat: int) -> list[Move]:
        """Bids from the minimum up to the player's cash in $5 steps (any whole amount in between is
        legal too), and a pass."""
        low, cash = min_bid(frame), state.cash[seat]
        out: list[Move] = [Bid(frame.lots[0], price) for price in range(low, cash + 1, RAISE)]
        return [*out, Pass()]

    def apply(self, state: RGState, frame: AuctionF, seat: int, move: Any, events: list[Event]) -> None:
        if isinstance(move, Bid):
            self.bid(state, frame, seat, move, events)
        else:
            self.pass_(state, frame, seat, events)

    def bid(self, state: RGState, frame: AuctionF, seat: int, move: Bid, events: list[Event]) -> None:
        lot = frame.lots[0]
        need(move.private == lot, "error.not_on_offer", private=move.private, lot=lot)
        low = min_bid(frame)
        need(move.price >= low, "error.bid_low", price=move.price, low=low)
        need(move.price <= state.cash[seat], "error.bid_cash", price=move.price, cash=state.cash[seat])
        frame.high, frame.price, frame.declined = seat, move.price, []
        events.append(Event("bid", {"seat": seat, "private": lot, "price": move.price}))
        low = min_bid(frame)
        for other in [s for s in frame.active if s != seat and state.cash[s] < low]:
            frame.active.remove(other)
            events.append(Event("bid_dropped", {"seat": other, "private": lot}))
        if frame.active == [seat]:
            win(state, frame, events)

    def pass_(self, state: RGState, frame: AuctionF, seat: int, events: list[Event]) -> None:
        lot = frame.lots[0]
        if frame.high >= 0:
            frame.active.remove(seat)
            events.append(Event("lot_passed", {"seat": seat, "private": lot}))
            if len(frame.active) == 1:
                win(state, frame, events)
            return
        if state.ruleset == "bga":
            frame.active.remove(seat)
            events.append(Event("lot_passed", {"seat": seat, "private": lot}))
        else:
            frame.declined.append(seat)
            events.append(Event("lot_declined", {"seat": seat, "private": lot}))
        if all(s in frame.declined for s in frame.active):
            remove_lot(state, frame, events)
            frame.lots.pop(0)
            open_lot(state, frame, events)
