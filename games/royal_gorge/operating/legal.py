"""The moves listed for menus and bots in each step (lays, the best run, one price per train or private: the
grammar takes any legal price)."""

from __future__ import annotations

from typing import Any

from games.core import IllegalMove, Move

from ..content import content
from ..holdings import price_at
from ..moves import Bankrupt, BuyPrivate, BuyTrain, Dividend, GhostTown, Lease, Pass, PayDebt, Run, Sell, Ship, Token
from ..state import OperatingF, RGState
from .buy_train import (
    after_purchase,
    cheapest_depot,
    connected,
    contribution,
    for_sale,
    must_buy,
    other_trains,
    room,
    train_limit,
)
from .common import STEPS, make_board, owns
from .company import can_buy_private, private_prices, purchasable
from .dividend import can_ship, shippable
from .emergency import raisable, sale_ok
from .route import auto_run
from .token import tokenable
from .track import lay_moves


def _ok(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalMove:
        return False
    return True


def legal_moves(state: RGState, frame: OperatingF, seat: int, *, lays: bool = True) -> list[Move]:
    """The moves listed for menus and bots (lays, the best run, one price per train or private: the grammar
    takes any legal price). ``lays=False`` leaves the track step's lays out: menus answer them hex by hex
    (games.royal_gorge.menus)."""
    corp = frame.order[frame.index]
    c = state.corps[corp]
    out: list[Move] = []
    step = frame.step
    if step == "track":
        if lays:
            out += lay_moves(state, frame, corp)
        out.append(Pass())
    elif step == "token":
        out += [Token(h) for h in tokenable(state, make_board(state), corp)]
        out.append(Pass())
    elif step == "route":
        run = auto_run(state, frame, corp)
        out.append(run)
        if run.routes:
            out.append(Run(()))
    elif step == "dividend":
        if can_ship(state, frame):
            out += [Ship(h) for h in shippable(state, frame)]
            if owns(state, corp, "G2"):
                out += [Ship(h, "G2") for h in shippable(state, frame)]
        if frame.choose == "ghost":
            out.append(GhostTown())
        out += [Dividend("payout"), Dividend("withhold")]
    elif step == "lease":
        if c.cash >= frame.lease_due:
            out.append(Lease("treasury"))
        if state.cash[seat] >= frame.lease_due:
            out.append(Lease("president"))
    elif step == "train":
        out += train_moves(state, frame, corp, seat)
    elif step == "company":
        out.append(Pass())
    if step in STEPS and can_buy_private(state, corp):
        for private in purchasable(state):
            low, high = private_prices(private)
            value = content().privates[private].value
            for p in sorted({low, value, min(high, c.cash)}):
                if low <= p <= min(high, c.cash):
                    out.append(BuyPrivate(private, p))
    if corp in state.debt and not frame.paid_debt and c.cash >= price_at(state.debt_col):
        out.append(PayDebt(corp))
    return out


def train_moves(state: RGState, frame: OperatingF, corp: str, seat: int) -> list[Move]:
    """The step 6 moves: every train the railroad may buy (one price per train of another railroad), emergency sales
    and bankruptcy when it must buy and cannot, else ``pass``."""
    c = state.corps[corp]
    out: list[Move] = []
    forced = must_buy(state, corp)
    if room(state, corp):
        for name in for_sale(state):
            cost = content().trains[name].price
            depot_ok = name in state.pool_trains or len(after_purchase(state, corp, name)) <= train_limit(state)
            if not depot_ok:
                continue
            if cost <= c.cash or (forced and _ok(contribution, state, corp, seat, cost, True, name)):
                out.append(BuyTrain(name))
        if len(c.trains) < train_limit(state):
            for seller, name in sorted(set(other_trains(state, corp))):
                if not connected(state, corp, seller) or f"{seller} {name}" in frame.declined:
                    continue  # R25: no offer again for a train whose seller declined this turn
                face = content().trains[name].price
                top = min(face, c.cash) if c.cash >= 1 else 0
                if top >= 1:
                    out.append(BuyTrain(name, seller, top))
    if forced:
        cheapest = cheapest_depot(state) or 0
        if c.cash + state.cash[seat] < cheapest:
            for other in state.corps.values():
                for count in range(1, other.held[seat] // 10 + 1):
                    if other.id not in frame.sold and sale_ok(state, seat, corp, other.id, count):
                        out.append(Sell(other.id, count))
            if c.cash + state.cash[seat] + raisable(state, seat, corp, frame.sold) < cheapest:
                out.append(Bankrupt())
    else:
        out.append(Pass())
    return out
