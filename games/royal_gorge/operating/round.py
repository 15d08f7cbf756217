"""An operating round (18rg.md §1, §7; the rules text's 游戏整体循环): it opens (privates pay their income,
the railroads line up by share price, each turn begins with the home station), and it closes: the DEBT marker
moves (18xx.games), then the next OR of the set, or the end of the set (ending.py's settlements, the export),
where the game may end, and the next stock round (rounds.py).
"""

from __future__ import annotations

from games.core import Event
from games.core.flow import close

from ..content import content
from ..ending import cfi_payout, debt_move, finish, metal_payout, refill_steel, reset_gold
from ..holdings import BANK, operating_order, pay
from ..rounds import start_stock_round
from ..state import OperatingF, RGState
from .depot import export
from .token import home_token


def start_operating_round(state: RGState, number: int, events: list[Event]) -> None:
    """Operating round ``number`` of the set: privates pay, railroads in order of share price."""
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


def begin_turn(state: RGState, frame: OperatingF, events: list[Event]) -> None:
    """The railroad whose turn begins lays its home station if it has none yet."""
    frame.step, frame.laid, frame.steel_column, frame.steel_price = "track", 0, {}, {}
    frame.routes, frame.ran, frame.revenue, frame.extra, frame.shipped = [], False, 0, 0, ""
    frame.choose, frame.lease_due, frame.boosts, frame.boosted_by = "gold", 0, {}, []
    frame.sold, frame.last_sold_price, frame.paid_debt, frame.depot_lays = [], 0, False, 0
    frame.declined = []
    if frame.index < len(frame.order):
        home_token(state, frame.order[frame.index], events)


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
        finish(state, events, paid=True)  # the settlement ended this set (a metal entered the red zone): R26
        return
    state.turn += 1
    start_stock_round(state, events)


def end_of_set(state: RGState, events: list[Event]) -> None:
    """The settlement after the last OR of a set (rules.toml ``set_end`` by ruleset)."""
    for step in content().rules.set_end.get(state.ruleset):
        if step == "cfi_payout":
            cfi_payout(state, events)
            if state.ruleset == "18xx":
                refill_steel(state)
        elif step == "steel_refill":
            refill_steel(state)
        elif step == "vgc_payout":
            metal_payout(state, "VGC", events)
            reset_gold(state)
        elif step == "export":
            export(state, events)
        elif step == "debt_move" and state.treaty:
            debt_move(state, events)
