"""The state of an 18 Royal Gorge game: plain msgspec data with one canonical JSON form.

Nothing is hidden: cash, certificates, bids and the drawn railroads and privates are public. Seats are
numbered from 0 in the table's order; ``order`` is the seating order as it stands now, the player with
priority first (18xx.games rotates its player list the same way). Corporations are keyed by their content
id (``"RG"``, ``"CF&I"``); notation writes them with :func:`games.royal_gorge.records.tabula_id`.

The turn structure is explicit data (games.core.flow): ``stack`` holds the open round — the private
auction, a stock round, an operating round — the active one on top (operating/ runs a railroad's turn); a
train offered for between two presidents (``bga``, R25) waits on top of its operating round.
The map is ``laid`` (hex → tile and rotation) and ``tokens`` (hex → railroad per city slot); the railroads'
charters say which station tokens are where (``Corp.stations``).
"""

from __future__ import annotations

import msgspec

from games.core import BaseState

#: Where a share lies: a seat number, or one of these.
TREASURY = "treasury"
MARKET = "market"


class Corp(msgspec.Struct, kw_only=True):
    """A railroad or a metal company (CF&I, VGC): its treasury, its place on the market, who holds it.

    Percentages: ``treasury`` (unsold certificates, the engine's "IPO"; metals have none), ``market``
    (the open market, the bank pool) and ``held[seat]`` add up to 100. A railroad's president holds its
    20 % certificate; a metal company's president holds its first 10 % certificate.
    """

    id: str
    kind: str                       # "rail" | "metal"
    cash: int = 0
    col: int = -1                   # market column of the share price; -1 until parred
    par_col: int = -1
    arrived: int = 0                # when it reached its market space: earlier goes first on a tie
    treasury: int = 100
    market: int = 0
    held: list[int] = []            # percent per seat
    president: int = -1             # seat, -1 for none
    floated: bool = False
    tranche: int = 0                # railroads: 0 yellow, 1 green, 2 brown (who may start them when)
    tokens: list[str] = []          # hexes of placed station tokens, in token order
    trains: list[str] = []          # train names, in the order bought (operating rounds)
    # ---- operating rounds ----
    stations: list[str] = []        # per station token on the charter, in token order: its hex, "" unplaced
    station_costs: list[int] = []   # per station token: what placing it costs
    operated: bool = False          # has finished an operating turn (no extra station before that)
    coal: int = 0                   # coal cubes (G6 Coal Depot, Y3 Coal Creek Mines) the railroad holds
    last_revenue: int = -1          # its latest operating turn's run, gold included ($; -1: not operated yet)
    last_paid: bool = False         # whether that run was paid out (else withheld)


class Private(msgspec.Struct, kw_only=True):
    """A private company drawn for this game. ``owner``: a seat, a railroad id, or ``None`` (unsold,
    removed, closed)."""

    id: str
    owner: int | str | None = None
    closed: bool = False
    revenue: int = 0                # income per operating round now
    cubes: int = 0                  # G6 Coal Depot: coal cubes bought with the winning bid
    used: int = 0                   # uses of its power so far (Y2 markers, Y3 cubes handed out, B3 steel)


class AuctionF(msgspec.Struct, tag="auction", kw_only=True):
    """The private auction: ``lots`` still to offer (the current one first).

    ``start`` indexes ``state.order``: the lot's bidding starts with that player (the one after the last
    winner; a lot nobody wanted leaves it where it was). ``active``: players still in for this lot, in
    bidding order; ``declined``: those who passed while nobody had bid (a bid brings them back);
    ``high``/``price``: the standing bid.
    """

    lots: list[str]
    start: int = 0
    active: list[int] = []
    declined: list[int] = []
    high: int = -1
    price: int = 0


class StockF(msgspec.Struct, tag="stock", kw_only=True):
    """A stock round. ``current`` is the seat whose turn it is.

    ``passed``: seats whose latest turn was a pass (an action takes a seat out; the round ends when every
    seat is in). ``sold[seat]``: railroads and metals the seat sold this round (no buying them back);
    ``sold_now``: those sold this turn (each company's shares go in one block). ``bought``: the current
    player bought or started a company this turn (no more sales or buys). ``acted``: the current player did
    something this turn (a pass then only ends the turn). ``last``: the last seat to buy, start or sell.
    ``investor``: metals bought with G5 Metals Investor this round.
    """

    current: int
    passed: list[int] = []
    sold: list[list[str]] = []
    sold_now: list[str] = []
    bought: bool = False
    acted: bool = False
    last: int = -1
    investor: list[str] = []


class OperatingF(msgspec.Struct, tag="operating", kw_only=True):
    """An operating round: the railroads in operating order and the one operating now (``index``).

    A railroad's turn goes through ``step``: ``track`` (up to 6 lays), ``token``, ``route`` (run the
    trains), ``dividend`` (ship gold, pay out or withhold), ``lease`` (G3's fee to RG), ``train`` (buy
    trains), ``company`` (buy privates), each skipped when it offers nothing (see operating/).
    The rest is the turn's scratch: lays made, the steel columns and prices chosen per tile colour, the
    run (``routes``: one ``"<train> <hex-chain>"`` per train), its ``revenue`` and gold ``extra``, the
    choice still open after the run (``choose``: gold, ghost, done), the extensions put on trains
    (``boosts``: train index → stops), what the president sold to raise money, and whether a debt token was
    repaid this turn; ``declined``: the trains (``"<seller> <train>"``) whose sellers declined an offer this turn,
    which the railroad may not offer for again in it (R25).
    """

    order: list[str]
    index: int = 0
    step: str = "track"
    laid: int = 0
    steel_column: dict[str, str] = {}
    steel_price: dict[str, int] = {}
    routes: list[str] = []
    ran: bool = False
    revenue: int = 0
    extra: int = 0
    shipped: str = ""
    choose: str = "gold"
    lease_due: int = 0
    boosts: dict[str, int] = {}
    boosted_by: list[str] = []
    sold: list[str] = []
    last_sold_price: int = 0
    paid_debt: bool = False
    depot_lays: int = 0
    declined: list[str] = []


class TrainOfferF(msgspec.Struct, tag="train_offer", kw_only=True):
    """A train offered for under ``bga`` (the rules text's 步骤5, "双方总裁同意，价格自由协商", R25): railroad ``buyer``
    (its president ``frm``) offers ``price`` for ``seller``'s ``train``; the seller's president ``to`` accepts or
    declines. It sits on the operating round's frame, which waits. Public, like everything in 18RG."""

    buyer: str
    seller: str
    train: str
    price: int
    frm: int
    to: int


Frame = AuctionF | StockF | OperatingF | TrainOfferF


class LastMove(msgspec.Struct, frozen=True):
    """The latest move: who made it (the seat), its notation and the hexes it touched."""

    seat: int
    move: str
    hexes: list[str] = []


class RGState(BaseState, kw_only=True):
    """The whole game."""

    ruleset: str                                 # "bga" (the rules text) | "18xx" (18xx.games)
    railroads: list[str]                         # the 5 drawn, by founding year
    cash: list[int]                              # per seat
    order: list[int]                             # seating order now, the priority holder first
    corps: dict[str, Corp]                       # the railroads, then CF&I and VGC
    privates: dict[str, Private]                 # the 5 drawn, in auction order
    bank: int = 0                                # the bank's ledger (unlimited: it may go below 0)
    money: int = 0                               # all money in the game: players + companies + bank
    phase: str = "yellow"
    round: str = "auction"                       # auction | stock | operating
    turn: int = 1                                # the stock round number (its operating rounds share it)
    or_num: int = 0                              # the operating round within its set
    ors_in_set: int = 0
    arrivals: int = 0                            # counter behind Corp.arrived
    # ---- operating rounds (figures as at the start; the operating-round work moves them) ----
    depot: dict[str, int] = {}                   # train → copies left in the depot (6x2: 1, unlimited)
    pool_trains: list[str] = []                  # trains discarded to the bank
    steel: dict[str, dict[str, list[int]]] = {}  # colour → column → cube prices left
    gold_shipped: int = 0
    gold_cubes: dict[str, int] = {}
    debt_col: int = 0                            # the DEBT marker's market column
    debt_cash: int = 0
    treaty: bool = False
    jeweler: int = 0                             # Y6 Local Jeweler's money on the card
    laid: dict[str, tuple[str, int]] = {}        # hex → (tile id, rotation) of every tile laid
    tokens: dict[str, list[str | None]] = {}     # hex → railroad per city slot (None: empty)
    ghost_towns: list[str] = []                  # Y2's ghost-town markers
    debt: dict[str, int] = {}                    # railroad → debt tokens still owed (after the Treaty)
    creditor: dict[str, int | str] = {}          # railroad → whom it repays: a railroad, a seat or "bank"
    debts_seen: list[str] = []                   # railroads that got debt at the Treaty (repaid or not)
    debts_repaid: list[str] = []                 # … and those that have repaid all of it
    sulphur_connected: bool = False              # a tile lies on E3 (B2 pays its owner from Brown)
    end_reason: str = ""                         # what triggered the end: stock_market | final_train | bankrupt
    end_timing: str = ""                         # full_or | one_more_full_or_set | immediate
    final_turn: int = 0                          # the set after which the game ends (0: not triggered)
    finished: bool = False
    bankrupt: list[int] = []                     # seats gone bankrupt
    sixes: int = 0                               # 6x2 trains that have left the (unlimited) depot
    stack: list[Frame] = []
    last: LastMove | None = None                 # the latest move, for the image's highlight
