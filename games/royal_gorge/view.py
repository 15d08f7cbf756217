"""What a seat (or a spectator) sees: everything. 18 Royal Gorge hides nothing — cash, certificates, bids
and the drawn railroads and privates are on the table — so every viewer gets the same view."""

from __future__ import annotations

import msgspec

from .auction import bidder, min_bid
from .holdings import cert_limit, certificates, max_holding, net_worth, owned_privates, price_at
from .state import AuctionF, OperatingF, RGState, StockF
from .steps import FLOW
from .stock import startable


class PlayerView(msgspec.Struct):
    seat: int
    cash: int
    shares: dict[str, int]          # company → percent held
    privates: list[str]
    certificates: int
    net_worth: int
    president_of: list[str]


class CorpView(msgspec.Struct):
    id: str
    kind: str                       # rail | metal
    cash: int
    price: int | None               # share price (None before a railroad starts)
    par: int | None
    column: int                     # market column, -1 before it starts
    treasury: int                   # % unsold in its treasury
    market: int                     # % in the open market
    president: int | None
    floated: bool
    startable: bool                 # its tranche is open in this phase
    tokens: list[str]


class PrivateView(msgspec.Struct):
    id: str
    owner: int | str | None         # a seat, a railroad, or None
    closed: bool
    revenue: int


class AuctionView(msgspec.Struct):
    lot: str                        # the private on offer
    lots: list[str]                 # those still to come, the current first
    min_bid: int
    high: int | None                # seat of the standing bid
    price: int                      # the standing bid (0: none yet)
    active: list[int]               # seats still in for this lot
    declined: list[int]             # seats that passed before any bid
    bidder: int | None


class StockView(msgspec.Struct):
    current: int
    passed: list[int]
    sold: list[list[str]]           # per seat: companies sold this round (not to be bought back)
    sold_now: list[str]
    bought: bool


class RGView(msgspec.Struct):
    players: int
    viewer: int | None
    ruleset: str
    round: str                      # auction | stock | operating
    turn: int
    or_num: int
    phase: str
    order: list[int]                # seating order, the priority holder first
    to_act: list[int]
    seats: list[PlayerView]
    corps: list[CorpView]
    privates: list[PrivateView]
    cert_limit: int
    max_holding: int
    auction: AuctionView | None = None
    stock: StockView | None = None
    operating: list[str] = []       # railroads in operating order
    operating_now: str | None = None


def view(state: RGState, seat: int | None) -> RGView:
    top = FLOW.top(state)
    seats = [PlayerView(s, state.cash[s], {c.id: c.held[s] for c in state.corps.values() if c.held[s]},
                        owned_privates(state, s), certificates(state, s), net_worth(state, s),
                        [c.id for c in state.corps.values() if c.president == s])
             for s in range(state.players)]
    corps = [CorpView(c.id, c.kind, c.cash, price_at(c.col) if c.col >= 0 else None,
                      price_at(c.par_col) if c.par_col >= 0 else None, c.col, c.treasury, c.market,
                      c.president if c.president >= 0 else None, c.floated,
                      c.kind == "rail" and startable(state, c.id), list(c.tokens))
             for c in state.corps.values()]
    out = RGView(state.players, seat, state.ruleset, state.round, state.turn, state.or_num, state.phase,
                 list(state.order), sorted(FLOW.to_act(state)), seats, corps,
                 [PrivateView(p.id, p.owner, p.closed, p.revenue) for p in state.privates.values()],
                 cert_limit(state), max_holding(state))
    if isinstance(top, AuctionF) and top.lots:
        out.auction = AuctionView(top.lots[0], list(top.lots), min_bid(top), top.high if top.high >= 0 else None,
                                  top.price, list(top.active), list(top.declined), bidder(top))
    elif isinstance(top, StockF):
        out.stock = StockView(top.current, list(top.passed), [list(x) for x in top.sold], list(top.sold_now),
                              top.bought)
    elif isinstance(top, OperatingF):
        out.operating = list(top.order)
        out.operating_now = top.order[top.index] if top.index < len(top.order) else None
    return out
