"""Step 1, ``track`` (18rg.md §2 map and terrain, §3 tiles, §8 steel market; the rules text's 运营轮 step 1): up to 6
lays or upgrades, each buying one steel cube from CF&I (per tile colour one column a turn, the cheapest cube unless
``steel`` picks one; an empty column and every gray lay cost $40) and paying the hex's terrain on its first tile (Y5
halves water and some mountains). B3 lays yellow from the Steel Depot, B2 the Sulphur Springs tile."""

from __future__ import annotations

from games.core import Event, IllegalMove, Move
from games.core.flow import need

from ..content import TerrainDiscount, content
from ..holdings import BANK, pay
from ..moves import Lay, Steel
from ..state import OperatingF, RGState
from ..track import Lay as TrackLay
from ..track import lay_changes, lay_problem, legal_lays, reachable_hexes
from ..trains import close_private, update_incomes
from .common import COLUMN_COLOURS, MAX_STEEL, make_board, next_step, owned, owns


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
    """The terrain ``corp`` pays on ``hex_id``: on its first tile only, Y5 halving water and its mountains."""
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
    """Steel plus terrain for ``move`` (B3's lays take no steel; B2's neither steel nor terrain)."""
    tile = content().tiles[move.tile]
    steel = 0 if move.using in ("B3", "B2") else steel_for(state, frame, tile.colour)[1]
    return steel + (0 if move.using == "B2" else terrain_cost(state, corp, move.hex))


def check_lay(state: RGState, frame: OperatingF, corp: str, move: Lay) -> None:
    """Refuse a lay that is not legal now (the step, the count, the private used, the tile, the cash)."""
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
    """``lay``: buy the steel cube, pay the terrain, lay the tile; a first yellow tile on a mine hex puts its gold
    cubes out."""
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
    """``steel``: choose this turn's column and price of steel for a tile colour."""
    need(frame.step == "track", "error.not_step", step=frame.step)
    colour = COLUMN_COLOURS.get(move.column)
    need(colour is not None and colour != "gray" and colour in content().phases[state.phase].tiles,
         "error.steel_column", column=move.column)
    assert colour is not None
    cubes = state.steel[colour][move.column]
    need(move.price in cubes or move.price == MAX_STEEL, "error.steel_price", column=move.column, price=move.price)
    frame.steel_column[colour] = move.column
    frame.steel_price[colour] = move.price


def lay_hexes(state: RGState, frame: OperatingF, corp: str) -> list[str]:
    """The hexes ``corp``'s network reaches (where a lay may go), in map order; none once the track step is over
    or its lays are done."""
    if frame.step != "track" or frame.laid >= content().rules.operating.track_actions:
        return []
    board = make_board(state)
    return sorted(reachable_hexes(board, corp), key=board.geometry.hex_index.__getitem__)


def lays_on(state: RGState, frame: OperatingF, corp: str, hex_id: str) -> list[Lay]:
    """The lays ``corp`` may make and afford on ``hex_id`` now (one hex of :func:`lay_hexes`), tiles in manifest
    order: what a menu offers once the hex is chosen."""
    board = make_board(state)
    cash = state.corps[corp].cash
    out: list[Lay] = []
    for lay in legal_lays(board, corp, hex_id):
        move = Lay(lay.hex, lay.tile, lay.rotation)
        if lay_cost(state, frame, corp, move) <= cash:
            out.append(move)
    return out


def lay_moves(state: RGState, frame: OperatingF, corp: str) -> list[Move]:
    """Every lay ``corp`` may make and afford now, hex by hex in map order (the full list: tests and the contract
    suite only; menus go hex by hex)."""
    return [move for hex_id in lay_hexes(state, frame, corp) for move in lays_on(state, frame, corp, hex_id)]
