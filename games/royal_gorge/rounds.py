"""The round sequence: auction → stock round → operating rounds (18rg.md §1, §7; the rules text's 游戏整体循环).

:func:`start_stock_round` and :func:`end_stock_round` frame a stock round; :func:`start_operating_round`
opens an operating round (privates pay their income, the railroads line up by share price, the first one
lays its home station; operating.py runs the turns) and :func:`end_operating_round` closes it: the DEBT
marker moves (18xx.games), then the next OR of the set or the end of the set (ending.py), where the game
may end.
"""

from __future__ import annotations

from games.core import Event
from games.core.flow import close

from .content import content
from .ending import debt_move, end_of_set, finish, red_zone
from .holdings import BANK, JEWELER, move_price, operating_order, pay, price_at
from .state import OperatingF, RGState, StockF


def start_stock_round(state: RGState, events: list[Event]) -> None:
    """A new stock round, the priority holder first. Money banked on Y6 Local Jeweler goes to its owner."""
    state.round = "stock"
    state.or_num = 0
    jeweler = state.privates.get("Y6")
    if state.jeweler and jeweler is not None and isinstance(jeweler.owner, int) and not jeweler.closed:
        pay(state, JEWELER, jeweler.owner, state.jeweler)
        events.append(Event("jeweler_paid", {"seat": jeweler.owner, "amount": state.jeweler}))
        state.jeweler = 0
    events.append(Event("stock_round", {"turn": state.turn, "seat": state.order[0]}))
    state.stack.append(StockF(current=state.order[0], sold=[[] for _ in range(state.players)]))


def end_stock_round(state: RGState, frame: StockF, events: list[Event]) -> None:
    """Sold-out companies rise a space; priority goes to the player after the last one to act; the
    operating rounds begin."""
    close(state, frame)
    for corp in sorted(state.corps.values(), key=lambda c: (-c.col, c.arrived)):
        if corp.col >= 0 and sum(corp.held) == 100:
            before = corp.col
            if move_price(state, corp.id, content().market.movement.sold_out):
                events.append(Event("sold_out", {"corp": corp.id, "from": price_at(before),
                                                  "to": price_at(corp.col)}))
                red_zone(state, corp.id, events)
    if frame.last >= 0:
        at = (state.order.index(frame.last) + 1) % state.players
        state.order = state.order[at:] + state.order[:at]
    events.append(Event("priority", {"seat": state.order[0]}))
    start_operating_round(state, 1, events)


def start_operating_round(state: RGState, number: int, events: list[Event]) -> None:
    """Operating round ``number`` of the set: privates pay, railroads in order of share price."""
    from .operating import begin_turn

    state.round = "operating"
    state.or_num = number
    state.ors_in_set = content().phases[state.phase].operating_rounds
    events.append(Event("operating_round", {"turn": state.turn, "number": number}))
    for private in state.privates.values():
        if private.owner is not None and not private.closed and private.revenue > 0:
            pay(state, BANK, private.owner, private.revenue)
            events.append(Event("private_income", {"private": private.id, "amount": private.revenue,
                                                   "owner": private.owner}))
    frame = OperatingF(order=operating_order(state))
    state.stack.append(frame)
    begin_turn(state, frame, events)


def end_operating_round(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """After an OR: the next OR of the set, or the end of the set (the game may end there)."""
    close(state, frame)
    last = state.or_num >= state.ors_in_set
    if last and state.final_turn and state.turn >= state.final_turn:
        finish(state, events)
        return
    if state.treaty and content().rules.debt.moves.get(state.ruleset) == "or":
        debt_move(state, events)
    if not last:
        start_operating_round(state, state.or_num + 1, events)
        return
    end_of_set(state, events)
    if state.final_turn and state.turn >= state.final_turn and state.end_reason:
        finish(state, events)
        return
    state.turn += 1
    start_stock_round(state, events)
