"""Step 2, ``token`` (18rg.md §4 token costs and timing, §2.4 and §9 the Royal Gorge cities; the rules text's 运营轮
step 2): station tokens. One station a turn for the next token's cost ($40, $60, $80 after the free home station), in
a city the railroad reaches with a free slot; slots reserved for a railroad's home or RG's Royal Gorge cities (until
the Treaty) are not free. Under ``18xx`` not in the railroad's first turn (its home station is that turn's; ``bga``
has no timing rule, R16)."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..content import content
from ..holdings import BANK, pay
from ..moves import Token
from ..state import Corp, OperatingF, RGState
from ..track import STATION, Board
from .common import make_board, next_step


def tokens_left(state: RGState, corp: str) -> int:
    """Stations ``corp`` has not placed yet."""
    return state.corps[corp].stations.count("")


def next_token_cost(state: RGState, corp: str) -> int | None:
    """The cost of ``corp``'s next station, or ``None`` when all are placed."""
    c = state.corps[corp]
    for hex_id, cost in zip(c.stations, c.station_costs, strict=True):
        if not hex_id:
            return cost
    return None


def sync_tokens(corp: Corp) -> None:
    """Keep the placed stations list in step with the charter."""
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
    """Place ``corp``'s home station if it has none there yet and a slot is free."""
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
    """Stops (towns and cities) ``corp``'s network reaches, its own station cities included."""
    _, reached = board.network(corp)
    out = set(board.token_hexes(corp))
    for hex_id, index in reached:
        if board.stop(hex_id) is not None and STATION in board.paths(hex_id)[index]:
            out.add(hex_id)
    return out


def tokenable(state: RGState, board: Board, corp: str) -> list[str]:
    """Cities where ``corp`` may place a station now, in map order."""
    ids = board.geometry.hex_index
    return sorted((h for h in connected_cities(board, corp) if free_slot(state, board, h, corp) is not None),
                  key=ids.__getitem__)


def can_token(state: RGState, corp: str) -> bool:
    """Whether ``corp`` may place a station this step (a station left, the cash, a city; ``18xx``: not in its first
    turn)."""
    c = state.corps[corp]
    cost = next_token_cost(state, corp)
    if cost is None or cost > c.cash:
        return False
    if not c.operated and not content().rules.operating.first_turn_tokens.get(state.ruleset):
        return False
    return bool(tokenable(state, make_board(state), corp))


def do_token(state: RGState, frame: OperatingF, corp: str, move: Token, events: list[Event]) -> None:
    """Place the railroad's next station in a city it reaches with a free slot, for the next token's cost."""
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
