"""The Prosperity fund buying the local utilities for the public (rules §11.5, §11.11): what a
payment into the fund sets off. Apart from :mod:`.money` so money depends on nothing above it."""

from __future__ import annotations

from games.core import Event

from .board import board
from .state import NOBODY, PUBLIC, LandlordsState


def buy_out_utilities(state: LandlordsState, events: list[Event]) -> None:
    """At each $200 in the fund the public buys the next local utility at its price (§11.5).

    The holder must sell; a lender holding it as security is paid off first (R13). Once all
    three are public, what is left in the fund joins the general fund (§11.11, R21).
    """
    b = board()
    bought = False
    for space in b.utilities:
        price = b.spaces[space].price
        if state.owner[space] == PUBLIC:
            continue
        if state.fund < price:
            return
        bought = True
        state.fund -= price
        holder, lender = state.owner[space], state.lender[space]
        if holder == NOBODY:
            state.bank += price
        else:
            paid_off = state.loan[space] if lender != NOBODY else 0
            if paid_off:
                state.seats[lender].cash += paid_off
            state.seats[holder].cash += price - paid_off
        state.owner[space], state.lender[space], state.loan[space] = PUBLIC, NOBODY, 0
        events.append(Event("utility_public", {"space": space, "holder": holder, "amount": price}))
    if bought:
        events.append(Event("all_public", {"amount": state.fund}))
    state.general += state.fund
    state.fund = 0


