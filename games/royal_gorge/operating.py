"""Operating rounds (the rules text's 运营轮, steps 1-7; 18rg.md §4, §6, §8, §9, §10).

Railroads operate in share-price order (ties: the one that reached its space first), each run by its
president. A railroad's turn walks these steps, each skipped when it offers nothing (as on 18xx.games, whose
records the ``18xx`` ruleset replays):

1. ``track``: up to 6 lays or upgrades; each buys one steel cube from CF&I (per tile colour one column a
   turn, the cheapest cube unless ``steel`` picks one; an empty column and every gray lay cost $40) and pays
   the hex's terrain on its first tile. ``pass`` ends it. Always offered until 6 lays.
2. ``token``: one station for the next token's cost ($40, $60, $80 after the free home station), in a city
   the railroad reaches with a free slot; under ``18xx`` not in the railroad's first turn (its home station is
   that turn's; ``bga`` has no timing rule, R16).
3. ``route``: run the trains (``run``; ``run auto`` picks the best run), checked by routes.check_run;
   G6/Y3 coal cubes and B5 lengthen a train first.
4. ``dividend``: ship one gold cube from a hex of the run (once a turn; ``18xx``: within the set's limit, R15;
   +$50; G2 +$130 once; Y2 may then mark an emptied hex), then ``payout`` (a tenth of the revenue per share to
   the holders and for the treasury's shares to the railroad; price right ⌊revenue ÷ price⌋, at most 3) or
   ``withhold`` (all to the railroad; price one left). A railroad that does not run withholds $0.
5. ``lease``: a G3 holder that ran through the Royal Gorge pays RG 10 % of that route.
6. ``train``: buy trains (limit 2; one more when the purchase rusts one's own) from the depot or another
   railroad it connects with (any price from $1). A railroad without a train must buy one (``bga``: only when
   it has a route): the president pays what the treasury lacks, selling shares if he must, or goes bankrupt.
7. ``company`` (from Green): buy privates from players at half to twice face value; also at any time of the
   turn. A railroad in debt repays one debt token a turn (``pay-debt``) at the DEBT price, at any time.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any, ClassVar

from games.core import Event, IllegalMove, Move
from games.core.flow import Step, need

from .content import TerrainDiscount, content
from .ending import finish, gold_dividend, red_zone, set_vgc_cash, trigger
from .holdings import (
    BANK,
    JEWELER,
    MARKET_LIMIT,
    PRESIDENT_PERCENT,
    move_price,
    operating_order,
    pay,
    price,
    price_at,
    settle_president,
    transfer,
)
from .moves import (
    Bankrupt,
    Boost,
    BuyPrivate,
    BuyTrain,
    Dividend,
    GhostTown,
    Lay,
    Lease,
    Pass,
    PayDebt,
    RecordedRun,
    RecordedShip,
    Run,
    Sell,
    Ship,
    Steel,
    Token,
)
from .routes import RouteError, TrainSpec, best_routes, boosts_for, check_run, extras_for
from .state import MARKET, Corp, OperatingF, RGState
from .track import STATION, Board, lay_changes, lay_problem, legal_lays, reachable_hexes
from .track import Lay as TrackLay
from .trains import close_private, next_train, take_from_depot, update_incomes

__all__ = ["STEPS", "OperatingStep", "gold_dividend", "next_token_cost", "next_train", "tokens_left"]

STEPS = ("track", "token", "route", "dividend", "lease", "train", "company")
MAX_STEEL = 40
COLUMN_COLOURS = {col.id: col.colour for col in content().steel.column}


# ---- the board ---------------------------------------------------------------------------------------------
def make_board(state: RGState) -> Board:
    return _board(state.phase, tuple(sorted(state.laid.items())),
                  tuple(sorted((h, tuple(s)) for h, s in state.tokens.items())), tuple(state.railroads))


@functools.lru_cache(maxsize=64)
def _board(phase: str, laid: tuple[tuple[str, tuple[str, int]], ...],
           tokens: tuple[tuple[str, tuple[str | None, ...]], ...], railroads: tuple[str, ...]) -> Board:
    return Board(dict(laid), dict(tokens), railroads, phase)


def owned(state: RGState, owner: int | str) -> list[str]:
    return [p.id for p in state.privates.values() if p.owner == owner and not p.closed]


def owns(state: RGState, owner: int | str, private: str) -> bool:
    found = state.privates.get(private)
    return found is not None and found.owner == owner and not found.closed


# ---- station tokens ----------------------------------------------------------------------------------------
def tokens_left(state: RGState, corp: str) -> int:
    return state.corps[corp].stations.count("")


def next_token_cost(state: RGState, corp: str) -> int | None:
    c = state.corps[corp]
    for hex_id, cost in zip(c.stations, c.station_costs, strict=True):
        if not hex_id:
            return cost
    return None


def sync_tokens(corp: Corp) -> None:
    corp.tokens = [h for h in corp.stations if h]


def reservations(state: RGState, hex_id: str) -> list[str]:
    """Railroads holding an empty slot of the city on ``hex_id``: a drawn railroad's home until it places
    its home station; RG's Royal Gorge cities until the Treaty of Boston."""
    out = []
    reserved = content().hexes[hex_id].reserved
    if reserved and not state.treaty and reserved in state.corps:
        out.append(reserved)
    for rid in state.railroads:
        corp = state.corps[rid]
        if content().railroads[rid].home == hex_id and corp.stations and not corp.stations[0]:
            out.append(rid)
    return out


def free_slot(state: RGState, board: Board, hex_id: str, corp: str) -> int | None:
    """The slot ``corp`` may take in the city on ``hex_id`` (slots reserved for other railroads are not
    free), or ``None``."""
    stop = board.stop(hex_id)
    if stop is None or stop.kind != "city":
        return None
    slots = list(state.tokens.get(hex_id, [])) + [None] * (stop.slots - len(state.tokens.get(hex_id, [])))
    if corp in slots:
        return None
    empty = [i for i, holder in enumerate(slots) if holder is None]
    others = [r for r in reservations(state, hex_id) if r != corp]
    if corp in reservations(state, hex_id):
        return empty[0] if empty else None
    return empty[len(others)] if len(empty) > len(others) else None


def put_token(state: RGState, corp: str, hex_id: str, slot: int, cost: int | None = None) -> None:
    """Place ``corp``'s next station (or a new free one when ``cost`` is given: the Treaty's) in ``slot``."""
    board = make_board(state)
    stop = board.stop(hex_id)
    assert stop is not None
    slots = list(state.tokens.get(hex_id, []))
    slots += [None] * (stop.slots - len(slots))
    slots[slot] = corp
    state.tokens[hex_id] = slots
    c = state.corps[corp]
    if cost is not None:
        c.stations.append(hex_id)
        c.station_costs.append(cost)
    else:
        c.stations[c.stations.index("")] = hex_id
    sync_tokens(c)


def remove_token(state: RGState, hex_id: str, corp: str) -> None:
    """Take ``corp``'s station off ``hex_id`` (the Treaty): the token goes back on its charter and its
    unplaced tokens are re-priced $40, $60, $80 (the dearest last)."""
    slots = state.tokens.get(hex_id, [])
    state.tokens[hex_id] = [None if s == corp else s for s in slots]
    c = state.corps[corp]
    c.stations[c.stations.index(hex_id)] = ""
    prices = list(content().rules.treaty.returned_token_prices)
    unplaced = [i for i, h in enumerate(c.stations) if not h]
    for rank, index in enumerate(reversed(unplaced)):
        c.station_costs[index] = prices[len(prices) - 1 - rank] if rank < len(prices) else 0
    sync_tokens(c)


def home_token(state: RGState, corp: str, events: list[Event]) -> None:
    home = content().railroads[corp].home
    c = state.corps[corp]
    if home in c.stations or not c.stations or c.stations[0]:
        return
    board = make_board(state)
    slot = free_slot(state, board, home, corp)
    if slot is None:
        return
    put_token(state, corp, home, slot)
    events.append(Event("home_token", {"corp": corp, "hex": home}))


def connected_cities(board: Board, corp: str) -> set[str]:
    """Cities ``corp``'s network reaches (its own token cities included)."""
    _, reached = board.network(corp)
    out = set(board.token_hexes(corp))
    for hex_id, index in reached:
        stop = board.stop(hex_id)
        if stop is not None and stop.kind == "city" and STATION in board.paths(hex_id)[index]:
            out.add(hex_id)
    return out


def reached_stops(board: Board, corp: str) -> set[str]:
    _, reached = board.network(corp)
    out = set(board.token_hexes(corp))
    for hex_id, index in reached:
        if board.stop(hex_id) is not None and STATION in board.paths(hex_id)[index]:
            out.add(hex_id)
    return out


def tokenable(state: RGState, board: Board, corp: str) -> list[str]:
    ids = board.geometry.hex_index
    return sorted((h for h in connected_cities(board, corp) if free_slot(state, board, h, corp) is not None),
                  key=ids.__getitem__)


def can_token(state: RGState, corp: str) -> bool:
    c = state.corps[corp]
    cost = next_token_cost(state, corp)
    if cost is None or cost > c.cash:
        return False
    if not c.operated and not content().rules.operating.first_turn_tokens.get(state.ruleset):
        return False
    return bool(tokenable(state, make_board(state), corp))


def route_available(state: RGState, corp: str) -> bool:
    """Some track joins one of ``corp``'s stations to another stop."""
    board = make_board(state)
    tokens = set(board.token_hexes(corp))
    return any(cn.a in tokens or cn.b in tokens for cn in board.connections())


# ---- trains ------------------------------------------------------------------------------------------------
def train_limit(state: RGState) -> int:
    return content().phases[state.phase].train_limit


def room(state: RGState, corp: str) -> bool:
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
    prices = [content().trains[t].price for t in for_sale(state)]
    return min(prices) if prices else None


def min_train_price(state: RGState, corp: str) -> int | None:
    prices = [p for p in [cheapest_depot(state)] if p is not None]
    if other_trains(state, corp):
        prices.append(1)
    return min(prices) if prices else None


def must_buy(state: RGState, corp: str) -> bool:
    c = state.corps[corp]
    if c.trains:
        return False
    if content().rules.operating.must_own_train.get(state.ruleset) == "always":
        return True
    return route_available(state, corp)


def can_buy_train(state: RGState, corp: str) -> bool:
    low = min_train_price(state, corp)
    return room(state, corp) and low is not None and state.corps[corp].cash >= low


def connected(state: RGState, buyer: str, seller: str) -> bool:
    """Two railroads share a stop their tracks reach (trains change hands only between connected ones)."""
    if not content().rules.operating.train_trade_connected:
        return True
    board = make_board(state)
    return bool(reached_stops(board, buyer) & reached_stops(board, seller))


# ---- privates ----------------------------------------------------------------------------------------------
def private_prices(private: str) -> tuple[int, int]:
    value = content().privates[private].value
    return -(-value // 2), value * 2


def purchasable(state: RGState) -> list[str]:
    c = content()
    return [p.id for p in state.privates.values()
            if not p.closed and isinstance(p.owner, int) and c.privates[p.id].corp_buy]


def can_buy_private(state: RGState, corp: str) -> bool:
    if not content().phases[state.phase].corp_buy_privates:
        return False
    lows = [private_prices(p)[0] for p in purchasable(state)]
    return bool(lows) and min(lows) <= state.corps[corp].cash


def turn_ability(state: RGState, frame: OperatingF, corp: str) -> bool:
    """A power still usable in the railroad's own turn (a debt token to repay this turn, B2's conversion):
    18xx.games then asks for a pass at the end of the turn."""
    return (corp in state.debt and not frame.paid_debt) or owns(state, corp, "B2")


# ---- the steps ---------------------------------------------------------------------------------------------
def operating(state: RGState, frame: OperatingF) -> Corp:
    return state.corps[frame.order[frame.index]]


def blocking(state: RGState, frame: OperatingF) -> bool:
    """Whether the railroad operating now has something to do (or pass) in its current step."""
    corp = operating(state, frame)
    step = frame.step
    if step == "track":
        return frame.laid < content().rules.operating.track_actions
    if step == "token":
        return can_token(state, corp.id)
    if step == "route":
        return bool(corp.trains) and route_available(state, corp.id)
    if step == "dividend":
        return frame.ran and bool(frame.routes)
    if step == "lease":
        return frame.lease_due > 0
    if step == "train":
        return must_buy(state, corp.id) or can_buy_train(state, corp.id)
    if step == "company":
        return can_buy_private(state, corp.id) or turn_ability(state, frame, corp.id)
    return False


def next_step(frame: OperatingF) -> None:
    index = STEPS.index(frame.step) + 1 if frame.step in STEPS else len(STEPS)
    frame.step = STEPS[index] if index < len(STEPS) else "done"


def begin_turn(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """The railroad whose turn begins lays its home station if it has none yet."""
    frame.step, frame.laid, frame.steel_column, frame.steel_price = "track", 0, {}, {}
    frame.routes, frame.ran, frame.revenue, frame.extra, frame.shipped = [], False, 0, 0, ""
    frame.choose, frame.lease_due, frame.boosts, frame.boosted_by = "gold", 0, {}, []
    frame.sold, frame.last_sold_price, frame.paid_debt, frame.depot_lays = [], 0, False, 0
    if frame.index < len(frame.order):
        home_token(state, frame.order[frame.index], events)


def progress(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """Skip the steps with nothing to do; at the end of a turn, the next railroad; at the end, the next
    round."""
    from .rounds import end_operating_round

    while not state.finished:
        if frame.index >= len(frame.order):
            end_operating_round(state, frame, events)
            return
        if frame.step == "done":
            operating(state, frame).operated = True
            frame.index += 1
            begin_turn(state, frame, events)
            continue
        if blocking(state, frame):
            return
        if frame.step == "dividend":
            dividend(state, frame, "withhold", events)
            continue
        next_step(frame)


# ---- track -------------------------------------------------------------------------------------------------
def steel_for(state: RGState, frame: OperatingF, colour: str) -> tuple[str, int, bool]:
    """(column, price, whether a cube is taken) for this turn's next lay of ``colour``."""
    if colour == "gray":
        return "I", MAX_STEEL, False
    columns = state.steel[colour]
    column = frame.steel_column.get(colour)
    if column is None:
        column = min(columns, key=lambda k: columns[k][-1] if columns[k] else MAX_STEEL)
    cubes = columns[column]
    chosen = frame.steel_price.get(colour, cubes[-1] if cubes else MAX_STEEL)
    if chosen in cubes:
        return column, chosen, True
    return column, MAX_STEEL, False


def terrain_cost(state: RGState, corp: str, hex_id: str) -> int:
    if hex_id in state.laid:
        return 0
    h = content().hexes[hex_id]
    cost = h.cost
    for private in owned(state, corp):
        ability = content().privates[private].ability
        water = h.terrain == "water" and isinstance(ability, TerrainDiscount) and ability.water
        mountain = (h.terrain == "mountain" and isinstance(ability, TerrainDiscount)
                    and hex_id in ability.mountain_hexes)
        if isinstance(ability, TerrainDiscount) and cost and (water or mountain):
            cost -= cost // ability.divisor
    return cost


def lay_cost(state: RGState, frame: OperatingF, corp: str, move: Lay) -> int:
    tile = content().tiles[move.tile]
    steel = 0 if move.using in ("B3", "B2") else steel_for(state, frame, tile.colour)[1]
    return steel + (0 if move.using == "B2" else terrain_cost(state, corp, move.hex))


def check_lay(state: RGState, frame: OperatingF, corp: str, move: Lay) -> None:
    c = content()
    if move.using == "B2":
        need(owns(state, corp, "B2"), "error.not_owner", private="B2")
        need(move.hex == "E3", "error.bad_lay", reason="Sulphur Springs is E3")
    else:
        need(frame.step == "track", "error.not_step", step=frame.step)
        need(frame.laid < c.rules.operating.track_actions, "error.lays_done")
    if move.using == "B3":
        need(owns(state, corp, "B3"), "error.not_owner", private="B3")
        need(c.tiles[move.tile].colour == "yellow", "error.bad_lay", reason="the Steel Depot lays yellow only")
        private = state.privates["B3"]
        need(private.used < 5 and frame.depot_lays < 2, "error.power_used", private="B3", corp=corp)
    elif move.using not in ("", "B2"):
        raise IllegalMove("error.no_power", private=move.using)
    board = make_board(state)
    special = "sulphur_springs" if move.using == "B2" else ""
    problem = lay_problem(board, corp, move.hex, move.tile, move.rotation, special=special)
    need(problem is None, "error.bad_lay", reason=problem or "")
    cost = lay_cost(state, frame, corp, move)
    need(state.corps[corp].cash >= cost, "error.cash", cost=cost, cash=state.corps[corp].cash)


def do_lay(state: RGState, frame: OperatingF, corp: str, move: Lay, events: list[Event]) -> None:
    check_lay(state, frame, corp, move)
    c = content()
    tile = c.tiles[move.tile]
    colour = tile.colour
    steel = 0
    if move.using not in ("B3", "B2"):
        column, steel, take = steel_for(state, frame, colour)
        if take:
            state.steel[colour][column].remove(steel)
        frame.steel_column[colour] = column
        if steel:
            pay(state, corp, "CF&I", steel)
        chosen = frame.steel_price.get(colour)
        if chosen is not None and chosen != MAX_STEEL:
            higher = [p for p in state.steel[colour][column] if p > chosen]
            frame.steel_price[colour] = min(higher) if higher else MAX_STEEL
    elif move.using == "B3":
        state.privates["B3"].used += 1
        frame.depot_lays += 1
    terrain = 0 if move.using == "B2" else terrain_cost(state, corp, move.hex)
    if terrain:
        pay(state, corp, BANK, terrain)
    first = move.hex not in state.laid
    board = make_board(state)
    for hex_id, placed in lay_changes(board, TrackLay(move.hex, move.tile, move.rotation)).items():
        state.laid[hex_id] = placed
    board = make_board(state)
    for hex_id, slots in list(state.tokens.items()):
        stop = board.stop(hex_id)
        if stop is not None and len(slots) < stop.slots:
            state.tokens[hex_id] = slots + [None] * (stop.slots - len(slots))
    mines = c.hexes[move.hex].mines
    if first and colour == "yellow" and mines:
        state.gold_cubes[move.hex] = state.gold_cubes.get(move.hex, 0) + mines * c.rules.gold.per_mine
    events.append(Event("laid", {"corp": corp, "tile": move.tile, "hex": move.hex, "rotation": move.rotation,
                                 "cost": steel + terrain}))
    if move.hex == "E3" and not state.sulphur_connected:
        state.sulphur_connected = True
        update_incomes(state)
    if move.using == "B2":
        close_private(state, "B2", events)
        return
    frame.laid += 1
    if frame.laid >= c.rules.operating.track_actions:
        next_step(frame)


def do_steel(state: RGState, frame: OperatingF, move: Steel) -> None:
    need(frame.step == "track", "error.not_step", step=frame.step)
    colour = COLUMN_COLOURS.get(move.column)
    need(colour is not None and colour != "gray" and colour in content().phases[state.phase].tiles,
         "error.steel_column", column=move.column)
    assert colour is not None
    cubes = state.steel[colour][move.column]
    need(move.price in cubes or move.price == MAX_STEEL, "error.steel_price", column=move.column, price=move.price)
    frame.steel_column[colour] = move.column
    frame.steel_price[colour] = move.price


# ---- running -----------------------------------------------------------------------------------------------
def run_extras(state: RGState, corp: str) -> Any:
    return extras_for(corp, owned(state, corp), state.phase, gold=state.gold_cubes,
                      gold_shipped=state.gold_shipped, ghost_towns=state.ghost_towns, ruleset=state.ruleset)


def specs(state: RGState, frame: OperatingF, trains: Iterable[str]) -> list[TrainSpec]:
    """The trains as they run, the extensions of this turn put on the first train of each name."""
    left = dict(frame.boosts)
    out = []
    for name in trains:
        extra = left.pop(name, 0)
        out.append(TrainSpec(name, extra))
    return out


def check_routes(state: RGState, frame: OperatingF, corp: str, move: Run) -> Any:
    """Check and score the run; an extension of this turn goes on whichever train of its name makes the
    run legal (the first such)."""
    need(frame.step == "route", "error.not_step", step=frame.step)
    owned_trains = list(state.corps[corp].trains)
    for name, _ in move.routes:
        need(name in owned_trains, "error.no_such_train", train=name)
        owned_trains.remove(name)
    names = [name for name, _ in move.routes]
    board, extras = make_board(state), run_extras(state, corp)
    error: RouteError | None = None
    for train_specs in placements(names, frame.boosts):
        try:
            return check_run(board, corp, [(spec, list(path)) for spec, (_, path)
                                           in zip(train_specs, move.routes, strict=True)],
                             extras=extras, ship=False)
        except RouteError as err:
            error = error or err
    raise IllegalMove("error.bad_route", reason=str(error))


def placements(names: list[str], boosts: dict[str, int]) -> list[list[TrainSpec]]:
    """The ways to put this turn's extensions on the routes' trains (each on one train of its name)."""
    out: list[list[TrainSpec]] = [[TrainSpec(n) for n in names]]
    for name, extra in boosts.items():
        grown = []
        for specs_ in out:
            spots = [i for i, s in enumerate(specs_) if s.name == name and not s.extra]
            if not spots:
                grown.append(specs_)
            for i in spots:
                copy = list(specs_)
                copy[i] = TrainSpec(name, extra)
                grown.append(copy)
        out = grown
    return out


def do_run(state: RGState, frame: OperatingF, corp: str, move: Run, events: list[Event]) -> None:
    if isinstance(move, RecordedRun):
        ran = recorded_run(state, frame, corp, move)
    else:
        run = check_routes(state, frame, corp, move)
        ran = [(r.text(), r.stops, r.hexes, r.revenue) for r in run.routes]
    frame.ran = True
    frame.revenue = sum(revenue for *_, revenue in ran)
    frame.routes = [text for text, *_ in ran]
    frame.boosts = {}
    if owns(state, corp, "G3") and corp != "RG":
        through = next((revenue for _, stops, _, revenue in ran if "E13" in stops), None)
        frame.lease_due = through // 10 if through is not None else 0
    mines = state.privates.get("Y3")
    if mines is not None and not mines.closed and isinstance(mines.owner, str) \
            and any("H14" in hexes for _, _, hexes, _ in ran) and mines.used < 12:
        mines.used += 1
        state.corps[mines.owner].coal += 1
    events.append(Event("ran", {"corp": corp, "revenue": frame.revenue, "routes": "; ".join(frame.routes) or "-"}))
    next_step(frame)


def recorded_run(state: RGState, frame: OperatingF, corp: str,
                 move: RecordedRun) -> list[tuple[str, tuple[str, ...], tuple[str, ...], int]]:
    """An imported run as its record has it (moves.RecordedRun): the railroad's own trains, each route earning
    its recorded revenue; the route is not checked, and every hex of it counts as a stop (G3's lease)."""
    need(frame.step == "route", "error.not_step", step=frame.step)
    need(len(move.revenues) == len(move.routes) and all(r >= 0 for r in move.revenues), "error.bad_route",
         reason="revenues")
    owned_trains = list(state.corps[corp].trains)
    for name, _ in move.routes:
        need(name in owned_trains, "error.no_such_train", train=name)
        owned_trains.remove(name)
    return [(f"{name} {'-'.join(h.lower() for h in path)}", path, path, revenue)
            for (name, path), revenue in zip(move.routes, move.revenues, strict=True)]


def do_boost(state: RGState, frame: OperatingF, corp: str, move: Boost) -> None:
    need(frame.step == "route", "error.not_step", step=frame.step)
    need(owns(state, corp, move.source), "error.not_owner", private=move.source)
    need(move.source not in frame.boosted_by, "error.power_used", private=move.source, corp=corp)
    need(move.train in state.corps[corp].trains and move.train not in frame.boosts, "error.no_such_train",
         train=move.train)
    if move.source == "B5":
        need(move.count == 1, "error.power_count", private=move.source)
    else:
        need(1 <= move.count <= 2 and move.count <= state.corps[corp].coal, "error.power_count", private=move.source)
        state.corps[corp].coal -= move.count
    frame.boosts[move.train] = move.count
    frame.boosted_by.append(move.source)


def shippable(state: RGState, frame: OperatingF) -> list[str]:
    hexes = {h.upper() for line in frame.routes for h in line.split(" ", 1)[1].split("-")}
    order = content().hex_list
    return [h.id for h in order if h.id in hexes and state.gold_cubes.get(h.id, 0) > 0]


def can_ship(state: RGState, frame: OperatingF) -> bool:
    """One shipment in the railroad's turn (rules 步骤3: "本轮可运输1块黄金"), within the set's limit under 18xx."""
    limit = content().ship_limit(state.phase, state.ruleset)
    under = limit is None or state.gold_shipped < limit
    return frame.choose == "gold" and under and bool(shippable(state, frame))


def do_ship(state: RGState, frame: OperatingF, corp: str, move: Ship, events: list[Event]) -> None:
    if isinstance(move, RecordedShip):  # an imported shipment our map has no gold for (moves.RecordedShip)
        need(frame.step == "dividend" and frame.choose == "gold", "error.no_gold")
    else:
        need(frame.step == "dividend" and can_ship(state, frame), "error.no_gold")
        need(move.hex in shippable(state, frame), "error.no_gold_here", hex=move.hex)
    bonus = content().rules.gold.ship_revenue
    if move.using:
        need(move.using == "G2" and owns(state, corp, "G2"), "error.not_owner", private=move.using)
        bonus = 130
        close_private(state, "G2", events)
    frame.extra += bonus
    state.gold_shipped += 1
    set_vgc_cash(state)
    if state.gold_cubes.get(move.hex):
        state.gold_cubes[move.hex] -= 1
        if not state.gold_cubes[move.hex]:
            del state.gold_cubes[move.hex]
    jeweler = state.privates.get("Y6")
    if jeweler is not None and isinstance(jeweler.owner, int) and not jeweler.closed:
        pay(state, BANK, JEWELER, 5)
    frame.shipped = move.hex
    events.append(Event("shipped", {"corp": corp, "hex": move.hex, "amount": bonus}))
    ghosts = state.privates.get("Y2")
    if ghosts is not None and owns(state, corp, "Y2") and ghosts.used < 4 and move.hex not in state.gold_cubes \
            and not isinstance(move, RecordedShip):
        frame.choose = "ghost"
    else:
        frame.choose = "done"


def do_ghost(state: RGState, frame: OperatingF, corp: str, events: list[Event]) -> None:
    need(frame.step == "dividend" and frame.choose == "ghost", "error.no_ghost")
    state.ghost_towns.append(frame.shipped)
    state.privates["Y2"].used += 1
    frame.choose = "done"
    events.append(Event("ghost_town", {"corp": corp, "hex": frame.shipped}))


def dividend(state: RGState, frame: OperatingF, kind: str, events: list[Event]) -> None:
    """Pay out or withhold the run (a railroad that did not run withholds $0)."""
    corp = operating(state, frame)
    revenue = frame.revenue + frame.extra
    if kind == "payout" and revenue:
        per_share = revenue // 10
        for seat in range(state.players):
            if corp.held[seat] and per_share:
                pay(state, BANK, seat, corp.held[seat] // 10 * per_share)
        if corp.treasury and per_share:
            pay(state, BANK, corp.id, corp.treasury // 10 * per_share)
        moved = revenue
    else:
        if revenue:
            pay(state, BANK, corp.id, revenue)
        moved = 0
    events.append(Event("payout" if moved else ("withheld" if revenue else "no_run"),
                        {"corp": corp.id, "amount": revenue}))
    before = corp.col
    steps = content().market.movement.withhold if not moved else min(moved // price_at(corp.col),
                                                                       content().market.movement.payout_max)
    if steps and move_price(state, corp.id, steps):
        events.append(Event("price_up" if steps > 0 else "price_down",
                            {"corp": corp.id, "from": price_at(before), "to": price_at(corp.col)}))
        red_zone(state, corp.id, events)
    corp.operated = True
    frame.revenue, frame.extra = 0, 0
    next_step(frame)


def do_lease(state: RGState, frame: OperatingF, corp: str, seat: int, move: Lease, events: list[Event]) -> None:
    need(frame.step == "lease", "error.not_step", step=frame.step)
    payer: int | str = corp if move.payer == "treasury" else seat
    cash = state.corps[corp].cash if isinstance(payer, str) else state.cash[payer]
    need(cash >= frame.lease_due, "error.cash", cost=frame.lease_due, cash=cash)
    pay(state, payer, "RG", frame.lease_due)
    events.append(Event("lease_paid", {"corp": corp, "amount": frame.lease_due}))
    frame.lease_due = 0
    next_step(frame)


# ---- buying trains -----------------------------------------------------------------------------------------
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


def do_buy_train(state: RGState, frame: OperatingF, corp: str, seat: int, move: BuyTrain,
                 events: list[Event]) -> None:
    need(frame.step == "train", "error.not_step", step=frame.step)
    c = state.corps[corp]
    need(room(state, corp), "error.train_limit", limit=train_limit(state))
    if move.seller:
        seller = state.corps.get(move.seller)
        need(seller is not None and seller.id != corp and move.train in seller.trains, "error.no_such_train",
             train=move.train)
        assert seller is not None
        need(connected(state, corp, seller.id), "error.not_connected", corp=seller.id)
        need(move.price >= 1, "error.train_price")
        face = content().trains[move.train].price
        if move.price > c.cash:
            need(move.price <= face, "error.train_price")
        extra = contribution(state, corp, seat, move.price, False, move.train)
        need(len(c.trains) + 1 <= train_limit(state), "error.train_limit", limit=train_limit(state))
        if extra:
            pay(state, seat, corp, extra)
        pay(state, corp, seller.id, move.price)
        seller.trains.remove(move.train)
        c.trains.append(move.train)
        events.append(Event("train_bought", {"corp": corp, "train": move.train, "price": move.price,
                                             "seller": seller.id}))
    else:
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


def raisable(state: RGState, seat: int, corp: str, sold: list[str] | None = None) -> int:
    """What the president could raise by selling every share he may still sell this turn."""
    total = 0
    for other in state.corps.values():
        if other.id in (sold or []):
            continue
        for count in range(other.held[seat] // 10, 0, -1):
            if sale_ok(state, seat, corp, other.id, count, check_need=False):
                total += count * price(state, other.id)
                break
    return total


def sale_ok(state: RGState, seat: int, corp: str, target: str, count: int, check_need: bool = True) -> bool:
    """Whether the president may sell ``count`` of ``target`` for emergency money now."""
    other = state.corps[target]
    percent = 10 * count
    if count < 1 or other.held[seat] < percent or other.col < 0:
        return False
    if other.market + percent > MARKET_LIMIT[other.kind]:
        return False
    if other.kind == "rail" and other.president == seat and other.held[seat] - percent < PRESIDENT_PERCENT["rail"]:
        if target == corp:
            return False
        if not any(other.held[s] >= PRESIDENT_PERCENT["rail"] for s in range(state.players) if s != seat):
            return False
    if check_need:
        cheapest = cheapest_depot(state) or 0
        have = state.corps[corp].cash + state.cash[seat]
        if have >= cheapest:
            return False
        each = price(state, target)
        if have + each * (count - 1) >= cheapest:
            return False
    return True


def do_sell(state: RGState, frame: OperatingF, corp: str, seat: int, move: Sell, events: list[Event]) -> None:
    need(frame.step == "train" and must_buy(state, corp), "error.not_step", step=frame.step)
    need(move.corp not in frame.sold, "error.sell_in_blocks", corp=move.corp)
    need(move.corp in state.corps and sale_ok(state, seat, corp, move.corp, move.count), "error.emergency_sale",
         corp=move.corp)
    other = state.corps[move.corp]
    was_president = other.president == seat
    each, paid = price(state, move.corp), paid_units(move)
    pay(state, BANK, seat, each * paid)
    transfer(state, move.corp, seat, MARKET, 10 * move.count)
    frame.sold.append(move.corp)
    frame.last_sold_price = each
    events.append(Event("sold", {"seat": seat, "corp": move.corp, "count": move.count, "cost": each * paid}))
    before_pres = other.president
    settle_president(state, move.corp)
    if other.president != before_pres:
        events.append(Event("president", {"corp": move.corp, "seat": other.president}))
    if other.kind == "rail" and was_president:
        before = other.col
        if move_price(state, move.corp, -paid):
            events.append(Event("price_down", {"corp": move.corp, "from": price_at(before), "to": price_at(other.col)}))
    rest = frame.order[frame.index + 1:]
    frame.order = frame.order[:frame.index + 1] + [c for c in operating_order(state) if c in rest]


def paid_units(move: Sell) -> int:
    """The 10 % units a sale is paid for (all it moves, unless an import recorded fewer: moves.RecordedSell)."""
    need(1 <= move.units_paid <= move.count, "error.not_enough_shares", corp=move.corp)
    return move.units_paid


def do_bankrupt(state: RGState, frame: OperatingF, corp: str, seat: int, events: list[Event]) -> None:
    need(frame.step == "train" and must_buy(state, corp), "error.not_step", step=frame.step)
    cheapest = cheapest_depot(state) or 0
    need(state.corps[corp].cash + state.cash[seat] + raisable(state, seat, corp, frame.sold) < cheapest,
         "error.not_bankrupt")
    state.bankrupt.append(seat)
    events.append(Event("bankrupt", {"seat": seat, "corp": corp}))
    for other in list(state.corps.values()):
        count = next((n for n in range(other.held[seat] // 10, 0, -1)
                      if sale_ok(state, seat, corp, other.id, n, check_need=False)), 0)
        if not count:
            continue
        was_president = other.president == seat
        pay(state, BANK, seat, price(state, other.id) * count)
        transfer(state, other.id, seat, MARKET, 10 * count)
        settle_president(state, other.id)
        if other.kind == "rail" and was_president:
            move_price(state, other.id, -count)
        events.append(Event("sold", {"seat": seat, "corp": other.id, "count": count, "cost": 0}))
    if state.cash[seat]:
        pay(state, seat, BANK, state.cash[seat])
    trigger(state, "bankrupt", "immediate", events)
    finish(state, events, normal=False)


# ---- privates and debt -------------------------------------------------------------------------------------
def do_buy_private(state: RGState, frame: OperatingF, corp: str, move: BuyPrivate, events: list[Event]) -> None:
    need(content().phases[state.phase].corp_buy_privates, "error.no_private_buys", phase=state.phase)
    need(move.private in purchasable(state), "error.not_for_sale", private=move.private)
    low, high = private_prices(move.private)
    need(low <= move.price <= high, "error.private_price", low=low, high=high)
    c = state.corps[corp]
    need(c.cash >= move.price, "error.cash", cost=move.price, cash=c.cash)
    private = state.privates[move.private]
    seller = private.owner
    assert isinstance(seller, int)
    pay(state, corp, seller, move.price)
    private.owner = corp
    if move.private == "G6":
        c.coal += private.cubes
        private.cubes = 0
    if move.private == "B2":
        private.revenue = 0
    events.append(Event("private_bought", {"corp": corp, "private": move.private, "price": move.price,
                                           "seat": seller}))


def do_pay_debt(state: RGState, frame: OperatingF, corp: str, move: PayDebt, events: list[Event]) -> None:
    need(move.corp == corp and corp in state.debt, "error.no_debt", corp=move.corp)
    need(not frame.paid_debt, "error.debt_paid")
    cost = price_at(state.debt_col)
    c = state.corps[corp]
    need(c.cash >= cost, "error.cash", cost=cost, cash=c.cash)
    creditor = state.creditor[corp]
    pay(state, corp, creditor if creditor != "bank" else BANK, cost)
    frame.paid_debt = True
    state.debt[corp] -= 1
    events.append(Event("debt_repaid", {"corp": corp, "amount": cost, "left": state.debt[corp]}))
    if not state.debt[corp]:
        del state.debt[corp]
        del state.creditor[corp]
        state.debts_repaid.append(corp)
        if corp == "SF" and "G1" in state.privates:
            close_private(state, "G1", events)


def treaty_of_boston(state: RGState, events: list[Event]) -> None:
    """The second 3+: RG owes SF 4 debt tokens, SF owes G1's owner (else the bank) 2; the green Royal Gorge
    tiles go down; stations in D12 and F12 go back to their owners and RG gets two free ones there."""
    from .track import treaty_lays

    rules = content().rules.treaty
    state.treaty = True
    holder = state.privates.get("G1")
    if "RG" in state.corps:
        state.debt["RG"], state.creditor["RG"] = rules.rg_owes_sf, "SF"
        state.debts_seen.append("RG")
    if "SF" in state.corps:
        state.debt["SF"] = rules.sf_owes_holder
        state.creditor["SF"] = holder.owner if holder is not None and isinstance(holder.owner, int) \
            and not holder.closed else "bank"
        state.debts_seen.append("SF")
    for hex_id in rules.free_tokens:
        for other in [s for s in state.tokens.get(hex_id, []) if s]:
            remove_token(state, hex_id, other)
    for hex_id, placed in treaty_lays().items():
        state.laid[hex_id] = placed
    if "RG" in state.corps:
        for hex_id in rules.free_tokens:
            slot = free_slot(state, make_board(state), hex_id, "RG")
            if slot is not None:
                put_token(state, "RG", hex_id, slot, cost=0)
    debt_cash(state)
    events.append(Event("treaty", {}))


def debt_cash(state: RGState) -> None:
    """The DEBT marker's cash is its price."""
    new = price_at(state.debt_col)
    state.bank -= new - state.debt_cash
    state.debt_cash = new


# ---- the step ----------------------------------------------------------------------------------------------
class OperatingStep(Step[RGState, OperatingF]):
    """A railroad's turn, run by its president (see the module notes)."""

    accepts: ClassVar[tuple[type[Move], ...]] = (Lay, Steel, Token, Run, Boost, Ship, GhostTown, Dividend, Lease,
                                                 BuyTrain, BuyPrivate, PayDebt, Bankrupt, Sell, Pass)

    def actors(self, state: RGState, frame: OperatingF) -> frozenset[int]:
        if frame.index >= len(frame.order) or state.finished:
            return frozenset()
        seat = state.corps[frame.order[frame.index]].president
        return frozenset({seat}) if seat >= 0 else frozenset()

    def entity(self, state: RGState, frame: OperatingF, seat: int) -> str | None:
        return frame.order[frame.index] if frame.index < len(frame.order) else None

    def advance(self, state: RGState, frame: OperatingF, events: list[Event]) -> bool:
        if state.finished:
            return False
        if frame.index >= len(frame.order) or frame.step == "done" or not blocking(state, frame):
            size = len(state.stack)
            before = (frame.index, frame.step)
            progress(state, frame, events)
            return len(state.stack) != size or (frame.index, frame.step) != before or state.stack[-1] is not frame
        return False

    def apply(self, state: RGState, frame: OperatingF, seat: int, move: Any, events: list[Event]) -> None:
        corp = frame.order[frame.index]
        if isinstance(move, Lay):
            do_lay(state, frame, corp, move, events)
        elif isinstance(move, Steel):
            do_steel(state, frame, move)
        elif isinstance(move, Token):
            need(frame.step == "token", "error.not_step", step=frame.step)
            board = make_board(state)
            need(move.hex in tokenable(state, board, corp), "error.no_token_here", hex=move.hex)
            cost = next_token_cost(state, corp)
            assert cost is not None
            need(state.corps[corp].cash >= cost, "error.cash", cost=cost, cash=state.corps[corp].cash)
            slot = free_slot(state, board, move.hex, corp)
            assert slot is not None
            if cost:
                pay(state, corp, BANK, cost)
            put_token(state, corp, move.hex, slot)
            events.append(Event("token", {"corp": corp, "hex": move.hex, "cost": cost}))
            next_step(frame)
        elif isinstance(move, Run):
            do_run(state, frame, corp, move, events)
        elif isinstance(move, Boost):
            do_boost(state, frame, corp, move)
        elif isinstance(move, Ship):
            do_ship(state, frame, corp, move, events)
        elif isinstance(move, GhostTown):
            do_ghost(state, frame, corp, events)
        elif isinstance(move, Dividend):
            need(frame.step == "dividend", "error.not_step", step=frame.step)
            dividend(state, frame, move.kind, events)
        elif isinstance(move, Lease):
            do_lease(state, frame, corp, seat, move, events)
        elif isinstance(move, BuyTrain):
            do_buy_train(state, frame, corp, seat, move, events)
        elif isinstance(move, BuyPrivate):
            do_buy_private(state, frame, corp, move, events)
        elif isinstance(move, PayDebt):
            do_pay_debt(state, frame, corp, move, events)
        elif isinstance(move, Bankrupt):
            do_bankrupt(state, frame, corp, seat, events)
            return
        elif isinstance(move, Sell):
            do_sell(state, frame, corp, seat, move, events)
        else:
            self.pass_(state, frame, corp, events)
        progress(state, frame, events)

    def pass_(self, state: RGState, frame: OperatingF, corp: str, events: list[Event]) -> None:
        need(frame.step in ("track", "token", "train", "company"), "error.cannot_pass", step=frame.step)
        if frame.step == "train":
            need(not must_buy(state, corp), "error.must_buy")
        events.append(Event("step_passed", {"corp": corp, "step": frame.step}))
        next_step(frame)

    def legal(self, state: RGState, frame: OperatingF, seat: int) -> list[Move]:
        return legal_moves(state, frame, seat)


def _ok(fn: Any, *args: Any) -> bool:
    try:
        fn(*args)
    except IllegalMove:
        return False
    return True


def lay_moves(state: RGState, frame: OperatingF, corp: str) -> list[Move]:
    if frame.step != "track" or frame.laid >= content().rules.operating.track_actions:
        return []
    board = make_board(state)
    out: list[Move] = []
    cash = state.corps[corp].cash
    for hex_id in sorted(reachable_hexes(board, corp), key=board.geometry.hex_index.__getitem__):
        for lay in legal_lays(board, corp, hex_id):
            move = Lay(lay.hex, lay.tile, lay.rotation)
            if lay_cost(state, frame, corp, move) <= cash:
                out.append(move)
    return out


def auto_run(state: RGState, frame: OperatingF, corp: str) -> Run:
    """The best run the router finds now, as explicit routes."""
    c = state.corps[corp]
    boosts = () if frame.boosts else boosts_for([p for p in owned(state, corp) if p == "B5"])
    run = best_routes(make_board(state), corp, specs(state, frame, c.trains), extras=run_extras(state, corp),
                      boosts=boosts)
    return Run(tuple((r.train.name, tuple(r.hexes)) for r in run.routes))


def legal_moves(state: RGState, frame: OperatingF, seat: int) -> list[Move]:
    """The moves listed for menus and bots (lays, the best run, one price per train or private: the grammar
    takes any legal price)."""
    corp = frame.order[frame.index]
    c = state.corps[corp]
    out: list[Move] = []
    step = frame.step
    if step == "track":
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
                if not connected(state, corp, seller):
                    continue
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
