"""Emergency money in step 6 (18rg.md §1 must own a train, §12 bankruptcy): a president who cannot pay for the train
his railroad must buy sells shares (not below the president's share of the railroad buying, nor past the market's
limit), and goes bankrupt when even that is not enough: the game ends at once."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..ending import finish, trigger
from ..holdings import (
    BANK,
    PRESIDENT_PERCENT,
    market_limit,
    move_price,
    operating_order,
    pay,
    price,
    price_at,
    sale_moves_price,
    settle_president,
    transfer,
)
from ..moves import Sell
from ..state import MARKET, OperatingF, RGState
from .buy_train import cheapest_depot, must_buy


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
    if other.market + percent > market_limit(state, other.kind):
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
    """``sell`` in step 6: an emergency sale of one railroad's shares (once per railroad a turn), the price falling
    when the president sells his own."""
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
    if was_president and sale_moves_price(state, other.kind):
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
    """``bankrupt``: the president cannot raise the cheapest train's price: his shares go to the market, his cash to
    the bank, and the game ends at once."""
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
        if was_president and sale_moves_price(state, other.kind):
            move_price(state, other.id, -count)
        events.append(Event("sold", {"seat": seat, "corp": other.id, "count": count, "cost": 0}))
    if state.cash[seat]:
        pay(state, seat, BANK, state.cash[seat])
    trigger(state, "bankrupt", "immediate", events)
    finish(state, events, normal=False)
