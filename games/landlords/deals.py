"""Deals between players: sales, purchases, swaps and mortgages (rules §10.1, rulings R12, R13).

Deals are made during the current player's turn, while the game waits on him alone: before he rolls
and at his own decisions after landing (a lot, a first bid, an office, a railroad, a declaration).
Then *any* player still in may propose a deal to any other — the others out of turn: the deal
steps list :data:`DEALS`, an :class:`~games.core.flow.Aside` of the flow kernel, which widens
``Game.may_act`` — and the other party accepts or declines, out of turn too (R12). An open offer
holds the game until it is answered, so there is one open offer at a time, and each player may
propose a few deals a turn; a debtor raising money proposes his own (rules §10.2).

No Trespassing signs go with deals (rules §3.3, ruling R17): at the same moments any player may put
one up on his own lot or take one down, in turn or out of turn, each lot's sign once a turn. In
edition 1 (R32) signs were the current player's, before rolling only (:class:`~.turn.TurnStep`).
"""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Aside, Step, need

from .board import board, rules
from .edition import text_rules
from .money import card_value, pay
from .moves import Accept, Decline, Offer, Sign, Unsign
from .state import (
    NOBODY,
    AwayF,
    BidF,
    DeclareF,
    LandlordsState,
    LotF,
    OfferF,
    OfficeF,
    RideF,
    TurnF,
)

# Steps during which anyone may propose a deal: the game waits on the current player alone. Their
# steps list :data:`DEALS` among their asides (tests/landlords/test_steps.py checks both agree).
DEAL_STEPS = (TurnF, LotF, BidF, OfficeF, AwayF, RideF, DeclareF)


# ---- No Trespassing signs (rules §3.3, ruling R17) ----------------------------------------------

def own_lots(state: LandlordsState, seat: int) -> list[int]:
    return [i for i in board().lots if state.owner[i] == seat]


def signs_left(state: LandlordsState) -> int:
    """Signs still in the box (a common supply of four, R17)."""
    return rules().signs - sum(state.signed)


def sign_moves(state: LandlordsState, seat: int) -> list[Move]:
    """Putting up or taking down a sign on each of ``seat``'s lots not changed this turn."""
    moves: list[Move] = []
    for lot in own_lots(state, seat):
        if lot in state.touched:
            continue
        if state.signed[lot]:
            moves.append(Unsign(lot))
        elif signs_left(state) > 0:
            moves.append(Sign(lot))
    return moves


def _may_change_a_sign(state: LandlordsState, seat: int, box: bool) -> bool:
    """Whether :func:`sign_moves` lists anything for ``seat`` (``box``: signs are left), unbuilt."""
    touched, signed = state.touched, state.signed
    return any(lot not in touched and (signed[lot] or box) for lot in own_lots(state, seat))


def change_sign(state: LandlordsState, seat: int, move: Sign | Unsign, events: list[Event]) -> None:
    """Put up or take down a sign (rules §3.3): the owner's, once per lot and turn (R17)."""
    need(move.space in own_lots(state, seat), "error.not_owner", space=move.space)
    need(move.space not in state.touched, "error.sign_twice", space=move.space)
    placing = isinstance(move, Sign)
    need(state.signed[move.space] != placing, "error.sign_state", space=move.space)
    need(not placing or signs_left(state) > 0, "error.no_signs")
    state.signed[move.space] = placing
    state.touched.append(move.space)
    events.append(Event("sign_placed" if placing else "sign_removed",
                        {"seat": seat, "space": move.space}))


def signs_open(state: LandlordsState) -> bool:
    """Whether signs may change now (edition 2): whenever deals could be made (R17)."""
    return (text_rules(state) and state.end is None and bool(state.stack)
            and isinstance(state.stack[-1], DEAL_STEPS))


def may_sign(state: LandlordsState, seat: int) -> bool:
    return signs_open(state) and not state.seats[seat].bankrupt and bool(sign_moves(state, seat))


def tradeable(state: LandlordsState, seat: int) -> list[str]:
    """Cards ``seat`` may sell, swap or pledge: all but those held as security (R13), in
    :func:`cards_of`'s order (idle-land cards are never pledged: only deeds are, R13)."""
    held = [str(i) for i, (owner, lender) in enumerate(zip(state.owner, state.lender, strict=True))
            if owner == seat and lender == NOBODY]
    return held + sorted(state.seats[seat].idle)


def has_tradeable(state: LandlordsState, seat: int) -> bool:
    """Whether :func:`tradeable` is not empty, without building it."""
    if state.seats[seat].idle:
        return True
    owner, lender = state.owner, state.lender
    if seat not in owner:
        return False
    if lender.count(NOBODY) == len(lender):  # nothing pledged: any deed will do
        return True
    return any(lender[i] == NOBODY for i, holder in enumerate(owner) if holder == seat)


def holds(state: LandlordsState, seat: int, card: str) -> bool:
    return card in tradeable(state, seat)


def redemption(amount: int) -> int:
    """Loan plus interest, rounded up to the dollar (ruling R13)."""
    return amount + -(-amount * rules().mortgage_interest_percent // 100)


def offer_moves(state: LandlordsState, seat: int, raising: bool) -> list[Move]:
    """Deals listed in the menus, at book value (a purchase at most for all one's cash); any other
    amount may be typed (R12)."""
    out: list[Move] = []
    mine = [(card, card_value(state, card)) for card in tradeable(state, seat)]
    cash = state.seats[seat].cash
    for partner in state.others(seat):
        for card, value in mine:
            out.append(Offer(partner, "sell", card, value))
            if card.isdigit():
                out.append(Offer(partner, "mortgage", card, value // 2))
        if raising or cash <= 0:
            continue
        for card in tradeable(state, partner):
            out.append(Offer(partner, "buy", card, min(card_value(state, card), cash)))
    return out


def deals_open(state: LandlordsState) -> bool:
    """Whether deals may be proposed now: during a turn, while the current player alone acts."""
    return (state.end is None and bool(state.stack) and isinstance(state.stack[-1], DEAL_STEPS)
            and len(state.active()) > 1)


def offers_left(state: LandlordsState, seat: int) -> int:
    """How many more deals ``seat`` may propose this turn (R12)."""
    made = state.offered[seat] if seat < len(state.offered) else 0
    return max(0, rules().offers_per_turn - made)


def can_propose(state: LandlordsState, seat: int) -> bool:
    """``seat`` may propose a deal now: deals are open, he is still in, has offers left this turn
    and something to deal with (a card of his, or cash and another player's card)."""
    if not deals_open(state) or state.seats[seat].bankrupt or not offers_left(state, seat):
        return False
    if has_tradeable(state, seat):
        return True
    return state.seats[seat].cash > 0 and any(has_tradeable(state, p) for p in state.others(seat))


def propose_deal(state: LandlordsState, seat: int, move: Offer, events: list[Event]) -> None:
    """A deal proposed during the turn, by the current player or out of turn (R12)."""
    need(deals_open(state), "error.offer_kind")
    need(not state.seats[seat].bankrupt and offers_left(state, seat) > 0, "error.too_many_offers")
    check_offer(state, seat, move, raising=False)
    if len(state.offered) < len(state.seats):
        state.offered = [0] * len(state.seats)
    state.offered[seat] += 1
    propose(state, seat, move, events)


def check_offer(state: LandlordsState, seat: int, move: Offer, raising: bool) -> None:
    """Refuse a deal that could not be carried out as proposed."""
    need(move.partner in state.others(seat), "error.partner")
    need(move.amount >= 0, "error.offer_kind")
    need(move.kind in (("sell", "mortgage") if raising else ("sell", "buy", "swap", "mortgage")),
         "error.offer_kind")
    mine = move.kind in ("sell", "swap", "mortgage")
    need(holds(state, seat if mine else move.partner, move.card), "error.not_holder", card=move.card)
    if move.kind == "swap":
        need(holds(state, move.partner, move.other), "error.not_holder", card=move.other)
    if move.kind == "buy":
        need(move.amount <= state.seats[seat].cash, "error.no_cash")
    if move.kind == "mortgage":
        need(move.card.isdigit(), "error.mortgage_card")
        need(1 <= move.amount <= card_value(state, move.card) // 2, "error.mortgage_amount",
             most=card_value(state, move.card) // 2)


class DealAside(Aside[LandlordsState, object]):
    """Anyone still in may propose a deal while the current player alone acts (§10.1, R12), and
    put up or take down his signs (§3.3, R17); out of turn nothing else may be played."""

    accepts = (Offer, Sign, Unsign)
    out_of_turn = "error.only_deals"

    def seats(self, state: LandlordsState, frame: object) -> frozenset[int]:
        """Those for whom :meth:`may` holds, with what every seat shares asked once: whether deals
        and signs are open, who has cards to deal with, the signs left (asked at every move)."""
        deals, signs = deals_open(state), signs_open(state)
        if not deals and not signs:
            return frozenset()  # neither deals nor signs now: nobody's ``may`` holds, none asked
        active = state.active()
        having = [seat for seat in active if has_tradeable(state, seat)] if deals else []
        box = signs_left(state) > 0 if signs else False
        def may(seat: int) -> bool:  # can_propose (still in: active), then may_sign
            proposes = deals and offers_left(state, seat) > 0 and (
                seat in having or (state.seats[seat].cash > 0 and any(p != seat for p in having)))
            return proposes or (signs and _may_change_a_sign(state, seat, box))

        return frozenset(seat for seat in active if may(seat))

    def may(self, state: LandlordsState, frame: object, seat: int) -> bool:
        return can_propose(state, seat) or may_sign(state, seat)

    def legal(self, state: LandlordsState, frame: object, seat: int) -> list[Move]:
        moves = offer_moves(state, seat, raising=False) if can_propose(state, seat) else []
        return moves + (sign_moves(state, seat) if may_sign(state, seat) else [])

    def apply(self, state: LandlordsState, frame: object, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Offer):
            propose_deal(state, seat, move, events)
            return
        assert isinstance(move, Sign | Unsign)
        need(signs_open(state) and not state.seats[seat].bankrupt, "error.not_now", move=str(move))
        change_sign(state, seat, move, events)


DEALS = DealAside()


def propose(state: LandlordsState, seat: int, move: Offer, events: list[Event]) -> None:
    state.stack.append(OfferF(seat, move.partner, move.kind, move.card, move.other, move.amount))
    events.append(Event(f"offer_{move.kind}", {"seat": seat, "player": move.partner,
                                               "card": move.card, "other": move.other,
                                               "amount": move.amount}))


def transfer_card(state: LandlordsState, card: str, frm: int, to: int) -> None:
    """A card changes hands; its improvement goes with it, its sign back to the box (§3.1, R17)."""
    if card.isdigit():
        state.owner[int(card)] = to
        state.signed[int(card)] = False
    else:
        del state.seats[frm].idle[card]
        state.seats[to].idle[card] = state.turn


def redeem(state: LandlordsState, seat: int, space: int, events: list[Event]) -> None:
    lender = state.lender[space]
    pay(state, seat, lender, state.loan[space], "redeem", events, space)
    state.lender[space], state.loan[space] = NOBODY, 0


def _payer(frame: OfferF) -> int:
    """Who hands over cash when the deal is done (nobody for a swap)."""
    return frame.frm if frame.kind == "buy" else frame.partner


class OfferStep(Step[LandlordsState, OfferF]):
    """The other party accepts or declines (rules §10.1), out of turn."""

    accepts = (Accept, Decline)

    def actors(self, state: LandlordsState, frame: OfferF) -> frozenset[int]:
        return frozenset({frame.partner})

    def legal(self, state: LandlordsState, frame: OfferF, seat: int) -> list[Move]:
        moves: list[Move] = [Decline()]
        if frame.kind == "swap" or state.seats[_payer(frame)].cash >= frame.amount:
            moves.append(Accept())
        return moves

    def apply(self, state: LandlordsState, frame: OfferF, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Decline):
            state.stack.pop()
            events.append(Event("offer_declined", {"seat": seat, "player": frame.frm}))
            return
        need(frame.kind == "swap" or state.seats[_payer(frame)].cash >= frame.amount,
             "error.no_cash")
        state.stack.pop()
        events.append(Event("offer_accepted", {"seat": seat, "player": frame.frm}))
        if frame.kind == "sell":
            pay(state, frame.partner, frame.frm, frame.amount, "sale", events)
            transfer_card(state, frame.card, frame.frm, frame.partner)
        elif frame.kind == "buy":
            pay(state, frame.frm, frame.partner, frame.amount, "sale", events)
            transfer_card(state, frame.card, frame.partner, frame.frm)
        elif frame.kind == "swap":
            transfer_card(state, frame.card, frame.frm, frame.partner)
            transfer_card(state, frame.other, frame.partner, frame.frm)
        else:
            pay(state, frame.partner, frame.frm, frame.amount, "loan", events)
            space = int(frame.card)
            state.lender[space], state.loan[space] = frame.partner, redemption(frame.amount)
            events.append(Event("mortgaged", {"seat": frame.frm, "player": frame.partner,
                                              "card": frame.card, "amount": state.loan[space]}))
