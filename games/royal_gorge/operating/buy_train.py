"""Step 6, ``train`` (18rg.md §1 must own a train, §4 trades between connected railroads, §6, §7): buy trains (limit
by phase; one more when the purchase rusts one's own) from the depot or the bank pool, or from another railroad it
connects with (any price from $1; under ``bga`` with its president's consent when it has another, R25: offer.py).
A railroad without a train must buy one (``bga``: only when it has a route): the president pays what the treasury
lacks for the cheapest train (emergency.py when he cannot)."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..content import content
from ..holdings import BANK, pay
from ..moves import BuyTrain
from ..state import OperatingF, RGState, TrainOfferF
from ..trains import next_train
from .common import make_board, next_step
from .depot import take_from_depot
from .route import route_available
from .token import reached_stops


def train_limit(state: RGState) -> int:
    """Trains a railroad may hold in the current phase (phases.toml ``train_limit``)."""
    return content().phases[state.phase].train_limit


def room(state: RGState, corp: str) -> bool:
    """Whether ``corp`` may buy a train now: under the limit, or one over it when the next depot train rusts one of its
    own."""
    c = state.corps[corp]
    if len(c.trains) < train_limit(state):
        return True
    upcoming = next_train(state)
    return any(content().trains[t].rusts_on == upcoming for t in c.trains)


def other_trains(state: RGState, corp: str) -> list[tuple[str, str]]:
    """(seller, train) for every train of another railroad."""
    return [(c.id, t) for c in state.corps.values() if c.id != corp and c.kind == "rail" for t in c.trains]


def for_sale(state: RGState) -> list[str]:
    """Trains the bank sells now: the depot's next type and the bank pool's, cheapest first."""
    upcoming = next_train(state)
    names = {*state.pool_trains, *([upcoming] if upcoming is not None else [])}
    return sorted(names, key=lambda t: content().trains[t].price)


def cheapest_depot(state: RGState) -> int | None:
    """The lowest price the bank sells a train for now (depot or pool), or ``None``."""
    prices = [content().trains[t].price for t in for_sale(state)]
    return min(prices) if prices else None


def min_train_price(state: RGState, corp: str) -> int | None:
    """The least ``corp`` could pay for a train now: the bank's cheapest, or $1 from another railroad."""
    prices = [p for p in [cheapest_depot(state)] if p is not None]
    if other_trains(state, corp):
        prices.append(1)
    return min(prices) if prices else None


def must_buy(state: RGState, corp: str) -> bool:
    """Whether ``corp`` must buy a train (it has none; ``bga``: only when it has a route; rules.toml
    ``must_own_train``)."""
    c = state.corps[corp]
    if c.trains:
        return False
    if content().rules.operating.must_own_train.get(state.ruleset) == "always":
        return True
    return route_available(state, corp)


def can_buy_train(state: RGState, corp: str) -> bool:
    """Whether ``corp`` has room for a train and its treasury can pay the cheapest one it could buy."""
    low = min_train_price(state, corp)
    return room(state, corp) and low is not None and state.corps[corp].cash >= low


def connected(state: RGState, buyer: str, seller: str) -> bool:
    """Two railroads share a stop their tracks reach (trains change hands only between connected ones)."""
    if not content().rules.operating.train_trade_connected:
        return True
    board = make_board(state)
    return bool(reached_stops(board, buyer) & reached_stops(board, seller))


def after_purchase(state: RGState, corp: str, name: str) -> list[str]:
    """The railroad's trains after buying ``name`` from the depot (what the purchase rusts gone)."""
    trains = [*state.corps[corp].trains, name]
    t = content().trains[name]
    first = (state.sixes == 0) if t.unlimited else state.depot.get(name, 0) == t.count
    if first:
        trains = [x for x in trains if content().trains[x].rusts_on != name]
    return trains


def contribution(state: RGState, corp: str, seat: int, cost: int, depot: bool, name: str) -> int:
    """What the president must add to pay ``cost`` (0: the treasury pays); raises when he may not."""
    c = state.corps[corp]
    if cost <= c.cash:
        return 0
    need(must_buy(state, corp), "error.cash", cost=cost, cash=c.cash)
    cheapest = cheapest_depot(state)
    need(cheapest is not None and cheapest > c.cash, "error.cheaper_affordable")
    if depot:
        need(content().trains[name].price == cheapest, "error.cheapest_train", price=cheapest)
    extra = cost - c.cash
    need(state.cash[seat] >= extra, "error.cash", cost=cost, cash=c.cash + state.cash[seat])
    return extra


def needs_consent(state: RGState, buyer: str, seller: str) -> bool:
    """Whether a train from ``seller`` needs its president's consent: under ``bga`` when the two railroads have
    different presidents ("其他连通铁路公司：双方总裁同意，价格自由协商", R25); never under ``18xx``."""
    if not content().rules.operating.train_trade_consent.get(state.ruleset):
        return False
    return state.corps[buyer].president != state.corps[seller].president


def check_trade(state: RGState, frame: OperatingF, corp: str, seat: int, move: BuyTrain) -> int:
    """Refuse a train from another railroad that may not change hands now; what the president must add (R10)."""
    c = state.corps[corp]
    seller = state.corps.get(move.seller)
    need(seller is not None and seller.id != corp and seller.kind == "rail" and move.train in seller.trains,
         "error.no_such_train", train=move.train)
    assert seller is not None
    need(connected(state, corp, seller.id), "error.not_connected", corp=seller.id)
    need(f"{seller.id} {move.train}" not in frame.declined, "error.offer_declined", corp=seller.id,
         train=move.train)
    need(move.price >= 1, "error.train_price")
    face = content().trains[move.train].price
    if move.price > c.cash:
        need(move.price <= face, "error.train_price")
    extra = contribution(state, corp, seat, move.price, False, move.train)
    need(len(c.trains) + 1 <= train_limit(state), "error.train_limit", limit=train_limit(state))
    return extra


def trade(state: RGState, frame: OperatingF, corp: str, seat: int, move: BuyTrain, events: list[Event]) -> None:
    """The train changes hands: the price into the seller's treasury ("资金转入卖方公司金库"), the president adding
    what a forced purchase lacks."""
    extra = check_trade(state, frame, corp, seat, move)
    if extra:
        pay(state, seat, corp, extra)
    pay(state, corp, move.seller, move.price)
    state.corps[move.seller].trains.remove(move.train)
    state.corps[corp].trains.append(move.train)
    events.append(Event("train_bought", {"corp": corp, "train": move.train, "price": move.price,
                                         "seller": move.seller}))
    frame.last_sold_price = 0
    if not state.finished and not can_buy_train(state, corp):
        next_step(frame)


def do_buy_train(state: RGState, frame: OperatingF, corp: str, seat: int, move: BuyTrain,
                 events: list[Event]) -> None:
    """``buy-train``: from the depot or the bank pool at face value, or from a connected railroad at any price from $1;
    the president adds what a forced purchase lacks. Under ``bga`` a train from a railroad with another president is
    an offer its president answers (:mod:`.offer`, R25)."""
    need(frame.step == "train", "error.not_step", step=frame.step)
    c = state.corps[corp]
    need(room(state, corp), "error.train_limit", limit=train_limit(state))
    if move.seller:
        check_trade(state, frame, corp, seat, move)
        if needs_consent(state, corp, move.seller):
            to = state.corps[move.seller].president
            state.stack.append(TrainOfferF(buyer=corp, seller=move.seller, train=move.train, price=move.price,
                                           frm=seat, to=to))
            events.append(Event("train_offered", {"corp": corp, "train": move.train, "price": move.price,
                                                  "seller": move.seller, "seat": seat, "player": to}))
            return
        trade(state, frame, corp, seat, move, events)
        return
    from_pool = move.train in state.pool_trains
    need(from_pool or move.train == next_train(state), "error.not_on_sale", train=move.train)
    cost = content().trains[move.train].price
    if not from_pool:
        need(len(after_purchase(state, corp, move.train)) <= train_limit(state), "error.train_limit",
             limit=train_limit(state))
    extra = contribution(state, corp, seat, cost, True, move.train)
    if extra:
        pay(state, seat, corp, extra)
    pay(state, corp, BANK, cost)
    c.trains.append(move.train)
    events.append(Event("train_bought", {"corp": corp, "train": move.train, "price": cost, "seller": ""}))
    if from_pool:
        state.pool_trains.remove(move.train)
    else:
        take_from_depot(state, move.train, events, bought=True)
    frame.last_sold_price = 0
    if not state.finished and not can_buy_train(state, corp):
        next_step(frame)
