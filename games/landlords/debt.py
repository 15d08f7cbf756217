"""Debt: raising money by selling cards, the creditor's consent, bankruptcy (rules §10.2–§10.4).

A player short of cash must offer his cards for sale — at auction or to another player — until he
can pay; payment then happens by itself. With nothing left to sell he pleads: the creditor either
lets him play on (taking what cash he has, the rest forgiven) or refuses, and he is out (R16).
Instead of pleading he may call the vote to combine into Prosperity (§10.4, R11).
"""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Step, need

from .auction import open_sealed
from .board import rules
from .deals import check_offer, offer_moves, propose, tradeable
from .money import cards_of, forgive, pay, payee, settle
from .moves import Accept, Auction, Decline, Offer, Plead, Vote
from .prosperity import call_vote
from .state import LANDLORD, NOBODY, DebtF, LandlordsState, PleaF


def untried(state: LandlordsState, frame: DebtF) -> list[str]:
    return [c for c in tradeable(state, frame.debtor) if c not in frame.tried]


def pay_debt(state: LandlordsState, frame: DebtF, events: list[Event]) -> None:
    """The debtor has raised the money: pay it and go on with the payments after it."""
    state.stack.remove(frame)
    pay(state, frame.debtor, frame.to, frame.amount, frame.reason, events)
    settle(state, frame.rest, events)


def go_bankrupt(state: LandlordsState, frame: DebtF, events: list[Event]) -> None:
    """The creditor refused: the debtor is out; cash and cards go to the creditor (R16)."""
    seat, creditor = frame.debtor, frame.to
    state.stack.remove(frame)
    player = state.seats[seat]
    state.shown_cash[seat] = player.cash
    if player.cash:
        pay(state, seat, creditor, player.cash, frame.reason, events)
    for card in cards_of(state, seat):
        if card.isdigit() and state.lender[int(card)] != NOBODY:  # security goes to the lender
            space = int(card)
            state.owner[space], state.signed[space] = state.lender[space], False
            state.lender[space], state.loan[space] = NOBODY, 0
        elif card.isdigit():
            state.owner[int(card)], state.signed[int(card)] = creditor, False
        else:
            del player.idle[card]
            state.seats[creditor].idle[card] = state.turn
    for space, lender in enumerate(state.lender):  # loans he made go to the creditor
        if lender == seat and state.owner[space] == creditor:
            state.lender[space], state.loan[space] = NOBODY, 0
        elif lender == seat:
            state.lender[space] = creditor
    player.bankrupt, player.out_turn = True, state.turn
    events.append(Event("bankrupt", {"seat": seat, "to": payee(creditor)}))
    if seat == state.current:
        state.stack.clear()
    else:
        settle(state, frame.rest, events)


class DebtStep(Step[LandlordsState, DebtF]):
    """Raising money (rules §10.2): auction a card, offer one for sale, call the vote (§10.4) or,
    with nothing left to try, plead. Once the cash is there the debt pays itself."""

    accepts = (Auction, Offer, Plead, Vote)

    def actors(self, state: LandlordsState, frame: DebtF) -> frozenset[int]:
        return frozenset({frame.debtor})

    def legal(self, state: LandlordsState, frame: DebtF, seat: int) -> list[Move]:
        moves: list[Move] = []
        left, others = untried(state, frame), state.others(seat)
        if others:
            moves += [Auction(c) for c in left]
            if frame.offers < rules().offers_per_turn:
                moves += offer_moves(state, seat, raising=True)
        if state.mode == LANDLORD and not frame.voted:
            moves.append(Vote(True))
        if not left or not others:
            moves.append(Plead())
        return moves

    def apply(self, state: LandlordsState, frame: DebtF, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Auction):
            need(move.card in untried(state, frame) and bool(state.others(seat)),
                 "error.cannot_auction", card=move.card)
            frame.tried.append(move.card)
            open_sealed(state, move.card, seat, rules().seller_auction_minimum, NOBODY, events)
        elif isinstance(move, Offer):
            need(frame.offers < rules().offers_per_turn, "error.too_many_offers")
            check_offer(state, seat, move, raising=True)
            frame.offers += 1
            propose(state, seat, move, events)
        elif isinstance(move, Vote):
            need(move.yes and state.mode == LANDLORD and not frame.voted, "error.vote")
            frame.voted = True
            call_vote(state, seat, events)
        else:
            need(not untried(state, frame) or not state.others(seat), "error.still_cards")
            events.append(Event("plead", {"seat": seat, "to": payee(frame.to)}))
            if frame.to >= 0:
                state.stack.append(PleaF(seat, frame.to, frame.amount))
            else:  # a public body always consents (R16)
                forgive(state, frame, events)

    def advance(self, state: LandlordsState, frame: DebtF, events: list[Event]) -> bool:
        """Pay the debt as soon as the debtor has raised the money (rules §10.2)."""
        if state.seats[frame.debtor].cash < frame.amount:
            return False
        pay_debt(state, frame, events)
        return True


class PleaStep(Step[LandlordsState, PleaF]):
    """The creditor consents or refuses (rules §10.3)."""

    accepts = (Accept, Decline)

    def actors(self, state: LandlordsState, frame: PleaF) -> frozenset[int]:
        return frozenset({frame.to})

    def legal(self, state: LandlordsState, frame: PleaF, seat: int) -> list[Move]:
        return [Accept(), Decline()]

    def apply(self, state: LandlordsState, frame: PleaF, seat: int, move: Move,
              events: list[Event]) -> None:
        state.stack.pop()
        debt = state.stack[-1]
        assert isinstance(debt, DebtF)
        if isinstance(move, Accept):
            events.append(Event("consented", {"seat": seat, "player": frame.debtor}))
            forgive(state, debt, events)
        else:
            events.append(Event("refused", {"seat": seat, "player": frame.debtor}))
            go_bankrupt(state, debt, events)
