"""What a seat (or a spectator) sees: everything. 18 Royal Gorge hides nothing — cash, certificates, bids,
the drawn railroads and privates, the map — so every viewer gets the same view.

For the renderer: ``laid`` (hex → (tile id, rotation)), ``tokens`` (hex → railroad per city slot),
``gold_cubes`` (hex → cubes), ``steel`` (steel column "A"…"I" → cube prices left, dearest first; the
column's colour is in data/steel.toml); the railroads' charters in ``corps`` (trains, tokens, debt)."""

from __future__ import annotations

import msgspec

from .auction import bidder, min_bid
from .holdings import cert_limit, certificates, max_holding, net_worth, owned_privates, price_at
from .operating import gold_dividend, next_token_cost, next_train, tokens_left
from .state import AuctionF, LastMove, OperatingF, RGState, StockF, TrainOfferF
from .steps import FLOW
from .stock import may_sell, startable


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
    tokens: list[str]               # hexes of its placed station tokens, in token order
    trains: list[str] = []          # train names ("2+", "6x2"), in the order bought
    tokens_left: int = 0            # station tokens still on the charter
    next_token: int | None = None   # what the next station costs (None: none left)
    debt: int = 0                   # debt tokens still owed (RG, SF after the Treaty of Boston)
    privates: list[str] = []        # privates it owns
    last_revenue: int | None = None  # its latest operating turn's run, gold included (None: not operated yet)
    last_paid: bool = False         # that run was paid out (else withheld)


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
    acted: bool = False             # the seat acting did something this turn (a pass only ends it)
    can_sell: bool = False          # the seat acting may sell now (rules.toml first_round_sales, holdings)


class TrainOfferView(msgspec.Struct):
    """A train offered for (``bga``, R25): public, like everything in 18RG."""

    buyer: str                      # the railroad offering
    seller: str                     # the railroad asked
    train: str
    price: int
    frm: int                        # the buyer's president
    to: int                         # the seller's president, who answers


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
    operating_step: str | None = None  # track | token | route | dividend | lease | train | company
    train_offer: TrainOfferView | None = None  # an offer waiting for the seller's president (R25)
    #: The map: hex → (tile id, rotation) of every tile laid (tile ids as in data/tiles.toml: "57", "RG-A").
    laid: dict[str, tuple[str, int]] = {}
    #: Station tokens: hex → railroad per city slot (None: an empty slot).
    tokens: dict[str, list[str | None]] = {}
    #: Gold cubes on the map: hex → cubes.
    gold_cubes: dict[str, int] = {}
    #: The CF&I steel market: column id ("A" … "I", colours in data/steel.toml) → cube prices left,
    #: dearest first (an empty column, and every gray lay, costs $40).
    steel: dict[str, list[int]] = {}
    gold_shipped: int = 0           # gold shipped this OR set (the gold dividend track)
    gold_dividend: int = 50         # what VGC pays now
    depot: dict[str, int] = {}      # train → copies left in the depot (6x2: unlimited, shown 1)
    next_train: str | None = None
    pool_trains: list[str] = []
    debt_price: int = 60            # the DEBT marker's price: the cost of one debt token
    treaty: bool = False            # the Treaty of Boston has happened
    ghost_towns: list[str] = []
    last_run: list[str] = []        # the run of the railroad operating now ("2+ l14-m15-n14-o15")
    #: Beside a menu at ``lay <hex>``: the lays offered there, hex → [(tile id, rotation)] (Game.focus_view; the
    #: renderer's focus draws them and runs no rules). Empty in every other view.
    lays: dict[str, list[tuple[str, int]]] = {}
    last: LastMove | None = None    # the latest move (seat, notation, hexes), highlighted on the board
    finished: bool = False
    end_reason: str = ""


def view(state: RGState, seat: int | None) -> RGView:
    top = FLOW.top(state)
    offer = top if isinstance(top, TrainOfferF) else None
    if offer is not None:  # the operating round waits under the offer
        top = next((f for f in reversed(state.stack) if isinstance(f, OperatingF)), None)
    seats = [PlayerView(s, state.cash[s], {c.id: c.held[s] for c in state.corps.values() if c.held[s]},
                        owned_privates(state, s), certificates(state, s), net_worth(state, s),
                        [c.id for c in state.corps.values() if c.president == s])
             for s in range(state.players)]
    corps = [CorpView(c.id, c.kind, c.cash, price_at(c.col) if c.col >= 0 else None,
                      price_at(c.par_col) if c.par_col >= 0 else None, c.col, c.treasury, c.market,
                      c.president if c.president >= 0 else None, c.floated,
                      c.kind == "rail" and startable(state, c.id), list(c.tokens), list(c.trains),
                      tokens_left(state, c.id) if c.kind == "rail" else 0,
                      next_token_cost(state, c.id) if c.kind == "rail" else None, state.debt.get(c.id, 0),
                      [p.id for p in state.privates.values() if p.owner == c.id and not p.closed],
                      c.last_revenue if c.last_revenue >= 0 else None, c.last_paid)
             for c in state.corps.values()]
    out = RGView(state.players, seat, state.ruleset, state.round, state.turn, state.or_num, state.phase,
                 list(state.order), sorted(FLOW.to_act(state)), seats, corps,
                 [PrivateView(p.id, p.owner, p.closed, p.revenue) for p in state.privates.values()],
                 cert_limit(state), max_holding(state))
    out.laid = {h: (t, r) for h, (t, r) in state.laid.items()}
    out.tokens = {h: list(slots) for h, slots in state.tokens.items()}
    out.gold_cubes = {h: n for h, n in state.gold_cubes.items() if n}
    out.steel = {column: list(prices) for columns in state.steel.values() for column, prices in columns.items()}
    out.gold_shipped = state.gold_shipped
    out.gold_dividend = gold_dividend(state)
    out.depot = {t: n for t, n in state.depot.items() if n}
    out.next_train = next_train(state)
    out.pool_trains = list(state.pool_trains)
    out.debt_price = price_at(state.debt_col)
    out.treaty = state.treaty
    out.ghost_towns = list(state.ghost_towns)
    out.last = state.last
    out.finished = state.finished
    out.end_reason = state.end_reason
    if isinstance(top, AuctionF) and top.lots:
        out.auction = AuctionView(top.lots[0], list(top.lots), min_bid(top), top.high if top.high >= 0 else None,
                                  top.price, list(top.active), list(top.declined), bidder(top))
    elif isinstance(top, StockF):
        out.stock = StockView(top.current, list(top.passed), [list(x) for x in top.sold], list(top.sold_now),
                              top.bought, top.acted, may_sell(state, top, top.current))
    elif isinstance(top, OperatingF):
        out.operating = list(top.order)
        out.operating_now = top.order[top.index] if top.index < len(top.order) else None
        out.operating_step = top.step if out.operating_now else None
        out.last_run = list(top.routes)
    if offer is not None:
        out.train_offer = TrainOfferView(offer.buyer, offer.seller, offer.train, offer.price, offer.frm, offer.to)
    return out
