"""Auctions and the real-estate offices (rules §5, §7).

An auction opens with the lander's open first bid; the other players then answer at the same time
with a sealed counter-bid (no lower than the first bid) or a pass, and the bids are revealed
together: the highest bid wins, and a counter-bid only equal to the first bid does not beat it
("价高者得", ruling R14). At an office the visitor may open the bidding for the next idle-land card
or for an unsold green lot of his choice (§7.1, §7.4, R2). A player raising money, or visiting an
office, may auction one of his own cards the same way without a first bid.
"""

from __future__ import annotations

from games.core import Event, Move
from games.core.flow import Step, Window, need

from .board import board, rules
from .deals import DEALS, tradeable, transfer_card
from .edition import text_rules
from .money import receive, settle
from .moves import Auction, Bid, LotBid, Pass, Sell
from .state import GENERAL, NOBODY, PASSED, UNANSWERED, BidF, Due, LandlordsState, OfficeF, SealedF


def amounts(low: int, high: int) -> list[int]:
    """A short menu of amounts from ``low`` to ``high`` (typed amounts may be anything between)."""
    if high < low:
        return []
    steps = (0, 10, 20, 50, 100, 200, 300, 500)
    return sorted({low + d for d in steps if low + d <= high} | {high})


def open_sealed(state: LandlordsState, item: str, seller: int, minimum: int, first: int,
                events: list[Event]) -> None:
    """Start the sealed round (rules §5.2), a reaction window of the flow kernel; with nobody to
    answer it resolves at once. Every other player still in may answer: a pass is always open to
    him, and whether he could bid depends on his cash, which is secret (ruling R22).

    ``first`` is the lander whose open bid of ``minimum`` stands (land-office sales), or
    ``NOBODY`` when ``seller`` auctions his own card from ``minimum``.
    """
    anchor = seller if seller >= 0 else first
    first_bid = minimum if first >= 0 else 0
    frame = SealedF(item=item, seller=seller, minimum=minimum, first=first, first_bid=first_bid,
                    pending=state.others(anchor), bids=[UNANSWERED] * len(state.seats))
    kind = "auction_card" if seller >= 0 else "auction_open"
    events.append(Event(kind, {"seat": anchor, "card": item, "amount": minimum}))
    SEALED.open(state, frame, events)


def _resolve(state: LandlordsState, frame: SealedF, events: list[Event]) -> None:
    """Reveal the sealed bids; the highest wins: a counter-bid must exceed the first bid (in
    edition 1 an equal one beat it, R32), and equal counter-bids go to the earliest in turn order
    after the lander (R14)."""
    anchor = frame.seller if frame.seller >= 0 else frame.first
    state.last_card, state.last_bids = frame.item, list(frame.bids)
    winner, price = frame.first, frame.first_bid
    equal_beats_first = not text_rules(state)
    for seat in state.others(anchor):
        amount = frame.bids[seat]
        if amount == UNANSWERED:
            continue
        if amount == PASSED:
            events.append(Event("revealed_pass", {"seat": seat}))
            continue
        events.append(Event("revealed_bid", {"seat": seat, "amount": amount}))
        if amount > price or (equal_beats_first and winner == frame.first and amount >= price):
            winner, price = seat, amount
    if winner == NOBODY:
        events.append(Event("unsold", {"card": frame.item}))
        return
    events.append(Event("auction_won", {"seat": winner, "card": frame.item, "amount": price}))
    events += _why_bids_lost(state, frame, anchor, winner, price, equal_beats_first)
    if frame.seller >= 0:
        transfer_card(state, frame.item, frame.seller, winner)
    elif frame.item.isdigit():
        state.owner[int(frame.item)] = winner
    else:
        state.deck.remove(frame.item)
        state.seats[winner].idle[frame.item] = state.turn
    # §5.3 proceeds of a land-office sale go to the treasury's general fund
    settle(state, [Due(winner, frame.seller if frame.seller >= 0 else GENERAL, price, "auction")],
           events)


def _why_bids_lost(state: LandlordsState, frame: SealedF, anchor: int, winner: int, price: int,
                   equal_beats_first: bool) -> list[Event]:
    """Why each revealed counter-bid lost: lower than the price, equal to the first bid that stands (an equal
    counter-bid does not beat it in edition 2, R14/R32), or equal to an earlier bidder's (the earliest in turn
    order after the lander wins, R14)."""
    out = []
    for seat in state.others(anchor):
        amount = frame.bids[seat]
        if seat == winner or amount in (UNANSWERED, PASSED):
            continue
        if amount < price:
            why = "lower"
        elif winner == frame.first and not equal_beats_first:
            why = "first_stands"
        else:
            why = "earlier"
        out.append(Event(f"bid_lost_{why}", {"seat": seat, "amount": amount, "price": price, "winner": winner}))
    return out


class BidStep(Step[LandlordsState, BidF]):
    """The lander's open first bid on an unowned franchise (rules §5.1), or a pass (R14)."""

    accepts = (Bid, Pass)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: BidF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: BidF, seat: int) -> list[Move]:
        price = board().spaces[frame.space].price
        return [Pass(), *(Bid(a) for a in amounts(price, state.seats[seat].cash))]

    def apply(self, state: LandlordsState, frame: BidF, seat: int, move: Move,
              events: list[Event]) -> None:
        state.stack.pop()
        if isinstance(move, Pass):
            events.append(Event("declined", {"seat": seat, "card": str(frame.space)}))
            return
        assert isinstance(move, Bid)
        _check_bid(state, seat, move.amount, board().spaces[frame.space].price)
        open_sealed(state, str(frame.space), NOBODY, move.amount, seat, events)


def _check_bid(state: LandlordsState, seat: int, amount: int, minimum: int) -> None:
    need(amount >= minimum, "error.bid_low", minimum=minimum)
    need(amount <= state.seats[seat].cash, "error.no_cash")  # R14: money on the table


class SealedStep(Window[LandlordsState, SealedF]):
    """Everyone else answers at once; amounts stay hidden until all have answered (§5.2)."""

    accepts = (Bid, Pass)

    def legal(self, state: LandlordsState, frame: SealedF, seat: int) -> list[Move]:
        """A pass, or bids from the minimum; in edition 2 the menu starts above an open first bid,
        which an equal counter-bid cannot beat (any amount may still be typed, R14)."""
        low = frame.minimum
        if frame.first >= 0 and text_rules(state):
            low += 10
        return [Pass(), *(Bid(a) for a in amounts(low, state.seats[seat].cash))]

    def apply(self, state: LandlordsState, frame: SealedF, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Bid):
            _check_bid(state, seat, move.amount, frame.minimum)
            frame.bids[seat] = move.amount
            private = Event("sealed_bid", {"seat": seat, "amount": move.amount})
        else:
            frame.bids[seat] = PASSED
            private = Event("sealed_pass", {"seat": seat})
        events.append(Event(private.kind, private.params, seats=(seat,),
                            public=Event("sealed_answer", {"seat": seat})))
        self.answered(state, frame, seat, events)

    def resolve(self, state: LandlordsState, frame: SealedF, events: list[Event]) -> None:
        _resolve(state, frame, events)


SEALED = SealedStep()


class OfficeStep(Step[LandlordsState, OfficeF]):
    """At a real-estate office: cash in idle land, auction own cards, open the bidding for the
    next idle-land card or (edition 2) an unsold green lot, or pass (rules §7, §11.8). One
    purchase from the land office a visit: the bid ends the visit."""

    accepts = (Sell, Auction, Bid, LotBid, Pass)
    asides = (DEALS,)

    def actors(self, state: LandlordsState, frame: OfficeF) -> frozenset[int]:
        return frozenset({state.current})

    def legal(self, state: LandlordsState, frame: OfficeF, seat: int) -> list[Move]:
        moves: list[Move] = [Pass(), *(Sell(c) for c in _sellable(state, seat))]
        if state.others(seat):
            moves += [Auction(c) for c in tradeable(state, seat) if c not in frame.tried]
        cash = state.seats[seat].cash
        if _idle_for_sale(state):
            moves += [Bid(a) for a in amounts(rules().idle_price, cash)]
        for space in unsold_lots(state):
            moves += [LotBid(space, a) for a in amounts(board().spaces[space].price, cash)]
        return moves

    def apply(self, state: LandlordsState, frame: OfficeF, seat: int, move: Move,
              events: list[Event]) -> None:
        if isinstance(move, Sell):
            need(move.card in _sellable(state, seat), "error.cannot_sell", card=move.card)
            del state.seats[seat].idle[move.card]
            state.deck.append(move.card)  # back to the office, under the pile
            events.append(Event("idle_sold", {"seat": seat, "card": move.card}))
            receive(state, seat, board().idle[move.card].sale, GENERAL, "idle_sale", events)
        elif isinstance(move, Auction):
            need(state.others(seat) != [] and move.card in tradeable(state, seat)
                 and move.card not in frame.tried, "error.cannot_auction", card=move.card)
            frame.tried.append(move.card)
            open_sealed(state, move.card, seat, rules().seller_auction_minimum, NOBODY, events)
        elif isinstance(move, Bid):
            need(_idle_for_sale(state), "error.no_idle")
            _check_bid(state, seat, move.amount, rules().idle_price)
            state.stack.pop()
            open_sealed(state, state.deck[0], NOBODY, move.amount, seat, events)
        elif isinstance(move, LotBid):  # §7.4: a green lot from the general land office (R2)
            need(move.space in unsold_lots(state), "error.not_for_sale", space=move.space)
            _check_bid(state, seat, move.amount, board().spaces[move.space].price)
            state.stack.pop()
            open_sealed(state, str(move.space), NOBODY, move.amount, seat, events)
        else:
            state.stack.pop()
            events.append(Event("office_left", {"seat": seat}))


def _sellable(state: LandlordsState, seat: int) -> list[str]:
    """Idle-land cards held since an earlier turn (rules §7.2: "on a later visit")."""
    return sorted(c for c, got in state.seats[seat].idle.items() if got < state.turn)


def _idle_for_sale(state: LandlordsState) -> bool:
    return bool(state.deck)


def unsold_lots(state: LandlordsState) -> list[int]:
    """Green lots the land office still holds, sold at the offices in edition 2 (§7.4, R2)."""
    if not text_rules(state):
        return []
    return [i for i in board().lots if state.owner[i] == NOBODY]
