"""The Prosperity rules: the vote, adoption, and the public buying the local utilities (§11)."""

from __future__ import annotations

from games.core import Event, Move

from .board import board
from .debt import forgive
from .moves import Vote
from .state import NOBODY, PROSPERITY, PUBLIC, DebtF, LandlordsState, VoteF
from .step import Step, need


def votes_needed(state: LandlordsState) -> int:
    """The proposer and two others — everyone when fewer than three are left (§11.1, R11)."""
    return min(3, len(state.active()))


def call_vote(state: LandlordsState, seat: int, events: list[Event]) -> None:
    state.vote_called.append(seat)
    events.append(Event("vote_called", {"seat": seat}))
    frame = VoteF(seat, pending=state.others(seat), yes=[seat])
    state.stack.append(frame)
    _decide(state, frame, events)


def adopt(state: LandlordsState, events: list[Event]) -> None:
    """Switch to the Prosperity rules (§11.1); the jail is no longer used (§11.10)."""
    state.mode = PROSPERITY
    events.append(Event("prosperity_adopted", {}))
    for seat, player in enumerate(state.seats):
        if player.in_jail:
            player.in_jail = False
            events.append(Event("freed", {"seat": seat}))


def _decide(state: LandlordsState, frame: VoteF, events: list[Event]) -> None:
    wanted = votes_needed(state)
    if len(frame.yes) < wanted and len(frame.yes) + len(frame.pending) >= wanted:
        return
    state.stack.remove(frame)
    if len(frame.yes) < wanted:
        events.append(Event("vote_failed", {"yes": len(frame.yes), "needed": wanted}))
        return
    adopt(state, events)
    below = state.stack[-1] if state.stack else None
    if isinstance(below, DebtF) and below.debtor == frame.proposer:
        forgive(state, below, events)  # §10.4: combining into Prosperity frees the debtor (R11)


class VoteStep(Step):
    accepts = (Vote,)

    def actors(self, state: LandlordsState, frame: VoteF) -> frozenset[int]:
        return frozenset(frame.pending)

    def legal(self, state: LandlordsState, frame: VoteF, seat: int) -> list[Move]:
        return [Vote(True), Vote(False)]

    def apply(self, state: LandlordsState, frame: VoteF, seat: int, move: Vote,
              events: list[Event]) -> None:
        need(seat in frame.pending, "error.vote")
        frame.pending.remove(seat)
        (frame.yes if move.yes else frame.no).append(seat)
        events.append(Event("vote_cast", {"seat": seat, "yes": move.yes}))
        _decide(state, frame, events)


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


