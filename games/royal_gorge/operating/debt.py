"""Debt (18rg.md §9): a railroad in debt repays one debt token a turn (``pay-debt``) at the DEBT price, at
any time of its turn; the Treaty of Boston (the second 3+) sets the debts up and moves the Royal Gorge stations."""

from __future__ import annotations

from games.core import Event
from games.core.flow import need

from ..content import content
from ..holdings import BANK, pay, price_at
from ..moves import PayDebt
from ..state import OperatingF, RGState
from ..trains import close_private
from .common import make_board
from .token import free_slot, put_token, remove_token


def do_pay_debt(state: RGState, frame: OperatingF, corp: str, move: PayDebt, events: list[Event]) -> None:
    """``pay-debt``: repay one debt token at the DEBT price to its creditor, once a turn; SF's last one closes G1."""
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
    from ..track import treaty_lays

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
