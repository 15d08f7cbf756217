"""Money: every transfer goes through here, so the total stays constant (contract invariant).

Payments the rules require are :class:`~games.landlords.state.Due` records, settled in order by
:func:`settle`; the first one a player cannot meet opens a debt step (rules §10.2) and the rest
wait in it.
"""

from __future__ import annotations

from games.core import Event

from .board import board, rules
from .fund import buy_out_utilities
from .state import (
    BANK,
    FUND,
    GENERAL,
    LAND_RENT,
    NOBODY,
    PUBLIC,
    DebtF,
    Due,
    LandlordsState,
)

PAYEES = {BANK: "bank", GENERAL: "general", FUND: "fund"}


def payee(to: int) -> int | str:
    """Event parameter for a payee: a seat number or ``bank`` / ``general`` / ``fund``."""
    return PAYEES.get(to, to)


def land_rent_sink(state: LandlordsState) -> int:
    """Prosperity land rent goes to the fund until every local utility is public (§11.3, §11.11)."""
    if all(state.owner[u] == PUBLIC for u in board().utilities):
        return GENERAL
    return FUND


def credit(state: LandlordsState, to: int, amount: int) -> None:
    if to >= 0:
        state.seats[to].cash += amount
    elif to == BANK:
        state.bank += amount
    elif to == GENERAL:
        state.general += amount
    elif to == FUND:
        state.fund += amount
    else:  # pragma: no cover - LAND_RENT is resolved before crediting
        raise ValueError(to)


def pay(state: LandlordsState, seat: int, to: int, amount: int, reason: str, events: list[Event],
        space: int = -1) -> None:
    """Move ``amount`` from ``seat`` to ``to`` (the caller made sure the seat has it)."""
    if to == LAND_RENT:
        to = land_rent_sink(state)
    state.seats[seat].cash -= amount
    credit(state, to, amount)
    params: dict[str, object] = {"seat": seat, "amount": amount, "to": payee(to), "reason": reason}
    if space >= 0:
        params["space"] = space
    events.append(Event("paid", params))
    if to == FUND:
        buy_out_utilities(state, events)  # the fund buys utilities (rules §11.5)


def receive(state: LandlordsState, seat: int, amount: int, frm: int, reason: str,
            events: list[Event]) -> None:
    """Pay ``seat`` from the bank or the general fund; the bank covers a short fund (ruling R10)."""
    if frm == GENERAL:
        from_fund = min(state.general, amount)
        state.general -= from_fund
        state.bank -= amount - from_fund
    else:
        state.bank -= amount
    state.seats[seat].cash += amount
    events.append(Event("received", {"seat": seat, "amount": amount, "from": payee(frm),
                                     "reason": reason}))


def settle(state: LandlordsState, dues: list[Due], events: list[Event]) -> None:
    """Pay ``dues`` in order; the first one short of cash becomes a debt step (rules §10.2)."""
    for index, due in enumerate(dues):
        debtor = state.seats[due.debtor]
        if due.amount <= 0 or debtor.bankrupt or (due.to >= 0 and state.seats[due.to].bankrupt):
            continue
        if debtor.cash >= due.amount:
            pay(state, due.debtor, due.to, due.amount, due.reason, events, due.space)
            continue
        to = land_rent_sink(state) if due.to == LAND_RENT else due.to
        state.stack.append(DebtF(debtor=due.debtor, to=to, amount=due.amount, reason=due.reason,
                                 rest=list(dues[index + 1:])))
        events.append(Event("debt", {"seat": due.debtor, "amount": due.amount, "to": payee(to),
                                     "reason": due.reason}))
        return


# ---- values (rules §1.2) ----------------------------------------------------------------------

def card_value(state: LandlordsState, card: str) -> int:
    """Book value of a card: printed price (+ improvement) or the idle-land price."""
    if not card.isdigit():
        return rules().idle_price
    space = int(card)
    value = board().spaces[space].price
    if state.improved[space]:
        value += rules().improvement_cost
    return value


def cards_of(state: LandlordsState, seat: int) -> list[str]:
    """Every card ``seat`` holds: deeds and franchises by space, then idle-land cards."""
    held = [str(i) for i, owner in enumerate(state.owner) if owner == seat]
    return held + sorted(state.seats[seat].idle)


def public_assets(state: LandlordsState, seat: int) -> dict[str, int]:
    """Everything but cash, which is private (rules §1.1): what every player may see."""
    b, r = board(), rules()
    out = {"lots": 0, "improvements": 0, "franchises": 0, "idle": 0, "loans": 0}
    for space, owner in enumerate(state.owner):
        if owner == seat:
            key = "lots" if space in b.lots else "franchises"
            out[key] += b.spaces[space].price
            if state.improved[space]:
                out["improvements"] += r.improvement_cost
            if state.lender[space] != NOBODY:
                out["loans"] -= state.loan[space]
        if state.lender[space] == seat and owner != NOBODY:
            out["loans"] += state.loan[space]
    out["idle"] = r.idle_price * len(state.seats[seat].idle)
    return out


def assets(state: LandlordsState, seat: int) -> int:
    """Cash plus public assets: the figure the $2,000 goal counts (rules §1.2)."""
    return state.seats[seat].cash + sum(public_assets(state, seat).values())


def forgive(state: LandlordsState, frame: DebtF, events: list[Event]) -> None:
    """The debtor hands over all his cash and the rest of this debt is forgiven (R16)."""
    state.stack.remove(frame)
    cash = state.seats[frame.debtor].cash
    state.shown_cash[frame.debtor] = cash
    if cash:
        pay(state, frame.debtor, frame.to, cash, frame.reason, events)
    events.append(Event("forgiven", {"seat": frame.debtor, "to": payee(frame.to),
                                     "amount": frame.amount - cash}))
    settle(state, frame.rest, events)
